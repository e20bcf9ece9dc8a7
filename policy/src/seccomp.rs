//! The seccomp allowlist, as a reviewed table, and its compilation to BPF.
//!
//! Two filters are installed, allowlist first:
//! 1. the lists: the allowed calls pass, the refused ones fail with EPERM,
//!    anything else fails with ENOSYS so programs fall back (glibc retries
//!    `clone3` as `clone`). Built here as a binary search over ranges of
//!    call numbers: about 120 instructions instead of seccompiler's linear
//!    ~1700, which the kernel verifies and JITs at every start and runs on
//!    every system call (docs/decisions/0002-seccomp-as-ranges.md);
//! 2. conditional refusals (seccompiler): dangerous uses of `clone`,
//!    `socket`, `ioctl` and `personality` fail with EPERM; everything else
//!    passes on to the lists.
//!
//! The kernel runs every filter and keeps the strictest answer, and between
//! two ERRNO answers the later-installed filter's: so a refused call gets
//! EPERM even though the allowlist would say ENOSYS. Both filters check the
//! architecture first and kill the process on a mismatch (i386 `int 0x80`);
//! x32 numbers (bit 30 set) get ENOSYS.

use std::collections::BTreeMap;

use seccompiler::{
    SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter, SeccompRule,
};
use serde::Serialize;

use crate::PolicyError;

/// A compiled BPF program, ready for `seccompiler::apply_filter`.
pub type BpfProgram = seccompiler::BpfProgram;

/// (name, number on this architecture, who needs it / what it opens up).
type Call = (&'static str, libc::c_long, &'static str);

/// Calls numbered after the architectures' tables were unified (Linux 5.1)
/// have one number everywhere; libc lacks this one for aarch64.
const SYS_FCHMODAT2: libc::c_long = 452;

/// Allowed on every architecture: (syscall, who needs it).
const ALLOWED: &[Call] = &[
    // File I/O: every program.
    ("read", libc::SYS_read, "all I/O"),
    ("write", libc::SYS_write, "all I/O"),
    ("readv", libc::SYS_readv, "all I/O"),
    ("writev", libc::SYS_writev, "all I/O"),
    ("pread64", libc::SYS_pread64, "databases, loaders"),
    ("pwrite64", libc::SYS_pwrite64, "databases"),
    ("preadv", libc::SYS_preadv, "I/O libraries"),
    ("pwritev", libc::SYS_pwritev, "I/O libraries"),
    ("preadv2", libc::SYS_preadv2, "I/O libraries"),
    ("pwritev2", libc::SYS_pwritev2, "I/O libraries"),
    ("openat", libc::SYS_openat, "opening files"),
    ("openat2", libc::SYS_openat2, "opening files (newer libcs)"),
    ("close", libc::SYS_close, "all programs"),
    (
        "close_range",
        libc::SYS_close_range,
        "closing inherited fds (python, systemd tools)",
    ),
    ("lseek", libc::SYS_lseek, "file I/O"),
    ("dup", libc::SYS_dup, "shells"),
    ("dup3", libc::SYS_dup3, "shells, redirections"),
    ("fcntl", libc::SYS_fcntl, "fd flags and locks"),
    ("flock", libc::SYS_flock, "package managers, git"),
    ("fsync", libc::SYS_fsync, "durable writes"),
    ("fdatasync", libc::SYS_fdatasync, "durable writes"),
    ("sync", libc::SYS_sync, "coreutils sync"),
    ("syncfs", libc::SYS_syncfs, "coreutils sync -f"),
    ("sync_file_range", libc::SYS_sync_file_range, "databases"),
    ("truncate", libc::SYS_truncate, "coreutils truncate"),
    ("ftruncate", libc::SYS_ftruncate, "file writers"),
    ("fallocate", libc::SYS_fallocate, "file writers"),
    ("fadvise64", libc::SYS_fadvise64, "cp, databases"),
    ("readahead", libc::SYS_readahead, "loaders"),
    ("sendfile", libc::SYS_sendfile, "cp, servers"),
    ("splice", libc::SYS_splice, "cat, cp"),
    ("tee", libc::SYS_tee, "tee"),
    ("vmsplice", libc::SYS_vmsplice, "pipe writers"),
    (
        "copy_file_range",
        libc::SYS_copy_file_range,
        "cp (coreutils >= 9)",
    ),
    // Metadata and directories.
    ("fstat", libc::SYS_fstat, "every program"),
    ("newfstatat", libc::SYS_newfstatat, "stat (glibc)"),
    ("statx", libc::SYS_statx, "ls, coreutils"),
    ("statfs", libc::SYS_statfs, "df, tmp checks"),
    ("fstatfs", libc::SYS_fstatfs, "libc, df"),
    ("faccessat", libc::SYS_faccessat, "access(2)"),
    (
        "faccessat2",
        libc::SYS_faccessat2,
        "access(2) (glibc >= 2.33)",
    ),
    ("readlinkat", libc::SYS_readlinkat, "realpath, ls"),
    ("getdents64", libc::SYS_getdents64, "readdir"),
    ("getcwd", libc::SYS_getcwd, "pwd, every shell"),
    ("chdir", libc::SYS_chdir, "cd"),
    ("fchdir", libc::SYS_fchdir, "fts, find"),
    ("renameat", libc::SYS_renameat, "mv"),
    ("renameat2", libc::SYS_renameat2, "mv"),
    ("mkdirat", libc::SYS_mkdirat, "mkdir"),
    ("linkat", libc::SYS_linkat, "ln"),
    ("unlinkat", libc::SYS_unlinkat, "rm"),
    ("symlinkat", libc::SYS_symlinkat, "ln -s"),
    ("fchmod", libc::SYS_fchmod, "chmod"),
    ("fchmodat", libc::SYS_fchmodat, "chmod"),
    ("fchmodat2", SYS_FCHMODAT2, "chmod (glibc >= 2.39)"),
    ("fchown", libc::SYS_fchown, "chown"),
    ("fchownat", libc::SYS_fchownat, "chown"),
    ("umask", libc::SYS_umask, "shells"),
    ("utimensat", libc::SYS_utimensat, "touch"),
    (
        "mknodat",
        libc::SYS_mknodat,
        "mkfifo (device nodes need CAP_MKNOD, which the jail lacks)",
    ),
    ("getxattr", libc::SYS_getxattr, "cp -a, ls"),
    ("lgetxattr", libc::SYS_lgetxattr, "ls -l (SELinux labels)"),
    ("fgetxattr", libc::SYS_fgetxattr, "cp -a"),
    ("listxattr", libc::SYS_listxattr, "cp -a"),
    ("llistxattr", libc::SYS_llistxattr, "cp -a"),
    ("flistxattr", libc::SYS_flistxattr, "cp -a"),
    ("setxattr", libc::SYS_setxattr, "cp -a"),
    ("lsetxattr", libc::SYS_lsetxattr, "cp -a"),
    ("fsetxattr", libc::SYS_fsetxattr, "cp -a"),
    ("removexattr", libc::SYS_removexattr, "setfattr"),
    ("lremovexattr", libc::SYS_lremovexattr, "setfattr"),
    ("fremovexattr", libc::SYS_fremovexattr, "setfattr"),
    (
        "inotify_init1",
        libc::SYS_inotify_init1,
        "file watchers (tsc --watch, node)",
    ),
    (
        "inotify_add_watch",
        libc::SYS_inotify_add_watch,
        "file watchers",
    ),
    (
        "inotify_rm_watch",
        libc::SYS_inotify_rm_watch,
        "file watchers",
    ),
    // Memory.
    ("mmap", libc::SYS_mmap, "every program"),
    ("munmap", libc::SYS_munmap, "every program"),
    ("mprotect", libc::SYS_mprotect, "loaders, JITs"),
    ("mremap", libc::SYS_mremap, "realloc of large blocks"),
    ("madvise", libc::SYS_madvise, "allocators, node"),
    ("brk", libc::SYS_brk, "malloc"),
    ("msync", libc::SYS_msync, "mmap writers"),
    ("mincore", libc::SYS_mincore, "allocators"),
    ("mlock", libc::SYS_mlock, "crypto libraries"),
    ("mlock2", libc::SYS_mlock2, "crypto libraries"),
    ("munlock", libc::SYS_munlock, "crypto libraries"),
    ("mlockall", libc::SYS_mlockall, "realtime programs"),
    ("munlockall", libc::SYS_munlockall, "realtime programs"),
    ("membarrier", libc::SYS_membarrier, "node, JVMs"),
    (
        "memfd_create",
        libc::SYS_memfd_create,
        "node, python multiprocessing",
    ),
    ("pkey_alloc", libc::SYS_pkey_alloc, "node (V8)"),
    ("pkey_free", libc::SYS_pkey_free, "node (V8)"),
    ("pkey_mprotect", libc::SYS_pkey_mprotect, "node (V8)"),
    (
        "get_mempolicy",
        libc::SYS_get_mempolicy,
        "numa-aware allocators",
    ),
    (
        "set_mempolicy",
        libc::SYS_set_mempolicy,
        "numa-aware allocators",
    ),
    ("mbind", libc::SYS_mbind, "numa-aware allocators"),
    ("mseal", libc::SYS_mseal, "glibc >= 2.41"),
    // Processes and threads.
    (
        "clone",
        libc::SYS_clone,
        "fork and threads; namespace flags refused below",
    ),
    ("execve", libc::SYS_execve, "running programs"),
    ("execveat", libc::SYS_execveat, "fexecve"),
    ("exit", libc::SYS_exit, "threads"),
    ("exit_group", libc::SYS_exit_group, "every program"),
    ("wait4", libc::SYS_wait4, "shells"),
    ("waitid", libc::SYS_waitid, "python, node"),
    (
        "kill",
        libc::SYS_kill,
        "shells (only this jail's processes are visible)",
    ),
    ("tkill", libc::SYS_tkill, "threads"),
    ("tgkill", libc::SYS_tgkill, "threads, abort()"),
    ("getpid", libc::SYS_getpid, "every program"),
    ("getppid", libc::SYS_getppid, "shells"),
    ("gettid", libc::SYS_gettid, "threads"),
    ("getuid", libc::SYS_getuid, "id"),
    ("geteuid", libc::SYS_geteuid, "id"),
    ("getgid", libc::SYS_getgid, "id"),
    ("getegid", libc::SYS_getegid, "id"),
    ("getresuid", libc::SYS_getresuid, "libc"),
    ("getresgid", libc::SYS_getresgid, "libc"),
    ("getgroups", libc::SYS_getgroups, "id"),
    (
        "setuid",
        libc::SYS_setuid,
        "dropping privileges (no capabilities to gain any)",
    ),
    ("setgid", libc::SYS_setgid, "dropping privileges"),
    ("setreuid", libc::SYS_setreuid, "dropping privileges"),
    ("setregid", libc::SYS_setregid, "dropping privileges"),
    ("setresuid", libc::SYS_setresuid, "dropping privileges"),
    ("setresgid", libc::SYS_setresgid, "dropping privileges"),
    ("setfsuid", libc::SYS_setfsuid, "libc"),
    ("setfsgid", libc::SYS_setfsgid, "libc"),
    (
        "setgroups",
        libc::SYS_setgroups,
        "dropping privileges (denied by the user namespace)",
    ),
    ("getpgid", libc::SYS_getpgid, "shells"),
    ("setpgid", libc::SYS_setpgid, "shell job control"),
    ("getsid", libc::SYS_getsid, "shells"),
    ("setsid", libc::SYS_setsid, "daemons, shells"),
    ("prctl", libc::SYS_prctl, "thread names, no_new_privs"),
    (
        "set_tid_address",
        libc::SYS_set_tid_address,
        "libc start-up",
    ),
    ("set_robust_list", libc::SYS_set_robust_list, "threads"),
    ("get_robust_list", libc::SYS_get_robust_list, "threads"),
    ("rseq", libc::SYS_rseq, "glibc >= 2.35"),
    ("futex", libc::SYS_futex, "threads"),
    ("futex_waitv", libc::SYS_futex_waitv, "wine, newer runtimes"),
    ("sched_yield", libc::SYS_sched_yield, "threads"),
    (
        "sched_getaffinity",
        libc::SYS_sched_getaffinity,
        "nproc, node, python",
    ),
    ("sched_setaffinity", libc::SYS_sched_setaffinity, "taskset"),
    ("sched_getparam", libc::SYS_sched_getparam, "threads"),
    ("sched_setparam", libc::SYS_sched_setparam, "threads"),
    (
        "sched_getscheduler",
        libc::SYS_sched_getscheduler,
        "threads",
    ),
    (
        "sched_setscheduler",
        libc::SYS_sched_setscheduler,
        "threads",
    ),
    (
        "sched_get_priority_max",
        libc::SYS_sched_get_priority_max,
        "threads",
    ),
    (
        "sched_get_priority_min",
        libc::SYS_sched_get_priority_min,
        "threads",
    ),
    (
        "sched_rr_get_interval",
        libc::SYS_sched_rr_get_interval,
        "threads",
    ),
    ("sched_getattr", libc::SYS_sched_getattr, "threads"),
    ("sched_setattr", libc::SYS_sched_setattr, "threads"),
    ("getpriority", libc::SYS_getpriority, "nice"),
    ("setpriority", libc::SYS_setpriority, "nice"),
    ("getrlimit", libc::SYS_getrlimit, "shells (ulimit)"),
    (
        "setrlimit",
        libc::SYS_setrlimit,
        "shells (ulimit; limits can only be lowered)",
    ),
    ("prlimit64", libc::SYS_prlimit64, "libc getrlimit/setrlimit"),
    ("getrusage", libc::SYS_getrusage, "time, build tools"),
    ("times", libc::SYS_times, "shells"),
    ("capget", libc::SYS_capget, "libcap users"),
    (
        "capset",
        libc::SYS_capset,
        "libcap users (nothing to raise: every set is empty)",
    ),
    (
        "personality",
        libc::SYS_personality,
        "query only; changes refused below",
    ),
    ("uname", libc::SYS_uname, "every libc"),
    ("sysinfo", libc::SYS_sysinfo, "free, node"),
    ("getcpu", libc::SYS_getcpu, "allocators"),
    (
        "pidfd_open",
        libc::SYS_pidfd_open,
        "python subprocess, systemd tools",
    ),
    (
        "pidfd_send_signal",
        libc::SYS_pidfd_send_signal,
        "python subprocess",
    ),
    ("ioprio_get", libc::SYS_ioprio_get, "ionice"),
    ("ioprio_set", libc::SYS_ioprio_set, "ionice"),
    (
        "restart_syscall",
        libc::SYS_restart_syscall,
        "the kernel restarts interrupted calls with it",
    ),
    // Signals.
    ("rt_sigaction", libc::SYS_rt_sigaction, "every program"),
    ("rt_sigprocmask", libc::SYS_rt_sigprocmask, "every program"),
    (
        "rt_sigreturn",
        libc::SYS_rt_sigreturn,
        "every signal handler",
    ),
    ("rt_sigpending", libc::SYS_rt_sigpending, "shells"),
    ("rt_sigtimedwait", libc::SYS_rt_sigtimedwait, "threads"),
    ("rt_sigqueueinfo", libc::SYS_rt_sigqueueinfo, "sigqueue"),
    ("rt_tgsigqueueinfo", libc::SYS_rt_tgsigqueueinfo, "sigqueue"),
    ("rt_sigsuspend", libc::SYS_rt_sigsuspend, "shells"),
    ("sigaltstack", libc::SYS_sigaltstack, "rust, go runtimes"),
    ("signalfd4", libc::SYS_signalfd4, "event loops"),
    // Time.
    ("clock_gettime", libc::SYS_clock_gettime, "every program"),
    ("clock_getres", libc::SYS_clock_getres, "timers"),
    ("clock_nanosleep", libc::SYS_clock_nanosleep, "sleep"),
    ("nanosleep", libc::SYS_nanosleep, "sleep"),
    ("gettimeofday", libc::SYS_gettimeofday, "date"),
    ("getitimer", libc::SYS_getitimer, "profilers"),
    ("setitimer", libc::SYS_setitimer, "profilers, timeouts"),
    ("timer_create", libc::SYS_timer_create, "timeouts"),
    ("timer_settime", libc::SYS_timer_settime, "timeouts"),
    ("timer_gettime", libc::SYS_timer_gettime, "timeouts"),
    ("timer_getoverrun", libc::SYS_timer_getoverrun, "timeouts"),
    ("timer_delete", libc::SYS_timer_delete, "timeouts"),
    ("timerfd_create", libc::SYS_timerfd_create, "event loops"),
    ("timerfd_settime", libc::SYS_timerfd_settime, "event loops"),
    ("timerfd_gettime", libc::SYS_timerfd_gettime, "event loops"),
    // Waiting.
    ("ppoll", libc::SYS_ppoll, "event loops"),
    ("pselect6", libc::SYS_pselect6, "shells"),
    (
        "epoll_create1",
        libc::SYS_epoll_create1,
        "node, python asyncio",
    ),
    ("epoll_ctl", libc::SYS_epoll_ctl, "event loops"),
    ("epoll_pwait", libc::SYS_epoll_pwait, "event loops"),
    ("epoll_pwait2", libc::SYS_epoll_pwait2, "event loops"),
    ("eventfd2", libc::SYS_eventfd2, "node (libuv)"),
    // IPC inside the jail's own IPC namespace.
    ("pipe2", libc::SYS_pipe2, "shells"),
    ("socketpair", libc::SYS_socketpair, "python, node"),
    (
        "msgget",
        libc::SYS_msgget,
        "System V IPC (private namespace)",
    ),
    ("msgsnd", libc::SYS_msgsnd, "System V IPC"),
    ("msgrcv", libc::SYS_msgrcv, "System V IPC"),
    ("msgctl", libc::SYS_msgctl, "System V IPC"),
    (
        "semget",
        libc::SYS_semget,
        "System V IPC, python multiprocessing",
    ),
    ("semop", libc::SYS_semop, "System V IPC"),
    ("semtimedop", libc::SYS_semtimedop, "System V IPC"),
    ("semctl", libc::SYS_semctl, "System V IPC"),
    ("shmget", libc::SYS_shmget, "System V IPC"),
    ("shmat", libc::SYS_shmat, "System V IPC"),
    ("shmdt", libc::SYS_shmdt, "System V IPC"),
    ("shmctl", libc::SYS_shmctl, "System V IPC"),
    ("mq_open", libc::SYS_mq_open, "POSIX message queues"),
    ("mq_unlink", libc::SYS_mq_unlink, "POSIX message queues"),
    (
        "mq_timedsend",
        libc::SYS_mq_timedsend,
        "POSIX message queues",
    ),
    (
        "mq_timedreceive",
        libc::SYS_mq_timedreceive,
        "POSIX message queues",
    ),
    ("mq_notify", libc::SYS_mq_notify, "POSIX message queues"),
    (
        "mq_getsetattr",
        libc::SYS_mq_getsetattr,
        "POSIX message queues",
    ),
    // Sockets (families and types limited below; the network namespace
    // has only loopback).
    ("socket", libc::SYS_socket, "unix and loopback sockets"),
    ("connect", libc::SYS_connect, "sockets"),
    ("accept", libc::SYS_accept, "servers"),
    ("accept4", libc::SYS_accept4, "servers"),
    ("bind", libc::SYS_bind, "servers"),
    ("listen", libc::SYS_listen, "servers"),
    ("getsockname", libc::SYS_getsockname, "sockets"),
    ("getpeername", libc::SYS_getpeername, "sockets"),
    ("sendto", libc::SYS_sendto, "sockets"),
    ("recvfrom", libc::SYS_recvfrom, "sockets"),
    ("sendmsg", libc::SYS_sendmsg, "sockets"),
    ("recvmsg", libc::SYS_recvmsg, "sockets"),
    ("sendmmsg", libc::SYS_sendmmsg, "DNS resolvers"),
    ("recvmmsg", libc::SYS_recvmmsg, "DNS resolvers"),
    ("shutdown", libc::SYS_shutdown, "sockets"),
    ("setsockopt", libc::SYS_setsockopt, "sockets"),
    ("getsockopt", libc::SYS_getsockopt, "sockets"),
    (
        "ioctl",
        libc::SYS_ioctl,
        "terminals, FIONREAD; TIOCSTI and TIOCLINUX refused below",
    ),
    // Randomness, and further self-restriction.
    ("getrandom", libc::SYS_getrandom, "every runtime"),
    (
        "seccomp",
        libc::SYS_seccomp,
        "programs sandboxing themselves further (filters only add)",
    ),
    (
        "landlock_create_ruleset",
        libc::SYS_landlock_create_ruleset,
        "programs sandboxing themselves further",
    ),
    (
        "landlock_add_rule",
        libc::SYS_landlock_add_rule,
        "programs sandboxing themselves further",
    ),
    (
        "landlock_restrict_self",
        libc::SYS_landlock_restrict_self,
        "programs sandboxing themselves further",
    ),
];

/// Legacy calls that only x86_64 has (aarch64 has the *at forms only).
#[cfg(target_arch = "x86_64")]
const ALLOWED_X86_64: &[Call] = &[
    ("open", libc::SYS_open, "older binaries"),
    ("creat", libc::SYS_creat, "older binaries"),
    ("dup2", libc::SYS_dup2, "shells"),
    ("stat", libc::SYS_stat, "older binaries"),
    ("lstat", libc::SYS_lstat, "older binaries"),
    ("access", libc::SYS_access, "older binaries"),
    ("readlink", libc::SYS_readlink, "older binaries"),
    ("getdents", libc::SYS_getdents, "older binaries"),
    ("rename", libc::SYS_rename, "older binaries"),
    ("mkdir", libc::SYS_mkdir, "older binaries"),
    ("rmdir", libc::SYS_rmdir, "rmdir"),
    ("link", libc::SYS_link, "older binaries"),
    ("unlink", libc::SYS_unlink, "older binaries"),
    ("symlink", libc::SYS_symlink, "older binaries"),
    ("chmod", libc::SYS_chmod, "older binaries"),
    ("chown", libc::SYS_chown, "older binaries"),
    ("lchown", libc::SYS_lchown, "older binaries"),
    ("utime", libc::SYS_utime, "older binaries"),
    ("utimes", libc::SYS_utimes, "older binaries"),
    ("futimesat", libc::SYS_futimesat, "older binaries"),
    ("mknod", libc::SYS_mknod, "mkfifo"),
    ("inotify_init", libc::SYS_inotify_init, "older binaries"),
    ("fork", libc::SYS_fork, "older binaries"),
    ("vfork", libc::SYS_vfork, "posix_spawn"),
    ("getpgrp", libc::SYS_getpgrp, "shells"),
    ("arch_prctl", libc::SYS_arch_prctl, "libc start-up (TLS)"),
    ("pause", libc::SYS_pause, "shells"),
    ("alarm", libc::SYS_alarm, "shells, timeouts"),
    ("time", libc::SYS_time, "date"),
    ("poll", libc::SYS_poll, "event loops"),
    ("select", libc::SYS_select, "shells"),
    ("epoll_create", libc::SYS_epoll_create, "older binaries"),
    ("epoll_wait", libc::SYS_epoll_wait, "older binaries"),
    ("eventfd", libc::SYS_eventfd, "older binaries"),
    ("signalfd", libc::SYS_signalfd, "older binaries"),
    ("pipe", libc::SYS_pipe, "shells"),
];
#[cfg(not(target_arch = "x86_64"))]
const ALLOWED_X86_64: &[Call] = &[];

/// Refused outright with EPERM: (syscall, what it would open up).
pub const REFUSED: &[Call] = &[
    (
        "ptrace",
        libc::SYS_ptrace,
        "inspecting and steering other processes",
    ),
    (
        "process_vm_readv",
        libc::SYS_process_vm_readv,
        "reading other processes' memory",
    ),
    (
        "process_vm_writev",
        libc::SYS_process_vm_writev,
        "writing other processes' memory",
    ),
    ("mount", libc::SYS_mount, "changing the jail's mount tree"),
    ("umount2", libc::SYS_umount2, "uncovering what mounts hide"),
    (
        "pivot_root",
        libc::SYS_pivot_root,
        "changing the jail's root",
    ),
    ("move_mount", libc::SYS_move_mount, "the new mount API"),
    ("open_tree", libc::SYS_open_tree, "the new mount API"),
    ("fsopen", libc::SYS_fsopen, "the new mount API"),
    ("fsconfig", libc::SYS_fsconfig, "the new mount API"),
    ("fsmount", libc::SYS_fsmount, "the new mount API"),
    ("fspick", libc::SYS_fspick, "the new mount API"),
    (
        "mount_setattr",
        libc::SYS_mount_setattr,
        "changing mount flags",
    ),
    (
        "unshare",
        libc::SYS_unshare,
        "new namespaces (a nested user namespace regains capabilities)",
    ),
    ("setns", libc::SYS_setns, "entering other namespaces"),
    (
        "keyctl",
        libc::SYS_keyctl,
        "the kernel keyring, shared across the host",
    ),
    ("add_key", libc::SYS_add_key, "the kernel keyring"),
    ("request_key", libc::SYS_request_key, "the kernel keyring"),
    ("bpf", libc::SYS_bpf, "loading kernel programs"),
    (
        "perf_event_open",
        libc::SYS_perf_event_open,
        "kernel profiling, a frequent source of exploits",
    ),
    (
        "userfaultfd",
        libc::SYS_userfaultfd,
        "a tool for kernel race exploits",
    ),
    (
        "io_uring_setup",
        libc::SYS_io_uring_setup,
        "io_uring bypasses seccomp for its operations",
    ),
    ("io_uring_enter", libc::SYS_io_uring_enter, "io_uring"),
    ("io_uring_register", libc::SYS_io_uring_register, "io_uring"),
    ("kexec_load", libc::SYS_kexec_load, "replacing the kernel"),
    (
        "kexec_file_load",
        libc::SYS_kexec_file_load,
        "replacing the kernel",
    ),
    (
        "init_module",
        libc::SYS_init_module,
        "loading kernel modules",
    ),
    (
        "finit_module",
        libc::SYS_finit_module,
        "loading kernel modules",
    ),
    (
        "delete_module",
        libc::SYS_delete_module,
        "unloading kernel modules",
    ),
    (
        "open_by_handle_at",
        libc::SYS_open_by_handle_at,
        "opening files by handle, past the mount tree (shocker)",
    ),
    (
        "name_to_handle_at",
        libc::SYS_name_to_handle_at,
        "file handles",
    ),
    ("reboot", libc::SYS_reboot, "rebooting"),
    ("swapon", libc::SYS_swapon, "swap"),
    ("swapoff", libc::SYS_swapoff, "swap"),
    ("acct", libc::SYS_acct, "process accounting"),
    ("quotactl", libc::SYS_quotactl, "disk quotas"),
    ("quotactl_fd", libc::SYS_quotactl_fd, "disk quotas"),
    ("chroot", libc::SYS_chroot, "changing the root"),
    (
        "pidfd_getfd",
        libc::SYS_pidfd_getfd,
        "stealing another process's fds",
    ),
    (
        "kcmp",
        libc::SYS_kcmp,
        "comparing other processes' kernel state",
    ),
    ("syslog", libc::SYS_syslog, "reading kernel logs"),
];

/// Refused as well in the degraded tier, where the jail shares the host's
/// network, IPC and process namespaces: what each would reach there.
pub const REFUSED_ON_SHARED_HOST: &[Call] = &[
    (
        "socket",
        libc::SYS_socket,
        "the host's network, its unix sockets (docker.sock) and abstract sockets",
    ),
    (
        "setsid",
        libc::SYS_setsid,
        "leaving the jail's process group, by which jail kills what the payload leaves",
    ),
    (
        "setpgid",
        libc::SYS_setpgid,
        "leaving the jail's process group",
    ),
    (
        "msgget",
        libc::SYS_msgget,
        "the host's System V message queues",
    ),
    ("msgsnd", libc::SYS_msgsnd, "the host's System V IPC"),
    ("msgrcv", libc::SYS_msgrcv, "the host's System V IPC"),
    ("msgctl", libc::SYS_msgctl, "the host's System V IPC"),
    ("semget", libc::SYS_semget, "the host's System V semaphores"),
    ("semop", libc::SYS_semop, "the host's System V IPC"),
    (
        "semtimedop",
        libc::SYS_semtimedop,
        "the host's System V IPC",
    ),
    ("semctl", libc::SYS_semctl, "the host's System V IPC"),
    (
        "shmget",
        libc::SYS_shmget,
        "the host's System V shared memory",
    ),
    (
        "shmat",
        libc::SYS_shmat,
        "the host's System V shared memory",
    ),
    ("shmdt", libc::SYS_shmdt, "the host's System V IPC"),
    ("shmctl", libc::SYS_shmctl, "the host's System V IPC"),
    (
        "mq_open",
        libc::SYS_mq_open,
        "the host's POSIX message queues",
    ),
    (
        "mq_unlink",
        libc::SYS_mq_unlink,
        "the host's POSIX message queues",
    ),
    (
        "mq_timedsend",
        libc::SYS_mq_timedsend,
        "POSIX message queues",
    ),
    (
        "mq_timedreceive",
        libc::SYS_mq_timedreceive,
        "POSIX message queues",
    ),
    ("mq_notify", libc::SYS_mq_notify, "POSIX message queues"),
    (
        "mq_getsetattr",
        libc::SYS_mq_getsetattr,
        "POSIX message queues",
    ),
];

const CLONE_NAMESPACE_FLAGS: [u64; 7] = [
    0x0002_0000, // CLONE_NEWNS
    0x0200_0000, // CLONE_NEWCGROUP
    0x0400_0000, // CLONE_NEWUTS
    0x0800_0000, // CLONE_NEWIPC
    0x1000_0000, // CLONE_NEWUSER
    0x2000_0000, // CLONE_NEWPID
    0x4000_0000, // CLONE_NEWNET
];
const TIOCSTI: u64 = 0x5412;
const TIOCLINUX: u64 = 0x541C;
const SOCK_TYPE_MASK: u64 = 0xf;
const SOCK_RAW: u64 = 3;
const SOCK_PACKET: u64 = 10;
/// personality(0xffffffff) only queries the current persona.
const PERSONALITY_QUERY: u64 = 0xffff_ffff;
/// x32 system calls on x86_64 have this bit set.
const X32_SYSCALL_BIT: u32 = 0x4000_0000;

#[cfg(target_arch = "x86_64")]
const ARCH: seccompiler::TargetArch = seccompiler::TargetArch::x86_64;
#[cfg(target_arch = "x86_64")]
const ARCH_NAME: &str = "x86_64";
#[cfg(target_arch = "x86_64")]
const AUDIT_ARCH: u32 = 0xC000_003E;
#[cfg(target_arch = "aarch64")]
const ARCH: seccompiler::TargetArch = seccompiler::TargetArch::aarch64;
#[cfg(target_arch = "aarch64")]
const ARCH_NAME: &str = "aarch64";
#[cfg(target_arch = "aarch64")]
const AUDIT_ARCH: u32 = 0xC000_00B7;

/// What `--explain` shows of the filter, and what `compile` builds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeccompPlan {
    pub enabled: bool,
    pub arch: &'static str,
    /// Extra calls the profile allows, by name.
    pub extra_allowed: Vec<String>,
    pub allowed_count: usize,
    pub refused: Vec<&'static str>,
    /// The degraded tier's extra refusals are in `refused` too.
    pub shared_host: bool,
    pub otherwise: &'static str,
    /// Numbers of every allowed call, sorted.
    #[serde(skip)]
    allowed_numbers: Vec<u32>,
    /// Numbers of every refused call, sorted.
    #[serde(skip)]
    refused_numbers: Vec<u32>,
}

pub fn plan(enabled: bool, extra_allowed: &[String]) -> Result<SeccompPlan, PolicyError> {
    let mut numbers: Vec<u32> = Vec::new();
    for (_, nr, _) in ALLOWED.iter().chain(ALLOWED_X86_64) {
        numbers.push(call_number(*nr)?);
    }
    for name in extra_allowed {
        if REFUSED.iter().any(|(refused, _, _)| refused == name) {
            return Err(PolicyError::Seccomp(format!(
                "`seccomp.allow` names `{name}`, which jail always refuses; remove it"
            )));
        }
        numbers.push(number_of(name)?);
    }
    numbers.sort_unstable();
    numbers.dedup();
    let mut refused_numbers = REFUSED
        .iter()
        .map(|(_, nr, _)| call_number(*nr))
        .collect::<Result<Vec<_>, _>>()?;
    refused_numbers.sort_unstable();
    Ok(SeccompPlan {
        enabled,
        arch: ARCH_NAME,
        extra_allowed: extra_allowed.to_vec(),
        allowed_count: numbers.len(),
        refused: REFUSED.iter().map(|(name, _, _)| *name).collect(),
        shared_host: false,
        otherwise: "ENOSYS (refused calls: EPERM; wrong architecture: process killed)",
        allowed_numbers: numbers,
        refused_numbers,
    })
}

impl SeccompPlan {
    /// The same filter for a jail that shares the host's namespaces (the
    /// degraded tier): [`REFUSED_ON_SHARED_HOST`] moves from allowed to
    /// refused, whatever the profile's `seccomp.allow` says.
    pub fn for_shared_host(&self) -> Result<SeccompPlan, PolicyError> {
        let mut plan = self.clone();
        for (name, nr, _) in REFUSED_ON_SHARED_HOST {
            let nr = call_number(*nr)?;
            plan.allowed_numbers.retain(|n| *n != nr);
            if !plan.refused_numbers.contains(&nr) {
                plan.refused_numbers.push(nr);
                plan.refused.push(name);
            }
        }
        plan.refused_numbers.sort_unstable();
        plan.allowed_count = plan.allowed_numbers.len();
        plan.shared_host = true;
        Ok(plan)
    }
}

fn call_number(nr: libc::c_long) -> Result<u32, PolicyError> {
    u32::try_from(nr).map_err(|_| PolicyError::Seccomp(format!("bad call number {nr}")))
}

/// A call's number on this architecture, from seccompiler's table: the
/// name is compiled into a one-rule filter and read back from its compare.
fn number_of(name: &str) -> Result<u32, PolicyError> {
    let json = format!(
        r#"{{"t":{{"mismatch_action":"allow","match_action":{{"errno":1}},"filter":[{{"syscall":"{}"}}]}}}}"#,
        name.escape_default()
    );
    let programs = seccompiler::compile_from_json(json.as_bytes(), ARCH).map_err(|_| {
        PolicyError::Seccomp(format!(
            "`seccomp.allow` names `{name}`, which is not a system call on {ARCH_NAME}"
        ))
    })?;
    const JEQ_K: u16 = 0x15;
    programs
        .get("t")
        .and_then(|program| program.iter().skip(4).find(|i| i.code == JEQ_K))
        .map(|i| i.k)
        .ok_or_else(|| PolicyError::Seccomp(format!("cannot resolve `{name}`")))
}

/// The two programs, in the order to install them.
///
/// With `notify`, every refusal is in the second program and answers
/// SECCOMP_RET_USER_NOTIF instead of EPERM, so that a listener (the
/// supervisor, with `--verbose`) sees each one and answers EPERM itself:
/// the kernel sends a notification only to the listener of the filter whose
/// answer it chose.
pub fn compile(plan: &SeccompPlan, notify: bool) -> Result<[BpfProgram; 2], PolicyError> {
    if !notify {
        return Ok([
            lists(&plan.allowed_numbers, &plan.refused_numbers)?,
            refusals(&[])?,
        ]);
    }
    let mut passed = plan.allowed_numbers.clone();
    passed.extend(&plan.refused_numbers);
    passed.sort_unstable();
    let mut refusals = refusals(&plan.refused_numbers)?;
    let eperm = bpf::RET_ERRNO | libc::EPERM as u32;
    for instruction in refusals.iter_mut() {
        if instruction.code == bpf::RET_K && instruction.k == eperm {
            instruction.k = libc::SECCOMP_RET_USER_NOTIF;
        }
    }
    Ok([lists(&passed, &[])?, refusals])
}

/// The name of a call number on this architecture, for reports.
pub fn name_of(nr: i64) -> Option<&'static str> {
    ALLOWED
        .iter()
        .chain(ALLOWED_X86_64)
        .chain(REFUSED)
        .find(|(_, n, _)| *n == nr)
        .map(|(name, _, _)| *name)
}

/// The refusals that depend on arguments, plus `unconditional` (seccompiler).
/// A call refused unconditionally keeps no conditions.
fn refusals(unconditional: &[u32]) -> Result<BpfProgram, PolicyError> {
    let bad = |e: seccompiler::BackendError| PolicyError::Seccomp(e.to_string());
    let cond = |index: u8, len: SeccompCmpArgLen, op: SeccompCmpOp, value: u64| {
        SeccompCondition::new(index, len, op, value).map_err(bad)
    };
    let rule = |conditions: Vec<SeccompCondition>| SeccompRule::new(conditions).map_err(bad);
    let mut rules: BTreeMap<i64, Vec<SeccompRule>> = unconditional
        .iter()
        .map(|nr| (i64::from(*nr), Vec::new()))
        .collect();
    let mut clone = Vec::new();
    for flag in CLONE_NAMESPACE_FLAGS {
        let masked = SeccompCmpOp::MaskedEq(flag);
        clone.push(rule(vec![cond(0, SeccompCmpArgLen::Qword, masked, flag)?])?);
    }
    rules.entry(libc::SYS_clone).or_insert(clone);
    let mut ioctl = Vec::new();
    for request in [TIOCSTI, TIOCLINUX] {
        let eq = SeccompCmpOp::Eq;
        ioctl.push(rule(vec![cond(1, SeccompCmpArgLen::Dword, eq, request)?])?);
    }
    rules.entry(libc::SYS_ioctl).or_insert(ioctl);
    let mut socket = vec![rule(vec![
        cond(
            0,
            SeccompCmpArgLen::Dword,
            SeccompCmpOp::Ne,
            libc::AF_UNIX as u64,
        )?,
        cond(
            0,
            SeccompCmpArgLen::Dword,
            SeccompCmpOp::Ne,
            libc::AF_INET as u64,
        )?,
        cond(
            0,
            SeccompCmpArgLen::Dword,
            SeccompCmpOp::Ne,
            libc::AF_INET6 as u64,
        )?,
    ])?];
    for kind in [SOCK_RAW, SOCK_PACKET] {
        let masked = SeccompCmpOp::MaskedEq(SOCK_TYPE_MASK);
        socket.push(rule(vec![cond(1, SeccompCmpArgLen::Dword, masked, kind)?])?);
    }
    rules.entry(libc::SYS_socket).or_insert(socket);
    rules.entry(libc::SYS_personality).or_insert(vec![rule(vec![
        cond(0, SeccompCmpArgLen::Dword, SeccompCmpOp::Ne, 0)?,
        cond(
            0,
            SeccompCmpArgLen::Dword,
            SeccompCmpOp::Ne,
            PERSONALITY_QUERY,
        )?,
    ])?]);
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EPERM as u32),
        ARCH,
    )
    .map_err(bad)?;
    BpfProgram::try_from(filter).map_err(bad)
}

/// Classic BPF, as the kernel's seccomp runs it.
mod bpf {
    pub const LD_W_ABS: u16 = 0x20;
    pub const JEQ_K: u16 = 0x15;
    pub const JGT_K: u16 = 0x25;
    pub const JGE_K: u16 = 0x35;
    pub const RET_K: u16 = 0x06;
    pub const OFFSET_NR: u32 = 0;
    pub const OFFSET_ARCH: u32 = 4;
    pub const RET_KILL_PROCESS: u32 = 0x8000_0000;
    pub const RET_ERRNO: u32 = 0x0005_0000;
    pub const RET_ALLOW: u32 = 0x7fff_0000;
}

/// Where a jump goes, before offsets are known.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    Next,
    Node(usize),
    Allow,
    Refuse,
    Deny,
}

struct Jump {
    code: u16,
    k: u32,
    yes: Target,
    no: Target,
}

/// Allows `allowed`, refuses `refused` with EPERM (both sorted), and
/// answers ENOSYS for every other number.
fn lists(allowed: &[u32], refused: &[u32]) -> Result<BpfProgram, PolicyError> {
    let mut numbers: Vec<(u32, Target)> = allowed
        .iter()
        .map(|n| (*n, Target::Allow))
        .chain(refused.iter().map(|n| (*n, Target::Refuse)))
        .collect();
    numbers.sort_unstable_by_key(|(n, _)| *n);
    let mut ranges: Vec<(u32, u32, Target)> = Vec::new();
    for (n, outcome) in numbers {
        match ranges.last_mut() {
            Some((_, end, last)) if *end + 1 == n && *last == outcome => *end = n,
            _ => ranges.push((n, n, outcome)),
        }
    }
    let mut jumps: Vec<Jump> = Vec::new();
    let mut node_starts: Vec<usize> = Vec::new();
    emit(&ranges, &mut jumps, &mut node_starts);

    let prologue = [
        bpf_stmt(bpf::LD_W_ABS, bpf::OFFSET_ARCH),
        bpf_jump(bpf::JEQ_K, AUDIT_ARCH, 1, 0),
        bpf_stmt(bpf::RET_K, bpf::RET_KILL_PROCESS),
        bpf_stmt(bpf::LD_W_ABS, bpf::OFFSET_NR),
    ];
    // After the prologue: one x32 check, the tree, then the three answers.
    let tree_start = prologue.len() + 1;
    let allow_at = tree_start + jumps.len();
    let refuse_at = allow_at + 1;
    let deny_at = allow_at + 2;
    let mut program: BpfProgram = prologue.to_vec();
    let offset = |from: usize, to: usize| -> Result<u8, PolicyError> {
        u8::try_from(to - from - 1)
            .map_err(|_| PolicyError::Seccomp("allowlist too large for BPF jumps".into()))
    };
    program.push(bpf_jump(
        bpf::JGE_K,
        X32_SYSCALL_BIT,
        offset(tree_start - 1, deny_at)?,
        0,
    ));
    for (i, jump) in jumps.iter().enumerate() {
        let here = tree_start + i;
        let resolve = |t: Target| match t {
            Target::Next => offset(here, here + 1),
            Target::Node(n) => offset(here, tree_start + node_starts[n]),
            Target::Allow => offset(here, allow_at),
            Target::Refuse => offset(here, refuse_at),
            Target::Deny => offset(here, deny_at),
        };
        program.push(bpf_jump(
            jump.code,
            jump.k,
            resolve(jump.yes)?,
            resolve(jump.no)?,
        ));
    }
    program.push(bpf_stmt(bpf::RET_K, bpf::RET_ALLOW));
    program.push(bpf_stmt(bpf::RET_K, bpf::RET_ERRNO | libc::EPERM as u32));
    program.push(bpf_stmt(bpf::RET_K, bpf::RET_ERRNO | libc::ENOSYS as u32));
    Ok(program)
}

/// Emits the subtree for `ranges`: leaves test one range, inner nodes
/// split on the middle range's start. Returns the subtree's node id.
fn emit(ranges: &[(u32, u32, Target)], jumps: &mut Vec<Jump>, starts: &mut Vec<usize>) -> usize {
    let id = starts.len();
    starts.push(jumps.len());
    match ranges {
        [] => jumps.push(Jump {
            code: bpf::JGE_K,
            k: 0,
            yes: Target::Deny,
            no: Target::Deny,
        }),
        [(start, end, outcome)] => {
            jumps.push(Jump {
                code: bpf::JGE_K,
                k: *start,
                yes: Target::Next,
                no: Target::Deny,
            });
            jumps.push(Jump {
                code: bpf::JGT_K,
                k: *end,
                yes: Target::Deny,
                no: *outcome,
            });
        }
        _ => {
            let middle = ranges.len() / 2;
            let split = jumps.len();
            jumps.push(Jump {
                code: bpf::JGE_K,
                k: ranges[middle].0,
                yes: Target::Deny, // patched below, once the right subtree exists
                no: Target::Next,
            });
            emit(&ranges[..middle], jumps, starts);
            let right = emit(&ranges[middle..], jumps, starts);
            jumps[split].yes = Target::Node(right);
        }
    }
    id
}

fn bpf_stmt(code: u16, k: u32) -> seccompiler::sock_filter {
    seccompiler::sock_filter {
        code,
        jt: 0,
        jf: 0,
        k,
    }
}

fn bpf_jump(code: u16, k: u32, jt: u8, jf: u8) -> seccompiler::sock_filter {
    seccompiler::sock_filter { code, jt, jf, k }
}

#[cfg(test)]
#[expect(
    clippy::cast_possible_truncation,
    reason = "call numbers fit u32; the interpreter splits u64 args into words"
)]
mod tests {
    use super::*;

    /// Runs a program the way the kernel does, for the opcodes we emit and
    /// seccompiler emits for the refusals.
    fn run(program: &[seccompiler::sock_filter], arch: u32, nr: u32, args: [u64; 6]) -> u32 {
        let mut acc: u32 = 0;
        let mut pc = 0usize;
        loop {
            let i = &program[pc];
            match i.code {
                bpf::LD_W_ABS => {
                    acc = match i.k {
                        0 => nr,
                        4 => arch,
                        k @ 16..=63 => {
                            let arg = args[((k - 16) / 8) as usize];
                            if (k - 16) % 8 == 0 {
                                arg as u32
                            } else {
                                (arg >> 32) as u32
                            }
                        }
                        k => panic!("load from offset {k}"),
                    };
                    pc += 1;
                }
                bpf::RET_K => return i.k,
                0x54 => {
                    acc &= i.k; // ALU AND K
                    pc += 1;
                }
                code => {
                    let taken = match code {
                        bpf::JEQ_K => acc == i.k,
                        bpf::JGT_K => acc > i.k,
                        bpf::JGE_K => acc >= i.k,
                        0x05 => {
                            pc += 1 + i.k as usize; // JA
                            continue;
                        }
                        other => panic!("opcode {other:#x}"),
                    };
                    pc += 1 + usize::from(if taken { i.jt } else { i.jf });
                }
            }
        }
    }

    fn verdict(programs: &[BpfProgram; 2], nr: u32, args: [u64; 6]) -> u32 {
        // The kernel keeps the strictest action; for two ERRNOs the later
        // filter's (the refusals).
        let [allow, refuse] = programs;
        let a = run(allow, AUDIT_ARCH, nr, args);
        let r = run(refuse, AUDIT_ARCH, nr, args);
        // Kernel precedence: KILL > ERRNO > USER_NOTIF > ALLOW; on a tie
        // the later filter (the refusals) wins.
        let rank = |v: u32| match v & 0xfff0_0000 {
            0x8000_0000 => 0,
            0x0000_0000 => 1,
            0x7fc0_0000 => 2,
            _ => 3,
        };
        if rank(r) <= rank(a) {
            r
        } else {
            a
        }
    }

    fn compiled() -> [BpfProgram; 2] {
        compile(&plan(true, &[]).expect("plan"), false).expect("compiles")
    }

    #[test]
    fn with_notify_every_refusal_goes_to_the_listener() {
        let p = compile(&plan(true, &[]).expect("plan"), true).expect("compiles");
        let notify = libc::SECCOMP_RET_USER_NOTIF;
        assert_eq!(verdict(&p, libc::SYS_ptrace as u32, [0; 6]), notify);
        assert_eq!(verdict(&p, libc::SYS_mount as u32, [0; 6]), notify);
        let clone = libc::SYS_clone as u32;
        assert_eq!(
            verdict(&p, clone, [0x1000_0000 | 17, 0, 0, 0, 0, 0]),
            notify
        );
        assert_eq!(verdict(&p, clone, [17, 0, 0, 0, 0, 0]), ALLOW);
        assert_eq!(verdict(&p, libc::SYS_read as u32, [0; 6]), ALLOW);
        assert_eq!(verdict(&p, 1000, [0; 6]), ENOSYS);
    }

    #[test]
    fn both_programs_stay_small() {
        let [lists, conditional] = compiled();
        assert!(lists.len() < 200, "lists: {} instructions", lists.len());
        assert!(
            conditional.len() < 120,
            "conditional: {}",
            conditional.len()
        );
    }

    const ALLOW: u32 = bpf::RET_ALLOW;
    const ENOSYS: u32 = bpf::RET_ERRNO | libc::ENOSYS as u32;
    const EPERM: u32 = bpf::RET_ERRNO | libc::EPERM as u32;

    #[test]
    fn every_number_gets_exactly_its_listed_answer() {
        let programs = compiled();
        let allowed: Vec<u32> = ALLOWED
            .iter()
            .chain(ALLOWED_X86_64)
            .map(|(_, nr, _)| *nr as u32)
            .collect();
        let refused: Vec<u32> = REFUSED.iter().map(|(_, nr, _)| *nr as u32).collect();
        let conditional = [
            libc::SYS_clone,
            libc::SYS_socket,
            libc::SYS_ioctl,
            libc::SYS_personality,
        ];
        for nr in (0..2048u32).filter(|nr| !conditional.contains(&i64::from(*nr))) {
            let expected = if refused.contains(&nr) {
                EPERM
            } else if allowed.contains(&nr) {
                ALLOW
            } else {
                ENOSYS
            };
            assert_eq!(verdict(&programs, nr, [0; 6]), expected, "call {nr}");
        }
    }

    #[test]
    fn x32_numbers_and_other_architectures_are_stopped() {
        let programs = compiled();
        let read_x32 = X32_SYSCALL_BIT | libc::SYS_read as u32;
        assert_eq!(verdict(&programs, read_x32, [0; 6]), ENOSYS);
        for program in &programs {
            assert_eq!(run(program, 0x4000_0003, 0, [0; 6]), bpf::RET_KILL_PROCESS);
        }
    }

    #[test]
    fn conditional_refusals() {
        let p = compiled();
        let clone = libc::SYS_clone as u32;
        assert_eq!(
            verdict(&p, clone, [libc::SIGCHLD as u64, 0, 0, 0, 0, 0]),
            ALLOW
        );
        assert_eq!(verdict(&p, clone, [0x1000_0000 | 17, 0, 0, 0, 0, 0]), EPERM);
        let socket = libc::SYS_socket as u32;
        assert_eq!(
            verdict(&p, socket, [libc::AF_INET as u64, 1, 0, 0, 0, 0]),
            ALLOW
        );
        assert_eq!(
            verdict(&p, socket, [libc::AF_UNIX as u64, 0x80001, 0, 0, 0, 0]),
            ALLOW
        );
        assert_eq!(
            verdict(&p, socket, [libc::AF_NETLINK as u64, 3, 0, 0, 0, 0]),
            EPERM
        );
        assert_eq!(
            verdict(&p, socket, [libc::AF_INET as u64, 3, 1, 0, 0, 0]),
            EPERM
        );
        assert_eq!(
            verdict(&p, socket, [libc::AF_PACKET as u64, 2, 0, 0, 0, 0]),
            EPERM
        );
        let ioctl = libc::SYS_ioctl as u32;
        assert_eq!(verdict(&p, ioctl, [0, 0x5401, 0, 0, 0, 0]), ALLOW);
        assert_eq!(verdict(&p, ioctl, [0, TIOCSTI, 0, 0, 0, 0]), EPERM);
        assert_eq!(
            verdict(&p, ioctl, [0, (1 << 32) | TIOCSTI, 0, 0, 0, 0]),
            EPERM
        );
        let personality = libc::SYS_personality as u32;
        assert_eq!(
            verdict(&p, personality, [PERSONALITY_QUERY, 0, 0, 0, 0, 0]),
            ALLOW
        );
        assert_eq!(verdict(&p, personality, [0x0040000, 0, 0, 0, 0, 0]), EPERM);
    }

    #[test]
    fn the_shared_host_filter_refuses_sockets_ipc_and_leaving_the_group() {
        let shared = plan(true, &["vhangup".into()])
            .expect("plan")
            .for_shared_host()
            .expect("shared");
        assert!(shared.shared_host && shared.refused.contains(&"socket"));
        for notify in [false, true] {
            let p = compile(&shared, notify).expect("compiles");
            let refused = if notify {
                libc::SECCOMP_RET_USER_NOTIF
            } else {
                EPERM
            };
            let socket = libc::SYS_socket as u32;
            for family in [libc::AF_UNIX, libc::AF_INET, libc::AF_INET6] {
                let args = [family as u64, 1, 0, 0, 0, 0];
                assert_eq!(verdict(&p, socket, args), refused, "family {family}");
            }
            for (name, nr, _) in REFUSED_ON_SHARED_HOST {
                assert_eq!(verdict(&p, *nr as u32, [0; 6]), refused, "{name}");
            }
            for nr in [libc::SYS_socketpair, libc::SYS_read, libc::SYS_vhangup] {
                assert_eq!(verdict(&p, nr as u32, [1, 1, 0, 0, 0, 0]), ALLOW, "{nr}");
            }
            let clone = libc::SYS_clone as u32;
            assert_eq!(verdict(&p, clone, [17, 0, 0, 0, 0, 0]), ALLOW);
            assert_eq!(
                verdict(&p, clone, [0x1000_0000 | 17, 0, 0, 0, 0, 0]),
                refused
            );
        }
    }

    #[test]
    fn no_call_is_both_allowed_and_refused() {
        for (name, _, _) in ALLOWED.iter().chain(ALLOWED_X86_64) {
            assert!(
                !REFUSED.iter().any(|(r, _, _)| r == name),
                "{name} is on both lists"
            );
        }
    }

    #[test]
    fn an_unknown_extra_name_is_a_policy_error() {
        let err = plan(true, &["no_such_call".into()]).expect_err("refused");
        assert!(err.to_string().contains("no_such_call"), "{err}");
    }

    #[test]
    fn a_refused_call_cannot_be_allowed_back() {
        let err = plan(true, &["ptrace".into()]).expect_err("refused");
        assert!(err.to_string().contains("always refuses"), "{err}");
    }

    #[test]
    fn a_known_extra_name_is_added_and_allowed() {
        let plan = plan(true, &["vhangup".into()]).expect("plan");
        assert_eq!(plan.allowed_count, ALLOWED.len() + ALLOWED_X86_64.len() + 1);
        let programs = compile(&plan, false).expect("compiles");
        assert_eq!(verdict(&programs, libc::SYS_vhangup as u32, [0; 6]), ALLOW);
    }
}
