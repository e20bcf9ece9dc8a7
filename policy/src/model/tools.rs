//! `[tools]`: host commands the jail may call over RPC, with their trust
//! properties and limits.

use std::path::Path;

use serde::{Deserialize, Deserializer, Serialize};

use super::paths::check_absolute;
use crate::gate::{Trust, Writes};
use crate::size::ByteSize;

/// Tool names appear in RPC requests, approvals and the audit log.
pub(super) fn check_tool_name(name: &str) -> Result<(), String> {
    let valid = !name.is_empty()
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    if valid {
        Ok(())
    } else {
        Err(format!(
            "`{name}` is not a tool name: use 1 to 64 letters, digits, `.`, `_` or `-`"
        ))
    }
}

/// A host command the jail may call as a tool. It runs outside the jail, as
/// the supervisor's user, with only the named credentials in its
/// environment; the request's arguments are passed to it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ToolDecl {
    /// The program's absolute path and its fixed arguments.
    #[serde(deserialize_with = "command")]
    pub command: Vec<String>,
    /// Undeclared trust properties count as true: a policy that says
    /// nothing gets the strictest gate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public_source: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_data: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public_sink: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dangerous_writes: Option<Writes>,
    /// Names from `credentials`, given to the command as environment
    /// variables of the same name.
    #[serde(default)]
    pub credentials: Vec<String>,
    #[serde(default = "default_tool_timeout")]
    pub timeout_secs: u64,
    /// Output beyond this is cut off and the call fails.
    #[serde(default = "default_tool_output")]
    pub max_output: ByteSize,
}

fn default_tool_timeout() -> u64 {
    30
}

fn default_tool_output() -> ByteSize {
    ByteSize(1 << 20)
}

impl ToolDecl {
    /// The declared properties, each undeclared one taken as true.
    pub fn trust(&self) -> Trust {
        Trust {
            public_source: self.public_source.unwrap_or(true),
            secret_data: self.secret_data.unwrap_or(true),
            public_sink: self.public_sink.unwrap_or(true),
            dangerous_writes: self.dangerous_writes.unwrap_or(Writes::Yes),
        }
    }
}

fn command<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    use serde::de::Error;
    let argv = Vec::<String>::deserialize(deserializer)?;
    let Some(program) = argv.first() else {
        return Err(D::Error::custom(
            "`command` is empty: give the program's absolute path and its arguments, \
             like [\"/usr/bin/git\", \"push\"]",
        ));
    };
    // Tools run on the host, where PATH is the caller's to change.
    check_absolute(Path::new(program)).map_err(|e| {
        D::Error::custom(format!(
            "{e}: name the tool's program by its absolute path (PATH is not searched)"
        ))
    })?;
    if let Some(index) = argv.iter().position(|arg| arg.contains('\0')) {
        return Err(D::Error::custom(format!(
            "command argument {index} contains a NUL byte"
        )));
    }
    Ok(argv)
}
