//! The command line a newcomer meets first (issue 13): `jail` alone is
//! enough for tool calls from inside (it is also `jail-call`), the flags
//! say what they need, output into a closed pipe ends quietly, and a
//! command needs no `--`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::common::*;

/// A copy of `jail` alone in a fresh directory, as `cargo install` or a
/// release leaves it: no `jail-call` file beside it.
struct Lone {
    dir: tempfile::TempDir,
}

impl Lone {
    fn new() -> Lone {
        use std::os::unix::fs::PermissionsExt;
        let dir = workdir();
        let bin = dir.path().join("jail");
        // A link, not a copy, where it can be: a copy is written through
        // an fd that a process forked meanwhile by another test holds
        // until its exec, and running the copy then fails with "Text
        // file busy" (seen in CI).
        if std::fs::hard_link(jail_bin(), &bin).is_err() {
            std::fs::copy(jail_bin(), &bin).expect("copying jail");
            std::fs::set_permissions(&bin, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        }
        Lone { dir }
    }

    fn bin(&self) -> PathBuf {
        std::fs::canonicalize(self.dir.path().join("jail")).expect("real path")
    }

    /// `jail` of this copy from `cwd`, set up as `common::jail` does.
    fn jail(&self, cwd: &Path) -> Command {
        let template = jail(cwd);
        let mut lone = Command::new(self.bin());
        lone.current_dir(cwd);
        for (name, value) in template.get_envs() {
            match value {
                Some(value) => lone.env(name, value),
                None => lone.env_remove(name),
            };
        }
        lone
    }
}

const CALL: &str = r#"jail-call echo "{\"hi\": 1}""#;

#[test]
fn the_jail_binary_alone_serves_jail_call_inside() {
    let lone = Lone::new();
    let work = workdir();
    assert!(!lone.dir.path().join("jail-call").exists());
    let out = run(lone
        .jail(work.path())
        .args(["exec", "--", "sh", "-c", CALL]));
    assert_ok(&out);
    assert_eq!(stdout(&out), "{\"hi\": 1}\n", "{}", stderr(&out));

    // --explain and doctor say where the helper comes from.
    let bin = lone.bin().display().to_string();
    let out = run(lone
        .jail(work.path())
        .args(["exec", "--explain", "--", "true"]));
    assert_ok(&out);
    let wanted = format!("helper      jail-call at /run/jail/bin/jail-call (on PATH)  <- {bin}");
    assert!(stdout(&out).contains(&wanted), "{}", stdout(&out));
    let out = run(lone.jail(work.path()).arg("doctor"));
    let text = stdout(&out);
    let line = text
        .lines()
        .find(|l| l.starts_with("ok   helper "))
        .unwrap_or_else(|| panic!("no helper line in:\n{text}"));
    assert!(
        line.contains(&format!("<- {bin} (this jail binary)")),
        "{line}"
    );
}

#[test]
fn the_jail_binary_alone_serves_jail_call_in_the_degraded_tier() {
    let lone = Lone::new();
    let work = workdir();
    let sysctls = userns_blocked_sysctls();
    let out = run(lone
        .jail(work.path())
        .env("JAIL_SYSCTL_ROOT", sysctls.path())
        .args(["exec", "--allow-degraded", "--", "sh", "-c", CALL]));
    assert_ok(&out);
    assert_eq!(stdout(&out), "{\"hi\": 1}\n", "{}", stderr(&out));
}

/// The helper by its full path, as a payload may start it.
#[test]
fn jail_call_answers_by_its_full_path_and_says_its_usage() {
    let out = sh(
        workdir().path(),
        r#"/run/jail/bin/jail-call echo '{"n": 2}'; jail-call --help | head -1"#,
    );
    assert_ok(&out);
    assert_eq!(
        stdout(&out),
        "{\"n\": 2}\nusage: jail-call TOOL [JSON]\n",
        "{}",
        stderr(&out)
    );
}

#[test]
fn json_without_explain_is_refused_naming_explain() {
    let work = workdir();
    let out = run(jail(work.path()).args(["exec", "--json", "--", "sh", "-c", "echo ran"]));
    assert_eq!(out.status.code(), Some(125), "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    assert!(
        stderr(&out).contains("required arguments were not provided:\n  --explain"),
        "{}",
        stderr(&out)
    );
    // With --explain: the plan as JSON, nothing run.
    let out = run(jail(work.path()).args(["exec", "--explain", "--json", "--", "true"]));
    assert_ok(&out);
    let plan: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json plan");
    assert_eq!(plan["argv"], serde_json::json!(["true"]));
}

/// An error says its cause once: `cannot read policy file X: No such file
/// or directory`, not that and the same cause again.
#[test]
fn an_error_names_its_cause_once() {
    let work = workdir();
    let missing = work.path().join("missing.toml");
    let out = run(jail(work.path())
        .arg("--policy")
        .arg(&missing)
        .args(["exec", "--", "true"]));
    assert_eq!(out.status.code(), Some(125), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("cannot read policy file"), "{err}");
    assert_eq!(err.matches("No such file or directory").count(), 1, "{err}");
}

/// Output into a pipe whose reader has gone: every write fails with EPIPE
/// (deterministically: the read end is closed before jail starts).
fn into_closed_pipe(args: &[&str]) -> Output {
    let (reader, writer) = nix::unistd::pipe().expect("pipe");
    drop(reader);
    let work = workdir();
    let state = workdir();
    // Something for `audit show` to print.
    let ran = run(jail(work.path())
        .env("JAIL_STATE_DIR", state.path())
        .args(["exec", "--", "true"]));
    assert_ok(&ran);
    run(jail(work.path())
        .env("JAIL_STATE_DIR", state.path())
        .args(args)
        .stdout(std::process::Stdio::from(writer)))
}

#[rstest::rstest]
#[case::audit_show(&["audit", "show"])]
#[case::explain(&["exec", "--explain", "--", "true"])]
#[case::explain_json(&["exec", "--explain", "--json", "--", "true"])]
#[case::doctor_json(&["doctor", "--json"])]
#[case::policy_show(&["policy", "show"])]
fn a_closed_stdout_ends_quietly_with_141(#[case] args: &[&str]) {
    let out = into_closed_pipe(args);
    assert_eq!(out.status.code(), Some(141), "{}", stderr(&out));
    assert_eq!(stderr(&out), "");
}

/// A jail's own output into a closed pipe: the payload meets EPIPE (or
/// SIGPIPE), the supervisor neither panics nor says anything about it.
#[test]
fn a_jail_writing_into_a_closed_pipe_leaves_the_supervisor_quiet() {
    let out = into_closed_pipe(&[
        "exec",
        "--",
        "sh",
        "-c",
        "trap '' PIPE; echo x; echo rc=$? >&2",
    ]);
    let err = stderr(&out);
    assert!(err.contains("rc=1\n"), "{err}");
    assert!(!err.contains("panicked") && !err.contains("jail:"), "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
}

#[rstest::rstest]
#[case::plain(&["exec", "sh", "-c", "echo \"$0 $1\"", "a", "-b"])]
#[case::after_options(&["exec", "--env", "X=a", "sh", "-c", "echo \"$X $1\"", "x", "-b"])]
#[case::with_dashes(&["exec", "--", "sh", "-c", "echo \"$0 $1\"", "a", "-b"])]
fn the_command_needs_no_double_dash(#[case] args: &[&str]) {
    let out = run(jail(workdir().path()).args(args));
    assert_ok(&out);
    assert_eq!(stdout(&out), "a -b\n");
}

#[test]
fn options_after_the_command_belong_to_it_and_unknown_ones_before_it_are_refused() {
    let work = workdir();
    // `--explain` after the command is the command's: it runs.
    let out = run(jail(work.path()).args(["exec", "echo", "--explain"]));
    assert_ok(&out);
    assert_eq!(stdout(&out), "--explain\n");
    // A mistyped option is not taken for the command.
    let out = run(jail(work.path()).args(["exec", "--explian", "true"]));
    assert_eq!(out.status.code(), Some(125));
    assert!(
        stderr(&out).contains("unexpected argument '--explian'"),
        "{}",
        stderr(&out)
    );
    // After `--`, anything is the command.
    let out = run(jail(work.path()).args(["exec", "--", "--explain"]));
    assert_eq!(out.status.code(), Some(127), "{}", stderr(&out));
}
