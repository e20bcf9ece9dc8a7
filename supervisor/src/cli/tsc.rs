//! `jail tsc [DIR]`: the project's own TypeScript compiler as
//! `tsc --noEmit --pretty false --incremental false` in a jail under the
//! `tsc` profile (project read-only, no network, no tools, /tmp the only
//! writable place), its diagnostics parsed, optionally against a baseline.
//!
//! The jail is `jail exec` itself, run as a child process with its stdout
//! captured: one way to jail a command, and the extra exec (~2 ms) is
//! nothing beside a compiler run (docs/decisions/0006).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::Context;
use clap::Args;
use serde::{Deserialize, Serialize};

/// Diagnostics kept in a result, and bytes kept of one message.
const MAX_DIAGNOSTICS: usize = 1000;
const MAX_MESSAGE_BYTES: usize = 4000;

#[derive(Args)]
pub struct TscArgs {
    /// The project directory (where tsconfig.json is); default: the current one.
    dir: Option<PathBuf>,
    /// The compiler's entry script; default: the project's
    /// `node_modules/.bin/tsc`.
    #[arg(long, value_name = "PATH")]
    tsc: Option<PathBuf>,
    /// The Node.js binary; default: `node` on PATH.
    #[arg(long, value_name = "PATH")]
    node: Option<PathBuf>,
    /// Profile of the policy to use.
    #[arg(long, default_value = "tsc")]
    profile: String,
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

/// What `--json` prints, and what `--baseline` reads back.
#[derive(Debug, Serialize, Deserialize)]
struct TscResult {
    /// tsc exited 0 and printed no diagnostic.
    passed: bool,
    exit_code: i32,
    counts: Counts,
    diagnostics: Vec<Diagnostic>,
    /// More diagnostics than are kept, or a message cut short.
    truncated: bool,
    wall_ms: u64,
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
    let project = args.dir.clone().unwrap_or_else(|| PathBuf::from("."));
    let project = std::fs::canonicalize(&project)
        .with_context(|| format!("cannot open the project directory {}", project.display()))?;
    let baseline = args.baseline.as_deref().map(read_baseline).transpose()?;
    let tsc = compiler_script(&project, args.tsc.as_deref())?;
    let node = node_binary(args.node.as_deref())?;
    // With pins, the script must be one too; `jail exec` below checks node
    // and hashes every pinned file (the script included) once.
    crate::pins::require_pinned(&args.profile, profile, &tsc, &tsc.display().to_string())?;

    // What lies outside the project and the system dirs is bound read-only.
    let mut extra_ro = Vec::new();
    if !tsc.starts_with(&project) {
        // bin/tsc -> the package, whose lib/ holds the compiler and lib.d.ts.
        let package = tsc.parent().and_then(Path::parent).unwrap_or(&tsc);
        extra_ro.push(package.to_path_buf());
    }
    let in_system = |path: &Path| profile.system_ro.iter().any(|d| path.starts_with(&d.0));
    if !in_system(&node) {
        if let Some(dir) = node.parent() {
            extra_ro.push(dir.to_path_buf());
        }
    }

    let mut command = Command::new(std::env::current_exe().context("cannot find the jail binary")?);
    // The child runs in the project: paths relative to here must not move.
    let here = std::env::current_dir().context("cannot read the current directory")?;
    if let Some(path) = policy_path {
        command.arg("--policy").arg(here.join(path));
    }
    if let Some(dir) = state_dir {
        command.arg("--state-dir").arg(here.join(dir));
    }
    command.args(["exec", "--profile", &args.profile]);
    for dir in &extra_ro {
        command.arg("--ro").arg(dir);
    }
    if let Some(secs) = args.timeout {
        command.arg("--timeout").arg(secs.to_string());
    }
    if args.allow_degraded {
        command.arg("--allow-degraded");
    }
    command
        .arg("--")
        .arg(&node)
        .arg(&tsc)
        .args(["--noEmit", "--pretty", "false", "--incremental", "false"])
        .args(["-p", "."])
        .args(&args.extra)
        .current_dir(&project)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    let started = Instant::now();
    let output = command.output().context("cannot start the jail")?;
    let wall_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    let exit_code = output
        .status
        .code()
        .unwrap_or(i32::from(crate::JAIL_FAILED));
    let text = String::from_utf8_lossy(&output.stdout);
    let (diagnostics, cut) = parse(&text);
    let mut result = TscResult {
        passed: exit_code == 0 && diagnostics.is_empty(),
        exit_code,
        counts: count(&diagnostics),
        truncated: cut || diagnostics.len() > MAX_DIAGNOSTICS,
        diagnostics,
        wall_ms,
        new_diagnostics_count: None,
        new_diagnostics: Vec::new(),
    };
    if let Some(old) = &baseline {
        result.new_diagnostics = new_since(old, &result.diagnostics);
        result.new_diagnostics_count = Some(result.new_diagnostics.len());
    }
    result.diagnostics.truncate(MAX_DIAGNOSTICS);
    result.new_diagnostics.truncate(MAX_DIAGNOSTICS);

    // tsc: 0 clean, 1 or 2 with diagnostics; anything else is the jail's
    // or a signal's, passed on as it is.
    let compiled = matches!(exit_code, 0..=2);
    if args.json {
        outln!("{}", serde_json::to_string_pretty(&result)?);
    } else {
        out!("{text}");
        summary(&result);
    }
    if !compiled {
        return Ok(u8::try_from(exit_code).unwrap_or(crate::JAIL_FAILED));
    }
    Ok(match result.new_diagnostics_count {
        Some(0) => 0,
        Some(_) => 1,
        None => u8::from(!result.passed),
    })
}

fn summary(result: &TscResult) {
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

/// The compiler's entry script, resolved to its real path.
fn compiler_script(project: &Path, given: Option<&Path>) -> anyhow::Result<PathBuf> {
    let path = match given {
        Some(path) => path.to_path_buf(),
        None => project.join("node_modules/.bin/tsc"),
    };
    std::fs::canonicalize(&path).with_context(|| match given {
        Some(_) => format!("no TypeScript compiler at {} (--tsc)", path.display()),
        None => format!(
            "no TypeScript compiler at {}; install the project's (`npm install --save-dev \
             typescript`) or name one with --tsc PATH",
            path.display()
        ),
    })
}

/// `node`: the given path or the first on PATH, resolved to its real path.
fn node_binary(given: Option<&Path>) -> anyhow::Result<PathBuf> {
    let found = match given {
        Some(path) => Some(path.to_path_buf()),
        None => std::env::var_os("PATH").and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|dir| dir.join("node"))
                .find(|candidate| candidate.is_file())
        }),
    };
    let path = found.context("no `node` on PATH; install Node.js or name it with --node PATH")?;
    std::fs::canonicalize(&path)
        .with_context(|| format!("cannot open the Node.js binary {}", path.display()))
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
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the baseline {}", path.display()))?;
    let old: TscResult = serde_json::from_str(&text).with_context(|| {
        format!(
            "the baseline {} is not a `jail tsc --json` result",
            path.display()
        )
    })?;
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
