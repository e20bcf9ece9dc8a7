use super::*;

fn log() -> (tempfile::TempDir, AuditLog) {
    let dir = tempfile::tempdir().unwrap();
    let state = StateDir::resolve(Some(dir.path())).unwrap();
    (dir, AuditLog::new(&state))
}

fn call(n: u64) -> Event {
    Event::Call {
        tool: "echo".into(),
        args_digest: digest(&n.to_le_bytes()),
        gate: "allowed".into(),
        outcome: "ok".into(),
    }
}

#[test]
fn a_chain_verifies_and_any_changed_byte_breaks_it() {
    let (_dir, log) = log();
    for n in 0..5 {
        log.append(Some("s1"), &call(n)).unwrap();
    }
    assert_eq!(log.verify(None).unwrap().lines, 5);
    let original = std::fs::read(log.path()).unwrap();
    // Every single-byte change is caught, wherever it is.
    for at in (0..original.len()).step_by(7) {
        let mut bytes = original.clone();
        bytes[at] = if bytes[at] == b'x' { b'y' } else { b'x' };
        std::fs::write(log.path(), &bytes).unwrap();
        assert!(log.verify(None).is_err(), "change at byte {at} not caught");
    }
}

#[test]
fn removing_a_line_is_caught_at_the_next_one() {
    let (_dir, log) = log();
    for n in 0..3 {
        log.append(None, &call(n)).unwrap();
    }
    let text = std::fs::read_to_string(log.path()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    std::fs::write(log.path(), format!("{}\n{}\n", lines[0], lines[2])).unwrap();
    match log.verify(None) {
        Err(AuditError::Broken { line, .. }) => assert_eq!(line, 2),
        other => panic!("not caught: {other:?}"),
    }
}

#[test]
fn a_line_the_head_does_not_know_is_not_taken_for_an_interrupted_append() {
    let (dir, log) = log();
    log.append(None, &call(1)).unwrap();
    let head = std::fs::read(dir.path().join("audit.head")).unwrap();
    log.append(None, &call(2)).unwrap();
    // A line the head never announced is not an interrupted append.
    std::fs::write(dir.path().join("audit.head"), &head).unwrap();
    assert!(matches!(
        log.verify(None),
        Err(AuditError::Broken { line: 2, .. })
    ));
}

/// A supervisor SIGKILLed between its line and the head's update (seen
/// under load in the SIGKILL test) leaves the line announced: the log
/// still verifies, and the next append goes on from it.
#[test]
fn an_append_cut_between_its_line_and_the_head_still_verifies() {
    let (dir, log) = log();
    log.append(None, &call(1)).unwrap();
    log.append(None, &call(2)).unwrap();
    let text = std::fs::read_to_string(log.path()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let record = |at: LogPoint, next: Option<LogPoint>| {
        let mut bytes = serde_json::to_vec(&HeadRecord { at, next }).unwrap();
        bytes.resize(HEAD_SIZE, b' ');
        bytes
    };
    let point = |seq: usize| LogPoint {
        seq: seq as u64,
        hash: digest(lines[seq - 1].as_bytes()),
    };
    // The head as it was between the two writes of the second append.
    std::fs::write(
        dir.path().join("audit.head"),
        record(point(1), Some(point(2))),
    )
    .unwrap();
    log.verify(None).unwrap();
    // Announced but never written: the log ends where the head does.
    std::fs::write(log.path(), format!("{}\n", lines[0])).unwrap();
    log.verify(None).unwrap();
    // An announcement that is not the line there is no excuse.
    std::fs::write(log.path(), &text).unwrap();
    let wrong = LogPoint {
        seq: 2,
        hash: digest(b"something else"),
    };
    std::fs::write(dir.path().join("audit.head"), record(point(1), Some(wrong))).unwrap();
    assert!(matches!(
        log.verify(None),
        Err(AuditError::Broken { line: 2, .. })
    ));
}

#[test]
fn an_empty_or_missing_log_with_a_head_or_finished_sessions_is_missing() {
    let (dir, log) = log();
    log.append(None, &call(1)).unwrap();
    std::fs::write(log.path(), b"").unwrap();
    assert!(matches!(log.verify(None), Err(AuditError::Missing { .. })));
    std::fs::remove_file(dir.path().join("audit.head")).unwrap();
    assert_eq!(log.verify(None).unwrap().lines, 0, "nothing vouches for it");
    // A new supervisor (this one still holds the deleted head open).
    let log = AuditLog::new(&StateDir::resolve(Some(dir.path())).unwrap());
    let end = log.append(Some("s1"), &Event::Exit { status: 0 }).unwrap();
    let record = serde_json::json!({"id": "s1", "log": end});
    std::fs::write(dir.path().join("sessions/s1.json"), record.to_string()).unwrap();
    assert_eq!(log.verify(None).unwrap().sessions, 1);
    std::fs::remove_file(log.path()).unwrap();
    std::fs::remove_file(dir.path().join("audit.head")).unwrap();
    let err = log.verify(None).unwrap_err();
    assert!(
        err.to_string().contains("session s1 ended at line 1"),
        "{err}"
    );
}

#[test]
fn sealed_lines_verify_with_the_key_and_a_resealed_rewrite_does_not() {
    let (dir, log) = log();
    log.append(None, &call(0)).unwrap();
    let key = log.setup_keys(60).unwrap();
    for n in 1..4 {
        log.append(Some("s1"), &call(n)).unwrap();
    }
    assert_eq!(log.verify(Some(&key)).unwrap().sealed_from, Some(2));
    let other = Key::from_hex(&"11".repeat(32)).unwrap();
    assert!(log.verify(Some(&other)).is_err(), "another key");
    // Still epoch 0: the key in the state dir is the seed.
    let held = Sealer::load(&dir.path().join("audit.seal"))
        .unwrap()
        .unwrap();
    assert_eq!(held.key, key);
    // A seal stripped from a sealed line is caught without the key.
    let text = std::fs::read_to_string(log.path()).unwrap();
    let last = text.lines().last().unwrap();
    let (body, _) = seal::split_seal(last.as_bytes()).unwrap();
    let stripped = text.replace(last, std::str::from_utf8(&body).unwrap());
    std::fs::write(log.path(), stripped).unwrap();
    assert!(log.verify(None).is_err());
}

/// `setup-keys` reads the clock, then appends its first line: a clock
/// that passes into epoch 1 in between once closed epoch 0 before it
/// was opened, and every later run refused the log.
#[test]
fn the_first_sealed_line_is_of_epoch_zero_whatever_the_clock_says() {
    let (dir, log) = log();
    let seed = Key::from_hex(&"22".repeat(32)).unwrap();
    // As if the clock had moved three intervals since setup read it.
    let start = crate::state::now() - 3;
    Sealer::setup(&dir.path().join("audit.seal"), seed.clone(), start, 1).unwrap();
    log.append(None, &Event::SealingStarted { start, interval: 1 })
        .unwrap();
    log.append(None, &call(1)).unwrap();
    let text = std::fs::read_to_string(log.path()).unwrap();
    assert!(
        text.lines().next().unwrap().contains("sealing_started"),
        "{text}"
    );
    log.verify(None).unwrap();
    log.verify(Some(&seed)).unwrap();
}

/// What every start pays: `cargo test -p supervisor --bin jail
/// verify_speed -- --ignored --nocapture` (JAIL_AUDIT_BENCH_KEEP=DIR
/// leaves the state dir there, to time `jail audit verify` on it).
#[test]
#[ignore = "a measurement, not a check"]
fn verify_speed_on_ten_thousand_lines() {
    let (dir, log) = log();
    for n in 0..5_000u64 {
        let id = format!("{n:032x}");
        log.append(Some(&id), &call(n)).unwrap();
        let end = log.append(Some(&id), &Event::Exit { status: 0 }).unwrap();
        let record = serde_json::json!({"id": id, "log": end});
        let path = dir.path().join(format!("sessions/{id}.json"));
        std::fs::write(path, record.to_string()).unwrap();
    }
    let runs = 5;
    let start = std::time::Instant::now();
    for _ in 0..runs {
        let found = log.verify(None).unwrap();
        assert_eq!((found.lines, found.sessions), (10_000, 5_000));
    }
    eprintln!(
        "verify: 10,000 lines, 5,000 session records: {:?} per run",
        start.elapsed() / runs
    );
    if let Some(keep) = std::env::var_os("JAIL_AUDIT_BENCH_KEEP") {
        let _ = std::fs::rename(dir.keep(), keep);
    }
}

#[test]
fn appends_continue_the_chain_across_opens() {
    let (dir, log) = log();
    log.append(None, &call(1)).unwrap();
    let again = AuditLog::new(&StateDir::resolve(Some(dir.path())).unwrap());
    again.append(None, &Event::Exit { status: 0 }).unwrap();
    assert_eq!(again.verify(None).unwrap().lines, 2);
    assert_eq!(again.entries().unwrap()[1].seq, 2);
}

/// A log a run's check has walked far enough to leave a checkpoint:
/// `lines` lines, past `CHECKPOINT_EVERY` bytes.
fn checkpointed() -> (tempfile::TempDir, AuditLog, u64) {
    let (dir, log) = log();
    let mut lines = 0;
    while std::fs::metadata(log.path()).map_or(0, |m| m.len()) < 70 << 10 {
        log.append(Some("s1"), &call(lines)).unwrap();
        lines += 1;
    }
    assert_eq!(log.verify_current().unwrap().lines, lines);
    assert!(
        dir.path().join("audit.verified").exists(),
        "no checkpoint written"
    );
    (dir, log, lines)
}

/// Flips one byte of the log at `at`.
fn flip(log: &AuditLog, at: usize) {
    let mut bytes = std::fs::read(log.path()).unwrap();
    bytes[at] = if bytes[at] == b'x' { b'y' } else { b'x' };
    std::fs::write(log.path(), &bytes).unwrap();
}

#[test]
fn a_runs_check_after_a_checkpoint_catches_any_change_after_it() {
    let (_dir, log, lines) = checkpointed();
    let checkpointed_len = usize::try_from(std::fs::metadata(log.path()).unwrap().len()).unwrap();
    for n in 0..4 {
        log.append(Some("s1"), &call(lines + n)).unwrap();
    }
    assert_eq!(log.verify_current().unwrap().lines, lines + 4);
    let original = std::fs::read(log.path()).unwrap();
    for at in (checkpointed_len..original.len()).step_by(5) {
        flip(&log, at);
        assert!(
            log.verify_current().is_err(),
            "change at byte {at} not caught"
        );
        std::fs::write(log.path(), &original).unwrap();
    }
}

#[test]
fn a_change_to_the_checkpoints_line_or_the_first_makes_the_check_walk_it_all() {
    let (_dir, log, lines) = checkpointed();
    let original = std::fs::read(log.path()).unwrap();
    // The last byte before the final newline: the checkpoint's own line.
    flip(&log, original.len() - 3);
    assert!(
        log.verify_current().is_err(),
        "a changed checkpoint line passed"
    );
    std::fs::write(log.path(), &original).unwrap();
    flip(&log, 20);
    assert!(log.verify_current().is_err(), "a changed first line passed");
    std::fs::write(log.path(), &original).unwrap();
    assert_eq!(log.verify_current().unwrap().lines, lines);
}

/// The price of a short walk: a line changed between the first and the
/// checkpoint's is found by `jail audit verify`, not by a run's check
/// (docs/decisions/0014).
#[test]
fn a_change_inside_the_checkpointed_lines_is_left_to_audit_verify() {
    let (_dir, log, _) = checkpointed();
    let text = std::fs::read_to_string(log.path()).unwrap();
    let tenth = text.match_indices('\n').nth(9).unwrap().0 + 20;
    flip(&log, tenth);
    assert!(log.verify_current().is_ok());
    assert!(matches!(log.verify(None), Err(AuditError::Broken { .. })));
}

#[test]
fn a_forged_checkpoint_does_not_skip_lines() {
    let (dir, log, lines) = checkpointed();
    log.append(Some("s1"), &call(lines)).unwrap();
    let path = dir.path().join("audit.verified");
    let mut checkpoint: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    checkpoint["seq"] = serde_json::json!(lines - 3);
    std::fs::write(&path, serde_json::to_vec(&checkpoint).unwrap()).unwrap();
    assert!(
        log.verify_current().is_err(),
        "a checkpoint claiming fewer lines passed"
    );
    checkpoint["seq"] = serde_json::json!(lines);
    checkpoint["offset"] = serde_json::json!(1);
    std::fs::write(&path, serde_json::to_vec(&checkpoint).unwrap()).unwrap();
    // Not a line's end: the whole segment is walked, and holds.
    assert_eq!(log.verify_current().unwrap().lines, lines + 1);
}

#[test]
fn a_rotated_log_is_walked_from_its_new_first_line() {
    let (_dir, log, lines) = checkpointed();
    let point = log.rotate().unwrap();
    assert_eq!(point.seq, lines + 1);
    log.append(Some("s1"), &call(lines)).unwrap();
    assert_eq!(log.verify_current().unwrap().lines, lines + 2);
}

#[test]
fn after_a_checkpoint_a_deleted_log_still_shows_through_an_old_session_record() {
    let (dir, _log, _) = {
        let (dir, log) = log();
        let end = log.append(Some("s1"), &Event::Exit { status: 0 }).unwrap();
        let record = serde_json::json!({"id": "s1", "log": end});
        std::fs::write(dir.path().join("sessions/s1.json"), record.to_string()).unwrap();
        let mut lines = 1;
        while std::fs::metadata(log.path()).map_or(0, |m| m.len()) < 70 << 10 {
            log.append(Some("s2"), &call(lines)).unwrap();
            lines += 1;
        }
        assert_eq!(log.verify_current().unwrap().lines, lines);
        assert!(dir.path().join("audit.verified").exists());
        (dir, log, lines)
    };
    // The record is older than the checkpoint; the log and its head go.
    std::fs::remove_file(dir.path().join("audit.log")).unwrap();
    std::fs::remove_file(dir.path().join("audit.head")).unwrap();
    let log = AuditLog::new(&StateDir::resolve(Some(dir.path())).unwrap());
    let err = log.verify_current().unwrap_err();
    assert!(
        err.to_string().contains("session s1 ended at line 1"),
        "{err}"
    );
}

#[test]
fn a_session_record_saved_after_the_checkpoint_is_checked() {
    let (dir, log, lines) = checkpointed();
    let end = log.append(Some("s3"), &Event::Exit { status: 0 }).unwrap();
    let mut record = serde_json::json!({"id": "s3", "log": end});
    std::fs::write(dir.path().join("sessions/s3.json"), record.to_string()).unwrap();
    assert_eq!(log.verify_current().unwrap().lines, lines + 1);
    // It now names a line the log does not hold as it says.
    record["log"]["hash"] = serde_json::json!(digest(b"another line"));
    std::fs::write(dir.path().join("sessions/s3.json"), record.to_string()).unwrap();
    let err = log.verify_current().unwrap_err();
    assert!(
        err.to_string().contains("session s3 ended at this line"),
        "{err}"
    );
}

/// A record saved as `Session::save` saves one: the file, then its id in
/// the records' index.
fn save_record(dir: &std::path::Path, id: &str, record: &serde_json::Value) {
    std::fs::write(dir.join(format!("sessions/{id}.json")), record.to_string()).unwrap();
    let state = StateDir::resolve(Some(dir)).unwrap();
    crate::record_index::append(&state, id).unwrap();
}

#[test]
fn with_the_records_index_a_record_saved_after_the_checkpoint_is_checked_and_no_other_is_read() {
    let (dir, log) = log();
    // Records from before the checkpoint: one of them no longer parses,
    // which only a check that reads it would notice.
    let end = log.append(Some("s1"), &Event::Exit { status: 0 }).unwrap();
    save_record(
        dir.path(),
        "s1",
        &serde_json::json!({"id": "s1", "log": end}),
    );
    let mut lines = 1;
    while std::fs::metadata(log.path()).map_or(0, |m| m.len()) < 70 << 10 {
        log.append(Some("s2"), &call(lines)).unwrap();
        lines += 1;
    }
    assert_eq!(log.verify_current().unwrap().lines, lines);
    let checkpoint: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("audit.verified")).unwrap()).unwrap();
    assert!(checkpoint["records"].is_object(), "{checkpoint}");
    // s1's record now names a line that is not there: a check that read
    // it would fail. After the checkpoint, only the index's new ids count.
    let bad = serde_json::json!({"id": "s1", "log": {"seq": 1, "hash": digest(b"x")}});
    std::fs::write(dir.path().join("sessions/s1.json"), bad.to_string()).unwrap();
    let end = log.append(Some("s3"), &Event::Exit { status: 0 }).unwrap();
    let mut record = serde_json::json!({"id": "s3", "log": end});
    save_record(dir.path(), "s3", &record);
    let verified = log.verify_current().unwrap();
    assert_eq!((verified.lines, verified.sessions), (lines + 1, 1));
    assert_eq!(verified.records, 2, "s1 and s3");
    record["log"]["hash"] = serde_json::json!(digest(b"another line"));
    save_record(dir.path(), "s3", &record);
    let err = log.verify_current().unwrap_err();
    assert!(
        err.to_string().contains("session s3 ended at this line"),
        "{err}"
    );
    // `jail audit verify` reads every record.
    std::fs::write(
        dir.path().join("sessions/s3.json"),
        serde_json::json!({"id": "s3", "log": end}).to_string(),
    )
    .unwrap();
    let err = log.verify(None).unwrap_err();
    assert!(err.to_string().contains("session s1"), "{err}");
}

#[test]
fn a_replaced_removed_or_shortened_records_index_sends_the_check_back_to_the_records_times() {
    for how in ["replaced", "removed", "cut short"] {
        let (dir, log, lines) = checkpointed();
        let state = StateDir::resolve(Some(dir.path())).unwrap();
        crate::record_index::append(&state, "s0").unwrap();
        assert_eq!(log.verify_current().unwrap().lines, lines);
        // Walk on to a checkpoint that holds the index's mark.
        let mut n = lines;
        while std::fs::metadata(log.path()).map_or(0, |m| m.len()) < 140 << 10 {
            log.append(Some("s2"), &call(n)).unwrap();
            n += 1;
        }
        assert_eq!(log.verify_current().unwrap().lines, n);
        let end = log.append(Some("s3"), &Event::Exit { status: 0 }).unwrap();
        let bad = serde_json::json!({"id": "s3", "log": {"seq": end.seq, "hash": digest(b"x")}});
        save_record(dir.path(), "s3", &bad);
        let index = state.sessions_index();
        match how {
            "replaced" => crate::record_index::replace(&state).unwrap(),
            "removed" => std::fs::remove_file(&index).unwrap(),
            _ => {
                // Shorter than the checkpoint's mark (past "s0").
                let bytes = std::fs::read(&index).unwrap();
                std::fs::write(&index, &bytes[..bytes.len() - 5]).unwrap();
            }
        }
        let err = log.verify_current().unwrap_err();
        assert!(
            err.to_string().contains("session s3 ended at this line"),
            "index {how}: {err}"
        );
    }
}
