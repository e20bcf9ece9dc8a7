//! `jail session new|show|list|end`: sessions that span many runs.

use std::path::Path;

use clap::Subcommand;
use serde::Serialize;

use crate::audit::Event;
use crate::session::{self, Session, SessionId, SessionState};
use crate::state::{self, StateDir};

#[derive(Subcommand)]
pub enum SessionCommand {
    /// Start a session that runs continue with `--session ID`; prints its id.
    New {
        /// Profile of the policy; every run in the session must use it.
        #[arg(long, default_value = "default")]
        profile: String,
        /// Print `{"id", "profile", "expires"}` instead of the bare id.
        #[arg(long)]
        json: bool,
    },
    /// Show a session: taint, calls and bytes used, expiry, whether a jail
    /// runs in it.
    Show {
        id: SessionId,
        #[arg(long)]
        json: bool,
    },
    /// List the sessions made by `jail session new`.
    List {
        /// One JSON object per line.
        #[arg(long)]
        json: bool,
    },
    /// End a session: no run continues it afterwards.
    End { id: SessionId },
}

pub fn run(
    policy_path: Option<&Path>,
    state_dir: Option<&Path>,
    command: SessionCommand,
) -> anyhow::Result<u8> {
    match command {
        SessionCommand::New { profile, json } => new(policy_path, state_dir, &profile, json),
        SessionCommand::Show { id, json } => {
            let state = StateDir::resolve(state_dir)?;
            let session = Session::load(&state, &id)?;
            let shown = Shown::of(&session, &state, policy_path)?;
            if json {
                outln!("{}", serde_json::to_string_pretty(&shown)?);
            } else {
                out!("{}", shown.text());
            }
            Ok(0)
        }
        SessionCommand::List { json } => {
            let state = StateDir::resolve(state_dir)?;
            for session in session::named(&state)? {
                let shown = Shown::of(&session, &state, policy_path)?;
                if json {
                    outln!("{}", serde_json::to_string(&shown)?);
                } else {
                    outln!("{}", shown.line());
                }
            }
            Ok(0)
        }
        SessionCommand::End { id } => end(policy_path, state_dir, &id),
    }
}

fn new(
    policy_path: Option<&Path>,
    state_dir: Option<&Path>,
    profile_name: &str,
    json: bool,
) -> anyhow::Result<u8> {
    let policy = super::load_policy(policy_path)?;
    let profile = policy.profile(profile_name)?;
    let state = StateDir::resolve(state_dir)?;
    let audit = super::audit_log(&state, &policy);
    audit.verify_current()?;
    let mut session = Session::new_named(&state, profile_name, profile.rpc.session_ttl_secs)?;
    let point = audit.append(
        Some(session.id()),
        &Event::SessionCreated {
            profile: profile_name.to_string(),
            command: Vec::new(),
            expires: session.record.expires,
        },
    )?;
    // The line first, then the record that names it (and vouches for it).
    session.record.log = Some(point);
    session.save(true)?;
    if json {
        let created = serde_json::json!({
            "id": session.id(),
            "profile": profile_name,
            "expires": session.record.expires,
        });
        outln!("{created}");
    } else {
        outln!("{}", session.id());
    }
    Ok(0)
}

fn end(policy_path: Option<&Path>, state_dir: Option<&Path>, id: &SessionId) -> anyhow::Result<u8> {
    let policy = super::load_policy(policy_path)?;
    let state = StateDir::resolve(state_dir)?;
    let audit = super::audit_log(&state, &policy);
    audit.verify_current()?;
    // Held while it is closed: no run starts in between.
    let (mut session, _lock) = Session::hold(&state, id)?;
    let record = &session.record;
    let point = audit.append(
        Some(session.id()),
        &Event::SessionEnded {
            runs: record.runs,
            calls: record.calls,
            taint: record.taint,
        },
    )?;
    session.record.state = SessionState::Ended;
    session.record.log = Some(point);
    session.save(true)?;
    eprintln!("jail: session {id} ended");
    Ok(0)
}

/// What `show` and `list` print of a session.
#[derive(Serialize)]
struct Shown {
    id: String,
    profile: String,
    /// `open`, `running`, `ended` or `expired` (`finished`: a single
    /// run's session).
    state: &'static str,
    /// Whether a jail runs in it now.
    running: bool,
    created: u64,
    expires: u64,
    runs: u64,
    taint: policy::gate::Taint,
    calls: u64,
    bytes: u64,
    /// The profile's limits, from the policy in use (absent when it has
    /// no such profile).
    #[serde(skip_serializing_if = "Option::is_none")]
    max_calls: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    max_bytes: Option<u64>,
    /// Where the record points in the audit log.
    #[serde(skip_serializing_if = "Option::is_none")]
    log: Option<crate::audit::LogPoint>,
}

impl Shown {
    fn of(session: &Session, state: &StateDir, policy_path: Option<&Path>) -> anyhow::Result<Self> {
        let record = &session.record;
        let running = session.running(state)?;
        let shown_state = if record.state == SessionState::Ended {
            "ended"
        } else if record.state == SessionState::Finished {
            // A single run's session, shown by its id.
            "finished"
        } else if running {
            "running"
        } else if state::now() >= record.expires {
            "expired"
        } else {
            "open"
        };
        let policy = super::load_policy(policy_path).ok();
        let limits = policy
            .as_ref()
            .and_then(|p| p.profile(&record.profile).ok())
            .map(|p| (p.rpc.max_calls, p.rpc.max_bytes.0));
        Ok(Shown {
            id: record.id.clone(),
            profile: record.profile.clone(),
            state: shown_state,
            running,
            created: record.created,
            expires: record.expires,
            runs: record.runs,
            taint: record.taint,
            calls: record.calls,
            bytes: record.bytes,
            max_calls: limits.map(|l| l.0),
            max_bytes: limits.map(|l| l.1),
            log: record.log.clone(),
        })
    }

    fn taint_text(&self) -> String {
        match (self.taint.corruption, self.taint.secret) {
            (false, false) => "none".into(),
            (true, false) => "corruption (it has read public input)".into(),
            (false, true) => "secret (it has read secret data)".into(),
            (true, true) => "corruption and secret".into(),
        }
    }

    fn text(&self) -> String {
        let of = |limit: Option<u64>, key: &str| {
            limit.map_or(String::new(), |l| format!(" of {l} ({key})"))
        };
        let now = state::now();
        let expiry = if now >= self.expires {
            format!("{} (expired {}s ago)", self.expires, now - self.expires)
        } else {
            format!("{} (in {}s)", self.expires, self.expires - now)
        };
        format!(
            "session {}\n  profile: {}\n  state: {}\n  jail running: {}\n  runs: {}\n  \
             taint: {}\n  calls: {}{}\n  bytes: {}{}\n  created: {}\n  expires: {}\n",
            self.id,
            self.profile,
            self.state,
            if self.running { "yes" } else { "no" },
            self.runs,
            self.taint_text(),
            self.calls,
            of(self.max_calls, "rpc.max_calls"),
            self.bytes,
            of(self.max_bytes, "rpc.max_bytes"),
            self.created,
            expiry,
        )
    }

    fn line(&self) -> String {
        format!(
            "{}  {}  {}  runs {}  calls {}  taint {}",
            self.id,
            self.profile,
            self.state,
            self.runs,
            self.calls,
            self.taint_text()
        )
    }
}
