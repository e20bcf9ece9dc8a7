//! Which isolation tier a run gets (docs/ci.md, "Isolation tiers"): the
//! full one, or with `--allow-degraded` and no usable user namespaces, the
//! degraded one (policy::degraded). Never weaker without being asked.

use std::path::PathBuf;

use policy::JailPlan;

/// Why a run gets neither tier.
#[derive(Debug, thiserror::Error)]
pub enum TierError {
    #[error("user namespaces are unavailable to this user ({cause}){advice}")]
    NoUserNamespaces { cause: String, advice: String },
    #[error("creating the degraded jail's private directory")]
    PrivateDir(#[source] std::io::Error),
    #[error(transparent)]
    Degrade(#[from] policy::PolicyError),
    #[error("creating {}", path.display())]
    CreateDir {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("linking {} to {}", link.display(), helper.display())]
    LinkHelper {
        link: PathBuf,
        helper: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// Test seam, shared with `jail doctor`: read sysctls below this directory
/// instead of /proc/sys. With it set, whether user namespaces are usable is
/// judged from the fake sysctls alone; it can only make jail refuse, or run
/// degraded where `--allow-degraded` was given.
pub const SYSCTL_ROOT_ENV: &str = "JAIL_SYSCTL_ROOT";

/// The sysctls to judge by: the seam's fake tree, or the host's.
pub fn sysctls() -> (jail::probe::Sysctls, Option<PathBuf>) {
    match std::env::var_os(SYSCTL_ROOT_ENV).map(PathBuf::from) {
        Some(dir) => (jail::probe::Sysctls::at(dir.clone()), Some(dir)),
        None => (jail::probe::Sysctls::host(), None),
    }
}

/// Why this caller cannot have the full tier here; None when it can.
fn full_tier_blocked() -> Option<String> {
    let (sysctls, seam) = sysctls();
    let privileged = nix::unistd::geteuid().is_root();
    let blocker = jail::probe::userns_blockers(&sysctls, privileged)
        .first()
        .map(|b| format!("{} = {}", b.setting, b.value));
    if seam.is_some() {
        return blocker;
    }
    match jail::probe::userns_works() {
        Ok(()) => None,
        Err(errno) => Some(
            blocker
                .unwrap_or_else(|| format!("this user cannot use a user namespace here ({errno})")),
        ),
    }
}

/// A plan and, for the degraded tier, the private directory that stands
/// in for its /tmp (removed when this is dropped, after the run).
pub struct TieredPlan {
    pub plan: JailPlan,
    _private: Option<tempfile::TempDir>,
}

/// `plan` as it will run: unchanged, unless `allow_degraded` and the full
/// tier is unavailable to this caller. Without `allow_degraded`, a failed
/// launch says why (or, under the seam, this refuses up front).
pub fn choose(plan: JailPlan, allow_degraded: bool) -> Result<TieredPlan, TierError> {
    let (sysctls, seam) = sysctls();
    let cause = if allow_degraded || seam.is_some() {
        full_tier_blocked()
    } else {
        None
    };
    let cause = match (cause, allow_degraded) {
        (None, _) => {
            return Ok(TieredPlan {
                plan,
                _private: None,
            })
        }
        (Some(cause), false) => {
            return Err(TierError::NoUserNamespaces {
                cause,
                advice: jail::probe::userns_advice(&sysctls),
            })
        }
        (Some(cause), true) => cause,
    };
    let private = tempfile::Builder::new()
        .prefix("jail-")
        .tempdir()
        .map_err(TierError::PrivateDir)?;
    let request = policy::degraded::DegradeRequest {
        cause,
        private_dir: private.path(),
        user_tasks: user_tasks(),
    };
    let plan = policy::degraded::degrade(&plan, &request, &crate::fsview::HostFs)?;
    if let Some(degraded) = &plan.degraded {
        for dir in &degraded.private_dirs {
            std::fs::create_dir_all(dir).map_err(|source| TierError::CreateDir {
                path: dir.clone(),
                source,
            })?;
        }
        // No mount namespace to bind the helper by name: a link in the
        // private directory on PATH; jail-call is this binary (main.rs).
        if let (Some(link), Some(helper)) = (&degraded.helper_link, &plan.helper) {
            std::os::unix::fs::symlink(helper, link).map_err(|source| TierError::LinkHelper {
                link: link.clone(),
                helper: helper.clone(),
                source,
            })?;
        }
    }
    Ok(TieredPlan {
        plan,
        _private: Some(private),
    })
}

/// Says on stderr that this run is degraded, and exactly what it lacks.
pub fn announce(plan: &JailPlan) {
    let Some(degraded) = &plan.degraded else {
        return;
    };
    eprintln!(
        "jail: DEGRADED tier ({}): Landlock ABI {}, seccomp and no_new_privs only; missing:",
        degraded.cause, plan.landlock.kernel_abi
    );
    for line in &degraded.missing {
        eprintln!("jail:   {line}");
    }
}

/// Threads run by this process's real user: without a user namespace
/// RLIMIT_NPROC counts every one of them.
fn user_tasks() -> u64 {
    use std::os::unix::fs::MetadataExt;
    let uid = nix::unistd::getuid().as_raw();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0;
    };
    entries
        .flatten()
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .bytes()
                .all(|b| b.is_ascii_digit())
        })
        .filter(|e| e.metadata().is_ok_and(|m| m.uid() == uid))
        .map(|e| std::fs::read_dir(e.path().join("task")).map_or(1, |t| t.count() as u64))
        .sum()
}
