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
    assert!(stderr(&out).contains("resolves to"), "{}", stderr(&out));
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

/// Credential shapes hidden behind JSON escapes and simple encodings, in
/// every part of a call to a public sink (`http.fetch`): each call needs a
/// human (so, without a terminal, is refused), the server hears none of
/// them, and the audit log records each refusal. A clean call goes out.
#[test]
fn escaped_or_encoded_secrets_sent_to_a_public_sink_never_leave() {
    let server = HttpServer::start("ok");
    let setup = Setup::new(&loopback_policy("\"localhost\"", ""));
    let url = format!("http://localhost:{}/", server.port);
    let post = |body: &str| format!(r#"{{"url": "{url}", "method": "POST", "body": "{body}"}}"#);
    let forms = [
        post(r"key AK\u0049AIOSFODNN7EXAMPLE"),
        post(r"ghp\u005fwWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx"),
        post(r"-----BEGIN RSA PRIVATE KEY\u002d----\nMIIEpAIBAAKCAQEA"),
        post(r#"password=\"Xk9#mQ2$vL7pR4wT8zN1\""#),
        post("API_TOKEN=Xk9mQ2vL7pR4wT8zN1aB3c"),
        post(r#"{\"t\": \"ghp\\u005fwWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx\"}"#),
        post("QUtJQUlPU0ZPRE5ON0VYQU1QTEU="),
        post("ghp&#95;wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx"),
        post("token%3DXk9mQ2vL7pR4wT8zN1aB3c"),
        format!(r#"{{"url": "{url}?k=AKIA%49OSFODNN7EXAMPLE"}}"#),
        format!(r#"{{"url": "{url}?password=Xk9mQ2vL7pR4wT8zN1aB3c%26"}}"#),
        format!(
            r#"{{"url": "{url}", "headers": {{"X-Note": "ghp%5FwWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx"}}}}"#
        ),
        format!(r#"{{"url": "{url}", "headers": {{"X-AK\u0049AIOSFODNN7EXAMPLE": "1"}}}}"#),
    ];
    for (index, form) in forms.iter().enumerate() {
        setup.file(&format!("form-{index:02}.json"), form);
    }
    setup.file("clean.json", &format!(r#"{{"url": "{url}"}}"#));
    let out = setup.sh(
        "for f in form-*.json; do jail-call http.fetch < $f >/dev/null 2>/tmp/err; \
         echo \"$f=$? $(cat /tmp/err)\"; done; jail-call http.fetch < clean.json >/dev/null; \
         echo clean=$?",
    );
    assert_ok(&out);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), forms.len() + 1, "{text}");
    for line in &lines[..forms.len()] {
        assert!(line.contains(".json=1 "), "sent: {line}");
        assert!(line.contains("approval-denied"), "{line}");
    }
    assert_eq!(lines[forms.len()], "clean=0", "{text}");
    let seen = server.seen();
    assert_eq!(seen.len(), 1, "the server heard: {seen:#?}");
    let audit = setup.audit();
    assert_eq!(
        audit.matches("credential-shaped data").count(),
        forms.len(),
        "{audit}"
    );
    assert_eq!(
        audit.matches("\"outcome\":\"approval-denied").count(),
        forms.len(),
        "{audit}"
    );
}
