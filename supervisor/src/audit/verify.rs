//! Checking the audit log (`jail audit verify`, and before every run):
//! the chain of hashes across segments, the head, the session records
//! that point into it, and the seals. `check` reads top to bottom: read,
//! choose what to walk, follow the chain, then check what vouches for its
//! end.

use std::fs::File;
use std::io::Read;

use nix::fcntl::{Flock, FlockArg};
use serde::Deserialize;

use super::seal::{self, Sealer};
use super::{
    digest, last_line, AuditError, AuditLog, HeadRecord, Key, Link, LinkEvent, LogPoint, Verified,
    GENESIS,
};
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
            dropped_upto: dropped.map(|d| d.0),
        })
    }

    /// The current segment's bytes, read under the shared lock (opened,
    /// created if need be, to take it): an append (line, then head) is
    /// never seen half done, nor a rotation. The lock is held while the
    /// returned file lives.
    fn read_locked(&self) -> Result<(Vec<u8>, Option<Flock<File>>), AuditError> {
        let file = std::fs::OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(&self.path)
            .or_else(|_| File::open(&self.path));
        match file {
            Ok(file) => {
                let mut file = Flock::lock(file, FlockArg::LockShared)
                    .map_err(|(_, errno)| StateError::io(&self.path)(errno.into()))?;
                let mut bytes = Vec::new();
                file.read_to_end(&mut bytes)
                    .map_err(StateError::io(&self.path))?;
                Ok((bytes, Some(file)))
            }
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok((Vec::new(), None)),
            Err(err) => Err(StateError::io(&self.path)(err).into()),
        }
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
        let link = first_link(&bytes);
        let linked_dropped = |segment: u64| dropped.is_some_and(|d| d.0 >= segment);
        if let Some((segment, lines, hash, _)) = link.as_ref().filter(|l| !linked_dropped(l.0)) {
            self.check_link_to_segment(*segment, *lines, hash)?;
        }
        let (base, expected, seal) = match &link {
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
