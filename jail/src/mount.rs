//! The jail's mount tree, built in the child (bubblewrap's order): stage a
//! tmpfs, pivot into it so the host's root is reachable as /oldroot, build
//! /newroot from the plan, make it read-only, drop /oldroot, pivot again.

use crate::error::{ChildFailure, Step};
use crate::prepare::{MountPoint, Prepared, PreparedMount};
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
pub(crate) fn build_root(p: &Prepared) -> Result<(), ChildFailure> {
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

    for (index, m) in p.mounts.iter().enumerate() {
        make_mount_point(m).map_err(fail(Step::MakeMountPoint, index))?;
        if matches!(m.point, MountPoint::Symlink(_)) {
            continue;
        }
        match sys::mount(
            m.source.as_deref(),
            &m.dest,
            m.fstype.as_deref(),
            m.flags,
            m.data.as_deref(),
        ) {
            Err(Errno::ENOENT) if m.optional => continue,
            result => result.map_err(fail(Step::Mount, index))?,
        }
        if m.attrs != 0 {
            set_attrs(m).map_err(fail(Step::MountAttributes, index))?;
        }
    }

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
fn stage(p: &Prepared) -> Result<(), Errno> {
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

fn make_mount_point(m: &PreparedMount) -> Result<(), Errno> {
    for dir in &m.mkdirs {
        exists_ok(sys::mkdir(dir, 0o755))?;
    }
    match &m.point {
        MountPoint::Dir => exists_ok(sys::mkdir(&m.dest, 0o755)),
        MountPoint::File => sys::create_file(&m.dest),
        MountPoint::Existing => Ok(()),
        MountPoint::Symlink(target) => sys::symlink(target, &m.dest),
    }
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
