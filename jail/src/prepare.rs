//! Everything the child needs, built in the parent before the clone: C
//! strings, argv/envp arrays, the ordered mount operations with their mount
//! points, the id maps. The child only reads this.

use std::ffi::{c_ulong, CString};
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};

use libc::c_char;
use policy::mounts::Identity;
use policy::plan::{JailPlan, MountKind};

use crate::JailError;

/// Where the child stages the new root before pivoting into it. The mount
/// namespace is private, so the tmpfs mounted here is invisible to the host;
/// after the first pivot the host's root (and its real /tmp) is /oldroot.
pub(crate) const STAGING: &str = "/tmp";
const NEWROOT: &str = "/newroot";
const OLDROOT: &str = "/oldroot";
/// In the staging tmpfs: an empty read-only tmpfs that masks directories.
const EMPTY_DIR: &str = "/empty";

pub(crate) const MOUNT_ATTR_RDONLY: u64 = 0x1;
pub(crate) const MOUNT_ATTR_NOSUID: u64 = 0x2;
pub(crate) const MOUNT_ATTR_NODEV: u64 = 0x4;
pub(crate) const MOUNT_ATTR_NOEXEC: u64 = 0x8;

/// How the payload's stdio is connected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stdio {
    /// 0, 1 and 2 are passed through untouched (pipes, files).
    Inherit,
    /// The payload's fds among stdin, stdout and stderr that are flagged
    /// are the slave of a pty the supervisor owns and relays; it becomes
    /// the payload's controlling terminal.
    Terminal {
        slave: RawFd,
        stdin: bool,
        stdout: bool,
        stderr: bool,
    },
}

pub(crate) enum MountPoint {
    Dir,
    File,
    /// The destination exists already (a mask inside a bound directory).
    Existing,
    Symlink(CString),
}

/// How a mount is made once its mount point is open.
pub(crate) enum How {
    /// mount(2) by path: the jail's own filesystems (tmpfs, proc, devpts)
    /// and its re-binds of them.
    Path {
        source: Option<CString>,
        fstype: Option<CString>,
        flags: c_ulong,
        data: Option<CString>,
    },
    /// A detached copy of the host's object at `source` (under /oldroot),
    /// opened with no symlink followed and attached on the open mount
    /// point, if it is still `identity` (none: device nodes).
    Tree {
        source: CString,
        identity: Option<Identity>,
    },
    /// The jail's empty directory or /dev/null over the mount point, if
    /// the mount point is still `identity`.
    Mask { dir: bool, identity: Identity },
    /// Nothing to mount: the mount point is a symlink.
    None,
}

pub(crate) struct PreparedMount {
    /// The destination's components below /newroot: the directories that
    /// lead to it (made when missing), then the mount point itself; each
    /// opened with no symlink followed.
    pub parents: Vec<CString>,
    pub name: CString,
    pub point: MountPoint,
    /// The whole path, for mounts made by path.
    pub dest: CString,
    pub how: How,
    /// Flags added afterwards with mount_setattr (0: none).
    pub attrs: u64,
    /// Skipped when the destination does not exist (kernel-dependent /proc
    /// entries such as /proc/sysrq-trigger).
    pub optional: bool,
}

/// The prepared launch, one part per layer. Holds the C strings that
/// `argv`/`envp` point into.
pub struct Prepared {
    /// False for the degraded tier: no namespaces, the payload runs on the
    /// host's tree under Landlock and seccomp (policy::degraded).
    pub(crate) namespaces: bool,
    pub(crate) init: PreparedInit,
    pub(crate) id_maps: PreparedIdMaps,
    pub(crate) mounts: PreparedMounts,
    pub(crate) exec: PreparedExec,
    pub(crate) limits: PreparedLimits,
    /// The highest capability number this kernel knows, for dropping the
    /// bounding set (caps.rs).
    pub(crate) last_cap: u32,
    pub(crate) landlock: Option<crate::landlock::PreparedLandlock>,
    pub(crate) seccomp: Option<PreparedSeccomp>,
    pub(crate) rpc: PreparedRpc,
}

/// What pid 1 of the jail needs for itself.
pub(crate) struct PreparedInit {
    pub hostname: CString,
    /// This process's argv+environ strings area, wiped in the init so the
    /// jail's pid 1 holds nothing of the caller's environment.
    pub strings_area: Option<(usize, usize)>,
    /// Test seam (`JAIL_TEST_START_DELAY_MS`): the child waits this long
    /// before its first step, so a test can kill the supervisor in the
    /// window before the parent-death signal is set.
    pub start_delay_ms: u32,
}

/// The user namespace's id maps, as the text the parent writes (userns.rs).
pub(crate) struct PreparedIdMaps {
    pub uid_map: String,
    pub gid_map: String,
}

/// The jail's mount tree (mount.rs): the fixed paths of the staging and
/// pivot dance, then the plan's mounts in order.
pub(crate) struct PreparedMounts {
    pub staging: CString,
    pub staging_data: CString,
    pub newroot: CString,
    pub newroot_name: CString,
    pub oldroot_name: CString,
    pub oldroot: CString,
    pub dot: CString,
    pub slash: CString,
    pub tmpfs: CString,
    pub empty_dir: CString,
    pub empty_dir_data: CString,
    pub dev_null: CString,
    /// "", for the `*at` calls on an fd itself.
    pub empty: CString,
    pub mounts: Vec<PreparedMount>,
    /// Each mount's jail path, by index, for the parent's error text.
    pub names: Vec<String>,
}

/// What the payload execs, where, with which stdio; and how the parent
/// names the command when that fails.
pub(crate) struct PreparedExec {
    pub cwd: CString,
    pub exec_paths: Vec<CString>,
    _argv: Vec<CString>,
    _env: Vec<CString>,
    pub argv: Vec<*const c_char>,
    pub envp: Vec<*const c_char>,
    pub stdio: Stdio,
    pub command: String,
    pub searched: String,
}

/// Resource limits: per process (rlimit.rs) and for the whole jail.
pub(crate) struct PreparedLimits {
    pub rlimits: Vec<(crate::rlimit::Resource, libc::rlim_t, libc::rlim_t)>,
    /// (pids, memory) for the jail's cgroups, the same figures as the
    /// NPROC and DATA rlimits but counted for the whole jail.
    pub cgroups: (u64, u64),
}

/// seccomp (seccomp.rs), compiled before the clone.
pub(crate) struct PreparedSeccomp {
    /// The allowlist and the refusals.
    pub programs: [policy::seccomp::BpfProgram; 2],
    /// With --verbose: a socketpair (parent end, child end) over which the
    /// payload sends its seccomp listener.
    pub denials: Option<(Option<OwnedFd>, OwnedFd)>,
}

/// The RPC channel's fds.
pub(crate) struct PreparedRpc {
    /// The jail's end of the RPC channel; the parent closes its copy once
    /// the child has it.
    pub channel: Option<OwnedFd>,
    /// With namespaces and a channel: a socketpair (parent end, child end)
    /// over which the payload sends the listening socket it bound at
    /// `RPC_SOCKET_NAME` (decision 0009).
    pub handoff: Option<(Option<OwnedFd>, OwnedFd)>,
    /// With namespaces and a proxy in the plan: its port, and a socketpair
    /// (parent end, child end) over which the payload sends the socket
    /// listening there (docs/network.md).
    pub proxy: Option<(u16, (Option<OwnedFd>, OwnedFd))>,
}

/// The names the payload's `jail-call` reads (rpc owns the protocol): the
/// channel's fd number, and `@` + the jail's rpc socket's abstract address.
pub use rpc::wire::{RPC_FD_ENV, RPC_SOCKET_ENV};
/// The abstract address of the jail's rpc socket, without the leading NUL.
/// Fixed: abstract addresses are per network namespace, and every jail
/// has its own.
pub const RPC_SOCKET_NAME: &str = "jail-rpc";

/// The test seam's variable: the child waits this many milliseconds before
/// its first step, so a test can kill the supervisor in the window before
/// the parent-death signal is set.
pub const START_DELAY_ENV: &str = "JAIL_TEST_START_DELAY_MS";

fn cstring(what: &str, text: impl Into<Vec<u8>>) -> Result<CString, JailError> {
    CString::new(text).map_err(|_| JailError::Nul {
        what: what.to_string(),
    })
}

fn path_cstring(path: &Path) -> Result<CString, JailError> {
    use std::os::unix::ffi::OsStrExt;
    cstring(&path.display().to_string(), path.as_os_str().as_bytes())
}

/// `/newroot` + an absolute jail path.
fn under(root: &str, path: &Path) -> PathBuf {
    Path::new(root).join(path.strip_prefix("/").unwrap_or(path))
}

impl Prepared {
    /// `report_denials`: let the supervisor see each seccomp refusal.
    /// `channel`: the jail's end of the RPC socketpair, the one fd besides
    /// 0-2 that the payload inherits, announced in `JAIL_RPC_FD`.
    pub fn new(
        plan: &JailPlan,
        stdio: Stdio,
        report_denials: bool,
        channel: Option<OwnedFd>,
    ) -> Result<Prepared, JailError> {
        let namespaces = plan.degraded.is_none();
        // The socket for programs whose parent closed JAIL_RPC_FD; only a
        // jail with its own network namespace has one (the degraded tier's
        // seccomp refuses socket(2), and the host's abstract namespace is
        // shared with everything else).
        let rpc_socket = namespaces && channel.is_some();
        let mounts = PreparedMounts::new(plan, stdio, namespaces)?;
        let channel_fd = channel.as_ref().map(AsRawFd::as_raw_fd);
        let exec = PreparedExec::new(plan, stdio, channel_fd, rpc_socket)?;
        Ok(Prepared {
            namespaces,
            init: PreparedInit::new(plan)?,
            id_maps: PreparedIdMaps::new(plan),
            mounts,
            exec,
            last_cap: last_capability(),
            landlock: crate::landlock::prepare(&plan.landlock)?,
            limits: PreparedLimits::new(plan),
            seccomp: PreparedSeccomp::new(plan, report_denials)?,
            rpc: PreparedRpc::new(
                channel,
                rpc_socket,
                plan.proxy.port().filter(|_| namespaces),
            )?,
        })
    }
}

impl PreparedInit {
    fn new(plan: &JailPlan) -> Result<PreparedInit, JailError> {
        Ok(PreparedInit {
            hostname: cstring("hostname", plan.hostname.as_str())?,
            strings_area: strings_area(),
            start_delay_ms: std::env::var(START_DELAY_ENV)
                .ok()
                .and_then(|ms| ms.parse().ok())
                .unwrap_or(0)
                .min(10_000),
        })
    }
}

impl PreparedIdMaps {
    fn new(plan: &JailPlan) -> PreparedIdMaps {
        let map = |m: policy::plan::IdMap| format!("{} {} {}\n", m.inside, m.outside, m.count);
        PreparedIdMaps {
            uid_map: map(plan.uid_map),
            gid_map: map(plan.gid_map),
        }
    }
}

impl PreparedMounts {
    fn new(plan: &JailPlan, stdio: Stdio, namespaces: bool) -> Result<PreparedMounts, JailError> {
        let mut mounts = Vec::with_capacity(plan.mounts.len());
        let mut names = Vec::with_capacity(plan.mounts.len());
        for m in &plan.mounts {
            mounts.push(prepare_mount(&m.dest, &m.kind)?);
            names.push(m.dest.display().to_string());
        }
        if let (Stdio::Terminal { slave, .. }, true) = (stdio, namespaces) {
            // The jail's devpts is a private instance, so the pty slave has
            // no name there; as /dev/console (as container runtimes do)
            // ttyname() and `tty` find it. Mounted last, after /dev.
            let name = std::fs::read_link(format!("/proc/self/fd/{slave}")).map_err(|e| {
                JailError::Sys {
                    op: "naming the pty slave",
                    errno: nix::errno::Errno::from_raw(e.raw_os_error().unwrap_or(0)),
                }
            })?;
            let console = MountKind::Device { source: name };
            mounts.push(prepare_mount(Path::new("/dev/console"), &console)?);
            names.push("/dev/console".into());
        }
        Ok(PreparedMounts {
            staging: cstring("staging", STAGING)?,
            staging_data: cstring("staging", "mode=0755,size=1m")?,
            newroot: cstring("newroot", NEWROOT)?,
            newroot_name: cstring("newroot", "newroot")?,
            oldroot_name: cstring("oldroot", "oldroot")?,
            oldroot: cstring("oldroot", OLDROOT)?,
            dot: cstring(".", ".")?,
            slash: cstring("/", "/")?,
            tmpfs: cstring("tmpfs", "tmpfs")?,
            empty_dir: cstring("empty", EMPTY_DIR)?,
            empty_dir_data: cstring("empty", "size=0,mode=000")?,
            dev_null: path_cstring(&under(OLDROOT, Path::new("/dev/null")))?,
            empty: cstring("empty", "")?,
            mounts,
            names,
        })
    }
}

impl PreparedExec {
    /// `channel`: the fd number announced in `JAIL_RPC_FD`; `rpc_socket`:
    /// whether `JAIL_RPC_SOCKET` is set too.
    fn new(
        plan: &JailPlan,
        stdio: Stdio,
        channel: Option<RawFd>,
        rpc_socket: bool,
    ) -> Result<PreparedExec, JailError> {
        let argv_storage = plan
            .argv
            .iter()
            .map(|a| cstring("a command argument", a.as_str()))
            .collect::<Result<Vec<_>, _>>()?;
        let channel_var = channel.map(|fd| (RPC_FD_ENV.to_string(), fd.to_string()));
        let socket_var =
            rpc_socket.then(|| (RPC_SOCKET_ENV.to_string(), format!("@{RPC_SOCKET_NAME}")));
        let env_storage = plan
            .env
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .chain(channel_var.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .chain(socket_var.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .map(|(k, v)| cstring(&format!("environment variable {k}"), format!("{k}={v}")))
            .collect::<Result<Vec<_>, _>>()?;
        let null_terminated = |strings: &[CString]| {
            strings
                .iter()
                .map(|s| s.as_ptr())
                .chain(std::iter::once(std::ptr::null()))
                .collect::<Vec<_>>()
        };
        let command = plan.argv.first().cloned().unwrap_or_default();
        let (exec_paths, searched) = search_path(plan, &command)?;
        Ok(PreparedExec {
            cwd: path_cstring(&plan.cwd)?,
            exec_paths,
            argv: null_terminated(&argv_storage),
            envp: null_terminated(&env_storage),
            _argv: argv_storage,
            _env: env_storage,
            stdio,
            command,
            searched,
        })
    }
}

/// Where execve tries `command`: itself if it has a slash, else each
/// directory of the plan's PATH; and how the error text says so.
fn search_path(plan: &JailPlan, command: &str) -> Result<(Vec<CString>, String), JailError> {
    if command.contains('/') {
        return Ok((vec![cstring("the command", command)?], command.to_string()));
    }
    let path_var = plan.env.get("PATH").map(String::as_str).unwrap_or("");
    let paths = path_var
        .split(':')
        .filter(|dir| !dir.is_empty())
        .map(|dir| cstring("PATH", format!("{dir}/{command}")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((paths, format!("PATH={path_var}")))
}

impl PreparedLimits {
    fn new(plan: &JailPlan) -> PreparedLimits {
        let find = |r| {
            plan.limits
                .rlimits
                .iter()
                .find(|l| l.resource == r)
                .map_or(u64::MAX, |l| l.value)
        };
        PreparedLimits {
            rlimits: crate::rlimit::prepare(&plan.limits.rlimits),
            cgroups: (
                find(policy::plan::RlimitResource::Nproc),
                find(policy::plan::RlimitResource::Data),
            ),
        }
    }
}

impl PreparedSeccomp {
    fn new(plan: &JailPlan, report_denials: bool) -> Result<Option<PreparedSeccomp>, JailError> {
        if !plan.seccomp.enabled {
            return Ok(None);
        }
        let denials = if report_denials {
            Some(handoff_pair("socketpair for seccomp notifications")?)
        } else {
            None
        };
        Ok(Some(PreparedSeccomp {
            programs: policy::seccomp::compile(&plan.seccomp, report_denials)?,
            denials,
        }))
    }
}

impl PreparedRpc {
    fn new(
        channel: Option<OwnedFd>,
        rpc_socket: bool,
        proxy_port: Option<u16>,
    ) -> Result<PreparedRpc, JailError> {
        let handoff = if rpc_socket {
            Some(handoff_pair("socketpair for the jail's rpc socket")?)
        } else {
            None
        };
        let proxy = match proxy_port {
            Some(port) => Some((
                port,
                handoff_pair("socketpair for the jail's proxy socket")?,
            )),
            None => None,
        };
        Ok(PreparedRpc {
            channel,
            handoff,
            proxy,
        })
    }
}

/// A close-on-exec SEQPACKET socketpair (parent end, child end) over
/// which the payload sends the supervisor one fd before its exec.
fn handoff_pair(op: &'static str) -> Result<(Option<OwnedFd>, OwnedFd), JailError> {
    use nix::sys::socket::{socketpair, AddressFamily, SockFlag, SockType};
    let (parent, child) = socketpair(
        AddressFamily::Unix,
        SockType::SeqPacket,
        None,
        SockFlag::SOCK_CLOEXEC,
    )
    .map_err(|errno| JailError::Sys { op, errno })?;
    Ok((Some(parent), child))
}

fn prepare_mount(dest: &Path, kind: &MountKind) -> Result<PreparedMount, JailError> {
    let target = under(NEWROOT, dest);
    let mut parents = dest
        .components()
        .filter_map(|c| match c {
            std::path::Component::Normal(name) => Some(name),
            _ => None,
        })
        .map(|name| path_cstring(Path::new(name)))
        .collect::<Result<Vec<_>, _>>()?;
    let name = parents.pop().ok_or_else(|| JailError::Nul {
        what: "a mount at the jail's root".into(),
    })?;
    let (point, how, attrs) = mount_method(kind, &target)?;
    Ok(PreparedMount {
        parents,
        name,
        point,
        dest: path_cstring(&target)?,
        how,
        attrs,
        optional: matches!(kind, MountKind::ReadOnlyAgain),
    })
}

/// How a mount of `kind` at `target` (under /newroot) is made: its mount
/// point, the mount itself, and the flags added afterwards.
fn mount_method(kind: &MountKind, target: &Path) -> Result<(MountPoint, How, u64), JailError> {
    let host = |source: &Path| path_cstring(&under(OLDROOT, source));
    let fs = |name: &str| cstring(name, name).map(Some);
    let data = |text: String| cstring("mount options", text).map(Some);
    let by_path = |source, fstype, flags, data| How::Path {
        source,
        fstype,
        flags,
        data,
    };
    let safe = MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV;
    let sealed = MOUNT_ATTR_RDONLY | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV | MOUNT_ATTR_NOEXEC;
    Ok(match kind {
        MountKind::Bind {
            source,
            writable,
            dir,
            identity,
        } => (
            if *dir {
                MountPoint::Dir
            } else {
                MountPoint::File
            },
            How::Tree {
                source: host(source)?,
                identity: Some(*identity),
            },
            safe | if *writable { 0 } else { MOUNT_ATTR_RDONLY },
        ),
        // A device node: nosuid/noexec would change nothing for it.
        MountKind::Device { source } => (
            MountPoint::File,
            How::Tree {
                source: host(source)?,
                identity: None,
            },
            0,
        ),
        MountKind::Tmpfs { size, mode } => (
            MountPoint::Dir,
            by_path(
                fs("tmpfs")?,
                fs("tmpfs")?,
                libc::MS_NOSUID | libc::MS_NODEV,
                data(format!("size={size},mode={mode:o}"))?,
            ),
            0,
        ),
        MountKind::Proc => (
            MountPoint::Dir,
            by_path(
                fs("proc")?,
                fs("proc")?,
                libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                None,
            ),
            0,
        ),
        MountKind::Devpts => (
            MountPoint::Dir,
            by_path(
                fs("devpts")?,
                fs("devpts")?,
                libc::MS_NOSUID | libc::MS_NOEXEC,
                data("newinstance,ptmxmode=0666,mode=620".into())?,
            ),
            0,
        ),
        MountKind::ReadOnlyAgain => (
            MountPoint::Existing,
            by_path(
                Some(path_cstring(target)?),
                None,
                libc::MS_BIND | libc::MS_REC,
                None,
            ),
            sealed,
        ),
        MountKind::Symlink { target } => (MountPoint::Symlink(path_cstring(target)?), How::None, 0),
        MountKind::Mask { dir, identity, .. } => (
            MountPoint::Existing,
            How::Mask {
                dir: *dir,
                identity: *identity,
            },
            sealed,
        ),
    })
}

fn last_capability() -> u32 {
    std::fs::read_to_string("/proc/sys/kernel/cap_last_cap")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(63)
}

/// `arg_start` .. `env_end` from /proc/self/stat (fields 48 and 51).
fn strings_area() -> Option<(usize, usize)> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.get(stat.rfind(')')? + 2..)?.split(' ').collect();
    let field = |n: usize| fields.get(n - 3)?.trim().parse::<usize>().ok();
    let (start, end) = (field(48)?, field(51)?);
    (end > start && end - start < (64 << 20)).then_some((start, end - start))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mount_points_are_walked_component_by_component() {
        let m = prepare_mount(
            Path::new("/home/u/proj"),
            &MountKind::Bind {
                source: "/home/u/proj".into(),
                writable: false,
                dir: true,
                identity: Identity { dev: 8, ino: 42 },
            },
        )
        .expect("prepared");
        let parents: Vec<_> = m.parents.iter().map(|c| c.to_string_lossy()).collect();
        assert_eq!(parents, ["home", "u"]);
        assert_eq!(m.name.to_str().ok(), Some("proj"));
        assert_eq!(m.dest.to_str().ok(), Some("/newroot/home/u/proj"));
        match &m.how {
            How::Tree { source, identity } => {
                assert_eq!(source.to_str().ok(), Some("/oldroot/home/u/proj"));
                assert_eq!(*identity, Some(Identity { dev: 8, ino: 42 }));
            }
            _ => panic!("a bind is made from the opened tree"),
        }
        assert_ne!(m.attrs & MOUNT_ATTR_RDONLY, 0);
    }

    #[test]
    fn the_strings_area_of_this_process_is_found() {
        let (start, len) = strings_area().expect("readable /proc/self/stat");
        assert!(start > 0 && len > 0);
    }
}
