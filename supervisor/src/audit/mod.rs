//! The audit log: append-only JSON lines in the state dir, each carrying
//! its sequence number and the blake3 hash of the line before it, so that
//! changing, removing or reordering any line breaks the chain from there
//! on. Secrets never reach it: callers log digests of arguments and
//! redacted text only.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use nix::fcntl::{Flock, FlockArg};

use serde::{Deserialize, Serialize};

use crate::state::{StateDir, StateError};

mod seal;
mod verify;

use seal::Sealer;
pub use seal::{Key, DEFAULT_INTERVAL_SECS};

/// The size at which the log moves to a segment by default (64 MiB).
pub const DEFAULT_SEGMENT_BYTES: u64 = 64 << 20;

/// The `prev` of the first line.
const GENESIS: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// What happened. Tagged by `type` in the log.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    SessionCreated {
        profile: String,
        command: Vec<String>,
        expires: u64,
    },
    /// `jail exec|run --session ID`: run number `run` of a session made
    /// by `jail session new` starts, with the session's taint so far.
    SessionContinued {
        run: u64,
        command: Vec<String>,
        reviewed: bool,
        taint: policy::gate::Taint,
    },
    /// `jail session end`: no run continues the session.
    SessionEnded {
        runs: u64,
        calls: u64,
        taint: policy::gate::Taint,
    },
    Verdict {
        verdict: String,
        detail: String,
    },
    Call {
        tool: String,
        /// blake3 of the arguments: what was asked, without what it said.
        args_digest: String,
        gate: String,
        outcome: String,
    },
    /// A tainted session's payload to a public sink, reviewed before it
    /// leaves (review::payload): the verdict, the scan's rules with where
    /// they were found, and each reviewer's answer. Never the payload.
    PayloadReview {
        tool: String,
        args_digest: String,
        verdict: String,
        flags: Vec<String>,
        reviewers: Vec<String>,
    },
    Egress {
        host: String,
        status: u16,
        bytes: u64,
    },
    /// One request or tunnel through the in-jail proxy (docs/network.md),
    /// refused ones too: bytes counted from the jail's side.
    Proxy {
        method: String,
        host: String,
        port: u16,
        /// `allowed`, or `refused: WHY`.
        decision: String,
        /// Bytes from the jail to the host (request head and body, or what
        /// went into the tunnel).
        bytes_up: u64,
        /// Bytes from the host back to the jail.
        bytes_down: u64,
    },
    /// One call through the LLM gateway (docs/network.md): never the
    /// prompt or the answer, only their blake3.
    Llm {
        provider: String,
        /// As the request named it (or the response, when it did not).
        model: String,
        /// The provider's status; the gateway's own for a refusal; 0 when
        /// no response came.
        status: u16,
        input_tokens: u64,
        output_tokens: u64,
        request_blake3: String,
        /// Of the response body as it came (without chunk framing).
        response_blake3: String,
        /// `allowed`, `allowed, then failed: WHY` or `refused (STATUS): WHY`.
        decision: String,
        bytes_up: u64,
        bytes_down: u64,
    },
    Approval {
        request: String,
        tool: String,
        decision: String,
        by: String,
    },
    /// Something the payload sent was refused before it was acted on
    /// (e.g. a bad fd attached to `Connect`).
    Refused {
        what: String,
        reason: String,
    },
    Exit {
        status: i32,
    },
    /// `jail audit setup-keys`: every line from here on is sealed.
    SealingStarted {
        start: u64,
        interval: u64,
    },
    /// The last line of a sealed epoch; the next line is of epoch `next`.
    EpochClosed {
        epoch: u64,
        next: u64,
    },
    /// `jail state prune`: session records and pending approvals older
    /// than `before` were removed (the newest finished record is kept).
    Pruned {
        before: u64,
        sessions: u64,
        pending: u64,
    },
    /// A run found more session records than `state.keep_records` and
    /// removed the oldest `sessions` of those whose session is over,
    /// keeping `kept` (and the newest finished record).
    RecordsPruned {
        kept: u64,
        sessions: u64,
    },
    /// The first line of a segment: the lines before it were moved to
    /// `audit.log.SEGMENT`, whose last line is number `lines` with blake3
    /// `head` (this line's `prev`).
    Rotated {
        segment: u64,
        lines: u64,
        head: String,
    },
    /// `jail audit drop-segments`: segments up to `upto` are deleted on
    /// purpose; the chain goes on from their last line, number `lines`
    /// with blake3 `head`.
    SegmentsDropped {
        upto: u64,
        lines: u64,
        head: String,
    },
    /// An answer to a pending approval that does not name the request's
    /// session and digest: ignored.
    ForgedAnswer {
        request: String,
        reason: String,
    },
    /// `jail exec --gate`: the command line's class, the matrix's answer
    /// (`allowed`, `review`, `approval`) and what came of it; the blake3
    /// of the command (its words, each followed by a NUL), never its text.
    Gated {
        class: String,
        gate: String,
        outcome: String,
        command_digest: String,
    },
}

#[derive(Serialize)]
struct Line<'a> {
    seq: u64,
    time: u64,
    prev: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    session: Option<&'a str>,
    event: &'a Event,
    /// Sealed lines: the epoch whose key sealed it (the seal follows).
    #[serde(skip_serializing_if = "Option::is_none")]
    epoch: Option<u64>,
}

/// What the check reads of a line (the rest is skipped unparsed).
#[derive(Deserialize)]
struct Link<'a> {
    seq: u64,
    #[serde(borrow)]
    prev: &'a str,
    #[serde(default)]
    epoch: Option<u64>,
    #[serde(default, borrow)]
    seal: Option<&'a str>,
    #[serde(borrow)]
    event: LinkEvent<'a>,
}

#[derive(Deserialize)]
struct LinkEvent<'a> {
    #[serde(rename = "type", borrow)]
    kind: &'a str,
    #[serde(default)]
    epoch: Option<u64>,
    #[serde(default)]
    next: Option<u64>,
    #[serde(default)]
    start: Option<u64>,
    #[serde(default)]
    interval: Option<u64>,
    #[serde(default)]
    segment: Option<u64>,
    #[serde(default)]
    lines: Option<u64>,
    #[serde(default)]
    upto: Option<u64>,
    #[serde(default, borrow)]
    head: Option<&'a str>,
}

/// A parsed line, for `jail audit show`.
#[derive(Debug, Deserialize, Serialize)]
pub struct Entry {
    pub seq: u64,
    pub time: u64,
    pub prev: String,
    #[serde(default)]
    pub session: Option<String>,
    pub event: serde_json::Value,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub epoch: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seal: Option<String>,
}

/// A point in the log: a line's number and the blake3 of its bytes. The
/// head holds the last one; each finished session's record holds the one
/// its exit line made, where deleting the log does not take it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogPoint {
    pub seq: u64,
    pub hash: String,
}

/// `audit.head`: the last line, and while an append is under way the line
/// it is writing. A supervisor killed between its line and the head's
/// update leaves the log one line on, which `next` names: that line was
/// announced before it was written, where an appended forgery was not
/// (whoever can write the head can forge either way; sealing and the
/// session records are what stop them).
#[derive(Debug, Serialize, Deserialize)]
struct HeadRecord {
    #[serde(flatten)]
    at: LogPoint,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    next: Option<LogPoint>,
}

#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    #[error(transparent)]
    State(#[from] StateError),
    #[error(transparent)]
    Seal(#[from] seal::SealError),
    #[error(
        "the audit log {path} is broken at line {line}: {reason}. Nothing runs until an \
         operator looks: inspect it (`jail audit show`), then move it aside with all that \
         vouches for it (`{aside}`) to start a new chain"
    )]
    Broken {
        path: PathBuf,
        line: u64,
        reason: String,
        aside: String,
    },
    #[error(
        "the audit log {path} is {what}, but {evidence}: it was deleted or truncated. \
         Nothing runs until an operator looks: restore it from a backup, or move aside all \
         that vouches for it (`{aside}`) to start a new chain"
    )]
    Missing {
        path: PathBuf,
        what: String,
        evidence: String,
        aside: String,
    },
    #[error("not a verification key: give the 64 hex digits `jail audit setup-keys` printed")]
    BadKey,
}

/// What `verify` found.
#[derive(Debug)]
pub struct Verified {
    pub lines: u64,
    /// The line where sealing started, if it did.
    pub sealed_from: Option<u64>,
    /// Finished sessions whose end was found in the log.
    pub sessions: usize,
    /// Session records in the state dir (read or not); about this many
    /// when a run's check takes the count from the records' index
    /// (`RecordIndex::records`).
    pub records: usize,
    /// Segments deleted on purpose (`jail audit drop-segments`): up to
    /// this one.
    pub dropped_upto: Option<u64>,
}

pub struct AuditLog {
    path: PathBuf,
    head: PathBuf,
    seal: PathBuf,
    sessions: PathBuf,
    /// The records in the order they were saved (`record_index`).
    index: PathBuf,
    /// How far runs' checks have walked (verify.rs `Checkpoint`).
    verified: PathBuf,
    /// A log this long (bytes) is moved to the next segment at the next
    /// append.
    rotate_at: u64,
    /// Kept open between appends, with the last line we wrote: appending
    /// is then a lock, a stat, two writes and an unlock.
    open: Mutex<Option<OpenLog>>,
}

struct OpenLog {
    log: File,
    tail: Tail,
}

/// Where the log ends, as far as our appends know.
struct Tail {
    head: File,
    /// The log's length after our last append (u64::MAX: not known).
    end: u64,
    seq: u64,
    hash: String,
}

/// `audit.head` is one record padded to this size.
const HEAD_SIZE: usize = 256;

impl OpenLog {
    fn open(path: &Path, head: &Path) -> std::io::Result<OpenLog> {
        use std::os::unix::fs::OpenOptionsExt;
        let options = |append: bool| {
            let mut o = std::fs::OpenOptions::new();
            o.read(true).create(true).mode(0o600);
            if append {
                o.append(true);
            } else {
                o.write(true);
            }
            o
        };
        Ok(OpenLog {
            log: options(true).open(path)?,
            tail: Tail {
                head: options(false).open(head)?,
                end: u64::MAX,
                seq: 0,
                hash: GENESIS.to_string(),
            },
        })
    }
}

impl Tail {
    /// Appends `text` (one line, no newline) and points the head at it.
    fn push(&mut self, log: &mut File, text: &[u8]) -> std::io::Result<()> {
        let mut line = Vec::with_capacity(text.len() + 1);
        line.extend_from_slice(text);
        line.push(b'\n');
        let next = LogPoint {
            seq: self.seq + 1,
            hash: digest(text),
        };
        // The head is one fixed-size record rewritten in place by a single
        // pwrite: readers take the shared lock, and a killed writer leaves
        // the old record or the new one. It announces the line first, so a
        // supervisor killed between the two writes leaves a log that still
        // verifies.
        let at = LogPoint {
            seq: self.seq,
            hash: self.hash.clone(),
        };
        write_head(
            &self.head,
            &HeadRecord {
                at,
                next: Some(next.clone()),
            },
        )?;
        // One write with O_APPEND: a killed supervisor leaves a whole line
        // or none.
        log.write_all(&line)?;
        self.end = self.end.saturating_add(line.len() as u64);
        (self.seq, self.hash) = (next.seq, next.hash.clone());
        write_head(
            &self.head,
            &HeadRecord {
                at: next,
                next: None,
            },
        )
    }
}

fn write_head(file: &File, head: &HeadRecord) -> std::io::Result<()> {
    let mut record = serde_json::to_vec(head).map_err(std::io::Error::other)?;
    record.resize(HEAD_SIZE, b' ');
    file.write_all_at(&record, 0)
}

/// A line's bytes, sealed with the sealer's key when there is one.
fn render(
    seq: u64,
    time: u64,
    prev: &str,
    session: Option<&str>,
    event: &Event,
    sealer: Option<&Sealer>,
) -> std::io::Result<Vec<u8>> {
    let bytes = serde_json::to_vec(&Line {
        seq,
        time,
        prev,
        session,
        event,
        epoch: sealer.map(|s| s.epoch),
    })
    .map_err(std::io::Error::other)?;
    Ok(match sealer {
        Some(sealer) => seal::add_seal(&bytes, &sealer.key.seal(&bytes)),
        None => bytes,
    })
}

/// The epoch `line` closes and the one it names next, if it is a close.
fn closing(line: &[u8]) -> Option<(u64, u64)> {
    let link: Link = serde_json::from_slice(line).ok()?;
    match link.event {
        LinkEvent {
            kind: "epoch_closed",
            epoch: Some(epoch),
            next: Some(next),
            ..
        } => Some((epoch, next)),
        _ => None,
    }
}

impl AuditLog {
    pub fn new(state: &StateDir) -> AuditLog {
        AuditLog {
            path: state.audit_log(),
            head: state.audit_head(),
            seal: state.audit_seal(),
            sessions: state.sessions(),
            index: state.sessions_index(),
            verified: state.audit_verified(),
            rotate_at: DEFAULT_SEGMENT_BYTES,
            open: Mutex::new(None),
        }
    }

    /// Rotates once the log reaches `bytes` (0: never by size).
    pub fn rotate_at(mut self, bytes: u64) -> AuditLog {
        self.rotate_at = bytes;
        self
    }

    /// `audit.log.N`: the lines segment N holds, moved out of the log.
    fn segment(&self, n: u64) -> PathBuf {
        let mut name = self.path.clone().into_os_string();
        name.push(format!(".{n}"));
        PathBuf::from(name)
    }

    /// The numbers of the segments in the state dir, in order.
    fn segments(&self) -> Result<Vec<u64>, AuditError> {
        let dir = self.path.parent().unwrap_or(Path::new("."));
        let prefix = format!(
            "{}.",
            self.path.file_name().unwrap_or_default().to_string_lossy()
        );
        let mut found: Vec<u64> = std::fs::read_dir(dir)
            .map_err(StateError::io(dir))?
            .flatten()
            .filter_map(|e| {
                let name = e.file_name().into_string().ok()?;
                name.strip_prefix(&prefix)?.parse().ok()
            })
            .collect();
        found.sort_unstable();
        Ok(found)
    }

    /// `jail audit drop-segments`: deletes all but the newest `keep`
    /// segments, after a `segments_dropped` line in the log records where
    /// the chain goes on. Returns how many were deleted.
    pub fn drop_segments(&self, keep: usize) -> Result<usize, AuditError> {
        let numbers = self.segments()?;
        let Some(count) = numbers.len().checked_sub(keep).filter(|c| *c > 0) else {
            return Ok(0);
        };
        let upto = numbers[count - 1];
        let path = self.segment(upto);
        let last = File::open(&path)
            .and_then(|mut f| last_line(&mut f))
            .map_err(StateError::io(&path))?
            .ok_or_else(|| self.broken(0, format!("segment {} is empty", path.display())))?;
        let seq = serde_json::from_slice::<Link>(&last)
            .map_err(|err| self.broken(0, format!("segment {}: {err}", path.display())))?
            .seq;
        self.append(
            None,
            &Event::SegmentsDropped {
                upto,
                lines: seq,
                head: digest(&last),
            },
        )?;
        for n in &numbers[..count] {
            let path = self.segment(*n);
            std::fs::remove_file(&path).map_err(StateError::io(&path))?;
        }
        Ok(count)
    }

    /// `jail audit rotate`: moves the log to the next segment now.
    pub fn rotate(&self) -> Result<LogPoint, AuditError> {
        self.append_with(None, None, true)
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one event; concurrent supervisors serialize on a lock.
    /// Returns the new line's place in the log.
    pub fn append(&self, session: Option<&str>, event: &Event) -> Result<LogPoint, AuditError> {
        self.append_with(session, Some(event), false)
    }

    fn append_with(
        &self,
        session: Option<&str>,
        event: Option<&Event>,
        rotate: bool,
    ) -> Result<LogPoint, AuditError> {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        let files = match open.take() {
            Some(files) => files,
            None => OpenLog::open(&self.path, &self.head).map_err(StateError::io(&self.path))?,
        };
        let (files, result) = self.append_locked(files, session, event, rotate);
        *open = files;
        result
    }

    /// One append under the exclusive lock; hands the files back for the
    /// next call (or None after an error, so the next call reopens).
    fn append_locked(
        &self,
        files: OpenLog,
        session: Option<&str>,
        event: Option<&Event>,
        rotate: bool,
    ) -> (Option<OpenLog>, Result<LogPoint, AuditError>) {
        let io = |err: std::io::Error| AuditError::from(StateError::io(&self.path)(err));
        let OpenLog { log, mut tail } = files;
        let mut log = match Flock::lock(log, FlockArg::LockExclusive) {
            Ok(locked) => locked,
            Err((_, errno)) => return (None, Err(io(errno.into()))),
        };
        let written = (|| {
            // Another supervisor appended since our last line: read its tail.
            let len = log.metadata().map_err(io)?.len();
            if len != tail.end {
                (tail.seq, tail.hash) = match last_line(&mut log).map_err(io)? {
                    None => (0, GENESIS.to_string()),
                    Some(line) => {
                        let entry: Entry = serde_json::from_slice(&line).map_err(|err| {
                            self.broken(0, format!("its last line does not parse ({err})"))
                        })?;
                        (entry.seq, digest(&line))
                    }
                };
                tail.end = len;
            }
            let time = crate::state::now();
            let mut sealer = Sealer::load(&self.seal)?;
            if let Some(sealer) = sealer.as_mut() {
                let now = sealer.epoch_at(time);
                // The first sealed line is always of epoch 0, even when the
                // clock passed into epoch 1 since `setup-keys` read it.
                let first = matches!(event, Some(Event::SealingStarted { .. }));
                if now > sealer.epoch && !first {
                    // The old epoch is closed under its own key, durably,
                    // before that key is erased; a crash after the close
                    // left it closed, naming the epoch to move to.
                    let next = match last_line(&mut log)
                        .map_err(io)?
                        .as_deref()
                        .and_then(closing)
                    {
                        Some((epoch, next)) if epoch == sealer.epoch => next,
                        _ => {
                            let close = Event::EpochClosed {
                                epoch: sealer.epoch,
                                next: now,
                            };
                            let text =
                                render(tail.seq + 1, time, &tail.hash, None, &close, Some(sealer))
                                    .map_err(io)?;
                            tail.push(&mut log, &text).map_err(io)?;
                            log.sync_data().map_err(io)?;
                            tail.head.sync_data().map_err(io)?;
                            now
                        }
                    };
                    sealer.evolve_to(next)?;
                }
            }
            if rotate || (self.rotate_at > 0 && tail.end >= self.rotate_at) {
                self.rotate_locked(&mut log, &mut tail, time, sealer.as_ref())?;
            }
            let Some(event) = event else {
                return Ok(LogPoint {
                    seq: tail.seq,
                    hash: tail.hash.clone(),
                });
            };
            let text = render(
                tail.seq + 1,
                time,
                &tail.hash,
                session,
                event,
                sealer.as_ref(),
            )
            .map_err(io)?;
            tail.push(&mut log, &text).map_err(io)?;
            // Approvals are fsynced: a human's answer must not be lost.
            // Other lines ride on the next fsync (or the kernel's flush).
            if matches!(event, Event::Approval { .. }) {
                log.sync_data().map_err(io)?;
                tail.head.sync_data().map_err(io)?;
            }
            Ok(LogPoint {
                seq: tail.seq,
                hash: tail.hash.clone(),
            })
        })();
        let log = match log.unlock() {
            Ok(log) => log,
            Err((_, errno)) => return (None, Err(io(errno.into()))),
        };
        let files = written.is_ok().then_some(OpenLog { log, tail });
        (files, written)
    }

    /// Under the exclusive lock: copies the log to the next segment
    /// (durably, by rename), then empties it and writes the `rotated` line
    /// that links to the segment's last line. The log keeps its inode, so
    /// other supervisors' open files and locks stay valid. A crash after
    /// the copy leaves the segment equal to the log: the next rotation (or
    /// `verify`) sees that and does not copy again.
    fn rotate_locked(
        &self,
        log: &mut File,
        tail: &mut Tail,
        time: u64,
        sealer: Option<&Sealer>,
    ) -> Result<(), AuditError> {
        let io = |err: std::io::Error| AuditError::from(StateError::io(&self.path)(err));
        if tail.seq == 0 {
            return Ok(());
        }
        let mut bytes = Vec::new();
        log.seek(SeekFrom::Start(0)).map_err(io)?;
        log.read_to_end(&mut bytes).map_err(io)?;
        let last = self.segments()?.last().copied().unwrap_or(0);
        let done = last > 0 && std::fs::read(self.segment(last)).is_ok_and(|s| s == bytes);
        let n = if done { last } else { last + 1 };
        if !done {
            crate::state::write_atomic(&self.segment(n), &bytes, true)?;
        }
        log.set_len(0).map_err(io)?;
        tail.end = 0;
        let link = Event::Rotated {
            segment: n,
            lines: tail.seq,
            head: tail.hash.clone(),
        };
        let text = render(tail.seq + 1, time, &tail.hash, None, &link, sealer).map_err(io)?;
        tail.push(log, &text).map_err(io)?;
        log.sync_data().map_err(io)?;
        tail.head.sync_data().map_err(io)?;
        Ok(())
    }

    /// `jail audit setup-keys`: a new seed key, kept in the state dir as
    /// the key of epoch 0, and the first sealed line. Returns the seed: the
    /// verification key, which only the operator keeps from here on.
    pub fn setup_keys(&self, interval: u64) -> Result<Key, AuditError> {
        let seed = Key::from_hex(&crate::state::random_hex(32)?).ok_or(AuditError::BadKey)?;
        let start = crate::state::now();
        let sealer = Sealer::setup(&self.seal, seed.clone(), start, interval)?;
        self.append(
            None,
            &Event::SealingStarted {
                start,
                interval: sealer.interval,
            },
        )?;
        Ok(seed)
    }

    /// How to move the log aside with all that vouches for it.
    fn aside(&self) -> String {
        let dir = self.path.parent().unwrap_or(Path::new(".")).display();
        let stamp = crate::state::now();
        format!(
            "mkdir {dir}/broken-{stamp} && mv {dir}/audit.* {dir}/sessions {dir}/broken-{stamp}/"
        )
    }

    fn broken(&self, line: u64, reason: String) -> AuditError {
        AuditError::Broken {
            path: self.path.clone(),
            line,
            reason,
            aside: self.aside(),
        }
    }

    fn missing(&self, what: String, evidence: String) -> AuditError {
        AuditError::Missing {
            path: self.path.clone(),
            what,
            evidence,
            aside: self.aside(),
        }
    }

    /// Every entry, oldest first.
    pub fn entries(&self) -> Result<Vec<Entry>, AuditError> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(text) => text,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(err) => return Err(StateError::io(&self.path)(err).into()),
        };
        text.lines()
            .enumerate()
            .map(|(i, line)| {
                serde_json::from_str(line).map_err(|err| self.broken(i as u64 + 1, err.to_string()))
            })
            .collect()
    }
}

/// The last line of `file` without its newline, reading backwards from
/// the end so appending stays cheap however long the log grows.
fn last_line(file: &mut File) -> std::io::Result<Option<Vec<u8>>> {
    let len = file.seek(SeekFrom::End(0))?;
    if len == 0 {
        return Ok(None);
    }
    let mut chunk = 4096u64;
    loop {
        let start = len.saturating_sub(chunk);
        file.seek(SeekFrom::Start(start))?;
        let mut tail = Vec::new();
        Read::by_ref(file)
            .take(len - start)
            .read_to_end(&mut tail)?;
        let body = tail.strip_suffix(b"\n").unwrap_or(&tail);
        if let Some(newline) = body.iter().rposition(|&b| b == b'\n') {
            return Ok(Some(body[newline + 1..].to_vec()));
        }
        if start == 0 {
            return Ok(Some(body.to_vec()));
        }
        chunk *= 4;
    }
}

/// blake3 of `bytes`, hex.
pub fn digest(bytes: &[u8]) -> String {
    blake3::hash(bytes).to_hex().to_string()
}

#[cfg(test)]
mod tests;
