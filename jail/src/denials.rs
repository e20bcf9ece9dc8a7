//! Seeing the seccomp refusals (`jail exec --verbose`): the payload
//! installs its refusals filter with a user-notification listener and sends
//! the listener here; this loop answers every refused call with EPERM, as
//! the filter would have, and tells the caller which call it was.

use std::os::fd::{AsFd, AsRawFd, OwnedFd};

use nix::errno::Errno;
use nix::poll::{poll, PollFd, PollFlags, PollTimeout};

use crate::sys;

/// Receives the listener on `socket`, then answers notifications until
/// every process of the jail is gone, calling `refused(call number)` for
/// each. Returns quietly if the payload never sent a listener.
pub fn serve(socket: OwnedFd, mut refused: impl FnMut(i64)) {
    let flags = nix::sys::socket::MsgFlags::empty();
    let Some(listener) = receive_fd(&socket, flags) else {
        return;
    };
    loop {
        let mut fds = [PollFd::new(listener.as_fd(), PollFlags::POLLIN)];
        match poll(&mut fds, PollTimeout::NONE) {
            Err(Errno::EINTR) => continue,
            Err(_) => return,
            Ok(_) => {}
        }
        let revents = fds[0].revents().unwrap_or(PollFlags::empty());
        if revents.contains(PollFlags::POLLIN) {
            if let Some(nr) = answer_one(&listener) {
                refused(nr);
            }
        } else if !revents.is_empty() {
            return; // POLLHUP: no process uses the filter any more
        }
    }
}

/// Receives the one fd the payload sent over `socket` (adopted
/// close-on-exec); `None` if it sent none, or with `MSG_DONTWAIT` not yet.
pub(crate) fn receive_fd(socket: &OwnedFd, flags: nix::sys::socket::MsgFlags) -> Option<OwnedFd> {
    use std::os::fd::FromRawFd;
    let mut byte = [0u8; 1];
    let mut iov = [std::io::IoSliceMut::new(&mut byte)];
    let mut space = nix::cmsg_space!(std::os::fd::RawFd);
    let msg = nix::sys::socket::recvmsg::<()>(
        socket.as_raw_fd(),
        &mut iov,
        Some(&mut space),
        flags | nix::sys::socket::MsgFlags::MSG_CMSG_CLOEXEC,
    )
    .ok()?;
    let fd = msg.cmsgs().ok()?.find_map(|c| match c {
        nix::sys::socket::ControlMessageOwned::ScmRights(fds) => fds.first().copied(),
        _ => None,
    })?;
    // SAFETY: SCM_RIGHTS gave us a new fd that nothing else owns.
    Some(unsafe { OwnedFd::from_raw_fd(fd) })
}

/// Receives one notification and answers EPERM; returns the call number.
fn answer_one(listener: &OwnedFd) -> Option<i64> {
    // Fails when the caller died meanwhile (ENOENT), or with EINTR.
    let notification = sys::receive_notification(listener.as_raw_fd()).ok()?;
    let _ = sys::refuse_notification(listener.as_raw_fd(), notification.id, Errno::EPERM);
    Some(i64::from(notification.data.nr))
}
