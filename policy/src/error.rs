use std::path::PathBuf;

/// Every way a policy or a request against it can be refused. Messages name
/// the key or option at fault and how to fix it.
#[derive(Debug, thiserror::Error)]
pub enum PolicyError {
    #[error("cannot read policy file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{origin}:{line}:{column}: {message}")]
    Syntax {
        origin: String,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("no profile named `{name}`; known profiles: {known}")]
    UnknownProfile { name: String, known: String },
    #[error("{what} `{path}`: {reason}")]
    BadPath {
        what: &'static str,
        path: String,
        reason: String,
    },
    #[error(
        "{what} `{path}` is refused: `{component}` matches the blocked pattern `{pattern}` \
         (profile key `blocked_patterns`); secrets stay outside the jail"
    )]
    Blocked {
        what: &'static str,
        path: String,
        component: String,
        pattern: String,
    },
    #[error(
        "{what} `{path}` passes through the symlink `{link}` -> `{target}`, which sits in a \
         directory you can write: a jail with that directory writable could have planted it; \
         if `{target}` is really meant, name it directly"
    )]
    UntrustedSymlink {
        what: &'static str,
        path: String,
        link: String,
        target: String,
    },
    #[error("{what} `{path}` is refused: {reason}")]
    Protected {
        what: &'static str,
        path: String,
        reason: String,
    },
    #[error(
        "the bound directory `{dir}` has more than {limit} entries within {depth} levels \
         (profile key `mask_depth`), so blocked entries in it cannot all be masked; raise \
         `mask_scan_limit` in the profile, lower `mask_depth`, or bind a smaller directory"
    )]
    MaskScanTooLarge {
        dir: String,
        limit: usize,
        depth: u32,
    },
    #[error("bind destination `{dest}` is given twice ({first} and {second}); give each destination once")]
    DuplicateDest {
        dest: String,
        first: String,
        second: String,
    },
    #[error(
        "environment variable `{name}` looks like a credential (its name contains `{marker}`) \
         and is not passed into the jail; if it must be, add it to `env.allow_credentials` \
         in the policy profile"
    )]
    CredentialEnv { name: String, marker: &'static str },
    #[error("--env-pass {name}: `{name}` is not set in the caller's environment")]
    EnvNotSet { name: String },
    #[error("environment entry `{entry}`: {reason}")]
    BadEnv { entry: String, reason: &'static str },
    #[error("no command given: use `jail exec [OPTIONS] -- CMD [ARGS...]`")]
    NoCommand,
    /// The kernel's Landlock is older than the profile requires. Decided
    /// here from the probed ABI, so there is no underlying error to carry.
    #[error(
        "landlock: the profile requires Landlock ABI {required} but this kernel offers {}; \
         use a newer kernel (see `jail doctor`), or lower `landlock.require_abi` \
         / `--require-landlock` (0 runs without Landlock)",
        abi_or_none(*.kernel)
    )]
    Landlock { required: u32, kernel: u32 },
    #[error(transparent)]
    Seccomp(#[from] SeccompError),
    #[error("command argument {index} contains a NUL byte")]
    NulInArgument { index: usize },
    #[error("{key} is {value}: {reason}")]
    Limit {
        key: &'static str,
        value: u64,
        reason: &'static str,
    },
    #[error("{key}: {reason}")]
    BadLimit { key: &'static str, reason: String },
    #[error("the degraded tier (no user namespaces) cannot run this: {reason}")]
    Degraded { reason: String },
    #[error("{origin}: `{key}`: {reason}")]
    Invalid {
        origin: String,
        key: String,
        reason: String,
    },
}

/// A kernel's Landlock ABI as `--explain` and errors name it: 0 is none.
fn abi_or_none(abi: u32) -> String {
    if abi == 0 {
        "none".to_string()
    } else {
        abi.to_string()
    }
}

/// Why a seccomp filter cannot be planned or compiled. Each message starts
/// with `seccomp: `, since [`PolicyError::Seccomp`] shows it as it is.
#[derive(Debug, thiserror::Error)]
pub enum SeccompError {
    #[error("seccomp: `seccomp.allow` names `{name}`, which jail always refuses; remove it")]
    AlwaysRefused { name: String },
    /// Not in seccompiler's table for this architecture. The lookup's own
    /// error is not kept: the name is looked up by compiling a one-rule
    /// filter (see `seccomp::number_of`), whose parse error says less than
    /// this message and would follow it in `jail`'s `{:#}` output.
    #[error("seccomp: `seccomp.allow` names `{name}`, which is not a system call on {arch}")]
    UnknownCall { name: String, arch: &'static str },
    #[error("seccomp: cannot resolve `{name}`")]
    Unresolved { name: String },
    #[error("seccomp: bad call number {nr}")]
    BadNumber {
        nr: libc::c_long,
        source: std::num::TryFromIntError,
    },
    #[error("seccomp: allowlist too large for BPF jumps")]
    TooLarge(#[source] std::num::TryFromIntError),
    /// seccompiler refused the conditional rules or their filter.
    #[error("seccomp: cannot build the filter of argument conditions")]
    Build(#[from] seccompiler::BackendError),
}
