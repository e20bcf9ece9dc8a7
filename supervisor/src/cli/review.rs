//! `jail review FILE`: every stage's report; the exit status is the verdict.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;

use crate::audit::{AuditLog, Event};
use crate::state::StateDir;
use review::pipeline::{self, ApprovalCache, Report};
use review::reviewer::{Reviewer, Verdict};
use review::Lang;

/// Exit statuses by verdict (APPROVE is 0); documented in docs/review.md.
pub const REWORK: u8 = 120;
pub const MAJOR: u8 = 121;
pub const REJECTED: u8 = 122;

#[derive(Args)]
pub struct ReviewArgs {
    /// The file to review.
    file: PathBuf,
    /// The language, when the file name does not say (python, javascript,
    /// typescript, bash).
    #[arg(long, value_name = "LANG")]
    lang: Option<String>,
    /// Profile of the policy whose review rules apply.
    #[arg(long, default_value = "default")]
    profile: String,
    /// The report as JSON.
    #[arg(long)]
    json: bool,
    /// Include the sanitized code, as the reviewer saw it.
    #[arg(long)]
    show_sanitized: bool,
}

pub fn run(
    policy_path: Option<&Path>,
    state_dir: Option<&Path>,
    args: ReviewArgs,
) -> anyhow::Result<u8> {
    let policy = super::load_policy(policy_path)?;
    let profile = policy.profile(&args.profile)?;
    let (source, lang) = load(&args.file, args.lang.as_deref())?;
    let state = StateDir::resolve(state_dir)?;
    let audit = super::audit_log(&state, &policy);
    audit.verify_current()?;
    let report = reviewed(
        &source,
        lang,
        &args.profile,
        profile,
        &state,
        &audit,
        args.show_sanitized,
    )?;
    print(&report, args.json)?;
    Ok(exit_code(report.verdict))
}

/// The file's text, once, and its language.
pub fn load(file: &Path, lang: Option<&str>) -> anyhow::Result<(String, Lang)> {
    let lang = match lang {
        Some(name) => Lang::from_name(name).with_context(|| {
            format!("--lang {name}: not a language jail reviews; use python, javascript, typescript or bash")
        })?,
        None => Lang::from_path(file).with_context(|| {
            format!(
                "cannot tell the language of {} from its name; pass --lang python|javascript|typescript|bash",
                file.display()
            )
        })?,
    };
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    let source = String::from_utf8(bytes).map_err(|_| {
        anyhow::anyhow!(
            "{} is not UTF-8 text; jail reviews source code",
            file.display()
        )
    })?;
    Ok((source, lang))
}

/// Runs the pipeline with the profile's reviewers, caches an APPROVE, and
/// writes the verdict to the audit log.
pub fn reviewed(
    source: &str,
    lang: Lang,
    profile_name: &str,
    profile: &policy::Profile,
    state: &StateDir,
    audit: &AuditLog,
    show_sanitized: bool,
) -> anyhow::Result<Report> {
    let reviewers = reviewers(profile)?;
    let cache = ApprovalCache::new(state, profile_name, profile);
    let report = pipeline::review(
        source,
        lang,
        profile,
        Some(&cache),
        &reviewers,
        show_sanitized,
    );
    if report.verdict == Verdict::Approve && !report.cached && profile.review.cache {
        cache.store(&report)?;
    }
    audit.append(
        None,
        &Event::Verdict {
            verdict: pipeline::verdict_word(report.verdict).to_string(),
            detail: format!(
                "{} {}{}",
                lang.name(),
                report.digest,
                if report.cached {
                    " (cached approval)"
                } else {
                    ""
                }
            ),
        },
    )?;
    Ok(report)
}

fn reviewers(profile: &policy::Profile) -> anyhow::Result<Vec<Box<dyn Reviewer>>> {
    crate::tools::reviewers(profile)
        .map_err(|err| anyhow::anyhow!("review.reviewers or review.meta_detectors: {err}"))
}

pub fn exit_code(verdict: Verdict) -> u8 {
    match verdict {
        Verdict::Approve => 0,
        Verdict::Rework => REWORK,
        Verdict::Major => MAJOR,
        Verdict::Rejected => REJECTED,
    }
}

pub fn print(report: &Report, json: bool) -> anyhow::Result<()> {
    if json {
        outln!("{}", serde_json::to_string_pretty(report)?);
        return Ok(());
    }
    for stage in &report.stages {
        outln!(
            "{:<11} {:<9} {:>8} us",
            stage.name,
            stage.outcome,
            stage.micros
        );
        for detail in &stage.details {
            outln!("    {detail}");
        }
    }
    for finding in &report.findings {
        let at = finding
            .line
            .map(|l| format!("line {l}: "))
            .unwrap_or_default();
        outln!("finding: {at}{} ({})", finding.message, finding.severity);
    }
    if report.manipulation {
        outln!("a reviewer reported an attempt to steer the review");
    }
    if let Some(code) = &report.sanitized {
        outln!("--- sanitized code, as the reviewer saw it ---\n{code}");
    }
    outln!(
        "verdict: {}{}",
        pipeline::verdict_word(report.verdict),
        if report.cached {
            " (cached approval)"
        } else {
            ""
        }
    );
    Ok(())
}
