//! What this kernel and user allow, for `jail doctor` and for the advice
//! printed when a launch fails. Sysctls are read through [`Sysctls`], whose
//! root can point at a fake tree in tests.

use std::path::PathBuf;

use crate::clone::{Cloned, PROBE_FLAGS};

/// Reads sysctls below a root (`/proc/sys` on a real host).
pub struct Sysctls {
    root: PathBuf,
}

impl Sysctls {
    pub fn host() -> Sysctls {
        Sysctls::at(PathBuf::from("/proc/sys"))
    }

    pub fn at(root: PathBuf) -> Sysctls {
        Sysctls { root }
    }

    /// `name` in dotted form (`user.max_user_namespaces`); None when absent.
    pub fn read(&self, name: &str) -> Option<i64> {
        let path = self.root.join(name.replace('.', "/"));
        std::fs::read_to_string(path).ok()?.trim().parse().ok()
    }
}

/// One sysctl that stops user namespaces, and its fixes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsernsBlocker {
    pub setting: &'static str,
    pub value: i64,
    /// The switch restricts unprivileged callers only; root is not blocked.
    pub unprivileged_only: bool,
    pub fixes: Vec<String>,
}

impl UsernsBlocker {
    /// Whether the switch blocks a caller who is (`privileged`) or is not
    /// root on the host.
    pub fn blocks(&self, privileged: bool) -> bool {
        !(privileged && self.unprivileged_only)
    }
}

/// Where the AppArmor profile for jail is installed.
pub const APPARMOR_PROFILE_PATH: &str = "/etc/apparmor.d/jail";

/// The shipped profile (scripts/apparmor/jail), attached to the usual
/// install paths; [`apparmor_profile`] narrows it to one binary.
pub const APPARMOR_PROFILE: &str = include_str!("../../scripts/apparmor/jail");

/// The AppArmor profile that lets `binary` (its real path) create user
/// namespaces: the shipped profile with its attachment narrowed to that
/// path, as scripts/install-apparmor-profile.sh writes it. Err names why a
/// path cannot be attached literally (AppArmor would read it as a glob).
pub fn apparmor_profile(binary: &std::path::Path) -> Result<String, String> {
    let path = binary
        .to_str()
        .filter(|p| p.starts_with('/'))
        .ok_or_else(|| format!("{} is not an absolute UTF-8 path", binary.display()))?;
    if path
        .chars()
        .any(|c| c.is_whitespace() || "\"\\*?{}^[]".contains(c))
    {
        return Err(format!(
            "{path} holds a space, quote or AppArmor glob character; install jail under a \
             plain path such as /usr/local/bin/jail"
        ));
    }
    Ok(APPARMOR_PROFILE
        .lines()
        .map(|line| {
            if line.starts_with("profile jail ") {
                format!("profile jail {path} flags=(unconfined) {{\n")
            } else {
                format!("{line}\n")
            }
        })
        .collect())
}

/// The path of the running jail binary, for advice that names it.
pub fn this_binary() -> std::path::PathBuf {
    std::env::current_exe().unwrap_or_else(|_| "/usr/local/bin/jail".into())
}

/// The two ways to install the AppArmor profile for `binary`, as commands.
fn apparmor_fixes(binary: &std::path::Path) -> Vec<String> {
    let bin = binary.display();
    vec![
        format!(
            "or allow only jail, by the AppArmor profile {APPARMOR_PROFILE_PATH}: \
             sudo scripts/install-apparmor-profile.sh {bin}  (from jail's source tree)"
        ),
        format!(
            "   or without the source tree: {bin} doctor --apparmor-profile | sudo tee \
             {APPARMOR_PROFILE_PATH} >/dev/null && sudo apparmor_parser -r {APPARMOR_PROFILE_PATH}"
        ),
    ]
}

/// Every sysctl on this host that blocks user namespaces for someone, with
/// the fixes (for the binary `binary`, named in the AppArmor fix).
pub fn userns_settings(sysctls: &Sysctls, binary: &std::path::Path) -> Vec<UsernsBlocker> {
    let mut found = Vec::new();
    if let Some(0) = sysctls.read("user.max_user_namespaces") {
        found.push(UsernsBlocker {
            setting: "user.max_user_namespaces",
            value: 0,
            unprivileged_only: false,
            fixes: vec!["sudo sysctl -w user.max_user_namespaces=15000".into()],
        });
    }
    if let Some(0) = sysctls.read("kernel.unprivileged_userns_clone") {
        found.push(UsernsBlocker {
            setting: "kernel.unprivileged_userns_clone",
            value: 0,
            unprivileged_only: true,
            fixes: vec![
                "sudo sysctl -w kernel.unprivileged_userns_clone=1".into(),
                "or run jail under sudo".into(),
            ],
        });
    }
    if let Some(1) = sysctls.read("kernel.apparmor_restrict_unprivileged_userns") {
        let mut fixes = vec![
            "sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0  (every program, \
             until reboot)"
                .to_string(),
        ];
        fixes.extend(apparmor_fixes(binary));
        fixes.push("or run jail under sudo".into());
        found.push(UsernsBlocker {
            setting: "kernel.apparmor_restrict_unprivileged_userns",
            value: 1,
            unprivileged_only: true,
            fixes,
        });
    }
    found
}

/// The sysctls that block user namespaces for this caller, with the fixes.
/// `privileged`: the caller is root on the host, which the unprivileged
/// switches do not restrict.
pub fn userns_blockers(sysctls: &Sysctls, privileged: bool) -> Vec<UsernsBlocker> {
    userns_settings(sysctls, &this_binary())
        .into_iter()
        .filter(|b| b.blocks(privileged))
        .collect()
}

/// The blockers as text to append to an error, then the degraded tier as
/// the way to run without them.
pub fn userns_advice(sysctls: &Sysctls) -> String {
    let mut advice: String = userns_blockers(sysctls, nix::unistd::geteuid().is_root())
        .iter()
        .map(|b| {
            format!(
                "\n  cause: {} = {} blocks user namespaces\n  fix: {}",
                b.setting,
                b.value,
                b.fixes.join("\n       ")
            )
        })
        .collect();
    advice.push_str(DEGRADED_HINT);
    advice
}

/// How to run where user namespaces cannot be had.
const DEGRADED_HINT: &str = "\n  or accept weaker isolation: --allow-degraded (or \
     JAIL_ALLOW_DEGRADED=1) runs with Landlock, seccomp and no_new_privs only, and says \
     what is missing";

/// Whether this caller can make a user namespace and hold capabilities in
/// it: a child in new user and mount namespaces makes its mounts private.
/// That is the first thing a jail needs, and what Ubuntu's AppArmor
/// restriction denies even where the clone itself succeeds. About a fork's
/// cost; Err is the errno of whichever step failed.
pub fn userns_works() -> Result<(), nix::errno::Errno> {
    match crate::clone::clone3(PROBE_FLAGS, false)? {
        Cloned::Child => {
            let private =
                crate::sys::mount(None, c"/", None, libc::MS_REC | libc::MS_PRIVATE, None);
            // The errno is the exit status, so the parent can name it.
            crate::sys::exit(private.err().map_or(0, |errno| errno as i32))
        }
        Cloned::Parent { pid, .. } => {
            let pid = nix::unistd::Pid::from_raw(pid);
            match nix::sys::wait::waitpid(pid, None)? {
                nix::sys::wait::WaitStatus::Exited(_, 0) => Ok(()),
                nix::sys::wait::WaitStatus::Exited(_, code) => {
                    Err(nix::errno::Errno::from_raw(code))
                }
                _ => Err(nix::errno::Errno::ECHILD),
            }
        }
    }
}

/// How strongly jail can isolate on this host, from what it offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tier {
    /// User, net, mount, pid (ipc, uts, cgroup) namespaces, Landlock and
    /// seccomp: what every execution mode of jail uses today.
    Full,
    /// No user namespaces, but Landlock, seccomp and no_new_privs, with the
    /// network refused by seccomp: runs only with `--allow-degraded`.
    Degraded,
    /// Neither: jail refuses to run.
    Refuse,
}

impl Tier {
    pub fn name(self) -> &'static str {
        match self {
            Tier::Full => "full",
            Tier::Degraded => "degraded",
            Tier::Refuse => "refuse",
        }
    }

    /// Whether jail runs anything at this tier: `degraded` only where the
    /// caller allows it (`--allow-degraded`).
    pub fn runs(self, allow_degraded: bool) -> bool {
        match self {
            Tier::Full => true,
            Tier::Degraded => allow_degraded,
            Tier::Refuse => false,
        }
    }
}

/// The tier a host gets, and why (one reason per missing or present layer).
pub fn tier(userns: bool, landlock: bool, seccomp: bool) -> (Tier, Vec<String>) {
    let mut why = Vec::new();
    let tier = match (userns, landlock, seccomp) {
        (true, true, true) => {
            why.push("user namespaces, Landlock and seccomp are all available".into());
            Tier::Full
        }
        (false, true, true) => {
            why.push(
                "no user namespaces (so no net, mount or pid namespace either); Landlock \
                 and seccomp are available"
                    .into(),
            );
            why.push(
                "jail runs here only with --allow-degraded (or JAIL_ALLOW_DEGRADED=1): \
                 Landlock + seccomp + no_new_privs on the host's own tree, every socket \
                 refused; enable user namespaces to get the full tier"
                    .into(),
            );
            Tier::Degraded
        }
        _ => {
            if !seccomp {
                why.push("no seccomp: every tier needs it".into());
            }
            if !landlock {
                why.push(if userns {
                    "no Landlock: the full tier needs it (`--require-landlock 0` runs with \
                     namespaces and seccomp only)"
                        .into()
                } else {
                    "no Landlock: the degraded tier needs it".into()
                });
            }
            if !userns {
                why.push("no user namespaces: the full tier needs them".into());
            }
            Tier::Refuse
        }
    };
    (tier, why)
}

/// The Landlock ABI version the kernel offers: Ok(n), or Err(why not).
pub fn landlock_abi() -> Result<i64, String> {
    let errno = match crate::sys::landlock_abi_version() {
        Ok(abi) => return Ok(abi),
        Err(errno) => errno,
    };
    Err(match errno {
        nix::errno::Errno::ENOSYS => "the kernel is built without Landlock".into(),
        nix::errno::Errno::EOPNOTSUPP => {
            "Landlock is built but disabled: add `landlock` to the `lsm=` kernel boot parameter"
                .into()
        }
        errno => format!("landlock_create_ruleset: {errno}"),
    })
}

/// The Landlock ABI as a number, 0 when the kernel has none.
pub fn landlock_abi_or_zero() -> u32 {
    landlock_abi()
        .ok()
        .and_then(|abi| u32::try_from(abi).ok())
        .unwrap_or(0)
}

/// Seccomp filter support, with the actions the kernel offers.
pub fn seccomp() -> Result<String, String> {
    if crate::sys::seccomp_mode().is_err() {
        return Err("the kernel is built without seccomp (CONFIG_SECCOMP)".into());
    }
    let actions = std::fs::read_to_string("/proc/sys/kernel/seccomp/actions_avail")
        .map(|s| s.trim().to_string())
        .unwrap_or_else(|_| "unknown".into());
    Ok(actions)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fake(values: &[(&str, &str)]) -> (tempfile_dir::Dir, Sysctls) {
        let dir = tempfile_dir::Dir::new();
        for (name, value) in values {
            let path = dir.0.join(name.replace('.', "/"));
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(path, value).expect("write");
        }
        let sysctls = Sysctls::at(dir.0.clone());
        (dir, sysctls)
    }

    mod tempfile_dir {
        pub struct Dir(pub std::path::PathBuf);
        impl Dir {
            pub fn new() -> Dir {
                let path = std::env::temp_dir().join(format!(
                    "jail-probe-{}-{:?}",
                    std::process::id(),
                    std::thread::current().id()
                ));
                std::fs::create_dir_all(&path).expect("mkdir");
                Dir(path)
            }
        }
        impl Drop for Dir {
            fn drop(&mut self) {
                let _ = std::fs::remove_dir_all(&self.0);
            }
        }
    }

    #[test]
    fn max_user_namespaces_zero_is_named_with_its_fix() {
        let (_dir, sysctls) = fake(&[("user.max_user_namespaces", "0\n")]);
        let advice = userns_advice(&sysctls);
        assert!(advice.contains("user.max_user_namespaces = 0"), "{advice}");
        assert!(
            advice.contains("sysctl -w user.max_user_namespaces="),
            "{advice}"
        );
    }

    #[test]
    fn a_permissive_host_has_no_blockers() {
        let (_dir, sysctls) = fake(&[
            ("user.max_user_namespaces", "1000"),
            ("kernel.unprivileged_userns_clone", "1"),
            ("kernel.apparmor_restrict_unprivileged_userns", "0"),
        ]);
        assert_eq!(userns_blockers(&sysctls, false), vec![]);
    }

    #[test]
    fn ubuntu_apparmor_restriction_is_named_with_both_fixes() {
        let (_dir, sysctls) = fake(&[("kernel.apparmor_restrict_unprivileged_userns", "1")]);
        let blockers = userns_blockers(&sysctls, false);
        assert_eq!(blockers.len(), 1);
        let fixes = blockers[0].fixes.join("\n");
        assert!(
            fixes.contains("apparmor_restrict_unprivileged_userns=0"),
            "{fixes}"
        );
        assert!(fixes.contains("AppArmor profile"), "{fixes}");
        assert!(
            userns_blockers(&sysctls, true).is_empty(),
            "root is not restricted"
        );
    }

    #[test]
    fn the_apparmor_fix_names_the_profile_and_the_binary() {
        let (_dir, sysctls) = fake(&[("kernel.apparmor_restrict_unprivileged_userns", "1")]);
        let all = userns_settings(&sysctls, std::path::Path::new("/opt/x/jail"));
        assert!(all[0].unprivileged_only);
        let fixes = all[0].fixes.join("\n");
        assert!(
            fixes.contains("sudo scripts/install-apparmor-profile.sh /opt/x/jail"),
            "{fixes}"
        );
        assert!(
            fixes.contains(
                "/opt/x/jail doctor --apparmor-profile | sudo tee /etc/apparmor.d/jail >/dev/null \
                 && sudo apparmor_parser -r /etc/apparmor.d/jail"
            ),
            "{fixes}"
        );
    }

    #[test]
    fn the_profile_is_attached_to_exactly_the_binary() {
        let profile = apparmor_profile(std::path::Path::new("/usr/local/bin/jail")).expect("ok");
        assert!(profile.contains("abi <abi/4.0>,\n"), "{profile}");
        assert!(
            profile
                .contains("\nprofile jail /usr/local/bin/jail flags=(unconfined) {\n  userns,\n"),
            "{profile}"
        );
        assert_eq!(profile.matches("profile jail ").count(), 1, "{profile}");
        // The shipped file keeps its glob over the usual install paths.
        assert!(APPARMOR_PROFILE.contains("home/*/.cargo/bin}/jail flags=(unconfined)"));
        for bad in ["/a b/jail", "/x/*/jail", "relative/jail", "/x/{a,b}"] {
            assert!(
                apparmor_profile(std::path::Path::new(bad)).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn tiers_follow_the_layers() {
        assert_eq!(tier(true, true, true).0, Tier::Full);
        let (t, why) = tier(false, true, true);
        assert_eq!(t, Tier::Degraded);
        assert!(t.runs(true) && !t.runs(false));
        assert!(why.join(" ").contains("--allow-degraded"), "{why:?}");
        assert!(!tier(false, false, true).0.runs(true));
        assert_eq!(tier(false, false, true).0, Tier::Refuse);
        assert_eq!(tier(true, true, false).0, Tier::Refuse);
        let (t, why) = tier(true, false, true);
        assert_eq!(t, Tier::Refuse);
        assert!(why.join(" ").contains("--require-landlock 0"), "{why:?}");
    }

    #[test]
    fn debian_userns_clone_switch_is_named() {
        let (_dir, sysctls) = fake(&[("kernel.unprivileged_userns_clone", "0")]);
        let blockers = userns_blockers(&sysctls, false);
        assert_eq!(blockers[0].setting, "kernel.unprivileged_userns_clone");
    }
}
