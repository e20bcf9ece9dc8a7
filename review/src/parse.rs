//! Stage 3 of the review: parse agent-written code with tree-sitter, refuse
//! syntax errors before any reviewer is paid for, and pull out the parts the
//! later stages need (comments, string literals, docstrings, imports).

use std::collections::HashSet;

use serde::Serialize;
use tree_sitter::{Node, Parser, Tree};

use super::Lang;

/// Deeper trees are refused: `sanitize` recurses and drops what lies deeper
/// (so it would hide code from the reviewer), and real code never nests this
/// deep (CPython gives up far earlier).
pub const MAX_DEPTH: usize = 1000;

/// Source and its tree: error-free from `parse`, possibly not from
/// `parse_lenient`.
#[derive(Debug, Clone)]
pub struct Parsed {
    pub lang: Lang,
    pub source: String,
    pub tree: Tree,
}

/// A parsed file's nodes in pre-order, each with its depth (the root's is
/// 0): the one walk of the tree that the import check, the syntax check,
/// the segments and the sanitizer's JavaScript bindings read. A tree-sitter
/// cursor step costs far more than reading a vector, and walking was most
/// of what each of them cost.
pub struct Walked<'t> {
    pub parsed: &'t Parsed,
    nodes: Vec<(Node<'t>, usize)>,
}

impl Parsed {
    /// Walks the tree once; see [`Walked`].
    pub fn walked(&self) -> Walked<'_> {
        let root = self.tree.root_node();
        let mut nodes = Vec::with_capacity(root.descendant_count());
        let mut cursor = root.walk();
        let mut depth = 0usize;
        loop {
            nodes.push((cursor.node(), depth));
            if cursor.goto_first_child() {
                depth += 1;
                continue;
            }
            loop {
                if cursor.goto_next_sibling() {
                    break;
                }
                if !cursor.goto_parent() {
                    return Walked {
                        parsed: self,
                        nodes,
                    };
                }
                depth -= 1;
            }
        }
    }
}

impl<'t> Walked<'t> {
    /// The nodes in pre-order, without their depths.
    pub(crate) fn nodes(&self) -> impl Iterator<Item = Node<'t>> + '_ {
        self.nodes.iter().map(|&(node, _)| node)
    }
}

/// The first syntax problem in document order. `line` and `column` are
/// 1-based; the column counts characters, not bytes.
#[derive(Debug, Clone, thiserror::Error, Serialize)]
#[error("line {line}, column {column}: {message}")]
pub struct SyntaxError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

pub(crate) fn language(lang: Lang) -> tree_sitter::Language {
    match lang {
        Lang::Python => tree_sitter_python::LANGUAGE.into(),
        Lang::JavaScript => tree_sitter_javascript::LANGUAGE.into(),
        Lang::TypeScript => tree_sitter_typescript::LANGUAGE_TYPESCRIPT.into(),
        Lang::Bash => tree_sitter_bash::LANGUAGE.into(),
    }
}

/// Parses `source`; any ERROR or MISSING node is a [`SyntaxError`] (see
/// [`first_error`]).
/// (The pipeline reads imports before judging syntax, so it calls the two
/// halves; this is the one-step form its tests and the review of code
/// given to an interpreter as a string use.)
pub fn parse(lang: Lang, source: &str) -> Result<Parsed, SyntaxError> {
    let parsed = parse_lenient(lang, source)?;
    match first_error(&parsed.walked()) {
        Some(err) => Err(err),
        None => Ok(parsed),
    }
}

/// `source` with its lines ended where `lang` ends them. Python reads a
/// lone `\r` as a line break (universal newlines), where tree-sitter keeps
/// it inside a comment: `# x\rimport os` runs a line the tree would call a
/// comment. Every stage reads the lines Python reads.
pub fn lines_as_read(lang: Lang, source: &str) -> std::borrow::Cow<'_, str> {
    if lang == Lang::Python && source.contains('\r') {
        source.replace("\r\n", "\n").replace('\r', "\n").into()
    } else {
        source.into()
    }
}

/// Parses without judging: the tree may hold ERROR nodes, so stage 2 can
/// read the imports before stage 3 reports syntax errors with
/// [`first_error`]. Fails only if the grammar cannot be loaded (an ABI
/// mismatch between tree-sitter and a grammar crate), never on bad code.
pub fn parse_lenient(lang: Lang, source: &str) -> Result<Parsed, SyntaxError> {
    let internal = |message: String| SyntaxError {
        line: 1,
        column: 1,
        message,
    };
    let mut parser = Parser::new();
    parser
        .set_language(&language(lang))
        .map_err(|e| internal(format!("internal: grammar not loadable: {e}")))?;
    let mut parse = |text: &str| {
        parser
            .parse(text, None)
            .ok_or_else(|| internal("internal: the parser gave no tree".to_string()))
    };
    let lines = lines_as_read(lang, source);
    let source = lines.as_ref();
    let tree = parse(source)?;
    let read = match lang {
        // Python reads identifiers in NFKC (PEP 3131): `ｅｘｅｃ` calls
        // `exec` and `import ｏｓ` binds `os`. Every later stage must see the
        // names Python sees, or a compatibility spelling hides a call.
        Lang::Python => python_names_as_read(&tree, source),
        Lang::Bash => bash_read_write_as_append(&tree, source),
        Lang::JavaScript | Lang::TypeScript => None,
    };
    if let Some(read) = read {
        let tree = parse(&read)?;
        return Ok(Parsed {
            lang,
            source: read,
            tree,
        });
    }
    Ok(Parsed {
        lang,
        source: source.to_string(),
        tree,
    })
}

/// Python's keywords: never identifiers, so a name whose NFKC spells one is
/// left alone (CPython refuses it; the tree keeps it an identifier).
const PYTHON_KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

/// `source` with each identifier spelled as Python reads it (NFKC), or
/// `None` when every identifier already is (always for ASCII source).
fn python_names_as_read(tree: &Tree, source: &str) -> Option<String> {
    use unicode_normalization::UnicodeNormalization;

    if source.is_ascii() {
        return None;
    }
    let mut read = String::with_capacity(source.len());
    let mut last = 0;
    let mut cursor = tree.walk();
    'walk: loop {
        let node = cursor.node();
        let range = node.byte_range();
        if node.kind() == "identifier" && !source.get(range.clone())?.is_ascii() {
            let name = source.get(range.clone())?;
            let nfkc: String = name.nfkc().collect();
            if nfkc != name && !PYTHON_KEYWORDS.contains(&nfkc.as_str()) {
                read.push_str(source.get(last..range.start)?);
                read.push_str(&nfkc);
                last = range.end;
            }
        }
        if cursor.goto_first_child() {
            continue;
        }
        while !cursor.goto_next_sibling() {
            if !cursor.goto_parent() {
                break 'walk;
            }
        }
    }
    if last == 0 {
        return None;
    }
    read.push_str(source.get(last..)?);
    Some(read)
}

/// Nodes whose text is data or commentary, where `<>` is no redirection.
const BASH_TEXT_NODES: &[&str] = &[
    "string",
    "string_content",
    "raw_string",
    "ansi_c_string",
    "heredoc_body",
    "heredoc_content",
    "comment",
    "regex",
];

/// `source` with each read-write redirection (`3<>file`, `{fd}<>"$f"`)
/// spelled as an append (`3>>file`), or `None` when it has none outside
/// strings and comments. tree-sitter-bash has no `<>` and makes the whole
/// line an error, so ordinary code (a port check through `/dev/tcp`) would
/// be REWORK. Bash opens the file for writing either way, and neither
/// truncates, so the review reads the same target; the length is the
/// same, so every position stays where it was.
fn bash_read_write_as_append(tree: &Tree, source: &str) -> Option<String> {
    if !tree.root_node().has_error() || !source.contains("<>") {
        return None;
    }
    let mut read = source.to_string();
    let mut changed = false;
    for (at, _) in source.match_indices("<>") {
        let Some(node) = tree.root_node().descendant_for_byte_range(at, at + 2) else {
            continue;
        };
        let in_text = std::iter::successors(Some(node), Node::parent)
            .any(|n| BASH_TEXT_NODES.contains(&n.kind()));
        if !in_text {
            read.replace_range(at..at + 2, ">>");
            changed = true;
        }
    }
    changed.then_some(read)
}

/// The first problem in document order: an ERROR or MISSING node, nesting
/// beyond [`MAX_DEPTH`], and for Python code tree-sitter tolerates but
/// CPython refuses (an empty block, a Python 2 `print`/`exec` statement), so
/// the agent gets REWORK before the code runs and fails.
pub fn first_error(walked: &Walked) -> Option<SyntaxError> {
    let parsed = walked.parsed;
    let (lang, src) = (parsed.lang, parsed.source.as_str());
    let python = (lang == Lang::Python).then(|| {
        // Kind ids, not names: a name costs a strlen and a UTF-8 check.
        let language = parsed.tree.language();
        [
            language.id_for_node_kind("block", true),
            language.id_for_node_kind("print_statement", true),
            language.id_for_node_kind("exec_statement", true),
        ]
    });
    if lang == Lang::Python {
        if let Some(err) = foreign_source_encoding(src) {
            return Some(err);
        }
    }
    // In pre-order, so the first problem found is the first in the file.
    for &(node, depth) in &walked.nodes {
        if node.is_error() || node.is_missing() {
            return Some(describe(src, node));
        }
        if let Some(ids) = python {
            if ids.contains(&node.kind_id()) && node.is_named() {
                if let Some(message) = python_problem(node) {
                    return Some(error_at(src, node, message));
                }
            }
        }
        if depth >= MAX_DEPTH {
            return Some(error_at(
                src,
                node,
                format!("nesting deeper than {MAX_DEPTH} levels"),
            ));
        }
    }
    None
}

/// Encodings in which every byte below 0x80 is the ASCII character and
/// every other byte one character of its own, so Python reads the tokens
/// the review read (names as Python's codec lookup normalizes them:
/// lowercase, `-` as `_`): UTF-8, ASCII and the single-byte code pages.
/// Not UTF-7, the `*unicode_escape` codecs, EBCDIC (`cp037`), UTF-16, or
/// the multi-byte ones (`shift_jis`), whose bytes can swallow a quote.
fn ascii_safe_encoding(name: &str) -> bool {
    const NAMES: &[&str] = &[
        "utf_8",
        "utf8",
        "u8",
        "utf",
        "utf_8_sig",
        "cp65001",
        "ascii",
        "us_ascii",
        "646",
        "latin",
        "cp819",
        "8859",
        "iso_ir_100",
    ];
    let number = |rest: &str| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit());
    let code_page = |rest: &str| {
        matches!(
            rest,
            "437"
                | "737"
                | "775"
                | "850"
                | "852"
                | "855"
                | "857"
                | "858"
                | "860"
                | "861"
                | "862"
                | "863"
                | "864"
                | "865"
                | "866"
                | "869"
                | "874"
        ) || (rest.len() == 4 && rest.starts_with("125") && number(rest))
    };
    NAMES.contains(&name)
        || ["iso_8859_", "iso8859_", "latin_", "latin", "l"]
            .iter()
            .any(|prefix| name.strip_prefix(prefix).is_some_and(number))
        || name.strip_prefix("cp").is_some_and(code_page)
        || name.strip_prefix("windows_").is_some_and(code_page)
        || matches!(
            name,
            "koi8_r"
                | "koi8_u"
                | "koi8_t"
                | "mac_roman"
                | "mac_cyrillic"
                | "mac_greek"
                | "mac_latin2"
                | "mac_turkish"
                | "mac_iceland"
        )
}

/// A PEP 263 declaration on line 1 or 2 (`# -*- coding: utf-7 -*-`,
/// `# vim: set fileencoding=...`) of an encoding in which ASCII bytes mean
/// something else: Python decodes the file with it, so `+AAo-` (UTF-7) or
/// `\u000a` (`unicode_escape`) in a comment becomes a line of code the
/// review saw as comment.
fn foreign_source_encoding(src: &str) -> Option<SyntaxError> {
    for (index, line) in src.lines().take(2).enumerate() {
        let Some(comment) = line
            .trim_start_matches([' ', '\t', '\x0c'])
            .strip_prefix('#')
        else {
            continue;
        };
        // PEP 263's `coding[:=]` may follow another "coding" (`decoding`).
        let Some((at, _)) = comment.match_indices("coding").find(|&(at, _)| {
            matches!(
                comment.as_bytes().get(at + "coding".len()),
                Some(b':' | b'=')
            )
        }) else {
            continue;
        };
        let name: String = comment[at + "coding".len() + 1..]
            .trim_start_matches([' ', '\t'])
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
            .collect();
        let normal = name.to_ascii_lowercase().replace('-', "_");
        // CPython's tokenizer reads `utf-8-*` and `latin-1-*` (Emacs's
        // `utf-8-unix`) as the encoding itself.
        let base = ["utf_8_", "latin_1_", "iso_8859_1_"]
            .iter()
            .find(|prefix| normal.starts_with(*prefix) && normal != "utf_8_sig")
            .map_or(normal.as_str(), |prefix| prefix.trim_end_matches('_'));
        if !ascii_safe_encoding(base) {
            return Some(SyntaxError {
                line: index + 1,
                column: 1,
                message: format!(
                    "declares the source encoding `{name}` (PEP 263): Python would decode the file with it, not as the UTF-8 the review read, so what runs could differ from what was reviewed; save the file as UTF-8 and remove the declaration"
                ),
            });
        }
    }
    None
}

fn python_problem(node: Node) -> Option<String> {
    match node.kind() {
        "block" => {
            let mut c = node.walk();
            let empty = !node
                .named_children(&mut c)
                .any(|child| child.kind() != "comment");
            empty.then(|| "expected an indented block".to_string())
        }
        "print_statement" => Some("Python 2 `print` statement; call print()".to_string()),
        "exec_statement" => Some("Python 2 `exec` statement; call exec()".to_string()),
        _ => None,
    }
}

fn describe(src: &str, node: Node) -> SyntaxError {
    if node.is_missing() {
        let what = if node.is_named() {
            node.kind().to_string()
        } else {
            format!("`{}`", node.kind())
        };
        return error_at(src, node, format!("missing {what}"));
    }
    // A nested problem is more precise than the ERROR node around it.
    if let Some(inner) = first_problem_below(node) {
        return describe(src, inner);
    }
    let mut leaves = Vec::new();
    collect_leaves(node, &mut leaves);
    // Brackets explain most ERROR nodes: a stray closer or an unclosed opener.
    let mut open: Vec<(char, Node)> = Vec::new();
    for &leaf in &leaves {
        if leaf.is_named() {
            continue;
        }
        let text = leaf.utf8_text(src.as_bytes()).unwrap_or("");
        for ch in text.trim_start_matches('$').chars() {
            match ch {
                '(' | '[' | '{' => open.push((ch, leaf)),
                ')' | ']' | '}' => {
                    let want = match ch {
                        ')' => '(',
                        ']' => '[',
                        _ => '{',
                    };
                    if open.last().map(|&(c, _)| c) == Some(want) {
                        open.pop();
                    } else {
                        return error_at(src, leaf, format!("unexpected `{ch}`"));
                    }
                }
                _ => {}
            }
        }
    }
    if let Some(&(ch, leaf)) = open.first() {
        return error_at(src, leaf, format!("unclosed `{ch}`"));
    }
    let last = leaves.last().copied().unwrap_or(node);
    let token = snippet(src, last);
    let at_end = src
        .get(node.end_byte()..)
        .is_none_or(|rest| rest.trim().is_empty());
    if at_end && leaves.len() > 1 {
        error_at(
            src,
            last,
            format!("unexpected end of input after `{token}`"),
        )
    } else {
        error_at(src, last, format!("unexpected `{token}`"))
    }
}

/// The first ERROR or MISSING node strictly inside `node`, in pre-order.
fn first_problem_below(node: Node) -> Option<Node> {
    let mut found = None;
    walk(node, &mut |n| {
        if found.is_none() && n.id() != node.id() && (n.is_error() || n.is_missing()) {
            found = Some(n);
        }
    });
    found
}

fn collect_leaves<'t>(node: Node<'t>, out: &mut Vec<Node<'t>>) {
    walk(node, &mut |n| {
        if n.child_count() == 0 {
            out.push(n);
        }
    });
}

pub(crate) fn last_child(node: Node) -> Option<Node> {
    let last = node.child_count().checked_sub(1)?;
    node.child(u32::try_from(last).ok()?)
}

/// A token's text for a message: its first line, at most 32 characters.
fn snippet(src: &str, node: Node) -> String {
    let text = node.utf8_text(src.as_bytes()).unwrap_or("");
    let line = text.lines().next().unwrap_or("");
    let mut out: String = line.chars().take(32).collect();
    if line.chars().count() > 32 {
        out.push('…');
    }
    out
}

fn error_at(src: &str, node: Node, message: String) -> SyntaxError {
    let point = node.start_position();
    let start = node.start_byte();
    let line_start = start.saturating_sub(point.column);
    let column = src
        .get(line_start..start)
        .map_or(point.column, |prefix| prefix.chars().count());
    SyntaxError {
        line: point.row + 1,
        column: column + 1,
        message,
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SegmentKind {
    Comment,
    String,
    Docstring,
}

/// A piece of data text from the source, for the injection scan and the
/// histograms. `line` is 1-based, where the comment or literal starts.
#[derive(Debug, Clone, Serialize)]
pub struct Segment {
    pub kind: SegmentKind,
    pub line: usize,
    pub text: String,
}

/// Every comment, string/bytes literal (f-string and template literal text
/// parts, embedded expressions left out) and Python docstring, in document
/// order, then each string the program joins from literals (`joined`, from
/// [`joined_literals`]) as one more string: text cut into literals of a few
/// words each is read whole as well as piece by piece. Texts are raw source
/// (escapes not decoded); comments keep their markers.
pub fn segments(walked: &Walked, joined: &[Joined]) -> Vec<Segment> {
    let parsed = walked.parsed;
    let src = parsed.source.as_str();
    let docstrings = if parsed.lang == Lang::Python {
        python_docstring_ids(walked)
    } else {
        HashSet::new()
    };
    let mut out = Vec::new();
    for node in walked.nodes() {
        // Anonymous tokens share kinds with nodes (TypeScript's `string` type).
        if !node.is_named() {
            continue;
        }
        let segment = match (parsed.lang, kind_name(parsed.lang, node)) {
            (_, "comment") | (Lang::JavaScript | Lang::TypeScript, "hash_bang_line") => {
                Some((SegmentKind::Comment, text(src, node).to_string()))
            }
            (Lang::JavaScript | Lang::TypeScript, "jsx_text") => {
                let t = text(src, node).trim();
                (!t.is_empty()).then(|| (SegmentKind::String, t.to_string()))
            }
            (Lang::Bash, "heredoc_body") => Some((
                SegmentKind::String,
                literal_content(src, node, 0, 0, BASH_EXPANSIONS),
            )),
            (lang, kind) if is_string_literal(lang, kind) => {
                let kind = if docstrings.contains(&node.id()) {
                    SegmentKind::Docstring
                } else {
                    SegmentKind::String
                };
                Some((kind, string_literal(lang, src, node)))
            }
            _ => None,
        };
        if let Some((kind, text)) = segment {
            out.push(Segment {
                kind,
                line: node.start_position().row + 1,
                text,
            });
        }
    }
    out.extend(joined.iter().map(|j| Segment {
        kind: SegmentKind::String,
        line: j.line,
        text: j.text.clone(),
    }));
    out
}

/// Whether a node of `kind` is a string literal of `lang` (whose text
/// [`string_literal`] reads).
fn is_string_literal(lang: Lang, kind: &str) -> bool {
    match lang {
        Lang::Python => kind == "string",
        Lang::JavaScript | Lang::TypeScript => matches!(kind, "string" | "template_string"),
        Lang::Bash => matches!(kind, "string" | "raw_string" | "ansi_c_string"),
    }
}

/// The text inside a string literal (see [`is_string_literal`]), embedded
/// expressions read as one space.
fn string_literal(lang: Lang, src: &str, node: Node) -> String {
    match (lang, node.kind()) {
        (Lang::Python, _) => literal_content(src, node, 1, 1, &["interpolation"]),
        (Lang::JavaScript | Lang::TypeScript, _) => {
            literal_content(src, node, 1, 1, &["template_substitution"])
        }
        (Lang::Bash, "raw_string") => strip(src, node, 1, 1),
        (Lang::Bash, "ansi_c_string") => strip(src, node, 2, 1),
        (Lang::Bash, _) => literal_content(src, node, 1, 1, BASH_EXPANSIONS),
    }
}

/// A string the program builds from literals written apart: `"a" + "b"`,
/// Python's `"a" "b"`, `"".join(["a", "b"])`, `["a", "b"].join("")`,
/// Bash's `'a'"b"`. `line` is 1-based, where the first piece starts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Joined {
    pub line: usize,
    pub text: String,
}

/// Every string the program joins from two or more literals, joined as it
/// would be, so that text cut into pieces (base64 that no piece decodes
/// alone, a word split across two literals) is read whole. An operand that
/// is not a literal ends a run: `"a" + x + "b"` joins nothing. Each
/// chain of joins is read once, from its outermost node; an expression
/// inside an operand (`f("a" "b") + x`) is read on its own.
pub fn joined_literals(walked: &Walked) -> Vec<Joined> {
    let kinds = JoinKinds::of(walked.parsed.lang);
    let src = walked.parsed.source.as_str();
    let mut out = Vec::new();
    // The links of the chains read so far: each chain is read from its
    // outermost link, with all of its links.
    let mut read = HashSet::new();
    // Each literal is a piece of one join at most, so the pieces add up to
    // less than the file; separators repeat, so they may add as much again
    // and no more (a long separator between many elements would otherwise
    // make a gigabyte of a hundred kilobytes). Past that, pieces join with
    // none: the raw text still reads a separator between words, and base64
    // and split words join with none anyway.
    let mut separators_left = src.len();
    for node in walked.nodes() {
        // Most nodes are none of these: one comparison of ids each.
        let kind = node.kind_id();
        if kind == 0 || !kinds.candidates.contains(&kind) {
            continue;
        }
        let link = kinds.is_link(node);
        if link && read.contains(&node.id()) {
            continue;
        }
        let mut pieces = Vec::new();
        let mut separator = String::new();
        if link {
            kinds.chain_pieces(src, node, &mut pieces, &mut read);
        } else if let Some(elements) = kinds.joined_list(src, node, &mut separator) {
            for element in elements {
                kinds.chain_pieces(src, element, &mut pieces, &mut read);
            }
        } else {
            continue;
        }
        for run in pieces.split(Option::is_none) {
            if run.len() < 2 {
                continue;
            }
            let line = run.first().and_then(|p| p.as_ref()).map_or(0, |p| p.0);
            let mut text = String::new();
            for (i, (_, piece)) in run.iter().flatten().enumerate() {
                if i > 0 && separator.len() <= separators_left {
                    separators_left -= separator.len();
                    text.push_str(&separator);
                }
                text.push_str(piece);
            }
            out.push(Joined { line, text });
        }
    }
    out
}

/// The node kinds joins are made of, by id: every node is looked at, and a
/// kind's name costs a C string's length and UTF-8 check each time.
struct JoinKinds {
    lang: Lang,
    /// Nodes that join all they hold: Python's adjacent literals, Bash's
    /// adjacent words (0 in JavaScript).
    adjacent: u16,
    /// Parentheses, read through inside a chain (0 in Bash). A chain is
    /// never read from them: what they hold is read on its own, and most
    /// of them (every `if (...)` in JavaScript) hold no string at all.
    parentheses: u16,
    /// Binary operators, which join when theirs is `+`.
    binary: u16,
    /// A call, a member of an object, and the lists a `join` call joins.
    call: u16,
    member: u16,
    lists: [u16; 2],
    /// String literals (see [`is_string_literal`]), and Bash's bare words.
    strings: [u16; 3],
    word: u16,
    comment: u16,
    /// The kinds a join starts at: `adjacent`, `binary` and `call`.
    candidates: [u16; 3],
}

impl JoinKinds {
    /// The kinds of `lang`, found once per process and language (a name's
    /// id is a search of the grammar's symbol names).
    fn of(lang: Lang) -> &'static JoinKinds {
        static KINDS: [std::sync::OnceLock<JoinKinds>; Lang::COUNT] =
            [const { std::sync::OnceLock::new() }; Lang::COUNT];
        KINDS[lang.index()].get_or_init(|| JoinKinds::new(lang))
    }

    fn new(lang: Lang) -> JoinKinds {
        let language = language(lang);
        // 0 (no such kind) is the end-of-input symbol, never a node here.
        let id = |name: &str| language.id_for_node_kind(name, true);
        let (adjacent, parentheses, binary, call, member, lists, strings, word) = match lang {
            Lang::Python => (
                "concatenated_string",
                "parenthesized_expression",
                "binary_operator",
                "call",
                "attribute",
                ["list", "tuple"],
                ["string", "string", "string"],
                "",
            ),
            Lang::JavaScript | Lang::TypeScript => (
                "",
                "parenthesized_expression",
                "binary_expression",
                "call_expression",
                "member_expression",
                ["array", "array"],
                ["string", "template_string", "template_string"],
                "",
            ),
            Lang::Bash => (
                "concatenation",
                "",
                "",
                "",
                "",
                ["", ""],
                ["string", "raw_string", "ansi_c_string"],
                "word",
            ),
        };
        JoinKinds {
            lang,
            adjacent: id(adjacent),
            parentheses: id(parentheses),
            binary: id(binary),
            call: id(call),
            candidates: [id(adjacent), id(binary), id(call)],
            member: id(member),
            lists: lists.map(id),
            strings: strings.map(id),
            word: id(word),
            comment: id("comment"),
        }
    }

    /// Whether `node` joins what it holds into one string.
    fn is_link(&self, node: Node) -> bool {
        let kind = node.kind_id();
        kind != 0
            && (kind == self.adjacent
                || kind == self.parentheses
                || (kind == self.binary
                    && node.child_by_field_name("operator").map(|o| o.kind()) == Some("+")))
    }

    /// The operands of the chain at `node` in order, each a literal's line
    /// and text or None (an operand that is not a literal), with the chain's
    /// links added to `links`. Iterative: a chain can be as long as the
    /// file.
    fn chain_pieces(
        &self,
        src: &str,
        node: Node,
        out: &mut Vec<Option<(usize, String)>>,
        links: &mut HashSet<usize>,
    ) {
        let mut stack = vec![node];
        while let Some(node) = stack.pop() {
            let kind = node.kind_id();
            let line = node.start_position().row + 1;
            if self.is_link(node) {
                links.insert(node.id());
                let mut c = node.walk();
                let operands: Vec<Node> = node
                    .named_children(&mut c)
                    .filter(|n| n.kind_id() != self.comment)
                    .collect();
                stack.extend(operands.into_iter().rev());
            } else if kind != 0 && self.strings.contains(&kind) {
                out.push(Some((line, string_literal(self.lang, src, node))));
            } else if kind != 0 && kind == self.word {
                out.push(Some((line, text(src, node).to_string())));
            } else {
                out.push(None);
            }
        }
    }

    /// The elements of a list of literals joined into one string, with the
    /// separator they are joined by left in `separator`: Python's
    /// `"sep".join([...])` (or a tuple), JavaScript's `[...].join("sep")` (a
    /// comma when none is given).
    fn joined_list<'t>(
        &self,
        src: &str,
        node: Node<'t>,
        separator: &mut String,
    ) -> Option<Vec<Node<'t>>> {
        let python = self.lang == Lang::Python;
        // The callee is the first child, its member name the last.
        let function = node.child(0)?;
        if node.kind_id() != self.call || function.kind_id() != self.member {
            return None;
        }
        if last_child(function).map(|name| text(src, name)) != Some("join") {
            return None;
        }
        let object = function.child_by_field_name("object")?;
        let arguments = node.child_by_field_name("arguments")?;
        let mut c = arguments.walk();
        let arguments: Vec<Node> = arguments.named_children(&mut c).collect();
        let (elements, sep) = if python {
            (*arguments.first()?, Some(object))
        } else {
            (object, arguments.first().copied())
        };
        if arguments.len() > 1 || !self.lists.contains(&elements.kind_id()) {
            return None;
        }
        *separator = match sep {
            Some(sep) if sep.kind_id() == self.strings[0] => string_literal(self.lang, src, sep),
            Some(_) => return None,
            None => ",".to_string(),
        };
        let mut c = elements.walk();
        let elements = elements
            .named_children(&mut c)
            .filter(|n| n.kind_id() != self.comment)
            .collect();
        Some(elements)
    }
}

pub(crate) const BASH_EXPANSIONS: &[&str] = &[
    "simple_expansion",
    "expansion",
    "command_substitution",
    "arithmetic_expansion",
    "process_substitution",
];

/// Pre-order visit of every node, iteratively (no recursion on deep trees).
pub(crate) fn walk<'t>(root: Node<'t>, visit: &mut impl FnMut(Node<'t>)) {
    let mut cursor = root.walk();
    loop {
        visit(cursor.node());
        if cursor.goto_first_child() {
            continue;
        }
        loop {
            if cursor.goto_next_sibling() {
                break;
            }
            if !cursor.goto_parent() {
                return;
            }
        }
    }
}

pub(crate) fn text<'s>(src: &'s str, node: Node) -> &'s str {
    src.get(node.byte_range()).unwrap_or("")
}

/// `node.kind()` from a table of `lang`'s kind names: `kind()` reads the
/// name as a C string, a strlen and a UTF-8 check on every call, and the
/// walks that look at every node call it once a node.
pub(crate) fn kind_name(lang: Lang, node: Node) -> &'static str {
    static NAMES: [std::sync::OnceLock<Vec<&'static str>>; Lang::COUNT] =
        [const { std::sync::OnceLock::new() }; Lang::COUNT];
    let names = NAMES[lang.index()].get_or_init(|| {
        let language = language(lang);
        (0..language.node_kind_count())
            .map(|id| {
                u16::try_from(id)
                    .ok()
                    .and_then(|id| language.node_kind_for_id(id))
                    .unwrap_or("")
            })
            .collect()
    });
    // ERROR (65535) and other ids past the table: the slow way.
    names
        .get(usize::from(node.kind_id()))
        .copied()
        .unwrap_or_else(|| node.kind())
}

fn strip(src: &str, node: Node, open: usize, close: usize) -> String {
    let t = text(src, node);
    t.get(open..t.len().saturating_sub(close))
        .unwrap_or("")
        .to_string()
}

/// The text inside a literal: between its first and last child (the
/// delimiters; Python's `string_start` carries the prefix) or, for a leaf,
/// `open`/`close` bytes in; embedded expressions become one space.
pub(crate) fn literal_content(
    src: &str,
    node: Node,
    open: usize,
    close: usize,
    embedded: &[&str],
) -> String {
    let count = node.child_count();
    let (mut from, to) = if count >= 2 && open > 0 {
        let first = node.child(0).map_or(node.start_byte(), |c| c.end_byte());
        let last = last_child(node).map_or(node.end_byte(), |c| c.start_byte());
        (first, last)
    } else {
        (
            node.start_byte() + open,
            node.end_byte().saturating_sub(close),
        )
    };
    // Embedded code opens with a brace, a dollar, a backtick or `<(`/`>(`
    // (`{x}`, `${x}`, `$HOME`, `` `cmd` ``, `<(cmd)`): without one, the
    // children need not be walked.
    let text = src.get(from..to).unwrap_or("");
    if !text.contains(['{', '$', '`']) && !text.contains("<(") && !text.contains(">(") {
        return text.to_string();
    }
    let mut out = String::new();
    let mut c = node.walk();
    for child in node.children(&mut c) {
        if embedded.contains(&child.kind()) && child.start_byte() >= from {
            out.push_str(src.get(from..child.start_byte()).unwrap_or(""));
            out.push(' ');
            from = child.end_byte();
        }
    }
    if from < to {
        out.push_str(src.get(from..to).unwrap_or(""));
    }
    out
}

/// Node ids of the `string` nodes that are Python docstrings.
fn python_docstring_ids(walked: &Walked) -> HashSet<usize> {
    let mut ids = HashSet::new();
    for node in walked.nodes() {
        let body = match kind_name(Lang::Python, node) {
            "module" => Some(node),
            "function_definition" | "class_definition" => node.child_by_field_name("body"),
            _ => None,
        };
        if let Some(stmt) = body.and_then(python_docstring) {
            let mut c = stmt.walk();
            for child in stmt.named_children(&mut c) {
                if child.kind() == "string" {
                    ids.insert(child.id());
                } else {
                    let mut c2 = child.walk();
                    for part in child.named_children(&mut c2) {
                        ids.insert(part.id());
                    }
                }
            }
        }
    }
    ids
}

/// The docstring statement of a module or a function/class body: the first
/// statement, if it is a plain string expression (an f-string is not a
/// docstring in Python, and may run code).
pub(crate) fn python_docstring(body: Node) -> Option<Node> {
    let mut c = body.walk();
    let first = body
        .named_children(&mut c)
        .find(|n| n.kind() != "comment")?;
    if first.kind() != "expression_statement" || first.named_child_count() != 1 {
        return None;
    }
    let expr = first.named_child(0)?;
    let plain = |s: Node| {
        let mut c = s.walk();
        s.kind() == "string" && !s.children(&mut c).any(|p| p.kind() == "interpolation")
    };
    let ok = match expr.kind() {
        "string" => plain(expr),
        "concatenated_string" => {
            let mut c = expr.walk();
            let all = expr.named_children(&mut c).all(plain);
            all
        }
        _ => false,
    };
    ok.then_some(first)
}

/// One import. `module` is as written (Python relative imports keep their
/// dots). `names` are the names taken from the module as the module calls
/// them (aliases not included); in JS/TS a default import is `default` and a
/// namespace import or `export *` is `*`. `star` is only Python's
/// `from m import *`.
#[derive(Debug, Clone, Serialize)]
pub struct Import {
    pub module: String,
    pub names: Vec<String>,
    pub star: bool,
    pub line: usize,
}

/// Every import, in document order. Python: `import`, `from … import`, and
/// `__import__("m")` / `import_module("m")` with a literal (the same thing
/// by another road). JS/TS: `import … from "m"`, `import "m"`,
/// `export … from "m"`, `import x = require("m")`, and `require("m")` /
/// `x.require("m")` / `import("m")` with a literal. Bash: none.
pub fn imports(walked: &Walked) -> Vec<Import> {
    let src = walked.parsed.source.as_str();
    let mut out = Vec::new();
    match walked.parsed.lang {
        Lang::Python => walked.nodes().for_each(|n| python_import(src, n, &mut out)),
        Lang::JavaScript | Lang::TypeScript => {
            walked
                .nodes()
                .for_each(|n| js_import(walked.parsed.lang, src, n, &mut out));
        }
        Lang::Bash => {}
    }
    out
}

fn line_of(node: Node) -> usize {
    node.start_position().row + 1
}

fn python_import(src: &str, node: Node, out: &mut Vec<Import>) {
    let without_space = |n: Node| text(src, n).split_whitespace().collect::<String>();
    match kind_name(Lang::Python, node) {
        "import_statement" => {
            let mut c = node.walk();
            for name in node.children_by_field_name("name", &mut c) {
                let module = if name.kind() == "aliased_import" {
                    name.child_by_field_name("name")
                        .map(without_space)
                        .unwrap_or_default()
                } else {
                    without_space(name)
                };
                out.push(Import {
                    module,
                    names: Vec::new(),
                    star: false,
                    line: line_of(node),
                });
            }
        }
        "import_from_statement" | "future_import_statement" => {
            let module = node
                .child_by_field_name("module_name")
                .map_or_else(|| "__future__".to_string(), without_space);
            let mut names = Vec::new();
            let mut c = node.walk();
            for name in node.children_by_field_name("name", &mut c) {
                let n = if name.kind() == "aliased_import" {
                    name.child_by_field_name("name")
                } else {
                    Some(name)
                };
                if let Some(n) = n {
                    names.push(without_space(n));
                }
            }
            let mut c = node.walk();
            let star = node
                .children(&mut c)
                .any(|ch| ch.kind() == "wildcard_import");
            out.push(Import {
                module,
                names,
                star,
                line: line_of(node),
            });
        }
        "call" => {
            if let Some(module) = python_dynamic_import(src, node) {
                out.push(Import {
                    module: module.to_string(),
                    names: Vec::new(),
                    star: false,
                    line: line_of(node),
                });
            }
        }
        _ => {}
    }
}

/// `__import__("m")` or `importlib.import_module("m")` (under any name or
/// object: `builtins.__import__`, `il.import_module`): the literal module.
pub(crate) fn python_dynamic_import<'s>(src: &'s str, call: Node) -> Option<&'s str> {
    let func = call.child_by_field_name("function")?;
    let name = match func.kind() {
        "identifier" => func,
        "attribute" => func.child_by_field_name("attribute")?,
        _ => return None,
    };
    if !matches!(text(src, name), "__import__" | "import_module") {
        return None;
    }
    let arg = python_first_arg(call)?;
    python_plain_string(src, arg)
}

pub(crate) fn python_first_arg(call: Node) -> Option<Node> {
    let args = call.child_by_field_name("arguments")?;
    if args.kind() != "argument_list" {
        return None;
    }
    args.named_child(0)
}

/// The content of a Python string literal without interpolation or prefix
/// letters other than none at all (a plain `"m"` or `'m'`).
pub(crate) fn python_plain_string<'s>(src: &'s str, node: Node) -> Option<&'s str> {
    if node.kind() != "string" || node.child_count() > 3 {
        return None;
    }
    let start = node.child(0)?;
    let end = last_child(node)?;
    let start_text = text(src, start);
    if !(start_text == "\"" || start_text == "'") {
        return None;
    }
    src.get(start.end_byte()..end.start_byte())
}

fn js_import(lang: Lang, src: &str, node: Node, out: &mut Vec<Import>) {
    match kind_name(lang, node) {
        "import_statement" | "export_statement" => {
            let Some(source) = node.child_by_field_name("source") else {
                // `import x = require("m")` keeps its source one level down.
                let mut c = node.walk();
                let clause = node
                    .named_children(&mut c)
                    .find(|n| n.kind() == "import_require_clause");
                if let Some(module) = clause
                    .and_then(|cl| cl.child_by_field_name("source"))
                    .and_then(|s| js_plain_string(src, s))
                {
                    out.push(Import {
                        module: module.to_string(),
                        names: Vec::new(),
                        star: false,
                        line: line_of(node),
                    });
                }
                return;
            };
            let Some(module) = js_plain_string(src, source) else {
                return;
            };
            let mut names = Vec::new();
            let mut c = node.walk();
            for child in node.children(&mut c) {
                match child.kind() {
                    "import_clause" => js_import_clause_names(src, child, &mut names),
                    "export_clause" => js_specifier_names(src, child, &mut names),
                    "*" | "namespace_export" => names.push("*".to_string()),
                    _ => {}
                }
            }
            out.push(Import {
                module: module.to_string(),
                names,
                star: false,
                line: line_of(node),
            });
        }
        "call_expression" => {
            if let Some(module) = js_require_or_import(src, node) {
                out.push(Import {
                    module: module.to_string(),
                    names: Vec::new(),
                    star: false,
                    line: line_of(node),
                });
            }
        }
        _ => {}
    }
}

fn js_import_clause_names(src: &str, clause: Node, names: &mut Vec<String>) {
    let mut c = clause.walk();
    for child in clause.named_children(&mut c) {
        match child.kind() {
            "identifier" => names.push("default".to_string()),
            "namespace_import" => names.push("*".to_string()),
            "named_imports" => js_specifier_names(src, child, names),
            _ => {}
        }
    }
}

fn js_specifier_names(src: &str, list: Node, names: &mut Vec<String>) {
    let mut c = list.walk();
    for spec in list.named_children(&mut c) {
        if let Some(name) = spec.child_by_field_name("name") {
            let n = js_plain_string(src, name).unwrap_or_else(|| text(src, name));
            names.push(n.to_string());
        }
    }
}

/// Methods that load a module named by their argument: `x.require("m")`
/// (`module.require`, `process.mainModule.require`) and Node's
/// `process.getBuiltinModule("m")`, the same loader reached another way.
pub(crate) const JS_LOADER_METHODS: &[&str] = &["require", "getBuiltinModule"];

/// `require("m")` or `import("m")` with a literal: the module. Also the
/// [`JS_LOADER_METHODS`] (`x.require("m")`, `process.getBuiltinModule("m")`).
pub(crate) fn js_require_or_import<'s>(src: &'s str, call: Node) -> Option<&'s str> {
    let func = call.child_by_field_name("function")?;
    let is_loader = match func.kind() {
        "import" => true,
        "identifier" => text(src, func) == "require",
        "member_expression" => func
            .child_by_field_name("property")
            .is_some_and(|p| JS_LOADER_METHODS.contains(&text(src, p))),
        _ => false,
    };
    if !is_loader {
        return None;
    }
    let args = call.child_by_field_name("arguments")?;
    js_plain_string(src, args.named_child(0)?)
}

/// The content of a JS string, or of a template literal without
/// substitutions; None for anything else.
pub(crate) fn js_plain_string<'s>(src: &'s str, node: Node) -> Option<&'s str> {
    match node.kind() {
        "string" => {}
        "template_string" => {
            let mut c = node.walk();
            if node
                .children(&mut c)
                .any(|ch| ch.kind() == "template_substitution")
            {
                return None;
            }
        }
        _ => return None,
    }
    let t = text(src, node);
    t.get(1..t.len().saturating_sub(1))
}

#[cfg(test)]
#[path = "parse_tests.rs"]
mod tests;
