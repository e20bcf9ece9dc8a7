//! The mount tree, namespaces and identity of a jail.

use std::net::TcpListener;

use rstest::rstest;

use super::common::*;

#[rstest]
#[case("/usr/jail-write-probe")]
#[case("/etc/jail-write-probe")]
#[case("/jail-write-probe")]
fn system_dirs_and_the_root_are_read_only(#[case] path: &str) {
    let dir = workdir();
    let out = sh(dir.path(), &format!("echo x > {path}"));
    assert!(!out.status.success(), "write to {path} succeeded");
    assert!(
        stderr(&out).contains("Read-only file system"),
        "{}",
        stderr(&out)
    );
    assert!(
        !std::path::Path::new(path).exists(),
        "{path} appeared on the host"
    );
}

#[test]
fn the_cwd_is_bound_read_only_and_is_the_working_directory() {
    let dir = workdir();
    std::fs::write(dir.path().join("input.txt"), "from the host").expect("write");
    let out = sh(dir.path(), "pwd; cat input.txt; echo x > output.txt");
    assert!(!out.status.success());
    let text = stdout(&out);
    assert!(
        text.starts_with(&format!("{}\n", dir.path().display())),
        "{text}"
    );
    assert!(text.contains("from the host"), "{text}");
    assert!(!dir.path().join("output.txt").exists());
}

#[test]
fn an_rw_dir_receives_the_file_on_the_host() {
    let dir = workdir();
    let out_dir = workdir();
    let target = out_dir.path().join("made-in-jail.txt");
    let out = run(jail(dir.path()).args([
        "exec",
        "--rw",
        out_dir.path().to_str().expect("utf-8"),
        "--",
        "sh",
        "-c",
        &format!("echo written > {}", target.display()),
    ]));
    assert_ok(&out);
    assert_eq!(
        std::fs::read_to_string(&target).expect("file on host"),
        "written\n"
    );
}

#[test]
fn ro_bind_appears_at_its_destination_read_only() {
    let dir = workdir();
    let data = workdir();
    std::fs::write(data.path().join("d.txt"), "data").expect("write");
    let spec = format!("{}:/mnt/data", data.path().display());
    let out = run(jail(dir.path()).args([
        "exec",
        "--ro",
        &spec,
        "--",
        "sh",
        "-c",
        "cat /mnt/data/d.txt; echo y > /mnt/data/new",
    ]));
    assert_eq!(stdout(&out), "data");
    assert!(!out.status.success());
    assert!(!data.path().join("new").exists());
}

#[test]
fn nothing_else_of_the_host_is_visible() {
    let dir = workdir();
    let out = sh(
        dir.path(),
        "ls -A /; ls /home /root /var /sys /boot 2>&1; ls -R /run; ls /etc | wc -l",
    );
    let text = stdout(&out);
    let root: Vec<&str> = text.lines().take_while(|l| !l.starts_with("ls:")).collect();
    for entry in &root[..root.len().min(11)] {
        assert!(
            ["bin", "dev", "etc", "lib", "lib64", "proc", "run", "sbin", "tmp", "usr"]
                .contains(entry),
            "unexpected {entry} in the jail's root: {text}"
        );
    }
    assert!(!text.contains("jailtest"), "{text}");
}

/// The jail's loopback interface is up: a program can talk to itself over
/// 127.0.0.1 (a UDP datagram: Landlock governs TCP).
#[test]
fn the_loopback_interface_is_up() {
    if !need(&["python3"]) {
        return;
    }
    let dir = workdir();
    let out = run(jail(dir.path()).args([
        "exec",
        "--",
        "python3",
        "-c",
        "import socket\n\
         s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n\
         s.bind(('127.0.0.1', 0))\n\
         s.sendto(b'ping', s.getsockname())\n\
         print(s.recv(4).decode())",
    ]));
    assert_ok(&out);
    assert_eq!(stdout(&out), "ping\n");
}

#[test]
fn only_loopback_exists_and_a_host_listener_is_unreachable() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.set_nonblocking(true).expect("nonblocking");
    let port = listener.local_addr().expect("addr").port();
    let dir = workdir();
    let script = format!(
        "tail -n +3 /proc/net/dev | cut -d: -f1 | tr -d ' '; \
         bash -c 'echo hi > /dev/tcp/127.0.0.1/{port}' 2>/dev/null && echo CONNECTED"
    );
    let out = sh(dir.path(), &script);
    assert_eq!(stdout(&out), "lo\n");
    assert!(
        listener.accept().is_err(),
        "the host listener accepted a connection"
    );
}

#[test]
fn pid_1_is_the_init_and_the_payload_is_pid_2() {
    let dir = workdir();
    let out = sh(dir.path(), "echo $$ $PPID; ls /proc | grep -c '^[0-9]'");
    assert_ok(&out);
    let text = stdout(&out);
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("2 1"));
    // init, sh, ls, grep: nothing of the host's processes.
    let count: u32 = lines.next().and_then(|l| l.parse().ok()).expect("count");
    assert!(count <= 4, "{count} processes visible");
}

#[test]
fn the_hostname_and_identity_are_the_jails() {
    let dir = workdir();
    let out = sh(dir.path(), "cat /proc/sys/kernel/hostname; id -u; id -g");
    assert_ok(&out);
    let expected = format!(
        "jail\n{}\n{}\n",
        nix::unistd::geteuid().as_raw(),
        nix::unistd::getegid().as_raw()
    );
    assert_eq!(stdout(&out), expected);
}

#[test]
fn minimal_dev_and_private_tmp() {
    let dir = workdir();
    let name = format!("jail-tmp-{}", marker("tmp"));
    let script = format!(
        "ls /dev | tr '\\n' ' '; echo; head -c 4 /dev/urandom | wc -c; \
         echo ok > /dev/null && echo null-ok; echo t > /tmp/{name} && cat /tmp/{name}; ls /tmp"
    );
    let out = sh(dir.path(), &script);
    assert_ok(&out);
    let text = stdout(&out);
    let first = text.lines().next().unwrap_or_default();
    for node in [
        "null", "zero", "full", "random", "urandom", "tty", "ptmx", "pts", "shm",
    ] {
        assert!(
            first.split(' ').any(|n| n == node),
            "/dev lacks {node}: {first}"
        );
    }
    for host_only in ["sda", "vda", "mem", "kmsg", "console"] {
        assert!(
            !first.split(' ').any(|n| n == host_only),
            "/dev has {host_only}: {first}"
        );
    }
    assert!(text.contains("null-ok\nt\n"), "{text}");
    // The jail's /tmp holds only what the jail made and the cwd's mount point.
    let tmp_listing: Vec<&str> = text.lines().skip(4).collect();
    assert_eq!(tmp_listing.len(), 2, "{text}");
    assert!(
        !std::path::Path::new("/tmp").join(&name).exists(),
        "the jail wrote the host's /tmp"
    );
}

#[test]
fn a_missing_command_exits_127_with_a_clear_message() {
    let dir = workdir();
    let out = run(jail(dir.path()).args(["exec", "--", "no-such-command-xyz"]));
    assert_eq!(out.status.code(), Some(127));
    assert!(stderr(&out).contains("command not found in the jail: `no-such-command-xyz`"));
}

#[test]
fn explain_prints_the_plan_without_running() {
    let dir = workdir();
    let flag = dir.path().join("ran");
    let script = format!("touch {}", flag.display());
    let out = run(jail(dir.path()).args(["exec", "--explain", "--", "sh", "-c", &script]));
    assert_ok(&out);
    let text = stdout(&out);
    assert!(
        text.contains("namespaces  user mount pid net ipc uts cgroup"),
        "{text}"
    );
    assert!(text.contains(&format!(
        "ro  {}  <- {}",
        dir.path().display(),
        dir.path().display()
    )));
    assert!(text.contains("uid_map"));
    assert!(!flag.exists());

    let json = run(jail(dir.path()).args(["exec", "--explain", "--json", "--", "true"]));
    assert_ok(&json);
    let plan: serde_json::Value = serde_json::from_slice(&json.stdout).expect("json plan");
    assert_eq!(plan["hostname"], "jail");
    assert!(plan["mounts"].as_array().is_some_and(|m| m.len() > 10));
}

/// Ordinary programs run under the default profile, every layer on.
#[rstest]
#[case("python3", "python3 script.py", "python says 42")]
#[case("node", "node script.js", "node says 42")]
#[case("npm", "npm --version", ".")]
#[case("gcc", "gcc -o /tmp/hello hello.c && /tmp/hello", "gcc says 42")]
#[case(
    "sh",
    "ls / | sort | head -2 | tr '\\n' ' '; echo; wc -l < script.py",
    "bin dev"
)]
fn real_programs_run(#[case] program: &str, #[case] script: &str, #[case] expected: &str) {
    let found = ["/usr/bin", "/bin"]
        .iter()
        .any(|dir| std::path::Path::new(dir).join(program).exists());
    if !found {
        skip(&format!("{program}: not installed on this host"), false);
        return;
    }
    let dir = workdir();
    std::fs::write(
        dir.path().join("script.py"),
        "print('python says', 6 * 7)\n",
    )
    .expect("write");
    std::fs::write(
        dir.path().join("script.js"),
        "console.log('node says', 6 * 7)\n",
    )
    .expect("write");
    std::fs::write(
        dir.path().join("hello.c"),
        "#include <stdio.h>\nint main(void) { printf(\"gcc says %d\\n\", 6 * 7); return 0; }\n",
    )
    .expect("write");
    let out = sh(dir.path(), script);
    assert_ok(&out);
    assert!(
        stdout(&out).contains(expected),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
}

/// A command missing in the jail that the caller's PATH finds on the host
/// (as `~/.cargo/bin/cargo`): the error says where it is and how to bind
/// it, and following the hint works.
#[test]
fn a_command_only_on_the_host_is_named_with_how_to_bind_it() {
    let dir = workdir();
    let prefix = workdir();
    let bin = prefix.path().join("bin");
    std::fs::create_dir(&bin).expect("mkdir");
    let tool = bin.join("host-only-tool-xyz");
    std::fs::write(&tool, "#!/bin/sh\necho tool ran\n").expect("write");
    std::fs::set_permissions(&tool, std::os::unix::fs::PermissionsExt::from_mode(0o755))
        .expect("chmod");
    let host_path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let out =
        run(jail(dir.path())
            .env("PATH", &host_path)
            .args(["exec", "--", "host-only-tool-xyz"]));
    assert_eq!(out.status.code(), Some(127), "{}", stderr(&out));
    let text = stderr(&out);
    assert!(
        text.contains(&format!("on the host it is {}", tool.display())),
        "{text}"
    );
    // Follow the hint: the flags it names, as it names them.
    let start = text.find("`jail exec ").expect("a command line") + "`jail exec ".len();
    let flags: Vec<&str> = text[start..]
        .split(" -- ")
        .next()
        .expect("flags")
        .split_whitespace()
        .collect();
    assert_eq!(flags[0], "--ro");
    assert_eq!(flags[1], prefix.path().display().to_string());
    let out = run(jail(dir.path())
        .arg("exec")
        .args(&flags)
        .args(["--", "host-only-tool-xyz"]));
    assert_ok(&out);
    assert_eq!(stdout(&out), "tool ran\n");
}

/// `--rw out` on a directory that does not exist says how to create it;
/// doing so makes the same command work.
#[test]
fn a_missing_rw_directory_is_refused_with_the_mkdir_that_fixes_it() {
    let dir = workdir();
    let out =
        run(jail(dir.path()).args(["exec", "--rw", "out", "--", "sh", "-c", "echo hi > out/f"]));
    assert_eq!(out.status.code(), Some(125), "{}", stderr(&out));
    let text = stderr(&out);
    assert!(
        text.contains("does not exist; create it first: `mkdir -p out`"),
        "{text}"
    );
    std::fs::create_dir(dir.path().join("out")).expect("mkdir");
    let out =
        run(jail(dir.path()).args(["exec", "--rw", "out", "--", "sh", "-c", "echo hi > out/f"]));
    assert_ok(&out);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("out/f")).expect("written"),
        "hi\n"
    );
    let out = run(jail(dir.path()).args(["exec", "--ro", "nothere", "--", "true"]));
    assert!(
        stderr(&out).contains("does not exist; check the path"),
        "{}",
        stderr(&out)
    );
    // A missing path behind a planted symlink is refused for the link,
    // not with a mkdir that would write through it.
    std::os::unix::fs::symlink("/nonexistent-jail-test", dir.path().join("link")).expect("ln");
    let out = run(jail(dir.path()).args(["exec", "--rw", "link/sub", "--", "true"]));
    assert!(
        stderr(&out).contains("passes through the symlink"),
        "{}",
        stderr(&out)
    );
    assert!(!stderr(&out).contains("mkdir"), "{}", stderr(&out));
}
