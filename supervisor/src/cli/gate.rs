//! `jail exec --gate`: classify the command before it runs
//! ([`review::shell`]), then decide by the session's taint
//! ([`policy::gate::decide_command`]): run it, review it (as a payload to
//! a public sink is reviewed, `review::payload`: the injection scan on all
//! the words decode to, then the configured reviewers), or ask a human. Every decision
//! is an audit line with the class, the decision and the blake3 of the
//! command, never its text. docs/gate.md has the classes and the matrix.

use std::sync::atomic::AtomicBool;

use policy::gate::{CommandClass, Gate, Taint};
use review::reviewer::Verdict;
use review::shell::Classification;

use super::review::{MAJOR, REJECTED};
use crate::approvals::{shown, Approvals, Decision, Pending};
use crate::audit::{AuditLog, Event};
use crate::session::Session;
use crate::state::{self, StateDir};

/// A command line as the gate sees it.
pub struct Gated {
    argv: Vec<String>,
    pub classification: Classification,
}

impl Gated {
    /// Classifies `argv`: `sh -c STRING` (and `bash`, `dash`, any path to
    /// them) is the STRING parsed as shell; anything else is one simple
    /// command.
    pub fn new(argv: &[String]) -> Gated {
        Gated {
            argv: argv.to_vec(),
            classification: review::shell::classify_argv(argv),
        }
    }

    /// The text the injection scan reads and a human is shown: the words
    /// joined by spaces.
    fn text(&self) -> String {
        self.argv.join(" ")
    }

    /// blake3 of the argument vector, each word followed by a NUL byte
    /// (`printf '%s\0' sh -c 'CMD' | b3sum`).
    fn digest(&self) -> String {
        let mut bytes = Vec::new();
        for word in &self.argv {
            bytes.extend_from_slice(word.as_bytes());
            bytes.push(0);
        }
        crate::audit::digest(&bytes)
    }

    /// The class and one line per segment, each prefixed with `lead`.
    pub fn describe(&self, lead: &str) -> String {
        let c = &self.classification;
        let mut out = format!(
            "{lead}class {} (the worst of {} segment{})\n",
            c.class.name(),
            c.segments.len(),
            if c.segments.len() == 1 { "" } else { "s" }
        );
        for s in &c.segments {
            out.push_str(&format!(
                "{lead}  {:<7} {}: {}\n",
                s.class.name(),
                shown(&s.text),
                s.why
            ));
        }
        out
    }

    /// What the gate decides with `taint`, as `--explain` says it.
    pub fn explain(&self, taint: Taint, whose: &str) -> String {
        let gate = policy::gate::decide_command(self.classification.class, taint);
        format!(
            "{}gate: taint {} ({whose}): {}\n",
            self.describe("gate: "),
            taint_name(taint),
            decision_text(&gate)
        )
    }

    /// Decides for `session` (its taint as it stands) and says so on
    /// stderr when refused; None: run it. The decision is an audit line.
    pub fn check(
        &self,
        session: &Session,
        profile: &policy::Profile,
        state: &StateDir,
        audit: &AuditLog,
        verbose: bool,
    ) -> anyhow::Result<Option<u8>> {
        let class = self.classification.class;
        let taint = session.record.taint;
        let gate = policy::gate::decide_command(class, taint);
        if verbose {
            eprint!("{}", self.describe("jail: gate: "));
            eprintln!(
                "jail: gate: taint {}: {}",
                taint_name(taint),
                decision_text(&gate)
            );
        }
        let ctx = Ctx {
            session,
            profile,
            state,
            audit,
        };
        let (outcome, refused) = match gate {
            Gate::Allowed => ("ran".to_string(), None),
            Gate::Review(reason) => self.review(reason, class, &ctx)?,
            Gate::Approval(reason) => self.approval(reason, class, &ctx)?,
            Gate::Blocked(reason) => ("refused".to_string(), Some((reason.to_string(), MAJOR))),
        };
        audit.append(
            Some(session.id()),
            &Event::Gated {
                class: class.name().to_string(),
                gate: gate.decision().to_string(),
                outcome,
                command_digest: self.digest(),
            },
        )?;
        Ok(refused.map(|(message, code)| {
            eprintln!("jail: the gate refused the command, and nothing ran: {message}");
            code
        }))
    }

    /// The review of the command's words, as of a payload to a public sink
    /// (`review::payload`: the injection scan on all they decode to, then
    /// the configured reviewers other than the built-in one). APPROVE runs
    /// it, MAJOR asks a human, REWORK and REJECTED refuse.
    fn review(&self, reason: &str, class: CommandClass, ctx: &Ctx) -> Outcome {
        let reviewers = crate::tools::reviewers(ctx.profile).map_err(|err| {
            anyhow::anyhow!(
                "the review of the command cannot start (policy key review.reviewers): {err}"
            )
        })?;
        let report = review::payload::review(&self.text(), "jail exec --gate", &reviewers);
        let verdict = review::pipeline::verdict_word(report.verdict);
        let flags: Vec<String> = report
            .flags
            .iter()
            .map(review::payload::PayloadFlag::describe)
            .collect();
        let found = if flags.is_empty() {
            "nothing the scan knows".to_string()
        } else {
            flags.join(", ")
        };
        Ok(match report.verdict {
            Verdict::Approve => (format!("reviewed ({verdict}), ran"), None),
            Verdict::Major => {
                let why = format!("{reason}, and its review needs a human (MAJOR: {found})");
                self.approval(&why, class, ctx)?
            }
            Verdict::Rework | Verdict::Rejected => (
                format!("refused by the review ({verdict})"),
                Some((
                    format!(
                        "{reason} ({}), so it is reviewed, and the review refused it \
                         ({verdict}: {found}). Remove the text aimed at a reviewer from the \
                         command, or run it in a session that has not read public input",
                        class.name()
                    ),
                    REJECTED,
                )),
            ),
        })
    }

    /// A human decides; without a terminal the answer is no.
    fn approval(&self, reason: &str, class: CommandClass, ctx: &Ctx) -> Outcome {
        let approvals = Approvals::new(ctx.state, ctx.profile.rpc.approval_timeout_secs, false);
        let pending = Pending {
            id: String::new(),
            session: ctx.session.id().to_string(),
            tool: format!("jail exec --gate ({} command)", class.name()),
            reason: reason.to_string(),
            preview: self.text(),
            created: state::now(),
        };
        let (id, decision) = approvals.ask(pending, &AtomicBool::new(false), ctx.audit)?;
        ctx.audit.append(
            Some(ctx.session.id()),
            &decision.event(id, "jail exec --gate".into()),
        )?;
        Ok(match decision {
            Decision::Approved { by } => (format!("approved by {by}, ran"), None),
            Decision::Denied { why, .. } => (
                "refused: not approved".to_string(),
                Some((
                    format!(
                        "{reason} ({}), so a human must approve it, and {why}. Approve it at a \
                         terminal (or with `jail approve ID` from another), or keep this \
                         session to local commands (docs/gate.md lists them)",
                        class.name()
                    ),
                    MAJOR,
                )),
            ),
        })
    }
}

/// What the review and the approval need of the run.
struct Ctx<'a> {
    session: &'a Session,
    profile: &'a policy::Profile,
    state: &'a StateDir,
    audit: &'a AuditLog,
}

/// What came of a review or an approval: the audit line's outcome, and
/// when refused the message and the exit status.
type Outcome = anyhow::Result<(String, Option<(String, u8)>)>;

fn taint_name(taint: Taint) -> &'static str {
    match (taint.corruption, taint.secret) {
        (false, false) => "none",
        (true, false) => "corruption",
        (false, true) => "secret",
        (true, true) => "corruption + secret",
    }
}

fn decision_text(gate: &Gate) -> String {
    match gate {
        Gate::Allowed => "run".to_string(),
        Gate::Review(reason) => {
            format!("review ({reason}): the injection scan and the configured reviewers read it")
        }
        Gate::Approval(reason) => format!("human approval ({reason})"),
        Gate::Blocked(reason) => format!("refuse ({reason})"),
    }
}
