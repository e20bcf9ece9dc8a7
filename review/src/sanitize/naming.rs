//! After the walk: spelling the renamed identifiers.

use std::collections::{HashMap, HashSet};

use super::{Hole, Rule, Sanitized, Sanitizer};

impl Sanitizer<'_> {
    pub(super) fn finish(self) -> Sanitized {
        // The names of functions that run code or commands stay as they
        // are wherever they are used: renamed, a type of the file's own that
        // declares `execSync` would hide a call of the real one.
        let rename = |hole: &Hole| match hole.rule {
            _ if crate::reviewer::runs_code(hole.name) => false,
            Rule::Rename => true,
            Rule::IfDefined => self.defined.contains(hole.name),
            Rule::IfBothDefined(other) => {
                self.defined.contains(hole.name) && self.defined.contains(other)
            }
            Rule::IfFunction => self.functions.contains(hole.name),
        };
        // Names that stay as written: the identifier-like tokens of the text
        // around the holes, and the holes that are not renamed. Only
        // lowercase ones as short as a generated name can clash; the set is
        // built per length as generated names grow (most files need one or
        // two letters).
        let keep: Vec<bool> = self.holes.iter().map(|h| !rename(h)).collect();
        let mut shown: HashSet<&str> = HashSet::new();
        let mut shown_len = 0;
        let mut map: HashMap<&str, String> = HashMap::new();
        let mut next = 0usize;
        let mut code = String::with_capacity(self.out.len() + self.holes.len() * 2);
        let mut last = 0;
        for (hole, kept) in self.holes.iter().zip(&keep) {
            code.push_str(&self.out[last..hole.at]);
            last = hole.at;
            if *kept {
                code.push_str(hole.name);
                continue;
            }
            if hole.name.starts_with('#') {
                code.push('#');
            }
            if let Some(short) = map.get(hole.name) {
                code.push_str(short);
                continue;
            }
            let short = loop {
                let candidate = short_name(next);
                next += 1;
                while shown_len < candidate.len() {
                    shown_len += 1;
                    extend_shown(&self.out, &self.holes, &keep, shown_len, &mut shown);
                }
                if !self.avoided(&candidate, &shown) {
                    break candidate;
                }
            };
            code.push_str(&short);
            map.insert(hole.name, short);
        }
        code.push_str(&self.out[last..]);
        let identifiers = map.len();
        let mut renamed: Vec<(String, String)> = map
            .into_iter()
            .map(|(name, short)| (name.trim_start_matches('#').to_string(), short))
            .collect();
        renamed.sort();
        Sanitized {
            code,
            strings: self.strings,
            identifiers,
            literals: self.literals,
            renamed,
        }
    }
}

/// Adds to `shown` the lowercase names of length `len` that appear as
/// written: tokens of the output text and identifiers kept as they are.
fn extend_shown<'s>(
    out: &'s str,
    holes: &[Hole<'s>],
    keep: &[bool],
    len: usize,
    shown: &mut HashSet<&'s str>,
) {
    let fits = |word: &&str| word.len() == len && word.bytes().all(|b| b.is_ascii_lowercase());
    shown.extend(
        out.split(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_' || ch == '$'))
            .filter(fits),
    );
    let kept_holes = holes.iter().zip(keep).filter(|(_, kept)| **kept);
    shown.extend(kept_holes.map(|(h, _)| h.name).filter(fits));
}

/// `a`, `b`, … `z`, `aa`, `ab`, …
pub(super) fn short_name(mut index: usize) -> String {
    let mut out = Vec::new();
    loop {
        out.push(b'a' + u8::try_from(index % 26).unwrap_or(0));
        if index < 26 {
            break;
        }
        index = index / 26 - 1;
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}
