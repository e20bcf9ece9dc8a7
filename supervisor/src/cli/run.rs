//! `jail run FILE [-- ARGS]`: review, then run exactly the reviewed bytes in
//! a jail with a session and its channel.

use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use anyhow::Context;
use clap::Args;
use serde::{Deserialize, Serialize};

use super::exec::JailOptions;
use super::review::{self as review_cmd, MAJOR, REJECTED, REWORK};
use crate::approvals::{Approvals, Decision, Pending};
use crate::audit::AuditLog;
use crate::fsview::HostFs;
use crate::state::{self, StateDir};
use review::pipeline::Report;
use review::reviewer::Verdict;
use review::Lang;

#[derive(Args)]
pub struct RunArgs {
    #[command(flatten)]
    jail: JailOptions,
    /// The language, when the file name does not say.
    #[arg(long, value_name = "LANG")]
    lang: Option<String>,
    /// Print the review report as JSON (on stderr, before the run).
    #[arg(long)]
    json: bool,
    /// The file to review and run.
    file: PathBuf,
    /// Arguments for the program.
    #[arg(last = true, value_name = "ARGS")]
    args: Vec<String>,
}

/// Where the reviewed code appears in the jail.
const CODE_DIR: &str = "/run/jail/code";

/// REWORK verdicts so far for one lineage of code (one file path).
#[derive(Default, Serialize, Deserialize)]
struct Lineage {
    reworks: u32,
}

pub fn run(
    policy_path: Option<&Path>,
    state_dir: Option<&Path>,
    args: RunArgs,
) -> anyhow::Result<u8> {
    let policy = super::load_policy(policy_path)?;
    let profile = policy.profile(&args.jail.profile)?;
    // Read once: what is reviewed is what runs, whatever happens to the
    // file from here on.
    let (source, lang) = review_cmd::load(&args.file, args.lang.as_deref())?;
    let interpreter = interpreter_for(lang)?;
    let state = StateDir::resolve(state_dir)?;
    let audit = super::audit_log(&state, &policy);
    let verified = audit.verify_current()?;
    // A session that cannot be continued is refused before the review.
    if let Some(id) = &args.jail.session {
        crate::session::Session::check(&state, id, &args.jail.profile)?;
    }
    let report = review_cmd::reviewed(
        &source,
        lang,
        &args.jail.profile,
        profile,
        &state,
        &audit,
        false,
    )?;
    if args.json {
        eprintln!("{}", serde_json::to_string_pretty(&report)?);
    }
    if let Some(refused) = judge(&report, &args.file, profile, &state, &audit)? {
        return Ok(refused);
    }
    let code = PrivateCopy::write(&source, lang)?;
    let argv: Vec<String> = [interpreter.to_string(), code.dest.clone()]
        .into_iter()
        .chain(args.args.iter().cloned())
        .collect();
    let protected = super::exec::protected(policy_path, &state);
    let secrets = super::exec::proxy_secrets(profile)?;
    let request = args.jail.request(
        argv,
        vec![code.bind.clone()],
        protected,
        super::exec::extras(profile, &secrets),
    )?;
    let plan = policy::plan::build(profile, &request, &HostFs)?;
    // What else the program could run is reviewed too (from the full
    // plan's binds: the degraded tier shows the same paths in place).
    let exposed = super::exposed::sources(&plan, profile, Path::new(&code.dest))?;
    if let Some(refused) = review_exposed(&exposed, &args.jail.profile, profile, &state, &audit)? {
        return Ok(refused);
    }
    let tiered = crate::tier::choose(plan, args.jail.allow_degraded)?;
    let launched = super::exec::Launched {
        state,
        audit,
        log_check: super::exec::LogCheck::Made {
            keep_records: super::exec::records_to_keep(&policy, &verified),
        },
        reviewed: true,
        gated: None,
        secrets,
    };
    let status = super::exec::launch(profile, &args.jail, &tiered.plan, launched);
    drop(code);
    status
}

/// Reviews each exposed source file (cached approvals make a second run
/// cheap); None when every one is approved, else the exit status of the
/// worst verdict, each refused file said on stderr.
fn review_exposed(
    exposed: &[(PathBuf, Lang)],
    profile_name: &str,
    profile: &policy::Profile,
    state: &StateDir,
    audit: &AuditLog,
) -> anyhow::Result<Option<u8>> {
    let mut worst: Option<Verdict> = None;
    for (path, lang) in exposed {
        let (source, _) = review_cmd::load(path, Some(lang.name()))?;
        let report =
            review_cmd::reviewed(&source, *lang, profile_name, profile, state, audit, false)?;
        if report.verdict == Verdict::Approve {
            continue;
        }
        eprintln!(
            "jail: {} is exposed to the program and its review is {}: {}",
            path.display(),
            review::pipeline::verdict_word(report.verdict),
            report
                .findings
                .first()
                .map_or("see `jail review` of it", |f| f.message.as_str())
        );
        worst = Some(worst.map_or(report.verdict, |w| w.max(report.verdict)));
    }
    Ok(worst.map(|verdict| {
        eprintln!(
            "jail: not run: a program may only see source it could run that was reviewed and \
             approved; fix or move those files, or bind less (profile key cwd = \"none\")"
        );
        match verdict {
            Verdict::Rejected => REJECTED,
            Verdict::Major => MAJOR,
            _ => REWORK,
        }
    }))
}

/// The program that runs code of `lang`.
fn interpreter_for(lang: Lang) -> anyhow::Result<&'static str> {
    Ok(match lang {
        Lang::Python => "python3",
        Lang::JavaScript => "node",
        Lang::Bash => "bash",
        Lang::TypeScript => anyhow::bail!(
            "jail run does not run TypeScript directly: check it with `jail review`, \
             compile it to JavaScript, and run that"
        ),
    })
}

/// What the verdict means for this run: None to run it, else the exit
/// status without running. REWORK counts against the file's lineage (at
/// most `review.max_rework` in a row); MAJOR asks a human.
fn judge(
    report: &Report,
    file: &Path,
    profile: &policy::Profile,
    state: &StateDir,
    audit: &AuditLog,
) -> anyhow::Result<Option<u8>> {
    let lineage_path = state.lineages().join(format!(
        "{}.json",
        crate::audit::digest(
            std::fs::canonicalize(file)
                .unwrap_or_else(|_| file.to_path_buf())
                .as_os_str()
                .as_encoded_bytes()
        )
    ));
    let mut lineage: Lineage = state::read_json(&lineage_path).unwrap_or_default();
    let findings = || {
        for f in &report.findings {
            let at = f.line.map(|l| format!("line {l}: ")).unwrap_or_default();
            eprintln!("jail: finding: {at}{} ({})", f.message, f.severity);
        }
    };
    match report.verdict {
        Verdict::Approve => {
            lineage.reworks = 0;
            let json = serde_json::to_vec(&lineage)?;
            state::write_atomic(&lineage_path, &json, false)?;
            Ok(None)
        }
        Verdict::Rework => {
            lineage.reworks += 1;
            let json = serde_json::to_vec(&lineage)?;
            state::write_atomic(&lineage_path, &json, false)?;
            findings();
            if lineage.reworks > profile.review.max_rework {
                eprintln!(
                    "jail: REWORK {} times for {}; that is more than review.max_rework ({}): \
                     treated as REJECTED",
                    lineage.reworks,
                    file.display(),
                    profile.review.max_rework
                );
                return Ok(Some(REJECTED));
            }
            eprintln!(
                "jail: REWORK ({} of {} retries): fix the findings and run again",
                lineage.reworks, profile.review.max_rework
            );
            Ok(Some(REWORK))
        }
        Verdict::Major => {
            findings();
            let approvals = Approvals::new(state, profile.rpc.approval_timeout_secs, false);
            let pending = Pending {
                id: String::new(),
                session: "-".into(),
                tool: format!("jail run {}", file.display()),
                reason: "the review needs a human (MAJOR)".into(),
                preview: format!("{} {}", report.language.name(), report.digest),
                created: state::now(),
            };
            let (id, decision) = approvals.ask(pending, &AtomicBool::new(false), audit)?;
            audit.append(None, &decision.event(id, "jail run".into()))?;
            if let Decision::Denied { why, .. } = decision {
                eprintln!("jail: MAJOR, and not approved: {why}");
                return Ok(Some(MAJOR));
            }
            Ok(None)
        }
        Verdict::Rejected => {
            findings();
            eprintln!("jail: REJECTED: the code does not run");
            Ok(Some(REJECTED))
        }
    }
}

/// The reviewed bytes, in a read-only file in a private directory of ours,
/// bound read-only: not in the state dir, which no jail may reach or even
/// learn the path of (mountinfo shows a bind's source). Removed on drop.
struct PrivateCopy {
    _dir: tempfile::TempDir,
    /// The bind of the file at `dest`.
    bind: policy::model::BindSpec,
    /// Where the jail sees it.
    dest: String,
}

impl PrivateCopy {
    fn write(source: &str, lang: Lang) -> anyhow::Result<PrivateCopy> {
        let name = format!(
            "main.{}",
            match lang {
                Lang::Python => "py",
                Lang::JavaScript => "js",
                _ => "sh",
            }
        );
        let dir = tempfile::Builder::new()
            .prefix("jail-run-")
            .tempdir()
            .context("creating the private directory for the reviewed code")?;
        let host_copy = dir.path().join(&name);
        state::write_atomic(&host_copy, source.as_bytes(), false)?;
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&host_copy, std::fs::Permissions::from_mode(0o444))?;
        }
        let dest = format!("{CODE_DIR}/{name}");
        let bind = format!("{}:{dest}", host_copy.display())
            .parse()
            .map_err(|err| anyhow::anyhow!("{err}"))?;
        Ok(PrivateCopy {
            _dir: dir,
            bind,
            dest,
        })
    }
}
