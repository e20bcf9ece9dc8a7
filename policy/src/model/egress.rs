//! `[egress]`: what the supervisor's HTTP client may reach, and the
//! credential headers it adds. The host pattern and the IP-literal test
//! live here, beside the keys they check; [`crate::egress`] makes the
//! decisions at request time from them.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::path::PathBuf;

use serde::{Deserialize, Deserializer, Serialize};

use super::paths::check_absolute;
use crate::size::ByteSize;

/// What the supervisor's HTTP client (`http.fetch`, and the in-jail proxy)
/// may reach.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Egress {
    /// Hosts that may be requested; nothing when empty.
    pub allow: Vec<HostPattern>,
    /// Addresses that may be a URL's host, and be connected to although
    /// they are loopback, private, link-local or otherwise refused.
    #[serde(deserialize_with = "addresses")]
    pub allow_addresses: Vec<IpAddr>,
    pub max_response_bytes: ByteSize,
    pub timeout_secs: u64,
    /// Each hop is checked against `allow` and the address rules again.
    pub max_redirects: u32,
    /// Credentials added as headers to requests to matching hosts.
    pub headers: Vec<CredentialHeader>,
    /// PEM file of extra CA certificates https servers are trusted under,
    /// besides the system's trust store (a TLS-inspecting proxy's CA).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "ca_file"
    )]
    pub ca_file: Option<PathBuf>,
    /// The port of the in-jail HTTP proxy on the jail's own loopback
    /// (docs/network.md); 0: no proxy.
    #[serde(deserialize_with = "proxy_port")]
    pub proxy_port: u16,
    /// Ports the proxy opens `CONNECT` tunnels to (default: 443 only).
    #[serde(deserialize_with = "connect_ports")]
    pub connect_ports: Vec<u16>,
    /// Trust properties of hosts reached through the proxy, by pattern
    /// (each covered by `allow`); a host not listed is a public source and
    /// a public sink.
    pub hosts: BTreeMap<HostPattern, HostTrust>,
    /// Credentials the jail sees only as placeholders, swapped for the
    /// real value by the proxy in requests to their hosts.
    pub inject: Vec<Injected>,
    /// Which `CONNECT` tunnels the proxy ends TLS in when credentials are
    /// injected: only those to bound hosts, or all (so a placeholder is
    /// seen on its way to any host).
    pub inspect_tls: InspectTls,
}

/// `egress.inspect_tls`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum InspectTls {
    /// Tunnels to hosts an `egress.inject` entry binds; others are blind.
    #[default]
    Bound,
    /// Every tunnel, while any credential is injected.
    All,
}

/// `[[egress.inject]]`: a credential the jail holds only a placeholder of
/// (same prefix, length and character classes, made from a per-run key),
/// in the variables `env` names. The proxy puts the real value in place
/// of the placeholder in the headers of requests to `hosts` on `port`:
/// over HTTPS by ending the jail's TLS with a CA made for the run and
/// opening its own connection, over plain http only where
/// `send_over_plain_http` says so. A placeholder on its way anywhere else
/// is refused.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Injected {
    /// A name from `credentials`.
    pub credential: String,
    /// Where the real value may go; each covered by `egress.allow`.
    pub hosts: Vec<HostPattern>,
    /// The jail's variables that hold the placeholder; by default one
    /// named like the credential.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env: Vec<String>,
    /// The one port the value goes to (default 443).
    #[serde(default = "https_port")]
    pub port: u16,
    /// Whether the value may go over plain http, where anyone on the path
    /// reads it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub send_over_plain_http: bool,
}

fn https_port() -> u16 {
    443
}

impl Injected {
    /// The variables holding the placeholder.
    pub fn env_names(&self) -> Vec<String> {
        if self.env.is_empty() {
            vec![self.credential.clone()]
        } else {
            self.env.clone()
        }
    }

    /// Whether the real value goes to `host:port`.
    pub fn bound_to(&self, host: &str, port: u16) -> bool {
        port == self.port && self.hosts.iter().any(|h| h.matches(host))
    }
}

/// `[egress.hosts."NAME"]`: what data from and to one host is, as a
/// tool's trust properties are (policy::gate): reading from a public
/// source taints the session, and a tainted session's request to a public
/// sink is gated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct HostTrust {
    /// What it answers may come from anyone (an index of uploads, a forum).
    pub public_source: bool,
    /// What it is sent may become visible to others.
    pub public_sink: bool,
    /// What it answers may contain secrets.
    pub secret_data: bool,
}

impl Default for HostTrust {
    /// An undeclared host: public both ways, no secrets.
    fn default() -> Self {
        HostTrust {
            public_source: true,
            public_sink: true,
            secret_data: false,
        }
    }
}

impl Egress {
    /// The trust of `host`: the entry of `hosts` that matches it (an exact
    /// name before a wildcard, the longest wildcard first), else the
    /// default.
    pub fn host_trust(&self, host: &str) -> HostTrust {
        self.hosts
            .iter()
            .filter(|(pattern, _)| pattern.matches(host))
            .max_by_key(|(pattern, _)| {
                (!pattern.as_str().starts_with("*."), pattern.as_str().len())
            })
            .map(|(_, trust)| *trust)
            .unwrap_or_default()
    }
}

/// The proxy port when none is set.
pub const DEFAULT_PROXY_PORT: u16 = 3128;

impl Default for Egress {
    fn default() -> Self {
        Egress {
            allow: Vec::new(),
            allow_addresses: Vec::new(),
            max_response_bytes: ByteSize(10 << 20),
            timeout_secs: 30,
            max_redirects: 5,
            headers: Vec::new(),
            ca_file: None,
            proxy_port: DEFAULT_PROXY_PORT,
            connect_ports: vec![443],
            hosts: BTreeMap::new(),
            inject: Vec::new(),
            inspect_tls: InspectTls::Bound,
        }
    }
}

/// `header: prefix + secret`, added by the supervisor to requests to hosts
/// matching `host`; the jail never sees the value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CredentialHeader {
    pub host: HostPattern,
    #[serde(deserialize_with = "header_name")]
    pub header: String,
    /// A name from `credentials`.
    pub credential: String,
    /// Put before the secret, like `"Bearer "`.
    #[serde(default, deserialize_with = "header_prefix")]
    pub prefix: String,
    /// The one port the header goes to; by default 443 (https), or 80 for
    /// plain http where that is allowed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<u16>,
    /// Whether the header may go over plain http, where anyone on the path
    /// reads it. Off: credentials go only over TLS.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub send_over_plain_http: bool,
}

fn ca_file<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<PathBuf>, D::Error> {
    let path = PathBuf::from(String::deserialize(deserializer)?);
    check_absolute(&path).map_err(|e| serde::de::Error::custom(format!("egress.ca_file {e}")))?;
    Ok(Some(path))
}

fn addresses<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<IpAddr>, D::Error> {
    Vec::<String>::deserialize(deserializer)?
        .into_iter()
        .map(|text| {
            text.parse().map_err(|_| {
                serde::de::Error::custom(format!(
                    "`{text}` is not an IP address: list addresses like \"127.0.0.1\" or \"::1\" \
                     (host names go in `egress.allow`)"
                ))
            })
        })
        .collect()
}

fn proxy_port<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u16, D::Error> {
    let value = toml::Value::deserialize(deserializer)?;
    value
        .as_integer()
        .and_then(|n| u16::try_from(n).ok())
        .ok_or_else(|| {
            serde::de::Error::custom(format!(
                "egress.proxy_port = {value} is not a port: give a number from 1 to 65535 for \
                 the proxy in the jail (default 3128), or 0 for no proxy"
            ))
        })
}

fn connect_ports<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u16>, D::Error> {
    Vec::<toml::Value>::deserialize(deserializer)?
        .into_iter()
        .map(|value| {
            value
                .as_integer()
                .and_then(|n| u16::try_from(n).ok())
                .filter(|&n| n != 0)
                .ok_or_else(|| {
                    serde::de::Error::custom(format!(
                        "egress.connect_ports: {value} is not a port: list numbers from 1 to \
                         65535, like [443]"
                    ))
                })
        })
        .collect()
}

fn header_name<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    let name = String::deserialize(deserializer)?;
    // RFC 9110 token characters.
    let valid = !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "!#$%&'*+-.^_`|~".contains(c));
    if valid {
        Ok(name)
    } else {
        Err(serde::de::Error::custom(format!(
            "`{name}` is not an HTTP header name: use letters, digits and `-`, like \"Authorization\""
        )))
    }
}

fn header_prefix<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    let prefix = String::deserialize(deserializer)?;
    // A line break would let the value start a header of its own.
    if prefix.contains(['\r', '\n', '\0']) {
        Err(serde::de::Error::custom(
            "a header `prefix` may not contain line breaks or NUL bytes",
        ))
    } else {
        Ok(prefix)
    }
}

/// An egress host pattern: a lowercase DNS name (`example.com`), or
/// `*.example.com` for every name below it (not `example.com` itself).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct HostPattern(String);

impl HostPattern {
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `host` matches, ignoring case and one trailing dot.
    pub fn matches(&self, host: &str) -> bool {
        let host = host.strip_suffix('.').unwrap_or(host).to_ascii_lowercase();
        match self.0.strip_prefix("*.") {
            Some(domain) => host
                .strip_suffix(domain)
                .and_then(|rest| rest.strip_suffix('.'))
                .is_some_and(|below| !below.is_empty()),
            None => host == self.0,
        }
    }

    /// Whether every host `other` matches is matched by this pattern too.
    pub fn covers(&self, other: &HostPattern) -> bool {
        match (self.0.strip_prefix("*."), other.0.strip_prefix("*.")) {
            (Some(_), Some(domain)) => self.matches(&format!("x.{domain}")),
            (None, Some(_)) => false,
            (_, None) => self.matches(&other.0),
        }
    }
}

impl TryFrom<String> for HostPattern {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        let form =
            "write a host name like \"example.com\", or \"*.example.com\" for its subdomains";
        let refuse = |what: &str| Err(format!("`{text}` {what}; {form}"));
        if text.contains("://") {
            return refuse("has a scheme");
        }
        if text.contains('/') {
            return refuse("has a path");
        }
        if text == "*" {
            return refuse("would allow every host");
        }
        let (wildcard, name) = match text.strip_prefix("*.") {
            Some(name) => (true, name),
            None => (false, text.as_str()),
        };
        let ip = "is an IP address (list addresses in `egress.allow_addresses`)";
        if name.starts_with('[') || name.parse::<IpAddr>().is_ok() {
            return refuse(ip);
        }
        if name.contains(':') {
            return refuse("has a port");
        }
        if is_ip_literal(name) {
            return refuse(ip);
        }
        if name.contains('*') {
            return refuse("has a `*` that is not the whole first label");
        }
        if name.chars().any(|c| c.is_ascii_uppercase()) {
            return Err(format!(
                "`{text}` has capitals; write it in lowercase: \"{}\"",
                text.to_ascii_lowercase()
            ));
        }
        if name.len() > 253 {
            return refuse("is longer than 253 characters");
        }
        for label in name.split('.') {
            let valid = (1..=63).contains(&label.len())
                && label
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                && !label.starts_with('-')
                && !label.ends_with('-');
            if !valid {
                return refuse(
                    "has a label that is empty, too long, or not made of a-z, 0-9 and inner `-` \
                     (write international names in punycode, xn--…)",
                );
            }
        }
        if wildcard && !name.contains('.') {
            return refuse("would allow a whole top-level domain");
        }
        Ok(HostPattern(text))
    }
}

impl From<HostPattern> for String {
    fn from(pattern: HostPattern) -> String {
        pattern.0
    }
}

impl std::fmt::Display for HostPattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// Whether `host` is, or would be taken by a resolver or URL parser as, an
/// IP address rather than a name: dotted quads, bracketed or bare IPv6, and
/// the forms `inet_aton` and URL parsers accept (`127.1`, `0x7f.1`,
/// `0177.0.0.1`, `2130706433`). Any host whose last label is a number counts,
/// as in the WHATWG URL standard, because no DNS name ends in one.
pub fn is_ip_literal(host: &str) -> bool {
    let host = host.trim_end_matches('.');
    // `:` never appears in a DNS name: any IPv6 form, or one with a zone.
    if host.starts_with('[') || host.contains(':') {
        return true;
    }
    if host.parse::<IpAddr>().is_ok() {
        return true;
    }
    host.rsplit('.').next().is_some_and(is_numeric_label)
}

/// A decimal, octal (leading 0) or `0x` hexadecimal number, as inet_aton
/// reads each part.
fn is_numeric_label(label: &str) -> bool {
    if label.is_empty() {
        return false;
    }
    if label.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    label
        .strip_prefix("0x")
        .or_else(|| label.strip_prefix("0X"))
        .is_some_and(|hex| hex.bytes().all(|b| b.is_ascii_hexdigit()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    #[rstest]
    #[case("*.x.com", "*.x.com", true)]
    #[case("*.x.com", "*.a.x.com", true)]
    #[case("*.x.com", "a.x.com", true)]
    #[case("*.x.com", "x.com", false)]
    #[case("*.a.x.com", "*.x.com", false)]
    #[case("x.com", "*.x.com", false)]
    #[case("x.com", "x.com", true)]
    fn host_pattern_covers(#[case] outer: &str, #[case] inner: &str, #[case] covers: bool) {
        let pattern = |p: &str| HostPattern::try_from(p.to_string()).expect("valid");
        assert_eq!(pattern(outer).covers(&pattern(inner)), covers);
    }
}
