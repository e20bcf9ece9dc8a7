//! `jail`: run commands in a Linux sandbox. See docs/cli.md.
#![forbid(unsafe_code)]

/// `println!` that returns a [`cli::StdoutError`] (with `?`) instead of
/// panicking when stdout fails, e.g. a closed pipe (`jail audit show |
/// head -1`); `main` ends quietly on that one. SIGPIPE stays ignored, so a
/// supervisor relaying a jail never dies of it.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        writeln!(std::io::stdout().lock(), $($arg)*).map_err(crate::cli::StdoutError)?
    }};
}

/// `print!` as [`outln!`] does it, flushed at once.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut stdout = std::io::stdout().lock();
        write!(stdout, $($arg)*)
            .and_then(|()| stdout.flush())
            .map_err(crate::cli::StdoutError)?
    }};
}

mod approvals;
mod audit;
mod cli;
mod egress;
mod ended;
mod fsview;
mod hosthint;
mod launch;
mod pins;
mod proxy;
mod record_index;
mod server;
mod session;
mod state;
mod termfilter;
mod tier;
mod tools;
mod typescript;

use std::process::ExitCode;

/// Exit status when jail itself fails (bad policy, bad options, set-up).
pub const JAIL_FAILED: u8 = 125;

/// The name under which this binary is the in-jail helper: the supervisor
/// binds its own executable at `/run/jail/bin/jail-call`, so one file is
/// both (codex-style `argv[0]` dispatch).
pub const JAIL_CALL: &str = "jail-call";

fn main() -> ExitCode {
    let mut argv = std::env::args_os();
    let arg0 = argv.next();
    if arg0
        .as_deref()
        .map(std::path::Path::new)
        .and_then(std::path::Path::file_name)
        .is_some_and(|name| name == JAIL_CALL)
    {
        return jail_call(argv);
    }
    // A jail's user and network namespaces, the slowest part of its
    // clone, are made beside the parsing and planning (jail/src/early.rs).
    if std::env::args_os()
        .skip(1)
        .any(|arg| arg == "exec" || arg == "run")
    {
        jail::early::start();
    }
    let args = match cli::Cli::from_args() {
        Ok(args) => args,
        Err(err) => {
            let code = if err.use_stderr() { JAIL_FAILED } else { 0 };
            let _ = err.print();
            return ExitCode::from(code);
        }
    };
    match cli::run(args) {
        Ok(code) => ExitCode::from(code),
        Err(err) if cli::is_broken_pipe(&err) => ExitCode::from(cli::BROKEN_PIPE),
        Err(err) => {
            eprintln!("jail: {}", cli::describe(&err));
            ExitCode::from(
                err.downcast_ref::<launch::LaunchError>()
                    .map_or(JAIL_FAILED, launch::LaunchError::exit_code),
            )
        }
    }
}

/// `jail-call TOOL [JSON]`; the logic is `rpc::cli::jail_call_main`.
fn jail_call(args: std::env::ArgsOs) -> ExitCode {
    let args: Option<Vec<String>> = args.map(|arg| arg.into_string().ok()).collect();
    let Some(args) = args else {
        eprintln!("jail-call: arguments must be UTF-8 (the tool name and JSON)");
        return ExitCode::from(2);
    };
    let code = rpc::cli::jail_call_main(
        args,
        std::io::stdin().lock(),
        std::io::stdout().lock(),
        std::io::stderr().lock(),
    );
    ExitCode::from(u8::try_from(code).unwrap_or(2))
}
