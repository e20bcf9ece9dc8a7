//! A blocking client for payloads written in Rust (and the core of
//! `jail-call`).

use crate::channel::Channel;
use crate::error::{CallError, RpcError};
use crate::wire::{ClientMessage, Request, ServerMessage, PROTOCOL_VERSION};

/// A channel that has completed the `Hello`/`Welcome` handshake.
#[derive(Debug)]
pub struct Client {
    channel: Channel,
    next_id: u64,
}

impl Client {
    /// Sends `Hello` and waits for `Welcome` with the same version.
    pub fn new(mut channel: Channel) -> Result<Self, RpcError> {
        channel.send(&ClientMessage::Hello {
            version: PROTOCOL_VERSION,
        })?;
        match channel.recv::<ServerMessage>()? {
            Some(ServerMessage::Welcome { version }) if version == PROTOCOL_VERSION => {}
            Some(ServerMessage::Welcome { version }) => {
                return Err(RpcError::VersionMismatch {
                    ours: PROTOCOL_VERSION,
                    theirs: version,
                })
            }
            Some(other) => {
                return Err(RpcError::Unexpected {
                    expected: "Welcome",
                    received: describe(&other),
                })
            }
            None => return Err(RpcError::Closed),
        }
        Ok(Self {
            channel,
            // Every process in a jail may share the one channel fd; starting
            // ids at pid << 32 keeps their ids apart, so a reply meant for
            // another process is caught as a mismatch, never taken as ours.
            next_id: u64::from(std::process::id()) << 32,
        })
    }

    /// `Client::new` on the channel named by `JAIL_RPC_FD`.
    pub fn from_env() -> Result<Self, RpcError> {
        Self::new(Channel::from_env()?)
    }

    /// Calls `tool` with JSON arguments; returns the JSON text of the result.
    pub fn call(&mut self, tool: &str, args_json: &str) -> Result<String, CallError> {
        self.next_id = self.next_id.wrapping_add(1);
        let id = self.next_id;
        self.channel.send(&ClientMessage::Call(Request {
            id,
            tool: tool.to_owned(),
            args: args_json.to_owned(),
        }))?;
        match self.channel.recv::<ServerMessage>()? {
            Some(ServerMessage::Reply(reply)) if reply.id == id => Ok(reply.outcome?),
            Some(ServerMessage::Refused { error }) => Err(CallError::Tool(error)),
            Some(other) => Err(RpcError::Unexpected {
                expected: "Reply to this call",
                received: describe(&other),
            }
            .into()),
            None => Err(RpcError::Closed.into()),
        }
    }

    pub fn channel(&self) -> &Channel {
        &self.channel
    }

    pub fn into_channel(self) -> Channel {
        self.channel
    }
}

/// Names a message for an error without dumping its (possibly large) body.
fn describe(msg: &ServerMessage) -> String {
    match msg {
        ServerMessage::Welcome { version } => format!("Welcome (version {version})"),
        ServerMessage::Reply(r) => format!("Reply (id {})", r.id),
        ServerMessage::Refused { error } => format!("Refused ({error})"),
    }
}
