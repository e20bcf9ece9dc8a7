//! What the built-in reviewer makes of the literals the sanitizer hid: the
//! program a process call starts, credential files, system files deleted
//! or overwritten. The built-in reviewer is code, so it can read the data
//! without being steered by it; models only ever see the placeholders.
//!
//! Best effort by design: the argument list is read where it is written
//! (`["curl", url]`, `"dd if=/dev/zero of=/dev/sda".split()`, a name
//! assigned one of those earlier in the file); a command assembled at run
//! time is not followed (the LLM reviewers see that it is assembled).

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

use super::builtin::Severity;
use crate::needs;
use crate::prefilter::{Catalog, Entry, Gap};

/// One finding: the 1-based line of the sanitized code, and the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct LiteralFinding {
    pub line: usize,
    pub severity: Severity,
    pub id: &'static str,
    pub message: &'static str,
}

/// Programs that run code they are given: a file, stdin, or a string.
const INTERPRETERS: &[&str] = &[
    "python",
    "python2",
    "python3",
    "pypy",
    "pypy3",
    "node",
    "nodejs",
    "deno",
    "bun",
    "perl",
    "ruby",
    "php",
    "lua",
    "bash",
    "sh",
    "dash",
    "zsh",
    "ksh",
    "fish",
    "csh",
    "tcsh",
    "pwsh",
    "powershell",
    "osascript",
    "Rscript",
    "java",
    "npx",
];
/// The options that make an interpreter run its next argument as code.
const CODE_OPTIONS: &[&str] = &[
    "-c", "-e", "-E", "--eval", "-p", "--print", "-Command", "-command",
];
/// HTTP clients, which the jail's egress proxy serves where the profile
/// offers it.
const HTTP_CLIENTS: &[&str] = &["curl", "wget"];
/// The id of a finding that starts one of [`HTTP_CLIENTS`].
pub(super) const RUN_HTTP_CLIENT: &str = "run-http-client";
/// Other network clients (`rsync` only with a remote path: see
/// [`classify`]).
const NETWORK_TOOLS: &[&str] = &[
    "scp",
    "sftp",
    "ssh",
    "rsync",
    "nc",
    "ncat",
    "netcat",
    "socat",
    "telnet",
    "ftp",
    "tftp",
    "lftp",
    "nmap",
    "aria2c",
    "smbclient",
    "ngrok",
];
/// Programs that ask for privileges or enter other namespaces.
const PRIVILEGE_TOOLS: &[&str] = &[
    "sudo", "su", "doas", "pkexec", "runuser", "chroot", "nsenter", "unshare", "setcap", "capsh",
];
/// Programs that change the machine: services, disks, firewall, kernel,
/// users, schedules (`dd` only when it writes a device).
const SYSTEM_TOOLS: &[&str] = &[
    "systemctl",
    "service",
    "shutdown",
    "reboot",
    "halt",
    "poweroff",
    "init",
    "telinit",
    "modprobe",
    "insmod",
    "rmmod",
    "iptables",
    "ip6tables",
    "nft",
    "ufw",
    "mount",
    "umount",
    "swapoff",
    "crontab",
    "useradd",
    "userdel",
    "usermod",
    "passwd",
    "chpasswd",
    "visudo",
    "sysctl",
    "fdisk",
    "sfdisk",
    "parted",
    "wipefs",
    "shred",
    "mkswap",
    "dd",
];
/// Programs that run the rest of their arguments as another command.
const WRAPPERS: &[&str] = &[
    "nohup", "env", "timeout", "nice", "ionice", "setsid", "stdbuf", "time", "command", "exec",
    "xargs", "busybox", "start", "cmd", "/c",
];

/// Every list above, for the approval cache's key: a change to what the
/// reviewer judges must not reuse old approvals.
pub(super) fn lists() -> impl Iterator<Item = &'static str> {
    [
        INTERPRETERS,
        CODE_OPTIONS,
        HTTP_CLIENTS,
        NETWORK_TOOLS,
        PRIVILEGE_TOOLS,
        SYSTEM_TOOLS,
        WRAPPERS,
    ]
    .into_iter()
    .flatten()
    .copied()
    .chain([
        CREDENTIAL_PATTERN,
        SYSTEM_PATH_PATTERN,
        PY_PROCESS,
        JS_PROCESS,
    ])
    .chain([PY_CHANGE_FILE, PY_OPEN, JS_CHANGE_FILE])
}

const PY_PROCESS: &str = r"\b(?:subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|os\.(?:system|popen|exec[lv]p?e?|spawn[lv]p?e?|posix_spawnp?)|pty\.spawn|pexpect\.(?:spawn|run)|asyncio\.create_subprocess_(?:exec|shell))\s*\(";
// A bare `spawnSync(` is the imported one: the sanitizer renames the
// file's own functions.
const JS_PROCESS: &str = r"(?:\bchild_process\.|(?:^|(?u:[^.\w$])))(?:spawn|spawnSync|execFile|execFileSync|fork|exec|execSync)\s*\(|\bBun\.spawn(?:Sync)?\s*\(|\bDeno\.Command\s*\(";
const PY_CHANGE_FILE: &str = r"\b(?:os\.(?:remove|unlink|rmdir|removedirs|truncate|chmod|chown|rename|replace)|shutil\.(?:rmtree|move|chown))\s*\(";
/// `open(path, mode)`: a change only when the mode writes.
const PY_OPEN: &str = r"(?:^|(?u:[^.\w]))open\s*\(";
const JS_CHANGE_FILE: &str = r"\bfs\.(?:(?:promises\.)?(?:unlink|rm|rmdir|writeFile|appendFile|truncate|chmod|chown|rename|copyFile)(?:Sync)?)\s*\(";
const CREDENTIAL_PATTERN: &str = r"(?:^|[/~\\])\.ssh(?:[/\\]|$)|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\.aws[/\\](?:credentials|config)\b|(?:^|[/~])\.netrc$|\.git-credentials\b|\.docker/config\.json|\.kube/config\b|(?:^|[/~])\.gnupg\b|/etc/(?:shadow|gshadow|sudoers)\b|/proc/(?:self|\d+)/environ\b|\.(?:bash|zsh)_history\b|(?:^|[/~])\.pgpass\b|Login Data\b|cookies\.sqlite\b|key[34]\.db\b|logins\.json\b|\.config/gcloud\b|(?:^|[/~])\.npmrc\b|(?:^|[/~])\.pypirc\b|\bLocal State\b|Local Storage[/\\]+leveldb\b|\.electrum\b|wallet\.dat\b|exodus\.wallet\b|Ethereum[/\\]+keystore\b|nkbihfbeogaeaoehlefnkodbefgpgknn|Telegram Desktop[/\\]+tdata\b";
const SYSTEM_PATH_PATTERN: &str = r"^(?:/etc/|/bin/|/sbin/|/lib|/usr/|/boot/|/dev/(?:sd|nvme|hd|vd|mmcblk|mem|kmem|port)|/sys/|/proc/sys/|/var/lib/|/var/spool/cron|/root/|[Cc]:\\[Ww]indows\\)";

#[expect(
    clippy::expect_used,
    reason = "constant patterns; every one is exercised by the tests"
)]
fn compile(pattern: &str) -> Regex {
    Regex::new(pattern).expect("valid constant regex")
}

// A placeholder in its quotes; an f-string or template literal keeps its
// embedded code after it (`f"S1{a}"`, `` `S1${a}` ``).
static PLACEHOLDER: LazyLock<Regex> =
    LazyLock::new(|| compile(r#"^[bft]*["'`]S(\d+)(?:["'`]|\{|\$\{)"#));
static ANY_PLACEHOLDER: LazyLock<Regex> =
    LazyLock::new(|| compile(r#"["'`]S(\d+)(?:["'`]|\{|\$\{)"#));
static NAME: LazyLock<Regex> = LazyLock::new(|| compile(r"^[A-Za-z_$][\w$]*"));
const BINDING: &str =
    r"(?m)^[ \t]*(?:(?:const|let|var)[ \t]+)?([A-Za-z_$][\w$]*)[ \t]*=[ \t]*([\[\x22'`bft])";

/// The larger patterns, by name: compiled only for a text holding what
/// their matches need (`needs::LITERALS`), as the other catalogs are.
/// Compiling them all costs more than a whole review of most files.
const PATTERNS: [(&str, &str); 8] = [
    ("py-process", PY_PROCESS),
    ("js-process", JS_PROCESS),
    ("py-change-file", PY_CHANGE_FILE),
    ("js-change-file", JS_CHANGE_FILE),
    ("py-open", PY_OPEN),
    ("credential", CREDENTIAL_PATTERN),
    ("system-path", SYSTEM_PATH_PATTERN),
    ("binding", BINDING),
];
const PY_PROCESS_AT: usize = 0;
const JS_PROCESS_AT: usize = 1;
const PY_CHANGE_FILE_AT: usize = 2;
const JS_CHANGE_FILE_AT: usize = 3;
const PY_OPEN_AT: usize = 4;
const CREDENTIAL_AT: usize = 5;
const SYSTEM_PATH_AT: usize = 6;
const BINDING_AT: usize = 7;

/// For the needs table's test.
#[cfg(test)]
pub(crate) fn patterns() -> Vec<(&'static str, String)> {
    PATTERNS
        .iter()
        .map(|(name, pattern)| (*name, (*pattern).to_string()))
        .collect()
}

static CATALOG: LazyLock<Catalog> = LazyLock::new(|| {
    let entries = PATTERNS
        .iter()
        .map(|(name, pattern)| Entry {
            pattern: (*pattern).to_string(),
            needs: needs::of(needs::LITERALS, name),
            span: None,
        })
        .collect();
    Catalog::new(entries, false, &Gap::NONE)
});

/// The catalog's patterns that can match in one text.
struct Candidates(Vec<bool>);

impl Candidates {
    fn of(text: &str) -> Candidates {
        Candidates(CATALOG.candidates(text))
    }

    /// Pattern `index`, if it can match.
    fn regex(&self, index: usize) -> Option<&'static regex_automata::meta::Regex> {
        if self.0.get(index).copied().unwrap_or(true) {
            CATALOG.regex(index)
        } else {
            None
        }
    }

    fn find_iter<'t>(
        &self,
        index: usize,
        text: &'t str,
    ) -> impl Iterator<Item = regex_automata::Match> + 't {
        self.regex(index)
            .into_iter()
            .flat_map(move |regex| regex.find_iter(text))
    }
}

/// How far past a call's `(` an argument list is read.
const MAX_ARGUMENT_BYTES: usize = 4096;

/// The findings for sanitized `code` in `language` whose placeholders
/// stand for `literals`.
pub(super) fn findings(language: &str, code: &str, literals: &[String]) -> Vec<LiteralFinding> {
    if literals.is_empty() {
        return Vec::new();
    }
    let (process, change_file) = match language {
        "python" => (PY_PROCESS_AT, PY_CHANGE_FILE_AT),
        "javascript" | "typescript" => (JS_PROCESS_AT, JS_CHANGE_FILE_AT),
        _ => return Vec::new(),
    };
    let in_code = Candidates::of(code);
    let reader = Reader::new(code, literals, &in_code);
    let mut out = Vec::new();
    for call in in_code.find_iter(process, code) {
        let argv = reader.argv(call.end());
        if let Some((severity, id, message)) = classify(&argv) {
            out.push(LiteralFinding {
                line: line_of(code, call.end() - 1),
                severity,
                id,
                message,
            });
        }
    }
    let opened = (language == "python").then(|| {
        in_code.find_iter(PY_OPEN_AT, code).filter(|call| {
            reader
                .next_argument(call.end())
                .and_then(|at| reader.value(at, 0).into_iter().next())
                .is_some_and(|mode| mode.contains(['w', 'a', 'x', '+']))
        })
    });
    let changes = in_code
        .find_iter(change_file, code)
        .chain(opened.into_iter().flatten());
    for call in changes {
        let path = reader.value(call.end(), 0);
        let system_path = path.first().is_some_and(|path| {
            Candidates::of(path)
                .regex(SYSTEM_PATH_AT)
                .is_some_and(|regex| regex.is_match(path))
        });
        if system_path {
            out.push(LiteralFinding {
                line: line_of(code, call.end() - 1),
                severity: Severity::Major,
                id: "changes-system-file",
                message: "deletes, moves or overwrites a system file: a human decides",
            });
        }
    }
    // Every literal is a substring of their joined text: what none of
    // them can match is skipped for all.
    if let Some(credential) = Candidates::of(&literals.join("\n")).regex(CREDENTIAL_AT) {
        for placeholder in ANY_PLACEHOLDER.captures_iter(code) {
            let (Some(whole), Some(text)) = (placeholder.get(0), reader.literal(&placeholder[1]))
            else {
                continue;
            };
            if credential.is_match(text) {
                out.push(LiteralFinding {
                    line: line_of(code, whole.start()),
                    severity: Severity::Major,
                    id: "names-credential-file",
                    message: "names a credential store (SSH keys, cloud, registry or browser credentials, an app's tokens, a cryptocurrency wallet, shadow passwords, another process's environment): a human decides",
                });
            }
        }
    }
    out.sort_by_key(|f| (f.line, f.id));
    out.dedup();
    out
}

fn line_of(code: &str, at: usize) -> usize {
    code.get(..at)
        .map_or(0, |before| before.matches('\n').count())
        + 1
}

/// Reads argument lists out of sanitized code.
struct Reader<'a> {
    code: &'a str,
    literals: &'a [String],
    /// Name → where the value assigned to it starts (the last assignment
    /// in the file wins: a best effort, not data flow).
    bindings: HashMap<&'a str, usize>,
}

impl<'a> Reader<'a> {
    fn new(code: &'a str, literals: &'a [String], candidates: &Candidates) -> Reader<'a> {
        let bindings = candidates
            .regex(BINDING_AT)
            .into_iter()
            .flat_map(|binding| binding.captures_iter(code))
            .filter_map(|caps| {
                let name = code.get(caps.get_group(1)?.range())?;
                Some((name, caps.get_group(2)?.start))
            })
            .collect();
        Reader {
            code,
            literals,
            bindings,
        }
    }

    fn literal(&self, number: &str) -> Option<&'a str> {
        let n: usize = number.parse().ok()?;
        self.literals.get(n.checked_sub(1)?).map(String::as_str)
    }

    /// The words of the command whose argument list starts at `at`: a list
    /// of literals (each one word), or one literal split on whitespace
    /// (`"dd if=x of=y".split()`, a shell command line), or a name bound to
    /// either. Leading arguments that are not the command (`os.P_WAIT,` of
    /// `os.spawnlp`) are skipped. Empty when it cannot be read.
    fn argv(&self, at: usize) -> Vec<String> {
        let mut at = at;
        for _ in 0..3 {
            let mut words = self.value(at, 0);
            if !words.is_empty() {
                // `execFile("node", ["-e", code])`, `os.execv(path, argv)`:
                // the program, then its arguments as a list.
                if let Some(next) = self.next_argument(at) {
                    let more = self.value(next, 0);
                    if self
                        .code
                        .get(next..)
                        .is_some_and(|r| r.trim_start().starts_with('['))
                    {
                        words.extend(more);
                    }
                }
                return words;
            }
            // Skip one argument that is not the command.
            let Some(rest) = self.code.get(at..) else {
                return Vec::new();
            };
            let Some(comma) = rest
                .char_indices()
                .take(MAX_ARGUMENT_BYTES)
                .find(|&(_, c)| c == ',' || c == ')' || c == '(' || c == '[')
                .filter(|&(_, c)| c == ',')
            else {
                return Vec::new();
            };
            at += comma.0 + 1;
        }
        Vec::new()
    }

    /// The text of the literals at the start of `text`, joined when they
    /// are concatenated (`"py" + "thon3"` reads `python3`).
    fn joined(&self, text: &str) -> Option<String> {
        let mut out = String::new();
        let mut rest = text;
        loop {
            let caps = PLACEHOLDER.captures(rest)?;
            out.push_str(self.literal(&caps[1])?);
            rest = rest.get(caps.get(0)?.end()..)?.trim_start();
            match rest.strip_prefix('+') {
                Some(more) => rest = more.trim_start(),
                None => return Some(out),
            }
        }
    }

    /// Where the argument after the one starting at `at` starts: past the
    /// next comma outside brackets and literals' placeholders, before the
    /// call's `)`.
    fn next_argument(&self, at: usize) -> Option<usize> {
        let rest = self.code.get(at..)?;
        let mut depth = 0usize;
        for (i, c) in rest.char_indices().take(MAX_ARGUMENT_BYTES) {
            match c {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' if depth == 0 => return None,
                ')' | ']' | '}' => depth -= 1,
                ',' if depth == 0 => return Some(at + i + 1),
                _ => {}
            }
        }
        None
    }

    fn value(&self, at: usize, depth: usize) -> Vec<String> {
        let Some(rest) = self.code.get(at..) else {
            return Vec::new();
        };
        let trimmed = rest.trim_start();
        let start = at + (rest.len() - trimmed.len());
        if let Some(text) = self.joined(trimmed) {
            return text.split_whitespace().map(str::to_string).collect();
        }
        if trimmed.starts_with('[') {
            return self.list(start + 1, depth);
        }
        // `shlex.split("...")`: the command line inside.
        if let Some(inner) = trimmed.strip_prefix("shlex.split(") {
            return self.value(start + (trimmed.len() - inner.len()), depth);
        }
        let Some(name) = NAME.find(trimmed) else {
            return Vec::new();
        };
        match self.bindings.get(name.as_str()) {
            Some(&bound) if depth < 2 && bound != start => self.value(bound, depth + 1),
            _ => Vec::new(),
        }
    }

    /// The elements of a list literal starting after its `[`: each a
    /// literal (one word) or a name bound to a literal; stops at the first
    /// element it cannot read.
    fn list(&self, at: usize, depth: usize) -> Vec<String> {
        let mut words = Vec::new();
        let Some(rest) = self.code.get(at..) else {
            return words;
        };
        let end = rest
            .char_indices()
            .take(MAX_ARGUMENT_BYTES)
            .find(|&(_, c)| c == ']')
            .map_or(0, |(i, _)| i);
        for element in rest[..end].split(',') {
            let element = element.trim();
            if element.is_empty() {
                continue;
            }
            let word = if let Some(text) = self.joined(element) {
                Some(text)
            } else {
                NAME.find(element)
                    .filter(|name| name.len() == element.len())
                    .and_then(|name| self.bindings.get(name.as_str()))
                    .filter(|_| depth < 2)
                    .and_then(|&bound| self.joined(self.code.get(bound..)?.trim_start()))
            };
            match word {
                Some(word) => words.push(word),
                None => break,
            }
        }
        words
    }
}

/// What starting `argv` does, if it is one of the things a human must see.
fn classify(argv: &[String]) -> Option<(Severity, &'static str, &'static str)> {
    let mut words = argv.iter().map(String::as_str).peekable();
    // Past wrappers and their options (`nohup`, `env A=b`, `timeout 10`).
    let mut program = None;
    while let Some(word) = words.next() {
        let name = basename(word);
        if WRAPPERS.contains(&name) {
            while words.peek().is_some_and(|w| {
                w.starts_with('-') || w.contains('=') || w.bytes().all(|b| b.is_ascii_digit())
            }) {
                words.next();
            }
            continue;
        }
        program = Some(name);
        break;
    }
    let program = program?;
    let rest: Vec<&str> = words.collect();
    let interpreter = INTERPRETERS.contains(&program)
        || program
            .strip_prefix("python")
            .is_some_and(|v| v.bytes().all(|b| b.is_ascii_digit() || b == b'.'));
    if interpreter {
        if rest.iter().any(|w| CODE_OPTIONS.contains(w)) {
            return Some((
                Severity::Critical,
                "run-code-string",
                "starts an interpreter on code given as a string: code hidden from the review",
            ));
        }
        return Some((
            Severity::Major,
            "run-interpreter",
            "starts an interpreter on another file or on stdin: code not reviewed with this one (jail run reviews the files it exposes, not what they fetch or write): a human decides",
        ));
    }
    if HTTP_CLIENTS.contains(&program) {
        return Some((
            Severity::Major,
            RUN_HTTP_CLIENT,
            "starts an HTTP client: this profile allows no host (egress.allow is empty), so its requests are refused; allow the host, or call a tool with jail-call",
        ));
    }
    let remote = |w: &&str| w.contains("://") || (w.contains(':') && !w.starts_with('-'));
    if NETWORK_TOOLS.contains(&program) && (program != "rsync" || rest.iter().any(remote)) {
        return Some((
            Severity::Major,
            "run-network-tool",
            "starts a network client beyond HTTP: the jail's one way out is the channel (and HTTP(S) through its egress proxy); call tools with jail-call",
        ));
    }
    if PRIVILEGE_TOOLS.contains(&program) {
        return Some((
            Severity::Major,
            "run-privileged",
            "asks for privileges or enters other namespaces: a human decides",
        ));
    }
    let system = SYSTEM_TOOLS.contains(&program) || program.starts_with("mkfs");
    if system && (program != "dd" || rest.iter().any(|w| w.starts_with("of=/dev/"))) {
        return Some((
            Severity::Major,
            "run-system-tool",
            "changes the machine (services, disks, firewall, kernel modules, users, schedules): a human decides",
        ));
    }
    None
}

fn basename(word: &str) -> &str {
    let name = word.rsplit(['/', '\\']).next().unwrap_or(word);
    name.strip_suffix(".exe").unwrap_or(name)
}
