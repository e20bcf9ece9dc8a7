//! The jail's mount tree, built in the child (bubblewrap's order): stage a
//! tmpfs, pivot into it so the host's root is reachable as /oldroot, build
//! /newroot from the plan, make it read-only, drop /oldroot, pivot again.
//!
//! No host path is resolved twice: every mount point is walked component
//! by component with no symlink followed, and every host object is opened
//! the same way, checked to be the object the supervisor checked (device
//! and inode), and bound from that open fd.

use std::os::fd::RawFd;

use crate::error::{ChildFailure, Step};
use crate::prepare::{How, MountPoint, PreparedMount, PreparedMounts};
use crate::sys::{self, Errno};

fn fail(step: Step, index: usize) -> impl Fn(Errno) -> ChildFailure {
    move |errno| ChildFailure {
        step,
        errno,
        #[expect(clippy::cast_possible_truncation, reason = "mount counts are small")]
        index: index as u32,
    }
}

fn exists_ok(result: Result<(), Errno>) -> Result<(), Errno> {
    match result {
        Err(Errno::EEXIST) => Ok(()),
        other => other,
    }
}

/// Builds the jail's root and pivots into it; on return, `/` is the jail.
pub(crate) fn build_root(p: &PreparedMounts) -> Result<(), ChildFailure> {
    let none = 0;
    // Nothing we mount may propagate back to the host.
    sys::mount(None, &p.slash, None, libc::MS_REC | libc::MS_PRIVATE, None)
        .map_err(fail(Step::MakeMountsPrivate, none))?;
    sys::mount(
        Some(&p.tmpfs),
        &p.staging,
        Some(&p.tmpfs),
        libc::MS_NOSUID | libc::MS_NODEV,
        Some(&p.staging_data),
    )
    .map_err(fail(Step::MountBase, none))?;
    stage(p).map_err(fail(Step::PivotToBase, none))?;

    let sources = Sources::open(p).map_err(fail(Step::MountBase, none))?;
    let built = build_mounts(p, &sources);
    sources.close();
    built?;

    // The root tmpfs holds only mount points: nothing may write there.
    sys::mount_setattr(
        &p.newroot,
        false,
        crate::prepare::MOUNT_ATTR_RDONLY | crate::prepare::MOUNT_ATTR_NOSUID,
    )
    .or_else(|_| {
        sys::mount(
            None,
            &p.newroot,
            None,
            libc::MS_REMOUNT | libc::MS_BIND | libc::MS_RDONLY | libc::MS_NOSUID,
            None,
        )
    })
    .map_err(fail(Step::RootReadOnly, none))?;
    sys::umount_detach(&p.oldroot).map_err(fail(Step::DetachHostRoot, none))?;
    // pivot_root(".", ".") stacks the staging root on top of the jail's
    // root; detaching "." then leaves only the jail.
    sys::chdir(&p.newroot).map_err(fail(Step::PivotToJail, none))?;
    sys::pivot_root(&p.dot, &p.dot).map_err(fail(Step::PivotToJail, none))?;
    sys::umount_detach(&p.dot).map_err(fail(Step::PivotToJail, none))?;
    sys::chdir(&p.slash).map_err(fail(Step::PivotToJail, none))?;
    Ok(())
}

/// Pivots into the staging tmpfs, keeping the host's root at /oldroot.
fn stage(p: &PreparedMounts) -> Result<(), Errno> {
    sys::chdir(&p.staging)?;
    exists_ok(sys::mkdir(&p.newroot_name, 0o755))?;
    sys::mount(
        Some(&p.newroot_name),
        &p.newroot_name,
        None,
        libc::MS_BIND | libc::MS_REC,
        None,
    )?;
    exists_ok(sys::mkdir(&p.oldroot_name, 0o755))?;
    sys::pivot_root(&p.staging, &p.oldroot_name)?;
    sys::chdir(&p.slash)
}

/// What the mounts are made from: the new root, and the two things a mask
/// puts over an entry (an empty read-only tmpfs, the host's /dev/null).
struct Sources {
    newroot: RawFd,
    /// -1 when no mask covers a directory: a tmpfs is made (and torn down
    /// when the jail exits) only for a mask that uses it.
    empty_dir: RawFd,
    dev_null: RawFd,
}

impl Sources {
    fn open(p: &PreparedMounts) -> Result<Sources, Errno> {
        let dir = libc::O_PATH | libc::O_DIRECTORY;
        let masks_a_dir = p
            .mounts
            .iter()
            .any(|m| matches!(m.how, How::Mask { dir: true, .. }));
        let empty_dir = if masks_a_dir {
            exists_ok(sys::mkdir(&p.empty_dir, 0))?;
            sys::mount(
                Some(&p.tmpfs),
                &p.empty_dir,
                Some(&p.tmpfs),
                libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                Some(&p.empty_dir_data),
            )?;
            sys::open_no_symlinks(libc::AT_FDCWD, &p.empty_dir, dir, 0)?
        } else {
            -1
        };
        Ok(Sources {
            newroot: sys::open_no_symlinks(libc::AT_FDCWD, &p.newroot, dir, 0)?,
            empty_dir,
            dev_null: sys::open_no_symlinks(libc::AT_FDCWD, &p.dev_null, libc::O_PATH, 0)?,
        })
    }

    fn close(&self) {
        for fd in [self.newroot, self.empty_dir, self.dev_null] {
            if fd >= 0 {
                sys::close(fd);
            }
        }
    }
}

fn build_mounts(p: &PreparedMounts, sources: &Sources) -> Result<(), ChildFailure> {
    // The directory the last mount point was made in, kept while the next
    // mounts share it (/etc/*, /dev/*): a mount on one of its entries
    // leaves the directory itself as it was, so the open fd still names
    // what walking the same path again would.
    let mut held: Option<(usize, RawFd)> = None;
    let release = |held: Option<(usize, RawFd)>| {
        if let Some((_, fd)) = held {
            sys::close(fd);
        }
    };
    for (index, m) in p.mounts.iter().enumerate() {
        let shared =
            held.filter(|&(at, _)| p.mounts.get(at).is_some_and(|h| h.parents == m.parents));
        let dir = match shared {
            Some((_, fd)) => Ok(fd),
            None => {
                release(held.take());
                open_parents(sources.newroot, m).inspect(|&dir| {
                    if dir != sources.newroot {
                        held = Some((index, dir));
                    }
                })
            }
        };
        let point = match dir.and_then(|dir| open_mount_point(dir, m)) {
            Err(Errno::ENOENT) if m.optional => continue,
            result => result.map_err(|errno| {
                release(held.take());
                fail(Step::MakeMountPoint, index)(errno)
            })?,
        };
        let Some(point) = point else {
            continue;
        };
        let made = make_mount(p, sources, m, point);
        sys::close(point);
        made.map_err(|(step, errno)| {
            release(held.take());
            fail(step, index)(errno)
        })?;
    }
    release(held);
    Ok(())
}

/// Opens the directory the mount point of `m` goes in (an `O_PATH` fd;
/// `newroot` itself when it has no parents), making what is missing; no
/// component may be a symlink.
fn open_parents(newroot: RawFd, m: &PreparedMount) -> Result<RawFd, Errno> {
    let dir_flags = libc::O_PATH | libc::O_DIRECTORY;
    let mut parent = newroot;
    for name in &m.parents {
        let next = exists_ok(sys::mkdirat(parent, name, 0o755))
            .and_then(|()| sys::open_no_symlinks(parent, name, dir_flags, 0));
        if parent != newroot {
            sys::close(parent);
        }
        parent = next?;
    }
    Ok(parent)
}

/// Opens the mount point of `m` in its directory `at` (an `O_PATH` fd),
/// making it when missing; it may not be a symlink. None for a symlink,
/// which is the whole of its "mount".
fn open_mount_point(at: RawFd, m: &PreparedMount) -> Result<Option<RawFd>, Errno> {
    let dir_flags = libc::O_PATH | libc::O_DIRECTORY;
    match &m.point {
        MountPoint::Dir => exists_ok(sys::mkdirat(at, &m.name, 0o755))
            .and_then(|()| sys::open_no_symlinks(at, &m.name, dir_flags, 0))
            .map(Some),
        MountPoint::File => match sys::open_no_symlinks(at, &m.name, libc::O_PATH, 0) {
            Err(Errno::ENOENT) => sys::open_no_symlinks(
                at,
                &m.name,
                libc::O_CREAT | libc::O_EXCL | libc::O_WRONLY,
                0o644,
            )
            .and_then(|fd| {
                sys::close(fd);
                sys::open_no_symlinks(at, &m.name, libc::O_PATH, 0)
            })
            .map(Some),
            other => other.map(Some),
        },
        MountPoint::Existing => sys::open_no_symlinks(at, &m.name, libc::O_PATH, 0).map(Some),
        MountPoint::Symlink(target) => sys::symlinkat(target, at, &m.name).map(|()| None),
    }
}

/// Makes mount `m` on the open mount point `point`.
fn make_mount(
    p: &PreparedMounts,
    sources: &Sources,
    m: &PreparedMount,
    point: RawFd,
) -> Result<(), (Step, Errno)> {
    let at = |step| move |errno| (step, errno);
    match &m.how {
        How::None => Ok(()),
        How::Path {
            source,
            fstype,
            flags,
            data,
        } => {
            sys::mount(
                source.as_deref(),
                &m.dest,
                fstype.as_deref(),
                *flags,
                data.as_deref(),
            )
            .map_err(at(Step::Mount))?;
            if m.attrs == 0 {
                return Ok(());
            }
            set_attrs(m).map_err(at(Step::MountAttributes))
        }
        How::Tree { source, identity } => {
            let opened = sys::open_no_symlinks(libc::AT_FDCWD, source, libc::O_PATH, 0)
                .map_err(at(Step::Mount))?;
            let result = same_object(opened, *identity)
                .and_then(|()| attach_copy(p, m, opened, point).map_err(at(Step::Mount)));
            sys::close(opened);
            result
        }
        How::Mask { dir, identity } => {
            same_object(point, Some(*identity))?;
            let cover = if *dir {
                sources.empty_dir
            } else {
                sources.dev_null
            };
            attach_copy(p, m, cover, point).map_err(at(Step::Mount))
        }
    }
}

/// Whether `fd` is still the object the supervisor checked.
fn same_object(fd: RawFd, identity: Option<policy::mounts::Identity>) -> Result<(), (Step, Errno)> {
    let Some(expected) = identity else {
        return Ok(());
    };
    let (dev, ino, _) = sys::identify(fd).map_err(|errno| (Step::SourceChanged, errno))?;
    if (dev, ino) == (expected.dev, expected.ino) {
        Ok(())
    } else {
        Err((Step::SourceChanged, Errno::ESTALE))
    }
}

/// A detached copy of the tree at `source`, with `m`'s flags, attached on
/// `point`.
fn attach_copy(
    p: &PreparedMounts,
    m: &PreparedMount,
    source: RawFd,
    point: RawFd,
) -> Result<(), Errno> {
    let tree = sys::clone_tree(source, &p.empty)?;
    let flagged = match sys::tree_setattr(tree, &p.empty, m.attrs) {
        _ if m.attrs == 0 => Ok(true),
        Err(Errno::ENOSYS) => Ok(false),
        other => other.map(|()| true),
    };
    let result = flagged.and_then(|flagged| {
        sys::move_mount(tree, point, &p.empty)?;
        // Kernels before 5.12: the flags by a remount of the attached tree.
        if flagged {
            Ok(())
        } else {
            remount_with_attrs(m)
        }
    });
    sys::close(tree);
    result
}

fn set_attrs(m: &PreparedMount) -> Result<(), Errno> {
    match sys::mount_setattr(&m.dest, true, m.attrs) {
        Err(Errno::ENOSYS) => remount_with_attrs(m),
        other => other,
    }
}

/// Fallback for kernels before 5.12: a bind remount, keeping the flags the
/// kernel has locked (a remount that would clear them is refused).
fn remount_with_attrs(m: &PreparedMount) -> Result<(), Errno> {
    use crate::prepare::{
        MOUNT_ATTR_NODEV, MOUNT_ATTR_NOEXEC, MOUNT_ATTR_NOSUID, MOUNT_ATTR_RDONLY,
    };
    let current = sys::mount_flags(&m.dest)?;
    let mut flags = libc::MS_REMOUNT | libc::MS_BIND;
    for (st, ms) in [
        (libc::ST_RDONLY, libc::MS_RDONLY),
        (libc::ST_NOSUID, libc::MS_NOSUID),
        (libc::ST_NODEV, libc::MS_NODEV),
        (libc::ST_NOEXEC, libc::MS_NOEXEC),
        (libc::ST_NOATIME, libc::MS_NOATIME),
        (libc::ST_NODIRATIME, libc::MS_NODIRATIME),
        (ST_RELATIME, libc::MS_RELATIME),
    ] {
        if current & st != 0 {
            flags |= ms;
        }
    }
    for (attr, ms) in [
        (MOUNT_ATTR_RDONLY, libc::MS_RDONLY),
        (MOUNT_ATTR_NOSUID, libc::MS_NOSUID),
        (MOUNT_ATTR_NODEV, libc::MS_NODEV),
        (MOUNT_ATTR_NOEXEC, libc::MS_NOEXEC),
    ] {
        if m.attrs & attr != 0 {
            flags |= ms;
        }
    }
    sys::mount(None, &m.dest, None, flags, None)
}

/// statvfs's "relatime" flag (1 << 12, the kernel's MNT_RELATIME as
/// reported by statfs); the libc crate has it for glibc only.
const ST_RELATIME: libc::c_ulong = 4096;
