//! Credential shapes in outbound payloads, and redaction of known secrets.
//!
//! [`scan`] looks for what a leaked secret usually looks like: the fixed
//! prefixes of well-known token formats, PEM private keys, JWTs, and
//! random-looking values assigned to names like `password` or `api_key`.
//! It is a tripwire for exfiltration through tools and egress, not a proof
//! that a payload is clean. [`redact`] removes the values the supervisor
//! knows (its credentials) from anything it logs or shows.

use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;

/// One credential-shaped span of the scanned text (byte offsets).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct SecretFinding {
    /// What it looks like: `aws_access_key_id`, `github_token`, `jwt`, …
    pub kind: &'static str,
    pub start: usize,
    pub end: usize,
}

/// A fixed token format, and a check on the match that rules out
/// look-alikes the regex alone cannot.
struct Shape {
    kind: &'static str,
    regex: Regex,
    check: fn(&str) -> bool,
}

/// Compiles a constant pattern.
#[expect(
    clippy::expect_used,
    reason = "constant patterns; every one is exercised by the tests"
)]
fn regex(pattern: &str) -> Regex {
    Regex::new(pattern).expect("valid constant regex")
}

fn any(_: &str) -> bool {
    true
}

/// Real `sk-` keys are random and so carry digits; `sk-some-long-name` is
/// not a key.
fn has_digit(text: &str) -> bool {
    text.bytes().any(|b| b.is_ascii_digit())
}

/// Earlier shapes win where matches overlap, so the specific `sk-ant-`
/// comes before the general `sk-`.
static SHAPES: LazyLock<Vec<Shape>> = LazyLock::new(|| {
    let shape = |kind, pattern, check| Shape {
        kind,
        regex: regex(pattern),
        check,
    };
    vec![
        shape(
            "private_key",
            // The whole block when its END line is there, else the header.
            r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----(?s:.*?-----END [A-Z0-9 ]*PRIVATE KEY-----)?",
            any,
        ),
        shape("aws_access_key_id", r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b", any),
        shape(
            "github_token",
            r"\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})\b",
            any,
        ),
        shape(
            "anthropic_api_key",
            r"\bsk-ant-[A-Za-z0-9_-]{20,}",
            has_digit,
        ),
        shape(
            "openai_api_key",
            r"\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}",
            has_digit,
        ),
        shape("slack_token", r"\bxox[abprs]-[A-Za-z0-9-]{10,}", any),
        shape("google_api_key", r"\bAIza[0-9A-Za-z_-]{35}", any),
        // `eyJ` is base64 of `{"`; an unsigned token has an empty third part.
        shape(
            "jwt",
            r"\beyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]*",
            any,
        ),
    ]
});

/// `name = value`, `name: value`, `"name": "value"` (also `:=`, `=>`, and an
/// `Authorization: Bearer …` style scheme word before the value).
static ASSIGNMENT: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"["']?(?P<name>[A-Za-z_][A-Za-z0-9_.-]*)["']?\s*(?::=|=>|[:=])\s*(?P<quote>["'`])?(?:(?i:bearer|basic|token)\s+)?(?P<value>[A-Za-z0-9+/=_.~!@#$%^*-]+)"#,
    )
});

/// Compared with the name lowercased and without `_`, `-` and `.`, so
/// `api_key`, `x-api-key` and `apiKey` all match.
const SECRET_NAMES: [&str; 8] = [
    "password",
    "passwd",
    "secret",
    "token",
    "apikey",
    "accesskey",
    "privatekey",
    "credential",
];

fn secret_like_name(name: &str) -> bool {
    let name: String = name
        .chars()
        .filter(|c| !matches!(c, '_' | '-' | '.'))
        .map(|c| c.to_ascii_lowercase())
        .collect();
    // `auth` counts, but not inside `author` (unless `authorization`).
    let auth = name.replace("authoriz", "auth").replace("author", "");
    SECRET_NAMES.iter().any(|marker| name.contains(marker)) || auth.contains("auth")
}

/// Shannon entropy in bits per character.
fn entropy(text: &str) -> f64 {
    let mut counts = std::collections::HashMap::new();
    let mut total = 0u32;
    for c in text.chars() {
        *counts.entry(c).or_insert(0u32) += 1;
        total += 1;
    }
    let total = f64::from(total);
    counts
        .values()
        .map(|&n| {
            let p = f64::from(n) / total;
            -p * p.log2()
        })
        .sum()
}

fn random_looking(value: &str, quoted: bool) -> bool {
    // Unquoted, digit-free values are nearly always code
    // (`api_key = settings.OPENAI_API_KEY`), not literals.
    value.chars().count() >= 20 && entropy(value) >= 3.5 && (quoted || has_digit(value))
}

/// Finds credential-shaped spans in `text`, sorted by position, without
/// overlaps.
pub fn scan(text: &str) -> Vec<SecretFinding> {
    let mut findings: Vec<SecretFinding> = Vec::new();
    let overlaps = |findings: &[SecretFinding], start: usize, end: usize| {
        findings.iter().any(|f| f.start < end && start < f.end)
    };
    for shape in SHAPES.iter() {
        for found in shape.regex.find_iter(text) {
            if (shape.check)(found.as_str()) && !overlaps(&findings, found.start(), found.end()) {
                findings.push(SecretFinding {
                    kind: shape.kind,
                    start: found.start(),
                    end: found.end(),
                });
            }
        }
    }
    for caps in ASSIGNMENT.captures_iter(text) {
        let (Some(name), Some(value)) = (caps.name("name"), caps.name("value")) else {
            continue;
        };
        if secret_like_name(name.as_str())
            && random_looking(value.as_str(), caps.name("quote").is_some())
            && !overlaps(&findings, value.start(), value.end())
        {
            findings.push(SecretFinding {
                kind: "secret_assignment",
                start: value.start(),
                end: value.end(),
            });
        }
    }
    findings.sort_by_key(|f| (f.start, f.end));
    findings
}

/// `text` with every occurrence of each non-empty secret replaced by
/// `[REDACTED]`. Overlapping occurrences (of one secret or several) become
/// one marker, so no part of a secret survives.
pub fn redact(text: &str, secrets: &[&str]) -> String {
    let mut spans: Vec<(usize, usize)> = Vec::new();
    for secret in secrets.iter().filter(|s| !s.is_empty()) {
        let mut from = 0;
        while let Some(offset) = text.get(from..).and_then(|rest| rest.find(secret)) {
            let start = from + offset;
            spans.push((start, start + secret.len()));
            // Step one character on, so overlapping occurrences are found.
            from = start + secret.chars().next().map_or(1, char::len_utf8);
        }
    }
    spans.sort_unstable();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    let mut iter = spans.into_iter().peekable();
    while let Some((start, mut end)) = iter.next() {
        while let Some(&(next_start, next_end)) = iter.peek() {
            if next_start > end {
                break;
            }
            end = end.max(next_end);
            iter.next();
        }
        out.push_str(&text[copied..start]);
        out.push_str("[REDACTED]");
        copied = end;
    }
    out.push_str(&text[copied..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn kinds(text: &str) -> Vec<&'static str> {
        scan(text).into_iter().map(|f| f.kind).collect()
    }

    #[rstest]
    #[case(
        "key AKIAIOSFODNN7EXAMPLE in a log",
        "aws_access_key_id",
        "AKIAIOSFODNN7EXAMPLE"
    )]
    #[case("ASIAY34FZKBOKMUTVV7A", "aws_access_key_id", "ASIAY34FZKBOKMUTVV7A")]
    #[case(
        "token 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!",
        "github_token",
        "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"
    )]
    #[case(
        "gho_16C7e42F292c6912E7710c838347Ae178B4a",
        "github_token",
        "gho_16C7e42F292c6912E7710c838347Ae178B4a"
    )]
    #[case(
        "ghs_16C7e42F292c6912E7710c838347Ae178B4a",
        "github_token",
        "ghs_16C7e42F292c6912E7710c838347Ae178B4a"
    )]
    #[case(
        "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV",
        "github_token",
        "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUV"
    )]
    #[case(
        "x sk-ant-api03-AbCdEf0123456789AbCdEf0123456789-_xyz y",
        "anthropic_api_key",
        "sk-ant-api03-AbCdEf0123456789AbCdEf0123456789-_xyz"
    )]
    #[case(
        "OPENAI=sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12Mn34",
        "openai_api_key",
        "sk-proj-Ab12Cd34Ef56Gh78Ij90Kl12Mn34"
    )]
    #[case(
        "sk-T3BlbkFJ0a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8",
        "openai_api_key",
        "sk-T3BlbkFJ0a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8"
    )]
    #[case(
        "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
        "slack_token",
        "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"
    )]
    #[case("xoxp-1234567890-abcdef", "slack_token", "xoxp-1234567890-abcdef")]
    #[case(
        "url?key=AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY&x=1",
        "google_api_key",
        "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY"
    )]
    #[case(
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----\ntail",
        "private_key",
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\n-----END RSA PRIVATE KEY-----"
    )]
    #[case(
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE",
        "private_key",
        "-----BEGIN OPENSSH PRIVATE KEY-----"
    )]
    #[case(
        "-----BEGIN PRIVATE KEY-----",
        "private_key",
        "-----BEGIN PRIVATE KEY-----"
    )]
    #[case(
        "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk",
        "jwt",
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dBjftJeZ4CVPmB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    )]
    #[case(
        "password = \"Xk9#mQ2$vL7pR4wT8zN1\"",
        "secret_assignment",
        "Xk9#mQ2$vL7pR4wT8zN1"
    )]
    #[case(
        "DB_PASSWORD=Xk9mQ2vL7pR4wT8zN1aB3c",
        "secret_assignment",
        "Xk9mQ2vL7pR4wT8zN1aB3c"
    )]
    #[case(
        "{\"api_key\": \"f8Kd02LmQz91XpWv7TnB4sRc\"}",
        "secret_assignment",
        "f8Kd02LmQz91XpWv7TnB4sRc"
    )]
    #[case(
        "client_secret: 9fQm2ZkT7wLp4XvB1nRc8sJd",
        "secret_assignment",
        "9fQm2ZkT7wLp4XvB1nRc8sJd"
    )]
    #[case(
        "Authorization: Bearer 9fQm2ZkT7wLp4XvB1nRc8sJd",
        "secret_assignment",
        "9fQm2ZkT7wLp4XvB1nRc8sJd"
    )]
    #[case(
        "accessKey := \"9fQm2ZkT7wLp4XvB1nRc8sJd\"",
        "secret_assignment",
        "9fQm2ZkT7wLp4XvB1nRc8sJd"
    )]
    #[case(
        "x-api-key: 9fQm2ZkT7wLp4XvB1nRc8sJd",
        "secret_assignment",
        "9fQm2ZkT7wLp4XvB1nRc8sJd"
    )]
    fn finds_each_shape(#[case] text: &str, #[case] kind: &str, #[case] span: &str) {
        let found = scan(text);
        assert_eq!(found.len(), 1, "{found:?} in {text}");
        assert_eq!(found[0].kind, kind);
        assert_eq!(&text[found[0].start..found[0].end], span);
    }

    #[rstest]
    #[case("fn main() {\n    let total = items.iter().map(|i| i.price).sum::<u64>();\n}")]
    #[case("let token = lexer.next_token_from_stream(input);")]
    #[case("api_key = settings.OPENAI_API_KEY_FROM_ENVIRONMENT")]
    #[case("id = \"550e8400-e29b-41d4-a716-446655440000\"")]
    #[case("request 550e8400-e29b-41d4-a716-446655440000 done")]
    #[case("commit 9fceb02d0ae598e95dc970b74767f19372d61af8")]
    #[case("sha: 9fceb02d0ae598e95dc970b74767f19372d61af8")]
    #[case("author: 9fceb02d0ae598e95dc970b74767f19372d61af8")]
    #[case("The password is stored in a vault, and the token expires after one hour.")]
    #[case("password = \"changeme\"")]
    #[case("password: \"aaaaaaaaaaaaaaaaaaaaaaaaaaaa\"")]
    #[case("secret = \"your-secret-goes-here\"")]
    #[case("max_tokens = 4096")]
    #[case("pip install scikit-learn; task-runner sk-learn-and-more-words-here")]
    #[case("SELECT * FROM users WHERE name = 'bob';")]
    #[case("https://example.com/path?q=search+terms&page=2")]
    fn ordinary_text_is_not_flagged(#[case] text: &str) {
        assert_eq!(scan(text), Vec::new(), "{text}");
    }

    #[test]
    fn a_token_in_an_assignment_is_reported_once_by_its_shape() {
        assert_eq!(
            kinds("GITHUB_TOKEN=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"),
            ["github_token"]
        );
    }

    #[test]
    fn findings_are_in_order() {
        let text = "a AKIAIOSFODNN7EXAMPLE b xoxb-123456789012-abcdef c AKIAIOSFODNN7EXAMPLF";
        assert_eq!(
            kinds(text),
            ["aws_access_key_id", "slack_token", "aws_access_key_id"]
        );
    }

    #[test]
    fn entropy_is_bits_per_char() {
        assert!(entropy("aaaa").abs() < 1e-9);
        assert!((entropy("abcd") - 2.0).abs() < 1e-9);
        assert!((entropy("abababab") - 1.0).abs() < 1e-9);
    }

    #[rstest]
    #[case("token s3cr3t in s3cr3t", &["s3cr3t"], "token [REDACTED] in [REDACTED]")]
    #[case("nothing here", &["s3cr3t"], "nothing here")]
    #[case("keep all", &[""], "keep all")]
    #[case("abcdef", &["abc", "cde"], "[REDACTED]f")]
    #[case("abcabc", &["abc", "abcabc"], "[REDACTED]")]
    #[case("aaa", &["aa"], "[REDACTED]")]
    #[case("x RED y", &["RED", "REDACTED"], "x [REDACTED] y")]
    #[case("héllo wörld", &["wörld"], "héllo [REDACTED]")]
    fn redacts(#[case] text: &str, #[case] secrets: &[&str], #[case] expected: &str) {
        assert_eq!(redact(text, secrets), expected);
    }
}
