//! `jail state prune`.

use std::path::Path;

use clap::Subcommand;

use crate::audit::{AuditLog, Event};
use crate::state::StateDir;

#[derive(Subcommand)]
pub enum StateCommand {
    /// Remove session records, pending approvals and killed runs'
    /// temporary files older than DURATION (default: the policy's `[state]
    /// keep_days`, 30 days), keeping the newest finished record, and record
    /// the pruning in the audit log.
    Prune {
        /// Age, with a unit: `30d`, `12h`, `90m`, `45s`.
        #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
        older_than: Option<u64>,
    },
}

pub fn run(
    policy_path: Option<&Path>,
    state_dir: Option<&Path>,
    command: StateCommand,
) -> anyhow::Result<u8> {
    let StateCommand::Prune { older_than } = command;
    let age = match older_than {
        Some(secs) => secs,
        None => {
            let days = super::load_policy(policy_path)?.state.keep_days;
            if days == 0 {
                println!("nothing pruned: the policy keeps state ([state] keep_days = 0)");
                return Ok(0);
            }
            days.saturating_mul(24 * 60 * 60)
        }
    };
    let state = StateDir::resolve(state_dir)?;
    let audit = AuditLog::new(&state);
    // Pruning must not hide a broken log: the records it removes are part
    // of what vouches for it.
    audit.verify(None)?;
    let before = crate::state::now().saturating_sub(age);
    let pruned = crate::session::prune(&state, before)?;
    audit.append(
        None,
        &Event::Pruned {
            before,
            sessions: pruned.sessions,
            pending: pruned.pending,
        },
    )?;
    println!(
        "pruned {} session records and {} pending approval files{}",
        pruned.sessions,
        pruned.pending,
        match &pruned.kept {
            Some(id) => format!("; kept session {id}, the newest, which vouches for the audit log"),
            None => String::new(),
        }
    );
    Ok(0)
}

/// `N` with a unit (`s`, `m`, `h`, `d`), in seconds.
fn parse_duration(text: &str) -> Result<u64, String> {
    let bad = || {
        format!("`{text}` is not a duration: write a number and a unit, like 30d, 12h, 90m or 45s")
    };
    let unit = match text.chars().last() {
        Some('s') => 1,
        Some('m') => 60,
        Some('h') => 60 * 60,
        Some('d') => 24 * 60 * 60,
        _ => return Err(bad()),
    };
    let number: u64 = text[..text.len() - 1].parse().map_err(|_| bad())?;
    number.checked_mul(unit).ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::parse_duration;

    #[test]
    fn durations_need_a_unit() {
        assert_eq!(parse_duration("30d"), Ok(30 * 86400));
        assert_eq!(parse_duration("90m"), Ok(5400));
        assert_eq!(parse_duration("0s"), Ok(0));
        assert!(parse_duration("30").is_err());
        assert!(parse_duration("d").is_err());
        assert!(parse_duration("-1h").is_err());
    }
}
