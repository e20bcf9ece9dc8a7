//! `clone3(2)` and the namespace flags of a jail, and the payload's
//! `clone(2)`. The jail's child returns here like after fork, on a copy of
//! the parent's stack, so everything it runs afterwards must be
//! allocation-free (decision 0001); the payload runs in its init's memory.

use std::ffi::c_int;
use std::os::fd::{FromRawFd, OwnedFd, RawFd};

use crate::sys::Errno;

/// The namespaces a jail gets at its clone, beyond the user, network, IPC
/// and UTS namespaces of the helper it is cloned from (early.rs): its own
/// mounts, a copy of the host's as they are then, and its own pids, whose
/// first process is the init. Its cgroup view comes later: the init
/// unshares it once it is in the jail's cgroups (child.rs), which it joins
/// after the clone.
pub(crate) const JAIL_FLAGS: u64 = (libc::CLONE_NEWNS | libc::CLONE_NEWPID) as u64;

/// The namespaces `jail doctor` tries: the least a jail needs (a user
/// namespace whose capabilities can make mounts private).
pub(crate) const PROBE_FLAGS: u64 = (libc::CLONE_NEWUSER | libc::CLONE_NEWNS) as u64;

/// Where a successful clone returned.
pub(crate) enum Cloned {
    /// In the new child.
    Child,
    /// In the caller: the child's pid, and its pidfd if one was asked for.
    Parent { pid: libc::pid_t, pidfd: RawFd },
}

/// The degraded tier's child, on the host (no namespaces); the parent gets
/// a pidfd.
pub(crate) fn on_host() -> Result<Cloned, Errno> {
    clone3(0, true)
}

/// The stack the payload starts on (see [`payload`]): what
/// `exec_payload` needs before its exec, with room to spare; pages it
/// never touches cost nothing.
const PAYLOAD_STACK: usize = 1 << 20;

/// The payload, started by the init as `posix_spawn` starts a program: in
/// the init's memory (`CLONE_VM`), on a stack of its own, the init waiting
/// (`CLONE_VFORK`) until `run(arg)` has exec'd or exited. Same
/// namespaces, its own fd table, signal handlers and credentials (so its
/// own Landlock domain, seccomp filter and capabilities). Nothing of the
/// init's memory is copied at the clone and torn down again at the exec,
/// as a fork did (docs/decisions/0017 §17). `run` must end in exec or
/// exit, write nothing the init reads afterwards, and allocate nothing.
pub(crate) fn payload<T>(run: fn(&T) -> !, arg: &T) -> Result<libc::pid_t, Errno> {
    struct Start<'a, T> {
        run: fn(&T) -> !,
        arg: &'a T,
    }
    extern "C" fn trampoline<T>(start: *mut std::ffi::c_void) -> c_int {
        // SAFETY: `start` is the `Start` on the init's stack below, which
        // stays as it is while the init waits for our exec or exit
        // (CLONE_VFORK).
        let start = unsafe { &*start.cast::<Start<'_, T>>() };
        (start.run)(start.arg)
    }
    let start = Start { run, arg };
    let stack = crate::sys::map_stack(PAYLOAD_STACK)?;
    // SAFETY: `stack` is a fresh private mapping of PAYLOAD_STACK bytes; the
    // child starts at its top (stacks grow down; mmap's alignment exceeds
    // the 16 bytes the ABI needs) and `trampoline` never returns. The
    // mapping is never unmapped; `start` outlives the child's use of it
    // (above).
    let pid = unsafe {
        libc::clone(
            trampoline::<T>,
            stack.add(PAYLOAD_STACK).cast(),
            libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
            std::ptr::from_ref(&start).cast_mut().cast(),
        )
    };
    if pid == -1 {
        return Err(Errno::last());
    }
    Ok(pid)
}

/// Adopts a pidfd that a clone returned to the parent.
pub(crate) fn adopt_pidfd(pidfd: RawFd) -> OwnedFd {
    // SAFETY: clone3 with CLONE_PIDFD stored a fresh pidfd that nothing else
    // owns.
    unsafe { OwnedFd::from_raw_fd(pidfd) }
}

/// `struct clone_args` of `clone3(2)`.
#[repr(C)]
pub(crate) struct CloneArgs {
    flags: u64,
    pidfd: u64,
    child_tid: u64,
    parent_tid: u64,
    exit_signal: u64,
    stack: u64,
    stack_size: u64,
    tls: u64,
    set_tid: u64,
    set_tid_size: u64,
    cgroup: u64,
}

impl CloneArgs {
    /// A fork-like clone (no new stack, SIGCHLD at exit) with the clone
    /// `flags`; with CLONE_PIDFD among them, the pidfd goes to `pidfd`.
    /// With CLONE_PARENT the child's exit signal is the caller's own (the
    /// kernel refuses any other).
    pub(crate) fn new(flags: u64, pidfd: &mut c_int) -> CloneArgs {
        CloneArgs {
            flags,
            pidfd: std::ptr::from_mut(pidfd) as u64,
            child_tid: 0,
            parent_tid: 0,
            exit_signal: if flags & libc::CLONE_PARENT as u64 == 0 {
                libc::SIGCHLD as u64
            } else {
                0
            },
            stack: 0,
            stack_size: 0,
            tls: 0,
            set_tid: 0,
            set_tid_size: 0,
            cgroup: 0,
        }
    }
}

/// `clone3(2)` without a new stack: like fork, the child returns here with
/// [`Cloned::Child`]. With `want_pidfd`, the parent also gets a pidfd
/// (CLONE_PIDFD).
///
/// glibc's fork handlers are skipped on purpose: in a child of a
/// multi-threaded parent they could wait on a lock held by a thread that no
/// longer exists.
pub(crate) fn clone3(flags: u64, want_pidfd: bool) -> Result<Cloned, Errno> {
    let mut pidfd: c_int = -1;
    let pidfd_flag = if want_pidfd {
        libc::CLONE_PIDFD as u64
    } else {
        0
    };
    let args = CloneArgs::new(flags | pidfd_flag, &mut pidfd);
    // SAFETY: `args` is a valid `struct clone_args` whose size is passed.
    // Without CLONE_VM and with no stack the child gets a copy of our address
    // space and continues on its copy of this stack, as after fork(); the
    // callers run only allocation-free code in the child and end it with
    // execve or `exit`.
    let ret = unsafe {
        libc::syscall(
            libc::SYS_clone3,
            &args as *const CloneArgs,
            std::mem::size_of::<CloneArgs>(),
        )
    };
    match ret {
        -1 => return Err(Errno::last()),
        0 => return Ok(Cloned::Child),
        _ => {}
    }
    #[expect(clippy::cast_possible_truncation, reason = "pids fit in pid_t")]
    let pid = ret as libc::pid_t;
    Ok(Cloned::Parent { pid, pidfd })
}
