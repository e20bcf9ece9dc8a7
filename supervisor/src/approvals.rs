//! Human approval. Without a terminal (CI) the answer is no. With one, the
//! supervisor asks on /dev/tty, and the request is also kept as a file in
//! the state dir so `jail approve ID` / `jail deny ID` from another
//! terminal can answer it; whichever comes first wins, until the timeout.

use std::io::{Read, Write};
use std::os::fd::AsFd;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
use serde::{Deserialize, Serialize};

use crate::state::{self, StateDir, StateError};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decision {
    Approved { by: &'static str },
    Denied { by: &'static str, why: String },
}

impl Decision {
    /// The decision as an audit-log line.
    pub fn event(&self, request: String, tool: String) -> crate::audit::Event {
        let (decision, by) = match self {
            Decision::Approved { by } => ("approved", *by),
            Decision::Denied { by, .. } => ("denied", *by),
        };
        crate::audit::Event::Approval {
            request,
            tool,
            decision: decision.to_string(),
            by: by.to_string(),
        }
    }
}

/// A pending request, as kept in `pending/ID.json`.
#[derive(Debug, Serialize, Deserialize)]
pub struct Pending {
    pub id: String,
    pub session: String,
    pub tool: String,
    pub reason: String,
    /// The arguments, redacted and shortened.
    pub preview: String,
    pub created: u64,
}

pub struct Approvals {
    dir: PathBuf,
    timeout: Duration,
    /// The pty relay reads the terminal: answers come by `jail approve` only.
    relay_owns_terminal: bool,
}

impl Approvals {
    pub fn new(state: &StateDir, timeout_secs: u64, relay_owns_terminal: bool) -> Approvals {
        Approvals {
            dir: state.pending(),
            timeout: Duration::from_secs(timeout_secs),
            relay_owns_terminal,
        }
    }

    /// Asks a human; `cancel` ends the wait (the jail is gone).
    pub fn ask(
        &self,
        mut pending: Pending,
        cancel: &AtomicBool,
    ) -> Result<(String, Decision), StateError> {
        let Ok(mut tty) = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/tty")
        else {
            return Ok((
                String::new(),
                Decision::Denied {
                    by: "policy",
                    why: "human approval is needed and there is no terminal to ask (CI): refused"
                        .into(),
                },
            ));
        };
        pending.id = state::random_hex(4)?;
        let id = pending.id.clone();
        let request = self.dir.join(format!("{id}.json"));
        let answer = answer_path(&self.dir, &id);
        let json = serde_json::to_vec_pretty(&pending).map_err(|err| StateError::Corrupt {
            path: request.clone(),
            reason: err.to_string(),
        })?;
        state::write_atomic(&request, &json, true)?;
        let how = if self.relay_owns_terminal {
            String::new()
        } else {
            "approve? [y/N] or ".into()
        };
        let _ = write!(
            tty,
            "\r\njail: approval needed [{id}]: {} ({})\r\n  args: {}\r\n  {how}`jail approve {id}` / \
             `jail deny {id}` from another terminal; {} s\r\n",
            pending.tool,
            pending.reason,
            pending.preview,
            self.timeout.as_secs()
        );
        let decision = self.wait(&mut tty, &answer, cancel);
        let _ = std::fs::remove_file(&request);
        let _ = std::fs::remove_file(&answer);
        Ok((id, decision))
    }

    fn wait(&self, tty: &mut std::fs::File, answer: &Path, cancel: &AtomicBool) -> Decision {
        let deadline = crate::state::deadline(self.timeout.as_secs());
        let mut line = Vec::new();
        while Instant::now() < deadline {
            if cancel.load(Ordering::Relaxed) {
                return Decision::Denied {
                    by: "supervisor",
                    why: "the jail ended while approval was pending".into(),
                };
            }
            if let Ok(text) = std::fs::read_to_string(answer) {
                return match text.trim() {
                    "approve" => Decision::Approved { by: "jail approve" },
                    _ => Decision::Denied {
                        by: "jail deny",
                        why: "denied by `jail deny`".into(),
                    },
                };
            }
            if self.relay_owns_terminal {
                std::thread::sleep(Duration::from_millis(100));
                continue;
            }
            let mut fds = [PollFd::new(tty.as_fd(), PollFlags::POLLIN)];
            if poll(&mut fds, PollTimeout::from(100u16)).unwrap_or(0) > 0 {
                let mut byte = [0u8; 1];
                match tty.read(&mut byte) {
                    Ok(1) if byte[0] != b'\n' => line.push(byte[0]),
                    Ok(1) => {
                        let reply = String::from_utf8_lossy(&line).trim().to_lowercase();
                        return if reply == "y" || reply == "yes" {
                            Decision::Approved { by: "terminal" }
                        } else {
                            Decision::Denied {
                                by: "terminal",
                                why: "denied at the terminal".into(),
                            }
                        };
                    }
                    _ => std::thread::sleep(Duration::from_millis(100)),
                }
            }
        }
        Decision::Denied {
            by: "timeout",
            why: format!(
                "nobody answered within {} s (policy key rpc.approval_timeout_secs)",
                self.timeout.as_secs()
            ),
        }
    }
}

fn answer_path(dir: &Path, id: &str) -> PathBuf {
    dir.join(format!("{id}.answer"))
}

/// `jail approve ID` / `jail deny ID`: answers a pending request.
pub fn answer(state: &StateDir, id: &str, approve: bool) -> Result<Pending, StateError> {
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(StateError::Corrupt {
            path: state.pending().join(id),
            reason: "not a request id (hex, as printed in the approval prompt)".into(),
        });
    }
    let request = state.pending().join(format!("{id}.json"));
    let pending: Pending = state::read_json(&request)?;
    let word: &[u8] = if approve { b"approve" } else { b"deny" };
    state::write_atomic(&answer_path(&state.pending(), id), word, true)?;
    Ok(pending)
}

/// Pending requests, for `jail approve` without an id.
pub fn list(state: &StateDir) -> Vec<Pending> {
    let Ok(entries) = std::fs::read_dir(state.pending()) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
        .filter_map(|e| state::read_json(&e.path()).ok())
        .collect()
}
