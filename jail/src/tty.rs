//! Terminal helpers for the supervisor's pty relay.

use std::os::fd::{AsRawFd, BorrowedFd};

pub use libc::winsize as WindowSize;
use nix::errno::Errno;

use crate::sys;

pub fn window_size(fd: BorrowedFd<'_>) -> Result<WindowSize, Errno> {
    sys::window_size(fd.as_raw_fd())
}

/// Sets a pty's window size; the kernel then sends SIGWINCH to the
/// terminal's foreground process group inside the jail.
pub fn set_window_size(fd: BorrowedFd<'_>, size: &WindowSize) -> Result<(), Errno> {
    sys::set_window_size(fd.as_raw_fd(), size)
}
