//! `kind = "openai"` and `kind = "anthropic"`: a model behind an HTTP API.
//!
//! - OpenAI style: `POST {base_url}/chat/completions` with
//!   `Authorization: Bearer KEY` and `{"model", "messages": [system, user],
//!   "max_tokens", "temperature": 0, "response_format": {"type":
//!   "json_object"}}`; the answer is `choices[0].message.content`.
//! - Anthropic style: `POST {base_url}/messages` with `x-api-key: KEY` and
//!   `anthropic-version: 2023-06-01` and `{"model", "max_tokens",
//!   "temperature": 0, "system", "messages": [user]}`; the answer is the
//!   concatenated `text` blocks of `content`.
//!
//! The answer text goes through [`parse_answer`], so anything but the exact
//! schema is a protocol error, never an approval.
//!
//! These calls are the supervisor's own, to the reviewer the policy names:
//! they do not go through the jail's egress allowlist. They do keep to its
//! rules for safety: ureq over rustls (webpki roots), no proxy, no
//! redirects (a 3xx is an error), one deadline of `timeout_secs` for the
//! whole exchange, the response read up to [`MAX_RESPONSE_BYTES`]. The key
//! is held as a [`SecretString`], sent in a header marked sensitive, and
//! removed from every error message (a server may echo it back).
//!
//! Token budget: each instance counts the tokens the API reports (`usage`);
//! once the count reaches `token_budget`, the next request is refused with
//! [`ReviewError::Budget`] before anything is sent. An answer without
//! `usage` is charged `max_tokens` plus a quarter of the prompt's bytes.

use std::io::Read;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use policy::model::HttpReviewerConfig;
use secrecy::{ExposeSecret, SecretString};
use serde_json::{json, Value};
use ureq::http::header::{self, HeaderMap, HeaderName, HeaderValue};
use ureq::http::{Method, Request, Uri};
use ureq::Agent;

use super::{
    excerpt, fenced, parse_answer, system_prompt, ReviewAnswer, ReviewError, ReviewRequest,
    Reviewer, SYSTEM_PROMPT,
};

/// The most of a response body that is read; a longer answer is refused.
pub const MAX_RESPONSE_BYTES: u64 = 1 << 20;

/// How much of an error response is kept for the message.
const ERROR_BODY_BYTES: u64 = 4096;

/// Which API shape a server speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Api {
    OpenAi,
    Anthropic,
}

impl Api {
    fn kind(self) -> &'static str {
        match self {
            Api::OpenAi => "openai",
            Api::Anthropic => "anthropic",
        }
    }

    fn path(self) -> &'static str {
        match self {
            Api::OpenAi => "/chat/completions",
            Api::Anthropic => "/messages",
        }
    }
}

/// A model reviewer over HTTP.
#[derive(Debug)]
pub struct HttpReviewer {
    api: Api,
    url: Uri,
    model: String,
    key: SecretString,
    max_tokens: u32,
    token_budget: u64,
    timeout: Duration,
    used: AtomicU64,
    agent: Agent,
}

impl HttpReviewer {
    pub fn new(
        api: Api,
        config: &HttpReviewerConfig,
        key: SecretString,
    ) -> Result<HttpReviewer, ReviewError> {
        let text = format!("{}{}", config.base_url.trim_end_matches('/'), api.path());
        let url: Uri = text.parse().map_err(|err| {
            ReviewError::Config(format!(
                "review.reviewers[].base_url `{}`: {err}",
                config.base_url
            ))
        })?;
        // The key goes in a header: it must be one line of visible text.
        let usable =
            !key.expose_secret().is_empty() && HeaderValue::from_str(key.expose_secret()).is_ok();
        if !usable {
            return Err(ReviewError::Config(format!(
                "the {} reviewer's key is empty or not usable in an HTTP header \
                 (review.reviewers[].key)",
                api.kind()
            )));
        }
        if config.timeout_secs == 0 {
            return Err(ReviewError::Config(
                "review.reviewers[].timeout_secs must be above 0".to_string(),
            ));
        }
        let timeout = Duration::from_secs(config.timeout_secs);
        let agent_config = Agent::config_builder()
            .proxy(None)
            .max_redirects(0)
            .max_redirects_will_error(false)
            .http_status_as_error(false)
            .timeout_global(Some(timeout))
            .build();
        Ok(HttpReviewer {
            api,
            url,
            model: config.model.clone(),
            key,
            max_tokens: config.max_tokens,
            token_budget: config.token_budget,
            timeout,
            used: AtomicU64::new(0),
            agent: Agent::new_with_config(agent_config),
        })
    }

    /// Tokens spent so far, as the API reported them.
    pub fn tokens_used(&self) -> u64 {
        self.used.load(Ordering::SeqCst)
    }

    /// `text` without the key.
    fn redact(&self, text: &str) -> String {
        policy::secrets::redact(text, &[self.key.expose_secret()])
    }

    fn body(&self, system: &str, prompt: &str) -> Value {
        match self.api {
            Api::OpenAi => json!({
                "model": self.model,
                "messages": [
                    {"role": "system", "content": system},
                    {"role": "user", "content": prompt},
                ],
                "max_tokens": self.max_tokens,
                "temperature": 0,
                "response_format": {"type": "json_object"},
            }),
            Api::Anthropic => json!({
                "model": self.model,
                "max_tokens": self.max_tokens,
                "temperature": 0,
                "system": system,
                "messages": [{"role": "user", "content": prompt}],
            }),
        }
    }

    fn headers(&self) -> Result<HeaderMap, ReviewError> {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        headers.insert(header::ACCEPT, HeaderValue::from_static("application/json"));
        let bad_key = || {
            ReviewError::Config(format!(
                "the {} reviewer's key is not usable in an HTTP header (review.reviewers[].key)",
                self.api.kind()
            ))
        };
        // Built inside a SecretString so the joined text is zeroed on drop.
        let (name, value) = match self.api {
            Api::OpenAi => (
                header::AUTHORIZATION,
                SecretString::from(format!("Bearer {}", self.key.expose_secret())),
            ),
            Api::Anthropic => {
                headers.insert(
                    HeaderName::from_static("anthropic-version"),
                    HeaderValue::from_static("2023-06-01"),
                );
                (
                    HeaderName::from_static("x-api-key"),
                    SecretString::from(self.key.expose_secret().to_string()),
                )
            }
        };
        let mut value = HeaderValue::from_str(value.expose_secret()).map_err(|_| bad_key())?;
        value.set_sensitive(true);
        headers.insert(name, value);
        Ok(headers)
    }

    /// One exchange: the response body (2xx only), or why not.
    fn exchange(&self, body: &[u8]) -> Result<Vec<u8>, ReviewError> {
        let mut request = Request::new(body);
        *request.method_mut() = Method::POST;
        *request.uri_mut() = self.url.clone();
        *request.headers_mut() = self.headers()?;
        let mut response = self
            .agent
            .run(request)
            .map_err(|err| self.transport(&err))?;
        let status = response.status().as_u16();
        if (300..400).contains(&status) {
            let location = response
                .headers()
                .get(header::LOCATION)
                .map(|l| String::from_utf8_lossy(l.as_bytes()).into_owned())
                .unwrap_or_default();
            return Err(ReviewError::Transport(format!(
                "{} answered with a redirect (HTTP {status}) to `{}`; redirects are refused: \
                 set review.reviewers[].base_url to the final address",
                self.url,
                excerpt(&self.redact(&location), 200)
            )));
        }
        let max = if (200..300).contains(&status) {
            MAX_RESPONSE_BYTES
        } else {
            ERROR_BODY_BYTES
        };
        let mut bytes = Vec::new();
        response
            .body_mut()
            .as_reader()
            .take(max.saturating_add(1))
            .read_to_end(&mut bytes)
            .map_err(|err| self.read_error(err))?;
        if !(200..300).contains(&status) {
            // Redacted before it is cut, so no part of the key survives.
            let text = self.redact(&String::from_utf8_lossy(&bytes));
            return Err(ReviewError::Transport(format!(
                "{} answered HTTP {status}: {}",
                self.url,
                excerpt(text.trim(), 300)
            )));
        }
        if bytes.len() as u64 > MAX_RESPONSE_BYTES {
            return Err(ReviewError::Protocol(format!(
                "{} sent more than {MAX_RESPONSE_BYTES} bytes",
                self.url
            )));
        }
        Ok(bytes)
    }

    fn transport(&self, err: &ureq::Error) -> ReviewError {
        let timed_out = match err {
            ureq::Error::Timeout(_) => true,
            ureq::Error::Io(io) => io.kind() == std::io::ErrorKind::TimedOut,
            _ => false,
        };
        if timed_out {
            return ReviewError::Transport(format!(
                "{} did not answer within {} s (review.reviewers[].timeout_secs)",
                self.url,
                self.timeout.as_secs()
            ));
        }
        ReviewError::Transport(self.redact(&format!("{}: {err}", self.url)))
    }

    fn read_error(&self, err: std::io::Error) -> ReviewError {
        // ureq wraps its own errors (a timeout among them) in the reader's.
        if err.kind() == std::io::ErrorKind::TimedOut {
            return self.transport(&ureq::Error::Io(err));
        }
        match err
            .into_inner()
            .map(|inner| inner.downcast::<ureq::Error>())
        {
            Some(Ok(inner)) => self.transport(&inner),
            Some(Err(inner)) => {
                ReviewError::Transport(self.redact(&format!("{}: {inner}", self.url)))
            }
            None => ReviewError::Transport(format!("{}: the answer could not be read", self.url)),
        }
    }

    /// The tokens an answer cost, from its `usage`; estimated when absent.
    fn tokens(&self, answer: &Value, prompt: &str) -> u64 {
        let usage = answer.get("usage");
        let field = |name: &str| usage.and_then(|u| u.get(name)).and_then(Value::as_u64);
        let reported = match self.api {
            Api::OpenAi => field("total_tokens").or_else(|| {
                let prompt = field("prompt_tokens")?;
                let completion = field("completion_tokens")?;
                Some(prompt.saturating_add(completion))
            }),
            Api::Anthropic => {
                let input = field("input_tokens");
                let output = field("output_tokens");
                input.zip(output).map(|(input, output)| {
                    input
                        .saturating_add(output)
                        .saturating_add(field("cache_creation_input_tokens").unwrap_or(0))
                        .saturating_add(field("cache_read_input_tokens").unwrap_or(0))
                })
            }
        };
        reported.unwrap_or_else(|| {
            let prompt_bytes =
                u64::try_from(prompt.len() + SYSTEM_PROMPT.len()).unwrap_or(u64::MAX);
            u64::from(self.max_tokens).saturating_add(prompt_bytes / 4)
        })
    }

    /// The model's answer text, from the API's response shape.
    fn content(&self, answer: &Value) -> Result<String, ReviewError> {
        let shape = |what: &str| {
            ReviewError::Protocol(format!(
                "the {} response is not in the API's shape: {what}",
                self.api.kind()
            ))
        };
        match self.api {
            Api::OpenAi => {
                let choices = answer
                    .get("choices")
                    .and_then(Value::as_array)
                    .ok_or_else(|| shape("no `choices` array"))?;
                let [choice] = choices.as_slice() else {
                    return Err(shape("`choices` does not hold exactly one choice"));
                };
                let message = choice
                    .get("message")
                    .ok_or_else(|| shape("no `choices[0].message`"))?;
                if let Some(refusal) = message.get("refusal").and_then(Value::as_str) {
                    return Err(ReviewError::Protocol(format!(
                        "the model refused: {}",
                        excerpt(&self.redact(refusal), 200)
                    )));
                }
                message
                    .get("content")
                    .and_then(Value::as_str)
                    .map(str::to_string)
                    .ok_or_else(|| shape("`choices[0].message.content` is not text"))
            }
            Api::Anthropic => {
                let blocks = answer
                    .get("content")
                    .and_then(Value::as_array)
                    .ok_or_else(|| shape("no `content` array"))?;
                let mut text = String::new();
                let mut any = false;
                for block in blocks {
                    if block.get("type").and_then(Value::as_str) == Some("text") {
                        let part = block
                            .get("text")
                            .and_then(Value::as_str)
                            .ok_or_else(|| shape("a text block without `text`"))?;
                        text.push_str(part);
                        any = true;
                    }
                }
                if any {
                    Ok(text)
                } else {
                    Err(shape("no text block in `content`"))
                }
            }
        }
    }
}

impl Reviewer for HttpReviewer {
    fn name(&self) -> String {
        format!("{}:{}", self.api.kind(), self.model)
    }

    fn review(&self, req: &ReviewRequest) -> Result<ReviewAnswer, ReviewError> {
        let used = self.tokens_used();
        if used >= self.token_budget {
            return Err(ReviewError::Budget(format!(
                "{} has used {used} of its {} tokens (review.reviewers[].token_budget)",
                self.name(),
                self.token_budget
            )));
        }
        let prompt = fenced(req)?;
        let body = serde_json::to_vec(&self.body(system_prompt(req.subject), &prompt))
            .map_err(|err| ReviewError::Protocol(format!("cannot encode the request: {err}")))?;
        let bytes = self.exchange(&body)?;
        let answer: Value = serde_json::from_slice(&bytes).map_err(|err| {
            ReviewError::Protocol(format!(
                "the {} response is not JSON: {err}",
                self.api.kind()
            ))
        })?;
        self.used
            .fetch_add(self.tokens(&answer, &prompt), Ordering::SeqCst);
        // A hostile server could put the key in the answer, where an error
        // (or a finding) would quote it.
        let content = self.redact(&self.content(&answer)?);
        parse_answer(&content)
    }
}

#[cfg(test)]
#[path = "llm_tests.rs"]
mod tests;
