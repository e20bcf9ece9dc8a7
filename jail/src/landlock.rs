//! Landlock: the ruleset is created in the parent (rust-landlock, best
//! effort up to the newest ABI we know, TCP port rules added there); the
//! path rules are added by the payload once the jail's mount tree exists,
//! then `restrict_self`. Nothing here allocates after the clone: the paths
//! are prepared C strings and the crate's rule and restrict calls build
//! only stack structures.

use std::ffi::CString;

use landlock::{
    Access, AccessFs, AccessNet, BitFlags, CompatLevel, Compatible, NetPort, PathBeneath, Ruleset,
    RulesetAttr, RulesetCreated, RulesetCreatedAttr, RulesetStatus, Scope, ABI,
};
use policy::landlock::{Access as PlanAccess, LandlockPlan};

use crate::sys::{self, Errno};
use crate::JailError;

/// The newest ABI whose rights we ask for (policy::landlock::NEWEST_KNOWN_ABI).
const ABI_ASKED: ABI = ABI::V7;

pub(crate) struct PreparedLandlock {
    ruleset: RulesetCreated,
    rules: Vec<(CString, BitFlags<AccessFs>)>,
    required: bool,
}

fn rights(access: PlanAccess, dir: bool) -> BitFlags<AccessFs> {
    let all = AccessFs::from_all(ABI_ASKED);
    let file_only = AccessFs::from_file(ABI_ASKED);
    let wanted = match access {
        PlanAccess::ReadExecute => AccessFs::from_read(ABI_ASKED),
        PlanAccess::ReadWrite => all,
        PlanAccess::Device => {
            AccessFs::ReadFile | AccessFs::WriteFile | AccessFs::IoctlDev | AccessFs::Truncate
        }
        PlanAccess::List => AccessFs::ReadDir.into(),
    };
    if dir {
        wanted
    } else {
        wanted & file_only
    }
}

pub(crate) fn prepare(plan: &LandlockPlan) -> Result<Option<PreparedLandlock>, JailError> {
    if !plan.enabled {
        return Ok(None);
    }
    // Each error becomes JailError::Landlock, its source kept.
    let mut ruleset = Ruleset::default()
        .set_compatibility(CompatLevel::BestEffort)
        .handle_access(AccessFs::from_all(ABI_ASKED))?
        .handle_access(AccessNet::from_all(ABI_ASKED))?
        .scope(Scope::from_all(ABI_ASKED))?
        .create()?;
    for port in &plan.tcp_bind {
        ruleset = ruleset.add_rule(NetPort::new(*port, AccessNet::BindTcp))?;
    }
    for port in &plan.tcp_connect {
        ruleset = ruleset.add_rule(NetPort::new(*port, AccessNet::ConnectTcp))?;
    }
    let mut rules = Vec::with_capacity(plan.rules.len());
    for rule in &plan.rules {
        use std::os::unix::ffi::OsStrExt;
        let path = CString::new(rule.path.as_os_str().as_bytes()).map_err(|_| JailError::Nul {
            what: rule.path.display().to_string(),
        })?;
        rules.push((path, rights(rule.access, rule.dir)));
    }
    Ok(Some(PreparedLandlock {
        ruleset,
        rules,
        required: plan.require_abi > 0,
    }))
}

/// Adds the path rules and restricts the calling process (the payload).
pub(crate) fn restrict(prepared: &PreparedLandlock) -> Result<(), Errno> {
    let mut ruleset = prepared
        .ruleset
        .try_clone()
        .map_err(|e| Errno::from_raw(e.raw_os_error().unwrap_or(libc::EBADF)))?;
    for (path, access) in &prepared.rules {
        // No symlink followed: in the degraded tier the rules name host
        // paths, which a jail of the same user could have swapped for a
        // link since the plan.
        let fd = sys::open_no_symlinks_owned(path, libc::O_PATH)?;
        ruleset = ruleset
            .add_rule(PathBeneath::new(fd, *access))
            .map_err(|_| Errno::last())?;
    }
    let status = ruleset.restrict_self().map_err(|_| Errno::last())?;
    if prepared.required && status.ruleset == RulesetStatus::NotEnforced {
        return Err(Errno::ENOSYS);
    }
    Ok(())
}
