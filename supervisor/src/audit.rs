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
}

#[derive(Serialize)]
struct Line<'a> {
    seq: u64,
    time: u64,
    prev: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    session: Option<&'a str>,
    event: &'a Event,
}

/// What the chain check reads of a line (the rest is skipped unparsed).
#[derive(Deserialize)]
struct Link<'a> {
    seq: u64,
    #[serde(borrow)]
    prev: &'a str,
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
}

#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    #[error(transparent)]
    State(#[from] StateError),
    #[error(
        "the audit log {path} is broken at line {line}: {reason}. Nothing runs until an \
         operator looks: inspect it (`jail audit show`), then move it aside \
         (`mv {path} {path}.broken`) to start a new chain"
    )]
    Broken {
        path: PathBuf,
        line: u64,
        reason: String,
    },
}

pub struct AuditLog {
    path: PathBuf,
    head: PathBuf,
    /// Kept open between appends, with the last line we wrote: appending
    /// is then a lock, a stat, two writes and an unlock.
    open: Mutex<Option<OpenLog>>,
}

struct OpenLog {
    log: File,
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
            head: options(false).open(head)?,
            end: u64::MAX,
            seq: 0,
            hash: GENESIS.to_string(),
        })
    }
}

/// `audit.head`: the last line's number and hash.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
struct Head {
    seq: u64,
    hash: String,
    /// The log file as it was right after that line: while it still is,
    /// nothing has touched it since (no user can set a file's ctime), and
    /// a run need not read it again.
    #[serde(default)]
    stamp: Option<Stamp>,
}

#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
struct Stamp {
    len: u64,
    ino: u64,
    ctime: i64,
    ctime_nsec: i64,
}

impl Stamp {
    fn of(file: &File) -> std::io::Result<Stamp> {
        use std::os::unix::fs::MetadataExt;
        let m = file.metadata()?;
        Ok(Stamp {
            len: m.len(),
            ino: m.ino(),
            ctime: m.ctime(),
            ctime_nsec: m.ctime_nsec(),
        })
    }
}

fn write_head(file: &File, head: &Head) -> std::io::Result<()> {
    let mut record = serde_json::to_vec(head).map_err(std::io::Error::other)?;
    record.resize(HEAD_SIZE, b' ');
    file.write_all_at(&record, 0)
}

impl AuditLog {
    pub fn new(state: &StateDir) -> AuditLog {
        AuditLog {
            path: state.audit_log(),
            head: state.audit_head(),
            open: Mutex::new(None),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends one event; concurrent supervisors serialize on a lock.
    pub fn append(&self, session: Option<&str>, event: &Event) -> Result<(), AuditError> {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        let files = match open.take() {
            Some(files) => files,
            None => OpenLog::open(&self.path, &self.head).map_err(StateError::io(&self.path))?,
        };
        let (files, result) = self.append_locked(files, session, event);
        *open = files;
        result
    }

    /// One append under the exclusive lock; hands the files back for the
    /// next call (or None after an error, so the next call reopens).
    fn append_locked(
        &self,
        files: OpenLog,
        session: Option<&str>,
        event: &Event,
    ) -> (Option<OpenLog>, Result<(), AuditError>) {
        let io = |err: std::io::Error| AuditError::from(StateError::io(&self.path)(err));
        let OpenLog {
            log,
            head,
            mut end,
            mut seq,
            mut hash,
        } = files;
        let mut log = match Flock::lock(log, FlockArg::LockExclusive) {
            Ok(locked) => locked,
            Err((_, errno)) => return (None, Err(io(errno.into()))),
        };
        let written = (|| {
            // Another supervisor appended since our last line: read its tail.
            let len = log.metadata().map_err(io)?.len();
            if len != end {
                (seq, hash) = match last_line(&mut log).map_err(io)? {
                    None => (0, GENESIS.to_string()),
                    Some(line) => {
                        let entry: Entry =
                            serde_json::from_slice(&line).map_err(|err| AuditError::Broken {
                                path: self.path.clone(),
                                line: 0,
                                reason: format!("its last line does not parse ({err})"),
                            })?;
                        (entry.seq, digest(&line))
                    }
                };
            }
            let mut text = serde_json::to_vec(&Line {
                seq: seq + 1,
                time: crate::state::now(),
                prev: &hash,
                session,
                event,
            })
            .map_err(|err| io(std::io::Error::other(err)))?;
            text.push(b'\n');
            // One write with O_APPEND: a killed supervisor leaves a whole
            // line or none.
            log.write_all(&text).map_err(io)?;
            seq += 1;
            hash = digest(&text[..text.len() - 1]);
            end = len + text.len() as u64;
            // The head is one fixed-size record rewritten in place by a
            // single pwrite: readers take the shared lock, and a killed
            // writer leaves the old record or the new one.
            let stamp = Stamp::of(&log).map_err(io)?;
            write_head(
                &head,
                &Head {
                    seq,
                    hash: hash.clone(),
                    stamp: Some(stamp),
                },
            )
            .map_err(io)?;
            // Approvals are fsynced: a human's answer must not be lost.
            // Other lines ride on the next fsync (or the kernel's flush).
            if matches!(event, Event::Approval { .. }) {
                log.sync_data().map_err(io)?;
                head.sync_data().map_err(io)?;
            }
            Ok(())
        })();
        let log = match log.unlock() {
            Ok(log) => log,
            Err((_, errno)) => return (None, Err(io(errno.into()))),
        };
        let files = written.is_ok().then_some(OpenLog {
            log,
            head,
            end,
            seq,
            hash,
        });
        (files, written)
    }

    /// Walks the chain; the number of lines, or the first broken one.
    ///
    /// Without `full` (every `jail exec`), a log whose length, inode and
    /// ctime are still what the last writer recorded in the head is not
    /// read again: it cannot have changed since it was last checked or
    /// appended to. `jail audit verify` always walks it all.
    pub fn verify(&self, full: bool) -> Result<u64, AuditError> {
        let file = match File::open(&self.path) {
            Ok(file) => file,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(0),
            Err(err) => return Err(StateError::io(&self.path)(err).into()),
        };
        // Shared: an append (line, then head) is never seen half done.
        let mut file = Flock::lock(file, FlockArg::LockShared)
            .map_err(|(_, errno)| StateError::io(&self.path)(errno.into()))?;
        let head: Option<Head> = match std::fs::read(&self.head) {
            Ok(bytes) => serde_json::from_slice(&bytes).ok(),
            Err(_) => None,
        };
        let stamp = Stamp::of(&file).map_err(StateError::io(&self.path))?;
        if let Some(head) = head.as_ref().filter(|h| !full && h.stamp == Some(stamp)) {
            return Ok(head.seq);
        }
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)
            .map_err(StateError::io(&self.path))?;
        let broken = |line: u64, reason: String| AuditError::Broken {
            path: self.path.clone(),
            line,
            reason,
        };
        if !bytes.is_empty() && !bytes.ends_with(b"\n") {
            let line = bytes.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
            return Err(broken(line, "the last line is incomplete".into()));
        }
        let mut expected = GENESIS.to_string();
        let mut before_last = GENESIS.to_string();
        let mut count = 0;
        for raw in bytes.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            count += 1;
            let entry: Link = serde_json::from_slice(raw)
                .map_err(|err| broken(count, format!("not a log entry ({err})")))?;
            if entry.seq != count {
                return Err(broken(
                    count,
                    format!("sequence number {} where {count} belongs", entry.seq),
                ));
            }
            if entry.prev != expected {
                return Err(broken(
                    count,
                    "its hash of the previous line does not match: a line before it \
                     was changed or removed"
                        .into(),
                ));
            }
            before_last = std::mem::replace(&mut expected, blake3::hash(raw).to_hex().to_string());
        }
        // The last line has no successor to vouch for it; the head does.
        if count > 0 {
            match head {
                Some(head) if head.seq == count && head.hash == expected => {}
                // A supervisor killed between writing its line and the
                // head: the line is linked, and the next append repairs it.
                Some(head) if head.seq + 1 == count && head.hash == before_last => {}
                Some(head) if head.seq != count => {
                    return Err(broken(
                        count,
                        format!("the log ends at line {count} but {} were written", head.seq),
                    ))
                }
                Some(_) => return Err(broken(count, "the last line was changed".into())),
                None => {
                    return Err(broken(
                        count,
                        format!("{} is missing or unreadable", self.head.display()),
                    ))
                }
            }
            // Checked: stamp it, so the next run need not read it again.
            // Concurrent checkers write the same record.
            if let Ok(head_file) = std::fs::OpenOptions::new().write(true).open(&self.head) {
                let _ = write_head(
                    &head_file,
                    &Head {
                        seq: count,
                        hash: expected,
                        stamp: Some(stamp),
                    },
                );
            }
        }
        Ok(count)
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
                serde_json::from_str(line).map_err(|err| AuditError::Broken {
                    path: self.path.clone(),
                    line: i as u64 + 1,
                    reason: err.to_string(),
                })
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
        assert_eq!(log.verify(true).unwrap(), 5);
        let original = std::fs::read(log.path()).unwrap();
        // Every single-byte change is caught, wherever it is.
        for at in (0..original.len()).step_by(7) {
            let mut bytes = original.clone();
            bytes[at] = if bytes[at] == b'x' { b'y' } else { b'x' };
            std::fs::write(log.path(), &bytes).unwrap();
            assert!(log.verify(true).is_err(), "change at byte {at} not caught");
        }
    }

    #[test]
    fn the_quick_check_still_catches_any_change() {
        let (_dir, log) = log();
        for n in 0..4 {
            log.append(None, &call(n)).unwrap();
        }
        assert_eq!(log.verify(false).unwrap(), 4); // by the stamp
        log.append(None, &call(9)).unwrap();
        assert_eq!(log.verify(false).unwrap(), 5);
        let original = std::fs::read(log.path()).unwrap();
        for at in (0..original.len()).step_by(11) {
            let mut bytes = original.clone();
            bytes[at] = if bytes[at] == b'x' { b'y' } else { b'x' };
            std::fs::write(log.path(), &bytes).unwrap();
            assert!(log.verify(false).is_err(), "change at byte {at} not caught");
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
        match log.verify(true) {
            Err(AuditError::Broken { line, .. }) => assert_eq!(line, 2),
            other => panic!("not caught: {other:?}"),
        }
    }

    #[test]
    fn a_head_one_line_behind_is_an_interrupted_append_and_is_repaired() {
        let (dir, log) = log();
        log.append(None, &call(1)).unwrap();
        let head = std::fs::read(dir.path().join("audit.head")).unwrap();
        log.append(None, &call(2)).unwrap();
        // As if killed after the line, before the head.
        std::fs::write(dir.path().join("audit.head"), &head).unwrap();
        assert_eq!(log.verify(true).unwrap(), 2);
        log.append(None, &call(3)).unwrap();
        assert_eq!(log.verify(true).unwrap(), 3);
        // Two behind is not an interruption.
        std::fs::write(dir.path().join("audit.head"), &head).unwrap();
        assert!(log.verify(true).is_err());
    }

    #[test]
    fn appends_continue_the_chain_across_opens() {
        let (dir, log) = log();
        log.append(None, &call(1)).unwrap();
        let again = AuditLog::new(&StateDir::resolve(Some(dir.path())).unwrap());
        again.append(None, &Event::Exit { status: 0 }).unwrap();
        assert_eq!(again.verify(true).unwrap(), 2);
        assert_eq!(again.entries().unwrap()[1].seq, 2);
    }
}
