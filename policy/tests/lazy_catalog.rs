//! The secret catalog compiles a rule only when a text may hold its match.
//! Compiling all of it took over a second on this project's VM, and the
//! first request through the proxy waited for that (long enough, under
//! load, for a client's timeout). One test in this binary, so no other
//! test compiles rules beside it.

#[test]
fn a_scan_compiles_only_the_rules_its_text_may_match() {
    assert_eq!(policy::secrets::rules_compiled(), 0);
    let head = "GET http://localhost:8080/data HTTP/1.1\nHost: localhost:8080\nUser-Agent: Python-urllib/3.11\nConnection: close\n";
    assert!(policy::secrets::scan_payload(head).is_empty());
    let after_head = policy::secrets::rules_compiled();
    assert!(
        after_head < 20,
        "{after_head} rules compiled for a plain request head"
    );
    // A GitHub token brings its own rule in, and is found.
    let token = format!(
        "Authorization: token ghp_{}\n",
        "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    );
    assert!(!policy::secrets::scan_payload(&token).is_empty());
    assert!(policy::secrets::rules_compiled() > after_head);
}
