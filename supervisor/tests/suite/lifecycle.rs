//! Exit statuses, signals, timeouts, and what is left behind.

use std::io::{BufRead, BufReader};
use std::os::fd::AsRawFd;
use std::process::Stdio;
use std::time::{Duration, Instant};

use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;
use rstest::rstest;

use super::common::*;

#[rstest]
#[case("exit 0", 0)]
#[case("exit 3", 3)]
#[case("exit 255", 255)]
#[case("kill -TERM $$", 128 + 15)]
#[case("kill -KILL $$", 128 + 9)]
#[case("kill -SEGV $$", 128 + 11)]
fn the_jails_exit_status_is_the_payloads(#[case] script: &str, #[case] code: i32) {
    let dir = workdir();
    let out = sh(dir.path(), script);
    assert_eq!(out.status.code(), Some(code), "{}", stderr(&out));
}

/// Starts `jail exec -- sh -c SCRIPT` and waits until it prints `ready`.
fn start_until_ready(
    dir: &std::path::Path,
    script: &str,
) -> (std::process::Child, BufReader<std::process::ChildStdout>) {
    start_until_ready_with(dir, &[], script)
}

/// As [`start_until_ready`], with `options` for `jail exec`.
fn start_until_ready_with(
    dir: &std::path::Path,
    options: &[&str],
    script: &str,
) -> (std::process::Child, BufReader<std::process::ChildStdout>) {
    let mut child = jail(dir)
        .arg("exec")
        .args(options)
        .args(["--", "sh", "-c", script])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn jail");
    let mut reader = BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    reader.read_line(&mut line).expect("read");
    assert_eq!(line, "ready\n");
    (child, reader)
}

/// While the payload runs, the supervisor's one child is the jail's init,
/// and no other process shares its memory (such a process reads the same
/// command line, which lives in that memory): the helper that made the
/// jail's user and network namespaces (jail/src/early.rs) is gone and
/// reaped before anything of the jail runs.
#[test]
fn while_the_payload_runs_no_other_process_shares_the_supervisors_memory() {
    let dir = workdir();
    let mark = marker("helper");
    let script = format!("echo ready; sleep {mark}");
    let (mut child, _reader) = start_until_ready(dir.path(), &script);
    let supervisor = child.id();
    let children = children_of(supervisor);
    let command_line = format!("{} exec -- sh -c {script}", jail_bin().display());
    let sharing = processes_running(&command_line);
    let _ = kill(Pid::from_raw(supervisor as i32), Signal::SIGTERM);
    let _ = child.wait();
    assert_eq!(children.len(), 1, "the supervisor's children: {children:?}");
    assert_eq!(sharing, vec![supervisor], "processes with its memory");
}

/// Runs `jail --policy POLICY exec -- true`, expects `code`, and checks
/// that no process reading its command line (so sharing its memory) is
/// left a few seconds later. No pipes: a helper left running would hold
/// them open (the namespace helper shares the supervisor's fd table), and
/// reading them would never end.
fn assert_nothing_left(dir: &std::path::Path, policy: &std::path::Path, code: i32) {
    let status = jail(dir)
        .arg("--policy")
        .arg(policy)
        .args(["exec", "--", "true"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("run jail");
    assert_eq!(status.code(), Some(code));
    let command_line = format!("{} --policy {}", jail_bin().display(), policy.display());
    assert!(
        eventually(5, || processes_running(&command_line).is_empty()),
        "left running: {:?}",
        processes_running(&command_line)
    );
}

/// A run that stops before its jail (a policy file that is not there)
/// leaves nothing running: the namespace helper that `jail exec` starts
/// first thing dies with it.
#[test]
fn a_run_that_stops_before_its_jail_leaves_no_process_behind() {
    let dir = workdir();
    let policy = dir.path().join(format!("missing-{}.toml", marker("stop")));
    assert_nothing_left(dir.path(), &policy, 125);
}

/// A finished run leaves nothing running either: the helper that holds
/// the supervisor's memory past its exit (so that the exit need not tear
/// it down) dies with it.
#[test]
fn a_finished_run_leaves_no_process_behind() {
    let dir = workdir();
    let policy = dir.path().join(format!("done-{}.toml", marker("done")));
    std::fs::write(&policy, "").expect("policy");
    assert_nothing_left(dir.path(), &policy, 0);
}

#[rstest]
#[case(Signal::SIGTERM, "TERM")]
#[case(Signal::SIGINT, "INT")]
#[case(Signal::SIGHUP, "HUP")]
fn signals_to_the_supervisor_reach_the_payload(#[case] signal: Signal, #[case] name: &str) {
    let dir = workdir();
    let script = format!("trap 'echo got-{name}; exit 7' {name}; echo ready; sleep 30 & wait");
    let (mut child, mut reader) = start_until_ready(dir.path(), &script);
    kill(Pid::from_raw(child.id() as i32), signal).expect("signal jail");
    let mut line = String::new();
    reader.read_line(&mut line).expect("read");
    assert_eq!(line, format!("got-{name}\n"));
    assert_eq!(child.wait().expect("wait").code(), Some(7));
}

#[test]
fn timeout_kills_a_tree_that_ignores_sigterm() {
    let dir = workdir();
    let mark = marker("timeout");
    let script = format!("trap '' TERM; sleep {mark} & sh -c 'trap \"\" TERM; sleep {mark}'");
    let started = Instant::now();
    let out = run(jail(dir.path()).args(["exec", "--timeout", "1", "--", "sh", "-c", &script]));
    assert_eq!(out.status.code(), Some(124), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("timed out after 1s"),
        "{}",
        stderr(&out)
    );
    assert!(started.elapsed() < Duration::from_secs(20));
    assert!(
        eventually(5, || processes_running(&format!("sleep {mark}")).is_empty()),
        "processes survived the timeout"
    );
}

#[test]
fn the_jail_dies_with_a_sigkilled_supervisor() {
    let dir = workdir();
    let mark = marker("orphan");
    let (mut child, _reader) = start_until_ready(
        dir.path(),
        &format!("sleep {mark} & echo ready; sleep {mark}"),
    );
    assert!(eventually(5, || processes_running(&format!(
        "sleep {mark}"
    ))
    .len()
        == 2));
    let groups = jail_cgroup_dirs(processes_running(&format!("sleep {mark}"))[0]);
    kill(Pid::from_raw(child.id() as i32), Signal::SIGKILL).expect("kill supervisor");
    let _ = child.wait();
    assert!(
        eventually(5, || processes_running(&format!("sleep {mark}")).is_empty()),
        "the jail outlived its supervisor"
    );
    if groups.is_empty() {
        println!("skipped the cgroup half: this user gets no per-jail cgroups");
        return;
    }
    // The killed supervisor could not remove its groups; the next run does.
    assert_ok(&sh(dir.path(), "true"));
    for group in groups {
        assert!(!group.exists(), "{} left behind", group.display());
    }
}

/// The payload is in the jail's own cgroups (the host sees its `jail-PID`
/// groups) and sees them as `/`: its cgroup namespace is rooted there, so
/// nothing of the host's hierarchy above shows (the init joins its groups
/// after the clone and only then unshares the namespace; the other order
/// would show `/jail-PID`).
#[test]
fn the_payload_runs_in_the_jails_cgroups_and_sees_them_as_its_root() {
    let dir = workdir();
    let mark = marker("cgroup-view");
    let (mut child, mut reader) = start_until_ready(
        dir.path(),
        &format!("echo ready; cat /proc/self/cgroup; echo end; sleep {mark}"),
    );
    let mut inside = Vec::new();
    loop {
        let mut line = String::new();
        reader.read_line(&mut line).expect("read");
        if line.is_empty() || line == "end\n" {
            break;
        }
        inside.push(line.trim_end().to_string());
    }
    assert!(eventually(5, || !processes_running(&format!(
        "sleep {mark}"
    ))
    .is_empty()));
    let groups = jail_cgroup_dirs(processes_running(&format!("sleep {mark}"))[0]);
    kill(Pid::from_raw(child.id() as i32), Signal::SIGKILL).expect("kill supervisor");
    let _ = child.wait();
    if groups.is_empty() {
        skip("the cgroup view: this user gets no per-jail cgroups", true);
        return;
    }
    for controller in ["pids", "memory"] {
        let line = inside
            .iter()
            .find(|l| {
                l.split(':')
                    .nth(1)
                    .is_some_and(|c| c.split(',').any(|c| c == controller))
            })
            .unwrap_or_else(|| panic!("no {controller} line inside: {inside:?}"));
        assert!(line.ends_with(":/"), "the jail sees {line:?}, not its root");
    }
}

/// The host paths of the per-jail (`jail-PID`) v1 cgroups `pid` is in.
fn jail_cgroup_dirs(pid: u32) -> Vec<std::path::PathBuf> {
    let cgroups = std::fs::read_to_string(format!("/proc/{pid}/cgroup")).expect("cgroup");
    cgroups
        .lines()
        .filter_map(|line| {
            let mut parts = line.splitn(3, ':');
            let (_, controllers, path) = (parts.next()?, parts.next()?, parts.next()?);
            let controller = controllers
                .split(',')
                .find(|c| *c == "pids" || *c == "memory")?;
            path.rsplit('/')
                .next()
                .is_some_and(|leaf| leaf.starts_with("jail-"))
                .then(|| {
                    std::path::Path::new("/sys/fs/cgroup")
                        .join(controller)
                        .join(path.trim_start_matches('/'))
                })
        })
        .filter(|dir| dir.exists())
        .collect()
}

#[test]
fn orphans_are_reaped_by_the_init() {
    let dir = workdir();
    // Each background child is orphaned to pid 1 when its subshell exits.
    let out = sh(
        dir.path(),
        "for i in 1 2 3 4 5; do (true &); done; sleep 0.3; \
         grep -l '^State:.*Z' /proc/[0-9]*/status; echo done",
    );
    assert_eq!(stdout(&out), "done\n", "zombies in the jail");
}

/// When `jail exec` returns, nothing the payload started is left: the init
/// has killed and reaped it all (the supervisor no longer waits for the
/// init's own exit, which tears the namespaces down). Seen from the host:
/// no process of the jail's pid namespace but its init, at once, without
/// waiting.
#[test]
fn nothing_the_payload_started_outlives_jail_exec() {
    let dir = workdir();
    let mark = marker("outlive");
    for round in 0..20 {
        let out = sh(
            dir.path(),
            &format!("for i in $(seq 40); do sleep {mark} & done; readlink /proc/self/ns/pid"),
        );
        assert_ok(&out);
        let namespace = stdout(&out).trim().to_string();
        assert!(namespace.starts_with("pid:["), "{namespace:?}");
        let left: Vec<String> = std::fs::read_dir("/proc")
            .expect("proc")
            .filter_map(|e| {
                let path = e.ok()?.path();
                let link = std::fs::read_link(path.join("ns/pid")).ok()?;
                (link.to_str()? == namespace).then_some(())?;
                let status = std::fs::read_to_string(path.join("status")).ok()?;
                let nspid = status.lines().find(|l| l.starts_with("NSpid:"))?;
                // The init, pid 1 inside, is still exiting.
                (nspid.split_whitespace().last() != Some("1")).then(|| nspid.to_string())
            })
            .collect();
        assert!(left.is_empty(), "round {round}: left running: {left:?}");
    }
}

/// The inode numbers of the groups in `home` whose names start with
/// `prefix`.
fn groups_named(home: &std::path::Path, prefix: &str) -> Vec<u64> {
    use std::os::unix::fs::MetadataExt;
    std::fs::read_dir(home)
        .map(|entries| {
            entries
                .flatten()
                .filter(|e| e.file_name().to_string_lossy().starts_with(prefix))
                .filter_map(|e| Some(e.metadata().ok()?.ino()))
                .collect()
        })
        .unwrap_or_default()
}

/// A running jail's v1 groups (host paths), found through a process of
/// its marked `sleep`; None where this user gets none.
fn groups_of_running_jail(mark: &str) -> Option<Vec<std::path::PathBuf>> {
    assert!(
        eventually(5, || !processes_running(&format!("sleep {mark}"))
            .is_empty()),
        "no sleep {mark}"
    );
    let groups = jail_cgroup_dirs(processes_running(&format!("sleep {mark}"))[0]);
    (!groups.is_empty()).then_some(groups)
}

/// When `jail exec` returns, nothing is left under the jail's name: its
/// groups are handed on as spares (`jail-spare-*`, the same directories)
/// without waiting for the init's exit, a later jail takes a spare
/// instead of making a group, and spares do not pile up (each start
/// removes the empty ones past four, in every hierarchy).
#[test]
fn the_jails_cgroups_are_handed_on_to_later_jails() {
    use std::os::unix::fs::MetadataExt;
    let dir = workdir();
    let mut reused = 0;
    let mut spares_before: Vec<u64> = Vec::new();
    for round in 0..10 {
        let mark = marker("cgroup-spare");
        let (mut child, mut reader) = start_until_ready(
            dir.path(),
            &format!("sleep {mark} & echo ready; until [ -e go ]; do sleep 0.01; done; exit 3"),
        );
        let Some(groups) = groups_of_running_jail(&mark) else {
            let _ = child.kill();
            let _ = child.wait();
            skip(
                "the cgroups' hand-over: this user gets no per-jail cgroups",
                true,
            );
            return;
        };
        let inodes: Vec<(std::path::PathBuf, u64)> = groups
            .iter()
            .map(|g| {
                (
                    g.parent().expect("home").to_path_buf(),
                    g.metadata().expect("group").ino(),
                )
            })
            .collect();
        std::fs::write(dir.path().join("go"), "").expect("go");
        let mut rest = String::new();
        let _ = std::io::Read::read_to_string(&mut reader, &mut rest);
        assert_eq!(child.wait().expect("wait").code(), Some(3));
        std::fs::remove_file(dir.path().join("go")).expect("rm go");
        for group in &groups {
            assert!(!group.exists(), "round {round}: {} left", group.display());
        }
        // The next round's jail took one of the spares there were.
        if inodes.iter().any(|(_, ino)| spares_before.contains(ino)) {
            reused += 1;
        }
        spares_before = inodes
            .iter()
            .flat_map(|(home, _)| groups_named(home, "jail-spare-"))
            .collect();
        for (home, _) in &inodes {
            let spares = groups_named(home, "jail-spare-").len();
            // Four kept, this jail's, and those of the suite's other jails.
            assert!(
                spares <= 8,
                "round {round}: {spares} spares in {}",
                home.display()
            );
        }
    }
    assert!(reused > 0, "no jail took a spare group in 9 rounds");
}

/// A jail in a group an earlier jail used counts only its own breaches:
/// the kernel's counters are the group's, from its making. After a run
/// whose forks hit `--pids`, later runs (one of which takes that group)
/// report no breach. The suite's other jails may take the group first, or
/// their start may remove it among spares past four: then the run that
/// breaches is tried again.
#[test]
fn a_breach_is_not_counted_again_by_a_later_jail_in_the_same_group() {
    let dir = workdir();
    for _ in 0..5 {
        match breach_then_take_the_group(dir.path()) {
            None => {
                skip(
                    "the breach counters: this user gets no per-jail cgroups",
                    true,
                );
                return;
            }
            Some(true) => return,
            Some(false) => {}
        }
    }
    panic!("in 5 tries, no later jail took the group of a run that breached");
}

/// One run that breaches `--pids`, then runs until one takes its group,
/// each checked to report no breach: whether one took it (None without
/// per-jail cgroups).
fn breach_then_take_the_group(dir: &std::path::Path) -> Option<bool> {
    use std::os::unix::fs::MetadataExt;
    let mark = marker("breach");
    let (mut child, _reader) = start_until_ready_with(
        dir,
        &["--pids", "8"],
        &format!(
            "(for i in $(seq 30); do sleep 1000 & done) 2>/dev/null; kill -9 -1; sleep 0.1; \
             sleep {mark} & echo ready; until [ -e go ]; do sleep 0.01; done"
        ),
    );
    let Some(groups) = groups_of_running_jail(&mark) else {
        let _ = child.kill();
        let _ = child.wait();
        return None;
    };
    let pids_group = groups
        .iter()
        .find(|g| g.to_string_lossy().contains("/pids/"))
        .expect("a pids group");
    let (home, inode) = (
        pids_group.parent().expect("home").to_path_buf(),
        pids_group.metadata().expect("group").ino(),
    );
    std::fs::write(dir.join("go"), "").expect("go");
    let out = child.wait_with_output().expect("wait");
    assert!(
        stderr(&out).contains("reached its process limit"),
        "{}",
        stderr(&out)
    );
    std::fs::remove_file(dir.join("go")).expect("rm go");
    // Its group is a spare once its init is reaped (late on some hosts).
    let spare = || {
        std::fs::read_dir(&home).ok()?.flatten().find(|e| {
            e.file_name().to_string_lossy().starts_with("jail-spare-")
                && e.metadata().is_ok_and(|m| m.ino() == inode)
        })
    };
    let free = eventually(10, || {
        spare().is_some_and(|e| {
            std::fs::read_to_string(e.path().join("pids.current")).is_ok_and(|c| c == "0\n")
        })
    });
    if !free {
        return Some(false);
    }
    for round in 0..40 {
        let mark = marker("after-breach");
        let (mut child, mut reader) = start_until_ready(
            dir,
            &format!("sleep {mark} & echo ready; until [ -e go ]; do sleep 0.01; done"),
        );
        let groups = groups_of_running_jail(&mark).expect("groups");
        let this = groups
            .iter()
            .any(|g| g.metadata().is_ok_and(|m| m.ino() == inode));
        std::fs::write(dir.join("go"), "").expect("go");
        let mut rest = String::new();
        let _ = std::io::Read::read_to_string(&mut reader, &mut rest);
        let mut err = String::new();
        let _ = std::io::Read::read_to_string(child.stderr.as_mut().expect("stderr"), &mut err);
        assert!(
            child.wait().expect("wait").success(),
            "round {round}: {err}"
        );
        std::fs::remove_file(dir.join("go")).expect("rm go");
        assert!(!err.contains("reached its"), "round {round}: {err}");
        if this {
            return Some(true);
        }
        // Gone: removed among spares past four by another start.
        let anywhere = std::fs::read_dir(&home).ok().is_some_and(|entries| {
            entries
                .flatten()
                .any(|e| e.metadata().is_ok_and(|m| m.ino() == inode))
        });
        if !anywhere {
            return Some(false);
        }
    }
    Some(false)
}

/// A directory fd the caller leaks (no CLOEXEC), as bubblewrap would pass on.
fn leak_directory_fd() -> i32 {
    let dir = std::fs::File::open("/").expect("open /");
    let fd = nix::fcntl::fcntl(dir.as_raw_fd(), nix::fcntl::FcntlArg::F_DUPFD(60)).expect("dup");
    // The duplicate has no FD_CLOEXEC: every child we spawn inherits it.
    fd
}

#[test]
fn no_leaked_fds_or_zombies_after_200_runs() {
    let leaked = leak_directory_fd();
    let dir = workdir();
    let script = format!(
        "test -e /proc/self/fd/{leaked} && echo LEAKED; \
         for f in 3 4 5 6 7 8 9; do [ $f != \"$JAIL_RPC_FD\" ] && test -e /proc/$$/fd/$f && echo fd$f; done; true"
    );
    for round in 0..200 {
        let out = sh(dir.path(), &script);
        assert_ok(&out);
        assert_eq!(
            stdout(&out),
            "",
            "round {round}: fds survived into the payload"
        );
    }
    // Our children that died unreaped. Supervisors (`jail`) of tests running
    // alongside are reaped by those tests, a moment later: not counted.
    let me = std::process::id().to_string();
    let zombies: Vec<String> = std::fs::read_dir("/proc")
        .expect("proc")
        .filter_map(|e| std::fs::read_to_string(e.ok()?.path().join("stat")).ok())
        .filter(|stat| {
            let after = stat.rsplit_once(") ").map(|(_, a)| a).unwrap_or("");
            let fields: Vec<&str> = after.split(' ').collect();
            fields.first() == Some(&"Z")
                && fields.get(1) == Some(&me.as_str())
                && !stat.contains(" (jail) ")
        })
        .collect();
    assert!(zombies.is_empty(), "zombies: {zombies:?}");
    nix::unistd::close(leaked).expect("close");
}

/// A supervisor killed after it released the jail but before the jail set
/// its parent-death signal (seen under load) must not leave the jail
/// running: the test seam holds the child back in exactly that window.
#[test]
fn a_supervisor_killed_before_the_jail_set_its_death_signal_leaves_nothing() {
    let dir = workdir();
    let mark = marker("early");
    let mut child = jail(dir.path())
        .env("JAIL_TEST_START_DELAY_MS", "3000")
        .args(["exec", "--", "sleep", &mark])
        .spawn()
        .expect("spawn");
    // Long past the clone, the id maps and the release.
    std::thread::sleep(std::time::Duration::from_millis(1000));
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(child.id() as i32),
        nix::sys::signal::Signal::SIGKILL,
    )
    .expect("kill");
    let _ = child.wait();
    // Past the delay: the child has gone on by now, if it was to.
    std::thread::sleep(std::time::Duration::from_millis(4000));
    let left = processes_running(&format!("sleep {mark}"));
    for pid in &left {
        let _ = nix::sys::signal::kill(
            nix::unistd::Pid::from_raw(*pid as i32),
            nix::sys::signal::Signal::SIGKILL,
        );
    }
    assert!(
        left.is_empty(),
        "the payload ran without its supervisor: {left:?}"
    );
}
