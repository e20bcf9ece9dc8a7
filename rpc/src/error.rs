//! The crate's errors: `CodecError` for bytes <-> messages, `RpcError` for
//! the channel, and `CallError` for one tool call.

use nix::errno::Errno;

use crate::wire::{ToolError, RPC_FD_ENV, RPC_SOCKET_ENV};

/// Turning a message into a frame, or a frame into a message, failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodecError {
    #[error(
        "frame of {len} bytes exceeds the {max}-byte limit; send smaller arguments or results"
    )]
    TooLarge { len: usize, max: usize },
    #[error("malformed frame: {0}")]
    Malformed(String),
    #[error("frame has {extra} trailing bytes after a {used}-byte message; each frame must hold exactly one message")]
    Trailing { used: usize, extra: usize },
    #[error("cannot encode message: {0}")]
    Encode(String),
}

/// The channel failed: I/O, framing, handshake or setup.
#[derive(Debug, thiserror::Error)]
pub enum RpcError {
    #[error("{op} on the rpc channel failed: {source}")]
    Io {
        op: &'static str,
        #[source]
        source: Errno,
    },
    #[error("frame of {len} bytes does not fit the socket's send buffer ({source}); raise `net.core.wmem_max` or send less")]
    SendBuffer {
        len: usize,
        #[source]
        source: Errno,
    },
    #[error("sent only {sent} of {len} bytes of a frame; the socket must be SOCK_SEQPACKET")]
    ShortSend { sent: usize, len: usize },
    #[error(transparent)]
    Codec(#[from] CodecError),
    #[error("{RPC_FD_ENV} and {RPC_SOCKET_ENV} are not set; jail-call only works inside a jail started by `jail exec`/`jail run` (if it runs in one, the program that started it cleared its environment: keep those variables)")]
    NoFd,
    #[error("{RPC_FD_ENV}={value} {reason}: the program that started jail-call did not pass that fd on (Node's child_process and Python's subprocess pass only 0-2); pass it on (Python: pass_fds=({value},)), or keep {RPC_SOCKET_ENV}, which a jail with namespaces sets and which needs no fd")]
    BadFd { value: String, reason: String },
    #[error("cannot reach the supervisor: {fd_problem}, and connecting to {RPC_SOCKET_ENV}={address} failed ({source}); {RPC_SOCKET_ENV} only works inside the jail that set it")]
    Socket {
        address: String,
        fd_problem: String,
        #[source]
        source: Errno,
    },
    #[error("the fd attached to Connect {reason}; attach one end of a fresh socketpair(AF_UNIX, SOCK_SEQPACKET)")]
    NotAChannel { reason: &'static str },
    #[error("the other end closed the rpc channel")]
    Closed,
    #[error("unexpected message on the rpc channel: expected {expected}, received {received}")]
    Unexpected {
        expected: &'static str,
        received: String,
    },
    #[error("rpc protocol version mismatch: this side speaks {ours}, the supervisor speaks {theirs}; use the jail-call shipped with the running `jail`")]
    VersionMismatch { ours: u32, theirs: u32 },
}

/// One tool call failed: the tool (or the supervisor's gate) said no, or the
/// channel broke.
#[derive(Debug, thiserror::Error)]
pub enum CallError {
    #[error(transparent)]
    Tool(#[from] ToolError),
    #[error(transparent)]
    Rpc(#[from] RpcError),
}

impl From<CodecError> for CallError {
    fn from(e: CodecError) -> Self {
        CallError::Rpc(RpcError::Codec(e))
    }
}
