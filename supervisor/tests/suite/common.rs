//! Helpers shared by the end-to-end tests.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn jail_bin() -> PathBuf {
    std::env::var_os("JAIL_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_jail")))
}

/// `jail` with a clean working directory (jail binds the cwd, so never `/`),
/// an environment without JAIL_POLICY or JAIL_ALLOW_DEGRADED from the
/// caller, and a state dir of
/// the tests' own (a test that inspects state sets JAIL_STATE_DIR itself).
pub fn jail(cwd: &Path) -> Command {
    let mut command = Command::new(jail_bin());
    let state = std::env::temp_dir().join(format!(
        "jail-test-state-{}",
        nix::unistd::geteuid().as_raw()
    ));
    command
        .current_dir(cwd)
        .env_remove("JAIL_POLICY")
        .env_remove("JAIL_ALLOW_DEGRADED")
        .env("JAIL_STATE_DIR", state);
    command
}

/// A real HTTP/1.1 server on the host's loopback that answers every
/// request with a body of its handler's (given the request as received:
/// head and body) and records what it was sent.
pub struct HttpServer {
    pub port: u16,
    server: testkit::http::Server,
}

impl HttpServer {
    /// Answers every request with `body`.
    pub fn start(body: &'static str) -> HttpServer {
        HttpServer::with_handler(move |_| body.to_string())
    }

    /// Answers every request with the request itself, request line,
    /// headers (the supervisor's credential among them) and body, the way
    /// httpbin's `/anything` does.
    pub fn reflecting() -> HttpServer {
        HttpServer::with_handler(str::to_string)
    }

    pub fn with_handler(handler: impl Fn(&str) -> String + Send + Sync + 'static) -> HttpServer {
        let server = testkit::http::Server::start(move |request| {
            let body = handler(&request.text());
            testkit::http::reply(200, &[("Content-Type", "text/plain")], body.as_bytes())
        });
        HttpServer {
            port: server.port,
            server,
        }
    }

    /// Each request as text, head then body.
    pub fn seen(&self) -> Vec<String> {
        self.server
            .seen()
            .iter()
            .map(testkit::http::Request::text)
            .collect()
    }
}

/// A policy whose egress reaches the tests' loopback servers by these host
/// names (`"localhost"`), with `extra` TOML after it.
pub fn loopback_policy(port_hosts: &str, extra: &str) -> String {
    format!(
        "[profile.default.egress]\n\
         allow = [{port_hosts}]\n\
         allow_addresses = [\"127.0.0.1\"]\n\
         {extra}"
    )
}

/// Says why a test does not run, straight to the real stderr (the harness
/// captures `eprintln!`, and a skip must never be silent). In CI (`CI`
/// set) a skip fails the test unless `expected_in_ci`: only skips that CI
/// makes on purpose (a layer switched off, a tier without namespaces, no
/// cgroup delegated to an ordinary user) may pass there.
#[track_caller]
pub fn skip(reason: &str, expected_in_ci: bool) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "skipping {reason}");
    assert!(
        expected_in_ci || std::env::var_os("CI").is_none(),
        "CI must not skip this: {reason}"
    );
}

/// Whether `program` is on the host (and so, through /usr, in the jail).
pub fn have(program: &str) -> bool {
    std::process::Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Skips (saying why) unless every program is there.
pub fn need(programs: &[&str]) -> bool {
    for program in programs {
        if !have(program) {
            skip(&format!("{program} is not installed"), false);
            return false;
        }
    }
    true
}

/// A fresh directory for one test, readable by the user running the tests.
pub fn workdir() -> tempfile::TempDir {
    tempfile::Builder::new()
        .prefix("jail-test-")
        .tempdir()
        .expect("creating a temporary directory")
}

pub fn run(command: &mut Command) -> Output {
    command.output().expect("running jail")
}

/// Runs `sh -c SCRIPT` in a default jail from `cwd`.
pub fn sh(cwd: &Path, script: &str) -> Output {
    run(jail(cwd).args(["exec", "--", "sh", "-c", script]))
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[track_caller]
pub fn assert_ok(output: &Output) {
    assert!(
        output.status.success(),
        "jail failed ({:?})\nstdout: {}\nstderr: {}",
        output.status,
        stdout(output),
        stderr(output)
    );
}

/// Host processes whose command line starts with `prefix`.
pub fn processes_running(prefix: &str) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline"))
                .map(|c| {
                    String::from_utf8_lossy(&c)
                        .replace('\0', " ")
                        .starts_with(prefix)
                })
                .unwrap_or(false)
        })
        .collect()
}

/// The children of every thread of process `pid`.
pub fn children_of(pid: u32) -> Vec<u32> {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    tasks
        .filter_map(|task| std::fs::read_to_string(task.ok()?.path().join("children")).ok())
        .flat_map(|text| {
            text.split_whitespace()
                .filter_map(|child| child.parse().ok())
                .collect::<Vec<u32>>()
        })
        .collect()
}

/// Waits up to `secs` for `check` to hold.
pub fn eventually(secs: u64, mut check: impl FnMut() -> bool) -> bool {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    while std::time::Instant::now() < deadline {
        if check() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    check()
}

/// A marker unique to this process and call, for finding processes.
pub fn marker(tag: &str) -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    // A fractional sleep length nobody else uses, so `sleep MARKER` finds
    // exactly our processes.
    format!(
        "{}{}.{}{}",
        tag.len() + 3000,
        std::process::id() % 1000,
        NEXT.fetch_add(1, Ordering::Relaxed),
        7
    )
}

/// Reads from the pty master until `needle` shows up (or 15 s pass).
pub fn read_until(master: &std::os::fd::OwnedFd, seen: &mut String, needle: &str) -> bool {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    while !seen.contains(needle) && std::time::Instant::now() < deadline {
        let mut fds = [nix::poll::PollFd::new(
            std::os::fd::AsFd::as_fd(master),
            nix::poll::PollFlags::POLLIN,
        )];
        if !matches!(nix::poll::poll(&mut fds, nix::poll::PollTimeout::from(200u16)), Ok(n) if n > 0)
        {
            continue;
        }
        let mut buf = [0u8; 4096];
        match nix::unistd::read(std::os::fd::AsRawFd::as_raw_fd(master), &mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => seen.push_str(&String::from_utf8_lossy(&buf[..n])),
        }
    }
    seen.contains(needle)
}

/// A policy file outside the jail's view, and a state dir of its own.
pub struct Setup {
    pub dir: tempfile::TempDir,
    pub work: tempfile::TempDir,
}

impl Setup {
    pub fn new(policy: &str) -> Setup {
        let dir = workdir();
        std::fs::write(dir.path().join("policy.toml"), policy).expect("policy");
        Setup {
            dir,
            work: workdir(),
        }
    }

    pub fn state(&self) -> PathBuf {
        self.dir.path().join("state")
    }

    pub fn jail(&self) -> std::process::Command {
        let mut command = jail(self.work.path());
        command
            .env("JAIL_STATE_DIR", self.state())
            .arg("--policy")
            .arg(self.dir.path().join("policy.toml"));
        command
    }

    pub fn sh(&self, script: &str) -> Output {
        run(self.jail().args(["exec", "--", "sh", "-c", script]))
    }

    /// A file in the working directory (bound read-only into the jail).
    pub fn file(&self, name: &str, text: &str) -> PathBuf {
        let path = self.work.path().join(name);
        std::fs::write(&path, text).expect("write");
        path
    }

    /// Python that review rejects (it execs decoded bytes) and that, were
    /// it ever run, would create the returned marker file.
    pub fn rejected_code(&self) -> (PathBuf, PathBuf) {
        let marker = self.dir.path().join("ran");
        let file = self.file(
            "evil.py",
            &format!(
                "import base64\nopen({:?}, 'w').write('x')\nexec(base64.b64decode('cHJpbnQoMSk='))\n",
                marker.display().to_string()
            ),
        );
        (file, marker)
    }

    pub fn audit(&self) -> String {
        std::fs::read_to_string(self.state().join("audit.log")).unwrap_or_default()
    }
}

/// Starts `jail-call write '{"file": "x"}'` (a dangerous_writes tool) with
/// the supervisor's controlling terminal on a pty we hold; returns once the
/// prompt is up, with the request id it shows.
pub fn start_approval(setup: &Setup) -> (std::process::Child, std::os::fd::OwnedFd, String) {
    let (child, master, id, _) = start_approval_with(setup, "{\"file\": \"x\"}");
    (child, master, id)
}

/// `start_approval` with these arguments; also returns the terminal's text.
pub fn start_approval_with(
    setup: &Setup,
    args: &str,
) -> (std::process::Child, std::os::fd::OwnedFd, String, String) {
    write_tool_policy(setup);
    start_approval_in(setup, None, args)
}

/// A policy whose `write` tool (`/bin/cat`) makes dangerous writes, so
/// every call of it needs a human.
pub fn write_tool_policy(setup: &Setup) {
    let policy = "[profile.default.tools.write]\ncommand = [\"/bin/cat\"]\n\
                  public_source = false\nsecret_data = false\npublic_sink = false\n\
                  dangerous_writes = true\n";
    std::fs::write(setup.dir.path().join("policy.toml"), policy).expect("policy");
}

/// [`start_approval_with`] continuing the named `session`, if given, under
/// the policy already written.
pub fn start_approval_in(
    setup: &Setup,
    session: Option<&str>,
    args: &str,
) -> (std::process::Child, std::os::fd::OwnedFd, String, String) {
    let continued: Vec<&str> = session.map(|id| vec!["--session", id]).unwrap_or_default();
    let pty = nix::pty::openpty(None, None).expect("openpty");
    let base = setup.jail();
    // setsid -c: a new session whose controlling terminal is stdin, the
    // pty; stdout is a pipe, so the jail does not relay the terminal.
    let mut command = std::process::Command::new("setsid");
    command
        .arg("-c")
        .arg(base.get_program())
        .args(base.get_args())
        .arg("exec")
        .args(&continued)
        .args(["--", "sh", "-c", &format!("jail-call write '{args}'")])
        .current_dir(setup.work.path())
        .env("JAIL_STATE_DIR", setup.state())
        .env_remove("JAIL_POLICY")
        .stdin(std::process::Stdio::from(
            pty.slave.try_clone().expect("dup"),
        ))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let child = command.spawn().expect("spawn");
    drop(pty.slave);
    let mut seen = String::new();
    assert!(
        read_until(&pty.master, &mut seen, "approve? [y/N]"),
        "no prompt: {seen:?}"
    );
    let id = seen
        .split("approval needed [")
        .nth(1)
        .and_then(|rest| rest.split(']').next())
        .expect("an id in the prompt")
        .to_string();
    assert!(seen.contains("write (the tool can make writes"), "{seen:?}");
    (child, pty.master, id, seen)
}

/// A fake sysctl tree for `JAIL_SYSCTL_ROOT`: dotted names and values.
pub fn fake_sysctls(values: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = workdir();
    for (name, value) in values {
        let path = dir.path().join(name.replace('.', "/"));
        std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
        std::fs::write(path, value).expect("write");
    }
    dir
}

/// A fake sysctl tree in which user namespaces are off for everyone, root
/// included: jail then refuses, or runs in the degraded tier where
/// `--allow-degraded` is given.
pub fn userns_blocked_sysctls() -> tempfile::TempDir {
    fake_sysctls(&[("user.max_user_namespaces", "0")])
}

/// Every byte but `A-Z a-z 0-9 - . _ ~` as `%XX`.
pub fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// Standard base64 with padding.
pub fn base64_encode(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// A real HTTPS server on the host's loopback, with a certificate for
/// `localhost` issued by a CA made for it (`ca_pem`), answering every
/// request with `body`.
pub struct TlsServer {
    pub port: u16,
    pub ca_pem: String,
    _server: testkit::http::Server,
}

impl TlsServer {
    pub fn start(body: &'static str) -> TlsServer {
        let (server, ca_pem) = testkit::http::Server::start_tls(move |_| {
            testkit::http::reply(200, &[], body.as_bytes())
        });
        TlsServer {
            port: server.port,
            ca_pem,
            _server: server,
        }
    }
}
