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
    #[error("landlock: {0}")]
    Landlock(String),
    #[error("seccomp: {0}")]
    Seccomp(String),
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
