//! Resource limits, from the command line, checked by their effect.

use super::common::*;

#[test]
fn pids_limit_stops_forks() {
    let dir = workdir();
    let out = run(jail(dir.path()).args([
        "exec",
        "--pids",
        "8",
        "--",
        "sh",
        "-c",
        "n=0; for i in $(seq 30); do sleep 2 & n=$((n+1)); done 2>/dev/null; echo started",
    ]));
    assert!(
        !stdout(&out).contains("started") || stderr(&out).contains("fork"),
        "30 processes started under --pids 8: {}",
        stderr(&out)
    );
}

#[test]
fn tmpfs_size_caps_tmp() {
    let dir = workdir();
    let out = run(jail(dir.path()).args([
        "exec",
        "--tmpfs-size",
        "4MiB",
        "--",
        "sh",
        "-c",
        "head -c 8000000 /dev/zero > /tmp/fill; echo rc=$?; wc -c < /tmp/fill",
    ]));
    let text = stdout(&out);
    assert!(text.contains("rc=1"), "{text} {}", stderr(&out));
    let written: u64 = text
        .lines()
        .last()
        .and_then(|l| l.trim().parse().ok())
        .expect("size");
    assert!(
        written <= 4 << 20,
        "wrote {written} bytes into a 4 MiB /tmp"
    );
}

#[test]
fn cpu_time_limit_kills_a_busy_loop() {
    let dir = workdir();
    let started = std::time::Instant::now();
    let out = run(jail(dir.path()).args([
        "exec",
        "--cpu-time",
        "1",
        "--",
        "sh",
        "-c",
        "while :; do :; done",
    ]));
    // RLIMIT_CPU sends SIGXCPU (24) at the soft limit, which kills.
    assert_eq!(out.status.code(), Some(128 + 24), "{}", stderr(&out));
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
}

#[test]
fn memory_limit_stops_a_large_allocation() {
    let dir = workdir();
    let out = run(jail(dir.path()).args([
        "exec",
        "--memory",
        "64MiB",
        "--",
        "python3",
        "-c",
        "x = bytearray(512 << 20); print('allocated')",
    ]));
    assert!(
        !stdout(&out).contains("allocated"),
        "512 MiB allocated under 64 MiB"
    );
    assert!(!out.status.success());
}

#[test]
fn core_dumps_are_off_and_limits_are_visible() {
    let dir = workdir();
    let out = run(jail(dir.path()).args([
        "exec",
        "--",
        "bash",
        "-c",
        "ulimit -c; ulimit -n; ulimit -u",
    ]));
    assert_ok(&out);
    assert_eq!(stdout(&out), "0\n8192\n1024\n");
}

#[test]
fn verbose_names_the_refused_system_calls() {
    let dir = workdir();
    let out = run(jail(dir.path()).args([
        "exec",
        "--verbose",
        "--",
        "sh",
        "-c",
        "unshare -U true; unshare -m true; true",
    ]));
    assert_ok(&out);
    let err = stderr(&out);
    assert!(
        err.contains("unshare failed: Operation not permitted"),
        "{err}"
    );
    assert!(
        err.contains("jail: seccomp refused (EPERM): unshare (2)"),
        "{err}"
    );
}

#[test]
fn verbose_says_where_landlock_allows_writes() {
    let dir = workdir();
    let rw = format!("{}:/work", dir.path().display());
    let out = run(jail(dir.path()).args(["exec", "--verbose", "--rw", &rw, "--", "true"]));
    let err = stderr(&out);
    if jail::probe::landlock_abi().is_err() {
        println!("skipped: this kernel has no Landlock");
        return;
    }
    assert!(
        err.contains("allowed writes only under /tmp, /work, /dev/shm;"),
        "{err}"
    );
}

/// Where a memory cgroup can be created (root here), a breach that gets the
/// payload OOM-killed ends the jail with 123 and says so.
#[test]
fn a_memory_cgroup_breach_is_reported_with_its_own_status() {
    let dir = workdir();
    let doctor = run(jail(dir.path()).args(["doctor", "--json"]));
    let report: serde_json::Value = serde_json::from_slice(&doctor.stdout).expect("json");
    let cgroups = report["checks"]
        .as_array()
        .and_then(|c| c.iter().find(|c| c["name"] == "cgroups"))
        .map(|c| c["detail"].as_str().unwrap_or("").to_string())
        .unwrap_or_default();
    let held = cgroups.split(';').next().unwrap_or("");
    if !held.contains("memory") {
        // Root gets one on CI's machines; an ordinary user has none
        // delegated there.
        skip(
            &format!("the memory cgroup test: no memory cgroup for this user here ({cgroups})"),
            !nix::unistd::geteuid().is_root(),
        );
        return;
    }
    // Three processes, each under the per-process RLIMIT_DATA of 96 MiB,
    // together over the jail's 96 MiB (16 + 16 + 80): the kernel kills the
    // largest, the payload itself, which is far the largest when it hits.
    std::fs::write(
        dir.path().join("oom.py"),
        "import os, time\n\
         r, w = os.pipe()\n\
         for _ in range(2):\n\
         \x20   if os.fork() == 0:\n\
         \x20       b = bytearray(16 << 20)\n\
         \x20       for i in range(0, len(b), 4096): b[i] = 1\n\
         \x20       os.write(w, b'x'); time.sleep(5); os._exit(0)\n\
         # Both children hold their 16 MiB before the payload grows past them.\n\
         os.read(r, 1); os.read(r, 1)\n\
         b = bytearray(80 << 20)\n\
         for i in range(0, len(b), 4096): b[i] = 1\n\
         print('survived')\n",
    )
    .expect("write");
    let out = run(jail(dir.path()).args(["exec", "--memory", "96MiB", "--", "python3", "oom.py"]));
    assert_eq!(out.status.code(), Some(123), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("reached its memory limit"),
        "{}",
        stderr(&out)
    );
    assert!(!stdout(&out).contains("survived"));
}

/// Numbers that overflowed a clock (`Instant + Duration` aborted the
/// supervisor after the jail started, leaving the session `running`), that
/// mean "no limit" / "kill at once", and environment names no shell could
/// use are refused before any jail starts, naming the flag or key (names
/// escaped); no session is left running.
#[rstest::rstest]
#[case::timeout_2_63(&["--timeout", "9223372036854775808"], "", "--timeout")]
#[case::timeout_key(&[], "[profile.default.limits]\ntimeout_secs = 9223372036854775807\n", "limits.timeout_secs")]
#[case::egress_timeout_key(&[], "[profile.default.egress]\ntimeout_secs = 9223372036854775807\n", "egress.timeout_secs")]
#[case::tmpfs_size_0(&["--tmpfs-size", "0"], "", "--tmpfs-size")]
#[case::tmp_size_key_0(&[], "[profile.default]\ntmp_size = \"0\"\n", "tmp_size")]
#[case::memory_0(&["--memory", "0"], "", "--memory")]
#[case::cpu_time_0(&["--cpu-time", "0"], "", "--cpu-time")]
#[case::env_name_with_space(&["--env", "A B=1"], "", "`A B`")]
#[case::env_name_with_newline(&["--env", "A\nB=1"], "", "`A\\nB`")]
fn values_that_cannot_work_are_refused_up_front(
    #[case] flags: &[&str],
    #[case] policy: &str,
    #[case] names: &str,
) {
    let setup = Setup::new(policy);
    let mut command = setup.jail();
    command.arg("exec").args(flags);
    command.args(["--", "sh", "-c", "echo ran"]);
    let out = run(&mut command);
    assert_eq!(out.status.code(), Some(125), "{}", stderr(&out));
    assert!(!stdout(&out).contains("ran"), "the jail started");
    assert!(stderr(&out).contains(names), "{}", stderr(&out));
    let running = std::fs::read_dir(setup.state().join("sessions"))
        .map(|d| {
            d.flatten()
                .filter(|e| {
                    std::fs::read_to_string(e.path()).is_ok_and(|t| t.contains("\"running\""))
                })
                .count()
        })
        .unwrap_or(0);
    assert_eq!(running, 0, "a session was left running");
}

/// `--timeout 0` means no limit, as for GNU timeout, and lifts the
/// profile's `limits.timeout_secs` (here 1s, which `sleep 3` outlasts);
/// a `timeout_secs = 0` key means none too.
#[test]
fn timeout_zero_means_no_limit() {
    let setup = Setup::new("[profile.default.limits]\ntimeout_secs = 1\n");
    let out = run(setup.jail().args([
        "exec",
        "--timeout",
        "0",
        "--",
        "sh",
        "-c",
        "sleep 3; echo ran",
    ]));
    assert_ok(&out);
    assert_eq!(stdout(&out), "ran\n");
    let setup = Setup::new("[profile.default.limits]\ntimeout_secs = 0\n");
    let out = setup.sh("echo ran");
    assert_ok(&out);
    assert_eq!(stdout(&out), "ran\n");
    let explained = run(setup.jail().args(["exec", "--explain", "--", "true"]));
    assert_ok(&explained);
    assert!(
        stdout(&explained).contains("timeout   none"),
        "{}",
        stdout(&explained)
    );
}

/// `--timeout` and `--cpu-time` (and their policy keys) take durations.
#[test]
fn timeouts_take_durations() {
    let setup = Setup::new("[profile.default.limits]\ncpu_time_secs = \"2m\"\n");
    let explained =
        run(setup
            .jail()
            .args(["exec", "--timeout", "1h30m", "--explain", "--", "true"]));
    assert_ok(&explained);
    let plan = stdout(&explained);
    assert!(plan.contains("timeout   5400s"), "{plan}");
    assert!(plan.contains("120s"), "{plan}");
    let explained =
        run(setup
            .jail()
            .args(["exec", "--cpu-time", "90s", "--explain", "--", "true"]));
    assert!(stdout(&explained).contains("90s"), "{}", stdout(&explained));
    let out = run(setup
        .jail()
        .args(["exec", "--timeout", "1m", "--", "sh", "-c", "echo ran"]));
    assert_ok(&out);
    assert_eq!(stdout(&out), "ran\n");
    let out = run(setup.jail().args(["exec", "--timeout", "1x", "--", "true"]));
    assert!(!out.status.success());
    assert!(stderr(&out).contains("\"1h30m\""), "{}", stderr(&out));
}
