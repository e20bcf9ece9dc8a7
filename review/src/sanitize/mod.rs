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
//!
//! Layout: [`sanitize`] and the walk every language shares are here; each
//! language's handlers are in `python.rs`, `javascript.rs` and `bash.rs`;
//! member accesses and calls, one algorithm for Python and JavaScript, in
//! `call.rs`; the node-kind and field tables in `kinds.rs`; the fixed word
//! lists in `words.rs`; the spelling of renamed identifiers in `naming.rs`.

mod bash;
mod call;
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

use super::parse::{self, text, Walked, MAX_DEPTH};
use super::{scan, Lang};
use kinds::{table, GrammarTable, NodeKind};
use words::{JS_KEEP, KEYWORDS, PY_KEEP, SH_KEEP, USER_ROOTS};

/// The node kinds inside a literal that are code, not its text
/// (interpolations, template substitutions, Bash expansions).
const EMBEDDED_CODE: &[&str] = &[
    "interpolation",
    "template_substitution",
    "simple_expansion",
    "expansion",
    "command_substitution",
];

/// The sanitized code, how many literals became placeholders and how many
/// distinct identifiers were renamed.
#[derive(Debug, Clone, Serialize)]
pub struct Sanitized {
    pub code: String,
    pub strings: usize,
    pub identifiers: usize,
    /// What each placeholder stands for: `literals[n - 1]` is the text of
    /// `Sn` (escapes like `\x63` decoded, embedded code left out). For
    /// reviewers that are code (the built-in one), never for a model.
    #[serde(skip)]
    pub literals: Vec<String>,
    /// Each renamed identifier, as written and as renamed; for reviewers
    /// that are code, as `literals`.
    #[serde(skip)]
    pub renamed: Vec<(String, String)>,
}

/// The reviewer's view of the walked file (see the module doc). Meant for
/// a tree from `parse`: ERROR nodes and nesting beyond `MAX_DEPTH` are
/// dropped, not copied.
pub fn sanitize(walked: &Walked) -> Sanitized {
    let parsed = walked.parsed;
    let root = parsed.tree.root_node();
    let mut sanitizer = Sanitizer::new(parsed.lang, &parsed.source);
    sanitizer.prepass(walked);
    // One cursor for the whole walk: a fresh cursor per node costs several
    // times more than the walk itself.
    let mut cursor = root.walk();
    if parsed.lang == Lang::Python {
        sanitizer.py_body(&mut cursor, 0);
    } else {
        sanitizer.node(&mut cursor, root, 0);
    }
    sanitizer.gap(parsed.source.len());
    sanitizer.finish()
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

/// An identifier left out of `out` at byte `at`, spelled in `finish`.
struct Hole<'a> {
    at: usize,
    name: &'a str,
    rule: Rule<'a>,
}

type Cursor<'a> = TreeCursor<'a>;

/// The state of one walk: the output so far and what the file defines.
struct Sanitizer<'a> {
    lang: Lang,
    src: &'a str,
    table: &'static GrammarTable,
    out: String,
    pos: usize,
    strings: usize,
    /// The text of each placeholder's literal, in order.
    literals: Vec<String>,
    /// Identifiers whose spelling is decided in `finish`.
    holes: Vec<Hole<'a>>,
    /// Names defined (or used as user names) in this file.
    defined: HashSet<&'a str>,
    /// Bash functions defined in this file.
    functions: HashSet<&'a str>,
    /// Names bound by an import; `true` if shown as written (the module's
    /// own name), `false` if an alias, which is renamed.
    imports: HashMap<&'a str, bool>,
    /// Names that stand for a module, an imported name or a builtin under
    /// another spelling, shown as what they stand for.
    aliases: HashMap<&'a str, String>,
    /// Inside `${…}` or a here-string in Bash, where words are data.
    in_expansion: bool,
}

/// Modules a reviewer must recognise even when the file never imports
/// them (`os.system(...)` with no `import os` still means the module:
/// another file may have imported it, or a builtin hands it over).
const PY_MODULES_UNIMPORTED: &[&str] = &[
    "os",
    "sys",
    "subprocess",
    "socket",
    "builtins",
    "importlib",
    "ctypes",
    "pty",
    "shutil",
    "pickle",
    "marshal",
    "runpy",
    "posix",
    "codecs",
    "base64",
    "zlib",
];

/// The field of the cursor's current node in its parent.
fn field(cursor: &Cursor) -> u16 {
    cursor.field_id().map_or(0, |id| id.get())
}

impl<'a> Sanitizer<'a> {
    fn new(lang: Lang, src: &'a str) -> Self {
        Sanitizer {
            lang,
            src,
            table: table(lang),
            out: String::with_capacity(src.len()),
            pos: 0,
            strings: 0,
            literals: Vec::new(),
            holes: Vec::new(),
            defined: HashSet::new(),
            functions: HashSet::new(),
            imports: HashMap::new(),
            aliases: HashMap::new(),
            in_expansion: false,
        }
    }

    fn text(&self, node: Node) -> &'a str {
        text(self.src, node)
    }

    fn kind(&self, node: Node) -> NodeKind {
        self.table.kind(node)
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
        self.builtin(name)
            || self.imports.get(name) == Some(&true)
            || (self.lang == Lang::Python && PY_MODULES_UNIMPORTED.contains(&name))
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
        let between = self.src.get(self.pos..to).unwrap_or("");
        if between.bytes().all(|b| b.is_ascii_whitespace()) {
            self.out.push_str(between);
        } else {
            let mut chars = between.chars().peekable();
            while let Some(ch) = chars.next() {
                let continuation = ch == '\\' && matches!(chars.peek(), Some('\n') | Some('\r'));
                if ch.is_whitespace() || continuation {
                    self.out.push(ch);
                }
            }
        }
        self.pos = to;
    }

    fn copy(&mut self, node: Node) {
        self.gap(node.start_byte());
        self.out.push_str(self.text(node));
        self.pos = node.end_byte();
    }

    /// A keyword or punctuation token, as the grammar spells it: its source
    /// text can carry more (tree-sitter-bash includes the blanks before `$`
    /// inside a string), and only blanks of that are kept.
    fn token(&mut self, node: Node) {
        let canonical = self.table.tokens.get(usize::from(node.kind_id())).copied();
        let text = self.text(node);
        match canonical {
            Some(Some(tok)) if tok == text => self.copy(node),
            Some(Some(tok)) => {
                self.gap(node.end_byte());
                self.out.push_str(tok);
            }
            _ => self.drop_node(node),
        }
    }

    fn put(&mut self, node: Node, replacement: &str) {
        self.gap(node.start_byte());
        self.out.push_str(replacement);
        self.pos = node.end_byte();
    }

    /// The next placeholder, `S<n>`, for data whose text is `literal`.
    fn placeholder(&mut self, literal: &str) -> String {
        self.placeholder_owned(literal.to_string())
    }

    /// [`placeholder`](Self::placeholder) for a text already owned: kept
    /// as it is unless it has escapes to decode.
    fn placeholder_owned(&mut self, literal: String) -> String {
        self.strings += 1;
        let decoded = match scan::decode_escapes(&literal) {
            std::borrow::Cow::Borrowed(_) => literal,
            std::borrow::Cow::Owned(decoded) => decoded,
        };
        self.literals.push(decoded);
        format!("S{}", self.strings)
    }

    /// The text of a quoted literal: without its delimiters, embedded code
    /// left out.
    fn literal(&self, node: Node) -> String {
        // Bash's `$'...'` opens with two bytes.
        let open = if self.lang == Lang::Bash && node.kind() == "ansi_c_string" {
            2
        } else {
            1
        };
        parse::literal_content(self.src, node, open, 1, EMBEDDED_CODE)
    }

    /// The line breaks of the dropped text `from..to`, so lines still map;
    /// a break that was a line continuation stays one.
    fn newlines(&mut self, from: usize, to: usize) {
        let Some(dropped) = self.src.get(from..to) else {
            return;
        };
        let bytes = dropped.as_bytes();
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
    fn drop_node(&mut self, node: Node) {
        self.gap(node.start_byte());
        self.newlines(node.start_byte(), node.end_byte());
        self.pos = node.end_byte();
    }

    fn ident(&mut self, node: Node, rule: Option<Rule<'a>>) {
        self.gap(node.start_byte());
        let name = self.text(node);
        // An alias in a name's place is shown as what it stands for:
        // `o.system` for `import os as o` reads `os.system` to a reviewer.
        if let (Some(Rule::Rename), Some(target)) = (&rule, self.aliases.get(name)) {
            self.out.push_str(target);
            self.pos = node.end_byte();
            return;
        }
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
        self.pos = node.end_byte();
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

    fn remove_comment(&mut self, node: Node) {
        self.gap(node.start_byte());
        if self.text(node).contains('\n') {
            self.newlines(node.start_byte(), node.end_byte());
        } else {
            let rest = self.src.get(node.end_byte()..).unwrap_or("");
            if rest.is_empty() || rest.starts_with('\n') || rest.starts_with("\r\n") {
                self.trim_line_end();
            } else {
                // `a/* x */b` must not become `ab`.
                self.out.push(' ');
            }
        }
        self.pos = node.end_byte();
    }

    // ---- the walk ------------------------------------------------------------

    /// Sanitizes the cursor's node `node`; the cursor is back on it afterwards.
    fn node(&mut self, cursor: &mut Cursor<'a>, node: Node<'a>, depth: usize) {
        if depth > MAX_DEPTH || node.is_error() {
            // Only reachable for trees `parse` refused; never copy such text.
            self.drop_node(node);
            return;
        }
        if !node.is_named() {
            self.token(node);
            return;
        }
        let kind = self.kind(node);
        match self.lang {
            Lang::Python => self.py(cursor, node, kind, depth),
            Lang::JavaScript | Lang::TypeScript => self.js(cursor, node, kind, depth),
            Lang::Bash => self.sh(cursor, node, kind, depth),
        }
    }

    /// Visits the children of the cursor's node. `visit` sees each child (the
    /// cursor on it) and returns whether it handled it; if not, the child is
    /// sanitized the ordinary way.
    fn each(
        &mut self,
        cursor: &mut Cursor<'a>,
        depth: usize,
        mut visit: impl FnMut(&mut Self, &mut Cursor<'a>, Node<'a>, usize) -> bool,
    ) {
        if !cursor.goto_first_child() {
            return;
        }
        loop {
            let child = cursor.node();
            if !visit(self, cursor, child, depth + 1) {
                self.node(cursor, child, depth + 1);
            }
            if !cursor.goto_next_sibling() {
                break;
            }
        }
        cursor.goto_parent();
    }

    fn children(&mut self, cursor: &mut Cursor<'a>, depth: usize) {
        self.each(cursor, depth, |_, _, _, _| false);
    }

    fn walk_default(&mut self, cursor: &mut Cursor<'a>, node: Node, depth: usize) {
        if node.child_count() == 0 {
            self.copy(node);
        } else {
            self.children(cursor, depth);
        }
    }

    /// A literal with embedded code: `open`, one placeholder for all text,
    /// the children of the `code` kinds sanitized, `close`. The delimiters
    /// are written, not copied: tree-sitter-python puts the text of `r"\""`
    /// in its closing token.
    fn interpolated(
        &mut self,
        cursor: &mut Cursor<'a>,
        node: Node,
        depth: usize,
        (open, close): (&str, &str),
        code: &[NodeKind],
    ) {
        let count = node.child_count();
        if count < 2 {
            let placeholder = self.placeholder_owned(self.literal(node));
            self.put(node, &format!("\"{placeholder}\""));
            return;
        }
        self.gap(node.start_byte());
        let placeholder = self.placeholder_owned(self.literal(node));
        self.out.push_str(open);
        self.out.push_str(&placeholder);
        let mut index = 0;
        self.each(cursor, depth, |this, cursor, child, depth| {
            index += 1;
            if index == 1 {
                this.pos = child.end_byte();
            } else if index == count {
                this.newlines(this.pos, child.end_byte());
                this.out.push_str(close);
                this.pos = child.end_byte();
            } else if code.contains(&this.kind(child)) {
                this.newlines(this.pos, child.start_byte());
                this.pos = child.start_byte();
                this.node(cursor, child, depth);
            }
            true
        });
    }

    /// A literal without embedded code, as `quote S<n> quote`.
    fn flat_literal(&mut self, node: Node, quote: &str) {
        self.gap(node.start_byte());
        let placeholder = self.placeholder_owned(self.literal(node));
        self.out.push_str(quote);
        self.out.push_str(&placeholder);
        self.newlines(node.start_byte(), node.end_byte());
        self.out.push_str(quote);
        self.pos = node.end_byte();
    }

    // ---- pre-pass: names bound by imports ----------------------------------

    fn prepass(&mut self, walked: &Walked<'a>) {
        self.imports = match self.lang {
            Lang::Python => {
                let root = walked.parsed.tree.root_node();
                let (imports, aliases) = python::imports(self.src, self.table, root);
                self.aliases = aliases;
                imports
            }
            Lang::JavaScript | Lang::TypeScript => {
                let (imports, aliases) = javascript::imports(self.src, self.table, walked);
                self.aliases = aliases;
                imports
            }
            Lang::Bash => HashMap::new(),
        };
    }
}

/// A module specifier shown as written: a plain name or path, no spaces or
/// prose (anything else becomes a placeholder like other strings).
fn module_like(module: &str) -> bool {
    !module.is_empty()
        && module.len() <= 128
        && module
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"@._/:-".contains(&b))
}

/// Is `local` the name `module` is usually bound to (`child_process` or
/// `childProcess` for "node:child_process", `React` for "react", `util` for
/// "./lib/util.js")? Such a name says nothing the import does not.
fn names_module(local: &str, module: &str) -> bool {
    let last = module
        .rsplit(['/', ':', '.'])
        .find(|part| !part.is_empty() && !matches!(*part, "js" | "mjs" | "cjs" | "ts" | "json"));
    let Some(last) = last else {
        return false;
    };
    let squash = |name: &str| {
        name.chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|ch| ch.to_ascii_lowercase())
            .collect::<String>()
    };
    squash(local) == squash(last)
}
