//! Where the child builds its jail: on another CPU than the supervisor's,
//! while the supervisor does its own checks (docs/decisions/0017 §12).
//!
//! The kernel often places a new child on its parent's CPU, and a pipe's
//! wake-up is a "sync" one that pulls the reader to the writer's CPU: the
//! child then waits for the supervisor to sleep before it runs, and the
//! two halves of a start run one after the other even with an idle CPU
//! beside them. Until its payload is released, the child may run on any
//! CPU the caller allows but the supervisor's; the release gives it back
//! the caller's whole set, which the payload inherits. The same wake-up
//! at the end (the init's exit code on a pipe) brings the supervisor to
//! the init's CPU: the init is moved off it again, so that its exit (the
//! teardown of the jail's namespaces) runs beside the end of the run
//! (docs/decisions/0017 §15).

use nix::sched::{sched_getaffinity, sched_getcpu, sched_setaffinity, CpuSet};
use nix::unistd::Pid;

/// Keeps `child` off the calling thread's CPU when the caller allows
/// another; returns the set to give back, or None when nothing changed
/// (one CPU, or the kernel refused: only the speed differs).
pub(crate) fn keep_off_this_cpu(child: libc::pid_t) -> Option<CpuSet> {
    let allowed = sched_getaffinity(Pid::from_raw(0)).ok()?;
    let mut others = allowed;
    others.unset(sched_getcpu().ok()?).ok()?;
    let any_other = (0..CpuSet::count()).any(|cpu| others.is_set(cpu).unwrap_or(false));
    if !any_other {
        return None;
    }
    sched_setaffinity(Pid::from_raw(child), &others).ok()?;
    Some(allowed)
}

/// Gives `child` back the set [`keep_off_this_cpu`] took it from.
pub(crate) fn restore(child: libc::pid_t, allowed: &CpuSet) {
    // A child that is gone has nothing to restore; its report says why.
    let _ = sched_setaffinity(Pid::from_raw(child), allowed);
}
