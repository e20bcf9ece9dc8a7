//! The child side of a jail, and the parent's half of starting one.
//!
//! The sequence, parent then child (each step names the file that does it):
//!
//! 1. `prepare.rs` (parent): turn a `policy::JailPlan` into C strings, argv
//!    and envp arrays, ordered mount operations and id-map text. Everything
//!    the child will touch exists before the clone.
//! 2. `spawn` (parent): a close-on-exec socket pair and pipe (`sync.rs`);
//!    `early.rs`: the helper that made a new user and network namespace
//!    (started first thing by [`early::start`], or now) gets the id maps
//!    (`userns.rs`: uid_map, setgroups=deny, gid_map) and clones the
//!    child inside them (`clone.rs`), with new mount, pid, ipc and uts
//!    namespaces, as our child (`CLONE_PARENT`) with a pidfd; the helper
//!    then exits.
//! 3. (parent) keep the child off the parent's CPU (`affinity.rs`) and
//!    release it (`sync.rs`); `cgroup.rs` creates the jail's cgroups (and
//!    moves the child into the v2 ones) while the child builds. The caller
//!    makes its own checks meanwhile; [`Jail::release`] then makes sure
//!    the helper is gone, gives the child the caller's CPUs back, and a
//!    second release, carrying the v1 groups' `tasks` files, lets it join
//!    them and start the payload.
//! 4. `child.rs` (child, pid 1 of the new pid namespace): parent-death
//!    signal, wait for the maps, new session, hostname, `mount.rs` builds the
//!    root and pivots into it, chdir, wait for the second release, join the
//!    v1 cgroups, unshare the cgroup namespace (rooted there), wipe the
//!    inherited argv/environ and become non-dumpable, start the payload
//!    (`clone.rs`: in the init's memory on a stack of its own, as
//!    `posix_spawn` does; the init waits until its exec).
//! 5. `child.rs` (payload): reset signals, attach the pty if any, mark every
//!    fd but 0-2 and the RPC channel (`JAIL_RPC_FD`) close-on-exec, rlimits
//!    (`rlimit.rs`), drop the bounding and ambient capabilities and set
//!    no_new_privs (`caps.rs`), listen on the proxy's port and send the
//!    socket to the supervisor (docs/network.md), Landlock (`landlock.rs`), clear the
//!    remaining capabilities (`caps.rs`), bind the jail's rpc socket
//!    (`JAIL_RPC_SOCKET`) and send it to the supervisor (decision 0009),
//!    seccomp (`seccomp.rs`, compiled by `policy::seccomp`), execve.
//! 6. `init.rs` (pid 1): close every fd but the status pipe's, reap and
//!    forward signals until the payload exits, then kill and reap what it
//!    left, send its status on the pipe ([`Jail::sent_status`]) and exit
//!    with it ([`Jail::finish`] need not wait for that exit).
//!
//! Between clone and exec the child allocates nothing, takes no lock and
//! cannot panic: it reads what step 1 built and calls the wrappers in
//! `sys.rs` (raw syscalls live there and in `clone.rs`). A failure goes back
//! as a fixed-size `ChildFailure` (step, errno) on the report pipe; end of
//! file on that pipe means the payload is running.
//! That is why a multi-threaded supervisor may call [`spawn`]; see
//! docs/decisions/0001-clone-from-the-supervisor.md.
//!
//! The degraded tier (a plan from `policy::degraded`, no namespaces) takes
//! a shorter path: the helper, if one was started, is ended first; then
//! `clone3` with no namespace flag, no maps, and the child is the payload
//! itself (`child::run_on_host`), leading a process group
//! that [`Jail::kill_all`] and [`Jail::kill_leftovers`] kill; see
//! docs/decisions/0007-the-degraded-tier.md.
//!
//! The parent-death signal fires when the *thread* that started the
//! helper ([`early::start`], else [`spawn`]) exits, so call both from a
//! thread that outlives the jail.

mod affinity;
mod caps;
pub mod cgroup;
pub mod child;
mod clone;
pub mod denials;
pub mod early;
mod error;
mod init;
mod landlock;
mod mount;
pub mod prepare;
pub mod probe;
mod rlimit;
mod seccomp;
pub mod source;
mod sync;
mod sys;
pub mod tty;
mod userns;

use std::os::fd::{AsRawFd, OwnedFd};

pub use error::{ChildFailure, JailError, Step};
pub use init::{exit_code, FORWARDED};
pub use prepare::{Prepared, Stdio, RPC_FD_ENV, RPC_SOCKET_ENV, RPC_SOCKET_NAME};

/// A name part no other process picks and this one does not repeat:
/// process id, a counter, the clock's nanoseconds.
pub fn unique_suffix() -> String {
    static COUNT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let count = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.subsec_nanos());
    format!("{}-{count}-{nanos}", std::process::id())
}

/// A started jail: its init's pid and pidfd, and the report pipe.
pub struct Jail {
    pub pid: libc::pid_t,
    pub pidfd: OwnedFd,
    pub report: OwnedFd,
    /// Where the init writes the payload's exit code before it exits: read
    /// it with [`Jail::sent_status`] once it polls ready.
    pub status: OwnedFd,
    /// The jail's cgroups (where the caller may create them).
    pub cgroups: cgroup::JailCgroups,
    /// With `report_denials`: where the payload sends its seccomp listener
    /// (hand it to [`denials::serve`]).
    pub denials: Option<OwnedFd>,
    /// With namespaces and a channel: where the payload sends the listening
    /// socket of `JAIL_RPC_SOCKET` (receive it with [`Jail::rpc_listener`]).
    pub rpc_handoff: Option<OwnedFd>,
    /// With a proxy in the plan (full tier): where the payload sends the
    /// socket listening on the proxy's port (receive it with
    /// [`Jail::proxy_listener`]).
    pub proxy_handoff: Option<OwnedFd>,
    /// Our end of the release pipe, open as long as we live: the child
    /// checks it once its parent-death signal is set (sync::parent_gone).
    release: OwnedFd,
    /// Whether the init sent the payload's exit code ([`Jail::sent_status`]).
    ended: bool,
    /// Whether [`Jail::wait`] collected the init.
    reaped: bool,
    /// The caller's CPUs, given back to the child at the release.
    affinity: Option<nix::sched::CpuSet>,
    /// The helper the jail was cloned from, until it is known to be gone
    /// (before the release: early.rs).
    helper: Option<early::Helper>,
    prepared: Prepared,
}

/// Starts the jail described by `prepared`. Returns once the child has its
/// id maps and is building the jail; nothing of the payload runs until
/// [`Jail::release`], after which [`Jail::report`] says whether it started.
pub fn spawn(mut prepared: Prepared) -> Result<Jail, JailError> {
    let (parent_ends, child_ends, child_owned) = sync::channels()?;
    let start = ChildStart {
        prepared: &prepared,
        ends: child_ends,
        parent_release: parent_ends.release.as_raw_fd(),
        parent_report: parent_ends.report.as_raw_fd(),
    };
    let (pid, pidfd, helper, affinity) = if prepared.namespaces {
        // Cloned inside the user and network namespaces its helper made,
        // maps written first: the child need not wait for them.
        let mut helper = early::take()?;
        helper.write_maps(&prepared.id_maps)?;
        // A failed write means the child will be gone; its report says why.
        let _ = sync::release_child(&parent_ends.release);
        let (pid, pidfd) = helper.clone_jail(clone::JAIL_FLAGS, start_in_jail, &start)?;
        // It builds on another CPU than ours, as the helper did (which
        // may be ours by now); the release gives back what either took.
        let affinity = affinity::keep_off_this_cpu(pid).or(helper.allowed());
        (pid, pidfd, Some(helper), affinity)
    } else {
        // Nothing that runs on the host may share our memory (early.rs).
        early::discard();
        let (pid, pidfd) = match clone::on_host() {
            Ok(clone::Cloned::Child) => start_on_host(&start),
            Ok(clone::Cloned::Parent { pid, pidfd }) => (pid, pidfd),
            Err(errno) => {
                return Err(JailError::Clone {
                    call: "clone3",
                    errno,
                    advice: probe::userns_advice(&probe::Sysctls::host()),
                });
            }
        };
        // Before the release: the child runs beside us.
        let affinity = affinity::keep_off_this_cpu(pid);
        // Nothing to map: the same two releases as a jail with namespaces.
        let _ = sync::release_child(&parent_ends.release);
        (pid, pidfd, None, affinity)
    };
    drop(child_owned);
    drop(prepared.rpc.channel.take());
    // Our copy of the child's end goes, so the parent end sees end of file
    // if the payload never sends its listener.
    let denials = prepared
        .seccomp
        .as_mut()
        .and_then(|seccomp| seccomp.denials.take())
        .and_then(|(parent, _child)| parent);
    let rpc_handoff = prepared
        .rpc
        .handoff
        .take()
        .and_then(|(parent, _child)| parent);
    let proxy_handoff = prepared
        .rpc
        .proxy
        .take()
        .and_then(|(_, (parent, _child))| parent);
    let pidfd = clone::adopt_pidfd(pidfd);
    // While the child builds its mount tree. Nothing of the payload runs
    // until the release, which has the init join them first.
    let (pids, memory) = prepared.limits.cgroups;
    let mut cgroups = cgroup::JailCgroups::create(pids, memory);
    if let Err(err) = cgroups.attach(pid) {
        cgroups
            .notes
            .push(format!("cannot move the jail into its cgroups: {err}"));
    }
    Ok(Jail {
        pid,
        pidfd,
        report: parent_ends.report,
        status: parent_ends.status,
        cgroups,
        denials,
        rpc_handoff,
        proxy_handoff,
        release: parent_ends.release,
        ended: false,
        reaped: false,
        affinity,
        helper,
        prepared,
    })
}

/// What the jail's child starts from: the plan, its ends of the channels,
/// and the raw numbers of the parent's ends, which it closes.
struct ChildStart<'a> {
    prepared: &'a Prepared,
    ends: sync::ChildEnds,
    parent_release: std::os::fd::RawFd,
    parent_report: std::os::fd::RawFd,
}

/// The jail's init, cloned by the helper (early.rs).
fn start_in_jail(start: &ChildStart<'_>) -> ! {
    sys::close(start.parent_release);
    sys::close(start.parent_report);
    child::run(start.prepared, start.ends)
}

/// The degraded tier's child.
fn start_on_host(start: &ChildStart<'_>) -> ! {
    sys::close(start.parent_release);
    sys::close(start.parent_report);
    child::run_on_host(start.prepared, start.ends)
}

impl Drop for Jail {
    /// A jail not collected yet is reaped here, before its cgroups are
    /// removed (they must be empty). One whose init sent the payload's
    /// status is exiting already; any other is killed first: one never
    /// released (the caller's checks failed: nothing of its payload ran),
    /// or one whose watch failed, which must not outlive us. Its pid cannot
    /// have been reused: only we reap it.
    fn drop(&mut self) {
        if !self.reaped {
            if !self.ended {
                self.kill_all();
            }
            let _ = self.wait();
        }
    }
}

impl Jail {
    /// Lets the payload start: the child, its jail built or being built,
    /// starts it once this arrives. Until then nothing of the payload runs,
    /// and dropping the `Jail` kills the child instead.
    pub fn release(&mut self) {
        // Nothing of the jail runs while a process sharing our memory
        // lives (it exited after the clone: this waits only if it has not
        // finished exiting).
        drop(self.helper.take());
        if let Some(allowed) = self.affinity.take() {
            affinity::restore(self.pid, &allowed);
        }
        // A failed send means the child is gone; its report says why.
        let _ = sync::release_payload(&self.release, &self.cgroups.tasks_files());
        self.cgroups.close_tasks_files();
    }

    /// The listening socket of `JAIL_RPC_SOCKET`, once the payload has
    /// exec'd (it sends it before): `None` in the degraded tier, without a
    /// channel, or if it was already taken.
    pub fn rpc_listener(&mut self) -> Option<OwnedFd> {
        let handoff = self.rpc_handoff.take()?;
        denials::receive_fd(&handoff, nix::sys::socket::MsgFlags::MSG_DONTWAIT)
    }

    /// The socket listening on the jail's proxy port, once the payload has
    /// exec'd (it sends it before): `None` without a proxy, or if it was
    /// already taken.
    pub fn proxy_listener(&mut self) -> Option<OwnedFd> {
        let handoff = self.proxy_handoff.take()?;
        denials::receive_fd(&handoff, nix::sys::socket::MsgFlags::MSG_DONTWAIT)
    }

    /// Kills every process of the jail: its init, and with it the pid
    /// namespace; in the degraded tier, the payload's process group, which
    /// seccomp keeps everything the payload starts inside.
    pub fn kill_all(&self) {
        let _ = sys::kill(self.pid, libc::SIGKILL);
        if !self.prepared.namespaces {
            let _ = sys::kill(-self.pid, libc::SIGKILL);
        }
    }

    /// After the payload exits and before it is reaped (its pid, and so
    /// its group's id, cannot be reused until then): kills what it left
    /// behind. A pid namespace does this by itself when its init exits.
    pub fn kill_leftovers(&self) {
        if !self.prepared.namespaces {
            let _ = sys::kill(-self.pid, libc::SIGKILL);
        }
    }

    /// Ends the handle. An init that sent the payload's status has killed
    /// and reaped everything else in the jail (init.rs) and is exiting: it
    /// is not waited for while its exit tears the namespaces down (as
    /// bubblewrap's pid 1 is not): its v1 cgroups become spares for later
    /// jails, whatever is still in them. Only groups to be removed (v2, or
    /// past the spares kept) make us wait, since they must be empty first.
    /// The process that inherits the init reaps it once we exit. Any other jail is killed and collected, as
    /// dropping it does.
    /// Returns whether the init had sent the payload's status (so nothing
    /// else of the jail was left).
    pub fn finish(mut self) -> bool {
        if self.ended && self.cgroups.retire() {
            self.reaped = true;
        }
        self.ended
    }

    /// Collects the init (blocking until it has exited).
    pub fn wait(&mut self) -> nix::Result<nix::sys::wait::WaitStatus> {
        let status = nix::sys::wait::waitpid(nix::unistd::Pid::from_raw(self.pid), None);
        self.reaped = true;
        status
    }

    /// The payload's exit code as the init sent it before exiting; call
    /// once [`Jail::status`] polls ready. None if the init exited without
    /// sending one (it was killed; the degraded tier has no init): collect
    /// it with [`Jail::wait`] then.
    pub fn sent_status(&mut self) -> Option<i32> {
        let code = sync::read_status(self.status.as_raw_fd());
        if code.is_some() {
            self.ended = true;
            // The pipe's wake-up brought us to the init's CPU, where we
            // would run the end of the run before its exit (the teardown
            // of its namespaces) could: it exits on another CPU meanwhile.
            affinity::keep_off_this_cpu(self.pid);
        }
        code
    }

    /// Blocks until the payload has exec'd (Ok) or set-up failed (the error,
    /// with advice where the kernel's configuration is the likely cause).
    pub fn wait_started(&self) -> Result<(), JailError> {
        match sync::read_report(self.report.as_raw_fd()) {
            Ok(None) => Ok(()),
            Ok(Some(failure)) => Err(self.explain(failure)),
            Err(errno) => Err(JailError::Sys {
                op: "reading the jail's report",
                errno,
            }),
        }
    }

    fn explain(&self, failure: ChildFailure) -> JailError {
        let p = &self.prepared;
        match failure.step {
            Step::Exec if failure.errno == nix::errno::Errno::ENOENT => JailError::NotFound {
                command: p.exec.command.clone(),
                searched: p.exec.searched.clone(),
                hint: String::new(),
            },
            Step::Exec => JailError::Exec {
                command: p.exec.command.clone(),
                errno: failure.errno,
            },
            step => {
                let detail = match step {
                    Step::MakeMountPoint
                    | Step::Mount
                    | Step::SourceChanged
                    | Step::MountAttributes => p
                        .mounts
                        .names
                        .get(failure.index as usize)
                        .map(|d| format!(" {d}"))
                        .unwrap_or_default(),
                    _ => String::new(),
                };
                let denied = matches!(
                    failure.errno,
                    nix::errno::Errno::EPERM | nix::errno::Errno::EACCES
                );
                let advice = if denied && step.needs_userns_caps() {
                    probe::userns_advice(&probe::Sysctls::host())
                } else if step == Step::SourceChanged {
                    " (the path now names another file or directory than the one the supervisor \
                     checked: something replaced it while the jail started; nothing was bound)"
                        .to_string()
                } else if failure.errno == nix::errno::Errno::ELOOP {
                    " (the path passes through a symlink, which the jail never follows when it \
                     binds or masks; name the real path)"
                        .to_string()
                } else {
                    String::new()
                };
                JailError::Setup {
                    step,
                    detail,
                    errno: failure.errno,
                    advice,
                }
            }
        }
    }
}
