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

#[test]
fn an_interactive_shell_gets_its_own_terminal_with_the_window_size() {
    let pty = nix::pty::openpty(Some(&size(30, 100)), None).expect("openpty");
    let our_tty =
        std::fs::read_link(format!("/proc/self/fd/{}", pty.slave.as_raw_fd())).expect("slave name");
    let dir = workdir();
    let slave = |fd: &OwnedFd| Stdio::from(fd.try_clone().expect("dup slave"));
    let mut child = jail(dir.path())
        .args(["exec", "--", "sh"])
        .stdin(slave(&pty.slave))
        .stdout(slave(&pty.slave))
        .stderr(slave(&pty.slave))
        .spawn()
        .expect("spawn jail");
    drop(pty.slave);
    let master = pty.master;
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
        !seen.contains(&format!("{}\r", our_tty.display())),
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
