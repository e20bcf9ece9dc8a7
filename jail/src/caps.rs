//! Capabilities, dropped by the payload in two halves around Landlock
//! (decision 0003: raw prctl/capset, nothing allocates). The order, as
//! child.rs calls it:
//!
//! 1. [`drop_bounding_and_ambient`]: no later execve can regain a
//!    capability, even as uid 0 in the jail;
//! 2. [`set_no_new_privs`]: set-uid bits and file capabilities stop
//!    counting at exec (and Landlock needs it without CAP_SYS_ADMIN);
//! 3. (Landlock, `landlock.rs`);
//! 4. [`drop_remaining`]: the effective, permitted and inheritable sets.

use crate::sys::{self, Errno};

/// Empties the bounding set (caps 0..=`last_cap`) and the ambient set.
/// `namespaces`: false in the degraded tier, where an ordinary user may not
/// change the bounding set, and has no capability that exec could keep:
/// no_new_privs stops file capabilities and set-uid bits.
pub(crate) fn drop_bounding_and_ambient(last_cap: u32, namespaces: bool) -> Result<(), Errno> {
    match drop_bounding_set(last_cap) {
        Err(Errno::EPERM) if !namespaces => {}
        result => result?,
    }
    sys::clear_ambient_caps()
}

fn drop_bounding_set(last_cap: u32) -> Result<(), Errno> {
    for cap in 0..=last_cap {
        sys::drop_bounding_cap(cap)?;
    }
    Ok(())
}

pub(crate) fn set_no_new_privs() -> Result<(), Errno> {
    sys::set_no_new_privs()
}

/// Clears the effective, permitted and inheritable sets: after Landlock
/// (harmless either way, no_new_privs is set), the last capabilities go.
pub(crate) fn drop_remaining() -> Result<(), Errno> {
    sys::clear_capabilities()
}
