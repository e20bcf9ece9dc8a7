//! Token usage read from LLM responses as they stream through the gateway
//! (`gateway.rs`), for the session's budget and the audit line: OpenAI's
//! `usage.prompt_tokens`/`completion_tokens` (chat completions) and
//! `input_tokens`/`output_tokens` (Responses API), Anthropic's
//! `message_start.message.usage` and `message_delta.usage` (cache reads
//! and writes count as input). Later numbers replace earlier ones, as the
//! APIs send running totals. Fed in pieces split anywhere.
//!
//! Memory is bounded: a JSON body or one server-sent event line longer
//! than [`MAX_HELD`] is not read (it counts nothing), and the budget then
//! sees only the other calls' usage.

use serde_json::Value;

/// The most one JSON body, or one event line, is held to be read.
pub const MAX_HELD: usize = 4 << 20;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Api {
    OpenAi,
    Anthropic,
}

/// Tokens one call used, and the model that answered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Usage {
    pub input: u64,
    pub output: u64,
    pub model: Option<String>,
}

pub struct Meter {
    api: Api,
    /// Server-sent events (`text/event-stream`), else one JSON body.
    sse: bool,
    held: Vec<u8>,
    /// Past [`MAX_HELD`]: the rest of this line (or body) is skipped.
    overflow: bool,
    usage: Usage,
}

impl Meter {
    pub fn new(api: Api, sse: bool) -> Meter {
        Meter {
            api,
            sse,
            held: Vec::new(),
            overflow: false,
            usage: Usage::default(),
        }
    }

    pub fn feed(&mut self, mut bytes: &[u8]) {
        if !self.sse {
            self.hold(bytes);
            return;
        }
        while let Some(end) = bytes.iter().position(|&b| b == b'\n') {
            self.hold(&bytes[..end]);
            if !self.overflow {
                let line = std::mem::take(&mut self.held);
                self.event_line(&line);
            }
            self.held.clear();
            self.overflow = false;
            bytes = &bytes[end + 1..];
        }
        self.hold(bytes);
    }

    /// The usage read so far; a JSON body is read here.
    pub fn finish(&self) -> Usage {
        let mut usage = self.usage.clone();
        if !self.sse && !self.overflow {
            if let Ok(value) = serde_json::from_slice::<Value>(&self.held) {
                apply(self.api, &value, &mut usage);
            }
        }
        usage
    }

    fn hold(&mut self, bytes: &[u8]) {
        if self.overflow {
            return;
        }
        if self.held.len() + bytes.len() > MAX_HELD {
            self.overflow = true;
            self.held = Vec::new();
            return;
        }
        self.held.extend_from_slice(bytes);
    }

    /// One line of an event stream: only `data:` lines carry JSON.
    fn event_line(&mut self, line: &[u8]) {
        let Some(data) = line.strip_prefix(b"data:") else {
            return;
        };
        let data = data.strip_suffix(b"\r").unwrap_or(data);
        if let Ok(value) = serde_json::from_slice::<Value>(data.trim_ascii()) {
            apply(self.api, &value, &mut self.usage);
        }
    }
}

/// Takes the model and the usage numbers `value` holds.
fn apply(api: Api, value: &Value, usage: &mut Usage) {
    // Where each API puts them: at the top (chat completions, Anthropic's
    // message and message_delta), in `message` (message_start), in
    // `response` (Responses API events).
    for at in [Some(value), value.get("message"), value.get("response")]
        .into_iter()
        .flatten()
    {
        if let Some(model) = at.get("model").and_then(Value::as_str) {
            usage.model = Some(model.to_string());
        }
        if let Some(numbers) = at.get("usage").filter(|u| u.is_object()) {
            read_numbers(api, numbers, usage);
        }
    }
}

fn read_numbers(api: Api, numbers: &Value, usage: &mut Usage) {
    let get = |name: &str| numbers.get(name).and_then(Value::as_u64);
    match api {
        Api::OpenAi => {
            if let Some(n) = get("prompt_tokens").or_else(|| get("input_tokens")) {
                usage.input = n;
            }
            if let Some(n) = get("completion_tokens").or_else(|| get("output_tokens")) {
                usage.output = n;
            }
        }
        Api::Anthropic => {
            let cached = ["cache_creation_input_tokens", "cache_read_input_tokens"];
            if get("input_tokens").is_some() || cached.iter().any(|c| get(c).is_some()) {
                usage.input = get("input_tokens").unwrap_or(0)
                    + cached.iter().filter_map(|c| get(c)).sum::<u64>();
            }
            if let Some(n) = get("output_tokens") {
                usage.output = n;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` fed split at every position, into two pieces.
    fn every_split(api: Api, sse: bool, text: &str) -> Usage {
        let whole = {
            let mut meter = Meter::new(api, sse);
            meter.feed(text.as_bytes());
            meter.finish()
        };
        for cut in 0..text.len() {
            let mut meter = Meter::new(api, sse);
            meter.feed(&text.as_bytes()[..cut]);
            meter.feed(&text.as_bytes()[cut..]);
            assert_eq!(meter.finish(), whole, "cut at {cut}");
        }
        whole
    }

    #[test]
    fn openai_chat_completions_in_one_body() {
        let body = r#"{"id":"chatcmpl-1","object":"chat.completion","model":"gpt-4o-mini-2024-07-18","choices":[{"index":0,"message":{"role":"assistant","content":"hé"},"finish_reason":"stop"}],"usage":{"prompt_tokens":12,"completion_tokens":5,"total_tokens":17}}"#;
        let usage = every_split(Api::OpenAi, false, body);
        assert_eq!((usage.input, usage.output), (12, 5));
        assert_eq!(usage.model.as_deref(), Some("gpt-4o-mini-2024-07-18"));
    }

    #[test]
    fn openai_stream_with_usage_in_the_last_chunk() {
        let stream = "data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"model\":\"gpt-4o\",\"choices\":[{\"delta\":{\"content\":\"Hi\"}}],\"usage\":null}\n\n\
             data: {\"id\":\"c\",\"object\":\"chat.completion.chunk\",\"model\":\"gpt-4o\",\"choices\":[],\"usage\":{\"prompt_tokens\":9,\"completion_tokens\":3,\"total_tokens\":12}}\n\n\
             data: [DONE]\n\n";
        let usage = every_split(Api::OpenAi, true, stream);
        assert_eq!((usage.input, usage.output), (9, 3));
    }

    #[test]
    fn openai_responses_api_completed_event() {
        let stream = "event: response.completed\r\ndata: {\"type\":\"response.completed\",\"response\":{\"model\":\"gpt-4.1\",\"usage\":{\"input_tokens\":30,\"input_tokens_details\":{\"cached_tokens\":10},\"output_tokens\":7}}}\r\n\r\n";
        let usage = every_split(Api::OpenAi, true, stream);
        assert_eq!((usage.input, usage.output), (30, 7));
        assert_eq!(usage.model.as_deref(), Some("gpt-4.1"));
    }

    #[test]
    fn anthropic_stream_start_and_delta() {
        let stream = "event: message_start\n\
             data: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"model\":\"claude-sonnet-4-5\",\"usage\":{\"input_tokens\":25,\"cache_read_input_tokens\":100,\"output_tokens\":1}}}\n\n\
             event: content_block_delta\n\
             data: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Hello\"}}\n\n\
             event: message_delta\n\
             data: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":{\"output_tokens\":15}}\n\n\
             event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";
        let usage = every_split(Api::Anthropic, true, stream);
        assert_eq!((usage.input, usage.output), (125, 15));
        assert_eq!(usage.model.as_deref(), Some("claude-sonnet-4-5"));
    }

    #[test]
    fn anthropic_message_in_one_body() {
        let body = r#"{"id":"msg_1","type":"message","model":"claude-haiku-4-5","content":[{"type":"text","text":"ok"}],"usage":{"input_tokens":8,"cache_creation_input_tokens":2,"output_tokens":4}}"#;
        let usage = every_split(Api::Anthropic, false, body);
        assert_eq!((usage.input, usage.output), (10, 4));
    }

    #[test]
    fn too_long_a_body_counts_nothing_and_holds_little() {
        let mut meter = Meter::new(Api::OpenAi, false);
        let piece = vec![b' '; 1 << 20];
        for _ in 0..5 {
            meter.feed(&piece);
        }
        meter.feed(br#"{"usage":{"prompt_tokens":1,"completion_tokens":1}}"#);
        assert!(meter.held.capacity() <= MAX_HELD + (1 << 20));
        assert_eq!(meter.finish(), Usage::default());
    }
}
