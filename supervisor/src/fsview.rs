//! The real filesystem behind `policy::FsView`.

use std::io;
use std::path::{Path, PathBuf};

use policy::{FileKind, FsView};

pub struct HostFs;

fn kind_of(file_type: std::fs::FileType) -> FileKind {
    if file_type.is_symlink() {
        FileKind::Symlink
    } else if file_type.is_dir() {
        FileKind::Dir
    } else if file_type.is_file() {
        FileKind::File
    } else {
        FileKind::Other
    }
}

impl FsView for HostFs {
    fn canonicalize(&self, path: &Path) -> io::Result<PathBuf> {
        std::fs::canonicalize(path)
    }

    fn kind(&self, path: &Path) -> io::Result<FileKind> {
        std::fs::symlink_metadata(path).map(|m| kind_of(m.file_type()))
    }

    fn read_link(&self, path: &Path) -> io::Result<PathBuf> {
        std::fs::read_link(path)
    }

    fn read_dir(&self, path: &Path) -> io::Result<Vec<(String, FileKind)>> {
        std::fs::read_dir(path)?
            .map(|entry| {
                let entry = entry?;
                let kind = kind_of(entry.file_type()?);
                Ok((entry.file_name().to_string_lossy().into_owned(), kind))
            })
            .collect()
    }
}
