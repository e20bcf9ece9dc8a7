//! `JAIL_RPC_FD` adoption. One test in its own binary (so its own process):
//! it changes the environment and adopts an fd, both process-wide.
// Helpers outside #[test] fns are test code too (clippy.toml only covers #[test]).
#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::fs::File;
use std::os::fd::{AsRawFd, IntoRawFd, OwnedFd};
use std::thread;

use nix::sys::socket::{socketpair, AddressFamily, SockFlag, SockType};
use rpc::cli::jail_call_main;
use rpc::{pair, Channel, ClientMessage, Response, RpcError, ServerMessage, RPC_FD_ENV};

fn from_env_with(value: Option<&str>) -> Result<Channel, RpcError> {
    match value {
        Some(v) => std::env::set_var(RPC_FD_ENV, v),
        None => std::env::remove_var(RPC_FD_ENV),
    }
    Channel::from_env()
}

fn reason(r: Result<Channel, RpcError>) -> String {
    match r {
        Err(RpcError::BadFd { reason, .. }) => reason,
        other => panic!("expected BadFd, got {other:?}"),
    }
}

#[test]
fn from_env_checks_then_adopts_once() {
    assert!(matches!(from_env_with(None), Err(RpcError::NoFd)));
    assert_eq!(
        reason(from_env_with(Some("abc"))),
        "is not a file descriptor number"
    );
    assert_eq!(
        reason(from_env_with(Some("-1"))),
        "is not a file descriptor number"
    );

    let file = File::open("/dev/null").unwrap();
    let err = from_env_with(Some(&file.as_raw_fd().to_string())).unwrap_err();
    let text = err.to_string();
    let fd = file.as_raw_fd();
    assert!(
        text.starts_with(&format!(
            "JAIL_RPC_FD={fd} is not a socket: the program that started jail-call did not pass that fd on"
        )),
        "{text}"
    );
    assert!(text.contains(&format!("pass_fds=({fd},)")), "{text}");
    assert!(!text.contains("only works inside a jail"), "{text}");

    let closed = File::open("/dev/null").unwrap().into_raw_fd();
    nix::unistd::close(closed).unwrap();
    assert_eq!(
        reason(from_env_with(Some(&closed.to_string()))),
        "is not an open file descriptor"
    );

    // A socket of the wrong type is refused and left open for its owner.
    let (stream, _peer) = socketpair(
        AddressFamily::Unix,
        SockType::Stream,
        None,
        SockFlag::SOCK_CLOEXEC,
    )
    .unwrap();
    assert_eq!(
        reason(from_env_with(Some(&stream.as_raw_fd().to_string()))),
        "is not a SOCK_SEQPACKET socket"
    );
    nix::sys::stat::fstat(stream.as_raw_fd()).expect("the refused fd must stay open");

    // The real thing: jail_call_main finds the channel through the variable.
    let (payload_end, server_end) = pair().unwrap();
    let raw = payload_end.into_raw_fd();
    std::env::set_var(RPC_FD_ENV, raw.to_string());
    let server = serve_once(server_end);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = jail_call_main(
        vec!["t".into(), r#"{"a":1}"#.into()],
        &b""[..],
        &mut out,
        &mut err,
    );
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&err));
    assert_eq!(String::from_utf8(out).unwrap(), "{\"a\":1}\n");
    server.join().unwrap();

    // Adopted at most once: another socket under the same variable is refused.
    let (again, _peer) = pair().unwrap();
    assert_eq!(
        reason(from_env_with(Some(&again.as_raw_fd().to_string()))),
        "was already adopted by this process"
    );
}

/// Serves as the supervisor does: a `Connect` opens a private channel on
/// the attached socket (jail-call always connects privately).
fn serve_once(fd: OwnedFd) -> thread::JoinHandle<()> {
    thread::spawn(move || {
        let mut server = Channel::new(fd);
        let mut private = Vec::new();
        while let Some((frame, fd)) = server.recv_frame_with_fd().unwrap() {
            let reply = match rpc::codec::decode::<ClientMessage>(frame).unwrap() {
                ClientMessage::Hello { version } => ServerMessage::Welcome { version },
                ClientMessage::Call(req) => ServerMessage::Reply(Response {
                    id: req.id,
                    outcome: Ok(req.args),
                }),
                ClientMessage::Connect => {
                    private.push(serve_once(fd.expect("fd with Connect")));
                    continue;
                }
            };
            server.send(&reply).unwrap();
        }
        for p in private {
            p.join().unwrap();
        }
    })
}
