//! Sessions: every execution gets one before the clone. The channel is
//! bound to it by the supervisor (the payload never names a session), and
//! every request is checked against its state, expiry and limits.

use std::path::PathBuf;

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
}

#[derive(Clone)]
pub struct Session {
    pub record: Record,
    path: PathBuf,
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
            },
        };
        Ok(session)
    }

    pub fn id(&self) -> &str {
        &self.record.id
    }

    /// Writes the record; `durable`: fsynced too (see `state::write_atomic`).
    pub fn save(&self, durable: bool) -> Result<(), StateError> {
        let json = serde_json::to_vec_pretty(&self.record).map_err(|err| StateError::Corrupt {
            path: self.path.clone(),
            reason: err.to_string(),
        })?;
        state::write_atomic(&self.path, &json, durable)
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
    let now = state::now();
    let dir = state.sessions();
    let mut old = Vec::new();
    let mut newest: Option<(u64, String)> = None;
    for entry in std::fs::read_dir(&dir)
        .map_err(StateError::io(&dir))?
        .flatten()
    {
        let path = entry.path();
        if path.extension().is_none_or(|x| x != "json") {
            continue;
        }
        // A record that does not parse is left for an operator to look at.
        let Ok(record) = state::read_json::<Record>(&path) else {
            continue;
        };
        if let Some(point) = &record.log {
            if newest.as_ref().is_none_or(|(seq, _)| point.seq > *seq) {
                newest = Some((point.seq, record.id.clone()));
            }
        }
        let over = record.state == SessionState::Finished || record.expires <= now;
        if over && record.created < cutoff {
            old.push((record.id, path));
        }
    }
    let mut pruned = Pruned::default();
    for (id, path) in old {
        if newest.as_ref().is_some_and(|(_, keep)| *keep == id) {
            pruned.kept = Some(id);
            continue;
        }
        remove(&path)?;
        pruned.sessions += 1;
    }
    let dir = state.pending();
    for entry in std::fs::read_dir(&dir)
        .map_err(StateError::io(&dir))?
        .flatten()
    {
        let written = entry
            .metadata()
            .ok()
            .and_then(|m| m.modified().ok())
            .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
            .map(|d| d.as_secs());
        if written.is_some_and(|t| t < cutoff) && entry.path().is_file() {
            remove(&entry.path())?;
            pruned.pending += 1;
        }
    }
    Ok(pruned)
}

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
