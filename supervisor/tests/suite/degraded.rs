//! The degraded tier (docs/ci.md): no namespaces, Landlock + seccomp +
//! no_new_privs on the host's own tree. Forced through the sysctl seam with
//! a fake `user.max_user_namespaces = 0`, which blocks root too, so these
//! run the same as root and as an ordinary user. Each attack is checked
//! from outside.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use super::common::*;

/// A fake sysctl tree in which user namespaces are off for everyone.
struct Blocked {
    sysctls: tempfile::TempDir,
}

impl Blocked {
    fn new() -> Blocked {
        Blocked {
            sysctls: userns_blocked_sysctls(),
        }
    }

    /// `jail` from `cwd` on this "host", without --allow-degraded.
    fn jail(&self, cwd: &Path) -> Command {
        let mut command = jail(cwd);
        command.env("JAIL_SYSCTL_ROOT", self.sysctls.path());
        command
    }

    /// `jail exec --allow-degraded [ARGS] -- sh -c SCRIPT`.
    fn sh(&self, cwd: &Path, args: &[&str], script: &str) -> Output {
        run(self
            .jail(cwd)
            .args(["exec", "--allow-degraded"])
            .args(args)
            .args(["--", "sh", "-c", script]))
    }
}

/// The private directory the run announced on stderr.
fn private_dir(out: &Output) -> PathBuf {
    let text = stderr(out);
    let start = text.find("the private ").expect("announced") + "the private ".len();
    let rest = &text[start..];
    PathBuf::from(&rest[..rest.find(',').expect("comma")])
}

#[test]
fn without_the_flag_it_refuses_naming_the_setting_and_both_ways_out() {
    let host = Blocked::new();
    let work = workdir();
    let out = run(host
        .jail(work.path())
        .args(["exec", "--rw", &work.path().display().to_string()])
        .args(["--", "touch", "ran"]));
    assert_eq!(out.status.code(), Some(125), "{}", stderr(&out));
    let text = stderr(&out);
    for needle in [
        "user.max_user_namespaces = 0",
        "sudo sysctl -w user.max_user_namespaces=",
        "--allow-degraded",
    ] {
        assert!(text.contains(needle), "{needle}: {text}");
    }
    assert!(!work.path().join("ran").exists(), "nothing ran");
}

#[test]
fn with_the_flag_it_runs_and_says_on_stderr_what_is_missing() {
    let host = Blocked::new();
    let work = workdir();
    let out = host.sh(work.path(), &[], "echo hello from the degraded jail");
    assert_ok(&out);
    assert_eq!(stdout(&out), "hello from the degraded jail\n");
    let text = stderr(&out);
    for needle in [
        "jail: DEGRADED tier (user.max_user_namespaces = 0): Landlock ABI",
        "namespaces: none of user, mount, pid, net",
        "network: every socket() is refused",
        "processes: the host's are listed in /proc",
    ] {
        assert!(text.contains(needle), "{needle}: {text}");
    }
    // The environment variable does what the flag does.
    let out = run(host
        .jail(work.path())
        .env("JAIL_ALLOW_DEGRADED", "1")
        .args(["exec", "--", "true"]));
    assert_ok(&out);
    assert!(stderr(&out).contains("DEGRADED tier"));
}

#[test]
fn the_network_is_refused_and_a_host_server_hears_nothing() {
    let host = Blocked::new();
    let server = HttpServer::start("from the host");
    let work = workdir();
    let script = format!(
        "import socket, urllib.request\n\
         for family in (socket.AF_INET, socket.AF_UNIX):\n\
         \x20   try:\n\
         \x20       socket.socket(family)\n\
         \x20       print('socket opened')\n\
         \x20   except OSError as e:\n\
         \x20       print('refused', e.errno)\n\
         try:\n\
         \x20   print(urllib.request.urlopen('http://127.0.0.1:{}/', timeout=5).read())\n\
         except Exception as e:\n\
         \x20   print('no http', type(e).__name__)\n",
        server.port
    );
    let out = run(host.jail(work.path()).args([
        "exec",
        "--allow-degraded",
        "--",
        "python3",
        "-c",
        &script,
    ]));
    assert_ok(&out);
    assert_eq!(
        stdout(&out),
        "refused 1\nrefused 1\nno http URLError\n",
        "{}",
        stderr(&out)
    );
    assert!(server.seen().is_empty(), "{:?}", server.seen());
}

/// The host's System V IPC ids (`ipcs` output without its headers).
fn host_ipc_ids() -> String {
    let out = Command::new("ipcs").output().expect("ipcs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.starts_with("0x"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_hosts_ipc_is_refused_and_gains_nothing() {
    let host = Blocked::new();
    let work = workdir();
    let before = host_ipc_ids();
    let out = host.sh(
        work.path(),
        &[],
        "for kind in -M -Q -S; do ipcmk $kind 1 2>/dev/null || echo refused; done",
    );
    assert_ok(&out);
    assert_eq!(
        stdout(&out),
        "refused\nrefused\nrefused\n",
        "{}",
        stderr(&out)
    );
    assert_eq!(
        host_ipc_ids(),
        before,
        "a segment, queue or semaphore appeared"
    );
}

#[test]
fn only_the_plans_files_are_reachable_and_tmpdir_is_private_and_removed() {
    let host = Blocked::new();
    let work = workdir();
    std::fs::write(work.path().join("notes.txt"), "project file\n").expect("write");
    std::fs::write(work.path().join(".env"), "PROJECT_SECRET=hunter42\n").expect("write");
    let outside = workdir();
    let secret = outside.path().join("secret");
    std::fs::write(&secret, "HOST_SECRET\n").expect("write");
    let script = format!(
        "ls; cat notes.txt; cat .env; cat {secret}; echo in-tmp > \"$TMPDIR/t\" && cat \"$TMPDIR/t\"; \
         echo x > notes.txt; echo x > {outside}/dropped; echo x > /tmp/jail-degraded-dropped; \
         test \"$HOME\" = \"$TMPDIR\" && echo home-is-private",
        secret = secret.display(),
        outside = outside.path().display()
    );
    let out = host.sh(work.path(), &[], &script);
    let (text, err) = (stdout(&out), stderr(&out));
    assert!(
        text.starts_with("notes.txt\nproject file\n"),
        "{text}\n{err}"
    );
    assert!(text.contains("in-tmp\nhome-is-private"), "{text}\n{err}");
    assert!(!format!("{text}{err}").contains("hunter42"), "{text}{err}");
    assert!(!text.contains("HOST_SECRET"), "{text}");
    assert_eq!(err.matches("Permission denied").count(), 5, "{err}");
    // From outside: nothing written, the private directory gone.
    assert_eq!(
        std::fs::read_to_string(work.path().join("notes.txt")).expect("read"),
        "project file\n"
    );
    assert!(!outside.path().join("dropped").exists());
    assert!(!Path::new("/tmp/jail-degraded-dropped").exists());
    let private = private_dir(&out);
    assert!(private.starts_with(std::env::temp_dir()), "{private:?}");
    assert!(!private.exists(), "{private:?} was left behind");
}

/// The payload runs on the host here, as the supervisor's own child: the
/// namespace helper `jail exec` started (jail/src/early.rs), which shares
/// the supervisor's memory, is gone before it starts. Its only sign would
/// be a second process reading the supervisor's command line.
#[test]
fn the_payload_starts_with_no_other_process_sharing_the_supervisors_memory() {
    let blocked = Blocked::new();
    let dir = workdir();
    let mark = marker("helper");
    let script = format!("echo ready; sleep {mark}");
    let mut child = blocked
        .jail(dir.path())
        .args(["exec", "--allow-degraded", "--", "sh", "-c", &script])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("spawn jail");
    let mut line = String::new();
    std::io::BufRead::read_line(
        &mut std::io::BufReader::new(child.stdout.take().expect("stdout")),
        &mut line,
    )
    .expect("read");
    let supervisor = child.id();
    let command_line = format!(
        "{} exec --allow-degraded -- sh -c {script}",
        jail_bin().display()
    );
    let sharing = processes_running(&command_line);
    let children = children_of(supervisor);
    let _ = nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(supervisor as i32),
        nix::sys::signal::Signal::SIGTERM,
    );
    let _ = child.wait();
    assert_eq!(line, "ready\n");
    assert_eq!(sharing, vec![supervisor], "processes with its memory");
    assert_eq!(children.len(), 1, "the supervisor's children: {children:?}");
}

#[test]
fn an_rw_dir_receives_the_file() {
    let host = Blocked::new();
    let (work, out_dir) = (workdir(), workdir());
    let out_path = out_dir.path().display().to_string();
    let out = host.sh(
        work.path(),
        &["--rw", &out_path],
        &format!("echo result > {out_path}/result.txt"),
    );
    assert_ok(&out);
    assert_eq!(
        std::fs::read_to_string(out_dir.path().join("result.txt")).expect("written"),
        "result\n"
    );
}

#[test]
fn what_the_payload_leaves_running_is_killed_and_it_cannot_slip_away() {
    let host = Blocked::new();
    let work = workdir();
    let (stays, escapes) = (marker("stays"), marker("escapes"));
    let script = format!(
        "sleep {stays} >/dev/null 2>&1 & python3 -c 'import os; os.setsid()' 2>/dev/null || echo setsid-refused; \
         setsid sleep {escapes} >/dev/null 2>&1 || echo setsid-cmd-refused; echo started"
    );
    let out = host.sh(work.path(), &[], &script);
    assert_ok(&out);
    assert_eq!(
        stdout(&out),
        "setsid-refused\nsetsid-cmd-refused\nstarted\n",
        "{}",
        stderr(&out)
    );
    assert_no_sleeps(&[&stays, &escapes]);
}

/// No `sleep MARK` of these is left on the host.
#[track_caller]
fn assert_no_sleeps(marks: &[&str]) {
    for mark in marks {
        let prefix = format!("sleep {mark}");
        assert!(
            eventually(5, || processes_running(&prefix).is_empty()),
            "{prefix} outlived the jail"
        );
    }
}

#[test]
fn a_timeout_kills_the_whole_process_group() {
    let host = Blocked::new();
    let work = workdir();
    let (background, foreground) = (marker("bg"), marker("fg"));
    let out = host.sh(
        work.path(),
        &["--timeout", "1"],
        // Without its stdout, so that a survivor fails the check below
        // instead of holding the test's pipe open.
        &format!("sleep {background} >/dev/null 2>&1 & sleep {foreground} >/dev/null 2>&1"),
    );
    assert_eq!(out.status.code(), Some(124), "{}", stderr(&out));
    assert_no_sleeps(&[&background, &foreground]);
}

#[test]
fn explain_shows_the_degraded_plan() {
    let host = Blocked::new();
    let work = workdir();
    let out =
        run(host
            .jail(work.path())
            .args(["exec", "--allow-degraded", "--explain", "--", "true"]));
    assert_ok(&out);
    let text = stdout(&out);
    assert!(
        text.contains("tier        degraded: user.max_user_namespaces = 0"),
        "{text}"
    );
    assert!(
        text.contains(&format!("ReadExecute  {}", work.path().display())),
        "{text}"
    );
    assert!(
        text.contains("refused   ptrace") && text.contains(" socket "),
        "{text}"
    );
    assert!(!text.contains("\nmounts\n"), "{text}");
    let private = text
        .lines()
        .find_map(|l| l.strip_prefix("private     "))
        .and_then(|l| l.split_whitespace().next())
        .expect("private line");
    assert!(!Path::new(private).exists(), "{private} was left behind");
}

#[test]
fn reviewed_code_runs_with_its_channel() {
    let host = Blocked::new();
    let work = workdir();
    let file = work.path().join("agent.py");
    std::fs::write(
        &file,
        "import json\nimport os\nimport subprocess\n\
         r = subprocess.run(['jail-call', 'echo', json.dumps({'ok': 1})], capture_output=True, text=True, pass_fds=[int(os.environ['JAIL_RPC_FD'])])\n\
         print(r.stdout.strip())\n",
    )
    .expect("write");
    let state = workdir();
    let out = run(host
        .jail(work.path())
        .env("JAIL_STATE_DIR", state.path())
        .args(["run", "--allow-degraded", &file.display().to_string()]));
    assert_ok(&out);
    assert_eq!(stdout(&out), "{\"ok\": 1}\n", "{}", stderr(&out));
    assert!(stderr(&out).contains("DEGRADED tier"));
}

/// Without namespaces there is no rpc socket (seccomp refuses socket(2)
/// here): a child that did not get the channel's fd is told so, and how
/// to pass it on, not that it runs outside a jail.
#[test]
fn a_child_without_the_channel_is_told_to_pass_it_on() {
    let host = Blocked::new();
    let work = workdir();
    let out = host.sh(
        work.path(),
        &[],
        "echo ${JAIL_RPC_SOCKET:-none}; python3 -c 'import subprocess; subprocess.run([\"jail-call\", \"echo\", \"{}\"])'",
    );
    assert_ok(&out);
    assert_eq!(stdout(&out), "none\n");
    let text = stderr(&out);
    assert!(text.contains("did not pass that fd on"), "{text}");
    assert!(text.contains("pass_fds="), "{text}");
    assert!(!text.contains("only works inside a jail"), "{text}");
}
