//! What a Bash word holds when the variables in it were given literal
//! values earlier in the file: `t=${layout//@H/$HOME}` then `> "$t"` writes
//! `$HOME/...`, and `${!name}` reads the variable `name` names. The
//! built-in reviewer reads the words of sanitized Bash
//! (`literals.rs`); this module follows the assignments it can read, so a
//! path, a program or a git setting spelled through variables and
//! parameter expansions reads as what runs.
//!
//! Best effort by design, as the rest of the literal reading: values are
//! taken in file order (a later assignment replaces an earlier one, a
//! branch is not a choice), a `for` loop's variable has each of its
//! words, and what cannot be read (`$(...)`, a glob in a substitution, an
//! unknown name) is left as written.

use std::collections::HashMap;

/// Marks a `$` that is data, not an expansion (see `literals.rs`,
/// `placeholder_code`): a character of the Private Use Area, which no
/// sanitized code holds otherwise.
pub(super) const LITERAL_DOLLAR_STR: &str = "\u{e000}";

/// `text` with its marked `$` as they were.
pub(super) fn unmarked(text: &str) -> String {
    text.replace(LITERAL_DOLLAR_STR, "$")
}

/// How many values one word may expand to (a loop variable times another).
const MAX_ALTERNATIVES: usize = 16;
/// How deep expansions inside expansions are followed.
const MAX_DEPTH: usize = 4;
/// The longest value kept: a longer one is not known. Paths, programs and
/// settings are far shorter, and without a bound `x="$x$x"` repeated
/// doubles what the review holds each time (26 lines took 14 GB), and
/// trimming a long value (`${x%%*a*}`) takes time in its square.
const MAX_VALUE_BYTES: usize = 1024;
/// The most elements of an array kept: a longer one is not known, as
/// arrays were not read before (`"${a[@]}"` used a few thousand times
/// over a few thousand elements held 2 GB).
const MAX_ARRAY_ELEMENTS: usize = 256;

/// The variables read so far: each name's possible values.
#[derive(Debug, Default, Clone)]
pub(super) struct Variables {
    values: HashMap<String, Vec<String>>,
    arrays: HashMap<String, Vec<String>>,
    /// The sanitizer's new name of each renamed variable: a string that
    /// names one (`${!name}`) holds its name as written.
    renamed: HashMap<String, String>,
}

impl Variables {
    /// No variables yet, in code whose identifiers were `renamed` (as
    /// written, as renamed).
    pub(super) fn with_renamed(renamed: &[(String, String)]) -> Variables {
        Variables {
            renamed: renamed.iter().cloned().collect(),
            ..Variables::default()
        }
    }

    /// `name` holds `value` from here on. An empty value is not known: it
    /// is what `x=$(cmd)` leaves once the substitution is a command of its
    /// own, and `"$x/"` must not read as `/`; nor is one longer than
    /// [`MAX_VALUE_BYTES`].
    pub(super) fn set(&mut self, name: &str, value: String) {
        if value.is_empty() || value.len() > MAX_VALUE_BYTES {
            self.values.remove(name);
        } else {
            self.values.insert(name.to_string(), vec![value]);
        }
    }

    /// `name` holds each of `values` in turn (a `for` loop's words); none
    /// is known if one is longer than [`MAX_VALUE_BYTES`].
    pub(super) fn set_each(&mut self, name: &str, values: Vec<String>) {
        if values.iter().any(|value| value.len() > MAX_VALUE_BYTES) {
            self.values.remove(name);
        } else if !values.is_empty() {
            self.values.insert(name.to_string(), values);
        }
    }

    /// `name` is an array of `elements`; not known if it has more than
    /// [`MAX_ARRAY_ELEMENTS`] or one is longer than [`MAX_VALUE_BYTES`].
    pub(super) fn set_array(&mut self, name: &str, elements: Vec<String>) {
        if elements.len() > MAX_ARRAY_ELEMENTS
            || elements
                .iter()
                .any(|element| element.len() > MAX_VALUE_BYTES)
        {
            self.arrays.remove(name);
        } else {
            self.arrays.insert(name.to_string(), elements);
        }
    }

    /// The elements of the array a whole word names (`${name[@]}`,
    /// `${name[*]}`), each expanded.
    pub(super) fn array_words(&self, word: &str, literals: &[String]) -> Option<Vec<String>> {
        let inner = word.strip_prefix("${")?.strip_suffix('}')?;
        let name = inner
            .strip_suffix("[@]")
            .or_else(|| inner.strip_suffix("[*]"))?;
        let elements = self.arrays.get(name)?;
        Some(
            elements
                .iter()
                .map(|element| self.first(element, literals))
                .collect(),
        )
    }

    /// Each text `word` may hold, the first as it is most likely read;
    /// `word` itself when it holds no expansion this can read.
    pub(super) fn expand(&self, word: &str, literals: &[String]) -> Vec<String> {
        self.expand_at(word, literals, 0)
    }

    /// The first of [`Variables::expand`]'s texts.
    pub(super) fn first(&self, word: &str, literals: &[String]) -> String {
        self.expand(word, literals)
            .into_iter()
            .next()
            .unwrap_or_else(|| word.to_string())
    }

    fn expand_at(&self, word: &str, literals: &[String], depth: usize) -> Vec<String> {
        if depth > MAX_DEPTH || !word.contains('$') {
            return vec![unmarked(word)];
        }
        let mut out = vec![String::new()];
        let mut rest = word;
        while let Some(dollar) = rest.find('$') {
            let (before, from) = rest.split_at(dollar);
            for text in &mut out {
                text.push_str(before);
            }
            let (written, values) = self.one_expansion(from, literals, depth);
            let values = values.unwrap_or_else(|| vec![written.to_string()]);
            out = out
                .iter()
                .flat_map(|text| values.iter().map(move |value| format!("{text}{value}")))
                .take(MAX_ALTERNATIVES)
                .collect();
            rest = &from[written.len()..];
        }
        for text in &mut out {
            text.push_str(rest);
            *text = unmarked(text);
        }
        out
    }

    /// The expansion at the start of `from` (which starts with `$`): its
    /// text as written, and its values when this can read them.
    fn one_expansion<'w>(
        &self,
        from: &'w str,
        literals: &[String],
        depth: usize,
    ) -> (&'w str, Option<Vec<String>>) {
        let after = &from[1..];
        if let Some(braced) = after.strip_prefix('{') {
            let Some(close) = closing_brace(braced) else {
                return (from, None);
            };
            let written = &from[..close + 3];
            return (written, self.braced(&braced[..close], literals, depth));
        }
        let name_len = after
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        if name_len == 0 {
            // `$(`, `$'`, `$$`, a lone `$`: as written.
            return (&from[..1], None);
        }
        let written = &from[..1 + name_len];
        (written, self.values.get(&after[..name_len]).cloned())
    }

    /// The values of `${inner}`, for the forms that keep or cut text:
    /// `name`, `name:-word`, `name:+word`, `name//pattern/replacement`
    /// (and `/`, `/#`, `/%`), `name%suffix`, `name#prefix` (and `%%`, `##`).
    fn braced(&self, inner: &str, literals: &[String], depth: usize) -> Option<Vec<String>> {
        // `${!name}`: the value of the variable that `name` names.
        if let Some(pointer) = inner.strip_prefix('!') {
            if pointer.is_empty()
                || !pointer
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'_')
            {
                return None;
            }
            let named: Vec<String> = self
                .values
                .get(pointer)?
                .iter()
                .filter_map(|name| {
                    let name = self.renamed.get(name).unwrap_or(name);
                    self.values.get(name)
                })
                .flatten()
                .take(MAX_ALTERNATIVES)
                .cloned()
                .collect();
            return (!named.is_empty()).then_some(named);
        }
        let name_len = inner
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        let (name, operation) = inner.split_at(name_len);
        if name.is_empty() {
            return None;
        }
        let values = self.values.get(name);
        let word = |text: &str| -> Vec<String> {
            self.expand_at(&placeholders_read(text, literals), literals, depth + 1)
        };
        if operation.is_empty() {
            return values.cloned();
        }
        if let Some(default) = operation
            .strip_prefix(":-")
            .or_else(|| operation.strip_prefix('-'))
        {
            return Some(values.cloned().unwrap_or_else(|| word(default)));
        }
        if let Some(alternative) = operation.strip_prefix(":+") {
            return values.map(|_| word(alternative));
        }
        let values = values?;
        let apply = |change: &dyn Fn(&str) -> Option<String>| -> Option<Vec<String>> {
            values.iter().map(|value| change(value)).collect()
        };
        // `${name:offset}` and `${name:offset:length}`: a slice, as in
        // `${usage:4:4}` spelling a program out of a usage text (`:-`
        // and `:+` were read above).
        if let Some((offset, length)) = operation.strip_prefix(':').and_then(slice_bounds) {
            return apply(&|value| Some(sliced(value, offset, length)));
        }
        if let Some(substitution) = operation.strip_prefix('/') {
            let (all, anchor, substitution) = match substitution.as_bytes().first() {
                Some(b'/') => (true, None, &substitution[1..]),
                Some(b'#') => (false, Some(true), &substitution[1..]),
                Some(b'%') => (false, Some(false), &substitution[1..]),
                _ => (false, None, substitution),
            };
            let (pattern, replacement) = substitution.split_once('/').unwrap_or((substitution, ""));
            let pattern = first_of(word(pattern))?;
            let replacement = first_of(word(replacement))?;
            if pattern.is_empty() || pattern.contains(['*', '?', '[']) {
                return None;
            }
            return apply(&|value| {
                Some(match anchor {
                    Some(true) => match value.strip_prefix(pattern.as_str()) {
                        Some(rest) => format!("{replacement}{rest}"),
                        None => value.to_string(),
                    },
                    Some(false) => match value.strip_suffix(pattern.as_str()) {
                        Some(rest) => format!("{rest}{replacement}"),
                        None => value.to_string(),
                    },
                    None if all => value.replace(pattern.as_str(), &replacement),
                    None => value.replacen(pattern.as_str(), &replacement, 1),
                })
            });
        }
        let trims: [(&str, bool, bool); 4] = [
            ("%%", false, true),
            ("%", false, false),
            ("##", true, true),
            ("#", true, false),
        ];
        let (pattern, from_start, longest) =
            trims.iter().find_map(|&(operator, start, longest)| {
                operation
                    .strip_prefix(operator)
                    .map(|pattern| (pattern, start, longest))
            })?;
        let pattern = first_of(word(pattern))?;
        apply(&|value| Some(trimmed(value, &pattern, from_start, longest)))
    }
}

/// The offset and length of a `${name:offset:length}` slice written in
/// numbers (`${name: -3}` and `${name:(-3)}` count from the end).
fn slice_bounds(slice: &str) -> Option<(i64, Option<i64>)> {
    let number = |text: &str| -> Option<i64> {
        let text = text.trim();
        let text = text
            .strip_prefix('(')
            .and_then(|t| t.strip_suffix(')'))
            .unwrap_or(text);
        text.trim().parse().ok()
    };
    match slice.split_once(':') {
        Some((offset, length)) => Some((number(offset)?, Some(number(length)?))),
        None => Some((number(slice)?, None)),
    }
}

/// `value` sliced as Bash slices it, by characters.
fn sliced(value: &str, offset: i64, length: Option<i64>) -> String {
    let chars: Vec<char> = value.chars().collect();
    let len = i64::try_from(chars.len()).unwrap_or(i64::MAX);
    let start = if offset < 0 {
        (len + offset).max(0)
    } else {
        offset.min(len)
    };
    let end = match length {
        None => len,
        Some(length) if length >= 0 => start.saturating_add(length).min(len),
        Some(length) => (len + length).max(start),
    };
    let (start, end) = (
        usize::try_from(start).unwrap_or(0),
        usize::try_from(end).unwrap_or(0),
    );
    chars[start..end.max(start)].iter().collect()
}

fn first_of(values: Vec<String>) -> Option<String> {
    values.into_iter().next()
}

/// Where the `}` that closes a `${` is in `braced` (the text after it).
fn closing_brace(braced: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in braced.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => return Some(i),
            '}' => depth -= 1,
            _ => {}
        }
    }
    None
}

/// A word of an expansion as the sanitizer left it: its data are
/// placeholders (`S4`, `"S4"`, `/S4`); each reads as its text.
fn placeholders_read(text: &str, literals: &[String]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('S') {
        let (before, from) = rest.split_at(at);
        out.extend(before.chars().filter(|c| !matches!(c, '"' | '\'')));
        let digits = from[1..].bytes().take_while(u8::is_ascii_digit).count();
        let after_word = before
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        let literal = from[1..1 + digits]
            .parse::<usize>()
            .ok()
            .and_then(|n| literals.get(n.checked_sub(1)?))
            .filter(|_| !after_word);
        match literal {
            Some(literal) => out.push_str(&literal.replace('$', LITERAL_DOLLAR_STR)),
            None => out.push_str(&from[..1 + digits]),
        }
        rest = &from[1 + digits..];
    }
    out.extend(rest.chars().filter(|c| !matches!(c, '"' | '\'')));
    out
}

/// `value` without the prefix (or suffix) that `pattern` matches, the
/// shortest or the longest one: `${p%/*}`, `${p##*/}`.
fn trimmed(value: &str, pattern: &str, from_start: bool, longest: bool) -> String {
    let cuts: Vec<usize> = value
        .char_indices()
        .map(|(i, _)| i)
        .chain([value.len()])
        .collect();
    let matches = |cut: usize| {
        let part = if from_start {
            &value[..cut]
        } else {
            &value[cut..]
        };
        glob_matches(pattern, part)
    };
    // A prefix grows as the cut moves right; a suffix as it moves left.
    let found = match (from_start, longest) {
        (true, false) | (false, true) => cuts.iter().copied().find(|&cut| matches(cut)),
        (true, true) | (false, false) => cuts.iter().rev().copied().find(|&cut| matches(cut)),
    };
    match found {
        Some(cut) if from_start => value[cut..].to_string(),
        Some(cut) => value[..cut].to_string(),
        None => value.to_string(),
    }
}

/// Whether the shell glob `pattern` (`*`, `?` and plain characters; a
/// bracket matches itself) matches all of `text`.
fn glob_matches(pattern: &str, text: &str) -> bool {
    let pattern: Vec<char> = pattern.chars().collect();
    let text: Vec<char> = text.chars().collect();
    let (mut p, mut t) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while t < text.len() {
        match pattern.get(p) {
            Some('*') => {
                star = Some((p, t));
                p += 1;
            }
            Some(&c) if c == '?' || c == text[t] => {
                p += 1;
                t += 1;
            }
            _ => match star {
                Some((star_p, star_t)) => {
                    p = star_p + 1;
                    t = star_t + 1;
                    star = Some((star_p, star_t + 1));
                }
                None => return false,
            },
        }
    }
    pattern[p..].iter().all(|&c| c == '*')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn literals() -> Vec<String> {
        ["@H", "@N", "sudo", "_"].map(String::from).to_vec()
    }

    #[test]
    fn substitutions_and_trims_read_through() {
        let mut vars = Variables::default();
        let lits = literals();
        vars.set("layout", "@H/.local/bin/@N".to_string());
        let target = vars.first("${layout//S1/$HOME}", &lits);
        assert_eq!(target, "$HOME/.local/bin/@N");
        vars.set("t", target);
        assert_eq!(vars.first("${t//S2/S3}", &lits), "$HOME/.local/bin/sudo");
        assert_eq!(vars.first("${t%/S2}", &lits), "$HOME/.local/bin");
        assert_eq!(vars.first("${t%/*}", &lits), "$HOME/.local/bin");
        assert_eq!(vars.first("${t##*/}", &lits), "@N");
        assert_eq!(vars.first("${t#*/}", &lits), ".local/bin/@N");
        vars.set("net", "curl_-fsS".to_string());
        assert_eq!(vars.first("${net//S4/ }", &lits), "curl -fsS");
        assert_eq!(vars.first("x${missing:-S3}y", &lits), "xsudoy");
        assert_eq!(vars.first("${missing}", &lits), "${missing}");
        assert_eq!(vars.first("$(id)$1", &lits), "$(id)$1");
    }

    /// A value past the bound is not known: doubling a value line after
    /// line stays within the bound instead of doubling what the review
    /// holds (unbounded, this test runs out of memory).
    #[test]
    fn values_past_the_bound_are_not_known() {
        let mut vars = Variables::default();
        vars.set("x", "abcdefghij".to_string());
        for _ in 0..40 {
            let doubled = vars.first("$x$x", &[]);
            vars.set("x", doubled);
        }
        assert!(vars.first("$x", &[]).len() <= MAX_VALUE_BYTES);
        vars.set("y", "b".repeat(MAX_VALUE_BYTES + 1));
        assert_eq!(vars.first("${y%%*a*}", &[]), "${y%%*a*}");
        vars.set_each("z", vec!["a".into(), "c".repeat(MAX_VALUE_BYTES + 1)]);
        assert_eq!(vars.first("$z", &[]), "$z");
        vars.set_array("a", vec!["e".to_string(); MAX_ARRAY_ELEMENTS + 1]);
        assert_eq!(vars.array_words("${a[@]}", &[]), None);
        vars.set_array("a", vec!["e".to_string(); MAX_ARRAY_ELEMENTS]);
        assert_eq!(
            vars.array_words("${a[@]}", &[]).map(|w| w.len()),
            Some(MAX_ARRAY_ELEMENTS)
        );
        vars.set("w", "b".repeat(MAX_VALUE_BYTES));
        assert_eq!(vars.first("$w", &[]).len(), MAX_VALUE_BYTES);
    }

    #[test]
    fn loop_words_and_arrays() {
        let mut vars = Variables::default();
        vars.set_each("rc", vec!["~/.bashrc".into(), "~/.zshrc".into()]);
        assert_eq!(
            vars.expand("$rc.bak", &[]),
            ["~/.bashrc.bak", "~/.zshrc.bak"]
        );
        vars.set("pid", "1".to_string());
        vars.set_array("args", vec!["-p".into(), "$pid".into()]);
        assert_eq!(
            vars.array_words("${args[@]}", &[]),
            Some(vec!["-p".into(), "1".into()])
        );
        assert_eq!(vars.array_words("${other[@]}", &[]), None);
    }

    #[test]
    fn globs() {
        assert!(glob_matches("/*", "/a/b"));
        assert!(glob_matches("a?c", "abc"));
        assert!(!glob_matches("a?c", "ac"));
        assert!(glob_matches("*", ""));
    }
}
