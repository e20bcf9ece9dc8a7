//! Decisions for the supervisor's HTTP client: which hosts may be asked for
//! at all, and which addresses may be connected to.
//!
//! Both checks are needed: a permitted name can resolve (or be made to
//! resolve, by DNS rebinding) to a loopback, private or cloud-metadata
//! address, so the supervisor checks every address it connects to, after
//! resolution and on every redirect hop, with [`address_refusal`].

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

pub use crate::model::egress::is_ip_literal;
use crate::model::CredentialHeader;
pub use crate::model::HostPattern;

/// Why a credential header whose host matches must still not go with a
/// request: the scheme or the port is not the one its entry allows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CredentialRefusal {
    /// Plain http, and the entry does not set `send_over_plain_http`.
    PlainHttp,
    /// Another port than the entry's `port` (default 443, or 80 for plain
    /// http where allowed).
    Port { allowed: u16 },
}

/// Whether `entry`'s credential may go with a request over `https` (else
/// plain http) to `port`; `None` when it may.
pub fn credential_refusal(
    entry: &CredentialHeader,
    https: bool,
    port: u16,
) -> Option<CredentialRefusal> {
    if !https && !entry.send_over_plain_http {
        return Some(CredentialRefusal::PlainHttp);
    }
    let allowed = entry.port.unwrap_or(if https { 443 } else { 80 });
    (port != allowed).then_some(CredentialRefusal::Port { allowed })
}

/// Whether `host` (from a URL, after its parser has decoded it) is matched by
/// one of the patterns. Case and one trailing dot are ignored; IP literals
/// never match, since patterns name hosts.
pub fn host_allowed(allow: &[HostPattern], host: &str) -> bool {
    !is_ip_literal(host) && allow.iter().any(|pattern| pattern.matches(host))
}

/// Why the supervisor must not connect to `addr`, or `None` when it may.
/// Addresses listed in `allow_addresses` are always permitted (tests listen
/// on 127.0.0.1); the IPv4-mapped form of a listed IPv4 address is too.
pub fn address_refusal(addr: IpAddr, allow_addresses: &[IpAddr]) -> Option<&'static str> {
    if allow_addresses
        .iter()
        .any(|allowed| allowed.to_canonical() == addr.to_canonical())
    {
        return None;
    }
    match addr {
        IpAddr::V4(v4) => v4_refusal(v4),
        IpAddr::V6(v6) => v6_refusal(v6),
    }
}

fn v4_refusal(addr: Ipv4Addr) -> Option<&'static str> {
    let reason = match addr.octets() {
        [0, 0, 0, 0] => "the unspecified address (0.0.0.0)",
        // Linux connects 0.x.x.x to the local host.
        [0, ..] => "a this-network address (0.0.0.0/8)",
        [127, ..] => "a loopback address (127.0.0.0/8)",
        [10, ..] => "a private address (10.0.0.0/8)",
        [172, b, ..] if b & 0xf0 == 16 => "a private address (172.16.0.0/12)",
        [192, 168, ..] => "a private address (192.168.0.0/16)",
        [169, 254, ..] => {
            "a link-local address (169.254.0.0/16, where cloud metadata services live)"
        }
        [100, b, ..] if b & 0xc0 == 64 => "a shared address (100.64.0.0/10, carrier-grade NAT)",
        [192, 0, 0, _] => "an IETF protocol address (192.0.0.0/24)",
        [192, 0, 2, _] | [198, 51, 100, _] | [203, 0, 113, _] => {
            "a documentation address (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24)"
        }
        [198, b, ..] if b & 0xfe == 18 => "a benchmarking address (198.18.0.0/15)",
        [255, 255, 255, 255] => "the broadcast address",
        [a, ..] if a & 0xf0 == 224 => "a multicast address (224.0.0.0/4)",
        [a, ..] if a & 0xf0 == 240 => "a reserved address (240.0.0.0/4)",
        _ => return None,
    };
    Some(reason)
}

fn v6_refusal(addr: Ipv6Addr) -> Option<&'static str> {
    let s = addr.segments();
    let embedded = |hi: u16, lo: u16| {
        let [a, b] = hi.to_be_bytes();
        let [c, d] = lo.to_be_bytes();
        Ipv4Addr::new(a, b, c, d)
    };
    if addr.is_unspecified() {
        return Some("the unspecified address (::)");
    }
    if addr.is_loopback() {
        return Some("a loopback address (::1)");
    }
    // Forms that carry an IPv4 address, which is what is really reached
    // (directly, or through a NAT64 or 6to4 gateway): judge that address.
    if s[..5] == [0; 5] && (s[5] == 0xffff || s[5] == 0) {
        // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated).
        return v4_refusal(embedded(s[6], s[7]));
    }
    if s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        return v4_refusal(embedded(s[6], s[7]));
    }
    if s[0] == 0x2002 {
        return v4_refusal(embedded(s[1], s[2]));
    }
    let reason = match s[0] {
        a if a & 0xffc0 == 0xfe80 => "a link-local address (fe80::/10)",
        a if a & 0xffc0 == 0xfec0 => "a site-local address (fec0::/10)",
        a if a & 0xfe00 == 0xfc00 => "a unique local address (fc00::/7)",
        a if a & 0xff00 == 0xff00 => "a multicast address (ff00::/8)",
        0x2001 if s[1] == 0x0db8 => "a documentation address (2001:db8::/32)",
        0x3fff if s[1] & 0xf000 == 0 => "a documentation address (3fff::/20)",
        0x0100 if s[1..4] == [0, 0, 0] => "a discard-only address (100::/64)",
        _ => return None,
    };
    Some(reason)
}

#[cfg(test)]
#[path = "egress_tests.rs"]
mod tests;
