//! Regex catalogs that cost nothing until they can match.
//!
//! Parsing and compiling the injection catalog and the built-in reviewer's
//! rules took ~50 ms per `jail review` process, far more than running them
//! (the regex crate's parser alone is half of it). So each rule comes with
//! what every match must contain (its *needs*: any one of a few
//! alternatives, each a few groups of literals, one literal of every group
//! present); one Aho-Corasick automaton over the ASCII-lowercased text finds
//! which literals occur, and only the rules whose needs are met are
//! compiled, once, on first use. On ordinary code that is none or a few.
//!
//! Real code holds most common words somewhere, so a rule's literals must
//! also stand close together: a rule whose matches are bounded (its
//! *span*) is a candidate only where one literal of each group starts
//! within the span of another. Distances are measured with every run of the
//! catalog's [`Gap`] bytes counted as one, since the injection catalog lets
//! any such run separate two words.
//!
//! The needs are derived from each pattern's syntax tree by [`derive`], which
//! only the tests run (parsing every pattern is the cost being avoided); they
//! are stored in `needs.rs`, and a test fails when that file is not what
//! the patterns give (`JAIL_BLESS=1 cargo test -p review needs` rewrites
//! it). A rule with no derivable literal is always compiled: the prefilter
//! can only skip work, never a match.
//!
//! Building the catalogs' automata took about 1.2 ms in every `jail
//! review` process (0.65-0.7 ms for the scan's 675 literals); so each is
//! also built ahead of time, by the test that writes
//! `literal_automata.daac`, and loaded from there (about 30 µs for all
//! three). One whose literals are not in the file (the file is stale) is
//! built at run time instead.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::OnceLock;

use daachorse::DoubleArrayAhoCorasick;
use regex_automata::meta::{self, Regex};
use regex_automata::util::syntax;

/// What a rule's matches need: any one of the alternatives; an
/// alternative needs a literal from each of its groups. Empty: nothing
/// known, the rule always runs.
pub type Needs = &'static [&'static [&'static [&'static str]]];

/// One rule: its final pattern and what its matches need.
pub struct Entry {
    pub pattern: String,
    pub needs: Needs,
    /// The most units (bytes, a run of [`Gap`] bytes counting one) a match
    /// spans; `None`: unbounded, the literals may be anywhere in the text.
    pub span: Option<u32>,
}

/// What a catalog's patterns cross as one separator, whatever its length:
/// single bytes, and a backslash before one of `escaped` (`\n` written
/// in a string literal).
pub struct Gap {
    pub bytes: &'static [u8],
    pub escaped: &'static [u8],
}

impl Gap {
    /// Every byte counts.
    pub const NONE: Gap = Gap {
        bytes: b"",
        escaped: b"",
    };

    /// Position `i` of `text` in units: element `i` is the number of units
    /// in `text[..i]`, where a unit is a byte outside the gap or a whole run
    /// of gap bytes. Marking more bytes as gap than the patterns allow only
    /// shortens distances, which can only keep a candidate.
    fn units(&self, text: &[u8]) -> Vec<u32> {
        let mut is_gap = [false; 256];
        for &b in self.bytes {
            is_gap[usize::from(b)] = true;
        }
        let mut units = Vec::with_capacity(text.len() + 1);
        let (mut count, mut in_gap, mut escape_tail) = (0u32, false, false);
        for (i, &b) in text.iter().enumerate() {
            units.push(count);
            let escape = b == b'\\'
                && text
                    .get(i + 1)
                    .is_some_and(|next| self.escaped.contains(next));
            let gap = is_gap[usize::from(b)] || escape || escape_tail;
            escape_tail = escape;
            if !gap || !in_gap {
                count = count.saturating_add(1);
            }
            in_gap = gap;
        }
        units.push(count);
        units
    }
}

/// A catalog of patterns compiled on demand.
pub struct Catalog {
    entries: Vec<Entry>,
    unicode: bool,
    gap: &'static Gap,
    /// Every distinct literal of every rule, in the automaton's order.
    #[cfg(test)]
    literals: Vec<&'static str>,
    /// Over `literals`; None when there are none.
    automaton: Option<DoubleArrayAhoCorasick<u32>>,
    /// Each distinct literal's number.
    index: HashMap<&'static str, usize>,
    /// For distinct literal i: each (rule, alternative, group) naming it.
    owners: Owners,
    regexes: Vec<OnceLock<Option<Regex>>>,
}

/// The catalogs' literal automata, built ahead of time: `AUTOMATA_MAGIC`,
/// then per automaton the [`literals_key`] of the literals it was built
/// from, the length of its serialization (u32, little-endian) and
/// daachorse's serialization. Written by the test
/// `rules_file_of_literal_automata_is_what_the_catalogs_give` (`JAIL_BLESS=1 cargo
/// test -p review rules_file`).
static LITERAL_AUTOMATA: &[u8] = include_bytes!("literal_automata.daac");
const AUTOMATA_MAGIC: &[u8; 8] = b"jaildaa1";

/// What an automaton in the file is looked up by: the BLAKE3 hash of its
/// literals in order, each ended by a NUL.
fn literals_key(literals: &[&str]) -> [u8; 32] {
    let mut hasher = blake3::Hasher::new();
    for literal in literals {
        hasher.update(literal.as_bytes());
        hasher.update(b"\0");
    }
    *hasher.finalize().as_bytes()
}

/// The automaton `file` holds for exactly `literals`, each found as its
/// index; None if there is none (a stale file) or it does not load. The
/// literals are matched as the automaton was built from them: a wrong
/// one could only come from a file built from other literals, which its
/// key tells apart.
fn prebuilt(file: &[u8], literals: &[&str]) -> Option<DoubleArrayAhoCorasick<u32>> {
    let key = literals_key(literals);
    let mut rest = file.strip_prefix(AUTOMATA_MAGIC)?;
    while let Some((hash, tail)) = rest.split_first_chunk::<32>() {
        let (len, tail) = tail.split_first_chunk::<4>()?;
        let (body, tail) = tail.split_at_checked(u32::from_le_bytes(*len) as usize)?;
        if *hash == key {
            return DoubleArrayAhoCorasick::deserialize(body)
                .ok()
                .map(|(automaton, _)| automaton);
        }
        rest = tail;
    }
    None
}

/// The automaton over `literals`, each found as its index; None if there
/// are none.
fn build(literals: &[&str]) -> Option<DoubleArrayAhoCorasick<u32>> {
    DoubleArrayAhoCorasick::new(literals).ok()
}

/// Where a literal is needed: a rule, one of its alternatives, one of
/// that alternative's groups.
type Owner = (u32, u16, u16);

/// Each literal's owners, in one list ordered by literal.
struct Owners {
    /// Literal `i`'s owners are `list[start[i]..start[i + 1]]`.
    start: Vec<usize>,
    list: Vec<Owner>,
}

impl Owners {
    /// From (literal, owner) pairs in any order; a counting sort keeps
    /// each literal's owners in the order given.
    fn of(literals: usize, pairs: Vec<(u32, Owner)>) -> Owners {
        let mut start = vec![0usize; literals + 1];
        for &(literal, _) in &pairs {
            if let Some(count) = start.get_mut(literal as usize + 1) {
                *count += 1;
            }
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        let mut next = start.clone();
        let mut list = vec![(0, 0, 0); pairs.len()];
        for (literal, owner) in pairs {
            if let Some(at) = next.get_mut(literal as usize) {
                if let Some(slot) = list.get_mut(*at) {
                    *slot = owner;
                }
                *at += 1;
            }
        }
        Owners { start, list }
    }

    fn literals(&self) -> usize {
        self.start.len().saturating_sub(1)
    }

    /// Each literal with its owners.
    fn iter(&self) -> impl Iterator<Item = (usize, &[Owner])> {
        self.start
            .windows(2)
            .enumerate()
            .map(|(i, range)| (i, self.list.get(range[0]..range[1]).unwrap_or_default()))
    }
}

/// The byte ranges within `span` units of each anchor (a unit position),
/// sorted, overlapping ones merged. A match holding the anchor's literal
/// starts at a unit no lower than `anchor - span` and ends at one no higher
/// than `anchor + span`.
fn windows_around(mut anchors: Vec<u32>, span: u32, units: &[u32]) -> Vec<Range<usize>> {
    anchors.sort_unstable();
    anchors.dedup();
    let mut windows: Vec<Range<usize>> = Vec::new();
    for at in anchors {
        let (low, high) = (at.saturating_sub(span), at.saturating_add(span));
        let start = units.partition_point(|&u| u < low);
        let end = units.partition_point(|&u| u <= high).saturating_sub(1);
        match windows.last_mut() {
            Some(last) if start <= last.end => last.end = last.end.max(end),
            _ => windows.push(start..end.max(start)),
        }
    }
    windows
}

impl Catalog {
    /// `unicode`: the regex crate's Unicode mode for every pattern; `gap`:
    /// what the entries' spans count as one unit.
    pub fn new(entries: Vec<Entry>, unicode: bool, gap: &'static Gap) -> Catalog {
        // The same word stands in many groups: the automaton holds it once.
        let words = entries
            .iter()
            .flat_map(|e| e.needs.iter().flat_map(|groups| groups.iter()))
            .map(|words| words.len())
            .sum();
        let mut index: HashMap<&'static str, usize> = HashMap::with_capacity(words);
        let mut literals: Vec<&str> = Vec::new();
        // Each (literal, rule, alternative, group) in one list, grouped by
        // literal below: one allocation, not one per literal.
        let mut pairs: Vec<(u32, Owner)> = Vec::with_capacity(words);
        for (rule, entry) in entries.iter().enumerate() {
            for (alternative, groups) in entry.needs.iter().enumerate() {
                for (group, words) in groups.iter().enumerate() {
                    for word in *words {
                        let i = *index.entry(word).or_insert_with(|| {
                            literals.push(word);
                            literals.len() - 1
                        });
                        // Past u16 (never: a rule has a few alternatives
                        // of a few groups) an owner saturates, and a group
                        // past the 64th is never marked (see `windows`).
                        let narrow = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
                        pairs.push((
                            u32::try_from(i).unwrap_or(u32::MAX),
                            (
                                u32::try_from(rule).unwrap_or(u32::MAX),
                                narrow(alternative),
                                narrow(group),
                            ),
                        ));
                    }
                }
            }
        }
        let owners = Owners::of(literals.len(), pairs);
        // Literals are lowercase and the text is lowercased for the search.
        let automaton = prebuilt(LITERAL_AUTOMATA, &literals).or_else(|| build(&literals));
        let regexes = entries.iter().map(|_| OnceLock::new()).collect();
        Catalog {
            entries,
            unicode,
            gap,
            #[cfg(test)]
            literals,
            automaton,
            index,
            owners,
            regexes,
        }
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// The literals of the catalog's automaton, in its order.
    #[cfg(test)]
    pub fn literals(&self) -> &[&'static str] {
        &self.literals
    }

    /// Which rules can match somewhere in `text`, by index.
    pub fn candidates(&self, text: &str) -> Vec<bool> {
        self.windows(text)
            .iter()
            .map(|windows| !windows.is_empty())
            .collect()
    }

    /// Per rule, the byte ranges of `text` that hold every match it can
    /// have there, sorted and apart: the whole text for a rule without a
    /// span, nothing for a rule that cannot match.
    pub fn windows(&self, text: &str) -> Vec<Vec<Range<usize>>> {
        #[expect(
            clippy::single_range_in_vec_init,
            reason = "one window, the whole text"
        )]
        let whole = || vec![0..text.len()];
        let Some(automaton) = &self.automaton else {
            // No literal (no rule needs one), or no automaton could be
            // built: run them all.
            return vec![whole(); self.entries.len()];
        };
        // Where each distinct literal starts, in units; overlapping, so a
        // short literal inside a longer one is not hidden.
        let mut starts: Vec<Vec<u32>> = vec![Vec::new(); self.owners.literals()];
        let lowered = text.to_ascii_lowercase();
        let units = self.gap.units(lowered.as_bytes());
        for hit in automaton.find_overlapping_iter(&lowered) {
            if let (Some(list), Some(&at)) =
                (starts.get_mut(hit.value() as usize), units.get(hit.start()))
            {
                list.push(at);
            }
        }
        // Per rule and alternative, a bit per group found.
        let mut found: Vec<Vec<u64>> = self
            .entries
            .iter()
            .map(|e| vec![0; e.needs.len()])
            .collect();
        for (literal, owners) in self.owners.iter() {
            if starts.get(literal).is_none_or(Vec::is_empty) {
                continue;
            }
            for &(rule, alternative, group) in owners {
                if let Some(bits) = found
                    .get_mut(rule as usize)
                    .and_then(|r| r.get_mut(usize::from(alternative)))
                {
                    *bits |= 1u64.checked_shl(u32::from(group)).unwrap_or(0);
                }
            }
        }
        self.entries
            .iter()
            .zip(found)
            .map(|(entry, found)| {
                // A group past the 64th is never marked: such a rule is
                // treated as needing nothing.
                if entry.needs.is_empty() || entry.needs.iter().any(|groups| groups.len() > 64) {
                    return whole();
                }
                let mut met = entry
                    .needs
                    .iter()
                    .zip(found)
                    .filter(|(groups, bits)| bits.count_ones() as usize == groups.len())
                    .map(|(groups, _)| *groups);
                match entry.span {
                    None if met.next().is_some() => whole(),
                    None => Vec::new(),
                    Some(span) => {
                        let anchors = met.flat_map(|groups| self.near(groups, span, &starts));
                        windows_around(anchors.collect(), span, &units)
                    }
                }
            })
            .collect()
    }

    /// Where a literal of every group starts within `span` units of one
    /// of the group with the fewest hits: those hits, in units. Two
    /// literals of one match are never further apart, so this only drops
    /// places where the alternative cannot match (it may keep some where it
    /// cannot either).
    fn near(&self, groups: &[&[&str]], span: u32, starts: &[Vec<u32>]) -> Vec<u32> {
        let hits = |words: &[&str]| -> Vec<&[u32]> {
            words
                .iter()
                .filter_map(|word| self.index.get(word).and_then(|&i| starts.get(i)))
                .map(Vec::as_slice)
                .collect()
        };
        let lists: Vec<Vec<&[u32]>> = groups.iter().map(|words| hits(words)).collect();
        let count = |lists: &[&[u32]]| lists.iter().map(|l| l.len()).sum::<usize>();
        let Some(anchor) = lists.iter().min_by_key(|l| count(l)) else {
            return Vec::new();
        };
        let within = |list: &[u32], low: u32, high: u32| {
            let first = list.partition_point(|&at| at < low);
            list.get(first).is_some_and(|&at| at <= high)
        };
        anchor
            .iter()
            .flat_map(|list| list.iter().copied())
            .filter(|&at| {
                let (low, high) = (at.saturating_sub(span), at.saturating_add(span));
                lists
                    .iter()
                    .all(|group| group.iter().any(|list| within(list, low, high)))
            })
            .collect()
    }

    /// Rule `index`'s pattern.
    pub fn pattern(&self, index: usize) -> Option<&str> {
        self.entries.get(index).map(|entry| entry.pattern.as_str())
    }

    /// Rule `index`'s regex, compiled on first use; `None` for an index out
    /// of range or a pattern that does not compile (the catalogs' tests
    /// compile every pattern).
    pub fn regex(&self, index: usize) -> Option<&Regex> {
        let entry = self.entries.get(index)?;
        self.regexes
            .get(index)?
            .get_or_init(|| {
                // The regex engine's own literal prefilter is off: deriving
                // it was half of compiling these large alternations, and
                // [`Catalog::candidates`] has already checked the literals.
                Regex::builder()
                    .syntax(syntax::Config::new().unicode(self.unicode))
                    .configure(meta::Config::new().auto_prefilter(false))
                    .build(&entry.pattern)
                    .ok()
            })
            .as_ref()
    }
}

/// Derives what every match of `pattern` needs (see [`Needs`]), literals
/// lowercased; empty when nothing is known. Sound for matching with ASCII
/// case folding: only classes of ASCII characters become literal
/// characters.
#[cfg(test)]
pub fn derive(pattern: &str, unicode: bool) -> Vec<Vec<Vec<String>>> {
    let Ok(hir) = regex_syntax::ParserBuilder::new()
        .unicode(unicode)
        .utf8(false)
        .build()
        .parse(pattern)
    else {
        return Vec::new();
    };
    derive::alternatives(&hir).unwrap_or_default()
}

/// The most units (see [`Gap`]) a match of `pattern` spans; `None` when
/// unbounded.
#[cfg(test)]
pub fn span(pattern: &str, unicode: bool, gap: &Gap) -> Option<u32> {
    let hir = regex_syntax::ParserBuilder::new()
        .unicode(unicode)
        .utf8(false)
        .build()
        .parse(pattern)
        .ok()?;
    u32::try_from(derive::span(&hir, gap)?).ok()
}

#[cfg(test)]
mod derive {
    use regex_syntax::hir::{Class, Hir, HirKind};

    use super::Gap;

    /// More strings than this in a set is not worth tracking.
    const MAX_SET: usize = 64;
    /// At most this many alternatives per rule, and groups per alternative.
    const MAX_ALTERNATIVES: usize = 48;
    const MAX_GROUPS: usize = 3;

    /// The most units a match of `hir` spans, a run of gap bytes counting
    /// one whatever its length; `None` when unbounded.
    pub fn span(hir: &Hir, gap: &Gap) -> Option<usize> {
        if only_gap(hir, gap) {
            return Some(1);
        }
        match hir.kind() {
            HirKind::Empty | HirKind::Look(_) => Some(0),
            HirKind::Literal(lit) => Some(lit.0.len()),
            HirKind::Class(_) => hir.properties().maximum_len(),
            HirKind::Capture(cap) => span(&cap.sub, gap),
            HirKind::Repetition(rep) => {
                let max = usize::try_from(rep.max?).ok()?;
                span(&rep.sub, gap)?.checked_mul(max)
            }
            HirKind::Concat(subs) => subs
                .iter()
                .try_fold(0usize, |sum, sub| sum.checked_add(span(sub, gap)?)),
            HirKind::Alternation(subs) => subs
                .iter()
                .try_fold(0usize, |most, sub| Some(most.max(span(sub, gap)?))),
        }
    }

    /// Whether every byte `hir` can match is a gap byte (one run of them).
    fn only_gap(hir: &Hir, gap: &Gap) -> bool {
        match hir.kind() {
            HirKind::Empty | HirKind::Look(_) => false,
            HirKind::Literal(lit) => lit.0.iter().all(|b| gap.bytes.contains(b)),
            HirKind::Class(class) => {
                bytes_of(class).is_some_and(|bytes| bytes.iter().all(|b| gap.bytes.contains(b)))
            }
            HirKind::Capture(cap) => only_gap(&cap.sub, gap),
            HirKind::Repetition(rep) => only_gap(&rep.sub, gap),
            HirKind::Concat(subs) => match subs.as_slice() {
                // `\\n`: a backslash and an escaped letter.
                [first, second] if matches!(first.kind(), HirKind::Literal(lit) if *lit.0 == *b"\\") =>
                {
                    matches!(second.kind(), HirKind::Class(class)
                    if bytes_of(class).is_some_and(|bytes| {
                        // The units are counted on lowercased text.
                        bytes
                            .iter()
                            .all(|b| gap.escaped.contains(&b.to_ascii_lowercase()))
                    }))
                }
                _ => false,
            },
            HirKind::Alternation(subs) => subs.iter().all(|sub| only_gap(sub, gap)),
        }
    }

    /// The bytes an ASCII class matches; `None` for anything else.
    fn bytes_of(class: &Class) -> Option<Vec<u8>> {
        let mut out = Vec::new();
        match class {
            Class::Unicode(u) => {
                for range in u.iter() {
                    for c in range.start()..=range.end() {
                        out.push(u8::try_from(u32::from(c)).ok().filter(u8::is_ascii)?);
                    }
                }
            }
            Class::Bytes(b) => {
                for range in b.iter() {
                    out.extend(range.start()..=range.end());
                }
            }
        }
        Some(out)
    }

    /// The finite set of strings `hir` matches (lowercased), if small.
    fn exact(hir: &Hir) -> Option<Vec<String>> {
        match hir.kind() {
            HirKind::Empty | HirKind::Look(_) => Some(vec![String::new()]),
            HirKind::Literal(lit) => {
                let text = std::str::from_utf8(&lit.0).ok()?;
                text.is_ascii().then(|| vec![text.to_ascii_lowercase()])
            }
            HirKind::Class(class) => {
                class_chars(class).map(|chars| chars.into_iter().map(String::from).collect())
            }
            HirKind::Capture(cap) => exact(&cap.sub),
            HirKind::Repetition(rep) => match (rep.min, rep.max) {
                (1, Some(1)) => exact(&rep.sub),
                (0, Some(1)) => {
                    let mut set = exact(&rep.sub)?;
                    set.push(String::new());
                    Some(set)
                }
                _ => None,
            },
            HirKind::Concat(subs) => {
                let mut set = vec![String::new()];
                for sub in subs {
                    set = cross(&set, &exact(sub)?)?;
                }
                Some(set)
            }
            HirKind::Alternation(subs) => {
                let mut set = Vec::new();
                for sub in subs {
                    set.extend(exact(sub)?);
                    if set.len() > MAX_SET {
                        return None;
                    }
                }
                Some(set)
            }
        }
    }

    /// The lowercase characters a class can match, if each member is an
    /// ASCII character and they are few after folding.
    fn class_chars(class: &Class) -> Option<Vec<char>> {
        let mut chars: Vec<char> = Vec::new();
        let mut add = |c: char| {
            if !c.is_ascii() {
                return false;
            }
            let c = c.to_ascii_lowercase();
            if !chars.contains(&c) {
                chars.push(c);
            }
            chars.len() <= 4
        };
        match class {
            Class::Unicode(u) => {
                for range in u.iter() {
                    for c in range.start()..=range.end() {
                        if !add(c) {
                            return None;
                        }
                    }
                }
            }
            Class::Bytes(b) => {
                for range in b.iter() {
                    for byte in range.start()..=range.end() {
                        if !add(char::from(byte)) {
                            return None;
                        }
                    }
                }
            }
        }
        Some(chars)
    }

    fn cross(left: &[String], right: &[String]) -> Option<Vec<String>> {
        if left.len() * right.len() > MAX_SET {
            return None;
        }
        Some(
            left.iter()
                .flat_map(|l| right.iter().map(move |r| format!("{l}{r}")))
                .collect(),
        )
    }

    /// How good a set of needed literals is: its shortest literal, longer
    /// is rarer (an empty one means nothing is needed).
    fn strength(set: &[String]) -> usize {
        set.iter().map(String::len).min().unwrap_or(0)
    }

    /// A set without literals that contain another (found anyway), sorted.
    fn tidy(mut set: Vec<String>) -> Vec<String> {
        set.sort();
        set.dedup();
        let kept = set
            .iter()
            .filter(|n| !set.iter().any(|m| m != *n && n.contains(m.as_str())))
            .cloned()
            .collect();
        kept
    }

    /// Candidate groups of a concatenation: each child's single group, and
    /// each run of children with exact sets (contiguous in every match).
    fn concat_groups(subs: &[Hir]) -> Vec<Vec<String>> {
        let mut groups = Vec::new();
        let mut run: Option<Vec<String>> = None;
        for sub in subs {
            groups.extend(one_group(sub));
            match exact(sub) {
                Some(set) => {
                    let joined = match &run {
                        Some(prefix) => cross(prefix, &set),
                        None => Some(set.clone()),
                    };
                    // Too many: start the run again at this child.
                    let joined = joined.unwrap_or(set);
                    if strength(&joined) > 0 {
                        groups.push(joined.clone());
                    }
                    run = Some(joined);
                }
                None => run = None,
            }
        }
        groups
    }

    /// One set of literals one of which every match contains.
    fn one_group(hir: &Hir) -> Option<Vec<String>> {
        let found = match hir.kind() {
            HirKind::Empty | HirKind::Look(_) => None,
            HirKind::Literal(_) | HirKind::Class(_) => exact(hir),
            HirKind::Capture(cap) => one_group(&cap.sub),
            HirKind::Repetition(rep) if rep.min >= 1 => one_group(&rep.sub),
            HirKind::Repetition(_) => None,
            HirKind::Alternation(subs) => {
                let mut set = Vec::new();
                for sub in subs {
                    set.extend(one_group(sub)?);
                }
                Some(set)
            }
            HirKind::Concat(subs) => concat_groups(subs)
                .into_iter()
                .max_by_key(|g| (strength(g), std::cmp::Reverse(g.len()))),
        };
        found.map(tidy).filter(|set| strength(set) > 0)
    }

    /// Any one of the alternatives, each a list of groups all needed; an
    /// alternative with no group needs nothing.
    pub fn alternatives(hir: &Hir) -> Option<Vec<Vec<Vec<String>>>> {
        let found = all_of(hir);
        if found.iter().any(Vec::is_empty) {
            return None;
        }
        Some(found.into_iter().map(trim).collect())
    }

    fn all_of(hir: &Hir) -> Vec<Vec<Vec<String>>> {
        let nothing = vec![Vec::new()];
        match hir.kind() {
            HirKind::Empty | HirKind::Look(_) => nothing,
            HirKind::Literal(_) | HirKind::Class(_) => {
                one_group(hir).map_or(nothing, |g| vec![vec![g]])
            }
            HirKind::Capture(cap) => all_of(&cap.sub),
            HirKind::Repetition(rep) if rep.min >= 1 => all_of(&rep.sub),
            HirKind::Repetition(_) => nothing,
            // A few fixed words: one group, not one alternative each.
            HirKind::Alternation(_) if exact(hir).is_some() => {
                one_group(hir).map_or(nothing, |g| vec![vec![g]])
            }
            HirKind::Alternation(subs) => {
                let mut all: Vec<Vec<Vec<String>>> = subs.iter().flat_map(all_of).collect();
                // A branch that needs nothing: the alternation needs nothing.
                if all.iter().any(Vec::is_empty) {
                    return nothing;
                }
                all.sort();
                all.dedup();
                if all.len() <= MAX_ALTERNATIVES {
                    all
                } else {
                    one_group(hir).map_or(nothing, |g| vec![vec![g]])
                }
            }
            HirKind::Concat(subs) => {
                // Every child's needs together: the cross product of their
                // alternatives (a child with too many counts as one group).
                let mut alts: Vec<Vec<Vec<String>>> = nothing;
                for sub in subs {
                    let mut child = all_of(sub);
                    if alts.len() * child.len() > MAX_ALTERNATIVES {
                        child = one_group(sub).map_or(vec![Vec::new()], |g| vec![vec![g]]);
                    }
                    alts = alts
                        .iter()
                        .flat_map(|a| child.iter().map(move |c| [a.clone(), c.clone()].concat()))
                        .collect();
                    alts = alts.into_iter().map(trim).collect();
                    alts.sort();
                    alts.dedup();
                }
                // Runs of exact children hold longer literals.
                let runs = concat_groups(subs);
                alts.into_iter()
                    .map(|alt| trim([alt, runs.clone()].concat()))
                    .collect()
            }
        }
    }

    /// The strongest few groups of an alternative, none implied by another.
    fn trim(groups: Vec<Vec<String>>) -> Vec<Vec<String>> {
        let mut groups: Vec<Vec<String>> = groups.into_iter().map(tidy).collect();
        groups.sort_by_key(|g| (std::cmp::Reverse(strength(g)), g.len()));
        groups.dedup();
        let mut kept: Vec<Vec<String>> = Vec::new();
        for group in groups {
            // Past the strongest, a group of one-letter literals is found
            // nearly everywhere: not worth a bit.
            if kept.len() == MAX_GROUPS || (!kept.is_empty() && strength(&group) < 2) {
                break;
            }
            // Implied by a kept group (each of its literals contains one
            // of this group's): adds nothing.
            let implied = kept.iter().any(|k| {
                k.iter()
                    .all(|lit| group.iter().any(|g| lit.contains(g.as_str())))
            });
            if !implied {
                kept.push(group);
            }
        }
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn needs(pattern: &str) -> Vec<Vec<Vec<String>>> {
        derive(pattern, false)
    }

    fn words(list: &[&str]) -> Vec<String> {
        list.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn derives_the_rarest_required_literals() {
        // Each group needed: the strongest words of the phrase.
        assert_eq!(
            needs(r"(?i)\bignore\s+(?:previous|prior)\s+instructions"),
            vec![vec![
                words(&["instructions"]),
                words(&["ignore"]),
                words(&["previous", "prior"])
            ]]
        );
        assert_eq!(
            needs(r"(?i)\b(?:eval|exec)\s*\("),
            vec![vec![words(&["eval", "exec"])]]
        );
        assert_eq!(
            needs(r"pre-?approved"),
            vec![vec![words(&["pre-approved", "preapproved"])]]
        );
        // A top-level alternation: one alternative per branch.
        assert_eq!(
            needs(r"abc\s+def|xyz"),
            vec![
                vec![words(&["abc"]), words(&["def"])],
                vec![words(&["xyz"])]
            ]
        );
        // Optional or unbounded parts need nothing.
        assert!(needs(r"(?:abc)?\s+").is_empty());
        assert!(needs(r"\w+").is_empty());
        // An alternation needs something from every branch.
        assert!(needs(r"abc|\d+").is_empty());
    }

    #[test]
    fn unicode_case_folding_is_not_taken_for_ascii() {
        // (?i)k also matches the Kelvin sign, which ASCII folding would miss.
        assert!(derive(r"(?i)k", true).is_empty());
        assert_eq!(derive(r"(?i)kelvin", false), vec![vec![words(&["kelvin"])]]);
    }

    /// The file holds an automaton for every catalog with literals, built
    /// from exactly those literals; `JAIL_BLESS=1` rewrites it.
    #[test]
    fn rules_file_of_literal_automata_is_what_the_catalogs_give() {
        let [patterns, extras] = crate::reviewer::builtin_catalogs();
        let catalogs = [
            crate::scan::catalog(),
            patterns,
            extras,
            crate::reviewer::literal_catalog(),
        ];
        let mut file = AUTOMATA_MAGIC.to_vec();
        for catalog in catalogs {
            let literals = catalog.literals();
            if literals.is_empty() {
                continue;
            }
            let bytes = build(literals).expect("builds").serialize();
            file.extend_from_slice(&literals_key(literals));
            file.extend_from_slice(&u32::try_from(bytes.len()).expect("fits").to_le_bytes());
            file.extend_from_slice(&bytes);
        }
        if file != LITERAL_AUTOMATA {
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/literal_automata.daac");
            assert!(
                std::env::var_os("JAIL_BLESS").is_some(),
                "src/literal_automata.daac is not what the catalogs give; run \
                 `JAIL_BLESS=1 cargo test -p review rules_file` and commit it"
            );
            std::fs::write(path, &file).expect("write the automata file");
            return;
        }
        for catalog in catalogs {
            let literals = catalog.literals();
            if !literals.is_empty() {
                assert!(prebuilt(LITERAL_AUTOMATA, literals).is_some());
            }
        }
    }

    /// An automaton is found by its literals: other literals (a catalog
    /// changed since the file was written) find none, and are built.
    #[test]
    fn a_stale_automaton_is_not_loaded() {
        let literals = crate::scan::catalog().literals();
        assert!(prebuilt(LITERAL_AUTOMATA, literals).is_some());
        let mut changed = literals.to_vec();
        changed.push("a literal no rule has");
        assert!(prebuilt(LITERAL_AUTOMATA, &changed).is_none());
        assert!(prebuilt(b"jaildaa1 truncated", literals).is_none());
    }

    #[test]
    fn only_rules_whose_literal_occurs_are_candidates() {
        let catalog = Catalog::new(
            vec![
                Entry {
                    pattern: r"(?i)\bsecret\b".into(),
                    needs: &[&[&["secret"]]],
                    span: None,
                },
                Entry {
                    pattern: r"\d{3}".into(),
                    needs: &[],
                    span: None,
                },
                Entry {
                    pattern: r"(?i)approved\s+by|vetted".into(),
                    needs: &[&[&["approved"], &["by"]], &[&["vetted"]]],
                    span: None,
                },
            ],
            false,
            &Gap::NONE,
        );
        assert_eq!(catalog.candidates("x = 1"), vec![false, true, false]);
        assert_eq!(catalog.candidates("# VETTED"), vec![false, true, true]);
        // One group of an alternative is not enough.
        assert_eq!(catalog.candidates("# approved"), vec![false, true, false]);
        assert_eq!(catalog.candidates("# approved by"), vec![false, true, true]);
        let regex = catalog.regex(2).expect("compiles");
        assert!(regex.is_match("# VETTED"));
        assert!(catalog.regex(3).is_none());
    }
}
