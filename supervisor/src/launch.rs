//! policy::JailPlan -> jail::spawn -> wait: the supervisor's side of one run.
//!
//! One poll loop watches the jail's pidfd, its report pipe, the signals the
//! supervisor forwards, and, when the caller is on a terminal, both sides of
//! the pty relay. A timeout kills the jail's init, and with it the whole pid
//! namespace (in the degraded tier, the payload's process group).

use std::io::{IsTerminal, Stderr, Stdout};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
use nix::sys::signal::{SigSet, Signal};
use nix::sys::signalfd::{SfdFlags, SignalFd};
use nix::sys::termios::{self, SetArg, Termios};
use nix::sys::wait::WaitStatus;
use nix::unistd::Pid;
use policy::JailPlan;

use crate::approvals::Approvals;
use crate::audit::{AuditError, AuditLog, Event};
use crate::server::{Server, Sockets};
use crate::session::{Session, SessionState, SharedTaint};
use crate::state::{Replacement, StateError};
use crate::termfilter::TermFilter;

/// Exit status when --timeout killed the jail (as coreutils `timeout`).
pub const TIMED_OUT: u8 = 124;
/// Exit status when the kernel killed the jail for reaching its memory limit.
pub const OUT_OF_MEMORY: u8 = 123;

/// How long the supervisor waits, once the jail has ended and every channel
/// is shut down, for a call still running on the server (an HTTP fetch); it
/// then writes the session as of the last finished call.
const SERVER_GRACE: Duration = Duration::from_secs(1);

/// Why a run could not start, or could not be seen through.
#[derive(Debug, thiserror::Error)]
pub enum LaunchError {
    /// The jail itself: its set-up failed, or its command could not run.
    #[error(transparent)]
    Jail(#[from] jail::JailError),
    #[error("blocking signals")]
    BlockSignals(#[source] nix::errno::Errno),
    #[error("creating a signalfd")]
    SignalFd(#[source] nix::errno::Errno),
    #[error("creating the RPC channel")]
    Channel(#[source] rpc::RpcError),
    #[error("inspecting the RPC channel")]
    Sockets(#[source] rpc::RpcError),
    #[error("opening a pseudo-terminal")]
    Pty(#[source] nix::errno::Errno),
    #[error("reading the terminal's settings")]
    TerminalSettings(#[source] nix::errno::Errno),
    #[error("setting the terminal raw")]
    TerminalRaw(#[source] nix::errno::Errno),
    #[error("waiting for the jail")]
    Wait(#[source] nix::errno::Errno),
    #[error("collecting the jail's status")]
    Collect(#[source] nix::errno::Errno),
    #[error("the RPC server thread panicked")]
    ServerPanicked,
    #[error("the RPC server was lost")]
    ServerLost,
    #[error(transparent)]
    State(#[from] StateError),
    #[error(transparent)]
    Audit(#[from] AuditError),
}

impl LaunchError {
    /// The supervisor's exit status for this failure: 127 when the command
    /// does not exist in the jail, 126 when it cannot be executed, else 125.
    pub fn exit_code(&self) -> u8 {
        match self {
            LaunchError::Jail(jail::JailError::NotFound { .. }) => 127,
            LaunchError::Jail(jail::JailError::Exec { .. }) => 126,
            _ => crate::JAIL_FAILED,
        }
    }
}

/// What stands behind the jail's channel.
pub struct Backing {
    pub state: crate::state::StateDir,
    pub profile: Arc<policy::Profile>,
    pub session: Session,
    pub audit: Arc<AuditLog>,
    /// A named session's lock, held until its record is written at the end.
    pub lock: Option<crate::session::SessionLock>,
    /// The run's injected credentials and LLM gateway, for the proxy.
    pub secrets: crate::proxy::Secrets,
}

/// A jail spawned and building its mount tree, its payload not released
/// yet: what [`start`] made for [`run`]. Dropped, it kills the child.
pub struct Starting<'t> {
    jail: jail::Jail,
    /// The supervisor's end of the jail's channel.
    channel: OwnedFd,
    sockets: Sockets,
    signal_fd: SignalFd,
    terminal: CallerTerminal<'t>,
}

/// Spawns the jail of `plan` up to its payload. The caller checks the log
/// and opens the run's session while the child builds its jail on another
/// CPU (docs/decisions/0017 §12), then hands it to [`run`], which releases
/// the payload. `out`: the caller's stdout and stderr.
pub fn start<'t>(
    plan: &JailPlan,
    verbose: bool,
    out: &'t (Stdout, Stderr),
) -> Result<Starting<'t>, LaunchError> {
    // Blocked before any thread starts or the clone, so every thread and the
    // child inherit the mask and nothing arrives unhandled; the signalfd
    // collects them, and the payload unblocks everything before exec.
    forwarded_signals()
        .thread_block()
        .map_err(LaunchError::BlockSignals)?;
    let signal_fd = SignalFd::with_flags(
        &forwarded_signals(),
        SfdFlags::SFD_CLOEXEC | SfdFlags::SFD_NONBLOCK,
    )
    .map_err(LaunchError::SignalFd)?;
    let (ours, theirs) = rpc::channel::pair().map_err(LaunchError::Channel)?;
    let sockets = Sockets::new(ours.as_fd(), theirs.as_fd()).map_err(LaunchError::Sockets)?;
    let terminal = CallerTerminal::open(&out.0, &out.1)?;
    crate::tier::announce(plan);
    let prepared = jail::Prepared::new(plan, terminal.stdio(), verbose, Some(theirs))?;
    let jail = jail::spawn(prepared)?;
    Ok(Starting {
        jail,
        channel: ours,
        sockets,
        signal_fd,
        terminal,
    })
}

/// Runs the jail [`start`] spawned with its session and channel; the
/// session ends with the jail, whichever way it ends.
pub fn run(
    starting: Starting<'_>,
    plan: &JailPlan,
    verbose: bool,
    backing: Backing,
) -> Result<u8, LaunchError> {
    let Backing {
        state,
        profile,
        mut session,
        audit,
        lock,
        secrets,
    } = backing;
    let Starting {
        mut jail,
        channel,
        sockets,
        signal_fd,
        terminal,
    } = starting;
    // In memory now, on disk before the payload is released: requests are
    // checked against the memory.
    session.record.state = SessionState::Running;
    let cancel = Arc::new(AtomicBool::new(false));
    let latest = Arc::new(std::sync::Mutex::new(session.clone()));
    let taint = SharedTaint::new(session.record.taint);
    // One for the RPC server and the proxy: one question at a time.
    let approvals = Arc::new(
        Approvals::new(
            &state,
            profile.rpc.approval_timeout_secs,
            caller_on_terminal(),
        )
        .remember(session.record.approved.clone()),
    );
    let granted = Arc::clone(&approvals);
    if let Some(gateway) = &secrets.gateway {
        gateway.seed(&session.record.llm_tokens);
    }
    let gateway = secrets.gateway.clone();
    let proxy = plan.proxy.port().map(|port| crate::proxy::Context {
        profile: Arc::clone(&profile),
        profile_name: plan.profile.clone(),
        audit: Arc::clone(&audit),
        session: session.id().to_string(),
        taint: taint.clone(),
        approvals: Arc::clone(&approvals),
        cancel: Arc::clone(&cancel),
        secrets,
        port,
    });
    let server = Server {
        channel: rpc::Channel::new(channel),
        approvals,
        session,
        profile,
        audit: Arc::clone(&audit),
        cancel: Arc::clone(&cancel),
        sockets: sockets.clone(),
        latest: Arc::clone(&latest),
        listener: None,
        taint: taint.clone(),
    };
    let mut server = LazyServer::new(server);
    let result = run_jail(
        plan,
        verbose,
        &mut jail,
        (signal_fd, terminal),
        &mut server,
        proxy,
    );
    // The jail is gone, and everything serving it ends now: waits stop,
    // tool commands are killed, every channel reads end of file.
    cancel.store(true, Ordering::Relaxed);
    sockets.close_all();
    let (mut session, last_save) = server.finish(&latest)?;
    // With what the proxy read since the last tool call.
    session.record.taint = taint.grow(session.record.taint);
    if let Some(gateway) = gateway {
        session.record.llm_tokens = gateway.spent();
    }
    session.record.approved = granted.granted();
    let status = match &result {
        Ok(code) => i32::from(*code),
        Err(err) => i32::from(err.exit_code()),
    };
    end_run(&mut session, status, &audit, last_save)?;
    // Released only now: the next run reads this record.
    drop(lock);
    // Its cgroups removed only now: an init that sent the payload's status
    // tore its namespaces down while the run was recorded.
    let ended = jail.finish();
    // Nothing of a jail with namespaces is left (its init killed and reaped
    // every process before sending the status): our memory may outlive us
    // in a helper, so that our exit need not tear it down (jail/src/early.rs).
    if ended && plan.degraded.is_none() {
        jail::early::hold_memory_past_exit();
    }
    result
}

/// Ends a run of `session` with `status` (also one the bash gate refused
/// before its jail started): the exit line first, then the record naming
/// where it landed; a named session stays open for the next run. The
/// record is saved even when the line could not be written.
pub fn end_run(
    session: &mut Session,
    status: i32,
    audit: &AuditLog,
    last_save: Option<Replacement>,
) -> Result<(), LaunchError> {
    session.record.exit = Some(status);
    session.record.state = if session.record.named {
        SessionState::Open
    } else {
        SessionState::Finished
    };
    let logged = audit.append(Some(session.id()), &Event::Exit { status });
    session.record.log = logged.as_ref().ok().cloned();
    match last_save {
        Some(replacement) => session.save_into(replacement, false)?,
        None => session.save(false)?,
    }
    logged?;
    Ok(())
}

/// The RPC server starts on its own thread when the jail first writes to
/// the channel: most runs never call a tool, and need not pay for it.
struct LazyServer {
    idle: Option<Box<Server>>,
    running: Option<(std::thread::JoinHandle<Session>, crate::ended::Ended)>,
    /// False once the jail closed its end unused: nothing to watch.
    watching: bool,
    /// The temporary file of the record's last save, made while the
    /// payload starts, so none is made after it (decision 0017 §15).
    last_save: Option<Replacement>,
}

impl LazyServer {
    fn new(server: Server) -> LazyServer {
        LazyServer {
            idle: Some(Box::new(server)),
            running: None,
            watching: true,
            last_save: None,
        }
    }

    /// The channel to watch while idle.
    fn idle_fd(&self) -> Option<BorrowedFd<'_>> {
        let server = self.idle.as_ref().filter(|_| self.watching)?;
        Some(server.channel.as_fd())
    }

    /// The jail's rpc socket to watch while idle: a connection starts the
    /// server as a write on the channel does.
    fn idle_listener(&self) -> Option<BorrowedFd<'_>> {
        self.idle.as_ref()?.listener.as_ref().map(AsFd::as_fd)
    }

    /// Hands the server the jail's rpc socket. The payload sends it before
    /// its exec, and nothing in the jail can call before that, so the
    /// server is still idle; were it not, the socket would go unserved.
    fn attach_listener(&mut self, listener: OwnedFd) {
        if let Some(server) = self.idle.as_mut() {
            server.listener = Some(listener);
        }
    }

    /// Writes the session's record (while the child builds the jail,
    /// before its payload is released).
    fn save_record(&self) -> Result<(), StateError> {
        if let Some(server) = &self.idle {
            server.session.save(false)?;
        }
        Ok(())
    }

    /// Makes the temporary file of the record's last save while the
    /// payload starts, so that none is made after it. One that cannot be
    /// made now is made, or its error reported, by that save.
    fn prepare_last_save(&mut self) {
        if let Some(server) = &self.idle {
            self.last_save = server.session.replacement().ok();
        }
    }

    fn start(&mut self) {
        if let Some(server) = self.idle.take() {
            let ended = crate::ended::Ended::new();
            let token = ended.token();
            let thread = std::thread::spawn(move || {
                let _token = token;
                server.serve()
            });
            self.running = Some((thread, ended));
        }
    }

    /// The session, once the server (if it ran) has ended: its channels are
    /// shut down by now, so only a call in progress can hold it, and that
    /// one is left behind after `SERVER_GRACE` with `latest` as the record.
    /// With it, the temporary file of its last save when one was made.
    fn finish(
        self,
        latest: &std::sync::Mutex<Session>,
    ) -> Result<(Session, Option<Replacement>), LaunchError> {
        let last_save = self.last_save;
        let session = match (self.idle, self.running) {
            (Some(server), _) => Ok(server.session),
            (None, Some((thread, ended))) => {
                if !ended.wait(SERVER_GRACE) {
                    eprintln!(
                        "jail: a tool call was still running when the jail ended; \
                         it was abandoned"
                    );
                    let latest = latest
                        .lock()
                        .unwrap_or_else(|poisoned| poisoned.into_inner())
                        .clone();
                    return Ok((latest, last_save));
                }
                thread.join().map_err(|_| LaunchError::ServerPanicked)
            }
            (None, None) => Err(LaunchError::ServerLost),
        }?;
        Ok((session, last_save))
    }
}

/// Whether a message waits on the SEQPACKET `channel` (not its end of
/// file), without taking it.
fn message_pending(channel: BorrowedFd<'_>) -> bool {
    use nix::sys::socket::{recv, MsgFlags};
    let mut byte = [0u8; 1];
    // A message is never empty (a frame holds at least its variant tag), so
    // 0 bytes is the end of file.
    matches!(
        recv(channel.as_raw_fd(), &mut byte, MsgFlags::MSG_PEEK | MsgFlags::MSG_DONTWAIT),
        Ok(n) if n > 0
    )
}

fn forwarded_signals() -> SigSet {
    let mut signals = SigSet::empty();
    // The signals the jail's init forwards to the payload: the supervisor
    // passes them to the init.
    for signal in jail::FORWARDED {
        signals.add(signal);
    }
    signals
}

fn caller_on_terminal() -> bool {
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

/// Releases the jail's payload and watches the jail until it ends.
fn run_jail(
    plan: &JailPlan,
    verbose: bool,
    jail: &mut jail::Jail,
    (signal_fd, terminal): (SignalFd, CallerTerminal<'_>),
    server: &mut LazyServer,
    proxy: Option<crate::proxy::Context>,
) -> Result<u8, LaunchError> {
    let stdin = std::io::stdin();
    // The record says the session runs before anything of it does.
    server.save_record()?;
    jail.release();
    server.prepare_last_save();
    let refusals = jail.denials.take().map(count_refusals);
    if verbose {
        report_cgroups(&jail.cgroups);
    }
    let attached = terminal.attach(stdin.as_fd())?;
    let mut watch = Watch {
        jail,
        signal_fd: &signal_fd,
        stdin: stdin.as_fd(),
        relay: attached.relay(),
        started: None,
        proxy_context: proxy,
        proxy: None,
        status_pending: true,
    };
    let ended = watch.until_exit(plan, server);
    let started = watch.started.take();
    let proxy = watch.proxy.take();
    if let (Ok(Ended::Exited(_)), Some(relay)) = (&ended, watch.relay.as_mut()) {
        relay.drain();
    }
    // Everything printed from here on (the timeout, limits reached,
    // --verbose reports, errors) reaches a terminal in its normal mode.
    drop(attached.raw_mode);
    // The jail is gone: so are the proxy's connections. What it refused
    // is said once, where a person sees it (pip's retries hide the 403s).
    if let Some(note) = proxy
        .map(crate::proxy::Running::finish)
        .as_ref()
        .and_then(crate::proxy::exit_note)
    {
        eprintln!("{note}");
    }
    let status = match ended? {
        Ended::Exited(status) => status,
        Ended::TimedOut => {
            eprintln!(
                "jail: timed out after {}s; the jail and every process in it were killed",
                plan.limits.timeout_secs.unwrap_or(0)
            );
            return Ok(TIMED_OUT);
        }
    };
    started
        .unwrap_or_else(|| jail.wait_started())
        .map_err(|err| crate::hosthint::add(err, plan))?;
    if let Some(counts) = refusals.and_then(|thread| thread.join().ok()) {
        report_refusals(&counts);
        report_landlock(&plan.landlock);
    }
    let breaches = jail.cgroups.breaches();
    report_breaches(&breaches);
    Ok(exit_status(status, &breaches))
}

/// The caller's terminal, when its output is one: the jail's output always
/// goes through a pty of ours and the filter (termfilter.rs), never to the
/// caller's terminal directly; the caller's input is relayed when stdin and
/// stdout are both terminals.
struct CallerTerminal<'a> {
    pty: Option<nix::pty::OpenptyResult>,
    /// Where the jail's output is shown: stdout if a terminal, else stderr.
    out: Option<BorrowedFd<'a>>,
    relay_stdin: bool,
}

impl<'a> CallerTerminal<'a> {
    fn open(stdout: &'a Stdout, stderr: &'a Stderr) -> Result<CallerTerminal<'a>, LaunchError> {
        let out = if stdout.is_terminal() {
            Some(stdout.as_fd())
        } else if stderr.is_terminal() {
            Some(stderr.as_fd())
        } else {
            None
        };
        let pty = match out {
            Some(out) => {
                let size = jail::tty::window_size(out).ok();
                Some(nix::pty::openpty(size.as_ref(), None).map_err(LaunchError::Pty)?)
            }
            None => None,
        };
        Ok(CallerTerminal {
            pty,
            out,
            relay_stdin: caller_on_terminal(),
        })
    }

    /// How the jail's payload gets its stdio.
    fn stdio(&self) -> jail::Stdio {
        match &self.pty {
            Some(pty) => jail::Stdio::Terminal {
                slave: pty.slave.as_raw_fd(),
                stdin: self.relay_stdin,
                stdout: std::io::stdout().is_terminal(),
                stderr: std::io::stderr().is_terminal(),
            },
            None => jail::Stdio::Inherit,
        }
    }

    /// Once the jail holds the pty's slave: ours closes, and the caller's
    /// terminal goes raw while its input is relayed.
    fn attach(self, stdin: BorrowedFd<'a>) -> Result<Attached<'a>, LaunchError> {
        let Some(pty) = self.pty else {
            return Ok(Attached {
                master: None,
                out: self.out,
                relay_stdin: false,
                raw_mode: None,
            });
        };
        drop(pty.slave);
        let raw_mode = if self.relay_stdin {
            Some(RawMode::enter(stdin)?)
        } else {
            None
        };
        Ok(Attached {
            master: Some(pty.master),
            out: self.out,
            relay_stdin: self.relay_stdin,
            raw_mode,
        })
    }
}

/// The caller's terminal while the jail runs.
struct Attached<'a> {
    master: Option<OwnedFd>,
    out: Option<BorrowedFd<'a>>,
    relay_stdin: bool,
    raw_mode: Option<RawMode<'a>>,
}

impl Attached<'_> {
    fn relay(&self) -> Option<Relay<'_>> {
        let master = self.master.as_ref()?;
        Some(Relay::new(master.as_fd(), self.out?, self.relay_stdin))
    }
}

/// How the watch of a running jail ended.
enum Ended {
    Exited(WaitStatus),
    /// `--timeout` passed: the jail and everything in it were killed.
    TimedOut,
}

/// One poll loop over a running jail: its pidfd, its report pipe, the
/// forwarded signals, the pty relay, and the idle RPC server's channel.
struct Watch<'j, 'f> {
    jail: &'j mut jail::Jail,
    signal_fd: &'f SignalFd,
    stdin: BorrowedFd<'f>,
    relay: Option<Relay<'f>>,
    /// The child's report, once read: Ok when the payload is running.
    started: Option<Result<(), jail::JailError>>,
    /// What the proxy serves the jail with, when the plan has one; it
    /// starts once the payload has sent the listening socket.
    proxy_context: Option<crate::proxy::Context>,
    proxy: Option<crate::proxy::Running>,
    /// The init may still send the payload's exit code (jail::Jail::status).
    status_pending: bool,
}

/// Which of a poll's descriptors had events.
struct Ready {
    exited: bool,
    /// The init sent the payload's exit code, or closed the pipe unused.
    status: bool,
    signalled: bool,
    report: bool,
    /// The jail wrote to its channel or connected to its rpc socket.
    called: bool,
    /// The jail closed its end of the channel unused.
    hung_up: bool,
    relay: Vec<bool>,
}

impl Watch<'_, '_> {
    fn until_exit(
        &mut self,
        plan: &JailPlan,
        server: &mut LazyServer,
    ) -> Result<Ended, LaunchError> {
        let deadline = plan.limits.timeout_secs.map(policy::model::deadline);
        loop {
            let timeout = match deadline {
                Some(deadline) => {
                    let left = deadline.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        self.jail.kill_all();
                        let _ = self.jail.wait();
                        return Ok(Ended::TimedOut);
                    }
                    PollTimeout::try_from(left.as_millis().min(60_000) as i32 + 1)
                        .unwrap_or(PollTimeout::MAX)
                }
                None => PollTimeout::NONE,
            };
            let Some(ready) = self.poll(timeout, server)? else {
                continue;
            };
            if ready.report {
                self.read_report(server);
            }
            if ready.called {
                server.start();
            } else if ready.hung_up {
                server.watching = false;
            }
            if ready.signalled {
                self.forward_signals();
            }
            if let Some(relay) = self.relay.as_mut() {
                relay.pump(&ready.relay, self.stdin);
            }
            if ready.exited {
                self.jail.kill_leftovers();
                let status = self.jail.wait().map_err(LaunchError::Collect)?;
                return Ok(Ended::Exited(status));
            }
            if ready.status {
                match self.jail.sent_status() {
                    // The init is exiting; the run ends meanwhile, and the
                    // `Jail`'s drop collects it.
                    Some(code) => return Ok(Ended::Exited(WaitStatus::Exited(self.pid(), code))),
                    None => self.status_pending = false,
                }
            }
        }
    }

    fn pid(&self) -> Pid {
        Pid::from_raw(self.jail.pid)
    }

    /// Waits for any event; None when a signal interrupted the wait.
    fn poll(
        &self,
        timeout: PollTimeout,
        server: &LazyServer,
    ) -> Result<Option<Ready>, LaunchError> {
        let mut fds = vec![
            PollFd::new(self.jail.pidfd.as_fd(), PollFlags::POLLIN),
            PollFd::new(self.signal_fd.as_fd(), PollFlags::POLLIN),
        ];
        let report_slot = self
            .started
            .is_none()
            .then(|| watch_fd(&mut fds, self.jail.report.as_fd()));
        // With a pty, the payload's last output may still be on its way to
        // the master (the tty layer passes it on from a worker): the init's
        // exit, after that, is what ends the watch.
        let status_slot = (self.status_pending && self.relay.is_none())
            .then(|| watch_fd(&mut fds, self.jail.status.as_fd()));
        let relay_slots = self
            .relay
            .as_ref()
            .map(|r| r.poll_fds(&mut fds, self.stdin));
        let channel_slot = server.idle_fd().map(|fd| watch_fd(&mut fds, fd));
        let listener_slot = server.idle_listener().map(|fd| watch_fd(&mut fds, fd));
        match poll(&mut fds, timeout) {
            Ok(_) => {}
            Err(nix::errno::Errno::EINTR) => return Ok(None),
            Err(errno) => return Err(LaunchError::Wait(errno)),
        }
        let ready = |i: usize| fds[i].revents().is_some_and(|r| !r.is_empty());
        let channel_events = channel_slot.and_then(|i| fds[i].revents());
        let hung_up =
            channel_events.is_some_and(|r| r.intersects(PollFlags::POLLHUP | PollFlags::POLLERR));
        // A closed channel reads as readable too (its end of file): only a
        // message waiting is a call, or every jail would start the server
        // just to read that nothing came.
        let message_waiting = channel_events.is_some_and(|r| r.contains(PollFlags::POLLIN))
            && (!hung_up || server.idle_fd().is_some_and(message_pending));
        Ok(Some(Ready {
            exited: ready(0),
            status: status_slot.is_some_and(ready),
            signalled: ready(1),
            report: report_slot.is_some_and(ready),
            called: message_waiting || listener_slot.is_some_and(ready),
            hung_up,
            relay: relay_slots
                .map(|slots| slots.iter().map(|s| s.is_some_and(ready)).collect())
                .unwrap_or_default(),
        }))
    }

    /// The child's report: on success the jail's rpc socket, if it made
    /// one, goes to the (still idle) server.
    fn read_report(&mut self, server: &mut LazyServer) {
        let report = self.jail.wait_started();
        if report.is_ok() {
            if let Some(listener) = self.jail.rpc_listener() {
                server.attach_listener(listener);
            }
            let listener = self.jail.proxy_listener();
            if let (Some(listener), Some(context)) = (listener, self.proxy_context.take()) {
                match crate::proxy::Running::start(listener, context) {
                    Ok(running) => self.proxy = Some(running),
                    Err(err) => eprintln!("jail: the proxy could not start: {err}"),
                }
            }
        }
        self.started = Some(report);
    }

    /// Passes each pending signal to the jail's init; SIGWINCH resizes the
    /// jail's pty instead when there is one.
    fn forward_signals(&self) {
        while let Ok(Some(info)) = self.signal_fd.read_signal() {
            let Ok(signal) = Signal::try_from(info.ssi_signo as i32) else {
                continue;
            };
            match (&self.relay, signal) {
                (Some(relay), Signal::SIGWINCH) => {
                    if let Ok(size) = jail::tty::window_size(relay.out) {
                        let _ = jail::tty::set_window_size(relay.master, &size);
                    }
                }
                _ => {
                    let _ = nix::sys::signal::kill(self.pid(), signal);
                }
            }
        }
    }
}

/// Adds `fd` to a poll set, for input; its index in the set.
fn watch_fd<'f>(fds: &mut Vec<PollFd<'f>>, fd: BorrowedFd<'f>) -> usize {
    fds.push(PollFd::new(fd, PollFlags::POLLIN));
    fds.len() - 1
}

/// `--verbose`: counts what seccomp refused, on its own thread.
fn count_refusals(
    socket: OwnedFd,
) -> std::thread::JoinHandle<std::collections::BTreeMap<i64, u64>> {
    std::thread::spawn(move || {
        let mut counts: std::collections::BTreeMap<i64, u64> = Default::default();
        jail::denials::serve(socket, |nr| *counts.entry(nr).or_default() += 1);
        counts
    })
}

/// `--verbose`: which cgroup limits hold, and which fell back to rlimits.
fn report_cgroups(cgroups: &jail::cgroup::JailCgroups) {
    let controllers = cgroups.controllers();
    if !controllers.is_empty() {
        eprintln!("jail: cgroup limits on: {}", controllers.join(", "));
    }
    for note in &cgroups.notes {
        eprintln!("jail: {note}; the rlimit applies instead");
    }
}

/// Says which limits the jail reached, and how often.
fn report_breaches(breaches: &[(&str, u64)]) {
    for (controller, count) in breaches {
        let what = if *controller == "pids" {
            "its process limit (forks failed)"
        } else {
            "its memory limit (the kernel killed processes)"
        };
        eprintln!("jail: the jail reached {what} {count} time(s)");
    }
}

/// The supervisor's exit status for the jail's.
fn exit_status(status: WaitStatus, breaches: &[(&str, u64)]) -> u8 {
    // The init reports a payload killed by SIGKILL as 128 + 9.
    let payload_killed = matches!(status, WaitStatus::Exited(_, 137))
        || matches!(status, WaitStatus::Signaled(_, Signal::SIGKILL, _));
    if payload_killed && breaches.iter().any(|(c, _)| *c == "memory") {
        return OUT_OF_MEMORY;
    }
    match status {
        WaitStatus::Exited(_, code) => u8::try_from(code).unwrap_or(crate::JAIL_FAILED),
        WaitStatus::Signaled(_, signal, _) => 128u8.saturating_add(signal as u8),
        _ => crate::JAIL_FAILED,
    }
}

/// `--verbose`: which system calls seccomp refused, and how often.
fn report_refusals(counts: &std::collections::BTreeMap<i64, u64>) {
    if counts.is_empty() {
        eprintln!("jail: seccomp refused no system call");
        return;
    }
    let list: Vec<String> = counts
        .iter()
        .map(|(nr, n)| {
            let name =
                policy::seccomp::name_of(*nr).map_or_else(|| format!("#{nr}"), str::to_string);
            format!("{name} ({n})")
        })
        .collect();
    eprintln!("jail: seccomp refused (EPERM): {}", list.join(", "));
}

/// `--verbose`: what Landlock allowed. Its denials (EACCES) reach only the
/// kernel's audit log, which an ordinary user cannot read, so say where
/// the boundary was instead.
fn report_landlock(landlock: &policy::landlock::LandlockPlan) {
    if !landlock.enabled || landlock.enforced.is_empty() {
        return;
    }
    let writable: Vec<String> = landlock
        .writable()
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    eprintln!(
        "jail: landlock (ABI {}) allowed writes only under {}; {}; \
         writes and connects elsewhere fail with EACCES (the kernel logs them \
         only to the host's audit log)",
        landlock.kernel_abi,
        writable.join(", "),
        landlock.ports_summary()
    );
}

/// The host terminal in raw mode for the relay's lifetime: keys go to the
/// jail's pty unchanged (its own line discipline handles ^C and echo).
struct RawMode<'a> {
    fd: BorrowedFd<'a>,
    saved: Termios,
}

impl<'a> RawMode<'a> {
    fn enter(fd: BorrowedFd<'a>) -> Result<RawMode<'a>, LaunchError> {
        let saved = termios::tcgetattr(fd).map_err(LaunchError::TerminalSettings)?;
        let mut raw = saved.clone();
        termios::cfmakeraw(&mut raw);
        termios::tcsetattr(fd, SetArg::TCSANOW, &raw).map_err(LaunchError::TerminalRaw)?;
        Ok(RawMode { fd, saved })
    }
}

impl Drop for RawMode<'_> {
    fn drop(&mut self) {
        let _ = termios::tcsetattr(self.fd, SetArg::TCSAFLUSH, &self.saved);
    }
}

/// Copies the caller's stdin (when it is relayed) to the pty master, and
/// the master to the caller's terminal (stdout, else stderr), through the
/// filter that keeps the payload's output to drawing (termfilter.rs: no
/// clipboard writes, no DCS, no title reports).
struct Relay<'a> {
    master: BorrowedFd<'a>,
    out: BorrowedFd<'a>,
    stdin_open: bool,
    master_open: bool,
    filter: TermFilter,
    /// The filtered output, reused from read to read.
    filtered: Vec<u8>,
}

impl<'a> Relay<'a> {
    fn new(master: BorrowedFd<'a>, out: BorrowedFd<'a>, relay_stdin: bool) -> Relay<'a> {
        Relay {
            master,
            out,
            stdin_open: relay_stdin,
            master_open: true,
            filter: TermFilter::new(),
            filtered: Vec::with_capacity(8192),
        }
    }

    fn poll_fds<'f>(&self, fds: &mut Vec<PollFd<'f>>, stdin: BorrowedFd<'f>) -> [Option<usize>; 2]
    where
        'a: 'f,
    {
        [
            self.stdin_open.then(|| watch_fd(fds, stdin)),
            self.master_open.then(|| watch_fd(fds, self.master)),
        ]
    }

    fn pump(&mut self, ready: &[bool], stdin: BorrowedFd<'_>) {
        let mut buf = [0u8; 8192];
        if ready.first() == Some(&true) {
            match nix::unistd::read(stdin.as_raw_fd(), &mut buf) {
                Ok(0) | Err(_) => self.stdin_open = false,
                Ok(n) => {
                    let _ = write_all(self.master, &buf[..n]);
                }
            }
        }
        if ready.get(1) == Some(&true) {
            self.copy_out(&mut buf);
        }
    }

    fn copy_out(&mut self, buf: &mut [u8]) -> bool {
        match nix::unistd::read(self.master.as_raw_fd(), buf) {
            Ok(0) | Err(_) => {
                self.master_open = false;
                false
            }
            Ok(n) => {
                self.filtered.clear();
                self.filter.filter(&buf[..n], &mut self.filtered);
                let _ = write_all(self.out, &self.filtered);
                true
            }
        }
    }

    /// After the jail exits: whatever output is still buffered in the pty.
    fn drain(&mut self) {
        let mut buf = [0u8; 8192];
        while self.master_open {
            let mut fds = [PollFd::new(self.master, PollFlags::POLLIN)];
            if !matches!(poll(&mut fds, PollTimeout::ZERO), Ok(n) if n > 0)
                || !self.copy_out(&mut buf)
            {
                break;
            }
        }
    }
}

fn write_all(fd: BorrowedFd<'_>, mut data: &[u8]) -> nix::Result<()> {
    while !data.is_empty() {
        let n = nix::unistd::write(fd, data)?;
        data = &data[n..];
    }
    Ok(())
}
