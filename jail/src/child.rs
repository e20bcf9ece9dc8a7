//! The clone -> exec path, top to bottom. Runs in the child of a possibly
//! multi-threaded supervisor, so it only reads what prepare.rs built and
//! calls allocation-free code: the wrappers in sys.rs and one file per layer
//! (mount.rs, caps.rs, landlock.rs, seccomp.rs); a failure goes back to the
//! parent as a fixed-size `ChildFailure`, and the child leaves with `_exit`.

use std::os::fd::{AsRawFd, RawFd};

use crate::clone;
use crate::error::{ChildFailure, Step};
use crate::prepare::{Prepared, PreparedExec, Stdio};
use crate::sync::{self, ChildEnds};
use crate::sys::{self, Errno};
use crate::{caps, init, mount, seccomp};

/// The exit statuses, defined with the init that reports them; here too
/// for callers of `jail::child`.
pub use crate::init::{NOT_EXECUTABLE, NOT_FOUND, SETUP_FAILED};

/// Connections to the jail's rpc socket the kernel queues before the
/// supervisor accepts them.
const RPC_BACKLOG: i32 = 16;

/// Connections to the jail's proxy port the kernel queues before the
/// supervisor accepts them.
const PROXY_BACKLOG: i32 = 64;

/// pid 1 of the jail: sets the jail up, forks the payload, then becomes the
/// init. Never returns.
pub(crate) fn run(p: &Prepared, ends: ChildEnds) -> ! {
    let report = ends.report;
    let check = |step, result| check(report, step, result);
    if p.init.start_delay_ms > 0 {
        sys::sleep_ms(p.init.start_delay_ms);
    }
    // Die with the supervisor, even if it is SIGKILLed; the kernel then
    // kills everything in our pid namespace.
    check(
        Step::ParentDeathSignal,
        sys::set_parent_death_signal(libc::SIGKILL),
    );
    // A parent that died before the line above sends no signal: under load
    // it can clone, release us and be killed before we first run.
    if sync::parent_gone(ends.release) {
        sys::exit(SETUP_FAILED);
    }
    // Until the parent has written our uid/gid maps we have no identity
    // (it writes them before the helper clones us: this finds the byte
    // that says so waiting). End of file means the parent died: the
    // report then reaches no one.
    check(Step::WaitForMaps, sync::wait_for_maps_written(ends.release));
    // Leave the caller's session: nothing in the jail may hold the caller's
    // terminal as its controlling terminal (TIOCSTI, CVE-2017-5226).
    check(Step::NewSession, sys::setsid());
    check(Step::Hostname, sys::sethostname(&p.init.hostname));
    if let Err(failure) = mount::build_root(&p.mounts) {
        sync::report_failure(report, failure);
        sys::exit(SETUP_FAILED);
    }
    check(Step::Chdir, sys::chdir(&p.exec.cwd));
    // Nothing may run outside the jail's cgroups, nor before the
    // supervisor's own checks have passed: wait for its second release.
    join_cgroups(report, ends.release);
    // Rooted where the jail now is: its processes see their cgroups as `/`
    // and nothing of the host's hierarchy above.
    check(Step::CgroupNamespace, sys::unshare(libc::CLONE_NEWCGROUP));
    // Signals arriving before the init loop starts must not be lost: give
    // them a handler (pid 1 drops signals it has none for) and keep them
    // blocked until sigwaitinfo collects them.
    let waited = sys::sigset_of(&init::WAITED);
    check(Step::InitSignals, init::install_handlers());
    check(Step::InitSignals, sys::block_signals(&waited));
    // Nothing of the caller's argv or environment in /proc/1/cmdline and
    // /proc/1/environ, and no /proc/1/mem to read, by the time any payload
    // code runs: the init resumes only after the payload's exec.
    if let Some((start, len)) = p.init.strings_area {
        // SAFETY: the kernel reported this range as our argv/environ strings;
        // it is our private copy-on-write copy, and nothing in this process
        // (nor the payload, which reads only the plan) reads those strings
        // from here on.
        unsafe { sys::zero_memory(start, len) };
    }
    let _ = sys::set_not_dumpable();
    let start = PayloadStart { p, report };
    let payload = match clone::payload(
        |start: &PayloadStart| exec_payload(start.p, start.report),
        &start,
    ) {
        Ok(pid) => pid,
        Err(errno) => fail(report, Step::ForkPayload, errno, SETUP_FAILED),
    };
    // The init keeps one fd, the status pipe's write end: not the
    // caller's leaked ones, not stdio, not the terminal.
    let status = ends.status;
    if let Ok(status) = u32::try_from(status) {
        if status > 0 {
            let _ = sys::close_range(0, status - 1, false);
        }
        let _ = sys::close_range(status + 1, u32::MAX, false);
    }
    init::run(payload, &waited, status)
}

/// The degraded tier (no namespaces): the child is the payload itself, in
/// a new session whose process group the supervisor kills at the end.
pub(crate) fn run_on_host(p: &Prepared, ends: ChildEnds) -> ! {
    let report = ends.report;
    check(
        report,
        Step::ParentDeathSignal,
        sys::set_parent_death_signal(libc::SIGKILL),
    );
    if sync::parent_gone(ends.release) {
        sys::exit(SETUP_FAILED);
    }
    // The same two releases as a jail with namespaces (nothing to map).
    check(
        report,
        Step::WaitForMaps,
        sync::wait_for_maps_written(ends.release),
    );
    join_cgroups(report, ends.release);
    check(report, Step::Chdir, sys::chdir(&p.exec.cwd));
    exec_payload(p, report)
}

/// Waits for the payload's release and joins the v1 cgroups whose `tasks`
/// files came with it: writing `0` moves the calling thread itself, which
/// skips the lock (and its RCU grace period) that moving another task
/// takes. The supervisor moves us into v2 groups before the release.
fn join_cgroups(report: RawFd, release: RawFd) {
    let mut groups = [-1; sync::MAX_GROUPS];
    let count = match sync::wait_for_payload_release(release, &mut groups) {
        Ok(count) => count,
        Err(errno) => fail(report, Step::WaitForRelease, errno, SETUP_FAILED),
    };
    for &tasks in &groups[..count] {
        let joined = sys::write_all(tasks, b"0");
        sys::close(tasks);
        check(report, Step::JoinCgroups, joined);
    }
}

/// Reports a failed step to the parent and leaves.
fn fail(report: RawFd, step: Step, errno: Errno, code: i32) -> ! {
    sync::report_failure(
        report,
        ChildFailure {
            step,
            errno,
            index: 0,
        },
    );
    sys::exit(code)
}

fn check(report: RawFd, step: Step, result: Result<(), Errno>) {
    if let Err(errno) = result {
        fail(report, step, errno, SETUP_FAILED);
    }
}

/// What the payload starts from: the init's plan and report pipe.
struct PayloadStart<'a> {
    p: &'a Prepared,
    report: RawFd,
}

/// The payload's last steps before exec.
fn exec_payload(p: &Prepared, report: RawFd) -> ! {
    let check = |step, result| check(report, step, result);
    check(Step::PayloadSignals, sys::reset_signals());
    match p.exec.stdio {
        Stdio::Terminal {
            slave,
            stdin,
            stdout,
            stderr,
        } => check(
            Step::Terminal,
            attach_terminal(slave, [stdin, stdout, stderr]),
        ),
        // On the host, the payload's own session and process group are what
        // the supervisor kills (the init's session does it otherwise).
        Stdio::Inherit if !p.namespaces => check(Step::NewSession, sys::setsid()),
        Stdio::Inherit => {}
    }
    // Every fd but 0, 1, 2 is closed at exec, whatever the caller leaked;
    // the report pipe stays usable until then.
    check(Step::CloseFds, sys::close_range(3, u32::MAX, true));
    if let Some(channel) = &p.rpc.channel {
        check(Step::CloseFds, sys::clear_cloexec(channel.as_raw_fd()));
    }
    for &(resource, soft, hard) in &p.limits.rlimits {
        check(Step::Rlimits, sys::set_rlimit(resource, soft, hard));
    }
    // Bounding and ambient sets first, so no later exec regains anything
    // (the degraded tier has no bounding set to drop: see caps.rs).
    check(
        Step::DropCapabilities,
        caps::drop_bounding_and_ambient(p.last_cap, p.namespaces),
    );
    // Set-uid bits and file capabilities stop counting at exec.
    check(Step::NoNewPrivs, caps::set_no_new_privs());
    // The proxy's socket (docs/network.md): bound before Landlock, whose
    // network rules then let jail processes connect to its port and bind
    // none; handed to the supervisor and closed here, so only the
    // supervisor accepts on it and nothing in the jail can take the port.
    if let Some((port, (_, handoff))) = &p.rpc.proxy {
        check(
            Step::ProxySocket,
            hand_off_proxy_socket(*port, handoff.as_raw_fd()),
        );
    }
    // After the mount tree exists (rules name jail paths), before the last
    // capabilities go (harmless either way: no_new_privs is set).
    if let Some(landlock) = &p.landlock {
        check(Step::Landlock, crate::landlock::restrict(landlock));
    }
    check(Step::DropCapabilities, caps::drop_remaining());
    // The socket for programs whose parent closed JAIL_RPC_FD (decision
    // 0009): bound in the jail's own network namespace, after Landlock so
    // it belongs to the payload's domain (ABI 6 scoping lets only that
    // domain connect), handed to the supervisor and closed here.
    if let Some((_, handoff)) = &p.rpc.handoff {
        check(Step::RpcSocket, hand_off_rpc_socket(handoff.as_raw_fd()));
    }
    // Last, so the set-up above needs none of the calls the filter refuses.
    if let Some(prepared) = &p.seccomp {
        let denials = prepared.denials.as_ref().map(|(_, socket)| socket);
        check(Step::Seccomp, seccomp::apply(&prepared.programs, denials));
    }
    let errno = exec(&p.exec);
    let code = if errno == Errno::ENOENT {
        NOT_FOUND
    } else {
        NOT_EXECUTABLE
    };
    fail(report, Step::Exec, errno, code)
}

/// Binds the jail's rpc socket and sends it over `handoff`; our copy is
/// closed either way.
fn hand_off_rpc_socket(handoff: RawFd) -> Result<(), Errno> {
    let name = crate::prepare::RPC_SOCKET_NAME.as_bytes();
    let fd = sys::listen_abstract_seqpacket(name, RPC_BACKLOG)?;
    let sent = sys::send_fd(handoff, fd);
    sys::close(fd);
    sent
}

/// Binds the proxy's port on the jail's loopback and sends the listening
/// socket over `handoff`; our copy is closed either way.
fn hand_off_proxy_socket(port: u16, handoff: RawFd) -> Result<(), Errno> {
    let fd = sys::listen_tcp_loopback(port, PROXY_BACKLOG)?;
    let sent = sys::send_fd(handoff, fd);
    sys::close(fd);
    sent
}

/// Tries each candidate path in turn; returns only if none could be
/// executed, with the errno that says why (ENOENT: none exists).
fn exec(e: &PreparedExec) -> Errno {
    let mut errno = Errno::ENOENT;
    for path in &e.exec_paths {
        match sys::execve(path, &e.argv, &e.envp) {
            Errno::ENOENT | Errno::ENOTDIR => {}
            other => errno = other,
        }
    }
    errno
}

/// A new session whose controlling terminal is the supervisor's pty, on
/// the flagged ones of fds 0, 1 and 2.
fn attach_terminal(slave: RawFd, stdio: [bool; 3]) -> Result<(), Errno> {
    sys::setsid()?;
    sys::set_controlling_tty(slave)?;
    for (fd, on_pty) in (0..).zip(stdio) {
        if on_pty {
            sys::dup2(slave, fd)?;
        }
    }
    Ok(())
}
