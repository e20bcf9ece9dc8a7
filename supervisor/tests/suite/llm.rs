//! The LLM gateway (`llm.providers`, docs/network.md) with the official
//! `openai` and `anthropic` Python SDKs (from PyPI: `.ci/run` installs
//! them in /opt/jail-ci/pysdk, bound read-only into the jail) against a
//! fake provider on the host's loopback that speaks each API's shape over
//! TLS (testkit::llm). What the provider received, what the SDKs printed
//! and the audit log are checked from outside the jail.

use std::path::{Path, PathBuf};

use super::common::*;
use testkit::llm::{Provider, Script};

const OPENAI_KEY: &str = "sk-proj-RealOpenAiKeyNeverInTheJail0123456789abcd";
const ANTHROPIC_KEY: &str = "sk-ant-api03-RealAnthropicKeyNeverInTheJail0123456789-abcdAA";

/// Where the SDKs are, or None (with the skip said) when not installed.
fn sdk_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(
        std::env::var("JAIL_PYSDK").unwrap_or_else(|_| "/opt/jail-ci/pysdk".to_string()),
    );
    if dir.join("openai").is_dir() && dir.join("anthropic").is_dir() && have("python3") {
        Some(dir)
    } else {
        skip(
            &format!(
                "the openai and anthropic SDKs are not in {} (.ci/run installs them)",
                dir.display()
            ),
            false,
        );
        None
    }
}

/// The policy: both providers on their fake servers, whose CA the
/// supervisor trusts; `extra` goes into the openai provider's table.
fn setup_for(openai: &Provider, anthropic: &Provider, extra: &str) -> Setup {
    let setup = Setup::new("");
    let dir = setup.dir.path();
    let file = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).expect("write");
        path.display().to_string()
    };
    let openai_key = file("openai-key", OPENAI_KEY);
    let anthropic_key = file("anthropic-key", ANTHROPIC_KEY);
    let ca = file(
        "providers-ca.pem",
        &format!("{}{}", openai.ca_pem, anthropic.ca_pem),
    );
    // The anthropic SDK has a package named `credentials`
    // (anthropic/lib/credentials), which the default blocked patterns mask
    // in any bound tree: this profile drops that one pattern.
    let blocked: Vec<String> = policy::model::Profile::default()
        .blocked_patterns
        .into_iter()
        .filter(|p| p != "credentials")
        .collect();
    let policy = format!(
        "[profile.default]\n\
         blocked_patterns = {blocked:?}\n\
         [profile.default.credentials]\n\
         OPENAI = {{ file = {openai_key:?} }}\n\
         ANTHROPIC = {{ file = {anthropic_key:?} }}\n\
         [profile.default.egress]\n\
         allow = [\"localhost\"]\n\
         allow_addresses = [\"127.0.0.1\"]\n\
         ca_file = {ca:?}\n\
         [profile.default.llm.providers.openai]\n\
         api = \"openai\"\n\
         base_url = \"https://localhost:{}/v1\"\n\
         credential = \"OPENAI\"\n\
         {extra}\
         [profile.default.llm.providers.claude]\n\
         api = \"anthropic\"\n\
         base_url = \"https://localhost:{}\"\n\
         credential = \"ANTHROPIC\"\n",
        openai.server.port, anthropic.server.port
    );
    std::fs::write(dir.join("policy.toml"), policy).expect("policy");
    setup.file("llm_call.py", include_str!("../sdk/llm_call.py"));
    setup
}

/// `sh -c SCRIPT` in a jail with the SDKs and `marks` (writable).
fn run_sdk(setup: &Setup, sdk: &Path, marks: &Path, script: &str) -> std::process::Output {
    run_sdk_in(setup, None, sdk, marks, script)
}

/// [`run_sdk`], continuing the named `session` if given.
fn run_sdk_in(
    setup: &Setup,
    session: Option<&str>,
    sdk: &Path,
    marks: &Path,
    script: &str,
) -> std::process::Output {
    let mut command = setup.jail();
    command.arg("exec");
    if let Some(id) = session {
        command.args(["--session", id]);
    }
    run(command.args([
        "--ro",
        &sdk.display().to_string(),
        "--rw",
        &marks.display().to_string(),
        "--env",
        &format!("PYTHONPATH={}", sdk.display()),
        "--",
        "sh",
        "-c",
        script,
    ]))
}

/// The audit log's `llm` lines.
fn llm_lines(setup: &Setup) -> Vec<serde_json::Value> {
    setup
        .audit()
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|l| l["event"]["type"] == "llm")
        .map(|l| l["event"].clone())
        .collect()
}

fn json_lines(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// Both calls of one SDK (whole, then streamed), and what they prove.
fn sdk_round_trip(api: &str) {
    let Some(sdk) = sdk_dir() else {
        return;
    };
    let marks = workdir();
    let marker = marks.path().join("first-piece");
    let held = Script {
        hold_until: Some(marker.clone()),
        headers: vec![
            ("x-request-id".into(), "req_gateway_1".into()),
            ("request-id".into(), "req_gateway_1".into()),
        ],
        ..Script::default()
    };
    let openai = Provider::start(held.clone());
    let anthropic = Provider::start(held);
    let setup = setup_for(&openai, &anthropic, "");
    let out = run_sdk(
        &setup,
        &sdk,
        marks.path(),
        &format!(
            "env; python3 llm_call.py {api} && python3 llm_call.py {api} --stream --marker {}",
            marker.display()
        ),
    );
    assert_ok(&out);
    let text = stdout(&out);
    let (provider, other, real) = match api {
        "openai" => (&openai, &anthropic, OPENAI_KEY),
        _ => (&anthropic, &openai, ANTHROPIC_KEY),
    };
    // The jail was given the run's key, never a real one.
    assert!(
        !text.contains(OPENAI_KEY) && !text.contains(ANTHROPIC_KEY),
        "{text}"
    );
    assert!(text.contains("OPENAI_API_KEY=jail-gw-"), "{text}");
    assert!(text.contains("ANTHROPIC_API_KEY=jail-gw-"), "{text}");
    let results = json_lines(&text);
    assert_eq!(results.len(), 2, "{text}\n{}", stderr(&out));
    for result in &results {
        assert_eq!(result["text"], "Hello from the provider", "{result}");
        assert_eq!(
            (
                result["input_tokens"].as_u64(),
                result["output_tokens"].as_u64()
            ),
            (Some(12), Some(5)),
            "{result}"
        );
    }
    // Response headers came through as the provider sent them.
    assert_eq!(results[0]["request_id"], "req_gateway_1", "{}", results[0]);
    // The stream was not held back: the client had the first piece while
    // the provider still waited for it to say so.
    assert!(
        provider.released_by_file(),
        "the first event did not reach the SDK before the rest was sent"
    );
    let seen = provider.server.seen();
    assert_eq!(seen.len(), 2);
    for request in &seen {
        match api {
            "openai" => {
                assert_eq!(request.target, "/v1/chat/completions");
                assert_eq!(
                    request.headers.get("authorization").map(String::as_str),
                    Some(format!("Bearer {real}").as_str())
                );
                assert!(!request.headers.contains_key("x-api-key"));
            }
            _ => {
                assert_eq!(request.target, "/v1/messages");
                assert_eq!(
                    request.headers.get("x-api-key").map(String::as_str),
                    Some(real)
                );
                assert!(!request.headers.contains_key("authorization"));
                // The SDK's own headers pass.
                assert!(
                    request.headers.contains_key("anthropic-version"),
                    "{:?}",
                    request.headers
                );
            }
        }
        // The body as the SDK wrote it.
        assert!(request.text().contains("Say hello"));
        assert!(!request.text().contains("jail-gw-"));
    }
    assert!(other.server.seen().is_empty());
    let lines = llm_lines(&setup);
    assert_eq!(lines.len(), 2, "{lines:?}");
    for line in &lines {
        assert_eq!(line["decision"], "allowed", "{line}");
        assert_eq!(line["status"], 200);
        assert_eq!(
            (
                line["input_tokens"].as_u64(),
                line["output_tokens"].as_u64()
            ),
            (Some(12), Some(5)),
            "{line}"
        );
        assert_eq!(line["request_blake3"].as_str().map(str::len), Some(64));
        assert_eq!(line["response_blake3"].as_str().map(str::len), Some(64));
        assert!(
            !line.to_string().contains("Say hello"),
            "the prompt is in the audit log"
        );
    }
    assert!(!setup.audit().contains(real));
}

#[test]
fn the_openai_sdk_calls_through_the_gateway_whole_and_streamed_with_the_real_key_added() {
    sdk_round_trip("openai");
}

#[test]
fn the_anthropic_sdk_calls_through_the_gateway_whole_and_streamed_with_the_real_key_added() {
    sdk_round_trip("anthropic");
}

#[test]
fn the_budget_refuses_a_call_past_it_with_an_error_the_sdk_shows() {
    let Some(sdk) = sdk_dir() else {
        return;
    };
    let openai = Provider::start(Script::default());
    let anthropic = Provider::start(Script::default());
    // One call spends 12 + 5 tokens: the second finds the budget spent.
    let setup = setup_for(&openai, &anthropic, "token_budget = 10\n");
    let marks = workdir();
    let out = run_sdk(
        &setup,
        &sdk,
        marks.path(),
        "python3 llm_call.py openai; python3 llm_call.py openai; echo \"status=$?\"",
    );
    let text = stdout(&out);
    let results = json_lines(&text);
    assert_eq!(results.len(), 2, "{text}\n{}", stderr(&out));
    assert_eq!(results[0]["text"], "Hello from the provider");
    assert_eq!(results[1]["error_type"], "RateLimitError", "{}", results[1]);
    assert_eq!(results[1]["status"], 429);
    let message = results[1]["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("token budget") && message.contains("llm.providers.openai.token_budget"),
        "{message}"
    );
    assert!(text.contains("status=3"), "{text}");
    assert_eq!(
        openai.server.seen().len(),
        1,
        "the refused call reached the provider"
    );
    let lines = llm_lines(&setup);
    assert!(
        lines[1]["decision"]
            .as_str()
            .unwrap_or_default()
            .starts_with("refused (429)"),
        "{lines:?}"
    );
}

#[test]
fn a_named_sessions_budget_lasts_across_its_runs() {
    let Some(sdk) = sdk_dir() else {
        return;
    };
    let openai = Provider::start(Script::default());
    let anthropic = Provider::start(Script::default());
    let setup = setup_for(&openai, &anthropic, "token_budget = 10\n");
    let out = run(setup.jail().args(["session", "new"]));
    assert_ok(&out);
    let id = stdout(&out).trim().to_string();
    let marks = workdir();
    let first = run_sdk_in(
        &setup,
        Some(&id),
        &sdk,
        marks.path(),
        "python3 llm_call.py openai",
    );
    assert_ok(&first);
    // A new run, a new key: the count is the session's, not the run's.
    let second = run_sdk_in(
        &setup,
        Some(&id),
        &sdk,
        marks.path(),
        "python3 llm_call.py openai",
    );
    let result = json_lines(&stdout(&second));
    assert_eq!(result.len(), 1, "{}\n{}", stdout(&second), stderr(&second));
    assert_eq!(result[0]["status"], 429, "{}", result[0]);
    assert_eq!(openai.server.seen().len(), 1);
    // A fresh session starts from nothing.
    let fresh = run_sdk(&setup, &sdk, marks.path(), "python3 llm_call.py openai");
    assert_ok(&fresh);
    assert_eq!(openai.server.seen().len(), 2);
}

#[test]
fn the_providers_errors_reach_the_sdk_unmodified() {
    let Some(sdk) = sdk_dir() else {
        return;
    };
    let failing = Script {
        status: 429,
        error_message: "Rate limit reached for gpt-4o-mini in organization org-test".into(),
        headers: vec![
            ("retry-after".into(), "7".into()),
            ("x-request-id".into(), "req_limited".into()),
            ("x-ratelimit-remaining-requests".into(), "0".into()),
        ],
        ..Script::default()
    };
    let openai = Provider::start(failing.clone());
    let anthropic = Provider::start(failing);
    let setup = setup_for(&openai, &anthropic, "");
    let marks = workdir();
    let out = run_sdk(
        &setup,
        &sdk,
        marks.path(),
        "python3 llm_call.py openai; python3 llm_call.py anthropic",
    );
    let results = json_lines(&stdout(&out));
    assert_eq!(results.len(), 2, "{}\n{}", stdout(&out), stderr(&out));
    for result in &results {
        assert_eq!(result["error_type"], "RateLimitError", "{result}");
        assert_eq!(result["status"], 429);
        assert_eq!(result["retry_after"], "7");
        assert_eq!(result["request_id"], "req_limited");
        assert!(result["message"]
            .as_str()
            .unwrap_or_default()
            .contains("Rate limit reached for gpt-4o-mini in organization org-test"));
    }
}

#[test]
fn a_wrong_key_an_unlisted_model_and_the_key_sent_elsewhere_are_refused() {
    if !need(&["curl"]) {
        return;
    }
    let openai = Provider::start(Script::default());
    let anthropic = Provider::start(Script::default());
    let setup = setup_for(&openai, &anthropic, "models = [\"gpt-4o-mini\"]\n");
    let other = testkit::http::Server::start(|_| testkit::http::reply(200, &[], b"ok"));
    let url = "$OPENAI_BASE_URL/chat/completions";
    let body = |model: &str| format!("{{\\\"model\\\": \\\"{model}\\\", \\\"messages\\\": []}}");
    let out = setup.sh(&format!(
        "curl -s -o /dev/null -w '%{{http_code}}\\n' -H 'Authorization: Bearer sk-guess' -d \"{}\" {url}; \
         curl -s -w '\\n%{{http_code}}\\n' -H \"Authorization: Bearer $OPENAI_API_KEY\" -d \"{}\" {url}; \
         curl -s -o /dev/null -w '%{{http_code}}\\n' -H \"X-Key: $OPENAI_API_KEY\" http://127.0.0.1:{}/steal",
        body("gpt-4o-mini"),
        body("gpt-5-pro"),
        other.port
    ));
    assert_ok(&out);
    let text = stdout(&out);
    let codes: Vec<&str> = text.lines().filter(|l| l.len() == 3).collect();
    assert_eq!(codes, ["401", "403", "403"], "{text}");
    assert!(text.contains("llm.providers.openai.models"), "{text}");
    assert!(
        openai.server.seen().is_empty(),
        "a refused call reached the provider"
    );
    assert!(
        other.stop().1.is_empty(),
        "the gateway key reached another host"
    );
    assert!(setup
        .audit()
        .contains("gateway key, which goes only to the gateway"));
}

#[test]
fn a_pinned_provider_is_reached_only_with_its_key() {
    let Some(sdk) = sdk_dir() else {
        return;
    };
    let openai = Provider::start(Script::default());
    let anthropic = Provider::start(Script::default());
    let hash = |der: &[u8]| {
        policy::decode::base64_encode_padded(
            ring::digest::digest(&ring::digest::SHA256, der).as_ref(),
        )
    };
    let marks = workdir();
    // Pinned to the provider's own key: the call goes.
    let right = setup_for(
        &openai,
        &anthropic,
        &format!("spki_sha256 = [{:?}]\n", hash(&openai.server.spki)),
    );
    let out = run_sdk(&right, &sdk, marks.path(), "python3 llm_call.py openai");
    assert_ok(&out);
    assert_eq!(openai.server.seen().len(), 1);
    // Pinned to another key (the other provider's, under the same trusted
    // CA file): refused before any request is sent.
    let wrong = setup_for(
        &openai,
        &anthropic,
        &format!("spki_sha256 = [{:?}]\n", hash(&anthropic.server.spki)),
    );
    let out = run_sdk(&wrong, &sdk, marks.path(), "python3 llm_call.py openai");
    assert!(!out.status.success());
    assert_eq!(
        openai.server.seen().len(),
        1,
        "the key went to an unpinned certificate"
    );
    let lines = llm_lines(&wrong);
    assert!(
        lines.iter().any(|l| l["decision"]
            .as_str()
            .unwrap_or_default()
            .contains("spki_sha256")),
        "{lines:?}"
    );
}
