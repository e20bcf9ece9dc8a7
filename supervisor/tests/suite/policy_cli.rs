//! `jail policy`, `--policy`/`JAIL_POLICY`, and `jail doctor`.

use super::common::*;

#[test]
fn policy_check_names_file_line_and_key() {
    let dir = workdir();
    let file = dir.path().join("bad.toml");
    std::fs::write(&file, "[profile.default]\ncwd = \"ro\"\ntmpsize = \"1G\"\n").expect("write");
    let out = run(jail(dir.path()).args(["policy", "check", file.to_str().expect("utf-8")]));
    assert_eq!(out.status.code(), Some(125));
    let err = stderr(&out);
    assert!(err.contains("bad.toml:3:1"), "{err}");
    assert!(err.contains("unknown field `tmpsize`"), "{err}");
    assert!(
        err.contains("tmp_size"),
        "the message lists the valid keys: {err}"
    );
}

#[test]
fn policy_check_accepts_a_good_file_and_show_prints_the_effective_profile() {
    let dir = workdir();
    let file = dir.path().join("good.toml");
    std::fs::write(&file, "[profile.ci]\ncwd = \"rw\"\nhostname = \"ci-box\"\n").expect("write");
    let out = run(jail(dir.path()).args(["policy", "check", file.to_str().expect("utf-8")]));
    assert_ok(&out);
    assert!(stdout(&out).contains("profiles: check, ci, default, tsc"));

    let out =
        run(jail(dir.path())
            .env("JAIL_POLICY", &file)
            .args(["policy", "show", "--profile", "ci"]));
    assert_ok(&out);
    let text = stdout(&out);
    assert!(text.contains("[profile.ci]"), "{text}");
    assert!(text.contains("hostname = \"ci-box\""), "{text}");
    assert!(
        text.contains("tmp_size = \"256MiB\""),
        "defaults are filled in: {text}"
    );
}

#[test]
fn a_profile_from_the_policy_file_governs_the_jail() {
    let dir = workdir();
    // Not in the writable working directory: no writable bind may hold it.
    let policy_dir = workdir();
    let file = policy_dir.path().join("policy.toml");
    std::fs::write(&file, "[profile.ci]\ncwd = \"rw\"\nhostname = \"ci-box\"\n").expect("write");
    let out = run(jail(dir.path()).args([
        "--policy",
        file.to_str().expect("utf-8"),
        "exec",
        "--profile",
        "ci",
        "--",
        "sh",
        "-c",
        "cat /proc/sys/kernel/hostname; echo made > made.txt",
    ]));
    assert_ok(&out);
    assert_eq!(stdout(&out), "ci-box\n");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("made.txt"))
            .ok()
            .as_deref(),
        Some("made\n")
    );
}

#[test]
fn an_unknown_profile_is_an_error_listing_the_known_ones() {
    let dir = workdir();
    let out = run(jail(dir.path()).args(["exec", "--profile", "nope", "--", "true"]));
    assert_eq!(out.status.code(), Some(125));
    assert!(
        stderr(&out).contains("known profiles: check, default, tsc"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn doctor_reports_each_layer_and_passes_here() {
    let dir = workdir();
    let out = run(jail(dir.path()).args(["doctor", "--json"]));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let names: Vec<&str> = report["checks"]
        .as_array()
        .expect("checks")
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    assert_eq!(
        names,
        [
            "user namespaces",
            "default profile",
            "landlock",
            "seccomp",
            "cgroups",
            "helper",
            "state dir"
        ]
    );
    // This test only runs where jails run at all, so the trial must pass.
    assert_eq!(report["runnable"], true, "{report}");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn doctor_fails_when_the_default_profile_cannot_run() {
    let dir = workdir();
    let file = dir.path().join("broken.toml");
    std::fs::write(
        &file,
        "[profile.default]\nrw = [\"/nonexistent-jail-doctor-path\"]\n",
    )
    .expect("write");
    let out = run(jail(dir.path()).env("JAIL_POLICY", &file).arg("doctor"));
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let text = stdout(&out);
    assert!(text.contains("ok   user namespaces"), "{text}");
    assert!(text.contains("FAIL default profile"), "{text}");
    assert!(text.contains("/nonexistent-jail-doctor-path"), "{text}");
    assert!(
        text.contains("the default profile cannot run here"),
        "{text}"
    );
}

/// `jail policy pin` records a file's hash in the policy file (comments
/// kept); the profile then runs only that file, and only while it hashes
/// as recorded. A refused command starts no session.
#[test]
fn a_pinned_profile_runs_only_unchanged_pinned_commands() {
    let setup = Setup::new("# ours\n[profile.p]\ncwd = \"ro\" # kept\n");
    let tool = setup.dir.path().join("tool");
    std::fs::copy("/bin/true", &tool).expect("copy true");
    let tool_arg = tool.to_str().expect("utf-8");
    let out = run(setup
        .jail()
        .args(["policy", "pin", "--profile", "p", tool_arg]));
    assert_ok(&out);
    let policy = std::fs::read_to_string(setup.dir.path().join("policy.toml")).expect("policy");
    assert!(
        policy.starts_with("# ours\n[profile.p]\ncwd = \"ro\" # kept\n"),
        "{policy}"
    );
    assert!(policy.contains("[profile.p.pins]"), "{policy}");

    let exec = |command: &[&str]| {
        run(setup
            .jail()
            .args(["exec", "--profile", "p", "--ro", tool_arg, "--"])
            .args(command))
    };
    assert_ok(&exec(&[tool_arg]));
    for unpinned in [&["/bin/echo", "hi"][..], &["true"][..]] {
        let out = exec(unpinned);
        assert_eq!(out.status.code(), Some(125), "{unpinned:?}");
        assert!(
            stderr(&out).contains("runs only pinned commands"),
            "{}",
            stderr(&out)
        );
    }
    let sessions = || std::fs::read_dir(setup.state().join("sessions")).map_or(0, |d| d.count());
    let before = sessions();
    std::fs::write(&tool, b"#!/bin/sh\necho swapped\n").expect("swap");
    let out = exec(&[tool_arg]);
    assert_eq!(out.status.code(), Some(125));
    assert!(
        stderr(&out).contains(&format!("pinned file {tool_arg} changed")),
        "{}",
        stderr(&out)
    );
    assert!(!stdout(&out).contains("swapped"));
    assert_eq!(sessions(), before, "a refused command started a session");
}

#[test]
fn a_bad_pin_names_the_key_and_the_fix() {
    let setup = Setup::new("[profile.p.pins]\n\"/usr/bin/node\" = \"abc\"\n");
    let out = run(setup
        .jail()
        .args(["exec", "--profile", "p", "--", "/bin/true"]));
    assert_eq!(out.status.code(), Some(125));
    let err = stderr(&out);
    assert!(
        err.contains("pins") && err.contains("jail policy pin"),
        "{err}"
    );
}

/// Pinning into a built-in profile the file does not name yet starts the
/// new table from the built-in one, so `tsc` keeps its checker settings.
#[test]
fn pinning_a_built_in_profile_keeps_its_settings() {
    let setup = Setup::new("# empty\n");
    assert_ok(&run(setup.jail().args([
        "policy",
        "pin",
        "--profile",
        "tsc",
        "/bin/true",
    ])));
    let out = run(setup.jail().args(["policy", "show", "--profile", "tsc"]));
    assert_ok(&out);
    let shown = stdout(&out);
    assert!(shown.contains("require_review = true"), "{shown}");
    assert!(shown.contains("timeout_secs = 1800"), "{shown}");
    assert!(shown.contains("[profile.tsc.pins]"), "{shown}");
}
