//! The supervisor's side of a bind: a host path opened with no symlink
//! followed, described from the open object (policy::FsView::open). The
//! child opens the same path the same way and binds it only if it is
//! still this object.

use std::ffi::CString;
use std::io;
use std::os::fd::AsRawFd;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use policy::mounts::{FileKind, Identity, Opened};

use crate::sys;

/// Whether `file` is, as of the call, the only open file description of
/// its file: nothing else (another process, or this one through another
/// open) can read what is written to it. False where the filesystem or
/// the system has no leases (`fs.leases-enable = 0`, NFS), or the file is
/// not ours.
pub fn opened_only_here(file: &std::fs::File) -> bool {
    sys::only_opener(file.as_raw_fd()).is_ok()
}

/// Opens `path` (absolute) with `openat2(RESOLVE_NO_SYMLINKS |
/// RESOLVE_NO_MAGICLINKS)` and describes what was opened: the path the
/// kernel reports for it (`path` itself, normalized, when it has no `..`),
/// its device and inode, its kind, and the type of the filesystem it is on
/// (from its mount id, not its path).
pub fn open(path: &Path) -> io::Result<Opened> {
    let c_path = CString::new(path.as_os_str().as_bytes())
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "the path contains a NUL byte"))?;
    let fd = sys::open_no_symlinks_owned(&c_path, libc::O_PATH).map_err(|errno| match errno {
        sys::Errno::ELOOP => io::Error::other(
            "a component changed into a symlink while it was checked; nothing is followed",
        ),
        errno => io::Error::from(errno),
    })?;
    let (dev, ino, mode, reported) =
        sys::identify_with_mount(fd.as_raw_fd()).map_err(io::Error::from)?;
    // With no `..` (nor `.`) in it, and no symlink followed, the path
    // opened is the path given: the kernel's name for it says the same.
    // Asking for that name costs about 1% of a jail's start-up.
    let normal = path.is_absolute()
        && path.components().all(|c| {
            matches!(
                c,
                std::path::Component::RootDir | std::path::Component::Normal(_)
            )
        });
    let real = if normal {
        path.components().collect()
    } else {
        std::fs::read_link(format!("/proc/self/fd/{}", fd.as_raw_fd()))?
    };
    // statx says it with the rest; older kernels only in fdinfo.
    let mount_id = match reported {
        Some(id) => Some(id),
        None => mount_id(&std::fs::read_to_string(format!(
            "/proc/self/fdinfo/{}",
            fd.as_raw_fd()
        ))?),
    };
    let fs_type = mount_id.and_then(fs_type_by_id).unwrap_or_default();
    let kind = match mode & libc::S_IFMT {
        libc::S_IFDIR => FileKind::Dir,
        libc::S_IFREG => FileKind::File,
        libc::S_IFLNK => FileKind::Symlink,
        _ => FileKind::Other,
    };
    Ok(Opened {
        path: real,
        identity: Identity { dev, ino },
        kind,
        fs_type,
    })
}

/// This process's mount table (`/proc/self/mountinfo`), read once per
/// process: the kernel writes it out line by line, which costs more than
/// anything that reads it here (decision 0017).
static MOUNTINFO: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());

/// The filesystem type of mount `id` of this process. The mount table is
/// read once per process, and again for an id it does not hold (a mount
/// made since).
fn fs_type_by_id(id: u64) -> Option<String> {
    let mut cached = MOUNTINFO
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(found) = fs_type_of(&cached, id) {
        return Some(found);
    }
    *cached = read_mount_table()?;
    fs_type_of(&cached, id)
}

fn read_mount_table() -> Option<String> {
    std::fs::read_to_string("/proc/self/mountinfo").ok()
}

/// The mount table as this process last read it (read now if never):
/// for what does not change while a jail starts, such as where the cgroup
/// hierarchies are mounted.
pub(crate) fn mountinfo() -> String {
    let mut cached = MOUNTINFO
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if cached.is_empty() {
        *cached = read_mount_table().unwrap_or_default();
    }
    cached.clone()
}

/// `mnt_id:` of an fdinfo file.
fn mount_id(fdinfo: &str) -> Option<u64> {
    fdinfo
        .lines()
        .find_map(|line| line.strip_prefix("mnt_id:"))
        .and_then(|id| id.trim().parse().ok())
}

/// The filesystem type of mount `id` in a mountinfo text (the field after
/// ` - `).
fn fs_type_of(mountinfo: &str, id: u64) -> Option<String> {
    mountinfo.lines().find_map(|line| {
        let (left, right) = line.split_once(" - ")?;
        let this: u64 = left.split(' ').next()?.parse().ok()?;
        (this == id).then(|| right.split(' ').next().map(str::to_string))?
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_directory_is_opened_and_described() {
        let dir = std::env::temp_dir();
        let opened = open(&dir.canonicalize().expect("tmp")).expect("opened");
        assert_eq!(opened.kind, FileKind::Dir);
        assert!(!opened.fs_type.is_empty());
    }

    #[test]
    fn a_path_is_named_as_the_kernel_names_it() {
        let real = std::env::temp_dir()
            .canonicalize()
            .expect("canonical")
            .join(format!("jail-source-names-{}", std::process::id()));
        std::fs::create_dir_all(real.join("a")).expect("mkdir");
        // `..` is resolved by the kernel; `.` and `//` by the path's reading.
        let up = open(&real.join("a/..")).expect("opened");
        assert_eq!(up.path, real);
        let dotted = format!("{}//a/.", real.display());
        assert_eq!(
            open(Path::new(&dotted)).expect("opened").path,
            real.join("a")
        );
        std::fs::remove_dir_all(&real).expect("cleaned");
    }

    #[test]
    fn proc_is_known_by_its_mount() {
        let opened = open(Path::new("/proc/self")).map(|o| o.fs_type);
        // /proc/self is a magic link: refused outright, never followed.
        assert!(opened.is_err());
        assert_eq!(open(Path::new("/proc/1")).expect("opened").fs_type, "proc");
    }

    #[test]
    fn a_symlink_anywhere_is_refused() {
        let dir = tempfile_dir();
        std::os::unix::fs::symlink("/usr", dir.join("link")).expect("link");
        assert!(open(&dir.join("link")).is_err());
        assert!(open(&dir.join("link/bin")).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    fn tempfile_dir() -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("jail-source-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        dir.canonicalize().expect("canonical")
    }

    /// The statx answer is the one fdinfo gives, on every mount it is
    /// asked about.
    #[test]
    fn statx_and_fdinfo_name_the_same_mount() {
        for path in ["/", "/proc/1", "/dev", "/sys", "/tmp"] {
            let c_path = CString::new(path).expect("path");
            let Ok(fd) = sys::open_no_symlinks_owned(&c_path, libc::O_PATH) else {
                continue;
            };
            let fdinfo = std::fs::read_to_string(format!("/proc/self/fdinfo/{}", fd.as_raw_fd()))
                .expect("fdinfo");
            let from_statx = sys::mount_id(fd.as_raw_fd()).expect("statx reports mount ids here");
            assert_eq!(Some(from_statx), mount_id(&fdinfo), "{path}");
        }
    }

    /// One statx says what fstat and the mount id's own statx say: the
    /// child compares the device and inode with fstat's.
    #[test]
    fn one_statx_identifies_as_fstat_does() {
        for path in ["/", "/proc/1", "/dev/null", "/sys", "/tmp", "/etc/passwd"] {
            let c_path = CString::new(path).expect("path");
            let Ok(fd) = sys::open_no_symlinks_owned(&c_path, libc::O_PATH) else {
                continue;
            };
            let (dev, ino, mode, mount) = sys::identify_with_mount(fd.as_raw_fd()).expect("statx");
            assert_eq!(
                (dev, ino, mode),
                sys::identify(fd.as_raw_fd()).expect("fstat"),
                "{path}"
            );
            assert_eq!(mount, sys::mount_id(fd.as_raw_fd()), "{path}");
        }
    }

    #[test]
    fn mountinfo_is_read_by_mount_id() {
        let info = "22 1 0:21 / /proc rw - proc proc rw\n\
                    23 1 0:22 / /home\\040x rw - ext4 /dev/sda1 rw\n";
        assert_eq!(fs_type_of(info, 22).as_deref(), Some("proc"));
        assert_eq!(fs_type_of(info, 23).as_deref(), Some("ext4"));
        assert_eq!(fs_type_of(info, 24), None);
        assert_eq!(
            mount_id("pos:\t0\nflags:\t010000000\nmnt_id:\t29\n"),
            Some(29)
        );
    }
}
