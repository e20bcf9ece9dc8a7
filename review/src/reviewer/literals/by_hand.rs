//! Two of the literal catalog's patterns matched by hand: compiling their
//! regexes cost a tenth of a short file's whole review (`py-open`'s
//! Unicode class alone 1.5 M instructions), and nearly every Python or
//! JavaScript file needs one of them. The regexes stay the definition:
//! the tests compare each matcher with its regex on the review-quality
//! sets and on generated text.

use std::ops::Range;

/// Where `open(` is called in Python, as [`super::PY_OPEN`] matches it:
/// `open`, optional ASCII blanks, `(`, after the text's start or after a
/// character that is neither `.` (a method) nor a Unicode word character
/// (a longer name), that character included. Left to right, none
/// overlapping, as a regex's matches are.
pub(super) fn py_opens(code: &str) -> impl Iterator<Item = Range<usize>> + '_ {
    // Where the next match may start: a match's leading character is its
    // own, not the one before the next.
    let mut from = 0;
    let mut search = 0;
    std::iter::from_fn(move || loop {
        let at = search + code.get(search..)?.find("open")?;
        search = at + 1;
        let start = match code.get(..at)?.chars().next_back() {
            None => at,
            Some(before) => {
                let start = at - before.len_utf8();
                if start < from || before == '.' || is_word(before) {
                    continue;
                }
                start
            }
        };
        let blanks = code
            .get(at + 4..)?
            .bytes()
            .take_while(is_ascii_space)
            .count();
        let paren = at + 4 + blanks;
        if code.as_bytes().get(paren) != Some(&b'(') {
            continue;
        }
        from = paren + 1;
        search = from;
        return Some(start..from);
    })
}

/// `\w` as the regex engine reads it with Unicode on.
fn is_word(c: char) -> bool {
    regex_syntax::try_is_word_character(c).unwrap_or(false)
}

/// `\s` with Unicode off.
fn is_ascii_space(b: &u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0B | 0x0C | b'\r' | b' ')
}

/// Each line that binds a name to a literal, as [`super::BINDING`] matches
/// it: at the line's start, blanks, an optional `const`, `let` or `var`
/// and blanks, a name, blanks, `=`, blanks, then a literal's first
/// character (`[`, a quote, or a Python string prefix `b`, `f`, `t`).
/// Yields the name and where that character is.
pub(super) fn bindings(code: &str) -> impl Iterator<Item = (&str, usize)> + '_ {
    let starts = std::iter::once(0).chain(code.match_indices('\n').map(|(at, _)| at + 1));
    starts.filter_map(|start| {
        let bytes = code.as_bytes();
        let indent = start + blanks(bytes, start);
        // The keyword first, as the regex's optional group is greedy; a
        // keyword-looking name (`let = "x"`) is the fallback.
        let declared = ["const", "let", "var"]
            .into_iter()
            .find(|keyword| {
                bytes
                    .get(indent..)
                    .is_some_and(|rest| rest.starts_with(keyword.as_bytes()))
            })
            .map(|keyword| indent + keyword.len())
            .filter(|&end| blanks(bytes, end) > 0)
            .map(|end| end + blanks(bytes, end));
        declared
            .and_then(|name| binding_at(code, name))
            .or_else(|| binding_at(code, indent))
    })
}

/// The binding whose name starts at `name`: the name and where its
/// literal starts.
fn binding_at(code: &str, name: usize) -> Option<(&str, usize)> {
    let bytes = code.as_bytes();
    let first = *bytes.get(name)?;
    if !(first.is_ascii_alphabetic() || first == b'_' || first == b'$') {
        return None;
    }
    let length = bytes
        .get(name..)?
        .iter()
        .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
        .count();
    let end = name + length;
    let equals = end + blanks(bytes, end);
    if bytes.get(equals) != Some(&b'=') {
        return None;
    }
    let value = equals + 1 + blanks(bytes, equals + 1);
    if !matches!(
        bytes.get(value)?,
        b'[' | b'"' | b'\'' | b'`' | b'b' | b'f' | b't'
    ) {
        return None;
    }
    Some((code.get(name..end)?, value))
}

/// How many spaces and tabs start `bytes[at..]`.
fn blanks(bytes: &[u8], at: usize) -> usize {
    bytes.get(at..).map_or(0, |rest| {
        rest.iter()
            .take_while(|&&b| b == b' ' || b == b'\t')
            .count()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use regex_automata::meta::Regex;
    use regex_automata::util::syntax;

    /// A pattern compiled as the literal catalog compiles it (Unicode off).
    fn regex(pattern: &str) -> Regex {
        Regex::builder()
            .syntax(syntax::Config::new().unicode(false))
            .build(pattern)
            .expect("compiles")
    }

    fn agree(code: &str) {
        let by_regex: Vec<Range<usize>> = regex(super::super::PY_OPEN)
            .find_iter(code)
            .map(|m| m.range())
            .collect();
        assert_eq!(py_opens(code).collect::<Vec<_>>(), by_regex, "{code:?}");
        let binding = regex(super::super::BINDING);
        let by_regex: Vec<(&str, usize)> = binding
            .captures_iter(code)
            .filter_map(|caps| {
                Some((
                    code.get(caps.get_group(1)?.range())?,
                    caps.get_group(2)?.start,
                ))
            })
            .collect();
        assert_eq!(bindings(code).collect::<Vec<_>>(), by_regex, "{code:?}");
    }

    #[test]
    fn each_matcher_finds_what_its_regex_finds() {
        for code in [
            "open(x)\nf = open ('a', 'w')\ny=io.open(z) + reopen(1) + éopen(2) + 中open(3)",
            "open(open(x) (open(a)open(b) -open\t\n(c) open\u{301}(d) \u{301}open(e) ٣open(f) _open(g)",
            "x = \"S1\"\n  const y = ['a']\nlet = 'z'\nvar\tq\t=\tb'1'\nconstant = f'x'\nlet x == 'a'",
            "let  $a_1 = `t`\r\nconst = 1\nvarx = t\n\tlet 9 = 'a'\nx =\n'a'\nname = []",
        ] {
            agree(code);
        }
        let sanitized = crate::quality_sets::sanitized(&crate::quality_sets::SOME);
        assert!(sanitized.len() > 100);
        for file in sanitized {
            agree(&file.code);
        }
    }

    proptest::proptest! {
        #[test]
        fn each_matcher_agrees_with_its_regex_on_any_text(
            code in "(?:open|open\\(|\\(|\\.|_|x|é|\u{301}|٣| |\t|\n|\r|=|const|let|var|\\$|['\"`\\[]|[bft]|[0-9]){0,14}"
        ) {
            agree(&code);
        }
    }
}
