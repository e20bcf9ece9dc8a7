//! The channel between a jail's payload and its supervisor.
//!
//! # Protocol
//!
//! The supervisor creates a `SOCK_SEQPACKET` socketpair ([`channel::pair`])
//! before the jail starts and hands one end to the payload, naming its number
//! in `JAIL_RPC_FD` ([`RPC_FD_ENV`]). Each packet is one frame, and each frame
//! is one bincode-encoded message ([`codec`]): [`ClientMessage`] from the
//! payload, [`ServerMessage`] from the supervisor. Frames are at most
//! [`MAX_FRAME`] bytes; the limit is checked before decoding, and a larger
//! packet is reported without desynchronising the channel, because
//! SEQPACKET keeps message boundaries.
//!
//! 1. The payload sends `Hello { version }`; the supervisor answers
//!    `Welcome { version }`, or `Refused` on a version it does not speak.
//! 2. The payload sends `Call(Request { id, tool, args })`, `args` being JSON
//!    text; the supervisor answers `Reply(Response { id, outcome })` with the
//!    same id, `outcome` holding the result's JSON text or a [`ToolError`].
//! 3. A frame the supervisor cannot tie to a call (malformed, oversized,
//!    `Call` before `Hello`) gets `Refused { error }`.
//! 4. `Connect` carries (SCM_RIGHTS) one end of a fresh socketpair, which
//!    the supervisor serves as a private channel of the same session, so
//!    processes sharing the inherited channel never read each other's
//!    replies. A process without the inherited fd reaches the supervisor
//!    through the jail's own abstract socket named by `JAIL_RPC_SOCKET`
//!    (decision 0009).
//!
//! # Users
//!
//! - [`Client`]: a blocking client for payloads written in Rust.
//! - [`cli::jail_call_main`]: the in-jail `jail-call TOOL [JSON]` helper, so
//!   code in any language can call tools.
//! - The supervisor's server, which uses [`Channel`] and the wire types.
//!
//! # Limitations
//!
//! The channel is one socket, shared by every process in the jail that
//! inherits the fd. Calls from concurrent processes can receive each other's
//! replies; ids are kept apart per process, so such a reply is reported as an
//! error rather than accepted.
//!
//! # Unsafe
//!
//! `unsafe` is denied except in one function that adopts the inherited fd
//! named by `JAIL_RPC_FD` as an `OwnedFd`.
#![deny(unsafe_code)]

pub mod channel;
pub mod cli;
pub mod client;
pub mod codec;
pub mod error;
pub mod wire;

pub use channel::{pair, Channel};
pub use client::Client;
pub use error::{CallError, CodecError, RpcError};
pub use wire::{
    ClientMessage, ErrorKind, Request, Response, ServerMessage, ToolError, MAX_FRAME,
    PROTOCOL_VERSION, RPC_FD_ENV, RPC_SOCKET_ENV,
};
