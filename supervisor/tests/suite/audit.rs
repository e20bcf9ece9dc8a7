//! Someone who can write the state dir (but is not the supervisor) tries
//! to answer their own approval, forge a review verdict, and rewrite the
//! audit log. Each attack is made on the real files, and checked through
//! the real binary: `jail audit verify` fails and `jail exec` refuses.

use std::collections::HashMap;

use super::common::*;

/// `jail audit verify` fails naming `what`, and `jail exec -- true` refuses
/// to run (exit 125) with the same words and the operator's next step.
#[track_caller]
fn refused(setup: &Setup, what: &str) {
    let verify = run(setup.jail().args(["audit", "verify"]));
    assert_eq!(
        verify.status.code(),
        Some(1),
        "verify passed: {}",
        stdout(&verify)
    );
    assert!(stderr(&verify).contains(what), "{}", stderr(&verify));
    // The work dir is bound read-write: a payload that ran leaves its mark.
    let marker = setup.work.path().join("ran");
    let work = setup.work.path().to_str().expect("utf-8 path");
    let out = run(setup
        .jail()
        .args(["exec", "--rw", work, "--", "touch", "ran"]));
    assert_eq!(out.status.code(), Some(125), "exec ran: {}", stderr(&out));
    assert!(!marker.exists(), "the command ran");
    let err = stderr(&out);
    eprintln!("{err}");
    assert!(err.contains(what), "{err}");
    assert!(
        err.contains("Nothing runs until an operator looks"),
        "{err}"
    );
}

/// `n` sessions of `jail exec -- true`, `pause` seconds apart.
fn sessions(setup: &Setup, n: usize, pause: f64) {
    for i in 0..n {
        if i > 0 {
            std::thread::sleep(std::time::Duration::from_secs_f64(pause));
        }
        assert_ok(&run(setup.jail().args(["exec", "--", "true"])));
    }
}

/// A run on a broken log runs nothing and writes nothing more (no line, no
/// session record). A run on the intact log first shows the mark would be
/// seen.
#[test]
fn a_run_on_a_broken_log_starts_no_payload_and_writes_nothing() {
    let setup = Setup::new("");
    let work = setup.work.path().to_str().expect("utf-8 path").to_string();
    let touch = |name: &str| {
        run(setup
            .jail()
            .args(["exec", "--rw", &work, "--", "touch", name]))
    };
    assert_ok(&touch("first"));
    assert!(
        setup.work.path().join("first").exists(),
        "no mark from a run"
    );
    let log = setup.state().join("audit.log");
    let text = std::fs::read_to_string(&log).expect("log");
    std::fs::write(&log, text.replacen("\"status\":0", "\"status\":1", 1)).expect("edit");
    let records = || {
        std::fs::read_dir(setup.state().join("sessions"))
            .expect("sessions")
            .count()
    };
    let (bytes, before) = (std::fs::read(&log).expect("log"), records());
    let out = touch("second");
    assert_eq!(out.status.code(), Some(125), "{}", stderr(&out));
    assert!(stderr(&out).contains("broken at line"), "{}", stderr(&out));
    assert!(
        !setup.work.path().join("second").exists(),
        "the payload ran"
    );
    assert_eq!(
        std::fs::read(&log).expect("log"),
        bytes,
        "the run wrote to the log"
    );
    assert_eq!(records(), before, "the run left a session record");
}

/// What a caller is told, in order: on a broken log, `--explain` still
/// shows the plan (it starts nothing), a run whose plan is refused names
/// the plan's fault (theirs to fix), and a run with a good plan names the
/// log. Any reordering of the two (docs/decisions/0017 §1 tried one) must
/// keep this.
#[test]
fn on_a_broken_log_the_plan_is_still_explained_and_its_errors_come_first() {
    let setup = Setup::new("");
    assert_ok(&run(setup.jail().args(["exec", "--", "true"])));
    let log = setup.state().join("audit.log");
    let text = std::fs::read_to_string(&log).expect("log");
    std::fs::write(&log, text.replacen("\"status\":0", "\"status\":1", 1)).expect("edit");

    let explained = run(setup.jail().args(["exec", "--explain", "--", "true"]));
    assert_ok(&explained);
    assert!(!stdout(&explained).is_empty(), "no plan shown");

    let secret = setup.work.path().join(".ssh");
    std::fs::create_dir(&secret).expect("mkdir");
    let secret = secret.to_str().expect("utf-8 path");
    let refused = run(setup.jail().args(["exec", "--ro", secret, "--", "true"]));
    assert_eq!(refused.status.code(), Some(125), "{}", stderr(&refused));
    assert!(stderr(&refused).contains(".ssh"), "{}", stderr(&refused));
    assert!(
        !stderr(&refused).contains("broken at line"),
        "{}",
        stderr(&refused)
    );

    let broken = run(setup.jail().args(["exec", "--", "true"]));
    assert_eq!(broken.status.code(), Some(125), "{}", stderr(&broken));
    assert!(
        stderr(&broken).contains("broken at line"),
        "{}",
        stderr(&broken)
    );
}

fn log_lines(setup: &Setup) -> Vec<String> {
    setup.audit().lines().map(str::to_string).collect()
}

fn hash(line: &str) -> String {
    blake3::hash(line.as_bytes()).to_hex().to_string()
}

/// What the supervisor writes to `audit.head`.
fn write_head(setup: &Setup, seq: usize, hash: &str) {
    let mut head = format!("{{\"seq\":{seq},\"hash\":\"{hash}\"}}").into_bytes();
    head.resize(256, b' ');
    std::fs::write(setup.state().join("audit.head"), head).expect("head");
}

fn session_ids(setup: &Setup) -> Vec<String> {
    // In the order they started: the log's order.
    let mut ids = Vec::new();
    for line in log_lines(setup) {
        let entry: serde_json::Value = serde_json::from_str(&line).expect("line");
        if entry["event"]["type"] == "session_created" {
            ids.push(entry["session"].as_str().expect("id").to_string());
        }
    }
    ids
}

#[test]
fn a_planted_answer_without_the_session_and_request_digest_approves_nothing() {
    let setup = Setup::new("");
    let (child, _master, id) = start_approval(&setup);
    let pending = setup.state().join("pending");
    let request = std::fs::read(pending.join(format!("{id}.json"))).expect("request");
    let session = serde_json::from_slice::<serde_json::Value>(&request).expect("json")["session"]
        .as_str()
        .expect("session")
        .to_string();
    let answer = pending.join(format!("{id}.answer"));
    let forged = [
        // Today's answer: just the word.
        "approve".to_string(),
        // The shape, but no session or digest.
        r#"{"decision":"approve"}"#.to_string(),
        // Another session.
        format!(
            r#"{{"session":"{}","request":"{}","decision":"approve"}}"#,
            "0".repeat(32),
            hash(std::str::from_utf8(&request).expect("utf8"))
        ),
        // The right session, a guessed request digest.
        format!(
            r#"{{"session":"{session}","request":"{}","decision":"approve"}}"#,
            "0".repeat(64)
        ),
    ];
    for (n, text) in forged.iter().enumerate() {
        std::fs::write(&answer, text).expect("plant");
        // The supervisor reads it, and logs it as forged.
        let logged = || setup.audit().matches("\"forged_answer\"").count() == n + 1;
        assert!(eventually(10, logged), "not taken for forged: {text}");
    }
    // The request still waits; the true `jail deny` still answers it.
    assert!(pending.join(format!("{id}.json")).exists());
    assert_ok(&run(setup.jail().args(["deny", &id])));
    let out = child.wait_with_output().expect("wait");
    assert_ne!(out.status.code(), Some(0), "approved by a planted answer");
    assert!(
        !stdout(&out).contains("\"file\""),
        "the tool ran: {}",
        stdout(&out)
    );
    let audit = setup.audit();
    assert_eq!(
        audit.matches("\"forged_answer\"").count(),
        forged.len(),
        "{audit}"
    );
    assert!(audit.contains("\"by\":\"jail deny\""), "{audit}");
    assert_ok(&run(setup.jail().args(["audit", "verify"])));
}

#[test]
fn a_planted_review_verdict_does_not_skip_review_or_run_the_code() {
    let setup = Setup::new("");
    let (file, marker) = setup.rejected_code();
    let review = |setup: &Setup| {
        let out = run(setup
            .jail()
            .args(["review", "--json", file.to_str().expect("path")]));
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("report");
        (out.status.code(), report)
    };
    let (code, report) = review(&setup);
    assert_ne!(code, Some(0));
    let digest = report["digest"].as_str().expect("digest").to_string();
    let planted = setup
        .state()
        .join("approvals")
        .join(format!("{digest}.json"));
    let forged = [
        String::new(),
        // What the cache used to store: no reviewed bytes, no profile.
        format!(r#"{{"digest":"{digest}","language":"python","verdict":"APPROVE","time":1}}"#),
        // The new shape, with guessed digests.
        format!(
            r#"{{"digest":"{digest}","source_digest":"{z}","language":"python","profile":"default","profile_digest":"{z}","verdict":"APPROVE","time":1}}"#,
            z = "0".repeat(64)
        ),
    ];
    for text in &forged {
        std::fs::write(&planted, text).expect("plant");
        let (code, report) = review(&setup);
        assert_eq!(report["cached"], false, "{text}: {report}");
        assert_ne!(code, Some(0), "{text}: {report}");
        let out = run(setup.jail().args(["run", file.to_str().expect("path")]));
        assert_eq!(out.status.code(), Some(122), "{text}: {}", stderr(&out));
        assert!(!marker.exists(), "{text}: the code ran");
    }
}

#[test]
fn a_forged_line_appended_with_the_right_prev_hash_is_caught() {
    let setup = Setup::new("");
    sessions(&setup, 1, 0.0);
    let lines = log_lines(&setup);
    let forged = format!(
        "{{\"seq\":{},\"time\":1,\"prev\":\"{}\",\"event\":{{\"type\":\"exit\",\"status\":0}}}}\n",
        lines.len() + 1,
        hash(lines.last().expect("a line"))
    );
    let log = setup.state().join("audit.log");
    let mut text = std::fs::read_to_string(&log).expect("log");
    text.push_str(&forged);
    std::fs::write(&log, text).expect("append");
    refused(&setup, "added by someone else");
}

/// `verify` fails; the attacker then makes the head's old fast-path stamp
/// match the edited file. Every start still checks it all.
#[test]
fn a_restamped_head_does_not_let_runs_past_a_broken_log() {
    use std::os::unix::fs::MetadataExt;
    let setup = Setup::new("");
    sessions(&setup, 2, 0.0);
    let log = setup.state().join("audit.log");
    let text = std::fs::read_to_string(&log).expect("log");
    std::fs::write(&log, text.replacen("\"status\":0", "\"status\":1", 1)).expect("edit");
    refused(&setup, "broken at line 3");
    let lines = log_lines(&setup);
    let meta = std::fs::metadata(&log).expect("stat");
    let mut head = format!(
        "{{\"seq\":{},\"hash\":\"{}\",\"stamp\":{{\"len\":{},\"ino\":{},\"ctime\":{},\"ctime_nsec\":{}}}}}",
        lines.len(),
        hash(lines.last().expect("line")),
        meta.len(),
        meta.ino(),
        meta.ctime(),
        meta.ctime_nsec()
    )
    .into_bytes();
    head.resize(256, b' ');
    std::fs::write(setup.state().join("audit.head"), head).expect("head");
    refused(&setup, "broken at line 3");
}

#[test]
fn truncating_the_log_to_zero_is_caught() {
    let setup = Setup::new("");
    sessions(&setup, 2, 0.0);
    std::fs::write(setup.state().join("audit.log"), "").expect("truncate");
    refused(&setup, "is empty or missing, but its head");
}

#[test]
fn deleting_the_log_is_caught_with_or_without_its_head() {
    for with_head in [false, true] {
        let setup = Setup::new("");
        sessions(&setup, 2, 0.0);
        std::fs::remove_file(setup.state().join("audit.log")).expect("rm log");
        let what = if with_head {
            std::fs::remove_file(setup.state().join("audit.head")).expect("rm head");
            // Only the sessions' records are left to tell.
            "is empty or missing, but session"
        } else {
            "is empty or missing, but its head"
        };
        refused(&setup, what);
    }
}

/// Sealing on, with 1-second epochs, and three sessions a little over an
/// epoch apart; the operator keeps the verification key.
fn sealed_three_sessions() -> (Setup, String) {
    let setup = Setup::new("");
    sessions(&setup, 1, 0.0);
    let keys = run(setup
        .jail()
        .args(["audit", "setup-keys", "--interval", "1"]));
    assert_ok(&keys);
    assert!(
        stderr(&keys).contains("Keep it away from this machine"),
        "{}",
        stderr(&keys)
    );
    let key = stdout(&keys).trim().to_string();
    assert_eq!(key.len(), 64, "{key}");
    std::thread::sleep(std::time::Duration::from_millis(1100));
    sessions(&setup, 3, 1.1);
    verified_with_key(&setup, &key);
    (setup, key)
}

/// The attacker's tool: drops the lines of `session`, renumbers and
/// relinks the rest, reseals the lines of the key's current epoch with the
/// key taken from the state dir (all the attacker can reseal), rewrites the
/// head, deletes the session's record, and (`records`) rewrites the other
/// sessions' records to point where their exit lines went.
fn remove_session(setup: &Setup, session: &str, records: bool) {
    let seal: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(setup.state().join("audit.seal")).expect("key"),
    )
    .expect("key json");
    let epoch = seal["epoch"].as_u64().expect("epoch");
    let stolen: [u8; 32] = *blake3::Hash::from_hex(seal["key"].as_str().expect("key"))
        .expect("hex")
        .as_bytes();
    // The same derivation jail uses (supervisor/src/audit/seal.rs).
    let mac = blake3::derive_key("jail 2026-11 audit seal: line MAC key", &stolen);
    let mut moved = HashMap::new();
    let mut out: Vec<String> = Vec::new();
    let mut prev = "0".repeat(64);
    for line in log_lines(setup) {
        if line.contains(&format!("\"session\":\"{session}\"")) {
            continue;
        }
        let seq = out.len() + 1;
        let from_time = line.find(",\"time\":").expect("time");
        let mut new = format!("{{\"seq\":{seq}{}", &line[from_time..]);
        let at = new.find("\"prev\":\"").expect("prev") + 8;
        new.replace_range(at..at + 64, &prev);
        if new.contains(&format!("\"epoch\":{epoch},\"seal\":\"")) {
            let body = format!("{}}}", &new[..new.len() - 75]);
            let seal = blake3::keyed_hash(&mac, body.as_bytes())
                .to_hex()
                .to_string();
            new = format!("{},\"seal\":\"{seal}\"}}", &new[..new.len() - 75]);
        }
        moved.insert(hash(&line), (seq, hash(&new)));
        prev = hash(&new);
        out.push(new);
    }
    let mut text = out.join("\n");
    text.push('\n');
    std::fs::write(setup.state().join("audit.log"), text).expect("log");
    write_head(setup, out.len(), &prev);
    let sessions = setup.state().join("sessions");
    std::fs::remove_file(sessions.join(format!("{session}.json"))).expect("rm record");
    if records {
        for entry in std::fs::read_dir(&sessions).expect("sessions").flatten() {
            let path = entry.path();
            let mut record: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("json");
            let old = record["log"]["hash"]
                .as_str()
                .expect("log point")
                .to_string();
            let (seq, hash) = moved[&old].clone();
            record["log"] = serde_json::json!({"seq": seq, "hash": hash});
            std::fs::write(&path, record.to_string()).expect("write");
        }
    }
}

#[test]
fn removing_a_sessions_lines_and_recomputing_the_chain_is_caught_with_sealing_on() {
    let (setup, _key) = sealed_three_sessions();
    let ids = session_ids(&setup);
    remove_session(&setup, &ids[2], false);
    // The last session's record still says where its exit line was.
    refused(&setup, &format!("session {}", ids[3]));
}

/// The same attack, done fully: the other sessions' records rewritten too.
/// Without the key nothing tells this log from a true one (the chain, the
/// head and every record agree); with the key, the lines sealed in epochs
/// before the stolen key's do not check.
#[test]
fn only_the_verification_key_catches_a_full_recomputation() {
    let (setup, key) = sealed_three_sessions();
    let ids = session_ids(&setup);
    remove_session(&setup, &ids[2], true);
    let plain = run(setup.jail().args(["audit", "verify"]));
    assert_eq!(plain.status.code(), Some(0), "{}", stderr(&plain));
    let keyed = run(setup.jail().args(["audit", "verify", "--key", &key]));
    assert_eq!(keyed.status.code(), Some(1), "{}", stdout(&keyed));
    // The first line after the removed ones that the attacker could not
    // reseal: the close of the removed session's epoch.
    assert!(
        stderr(&keyed).contains("its seal does not match epoch"),
        "{}",
        stderr(&keyed)
    );
    eprintln!("{}", stderr(&keyed));
}

#[test]
fn sealing_moves_the_key_on_and_erases_the_seed() {
    let (setup, key) = sealed_three_sessions();
    let held = std::fs::read_to_string(setup.state().join("audit.seal")).expect("key");
    assert!(!held.contains(&key), "the seed is still on disk");
    assert!(
        setup.audit().contains("\"epoch_closed\""),
        "{}",
        setup.audit()
    );
    // Any other key fails.
    let other = run(setup
        .jail()
        .args(["audit", "verify", "--key", &"1".repeat(64)]));
    assert_eq!(other.status.code(), Some(1));
    // The operator's key also catches a log that lost its sealed lines.
    let log = setup.state().join("audit.log");
    let first: String = log_lines(&setup)
        .into_iter()
        .take_while(|l| !l.contains("sealing_started"))
        .map(|l| l + "\n")
        .collect();
    std::fs::write(&log, &first).expect("truncate");
    let last = first.lines().last().expect("a line before sealing");
    write_head(&setup, first.lines().count(), &hash(last));
    std::fs::remove_dir_all(setup.state().join("sessions")).expect("rm sessions");
    std::fs::remove_file(setup.state().join("audit.seal")).expect("rm key");
    // Without the key, this is a log that was never sealed.
    assert_ok(&run(setup.jail().args(["audit", "verify"])));
    let keyed = run(setup.jail().args(["audit", "verify", "--key", &key]));
    assert_eq!(keyed.status.code(), Some(1), "{}", stdout(&keyed));
    assert!(
        stderr(&keyed).contains("sealed lines are gone"),
        "{}",
        stderr(&keyed)
    );
}

/// `jail audit verify --key KEY` passes, every seal checked; its output.
#[track_caller]
fn verified_with_key(setup: &Setup, key: &str) -> String {
    let ok = run(setup.jail().args(["audit", "verify", "--key", key]));
    assert_ok(&ok);
    let text = stdout(&ok);
    assert!(text.contains("every seal checked"), "{text}");
    text
}

/// The segments `audit.log.N` in `setup`'s state dir, by number.
fn segments(setup: &Setup) -> Vec<u64> {
    let mut found: Vec<u64> = std::fs::read_dir(setup.state())
        .expect("state")
        .flatten()
        .filter_map(|e| {
            e.file_name()
                .to_str()?
                .strip_prefix("audit.log.")?
                .parse()
                .ok()
        })
        .collect();
    found.sort_unstable();
    found
}

/// Without segment `n`, `jail audit verify` fails naming `what`; then
/// the segment is put back.
#[track_caller]
fn missed_without(setup: &Setup, n: u64, what: &str) {
    let path = setup.state().join(format!("audit.log.{n}"));
    let kept = std::fs::read(&path).expect("segment");
    std::fs::remove_file(&path).expect("rm");
    let verify = run(setup.jail().args(["audit", "verify"]));
    assert_eq!(verify.status.code(), Some(1), "{}", stdout(&verify));
    assert!(stderr(&verify).contains(what), "{}", stderr(&verify));
    std::fs::write(&path, kept).expect("restore");
}

#[test]
fn the_log_rotates_by_size_and_verify_walks_every_segment() {
    let setup = Setup::new("[state]\naudit_segment_size = 500\n");
    sessions(&setup, 6, 0.0);
    let found = segments(&setup);
    assert!(found.len() >= 3, "{found:?}");
    assert_eq!(found, (1..=found.len() as u64).collect::<Vec<_>>());
    let first = setup.audit().lines().next().unwrap_or_default().to_string();
    assert!(first.contains("\"type\":\"rotated\""), "{first}");
    let ok = run(setup.jail().args(["audit", "verify"]));
    assert_ok(&ok);
    // The lines of every segment count (3 a session and the links).
    let lines: usize = found
        .iter()
        .map(|n| {
            std::fs::read_to_string(setup.state().join(format!("audit.log.{n}")))
                .expect("segment")
                .lines()
                .count()
        })
        .sum::<usize>()
        + setup.audit().lines().count();
    assert!(
        stdout(&ok).contains(&format!(": {lines} lines, chain intact")),
        "{}",
        stdout(&ok)
    );

    // A changed line in an old segment: verify finds it; a run checks the
    // current segment and its link only, and goes on.
    let one = setup.state().join("audit.log.1");
    let text = std::fs::read_to_string(&one).expect("segment");
    std::fs::write(&one, text.replacen("\"status\":0", "\"status\":1", 1)).expect("write");
    let verify = run(setup.jail().args(["audit", "verify"]));
    assert_eq!(verify.status.code(), Some(1), "{}", stdout(&verify));
    assert!(
        stderr(&verify).contains("does not match"),
        "{}",
        stderr(&verify)
    );
    std::fs::write(&one, text).expect("restore");
    assert_ok(&run(setup.jail().args(["audit", "verify"])));

    // A middle segment deleted: verify names it.
    let last = *found.last().expect("segments");
    missed_without(&setup, 2, "audit.log.2");

    // The segment the log links to deleted: verify and every run refuse.
    let newest = setup.state().join(format!("audit.log.{last}"));
    std::fs::remove_file(&newest).expect("rm");
    refused(&setup, "a segment was removed");
}

#[test]
fn audit_rotate_keeps_the_chain_and_the_seals_across_segments() {
    let (setup, key) = sealed_three_sessions();
    let out = run(setup.jail().args(["audit", "rotate"]));
    assert_ok(&out);
    assert_eq!(segments(&setup), vec![1]);
    sessions(&setup, 1, 0.0);
    assert_ok(&run(setup.jail().args(["audit", "rotate"])));
    sessions(&setup, 1, 0.0);
    assert_eq!(segments(&setup), vec![1, 2]);
    verified_with_key(&setup, &key);
    // A wrong key fails across the segments too.
    let other = "0".repeat(64);
    let bad = run(setup.jail().args(["audit", "verify", "--key", &other]));
    assert_eq!(bad.status.code(), Some(1), "{}", stdout(&bad));
}

#[test]
fn old_segments_go_only_through_drop_segments_which_the_chain_records() {
    let (setup, key) = sealed_three_sessions();
    for _ in 0..3 {
        assert_ok(&run(setup.jail().args(["audit", "rotate"])));
        sessions(&setup, 1, 0.0);
    }
    assert_eq!(segments(&setup), vec![1, 2, 3]);

    // Deleted by hand, the oldest segment is missed.
    missed_without(&setup, 1, "missing its first segment");

    let out = run(setup.jail().args(["audit", "drop-segments", "--keep", "1"]));
    assert_ok(&out);
    assert_eq!(segments(&setup), vec![3]);
    assert!(setup.audit().contains("\"type\":\"segments_dropped\""));
    let text = verified_with_key(&setup, &key);
    assert!(
        text.contains("segments 1 to 2 were deleted on purpose"),
        "{text}"
    );
    sessions(&setup, 1, 0.0);
    // All of them, the one the log links to included.
    assert_ok(&run(setup.jail().args([
        "audit",
        "drop-segments",
        "--keep",
        "0",
    ])));
    assert!(segments(&setup).is_empty());
    verified_with_key(&setup, &key);
    sessions(&setup, 1, 0.0);
}
