//! The LLM gateway on the in-jail proxy (`llm.providers`,
//! docs/network.md). The jail's SDKs are pointed at
//! `http://127.0.0.1:PORT/llm/NAME` with a key made for the run
//! (`jail-gw-...`); the supervisor checks that key, the model and the
//! session's token budget, then sends the request on to the provider's
//! `base_url` with the real key, over TLS it checks (and pins, with
//! `spki_sha256`). The request body goes on unchanged; the response comes
//! back as it arrives (server-sent events unbuffered), its status, headers
//! and errors as the provider sent them, while its usage fields are read
//! for the budget. Every call is one `llm` audit line: provider, model,
//! status, token counts and the blake3 of both bodies, never their text.

use std::collections::BTreeMap;
use std::io::{BufReader, Write};
use std::net::TcpStream;
use std::sync::{Arc, Mutex};

use policy::model::llm::{Api, Provider};
use policy::model::Profile;
use rustls::pki_types::ServerName;
use secrecy::{ExposeSecret, SecretString};

use super::check::{self, Refusal};
use super::head::Head;
use super::relay::{self, Edits, Moved};
use super::request::Request;
use super::usage::Meter;
use super::Shared;
use crate::audit::Event;

/// Why the gateway could not be set up for a run.
#[derive(Debug, thiserror::Error)]
pub enum GatewayError {
    #[error("provider `{name}` (policy key llm.providers.{name}.credential): {why}")]
    Credential { name: String, why: String },
    #[error("provider `{name}`: {why} (policy key egress.ca_file)")]
    Trust { name: String, why: String },
    #[error("the random key for this run's gateway: {0}")]
    Random(String),
}

/// A provider with its real key and how its host is checked.
struct Upstream {
    provider: Provider,
    real: SecretString,
    tls: Arc<rustls::ClientConfig>,
}

/// The run's gateway: its key, the providers, what each has spent.
pub struct Gateway {
    key: SecretString,
    /// Finds the key in its plain and encoded forms.
    finder: policy::secrets::Redactor,
    upstreams: BTreeMap<String, Upstream>,
    /// Tokens spent per provider in this session (earlier runs included).
    spent: Mutex<BTreeMap<String, u64>>,
}

/// The prefix of the run's key: says what it is where it shows up.
const KEY_PREFIX: &str = "jail-gw-";

impl Gateway {
    /// The gateway of one run of `profile`, when it declares providers;
    /// `read` reads a credential's real value.
    pub fn prepare(
        profile: &Profile,
        read: &dyn Fn(&str) -> Result<SecretString, String>,
    ) -> Result<Option<Gateway>, GatewayError> {
        if profile.llm.providers.is_empty() {
            return Ok(None);
        }
        let key = crate::state::random_hex(32).map_err(|e| GatewayError::Random(e.to_string()))?;
        let mut upstreams = BTreeMap::new();
        for (name, provider) in &profile.llm.providers {
            let real = read(&provider.credential).map_err(|why| GatewayError::Credential {
                name: name.clone(),
                why,
            })?;
            let tls = pinned_config(profile, &provider.spki_sha256).map_err(|why| {
                GatewayError::Trust {
                    name: name.clone(),
                    why,
                }
            })?;
            upstreams.insert(
                name.clone(),
                Upstream {
                    provider: provider.clone(),
                    real,
                    tls,
                },
            );
        }
        let key = format!("{KEY_PREFIX}{key}");
        Ok(Some(Gateway {
            finder: policy::secrets::Redactor::new(&[key.as_str()]),
            key: SecretString::from(key),
            upstreams,
            spent: Mutex::new(BTreeMap::new()),
        }))
    }

    /// The variables that point the SDKs at the gateway on `port`: the
    /// first provider (by name) of each API gets them.
    pub fn env(&self, port: u16) -> BTreeMap<String, String> {
        let mut env = BTreeMap::new();
        let key = self.key.expose_secret().to_string();
        for (name, upstream) in self.upstreams.iter().rev() {
            let url = format!("{}/llm/{name}", policy::proxy::url(port));
            let names: &[&str] = match upstream.provider.api {
                Api::Openai => &["OPENAI_BASE_URL", "OPENAI_API_KEY"],
                Api::Anthropic => &[
                    "ANTHROPIC_BASE_URL",
                    "ANTHROPIC_API_KEY",
                    "ANTHROPIC_AUTH_TOKEN",
                ],
            };
            env.insert(names[0].to_string(), url);
            for name in &names[1..] {
                env.insert(name.to_string(), key.clone());
            }
        }
        env
    }

    /// A refusal when `text`, on its way to `host:port` (not the gateway),
    /// holds the run's key in any form the redaction rules know.
    pub fn refuse_key_in(&self, host: &str, port: u16, text: &str) -> Result<(), Refusal> {
        if self.finder.redact(text) == text {
            return Ok(());
        }
        Err(Refusal::policy(
            format!(
                "the request to {host}:{port} holds this run's LLM gateway key, which goes only \
                 to the gateway (llm.providers); refused as a possible exfiltration"
            ),
            "the gateway key to another host",
        ))
    }

    /// Starts the session's counts from what earlier runs spent.
    pub fn seed(&self, spent: &BTreeMap<String, u64>) {
        *lock(&self.spent) = spent.clone();
    }

    /// What the session has spent, by provider.
    pub fn spent(&self) -> BTreeMap<String, u64> {
        lock(&self.spent).clone()
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|p| p.into_inner())
}

/// The provider's name and the rest of the target (`/REST?QUERY`), when
/// `head` asks for the gateway: origin form `/llm/NAME/...`, or absolute
/// form to the proxy's own address (clients that send everything to the
/// proxy, `NO_PROXY` being empty).
pub fn route(head: &Head, proxy_port: u16) -> Option<(String, String)> {
    let target = &head.start[1];
    let path = match target.strip_prefix("http://") {
        Some(rest) => {
            let (authority, path) = rest.split_at(rest.find('/')?);
            let own = [
                format!("127.0.0.1:{proxy_port}"),
                format!("localhost:{proxy_port}"),
            ];
            if !own.iter().any(|o| o.eq_ignore_ascii_case(authority)) {
                return None;
            }
            path
        }
        None => target.as_str(),
    };
    let rest = path.strip_prefix("/llm/")?;
    let end = rest.find(['/', '?']).unwrap_or(rest.len());
    let name = &rest[..end];
    let tail = match &rest[end..] {
        "" => "/".to_string(),
        t if t.starts_with('?') => format!("/{t}"),
        t => t.to_string(),
    };
    Some((name.to_string(), tail))
}

/// What became of one call, for its audit line.
struct Call {
    provider: String,
    model: String,
    status: u16,
    input_tokens: u64,
    output_tokens: u64,
    request_blake3: String,
    response_blake3: String,
    decision: String,
}

/// Serves one gateway request (its head read); writes its audit line.
pub(super) fn serve(
    shared: &Shared,
    gateway: &Gateway,
    head: &Head,
    (name, tail): (String, String),
    reader: &mut BufReader<TcpStream>,
    moved: &mut Moved,
) {
    let mut call = Call {
        provider: name.clone(),
        model: String::new(),
        status: 0,
        input_tokens: 0,
        output_tokens: 0,
        request_blake3: String::new(),
        response_blake3: String::new(),
        decision: String::new(),
    };
    match call_upstream(
        shared, gateway, head, &name, &tail, reader, moved, &mut call,
    ) {
        Ok(()) => call.decision = "allowed".into(),
        Err(Failed::Refused(refusal, api)) => {
            call.status = refusal.status;
            call.decision = format!("refused ({}): {}", refusal.status, refusal.reason);
            let bytes = refusal_answer(&refusal, api);
            if reader.get_mut().write_all(&bytes).is_ok() {
                moved.down += bytes.len() as u64;
            }
        }
        Err(Failed::Broken(why)) => {
            call.decision = format!("allowed, then failed: {why}");
            if call.status == 0 {
                let refusal = Refusal {
                    status: 502,
                    reason: why,
                    short: None,
                };
                let bytes = refusal_answer(&refusal, None);
                if reader.get_mut().write_all(&bytes).is_ok() {
                    moved.down += bytes.len() as u64;
                }
            }
        }
    }
    let context = &shared.context;
    let _ = context.audit.append(
        Some(&context.session),
        &Event::Llm {
            provider: call.provider,
            model: call.model,
            status: call.status,
            input_tokens: call.input_tokens,
            output_tokens: call.output_tokens,
            request_blake3: call.request_blake3,
            response_blake3: call.response_blake3,
            decision: call.decision,
            bytes_up: moved.up,
            bytes_down: moved.down,
        },
    );
}

enum Failed {
    /// Answered by the gateway, in the API's error shape when known.
    Refused(Refusal, Option<Api>),
    /// The provider could not be reached or broke off.
    Broken(String),
}

/// The checks, then the exchange with the provider.
#[allow(clippy::too_many_arguments)]
fn call_upstream(
    shared: &Shared,
    gateway: &Gateway,
    head: &Head,
    name: &str,
    tail: &str,
    reader: &mut BufReader<TcpStream>,
    moved: &mut Moved,
    call: &mut Call,
) -> Result<(), Failed> {
    let context = &shared.context;
    let refuse = |status: u16, reason: String, api: Option<Api>| {
        Failed::Refused(
            Refusal {
                status,
                reason,
                short: None,
            },
            api,
        )
    };
    let upstream = gateway.upstreams.get(name).ok_or_else(|| {
        let known: Vec<&str> = gateway.upstreams.keys().map(String::as_str).collect();
        refuse(
            404,
            format!(
                "no provider `{name}` in llm.providers of profile {} (it has: {})",
                context.profile_name,
                known.join(", ")
            ),
            None,
        )
    })?;
    let api = Some(upstream.provider.api);
    if !presents_key(head, gateway.key.expose_secret()) {
        return Err(refuse(
            401,
            "the key is not this run's gateway key: use the OPENAI_API_KEY / ANTHROPIC_API_KEY \
             the jail was given"
                .into(),
            api,
        ));
    }
    let max = context.profile.egress.max_response_bytes.0;
    let body =
        relay::read_body(head, reader, max).map_err(|err| refuse(400, err.to_string(), api))?;
    call.request_blake3 = blake3::hash(&body).to_hex().to_string();
    call.model = model_of(&body).unwrap_or_default();
    let models = &upstream.provider.models;
    if !models.is_empty() && !call.model.is_empty() && !models.contains(&call.model) {
        return Err(refuse(
            403,
            format!(
                "model `{}` is not in llm.providers.{name}.models of profile {} ({}); add it \
                 there",
                call.model,
                context.profile_name,
                models.join(", ")
            ),
            api,
        ));
    }
    let budget = upstream.provider.token_budget;
    let spent = lock(&gateway.spent).get(name).copied().unwrap_or(0);
    if budget > 0 && spent >= budget {
        return Err(refuse(
            429,
            format!(
                "the session's token budget for provider `{name}` is spent ({spent} of {budget} \
                 tokens; policy key llm.providers.{name}.token_budget)"
            ),
            api,
        ));
    }
    // The provider's host, as the proxy's own checks read it.
    let (host, port, base_path) = upstream.provider.upstream();
    let target = Request {
        method: head.start[0].clone(),
        host: host.clone(),
        port,
        path: Some(format!("{base_path}{tail}")),
    };
    let egress = &context.profile.egress;
    let addrs = check::addresses(
        &target,
        egress,
        &context.profile_name,
        policy::model::deadline(egress.timeout_secs),
    )
    .map_err(|refusal| Failed::Refused(refusal, api))?;
    let tcp = relay::connect(&addrs, policy::model::deadline(egress.timeout_secs))
        .map_err(|err| Failed::Broken(format!("cannot connect to {host}:{port}: {err}")))?;
    let idle = std::time::Duration::from_secs(egress.timeout_secs);
    let _ = tcp.set_read_timeout(Some(idle));
    let _ = tcp.set_write_timeout(Some(idle));
    let server = ServerName::try_from(host.clone())
        .map_err(|err| Failed::Broken(format!("{host}: {err}")))?;
    let conn = rustls::ClientConnection::new(Arc::clone(&upstream.tls), server)
        .map_err(|err| Failed::Broken(err.to_string()))?;
    let to_host = rustls::StreamOwned::new(conn, tcp);
    let real = upstream.real.expose_secret();
    let bearer = format!("Bearer {real}");
    // The provider's own header with the real key; the client's key,
    // in whichever header it came, goes nowhere.
    let set: [(&str, &str); 2] = match upstream.provider.api {
        Api::Openai => [("Authorization", &bearer), ("Accept-Encoding", "identity")],
        Api::Anthropic => [("X-Api-Key", real), ("Accept-Encoding", "identity")],
    };
    let edits = Edits {
        request_value: None,
        request_set: &set,
        request_drop: &["authorization", "x-api-key"],
        // The real key is never sent back, whatever the provider echoes.
        response_pairs: vec![(real.as_bytes().to_vec(), vec![b'*'; real.len()])],
    };
    let authority = if port == 443 {
        target.authority_host()
    } else {
        format!("{}:{port}", target.authority_host())
    };
    let first = format!(
        "{} {} HTTP/1.1",
        target.method,
        target.path.as_deref().unwrap_or("/")
    );
    let mut meter: Option<Meter> = None;
    let mut hasher = blake3::Hasher::new();
    let mut status = 0;
    let result = {
        let mut tap = |response: &Head, payload: &[u8]| {
            let meter = meter.get_or_insert_with(|| {
                status = response.start[1].parse().unwrap_or(0);
                Meter::new(meter_api(upstream.provider.api), is_sse(response))
            });
            meter.feed(payload);
            hasher.update(payload);
        };
        relay::forward_tapped(
            &first,
            &authority,
            head,
            reader,
            Some(body),
            to_host,
            moved,
            &edits,
            &mut tap,
        )
    };
    call.status = status;
    call.response_blake3 = hasher.finalize().to_hex().to_string();
    let usage = meter.map(|m| m.finish()).unwrap_or_default();
    call.input_tokens = usage.input;
    call.output_tokens = usage.output;
    if let Some(model) = usage.model {
        if call.model.is_empty() {
            call.model = model;
        }
    }
    *lock(&gateway.spent).entry(name.to_string()).or_default() += usage.input + usage.output;
    result.map_err(|err| Failed::Broken(format!("{host}:{port}: {err}")))
}

fn meter_api(api: Api) -> super::usage::Api {
    match api {
        Api::Openai => super::usage::Api::OpenAi,
        Api::Anthropic => super::usage::Api::Anthropic,
    }
}

fn is_sse(response: &Head) -> bool {
    response.values("content-type").any(|v| {
        String::from_utf8_lossy(v)
            .to_ascii_lowercase()
            .starts_with("text/event-stream")
    })
}

/// Whether the client sent the run's key, as `x-api-key` or as a bearer
/// token (both SDKs' ways), compared in constant time.
fn presents_key(head: &Head, key: &str) -> bool {
    let given = head.values("x-api-key").map(|v| v.to_vec()).chain(
        head.values("authorization").filter_map(|v| {
            let text = std::str::from_utf8(v).ok()?;
            let (scheme, token) = text.split_once(' ')?;
            scheme
                .eq_ignore_ascii_case("bearer")
                .then(|| token.trim().as_bytes().to_vec())
        }),
    );
    let mut found = false;
    for candidate in given {
        found |= constant_time_eq(&candidate, key.as_bytes());
    }
    found
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The `model` of a JSON request body.
fn model_of(body: &[u8]) -> Option<String> {
    let value: serde_json::Value = serde_json::from_slice(body).ok()?;
    value.get("model")?.as_str().map(str::to_string)
}

/// The gateway's own answer, in the error shape of `api` so an SDK shows
/// its message: OpenAI's `{"error": {...}}`, Anthropic's
/// `{"type": "error", "error": {...}}`; `x-should-retry: false`, since
/// retrying changes nothing.
fn refusal_answer(refusal: &Refusal, api: Option<Api>) -> Vec<u8> {
    let message = format!("jail gateway: {}", refusal.reason);
    let kind = match refusal.status {
        401 => "authentication_error",
        403 => "permission_error",
        404 => "not_found_error",
        429 => "rate_limit_error",
        400 => "invalid_request_error",
        _ => "api_error",
    };
    let body = match api {
        Some(Api::Anthropic) => serde_json::json!({
            "type": "error",
            "error": {"type": kind, "message": message},
        }),
        _ => serde_json::json!({
            "error": {"message": message, "type": kind, "code": kind},
        }),
    }
    .to_string();
    let phrase = match refusal.status {
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        429 => "Too Many Requests",
        _ => "Bad Gateway",
    };
    format!(
        "HTTP/1.1 {} {phrase}\r\nContent-Type: application/json\r\nx-should-retry: false\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        refusal.status,
        body.len()
    )
    .into_bytes()
}

/// The TLS configuration for a provider: the supervisor's trust, and when
/// `pins` are given, a certificate whose public key hashes to none of
/// them refused.
fn pinned_config(profile: &Profile, pins: &[String]) -> Result<Arc<rustls::ClientConfig>, String> {
    let config = crate::egress::tls_client_config(profile.egress.ca_file.as_deref())
        .map_err(|err| err.to_string())?;
    if pins.is_empty() {
        return Ok(config);
    }
    let roots = crate::egress::trusted_certificates(profile.egress.ca_file.as_deref())
        .map_err(|err| err.to_string())?;
    let mut store = rustls::RootCertStore::empty();
    for cert in roots {
        let _ = store.add(rustls::pki_types::CertificateDer::from(cert.der().to_vec()));
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let inner = rustls::client::WebPkiServerVerifier::builder_with_provider(
        Arc::new(store),
        Arc::clone(&provider),
    )
    .build()
    .map_err(|err| err.to_string())?;
    let pins = pins
        .iter()
        .filter_map(|p| policy::decode::base64_decode(p.trim_end_matches('=')))
        .collect();
    let mut config = (*config).clone();
    config
        .dangerous()
        .set_certificate_verifier(Arc::new(Pinned { inner, pins }));
    Ok(Arc::new(config))
}

/// The usual checks, then the pin.
#[derive(Debug)]
struct Pinned {
    inner: Arc<rustls::client::WebPkiServerVerifier>,
    pins: Vec<Vec<u8>>,
}

impl rustls::client::danger::ServerCertVerifier for Pinned {
    fn verify_server_cert(
        &self,
        end_entity: &rustls::pki_types::CertificateDer<'_>,
        intermediates: &[rustls::pki_types::CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: rustls::pki_types::UnixTime,
    ) -> Result<rustls::client::danger::ServerCertVerified, rustls::Error> {
        let verified = self.inner.verify_server_cert(
            end_entity,
            intermediates,
            server_name,
            ocsp_response,
            now,
        )?;
        let cert = webpki::EndEntityCert::try_from(end_entity)
            .map_err(|err| rustls::Error::General(format!("cannot read the certificate: {err}")))?;
        let spki = cert.subject_public_key_info();
        let hash = ring::digest::digest(&ring::digest::SHA256, spki.as_ref());
        if self.pins.iter().any(|pin| pin.as_slice() == hash.as_ref()) {
            Ok(verified)
        } else {
            Err(rustls::Error::General(format!(
                "the certificate's public key (sha256 {}) matches no spki_sha256 pin of the \
                 provider",
                policy::decode::base64_encode_padded(hash.as_ref())
            )))
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &rustls::pki_types::CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        self.inner.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &rustls::pki_types::CertificateDer<'_>,
        dss: &rustls::DigitallySignedStruct,
    ) -> Result<rustls::client::danger::HandshakeSignatureValid, rustls::Error> {
        self.inner.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<rustls::SignatureScheme> {
        self.inner.supported_verify_schemes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(text: &str) -> Head {
        super::super::head::read(&mut std::io::Cursor::new(text.as_bytes().to_vec())).expect("head")
    }

    #[test]
    fn gateway_requests_are_recognised_in_both_forms() {
        let origin = head("POST /llm/openai/chat/completions HTTP/1.1\r\n\r\n");
        assert_eq!(
            route(&origin, 3128),
            Some(("openai".into(), "/chat/completions".into()))
        );
        let absolute =
            head("POST http://127.0.0.1:3128/llm/claude/v1/messages?beta=true HTTP/1.1\r\n\r\n");
        assert_eq!(
            route(&absolute, 3128),
            Some(("claude".into(), "/v1/messages?beta=true".into()))
        );
        // Another port, another host, another path: not the gateway.
        let other = head("POST http://127.0.0.1:8080/llm/openai/x HTTP/1.1\r\n\r\n");
        assert_eq!(route(&other, 3128), None);
        let host = head("GET http://example.org/llm/openai/x HTTP/1.1\r\n\r\n");
        assert_eq!(route(&host, 3128), None);
        assert_eq!(route(&head("GET /other HTTP/1.1\r\n\r\n"), 3128), None);
    }

    #[test]
    fn the_key_is_taken_from_either_header() {
        let key = "jail-gw-0123";
        assert!(presents_key(
            &head("GET / HTTP/1.1\r\nx-api-key: jail-gw-0123\r\n\r\n"),
            key
        ));
        assert!(presents_key(
            &head("GET / HTTP/1.1\r\nAuthorization: Bearer jail-gw-0123\r\n\r\n"),
            key
        ));
        assert!(!presents_key(
            &head("GET / HTTP/1.1\r\nx-api-key: jail-gw-0124\r\n\r\n"),
            key
        ));
        assert!(!presents_key(&head("GET / HTTP/1.1\r\n\r\n"), key));
    }
}
