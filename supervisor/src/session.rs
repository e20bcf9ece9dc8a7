//! Sessions: every execution gets one before the clone. The channel is
//! bound to it by the supervisor (the payload never names a session), and
//! every request is checked against its state, expiry and limits.
//!
//! A session made by `jail session new` (a *named* one) outlives its runs:
//! `jail exec --session ID` and `jail run --session ID` continue it, with
//! its taint, call and byte counts and expiry, one run at a time (a
//! [`SessionLock`] held for the jail's lifetime), until `jail session end`.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use policy::gate::Taint;
use serde::{Deserialize, Serialize};

use crate::state::{self, StateDir, StateError};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SessionState {
    Created,
    Reviewed,
    Unreviewed,
    Running,
    Finished,
    /// A named session between runs: `jail exec --session ID` continues it.
    Open,
    /// A named session closed by `jail session end`: nothing continues it.
    Ended,
}

/// A session id as `jail session new` prints it: 32 lowercase hex
/// characters. Checked before any path is made of it, so `--session
/// ../../x` never reaches the filesystem.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionId(String);

/// The length of a session id: 128 random bits in hex.
const ID_LEN: usize = 32;

impl FromStr for SessionId {
    type Err = String;

    fn from_str(text: &str) -> Result<SessionId, String> {
        let hex = |c: char| c.is_ascii_digit() || ('a'..='f').contains(&c);
        if text.len() == ID_LEN && text.chars().all(hex) {
            return Ok(SessionId(text.to_string()));
        }
        // Escaped and cut short: the id may be anything the caller typed.
        let shown: String = text.chars().take(64).collect::<String>();
        Err(format!(
            "`{}` is not a session id: ids are the {ID_LEN} lowercase hex characters \
             `jail session new` prints",
            shown.escape_debug()
        ))
    }
}

impl std::fmt::Display for SessionId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why a named session cannot be used. Each names the session and the fix.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error(
        "no session {id} in {dir}: it never existed, or was pruned; \
         start one with `jail session new`"
    )]
    Unknown { id: SessionId, dir: PathBuf },
    #[error(
        "session {id} was the session of a single run, not one made by `jail session new`, \
         and cannot be continued; start one with `jail session new`"
    )]
    NotNamed { id: SessionId },
    #[error(
        "session {id} was ended (`jail session end`); start a new one with `jail session new`"
    )]
    Ended { id: SessionId },
    #[error(
        "session {id} expired {ago}s ago (after its profile's rpc.session_ttl_secs); \
         start a new one with `jail session new`"
    )]
    Expired { id: SessionId, ago: u64 },
    #[error(
        "session {id} belongs to profile `{session}`, and this run asks for profile `{asked}`: \
         pass `--profile {session}`, or start a session of profile `{asked}` with \
         `jail session new --profile {asked}`"
    )]
    ProfileMismatch {
        id: SessionId,
        session: String,
        asked: String,
    },
    #[error(
        "session {id} already has a jail running in it, and a session runs one jail at a time: \
         wait for that one to end, or start another session with `jail session new`"
    )]
    Busy { id: SessionId },
    #[error(transparent)]
    State(#[from] StateError),
}

/// Holds a named session for one run: an open file description locking
/// `sessions/ID.lock` (an OFD lock, `fcntl(F_OFD_SETLK)`), released by the
/// kernel when the supervisor's last fd on it closes, whichever way the
/// supervisor ends (a SIGKILL included). The fd is close-on-exec: neither
/// the jail (which closes every fd before its exec anyway) nor a host tool
/// holds it. An OFD lock rather than `flock`: it can be *tested* without
/// being taken (`F_OFD_GETLK`), so `jail session show` never makes a
/// starting run fail as busy.
#[derive(Debug)]
pub struct SessionLock {
    _file: std::fs::File,
}

impl SessionLock {
    /// Takes the lock at `path` (created, mode 0600, never through a
    /// symlink), or None when someone holds it.
    fn try_take(path: &Path) -> Result<Option<SessionLock>, StateError> {
        use std::os::unix::fs::OpenOptionsExt;
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .mode(0o600)
            .custom_flags(nix::libc::O_NOFOLLOW)
            .open(path)
            .map_err(StateError::io(path))?;
        let request = whole_file(nix::libc::F_WRLCK, path)?;
        let fd = std::os::fd::AsRawFd::as_raw_fd(&file);
        match nix::fcntl::fcntl(fd, nix::fcntl::FcntlArg::F_OFD_SETLK(&request)) {
            Ok(_) => Ok(Some(SessionLock { _file: file })),
            Err(nix::errno::Errno::EAGAIN | nix::errno::Errno::EACCES) => Ok(None),
            Err(errno) => Err(StateError::io(path)(errno.into())),
        }
    }

    /// Whether someone holds the lock at `path` (a jail runs in the
    /// session); tested, never taken.
    pub fn is_held(path: &Path) -> Result<bool, StateError> {
        use std::os::unix::fs::OpenOptionsExt;
        let file = match std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .custom_flags(nix::libc::O_NOFOLLOW)
            .open(path)
        {
            Ok(file) => file,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(false),
            Err(err) => return Err(StateError::io(path)(err)),
        };
        let mut probe = whole_file(nix::libc::F_WRLCK, path)?;
        let fd = std::os::fd::AsRawFd::as_raw_fd(&file);
        nix::fcntl::fcntl(fd, nix::fcntl::FcntlArg::F_OFD_GETLK(&mut probe))
            .map_err(|errno| StateError::io(path)(errno.into()))?;
        Ok(i32::from(probe.l_type) != nix::libc::F_UNLCK)
    }
}

/// A lock request of `kind` over the whole file.
fn whole_file(kind: i32, path: &Path) -> Result<nix::libc::flock, StateError> {
    let short = |v: i32| {
        i16::try_from(v).map_err(|_| StateError::Corrupt {
            path: path.to_path_buf(),
            reason: format!("lock constant {v} does not fit a short"),
        })
    };
    Ok(nix::libc::flock {
        l_type: short(kind)?,
        l_whence: short(nix::libc::SEEK_SET)?,
        l_start: 0,
        l_len: 0,
        l_pid: 0,
    })
}

/// The session's record on disk (`sessions/ID.json`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Record {
    pub id: String,
    pub state: SessionState,
    pub profile: String,
    pub command: Vec<String>,
    pub created: u64,
    pub expires: u64,
    /// Whether the code passed review (`jail run`); `jail exec` runs
    /// unreviewed.
    pub reviewed: bool,
    pub taint: Taint,
    pub calls: u64,
    pub bytes: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit: Option<i32>,
    /// Where the audit log stood when the session ended (its exit line):
    /// kept here, where deleting or truncating the log does not reach, and
    /// checked by `jail audit verify`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub log: Option<crate::audit::LogPoint>,
    /// Made by `jail session new`: runs continue it (`--session ID`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub named: bool,
    /// How many runs a named session has had.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub runs: u64,
    /// Tokens spent through the LLM gateway, by provider (the budget
    /// counts them across a named session's runs).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub llm_tokens: std::collections::BTreeMap<String, u64>,
    /// What a human approved (`approvals.rs`: the blake3 of each request
    /// whole), so a named session's later runs are not asked again.
    #[serde(default, skip_serializing_if = "std::collections::BTreeSet::is_empty")]
    pub approved: std::collections::BTreeSet<String>,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

#[derive(Clone)]
pub struct Session {
    pub record: Record,
    path: PathBuf,
    /// Where the record's index is (`save` adds to it).
    state: StateDir,
}

impl Session {
    /// A new session with a random 128-bit id, in memory: the caller saves
    /// it, off the start-up path (docs/decisions/0005).
    pub fn new(
        state: &StateDir,
        profile: &str,
        command: &[String],
        ttl_secs: u64,
        reviewed: bool,
    ) -> Result<Session, StateError> {
        let id = state::random_hex(16)?;
        let created = state::now();
        let session = Session {
            path: state.sessions().join(format!("{id}.json")),
            state: state.clone(),
            record: Record {
                id,
                state: SessionState::Created,
                profile: profile.to_string(),
                command: command.to_vec(),
                created,
                expires: created.saturating_add(ttl_secs),
                reviewed,
                taint: Taint::default(),
                calls: 0,
                bytes: 0,
                exit: None,
                log: None,
                named: false,
                runs: 0,
                llm_tokens: Default::default(),
                approved: Default::default(),
            },
        };
        Ok(session)
    }

    /// A named session (`jail session new`), open, with no run yet; in
    /// memory until saved.
    pub fn new_named(
        state: &StateDir,
        profile: &str,
        ttl_secs: u64,
    ) -> Result<Session, StateError> {
        let mut session = Session::new(state, profile, &[], ttl_secs, false)?;
        session.record.named = true;
        session.record.state = SessionState::Open;
        Ok(session)
    }

    /// The session `id` as its record stands.
    pub fn load(state: &StateDir, id: &SessionId) -> Result<Session, SessionError> {
        let path = record_path(state, id);
        let record: Record = match state::read_json(&path) {
            Err(StateError::Io { error, .. }) if error.kind() == std::io::ErrorKind::NotFound => {
                return Err(SessionError::Unknown {
                    id: id.clone(),
                    dir: state.sessions(),
                })
            }
            other => other?,
        };
        Ok(Session {
            record,
            path,
            state: state.clone(),
        })
    }

    /// The named session `id`, held for one run of `profile`: it must
    /// exist, be named, open, unexpired and of that profile, with no jail
    /// running in it. Nothing is created for an id with no record.
    pub fn resume(
        state: &StateDir,
        id: &SessionId,
        profile: &str,
    ) -> Result<(Session, SessionLock), SessionError> {
        Session::load(state, id)?.usable(profile)?;
        let lock = SessionLock::try_take(&lock_path(state, id))?
            .ok_or(SessionError::Busy { id: id.clone() })?;
        // Read again under the lock: the run before may have written its
        // last record (its taint) after the first read, and `jail session
        // end` may have closed it.
        let session = Session::load(state, id)?;
        session.usable(profile)?;
        Ok((session, lock))
    }

    /// Whether a run of `profile` could continue `id` now, without holding
    /// it: for `jail run`, to refuse before its review.
    /// [`resume`](Self::resume) checks again when it takes the lock.
    pub fn check(state: &StateDir, id: &SessionId, profile: &str) -> Result<(), SessionError> {
        Session::load(state, id)?.usable(profile)?;
        if SessionLock::is_held(&lock_path(state, id))? {
            return Err(SessionError::Busy { id: id.clone() });
        }
        Ok(())
    }

    /// Holds the named session `id` for `jail session end`: as
    /// [`resume`](Self::resume), any profile, and an expired one too.
    pub fn hold(state: &StateDir, id: &SessionId) -> Result<(Session, SessionLock), SessionError> {
        let session = Session::load(state, id)?;
        session.endable()?;
        let lock = SessionLock::try_take(&lock_path(state, id))?
            .ok_or(SessionError::Busy { id: id.clone() })?;
        let session = Session::load(state, id)?;
        session.endable()?;
        Ok((session, lock))
    }

    fn typed_id(&self) -> SessionId {
        SessionId(self.record.id.clone())
    }

    /// Why this record cannot be ended, if it cannot.
    fn endable(&self) -> Result<(), SessionError> {
        let id = self.typed_id();
        if !self.record.named {
            return Err(SessionError::NotNamed { id });
        }
        if self.record.state == SessionState::Ended {
            return Err(SessionError::Ended { id });
        }
        Ok(())
    }

    /// Why a run of `profile` cannot continue this record, if it cannot.
    fn usable(&self, profile: &str) -> Result<(), SessionError> {
        self.endable()?;
        let id = self.typed_id();
        let now = state::now();
        if now >= self.record.expires {
            return Err(SessionError::Expired {
                id,
                ago: now - self.record.expires,
            });
        }
        if self.record.profile != profile {
            return Err(SessionError::ProfileMismatch {
                id,
                session: self.record.profile.clone(),
                asked: profile.to_string(),
            });
        }
        Ok(())
    }

    /// Whether a jail runs in this session now.
    pub fn running(&self, state: &StateDir) -> Result<bool, StateError> {
        SessionLock::is_held(&lock_path(state, &self.typed_id()))
    }

    pub fn id(&self) -> &str {
        &self.record.id
    }

    /// Writes the record (`durable`: fsynced too, see
    /// `state::write_atomic`); then, when it names where the log stood at
    /// its end (what a run's check reads it for), names it in the records'
    /// index.
    pub fn save(&self, durable: bool) -> Result<(), StateError> {
        self.save_into(self.replacement()?, durable)
    }

    /// The temporary file of a later [`Session::save_into`], made now.
    pub fn replacement(&self) -> Result<state::Replacement, StateError> {
        state::Replacement::recycling(&self.path, &self.state.spares())
    }

    /// Writes the record through `replacement`, made by
    /// [`Session::replacement`] (of this session: its path is the record's).
    pub fn save_into(
        &self,
        replacement: state::Replacement,
        durable: bool,
    ) -> Result<(), StateError> {
        let json = serde_json::to_vec_pretty(&self.record).map_err(|err| StateError::Corrupt {
            path: self.path.clone(),
            reason: err.to_string(),
        })?;
        if replacement.path() != self.path {
            return Err(StateError::Corrupt {
                path: self.path.clone(),
                reason: format!(
                    "a record was to be written over {}, another session's",
                    replacement.path().display()
                ),
            });
        }
        replacement.write(&json, durable)?;
        if self.record.log.is_none() {
            return Ok(());
        }
        // The record's file name, which the check reads by, not the id in
        // its JSON.
        let name = self.path.file_stem().and_then(|n| n.to_str()).unwrap_or("");
        crate::record_index::append(&self.state, name)
    }

    /// Why a request on this session must be refused, if it must.
    pub fn refusal(&self, require_review: bool) -> Option<String> {
        let r = &self.record;
        if r.state != SessionState::Running {
            return Some(format!("session {} is {:?}, not running", r.id, r.state));
        }
        if state::now() >= r.expires {
            return Some(format!("session {} expired", r.id));
        }
        if require_review && !r.reviewed {
            return Some(format!(
                "session {} runs unreviewed code and the policy sets rpc.require_review",
                r.id
            ));
        }
        None
    }
}

/// Where the record of `id` lives.
fn record_path(state: &StateDir, id: &SessionId) -> PathBuf {
    state.sessions().join(format!("{id}.json"))
}

/// Where the lock of `id` lives (created by its first run).
fn lock_path(state: &StateDir, id: &SessionId) -> PathBuf {
    state.sessions().join(format!("{id}.lock"))
}

/// Every named session's record, oldest first (records that do not parse
/// are skipped).
pub fn named(state: &StateDir) -> Result<Vec<Session>, StateError> {
    let dir = state.sessions();
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&dir)
        .map_err(StateError::io(&dir))?
        .flatten()
    {
        let path = entry.path();
        if path.extension().is_none_or(|x| x != "json") {
            continue;
        }
        if let Ok(record) = state::read_json::<Record>(&path) {
            if record.named {
                found.push(Session {
                    record,
                    path,
                    state: state.clone(),
                });
            }
        }
    }
    found.sort_by(|a, b| (a.record.created, &a.record.id).cmp(&(b.record.created, &b.record.id)));
    Ok(found)
}

/// What [`prune`] removed.
#[derive(Debug, Default)]
pub struct Pruned {
    pub sessions: u64,
    pub pending: u64,
    /// The finished session kept although old: the newest one, whose
    /// record vouches for the audit log's length.
    pub kept: Option<String>,
}

/// Removes session records created before `cutoff` (seconds since the
/// epoch) whose session is over (finished, or expired: its supervisor was
/// killed), and pending approval files last written before it. The newest
/// finished record that names a point in the audit log is always kept, so
/// deleting the log and its head still shows (`jail audit verify`); the
/// older records it drops only vouched for lines the chain already covers.
pub fn prune(state: &StateDir, cutoff: u64) -> Result<Pruned, StateError> {
    let (over, newest) = records_over(state)?;
    let old = over
        .into_iter()
        .filter(|(record, _)| record.created < cutoff);
    let mut pruned = remove_records(state, old, newest.as_deref())?;
    // The empty temporary files of supervisors killed in a run
    // (`state::Replacement`): no run lasts that long.
    let sessions = state.sessions();
    for entry in std::fs::read_dir(&sessions)
        .map_err(StateError::io(&sessions))?
        .flatten()
    {
        let temporary = entry.file_name().as_encoded_bytes().starts_with(b".tmp");
        if temporary && written_before(&entry, cutoff) && entry.path().is_file() {
            remove(&entry.path())?;
        }
    }
    let dir = state.pending();
    for entry in std::fs::read_dir(&dir)
        .map_err(StateError::io(&dir))?
        .flatten()
    {
        if written_before(&entry, cutoff) && entry.path().is_file() {
            remove(&entry.path())?;
            pruned.pending += 1;
        }
    }
    Ok(pruned)
}

/// Whether `entry` was last written before `cutoff` (seconds since the
/// epoch).
fn written_before(entry: &std::fs::DirEntry, cutoff: u64) -> bool {
    entry
        .metadata()
        .ok()
        .and_then(|m| m.modified().ok())
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .is_some_and(|d| d.as_secs() < cutoff)
}

/// Removes the oldest records of unnamed sessions that are over, until
/// `keep` of them remain; never the newest record that names a point in
/// the audit log (see [`prune`]). Named sessions' records stay: they are
/// for `jail state prune`.
pub fn prune_oldest(state: &StateDir, keep: usize) -> Result<Pruned, StateError> {
    let (over, newest) = records_over(state)?;
    let mut unnamed: Vec<RecordAt> = over
        .into_iter()
        .filter(|(record, _)| !record.named)
        .collect();
    // Newest first, by where each ended in the log (creation times are in
    // seconds, and runs share them); the ones past `keep` go.
    let order = |r: &Record| (r.log.as_ref().map(|point| point.seq), r.created);
    unnamed.sort_by(|(a, _), (b, _)| order(b).cmp(&order(a)).then_with(|| b.id.cmp(&a.id)));
    remove_records(state, unnamed.into_iter().skip(keep), newest.as_deref())
}

/// A session record and where it lies.
type RecordAt = (Record, PathBuf);

/// The records whose session is over (finished, ended, or expired), with
/// their paths, and the id of the newest record that names a point in the
/// audit log. Records that do not parse are left for an operator to look at.
fn records_over(state: &StateDir) -> Result<(Vec<RecordAt>, Option<String>), StateError> {
    let now = state::now();
    let dir = state.sessions();
    let mut over = Vec::new();
    let mut newest: Option<(u64, String)> = None;
    for entry in std::fs::read_dir(&dir)
        .map_err(StateError::io(&dir))?
        .flatten()
    {
        let path = entry.path();
        if path.extension().is_none_or(|x| x != "json") {
            continue;
        }
        let Ok(record) = state::read_json::<Record>(&path) else {
            continue;
        };
        if let Some(point) = &record.log {
            if newest.as_ref().is_none_or(|(seq, _)| point.seq > *seq) {
                newest = Some((point.seq, record.id.clone()));
            }
        }
        if matches!(record.state, SessionState::Finished | SessionState::Ended)
            || record.expires <= now
        {
            over.push((record, path));
        }
    }
    Ok((over, newest.map(|(_, id)| id)))
}

/// Removes the records `old` (and a named session's lock, unless a jail
/// holds it), all but `keep`'s; then the records' index is a new one
/// (`record_index::replace`), when any went. Up to [`SPARES_KEPT`] of
/// them become spares rather than being freed: a pruning run removes
/// hundreds, and each file freed slows the next half minute's new files
/// ([`state::Replacement::recycling`]).
fn remove_records(
    state: &StateDir,
    old: impl Iterator<Item = RecordAt>,
    keep: Option<&str>,
) -> Result<Pruned, StateError> {
    let mut pruned = Pruned::default();
    let mut room = std::fs::read_dir(state.spares())
        .map_or(0, |spares| SPARES_KEPT.saturating_sub(spares.count()));
    for (record, path) in old {
        if keep == Some(record.id.as_str()) {
            pruned.kept = Some(record.id);
            continue;
        }
        let lock = path.with_extension("lock");
        if !SessionLock::is_held(&lock).unwrap_or(true) {
            remove(&lock)?;
        }
        if room > 0 && state::keep_as_spare(&path, &state.spares()) {
            room -= 1;
        } else {
            remove(&path)?;
        }
        pruned.sessions += 1;
    }
    if pruned.sessions > 0 {
        crate::record_index::replace(state)?;
    }
    Ok(pruned)
}

/// How many spare record files pruning leaves for later saves to write
/// over: runs use them up one a run (two saves take one each, the last
/// gives one back).
const SPARES_KEPT: usize = 256;

/// Removes `path`; one already gone (a concurrent prune) is no error.
fn remove(path: &std::path::Path) -> Result<(), StateError> {
    match std::fs::remove_file(path) {
        Err(err) if err.kind() != std::io::ErrorKind::NotFound => Err(StateError::io(path)(err)),
        _ => Ok(()),
    }
}

/// The session's taint as its RPC server and its proxy both see it: each
/// adds what it read, and reads what the other added. It only grows.
#[derive(Debug, Clone, Default)]
pub struct SharedTaint(std::sync::Arc<std::sync::Mutex<Taint>>);

impl SharedTaint {
    pub fn new(taint: Taint) -> SharedTaint {
        SharedTaint(std::sync::Arc::new(std::sync::Mutex::new(taint)))
    }

    /// Adds `taint`; returns the taint with it.
    pub fn grow(&self, taint: Taint) -> Taint {
        let mut shared = self.0.lock().unwrap_or_else(|p| p.into_inner());
        *shared = shared.with(taint);
        *shared
    }

    pub fn get(&self) -> Taint {
        *self.0.lock().unwrap_or_else(|p| p.into_inner())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_32_lowercase_hex_characters_are_a_session_id() {
        let good = "0123456789abcdef0123456789abcdef";
        assert_eq!(
            good.parse::<SessionId>().map(|id| id.to_string()),
            Ok(good.into())
        );
        for bad in [
            "",
            "../../x",
            "/etc/passwd",
            "0123456789abcdef0123456789abcde",
            "0123456789abcdef0123456789abcdef0",
            "0123456789ABCDEF0123456789abcdef",
            "0123456789abcdef0123456789abcde/",
            "0123456789abcdef0123456789abcd\u{e9}",
        ] {
            let err = bad.parse::<SessionId>().expect_err(bad);
            assert!(err.contains("is not a session id"), "{err}");
        }
        // Shown escaped and cut short.
        let err = format!("{}\n", "a".repeat(500))
            .parse::<SessionId>()
            .expect_err("long");
        assert!(err.len() < 200 && !err.contains('\n'), "{err}");
    }

    #[test]
    fn the_lock_is_held_once_and_tested_without_taking_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("s.lock");
        assert!(!SessionLock::is_held(&path).unwrap());
        assert!(!path.exists(), "testing created the file");
        let held = SessionLock::try_take(&path).unwrap().expect("free");
        assert!(SessionLock::is_held(&path).unwrap());
        assert!(
            SessionLock::try_take(&path).unwrap().is_none(),
            "taken twice"
        );
        drop(held);
        assert!(!SessionLock::is_held(&path).unwrap());
        assert!(SessionLock::try_take(&path).unwrap().is_some());
    }

    /// A prune writes a new records' index counting what is left: were the
    /// old count kept, every later run would prune again.
    #[test]
    fn a_prune_leaves_an_index_that_counts_what_is_left() {
        let dir = tempfile::tempdir().unwrap();
        let state = StateDir::resolve(Some(dir.path())).unwrap();
        for seq in 1..=6 {
            let mut session = Session::new(&state, "default", &[], 60, true).unwrap();
            session.record.state = SessionState::Finished;
            session.record.log = Some(crate::audit::LogPoint {
                seq,
                hash: format!("{seq:064x}"),
            });
            session.save(false).unwrap();
        }
        let index = || crate::record_index::RecordIndex::read(&state.sessions_index()).unwrap();
        assert_eq!(index().records(), 6);
        let pruned = prune_oldest(&state, 2).unwrap();
        assert_eq!(pruned.sessions, 4);
        let left = std::fs::read_dir(state.sessions()).unwrap().count();
        assert_eq!((left, index().records()), (2, 2));
    }

    #[test]
    fn a_symlink_is_never_taken_for_the_lock() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("elsewhere");
        let path = dir.path().join("s.lock");
        std::os::unix::fs::symlink(&target, &path).unwrap();
        assert!(SessionLock::try_take(&path).is_err());
        assert!(!target.exists());
    }
}
