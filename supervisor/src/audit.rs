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
    Egress {
        host: String,
        status: u16,
        bytes: u64,
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
    /// Segments deleted on purpose (`jail audit drop-segments`): up to
    /// this one.
    pub dropped_upto: Option<u64>,
}

pub struct AuditLog {
    path: PathBuf,
    head: PathBuf,
    seal: PathBuf,
    sessions: PathBuf,
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

/// The part of a session record the check reads.
#[derive(Deserialize)]
struct Ended {
    id: String,
    #[serde(default)]
    log: Option<LogPoint>,
}

/// Where the walk through sealed lines stands.
struct SealWalk {
    from: u64,
    start: u64,
    interval: u64,
    epoch: u64,
    /// After an epoch's close: the epoch it named next.
    closed_to: Option<u64>,
    /// With a verification key: the key of epoch `.0`.
    key: Option<(u64, Key)>,
}

impl AuditLog {
    pub fn new(state: &StateDir) -> AuditLog {
        AuditLog {
            path: state.audit_log(),
            head: state.audit_head(),
            seal: state.audit_seal(),
            sessions: state.sessions(),
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

    /// Segment `want` is gone: `found` comes where it belongs.
    fn missing_segment(&self, want: u64, found: u64) -> AuditError {
        let what = if want == 1 {
            "its first segment"
        } else {
            "a segment"
        };
        self.missing(
            format!("missing {what} ({})", self.segment(want).display()),
            format!("segment {found} follows where segment {want} belongs"),
        )
    }

    fn missing(&self, what: String, evidence: String) -> AuditError {
        AuditError::Missing {
            path: self.path.clone(),
            what,
            evidence,
            aside: self.aside(),
        }
    }

    /// Where each finished session says the log stood when it ended.
    fn session_ends(&self) -> Vec<(String, LogPoint)> {
        let Ok(entries) = std::fs::read_dir(&self.sessions) else {
            return Vec::new();
        };
        entries
            .flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
            .filter_map(|e| crate::state::read_json::<Ended>(&e.path()).ok())
            .filter_map(|ended| Some((ended.id, ended.log?)))
            .collect()
    }

    /// Checks everything that vouches for the log, across every segment:
    /// the chain of hashes from the first line of `audit.log.1` to the
    /// last of `audit.log` (each segment's first line links to the one
    /// before, so a missing or changed segment shows), the head (its last
    /// line), every finished session's record (where the log stood when it
    /// ended: a deleted or truncated log shows), and the seals' structure.
    /// With the verification key, every seal too.
    pub fn verify(&self, key: Option<&Key>) -> Result<Verified, AuditError> {
        self.check(key, true)
    }

    /// What every run checks before it starts: [`verify`](Self::verify)
    /// of the current segment only. Its lines, its head, the session
    /// records that point into it and the seals' structure, as `verify`
    /// checks them; of the segments before, only the link: the segment
    /// its first line names exists and ends in the line it names. The
    /// older segments are read by `jail audit verify` alone.
    pub fn verify_current(&self) -> Result<Verified, AuditError> {
        self.check(None, false)
    }

    fn check(&self, key: Option<&Key>, all: bool) -> Result<Verified, AuditError> {
        // Session records first: one saved after this read points at a
        // line the log read below already holds (the log only grows).
        let ends = self.session_ends();
        // Opened (created if need be) to take the shared lock: an append
        // (line, then head) is never seen half done, nor a rotation.
        let file = std::fs::OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(&self.path)
            .or_else(|_| File::open(&self.path));
        let (bytes, _lock) = match file {
            Ok(file) => {
                let mut file = Flock::lock(file, FlockArg::LockShared)
                    .map_err(|(_, errno)| StateError::io(&self.path)(errno.into()))?;
                let mut bytes = Vec::new();
                file.read_to_end(&mut bytes)
                    .map_err(StateError::io(&self.path))?;
                (bytes, Some(file))
            }
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => (Vec::new(), None),
            Err(err) => return Err(StateError::io(&self.path)(err).into()),
        };
        let head: Option<HeadRecord> = std::fs::read(&self.head)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok());
        let sealer = Sealer::load(&self.seal)?;

        // What is walked: every segment then the log, or the log alone
        // from the line its link names.
        let mut files: Vec<(u64, Vec<u8>)> = Vec::new();
        // The segment before the first file walked (0: none).
        let mut before_first = 0;
        let mut base = 0;
        let mut expected = GENESIS.to_string();
        let mut walk: Option<SealWalk> = None;
        let link = first_link(&bytes);
        // Every segment, read once (none for a run's check).
        let mut segments: Vec<(u64, Vec<u8>)> = Vec::new();
        for n in if all { self.segments()? } else { Vec::new() } {
            let path = self.segment(n);
            segments.push((n, std::fs::read(&path).map_err(StateError::io(&path))?));
        }
        // Segments deleted on purpose: the chain starts after them.
        let dropped = latest_drop(
            segments
                .iter()
                .map(|(_, b)| b.as_slice())
                .chain([bytes.as_slice()]),
        );
        let resume = |base: u64, first: &[u8]| {
            let epoch = first_epoch(first)?;
            let sealer = sealer.as_ref()?;
            Some(SealWalk {
                from: base + 1,
                start: sealer.start,
                interval: sealer.interval.max(1),
                epoch,
                closed_to: None,
                key: key.map(|k| (0, k.clone())),
            })
        };
        if all {
            let upto = dropped.as_ref().map_or(0, |d| d.0);
            if let Some((_, lines, head)) = &dropped {
                base = *lines;
                expected = head.clone();
            }
            for (n, segment) in segments.into_iter().filter(|(n, _)| *n > upto) {
                let want = upto + files.len() as u64 + 1;
                if n != want {
                    return Err(self.missing_segment(want, n));
                }
                files.push((n, segment));
            }
            // A rotation that crashed after the copy: the log is still
            // the last segment's twin; the next append finishes it.
            if files.last().is_none_or(|(_, last)| *last != bytes) {
                files.push((0, bytes));
            }
            if base > 0 {
                walk = files.first().and_then(|(_, first)| resume(base, first));
            }
            before_first = upto;
        } else {
            let linked_dropped = |segment: u64| dropped.as_ref().is_some_and(|d| d.0 >= segment);
            if let Some((segment, lines, hash, _)) = link.as_ref().filter(|l| !linked_dropped(l.0))
            {
                let path = self.segment(*segment);
                let last = File::open(&path)
                    .and_then(|mut f| last_line(&mut f))
                    .map_err(|err| {
                        self.broken(
                            lines + 1,
                            format!(
                                "it links to segment {} ({err}): a segment was removed",
                                path.display()
                            ),
                        )
                    })?;
                let ends_right = last.as_deref().is_some_and(|line| {
                    digest(line) == *hash
                        && serde_json::from_slice::<Link>(line).is_ok_and(|l| l.seq == *lines)
                });
                if !ends_right {
                    return Err(self.broken(
                        lines + 1,
                        format!(
                            "it links to line {lines} of segment {}, which ends otherwise: \
                             the segment was changed or replaced",
                            path.display()
                        ),
                    ));
                }
            }
            if let Some((_, lines, hash, _)) = &link {
                base = *lines;
                expected = hash.clone();
                walk = resume(base, &bytes);
            }
            files.push((0, bytes));
        }

        let mut hashes: Vec<blake3::Hash> = Vec::new();
        let now = crate::state::now();
        for (j, (_, bytes)) in files.iter().enumerate() {
            if !bytes.is_empty() && !bytes.ends_with(b"\n") {
                let line = base
                    + hashes.len() as u64
                    + bytes.iter().filter(|&&b| b == b'\n').count() as u64
                    + 1;
                return Err(self.broken(line, "the last line is incomplete".into()));
            }
            let lines = bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty());
            for (i, raw) in lines.enumerate() {
                let count = base + hashes.len() as u64 + 1;
                let broken = |reason: String| self.broken(count, reason);
                let entry: Link = serde_json::from_slice(raw)
                    .map_err(|err| broken(format!("not a log entry ({err})")))?;
                // A segment's first line names the segment before it.
                if all && entry.event.kind == "rotated" {
                    let before = match j.checked_sub(1) {
                        Some(k) => files[k].0,
                        None => before_first,
                    };
                    match entry.event.segment {
                        _ if i != 0 => {
                            return Err(broken("a segment's link inside a segment".into()))
                        }
                        Some(n) if n == before => {}
                        Some(n) => {
                            return Err(broken(format!(
                                "it links to segment {}, but segment {before} comes before \
                                 it: a segment was removed",
                                self.segment(n).display()
                            )))
                        }
                        None => return Err(broken("a malformed segment link".into())),
                    }
                }
                if entry.seq != count {
                    return Err(broken(format!(
                        "sequence number {} where {count} belongs",
                        entry.seq
                    )));
                }
                if entry.prev != expected {
                    return Err(broken(
                        "its hash of the previous line does not match: a line before it \
                         was changed or removed"
                            .into(),
                    ));
                }
                if entry.event.kind == "sealing_started" {
                    if walk.is_some() {
                        return Err(broken("sealing starts a second time".into()));
                    }
                    walk = Some(SealWalk {
                        from: count,
                        start: entry.event.start.unwrap_or(0),
                        interval: entry.event.interval.unwrap_or(0).max(1),
                        epoch: 0,
                        closed_to: None,
                        key: key.map(|k| (0, k.clone())),
                    });
                }
                if let Some(walk) = walk.as_mut() {
                    walk.step(raw, &entry, now).map_err(broken)?;
                }
                let hash = blake3::hash(raw);
                expected = hash.to_hex().to_string();
                hashes.push(hash);
            }
        }
        let count = base + hashes.len() as u64;

        // The last line has no successor to vouch for it; the head does.
        let head_path = self.head.display();
        // A line announced and written, whose head update was cut short,
        // is the head's.
        let announced = |next: &Option<LogPoint>| {
            next.as_ref()
                .is_some_and(|next| next.seq == count && next.hash == expected)
        };
        let head = match head {
            Some(HeadRecord { next, .. }) if count > 0 && announced(&next) => {
                None.or(Some(LogPoint {
                    seq: count,
                    hash: expected.clone(),
                }))
            }
            other => other.map(|head| head.at),
        };
        match head {
            Some(head) if head.seq == count && (count == 0 || head.hash == expected) => {}
            Some(head) if count == 0 => {
                return Err(self.missing(
                    "empty or missing".into(),
                    format!(
                        "its head ({head_path}) says {} lines were written",
                        head.seq
                    ),
                ))
            }
            Some(head) if head.seq != count => {
                return Err(self.broken(
                    count,
                    format!(
                        "the log ends at line {count} but its head ({head_path}) says {} \
                         were written: lines were removed from its end, or added by \
                         someone else",
                        head.seq
                    ),
                ))
            }
            Some(_) => return Err(self.broken(count, "the last line was changed".into())),
            None if count > 0 => {
                return Err(self.broken(
                    count,
                    format!("its head ({head_path}) is missing or unreadable"),
                ))
            }
            None => {}
        }

        // Each finished session recorded where the log stood at its end.
        for (id, end) in &ends {
            // Before the segment checked (a run's check): `jail audit
            // verify` reads it.
            if end.seq <= base {
                continue;
            }
            let Some(hash) = usize::try_from(end.seq - base)
                .ok()
                .and_then(|seq| seq.checked_sub(1))
                .and_then(|at| hashes.get(at))
            else {
                let evidence = format!("session {id} ended at line {}", end.seq);
                if count == 0 {
                    return Err(self.missing("empty or missing".into(), evidence));
                }
                return Err(self.broken(
                    count,
                    format!("the log ends here, but {evidence}: lines were removed"),
                ));
            };
            if hash.to_hex().as_str() != end.hash {
                return Err(self.broken(
                    end.seq,
                    format!(
                        "session {id} ended at this line, and it is another line now: \
                         lines before it were removed, inserted or rewritten"
                    ),
                ));
            }
        }

        self.check_seal_end(walk.as_ref(), sealer.as_ref(), key, count)?;
        Ok(Verified {
            lines: count,
            sealed_from: walk.map(|w| w.from),
            sessions: ends.len(),
            dropped_upto: dropped.map(|d| d.0),
        })
    }

    /// After the walk: the key in the state dir must sit where the sealed
    /// lines end (or one close later), and be the verification key's.
    fn check_seal_end(
        &self,
        walk: Option<&SealWalk>,
        sealer: Option<&Sealer>,
        key: Option<&Key>,
        count: u64,
    ) -> Result<(), AuditError> {
        let seal_path = self.seal.display();
        let (walk, sealer) = match (walk, sealer) {
            (None, None) if key.is_none() => return Ok(()),
            (None, _) if key.is_some() => {
                return Err(self.missing(
                    "without sealed lines".into(),
                    "a verification key was given: sealing was set up for this log and the \
                     sealed lines are gone (or this is not the log the key belongs to)"
                        .into(),
                ))
            }
            (None, _) => {
                return Err(self.missing(
                    "without sealed lines".into(),
                    format!("a sealing key ({seal_path}) exists"),
                ))
            }
            (Some(walk), None) => {
                return Err(self.broken(
                    count,
                    format!(
                        "sealing started at line {} but its key ({seal_path}) is gone",
                        walk.from
                    ),
                ))
            }
            (Some(walk), Some(sealer)) => (walk, sealer),
        };
        if (sealer.start, sealer.interval) != (walk.start, walk.interval) {
            return Err(self.broken(
                count,
                format!("the sealing key ({seal_path}) counts epochs unlike the log"),
            ));
        }
        if sealer.epoch != walk.epoch && walk.closed_to != Some(sealer.epoch) {
            return Err(self.broken(
                count,
                format!(
                    "the last sealed line is of epoch {} and does not close it, but the key \
                     has moved on to epoch {}: lines were removed from the log's end",
                    walk.epoch, sealer.epoch
                ),
            ));
        }
        if let Some((at, known)) = &walk.key {
            if sealer.epoch < *at || known.ahead(sealer.epoch - at) != sealer.key {
                return Err(self.broken(
                    count,
                    format!(
                        "the sealing key ({seal_path}) is not the one the verification key \
                         derives for epoch {}: it was replaced",
                        sealer.epoch
                    ),
                ));
            }
        }
        Ok(())
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

impl SealWalk {
    /// One line after sealing started: sealed, in the right epoch, and
    /// (with the key) sealed by that epoch's key.
    fn step(&mut self, raw: &[u8], link: &Link, now: u64) -> Result<(), String> {
        let (Some(epoch), Some(_)) = (link.epoch, link.seal) else {
            return Err(format!(
                "it is not sealed, though every line from line {} on is: it was inserted \
                 or rewritten",
                self.from
            ));
        };
        let first = link.event.kind == "sealing_started";
        let expected = if first {
            0
        } else {
            self.closed_to.unwrap_or(self.epoch)
        };
        if epoch != expected {
            return Err(match self.closed_to {
                Some(next) => format!(
                    "it is of epoch {epoch}, but the close of epoch {} before it named epoch \
                     {next}: lines were removed or inserted",
                    self.epoch
                ),
                None => format!(
                    "it is of epoch {epoch} and follows a line of epoch {} that does not \
                     close it: lines were removed or inserted",
                    self.epoch
                ),
            });
        }
        if epoch > now.saturating_sub(self.start) / self.interval + 1 {
            return Err(format!(
                "it is sealed in epoch {epoch}, which has not begun"
            ));
        }
        self.epoch = epoch;
        self.closed_to = match (link.event.kind, link.event.epoch, link.event.next) {
            ("epoch_closed", Some(closed), Some(next)) if closed == epoch && next > epoch => {
                Some(next)
            }
            ("epoch_closed", ..) => return Err("a malformed close of an epoch".into()),
            _ => None,
        };
        if let Some((at, key)) = self.key.as_mut() {
            if epoch > *at {
                *key = key.ahead(epoch - *at);
                *at = epoch;
            }
            let Some((body, seal)) = seal::split_seal(raw) else {
                return Err("its seal is not the line's last field".into());
            };
            if key.seal(&body) != seal {
                return Err(format!(
                    "its seal does not match epoch {epoch}'s key: the line was changed, \
                     or the chain recomputed"
                ));
            }
        }
        Ok(())
    }
}

/// The link a log's first line makes to the segment before, if it is a
/// `rotated` line: the segment, its last line's number and hash, and the
/// epoch that sealed the link (when sealing is on).
fn first_link(bytes: &[u8]) -> Option<(u64, u64, String, Option<u64>)> {
    let first = bytes.split(|&b| b == b'\n').next()?;
    let link: Link = serde_json::from_slice(first).ok()?;
    match link.event {
        LinkEvent {
            kind: "rotated",
            segment: Some(segment),
            lines: Some(lines),
            ..
        } => Some((segment, lines, link.prev.to_string(), link.epoch)),
        _ => None,
    }
}

/// The epoch of a log's first line, if it is sealed.
fn first_epoch(bytes: &[u8]) -> Option<u64> {
    let first = bytes.split(|&b| b == b'\n').next()?;
    serde_json::from_slice::<Link>(first).ok()?.epoch
}

/// The newest `segments_dropped` line in `files` (oldest first): the last
/// segment dropped, and its last line's number and hash.
fn latest_drop<'a>(files: impl Iterator<Item = &'a [u8]>) -> Option<(u64, u64, String)> {
    const NEEDLE: &[u8] = b"\"type\":\"segments_dropped\"";
    let mut latest = None;
    for bytes in files {
        for line in bytes.split(|&b| b == b'\n') {
            if !line.windows(NEEDLE.len()).any(|w| w == NEEDLE) {
                continue;
            }
            if let Ok(Link {
                event:
                    LinkEvent {
                        kind: "segments_dropped",
                        upto: Some(upto),
                        lines: Some(lines),
                        head: Some(head),
                        ..
                    },
                ..
            }) = serde_json::from_slice::<Link>(line)
            {
                latest = Some((upto, lines, head.to_string()));
            }
        }
    }
    latest
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
mod tests {
    use super::*;

    fn log() -> (tempfile::TempDir, AuditLog) {
        let dir = tempfile::tempdir().unwrap();
        let state = StateDir::resolve(Some(dir.path())).unwrap();
        (dir, AuditLog::new(&state))
    }

    fn call(n: u64) -> Event {
        Event::Call {
            tool: "echo".into(),
            args_digest: digest(&n.to_le_bytes()),
            gate: "allowed".into(),
            outcome: "ok".into(),
        }
    }

    #[test]
    fn a_chain_verifies_and_any_changed_byte_breaks_it() {
        let (_dir, log) = log();
        for n in 0..5 {
            log.append(Some("s1"), &call(n)).unwrap();
        }
        assert_eq!(log.verify(None).unwrap().lines, 5);
        let original = std::fs::read(log.path()).unwrap();
        // Every single-byte change is caught, wherever it is.
        for at in (0..original.len()).step_by(7) {
            let mut bytes = original.clone();
            bytes[at] = if bytes[at] == b'x' { b'y' } else { b'x' };
            std::fs::write(log.path(), &bytes).unwrap();
            assert!(log.verify(None).is_err(), "change at byte {at} not caught");
        }
    }

    #[test]
    fn removing_a_line_is_caught_at_the_next_one() {
        let (_dir, log) = log();
        for n in 0..3 {
            log.append(None, &call(n)).unwrap();
        }
        let text = std::fs::read_to_string(log.path()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        std::fs::write(log.path(), format!("{}\n{}\n", lines[0], lines[2])).unwrap();
        match log.verify(None) {
            Err(AuditError::Broken { line, .. }) => assert_eq!(line, 2),
            other => panic!("not caught: {other:?}"),
        }
    }

    #[test]
    fn a_line_the_head_does_not_know_is_not_taken_for_an_interrupted_append() {
        let (dir, log) = log();
        log.append(None, &call(1)).unwrap();
        let head = std::fs::read(dir.path().join("audit.head")).unwrap();
        log.append(None, &call(2)).unwrap();
        // A line the head never announced is not an interrupted append.
        std::fs::write(dir.path().join("audit.head"), &head).unwrap();
        assert!(matches!(
            log.verify(None),
            Err(AuditError::Broken { line: 2, .. })
        ));
    }

    /// A supervisor SIGKILLed between its line and the head's update (seen
    /// under load in the SIGKILL test) leaves the line announced: the log
    /// still verifies, and the next append goes on from it.
    #[test]
    fn an_append_cut_between_its_line_and_the_head_still_verifies() {
        let (dir, log) = log();
        log.append(None, &call(1)).unwrap();
        log.append(None, &call(2)).unwrap();
        let text = std::fs::read_to_string(log.path()).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let record = |at: LogPoint, next: Option<LogPoint>| {
            let mut bytes = serde_json::to_vec(&HeadRecord { at, next }).unwrap();
            bytes.resize(HEAD_SIZE, b' ');
            bytes
        };
        let point = |seq: usize| LogPoint {
            seq: seq as u64,
            hash: digest(lines[seq - 1].as_bytes()),
        };
        // The head as it was between the two writes of the second append.
        std::fs::write(
            dir.path().join("audit.head"),
            record(point(1), Some(point(2))),
        )
        .unwrap();
        log.verify(None).unwrap();
        // Announced but never written: the log ends where the head does.
        std::fs::write(log.path(), format!("{}\n", lines[0])).unwrap();
        log.verify(None).unwrap();
        // An announcement that is not the line there is no excuse.
        std::fs::write(log.path(), &text).unwrap();
        let wrong = LogPoint {
            seq: 2,
            hash: digest(b"something else"),
        };
        std::fs::write(dir.path().join("audit.head"), record(point(1), Some(wrong))).unwrap();
        assert!(matches!(
            log.verify(None),
            Err(AuditError::Broken { line: 2, .. })
        ));
    }

    #[test]
    fn an_empty_or_missing_log_with_a_head_or_finished_sessions_is_missing() {
        let (dir, log) = log();
        log.append(None, &call(1)).unwrap();
        std::fs::write(log.path(), b"").unwrap();
        assert!(matches!(log.verify(None), Err(AuditError::Missing { .. })));
        std::fs::remove_file(dir.path().join("audit.head")).unwrap();
        assert_eq!(log.verify(None).unwrap().lines, 0, "nothing vouches for it");
        // A new supervisor (this one still holds the deleted head open).
        let log = AuditLog::new(&StateDir::resolve(Some(dir.path())).unwrap());
        let end = log.append(Some("s1"), &Event::Exit { status: 0 }).unwrap();
        let record = serde_json::json!({"id": "s1", "log": end});
        std::fs::write(dir.path().join("sessions/s1.json"), record.to_string()).unwrap();
        assert_eq!(log.verify(None).unwrap().sessions, 1);
        std::fs::remove_file(log.path()).unwrap();
        std::fs::remove_file(dir.path().join("audit.head")).unwrap();
        let err = log.verify(None).unwrap_err();
        assert!(
            err.to_string().contains("session s1 ended at line 1"),
            "{err}"
        );
    }

    #[test]
    fn sealed_lines_verify_with_the_key_and_a_resealed_rewrite_does_not() {
        let (dir, log) = log();
        log.append(None, &call(0)).unwrap();
        let key = log.setup_keys(60).unwrap();
        for n in 1..4 {
            log.append(Some("s1"), &call(n)).unwrap();
        }
        assert_eq!(log.verify(Some(&key)).unwrap().sealed_from, Some(2));
        let other = Key::from_hex(&"11".repeat(32)).unwrap();
        assert!(log.verify(Some(&other)).is_err(), "another key");
        // Still epoch 0: the key in the state dir is the seed.
        let held = Sealer::load(&dir.path().join("audit.seal"))
            .unwrap()
            .unwrap();
        assert_eq!(held.key, key);
        // A seal stripped from a sealed line is caught without the key.
        let text = std::fs::read_to_string(log.path()).unwrap();
        let last = text.lines().last().unwrap();
        let (body, _) = seal::split_seal(last.as_bytes()).unwrap();
        let stripped = text.replace(last, std::str::from_utf8(&body).unwrap());
        std::fs::write(log.path(), stripped).unwrap();
        assert!(log.verify(None).is_err());
    }

    /// `setup-keys` reads the clock, then appends its first line: a clock
    /// that passes into epoch 1 in between once closed epoch 0 before it
    /// was opened, and every later run refused the log.
    #[test]
    fn the_first_sealed_line_is_of_epoch_zero_whatever_the_clock_says() {
        let (dir, log) = log();
        let seed = Key::from_hex(&"22".repeat(32)).unwrap();
        // As if the clock had moved three intervals since setup read it.
        let start = crate::state::now() - 3;
        Sealer::setup(&dir.path().join("audit.seal"), seed.clone(), start, 1).unwrap();
        log.append(None, &Event::SealingStarted { start, interval: 1 })
            .unwrap();
        log.append(None, &call(1)).unwrap();
        let text = std::fs::read_to_string(log.path()).unwrap();
        assert!(
            text.lines().next().unwrap().contains("sealing_started"),
            "{text}"
        );
        log.verify(None).unwrap();
        log.verify(Some(&seed)).unwrap();
    }

    /// What every start pays: `cargo test -p supervisor --bin jail
    /// verify_speed -- --ignored --nocapture` (JAIL_AUDIT_BENCH_KEEP=DIR
    /// leaves the state dir there, to time `jail audit verify` on it).
    #[test]
    #[ignore = "a measurement, not a check"]
    fn verify_speed_on_ten_thousand_lines() {
        let (dir, log) = log();
        for n in 0..5_000u64 {
            let id = format!("{n:032x}");
            log.append(Some(&id), &call(n)).unwrap();
            let end = log.append(Some(&id), &Event::Exit { status: 0 }).unwrap();
            let record = serde_json::json!({"id": id, "log": end});
            let path = dir.path().join(format!("sessions/{id}.json"));
            std::fs::write(path, record.to_string()).unwrap();
        }
        let runs = 5;
        let start = std::time::Instant::now();
        for _ in 0..runs {
            let found = log.verify(None).unwrap();
            assert_eq!((found.lines, found.sessions), (10_000, 5_000));
        }
        eprintln!(
            "verify: 10,000 lines, 5,000 session records: {:?} per run",
            start.elapsed() / runs
        );
        if let Some(keep) = std::env::var_os("JAIL_AUDIT_BENCH_KEEP") {
            let _ = std::fs::rename(dir.keep(), keep);
        }
    }

    #[test]
    fn appends_continue_the_chain_across_opens() {
        let (dir, log) = log();
        log.append(None, &call(1)).unwrap();
        let again = AuditLog::new(&StateDir::resolve(Some(dir.path())).unwrap());
        again.append(None, &Event::Exit { status: 0 }).unwrap();
        assert_eq!(again.verify(None).unwrap().lines, 2);
        assert_eq!(again.entries().unwrap()[1].seq, 2);
    }
}
