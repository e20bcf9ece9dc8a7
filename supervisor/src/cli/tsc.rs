//! `jail tsc [DIR]`: the project's own TypeScript compiler as
//! `tsc --noEmit --pretty false --incremental false` in a jail under the
//! `tsc` profile (project read-only, no network, no tools, /tmp the only
//! writable place), its diagnostics parsed, optionally against a baseline.
//!
//! The jail is `jail exec` itself, run as a child process with its stdout
//! captured: one way to jail a command, and the extra exec (~2 ms) is
//! nothing beside a compiler run (docs/decisions/0006).

use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::Context;
use clap::Args;
use serde::{Deserialize, Serialize};

use crate::termfilter::TermFilter;
use crate::typescript::{self, Compiler, Project};

/// Diagnostics kept in a result, and bytes kept of one message.
const MAX_DIAGNOSTICS: usize = 1000;
const MAX_MESSAGE_BYTES: usize = 4000;
/// Bytes of the compiler's stderr kept in a failure.
const MAX_STDERR_TAIL: usize = 4000;

#[derive(Args)]
pub struct TscArgs {
    /// Where to start looking for the project (the nearest directory at or
    /// above it with a tsconfig.json); default: the current one.
    dir: Option<PathBuf>,
    /// The compiler's entry script; default: the `bin` of the nearest
    /// `node_modules/typescript` (else `@typescript/native-preview`) at or
    /// above the project.
    #[arg(long, value_name = "PATH")]
    tsc: Option<PathBuf>,
    /// The Node.js binary; default: `node` on PATH.
    #[arg(long, value_name = "PATH")]
    node: Option<PathBuf>,
    /// Profile of the policy to use.
    #[arg(long, default_value = "tsc")]
    profile: String,
    /// Bind a host directory read-only besides those found (the project,
    /// its workspace root, the compiler): what a tsconfig reaches outside.
    #[arg(long, value_name = "DIR")]
    ro: Vec<PathBuf>,
    /// Bind no workspace root (one too large to scan for blocked entries,
    /// say); name what the project needs with --ro instead.
    #[arg(long)]
    no_workspace: bool,
    /// Print the result as JSON on stdout.
    #[arg(long)]
    json: bool,
    /// An earlier `--json` result: fail only on diagnostics not in it.
    #[arg(long, value_name = "FILE")]
    baseline: Option<PathBuf>,
    /// Kill the compiler after this long (exit status 124): seconds, or a
    /// duration like 90s, 2m; 0 means no limit.
    #[arg(long, value_name = "DURATION", value_parser = policy::duration::parse_secs)]
    timeout: Option<u64>,
    /// Where user namespaces are unavailable, run in the degraded tier (as
    /// `jail exec --allow-degraded`; JAIL_ALLOW_DEGRADED=1 is inherited).
    #[arg(long)]
    allow_degraded: bool,
    /// More arguments for tsc (after `--`).
    #[arg(last = true, value_name = "TSC_ARGS")]
    extra: Vec<String>,
}

/// One diagnostic, as tsc prints it with `--pretty false`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Diagnostic {
    /// Relative to the project, as tsc prints it; absent for global ones.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(default)]
    pub line: u32,
    #[serde(default)]
    pub column: u32,
    /// `TS2322` is 2322.
    pub code: u32,
    /// `error`, `warning` or `message`.
    pub category: String,
    pub message: String,
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct Counts {
    errors: usize,
    warnings: usize,
    total: usize,
}

/// Why the compiler's run checked nothing.
#[derive(Debug, Serialize, Deserialize)]
struct Failure {
    reason: String,
    /// The last bytes the compiler (and the jail) wrote on stderr.
    stderr_tail: String,
}

/// What `--json` prints, and what `--baseline` reads back.
#[derive(Debug, Serialize, Deserialize)]
struct TscResult {
    /// tsc ran, exited 0 and printed no diagnostic.
    passed: bool,
    exit_code: i32,
    counts: Counts,
    diagnostics: Vec<Diagnostic>,
    /// More diagnostics than are kept, or a message cut short.
    truncated: bool,
    /// Files in the program, from tsc's statistics.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    files: Option<u64>,
    wall_ms: u64,
    /// Set when the compiler did not run to a result: it crashed, was
    /// killed, or printed nothing a check prints.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    failure: Option<Failure>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    new_diagnostics_count: Option<usize>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    new_diagnostics: Vec<Diagnostic>,
}

pub fn run(
    policy_path: Option<&Path>,
    state_dir: Option<&Path>,
    args: TscArgs,
) -> anyhow::Result<u8> {
    let policy = super::load_policy(policy_path)?;
    let profile = policy.profile(&args.profile)?;
    let start = args.dir.clone().unwrap_or_else(|| PathBuf::from("."));
    let baseline = args.baseline.as_deref().map(read_baseline).transpose()?;
    let (mut project, compiler, node) =
        toolchain(&start, args.tsc.as_deref(), args.node.as_deref())?;
    if args.no_workspace {
        project.workspace = None;
    }
    require_pinned_compiler(&args.profile, profile, &compiler)?;
    // The child runs in the project: paths relative to here must not move.
    let here = std::env::current_dir().context("cannot read the current directory")?;
    let extra_ro = binds(&project, &compiler, &node, profile, &args.ro, &here);
    if let Some((root, why)) = &project.workspace {
        eprintln!(
            "jail tsc: the workspace {} ({why}) is bound read-only",
            root.display()
        );
    }
    let jailed = JailedTsc {
        policy_path,
        state_dir,
        here: &here,
        extra_ro: &extra_ro,
        node: &node,
        compiler: &compiler,
        project: &project,
    };
    let mut command = jailed.command(&args)?;
    let started = Instant::now();
    let ran = run_captured(&mut command)?;
    let wall_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    let text = String::from_utf8_lossy(&ran.stdout);
    let result = judge_run(ran.status.code(), &text, ran.stderr_tail, wall_ms, baseline);
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&result)?);
    } else {
        show(&text, &args.extra, &result);
    }
    Ok(exit_status(&result))
}

/// With pins, what runs must be pinned: the compiler's package directories
/// as trees (a loose --tsc script as itself); `jail exec` checks node and
/// hashes every pin once.
fn require_pinned_compiler(
    profile_name: &str,
    profile: &policy::Profile,
    compiler: &Compiler,
) -> anyhow::Result<()> {
    if compiler.packages.is_empty() {
        let shown = compiler.script.display().to_string();
        crate::pins::require_pinned(profile_name, profile, &compiler.script, &shown)?;
    }
    for package in &compiler.packages {
        crate::pins::require_package_pinned(profile_name, profile, package)?;
    }
    Ok(())
}

/// `jail exec` of the compiler in the project, as a child of ours.
struct JailedTsc<'a> {
    policy_path: Option<&'a Path>,
    state_dir: Option<&'a Path>,
    /// Where `jail tsc` was started: relative paths given to it are from
    /// here, and the child runs in the project.
    here: &'a Path,
    extra_ro: &'a [PathBuf],
    node: &'a Path,
    compiler: &'a Compiler,
    project: &'a Project,
}

impl JailedTsc<'_> {
    fn command(&self, args: &TscArgs) -> anyhow::Result<Command> {
        let mut command =
            Command::new(std::env::current_exe().context("cannot find the jail binary")?);
        if let Some(path) = self.policy_path {
            command.arg("--policy").arg(self.here.join(path));
        }
        if let Some(dir) = self.state_dir {
            command.arg("--state-dir").arg(self.here.join(dir));
        }
        command.args(["exec", "--profile", &args.profile]);
        for dir in self.extra_ro {
            command.arg("--ro").arg(dir);
        }
        if let Some(secs) = args.timeout {
            command.arg("--timeout").arg(secs.to_string());
        }
        if args.allow_degraded {
            command.arg("--allow-degraded");
        }
        // `--diagnostics` makes tsc end a check with statistics (`Files:
        // N`): proof that it ran, where a clean run prints nothing else.
        command
            .arg("--")
            .arg(self.node)
            .arg(&self.compiler.script)
            .args(["--noEmit", "--pretty", "false", "--incremental", "false"])
            .args(["--diagnostics", "-p", "."])
            .args(&args.extra)
            .current_dir(&self.project.dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        Ok(command)
    }
}

/// The result of one check from its exit status (None: killed by a
/// signal), its output and its stderr's tail, against the baseline if any.
fn judge_run(
    status: Option<i32>,
    text: &str,
    stderr_tail: String,
    wall_ms: u64,
    baseline: Option<Vec<Diagnostic>>,
) -> TscResult {
    let exit_code = status.unwrap_or(i32::from(crate::JAIL_FAILED));
    let (diagnostics, cut) = parse(text);
    let files = files_checked(text);
    let failure = judge(exit_code, &diagnostics, files).map(|reason| Failure {
        reason,
        stderr_tail,
    });
    let mut result = TscResult {
        passed: failure.is_none() && exit_code == 0 && diagnostics.is_empty(),
        exit_code,
        counts: count(&diagnostics),
        truncated: cut || diagnostics.len() > MAX_DIAGNOSTICS,
        diagnostics,
        files,
        wall_ms,
        failure,
        new_diagnostics_count: None,
        new_diagnostics: Vec::new(),
    };
    if let (Some(old), None) = (&baseline, &result.failure) {
        result.new_diagnostics = new_since(old, &result.diagnostics);
        result.new_diagnostics_count = Some(result.new_diagnostics.len());
    }
    result.diagnostics.truncate(MAX_DIAGNOSTICS);
    result.new_diagnostics.truncate(MAX_DIAGNOSTICS);
    result
}

/// For a person: the compiler's output (its statistics only when asked
/// for), through the terminal filter, then the summary.
fn show(text: &str, extra: &[String], result: &TscResult) {
    let statistics = extra
        .iter()
        .any(|a| a == "--diagnostics" || a == "--extendedDiagnostics");
    let shown: String = text
        .lines()
        .filter(|line| statistics || !is_statistic(line))
        .map(|line| format!("{line}\n"))
        .collect();
    write_out(
        &mut std::io::stdout(),
        &mut TermFilter::new(),
        shown.as_bytes(),
    );
    summary(result);
}

/// `jail tsc`'s exit status: 0 when clean (or nothing new against the
/// baseline), 1 with diagnostics, 124 on a timeout, 125 when the check
/// itself failed.
fn exit_status(result: &TscResult) -> u8 {
    if result.failure.is_some() {
        // A timeout keeps its own status; every other failure is jail's.
        return if result.exit_code == 124 {
            124
        } else {
            crate::JAIL_FAILED
        };
    }
    match result.new_diagnostics_count {
        Some(0) => 0,
        Some(_) => 1,
        None => u8::from(!result.passed),
    }
}

/// The project around `start`, its compiler (`--tsc` or found), and node.
pub(super) fn toolchain(
    start: &Path,
    tsc: Option<&Path>,
    node: Option<&Path>,
) -> anyhow::Result<(Project, Compiler, PathBuf)> {
    let start = std::fs::canonicalize(start)
        .with_context(|| format!("cannot open the project directory {}", start.display()))?;
    let project = typescript::find_project(&start)?;
    let compiler = match tsc {
        Some(path) => typescript::given_compiler(path)?,
        None => typescript::find_compiler(&project.dir)?,
    };
    let node = typescript::node_binary(node)?;
    Ok((project, compiler, node))
}

/// The read-only binds besides the project (the jail's working directory):
/// the workspace root, the compiler's packages (a loose script's
/// directory), node's directory, and `--ro`; none inside the project,
/// another of them, or the system directories the profile binds anyway.
fn binds(
    project: &Project,
    compiler: &Compiler,
    node: &Path,
    profile: &policy::Profile,
    ro: &[PathBuf],
    here: &Path,
) -> Vec<PathBuf> {
    let loose = compiler
        .packages
        .is_empty()
        .then(|| compiler.script.parent())
        .flatten();
    let wanted = project
        .workspace
        .iter()
        .map(|(root, _)| root.clone())
        .chain(ro.iter().map(|dir| here.join(dir)))
        .chain(compiler.packages.iter().cloned())
        .chain(loose.map(Path::to_path_buf))
        .chain(node.parent().map(Path::to_path_buf));
    let bound_anyway: Vec<&Path> = std::iter::once(project.dir.as_path())
        .chain(profile.system_ro.iter().map(|d| d.0.as_path()))
        .collect();
    let mut out: Vec<PathBuf> = Vec::new();
    for dir in wanted {
        if bound_anyway.iter().any(|b| dir.starts_with(b)) || out.iter().any(|b| dir.starts_with(b))
        {
            continue;
        }
        out.retain(|bound| !bound.starts_with(&dir));
        out.push(dir);
    }
    out
}

/// What the compiler's run left: its status, stdout, and the tail of its
/// stderr, which goes on to ours as it comes.
struct Captured {
    status: std::process::ExitStatus,
    stdout: Vec<u8>,
    stderr_tail: String,
}

fn run_captured(command: &mut Command) -> anyhow::Result<Captured> {
    let mut child = command.spawn().context("cannot start the jail")?;
    let mut err = child.stderr.take().context("the jail's stderr")?;
    let relay = std::thread::spawn(move || {
        let mut tail: Vec<u8> = Vec::new();
        let mut buf = [0u8; 8192];
        let mut ours = std::io::stderr();
        // One filter for the stream: a sequence may be split across reads.
        let mut filter = TermFilter::new();
        loop {
            match err.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => {
                    write_out(&mut ours, &mut filter, &buf[..n]);
                    tail.extend_from_slice(&buf[..n]);
                    let excess = tail.len().saturating_sub(MAX_STDERR_TAIL);
                    tail.drain(..excess);
                }
            }
        }
        tail
    });
    let mut stdout = Vec::new();
    if let Some(mut out) = child.stdout.take() {
        out.read_to_end(&mut stdout)
            .context("cannot read the compiler's output")?;
    }
    let status = child.wait().context("cannot wait for the jail")?;
    let tail = relay.join().unwrap_or_default();
    Ok(Captured {
        status,
        stdout,
        stderr_tail: String::from_utf8_lossy(&tail).into_owned(),
    })
}

/// The compiler's bytes to our stdout or stderr: through the terminal
/// filter when that is a terminal (as `jail exec` relays a jail's output).
fn write_out(to: &mut (impl Write + std::io::IsTerminal), filter: &mut TermFilter, bytes: &[u8]) {
    let mut filtered = Vec::new();
    let bytes = if to.is_terminal() {
        filter.filter(bytes, &mut filtered);
        &filtered[..]
    } else {
        bytes
    };
    // A closed stdout or stderr is the caller's choice; the result stands.
    let _ = to.write_all(bytes).and_then(|()| to.flush());
}

/// Why a run is no check at all, or `None` when tsc ran: it exited 0 with
/// its statistics, or 1 or 2 with diagnostics and its statistics. tsc
/// prints the statistics last, after every diagnostic, except when it
/// stops at the configuration (a global diagnostic, or one in a
/// tsconfig): diagnostics without them are a run that died after
/// reporting, whose list cannot be trusted against a baseline.
fn judge(exit_code: i32, diagnostics: &[Diagnostic], files: Option<u64>) -> Option<String> {
    let config = diagnostics
        .iter()
        .any(|d| d.file.as_deref().is_none_or(|file| file.ends_with(".json")));
    match exit_code {
        1 | 2 if diagnostics.is_empty() => {
            Some(format!("it exited {exit_code} without a diagnostic"))
        }
        0..=2 if files.is_some() => None,
        0 if diagnostics.is_empty() => Some(
            "it exited 0 without checking anything (no diagnostic, no `Files:` statistics)".into(),
        ),
        0..=2 if config => None,
        0..=2 => Some(format!(
            "it exited {exit_code} after {} diagnostics but before its `Files:` statistics \
             (it died after reporting?)",
            diagnostics.len()
        )),
        124 => Some("it ran out of time (--timeout or limits.timeout_secs)".into()),
        125 => Some("the jail could not run it (exit 125)".into()),
        126 | 127 => Some(format!("it could not be executed (exit {exit_code})")),
        code if code > 128 => Some(format!("it was killed by signal {}", code - 128)),
        code => Some(format!("it exited {code}")),
    }
}

/// `Files: N` from the statistics `--diagnostics` prints at the end.
fn files_checked(text: &str) -> Option<u64> {
    text.lines()
        .filter_map(|line| line.strip_prefix("Files:"))
        .find_map(|rest| rest.trim().parse().ok())
}

/// A statistics line: `Check time:  0.37s`, `I/O read:  0.01s`.
fn is_statistic(line: &str) -> bool {
    line.split_once(':').is_some_and(|(key, value)| {
        key.starts_with(|c: char| c.is_ascii_uppercase())
            && key
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || " /()-".contains(c))
            && value.starts_with(' ')
            && value.trim_start().starts_with(|c: char| c.is_ascii_digit())
    })
}

fn summary(result: &TscResult) {
    if let Some(failure) = &result.failure {
        eprintln!(
            "jail tsc: the compiler failed: {}; nothing was checked ({} ms)",
            failure.reason, result.wall_ms
        );
        return;
    }
    let c = &result.counts;
    let new = result
        .new_diagnostics_count
        .map(|n| format!(", {n} new since the baseline"))
        .unwrap_or_default();
    eprintln!(
        "jail tsc: errors: {}, warnings: {}{new} ({} ms)",
        c.errors, c.warnings, result.wall_ms
    );
}

/// Parses `--pretty false` output: `file(line,col): error TS1234: text`,
/// global `error TS1234: text`, and indented continuation lines, which
/// belong to the diagnostic above them. The flag says a message was cut.
pub fn parse(text: &str) -> (Vec<Diagnostic>, bool) {
    let mut out: Vec<Diagnostic> = Vec::new();
    let mut cut = false;
    for line in text.lines() {
        if line.starts_with([' ', '\t']) {
            if let Some(last) = out.last_mut() {
                last.message.push('\n');
                last.message.push_str(line.trim_end());
            }
            continue;
        }
        if let Some(diagnostic) = parse_line(line) {
            out.push(diagnostic);
        }
    }
    for diagnostic in &mut out {
        if diagnostic.message.len() > MAX_MESSAGE_BYTES {
            let mut end = MAX_MESSAGE_BYTES;
            while !diagnostic.message.is_char_boundary(end) {
                end -= 1;
            }
            diagnostic.message.truncate(end);
            cut = true;
        }
    }
    (out, cut)
}

fn parse_line(line: &str) -> Option<Diagnostic> {
    // `<category> TS<code>: <message>`, after an optional `file(l,c): `.
    let (location, rest) = match line.find("): ") {
        Some(i) if line[..i].contains('(') => (Some(&line[..=i]), &line[i + 3..]),
        _ => (None, line),
    };
    let (category, rest) = rest.split_once(" TS")?;
    if !matches!(category, "error" | "warning" | "message") {
        return None;
    }
    let (code, message) = rest.split_once(": ")?;
    let code = code.parse().ok()?;
    let (file, line_no, column) = match location {
        Some(location) => {
            let open = location.rfind('(')?;
            let (l, c) = location[open + 1..location.len() - 1].split_once(',')?;
            (
                Some(location[..open].to_string()),
                l.parse().ok()?,
                c.parse().ok()?,
            )
        }
        None => (None, 0, 0),
    };
    Some(Diagnostic {
        file,
        line: line_no,
        column,
        code,
        category: category.to_string(),
        message: message.to_string(),
    })
}

fn count(diagnostics: &[Diagnostic]) -> Counts {
    let of = |category: &str| {
        diagnostics
            .iter()
            .filter(|d| d.category == category)
            .count()
    };
    Counts {
        errors: of("error"),
        warnings: of("warning"),
        total: diagnostics.len(),
    }
}

fn read_baseline(path: &Path) -> anyhow::Result<Vec<Diagnostic>> {
    let text = match std::fs::read_to_string(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => anyhow::bail!(
            "the baseline {0} does not exist; record one from a run you accept with \
             `jail tsc --json > {0}` (and commit it)",
            path.display()
        ),
        read => read.with_context(|| format!("cannot read the baseline {}", path.display()))?,
    };
    let old: TscResult = serde_json::from_str(&text).with_context(|| {
        format!(
            "the baseline {} is not a `jail tsc --json` result",
            path.display()
        )
    })?;
    if let Some(failure) = &old.failure {
        anyhow::bail!(
            "the baseline {0} is a failed run ({1}), not a list of accepted diagnostics; record \
             it again from a run that checked: `jail tsc --json > {0}`",
            path.display(),
            failure.reason
        );
    }
    if old.truncated {
        eprintln!(
            "jail tsc: the baseline {} was truncated; diagnostics past its first {} count as new",
            path.display(),
            old.diagnostics.len()
        );
    }
    Ok(old.diagnostics)
}

/// Diagnostics not in the baseline. A diagnostic is its file, code and
/// message (lines move when code above them changes); each baseline entry
/// excuses one occurrence.
fn new_since(baseline: &[Diagnostic], now: &[Diagnostic]) -> Vec<Diagnostic> {
    let key = |d: &Diagnostic| (d.file.clone(), d.code, d.message.clone());
    let mut excused: HashMap<_, usize> = HashMap::new();
    for d in baseline {
        *excused.entry(key(d)).or_default() += 1;
    }
    now.iter()
        .filter(|d| match excused.get_mut(&key(d)) {
            Some(n) if *n > 0 => {
                *n -= 1;
                false
            }
            _ => true,
        })
        .cloned()
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_located_global_and_continued_diagnostics() {
        let text =
            "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\n\
                    src/b b.ts(10,1): error TS2345: Argument of type 'x' is not assignable.\n  \
                    Types of property 'y' are incompatible.\n\
                    error TS5058: The specified path does not exist: 'nope'.\n\
                    Found 2 errors.\n";
        let (d, cut) = parse(text);
        assert!(!cut);
        assert_eq!(d.len(), 3, "{d:#?}");
        assert_eq!(d[0].file.as_deref(), Some("src/a.ts"));
        assert_eq!((d[0].line, d[0].column, d[0].code), (3, 7, 2322));
        assert_eq!(d[1].file.as_deref(), Some("src/b b.ts"));
        assert!(d[1]
            .message
            .ends_with("\n  Types of property 'y' are incompatible."));
        assert_eq!(d[2].file, None);
        assert_eq!(d[2].code, 5058);
        assert_eq!(d[2].category, "error");
    }

    #[test]
    fn only_a_run_that_checked_is_judged_a_result() {
        let (one, _) = parse("a.ts(1,1): error TS2322: x\n");
        let (config, _) = parse(
            "tsconfig.json(1,12): error TS5083: Cannot read file 'base.json'.\n\
             error TS18003: No inputs were found in config file 'tsconfig.json'.\n",
        );
        assert_eq!(judge(0, &[], Some(3)), None);
        assert_eq!(judge(2, &one, Some(3)), None);
        assert_eq!(judge(1, &config[..1], None), None);
        assert_eq!(judge(1, &config[1..], None), None);
        assert!(judge(2, &one, None)
            .unwrap()
            .contains("before its `Files:`"));
        for (code, files) in [(0, None), (1, Some(3)), (2, None), (125, None), (137, None)] {
            assert!(judge(code, &[], files).is_some(), "{code} {files:?}");
        }
        assert!(judge(137, &one, None).unwrap().contains("signal 9"));
        assert!(judge(124, &one, None).unwrap().contains("time"));
        let out = "a.ts(1,1): error TS2322: x\nFiles:              53\nI/O read:        0.10s\n\
                   Memory used:    76826K\n";
        assert_eq!(files_checked(out), Some(53));
        let kept: Vec<_> = out.lines().filter(|l| !is_statistic(l)).collect();
        assert_eq!(kept, ["a.ts(1,1): error TS2322: x"]);
    }

    #[test]
    fn a_long_message_is_cut_and_said_to_be() {
        let text = format!("a.ts(1,1): error TS1: {}\n", "é".repeat(MAX_MESSAGE_BYTES));
        let (d, cut) = parse(&text);
        assert!(cut);
        assert!(d[0].message.len() <= MAX_MESSAGE_BYTES);
    }

    #[test]
    fn baseline_excuses_each_old_diagnostic_once_wherever_it_moved() {
        let at = |line, message: &str| Diagnostic {
            file: Some("a.ts".into()),
            line,
            column: 1,
            code: 2322,
            category: "error".into(),
            message: message.into(),
        };
        let old = vec![at(3, "old")];
        let now = vec![at(9, "old"), at(10, "old"), at(11, "new")];
        let new = new_since(&old, &now);
        assert_eq!(new, vec![at(10, "old"), at(11, "new")]);
    }
}
