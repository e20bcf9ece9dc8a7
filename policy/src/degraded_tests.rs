use super::*;
use crate::model::BindSpec;
use crate::mounts::fake::FakeFs;
use crate::plan::{build, PlanRequest};
use crate::Profile;

fn host() -> FakeFs {
    FakeFs::with(&[
        "/usr/bin/sh",
        "/usr/lib/",
        "/etc/passwd",
        "/home/u/proj/src/main.py",
        "/home/u/proj/src/lib/util.py",
        "/home/u/proj/README",
        "/home/u/proj/.env",
        "/home/u/proj/src/lib/.env.local",
        "/home/u/.ssh/id_ed25519",
        "/opt/jail/jail-call",
        "/srv/data/",
    ])
    .link("/bin", "usr/bin")
    .link("/home/u/proj/keys", "/home/u/.ssh")
}

fn request(argv: &[&str]) -> PlanRequest {
    PlanRequest {
        argv: argv.iter().map(|a| a.to_string()).collect(),
        landlock_abi: 5,
        rpc_helper: Some("/opt/jail/jail-call".into()),
        ..crate::plan::tests::request()
    }
}

fn degraded(request: &PlanRequest) -> Result<JailPlan, PolicyError> {
    let full = build(&Profile::default(), request, &host()).expect("full plan");
    degrade(
        &full,
        &DegradeRequest {
            cause: "user.max_user_namespaces = 0".into(),
            private_dir: Path::new("/var/tmp/jail-x"),
            user_tasks: 40,
        },
        &host(),
    )
}

fn rules(plan: &JailPlan) -> Vec<(String, Access)> {
    plan.landlock
        .rules
        .iter()
        .map(|r| (r.path.display().to_string(), r.access))
        .collect()
}

#[test]
fn mounts_become_rules_on_host_paths_and_nothing_else() {
    let plan = degraded(&request(&["sh"])).expect("degraded");
    let rules = rules(&plan);
    let has = |path: &str, access| rules.contains(&(path.to_string(), access));
    assert!(has("/usr", Access::ReadExecute), "{rules:?}");
    assert!(has("/etc/passwd", Access::ReadExecute), "{rules:?}");
    assert!(has("/proc", Access::ReadExecute), "{rules:?}");
    assert!(has("/dev/null", Access::Device), "{rules:?}");
    assert!(has("/var/tmp/jail-x", Access::ReadWrite), "{rules:?}");
    assert!(has("/opt/jail/jail-call", Access::ReadExecute), "{rules:?}");
    // Never the host's root, /dev or /tmp as a whole.
    for whole in ["/", "/dev", "/tmp", "/dev/shm", "/home/u"] {
        assert!(!rules.iter().any(|(p, _)| p == whole), "{whole}: {rules:?}");
    }
    assert!(plan.mounts.is_empty() && plan.namespaces.is_empty());
    assert!(plan.seccomp.shared_host);
    assert!(plan.landlock.require_abi >= 1);
    assert_eq!(plan.env["HOME"], "/var/tmp/jail-x/tmp");
    assert_eq!(plan.env["TMPDIR"], "/var/tmp/jail-x/tmp");
    assert!(
        plan.env["PATH"].ends_with(":/var/tmp/jail-x/run/jail/bin"),
        "{}",
        plan.env["PATH"]
    );
    let degraded = plan.degraded.as_ref().expect("marked");
    assert_eq!(
        degraded.private_dirs,
        [
            PathBuf::from("/var/tmp/jail-x/tmp"),
            PathBuf::from("/var/tmp/jail-x/run/jail/bin")
        ]
    );
    // The helper: linked by name in a private directory on PATH.
    assert_eq!(
        degraded.helper_link.as_deref(),
        Some(Path::new("/var/tmp/jail-x/run/jail/bin/jail-call"))
    );
    assert_eq!(
        plan.helper.as_deref(),
        Some(Path::new("/opt/jail/jail-call"))
    );
    let missing = degraded.missing.join("\n");
    assert!(missing.contains("Landlock ABI 5 cannot scope"), "{missing}");
    assert!(missing.contains("raised by the 40"), "{missing}");
    let nproc = plan
        .limits
        .rlimits
        .iter()
        .find(|l| l.resource == RlimitResource::Nproc);
    let full = build(&Profile::default(), &request(&["sh"]), &host()).expect("full");
    let full_nproc = full
        .limits
        .rlimits
        .iter()
        .find(|l| l.resource == RlimitResource::Nproc);
    assert_eq!(nproc.map(|l| l.value), full_nproc.map(|l| l.value + 40));
}

#[test]
fn masked_entries_are_left_out_and_their_siblings_kept() {
    let plan = degraded(&request(&["sh"])).expect("degraded");
    let rules = rules(&plan);
    let has = |path: &str, access| rules.contains(&(path.to_string(), access));
    for kept in [
        "/home/u/proj/README",
        "/home/u/proj/src/main.py",
        "/home/u/proj/src/lib/util.py",
    ] {
        assert!(has(kept, Access::ReadExecute), "{kept}: {rules:?}");
    }
    // The directories on the way to a masked file may be listed, no more.
    for listed in ["/home/u/proj", "/home/u/proj/src", "/home/u/proj/src/lib"] {
        let found: Vec<_> = rules.iter().filter(|(p, _)| p == listed).collect();
        assert_eq!(found, [&(listed.to_string(), Access::List)], "{rules:?}");
    }
    for hidden in [
        "/home/u/proj/.env",
        "/home/u/proj/src/lib/.env.local",
        "/home/u/proj/keys",
    ] {
        assert!(
            !rules.iter().any(|(p, _)| p == hidden),
            "{hidden}: {rules:?}"
        );
    }
    assert!(plan
        .degraded
        .expect("marked")
        .missing
        .iter()
        .any(|m| m.starts_with("masks: 2")));
}

#[test]
fn a_masked_directory_keeps_its_parents_from_being_listed() {
    let fs = FakeFs::with(&[
        "/usr/bin/sh",
        "/home/u/proj/README",
        "/home/u/proj/cfg/app.toml",
        "/home/u/proj/cfg/.aws/credentials",
        "/opt/jail/jail-call",
    ]);
    let full = build(&Profile::default(), &request(&["sh"]), &fs).expect("full");
    let request = DegradeRequest {
        cause: String::new(),
        private_dir: Path::new("/var/tmp/j"),
        user_tasks: 0,
    };
    let plan = degrade(&full, &request, &fs).expect("degraded");
    let rules = rules(&plan);
    for dir in ["/home/u/proj", "/home/u/proj/cfg", "/home/u/proj/cfg/.aws"] {
        assert!(!rules.iter().any(|(p, _)| p == dir), "{dir}: {rules:?}");
    }
    assert!(rules.contains(&("/home/u/proj/cfg/app.toml".into(), Access::ReadExecute)));
}

#[test]
fn a_bind_elsewhere_is_refused_unless_the_command_names_it() {
    let mut req = request(&["sh"]);
    req.ro = vec!["/srv/data:/data".parse::<BindSpec>().expect("spec")];
    let err = degraded(&req).expect_err("refused");
    let text = err.to_string();
    assert!(text.contains("`/srv/data` -> `/data`"), "{text}");
    assert!(text.contains("--ro /srv/data"), "{text}");

    let mut req = request(&["python3", "/data/run.py", "/tmp/out", "-v"]);
    req.ro = vec!["/srv/data:/data".parse::<BindSpec>().expect("spec")];
    let plan = degraded(&req).expect("named by the command");
    assert_eq!(
        plan.argv,
        [
            "python3",
            "/srv/data/run.py",
            "/var/tmp/jail-x/tmp/out",
            "-v"
        ]
    );
}

#[test]
fn without_landlock_or_seccomp_it_refuses_naming_the_key() {
    let mut req = request(&["sh"]);
    req.landlock_abi = 0;
    req.require_landlock = Some(0);
    let err = degraded(&req).expect_err("no landlock");
    assert!(err.to_string().contains("landlock.enabled"), "{err}");

    let mut profile = Profile::default();
    profile.seccomp.enabled = false;
    let full = build(&profile, &request(&["sh"]), &host()).expect("full");
    let request = DegradeRequest {
        cause: String::new(),
        private_dir: Path::new("/var/tmp/j"),
        user_tasks: 0,
    };
    let err = degrade(&full, &request, &host()).expect_err("no seccomp");
    assert!(err.to_string().contains("seccomp.enabled = true"), "{err}");
}

#[test]
fn explain_shows_the_tier_and_what_is_missing() {
    let text = degraded(&request(&["sh"])).expect("degraded").to_string();
    assert!(
        text.contains("tier        degraded: user.max_user_namespaces = 0"),
        "{text}"
    );
    assert!(
        text.contains("network: every socket() is refused"),
        "{text}"
    );
    assert!(!text.contains("mounts\n"), "{text}");
}
