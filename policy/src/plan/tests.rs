use super::*;
use crate::mounts::fake::FakeFs;
use crate::mounts::Identity;

fn host() -> FakeFs {
    FakeFs::with(&[
        "/usr/bin/sh",
        "/usr/lib/",
        "/lib64/",
        "/etc/passwd",
        "/etc/ssl/certs/",
        "/home/u/proj/src/main.py",
        "/home/u/proj/.env",
        "/home/u/.ssh/id_ed25519",
        "/data/",
    ])
    .link("/bin", "usr/bin")
    .link("/home/u/proj/keys", "/home/u/.ssh")
}

pub(crate) fn request() -> PlanRequest {
    PlanRequest {
        profile_name: "default".into(),
        argv: vec!["sh".into()],
        cwd: "/home/u/proj".into(),
        ro: vec![],
        rw: vec![],
        env: EnvRequest::default(),
        host_env: vec![],
        uid: 1000,
        gid: 1000,
        limits: LimitOverrides::default(),
        landlock_abi: 7,
        require_landlock: None,
        rpc_helper: None,
        proxy_extras: Default::default(),
        protected: Protected {
            state_dir: Some("/home/u/.local/state/jail".into()),
            files: vec![("/home/u/bin/jail".into(), "the jail binary")],
        },
    }
}

fn find<'a>(plan: &'a JailPlan, dest: &str) -> Option<&'a MountKind> {
    plan.mounts
        .iter()
        .find(|m| m.dest == Path::new(dest))
        .map(|m| &m.kind)
}

#[test]
fn default_plan_binds_system_dirs_ro_and_cwd_ro() {
    let plan = build(&Profile::default(), &request(), &host()).expect("plan");
    assert!(matches!(
        find(&plan, "/usr"),
        Some(MountKind::Bind {
            writable: false,
            ..
        })
    ));
    assert_eq!(
        find(&plan, "/bin"),
        Some(&MountKind::Symlink {
            target: "usr/bin".into()
        })
    );
    assert!(find(&plan, "/lib").is_none(), "absent on this host");
    assert!(plan.notes.iter().any(|n| n.contains("/lib is not")));
    assert!(matches!(
        find(&plan, "/home/u/proj"),
        Some(MountKind::Bind {
            writable: false,
            ..
        })
    ));
    assert_eq!(plan.cwd, Path::new("/home/u/proj"));
    assert!(find(&plan, "/home/u/.ssh").is_none());
    assert_eq!(plan.uid_map.inside, 1000);
}

#[rstest::rstest]
#[case::timeout_overflows_a_clock(LimitOverrides { timeout_secs: Some(1 << 63), ..Default::default() }, "limits.timeout_secs (--timeout)", "more than a year")]
#[case::cpu_time_zero(LimitOverrides { cpu_time_secs: Some(0), ..Default::default() }, "limits.cpu_time_secs (--cpu-time)", "above 0")]
#[case::cpu_time_huge(LimitOverrides { cpu_time_secs: Some(u64::MAX), ..Default::default() }, "--cpu-time", "more than a year")]
#[case::memory_zero(LimitOverrides { memory: Some(ByteSize(0)), ..Default::default() }, "limits.memory (--memory)", "size above 0")]
#[case::tmpfs_zero(LimitOverrides { tmp_size: Some(ByteSize(0)), ..Default::default() }, "tmp_size (--tmpfs-size)", "size above 0")]
fn limits_that_cannot_work_are_refused_naming_key_and_flag(
    #[case] limits: LimitOverrides,
    #[case] names: &str,
    #[case] needle: &str,
) {
    let mut req = request();
    req.limits = limits;
    let err = build(&Profile::default(), &req, &host()).expect_err("refused");
    let message = err.to_string();
    assert!(message.contains(names), "{message}");
    assert!(message.contains(needle), "{message}");
}

/// 0 means no wall-clock limit, as for GNU timeout; `--timeout 0`
/// lifts the profile's. Durations parse in the policy keys too.
#[test]
fn timeout_zero_means_none_and_policy_keys_take_durations() {
    let policy = crate::Policy::from_toml(
        "[profile.p.limits]\ntimeout_secs = \"1h30m\"\ncpu_time_secs = \"90s\"\n",
        "test",
    )
    .expect("valid");
    let profile = policy.profile("p").expect("profile");
    assert_eq!(profile.limits.timeout_secs, Some(5400));
    assert_eq!(profile.limits.cpu_time_secs, Some(90));
    let mut req = request();
    let plan = build(profile, &req, &host()).expect("plan");
    assert_eq!(plan.limits.timeout_secs, Some(5400));
    req.limits.timeout_secs = Some(0);
    let plan = build(profile, &req, &host()).expect("plan");
    assert_eq!(plan.limits.timeout_secs, None);
    let zero = crate::Policy::from_toml("[profile.p.limits]\ntimeout_secs = 0\n", "test")
        .expect("0 is accepted");
    let profile = zero.profile("p").expect("profile");
    let plan = build(profile, &request(), &host()).expect("plan");
    assert_eq!(plan.limits.timeout_secs, None);
}

#[test]
fn a_missing_rw_source_names_the_mkdir_quoted_for_a_shell() {
    assert_eq!(super::shell_word("out/a-b"), "out/a-b");
    assert_eq!(super::shell_word("my out"), "'my out'");
    assert_eq!(super::shell_word("it's"), "'it'\\''s'");
}

#[test]
fn a_pids_limit_below_init_and_payload_names_the_key() {
    let mut req = request();
    req.limits.pids = Some(1);
    let err = build(&Profile::default(), &req, &host()).expect_err("refused");
    assert!(err.to_string().contains("limits.pids"), "{err}");
    req.limits.pids = Some(2);
    assert!(build(&Profile::default(), &req, &host()).is_ok());
}

#[test]
fn blocked_entries_in_the_cwd_are_masked() {
    let plan = build(&Profile::default(), &request(), &host()).expect("plan");
    assert!(matches!(
        find(&plan, "/home/u/proj/.env"),
        Some(MountKind::Mask { dir: false, .. })
    ));
}

#[test]
fn parents_are_mounted_before_children() {
    let mut req = request();
    req.cwd = "/data".into();
    req.rw = vec!["/home/u/proj:/tmp/work".parse().expect("spec")];
    let plan = build(&Profile::default(), &req, &host()).expect("plan");
    let position = |dest: &str| plan.mounts.iter().position(|m| m.dest == Path::new(dest));
    assert!(position("/tmp") < position("/tmp/work"));
    assert!(position("/dev") < position("/dev/pts"));
    assert!(position("/tmp/work") < position("/tmp/work/.env"));
}

#[test]
fn rw_of_the_cwd_replaces_its_ro_bind() {
    let mut req = request();
    req.rw = vec!["/home/u/proj".parse().expect("spec")];
    let plan = build(&Profile::default(), &req, &host()).expect("plan");
    let binds: Vec<_> = plan
        .mounts
        .iter()
        .filter(|m| m.dest == Path::new("/home/u/proj"))
        .collect();
    assert_eq!(binds.len(), 1);
    assert!(matches!(
        binds[0].kind,
        MountKind::Bind { writable: true, .. }
    ));
}

#[test]
fn a_symlink_to_ssh_is_refused() {
    let mut req = request();
    req.ro = vec!["/home/u/proj/keys".parse().expect("spec")];
    let err = build(&Profile::default(), &req, &host()).expect_err("refused");
    assert!(err.to_string().contains(".ssh"), "{err}");
}

#[rstest::rstest]
#[case("/")]
#[case("/proc")]
#[case("/proc/1/root")]
fn host_root_and_proc_cannot_be_bound(#[case] source: &str) {
    let fs = FakeFs::with(&["/proc/1/root/", "/home/u/proj/"]);
    let mut req = request();
    req.ro = vec![format!("{source}:/mnt").parse().expect("spec")];
    let err = build(&Profile::default(), &req, &fs).expect_err("refused");
    assert!(err.to_string().contains(source), "{err}");
}

fn with_state() -> FakeFs {
    FakeFs::with(&[
        "/home/u/proj/src/main.py",
        "/home/u/.local/state/jail/audit.log",
        "/home/u/bin/jail",
    ])
}

#[rstest::rstest]
#[case("/home/u/.local/state/jail")]
#[case("/home/u/.local/state/jail/audit.log")]
fn the_state_dir_cannot_be_bound(#[case] source: &str) {
    for rw in [false, true] {
        let mut req = request();
        let spec = format!("{source}:/mnt").parse().expect("spec");
        if rw {
            req.rw = vec![spec]
        } else {
            req.ro = vec![spec]
        }
        let message = build(&Profile::default(), &req, &with_state())
            .expect_err("refused")
            .to_string();
        assert!(message.contains("state directory"), "{message}");
    }
}

#[test]
fn a_bind_holding_the_state_dir_masks_it() {
    let mut req = request();
    req.ro = vec!["/home/u:/mnt".parse().expect("spec")];
    let plan = build(&Profile::default(), &req, &with_state()).expect("plan");
    assert!(matches!(
        find(&plan, "/mnt/.local/state/jail"),
        Some(MountKind::Mask { dir: true, why, .. }) if why.contains("state")
    ));
    assert!(plan.to_string().contains("masked (jail's state directory)"));
}

#[test]
fn the_state_dir_as_cwd_is_refused() {
    let mut req = request();
    req.cwd = "/home/u/.local/state/jail".into();
    let message = build(&Profile::default(), &req, &with_state())
        .expect_err("refused")
        .to_string();
    assert!(message.contains("state directory"), "{message}");
}

#[test]
fn a_writable_bind_may_not_hold_the_binaries_but_a_read_only_one_may() {
    let mut req = request();
    req.rw = vec!["/home/u/bin".parse().expect("spec")];
    let message = build(&Profile::default(), &req, &with_state())
        .expect_err("refused")
        .to_string();
    assert!(
        message.contains("the jail binary `/home/u/bin/jail`"),
        "{message}"
    );
    let mut req = request();
    req.ro = vec!["/home/u/bin".parse().expect("spec")];
    assert!(build(&Profile::default(), &req, &with_state()).is_ok());
}

#[test]
fn the_same_destination_twice_is_refused() {
    let mut req = request();
    req.ro = vec!["/data:/mnt".parse().expect("spec")];
    req.rw = vec!["/home/u/proj:/mnt".parse().expect("spec")];
    let err = build(&Profile::default(), &req, &host()).expect_err("refused");
    assert!(err.to_string().contains("given twice"), "{err}");
}

#[test]
fn root_as_cwd_is_refused_with_the_fix() {
    let mut req = request();
    req.cwd = "/".into();
    let err = build(&Profile::default(), &req, &host()).expect_err("refused");
    assert!(err.to_string().contains("cwd = \"none\""), "{err}");
}

#[test]
fn cwd_none_starts_in_home() {
    let profile = Profile {
        cwd: CwdMode::None,
        ..Profile::default()
    };
    let plan = build(&profile, &request(), &host()).expect("plan");
    assert_eq!(plan.cwd, Path::new("/tmp"));
    assert!(find(&plan, "/home/u/proj").is_none());
}

#[test]
fn no_command_is_an_error() {
    let mut req = request();
    req.argv.clear();
    assert!(matches!(
        build(&Profile::default(), &req, &host()),
        Err(PolicyError::NoCommand)
    ));
}

#[test]
fn explain_text_and_json_come_from_the_plan() {
    let plan = build(&Profile::default(), &request(), &host()).expect("plan");
    let text = plan.to_string();
    assert!(text.contains("ro  /usr  <- /usr"), "{text}");
    assert!(text.contains("masked"), "{text}");
    let json = serde_json::to_value(&plan).expect("json");
    assert_eq!(json["mounts"][0]["type"], "bind");
    assert_eq!(json["namespaces"].as_array().map(Vec::len), Some(7));
}

#[test]
fn a_jail_path_maps_through_the_innermost_bind() {
    let bind = |dest: &str, source: &str| Mount {
        dest: PathBuf::from(dest),
        kind: MountKind::Bind {
            source: PathBuf::from(source),
            writable: false,
            dir: true,
            identity: Identity { dev: 1, ino: 1 },
        },
    };
    let mut plan = build(&Profile::default(), &request(), &host()).expect("plan");
    plan.mounts = vec![
        bind("/usr", "/usr"),
        bind("/data", "/srv/x"),
        bind("/data/in", "/srv/y"),
    ];
    assert_eq!(
        plan.host_path(Path::new("/data/a")),
        PathBuf::from("/srv/x/a")
    );
    assert_eq!(
        plan.host_path(Path::new("/data/in/b")),
        PathBuf::from("/srv/y/b")
    );
    assert_eq!(
        plan.host_path(Path::new("/usr/bin/node")),
        PathBuf::from("/usr/bin/node")
    );
    assert_eq!(
        plan.host_path(Path::new("/bin/sh")),
        PathBuf::from("/bin/sh")
    );
}
