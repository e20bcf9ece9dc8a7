//! Pinned executables (`[profile.NAME.pins]`): a profile with pins runs
//! only a command whose host file is pinned, and only while every pinned
//! file still has the blake3 hash recorded by `jail policy pin`. It guards
//! against a checker or interpreter that changed under the policy (an
//! upgraded or tampered `node`, a swapped `tsc` script), not against a
//! process racing to swap a file between the check and the exec.

use std::path::{Path, PathBuf};

use policy::model::PinnedHash;
use policy::{JailPlan, Profile};

#[derive(Debug, thiserror::Error)]
pub enum PinError {
    #[error(
        "profile `{profile}` runs only pinned commands (profile.{profile}.pins), and `{command}` \
         is not one; give one of {pinned} as an absolute path, or pin it with \
         `jail policy pin --profile {profile} {command}`"
    )]
    NotPinned {
        profile: String,
        command: String,
        pinned: String,
    },
    #[error(
        "pinned file {path} changed: its blake3 is {actual}, profile.{profile}.pins says \
         {expected}; if the change is expected, record it again with \
         `jail policy pin --profile {profile} {path}`"
    )]
    Changed {
        profile: String,
        path: String,
        actual: String,
        expected: String,
    },
    #[error("cannot read pinned file {path} (profile.{profile}.pins): {source}")]
    Unreadable {
        profile: String,
        path: String,
        source: std::io::Error,
    },
}

/// The blake3 of a file's content, hex.
pub fn hash_file(path: &Path) -> std::io::Result<String> {
    let mut hasher = blake3::Hasher::new();
    hasher.update_reader(std::fs::File::open(path)?)?;
    Ok(hasher.finalize().to_hex().to_string())
}

/// Before running `plan` under `profile` (called `name`): its command
/// must be pinned, and every pinned file must hash as recorded.
pub fn check(name: &str, profile: &Profile, plan: &JailPlan) -> Result<(), PinError> {
    if profile.pins.is_empty() {
        return Ok(());
    }
    let command = plan.argv.first().map(String::as_str).unwrap_or_default();
    // A bare name would be looked up on the jail's PATH: pins name files.
    let host = Path::new(command)
        .is_absolute()
        .then(|| plan.host_path(Path::new(command)));
    match host {
        Some(host) => require_pinned(name, profile, &host, command)?,
        None => return Err(not_pinned(name, profile, command)),
    }
    for (path, expected) in &profile.pins {
        verify(name, &path.0, expected)?;
    }
    Ok(())
}

/// `path` (a host file, shown as `shown`) is one of the profile's pins,
/// compared by real path. Hashes nothing.
pub fn require_pinned(
    name: &str,
    profile: &Profile,
    path: &Path,
    shown: &str,
) -> Result<(), PinError> {
    if profile.pins.is_empty() {
        return Ok(());
    }
    let real = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let target = real(path);
    if profile.pins.keys().any(|pinned| real(&pinned.0) == target) {
        Ok(())
    } else {
        Err(not_pinned(name, profile, shown))
    }
}

fn not_pinned(name: &str, profile: &Profile, command: &str) -> PinError {
    PinError::NotPinned {
        profile: name.to_string(),
        command: command.to_string(),
        pinned: profile
            .pins
            .keys()
            .map(|p| p.0.display().to_string())
            .collect::<Vec<_>>()
            .join(", "),
    }
}

fn verify(name: &str, path: &Path, expected: &PinnedHash) -> Result<(), PinError> {
    let actual = hash_file(path).map_err(|source| PinError::Unreadable {
        profile: name.to_string(),
        path: path.display().to_string(),
        source,
    })?;
    if actual == expected.0 {
        Ok(())
    } else {
        Err(PinError::Changed {
            profile: name.to_string(),
            path: path.display().to_string(),
            actual,
            expected: expected.0.clone(),
        })
    }
}

/// The host paths `jail policy pin` records: each file's real path.
pub fn resolve(files: &[PathBuf]) -> std::io::Result<Vec<(PathBuf, String)>> {
    files
        .iter()
        .map(|file| {
            let real = std::fs::canonicalize(file)?;
            let hash = hash_file(&real)?;
            Ok((real, hash))
        })
        .collect()
}
