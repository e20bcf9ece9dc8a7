//! The policy file's shape. Every key has a default (the built-in `default`
//! profile), unknown keys are errors, and values are validated while they are
//! parsed, so a bad value is reported with its line and column.

use std::collections::BTreeMap;
use std::path::{Component, Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::size::ByteSize;
use crate::PolicyError;

/// A validated policy: the built-in profiles, overridden and extended by a
/// policy file's `[profile.NAME]` tables.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Policy {
    #[serde(rename = "profile")]
    profiles: BTreeMap<String, Profile>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PolicyFile {
    #[serde(default)]
    profile: BTreeMap<String, Profile>,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            profiles: BTreeMap::from([("default".to_string(), Profile::default())]),
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
        let mut policy = Policy::default();
        policy.profiles.extend(file.profile);
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
    pub env: EnvRules,
    pub limits: Limits,
    pub seccomp: SeccompRules,
    pub landlock: LandlockRules,
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
                ".kube",
                ".docker",
                "credentials",
                ".env",
                ".netrc",
                ".npmrc",
                ".pypirc",
                "id_rsa",
                "id_ed25519",
                "private_key",
                ".secret",
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
            mask_depth: 3,
            env: EnvRules::default(),
            limits: Limits::default(),
            seccomp: SeccompRules::default(),
            landlock: LandlockRules::default(),
        }
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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timeout_secs: Option<u64>,
    /// Memory per process (RLIMIT_DATA: heap and private mappings).
    pub memory: ByteSize,
    /// Processes and threads of the jail's user (RLIMIT_NPROC).
    pub pids: u64,
    /// CPU seconds per process (RLIMIT_CPU); none when absent.
    #[serde(skip_serializing_if = "Option::is_none")]
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
        assert!(err.to_string().contains("known profiles: default"), "{err}");
    }

    #[test]
    fn profile_round_trips_through_toml() {
        let text = toml::to_string(&Policy::default()).expect("serializes");
        assert_eq!(crate::parse(&text, "p.toml").ok(), Some(Policy::default()));
    }
}
