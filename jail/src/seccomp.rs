//! seccomp: the filters are compiled before the clone
//! (`policy::seccomp::compile`); the payload installs them as the last
//! step before exec, so the set-up before needs none of the calls they
//! refuse. Two programs: the allowlist, then the refusals, which with
//! `--verbose` get a user-notification listener that the supervisor
//! answers (`denials.rs`).

use std::os::fd::{AsRawFd, OwnedFd};

use policy::seccomp::BpfProgram;

use crate::sys::{self, Errno};

/// Installs the allowlist, then the refusals; with `denials` (the child's
/// end of the socketpair) the refusals get a listener, sent over it.
pub(crate) fn apply(programs: &[BpfProgram; 2], denials: Option<&OwnedFd>) -> Result<(), Errno> {
    let [lists, refusals] = programs;
    seccompiler::apply_filter(lists).map_err(|_| Errno::last())?;
    match denials {
        // --verbose: the supervisor answers the refusals and counts them.
        Some(socket) => {
            let listener = sys::install_filter_with_listener(refusals)?;
            sys::send_fd(socket.as_raw_fd(), listener)
        }
        None => seccompiler::apply_filter(refusals).map_err(|_| Errno::last()),
    }
}
