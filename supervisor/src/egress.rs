//! The supervisor's HTTP client, behind the built-in tool `http.fetch`: one
//! request, checked against the profile's
//! `[egress]` rules before anything leaves the host.
//!
//! What is enforced, on the first URL and again on every redirect hop:
//! - only `http` and `https`, no `user:pass@` in the URL;
//! - the host is on `egress.allow` ([`policy::egress::host_allowed`]); an IP
//!   literal only when that exact address is in `egress.allow_addresses`;
//! - every address the name resolves to passes
//!   [`policy::egress::address_refusal`], and the connection goes only to
//!   those checked addresses (see [`PinnedResolver`]: no second lookup, so no
//!   DNS-rebinding window between check and connect);
//! - redirects are followed here, not by ureq: at most `egress.max_redirects`
//!   hops, never from https to http; 301/302/303 turn the request into a GET
//!   without a body;
//! - one deadline of `egress.timeout_secs` for the whole call, the response
//!   body read up to `egress.max_response_bytes` (the rest is not read), the
//!   request body capped at the same size;
//! - credential headers (`egress.headers`) are added per hop, only for hosts
//!   their pattern matches, so a redirect to another host does not carry
//!   them, and only over https to the entry's port
//!   ([`policy::egress::credential_refusal`]; a matching host reached
//!   otherwise is refused, naming `send_over_plain_http` or `port`); the
//!   caller may not set them, nor framing headers like `Host`;
//! - https servers are trusted under the system's trust store plus the CAs
//!   in `egress.ca_file` (see [`trusted_roots`]).
//!
//! A secret is never put in an error or in the [`FetchResponse`]: a server
//! that reflects the request (httpbin-style) gets its answer redacted with
//! the caller's [`Redactor`] before the body is cut at
//! `egress.max_response_bytes` (see [`Redactor::redact_cut`]), so a cut
//! through a credential shows no part of it, and the answer to a guess does
//! not depend on how much of it was right. HTTP error statuses are results,
//! not errors.

use std::collections::BTreeMap;
use std::io::Read;
use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
use std::str::FromStr;
use std::sync::{mpsc, OnceLock};
use std::time::Instant;

use policy::egress::{
    address_refusal, credential_refusal, host_allowed, is_ip_literal, CredentialRefusal,
    HostPattern,
};
use policy::model::Egress;
use policy::secrets::Redactor;
use secrecy::{ExposeSecret, SecretString};
use serde::{Deserialize, Serialize};
use ureq::config::Config;
use ureq::http::header::{self, HeaderMap, HeaderName, HeaderValue};
use ureq::http::{Method, Request, Response, Uri};
use ureq::tls::{parse_pem, Certificate, PemItem, RootCerts, TlsConfig};
use ureq::unversioned::resolver::{ResolvedSocketAddrs, Resolver};
use ureq::unversioned::transport::{DefaultConnector, NextTimeout};
use ureq::{Agent, AsSendBody, Body};

/// The arguments of `http.fetch`:
/// `{"url": ..., "method"?: "GET", "headers"?: {...}, "body"?: "..."}`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FetchRequest {
    pub url: String,
    /// GET, HEAD, POST, PUT, PATCH or DELETE (any case).
    #[serde(default = "default_method")]
    pub method: String,
    #[serde(default)]
    pub headers: BTreeMap<String, String>,
    #[serde(default)]
    pub body: Option<String>,
}

fn default_method() -> String {
    "GET".to_string()
}

/// The result of `http.fetch`: what the last server answered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FetchResponse {
    pub status: u16,
    /// Lowercase names; repeated headers joined with `, `.
    pub headers: BTreeMap<String, String>,
    /// Lossy UTF-8, credentials redacted, at most `egress.max_response_bytes`
    /// bytes of the body.
    pub body: String,
    /// Whether the body was cut: at `egress.max_response_bytes`, or where
    /// the read stopped (whose last bytes are dropped, see
    /// [`Redactor::redact_cut`]).
    pub truncated: bool,
    /// The URL that answered, after redirects.
    pub final_url: String,
}

/// One HTTP exchange (each redirect hop is one), for the audit log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EgressRecord {
    pub host: String,
    pub status: u16,
    /// Response body bytes read (0 for a redirect, whose body is not read).
    pub bytes: u64,
}

#[derive(Debug, thiserror::Error)]
pub enum EgressError {
    #[error("`{url}` is not a URL http.fetch can use: {reason}")]
    BadUrl { url: String, reason: String },
    #[error("scheme `{scheme}` is not allowed; only http and https URLs can be fetched")]
    Scheme { scheme: String },
    #[error(
        "`user:password@` in a URL is refused; credentials are added by the supervisor \
         (policy key egress.headers)"
    )]
    Userinfo,
    #[error("host `{host}` is not on the egress allowlist (policy key egress.allow)")]
    HostNotAllowed { host: String },
    #[error(
        "IP address `{host}` in the URL is not allowed; list it in egress.allow_addresses, \
         or use a host name on egress.allow"
    )]
    IpLiteralNotAllowed { host: String },
    #[error(
        "host `{host}` resolves to {addr}, {reason}, which is refused \
         (policy key egress.allow_addresses)"
    )]
    AddressRefused {
        host: String,
        addr: IpAddr,
        reason: &'static str,
    },
    #[error("cannot resolve host `{host}`: {reason}")]
    Resolve { host: String, reason: String },
    #[error("more than {max} redirects (policy key egress.max_redirects)")]
    TooManyRedirects { max: u32 },
    #[error("redirect from https to plain http (`{to}`) is refused")]
    HttpsDowngrade { to: String },
    #[error("redirect to `{location}` cannot be followed: {reason}")]
    BadRedirect { location: String, reason: String },
    #[error("the request did not finish within {secs} s (policy key egress.timeout_secs)")]
    Timeout { secs: u64 },
    #[error(
        "the request body is {len} bytes, over the limit of {max} \
         (policy key egress.max_response_bytes)"
    )]
    RequestBodyTooLarge { len: u64, max: u64 },
    #[error("method `{method}` is not supported; use GET, HEAD, POST, PUT, PATCH or DELETE")]
    Method { method: String },
    #[error("a {method} request cannot have a body")]
    BodyNotAllowed { method: String },
    #[error("header `{name}` cannot be set by the caller; the HTTP client sets it")]
    ForbiddenHeader { name: String },
    #[error("header `{name}` has an invalid name or value")]
    InvalidHeader { name: String },
    #[error(
        "header `{name}` is set by the supervisor from a credential for host `{host}` \
         (policy key egress.headers); leave it out of the request"
    )]
    CredentialHeaderOverride { name: String, host: String },
    #[error(
        "credential `{credential}` for host `{host}` is not available \
         (policy keys egress.headers and credentials)"
    )]
    CredentialMissing { credential: String, host: String },
    #[error(
        "credential `{credential}` cannot go in header `{header}`: with its prefix it is \
         not a valid header value (policy key egress.headers)"
    )]
    CredentialInvalid { credential: String, header: String },
    #[error(
        "credential `{credential}` for host `{host}` is sent only over https, and this request \
         is plain http; use an https URL, or set egress.headers[{index}].send_over_plain_http = \
         true to send it where anyone on the network can read it"
    )]
    CredentialOverPlainHttp {
        credential: String,
        host: String,
        index: usize,
    },
    #[error(
        "credential `{credential}` for host `{host}` is sent only to port {allowed}, and this \
         request is to port {port}; set egress.headers[{index}].port if that port is meant"
    )]
    CredentialPort {
        credential: String,
        host: String,
        port: u16,
        allowed: u16,
        index: usize,
    },
    #[error("request to `{host}` failed: {reason}")]
    Http { host: String, reason: String },
    #[error(
        "request to `{host}` failed: its certificate is issued by a CA neither the system's \
         trust store nor egress.ca_file holds ({reason}). Behind a TLS-inspecting proxy, put \
         the proxy's CA certificate (PEM) in a file and name it in the policy key \
         egress.ca_file"
    )]
    UnknownIssuer { host: String, reason: String },
    #[error("policy key egress.ca_file: cannot use {path}: {reason}; give a PEM file of CA certificates")]
    CaFile { path: String, reason: String },
}

/// Headers the caller may not set: framing and hop-by-hop headers, which
/// belong to the HTTP client and could otherwise smuggle a second request.
const CALLER_FORBIDDEN: &[&str] = &[
    "host",
    "content-length",
    "transfer-encoding",
    "connection",
    "keep-alive",
    "proxy-connection",
    "te",
    "trailer",
    "upgrade",
];

/// Caller headers dropped when a redirect leaves the first URL's origin,
/// as curl and browsers do: the caller meant them for that server.
const ORIGIN_BOUND: &[&str] = &["authorization", "cookie", "proxy-authorization"];

/// Performs `req` under `rules`. `credential` looks a credential up by its
/// name (`egress.headers[].credential`); `records` gets one entry per HTTP
/// exchange, also when an error follows.
pub fn fetch(
    req: &FetchRequest,
    rules: &Egress,
    credential: &dyn Fn(&str) -> Option<SecretString>,
    redactor: &Redactor,
    records: &mut Vec<EgressRecord>,
) -> Result<FetchResponse, EgressError> {
    let deadline = crate::state::deadline(rules.timeout_secs);
    let max_bytes = rules.max_response_bytes.0;
    let mut method = parse_method(&req.method)?;
    let caller_headers = caller_headers(&req.headers)?;
    let mut body = req.body.as_deref().map(str::as_bytes);
    if let Some(bytes) = body {
        if method == Method::GET || method == Method::HEAD {
            return Err(EgressError::BodyNotAllowed {
                method: method.to_string(),
            });
        }
        let len = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
        if len > max_bytes {
            return Err(EgressError::RequestBodyTooLarge {
                len,
                max: max_bytes,
            });
        }
    }

    let mut target = Target::parse(&req.url)?;
    let roots = trusted_roots(rules.ca_file.as_deref())?;
    let origin = target.origin();
    let mut redirects = 0;
    loop {
        let addrs = checked_addresses(&target, rules, deadline)?;
        let mut headers = HeaderMap::new();
        let same_origin = target.origin() == origin;
        for (name, value) in &caller_headers {
            if same_origin || !ORIGIN_BOUND.contains(&name.as_str()) {
                headers.append(name.clone(), value.clone());
            }
        }
        add_credentials(&mut headers, &target, rules, credential)?;

        let agent = pinned_agent(&target, addrs, deadline, rules, &roots)?;
        let mut response = match body {
            Some(bytes) => send(&agent, &target, &method, headers, bytes),
            None => send(&agent, &target, &method, headers, ()),
        }
        .map_err(|err| http_error(err, &target.host, rules.timeout_secs))?;
        let status = response.status().as_u16();

        if let Some(location) = redirect_location(&response) {
            records.push(EgressRecord {
                host: target.host.clone(),
                status,
                bytes: 0,
            });
            if redirects >= rules.max_redirects {
                return Err(EgressError::TooManyRedirects {
                    max: rules.max_redirects,
                });
            }
            redirects += 1;
            target = target.redirect(&location)?;
            if matches!(status, 301..=303) && method != Method::HEAD {
                method = Method::GET;
                body = None;
            }
            continue;
        }

        // Read past the cap, so that a credential the server reflected
        // across it is seen whole and redacted before the body is cut.
        let lookahead = u64::try_from(redactor.lookahead()).unwrap_or(u64::MAX);
        let read = read_capped(response.body_mut(), max_bytes.saturating_add(lookahead));
        let (bytes, more) = read.map_err(|err| io_error(err, &target.host, rules))?;
        records.push(EgressRecord {
            host: target.host.clone(),
            status,
            bytes: u64::try_from(bytes.len()).unwrap_or(u64::MAX),
        });
        let max = usize::try_from(max_bytes).unwrap_or(usize::MAX);
        let (body, truncated) = redactor.redact_cut(&String::from_utf8_lossy(&bytes), more, max);
        let mut headers = response_headers(response.headers());
        for value in headers.values_mut() {
            *value = redactor.redact(value);
        }
        return Ok(FetchResponse {
            status,
            headers,
            body,
            truncated,
            final_url: redactor.redact(&target.uri.to_string()),
        });
    }
}

fn parse_method(method: &str) -> Result<Method, EgressError> {
    match method.to_ascii_uppercase().as_str() {
        "GET" => Ok(Method::GET),
        "HEAD" => Ok(Method::HEAD),
        "POST" => Ok(Method::POST),
        "PUT" => Ok(Method::PUT),
        "PATCH" => Ok(Method::PATCH),
        "DELETE" => Ok(Method::DELETE),
        _ => Err(EgressError::Method {
            method: method.to_string(),
        }),
    }
}

fn caller_headers(
    headers: &BTreeMap<String, String>,
) -> Result<Vec<(HeaderName, HeaderValue)>, EgressError> {
    let mut out = Vec::with_capacity(headers.len());
    for (name, value) in headers {
        let invalid = || EgressError::InvalidHeader { name: name.clone() };
        let parsed = HeaderName::from_bytes(name.as_bytes()).map_err(|_| invalid())?;
        if CALLER_FORBIDDEN.contains(&parsed.as_str()) {
            return Err(EgressError::ForbiddenHeader { name: name.clone() });
        }
        let value = HeaderValue::from_str(value).map_err(|_| invalid())?;
        out.push((parsed, value));
    }
    Ok(out)
}

/// Adds the credential headers whose host pattern matches `host`; the first
/// matching entry for a header name wins.
fn add_credentials(
    headers: &mut HeaderMap,
    target: &Target,
    rules: &Egress,
    credential: &dyn Fn(&str) -> Option<SecretString>,
) -> Result<(), EgressError> {
    let host = target.host.as_str();
    let mut ours: Vec<HeaderName> = Vec::new();
    for (index, entry) in rules.headers.iter().enumerate() {
        if !host_allowed(std::slice::from_ref::<HostPattern>(&entry.host), host) {
            continue;
        }
        let name = HeaderName::from_bytes(entry.header.as_bytes()).map_err(|_| {
            EgressError::CredentialInvalid {
                credential: entry.credential.clone(),
                header: entry.header.clone(),
            }
        })?;
        if ours.contains(&name) {
            continue;
        }
        if headers.contains_key(&name) {
            return Err(EgressError::CredentialHeaderOverride {
                name: entry.header.clone(),
                host: host.to_string(),
            });
        }
        // Refused rather than left out: the caller learns why at once, and
        // nothing goes to a server that may expect the credential.
        match credential_refusal(entry, target.https, target.port) {
            None => {}
            Some(CredentialRefusal::PlainHttp) => {
                return Err(EgressError::CredentialOverPlainHttp {
                    credential: entry.credential.clone(),
                    host: host.to_string(),
                    index,
                })
            }
            Some(CredentialRefusal::Port { allowed }) => {
                return Err(EgressError::CredentialPort {
                    credential: entry.credential.clone(),
                    host: host.to_string(),
                    port: target.port,
                    allowed,
                    index,
                })
            }
        }
        let secret =
            credential(&entry.credential).ok_or_else(|| EgressError::CredentialMissing {
                credential: entry.credential.clone(),
                host: host.to_string(),
            })?;
        // Built inside a SecretString so the joined text is zeroed on drop.
        let text = SecretString::from(format!("{}{}", entry.prefix, secret.expose_secret()));
        let mut value = HeaderValue::from_str(text.expose_secret()).map_err(|_| {
            EgressError::CredentialInvalid {
                credential: entry.credential.clone(),
                header: entry.header.clone(),
            }
        })?;
        value.set_sensitive(true);
        headers.insert(name.clone(), value);
        ours.push(name);
    }
    Ok(())
}

/// A checked URL: http(s), no userinfo, a host in a form both the policy and
/// the connection read the same way.
#[derive(Debug, Clone)]
struct Target {
    uri: Uri,
    https: bool,
    /// Lowercase, IPv6 without brackets.
    host: String,
    port: u16,
}

impl Target {
    fn parse(url: &str) -> Result<Target, EgressError> {
        let bad = |reason: &str| EgressError::BadUrl {
            url: url.to_string(),
            reason: reason.to_string(),
        };
        // The fragment is the client's business; it is never sent.
        let without_fragment = url.split('#').next().unwrap_or_default();
        let (scheme, rest) = match without_fragment.split_once(':') {
            Some((scheme, rest)) if has_scheme(without_fragment) => (scheme, rest),
            _ => {
                return Err(bad(
                    "it has no scheme; write it like \"https://example.com/\"",
                ))
            }
        };
        let scheme = scheme.to_ascii_lowercase();
        let https = match scheme.as_str() {
            "http" => false,
            "https" => true,
            _ => return Err(EgressError::Scheme { scheme }),
        };
        // With the scheme in lowercase, which is how ureq recognises it.
        let uri =
            Uri::from_str(&format!("{scheme}:{rest}")).map_err(|err| bad(&err.to_string()))?;
        let authority = uri.authority().ok_or_else(|| bad("it has no host"))?;
        if authority.as_str().contains('@') {
            return Err(EgressError::Userinfo);
        }
        let raw_host = authority.host();
        let host = match raw_host.strip_prefix('[') {
            Some(inner) => {
                let inner = inner
                    .strip_suffix(']')
                    .ok_or_else(|| bad("bad IPv6 address"))?;
                // Zone ids (`%25eth0`) and other forms are not accepted.
                inner
                    .parse::<std::net::Ipv6Addr>()
                    .map_err(|_| bad("bad IPv6 address"))?;
                inner.to_ascii_lowercase()
            }
            None => raw_host.to_ascii_lowercase(),
        };
        let plain = |c: char| c.is_ascii_alphanumeric() || c == '.' || c == '-' || c == ':';
        if host.is_empty() || !host.chars().all(plain) {
            return Err(bad("the host must be a DNS name or an IP address"));
        }
        let port = uri.port_u16().unwrap_or(if https { 443 } else { 80 });
        Ok(Target {
            uri,
            https,
            host,
            port,
        })
    }

    fn origin(&self) -> (bool, String, u16) {
        (self.https, self.host.clone(), self.port)
    }

    /// The next hop for a `Location` header, checked like a first URL.
    fn redirect(&self, location: &str) -> Result<Target, EgressError> {
        let bad = |reason: String| EgressError::BadRedirect {
            location: location.to_string(),
            reason,
        };
        let absolute = resolve_reference(&self.uri, location).map_err(bad)?;
        let next = Target::parse(&absolute).map_err(|err| match err {
            EgressError::BadUrl { reason, .. } => bad(reason),
            other => other,
        })?;
        if self.https && !next.https {
            return Err(EgressError::HttpsDowngrade { to: absolute });
        }
        Ok(next)
    }
}

/// RFC 3986 §5.2 reference resolution, for `Location` values (absolute,
/// scheme-relative, absolute-path, query-only or relative-path).
fn resolve_reference(base: &Uri, reference: &str) -> Result<String, String> {
    let reference = reference.split('#').next().unwrap_or_default().trim();
    let scheme = base.scheme_str().unwrap_or("http");
    let authority = base.authority().map(|a| a.as_str()).unwrap_or_default();
    let base_path = base.path();
    if has_scheme(reference) {
        return Ok(reference.to_string());
    }
    if reference.starts_with("//") {
        return Ok(format!("{scheme}:{reference}"));
    }
    let (path, query) = match reference.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (reference, None),
    };
    let path_is_base = path.is_empty();
    let merged = if path_is_base {
        base_path.to_string()
    } else if path.starts_with('/') {
        path.to_string()
    } else {
        let dir = base_path.rfind('/').map_or("/", |end| &base_path[..=end]);
        format!("{dir}{path}")
    };
    let path = remove_dot_segments(&merged);
    let query = match query {
        Some(query) => format!("?{query}"),
        // An empty reference (or `#frag` alone) is the base itself.
        None if path_is_base => base.query().map(|q| format!("?{q}")).unwrap_or_default(),
        None => String::new(),
    };
    if authority.is_empty() {
        return Err("the current URL has no host".to_string());
    }
    Ok(format!("{scheme}://{authority}{path}{query}"))
}

fn has_scheme(reference: &str) -> bool {
    let Some((scheme, _)) = reference.split_once(':') else {
        return false;
    };
    let mut chars = scheme.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
}

fn remove_dot_segments(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    let segments: Vec<&str> = path.split('/').skip(1).collect();
    let last = segments.len().saturating_sub(1);
    for (index, segment) in segments.iter().enumerate() {
        match *segment {
            "." | ".." => {
                if *segment == ".." {
                    out.pop();
                }
                if index == last {
                    out.push("");
                }
            }
            other => out.push(other),
        }
    }
    format!("/{}", out.join("/"))
}

/// The addresses `target` may be connected to, or why none may.
fn checked_addresses(
    target: &Target,
    rules: &Egress,
    deadline: Instant,
) -> Result<Vec<SocketAddr>, EgressError> {
    let host = &target.host;
    if is_ip_literal(host) {
        // Only the standard form, and only when that exact address is listed:
        // `127.1`, `2130706433` and friends are refused here.
        let listed = host
            .parse::<IpAddr>()
            .ok()
            .filter(|addr| rules.allow_addresses.contains(addr));
        return match listed {
            Some(addr) => Ok(vec![SocketAddr::new(addr, target.port)]),
            None => Err(EgressError::IpLiteralNotAllowed { host: host.clone() }),
        };
    }
    if !host_allowed(&rules.allow, host) {
        return Err(EgressError::HostNotAllowed { host: host.clone() });
    }
    let mut addrs = resolve(host, target.port, deadline, rules.timeout_secs)?;
    // A name with one refused address is refused whole: a mix of public and
    // internal answers is what a rebinding attack looks like.
    for addr in &addrs {
        if let Some(reason) = address_refusal(addr.ip(), &rules.allow_addresses) {
            return Err(EgressError::AddressRefused {
                host: host.clone(),
                addr: addr.ip(),
                reason,
            });
        }
    }
    addrs.truncate(MAX_ADDRS);
    Ok(addrs)
}

/// How many addresses ureq's resolver can hand on.
const MAX_ADDRS: usize = 16;

/// The system resolver (getaddrinfo, so /etc/hosts counts), run on a thread
/// so the deadline holds; a lookup that overruns is abandoned.
fn resolve(
    host: &str,
    port: u16,
    deadline: Instant,
    secs: u64,
) -> Result<Vec<SocketAddr>, EgressError> {
    let (tx, rx) = mpsc::sync_channel(1);
    let name = host.to_string();
    std::thread::spawn(move || {
        let answer = (name.as_str(), port)
            .to_socket_addrs()
            .map(|addrs| addrs.collect::<Vec<_>>());
        let _ = tx.send(answer);
    });
    let remaining = deadline.saturating_duration_since(Instant::now());
    let failed = |reason: String| EgressError::Resolve {
        host: host.to_string(),
        reason,
    };
    match rx.recv_timeout(remaining) {
        Ok(Ok(addrs)) if addrs.is_empty() => Err(failed("no addresses".to_string())),
        Ok(Ok(addrs)) => Ok(addrs),
        Ok(Err(err)) => Err(failed(err.to_string())),
        Err(mpsc::RecvTimeoutError::Timeout) => Err(EgressError::Timeout { secs }),
        Err(mpsc::RecvTimeoutError::Disconnected) => Err(failed("the lookup failed".to_string())),
    }
}

/// Hands ureq the addresses [`checked_addresses`] approved, and nothing
/// else.
///
/// Why a resolver rather than resolving inside ureq and checking in a
/// connector: ureq 3 resolves through this trait and connects to exactly the
/// addresses it returns, so returning the already-checked list pins the
/// connection to them with no second DNS lookup (no rebinding window), while
/// TLS still verifies the certificate against the URL's host name. Proxies
/// are off, so ureq never asks for another host; if it did, it gets no
/// address.
#[derive(Debug)]
struct PinnedResolver {
    host: String,
    port: u16,
    addrs: Vec<SocketAddr>,
}

impl Resolver for PinnedResolver {
    fn resolve(
        &self,
        uri: &Uri,
        _config: &Config,
        _timeout: NextTimeout,
    ) -> Result<ResolvedSocketAddrs, ureq::Error> {
        let asked = Target::parse(&uri.to_string()).map_err(|_| ureq::Error::HostNotFound)?;
        if asked.host != self.host || asked.port != self.port {
            return Err(ureq::Error::HostNotFound);
        }
        let mut out = self.empty();
        for addr in &self.addrs {
            if out.try_push(*addr).is_err() {
                break;
            }
        }
        if out.is_empty() {
            return Err(ureq::Error::HostNotFound);
        }
        Ok(out)
    }
}

/// The system's trust store (`rustls-native-certs`: `SSL_CERT_FILE`,
/// `SSL_CERT_DIR`, else the distribution's bundle), read once per process.
/// None where it holds no certificate.
fn system_roots() -> Option<&'static [Certificate<'static>]> {
    static ROOTS: OnceLock<Vec<Certificate<'static>>> = OnceLock::new();
    let roots = ROOTS.get_or_init(|| {
        rustls_native_certs::load_native_certs()
            .certs
            .iter()
            .map(|der| Certificate::from_der(der.as_ref()).to_owned())
            .collect()
    });
    (!roots.is_empty()).then_some(roots.as_slice())
}

/// What https servers are trusted under: the system's trust store plus
/// `egress.ca_file`; the roots built into ureq (Mozilla's) only where the
/// system has none and no file is given.
fn trusted_roots(ca_file: Option<&std::path::Path>) -> Result<RootCerts, EgressError> {
    static SYSTEM: OnceLock<RootCerts> = OnceLock::new();
    let Some(path) = ca_file else {
        let system = SYSTEM.get_or_init(|| match system_roots() {
            Some(roots) => RootCerts::from(roots.iter().cloned()),
            None => RootCerts::WebPki,
        });
        return Ok(system.clone());
    };
    let mut roots: Vec<Certificate<'static>> = system_roots().unwrap_or_default().to_vec();
    let failed = |reason: String| EgressError::CaFile {
        path: path.display().to_string(),
        reason,
    };
    let pem = std::fs::read(path).map_err(|err| failed(err.to_string()))?;
    let before = roots.len();
    for item in parse_pem(&pem) {
        match item.map_err(|err| failed(err.to_string()))? {
            PemItem::Certificate(cert) => roots.push(cert),
            PemItem::PrivateKey(_) => {
                return Err(failed(
                    "it holds a private key; give only the CA's certificate".into(),
                ))
            }
            _ => {}
        }
    }
    if roots.len() == before {
        return Err(failed("it holds no PEM certificate".into()));
    }
    Ok(RootCerts::from(roots))
}

/// An agent for one hop: pinned addresses, no proxy, no automatic
/// redirects, statuses as results, `roots` for https, and what is left of
/// the deadline.
fn pinned_agent(
    target: &Target,
    addrs: Vec<SocketAddr>,
    deadline: Instant,
    rules: &Egress,
    roots: &RootCerts,
) -> Result<Agent, EgressError> {
    let remaining = deadline.saturating_duration_since(Instant::now());
    if remaining.is_zero() {
        return Err(EgressError::Timeout {
            secs: rules.timeout_secs,
        });
    }
    let config = Agent::config_builder()
        .tls_config(TlsConfig::builder().root_certs(roots.clone()).build())
        .proxy(None)
        .max_redirects(0)
        .max_redirects_will_error(false)
        .http_status_as_error(false)
        .timeout_global(Some(remaining))
        .build();
    let resolver = PinnedResolver {
        host: target.host.clone(),
        port: target.port,
        addrs,
    };
    Ok(Agent::with_parts(
        config,
        DefaultConnector::default(),
        resolver,
    ))
}

fn send(
    agent: &Agent,
    target: &Target,
    method: &Method,
    headers: HeaderMap,
    body: impl AsSendBody,
) -> Result<Response<Body>, ureq::Error> {
    let mut request = Request::new(body);
    *request.method_mut() = method.clone();
    *request.uri_mut() = target.uri.clone();
    *request.headers_mut() = headers;
    agent.run(request)
}

fn redirect_location(response: &Response<Body>) -> Option<String> {
    if !matches!(response.status().as_u16(), 301 | 302 | 303 | 307 | 308) {
        return None;
    }
    let location = response.headers().get(header::LOCATION)?;
    Some(String::from_utf8_lossy(location.as_bytes()).into_owned())
}

/// Reads at most `max` bytes; whether there was more (which is left unread).
fn read_capped(body: &mut Body, max: u64) -> std::io::Result<(Vec<u8>, bool)> {
    let mut bytes = Vec::new();
    body.as_reader()
        .take(max.saturating_add(1))
        .read_to_end(&mut bytes)?;
    let cap = usize::try_from(max).unwrap_or(usize::MAX);
    let truncated = bytes.len() > cap;
    bytes.truncate(cap);
    Ok((bytes, truncated))
}

fn response_headers(headers: &HeaderMap) -> BTreeMap<String, String> {
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    for (name, value) in headers {
        let value = String::from_utf8_lossy(value.as_bytes());
        out.entry(name.as_str().to_string())
            .and_modify(|joined| {
                joined.push_str(", ");
                joined.push_str(&value);
            })
            .or_insert_with(|| value.into_owned());
    }
    out
}

fn http_error(err: ureq::Error, host: &str, secs: u64) -> EgressError {
    match err {
        ureq::Error::Timeout(_) => EgressError::Timeout { secs },
        ureq::Error::Io(io) if io.kind() == std::io::ErrorKind::TimedOut => {
            EgressError::Timeout { secs }
        }
        err if unknown_issuer(&err) => EgressError::UnknownIssuer {
            host: host.to_string(),
            reason: err.to_string(),
        },
        other => EgressError::Http {
            host: host.to_string(),
            reason: other.to_string(),
        },
    }
}

/// Whether the server's certificate chains to no trusted root; rustls's
/// error comes as itself or inside the handshake's I/O error.
fn unknown_issuer(err: &ureq::Error) -> bool {
    let tls = match err {
        ureq::Error::Rustls(tls) => Some(tls),
        ureq::Error::Io(io) => io.get_ref().and_then(|e| e.downcast_ref::<rustls::Error>()),
        _ => None,
    };
    matches!(
        tls,
        Some(rustls::Error::InvalidCertificate(
            rustls::CertificateError::UnknownIssuer
        ))
    )
}

fn io_error(err: std::io::Error, host: &str, rules: &Egress) -> EgressError {
    if err.kind() == std::io::ErrorKind::TimedOut {
        return EgressError::Timeout {
            secs: rules.timeout_secs,
        };
    }
    // ureq wraps its own errors (a timeout among them) in the reader's.
    let text = err.to_string();
    let reason = match err
        .into_inner()
        .map(|inner| inner.downcast::<ureq::Error>())
    {
        Some(Ok(ureq_err)) => return http_error(*ureq_err, host, rules.timeout_secs),
        Some(Err(inner)) => inner.to_string(),
        None => text,
    };
    EgressError::Http {
        host: host.to_string(),
        reason,
    }
}

#[cfg(test)]
mod tests {
    //! Against a real HTTP/1.1 server on 127.0.0.1 (a thread with a
    //! `TcpListener`), reached as `localhost` (a name on `egress.allow` that
    //! resolves to a listed loopback address) or as the literal `127.0.0.1`
    //! (admitted through `egress.allow_addresses` alone). Those two spellings
    //! are the two "hosts" of the credential test: host patterns carry no
    //! port and cannot be IP literals, so a credential for `localhost` must
    //! not follow a redirect to `127.0.0.1`, and no /etc/hosts entry is needed.

    use super::*;
    use std::io::{BufRead, BufReader, Write};
    use std::net::{TcpListener, TcpStream};
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};
    use std::thread::JoinHandle;
    use std::time::Duration;

    use policy::model::CredentialHeader;
    use policy::size::ByteSize;
    use rstest::rstest;

    /// A request as the server received it.
    #[derive(Debug, Clone)]
    struct Seen {
        method: String,
        target: String,
        /// Lowercase names.
        headers: BTreeMap<String, String>,
        body: Vec<u8>,
    }

    struct Server {
        port: u16,
        seen: Arc<Mutex<Vec<Seen>>>,
        connections: Arc<AtomicUsize>,
        stop: Arc<AtomicBool>,
        thread: Option<JoinHandle<()>>,
    }

    impl Server {
        /// Serves one request per connection with `handler`'s raw response.
        fn start(handler: impl Fn(&Seen) -> Vec<u8> + Send + 'static) -> Server {
            let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
            listener.set_nonblocking(true).expect("nonblocking");
            let port = listener.local_addr().expect("addr").port();
            let seen = Arc::new(Mutex::new(Vec::new()));
            let connections = Arc::new(AtomicUsize::new(0));
            let stop = Arc::new(AtomicBool::new(false));
            let thread = {
                let (seen, connections, stop) = (seen.clone(), connections.clone(), stop.clone());
                std::thread::spawn(move || loop {
                    match listener.accept() {
                        Ok((stream, _)) => {
                            connections.fetch_add(1, Ordering::SeqCst);
                            if let Some(request) = serve(stream, &handler) {
                                seen.lock().expect("lock").push(request);
                            }
                        }
                        // Pending connections are drained before a stop.
                        Err(err) if err.kind() == std::io::ErrorKind::WouldBlock => {
                            if stop.load(Ordering::SeqCst) {
                                break;
                            }
                            std::thread::sleep(Duration::from_millis(5));
                        }
                        Err(err) => panic!("accept: {err}"),
                    }
                })
            };
            Server {
                port,
                seen,
                connections,
                stop,
                thread: Some(thread),
            }
        }

        fn url(&self, host: &str, path: &str) -> String {
            format!("http://{host}:{}{path}", self.port)
        }

        /// Stops the server; the connections it accepted and the requests
        /// it read.
        fn stop(mut self) -> (usize, Vec<Seen>) {
            self.stop.store(true, Ordering::SeqCst);
            if let Some(thread) = self.thread.take() {
                thread.join().expect("server thread");
            }
            let seen = self.seen.lock().expect("lock").clone();
            (self.connections.load(Ordering::SeqCst), seen)
        }
    }

    fn serve(stream: TcpStream, handler: &impl Fn(&Seen) -> Vec<u8>) -> Option<Seen> {
        stream.set_nonblocking(false).ok()?;
        stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
        let mut reader = BufReader::new(stream.try_clone().ok()?);
        let mut line = String::new();
        reader.read_line(&mut line).ok()?;
        let mut parts = line.split_whitespace();
        let method = parts.next()?.to_string();
        let target = parts.next()?.to_string();
        let mut headers = BTreeMap::new();
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).ok()?;
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            let (name, value) = line.split_once(':')?;
            headers.insert(name.trim().to_ascii_lowercase(), value.trim().to_string());
        }
        let len: usize = headers
            .get("content-length")
            .map_or(0, |len| len.parse().expect("content-length"));
        let mut body = vec![0; len];
        reader.read_exact(&mut body).ok()?;
        let seen = Seen {
            method,
            target,
            headers,
            body,
        };
        let mut stream = stream;
        let _ = stream.write_all(&handler(&seen));
        let _ = stream.flush();
        Some(seen)
    }

    fn reply(status: u16, headers: &[(&str, &str)], body: &[u8]) -> Vec<u8> {
        let mut head = format!(
            "HTTP/1.1 {status} Whatever\r\nContent-Length: {}\r\nConnection: close\r\n",
            body.len()
        );
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        let mut out = head.into_bytes();
        out.extend_from_slice(body);
        out
    }

    fn rules(allow: &[&str], addresses: &[&str]) -> Egress {
        Egress {
            allow: allow
                .iter()
                .map(|p| HostPattern::try_from(p.to_string()).expect("pattern"))
                .collect(),
            allow_addresses: addresses
                .iter()
                .map(|a| a.parse().expect("address"))
                .collect(),
            ..Egress::default()
        }
    }

    /// `localhost` allowed, and the loopback addresses it may resolve to.
    fn local_rules() -> Egress {
        rules(&["localhost"], &["127.0.0.1", "::1"])
    }

    fn get(url: &str) -> FetchRequest {
        FetchRequest {
            url: url.to_string(),
            method: "GET".to_string(),
            headers: BTreeMap::new(),
            body: None,
        }
    }

    /// `super::fetch` with nothing to redact.
    fn fetch(
        req: &FetchRequest,
        rules: &Egress,
        credential: &dyn Fn(&str) -> Option<SecretString>,
        records: &mut Vec<EgressRecord>,
    ) -> Result<FetchResponse, EgressError> {
        super::fetch(req, rules, credential, &Redactor::default(), records)
    }

    fn no_credentials(_: &str) -> Option<SecretString> {
        None
    }

    #[test]
    fn get_returns_status_headers_and_body() {
        let server = Server::start(|_| reply(200, &[("X-Test", "yes")], b"hello"));
        let mut records = Vec::new();
        let response = fetch(
            &get(&server.url("localhost", "/path?q=1")),
            &local_rules(),
            &no_credentials,
            &mut records,
        )
        .expect("fetch");
        assert_eq!(response.status, 200);
        assert_eq!(response.body, "hello");
        assert!(!response.truncated);
        assert_eq!(
            response.headers.get("x-test").map(String::as_str),
            Some("yes")
        );
        assert_eq!(response.final_url, server.url("localhost", "/path?q=1"));
        assert_eq!(
            records,
            vec![EgressRecord {
                host: "localhost".to_string(),
                status: 200,
                bytes: 5
            }]
        );
        let (_, seen) = server.stop();
        assert_eq!(seen.len(), 1);
        assert_eq!(seen[0].method, "GET");
        assert_eq!(seen[0].target, "/path?q=1");
        assert!(seen[0].body.is_empty());
    }

    #[test]
    fn error_status_is_a_result() {
        let server = Server::start(|_| reply(404, &[], b"nope"));
        let response = fetch(
            &get(&server.url("localhost", "/missing")),
            &local_rules(),
            &no_credentials,
            &mut Vec::new(),
        )
        .expect("a 404 is not an error");
        assert_eq!((response.status, response.body.as_str()), (404, "nope"));
        server.stop();
    }

    #[test]
    fn host_not_on_allowlist_is_refused_before_connecting() {
        let server = Server::start(|_| reply(200, &[], b"secret data"));
        let mut records = Vec::new();
        let err = fetch(
            &get(&server.url("localhost", "/")),
            &rules(&["example.com"], &["127.0.0.1", "::1"]),
            &no_credentials,
            &mut records,
        )
        .expect_err("refused");
        assert!(matches!(err, EgressError::HostNotAllowed { .. }), "{err:?}");
        assert_eq!(
            err.to_string(),
            "host `localhost` is not on the egress allowlist (policy key egress.allow)"
        );
        assert!(records.is_empty());
        assert_eq!(server.stop().0, 0, "the server saw a connection");
    }

    #[rstest]
    #[case::not_listed("127.0.0.1", &[])]
    #[case::other_listed("127.0.0.1", &["127.0.0.2"])]
    #[case::short_form("127.1", &["127.0.0.1"])]
    #[case::decimal_form("2130706433", &["127.0.0.1"])]
    #[case::mapped_form("[::ffff:127.0.0.1]", &["127.0.0.1"])]
    fn ip_literal_is_refused_unless_that_address_is_listed(
        #[case] host: &str,
        #[case] addresses: &[&str],
    ) {
        let server = Server::start(|_| reply(200, &[], b"secret data"));
        let err = fetch(
            &get(&server.url(host, "/")),
            &rules(&["localhost"], addresses),
            &no_credentials,
            &mut Vec::new(),
        )
        .expect_err("refused");
        assert!(
            matches!(err, EgressError::IpLiteralNotAllowed { .. }),
            "{err:?}"
        );
        assert!(err.to_string().contains("egress.allow_addresses"), "{err}");
        assert_eq!(server.stop().0, 0, "the server saw a connection");
    }

    #[test]
    fn listed_ip_literal_is_fetched() {
        let server = Server::start(|_| reply(200, &[], b"ok"));
        let response = fetch(
            &get(&server.url("127.0.0.1", "/")),
            &rules(&[], &["127.0.0.1"]),
            &no_credentials,
            &mut Vec::new(),
        )
        .expect("fetch");
        assert_eq!(response.body, "ok");
        server.stop();
    }

    #[test]
    fn allowed_name_resolving_to_loopback_is_refused_unless_listed() {
        let server = Server::start(|_| reply(200, &[], b"secret data"));
        let err = fetch(
            &get(&server.url("localhost", "/")),
            &rules(&["localhost"], &[]),
            &no_credentials,
            &mut Vec::new(),
        )
        .expect_err("refused");
        assert!(matches!(err, EgressError::AddressRefused { .. }), "{err:?}");
        let message = err.to_string();
        assert!(message.contains("loopback"), "{message}");
        assert!(message.contains("egress.allow_addresses"), "{message}");
        assert_eq!(server.stop().0, 0, "the server saw a connection");
    }

    #[test]
    fn pinned_resolver_answers_only_for_the_checked_host() {
        let resolver = PinnedResolver {
            host: "localhost".to_string(),
            port: 8080,
            addrs: vec!["127.0.0.1:8080".parse().expect("addr")],
        };
        let timeout = NextTimeout::default();
        let ask =
            |url: &str| resolver.resolve(&url.parse().expect("uri"), &Config::default(), timeout);
        let answer = ask("http://LOCALHOST:8080/x").expect("pinned");
        assert_eq!(answer.len(), 1);
        assert_eq!(answer[0], "127.0.0.1:8080".parse().expect("addr"));
        assert!(ask("http://localhost:8081/").is_err());
        assert!(ask("http://example.com:8080/").is_err());
    }

    #[test]
    fn redirect_to_host_not_on_allowlist_is_refused() {
        let server = Server::start(|_| reply(302, &[("Location", "http://evil.example/x")], b""));
        let mut records = Vec::new();
        let err = fetch(
            &get(&server.url("localhost", "/")),
            &local_rules(),
            &no_credentials,
            &mut records,
        )
        .expect_err("refused");
        assert_eq!(
            err.to_string(),
            "host `evil.example` is not on the egress allowlist (policy key egress.allow)"
        );
        assert_eq!(
            records,
            vec![EgressRecord {
                host: "localhost".to_string(),
                status: 302,
                bytes: 0
            }]
        );
        server.stop();
    }

    #[test]
    fn redirect_to_unlisted_address_is_refused() {
        let server = Server::start(|_| {
            reply(
                301,
                &[("Location", "http://169.254.169.254/latest/meta-data/")],
                b"",
            )
        });
        let err = fetch(
            &get(&server.url("localhost", "/")),
            &local_rules(),
            &no_credentials,
            &mut Vec::new(),
        )
        .expect_err("refused");
        assert!(
            matches!(err, EgressError::IpLiteralNotAllowed { .. }),
            "{err:?}"
        );
        server.stop();
    }

    /// `/0` redirects (relatively) to `/1`, … up to `/3`, which answers.
    fn chain_server() -> Server {
        Server::start(|seen| {
            let n: u32 = seen.target.trim_start_matches('/').parse().expect("n");
            if n == 3 {
                reply(200, &[], b"done")
            } else {
                reply(302, &[("Location", &(n + 1).to_string())], b"")
            }
        })
    }

    #[test]
    fn redirect_chain_within_the_limit_is_followed() {
        let server = chain_server();
        let mut records = Vec::new();
        let rules = Egress {
            max_redirects: 3,
            ..local_rules()
        };
        let response = fetch(
            &get(&server.url("localhost", "/0")),
            &rules,
            &no_credentials,
            &mut records,
        )
        .expect("fetch");
        assert_eq!(response.body, "done");
        assert_eq!(response.final_url, server.url("localhost", "/3"));
        let statuses: Vec<u16> = records.iter().map(|r| r.status).collect();
        assert_eq!(statuses, [302, 302, 302, 200]);
        server.stop();
    }

    #[test]
    fn redirect_chain_longer_than_max_redirects_is_refused() {
        let server = chain_server();
        let mut records = Vec::new();
        let rules = Egress {
            max_redirects: 2,
            ..local_rules()
        };
        let err = fetch(
            &get(&server.url("localhost", "/0")),
            &rules,
            &no_credentials,
            &mut records,
        )
        .expect_err("refused");
        assert_eq!(
            err.to_string(),
            "more than 2 redirects (policy key egress.max_redirects)"
        );
        assert_eq!(records.len(), 3);
        let (_, seen) = server.stop();
        let targets: Vec<&str> = seen.iter().map(|s| s.target.as_str()).collect();
        assert_eq!(targets, ["/0", "/1", "/2"]);
    }

    #[test]
    fn https_to_http_redirect_is_refused() {
        let here = Target::parse("https://example.com/a").expect("url");
        let err = here.redirect("http://example.com/b").expect_err("refused");
        assert!(matches!(err, EgressError::HttpsDowngrade { .. }), "{err:?}");
        let next = here.redirect("/b").expect("same scheme");
        assert_eq!(next.uri.to_string(), "https://example.com/b");
        let next = Target::parse("http://example.com/a")
            .expect("url")
            .redirect("https://example.com/b")
            .expect("upgrade");
        assert!(next.https);
    }

    #[rstest]
    #[case::at_cap(100, 100, false)]
    #[case::over_cap(1000, 100, true)]
    #[case::under_cap(10, 100, false)]
    fn body_is_cut_at_max_response_bytes(
        #[case] size: usize,
        #[case] cap: u64,
        #[case] truncated: bool,
    ) {
        let server = Server::start(move |_| reply(200, &[], &vec![b'a'; size]));
        let mut records = Vec::new();
        let rules = Egress {
            max_response_bytes: ByteSize(cap),
            ..local_rules()
        };
        let response = fetch(
            &get(&server.url("localhost", "/big")),
            &rules,
            &no_credentials,
            &mut records,
        )
        .expect("fetch");
        let expected = size.min(usize::try_from(cap).expect("cap"));
        assert_eq!(response.body.len(), expected);
        assert_eq!(response.truncated, truncated);
        assert_eq!(records[0].bytes, u64::try_from(expected).expect("len"));
        server.stop();
    }

    /// `Authorization: Bearer s3cret-value` for `localhost`, over plain
    /// http (the test servers speak no TLS), to `port` only.
    fn credential_rules(port: u16) -> Egress {
        Egress {
            headers: vec![CredentialHeader {
                host: HostPattern::try_from("localhost".to_string()).expect("pattern"),
                header: "Authorization".to_string(),
                credential: "token".to_string(),
                prefix: "Bearer ".to_string(),
                port: Some(port),
                send_over_plain_http: true,
            }],
            ..local_rules()
        }
    }

    fn token(name: &str) -> Option<SecretString> {
        (name == "token").then(|| SecretString::from("s3cret-value"))
    }

    #[test]
    fn credential_goes_to_the_matching_host_only() {
        let other = Server::start(|_| reply(200, &[], b"landed"));
        let landing = other.url("127.0.0.1", "/landing");
        let first = Server::start(move |_| reply(302, &[("Location", &landing)], b""));
        let mut request = get(&first.url("localhost", "/start"));
        request
            .headers
            .insert("X-Caller".to_string(), "1".to_string());
        let mut records = Vec::new();
        let rules = credential_rules(first.port);
        let response = fetch(&request, &rules, &token, &mut records).expect("fetch");
        assert_eq!(response.body, "landed");
        assert_eq!(response.final_url, other.url("127.0.0.1", "/landing"));
        let json = serde_json::to_string(&response).expect("json");
        assert!(!json.contains("s3cret"), "{json}");
        let hosts: Vec<&str> = records.iter().map(|r| r.host.as_str()).collect();
        assert_eq!(hosts, ["localhost", "127.0.0.1"]);

        let (_, first_seen) = first.stop();
        let (_, other_seen) = other.stop();
        assert_eq!(
            first_seen[0]
                .headers
                .get("authorization")
                .map(String::as_str),
            Some("Bearer s3cret-value")
        );
        assert_eq!(
            first_seen[0].headers.get("x-caller").map(String::as_str),
            Some("1")
        );
        assert_eq!(other_seen.len(), 1);
        assert_eq!(other_seen[0].headers.get("authorization"), None);
        assert_eq!(
            other_seen[0].headers.get("x-caller").map(String::as_str),
            Some("1")
        );
    }

    #[rstest]
    #[case::plain_http(false, None, "send_over_plain_http")]
    #[case::another_port(true, Some(1), "egress.headers[0].port")]
    fn credential_outside_its_scheme_or_port_is_refused_and_nothing_sent(
        #[case] plain_allowed: bool,
        #[case] port: Option<u16>,
        #[case] key: &str,
    ) {
        let server = Server::start(|_| reply(200, &[], b""));
        let mut rules = credential_rules(server.port);
        rules.headers[0].send_over_plain_http = plain_allowed;
        rules.headers[0].port = port;
        let err = fetch(
            &get(&server.url("localhost", "/")),
            &rules,
            &token,
            &mut Vec::new(),
        )
        .expect_err("refused");
        assert!(err.to_string().contains(key), "{err}");
        assert!(!err.to_string().contains("s3cret"), "{err}");
        assert_eq!(server.stop().0, 0, "the server saw a connection");
    }

    /// A server that reflects the request, and a cap that cuts through the
    /// reflected credential: no part of it comes back.
    #[test]
    fn reflected_credential_is_redacted_before_the_cut() {
        let server = Server::start(|seen| {
            let mut text = format!("{} {}\r\n", seen.method, seen.target);
            for (name, value) in &seen.headers {
                text.push_str(&format!("{name}: {value}\r\n"));
            }
            reply(200, &[], text.as_bytes())
        });
        let redactor = Redactor::new(&["s3cret-value"]);
        let mut rules = credential_rules(server.port);
        for max in [20, 40, 60, 80, 100, 4096] {
            rules.max_response_bytes = ByteSize(max);
            let response = super::fetch(
                &get(&server.url("localhost", "/")),
                &rules,
                &token,
                &redactor,
                &mut Vec::new(),
            )
            .expect("fetch");
            assert!(response.body.len() <= 4096, "{max}");
            for piece in [
                "s3c", "3cr", "cre", "ret", "et-", "-va", "val", "alu", "lue",
            ] {
                assert!(!response.body.contains(piece), "{max}: {}", response.body);
            }
        }
        let (_, seen) = server.stop();
        assert!(seen
            .iter()
            .all(|s| s.headers.get("authorization").map(String::as_str)
                == Some("Bearer s3cret-value")));
    }

    #[test]
    fn caller_authorization_does_not_follow_a_redirect_to_another_origin() {
        let other = Server::start(|_| reply(200, &[], b"landed"));
        let landing = other.url("127.0.0.1", "/");
        let first = Server::start(move |_| reply(307, &[("Location", &landing)], b""));
        let mut request = get(&first.url("localhost", "/"));
        request
            .headers
            .insert("Authorization".to_string(), "Basic mine".to_string());
        fetch(&request, &local_rules(), &no_credentials, &mut Vec::new()).expect("fetch");
        let (_, first_seen) = first.stop();
        let (_, other_seen) = other.stop();
        assert!(first_seen[0].headers.contains_key("authorization"));
        assert!(!other_seen[0].headers.contains_key("authorization"));
    }

    #[rstest]
    #[case::credential_header("AUTHORIZATION", "CredentialHeaderOverride")]
    #[case::host("Host", "ForbiddenHeader")]
    #[case::content_length("content-length", "ForbiddenHeader")]
    #[case::transfer_encoding("Transfer-Encoding", "ForbiddenHeader")]
    #[case::connection("Connection", "ForbiddenHeader")]
    #[case::bad_name("Bad Name", "InvalidHeader")]
    fn caller_may_not_set_credential_or_framing_headers(#[case] name: &str, #[case] variant: &str) {
        let server = Server::start(|_| reply(200, &[], b""));
        let mut request = get(&server.url("localhost", "/"));
        request.headers.insert(name.to_string(), "x".to_string());
        let rules = credential_rules(server.port);
        let err = fetch(&request, &rules, &token, &mut Vec::new()).expect_err("refused");
        assert!(format!("{err:?}").starts_with(variant), "{err:?}");
        assert!(!err.to_string().contains("s3cret"));
        assert_eq!(server.stop().0, 0, "the server saw a connection");
    }

    #[test]
    fn header_value_with_a_line_break_is_refused() {
        let mut request = get("http://localhost/");
        request
            .headers
            .insert("X-A".to_string(), "x\r\nHost: evil".to_string());
        let err =
            fetch(&request, &local_rules(), &no_credentials, &mut Vec::new()).expect_err("refused");
        assert!(matches!(err, EgressError::InvalidHeader { .. }), "{err:?}");
    }

    #[test]
    fn missing_credential_is_named_and_nothing_is_sent() {
        let server = Server::start(|_| reply(200, &[], b""));
        let err = fetch(
            &get(&server.url("localhost", "/")),
            &credential_rules(server.port),
            &no_credentials,
            &mut Vec::new(),
        )
        .expect_err("refused");
        assert_eq!(
            err.to_string(),
            "credential `token` for host `localhost` is not available \
             (policy keys egress.headers and credentials)"
        );
        assert_eq!(server.stop().0, 0, "the server saw a connection");
    }

    #[test]
    fn unusable_credential_is_refused_without_showing_it() {
        let bad = |_: &str| Some(SecretString::from("leak\r\nme"));
        let err = fetch(
            &get("http://localhost:1/"),
            &credential_rules(1),
            &bad,
            &mut Vec::new(),
        )
        .expect_err("refused");
        assert!(
            matches!(err, EgressError::CredentialInvalid { .. }),
            "{err:?}"
        );
        assert!(!err.to_string().contains("leak"), "{err}");
        assert!(!format!("{err:?}").contains("leak"), "{err:?}");
    }

    #[test]
    fn post_body_arrives_intact() {
        let server = Server::start(|seen| reply(201, &[], &seen.body));
        let body = "line one\r\nline two: ünïcödé {\"json\": true}\n\0end".to_string();
        let request = FetchRequest {
            url: server.url("localhost", "/upload"),
            method: "post".to_string(),
            headers: BTreeMap::from([("Content-Type".to_string(), "text/plain".to_string())]),
            body: Some(body.clone()),
        };
        let response =
            fetch(&request, &local_rules(), &no_credentials, &mut Vec::new()).expect("fetch");
        assert_eq!(response.status, 201);
        assert_eq!(response.body, body);
        let (_, seen) = server.stop();
        assert_eq!(seen[0].method, "POST");
        assert_eq!(seen[0].body, body.as_bytes());
        assert_eq!(
            seen[0].headers.get("content-type").map(String::as_str),
            Some("text/plain")
        );
    }

    #[rstest]
    #[case::see_other(303, "GET")]
    #[case::found(302, "GET")]
    #[case::temporary(307, "POST")]
    fn redirect_after_post(#[case] status: u16, #[case] then: &str) {
        let server = Server::start(move |seen| {
            if seen.target == "/form" {
                reply(status, &[("Location", "/done")], b"")
            } else {
                reply(200, &[], b"ok")
            }
        });
        let request = FetchRequest {
            url: server.url("localhost", "/form"),
            method: "POST".to_string(),
            headers: BTreeMap::new(),
            body: Some("a=1".to_string()),
        };
        fetch(&request, &local_rules(), &no_credentials, &mut Vec::new()).expect("fetch");
        let (_, seen) = server.stop();
        assert_eq!(seen[1].target, "/done");
        assert_eq!(seen[1].method, then);
        let expected: &[u8] = if then == "GET" { b"" } else { b"a=1" };
        assert_eq!(seen[1].body, expected);
    }

    #[test]
    fn request_body_over_the_cap_is_refused() {
        let server = Server::start(|_| reply(200, &[], b""));
        let request = FetchRequest {
            url: server.url("localhost", "/"),
            method: "PUT".to_string(),
            headers: BTreeMap::new(),
            body: Some("x".repeat(11)),
        };
        let rules = Egress {
            max_response_bytes: ByteSize(10),
            ..local_rules()
        };
        let err = fetch(&request, &rules, &no_credentials, &mut Vec::new()).expect_err("refused");
        assert!(
            err.to_string().contains("egress.max_response_bytes"),
            "{err}"
        );
        assert_eq!(server.stop().0, 0, "the server saw a connection");
    }

    #[test]
    fn slow_server_hits_the_timeout() {
        let server = Server::start(|_| {
            std::thread::sleep(Duration::from_millis(2500));
            reply(200, &[], b"late")
        });
        let rules = Egress {
            timeout_secs: 1,
            ..local_rules()
        };
        // The error is the behaviour: the server answers only after 2.5 s,
        // so an answer would have been a body, not this. No clock bound: a
        // loaded machine must not fail it.
        let err = fetch(
            &get(&server.url("localhost", "/")),
            &rules,
            &no_credentials,
            &mut Vec::new(),
        )
        .expect_err("timed out");
        assert_eq!(
            err.to_string(),
            "the request did not finish within 1 s (policy key egress.timeout_secs)"
        );
        server.stop();
    }

    #[rstest]
    #[case::ftp("ftp://localhost/", "Scheme")]
    #[case::file("file:///etc/passwd", "Scheme")]
    #[case::userinfo("http://user:pw@localhost/", "Userinfo")]
    #[case::user_only("http://user@localhost/", "Userinfo")]
    #[case::no_scheme("localhost/x", "BadUrl")]
    #[case::port_only("localhost:80", "Scheme")]
    #[case::no_host("http:///x", "BadUrl")]
    #[case::zone("http://[fe80::1%25lo]/", "BadUrl")]
    #[case::garbage("http://exa mple.com/", "BadUrl")]
    fn bad_urls_are_refused(#[case] url: &str, #[case] variant: &str) {
        let err = fetch(&get(url), &local_rules(), &no_credentials, &mut Vec::new())
            .expect_err("refused");
        assert!(format!("{err:?}").starts_with(variant), "{url}: {err:?}");
    }

    #[rstest]
    #[case::trace("TRACE", None, "Method")]
    #[case::connect("CONNECT", None, "Method")]
    #[case::get_body("GET", Some("x"), "BodyNotAllowed")]
    #[case::head_body("HEAD", Some("x"), "BodyNotAllowed")]
    fn bad_methods_are_refused(
        #[case] method: &str,
        #[case] body: Option<&str>,
        #[case] variant: &str,
    ) {
        let request = FetchRequest {
            url: "http://localhost/".to_string(),
            method: method.to_string(),
            headers: BTreeMap::new(),
            body: body.map(str::to_string),
        };
        let err =
            fetch(&request, &local_rules(), &no_credentials, &mut Vec::new()).expect_err("refused");
        assert!(format!("{err:?}").starts_with(variant), "{err:?}");
    }

    #[rstest]
    #[case::relative("c", "http://h:1/a/c")]
    #[case::parent("../c", "http://h:1/c")]
    #[case::dot_dir("./", "http://h:1/a/")]
    #[case::absolute_path("/d?e", "http://h:1/d?e")]
    #[case::query_only("?y", "http://h:1/a/b?y")]
    #[case::empty("", "http://h:1/a/b?x")]
    #[case::fragment("#top", "http://h:1/a/b?x")]
    #[case::scheme_relative("//o.example/p", "http://o.example/p")]
    #[case::absolute("https://o.example/p#f", "https://o.example/p")]
    fn location_is_resolved_against_the_current_url(#[case] location: &str, #[case] want: &str) {
        let base: Uri = "http://h:1/a/b?x".parse().expect("uri");
        assert_eq!(resolve_reference(&base, location).as_deref(), Ok(want));
    }

    #[test]
    fn request_json_has_defaults_and_no_unknown_fields() {
        let request: FetchRequest =
            serde_json::from_str(r#"{"url": "https://example.com/"}"#).expect("json");
        assert_eq!(request, get("https://example.com/"));
        let unknown = serde_json::from_str::<FetchRequest>(r#"{"url": "x", "proxy": "y"}"#);
        assert!(unknown.is_err());
    }
}
