//! Mount safety: which host paths may be bound, and what must be masked.
//!
//! Sources are canonicalized (symlinks resolved) before they are checked, so
//! an innocent-looking link into `~/.ssh` is refused like `~/.ssh` itself.

use std::io;
use std::path::{Path, PathBuf};

use crate::PolicyError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum FileKind {
    Dir,
    File,
    Symlink,
    Other,
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
}

/// The first component of `path` that a blocked pattern matches, with the
/// pattern. A pattern matches a component equal to it or starting with it
/// followed by `.` (`id_rsa.pub`, `.env.local`).
pub fn blocked_component<'a>(path: &Path, patterns: &'a [String]) -> Option<(String, &'a str)> {
    path.components().find_map(|component| {
        let name = component.as_os_str().to_string_lossy();
        patterns
            .iter()
            .find(|pattern| matches_pattern(&name, pattern))
            .map(|pattern| (name.to_string(), pattern.as_str()))
    })
}

fn matches_pattern(name: &str, pattern: &str) -> bool {
    name == pattern
        || name
            .strip_prefix(pattern)
            .is_some_and(|rest| rest.starts_with('.'))
}

/// Resolves a bind source and refuses it when any component of the path as
/// given or as resolved matches a blocked pattern.
pub fn checked_source(
    fs: &dyn FsView,
    what: &'static str,
    source: &Path,
    patterns: &[String],
) -> Result<PathBuf, PolicyError> {
    let refuse = |path: &Path, (component, pattern): (String, &str)| PolicyError::Blocked {
        what,
        path: path.display().to_string(),
        component,
        pattern: pattern.to_string(),
    };
    if let Some(hit) = blocked_component(source, patterns) {
        return Err(refuse(source, hit));
    }
    let canonical = fs
        .canonicalize(source)
        .map_err(|err| PolicyError::BadPath {
            what,
            path: source.display().to_string(),
            reason: err.to_string(),
        })?;
    if let Some(hit) = blocked_component(&canonical, patterns) {
        return Err(refuse(source, hit).with_resolved(&canonical));
    }
    Ok(canonical)
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

/// Entries below `dir` (to `depth` levels) that match a blocked pattern, as
/// paths relative to `dir`. Symlinks are not followed: their targets are not
/// in the jail unless bound, and then checked themselves. Unreadable
/// directories are skipped: the jail's user cannot read them either.
pub fn blocked_entries(
    fs: &dyn FsView,
    dir: &Path,
    patterns: &[String],
    depth: u32,
) -> Vec<(PathBuf, FileKind)> {
    const MAX_VISITED: usize = 20_000;
    let mut found = Vec::new();
    let mut queue = vec![(PathBuf::new(), 1u32)];
    let mut visited = 0usize;
    while let Some((relative, level)) = queue.pop() {
        let Ok(entries) = fs.read_dir(&dir.join(&relative)) else {
            continue;
        };
        for (name, kind) in entries {
            visited += 1;
            if visited > MAX_VISITED {
                return found;
            }
            let path = relative.join(&name);
            if patterns.iter().any(|p| matches_pattern(&name, p)) {
                found.push((path, kind));
            } else if kind == FileKind::Dir && level < depth {
                queue.push((path, level + 1));
            }
        }
    }
    found.sort();
    found
}

#[cfg(test)]
pub(crate) mod fake {
    //! An in-memory tree for tests: paths to kinds, plus symlink targets.
    use super::{FileKind, FsView};
    use std::collections::BTreeMap;
    use std::io;
    use std::path::{Component, Path, PathBuf};

    #[derive(Default)]
    pub struct FakeFs {
        entries: BTreeMap<PathBuf, FileKind>,
        links: BTreeMap<PathBuf, PathBuf>,
    }

    impl FakeFs {
        pub fn with(paths: &[&str]) -> FakeFs {
            let mut fs = FakeFs::default();
            for path in paths {
                match path.strip_suffix('/') {
                    Some(dir) => fs.add(dir, FileKind::Dir),
                    None => fs.add(path, FileKind::File),
                }
            }
            fs
        }

        pub fn link(mut self, path: &str, target: &str) -> FakeFs {
            self.add(path, FileKind::Symlink);
            self.links
                .insert(PathBuf::from(path), PathBuf::from(target));
            self
        }

        fn add(&mut self, path: &str, kind: FileKind) {
            let path = PathBuf::from(path);
            for ancestor in path.ancestors().skip(1) {
                self.entries.insert(ancestor.to_path_buf(), FileKind::Dir);
            }
            self.entries.insert(path, kind);
        }
    }

    impl FsView for FakeFs {
        fn canonicalize(&self, path: &Path) -> io::Result<PathBuf> {
            let mut resolved = PathBuf::from("/");
            for component in path.components() {
                match component {
                    Component::RootDir => {}
                    Component::ParentDir => {
                        resolved.pop();
                    }
                    Component::Normal(name) => {
                        resolved.push(name);
                        if let Some(target) = self.links.get(&resolved) {
                            let base = resolved.parent().unwrap_or(Path::new("/"));
                            resolved = self.canonicalize(&base.join(target))?;
                        }
                    }
                    _ => {}
                }
            }
            if self.entries.contains_key(&resolved) {
                Ok(resolved)
            } else {
                Err(io::Error::from(io::ErrorKind::NotFound))
            }
        }

        fn kind(&self, path: &Path) -> io::Result<FileKind> {
            self.entries
                .get(path)
                .copied()
                .ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))
        }

        fn read_link(&self, path: &Path) -> io::Result<PathBuf> {
            self.links
                .get(path)
                .cloned()
                .ok_or_else(|| io::Error::from(io::ErrorKind::InvalidInput))
        }

        fn read_dir(&self, path: &Path) -> io::Result<Vec<(String, FileKind)>> {
            Ok(self
                .entries
                .iter()
                .filter(|(p, _)| p.parent() == Some(path))
                .filter_map(|(p, kind)| {
                    p.file_name()
                        .map(|n| (n.to_string_lossy().into_owned(), *kind))
                })
                .collect())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::fake::FakeFs;
    use super::*;
    use crate::Profile;
    use rstest::rstest;

    fn patterns() -> Vec<String> {
        Profile::default().blocked_patterns
    }

    #[rstest]
    #[case("/home/u/.ssh", Some(".ssh"))]
    #[case("/home/u/.ssh/config", Some(".ssh"))]
    #[case("/home/u/proj/.env", Some(".env"))]
    #[case("/home/u/proj/.env.local", Some(".env"))]
    #[case("/home/u/keys/id_rsa.pub", Some("id_rsa"))]
    #[case("/home/u/.aws/credentials", Some(".aws"))]
    #[case("/home/u/proj/.environment", None)]
    #[case("/home/u/proj/src", None)]
    #[case("/srv/credentialsx", None)]
    fn blocked_patterns_match_components(#[case] path: &str, #[case] pattern: Option<&str>) {
        let patterns = patterns();
        let hit = blocked_component(Path::new(path), &patterns).map(|(_, p)| p);
        assert_eq!(hit, pattern);
    }

    #[test]
    fn a_symlink_into_ssh_is_refused_after_resolution() {
        let fs = FakeFs::with(&["/home/u/.ssh/id_ed25519", "/home/u/proj/"])
            .link("/home/u/proj/innocent", "/home/u/.ssh");
        let err = checked_source(
            &fs,
            "--ro source",
            Path::new("/home/u/proj/innocent"),
            &patterns(),
        )
        .expect_err("refused");
        let message = err.to_string();
        assert!(message.contains("resolves to `/home/u/.ssh`"), "{message}");
        assert!(message.contains("blocked_patterns"), "{message}");
    }

    #[test]
    fn a_clean_source_resolves_through_links() {
        let fs = FakeFs::with(&["/data/set/"]).link("/home/u/data", "/data/set");
        let source = checked_source(&fs, "--ro source", Path::new("/home/u/data"), &patterns());
        assert_eq!(source.ok(), Some(PathBuf::from("/data/set")));
    }

    #[test]
    fn a_missing_source_is_an_error_naming_it() {
        let fs = FakeFs::with(&["/data/"]);
        let err = checked_source(&fs, "--rw source", Path::new("/data/nope"), &patterns())
            .expect_err("missing");
        assert!(err.to_string().contains("/data/nope"), "{err}");
    }

    #[rstest]
    #[case("relative/dir")]
    #[case("/a/../etc")]
    #[case("/")]
    #[case("/proc/self")]
    #[case("/dev/sda")]
    fn bad_destinations_are_refused(#[case] dest: &str) {
        assert!(
            check_dest("destination", Path::new(dest)).is_err(),
            "{dest}"
        );
    }

    #[test]
    fn blocked_entries_are_found_to_the_depth_and_not_beyond() {
        let fs = FakeFs::with(&[
            "/p/.env",
            "/p/src/main.rs",
            "/p/a/.aws/",
            "/p/a/b/c/.ssh/",
            "/p/.envrc",
        ]);
        let found = blocked_entries(&fs, Path::new("/p"), &patterns(), 2);
        assert_eq!(
            found,
            vec![
                (PathBuf::from(".env"), FileKind::File),
                (PathBuf::from("a/.aws"), FileKind::Dir),
            ]
        );
        let deeper = blocked_entries(&fs, Path::new("/p"), &patterns(), 4);
        assert!(deeper.contains(&(PathBuf::from("a/b/c/.ssh"), FileKind::Dir)));
    }
}
