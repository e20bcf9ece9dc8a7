//! The jail's user and network namespaces, made ahead of its clone.
//!
//! A new network namespace cost about 360 µs here, most of the jail's
//! `clone3` (bubblewrap pays it too), and it sat on the path to the
//! payload. A supervisor that knows at its start that it will start a
//! jail calls [`start`] first thing: a helper process that shares its
//! memory and fd table (`CLONE_VM | CLONE_FILES`) makes the user and
//! network namespaces on another CPU while the supervisor parses its
//! command line and builds the plan. [`crate::spawn`] then writes the id
//! maps and has the helper clone the jail inside those namespaces, with
//! `CLONE_PARENT` so that the jail is the supervisor's child as before,
//! and the helper exits (docs/decisions/0017 §22).
//!
//! The helper is gone before anything of a jail runs: [`Helper`]'s drop,
//! and the jail's release, wait for the kernel to clear its futex word at
//! its exit (`CLONE_CHILD_CLEARTID`), after which it has no memory, and
//! reap it. A jail that is not cloned from it (the degraded tier) drops it
//! first; it dies with the thread that started it (parent-death signal),
//! so it never outlives the supervisor.
//!
//! [`hold_memory_past_exit`] is the same idea at the other end of a run:
//! once nothing of the jail is left, a helper that shares the supervisor's
//! memory (and none of its descriptors) keeps it until the supervisor has
//! exited, so that tearing the address space down is left to the helper's
//! exit instead of delaying the supervisor's (§23).
//!
//! The helper runs in the supervisor's memory on the starting thread's
//! thread pointer, beside that thread: it calls nothing of the C library
//! (whose `errno` and allocator live there) and makes its system calls
//! itself (`raw`). Signals are blocked while it is cloned, so it starts
//! with every signal blocked, and so does the jail cloned from it.

use std::ffi::{c_int, c_void};
use std::sync::atomic::{AtomicI32, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::prepare::PreparedIdMaps;
use crate::sys::{self, Errno};
use crate::{affinity, userns, JailError};

/// The helper's stack, and the jail's init's until its payload starts (it
/// continues on its copy): as much as a main thread gets; pages never
/// touched cost nothing.
const STACK: usize = 8 << 20;

// The states of [`Shared::state`]. GONE is what the kernel writes there
// when the helper exits, however it exits.
const GONE: u32 = 0;
const STARTING: u32 = 1;
const READY: u32 = 2;
const FAILED: u32 = 3;
const GO: u32 = 4;
const CLONED: u32 = 5;
const QUIT: u32 = 6;

/// The helper's steps, named in its errors.
const CALLS: [&str; 4] = [
    "prctl(PR_SET_PDEATHSIG)",
    "unshare",
    "bringing up the loopback interface",
    "clone3",
];
const PDEATHSIG: usize = 0;
const UNSHARE: usize = 1;
const LOOPBACK: usize = 2;
const CLONE3: usize = 3;

/// What the supervisor and the helper share. Boxed, and freed only once
/// the helper is gone (the kernel writes `state` at its exit).
#[repr(C)]
struct Shared {
    /// The futex word both sides wait on, and the helper's clear-tid word.
    state: AtomicU32,
    /// Which of [`CALLS`] failed (FAILED), and its errno.
    failed: AtomicUsize,
    errno: AtomicI32,
    /// The namespace flags of the jail's clone (set before GO).
    flags: AtomicU64,
    /// What the jail's child runs, and its argument (set before GO).
    run: AtomicUsize,
    arg: AtomicUsize,
    /// The supervisor's pid, the helper's parent.
    parent: AtomicI32,
    /// The jail's pid and pidfd (CLONED).
    pid: AtomicI32,
    pidfd: AtomicI32,
}

impl Shared {
    /// Moves to `state` and wakes whoever waits on the word.
    fn set(&self, state: u32) {
        self.state.store(state, Ordering::Release);
        raw::futex_wake(&self.state);
    }

    /// Moves from `from` to `to` (waking waiters) unless the state is no
    /// longer `from`: the helper may fail, or die, at any moment, and its
    /// GONE must not be written over.
    fn move_from(&self, from: u32, to: u32) -> bool {
        let moved = self
            .state
            .compare_exchange(from, to, Ordering::AcqRel, Ordering::Acquire)
            .is_ok();
        if moved {
            raw::futex_wake(&self.state);
        }
        moved
    }

    /// Says which call failed, with its errno, and moves to FAILED.
    fn fail(&self, call: usize, errno: i32) {
        self.failed.store(call, Ordering::Relaxed);
        self.errno.store(errno, Ordering::Release);
        self.set(FAILED);
    }

    /// Waits until the state is no longer `state`; returns the new one.
    fn wait_while(&self, state: u32) -> u32 {
        loop {
            let now = self.state.load(Ordering::Acquire);
            if now != state {
                return now;
            }
            raw::futex_wait(&self.state, state);
        }
    }
}

/// A helper process holding a new user and network namespace, ready to
/// clone a jail inside them.
pub struct Helper {
    shared: Box<Shared>,
    pid: libc::pid_t,
    /// The lowest address of its stack's usable part.
    stack: *mut u8,
    /// The CPUs its starter may use, when the helper was kept off the
    /// starter's CPU.
    allowed: Option<nix::sched::CpuSet>,
}

// SAFETY: `stack` is only unmapped, once, by whoever drops the Helper; the
// shared state is atomics.
unsafe impl Send for Helper {}

/// The helper [`start`] made, until [`take`] takes it.
static STARTED: Mutex<Option<Helper>> = Mutex::new(None);

/// Starts the helper for this process's jail, if it can; [`crate::spawn`]
/// takes it. Call it first thing, from the thread that will spawn the jail
/// (the jail's parent-death signal follows that thread). A process that
/// ends up starting no jail loses only the helper's work: it dies with
/// that thread.
pub fn start() {
    if let Ok(helper) = Helper::start() {
        if let Ok(mut started) = STARTED.lock() {
            *started = Some(helper);
        }
    }
}

/// The helper [`start`] made, or a new one.
pub(crate) fn take() -> Result<Helper, JailError> {
    let started = STARTED.lock().ok().and_then(|mut started| started.take());
    match started {
        Some(helper) => Ok(helper),
        None => Helper::start().map_err(|errno| JailError::Sys {
            op: "starting the jail's namespace helper",
            errno,
        }),
    }
}

/// Drops the helper [`start`] made, if any (waiting until it is gone):
/// before starting anything that is not cloned from it.
pub(crate) fn discard() {
    let started = STARTED.lock().ok().and_then(|mut started| started.take());
    drop(started);
}

impl Helper {
    fn start() -> Result<Helper, Errno> {
        let shared = Box::new(Shared {
            state: AtomicU32::new(STARTING),
            failed: AtomicUsize::new(0),
            errno: AtomicI32::new(0),
            flags: AtomicU64::new(0),
            run: AtomicUsize::new(0),
            arg: AtomicUsize::new(0),
            parent: AtomicI32::new(std::process::id().cast_signed()),
            pid: AtomicI32::new(0),
            pidfd: AtomicI32::new(-1),
        });
        let state = std::ptr::from_ref(&shared.state).cast_mut();
        // `shared` and the stack outlive the helper: both are freed only
        // after the kernel has cleared `state` at its exit (Drop).
        let (pid, stack) = clone_sharing_memory(
            helper,
            STACK,
            libc::CLONE_FILES | libc::CLONE_CHILD_CLEARTID,
            std::ptr::from_ref::<Shared>(&shared).cast_mut().cast(),
            state,
        )?;
        // It makes its namespaces on another CPU than ours.
        let allowed = affinity::keep_off_this_cpu(pid);
        Ok(Helper {
            shared,
            pid,
            stack,
            allowed,
        })
    }

    /// Writes the jail's id maps into the helper's user namespace, which
    /// the jail will be cloned in.
    pub(crate) fn write_maps(&self, maps: &PreparedIdMaps) -> Result<(), JailError> {
        let state = self.shared.wait_while(STARTING);
        if state != READY {
            return Err(self.failure());
        }
        userns::write_maps(self.pid, maps)
    }

    /// Has the helper clone the jail's init (with the namespace `flags`
    /// beyond the helper's own, as the supervisor's child, with a pidfd),
    /// which runs `run(arg)`: as after fork, on its copy of the helper's
    /// stack and of our memory as it is now. `arg` must stay as it is until
    /// this returns. Returns the init's pid and pidfd.
    pub(crate) fn clone_jail<T>(
        &self,
        flags: u64,
        run: fn(&T) -> !,
        arg: &T,
    ) -> Result<(libc::pid_t, c_int), JailError> {
        let state = self.shared.wait_while(STARTING);
        if state != READY {
            return Err(self.failure());
        }
        let run: fn(*const c_void) -> ! =
            // SAFETY: `fn(&T) -> !` and `fn(*const c_void) -> !` have the
            // same ABI; the helper calls it with `arg`, a `&T`.
            unsafe { std::mem::transmute::<fn(&T) -> !, fn(*const c_void) -> !>(run) };
        self.shared.flags.store(flags, Ordering::Relaxed);
        self.shared.run.store(run as usize, Ordering::Relaxed);
        self.shared
            .arg
            .store(std::ptr::from_ref(arg) as usize, Ordering::Relaxed);
        if !self.shared.move_from(READY, GO) {
            return Err(self.failure());
        }
        self.shared.wait_while(GO);
        // The pid is stored before CLONED, which the kernel may already
        // have overwritten with GONE.
        let pid = self.shared.pid.load(Ordering::Acquire);
        if pid > 0 {
            return Ok((pid, self.shared.pidfd.load(Ordering::Acquire)));
        }
        Err(self.failure())
    }

    /// The CPUs its starter may use, if the helper (and so the jail
    /// cloned from it) was kept off the starter's CPU.
    pub(crate) fn allowed(&mut self) -> Option<nix::sched::CpuSet> {
        self.allowed.take()
    }

    /// Why the helper did not do its part: the errno it stored before it
    /// said FAILED (which its exit may have overwritten with GONE), or its
    /// death.
    fn failure(&self) -> JailError {
        match self.shared.errno.load(Ordering::Acquire) {
            0 => JailError::Sys {
                op: "the jail's namespace helper exited before cloning the jail",
                errno: Errno::ECHILD,
            },
            errno => JailError::Clone {
                call: CALLS
                    .get(self.shared.failed.load(Ordering::Acquire))
                    .copied()
                    .unwrap_or("clone3"),
                errno: Errno::from_raw(errno),
                advice: crate::probe::userns_advice(&crate::probe::Sysctls::host()),
            },
        }
    }
}

impl Drop for Helper {
    /// Tells a waiting helper to exit, waits until it is gone (it then has
    /// no memory: ours can be freed), and reaps it.
    fn drop(&mut self) {
        // A helper still STARTING sees QUIT once it is READY.
        let _ = self.shared.move_from(STARTING, QUIT) || self.shared.move_from(READY, QUIT);
        let mut now = self.shared.state.load(Ordering::Acquire);
        while now != GONE {
            now = self.shared.wait_while(now);
        }
        let _ = nix::sys::wait::waitpid(nix::unistd::Pid::from_raw(self.pid), None);
        sys::unmap_stack(self.stack, STACK);
    }
}

/// The stack of [`hold_memory_past_exit`]'s helper, which calls only
/// system calls.
const HOLDER_STACK: usize = 64 << 10;

/// Has a helper share this process's memory until this process is gone, so
/// that its address space is torn down when the helper exits, after our
/// parent has our exit status, not before it (decision 0017 §23). Call it
/// last, from the thread that exits last, and only once nothing of a jail
/// can run any more: the helper shares our memory. It shares no file
/// descriptor (it closes its copies first), and dies of its parent-death
/// signal when this thread exits.
pub fn hold_memory_past_exit() {
    // The stack is never unmapped: the process is ending.
    let parent = std::process::id() as usize as *mut c_void;
    let _ = clone_sharing_memory(holder, HOLDER_STACK, 0, parent, std::ptr::null_mut());
}

/// [`hold_memory_past_exit`]'s helper: dies with its parent, and until
/// then only waits. Same rules as [`helper`].
extern "C" fn holder(parent: *mut c_void) -> c_int {
    // Its copies of our descriptors (a lock, a pipe a caller reads to its
    // end) must not outlive us.
    let _ = raw::syscall(libc::SYS_close_range, [0, u32::MAX as usize, 0, 0, 0, 0]);
    if die_with_parent(parent as usize).is_err() {
        return 0;
    }
    let never = AtomicU32::new(0);
    loop {
        raw::futex_wait(&never, 0);
    }
}

/// Starts `run(arg)` in a process that shares our memory (`CLONE_VM`,
/// plus `flags`), on a new stack of `stack_len` bytes, with SIGCHLD at its
/// exit and `clear_tid` cleared then (when not null). It is cloned with
/// every signal blocked (our mask is restored after), so that none reaches
/// it before it can take one: it must not run our handlers, nor die of a
/// terminal's ^C. Returns its pid and the stack's lowest usable address.
fn clone_sharing_memory(
    run: extern "C" fn(*mut c_void) -> c_int,
    stack_len: usize,
    flags: c_int,
    arg: *mut c_void,
    clear_tid: *mut AtomicU32,
) -> Result<(libc::pid_t, *mut u8), Errno> {
    let stack = sys::map_stack(stack_len)?;
    let all = sys::full_sigset();
    let mut before = sys::empty_sigset();
    // SAFETY: valid sigsets; this thread's mask is restored below.
    unsafe { libc::pthread_sigmask(libc::SIG_SETMASK, &all, &mut before) };
    let clear = if clear_tid.is_null() {
        0
    } else {
        libc::CLONE_CHILD_CLEARTID
    };
    // SAFETY: `stack` is a fresh mapping of `stack_len` bytes above a
    // guard page; the child starts at its top (mmap's alignment exceeds
    // the ABI's 16 bytes). `run` touches only `arg` and its own stack, and
    // calls nothing of the C library (the module's comment); the callers
    // keep `arg` and `clear_tid` alive for as long as it runs.
    let pid = unsafe {
        libc::clone(
            run,
            stack.add(stack_len).cast(),
            libc::CLONE_VM | flags | clear | libc::SIGCHLD,
            arg,
            std::ptr::null_mut::<libc::pid_t>(),
            std::ptr::null_mut::<c_void>(),
            clear_tid,
        )
    };
    let errno = Errno::last();
    // SAFETY: restores the mask saved above.
    unsafe { libc::pthread_sigmask(libc::SIG_SETMASK, &before, std::ptr::null_mut()) };
    if pid == -1 {
        sys::unmap_stack(stack, stack_len);
        return Err(errno);
    }
    Ok((pid, stack))
}

/// Sets the calling helper's parent-death signal (SIGKILL, which no mask
/// blocks), then checks that `parent` is still its parent: one that died
/// before the signal was set sent none.
fn die_with_parent(parent: usize) -> Result<(), i32> {
    let death = [
        libc::PR_SET_PDEATHSIG as usize,
        libc::SIGKILL as usize,
        0,
        0,
        0,
        0,
    ];
    raw::syscall(libc::SYS_prctl, death)?;
    if raw::syscall(libc::SYS_getppid, [0; 6]) != Ok(parent) {
        return Err(libc::ESRCH);
    }
    Ok(())
}

/// The helper: makes the namespaces, waits for the supervisor, clones the
/// jail, exits. Runs on the supervisor's memory and thread pointer (see
/// the module's comment): nothing here may allocate, panic, or call the C
/// library.
extern "C" fn helper(shared: *mut c_void) -> c_int {
    // SAFETY: `shared` is the Shared that Helper::start boxed, which lives
    // until the kernel has marked us GONE.
    let shared = unsafe { &*shared.cast::<Shared>() };
    // We die with the thread that started us, so an unused helper never
    // outlives the supervisor.
    let parent = usize::try_from(shared.parent.load(Ordering::Relaxed)).unwrap_or_default();
    if let Err(errno) = die_with_parent(parent) {
        shared.fail(PDEATHSIG, errno);
        return 0;
    }
    // The namespaces that need nothing from the plan; the clone makes the
    // mount namespace (a copy of the host's as it is then) and the pid one
    // (whose first process must be the init).
    let namespaces =
        libc::CLONE_NEWUSER | libc::CLONE_NEWNET | libc::CLONE_NEWIPC | libc::CLONE_NEWUTS;
    if let Err(errno) = raw::syscall(libc::SYS_unshare, [namespaces as usize, 0, 0, 0, 0, 0]) {
        shared.fail(UNSHARE, errno);
        return 0;
    }
    // Programs that talk to themselves over 127.0.0.1 work; nothing else
    // exists in this network namespace.
    if let Err(errno) = raw::loopback_up() {
        shared.fail(LOOPBACK, errno);
        return 0;
    }
    // Lost to a QUIT stored while we were STARTING: checked below.
    let _ = shared.move_from(STARTING, READY);
    loop {
        match shared.state.load(Ordering::Acquire) {
            READY => raw::futex_wait(&shared.state, READY),
            GO => break,
            _ => return 0,
        }
    }
    let flags =
        shared.flags.load(Ordering::Relaxed) | libc::CLONE_PARENT as u64 | libc::CLONE_PIDFD as u64;
    let mut pidfd: c_int = -1;
    match raw::clone3(flags, &mut pidfd) {
        Ok(0) => {
            // SAFETY: the supervisor stored a `fn(&T) -> !` and its `&T`
            // (clone_jail), and waits, keeping `arg` as it was, until we
            // report; this is the jail's child, on its copy of all that.
            let run = unsafe {
                std::mem::transmute::<usize, fn(*const c_void) -> !>(
                    shared.run.load(Ordering::Relaxed),
                )
            };
            run(shared.arg.load(Ordering::Relaxed) as *const c_void)
        }
        Ok(pid) => {
            shared.pidfd.store(pidfd, Ordering::Relaxed);
            #[expect(clippy::cast_possible_truncation, reason = "pids fit in pid_t")]
            shared.pid.store(pid as i32, Ordering::Release);
            shared.set(CLONED);
        }
        Err(errno) => shared.fail(CLONE3, errno),
    }
    0
}

/// System calls made without the C library, which would set `errno` in
/// the thread-local block the helper shares with the thread beside it.
mod raw {
    use std::sync::atomic::AtomicU32;

    /// `syscall(nr, args)`: the result, or the errno.
    pub(super) fn syscall(nr: libc::c_long, args: [usize; 6]) -> Result<usize, i32> {
        // SAFETY: callers pass system calls whose pointer arguments are
        // valid for the call (see each use).
        let ret = unsafe { arch::syscall6(nr, args) };
        if (-4095..0).contains(&ret) {
            return Err(i32::try_from(-ret).unwrap_or(libc::EINVAL));
        }
        usize::try_from(ret).map_err(|_| libc::EINVAL)
    }

    pub(super) fn futex_wait(word: &AtomicU32, expected: u32) {
        // A spurious or raced wake-up just returns; callers re-check.
        let _ = syscall(
            libc::SYS_futex,
            [
                word.as_ptr() as usize,
                libc::FUTEX_WAIT as usize,
                expected as usize,
                0,
                0,
                0,
            ],
        );
    }

    pub(super) fn futex_wake(word: &AtomicU32) {
        let _ = syscall(
            libc::SYS_futex,
            [
                word.as_ptr() as usize,
                libc::FUTEX_WAKE as usize,
                i32::MAX as usize,
                0,
                0,
                0,
            ],
        );
    }

    /// Brings the network namespace's loopback interface up.
    pub(super) fn loopback_up() -> Result<(), i32> {
        let fd = syscall(
            libc::SYS_socket,
            [
                libc::AF_INET as usize,
                (libc::SOCK_DGRAM | libc::SOCK_CLOEXEC) as usize,
                0,
                0,
                0,
                0,
            ],
        )?;
        // SAFETY: ifreq is plain old data; all-zero is valid.
        let mut request: libc::ifreq = unsafe { std::mem::zeroed() };
        for (slot, byte) in request.ifr_name.iter_mut().zip(b"lo\0") {
            *slot = *byte as libc::c_char;
        }
        let pointer = std::ptr::from_mut(&mut request) as usize;
        #[expect(clippy::cast_possible_truncation, reason = "0x8913 and 0x8914")]
        let (get, set) = (libc::SIOCGIFFLAGS as usize, libc::SIOCSIFFLAGS as usize);
        // SIOCGIFFLAGS and SIOCSIFFLAGS read and write this one ifreq; the
        // flags member of its union is the one they use.
        let result = syscall(libc::SYS_ioctl, [fd, get, pointer, 0, 0, 0]).and_then(|_| {
            #[expect(clippy::cast_possible_truncation, reason = "IFF_UP is 0x1")]
            let up = libc::IFF_UP as libc::c_short;
            // SAFETY: the flags member, which SIOCGIFFLAGS wrote.
            unsafe { request.ifr_ifru.ifru_flags |= up };
            syscall(libc::SYS_ioctl, [fd, set, pointer, 0, 0, 0])
        });
        let _ = syscall(libc::SYS_close, [fd, 0, 0, 0, 0, 0]);
        result.map(drop)
    }

    /// `clone3` with no new stack: returns 0 in the child, as fork does.
    pub(super) fn clone3(flags: u64, pidfd: &mut libc::c_int) -> Result<usize, i32> {
        let args = crate::clone::CloneArgs::new(flags, pidfd);
        syscall(
            libc::SYS_clone3,
            [
                std::ptr::from_ref(&args) as usize,
                std::mem::size_of::<crate::clone::CloneArgs>(),
                0,
                0,
                0,
                0,
            ],
        )
    }

    #[cfg(target_arch = "x86_64")]
    mod arch {
        /// SAFETY: the caller's (a raw system call).
        pub(in super::super) unsafe fn syscall6(nr: libc::c_long, a: [usize; 6]) -> libc::c_long {
            let ret: libc::c_long;
            // SAFETY: the Linux x86-64 system call convention; the kernel
            // clobbers rcx and r11 only.
            unsafe {
                std::arch::asm!(
                    "syscall",
                    inlateout("rax") nr => ret,
                    in("rdi") a[0], in("rsi") a[1], in("rdx") a[2],
                    in("r10") a[3], in("r8") a[4], in("r9") a[5],
                    lateout("rcx") _, lateout("r11") _,
                    options(nostack),
                );
            }
            ret
        }
    }

    #[cfg(target_arch = "aarch64")]
    mod arch {
        /// SAFETY: the caller's (a raw system call).
        pub(in super::super) unsafe fn syscall6(nr: libc::c_long, a: [usize; 6]) -> libc::c_long {
            let ret: libc::c_long;
            // SAFETY: the Linux arm64 system call convention.
            unsafe {
                std::arch::asm!(
                    "svc 0",
                    in("x8") nr,
                    inlateout("x0") a[0] => ret,
                    in("x1") a[1], in("x2") a[2], in("x3") a[3], in("x4") a[4], in("x5") a[5],
                    options(nostack),
                );
            }
            ret
        }
    }
}
