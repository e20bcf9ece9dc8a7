//! Mount safety: which host paths may be bound, and what must be masked.
//!
//! A bind source is resolved component by component: a symlink is followed
//! only where the caller cannot write the directory that holds it (a jail
//! with that directory writable could have planted it), and the result is
//! opened with no symlink followed at all. Every check then runs on what
//! was opened (its real path, its filesystem), and its device and inode go
//! into the plan, so the child binds that object or nothing.

use std::io;
use std::path::{Component, Path, PathBuf};

use serde::Serialize;

use crate::PolicyError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum FileKind {
    Dir,
    File,
    Symlink,
    Other,
}

/// Which object a path named when it was checked: the child opens the
/// path again and binds it only if it is still this object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Identity {
    pub dev: u64,
    pub ino: u64,
}

/// A host path opened with no symlink followed, described from the open
/// object itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opened {
    /// The path the kernel reports for the open object.
    pub path: PathBuf,
    pub identity: Identity,
    pub kind: FileKind,
    /// The type of the filesystem it lies on (`ext4`, `proc`, ...).
    pub fs_type: String,
}

/// What the policy needs to know about the host's filesystem. The supervisor
/// implements it with real calls; tests use a fake tree.
pub trait FsView {
    /// The path with every symlink resolved; an error if it does not exist.
    fn canonicalize(&self, path: &Path) -> io::Result<PathBuf>;
    /// The kind of the path itself, not following a final symlink.
    fn kind(&self, path: &Path) -> io::Result<FileKind>;
    fn read_link(&self, path: &Path) -> io::Result<PathBuf>;
    /// Entry names and kinds (final symlinks not followed).
    fn read_dir(&self, path: &Path) -> io::Result<Vec<(String, FileKind)>>;
    /// Whether the caller may create or replace entries in `dir`.
    fn caller_can_write(&self, dir: &Path) -> bool;
    /// Opens `path` following no symlink (an error if any component is
    /// one) and describes the open object.
    fn open(&self, path: &Path) -> io::Result<Opened>;
    /// Up to `limit` bytes from the start of the file at `path`.
    fn read_head(&self, path: &Path, limit: usize) -> io::Result<Vec<u8>>;
}

/// Filesystems no bind may expose: they are views of the host's kernel,
/// devices and processes, not files. The jail has its own /proc and /dev.
pub const PSEUDO_FILESYSTEMS: [&str; 17] = [
    "proc",
    "sysfs",
    "devtmpfs",
    "devpts",
    "debugfs",
    "tracefs",
    "securityfs",
    "cgroup",
    "cgroup2",
    "bpf",
    "configfs",
    "efivarfs",
    "pstore",
    "fusectl",
    "binfmt_misc",
    "mqueue",
    "nsfs",
];

/// The first component of `path` that a blocked pattern matches, with the
/// pattern. A pattern matches a component equal to it or starting with it
/// followed by `.` (`id_rsa.pub`, `.env.local`); a pattern with a `/`
/// (`gh/hosts.yml`) matches that run of components, its last one as above.
pub fn blocked_component<'a>(path: &Path, patterns: &'a [String]) -> Option<(String, &'a str)> {
    let names: Vec<String> = path
        .components()
        .filter_map(|c| match c {
            Component::Normal(name) => Some(name.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect();
    // Each pattern's last part, found once: most components match none,
    // and this runs for every bind source.
    let last_parts: Vec<&str> = patterns.iter().map(|p| last_part(p)).collect();
    (0..names.len()).find_map(|end| {
        let (pattern, _) = patterns.iter().zip(&last_parts).find(|(p, last)| {
            matches_pattern(&names[end], last) && matches_at(&names[..=end], p)
        })?;
        let depth = pattern.split('/').filter(|p| !p.is_empty()).count();
        Some((names[end + 1 - depth..=end].join("/"), pattern.as_str()))
    })
}

/// The last non-empty part of `pattern` (`.aws/credentials`: `credentials`).
fn last_part(pattern: &str) -> &str {
    pattern.rsplit('/').find(|p| !p.is_empty()).unwrap_or("")
}

/// Whether `pattern` matches the path whose components end with `names`'
/// last one.
fn matches_at(names: &[String], pattern: &str) -> bool {
    // From the last part back, without collecting: this runs for every
    // component of every bind source against every pattern.
    let mut parts = pattern.rsplit('/').filter(|p| !p.is_empty());
    let Some(last) = parts.next() else {
        return false;
    };
    let Some((name, ancestors)) = names.split_last() else {
        return false;
    };
    let mut ancestors = ancestors.iter().rev();
    matches_pattern(name, last) && parts.all(|part| ancestors.next().is_some_and(|a| a == part))
}

fn matches_pattern(name: &str, pattern: &str) -> bool {
    name == pattern
        || name
            .strip_prefix(pattern)
            .is_some_and(|rest| rest.starts_with('.'))
}

/// How many symlinks one resolution may pass through (the kernel's limit).
const MAX_SYMLINKS: u32 = 40;

/// Resolves `path` (absolute) component by component. A symlink is followed
/// only when `trust_links` or when the caller cannot write the directory
/// holding it; otherwise the source is refused, naming the link.
pub fn resolve(
    fs: &dyn FsView,
    what: &'static str,
    path: &Path,
    trust_links: bool,
) -> Result<PathBuf, PolicyError> {
    let bad = |reason: String| PolicyError::BadPath {
        what,
        path: path.display().to_string(),
        reason,
    };
    let mut resolved = PathBuf::from("/");
    let mut pending: Vec<PathBuf> = components_reversed(path);
    let mut hops = 0;
    while let Some(component) = pending.pop() {
        if component == Path::new("..") {
            resolved.pop();
            continue;
        }
        let next = resolved.join(&component);
        match fs.kind(&next) {
            Ok(FileKind::Symlink) => {
                hops += 1;
                if hops > MAX_SYMLINKS {
                    return Err(bad("too many levels of symbolic links".into()));
                }
                let target = fs.read_link(&next).map_err(|e| bad(e.to_string()))?;
                if !trust_links && fs.caller_can_write(&resolved) {
                    return Err(PolicyError::UntrustedSymlink {
                        what,
                        path: path.display().to_string(),
                        link: next.display().to_string(),
                        target: target.display().to_string(),
                    });
                }
                if target.is_absolute() {
                    resolved = PathBuf::from("/");
                }
                pending.extend(components_reversed(&target));
            }
            Ok(_) => resolved = next,
            Err(err) => return Err(bad(err.to_string())),
        }
    }
    Ok(resolved)
}

/// The normal and `..` components of `path`, last first (a stack).
fn components_reversed(path: &Path) -> Vec<PathBuf> {
    let mut parts: Vec<PathBuf> = path
        .components()
        .filter_map(|c| match c {
            Component::Normal(name) => Some(PathBuf::from(name)),
            Component::ParentDir => Some(PathBuf::from("..")),
            _ => None,
        })
        .collect();
    parts.reverse();
    parts
}

/// Resolves a bind source (see [`resolve`]), opens it, and refuses it when
/// any component of the path as given or as opened matches a blocked
/// pattern, or when it lies on a pseudo filesystem.
pub fn checked_source(
    fs: &dyn FsView,
    what: &'static str,
    source: &Path,
    patterns: &[String],
    trust_links: bool,
) -> Result<Opened, PolicyError> {
    let refuse = |path: &Path, (component, pattern): (String, &str)| PolicyError::Blocked {
        what,
        path: path.display().to_string(),
        component,
        pattern: pattern.to_string(),
    };
    if let Some(hit) = blocked_component(source, patterns) {
        return Err(refuse(source, hit));
    }
    // A path with no `.` or `..` that opens with no symlink followed (which
    // the open refuses) is what resolving it would give: the walk that
    // finds and judges symlinks, a system call per component, is for the
    // paths that fail here.
    let normal = source.is_absolute()
        && source
            .components()
            .all(|c| matches!(c, Component::RootDir | Component::Normal(_)));
    let opened = match normal.then(|| fs.open(source).ok()).flatten() {
        Some(opened) => opened,
        None => {
            let resolved = resolve(fs, what, source, trust_links)?;
            fs.open(&resolved).map_err(|err| PolicyError::BadPath {
                what,
                path: source.display().to_string(),
                reason: err.to_string(),
            })?
        }
    };
    if let Some(hit) = blocked_component(&opened.path, patterns) {
        return Err(refuse(source, hit).with_resolved(&opened.path));
    }
    if PSEUDO_FILESYSTEMS.contains(&opened.fs_type.as_str()) {
        return Err(PolicyError::BadPath {
            what,
            path: source.display().to_string(),
            reason: format!(
                "it is on the host's {} filesystem, a view of the host's kernel, devices or \
                 processes (the jail has its own /proc and /dev); run from, or bind, an \
                 ordinary directory",
                opened.fs_type
            ),
        });
    }
    Ok(opened)
}

impl PolicyError {
    fn with_resolved(self, canonical: &Path) -> PolicyError {
        match self {
            PolicyError::Blocked {
                what,
                path,
                component,
                pattern,
            } => PolicyError::Blocked {
                what,
                path: format!("{path}` (resolves to `{}", canonical.display()),
                component,
                pattern,
            },
            other => other,
        }
    }
}

/// Destinations inside the jail: absolute, no `..`, not `/`, and not inside
/// the trees the jail builds itself.
pub fn check_dest(what: &'static str, dest: &Path) -> Result<(), PolicyError> {
    let bad = |reason: String| PolicyError::BadPath {
        what,
        path: dest.display().to_string(),
        reason,
    };
    crate::model::check_absolute(dest).map_err(bad)?;
    if dest == Path::new("/") {
        return Err(bad("cannot replace the jail's root".into()));
    }
    for reserved in ["/proc", "/dev"] {
        if dest.starts_with(reserved) {
            return Err(bad(format!("{reserved} is built by the jail itself")));
        }
    }
    Ok(())
}

/// An entry below a bound directory that the jail must not see.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BlockedEntry {
    /// Relative to the scanned directory.
    pub relative: PathBuf,
    pub kind: FileKind,
    /// Why: the pattern it matches, or what its content holds.
    pub why: String,
}

/// How far the scan for blocked entries goes (profile keys `mask_depth`
/// and `mask_scan_limit`).
#[derive(Debug, Clone, Copy)]
pub struct ScanLimits {
    pub depth: u32,
    pub max_entries: usize,
}

/// How much of a git config is read to look for credentials in its URLs.
const GIT_CONFIG_HEAD: usize = 64 << 10;

/// Entries below `dir` (to `limits.depth` levels) that the jail must not
/// see: names a blocked pattern matches, and git configs whose remote URLs
/// carry credentials (`https://user:token@host`). A symlink whose name is
/// blocked leads to its target's mask when the target is inside `dir` (the
/// link itself shows nothing the target does not). Unreadable directories
/// are skipped: the jail's user cannot read them either. More entries than
/// `limits.max_entries` is an error: masks must never stop silently.
pub fn blocked_entries(
    fs: &dyn FsView,
    dir: &Path,
    patterns: &[String],
    limits: ScanLimits,
) -> Result<Vec<BlockedEntry>, PolicyError> {
    let mut found = Vec::new();
    let mut queue = vec![(PathBuf::new(), 1u32)];
    let mut visited = 0usize;
    let last_parts: Vec<&str> = patterns.iter().map(|p| last_part(p)).collect();
    while let Some((relative, level)) = queue.pop() {
        let Ok(entries) = fs.read_dir(&dir.join(&relative)) else {
            continue;
        };
        for (name, kind) in entries {
            visited += 1;
            if visited > limits.max_entries {
                return Err(PolicyError::MaskScanTooLarge {
                    dir: dir.display().to_string(),
                    limit: limits.max_entries,
                    depth: limits.depth,
                });
            }
            // Most entries match no pattern's last part and are no
            // directory to descend into: they cost no path and no match.
            let maybe = last_parts.iter().any(|last| matches_pattern(&name, last));
            let git_config =
                kind == FileKind::File && name == "config" && relative.ends_with(".git");
            let descend = kind == FileKind::Dir && level < limits.depth;
            if !(maybe || git_config || descend) {
                continue;
            }
            let path = relative.join(&name);
            let full = dir.join(&path);
            if let Some((_, pattern)) = maybe
                .then(|| blocked_component(&full, patterns))
                .flatten()
                .filter(|(hit, _)| hit.rsplit('/').next() == Some(name.as_str()))
            {
                let why = format!("blocked pattern `{pattern}`");
                match kind {
                    FileKind::Symlink => found.extend(link_target_inside(fs, dir, &full, why)),
                    _ => found.push(BlockedEntry {
                        relative: path,
                        kind,
                        why,
                    }),
                }
            } else if git_config {
                let head = fs.read_head(&full, GIT_CONFIG_HEAD).unwrap_or_default();
                if has_url_credentials(&head) {
                    found.push(BlockedEntry {
                        relative: path,
                        kind,
                        why: "a git config with credentials in a remote URL".into(),
                    });
                }
            } else if descend {
                queue.push((path, level + 1));
            }
        }
    }
    found.sort_by(|a, b| a.relative.cmp(&b.relative));
    found.dedup_by(|a, b| a.relative == b.relative);
    Ok(found)
}

/// The mask for what the blocked symlink `link` points to, when that lies
/// inside `dir` (elsewhere it is not in the jail unless bound, and then
/// checked itself).
fn link_target_inside(
    fs: &dyn FsView,
    dir: &Path,
    link: &Path,
    why: String,
) -> Option<BlockedEntry> {
    let target = fs.canonicalize(link).ok()?;
    let relative = target.strip_prefix(dir).ok()?.to_path_buf();
    if relative.as_os_str().is_empty() {
        return None;
    }
    let kind = fs.kind(&target).ok()?;
    Some(BlockedEntry {
        relative,
        kind,
        why: format!("{why}, through the link {}", link.display()),
    })
}

/// Whether a git config holds a URL with userinfo (`scheme://user[:pass]@`).
fn has_url_credentials(config: &[u8]) -> bool {
    let text = String::from_utf8_lossy(config);
    text.match_indices("://").any(|(at, _)| {
        let rest = &text[at + 3..];
        let authority_end = rest
            .find(|c: char| c == '/' || c.is_whitespace() || c == '"')
            .unwrap_or(rest.len());
        rest[..authority_end].contains('@')
    })
}

#[cfg(test)]
#[path = "mounts_fake.rs"]
pub(crate) mod fake;

#[cfg(test)]
#[path = "mounts_tests.rs"]
mod tests;
