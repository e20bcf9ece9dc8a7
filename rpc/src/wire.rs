//! The messages on the channel: one enum per direction.
//!
//! Tool arguments and results travel as JSON text, not as
//! `serde_json::Value`: bincode is not self-describing, so it cannot carry a
//! `Value` (which needs `deserialize_any`).

use std::fmt;

use serde::{Deserialize, Serialize};

/// Sent in `Hello`/`Welcome`; bump on any change to these types.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest frame either side sends or accepts, in bytes.
pub const MAX_FRAME: usize = 1 << 20;

/// The environment variable that names the payload's end of the channel.
pub const RPC_FD_ENV: &str = "JAIL_RPC_FD";
/// Names the jail's rpc socket, `@` + an abstract address in the jail's
/// own network namespace; `jail-call` connects there when the fd in
/// `JAIL_RPC_FD` was not passed on (docs/rpc.md).
pub const RPC_SOCKET_ENV: &str = "JAIL_RPC_SOCKET";

/// Payload -> supervisor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ClientMessage {
    /// Must come first; the supervisor answers `Welcome` or `Refused`.
    Hello {
        version: u32,
    },
    Call(Request),
    /// Carries (SCM_RIGHTS) one end of a fresh socketpair: the supervisor
    /// serves it as a private channel. Processes that share the inherited
    /// channel connect privately so they never read each other's replies.
    /// No answer on the shared channel.
    Connect,
}

/// One tool call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// Chosen by the caller and echoed in the `Response`.
    pub id: u64,
    pub tool: String,
    /// JSON text of the arguments.
    pub args: String,
}

/// Supervisor -> payload.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ServerMessage {
    Welcome {
        version: u32,
    },
    Reply(Response),
    /// An answer to a frame that could not be tied to a call id: malformed or
    /// oversized frame, `Call` before `Hello`, wrong version.
    Refused {
        error: ToolError,
    },
}

/// The answer to the `Request` with the same `id`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Response {
    pub id: u64,
    /// `Ok` holds the JSON text of the result.
    pub outcome: Result<String, ToolError>,
}

/// Why a call (or a frame) was not carried out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[error("{kind}: {message}")]
pub struct ToolError {
    pub kind: ErrorKind,
    pub message: String,
}

impl ToolError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
        }
    }
}

/// The class of a `ToolError`, so callers can branch without parsing text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ErrorKind {
    Protocol,
    UnknownTool,
    BadArguments,
    SessionInvalid,
    LimitExceeded,
    Blocked,
    ApprovalDenied,
    Egress,
    ToolFailed,
}

impl ErrorKind {
    pub const ALL: [ErrorKind; 9] = [
        ErrorKind::Protocol,
        ErrorKind::UnknownTool,
        ErrorKind::BadArguments,
        ErrorKind::SessionInvalid,
        ErrorKind::LimitExceeded,
        ErrorKind::Blocked,
        ErrorKind::ApprovalDenied,
        ErrorKind::Egress,
        ErrorKind::ToolFailed,
    ];

    /// The kebab-case name shown to users, e.g. `unknown-tool`.
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorKind::Protocol => "protocol",
            ErrorKind::UnknownTool => "unknown-tool",
            ErrorKind::BadArguments => "bad-arguments",
            ErrorKind::SessionInvalid => "session-invalid",
            ErrorKind::LimitExceeded => "limit-exceeded",
            ErrorKind::Blocked => "blocked",
            ErrorKind::ApprovalDenied => "approval-denied",
            ErrorKind::Egress => "egress",
            ErrorKind::ToolFailed => "tool-failed",
        }
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_display_as_kebab_case() {
        let names: Vec<String> = ErrorKind::ALL.iter().map(|k| k.to_string()).collect();
        assert_eq!(
            names,
            [
                "protocol",
                "unknown-tool",
                "bad-arguments",
                "session-invalid",
                "limit-exceeded",
                "blocked",
                "approval-denied",
                "egress",
                "tool-failed"
            ]
        );
    }

    #[test]
    fn tool_error_display_names_kind_and_message() {
        let e = ToolError::new(ErrorKind::UnknownTool, "no tool `x`");
        assert_eq!(e.to_string(), "unknown-tool: no tool `x`");
    }
}
