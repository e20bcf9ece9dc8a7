//! Escape probes (tests/escape/): small programs that each really attempt
//! one attack from inside a default jail. Each test runs one probe through
//! the real `jail` binary, requires its verdict to be BLOCKED (or its death
//! by a signal, such as SIGSYS from seccomp), and checks from outside the
//! jail that nothing landed where a successful attack would have left a
//! trace. The probe contract and the list are in tests/escape/README.md.
//!
//! `JAIL_ESCAPE_REPORT=1` prints every probe's verdict line to stderr;
//! `JAIL_ESCAPE_POLICY=FILE` runs the probes under that policy file.

use std::io::Write;
use std::net::{TcpListener, UdpSocket};
use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::os::linux::net::SocketAddrExt;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::net::{SocketAddr, UnixListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use nix::poll::{poll, PollFd, PollFlags, PollTimeout};

use super::common::*;

macro_rules! probes {
    ($($file:literal),* $(,)?) => {
        /// Every probe with its source, embedded so that the test binary
        /// also works where the checkout is out of reach
        /// (scripts/test-unprivileged.sh runs a copy as another user).
        const PROBES: &[(&str, &str)] = &[$(
            ($file, include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/escape/probes/", $file))),
        )*];
    };
}

probes!(
    "net-tcp-host.c",
    "net-udp-host.c",
    "net-dns.py",
    "net-raw-socket.c",
    "net-packet-socket.c",
    "net-netlink-route.c",
    "net-unix-host-path.c",
    "net-unix-abstract.c",
    "net-interfaces.c",
    "fs-host-secret.c",
    "fs-write-outside.sh",
    "fs-symlink-secret.c",
    "fs-hardlink-secret.c",
    "fs-proc-root.c",
    "fs-open-by-handle.c",
    "fs-mknod.c",
    "fs-mount.c",
    "fs-remount-rw.c",
    "fs-chroot.c",
    "fs-proc-sys-write.c",
    "fs-masked-secret.sh",
    "fs-tmp-private.sh",
    "fs-host-devices.c",
    "priv-userns-nested.c",
    "priv-setns.c",
    "priv-ptrace-attach.c",
    "priv-ptrace-traceme.c",
    "priv-kill-all.c",
    "priv-tiocsti.c",
    "priv-tioclinux.c",
    "priv-keyring.c",
    "priv-bpf.c",
    "priv-perf-event.c",
    "priv-userfaultfd.c",
    "priv-io-uring.c",
    "priv-kernel-modules.c",
    "priv-kexec.c",
    "priv-int80.c",
    "priv-x32.c",
    "priv-setuid-binary.c",
    "priv-capabilities.c",
    "priv-personality.c",
    "priv-pidfd-getfd.c",
    "info-host-env.py",
    "info-host-processes.c",
    "info-kernel-log.c",
    "info-init-memory.c",
    "res-fork-bomb.c",
    "res-memory.c",
    "res-tmp-fill.c",
    "res-cpu-timeout.c",
    "fd-leaked.c",
    "net-tcp-loopback-bind.c",
    "priv-signal-init.c",
    "fs-proc-self-write.c",
);

/// Probes that only seccomp stops: skipped when seccomp is switched off.
const SECCOMP_ONLY: &[&str] = &[
    "net-netlink-route.c",
    "priv-int80.c",
    "priv-io-uring.c",
    "priv-keyring.c",
    "priv-perf-event.c",
    "priv-personality.c",
    "priv-ptrace-traceme.c",
    "priv-userfaultfd.c",
    "priv-userns-nested.c",
    "priv-tiocsti.c",
];

/// Probes that only Landlock stops: skipped when Landlock is switched off.
const LANDLOCK_ONLY: &[&str] = &[
    "net-tcp-loopback-bind.c",
    "priv-signal-init.c",
    "fs-proc-self-write.c",
];

/// `JAIL_ESCAPE_LAYER_OFF=seccomp|landlock`: run the suite with one layer
/// switched off, so that the probes the other layers stop are seen to be
/// stopped without it. The probes only that layer stops are skipped, with a
/// printed reason. Returns the policy file, and the skip reason for `name`.
fn layer_off(name: &str) -> (Option<PathBuf>, Option<String>) {
    static POLICY: OnceLock<Option<(String, PathBuf)>> = OnceLock::new();
    let policy = POLICY.get_or_init(|| {
        let layer = std::env::var("JAIL_ESCAPE_LAYER_OFF").ok()?;
        assert!(
            layer == "seccomp" || layer == "landlock",
            "JAIL_ESCAPE_LAYER_OFF must be seccomp or landlock, not {layer}"
        );
        // One file per layer and user, replaced whole (written beside it,
        // then renamed over it) so that a run beside this one never reads
        // it half-written: a name per process left one behind per run.
        let uid = nix::unistd::geteuid();
        let path = std::env::temp_dir().join(format!("jail-escape-{layer}-off-{uid}.toml"));
        let mut file = tempfile::NamedTempFile::new_in(std::env::temp_dir())
            .expect("a temporary file for the layer-off policy");
        std::io::Write::write_all(
            &mut file,
            format!("[profile.default.{layer}]\nenabled = false\n").as_bytes(),
        )
        .expect("writing the layer-off policy");
        file.persist(&path).expect("placing the layer-off policy");
        Some((layer, path))
    });
    let Some((layer, path)) = policy else {
        return (None, None);
    };
    let only = if layer == "seccomp" {
        SECCOMP_ONLY
    } else {
        LANDLOCK_ONLY
    };
    let skip = only
        .contains(&name)
        .then(|| format!("{name}: only {layer} stops it, and {layer} is off"));
    (Some(path.clone()), skip)
}

/// Probes only namespaces stop, and that the degraded tier lists as
/// missing: skipped in that tier, with a printed reason.
const NAMESPACES_ONLY: &[&str] = &["info-host-processes.c"];

/// `JAIL_ESCAPE_TIER=degraded`: run every probe in the degraded tier (no
/// namespaces), forced through the sysctl seam with a fake
/// `user.max_user_namespaces = 0`. Returns the fake sysctl tree.
fn degraded_tier() -> Option<&'static Path> {
    static FAKE: OnceLock<Option<PathBuf>> = OnceLock::new();
    FAKE.get_or_init(|| {
        let tier = std::env::var("JAIL_ESCAPE_TIER").ok()?;
        assert_eq!(tier, "degraded", "JAIL_ESCAPE_TIER must be degraded");
        Some(userns_blocked_sysctls().keep())
    })
    .as_deref()
}

const PROBE_H: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/escape/include/probe.h"
));

/// Seconds a probe may run unless its test says otherwise.
const DEFAULT_TIMEOUT: u32 = 20;

// ---------------------------------------------------------------------------
// Building the probes

/// The probes, ready to bind at /probes: C ones compiled, the others copied.
struct Built {
    dir: PathBuf,
    /// Why the C probes cannot be built here (no gcc, no static libc).
    c_unavailable: Option<String>,
    /// gcc's complaints, by probe file name.
    failures: Vec<(String, String)>,
}

static BUILT: OnceLock<Built> = OnceLock::new();

extern "C" fn remove_probe_dir() {
    if let Some(built) = BUILT.get() {
        let _ = std::fs::remove_dir_all(&built.dir);
    }
}

fn built() -> &'static Built {
    let mut fresh = false;
    let built = BUILT.get_or_init(|| {
        fresh = true;
        build()
    });
    if fresh {
        // SAFETY: atexit only records a function pointer; the function takes
        // no arguments and reads a static that is initialised by now.
        unsafe { nix::libc::atexit(remove_probe_dir) };
        if let Some(reason) = &built.c_unavailable {
            // Straight to the real stderr: the test harness captures
            // eprintln!, and a skip must never be silent.
            skip(&format!("C probes: {reason}"), false);
        }
    }
    built
}

fn build() -> Built {
    let dir = tempfile::Builder::new()
        .prefix("jail-escape-probes-")
        .tempdir()
        .expect("probe directory")
        .keep();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let src = tempfile::Builder::new()
        .prefix("jail-escape-src-")
        .tempdir()
        .expect("source directory");
    std::fs::write(src.path().join("probe.h"), PROBE_H).expect("write probe.h");
    for (name, source) in PROBES.iter().filter(|(n, _)| !n.ends_with(".c")) {
        let path = dir.join(name);
        std::fs::write(&path, source).expect("copy probe");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).expect("chmod");
    }
    let c_unavailable = static_toolchain(src.path()).err();
    let failures = Mutex::new(Vec::new());
    if c_unavailable.is_none() {
        let jobs: Vec<&(&str, &str)> = PROBES.iter().filter(|(n, _)| n.ends_with(".c")).collect();
        let next = AtomicUsize::new(0);
        let workers = std::thread::available_parallelism().map_or(2, |n| n.get().max(2));
        std::thread::scope(|scope| {
            for _ in 0..workers {
                scope.spawn(|| {
                    while let Some((name, source)) = jobs.get(next.fetch_add(1, Ordering::Relaxed))
                    {
                        if let Err(why) = compile(src.path(), &dir, name, source) {
                            failures.lock().expect("lock").push((name.to_string(), why));
                        }
                    }
                });
            }
        });
    }
    Built {
        dir,
        c_unavailable,
        failures: failures.into_inner().expect("lock"),
    }
}

/// Can gcc link a static program here?
fn static_toolchain(src: &Path) -> Result<(), String> {
    let check = src.join("check.c");
    std::fs::write(&check, "int main(void) { return 0; }\n").expect("write check.c");
    let out = Command::new("gcc")
        .args(["-static", "-O1", "-o"])
        .arg(src.join("check"))
        .arg(&check)
        .output()
        .map_err(|e| format!("cannot run gcc: {e}"))?;
    if out.status.success() {
        return Ok(());
    }
    Err(format!(
        "gcc cannot link a static program (is the static libc, libc6-dev or glibc-static, installed?): {}",
        stderr(&out).lines().last().unwrap_or("")
    ))
}

fn compile(src: &Path, out_dir: &Path, name: &str, source: &str) -> Result<(), String> {
    let file = src.join(name);
    std::fs::write(&file, source).map_err(|e| e.to_string())?;
    let out = Command::new("gcc")
        .args(["-static", "-O1", "-Wall", "-I"])
        .arg(src)
        .arg("-o")
        .arg(out_dir.join(stem(name)))
        .arg(&file)
        .output()
        .map_err(|e| e.to_string())?;
    if out.status.success() {
        Ok(())
    } else {
        Err(stderr(&out))
    }
}

fn stem(name: &str) -> &str {
    name.rsplit_once('.').map_or(name, |(stem, _)| stem)
}

// ---------------------------------------------------------------------------
// Running a probe

/// One run of one probe in a default jail, from a fresh working directory.
struct Probe {
    name: &'static str,
    cwd: tempfile::TempDir,
    env: Vec<(String, String)>,
    host_env: Vec<(String, String)>,
    timeout: u32,
    pty: bool,
}

impl Probe {
    fn new(name: &'static str) -> Self {
        assert!(
            PROBES.iter().any(|(n, _)| *n == name),
            "{name} is not in PROBES"
        );
        Probe {
            name,
            cwd: workdir(),
            env: Vec::new(),
            host_env: Vec::new(),
            timeout: DEFAULT_TIMEOUT,
            pty: false,
        }
    }

    /// A parameter, passed with `--env`.
    fn env(mut self, name: &str, value: impl ToString) -> Self {
        self.env.push((name.to_string(), value.to_string()));
        self
    }

    /// A variable in the environment of the `jail` process only.
    fn host_env(mut self, name: &str, value: &str) -> Self {
        self.host_env.push((name.to_string(), value.to_string()));
        self
    }

    fn timeout(mut self, secs: u32) -> Self {
        self.timeout = secs;
        self
    }

    /// Runs the jail on a pseudo-terminal the test owns (stdin, stdout and
    /// stderr), as on an interactive shell.
    fn on_pty(mut self) -> Self {
        self.pty = true;
        self
    }

    fn cwd(&self) -> &Path {
        self.cwd.path()
    }

    /// Runs the probe; None when it is a C probe and C probes cannot be
    /// built here (already reported).
    fn run(self) -> Option<Outcome> {
        let built = built();
        let is_c = self.name.ends_with(".c");
        if is_c && built.c_unavailable.is_some() {
            return None;
        }
        if let Some((_, why)) = built.failures.iter().find(|(n, _)| n == self.name) {
            panic!("{} does not compile:\n{why}", self.name);
        }
        let mut command = jail(self.cwd.path());
        let (layer_policy, skip) = layer_off(self.name);
        if let Some(reason) = skip {
            // CI switches each layer off on purpose.
            super::common::skip(&reason, true);
            return None;
        }
        if let Some(fake) = degraded_tier() {
            if NAMESPACES_ONLY.contains(&self.name) {
                // CI runs the degraded tier on purpose.
                super::common::skip(
                    &format!(
                        "{}: only namespaces stop it, and the degraded tier has none \
                         (it says so on stderr)",
                        self.name
                    ),
                    true,
                );
                return None;
            }
            command
                .env("JAIL_SYSCTL_ROOT", fake)
                .env("JAIL_ALLOW_DEGRADED", "1");
        }
        // JAIL_ESCAPE_POLICY runs the suite under another policy.
        if let Some(policy) = std::env::var_os("JAIL_ESCAPE_POLICY")
            .map(PathBuf::from)
            .or(layer_policy)
        {
            command.arg("--policy").arg(policy);
        }
        command
            .arg("exec")
            .arg("--ro")
            .arg(format!("{}:/probes", built.dir.display()))
            .arg("--timeout")
            .arg(self.timeout.to_string());
        for (name, value) in &self.env {
            command.arg("--env").arg(format!("{name}={value}"));
        }
        for (name, value) in &self.host_env {
            command.env(name, value);
        }
        command.arg("--");
        if is_c {
            command.arg(format!("/probes/{}", stem(self.name)));
        } else if self.name.ends_with(".py") {
            command.args(["/usr/bin/python3", &format!("/probes/{}", self.name)]);
        } else {
            command.args(["/bin/sh", &format!("/probes/{}", self.name)]);
        }
        let before = listing(self.cwd.path());
        let started = Instant::now();
        let (status, stdout, stderr, tty_input) = if self.pty {
            run_on_pty(&mut command, self.timeout)
        } else {
            let out = run(&mut command);
            (out.status.code(), stdout(&out), stderr(&out), None)
        };
        let elapsed = started.elapsed();
        let after = listing(self.cwd.path());
        if std::env::var_os("JAIL_ESCAPE_REPORT").is_some() {
            let last = stdout.lines().rev().find(|l| !l.trim().is_empty());
            let _ = writeln!(
                std::io::stderr(),
                "escape probe {}: status {status:?}, {:.1}s: {}",
                self.name,
                elapsed.as_secs_f64(),
                last.unwrap_or("").trim()
            );
        }
        let cwd_check = if before == after {
            Ok(())
        } else {
            Err(format!(
                "the working directory changed on the host: {before:?} -> {after:?}"
            ))
        };
        Some(Outcome {
            name: self.name,
            status,
            stdout,
            stderr,
            elapsed,
            cwd_check,
            tty_input,
            _cwd: self.cwd,
        })
    }
}

/// Every path below `dir` with its size, sorted.
fn listing(dir: &Path) -> Vec<(PathBuf, u64)> {
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let meta = entry.metadata().ok();
            if meta.as_ref().is_some_and(|m| m.is_dir()) {
                stack.push(path.clone());
            }
            found.push((path, meta.map_or(0, |m| m.len())));
        }
    }
    found.sort();
    found
}

type PtyRun = (Option<i32>, String, String, Option<String>);

/// Runs `command` with a new pty as its stdio; returns its status, what it
/// wrote (stdout and stderr are the same terminal), and input left pending
/// on the terminal after it ended (keystrokes it pushed into our terminal).
fn run_on_pty(command: &mut Command, timeout: u32) -> PtyRun {
    let pty = nix::pty::openpty(None, None).expect("openpty");
    let slave = |fd: &OwnedFd| Stdio::from(fd.try_clone().expect("dup slave"));
    let mut child = command
        .stdin(slave(&pty.slave))
        .stdout(slave(&pty.slave))
        .stderr(slave(&pty.slave))
        .spawn()
        .expect("spawn jail");
    let deadline = Instant::now() + Duration::from_secs(u64::from(timeout) + 10);
    let mut seen = Vec::new();
    let status = loop {
        drain(&pty.master, &mut seen, 100);
        if let Some(status) = child.try_wait().expect("wait") {
            drain(&pty.master, &mut seen, 100);
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            break child.wait().expect("wait");
        }
    };
    // Input pending on our side of the terminal, non-blocking.
    let mut pending = None;
    let mut fds = [PollFd::new(pty.slave.as_fd(), PollFlags::POLLIN)];
    if matches!(poll(&mut fds, PollTimeout::ZERO), Ok(n) if n > 0) {
        let mut buf = [0u8; 4096];
        if let Ok(n) = nix::unistd::read(pty.slave.as_raw_fd(), &mut buf) {
            pending = Some(String::from_utf8_lossy(&buf[..n]).into_owned());
        }
    }
    let text = String::from_utf8_lossy(&seen).replace("\r\n", "\n");
    (status.code(), text, String::new(), pending)
}

fn drain(master: &OwnedFd, seen: &mut Vec<u8>, wait_ms: u16) {
    loop {
        let mut fds = [PollFd::new(master.as_fd(), PollFlags::POLLIN)];
        if !matches!(poll(&mut fds, PollTimeout::from(wait_ms)), Ok(n) if n > 0) {
            return;
        }
        let mut buf = [0u8; 4096];
        match nix::unistd::read(master.as_raw_fd(), &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(n) => seen.extend_from_slice(&buf[..n]),
        }
    }
}

struct Outcome {
    name: &'static str,
    status: Option<i32>,
    stdout: String,
    stderr: String,
    elapsed: Duration,
    cwd_check: Result<(), String>,
    tty_input: Option<String>,
    _cwd: tempfile::TempDir,
}

impl Outcome {
    fn last_line(&self) -> &str {
        self.stdout
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .trim()
    }

    /// Everything the jail printed, for leak checks.
    fn text(&self) -> String {
        format!("{}\n{}", self.stdout, self.stderr)
    }

    /// The probe's own verdict: Ok when BLOCKED (or, if `signal_ok`, when
    /// a signal or the memory cgroup's OOM kill ended it), else what went
    /// wrong.
    fn probe_verdict(&self, signal_ok: bool) -> Result<String, String> {
        let last = self.last_line();
        match self.status {
            Some(0) if last.starts_with("BLOCKED") => Ok(last.to_string()),
            Some(1) if last.starts_with("ESCAPED") => Err(last.to_string()),
            Some(123) if signal_ok => Ok("killed at the jail's memory cgroup limit (123)".into()),
            Some(code) if signal_ok && (129..=128 + 64).contains(&code) => {
                Ok(format!("killed by signal {}", code - 128))
            }
            status => Err(format!(
                "the probe did not run properly (jail exit status {status:?}, last line {last:?})"
            )),
        }
    }

    /// Asserts the probe was blocked and the outside check held.
    #[track_caller]
    fn assert_blocked(&self, signal_ok: bool, outside: Result<(), String>) {
        let verdict = self.probe_verdict(signal_ok);
        let outside = outside.and(self.cwd_check.clone());
        assert!(
            verdict.is_ok() && outside.is_ok(),
            "escape probe {}: {}{}\n--- stdout\n{}--- stderr\n{}",
            self.name,
            match &verdict {
                Ok(v) => format!("probe blocked ({v})"),
                Err(e) => e.clone(),
            },
            match &outside {
                Ok(()) => String::from("; outside check passed"),
                Err(e) => format!("; OUTSIDE CHECK FAILED: {e}"),
            },
            self.stdout,
            self.stderr
        );
    }

    /// Blocked (a signal counts), and the outside check held.
    #[track_caller]
    fn blocked(&self, outside: Result<(), String>) {
        self.assert_blocked(true, outside);
    }
}

/// Runs the probe with no extra parameters and checks only its verdict and
/// that the working directory was left alone.
fn verdict_only(name: &'static str) {
    let Some(out) = Probe::new(name).run() else {
        return;
    };
    out.blocked(Ok(()));
}

// ---------------------------------------------------------------------------
// Host-side fixtures and checks

/// A host directory that is not bound into the jail, holding a secret file
/// and a fake home with an ssh key, all world-readable: only the jail may
/// stand in the way.
struct HostSecret {
    dir: tempfile::TempDir,
    marker: String,
}

impl HostSecret {
    fn new() -> Self {
        let dir = tempfile::Builder::new()
            .prefix("jailprobe-host-")
            .tempdir()
            .expect("temp dir");
        let marker = format!("jailprobe-secret-{}", marker("secret"));
        let mode = |p: &Path, m: u32| {
            std::fs::set_permissions(p, std::fs::Permissions::from_mode(m)).expect("chmod")
        };
        mode(dir.path(), 0o755);
        std::fs::write(dir.path().join("secret"), &marker).expect("write secret");
        mode(&dir.path().join("secret"), 0o644);
        let ssh = dir.path().join("home/.ssh");
        std::fs::create_dir_all(&ssh).expect("mkdir");
        mode(&dir.path().join("home"), 0o755);
        mode(&ssh, 0o755);
        std::fs::write(ssh.join("id_rsa"), &marker).expect("write key");
        mode(&ssh.join("id_rsa"), 0o644);
        HostSecret { dir, marker }
    }

    fn file(&self) -> PathBuf {
        self.dir.path().join("secret")
    }

    fn home(&self) -> PathBuf {
        self.dir.path().join("home")
    }

    fn not_in(&self, out: &Outcome) -> Result<(), String> {
        absent(out, &self.marker, "the host secret")
    }
}

fn absent(out: &Outcome, needle: &str, what: &str) -> Result<(), String> {
    if out.text().contains(needle) {
        Err(format!("{what} ({needle}) shows in the jail's output"))
    } else {
        Ok(())
    }
}

/// Fails for each host path `dir/name` (or `dir/name.d`) that exists, and
/// removes it.
fn no_files_named(dirs: &[&Path], name: &str) -> Result<(), String> {
    let mut found = Vec::new();
    for dir in dirs {
        for candidate in [dir.join(name), dir.join(format!("{name}.d"))] {
            if candidate.symlink_metadata().is_ok() {
                let _ = std::fs::remove_file(&candidate);
                let _ = std::fs::remove_dir_all(&candidate);
                found.push(candidate.display().to_string());
            }
        }
    }
    if found.is_empty() {
        Ok(())
    } else {
        Err(format!("files appeared on the host: {found:?}"))
    }
}

/// A host process (`sleep MARKER`), killed when dropped.
struct Sentinel {
    child: Child,
    cmdline: String,
}

impl Sentinel {
    fn start() -> Self {
        let mark = marker("sentinel");
        let child = Command::new("sleep")
            .arg(&mark)
            .stdin(Stdio::null())
            .spawn()
            .expect("start sleep");
        Sentinel {
            child,
            cmdline: format!("sleep {mark}"),
        }
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }

    fn alive(&mut self) -> Result<(), String> {
        match self.child.try_wait().expect("wait") {
            None => Ok(()),
            Some(status) => Err(format!(
                "the host process `{}` died: {status}",
                self.cmdline
            )),
        }
    }
}

impl Drop for Sentinel {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Nothing may be waiting on a listener the jail should not reach.
fn nothing_accepted<T>(result: std::io::Result<T>, what: &str) -> Result<(), String> {
    match result {
        Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => Ok(()),
        Err(e) => Err(format!("{what}: accept failed oddly: {e}")),
        Ok(_) => Err(format!("{what} accepted a connection from the jail")),
    }
}

/// A probe's processes must all be gone soon after the jail ends.
fn none_left(probe: &str) -> Result<(), String> {
    let prefix = format!("/probes/{probe}");
    if eventually(5, || processes_running(&prefix).is_empty()) {
        Ok(())
    } else {
        Err(format!(
            "processes survived the jail: {:?}",
            processes_running(&prefix)
        ))
    }
}

// ---------------------------------------------------------------------------
// The suite's own consistency

#[test]
fn every_probe_file_is_in_the_suite() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/escape/probes");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        // A copied test binary run as another user may not see the
        // checkout; the root run checks this.
        let _ = writeln!(
            std::io::stderr(),
            "not checking the probe list: {} is not readable",
            dir.display()
        );
        return;
    };
    let mut on_disk: Vec<String> = entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    on_disk.sort();
    let mut listed: Vec<String> = PROBES.iter().map(|(n, _)| n.to_string()).collect();
    listed.sort();
    assert_eq!(on_disk, listed, "tests/escape/probes and PROBES differ");
    for name in &listed {
        let (category, rest) = name.split_once('-').expect("category-attack.ext");
        assert!(
            ["net", "fs", "priv", "info", "res", "fd"].contains(&category),
            "{name}: unknown category"
        );
        assert!(
            [".c", ".py", ".sh"].iter().any(|ext| rest.ends_with(ext)),
            "{name}: unknown extension"
        );
    }
    assert!(PROBES.len() >= 38);
}

// ---------------------------------------------------------------------------
// net

#[test]
fn net_tcp_host() {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    listener.set_nonblocking(true).expect("nonblocking");
    let port = listener.local_addr().expect("addr").port();
    let Some(out) = Probe::new("net-tcp-host.c")
        .env("JAILPROBE_PORT", port)
        .run()
    else {
        return;
    };
    out.blocked(nothing_accepted(
        listener.accept(),
        &format!("the host listener on 127.0.0.1:{port}"),
    ));
}

#[test]
fn net_udp_host() {
    let socket = UdpSocket::bind("127.0.0.1:0").expect("bind");
    socket
        .set_read_timeout(Some(Duration::from_millis(50)))
        .expect("timeout");
    let port = socket.local_addr().expect("addr").port();
    let stop = Arc::new(AtomicBool::new(false));
    let server = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let mut received = Vec::new();
            let mut buf = [0u8; 512];
            while !stop.load(Ordering::Relaxed) {
                if let Ok((n, from)) = socket.recv_from(&mut buf) {
                    received.push(format!("{n} bytes from {from}"));
                    let _ = socket.send_to(b"pong", from);
                }
            }
            received
        })
    };
    let out = Probe::new("net-udp-host.c")
        .env("JAILPROBE_PORT", port)
        .run();
    stop.store(true, Ordering::Relaxed);
    let received = server.join().expect("udp server");
    let Some(out) = out else {
        return;
    };
    out.blocked(if received.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "the host socket on 127.0.0.1:{port} received {received:?}"
        ))
    });
}

#[test]
fn net_dns() {
    verdict_only("net-dns.py");
}

#[test]
fn net_raw_socket() {
    verdict_only("net-raw-socket.c");
}

#[test]
fn net_packet_socket() {
    verdict_only("net-packet-socket.c");
}

#[test]
fn net_netlink_route() {
    verdict_only("net-netlink-route.c");
}

#[test]
fn net_unix_host_path() {
    let dir = tempfile::Builder::new()
        .prefix("jailprobe-sock-")
        .tempdir()
        .expect("temp dir");
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let path = dir.path().join("host.sock");
    let listener = UnixListener::bind(&path).expect("bind");
    listener.set_nonblocking(true).expect("nonblocking");
    let Some(out) = Probe::new("net-unix-host-path.c")
        .env("JAILPROBE_SOCKET", path.display())
        .run()
    else {
        return;
    };
    out.blocked(nothing_accepted(
        listener.accept(),
        &format!("the host socket {}", path.display()),
    ));
}

#[test]
fn net_unix_abstract() {
    let name = format!("jailprobe-{}", marker("abstract"));
    let addr = SocketAddr::from_abstract_name(name.as_bytes()).expect("abstract address");
    let listener = UnixListener::bind_addr(&addr).expect("bind abstract");
    listener.set_nonblocking(true).expect("nonblocking");
    let Some(out) = Probe::new("net-unix-abstract.c")
        .env("JAILPROBE_ABSTRACT", &name)
        .run()
    else {
        return;
    };
    out.blocked(nothing_accepted(
        listener.accept(),
        &format!("the host's abstract socket @{name}"),
    ));
}

#[test]
fn net_interfaces() {
    verdict_only("net-interfaces.c");
}

// ---------------------------------------------------------------------------
// fs

#[test]
fn fs_host_secret() {
    let secret = HostSecret::new();
    let Some(out) = Probe::new("fs-host-secret.c")
        .env("JAILPROBE_HOSTFILE", secret.file().display())
        .env("JAILPROBE_HOME", secret.home().display())
        .run()
    else {
        return;
    };
    out.blocked(secret.not_in(&out));
}

#[test]
fn fs_write_outside() {
    let mark = marker("write");
    let probe = Probe::new("fs-write-outside.sh").env("JAILPROBE_MARK", &mark);
    let cwd = probe.cwd().to_path_buf();
    let Some(out) = probe.run() else {
        return;
    };
    let dirs: Vec<&Path> = vec![
        &cwd,
        Path::new("/usr"),
        Path::new("/usr/bin"),
        Path::new("/etc"),
        Path::new("/"),
        Path::new("/lib"),
        Path::new("/bin"),
    ];
    out.blocked(no_files_named(&dirs, &format!("jailprobe-{mark}")));
}

/// Runs `probe` with the path of a host secret that is not bound into the
/// jail; the secret's content must not show up in its output.
fn secret_stays_out(probe: &'static str) {
    let secret = HostSecret::new();
    let Some(out) = Probe::new(probe)
        .env("JAILPROBE_HOSTFILE", secret.file().display())
        .run()
    else {
        return;
    };
    out.blocked(secret.not_in(&out));
}

#[test]
fn fs_symlink_secret() {
    secret_stays_out("fs-symlink-secret.c");
}

#[test]
fn fs_hardlink_secret() {
    let secret = HostSecret::new();
    let Some(out) = Probe::new("fs-hardlink-secret.c")
        .env("JAILPROBE_HOSTFILE", secret.file().display())
        .run()
    else {
        return;
    };
    let links = std::fs::metadata(secret.file()).expect("stat").nlink();
    out.blocked(secret.not_in(&out).and(if links == 1 {
        Ok(())
    } else {
        Err(format!("the host secret has {links} links"))
    }));
}

#[test]
fn fs_proc_root() {
    secret_stays_out("fs-proc-root.c");
}

#[test]
fn fs_open_by_handle() {
    secret_stays_out("fs-open-by-handle.c");
}

#[test]
fn fs_mknod() {
    let dev = std::fs::metadata("/usr").expect("stat /usr").dev();
    let disk = format!(
        "{}:{}",
        nix::sys::stat::major(dev),
        nix::sys::stat::minor(dev)
    );
    let Some(out) = Probe::new("fs-mknod.c").env("JAILPROBE_DISK", disk).run() else {
        return;
    };
    out.blocked(Ok(()));
}

#[test]
fn fs_mount() {
    verdict_only("fs-mount.c");
}

#[test]
fn fs_remount_rw() {
    let mark = marker("remount");
    let probe = Probe::new("fs-remount-rw.c").env("JAILPROBE_MARK", &mark);
    let cwd = probe.cwd().to_path_buf();
    let Some(out) = probe.run() else {
        return;
    };
    let dirs: Vec<&Path> = vec![&cwd, Path::new("/usr"), Path::new("/etc")];
    out.blocked(no_files_named(&dirs, &format!("jailprobe-{mark}")));
}

#[test]
fn fs_chroot() {
    secret_stays_out("fs-chroot.c");
}

#[test]
fn fs_proc_sys_write() {
    const SYSCTLS: [&str; 5] = [
        "/proc/sys/kernel/core_pattern",
        "/proc/sys/kernel/modprobe",
        "/proc/sys/vm/overcommit_ratio",
        "/proc/sys/fs/protected_symlinks",
        "/proc/sys/kernel/randomize_va_space",
    ];
    let read_all = || SYSCTLS.map(|p| std::fs::read_to_string(p).ok());
    let before = read_all();
    let Some(out) = Probe::new("fs-proc-sys-write.c").run() else {
        return;
    };
    let after = read_all();
    out.blocked(if before == after {
        Ok(())
    } else {
        Err(format!("host sysctls changed: {before:?} -> {after:?}"))
    });
}

#[test]
fn fs_masked_secret() {
    let probe = Probe::new("fs-masked-secret.sh");
    let secret = format!("jailprobe-masked-{}", marker("masked"));
    let cwd = probe.cwd();
    std::fs::write(cwd.join(".env"), format!("API_TOKEN={secret}")).expect("write .env");
    std::fs::create_dir_all(cwd.join(".ssh")).expect("mkdir");
    std::fs::write(cwd.join(".ssh/id_rsa"), &secret).expect("write key");
    std::fs::create_dir_all(cwd.join(".aws")).expect("mkdir");
    std::fs::write(cwd.join(".aws/credentials"), &secret).expect("write credentials");
    let Some(out) = probe.run() else {
        return;
    };
    out.blocked(absent(&out, &secret, "a masked secret of the project"));
}

#[test]
fn fs_tmp_private() {
    let mark = marker("tmp");
    // Something of ours in the host's /dev/shm for the probe to (not) see.
    let shm_fixture = Path::new("/dev/shm").join(format!("jailprobe-fixture-{mark}"));
    let _ = std::fs::write(&shm_fixture, "host");
    let out = Probe::new("fs-tmp-private.sh")
        .env("JAILPROBE_MARK", &mark)
        .run();
    let _ = std::fs::remove_file(&shm_fixture);
    let Some(out) = out else {
        return;
    };
    out.blocked(no_files_named(
        &[Path::new("/tmp"), Path::new("/dev/shm")],
        &format!("jailprobe-{mark}"),
    ));
}

#[test]
fn fs_host_devices() {
    verdict_only("fs-host-devices.c");
}

// ---------------------------------------------------------------------------
// priv

#[test]
fn priv_userns_nested() {
    verdict_only("priv-userns-nested.c");
}

#[test]
fn priv_setns() {
    verdict_only("priv-setns.c");
}

#[test]
fn priv_ptrace_attach() {
    verdict_only("priv-ptrace-attach.c");
}

#[test]
fn priv_ptrace_traceme() {
    verdict_only("priv-ptrace-traceme.c");
}

#[test]
fn priv_kill_all() {
    let mut sentinel = Sentinel::start();
    let Some(out) = Probe::new("priv-kill-all.c")
        .env("JAILPROBE_HOST_PID", sentinel.pid())
        .run()
    else {
        return;
    };
    // No signal allowed here: a killed init takes the probe down with it.
    out.assert_blocked(false, sentinel.alive());
}

#[test]
fn priv_tiocsti() {
    let Some(out) = Probe::new("priv-tiocsti.c").on_pty().run() else {
        return;
    };
    out.blocked(match &out.tty_input {
        None => Ok(()),
        Some(input) => Err(format!("input pending on the caller's terminal: {input:?}")),
    });
}

#[test]
fn priv_tioclinux() {
    let Some(out) = Probe::new("priv-tioclinux.c").on_pty().run() else {
        return;
    };
    out.blocked(match &out.tty_input {
        None => Ok(()),
        Some(input) => Err(format!("input pending on the caller's terminal: {input:?}")),
    });
}

#[test]
fn priv_keyring() {
    let mark = marker("key");
    let Some(out) = Probe::new("priv-keyring.c")
        .env("JAILPROBE_MARK", &mark)
        .run()
    else {
        return;
    };
    let keys = std::fs::read_to_string("/proc/keys").unwrap_or_default();
    out.blocked(if keys.contains(&format!("jailprobe-{mark}")) {
        Err("the probe's key is in the host's /proc/keys".to_string())
    } else {
        Ok(())
    });
}

#[test]
fn priv_bpf() {
    verdict_only("priv-bpf.c");
}

#[test]
fn priv_perf_event() {
    verdict_only("priv-perf-event.c");
}

#[test]
fn priv_userfaultfd() {
    verdict_only("priv-userfaultfd.c");
}

#[test]
fn priv_io_uring() {
    verdict_only("priv-io-uring.c");
}

#[test]
fn priv_kernel_modules() {
    verdict_only("priv-kernel-modules.c");
}

#[test]
fn priv_kexec() {
    verdict_only("priv-kexec.c");
}

#[test]
fn priv_int80() {
    verdict_only("priv-int80.c");
}

#[test]
fn priv_x32() {
    verdict_only("priv-x32.c");
}

#[test]
fn priv_setuid_binary() {
    verdict_only("priv-setuid-binary.c");
}

#[test]
fn priv_capabilities() {
    let mut probe = Probe::new("priv-capabilities.c");
    // An ordinary user cannot empty the bounding set without a user
    // namespace; the degraded tier lists that as missing.
    if degraded_tier().is_some() && !nix::unistd::geteuid().is_root() {
        probe = probe.env("JAILPROBE_BOUNDING_KEPT", 1);
    }
    let Some(out) = probe.run() else {
        return;
    };
    out.blocked(Ok(()));
}

#[test]
fn priv_personality() {
    verdict_only("priv-personality.c");
}

#[test]
fn net_tcp_loopback_bind() {
    verdict_only("net-tcp-loopback-bind.c");
}

#[test]
fn priv_signal_init() {
    verdict_only("priv-signal-init.c");
}

#[test]
fn fs_proc_self_write() {
    verdict_only("fs-proc-self-write.c");
}

#[test]
fn priv_pidfd_getfd() {
    verdict_only("priv-pidfd-getfd.c");
}

// ---------------------------------------------------------------------------
// info

#[test]
fn info_host_env() {
    caller_value_stays_out("info-host-env.py");
}

/// Runs `probe` with a unique value in the `jail` process's environment
/// only; it must not show up in anything the probe can read.
fn caller_value_stays_out(probe: &'static str) {
    let value = format!("jailprobe-hostval-{}", marker(probe));
    let Some(out) = Probe::new(probe)
        .host_env("JAILPROBE_HOSTVAL", &value)
        .run()
    else {
        return;
    };
    out.blocked(absent(&out, &value, "the caller's environment"));
}

#[test]
fn info_host_processes() {
    let mut sentinel = Sentinel::start();
    let Some(out) = Probe::new("info-host-processes.c")
        .env("JAILPROBE_SENTINEL", &sentinel.cmdline)
        .env("JAILPROBE_HOST_PID", sentinel.pid())
        .run()
    else {
        return;
    };
    out.blocked(sentinel.alive());
}

#[test]
fn info_kernel_log() {
    verdict_only("info-kernel-log.c");
}

#[test]
fn info_init_memory() {
    caller_value_stays_out("info-init-memory.c");
}

// ---------------------------------------------------------------------------
// res

#[test]
fn res_fork_bomb() {
    let Some(out) = Probe::new("res-fork-bomb.c")
        .env("JAILPROBE_FORKS", 4096)
        .run()
    else {
        return;
    };
    out.blocked(none_left("res-fork-bomb"));
}

#[test]
fn res_memory() {
    let Some(out) = Probe::new("res-memory.c").timeout(30).run() else {
        return;
    };
    out.blocked(none_left("res-memory"));
}

#[test]
fn res_tmp_fill() {
    let free = || {
        nix::sys::statvfs::statvfs("/tmp")
            .map(|s| s.blocks_available() * s.fragment_size())
            .unwrap_or(0)
    };
    let before = free();
    // Sample the host's free space while the probe runs: it deletes its
    // files before it ends.
    let stop = Arc::new(AtomicBool::new(false));
    let sampler = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            let mut lowest = free();
            while !stop.load(Ordering::Relaxed) {
                lowest = lowest.min(free());
                std::thread::sleep(Duration::from_millis(10));
            }
            lowest
        })
    };
    let out = Probe::new("res-tmp-fill.c").run();
    stop.store(true, Ordering::Relaxed);
    let lowest = sampler.join().expect("sampler");
    let Some(out) = out else {
        return;
    };
    let used = before.saturating_sub(lowest);
    out.blocked(if used < 512 << 20 {
        Ok(())
    } else {
        Err(format!(
            "the host's /tmp lost {} MiB of free space during the run",
            used >> 20
        ))
    });
}

#[test]
fn res_cpu_timeout() {
    let Some(out) = Probe::new("res-cpu-timeout.c").timeout(2).run() else {
        return;
    };
    let left = none_left("res-cpu-timeout");
    assert!(
        out.status == Some(124) && out.elapsed < Duration::from_secs(15) && left.is_ok(),
        "escape probe res-cpu-timeout.c: expected the timeout (124) within 15 s, got {:?} after {:?}; {left:?}\n--- stdout\n{}--- stderr\n{}",
        out.status,
        out.elapsed,
        out.stdout,
        out.stderr
    );
}

// ---------------------------------------------------------------------------
// fd

#[test]
fn fd_leaked() {
    let secret = HostSecret::new();
    let dir = std::fs::File::open(secret.dir.path()).expect("open dir");
    let file = std::fs::File::open(secret.file()).expect("open secret");
    // Duplicates without FD_CLOEXEC: every child we spawn inherits them.
    let leak = |f: &std::fs::File| {
        nix::fcntl::fcntl(f.as_raw_fd(), nix::fcntl::FcntlArg::F_DUPFD(100)).expect("dup")
    };
    let dir_fd = leak(&dir);
    let file_fd = leak(&file);
    let out = Probe::new("fd-leaked.c")
        .env("JAILPROBE_DIR_FD", dir_fd)
        .env("JAILPROBE_FILE_FD", file_fd)
        .run();
    nix::unistd::close(dir_fd).expect("close");
    nix::unistd::close(file_fd).expect("close");
    let Some(out) = out else {
        return;
    };
    out.blocked(secret.not_in(&out));
}
