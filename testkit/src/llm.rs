//! A fake LLM provider on the host's loopback, over TLS, speaking the
//! shapes the official SDKs read: OpenAI's chat completions
//! (`POST .../chat/completions`) and Anthropic's messages
//! (`POST .../v1/messages`), whole or streamed as server-sent events, with
//! usage fields, or an error in each API's shape.
//!
//! A streamed answer can wait after its first event until a file exists
//! ([`Script::hold_until`]): a client that writes that file once it has
//! the first event proves nothing between them held the stream back.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::http::{Request, Server};

/// What the provider answers.
#[derive(Debug, Clone)]
pub struct Script {
    /// The answer's text, sent in two pieces when streamed.
    pub text: String,
    pub input_tokens: u64,
    pub output_tokens: u64,
    /// Not 200: an error in the API's shape, with this message.
    pub status: u16,
    pub error_message: String,
    /// Headers added to every response (`request-id`, `retry-after`, ...).
    pub headers: Vec<(String, String)>,
    /// When streaming: after the first event, wait (at most 20 s) until
    /// this file exists.
    pub hold_until: Option<PathBuf>,
}

impl Default for Script {
    fn default() -> Self {
        Script {
            text: "Hello from the provider".into(),
            input_tokens: 12,
            output_tokens: 5,
            status: 200,
            error_message: String::new(),
            headers: Vec::new(),
            hold_until: None,
        }
    }
}

/// A running fake provider.
pub struct Provider {
    pub server: Server,
    /// The CA its certificate chains to, PEM.
    pub ca_pem: String,
    released: Arc<AtomicBool>,
}

impl Provider {
    pub fn start(script: Script) -> Provider {
        let released = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&released);
        let (server, ca_pem) =
            Server::start_tls_streaming(move |request, out| answer(&script, request, out, &flag));
        Provider {
            server,
            ca_pem,
            released,
        }
    }

    /// Whether a held stream went on because the file appeared (not
    /// because the wait ran out).
    pub fn released_by_file(&self) -> bool {
        self.released.load(Ordering::SeqCst)
    }
}

fn answer(script: &Script, request: &Request, out: &mut dyn Write, released: &AtomicBool) {
    let anthropic = request.target.ends_with("/v1/messages");
    let body: serde_json::Value = serde_json::from_slice(&request.body).unwrap_or(json!({}));
    let model = body["model"].as_str().unwrap_or("unknown").to_string();
    let stream = body["stream"].as_bool().unwrap_or(false);
    let mut head = String::new();
    for (name, value) in &script.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    if script.status != 200 {
        let error = if anthropic {
            json!({"type": "error", "error": {"type": "rate_limit_error", "message": script.error_message}})
        } else {
            json!({"error": {"message": script.error_message, "type": "rate_limit_exceeded", "param": null, "code": "rate_limit_exceeded"}})
        }
        .to_string();
        let _ = write!(
            out,
            "HTTP/1.1 {} Error\r\nContent-Type: application/json\r\n{head}Content-Length: {}\r\n\
             Connection: close\r\n\r\n{error}",
            script.status,
            error.len()
        );
        return;
    }
    if !stream {
        let reply = if anthropic {
            json!({
                "id": "msg_01", "type": "message", "role": "assistant", "model": model,
                "content": [{"type": "text", "text": script.text}],
                "stop_reason": "end_turn", "stop_sequence": null,
                "usage": {"input_tokens": script.input_tokens, "output_tokens": script.output_tokens},
            })
        } else {
            json!({
                "id": "chatcmpl-01", "object": "chat.completion", "created": 1_700_000_000, "model": model,
                "choices": [{"index": 0, "message": {"role": "assistant", "content": script.text}, "finish_reason": "stop", "logprobs": null}],
                "usage": {"prompt_tokens": script.input_tokens, "completion_tokens": script.output_tokens, "total_tokens": script.input_tokens + script.output_tokens},
            })
        }
        .to_string();
        let _ = write!(
            out,
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n{head}Content-Length: {}\r\n\
             Connection: close\r\n\r\n{reply}",
            reply.len()
        );
        return;
    }
    // Close-delimited, as servers stream events behind proxies.
    let _ = write!(
        out,
        "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-cache\r\n{head}\
         Connection: close\r\n\r\n"
    );
    let half = script.text.len() / 2;
    let (first, second) = script.text.split_at(half);
    let events = if anthropic {
        anthropic_events(script, &model, first, second)
    } else {
        openai_events(script, &model, first, second)
    };
    // The event with the first piece of text: the client has something
    // to show once it arrives.
    let first_text = if anthropic { 2 } else { 0 };
    for (index, event) in events.iter().enumerate() {
        let _ = out.write_all(event.as_bytes());
        let _ = out.flush();
        if index == first_text {
            hold(script, released);
        }
    }
}

/// Waits for the script's file, if it has one.
fn hold(script: &Script, released: &AtomicBool) {
    let Some(path) = &script.hold_until else {
        return;
    };
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        if path.exists() {
            released.store(true, Ordering::SeqCst);
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn openai_events(script: &Script, model: &str, first: &str, second: &str) -> Vec<String> {
    let chunk = |delta: serde_json::Value, finish: serde_json::Value| {
        json!({
            "id": "chatcmpl-01", "object": "chat.completion.chunk", "created": 1_700_000_000,
            "model": model, "choices": [{"index": 0, "delta": delta, "finish_reason": finish, "logprobs": null}],
        })
    };
    let usage = json!({
        "id": "chatcmpl-01", "object": "chat.completion.chunk", "created": 1_700_000_000,
        "model": model, "choices": [],
        "usage": {"prompt_tokens": script.input_tokens, "completion_tokens": script.output_tokens, "total_tokens": script.input_tokens + script.output_tokens},
    });
    [
        chunk(json!({"role": "assistant", "content": first}), json!(null)),
        chunk(json!({"content": second}), json!(null)),
        chunk(json!({}), json!("stop")),
        usage,
    ]
    .iter()
    .map(|value| format!("data: {value}\n\n"))
    .chain(std::iter::once("data: [DONE]\n\n".to_string()))
    .collect()
}

fn anthropic_events(script: &Script, model: &str, first: &str, second: &str) -> Vec<String> {
    let event = |name: &str, value: serde_json::Value| format!("event: {name}\ndata: {value}\n\n");
    vec![
        event(
            "message_start",
            json!({"type": "message_start", "message": {
            "id": "msg_01", "type": "message", "role": "assistant", "model": model, "content": [],
            "stop_reason": null, "stop_sequence": null,
            "usage": {"input_tokens": script.input_tokens, "output_tokens": 1}}}),
        ),
        event(
            "content_block_start",
            json!({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}),
        ),
        event(
            "content_block_delta",
            json!({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": first}}),
        ),
        event(
            "content_block_delta",
            json!({"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": second}}),
        ),
        event(
            "content_block_stop",
            json!({"type": "content_block_stop", "index": 0}),
        ),
        event(
            "message_delta",
            json!({"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": null}, "usage": {"output_tokens": script.output_tokens}}),
        ),
        event("message_stop", json!({"type": "message_stop"})),
    ]
}
