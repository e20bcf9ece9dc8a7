//! An in-memory tree for tests: paths to kinds, plus symlink targets,
//! file contents, and the directories the caller may write (its home,
//! /tmp and /data, as an ordinary user's).
use super::{FileKind, FsView, Identity, Opened};
use std::collections::BTreeMap;
use std::io;
use std::path::{Component, Path, PathBuf};

#[derive(Default)]
pub struct FakeFs {
    entries: BTreeMap<PathBuf, FileKind>,
    links: BTreeMap<PathBuf, PathBuf>,
    contents: BTreeMap<PathBuf, Vec<u8>>,
    /// Directories (and what is below them) the caller may write;
    /// none given: /home, /tmp and /data.
    writable: Option<Vec<PathBuf>>,
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

    pub fn content(mut self, path: &str, text: &str) -> FakeFs {
        self.add(path, FileKind::File);
        self.contents
            .insert(PathBuf::from(path), text.as_bytes().to_vec());
        self
    }

    /// The caller may write below these directories only (root: `/`).
    pub fn writable(mut self, dirs: &[&str]) -> FakeFs {
        self.writable = Some(dirs.iter().map(PathBuf::from).collect());
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

    fn caller_can_write(&self, dir: &Path) -> bool {
        let default = ["/home", "/tmp", "/data"].map(PathBuf::from).to_vec();
        self.writable
            .as_ref()
            .unwrap_or(&default)
            .iter()
            .any(|w| dir.starts_with(w))
    }

    fn open(&self, path: &Path) -> io::Result<Opened> {
        let mut prefix = PathBuf::from("/");
        for component in path.components().skip(1) {
            prefix.push(component);
            if self.links.contains_key(&prefix) {
                return Err(io::Error::from_raw_os_error(40)); // ELOOP
            }
        }
        let kind = self.kind(path)?;
        let ino = self.entries.keys().position(|p| p == path).unwrap_or(0) as u64;
        let fs_type = match path.components().nth(1) {
            Some(Component::Normal(top)) if top == "proc" => "proc",
            Some(Component::Normal(top)) if top == "sys" => "sysfs",
            Some(Component::Normal(top)) if top == "dev" => "devtmpfs",
            _ => "ext4",
        };
        Ok(Opened {
            path: path.to_path_buf(),
            identity: Identity { dev: 1, ino },
            kind,
            fs_type: fs_type.into(),
        })
    }

    fn read_head(&self, path: &Path, limit: usize) -> io::Result<Vec<u8>> {
        let mut bytes = self.contents.get(path).cloned().unwrap_or_default();
        bytes.truncate(limit);
        Ok(bytes)
    }
}
