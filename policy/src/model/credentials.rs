//! `[credentials]`: where the supervisor reads the secrets that tools,
//! egress headers and reviewers use. They never enter the jail.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use super::paths::check_absolute;

/// Credentials are handed to tools as environment variables of the same
/// name, so the names must be usable as one.
pub(super) fn check_env_name(name: &str) -> Result<(), String> {
    let mut chars = name.chars();
    let valid = chars
        .next()
        .is_some_and(|c| c.is_ascii_uppercase() || c == '_')
        && chars.all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
    if valid {
        Ok(())
    } else {
        Err(format!(
            "`{name}` is not a credential name: use capitals, digits and `_`, not starting \
             with a digit (it becomes an environment variable of the tools that use it)"
        ))
    }
}

/// Where the supervisor reads a credential: `{ env = "VAR" }` (its own
/// environment) or `{ file = "/abs/path" }` (the file's content, one final
/// newline removed).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SourceTable", into = "SourceTable")]
pub enum CredentialSource {
    Env(String),
    File(PathBuf),
}

#[derive(Serialize, Deserialize)]
#[serde(
    deny_unknown_fields,
    expecting = "a table: { env = \"VAR\" } or { file = \"/absolute/path\" }"
)]
struct SourceTable {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    env: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    file: Option<String>,
}

impl TryFrom<SourceTable> for CredentialSource {
    type Error = String;
    fn try_from(table: SourceTable) -> Result<Self, String> {
        match (table.env, table.file) {
            (Some(var), None) => {
                if var.is_empty() || var.contains(['=', '\0']) {
                    Err(format!(
                        "`{var}` is not an environment variable name for `env`"
                    ))
                } else {
                    Ok(CredentialSource::Env(var))
                }
            }
            (None, Some(file)) => {
                let path = PathBuf::from(file);
                check_absolute(&path).map_err(|e| format!("credential `file` {e}"))?;
                Ok(CredentialSource::File(path))
            }
            (Some(_), Some(_)) => Err(
                "a credential has one source: give `env = \"VAR\"` or `file = \"/path\"`, not both"
                    .to_string(),
            ),
            (None, None) => Err(
                "a credential needs a source: give `env = \"VAR\"` or `file = \"/absolute/path\"`"
                    .to_string(),
            ),
        }
    }
}

impl From<CredentialSource> for SourceTable {
    fn from(source: CredentialSource) -> Self {
        match source {
            CredentialSource::Env(var) => SourceTable {
                env: Some(var),
                file: None,
            },
            CredentialSource::File(path) => SourceTable {
                env: None,
                file: Some(path.display().to_string()),
            },
        }
    }
}
