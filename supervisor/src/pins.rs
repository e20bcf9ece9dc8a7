//! Pinned executables (`[profile.NAME.pins]`): a profile with pins runs
//! only a command whose host file is pinned (itself, or inside a pinned
//! directory), and only while every pin still has the blake3 hash recorded
//! by `jail policy pin`. It guards against a checker or interpreter that
//! changed under the policy (an upgraded or tampered `node`, a swapped file
//! in the `typescript` package), not against a process racing to swap a
//! file between the check and the exec.
//!
//! A pinned file is the blake3 of its content. A pinned directory is a
//! tree hash (blake3 in derive-key mode, context [`TREE_CONTEXT`], so no
//! file's content can hash like a tree) over every entry below it,
//! depth-first, each directory's entries sorted by name bytes; each entry
//! adds a kind byte (`d` directory, `f` file, `x` file with an execute bit,
//! `l` symlink), its path relative to the pinned directory (length-prefixed),
//! and for a file the blake3 of its content, for a symlink its target text.
//! Symlinks are never followed: what one points to outside the tree is not
//! covered. Any other kind of entry (a fifo, a device) cannot be pinned.

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
        "profile `{profile}` has pins (profile.{profile}.pins), and the compiler's package \
         directory {package} is not pinned as a whole (a pin of one file in it, such as its \
         bin/tsc launcher, leaves the code it loads free to change); pin it with \
         `jail policy pin --profile {profile} --tsc` (node and the compiler) or \
         `jail policy pin --profile {profile} {package}`"
    )]
    PackageNotPinned { profile: String, package: String },
    #[error(
        "pinned {kind} {path} changed: its blake3 is {actual}, profile.{profile}.pins says \
         {expected}; if the change is expected, record it again with \
         `jail policy pin --profile {profile} {path}`"
    )]
    Changed {
        profile: String,
        kind: &'static str,
        path: String,
        actual: String,
        expected: String,
    },
    #[error("cannot hash {path} to pin it: {source}")]
    Unpinnable {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot read pinned file {path} (profile.{profile}.pins): {source}")]
    Unreadable {
        profile: String,
        path: String,
        source: std::io::Error,
    },
}

/// The derive-key context of directory hashes (see the module doc).
pub const TREE_CONTEXT: &str = "jail 2026 pins: directory tree v1";

/// The blake3 of a file's content.
fn file_digest(path: &Path) -> std::io::Result<blake3::Hash> {
    let mut hasher = blake3::Hasher::new();
    hasher.update_reader(std::fs::File::open(path)?)?;
    Ok(hasher.finalize())
}

/// A pin's hash, hex: a file's content hash, or a directory's tree hash.
/// A symlink (or anything else) is refused: pins name real paths.
pub fn hash_path(path: &Path) -> std::io::Result<String> {
    let kind = std::fs::symlink_metadata(path)?.file_type();
    let hash = if kind.is_dir() {
        let mut hasher = blake3::Hasher::new_derive_key(TREE_CONTEXT);
        hash_tree(path, Path::new(""), &mut hasher)?;
        hasher.finalize()
    } else if kind.is_file() {
        file_digest(path)?
    } else {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            "neither a file nor a directory (a symlink?); pin its real path",
        ));
    };
    Ok(hash.to_hex().to_string())
}

/// Adds the entries below `root.join(relative)` to `hasher`.
fn hash_tree(root: &Path, relative: &Path, hasher: &mut blake3::Hasher) -> std::io::Result<()> {
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::PermissionsExt;
    let mut entries = std::fs::read_dir(root.join(relative))?
        .map(|entry| entry.map(|e| e.file_name()))
        .collect::<std::io::Result<Vec<_>>>()?;
    entries.sort_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    for name in entries {
        let relative = relative.join(&name);
        let path = root.join(&relative);
        let meta = std::fs::symlink_metadata(&path)?;
        let kind = meta.file_type();
        let tag = if kind.is_dir() {
            b'd'
        } else if kind.is_symlink() {
            b'l'
        } else if kind.is_file() && meta.permissions().mode() & 0o111 != 0 {
            b'x'
        } else if kind.is_file() {
            b'f'
        } else {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!(
                    "{} is neither a file, a directory nor a symlink",
                    path.display()
                ),
            ));
        };
        let bytes = relative.as_os_str().as_bytes();
        hasher.update(&[tag]);
        hasher.update(&(bytes.len() as u64).to_le_bytes());
        hasher.update(bytes);
        match tag {
            b'd' => hash_tree(root, &relative, hasher)?,
            b'l' => {
                let target = std::fs::read_link(&path)?;
                let target = target.as_os_str().as_bytes();
                hasher.update(&(target.len() as u64).to_le_bytes());
                hasher.update(target);
            }
            _ => {
                hasher.update(file_digest(&path)?.as_bytes());
            }
        }
    }
    Ok(())
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

/// `path` (a host file, shown as `shown`) is one of the profile's pins or
/// lies in a pinned directory, compared by real path. Hashes nothing.
pub fn require_pinned(
    name: &str,
    profile: &Profile,
    path: &Path,
    shown: &str,
) -> Result<(), PinError> {
    if profile.pins.is_empty() || covered(profile, path, false) {
        Ok(())
    } else {
        Err(not_pinned(name, profile, shown))
    }
}

/// The package directory `package` lies in (or is) a pinned directory: a
/// pin of one file in it is not enough. Hashes nothing.
pub fn require_package_pinned(
    name: &str,
    profile: &Profile,
    package: &Path,
) -> Result<(), PinError> {
    if profile.pins.is_empty() || covered(profile, package, true) {
        Ok(())
    } else {
        Err(PinError::PackageNotPinned {
            profile: name.to_string(),
            package: package.display().to_string(),
        })
    }
}

/// A pin is `path`, or a directory holding it; with `tree`, only the latter.
fn covered(profile: &Profile, path: &Path, tree: bool) -> bool {
    let real = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let target = real(path);
    profile.pins.keys().any(|pinned| {
        let pinned = real(&pinned.0);
        let dir = pinned.is_dir();
        (pinned == target && (dir || !tree)) || (dir && target.starts_with(&pinned))
    })
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
    let actual = hash_path(path).map_err(|source| PinError::Unreadable {
        profile: name.to_string(),
        path: path.display().to_string(),
        source,
    })?;
    if actual == expected.0 {
        Ok(())
    } else {
        Err(PinError::Changed {
            profile: name.to_string(),
            kind: if path.is_dir() { "directory" } else { "file" },
            path: path.display().to_string(),
            actual,
            expected: expected.0.clone(),
        })
    }
}

/// The host paths `jail policy pin` records: each file's or directory's
/// real path, with its hash.
pub fn resolve(paths: &[PathBuf]) -> Result<Vec<(PathBuf, String)>, PinError> {
    paths
        .iter()
        .map(|path| {
            let unreadable = |source| PinError::Unpinnable {
                path: path.display().to_string(),
                source,
            };
            let real = std::fs::canonicalize(path).map_err(unreadable)?;
            let hash = hash_path(&real).map_err(unreadable)?;
            Ok((real, hash))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_hash_covers_names_contents_modes_and_links_and_never_equals_a_file_hash() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("pkg");
        std::fs::create_dir_all(dir.join("lib")).unwrap();
        std::fs::write(dir.join("lib/_tsc.js"), "compile();\n").unwrap();
        std::fs::write(dir.join("package.json"), "{}").unwrap();
        std::os::unix::fs::symlink("lib/_tsc.js", dir.join("link")).unwrap();
        let first = hash_path(&dir).unwrap();
        assert_eq!(hash_path(&dir).unwrap(), first, "stable");
        let changes: [&dyn Fn(); 5] = [
            &|| std::fs::write(dir.join("lib/_tsc.js"), "pwned();\n").unwrap(),
            &|| std::fs::rename(dir.join("package.json"), dir.join("package.jso")).unwrap(),
            &|| {
                std::fs::set_permissions(dir.join("lib/_tsc.js"), PermissionsExt::from_mode(0o755))
                    .unwrap()
            },
            &|| {
                std::fs::remove_file(dir.join("link")).unwrap();
                std::os::unix::fs::symlink("/etc/passwd", dir.join("link")).unwrap();
            },
            &|| std::fs::create_dir(dir.join("empty")).unwrap(),
        ];
        let mut seen = vec![first];
        for change in changes {
            change();
            let now = hash_path(&dir).unwrap();
            assert!(!seen.contains(&now), "a change left the hash as it was");
            seen.push(now);
        }
        // A link as the pinned path itself is refused, not followed.
        std::os::unix::fs::symlink(&dir, tmp.path().join("alias")).unwrap();
        assert!(hash_path(&tmp.path().join("alias")).is_err());
        // A file whose content is a tree's hashed stream is still a file.
        std::fs::write(tmp.path().join("f"), "").unwrap();
        let empty_dir = tmp.path().join("e");
        std::fs::create_dir(&empty_dir).unwrap();
        assert_ne!(
            hash_path(&tmp.path().join("f")).unwrap(),
            hash_path(&empty_dir).unwrap()
        );
    }
}
