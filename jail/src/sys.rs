//! Thin wrappers over the raw syscalls the jail uses, each returning
//! `Result<_, Errno>`. None allocates, locks or panics, so every one may be
//! called between clone and exec. All `unsafe` of the child side lives here,
//! but for `clone3` itself (clone.rs).

use std::ffi::{c_int, c_ulong, CStr};
use std::os::fd::RawFd;
use std::ptr;

use libc::c_char;
pub use nix::errno::Errno;

fn check(ret: libc::c_long) -> Result<libc::c_long, Errno> {
    if ret == -1 {
        Err(Errno::last())
    } else {
        Ok(ret)
    }
}

fn check_int(ret: c_int) -> Result<c_int, Errno> {
    check(ret.into()).map(|_| ret)
}

fn opt_ptr(s: Option<&CStr>) -> *const c_char {
    s.map_or(ptr::null(), CStr::as_ptr)
}

pub fn mount(
    source: Option<&CStr>,
    target: &CStr,
    fstype: Option<&CStr>,
    flags: c_ulong,
    data: Option<&CStr>,
) -> Result<(), Errno> {
    // SAFETY: every pointer is either null or a NUL-terminated string that
    // outlives the call; the kernel only reads them.
    let ret = unsafe {
        libc::mount(
            opt_ptr(source),
            target.as_ptr(),
            opt_ptr(fstype),
            flags,
            opt_ptr(data).cast(),
        )
    };
    check_int(ret).map(drop)
}

pub fn umount_detach(target: &CStr) -> Result<(), Errno> {
    // SAFETY: `target` is a valid C string for the duration of the call.
    check_int(unsafe { libc::umount2(target.as_ptr(), libc::MNT_DETACH) }).map(drop)
}

pub fn pivot_root(new_root: &CStr, put_old: &CStr) -> Result<(), Errno> {
    // SAFETY: pivot_root takes two path pointers, both valid C strings.
    check(unsafe { libc::syscall(libc::SYS_pivot_root, new_root.as_ptr(), put_old.as_ptr()) })
        .map(drop)
}

/// `mount_setattr(2)` with `attr_set` only: flags are added, never cleared,
/// so locked flags inherited from the host never cause EPERM.
pub fn mount_setattr(path: &CStr, recursive: bool, attr_set: u64) -> Result<(), Errno> {
    let flags = if recursive { libc::AT_RECURSIVE } else { 0 };
    mount_setattr_at(libc::AT_FDCWD, path, flags, attr_set)
}

fn mount_setattr_at(dirfd: RawFd, path: &CStr, flags: c_int, attr_set: u64) -> Result<(), Errno> {
    #[repr(C)]
    struct MountAttr {
        attr_set: u64,
        attr_clr: u64,
        propagation: u64,
        userns_fd: u64,
    }
    let attr = MountAttr {
        attr_set,
        attr_clr: 0,
        propagation: 0,
        userns_fd: 0,
    };
    // SAFETY: `attr` is a properly laid out `struct mount_attr` on our stack
    // and its size is passed; `path` is a valid C string.
    check(unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            dirfd,
            path.as_ptr(),
            flags,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        )
    })
    .map(drop)
}

/// The `ST_*` flags of the filesystem mounted at `path` (statvfs), used to
/// keep locked flags when remounting on kernels without mount_setattr.
pub fn mount_flags(path: &CStr) -> Result<c_ulong, Errno> {
    // SAFETY: statvfs is plain old data; all-zero is a valid value.
    let mut buf: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: `path` is a valid C string and `buf` a valid out pointer.
    check_int(unsafe { libc::statvfs(path.as_ptr(), &mut buf) })?;
    Ok(buf.f_flag)
}

pub fn mkdir(path: &CStr, mode: libc::mode_t) -> Result<(), Errno> {
    // SAFETY: `path` is a valid C string.
    check_int(unsafe { libc::mkdir(path.as_ptr(), mode) }).map(drop)
}

pub fn chdir(path: &CStr) -> Result<(), Errno> {
    // SAFETY: `path` is a valid C string.
    check_int(unsafe { libc::chdir(path.as_ptr()) }).map(drop)
}

pub fn sethostname(name: &CStr) -> Result<(), Errno> {
    let bytes = name.to_bytes();
    // SAFETY: the pointer and length describe `name`'s bytes.
    check_int(unsafe { libc::sethostname(bytes.as_ptr().cast(), bytes.len()) }).map(drop)
}

/// Moves the calling process into new namespaces of `flags`.
pub fn unshare(flags: c_int) -> Result<(), Errno> {
    // SAFETY: unshare takes an integer flag word.
    check_int(unsafe { libc::unshare(flags) }).map(drop)
}

/// Room for the control messages of a message that carries a few fds.
const CONTROL_BYTES: usize = 128;

/// A control-message buffer, aligned as its `cmsghdr`s must be.
#[repr(C)]
union ControlBuffer {
    buf: [u8; CONTROL_BYTES],
    _align: libc::cmsghdr,
}

/// The header of a message of one byte (`iov`) with `len` bytes of
/// `control`, for `sendmsg` and `recvmsg`; both must outlive it.
fn one_byte_message(
    iov: &mut libc::iovec,
    control: &mut ControlBuffer,
    len: usize,
) -> libc::msghdr {
    // SAFETY: msghdr is plain old data; all-zero is valid.
    let mut msg: libc::msghdr = unsafe { std::mem::zeroed() };
    msg.msg_iov = iov;
    msg.msg_iovlen = 1;
    // SAFETY: taking the address of the buffer member of a union we own.
    msg.msg_control = unsafe { control.buf.as_mut_ptr() }.cast();
    // usize on glibc, u32 on musl.
    msg.msg_controllen = len as _;
    msg
}

/// Receives one byte from `socket` and the fds sent with it (close-on-exec)
/// into `fds`: Ok(None) at end of file, else the byte and how many fds
/// came. More fds than `fds` holds is EPROTO, with every one that came
/// closed: the sender is ours and sends at most that many.
pub fn recv_byte_with_fds(socket: RawFd, fds: &mut [RawFd]) -> Result<Option<(u8, usize)>, Errno> {
    let mut control = ControlBuffer {
        buf: [0; CONTROL_BYTES],
    };
    let mut byte = [0u8];
    let mut iov = libc::iovec {
        iov_base: byte.as_mut_ptr().cast(),
        iov_len: 1,
    };
    let mut msg = one_byte_message(&mut iov, &mut control, CONTROL_BYTES);
    let n = loop {
        // SAFETY: `msg` and everything it points at live on our stack.
        let n = unsafe { libc::recvmsg(socket, &mut msg, libc::MSG_CMSG_CLOEXEC) };
        match n {
            -1 if Errno::last() == Errno::EINTR => continue,
            -1 => return Err(Errno::last()),
            n => break n,
        }
    };
    let mut count = 0;
    let mut overflow = false;
    // SAFETY: the kernel filled `msg_controllen` bytes of the buffer with
    // well-formed headers; CMSG_FIRSTHDR/CMSG_NXTHDR stay inside them, and
    // each SCM_RIGHTS header's data holds `cmsg_len - CMSG_LEN(0)` bytes of
    // fds, read unaligned.
    unsafe {
        let mut header = libc::CMSG_FIRSTHDR(&msg);
        while !header.is_null() {
            if (*header).cmsg_level == libc::SOL_SOCKET && (*header).cmsg_type == libc::SCM_RIGHTS {
                let bytes =
                    ((*header).cmsg_len as usize).saturating_sub(libc::CMSG_LEN(0) as usize);
                let data = libc::CMSG_DATA(header).cast::<RawFd>();
                for i in 0..bytes / std::mem::size_of::<RawFd>() {
                    let fd = std::ptr::read_unaligned(data.add(i));
                    match fds.get_mut(count) {
                        Some(slot) => {
                            *slot = fd;
                            count += 1;
                        }
                        None => {
                            close(fd);
                            overflow = true;
                        }
                    }
                }
            }
            header = libc::CMSG_NXTHDR(&msg, header);
        }
    }
    if overflow || msg.msg_flags & libc::MSG_CTRUNC != 0 {
        for &fd in &fds[..count] {
            close(fd);
        }
        return Err(Errno::EPROTO);
    }
    Ok((n > 0).then_some((byte[0], count)))
}

pub fn setsid() -> Result<(), Errno> {
    // SAFETY: no arguments; fails only with EPERM for a group leader.
    check_int(unsafe { libc::setsid() }).map(drop)
}

fn prctl(option: c_int, arg2: c_ulong) -> Result<(), Errno> {
    // SAFETY: every option we pass takes integer arguments only.
    check_int(unsafe { libc::prctl(option, arg2, 0 as c_ulong, 0 as c_ulong, 0 as c_ulong) })
        .map(drop)
}

/// Asks the kernel to send `signal` to us when the thread that forked us dies.
pub fn set_parent_death_signal(signal: c_int) -> Result<(), Errno> {
    prctl(libc::PR_SET_PDEATHSIG, signal as c_ulong)
}

/// Non-dumpable: /proc/PID/{environ,mem,fd,…} of this process become
/// unreadable to processes without CAP_SYS_PTRACE, and ptrace is refused.
pub fn set_not_dumpable() -> Result<(), Errno> {
    prctl(libc::PR_SET_DUMPABLE, 0)
}

pub fn set_no_new_privs() -> Result<(), Errno> {
    prctl(libc::PR_SET_NO_NEW_PRIVS, 1)
}

/// Drops `cap` from the bounding set, so no later execve can regain it.
pub fn drop_bounding_cap(cap: u32) -> Result<(), Errno> {
    prctl(libc::PR_CAPBSET_DROP, cap.into())
}

pub fn clear_ambient_caps() -> Result<(), Errno> {
    // SAFETY: PR_CAP_AMBIENT takes integer arguments only.
    check_int(unsafe {
        libc::prctl(
            libc::PR_CAP_AMBIENT,
            libc::PR_CAP_AMBIENT_CLEAR_ALL as c_ulong,
            0 as c_ulong,
            0 as c_ulong,
            0 as c_ulong,
        )
    })
    .map(drop)
}

/// Clears the effective, permitted and inheritable sets of this thread.
pub fn clear_capabilities() -> Result<(), Errno> {
    #[repr(C)]
    struct Header {
        version: u32,
        pid: c_int,
    }
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct Data {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    const LINUX_CAPABILITY_VERSION_3: u32 = 0x2008_0522;
    let header = Header {
        version: LINUX_CAPABILITY_VERSION_3,
        pid: 0,
    };
    let data = [Data {
        effective: 0,
        permitted: 0,
        inheritable: 0,
    }; 2];
    // SAFETY: version 3 capset reads one header and two data structs, which
    // live on our stack for the duration of the call.
    check(unsafe { libc::syscall(libc::SYS_capset, &header as *const Header, data.as_ptr()) })
        .map(drop)
}

/// `close_range(2)`; with `cloexec`, marks the fds close-on-exec instead.
pub fn close_range(first: u32, last: u32, cloexec: bool) -> Result<(), Errno> {
    let flags = if cloexec {
        libc::CLOSE_RANGE_CLOEXEC
    } else {
        0
    };
    // SAFETY: close_range takes integers; closing fds we own is our choice.
    check(unsafe { libc::syscall(libc::SYS_close_range, first, last, flags) }).map(drop)
}

/// Clears close-on-exec on `fd`, so it survives the exec.
pub fn clear_cloexec(fd: RawFd) -> Result<(), Errno> {
    // SAFETY: F_SETFD takes an integer flag word.
    check_int(unsafe { libc::fcntl(fd, libc::F_SETFD, 0) }).map(drop)
}

/// `fcntl(F_SETLEASE)` with `F_WRLCK` and then `F_UNLCK`: the kernel
/// grants a write lease only while no other open file description names
/// the file (fs/locks.c `check_conflicting_open`), so success says that,
/// as of the call, `fd` is the file's only opener.
pub fn only_opener(fd: RawFd) -> Result<(), Errno> {
    // SAFETY: F_SETLEASE takes an integer lease type on an fd we hold.
    check_int(unsafe { libc::fcntl(fd, libc::F_SETLEASE, libc::F_WRLCK) })?;
    // SAFETY: as above; giving up the lease at once means no lease break
    // (and its SIGIO) can ever come to us.
    check_int(unsafe { libc::fcntl(fd, libc::F_SETLEASE, libc::F_UNLCK) }).map(drop)
}

pub fn close(fd: RawFd) {
    // SAFETY: closing an fd this process owns; errors are not actionable.
    unsafe { libc::close(fd) };
}

pub fn dup2(old: RawFd, new: RawFd) -> Result<(), Errno> {
    // SAFETY: dup2 takes integers.
    check_int(unsafe { libc::dup2(old, new) }).map(drop)
}

/// Makes the terminal on `fd` our controlling terminal (we must be a session
/// leader without one).
pub fn set_controlling_tty(fd: RawFd) -> Result<(), Errno> {
    // SAFETY: TIOCSCTTY takes an integer argument.
    check_int(unsafe { libc::ioctl(fd, libc::TIOCSCTTY, 0) }).map(drop)
}

/// Tries `execve`; returns only on failure.
pub fn execve(path: &CStr, argv: &[*const c_char], envp: &[*const c_char]) -> Errno {
    // SAFETY: `argv` and `envp` are NULL-terminated arrays of pointers to C
    // strings that the caller keeps alive (prepare.rs builds them).
    unsafe { libc::execve(path.as_ptr(), argv.as_ptr(), envp.as_ptr()) };
    Errno::last()
}

/// The page below a stack of [`map_stack`].
const GUARD: usize = 4096;

/// A private anonymous mapping of `len` bytes to run a child on
/// (`MAP_STACK`), above a page that faults on any access, so that a stack
/// overflowing it ends the child instead of writing into whatever lies
/// below; the usable part's lowest address.
pub fn map_stack(len: usize) -> Result<*mut u8, Errno> {
    // SAFETY: a new anonymous mapping at an address the kernel chooses;
    // nothing else refers to it.
    let addr = unsafe {
        libc::mmap(
            ptr::null_mut(),
            len + GUARD,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_STACK,
            -1,
            0,
        )
    };
    if addr == libc::MAP_FAILED {
        return Err(Errno::last());
    }
    // SAFETY: the mapping's first page, ours alone (above).
    check_int(unsafe { libc::mprotect(addr, GUARD, libc::PROT_NONE) })?;
    // SAFETY: GUARD bytes into a mapping of len + GUARD bytes.
    Ok(unsafe { addr.cast::<u8>().add(GUARD) })
}

/// Unmaps a stack [`map_stack`] returned for `len` bytes, guard page and
/// all.
pub fn unmap_stack(stack: *mut u8, len: usize) {
    // SAFETY: `stack` is GUARD bytes into a mapping of len + GUARD bytes
    // that map_stack made, which nothing runs on any more (the caller's
    // promise).
    unsafe { libc::munmap(stack.sub(GUARD).cast(), len + GUARD) };
}

pub fn exit(code: c_int) -> ! {
    // SAFETY: _exit never returns and runs no atexit handlers or destructors,
    // which in a forked child could touch state owned by other threads.
    unsafe { libc::_exit(code) }
}

/// Reads until `buf` is full; Ok(false) on end of file before any byte.
pub fn read_exact(fd: RawFd, buf: &mut [u8]) -> Result<bool, Errno> {
    let mut done = 0;
    while done < buf.len() {
        // SAFETY: the pointer and length describe the unfilled part of `buf`.
        let n = unsafe { libc::read(fd, buf[done..].as_mut_ptr().cast(), buf.len() - done) };
        match n {
            -1 if Errno::last() == Errno::EINTR => continue,
            -1 => return Err(Errno::last()),
            0 if done == 0 => return Ok(false),
            0 => return Err(Errno::EPIPE),
            n => done += n.unsigned_abs(),
        }
    }
    Ok(true)
}

/// Sleeps `ms` milliseconds (EINTR ends it early).
pub fn sleep_ms(ms: u32) {
    let time = libc::timespec {
        tv_sec: (ms / 1000).into(),
        tv_nsec: libc::c_long::from(ms % 1000) * 1_000_000,
    };
    // SAFETY: `time` is a valid timespec on our stack; no remainder wanted.
    unsafe { libc::nanosleep(&time, std::ptr::null_mut()) };
}

/// Whether every write end of the pipe `fd` reads from is closed (poll's
/// POLLHUP, without waiting).
pub fn hung_up(fd: RawFd) -> bool {
    let mut poll = libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: one valid pollfd on our stack, and its count.
    let ready = unsafe { libc::poll(&mut poll, 1, 0) };
    ready > 0 && poll.revents & libc::POLLHUP != 0
}

pub fn write_all(fd: RawFd, buf: &[u8]) -> Result<(), Errno> {
    let mut done = 0;
    while done < buf.len() {
        // SAFETY: the pointer and length describe the unwritten part of `buf`.
        let n = unsafe { libc::write(fd, buf[done..].as_ptr().cast(), buf.len() - done) };
        match n {
            -1 if Errno::last() == Errno::EINTR => continue,
            -1 => return Err(Errno::last()),
            n => done += n.unsigned_abs(),
        }
    }
    Ok(())
}

/// A do-nothing handler: pid 1 of a pid namespace only receives signals from
/// outside it for which it has a handler, so the init installs this one and
/// then collects the (blocked) signals with `sigwaitinfo`.
extern "C" fn ignore_signal(_: c_int) {}

pub fn install_noop_handler(signal: c_int) -> Result<(), Errno> {
    // SAFETY: sigaction is plain old data; all-zero is valid (empty mask).
    let mut action: libc::sigaction = unsafe { std::mem::zeroed() };
    action.sa_sigaction = ignore_signal as extern "C" fn(c_int) as usize;
    action.sa_flags = libc::SA_RESTART;
    // SAFETY: `action` is initialised; the old action is not wanted.
    check_int(unsafe { libc::sigaction(signal, &action, ptr::null_mut()) }).map(drop)
}

/// Restores every signal's default action and unblocks all signals, so the
/// payload starts as if from a clean exec.
pub fn reset_signals() -> Result<(), Errno> {
    // Handlers are reset by execve anyway; what survives it is SIG_IGN
    // (Rust ignores SIGPIPE, `nohup` SIGHUP), so the standard signals do.
    for signal in 1..libc::SIGRTMIN() {
        if signal == libc::SIGKILL || signal == libc::SIGSTOP {
            continue;
        }
        // SAFETY: setting SIG_DFL is always valid; invalid numbers (used
        // internally by the C library) fail harmlessly with EINVAL.
        unsafe { libc::signal(signal, libc::SIG_DFL) };
    }
    let set = empty_sigset();
    // SAFETY: `set` is an initialised sigset; the old mask is not wanted.
    check_int(unsafe { libc::sigprocmask(libc::SIG_SETMASK, &set, ptr::null_mut()) }).map(drop)
}

pub fn empty_sigset() -> libc::sigset_t {
    // SAFETY: sigset_t is plain old data, initialised by sigemptyset.
    let mut set: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: `set` is a valid sigset_t.
    unsafe { libc::sigemptyset(&mut set) };
    set
}

pub fn full_sigset() -> libc::sigset_t {
    // SAFETY: sigset_t is plain old data, initialised by sigfillset.
    let mut set: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: `set` is a valid sigset_t.
    unsafe { libc::sigfillset(&mut set) };
    set
}

pub fn sigset_of(signals: &[c_int]) -> libc::sigset_t {
    let mut set = empty_sigset();
    for &signal in signals {
        // SAFETY: `set` is a valid, initialised sigset_t.
        unsafe { libc::sigaddset(&mut set, signal) };
    }
    set
}

pub fn block_signals(set: &libc::sigset_t) -> Result<(), Errno> {
    // SAFETY: `set` is initialised; the old mask is not wanted.
    check_int(unsafe { libc::sigprocmask(libc::SIG_BLOCK, set, ptr::null_mut()) }).map(drop)
}

/// Waits for one of the (blocked) signals in `set`.
pub fn wait_signal(set: &libc::sigset_t) -> Result<c_int, Errno> {
    loop {
        // SAFETY: `set` is initialised; siginfo is not wanted.
        match check_int(unsafe { libc::sigwaitinfo(set, ptr::null_mut()) }) {
            Err(Errno::EINTR) => continue,
            other => return other,
        }
    }
}

pub fn kill(pid: libc::pid_t, signal: c_int) -> Result<(), Errno> {
    // SAFETY: kill takes integers.
    check_int(unsafe { libc::kill(pid, signal) }).map(drop)
}

/// Reaps one exited child without blocking: `Some((pid, status))`, or None
/// when no child has exited (or none is left).
pub fn reap_one() -> Option<(libc::pid_t, c_int)> {
    let mut status: c_int = 0;
    // SAFETY: `status` is a valid out pointer.
    let pid = unsafe { libc::waitpid(-1, &mut status, libc::WNOHANG) };
    (pid > 0).then_some((pid, status))
}

/// Reaps children, blocking, until none is left.
pub fn reap_all() {
    loop {
        let mut status: c_int = 0;
        // SAFETY: `status` is a valid out pointer.
        let pid = unsafe { libc::waitpid(-1, &mut status, 0) };
        if pid < 0 && Errno::last() != Errno::EINTR {
            return;
        }
    }
}

/// Overwrites `len` bytes at `start` with zeros.
///
/// # Safety
/// The range must be writable memory of this process that nothing else
/// reads as structured data (used for the argv/environ strings area).
pub unsafe fn zero_memory(start: usize, len: usize) {
    // SAFETY: upheld by the caller.
    unsafe { ptr::write_bytes(start as *mut u8, 0, len) }
}

pub fn window_size(fd: RawFd) -> Result<libc::winsize, Errno> {
    // SAFETY: winsize is plain old data; all-zero is valid.
    let mut size: libc::winsize = unsafe { std::mem::zeroed() };
    // SAFETY: TIOCGWINSZ writes one winsize through the valid pointer.
    check_int(unsafe { libc::ioctl(fd, libc::TIOCGWINSZ, &mut size) })?;
    Ok(size)
}

pub fn set_window_size(fd: RawFd, size: &libc::winsize) -> Result<(), Errno> {
    // SAFETY: TIOCSWINSZ reads one winsize through the valid pointer.
    check_int(unsafe { libc::ioctl(fd, libc::TIOCSWINSZ, size) }).map(drop)
}

pub fn set_rlimit(
    resource: crate::rlimit::Resource,
    soft: libc::rlim_t,
    hard: libc::rlim_t,
) -> Result<(), Errno> {
    let limit = libc::rlimit {
        rlim_cur: soft,
        rlim_max: hard,
    };
    // SAFETY: `limit` is a valid rlimit on our stack.
    check_int(unsafe { libc::setrlimit(resource, &limit) }).map(drop)
}

pub fn hard_rlimit(resource: crate::rlimit::Resource) -> Result<libc::rlim_t, Errno> {
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: `limit` is a valid out pointer on our stack.
    check_int(unsafe { libc::getrlimit(resource, &mut limit) })?;
    Ok(limit.rlim_max)
}

/// Installs a seccomp filter and returns its user-notification listener.
pub fn install_filter_with_listener(program: &[seccompiler::sock_filter]) -> Result<RawFd, Errno> {
    #[expect(
        clippy::cast_possible_truncation,
        reason = "our programs are < 1000 instructions"
    )]
    let fprog = libc::sock_fprog {
        len: program.len() as u16,
        filter: program.as_ptr() as *mut libc::sock_filter,
    };
    // SAFETY: `fprog` points at `program`, alive for the call; the kernel
    // copies the instructions.
    let fd = check(unsafe {
        libc::syscall(
            libc::SYS_seccomp,
            libc::SECCOMP_SET_MODE_FILTER,
            libc::SECCOMP_FILTER_FLAG_NEW_LISTENER,
            &fprog as *const libc::sock_fprog,
        )
    })?;
    #[expect(clippy::cast_possible_truncation, reason = "fds fit in c_int")]
    Ok(fd as RawFd)
}

/// Sends `fd` over the unix socket `socket` (SCM_RIGHTS), from the stack.
pub fn send_fd(socket: RawFd, fd: RawFd) -> Result<(), Errno> {
    let mut control = ControlBuffer {
        buf: [0; CONTROL_BYTES],
    };
    let mut byte = [b'F'];
    let mut iov = libc::iovec {
        iov_base: byte.as_mut_ptr().cast(),
        iov_len: 1,
    };
    const FD_BYTES: u32 = 4; // size_of::<RawFd>()
                             // SAFETY: CMSG_SPACE only computes a size.
    let space = unsafe { libc::CMSG_SPACE(FD_BYTES) };
    let msg = one_byte_message(&mut iov, &mut control, space as usize);
    // SAFETY: msg_control points at CONTROL_BYTES aligned bytes, more than
    // `space`, so the first header and its data lie inside the buffer.
    unsafe {
        let header = libc::CMSG_FIRSTHDR(&msg);
        (*header).cmsg_level = libc::SOL_SOCKET;
        (*header).cmsg_type = libc::SCM_RIGHTS;
        (*header).cmsg_len = libc::CMSG_LEN(FD_BYTES) as _;
        std::ptr::write_unaligned(libc::CMSG_DATA(header).cast::<RawFd>(), fd);
    }
    // SAFETY: `msg` and everything it points at live on our stack.
    check(unsafe { libc::sendmsg(socket, &msg, 0) } as libc::c_long).map(drop)
}

/// openat2(2)'s `RESOLVE_*` flags: no symlink and no magic link (the
/// /proc/PID/fd kind) anywhere in the path.
const RESOLVE_NO_MAGICLINKS: u64 = 0x02;
const RESOLVE_NO_SYMLINKS: u64 = 0x04;

/// `openat2(2)` of `path` relative to `dirfd` (or absolute), following no
/// symlink in any component: the path names exactly what was checked, or
/// the call fails (ELOOP). Always `O_CLOEXEC`.
pub fn open_no_symlinks(
    dirfd: RawFd,
    path: &CStr,
    flags: c_int,
    mode: libc::mode_t,
) -> Result<RawFd, Errno> {
    #[repr(C)]
    struct OpenHow {
        flags: u64,
        mode: u64,
        resolve: u64,
    }
    let how = OpenHow {
        flags: u64::from((flags | libc::O_CLOEXEC).unsigned_abs()),
        mode: u64::from(mode),
        resolve: RESOLVE_NO_SYMLINKS | RESOLVE_NO_MAGICLINKS,
    };
    // SAFETY: `how` is a properly laid out `struct open_how` on our stack
    // and its size is passed; `path` is a valid C string.
    let fd = check(unsafe {
        libc::syscall(
            libc::SYS_openat2,
            dirfd,
            path.as_ptr(),
            &how as *const OpenHow,
            std::mem::size_of::<OpenHow>(),
        )
    })?;
    #[expect(clippy::cast_possible_truncation, reason = "fds fit in c_int")]
    Ok(fd as RawFd)
}

/// The same, as an `OwnedFd` (closed when dropped): for the supervisor, and
/// for the payload's Landlock rules.
pub fn open_no_symlinks_owned(path: &CStr, flags: c_int) -> Result<std::os::fd::OwnedFd, Errno> {
    use std::os::fd::FromRawFd;
    let fd = open_no_symlinks(libc::AT_FDCWD, path, flags, 0)?;
    // SAFETY: openat2 returned a fresh fd that nothing else owns.
    Ok(unsafe { std::os::fd::OwnedFd::from_raw_fd(fd) })
}

/// Device, inode and mode of the open file `fd`.
pub fn identify(fd: RawFd) -> Result<(u64, u64, u32), Errno> {
    // SAFETY: stat is plain old data; all-zero is a valid value.
    let mut buf: libc::stat = unsafe { std::mem::zeroed() };
    // SAFETY: `fd` is an fd number and `buf` a valid out pointer.
    check_int(unsafe { libc::fstat(fd, &mut buf) })?;
    #[allow(
        clippy::useless_conversion,
        reason = "the field types differ per target"
    )]
    Ok((u64::from(buf.st_dev), u64::from(buf.st_ino), buf.st_mode))
}

/// `STATX_MNT_ID` (Linux 5.8): not in every libc's headers.
const STATX_MNT_ID: libc::c_uint = 0x1000;

/// `statx` of the open file `fd` itself, asking for `mask`; None if it
/// failed.
fn statx_fd(fd: RawFd, mask: libc::c_uint) -> Option<libc::statx> {
    // SAFETY: statx is plain old data; all-zero is a valid value.
    let mut buf: libc::statx = unsafe { std::mem::zeroed() };
    // SAFETY: `fd` is an fd number, the path is an empty C string (with
    // AT_EMPTY_PATH: the file itself), `buf` a valid out pointer.
    let rc = unsafe { libc::statx(fd, c"".as_ptr(), libc::AT_EMPTY_PATH, mask, &mut buf) };
    (rc == 0).then_some(buf)
}

/// The id of the mount the open file `fd` is on (`mnt_id` in mountinfo),
/// from `statx`; None where the kernel does not report it.
pub fn mount_id(fd: RawFd) -> Option<u64> {
    statx_fd(fd, STATX_MNT_ID)
        .filter(|buf| buf.stx_mask & STATX_MNT_ID != 0)
        .map(|buf| buf.stx_mnt_id)
}

/// [`identify`] and [`mount_id`] in one `statx`: device, inode, mode,
/// and the mount id where the kernel reports it (falling back to the two
/// calls where `statx` cannot say).
pub fn identify_with_mount(fd: RawFd) -> Result<(u64, u64, u32, Option<u64>), Errno> {
    let basic = libc::STATX_TYPE | libc::STATX_MODE | libc::STATX_INO;
    let Some(buf) = statx_fd(fd, basic | STATX_MNT_ID).filter(|b| b.stx_mask & basic == basic)
    else {
        let (dev, ino, mode) = identify(fd)?;
        return Ok((dev, ino, mode, mount_id(fd)));
    };
    #[allow(clippy::useless_conversion, reason = "dev_t's type differs per target")]
    // The same number `fstat` gives (`makedev` encodes it as the kernel does).
    let dev = u64::from(libc::makedev(buf.stx_dev_major, buf.stx_dev_minor));
    let mount = (buf.stx_mask & STATX_MNT_ID != 0).then_some(buf.stx_mnt_id);
    Ok((dev, buf.stx_ino, u32::from(buf.stx_mode), mount))
}

const OPEN_TREE_CLONE: libc::c_uint = 1;
const MOVE_MOUNT_F_EMPTY_PATH: libc::c_uint = 0x04;
const MOVE_MOUNT_T_EMPTY_PATH: libc::c_uint = 0x40;

/// `open_tree(fd, "", OPEN_TREE_CLONE | AT_RECURSIVE)`: a detached copy of
/// the mount tree at the open object `fd`, to be attached with
/// [`move_mount`]. Binding from an fd leaves no path to be swapped.
pub fn clone_tree(fd: RawFd, empty: &CStr) -> Result<RawFd, Errno> {
    let flags = OPEN_TREE_CLONE
        | libc::O_CLOEXEC.unsigned_abs()
        | libc::AT_EMPTY_PATH.unsigned_abs()
        | libc::AT_RECURSIVE.unsigned_abs();
    // SAFETY: `empty` is a valid (empty) C string; the call takes no other
    // pointer.
    let tree = check(unsafe { libc::syscall(libc::SYS_open_tree, fd, empty.as_ptr(), flags) })?;
    #[expect(clippy::cast_possible_truncation, reason = "fds fit in c_int")]
    Ok(tree as RawFd)
}

/// `mount_setattr(fd, "", AT_EMPTY_PATH | AT_RECURSIVE)` adding `attr_set`
/// to every mount of the (detached) tree `fd`.
pub fn tree_setattr(fd: RawFd, empty: &CStr, attr_set: u64) -> Result<(), Errno> {
    mount_setattr_at(
        fd,
        empty,
        libc::AT_EMPTY_PATH | libc::AT_RECURSIVE,
        attr_set,
    )
}

/// `move_mount(tree, "", onto, "")`: attaches the detached tree `tree` on
/// the open mount point `onto`.
pub fn move_mount(tree: RawFd, onto: RawFd, empty: &CStr) -> Result<(), Errno> {
    // SAFETY: both paths are the same valid (empty) C string; fds are plain
    // numbers.
    check(unsafe {
        libc::syscall(
            libc::SYS_move_mount,
            tree,
            empty.as_ptr(),
            onto,
            empty.as_ptr(),
            MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_T_EMPTY_PATH,
        )
    })
    .map(drop)
}

pub fn mkdirat(dirfd: RawFd, name: &CStr, mode: libc::mode_t) -> Result<(), Errno> {
    // SAFETY: `name` is a valid C string.
    check_int(unsafe { libc::mkdirat(dirfd, name.as_ptr(), mode) }).map(drop)
}

pub fn symlinkat(target: &CStr, dirfd: RawFd, name: &CStr) -> Result<(), Errno> {
    // SAFETY: both are valid C strings.
    check_int(unsafe { libc::symlinkat(target.as_ptr(), dirfd, name.as_ptr()) }).map(drop)
}

/// A listening `AF_UNIX` `SOCK_SEQPACKET` socket (close-on-exec) bound to
/// the abstract address `name` (without the leading NUL) of this process's
/// network namespace. The address lives on the stack: nothing allocates.
pub fn listen_abstract_seqpacket(name: &[u8], backlog: c_int) -> Result<RawFd, Errno> {
    // SAFETY: sockaddr_un is plain old data; all-zero is valid.
    let mut addr: libc::sockaddr_un = unsafe { std::mem::zeroed() };
    #[expect(clippy::cast_possible_truncation, reason = "AF_UNIX is 1")]
    let family = libc::AF_UNIX as libc::sa_family_t;
    addr.sun_family = family;
    // sun_path[0] stays 0: an abstract address. A name that does not fit
    // is refused rather than cut.
    let path = addr
        .sun_path
        .get_mut(1..=name.len())
        .ok_or(Errno::ENAMETOOLONG)?;
    for (slot, byte) in path.iter_mut().zip(name) {
        *slot = *byte as c_char;
    }
    let len = std::mem::size_of::<libc::sa_family_t>() + 1 + name.len();
    let len = libc::socklen_t::try_from(len).map_err(|_| Errno::ENAMETOOLONG)?;
    // SAFETY: socket takes integers; the fd is ours, closed on failure below.
    let fd = check_int(unsafe {
        libc::socket(libc::AF_UNIX, libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC, 0)
    })?;
    // SAFETY: bind reads `len` bytes of `addr`, which lives on our stack and
    // is at least that long (the name fitted in sun_path above).
    let bound =
        check_int(unsafe { libc::bind(fd, (&addr as *const libc::sockaddr_un).cast(), len) })
            // SAFETY: listen takes integers.
            .and_then(|_| check_int(unsafe { libc::listen(fd, backlog) }));
    match bound {
        Ok(_) => Ok(fd),
        Err(errno) => {
            close(fd);
            Err(errno)
        }
    }
}

/// A TCP socket listening on 127.0.0.1:`port`, from the stack (no
/// allocation); close-on-exec.
pub fn listen_tcp_loopback(port: u16, backlog: c_int) -> Result<RawFd, Errno> {
    // SAFETY: sockaddr_in is plain old data; all-zero is valid.
    let mut addr: libc::sockaddr_in = unsafe { std::mem::zeroed() };
    #[expect(clippy::cast_possible_truncation, reason = "AF_INET is 2")]
    let family = libc::AF_INET as libc::sa_family_t;
    addr.sin_family = family;
    addr.sin_port = port.to_be();
    addr.sin_addr.s_addr = u32::from(std::net::Ipv4Addr::LOCALHOST).to_be();
    #[expect(clippy::cast_possible_truncation, reason = "sockaddr_in is 16 bytes")]
    let len = std::mem::size_of::<libc::sockaddr_in>() as libc::socklen_t;
    // SAFETY: socket takes integers; the fd is ours, closed on failure below.
    let fd = check_int(unsafe {
        libc::socket(libc::AF_INET, libc::SOCK_STREAM | libc::SOCK_CLOEXEC, 0)
    })?;
    // SAFETY: bind reads `len` bytes of `addr`, a sockaddr_in on our stack.
    let bound =
        check_int(unsafe { libc::bind(fd, (&addr as *const libc::sockaddr_in).cast(), len) })
            // SAFETY: listen takes integers.
            .and_then(|_| check_int(unsafe { libc::listen(fd, backlog) }));
    match bound {
        Ok(_) => Ok(fd),
        Err(errno) => {
            close(fd);
            Err(errno)
        }
    }
}

/// The Landlock ABI version the kernel offers (`landlock_create_ruleset`
/// with the VERSION flag).
pub fn landlock_abi_version() -> Result<libc::c_long, Errno> {
    const LANDLOCK_CREATE_RULESET_VERSION: libc::c_uint = 1;
    // SAFETY: with a null attr, size 0 and the VERSION flag, the syscall
    // only returns a number; it reads and writes no memory.
    check(unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            ptr::null::<u8>(),
            0usize,
            LANDLOCK_CREATE_RULESET_VERSION,
        )
    })
}

/// This thread's seccomp mode (`PR_GET_SECCOMP`); fails where the kernel
/// is built without seccomp.
pub fn seccomp_mode() -> Result<c_int, Errno> {
    // SAFETY: PR_GET_SECCOMP takes no pointer arguments.
    check_int(unsafe { libc::prctl(libc::PR_GET_SECCOMP, 0, 0, 0, 0) })
}

/// Receives one seccomp user notification from `listener`.
pub fn receive_notification(listener: RawFd) -> Result<libc::seccomp_notif, Errno> {
    // SAFETY: seccomp_notif is plain old data; the kernel requires it zeroed.
    let mut notification: libc::seccomp_notif = unsafe { std::mem::zeroed() };
    // SAFETY: NOTIF_RECV writes one seccomp_notif through the valid pointer.
    check_int(unsafe { libc::ioctl(listener, libc::SECCOMP_IOCTL_NOTIF_RECV, &mut notification) })?;
    Ok(notification)
}

/// Answers the notification `id` on `listener`: the call fails with
/// `errno`, as a filter's `SECCOMP_RET_ERRNO` would have made it.
pub fn refuse_notification(listener: RawFd, id: u64, errno: Errno) -> Result<(), Errno> {
    let response = libc::seccomp_notif_resp {
        id,
        val: 0,
        error: -(errno as i32),
        flags: 0,
    };
    // SAFETY: NOTIF_SEND reads one seccomp_notif_resp through the pointer.
    check_int(unsafe { libc::ioctl(listener, libc::SECCOMP_IOCTL_NOTIF_SEND, &response) }).map(drop)
}
