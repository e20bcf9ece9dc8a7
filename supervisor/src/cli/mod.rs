//! The command line: one file per subcommand.

mod approve;
mod audit_cmd;
mod doctor;
mod exec;
mod exposed;
mod gate;
mod policy_cmd;
mod review;
mod run;
mod session_cmd;
mod state_cmd;
mod tsc;

use std::path::PathBuf;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "jail", version, about = "Run commands in a Linux sandbox")]
pub struct Cli {
    #[command(flatten)]
    globals: Globals,
    #[command(subcommand)]
    command: Command,
}

/// The options of every subcommand.
#[derive(clap::Args)]
struct Globals {
    /// Policy file (TOML); the built-in policy when absent.
    #[arg(long, global = true, env = "JAIL_POLICY", value_name = "FILE")]
    policy: Option<PathBuf>,
    /// Where sessions, pending approvals and the audit log live; default
    /// `$XDG_STATE_HOME/jail` (`~/.local/state/jail`).
    #[arg(long, global = true, env = "JAIL_STATE_DIR", value_name = "DIR")]
    state_dir: Option<PathBuf>,
}

/// The command line with `exec` and `review` as its only subcommands:
/// building every subcommand's arguments first took about half of the 355
/// µs a `jail exec` spent parsing its command line on the development VM
/// (docs/decisions/0017 §2). `exec` is the one whose start-up counts, and
/// `review` the one a cache hit makes short.
#[derive(Parser)]
#[command(name = "jail")]
struct Lean {
    #[command(flatten)]
    globals: Globals,
    #[command(subcommand)]
    command: LeanCommand,
}

#[derive(Subcommand)]
enum LeanCommand {
    Exec(Box<exec::ExecArgs>),
    Review(review::ReviewArgs),
}

impl Cli {
    /// This process's command line. One that mentions `exec` or `review`
    /// is first parsed as [`Lean`], whose arguments are [`Cli`]'s own, so
    /// whatever it accepts means the same; anything else, and everything it
    /// refuses (help and errors among them), is parsed whole, so help and
    /// errors read as they always did.
    pub fn from_args() -> Result<Cli, clap::Error> {
        let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
        if args
            .iter()
            .skip(1)
            .any(|arg| arg == "exec" || arg == "review")
        {
            if let Ok(Lean { globals, command }) = Lean::try_parse_from(&args) {
                let command = match command {
                    LeanCommand::Exec(exec) => Command::Exec(exec),
                    LeanCommand::Review(review) => Command::Review(review),
                };
                return Ok(Cli { globals, command });
            }
        }
        Cli::try_parse_from(args)
    }
}

#[derive(Subcommand)]
enum Command {
    /// Run a command in a jail.
    Exec(Box<exec::ExecArgs>),
    /// Report what this kernel and user allow, with fixes for what is missing.
    Doctor(doctor::DoctorArgs),
    /// Validate or show policies.
    #[command(subcommand)]
    Policy(policy_cmd::PolicyCommand),
    /// Review a file through the six stages; the exit status is the verdict.
    Review(review::ReviewArgs),
    /// Review a file, then run exactly what was reviewed in a jail.
    Run(Box<run::RunArgs>),
    /// Type-check a TypeScript project with its own tsc, in a jail.
    Tsc(tsc::TscArgs),
    /// Check or show the audit log.
    #[command(subcommand)]
    Audit(audit_cmd::AuditCommand),
    /// Sessions that span many runs: `new`, `show`, `list`, `end`.
    #[command(subcommand)]
    Session(session_cmd::SessionCommand),
    /// Manage the state dir (prune old sessions).
    #[command(subcommand)]
    State(state_cmd::StateCommand),
    /// Approve a pending tool call (list them without an ID).
    Approve(approve::ApproveArgs),
    /// Deny a pending tool call.
    Deny(approve::ApproveArgs),
}

pub fn run(cli: Cli) -> anyhow::Result<u8> {
    let Globals { policy, state_dir } = cli.globals;
    let (policy, state_dir) = (policy.as_deref(), state_dir.as_deref());
    match cli.command {
        Command::Exec(args) => exec::run(policy, state_dir, *args),
        Command::Review(args) => review::run(policy, state_dir, args),
        Command::Run(args) => run::run(policy, state_dir, *args),
        Command::Tsc(args) => tsc::run(policy, state_dir, args),
        Command::Audit(command) => audit_cmd::run(state_dir, command),
        Command::Session(command) => session_cmd::run(policy, state_dir, command),
        Command::State(command) => state_cmd::run(policy, state_dir, command),
        Command::Approve(args) => approve::run(state_dir, args, true),
        Command::Deny(args) => approve::run(state_dir, args, false),
        Command::Doctor(args) => doctor::run(policy, state_dir, args),
        Command::Policy(command) => policy_cmd::run(policy, command),
    }
}

/// The policy from `--policy`/`JAIL_POLICY`, else the built-in one.
fn load_policy(path: Option<&std::path::Path>) -> anyhow::Result<policy::Policy> {
    Ok(match path {
        Some(path) => policy::load(path)?,
        None => policy::Policy::default(),
    })
}

/// `err` with each of its causes once, joined by ": " as `{:#}` joins
/// them. Many errors already name their cause in their text (`cannot read
/// policy file X: No such file or directory`); `{:#}` would say it twice.
pub fn describe(err: &anyhow::Error) -> String {
    let mut text = err.to_string();
    for cause in err.chain().skip(1) {
        let cause = cause.to_string();
        if !text.contains(&cause) {
            text.push_str(": ");
            text.push_str(&cause);
        }
    }
    text
}

/// Writing to stdout failed (see `outln!` in main.rs).
#[derive(Debug, thiserror::Error)]
#[error("cannot write to stdout: {0}")]
pub struct StdoutError(pub std::io::Error);

/// The exit status when stdout is a pipe closed by its reader: what a
/// shell reports for a command killed by SIGPIPE (128 + 13), as coreutils
/// end, but without the signal or a message.
pub const BROKEN_PIPE: u8 = 141;

/// Whether `err` is stdout closed by its reader (`jail … | head -1`).
pub fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|e| {
        e.downcast_ref::<StdoutError>()
            .is_some_and(|e| e.0.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// The audit log, rotating at the policy's `[state] audit_segment_size`.
fn audit_log(state: &crate::state::StateDir, policy: &policy::Policy) -> crate::audit::AuditLog {
    crate::audit::AuditLog::new(state).rotate_at(policy.state.audit_segment_size.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `Lean` accepts must mean what `Cli` would make of it: the
    /// same arguments, defined the same way, for `exec`, `review` and the
    /// globals.
    #[test]
    fn the_lean_command_line_has_exactly_the_arguments_of_the_whole_one() {
        use clap::CommandFactory;
        let (mut whole, mut lean) = (Cli::command(), Lean::command());
        whole.build();
        lean.build();
        let defined = |command: &clap::Command, skip: &[&str]| -> Vec<String> {
            command
                .get_arguments()
                .filter(|arg| !skip.contains(&arg.get_id().as_str()))
                .map(|arg| format!("{arg:?}"))
                .collect()
        };
        for (name, at_least) in [("exec", 10), ("review", 3)] {
            let of =
                |command: &clap::Command| defined(command.find_subcommand(name).expect(name), &[]);
            assert!(of(&whole).len() > at_least, "{name}: {:?}", of(&whole));
            assert_eq!(of(&whole), of(&lean), "{name}");
        }
        // Only `Cli` has --version.
        assert_eq!(defined(&whole, &["version"]), defined(&lean, &[]));
    }

    #[test]
    fn a_cause_already_in_the_text_is_said_once() {
        let missing = || std::io::Error::from(std::io::ErrorKind::NotFound);
        let named = policy::PolicyError::Read {
            path: "/nonexistent/x.toml".into(),
            source: missing(),
        };
        let text = describe(&anyhow::Error::from(named));
        assert_eq!(text.matches(&missing().to_string()).count(), 1, "{text}");
        let wrapped = anyhow::Error::from(missing()).context("reading the policy");
        assert_eq!(
            describe(&wrapped),
            format!("reading the policy: {}", missing())
        );
    }
}
