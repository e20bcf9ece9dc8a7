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
    let file = dir.path().join("policy.toml");
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
            "cgroups"
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
