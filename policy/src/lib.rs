//! What a jail may see and do, decided before anything runs.
//!
//! A *policy* is a TOML file of named *profiles* (`[profile.default]`,
//! `[profile.ci]`, …). Every key has a built-in default, so a file names only
//! what it changes; with no file at all, the built-in `default` profile is
//! used. [`load`] parses and validates a file (unknown keys and bad values are
//! errors that name the file, line and key), and [`plan::build`] turns one
//! profile plus the command line into a [`JailPlan`]: the complete, ordered
//! list of namespaces, id maps, mounts, environment and limits that the
//! `jail` crate executes and that `jail exec --explain` prints.
//!
//! This crate makes decisions only: no syscalls, and no I/O except reading
//! the policy file. What it needs to know about the host's filesystem comes
//! through the [`FsView`] trait, so every decision is unit-tested with a fake.
#![forbid(unsafe_code)]

pub mod decode;
pub mod degraded;
pub mod duration;
pub mod egress;
pub mod env;
pub mod error;
pub mod gate;
pub mod landlock;
pub mod layout;
pub mod model;
pub mod mounts;
pub mod plan;
pub mod proxy;
pub mod seccomp;
pub mod secrets;
pub mod size;

pub use error::PolicyError;
pub use model::{CwdMode, Policy, Profile};
pub use mounts::{FileKind, FsView};
pub use plan::{JailPlan, PlanRequest};

/// Parses and validates policy text; `origin` names the file in errors.
pub fn parse(text: &str, origin: &str) -> Result<Policy, PolicyError> {
    model::Policy::from_toml(text, origin)
}

/// Reads, parses and validates a policy file.
pub fn load(path: &std::path::Path) -> Result<Policy, PolicyError> {
    let text = std::fs::read_to_string(path).map_err(|source| PolicyError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    parse(&text, &path.display().to_string())
}
