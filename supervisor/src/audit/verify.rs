//! Checking the audit log (`jail audit verify`, and before every run):
//! the chain of hashes across segments, the head, the session records
//! that point into it, and the seals. `check` reads top to bottom: read,
//! choose what to walk, follow the chain, then check what vouches for its
//! end.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};

use nix::fcntl::{Flock, FlockArg};
use serde::{Deserialize, Serialize};

use super::seal::{self, Sealer};
use super::{
    digest, last_line, AuditError, AuditLog, HeadRecord, Key, Link, LinkEvent, LogPoint, Verified,
    GENESIS,
};
use crate::record_index::{Mark, RecordIndex};
use crate::state::StateError;

/// The lines to walk, and where the chain stands before the first.
struct Walk {
    /// Each file's segment number (0: the log itself) and its bytes.
    files: Vec<(u64, Vec<u8>)>,
    /// The segment before the first file walked (0: none).
    before_first: u64,
    /// The lines before the first walked.
    base: u64,
    /// The hash the first walked line must name.
    expected: String,
    /// Sealing, when it started before the first walked line.
    seal: Option<SealWalk>,
}

/// What following the chain found.
struct Chain {
    /// The lines before the first walked.
    base: u64,
    /// The last line's number.
    count: u64,
    /// Each walked line's hash.
    hashes: Vec<blake3::Hash>,
    /// The last line's hash (hex), or the hash before the walk if empty.
    last: String,
    seal: Option<SealWalk>,
}

/// Picks up sealing where a walk starts after sealing began: after a
/// segment link or a drop.
struct Resume<'a> {
    sealer: Option<&'a Sealer>,
    key: Option<&'a Key>,
}

impl Resume<'_> {
    fn resume(&self, base: u64, first: &[u8]) -> Option<SealWalk> {
        let epoch = first_epoch(first)?;
        let sealer = self.sealer?;
        Some(SealWalk {
            from: base + 1,
            start: sealer.start,
            interval: sealer.interval.max(1),
            epoch,
            closed_to: None,
            key: self.key.map(|k| (0, k.clone())),
        })
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
#[derive(Clone)]
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

/// How far a run's check has walked the current segment, so that the
/// next run walks only what was appended since (docs/decisions/0014).
/// Written after a check that walked [`CHECKPOINT_EVERY`] bytes past the
/// last one; trusted only while the segment still holds, at `offset`, the
/// line it names.
#[derive(Serialize, Deserialize)]
struct Checkpoint {
    /// Bytes of the current segment walked: up to the end of a line.
    offset: u64,
    /// Lines up to there, and the last one's hash.
    seq: u64,
    hash: String,
    /// The segment's first line's hash: a rotated or replaced log is
    /// walked whole.
    first: String,
    /// The newest `segments_dropped` line in the walked bytes.
    dropped: Option<(u64, u64, String)>,
    /// Sealing after the last walked line.
    seal: Option<SealState>,
    /// When the check that wrote it began (nanoseconds since the epoch):
    /// session records saved before then were read by it.
    began_ns: u64,
    /// How far the records' index was read when it began: the records
    /// named after that point are the ones saved since.
    #[serde(default)]
    records: Option<Mark>,
}

/// [`SealWalk`] without a key (a run's check has none).
#[derive(Serialize, Deserialize)]
struct SealState {
    from: u64,
    start: u64,
    interval: u64,
    epoch: u64,
    closed_to: Option<u64>,
}

impl From<&SealWalk> for SealState {
    fn from(walk: &SealWalk) -> SealState {
        SealState {
            from: walk.from,
            start: walk.start,
            interval: walk.interval,
            epoch: walk.epoch,
            closed_to: walk.closed_to,
        }
    }
}

impl From<&SealState> for SealWalk {
    fn from(state: &SealState) -> SealWalk {
        SealWalk {
            from: state.from,
            start: state.start,
            interval: state.interval.max(1),
            epoch: state.epoch,
            closed_to: state.closed_to,
            key: None,
        }
    }
}

/// A run's check writes a new checkpoint once it has walked this many
/// bytes past the last: the walk stays short, and the write is rare.
const CHECKPOINT_EVERY: u64 = 16 << 10;
/// Records saved this close before a checkpoint's check began are read
/// again: a file's time comes from the kernel's coarse clock, up to a tick
/// behind the one the check read.
const CHECKPOINT_SLACK: std::time::Duration = std::time::Duration::from_millis(50);

/// The current segment as a run's check reads it: whole, or, after a
/// checkpoint that still holds, its first line and what follows the
/// checkpoint.
struct Current {
    /// The bytes to walk.
    bytes: Vec<u8>,
    /// The segment's first line (with its newline).
    first: Vec<u8>,
    /// The checkpoint the bytes follow.
    after: Option<Checkpoint>,
    /// The segment's length.
    len: u64,
    /// A checkpoint was offered and did not hold: the session records
    /// were read for it, and must be read again.
    looked_past: bool,
}

/// Which session records a check reads.
enum Select<'a> {
    /// Every one (`jail audit verify`; a run with no checkpoint).
    All,
    /// Those saved since a checkpoint's check began, by file time: when
    /// the records' index cannot say which.
    SavedSince(std::time::Duration),
    /// Those the records' index names after a checkpoint's mark, and about
    /// how many records there are.
    Named(Vec<&'a str>, usize),
}

impl AuditLog {
    /// Where each finished session says the log stood when it ended, of
    /// the records `select` picks. Also how many records there are (read
    /// or not).
    fn session_ends(&self, select: Select) -> (Vec<(String, LogPoint)>, usize) {
        let read = |path: &std::path::Path| {
            crate::state::read_json::<Ended>(path)
                .ok()
                .and_then(|ended| Some((ended.id, ended.log?)))
        };
        let since = match select {
            Select::Named(ids, records) => {
                let ends = ids
                    .iter()
                    .filter_map(|id| read(&self.sessions.join(format!("{id}.json"))))
                    .collect();
                return (ends, records);
            }
            Select::All => None,
            Select::SavedSince(since) => Some(since),
        };
        let Ok(entries) = std::fs::read_dir(&self.sessions) else {
            return (Vec::new(), 0);
        };
        let saved_since = |entry: &std::fs::DirEntry| {
            since.is_none_or(|since| {
                entry
                    .metadata()
                    .ok()
                    .and_then(|m| m.modified().ok())
                    .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                    .is_none_or(|t| t + CHECKPOINT_SLACK >= since)
            })
        };
        let mut records = 0;
        let ends = entries
            .flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
            .inspect(|_| records += 1)
            .filter(saved_since)
            .filter_map(|e| read(&e.path()))
            .collect();
        (ends, records)
    }

    fn load_checkpoint(&self) -> Option<Checkpoint> {
        crate::state::read_json(&self.verified).ok()
    }

    /// After a run's check that walked to `len`: a new checkpoint, when
    /// it walked far enough past the last one. Not durable: a lost one
    /// only means a longer walk.
    fn save_checkpoint(
        &self,
        current: &Current,
        chain: &Chain,
        dropped: Option<&(u64, u64, String)>,
        began: std::time::Duration,
        records: Option<Mark>,
    ) {
        let from = current.after.as_ref().map_or(0, |c| c.offset);
        if current.len.saturating_sub(from) < CHECKPOINT_EVERY || chain.count == 0 {
            return;
        }
        let checkpoint = Checkpoint {
            offset: current.len,
            seq: chain.count,
            hash: chain.last.clone(),
            first: digest(current.first.strip_suffix(b"\n").unwrap_or(&current.first)),
            dropped: dropped.cloned(),
            seal: chain.seal.as_ref().map(SealState::from),
            began_ns: u64::try_from(began.as_nanos()).unwrap_or(u64::MAX),
            records,
        };
        if let Ok(bytes) = serde_json::to_vec(&checkpoint) {
            let _ = crate::state::write_atomic(&self.verified, &bytes, false);
        }
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
        if !all {
            return self.check_current();
        }
        // Session records first: one saved after this read points at a
        // line the log read below already holds (the log only grows).
        let (ends, records) = self.session_ends(Select::All);
        let (bytes, _lock) = self.read_locked()?;
        let head: Option<HeadRecord> = std::fs::read(&self.head)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok());
        let sealer = Sealer::load(&self.seal)?;
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
        let sealing = Resume {
            sealer: sealer.as_ref(),
            key,
        };
        let walk = if all {
            self.walk_every_segment(segments, bytes, dropped.as_ref(), &sealing)?
        } else {
            self.walk_current_segment(bytes, dropped.as_ref(), &sealing)?
        };
        let chain = self.follow_chain(walk, all, key)?;
        self.check_head(head, &chain)?;
        self.check_session_ends(&ends, &chain)?;
        self.check_seal_end(chain.seal.as_ref(), sealer.as_ref(), key, chain.count)?;
        Ok(Verified {
            lines: chain.count,
            sealed_from: chain.seal.map(|w| w.from),
            sessions: ends.len(),
            records,
            dropped_upto: dropped.map(|d| d.0),
        })
    }

    /// A run's check: the current segment from the last checkpoint that
    /// still holds (or whole), the head, the session records saved since
    /// that checkpoint's check (or all), the seals' structure; then a new
    /// checkpoint when the walk was long.
    fn check_current(&self) -> Result<Verified, AuditError> {
        let began = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap_or_default();
        // Session records first, as in `check`; read again with the log
        // when the checkpoint turns out not to hold. The index before
        // them: a record it names was saved before it was read.
        let index = RecordIndex::read(&self.index);
        let mut checkpoint = self.load_checkpoint();
        let ((ends, records), current, _lock) = loop {
            let select = match checkpoint.as_ref() {
                None => Select::All,
                Some(c) => match (c.records.as_ref(), index.as_ref()) {
                    (Some(mark), Some(index)) => index
                        .since(mark)
                        .map(|ids| Select::Named(ids, index.records())),
                    _ => None,
                }
                .unwrap_or(Select::SavedSince(std::time::Duration::from_nanos(
                    c.began_ns,
                ))),
            };
            let ends = self.session_ends(select);
            let (current, lock) = self.read_current(checkpoint.take())?;
            if current.after.is_some() || !current.looked_past {
                break (ends, current, lock);
            }
        };
        let head: Option<HeadRecord> = std::fs::read(&self.head)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok());
        let sealer = Sealer::load(&self.seal)?;
        // The walk takes the bytes; the rest stays for the checkpoint.
        let mut current = current;
        let bytes = std::mem::take(&mut current.bytes);
        let (first, after) = (&current.first, &current.after);
        // A drop after the checkpoint is newer than the one it saw.
        let dropped = latest_drop([bytes.as_slice()].into_iter())
            .or_else(|| after.as_ref().and_then(|c| c.dropped.clone()));
        let sealing = Resume {
            sealer: sealer.as_ref(),
            key: None,
        };
        let walk = match after {
            None => self.walk_current_segment(bytes, dropped.as_ref(), &sealing)?,
            Some(checkpoint) => {
                self.check_first_link(first, dropped.as_ref())?;
                Walk {
                    files: vec![(0, bytes)],
                    before_first: 0,
                    base: checkpoint.seq,
                    expected: checkpoint.hash.clone(),
                    seal: checkpoint.seal.as_ref().map(SealWalk::from),
                }
            }
        };
        let chain = self.follow_chain(walk, false, None)?;
        self.check_head(head, &chain)?;
        self.check_session_ends(&ends, &chain)?;
        self.check_seal_end(chain.seal.as_ref(), sealer.as_ref(), None, chain.count)?;
        let mark = index.as_ref().map(RecordIndex::mark);
        self.save_checkpoint(&current, &chain, dropped.as_ref(), began, mark);
        Ok(Verified {
            lines: chain.count,
            sealed_from: chain.seal.map(|w| w.from),
            sessions: ends.len(),
            records,
            dropped_upto: dropped.map(|d| d.0),
        })
    }

    /// The current segment under the shared lock (see [`read_locked`]):
    /// after `checkpoint` when the segment still holds its first line and,
    /// at its offset, the line it names; whole otherwise.
    ///
    /// [`read_locked`]: Self::read_locked
    fn read_current(
        &self,
        checkpoint: Option<Checkpoint>,
    ) -> Result<(Current, Option<Flock<File>>), AuditError> {
        let looked_past = checkpoint.is_some();
        let Some(mut file) = self.lock_shared()? else {
            let current = Current {
                bytes: Vec::new(),
                first: Vec::new(),
                after: None,
                len: 0,
                looked_past,
            };
            return Ok((current, None));
        };
        if let Some(checkpoint) = checkpoint {
            if let Some(current) =
                after_checkpoint(&file, checkpoint).map_err(StateError::io(&self.path))?
            {
                return Ok((current, Some(file)));
            }
        }
        let mut bytes = Vec::new();
        file.seek(SeekFrom::Start(0))
            .and_then(|_| file.read_to_end(&mut bytes))
            .map_err(StateError::io(&self.path))?;
        let first = match bytes.iter().position(|&b| b == b'\n') {
            Some(end) => bytes[..=end].to_vec(),
            None => bytes.clone(),
        };
        let len = bytes.len() as u64;
        let current = Current {
            bytes,
            first,
            after: None,
            len,
            looked_past,
        };
        Ok((current, Some(file)))
    }

    /// The log opened (created if need be) and locked shared; None when it
    /// does not exist and cannot be created.
    fn lock_shared(&self) -> Result<Option<Flock<File>>, AuditError> {
        let file = std::fs::OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(&self.path)
            .or_else(|_| File::open(&self.path));
        match file {
            Ok(file) => Flock::lock(file, FlockArg::LockShared)
                .map(Some)
                .map_err(|(_, errno)| StateError::io(&self.path)(errno.into()).into()),
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(err) => Err(StateError::io(&self.path)(err).into()),
        }
    }

    /// The current segment's bytes, read under the shared lock (opened,
    /// created if need be, to take it): an append (line, then head) is
    /// never seen half done, nor a rotation. The lock is held while the
    /// returned file lives.
    fn read_locked(&self) -> Result<(Vec<u8>, Option<Flock<File>>), AuditError> {
        let Some(mut file) = self.lock_shared()? else {
            return Ok((Vec::new(), None));
        };
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)
            .map_err(StateError::io(&self.path))?;
        Ok((bytes, Some(file)))
    }

    /// `jail audit verify`: every segment after the last dropped one, in
    /// order with none missing, then the log.
    fn walk_every_segment(
        &self,
        segments: Vec<(u64, Vec<u8>)>,
        bytes: Vec<u8>,
        dropped: Option<&(u64, u64, String)>,
        sealing: &Resume<'_>,
    ) -> Result<Walk, AuditError> {
        let upto = dropped.map_or(0, |d| d.0);
        let (base, expected) = match dropped {
            Some((_, lines, head)) => (*lines, head.clone()),
            None => (0, GENESIS.to_string()),
        };
        let mut files: Vec<(u64, Vec<u8>)> = Vec::new();
        for (n, segment) in segments.into_iter().filter(|(n, _)| *n > upto) {
            let want = upto + files.len() as u64 + 1;
            if n != want {
                return Err(self.missing_segment(want, n));
            }
            files.push((n, segment));
        }
        // A rotation that crashed after the copy: the log is still the
        // last segment's twin; the next append finishes it.
        if files.last().is_none_or(|(_, last)| *last != bytes) {
            files.push((0, bytes));
        }
        let seal = if base > 0 {
            files
                .first()
                .and_then(|(_, first)| sealing.resume(base, first))
        } else {
            None
        };
        Ok(Walk {
            files,
            before_first: upto,
            base,
            expected,
            seal,
        })
    }

    /// A run's check: the log alone, from the line its link names; of the
    /// segment before, only that it exists and ends in that line.
    fn walk_current_segment(
        &self,
        bytes: Vec<u8>,
        dropped: Option<&(u64, u64, String)>,
        sealing: &Resume<'_>,
    ) -> Result<Walk, AuditError> {
        self.check_first_link(&bytes, dropped)?;
        let (base, expected, seal) = match &first_link(&bytes) {
            Some((_, lines, hash, _)) => (*lines, hash.clone(), sealing.resume(*lines, &bytes)),
            None => (0, GENESIS.to_string(), None),
        };
        Ok(Walk {
            files: vec![(0, bytes)],
            before_first: 0,
            base,
            expected,
            seal,
        })
    }

    /// What the segment's first line (the start of `bytes`) says of the
    /// segment before it holds, unless that segment was dropped.
    fn check_first_link(
        &self,
        bytes: &[u8],
        dropped: Option<&(u64, u64, String)>,
    ) -> Result<(), AuditError> {
        let linked_dropped = |segment: u64| dropped.is_some_and(|d| d.0 >= segment);
        match first_link(bytes).filter(|l| !linked_dropped(l.0)) {
            Some((segment, lines, hash, _)) => self.check_link_to_segment(segment, lines, &hash),
            None => Ok(()),
        }
    }

    /// Segment `segment` exists and ends in line `lines`, whose hash is
    /// `hash`: what the log's first line says of it.
    fn check_link_to_segment(
        &self,
        segment: u64,
        lines: u64,
        hash: &str,
    ) -> Result<(), AuditError> {
        let path = self.segment(segment);
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
            digest(line) == hash
                && serde_json::from_slice::<Link>(line).is_ok_and(|l| l.seq == lines)
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
        Ok(())
    }

    /// Every line walked: complete, numbered in turn, naming the hash of
    /// the line before, a segment's link where one begins, and sealed from
    /// where sealing started.
    fn follow_chain(&self, walk: Walk, all: bool, key: Option<&Key>) -> Result<Chain, AuditError> {
        let Walk {
            files,
            before_first,
            base,
            mut expected,
            mut seal,
        } = walk;
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
                    if seal.is_some() {
                        return Err(broken("sealing starts a second time".into()));
                    }
                    seal = Some(SealWalk {
                        from: count,
                        start: entry.event.start.unwrap_or(0),
                        interval: entry.event.interval.unwrap_or(0).max(1),
                        epoch: 0,
                        closed_to: None,
                        key: key.map(|k| (0, k.clone())),
                    });
                }
                if let Some(seal) = seal.as_mut() {
                    seal.step(raw, &entry, now).map_err(broken)?;
                }
                let hash = blake3::hash(raw);
                expected = hash.to_hex().to_string();
                hashes.push(hash);
            }
        }
        Ok(Chain {
            count: base + hashes.len() as u64,
            base,
            hashes,
            last: expected,
            seal,
        })
    }

    /// The last line has no successor to vouch for it; the head does.
    fn check_head(&self, head: Option<HeadRecord>, chain: &Chain) -> Result<(), AuditError> {
        let (count, expected) = (chain.count, &chain.last);
        let head_path = self.head.display();
        // A line announced and written, whose head update was cut short,
        // is the head's.
        let announced = |next: &Option<LogPoint>| {
            next.as_ref()
                .is_some_and(|next| next.seq == count && next.hash == *expected)
        };
        let head = match head {
            Some(HeadRecord { next, .. }) if count > 0 && announced(&next) => Some(LogPoint {
                seq: count,
                hash: expected.clone(),
            }),
            other => other.map(|head| head.at),
        };
        match head {
            Some(head) if head.seq == count && (count == 0 || head.hash == *expected) => Ok(()),
            Some(head) if count == 0 => Err(self.missing(
                "empty or missing".into(),
                format!(
                    "its head ({head_path}) says {} lines were written",
                    head.seq
                ),
            )),
            Some(head) if head.seq != count => Err(self.broken(
                count,
                format!(
                    "the log ends at line {count} but its head ({head_path}) says {} \
                     were written: lines were removed from its end, or added by \
                     someone else",
                    head.seq
                ),
            )),
            Some(_) => Err(self.broken(count, "the last line was changed".into())),
            None if count > 0 => Err(self.broken(
                count,
                format!("its head ({head_path}) is missing or unreadable"),
            )),
            None => Ok(()),
        }
    }

    /// Each finished session recorded where the log stood at its end.
    fn check_session_ends(
        &self,
        ends: &[(String, LogPoint)],
        chain: &Chain,
    ) -> Result<(), AuditError> {
        let (base, count) = (chain.base, chain.count);
        for (id, end) in ends {
            // Before the segment checked (a run's check): `jail audit
            // verify` reads it.
            if end.seq <= base {
                continue;
            }
            let Some(hash) = usize::try_from(end.seq - base)
                .ok()
                .and_then(|seq| seq.checked_sub(1))
                .and_then(|at| chain.hashes.get(at))
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
        Ok(())
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
/// The longest line looked for around a checkpoint; past it, the
/// segment is read whole.
const MAX_LINE_BYTES: u64 = 1 << 20;
/// Lines are read in windows from this size, doubled until one holds the
/// line: audit lines are short, and a run reads two of them.
const FIRST_WINDOW: u64 = 4 << 10;

/// `file` after `checkpoint`, when it still holds the first line and,
/// ending at the checkpoint's offset, the line the checkpoint names; None
/// otherwise.
fn after_checkpoint(file: &File, checkpoint: Checkpoint) -> std::io::Result<Option<Current>> {
    use std::os::unix::fs::FileExt;
    let len = file.metadata()?.len();
    let offset = checkpoint.offset;
    if offset == 0 || offset > len {
        return Ok(None);
    }
    let read = |from: u64, to: u64| -> std::io::Result<Vec<u8>> {
        let mut buf = vec![0; usize::try_from(to - from).unwrap_or(0)];
        file.read_exact_at(&mut buf, from)?;
        Ok(buf)
    };
    // The line that ends at the offset (its newline is the last byte):
    // found in the smallest window before the offset that holds its start.
    let mut window = FIRST_WINDOW;
    let line = loop {
        let from = offset.saturating_sub(window);
        let bytes = read(from, offset)?;
        let Some(body) = bytes.strip_suffix(b"\n") else {
            return Ok(None);
        };
        match body.iter().rposition(|&b| b == b'\n') {
            Some(at) => break body[at + 1..].to_vec(),
            None if from == 0 => break body.to_vec(),
            None if window >= MAX_LINE_BYTES => return Ok(None),
            None => window *= 2,
        }
    };
    if digest(&line) != checkpoint.hash {
        return Ok(None);
    }
    // The first line, likewise after it.
    let mut window = FIRST_WINDOW;
    let first = loop {
        let bytes = read(0, len.min(window))?;
        match bytes.iter().position(|&b| b == b'\n') {
            Some(end) => break bytes[..=end].to_vec(),
            None if window >= MAX_LINE_BYTES || window >= len => return Ok(None),
            None => window *= 2,
        }
    };
    if digest(&first[..first.len() - 1]) != checkpoint.first {
        return Ok(None);
    }
    Ok(Some(Current {
        bytes: read(offset, len)?,
        first,
        after: Some(checkpoint),
        len,
        looked_past: true,
    }))
}

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
