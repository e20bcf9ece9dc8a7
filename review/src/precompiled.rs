//! Catalog rules compiled ahead of time.
//!
//! Compiling a rule's regex costs 0.1-1 ms (parsing the pattern is most of
//! it), and every `jail review` is a new process that would pay it again.
//! So each rule is also stored as a sparse DFA in a file built into the
//! binary, which needs no compiling (loading one validates its bytes):
//! - the injection scan's rules (`scan_rules.dfa`) as anchored DFAs, with
//!   the bytes that can start a match. The scan tries the DFA at each such
//!   byte of a window (see [`super::prefilter::Catalog::windows`]), which
//!   finds the same leftmost-first matches as the regex;
//! - the built-in reviewer's rules (`reviewer/builtin_rules.dfa`) as
//!   unanchored DFAs, which answer whether a line matches in one pass. They
//!   are built in Unicode mode, as the reviewer's regexes are, with
//!   Unicode word boundaries allowed by giving up on any non-ASCII byte;
//!   so a rule with a `\b` answers for ASCII text only, and the regex
//!   answers the rest.
//!
//! The files are generated from the patterns by the test in this module
//! (`JAIL_BLESS=1 cargo test -p review rules_file` after changing a rule).
//! Each entry carries the BLAKE3 hash of the pattern it was built from: a
//! rule whose entry is missing, stale or unreadable (another
//! regex-automata format) is compiled at run time instead, never skipped.

use std::ops::Range;
use std::sync::OnceLock;

use regex_automata::dfa::sparse;
use regex_automata::dfa::Automaton;
use regex_automata::util::start;
use regex_automata::{Anchored, Input};

/// The injection scan's file, and the built-in reviewer's: `MAGIC`, then
/// per rule in catalog order the pattern's BLAKE3 hash (32 bytes), the
/// DFA's length (u32, little-endian), the bytes that can start a match (a
/// 256-bit set: bit `b % 8` of byte `b / 8`; all set for an unanchored
/// DFA) and the DFA (regex-automata's little-endian sparse serialization).
pub static SCAN_RULES: &[u8] = include_bytes!("scan_rules.dfa");
pub static BUILTIN_RULES: &[u8] = include_bytes!("reviewer/builtin_rules.dfa");
/// The reviewer's fixed patterns (`reviewer::fixed`), as unanchored DFAs.
pub static FIXED_PATTERNS: &[u8] = include_bytes!("reviewer/fixed_patterns.dfa");
const MAGIC: &[u8; 8] = b"jaildfa3";

/// How a file's DFAs are built and searched.
#[cfg(test)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Anchored, without Unicode: [`Compiled::matches`] in windows.
    Anchored,
    /// Unanchored, in Unicode mode: [`Compiled::is_match`] on ASCII text.
    Unanchored,
}

/// One rule's DFA and the bytes that can start one of its matches.
pub struct Compiled {
    dfa: sparse::DFA<&'static [u8]>,
    /// What the search skips to.
    first: [bool; 256],
}

/// The rules' DFAs of one file, each loaded on first use.
pub struct Precompiled {
    file: &'static [u8],
    loaded: Vec<OnceLock<Option<Compiled>>>,
}

impl Precompiled {
    pub fn new(file: &'static [u8], rules: usize) -> Precompiled {
        Precompiled {
            file,
            loaded: (0..rules).map(|_| OnceLock::new()).collect(),
        }
    }

    /// Rule `index`'s DFA, if the file holds one built from `pattern`.
    pub fn get(&self, index: usize, pattern: &str) -> Option<&Compiled> {
        self.loaded
            .get(index)?
            .get_or_init(|| load(entry(self.file, index)?, pattern))
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

    /// Whether an unanchored DFA ([`Kind::Unanchored`]) matches somewhere
    /// in `text`; `None` if it cannot tell (a search that gave up at a
    /// non-ASCII byte, which only a pattern with a Unicode `\b` does):
    /// then the regex must.
    pub fn is_match(&self, text: &str) -> Option<bool> {
        let input = Input::new(text).earliest(true);
        self.dfa
            .try_search_fwd(&input)
            .ok()
            .map(|found| found.is_some())
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
pub fn build(patterns: &[String], kind: Kind) -> Vec<u8> {
    use regex_automata::dfa::{dense, StartKind};
    use regex_automata::nfa::thompson;
    use regex_automata::util::syntax;

    let (unicode, start) = match kind {
        Kind::Anchored => (false, StartKind::Anchored),
        Kind::Unanchored => (true, StartKind::Unanchored),
    };
    let mut out = MAGIC.to_vec();
    for pattern in patterns {
        let dfa = dense::Builder::new()
            .syntax(syntax::Config::new().unicode(unicode))
            .thompson(thompson::Config::new().which_captures(thompson::WhichCaptures::None))
            .configure(
                dense::Config::new()
                    .start_kind(start)
                    .minimize(true)
                    // Gives up on non-ASCII bytes, which `is_match` never
                    // reads: a Unicode `\b` builds, and answers for ASCII.
                    .unicode_word_boundary(unicode),
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
            .filter(|_| kind == Kind::Anchored)
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
    use crate::reviewer::builtin;
    use crate::scan;

    /// Each file is what its catalog's patterns give (`JAIL_BLESS=1`
    /// writes it).
    #[test]
    fn rules_files_are_what_the_patterns_give() {
        let scan_patterns: Vec<String> = scan::patterns().into_iter().map(|(_, p)| p).collect();
        let files = [
            (
                "scan_rules.dfa",
                SCAN_RULES,
                build(&scan_patterns, Kind::Anchored),
            ),
            (
                "reviewer/builtin_rules.dfa",
                BUILTIN_RULES,
                build(&builtin::precompiled_patterns(), Kind::Unanchored),
            ),
            (
                "reviewer/fixed_patterns.dfa",
                FIXED_PATTERNS,
                build(&crate::reviewer::fixed_patterns(), Kind::Unanchored),
            ),
        ];
        let mut stale = Vec::new();
        for (name, file, built) in files {
            if built == file {
                continue;
            }
            let path = format!("{}/src/{name}", env!("CARGO_MANIFEST_DIR"));
            if std::env::var_os("JAIL_BLESS").is_some() {
                std::fs::write(&path, &built).expect("write the rules file");
            } else {
                stale.push(name);
            }
        }
        assert!(
            stale.is_empty(),
            "src/{stale:?} not what the patterns give; run \
             `JAIL_BLESS=1 cargo test -p review rules_file` and commit it"
        );
    }

    /// A stale entry (another pattern's hash) or an unreadable one is not
    /// used: the rule is compiled at run time instead.
    #[test]
    fn an_entry_for_another_pattern_is_not_loaded() {
        let (_, pattern) = scan::patterns().swap_remove(0);
        let entry0 = || entry(SCAN_RULES, 0).expect("entry 0");
        assert!(load(entry0(), &pattern).is_some());
        assert!(load(entry0(), &format!("{pattern}x")).is_none());
        let cut = Entry {
            dfa: &entry0().dfa[..entry0().dfa.len() / 2],
            ..entry0()
        };
        assert!(load(cut, &pattern).is_none());
        assert!(entry(SCAN_RULES, scan::patterns().len()).is_none());
        assert!(entry(b"not a dfa file", 0).is_none());
    }

    /// An unanchored DFA answers as the Unicode regex does, and leaves
    /// text that is not ASCII to it when the pattern has a Unicode `\b`.
    #[test]
    fn unanchored_dfas_answer_as_the_unicode_regex_or_give_way() {
        let classes = r"(?:^|[^.\w$])eval\s*\(".to_string();
        let boundary = r"\beval\s*\(".to_string();
        let file: &'static [u8] =
            build(&[classes.clone(), boundary.clone()], Kind::Unanchored).leak();
        let dfas = Precompiled::new(file, 2);
        let dfa = dfas.get(0, &classes).expect("built");
        assert_eq!(dfa.is_match("x = eval (a)"), Some(true));
        assert_eq!(dfa.is_match("x = a.eval(a)"), Some(false));
        // `é` is a word character, `¡` is not: as the regex reads them.
        assert_eq!(dfa.is_match("x = éval(a)"), Some(false));
        assert_eq!(dfa.is_match("x = ¡eval(a)"), Some(true));
        let dfa = dfas.get(1, &boundary).expect("built");
        assert_eq!(dfa.is_match("x = eval(a)"), Some(true));
        assert_eq!(dfa.is_match("x = éval(a)"), None);
    }
}
