//! What this kernel and user allow, for `jail doctor` and for the advice
//! printed when a launch fails. Sysctls are read through [`Sysctls`], whose
//! root can point at a fake tree in tests.

use std::path::PathBuf;

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

/// One thing that stops unprivileged user namespaces, and its fixes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UsernsBlocker {
    pub setting: &'static str,
    pub value: i64,
    pub fixes: Vec<String>,
}

/// The sysctls that block user namespaces on this host, with the fixes.
/// `privileged`: the caller is root on the host, which the unprivileged
/// switches do not restrict.
pub fn userns_blockers(sysctls: &Sysctls, privileged: bool) -> Vec<UsernsBlocker> {
    let mut found = Vec::new();
    if let Some(0) = sysctls.read("user.max_user_namespaces") {
        found.push(UsernsBlocker {
            setting: "user.max_user_namespaces",
            value: 0,
            fixes: vec!["sudo sysctl -w user.max_user_namespaces=15000".into()],
        });
    }
    if !privileged {
        if let Some(0) = sysctls.read("kernel.unprivileged_userns_clone") {
            found.push(UsernsBlocker {
                setting: "kernel.unprivileged_userns_clone",
                value: 0,
                fixes: vec![
                    "sudo sysctl -w kernel.unprivileged_userns_clone=1".into(),
                    "or run jail under sudo".into(),
                ],
            });
        }
        if let Some(1) = sysctls.read("kernel.apparmor_restrict_unprivileged_userns") {
            found.push(UsernsBlocker {
                setting: "kernel.apparmor_restrict_unprivileged_userns",
                value: 1,
                fixes: vec![
                    "sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0".into(),
                    "or load an AppArmor profile for the jail binary that allows `userns,` \
                     (see docs/ci.md)"
                        .into(),
                    "or run jail under sudo".into(),
                ],
            });
        }
    }
    found
}

/// The blockers as text to append to an error ("" when none is known).
pub fn userns_advice(sysctls: &Sysctls) -> String {
    userns_blockers(sysctls, nix::unistd::geteuid().is_root())
        .iter()
        .map(|b| {
            format!(
                "\n  cause: {} = {} blocks user namespaces\n  fix: {}",
                b.setting,
                b.value,
                b.fixes.join("\n       ")
            )
        })
        .collect()
}

/// The Landlock ABI version the kernel offers: Ok(n), or Err(why not).
pub fn landlock_abi() -> Result<i64, String> {
    const LANDLOCK_CREATE_RULESET_VERSION: libc::c_uint = 1;
    // SAFETY: with a null attr, size 0 and the VERSION flag, the syscall
    // only returns a number; it reads and writes no memory.
    let ret = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0usize,
            LANDLOCK_CREATE_RULESET_VERSION,
        )
    };
    if ret >= 0 {
        return Ok(ret);
    }
    Err(match nix::errno::Errno::last() {
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
    // SAFETY: PR_GET_SECCOMP takes no pointer arguments.
    let ret = unsafe { libc::prctl(libc::PR_GET_SECCOMP, 0, 0, 0, 0) };
    if ret < 0 {
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
    fn debian_userns_clone_switch_is_named() {
        let (_dir, sysctls) = fake(&[("kernel.unprivileged_userns_clone", "0")]);
        let blockers = userns_blockers(&sysctls, false);
        assert_eq!(blockers[0].setting, "kernel.unprivileged_userns_clone");
    }
}
