//! `jail doctor`: what this kernel and user allow, and how to fix the rest.

use std::path::Path;

use clap::Args;
use serde::Serialize;

#[derive(Args)]
pub struct DoctorArgs {
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Print the AppArmor profile that lets this jail binary create user
    /// namespaces (for /etc/apparmor.d/jail), and nothing else.
    #[arg(long)]
    apparmor_profile: bool,
    /// Count the degraded tier as runnable (as `jail exec --allow-degraded`).
    #[arg(long, env = "JAIL_ALLOW_DEGRADED", value_parser = clap::builder::BoolishValueParser::new())]
    allow_degraded: bool,
}

// With the sysctl seam set, the user-namespace verdict comes from the fake
// sysctls, and no trial jail is started (it would test the real host).
use crate::tier::SYSCTL_ROOT_ENV;

#[derive(Serialize)]
struct Check {
    name: &'static str,
    ok: bool,
    /// Whether a failure stops the default profile from running.
    required: bool,
    detail: String,
    fixes: Vec<String>,
}

pub fn run(
    policy_path: Option<&Path>,
    state_dir: Option<&Path>,
    args: DoctorArgs,
) -> anyhow::Result<u8> {
    if args.apparmor_profile {
        let binary = std::env::current_exe()?;
        out!(
            "{}",
            jail::probe::apparmor_profile(&binary).map_err(anyhow::Error::msg)?
        );
        return Ok(0);
    }
    let policy = super::load_policy(policy_path)?;
    let userns = userns_check();
    let userns_ok = userns.ok;
    let profile = profile_check(&policy, userns_ok);
    let mut checks = vec![userns, profile];
    let landlock = landlock_check(&policy);
    let seccomp = seccomp_check();
    let (landlock_ok, seccomp_ok) = (landlock.ok, seccomp.ok);
    checks.extend([
        landlock,
        seccomp,
        cgroups_check(),
        helper_check(),
        state_check(state_dir),
    ]);

    let (tier, why) = jail::probe::tier(userns_ok, landlock_ok, seccomp_ok);
    let full_runs = checks.iter().all(|c| c.ok || !c.required);
    let degraded_runs = tier == jail::probe::Tier::Degraded && args.allow_degraded;
    let runnable = full_runs || degraded_runs;
    if args.json {
        let report = serde_json::json!({
            "runnable": runnable,
            "tier": { "name": tier.name(), "runs": tier.runs(args.allow_degraded), "why": why },
            "checks": checks,
        });
        outln!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_report(&checks, tier, &why, full_runs, degraded_runs)?;
    }
    Ok(if runnable { 0 } else { 1 })
}

/// Landlock: its ABI and what it covers here.
fn landlock_check(policy: &policy::Policy) -> Check {
    let landlock = jail::probe::landlock_abi();
    Check {
        name: "landlock",
        ok: landlock.is_ok(),
        required: policy
            .profile("default")
            .is_ok_and(|p| p.landlock.require_abi > 0),
        detail: match &landlock {
            Ok(abi) => format!(
                "ABI {abi}: {}",
                policy::landlock::features(u32::try_from(*abi).unwrap_or(0)).join("; ")
            ),
            Err(why) => format!("{why}; jail refuses to run unless --require-landlock 0"),
        },
        fixes: Vec::new(),
    }
}

/// seccomp: whether filters load, and which actions the kernel has.
fn seccomp_check() -> Check {
    let seccomp = jail::probe::seccomp();
    Check {
        name: "seccomp",
        ok: seccomp.is_ok(),
        required: true,
        detail: match &seccomp {
            Ok(actions) => format!("filters supported; actions: {actions}"),
            Err(why) => why.clone(),
        },
        fixes: Vec::new(),
    }
}

/// A trial: create the per-jail cgroups as `jail exec` would, then drop
/// (remove) them.
fn cgroups_check() -> Check {
    let trial = jail::cgroup::JailCgroups::create(1024, 1 << 30);
    let held = trial.controllers();
    Check {
        name: "cgroups",
        ok: held.contains(&"pids") && held.contains(&"memory"),
        required: false,
        detail: format!(
            "per-jail limits by cgroup: {}{}",
            if held.is_empty() {
                "none (rlimits only)".to_string()
            } else {
                held.join(", ")
            },
            trial
                .notes
                .iter()
                .map(|n| format!("; {n}"))
                .collect::<String>()
        ),
        fixes: if held.is_empty() {
            vec![
                "run under a delegated cgroup: systemd-run --user --scope -p Delegate=yes jail …"
                    .into(),
            ]
        } else {
            Vec::new()
        },
    }
}

/// Where `jail-call` comes from in every jail.
fn helper_check() -> Check {
    let helper = super::exec::jail_call_helper();
    Check {
        name: "helper",
        ok: helper.is_some(),
        required: false,
        detail: match &helper {
            Some(path) => format!(
                "jail-call in every jail at {}/{} (on PATH) <- {} (this jail binary)",
                policy::plan::HELPER_DIR,
                policy::plan::HELPER_NAME,
                path.display()
            ),
            None => "none: the running jail binary cannot be found, so tool calls from \
                     inside fail with `jail-call: not found`"
                .into(),
        },
        fixes: if helper.is_some() {
            Vec::new()
        } else {
            vec!["reinstall jail (`cargo install --path supervisor`) and run it again".into()]
        },
    }
}

/// The state dir: where it is, or why there is none.
fn state_check(state_dir: Option<&Path>) -> Check {
    let state = crate::state::StateDir::resolve(state_dir);
    Check {
        name: "state dir",
        ok: state.is_ok(),
        required: true,
        detail: match &state {
            Ok(state) => state.describe(),
            Err(err) => err.to_string(),
        },
        fixes: Vec::new(),
    }
}

/// The checks for a person: one line each, fixes under it, then the tier
/// and the verdict.
fn print_report(
    checks: &[Check],
    tier: jail::probe::Tier,
    why: &[String],
    full_runs: bool,
    degraded_runs: bool,
) -> anyhow::Result<()> {
    for check in checks {
        let mark = match (check.ok, check.required) {
            (true, _) => "ok  ",
            (false, true) => "FAIL",
            (false, false) => "warn",
        };
        outln!("{mark} {:<16} {}", check.name, check.detail);
        for fix in &check.fixes {
            outln!("     {:<16} fix: {fix}", "");
        }
    }
    outln!("tier: {} ({})", tier.name(), why.join("; "));
    outln!(
        "{}",
        match (full_runs, degraded_runs, tier) {
            (true, _, _) => "the default profile can run here",
            (false, true, _) => {
                "the default profile can run here in the degraded tier only \
                 (--allow-degraded)"
            }
            (false, false, jail::probe::Tier::Degraded) => {
                "the default profile cannot run here, except in the degraded tier: \
                 --allow-degraded (or JAIL_ALLOW_DEGRADED=1)"
            }
            (false, false, _) => "the default profile cannot run here",
        }
    );
    Ok(())
}

/// The decisive test: start a real jail with the built-in profile. With
/// the sysctl seam set, the verdict comes from the fake sysctls instead.
fn userns_check() -> Check {
    let root = nix::unistd::geteuid().is_root();
    let (sysctls, seam) = crate::tier::sysctls();
    let (blocking, sparing): (Vec<_>, Vec<_>) =
        jail::probe::userns_settings(&sysctls, &jail::probe::this_binary())
            .into_iter()
            .partition(|b| b.blocks(root));
    let (ok, mut detail) = match seam {
        None => match trial_jail(&policy::Profile::default()) {
            Ok(()) => (true, "a jail with the built-in profile starts".to_string()),
            // The error's own advice (after its first line) is shown as
            // the fixes below.
            Err(err) => (
                false,
                format!("a trial jail failed: {}", super::describe(&err))
                    .lines()
                    .next()
                    .unwrap_or_default()
                    .to_string(),
            ),
        },
        Some(dir) => (
            blocking.is_empty(),
            format!(
                "judged from the sysctls below {SYSCTL_ROOT_ENV}={} (a test seam; no trial jail)",
                dir.display()
            ),
        ),
    };
    let cause = |b: &jail::probe::UsernsBlocker| format!("{} = {}", b.setting, b.value);
    for b in &blocking {
        detail.push_str(&if ok {
            format!(
                "; {} is set, yet this binary may create them (its AppArmor profile is loaded?)",
                cause(b)
            )
        } else {
            format!("; {} blocks user namespaces", cause(b))
        });
    }
    for b in &sparing {
        detail.push_str(&format!(
            "; {} blocks unprivileged users, not root",
            cause(b)
        ));
    }
    // Root is spared by some switches; the users CI runs as are not, so
    // their fixes are shown too.
    let fixes = if ok {
        sparing
            .into_iter()
            .flat_map(|b| {
                b.fixes.into_iter().enumerate().map(|(i, fix)| {
                    if i == 0 {
                        format!("(for unprivileged users) {fix}")
                    } else {
                        fix
                    }
                })
            })
            .collect()
    } else {
        blocking.into_iter().flat_map(|b| b.fixes).collect()
    };
    Check {
        name: "user namespaces",
        ok,
        required: true,
        detail,
        fixes,
    }
}

/// The policy's own `default` profile (its binds, env rules) must start too.
fn profile_check(policy: &policy::Policy, builtin_started: bool) -> Check {
    if !builtin_started {
        return Check {
            name: "default profile",
            ok: false,
            required: false,
            detail: "not tried: no jail starts without user namespaces".into(),
            fixes: Vec::new(),
        };
    }
    let profile = policy.profile("default");
    // Without a policy file it is the built-in profile: one trial is enough.
    let same = profile
        .as_ref()
        .is_ok_and(|p| **p == policy::Profile::default());
    let trial = match profile {
        Ok(_) if same => Ok(()),
        Ok(p) => trial_jail(p),
        Err(err) => Err(err.into()),
    };
    Check {
        name: "default profile",
        ok: trial.is_ok(),
        required: true,
        detail: match &trial {
            Ok(()) if same => "the built-in profile (no policy file changes it)".into(),
            Ok(()) => "a jail with the policy's default profile starts".into(),
            Err(err) => format!(
                "a jail with the policy's default profile failed: {}",
                super::describe(err)
            ),
        },
        fixes: if trial.is_ok() {
            Vec::new()
        } else {
            vec!["correct the profile (`jail policy check FILE`, docs/policy.md)".into()]
        },
    }
}

/// Starts `true` in a jail of `profile` (without the caller's directory).
fn trial_jail(profile: &policy::Profile) -> anyhow::Result<()> {
    let mut profile = profile.clone();
    profile.cwd = policy::CwdMode::None;
    let request = policy::PlanRequest {
        profile_name: "default".into(),
        argv: vec!["true".into()],
        cwd: "/".into(),
        ro: Vec::new(),
        rw: Vec::new(),
        env: Default::default(),
        host_env: Vec::new(),
        uid: nix::unistd::geteuid().as_raw(),
        gid: nix::unistd::getegid().as_raw(),
        limits: Default::default(),
        landlock_abi: jail::probe::landlock_abi_or_zero(),
        require_landlock: None,
        rpc_helper: None,
        proxy_extras: Default::default(),
        protected: Default::default(),
    };
    let plan = policy::plan::build(&profile, &request, &crate::fsview::HostFs)?;
    let mut jail = jail::spawn(jail::Prepared::new(
        &plan,
        jail::Stdio::Inherit,
        false,
        None,
    )?)?;
    jail.release();
    let started = jail.wait_started();
    let status = jail.wait()?;
    started?;
    match status {
        nix::sys::wait::WaitStatus::Exited(_, 0) => Ok(()),
        other => anyhow::bail!("the trial jail ended with {other:?}"),
    }
}
