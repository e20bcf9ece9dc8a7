//! pid 1 of the jail: reaps every orphan, passes signals on to the payload,
//! and exits with the payload's status (exit N -> N, killed by signal S ->
//! 128 + S, as shells report it), which it also writes to the status pipe
//! just before (sync.rs), once it has killed and reaped everything else in
//! the pid namespace.

use std::os::fd::RawFd;

use nix::sys::signal::Signal;

use crate::sys::{self, Errno};

/// Exit status of the init when set-up failed (the parent has the details).
pub const SETUP_FAILED: i32 = 125;
/// Exit status when the command could not be executed (as shells do).
pub const NOT_EXECUTABLE: i32 = 126;
/// Exit status when the command was not found (as shells do).
pub const NOT_FOUND: i32 = 127;

/// The signals the init passes on to the payload; the supervisor passes
/// the same ones to the init (it blocks them and forwards what it gets).
pub const FORWARDED: [Signal; 7] = [
    Signal::SIGINT,
    Signal::SIGTERM,
    Signal::SIGHUP,
    Signal::SIGQUIT,
    Signal::SIGUSR1,
    Signal::SIGUSR2,
    Signal::SIGWINCH,
];

/// Signals the init waits for: the forwarded ones and SIGCHLD.
pub(crate) const WAITED: [i32; 8] = [
    FORWARDED[0] as i32,
    FORWARDED[1] as i32,
    FORWARDED[2] as i32,
    FORWARDED[3] as i32,
    FORWARDED[4] as i32,
    FORWARDED[5] as i32,
    FORWARDED[6] as i32,
    libc::SIGCHLD,
];

pub(crate) fn install_handlers() -> Result<(), Errno> {
    WAITED
        .iter()
        .try_for_each(|&s| sys::install_noop_handler(s))
}

pub(crate) fn run(payload: libc::pid_t, waited: &libc::sigset_t, status_pipe: RawFd) -> ! {
    loop {
        match sys::wait_signal(waited) {
            Ok(libc::SIGCHLD) => {
                while let Some((pid, status)) = sys::reap_one() {
                    if pid == payload {
                        // What the payload left behind dies now, and is
                        // reaped (each dead process's children are ours by
                        // the time we reap it), so that nothing of the jail
                        // but us is left when the status goes out: the
                        // supervisor ends the run, and may end itself, while
                        // the kernel tears our namespaces down.
                        if sys::kill(-1, libc::SIGKILL).is_ok() {
                            sys::reap_all();
                        }
                        let code = exit_code(status);
                        let _ = sys::write_all(status_pipe, &code.to_ne_bytes());
                        sys::exit(code);
                    }
                }
            }
            Ok(signal) => {
                let _ = sys::kill(payload, signal);
            }
            Err(_) => sys::exit(SETUP_FAILED),
        }
    }
}

/// A wait status as a shell would report it.
pub fn exit_code(status: i32) -> i32 {
    if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else if libc::WIFSIGNALED(status) {
        128 + libc::WTERMSIG(status)
    } else {
        SETUP_FAILED
    }
}
