//! The parent <-> child step protocol, over a close-on-exec socket pair
//! and a pipe:
//! - release (parent -> child, a SEQPACKET socket pair, so the second
//!   release can carry fds): one byte once the uid/gid maps are written, a
//!   second that lets the child fork the payload, sent once the parent has
//!   made the jail's cgroups and the supervisor's own checks have passed
//!   (both while the child builds its mount tree). It carries the `tasks`
//!   files of the v1 groups, which the child joins by itself: a thread
//!   moving itself skips the lock that moving another task takes (see
//!   cgroup.rs). The parent keeps its end open as long as it lives, so a
//!   hang-up means the parent is gone.
//! - report (child -> parent, a pipe): a `ChildFailure` if a step fails;
//!   end of file with no bytes means the payload's execve succeeded (the
//!   pipe is close-on-exec and the init closes its copy).
//! - status (init -> parent, a pipe): the payload's exit code, written by
//!   the init just before it exits, so the supervisor ends the run while
//!   the kernel tears the jail's namespaces down (the init's pidfd reads
//!   ready only once that is done). The one fd the init keeps; the
//!   payload's copy closes at its exec.

use std::os::fd::{AsRawFd, OwnedFd, RawFd};

use crate::error::ChildFailure;
use crate::sys::{self, Errno};
use crate::JailError;

const MAPS_WRITTEN: u8 = b'M';
const PAYLOAD_RELEASED: u8 = b'P';

#[derive(Clone, Copy)]
pub(crate) struct ChildEnds {
    pub release: RawFd,
    pub report: RawFd,
    pub status: RawFd,
}

pub(crate) struct ParentEnds {
    pub release: OwnedFd,
    pub report: OwnedFd,
    pub status: OwnedFd,
}

/// The release socket pair, the report and the status pipes; the child's
/// ends as raw fds (the child never drops them).
pub(crate) fn channels() -> Result<(ParentEnds, ChildEnds, [OwnedFd; 3]), JailError> {
    use nix::sys::socket::{socketpair, AddressFamily, SockFlag, SockType};
    let (release_parent, release_child) = socketpair(
        AddressFamily::Unix,
        SockType::SeqPacket,
        None,
        SockFlag::SOCK_CLOEXEC,
    )
    .map_err(|errno| JailError::Sys {
        op: "socketpair",
        errno,
    })?;
    let pipe = || {
        nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC)
            .map_err(|errno| JailError::Sys { op: "pipe2", errno })
    };
    let (report_read, report_write) = pipe()?;
    let (status_read, status_write) = pipe()?;
    let child = ChildEnds {
        release: release_child.as_raw_fd(),
        report: report_write.as_raw_fd(),
        status: status_write.as_raw_fd(),
    };
    let parent = ParentEnds {
        release: release_parent,
        report: report_read,
        status: status_read,
    };
    Ok((parent, child, [release_child, report_write, status_write]))
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

/// The most cgroup `tasks` files a release carries: one per v1 hierarchy
/// of [`crate::cgroup`] (pids and memory).
pub(crate) const MAX_GROUPS: usize = 2;

/// Waits for the payload's release; the `tasks` files that came with it
/// are in `groups`, and their count is returned.
pub(crate) fn wait_for_payload_release(
    release: RawFd,
    groups: &mut [RawFd; MAX_GROUPS],
) -> Result<usize, Errno> {
    match sys::recv_byte_with_fds(release, groups)? {
        Some((PAYLOAD_RELEASED, count)) => Ok(count),
        Some((_, count)) => {
            groups[..count].iter().for_each(|&fd| sys::close(fd));
            Err(Errno::EPROTO)
        }
        None => Err(Errno::EPIPE),
    }
}

pub(crate) fn release_child(release: &OwnedFd) -> Result<(), Errno> {
    sys::write_all(release.as_raw_fd(), &[MAPS_WRITTEN])
}

/// Releases the payload, with the `tasks` files of the groups the child
/// is to join (at most [`MAX_GROUPS`]).
pub(crate) fn release_payload(release: &OwnedFd, groups: &[RawFd]) -> Result<(), Errno> {
    use nix::sys::socket::{sendmsg, ControlMessage, MsgFlags, UnixAddr};
    let byte = [PAYLOAD_RELEASED];
    let iov = [std::io::IoSlice::new(&byte)];
    let rights = [ControlMessage::ScmRights(groups)];
    let control: &[ControlMessage] = if groups.is_empty() { &[] } else { &rights };
    sendmsg::<UnixAddr>(release.as_raw_fd(), &iov, control, MsgFlags::empty(), None).map(drop)
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

/// The exit code the init sent: call once the status pipe reads ready.
/// None at end of file (the init was killed, or the degraded tier, which
/// has no init: the payload's copy closed at its exec). The init writes
/// its four bytes at once, and a pipe passes a write that small whole.
pub(crate) fn read_status(status: RawFd) -> Option<i32> {
    let mut code = [0u8; 4];
    match sys::read_exact(status, &mut code) {
        Ok(true) => Some(i32::from_ne_bytes(code)),
        _ => None,
    }
}
