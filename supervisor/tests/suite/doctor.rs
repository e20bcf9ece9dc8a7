//! `jail doctor` on hosts whose sysctls block user namespaces. This machine
//! (Debian 12) has no AppArmor user-namespace restriction, so the tests point
//! doctor at a fake sysctl tree through its test seam, JAIL_SYSCTL_ROOT.
//! Root is not restricted by the unprivileged switches, so what doctor
//! concludes depends on who runs the tests (as root and as a user in CI).

use std::path::{Path, PathBuf};

use super::common::{
    fake_sysctls, jail, jail_bin, run, stderr, stdout, userns_blocked_sysctls, workdir,
};

const APPARMOR: &str = "kernel.apparmor_restrict_unprivileged_userns";

/// A sysctl tree holding `values` (dotted names), as /proc/sys lays it out.
fn doctor(sysctls: &Path, args: &[&str]) -> std::process::Output {
    let work = workdir();
    run(jail(work.path())
        .env("JAIL_SYSCTL_ROOT", sysctls)
        .arg("doctor")
        .args(args))
}

/// The binary's real path, as doctor names it in its commands.
fn real_bin() -> PathBuf {
    std::fs::canonicalize(jail_bin()).expect("jail binary")
}

fn root() -> bool {
    nix::unistd::geteuid().is_root()
}

#[test]
fn doctor_names_the_apparmor_restriction_and_both_fixes() {
    let sysctls = fake_sysctls(&[(APPARMOR, "1\n")]);
    let output = doctor(sysctls.path(), &[]);
    let text = stdout(&output);
    let bin = real_bin();
    for needle in [
        format!("{APPARMOR} = 1"),
        format!("sudo sysctl -w {APPARMOR}=0"),
        format!("sudo scripts/install-apparmor-profile.sh {}", bin.display()),
        format!(
            "{} doctor --apparmor-profile | sudo tee /etc/apparmor.d/jail >/dev/null \
             && sudo apparmor_parser -r /etc/apparmor.d/jail",
            bin.display()
        ),
    ] {
        assert!(text.contains(&needle), "missing {needle:?} in:\n{text}");
    }
    if root() {
        assert!(
            text.contains("blocks unprivileged users, not root"),
            "{text}"
        );
        assert!(text.contains("\ntier: full ("), "{text}");
        assert_eq!(output.status.code(), Some(0), "{text}");
    } else {
        assert!(text.contains("FAIL user namespaces"), "{text}");
        assert!(text.contains("\ntier: degraded ("), "{text}");
        assert!(text.contains("only with --allow-degraded"), "{text}");
        assert_eq!(output.status.code(), Some(1), "{text}");
    }
}

#[test]
fn doctor_json_carries_the_tier_and_the_fixes() {
    let sysctls = fake_sysctls(&[(APPARMOR, "1")]);
    let output = doctor(sysctls.path(), &["--json"]);
    let report: serde_json::Value =
        serde_json::from_slice(&output.stdout).expect("doctor --json prints JSON");
    let tier = &report["tier"];
    let userns = &report["checks"][0];
    assert_eq!(userns["name"], "user namespaces", "{report:#}");
    let fixes = userns["fixes"].to_string();
    assert!(fixes.contains("/etc/apparmor.d/jail"), "{report:#}");
    assert!(fixes.contains(&format!("{APPARMOR}=0")), "{report:#}");
    if root() {
        assert_eq!(tier["name"], "full", "{report:#}");
        assert_eq!(userns["ok"], true, "{report:#}");
    } else {
        assert_eq!(tier["name"], "degraded", "{report:#}");
        assert_eq!(tier["runs"], false, "{report:#}");
        assert_eq!(userns["ok"], false, "{report:#}");
        assert_eq!(report["runnable"], false, "{report:#}");
    }
}

#[test]
fn doctor_on_a_permissive_host_gives_the_full_tier_and_no_fixes() {
    let sysctls = fake_sysctls(&[
        (APPARMOR, "0"),
        ("kernel.unprivileged_userns_clone", "1"),
        ("user.max_user_namespaces", "15000"),
    ]);
    let output = doctor(sysctls.path(), &[]);
    let text = stdout(&output);
    assert!(text.contains("ok   user namespaces"), "{text}");
    assert!(!text.contains("apparmor"), "{text}");
    assert!(text.contains("\ntier: full ("), "{text}");
}

#[test]
fn max_user_namespaces_zero_blocks_root_too() {
    let sysctls = fake_sysctls(&[("user.max_user_namespaces", "0")]);
    let output = doctor(sysctls.path(), &["--json"]);
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(report["tier"]["name"], "degraded", "{report:#}");
    assert!(
        report["checks"][0]["fixes"]
            .to_string()
            .contains("sudo sysctl -w user.max_user_namespaces="),
        "{report:#}"
    );
}

#[test]
fn a_blocked_host_runs_only_with_allow_degraded() {
    let sysctls = userns_blocked_sysctls();
    let output = doctor(sysctls.path(), &[]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stdout(&output).ends_with(
            "cannot run here, except in the degraded tier: --allow-degraded (or \
             JAIL_ALLOW_DEGRADED=1)\n"
        ),
        "{}",
        stdout(&output)
    );
    let work = workdir();
    let output = run(jail(work.path())
        .env("JAIL_SYSCTL_ROOT", sysctls.path())
        .env("JAIL_ALLOW_DEGRADED", "1")
        .args(["doctor", "--json"]));
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let report: serde_json::Value = serde_json::from_slice(&output.stdout).expect("json");
    assert_eq!(report["runnable"], true, "{report:#}");
    assert_eq!(report["tier"]["name"], "degraded", "{report:#}");
    assert_eq!(report["tier"]["runs"], true, "{report:#}");
}

#[test]
fn the_apparmor_profile_is_attached_to_this_binary() {
    let output = run(jail(workdir().path()).args(["doctor", "--apparmor-profile"]));
    let text = stdout(&output);
    assert!(output.status.success(), "{text}");
    assert!(
        text.starts_with("# AppArmor profile for the jail binary"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "\nprofile jail {} flags=(unconfined) {{\n  userns,\n",
            real_bin().display()
        )),
        "{text}"
    );
}
