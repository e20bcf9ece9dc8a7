//! The injection scan's rules compiled ahead of time.
//!
//! Compiling a rule's regex costs 0.1-1 ms (parsing the pattern is most of
//! it), and on real code a dozen rules have their literals close together
//! somewhere: that was most of a `jail review` process's scan. So each
//! rule is also stored as an anchored sparse DFA in `scan_rules.dfa`,
//! which needs no compiling (loading one validates its bytes), with the
//! bytes that can start a match. The scan tries the DFA at each such byte
//! of a window (see [`super::prefilter::Catalog::windows`]), which finds
//! the same leftmost-first matches as the regex.
//!
//! The file is generated from the patterns by the test in this module
//! (`JAIL_BLESS=1 cargo test -p review scan_rules_file` after changing a
//! rule). Each entry carries the BLAKE3 hash of the pattern it was built
//! from: a rule whose entry is missing, stale or unreadable (another
//! regex-automata format) is compiled at run time instead, never skipped.

use std::ops::Range;
use std::sync::OnceLock;

use regex_automata::dfa::sparse;
use regex_automata::dfa::Automaton;
use regex_automata::util::start;
use regex_automata::{Anchored, Input};

/// The generated file: `MAGIC`, then per rule in catalog order the
/// pattern's BLAKE3 hash (32 bytes), the DFA's length (u32, little-endian),
/// the bytes that can start a match (a 256-bit set: bit `b % 8` of byte
/// `b / 8`) and the DFA (regex-automata's little-endian sparse
/// serialization).
static FILE: &[u8] = include_bytes!("scan_rules.dfa");
const MAGIC: &[u8; 8] = b"jaildfa3";

/// One rule's DFA and the bytes that can start one of its matches.
pub struct Compiled {
    dfa: sparse::DFA<&'static [u8]>,
    /// What the search skips to.
    first: [bool; 256],
}

/// The rules' DFAs, each loaded on first use.
pub struct Precompiled {
    loaded: Vec<OnceLock<Option<Compiled>>>,
}

impl Precompiled {
    pub fn new(rules: usize) -> Precompiled {
        Precompiled {
            loaded: (0..rules).map(|_| OnceLock::new()).collect(),
        }
    }

    /// Rule `index`'s DFA, if the file holds one built from `pattern`.
    pub fn get(&self, index: usize, pattern: &str) -> Option<&Compiled> {
        self.loaded
            .get(index)?
            .get_or_init(|| load(entry(FILE, index)?, pattern))
            .as_ref()
    }
}

/// One rule's part of the file.
struct Entry {
    hash: &'static [u8],
    first: &'static [u8; 32],
    dfa: &'static [u8],
}

/// Entry `index` of `file`.
fn entry(file: &'static [u8], index: usize) -> Option<Entry> {
    let mut rest = file.strip_prefix(MAGIC)?;
    for at in 0..=index {
        let (hash, after) = rest.split_at_checked(32)?;
        let (len, after) = after.split_first_chunk::<4>()?;
        let len = usize::try_from(u32::from_le_bytes(*len)).ok()?;
        let (first, after) = after.split_first_chunk::<32>()?;
        let (dfa, after) = after.split_at_checked(len)?;
        if at == index {
            return Some(Entry { hash, first, dfa });
        }
        rest = after;
    }
    None
}

fn load(entry: Entry, pattern: &str) -> Option<Compiled> {
    if entry.hash != blake3::hash(pattern.as_bytes()).as_bytes() {
        return None;
    }
    let bytes = entry.dfa;
    // Checked, although the bytes are our own: the review crate has no
    // `unsafe`, and validating the transitions is the price of that.
    let (dfa, _) = sparse::DFA::from_bytes(bytes).ok()?;
    let mut first = [false; 256];
    for (byte, can) in first.iter_mut().enumerate() {
        let bits = entry.first.get(byte / 8).copied().unwrap_or(0xFF);
        *can = bits & (1 << (byte % 8)) != 0;
    }
    Some(Compiled { dfa, first })
}

/// One byte of each kind a DFA's start state tells apart (what comes
/// before the start: nothing, a word byte, another byte, `\n`, `\r`).
#[cfg(test)]
const BEFORE: [Option<u8>; 5] = [None, Some(b'a'), Some(b' '), Some(b'\n'), Some(b'\r')];

/// The bytes that lead somewhere other than the dead state from an
/// anchored start, whatever came before; `None` if a start can match the
/// empty string (then every position is a start).
#[cfg(test)]
fn first_bytes(dfa: &sparse::DFA<&[u8]>) -> Option<[bool; 256]> {
    let mut first = [false; 256];
    for before in BEFORE {
        let config = start::Config::new()
            .anchored(Anchored::Yes)
            .look_behind(before);
        let state = dfa.start_state(&config).ok()?;
        if dfa.is_match_state(dfa.next_eoi_state(state)) {
            return None;
        }
        for (byte, seen) in (0..=255u8).zip(first.iter_mut()) {
            let next = dfa.next_state(state, byte);
            if !dfa.is_dead_state(next) && !dfa.is_quit_state(next) {
                *seen = true;
            }
        }
    }
    Some(first)
}

impl Compiled {
    /// Whether a match can start at `at`: false once the DFA is dead without
    /// having passed a match state (matches show one byte late, so a match
    /// state always comes before dead for a match that ended). Most starts
    /// die within a few bytes; this walk is much cheaper than a search.
    fn may_match(&self, bytes: &[u8], before: Option<u8>, at: usize, end: usize) -> bool {
        let config = start::Config::new()
            .anchored(Anchored::Yes)
            .look_behind(before);
        let Ok(mut state) = self.dfa.start_state(&config) else {
            return true;
        };
        for &byte in bytes.get(at..end).unwrap_or_default() {
            state = self.dfa.next_state(state, byte);
            if self.dfa.is_special_state(state) {
                return !self.dfa.is_dead_state(state);
            }
        }
        true
    }

    /// The leftmost-first matches inside `window` of `text`, as the
    /// regex's `find_iter` over that window gives them; `None` if the DFA
    /// could not search (then the regex must).
    pub fn matches(&self, text: &str, window: Range<usize>) -> Option<Vec<Range<usize>>> {
        let bytes = text.as_bytes();
        let mut found = Vec::new();
        let mut at = window.start;
        while at < window.end {
            // Skip, in one tight loop, to a byte that can start a match.
            let Some(skip) = bytes
                .get(at..window.end)
                .and_then(|rest| rest.iter().position(|&b| self.first[usize::from(b)]))
            else {
                break;
            };
            at += skip;
            let before = at.checked_sub(1).and_then(|i| bytes.get(i)).copied();
            if !self.may_match(bytes, before, at, window.end) {
                at += 1;
                continue;
            }
            let input = Input::new(text)
                .range(at..window.end)
                .anchored(Anchored::Yes);
            match self.dfa.try_search_fwd(&input) {
                Ok(Some(end)) if end.offset() > at => {
                    found.push(at..end.offset());
                    at = end.offset();
                }
                Ok(_) => at += 1,
                // No quit bytes are configured, so a search cannot give up;
                // if one did, the caller runs the regex instead.
                Err(_) => return None,
            }
        }
        Some(found)
    }
}

/// The file's bytes for these patterns (in catalog order).
#[cfg(test)]
pub fn build(patterns: &[String]) -> Vec<u8> {
    use regex_automata::dfa::{dense, StartKind};
    use regex_automata::nfa::thompson;
    use regex_automata::util::syntax;

    let mut out = MAGIC.to_vec();
    for pattern in patterns {
        let dfa = dense::Builder::new()
            .syntax(syntax::Config::new().unicode(false))
            .thompson(thompson::Config::new().which_captures(thompson::WhichCaptures::None))
            .configure(
                dense::Config::new()
                    .start_kind(StartKind::Anchored)
                    .minimize(true),
            )
            .build(pattern)
            .ok()
            .and_then(|dense| dense.to_sparse().ok());
        // A pattern that does not build gets an empty entry: compiled at
        // run time.
        let bytes = dfa.map(|d| d.to_bytes_little_endian()).unwrap_or_default();
        // Every byte may start a match unless the DFA says otherwise.
        let mut first = [0xFF; 32];
        let set = sparse::DFA::from_bytes(&bytes)
            .ok()
            .and_then(|(dfa, _)| first_bytes(&dfa));
        for (byte, _) in set.iter().flatten().enumerate().filter(|(_, &can)| !can) {
            if let Some(bits) = first.get_mut(byte / 8) {
                *bits &= !(1 << (byte % 8));
            }
        }
        out.extend_from_slice(blake3::hash(pattern.as_bytes()).as_bytes());
        out.extend_from_slice(&u32::try_from(bytes.len()).unwrap_or(0).to_le_bytes());
        out.extend_from_slice(&first);
        out.extend_from_slice(&bytes);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan;

    #[test]
    fn scan_rules_file_is_what_the_patterns_give() {
        let patterns: Vec<String> = scan::patterns().into_iter().map(|(_, p)| p).collect();
        let built = build(&patterns);
        if built == FILE {
            return;
        }
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/scan_rules.dfa");
        if std::env::var_os("JAIL_BLESS").is_some() {
            std::fs::write(path, &built).expect("write scan_rules.dfa");
            return;
        }
        panic!(
            "src/scan_rules.dfa is not what the patterns give; run \
             `JAIL_BLESS=1 cargo test -p review scan_rules_file` and commit it"
        );
    }

    /// A stale entry (another pattern's hash) or an unreadable one is not
    /// used: the rule is compiled at run time instead.
    #[test]
    fn an_entry_for_another_pattern_is_not_loaded() {
        let (_, pattern) = scan::patterns().swap_remove(0);
        let entry0 = || entry(FILE, 0).expect("entry 0");
        assert!(load(entry0(), &pattern).is_some());
        assert!(load(entry0(), &format!("{pattern}x")).is_none());
        let cut = Entry {
            dfa: &entry0().dfa[..entry0().dfa.len() / 2],
            ..entry0()
        };
        assert!(load(cut, &pattern).is_none());
        assert!(entry(FILE, scan::patterns().len()).is_none());
        assert!(entry(b"not a dfa file", 0).is_none());
    }
}
