//! The generic `name = value` rule's judgement of a name and its value.
//!
//! A name like `api_key` or `password` says a value may be a credential;
//! most values given to such names in code and configuration are not:
//! references to where the secret is kept (`os.getenv(…)`,
//! `settings.SECRET_KEY`, a file path), words (`my-api-key-for-testing`),
//! or the value of a neighbouring name that only holds the word
//! (`token_url`, `secret_name`, `csrf_token`). gitleaks and Nosey Parker
//! rule those out with an entropy threshold, stop words and lists of
//! names; this does the same in a few general checks.

use super::{entropy, has_digit};

/// The words of a name, lowercased: split at `_`, `-`, `.`, `/` and where
/// lower case turns upper (`apiKeyId` is `api`, `key`, `id`).
pub fn name_words(name: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut previous_lower = false;
    for c in name.chars() {
        if !c.is_ascii_alphanumeric() {
            if !word.is_empty() {
                words.push(std::mem::take(&mut word));
            }
            previous_lower = false;
            continue;
        }
        if c.is_ascii_uppercase() && previous_lower && !word.is_empty() {
            words.push(std::mem::take(&mut word));
        }
        previous_lower = c.is_ascii_lowercase() || c.is_ascii_digit();
        word.push(c.to_ascii_lowercase());
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

/// Last words that make a name about a secret, not the secret: its id,
/// name, where it is or comes from, what kind it is, how long it lives.
const NOT_THE_SECRET: [&str; 47] = [
    "alias",
    "id",
    "ids",
    "name",
    "names",
    "url",
    "uri",
    "urls",
    "endpoint",
    "host",
    "path",
    "file",
    "filename",
    "dir",
    "type",
    "types",
    "kind",
    "length",
    "len",
    "size",
    "count",
    "field",
    "label",
    "prefix",
    "suffix",
    "version",
    "format",
    "mode",
    "method",
    "provider",
    "scheme",
    "policy",
    "ttl",
    "expiry",
    "expires",
    "expiration",
    "timeout",
    "lifetime",
    "enabled",
    "required",
    "regex",
    "pattern",
    "hint",
    "description",
    "message",
    "error",
    "placeholder",
];

/// Words that make a token or key one that is not a credential: public
/// keys, CSRF tokens (Rails calls its form's `authenticity_token`),
/// pagination tokens.
const NOT_A_CREDENTIAL: [&str; 10] = [
    "public",
    "pub",
    "csrf",
    "xsrf",
    "authenticity",
    "page",
    "next",
    "continuation",
    "cursor",
    "sync",
];

/// A name with a secret word that names something else (`token_url`,
/// `secret_name`, `apiKeyId`, `csrf_token`, `public_key`).
pub(super) fn names_something_else(name: &str) -> bool {
    let words = name_words(name);
    words
        .last()
        .is_some_and(|last| NOT_THE_SECRET.contains(&last.as_str()))
        || words.iter().any(|w| NOT_A_CREDENTIAL.contains(&w.as_str()))
}

/// Words before `key` that make it a key of a table, a map, a cache, a
/// keyboard or a public-key pair, not a credential.
const NOT_A_SECRET_KEY: [&str; 30] = [
    "primary",
    "foreign",
    "sort",
    "partition",
    "hash",
    "range",
    "cache",
    "lookup",
    "idempotency",
    "dedup",
    "dedupe",
    "unique",
    "composite",
    "natural",
    "surrogate",
    "index",
    "idx",
    "schema",
    "sequence",
    "bucket",
    "object",
    "s3",
    "dict",
    "map",
    "hot",
    "shortcut",
    "translation",
    "i18n",
    "group",
    "row",
];

/// A name whose last word is `key` (`LICENSE_KEY`, `masterKey`,
/// `encryption-key`, `IO_KEY`), as gitleaks' generic rule takes: a
/// credential unless another word makes it a table's, a cache's or a
/// public key (those, and `public`, [`names_something_else`] leaves).
pub(super) fn key_name(name: &str) -> bool {
    let words = name_words(name);
    let Some(last) = words.last() else {
        return false;
    };
    let keyed = last == "key" || last == "keys" || (last.ends_with("key") && last.len() > 5);
    keyed
        && !words.iter().any(|w| NOT_A_SECRET_KEY.contains(&w.as_str()))
        && !["monkey", "turkey", "hotkey", "donkey", "keykey"]
            .iter()
            .any(|w| last.ends_with(w))
}

/// Where a value is read from rather than the value: an identifier chain
/// (`process.env.API_KEY`, `settings.SECRET_KEY`, `config.auth.token`),
/// or, unquoted, a name called or indexed (`os.getenv(`,
/// `os.environ[`). `next` is the character after the value.
pub(super) fn code_reference(value: &str, quoted: bool, next: Option<char>) -> bool {
    let identifier = |part: &str| {
        let letters = part.trim_end_matches(|c: char| c.is_ascii_digit());
        !letters.is_empty()
            && letters
                .chars()
                .all(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
    };
    let chain = value.contains('.') && value.split('.').all(identifier);
    chain || (!quoted && matches!(next, Some('(' | '[')))
}

/// A file path (`/etc/app/secret.key`, `./token.txt`, `~/.aws/credentials`,
/// `config/credentials.yml`): a secret's place, not the secret. Base64
/// has `/` too, but not a leading `./` or `~/`, nor a `.` extension.
pub(super) fn path_like(value: &str) -> bool {
    if value.starts_with("./") || value.starts_with("../") || value.starts_with("~/") {
        return true;
    }
    let Some((dirs, last)) = value.rsplit_once('/') else {
        return false;
    };
    let extension = last.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty()
            && (1..=5).contains(&ext.len())
            && ext.bytes().all(|b| b.is_ascii_alphabetic())
    });
    (value.starts_with('/')
        && dirs.split('/').skip(1).all(|d| !d.is_empty())
        && !value.contains('+'))
        || extension
}

/// Vowels, for telling words from random letters.
fn vowel(c: char) -> bool {
    matches!(c, 'a' | 'e' | 'i' | 'o' | 'u' | 'y')
}

/// A run of letters that reads like a word: three or more letters, a
/// vowel (`y` counts) in every six at least, and no four consonants in a
/// row (`String` and `Connection` are words, `xkqzt` and `Npb` are not).
fn reads_like_word(word: &[char]) -> bool {
    if word.len() < 3 {
        return false;
    }
    let mut vowels = 0;
    let mut consonants = 0;
    for c in word {
        if vowel(c.to_ascii_lowercase()) {
            vowels += 1;
            consonants = 0;
        } else {
            consonants += 1;
            if consonants >= 4 {
                return false;
            }
        }
    }
    vowels * 6 >= word.len()
}

/// Most of a value is words (`my-api-key-for-testing`,
/// `SOME_SECRET_VALUE`, `HelloWorldApplication2`): at least 70% of its
/// letters and digits are in runs of letters that read like words, split
/// where lower case turns upper, and not between two digits (random
/// tokens' letters are; identifiers' words are between separators). A
/// random token of 20 characters with digits is that wordy less than
/// once in a hundred.
pub(super) fn wordy(value: &str) -> bool {
    let chars: Vec<char> = value.chars().collect();
    let alphanumerics = chars.iter().filter(|c| c.is_ascii_alphanumeric()).count();
    let digit_at = |at: Option<usize>| {
        at.and_then(|at| chars.get(at))
            .is_some_and(char::is_ascii_digit)
    };
    let mut covered = 0;
    let mut start = 0;
    while start < chars.len() {
        if !chars[start].is_ascii_alphabetic() {
            start += 1;
            continue;
        }
        // One word: up to a non-letter, a lower-to-upper change, or the
        // last capital of a capitals run followed by lower case (`APIKey`).
        let mut end = start + 1;
        while end < chars.len() && chars[end].is_ascii_alphabetic() {
            let (previous, c) = (chars[end - 1], chars[end]);
            let next_lower = chars.get(end + 1).is_some_and(char::is_ascii_lowercase);
            if c.is_ascii_uppercase() && (previous.is_ascii_lowercase() || next_lower) {
                break;
            }
            end += 1;
        }
        let between_digits = digit_at(start.checked_sub(1)) && digit_at(Some(end));
        if !between_digits && reads_like_word(&chars[start..end]) {
            covered += end - start;
        }
        start = end;
    }
    alphanumerics == 0 || covered * 10 >= alphanumerics * 7
}

/// Words in a value that make it a placeholder or a description rather
/// than a credential (`token_here`, `my_secret_password`, `fake-key-1`).
const PLACEHOLDER_WORDS: [&str; 11] = [
    "password", "secret", "token", "apikey", "api_key", "here", "todo", "fixme", "fake", "mock",
    "foobar",
];

/// A value the generic rule takes for a credential on its looks alone:
/// 20 or more characters, 3.5 bits of entropy per character or more (3.0
/// for hex, whose 16 symbols give a random key of 20 to 32 characters
/// less than 3.5 bits one time in five to four in five), at least one
/// digit (letters-only values are words and identifiers; a random token
/// of 20 has a digit all but always), not mostly words, not a
/// placeholder, not a code reference or a path.
pub(super) fn random_looking(value: &str, quoted: bool, next: Option<char>) -> bool {
    let lower = value.to_ascii_lowercase();
    let hex = value
        .bytes()
        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        || value
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'A'..=b'F').contains(&b));
    let least = if hex { 3.0 } else { 3.5 };
    value.chars().count() >= 20
        && entropy(value) >= least
        && has_digit(value)
        && !PLACEHOLDER_WORDS.iter().any(|w| lower.contains(w))
        && !code_reference(value, quoted, next)
        && !path_like(value)
        && !wordy(value)
}
