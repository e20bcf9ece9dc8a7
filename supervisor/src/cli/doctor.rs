//! `jail doctor`: what this kernel and user allow, and how to fix the rest.

use std::path::Path;

use clap::Args;
use serde::Serialize;

#[derive(Args)]
pub struct DoctorArgs {
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Check {
    name: &'static str,
    ok: bool,
    /// Whether a failure stops the default profile from running.
    required: bool,
    detail: String,
    fixes: Vec<String>,
}

pub fn run(policy_path: Option<&Path>, args: DoctorArgs) -> anyhow::Result<u8> {
    let policy = super::load_policy(policy_path)?;
    let userns = userns_check();
    let profile = profile_check(&policy, userns.ok);
    let mut checks = vec![userns, profile];
    let landlock = jail::probe::landlock_abi();
    checks.push(Check {
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
    });
    let seccomp = jail::probe::seccomp();
    checks.push(Check {
        name: "seccomp",
        ok: seccomp.is_ok(),
        required: true,
        detail: match &seccomp {
            Ok(actions) => format!("filters supported; actions: {actions}"),
            Err(why) => why.clone(),
        },
        fixes: Vec::new(),
    });
    // A trial: create the per-jail cgroups as `jail exec` would, then drop
    // (remove) them.
    let trial = jail::cgroup::JailCgroups::create(1024, 1 << 30);
    let held = trial.controllers();
    checks.push(Check {
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
    });
    drop(trial);

    let runnable = checks.iter().all(|c| c.ok || !c.required);
    if args.json {
        let report = serde_json::json!({ "runnable": runnable, "checks": checks });
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        for check in &checks {
            let mark = match (check.ok, check.required) {
                (true, _) => "ok  ",
                (false, true) => "FAIL",
                (false, false) => "warn",
            };
            println!("{mark} {:<16} {}", check.name, check.detail);
            for fix in &check.fixes {
                println!("     {:<16} fix: {fix}", "");
            }
        }
        println!(
            "{}",
            if runnable {
                "the default profile can run here"
            } else {
                "the default profile cannot run here"
            }
        );
    }
    Ok(if runnable { 0 } else { 1 })
}

/// The decisive test: start a real jail with the built-in profile.
fn userns_check() -> Check {
    let blockers = jail::probe::userns_blockers(
        &jail::probe::Sysctls::host(),
        nix::unistd::geteuid().is_root(),
    );
    let trial = trial_jail(&policy::Profile::default());
    Check {
        name: "user namespaces",
        ok: trial.is_ok(),
        required: true,
        detail: match &trial {
            Ok(()) => "a jail with the built-in profile starts".into(),
            Err(err) => format!("a trial jail failed: {err:#}"),
        },
        fixes: if trial.is_ok() {
            Vec::new()
        } else {
            blockers
                .into_iter()
                .flat_map(|b| {
                    let cause = format!("{} = {} blocks user namespaces", b.setting, b.value);
                    std::iter::once(cause).chain(b.fixes)
                })
                .collect()
        },
    }
}

/// The policy's own `default` profile (its binds, env rules) must start too.
fn profile_check(policy: &policy::Policy, builtin_started: bool) -> Check {
    let profile = policy.profile("default");
    // Without a policy file it is the built-in profile: one trial is enough.
    let same = profile
        .as_ref()
        .is_ok_and(|p| **p == policy::Profile::default());
    let trial = match profile {
        Ok(_) if same && builtin_started => Ok(()),
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
            Err(err) => format!("a jail with the policy's default profile failed: {err:#}"),
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
    };
    let plan = policy::plan::build(&profile, &request, &crate::fsview::HostFs)?;
    let jail = jail::spawn(jail::Prepared::new(
        &plan,
        jail::Stdio::Inherit,
        false,
        None,
    )?)?;
    let started = jail.wait_started();
    let status = nix::sys::wait::waitpid(nix::unistd::Pid::from_raw(jail.pid), None)?;
    started?;
    match status {
        nix::sys::wait::WaitStatus::Exited(_, 0) => Ok(()),
        other => anyhow::bail!("the trial jail ended with {other:?}"),
    }
}
