//! Taint and gating for the proxy, as for tool calls (policy::gate): each
//! host has trust properties (`egress.hosts`, by default a public source
//! and a public sink); what a request reads taints the session, and a
//! tainted session's request to a public sink goes through the same
//! matrix: blocked, a human's approval, or review (the credential scan,
//! then the payload review of what is sent, as for tools:
//! `server::review_outbound`), else allowed.

use std::io::BufReader;
use std::net::TcpStream;

use policy::gate::{self, Gate, Trust, Writes};

use super::check::Refusal;
use super::head::Head;
use super::relay;
use super::request::Request;
use super::Shared;
use crate::approvals::Decision;
use review::reviewer::Verdict;

/// The trust of `host` as a sink and a source.
pub fn trust(shared: &Shared, host: &str) -> Trust {
    let declared = shared.context.profile.egress.host_trust(host);
    Trust {
        public_source: declared.public_source,
        secret_data: declared.secret_data,
        public_sink: declared.public_sink,
        dangerous_writes: Writes::No,
    }
}

/// What the gate let through: the audit label, and the body when it was
/// read for review (it is then forwarded from memory).
pub struct Passed {
    pub label: String,
    pub body: Option<Vec<u8>>,
    /// Injected credentials this plain request carries in.
    pub inject: Vec<String>,
}

/// Decides `request` from the session's taint now; asks a human where
/// the matrix says so (one question at a time from the proxy).
pub fn admit(
    shared: &Shared,
    request: &Request,
    head: &Head,
    client: &mut BufReader<TcpStream>,
) -> Result<Passed, Refusal> {
    let context = &shared.context;
    // A plain request's body is read whole when something looks in it:
    // the credential scan (public sinks), the placeholder check.
    let looked_in = trust(shared, &request.host).public_sink || context.secrets.any();
    let body = if looked_in && !request.is_connect() {
        let max = context.profile.egress.max_response_bytes.0;
        Some(
            relay::read_body(head, client, max)
                .map_err(|err| Refusal::bad_request(err.to_string()))?,
        )
    } else {
        None
    };
    // A placeholder on its way elsewhere is refused before anything else
    // is decided (and before a human is asked about it).
    let inject = credentials(shared, request, head, body.as_deref(), true)?;
    let label = decide(shared, request, head, body.as_deref())?;
    Ok(Passed {
        label,
        body,
        inject,
    })
}

/// The rules of injected credentials and the gateway's key on a request
/// (a plain one, or one inside an inspected tunnel: `plain` false): a
/// placeholder only to its hosts, there only where it may go over plain
/// http, the key nowhere; the credentials to put in.
pub fn credentials(
    shared: &Shared,
    request: &Request,
    head: &Head,
    body: Option<&[u8]>,
    plain: bool,
) -> Result<Vec<String>, Refusal> {
    let secrets = &shared.context.secrets;
    if !secrets.any() || request.is_connect() {
        return Ok(Vec::new());
    }
    let mut text = head_text(head);
    text.push_str(&String::from_utf8_lossy(body.unwrap_or_default()));
    Ok(secrets
        .admit(&request.host, request.port, plain, &text)?
        .iter()
        .map(|b| b.entry.credential.clone())
        .collect())
}

/// The taint gate and the credential scan, over the head and `body` (a
/// plain request's, or one's inside an inspected tunnel; a blind tunnel's
/// content is not seen: docs/network.md). The audit label, or the refusal.
pub fn decide(
    shared: &Shared,
    request: &Request,
    head: &Head,
    body: Option<&[u8]>,
) -> Result<String, Refusal> {
    let context = &shared.context;
    let trust = trust(shared, &request.host);
    let taint = context.taint.get();
    // Scanned as a tool's arguments are, for every public sink.
    let payload = trust.public_sink.then(|| {
        let mut text = head_text(head);
        text.push_str(&String::from_utf8_lossy(body.unwrap_or_default()));
        without_own_placeholders(shared, request, text)
    });
    let (gate, label) = crate::server::gate_payload(&trust, taint, payload.as_deref());
    let ask = |why: &str| {
        let preview = payload.clone().unwrap_or_else(|| head_text(head));
        context.approvals.ask_and_log(
            &context.session,
            &format!("proxy {} {}", request.method, request.host),
            why,
            preview,
            &context.cancel,
            &context.audit,
        )
    };
    let asked = |why: &str, decision: Decision| match decision {
        Decision::Approved { .. } => Ok(format!("{label}, approved")),
        Decision::Denied { why: denied, .. } => Err(Refusal::policy(
            format!(
                "request to {} needs approval ({why}) and was denied: {denied}",
                request.host
            ),
            "approval denied",
        )),
    };
    let label = match gate {
        Gate::Allowed => label,
        Gate::Review(_) => {
            let reviewed = crate::server::review_outbound(
                &context.profile,
                &context.audit,
                &context.session,
                &request.host,
                payload.as_deref().unwrap_or_default(),
            )
            .map_err(|err| {
                Refusal::policy(
                    format!("the payload review cannot start (policy key review.reviewers): {err}"),
                    "no payload review",
                )
            })?;
            match reviewed {
                (Verdict::Approve, _) => format!("{label}, payload review APPROVE"),
                (Verdict::Major, found) => {
                    let why = format!("the payload review needs a human (MAJOR): {found}");
                    asked(&why, ask(&why))?
                }
                (verdict, found) => {
                    return Err(Refusal::policy(
                        format!(
                            "request to {} refused by the payload review ({}): {found}; a \
                             session that has read untrusted data may not send this to a \
                             public sink",
                            request.host,
                            review::pipeline::verdict_word(verdict)
                        ),
                        "refused by the payload review",
                    ))
                }
            }
        }
        Gate::Blocked(why) => {
            return Err(Refusal::policy(
                format!("request to {} blocked: {why}", request.host),
                "blocked by the taint gate",
            ))
        }
        Gate::Approval(why) => asked(why, ask(why))?,
    };
    Ok(label)
}

/// `text` with the placeholders of credentials bound to the request's
/// host and port taken out: they are meant to go there, and their shape
/// is a credential's, which the scan would stop.
fn without_own_placeholders(shared: &Shared, request: &Request, text: String) -> String {
    let Some(injection) = shared.context.secrets.injection.as_deref() else {
        return text;
    };
    let bound = injection.bound_to(&request.host, request.port);
    if bound.is_empty() {
        return text;
    }
    // A `Basic` header's pair is looked at decoded (as git sends a token).
    let text: String = text
        .split_inclusive('\n')
        .map(|line| {
            let decoded = line
                .split_once(": ")
                .and_then(|(_, value)| super::inject::basic_value(value.trim_end()))
                .and_then(policy::decode::base64_decode)
                .and_then(|bytes| String::from_utf8(bytes).ok());
            match decoded {
                Some(pair) => format!("(Basic, decoded) {pair}\n"),
                None => line.to_string(),
            }
        })
        .collect();
    bound.iter().fold(text, |text, bound| {
        text.replace(&bound.placeholder, "[placeholder]")
    })
}

/// What reading from `host` adds to the session's taint.
pub fn taint_after(shared: &Shared, host: &str) {
    let trust = trust(shared, host);
    shared
        .context
        .taint
        .grow(gate::taint_after(&trust, gate::Taint::default()));
}

/// The head as text, for the scan and the approval prompt.
pub fn head_text(head: &Head) -> String {
    let mut text = head.start.join(" ");
    text.push('\n');
    for (name, value) in &head.headers {
        text.push_str(name);
        text.push_str(": ");
        text.push_str(&String::from_utf8_lossy(value));
        text.push('\n');
    }
    text
}
