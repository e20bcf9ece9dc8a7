//! Deletions in bulk, by the shape of the code rather than by the service:
//! a loop over what a listing call returned (`list_tables()`,
//! `ListBucketsCommand`, `list_namespace()`, an HTTP collection read with
//! `.json()`) whose body deletes (`delete_table`, `DeleteBucketCommand`,
//! `begin_delete`, `drop_database`, an HTTP `DELETE`), and an HTTP
//! `DELETE` of every index at once (`/_all`, `/*`). Whatever the SDK,
//! "delete each thing the account has" is sabotage more often than a task
//! an agent was given: a human decides.
//!
//! The code read is the sanitized code (names renamed, literals as
//! `Sn` placeholders, attribute names kept). Loops are found by
//! indentation, which Python requires and JavaScript's formatters give.

use super::builtin::Severity;
use super::literals::LiteralFinding;

pub(super) const EACH_LISTED: &str = "deletes every resource a listing returned (tables, buckets, namespaces, databases, repositories): a bulk deletion a human decides";
pub(super) const EVERYTHING: &str =
    "deletes every index or resource at once (an HTTP DELETE of `/_all` or `/*`, a CLI's `delete --all`): a human decides";

/// The findings of this module in `code`, Python's or JavaScript's.
pub(super) fn findings(code: &str, literals: &[String], python: bool) -> Vec<LiteralFinding> {
    let mut out = Vec::new();
    // Names bound to a listing's result (`tables = ddb.list_tables()`).
    let mut listed: Vec<&str> = Vec::new();
    // The loops over a listing that enclose the line, and the function.
    let mut blocks = Blocks::default();
    // Clients made for a local emulator (DynamoDB Local, LocalStack, a
    // test container): `boto3.client(..., endpoint_url="http://localhost:...")`.
    let mut local: Vec<&str> = Vec::new();
    // Functions whose body lists (a generator paging through a listing),
    // and the one being read with its indentation.
    let mut listing_functions: Vec<&str> = Vec::new();
    // Functions whose body deletes.
    let mut deleting_functions: Vec<&str> = Vec::new();
    // The functions defined so far, read for what they open when a loop
    // over a listing calls one (`await publicLink(f.path)`).
    let lines: Vec<&str> = code.lines().collect();
    let mut functions = Functions::default();
    // The indentation of each enclosing loop whose items a pattern's
    // guard picked (`if not CI.match(i.name): continue`).
    let mut narrowed: Vec<usize> = Vec::new();
    // Names bound to a literal alone (`UPSERT = """mutation ..."""`), read
    // as it where a loop's request names them.
    // (Read only where a listed loop acts: most programs have none.)
    let named = std::cell::OnceCell::new();
    for (index, line) in code.lines().enumerate() {
        let Some((text, indent)) = blocks.enter(line) else {
            continue;
        };
        // The loops whose items past a pattern's guard are what it picked.
        narrowed.retain(|at| blocks.loops.contains(at));
        if let Some(&innermost) = blocks.loops.last() {
            if skips_unmatched(text, lines.get(index + 1).copied()) {
                narrowed.push(innermost);
            }
        }
        let picked = !narrowed.is_empty();
        // A listing narrowed by the caller (`q: "app_metadata.seeded:true"`,
        // `Prefix=`, a label selector) returns what the program marked as
        // its own, not everything.
        // The line's calls, read once: methods (`a.list_tables(`) and all
        // (with plain calls, `prune(`).
        let (methods, calls): (Vec<&str>, Vec<&str>) = if text.contains('(') {
            (called(text).collect(), called_anywhere(text).collect())
        } else {
            (Vec::new(), Vec::new())
        };
        // (A helper that lists, called to delete, deletes: `api("/files/
        // batch/deleteByFileIds", { ... ids.map(...) })`.)
        let helper_deletes = || deletes_with(text, &methods, &calls, literals);
        let lists = ((has_listing(text, &methods) || lists_at_loop_head(text, python, &methods))
            && !filtered(text))
            || (placeholders(text, literals).any(lists_catalog) && runs_sql(text))
            || (calls.iter().any(|name| listing_functions.contains(name)) && !helper_deletes());
        let over_listed = lists || listed.iter().any(|name| has_word(text, name));
        if lists {
            if let Some((name, _)) = blocks.function {
                listing_functions.push(name);
            }
        }
        // A loopback URL, or a name bound from one (`URL = "http://127..."`
        // then `client = QdrantClient(url=URL)`).
        if placeholders(text, literals).any(is_loopback_url)
            || local.iter().any(|name| has_word(text, name))
        {
            local.extend(bound_names(text));
        }
        let deletes_here = deletes_with(text, &methods, &calls, literals)
            && !local.iter().any(|name| has_word(text, name));
        if deletes_here {
            if let Some((name, _)) = blocks.function {
                deleting_functions.push(name);
            }
        }
        // A call of a function whose body deletes (`await prune(repo)`).
        let deletes = deletes_here || calls.iter().any(|name| deleting_functions.contains(name));
        let loop_head = is_loop_head(text, python, &methods);
        // In a loop over a listing (a comprehension, `.map(...)` or `for`
        // whose body is on this line too), or a batch deletion given what a
        // listing returned (`BatchDeleteImageCommand({ imageIds })`).
        let batch = || {
            methods.iter().any(|name| {
                let lower = name.to_ascii_lowercase();
                lower.contains("batch")
                    || lower.contains("bulk")
                    || lower.contains("many")
                    || lower == "delete_objects"
                    || lower == "deleteobjects"
            })
        };
        if deletes
            && !picked
            && (!blocks.loops.is_empty() || (over_listed && (loop_head || batch())))
        {
            out.push(finding(index + 1, "deletes-each-listed", EACH_LISTED));
        } else if deletes && deletes_everything(text, literals) {
            out.push(finding(index + 1, "deletes-everything", EVERYTHING));
        } else if (!blocks.loops.is_empty() || (over_listed && loop_head))
            && (super::switch_off::opens_or_switches_off(
                &with_named(text, named.get_or_init(|| named_literals(code))),
                literals,
            ) || calls
                .iter()
                .any(|name| functions.opens(name, &lines, literals)))
        {
            out.push(LiteralFinding::at(
                index + 1,
                super::switch_off::OPENS_EACH_LISTED,
            ));
        }
        // A maintenance window, downtime or silence over everything a
        // listing returned: every service's alerting muted.
        let mutes = placeholders(text, literals).any(|value| {
            let path = value
                .split('?')
                .next()
                .unwrap_or(value)
                .trim_end_matches('/');
            MUTE_ENDPOINTS.iter().any(|end| path.ends_with(end))
        });
        if mutes {
            let request: Vec<&str> = code.lines().skip(index).take(8).collect();
            if request
                .iter()
                .any(|line| listed.iter().any(|name| has_word(line, name)))
            {
                out.push(LiteralFinding {
                    line: index + 1,
                    severity: Severity::Major,
                    id: "disables-monitoring",
                    message: super::cloud::DISABLES_MONITORING,
                });
            }
        }
        // (What a name pattern picked out of a listing is the program's own:
        // `[c for c in items if c.name.startswith("scratch-")]`.)
        // (Read only where a listing is: most lines are not.)
        let picked_here =
            over_listed && picked_by_pattern(text, code.lines().skip(index + 1).take(4));
        if loop_head && over_listed && !picked_here {
            blocks.loops.push(indent);
            listed.extend(loop_variables(text));
        }
        // A listing's result, or what is made from it (`keep = [d for d
        // in listed if ...]`, `names.push(d)`).
        // (Not what a name pattern picked out of it: `if (/^pr-\d+$/.test(
        // t.name)) stale.push(t)`, a `.filter(` whose predicate tests one.)
        if over_listed && !picked && !picked_here {
            listed.extend(bound_names(text));
            listed.extend(collected_into(text));
        }
        if let Some(name) = defined_function(text) {
            blocks.function = Some((name, indent));
            functions.defined.push((name, index, indent));
        }
    }
    out
}

/// The names sanitized `code` binds to one literal alone (`a = "S1"`,
/// `const Q = `S4`;`, a triple-quoted text's first line), each with its
/// placeholder.
fn named_literals(code: &str) -> Vec<(&str, &str)> {
    code.lines()
        .filter_map(|line| {
            let text = line.trim_start();
            let (_, value) = text.split_once(" = ")?;
            let value = value
                .trim_end_matches([';', ' '])
                .trim_matches(['"', '\'', '`']);
            let digits = value.strip_prefix('S')?;
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            let names = bound_names(text);
            (names.len() == 1).then(|| (names[0], value))
        })
        .collect()
}

/// `text` with each name of `named` it uses replaced by its placeholder.
fn with_named<'a>(text: &'a str, named: &[(&str, &str)]) -> std::borrow::Cow<'a, str> {
    let used: Vec<&(&str, &str)> = named
        .iter()
        .filter(|(name, _)| has_word(text, name))
        .collect();
    if used.is_empty() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = text.to_string();
    for (name, placeholder) in used {
        // (Not an attribute of the same name: `q.b`.)
        let positions: Vec<usize> = word_positions(&out, name)
            .filter(|&at| !out[..at].ends_with('.'))
            .collect();
        for at in positions.into_iter().rev() {
            out.replace_range(at..at + name.len(), placeholder);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The functions a program defined: where, and whether each body read
/// opens or switches off.
#[derive(Default)]
struct Functions<'a> {
    /// Each function's name, its definition's line index and indentation.
    defined: Vec<(&'a str, usize, usize)>,
    /// The answers found so far.
    opening: Vec<(&'a str, bool)>,
}

impl<'a> Functions<'a> {
    /// Whether the body of the function `name` has a line that opens or
    /// switches off (read once, on the first call).
    fn opens(&mut self, name: &'a str, lines: &[&str], literals: &[String]) -> bool {
        if let Some(&(_, known)) = self.opening.iter().find(|(n, _)| *n == name) {
            return known;
        }
        let Some(&(_, start, indent)) = self.defined.iter().rev().find(|(n, ..)| *n == name) else {
            return false;
        };
        let body = lines[start + 1..].iter().take_while(|line| {
            let text = line.trim_start();
            text.is_empty() || text.starts_with(['}', ')', ']']) || line.len() - text.len() > indent
        });
        let opens = body
            .into_iter()
            .any(|line| super::switch_off::opens_or_switches_off(line.trim_start(), literals));
        self.opening.push((name, opens));
        opens
    }
}

/// The blocks enclosing a line of sanitized Python or JavaScript, found by
/// indentation: the loops the caller entered and the function being read.
#[derive(Default)]
pub(super) struct Blocks<'a> {
    /// The indentation of each enclosing loop the caller pushed.
    pub(super) loops: Vec<usize>,
    /// The function being read, with its indentation.
    pub(super) function: Option<(&'a str, usize)>,
}

impl<'a> Blocks<'a> {
    /// `line` without its indentation, and that indentation, once the
    /// blocks it is not inside are left; none for a blank line or one
    /// that starts by closing a bracket.
    pub(super) fn enter(&mut self, line: &'a str) -> Option<(&'a str, usize)> {
        let text = line.trim_start();
        if text.is_empty() || text.starts_with(['}', ')', ']']) {
            return None;
        }
        let indent = line.len() - text.len();
        self.loops.retain(|&outer| outer < indent);
        if self.function.is_some_and(|(_, at)| indent <= at) {
            self.function = None;
        }
        Some((text, indent))
    }
}

/// REST paths that mute alerting: PagerDuty's maintenance windows,
/// Datadog's downtimes, Alertmanager's and Grafana's silences, New Relic's
/// muting rules, Opsgenie's maintenance.
const MUTE_ENDPOINTS: &[&str] = &[
    "/maintenance_windows",
    "/maintenance",
    "/downtime",
    "/downtimes",
    "/silences",
    "/muting_rules",
    "/mute",
];

/// Whether `text`, which binds or collects what a listing returned, keeps
/// only what a name pattern matches: a test, not negated, on its line
/// (`.test(`, `startsWith(`, `re.match(`, `fnmatch(`), or in the predicate of a
/// `.filter(` or comprehension it opens on the lines after (`next`).
fn picked_by_pattern<'a>(text: &str, next: impl Iterator<Item = &'a str>) -> bool {
    let tests = |line: &str| {
        pattern_tests(line).next().is_some() && pattern_tests(line).all(|negated| !negated)
    };
    tests(text)
        || ((text.contains(".filter(") || text.trim_end().ends_with('['))
            && text.trim_end().ends_with(['{', '[', '('])
            && next.into_iter().any(tests))
}

/// Whether `text`, in a loop, skips the items a name pattern does not
/// match (`if not CI.match(i.name): continue`, `if (!/^pr-/.test(t))
/// continue;`), the `continue` on it or on the line after (`next`): what
/// the loop keeps after it is what the pattern picked.
fn skips_unmatched(text: &str, next: Option<&str>) -> bool {
    pattern_tests(text).any(|negated| negated)
        && (text.contains("continue")
            || next.is_some_and(|line| line.trim_start().starts_with("continue")))
}

/// Each pattern test on `line`, and whether it is negated, so that it
/// keeps everything else (`!/^keep-/.test(n)`, `not x.startswith(...)`):
/// a `!` or `not` right before the test's receiver, not elsewhere on the
/// line (`!s.published && PREVIEW.test(s.slug)` tests, not negated).
fn pattern_tests(line: &str) -> impl Iterator<Item = bool> + '_ {
    PATTERN_TESTS.iter().flat_map(move |test| {
        line.match_indices(test).map(move |(at, _)| {
            let before = &line[..at];
            // A regex literal (`/^(pr|ci)-/.test(`) is the receiver whole;
            // otherwise it starts after the last mark no name holds.
            let start = match before.strip_suffix('/') {
                Some(inside) => inside.rfind('/').unwrap_or(0),
                None => before
                    .rfind([' ', '(', '&', '|', ',', '{', ';', '='])
                    .map_or(0, |i| i + 1),
            };
            before[..start].ends_with('!')
                || line[start..].starts_with('!')
                || before[..start].trim_end().ends_with("not")
        })
    })
}

/// Calls that test a name against a pattern.
const PATTERN_TESTS: &[&str] = &[
    ".test(",
    ".startsWith(",
    ".startswith(",
    ".match(",
    ".fullmatch(",
    "re.search(",
    "fnmatch(",
    ".endsWith(",
    ".endswith(",
];

/// Whether a listing call on `text` is given a filter.
fn filtered(text: &str) -> bool {
    const KEYS: &[&str] = &[
        "q",
        "query",
        "filter",
        "filters",
        "prefix",
        "label_selector",
        "labelselector",
        "selector",
        "search",
        "tag",
        "tags",
        "name_prefix",
        "nameprefix",
    ];
    // Within the call's arguments: not the binding (`q = client.list(...)`).
    let Some(open) = text.find('(') else {
        return false;
    };
    text.match_indices([':', '=']).any(|(at, _)| {
        let key = name_at_end(text[..at].trim_end()).to_ascii_lowercase();
        at > open && !text[at + 1..].starts_with('=') && KEYS.contains(&key.as_str())
    })
}

/// The variables a loop head binds: Python's `for a, b in`, JavaScript's
/// `for (const { a } of`.
pub(super) fn loop_variables(text: &str) -> Vec<&str> {
    let Some(after) = text.split_once("for ").map(|(_, after)| after) else {
        return Vec::new();
    };
    let head = after
        .split_once(" in ")
        .or_else(|| after.split_once(" of "))
        .map_or("", |(head, _)| head);
    head.split(|c: char| !is_name_char(c))
        .filter(|name| is_name(name) && !matches!(*name, "await" | "const" | "let" | "var"))
        .collect()
}

/// The collection a line adds to: `names.push(...)`, `.append(`, `.add(`.
pub(super) fn collected_into(text: &str) -> Option<&str> {
    ["push", "append", "add", "extend", "unshift"]
        .iter()
        .find_map(|verb| {
            let at = text.find(&format!(".{verb}("))?;
            let before = &text[..at];
            let name = name_at_end(before);
            (!name.is_empty() && !before[..before.len() - name.len()].ends_with('.'))
                .then_some(name)
        })
}

/// The function a line starts the definition of: `def NAME(`, `function
/// NAME(`, `function* NAME(` (each maybe `async`), `const NAME = (...) =>
/// {` whose body follows.
pub(super) fn defined_function(text: &str) -> Option<&str> {
    let text = text.strip_prefix("export ").unwrap_or(text);
    if text.ends_with("=> {") {
        let rest = ["const ", "let ", "var "]
            .iter()
            .find_map(|keyword| text.strip_prefix(keyword))?;
        let end = rest.find(|c: char| !is_name_char(c))?;
        let after = rest[end..].trim_start();
        return (end > 0 && after.starts_with('=') && !after.starts_with("=="))
            .then_some(&rest[..end]);
    }
    let text = text.strip_prefix("async ").unwrap_or(text);
    // A class's method: `async repos() {`, `list(page: number): T {`.
    // (Not a call given an object or a callback: `print({`, `it("x",
    // function () {`.)
    let head = text.trim_end_matches('{').trim_end();
    if text.ends_with('{')
        && !text.contains(['=', ';'])
        && !text.contains("function")
        && (head.ends_with(')') || head.contains("):"))
    {
        let end = text.find(|c: char| !is_name_char(c)).unwrap_or(text.len());
        let name = &text[..end];
        let keyword = matches!(
            name,
            "if" | "for"
                | "while"
                | "switch"
                | "catch"
                | "function"
                | "return"
                | "with"
                | "else"
                | "do"
                | "try"
                | "class"
                | "new"
                | "await"
                | "yield"
                | "typeof"
                | "constructor"
        );
        if end > 0 && !keyword && text[end..].starts_with('(') {
            return Some(name);
        }
    }
    let rest = text
        .strip_prefix("def ")
        .or_else(|| text.strip_prefix("function* "))
        .or_else(|| text.strip_prefix("function "))?;
    let rest = rest.trim_start_matches('*').trim_start();
    let end = rest.find(|c: char| !is_name_char(c))?;
    (end > 0 && rest[end..].trim_start().starts_with(['(', '<'])).then_some(&rest[..end])
}

/// The names called on `line`: methods (`a.post(`), constructed
/// (`new Request(`) and plain calls (`open(`, `fetch(`).
pub(super) fn called_anywhere(line: &str) -> impl Iterator<Item = &str> {
    let plain = line.match_indices('(').filter_map(move |(at, _)| {
        let before = without_type_arguments(line[..at].trim_end());
        let name = name_at_end(before);
        (!name.is_empty() && !before[..before.len() - name.len()].ends_with('.')).then_some(name)
    });
    called(line).chain(plain)
}

/// `text` without the type arguments it ends with (TypeScript's
/// `api<{ data: T[] }>` before its `(`), or as it is.
fn without_type_arguments(text: &str) -> &str {
    if !text.ends_with('>') || text.ends_with("=>") {
        return text;
    }
    let mut depth = 0usize;
    for (at, c) in text.char_indices().rev() {
        match c {
            '>' => depth += 1,
            '<' => {
                depth -= 1;
                if depth == 0 {
                    return text[..at].trim_end();
                }
            }
            _ => {}
        }
    }
    text
}

fn finding(line: usize, id: &'static str, message: &'static str) -> LiteralFinding {
    LiteralFinding {
        line,
        severity: Severity::Major,
        id,
        message,
    }
}

/// The names called as methods on `text` (`a.list_tables(` gives
/// `list_tables`), and those constructed (`new ListBucketsCommand(`).
pub(super) fn called(text: &str) -> impl Iterator<Item = &str> {
    text.match_indices(['.', ' ', '('])
        .filter_map(move |(at, mark)| {
            let rest = &text[at + 1..];
            let rest = if mark == "." {
                rest
            } else {
                rest.strip_prefix("new ")?
            };
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            let name = &rest[..end];
            (!name.is_empty() && rest[end..].trim_start().starts_with('(')).then_some(name)
        })
}

/// SQL that lists a server's databases or tables: `SHOW DATABASES`, a
/// query of `information_schema` or the catalogs.
fn lists_catalog(value: &str) -> bool {
    let upper = value.trim_start().to_ascii_uppercase();
    upper.starts_with("SHOW DATABASES")
        || upper.starts_with("SHOW TABLES")
        || upper.starts_with("SHOW SCHEMAS")
        || (upper.starts_with("SELECT")
            && [
                "INFORMATION_SCHEMA",
                "PG_DATABASE",
                "PG_TABLES",
                "PG_NAMESPACE",
                "SQLITE_MASTER",
            ]
            .iter()
            .any(|catalog| upper.contains(catalog)))
}

/// A call that lists what an account or service holds: `list`,
/// `list_*`, `listX`, `ListXCommand`, `describe_*`, `DescribeXCommand`,
/// `get_all*`, `getAll`, a plural getter (`get_collections`, `getUsers`),
/// a page iterator (`auto_paging_iter`), a cursor's `fetchall`, an HTTP
/// collection's `json()`.
pub(super) fn has_listing(text: &str, methods: &[&str]) -> bool {
    // A search for anything: `notion.search({})`, `search(...)` (one
    // given a query is filtered: `filtered`).
    if text.contains(".search(") || text.contains(".find({})") {
        return true;
    }
    let camel_after = |name: &str, prefix: &str| {
        name.strip_prefix(prefix)
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_uppercase()))
    };
    methods.iter().any(|&name| {
        matches!(
            name,
            "list" | "json" | "fetchall" | "getAll" | "auto_paging_iter" | "scan" | "browse"
        ) || name.starts_with("list_")
            || name.starts_with("describe_")
            || name.starts_with("get_all")
            || camel_after(name, "list")
            || camel_after(name, "describe")
            || ((name.starts_with("List") || name.starts_with("Describe"))
                && name.ends_with("Command"))
            || ((name.starts_with("get_") || camel_after(name, "get"))
                && name.ends_with('s')
                && !name.ends_with("ss")
                && !name.ends_with("Status")
                && !name.ends_with("status"))
            || namespaced_listing(name)
    })
}

/// An SDK's listing under a namespace: `filesListFolder`,
/// `sharingListSharedLinks`, `teamMembersList...`: "list" as a later word
/// of the name, after a noun rather than a verb (`addToList`,
/// `updateListItem` act on one list).
fn namespaced_listing(name: &str) -> bool {
    if !name.contains("List") {
        return false;
    }
    let words = policy::secrets::name_words(name);
    let Some(at) = words.iter().skip(1).position(|word| word == "list") else {
        return false;
    };
    !matches!(
        words[0].as_str(),
        "add"
            | "append"
            | "create"
            | "delete"
            | "get"
            | "insert"
            | "move"
            | "new"
            | "remove"
            | "set"
            | "to"
            | "update"
            | "is"
            | "has"
            | "on"
            | "render"
            | "build"
            | "make"
            | "with"
            | "from"
            | "parse"
            | "sort"
            | "filter"
            | "copy"
            | "clear"
            | "reset"
            | "push"
            | "put"
            | "save"
            | "load"
            | "read"
            | "write"
            | "show"
            | "hide"
            | "toggle"
            | "open"
            | "close"
            | "select"
            | "handle"
            | "init"
            | "apply"
    ) && words.get(at + 2).is_some()
}

/// A call that deletes something remote: an SDK's `delete_*`, `drop_*`,
/// `destroy*`, `terminate*`, `purge*` or a `Delete...Command`, a client's
/// `.delete(...)`, or an HTTP request whose method is `DELETE`.
pub(super) fn has_deletion(text: &str, literals: &[String]) -> bool {
    let (methods, calls): (Vec<&str>, Vec<&str>) = if text.contains('(') {
        (called(text).collect(), called_anywhere(text).collect())
    } else {
        (Vec::new(), Vec::new())
    };
    deletes_with(text, &methods, &calls, literals)
}

/// [`has_deletion`] of a line whose methods called and calls of every
/// kind are read already.
fn deletes_with(text: &str, methods: &[&str], calls: &[&str], literals: &[String]) -> bool {
    const VERBS: &[&str] = &[
        "delete",
        "drop",
        "destroy",
        "terminate",
        "purge",
        "begin_delete",
        "archive",
        "trash",
        "batch_delete",
        "batchDelete",
    ];
    let sdk = methods.iter().any(|name| {
        VERBS.iter().any(|verb| {
            let Some(head) = name.get(..verb.len()) else {
                return false;
            };
            let rest = &name[verb.len()..];
            // `delete`, `delete_table`, `deleteNamespace`.
            (head == *verb
                && (rest.is_empty()
                    || rest.starts_with('_')
                    || rest.starts_with(|c: char| c.is_ascii_uppercase())))
                // `DeleteBucketCommand`, `DeleteTableCommand`.
                || (head.eq_ignore_ascii_case(verb)
                    && head.starts_with(|c: char| c.is_ascii_uppercase())
                    && rest.ends_with("Command"))
        })
    });
    // `method: "DELETE"`, `request("DELETE", ...)`; not a message that
    // says "delete".
    let http = || {
        text.contains("method")
            || calls
                .iter()
                .any(|name| matches!(*name, "request" | "Request" | "fetch" | "urlopen" | "axios"))
    };
    // `pages.update({ page_id, archived: true })`: Notion's and others'
    // deletion, kept for a while in a trash.
    let archives = [
        "archived: true",
        "archived=True",
        "in_trash: true",
        "in_trash=True",
    ]
    .iter()
    .any(|option| text.contains(option));
    // `BatchDeleteImageCommand`.
    let batch = methods
        .iter()
        .any(|name| name.starts_with("BatchDelete") && name.ends_with("Command"));
    sdk || archives
        || batch
        || (http() && placeholders(text, literals).any(path_deletes))
        || placeholders(text, literals).any(|value| graphql_deletes(value) || switches_off(value))
        || (placeholders(text, literals).any(deletes_rows) && runs_sql(text))
        || (placeholders(text, literals).any(|value| value.eq_ignore_ascii_case("DELETE"))
            // (`api(`/v2/schedules/${id}`, "DELETE")`: a path and the method.)
            && (http()
                || placeholders(text, literals)
                    .any(|value| value.trim_start().starts_with('/') || value.contains("://")))
            // (Not a publication or a share taken away: `DELETE
            // /docs/ID/publish`.)
            && !placeholders(text, literals).any(super::switch_off::path_opens))
}

/// Whether `value` is a path whose last part deletes or erases what it
/// names: `POST /tickets/bulk_delete`, `/devices/ID/action/erase`,
/// `/wipe-device`, `/factory_reset`.
pub(super) fn path_deletes(value: &str) -> bool {
    last_path_part(value).is_some_and(|last| {
        let lower = last.to_ascii_lowercase().replace(['-', '_'], "");
        // (`deleteByFileIds`, `delete-all`, `wipe_device`.)
        let words = policy::secrets::name_words(last);
        let verb = words.first().map(String::as_str).unwrap_or_default();
        matches!(
            lower.as_str(),
            "bulkdelete" | "batchdelete" | "factoryreset"
        ) || ["delete", "destroy", "purge", "erase", "wipe"]
            .iter()
            .any(|v| verb.eq_ignore_ascii_case(v))
    })
}

/// A GraphQL mutation that deletes: `environmentDelete(id: $id)`,
/// `deleteProject(...)`, `issueArchive(...)`.
fn graphql_deletes(value: &str) -> bool {
    if !value.contains("mutation") {
        return false;
    }
    // (`delete_board(board_id: $id)`: a snake-case field is one word.)
    value
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(|word| {
            ["Delete", "Remove", "Destroy", "Archive"]
                .iter()
                .any(|verb| word.len() > verb.len() && word.ends_with(verb))
                || ["delete", "remove", "destroy"]
                    .iter()
                    .any(|verb| word.len() > verb.len() && word.starts_with(verb))
        })
}

/// A REST path that switches a resource off: `.../lifecycle/deactivate`,
/// `/disable`, `/suspend`. Judged only in a loop over a listing: every
/// policy, user or rule of an account switched off.
pub(super) fn switches_off(value: &str) -> bool {
    let path = value
        .split(['?', '#'])
        .next()
        .unwrap_or_default()
        .trim_end_matches('/');
    path.contains('/')
        && ["/deactivate", "/disable", "/suspend"]
            .iter()
            .any(|end| path.ends_with(end))
}

/// The last part of the path `value` names (its query and trailing `/`
/// dropped; an id put at the end is a blank in a literal: `/ignore/ `),
/// if `value` is a path.
pub(super) fn last_path_part(value: &str) -> Option<&str> {
    let path = value.split(['?', '#']).next().unwrap_or_default();
    let path = path.trim_end_matches(['/', ' ']);
    path.rsplit_once('/').map(|(_, last)| last)
}

/// Whether `text` calls what runs SQL (`cur.execute(`, `client.query(`,
/// `db.exec(`), not a statement built for later.
fn runs_sql(text: &str) -> bool {
    called(text).any(|name| {
        matches!(
            name,
            "execute" | "executescript" | "executemany" | "query" | "exec" | "run" | "raw" | "sql"
        )
    })
}

/// SQL that deletes a table or all of its rows: `DROP TABLE`, `TRUNCATE`,
/// `DELETE FROM t` with no `WHERE`.
fn deletes_rows(value: &str) -> bool {
    let upper = value.trim_start().to_ascii_uppercase();
    let words: Vec<&str> = upper.split_whitespace().collect();
    match words.as_slice() {
        ["DROP", "TABLE" | "COLLECTION" | "INDEX" | "VIEW" | "DATABASE" | "SCHEMA", ..]
        | ["TRUNCATE", ..] => true,
        ["DELETE", "FROM", ..] => !words.contains(&"WHERE"),
        _ => false,
    }
}

/// An HTTP deletion of everything at once: a URL piece ending `/_all` or
/// `/*` on the line.
fn deletes_everything(text: &str, literals: &[String]) -> bool {
    placeholders(text, literals).any(|value| {
        let value = value.trim_end_matches(['"', '\'', '`']);
        value.ends_with("/_all") || value.ends_with("/*") || value.contains("/_all/")
    })
}

/// Whether a literal is an HTTP method that sends a body (`method:
/// "POST"`, `"put"`).
pub(super) fn is_write_method(value: &str) -> bool {
    ["POST", "PUT", "PATCH"]
        .iter()
        .any(|method| value.eq_ignore_ascii_case(method))
}

/// A URL of this machine: what an emulator or a test container serves.
pub(super) fn is_loopback_url(value: &str) -> bool {
    let host = value
        .strip_prefix("http://")
        .or_else(|| value.strip_prefix("https://"))
        .unwrap_or(value);
    [
        "localhost:",
        "localhost/",
        "127.0.0.1:",
        "127.0.0.1/",
        "[::1]:",
    ]
    .iter()
    .any(|local| host.starts_with(local))
        || ["localhost", "127.0.0.1"].contains(&host)
}

/// The texts of the `Sn` placeholders on `text`.
pub(super) fn placeholders<'a>(
    text: &'a str,
    literals: &'a [String],
) -> impl Iterator<Item = &'a str> {
    placeholder_spans(text, literals).map(|(_, _, value)| value)
}

/// The `Sn` placeholders on `text`: where each starts and ends, and its
/// text.
pub(super) fn placeholder_spans<'a>(
    text: &'a str,
    literals: &'a [String],
) -> impl Iterator<Item = (usize, usize, &'a str)> {
    text.match_indices('S').filter_map(move |(at, _)| {
        if text[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
            return None;
        }
        let digits = &text[at + 1..];
        let end = digits
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(digits.len());
        let n: usize = digits[..end].parse().ok()?;
        let value = literals.get(n.checked_sub(1)?)?;
        Some((at, at + 1 + end, value.as_str()))
    })
}

/// Whether `text` starts a loop: Python's `for`, JavaScript's `for (`,
/// and a callback run for each element (`.forEach(`, `.map(`).
/// (`methods`: the line's methods called, read once.)
fn is_loop_head(text: &str, python: bool, methods: &[&str]) -> bool {
    let text = text.strip_prefix("async ").unwrap_or(text);
    let text = text.strip_prefix("await ").unwrap_or(text);
    if python {
        return text.starts_with("for ") || text.contains(" for ") && text.contains(" in ");
    }
    text.starts_with("for (")
        || text.starts_with("for await")
        || methods
            .iter()
            .any(|name| *name == "forEach" || *name == "map")
}

/// A loop over what a method named by a plural noun returns: `for p in
/// api.projects(entity=e):`, `for (const w of await client.workspaces())`
/// (not a collection's own views: `items()`, `keys()`, `splitlines()`).
fn lists_at_loop_head(text: &str, python: bool, methods: &[&str]) -> bool {
    const OWN: &[&str] = &[
        "items",
        "values",
        "keys",
        "entries",
        "splitlines",
        "readlines",
        "lines",
        "matches",
        "finditer",
        "groups",
        "args",
        "iterrows",
        "itertuples",
        "walk",
        "parts",
        "chars",
        "bytes",
        "words",
        "fields",
        "attrs",
        "options",
        "headers",
        "cookies",
        "globs",
        "results",
    ];
    let head = text.starts_with("for ") || text.starts_with("for await");
    head && (python || text.contains(" of "))
        && methods.last().is_some_and(|name| {
            name.len() > 3
                && name.ends_with('s')
                && !name.ends_with("ss")
                && name.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                && !OWN.contains(name)
        })
}

/// A character of a name in Python or JavaScript (sanitized code's names
/// are ASCII).
pub(super) fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$'
}

/// The name `text` ends with (empty if none).
pub(super) fn name_at_end(text: &str) -> &str {
    let start = text.rfind(|c: char| !is_name_char(c)).map_or(0, |i| i + 1);
    &text[start..]
}

/// Where `name` stands in `text` as a word of its own.
pub(super) fn word_positions<'a>(text: &'a str, name: &'a str) -> impl Iterator<Item = usize> + 'a {
    text.match_indices(name)
        .map(|(at, _)| at)
        .filter(move |&at| {
            !text[..at].ends_with(is_name_char)
                && !text[at + name.len()..].starts_with(is_name_char)
        })
}

/// Whether `name` stands in `text` as a word of its own.
pub(super) fn has_word(text: &str, name: &str) -> bool {
    word_positions(text, name).next().is_some()
}

/// The names an assignment on `text` binds: `a = ...`, `a, b = ...`,
/// `const a: T = ...`, `const { a, key: b } = ...`, `[a, b] = ...`; not
/// an attribute or an element (`self.x = ...`, `a[0] = ...`).
pub(super) fn bound_names(text: &str) -> Vec<&str> {
    // (A line as written, indented in a block.)
    let text = text.trim_start();
    // Python's `with open(p) as f, get(u) as r:`.
    if let Some(rest) = text
        .strip_prefix("with ")
        .or_else(|| text.strip_prefix("async with "))
    {
        return rest
            .split(" as ")
            .skip(1)
            .filter_map(|after| {
                let name = after
                    .split([',', ':', ')'])
                    .next()
                    .unwrap_or_default()
                    .trim();
                is_name(name).then_some(name)
            })
            .collect();
    }
    let Some((left, right)) = text.split_once('=') else {
        return Vec::new();
    };
    // `users += resp.get("users", [])` gathers; `n += len(page)` counts.
    let gathers = left.ends_with('+') && {
        let right = right.trim_start();
        !right.starts_with(|c: char| c.is_ascii_digit())
            && !right.starts_with("len(")
            && !right.starts_with("sum(")
            && !right.starts_with('\'')
            && !right.starts_with('"')
    };
    let left = if gathers {
        &left[..left.len() - 1]
    } else {
        left
    };
    if left.ends_with(['=', '!', '<', '>', '+', '-', '*', '/', '|', '&']) {
        return Vec::new();
    }
    let left = ["const ", "let ", "var "]
        .iter()
        .find_map(|keyword| left.strip_prefix(keyword))
        .unwrap_or(left)
        .trim();
    let destructured = left.starts_with('{');
    left.trim_start_matches(['{', '[', '('])
        .trim_end_matches(['}', ']', ')', ' '])
        .split(',')
        .filter_map(|piece| {
            let piece = match piece.split_once(':') {
                // `{ key: name }` renames; `name: Type` annotates.
                Some((key, name)) if destructured => name.trim().split(' ').next().unwrap_or(key),
                Some((name, _)) => name,
                None => piece,
            };
            let name = piece.trim().trim_start_matches("...");
            is_name(name).then_some(name)
        })
        .collect()
}

/// Whether `text` is a whole name: name characters, not a number first.
pub(super) fn is_name(text: &str) -> bool {
    !text.is_empty()
        && !text.starts_with(|c: char| c.is_ascii_digit())
        && text.chars().all(is_name_char)
}
