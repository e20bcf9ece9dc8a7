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
        post(r"key AK\u0049AQZ4XRWT7MBN2KLPD"),
        post(r"ghp\u005fwWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx"),
        post(r"-----BEGIN RSA PRIVATE KEY\u002d----\nMIIEpAIBAAKCAQEA"),
        post(r#"password=\"Xk9#mQ2$vL7pR4wT8zN1\""#),
        post("API_TOKEN=Xk9mQ2vL7pR4wT8zN1aB3c"),
        post(r#"{\"t\": \"ghp\\u005fwWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx\"}"#),
        post("QUtJQVFaNFhSV1Q3TUJOMktMUEQ="),
        post("ghp&#95;wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx"),
        post("token%3DXk9mQ2vL7pR4wT8zN1aB3c"),
        format!(r#"{{"url": "{url}?k=AKIA%51Z4XRWT7MBN2KLPD"}}"#),
        format!(r#"{{"url": "{url}?password=Xk9mQ2vL7pR4wT8zN1aB3c%26"}}"#),
        format!(
            r#"{{"url": "{url}", "headers": {{"X-Note": "ghp%5FwWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx"}}}}"#
        ),
        format!(r#"{{"url": "{url}", "headers": {{"X-AK\u0049AQZ4XRWT7MBN2KLPD": "1"}}}}"#),
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

/// The supervisor's egress credential, as a header-reflecting host sees it.
/// `"`, `/`, `+` and `=` make its JSON-escaped, URL-encoded and base64 forms
/// differ from it.
const REFLECTED_CREDENTIAL: &str = "Q7xv9K2m/Zp4+WtR8\"nLc3=Jh6Yd5Bf1Gs0A";

/// `localhost` (a server on `port`) gets `Authorization: Bearer CREDENTIAL`;
/// no rate limit in the way of the tests' 201 calls, however fast they go.
fn credential_policy(port: u16, max_response_bytes: u64) -> String {
    loopback_policy(
        "\"localhost\"",
        &format!(
            "max_response_bytes = {max_response_bytes}\n\
             [profile.default.credentials.API]\nenv = \"TEST_EGRESS_CREDENTIAL\"\n\
             [[profile.default.egress.headers]]\nhost = \"localhost\"\nheader = \"Authorization\"\n\
             credential = \"API\"\nprefix = \"Bearer \"\nport = {port}\nsend_over_plain_http = true\n\
             [profile.default.rpc]\ncalls_per_second = 100000\n"
        ),
    )
}

fn run_with_credential(setup: &Setup, script: &str) -> std::process::Output {
    let out = run(setup
        .jail()
        .env("TEST_EGRESS_CREDENTIAL", REFLECTED_CREDENTIAL)
        .args(["exec", "--", "sh", "-c", script]));
    assert_ok(&out);
    out
}

/// The `body` of each `http.fetch` answer the jail printed, one per line.
fn bodies(out: &std::process::Output) -> Vec<String> {
    stdout(out)
        .lines()
        .map(|line| {
            let reply: serde_json::Value = serde_json::from_str(line).expect("json");
            reply["body"].as_str().expect("body").to_string()
        })
        .collect()
}

/// Every 3-character piece of `secret`: none may reach the jail.
fn pieces(secret: &str) -> Vec<&str> {
    (0..secret.len() - 2).map(|i| &secret[i..i + 3]).collect()
}

/// A reflecting host and a small `egress.max_response_bytes`: the jail pads
/// its request line one byte at a time, so the cut falls at every position
/// of the reflected credential. No piece of it ever reaches the jail.
#[test]
fn a_cut_through_a_reflected_credential_shows_no_part_of_it() {
    let server = HttpServer::reflecting();
    let setup = Setup::new(&credential_policy(server.port, 200));
    let out = run_with_credential(
        &setup,
        &format!(
            "p=; for i in $(seq 0 200); do \
             jail-call http.fetch \"{{\\\"url\\\": \\\"http://localhost:{}/$p\\\"}}\" || exit 1; \
             p=${{p}}a; done",
            server.port
        ),
    );
    let seen = server.seen();
    assert!(
        seen.iter()
            .all(|r| r.contains(&format!("Bearer {REFLECTED_CREDENTIAL}"))),
        "the credential was not sent: {seen:#?}"
    );
    let bodies = bodies(&out);
    assert_eq!(bodies.len(), 201);
    let raw = stdout(&out);
    for body in &bodies {
        for piece in pieces(REFLECTED_CREDENTIAL) {
            assert!(!body.contains(piece), "`{piece}` reached the jail: {body}");
        }
        assert!(!body.contains("Bearer Q"), "{body}");
    }
    assert!(!raw.contains("Q7x"), "{raw}");
}

/// Guessing the credential through the redaction: a right guess (of a
/// prefix, or of the last character with the rest known) gets the same
/// answer as a wrong one, once the guess itself is set aside.
#[test]
fn guesses_of_the_credential_get_indistinguishable_answers() {
    let server = HttpServer::reflecting();
    let setup = Setup::new(&credential_policy(server.port, 1 << 16));
    let secret = REFLECTED_CREDENTIAL;
    let mut guesses = Vec::new();
    for k in [
        1,
        2,
        3,
        4,
        6,
        8,
        12,
        16,
        20,
        24,
        secret.len() - 1,
        secret.len(),
    ] {
        let right = &secret[..k];
        let last = if right.ends_with('z') { 'y' } else { 'z' };
        let wrong = format!("{}{last}", &secret[..k - 1]);
        guesses.push((right.to_string(), wrong));
    }
    let mut script = String::new();
    for (index, (right, wrong)) in guesses.iter().enumerate() {
        for (side, guess) in [("r", right), ("w", wrong)] {
            let body = serde_json::to_string(guess).expect("json");
            setup.file(
                &format!("g{index:02}{side}.json"),
                &format!(
                    r#"{{"url": "http://localhost:{}/", "method": "POST", "body": {body}}}"#,
                    server.port
                ),
            );
            script.push_str(&format!(
                "jail-call http.fetch < g{index:02}{side}.json || exit 1\n"
            ));
        }
    }
    let out = run_with_credential(&setup, &script);
    let bodies = bodies(&out);
    assert_eq!(bodies.len(), guesses.len() * 2);
    for (index, (right, wrong)) in guesses.iter().enumerate() {
        // The reflected request ends with the guess, unless it was redacted.
        let set_aside = |answer: &str, guess: &str| match answer.strip_suffix(guess) {
            Some(rest) => format!("{rest}GUESS"),
            None => answer.to_string(),
        };
        let answer_right = set_aside(&bodies[2 * index], right);
        let answer_wrong = set_aside(&bodies[2 * index + 1], wrong);
        assert_eq!(
            answer_right,
            answer_wrong,
            "guessing {} characters is answered differently when right",
            right.len()
        );
        for piece in pieces(secret) {
            if !right.contains(piece) {
                assert!(!answer_right.contains(piece), "{answer_right}");
            }
        }
    }
}

/// A host that reflects the request JSON-escaped, URL-encoded and in
/// base64 (the way `Authorization: Basic` carries `user:pass`): none of
/// those forms of the credential reaches the jail.
#[test]
fn encoded_reflections_of_the_credential_are_redacted() {
    let server = HttpServer::with_handler(|head| {
        format!(
            "json {}\npercent {}\nbase64 {}\n",
            serde_json::to_string(head).expect("json"),
            percent_encode(head),
            base64_encode(head.as_bytes())
        )
    });
    let setup = Setup::new(&credential_policy(server.port, 1 << 16));
    let out = run_with_credential(
        &setup,
        &format!(
            "jail-call http.fetch '{{\"url\": \"http://localhost:{}/\"}}'",
            server.port
        ),
    );
    let body = &bodies(&out)[0];
    let secret = REFLECTED_CREDENTIAL;
    let json = serde_json::to_string(secret).expect("json");
    let mut forbidden: Vec<String> =
        vec![json[1..json.len() - 1].to_string(), percent_encode(secret)];
    // What base64 of any text holding the credential holds, at each of the
    // three alignments: the characters that depend on its bytes alone.
    for shift in 0..3 {
        let padded = format!("{}{secret}", "x".repeat(shift));
        let encoded = base64_encode(padded.as_bytes());
        let skip = (shift * 4).div_ceil(3) + 1;
        forbidden.push(encoded[skip..encoded.len() - 4].to_string());
    }
    for form in &forbidden {
        for i in 0..form.len() - 5 {
            let piece = &form[i..i + 6];
            assert!(
                !body.contains(piece),
                "`{piece}` of `{form}` reached the jail: {body}"
            );
        }
    }
    assert!(body.contains("[REDACTED]"), "{body}");
}

/// A credential for a host is sent only over https to the port its entry
/// names: not over plain http unless `send_over_plain_http` says so, never
/// to another port of the host. A refusal names the key.
#[test]
fn a_credential_goes_only_where_its_entry_says() {
    let server = HttpServer::reflecting();
    let other = HttpServer::reflecting();
    let fetch = |port: u16| {
        format!(
            "jail-call http.fetch '{{\"url\": \"http://localhost:{port}/\"}}' >/dev/null 2>/tmp/err; \
             echo \"$? $(cat /tmp/err)\";"
        )
    };
    // Only https by default.
    let https_only =
        credential_policy(server.port, 1 << 16).replace("send_over_plain_http = true\n", "");
    let setup = Setup::new(&https_only);
    let out = run_with_credential(&setup, &fetch(server.port));
    assert!(stdout(&out).starts_with("1 "), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("egress.headers[0].send_over_plain_http"),
        "{}",
        stdout(&out)
    );
    assert!(server.seen().is_empty(), "{:#?}", server.seen());

    // Allowed over plain http, but only to the port named.
    let setup = Setup::new(&credential_policy(server.port, 1 << 16));
    let out = run_with_credential(
        &setup,
        &format!("{} {}", fetch(other.port), fetch(server.port)),
    );
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("1 "), "{text}");
    assert!(lines[0].contains("egress.headers[0].port"), "{text}");
    assert!(other.seen().is_empty(), "{:#?}", other.seen());
    assert!(lines[1].starts_with("0"), "{text}");
    let seen = server.seen();
    assert_eq!(seen.len(), 1);
    assert!(
        seen[0].contains(&format!("Bearer {REFLECTED_CREDENTIAL}")),
        "{seen:#?}"
    );
}
