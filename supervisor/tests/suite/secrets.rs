//! Secrets stay outside: blocked binds, masked entries, credential env vars,
//! and nothing of the caller's environment in the jail's init.

use std::os::unix::fs::symlink;

use super::common::*;

#[test]
fn a_blocked_pattern_bind_is_refused() {
    let dir = workdir();
    let ssh = dir.path().join(".ssh");
    std::fs::create_dir(&ssh).expect("mkdir");
    let out =
        run(jail(dir.path()).args(["exec", "--ro", ssh.to_str().expect("utf-8"), "--", "true"]));
    assert_eq!(out.status.code(), Some(125));
    assert!(
        stderr(&out).contains("matches the blocked pattern `.ssh`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_symlink_pointing_into_ssh_is_refused() {
    let home = workdir();
    let ssh = home.path().join(".ssh");
    std::fs::create_dir(&ssh).expect("mkdir");
    std::fs::write(ssh.join("id_ed25519"), "PRIVATE KEY").expect("write");
    let project = workdir();
    let link = project.path().join("harmless");
    symlink(&ssh, &link).expect("symlink");
    let out = run(jail(project.path()).args([
        "exec",
        "--ro",
        link.to_str().expect("utf-8"),
        "--",
        "cat",
        "harmless/id_ed25519",
    ]));
    assert_eq!(out.status.code(), Some(125));
    // The link sits where the caller (and so a jail) can write: refused as
    // a link that could have been planted, before its target is looked at.
    assert!(
        stderr(&out).contains("passes through the symlink"),
        "{}",
        stderr(&out)
    );
    assert!(!stdout(&out).contains("PRIVATE KEY"));
}

#[test]
fn blocked_entries_inside_the_cwd_are_masked() {
    let dir = workdir();
    std::fs::write(dir.path().join(".env"), "API_TOKEN=hunter2").expect("write");
    std::fs::create_dir_all(dir.path().join("sub/.aws")).expect("mkdir");
    std::fs::write(dir.path().join("sub/.aws/credentials"), "aws-secret").expect("write");
    std::fs::write(dir.path().join("visible.txt"), "fine").expect("write");
    let out = sh(
        dir.path(),
        "cat visible.txt; cat .env; ls sub/.aws; cat sub/.aws/credentials; true",
    );
    let text = stdout(&out);
    assert_eq!(text, "fine", "{}", stderr(&out));
    assert!(!text.contains("hunter2") && !text.contains("aws-secret"));
}

#[test]
fn a_credential_looking_env_var_is_not_passed() {
    let dir = workdir();
    let out = run(jail(dir.path())
        .env("JAILTEST_API_TOKEN", "hunter2-token")
        .args(["exec", "--env-pass", "JAILTEST_API_TOKEN", "--", "env"]));
    assert_eq!(out.status.code(), Some(125));
    assert!(
        stderr(&out).contains("env.allow_credentials"),
        "{}",
        stderr(&out)
    );
    assert!(!stdout(&out).contains("hunter2"));

    let out = run(jail(dir.path()).args(["exec", "--env", "DB_PASSWORD=hunter2", "--", "env"]));
    assert_eq!(out.status.code(), Some(125));
    assert!(!stdout(&out).contains("hunter2"));
}

#[test]
fn the_environment_is_cleared_to_the_allowlist() {
    let dir = workdir();
    let out = run(jail(dir.path())
        .env("JAILTEST_SECRET_THING", "hunter2-env")
        .env("JAILTEST_PLAIN", "plain-value")
        .env("LANG", "C.UTF-8")
        .args(["exec", "--env", "MODE=fast", "--", "env"]));
    assert_ok(&out);
    let text = stdout(&out);
    assert!(
        !text.contains("hunter2") && !text.contains("plain-value"),
        "{text}"
    );
    assert!(
        text.contains("MODE=fast\n") && text.contains("LANG=C.UTF-8\n"),
        "{text}"
    );
    assert!(text.contains("HOME=/tmp\n"), "{text}");
}

#[test]
fn the_init_holds_nothing_of_the_callers_environment() {
    let dir = workdir();
    let secret = format!("hunter2-{}", marker("init"));
    let mut child = jail(dir.path())
        .env("JAILTEST_SECRET_IN_SUPERVISOR", &secret)
        .args([
            "exec",
            "--",
            "sh",
            "-c",
            "cat /proc/1/environ /proc/1/cmdline 2>&1; echo; echo ready; sleep 5",
        ])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut reader = std::io::BufReader::new(child.stdout.take().expect("stdout"));
    let mut seen = String::new();
    let mut line = String::new();
    while std::io::BufRead::read_line(&mut reader, &mut line).expect("read") > 0 {
        seen.push_str(&line);
        if line == "ready\n" {
            break;
        }
        line.clear();
    }
    assert!(
        !seen.contains(&secret),
        "the payload read the secret from pid 1: {seen}"
    );
    // From outside: the init's own environ and cmdline hold no trace either.
    let init_pid =
        std::fs::read_to_string(format!("/proc/{}/task/{}/children", child.id(), child.id()))
            .expect("children")
            .trim()
            .to_string();
    for file in ["environ", "cmdline"] {
        if let Ok(bytes) = std::fs::read(format!("/proc/{init_pid}/{file}")) {
            assert!(
                !String::from_utf8_lossy(&bytes).contains(&secret),
                "/proc/{init_pid}/{file} holds the secret"
            );
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}
