//! `jail audit verify`, `jail audit setup-keys` and `jail audit show`.

use std::path::Path;

use clap::Subcommand;

use crate::audit::{AuditLog, Key, DEFAULT_INTERVAL_SECS};
use crate::state::StateDir;

#[derive(Subcommand)]
pub enum AuditCommand {
    /// Check the log: its chain, its head, the finished sessions' records
    /// and the seals' structure; report the first broken line (exit 1).
    Verify {
        /// The verification key `setup-keys` printed: also check every
        /// seal, so that rewritten sealed history shows.
        #[arg(
            long,
            value_name = "KEY",
            env = "JAIL_AUDIT_KEY",
            hide_env_values = true
        )]
        key: Option<String>,
    },
    /// Start sealing the log (forward-secure): print the verification key
    /// once, keep only the current epoch's key in the state dir.
    SetupKeys {
        /// Seconds per epoch: the key in the state dir moves on (and the old
        /// one is erased) at the first line of each new epoch.
        #[arg(long, value_name = "SECS", default_value_t = DEFAULT_INTERVAL_SECS)]
        interval: u64,
    },
    /// Move the log to the next numbered segment now; the new log's first
    /// line links to the segment's last.
    Rotate,
    /// Delete all but the newest KEEP segments, recording it in the log
    /// first (a segment deleted otherwise fails `verify`).
    DropSegments {
        #[arg(long, value_name = "KEEP")]
        keep: usize,
    },
    /// Print the log, oldest first.
    Show {
        /// Only this session's entries.
        #[arg(long, value_name = "ID")]
        session: Option<String>,
        /// One JSON object per line, as stored.
        #[arg(long)]
        json: bool,
    },
}

pub fn run(state_dir: Option<&Path>, command: AuditCommand) -> anyhow::Result<u8> {
    let state = StateDir::resolve(state_dir)?;
    let log = AuditLog::new(&state);
    match command {
        AuditCommand::Verify { key } => verify(&log, key.as_deref()),
        AuditCommand::SetupKeys { interval } => setup_keys(&log, interval),
        AuditCommand::Rotate => {
            // Rotation links to the last line: the chain must hold first.
            log.verify_current()?;
            let point = log.rotate()?;
            outln!(
                "audit log {}: rotated; it goes on at line {}",
                log.path().display(),
                point.seq
            );
            Ok(0)
        }
        AuditCommand::DropSegments { keep } => {
            // What is dropped must have checked: afterwards nothing can.
            log.verify(None)?;
            let dropped = log.drop_segments(keep)?;
            outln!(
                "audit log {}: {dropped} segments deleted, recorded in the log",
                log.path().display()
            );
            Ok(0)
        }
        AuditCommand::Show { session, json } => show(&log, session.as_deref(), json),
    }
}

/// `jail audit verify [--key KEY]`: 0 when everything vouches for the log,
/// 1 (and why) when not.
fn verify(log: &AuditLog, key: Option<&str>) -> anyhow::Result<u8> {
    let key = key
        .map(|k| Key::from_hex(k).ok_or(crate::audit::AuditError::BadKey))
        .transpose()?;
    let found = match log.verify(key.as_ref()) {
        Ok(found) => found,
        Err(err) => {
            eprintln!("jail: {err}");
            return Ok(1);
        }
    };
    let sealed = match (found.sealed_from, &key) {
        (Some(from), Some(_)) => format!(", sealed from line {from}, every seal checked"),
        (Some(from), None) => {
            format!(", sealed from line {from} (seals not checked: pass --key)")
        }
        (None, _) => String::new(),
    };
    let sealed = match found.dropped_upto {
        Some(upto) => format!(
            "{sealed}; segments 1 to {upto} were deleted on purpose \
             (drop-segments)"
        ),
        None => sealed,
    };
    outln!(
        "audit log {}: {} lines, chain intact, {} session records (finished or named) point into it{sealed}",
        log.path().display(),
        found.lines,
        found.sessions
    );
    Ok(0)
}

/// `jail audit setup-keys`: seals the log from now on and prints the
/// verification key, once.
fn setup_keys(log: &AuditLog, interval: u64) -> anyhow::Result<u8> {
    // Sealing vouches for what follows; the past must check first.
    log.verify(None)?;
    let key = log.setup_keys(interval)?;
    eprintln!(
        "jail: the audit log is sealed from now on, with a new key every {interval} s.\n\
         jail: the line below is the verification key. Keep it away from this machine \
         (a password manager, paper): `jail audit verify --key KEY` needs it, and \
         whoever holds it can forge the whole log. It is not stored here and is not \
         shown again. Someone who later takes the state dir can forge lines from \
         then on, never rewrite those sealed before."
    );
    outln!("{}", key.to_hex());
    Ok(0)
}

/// `jail audit show [--session ID] [--json]`: one line per entry.
fn show(log: &AuditLog, session: Option<&str>, json: bool) -> anyhow::Result<u8> {
    for entry in log.entries()? {
        if session.is_some() && entry.session.as_deref() != session {
            continue;
        }
        if json {
            outln!("{}", serde_json::to_string(&entry)?);
            continue;
        }
        let kind = entry.event["type"].as_str().unwrap_or("?").to_string();
        let mut detail = entry.event.clone();
        if let Some(map) = detail.as_object_mut() {
            map.remove("type");
        }
        outln!(
            "{:>6} {} {:<32} {:<15} {}",
            entry.seq,
            entry.time,
            entry.session.as_deref().unwrap_or("-"),
            kind,
            detail
        );
    }
    Ok(0)
}
