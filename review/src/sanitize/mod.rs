//! Stage 6, first half: the code as the reviewer sees it. The reviewer must
//! judge the code's shape, never its data, because an attacker writes into
//! the data (issue 5):
//!
//! - string, bytes and regex literals become `S1`, `S2`, … in order of
//!   appearance, still a literal of the same kind (`"S1"`, `b"S1"`, `/S1/g`);
//! - an f-string, template literal, Bash double-quoted string or heredoc body
//!   becomes ONE placeholder for all its text. Its embedded expressions are
//!   NOT dropped: they are code that runs (`f"{os.system(c)}"`,
//!   `"$(curl … | sh)"`), and dropping them would hide it from the reviewer.
//!   They are kept and sanitized like the rest (`f"S1{a}"`); format-spec
//!   text is dropped;
//! - comments and docstrings are removed (a body left empty gets `pass`);
//! - user identifiers become `a`, `b`, … `z`, `aa`, … with one mapping per
//!   file; builtins, imported names and keywords are kept, and so are
//!   attribute names after a dot on a non-user object (`os.system`,
//!   `x.append`) and keyword-argument / option-object names passed to code
//!   not defined in this file (`shell=True`, `{ shell: true }`).
//!
//! Newlines are kept (removed text leaves its line breaks, placeholders of
//! multi-line literals keep theirs), so reviewer line numbers map back to
//! the source. Text between tokens is copied only if it is whitespace or a
//! line continuation, so no text the grammar did not classify can leak.

mod bash;
mod javascript;
mod kinds;
mod naming;
mod python;
#[cfg(test)]
mod tests;
mod words;

use std::collections::{HashMap, HashSet};

use serde::Serialize;
use tree_sitter::{Node, TreeCursor};

use super::parse::{self, text, Parsed, MAX_DEPTH};
use super::Lang;
use kinds::{table, Table, K};
use words::{JS_KEEP, KEYWORDS, PY_KEEP, SH_KEEP, USER_ROOTS};

/// The sanitized code, how many literals became placeholders and how many
/// distinct identifiers were renamed.
#[derive(Debug, Clone, Serialize)]
pub struct Sanitized {
    pub code: String,
    pub strings: usize,
    pub identifiers: usize,
}

/// The reviewer's view of `parsed` (see the module doc). Meant for a tree
/// from `parse`: ERROR nodes and nesting beyond `MAX_DEPTH` are dropped, not
/// copied.
pub fn sanitize(parsed: &Parsed) -> Sanitized {
    let root = parsed.tree.root_node();
    let mut s = Sanitizer::new(parsed.lang, &parsed.source);
    s.prepass(root);
    // One cursor for the whole walk: a fresh cursor per node costs several
    // times more than the walk itself.
    let mut c = root.walk();
    if parsed.lang == Lang::Python {
        s.py_body(&mut c, 0);
    } else {
        s.node(&mut c, root, 0);
    }
    s.gap(parsed.source.len());
    s.finish()
}

/// When an identifier is renamed; decided after the walk, once every
/// definition in the file is known.
#[derive(Clone, Copy)]
enum Rule<'a> {
    /// A user name: always (unless it is a builtin or imported name).
    Rename,
    /// An attribute or key: if the name is defined somewhere in this file.
    IfDefined,
    /// A keyword argument of a method call: if both the name and the
    /// method (the `&str`) are defined in this file.
    IfBothDefined(&'a str),
    /// A Bash command name: if a function of that name is defined here.
    IfFunction,
}

struct Hole<'a> {
    at: usize,
    name: &'a str,
    rule: Rule<'a>,
}

type Cursor<'a> = TreeCursor<'a>;

struct Sanitizer<'a> {
    lang: Lang,
    src: &'a str,
    t: &'static Table,
    out: String,
    pos: usize,
    strings: usize,
    /// Identifiers whose spelling is decided in `finish`.
    holes: Vec<Hole<'a>>,
    /// Names defined (or used as user names) in this file.
    defined: HashSet<&'a str>,
    /// Bash functions defined in this file.
    functions: HashSet<&'a str>,
    /// Names bound by an import; `true` if shown as written (the module's
    /// own name), `false` if an alias, which is renamed.
    imports: HashMap<&'a str, bool>,
    /// Inside `${…}` or a here-string in Bash, where words are data.
    in_expansion: bool,
}

/// The field of the cursor's current node in its parent.
fn field(c: &Cursor) -> u16 {
    c.field_id().map_or(0, |f| f.get())
}

impl<'a> Sanitizer<'a> {
    fn new(lang: Lang, src: &'a str) -> Self {
        Sanitizer {
            lang,
            src,
            t: table(lang),
            out: String::with_capacity(src.len()),
            pos: 0,
            strings: 0,
            holes: Vec::new(),
            defined: HashSet::new(),
            functions: HashSet::new(),
            imports: HashMap::new(),
            in_expansion: false,
        }
    }

    fn text(&self, n: Node) -> &'a str {
        text(self.src, n)
    }

    fn kind(&self, n: Node) -> K {
        self.t.kind(n)
    }

    // ---- what is kept ------------------------------------------------------

    fn builtin(&self, name: &str) -> bool {
        match self.lang {
            Lang::Python => PY_KEEP.contains(name),
            Lang::JavaScript | Lang::TypeScript => JS_KEEP.contains(name),
            Lang::Bash => {
                SH_KEEP.contains(name)
                    || (!name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()))
            }
        }
    }

    /// Shown as written wherever it appears.
    fn kept(&self, name: &str) -> bool {
        self.builtin(name) || self.imports.get(name) == Some(&true)
    }

    /// A builtin or imported object: its attributes are an API, not ours.
    fn foreign_name(&self, name: &str) -> bool {
        (self.builtin(name) && !USER_ROOTS.contains(&name)) || self.imports.contains_key(name)
    }

    /// A generated name must not look like a name the reviewer sees as
    /// written (`shown`), a builtin or a keyword.
    fn avoided(&self, name: &str, shown: &HashSet<&str>) -> bool {
        shown.contains(name) || self.builtin(name) || KEYWORDS.contains(name)
    }

    // ---- output primitives -------------------------------------------------

    /// Copies the text between tokens up to `to`: whitespace and line
    /// continuations only.
    fn gap(&mut self, to: usize) {
        if to <= self.pos {
            return;
        }
        let g = self.src.get(self.pos..to).unwrap_or("");
        if g.bytes().all(|b| b.is_ascii_whitespace()) {
            self.out.push_str(g);
        } else {
            let mut chars = g.chars().peekable();
            while let Some(ch) = chars.next() {
                let continuation = ch == '\\' && matches!(chars.peek(), Some('\n') | Some('\r'));
                if ch.is_whitespace() || continuation {
                    self.out.push(ch);
                }
            }
        }
        self.pos = to;
    }

    fn copy(&mut self, n: Node) {
        self.gap(n.start_byte());
        self.out.push_str(self.text(n));
        self.pos = n.end_byte();
    }

    /// A keyword or punctuation token, as the grammar spells it: its source
    /// text can carry more (tree-sitter-bash includes the blanks before `$`
    /// inside a string), and only blanks of that are kept.
    fn token(&mut self, n: Node) {
        let canonical = self.t.tokens.get(usize::from(n.kind_id())).copied();
        let text = self.text(n);
        match canonical {
            Some(Some(tok)) if tok == text => self.copy(n),
            Some(Some(tok)) => {
                self.gap(n.end_byte());
                self.out.push_str(tok);
            }
            _ => self.drop_node(n),
        }
    }

    fn put(&mut self, n: Node, s: &str) {
        self.gap(n.start_byte());
        self.out.push_str(s);
        self.pos = n.end_byte();
    }

    fn placeholder(&mut self) -> String {
        self.strings += 1;
        format!("S{}", self.strings)
    }

    /// The line breaks of the dropped text `from..to`, so lines still map;
    /// a break that was a line continuation stays one.
    fn newlines(&mut self, from: usize, to: usize) {
        let Some(t) = self.src.get(from..to) else {
            return;
        };
        let bytes = t.as_bytes();
        for (i, b) in bytes.iter().enumerate() {
            if *b == b'\n' {
                let mut j = i;
                if j > 0 && bytes[j - 1] == b'\r' {
                    j -= 1;
                }
                if j > 0 && bytes[j - 1] == b'\\' {
                    self.out.push('\\');
                }
                self.out.push('\n');
            }
        }
    }

    /// Drops a node, keeping its line breaks.
    fn drop_node(&mut self, n: Node) {
        self.gap(n.start_byte());
        self.newlines(n.start_byte(), n.end_byte());
        self.pos = n.end_byte();
    }

    fn ident(&mut self, n: Node, rule: Option<Rule<'a>>) {
        self.gap(n.start_byte());
        let name = self.text(n);
        match rule {
            Some(rule) if !self.kept(name) => {
                if matches!(rule, Rule::Rename) {
                    self.defined.insert(name);
                }
                self.holes.push(Hole {
                    at: self.out.len(),
                    name,
                    rule,
                });
            }
            _ => self.out.push_str(name),
        }
        self.pos = n.end_byte();
    }

    /// Drops the blanks before removed text that ended a line, but never
    /// into an identifier still to be filled in, and never so that a
    /// backslash ends the line (that would join lines).
    fn trim_line_end(&mut self) {
        let floor = self.holes.last().map_or(0, |h| h.at);
        let kept = self.out[floor..].trim_end_matches([' ', '\t']).len() + floor;
        let keep_one = self.out[..kept].ends_with('\\') && kept < self.out.len();
        self.out.truncate(if keep_one { kept + 1 } else { kept });
    }

    fn remove_comment(&mut self, n: Node) {
        self.gap(n.start_byte());
        if self.text(n).contains('\n') {
            self.newlines(n.start_byte(), n.end_byte());
        } else {
            let rest = self.src.get(n.end_byte()..).unwrap_or("");
            if rest.is_empty() || rest.starts_with('\n') || rest.starts_with("\r\n") {
                self.trim_line_end();
            } else {
                // `a/* x */b` must not become `ab`.
                self.out.push(' ');
            }
        }
        self.pos = n.end_byte();
    }

    // ---- the walk ------------------------------------------------------------

    /// Sanitizes the cursor's node `n`; the cursor is back on it afterwards.
    fn node(&mut self, c: &mut Cursor<'a>, n: Node<'a>, depth: usize) {
        if depth > MAX_DEPTH || n.is_error() {
            // Only reachable for trees `parse` refused; never copy such text.
            self.drop_node(n);
            return;
        }
        if !n.is_named() {
            self.token(n);
            return;
        }
        let k = self.kind(n);
        match self.lang {
            Lang::Python => self.py(c, n, k, depth),
            Lang::JavaScript | Lang::TypeScript => self.js(c, n, k, depth),
            Lang::Bash => self.sh(c, n, k, depth),
        }
    }

    /// Visits the children of the cursor's node. `f` sees each child (the
    /// cursor on it) and returns whether it handled it; if not, the child is
    /// sanitized the ordinary way.
    fn each(
        &mut self,
        c: &mut Cursor<'a>,
        depth: usize,
        mut f: impl FnMut(&mut Self, &mut Cursor<'a>, Node<'a>, usize) -> bool,
    ) {
        if !c.goto_first_child() {
            return;
        }
        loop {
            let child = c.node();
            if !f(self, c, child, depth + 1) {
                self.node(c, child, depth + 1);
            }
            if !c.goto_next_sibling() {
                break;
            }
        }
        c.goto_parent();
    }

    fn children(&mut self, c: &mut Cursor<'a>, depth: usize) {
        self.each(c, depth, |_, _, _, _| false);
    }

    fn walk_default(&mut self, c: &mut Cursor<'a>, n: Node, depth: usize) {
        if n.child_count() == 0 {
            self.copy(n);
        } else {
            self.children(c, depth);
        }
    }

    /// A literal with embedded code: `open`, one placeholder for all text,
    /// the children of the `code` kinds sanitized, `close`. The delimiters
    /// are written, not copied: tree-sitter-python puts the text of `r"\""`
    /// in its closing token.
    fn interpolated(
        &mut self,
        c: &mut Cursor<'a>,
        n: Node,
        depth: usize,
        (open, close): (&str, &str),
        code: &[K],
    ) {
        let count = n.child_count();
        if count < 2 {
            let p = self.placeholder();
            self.put(n, &format!("\"{p}\""));
            return;
        }
        self.gap(n.start_byte());
        let p = self.placeholder();
        self.out.push_str(open);
        self.out.push_str(&p);
        let mut i = 0;
        self.each(c, depth, |s, c, child, d| {
            i += 1;
            if i == 1 {
                s.pos = child.end_byte();
            } else if i == count {
                s.newlines(s.pos, child.end_byte());
                s.out.push_str(close);
                s.pos = child.end_byte();
            } else if code.contains(&s.kind(child)) {
                s.newlines(s.pos, child.start_byte());
                s.pos = child.start_byte();
                s.node(c, child, d);
            }
            true
        });
    }

    /// A literal without embedded code, as `quote S<n> quote`.
    fn flat_literal(&mut self, n: Node, quote: &str) {
        self.gap(n.start_byte());
        let p = self.placeholder();
        self.out.push_str(quote);
        self.out.push_str(&p);
        self.newlines(n.start_byte(), n.end_byte());
        self.out.push_str(quote);
        self.pos = n.end_byte();
    }

    // ---- pre-pass: names bound by imports ----------------------------------

    fn prepass(&mut self, root: Node<'a>) {
        self.imports = match self.lang {
            Lang::Python => python::imports(self.src, self.t, root),
            Lang::JavaScript | Lang::TypeScript => javascript::imports(self.src, self.t, root),
            Lang::Bash => HashMap::new(),
        };
    }
}

/// A module specifier shown as written: a plain name or path, no spaces or
/// prose (anything else becomes a placeholder like other strings).
fn module_like(m: &str) -> bool {
    !m.is_empty()
        && m.len() <= 128
        && m.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"@._/:-".contains(&b))
}

/// Is `local` the name module `m` is usually bound to (`child_process` or
/// `childProcess` for "node:child_process", `React` for "react", `util` for
/// "./lib/util.js")? Such a name says nothing the import does not.
fn names_module(local: &str, m: &str) -> bool {
    let last = m
        .rsplit(['/', ':', '.'])
        .find(|p| !p.is_empty() && !matches!(*p, "js" | "mjs" | "cjs" | "ts" | "json"));
    let Some(last) = last else {
        return false;
    };
    let squash = |s: &str| {
        s.chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect::<String>()
    };
    squash(local) == squash(last)
}
