//! The logic of the in-jail `jail-call` helper, kept here so it is tested
//! against a real socket. There is no separate binary: `jail` calls
//! [`jail_call_main`] when started by the name `jail-call` (the supervisor
//! binds its own executable at `/run/jail/bin/jail-call`).

use std::io::{Read, Write};

use crate::channel::Channel;
use crate::client::Client;
use crate::error::{CallError, RpcError};

pub const USAGE: &str = "\
usage: jail-call TOOL [JSON]

Calls TOOL through the supervisor of the jail this runs in. JSON is the
arguments; without it they are read from stdin (empty stdin means {}).
The result is printed as JSON on stdout.

exit status: 0 success, 1 the tool or the supervisor refused the call,
2 usage error or no channel to the supervisor";

/// `jail-call`'s `main`: `args` excludes the program name. Returns the exit
/// status.
pub fn jail_call_main(
    args: Vec<String>,
    stdin: impl Read,
    stdout: impl Write,
    stderr: impl Write,
) -> i32 {
    // A private channel: other processes of the jail may be calling too.
    jail_call_with(args, stdin, stdout, stderr, Channel::connect_supervisor)
}

/// `jail_call_main` with the channel supplied by `connect`, which is only
/// called once the arguments are known to be good.
pub fn jail_call_with(
    args: Vec<String>,
    mut stdin: impl Read,
    mut stdout: impl Write,
    mut stderr: impl Write,
    connect: impl FnOnce() -> Result<Channel, RpcError>,
) -> i32 {
    // Failing to write to stderr leaves nothing better to do than exit.
    macro_rules! fail {
        ($code:expr, $($fmt:tt)*) => {{
            let _ = writeln!(stderr, $($fmt)*);
            return $code;
        }};
    }

    let (tool, inline_args) = match args.as_slice() {
        [flag] if flag == "--help" || flag == "-h" => {
            return match writeln!(stdout, "{USAGE}") {
                Ok(()) => 0,
                Err(_) => 2,
            };
        }
        [tool] if !tool.starts_with('-') => (tool.as_str(), None),
        [tool, json] if !tool.starts_with('-') => (tool.as_str(), Some(json.clone())),
        _ => fail!(
            2,
            "jail-call: expected a tool name and optional JSON\n{USAGE}"
        ),
    };

    let args_json = match inline_args {
        Some(json) => json,
        None => {
            let mut text = String::new();
            if let Err(e) = stdin.read_to_string(&mut text) {
                fail!(2, "jail-call: cannot read arguments from stdin: {e}");
            }
            text
        }
    };
    let args_json = match args_json.trim() {
        "" => "{}".to_owned(),
        text => text.to_owned(),
    };
    // Checked here so a typo gets a local, precise message. The text itself
    // is sent, not a re-serialisation, so numbers keep their exact spelling.
    if let Err(e) = serde_json::from_str::<serde_json::Value>(&args_json) {
        fail!(
            2,
            "jail-call: {tool}: arguments are not valid JSON ({e}); pass e.g. '{{\"path\": \"a.txt\"}}'"
        );
    }

    let mut client = match connect().and_then(Client::new) {
        Ok(client) => client,
        Err(e) => fail!(2, "jail-call: {e}"),
    };
    match client.call(tool, &args_json) {
        Ok(result) => match writeln!(stdout, "{result}").and_then(|()| stdout.flush()) {
            Ok(()) => 0,
            Err(e) => fail!(2, "jail-call: {tool}: cannot write the result: {e}"),
        },
        Err(CallError::Tool(e)) => fail!(1, "jail-call: {tool}: {}: {}", e.kind, e.message),
        Err(CallError::Rpc(e)) => fail!(2, "jail-call: {tool}: {e}"),
    }
}
