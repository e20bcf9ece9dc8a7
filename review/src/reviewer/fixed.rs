//! The reviewer's fixed patterns that are only ever asked whether they
//! match one text (system paths, the signs of a switch turned off, of a
//! URL's key).
//!
//! Compiling them cost 0.1-0.9 ms each in every `jail review` process
//! that needed one (the switches' signs in every review of Python or
//! JavaScript). Each is stored as an
//! unanchored DFA in `fixed_patterns.dfa` ([`crate::precompiled`], built
//! by `JAIL_BLESS=1 cargo test -p review rules_file`), which answers as
//! the regex does (for a regex without Unicode, on ASCII text only); other
//! text, or a pattern whose entry is stale, is read by
//! its regex, compiled on first need. (Not the credential stores' or
//! start-up files' alternations: their DFAs, 1.5 MB and 230 KB, took
//! longer to load and check than the regexes take to compile.)

use std::sync::{LazyLock, OnceLock};

use regex::{Regex, RegexBuilder};

use crate::precompiled::{self, Precompiled};

/// One fixed pattern: where its DFA is in the file, and how its regex
/// reads text.
pub(super) struct Fixed {
    index: usize,
    pattern: &'static str,
    /// The regex crate's Unicode mode (`\b`, `\s`, `\w` beyond ASCII).
    unicode: bool,
    regex: OnceLock<Regex>,
}

impl Fixed {
    const fn new(index: usize, pattern: &'static str, unicode: bool) -> Fixed {
        Fixed {
            index,
            pattern,
            unicode,
            regex: OnceLock::new(),
        }
    }

    /// Whether the pattern matches somewhere in `text`. (The DFA is built
    /// in Unicode mode: to a regex without it, only ASCII text reads the
    /// same.)
    pub(super) fn is_match(&self, text: &str) -> bool {
        if !(self.unicode || text.is_ascii()) {
            return self.regex().is_match(text);
        }
        if let Some(found) = DFAS
            .get(self.index, self.pattern)
            .and_then(|dfa| dfa.is_match(text))
        {
            return found;
        }
        self.regex().is_match(text)
    }

    #[expect(
        clippy::expect_used,
        reason = "constant patterns; every one is compiled by the tests"
    )]
    fn regex(&self) -> &Regex {
        self.regex.get_or_init(|| {
            RegexBuilder::new(self.pattern)
                .unicode(self.unicode)
                .build()
                .expect("valid constant regex")
        })
    }
}

/// A path the literal reader judges written to: the system's own (its
/// catalog's ASCII classes).
pub(super) static SYSTEM_PATH: Fixed = Fixed::new(0, super::literals::SYSTEM_PATH_PATTERN, false);
/// One pass of a multi-pattern search instead of a search per sign: these
/// run on every line and literal.
pub(super) static SWITCH_OFF_SIGNS: Fixed = Fixed::new(
    1,
    "alse|rue|ypass|etention|off|isable|nactive|eactivate|nenroll|uspend|ause|ute|ilence|None|null|\\[\\]|onfigured|nooze|Mode|mode[\"'\\s:=]|Level|level[\"'\\s:=]|Action|action[\"'\\s:=]|nforce|\"no\"|'no'|\"none\"|ctive[\"']?\\s*[:=]\\s*0|nabled[\"']?\\s*[:=]\\s*0",
    true,
);
pub(super) static URL_KEYS: Fixed =
    Fixed::new(2, "url|Url|URL|uri|Uri|URI|ndpoint|arget|href|ddress", true);

/// Every fixed pattern, in the file's order.
pub(super) static ALL: [&Fixed; 3] = [&SYSTEM_PATH, &SWITCH_OFF_SIGNS, &URL_KEYS];

static DFAS: LazyLock<Precompiled> =
    LazyLock::new(|| Precompiled::new(precompiled::FIXED_PATTERNS, ALL.len()));

/// What `fixed_patterns.dfa` is built from.
#[cfg(test)]
pub(crate) fn patterns() -> Vec<String> {
    ALL.iter().map(|fixed| fixed.pattern.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each pattern sits at its own index, and its DFA answers as its
    /// regex does wherever it answers: over the lines of the
    /// reviewer's tests and of the review-quality sets, sanitized.
    #[test]
    fn fixed_patterns_match_as_their_regexes_do() {
        assert!(ALL.iter().enumerate().all(|(at, fixed)| fixed.index == at));
        let mut texts = vec![
            include_str!("builtin_tests.rs").replace("\\n", "\n"),
            include_str!("literals.rs").replace("\\n", "\n"),
        ];
        for sanitized in crate::quality_sets::sanitized(&crate::quality_sets::SOME) {
            texts.push(sanitized.code);
            texts.extend(sanitized.literals);
        }
        for fixed in ALL {
            let dfa = DFAS
                .get(fixed.index, fixed.pattern)
                .unwrap_or_else(|| panic!("no DFA for {}", fixed.pattern));
            let (mut answered, mut matched) = (0, 0);
            for text in texts.iter().flat_map(|t| t.lines().chain([t.as_str()])) {
                if let Some(found) = dfa.is_match(text) {
                    answered += 1;
                    matched += usize::from(found);
                    assert_eq!(
                        found,
                        fixed.regex().is_match(text),
                        "{} on {text:?}",
                        fixed.pattern
                    );
                }
            }
            assert!(
                matched > 0 && answered > 10_000,
                "{}: {matched} of {answered}",
                fixed.pattern
            );
        }
    }
}
