//! The bash gate's classifier: what a shell command line can reach, decided
//! from its text before anything runs (`jail exec --gate`).
//!
//! The line is parsed with the tree-sitter Bash grammar (the one stage 3
//! uses), and every simple command in it, wherever it stands (pipelines,
//! lists, subshells, `&`, newlines, `if`/`for`/`while`/`case` bodies,
//! function bodies, `$(...)`, backticks, `<(...)`, here-doc bodies that
//! expand), becomes a [`Segment`] with its class:
//!
//! - **local**: a program from a known set that cannot reach the network
//!   (`ls`, `cat`, `grep`, `jq`, `mkdir`, ...), used in a way that cannot
//!   either (`sed` without its `e` command, `awk` without `system`,
//!   `getline` or pipes, `find` whose `-exec` runs a local program, ...);
//! - **network**: a program that reaches out (`curl`, `wget`, `ssh`, `nc`,
//!   `git fetch/clone/push/pull`, `pip install`, `npm install`, ...), an
//!   interpreter given code on its command line that names a network module
//!   (`python3 -c "import urllib..."`), or a redirection to `/dev/tcp/` or
//!   `/dev/udp/`;
//! - **unknown**: anything else: a program not in either set, a script
//!   file, a command name computed at run time (`$X`, `$(...)`), code the
//!   gate cannot read (`eval` of a computed string, `sh` reading its script
//!   from a pipe), and a line that does not parse.
//!
//! The line's class is its worst segment's, in the order local < unknown <
//! network: unknown is never treated as local.
//!
//! Followed rather than judged by name: wrappers (`env`, `nice`, `nohup`,
//! `timeout`, `stdbuf`, `time`, `command`, `exec`, `sudo`, `builtin`,
//! `xargs`, `setsid`, ...) are classified by what they run; `sh -c`,
//! `bash -c`, `eval` and `trap` strings, and a here-doc given to a shell,
//! are parsed and classified in turn, up to [`MAX_NESTING`] deep; a path
//! (`/usr/bin/curl`) is its file name when it is in a system directory and
//! unknown elsewhere (`./ls` may be anything) unless its name is a network
//! program; quotes and backslashes are removed as the shell removes them
//! (`'curl'`, `c\url`, `c"ur"l` and `$'\x63url'` are all curl); a function
//! defined on the line is classified by its body (and the body's commands
//! are segments whether it is called or not).
//!
//! Known limits (docs/gate.md): the gate reads the line, not the files it
//! runs (a script, a Makefile, package scripts, git hooks and the programs
//! a repository's git config names are outside it); a sequence of local
//! commands that writes a script and a later line that runs it are judged
//! one line at a time; aliases are not expanded (an `alias` command is
//! itself unknown); and inline interpreter code is judged by the modules
//! and names it mentions, so code that builds those names at run time is
//! unknown only where the gate sees the building (`eval`, `getattr`,
//! `__import__`, ...). The jail's network namespace and the egress proxy
//! remain the boundary: the gate decides before anything runs and says why.

use std::collections::HashMap;

use serde::Serialize;
use tree_sitter::Node;

pub use policy::gate::CommandClass as Class;

use super::Lang;

/// How deep `sh -c`, `eval`, `trap` and here-docs given to a shell may nest
/// before the gate stops following (the rest is unknown).
pub const MAX_NESTING: usize = 8;

/// Deeper syntax trees are unknown rather than walked (the walk recurses).
const MAX_TREE_DEPTH: usize = 200;

/// Wrappers around wrappers (`env nice timeout 5 ...`) followed at most
/// this many times.
const MAX_HOPS: usize = 32;

/// One simple command (or redirection) of the line, with its class and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Segment {
    /// Its text as written (for a nested script, the nested text).
    pub text: String,
    pub class: Class,
    pub why: String,
}

/// A whole line's class: the worst of its segments' (local when it has
/// none: an empty line or only assignments run nothing).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Classification {
    pub class: Class,
    pub segments: Vec<Segment>,
}

/// Classifies a shell command line (the string of `sh -c STRING`).
pub fn classify(cmd: &str) -> Classification {
    let mut c = Classifier::default();
    c.script(cmd, 0);
    c.finish()
}

/// Classifies an argument vector as one simple command, as `execve` would
/// run it: `["sh", "-c", "CMD"]` follows CMD, `["curl", "x"]` is network.
pub fn classify_argv(argv: &[String]) -> Classification {
    let mut c = Classifier::default();
    let words: Vec<Word> = argv.iter().map(|a| Some(a.clone())).collect();
    let (class, why) = c.words(&words, &Stdin::Inherited, 0, 0);
    c.segments.insert(
        0,
        Segment {
            text: argv.join(" "),
            class,
            why,
        },
    );
    c.finish()
}

/// An argument's value after quote removal, or None when it is computed at
/// run time (an expansion, a substitution, a brace expression).
pub(crate) type Word = Option<String>;

/// Where a command's standard input comes from, as far as the gate sees.
enum Stdin {
    /// A here-doc or here-string whose text the gate knows.
    Text(String),
    /// Anything else (the caller's stdin, a pipe, a computed here-doc).
    Inherited,
}

#[derive(Default)]
struct Classifier {
    segments: Vec<Segment>,
    /// Functions defined so far on the line, by name: their body's class.
    functions: HashMap<String, Class>,
}

impl Classifier {
    fn finish(self) -> Classification {
        let class = self
            .segments
            .iter()
            .map(|s| s.class)
            .max()
            .unwrap_or(Class::Local);
        Classification {
            class,
            segments: self.segments,
        }
    }

    fn push(&mut self, text: &str, class: Class, why: impl Into<String>) {
        self.segments.push(Segment {
            text: text.trim().to_string(),
            class,
            why: why.into(),
        });
    }

    /// The worst class among segments pushed since `from`.
    fn worst_since(&self, from: usize) -> Class {
        self.segments[from..]
            .iter()
            .map(|s| s.class)
            .max()
            .unwrap_or(Class::Local)
    }

    /// Parses `src` and classifies every command in it.
    fn script(&mut self, src: &str, nesting: usize) {
        if nesting > MAX_NESTING {
            self.push(
                src,
                Class::Unknown,
                format!("shell code nested more than {MAX_NESTING} deep is not followed"),
            );
            return;
        }
        let parsed = match super::parse::parse_lenient(Lang::Bash, src) {
            Ok(parsed) => parsed,
            Err(err) => {
                self.push(src, Class::Unknown, format!("cannot parse: {err}"));
                return;
            }
        };
        let root = parsed.tree.root_node();
        if root.has_error() {
            let error = match super::parse::first_error(&parsed.walked()) {
                Some(err) => format!("does not parse as bash ({err})"),
                None => "does not parse as bash".to_string(),
            };
            // The grammar misses some forms (`exec 3<>/dev/tcp/...`); a
            // socket path anywhere in the text still says network.
            if src.contains("/dev/tcp/") || src.contains("/dev/udp/") {
                self.push(
                    src,
                    Class::Network,
                    format!("{error}, and names /dev/tcp or /dev/udp"),
                );
            } else {
                self.push(src, Class::Unknown, format!("{error}: fail closed"));
            }
            return;
        }
        self.walk(root, src, nesting, 0);
    }

    fn walk(&mut self, node: Node, src: &str, nesting: usize, depth: usize) {
        if depth > MAX_TREE_DEPTH {
            self.push(
                text(node, src),
                Class::Unknown,
                format!("nested more than {MAX_TREE_DEPTH} levels: not followed"),
            );
            return;
        }
        match node.kind() {
            "command" => self.command(node, src, nesting),
            "function_definition" => {
                let from = self.segments.len();
                walk_children(self, node, src, nesting, depth);
                let name = node
                    .child_by_field_name("name")
                    .map(|n| text(n, src).to_string());
                if let Some(name) = name {
                    let class = self.worst_since(from);
                    self.functions.insert(name, class);
                }
                return;
            }
            "file_redirect" => self.redirect(node, src),
            // `for PATH in /tmp/evil; do ls; done` sets PATH too.
            "for_statement" => {
                let variable = node.child_by_field_name("variable");
                if let Some(why) = variable.and_then(|v| risky_variable(text(v, src))) {
                    self.push(text(node, src), Class::Unknown, why);
                }
            }
            "variable_assignment" => self.assignment(node, src),
            _ => {}
        }
        walk_children(self, node, src, nesting, depth);
    }

    /// `NAME=VALUE` (alone, before a command, after `export`/`local`).
    fn assignment(&mut self, node: Node, src: &str) {
        let Some(name) = node.child_by_field_name("name") else {
            return;
        };
        let name = text(name, src);
        if let Some(why) = risky_variable(name) {
            self.push(text(node, src), Class::Unknown, why);
        }
    }

    /// A redirection: `/dev/tcp/HOST/PORT` and `/dev/udp/...` are sockets
    /// bash opens itself.
    fn redirect(&mut self, node: Node, src: &str) {
        let Some(dest) = node.child_by_field_name("destination") else {
            return;
        };
        // `>&2`, `2>&1`: a descriptor, not a file.
        if dest.kind() == "number" {
            return;
        }
        let whole = text(node, src);
        match word(dest, src) {
            Some(path) => {
                if is_dev_socket(&path) {
                    self.push(
                        whole,
                        Class::Network,
                        format!("redirection to {path}: bash opens a socket"),
                    );
                }
            }
            None => {
                let mut raw = String::new();
                static_prefix(dest, src, &mut raw);
                if is_dev_socket(&raw) {
                    self.push(
                        whole,
                        Class::Network,
                        "redirection to /dev/tcp or /dev/udp: bash opens a socket",
                    );
                } else if could_become_dev_socket(&raw) {
                    self.push(
                        whole,
                        Class::Unknown,
                        "redirection to a path computed at run time (it could be /dev/tcp/...)",
                    );
                }
            }
        }
    }

    fn command(&mut self, node: Node, src: &str, nesting: usize) {
        let mut words: Vec<Word> = Vec::new();
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            match child.kind() {
                "variable_assignment"
                | "file_redirect"
                | "herestring_redirect"
                | "heredoc_redirect"
                | "comment" => {}
                "command_name" => match child.named_child(0) {
                    Some(name) => words.push(word(name, src)),
                    None => words.push(None),
                },
                _ => words.push(word(child, src)),
            }
        }
        let stdin = stdin_of(node, src);
        // The segment's text: with its redirections, where they are outside
        // the command node.
        let shown = match node.parent() {
            Some(p) if p.kind() == "redirected_statement" => text(p, src),
            _ => text(node, src),
        };
        let at = self.segments.len();
        let (class, why) = self.words(&words, &stdin, nesting, 0);
        // Before what it ran (nested segments were pushed meanwhile).
        self.segments.insert(
            at,
            Segment {
                text: shown.trim().to_string(),
                class,
                why,
            },
        );
    }

    /// Classifies one simple command from its words (name first).
    fn words(
        &mut self,
        words: &[Word],
        stdin: &Stdin,
        nesting: usize,
        hops: usize,
    ) -> (Class, String) {
        if hops > MAX_HOPS {
            return (
                Class::Unknown,
                format!("more than {MAX_HOPS} wrappers in a row are not followed"),
            );
        }
        let Some(first) = words.first() else {
            return (Class::Local, "runs nothing".into());
        };
        let Some(name) = first else {
            return (
                Class::Unknown,
                "the command name is computed at run time ($VAR, $(...)): not known".into(),
            );
        };
        if name.contains(['*', '?', '[']) {
            return (
                Class::Unknown,
                format!("the command name `{name}` is a glob: not known"),
            );
        }
        let base = name.rsplit('/').next().unwrap_or(name);
        let args = &words[1..];
        if name.contains('/') {
            if NETWORK.contains(&base) {
                return (
                    Class::Network,
                    format!("{name} is {base}, which reaches the network"),
                );
            }
            let dir = &name[..name.len() - base.len()];
            if !SYSTEM_DIRS.contains(&dir.trim_end_matches('/')) {
                return (
                    Class::Unknown,
                    format!("runs the file {name}, which the gate does not read"),
                );
            }
        } else if let Some(class) = self.functions.get(base) {
            return (
                *class,
                format!("calls the function {base} defined on this line"),
            );
        }
        let follow = |c: &mut Classifier, rest: &[Word], what: &str| {
            let (class, why) = c.words(rest, stdin, nesting, hops + 1);
            (class, format!("{what} runs: {why}"))
        };
        match base {
            "env" => return self.env(args, stdin, nesting, hops),
            "exec" if args.is_empty() => {
                return (Class::Local, "exec without a command only redirects".into());
            }
            "command"
                if args
                    .iter()
                    .take_while(|w| w.as_deref().is_some_and(|a| a.starts_with('-')))
                    .any(|w| matches!(w.as_deref(), Some("-v" | "-V" | "-pv" | "-pV"))) =>
            {
                return (Class::Local, "command -v only looks a name up".into());
            }
            "sudo" | "doas"
                if args
                    .iter()
                    .flatten()
                    .take_while(|a| a.starts_with('-'))
                    .any(|a| SUDO_SHELL.contains(&a.as_str())) =>
            {
                return (
                    Class::Unknown,
                    format!("{base} -s/-i/-e runs a shell or an editor"),
                );
            }
            "xargs" => {
                let rest = skip_options(
                    args,
                    &[
                        "-a",
                        "--arg-file",
                        "-d",
                        "--delimiter",
                        "-E",
                        "-I",
                        "-L",
                        "-n",
                        "--max-args",
                        "-P",
                        "--max-procs",
                        "-s",
                        "--max-chars",
                        "--process-slot-var",
                    ],
                );
                return match rest {
                    None => (Class::Unknown, "xargs with a computed option".into()),
                    Some([]) => (Class::Local, "xargs without a command runs echo".into()),
                    // Its arguments come from stdin; the program is what counts.
                    Some(rest) => follow(self, rest, "xargs"),
                };
            }
            "busybox" => {
                return match args.first() {
                    Some(_) => follow(self, args, "busybox"),
                    None => (Class::Local, "busybox alone lists its applets".into()),
                }
            }
            "watch" => {
                let rest = skip_options(
                    args,
                    &["-n", "--interval", "-d", "--differences", "-q", "--equexit"],
                );
                return self.joined_script(rest, nesting, "watch runs its arguments with sh -c");
            }
            "eval" => return self.joined_script(Some(args), nesting, "eval"),
            "trap" => {
                let rest = skip_options(args, &[]);
                return match rest {
                    Some([action, _, ..]) => self.joined_script(
                        Some(std::slice::from_ref(action)),
                        nesting,
                        "trap's action",
                    ),
                    Some(_) => (Class::Local, "trap without an action".into()),
                    None => (Class::Unknown, "trap with a computed option".into()),
                };
            }
            "find" => return self.find(args, stdin, nesting, hops),
            "sed" | "gsed" => return sed(args),
            "awk" | "gawk" | "mawk" | "nawk" => return awk(args),
            "git" => return git(args),
            "tar" | "gtar" | "bsdtar" => return tar(args),
            "zip" => {
                if args.iter().any(|a| {
                    a.as_deref()
                        .is_none_or(|a| a == "-TT" || a.starts_with("--unzip-command"))
                }) {
                    return (Class::Unknown, "zip -TT runs a command".into());
                }
                return (Class::Local, "zip".into());
            }
            "openssl" => {
                return match args.first() {
                    Some(Some(sub))
                        if matches!(sub.as_str(), "s_client" | "s_server" | "s_time" | "ocsp") =>
                    {
                        (Class::Network, format!("openssl {sub} opens a connection"))
                    }
                    Some(Some(_)) | None => (
                        Class::Local,
                        "openssl without s_client/s_server/ocsp".into(),
                    ),
                    Some(None) => (Class::Unknown, "openssl with a computed subcommand".into()),
                }
            }
            "source" | "." => {
                return (
                    Class::Unknown,
                    format!("{base} runs a file, which the gate does not read"),
                )
            }
            "alias" | "unalias" => {
                return (
                    Class::Unknown,
                    "aliases are not followed by the gate".into(),
                )
            }
            "hash" | "enable" | "fc" | "coproc" => {
                return (
                    Class::Unknown,
                    format!("{base} changes what runs, which the gate does not follow"),
                )
            }
            _ => {}
        }
        if let Some(&(_, with_value, positional)) = WRAPPERS.iter().find(|w| w.0 == base) {
            let Some(rest) = skip_options(args, with_value) else {
                return (Class::Unknown, format!("{base} with a computed option"));
            };
            let rest = rest.get(positional..).unwrap_or_default();
            if rest.is_empty() {
                return (Class::Local, format!("{base} without a command"));
            }
            return follow(self, rest, base);
        }
        if SHELLS.contains(&base) {
            return self.shell(base, args, stdin, nesting);
        }
        if let Some(lang) = interpreter(base) {
            return self.interpreter(lang, base, args, stdin, nesting, hops);
        }
        if let Some(known) = package_manager(base, args) {
            return known;
        }
        if NETWORK.contains(&base) {
            return (Class::Network, format!("{base} reaches the network"));
        }
        if LOCAL.contains(&base) {
            if let Some(why) = local_exception(base, args) {
                return (Class::Unknown, why);
            }
            return (Class::Local, format!("{base} cannot reach the network"));
        }
        (
            Class::Unknown,
            format!("{base} is not a program the gate knows"),
        )
    }

    /// `env [-i] [-u NAME] [NAME=VALUE]... [CMD...]`
    fn env(
        &mut self,
        args: &[Word],
        stdin: &Stdin,
        nesting: usize,
        hops: usize,
    ) -> (Class, String) {
        let mut i = 0;
        while let Some(arg) = args.get(i) {
            let Some(arg) = arg else {
                return (Class::Unknown, "env with a computed argument".into());
            };
            if arg == "-S"
                || arg.starts_with("--split-string")
                || (arg.starts_with("-S") && !arg.starts_with("--"))
            {
                return (
                    Class::Unknown,
                    "env -S splits a string into a command: not followed".into(),
                );
            }
            if matches!(arg.as_str(), "-u" | "--unset" | "-C" | "--chdir") {
                i += 2;
                continue;
            }
            if arg == "--" {
                i += 1;
                break;
            }
            if arg.starts_with('-') {
                i += 1;
                continue;
            }
            if let Some((name, _)) = arg.split_once('=') {
                if let Some(why) = risky_variable(name) {
                    return (Class::Unknown, why);
                }
                i += 1;
                continue;
            }
            break;
        }
        let rest = args.get(i..).unwrap_or_default();
        if rest.is_empty() {
            return (
                Class::Local,
                "env without a command prints the environment".into(),
            );
        }
        let (class, why) = self.words(rest, stdin, nesting, hops + 1);
        (class, format!("env runs: {why}"))
    }

    /// `sh [-opts] -c STRING`, `sh FILE`, `sh` reading stdin.
    fn shell(
        &mut self,
        base: &str,
        args: &[Word],
        stdin: &Stdin,
        nesting: usize,
    ) -> (Class, String) {
        let mut command_mode = false;
        let mut i = 0;
        while let Some(arg) = args.get(i) {
            let Some(arg) = arg else {
                return (Class::Unknown, format!("{base} with a computed option"));
            };
            if arg == "--" {
                i += 1;
                break;
            }
            if matches!(arg.as_str(), "--rcfile" | "--init-file") {
                return (
                    Class::Unknown,
                    format!("{base} {arg} runs a file the gate does not read"),
                );
            }
            if matches!(arg.as_str(), "-o" | "+o" | "-O" | "+O") {
                i += 2;
                continue;
            }
            if arg.starts_with("--") {
                i += 1;
                continue;
            }
            if (arg.starts_with('-') || arg.starts_with('+')) && arg.len() > 1 {
                if arg.starts_with('-') && arg.contains('c') {
                    command_mode = true;
                }
                i += 1;
                continue;
            }
            break;
        }
        let rest = args.get(i..).unwrap_or_default();
        if command_mode {
            return match rest.first() {
                Some(Some(script)) => {
                    let from = self.segments.len();
                    self.script(script, nesting + 1);
                    let class = self.worst_since(from);
                    (class, format!("{base} -c: its script is followed"))
                }
                Some(None) => (
                    Class::Unknown,
                    format!("{base} -c with a script computed at run time"),
                ),
                None => (Class::Unknown, format!("{base} -c without a script")),
            };
        }
        match (rest.first(), stdin) {
            (Some(Some(file)), _) if file != "-" => (
                Class::Unknown,
                format!("{base} runs the script file {file}, which the gate does not read"),
            ),
            (Some(None), _) => (Class::Unknown, format!("{base} runs a computed script file")),
            (_, Stdin::Text(script)) => {
                let from = self.segments.len();
                self.script(script, nesting + 1);
                let class = self.worst_since(from);
                (class, format!("{base} reads its script from a here-doc, which is followed"))
            }
            (_, Stdin::Inherited) => (
                Class::Unknown,
                format!("{base} reads its script from stdin (a pipe or the terminal), which the gate does not see"),
            ),
        }
    }

    /// `eval ARGS`, `watch ARGS`, `trap ACTION`: the words joined by spaces
    /// are shell code.
    fn joined_script(
        &mut self,
        words: Option<&[Word]>,
        nesting: usize,
        what: &str,
    ) -> (Class, String) {
        let Some(words) = words else {
            return (Class::Unknown, format!("{what} with a computed option"));
        };
        let mut parts = Vec::new();
        for w in words {
            match w {
                Some(w) => parts.push(w.as_str()),
                None => {
                    return (
                        Class::Unknown,
                        format!("{what}: code computed at run time is not known"),
                    )
                }
            }
        }
        if parts.is_empty() {
            return (Class::Local, format!("{what} without code"));
        }
        let from = self.segments.len();
        self.script(&parts.join(" "), nesting + 1);
        (
            self.worst_since(from),
            format!("{what}: its code is followed"),
        )
    }

    /// `find ... -exec CMD {} ;` (and `-execdir`, `-ok`, `-okdir`).
    fn find(
        &mut self,
        args: &[Word],
        stdin: &Stdin,
        nesting: usize,
        hops: usize,
    ) -> (Class, String) {
        let mut worst = (Class::Local, "find without -exec".to_string());
        let mut i = 0;
        while let Some(arg) = args.get(i) {
            i += 1;
            let Some(arg) = arg else {
                return (
                    Class::Unknown,
                    "find with a computed argument (it could be -exec)".into(),
                );
            };
            if !matches!(arg.as_str(), "-exec" | "-execdir" | "-ok" | "-okdir") {
                continue;
            }
            let start = i;
            while let Some(w) = args.get(i) {
                if matches!(w.as_deref(), Some(";" | "+")) {
                    break;
                }
                i += 1;
            }
            let (class, why) = self.words(&args[start..i], stdin, nesting, hops + 1);
            if class > worst.0 || worst.1 == "find without -exec" {
                worst = (class, format!("find {arg} runs: {why}"));
            }
        }
        worst
    }

    /// python/node/ruby/perl/php: inline code is read, a script is not.
    fn interpreter(
        &mut self,
        lang: Interp,
        base: &str,
        args: &[Word],
        stdin: &Stdin,
        nesting: usize,
        hops: usize,
    ) -> (Class, String) {
        let mut code: Vec<String> = Vec::new();
        let mut i = 0;
        while let Some(arg) = args.get(i) {
            let Some(arg) = arg else {
                // Python stops reading options at `-c CODE`: the rest is
                // sys.argv. Elsewhere a computed word may be an option.
                if lang == Interp::Python && !code.is_empty() {
                    break;
                }
                return (Class::Unknown, format!("{base} with a computed argument"));
            };
            if lang == Interp::Python && !code.is_empty() {
                break;
            }
            i += 1;
            let next = |i: usize| args.get(i).cloned().flatten();
            if lang.code_flags().contains(&arg.as_str()) {
                match next(i) {
                    Some(c) => code.push(c),
                    None => return (Class::Unknown, format!("{base} {arg} with computed code")),
                }
                i += 1;
                continue;
            }
            if let Some(attached) = lang.code_flags().iter().find_map(|f| {
                arg.strip_prefix(f)
                    .filter(|rest| !rest.is_empty() && f.len() == 2)
            }) {
                code.push(attached.to_string());
                continue;
            }
            // `perl -ne CODE`, `ruby -pe CODE`: a cluster of flags ending in e.
            let cluster = matches!(lang, Interp::Perl | Interp::Ruby)
                && arg.len() > 2
                && arg.starts_with('-')
                && !arg.starts_with("--")
                && arg[1..].chars().all(|c| c.is_ascii_alphabetic())
                && (arg.ends_with('e') || arg.ends_with('E'));
            if cluster {
                match next(i) {
                    Some(c) => code.push(c),
                    None => return (Class::Unknown, format!("{base} {arg} with computed code")),
                }
                i += 1;
                continue;
            }
            if lang.module_flags().contains(&arg.as_str())
                || lang
                    .module_flags()
                    .iter()
                    .any(|f| arg.starts_with(f) && arg.len() > f.len())
            {
                let module = if lang.module_flags().contains(&arg.as_str()) {
                    let m = next(i);
                    i += 1;
                    m
                } else {
                    lang.module_flags()
                        .iter()
                        .find_map(|f| arg.strip_prefix(f))
                        .map(str::to_string)
                };
                let Some(module) = module else {
                    return (
                        Class::Unknown,
                        format!("{base} {arg} with a computed module"),
                    );
                };
                if lang == Interp::Python && arg.starts_with("-m") {
                    return self.python_module(
                        &module,
                        args.get(i..).unwrap_or_default(),
                        stdin,
                        nesting,
                        hops,
                    );
                }
                // node -r, ruby -r, perl -M: loads a module first.
                let (class, why) = inline(lang, &lang.import_of(&module));
                if class != Class::Local {
                    return (class, format!("{base} {arg} {module}: {why}"));
                }
                continue;
            }
            if matches!(arg.as_str(), "--version" | "-V" | "--help" | "-h" | "-v")
                && args.len() == 1
            {
                return (Class::Local, format!("{base} {arg} prints and exits"));
            }
            if lang.flags_with_value().contains(&arg.as_str()) {
                i += 1;
                continue;
            }
            if arg.starts_with('-') && arg != "-" {
                continue;
            }
            // The first operand: a script file (or `-`, stdin), unless code
            // was given, in which case it is an argument to that code.
            if code.is_empty() && arg != "-" {
                return (
                    Class::Unknown,
                    format!("{base} runs the script {arg}, which the gate does not read"),
                );
            }
            break;
        }
        if code.is_empty() {
            return match stdin {
                Stdin::Text(text) => {
                    let (class, why) = inline(lang, text);
                    (class, format!("{base} reads code from a here-doc: {why}"))
                }
                Stdin::Inherited => (
                    Class::Unknown,
                    format!("{base} reads code from stdin, which the gate does not see"),
                ),
            };
        }
        let (class, why) = inline(lang, &code.join("\n"));
        (class, format!("{base} inline code: {why}"))
    }

    /// `python -m MODULE ARGS`.
    fn python_module(
        &mut self,
        module: &str,
        rest: &[Word],
        stdin: &Stdin,
        nesting: usize,
        hops: usize,
    ) -> (Class, String) {
        let root = module.split('.').next().unwrap_or(module);
        if root == "pip" {
            let mut words: Vec<Word> = vec![Some("pip".into())];
            words.extend_from_slice(rest);
            return self.words(&words, stdin, nesting, hops + 1);
        }
        if PYTHON_NETWORK.contains(&root)
            || matches!(module, "http.server" | "smtpd" | "ensurepip" | "webbrowser")
        {
            return (
                Class::Network,
                format!("python -m {module} uses the network"),
            );
        }
        if matches!(
            module,
            "json.tool"
                | "base64"
                | "py_compile"
                | "compileall"
                | "timeit"
                | "tokenize"
                | "ast"
                | "dis"
                | "zipfile"
                | "tarfile"
                | "gzip"
                | "calendar"
                | "uuid"
                | "this"
                | "platform"
                | "sysconfig"
                | "site"
        ) {
            return (Class::Local, format!("python -m {module} works locally"));
        }
        (
            Class::Unknown,
            format!("python -m {module} runs a module the gate does not know"),
        )
    }
}

fn walk_children(c: &mut Classifier, node: Node, src: &str, nesting: usize, depth: usize) {
    let mut cursor = node.walk();
    for child in node.children(&mut cursor) {
        c.walk(child, src, nesting, depth + 1);
    }
}

/// The words after the leading options; None when an option is computed.
fn skip_options<'a>(args: &'a [Word], with_value: &[&str]) -> Option<&'a [Word]> {
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        let arg = arg.as_deref()?;
        if arg == "--" {
            return args.get(i + 1..);
        }
        if !arg.starts_with('-') || arg == "-" {
            break;
        }
        i += if with_value.contains(&arg) { 2 } else { 1 };
    }
    Some(args.get(i..).unwrap_or_default())
}

/// The standard input a here-doc or here-string gives `command`, when the
/// gate knows its text.
fn stdin_of(command: Node, src: &str) -> Stdin {
    let mut redirects = Vec::new();
    let mut cursor = command.walk();
    redirects.extend(command.children_by_field_name("redirect", &mut cursor));
    if let Some(parent) = command
        .parent()
        .filter(|p| p.kind() == "redirected_statement")
    {
        let mut cursor = parent.walk();
        redirects.extend(parent.children_by_field_name("redirect", &mut cursor));
    }
    let mut found = Stdin::Inherited;
    for redirect in redirects {
        match redirect.kind() {
            "heredoc_redirect" => {
                // A here-doc piped on (`<<EOF | sh`) feeds the pipe, not us.
                let mut c2 = redirect.walk();
                let piped = redirect
                    .named_children(&mut c2)
                    .any(|n| matches!(n.kind(), "pipeline" | "command" | "list"));
                if piped {
                    return Stdin::Inherited;
                }
                found = heredoc_text(redirect, src).map_or(Stdin::Inherited, Stdin::Text);
            }
            "herestring_redirect" => {
                let value = redirect.named_child(0).and_then(|n| word(n, src));
                found = value.map_or(Stdin::Inherited, Stdin::Text);
            }
            _ => {}
        }
    }
    found
}

/// A here-doc's body when it expands nothing (a quoted delimiter, or no
/// expansion in it).
fn heredoc_text(redirect: Node, src: &str) -> Option<String> {
    let mut cursor = redirect.walk();
    let children: Vec<Node> = redirect.named_children(&mut cursor).collect();
    let start = children.iter().find(|n| n.kind() == "heredoc_start")?;
    let body = children.iter().find(|n| n.kind() == "heredoc_body")?;
    let quoted = text(*start, src).contains(['\'', '"', '\\']);
    let mut c2 = body.walk();
    let expands = body
        .named_children(&mut c2)
        .any(|n| n.kind() != "heredoc_content");
    (quoted || !expands).then(|| text(*body, src).to_string())
}

fn text<'a>(node: Node, src: &'a str) -> &'a str {
    src.get(node.byte_range()).unwrap_or("")
}

/// A word's value after quote removal, or None when it is computed at run
/// time.
fn word(node: Node, src: &str) -> Word {
    let raw = text(node, src);
    match node.kind() {
        "word" | "command_name" => {
            if let Some(inner) = node.named_child(0) {
                return word(inner, src);
            }
            Some(unescape_word(raw))
        }
        "number" => Some(raw.to_string()),
        "raw_string" => Some(
            raw.strip_prefix('\'')
                .and_then(|r| r.strip_suffix('\''))
                .unwrap_or(raw)
                .to_string(),
        ),
        "string" | "translated_string" => {
            let mut out = String::new();
            let mut cursor = node.walk();
            for child in node.named_children(&mut cursor) {
                match child.kind() {
                    "string_content" => out.push_str(&unescape_double(text(child, src))),
                    "string" => out.push_str(&word(child, src)?),
                    _ => return None,
                }
            }
            Some(out)
        }
        "ansi_c_string" => ansi_c(raw),
        "concatenation" => {
            let mut out = String::new();
            let mut cursor = node.walk();
            for child in node.children(&mut cursor) {
                if child.is_named() {
                    out.push_str(&word(child, src)?);
                } else {
                    out.push_str(&unescape_word(text(child, src)));
                }
            }
            Some(out)
        }
        _ => None,
    }
}

/// An unquoted word: a backslash quotes the next character.
fn unescape_word(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('\n') | None => {}
                Some(next) => out.push(next),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Inside double quotes, a backslash quotes only `$`, `` ` ``, `"`, `\`
/// and a newline.
fn unescape_double(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.peek() {
                Some('$' | '`' | '"' | '\\') => {
                    if let Some(next) = chars.next() {
                        out.push(next);
                    }
                }
                Some('\n') => {
                    chars.next();
                }
                _ => out.push(c),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// `$'...'` with its escapes decoded; None for an escape the gate does not
/// decode (`\c`, `\u` beyond ASCII), which then counts as computed.
fn ansi_c(raw: &str) -> Option<String> {
    let inner = raw.strip_prefix("$'")?.strip_suffix('\'')?;
    let mut out = String::new();
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let e = chars.next()?;
        let digits = |chars: &mut std::iter::Peekable<std::str::Chars>, radix: u32, max: usize| {
            let mut n = 0u32;
            let mut count = 0;
            while count < max {
                match chars.peek().and_then(|d| d.to_digit(radix)) {
                    Some(d) => {
                        n = n * radix + d;
                        chars.next();
                        count += 1;
                    }
                    None => break,
                }
            }
            (count > 0).then_some(n)
        };
        match e {
            'n' => out.push('\n'),
            't' => out.push('\t'),
            'r' => out.push('\r'),
            'a' => out.push('\x07'),
            'b' => out.push('\x08'),
            'e' | 'E' => out.push('\x1b'),
            'f' => out.push('\x0c'),
            'v' => out.push('\x0b'),
            '\\' | '\'' | '"' | '?' => out.push(e),
            'x' => out.push(char::from_u32(digits(&mut chars, 16, 2)?)?),
            'u' => out.push(char::from_u32(digits(&mut chars, 16, 4)?)?),
            'U' => out.push(char::from_u32(digits(&mut chars, 16, 8)?)?),
            '0'..='7' => {
                let mut n = e.to_digit(8)?;
                for _ in 0..2 {
                    match chars.peek().and_then(|d| d.to_digit(8)) {
                        Some(d) => {
                            n = n * 8 + d;
                            chars.next();
                        }
                        None => break,
                    }
                }
                out.push(char::from_u32(n)?);
            }
            _ => return None,
        }
    }
    Some(out)
}

/// The static text of a computed word up to its first expansion, quotes
/// and backslashes removed: enough to see `/dev/tcp/$h/80`.
fn static_prefix(node: Node, src: &str, out: &mut String) -> bool {
    match node.kind() {
        "concatenation" => {
            let mut cursor = node.walk();
            for child in node.children(&mut cursor) {
                if !child.is_named() {
                    out.push_str(&unescape_word(text(child, src)));
                } else if !static_prefix(child, src, out) {
                    return false;
                }
            }
            true
        }
        "string" => {
            let mut cursor = node.walk();
            for child in node.named_children(&mut cursor) {
                if child.kind() == "string_content" {
                    out.push_str(&unescape_double(text(child, src)));
                } else {
                    return false;
                }
            }
            true
        }
        _ => match word(node, src) {
            Some(value) => {
                out.push_str(&value);
                true
            }
            None => false,
        },
    }
}

fn is_dev_socket(path: &str) -> bool {
    // bash matches the path as written: `//dev/tcp` is not special, but
    // `/dev/tcp/` with anything after it is.
    path.starts_with("/dev/tcp/") || path.starts_with("/dev/udp/")
}

/// Whether a path whose static start is `prefix` (the rest computed) can
/// end up as `/dev/tcp/...`.
fn could_become_dev_socket(prefix: &str) -> bool {
    "/dev/tcp/".starts_with(prefix) || "/dev/udp/".starts_with(prefix)
}

/// Why setting `name` makes later commands unknown, if it does: it
/// changes which program a name runs, or makes programs run code.
fn risky_variable(name: &str) -> Option<String> {
    let risky = matches!(
        name,
        "PATH"
            | "LD_PRELOAD"
            | "LD_LIBRARY_PATH"
            | "LD_AUDIT"
            | "BASH_ENV"
            | "ENV"
            | "IFS"
            | "PS4"
            | "PROMPT_COMMAND"
            | "SHELLOPTS"
            | "BASHOPTS"
            | "BASH_LOADABLES_PATH"
            | "PYTHONPATH"
            | "PYTHONSTARTUP"
            | "PYTHONHOME"
            | "NODE_OPTIONS"
            | "NODE_PATH"
            | "PERL5OPT"
            | "PERL5LIB"
            | "PERLLIB"
            | "RUBYOPT"
            | "RUBYLIB"
            | "GIT_SSH"
            | "GIT_SSH_COMMAND"
            | "GIT_EXEC_PATH"
            | "GIT_PAGER"
            | "GIT_EDITOR"
            | "GIT_EXTERNAL_DIFF"
            | "GIT_CONFIG"
            | "GIT_CONFIG_GLOBAL"
            | "GIT_CONFIG_SYSTEM"
            | "GIT_CONFIG_PARAMETERS"
            | "GIT_CONFIG_COUNT"
            | "PAGER"
            | "EDITOR"
            | "VISUAL"
            | "LESSOPEN"
            | "LESSCLOSE"
            | "MANPAGER"
            | "AWKPATH"
            | "AWKLIBPATH"
    ) || name.starts_with("GIT_CONFIG_KEY_")
        || name.starts_with("GIT_CONFIG_VALUE_")
        || name.starts_with("BASH_FUNC_");
    risky.then(|| format!("setting {name} changes what later commands run: not followed"))
}

/// Why a program of [`LOCAL`] is not local with these arguments: an option
/// that runs another program, or a builtin that sets a variable
/// [`risky_variable`] names.
fn local_exception(base: &str, args: &[Word]) -> Option<String> {
    let runs: &[&str] = match base {
        "rg" => &["--pre"],
        "sort" => &["--compress-program"],
        "split" => &["--filter"],
        "sdiff" => &["--diff-program"],
        "less" | "more" => &["+"],
        _ => &[],
    };
    // Builtins that set the variables their arguments name (`printf` only
    // the one after `-v`).
    let sets = matches!(
        base,
        "read" | "mapfile" | "readarray" | "getopts" | "let" | "unset"
    );
    for (i, arg) in args.iter().enumerate() {
        let names = sets || (base == "printf" && i > 0 && args[i - 1].as_deref() == Some("-v"));
        let Some(arg) = arg else {
            if names {
                return Some(format!(
                    "{base} with a computed argument may set any variable"
                ));
            }
            if let Some(option) = runs.first() {
                return Some(format!(
                    "{base} with a computed argument (it could be {option}..., which runs another program)"
                ));
            }
            continue;
        };
        if let Some(option) = runs.iter().find(|r| arg.starts_with(*r)) {
            return Some(format!("{base} {option} runs another program"));
        }
        if names {
            let name = arg.split(['=', '[']).next().unwrap_or(arg);
            if let Some(why) = risky_variable(name) {
                return Some(why);
            }
        }
    }
    None
}

/// sudo's options that run a shell or an editor rather than a command.
const SUDO_SHELL: &[&str] = &["-s", "-i", "--shell", "--login", "-e", "--edit"];

/// Wrappers that run the rest of their words as a command: name, the
/// options that take a value (as the next word unless attached), and how
/// many operands come before the command (`timeout`'s duration). `nice -5`
/// style numeric options are options too.
const WRAPPERS: &[(&str, &[&str], usize)] = &[
    ("nice", &["-n", "--adjustment"], 0),
    ("nohup", &[], 0),
    ("setsid", &[], 0),
    ("unbuffer", &[], 0),
    ("builtin", &[], 0),
    ("catchsegv", &[], 0),
    ("command", &[], 0),
    ("exec", &["-a"], 0),
    ("timeout", &["-s", "--signal", "-k", "--kill-after"], 1),
    (
        "stdbuf",
        &["-i", "-o", "-e", "--input", "--output", "--error"],
        0,
    ),
    ("time", &["-f", "--format", "-o", "--output"], 0),
    (
        "ionice",
        &["-c", "-n", "-p", "-P", "-u", "--class", "--classdata"],
        0,
    ),
    ("chrt", &["-T", "-P", "-D"], 1),
    ("taskset", &[], 1),
    (
        "sudo",
        &[
            "-u",
            "-g",
            "-h",
            "-p",
            "-C",
            "-D",
            "-r",
            "-t",
            "-T",
            "-U",
            "--user",
            "--group",
            "--host",
            "--prompt",
            "--chdir",
            "--role",
            "--type",
            "--other-user",
            "--close-from",
            "--command-timeout",
        ],
        0,
    ),
    ("doas", &["-u", "-C"], 0),
];

/// Directories whose programs are taken by their file name.
#[rustfmt::skip]
const SYSTEM_DIRS: &[&str] = &[
    "/bin", "/usr/bin", "/usr/local/bin", "/sbin", "/usr/sbin", "/usr/local/sbin",
];

/// Shells: `-c STRING` is followed, a here-doc on them too.
#[rustfmt::skip]
const SHELLS: &[&str] = &[
    "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "rbash", "yash", "posh",
];

/// Programs that reach the network whatever their arguments.
#[rustfmt::skip]
const NETWORK: &[&str] = &[
    "curl", "wget", "wget2", "aria2c", "axel", "lftp", "ftp", "sftp", "tftp", "ssh", "scp", "rsync",
    "mosh", "nc", "ncat", "netcat", "socat", "telnet", "websocat", "http", "https", "xh", "httpie",
    "grpcurl", "ping", "ping6", "traceroute", "tracepath", "mtr", "dig", "nslookup", "host",
    "whois", "nmap", "gh", "hub", "glab", "aws", "gcloud", "gsutil", "az", "kubectl", "helm",
    "docker", "podman", "terraform", "ansible", "ansible-playbook", "rclone", "s3cmd", "svn", "hg",
    "bzr", "fossil", "yt-dlp", "youtube-dl", "torsocks", "proxychains", "proxychains4", "tsocks",
    "sendmail", "mail", "mailx", "mutt", "smbclient", "ldapsearch", "redis-cli", "psql", "mysql",
    "mongo", "mongosh", "ngrok", "cloudflared", "tailscale", "wg", "npx", "pnpx", "bunx", "pipx",
    "ssh-keyscan", "ssh-copy-id", "git-upload-pack", "git-receive-pack", "snap", "flatpak", "wine",
    "vagrant", "heroku", "vercel", "netlify", "firebase", "fly", "flyctl",
];

/// Programs that cannot reach the network (and run no other program) with
/// any arguments.
#[rustfmt::skip]
const LOCAL: &[&str] = &[
    "ls", "cat", "grep", "egrep", "fgrep", "rg", "ag", "jq", "yq", "head", "tail", "wc", "sort",
    "uniq", "cut", "tr", "echo", "printf", "true", "false", "test", "[", "mkdir", "rmdir", "cp",
    "mv", "rm", "touch", "ln", "chmod", "stat", "file", "du", "df", "pwd", "cd", "basename",
    "dirname", "realpath", "readlink", "date", "sleep", "seq", "yes", "tee", "diff", "cmp", "comm",
    "paste", "join", "fold", "fmt", "nl", "expand", "unexpand", "column", "rev", "tac", "od", "xxd",
    "hexdump", "base64", "base32", "basenc", "md5sum", "sha1sum", "sha224sum", "sha256sum",
    "sha384sum", "sha512sum", "b2sum", "cksum", "sum", "gzip", "gunzip", "zcat", "bzip2", "bunzip2",
    "bzcat", "xz", "unxz", "xzcat", "zstd", "unzstd", "lz4", "unzip", "less", "more", "printenv",
    "id", "whoami", "groups", "uname", "hostname", "which", "type", "tput", "clear", "nproc",
    "free", "uptime", "ps", "kill", "wait", "read", "export", "local", "declare", "typeset",
    "readonly", "set", "unset", "shift", "return", "exit", "break", "continue", "pushd", "popd",
    "dirs", "shopt", "getopts", "let", ":", "umask", "ulimit", "mktemp", "split", "csplit", "shuf",
    "truncate", "dd", "iconv", "tree", "bc", "expr", "factor", "numfmt", "pr", "strings",
    "envsubst", "locale", "tty", "stty", "sync", "jobs", "fg", "bg", "disown", "mapfile",
    "readarray", "times", "logname", "arch", "getconf", "cal", "install", "chgrp", "look", "tsort",
    "ptx", "link", "unlink", "shred", "mkfifo", "lsof", "pgrep", "pkill", "killall", "top", "htop",
    "vmstat", "lscpu", "lsblk", "patch", "gcc", "cc", "g++", "c++", "clang", "clang++", "rustc",
    "tsc", "javac", "ld", "as", "ar", "nm", "objdump", "readelf", "strip", "size", "xmllint", "bat",
    "exa", "eza", "diff3", "sdiff", "colordiff", "dos2unix", "unix2dos", "uuidgen", "findmnt",
    "ldd", "rename", "zgrep", "zless", "zdiff", "tabs",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Interp {
    Python,
    Node,
    Ruby,
    Perl,
    Php,
}

fn interpreter(base: &str) -> Option<Interp> {
    let trimmed = base.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    Some(match trimmed {
        "python" | "pypy" => Interp::Python,
        "node" | "nodejs" => Interp::Node,
        "ruby" => Interp::Ruby,
        "perl" => Interp::Perl,
        "php" => Interp::Php,
        _ => return None,
    })
}

impl Interp {
    fn code_flags(self) -> &'static [&'static str] {
        match self {
            Interp::Python => &["-c"],
            Interp::Node => &["-e", "--eval", "-p", "--print"],
            Interp::Ruby => &["-e"],
            Interp::Perl => &["-e", "-E"],
            Interp::Php => &["-r"],
        }
    }

    fn module_flags(self) -> &'static [&'static str] {
        match self {
            Interp::Python => &["-m"],
            Interp::Node => &["-r", "--require", "--import"],
            Interp::Ruby => &["-r"],
            Interp::Perl => &["-M", "-m"],
            Interp::Php => &[],
        }
    }

    fn flags_with_value(self) -> &'static [&'static str] {
        match self {
            Interp::Python => &["-W", "-X", "--check-hash-based-pycs"],
            Interp::Node => &["--input-type", "--title", "--stack-size"],
            Interp::Ruby => &["-C", "-I", "-E", "--encoding"],
            Interp::Perl => &["-I", "-x"],
            Interp::Php => &["-c", "-d", "-z"],
        }
    }

    /// Code that loads `module`, for judging a `-r`/`-M` flag as code.
    fn import_of(self, module: &str) -> String {
        match self {
            Interp::Python => format!("import {module}"),
            Interp::Node => format!("require('{module}')"),
            Interp::Ruby => format!("require '{module}'"),
            Interp::Perl => format!("use {};", module.split('=').next().unwrap_or(module)),
            Interp::Php => String::new(),
        }
    }
}

/// Python modules that reach the network.
#[rustfmt::skip]
const PYTHON_NETWORK: &[&str] = &[
    "urllib", "urllib2", "urllib3", "http", "httplib", "requests", "httpx", "aiohttp", "socket",
    "ssl", "ftplib", "smtplib", "poplib", "imaplib", "nntplib", "telnetlib", "xmlrpc",
    "socketserver", "websocket", "websockets", "paramiko", "pycurl", "boto3", "botocore", "openai",
    "anthropic", "grpc", "zmq", "dns", "webbrowser", "smtpd", "asyncssh", "tornado", "twisted",
    "mechanize", "scrapy", "selenium", "playwright", "pip",
];

/// Python modules that work locally and run no other program.
#[rustfmt::skip]
const PYTHON_LOCAL: &[&str] = &[
    "json", "sys", "re", "math", "cmath", "base64", "hashlib", "hmac", "collections", "itertools",
    "functools", "datetime", "time", "pathlib", "csv", "textwrap", "string", "random", "statistics",
    "pprint", "glob", "fnmatch", "struct", "binascii", "uuid", "decimal", "fractions", "operator",
    "typing", "dataclasses", "enum", "locale", "unicodedata", "difflib", "shlex", "argparse",
    "tomllib", "configparser", "zlib", "gzip", "bz2", "lzma", "tarfile", "zipfile", "io", "copy",
    "heapq", "bisect", "array", "secrets", "calendar", "html", "xml", "os", "shutil", "tempfile",
    "stat", "filecmp", "linecache", "keyword", "abc", "contextlib", "numbers", "colorsys",
    "textwrap", "getpass", "platform", "errno", "warnings", "logging", "traceback", "inspect",
    "yaml", "tomli", "__future__",
];

/// Names in Python code that run other code or programs (or reach names
/// the gate cannot see).
#[rustfmt::skip]
const PYTHON_DYNAMIC: &[&str] = &[
    "__import__", "importlib", "exec", "eval", "compile", "getattr", "setattr", "globals", "locals",
    "vars", "__builtins__", "__dict__", "__class__", "__subclasses__", "subprocess", "system",
    "popen", "spawnl", "spawnlp", "spawnv", "spawnvp", "execv", "execve", "execvp", "execl",
    "execlp", "fork", "forkpty", "pty", "ctypes", "cffi", "pickle", "marshal", "runpy",
    "breakpoint", "modules",
];

#[rustfmt::skip]
const NODE_NETWORK: &[&str] = &[
    "http", "https", "http2", "net", "tls", "dgram", "dns", "undici", "axios", "node-fetch", "got",
    "request", "superagent", "ws", "socket.io-client",
];

/// Globals of node that reach the network without a `require`.
const NODE_NETWORK_NAMES: &[&str] = &["fetch", "WebSocket", "XMLHttpRequest", "EventSource"];

#[rustfmt::skip]
const NODE_LOCAL: &[&str] = &[
    "fs", "path", "os", "util", "crypto", "zlib", "assert", "events", "stream", "string_decoder",
    "url", "querystring", "buffer", "readline", "fs/promises", "timers", "perf_hooks",
];

#[rustfmt::skip]
const NODE_DYNAMIC: &[&str] = &[
    "child_process", "eval", "Function", "vm", "worker_threads", "cluster", "binding", "dlopen",
    "globalThis", "global", "constructor", "Reflect", "Proxy", "process.binding", "module",
    "setTimeout", "setInterval",
];

#[rustfmt::skip]
const RUBY_NETWORK: &[&str] = &[
    "net/http", "net/https", "open-uri", "socket", "net/ftp", "net/smtp", "faraday", "httparty",
    "rest-client", "excon", "typhoeus",
];

#[rustfmt::skip]
const RUBY_NETWORK_NAMES: &[&str] = &[
    "Net::", "TCPSocket", "UDPSocket", "Socket", "URI.open", "OpenURI",
];

#[rustfmt::skip]
const RUBY_LOCAL: &[&str] = &[
    "json", "set", "date", "time", "digest", "base64", "csv", "yaml", "pp", "securerandom",
    "fileutils", "pathname", "tempfile",
];

#[rustfmt::skip]
const RUBY_DYNAMIC: &[&str] = &[
    "system", "exec", "spawn", "popen", "open", "eval", "instance_eval", "class_eval",
    "module_eval", "send", "public_send", "__send__", "const_get", "method", "Fiddle", "syscall",
    "fork", "load", "require_relative", "binding", "Kernel", "ObjectSpace", "`", "%x",
];

#[rustfmt::skip]
const PERL_NETWORK: &[&str] = &[
    "IO::Socket", "LWP", "HTTP::Tiny", "Net::", "Socket", "socket", "Mojo::UserAgent",
    "WWW::Mechanize", "Furl", "IO::Socket::INET", "IO::Socket::IP", "IO::Socket::SSL",
];

#[rustfmt::skip]
const PERL_DYNAMIC: &[&str] = &[
    "system", "exec", "qx", "`", "open", "eval", "do", "require", "syscall", "fork", "pipe",
    "readpipe", "glob", "dlopen", "DynaLoader", "XSLoader", "*CORE::",
];

#[rustfmt::skip]
const PERL_LOCAL: &[&str] = &[
    "strict", "warnings", "utf8", "feature", "JSON::PP", "List::Util", "Data::Dumper",
    "Scalar::Util", "File::Basename", "File::Spec", "Getopt::Long", "Encode", "MIME::Base64",
    "Digest::MD5", "Digest::SHA", "Time::Local", "Text::Wrap", "constant", "open",
];

#[rustfmt::skip]
const PHP_NETWORK: &[&str] = &[
    "fsockopen", "pfsockopen", "curl_init", "curl_exec", "stream_socket_client", "socket_create",
    "socket_connect", "mail", "ftp_connect", "://",
];

#[rustfmt::skip]
const PHP_DYNAMIC: &[&str] = &[
    "system", "exec", "shell_exec", "passthru", "popen", "proc_open", "pcntl_exec", "eval",
    "assert", "create_function", "include", "include_once", "require", "require_once", "`",
    "call_user_func", "call_user_func_array", "dl", "FFI", "$", "preg_replace",
];

/// Judges inline interpreter code by what it names: a network module or API
/// is network; anything that runs other code or programs, or loads a module
/// the gate does not know, is unknown; the rest is local.
fn inline(lang: Interp, code: &str) -> (Class, String) {
    let (modules, names, dynamic, local): (&[&str], &[&str], &[&str], &[&str]) = match lang {
        Interp::Python => (PYTHON_NETWORK, &[], PYTHON_DYNAMIC, PYTHON_LOCAL),
        Interp::Node => (NODE_NETWORK, NODE_NETWORK_NAMES, NODE_DYNAMIC, NODE_LOCAL),
        Interp::Ruby => (RUBY_NETWORK, RUBY_NETWORK_NAMES, RUBY_DYNAMIC, RUBY_LOCAL),
        Interp::Perl => (PERL_NETWORK, PERL_NETWORK, PERL_DYNAMIC, PERL_LOCAL),
        Interp::Php => (&[], PHP_NETWORK, PHP_DYNAMIC, &[]),
    };
    let imports = imports(lang, code);
    for module in &imports {
        let root = module_root(lang, module);
        if modules.contains(&root)
            || modules.contains(&module.as_str())
            || modules
                .iter()
                .any(|m| m.ends_with("::") && module.starts_with(m))
        {
            return (
                Class::Network,
                format!("loads {module}, which reaches the network"),
            );
        }
    }
    if let Some(name) = names.iter().find(|n| mentions(code, n)) {
        return (
            Class::Network,
            format!("uses {name}, which reaches the network"),
        );
    }
    if let Some(name) = dynamic.iter().find(|n| mentions(code, n)) {
        return (
            Class::Unknown,
            format!("uses {name}, which can run code the gate does not see"),
        );
    }
    for module in &imports {
        let root = module_root(lang, module);
        if !local.contains(&root) && !local.contains(&module.as_str()) {
            return (
                Class::Unknown,
                format!("loads {module}, a module the gate does not know"),
            );
        }
    }
    (
        Class::Local,
        "names no network module and runs no other code".into(),
    )
}

/// Whether `code` mentions `name` as a whole identifier (or, for names that
/// are not identifiers, anywhere).
fn mentions(code: &str, name: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    if !name.chars().all(ident) {
        return code.contains(name);
    }
    code.match_indices(name).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + name.len()..].chars().next();
        !before.is_some_and(ident) && !after.is_some_and(ident)
    })
}

fn module_root(lang: Interp, module: &str) -> &str {
    let module = module.strip_prefix("node:").unwrap_or(module);
    match lang {
        Interp::Python => module.split('.').next().unwrap_or(module),
        Interp::Node => {
            if module.starts_with('@') {
                module
            } else {
                module.split('/').next().unwrap_or(module)
            }
        }
        _ => module,
    }
}

/// The modules `code` loads by name: `import a, b`, `from a import`,
/// `require('a')`, `import x from 'a'`, `use A::B`, `require 'a'`.
fn imports(lang: Interp, code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !(c.is_ascii_alphanumeric() || "_.:/@-".contains(c)))
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    match lang {
        Interp::Python => {
            for stmt in code.split(['\n', ';']) {
                let stmt = stmt.trim();
                if let Some(rest) = stmt.strip_prefix("import ") {
                    for part in rest.split(',') {
                        if let Some(m) = words(part).first() {
                            out.push(m.clone());
                        }
                    }
                } else if let Some(rest) = stmt.strip_prefix("from ") {
                    if let Some(m) = words(rest).first() {
                        out.push(m.clone());
                    }
                }
            }
        }
        Interp::Node => {
            for quote in ['\'', '"', '`'] {
                for (at, _) in code.match_indices(quote) {
                    let before = code[..at].trim_end();
                    let loads = before.ends_with("require(")
                        || before.ends_with("from")
                        || before.ends_with("import")
                        || before.ends_with("import(");
                    if loads {
                        let rest = &code[at + 1..];
                        if let Some(end) = rest.find(quote) {
                            out.push(rest[..end].to_string());
                        }
                    }
                }
            }
        }
        Interp::Ruby => {
            for stmt in code.split(['\n', ';']) {
                let stmt = stmt.trim();
                if let Some(rest) = stmt.strip_prefix("require") {
                    let name: String = rest
                        .trim_start_matches(['(', ' '])
                        .trim_matches(|c| c == '\'' || c == '"' || c == ' ' || c == ')')
                        .to_string();
                    out.push(name);
                }
            }
        }
        Interp::Perl => {
            for stmt in code.split(['\n', ';']) {
                let stmt = stmt.trim();
                if let Some(rest) = stmt.strip_prefix("use ") {
                    if let Some(m) = words(rest).first() {
                        out.push(m.clone());
                    }
                }
            }
        }
        Interp::Php => {}
    }
    out
}

/// pip's subcommands that work locally.
#[rustfmt::skip]
const PIP_LOCAL: &[&str] = &[
    "list", "show", "freeze", "check", "uninstall", "help", "config", "cache", "debug", "hash",
    "inspect",
];

/// The package managers and toolchains that fetch: network, but for the
/// subcommands listed as local or as running scripts (unknown).
fn package_manager(base: &str, args: &[Word]) -> Option<(Class, String)> {
    let (local, scripts): (&[&str], &[&str]) = match base {
        b if b == "pip" || b.starts_with("pip3") => (PIP_LOCAL, &[]),
        "npm" | "pnpm" | "yarn" | "bun" | "corepack" => (
            &[
                "ls", "list", "ll", "la", "help", "prefix", "root", "config", "get", "explain",
                "why", "bin", "query",
            ],
            &[
                "run",
                "run-script",
                "test",
                "t",
                "tst",
                "start",
                "stop",
                "restart",
                "rebuild",
                "version",
                "pack",
            ],
        ),
        "cargo" => (
            &["metadata", "locate-project", "pkgid", "verify-project"],
            &[],
        ),
        "go" => (&["version", "env", "fmt", "doc", "help"], &[]),
        "gem" | "bundle" | "bundler" | "composer" | "poetry" | "uv" | "conda" | "mamba"
        | "micromamba" | "brew" | "deno" | "rustup" | "nix" | "apt" | "apt-get" | "dnf" | "yum"
        | "apk" | "pacman" | "zypper" | "mvn" | "gradle" | "sbt" | "dotnet" | "nuget" | "pod"
        | "swift" | "stack" | "cabal" | "opam" | "luarocks" | "cpan" | "cpanm" | "hatch"
        | "pdm" | "pipenv" | "rye" | "conan" | "vcpkg" => (&["list"], &[]),
        _ => return None,
    };
    let sub = args.iter().find(|w| {
        w.as_deref().is_none_or(|a| {
            !a.starts_with('-') || matches!(a, "--version" | "-v" | "-V" | "--help" | "-h")
        })
    });
    let Some(sub) = sub else {
        // Alone: pip and npm print help; yarn and bun install.
        return Some(if matches!(base, "yarn" | "bun" | "pnpm") {
            (
                Class::Network,
                format!("{base} alone installs the project's dependencies"),
            )
        } else {
            (Class::Local, format!("{base} alone prints its help"))
        });
    };
    let Some(sub) = sub else {
        return Some((Class::Unknown, format!("{base} with a computed subcommand")));
    };
    Some(
        if matches!(
            sub.as_str(),
            "--version" | "-v" | "-V" | "--help" | "-h" | "help"
        ) {
            (Class::Local, format!("{base} {sub} prints and exits"))
        } else if local.contains(&sub.as_str()) {
            (Class::Local, format!("{base} {sub} works locally"))
        } else if scripts.contains(&sub.as_str()) {
            (
                Class::Unknown,
                format!("{base} {sub} runs the project's scripts, which the gate does not read"),
            )
        } else {
            (
                Class::Network,
                format!("{base} {sub} may download or publish"),
            )
        },
    )
}

/// `git [global options] SUBCOMMAND ...`
fn git(args: &[Word]) -> (Class, String) {
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        let Some(arg) = arg else {
            return (Class::Unknown, "git with a computed argument".into());
        };
        match arg.as_str() {
            "-C" => i += 2,
            "-c" | "--config-env" | "--exec-path" => {
                return (
                    Class::Unknown,
                    format!("git {arg} can name programs git runs: not followed"),
                )
            }
            a if a.starts_with("--exec-path") || a.starts_with("--config-env") => {
                return (
                    Class::Unknown,
                    format!("git {a} can name programs git runs"),
                )
            }
            a if a.starts_with('-') => {
                if matches!(a, "--version" | "--help" | "-h" | "-v") {
                    return (Class::Local, format!("git {a}"));
                }
                i += 1;
            }
            _ => break,
        }
    }
    let Some(sub) = args.get(i) else {
        return (Class::Local, "git alone prints its help".into());
    };
    let Some(sub) = sub else {
        return (Class::Unknown, "git with a computed subcommand".into());
    };
    const NET: &[&str] = &[
        "fetch",
        "clone",
        "push",
        "pull",
        "ls-remote",
        "submodule",
        "send-email",
        "svn",
        "p4",
        "request-pull",
        "lfs",
        "fetch-pack",
        "send-pack",
        "archive",
        "daemon",
        "http-fetch",
        "http-push",
        "remote-http",
        "remote-https",
        "imap-send",
        "instaweb",
    ];
    const LOCAL_SUBS: &[&str] = &[
        "status",
        "log",
        "diff",
        "show",
        "add",
        "commit",
        "branch",
        "checkout",
        "switch",
        "restore",
        "reset",
        "rebase",
        "merge",
        "stash",
        "tag",
        "rev-parse",
        "init",
        "mv",
        "rm",
        "grep",
        "blame",
        "describe",
        "shortlog",
        "cherry-pick",
        "revert",
        "clean",
        "ls-files",
        "ls-tree",
        "cat-file",
        "reflog",
        "worktree",
        "apply",
        "am",
        "format-patch",
        "notes",
        "for-each-ref",
        "show-ref",
        "symbolic-ref",
        "update-ref",
        "hash-object",
        "write-tree",
        "read-tree",
        "commit-tree",
        "merge-base",
        "rev-list",
        "name-rev",
        "gc",
        "fsck",
        "prune",
        "count-objects",
        "version",
        "help",
        "diff-tree",
        "diff-files",
        "diff-index",
        "range-diff",
        "cherry",
        "whatchanged",
        "sparse-checkout",
        "check-ignore",
        "check-attr",
        "var",
        "stripspace",
        "mktree",
        "mktag",
        "verify-pack",
        "show-branch",
        "bisect",
    ];
    if NET.contains(&sub.as_str()) {
        return (Class::Network, format!("git {sub} talks to a remote"));
    }
    if sub == "remote" {
        let action = args.get(i + 1).cloned().flatten();
        return match action.as_deref() {
            None
            | Some("-v" | "--verbose" | "get-url" | "rename" | "remove" | "rm" | "set-url") => {
                (Class::Local, "git remote without contacting it".into())
            }
            Some(a) => (
                Class::Network,
                format!("git remote {a} may contact the remote"),
            ),
        };
    }
    if sub == "config" {
        // Setting an alias or a program makes later git commands run it.
        let risky = args.iter().skip(i + 1).any(|w| {
            w.as_deref().is_none_or(|a| {
                let a = a.to_ascii_lowercase();
                a.starts_with("alias.")
                    || [
                        "command",
                        "program",
                        "pager",
                        "editor",
                        "helper",
                        "hookspath",
                        "fsmonitor",
                        "external",
                        "textconv",
                        "sshcommand",
                        "proxy",
                        "include",
                    ]
                    .iter()
                    .any(|k| a.contains(k))
            })
        });
        return if risky {
            (
                Class::Unknown,
                "git config names a program git will run".into(),
            )
        } else {
            (Class::Local, "git config".into())
        };
    }
    if LOCAL_SUBS.contains(&sub.as_str()) {
        return (
            Class::Local,
            format!("git {sub} works on the local repository"),
        );
    }
    (
        Class::Unknown,
        format!("git {sub} is not a subcommand the gate knows"),
    )
}

/// `sed`: GNU sed's `e` command and `s///e` flag run shell commands; a
/// script from a file (`-f`) is not read.
fn sed(args: &[Word]) -> (Class, String) {
    match sed_scripts(args) {
        Err(why) => (Class::Unknown, why.into()),
        Ok(scripts) if scripts.iter().any(|s| sed_runs_commands(s)) => (
            Class::Unknown,
            "sed's e command or s///e flag runs shell commands".into(),
        ),
        Ok(_) => (Class::Local, "sed without e commands".into()),
    }
}

/// The scripts `sed ARGS` runs (each `-e`, or else its first operand);
/// why they cannot be known when an argument is computed or a script is
/// a file.
pub(crate) fn sed_scripts(args: &[Word]) -> Result<Vec<String>, &'static str> {
    const SCRIPT_FILE: &str = "sed -f runs a script file the gate does not read";
    let mut scripts = Vec::new();
    let mut explicit = false;
    let mut i = 0;
    let mut operand_script = None;
    let mut options_ended = false;
    while let Some(arg) = args.get(i) {
        i += 1;
        let Some(arg) = arg else {
            // GNU sed takes options anywhere: a computed word may be one
            // (`--expression=e curl ...`).
            if !options_ended || (!explicit && operand_script.is_none()) {
                return Err("sed with a computed argument (it could be a script or an option)");
            }
            continue;
        };
        if options_ended {
            if !explicit && operand_script.is_none() {
                operand_script = Some(arg.to_string());
            }
            continue;
        }
        match arg.as_str() {
            "--" => options_ended = true,
            "-e" | "--expression" => {
                explicit = true;
                match args.get(i).cloned().flatten() {
                    Some(s) => scripts.push(s),
                    None => return Err("sed -e with a computed script"),
                }
                i += 1;
            }
            "-f" | "--file" => return Err(SCRIPT_FILE),
            a if a.starts_with("--expression=") => {
                explicit = true;
                scripts.push(a["--expression=".len()..].to_string());
            }
            a if a.starts_with("--file=") || (a.starts_with("-f") && !a.starts_with("--")) => {
                return Err(SCRIPT_FILE)
            }
            a if a.starts_with('-') && a.len() > 1 => {}
            a => {
                if !explicit && operand_script.is_none() {
                    operand_script = Some(a.to_string());
                }
            }
        }
    }
    scripts.extend(operand_script);
    Ok(scripts)
}

/// Whether a sed script has an `e` command or an `s///e` flag: GNU sed
/// runs them as shell commands.
pub(crate) fn sed_runs_commands(script: &str) -> bool {
    for piece in script.split(['\n', ';']) {
        let cmd = piece
            .trim_start()
            .trim_start_matches(|c: char| c.is_ascii_digit() || ",$!~ ".contains(c));
        // An address regex (`/re/e`): skip it.
        let cmd = match cmd.strip_prefix('/') {
            Some(rest) => rest
                .split_once('/')
                .map_or("", |(_, after)| after)
                .trim_start_matches([' ', '!']),
            None => cmd,
        };
        let cmd = cmd.trim_start_matches(['{', ' ']);
        if cmd.starts_with('e') {
            return true;
        }
        if let Some(rest) = cmd.strip_prefix('s') {
            let mut chars = rest.chars();
            let Some(delim) = chars.next() else { continue };
            let mut seen = 0;
            let mut escaped = false;
            let mut flags = String::new();
            for c in chars {
                if seen == 2 {
                    if c.is_ascii_alphanumeric() {
                        flags.push(c);
                        continue;
                    }
                    break;
                }
                if escaped {
                    escaped = false;
                } else if c == '\\' {
                    escaped = true;
                } else if c == delim {
                    seen += 1;
                }
            }
            // An unfinished s command (its rest after a `;` inside it) is
            // judged by the next piece; an `e` there is caught above.
            if flags.contains('e') {
                return true;
            }
        }
    }
    false
}

/// `awk 'PROGRAM'`: `system()`, `getline` from a command, output piped to a
/// command and gawk's `/inet/` files.
fn awk(args: &[Word]) -> (Class, String) {
    let mut programs = Vec::new();
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        i += 1;
        let Some(arg) = arg else {
            if programs.is_empty() {
                return (Class::Unknown, "awk with a computed program".into());
            }
            continue;
        };
        match arg.as_str() {
            "-F" | "-v" | "--assign" | "--field-separator" => i += 1,
            "-f" | "--file" | "-i" | "--include" | "-l" | "--load" | "-E" | "--exec" => {
                return (
                    Class::Unknown,
                    format!("awk {arg} loads a file the gate does not read"),
                )
            }
            "-e" | "--source" => {
                match args.get(i).cloned().flatten() {
                    Some(p) => programs.push(p),
                    None => return (Class::Unknown, "awk -e with a computed program".into()),
                }
                i += 1;
            }
            "--" => {
                if programs.is_empty() {
                    match args.get(i).cloned().flatten() {
                        Some(p) => programs.push(p),
                        None => return (Class::Unknown, "awk with a computed program".into()),
                    }
                }
                break;
            }
            a if a.starts_with('-') && a.len() > 1 => {}
            a => {
                if programs.is_empty() {
                    programs.push(a.to_string());
                }
                break;
            }
        }
    }
    for program in &programs {
        if program.contains("/inet") {
            return (
                Class::Network,
                "gawk's /inet/ special files open sockets".into(),
            );
        }
        for name in ["system", "getline", "@load", "@include", "|&"] {
            if program.contains(name) {
                return (
                    Class::Unknown,
                    format!("awk's {name} can run commands the gate does not see"),
                );
            }
        }
        if awk_pipes(program) {
            return (
                Class::Unknown,
                "awk pipes output to a command the gate does not see".into(),
            );
        }
    }
    (
        Class::Local,
        "awk without system(), getline or pipes".into(),
    )
}

/// Whether an awk program has a `|` outside string and regex literals (a
/// pipe to a command; `||` is a logical or).
fn awk_pipes(program: &str) -> bool {
    let chars: Vec<char> = program.chars().collect();
    let mut i = 0;
    let mut last = '\n';
    while i < chars.len() {
        let c = chars[i];
        match c {
            '"' => {
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            // A regex literal where an operand may start.
            '/' if "\n;{}(,~!&|".contains(last) => {
                i += 1;
                while i < chars.len() && chars[i] != '/' {
                    if chars[i] == '\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            '#' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '|' => {
                if chars.get(i + 1) == Some(&'|') {
                    i += 2;
                    last = '|';
                    continue;
                }
                return true;
            }
            _ => {}
        }
        if !c.is_whitespace() || c == '\n' {
            last = c;
        }
        i += 1;
    }
    false
}

/// `tar`: options that run programs, and remote archives (`host:file`).
fn tar(args: &[Word]) -> (Class, String) {
    for (i, arg) in args.iter().enumerate() {
        let Some(arg) = arg else {
            return (Class::Unknown, "tar with a computed argument".into());
        };
        let runs = [
            "--to-command",
            "--use-compress-program",
            "--checkpoint-action",
            "--info-script",
            "--new-volume-script",
            "--rsh-command",
            "--rmt-command",
        ];
        if runs.iter().any(|r| arg.starts_with(r)) || arg == "-I" || arg == "-F" {
            return (Class::Unknown, format!("tar {arg} runs a program"));
        }
        let is_file_flag = arg == "-f"
            || arg == "--file"
            || (arg.starts_with('-') && !arg.starts_with("--") && arg.ends_with('f'));
        let archive = if let Some(a) = arg.strip_prefix("--file=") {
            Some(a.to_string())
        } else if is_file_flag || (i == 0 && !arg.starts_with('-') && arg.ends_with('f')) {
            args.get(i + 1).cloned().flatten()
        } else {
            None
        };
        if let Some(archive) = archive {
            let before_slash = archive.split('/').next().unwrap_or("");
            if before_slash.contains(':') && !arg.contains("force-local") {
                return (
                    Class::Network,
                    format!("tar archive {archive} is on a remote host (rmt)"),
                );
            }
        }
    }
    (Class::Local, "tar on local files".into())
}

#[cfg(test)]
#[path = "shell_tests.rs"]
mod tests;
