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

use std::ops::Range;
use std::sync::OnceLock;

use daachorse::{DoubleArrayAhoCorasick, DoubleArrayAhoCorasickBuilder};
use regex_automata::meta::{self, Regex};
use regex_automata::util::syntax;

/// One rule: its name, its final pattern and how far its matches reach.
pub struct Entry {
    pub name: &'static str,
    pub pattern: String,
    /// The most units (bytes, a run of [`Gap`] bytes counting one) a match
    /// spans; `None`: unbounded, the literals may be anywhere in the text.
    pub span: Option<u32>,
}

/// What a catalog's rules need, every literal numbered ahead of time: what
/// [`derive`] gives for each pattern, in the catalog's order, written into
/// `needs.rs` by its test. A rule needs any one of its alternatives; an
/// alternative needs a literal from each of its groups; a rule with no
/// alternative (or past the table's end) always runs. Numbering the
/// literals and gathering each one's owners when a process starts hashed
/// every literal of every rule (a tenth of a short file's review).
///
/// Each list below is cut by the one before it: rule `r`'s alternatives
/// are `rules[r]..rules[r + 1]`, alternative `a`'s groups are
/// `alternatives[a]..alternatives[a + 1]`, group `g`'s literals are
/// `words[groups[g]..groups[g + 1]]`.
pub struct Table {
    /// The rules' names, each ended by a NUL: what the table was made
    /// from, in order.
    pub names: &'static str,
    /// The distinct literals, each ended by a NUL, numbered in this order
    /// (the automaton finds each as its number).
    pub literals: &'static str,
    pub rules: &'static [u32],
    pub alternatives: &'static [u32],
    pub groups: &'static [u32],
    pub words: &'static [u16],
    /// Literal `i`'s owners, each (alternative, group within it), are
    /// `owners[owner_starts[i]..owner_starts[i + 1]]`.
    pub owner_starts: &'static [u32],
    pub owners: &'static [(u32, u16)],
}

/// `list[starts[i]..starts[i + 1]]`'s range; empty past the end.
fn cut(starts: &[u32], i: usize) -> Range<usize> {
    match (starts.get(i), starts.get(i + 1)) {
        (Some(&start), Some(&end)) => start as usize..end as usize,
        _ => 0..0,
    }
}

impl Table {
    /// No rule needs anything: every rule always runs.
    pub const NONE: Table = Table {
        names: "",
        literals: "",
        rules: &[],
        alternatives: &[],
        groups: &[],
        words: &[],
        owner_starts: &[],
        owners: &[],
    };

    fn literal_count(&self) -> usize {
        self.owner_starts.len().saturating_sub(1)
    }

    fn alternatives_of(&self, rule: usize) -> Range<usize> {
        cut(self.rules, rule)
    }

    fn groups_of(&self, alternative: usize) -> Range<usize> {
        cut(self.alternatives, alternative)
    }

    fn words_of(&self, group: usize) -> &'static [u16] {
        self.words.get(cut(self.groups, group)).unwrap_or_default()
    }

    fn owners_of(&self, literal: usize) -> &'static [(u32, u16)] {
        self.owners
            .get(cut(self.owner_starts, literal))
            .unwrap_or_default()
    }
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
    /// What each entry needs, in the entries' order.
    table: &'static Table,
    /// Over the table's literals; None when there are none.
    automaton: Option<DoubleArrayAhoCorasick<u32>>,
    regexes: Vec<OnceLock<Option<Regex>>>,
}

/// The catalogs' literal automata, built ahead of time: `AUTOMATA_MAGIC`,
/// then per automaton the BLAKE3 hash of the [`Table::literals`] it was
/// built from, the length of its serialization (u32, little-endian) and
/// daachorse's serialization. Written by the test
/// `rules_file_of_literal_automata_is_what_the_catalogs_give` (`JAIL_BLESS=1 cargo
/// test -p review rules_file`).
static LITERAL_AUTOMATA: &[u8] = include_bytes!("literal_automata.daac");
const AUTOMATA_MAGIC: &[u8; 8] = b"jaildaa1";

/// The automaton `file` holds for exactly `literals` (each ended by a
/// NUL), each found as its number; None if there is none (a stale file)
/// or it does not load. The literals are matched as the automaton was
/// built from them: a wrong one could only come from a file built from
/// other literals, which its hash tells apart.
fn prebuilt(file: &[u8], literals: &str) -> Option<DoubleArrayAhoCorasick<u32>> {
    let key = *blake3::hash(literals.as_bytes()).as_bytes();
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

/// The automaton over `literals` (each ended by a NUL), each found as its
/// number; None if there are none. Without daachorse's prefilter: a
/// 64 KiB table of byte pairs, which loading copied in every process (and
/// which is only built when no literal is a single byte, so a catalog's
/// load cost swung by that much with one rule).
fn build(literals: &str) -> Option<DoubleArrayAhoCorasick<u32>> {
    DoubleArrayAhoCorasickBuilder::new()
        .use_prefilter(false)
        .build(literals.split_terminator('\0'))
        .ok()
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
    /// `table`: what each entry needs, generated from these entries'
    /// patterns in this order; `unicode`: the regex crate's Unicode mode
    /// for every pattern; `gap`: what the entries' spans count as one unit.
    pub fn new(
        entries: Vec<Entry>,
        table: &'static Table,
        unicode: bool,
        gap: &'static Gap,
    ) -> Catalog {
        // A table made from other rules (a rule added or moved, `needs.rs`
        // not regenerated) would give rules each other's needs, and skip
        // some that can match: then every rule runs.
        let same_rules = table
            .names
            .split_terminator('\0')
            .eq(entries.iter().map(|entry| entry.name));
        let table = if same_rules { table } else { &Table::NONE };
        // Literals are lowercase and the text is lowercased for the search.
        let automaton =
            prebuilt(LITERAL_AUTOMATA, table.literals).or_else(|| build(table.literals));
        let regexes = entries.iter().map(|_| OnceLock::new()).collect();
        Catalog {
            entries,
            unicode,
            gap,
            table,
            automaton,
            regexes,
        }
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// The literals of the catalog's automaton, in its order.
    #[cfg(test)]
    pub fn literals(&self) -> Vec<&'static str> {
        self.table.literals.split_terminator('\0').collect()
    }

    /// What the catalog's table says rule `rule` needs, in words.
    #[cfg(test)]
    pub fn needs(&self, rule: usize) -> Vec<Vec<Vec<&'static str>>> {
        let literals = self.literals();
        self.table
            .alternatives_of(rule)
            .map(|alternative| {
                self.table
                    .groups_of(alternative)
                    .map(|group| {
                        let words = self.table.words_of(group).iter();
                        words.map(|&word| literals[usize::from(word)]).collect()
                    })
                    .collect()
            })
            .collect()
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
        let table = self.table;
        // Where each distinct literal starts, in units; overlapping, so a
        // short literal inside a longer one is not hidden.
        let mut starts: Vec<Vec<u32>> = vec![Vec::new(); table.literal_count()];
        let lowered = text.to_ascii_lowercase();
        let units = self.gap.units(lowered.as_bytes());
        for hit in automaton.find_overlapping_iter(&lowered) {
            if let (Some(list), Some(&at)) =
                (starts.get_mut(hit.value() as usize), units.get(hit.start()))
            {
                list.push(at);
            }
        }
        // Per alternative, a bit per group found.
        let mut found = vec![0u64; table.alternatives.len().saturating_sub(1)];
        for (literal, _) in starts.iter().enumerate().filter(|(_, at)| !at.is_empty()) {
            for &(alternative, group) in table.owners_of(literal) {
                if let Some(bits) = found.get_mut(alternative as usize) {
                    *bits |= 1u64.checked_shl(u32::from(group)).unwrap_or(0);
                }
            }
        }
        self.entries
            .iter()
            .enumerate()
            .map(|(rule, entry)| {
                let alternatives = table.alternatives_of(rule);
                // A group past the 64th is never marked: such a rule is
                // treated as needing nothing.
                if alternatives.is_empty()
                    || alternatives.clone().any(|a| table.groups_of(a).len() > 64)
                {
                    return whole();
                }
                let mut met = alternatives.filter(|&a| {
                    let bits = found.get(a).copied().unwrap_or(0);
                    bits.count_ones() as usize == table.groups_of(a).len()
                });
                match entry.span {
                    None if met.next().is_some() => whole(),
                    None => Vec::new(),
                    Some(span) => {
                        let anchors = met.flat_map(|a| self.near(a, span, &starts));
                        windows_around(anchors.collect(), span, &units)
                    }
                }
            })
            .collect()
    }

    /// Where a literal of every group of `alternative` starts within
    /// `span` units of one of the group with the fewest hits: those hits,
    /// in units. Two literals of one match are never further apart, so
    /// this only drops places where the alternative cannot match (it may
    /// keep some where it cannot either).
    fn near(&self, alternative: usize, span: u32, starts: &[Vec<u32>]) -> Vec<u32> {
        let hits = |group: usize| -> Vec<&[u32]> {
            let words = self.table.words_of(group).iter();
            words
                .filter_map(|&word| starts.get(usize::from(word)))
                .map(Vec::as_slice)
                .collect()
        };
        let lists: Vec<Vec<&[u32]>> = self.table.groups_of(alternative).map(hits).collect();
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

#[cfg(test)]
impl Table {
    /// The table of `named` rules, in a catalog's order: each rule's needs as
    /// [`derive`] gives them, the literals numbered in the order first
    /// met. Leaked: the tables in `needs.rs` are static, and this one
    /// stands in for them in tests.
    pub fn derive(named: &[(&str, String)], unicode: bool) -> Table {
        let mut numbers: std::collections::HashMap<String, u16> = Default::default();
        let mut literals = String::new();
        let mut owned: Vec<Vec<(u32, u16)>> = Vec::new();
        let (mut rules, mut alternatives, mut groups) = (vec![0u32], vec![0u32], vec![0u32]);
        let mut words: Vec<u16> = Vec::new();
        let number = |n: usize| u32::try_from(n).expect("fits u32");
        let mut names = String::new();
        for (name, pattern) in named {
            names.push_str(name);
            names.push('\0');
            for alternative in derive(pattern, unicode) {
                let at = number(alternatives.len() - 1);
                for (group, list) in alternative.iter().enumerate() {
                    for word in list {
                        assert!(!word.contains('\0'), "a literal with a NUL: {word:?}");
                        let n = *numbers.entry(word.clone()).or_insert_with(|| {
                            literals.push_str(word);
                            literals.push('\0');
                            owned.push(Vec::new());
                            u16::try_from(owned.len() - 1).expect("fewer than 65,536 literals")
                        });
                        words.push(n);
                        // Past u16 (never: a rule has a few groups) a
                        // group saturates, and past the 64th it is never
                        // marked (see `windows`).
                        let group = u16::try_from(group).unwrap_or(u16::MAX);
                        owned[usize::from(n)].push((at, group));
                    }
                    groups.push(number(words.len()));
                }
                alternatives.push(number(groups.len() - 1));
            }
            rules.push(number(alternatives.len() - 1));
        }
        let mut owner_starts = vec![0u32];
        for list in &owned {
            owner_starts.push(owner_starts[owner_starts.len() - 1] + number(list.len()));
        }
        Table {
            names: names.leak(),
            literals: literals.leak(),
            rules: rules.leak(),
            alternatives: alternatives.leak(),
            groups: groups.leak(),
            words: words.leak(),
            owner_starts: owner_starts.leak(),
            owners: owned.concat().leak(),
        }
    }
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
    const MAX_ALTERNATIVES: usize = 128;
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
        let tables = [
            &crate::needs::SCAN,
            &crate::needs::BUILTIN,
            &crate::needs::LITERALS,
        ];
        let mut file = AUTOMATA_MAGIC.to_vec();
        for table in tables {
            if table.literals.is_empty() {
                continue;
            }
            let bytes = build(table.literals).expect("builds").serialize();
            file.extend_from_slice(blake3::hash(table.literals.as_bytes()).as_bytes());
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
        for table in tables {
            assert!(prebuilt(LITERAL_AUTOMATA, table.literals).is_some());
        }
    }

    /// An automaton is found by its literals: other literals (a catalog
    /// changed since the file was written) find none, and are built.
    #[test]
    fn a_stale_automaton_is_not_loaded() {
        let literals = crate::needs::SCAN.literals;
        assert!(prebuilt(LITERAL_AUTOMATA, literals).is_some());
        let changed = format!("{literals}a literal no rule has\0");
        assert!(prebuilt(LITERAL_AUTOMATA, &changed).is_none());
        assert!(prebuilt(b"jaildaa1 truncated", literals).is_none());
    }

    fn entries(patterns: &[&'static str]) -> Vec<Entry> {
        let entry = |pattern: &&'static str| Entry {
            name: pattern,
            pattern: pattern.to_string(),
            span: None,
        };
        patterns.iter().map(entry).collect()
    }

    fn table(patterns: &[&str]) -> &'static Table {
        let rules: Vec<(&str, String)> = patterns.iter().map(|p| (*p, p.to_string())).collect();
        Box::leak(Box::new(Table::derive(&rules, false)))
    }

    #[test]
    fn only_rules_whose_literal_occurs_are_candidates() {
        let patterns = [r"(?i)\bsecret\b", r"\d{3}", r"(?i)approved\s+by|vetted"];
        let catalog = Catalog::new(entries(&patterns), table(&patterns), false, &Gap::NONE);
        assert_eq!(catalog.needs(0), vec![vec![vec!["secret"]]]);
        assert!(catalog.needs(1).is_empty());
        assert_eq!(
            catalog.needs(2),
            vec![vec![vec!["approved"], vec!["by"]], vec![vec!["vetted"]]]
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

    /// A table made from other rules (one added or moved since) is not
    /// read: each rule would get another's needs, and one that can match
    /// could be skipped.
    #[test]
    fn a_table_of_other_rules_is_not_read() {
        let made_from = ["secret", "vetted"];
        let catalog = Catalog::new(entries(&made_from), table(&made_from), false, &Gap::NONE);
        assert_eq!(catalog.candidates("vetted"), vec![false, true]);
        let moved = ["vetted", "secret"];
        let catalog = Catalog::new(entries(&moved), table(&made_from), false, &Gap::NONE);
        assert_eq!(catalog.candidates("vetted"), vec![true, true]);
        let added = ["secret", "new", "vetted"];
        let catalog = Catalog::new(entries(&added), table(&made_from), false, &Gap::NONE);
        assert_eq!(catalog.candidates("vetted"), vec![true, true, true]);
    }

    /// Rules past the table's end (a table shorter than its catalog)
    /// need nothing: they run on every text, never skipped.
    #[test]
    fn a_rule_the_table_does_not_reach_always_runs() {
        let catalog = Catalog::new(entries(&["secret", "x"]), &Table::NONE, false, &Gap::NONE);
        assert_eq!(catalog.candidates("nothing here"), vec![true, true]);
    }
}
