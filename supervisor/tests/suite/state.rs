//! The state dir: where it is when HOME cannot hold it, and what jail
//! refuses to use in its place.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

use super::common::{assert_ok, jail, run, stderr, stdout, workdir};

/// `jail` as a service account sees it: a HOME that cannot be created
/// (it lies under a file, so root cannot create it either), no XDG
/// variables and no JAIL_STATE_DIR; `tmp` as TMPDIR.
fn homeless(tmp: &Path, work: &Path) -> Command {
    let home = tmp.join("not-a-dir");
    std::fs::write(&home, "").expect("file");
    let mut command = jail(work);
    command
        .env_remove("JAIL_STATE_DIR")
        .env_remove("XDG_STATE_HOME")
        .env_remove("XDG_RUNTIME_DIR")
        .env("HOME", home.join("home"))
        .env("TMPDIR", tmp);
    command
}

fn fallback(tmp: &Path) -> std::path::PathBuf {
    tmp.join(format!("jail-state-{}", nix::unistd::geteuid().as_raw()))
}

#[test]
fn an_unwritable_home_falls_back_to_a_private_dir() {
    let (tmp, work) = (workdir(), workdir());
    let output = run(homeless(tmp.path(), work.path()).args(["exec", "--", "echo", "ran"]));
    assert_ok(&output);
    assert_eq!(stdout(&output), "ran\n");
    let dir = fallback(tmp.path());
    let mode = std::fs::metadata(&dir)
        .expect("fallback")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o700);
    assert!(dir.join("audit.log").is_file(), "the run was audited there");

    let explain = run(homeless(tmp.path(), work.path()).args(["exec", "--explain", "--", "true"]));
    assert_ok(&explain);
    let text = stdout(&explain);
    assert!(
        text.contains(&format!(
            "state dir: {} (the per-user fallback",
            dir.display()
        )),
        "{text}"
    );
    assert!(text.contains("$HOME/.local/state/jail"), "{text}");

    let doctor = run(homeless(tmp.path(), work.path()).arg("doctor"));
    let text = stdout(&doctor);
    assert!(
        text.contains(&format!("ok   state dir        {}", dir.display())),
        "{text}"
    );
}

#[test]
fn the_runtime_dir_comes_before_tmp() {
    let (tmp, work, runtime) = (workdir(), workdir(), workdir());
    // A runtime dir open to others is not used (XDG: it must be 0700).
    let output = run(homeless(tmp.path(), work.path())
        .env("XDG_RUNTIME_DIR", runtime.path())
        .args(["exec", "--explain", "--", "true"]));
    assert!(stdout(&output).contains("the per-user fallback"));
    std::fs::set_permissions(runtime.path(), std::fs::Permissions::from_mode(0o700))
        .expect("chmod");
    let output = run(homeless(tmp.path(), work.path())
        .env("XDG_RUNTIME_DIR", runtime.path())
        .args(["exec", "--explain", "--", "true"]));
    assert_ok(&output);
    let dir = runtime.path().join("jail");
    assert!(
        stdout(&output).contains(&format!(
            "state dir: {} ($XDG_RUNTIME_DIR/jail",
            dir.display()
        )),
        "{}",
        stdout(&output)
    );
    assert!(dir.is_dir());
}

#[test]
fn a_fallback_open_to_others_or_a_symlink_is_refused_with_the_fix() {
    let (tmp, work) = (workdir(), workdir());
    let dir = fallback(tmp.path());
    std::fs::create_dir(&dir).expect("dir");
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let output = run(homeless(tmp.path(), work.path()).args(["exec", "--", "true"]));
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(125), "{text}");
    assert!(text.contains("is open to others (mode 755)"), "{text}");
    assert!(
        text.contains(&format!("chmod 700 {}", dir.display())),
        "{text}"
    );
    assert!(
        std::fs::read_dir(&dir).expect("dir").next().is_none(),
        "nothing written"
    );

    // A symlink planted where the fallback goes is never followed.
    std::fs::remove_dir(&dir).expect("rmdir");
    let target = workdir();
    std::os::unix::fs::symlink(target.path(), &dir).expect("symlink");
    let output = run(homeless(tmp.path(), work.path()).args(["exec", "--", "true"]));
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(125), "{text}");
    assert!(text.contains("is a symlink"), "{text}");
    assert!(std::fs::read_dir(target.path())
        .expect("dir")
        .next()
        .is_none());

    // Another user's directory (only root can make one here).
    if nix::unistd::geteuid().is_root() {
        std::fs::remove_file(&dir).expect("rm");
        std::fs::create_dir(&dir).expect("dir");
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o700)).expect("chmod");
        nix::unistd::chown(&dir, Some(nix::unistd::Uid::from_raw(65534)), None).expect("chown");
        let output = run(homeless(tmp.path(), work.path()).args(["exec", "--", "true"]));
        let text = stderr(&output);
        assert_eq!(output.status.code(), Some(125), "{text}");
        assert!(text.contains("is owned by uid 65534"), "{text}");
        assert!(text.contains("sudo rm -rf"), "{text}");
    }
}

#[test]
fn a_state_dir_error_names_the_errno_once() {
    let (tmp, work) = (workdir(), workdir());
    let file = tmp.path().join("file");
    std::fs::write(&file, "").expect("file");
    let output = run(jail(work.path())
        .env("JAIL_STATE_DIR", file.join("state"))
        .args(["exec", "--", "true"]));
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(125), "{text}");
    assert_eq!(text.matches("Not a directory").count(), 1, "{text}");
}
