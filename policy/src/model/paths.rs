//! Checked paths: jail paths, bind specs and pinned hashes. Each is
//! validated as it is parsed, so a bad one is reported with its line.

use std::path::{Component, Path, PathBuf};

use serde::{Deserialize, Serialize};

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
