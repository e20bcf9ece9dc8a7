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
