//! Credentials the jail holds only as placeholders (`egress.inject`,
//! docs/network.md). Each run draws a random key; a credential's
//! placeholder is made from it and the real value's shape (the same
//! well-known prefix, length, character classes and punctuation), so a
//! client's format checks pass, and it is worthless outside this run.
//!
//! The proxy puts the real value in place of the placeholder in the
//! headers of requests to the credential's hosts (a `Basic` header's
//! decoded `user:password` too), and the placeholder back in place of the
//! real value in what those hosts answer. A placeholder, in any form the
//! redaction rules know, on its way to any other host is refused.

use std::io::Write;
use std::path::Path;

use policy::model::{Injected, Profile};
use policy::proxy::ProxyExtras;
use policy::secrets::Redactor;
use secrecy::{ExposeSecret, SecretString};

use super::ca::{pem_of, CaError, SessionCa};
use super::check::Refusal;

/// Why the run's placeholders could not be made.
#[derive(Debug, thiserror::Error)]
pub enum InjectError {
    #[error(
        "credential `{name}` (policy key egress.inject): {why} (policy key credentials.{name})"
    )]
    Read { name: String, why: String },
    #[error(
        "credential `{name}` is too short to stand in for: {random} of its characters are \
         letters or digits past its prefix, and a placeholder needs at least {MIN_RANDOM}; \
         inject a longer token, or pass it to a host tool instead (policy key egress.inject)"
    )]
    TooShort { name: String, random: usize },
    #[error("credential `{name}`: its value has a line break or a control character, which no header can carry (policy key credentials.{name})")]
    NotHeaderSafe { name: String },
    #[error("the random key for this run's placeholders: {0}")]
    Random(String),
    #[error(transparent)]
    Ca(#[from] CaError),
    #[error("policy key egress.ca_file: {0}")]
    Trust(String),
    #[error("cannot write the CA bundle for the jail: {0}")]
    Bundle(#[source] std::io::Error),
}

/// Letters and digits a placeholder makes up at least, past the prefix.
pub const MIN_RANDOM: usize = 16;

/// One credential bound to hosts, for this run.
pub struct Bound {
    pub entry: Injected,
    pub placeholder: String,
    real: SecretString,
    /// Finds the placeholder in its plain and encoded forms.
    finder: Redactor,
}

/// The run's injected credentials, their CA, and the bundle the jail
/// trusts it through.
pub struct Injection {
    pub bound: Vec<Bound>,
    pub ca: SessionCa,
    /// How the proxy's own connections to bound hosts check them.
    pub upstream: std::sync::Arc<rustls::ClientConfig>,
    /// Holds the CA bundle file until the run ends.
    bundle: tempfile::TempDir,
}

impl Injection {
    /// The placeholders and the CA of one run of `profile`, when it injects
    /// any credential; `read` reads a credential's real value.
    pub fn prepare(
        profile: &Profile,
        read: &dyn Fn(&str) -> Result<SecretString, String>,
    ) -> Result<Option<Injection>, InjectError> {
        if profile.egress.inject.is_empty() {
            return Ok(None);
        }
        let key = run_key()?;
        let mut bound = Vec::new();
        for entry in &profile.egress.inject {
            let name = &entry.credential;
            let real = read(name).map_err(|why| InjectError::Read {
                name: name.clone(),
                why,
            })?;
            if real.expose_secret().chars().any(|c| c.is_control()) {
                return Err(InjectError::NotHeaderSafe { name: name.clone() });
            }
            let placeholder = placeholder(real.expose_secret(), &key, name)?;
            bound.push(Bound {
                entry: entry.clone(),
                finder: Redactor::new(&[placeholder.as_str()]),
                placeholder,
                real,
            });
        }
        let ca = SessionCa::new()?;
        let bundle = write_bundle(profile, &ca)?;
        let upstream = crate::egress::tls_client_config(profile.egress.ca_file.as_deref())
            .map_err(|err| InjectError::Trust(err.to_string()))?;
        Ok(Some(Injection {
            bound,
            ca,
            upstream,
            bundle,
        }))
    }

    /// What the jail gets: each placeholder in its variables, the bundle.
    pub fn extras(&self) -> ProxyExtras {
        let mut extras = ProxyExtras {
            ca_bundle: Some(self.bundle.path().join(BUNDLE_NAME)),
            ..ProxyExtras::default()
        };
        for bound in &self.bound {
            for name in bound.entry.env_names() {
                extras.env.insert(name, bound.placeholder.clone());
            }
        }
        extras
    }

    /// The credentials whose real value goes to `host:port`.
    pub fn bound_to(&self, host: &str, port: u16) -> Vec<&Bound> {
        self.bound
            .iter()
            .filter(|b| b.entry.bound_to(host, port))
            .collect()
    }

    /// What a request to `host:port` holding `text` (its head and body)
    /// may carry: the credentials to put in, or the refusal. `plain`: over
    /// plain http, where only `send_over_plain_http` credentials go.
    pub fn admit(
        &self,
        host: &str,
        port: u16,
        plain: bool,
        text: &str,
    ) -> Result<Vec<&Bound>, Refusal> {
        for b in &self.bound {
            if b.finder.redact(text) == text {
                continue;
            }
            let name = &b.entry.credential;
            let hosts: Vec<&str> = b.entry.hosts.iter().map(|h| h.as_str()).collect();
            if !b.entry.bound_to(host, port) {
                return Err(Refusal::policy(
                    format!(
                        "the request to {host}:{port} holds the placeholder of credential \
                         `{name}`, which goes only to {} on port {} (egress.inject); refused as \
                         a possible exfiltration",
                        hosts.join(", "),
                        b.entry.port
                    ),
                    "a credential's placeholder to another host",
                ));
            }
            if plain && !b.entry.send_over_plain_http {
                return Err(Refusal::policy(
                    format!(
                        "credential `{name}` goes to {host} only over https; use an https URL, \
                         or set send_over_plain_http = true in its egress.inject entry"
                    ),
                    "a credential over plain http",
                ));
            }
        }
        Ok(self
            .bound
            .iter()
            .filter(|b| b.entry.bound_to(host, port) && (!plain || b.entry.send_over_plain_http))
            .collect())
    }

    /// A header value with the placeholders of `bound` replaced by the
    /// real values (in a `Basic` value, inside its decoded form).
    pub fn swap_in(bound: &[&Bound], value: &[u8]) -> Vec<u8> {
        let text = String::from_utf8_lossy(value);
        if let Some(encoded) = basic_value(&text) {
            if let Some(decoded) = policy::decode::base64_decode(encoded)
                .and_then(|bytes| String::from_utf8(bytes).ok())
            {
                let swapped = replace_all(&decoded, bound);
                if swapped != decoded {
                    let scheme = &text[..text.len() - encoded.len()];
                    let encoded = policy::decode::base64_encode_padded(swapped.as_bytes());
                    return format!("{scheme}{encoded}").into_bytes();
                }
            }
        }
        replace_all(&text, bound).into_bytes()
    }

    /// The pairs a response from a host `bound` is rewritten with: each
    /// real value back to its placeholder (the same length, so framing
    /// stays right).
    pub fn swap_out_pairs(bound: &[&Bound]) -> Vec<(Vec<u8>, Vec<u8>)> {
        bound
            .iter()
            .map(|b| {
                (
                    b.real.expose_secret().as_bytes().to_vec(),
                    b.placeholder.as_bytes().to_vec(),
                )
            })
            .collect()
    }
}

/// The bundle's file name in its private directory.
const BUNDLE_NAME: &str = "ca.pem";

/// Replaces each placeholder of `bound` by its real value.
fn replace_all(text: &str, bound: &[&Bound]) -> String {
    let mut out = text.to_string();
    for b in bound {
        out = out.replace(b.placeholder.as_str(), b.real.expose_secret());
    }
    out
}

/// The base64 of `Basic <base64>`, the scheme's name in any case.
pub(super) fn basic_value(value: &str) -> Option<&str> {
    let (scheme, rest) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("basic")
        .then_some(rest.trim())
        .filter(|r| !r.is_empty())
}

/// 32 random bytes from the kernel.
fn run_key() -> Result<[u8; 32], InjectError> {
    let hex = crate::state::random_hex(32).map_err(|err| InjectError::Random(err.to_string()))?;
    let mut key = [0u8; 32];
    for (i, byte) in key.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&hex[2 * i..2 * i + 2], 16)
            .map_err(|err| InjectError::Random(err.to_string()))?;
    }
    Ok(key)
}

/// The part of `real` kept as it is: well-known prefixes like `ghp_`,
/// `sk-`, `sk-ant-api03-`, `github_pat_`, `xoxb-` (runs of lowercase
/// letters and digits, each ended by `-` or `_`), at most 16 characters
/// and a third of the value, so no long run of a secret is shown.
fn prefix_len(real: &str) -> usize {
    let limit = 16.min(real.len() / 3);
    let mut end = 0;
    let mut segment = 0;
    for (i, c) in real.char_indices() {
        if c.is_ascii_lowercase() || c.is_ascii_digit() {
            segment += 1;
            if segment > 8 {
                break;
            }
        } else if (c == '-' || c == '_') && segment > 0 {
            if i + 1 > limit {
                break;
            }
            end = i + 1;
            segment = 0;
        } else {
            break;
        }
    }
    end
}

/// A stand-in for `real`: its prefix, then for each character one of the
/// same class drawn from the run's `key` (a digit for a digit, a
/// lowercase letter for one, hexadecimal where the value's letters all
/// are), every other character kept.
pub fn placeholder(real: &str, key: &[u8; 32], name: &str) -> Result<String, InjectError> {
    let prefix = prefix_len(real);
    let rest = &real[prefix..];
    let random = rest.chars().filter(char::is_ascii_alphanumeric).count();
    if random < MIN_RANDOM {
        return Err(InjectError::TooShort {
            name: name.to_string(),
            random,
        });
    }
    let hex_lower = rest
        .chars()
        .filter(char::is_ascii_lowercase)
        .all(|c| c.is_ascii_hexdigit());
    let hex_upper = rest
        .chars()
        .filter(char::is_ascii_uppercase)
        .all(|c| c.is_ascii_hexdigit());
    const LOWER: &[u8] = b"abcdefghijklmnopqrstuvwxyz";
    const UPPER: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const DIGITS: &[u8] = b"0123456789";
    for attempt in 0u32.. {
        let mut hasher = blake3::Hasher::new_keyed(key);
        hasher.update(name.as_bytes());
        hasher.update(&attempt.to_le_bytes());
        let mut stream = hasher.finalize_xof();
        let mut draw = |alphabet: &[u8]| -> char {
            let mut byte = [0u8; 1];
            // Rejection sampling: every character of the alphabet as likely.
            let limit = 256 - 256 % alphabet.len();
            loop {
                stream.fill(&mut byte);
                if usize::from(byte[0]) < limit {
                    return char::from(alphabet[usize::from(byte[0]) % alphabet.len()]);
                }
            }
        };
        let mut out = String::with_capacity(real.len());
        out.push_str(&real[..prefix]);
        for c in rest.chars() {
            out.push(match c {
                'a'..='z' if hex_lower => draw(&LOWER[..6]),
                'a'..='z' => draw(LOWER),
                'A'..='Z' if hex_upper => draw(&UPPER[..6]),
                'A'..='Z' => draw(UPPER),
                '0'..='9' => draw(DIGITS),
                other => other,
            });
        }
        if out != real {
            return Ok(out);
        }
    }
    unreachable!("a 16-character draw equal to the value every time")
}

/// The bundle the jail trusts: the supervisor's trusted CAs (the system's
/// and `egress.ca_file`'s: a tunnel's server is checked by the jail's own
/// client) and the run's CA, in a private directory of its own.
fn write_bundle(profile: &Profile, ca: &SessionCa) -> Result<tempfile::TempDir, InjectError> {
    let trusted = crate::egress::trusted_certificates(profile.egress.ca_file.as_deref())
        .map_err(|err| InjectError::Trust(err.to_string()))?;
    let ders: Vec<&[u8]> = trusted.iter().map(|c| c.der()).collect();
    let mut text = pem_of(&ders);
    text.push_str(&ca.pem());
    let dir = tempfile::Builder::new()
        .prefix("jail-ca.")
        .tempdir()
        .map_err(InjectError::Bundle)?;
    let path = dir.path().join(BUNDLE_NAME);
    let mut file = std::fs::File::create(&path).map_err(InjectError::Bundle)?;
    file.write_all(text.as_bytes())
        .map_err(InjectError::Bundle)?;
    // Certificates only: anyone may read them (the jail's user too).
    set_mode(dir.path(), 0o755)?;
    set_mode(&path, 0o644)?;
    Ok(dir)
}

fn set_mode(path: &Path, mode: u32) -> Result<(), InjectError> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode))
        .map_err(InjectError::Bundle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    const KEY: [u8; 32] = [7; 32];

    fn classes(text: &str) -> Vec<u8> {
        text.chars()
            .map(|c| match c {
                'a'..='z' => 0,
                'A'..='Z' => 1,
                '0'..='9' => 2,
                _ => 3,
            })
            .collect()
    }

    #[rstest]
    #[case::github("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", "ghp_")]
    #[case::github_fine(
        "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz0123",
        "github_pat_"
    )]
    #[case::openai("sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789", "sk-proj-")]
    #[case::anthropic(
        "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdefghij-_AA",
        "sk-ant-api03-"
    )]
    #[case::aws_secret("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "")]
    #[case::hex("0123456789abcdef0123456789abcdef01234567", "")]
    fn a_placeholder_has_the_values_shape(#[case] real: &str, #[case] prefix: &str) {
        let fake = placeholder(real, &KEY, "X").expect("placeholder");
        assert_ne!(fake, real);
        assert_eq!(fake.len(), real.len());
        assert!(fake.starts_with(prefix), "{fake}");
        assert_eq!(classes(&fake), classes(real), "{fake}");
        assert_eq!(&real[..prefix_len(real)], prefix);
        // Made from the key: the same each time, another under another key.
        assert_eq!(fake, placeholder(real, &KEY, "X").expect("again"));
        assert_ne!(fake, placeholder(real, &[8; 32], "X").expect("other key"));
        if real.starts_with("0123") {
            assert!(fake.chars().all(|c| c.is_ascii_hexdigit()), "{fake}");
        }
    }

    #[test]
    fn a_lowercase_secret_shows_at_most_a_third_as_prefix() {
        let real = "abcd-efgh-ijkl-mnop-qrst-uvwx";
        assert!(prefix_len(real) <= real.len() / 3);
        assert!(placeholder("ghp_short", &KEY, "X").is_err());
    }

    fn bound(placeholder: &str, real: &str) -> Bound {
        Bound {
            entry: Injected {
                credential: "GH".into(),
                hosts: vec![],
                env: vec![],
                port: 443,
                send_over_plain_http: false,
            },
            placeholder: placeholder.into(),
            real: SecretString::from(real.to_string()),
            finder: Redactor::new(&[placeholder]),
        }
    }

    #[test]
    fn a_basic_header_is_swapped_inside_its_encoding() {
        let b = bound(
            "ghp_PLACEHOLDERplaceholder0123456789xx",
            "ghp_REALVALUEREALVALUErealvalue0123456",
        );
        let value = format!(
            "Basic {}",
            policy::decode::base64_encode(
                b"x-access-token:ghp_PLACEHOLDERplaceholder0123456789xx",
                false
            )
        );
        let swapped = String::from_utf8(Injection::swap_in(&[&b], value.as_bytes())).expect("text");
        let decoded = policy::decode::base64_decode(swapped.strip_prefix("Basic ").expect("basic"))
            .expect("base64");
        assert_eq!(
            decoded,
            b"x-access-token:ghp_REALVALUEREALVALUErealvalue0123456"
        );
        let bearer = Injection::swap_in(&[&b], b"Bearer ghp_PLACEHOLDERplaceholder0123456789xx");
        assert_eq!(bearer, b"Bearer ghp_REALVALUEREALVALUErealvalue0123456");
    }
}
