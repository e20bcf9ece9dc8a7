//! `jail exec [OPTIONS] -- CMD [ARGS...]`

use std::path::Path;

use anyhow::Context;
use clap::Args;
use policy::env::EnvRequest;
use policy::model::BindSpec;
use policy::plan::Protected;
use policy::PlanRequest;

use std::sync::Arc;

use super::gate::Gated;
use crate::audit::{AuditLog, Event, Verified};
use crate::fsview::HostFs;
use crate::session::{Session, SessionId, SessionLock, SessionState};
use crate::state::StateDir;
use policy::gate::Taint;

/// How to jail: shared by `jail exec` and `jail run`.
#[derive(Args)]
pub struct JailOptions {
    /// Profile of the policy to use.
    #[arg(long, default_value = "default")]
    pub profile: String,
    /// Bind a host directory read-write at the same path.
    #[arg(long, value_name = "DIR")]
    rw: Vec<BindSpec>,
    /// Bind a host path read-only, at DEST or at the same path.
    #[arg(long, value_name = "SRC[:DEST]")]
    ro: Vec<BindSpec>,
    /// Set a variable in the jail.
    #[arg(long = "env", value_name = "NAME=VALUE")]
    env_set: Vec<String>,
    /// Pass a variable from the caller's environment.
    #[arg(long, value_name = "NAME")]
    env_pass: Vec<String>,
    /// Kill the whole jail after this long (exit status 124): seconds, or
    /// a duration like 90s, 1m, 2h, 1h30m; 0 means no limit.
    #[arg(long, value_name = "DURATION", value_parser = policy::duration::parse_secs)]
    timeout: Option<u64>,
    /// Memory per process (RLIMIT_DATA), e.g. 2GiB.
    #[arg(long, value_name = "SIZE")]
    memory: Option<policy::size::ByteSize>,
    /// Processes and threads in the jail (RLIMIT_NPROC).
    #[arg(long, value_name = "N")]
    pids: Option<u64>,
    /// CPU time per process (RLIMIT_CPU): seconds, or a duration like 1m.
    #[arg(long, value_name = "DURATION", value_parser = policy::duration::parse_secs)]
    cpu_time: Option<u64>,
    /// Size cap of the jail's /tmp (and /dev/shm), e.g. 64MiB.
    #[arg(long, value_name = "SIZE")]
    tmpfs_size: Option<policy::size::ByteSize>,
    /// Refuse to run unless the kernel offers at least this Landlock ABI
    /// (0: run without Landlock where the kernel has none).
    #[arg(long, value_name = "ABI")]
    require_landlock: Option<u32>,
    /// Where user namespaces are unavailable, run anyway in the degraded
    /// tier (Landlock, seccomp and no_new_privs on the host's own tree, every
    /// socket refused), saying on stderr what is missing. Never otherwise.
    #[arg(long, env = "JAIL_ALLOW_DEGRADED", value_parser = clap::builder::BoolishValueParser::new())]
    pub allow_degraded: bool,
    /// Say on stderr which limits are enforced how (cgroup or rlimit).
    #[arg(long, short)]
    pub verbose: bool,
    /// Continue the session ID (made by `jail session new`): its taint,
    /// call and byte counts and expiry carry over; one jail at a time.
    #[arg(long, value_name = "ID")]
    pub session: Option<SessionId>,
}

#[derive(Args)]
pub struct ExecArgs {
    #[command(flatten)]
    jail: JailOptions,
    /// Print the plan (namespaces, id maps, mounts, env, limits); run nothing.
    #[arg(long)]
    explain: bool,
    /// With --explain: the plan as JSON.
    #[arg(long, requires = "explain")]
    json: bool,
    /// Classify the command before it runs (local, network or unknown;
    /// `sh -c STRING` is parsed) and decide by the session's taint: run,
    /// review, or ask a human (docs/gate.md).
    #[arg(long)]
    gate: bool,
    /// The command and its arguments. `--` before it is optional: the
    /// first word that is not an option starts it, and everything after
    /// belongs to it (`jail exec ls -la`).
    #[arg(trailing_var_arg = true, required = true, value_name = "CMD")]
    command: Vec<String>,
}

impl JailOptions {
    /// The plan request for `argv` with these options, plus `extra_ro`;
    /// `protected`: what no jail may reach ([`protected`]).
    pub fn request(
        &self,
        argv: Vec<String>,
        extra_ro: Vec<BindSpec>,
        protected: Protected,
        proxy_extras: policy::proxy::ProxyExtras,
    ) -> anyhow::Result<PlanRequest> {
        Ok(PlanRequest {
            profile_name: self.profile.clone(),
            argv,
            cwd: std::env::current_dir().context("cannot read the current directory")?,
            ro: self.ro.iter().cloned().chain(extra_ro).collect(),
            rw: self.rw.clone(),
            env: EnvRequest {
                set: self.env_set.clone(),
                pass: self.env_pass.clone(),
            },
            host_env: std::env::vars_os()
                .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?)))
                .collect(),
            uid: nix::unistd::geteuid().as_raw(),
            gid: nix::unistd::getegid().as_raw(),
            limits: policy::plan::LimitOverrides {
                timeout_secs: self.timeout,
                memory: self.memory,
                pids: self.pids,
                cpu_time_secs: self.cpu_time,
                tmp_size: self.tmpfs_size,
            },
            landlock_abi: jail::probe::landlock_abi_or_zero(),
            require_landlock: self.require_landlock,
            rpc_helper: jail_call_helper(),
            protected,
            proxy_extras,
        })
    }
}

/// The proxy's secrets for one run of `profile` (injected credentials, the
/// LLM gateway), their real values read now.
pub fn proxy_secrets(profile: &policy::Profile) -> anyhow::Result<crate::proxy::Secrets> {
    let read = |name: &str| {
        let source = profile
            .credentials
            .get(name)
            .ok_or_else(|| "it is not declared".to_string())?;
        crate::tools::read_credential(source)
    };
    Ok(crate::proxy::Secrets::prepare(profile, &read)?)
}

/// What the jail gets for `secrets`.
pub fn extras(
    profile: &policy::Profile,
    secrets: &crate::proxy::Secrets,
) -> policy::proxy::ProxyExtras {
    secrets.extras(policy::proxy::plan(profile).port())
}

/// The supervisor's own files, by real path: the state dir no jail may
/// reach, and the files no writable bind may hold.
pub fn protected(policy_path: Option<&Path>, state: &StateDir) -> Protected {
    let real = |path: &Path| std::fs::canonicalize(path).ok();
    let files = [
        (policy_path.and_then(real), "the policy file in use"),
        (
            std::env::current_exe().ok().as_deref().and_then(real),
            "the jail binary (also the in-jail jail-call)",
        ),
    ];
    Protected {
        state_dir: real(state.root()),
        files: files
            .into_iter()
            .filter_map(|(path, what)| Some((path?, what)))
            .collect(),
    }
}

pub fn run(
    policy_path: Option<&Path>,
    state_dir: Option<&Path>,
    args: ExecArgs,
) -> anyhow::Result<u8> {
    let policy = super::load_policy(policy_path)?;
    let profile = policy.profile(&args.jail.profile)?;
    // Before the plan, which keeps it out of reach.
    let state = StateDir::resolve(state_dir)?;
    let protected = protected(policy_path, &state);
    let secrets = proxy_secrets(profile)?;
    let request = args.jail.request(
        args.command.clone(),
        Vec::new(),
        protected,
        extras(profile, &secrets),
    )?;
    let plan = policy::plan::build(profile, &request, &HostFs)?;
    let tiered = crate::tier::choose(plan, args.jail.allow_degraded)?;
    let plan = &tiered.plan;
    if args.json {
        outln!("{}", serde_json::to_string_pretty(plan)?);
        return Ok(0);
    }
    let gated = args.gate.then(|| Gated::new(&args.command));
    if args.explain {
        out!("{plan}");
        outln!("state dir: {}", state.describe());
        if let Some(gated) = &gated {
            // The taint this run would start from.
            let (taint, whose) = match &args.jail.session {
                Some(id) => (
                    Session::load(&state, id)?.record.taint,
                    format!("session {id}"),
                ),
                None => (Taint::default(), "a fresh session".to_string()),
            };
            out!("{}", gated.explain(taint, &whose));
        }
        return Ok(0);
    }
    let audit = super::audit_log(&state, &policy);
    launch(
        profile,
        &args.jail,
        plan,
        Launched {
            state,
            audit,
            log_check: LogCheck::WhileStarting(&policy),
            reviewed: false,
            gated: gated.as_ref(),
            secrets,
        },
    )
}

/// What a run stands on beside its plan.
pub struct Launched<'a> {
    pub state: StateDir,
    pub audit: AuditLog,
    pub log_check: LogCheck<'a>,
    /// The code passed review.
    pub reviewed: bool,
    /// The command goes through the bash gate first.
    pub gated: Option<&'a Gated>,
    /// The proxy's injected credentials and gateway.
    pub secrets: crate::proxy::Secrets,
}

/// The audit log's check, which every run passes before anything of it
/// runs: a broken chain stops everything until an operator has looked.
pub enum LogCheck<'a> {
    /// Made already (`jail run` checks before its review writes lines):
    /// after the run, remove old session records down to this many
    /// ([`records_to_keep`]).
    Made { keep_records: Option<usize> },
    /// To make while the jail's child builds its mount tree; the policy
    /// says how many records to keep.
    WhileStarting(&'a policy::Policy),
}

/// The jail of `plan`, started; the log's check and a session for it (a
/// fresh one, or the one `--session` names) while its child builds; then
/// the payload. `launched.reviewed`: the code passed review. `gated`: the
/// command goes through the bash gate first, with the session's taint as
/// it stands; a refused one runs nothing and ends as a run does (its
/// `gated` and `exit` lines, the record; a named session stays open).
pub fn launch(
    profile: &policy::Profile,
    options: &JailOptions,
    plan: &policy::JailPlan,
    launched: Launched,
) -> anyhow::Result<u8> {
    let Launched {
        state,
        audit,
        log_check,
        reviewed,
        gated,
        secrets,
    } = launched;
    // Before anything is written: a refused command leaves no session.
    crate::pins::check(&options.profile, profile, plan)?;
    let out = (std::io::stdout(), std::io::stderr());
    let starting = crate::launch::start(plan, options.verbose, &out)?;
    // From here until `launch::run` releases the payload, the child builds
    // its jail beside us; an error returned drops `starting`, which kills
    // it before anything of the payload ran.
    let keep_records = match log_check {
        LogCheck::Made { keep_records } => keep_records,
        LogCheck::WhileStarting(policy) => records_to_keep(policy, &audit.verify_current()?),
    };
    let (mut session, lock) = match &options.session {
        None => (
            fresh(profile, options, plan, &state, &audit, reviewed)?,
            None,
        ),
        Some(id) => {
            let (session, lock) = continued(id, options, plan, &state, &audit, reviewed)?;
            (session, Some(lock))
        }
    };
    if let Some(gated) = gated {
        if let Some(refused) = gated.check(&session, profile, &state, &audit, options.verbose)? {
            // Ended as a run is, nothing having run (the jail is killed
            // unreleased); the lock (a named session's) is released after
            // its record is written.
            drop(starting);
            crate::launch::end_run(&mut session, i32::from(refused), &audit, None)?;
            drop(lock);
            return Ok(refused);
        }
    }
    session.record.state = if reviewed {
        SessionState::Reviewed
    } else {
        SessionState::Unreviewed
    };
    let backing = crate::launch::Backing {
        state,
        profile: Arc::new(profile.clone()),
        session,
        audit: Arc::new(audit),
        lock,
        secrets,
    };
    let state = backing.state.clone();
    let status = crate::launch::run(starting, plan, options.verbose, backing);
    if let Some(keep) = keep_records {
        prune_records(&state, keep);
    }
    Ok(status?)
}

/// With more session records than the policy's `state.keep_records` (the
/// count the run's audit check saw), the run ends by removing the oldest
/// finished ones down to half as many: every run lists them all, and its
/// start-up would grow with the history.
pub fn records_to_keep(policy: &policy::Policy, verified: &Verified) -> Option<usize> {
    let limit = usize::try_from(policy.state.keep_records).unwrap_or(usize::MAX);
    (limit > 0 && verified.records > limit).then_some(limit / 2)
}

/// The pruning [`records_to_keep`] asks for, recorded in the log, after
/// the log passes the check every run makes (the records it removes are
/// part of what vouches for it). Not the whole history, as `jail state
/// prune` checks: that grows with every segment, and the run pruning would
/// pay it all at once. Nothing is removed when the check fails: the next
/// run's says why.
fn prune_records(state: &StateDir, keep: usize) {
    let audit = AuditLog::new(state);
    if audit.verify_current().is_err() {
        return;
    }
    if let Ok(pruned) = crate::session::prune_oldest(state, keep) {
        let _ = audit.append(
            None,
            &Event::RecordsPruned {
                kept: keep as u64,
                sessions: pruned.sessions,
            },
        );
    }
}

/// A new session for this run alone, and its `session_created` line.
fn fresh(
    profile: &policy::Profile,
    options: &JailOptions,
    plan: &policy::JailPlan,
    state: &StateDir,
    audit: &AuditLog,
    reviewed: bool,
) -> anyhow::Result<Session> {
    let session = Session::new(
        state,
        &options.profile,
        &plan.argv,
        profile.rpc.session_ttl_secs,
        reviewed,
    )?;
    audit.append(
        Some(session.id()),
        &Event::SessionCreated {
            profile: options.profile.clone(),
            command: plan.argv.clone(),
            expires: session.record.expires,
        },
    )?;
    Ok(session)
}

/// The named session `id`, held for this run (refused before anything
/// runs when it is unknown, ended, expired, of another profile or busy),
/// and its `session_continued` line, which its record then names: the
/// record keeps vouching for the log at its newest line.
fn continued(
    id: &SessionId,
    options: &JailOptions,
    plan: &policy::JailPlan,
    state: &StateDir,
    audit: &AuditLog,
    reviewed: bool,
) -> anyhow::Result<(Session, SessionLock)> {
    let (mut session, lock) = Session::resume(state, id, &options.profile)?;
    let record = &mut session.record;
    record.runs += 1;
    record.command.clone_from(&plan.argv);
    record.reviewed = reviewed;
    let point = audit.append(
        Some(&record.id),
        &Event::SessionContinued {
            run: record.runs,
            command: plan.argv.clone(),
            reviewed,
            taint: record.taint,
        },
    )?;
    // The line first, the record after (launch.rs saves it): a record
    // never names a line the log does not hold yet.
    record.log = Some(point);
    Ok((session, lock))
}

/// The in-jail `jail-call` helper: this very binary (by real path), which
/// acts as `jail-call` when started by that name (main.rs). None only when
/// the running executable cannot be found (deleted or replaced since it
/// started); the jail then has no helper, which `--explain` and `doctor` say.
pub fn jail_call_helper() -> Option<std::path::PathBuf> {
    let exe = std::fs::canonicalize(std::env::current_exe().ok()?).ok()?;
    exe.is_file().then_some(exe)
}
