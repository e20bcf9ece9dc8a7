//! A `CONNECT` to a host an injected credential is bound to
//! (`egress.inject`), or to any host with `egress.inspect_tls = "all"`:
//! the proxy ends the jail's TLS itself, with a
//! certificate of the run's CA for that host, reads the one request
//! inside, puts the real value in place of the placeholder in its
//! headers, and sends it over a TLS connection of its own to the host,
//! checked as every https connection of the supervisor is (the system's
//! trust store and `egress.ca_file`). The response comes back with the
//! real value replaced by the placeholder. One request per connection
//! (`Connection: close`); HTTP/1.1 only (no `h2` is offered).

use std::io::{BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::time::Duration;

use rustls::pki_types::ServerName;

use super::check::Refusal;
use super::head::{self, is_token};
use super::inject::{Bound, Injection};
use super::relay::{self, Edits, Moved};
use super::request::Request;
use super::Shared;

/// How an inspected exchange ended, when it did not end well.
pub enum Failure {
    /// Refused by policy or malformed; the client was answered.
    Refused(Refusal),
    /// The host could not be reached or broke off.
    Failed(String),
}

/// The request headers bound hosts get: a body compressed by the host
/// could hold the real value where the response's rewriting cannot see.
pub const IDENTITY: &[(&str, &str)] = &[("Accept-Encoding", "identity")];

/// Serves the tunnel `request` asked for on `client` (the `CONNECT`
/// already answered), `early`: bytes the client sent before the answer.
/// The label of the credentials put in, when it went out.
pub fn serve(
    request: &Request,
    client: TcpStream,
    early: Vec<u8>,
    upstream: TcpStream,
    shared: &Shared,
    moved: &mut Moved,
) -> Result<String, Failure> {
    let secrets = &shared.context.secrets;
    let egress = &shared.context.profile.egress;
    let Some(injection) = secrets.injection.as_deref() else {
        return Err(Failure::Failed(
            "no injected credentials to inspect for".into(),
        ));
    };
    let idle = Duration::from_secs(egress.timeout_secs);
    let max_body = egress.max_response_bytes.0;
    let failed = |err: &dyn std::fmt::Display| Failure::Failed(err.to_string());
    let config = injection
        .ca
        .server_config(&request.host)
        .map_err(|err| failed(&err))?;
    let conn = rustls::ServerConnection::new(config).map_err(|err| failed(&err))?;
    // The tunnel's request is awaited as long as a plain one is.
    let _ = client.set_read_timeout(Some(idle));
    let tls = rustls::StreamOwned::new(conn, Prefixed::new(early, client));
    let mut reader = BufReader::new(tls);
    let answered_before = moved.down;
    let result = exchange(
        request,
        &mut reader,
        upstream,
        shared,
        max_body,
        idle,
        moved,
    );
    // Told inside the tunnel why, unless the response had begun.
    let answer = match &result {
        Err(Failure::Refused(refusal)) => Some((refusal.status, refusal.reason.clone())),
        Err(Failure::Failed(why)) if moved.down == answered_before => Some((502, why.clone())),
        _ => None,
    };
    if let Some((status, reason)) = answer {
        let bytes = super::answer(status, &reason, status == 403);
        if reader.get_mut().write_all(&bytes).is_ok() {
            moved.down += bytes.len() as u64;
        }
    }
    let tls = reader.get_mut();
    tls.conn.send_close_notify();
    let _ = tls.flush();
    result
}

/// The one request inside the tunnel, checked, sent, answered.
fn exchange(
    request: &Request,
    reader: &mut BufReader<rustls::StreamOwned<rustls::ServerConnection, Prefixed>>,
    upstream: TcpStream,
    shared: &Shared,
    max_body: u64,
    idle: Duration,
    moved: &mut Moved,
) -> Result<String, Failure> {
    let bad = |why: String| Failure::Refused(Refusal::bad_request(why));
    // A client that refuses our certificate ends the handshake here.
    let inner = head::read(reader).map_err(|err| match err {
        head::HeadError::Closed => Failure::Failed(
            "the client closed the tunnel without a request (did it trust the run's CA? \
             docs/network.md)"
                .into(),
        ),
        other => bad(other.to_string()),
    })?;
    moved.up += inner.size;
    let [method, target, version] = &inner.start;
    if !is_token(method)
        || !target.starts_with('/')
        || (version != "HTTP/1.1" && version != "HTTP/1.0")
    {
        return Err(bad(format!(
            "`{method} {target} {version}` is not an HTTP/1.1 request in origin form"
        )));
    }
    // What the request carries decides what goes in (its body is read
    // whole, so a placeholder in it is seen too).
    let body = relay::read_body(&inner, reader, max_body).map_err(|err| bad(err.to_string()))?;
    let inner_request = Request {
        method: method.clone(),
        host: request.host.clone(),
        port: request.port,
        path: Some(target.clone()),
    };
    let names = super::gate::credentials(shared, &inner_request, &inner, Some(&body), false)
        .map_err(Failure::Refused)?;
    // Seen now: gated as a plain request is (the tunnel's CONNECT was on
    // its head alone).
    let gated = super::gate::decide(shared, &inner_request, &inner, Some(&body))
        .map_err(Failure::Refused)?;
    let secrets = &shared.context.secrets;
    let bound: Vec<&Bound> = secrets
        .injection
        .as_deref()
        .map(|i| {
            i.bound
                .iter()
                .filter(|b| names.contains(&b.entry.credential))
                .collect()
        })
        .unwrap_or_default();
    upstream
        .set_read_timeout(Some(idle))
        .and_then(|()| upstream.set_write_timeout(Some(idle)))
        .map_err(|err| Failure::Failed(err.to_string()))?;
    let name = ServerName::try_from(request.host.clone())
        .map_err(|err| Failure::Failed(format!("{}: {err}", request.host)))?;
    let upstream_tls = secrets
        .injection
        .as_deref()
        .map(|i| Arc::clone(&i.upstream))
        .ok_or_else(|| Failure::Failed("no injected credentials".into()))?;
    let conn = rustls::ClientConnection::new(upstream_tls, name)
        .map_err(|err| Failure::Failed(err.to_string()))?;
    let to_host = rustls::StreamOwned::new(conn, upstream);
    let swap = |value: &[u8]| Injection::swap_in(&bound, value);
    // A host nothing is bound to (`egress.inspect_tls = "all"`) gets the
    // request as it was.
    let edits = if bound.is_empty() {
        Edits::default()
    } else {
        Edits {
            request_value: Some(&swap),
            request_set: IDENTITY,
            request_drop: &[],
            response_pairs: Injection::swap_out_pairs(&bound),
        }
    };
    let host = if request.port == 443 {
        request.authority_host()
    } else {
        format!("{}:{}", request.authority_host(), request.port)
    };
    let first = format!("{method} {target} HTTP/1.1");
    relay::forward_over(
        &first,
        &host,
        &inner,
        reader,
        Some(body),
        to_host,
        moved,
        &edits,
    )
    .map_err(|err| {
        let why = err.to_string();
        // The proxy's own check of the host failed, not the jail's.
        let hint = if why.contains("certificate") {
            " (the supervisor checks the host's certificate under the system's trust store \
             and egress.ca_file)"
        } else {
            ""
        };
        Failure::Failed(format!("{}:{}: {why}{hint}", request.host, request.port))
    })?;
    let what = if names.is_empty() {
        "TLS inspected".to_string()
    } else {
        format!("credential {} injected", names.join(", "))
    };
    Ok(super::join_label(&gated, &what))
}

/// The client's socket, with the bytes it sent before the tunnel was
/// answered read first.
pub struct Prefixed {
    early: std::io::Cursor<Vec<u8>>,
    stream: TcpStream,
}

impl Prefixed {
    fn new(early: Vec<u8>, stream: TcpStream) -> Prefixed {
        Prefixed {
            early: std::io::Cursor::new(early),
            stream,
        }
    }
}

impl Read for Prefixed {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self.early.read(buf)? {
            0 => self.stream.read(buf),
            n => Ok(n),
        }
    }
}

impl Write for Prefixed {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.stream.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.stream.flush()
    }
}
