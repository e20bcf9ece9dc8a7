//! `jail-call`'s logic against a real socketpair with a thread as the server.
// Helpers outside #[test] fns are test code too (clippy.toml only covers #[test]).
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::thread;

use rpc::cli::jail_call_with;
use rpc::{pair, Channel, ClientMessage, ErrorKind, Response, RpcError, ServerMessage, ToolError};

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
    /// What the server received, if a server was started.
    seen: Vec<ClientMessage>,
}

/// Runs jail-call with `args` and `stdin`, against a server that echoes the
/// arguments, or fails tools named `fail`.
fn run(args: &[&str], stdin: &str) -> Run {
    let (client_end, server_end) = pair().unwrap();
    let server = thread::spawn(move || {
        let mut server = Channel::new(server_end);
        let mut seen = Vec::new();
        while let Some(msg) = server.recv::<ClientMessage>().unwrap() {
            seen.push(msg.clone());
            let reply = match msg {
                ClientMessage::Hello { version } => ServerMessage::Welcome { version },
                ClientMessage::Call(req) if req.tool == "fail" => ServerMessage::Reply(Response {
                    id: req.id,
                    outcome: Err(ToolError::new(ErrorKind::Blocked, "tainted session")),
                }),
                ClientMessage::Call(req) => ServerMessage::Reply(Response {
                    id: req.id,
                    outcome: Ok(req.args),
                }),
                ClientMessage::Connect => continue,
            };
            server.send(&reply).unwrap();
        }
        seen
    });
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = jail_call_with(
        args.iter().map(|s| s.to_string()).collect(),
        stdin.as_bytes(),
        &mut out,
        &mut err,
        move || Ok(Channel::new(client_end)),
    );
    Run {
        code,
        stdout: String::from_utf8(out).unwrap(),
        stderr: String::from_utf8(err).unwrap(),
        seen: server.join().unwrap(),
    }
}

fn sent_args(run: &Run) -> Vec<String> {
    run.seen
        .iter()
        .filter_map(|m| match m {
            ClientMessage::Call(r) => Some(r.args.clone()),
            ClientMessage::Hello { .. } | ClientMessage::Connect => None,
        })
        .collect()
}

#[test]
fn inline_json_is_sent_and_the_result_printed() {
    // A number beyond f64 precision shows the text is sent unchanged.
    let r = run(
        &[
            "fs.read",
            r#"{"path": "a.txt", "n": 123456789012345678901234567890}"#,
        ],
        "",
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(
        r.stdout,
        "{\"path\": \"a.txt\", \"n\": 123456789012345678901234567890}\n"
    );
    assert_eq!(r.stderr, "");
    assert!(matches!(r.seen[0], ClientMessage::Hello { .. }));
    assert!(matches!(&r.seen[1], ClientMessage::Call(req) if req.tool == "fs.read"));
}

#[test]
fn args_come_from_stdin_when_absent() {
    let r = run(&["t"], "  [1, 2]\n");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(sent_args(&r), ["[1, 2]"]);
    assert_eq!(r.stdout, "[1, 2]\n");
}

#[test]
fn empty_stdin_means_empty_object() {
    let r = run(&["t"], "");
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_eq!(sent_args(&r), ["{}"]);
}

#[test]
fn tool_error_exits_1_with_kind_and_message() {
    let r = run(&["fail", "{}"], "");
    assert_eq!(r.code, 1);
    assert_eq!(r.stdout, "");
    assert_eq!(r.stderr, "jail-call: fail: blocked: tainted session\n");
}

#[test]
fn invalid_json_exits_2_before_connecting() {
    let r = run(&["t", "{path: a}"], "");
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("arguments are not valid JSON"),
        "{}",
        r.stderr
    );
    assert!(r.seen.is_empty(), "nothing may be sent: {:?}", r.seen);
}

#[test]
fn usage_errors_exit_2() {
    for args in [&[][..], &["a", "{}", "extra"][..], &["--verbose"][..]] {
        let r = run(args, "");
        assert_eq!(r.code, 2, "{args:?}");
        assert!(
            r.stderr.contains("usage: jail-call TOOL [JSON]"),
            "{}",
            r.stderr
        );
        assert!(r.seen.is_empty());
    }
}

#[test]
fn help_prints_usage_and_exits_0() {
    let r = run(&["--help"], "");
    assert_eq!(r.code, 0);
    assert!(r.stdout.starts_with("usage: jail-call TOOL [JSON]"));
    assert!(r.seen.is_empty());
}

#[test]
fn missing_channel_exits_2_with_the_reason() {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = jail_call_with(
        vec!["t".into(), "{}".into()],
        &b""[..],
        &mut out,
        &mut err,
        || Err(RpcError::NoFd),
    );
    assert_eq!(code, 2);
    let err = String::from_utf8(err).unwrap();
    assert!(
        err.starts_with("jail-call: JAIL_RPC_FD and JAIL_RPC_SOCKET are not set;"),
        "{err}"
    );
    assert!(err.contains("`jail exec`/`jail run`"), "{err}");
}
