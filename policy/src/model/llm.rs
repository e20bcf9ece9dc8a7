//! `[llm]`: the LLM gateway on the in-jail proxy (docs/network.md). Each
//! provider is an upstream API the jail's SDKs reach through the proxy
//! with a key of the run's own; the supervisor holds the real one.

use std::collections::BTreeMap;

use serde::{Deserialize, Deserializer, Serialize};

use super::{Invalid, Profile};
use crate::PolicyError;

/// `[profile.NAME.llm]`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct LlmRules {
    /// By name: the jail reaches one at `http://127.0.0.1:PORT/llm/NAME/`.
    pub providers: BTreeMap<String, Provider>,
}

/// The wire protocol a provider speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Api {
    /// OpenAI's: `Authorization: Bearer KEY`; `OPENAI_BASE_URL`.
    Openai,
    /// Anthropic's: `x-api-key: KEY`; `ANTHROPIC_BASE_URL`.
    Anthropic,
}

/// `[profile.NAME.llm.providers.NAME]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provider {
    pub api: Api,
    /// `https://host[:port][/path]`: requests to `/llm/NAME/REST` go to
    /// `base_url/REST` (the host covered by `egress.allow`, or an address
    /// in `egress.allow_addresses`).
    #[serde(deserialize_with = "base_url")]
    pub base_url: String,
    /// A name from `credentials`: the real key.
    pub credential: String,
    /// Models a request may name; empty: any.
    #[serde(default)]
    pub models: Vec<String>,
    /// Input and output tokens the session may spend with this provider,
    /// read from the responses' usage; 0: no limit.
    #[serde(default)]
    pub token_budget: u64,
    /// SHA-256 of the upstream certificate's public key (its
    /// SubjectPublicKeyInfo), base64, as HPKP writes pins; when given, a
    /// certificate with none of them is refused even if a trusted CA
    /// issued it.
    #[serde(default, deserialize_with = "pins")]
    pub spki_sha256: Vec<String>,
}

impl Provider {
    /// `(host, port, path)` of `base_url`, the path without a final `/`.
    pub fn upstream(&self) -> (String, u16, String) {
        split_url(&self.base_url).unwrap_or_default()
    }
}

/// `https://host[:port][/path]` in parts; the error says what is wrong.
fn split_url(url: &str) -> Result<(String, u16, String), String> {
    let rest = url
        .strip_prefix("https://")
        .ok_or_else(|| format!("`{url}` is not an https URL; the key goes only over TLS"))?;
    let (authority, path) = match rest.find('/') {
        Some(at) => (&rest[..at], rest[at..].trim_end_matches('/')),
        None => (rest, ""),
    };
    if authority.contains('@') || path.contains(['?', '#']) {
        return Err(format!(
            "`{url}` has user info, a query or a fragment; give scheme, host, port and path"
        ));
    }
    let (host, port) = match authority.strip_prefix('[') {
        Some(inner) => {
            let (host, after) = inner
                .split_once(']')
                .ok_or_else(|| format!("`{url}` has a bad IPv6 address"))?;
            (host, after.strip_prefix(':'))
        }
        None => match authority.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        },
    };
    let port = match port {
        None => 443,
        Some(port) => port
            .parse::<u16>()
            .ok()
            .filter(|&p| p != 0)
            .ok_or_else(|| format!("`{port}` in `{url}` is not a port"))?,
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    if host.is_empty() {
        return Err(format!("`{url}` has no host"));
    }
    Ok((host.to_ascii_lowercase(), port, path.to_string()))
}

fn base_url<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    let url = String::deserialize(deserializer)?;
    split_url(&url).map_err(serde::de::Error::custom)?;
    Ok(url)
}

fn pins<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    let pins = Vec::<String>::deserialize(deserializer)?;
    for pin in &pins {
        let bytes = crate::decode::base64_decode(pin.trim_end_matches('='));
        if bytes.as_ref().map(Vec::len) != Some(32) {
            return Err(serde::de::Error::custom(format!(
                "`{pin}` is not a SHA-256 pin: give the base64 of the 32-byte hash of the \
                 certificate's public key (`openssl x509 -pubkey -noout | openssl pkey -pubin \
                 -outform der | openssl dgst -sha256 -binary | base64`)"
            )));
        }
    }
    Ok(pins)
}

impl Profile {
    /// `llm.providers`: a usable name, a declared credential, an upstream
    /// the egress rules let the supervisor reach.
    pub(super) fn validate_llm(&self, base: &str, invalid: &Invalid) -> Result<(), PolicyError> {
        for (name, provider) in &self.llm.providers {
            let key = format!("{base}.llm.providers.{name}");
            let usable = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
            if !usable {
                return Err(invalid(
                    key,
                    "a provider's name is lowercase letters, digits, `-` and `_` (it is part of \
                     the gateway's URL)"
                        .to_string(),
                ));
            }
            if !self.credentials.contains_key(&provider.credential) {
                return Err(invalid(
                    format!("{key}.credential"),
                    super::undeclared(base, &provider.credential),
                ));
            }
            let (host, _, _) = provider.upstream();
            let allowed = match host.parse::<std::net::IpAddr>() {
                Ok(ip) => self.egress.allow_addresses.contains(&ip),
                Err(_) => self.egress.allow.iter().any(|a| a.matches(&host)),
            };
            if !allowed {
                return Err(invalid(
                    format!("{key}.base_url"),
                    format!(
                        "`{host}` is not allowed by `{base}.egress.allow` (or, for an address, \
                         `{base}.egress.allow_addresses`); add it there"
                    ),
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_urls_split_into_host_port_and_path() {
        assert_eq!(
            split_url("https://api.openai.com/v1/").expect("url"),
            ("api.openai.com".into(), 443, "/v1".into())
        );
        assert_eq!(
            split_url("https://LOCALHOST:8443").expect("url"),
            ("localhost".into(), 8443, String::new())
        );
        assert_eq!(
            split_url("https://[::1]:9/x").expect("url"),
            ("::1".into(), 9, "/x".into())
        );
        assert!(split_url("http://api.openai.com").is_err());
        assert!(split_url("https://u:p@api.openai.com").is_err());
        assert!(split_url("https://:443").is_err());
        assert_eq!(split_url("https://[::1]").expect("url").1, 443);
    }
}
