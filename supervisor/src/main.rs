//! `jail`: run commands in a Linux sandbox. See docs/cli.md.
#![forbid(unsafe_code)]

mod approvals;
mod audit;
mod cli;
mod egress;
mod fsview;
mod launch;
mod pins;
mod review;
mod server;
mod session;
mod state;
mod termfilter;
mod tier;
mod tools;
mod typescript;

use std::process::ExitCode;

use clap::Parser;

/// Exit status when jail itself fails (bad policy, bad options, set-up).
pub const JAIL_FAILED: u8 = 125;

fn main() -> ExitCode {
    let args = match cli::Cli::try_parse() {
        Ok(args) => args,
        Err(err) => {
            let code = if err.use_stderr() { JAIL_FAILED } else { 0 };
            let _ = err.print();
            return ExitCode::from(code);
        }
    };
    match cli::run(args) {
        Ok(code) => ExitCode::from(code),
        Err(err) => {
            eprintln!("jail: {err:#}");
            ExitCode::from(cli::exit_code_for(&err))
        }
    }
}
