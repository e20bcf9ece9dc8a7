//! The seccomp allowlist, as a reviewed table, and its compilation to BPF.
//!
//! Two filters are installed, allowlist first:
//! 1. allowlist: the calls below are allowed, anything else fails with
//!    ENOSYS, so programs fall back (glibc retries `clone3` as `clone`);
//! 2. refusals: the dangerous calls, and dangerous uses of `clone`,
//!    `socket`, `ioctl` and `personality`, fail with EPERM; the rest passes
//!    on to the allowlist.
//!
//! The kernel runs every filter and keeps the strictest answer, and between
//! two ERRNO answers the later-installed filter's: so a refused call gets
//! EPERM even though the allowlist would say ENOSYS. Both filters check the
//! architecture first and kill the process on a mismatch (i386 `int 0x80`);
//! x32 numbers (bit 30 set) are on no list, so they get ENOSYS.

use serde::Serialize;
use serde_json::{json, Value};

use crate::PolicyError;

/// A compiled BPF program, ready for `seccompiler::apply_filter`.
pub type BpfProgram = seccompiler::BpfProgram;

/// Allowed on every architecture: (syscall, who needs it).
const ALLOWED: &[(&str, &str)] = &[
    // File I/O: every program.
    ("read", "all I/O"),
    ("write", "all I/O"),
    ("readv", "all I/O"),
    ("writev", "all I/O"),
    ("pread64", "databases, loaders"),
    ("pwrite64", "databases"),
    ("preadv", "I/O libraries"),
    ("pwritev", "I/O libraries"),
    ("preadv2", "I/O libraries"),
    ("pwritev2", "I/O libraries"),
    ("openat", "opening files"),
    ("openat2", "opening files (newer libcs)"),
    ("close", "all programs"),
    (
        "close_range",
        "closing inherited fds (python, systemd tools)",
    ),
    ("lseek", "file I/O"),
    ("dup", "shells"),
    ("dup3", "shells, redirections"),
    ("fcntl", "fd flags and locks"),
    ("flock", "package managers, git"),
    ("fsync", "durable writes"),
    ("fdatasync", "durable writes"),
    ("sync", "coreutils sync"),
    ("syncfs", "coreutils sync -f"),
    ("sync_file_range", "databases"),
    ("truncate", "coreutils truncate"),
    ("ftruncate", "file writers"),
    ("fallocate", "file writers"),
    ("fadvise64", "cp, databases"),
    ("readahead", "loaders"),
    ("sendfile", "cp, servers"),
    ("splice", "cat, cp"),
    ("tee", "tee"),
    ("vmsplice", "pipe writers"),
    ("copy_file_range", "cp (coreutils >= 9)"),
    // Metadata and directories.
    ("fstat", "every program"),
    ("newfstatat", "stat (glibc)"),
    ("statx", "ls, coreutils"),
    ("statfs", "df, tmp checks"),
    ("fstatfs", "libc, df"),
    ("faccessat", "access(2)"),
    ("faccessat2", "access(2) (glibc >= 2.33)"),
    ("readlinkat", "realpath, ls"),
    ("getdents64", "readdir"),
    ("getcwd", "pwd, every shell"),
    ("chdir", "cd"),
    ("fchdir", "fts, find"),
    ("renameat", "mv"),
    ("renameat2", "mv"),
    ("mkdirat", "mkdir"),
    ("linkat", "ln"),
    ("unlinkat", "rm"),
    ("symlinkat", "ln -s"),
    ("fchmod", "chmod"),
    ("fchmodat", "chmod"),
    ("fchmodat2", "chmod (glibc >= 2.39)"),
    ("fchown", "chown"),
    ("fchownat", "chown"),
    ("umask", "shells"),
    ("utimensat", "touch"),
    (
        "mknodat",
        "mkfifo (device nodes need CAP_MKNOD, which the jail lacks)",
    ),
    ("getxattr", "cp -a, ls"),
    ("lgetxattr", "ls -l (SELinux labels)"),
    ("fgetxattr", "cp -a"),
    ("listxattr", "cp -a"),
    ("llistxattr", "cp -a"),
    ("flistxattr", "cp -a"),
    ("setxattr", "cp -a"),
    ("lsetxattr", "cp -a"),
    ("fsetxattr", "cp -a"),
    ("removexattr", "setfattr"),
    ("lremovexattr", "setfattr"),
    ("fremovexattr", "setfattr"),
    ("inotify_init1", "file watchers (tsc --watch, node)"),
    ("inotify_add_watch", "file watchers"),
    ("inotify_rm_watch", "file watchers"),
    // Memory.
    ("mmap", "every program"),
    ("munmap", "every program"),
    ("mprotect", "loaders, JITs"),
    ("mremap", "realloc of large blocks"),
    ("madvise", "allocators, node"),
    ("brk", "malloc"),
    ("msync", "mmap writers"),
    ("mincore", "allocators"),
    ("mlock", "crypto libraries"),
    ("mlock2", "crypto libraries"),
    ("munlock", "crypto libraries"),
    ("mlockall", "realtime programs"),
    ("munlockall", "realtime programs"),
    ("membarrier", "node, JVMs"),
    ("memfd_create", "node, python multiprocessing"),
    ("pkey_alloc", "node (V8)"),
    ("pkey_free", "node (V8)"),
    ("pkey_mprotect", "node (V8)"),
    ("get_mempolicy", "numa-aware allocators"),
    ("set_mempolicy", "numa-aware allocators"),
    ("mbind", "numa-aware allocators"),
    ("mseal", "glibc >= 2.41"),
    ("map_shadow_stack", "CET shadow stacks"),
    // Processes and threads.
    ("clone", "fork and threads; namespace flags refused below"),
    ("execve", "running programs"),
    ("execveat", "fexecve"),
    ("exit", "threads"),
    ("exit_group", "every program"),
    ("wait4", "shells"),
    ("waitid", "python, node"),
    ("kill", "shells (only this jail's processes are visible)"),
    ("tkill", "threads"),
    ("tgkill", "threads, abort()"),
    ("getpid", "every program"),
    ("getppid", "shells"),
    ("gettid", "threads"),
    ("getuid", "id"),
    ("geteuid", "id"),
    ("getgid", "id"),
    ("getegid", "id"),
    ("getresuid", "libc"),
    ("getresgid", "libc"),
    ("getgroups", "id"),
    (
        "setuid",
        "dropping privileges (no capabilities to gain any)",
    ),
    ("setgid", "dropping privileges"),
    ("setreuid", "dropping privileges"),
    ("setregid", "dropping privileges"),
    ("setresuid", "dropping privileges"),
    ("setresgid", "dropping privileges"),
    ("setfsuid", "libc"),
    ("setfsgid", "libc"),
    (
        "setgroups",
        "dropping privileges (denied by the user namespace)",
    ),
    ("getpgid", "shells"),
    ("setpgid", "shell job control"),
    ("getsid", "shells"),
    ("setsid", "daemons, shells"),
    ("prctl", "thread names, no_new_privs"),
    ("set_tid_address", "libc start-up"),
    ("set_robust_list", "threads"),
    ("get_robust_list", "threads"),
    ("rseq", "glibc >= 2.35"),
    ("futex", "threads"),
    ("futex_waitv", "wine, newer runtimes"),
    ("sched_yield", "threads"),
    ("sched_getaffinity", "nproc, node, python"),
    ("sched_setaffinity", "taskset"),
    ("sched_getparam", "threads"),
    ("sched_setparam", "threads"),
    ("sched_getscheduler", "threads"),
    ("sched_setscheduler", "threads"),
    ("sched_get_priority_max", "threads"),
    ("sched_get_priority_min", "threads"),
    ("sched_rr_get_interval", "threads"),
    ("sched_getattr", "threads"),
    ("sched_setattr", "threads"),
    ("getpriority", "nice"),
    ("setpriority", "nice"),
    ("getrlimit", "shells (ulimit)"),
    ("setrlimit", "shells (ulimit; limits can only be lowered)"),
    ("prlimit64", "libc getrlimit/setrlimit"),
    ("getrusage", "time, build tools"),
    ("times", "shells"),
    ("capget", "libcap users"),
    (
        "capset",
        "libcap users (nothing to raise: every set is empty)",
    ),
    ("personality", "query only; changes refused below"),
    ("uname", "every libc"),
    ("sysinfo", "free, node"),
    ("getcpu", "allocators"),
    ("pidfd_open", "python subprocess, systemd tools"),
    ("pidfd_send_signal", "python subprocess"),
    ("ioprio_get", "ionice"),
    ("ioprio_set", "ionice"),
    (
        "restart_syscall",
        "the kernel restarts interrupted calls with it",
    ),
    // Signals.
    ("rt_sigaction", "every program"),
    ("rt_sigprocmask", "every program"),
    ("rt_sigreturn", "every signal handler"),
    ("rt_sigpending", "shells"),
    ("rt_sigtimedwait", "threads"),
    ("rt_sigqueueinfo", "sigqueue"),
    ("rt_tgsigqueueinfo", "sigqueue"),
    ("rt_sigsuspend", "shells"),
    ("sigaltstack", "rust, go runtimes"),
    ("signalfd4", "event loops"),
    // Time.
    ("clock_gettime", "every program"),
    ("clock_getres", "timers"),
    ("clock_nanosleep", "sleep"),
    ("nanosleep", "sleep"),
    ("gettimeofday", "date"),
    ("getitimer", "profilers"),
    ("setitimer", "profilers, timeouts"),
    ("timer_create", "timeouts"),
    ("timer_settime", "timeouts"),
    ("timer_gettime", "timeouts"),
    ("timer_getoverrun", "timeouts"),
    ("timer_delete", "timeouts"),
    ("timerfd_create", "event loops"),
    ("timerfd_settime", "event loops"),
    ("timerfd_gettime", "event loops"),
    // Waiting.
    ("ppoll", "event loops"),
    ("pselect6", "shells"),
    ("epoll_create1", "node, python asyncio"),
    ("epoll_ctl", "event loops"),
    ("epoll_pwait", "event loops"),
    ("epoll_pwait2", "event loops"),
    ("eventfd2", "node (libuv)"),
    // IPC inside the jail's own IPC namespace.
    ("pipe2", "shells"),
    ("socketpair", "python, node"),
    ("msgget", "System V IPC (private namespace)"),
    ("msgsnd", "System V IPC"),
    ("msgrcv", "System V IPC"),
    ("msgctl", "System V IPC"),
    ("semget", "System V IPC, python multiprocessing"),
    ("semop", "System V IPC"),
    ("semtimedop", "System V IPC"),
    ("semctl", "System V IPC"),
    ("shmget", "System V IPC"),
    ("shmat", "System V IPC"),
    ("shmdt", "System V IPC"),
    ("shmctl", "System V IPC"),
    ("mq_open", "POSIX message queues"),
    ("mq_unlink", "POSIX message queues"),
    ("mq_timedsend", "POSIX message queues"),
    ("mq_timedreceive", "POSIX message queues"),
    ("mq_notify", "POSIX message queues"),
    ("mq_getsetattr", "POSIX message queues"),
    // Sockets (families and types limited below; the network namespace
    // has only loopback).
    ("socket", "unix and loopback sockets"),
    ("connect", "sockets"),
    ("accept", "servers"),
    ("accept4", "servers"),
    ("bind", "servers"),
    ("listen", "servers"),
    ("getsockname", "sockets"),
    ("getpeername", "sockets"),
    ("sendto", "sockets"),
    ("recvfrom", "sockets"),
    ("sendmsg", "sockets"),
    ("recvmsg", "sockets"),
    ("sendmmsg", "DNS resolvers"),
    ("recvmmsg", "DNS resolvers"),
    ("shutdown", "sockets"),
    ("setsockopt", "sockets"),
    ("getsockopt", "sockets"),
    (
        "ioctl",
        "terminals, FIONREAD; TIOCSTI and TIOCLINUX refused below",
    ),
    // Randomness, and further self-restriction.
    ("getrandom", "every runtime"),
    (
        "seccomp",
        "programs sandboxing themselves further (filters only add)",
    ),
    (
        "landlock_create_ruleset",
        "programs sandboxing themselves further",
    ),
    (
        "landlock_add_rule",
        "programs sandboxing themselves further",
    ),
    (
        "landlock_restrict_self",
        "programs sandboxing themselves further",
    ),
];

/// Legacy calls that only x86_64 has (aarch64 has the *at forms only).
#[cfg(target_arch = "x86_64")]
const ALLOWED_X86_64: &[(&str, &str)] = &[
    ("open", "older binaries"),
    ("creat", "older binaries"),
    ("dup2", "shells"),
    ("stat", "older binaries"),
    ("lstat", "older binaries"),
    ("access", "older binaries"),
    ("readlink", "older binaries"),
    ("getdents", "older binaries"),
    ("rename", "older binaries"),
    ("mkdir", "older binaries"),
    ("rmdir", "rmdir"),
    ("link", "older binaries"),
    ("unlink", "older binaries"),
    ("symlink", "older binaries"),
    ("chmod", "older binaries"),
    ("chown", "older binaries"),
    ("lchown", "older binaries"),
    ("utime", "older binaries"),
    ("utimes", "older binaries"),
    ("futimesat", "older binaries"),
    ("mknod", "mkfifo"),
    ("inotify_init", "older binaries"),
    ("fork", "older binaries"),
    ("vfork", "posix_spawn"),
    ("getpgrp", "shells"),
    ("arch_prctl", "libc start-up (TLS)"),
    ("pause", "shells"),
    ("alarm", "shells, timeouts"),
    ("time", "date"),
    ("poll", "event loops"),
    ("select", "shells"),
    ("epoll_create", "older binaries"),
    ("epoll_wait", "older binaries"),
    ("eventfd", "older binaries"),
    ("signalfd", "older binaries"),
    ("pipe", "shells"),
];
#[cfg(not(target_arch = "x86_64"))]
const ALLOWED_X86_64: &[(&str, &str)] = &[];

/// Refused outright with EPERM: (syscall, what it would open up).
pub const REFUSED: &[(&str, &str)] = &[
    ("ptrace", "inspecting and steering other processes"),
    ("process_vm_readv", "reading other processes' memory"),
    ("process_vm_writev", "writing other processes' memory"),
    ("mount", "changing the jail's mount tree"),
    ("umount2", "uncovering what mounts hide"),
    ("pivot_root", "changing the jail's root"),
    ("move_mount", "the new mount API"),
    ("open_tree", "the new mount API"),
    ("fsopen", "the new mount API"),
    ("fsconfig", "the new mount API"),
    ("fsmount", "the new mount API"),
    ("fspick", "the new mount API"),
    ("mount_setattr", "changing mount flags"),
    (
        "unshare",
        "new namespaces (a nested user namespace regains capabilities)",
    ),
    ("setns", "entering other namespaces"),
    ("keyctl", "the kernel keyring, shared across the host"),
    ("add_key", "the kernel keyring"),
    ("request_key", "the kernel keyring"),
    ("bpf", "loading kernel programs"),
    (
        "perf_event_open",
        "kernel profiling, a frequent source of exploits",
    ),
    ("userfaultfd", "a tool for kernel race exploits"),
    (
        "io_uring_setup",
        "io_uring bypasses seccomp for its operations",
    ),
    ("io_uring_enter", "io_uring"),
    ("io_uring_register", "io_uring"),
    ("kexec_load", "replacing the kernel"),
    ("kexec_file_load", "replacing the kernel"),
    ("init_module", "loading kernel modules"),
    ("finit_module", "loading kernel modules"),
    ("delete_module", "unloading kernel modules"),
    (
        "open_by_handle_at",
        "opening files by handle, past the mount tree (shocker)",
    ),
    ("name_to_handle_at", "file handles"),
    ("reboot", "rebooting"),
    ("swapon", "swap"),
    ("swapoff", "swap"),
    ("acct", "process accounting"),
    ("quotactl", "disk quotas"),
    ("quotactl_fd", "disk quotas"),
    ("chroot", "changing the root"),
    ("pidfd_getfd", "stealing another process's fds"),
    ("kcmp", "comparing other processes' kernel state"),
    ("syslog", "reading kernel logs"),
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

/// What `--explain` shows of the filter.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeccompPlan {
    pub enabled: bool,
    pub arch: &'static str,
    /// Extra calls the profile allows, by name.
    pub extra_allowed: Vec<String>,
    pub allowed_count: usize,
    pub refused: Vec<&'static str>,
    pub otherwise: &'static str,
}

pub fn plan(enabled: bool, extra_allowed: &[String]) -> Result<SeccompPlan, PolicyError> {
    if let Some(name) = extra_allowed
        .iter()
        .find(|name| REFUSED.iter().any(|(refused, _)| refused == name))
    {
        return Err(PolicyError::Seccomp(format!(
            "`seccomp.allow` names `{name}`, which jail always refuses; remove it"
        )));
    }
    let plan = SeccompPlan {
        enabled,
        arch: ARCH_NAME,
        extra_allowed: extra_allowed.to_vec(),
        allowed_count: allowed_names(extra_allowed).count(),
        refused: REFUSED.iter().map(|(name, _)| *name).collect(),
        otherwise: "ENOSYS (refused calls: EPERM; wrong architecture: process killed)",
    };
    // Compile once now, so an unknown name is a policy error, not a
    // launch failure.
    compile(&plan)?;
    Ok(plan)
}

#[cfg(target_arch = "x86_64")]
const ARCH: seccompiler::TargetArch = seccompiler::TargetArch::x86_64;
#[cfg(target_arch = "x86_64")]
const ARCH_NAME: &str = "x86_64";
#[cfg(target_arch = "aarch64")]
const ARCH: seccompiler::TargetArch = seccompiler::TargetArch::aarch64;
#[cfg(target_arch = "aarch64")]
const ARCH_NAME: &str = "aarch64";

fn allowed_names(extra: &[String]) -> impl Iterator<Item = &str> {
    ALLOWED
        .iter()
        .chain(ALLOWED_X86_64)
        .map(|(name, _)| *name)
        .chain(extra.iter().map(String::as_str))
}

/// The two programs, allowlist first; install them in this order.
pub fn compile(plan: &SeccompPlan) -> Result<[BpfProgram; 2], PolicyError> {
    let allow_rules: Vec<Value> = allowed_names(&plan.extra_allowed)
        .map(|name| json!({ "syscall": name }))
        .collect();
    let arg = |index: u8, len: &str, op: Value, val: u64| json!({ "index": index, "type": len, "op": op, "val": val });
    let mut refuse_rules: Vec<Value> = REFUSED
        .iter()
        .map(|(name, _)| json!({ "syscall": name }))
        .collect();
    for flag in CLONE_NAMESPACE_FLAGS {
        refuse_rules.push(json!({
            "syscall": "clone",
            "args": [arg(0, "qword", json!({ "masked_eq": flag }), flag)],
        }));
    }
    for request in [TIOCSTI, TIOCLINUX] {
        refuse_rules.push(json!({
            "syscall": "ioctl",
            "args": [arg(1, "dword", json!("eq"), request)],
        }));
    }
    refuse_rules.push(json!({
        "syscall": "socket",
        "args": [
            arg(0, "dword", json!("ne"), libc::AF_UNIX as u64),
            arg(0, "dword", json!("ne"), libc::AF_INET as u64),
            arg(0, "dword", json!("ne"), libc::AF_INET6 as u64),
        ],
    }));
    for kind in [SOCK_RAW, SOCK_PACKET] {
        refuse_rules.push(json!({
            "syscall": "socket",
            "args": [arg(1, "dword", json!({ "masked_eq": SOCK_TYPE_MASK }), kind)],
        }));
    }
    refuse_rules.push(json!({
        "syscall": "personality",
        "args": [
            arg(0, "dword", json!("ne"), 0),
            arg(0, "dword", json!("ne"), PERSONALITY_QUERY),
        ],
    }));
    let filters = json!({
        "allowlist": {
            "mismatch_action": { "errno": libc::ENOSYS },
            "match_action": "allow",
            "filter": allow_rules,
        },
        "refusals": {
            "mismatch_action": "allow",
            "match_action": { "errno": libc::EPERM },
            "filter": refuse_rules,
        },
    });
    let text = filters.to_string();
    let mut programs = seccompiler::compile_from_json(text.as_bytes(), ARCH)
        .map_err(|err| PolicyError::Seccomp(format!("compiling the filter: {err}")))?;
    let mut take = |name: &str| {
        programs
            .remove(name)
            .ok_or_else(|| PolicyError::Seccomp(format!("filter `{name}` missing")))
    };
    Ok([take("allowlist")?, take("refusals")?])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_filter_compiles() {
        let plan = plan(true, &[]).expect("plan");
        let [allow, refuse] = compile(&plan).expect("compiles");
        assert!(allow.len() > ALLOWED.len());
        assert!(refuse.len() > REFUSED.len());
    }

    #[test]
    fn no_call_is_both_allowed_and_refused() {
        for (name, _) in ALLOWED.iter().chain(ALLOWED_X86_64) {
            assert!(
                !REFUSED.iter().any(|(r, _)| r == name),
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
    fn a_known_extra_name_is_added() {
        let plan = plan(true, &["vhangup".into()]).expect("plan");
        assert_eq!(plan.allowed_count, ALLOWED.len() + ALLOWED_X86_64.len() + 1);
    }
}
