//! `[review]`: how `jail run` and `jail review` judge agent-written code,
//! and who the reviewers are.

use std::path::Path;

use serde::{Deserialize, Deserializer, Serialize};

use super::credentials::CredentialSource;
use super::limits::check_secs;
use super::paths::check_absolute;
use super::{matches_name, Invalid, Profile};
use crate::PolicyError;

/// How agent-written code is reviewed before `jail run` runs it
/// (`[profile.NAME.review]`, docs/policy.md and docs/review.md).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ReviewRules {
    /// `jail run` refuses to run code without an APPROVE (or a human's
    /// approval of a MAJOR).
    pub required: bool,
    /// A critical injection-scan finding is an automatic REJECTED.
    pub reject_on_critical_injection: bool,
    /// A review with no findings is insufficient: review again, stricter,
    /// at most three passes, then a human.
    pub adversarial: bool,
    /// APPROVE verdicts are cached by the hash of code, policy and reviewers.
    pub cache: bool,
    /// How many REWORK verdicts one lineage of code may get before it is
    /// refused.
    pub max_rework: u32,
    /// Modules whose import is an automatic REJECTED, per language.
    pub forbidden_imports: ForbiddenImports,
    /// Who reviews; several vote (any REJECTED wins, a mix goes to a human).
    #[serde(deserialize_with = "reviewer_list")]
    pub reviewers: Vec<ReviewerConfig>,
    /// Meta-detectors: models (or commands) shown the raw file and asked
    /// only whether it holds text aimed at AI reviewers; a detection is
    /// REJECTED. Same tables as `reviewers`, but not `static`.
    #[serde(
        deserialize_with = "detector_list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub meta_detectors: Vec<ReviewerConfig>,
}

/// `review.meta_detectors`: reviewer tables, not the built-in one (it
/// judges code, not text).
fn detector_list<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<ReviewerConfig>, D::Error> {
    let detectors = reviewer_list(deserializer)?;
    if detectors
        .iter()
        .any(|d| matches!(d, ReviewerConfig::Static))
    {
        return Err(serde::de::Error::custom(
            "`review.meta_detectors` takes models or commands (kind \"openai\", \"anthropic\" \
             or \"command\"): the built-in \"static\" reviewer judges code, not text aimed at \
             reviewers",
        ));
    }
    Ok(detectors)
}

/// TOML gives an error inside `[[reviewers]]` the position of the first
/// table, so the message says which entry it is.
fn reviewer_list<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Vec<ReviewerConfig>, D::Error> {
    Vec::<ReviewerTable>::deserialize(deserializer)?
        .into_iter()
        .enumerate()
        .map(|(index, table)| {
            ReviewerConfig::try_from(table)
                .map_err(|e| serde::de::Error::custom(format!("`review.reviewers[{index}]`: {e}")))
        })
        .collect()
}

impl Default for ReviewRules {
    fn default() -> Self {
        ReviewRules {
            required: true,
            reject_on_critical_injection: false,
            adversarial: false,
            cache: true,
            max_rework: 3,
            forbidden_imports: ForbiddenImports::default(),
            reviewers: vec![ReviewerConfig::Static],
            meta_detectors: Vec::new(),
        }
    }
}

/// `review.forbidden_imports`: module names per language. A name forbids
/// the module and everything below it (`os` forbids `os.path`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ForbiddenImports {
    #[serde(deserialize_with = "python_modules")]
    pub python: Vec<String>,
    #[serde(deserialize_with = "js_modules")]
    pub javascript: Vec<String>,
    #[serde(deserialize_with = "js_modules")]
    pub typescript: Vec<String>,
}

impl ForbiddenImports {
    /// The list for a language by its name (`python`, `javascript`,
    /// `typescript`); empty for any other.
    pub fn for_language(&self, language: &str) -> &[String] {
        match language {
            "python" => &self.python,
            "javascript" => &self.javascript,
            "typescript" => &self.typescript,
            _ => &[],
        }
    }
}

fn python_modules<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    let names = Vec::<String>::deserialize(deserializer)?;
    for name in &names {
        let identifier = |part: &str| {
            let mut chars = part.chars();
            chars
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        };
        if !name.split('.').all(identifier) {
            return Err(serde::de::Error::custom(format!(
                "`{name}` is not a Python module name: write dotted identifiers, like \
                 \"ctypes\" or \"os.path\""
            )));
        }
    }
    Ok(names)
}

fn js_modules<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    let names = Vec::<String>::deserialize(deserializer)?;
    for name in &names {
        let valid = !name.is_empty()
            && name.len() <= 214
            && !name.starts_with(['.', '/'])
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "@/._~:-".contains(c));
        if !valid {
            return Err(serde::de::Error::custom(format!(
                "`{name}` is not a module name: write a package or built-in module, like \
                 \"child_process\", \"node:fs\" or \"@scope/pkg\" (no relative paths)"
            )));
        }
    }
    Ok(names)
}

/// One entry of `review.reviewers`, told apart by `kind`; each kind takes
/// exactly its own keys.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "ReviewerTable", into = "ReviewerTable")]
pub enum ReviewerConfig {
    /// The built-in offline reviewer (`kind = "static"`, no other keys).
    Static,
    /// An external program (`kind = "command"`).
    Command(CommandReviewerConfig),
    /// An OpenAI-style chat-completions API (`kind = "openai"`).
    OpenAi(HttpReviewerConfig),
    /// An Anthropic-style messages API (`kind = "anthropic"`).
    Anthropic(HttpReviewerConfig),
}

impl ReviewerConfig {
    /// The `kind` as written in the policy.
    pub fn kind(&self) -> &'static str {
        match self {
            ReviewerConfig::Static => "static",
            ReviewerConfig::Command(_) => "command",
            ReviewerConfig::OpenAi(_) => "openai",
            ReviewerConfig::Anthropic(_) => "anthropic",
        }
    }

    /// Where an HTTP reviewer's API key is read, if it has one.
    pub fn key(&self) -> Option<&CredentialSource> {
        match self {
            ReviewerConfig::OpenAi(http) | ReviewerConfig::Anthropic(http) => Some(&http.key),
            ReviewerConfig::Static | ReviewerConfig::Command(_) => None,
        }
    }
}

/// `kind = "command"`: the program gets the review request as JSON on
/// stdin and answers in the reviewer schema on stdout.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandReviewerConfig {
    /// The program's absolute path (PATH is not searched) and its arguments.
    pub command: Vec<String>,
    /// The program is killed after this long.
    pub timeout_secs: u64,
}

/// `kind = "openai"` or `"anthropic"`: a model behind an HTTP API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpReviewerConfig {
    /// Without a final `/`; `https://`, or `http://` to a loopback host.
    pub base_url: String,
    pub model: String,
    /// The API key, read by the supervisor; never enters the jail.
    pub key: CredentialSource,
    /// The answer's length limit sent with each request.
    pub max_tokens: u32,
    /// Tokens (as the API reports them) this reviewer may spend in one
    /// `jail review` or `jail run`.
    pub token_budget: u64,
    /// Time limit of one request, answer included.
    pub timeout_secs: u64,
}

const OPENAI_BASE_URL: &str = "https://api.openai.com/v1";
const ANTHROPIC_BASE_URL: &str = "https://api.anthropic.com/v1";
const REVIEWER_TIMEOUT_SECS: u64 = 60;
const REVIEWER_MAX_TOKENS: u32 = 1024;
const REVIEWER_TOKEN_BUDGET: u64 = 20_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum ReviewerKind {
    Static,
    Command,
    OpenAi,
    Anthropic,
}

/// The TOML form of a reviewer: every key any kind takes, checked against
/// the kind in [`ReviewerConfig::try_from`].
#[derive(Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ReviewerTable {
    kind: Option<ReviewerKind>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    command: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    base_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    model: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    max_tokens: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    token_budget: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    timeout_secs: Option<u64>,
    // Last: a table, which TOML writes after the plain values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    key: Option<CredentialSource>,
}

impl TryFrom<ReviewerTable> for ReviewerConfig {
    type Error = String;
    fn try_from(table: ReviewerTable) -> Result<Self, String> {
        let Some(kind) = table.kind else {
            return Err(
                "a reviewer needs `kind`: \"static\", \"command\", \"openai\" or \"anthropic\""
                    .to_string(),
            );
        };
        let name = table.check_keys_of(kind)?;
        let timeout_secs = match table.timeout_secs {
            Some(secs) => {
                check_secs(secs).map_err(|reason| format!("`timeout_secs`: {reason}"))?;
                secs
            }
            None => REVIEWER_TIMEOUT_SECS,
        };
        Ok(match kind {
            ReviewerKind::Static => ReviewerConfig::Static,
            ReviewerKind::Command => ReviewerConfig::Command(table.command(timeout_secs)?),
            ReviewerKind::OpenAi => {
                ReviewerConfig::OpenAi(table.http(name, OPENAI_BASE_URL, timeout_secs)?)
            }
            ReviewerKind::Anthropic => {
                ReviewerConfig::Anthropic(table.http(name, ANTHROPIC_BASE_URL, timeout_secs)?)
            }
        })
    }
}

impl ReviewerTable {
    /// Refuses a key that `kind` does not take; returns the kind's name.
    fn check_keys_of(&self, kind: ReviewerKind) -> Result<&'static str, String> {
        let present = [
            ("command", self.command.is_some()),
            ("base_url", self.base_url.is_some()),
            ("model", self.model.is_some()),
            ("key", self.key.is_some()),
            ("max_tokens", self.max_tokens.is_some()),
            ("token_budget", self.token_budget.is_some()),
            ("timeout_secs", self.timeout_secs.is_some()),
        ];
        let (name, allowed): (&str, &[&str]) = match kind {
            ReviewerKind::Static => ("static", &[]),
            ReviewerKind::Command => ("command", &["command", "timeout_secs"]),
            ReviewerKind::OpenAi => ("openai", HTTP_REVIEWER_KEYS),
            ReviewerKind::Anthropic => ("anthropic", HTTP_REVIEWER_KEYS),
        };
        if let Some((key, _)) = present
            .iter()
            .find(|(key, set)| *set && !allowed.contains(key))
        {
            let takes = if allowed.is_empty() {
                "no other keys".to_string()
            } else {
                format!("only {}", allowed.join(", "))
            };
            return Err(format!(
                "`{key}` is not a key of a reviewer with kind = \"{name}\" (it takes {takes})"
            ));
        }
        Ok(name)
    }

    /// `kind = "command"`: its program, checked like a tool's.
    fn command(&self, timeout_secs: u64) -> Result<CommandReviewerConfig, String> {
        let command = self.command.clone().ok_or_else(|| {
            "a reviewer with kind = \"command\" needs `command`, like \
             command = [\"/usr/local/bin/my-reviewer\", \"--strict\"]"
                .to_string()
        })?;
        check_reviewer_command(&command)?;
        Ok(CommandReviewerConfig {
            command,
            timeout_secs,
        })
    }

    /// `kind = "openai"` or `"anthropic"` (`name`): model and key required,
    /// the rest defaulted.
    fn http(
        &self,
        name: &str,
        default_url: &str,
        timeout_secs: u64,
    ) -> Result<HttpReviewerConfig, String> {
        let required = |key: &str, example: &str| {
            format!("a reviewer with kind = \"{name}\" needs `{key}`, like {example}")
        };
        let model = self
            .model
            .clone()
            .ok_or_else(|| required("model", "model = \"MODEL-NAME\""))?;
        if model.is_empty()
            || model.len() > 200
            || model.chars().any(|c| c.is_whitespace() || c.is_control())
        {
            return Err(format!(
                "`model`: `{model}` is not a model name (1 to 200 characters, no spaces)"
            ));
        }
        let key = self
            .key
            .clone()
            .ok_or_else(|| required("key", "key = { env = \"VAR\" } or { file = \"/path\" }"))?;
        let base_url = match &self.base_url {
            Some(url) => check_base_url(url).map_err(|e| format!("`base_url`: {e}"))?,
            None => default_url.to_string(),
        };
        let max_tokens = match self.max_tokens {
            Some(0) => return Err("`max_tokens`: give a number above 0".to_string()),
            Some(n) => n,
            None => REVIEWER_MAX_TOKENS,
        };
        let token_budget = match self.token_budget {
            Some(0) => return Err("`token_budget`: give a number above 0".to_string()),
            Some(n) => n,
            None => REVIEWER_TOKEN_BUDGET,
        };
        Ok(HttpReviewerConfig {
            base_url,
            model,
            key,
            max_tokens,
            token_budget,
            timeout_secs,
        })
    }
}

const HTTP_REVIEWER_KEYS: &[&str] = &[
    "base_url",
    "model",
    "key",
    "max_tokens",
    "token_budget",
    "timeout_secs",
];

impl From<ReviewerConfig> for ReviewerTable {
    fn from(config: ReviewerConfig) -> Self {
        let http = |kind: ReviewerKind, http: HttpReviewerConfig| ReviewerTable {
            kind: Some(kind),
            base_url: Some(http.base_url),
            model: Some(http.model),
            key: Some(http.key),
            max_tokens: Some(http.max_tokens),
            token_budget: Some(http.token_budget),
            timeout_secs: Some(http.timeout_secs),
            ..ReviewerTable::default()
        };
        match config {
            ReviewerConfig::Static => ReviewerTable {
                kind: Some(ReviewerKind::Static),
                ..ReviewerTable::default()
            },
            ReviewerConfig::Command(command) => ReviewerTable {
                kind: Some(ReviewerKind::Command),
                command: Some(command.command),
                timeout_secs: Some(command.timeout_secs),
                ..ReviewerTable::default()
            },
            ReviewerConfig::OpenAi(config) => http(ReviewerKind::OpenAi, config),
            ReviewerConfig::Anthropic(config) => http(ReviewerKind::Anthropic, config),
        }
    }
}

/// Like a tool's `command`: the supervisor runs it on the host.
fn check_reviewer_command(argv: &[String]) -> Result<(), String> {
    let Some(program) = argv.first() else {
        return Err(
            "`command` is empty: give the program's absolute path and its arguments, \
             like [\"/usr/local/bin/my-reviewer\", \"--strict\"]"
                .to_string(),
        );
    };
    check_absolute(Path::new(program)).map_err(|e| {
        format!("`command`: {e}: name the reviewer's program by its absolute path (PATH is not searched)")
    })?;
    if let Some(index) = argv.iter().position(|arg| arg.contains('\0')) {
        return Err(format!("`command` argument {index} contains a NUL byte"));
    }
    Ok(())
}

/// `https://host[:port][/path]`, or `http://` to a loopback host only (the
/// key would cross the network in the clear); no user, query or fragment.
/// Returned without a final `/`.
fn check_base_url(url: &str) -> Result<String, String> {
    let form = "write it like \"https://api.openai.com/v1\"";
    let (scheme, rest) = url
        .split_once("://")
        .ok_or_else(|| format!("`{url}` has no scheme; {form}"))?;
    let https = match scheme {
        "https" => true,
        "http" => false,
        _ => {
            return Err(format!(
                "`{url}`: only https (or http to localhost) is allowed"
            ))
        }
    };
    if url
        .chars()
        .any(|c| c.is_whitespace() || c.is_control() || "?#@\\".contains(c))
    {
        return Err(format!(
            "`{url}` has a space, query, fragment or user part; {form}"
        ));
    }
    let authority = rest.split('/').next().unwrap_or_default();
    let (host, port) = match authority.strip_prefix('[') {
        Some(inner) => match inner.split_once(']') {
            Some((host, port)) => (format!("[{host}]"), port),
            None => return Err(format!("`{url}` has a bad IPv6 address; {form}")),
        },
        None => match authority.find(':') {
            Some(colon) => (authority[..colon].to_string(), &authority[colon..]),
            None => (authority.to_string(), ""),
        },
    };
    let port_ok = match port.strip_prefix(':') {
        Some(digits) => digits.parse::<u16>().is_ok(),
        None => port.is_empty(),
    };
    let host_ok = !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || ".-[]:".contains(c));
    if !host_ok || !port_ok {
        return Err(format!("`{url}` has no usable host and port; {form}"));
    }
    let loopback = matches!(
        host.to_ascii_lowercase().as_str(),
        "localhost" | "127.0.0.1" | "[::1]"
    );
    if !https && !loopback {
        return Err(format!(
            "`{url}` would send the API key in the clear; use https (plain http is \
             accepted only for localhost, 127.0.0.1 and [::1])"
        ));
    }
    Ok(url.trim_end_matches('/').to_string())
}

impl Profile {
    /// `review.reviewers`: at least one, and no reviewer key the jail
    /// could also be given through `env`.
    pub(super) fn validate_review(&self, base: &str, invalid: &Invalid) -> Result<(), PolicyError> {
        if self.review.reviewers.is_empty() {
            return Err(invalid(
                format!("{base}.review.reviewers"),
                "no reviewer is configured; leave the key out for the built-in offline \
                 reviewer, or give at least one, like { kind = \"static\" }"
                    .to_string(),
            ));
        }
        for (index, reviewer) in self.review.reviewers.iter().enumerate() {
            let Some(CredentialSource::Env(var)) = reviewer.key() else {
                continue;
            };
            let key = format!("{base}.review.reviewers[{index}].key");
            if let Some(pattern) = self.env.pass.iter().find(|p| matches_name(var, p)) {
                return Err(invalid(
                    key,
                    format!(
                        "the reviewer's key is read from ${var}, which `{base}.env.pass` entry \
                         `{pattern}` would also pass into the jail; remove that entry, since \
                         keys stay outside"
                    ),
                ));
            }
            if self.env.allow_credentials.contains(var) {
                return Err(invalid(
                    key,
                    format!(
                        "the reviewer's key is read from ${var}, which \
                         `{base}.env.allow_credentials` lets `--env-pass` bring into the jail; \
                         remove it there, since keys stay outside"
                    ),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "review_tests.rs"]
mod tests;
