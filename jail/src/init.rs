//! pid 1 of the jail: reaps every orphan, passes signals on to the payload,
//! and exits with the payload's status (exit N -> N, killed by signal S ->
//! 128 + S, as shells report it). When it exits the kernel kills whatever is
//! left in the pid namespace.

use crate::child::FORWARDED;
use crate::sys::{self, Errno};

/// Signals the init waits for: the forwarded ones and SIGCHLD.
pub(crate) const WAITED: [i32; 8] = [
    FORWARDED[0],
    FORWARDED[1],
    FORWARDED[2],
    FORWARDED[3],
    FORWARDED[4],
    FORWARDED[5],
    FORWARDED[6],
    libc::SIGCHLD,
];

pub(crate) fn install_handlers() -> Result<(), Errno> {
    WAITED
        .iter()
        .try_for_each(|&s| sys::install_noop_handler(s))
}

pub(crate) fn run(payload: libc::pid_t, waited: &libc::sigset_t) -> ! {
    loop {
        match sys::wait_signal(waited) {
            Ok(libc::SIGCHLD) => {
                while let Some((pid, status)) = sys::reap_one() {
                    if pid == payload {
                        sys::exit(exit_code(status));
                    }
                }
            }
            Ok(signal) => {
                let _ = sys::kill(payload, signal);
            }
            Err(_) => sys::exit(crate::child::SETUP_FAILED),
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
        crate::child::SETUP_FAILED
    }
}
