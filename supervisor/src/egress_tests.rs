//! Against a real HTTP/1.1 server on 127.0.0.1 (`testkit::http`), reached as `localhost` (a name on `egress.allow` that
//! resolves to a listed loopback address) or as the literal `127.0.0.1`
//! (admitted through `egress.allow_addresses` alone). Those two spellings
//! are the two "hosts" of the credential test: host patterns carry no
//! port and cannot be IP literals, so a credential for `localhost` must
//! not follow a redirect to `127.0.0.1`, and no /etc/hosts entry is needed.

use super::*;
use std::time::Duration;

use policy::model::CredentialHeader;
use policy::size::ByteSize;
use rstest::rstest;
use testkit::http::{reply, Server};

fn rules(allow: &[&str], addresses: &[&str]) -> Egress {
    Egress {
        allow: allow
            .iter()
            .map(|p| HostPattern::try_from(p.to_string()).expect("pattern"))
            .collect(),
        allow_addresses: addresses
            .iter()
            .map(|a| a.parse().expect("address"))
            .collect(),
        ..Egress::default()
    }
}

/// `localhost` allowed, and the loopback addresses it may resolve to.
fn local_rules() -> Egress {
    rules(&["localhost"], &["127.0.0.1", "::1"])
}

fn get(url: &str) -> FetchRequest {
    FetchRequest {
        url: url.to_string(),
        method: "GET".to_string(),
        headers: BTreeMap::new(),
        body: None,
    }
}

/// `super::fetch` with nothing to redact.
fn fetch(
    req: &FetchRequest,
    rules: &Egress,
    credential: &dyn Fn(&str) -> Option<SecretString>,
    records: &mut Vec<EgressRecord>,
) -> Result<FetchResponse, EgressError> {
    super::fetch(req, rules, credential, &Redactor::default(), records)
}

fn no_credentials(_: &str) -> Option<SecretString> {
    None
}

#[test]
fn get_returns_status_headers_and_body() {
    let server = Server::start(|_| reply(200, &[("X-Test", "yes")], b"hello"));
    let mut records = Vec::new();
    let response = fetch(
        &get(&server.url("localhost", "/path?q=1")),
        &local_rules(),
        &no_credentials,
        &mut records,
    )
    .expect("fetch");
    assert_eq!(response.status, 200);
    assert_eq!(response.body, "hello");
    assert!(!response.truncated);
    assert_eq!(
        response.headers.get("x-test").map(String::as_str),
        Some("yes")
    );
    assert_eq!(response.final_url, server.url("localhost", "/path?q=1"));
    assert_eq!(
        records,
        vec![EgressRecord {
            host: "localhost".to_string(),
            status: 200,
            bytes: 5
        }]
    );
    let (_, seen) = server.stop();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].method, "GET");
    assert_eq!(seen[0].target, "/path?q=1");
    assert!(seen[0].body.is_empty());
}

#[test]
fn error_status_is_a_result() {
    let server = Server::start(|_| reply(404, &[], b"nope"));
    let response = fetch(
        &get(&server.url("localhost", "/missing")),
        &local_rules(),
        &no_credentials,
        &mut Vec::new(),
    )
    .expect("a 404 is not an error");
    assert_eq!((response.status, response.body.as_str()), (404, "nope"));
    server.stop();
}

#[test]
fn host_not_on_allowlist_is_refused_before_connecting() {
    let server = Server::start(|_| reply(200, &[], b"secret data"));
    let mut records = Vec::new();
    let err = fetch(
        &get(&server.url("localhost", "/")),
        &rules(&["example.com"], &["127.0.0.1", "::1"]),
        &no_credentials,
        &mut records,
    )
    .expect_err("refused");
    assert!(matches!(err, EgressError::HostNotAllowed { .. }), "{err:?}");
    assert_eq!(
        err.to_string(),
        "host `localhost` is not on the egress allowlist (policy key egress.allow)"
    );
    assert!(records.is_empty());
    assert_eq!(server.stop().0, 0, "the server saw a connection");
}

#[rstest]
#[case::not_listed("127.0.0.1", &[])]
#[case::other_listed("127.0.0.1", &["127.0.0.2"])]
#[case::short_form("127.1", &["127.0.0.1"])]
#[case::decimal_form("2130706433", &["127.0.0.1"])]
#[case::mapped_form("[::ffff:127.0.0.1]", &["127.0.0.1"])]
fn ip_literal_is_refused_unless_that_address_is_listed(
    #[case] host: &str,
    #[case] addresses: &[&str],
) {
    let server = Server::start(|_| reply(200, &[], b"secret data"));
    let err = fetch(
        &get(&server.url(host, "/")),
        &rules(&["localhost"], addresses),
        &no_credentials,
        &mut Vec::new(),
    )
    .expect_err("refused");
    assert!(
        matches!(err, EgressError::IpLiteralNotAllowed { .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("egress.allow_addresses"), "{err}");
    assert_eq!(server.stop().0, 0, "the server saw a connection");
}

#[test]
fn listed_ip_literal_is_fetched() {
    let server = Server::start(|_| reply(200, &[], b"ok"));
    let response = fetch(
        &get(&server.url("127.0.0.1", "/")),
        &rules(&[], &["127.0.0.1"]),
        &no_credentials,
        &mut Vec::new(),
    )
    .expect("fetch");
    assert_eq!(response.body, "ok");
    server.stop();
}

#[test]
fn allowed_name_resolving_to_loopback_is_refused_unless_listed() {
    let server = Server::start(|_| reply(200, &[], b"secret data"));
    let err = fetch(
        &get(&server.url("localhost", "/")),
        &rules(&["localhost"], &[]),
        &no_credentials,
        &mut Vec::new(),
    )
    .expect_err("refused");
    assert!(matches!(err, EgressError::AddressRefused { .. }), "{err:?}");
    let message = err.to_string();
    assert!(message.contains("loopback"), "{message}");
    assert!(message.contains("egress.allow_addresses"), "{message}");
    assert_eq!(server.stop().0, 0, "the server saw a connection");
}

#[test]
fn pinned_resolver_answers_only_for_the_checked_host() {
    let resolver = PinnedResolver {
        host: "localhost".to_string(),
        port: 8080,
        addrs: vec!["127.0.0.1:8080".parse().expect("addr")],
    };
    let timeout = NextTimeout::default();
    let ask = |url: &str| resolver.resolve(&url.parse().expect("uri"), &Config::default(), timeout);
    let answer = ask("http://LOCALHOST:8080/x").expect("pinned");
    assert_eq!(answer.len(), 1);
    assert_eq!(answer[0], "127.0.0.1:8080".parse().expect("addr"));
    assert!(ask("http://localhost:8081/").is_err());
    assert!(ask("http://example.com:8080/").is_err());
}

#[test]
fn redirect_to_host_not_on_allowlist_is_refused() {
    let server = Server::start(|_| reply(302, &[("Location", "http://evil.example/x")], b""));
    let mut records = Vec::new();
    let err = fetch(
        &get(&server.url("localhost", "/")),
        &local_rules(),
        &no_credentials,
        &mut records,
    )
    .expect_err("refused");
    assert_eq!(
        err.to_string(),
        "host `evil.example` is not on the egress allowlist (policy key egress.allow)"
    );
    assert_eq!(
        records,
        vec![EgressRecord {
            host: "localhost".to_string(),
            status: 302,
            bytes: 0
        }]
    );
    server.stop();
}

#[test]
fn redirect_to_unlisted_address_is_refused() {
    let server = Server::start(|_| {
        reply(
            301,
            &[("Location", "http://169.254.169.254/latest/meta-data/")],
            b"",
        )
    });
    let err = fetch(
        &get(&server.url("localhost", "/")),
        &local_rules(),
        &no_credentials,
        &mut Vec::new(),
    )
    .expect_err("refused");
    assert!(
        matches!(err, EgressError::IpLiteralNotAllowed { .. }),
        "{err:?}"
    );
    server.stop();
}

/// `/0` redirects (relatively) to `/1`, … up to `/3`, which answers.
fn chain_server() -> Server {
    Server::start(|seen| {
        let n: u32 = seen.target.trim_start_matches('/').parse().expect("n");
        if n == 3 {
            reply(200, &[], b"done")
        } else {
            reply(302, &[("Location", &(n + 1).to_string())], b"")
        }
    })
}

#[test]
fn redirect_chain_within_the_limit_is_followed() {
    let server = chain_server();
    let mut records = Vec::new();
    let rules = Egress {
        max_redirects: 3,
        ..local_rules()
    };
    let response = fetch(
        &get(&server.url("localhost", "/0")),
        &rules,
        &no_credentials,
        &mut records,
    )
    .expect("fetch");
    assert_eq!(response.body, "done");
    assert_eq!(response.final_url, server.url("localhost", "/3"));
    let statuses: Vec<u16> = records.iter().map(|r| r.status).collect();
    assert_eq!(statuses, [302, 302, 302, 200]);
    server.stop();
}

#[test]
fn redirect_chain_longer_than_max_redirects_is_refused() {
    let server = chain_server();
    let mut records = Vec::new();
    let rules = Egress {
        max_redirects: 2,
        ..local_rules()
    };
    let err = fetch(
        &get(&server.url("localhost", "/0")),
        &rules,
        &no_credentials,
        &mut records,
    )
    .expect_err("refused");
    assert_eq!(
        err.to_string(),
        "more than 2 redirects (policy key egress.max_redirects)"
    );
    assert_eq!(records.len(), 3);
    let (_, seen) = server.stop();
    let targets: Vec<&str> = seen.iter().map(|s| s.target.as_str()).collect();
    assert_eq!(targets, ["/0", "/1", "/2"]);
}

#[test]
fn https_to_http_redirect_is_refused() {
    let here = Target::parse("https://example.com/a").expect("url");
    let err = here.redirect("http://example.com/b").expect_err("refused");
    assert!(matches!(err, EgressError::HttpsDowngrade { .. }), "{err:?}");
    let next = here.redirect("/b").expect("same scheme");
    assert_eq!(next.uri.to_string(), "https://example.com/b");
    let next = Target::parse("http://example.com/a")
        .expect("url")
        .redirect("https://example.com/b")
        .expect("upgrade");
    assert!(next.https);
}

#[rstest]
#[case::at_cap(100, 100, false)]
#[case::over_cap(1000, 100, true)]
#[case::under_cap(10, 100, false)]
fn body_is_cut_at_max_response_bytes(
    #[case] size: usize,
    #[case] cap: u64,
    #[case] truncated: bool,
) {
    let server = Server::start(move |_| reply(200, &[], &vec![b'a'; size]));
    let mut records = Vec::new();
    let rules = Egress {
        max_response_bytes: ByteSize(cap),
        ..local_rules()
    };
    let response = fetch(
        &get(&server.url("localhost", "/big")),
        &rules,
        &no_credentials,
        &mut records,
    )
    .expect("fetch");
    let expected = size.min(usize::try_from(cap).expect("cap"));
    assert_eq!(response.body.len(), expected);
    assert_eq!(response.truncated, truncated);
    assert_eq!(records[0].bytes, u64::try_from(expected).expect("len"));
    server.stop();
}

/// `Authorization: Bearer s3cret-value` for `localhost`, over plain
/// http (the test servers speak no TLS), to `port` only.
fn credential_rules(port: u16) -> Egress {
    Egress {
        headers: vec![CredentialHeader {
            host: HostPattern::try_from("localhost".to_string()).expect("pattern"),
            header: "Authorization".to_string(),
            credential: "token".to_string(),
            prefix: "Bearer ".to_string(),
            port: Some(port),
            send_over_plain_http: true,
        }],
        ..local_rules()
    }
}

fn token(name: &str) -> Option<SecretString> {
    (name == "token").then(|| SecretString::from("s3cret-value"))
}

#[test]
fn credential_goes_to_the_matching_host_only() {
    let other = Server::start(|_| reply(200, &[], b"landed"));
    let landing = other.url("127.0.0.1", "/landing");
    let first = Server::start(move |_| reply(302, &[("Location", &landing)], b""));
    let mut request = get(&first.url("localhost", "/start"));
    request
        .headers
        .insert("X-Caller".to_string(), "1".to_string());
    let mut records = Vec::new();
    let rules = credential_rules(first.port);
    let response = fetch(&request, &rules, &token, &mut records).expect("fetch");
    assert_eq!(response.body, "landed");
    assert_eq!(response.final_url, other.url("127.0.0.1", "/landing"));
    let json = serde_json::to_string(&response).expect("json");
    assert!(!json.contains("s3cret"), "{json}");
    let hosts: Vec<&str> = records.iter().map(|r| r.host.as_str()).collect();
    assert_eq!(hosts, ["localhost", "127.0.0.1"]);

    let (_, first_seen) = first.stop();
    let (_, other_seen) = other.stop();
    assert_eq!(
        first_seen[0]
            .headers
            .get("authorization")
            .map(String::as_str),
        Some("Bearer s3cret-value")
    );
    assert_eq!(
        first_seen[0].headers.get("x-caller").map(String::as_str),
        Some("1")
    );
    assert_eq!(other_seen.len(), 1);
    assert_eq!(other_seen[0].headers.get("authorization"), None);
    assert_eq!(
        other_seen[0].headers.get("x-caller").map(String::as_str),
        Some("1")
    );
}

#[rstest]
#[case::plain_http(false, None, "send_over_plain_http")]
#[case::another_port(true, Some(1), "egress.headers[0].port")]
fn credential_outside_its_scheme_or_port_is_refused_and_nothing_sent(
    #[case] plain_allowed: bool,
    #[case] port: Option<u16>,
    #[case] key: &str,
) {
    let server = Server::start(|_| reply(200, &[], b""));
    let mut rules = credential_rules(server.port);
    rules.headers[0].send_over_plain_http = plain_allowed;
    rules.headers[0].port = port;
    let err = fetch(
        &get(&server.url("localhost", "/")),
        &rules,
        &token,
        &mut Vec::new(),
    )
    .expect_err("refused");
    assert!(err.to_string().contains(key), "{err}");
    assert!(!err.to_string().contains("s3cret"), "{err}");
    assert_eq!(server.stop().0, 0, "the server saw a connection");
}

/// A server that reflects the request, and a cap that cuts through the
/// reflected credential: no part of it comes back.
#[test]
fn reflected_credential_is_redacted_before_the_cut() {
    let server = Server::start(|seen| {
        let mut text = format!("{} {}\r\n", seen.method, seen.target);
        for (name, value) in &seen.headers {
            text.push_str(&format!("{name}: {value}\r\n"));
        }
        reply(200, &[], text.as_bytes())
    });
    let redactor = Redactor::new(&["s3cret-value"]);
    let mut rules = credential_rules(server.port);
    for max in [20, 40, 60, 80, 100, 4096] {
        rules.max_response_bytes = ByteSize(max);
        let response = super::fetch(
            &get(&server.url("localhost", "/")),
            &rules,
            &token,
            &redactor,
            &mut Vec::new(),
        )
        .expect("fetch");
        assert!(response.body.len() <= 4096, "{max}");
        for piece in [
            "s3c", "3cr", "cre", "ret", "et-", "-va", "val", "alu", "lue",
        ] {
            assert!(!response.body.contains(piece), "{max}: {}", response.body);
        }
    }
    let (_, seen) = server.stop();
    assert!(
        seen.iter()
            .all(|s| s.headers.get("authorization").map(String::as_str)
                == Some("Bearer s3cret-value"))
    );
}

#[test]
fn caller_authorization_does_not_follow_a_redirect_to_another_origin() {
    let other = Server::start(|_| reply(200, &[], b"landed"));
    let landing = other.url("127.0.0.1", "/");
    let first = Server::start(move |_| reply(307, &[("Location", &landing)], b""));
    let mut request = get(&first.url("localhost", "/"));
    request
        .headers
        .insert("Authorization".to_string(), "Basic mine".to_string());
    fetch(&request, &local_rules(), &no_credentials, &mut Vec::new()).expect("fetch");
    let (_, first_seen) = first.stop();
    let (_, other_seen) = other.stop();
    assert!(first_seen[0].headers.contains_key("authorization"));
    assert!(!other_seen[0].headers.contains_key("authorization"));
}

#[rstest]
#[case::credential_header("AUTHORIZATION", "CredentialHeaderOverride")]
#[case::host("Host", "ForbiddenHeader")]
#[case::content_length("content-length", "ForbiddenHeader")]
#[case::transfer_encoding("Transfer-Encoding", "ForbiddenHeader")]
#[case::connection("Connection", "ForbiddenHeader")]
#[case::bad_name("Bad Name", "InvalidHeader")]
fn caller_may_not_set_credential_or_framing_headers(#[case] name: &str, #[case] variant: &str) {
    let server = Server::start(|_| reply(200, &[], b""));
    let mut request = get(&server.url("localhost", "/"));
    request.headers.insert(name.to_string(), "x".to_string());
    let rules = credential_rules(server.port);
    let err = fetch(&request, &rules, &token, &mut Vec::new()).expect_err("refused");
    assert!(format!("{err:?}").starts_with(variant), "{err:?}");
    assert!(!err.to_string().contains("s3cret"));
    assert_eq!(server.stop().0, 0, "the server saw a connection");
}

#[test]
fn header_value_with_a_line_break_is_refused() {
    let mut request = get("http://localhost/");
    request
        .headers
        .insert("X-A".to_string(), "x\r\nHost: evil".to_string());
    let err =
        fetch(&request, &local_rules(), &no_credentials, &mut Vec::new()).expect_err("refused");
    assert!(matches!(err, EgressError::InvalidHeader { .. }), "{err:?}");
}

#[test]
fn missing_credential_is_named_and_nothing_is_sent() {
    let server = Server::start(|_| reply(200, &[], b""));
    let err = fetch(
        &get(&server.url("localhost", "/")),
        &credential_rules(server.port),
        &no_credentials,
        &mut Vec::new(),
    )
    .expect_err("refused");
    assert_eq!(
        err.to_string(),
        "credential `token` for host `localhost` is not available \
         (policy keys egress.headers and credentials)"
    );
    assert_eq!(server.stop().0, 0, "the server saw a connection");
}

#[test]
fn unusable_credential_is_refused_without_showing_it() {
    let bad = |_: &str| Some(SecretString::from("leak\r\nme"));
    let err = fetch(
        &get("http://localhost:1/"),
        &credential_rules(1),
        &bad,
        &mut Vec::new(),
    )
    .expect_err("refused");
    assert!(
        matches!(err, EgressError::CredentialInvalid { .. }),
        "{err:?}"
    );
    assert!(!err.to_string().contains("leak"), "{err}");
    assert!(!format!("{err:?}").contains("leak"), "{err:?}");
}

#[test]
fn post_body_arrives_intact() {
    let server = Server::start(|seen| reply(201, &[], &seen.body));
    let body = "line one\r\nline two: ünïcödé {\"json\": true}\n\0end".to_string();
    let request = FetchRequest {
        url: server.url("localhost", "/upload"),
        method: "post".to_string(),
        headers: BTreeMap::from([("Content-Type".to_string(), "text/plain".to_string())]),
        body: Some(body.clone()),
    };
    let response =
        fetch(&request, &local_rules(), &no_credentials, &mut Vec::new()).expect("fetch");
    assert_eq!(response.status, 201);
    assert_eq!(response.body, body);
    let (_, seen) = server.stop();
    assert_eq!(seen[0].method, "POST");
    assert_eq!(seen[0].body, body.as_bytes());
    assert_eq!(
        seen[0].headers.get("content-type").map(String::as_str),
        Some("text/plain")
    );
}

#[rstest]
#[case::see_other(303, "GET")]
#[case::found(302, "GET")]
#[case::temporary(307, "POST")]
fn redirect_after_post(#[case] status: u16, #[case] then: &str) {
    let server = Server::start(move |seen| {
        if seen.target == "/form" {
            reply(status, &[("Location", "/done")], b"")
        } else {
            reply(200, &[], b"ok")
        }
    });
    let request = FetchRequest {
        url: server.url("localhost", "/form"),
        method: "POST".to_string(),
        headers: BTreeMap::new(),
        body: Some("a=1".to_string()),
    };
    fetch(&request, &local_rules(), &no_credentials, &mut Vec::new()).expect("fetch");
    let (_, seen) = server.stop();
    assert_eq!(seen[1].target, "/done");
    assert_eq!(seen[1].method, then);
    let expected: &[u8] = if then == "GET" { b"" } else { b"a=1" };
    assert_eq!(seen[1].body, expected);
}

#[test]
fn request_body_over_the_cap_is_refused() {
    let server = Server::start(|_| reply(200, &[], b""));
    let request = FetchRequest {
        url: server.url("localhost", "/"),
        method: "PUT".to_string(),
        headers: BTreeMap::new(),
        body: Some("x".repeat(11)),
    };
    let rules = Egress {
        max_response_bytes: ByteSize(10),
        ..local_rules()
    };
    let err = fetch(&request, &rules, &no_credentials, &mut Vec::new()).expect_err("refused");
    assert!(
        err.to_string().contains("egress.max_response_bytes"),
        "{err}"
    );
    assert_eq!(server.stop().0, 0, "the server saw a connection");
}

#[test]
fn slow_server_hits_the_timeout() {
    let server = Server::start(|_| {
        std::thread::sleep(Duration::from_millis(2500));
        reply(200, &[], b"late")
    });
    let rules = Egress {
        timeout_secs: 1,
        ..local_rules()
    };
    // The error is the behaviour: the server answers only after 2.5 s,
    // so an answer would have been a body, not this. No clock bound: a
    // loaded machine must not fail it.
    let err = fetch(
        &get(&server.url("localhost", "/")),
        &rules,
        &no_credentials,
        &mut Vec::new(),
    )
    .expect_err("timed out");
    assert_eq!(
        err.to_string(),
        "the request did not finish within 1 s (policy key egress.timeout_secs)"
    );
    server.stop();
}

#[rstest]
#[case::ftp("ftp://localhost/", "Scheme")]
#[case::file("file:///etc/passwd", "Scheme")]
#[case::userinfo("http://user:pw@localhost/", "Userinfo")]
#[case::user_only("http://user@localhost/", "Userinfo")]
#[case::no_scheme("localhost/x", "BadUrl")]
#[case::port_only("localhost:80", "Scheme")]
#[case::no_host("http:///x", "BadUrl")]
#[case::zone("http://[fe80::1%25lo]/", "BadUrl")]
#[case::garbage("http://exa mple.com/", "BadUrl")]
fn bad_urls_are_refused(#[case] url: &str, #[case] variant: &str) {
    let err =
        fetch(&get(url), &local_rules(), &no_credentials, &mut Vec::new()).expect_err("refused");
    assert!(format!("{err:?}").starts_with(variant), "{url}: {err:?}");
}

#[rstest]
#[case::trace("TRACE", None, "Method")]
#[case::connect("CONNECT", None, "Method")]
#[case::get_body("GET", Some("x"), "BodyNotAllowed")]
#[case::head_body("HEAD", Some("x"), "BodyNotAllowed")]
fn bad_methods_are_refused(
    #[case] method: &str,
    #[case] body: Option<&str>,
    #[case] variant: &str,
) {
    let request = FetchRequest {
        url: "http://localhost/".to_string(),
        method: method.to_string(),
        headers: BTreeMap::new(),
        body: body.map(str::to_string),
    };
    let err =
        fetch(&request, &local_rules(), &no_credentials, &mut Vec::new()).expect_err("refused");
    assert!(format!("{err:?}").starts_with(variant), "{err:?}");
}

#[rstest]
#[case::relative("c", "http://h:1/a/c")]
#[case::parent("../c", "http://h:1/c")]
#[case::dot_dir("./", "http://h:1/a/")]
#[case::absolute_path("/d?e", "http://h:1/d?e")]
#[case::query_only("?y", "http://h:1/a/b?y")]
#[case::empty("", "http://h:1/a/b?x")]
#[case::fragment("#top", "http://h:1/a/b?x")]
#[case::scheme_relative("//o.example/p", "http://o.example/p")]
#[case::absolute("https://o.example/p#f", "https://o.example/p")]
fn location_is_resolved_against_the_current_url(#[case] location: &str, #[case] want: &str) {
    let base: Uri = "http://h:1/a/b?x".parse().expect("uri");
    assert_eq!(resolve_reference(&base, location).as_deref(), Ok(want));
}

#[test]
fn request_json_has_defaults_and_no_unknown_fields() {
    let request: FetchRequest =
        serde_json::from_str(r#"{"url": "https://example.com/"}"#).expect("json");
    assert_eq!(request, get("https://example.com/"));
    let unknown = serde_json::from_str::<FetchRequest>(r#"{"url": "x", "proxy": "y"}"#);
    assert!(unknown.is_err());
}
