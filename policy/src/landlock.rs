//! The Landlock plan: which jail paths get which access, which TCP ports
//! stay open, and what this kernel's ABI lets us enforce. The `jail` crate
//! turns it into a ruleset (rust-landlock, best effort above the floor).
//!
//! Rules are written in jail paths and added in the child after the mount
//! tree is built, so they cover the jail's own tmpfs mounts too. Landlock
//! rules follow the file hierarchy, so read/execute on the jail's root
//! covers every read-only bind, and nothing outside the jail's tree.

use std::path::PathBuf;

use serde::Serialize;

use crate::layout::{Mount, MountKind};
use crate::model::LandlockRules;
use crate::PolicyError;

/// What a rule allows, beyond nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Access {
    /// Read, list and execute.
    ReadExecute,
    /// Everything a file tree allows: create, write, remove, rename.
    ReadWrite,
    /// Read, write and ioctl on device files (terminals need ioctl).
    Device,
    /// Listing directories only, no file contents (the degraded tier's
    /// directories that hold a masked file).
    List,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LandlockRule {
    pub path: PathBuf,
    pub access: Access,
    /// A directory (rights cover its hierarchy) or a single file.
    pub dir: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LandlockPlan {
    pub enabled: bool,
    /// The ABI this kernel offers (0: no Landlock).
    pub kernel_abi: u32,
    /// The lowest ABI the profile accepts (0: run without Landlock).
    pub require_abi: u32,
    pub rules: Vec<LandlockRule>,
    pub tcp_bind: Vec<u16>,
    pub tcp_connect: Vec<u16>,
    /// What this kernel will enforce, for `--explain` and `doctor`.
    pub enforced: Vec<&'static str>,
}

impl LandlockPlan {
    /// Jail paths where writes are allowed.
    pub fn writable(&self) -> Vec<&std::path::Path> {
        self.rules
            .iter()
            .filter(|r| r.access == Access::ReadWrite)
            .map(|r| r.path.as_path())
            .collect()
    }

    /// The TCP ports left open, for reports.
    pub fn ports_summary(&self) -> String {
        let ports = |p: &[u16]| {
            if p.is_empty() {
                "none".to_string()
            } else {
                p.iter().map(u16::to_string).collect::<Vec<_>>().join(",")
            }
        };
        format!(
            "tcp bind: {}; tcp connect: {}",
            ports(&self.tcp_bind),
            ports(&self.tcp_connect)
        )
    }
}

/// Newest ABI this code knows; features above it are not asked for.
pub const NEWEST_KNOWN_ABI: u32 = 7;

/// What each ABI adds, for reports.
pub fn features(abi: u32) -> Vec<&'static str> {
    let mut out = Vec::new();
    let table: [(u32, &str); 6] = [
        (1, "filesystem: read/write/execute per path"),
        (2, "filesystem: cross-directory rename and link (refer)"),
        (3, "filesystem: truncate"),
        (4, "network: TCP bind and connect"),
        (5, "filesystem: device ioctl"),
        (6, "scoping: abstract unix sockets and signals"),
    ];
    for (since, what) in table {
        if abi >= since {
            out.push(what);
        }
    }
    out
}

pub fn plan(
    rules: &LandlockRules,
    mounts: &[Mount],
    kernel_abi: u32,
) -> Result<LandlockPlan, PolicyError> {
    if rules.enabled && kernel_abi < rules.require_abi {
        return Err(PolicyError::Landlock {
            required: rules.require_abi,
            kernel: kernel_abi,
        });
    }
    let mut list = vec![LandlockRule {
        path: PathBuf::from("/"),
        access: Access::ReadExecute,
        dir: true,
    }];
    for m in mounts {
        let rule = |access, dir| LandlockRule {
            path: m.dest.clone(),
            access,
            dir,
        };
        match &m.kind {
            MountKind::Bind {
                writable: true,
                dir,
                ..
            } => list.push(rule(Access::ReadWrite, *dir)),
            MountKind::Tmpfs { .. } if m.dest != std::path::Path::new("/dev") => {
                list.push(rule(Access::ReadWrite, true))
            }
            // One rule for the whole of /dev: it holds only the device
            // nodes, /dev/pts and /dev/shm (which gets its own rule).
            MountKind::Tmpfs { .. } => list.push(rule(Access::Device, true)),
            _ => {}
        }
    }
    let abi = if rules.enabled {
        kernel_abi.min(NEWEST_KNOWN_ABI)
    } else {
        0
    };
    Ok(LandlockPlan {
        enabled: rules.enabled,
        kernel_abi,
        require_abi: rules.require_abi,
        rules: list,
        tcp_bind: rules.tcp_bind.clone(),
        tcp_connect: rules.tcp_connect.clone(),
        enforced: features(abi),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mounts() -> Vec<Mount> {
        let bind = |dest: &str, writable| Mount {
            dest: dest.into(),
            kind: MountKind::Bind {
                source: dest.into(),
                writable,
                dir: true,
                identity: crate::mounts::Identity { dev: 1, ino: 1 },
            },
        };
        vec![
            bind("/usr", false),
            bind("/work/out", true),
            Mount {
                dest: "/tmp".into(),
                kind: MountKind::Tmpfs { size: 1, mode: 0 },
            },
            Mount {
                dest: "/dev".into(),
                kind: MountKind::Tmpfs { size: 1, mode: 0 },
            },
            Mount {
                dest: "/dev/null".into(),
                kind: MountKind::Device {
                    source: "/dev/null".into(),
                },
            },
        ]
    }

    #[test]
    fn writes_only_where_the_mounts_are_writable() {
        let plan = plan(&LandlockRules::default(), &mounts(), 7).expect("plan");
        let writable: Vec<_> = plan
            .rules
            .iter()
            .filter(|r| r.access == Access::ReadWrite)
            .map(|r| r.path.display().to_string())
            .collect();
        assert_eq!(writable, ["/work/out", "/tmp"]);
        assert_eq!(plan.rules[0].access, Access::ReadExecute);
        assert!(plan
            .rules
            .iter()
            .any(|r| r.path == std::path::Path::new("/dev")
                && r.access == Access::Device
                && r.dir));
        let below_dev =
            |p: &std::path::Path| p.starts_with("/dev") && p != std::path::Path::new("/dev");
        assert!(!plan.rules.iter().any(|r| below_dev(&r.path)));
    }

    #[test]
    fn a_weaker_kernel_than_required_is_an_error_naming_the_key() {
        let rules = LandlockRules {
            require_abi: 4,
            ..LandlockRules::default()
        };
        let err = plan(&rules, &mounts(), 3).expect_err("refused");
        assert!(err.to_string().contains("landlock.require_abi"), "{err}");
        assert!(plan(&rules, &mounts(), 4).is_ok());
    }

    #[test]
    fn enforced_features_follow_the_abi() {
        let plan3 = plan(&LandlockRules::default(), &mounts(), 3).expect("plan");
        assert!(!plan3.enforced.iter().any(|f| f.starts_with("network")));
        let plan6 = plan(&LandlockRules::default(), &mounts(), 6).expect("plan");
        assert!(plan6.enforced.iter().any(|f| f.starts_with("scoping")));
    }

    /// The refusal's whole text, as `jail` prints it.
    #[test]
    fn a_kernel_below_the_required_abi_is_refused_with_the_fix() {
        let rules = LandlockRules {
            require_abi: 3,
            ..LandlockRules::default()
        };
        for (kernel, offered) in [(0, "none"), (2, "2")] {
            let err = plan(&rules, &mounts(), kernel).expect_err("refused");
            assert_eq!(
                err.to_string(),
                format!(
                    "landlock: the profile requires Landlock ABI 3 but this kernel offers \
                     {offered}; use a newer kernel (see `jail doctor`), or lower \
                     `landlock.require_abi` / `--require-landlock` (0 runs without Landlock)"
                )
            );
        }
    }
}
