//! The parent <-> child step protocol, over two close-on-exec pipes:
//! - release (parent -> child): one byte once the uid/gid maps are written,
//!   a second that lets the child fork the payload: by then the jail's
//!   cgroups hold the init and the supervisor's own checks have passed (it
//!   makes them while the child builds its mount tree); the parent keeps
//!   its end open as long as it lives, so a hang-up means the parent is
//!   gone.
//! - report (child -> parent): a `ChildFailure` if a step fails; end of file
//!   with no bytes means the payload's execve succeeded (the pipe is
//!   close-on-exec and the init closes its copy).

use std::os::fd::{AsRawFd, OwnedFd, RawFd};

use crate::error::ChildFailure;
use crate::sys::{self, Errno};
use crate::JailError;

const MAPS_WRITTEN: u8 = b'M';
const PAYLOAD_RELEASED: u8 = b'P';

pub(crate) struct ChildEnds {
    pub release: RawFd,
    pub report: RawFd,
}

pub(crate) struct ParentEnds {
    pub release: OwnedFd,
    pub report: OwnedFd,
}

/// Both pipes; the child's ends as raw fds (the child never drops them).
pub(crate) fn pipes() -> Result<(ParentEnds, ChildEnds, [OwnedFd; 2]), JailError> {
    let pipe = || {
        nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC)
            .map_err(|errno| JailError::Sys { op: "pipe2", errno })
    };
    let (release_read, release_write) = pipe()?;
    let (report_read, report_write) = pipe()?;
    let child = ChildEnds {
        release: release_read.as_raw_fd(),
        report: report_write.as_raw_fd(),
    };
    let parent = ParentEnds {
        release: release_write,
        report: report_read,
    };
    Ok((parent, child, [release_read, report_write]))
}

fn wait_for(release: RawFd, expected: u8) -> Result<(), Errno> {
    let mut byte = [0u8; 1];
    match sys::read_exact(release, &mut byte)? {
        true if byte[0] == expected => Ok(()),
        true => Err(Errno::EPROTO),
        false => Err(Errno::EPIPE),
    }
}

/// Whether the parent has died: it may have, between the clone and our
/// parent-death signal, and then that signal never comes. Checked once the
/// signal is set, so a death after the check still kills us.
pub(crate) fn parent_gone(release: RawFd) -> bool {
    sys::hung_up(release)
}

pub(crate) fn wait_for_maps_written(release: RawFd) -> Result<(), Errno> {
    wait_for(release, MAPS_WRITTEN)
}

pub(crate) fn wait_for_payload_release(release: RawFd) -> Result<(), Errno> {
    wait_for(release, PAYLOAD_RELEASED)
}

pub(crate) fn release_child(release: &OwnedFd) -> Result<(), Errno> {
    sys::write_all(release.as_raw_fd(), &[MAPS_WRITTEN])
}

pub(crate) fn release_payload(release: &OwnedFd) -> Result<(), Errno> {
    sys::write_all(release.as_raw_fd(), &[PAYLOAD_RELEASED])
}

pub(crate) fn report_failure(report: RawFd, failure: ChildFailure) {
    let _ = sys::write_all(report, &failure.encode());
}

/// Reads the child's report: None once the payload has exec'd.
pub fn read_report(report: RawFd) -> Result<Option<ChildFailure>, Errno> {
    let mut buf = [0u8; ChildFailure::SIZE];
    if sys::read_exact(report, &mut buf)? {
        Ok(ChildFailure::decode(&buf))
    } else {
        Ok(None)
    }
}
