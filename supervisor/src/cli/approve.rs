//! `jail approve [ID]` and `jail deny ID`: answer a tool call waiting for
//! a human, from another terminal.

use std::path::Path;

use clap::Args;

use crate::approvals;
use crate::state::StateDir;

#[derive(Args)]
pub struct ApproveArgs {
    /// The request id shown in the prompt; without it, list what waits.
    id: Option<String>,
}

pub fn run(state_dir: Option<&Path>, args: ApproveArgs, approve: bool) -> anyhow::Result<u8> {
    let state = StateDir::resolve(state_dir)?;
    let Some(id) = args.id else {
        let pending = approvals::list(&state);
        if pending.is_empty() {
            outln!("nothing waits for approval");
        }
        for p in pending {
            let path = state.pending().join(format!("{}.json", p.id));
            outln!(
                "{}  session {}  {} ({})\n    {}",
                approvals::shown(&p.id),
                approvals::shown(&p.session),
                approvals::shown(&p.tool),
                approvals::shown(&p.reason),
                approvals::shown_request(&p.preview, &path)
            );
        }
        return Ok(0);
    };
    let pending = approvals::answer(&state, &id, approve).map_err(|err| {
        anyhow::anyhow!(
            "{err}; `jail approve` (or `jail deny`) without an id lists the pending requests"
        )
    })?;
    outln!(
        "{} {id}: {} for session {}",
        if approve { "approved" } else { "denied" },
        approvals::shown(&pending.tool),
        approvals::shown(&pending.session)
    );
    Ok(0)
}
