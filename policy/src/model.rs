//! The policy file's shape. Every key has a default (the built-in `default`
//! profile), unknown keys are errors, and values are validated while they are
//! parsed, so a bad value is reported with its line and column.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::path::{Component, Path, PathBuf};

use serde::{Deserialize, Deserializer, Serialize};

use crate::gate::{builtin_trust, Trust, Writes};
use crate::size::ByteSize;
use crate::PolicyError;

/// A validated policy: the built-in profiles, overridden and extended by a
/// policy file's `[profile.NAME]` tables.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Policy {
    #[serde(rename = "profile")]
    profiles: BTreeMap<String, Profile>,
    /// The state dir's retention (`[state]`): not per profile, as the state
    /// dir is shared by every profile.
    pub state: StateRetention,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PolicyFile {
    #[serde(default)]
    profile: BTreeMap<String, Profile>,
    #[serde(default)]
    state: StateRetention,
}

/// `[state]`: how long `jail state prune` keeps what runs leave behind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct StateRetention {
    /// Finished session records and old pending approvals are pruned once
    /// older than this many days (the default of `jail state prune
    /// --older-than`); 0: kept until pruned with `--older-than`.
    pub keep_days: u64,
    /// The audit log moves to a numbered segment once this long; 0: never
    /// by size (`jail audit rotate` still does).
    pub audit_segment_size: ByteSize,
}

impl Default for StateRetention {
    fn default() -> Self {
        StateRetention {
            keep_days: 30,
            audit_segment_size: ByteSize(64 << 20),
        }
    }
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            profiles: BTreeMap::from([
                ("default".to_string(), Profile::default()),
                ("check".to_string(), Profile::checker()),
                ("tsc".to_string(), Profile::checker()),
            ]),
            state: StateRetention::default(),
        }
    }
}

impl Policy {
    pub(crate) fn from_toml(text: &str, origin: &str) -> Result<Policy, PolicyError> {
        let file: PolicyFile = toml::from_str(text).map_err(|err| {
            let (line, column) = err
                .span()
                .map(|span| line_and_column(text, span.start))
                .unwrap_or((1, 1));
            PolicyError::Syntax {
                origin: origin.to_string(),
                line,
                column,
                message: err.message().to_string(),
            }
        })?;
        for (name, profile) in &file.profile {
            profile.validate(name, origin)?;
        }
        let mut policy = Policy::default();
        policy.profiles.extend(file.profile);
        policy.state = file.state;
        Ok(policy)
    }

    /// The profile called `name`, or an error listing the known ones.
    pub fn profile(&self, name: &str) -> Result<&Profile, PolicyError> {
        self.profiles
            .get(name)
            .ok_or_else(|| PolicyError::UnknownProfile {
                name: name.to_string(),
                known: self.profile_names().join(", "),
            })
    }

    pub fn profile_names(&self) -> Vec<&str> {
        self.profiles.keys().map(String::as_str).collect()
    }
}

fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
    (line, column)
}

/// One named set of rules for a jail.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Profile {
    /// The jail's hostname (its own UTS namespace).
    pub hostname: Hostname,
    /// System directories bound read-only when they exist on the host; a
    /// host symlink (merged-/usr `/bin -> usr/bin`) is recreated as a symlink.
    pub system_ro: Vec<JailPath>,
    /// The few /etc entries programs need, bound read-only when present.
    pub etc_ro: Vec<JailPath>,
    /// How the caller's working directory is bound: `ro`, `rw` or `none`.
    pub cwd: CwdMode,
    /// Extra read-only binds, `SRC` or `SRC:DEST`.
    pub ro: Vec<BindSpec>,
    /// Extra writable binds, `SRC` or `SRC:DEST`.
    pub rw: Vec<BindSpec>,
    /// HOME inside the jail.
    pub home: JailPath,
    /// Size cap of the private tmpfs on /tmp.
    pub tmp_size: ByteSize,
    /// Path components that are never bound, and are masked when found
    /// inside a bound directory.
    pub blocked_patterns: Vec<String>,
    /// How deep below each bound directory blocked entries are looked for.
    pub mask_depth: u32,
    /// How many entries that scan may visit per bound directory; a larger
    /// tree is refused rather than masked in part.
    pub mask_scan_limit: usize,
    pub env: EnvRules,
    pub limits: Limits,
    pub seccomp: SeccompRules,
    pub landlock: LandlockRules,
    /// Host commands the jail may call over RPC, by tool name.
    pub tools: BTreeMap<String, ToolDecl>,
    /// Secrets the supervisor reads, by name, for tools and egress headers.
    /// They never enter the jail.
    pub credentials: BTreeMap<String, CredentialSource>,
    pub egress: Egress,
    pub rpc: RpcLimits,
    /// How `jail run` and `jail review` judge agent-written code.
    pub review: ReviewRules,
    /// Executables (and scripts) by host path, with the blake3 of their
    /// content. When any is given, the profile runs only a pinned command,
    /// and every pinned file must still hash as recorded (`jail policy pin`).
    pub pins: BTreeMap<JailPath, PinnedHash>,
}

impl Default for Profile {
    fn default() -> Self {
        let paths = |list: &[&str]| list.iter().map(|p| JailPath(PathBuf::from(p))).collect();
        Profile {
            hostname: Hostname("jail".to_string()),
            system_ro: paths(&["/usr", "/bin", "/lib", "/lib64", "/sbin"]),
            etc_ro: paths(&[
                "/etc/passwd",
                "/etc/group",
                "/etc/nsswitch.conf",
                "/etc/hosts",
                "/etc/ld.so.cache",
                "/etc/localtime",
                "/etc/ssl",
                "/etc/ca-certificates",
                "/etc/alternatives",
            ]),
            cwd: CwdMode::Ro,
            ro: Vec::new(),
            rw: Vec::new(),
            home: JailPath(PathBuf::from("/tmp")),
            tmp_size: ByteSize(256 << 20),
            blocked_patterns: [
                ".ssh",
                ".gnupg",
                ".gpg",
                ".aws",
                ".azure",
                ".gcloud",
                ".config/gcloud",
                ".kube",
                ".docker",
                "credentials",
                ".credentials",
                ".env",
                ".netrc",
                ".npmrc",
                ".pypirc",
                ".git-credentials",
                ".vault-token",
                ".pgpass",
                ".my.cnf",
                ".boto",
                ".s3cfg",
                ".terraformrc",
                "id_rsa",
                "id_dsa",
                "id_ecdsa",
                "id_ed25519",
                "private_key",
                ".secret",
                ".config/gh/hosts.yml",
                ".config/hub",
                ".config/op",
                ".op",
                ".claude/.credentials.json",
                ".codex/auth.json",
                ".m2/settings.xml",
                ".config/containers/auth.json",
                ".config/rclone",
                ".bash_history",
                ".zsh_history",
                ".sh_history",
                ".history",
                ".python_history",
                ".node_repl_history",
                ".psql_history",
                ".mysql_history",
                ".sqlite_history",
                ".irb_history",
                ".rediscli_history",
                ".lesshst",
                ".local/share/fish/fish_history",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
            mask_depth: 6,
            mask_scan_limit: 200_000,
            env: EnvRules::default(),
            limits: Limits::default(),
            seccomp: SeccompRules::default(),
            landlock: LandlockRules::default(),
            tools: BTreeMap::new(),
            credentials: BTreeMap::new(),
            egress: Egress::default(),
            rpc: RpcLimits::default(),
            review: ReviewRules::default(),
            pins: BTreeMap::new(),
        }
    }
}

impl Profile {
    /// The built-in `check` and `tsc` profiles, for checkers (tsc, eslint,
    /// mypy, cargo check): the default jail (project read-only, no network,
    /// /tmp the only writable place) with the channel closed to tools (no
    /// call is reviewed, so `rpc.require_review` refuses every one) and a
    /// 30-minute timeout, so a hung checker cannot hold a CI job.
    pub fn checker() -> Profile {
        let mut profile = Profile::default();
        profile.rpc.require_review = true;
        profile.limits.timeout_secs = Some(1800);
        profile
    }

    /// Checks what spans several keys (or cannot carry a line number): tool
    /// and credential names and the credentials tools and headers refer to.
    /// `name` is the profile's, for the key in the message.
    pub fn validate(&self, name: &str, origin: &str) -> Result<(), PolicyError> {
        let invalid = |key: String, reason: String| PolicyError::Invalid {
            origin: origin.to_string(),
            key,
            reason,
        };
        let base = format!("profile.{name}");
        if let Some(var) = self.env.set.keys().find(|k| !crate::env::is_shell_name(k)) {
            return Err(invalid(
                format!("{base}.env.set.{}", var.escape_debug()),
                "a variable name is letters, digits and `_`, not starting with a digit \
                 (like MY_VAR)"
                    .to_string(),
            ));
        }
        for (cred, source) in &self.credentials {
            let key = format!("{base}.credentials.{cred}");
            check_env_name(cred).map_err(|reason| invalid(key.clone(), reason))?;
            if let CredentialSource::Env(var) = source {
                if let Some(pattern) = self.env.pass.iter().find(|p| matches_name(var, p)) {
                    return Err(invalid(
                        key,
                        format!(
                            "it is read from ${var}, which `{base}.env.pass` entry `{pattern}` \
                             would also pass into the jail; remove that entry, since \
                             credentials stay outside"
                        ),
                    ));
                }
                if self.env.allow_credentials.contains(var) {
                    return Err(invalid(
                        key,
                        format!(
                            "it is read from ${var}, which `{base}.env.allow_credentials` lets \
                             `--env-pass` bring into the jail; remove it there, since \
                             credentials stay outside"
                        ),
                    ));
                }
            }
        }
        let undeclared = |cred: &str| {
            format!(
                "`{cred}` is not a declared credential; add it under \
                 [{base}.credentials] as {cred} = {{ env = \"VAR\" }} or {{ file = \"/path\" }}"
            )
        };
        for (tool, decl) in &self.tools {
            let key = format!("{base}.tools.{tool}");
            if builtin_trust(tool).is_some() {
                return Err(invalid(
                    key,
                    format!("`{tool}` is a built-in tool; give the declared tool another name"),
                ));
            }
            check_tool_name(tool).map_err(|reason| invalid(key.clone(), reason))?;
            if let Some(cred) = decl
                .credentials
                .iter()
                .find(|c| !self.credentials.contains_key(*c))
            {
                return Err(invalid(format!("{key}.credentials"), undeclared(cred)));
            }
            check_secs(decl.timeout_secs)
                .map_err(|reason| invalid(format!("{key}.timeout_secs"), reason))?;
        }
        for (index, header) in self.egress.headers.iter().enumerate() {
            let key = format!("{base}.egress.headers[{index}]");
            if !self.credentials.contains_key(&header.credential) {
                return Err(invalid(
                    format!("{key}.credential"),
                    undeclared(&header.credential),
                ));
            }
            if !self.egress.allow.iter().any(|a| a.covers(&header.host)) {
                return Err(invalid(
                    format!("{key}.host"),
                    format!(
                        "`{}` is not allowed by `{base}.egress.allow`, so the header would never \
                         be sent; add the host there",
                        header.host
                    ),
                ));
            }
        }
        self.validate_review(&base, &invalid)?;
        let optional = |secs: Option<u64>| secs.map_or(Ok(()), check_secs);
        for (key, secs) in [
            ("egress.timeout_secs", check_secs(self.egress.timeout_secs)),
            (
                "rpc.session_ttl_secs",
                check_secs(self.rpc.session_ttl_secs),
            ),
            (
                "rpc.approval_timeout_secs",
                check_secs(self.rpc.approval_timeout_secs),
            ),
            // 0: no wall-clock limit (plan::build drops it).
            (
                "limits.timeout_secs",
                optional(self.limits.timeout_secs.filter(|&secs| secs != 0)),
            ),
            ("limits.cpu_time_secs", optional(self.limits.cpu_time_secs)),
            ("tmp_size", check_size(self.tmp_size)),
            ("limits.memory", check_size(self.limits.memory)),
            ("limits.file_size", check_size(self.limits.file_size)),
        ] {
            secs.map_err(|reason| invalid(format!("{base}.{key}"), reason))?;
        }
        Ok(())
    }

    /// `review.reviewers`: at least one, and no reviewer key the jail
    /// could also be given through `env`.
    fn validate_review(
        &self,
        base: &str,
        invalid: &dyn Fn(String, String) -> PolicyError,
    ) -> Result<(), PolicyError> {
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

    /// The trust of a built-in or declared tool; `None` for an unknown name.
    pub fn tool_trust(&self, name: &str) -> Option<Trust> {
        builtin_trust(name).or_else(|| self.tools.get(name).map(ToolDecl::trust))
    }
}

/// 0 could mean "no limit" or "at once"; neither is what anyone wants here.
fn nonzero_secs() -> String {
    "0 seconds is not a limit; give a number of seconds above 0".to_string()
}

/// The longest any timeout, time limit or session may be: a year (366
/// days). Longer is surely a mistake, and a deadline that far out cannot
/// overflow a clock (2^63 seconds, say, would).
pub const MAX_SECS: u64 = 366 * 24 * 60 * 60;

/// Why `secs` cannot be a timeout or time limit, if it cannot: 0, or more
/// than [`MAX_SECS`].
pub fn check_secs(secs: u64) -> Result<(), String> {
    if secs == 0 {
        return Err(nonzero_secs());
    }
    if secs > MAX_SECS {
        return Err(format!(
            "{secs} seconds is more than a year; give at most {MAX_SECS} (366 days)"
        ));
    }
    Ok(())
}

/// Why `size` cannot be a size limit, if it cannot: a tmpfs of size 0 has
/// no limit at all, and 0 bytes of memory or file kills the payload.
pub fn check_size(size: ByteSize) -> Result<(), String> {
    if size.0 == 0 {
        return Err("0 bytes is not a usable limit; give a size above 0, like \"64M\"".to_string());
    }
    Ok(())
}

/// `env.pass` matching: an exact name, or a prefix ending in `*`.
fn matches_name(name: &str, pattern: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => name.starts_with(prefix),
        None => name == pattern,
    }
}

/// Credentials are handed to tools as environment variables of the same
/// name, so the names must be usable as one.
fn check_env_name(name: &str) -> Result<(), String> {
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

/// Tool names appear in RPC requests, approvals and the audit log.
fn check_tool_name(name: &str) -> Result<(), String> {
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

/// What the supervisor's HTTP client (`http.fetch`)
/// may reach.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Egress {
    /// Hosts that may be requested; nothing when empty.
    pub allow: Vec<HostPattern>,
    /// Addresses that may be a URL's host, and be connected to although
    /// they are loopback, private, link-local or otherwise refused.
    #[serde(deserialize_with = "addresses")]
    pub allow_addresses: Vec<IpAddr>,
    pub max_response_bytes: ByteSize,
    pub timeout_secs: u64,
    /// Each hop is checked against `allow` and the address rules again.
    pub max_redirects: u32,
    /// Credentials added as headers to requests to matching hosts.
    pub headers: Vec<CredentialHeader>,
    /// PEM file of extra CA certificates https servers are trusted under,
    /// besides the system's trust store (a TLS-inspecting proxy's CA).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "ca_file"
    )]
    pub ca_file: Option<PathBuf>,
}

impl Default for Egress {
    fn default() -> Self {
        Egress {
            allow: Vec::new(),
            allow_addresses: Vec::new(),
            max_response_bytes: ByteSize(10 << 20),
            timeout_secs: 30,
            max_redirects: 5,
            headers: Vec::new(),
            ca_file: None,
        }
    }
}

/// `header: prefix + secret`, added by the supervisor to requests to hosts
/// matching `host`; the jail never sees the value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CredentialHeader {
    pub host: HostPattern,
    #[serde(deserialize_with = "header_name")]
    pub header: String,
    /// A name from `credentials`.
    pub credential: String,
    /// Put before the secret, like `"Bearer "`.
    #[serde(default, deserialize_with = "header_prefix")]
    pub prefix: String,
    /// The one port the header goes to; by default 443 (https), or 80 for
    /// plain http where that is allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<u16>,
    /// Whether the header may go over plain http, where anyone on the path
    /// reads it. Off: credentials go only over TLS.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub send_over_plain_http: bool,
}

fn ca_file<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<PathBuf>, D::Error> {
    let path = PathBuf::from(String::deserialize(deserializer)?);
    check_absolute(&path).map_err(|e| serde::de::Error::custom(format!("egress.ca_file {e}")))?;
    Ok(Some(path))
}

fn addresses<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<IpAddr>, D::Error> {
    Vec::<String>::deserialize(deserializer)?
        .into_iter()
        .map(|text| {
            text.parse().map_err(|_| {
                serde::de::Error::custom(format!(
                    "`{text}` is not an IP address: list addresses like \"127.0.0.1\" or \"::1\" \
                     (host names go in `egress.allow`)"
                ))
            })
        })
        .collect()
}

fn header_name<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    let name = String::deserialize(deserializer)?;
    // RFC 9110 token characters.
    let valid = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~".contains(c));
    if valid {
        Ok(name)
    } else {
        Err(serde::de::Error::custom(format!(
            "`{name}` is not an HTTP header name: use letters, digits and `-`, like \"Authorization\""
        )))
    }
}

fn header_prefix<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    let prefix = String::deserialize(deserializer)?;
    // A line break would let the value start a header of its own.
    if prefix.contains(['\r', '\n', '\0']) {
        Err(serde::de::Error::custom(
            "a header `prefix` may not contain line breaks or NUL bytes",
        ))
    } else {
        Ok(prefix)
    }
}

/// Limits on one session's RPC channel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RpcLimits {
    pub calls_per_second: u32,
    /// Calls over the whole session.
    pub max_calls: u64,
    /// Request and response bytes over the whole session.
    pub max_bytes: ByteSize,
    /// The session (and its channel) expires this long after it is created.
    pub session_ttl_secs: u64,
    /// Whether `jail exec` (unreviewed code) is refused tool calls, as if
    /// every session had to come from `jail run`.
    pub require_review: bool,
    /// How long a call waits for a human's approval before it is refused.
    pub approval_timeout_secs: u64,
}

impl Default for RpcLimits {
    fn default() -> Self {
        RpcLimits {
            calls_per_second: 200,
            max_calls: 10_000,
            max_bytes: ByteSize(64 << 20),
            session_ttl_secs: 3600,
            require_review: false,
            approval_timeout_secs: 300,
        }
    }
}

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
        let present = [
            ("command", table.command.is_some()),
            ("base_url", table.base_url.is_some()),
            ("model", table.model.is_some()),
            ("key", table.key.is_some()),
            ("max_tokens", table.max_tokens.is_some()),
            ("token_budget", table.token_budget.is_some()),
            ("timeout_secs", table.timeout_secs.is_some()),
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
        let timeout_secs = match table.timeout_secs {
            Some(secs) => {
                check_secs(secs).map_err(|reason| format!("`timeout_secs`: {reason}"))?;
                secs
            }
            None => REVIEWER_TIMEOUT_SECS,
        };
        let http = |default_url: &str| -> Result<HttpReviewerConfig, String> {
            let required = |key: &str, example: &str| {
                format!("a reviewer with kind = \"{name}\" needs `{key}`, like {example}")
            };
            let model = table
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
            let key = table.key.clone().ok_or_else(|| {
                required("key", "key = { env = \"VAR\" } or { file = \"/path\" }")
            })?;
            let base_url = match &table.base_url {
                Some(url) => check_base_url(url).map_err(|e| format!("`base_url`: {e}"))?,
                None => default_url.to_string(),
            };
            let max_tokens = match table.max_tokens {
                Some(0) => return Err("`max_tokens`: give a number above 0".to_string()),
                Some(n) => n,
                None => REVIEWER_MAX_TOKENS,
            };
            let token_budget = match table.token_budget {
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
        };
        Ok(match kind {
            ReviewerKind::Static => ReviewerConfig::Static,
            ReviewerKind::Command => {
                let command = table.command.clone().ok_or_else(|| {
                    "a reviewer with kind = \"command\" needs `command`, like \
                     command = [\"/usr/local/bin/my-reviewer\", \"--strict\"]"
                        .to_string()
                })?;
                check_reviewer_command(&command)?;
                ReviewerConfig::Command(CommandReviewerConfig {
                    command,
                    timeout_secs,
                })
            }
            ReviewerKind::OpenAi => ReviewerConfig::OpenAi(http(OPENAI_BASE_URL)?),
            ReviewerKind::Anthropic => ReviewerConfig::Anthropic(http(ANTHROPIC_BASE_URL)?),
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

/// An egress host pattern: a lowercase DNS name (`example.com`), or
/// `*.example.com` for every name below it (not `example.com` itself).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct HostPattern(String);

impl HostPattern {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `host` matches, ignoring case and one trailing dot.
    pub fn matches(&self, host: &str) -> bool {
        let host = host.strip_suffix('.').unwrap_or(host).to_ascii_lowercase();
        match self.0.strip_prefix("*.") {
            Some(domain) => host
                .strip_suffix(domain)
                .and_then(|rest| rest.strip_suffix('.'))
                .is_some_and(|below| !below.is_empty()),
            None => host == self.0,
        }
    }

    /// Whether every host `other` matches is matched by this pattern too.
    pub fn covers(&self, other: &HostPattern) -> bool {
        match (self.0.strip_prefix("*."), other.0.strip_prefix("*.")) {
            (Some(_), Some(domain)) => self.matches(&format!("x.{domain}")),
            (None, Some(_)) => false,
            (_, None) => self.matches(&other.0),
        }
    }
}

impl TryFrom<String> for HostPattern {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        let form =
            "write a host name like \"example.com\", or \"*.example.com\" for its subdomains";
        let refuse = |what: &str| Err(format!("`{text}` {what}; {form}"));
        if text.contains("://") {
            return refuse("has a scheme");
        }
        if text.contains('/') {
            return refuse("has a path");
        }
        if text == "*" {
            return refuse("would allow every host");
        }
        let (wildcard, name) = match text.strip_prefix("*.") {
            Some(name) => (true, name),
            None => (false, text.as_str()),
        };
        let ip = "is an IP address (list addresses in `egress.allow_addresses`)";
        if name.starts_with('[') || name.parse::<IpAddr>().is_ok() {
            return refuse(ip);
        }
        if name.contains(':') {
            return refuse("has a port");
        }
        if crate::egress::is_ip_literal(name) {
            return refuse(ip);
        }
        if name.contains('*') {
            return refuse("has a `*` that is not the whole first label");
        }
        if name.chars().any(|c| c.is_ascii_uppercase()) {
            return Err(format!(
                "`{text}` has capitals; write it in lowercase: \"{}\"",
                text.to_ascii_lowercase()
            ));
        }
        if name.len() > 253 {
            return refuse("is longer than 253 characters");
        }
        for label in name.split('.') {
            let valid = (1..=63).contains(&label.len())
                && label
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                && !label.starts_with('-')
                && !label.ends_with('-');
            if !valid {
                return refuse(
                    "has a label that is empty, too long, or not made of a-z, 0-9 and inner `-` \
                     (write international names in punycode, xn--…)",
                );
            }
        }
        if wildcard && !name.contains('.') {
            return refuse("would allow a whole top-level domain");
        }
        Ok(HostPattern(text))
    }
}

impl From<HostPattern> for String {
    fn from(pattern: HostPattern) -> String {
        pattern.0
    }
}

impl std::fmt::Display for HostPattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct EnvRules {
    /// Host variables passed through when set: exact names, or a prefix
    /// ending in `*` (`LC_*`).
    pub pass: Vec<String>,
    /// Variables set to fixed values.
    pub set: BTreeMap<String, String>,
    /// Names that look like credentials but may be passed anyway.
    pub allow_credentials: Vec<String>,
}

impl Default for EnvRules {
    fn default() -> Self {
        EnvRules {
            pass: ["LANG", "LC_*", "TERM", "TZ"]
                .iter()
                .map(|s| s.to_string())
                .collect(),
            set: BTreeMap::from([(
                "PATH".to_string(),
                "/usr/local/bin:/usr/bin:/bin:/usr/local/sbin:/usr/sbin:/sbin".to_string(),
            )]),
            allow_credentials: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Limits {
    /// Wall-clock limit in seconds; the whole jail is killed when it passes.
    /// 0 means none (as for GNU `timeout`); a duration string ("1h30m")
    /// is read as its seconds.
    #[serde(
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::duration::deserialize_opt_secs"
    )]
    pub timeout_secs: Option<u64>,
    /// Memory per process (RLIMIT_DATA: heap and private mappings).
    pub memory: ByteSize,
    /// Processes and threads of the jail's user (RLIMIT_NPROC).
    pub pids: u64,
    /// CPU seconds per process (RLIMIT_CPU); none when absent.
    #[serde(
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::duration::deserialize_opt_secs"
    )]
    pub cpu_time_secs: Option<u64>,
    /// Open files per process (RLIMIT_NOFILE).
    pub nofile: u64,
    /// Largest file a process may write (RLIMIT_FSIZE).
    pub file_size: ByteSize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            timeout_secs: None,
            memory: ByteSize(4 << 30),
            pids: 1024,
            cpu_time_secs: None,
            nofile: 8192,
            file_size: ByteSize(1 << 30),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct SeccompRules {
    /// Off only to test the other layers alone; never in real use.
    pub enabled: bool,
    /// Extra system calls to allow, by name (refused ones cannot be).
    pub allow: Vec<String>,
}

impl Default for SeccompRules {
    fn default() -> Self {
        SeccompRules {
            enabled: true,
            allow: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LandlockRules {
    /// Off only to test the other layers alone; never in real use.
    pub enabled: bool,
    /// The lowest Landlock ABI accepted; a weaker kernel is an error.
    /// 0 runs without Landlock where the kernel has none.
    pub require_abi: u32,
    /// TCP ports the jail may bind (ABI >= 4; all others refused).
    pub tcp_bind: Vec<u16>,
    /// TCP ports the jail may connect to (ABI >= 4; all others refused).
    pub tcp_connect: Vec<u16>,
}

impl Default for LandlockRules {
    fn default() -> Self {
        LandlockRules {
            enabled: true,
            require_abi: 1,
            tcp_bind: Vec::new(),
            tcp_connect: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CwdMode {
    Ro,
    Rw,
    None,
}

/// A blake3 digest as 64 lowercase hex characters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct PinnedHash(pub String);

impl TryFrom<String> for PinnedHash {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        let hex = text.strip_prefix("blake3:").unwrap_or(&text);
        if hex.len() == 64
            && hex
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        {
            Ok(PinnedHash(hex.to_string()))
        } else {
            Err(format!(
                "`{text}` is not a blake3 hash (64 lowercase hex characters) for `pins`; record \
                 one with `jail policy pin --profile NAME FILE`"
            ))
        }
    }
}

impl From<PinnedHash> for String {
    fn from(hash: PinnedHash) -> String {
        hash.0
    }
}

/// An absolute path with no `..`, as a jail destination or a host source.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct JailPath(pub PathBuf);

impl TryFrom<String> for JailPath {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        check_absolute(Path::new(&text)).map(|()| JailPath(PathBuf::from(text)))
    }
}

impl From<JailPath> for String {
    fn from(path: JailPath) -> String {
        path.0.display().to_string()
    }
}

/// Refuses relative paths, `..` components and NUL bytes.
pub fn check_absolute(path: &Path) -> Result<(), String> {
    let text = path.to_string_lossy();
    if text.contains('\0') {
        return Err(format!("`{text}` contains a NUL byte"));
    }
    if !path.is_absolute() {
        return Err(format!("`{text}` is not an absolute path"));
    }
    if path.components().any(|c| c == Component::ParentDir) {
        return Err(format!("`{text}` contains `..`; write the path without it"));
    }
    Ok(())
}

/// `SRC` or `SRC:DEST`: a host path and where it appears in the jail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct BindSpec {
    pub source: PathBuf,
    pub dest: Option<PathBuf>,
}

impl std::str::FromStr for BindSpec {
    type Err = String;
    fn from_str(text: &str) -> Result<Self, String> {
        let (source, dest) = match text.split_once(':') {
            Some((source, dest)) => (source, Some(dest)),
            None => (text, None),
        };
        if source.is_empty() {
            return Err(format!("`{text}`: the source path is empty"));
        }
        if text.contains('\0') {
            return Err(format!("`{text}` contains a NUL byte"));
        }
        let dest = dest.map(PathBuf::from);
        if let Some(dest) = &dest {
            check_absolute(dest).map_err(|e| format!("destination {e}"))?;
        }
        Ok(BindSpec {
            source: PathBuf::from(source),
            dest,
        })
    }
}

impl TryFrom<String> for BindSpec {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        text.parse()
    }
}

impl From<BindSpec> for String {
    fn from(spec: BindSpec) -> String {
        match spec.dest {
            Some(dest) => format!("{}:{}", spec.source.display(), dest.display()),
            None => spec.source.display().to_string(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Hostname(pub String);

impl TryFrom<String> for Hostname {
    type Error = String;
    fn try_from(name: String) -> Result<Self, String> {
        let valid = !name.is_empty()
            && name.len() <= 64
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.');
        if valid {
            Ok(Hostname(name))
        } else {
            Err(format!(
                "`{name}` is not a hostname: use 1 to 64 letters, digits, `-` or `.`"
            ))
        }
    }
}

impl From<Hostname> for String {
    fn from(name: Hostname) -> String {
        name.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[test]
    fn empty_file_is_the_builtin_policy() {
        assert_eq!(crate::parse("", "p.toml").ok(), Some(Policy::default()));
    }

    #[test]
    fn a_profile_names_only_what_it_changes() {
        let policy = crate::parse("[profile.ci]\ncwd = \"rw\"\ntmp_size = \"1G\"\n", "p.toml")
            .expect("valid policy");
        let ci = policy.profile("ci").expect("ci profile");
        assert_eq!(ci.cwd, CwdMode::Rw);
        assert_eq!(ci.tmp_size, ByteSize(1 << 30));
        assert_eq!(ci.system_ro, Profile::default().system_ro);
        assert!(policy.profile("default").is_ok());
    }

    #[rstest]
    #[case("[profile.default]\nbogus = 1\n", 2, "bogus")]
    #[case("[profile.default]\n\ntmp_size = \"lots\"\n", 3, "lots")]
    #[case(
        "[profile.default]\nro = [\"/a:relative\"]\n",
        2,
        "not an absolute path"
    )]
    #[case("[profile.default]\nhome = \"/tmp/../etc\"\n", 2, "..")]
    #[case("[profile.default]\ncwd = \"sometimes\"\n", 2, "sometimes")]
    #[case("[profile.default.env]\npas = []\n", 2, "pas")]
    #[case("[profiles.default]\n", 1, "profiles")]
    fn bad_input_names_line_and_key(#[case] text: &str, #[case] line: usize, #[case] needle: &str) {
        let err = crate::parse(text, "p.toml").expect_err("must be refused");
        let message = err.to_string();
        assert!(message.starts_with(&format!("p.toml:{line}:")), "{message}");
        assert!(message.contains(needle), "{message}");
    }

    #[test]
    fn unknown_profile_lists_known_ones() {
        let err = Policy::default().profile("nope").expect_err("unknown");
        assert!(
            err.to_string()
                .contains("known profiles: check, default, tsc"),
            "{err}"
        );
    }

    #[test]
    fn profile_round_trips_through_toml() {
        let text = toml::to_string(&Policy::default()).expect("serializes");
        assert_eq!(crate::parse(&text, "p.toml").ok(), Some(Policy::default()));
    }

    const RPC_EXAMPLE: &str = r#"[profile.agent.credentials]
GITHUB_TOKEN = { env = "GH_DEPLOY_TOKEN" }
OPENAI_API_KEY = { file = "/run/secrets/openai" }

[profile.agent.tools.deploy]
command = ["/usr/local/bin/deploy", "--env", "staging"]
public_source = false
secret_data = false
public_sink = true
dangerous_writes = true
credentials = ["GITHUB_TOKEN"]
timeout_secs = 120
max_output = "4MiB"

[profile.agent.tools.issues]
command = ["/usr/bin/gh", "issue", "list"]
public_source = true
secret_data = false
public_sink = false
dangerous_writes = false
credentials = ["GITHUB_TOKEN"]

[profile.agent.tools.rm-prod]
command = ["/usr/local/bin/rm-prod"]
dangerous_writes = "forbidden"

[profile.agent.egress]
allow = ["api.openai.com", "*.githubusercontent.com", "localhost"]
allow_addresses = ["127.0.0.1", "::1"]
max_response_bytes = "20MiB"
timeout_secs = 60
max_redirects = 3

[[profile.agent.egress.headers]]
host = "api.openai.com"
header = "Authorization"
credential = "OPENAI_API_KEY"
prefix = "Bearer "

[profile.agent.rpc]
calls_per_second = 50
max_calls = 2000
max_bytes = "16MiB"
session_ttl_secs = 1800
require_review = true
approval_timeout_secs = 120
"#;

    #[test]
    fn tools_credentials_egress_rpc_parse() {
        let policy = crate::parse(RPC_EXAMPLE, "p.toml").expect("valid policy");
        let agent = policy.profile("agent").expect("agent profile");
        let deploy = &agent.tools["deploy"];
        assert_eq!(deploy.command[0], "/usr/local/bin/deploy");
        assert_eq!(deploy.timeout_secs, 120);
        assert_eq!(deploy.max_output, ByteSize(4 << 20));
        assert_eq!(
            deploy.trust(),
            Trust {
                public_source: false,
                secret_data: false,
                public_sink: true,
                dangerous_writes: Writes::Yes,
            }
        );
        assert_eq!(
            agent.tools["rm-prod"].dangerous_writes,
            Some(Writes::Forbidden)
        );
        assert_eq!(agent.tools["issues"].timeout_secs, 30);
        assert_eq!(agent.tools["issues"].max_output, ByteSize(1 << 20));
        assert_eq!(
            agent.credentials["GITHUB_TOKEN"],
            CredentialSource::Env("GH_DEPLOY_TOKEN".into())
        );
        assert_eq!(
            agent.credentials["OPENAI_API_KEY"],
            CredentialSource::File("/run/secrets/openai".into())
        );
        assert_eq!(agent.egress.allow.len(), 3);
        assert_eq!(agent.egress.allow_addresses.len(), 2);
        assert_eq!(agent.egress.max_response_bytes, ByteSize(20 << 20));
        assert_eq!(agent.egress.headers[0].prefix, "Bearer ");
        assert_eq!(agent.rpc.max_bytes, ByteSize(16 << 20));
        assert!(agent.rpc.require_review);
        assert_eq!(
            agent.tool_trust("http.fetch"),
            crate::gate::builtin_trust("http.fetch")
        );
        assert_eq!(agent.tool_trust("deploy"), Some(deploy.trust()));
        assert_eq!(agent.tool_trust("nope"), None);
    }

    #[test]
    fn new_sections_default_to_nothing_allowed() {
        let profile = Profile::default();
        assert!(profile.tools.is_empty() && profile.credentials.is_empty());
        assert!(profile.egress.allow.is_empty() && profile.egress.allow_addresses.is_empty());
        assert_eq!(profile.egress.max_response_bytes, ByteSize(10 << 20));
        assert_eq!(profile.egress.timeout_secs, 30);
        assert_eq!(profile.egress.max_redirects, 5);
        assert_eq!(profile.rpc, RpcLimits::default());
        assert_eq!(profile.rpc.calls_per_second, 200);
        assert_eq!(profile.rpc.max_calls, 10_000);
        assert_eq!(profile.rpc.max_bytes, ByteSize(64 << 20));
        assert_eq!(profile.rpc.session_ttl_secs, 3600);
        assert!(!profile.rpc.require_review);
        assert_eq!(profile.rpc.approval_timeout_secs, 300);
    }

    #[test]
    fn undeclared_trust_is_the_strictest() {
        let policy = crate::parse(
            "[profile.default.tools.t]\ncommand = [\"/bin/t\"]\n",
            "p.toml",
        )
        .expect("valid policy");
        let trust = policy.profile("default").expect("profile").tools["t"].trust();
        assert_eq!(
            trust,
            Trust {
                public_source: true,
                secret_data: true,
                public_sink: true,
                dangerous_writes: Writes::Yes,
            }
        );
    }

    #[test]
    fn example_round_trips_through_toml() {
        let policy = crate::parse(RPC_EXAMPLE, "p.toml").expect("valid policy");
        let text = toml::to_string(&policy).expect("serializes");
        assert_eq!(crate::parse(&text, "p.toml").ok(), Some(policy));
    }

    #[test]
    fn docs_examples_parse() {
        let docs = include_str!("../../docs/policy.md");
        let blocks: Vec<&str> = docs
            .split("```toml\n")
            .skip(1)
            .filter_map(|rest| rest.split("```").next())
            .collect();
        assert!(blocks.len() >= 2, "no toml examples found");
        for block in blocks {
            if let Err(err) = crate::parse(block, "docs/policy.md") {
                panic!("{err}\n{block}");
            }
        }
    }

    // Deserialization errors: line and a message naming the form expected.
    #[rstest]
    #[case("[profile.d.tools.t]\ncommand = []\n", 2, "command` is empty")]
    #[case("[profile.d.tools.t]\ncommand = [\"git\"]\n", 2, "absolute path")]
    #[case("[profile.d.tools.t]\ncommand = [\"/bin/t\"]\nbogus = 1\n", 3, "bogus")]
    #[case("[profile.d.tools.t]\npublic_sink = true\n", 1, "command")]
    #[case(
        "[profile.d.tools.t]\ncommand = [\"/bin/t\"]\ndangerous_writes = \"maybe\"\n",
        3,
        "forbidden"
    )]
    #[case(
        "[profile.d.credentials]\nA = { env = \"A\", file = \"/a\" }\n",
        2,
        "not both"
    )]
    #[case("[profile.d.credentials]\nA = {}\n", 2, "needs a source")]
    #[case("[profile.d.credentials]\nA = { path = \"/a\" }\n", 2, "path")]
    #[case("[profile.d.credentials]\nA = { file = \"a\" }\n", 2, "absolute")]
    #[case("[profile.d.egress]\nallow = [\"https://x.com\"]\n", 2, "scheme")]
    #[case("[profile.d.egress]\nallow = [\"x.com:443\"]\n", 2, "port")]
    #[case("[profile.d.egress]\nallow = [\"x.com/a\"]\n", 2, "path")]
    #[case("[profile.d.egress]\nallow = [\"*\"]\n", 2, "every host")]
    #[case("[profile.d.egress]\nallow = [\"*.com\"]\n", 2, "top-level")]
    #[case("[profile.d.egress]\nallow = [\"a.*.com\"]\n", 2, "first label")]
    #[case("[profile.d.egress]\nallow = [\"10.0.0.1\"]\n", 2, "IP address")]
    #[case("[profile.d.egress]\nallow = [\"127.1\"]\n", 2, "IP address")]
    #[case("[profile.d.egress]\nallow = [\"[::1]\"]\n", 2, "IP address")]
    #[case("[profile.d.egress]\nallow = [\"X.com\"]\n", 2, "\"x.com\"")]
    #[case("[profile.d.egress]\nallow = [\"x..com\"]\n", 2, "label")]
    #[case("[profile.d.egress]\nallow = [\"-x.com\"]\n", 2, "label")]
    #[case(
        "[profile.d.egress]\nallow_addresses = [\"localhost\"]\n",
        2,
        "not an IP address"
    )]
    #[case("[profile.d.credentials]\nA = \"x\"\n", 2, "{ env = ")]
    #[case(
        "[[profile.d.egress.headers]]\nhost = \"x.com\"\nheader = \"Bad Header\"\ncredential = \"A\"\n",
        3,
        "header name"
    )]
    #[case(
        "[[profile.d.egress.headers]]\nhost = \"x.com\"\nheader = \"A\"\ncredential = \"A\"\nprefix = \"a\\r\\nX-Evil: 1\"\n",
        5,
        "line breaks"
    )]
    #[case("[profile.d.rpc]\nmax_bytes = \"lots\"\n", 2, "lots")]
    #[case("[profile.d.rpc]\ncalls = 1\n", 2, "calls")]
    fn bad_new_keys_name_line_and_form(
        #[case] text: &str,
        #[case] line: usize,
        #[case] needle: &str,
    ) {
        let err = crate::parse(text, "p.toml").expect_err("must be refused");
        let message = err.to_string();
        assert!(message.starts_with(&format!("p.toml:{line}:")), "{message}");
        assert!(message.contains(needle), "{message}");
    }

    // Checks across keys: the message names the full key and the fix.
    #[rstest]
    #[case(
        "[profile.default.tools.deploy]\ncommand = [\"/bin/d\"]\ncredentials = [\"TOKEN\"]\n",
        "profile.default.tools.deploy.credentials",
        "[profile.default.credentials]"
    )]
    #[case(
        "[profile.default.tools.echo]\ncommand = [\"/bin/echo\"]\n",
        "profile.default.tools.echo",
        "built-in"
    )]
    #[case(
        "[profile.p.tools.\"http.fetch\"]\ncommand = [\"/bin/curl\"]\n",
        "profile.p.tools.http.fetch",
        "built-in"
    )]
    #[case(
        "[profile.p.tools.\"a b\"]\ncommand = [\"/bin/t\"]\n",
        "profile.p.tools.a b",
        "tool name"
    )]
    #[case(
        "[profile.p.tools.t]\ncommand = [\"/bin/t\"]\ntimeout_secs = 0\n",
        "profile.p.tools.t.timeout_secs",
        "above 0"
    )]
    #[case(
        "[profile.p.credentials]\ngh_token = { env = \"GH\" }\n",
        "profile.p.credentials.gh_token",
        "capitals"
    )]
    #[case(
        "[profile.p.credentials]\n1TOKEN = { env = \"GH\" }\n",
        "profile.p.credentials.1TOKEN",
        "not starting with a digit"
    )]
    #[case(
        "[profile.p.env]\npass = [\"GH_*\"]\n[profile.p.credentials]\nGH = { env = \"GH_PAT\" }\n",
        "profile.p.credentials.GH",
        "env.pass"
    )]
    #[case(
        "[profile.p.env]\nallow_credentials = [\"GH_PAT\"]\n[profile.p.credentials]\nGH = { env = \"GH_PAT\" }\n",
        "profile.p.credentials.GH",
        "env.allow_credentials"
    )]
    #[case(
        "[profile.p.egress]\nallow = [\"x.com\"]\n[[profile.p.egress.headers]]\nhost = \"x.com\"\nheader = \"A\"\ncredential = \"NOPE\"\n",
        "profile.p.egress.headers[0].credential",
        "not a declared credential"
    )]
    #[case(
        "[profile.p.credentials]\nK = { env = \"K\" }\n[profile.p.egress]\nallow = [\"x.com\"]\n[[profile.p.egress.headers]]\nhost = \"*.x.com\"\nheader = \"A\"\ncredential = \"K\"\n",
        "profile.p.egress.headers[0].host",
        "egress.allow"
    )]
    #[case(
        "[profile.p.rpc]\nsession_ttl_secs = 0\n",
        "profile.p.rpc.session_ttl_secs",
        "above 0"
    )]
    #[case(
        "[profile.p.limits]\ntimeout_secs = 9223372036854775807\n",
        "profile.p.limits.timeout_secs",
        "at most 31622400"
    )]
    #[case(
        "[profile.p.egress]\ntimeout_secs = 9223372036854775807\n",
        "profile.p.egress.timeout_secs",
        "more than a year"
    )]
    #[case(
        "[profile.p.rpc]\napproval_timeout_secs = 31622401\n",
        "profile.p.rpc.approval_timeout_secs",
        "more than a year"
    )]
    #[case(
        "[profile.p.tools.t]\ncommand = [\"/bin/t\"]\ntimeout_secs = 9223372036854775807\n",
        "profile.p.tools.t.timeout_secs",
        "more than a year"
    )]
    #[case(
        "[profile.p.limits]\ncpu_time_secs = 0\n",
        "profile.p.limits.cpu_time_secs",
        "above 0"
    )]
    #[case(
        "[profile.p.env.set]\n\"A B\" = \"1\"\n",
        "profile.p.env.set.A B",
        "letters, digits and `_`"
    )]
    #[case(
        "[profile.p.env.set]\n\"A\\nB\" = \"1\"\n",
        "profile.p.env.set.A\\nB",
        "letters, digits and `_`"
    )]
    #[case(
        "[profile.p]\ntmp_size = \"0\"\n",
        "profile.p.tmp_size",
        "size above 0"
    )]
    #[case(
        "[profile.p.limits]\nmemory = 0\n",
        "profile.p.limits.memory",
        "size above 0"
    )]
    fn cross_key_errors_name_the_key(#[case] text: &str, #[case] key: &str, #[case] needle: &str) {
        let err = crate::parse(text, "p.toml").expect_err("must be refused");
        let message = err.to_string();
        assert!(
            message.starts_with(&format!("p.toml: `{key}`: ")),
            "{message}"
        );
        assert!(message.contains(needle), "{message}");
    }

    const REVIEW_EXAMPLE: &str = r#"[profile.agent.review]
required = true
reject_on_critical_injection = true
adversarial = true
cache = false
max_rework = 2

[profile.agent.review.forbidden_imports]
python = ["ctypes", "pickle", "os.path"]
javascript = ["child_process", "node:vm", "@scope/pkg"]

[[profile.agent.review.reviewers]]
kind = "static"

[[profile.agent.review.reviewers]]
kind = "command"
command = ["/usr/local/bin/my-reviewer", "--strict"]
timeout_secs = 30

[[profile.agent.review.reviewers]]
kind = "openai"
base_url = "https://api.openai.com/v1/"
model = "gpt-4o-mini"
key = { env = "OPENAI_API_KEY" }
max_tokens = 512
token_budget = 10000
timeout_secs = 20

[[profile.agent.review.reviewers]]
kind = "anthropic"
model = "claude-3-5-haiku-latest"
key = { file = "/run/secrets/anthropic" }
"#;

    #[test]
    fn review_section_parses() {
        let policy = crate::parse(REVIEW_EXAMPLE, "p.toml").expect("valid policy");
        let review = &policy.profile("agent").expect("agent").review;
        assert!(review.required && review.reject_on_critical_injection && review.adversarial);
        assert!(!review.cache);
        assert_eq!(review.max_rework, 2);
        assert_eq!(
            review.forbidden_imports.for_language("python"),
            ["ctypes", "pickle", "os.path"]
        );
        assert_eq!(review.forbidden_imports.for_language("javascript").len(), 3);
        assert!(review
            .forbidden_imports
            .for_language("typescript")
            .is_empty());
        assert!(review.forbidden_imports.for_language("bash").is_empty());
        assert_eq!(
            review.reviewers,
            vec![
                ReviewerConfig::Static,
                ReviewerConfig::Command(CommandReviewerConfig {
                    command: vec!["/usr/local/bin/my-reviewer".into(), "--strict".into()],
                    timeout_secs: 30,
                }),
                ReviewerConfig::OpenAi(HttpReviewerConfig {
                    base_url: "https://api.openai.com/v1".into(),
                    model: "gpt-4o-mini".into(),
                    key: CredentialSource::Env("OPENAI_API_KEY".into()),
                    max_tokens: 512,
                    token_budget: 10_000,
                    timeout_secs: 20,
                }),
                ReviewerConfig::Anthropic(HttpReviewerConfig {
                    base_url: "https://api.anthropic.com/v1".into(),
                    model: "claude-3-5-haiku-latest".into(),
                    key: CredentialSource::File("/run/secrets/anthropic".into()),
                    max_tokens: 1024,
                    token_budget: 20_000,
                    timeout_secs: 60,
                }),
            ]
        );
        let kinds: Vec<&str> = review.reviewers.iter().map(ReviewerConfig::kind).collect();
        assert_eq!(kinds, ["static", "command", "openai", "anthropic"]);
        let text = toml::to_string(&policy).expect("serializes");
        assert_eq!(crate::parse(&text, "p.toml").ok(), Some(policy));
    }

    #[test]
    fn review_defaults_work_offline() {
        let review = Profile::default().review;
        assert!(review.required && review.cache);
        assert!(!review.reject_on_critical_injection && !review.adversarial);
        assert_eq!(review.max_rework, 3);
        assert_eq!(review.forbidden_imports, ForbiddenImports::default());
        assert_eq!(review.reviewers, vec![ReviewerConfig::Static]);
        let policy = crate::parse(
            "[profile.p.review]\nadversarial = true\n[profile.p.review.forbidden_imports]\npython = [\"ctypes\"]\n",
            "p.toml",
        )
        .expect("valid");
        let review = &policy.profile("p").expect("p").review;
        assert!(review.adversarial && review.required);
        assert_eq!(review.reviewers, vec![ReviewerConfig::Static]);
        assert!(review.forbidden_imports.javascript.is_empty());
    }

    #[rstest]
    #[case::http_base_url_on_loopback("http://127.0.0.1:8080/v1", "http://127.0.0.1:8080/v1")]
    #[case::localhost("http://localhost:1", "http://localhost:1")]
    #[case::ipv6_loopback("http://[::1]:9/", "http://[::1]:9")]
    #[case::https_with_port("https://llm.internal:8443/api/v1", "https://llm.internal:8443/api/v1")]
    fn reviewer_base_urls_accepted(#[case] url: &str, #[case] stored: &str) {
        let text = format!(
            "[[profile.p.review.reviewers]]\nkind = \"openai\"\nmodel = \"m\"\nkey = {{ env = \"K\" }}\nbase_url = \"{url}\"\n"
        );
        let policy = crate::parse(&text, "p.toml").expect("valid");
        let ReviewerConfig::OpenAi(http) = &policy.profile("p").expect("p").review.reviewers[0]
        else {
            panic!("not openai");
        };
        assert_eq!(http.base_url, stored);
    }

    // Every refusal names the key at fault; deserialization errors also the
    // line.
    #[rstest]
    #[case::unknown_key("[profile.p.review]\nrequire = true\n", 2, "require")]
    #[case::bad_type(
        "[profile.p.review]\nmax_rework = \"three\"\n",
        2,
        "\"three\", expected u32"
    )]
    #[case::second_reviewer_points_at_its_table(
        "[[profile.p.review.reviewers]]\nkind = \"static\"\n\n[[profile.p.review.reviewers]]\nkind = \"openai\"\n",
        1,
        "`review.reviewers[1]`: a reviewer with kind = \"openai\" needs `model`"
    )]
    #[case::unknown_language("[profile.p.review.forbidden_imports]\nbash = [\"x\"]\n", 2, "bash")]
    #[case::python_module(
        "[profile.p.review.forbidden_imports]\npython = [\"os path\"]\n",
        2,
        "Python module name"
    )]
    #[case::js_relative(
        "[profile.p.review.forbidden_imports]\njavascript = [\"./x\"]\n",
        2,
        "relative"
    )]
    #[case::no_kind("[[profile.p.review.reviewers]]\nmodel = \"m\"\n", 1, "needs `kind`")]
    #[case::unknown_kind("[[profile.p.review.reviewers]]\nkind = \"gpt\"\n", 2, "openai")]
    #[case::static_with_model(
        "[[profile.p.review.reviewers]]\nkind = \"static\"\nmodel = \"m\"\n",
        1,
        "`model` is not a key of a reviewer with kind = \"static\""
    )]
    #[case::unknown_reviewer_key(
        "[[profile.p.review.reviewers]]\nkind = \"static\"\nstrict = true\n",
        3,
        "strict"
    )]
    #[case::command_without_command(
        "[[profile.p.review.reviewers]]\nkind = \"command\"\n",
        1,
        "needs `command`"
    )]
    #[case::command_relative(
        "[[profile.p.review.reviewers]]\nkind = \"command\"\ncommand = [\"reviewer\"]\n",
        1,
        "absolute path"
    )]
    #[case::command_empty(
        "[[profile.p.review.reviewers]]\nkind = \"command\"\ncommand = []\n",
        1,
        "`command` is empty"
    )]
    #[case::command_with_model(
        "[[profile.p.review.reviewers]]\nkind = \"command\"\ncommand = [\"/bin/r\"]\nmodel = \"m\"\n",
        1,
        "`model` is not a key of a reviewer with kind = \"command\" (it takes only command, timeout_secs)"
    )]
    #[case::openai_with_command(
        "[[profile.p.review.reviewers]]\nkind = \"openai\"\nmodel = \"m\"\nkey = { env = \"K\" }\ncommand = [\"/bin/r\"]\n",
        1,
        "`command` is not a key of a reviewer with kind = \"openai\""
    )]
    #[case::openai_without_model(
        "[[profile.p.review.reviewers]]\nkind = \"openai\"\nkey = { env = \"K\" }\n",
        1,
        "needs `model`"
    )]
    #[case::anthropic_without_key(
        "[[profile.p.review.reviewers]]\nkind = \"anthropic\"\nmodel = \"m\"\n",
        1,
        "needs `key`"
    )]
    #[case::key_both_sources(
        "[[profile.p.review.reviewers]]\nkind = \"openai\"\nmodel = \"m\"\nkey = { env = \"K\", file = \"/k\" }\n",
        4,
        "not both"
    )]
    #[case::plain_http_remote(
        "[[profile.p.review.reviewers]]\nkind = \"openai\"\nmodel = \"m\"\nkey = { env = \"K\" }\nbase_url = \"http://api.openai.com/v1\"\n",
        1,
        "`base_url`: `http://api.openai.com/v1` would send the API key in the clear"
    )]
    #[case::base_url_userinfo(
        "[[profile.p.review.reviewers]]\nkind = \"openai\"\nmodel = \"m\"\nkey = { env = \"K\" }\nbase_url = \"https://u:p@x.com/v1\"\n",
        1,
        "`base_url`"
    )]
    #[case::base_url_scheme(
        "[[profile.p.review.reviewers]]\nkind = \"openai\"\nmodel = \"m\"\nkey = { env = \"K\" }\nbase_url = \"ftp://x.com\"\n",
        1,
        "only https"
    )]
    #[case::model_with_space(
        "[[profile.p.review.reviewers]]\nkind = \"openai\"\nmodel = \"a b\"\nkey = { env = \"K\" }\n",
        1,
        "`model`"
    )]
    #[case::zero_timeout(
        "[[profile.p.review.reviewers]]\nkind = \"command\"\ncommand = [\"/bin/r\"]\ntimeout_secs = 0\n",
        1,
        "`timeout_secs`: 0 seconds is not a limit"
    )]
    #[case::zero_budget(
        "[[profile.p.review.reviewers]]\nkind = \"anthropic\"\nmodel = \"m\"\nkey = { env = \"K\" }\ntoken_budget = 0\n",
        1,
        "`token_budget`"
    )]
    #[case::zero_max_tokens(
        "[[profile.p.review.reviewers]]\nkind = \"anthropic\"\nmodel = \"m\"\nkey = { env = \"K\" }\nmax_tokens = 0\n",
        1,
        "`max_tokens`"
    )]
    fn bad_review_keys_are_refused(#[case] text: &str, #[case] line: usize, #[case] needle: &str) {
        let err = crate::parse(text, "p.toml").expect_err("must be refused");
        let message = err.to_string();
        assert!(message.starts_with(&format!("p.toml:{line}:")), "{message}");
        assert!(message.contains(needle), "{message}");
    }

    #[rstest]
    #[case::no_reviewers(
        "[profile.p.review]\nreviewers = []\n",
        "profile.p.review.reviewers",
        "kind = \"static\""
    )]
    #[case::key_passed_into_jail(
        "[profile.p.env]\npass = [\"OPENAI_*\"]\n[[profile.p.review.reviewers]]\nkind = \"openai\"\nmodel = \"m\"\nkey = { env = \"OPENAI_API_KEY\" }\n",
        "profile.p.review.reviewers[0].key",
        "env.pass"
    )]
    #[case::key_allowed_as_credential(
        "[profile.p.env]\nallow_credentials = [\"K\"]\n[[profile.p.review.reviewers]]\nkind = \"static\"\n[[profile.p.review.reviewers]]\nkind = \"anthropic\"\nmodel = \"m\"\nkey = { env = \"K\" }\n",
        "profile.p.review.reviewers[1].key",
        "env.allow_credentials"
    )]
    fn review_cross_key_errors_name_the_key(
        #[case] text: &str,
        #[case] key: &str,
        #[case] needle: &str,
    ) {
        let err = crate::parse(text, "p.toml").expect_err("must be refused");
        let message = err.to_string();
        assert!(
            message.starts_with(&format!("p.toml: `{key}`: ")),
            "{message}"
        );
        assert!(message.contains(needle), "{message}");
    }

    #[rstest]
    #[case("*.x.com", "*.x.com", true)]
    #[case("*.x.com", "*.a.x.com", true)]
    #[case("*.x.com", "a.x.com", true)]
    #[case("*.x.com", "x.com", false)]
    #[case("*.a.x.com", "*.x.com", false)]
    #[case("x.com", "*.x.com", false)]
    #[case("x.com", "x.com", true)]
    fn host_pattern_covers(#[case] outer: &str, #[case] inner: &str, #[case] covers: bool) {
        let pattern = |p: &str| HostPattern::try_from(p.to_string()).expect("valid");
        assert_eq!(pattern(outer).covers(&pattern(inner)), covers);
    }
}
