use std::fmt;

use nix::errno::Errno;

/// A step of the child's set-up, reported with its errno when it fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u32)]
pub enum Step {
    WaitForMaps = 1,
    ParentDeathSignal,
    NewSession,
    Hostname,
    MakeMountsPrivate,
    MountBase,
    PivotToBase,
    MakeMountPoint,
    Mount,
    SourceChanged,
    MountAttributes,
    RootReadOnly,
    DetachHostRoot,
    PivotToJail,
    Chdir,
    ForkPayload,
    InitSignals,
    PayloadSignals,
    Terminal,
    CloseFds,
    Rlimits,
    DropCapabilities,
    NoNewPrivs,
    Landlock,
    Seccomp,
    Exec,
    RpcSocket,
    WaitForRelease,
    ProxySocket,
    JoinCgroups,
    CgroupNamespace,
}

impl Step {
    const ALL: [Step; 31] = [
        Step::WaitForMaps,
        Step::ParentDeathSignal,
        Step::NewSession,
        Step::Hostname,
        Step::MakeMountsPrivate,
        Step::MountBase,
        Step::PivotToBase,
        Step::MakeMountPoint,
        Step::Mount,
        Step::SourceChanged,
        Step::MountAttributes,
        Step::RootReadOnly,
        Step::DetachHostRoot,
        Step::PivotToJail,
        Step::Chdir,
        Step::ForkPayload,
        Step::InitSignals,
        Step::PayloadSignals,
        Step::Terminal,
        Step::CloseFds,
        Step::Rlimits,
        Step::DropCapabilities,
        Step::NoNewPrivs,
        Step::Landlock,
        Step::Seccomp,
        Step::Exec,
        Step::RpcSocket,
        Step::WaitForRelease,
        Step::ProxySocket,
        Step::JoinCgroups,
        Step::CgroupNamespace,
    ];

    fn from_u32(n: u32) -> Option<Step> {
        Step::ALL.into_iter().find(|s| *s as u32 == n)
    }

    /// True for the steps that need the user namespace's capabilities; their
    /// EPERM/EACCES means the kernel or an LSM restricts user namespaces.
    pub fn needs_userns_caps(self) -> bool {
        matches!(
            self,
            Step::Hostname
                | Step::MakeMountsPrivate
                | Step::MountBase
                | Step::PivotToBase
                | Step::Mount
                | Step::MountAttributes
                | Step::CgroupNamespace
        )
    }
}

/// What the child sends back when a step fails: fixed size, no heap, so it
/// can be built and written between clone and exec.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChildFailure {
    pub step: Step,
    pub errno: Errno,
    /// For mount steps, the index of the plan's mount; else 0.
    pub index: u32,
}

impl ChildFailure {
    pub const SIZE: usize = 12;

    pub fn encode(&self) -> [u8; Self::SIZE] {
        let mut buf = [0u8; Self::SIZE];
        buf[0..4].copy_from_slice(&(self.step as u32).to_ne_bytes());
        buf[4..8].copy_from_slice(&(self.errno as i32).to_ne_bytes());
        buf[8..12].copy_from_slice(&self.index.to_ne_bytes());
        buf
    }

    pub fn decode(buf: &[u8; Self::SIZE]) -> Option<ChildFailure> {
        let word = |i: usize| [buf[i], buf[i + 1], buf[i + 2], buf[i + 3]];
        Some(ChildFailure {
            step: Step::from_u32(u32::from_ne_bytes(word(0)))?,
            errno: Errno::from_raw(i32::from_ne_bytes(word(4))),
            index: u32::from_ne_bytes(word(8)),
        })
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Step::WaitForMaps => "waiting for the uid/gid maps",
            Step::WaitForRelease => "waiting for the supervisor to release the payload",
            Step::JoinCgroups => "joining the jail's cgroups",
            Step::CgroupNamespace => "making the jail's cgroup namespace",
            Step::ParentDeathSignal => "setting the parent-death signal",
            Step::NewSession => "starting a new session",
            Step::Hostname => "setting the hostname",
            Step::MakeMountsPrivate => "making mounts private",
            Step::MountBase => "mounting the staging tmpfs",
            Step::PivotToBase => "pivoting into the staging tmpfs",
            Step::MakeMountPoint => "creating a mount point",
            Step::Mount => "mounting",
            Step::SourceChanged => "checking that a bind still names what was checked",
            Step::MountAttributes => "setting mount flags (read-only, nosuid, nodev)",
            Step::RootReadOnly => "making the jail's root read-only",
            Step::DetachHostRoot => "detaching the host's root",
            Step::PivotToJail => "pivoting into the jail's root",
            Step::Chdir => "entering the working directory",
            Step::ForkPayload => "forking the payload",
            Step::InitSignals => "setting up the init's signals",
            Step::PayloadSignals => "resetting the payload's signals",
            Step::Terminal => "attaching the terminal",
            Step::CloseFds => "closing inherited file descriptors",
            Step::Rlimits => "setting resource limits",
            Step::DropCapabilities => "dropping capabilities",
            Step::NoNewPrivs => "setting no_new_privs",
            Step::Landlock => "applying the Landlock ruleset",
            Step::Seccomp => "installing the seccomp filter",
            Step::RpcSocket => "creating the jail's rpc socket (JAIL_RPC_SOCKET)",
            Step::ProxySocket => {
                "listening on the jail's proxy port (127.0.0.1, egress.proxy_port)"
            }
            Step::Exec => "executing the command",
        };
        f.write_str(text)
    }
}

/// Errors on the supervisor's side of a launch.
#[derive(Debug, thiserror::Error)]
pub enum JailError {
    #[error(transparent)]
    Policy(#[from] policy::PolicyError),
    #[error("cannot prepare the Landlock ruleset: {0}")]
    Landlock(#[from] landlock::RulesetError),
    #[error("{what} contains a NUL byte")]
    Nul { what: String },
    #[error("cannot create the jail's namespaces ({call}: {errno}){advice}")]
    Clone {
        call: &'static str,
        errno: Errno,
        advice: String,
    },
    #[error("cannot write {file} for the jail ({errno}){advice}")]
    IdMap {
        file: String,
        errno: Errno,
        advice: String,
    },
    #[error("{op}: {errno}")]
    Sys { op: &'static str, errno: Errno },
    #[error("jail set-up failed while {step}{detail}: {errno}{advice}")]
    Setup {
        step: Step,
        detail: String,
        errno: Errno,
        advice: String,
    },
    /// `hint`: where the command is on the host and how to bind it, if
    /// the supervisor found it there (else empty).
    #[error("command not found in the jail: `{command}` (searched {searched}){hint}")]
    NotFound {
        command: String,
        searched: String,
        hint: String,
    },
    #[error("cannot execute `{command}` in the jail: {errno}")]
    Exec { command: String, errno: Errno },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failures_round_trip() {
        for step in Step::ALL {
            let failure = ChildFailure {
                step,
                errno: Errno::EACCES,
                index: 7,
            };
            assert_eq!(ChildFailure::decode(&failure.encode()), Some(failure));
        }
    }

    #[test]
    fn a_landlock_error_keeps_its_source_and_its_text() {
        use landlock::{AccessFs, BitFlags, CompatLevel, Compatible, Ruleset, RulesetAttr};
        let Err(source) = Ruleset::default()
            .set_compatibility(CompatLevel::HardRequirement)
            .handle_access(BitFlags::<AccessFs>::EMPTY)
        else {
            panic!("a ruleset that handles nothing is refused");
        };
        let text = format!("cannot prepare the Landlock ruleset: {source}");
        let err = JailError::from(source);
        assert_eq!(err.to_string(), text);
        let kept = std::error::Error::source(&err).map(ToString::to_string);
        assert_eq!(
            kept.as_deref(),
            text.strip_prefix("cannot prepare the Landlock ruleset: ")
        );
    }

    #[test]
    fn garbage_does_not_decode() {
        assert_eq!(ChildFailure::decode(&[0xff; ChildFailure::SIZE]), None);
    }
}
