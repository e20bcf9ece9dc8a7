//! The socket: a `SOCK_SEQPACKET` socketpair, one packet per frame.
//!
//! SEQPACKET keeps message boundaries, so there is no length prefix to trust
//! and a bad frame cannot desynchronise the stream: the kernel drops the rest
//! of a packet that did not fit, and the next `recv` starts at the next one.

use std::os::fd::{AsFd, AsRawFd, BorrowedFd, FromRawFd, IntoRawFd, OwnedFd, RawFd};
use std::sync::atomic::{AtomicBool, Ordering};

use nix::errno::Errno;
use nix::sys::socket::{self, sockopt, AddressFamily, MsgFlags, SockFlag, SockType, SockaddrLike};
use nix::sys::stat::{fstat, SFlag};
use serde::{de::DeserializeOwned, Serialize};

use crate::codec;
use crate::error::{CodecError, RpcError};
use crate::wire::{MAX_FRAME, RPC_FD_ENV, RPC_SOCKET_ENV};

/// Room for the kernel's per-packet bookkeeping on top of a full frame.
const SNDBUF_SLACK: usize = 64 * 1024;

/// Creates a connected pair: one end for the supervisor, one for the payload.
///
/// Both ends are close-on-exec, so neither leaks into unrelated children; the
/// launcher makes the payload's end inheritable where it hands it over. The send buffer is raised so a full
/// `MAX_FRAME` packet fits; the kernel caps it at `net.core.wmem_max`, and a
/// frame that still does not fit fails with `RpcError::SendBuffer`.
pub fn pair() -> Result<(OwnedFd, OwnedFd), RpcError> {
    let (a, b) = socket::socketpair(
        AddressFamily::Unix,
        SockType::SeqPacket,
        None,
        SockFlag::SOCK_CLOEXEC,
    )
    .map_err(|source| RpcError::Io {
        op: "socketpair",
        source,
    })?;
    for end in [&a, &b] {
        raise_send_buffer(end)?;
    }
    Ok((a, b))
}

/// Raises `fd`'s send buffer so a full `MAX_FRAME` packet fits.
fn raise_send_buffer(fd: &OwnedFd) -> Result<(), RpcError> {
    socket::setsockopt(fd, sockopt::SndBuf, &(MAX_FRAME + SNDBUF_SLACK)).map_err(|source| {
        RpcError::Io {
            op: "setsockopt(SO_SNDBUF)",
            source,
        }
    })
}

/// Accepts one connection on the jail's rpc socket (the supervisor's
/// side): a close-on-exec SEQPACKET socket with a raised send buffer.
/// `ECONNABORTED` and `EINTR` are retried; any other error (`EINVAL` once
/// the listener is shut down) ends the caller's accept loop.
pub fn accept(listener: BorrowedFd<'_>) -> Result<OwnedFd, RpcError> {
    let raw = loop {
        match socket::accept4(listener.as_raw_fd(), SockFlag::SOCK_CLOEXEC) {
            Err(Errno::EINTR | Errno::ECONNABORTED) => continue,
            Err(source) => {
                return Err(RpcError::Io {
                    op: "accept",
                    source,
                })
            }
            Ok(raw) => break raw,
        }
    };
    let fd = adopt_received(raw);
    raise_send_buffer(&fd)?;
    Ok(fd)
}

/// A received frame and the fd attached to it, if any.
pub type FrameWithFd<'a> = (&'a [u8], Option<OwnedFd>);

/// One end of the channel.
pub struct Channel {
    fd: OwnedFd,
    /// Allocated once; every `recv_frame` borrows from it.
    buf: Vec<u8>,
}

impl Channel {
    pub fn new(fd: OwnedFd) -> Self {
        Self {
            fd,
            buf: vec![0; MAX_FRAME],
        }
    }

    /// Adopts the payload's end named by `JAIL_RPC_FD`.
    pub fn from_env() -> Result<Self, RpcError> {
        let value = match std::env::var(RPC_FD_ENV) {
            Ok(value) => value,
            Err(std::env::VarError::NotPresent) => return Err(RpcError::NoFd),
            Err(std::env::VarError::NotUnicode(raw)) => {
                return Err(RpcError::BadFd {
                    value: raw.to_string_lossy().into_owned(),
                    reason: "is not a file descriptor number".to_owned(),
                })
            }
        };
        Ok(Self::new(adopt_fd(&value)?))
    }

    /// A private channel to the supervisor, whatever fds the caller's
    /// parent closed: the inherited channel (`JAIL_RPC_FD`) when it is
    /// open, else a connection to the jail's rpc socket (`JAIL_RPC_SOCKET`).
    pub fn connect_supervisor() -> Result<Channel, RpcError> {
        let fd_problem = match Channel::from_env() {
            Ok(shared) => return shared.connect_private(),
            Err(err) => err,
        };
        match std::env::var(RPC_SOCKET_ENV) {
            Ok(address) => Channel::connect_socket(&address).map_err(|source| RpcError::Socket {
                address,
                fd_problem: match fd_problem {
                    RpcError::NoFd => format!("{RPC_FD_ENV} is not set"),
                    RpcError::BadFd { value, reason } => format!("{RPC_FD_ENV}={value} {reason}"),
                    other => other.to_string(),
                },
                source,
            }),
            // The fd's own error says what to do (the degraded tier has
            // no socket).
            Err(_) => Err(fd_problem),
        }
    }

    /// Connects to the rpc socket at `address`: `@name` for an abstract
    /// address (the only kind a jail announces).
    pub fn connect_socket(address: &str) -> Result<Channel, Errno> {
        let name = address.strip_prefix('@').ok_or(Errno::EAFNOSUPPORT)?;
        let addr = socket::UnixAddr::new_abstract(name.as_bytes())?;
        let fd = socket::socket(
            AddressFamily::Unix,
            SockType::SeqPacket,
            SockFlag::SOCK_CLOEXEC,
            None,
        )?;
        retry_eintr(|| socket::connect(fd.as_raw_fd(), &addr))?;
        raise_send_buffer(&fd).map_err(|_| Errno::ENOBUFS)?;
        Ok(Channel::new(fd))
    }

    pub fn as_fd(&self) -> BorrowedFd<'_> {
        self.fd.as_fd()
    }

    /// Sends one message as one packet.
    pub fn send<T: Serialize>(&self, msg: &T) -> Result<(), RpcError> {
        let frame = codec::encode(msg)?;
        self.send_frame(&frame)
    }

    /// Sends raw bytes as one packet. Exposed so a peer can be tested with
    /// frames `send` would never produce.
    pub fn send_frame(&self, frame: &[u8]) -> Result<(), RpcError> {
        // MSG_NOSIGNAL: a closed peer is an EPIPE error, not a process-killing SIGPIPE.
        let sent = retry_eintr(|| socket::send(self.fd.as_raw_fd(), frame, MsgFlags::MSG_NOSIGNAL))
            .map_err(|source| match source {
                Errno::EMSGSIZE | Errno::ENOBUFS => RpcError::SendBuffer {
                    len: frame.len(),
                    source,
                },
                Errno::EPIPE | Errno::ECONNRESET => RpcError::Closed,
                source => RpcError::Io { op: "send", source },
            })?;
        if sent != frame.len() {
            return Err(RpcError::ShortSend {
                sent,
                len: frame.len(),
            });
        }
        Ok(())
    }

    /// Receives one packet. `None` means the other end closed.
    ///
    /// A packet over `MAX_FRAME` is an error, but the channel stays usable:
    /// the kernel has already discarded the rest of that packet.
    pub fn recv_frame(&mut self) -> Result<Option<&[u8]>, RpcError> {
        // An fd a peer attached is closed with the rest of the message.
        Ok(self.recv_frame_with_fd()?.map(|(frame, _)| frame))
    }

    /// Like [`Channel::recv_frame`], and also the fd a peer attached
    /// (SCM_RIGHTS, adopted close-on-exec); extra fds are closed.
    pub fn recv_frame_with_fd(&mut self) -> Result<Option<FrameWithFd<'_>>, RpcError> {
        let mut space = nix::cmsg_space!([RawFd; 4]);
        let (len, fds) = {
            let mut iov = [std::io::IoSliceMut::new(&mut self.buf)];
            let msg = loop {
                match socket::recvmsg::<()>(
                    self.fd.as_raw_fd(),
                    &mut iov,
                    Some(&mut space),
                    MsgFlags::MSG_TRUNC | MsgFlags::MSG_CMSG_CLOEXEC,
                ) {
                    Err(Errno::EINTR) => continue,
                    Err(Errno::ECONNRESET) => return Err(RpcError::Closed),
                    Err(source) => {
                        return Err(RpcError::Io {
                            op: "recvmsg",
                            source,
                        })
                    }
                    Ok(msg) => break msg,
                }
            };
            let mut fds: Vec<OwnedFd> = Vec::new();
            if let Ok(cmsgs) = msg.cmsgs() {
                for cmsg in cmsgs {
                    if let socket::ControlMessageOwned::ScmRights(raw) = cmsg {
                        fds.extend(raw.into_iter().map(adopt_received));
                    }
                }
            }
            (msg.bytes, fds)
        };
        let mut fds = fds.into_iter();
        let fd = fds.next();
        // Dropping the rest closes them.
        drop(fds);
        // MSG_TRUNC makes the length the packet's real one even when it
        // exceeds the buffer, which is how an oversized packet is spotted.
        // 0 is end of file; an empty packet also reads as 0, and no valid
        // frame is empty, so treating it as a close loses nothing.
        if len == 0 {
            return Ok(None);
        }
        if len > self.buf.len() {
            return Err(CodecError::TooLarge {
                len,
                max: MAX_FRAME,
            }
            .into());
        }
        Ok(self.buf.get(..len).map(|frame| (frame, fd)))
    }

    /// A private channel to the supervisor: a fresh socketpair, one end
    /// sent over this (shared) channel with `Connect`.
    pub fn connect_private(&self) -> Result<Channel, RpcError> {
        let (ours, theirs) = pair()?;
        let frame = codec::encode(&crate::wire::ClientMessage::Connect)?;
        let iov = [std::io::IoSlice::new(&frame)];
        let fds = [theirs.as_raw_fd()];
        let cmsg = [socket::ControlMessage::ScmRights(&fds)];
        retry_eintr(|| {
            socket::sendmsg::<()>(
                self.fd.as_raw_fd(),
                &iov,
                &cmsg,
                MsgFlags::MSG_NOSIGNAL,
                None,
            )
        })
        .map_err(|source| match source {
            Errno::EPIPE | Errno::ECONNRESET => RpcError::Closed,
            source => RpcError::Io {
                op: "sendmsg",
                source,
            },
        })?;
        Ok(Channel::new(ours))
    }

    /// Receives and decodes one message. `None` means the other end closed.
    pub fn recv<T: DeserializeOwned>(&mut self) -> Result<Option<T>, RpcError> {
        match self.recv_frame()? {
            None => Ok(None),
            Some(frame) => Ok(Some(codec::decode(frame)?)),
        }
    }
}

// Not derived: the derived form would print the whole 1 MiB buffer.
impl std::fmt::Debug for Channel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Channel").field("fd", &self.fd).finish()
    }
}

impl AsFd for Channel {
    fn as_fd(&self) -> BorrowedFd<'_> {
        self.fd.as_fd()
    }
}

impl From<OwnedFd> for Channel {
    fn from(fd: OwnedFd) -> Self {
        Self::new(fd)
    }
}

/// Which socket an fd refers to: the inode on the kernel's socket
/// filesystem. Two fds with the same id are the same socket (one may be a
/// dup or an SCM_RIGHTS copy of the other).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SocketId {
    dev: u64,
    ino: u64,
}

impl SocketId {
    pub fn of(fd: BorrowedFd<'_>) -> Result<SocketId, RpcError> {
        let stat = fstat(fd.as_raw_fd()).map_err(|source| RpcError::Io {
            op: "fstat",
            source,
        })?;
        Ok(SocketId {
            dev: stat.st_dev,
            ino: stat.st_ino,
        })
    }
}

/// Checks an fd a peer attached to `Connect` before it is served: it must
/// be an `AF_UNIX` `SOCK_SEQPACKET` socket. Returns its id, for the caller
/// to compare with the sockets it already holds (a socket served twice, or
/// the peer's own end of the channel, would never see end of file).
pub fn check_private(fd: BorrowedFd<'_>) -> Result<SocketId, RpcError> {
    let refuse = |reason: &'static str| RpcError::NotAChannel { reason };
    let stat = fstat(fd.as_raw_fd()).map_err(|_| refuse("cannot be inspected (fstat failed)"))?;
    if SFlag::from_bits_truncate(stat.st_mode) & SFlag::S_IFMT != SFlag::S_IFSOCK {
        return Err(refuse("is not a socket"));
    }
    // The domain from the socket's own address (SO_DOMAIN has no nix
    // wrapper): an unnamed socketpair end still reports AF_UNIX.
    let family = socket::getsockname::<socket::SockaddrStorage>(fd.as_raw_fd())
        .ok()
        .and_then(|addr| addr.family());
    if family != Some(AddressFamily::Unix) {
        return Err(refuse("is not an AF_UNIX socket"));
    }
    match socket::getsockopt(&fd, sockopt::SockType) {
        Ok(SockType::SeqPacket) => {}
        _ => return Err(refuse("is not a SOCK_SEQPACKET socket")),
    }
    SocketId::of(fd)
}

fn retry_eintr<T>(mut f: impl FnMut() -> nix::Result<T>) -> nix::Result<T> {
    loop {
        match f() {
            Err(Errno::EINTR) => continue,
            other => return other,
        }
    }
}

/// Set once the env fd has been adopted: a second `OwnedFd` for the same
/// number would close it twice.
static ADOPTED: AtomicBool = AtomicBool::new(false);

/// Validates `value` as an open SEQPACKET socket and takes ownership of it.
fn adopt_fd(value: &str) -> Result<OwnedFd, RpcError> {
    let bad = |reason: &str| RpcError::BadFd {
        value: value.to_owned(),
        reason: reason.to_owned(),
    };
    let raw: RawFd = value
        .trim()
        .parse()
        .map_err(|_| bad("is not a file descriptor number"))?;
    if raw < 0 {
        return Err(bad("is not a file descriptor number"));
    }
    let stat = fstat(raw).map_err(|e| match e {
        Errno::EBADF => bad("is not an open file descriptor"),
        e => bad(&format!("cannot be inspected ({e})")),
    })?;
    if SFlag::from_bits_truncate(stat.st_mode) & SFlag::S_IFMT != SFlag::S_IFSOCK {
        return Err(bad("is not a socket"));
    }
    if ADOPTED.swap(true, Ordering::SeqCst) {
        return Err(bad("was already adopted by this process"));
    }
    let fd = adopt_raw(raw);
    match socket::getsockopt(&fd, sockopt::SockType) {
        Ok(SockType::SeqPacket) => Ok(fd),
        other => {
            // Not ours to close: hand the number back untouched.
            let _ = fd.into_raw_fd();
            ADOPTED.store(false, Ordering::SeqCst);
            Err(match other {
                Ok(_) => bad("is not a SOCK_SEQPACKET socket"),
                Err(e) => bad(&format!("cannot be inspected ({e})")),
            })
        }
    }
}

#[allow(unsafe_code)]
fn adopt_received(raw: RawFd) -> OwnedFd {
    // SAFETY: the kernel installed `raw` in our fd table for this recvmsg
    // (SCM_RIGHTS) or accept4; nothing else in the process knows the number, so this is
    // its only owner.
    unsafe { OwnedFd::from_raw_fd(raw) }
}

#[allow(unsafe_code)]
fn adopt_raw(raw: RawFd) -> OwnedFd {
    // SAFETY: `raw` is open (fstat succeeded) and is a socket. The supervisor
    // hands this fd to the payload, named by JAIL_RPC_FD, for exactly this
    // purpose, and nothing else in the process owns it. The ADOPTED flag,
    // checked by the only caller, makes this the one OwnedFd for it.
    unsafe { OwnedFd::from_raw_fd(raw) }
}
