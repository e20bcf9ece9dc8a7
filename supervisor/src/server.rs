//! The RPC server: one thread per jail on the supervisor's end of the
//! socketpair. Every frame is bounded before it is decoded; every call is
//! checked against the session (state, expiry, review, limits), gated by
//! the tool's trust properties and the session's taint, run, and written
//! to the audit log. A malformed frame gets an error answer; a peer that
//! keeps sending them, or speaks out of turn, is cut off. Nothing a payload
//! sends can panic or stall the supervisor's other work.
//!
//! No worker outlives the jail: an fd on `Connect` is served only if it is
//! a fresh SEQPACKET unix socket (`Sockets`), and when the jail ends the
//! launcher shuts every served socket down and sets `cancel` (approval
//! waits and tool commands stop); a call still running after that is left
//! behind (launch.rs `SERVER_GRACE`).

use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rpc::channel::SocketId;

use policy::gate::{self, Gate};
use policy::model::Profile;
use review::reviewer::Verdict;
use rpc::{ClientMessage, ErrorKind, Request, ServerMessage, ToolError};

use crate::approvals::{Approvals, Decision};
use crate::audit::{self, AuditLog, Event};
use crate::session::{Session, SharedTaint};
use crate::tools::{self, Secrets, Tool};

/// Malformed frames tolerated before the channel is closed.
const MAX_STRIKES: u32 = 8;

pub struct Server {
    pub channel: rpc::Channel,
    pub session: Session,
    pub profile: Arc<Profile>,
    pub audit: Arc<AuditLog>,
    pub approvals: Arc<Approvals>,
    /// Set when the jail has ended: pending approvals and tool commands
    /// stop waiting.
    pub cancel: Arc<AtomicBool>,
    /// Every socket this server holds; the launcher shuts them down when
    /// the jail ends.
    pub sockets: Sockets,
    /// The session as of the last call, for the final record when a call
    /// is still running as the jail ends.
    pub latest: Arc<Mutex<Session>>,
    /// The jail's rpc socket (`JAIL_RPC_SOCKET`), listening: every
    /// connection is served like a `Connect`ed private channel.
    pub listener: Option<OwnedFd>,
    /// The session's taint as the proxy sees it too (docs/network.md).
    pub taint: SharedTaint,
}

/// The sockets one session's server holds, by id. A socket attached to
/// `Connect` is served only if it is none of these and not the jail's own
/// end of the channel: the supervisor holding both ends of a pair (or the
/// jail's end) would wait forever for an end of file it keeps open itself.
/// `close_all` (when the jail ends) shuts every one down, which wakes every
/// worker blocked in `recv`, and refuses any later one.
#[derive(Clone)]
pub struct Sockets(Arc<Mutex<SocketSet>>);

struct SocketSet {
    /// A dup of each served socket, for `shutdown` from another thread.
    served: Vec<(SocketId, OwnedFd)>,
    /// The jail's end of the inherited channel.
    jail_end: SocketId,
    closed: bool,
}

/// One served socket; dropping it forgets the socket.
struct Served {
    sockets: Sockets,
    id: SocketId,
}

impl Drop for Served {
    fn drop(&mut self) {
        self.sockets.set().served.retain(|(id, _)| *id != self.id);
    }
}

impl Sockets {
    /// The set for one channel: `ours` is served, `jail_end` is never.
    pub fn new(ours: BorrowedFd<'_>, jail_end: BorrowedFd<'_>) -> Result<Sockets, rpc::RpcError> {
        let sockets = Sockets(Arc::new(Mutex::new(SocketSet {
            served: Vec::new(),
            jail_end: SocketId::of(jail_end)?,
            closed: false,
        })));
        // The inherited channel is served for the whole session.
        sockets.record(ours)?;
        Ok(sockets)
    }

    fn set(&self) -> std::sync::MutexGuard<'_, SocketSet> {
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Checks `fd` (type, and none of ours) and records it as served
    /// until the `Served` is dropped.
    fn admit(&self, fd: BorrowedFd<'_>) -> Result<Served, rpc::RpcError> {
        let id = self.record(fd)?;
        Ok(Served {
            sockets: self.clone(),
            id,
        })
    }

    fn record(&self, fd: BorrowedFd<'_>) -> Result<SocketId, rpc::RpcError> {
        let id = rpc::channel::check_private(fd)?;
        let dup = fd.try_clone_to_owned().map_err(|err| rpc::RpcError::Io {
            op: "dup",
            source: nix::errno::Errno::from_raw(err.raw_os_error().unwrap_or(0)),
        })?;
        let mut set = self.set();
        let reason = if set.closed {
            Some("arrived after the jail ended")
        } else if id == set.jail_end {
            Some("is the session's own channel (the jail's end of it)")
        } else if set.served.iter().any(|(served, _)| *served == id) {
            Some("is a socket the supervisor already serves")
        } else {
            None
        };
        if let Some(reason) = reason {
            return Err(rpc::RpcError::NotAChannel { reason });
        }
        set.served.push((id, dup));
        Ok(id)
    }

    /// Shuts down every served socket and refuses new ones: every worker's
    /// `recv` returns end of file.
    pub fn close_all(&self) {
        let mut set = self.set();
        set.closed = true;
        for (_, fd) in &set.served {
            let _ = nix::sys::socket::shutdown(
                std::os::fd::AsRawFd::as_raw_fd(fd),
                nix::sys::socket::Shutdown::Both,
            );
        }
    }
}

/// Calls-per-second accounting over one-second windows.
struct Rate {
    window: Instant,
    count: u32,
}

/// What every channel of one session shares; one call at a time holds it.
struct Core {
    session: Session,
    profile: Arc<Profile>,
    audit: Arc<AuditLog>,
    approvals: Arc<Approvals>,
    cancel: Arc<AtomicBool>,
    rate: Rate,
    secrets: Secrets,
    sockets: Sockets,
    latest: Arc<Mutex<Session>>,
    taint: SharedTaint,
}

type Shared = Arc<Mutex<Core>>;

/// Private channels (`Connect`) one session may hold open at once.
const MAX_PRIVATE_CHANNELS: usize = 64;

impl Server {
    /// Serves until the jail's end closes (or the peer is cut off), and
    /// every private channel with it; hands the session back for its
    /// final record.
    pub fn serve(self) -> Session {
        let Server {
            channel,
            session,
            profile,
            audit,
            approvals,
            cancel,
            sockets,
            latest,
            listener,
            taint,
        } = self;
        let core = Arc::new(Mutex::new(Core {
            session,
            secrets: Secrets::new(&profile),
            profile,
            audit,
            approvals,
            cancel,
            sockets,
            latest,
            taint,
            rate: Rate {
                window: Instant::now(),
                count: 0,
            },
        }));
        let mut private = Vec::new();
        if let Some(listener) = listener {
            let core = Arc::clone(&core);
            private.push(std::thread::spawn(move || accept_loop(listener, &core)));
        }
        serve_channel(channel, &core, Some(&mut private));
        for worker in private {
            let _ = worker.join();
        }
        match Arc::try_unwrap(core) {
            Ok(core) => core.into_inner().unwrap_or_else(|p| p.into_inner()).session,
            // Every worker is joined, so this is only a fallback.
            Err(core) => lock(&core).session.clone(),
        }
    }
}

fn lock(core: &Shared) -> std::sync::MutexGuard<'_, Core> {
    core.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The tool `name` in `profile`, with its trust; the error lists the
/// tools there are.
fn find_tool<'p>(
    profile: &'p policy::Profile,
    name: &str,
) -> Result<(Tool<'p>, gate::Trust), ToolError> {
    Tool::lookup(profile, name).ok_or_else(|| {
        let known: Vec<&str> = ["echo", "http.fetch"]
            .into_iter()
            .chain(profile.tools.keys().map(String::as_str))
            .collect();
        tool_error(
            ErrorKind::UnknownTool,
            format!("no tool `{name}`; this profile has: {}", known.join(", ")),
        )
    })
}

/// The payload review (review::payload) of what a tainted session sends to
/// the public sink `sink` (a tool's name, or a host through the proxy), and
/// its `payload_review` audit line: the verdict, and what was found, said
/// for a person.
pub fn review_outbound(
    profile: &Profile,
    audit: &AuditLog,
    session: &str,
    sink: &str,
    payload: &str,
) -> Result<(Verdict, String), review::reviewer::ReviewError> {
    let reviewers = crate::tools::reviewers(profile)?;
    let report = review::payload::review(payload, sink, &reviewers);
    let flags: Vec<String> = report
        .flags
        .iter()
        .map(review::payload::PayloadFlag::describe)
        .collect();
    let _ = audit.append(
        Some(session),
        &Event::PayloadReview {
            tool: sink.to_string(),
            args_digest: audit::digest(payload.as_bytes()),
            verdict: review::pipeline::verdict_word(report.verdict).to_string(),
            flags: flags.clone(),
            reviewers: report.reviewers,
        },
    );
    let found = if flags.is_empty() {
        "nothing the scan knows".to_string()
    } else {
        flags.join(", ")
    };
    Ok((report.verdict, found))
}

fn tool_error(kind: ErrorKind, message: String) -> ToolError {
    ToolError { kind, message }
}

/// The frame loop of one channel. `private`: where the shared channel
/// keeps the threads of the private channels it opened (None on those).
fn serve_channel(
    mut channel: rpc::Channel,
    core: &Shared,
    mut private: Option<&mut Vec<std::thread::JoinHandle<()>>>,
) {
    let mut greeted = false;
    let mut strikes = 0;
    loop {
        let (message, size, fd) = match channel.recv_frame_with_fd() {
            Ok(None) => break,
            Ok(Some((frame, fd))) => (rpc::codec::decode::<ClientMessage>(frame), frame.len(), fd),
            Err(rpc::RpcError::Codec(err)) => (Err(err), 0, None),
            Err(_) => break,
        };
        lock(core).session.record.bytes += size as u64;
        let reply = match message {
            Err(err) => {
                strikes += 1;
                refused(format!("bad frame: {err}"))
            }
            Ok(ClientMessage::Connect) => match connect(fd, core, private.as_deref_mut()) {
                // Answered on the private channel, never here.
                Ok(()) => continue,
                Err(reason) => {
                    strikes += 1;
                    refused(reason)
                }
            },
            Ok(ClientMessage::Hello { version }) if version == rpc::PROTOCOL_VERSION => {
                greeted = true;
                ServerMessage::Welcome {
                    version: rpc::PROTOCOL_VERSION,
                }
            }
            Ok(ClientMessage::Hello { version }) => {
                let _ = channel.send(&refused(format!(
                    "protocol version {version} is not spoken here (this supervisor speaks {}); \
                     use the jail-call of the same jail release",
                    rpc::PROTOCOL_VERSION
                )));
                break;
            }
            Ok(ClientMessage::Call(_)) if !greeted => {
                let _ = channel.send(&refused(
                    "a call before Hello: send Hello { version } first".into(),
                ));
                break;
            }
            Ok(ClientMessage::Call(request)) => {
                let outcome = {
                    let mut core = lock(core);
                    let outcome = core.call(&request, size);
                    core.publish();
                    outcome
                };
                ServerMessage::Reply(rpc::Response {
                    id: request.id,
                    outcome,
                })
            }
        };
        let sent = match rpc::codec::encode(&reply) {
            Ok(frame) => {
                lock(core).session.record.bytes += frame.len() as u64;
                channel.send_frame(&frame)
            }
            Err(err) => Err(err.into()),
        };
        // A result too big for a frame (or this host's socket buffers)
        // is answered with an error instead.
        let sent = match (sent, &reply) {
            (
                Err(rpc::RpcError::Codec(_) | rpc::RpcError::SendBuffer { .. }),
                ServerMessage::Reply(response),
            ) => channel.send(&ServerMessage::Reply(rpc::Response {
                id: response.id,
                outcome: Err(ToolError {
                    kind: ErrorKind::LimitExceeded,
                    message: "the result is too large for the channel; ask for less \
                              (e.g. a smaller egress.max_response_bytes)"
                        .into(),
                }),
            })),
            (sent, _) => sent,
        };
        if sent.is_err() || strikes >= MAX_STRIKES {
            break;
        }
    }
}

/// Accepts connections on the jail's rpc socket until the jail ends (the
/// launcher's `close_all` shuts the listener down, and accept fails), and
/// serves each as a private channel; a connection refused for lack of
/// room is told why.
fn accept_loop(listener: OwnedFd, core: &Shared) {
    // Recorded like a served socket, so `close_all` shuts it down too.
    let Ok(_served) = lock(core).sockets.admit(listener.as_fd()) else {
        return;
    };
    let mut workers = Vec::new();
    while let Ok(fd) = rpc::channel::accept(listener.as_fd()) {
        if let Err((reason, fd)) = serve_private(fd, core, &mut workers) {
            let _ = rpc::Channel::new(fd).send(&refused(reason));
        }
    }
    for worker in workers {
        let _ = worker.join();
    }
}

/// Serves the fd attached to `Connect` as a private channel on its own
/// thread, if it is a fresh SEQPACKET socket and there is room; otherwise
/// the refusal to answer (also written to the audit log).
fn connect(
    fd: Option<OwnedFd>,
    core: &Shared,
    private: Option<&mut Vec<std::thread::JoinHandle<()>>>,
) -> Result<(), String> {
    let (Some(fd), Some(workers)) = (fd, private) else {
        return Err(
            "Connect needs one socket attached, and is only taken on the inherited channel".into(),
        );
    };
    serve_private(fd, core, workers).map_err(|(reason, _)| reason)
}

/// Serves `fd` on its own thread (one of `workers`) if it passes the
/// socket checks and there is room; otherwise the refusal, and the fd.
fn serve_private(
    fd: OwnedFd,
    core: &Shared,
    workers: &mut Vec<std::thread::JoinHandle<()>>,
) -> Result<(), (String, OwnedFd)> {
    workers.retain(|w| !w.is_finished());
    if workers.len() >= MAX_PRIVATE_CHANNELS {
        return Err((
            format!(
                "at most {MAX_PRIVATE_CHANNELS} private channels may be open at once; \
                 close one first"
            ),
            fd,
        ));
    }
    let admitted = {
        let core = lock(core);
        let admitted = core.sockets.admit(fd.as_fd());
        if let Err(err) = &admitted {
            let _ = core.audit.append(
                Some(core.session.id()),
                &Event::Refused {
                    what: "Connect".into(),
                    reason: err.to_string(),
                },
            );
        }
        admitted
    };
    let served = match admitted {
        Ok(served) => served,
        Err(err) => return Err((err.to_string(), fd)),
    };
    let core = Arc::clone(core);
    let channel = rpc::Channel::new(fd);
    workers.push(std::thread::spawn(move || {
        serve_channel(channel, &core, None);
        drop(served);
    }));
    Ok(())
}

impl Core {
    /// Makes the session as it is now the one the launcher falls back on.
    /// A named session's record is written too, after every call (fsynced
    /// when the taint grew): a supervisor killed mid-run loses none of the
    /// taint its payload's output carried to the caller. Under `latest`'s
    /// lock and only until the jail ended (`cancel`): the launcher takes
    /// that lock for the final record, so a call it abandoned never writes
    /// over it (or over the next run's).
    fn publish(&self) {
        let mut latest = self.latest.lock().unwrap_or_else(|p| p.into_inner());
        let grew = latest.record.taint != self.session.record.taint;
        latest.clone_from(&self.session);
        if self.session.record.named && !self.cancel.load(std::sync::atomic::Ordering::SeqCst) {
            if let Err(err) = self.session.save(grew) {
                eprintln!("jail: cannot write the session's record: {err}");
            }
        }
    }

    fn call(&mut self, request: &Request, size: usize) -> Result<String, ToolError> {
        let mut secrets = std::mem::take(&mut self.secrets);
        let outcome = self.call_with(request, size, &mut secrets);
        self.secrets = secrets;
        outcome
    }

    fn call_with(
        &mut self,
        request: &Request,
        size: usize,
        secrets: &mut Secrets,
    ) -> Result<String, ToolError> {
        self.admit_call(size)?;
        // What the proxy read counts as if a tool had read it.
        self.session.record.taint = self.taint.grow(self.session.record.taint);
        let profile = Arc::clone(&self.profile);
        let (tool, trust) = find_tool(&profile, &request.tool)?;
        if let Err(err) = serde_json::from_str::<serde_json::Value>(&request.args) {
            return Err(tool_error(
                ErrorKind::BadArguments,
                format!("arguments are not JSON: {err}"),
            ));
        }
        let (gate, gate_label) = self.gate(&trust, &request.args);
        let args_digest = audit::digest(request.args.as_bytes());
        let outcome = match gate {
            Gate::Blocked(why) => Err(tool_error(ErrorKind::Blocked, why.to_string())),
            Gate::Approval(why) => match self.approve(&request.tool, why, &request.args, secrets) {
                Decision::Approved { .. } => self.run(&tool, &trust, &request.args, secrets),
                Decision::Denied { why, .. } => Err(tool_error(ErrorKind::ApprovalDenied, why)),
            },
            Gate::Review(_) => self
                .review_payload(&request.tool, &request.args, secrets)
                .and_then(|()| self.run(&tool, &trust, &request.args, secrets)),
            Gate::Allowed => self.run(&tool, &trust, &request.args, secrets),
        };
        let _ = self.audit.append(
            Some(self.session.id()),
            &Event::Call {
                tool: request.tool.clone(),
                args_digest,
                gate: gate_label,
                outcome: match &outcome {
                    Ok(_) => "ok".into(),
                    Err(err) => format!("{}: {}", err.kind, secrets.redact(&err.message)),
                },
            },
        );
        outcome.map_err(|err| ToolError {
            kind: err.kind,
            message: secrets.redact(&err.message),
        })
    }

    /// Whether the session may make one more call of `size` bytes (valid,
    /// under `rpc.max_calls`, `rpc.calls_per_second`, `rpc.max_bytes`); if
    /// so it is counted.
    fn admit_call(&mut self, size: usize) -> Result<(), ToolError> {
        let rate = &mut self.rate;
        let limits = &self.profile.rpc;
        if let Some(why) = self.session.refusal(limits.require_review) {
            return Err(tool_error(ErrorKind::SessionInvalid, why));
        }
        if rate.window.elapsed() >= Duration::from_secs(1) {
            rate.window = Instant::now();
            rate.count = 0;
        }
        rate.count += 1;
        let record = &mut self.session.record;
        let limit = if record.calls >= limits.max_calls {
            Some(format!(
                "{} calls (policy key rpc.max_calls)",
                limits.max_calls
            ))
        } else if rate.count > limits.calls_per_second {
            Some(format!(
                "{} calls per second (policy key rpc.calls_per_second)",
                limits.calls_per_second
            ))
        } else if record.bytes.saturating_add(size as u64) > limits.max_bytes.0 {
            Some(format!(
                "{} bytes (policy key rpc.max_bytes)",
                limits.max_bytes.0
            ))
        } else {
            None
        };
        if let Some(what) = limit {
            return Err(tool_error(
                ErrorKind::LimitExceeded,
                format!("this session may make at most {what}"),
            ));
        }
        record.calls += 1;
        Ok(())
    }

    /// The gate for a call with `args` to a tool of `trust` in this
    /// session, and how the audit line names it.
    fn gate(&self, trust: &gate::Trust, args: &str) -> (Gate, String) {
        gate_payload(trust, self.session.record.taint, Some(args))
    }

    fn run(
        &mut self,
        tool: &Tool,
        trust: &gate::Trust,
        args: &str,
        secrets: &mut Secrets,
    ) -> Result<String, ToolError> {
        let mut egress = Vec::new();
        let result = tools::run(
            tool,
            args,
            &self.profile,
            secrets,
            &mut egress,
            &self.cancel,
        );
        // Whatever the tool read taints the session, success or not.
        self.session.record.taint = gate::taint_after(trust, self.session.record.taint);
        self.taint.grow(self.session.record.taint);
        for hop in egress {
            let _ = self.audit.append(
                Some(self.session.id()),
                &Event::Egress {
                    host: hop.host,
                    status: hop.status,
                    bytes: hop.bytes,
                },
            );
        }
        result
    }

    /// `Gate::Review`: the payload review (review::payload) on the call's
    /// arguments, then what its verdict says: APPROVE sends, MAJOR asks a
    /// human, REWORK and REJECTED refuse. An audit line either way.
    fn review_payload(&self, tool: &str, args: &str, secrets: &Secrets) -> Result<(), ToolError> {
        let (verdict, found) =
            review_outbound(&self.profile, &self.audit, self.session.id(), tool, args).map_err(
                |err| {
                    tool_error(
                        ErrorKind::Blocked,
                        format!(
                            "the payload review cannot start (policy key review.reviewers): {err}"
                        ),
                    )
                },
            )?;
        match verdict {
            Verdict::Approve => Ok(()),
            Verdict::Major => {
                let reason = format!("the payload review needs a human (MAJOR): {found}");
                match self.approve(tool, &reason, args, secrets) {
                    Decision::Approved { .. } => Ok(()),
                    Decision::Denied { why, .. } => Err(tool_error(ErrorKind::ApprovalDenied, why)),
                }
            }
            Verdict::Rework | Verdict::Rejected => Err(tool_error(
                ErrorKind::Blocked,
                format!(
                    "the payload review refused it ({}): {found}; a session that \
                     has read untrusted data may not send this to a public sink",
                    review::pipeline::verdict_word(verdict)
                ),
            )),
        }
    }

    fn approve(&self, tool: &str, reason: &str, args: &str, secrets: &Secrets) -> Decision {
        // Whole: the prompt escapes it and shows it, or names the file
        // that holds it (approvals::shown_request).
        self.approvals.ask_and_log(
            self.session.id(),
            tool,
            reason,
            secrets.redact(args),
            &self.cancel,
            &self.audit,
        )
    }
}

/// The gate for sending `payload` to a sink of `trust` from a session of
/// `taint`, and how the audit line names it: the trust x taint matrix,
/// then credential-shaped data in the payload (looked for in what it
/// decodes to, not only as sent) needs a human when it would leave
/// through a public sink. Tool calls and the proxy decide with it.
pub(crate) fn gate_payload(
    trust: &gate::Trust,
    taint: gate::Taint,
    payload: Option<&str>,
) -> (Gate, String) {
    let mut gate = gate::decide(trust, taint);
    let findings = match payload {
        Some(payload) if trust.public_sink && !matches!(gate, Gate::Blocked(_)) => {
            policy::secrets::scan_payload(payload)
        }
        _ => Vec::new(),
    };
    if !findings.is_empty() {
        gate = Gate::Approval("credential-shaped data in an outbound payload");
    }
    let found: Vec<String> = findings
        .iter()
        .map(|f| format!("{} in {}", f.kind, f.found_in))
        .collect();
    let label = match &gate {
        Gate::Blocked(why) => format!("blocked: {why}"),
        Gate::Approval(why) if !found.is_empty() => {
            format!("approval: {why} ({})", found.join(", "))
        }
        Gate::Approval(why) => format!("approval: {why}"),
        Gate::Review(why) => format!("review (credential scan clean): {why}"),
        Gate::Allowed => "allowed".to_string(),
    };
    (gate, label)
}

fn refused(message: String) -> ServerMessage {
    ServerMessage::Refused {
        error: ToolError {
            kind: ErrorKind::Protocol,
            message,
        },
    }
}
