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
    let deadline = policy::model::deadline(rules.timeout_secs);
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
        let addrs = checked_addresses(&target.host, target.port, rules, deadline)?;
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

/// The addresses `host` (lowercase, IPv6 without brackets) may be
/// connected to on `port`, or why none may: `http.fetch` and the in-jail
/// proxy both connect only to what this returns.
pub(crate) fn checked_addresses(
    host: &str,
    port: u16,
    rules: &Egress,
    deadline: Instant,
) -> Result<Vec<SocketAddr>, EgressError> {
    let host = &host.to_string();
    if is_ip_literal(host) {
        // Only the standard form, and only when that exact address is listed:
        // `127.1`, `2130706433` and friends are refused here.
        let listed = host
            .parse::<IpAddr>()
            .ok()
            .filter(|addr| rules.allow_addresses.contains(addr));
        return match listed {
            Some(addr) => Ok(vec![SocketAddr::new(addr, port)]),
            None => Err(EgressError::IpLiteralNotAllowed { host: host.clone() }),
        };
    }
    if !host_allowed(&rules.allow, host) {
        return Err(EgressError::HostNotAllowed { host: host.clone() });
    }
    let mut addrs = resolve(host, port, deadline, rules.timeout_secs)?;
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
    if ca_file.is_none() {
        let system = SYSTEM.get_or_init(|| match system_roots() {
            Some(roots) => RootCerts::from(roots.iter().cloned()),
            None => RootCerts::WebPki,
        });
        return Ok(system.clone());
    }
    Ok(RootCerts::from(trusted_certificates(ca_file)?))
}

/// The certificates of [`trusted_roots`] one by one: the system's, then
/// those of `egress.ca_file` (a file without one, or with a private key,
/// is refused).
pub(crate) fn trusted_certificates(
    ca_file: Option<&std::path::Path>,
) -> Result<Vec<Certificate<'static>>, EgressError> {
    let mut roots: Vec<Certificate<'static>> = system_roots().unwrap_or_default().to_vec();
    let Some(path) = ca_file else {
        return Ok(roots);
    };
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
    Ok(roots)
}

/// A TLS client configuration for connections the supervisor makes itself
/// (the proxy's re-originated requests, the LLM gateway): the roots of
/// [`trusted_certificates`], HTTP/1.1 only, full certificate checks.
pub(crate) fn tls_client_config(
    ca_file: Option<&std::path::Path>,
) -> Result<std::sync::Arc<rustls::ClientConfig>, EgressError> {
    let mut store = rustls::RootCertStore::empty();
    for cert in trusted_certificates(ca_file)? {
        // A system certificate rustls cannot read is skipped, as ureq does.
        let _ = store.add(rustls::pki_types::CertificateDer::from(cert.der().to_vec()));
    }
    let no_roots = |reason: &str| EgressError::CaFile {
        path: ca_file.map_or_else(
            || "the system trust store".into(),
            |p| p.display().to_string(),
        ),
        reason: reason.to_string(),
    };
    if store.is_empty() {
        return Err(no_roots(
            "no CA certificate to trust https servers under (install ca-certificates, or set \
             egress.ca_file)",
        ));
    }
    let provider = std::sync::Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|err| no_roots(&err.to_string()))?
        .with_root_certificates(store)
        .with_no_client_auth();
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(std::sync::Arc::new(config))
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
#[path = "egress_tests.rs"]
mod tests;
