//! Human approval. Without a terminal (CI) the answer is no. With one, the
//! supervisor asks on /dev/tty, and the request is also kept as a file in
//! the state dir so `jail approve ID` / `jail deny ID` from another
//! terminal can answer it; whichever comes first wins, until the timeout.
//!
//! An answer file counts only if it names the request's session and the
//! blake3 of the request file's bytes (`jail approve` reads both from the
//! request): a file planted by someone who never saw the request is
//! ignored and audited as a forged answer (once; it is left in place, so a
//! true answer renamed over it in the meantime is never lost).

use std::io::{Read, Write};
use std::os::fd::AsFd;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use nix::poll::{poll, PollFd, PollFlags, PollTimeout};
use serde::{Deserialize, Serialize};

use crate::audit::{AuditLog, Event};
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
    /// The arguments, redacted, whole. Shown only through [`shown`].
    pub preview: String,
    pub created: u64,
}

/// An answer, as kept in `pending/ID.answer`.
#[derive(Debug, Serialize, Deserialize)]
pub struct Answer {
    /// The session the request came from (`-` for `jail run`'s review).
    pub session: String,
    /// blake3 of the request file's bytes, hex.
    pub request: String,
    /// `approve` or `deny`.
    pub decision: String,
}

impl Answer {
    /// Whether this answers `pending` (whose file hashed to `digest`), and
    /// how; or why it does not.
    fn decide(text: &str, pending: &Pending, digest: &str) -> Result<Decision, String> {
        let answer: Answer = serde_json::from_str(text)
            .map_err(|err| format!("not an answer naming session and request ({err})"))?;
        if answer.session != pending.session {
            return Err(format!(
                "it names session {:?}, the request came from {:?}",
                answer.session, pending.session
            ));
        }
        if answer.request != digest {
            return Err("it names another request (its digest differs)".into());
        }
        Ok(match answer.decision.as_str() {
            "approve" => Decision::Approved { by: "jail approve" },
            _ => Decision::Denied {
                by: "jail deny",
                why: "denied by `jail deny`".into(),
            },
        })
    }
}

pub struct Approvals {
    dir: PathBuf,
    timeout: Duration,
    /// The pty relay reads the terminal: answers come by `jail approve` only.
    relay_owns_terminal: bool,
    /// Held while a human is asked: one question at a time, whoever asks
    /// (the RPC server's calls and the proxy's requests share this).
    asking: std::sync::Mutex<()>,
    /// What a human approved in this session (earlier runs of a named
    /// one included): the blake3 of the tool and the request, whole. The
    /// same request again is approved without asking.
    granted: std::sync::Mutex<std::collections::BTreeSet<String>>,
}

impl Approvals {
    pub fn new(state: &StateDir, timeout_secs: u64, relay_owns_terminal: bool) -> Approvals {
        Approvals {
            dir: state.pending(),
            timeout: Duration::from_secs(timeout_secs),
            relay_owns_terminal,
            asking: std::sync::Mutex::new(()),
            granted: std::sync::Mutex::new(std::collections::BTreeSet::new()),
        }
    }

    /// Starts from what the session's earlier runs had approved.
    pub fn remember(self, granted: std::collections::BTreeSet<String>) -> Approvals {
        *self.granted_lock() = granted;
        self
    }

    /// What has been approved in the session, for its record.
    pub fn granted(&self) -> std::collections::BTreeSet<String> {
        self.granted_lock().clone()
    }

    fn granted_lock(&self) -> std::sync::MutexGuard<'_, std::collections::BTreeSet<String>> {
        self.granted
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Asks a human whether session `session` may make the call of `tool`
    /// (`preview`: what it sends, redacted, whole) for `reason`, and
    /// writes the decision to the audit log; a request that cannot be kept
    /// is denied.
    pub fn ask_and_log(
        &self,
        session: &str,
        tool: &str,
        reason: &str,
        preview: String,
        cancel: &AtomicBool,
        audit: &AuditLog,
    ) -> Decision {
        // The request whole: the tool and every byte it sends.
        let key = blake3::Hasher::new()
            .update(tool.as_bytes())
            .update(b"\0")
            .update(preview.as_bytes())
            .finalize()
            .to_hex()
            .to_string();
        if self.granted_lock().contains(&key) {
            let decision = Decision::Approved {
                by: "earlier approval in this session",
            };
            let _ = audit.append(
                Some(session),
                &decision.event(String::new(), tool.to_string()),
            );
            return decision;
        }
        let pending = Pending {
            id: String::new(),
            session: session.to_string(),
            tool: tool.to_string(),
            reason: reason.to_string(),
            preview,
            created: crate::state::now(),
        };
        let (id, decision) = match self.ask(pending, cancel, audit) {
            Ok(answer) => answer,
            Err(err) => (
                String::new(),
                Decision::Denied {
                    by: "supervisor",
                    why: format!("cannot keep the approval request: {err}"),
                },
            ),
        };
        let _ = audit.append(Some(session), &decision.event(id, tool.to_string()));
        if matches!(decision, Decision::Approved { .. }) {
            self.granted_lock().insert(key);
        }
        decision
    }

    /// Asks a human; `cancel` ends the wait (the jail is gone). Forged
    /// answers go to `audit`.
    pub fn ask(
        &self,
        mut pending: Pending,
        cancel: &AtomicBool,
        audit: &AuditLog,
    ) -> Result<(String, Decision), StateError> {
        let _one_at_a_time = self
            .asking
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
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
        let digest = crate::audit::digest(&json);
        let how = if self.relay_owns_terminal {
            String::new()
        } else {
            "approve? [y/N] or ".into()
        };
        let _ = write!(
            tty,
            "\r\njail: approval needed [{id}]: {} ({})\r\n  args: {}\r\n  {how}`jail approve {id}` / \
             `jail deny {id}` from another terminal; {} s\r\n",
            shown(&pending.tool),
            shown(&pending.reason),
            shown_request(&pending.preview, &request),
            self.timeout.as_secs()
        );
        let asked = Asked {
            pending: &pending,
            digest: &digest,
            answer: &answer,
            audit,
            forged: std::cell::RefCell::new(None),
        };
        let decision = self.wait(&mut tty, &asked, cancel);
        let _ = std::fs::remove_file(&request);
        let _ = std::fs::remove_file(&answer);
        Ok((id, decision))
    }

    fn wait(&self, tty: &mut std::fs::File, asked: &Asked, cancel: &AtomicBool) -> Decision {
        let deadline = policy::model::deadline(self.timeout.as_secs());
        let mut line = Vec::new();
        while Instant::now() < deadline {
            if cancel.load(Ordering::Relaxed) {
                return Decision::Denied {
                    by: "supervisor",
                    why: "the jail ended while approval was pending".into(),
                };
            }
            if let Some(decision) = asked.answered() {
                return decision;
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

/// One request being asked, and where its answer may appear.
struct Asked<'a> {
    pending: &'a Pending,
    digest: &'a str,
    answer: &'a Path,
    audit: &'a AuditLog,
    /// The last forged answer seen, not to be audited again.
    forged: std::cell::RefCell<Option<String>>,
}

impl Asked<'_> {
    /// The answer, if a true one is there; a forged one is audited (once)
    /// and the wait goes on.
    fn answered(&self) -> Option<Decision> {
        let text = std::fs::read_to_string(self.answer).ok()?;
        if self.forged.borrow().as_ref() == Some(&text) {
            return None;
        }
        match Answer::decide(&text, self.pending, self.digest) {
            Ok(decision) => Some(decision),
            Err(reason) => {
                *self.forged.borrow_mut() = Some(text);
                let session = Some(self.pending.session.as_str()).filter(|s| *s != "-");
                let _ = self.audit.append(
                    session,
                    &Event::ForgedAnswer {
                        request: self.pending.id.clone(),
                        reason,
                    },
                );
                None
            }
        }
    }
}

fn answer_path(dir: &Path, id: &str) -> PathBuf {
    dir.join(format!("{id}.answer"))
}

/// `jail approve ID` / `jail deny ID`: answers a pending request.
pub fn answer(state: &StateDir, id: &str, approve: bool) -> Result<Pending, StateError> {
    let missing = || StateError::NoSuchRequest {
        id: id.escape_debug().to_string(),
    };
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(missing());
    }
    let request = state.pending().join(format!("{id}.json"));
    let bytes = std::fs::read(&request).map_err(|err| match err.kind() {
        std::io::ErrorKind::NotFound => missing(),
        _ => StateError::io(&request)(err),
    })?;
    let pending: Pending = serde_json::from_slice(&bytes).map_err(|err| StateError::Corrupt {
        path: request.clone(),
        reason: err.to_string(),
    })?;
    let answer = Answer {
        session: pending.session.clone(),
        request: crate::audit::digest(&bytes),
        decision: if approve { "approve" } else { "deny" }.into(),
    };
    let json = serde_json::to_vec(&answer).map_err(|err| StateError::Corrupt {
        path: request.clone(),
        reason: err.to_string(),
    })?;
    state::write_atomic(&answer_path(&state.pending(), id), &json, true)?;
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

/// How much of a request a prompt shows before it names the file instead.
const SHOWN_CHARS: usize = 4000;

/// `text` with every character that could act on a terminal made visible:
/// C0 and C1 controls and DEL as `\r`, `\n`, `\t`, `\x1b`, `\u{9b}`, and the
/// invisible characters that reorder or hide text (bidi controls, zero
/// widths) as `\u{..}`; a backslash doubles so the escapes are unambiguous.
/// A bare CR in a request could otherwise redraw the prompt over its
/// dangerous part.
pub fn shown(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\r' => out.push_str("\\r"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\0'..='\u{1f}' | '\u{7f}' => out.push_str(&format!("\\x{:02x}", u32::from(c))),
            c if c.is_control() || is_invisible(c) => {
                out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
            }
            c => out.push(c),
        }
    }
    out
}

/// Format characters that change how text reads without showing.
fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{200b}'..='\u{200f}' // zero widths, LRM, RLM
        | '\u{202a}'..='\u{202e}' // bidi embeddings and overrides
        | '\u{2060}'..='\u{2064}' // word joiner, invisible operators
        | '\u{2066}'..='\u{2069}' // bidi isolates
        | '\u{feff}' // zero-width no-break space
    )
}

/// The request's arguments for a prompt: whole and escaped, or, past
/// `SHOWN_CHARS`, the start and the file (`path`) that holds all of it.
pub fn shown_request(args: &str, path: &Path) -> String {
    let escaped = shown(args);
    if escaped.chars().count() <= SHOWN_CHARS {
        return escaped;
    }
    let start: String = escaped.chars().take(SHOWN_CHARS).collect();
    format!(
        "{start} [... {} characters in all; the whole request is in {}]",
        args.chars().count(),
        path.display()
    )
}

#[cfg(test)]
mod display_tests {
    use super::*;

    #[test]
    fn controls_and_invisibles_are_escaped() {
        assert_eq!(
            shown("ok\rrm -rf /\n\x1b[2K\u{9b}31m\u{202e}x\\y\tz\u{7f}"),
            "ok\\rrm -rf /\\n\\x1b[2K\\u{9b}31m\\u{202e}x\\\\y\\tz\\x7f"
        );
        assert_eq!(
            shown("{\"url\": \"https://x/ü\"}"),
            "{\"url\": \"https://x/ü\"}"
        );
    }

    #[test]
    fn nothing_a_terminal_acts_on_survives() {
        let all: String = (0u32..0x3000).filter_map(char::from_u32).collect();
        let out = shown(&all);
        assert!(!out.chars().any(|c| c.is_control() || is_invisible(c)));
    }

    #[test]
    fn a_long_request_is_shown_in_part_and_named_whole() {
        let path = Path::new("/state/pending/ab12.json");
        let short = "a".repeat(SHOWN_CHARS);
        assert_eq!(shown_request(&short, path), short);
        let long = format!("{}\rEVIL", "a".repeat(SHOWN_CHARS));
        let out = shown_request(&long, path);
        assert!(out.contains("/state/pending/ab12.json"), "{out}");
        assert!(
            out.contains(&format!("{} characters", SHOWN_CHARS + 5)),
            "{out}"
        );
        assert!(!out.contains('\r'));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_counts_only_with_the_requests_session_and_digest() {
        let dir = tempfile::tempdir().unwrap();
        let state = StateDir::resolve(Some(dir.path())).unwrap();
        let pending = Pending {
            id: "ab12".into(),
            session: "s1".into(),
            tool: "write".into(),
            reason: "dangerous_writes".into(),
            preview: "{}".into(),
            created: 1,
        };
        let request = state.pending().join("ab12.json");
        std::fs::write(&request, serde_json::to_vec(&pending).unwrap()).unwrap();
        let digest = crate::audit::digest(&std::fs::read(&request).unwrap());
        for forged in [
            "approve".to_string(),
            format!(r#"{{"session":"s2","request":"{digest}","decision":"approve"}}"#),
            r#"{"session":"s1","request":"00","decision":"approve"}"#.to_string(),
        ] {
            assert!(
                Answer::decide(&forged, &pending, &digest).is_err(),
                "{forged}"
            );
        }
        answer(&state, "ab12", true).unwrap();
        let written = std::fs::read_to_string(state.pending().join("ab12.answer")).unwrap();
        assert_eq!(
            Answer::decide(&written, &pending, &digest),
            Ok(Decision::Approved { by: "jail approve" })
        );
        answer(&state, "ab12", false).unwrap();
        let written = std::fs::read_to_string(state.pending().join("ab12.answer")).unwrap();
        assert!(matches!(
            Answer::decide(&written, &pending, &digest),
            Ok(Decision::Denied { .. })
        ));
    }
}
