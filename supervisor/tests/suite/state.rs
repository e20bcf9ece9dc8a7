//! The state dir: where it is when HOME cannot hold it, and what jail
//! refuses to use in its place.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

use super::common::{assert_ok, jail, run, stderr, stdout, workdir, Setup};

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

/// Session records in `state`, by id.
fn records(state: &Path) -> Vec<serde_json::Value> {
    std::fs::read_dir(state.join("sessions"))
        .expect("sessions")
        .flatten()
        .map(|e| serde_json::from_slice(&std::fs::read(e.path()).expect("read")).expect("json"))
        .collect()
}

#[test]
fn prune_removes_old_sessions_keeps_the_newest_and_verify_still_passes() {
    let setup = Setup::new("[state]\nkeep_days = 30\n");
    for _ in 0..3 {
        assert_ok(&setup.sh("true"));
    }
    // Age the three runs by 40 days.
    let sessions = setup.state().join("sessions");
    for mut record in records(&setup.state()) {
        let created = record["created"].as_u64().expect("created") - 40 * 86400;
        record["created"] = created.into();
        let path = sessions.join(format!("{}.json", record["id"].as_str().expect("id")));
        std::fs::write(path, serde_json::to_vec(&record).expect("json")).expect("write");
    }
    let newest = records(&setup.state())
        .into_iter()
        .max_by_key(|r| r["log"]["seq"].as_u64())
        .expect("a record");
    std::fs::write(setup.state().join("pending/old.json"), "{}").expect("pending");
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(40 * 86400);
    std::fs::File::options()
        .write(true)
        .open(setup.state().join("pending/old.json"))
        .and_then(|f| f.set_modified(old))
        .expect("mtime");
    let out = run(setup.jail().args(["state", "prune"]));
    assert_ok(&out);
    assert!(
        stdout(&out).contains("pruned 2 session records and 1 pending approval files"),
        "{}",
        stdout(&out)
    );
    let ids = |setup: &Setup| -> Vec<String> {
        records(&setup.state())
            .into_iter()
            .map(|r| r["id"].as_str().expect("id").to_string())
            .collect()
    };
    // All three are old; the newest is kept, as it vouches for the log.
    assert_eq!(
        ids(&setup),
        vec![newest["id"].as_str().expect("id").to_string()]
    );
    assert!(!setup.state().join("pending/old.json").exists());
    assert!(
        setup.audit().contains("\"type\":\"pruned\""),
        "{}",
        setup.audit()
    );

    // Once a recent run vouches for the log, the old one goes too.
    assert_ok(&setup.sh("true"));
    let out = run(setup.jail().args(["state", "prune"]));
    assert!(
        stdout(&out).contains("pruned 1 session records"),
        "{}",
        stdout(&out)
    );
    assert_eq!(ids(&setup).len(), 1);
    assert_ne!(ids(&setup)[0], newest["id"].as_str().expect("id"));

    let verify = run(setup.jail().args(["audit", "verify"]));
    assert_ok(&verify);
    assert_ok(&setup.sh("true"));

    // What is kept still vouches for the log: deleting it shows.
    std::fs::remove_file(setup.state().join("audit.log")).expect("rm");
    std::fs::remove_file(setup.state().join("audit.head")).expect("rm");
    let verify = run(setup.jail().args(["audit", "verify"]));
    assert_eq!(verify.status.code(), Some(1), "{}", stderr(&verify));
}

/// A supervisor killed in a run leaves the empty temporary file made for
/// its record's last save (decision 0017); `jail state prune` removes it
/// once it is older than the cutoff, and never a newer one (a live run's).
#[test]
fn prune_removes_the_temporary_files_of_killed_supervisors() {
    let setup = Setup::new("[state]\nkeep_days = 30\n");
    let sessions = setup.state().join("sessions");
    let temporary = || -> Vec<std::path::PathBuf> {
        std::fs::read_dir(&sessions)
            .map(|entries| {
                entries
                    .flatten()
                    .filter(|e| e.file_name().to_string_lossy().starts_with(".tmp"))
                    .map(|e| e.path())
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut running = setup
        .jail()
        .args(["exec", "--", "sleep", "60"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("spawn");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while temporary().is_empty() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    running.kill().expect("kill");
    running.wait().expect("wait");
    let left = temporary();
    assert_eq!(left.len(), 1, "{left:?}");
    let old = std::time::SystemTime::now() - std::time::Duration::from_secs(40 * 86400);
    std::fs::File::options()
        .write(true)
        .open(&left[0])
        .and_then(|f| f.set_modified(old))
        .expect("mtime");
    let live = sessions.join(".tmpLive01");
    std::fs::write(&live, "").expect("a live run's");
    assert_ok(&run(setup.jail().args(["state", "prune"])));
    assert!(!left[0].exists(), "the killed run's temporary file stayed");
    assert!(live.exists(), "a live run's temporary file went");
}

#[test]
fn keep_days_zero_keeps_everything_and_durations_need_a_unit() {
    let setup = Setup::new("[state]\nkeep_days = 0\n");
    assert_ok(&setup.sh("true"));
    let out = run(setup.jail().args(["state", "prune"]));
    assert_ok(&out);
    assert!(stdout(&out).contains("nothing pruned"), "{}", stdout(&out));
    assert_eq!(records(&setup.state()).len(), 1);
    let out = run(setup.jail().args(["state", "prune", "--older-than", "30"]));
    assert_eq!(out.status.code(), Some(125));
    assert!(stderr(&out).contains("like 30d"), "{}", stderr(&out));
}

/// Every run lists the session records, so a state dir that only grows
/// would slow every start: past `state.keep_records`, a run ends by
/// removing the oldest finished records down to half as many, says so in
/// the log, and leaves what vouches for the log and a named session alone.
#[test]
fn past_keep_records_a_run_removes_the_oldest_finished_records() {
    let setup = Setup::new("[state]\nkeep_records = 4\n");
    let out = run(setup.jail().args(["session", "new"]));
    assert_ok(&out);
    let named = stdout(&out).trim().to_string();
    let count = |setup: &Setup| records(&setup.state()).len();
    // Up to the limit (the named session's record among them), nothing goes.
    for _ in 0..4 {
        assert_ok(&setup.sh("true"));
    }
    assert_eq!(count(&setup), 5, "pruned before the limit");
    assert!(
        !setup.audit().contains("records_pruned"),
        "{}",
        setup.audit()
    );
    // This run saw 5 records: it ends with the named one and the newest 2.
    assert_ok(&setup.sh("true"));
    let left = records(&setup.state());
    assert_eq!(left.len(), 3, "{left:?}");
    assert!(left.iter().any(|r| r["id"] == named.as_str()), "{left:?}");
    assert!(
        setup
            .audit()
            .contains("\"type\":\"records_pruned\",\"kept\":2,\"sessions\":3"),
        "{}",
        setup.audit()
    );
    assert_ok(&run(setup.jail().args(["audit", "verify"])));
    // Deleting the log still shows: the newest finished record stayed.
    std::fs::remove_file(setup.state().join("audit.log")).expect("rm");
    std::fs::remove_file(setup.state().join("audit.head")).expect("rm");
    let verify = run(setup.jail().args(["audit", "verify"]));
    assert_eq!(verify.status.code(), Some(1), "{}", stderr(&verify));
}

/// The files of the session records in `dir`, by inode.
fn inodes(dir: &Path) -> std::collections::BTreeMap<u64, std::path::PathBuf> {
    use std::os::unix::fs::MetadataExt;
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|e| Some((e.metadata().ok()?.ino(), e.path())))
                .collect()
        })
        .unwrap_or_default()
}

/// No run frees a file of the state dir: the record its last save
/// replaces moves to `spare/`, and the next run's first save writes over
/// that same file, whose place in `spare/` the next replaced record takes
/// (decision 0017 §21). Without the recycling, each run freed one, and a
/// file freed slows every new file for half a minute on an ext4 without
/// a journal.
#[test]
fn the_record_a_run_replaces_is_written_over_by_the_next_run() {
    let setup = Setup::new("");
    let spares = setup.state().join("spare");
    assert_ok(&run(setup.jail().args(["exec", "--", "true"])));
    let first = inodes(&spares);
    assert_eq!(first.len(), 1, "the replaced record is kept: {first:?}");
    for _ in 0..3 {
        assert_ok(&run(setup.jail().args(["exec", "--", "true"])));
        let now = inodes(&spares);
        assert_eq!(
            now.keys().collect::<Vec<_>>(),
            first.keys().collect::<Vec<_>>(),
            "the same file comes back to spare/, written over and replaced again"
        );
    }
    // Every record is whole, and finished.
    let records = inodes(&setup.state().join("sessions"));
    let finished = records
        .values()
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .map(|p| {
            let record: serde_json::Value =
                serde_json::from_slice(&std::fs::read(p).expect("record")).expect("whole JSON");
            record["state"].as_str().unwrap_or_default().to_string()
        })
        .filter(|state| state == "finished")
        .count();
    assert_eq!(finished, 4, "{records:?}");
    assert_ok(&run(setup.jail().args(["audit", "verify"])));
}

/// What lies in `spare/` is written over only when it is a plain file no
/// record names: a hard link to a live record, a symlink to a file
/// elsewhere or a FIFO is removed instead, what it points at is left as it
/// was, and the run does not wait on the FIFO.
#[test]
fn a_spare_that_is_a_record_or_a_symlink_is_not_written_over() {
    let setup = Setup::new("");
    let spares = setup.state().join("spare");
    assert_ok(&run(setup.jail().args(["exec", "--", "true"])));
    // Whatever the first run left there goes: only the planted ones stay.
    for path in inodes(&spares).values() {
        std::fs::remove_file(path).expect("clear spare/");
    }
    let sessions = setup.state().join("sessions");
    let record = inodes(&sessions)
        .into_values()
        .find(|p| p.extension().is_some_and(|e| e == "json"))
        .expect("the first run's record");
    let before = std::fs::read(&record).expect("record");
    std::fs::hard_link(&record, spares.join("a-record")).expect("link");
    let outside = workdir();
    let victim = outside.path().join("victim");
    std::fs::write(&victim, "untouched").expect("victim");
    std::os::unix::fs::symlink(&victim, spares.join("a-symlink")).expect("symlink");
    // A FIFO would hold the run forever if opened waiting for a reader.
    nix::unistd::mkfifo(&spares.join("a-fifo"), nix::sys::stat::Mode::S_IRWXU).expect("fifo");
    let mut running = setup
        .jail()
        .args(["exec", "--", "true"])
        .spawn()
        .expect("spawn");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let status = loop {
        if let Some(status) = running.try_wait().expect("wait") {
            break status;
        }
        if std::time::Instant::now() > deadline {
            let _ = running.kill();
            panic!("the run waited on the FIFO in spare/");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");
    assert_eq!(std::fs::read(&record).expect("record"), before);
    assert_eq!(
        std::fs::read_to_string(&victim).expect("victim"),
        "untouched"
    );
    let left: Vec<_> = inodes(&spares).into_values().collect();
    assert!(
        !left.iter().any(|p| ["a-record", "a-symlink", "a-fifo"]
            .iter()
            .any(|n| p.ends_with(n))),
        "{left:?}"
    );
    assert_ok(&run(setup.jail().args(["audit", "verify"])));
}
