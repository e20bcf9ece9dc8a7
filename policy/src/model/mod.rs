//! The policy file's shape. Every key has a default (the built-in `default`
//! profile), unknown keys are errors, and values are validated while they are
//! parsed, so a bad value is reported with its line and column.
//!
//! This file holds the file itself ([`Policy`]), one profile ([`Profile`])
//! and the small per-layer tables; each larger section has its own module:
//! [`tools`] (host commands the jail may call), [`credentials`] (where the
//! supervisor reads secrets), [`egress`] (what its HTTP client may reach),
//! [`review`] (who judges agent-written code), [`limits`] (resource and
//! RPC limits, and the checks every timeout and size passes) and [`paths`]
//! (checked paths, binds and pins).

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::gate::{builtin_trust, Trust};
use crate::size::ByteSize;
use crate::PolicyError;

pub mod credentials;
pub mod egress;
pub mod limits;
pub mod llm;
pub mod paths;
pub mod review;
pub mod tools;

pub use credentials::CredentialSource;
pub use egress::{CredentialHeader, Egress, HostPattern, HostTrust, Injected, InspectTls};
pub use limits::{check_secs, check_size, deadline, Limits, RpcLimits, MAX_SECS};
pub use paths::{check_absolute, BindSpec, JailPath, PinnedHash};
pub use review::{
    CommandReviewerConfig, ForbiddenImports, HttpReviewerConfig, ReviewRules, ReviewerConfig,
};
pub use tools::ToolDecl;

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
    /// A run that finds more session records than this removes the oldest
    /// finished ones, down to half as many, after it ends: each run lists
    /// them all, so start-up would otherwise grow with the history. 0:
    /// only `jail state prune` removes them.
    pub keep_records: u64,
    /// The audit log moves to a numbered segment once this long; 0: never
    /// by size (`jail audit rotate` still does).
    pub audit_segment_size: ByteSize,
}

impl Default for StateRetention {
    fn default() -> Self {
        StateRetention {
            keep_days: 30,
            keep_records: 500,
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
    /// The LLM gateway's providers.
    pub llm: llm::LlmRules,
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
            llm: llm::LlmRules::default(),
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
        self.validate_env_set(&base, &invalid)?;
        self.validate_credentials(&base, &invalid)?;
        self.validate_tools(&base, &invalid)?;
        self.validate_headers(&base, &invalid)?;
        self.validate_hosts(&base, &invalid)?;
        self.validate_inject(&base, &invalid)?;
        self.validate_llm(&base, &invalid)?;
        self.validate_review(&base, &invalid)?;
        self.validate_limits(&base, &invalid)
    }

    /// `env.set`: names a shell can use.
    fn validate_env_set(&self, base: &str, invalid: &Invalid) -> Result<(), PolicyError> {
        if let Some(var) = self.env.set.keys().find(|k| !crate::env::is_shell_name(k)) {
            return Err(invalid(
                format!("{base}.env.set.{}", var.escape_debug()),
                "a variable name is letters, digits and `_`, not starting with a digit \
                 (like MY_VAR)"
                    .to_string(),
            ));
        }
        Ok(())
    }

    /// `credentials`: usable names, and none read from a variable that
    /// `env` would also let into the jail.
    fn validate_credentials(&self, base: &str, invalid: &Invalid) -> Result<(), PolicyError> {
        for (cred, source) in &self.credentials {
            let key = format!("{base}.credentials.{cred}");
            credentials::check_env_name(cred).map_err(|reason| invalid(key.clone(), reason))?;
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
        Ok(())
    }

    /// `tools`: not a built-in's name, a usable name, declared credentials
    /// and a usable timeout.
    fn validate_tools(&self, base: &str, invalid: &Invalid) -> Result<(), PolicyError> {
        for (tool, decl) in &self.tools {
            let key = format!("{base}.tools.{tool}");
            if builtin_trust(tool).is_some() {
                return Err(invalid(
                    key,
                    format!("`{tool}` is a built-in tool; give the declared tool another name"),
                ));
            }
            tools::check_tool_name(tool).map_err(|reason| invalid(key.clone(), reason))?;
            if let Some(cred) = decl
                .credentials
                .iter()
                .find(|c| !self.credentials.contains_key(*c))
            {
                return Err(invalid(
                    format!("{key}.credentials"),
                    undeclared(base, cred),
                ));
            }
            check_secs(decl.timeout_secs)
                .map_err(|reason| invalid(format!("{key}.timeout_secs"), reason))?;
        }
        Ok(())
    }

    /// `egress.headers`: a declared credential, for a host `egress.allow`
    /// lets requests go to.
    fn validate_headers(&self, base: &str, invalid: &Invalid) -> Result<(), PolicyError> {
        for (index, header) in self.egress.headers.iter().enumerate() {
            let key = format!("{base}.egress.headers[{index}]");
            if !self.credentials.contains_key(&header.credential) {
                return Err(invalid(
                    format!("{key}.credential"),
                    undeclared(base, &header.credential),
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
        Ok(())
    }

    /// `egress.hosts`: each for hosts `egress.allow` lets requests go to.
    fn validate_hosts(&self, base: &str, invalid: &Invalid) -> Result<(), PolicyError> {
        for pattern in self.egress.hosts.keys() {
            if !self.egress.allow.iter().any(|a| a.covers(pattern)) {
                return Err(invalid(
                    format!("{base}.egress.hosts.\"{pattern}\""),
                    format!(
                        "`{pattern}` is not allowed by `{base}.egress.allow`, so its trust \
                         would never apply; add the host there, or remove this entry"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// `egress.inject`: a declared credential, hosts `egress.allow` covers,
    /// variable names of the jail's own (none the proxy sets), each
    /// credential and variable once.
    fn validate_inject(&self, base: &str, invalid: &Invalid) -> Result<(), PolicyError> {
        let mut seen_env = std::collections::BTreeSet::new();
        let mut seen_credential = std::collections::BTreeSet::new();
        for (index, entry) in self.egress.inject.iter().enumerate() {
            let key = format!("{base}.egress.inject[{index}]");
            if !self.credentials.contains_key(&entry.credential) {
                return Err(invalid(
                    format!("{key}.credential"),
                    undeclared(base, &entry.credential),
                ));
            }
            if !seen_credential.insert(&entry.credential) {
                return Err(invalid(
                    format!("{key}.credential"),
                    format!(
                        "credential `{}` has an earlier entry; list all its hosts in one",
                        entry.credential
                    ),
                ));
            }
            if entry.hosts.is_empty() {
                return Err(invalid(
                    format!("{key}.hosts"),
                    "no host: list where the real value may go, like [\"api.github.com\"]"
                        .to_string(),
                ));
            }
            if let Some(host) = entry
                .hosts
                .iter()
                .find(|h| !self.egress.allow.iter().any(|a| a.covers(h)))
            {
                return Err(invalid(
                    format!("{key}.hosts"),
                    format!(
                        "`{host}` is not allowed by `{base}.egress.allow`, so the value would \
                         never reach it; add the host there"
                    ),
                ));
            }
            if entry.port == 0 {
                return Err(invalid(
                    format!("{key}.port"),
                    "0 is not a port: give the port the value goes to (443 for https)".to_string(),
                ));
            }
            for name in entry.env_names() {
                if !crate::env::is_shell_name(&name) {
                    return Err(invalid(
                        format!("{key}.env"),
                        format!(
                            "`{}` is not a variable name: letters, digits and `_`, not \
                             starting with a digit",
                            name.escape_debug()
                        ),
                    ));
                }
                if crate::proxy::sets_variable(&name) {
                    return Err(invalid(
                        format!("{key}.env"),
                        format!("`{name}` is set by the proxy itself; name another variable"),
                    ));
                }
                if !seen_env.insert(name.clone()) {
                    return Err(invalid(
                        format!("{key}.env"),
                        format!("`{name}` holds another credential's placeholder already"),
                    ));
                }
            }
        }
        Ok(())
    }

    /// Timeouts and sizes, which serde reads as plain numbers.
    fn validate_limits(&self, base: &str, invalid: &Invalid) -> Result<(), PolicyError> {
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

    /// The trust of a built-in or declared tool; `None` for an unknown name.
    pub fn tool_trust(&self, name: &str) -> Option<Trust> {
        builtin_trust(name).or_else(|| self.tools.get(name).map(ToolDecl::trust))
    }
}

/// Builds a cross-key error: the key at fault and why.
type Invalid<'a> = dyn Fn(String, String) -> PolicyError + 'a;

/// Why `cred`, named by a tool or header of profile `base`, is refused.
fn undeclared(base: &str, cred: &str) -> String {
    format!(
        "`{cred}` is not a declared credential; add it under \
         [{base}.credentials] as {cred} = {{ env = \"VAR\" }} or {{ file = \"/path\" }}"
    )
}

/// `env.pass` matching: an exact name, or a prefix ending in `*`.
fn matches_name(name: &str, pattern: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => name.starts_with(prefix),
        None => name == pattern,
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
mod tests;
