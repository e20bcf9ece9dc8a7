//! The real filesystem behind `policy::FsView`.

use std::io;
use std::path::{Path, PathBuf};

use policy::mounts::Opened;
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

    /// As the kernel decides for this process (root: any directory on a
    /// writable filesystem; a jail of root's is root too).
    fn caller_can_write(&self, dir: &Path) -> bool {
        use nix::fcntl::AtFlags;
        use nix::unistd::{faccessat, AccessFlags};
        faccessat(None, dir, AccessFlags::W_OK, AtFlags::AT_EACCESS).is_ok()
    }

    fn open(&self, path: &Path) -> io::Result<Opened> {
        jail::source::open(path)
    }

    fn read_head(&self, path: &Path, limit: usize) -> io::Result<Vec<u8>> {
        use std::io::Read;
        let mut head = Vec::new();
        use std::os::unix::fs::OpenOptionsExt;
        std::fs::OpenOptions::new()
            .read(true)
            .custom_flags(nix::fcntl::OFlag::O_NOFOLLOW.bits())
            .open(path)?
            .take(limit as u64)
            .read_to_end(&mut head)?;
        Ok(head)
    }
}
