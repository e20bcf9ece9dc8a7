//! `jail exec -- sh` on a terminal: the supervisor relays its own pty, so
//! the payload never holds the caller's terminal.

use std::os::fd::{AsFd, AsRawFd, OwnedFd};
use std::process::Stdio;
use std::time::Duration;

use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;

use super::common::*;

fn size(rows: u16, cols: u16) -> nix::pty::Winsize {
    nix::pty::Winsize {
        ws_row: rows,
        ws_col: cols,
        ws_xpixel: 0,
        ws_ypixel: 0,
    }
}

fn type_line(master: &OwnedFd, line: &str) {
    nix::unistd::write(master, line.as_bytes()).expect("write to pty");
}

/// `jail exec -- ARGS` with stdin, stdout and stderr on a fresh 30x100
/// pty; the child, the master, and the slave's name.
fn on_a_pty(dir: &std::path::Path, args: &[&str]) -> (std::process::Child, OwnedFd, String) {
    on_a_pty_with(dir, &[], args)
}

/// `on_a_pty` with `jail exec FLAGS -- ARGS`.
fn on_a_pty_with(
    dir: &std::path::Path,
    flags: &[&str],
    args: &[&str],
) -> (std::process::Child, OwnedFd, String) {
    let pty = nix::pty::openpty(Some(&size(30, 100)), None).expect("openpty");
    let name = std::fs::read_link(format!("/proc/self/fd/{}", pty.slave.as_raw_fd()))
        .expect("slave name")
        .display()
        .to_string();
    let slave = |fd: &OwnedFd| Stdio::from(fd.try_clone().expect("dup slave"));
    let child = jail(dir)
        .arg("exec")
        .args(flags)
        .arg("--")
        .args(args)
        .stdin(slave(&pty.slave))
        .stdout(slave(&pty.slave))
        .stderr(slave(&pty.slave))
        .spawn()
        .expect("spawn jail");
    (child, pty.master, name)
}

#[test]
fn an_interactive_shell_gets_its_own_terminal_with_the_window_size() {
    let dir = workdir();
    let (mut child, master, our_tty) = on_a_pty(dir.path(), &["sh"]);
    let mut seen = String::new();

    type_line(&master, "stty size; echo sum=$((6*7)); tty\n");
    assert!(
        read_until(&master, &mut seen, "sum=42"),
        "no shell output: {seen:?}"
    );
    assert!(read_until(&master, &mut seen, "/dev/console"), "{seen:?}");
    assert!(
        seen.contains("30 100"),
        "window size not passed in: {seen:?}"
    );
    assert!(
        !seen.contains(&format!("{our_tty}\r")),
        "the payload holds the caller's terminal: {seen:?}"
    );

    // A resize of the caller's terminal reaches the jail's pty.
    jail::tty::set_window_size(master.as_fd(), &size(40, 120)).expect("resize");
    kill(Pid::from_raw(child.id() as i32), Signal::SIGWINCH).expect("SIGWINCH");
    std::thread::sleep(Duration::from_millis(200));
    type_line(&master, "stty size; exit 5\n");
    assert!(
        read_until(&master, &mut seen, "40 120"),
        "resize not forwarded: {seen:?}"
    );
    assert_eq!(child.wait().expect("wait").code(), Some(5));
}

#[test]
fn pipes_pass_through_untouched() {
    let dir = workdir();
    let mut child = jail(dir.path())
        .args(["exec", "--", "sh", "-c", "tr a-z A-Z; echo err >&2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let payload: Vec<u8> = (0..200_000u32)
        .map(|i| b"abc\n"[(i % 4) as usize])
        .collect();
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || std::io::Write::write_all(&mut stdin, &payload));
    let out = child.wait_with_output().expect("wait");
    writer.join().expect("join").expect("write");
    assert_ok(&out);
    assert_eq!(out.stdout.len(), 200_000);
    assert!(out.stdout.starts_with(b"ABC\nABC\n"));
    assert_eq!(stderr(&out), "err\n");
}

/// The payload prints, on its terminal, OSC 52 (which would write the
/// caller's clipboard) in 7-bit and 8-bit form, a DCS query and a title
/// report request; the caller's terminal gets the drawing around them and
/// none of them.
#[test]
fn the_relay_keeps_clipboard_writes_and_reports_from_the_terminal() {
    let dir = workdir();
    let script = r#"import sys
sys.stdout.buffer.write(b"BEGIN\x1b]52;c;Y2xpcDE=\x07\x9d52;c;Y2xpcDI=\x9c\xc2\x9d52;c;Y2xpcDM=\xc2\x9c"
    b"\x1bP$q\"p\x1b\\\x1b[21t\x1b[1mBOLD\x1b[0mEND\n")
sys.stdout.flush()
"#;
    let (mut child, master, _) = on_a_pty(dir.path(), &["python3", "-c", script]);
    let mut seen = String::new();
    assert!(read_until(&master, &mut seen, "END"), "no output: {seen:?}");
    assert_eq!(child.wait().expect("wait").code(), Some(0), "{seen:?}");
    assert!(seen.contains("BEGIN"), "{seen:?}");
    assert!(
        seen.contains("\x1b[1mBOLD\x1b[0mEND"),
        "drawing was lost: {seen:?}"
    );
    for leaked in ["Y2xpcD", "]52", "$q", "[21t", "\u{9d}"] {
        assert!(
            !seen.contains(leaked),
            "{leaked:?} reached the terminal: {seen:?}"
        );
    }
}

/// Output to a terminal goes through the filter even when stdin is not a
/// terminal (`cmd | jail exec ...`) or only stderr is one (`jail exec ...
/// > out`): the payload never writes to the caller's terminal directly.
#[test]
fn output_to_a_terminal_is_filtered_whatever_stdin_is() {
    let dir = workdir();
    let script = r#"import sys
for tag, out in ((b"1", sys.stdout), (b"2", sys.stderr)):
    out.buffer.write(b"BEGIN\x1b]52;c;Y2xpcDE=\x07\x1b[1mBOLD\x1b[0mEND" + tag + b"\n")
    out.flush()
"#;
    for stdout_on_pty in [true, false] {
        let pty = nix::pty::openpty(Some(&size(30, 100)), None).expect("openpty");
        let slave = || Stdio::from(pty.slave.try_clone().expect("dup slave"));
        let mut command = jail(dir.path());
        command
            .args(["exec", "--", "python3", "-c", script])
            .stdin(Stdio::null())
            .stderr(slave());
        if stdout_on_pty {
            command.stdout(slave());
        } else {
            command.stdout(Stdio::piped());
        }
        let child = command.spawn().expect("spawn jail");
        drop(pty.slave);
        let mut seen = String::new();
        // stderr is written last.
        assert!(
            read_until(&pty.master, &mut seen, "END2"),
            "stdout on the pty: {stdout_on_pty}; {seen:?}"
        );
        assert_eq!(seen.contains("END1"), stdout_on_pty, "{seen:?}");
        let out = child.wait_with_output().expect("wait");
        assert_eq!(out.status.code(), Some(0), "{seen:?}");
        assert!(
            seen.contains("\x1b[1mBOLD\x1b[0mEND2"),
            "drawing was lost: {seen:?}"
        );
        assert!(
            !seen.contains("Y2xpcD"),
            "the clipboard write reached the terminal: {seen:?}"
        );
        if !stdout_on_pty {
            // The pipe still gets the payload's bytes untouched.
            assert!(String::from_utf8_lossy(&out.stdout).contains("]52;c;Y2xpcDE="));
        }
    }
}

/// The relay puts the caller's terminal in raw mode; on a timeout it is
/// restored before "timed out" is printed, so the line ends with the
/// terminal's own CR LF (raw mode prints a bare LF: staircase output).
#[test]
fn a_timeout_restores_the_terminal_before_saying_so() {
    let dir = workdir();
    let (mut child, master, _) = on_a_pty_with(
        dir.path(),
        &["--timeout", "1"],
        &["sh", "-c", "echo started; sleep 30"],
    );
    let mut seen = String::new();
    assert!(read_until(&master, &mut seen, "started"), "{seen:?}");
    assert!(
        read_until(&master, &mut seen, "were killed\r\n"),
        "printed in raw mode: {seen:?}"
    );
    assert_eq!(child.wait().expect("wait").code(), Some(124));
}
