//! Credential shapes in outbound payloads, and redaction of known secrets.
//!
//! [`scan`] looks for what a leaked secret usually looks like: the fixed
//! prefixes of well-known token formats, PEM private keys, JWTs, and
//! random-looking values assigned to names like `password` or `api_key`.
//! It is a tripwire for exfiltration through tools and egress, not a proof
//! that a payload is clean. [`redact`] removes the values the supervisor
//! knows (its credentials) from anything it logs or shows.

use std::sync::{LazyLock, OnceLock};

use aho_corasick::AhoCorasick;
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

/// Keys the providers publish as examples in their documentation (AWS's
/// `AKIAIOSFODNN7EXAMPLE` and its secret): not secrets.
fn not_an_example(text: &str) -> bool {
    !text.contains("EXAMPLE")
}

/// `scheme://user:password@host` with a password, not a placeholder
/// (`password`, `mypassword`, `REPLACE_WITH_PASSWORD`, `****`, `${PASS}`,
/// `<pass>`, `xxx`), nor a default that repeats the user name
/// (`postgres:postgres`), nor one too short or too uniform to be chosen
/// (`abc`, `1111`).
fn real_password_in_url(text: &str) -> bool {
    let Some(credentials) = text.split_once("://").map(|(_, rest)| rest) else {
        return false;
    };
    let Some((user, password)) = credentials
        .rsplit_once('@')
        .and_then(|(userinfo, _)| userinfo.split_once(':'))
    else {
        return false;
    };
    let lower = password.to_ascii_lowercase();
    let placeholder = ["pass", "secret", "xxx"].contains(&lower.as_str())
        || [
            "password", "passwd", "changeme", "example", "replace", "your", "xxxx",
        ]
        .iter()
        .any(|p| lower.contains(p))
        || password.chars().all(|c| c == '*' || c == 'x' || c == 'X')
        || password.starts_with(['$', '{', '<', '%']);
    let distinct = password
        .chars()
        .collect::<std::collections::HashSet<_>>()
        .len();
    !placeholder && !password.eq_ignore_ascii_case(user) && password.len() >= 4 && distinct >= 3
}

/// A private key's header with key material after it, not the header
/// alone as code that looks for one holds it (`if line ==
/// "-----BEGIN RSA PRIVATE KEY-----":`): the [`catalog`] regex takes a
/// header followed by key text, a PEM header or the text's end; failing
/// that, a whole block, which needs 64 or more characters of key between
/// its lines (`-----BEGIN … KEY-----` around `...` is a placeholder).
fn pem_body(block: &str) -> bool {
    let Some(end) = block.find("-----END ") else {
        return true;
    };
    let body_start = block.find("KEY-----").map_or(0, |at| at + "KEY-----".len());
    let body = block.get(body_start..end).unwrap_or("");
    let key_chars = body
        .replace("\\n", "")
        .replace("\\r", "")
        .bytes()
        .filter(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'='))
        .count();
    key_chars >= 64
}

/// A password written in a connection string, a credential constructor,
/// a `.netrc` or a command line (`Password=…;`, `NetworkCredential("u",
/// "…")`, `-p …`): any text people choose, unless it is a placeholder
/// (`password`, `myPassword`, `changeme`, `<pass>`, `${PASS}`, `#{pass}`, `****`) or
/// too short to be one.
fn literal_password(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    // Whole-value placeholders, as in [`real_password_in_url`].
    let word = ["secret", "pass", "pwd", "test", "admin"].contains(&lower.as_str());
    let placeholder = [
        "password",
        "passwd",
        "changeme",
        "example",
        "placeholder",
        "redacted",
        "your",
        "xxx",
        "***",
    ]
    .iter()
    .any(|p| lower.contains(p))
        || value.starts_with(['$', '{', '<', '%', '@', '['])
        // `#{…}` is Ruby's interpolation; `#gets0m3` is a password.
        || value.starts_with("#{")
        || value.contains("{{");
    value.chars().count() >= 4 && !placeholder && !word
}

/// An `Authorization: Basic` credential: base64 of `user:password`, the
/// password not a placeholder.
fn basic_credentials(encoded: &str) -> bool {
    let Some(decoded) =
        crate::decode::base64_decode(encoded).and_then(|bytes| String::from_utf8(bytes).ok())
    else {
        return false;
    };
    decoded.chars().all(|c| !c.is_control())
        && decoded
            .split_once(':')
            .is_some_and(|(user, password)| !user.is_empty() && literal_password(password))
}

/// A Kubernetes Secret's `data:` value (base64), within one YAML
/// document: not a template (`{{ .Values.x }}`, which the regex leaves
/// out) nor a match that runs past a `---` into the next document.
fn kubernetes_secret_data(found: &str) -> bool {
    !found.contains("\n---")
}

/// Whether `text` has an ASCII digit.
fn has_digit(text: &str) -> bool {
    text.bytes().any(|b| b.is_ascii_digit())
}

/// [`plausible`], with a digit: real `sk-` keys are random and so carry
/// digits; `sk-some-long-name` is not a key.
fn plausible_with_digit(text: &str) -> bool {
    has_digit(text) && plausible(text)
}

/// Not a placeholder or a provider's published example: no `EXAMPLE`,
/// `xxxxx`, `your…`, `dummy`, `redacted`, `changeme` …, no template
/// syntax (`${…}`, `{{…}}`, `<…>`, `%…%`), at least 6 different
/// characters in a value of 12 or more (`aaaaaaaaaaaa`, `************`),
/// and at least 3 bits of entropy per character in one of 20 or more
/// (random tokens have 4 or more; `glc_1111…` does not).
fn not_a_placeholder(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    let words = [
        "example",
        "xxxxx",
        "your",
        "placeholder",
        "dummy",
        "redacted",
        "changeme",
        "sample",
        "insert",
        "replace",
        "*****",
        "....",
    ];
    let template = ["${", "{{", "<", "%(", "$("]
        .iter()
        .any(|t| value.contains(t))
        || value.starts_with(['$', '%', '{']);
    let chars = value.chars().count();
    let distinct = value
        .chars()
        .collect::<std::collections::HashSet<_>>()
        .len();
    !words.iter().any(|w| lower.contains(w))
        && !template
        && (chars < 12 || distinct >= 6)
        && (chars < 20 || entropy(value) >= 3.0)
}

/// A token's body that its provider could have issued: [`not_a_placeholder`]
/// and not [`sequential`]. Random bodies never run through the alphabet;
/// made-up ones do (gitleaks lists `sk-ant-api03-abc123xyz-…` among its
/// false positives).
fn plausible(value: &str) -> bool {
    not_a_placeholder(value) && !sequential(value)
}

/// An Anthropic key: after `sk-ant-` and the kind and version
/// (`api03-`, `admin01-`), 32 or more characters, [`plausible`] and with a
/// digit (real keys have some 95 random ones).
fn anthropic_key(found: &str) -> bool {
    let body = found.strip_prefix("sk-ant-").unwrap_or(found);
    let key = body
        .split_once('-')
        .filter(|(tag, _)| {
            let letters = tag.trim_end_matches(|c: char| c.is_ascii_digit());
            tag.len() - letters.len() == 2 && letters.bytes().all(|b| b.is_ascii_lowercase())
        })
        .map_or(body, |(_, rest)| rest);
    key.len() >= 32 && plausible_with_digit(key)
}

/// An OpenAI-style `sk-` key, not an Anthropic one that
/// [`anthropic_key`] turned down (`sk-ant-api02-notarealkey`).
fn openai_key(found: &str) -> bool {
    !found.starts_with("sk-ant-") && plausible_with_digit(found)
}

/// Slack tokens number their workspace and user: after the `xox?-`
/// prefix (and a one-digit version, `xoxe-1-`, `xoxa-2-`), a team or user
/// id of 8 or more digits and then letters (`xoxb-12345-abcd234`,
/// `xoxp-1234567890` and `xoxb-xoxb-my-bot-token` are not tokens), or,
/// in configuration and refresh tokens, a random blob with digits
/// (`xoxe.xoxp-1-RANDOMSTRINGHERE` is not one). A token whose last part
/// is not there (`xoxp-…-572331691188-####`, the match ending in `-`) is
/// a redacted or templated one.
fn slack_like(token: &str) -> bool {
    let body = token.get(5..).unwrap_or("");
    let body = match body.split_once('-') {
        Some((version, rest)) if version.len() == 1 && has_digit(version) => rest,
        _ => body,
    };
    let (first, rest) = body.split_once('-').unwrap_or((body, ""));
    let numbered = first.len() >= 8
        && first.bytes().all(|b| b.is_ascii_digit())
        && rest.bytes().any(|b| b.is_ascii_alphabetic());
    let blob = body.len() >= 20 && has_digit(body) && !generic::wordy(body);
    plausible(token) && !token.ends_with('-') && (numbered || blob)
}

/// Keys the providers print in their documentation, used in tutorials
/// and tests everywhere (Stripe's test key, jwt.io's example token's
/// signature, Slack's example bot token, AWS's documented example keys
/// are caught by their `EXAMPLE`).
const PUBLISHED_EXAMPLES: [&str; 3] = [
    "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
    "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
    "xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy",
];

fn published_example(found: &str) -> bool {
    PUBLISHED_EXAMPLES
        .iter()
        .any(|example| found.contains(example))
}

/// Runs people type for a made-up key: `qwerty`, and six or more letters
/// or digits in alphabetical order (`123456`, `abcdef`, `mnopqr`), which a
/// random token of a few dozen characters holds with a chance of about
/// one in a million.
fn sequential(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    if lower.contains("qwerty") {
        return true;
    }
    let mut run = 1;
    let mut previous = 0u8;
    for b in lower.bytes() {
        run = if b.is_ascii_alphanumeric() && previous.checked_add(1) == Some(b) {
            run + 1
        } else {
            1
        };
        if run >= 6 {
            return true;
        }
        previous = b;
    }
    false
}

/// A value that only a keyword nearby marks as a credential must look
/// random: [`not_a_placeholder`], with a digit (random keys of 14 or more
/// characters nearly always have one; words and names do not), and at
/// least 2.8 bits of entropy per character. It may be [`sequential`]: a
/// value in a credential's place may be one a person chose (a shared
/// secret, a webhook's key), and gitleaks, Nosey Parker and Kingfisher
/// all count `apify_api_token = 1234567890abcdef…` as found.
fn random_value(value: &str) -> bool {
    not_a_placeholder(value) && has_digit(value) && entropy(value) >= 2.8
}

mod catalog;
mod generic;
pub use generic::name_words;

/// A catalog rule compiled: its regex, and whether the secret is the
/// regex's first capture group rather than the whole match.
struct Compiled {
    kind: &'static str,
    regex: Regex,
    group: bool,
    check: fn(&str) -> bool,
}

/// The "name … value" regex of a [`catalog::Form::Near`] rule: the
/// provider's name somewhere in a key (up to 20 letters, digits, `_`,
/// `.` or `-` after it), an optional closing quote, an assignment (`=`,
/// `:`, `:=`, `=>`, `?=`, `||`, `,` as in `getenv("NAME", "value")`, `>`
/// as in `<DatadogKey>value<`), an optional opening quote, then the
/// value, which must end where the token does (a quote, space, `;`, `,`,
/// `&`, `<`, a bracket, an escaped newline or the end of a line).
fn near_pattern(name: &str, value: &str) -> String {
    format!(
        r#"(?i)(?:{name})[\w.-]{{0,20}}[\x22'`]?[ \t]{{0,3}}(?:=|:=|::=|=>|\?=|\|\||:|,|>)[ \t]{{0,3}}[\x22'`]?[ \t]{{0,2}}((?:{value}))(?:[\x22'`\s;,&<)\]}}]|\\[nrt]|(?m:$))"#
    )
}

/// The catalog, each rule compiled the first time the prefilter lets a
/// text through to it: compiling all of them took over a second, which the
/// first request through the proxy waited for (and a scan needs few).
static RULES: [OnceLock<Compiled>; catalog::RULES.len()] =
    [const { OnceLock::new() }; catalog::RULES.len()];

/// How many of the catalog's rules this process has compiled so far (each
/// is compiled the first time a text may hold its match).
pub fn rules_compiled() -> usize {
    RULES.iter().filter(|slot| slot.get().is_some()).count()
}

/// Rule `index` of the catalog, compiled.
fn compiled(index: usize) -> Option<&'static Compiled> {
    let rule = catalog::RULES.get(index)?;
    let slot = RULES.get(index)?;
    Some(slot.get_or_init(|| {
        let pattern = match rule.form {
            catalog::Form::Token(pattern) => pattern.to_string(),
            catalog::Form::Near { name, value } => near_pattern(name, value),
        };
        let regex = regex(&pattern);
        Compiled {
            kind: rule.kind,
            group: regex.captures_len() > 1,
            regex,
            check: rule.check,
        }
    }))
}

/// Words without which the generic assignment rule does not run: every
/// name [`secret_like_name`] or [`password_like`] accepts holds one, as
/// written or once `_`, `-` and `.` are taken out. Only a name that puts
/// separators inside every such word (`to_ken`, `a_pik_ey`) is accepted by
/// those and not let through by the prefilter.
const ASSIGNMENT_KEYWORDS: [&str; 8] = [
    "pass",
    "pwd",
    "secret",
    "token",
    "api",
    "key",
    "credential",
    "auth",
];

/// The prefilter: one automaton over every rule's keywords (ASCII
/// case-insensitive), and which rules each keyword stands for. Index
/// `RULES.len()` stands for the generic assignment rule.
struct Prefilter {
    automaton: Option<AhoCorasick>,
    rules_of: Vec<Vec<usize>>,
    always: Vec<usize>,
}

static PREFILTER: LazyLock<Prefilter> = LazyLock::new(|| {
    let mut words: Vec<String> = Vec::new();
    let mut rules_of: Vec<Vec<usize>> = Vec::new();
    let mut always = Vec::new();
    let keywords = catalog::RULES
        .iter()
        .map(|rule| rule.keywords)
        .chain(std::iter::once(&ASSIGNMENT_KEYWORDS[..]));
    for (index, keywords) in keywords.enumerate() {
        if keywords.is_empty() {
            always.push(index);
        }
        for keyword in keywords {
            let word = keyword.to_ascii_lowercase();
            match words.iter().position(|w| *w == word) {
                Some(at) => rules_of[at].push(index),
                None => {
                    words.push(word);
                    rules_of.push(vec![index]);
                }
            }
        }
    }
    // Should the automaton fail to build, every rule runs.
    let automaton = AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .build(&words)
        .ok();
    Prefilter {
        automaton,
        rules_of,
        always,
    }
});

/// Which rules (indexes into the catalog, and `RULES.len()` for the
/// generic assignment rule) may match `text`: those with a keyword in it,
/// and those without keywords. One pass over `text`.
fn candidates(text: &str) -> Vec<bool> {
    let prefilter = &*PREFILTER;
    let count = catalog::RULES.len() + 1;
    let Some(automaton) = &prefilter.automaton else {
        return vec![true; count];
    };
    let mut selected = vec![false; count];
    for index in &prefilter.always {
        selected[*index] = true;
    }
    for found in automaton.find_overlapping_iter(text) {
        if let Some(rules) = prefilter.rules_of.get(found.pattern().as_usize()) {
            for index in rules {
                selected[*index] = true;
            }
        }
    }
    selected
}

/// `name = value`, `name: value`, `"name": "value"`, `<name>value</name>` (also `:=`, `=>`, and an
/// `Authorization: Bearer …` style scheme word before the value), on one
/// line: a name with nothing after it (`API_TOKEN=` in an env file) does
/// not take the next line's text as its value. Also a quoted name and a
/// quoted value in a list (`setdefault("API_KEY", "…")`, Gradle's
/// `buildConfigField 'String', 'API_KEY', '"…"'`): the `comma` group.
static ASSIGNMENT: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"(?:["']|(?P<element><))?(?P<name>[A-Za-z_][A-Za-z0-9_.-]*)["']?(?:\[\])?[ \t]*(?::=|=>|[:=]|(?P<comma>,)|(?P<close>>))[ \t]*(?P<quote>["'`]["']?)?(?:(?i:bearer|basic|token)[ \t]+)?(?P<value>[A-Za-z0-9+/=_.~!@#$%^*-]+)"#,
    )
});

/// A name and its value as two fields of one entry: `<add key="ApiKey"
/// value="…" />` in .NET's appSettings, and `- name: DB_PASSWORD` with
/// `value: …` on the next line in Kubernetes, Compose and CI env lists.
static PAIRED: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"\b(?:key|name)[ \t]*[=:][ \t]*["']?(?P<name>[A-Za-z_][A-Za-z0-9_.-]*)["']?[ \t]*,?[ \t]*(?:\r?\n[ \t]*)?\bvalue[ \t]*[=:][ \t]*(?P<quote>["'])?(?P<value>[A-Za-z0-9+/=_.~!@#$%^*-]+)"#,
    )
});

/// `name value` with spaces alone: `--api-token VALUE` on a command line,
/// `SECRET VALUE` in notes. The name ends in a secret's word (the regex
/// starts at that word, so it costs one literal search; [`scan_piece`]
/// takes the rest of the name from before it). Only a random-looking value
/// counts (a password-like word is prose), but after a command-line option
/// (`mysql --password VALUE`) a password-like one does too.
static SPACED: LazyLock<Regex> = LazyLock::new(|| {
    regex(
        r#"(?P<name>(?i:pass(?:word|wd|phrase)?|pwd|secret|token|key|credentials?))[ \t]+(?P<quote>["'`])?(?P<value>[A-Za-z0-9+/=_.~!@#$%^*-]{8,})"#,
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

/// A value of at least 8 characters given to a password-like name
/// (`password`, `passwd`, `pwd`, `passphrase`, or a name whose last word
/// is `pass`, as `dbPass`): people's passwords are not
/// random-looking enough for [`generic::random_looking`]; placeholders,
/// paths and code references are not passwords. Unquoted (an env file,
/// YAML, INI, an XML element), the value must also mix letters and digits
/// and not read as words, since in code an unquoted value is as a rule a
/// variable (`password = user_password`).
fn password_like(name: &str, value: &str, quoted: bool, next: Option<char>) -> bool {
    let named = password_name(name);
    let lower = value.to_ascii_lowercase();
    let placeholder = [
        "password",
        "changeme",
        "example",
        "placeholder",
        "redacted",
        "your",
    ]
    .iter()
    .any(|p| lower.contains(p))
        || value.starts_with(['$', '{', '<', '%'])
        || value
            .chars()
            .collect::<std::collections::HashSet<_>>()
            .len()
            < 4;
    let letters_and_digits = has_digit(value) && value.bytes().any(|b| b.is_ascii_alphabetic());
    named
        && (quoted || (letters_and_digits && !generic::wordy(value)))
        && value.chars().count() >= 8
        && !placeholder
        && entropy(value) >= 2.5
        && !generic::code_reference(value, quoted, next)
        && !generic::path_like(value)
}

/// A name for a password: `password`, `passwd`, `pwd` or `passphrase` in
/// it, or `pass` as its last word (`dbPass`, `smtp_pass`).
fn password_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    ["password", "passwd", "pwd", "passphrase"]
        .iter()
        .any(|n| lower.contains(n))
        || generic::name_words(name)
            .last()
            .is_some_and(|last| last == "pass")
}

/// Texts longer than this are scanned in pieces of whole lines of about
/// this size, each with its own prefilter: in a long text nearly every
/// keyword occurs somewhere, in a piece of it few do.
const PIECE: usize = 512;

/// Finds credential-shaped spans in `text`, sorted by position, without
/// overlaps. A long text is scanned a piece of whole lines at a time
/// (`PIECE`): a match that spans the newline between two pieces is
/// found only as far as its first line reaches (a private key's header
/// without its body), or not at all (an assignment whose value is on the
/// next line).
pub fn scan(text: &str) -> Vec<SecretFinding> {
    if text.len() <= PIECE {
        return scan_piece(text);
    }
    let mut findings = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let from = (start + PIECE).min(text.len());
        let end = text.as_bytes()[from..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(text.len(), |at| from + at + 1);
        findings.extend(
            scan_piece(&text[start..end])
                .into_iter()
                .map(|f| SecretFinding {
                    start: f.start + start,
                    end: f.end + start,
                    ..f
                }),
        );
        start = end;
    }
    findings
}

/// Whether an assignment's value (the `value` group of `caps`, in `text`)
/// is a secret: a credential's name that does not name something else, and
/// a value that looks random or, unless it is `prose` (`name value` with
/// spaces alone, not a command-line option), like a password.
fn assigned_secret(name: &str, caps: &regex::Captures<'_>, text: &str, prose: bool) -> bool {
    let Some(value) = caps.name("value") else {
        return false;
    };
    let quoted = caps.name("quote").is_some();
    let after = &text[value.end()..];
    let next = after.chars().next();
    let value = value.as_str();
    // `>` ends an XML element's start tag, `<password>…</password>`, and
    // nothing else.
    if caps.name("close").is_some() && (caps.name("element").is_none() || !after.starts_with("</"))
    {
        return false;
    }
    // After a comma, only a quoted value of a quoted name: `f(token,
    // api_key)` lists names, `("API_KEY", "…")` pairs one with a value.
    if caps.name("comma").is_some() {
        let name_quoted = caps
            .name("name")
            .and_then(|n| text[n.end()..].chars().next())
            .is_some_and(|c| c == '"' || c == '\'');
        if !quoted || !name_quoted {
            return false;
        }
    }
    (secret_like_name(name) || generic::key_name(name) || password_name(name))
        && !generic::names_something_else(name)
        && not_a_placeholder(value)
        && !published_example(value)
        && (generic::random_looking(value, quoted, next)
            || (!prose && password_like(name, value, quoted, next)))
}

/// [`scan`] of one piece.
fn scan_piece(text: &str) -> Vec<SecretFinding> {
    let mut findings: Vec<SecretFinding> = Vec::new();
    let overlaps = |findings: &[SecretFinding], start: usize, end: usize| {
        findings.iter().any(|f| f.start < end && start < f.end)
    };
    let selected = candidates(text);
    let rules = selected
        .iter()
        .enumerate()
        .filter(|(_, on)| **on)
        .filter_map(|(index, _)| compiled(index));
    for rule in rules {
        let mut push = |found: regex::Match<'_>| {
            if (rule.check)(found.as_str())
                && !published_example(found.as_str())
                && !overlaps(&findings, found.start(), found.end())
            {
                findings.push(SecretFinding {
                    kind: rule.kind,
                    start: found.start(),
                    end: found.end(),
                });
            }
        };
        if rule.group {
            for caps in rule.regex.captures_iter(text) {
                if let Some(found) = caps.get(1) {
                    push(found);
                }
            }
        } else {
            for found in rule.regex.find_iter(text) {
                push(found);
            }
        }
    }
    if !selected.last().copied().unwrap_or(true) {
        findings.sort_by_key(|f| (f.start, f.end));
        return findings;
    }
    // Not `captures_iter`: an assignment whose name is harmless must not
    // swallow one in its value (`"body": "API_TOKEN=…"`), so the search
    // goes on right after the name.
    // An entry's fields are named `value` (and `name` and `key`, words
    // common enough in code that a search for them would cost more).
    let paired = text.contains("value");
    let patterns = [
        (&*ASSIGNMENT, false, true),
        (&*PAIRED, false, paired),
        (&*SPACED, true, true),
    ];
    for (pattern, spaced, _) in patterns.into_iter().filter(|(_, _, runs)| *runs) {
        let mut from = 0;
        while let Some(caps) = pattern.captures_at(text, from) {
            let (Some(name), Some(value)) = (caps.name("name"), caps.name("value")) else {
                break;
            };
            // The spaced form's match starts at the name's last word.
            let name_start = if spaced {
                text[..name.start()]
                    .trim_end_matches(|c: char| c.is_ascii_alphanumeric() || "_.-".contains(c))
                    .len()
            } else {
                name.start()
            };
            let whole_name = &text[name_start..name.end()];
            // `--password VALUE` is an option and its value, not prose.
            let prose = spaced && !whole_name.starts_with('-');
            if assigned_secret(whole_name, &caps, text, prose) {
                if !overlaps(&findings, value.start(), value.end()) {
                    findings.push(SecretFinding {
                        kind: "secret_assignment",
                        start: value.start(),
                        end: value.end(),
                    });
                }
                from = value.end();
            } else {
                from = name.end();
            }
        }
    }
    findings.sort_by_key(|f| (f.start, f.end));
    findings
}

/// One credential shape found in an outbound payload, and where: the
/// decodings that led to it (`raw`, `json`, `percent`, …).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PayloadFinding {
    pub kind: &'static str,
    pub found_in: String,
}

/// Decodings applied one inside another before a payload counts as too
/// deeply wrapped to read (which is a finding of its own).
const MAX_DECODINGS: usize = 6;
/// Base64 runs shorter than this are left alone (words, ids).
const MIN_BASE64: usize = 16;
/// The shortest run of hex digits decoded: 8 bytes, as short as a secret.
const MIN_HEX: usize = 16;

/// Credential shapes in an outbound payload (a tool call's JSON
/// arguments), looked for in the raw text and in what it decodes to (see
/// [`scan_decoded`]). Escapes around a value therefore do not hide it.
pub fn scan_payload(payload: &str) -> Vec<PayloadFinding> {
    scan_decoded(payload, |text| {
        scan(text).into_iter().map(|finding| finding.kind).collect()
    })
    .into_iter()
    .map(|(kind, found_in)| PayloadFinding { kind, found_in })
    .collect()
}

/// What `check` finds in a payload's raw text and in everything it
/// decodes to: every JSON string on its own (keys and values, recursively,
/// and `key: "value"` pairs), URL-decoded text and each query parameter,
/// backslash escapes, HTML character references, base64 and hex runs, JSON inside
/// a string, and those inside one another. Each finding comes once, with
/// the decodings that led to it (`raw`, `json`, `percent`, …). Text too
/// deeply wrapped or too large to decode is a finding of its own, an
/// [`Undecodable`] made into `K`: what cannot be read is not clean.
pub fn scan_decoded<K: Clone + PartialEq + From<Undecodable>>(
    payload: &str,
    check: impl FnMut(&str) -> Vec<K>,
) -> Vec<(K, String)> {
    let mut scanner = PayloadScanner {
        findings: Vec::new(),
        budget: payload.len().saturating_mul(32).saturating_add(1 << 16),
        check,
    };
    scanner.text(payload, "raw", 0);
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(payload) {
        scanner.json(&value, "json", 0);
    }
    scanner.findings
}

/// Why part of a payload could not be read: its own finding, for every
/// kind of check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Undecodable {
    /// Larger than the decoding budget (32 times the payload).
    TooLarge,
    /// Wrapped in more than `MAX_DECODINGS` encodings.
    Nested,
}

impl From<Undecodable> for &'static str {
    fn from(why: Undecodable) -> &'static str {
        match why {
            Undecodable::TooLarge => "undecodable",
            Undecodable::Nested => "nested_encoding",
        }
    }
}

/// A decoding that returns `None` when it changes nothing.
type Decoder = fn(&str) -> Option<String>;

struct PayloadScanner<K, F> {
    findings: Vec<(K, String)>,
    /// Bytes still to be scanned: decodings that blow up are cut off.
    budget: usize,
    check: F,
}

impl<K: Clone + PartialEq + From<Undecodable>, F: FnMut(&str) -> Vec<K>> PayloadScanner<K, F> {
    fn found(&mut self, kind: K, path: &str) {
        let finding = (kind, path.to_string());
        if !self.findings.contains(&finding) {
            self.findings.push(finding);
        }
    }

    fn text(&mut self, text: &str, path: &str, depth: usize) {
        if text.is_empty() {
            return;
        }
        if text.len() > self.budget {
            self.found(Undecodable::TooLarge.into(), path);
            return;
        }
        self.budget -= text.len();
        for kind in (self.check)(text) {
            self.found(kind, path);
        }
        let decoders: [(&str, Decoder); 3] = [
            ("percent", crate::decode::percent),
            ("backslash", crate::decode::backslashes),
            ("html", crate::decode::html_entities),
        ];
        let mut decoded: Vec<(&str, String)> = decoders
            .iter()
            .filter_map(|(name, decode)| Some((*name, decode(text)?)))
            .collect();
        decoded.extend(
            crate::decode::base64_runs(text, MIN_BASE64)
                .into_iter()
                .map(|(_, run)| ("base64", run)),
        );
        decoded.extend(
            crate::decode::hex_runs(text, MIN_HEX)
                .into_iter()
                .map(|(_, run)| ("hex", run)),
        );
        // Each query parameter (and path or fragment piece) on its own.
        if text.contains(['?', '&']) {
            decoded.extend(
                text.split(['?', '&', ';', '#'])
                    .filter(|piece| piece.contains('=') && piece.len() < text.len())
                    .map(|piece| ("query", piece.to_string())),
            );
        }
        if depth > 0 {
            let trimmed = text.trim_start();
            if trimmed.starts_with(['{', '[', '"']) {
                if let Ok(value) = serde_json::from_str::<serde_json::Value>(text) {
                    self.json(&value, &format!("{path} > json"), depth + 1);
                }
            }
        }
        if decoded.is_empty() {
            return;
        }
        if depth >= MAX_DECODINGS {
            self.found(Undecodable::Nested.into(), path);
            return;
        }
        for (name, inner) in decoded {
            self.text(&inner, &format!("{path} > {name}"), depth + 1);
        }
    }

    fn json(&mut self, value: &serde_json::Value, path: &str, depth: usize) {
        use serde_json::Value;
        match value {
            Value::String(text) => self.text(text, &format!("{path} string"), depth + 1),
            Value::Array(items) => {
                for item in items {
                    self.json(item, path, depth);
                }
            }
            Value::Object(map) => {
                for (key, item) in map {
                    self.text(key, &format!("{path} key"), depth + 1);
                    if let Value::String(text) = item {
                        let pair = format!("{key}: \"{text}\"");
                        self.text(&pair, &format!("{path} pair"), depth + 1);
                    }
                    self.json(item, path, depth);
                }
            }
            Value::Null | Value::Bool(_) | Value::Number(_) => {}
        }
    }
}

/// `text` with every occurrence of each non-empty secret replaced by
/// `[REDACTED]`, in the ways [`Redactor`] describes.
pub fn redact(text: &str, secrets: &[&str]) -> String {
    Redactor::new(secrets).redact(text)
}

/// What replaces a secret.
pub const MARKER: &str = "[REDACTED]";

/// Removes known secrets (the supervisor's credentials) from text that goes
/// back to where they must not be seen, such as a jail that can make a
/// server reflect them, without telling that text's author anything about
/// them.
///
/// - Each secret is looked for plainly and in its encoded forms: base64
///   (either alphabet, at each of the three alignments a secret can have
///   inside longer encoded text), hex, and for a secret that is itself
///   base64 of text (`Authorization: Basic`), that text and the part after
///   its first `:`. Any character of any form may also appear
///   percent-encoded, as a `\uXXXX`, `\xHH` or one-letter backslash escape
///   (JSON, JavaScript), or as an HTML character reference.
/// - A match is found by its *anchor*: the form's first characters, which
///   hold at least [`ANCHOR_SECRET_CHARS`] characters past any well-known
///   prefix (`ghp_`, `AKIA`, `-----BEGIN … KEY-----`). After the anchor,
///   as many encoded units (a character, a `%XX`, an escape, a character
///   reference) as the rest of the form has characters are redacted,
///   whatever they hold. So a guess is answered the same whether its
///   characters past the anchor are right or wrong: the only thing a
///   reflection can tell is whether a guess holds a whole anchor, which
///   means guessing that many unknown characters at once.
/// - Overlapping matches become one marker.
///
/// [`Redactor::redact_cut`] is for text cut from a longer stream.
#[derive(Debug, Clone)]
pub struct Redactor {
    /// Each form's anchor, and the UTF-8 bytes of the form after it.
    anchors: Vec<(Regex, usize)>,
    /// The longest an anchor's match can be.
    anchor_len: usize,
}

/// Unknown characters each anchor holds (past a well-known prefix).
pub const ANCHOR_SECRET_CHARS: usize = 10;

/// Where the first [`ANCHOR_SECRET_CHARS`] characters of `secret` that are
/// not a well-known prefix start: after the last separator within its
/// first 40 characters (`ghp_`, `sk-ant-api03-`, `-----BEGIN … KEY-----\n`,
/// `user:`), or after the fixed prefixes of AWS and Google keys and JWTs.
fn public_prefix_chars(secret: &str) -> usize {
    let separated = secret
        .chars()
        .take(40)
        .enumerate()
        .filter(|(_, c)| "-_:./ \n".contains(*c))
        .map(|(index, _)| index + 1)
        .last()
        .unwrap_or(0);
    let fixed = ["AKIA", "ASIA", "AIza", "eyJ"]
        .iter()
        .find(|prefix| secret.starts_with(*prefix))
        .map_or(0, |prefix| prefix.len());
    separated.max(fixed)
}

/// A form of a secret, and how many of its characters make its anchor.
struct Form {
    text: String,
    anchor_chars: usize,
}

fn forms(secret: &str) -> Vec<Form> {
    let secret_chars = secret.chars().count();
    let anchor = |chars: usize| public_prefix_chars(secret) + chars;
    let plain_anchor = anchor(ANCHOR_SECRET_CHARS).min(secret_chars);
    let mut forms = vec![Form {
        text: secret.to_string(),
        anchor_chars: plain_anchor,
    }];
    let bytes = secret.as_bytes();
    // Base64 and hex spell each byte in more characters: the anchor grows
    // with them, so it stands for as many of the secret's bytes.
    let anchor_bytes = secret
        .char_indices()
        .nth(plain_anchor)
        .map_or(bytes.len(), |(at, _)| at);
    if bytes.len() >= 3 {
        for url_safe in [false, true] {
            for shift in 0..3 {
                let mut padded = vec![0u8; shift];
                padded.extend_from_slice(bytes);
                let encoded = crate::decode::base64_encode(&padded, url_safe);
                // The characters that depend on the secret's bytes alone.
                let first = (shift * 4).div_ceil(3);
                let end = ((shift + bytes.len()) * 4 / 3).min(encoded.len());
                if let Some(core) = encoded.get(first..end).filter(|c| !c.is_empty()) {
                    forms.push(Form {
                        text: core.to_string(),
                        anchor_chars: ((anchor_bytes * 4).div_ceil(3)).min(core.len()),
                    });
                }
            }
        }
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        forms.push(Form {
            anchor_chars: (anchor_bytes * 2).min(hex.len()),
            text: hex.to_uppercase(),
        });
        forms.push(Form {
            anchor_chars: (anchor_bytes * 2).min(hex.len()),
            text: hex,
        });
    }
    // A stored `Authorization: Basic` value: what it stands for.
    let decoded = crate::decode::base64_decode(secret)
        .filter(|_| secret.len() >= 8)
        .and_then(|bytes| String::from_utf8(bytes).ok())
        .filter(|text| text.chars().all(|c| !c.is_control()));
    if let Some(decoded) = decoded {
        let mut texts = vec![decoded.clone()];
        if let Some((_, password)) = decoded.split_once(':') {
            if password.len() >= 4 {
                texts.push(password.to_string());
            }
        }
        for text in texts {
            let chars = text.chars().count();
            forms.push(Form {
                anchor_chars: (public_prefix_chars(&text) + ANCHOR_SECRET_CHARS).min(chars),
                text,
            });
        }
    }
    forms
}

/// The regex alternatives for one character: itself, and each way a
/// simple encoding can spell it.
fn char_pattern(c: char) -> String {
    let mut alternatives = vec![regex::escape(c.encode_utf8(&mut [0; 4]))];
    let mut utf8 = [0; 4];
    let percent: String = c
        .encode_utf8(&mut utf8)
        .bytes()
        .map(|b| format!("%(?i:{b:02x})"))
        .collect();
    alternatives.push(percent);
    let mut units = [0u16; 2];
    let escaped: String = c
        .encode_utf16(&mut units)
        .iter()
        .map(|u| format!(r"\\u(?i:{u:04x})"))
        .collect();
    alternatives.push(escaped);
    let code = u32::from(c);
    if c.is_ascii() {
        alternatives.push(format!(r"\\x(?i:{code:02x})"));
    }
    alternatives.push(format!("&#{code};"));
    alternatives.push(format!("&#[xX](?i:{code:x});"));
    let named: &[&str] = match c {
        '"' => &[r#"\\""#, "&quot;"],
        '\'' => &[r"\\'", "&apos;"],
        '\\' => &[r"\\\\"],
        '/' => &[r"\\/"],
        '`' => &[r"\\`"],
        '&' => &["&amp;"],
        '<' => &["&lt;"],
        '>' => &["&gt;"],
        ' ' => &[r"\+"],
        '\n' => &[r"\\n"],
        '\r' => &[r"\\r"],
        '\t' => &[r"\\t"],
        _ => &[],
    };
    alternatives.extend(named.iter().map(|s| s.to_string()));
    format!("(?:{})", alternatives.join("|"))
}

/// The longest any spelling of `c` in [`char_pattern`] can be, in bytes.
fn char_max_len(c: char) -> usize {
    // `\uXXXX` and `&#x7F;` for ASCII; a surrogate pair or four `%XX`.
    if c.is_ascii() {
        6
    } else {
        12
    }
}

impl Default for Redactor {
    fn default() -> Self {
        Redactor::new(&[])
    }
}

impl Redactor {
    pub fn new(secrets: &[&str]) -> Redactor {
        let mut anchors = Vec::new();
        let mut anchor_len = 0;
        for secret in secrets.iter().filter(|s| !s.is_empty()) {
            for form in forms(secret) {
                let anchor: String = form.text.chars().take(form.anchor_chars).collect();
                let rest = form.text.len() - anchor.len();
                anchor_len = anchor_len.max(anchor.chars().map(char_max_len).sum());
                let pattern: String = anchor.chars().map(char_pattern).collect();
                match regex::RegexBuilder::new(&pattern)
                    .size_limit(64 << 20)
                    .build()
                {
                    Ok(regex) => anchors.push((regex, rest)),
                    // Too long a secret to match: nothing is let through.
                    Err(_) => {
                        return Redactor {
                            anchors: vec![(regex(r"(?s)\A."), usize::MAX)],
                            anchor_len: 1,
                        }
                    }
                }
            }
        }
        Redactor {
            anchors,
            anchor_len,
        }
    }

    /// How many bytes past a cut must be read for every match starting
    /// before the cut to be seen whole.
    pub fn lookahead(&self) -> usize {
        self.anchor_len
    }

    /// `text` with each match and what follows it (see [`Redactor`]) made
    /// one [`MARKER`].
    pub fn redact(&self, text: &str) -> String {
        let mut spans: Vec<(usize, usize)> = Vec::new();
        for (anchor, rest) in &self.anchors {
            let mut from = 0;
            while let Some(found) = anchor.find_at(text, from) {
                spans.push((found.start(), units_end(text, found.end(), *rest)));
                // One character on, so overlapping matches are found.
                from = found.start()
                    + text[found.start()..]
                        .chars()
                        .next()
                        .map_or(1, char::len_utf8);
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
            out.push_str(MARKER);
            copied = end;
        }
        out.push_str(&text[copied..]);
        out
    }

    /// For the first bytes of a longer stream, read [`lookahead`] bytes
    /// past `max` (`more`: the stream went on after `text`): redacts first,
    /// then, where the stream was cut, drops the last `lookahead - 1`
    /// bytes (all a secret cut there could have left, whether or not one
    /// was: the answer must not depend on it), then keeps at most `max`
    /// bytes. Returns the text and whether anything was left out.
    ///
    /// [`lookahead`]: Redactor::lookahead
    pub fn redact_cut(&self, text: &str, more: bool, max: usize) -> (String, bool) {
        let mut out = self.redact(text);
        if more {
            let keep = floor_char_boundary(
                &out,
                out.len().saturating_sub(self.lookahead().saturating_sub(1)),
            );
            out.truncate(keep);
        }
        let truncated = more || out.len() > max;
        if out.len() > max {
            let keep = floor_char_boundary(&out, max);
            out.truncate(keep);
        }
        (out, truncated)
    }
}

/// Where the encoded units ([`crate::decode::first_unit`]) from `start`
/// that stand for `bytes` bytes end: what a form's rest takes in `text`
/// however it is spelled, or the end of `text`.
fn units_end(text: &str, start: usize, bytes: usize) -> usize {
    let mut at = start;
    let mut stood_for = 0;
    while stood_for < bytes && at < text.len() {
        let (used, decoded) = crate::decode::first_unit(&text[at..]);
        at += used;
        stood_for += decoded;
    }
    at
}

fn floor_char_boundary(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

#[cfg(test)]
#[path = "secrets_tests.rs"]
mod tests;
