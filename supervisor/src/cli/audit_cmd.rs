//! `jail audit verify` and `jail audit show`.

use std::path::Path;

use clap::Subcommand;

use crate::audit::AuditLog;
use crate::state::StateDir;

#[derive(Subcommand)]
pub enum AuditCommand {
    /// Walk the hash chain; report the first broken line (exit 1).
    Verify,
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
        AuditCommand::Verify => match log.verify(true) {
            Ok(lines) => {
                println!(
                    "audit log {}: {lines} lines, chain intact",
                    log.path().display()
                );
                Ok(0)
            }
            Err(err) => {
                eprintln!("jail: {err}");
                Ok(1)
            }
        },
        AuditCommand::Show { session, json } => {
            for entry in log.entries()? {
                if session.is_some() && entry.session != session {
                    continue;
                }
                if json {
                    println!("{}", serde_json::to_string(&entry)?);
                } else {
                    let kind = entry.event["type"].as_str().unwrap_or("?").to_string();
                    let mut detail = entry.event.clone();
                    if let Some(map) = detail.as_object_mut() {
                        map.remove("type");
                    }
                    println!(
                        "{:>6} {} {:<32} {:<15} {}",
                        entry.seq,
                        entry.time,
                        entry.session.as_deref().unwrap_or("-"),
                        kind,
                        detail
                    );
                }
            }
            Ok(0)
        }
    }
}
