//! What the built-in reviewer makes of the literals the sanitizer hid: the
//! program a process call starts, credential files, system files deleted
//! or overwritten. The built-in reviewer is code, so it can read the data
//! without being steered by it; models only ever see the placeholders.
//!
//! Best effort by design: the argument list is read where it is written
//! (`["curl", url]`, `"dd if=/dev/zero of=/dev/sda".split()`, a name
//! assigned one of those earlier in the file; in Bash, a variable the file
//! gave a literal value, through `${x//a/b}` and its kin: `expansion.rs`);
//! a command assembled at run time is not followed (the LLM reviewers see
//! that it is assembled).

use std::collections::HashMap;
use std::sync::LazyLock;

use regex::Regex;

use super::fixed;

use super::builtin::Severity;
use super::expansion::{unmarked, Variables, LITERAL_DOLLAR_STR};
use crate::needs;
use crate::prefilter::{Catalog, Entry, Gap};

mod by_hand;
mod listed_data;

/// One finding: the 1-based line of the sanitized code, and the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct LiteralFinding {
    pub line: usize,
    pub severity: Severity,
    pub id: &'static str,
    pub message: &'static str,
}

/// What a rule says of a program's words: its severity, id and message.
type Judgment = (Severity, &'static str, &'static str);

impl LiteralFinding {
    /// `judgment` at `line`.
    pub(super) fn at(line: usize, (severity, id, message): Judgment) -> LiteralFinding {
        LiteralFinding {
            line,
            severity,
            id,
            message,
        }
    }
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
];
/// Programs that run an installed package's program (`npx tsc`), or a
/// string given with `-c`.
const PACKAGE_RUNNERS: &[&str] = &["npx", "pnpx", "bunx"];
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
    // Terminals shared over the network, and tunnels out.
    "ttyd",
    "gotty",
    "tmate",
    "upterm",
    "sshx",
    "chisel",
    "frpc",
    "bore",
    "cloudflared",
    // Mesh networks that join the machine to someone's network.
    "tailscale",
    "zerotier-cli",
    "netbird",
    "nebula",
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
    "setenforce",
    "fdisk",
    "sfdisk",
    "parted",
    "wipefs",
    "shred",
    "mkswap",
    "dd",
];
/// Cryptocurrency miners.
const MINERS: &[&str] = &[
    "xmrig",
    "xmr-stak",
    "minerd",
    "cpuminer",
    "ccminer",
    "ethminer",
    "nbminer",
    "t-rex",
    "lolminer",
    "phoenixminer",
    "nanominer",
    "gminer",
    "teamredminer",
    "srbminer",
];
/// Programs that run the rest of their arguments as another command.
const WRAPPERS: &[&str] = &[
    "nohup", "env", "timeout", "nice", "ionice", "setsid", "stdbuf", "time", "command", "exec",
    "xargs", "busybox", "start", "cmd", "/c",
];

/// Options with which a program runs a command they name (tar's
/// `--checkpoint-action=exec=...`, zip's `-TT`), by program.
const COMMAND_OPTIONS: &[(&str, &[&str])] = &[
    (
        "tar",
        &[
            "--checkpoint-action=exec",
            "--to-command",
            "--use-compress-program",
            "-I",
            "--rsh-command",
            "--info-script",
            "--new-volume-script",
            "-F",
        ],
    ),
    ("zip", &["-TT", "--unzip-command"]),
];
/// Git settings whose value is a command git runs (lowercase; `alias.*`
/// too when its value starts with `!`).
const GIT_COMMAND_SETTINGS: &[&str] = &[
    "core.sshcommand",
    "core.fsmonitor",
    "core.hookspath",
    "core.pager",
    "core.editor",
    "core.askpass",
    "credential.helper",
    "sequence.editor",
    "diff.external",
    "gpg.program",
    "uploadpack.packobjectshook",
    "protocol.ext.allow",
];
/// The last parts of git's settings of drivers, each a command git runs
/// on files: `filter.NAME.clean` (on every `git add`), `.smudge` (on
/// every checkout), `diff.NAME.textconv`, `merge.NAME.driver`.
const GIT_DRIVER_COMMANDS: &[(&str, &[&str])] = &[
    ("filter.", &[".clean", ".smudge", ".process"]),
    ("diff.", &[".textconv", ".command"]),
    ("merge.", &[".driver"]),
];

/// Whether git setting `key` (lowercase) names a driver's command.
fn git_driver_command(key: &str) -> bool {
    GIT_DRIVER_COMMANDS.iter().any(|(section, commands)| {
        key.starts_with(section) && commands.iter().any(|c| key.ends_with(c))
    })
}

/// awk's ways of running a shell command.
/// (`getline` only after a pipe: `getline line < "file"` reads a file.)
const AWK_COMMANDS: &[&str] = &["system(", "| getline", "|getline", "|&", "| \"", "|\""];

/// Every list above, for the approval cache's key: a change to what the
/// reviewer judges must not reuse old approvals.
pub(super) fn lists() -> impl Iterator<Item = &'static str> {
    [
        INTERPRETERS,
        PACKAGE_RUNNERS,
        CODE_OPTIONS,
        HTTP_CLIENTS,
        NETWORK_TOOLS,
        PRIVILEGE_TOOLS,
        SYSTEM_TOOLS,
        MINERS,
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
    .chain([PERSISTENCE_PATTERN])
    .chain(PY_HIDDEN_NAMES.iter().chain(JS_HIDDEN_NAMES).copied())
    .chain(MODULE_NAMES.iter().chain(LOADER_VARIABLES).copied())
    .chain(PROGRAM_EXTENSIONS.iter().copied())
    .chain(WRITERS.iter().chain(OUTSIDE).copied())
    .chain(
        COMMAND_OPTIONS.iter().flat_map(|(program, options)| {
            std::iter::once(*program).chain(options.iter().copied())
        }),
    )
    .chain(GIT_COMMAND_SETTINGS.iter().chain(AWK_COMMANDS).copied())
    .chain(
        GIT_DRIVER_COMMANDS.iter().flat_map(|(section, commands)| {
            std::iter::once(*section).chain(commands.iter().copied())
        }),
    )
    .chain(
        EDITORS
            .iter()
            .chain(CLIPBOARD_TOOLS)
            .chain(SCREEN_TOOLS)
            .copied(),
    )
    .chain(["extractall(", "unpack_archive("])
    .chain(
        [
            DEBUGGERS,
            INJECTED_CALLS,
            SECURITY_SERVICES,
            SECURITY_CONFIG,
            SECURITY_PROGRAMS,
            ELEVATORS,
            HOME_BIN_DIRS,
            COMMON_TOOLS,
            LEADING_KEYWORDS,
        ]
        .into_iter()
        .flatten()
        .copied(),
    )
}

/// Python functions and dunders a program names in a string only to hide
/// that it calls them.
const PY_HIDDEN_NAMES: &[&str] = &[
    "system",
    "popen",
    "popen2",
    "popen3",
    "execl",
    "execle",
    "execlp",
    "execlpe",
    "execv",
    "execve",
    "execvp",
    "execvpe",
    "spawnl",
    "spawnle",
    "spawnlp",
    "spawnlpe",
    "spawnv",
    "spawnve",
    "spawnvp",
    "spawnvpe",
    "posix_spawn",
    "posix_spawnp",
    "startfile",
    "eval",
    "exec",
    "compile",
    "execfile",
    "__import__",
    "import_module",
    "__builtins__",
    "__subclasses__",
    "__globals__",
    "__code__",
    "__loader__",
    "getattr",
    "check_output",
    "check_call",
    "Popen",
    "getoutput",
    "getstatusoutput",
];
/// The same for JavaScript (the fourth to the tenth are
/// [`CHILD_PROCESS_RUNNERS`]).
const JS_HIDDEN_NAMES: &[&str] = &[
    "eval",
    "Function",
    "constructor",
    "exec",
    "execSync",
    "execFile",
    "execFileSync",
    "spawn",
    "spawnSync",
    "fork",
    "mainModule",
    "binding",
    "dlopen",
    "_load",
    "_compile",
    "require",
    "process",
    "env",
    "fetch",
    "globalThis",
];
/// Names of [`PY_HIDDEN_NAMES`] and [`JS_HIDDEN_NAMES`] that are no
/// function that runs code: objects, lookups, and `exec`, which is also
/// the method of regexes, databases and command classes (npm's own).
const NOT_RUNNERS: &[&str] = &[
    "exec",
    "getattr",
    "__builtins__",
    "__subclasses__",
    "__globals__",
    "__code__",
    "__loader__",
    "constructor",
    "mainModule",
    "binding",
    "process",
    "env",
    "fetch",
    "globalThis",
];

/// Whether `name` is a function that runs code or commands (`execSync`,
/// `spawn`, `system`, `eval`, `import_module`, ...): the sanitizer leaves
/// such names as they are, also where the file's own types declare them.
pub(crate) fn runs_code(name: &str) -> bool {
    (PY_HIDDEN_NAMES.contains(&name) || JS_HIDDEN_NAMES.contains(&name))
        && !NOT_RUNNERS.contains(&name)
}

/// Modules whose name, written in pieces, hides an import.
const MODULE_NAMES: &[&str] = &[
    "os",
    "subprocess",
    "child_process",
    "builtins",
    "__builtin__",
    "pty",
    "ctypes",
    "socket",
    "posix",
    "nt",
    "shutil",
    "marshal",
    "pickle",
    "importlib",
    "runpy",
    "vm",
    "net",
    "dns",
    "fs",
    "http",
    "https",
    "urllib",
    "requests",
];
/// Variables that make every process started after them load code.
pub(crate) const LOADER_VARIABLES: &[&str] = &[
    "LD_PRELOAD",
    "LD_AUDIT",
    "BASH_ENV",
    "NODE_OPTIONS",
    "PYTHONSTARTUP",
    "PERL5OPT",
    "RUBYOPT",
    "DYLD_INSERT_LIBRARIES",
    "JAVA_TOOL_OPTIONS",
    "PYTHONBREAKPOINT",
    "GIT_SSH_COMMAND",
    "GIT_SSH",
    "GIT_PROXY_COMMAND",
    "GIT_EXTERNAL_DIFF",
    "GIT_ASKPASS",
    "SSH_ASKPASS",
    // Where curl reads the options every later call takes (an upload).
    "CURL_HOME",
    // Files through which a CI step sets the environment and PATH of the
    // steps after it.
    "GITHUB_ENV",
    "GITHUB_PATH",
];
/// Calls that decode data a program may then run.
const DECODERS: &[&str] = &[
    "b64decode(",
    "b32decode(",
    "b16decode(",
    "b85decode(",
    "a85decode(",
    "decodebytes(",
    "decompress(",
    "unhexlify(",
    "fromhex(",
    "codecs.decode(",
    "Buffer.from(",
    "atob(",
];
/// Files a program writes that run as code later (`.pth` only in
/// site-packages, [`PERSISTENCE_PATTERN`]: PyTorch saves models as `.pth`).
const PROGRAM_EXTENSIONS: &[&str] = &[
    ".py", ".pyc", ".pyw", ".sh", ".bash", ".zsh", ".js", ".mjs", ".cjs", ".ts", ".so", ".dll",
    ".dylib", ".exe", ".bat", ".cmd", ".ps1", ".vbs",
];
/// Files that run code at every login, at start-up or at every Python
/// start, and tools' settings that decide what code they fetch or run
/// (pip's index, git's hooks and SSH command): writing one is how malware
/// stays.
const PERSISTENCE_PATTERN: &str = r"(?:^|[/~\\])\.(?:bashrc|bash_profile|bash_login|bash_logout|profile|zshrc|zprofile|zshenv|zlogin|kshrc|cshrc|tcshrc|xprofile|xinitrc|xsessionrc)$|\.config[/\\]+(?:autostart|systemd[/\\]+user)\b|Library[/\\]+LaunchAgents\b|\b(?:usercustom|sitecustom)ize\.py$|\b(?:site|dist)-packages[/\\][\x00-\x7F]*\.pth$|(?:^|[/\\])\.git[/\\]+hooks\b|CurrentVersion\\+Run(?:Once)?\b|Start Menu\\+Programs\\+Startup\b|(?:^|[/\\])pip\.(?:conf|ini)$|(?:^|[/~\\])\.(?:gitconfig|condarc|pydistutils\.cfg|yarnrc|yarnrc\.yml)$|\bcore\.(?:hooksPath|sshCommand|fsmonitor)\b|(?:^|[/~\\])\.(?:vimrc|gvimrc|exrc|emacs)$|\.config[/\\]+nvim[/\\]+(?:init\.(?:vim|lua)|plugin\b)|(?:^|[/~\\])\.vim[/\\]+(?:plugin|autoload|ftplugin)\b|(?:\.emacs\.d|\.config[/\\]+emacs)[/\\]+(?:early-)?init\.el$|\.ipython[/\\]+profile_[\w.-]+[/\\]+(?:startup\b|ipython(?:_kernel)?_config\.py$)|(?:^|[/~\\])\.terraformrc$|(?:^|[/\\])terraform\.rc$|(?:^|[/~\\])\.(?:npm-init\.js|pdbrc(?:\.py)?|irbrc|pryrc|gdbinit|lldbinit|sqliterc|psqlrc|Rprofile|tmux\.conf|screenrc|bash_completion)$|bash-completion[/\\]+completions\b|\.config[/\\]+(?:fish[/\\]+(?:config\.fish$|conf\.d\b|functions\b|completions\b)|tmux[/\\]+tmux\.conf$|git[/\\]+(?:config$|hooks\b))|\.nuget[/\\]+NuGet[/\\]+NuGet\.Config$|(?:^|[/~\\])\.(?:gemrc|curlrc|wgetrc)$|\.bundle[/\\]+config$|\.cargo[/\\]+config(?:\.toml)?$|\.gradle[/\\]+init\.d\b";

const PY_PROCESS: &str = r"\b(?:subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|os\.(?:system|popen|exec[lv]p?e?|spawn[lv]p?e?|posix_spawnp?)|pty\.spawn|pexpect\.(?:spawn|run)|asyncio\.create_subprocess_(?:exec|shell))\s*\(";
// A bare `spawnSync(` is the imported one: the sanitizer renames the
// file's own functions.
const JS_PROCESS: &str = r"(?:\bchild_process\.|(?:^|(?u:[^.\w$])))(?:spawn|spawnSync|execFile|execFileSync|fork|exec|execSync)\s*\(|\.(?:spawnSync|execFileSync|execSync)\s*\(|\bBun\.spawn(?:Sync)?\s*\(|\bDeno\.Command\s*\(";
const PY_CHANGE_FILE: &str = r"\b(?:os\.(?:remove|unlink|rmdir|removedirs|truncate|chmod|chown|rename|replace|symlink)|shutil\.(?:rmtree|move|chown)|symlink_to)\s*\(";
/// `open(path, mode)`: a change only when the mode writes.
const PY_OPEN: &str = r"(?:^|(?u:[^.\w]))open\s*\(";
const JS_CHANGE_FILE: &str = r"\bfs\.(?:(?:promises\.)?(?:unlink|rm|rmdir|writeFile|appendFile|truncate|chmod|chown|rename|copyFile|symlink)(?:Sync)?)\s*\(";
const CREDENTIAL_PATTERN: &str = r"(?:^|[/~\\])\.ssh(?:[/\\]|$)|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|\.aws[/\\](?:credentials|config)\b|(?:^|[/~])\.netrc$|\.git-credentials\b|\.docker/config\.json|\.kube/config\b|(?:^|[/~])\.gnupg\b|/etc/(?:shadow|gshadow|sudoers)\b|/proc/(?: |[!-.0-~]*)/(?:environ|mem)\b|/dev/input[/\\]+(?:event|by-id|by-path)|(?:^|[/~\\])\.(?:aws|kube|azure)$|\.(?:bash|zsh|python|node_repl|rediscli|sqlite|psql|mysql|irb)_history\b|(?:^|[/~\\\s])\.(?:viminfo|lesshst)\b|(?:^|[/~])\.pgpass\b|Login Data\b|cookies\.sqlite\b|(?:google-chrome|chromium|Chrome|Chromium|BraveSoftware|Brave-Browser|microsoft-edge|Edge|vivaldi|opera)[/\\](?:[\x00-\x7F]*[/\\])?(?:Network[/\\])?Cookies$|key[34]\.db\b|logins\.json\b|\.config/gcloud\b|(?:^|[/~])\.npmrc\b|(?:^|[/~])\.pypirc\b|\bLocal State\b|Local Storage(?:[/\\]+leveldb\b|$)|\.electrum\b|wallet\.dat\b|exodus\.wallet\b|Ethereum[/\\]+keystore\b|nkbihfbeogaeaoehlefnkodbefgpgknn|Telegram Desktop[/\\]+tdata\b|(?:^|[/~\\])\.vault-token$|\.pulumi[/\\]+credentials\.json$|\.config[/\\]+(?:doctl|gh|hub|glab-cli|ngrok|sops|stripe|netlify)(?:[/\\]|$)|\.config[/\\]+rclone[/\\]+rclone\.conf$|(?:^|[/~\\])\.s3cfg$|\.terraform\.d[/\\]+credentials\.tfrc\.json$|\.cargo[/\\]+credentials(?:\.toml)?$|\.gem[/\\]+credentials$|(?:^|[/~\\])\.boto$|(?:^|[/~\\])\.databrickscfg$|\.dbt[/\\]+profiles\.yml$|\.snowflake[/\\]+(?:connections|config)\.toml$|\.snowsql[/\\]+config$|\.expo[/\\]+state\.json$|\.appstoreconnect[/\\]+private_keys\b|\bAuthKey_\w+\.p8$|\.circleci[/\\]+cli\.yml$|(?:^|[/~\\])\.sentryclirc$|\.ngrok2[/\\]+ngrok\.yml$|\.talos[/\\]+config$|\.minikube[/\\]+(?:profiles|certs)\b|\.kaggle[/\\]+kaggle\.json$|huggingface[/\\]+(?:stored_)?token$|\.fly[/\\]+config\.yml$|\.supabase[/\\]+access-token$|\.railway[/\\]+config\.json$|\.twilio-cli[/\\]+config\.json$|\.netlify[/\\]+config\.json$|com\.vercel\.cli[/\\]+auth\.json$|(?:^|[/~\\])\.saml2aws$|\.aws[/\\]+(?:sso|cli)[/\\]+cache\b|(?:^|[/~\\])\.azure[/\\]|\.m2[/\\]+settings(?:-security)?\.xml$|\.config[/\\]+solana[/\\]+id\.json$|\.aliyun[/\\]+config\.json$|\.config[/\\]+linode-cli$|\.mongodb[/\\]+mongosh\b|(?:^|[/~\\])\.(?:dbshell|clickhouse-client-history)$|\.gradle[/\\]+gradle\.properties$|\.composer[/\\]+auth\.json$|(?:^|[/~\\])github-copilot(?:[/\\]|$)|(?:^|[/~\\])\.oci(?:[/\\]|$)|(?:^|[/~\\])\.tsh(?:[/\\]|$)|\b169\.254\.169\.254\b|\bmetadata\.google\.internal\b|\b169\.254\.170\.2\b|[/\\]var[/\\]run[/\\]secrets[/\\]kubernetes\.io[/\\]serviceaccount\b";
pub(super) const SYSTEM_PATH_PATTERN: &str = r"^(?:/etc/|/bin/|/sbin/|/lib|/usr/|/boot/|/dev/(?:sd|nvme|hd|vd|mmcblk|mem|kmem|port)|/sys/|/proc/sys/|/var/lib/|/var/spool/cron|/root/|[Cc]:\\[Ww]indows\\)";

#[expect(
    clippy::expect_used,
    reason = "constant patterns; every one is exercised by the tests"
)]
pub(super) fn compile(pattern: &str) -> Regex {
    Regex::new(pattern).expect("valid constant regex")
}

/// A literal's placeholder in its quotes, as the sanitizer writes it:
/// where it stands (from its opening quote), and its number.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Placeholder<'t> {
    whole: std::ops::Range<usize>,
    number: &'t str,
}

/// The placeholder whose opening quote is at `at` in `code`, if one is: a
/// quote, `S`, digits, then a quote; an f-string or template literal keeps
/// its embedded code after it (`f"S1{a}"`, `` `S1${a}` ``), and a
/// multi-line string its next line. What
/// `["'`]S([0-9]+)(?:["'`]|\{|\$\{|\r?\n)` matches there, without
/// compiling it in every process.
fn placeholder_at_quote(code: &str, at: usize) -> Option<Placeholder<'_>> {
    let rest = code.get(at..)?;
    let digits = rest.strip_prefix(['"', '\'', '`'])?.strip_prefix('S')?;
    let count = digits.bytes().take_while(u8::is_ascii_digit).count();
    let after = digits.get(count..)?;
    let close = ["\"", "'", "`", "{", "${", "\r\n", "\n"]
        .iter()
        .find(|end| after.starts_with(**end))?;
    let number_at = at + 2;
    (count > 0).then(|| Placeholder {
        whole: at..number_at + count + close.len(),
        number: &code[number_at..number_at + count],
    })
}

/// Every placeholder in `code`, left to right, none inside another.
fn placeholders(code: &str) -> impl Iterator<Item = Placeholder<'_>> + '_ {
    let mut from = 0;
    std::iter::from_fn(move || loop {
        let at = from + code.get(from..)?.find(['"', '\'', '`'])?;
        match placeholder_at_quote(code, at) {
            Some(found) => {
                from = found.whole.end;
                return Some(found);
            }
            None => from = at + 1,
        }
    })
}

/// The placeholder at the start of `text`, after a Python string's
/// prefix letters (`b`, `f`, ...).
fn placeholder_first(text: &str) -> Option<Placeholder<'_>> {
    let prefix = text
        .bytes()
        .take_while(|b| matches!(b, b'b' | b'f' | b't'))
        .count();
    placeholder_at_quote(text, prefix).map(|found| Placeholder {
        whole: 0..found.whole.end,
        ..found
    })
}
static NAME: LazyLock<Regex> = LazyLock::new(|| compile(r"^[A-Za-z_$][A-Za-z0-9_$]*"));
/// A line binding a name to a literal: what [`by_hand::bindings`] finds.
#[cfg(test)]
const BINDING: &str =
    r"(?m)^[ \t]*(?:(?:const|let|var)[ \t]+)?([A-Za-z_$][\w$]*)[ \t]*=[ \t]*([\[\x22'`bft])";

/// The larger patterns, by name: compiled only for a text holding what
/// their matches need (`needs::LITERALS`), as the other catalogs are.
/// Compiling them all costs more than a whole review of most files.
/// `py-open` and `binding` are matched by hand ([`by_hand`]).
const PATTERNS: [(&str, &str); 7] = [
    ("py-process", PY_PROCESS),
    ("js-process", JS_PROCESS),
    ("py-change-file", PY_CHANGE_FILE),
    ("js-change-file", JS_CHANGE_FILE),
    ("credential", CREDENTIAL_PATTERN),
    ("system-path", SYSTEM_PATH_PATTERN),
    ("persistence", PERSISTENCE_PATTERN),
];
const PY_PROCESS_AT: usize = 0;
const JS_PROCESS_AT: usize = 1;
const PY_CHANGE_FILE_AT: usize = 2;
const JS_CHANGE_FILE_AT: usize = 3;
const CREDENTIAL_AT: usize = 4;
const SYSTEM_PATH_AT: usize = 5;
const PERSISTENCE_AT: usize = 6;

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
            name,
            pattern: (*pattern).to_string(),
            span: None,
        })
        .collect();
    Catalog::new(entries, &needs::LITERALS, false, &Gap::NONE)
});

#[cfg(test)]
pub(crate) fn catalog() -> &'static Catalog {
    &CATALOG
}

/// The catalog's patterns that can match in one text.
struct Candidates(Vec<bool>);

impl Candidates {
    fn of(text: &str) -> Candidates {
        Candidates(CATALOG.candidates(text))
    }

    /// Whether pattern `index` can match.
    fn may_match(&self, index: usize) -> bool {
        self.0.get(index).copied().unwrap_or(true)
    }

    /// Pattern `index`, if it can match.
    fn regex(&self, index: usize) -> Option<&'static regex_automata::meta::Regex> {
        if self.may_match(index) {
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
pub(super) fn findings(
    language: &str,
    code: &str,
    literals: &[String],
    renamed: &[(String, String)],
) -> Vec<LiteralFinding> {
    if language == "bash" {
        return bash_findings(code, literals, renamed);
    }
    // `f.constructor` of a function `f` is Function, which builds code
    // from text; the code alone shows it, with or without literals.
    let lines = Lines::of(code);
    let constructors = if matches!(language, "javascript" | "typescript") {
        function_constructors(code, &lines)
    } else {
        Vec::new()
    };
    let python = language == "python";
    // The program rewriting its own file (with or without literals: the
    // new text may be built from numbers).
    let mut constructors = constructors;
    constructors.extend(
        rewrites_itself(code, python)
            .into_iter()
            .map(|at| LiteralFinding {
                line: lines.at(at),
                severity: Severity::Major,
                id: "writes-program-file",
                message: WRITES_PROGRAM_FILE,
            }),
    );
    if matches!(language, "python" | "javascript" | "typescript") {
        constructors.extend(super::bulk::findings(code, literals, python));
        constructors.extend(super::cloud::findings(code, literals));
        constructors.extend(super::secret_files::findings(code, literals));
        constructors.extend(super::secret_files::fetched_secrets_sent(code, literals));
        constructors.extend(super::dangerous_values::findings(code, literals));
        constructors.extend(super::switch_off::findings(code, literals, renamed));
        constructors.extend(super::dns::findings(code, literals));
    }
    let (process, change_file, hidden_names) = match language {
        "python" => (PY_PROCESS_AT, PY_CHANGE_FILE_AT, PY_HIDDEN_NAMES),
        "javascript" | "typescript" => (JS_PROCESS_AT, JS_CHANGE_FILE_AT, JS_HIDDEN_NAMES),
        _ => return Vec::new(),
    };
    let in_code = Candidates::of(code);
    let reader = Reader::new(code, literals, lines);
    let mut out = constructors;
    let calls: Vec<regex_automata::Match> = in_code.find_iter(process, code).collect();
    // `["xclip", ["-o"]]` in a table of commands run later: what the user
    // copies or sees, read by a program that runs programs.
    if !calls.is_empty() {
        for (n, text) in literals.iter().enumerate() {
            let words: Vec<&str> = text.split_whitespace().collect();
            let Some(&program) = words.first() else {
                continue;
            };
            if let Some((severity, id, message)) = desktop_reader(basename(program), &words[1..]) {
                out.push(LiteralFinding {
                    line: placeholder_at(code, n + 1).map_or(1, |at| reader.lines.at(at)),
                    severity,
                    id,
                    message,
                });
            }
        }
    }
    // Each command line's findings, read once.
    let mut shell_commands: HashMap<String, Vec<Judgment>> = HashMap::new();
    let mut too_many = false;
    for call in &calls {
        let argv = reader.argv(call.end());
        if argv.is_empty() && reader.decoded(call.end()) {
            out.push(LiteralFinding {
                line: reader.lines.at(call.end() - 1),
                severity: Severity::Critical,
                id: "run-decoded",
                message: "runs a command built from decoded data: code hidden from the review",
            });
            continue;
        }
        if let Some((severity, id, message)) = classify(&argv) {
            out.push(LiteralFinding {
                line: reader.lines.at(call.end() - 1),
                severity,
                id,
                message,
            });
        } else if discards_work_in_home(code, call.end(), &argv) {
            out.push(LiteralFinding::at(
                reader.lines.at(call.end() - 1),
                DISCARDS_WORK_ELSEWHERE,
            ));
        }
        // One string with blanks or a shell's characters: a command line
        // for a shell (`execSync("rm -rf ~")`, `os.system(...)`), read as
        // Bash.
        let first = code.get(call.end()..).unwrap_or_default().trim_start();
        let command = reader.joined(first).filter(|command| {
            command.contains(|c: char| c.is_whitespace() || "|;&<>$`".contains(c))
        });
        if let Some(command) = command {
            // (The line only for a finding: counting lines for every call
            // made a file of 20,000 calls take seconds.)
            let line = || reader.lines.at(call.end() - 1);
            if !shell_commands.contains_key(&command) {
                if shell_commands.len() >= MAX_SHELL_COMMANDS {
                    out.extend((!too_many).then(|| LiteralFinding {
                        line: line(),
                        severity: Severity::Major,
                        id: "too-many-shell-commands",
                        message: "gives a shell more than 256 different command lines, more than the review reads one by one: a human decides",
                    }));
                    too_many = true;
                    continue;
                }
                let found = super::builtin::shell_command_findings(&command);
                shell_commands.insert(command.clone(), found);
            }
            let found = &shell_commands[&command];
            if !found.is_empty() {
                let line = line();
                out.extend(
                    found
                        .iter()
                        .map(|&judgment| LiteralFinding::at(line, judgment)),
                );
            }
        }
    }
    // `getattr(os, "system")`, `cp["execSync"]`: a name a program
    // writes as a string only to hide what it calls. Found by plain
    // searches: regexes for these cost more to compile than a review.
    for at in names_in_strings(code, &reader, python) {
        let name = reader.joined(code.get(at..).unwrap_or_default().trim_start());
        if name.is_some_and(|name| hidden_names.contains(&name.as_str())) {
            out.push(LiteralFinding {
                line: reader.lines.at(at),
                severity: Severity::Critical,
                id: "name-in-a-string",
                message: "reaches a function that runs code or commands by its name in a string: obfuscation",
            });
        }
    }
    // `"sys" + "tem"`, `"".join(["o", "s"])`: honest code writes such a
    // name whole.
    // `"curl -fsSL https://x/h.sh | sh"` written into a hook or a script:
    // whatever runs it later runs code not reviewed with this one.
    let pieces = joined_names(code, &reader, python);
    // A literal's place is its placeholder's (`"S3"`), looked for only
    // when it is one.
    let whole = literals
        .iter()
        .enumerate()
        .map(|(i, text)| (Err(i + 1), text.as_str()));
    let joined = pieces.iter().map(|(at, text)| (Ok(*at), text.as_str()));
    for (at, text) in whole.chain(joined) {
        if downloads_and_runs(text) {
            let at = at.ok().or_else(|| placeholder_at(code, at.err()?));
            out.push(LiteralFinding {
                line: at.map_or(1, |at| reader.lines.at(at)),
                severity: Severity::Major,
                id: "holds-download-and-run",
                message: HOLDS_DOWNLOAD_AND_RUN,
            });
        }
    }
    for (at, name) in &pieces {
        let name = name.trim();
        if hidden_names.contains(&name) || MODULE_NAMES.contains(&name) {
            out.push(LiteralFinding {
                line: reader.lines.at(*at),
                severity: Severity::Critical,
                id: "name-in-pieces",
                message: "spells the name of a module or of a function that runs code in pieces, which honest code writes whole: obfuscation",
            });
        }
    }
    let open_mode = |call: &regex_automata::Match| {
        reader
            .next_argument(call.end())
            .and_then(|at| reader.value(at, 0).into_iter().next())
    };
    let opened: Vec<regex_automata::Match> = if python {
        by_hand::py_opens(code)
            .map(|call| regex_automata::Match::must(0, call))
            .filter(|call| open_mode(call).is_some_and(|mode| mode.contains(['w', 'a', 'x', '+'])))
            .collect()
    } else {
        Vec::new()
    };
    // Where the data a program appends to files starts: what Python
    // writes to a file it opened to append, what `appendFile` is given.
    let appended: Vec<usize> = if python {
        let appends = opened
            .iter()
            .any(|call| open_mode(call).is_some_and(|mode| mode.contains('a')));
        let writes = [".write(", ".writelines("]
            .into_iter()
            .flat_map(|call| code.match_indices(call).map(move |(at, _)| at + call.len()));
        writes.filter(|_| appends).collect()
    } else {
        code.match_indices("appendFile")
            .filter_map(|(at, name)| {
                let rest = code[at + name.len()..]
                    .strip_prefix("Sync")
                    .unwrap_or(&code[at + name.len()..]);
                let open = rest.strip_prefix('(')?;
                reader.next_argument(code.len() - open.len())
            })
            .collect()
    };
    // Texts whose meaning is where they end up: an AI agent's instructions
    // or tools, a CI step that prints every secret, an npm install hook.
    let writes_files = !opened.is_empty()
        || WRITES_FILES.iter().any(|call| code.contains(call))
        || in_code.find_iter(change_file, code).next().is_some();
    let child_process = !python && code.contains("child_process");
    for (n, text) in literals.iter().enumerate() {
        // `{ mod: cp, key: "execFileSync", args: [...] }`: a table of
        // calls made later through `mod[key]`, which the review cannot
        // follow to the program they start. (Not an event's name:
        // `child.on("spawn", ...)`.)
        if child_process && CHILD_PROCESS_RUNNERS.contains(&text.as_str()) {
            let at = placeholder_at(code, n + 1);
            let before = at.map_or("", |at| {
                code[..at].trim_end_matches(['"', '\'', '`']).trim_end()
            });
            if !EVENT_CALLS.iter().any(|call| before.ends_with(call)) {
                out.push(LiteralFinding {
                    line: at.map_or(1, |at| reader.lines.at(at)),
                    severity: Severity::Major,
                    id: "names-process-runner",
                    message: "names a child_process function in a string: the call made through it (mod[key](...)) and the program it starts are hidden from the review; a human decides",
                });
            }
        }
        // `"()": "subprocess.Popen"` (logging's dictConfig factory),
        // `pydoc.locate("os.system")`: a process runner called through
        // its name. (Not a test's `patch("subprocess.run")`.)
        if python && names_python_runner(text) {
            let at = placeholder_at(code, n + 1);
            let before = at.map_or("", |at| code[..at].trim_end_matches(['"', '\'']).trim_end());
            if !["patch(", "setattr(", "patch.object("]
                .iter()
                .any(|call| before.ends_with(call))
            {
                out.push(LiteralFinding {
                    line: at.map_or(1, |at| reader.lines.at(at)),
                    severity: Severity::Major,
                    id: "names-process-runner",
                    message: "names a function that starts programs or runs code (subprocess.Popen, os.system) in a string: whatever resolves the name calls it out of the review's sight; a human decides",
                });
            }
        }
        if let Some(judgment) = held_for_later(text, writes_files, !python) {
            let line = placeholder_at(code, n + 1).map_or(1, |at| reader.lines.at(at));
            out.push(LiteralFinding::at(line, judgment));
        }
        // `subprocess.run(["git", "-c", CMD], executable="/bin/sh")`: the
        // shell runs, the list's first word is only its name, and `-c CMD`
        // is a code string. (Also through a name: `SHELL = "/bin/sh"`.)
        if python && is_interpreter(basename(text)) {
            let at = placeholder_at(code, n + 1);
            let before = at.map_or("", |at| code[..at].trim_end());
            let bound = before
                .strip_suffix('=')
                .map(|b| b.trim_end())
                .and_then(|b| {
                    b.rsplit(|c: char| !(c.is_alphanumeric() || c == '_'))
                        .next()
                })
                .filter(|name| !name.is_empty())
                .is_some_and(|name| code.contains(&format!("executable={name}")));
            if before.ends_with("executable=") || bound {
                out.push(LiteralFinding {
                    line: literal_line(code, &reader, Some(n)),
                    severity: Severity::Critical,
                    id: "run-code-string",
                    message: "starts a shell or interpreter given as executable=, whatever the argument list's first word says: its arguments are code hidden from the review",
                });
            }
        }
        if let Some(judgment) = settings_judgment(text, literals) {
            out.push(LiteralFinding::at(
                literal_line(code, &reader, Some(n)),
                judgment,
            ));
        }
        // `html.replace(/\s+integrity="[^"]*"/g, "")`: a page's scripts
        // loaded without the hashes that pin what they may be.
        if !python && text.contains("integrity") {
            // A regular expression's pattern stands as `/S<n>/flags`.
            let at = placeholder_at(code, n + 1).or_else(|| code.find(&format!("/S{}/", n + 1)));
            let before = at.map_or("", |at| {
                code[..at]
                    .trim_end_matches(['"', '\'', '`', '/'])
                    .trim_end()
            });
            if before.ends_with(".replace(") || before.ends_with(".replaceAll(") {
                out.push(LiteralFinding {
                    line: at.map_or(1, |at| reader.lines.at(at)),
                    severity: Severity::Major,
                    id: "strips-integrity",
                    message: "removes integrity attributes (Subresource Integrity) from a page: the browser then runs whatever the scripts' hosts serve; a human decides",
                });
            }
        }
    }
    out.extend(hook_commands(code, literals, renamed, &reader.lines));
    // `pkg.overrides[name] = "http://.../fork.tgz"`: a program that writes
    // package.json and points its overrides or resolutions at a tarball
    // or a repository by URL (the names may be renamed: `renamed` keeps
    // them).
    if !python && writes_files {
        let manifest = literals
            .iter()
            .any(|t| t == "package.json" || t.ends_with("/package.json"));
        let url = |t: &String| {
            ["http://", "https://", "git+", "git://"]
                .iter()
                .any(|scheme| t.starts_with(scheme))
        };
        let key = |key: &str| {
            code.contains(&format!(".{key}"))
                || literals.iter().any(|t| t == key)
                || renamed.iter().any(|(from, _)| from == key)
        };
        // A tarball's name (`fork.tgz`, built from pieces) or a git URL:
        // a package's source, not a homepage.
        let source = literals.iter().any(|t| {
            t.ends_with(".tgz")
                || t.ends_with(".tar.gz")
                || t.starts_with("git+")
                || t.starts_with("git://")
        });
        if manifest
            && source
            && literals.iter().any(url)
            && (key("overrides") || key("resolutions"))
        {
            out.push(LiteralFinding {
                line: literal_line(code, &reader, literals.iter().position(url)),
                severity: Severity::Major,
                id: "js-dependency-from-url",
                message: "writes package.json in a program that sets dependency overrides or resolutions and names a URL: a package pointed at a tarball or repository outside the registry runs its code at the next install; a human decides",
            });
        }
    }
    // In a program that uses the network: the Actions OIDC request token
    // (whoever holds it mints the workflow's cloud credentials), and
    // `.env` files looked for in the home directory or the projects
    // beside this one (other projects' secrets).
    let network = [
        "fetch(",
        "http.request",
        "https.request",
        "requests.",
        "urllib.request",
        "urlopen(",
        "httpx.",
        "axios",
    ]
    .iter()
    .any(|call| code.contains(call));
    if network {
        let oidc = literals.iter().position(|t| {
            matches!(
                t.as_str(),
                "ACTIONS_ID_TOKEN_REQUEST_TOKEN" | "ACTIONS_RUNTIME_TOKEN"
            )
        });
        let oidc_in_code = code.contains("ACTIONS_ID_TOKEN_REQUEST_TOKEN")
            || code.contains("ACTIONS_RUNTIME_TOKEN");
        if oidc.is_some() || oidc_in_code {
            let at = oidc.and_then(|n| placeholder_at(code, n + 1));
            out.push(LiteralFinding {
                line: at.map_or_else(
                    || code.find("ACTIONS_").map_or(1, |at| reader.lines.at(at)),
                    |at| reader.lines.at(at),
                ),
                severity: Severity::Major,
                id: "sends-ci-token",
                message: "reads GitHub Actions' OIDC request or runtime token in a program that uses the network: whoever holds it mints the workflow's cloud credentials; a human decides",
            });
        }
        let elsewhere = code.contains("homedir(")
            || code.contains("expanduser(")
            || code.contains("Path.home(");
        let env_file = literals
            .iter()
            .position(|t| t == ".env" || (t.starts_with(".env.") && !t.ends_with(".example")));
        if let (true, Some(n)) = (elsewhere, env_file) {
            out.push(LiteralFinding {
                line: placeholder_at(code, n + 1).map_or(1, |at| reader.lines.at(at)),
                severity: Severity::Major,
                id: "reads-env-files-outside",
                message: "looks for .env files in a program that works in the home directory and uses the network: other projects' secrets; read this project's own, and send what the task needs; a human decides",
            });
        }
    }
    // A program that rewrites requirements files and names another index's
    // URL with wheels or the hash pins it strips: the next `pip install`
    // takes what that index serves.
    if python && writes_files {
        let requirements = literals.iter().any(|t| {
            let name = basename(t);
            (name.starts_with("requirements")
                && [".txt", ".in", ".lock"]
                    .iter()
                    .any(|ext| name.ends_with(ext)))
                || name == "constraints.txt"
        });
        let other = |t: &String| {
            (t.starts_with("http://") || t.starts_with("https://")) && !is_default_index(t)
        };
        let pins = literals.iter().any(|t| {
            t.starts_with("--hash")
                || t == "--require-hashes"
                || t.ends_with(".whl")
                || t.ends_with(".tar.gz")
        });
        if requirements && pins && literals.iter().any(other) {
            out.push(LiteralFinding {
                line: literal_line(code, &reader, literals.iter().position(other)),
                severity: Severity::Major,
                id: "py-dependency-from-url",
                message: "rewrites requirements files in a program that names another index's URL and wheels or hash pins: what the next pip install runs comes from there; a human decides",
            });
        }
    }
    // The same texts joined from pieces (`"CLAUDE" + ".md"`).
    for (at, text) in &pieces {
        if let Some(judgment) = held_for_later(text, writes_files, !python) {
            out.push(LiteralFinding::at(reader.lines.at(*at), judgment));
        }
    }
    // Writing a program file: code that runs later was not reviewed with
    // this one.
    let writes = opened.iter().copied().chain(
        in_code
            .find_iter(change_file, code)
            .filter(|call| code.get(call.range()).is_some_and(|c| c.contains("File"))),
    );
    for call in writes {
        let path = reader.value(call.end(), 0).join(" ");
        // The program itself (`open(__file__, "w")`): what it runs again
        // afterwards is not what was reviewed.
        let argument = code.get(call.end()..).unwrap_or_default();
        let first = &argument[..argument.find([',', '\n']).unwrap_or(argument.len())];
        let itself = python && names_this_file(first.trim().trim_end_matches(')'));
        if itself || PROGRAM_EXTENSIONS.iter().any(|ext| path.ends_with(ext)) {
            out.push(LiteralFinding {
                line: reader.lines.at(call.end() - 1),
                severity: Severity::Major,
                id: "writes-program-file",
                message: WRITES_PROGRAM_FILE,
            });
        }
    }
    let changes = in_code
        .find_iter(change_file, code)
        .chain(opened.iter().copied());
    for call in changes {
        let path = reader.value(call.end(), 0);
        // A link's first argument is where it points: out of the working
        // directory, whatever later follows the link (a host tool, the
        // next run) reads or writes there.
        if code
            .get(call.range())
            .is_some_and(|c| c.contains("symlink"))
        {
            if path.first().is_some_and(|to| outside_working_dir(to)) {
                out.push(LiteralFinding {
                    line: reader.lines.at(call.end() - 1),
                    severity: Severity::Major,
                    id: "links-outside",
                    message: "makes a symbolic link to a path outside the working directory: what later follows it reads or writes there; a human decides",
                });
            }
            continue;
        }
        let system_path = path.first().is_some_and(|path| {
            Candidates::of(path).may_match(SYSTEM_PATH_AT) && fixed::SYSTEM_PATH.is_match(path)
        });
        if system_path {
            out.push(LiteralFinding {
                line: reader.lines.at(call.end() - 1),
                severity: Severity::Major,
                id: "changes-system-file",
                message: "deletes, moves or overwrites a system file: a human decides",
            });
        }
    }
    // An archive unpacked outside the working directory: its members can
    // overwrite start-up files, programs or credentials there.
    if python {
        let unpacks = ["extractall(", "unpack_archive("]
            .into_iter()
            .flat_map(|call| code.match_indices(call).map(move |(at, _)| at + call.len()));
        for start in unpacks {
            let mut argument = Some(start);
            let mut outside = false;
            for _ in 0..3 {
                let Some(at) = argument else { break };
                let text = code[at..].trim_start();
                let at = at + (code.len() - at - text.len());
                let value_at = ["path", "extract_dir"]
                    .iter()
                    .find_map(|key| {
                        let rest = text.strip_prefix(key)?.trim_start().strip_prefix('=')?;
                        Some(at + (text.len() - rest.len()))
                    })
                    .unwrap_or(at);
                outside |= reader
                    .value(value_at, 0)
                    .first()
                    .is_some_and(|to| outside_working_dir(to));
                argument = reader.next_argument(at);
            }
            if outside {
                out.push(LiteralFinding {
                    line: reader.lines.at(start - 1),
                    severity: Severity::Major,
                    id: "extracts-outside",
                    message: "unpacks an archive outside the working directory: its files can overwrite start-up files, programs or credentials there; a human decides",
                });
            }
        }
    }
    // Every literal is a substring of their joined text: what none of
    // them can match is skipped for all.
    let mut texts: Vec<(usize, &str)> = placeholders(code)
        .filter_map(|placeholder| {
            Some((
                reader.lines.at(placeholder.whole.start),
                reader.literal(placeholder.number)?,
            ))
        })
        .collect();
    let paths = joined_paths(code, &reader);
    texts.extend(paths.iter().map(|(line, path)| (*line, path.as_str())));
    // A CI pipeline's definition, in a program that writes files: steps
    // added there run with the pipeline's secrets.
    // (Method names: a module used without its import is renamed.)
    let writes = !opened.is_empty()
        || in_code.find_iter(change_file, code).next().is_some()
        || WRITE_METHODS.iter().any(|method| code.contains(method))
        || WRITES_FILES.iter().any(|call| code.contains(call));
    if writes {
        out.extend(ci_pipeline_written(&texts));
    }
    let mut all = literals.join("\n");
    for (_, path) in &paths {
        all.push('\n');
        all.push_str(path);
    }
    out.extend(named_files(&all, &texts, &texts));
    out.extend(held_shell_code(&texts));
    // Bash's `/dev/tcp/HOST/PORT` held as text (`bash -c "... >&
    // /dev/tcp/..."` built elsewhere): only a shell given it opens it.
    out.extend(
        texts
            .iter()
            .filter(|(_, text)| connects_outside(text))
            .map(|&(line, _)| LiteralFinding {
                line,
                severity: Severity::Major,
                id: "holds-dev-tcp",
                message: "holds shell code that connects with /dev/tcp outside the channel (a reverse shell's shape): whatever shell runs it opens that connection; a human decides",
            }),
    );
    let remote_script = appended
        .iter()
        .find(|&&at| loads_a_remote_script(&reader.argument_texts(at)));
    if let Some(&at) = remote_script {
        out.push(LiteralFinding {
            line: reader.lines.at(at),
            severity: Severity::Major,
            id: "appends-remote-script",
            message: "appends code that loads a script from the network (a <script src=http...> tag, a script element given a remote src) to files: pages or build output that then run code not reviewed here, for whoever loads them; a human decides",
        });
    }
    let starts_processes = !calls.is_empty()
        || if python {
            code.contains("subprocess.")
        } else {
            code.contains("child_process")
        };
    // `function aws(args) { return execFileSync("aws", args); }`: a call
    // whose program is written and whose arguments are a name (a wrapper's
    // parameter). The lists the program holds may be those arguments.
    // Also `run(["aws", "route53", *args, "--output", "json"])`: the
    // program with words of its own around the parameters spread into it.
    let wrapped_argv: Vec<Vec<String>> = calls
        .iter()
        .filter_map(|call| {
            let argv = reader.argv(call.end());
            // A list written in the call, or bound to the name it is given
            // (`cmd = ["aws", "dynamodb", *args]`, then `run(cmd)`), that
            // starts with the program's name as a literal (not
            // `[sys.executable, "-m", ..., *paths]`).
            let rest = code.get(call.end()..).unwrap_or_default().trim_start();
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
                .collect();
            let list = rest.strip_prefix('[').or_else(|| {
                (!name.is_empty())
                    .then(|| {
                        code.match_indices(&format!("{name} = ["))
                            .next()
                            .and_then(|(at, found)| code.get(at + found.len()..))
                    })
                    .flatten()
            });
            let spread = list
                .filter(|list| list.trim_start().starts_with(['"', '\'', '`']))
                .and_then(|list| list.split(']').next())
                .filter(|list| list.contains('*') || list.contains("..."));
            match spread {
                // Every literal word of the list, past the spread too.
                Some(list) => {
                    let words: Vec<String> = placeholders(list)
                        .filter_map(|p| reader.literal(p.number).map(str::to_string))
                        .collect();
                    (!words.is_empty()).then_some(words)
                }
                None => (argv.len() == 1).then_some(argv),
            }
        })
        .collect();
    // A list a call reads was judged with the call.
    let mut listed = commands_in_lists(code, &reader, python, starts_processes, &wrapped_argv);
    listed.extend(wrapper_calls(code, &reader, &wrapped_argv, renamed));
    let new: Vec<LiteralFinding> = listed
        .into_iter()
        .filter(|found| !out.iter().any(|f| f.id == found.id))
        .collect();
    out.extend(new);
    // A program named like sudo put on PATH, another package's code: only
    // in a program that writes files (a text may only be compared).
    // (Not a path the program runs: `cmd: "./node_modules/.bin/tsc"`,
    // `spawnSync("./node_modules/.bin/eslint", ...)`.)
    if writes {
        let run = run_paths(code, &reader, renamed);
        out.extend(texts.iter().filter_map(|&(line, text)| {
            if run.contains(&text) {
                return None;
            }
            Some(LiteralFinding::at(line, writes_in_place_of_others(text)?))
        }));
    }
    out.sort_by_key(|f| (f.line, f.id));
    out.dedup();
    out
}

/// What the texts a program names say, each with its line: credential
/// stores, start-up files, loader variables. `all` holds every text (what
/// none of them can match is skipped for all).
/// Start-up files count only among `written` (a text that may be a path
/// the program writes): Bash's `[ -e ~/.bashrc ]` or an `echo` of advice
/// names one without changing it.
fn named_files(
    all: &str,
    texts: &[(usize, &str)],
    written: &[(usize, &str)],
) -> Vec<LiteralFinding> {
    let mut out = Vec::new();
    let candidates = Candidates::of(all);
    let persistence = candidates.regex(PERSISTENCE_AT);
    let credential = candidates.regex(CREDENTIAL_AT);
    for &(line, text) in texts {
        if credential.is_some_and(|regex| regex.is_match(text)) {
            out.push(LiteralFinding {
                line,
                severity: Severity::Major,
                id: "names-credential-file",
                message: "names a credential store (SSH keys, cloud, registry or browser credentials, an app's tokens, a cryptocurrency wallet, shadow passwords, another process's environment or memory, the keyboard's input): a human decides",
            });
        }
        if persistence.is_some_and(|regex| regex.is_match(text)) && written.contains(&(line, text))
        {
            out.push(LiteralFinding {
                line,
                severity: Severity::Major,
                id: "names-start-up-file",
                message: "names a file that runs code at every login, at start-up or at every Python start, or a tool's setting that decides what code it fetches or runs (pip's index, git's hooks): how malware stays; a human decides",
            });
        }
        // Every such name is in capitals: most texts have none, and a
        // substring search per name and text was most of this loop.
        let capitals = text.bytes().any(|b| b.is_ascii_uppercase());
        let loader = capitals
            && LOADER_VARIABLES.iter().any(|name| {
                text == *name
                    || text
                        .match_indices(name)
                        .any(|(i, _)| text[i + name.len()..].starts_with('='))
            });
        if loader {
            out.push(LiteralFinding {
                line,
                severity: Severity::Major,
                id: "names-loader-variable",
                message: super::builtin::LOADER_VARIABLE,
            });
        }
    }
    out
}

/// Bash: each simple command read as words, the placeholders in a word
/// replaced by their texts, so that a command named in quotes or in
/// pieces (`$'\x63url'`, `s''h`) reads as what runs; then what
/// [`classify`] says of it, what a `rm -r` deletes, and what its words
/// name (credential stores, start-up files, loader variables). Plain
/// `curl`, `ssh` and `sh -c` are the catalog's (`sh-http-tool`, ...).
fn bash_findings(
    code: &str,
    literals: &[String],
    renamed: &[(String, String)],
) -> Vec<LiteralFinding> {
    let mut commands = bash_commands(code, literals);
    follow_values(&mut commands, code, literals, renamed);
    let runners = argument_runners(code);
    let http_wrappers = http_wrappers(code);
    let mut out: Vec<LiteralFinding> = hook_commands(code, literals, renamed, &Lines::of(code))
        .into_iter()
        .collect();
    // A here-document or string holding an API's request body (its
    // placeholder unquoted there, `S8` alone on its line).
    let body_judgment = |text: &str| {
        if silences_every_alert(text) {
            Some(MUTES_MONITORING)
        } else {
            super::switch_off::literal_judgment(text)
        }
    };
    if literals.iter().any(|text| body_judgment(text).is_some()) {
        let lines = placeholder_lines(code, literals.len());
        out.extend(
            literals
                .iter()
                .zip(lines)
                .filter_map(|(text, line)| Some(LiteralFinding::at(line, body_judgment(text)?))),
        );
    }
    let mut texts = Vec::new();
    let mut written = Vec::new();
    // `IFS=,` on its own line: later unquoted expansions split at commas.
    let mut ifs_changed = false;
    // A `cd` out of the working directory came before.
    let mut moved_outside = false;
    // Loops over what a command listed (`for x in $(...)`, `... | while
    // read x`): whether each enclosing loop is one.
    let mut loops: Vec<bool> = Vec::new();
    let reads_input = loops_reading_input(&commands);
    for (at, command) in commands.iter().enumerate() {
        let argv: Vec<&BashWord> = command
            .words
            .iter()
            .take_while(|_| !command.array)
            .skip_while(|w| {
                is_assignment(&w.text)
                    || w.text == "export"
                    || (!w.quoted && LEADING_KEYWORDS.contains(&w.text.as_str()))
            })
            .collect();
        let writer = argv
            .first()
            .is_some_and(|w| WRITERS.contains(&basename(&w.text)));
        let in_argv = |w: &BashWord| argv.iter().skip(1).any(|a| std::ptr::eq(*a, w));
        // find's `-fprintf FILE FORMAT` (and -fprint, -fls) writes FILE.
        let find_writes = argv.first().is_some_and(|w| basename(&w.text) == "find");
        let find_target = |w: &BashWord| {
            find_writes
                && argv.windows(2).any(|pair| {
                    matches!(
                        pair[0].text.as_str(),
                        "-fprintf" | "-fprint" | "-fprint0" | "-fls"
                    ) && std::ptr::eq(pair[1], w)
                })
        };
        written.extend(
            command
                .words
                .iter()
                .filter(|w| w.target || (writer && in_argv(w)) || find_target(w))
                .flat_map(|w| w.texts().map(|text| (command.line, text))),
        );
        // A glob pattern in the home directory stands for the files it
        // matches there.
        let globbed = |w| globbed_home_files(w).map(|path| (command.line, path));
        written.extend(
            command
                .words
                .iter()
                .filter(|w| w.target || (writer && in_argv(w)))
                .flat_map(globbed),
        );
        texts.extend(command.words.iter().flat_map(globbed));
        texts.extend(
            command
                .words
                .iter()
                .flat_map(|w| w.texts().map(|text| (command.line, text))),
        );
        // Quoted targets (`> "$HOME/.x"`) and targets read through a
        // variable (`f=~/.vimrc; echo x >> $f`) are not where the catalog's
        // `sh-write-outside` looks.
        let outside = command.words.iter().any(|w| {
            let read = w.quoted || w.text != w.as_written();
            w.target
                && read
                && std::iter::once(w.as_written())
                    .chain(w.texts().map(str::to_string))
                    .any(|text| OUTSIDE.iter().any(|p| text.trim().starts_with(p)))
        });
        if outside {
            out.push(LiteralFinding {
                line: command.line,
                severity: Severity::Fixable,
                id: "sh-write-outside",
                message: "writes outside the working directory",
            });
        }
        let declares = argv
            .first()
            .is_some_and(|w| DECLARERS.contains(&w.text.as_str()));
        if argv.is_empty() || declares {
            ifs_changed |= command.words.iter().any(|w| {
                w.text
                    .strip_prefix("IFS=")
                    .is_some_and(splits_unlike_the_default)
            });
        }
        out.extend(command.words.iter().filter_map(|w| {
            let judgment = opens_a_connection(w)
                .or_else(|| {
                    // As written: the sanitizer renames variables it does not know.
                    let (name, value) = w.text.split_once('=')?;
                    let name = renamed
                        .iter()
                        .find(|(_, to)| to == name)
                        .map_or(name, |(from, _)| from.as_str());
                    assignment_judgment(&format!("{name}={value}"))
                })
                .or_else(|| {
                    std::iter::once(w.text.as_str())
                        .chain(w.texts())
                        .any(public_ip_url)
                        .then_some(BARE_IP_ENDPOINT)
                })?;
            Some(LiteralFinding::at(command.line, judgment))
        }));
        let Some(program) = argv.first() else {
            continue;
        };
        if ifs_changed && !program.quoted && is_plain_expansion(&program.raw) {
            out.push(LiteralFinding {
                line: command.line,
                severity: Severity::Critical,
                id: "run-split-command",
                message: "runs a command made by splitting a variable on a changed IFS: what runs is hidden from the review",
            });
        }
        let mut words = program_as_written(&argv);
        // `run() { echo "+ $*"; "$@"; }` then `run nc host 4444`: the
        // command such a function is given is what runs.
        if runners.contains(&program.text) && words.len() > 1 {
            if let Some((severity, id, message)) = classify(&words[1..]) {
                if severity >= Severity::Major {
                    out.push(LiteralFinding {
                        line: command.line,
                        severity,
                        id,
                        message,
                    });
                }
            }
        }
        // `/u*/b?n/c?r[l]`: the program a glob pattern names is whatever it
        // matches, hidden from a reader; judged as the program it stands
        // for where that is one the review knows. (A path: a `case`
        // pattern, `*.a)`, may read as a command here.)
        if is_glob(program) && program.text.contains('/') {
            out.push(LiteralFinding {
                line: command.line,
                severity: Severity::Major,
                id: "sh-glob-program",
                message: "names the program it runs by a glob pattern (/u*/b?n/c?r[l]): what runs is hidden from a reader; a human decides",
            });
            if let (Some(first), Some(known)) = (words.first_mut(), globbed_program(&program.text))
            {
                *first = known.to_string();
            }
        }
        // `enable -f lib.so name`: a shared object loaded into the shell as
        // a builtin, native code the review never sees.
        let loads = |w: &String| w.starts_with('-') && !w.starts_with("--") && w.contains('f');
        if basename(&program.text) == "enable" && words[1..].iter().any(loads) {
            out.push(LiteralFinding {
                line: command.line,
                severity: Severity::Critical,
                id: "sh-load-builtin",
                message: "loads a shared object into the shell as a builtin (enable -f): native code hidden from the review",
            });
        }
        let name = basename(&words[0]);
        // What the catalog sees: the word as written, unquoted, first in
        // a command that a line's start, `;`, `&`, `|` or `(` began (not
        // after `then`, `do`, `X=1` or `{`).
        let plain = !program.quoted
            && program.text == program.as_written()
            && !command.after_brace
            && command
                .words
                .first()
                .is_some_and(|first| std::ptr::eq(first, *program));
        // `curl x | s''h`: what a pipe feeds an interpreter is its program.
        if command.after_pipe
            && is_interpreter(name)
            && !words[1..].iter().any(|w| !w.starts_with('-'))
        {
            if !plain
                || !PIPED_IN_CATALOG
                    .contains(&name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.'))
            {
                out.push(LiteralFinding {
                    line: command.line,
                    severity: Severity::Critical,
                    id: "pipe-to-interpreter",
                    message:
                        "pipes text into an interpreter (curl | sh): code the review cannot see",
                });
            }
            continue;
        }
        // A `$` in a word as written is the shell's (the literals' own are
        // marked), and so is a backquote outside quotes.
        let shell_expanded = argv
            .iter()
            .any(|w| w.raw.contains('$') || (!w.quoted && w.raw.contains('`')));
        // A word with several texts (a loop's values read through
        // `${!name}`): each set of the words' n-th texts is judged too.
        let alternatives = argv.iter().map(|w| w.others.len()).max().unwrap_or(0);
        let judged = std::iter::once(words.clone())
            .chain((0..alternatives).map(|n| {
                let mut variant = words.clone();
                for (word, at) in argv.iter().zip(&mut variant).skip(1) {
                    if let Some(other) = word.others.get(n) {
                        other.clone_into(at);
                    }
                }
                variant
            }))
            .find_map(|variant| classify_expanded(&variant, shell_expanded));
        if let Some((severity, id, message)) = judged {
            // The catalog reports these when they are written plainly, as
            // the command's program (not past `nohup` or `timeout`).
            let plain_in_catalog = plain
                && !WRAPPERS.contains(&basename(&program.text))
                && (matches!(id, RUN_HTTP_CLIENT | "run-network-tool")
                    || (id == "run-code-string" && is_shell(basename(&program.text))));
            if !plain_in_catalog {
                out.push(LiteralFinding {
                    line: command.line,
                    severity,
                    id,
                    message,
                });
            }
        }
        match command
            .words
            .first()
            .filter(|w| !w.quoted)
            .map(|w| w.text.as_str())
        {
            Some("for" | "select") => loops.push(
                command
                    .words
                    .iter()
                    .any(|w| w.raw.contains("$(") || w.raw.contains('`'))
                    // `for x in $(...)`: the substitution is a command of
                    // its own, so the words end at `in`.
                    || command.words.last().is_some_and(|w| w.text == "in" && !w.quoted),
            ),
            Some("while" | "until") => {
                loops.push(command.after_pipe || reads_input.get(at).copied().unwrap_or(false));
            }
            Some("done") => {
                loops.pop();
            }
            _ => {}
        }
        let in_listed_loop = loops.iter().any(|&listed| listed);
        // A function that runs curl with its arguments (`vbr() { curl -fsS
        // -H ... "$@"; }`) is curl where it is called.
        let through_wrapper;
        let words = if http_wrappers.contains(&words[0].as_str()) {
            through_wrapper = std::iter::once("curl".to_string())
                .chain(words[1..].iter().cloned())
                .collect::<Vec<String>>();
            &through_wrapper
        } else {
            &words
        };
        if in_listed_loop && deletes_remotely(words) {
            out.push(LiteralFinding::at(
                command.line,
                (
                    Severity::Major,
                    "deletes-each-listed",
                    super::bulk::EACH_LISTED,
                ),
            ));
        } else if deletes_remotely(words)
            && words.iter().any(|w| w == "--all" || selects_everything(w))
        {
            // `velero schedule delete --all`, a delete request for
            // `{job=~".+"}`: every one the account has.
            out.push(LiteralFinding::at(
                command.line,
                (
                    Severity::Major,
                    "deletes-everything",
                    super::bulk::EVERYTHING,
                ),
            ));
        } else if is_http_client(&words[0])
            || super::switch_off::changes_remotely(basename(&words[0]), &words[1..])
        {
            if let Some(judgment) = super::switch_off::http_command(&words[1..], in_listed_loop) {
                out.push(LiteralFinding::at(command.line, judgment));
            }
        }
        // `[ "$age" > "$DAYS" ]`: the `>` writes a file named by the
        // right side, and `[ "$age" ]` alone is true for any age.
        // (`[ "$n" -gt 0 ] 2> /dev/null` silences the test's errors.)
        let closing = command.words.iter().rposition(|w| w.text == "]");
        if matches!(words[0].as_str(), "[" | "test")
            && command.words.iter().enumerate().any(|(at, w)| {
                w.target
                    && w.text != "/dev/null"
                    && (words[0] == "test" || closing.is_some_and(|end| at < end))
            })
        {
            out.push(LiteralFinding::at(command.line, TEST_REDIRECTS));
        }
        if copies_home_out(words) {
            out.push(LiteralFinding::at(command.line, SENDS_HOME_FILES));
        }
        // `cd ~/src/app && git reset --hard`: git then works on another
        // checkout (subshells are not told apart: later commands count as
        // moved too).
        match basename(&words[0]) {
            "cd" | "pushd" => {
                moved_outside = words.get(1).is_none_or(|to| {
                    outside_working_dir(to) || argv[1].others.iter().any(|o| outside_working_dir(o))
                });
            }
            "git" if moved_outside => {
                let args: Vec<&str> = words[1..].iter().map(String::as_str).collect();
                if git_discards_work(&args) {
                    out.push(LiteralFinding::at(command.line, DISCARDS_WORK_ELSEWHERE));
                }
            }
            _ => {}
        }
        // `rm -rf "$_"`: `$_` is the previous command's last word, which a
        // reader has to work out (after `[ -d ~/.gnupg ]` it is ~/.gnupg).
        if basename(&program.text) == "rm"
            && deletes_recursively(&words[1..])
            && argv[1..]
                .iter()
                .any(|w| unmarked(&w.raw).trim_matches('"') == "$_")
        {
            out.push(LiteralFinding {
                line: command.line,
                severity: Severity::Major,
                id: "deletes-hidden-path",
                message: "deletes recursively the path `$_` names, the previous command's last word: what goes is hidden from a reader; name the path",
            });
        }
        if basename(&program.text) == "rm" && deletes_root_or_home(&words[1..]) {
            out.push(LiteralFinding {
                line: command.line,
                severity: Severity::Critical,
                id: "deletes-root-or-home",
                message: "deletes the root or the home directory",
            });
        }
    }
    out.extend(listed_data::findings(&commands));
    out.extend(
        options_never_passed(code)
            .into_iter()
            .map(|line| LiteralFinding::at(line, OPTIONS_NEVER_PASSED)),
    );
    out.extend(super::dns::findings(code, literals));
    // `f() { f | f & }` under any name and over lines: every call starts
    // two more.
    for pair in commands.windows(2) {
        let (left, right) = (&pair[0], &pair[1]);
        let name = right.words.first().map(|w| w.text.as_str());
        if right.after_pipe
            && name.is_some_and(|name| {
                left.words.last().is_some_and(|w| w.text == name) && defines_function(code, name)
            })
        {
            out.push(LiteralFinding {
                line: right.line,
                severity: Severity::Critical,
                id: "sh-fork-bomb",
                message: "a fork bomb: starts processes until the machine runs out",
            });
        }
        // `cat .env | curl --data-binary @- URL`: the file as the body.
        let secret = |command: &BashCommand| {
            command
                .words
                .iter()
                .skip(1)
                .any(|w| w.texts().any(super::secret_files::is_secret_file))
        };
        if right.after_pipe && secret(left) && sends_stdin(right) {
            out.push(LiteralFinding::at(right.line, SENDS_SECRET_FILE));
        }
        // `op item get x --reveal | curl --data-binary @- URL`.
        let words: Vec<&str> = left.words.iter().map(|w| w.text.as_str()).collect();
        if right.after_pipe && super::secret_files::reads_secret_cli(&words) && sends_stdin(right) {
            out.push(LiteralFinding::at(
                right.line,
                (
                    Severity::Major,
                    "sends-fetched-secret",
                    super::secret_files::SENDS_FETCHED_SECRET,
                ),
            ));
        }
    }
    // `curl --data-binary @- URL < .env`.
    out.extend(
        commands
            .iter()
            .filter(|c| {
                sends_stdin(c)
                    && c.words
                        .iter()
                        .any(|w| w.texts().any(super::secret_files::is_secret_file))
            })
            .map(|c| LiteralFinding::at(c.line, SENDS_SECRET_FILE)),
    );
    out.extend(spelled_letter_by_letter(code, literals));
    // Shell code held as data (a heredoc, a string, a variable's value):
    // what it does happens where it is written to.
    let lines = placeholder_lines(code, literals.len());
    let mut held: Vec<(usize, &str)> = lines
        .into_iter()
        .zip(literals.iter().map(String::as_str))
        .collect();
    held.extend(texts.iter().filter_map(|&(line, text)| {
        let (_, value) = text.split_once('=').filter(|_| is_assignment(text))?;
        Some((line, value))
    }));
    out.extend(held_shell_code(&held));
    // Values judged wherever they stand: in a literal, or a command's
    // word (`claude --dangerously-skip-permissions`), once a line.
    // A here-document's URLs too (a job file's mirror).
    let mut valued: Vec<LiteralFinding> = held
        .iter()
        .chain(&texts)
        .filter_map(|&(line, text)| {
            super::dangerous_values::literal_judgment(text)
                .or_else(|| public_ip_url(text).then_some(BARE_IP_ENDPOINT))
                .map(|j| LiteralFinding::at(line, j))
        })
        .collect();
    valued.sort_by_key(|found| (found.line, found.id));
    valued.dedup_by_key(|found| (found.line, found.id));
    valued.retain(|found| !out.iter().any(|o| (o.line, o.id) == (found.line, found.id)));
    out.extend(valued);
    out.extend(
        texts
            .iter()
            .filter(|(_, text)| home_through_parent(text))
            .map(|&(line, _)| LiteralFinding {
                line,
                severity: Severity::Major,
                id: "sh-home-through-parent",
                message: "names the home directory (or a directory above one of its own) through `..`: a path written to hide where it points; a human decides",
            }),
    );
    let writes_files = !written.is_empty();
    out.extend(held.iter().chain(texts.iter()).filter_map(|&(line, text)| {
        Some(LiteralFinding::at(
            line,
            held_for_later(text, writes_files, false)?,
        ))
    }));
    // (The other languages look for these in every literal.)
    out.extend(
        held.iter()
            .filter(|(_, text)| downloads_and_runs(text))
            .map(|&(line, _)| LiteralFinding {
                line,
                severity: Severity::Major,
                id: "holds-download-and-run",
                message: HOLDS_DOWNLOAD_AND_RUN,
            }),
    );
    out.extend(written.iter().filter_map(|&(line, path)| {
        Some(LiteralFinding::at(line, writes_in_place_of_others(path)?))
    }));
    let all = texts.iter().map(|(_, t)| *t).collect::<Vec<_>>().join("\n");
    out.extend(named_files(&all, &texts, &written));
    // A CI pipeline's definition written to (`>> .gitlab-ci.yml`): a step
    // added there runs with the pipeline's secrets.
    out.extend(ci_pipeline_written(&written));
    out.sort_by_key(|f| (f.line, f.id));
    out.dedup();
    out
}

/// A command's words with their variables read, but its program as
/// written: a launcher picks its program at run time (`exec "$JAVACMD"`,
/// `$DAEMON --system`), and [`expanded_program`] reads such a name as
/// before; what the review reads through variables is the arguments.
fn program_as_written(argv: &[&BashWord]) -> Vec<String> {
    let mut words: Vec<String> = argv.iter().map(|w| w.text.clone()).collect();
    let mut at = 0;
    while let Some(word) = argv.get(at) {
        if !WRAPPERS.contains(&basename(&word.text)) {
            // `p=nc; $p host 4444`: the value the review followed into the
            // variable, when it has one; else the word as written, which
            // `expanded_program` reads (`${SHELL:-sh}`, `$PYTHON`).
            let followed = word.text != word.as_written()
                && !word.text.trim().is_empty()
                && !word.text.contains('$');
            if let Some(first) = words.get_mut(at).filter(|_| !followed) {
                *first = word.as_written();
            }
            break;
        }
        at += 1;
        while argv.get(at).is_some_and(|w| {
            w.text.starts_with('-')
                || w.text.contains('=')
                || w.text.bytes().all(|b| b.is_ascii_digit())
        }) {
            at += 1;
        }
    }
    words
}

/// The most words [`follow_values`] adds to one file's commands.
const MAX_EXPANDED_WORDS: usize = 65_536;

/// Takes `words` from `budget` if it has them.
fn take_budget(budget: &mut usize, words: usize) -> bool {
    match budget.checked_sub(words) {
        Some(left) => {
            *budget = left;
            true
        }
        None => false,
    }
}

/// Reserved words that may stand before a command's program (`if gdb
/// ...; then curl ...`).
const LEADING_KEYWORDS: &[&str] = &["if", "then", "else", "elif", "do", "while", "until", "!"];

/// Reads the variables in each command's words (see
/// [`super::expansion`]): a word's text becomes what its variables hold
/// where the file gave them literal values (`t=${layout//@H/$HOME}`, a
/// `for` loop's words, `x=(...)` arrays), `"${a[@]}"` becomes the array's
/// words, and an unquoted expansion is split into words as the shell
/// splits it.
fn follow_values(
    commands: &mut [BashCommand],
    code: &str,
    literals: &[String],
    renamed: &[(String, String)],
) {
    // Words that expansions may add in one file: beyond them, words stay
    // as written (a 200 KB file of `cmd $x $x`, with `x` 500 words, had
    // made 20 million).
    let mut budget = MAX_EXPANDED_WORDS;
    let mut vars = Variables::with_renamed(renamed);
    for (name, elements) in bash_arrays(code, literals) {
        vars.set_array(&name, elements);
    }
    // Once for every name's last value (a function may use a name assigned
    // after it), then in order, each word read before its command assigns.
    for command in commands.iter() {
        let words: Vec<Vec<String>> = command
            .words
            .iter()
            .map(|w| vec![vars.first(&w.raw, literals)])
            .collect();
        assign(&mut vars, &words);
    }
    for command in commands.iter_mut() {
        let mut words = Vec::with_capacity(command.words.len());
        for word in command.words.drain(..) {
            if let Some(elements) = vars
                .array_words(&word.raw, literals)
                .filter(|elements| take_budget(&mut budget, elements.len()))
            {
                words.extend(elements.into_iter().map(|text| BashWord {
                    raw: text.replace('$', LITERAL_DOLLAR_STR),
                    text,
                    quoted: true,
                    target: word.target,
                    source: word.source,
                    others: Vec::new(),
                }));
                continue;
            }
            let mut texts = vars.expand(&word.raw, literals).into_iter();
            let text = texts.next().unwrap_or_default();
            // Bash splits an unquoted expansion, but not an assignment's value.
            if !word.quoted
                && !is_assignment(&word.raw)
                && word.raw.contains('$')
                && text.contains(char::is_whitespace)
                && take_budget(&mut budget, text.split_whitespace().count())
            {
                words.extend(text.split_whitespace().map(|piece| BashWord {
                    text: piece.to_string(),
                    raw: word.raw.clone(),
                    quoted: false,
                    target: word.target,
                    source: word.source,
                    others: Vec::new(),
                }));
                continue;
            }
            words.push(BashWord {
                text,
                others: texts.collect(),
                ..word
            });
        }
        command.words = words;
        let texts: Vec<Vec<String>> = command
            .words
            .iter()
            .map(|w| w.texts().map(str::to_string).collect())
            .collect();
        assign(&mut vars, &texts);
    }
}

/// What a command's words (each word's texts, its variables read)
/// assign: `a=x b=y`, `local a=x`, `export a=x`, and a `for` loop's name
/// its words. A word with several texts (`k=${entry}_key` in a loop over
/// `entry`) gives its name each of them.
fn assign(vars: &mut Variables, texts: &[Vec<String>]) {
    fn first(texts: &[String]) -> &str {
        texts.first().map_or("", String::as_str)
    }
    let skipped = texts
        .iter()
        .take_while(|t| LEADING_KEYWORDS.contains(&first(t)))
        .count();
    let texts = &texts[skipped..];
    let words: Vec<&str> = texts.iter().map(|t| first(t)).collect();
    if let ["for", name, "in", values @ ..] = words.as_slice() {
        vars.set_each(name, values.iter().map(|v| (*v).to_string()).collect());
        return;
    }
    let declared = words.first().is_some_and(|w| DECLARERS.contains(w));
    if !declared && !words.iter().all(|w| is_assignment(w)) {
        return;
    }
    let operands = texts[usize::from(declared)..]
        .iter()
        .filter(|t| !first(t).starts_with('-'));
    for operand in operands {
        let values: Vec<(&str, &str)> = operand
            .iter()
            .filter(|text| is_assignment(text))
            .filter_map(|text| text.split_once('='))
            .collect();
        match values.as_slice() {
            [] => {}
            [(name, value)] => vars.set(name, (*value).to_string()),
            [(name, _), ..] => vars.set_each(
                name,
                values
                    .iter()
                    .filter(|(other, _)| other == name)
                    .map(|(_, value)| (*value).to_string())
                    .collect(),
            ),
        }
    }
}

/// `name=(a "b c" $d)` arrays in sanitized Bash: each name and its
/// elements (placeholders read), the last assignment of a name winning.
fn bash_arrays(code: &str, literals: &[String]) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for (at, _) in code.match_indices("=(") {
        let name_start = code[..at]
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let name = &code[name_start..at];
        if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        let mut elements = Vec::new();
        let mut element = String::new();
        let mut chars = code[at + 2..].chars();
        let mut closed = false;
        while let Some(c) = chars.next() {
            match c {
                '"' | '\'' => {
                    let inner: String = chars.by_ref().take_while(|&d| d != c).collect();
                    element.push_str(&placeholder_code(&inner, literals));
                }
                ')' => {
                    closed = true;
                    break;
                }
                c if c.is_whitespace() => {
                    if !element.is_empty() {
                        elements.push(std::mem::take(&mut element));
                    }
                }
                c => element.push(c),
            }
        }
        if !element.is_empty() {
            elements.push(element);
        }
        if closed {
            out.push((name.to_string(), elements));
        }
    }
    out
}

/// The line of each placeholder `S1` ..= `S<count>` in sanitized `code`
/// (its first whole occurrence; 1 if absent), in one pass: a search per
/// placeholder made long Bash files quadratic.
fn placeholder_lines(code: &str, count: usize) -> Vec<usize> {
    let mut lines = vec![0; count];
    let bytes = code.as_bytes();
    let mut line = 1;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => line += 1,
            b'S' if i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') => {
                let digits = bytes[i + 1..]
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                let n = code[i + 1..i + 1 + digits].parse::<usize>().ok();
                if let Some(slot) = n.and_then(|n| lines.get_mut(n.checked_sub(1)?)) {
                    if *slot == 0 {
                        *slot = line;
                    }
                }
                i += digits;
            }
            _ => {}
        }
        i += 1;
    }
    lines.iter().map(|&line| line.max(1)).collect()
}

/// The program a variable names (`"${SHELL:-sh}"`, `$PYTHON`): its default,
/// or what the variable's name says it holds.
fn expanded_program(word: &str) -> Option<&str> {
    let braced = word.strip_prefix("${").and_then(|w| w.strip_suffix('}'));
    let (name, default) = match braced {
        Some(inner) => match inner.split_once(":-").or_else(|| inner.split_once('-')) {
            Some((name, default)) => (name, Some(default)),
            None => (inner, None),
        },
        // `$NAME` alone: `$NAME/x` or `$NAME-x` name other things.
        None => (word.strip_prefix('$')?, None),
    };
    if !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return None;
    }
    // By the variable's name first: the sanitizer may have left a
    // default's word as a placeholder.
    let name = name.to_ascii_uppercase();
    if name == "SHELL" || name == "SH" || name == "BASH" || name.ends_with("_SHELL") {
        Some("sh")
    } else if name.contains("PYTHON") {
        Some("python3")
    } else if name == "NODE" || name.starts_with("NODE_BIN") {
        Some("node")
    } else {
        default.map(basename)
    }
}

/// What starting `program` with `args` says when the program runs a
/// command or code it is given in another way than an interpreter's
/// `-c`: `. /dev/stdin`, awk's `system()`, tar's
/// `--checkpoint-action=exec=...`, a git setting that is a command.
fn runs_a_named_command(
    program: &str,
    args: &[&str],
) -> Option<(Severity, &'static str, &'static str)> {
    const HIDDEN: (Severity, &str, &str) = (
        Severity::Critical,
        "run-code-string",
        "runs a command or code given as text (sourced from stdin, awk's system(), an option of tar or zip that names a command, sed's e, an editor's command line): code hidden from the review",
    );
    let stdin = |arg: &&str| {
        *arg == "/dev/stdin"
            || arg.starts_with("/dev/fd/")
            || arg.starts_with("/proc/self/fd/")
            || arg.starts_with("/dev/tcp/")
    };
    match program {
        "." | "source" if args.first().is_some_and(stdin) => return Some(HIDDEN),
        "awk" | "gawk" | "mawk" | "nawk"
            if awk_programs(args).any(|text| AWK_COMMANDS.iter().any(|c| text.contains(c))) =>
        {
            return Some(HIDDEN);
        }
        "git" => {
            let setting = |key: &str, value: &str| {
                let key = key.to_ascii_lowercase();
                GIT_COMMAND_SETTINGS.contains(&key.as_str())
                    || (key.starts_with("alias.") && value.trim_start().starts_with('!'))
                    || git_driver_command(&key)
            };
            let assigned = |arg: &str| {
                let (key, value) = arg.split_once('=').unwrap_or((arg, ""));
                setting(key, value)
            };
            let after_c = args.windows(2).any(|w| w[0] == "-c" && assigned(w[1]));
            // `git config [--global] key value`: the value is the next word.
            let configured = args.iter().position(|a| *a == "config").is_some_and(|at| {
                let mut operands = args[at + 1..].iter().filter(|a| !a.starts_with('-'));
                operands
                    .next()
                    .is_some_and(|key| setting(key, operands.next().copied().unwrap_or("")))
            });
            if after_c || configured {
                return Some((
                    Severity::Major,
                    "run-git-command-setting",
                    RUN_GIT_COMMAND_SETTING,
                ));
            }
            // `git -C ~/src/app reset --hard`: another checkout's
            // uncommitted work, which no commit or reflog keeps.
            let elsewhere = args.windows(2).any(|w| {
                matches!(w[0], "-C" | "--git-dir" | "--work-tree") && outside_working_dir(w[1])
            }) || args.iter().any(|a| {
                ["--git-dir=", "--work-tree="]
                    .iter()
                    .any(|flag| a.strip_prefix(flag).is_some_and(outside_working_dir))
            });
            if elsewhere && git_discards_work(args) {
                return Some(DISCARDS_WORK_ELSEWHERE);
            }
            if git_subcommand(args)
                .is_some_and(|(name, rest)| name == "push" && pushes_destructively(rest))
            {
                return Some((
                    Severity::Major,
                    "git-push-destroys",
                    "pushes so as to replace or delete a remote's branches or tags (--force, --mirror, --delete, a :ref or +ref refspec): history others depend on is lost; a human decides",
                ));
            }
        }
        debugger if DEBUGGERS.contains(&debugger) => return debugger_finding(debugger, args),
        "sed" | "gsed" => {
            let words: Vec<crate::shell::Word> = args.iter().map(|a| Some(a.to_string())).collect();
            let scripts = crate::shell::sed_scripts(&words).unwrap_or_default();
            if scripts.iter().any(|s| crate::shell::sed_runs_commands(s)) {
                return Some(HIDDEN);
            }
        }
        editor if EDITORS.contains(&editor) && editor_runs_commands(args) => return Some(HIDDEN),
        _ => {}
    }
    let options = COMMAND_OPTIONS
        .iter()
        .find(|(name, _)| *name == program)
        .map(|(_, options)| *options)?;
    let named = |arg: &&str| {
        options.iter().any(|option| {
            arg == option
                || arg
                    .strip_prefix(option)
                    .is_some_and(|rest| rest.starts_with('='))
                || (option.len() == 2 && arg.starts_with(option) && arg.len() > 2)
        })
    };
    args.iter().any(named).then_some(HIDDEN)
}

/// awk's program texts among its arguments: the first operand, or each
/// `-e`/`--source` text (gawk); not the values of `-v`, `-F`, `-f` and
/// their kin. A program read from a file (`-f`) is not text here.
fn awk_programs<'a>(args: &'a [&'a str]) -> impl Iterator<Item = &'a str> + 'a {
    const WITH_VALUE: &[&str] = &[
        "-v",
        "--assign",
        "-F",
        "--field-separator",
        "-f",
        "--file",
        "-i",
        "--include",
        "-l",
        "--load",
        "-E",
        "--exec",
    ];
    let mut sources = Vec::new();
    let mut from_file = false;
    let mut words = args.iter();
    while let Some(&arg) = words.next() {
        if arg == "--" {
            sources.extend(words.next().copied().filter(|_| !from_file));
            break;
        }
        if matches!(arg, "-e" | "--source") {
            sources.extend(words.next().copied());
            continue;
        }
        if WITH_VALUE.contains(&arg) {
            from_file |= matches!(arg, "-f" | "--file" | "-E" | "--exec");
            words.next();
            continue;
        }
        if arg.starts_with('-') {
            from_file |= arg.starts_with("-f") || arg.starts_with("--file=");
            continue;
        }
        if !from_file {
            sources.push(arg);
        }
        break;
    }
    sources.into_iter()
}

/// git's subcommand and the words after it, past git's own options
/// (`-C dir`, `-c key=value`, `--git-dir=...`).
fn git_subcommand<'a>(args: &'a [&'a str]) -> Option<(&'a str, &'a [&'a str])> {
    let mut at = 0;
    while let Some(arg) = args.get(at) {
        if matches!(
            *arg,
            "-C" | "-c" | "--git-dir" | "--work-tree" | "--namespace"
        ) {
            at += 2;
        } else if arg.starts_with('-') {
            at += 1;
        } else {
            return Some((arg, &args[at + 1..]));
        }
    }
    None
}

const DISCARDS_WORK_ELSEWHERE: Judgment = (
    Severity::Major,
    "git-discards-work-elsewhere",
    "discards uncommitted work or stashes of a repository outside the working directory (git reset --hard, clean -f, checkout -- ., stash clear, with -C or cwd elsewhere): work no commit keeps, in a checkout this task was not given; a human decides",
);

/// Whether git's words (its options, then the subcommand's) throw away
/// work that no commit holds: `reset --hard`, `clean -f`, `checkout -f`
/// or `checkout -- PATH`, `restore` of the worktree, `stash clear` or
/// `drop`, `branch -D`.
fn git_discards_work(args: &[&str]) -> bool {
    let Some((sub, rest)) = git_subcommand(args) else {
        return false;
    };
    let short = |letter: char| {
        rest.iter().any(|a| {
            a.starts_with('-')
                && !a.starts_with("--")
                && a[1..].bytes().all(|b| b.is_ascii_alphabetic())
                && a.contains(letter)
        })
    };
    let has = |word: &str| rest.contains(&word);
    match sub {
        "reset" => has("--hard") || has("--merge") || has("--keep"),
        "clean" => short('f') || has("--force"),
        "checkout" => short('f') || has("--force") || has("--") || has("."),
        "restore" => !has("--staged") || has("--worktree"),
        "stash" => has("clear") || has("drop"),
        "branch" => short('D') || (short('d') && (short('f') || has("--force"))),
        _ => false,
    }
}

/// Whether the process call whose arguments start at `open` runs git so as
/// to discard work ([`git_discards_work`]) in a directory the program
/// computes (`cwd=repo`, `{ cwd: dir }`) while the program walks the home
/// directory (`Path.home()`, `expanduser`, `os.homedir()`): the
/// checkouts under `~/src`, not this one.
fn discards_work_in_home(code: &str, open: usize, argv: &[String]) -> bool {
    let words: Vec<&str> = argv.iter().map(String::as_str).collect();
    let Some((program, args)) = words.split_first() else {
        return false;
    };
    if basename(program) != "git" || !git_discards_work(args) {
        return false;
    }
    let end = closing(code.as_bytes(), open, b'(', b')').unwrap_or(code.len());
    let arguments = code.get(open..end).unwrap_or_default();
    // `cwd=NAME` or `cwd: NAME`, not a literal (a placeholder `Sn`) of
    // the checkout's own.
    let computed_cwd = arguments.match_indices("cwd").any(|(at, _)| {
        let value = arguments[at + 3..].trim_start();
        let value = value
            .strip_prefix('=')
            .or_else(|| value.strip_prefix(':'))
            .map(str::trim_start);
        value.is_some_and(|v| {
            v.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                && !(v.starts_with('S') && v[1..].starts_with(|c: char| c.is_ascii_digit()))
        })
    });
    computed_cwd && walks_home(code)
}

/// Whether a program names the home directory by a call
/// (`Path.home()`, `expanduser`, `os.homedir()`, `process.env.HOME`).
fn walks_home(code: &str) -> bool {
    ["Path.home(", "expanduser(", "homedir(", "process.env.HOME"]
        .iter()
        .any(|home| code.contains(home))
}

const SENDS_SECRET_FILE: Judgment = (
    Severity::Major,
    "sends-secret-file",
    super::secret_files::SENDS_SECRET_FILE,
);

/// Whether an HTTP client's words send its standard input as the body
/// (`curl -d @-`, `--data-binary @-`, `-T -`, `wget --post-file=/dev/stdin`).
fn sends_stdin(command: &BashCommand) -> bool {
    let words: Vec<&str> = command.words.iter().map(|w| w.text.as_str()).collect();
    let Some((program, args)) = words.split_first() else {
        return false;
    };
    HTTP_CLIENTS.contains(&basename(program))
        && (args
            .iter()
            .any(|a| a.ends_with("@-") || a.ends_with("=/dev/stdin") || *a == "/dev/stdin")
            || args
                .windows(2)
                .any(|w| matches!(w[0], "-T" | "--upload-file") && w[1] == "-"))
}

/// Whether `program` is an HTTP client's command (curl, wget, HTTPie,
/// xh).
fn is_http_client(program: &str) -> bool {
    let program = basename(program);
    HTTP_CLIENTS.contains(&program) || matches!(program, "http" | "https" | "xh")
}

const OPTIONS_NEVER_PASSED: Judgment = (
    Severity::Major,
    "options-never-passed",
    "calls a function that reads options from its arguments (`for arg in \"$@\"`, getopts, `case $1`) with none: inside a function `$@` is its own arguments, so the script's options (--dry-run) never reach it; pass \"$@\"; a human decides",
);

/// The lines (1-based) of sanitized Bash `code` that call a function
/// whose body reads options from its arguments (`$@`, `$1`, `$#`,
/// `getopts`, `shift`, with a `case` or `getopts`) where no call of it
/// passes any.
fn options_never_passed(code: &str) -> Vec<usize> {
    let functions = bash_functions(code);
    if functions.is_empty() {
        return Vec::new();
    }
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    for BashFunction {
        name,
        start,
        end,
        body,
    } in functions
    {
        let body = body.join("\n");
        let reads = ["$@", "$*", "$1", "${1", "$#", "getopts", "shift"]
            .iter()
            .any(|sign| body.contains(sign));
        if !(reads && (body.contains("case ") || body.contains("getopts"))) {
            continue;
        }
        let calls: Vec<(usize, bool)> = lines
            .iter()
            .enumerate()
            .filter(|&(at, _)| at < start || at > end)
            .filter_map(|(at, l)| {
                let rest = l.trim_start().strip_prefix(name)?;
                let rest = rest.trim_start();
                (rest.is_empty()
                    || !rest
                        .starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '('))
                .then(|| {
                    (
                        at,
                        !(rest.is_empty() || rest.starts_with([';', '&', '|', '#', ')'])),
                    )
                })
            })
            .collect();
        if !calls.is_empty() && calls.iter().all(|&(_, passes)| !passes) {
            out.extend(calls.iter().map(|&(at, _)| at + 1));
        }
    }
    out
}

const TEST_REDIRECTS: Judgment = (
    Severity::Major,
    "test-redirects",
    "writes `>` inside `[ ]` or `test`: a redirection into a file named by the right side, not a comparison, and what is left tests only that a word is not empty, so the branch always runs; compare numbers with -gt or -lt; a human decides",
);

/// Whether a word selects everything by a pattern that matches any value
/// (`query={job=~".+"}`, `name=~".*"`).
fn selects_everything(word: &str) -> bool {
    [r#"=~".+""#, r#"=~".*""#, "=~'.+'", "=~'.*'", "=~.+", "=~.*"]
        .iter()
        .any(|pattern| word.contains(pattern))
}

/// Whether a command deletes something remote: an HTTP request whose
/// method is DELETE or whose path's last part deletes or erases, or a
/// service's CLI told to delete, destroy, purge, erase or wipe
/// (`sentry-cli projects delete`, `heroku apps:destroy`). Local tools
/// (`rm`, `docker rm`, `git branch -d`) are not remote.
fn deletes_remotely(words: &[String]) -> bool {
    let Some((program, args)) = words.split_first() else {
        return false;
    };
    if is_http_client(program) {
        return args.iter().enumerate().any(|(i, a)| {
            a == "-XDELETE"
                || a == "--request=DELETE"
                || (a == "DELETE" && (i == 0 || matches!(args[i - 1].as_str(), "-X" | "--request")))
                // `curl -X POST "$API/devices/$id/action/erase"`.
                || super::bulk::path_deletes(a)
        });
    }
    const LOCAL: &[&str] = &[
        "rm", "rmdir", "unlink", "docker", "podman", "git", "find", "apt", "apt-get", "npm", "pip",
        "brew", "trash",
    ];
    !LOCAL.contains(&basename(program))
        && args.iter().take(3).any(|a| {
            matches!(
                a.as_str(),
                "delete" | "destroy" | "purge" | "erase" | "wipe"
            ) || a.ends_with(":destroy")
                || a.ends_with(":delete")
        })
}

/// Whether `git push`'s words replace or delete what a remote holds:
/// `--force` (not `--force-with-lease`, which checks first), `--mirror`,
/// `--delete`, `--prune`, and refspecs that delete (`:ref`) or force
/// (`+ref`).
fn pushes_destructively(args: &[&str]) -> bool {
    args.iter().any(|arg| {
        matches!(*arg, "--force" | "--mirror" | "--delete" | "--prune")
            || (arg.starts_with('-')
                && !arg.starts_with("--")
                && arg[1..].bytes().all(|b| b.is_ascii_alphabetic())
                && arg[1..].contains(['f', 'd']))
            || (arg.starts_with([':', '+']) && arg.len() > 1)
    })
}

/// Debuggers and tracers, which attach to a process with ptrace.
const DEBUGGERS: &[&str] = &[
    "gdb",
    "gdb-multiarch",
    "cgdb",
    "gdbserver",
    "lldb",
    "strace",
    "ltrace",
    "gcore",
];
/// Functions that, called inside a debugged process, run a command or
/// load a library there.
const INJECTED_CALLS: &[&str] = &[
    "system",
    "dlopen",
    "__libc_dlopen_mode",
    "execve",
    "execv",
    "execl",
    "execlp",
    "popen",
    "posix_spawn",
];

/// What a debugger or tracer started with `args` does: a call of
/// [`INJECTED_CALLS`] among its commands (`-ex 'call system("...")'`) runs
/// code in the debugged process; attaching to a running one (`-p PID`,
/// `attach PID`, `gdb prog PID`, gcore) reads its memory and can steer it.
fn debugger_finding(program: &str, args: &[&str]) -> Option<Judgment> {
    const COMMAND_OPTIONS: &[&str] = &[
        "-ex",
        "--ex",
        "-eval-command",
        "--eval-command",
        "-iex",
        "--init-eval-command",
        "-o",
        "--one-line",
        "-O",
        "--one-line-before-file",
    ];
    let mut commands = Vec::new();
    let mut operands = Vec::new();
    let mut attach = program == "gcore";
    let mut words = args.iter();
    while let Some(&arg) = words.next() {
        // `--args PROGRAM ARGS...`: the rest is the program's.
        if arg == "--args" {
            break;
        }
        if COMMAND_OPTIONS.contains(&arg) {
            commands.extend(words.next().copied());
        } else if let Some((option, value)) =
            arg.split_once('=').filter(|(o, _)| o.starts_with('-'))
        {
            if COMMAND_OPTIONS.contains(&option) {
                commands.push(value);
            }
            attach |= matches!(
                option,
                "--pid" | "-pid" | "--attach-pid" | "--attach-name" | "--attach"
            );
        } else if matches!(
            arg,
            "-p" | "--pid" | "-pid" | "--attach-pid" | "--attach-name" | "--attach"
        ) || (program == "lldb" && arg == "-n")
            || (arg.starts_with("-p")
                && arg.len() > 2
                && arg[2..].bytes().all(|b| b.is_ascii_digit()))
        {
            attach = true;
        } else if !arg.starts_with('-') {
            operands.push(arg);
        }
    }
    // `gdb PROGRAM PID` attaches to PID (a number, or a variable named
    // for one).
    attach |= program.starts_with("gdb")
        && operands.get(1).is_some_and(|pid| {
            pid.bytes().all(|b| b.is_ascii_digit())
                || (pid.starts_with('$') && pid.to_ascii_lowercase().contains("pid"))
        });
    let injected = commands.iter().any(|command| {
        let command = command.trim_start();
        attach |= command.starts_with("attach") || command.contains("process attach");
        let calls = ["call", "print", "p ", "p(", "expr", "expression", "po "]
            .iter()
            .any(|verb| command.starts_with(verb));
        calls
            && INJECTED_CALLS.iter().any(|name| {
                command.match_indices(name).any(|(at, _)| {
                    let before = command[..at].chars().next_back();
                    !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                        && command[at + name.len()..].trim_start().starts_with('(')
                })
            })
    });
    if injected {
        return Some((
            Severity::Critical,
            "run-in-another-process",
            "makes a debugged process run a command or load a library (call system(), dlopen): code hidden from the review, run with that process's rights",
        ));
    }
    attach.then_some((
        Severity::Major,
        "attaches-to-process",
        "attaches a debugger or tracer to another process (ptrace): it can read that process's memory and secrets and make it run code; a human decides",
    ))
}

/// Services whose stopping blinds the machine's defenders: audit, EDR and
/// antivirus agents, runtime detection, mandatory access control,
/// firewalls.
const SECURITY_SERVICES: &[&str] = &[
    "auditd",
    "auditbeat",
    "apparmor",
    "firewalld",
    "ufw",
    "nftables",
    "iptables",
    "ip6tables",
    "netfilter-persistent",
    "falco",
    "falcon-sensor",
    "osqueryd",
    "wazuh-agent",
    "ossec",
    "elastic-agent",
    "elastic-endpoint",
    "tetragon",
    "sentinelone",
    "cbagentd",
    "mdatp",
    "clamav-daemon",
    "clamd",
    "fail2ban",
    "sysmon",
    "qualys-cloud-agent",
    "ds_agent",
    "taniumclient",
];
/// A cluster's policy engines and runtime detection, by the names of their
/// namespaces and deployments.
const CLUSTER_SECURITY: &[&str] = &[
    "kyverno",
    "gatekeeper",
    "falco",
    "kubewarden",
    "tetragon",
    "neuvector",
    "twistlock",
    "sysdig",
];
/// Where security tools keep their rules and settings.
const SECURITY_CONFIG: &[&str] = &[
    "/etc/audit",
    "/etc/apparmor",
    "/etc/apparmor.d",
    "/etc/selinux",
    "/etc/falco",
    "/etc/osquery",
    "/var/ossec",
];

/// The programs [`disables_security_tool`] knows.
const SECURITY_PROGRAMS: &[&str] = &[
    "systemctl",
    "service",
    "update-rc.d",
    "chkconfig",
    "rc-update",
    "rc-service",
    "pkill",
    "killall",
    "setenforce",
    "aa-teardown",
    "aa-disable",
    "aa-complain",
    "apparmor_parser",
    "ufw",
    "iptables",
    "ip6tables",
    "iptables-legacy",
    "iptables-nft",
    "nft",
    "auditctl",
    "rm",
];
/// Programs that run the rest of their words as another user.
const ELEVATORS: &[&str] = &["sudo", "doas", "pkexec", "run0"];

/// `program` and `args` as run past an [`ELEVATORS`] program and its
/// options (`sudo -n systemctl stop auditd` runs systemctl).
fn past_elevation<'a>(program: &'a str, args: &'a [&'a str]) -> (&'a str, &'a [&'a str]) {
    if !ELEVATORS.contains(&program) {
        return (program, args);
    }
    let mut at = 0;
    while let Some(arg) = args.get(at) {
        if matches!(
            *arg,
            "-u" | "-g" | "-U" | "-C" | "-D" | "-h" | "-p" | "-r" | "-t"
        ) {
            at += 2;
        } else if arg.starts_with('-') {
            at += 1;
        } else {
            return (basename(arg), &args[at + 1..]);
        }
    }
    (program, args)
}

/// The first of `texts` that is a CI pipeline's definition
/// (`.github/workflows/...`, `.gitlab-ci.yml`), among paths a program
/// writes to: a step added there runs with the pipeline's secrets.
fn ci_pipeline_written(texts: &[(usize, &str)]) -> Option<LiteralFinding> {
    let &(line, _) = texts.iter().find(|(_, path)| {
        let path = path.replace('\\', "/");
        path.contains(".github/workflows")
            || path.contains(".github/actions/")
            || path.ends_with(".gitlab-ci.yml")
    })?;
    Some(LiteralFinding {
        line,
        severity: Severity::Major,
        id: "changes-ci-pipeline",
        message: "writes files in a program that names a CI pipeline's definition (.github/workflows, a composite action under .github/actions, .gitlab-ci.yml): a step added there runs with the pipeline's secrets; a human decides",
    })
}

/// The line of literal `n` (counted from 0) in `code`; 1 if unknown.
fn literal_line(code: &str, reader: &Reader<'_>, n: Option<usize>) -> usize {
    n.and_then(|n| placeholder_at(code, n + 1))
        .map_or(1, |at| reader.lines.at(at))
}

/// What starting a network client beyond HTTP is told.
const RUN_NETWORK_TOOL: &str = "starts a network client beyond HTTP: the jail's one way out is the channel (and HTTP(S) through its egress proxy); call tools with jail-call";

/// Registries that are each package manager's own (their default).
const DEFAULT_INDEXES: &[&str] = &[
    "pypi.org",
    "pypi.python.org",
    "files.pythonhosted.org",
    "registry.npmjs.org",
    "registry.yarnpkg.com",
    "proxy.golang.org",
    "sum.golang.org",
];

/// Whether `url`'s host is one of [`DEFAULT_INDEXES`]: the host itself,
/// not a text that holds its name (`https://pypi.org.example.net/`,
/// `https://x.example.net/?pypi.org`, `https://pypi.org@x.example.net/`).
fn is_default_index(url: &str) -> bool {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    // `user:password@host`: the host is after the last `@`.
    let authority = authority.rsplit('@').next().unwrap_or_default();
    let host = authority
        .rsplit_once('@')
        .map_or(authority, |(_, host)| host);
    let host = host.split(':').next().unwrap_or_default();
    DEFAULT_INDEXES
        .iter()
        .any(|index| host.eq_ignore_ascii_case(index))
}

/// How many letters of a literal, written as compatibility characters
/// (fullwidth, mathematical, circled...), NFKC folds into ASCII letters
/// (superscript digits, as in `COM¹`, do not count).
fn compatibility_letters(text: &str) -> usize {
    use unicode_normalization::UnicodeNormalization;
    text.chars()
        .filter(|c| !c.is_ascii())
        .filter(|c| {
            let mut folded = std::iter::once(*c).nfkc();
            matches!((folded.next(), folded.next()), (Some(f), None) if f.is_ascii_alphabetic())
        })
        .count()
}

/// The literals as a program sees them after `normalize("NFKC")`, when any
/// is spelled in compatibility characters: `"ｔｔｙｄ"` is judged as
/// `"ttyd"`. None when none is.
pub(super) fn folded(literals: &[String]) -> Option<Vec<String>> {
    use unicode_normalization::UnicodeNormalization;
    literals
        .iter()
        .any(|l| compatibility_letters(l) > 0)
        .then(|| {
            literals
                .iter()
                .map(|l| {
                    if compatibility_letters(l) > 0 {
                        l.nfkc().collect()
                    } else {
                        l.clone()
                    }
                })
                .collect()
        })
}

/// Words spelled in fullwidth or other compatibility letters, in a program
/// that folds text to ASCII (`normalize("NFKC")`): what runs is not what
/// is written. Read on the literals as written, before [`folded`].
pub(super) fn folds_hidden_text(code: &str, literals: &[String]) -> Option<LiteralFinding> {
    // NFC and NFD keep fullwidth letters as they are.
    let folds = code.contains("normalize(")
        && literals
            .iter()
            .any(|l| matches!(l.as_str(), "NFKC" | "NFKD"));
    if !folds {
        return None;
    }
    let n = literals
        .iter()
        .position(|l| compatibility_letters(l) >= 3)?;
    Some(LiteralFinding {
        line: placeholder_at(code, n + 1).map_or(1, |at| Lines::of(code).at(at)),
        severity: Severity::Major,
        id: "folds-hidden-text",
        message: "spells text in fullwidth or other compatibility letters and folds it to ASCII at run time (normalize NFKC/NFKD): what runs is not what is written; a human decides",
    })
}

/// The commands in the `syscmd(...)`/`esyscmd(...)` calls of m4 macro
/// text, each as its words (quotes and m4's `[`/`]` quoting dropped), one
/// per simple command (split at `|`, `;`, `&&`, `||`).
fn m4_commands(text: &str) -> impl Iterator<Item = Vec<String>> + '_ {
    text.match_indices("syscmd(").flat_map(|(at, call)| {
        let rest = &text[at + call.len()..];
        let mut depth = 0usize;
        let end = rest
            .char_indices()
            .find(|&(_, c)| match c {
                '(' => {
                    depth += 1;
                    false
                }
                ')' if depth == 0 => true,
                ')' => {
                    depth -= 1;
                    false
                }
                _ => false,
            })
            .map_or(rest.len(), |(i, _)| i);
        simple_commands(&rest[..end])
    })
}

/// The simple commands of a shell command line held as text, each as its
/// words (split at `|`, `;`, `&` and line ends; quotes, m4's `[`/`]`
/// quoting, parentheses and `$` dropped): enough to judge which programs
/// it starts.
fn simple_commands(text: &str) -> Vec<Vec<String>> {
    text.split(['|', ';', '&', '\n'])
        .map(|command| {
            command
                .split_whitespace()
                .map(|word| {
                    word.trim_matches(|c| matches!(c, '[' | ']' | '"' | '\'' | '(' | ')' | '$'))
                        .to_string()
                })
                .filter(|word| !word.is_empty())
                .collect::<Vec<_>>()
        })
        .filter(|argv| !argv.is_empty())
        .collect()
}

/// Environment variables whose value another program runs as a shell
/// command later: less's input preprocessor, pagers, editors, git's SSH
/// command and askpass helpers, a browser, bash's prompt and start-up file.
const COMMAND_VARIABLES: &[&str] = &[
    "LESSOPEN",
    "LESSCLOSE",
    "PAGER",
    "GIT_PAGER",
    "MANPAGER",
    "SYSTEMD_PAGER",
    "EDITOR",
    "VISUAL",
    "GIT_EDITOR",
    "SUDO_EDITOR",
    "GIT_SSH_COMMAND",
    "GIT_SSH",
    "GIT_ASKPASS",
    "SSH_ASKPASS",
    "SUDO_ASKPASS",
    "GIT_EXTERNAL_DIFF",
    "BROWSER",
    "PROMPT_COMMAND",
    "BASH_ENV",
];

/// Programs that run each line of their input that starts with `!` as a
/// shell command (dc's and ed's shell escape).
const SHELL_ESCAPES: &[&str] = &["dc", "ed"];

/// A text another program runs as shell commands, holding one the review
/// refuses: the value of one of [`COMMAND_VARIABLES`] (`export
/// LESSOPEN='|tmate ...'`), or a `!` line of input to one of
/// [`SHELL_ESCAPES`]. Judged as the commands it holds, as m4's are.
fn hook_commands(
    code: &str,
    literals: &[String],
    renamed: &[(String, String)],
    lines: &Lines,
) -> Option<LiteralFinding> {
    // As written: the sanitizer may have renamed a variable.
    let named = |name: &str| {
        literals.iter().any(|l| l == name)
            || renamed.iter().any(|(from, _)| from == name)
            || code.match_indices(name).any(|(at, _)| {
                let before = code[..at].chars().next_back();
                let after = code[at + name.len()..].chars().next();
                !before.is_some_and(|c| c.is_alphanumeric() || c == '_')
                    && !after.is_some_and(|c| c.is_alphanumeric() || c == '_')
            })
    };
    let variables = COMMAND_VARIABLES.iter().any(|name| named(name));
    let escapes = SHELL_ESCAPES.iter().any(|name| named(name));
    if !variables && !escapes {
        return None;
    }
    let refused = |text: &str| {
        simple_commands(text)
            .iter()
            .any(|argv| classify(argv).is_some())
    };
    // A command line, not a bare word: `sh` or `open` alone, a program
    // picked for a platform, is judged where it is run.
    let n = literals.iter().position(|text| {
        (variables && text.trim().contains([' ', '|', ';']) && refused(text))
            || (escapes
                && text
                    .lines()
                    .filter_map(|line| line.trim_start().strip_prefix('!'))
                    .any(refused))
    })?;
    Some(LiteralFinding {
        line: placeholder_at(code, n + 1).map_or(1, |at| lines.at(at)),
        severity: Severity::Major,
        id: "holds-hook-command",
        message: "holds a shell command that another program runs later (LESSOPEN, GIT_SSH_COMMAND, PAGER, EDITOR, a `!` line fed to dc or ed), and the command is one the review refuses (a network client, a deletion, a credential read, ...); a human decides",
    })
}

const MUTES_MONITORING: Judgment = (
    Severity::Major,
    "disables-monitoring",
    super::cloud::DISABLES_MONITORING,
);

/// An Alertmanager silence (JSON) whose matcher every alert meets.
fn silences_every_alert(text: &str) -> bool {
    if !text.contains("isRegex") {
        return false;
    }
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    compact.contains("\"isRegex\":true")
        && (compact.contains("\"value\":\".+\"") || compact.contains("\"value\":\".*\""))
}

const BARE_IP_ENDPOINT: Judgment = (
    Severity::Major,
    "names-bare-ip-endpoint",
    "names a URL whose host is a public IP address written out, or an address in a disguised form (http://203.0.113.5/..., http://3405803785/): where data goes or code comes from, under no name a reader can check; a human decides",
);

/// Whether an `http(s)://` or `ws(s)://` URL in `text` (a default
/// in `${VAR:-http://...}` too) names its host by an IP address that is
/// public (not loopback, private, link-local, where cloud metadata has
/// rules of its own, shared, multicast or unspecified), or by a form a
/// URL parser reads as an address but no one writes plainly (`3405803785`,
/// `0xcb.0.113.9`, `127.1`: `policy::egress::is_ip_literal`).
fn public_ip_url(text: &str) -> bool {
    // Every URL of a text (a job file or a script in a here-document holds
    // several). Most texts hold none: `://` is looked for first.
    text.match_indices("://").any(|(at, _)| {
        ["http", "https", "ws", "wss"]
            .iter()
            .any(|scheme| text[..at].ends_with(scheme))
            && public_ip_host(&text[at + 3..])
    })
}

/// The host of the URL whose authority starts `rest` (after `scheme://`):
/// past any `user:password@`, without a port or an IPv6 address's
/// brackets, up to a path, query, fragment or the text's end.
pub(super) fn url_host(rest: &str) -> &str {
    let authority = rest
        .split(['/', '?', '#', '"', '\'', ' ', '\n', '`'])
        .next()
        .unwrap_or_default();
    // `user:password@host`: the host is after the last `@`.
    let authority = authority.rsplit('@').next().unwrap_or_default();
    match authority.strip_prefix('[') {
        Some(bracketed) => bracketed.split(']').next().unwrap_or_default(),
        None => authority.split(':').next().unwrap_or_default(),
    }
}

/// Whether the URL whose authority starts `rest` names a public IP address.
fn public_ip_host(rest: &str) -> bool {
    let host = url_host(rest);
    if let Ok(ip) = host.parse::<std::net::Ipv4Addr>() {
        let [a, b, ..] = ip.octets();
        let shared = a == 100 && (64..128).contains(&b);
        return !(ip.is_loopback()
            || ip.is_private()
            || ip.is_link_local()
            || ip.is_multicast()
            || ip.is_unspecified()
            || ip.is_broadcast()
            || shared
            || a == 0);
    }
    if let Ok(ip) = host.parse::<std::net::Ipv6Addr>() {
        let [first, ..] = ip.segments();
        let local = first & 0xfe00 == 0xfc00 || first & 0xffc0 == 0xfe80;
        return !(ip.is_loopback() || ip.is_unspecified() || ip.is_multicast() || local);
    }
    !host.is_empty() && policy::egress::is_ip_literal(host)
}

/// Identifiers that mix scripts (`canonіcalHost` with a Cyrillic `і`
/// beside `canonicalHost`): a reader sees one name where the program has
/// two, so what runs is not what a reviewer reads (the "Trojan Source"
/// paper's homoglyphs, CVE-2021-42694). The sanitizer renamed each to a
/// name of its own; reported on the line it is first used.
pub(super) fn homoglyph_identifiers(
    code: &str,
    renamed: &[(String, String)],
) -> Vec<LiteralFinding> {
    use unicode_security::MixedScript;
    renamed
        .iter()
        .filter(|(original, _)| {
            let letters: String = original.chars().filter(|c| c.is_alphabetic()).collect();
            !original.is_ascii() && !letters.as_str().is_single_script()
        })
        .map(|(_, to)| LiteralFinding {
            line: code
                .lines()
                .position(|line| super::bulk::has_word(line, to))
                .map_or(1, |index| index + 1),
            severity: Severity::Critical,
            id: "homoglyph-identifier",
            message: "an identifier mixes scripts (a Cyrillic or Greek letter among Latin ones): it reads as another name of the program, so the code does not do what it appears to (homoglyphs, CVE-2021-42694); spell it in one script",
        })
        .collect()
}

/// What one literal says wherever it stands, with the program's
/// `literals`: Go's module checks turned off for a host however the
/// command runs (`GOINSECURE=...`, `GOSUMDB=off`, `GOFLAGS=-insecure`), a
/// cloud project's owner or editor role given away, a miner's settings in
/// a container's arguments (xmrig's RandomX algorithm, its donation
/// level), an AI agent told to run anything without asking.
fn settings_judgment(text: &str, literals: &[String]) -> Option<Judgment> {
    if let Some(judgment) = super::dangerous_values::literal_judgment(text) {
        return Some(judgment);
    }
    if let Some(judgment) = super::switch_off::literal_judgment(text) {
        return Some(judgment);
    }
    if text.starts_with("GOINSECURE=")
        || text == "GOSUMDB=off"
        || (text.starts_with("GOFLAGS=") && text.contains("-insecure"))
    {
        return Some((
            Severity::Major,
            "changes-package-source",
            CHANGES_PACKAGE_SOURCE,
        ));
    }
    if (text.contains("roles/owner") || text.contains("roles/editor"))
        && literals.iter().any(|l| l == "add-iam-policy-binding")
    {
        return Some((Severity::Major, "grants-account-access", GRANTS_ACCESS));
    }
    // Elasticsearch's guard against `DELETE /*` turned off.
    if text.contains("destructive_requires_name") {
        return Some((
            Severity::Major,
            "deletes-remote-data",
            "turns off Elasticsearch's guard against deleting indices by wildcard (action.destructive_requires_name): every index can go in one request; a human decides",
        ));
    }
    // GitHub Actions' permissions of an organisation or repository
    // changed through the API (`PUT orgs/ORG/actions/permissions/...`).
    if text.contains("/actions/permissions") && literals.iter().any(|l| l == "PUT") {
        return Some((
            Severity::Major,
            "changes-ci-pipeline",
            "changes GitHub Actions' permissions of an organisation or repository (PUT .../actions/permissions): the token's rights, which actions run, whether workflows approve pull requests; a human decides",
        ));
    }
    // A role trusted by a whole AWS account (`arn:aws:iam::ACCOUNT:root`
    // in a trust policy).
    if text.starts_with("arn:aws:iam::")
        && text.ends_with(":root")
        && literals.iter().any(|l| l == "sts:AssumeRole")
    {
        return Some((Severity::Major, "grants-account-access", GRANTS_ACCESS));
    }
    // A miner for visitors' browsers: CoinHive's API shape
    // (`new X.Anonymous(siteKey, { throttle })...start()`), kept by its
    // clones, or their scripts.
    let browser_miner = (text.contains(".Anonymous(")
        && (text.contains("throttle") || text.contains(".start()")))
        || [
            "coinhive.min.js",
            "coin-hive.com",
            "cryptoloot",
            "webminepool",
            "crypto-loot",
        ]
        .iter()
        .any(|name| text.contains(name));
    if browser_miner {
        return Some((
            Severity::Critical,
            "run-miner",
            "holds a cryptocurrency miner for visitors' browsers (a CoinHive-style `new X.Anonymous(siteKey, { throttle }).start()`): cryptojacking",
        ));
    }
    if public_ip_url(text) {
        return Some(BARE_IP_ENDPOINT);
    }
    if silences_every_alert(text) {
        return Some(MUTES_MONITORING);
    }
    // Cloudflare's security level at its lowest: no challenge for anyone.
    if text == "essentially_off" {
        return Some((
            Severity::Major,
            "disables-security-tool",
            "turns a zone's protection off (Cloudflare's security level essentially_off): attacks on the site pass unchallenged; a human decides",
        ));
    }
    None
}

/// Why a git setting that runs a command is held for a human.
const RUN_GIT_COMMAND_SETTING: &str = "sets a git setting whose value is a command git runs (core.sshCommand, core.fsmonitor, core.hooksPath, credential.helper, an alias with !, a filter, diff or merge driver; with git -c, git config or GIT_CONFIG_KEY_n): a human decides";

/// What a shell assignment makes later commands do: `CDPATH=...` sends a
/// relative `cd` there first (`cd build && rm -rf ./*` in the home
/// directory); `GIT_CONFIG_KEY_n=diff.external` gives git a setting that
/// runs a command through the environment.
fn assignment_judgment(word: &str) -> Option<Judgment> {
    let (name, value) = word.split_once('=')?;
    let name = name.strip_prefix("export ").unwrap_or(name);
    if name == "CDPATH" && !value.trim_matches(['"', '\'', ':']).is_empty() {
        return Some((
            Severity::Major,
            "changes-cd-path",
            "sets CDPATH in a script: every relative cd after it looks there first, so a `cd dir && rm -rf ./*` can act in another tree; a human decides",
        ));
    }
    let numbered = name
        .strip_prefix("GIT_CONFIG_KEY_")
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    let key = value.trim_matches(['"', '\'']).to_ascii_lowercase();
    if numbered && (GIT_COMMAND_SETTINGS.contains(&key.as_str()) || git_driver_command(&key)) {
        return Some((
            Severity::Major,
            "run-git-command-setting",
            RUN_GIT_COMMAND_SETTING,
        ));
    }
    None
}

/// Why giving access away is held for a human.
const GRANTS_ACCESS: &str = "gives access to an account, project or cluster away (gh ssh-key add, gh repo deploy-key add, gcloud add-iam-policy-binding roles/owner, a binding for system:anonymous, kubectl proxy on every address): whoever it names can act there from then on; a human decides";

/// Why deleting backups or remote storage is held for a human.
const DELETES_BACKUPS: &str = "deletes backups or remote storage (restic forget without a --keep policy, borg delete, rclone purge/delete): data outside the project, others' too, for good; a human decides";

/// Why deleting cloud resources is held for a human.
const DELETES_CLOUD_RESOURCES: &str = "deletes cloud resources (aws ... delete-*, terminate-*; az/gcloud ... delete; firebase ...:delete; terraform destroy): other services' data and keys, for good; a human decides";

/// Why pointing a package manager elsewhere is held for a human.
const CHANGES_PACKAGE_SOURCE: &str = "points a package manager at another index or registry, installs a package from a URL, or turns its checks off (pip --index-url/--trusted-host, npm --registry, a tarball or git URL, cargo [patch.crates-io], go env -w GOPROXY/GOSUMDB=off): what the next install runs comes from there; a human decides";

/// What `program` with `args` does past the project that the rest of
/// the review does not see as such: points a package manager at another
/// index or turns off its checks (the next install runs what that index
/// serves), reads git's stored credentials, deletes cloud storage or
/// every container's data on the machine, installs an editor extension,
/// or opens a TLS connection with openssl.
fn changes_sources_or_sweeps(program: &str, args: &[&str]) -> Option<Judgment> {
    const SOURCE: &str = CHANGES_PACKAGE_SOURCE;
    let has = |word: &str| args.contains(&word);
    // A package named by a URL (a tarball, a git repository) outside the
    // default index: `npm install http://host/pkg.tgz`, `pip install git+https://...`.
    let installs_from_url = || {
        matches!(args.first(), Some(&"install" | &"i" | &"add"))
            && args[1..].iter().any(|a| {
                let url = a
                    .split_once('@')
                    .filter(|(name, _)| !name.contains('/'))
                    .map_or(*a, |(_, url)| url);
                (url.contains("://") && !is_default_index(url.trim_start_matches("git+")))
                    || a.starts_with("git@")
            })
    };
    let other_index = |value: &str| value.contains("://") && !is_default_index(value);
    // `--opt value` or `--opt=value`.
    let option_values = |options: &[&str]| -> Vec<&str> {
        args.iter()
            .enumerate()
            .filter_map(|(i, arg)| {
                options.iter().find_map(|option| {
                    if arg == option {
                        args.get(i + 1).copied()
                    } else {
                        arg.strip_prefix(option)?.strip_prefix('=')
                    }
                })
            })
            .collect()
    };
    let source = || Some((Severity::Major, "changes-package-source", SOURCE));
    let pip_source = || {
        !option_values(&["--trusted-host"]).is_empty()
            || option_values(&[
                "--index-url",
                "-i",
                "--extra-index-url",
                "--find-links",
                "-f",
            ])
            .iter()
            .any(|value| other_index(value))
            || (has("config")
                && args
                    .iter()
                    .any(|a| a.contains("index-url") || a.contains("trusted-host")))
    };
    let npm_source = || {
        option_values(&["--registry"])
            .iter()
            .any(|value| other_index(value))
            || (has("config") && has("set") && args.iter().any(|a| a.contains("registry")))
    };
    let go_source = || {
        args.first() == Some(&"env")
            && has("-w")
            && args.iter().any(|a| {
                a.starts_with("GOSUMDB=off")
                    || a.starts_with("GONOSUMDB=")
                    || a.starts_with("GONOSUMCHECK=")
                    || a.starts_with("GOINSECURE=")
                    || (a.starts_with("GOFLAGS=") && a.contains("insecure"))
                    || a.strip_prefix("GOPROXY=").is_some_and(&other_index)
            })
    };
    let s3 = args.first() == Some(&"s3");
    let container_sweep = || {
        let sub = |a: &str, b: &str| args.windows(2).any(|w| w == [a, b]);
        let all = has("-a") || has("-af") || has("-fa") || has("--all") || has("--volumes");
        (sub("system", "prune") && all) || sub("volume", "prune") || sub("system", "reset")
    };
    let s3api_delete = args.first() == Some(&"s3api")
        && args
            .get(1)
            .is_some_and(|a| a.starts_with("delete-object") || a.starts_with("delete-bucket"));
    let gh_delete = || {
        args.windows(2).any(|w| w == ["repo", "delete"])
            || (args.first() == Some(&"api")
                && (args.windows(2).any(|w| {
                    matches!(w[0], "-X" | "--method") && w[1].eq_ignore_ascii_case("delete")
                }) || args.iter().any(|a| {
                    a.eq_ignore_ascii_case("-XDELETE") || a.eq_ignore_ascii_case("--method=DELETE")
                })))
    };
    let cluster_sweep = || {
        args.first() == Some(&"delete")
            && args.iter().any(|a| {
                matches!(
                    *a,
                    "namespace" | "namespaces" | "ns" | "--all" | "--all-namespaces" | "-A"
                ) || a.starts_with("namespace/")
                    || a.starts_with("ns/")
            })
    };
    // `aws rds delete-db-instance`, `aws ec2 terminate-instances`: the
    // operation follows the service. (Storage has its own arms above.)
    let cloud_delete_operation = || {
        // The operation follows the service, or comes later through a
        // wrapper that names the service itself (`aws("delete-table", ...)`
        // of `run(["aws", "dynamodb", *args, "--output", "json"])`).
        // Not against an endpoint of the program's choosing (DynamoDB
        // Local, LocalStack, MinIO): that is not the account's own service.
        !args.iter().any(|a| a.starts_with("--endpoint-url"))
            && args
                .iter()
                .any(|op| op.starts_with("delete-") || op.starts_with("terminate-"))
    };
    let grants_key = || {
        args.windows(2)
            .any(|w| matches!(w[0], "ssh-key" | "gpg-key" | "deploy-key") && w[1] == "add")
    };
    // `aws cloudtrail stop-logging`, `aws iam attach-user-policy ...
    // AdministratorAccess`: the operation follows the service.
    let cloud_operation = || args.get(1).and_then(|op| super::cloud::judge(op, args));
    // `curl --data-binary @.env`, `-F f=@x.pem`, `-T state.tfstate`, `wget
    // --post-file=.env`: a secret file of the project as a request's body.
    let uploads_secret = || {
        let file = |word: &str| super::secret_files::is_secret_file(word);
        args.iter().any(|a| {
            a.split_once('@').is_some_and(|(_, path)| file(path))
                || ["--post-file=", "--body-file=", "--upload-file="]
                    .iter()
                    .any(|flag| a.strip_prefix(flag).is_some_and(file))
        }) || args
            .windows(2)
            .any(|w| matches!(w[0], "-T" | "--upload-file") && file(w[1]))
    };
    // Alerts silenced wholesale: a matcher every alert meets.
    let matches_every_alert = |a: &&str| {
        a.contains("=~\".+\"")
            || a.contains("=~\".*\"")
            || a.ends_with("=~.+")
            || a.ends_with("=~.*")
    };
    match program {
        "aws" if cloud_operation().is_some() => cloud_operation(),
        // `ansible-pull -U https://...`: another repository's playbook run
        // here, with whatever privileges it asks for.
        "ansible-pull"
            if args.iter().enumerate().any(|(i, a)| {
                let url = a.strip_prefix("--url=").or_else(|| {
                    matches!(*a, "-U" | "--url")
                        .then(|| args.get(i + 1).copied())
                        .flatten()
                });
                url.is_some_and(|u| u.contains("://") || u.contains('@'))
            }) =>
        {
            Some((
                Severity::Major,
                "runs-remote-code",
                "runs another repository's playbook on this machine (ansible-pull -U URL): code the review did not see, with the privileges it asks for; a human decides",
            ))
        }
        "vault" if args.first() == Some(&"audit") && args.get(1) == Some(&"disable") => {
            Some(MUTES_MONITORING)
        }
        "amtool"
            if args.contains(&"silence")
                && args.contains(&"add")
                && args.iter().any(matches_every_alert) =>
        {
            Some(MUTES_MONITORING)
        }
        "curl" | "wget" | "http" | "https" | "xh" if uploads_secret() => Some(SENDS_SECRET_FILE),
        "pip" | "pip3" | "uv" | "pipx" if pip_source() || installs_from_url() => source(),
        "npm" | "pnpm" | "yarn" | "bun" if npm_source() || installs_from_url() => source(),
        "cargo" if args.first() == Some(&"install") && (has("--git") || has("--index") || has("--registry")) => source(),
        "go" if go_source() => source(),
        // A version manager's plugin from a URL (its scripts run here), or
        // every config file trusted (its tasks and hooks run unasked).
        "mise" | "rtx" | "asdf"
            if (args.iter().any(|a| a.starts_with("plugin"))
                && args.iter().any(|a| a.contains("://") || a.starts_with("git@")))
                || (has("trusted_config_paths") && args.last() == Some(&"/")) =>
        {
            source()
        }
        "gh" if gh_delete() => Some((
            Severity::Major,
            "deletes-remote-data",
            "deletes repositories or other data through the GitHub API (gh repo delete, gh api --method DELETE): another service's data, for good; a human decides",
        )),
        "kubectl" | "oc" if cluster_sweep() => Some((
            Severity::Major,
            "deletes-remote-data",
            "deletes namespaces or every resource of a kind in a cluster (kubectl delete namespace, --all): other workloads' data; a human decides",
        )),
        "dvc" if args.first() == Some(&"gc") && (has("--cloud") || has("-c")) => Some((
            Severity::Major,
            "deletes-cloud-storage",
            "deletes data from the shared remote (dvc gc --cloud): others' versions too, for good; a human decides",
        )),
        "aws" if s3api_delete => Some((
            Severity::Major,
            "deletes-cloud-storage",
            "deletes objects or buckets in cloud storage (aws s3api delete-objects): data outside the project, for good; a human decides",
        )),
        "aws" if cloud_delete_operation() => Some((
            Severity::Major,
            "deletes-remote-data",
            DELETES_CLOUD_RESOURCES,
        )),
        "az" | "gcloud" | "doctl" if has("delete") || has("purge") => Some((
            Severity::Major,
            "deletes-remote-data",
            DELETES_CLOUD_RESOURCES,
        )),
        "firebase" | "heroku"
            if args.first().is_some_and(|a| {
                a.ends_with(":delete") || a.ends_with(":remove") || a.ends_with(":destroy")
            }) =>
        {
            Some((
                Severity::Major,
                "deletes-remote-data",
                DELETES_CLOUD_RESOURCES,
            ))
        }
        "terraform" | "tofu" | "pulumi" | "cdk" | "cdktf"
            if has("destroy") || (args.first() == Some(&"apply") && has("-destroy")) =>
        {
            Some((
                Severity::Major,
                "deletes-remote-data",
                DELETES_CLOUD_RESOURCES,
            ))
        }
        // `etcdctl del "" --from-key`, `del --prefix ""`: every key.
        "etcdctl"
            if args.first() == Some(&"del")
                && args
                    .iter()
                    .any(|a| a.starts_with("--from-key") || a.starts_with("--prefix")) =>
        {
            Some((
                Severity::Major,
                "deletes-remote-data",
                "deletes every key of an etcd cluster (etcdctl del --from-key / --prefix): a cluster's whole state; a human decides",
            ))
        }
        // Roles on a project or cluster given away: owner, editor, admin,
        // or any role to anonymous users.
        "gcloud" if args.iter().any(|a| a.ends_with("add-iam-policy-binding"))
            && args.iter().any(|a| {
                a.contains("roles/owner") || a.contains("roles/editor") || a.contains("Admin")
            }) =>
        {
            Some((
                Severity::Major,
                "grants-account-access",
                GRANTS_ACCESS,
            ))
        }
        "kubectl" | "oc"
            if args.iter().any(|a| {
                a.contains("system:anonymous") || a.contains("system:unauthenticated")
            }) || (args.first() == Some(&"proxy")
                && args.iter().any(|a| {
                    a.starts_with("--address=0.0.0.0")
                        || *a == "0.0.0.0"
                        || a.starts_with("--accept-hosts")
                        || *a == "--disable-filter"
                })) =>
        {
            Some((
                Severity::Major,
                "grants-account-access",
                GRANTS_ACCESS,
            ))
        }
        // VS Code's remote tunnel: the machine reachable from outside.
        "code" | "code-insiders" if args.first() == Some(&"tunnel") => Some((
            Severity::Major,
            "run-network-tool",
            RUN_NETWORK_TOOL,
        )),
        "npm" | "pnpm" | "yarn" if has("unpublish") => Some((
            Severity::Major,
            "deletes-remote-data",
            "unpublishes package versions from the registry (npm unpublish): releases other projects install, gone for good; a human decides",
        )),
        // A retention policy (`restic forget --keep-daily 7`) is ordinary
        // upkeep; snapshots forgotten by name or a repository deleted are
        // not (what `prune` then frees is their data).
        "restic" | "borg" | "kopia"
            if args.first().is_some_and(|a| matches!(*a, "forget" | "delete"))
                && !args.iter().any(|a| a.starts_with("--keep")) =>
        {
            Some((
                Severity::Major,
                "deletes-cloud-storage",
                DELETES_BACKUPS,
            ))
        }
        "rclone"
            if args.first().is_some_and(|a| {
                matches!(*a, "purge" | "delete" | "deletefile" | "rmdir" | "rmdirs")
            }) =>
        {
            Some((
                Severity::Major,
                "deletes-cloud-storage",
                DELETES_BACKUPS,
            ))
        }
        "gh" if grants_key() => Some((
            Severity::Major,
            "grants-account-access",
            GRANTS_ACCESS,
        )),
        "git" if args.first() == Some(&"credential") && matches!(args.get(1), Some(&"fill")) => Some((
                Severity::Major,
                "reads-stored-credentials",
                "asks git for a stored credential (git credential fill): a password or token for another service; a human decides",
        )),
        "aws"
            if (s3 && args.get(1) == Some(&"rm") && has("--recursive"))
                || (s3 && args.get(1) == Some(&"rb"))
                || args.iter().any(|a| a.starts_with("delete-bucket")) =>
        {
            Some((
                Severity::Major,
                "deletes-cloud-storage",
                "deletes cloud storage (aws s3 rm --recursive, aws s3 rb): data outside the project, for good; a human decides",
            ))
        }
        "gsutil" if has("rm") && (has("-r") || has("-R")) => Some((
                Severity::Major,
                "deletes-cloud-storage",
                "deletes cloud storage (gsutil rm -r): data outside the project, for good; a human decides",
        )),
        "docker" | "podman" if container_sweep() => Some((
            Severity::Major,
            "deletes-container-data",
            "deletes containers' volumes or images machine-wide (docker system prune -a --volumes, podman system reset): other projects' data; a human decides",
        )),
        "code" | "code-insiders" | "codium" | "cursor" | "windsurf"
            if args.iter().any(|a| a.starts_with("--install-extension")) =>
        {
            Some((
                Severity::Major,
                "installs-editor-extension",
                "installs an editor extension: code the editor runs with the user's rights, outside this review; a human decides",
            ))
        }
        "openssl" if matches!(args.first(), Some(&"s_client") | Some(&"s_server")) => Some((
                Severity::Major,
                "run-network-tool",
                RUN_NETWORK_TOOL,
        )),
        _ => None,
    }
}

/// Whether `program` with `args` stops or disables a security tool:
/// `systemctl stop auditd`, `service falco stop`, `setenforce 0`,
/// `aa-teardown`, `ufw disable`, `iptables -F`, `auditctl -e 0`, killing
/// an agent, deleting its rules.
fn disables_security_tool(program: &str, args: &[&str]) -> bool {
    let unit = |word: &&str| {
        let name = word
            .trim_end_matches(".service")
            .trim_end_matches(".socket");
        SECURITY_SERVICES.contains(&name)
    };
    let has = |word: &str| args.contains(&word);
    match program {
        "systemctl" => {
            args.iter()
                .any(|w| matches!(*w, "stop" | "disable" | "mask" | "kill"))
                && args.iter().any(unit)
        }
        "service" => args.first().is_some_and(unit) && args.get(1) == Some(&"stop"),
        "update-rc.d" | "chkconfig" | "rc-update" | "rc-service" => {
            args.iter().any(unit)
                && args
                    .iter()
                    .any(|w| matches!(*w, "disable" | "remove" | "off" | "del" | "stop"))
        }
        "pkill" | "killall" => args.iter().any(unit),
        "setenforce" => args
            .first()
            .is_some_and(|mode| *mode == "0" || mode.eq_ignore_ascii_case("permissive")),
        "aa-teardown" | "aa-disable" | "aa-complain" => true,
        "apparmor_parser" => has("-R") || has("--remove"),
        "ufw" => has("disable") || (has("default") && has("allow")),
        "iptables" | "ip6tables" | "iptables-legacy" | "iptables-nft" => {
            has("-F")
                || has("--flush")
                || args
                    .windows(2)
                    .any(|w| matches!(w[0], "-P" | "--policy") && args.contains(&"ACCEPT"))
        }
        "nft" => args.windows(2).any(|w| w == ["flush", "ruleset"]),
        "auditctl" => has("-D") || args.windows(2).any(|w| w == ["-e", "0"]),
        // A cluster's admission control: its webhooks deleted, or a policy
        // engine (Kyverno, Gatekeeper, Falco, ...) scaled to nothing.
        "kubectl" | "oc" => {
            let admission = |w: &&str| {
                w.to_ascii_lowercase().split(',').any(|kind| {
                    kind.starts_with("validatingwebhookconfiguration")
                        || kind.starts_with("mutatingwebhookconfiguration")
                        || kind.starts_with("validatingadmissionpolic")
                })
            };
            let engine = |w: &&str| CLUSTER_SECURITY.iter().any(|name| w.contains(name));
            (has("delete") && args.iter().any(admission))
                || (has("scale") && has("--replicas=0") && args.iter().any(engine))
        }
        "rm" => args.iter().any(|arg| {
            let arg = arg.trim_end_matches('/');
            SECURITY_CONFIG.iter().any(|dir| {
                arg == *dir
                    || arg
                        .strip_prefix(dir)
                        .is_some_and(|rest| rest.starts_with('/'))
            })
        }),
        _ => false,
    }
}

/// What stopping a security tool is told.
const DISABLES_SECURITY_TOOL: &str = "stops or disables a security tool (audit, EDR or antivirus agents, SELinux, AppArmor, the firewall, runtime detection, a cluster's admission webhooks or policy engine): what an intruder does first; a human decides";

/// Whether shell `text` held as data (a string, a list's words) stops a
/// security tool when it runs, or turns SELinux off in its config.
fn holds_security_change(text: &str) -> bool {
    if text.contains("SELINUX=disabled") || text.contains("SELINUX=permissive") {
        return true;
    }
    if !SECURITY_WORDS.iter().any(|word| text.contains(word)) {
        return false;
    }
    bash_commands(&text.replace("\\n", "\n"), &[])
        .iter()
        .any(|command| {
            let words: Vec<String> = command.words.iter().map(|w| w.text.clone()).collect();
            classify(&words).is_some_and(|(_, id, _)| id == "disables-security-tool")
        })
}

/// Calls of a function named as the program it wraps, judged as that
/// program with the call's arguments: `def gh(*args): run(["gh", *args])`
/// then `gh("api", "--method", "DELETE", ...)`; `kubectl("delete",
/// "namespace", ns)`; with the wrapper's own words (`wrapped` holds each
/// wrapper's literal words, the program first). Only what the review holds
/// for a human counts (Major and worse), network clients aside (the
/// proxy's).
fn wrapper_calls(
    code: &str,
    reader: &Reader<'_>,
    wrapped: &[Vec<String>],
    renamed: &[(String, String)],
) -> Vec<LiteralFinding> {
    let mut out = Vec::new();
    for argv in wrapped {
        let Some((program, own_words)) = argv.split_first() else {
            continue;
        };
        let program = basename(program);
        if program.is_empty()
            || !program
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
        {
            continue;
        }
        // The function as the sanitizer renamed it, or as written.
        let names = renamed
            .iter()
            .filter(|(from, _)| from == program)
            .map(|(_, to)| to.as_str())
            .chain([program]);
        let calls =
            names.flat_map(|name| code.match_indices(&format!("{name}(")).collect::<Vec<_>>());
        for (at, call) in calls {
            let before = code[..at].trim_end_matches([' ', '\t']);
            let defines = before.ends_with("def") || before.ends_with("function");
            let named = code[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$');
            if defines || named {
                continue;
            }
            // The wrapper's own words, then the call's (where the spread
            // stood among them matters little to what the command does).
            let mut words = vec![program.to_string()];
            words.extend(own_words.iter().cloned());
            let given = reader.list_closed_by(at + call.len(), 0, ')');
            // `def git(repo, *a): run(["git", "-C", str(repo), *a])` in a
            // program that walks the home directory: the repository is
            // computed, each one under `~/src`.
            // (Its literal words wherever they stand: the repository, first,
            // is a name.)
            let open = at + call.len();
            let close = closing(code.as_bytes(), open, b'(', b')').unwrap_or(code.len());
            let literal_words: Vec<String> =
                placeholders(code.get(open..close).unwrap_or_default())
                    .filter_map(|p| reader.literal(p.number).map(str::to_string))
                    .collect();
            let given_words: Vec<&str> = literal_words.iter().map(String::as_str).collect();
            if program == "git"
                && own_words.first().is_some_and(|w| w == "-C")
                && git_discards_work(&given_words)
                && walks_home(code)
            {
                out.push(LiteralFinding::at(
                    reader.lines.at(at),
                    DISCARDS_WORK_ELSEWHERE,
                ));
            }
            words.extend(given);
            out.extend(wrapped_command(&words, reader.lines.at(at)));
        }
    }
    out
}

/// A wrapped program's command (`words`, the program first) on `line`,
/// when the review holds it for a human (Major and worse); network
/// clients aside, which the proxy serves or the catalog reports.
fn wrapped_command(words: &[String], line: usize) -> Option<LiteralFinding> {
    let (severity, id, message) = classify(words)?;
    (severity >= Severity::Major && id != "run-network-tool" && id != RUN_HTTP_CLIENT).then_some(
        LiteralFinding {
            line,
            severity,
            id,
            message,
        },
    )
}

/// Lists and tuples of literals that are a command the review refuses,
/// wherever the program keeps them: a table of commands run in a loop
/// (`[["systemctl", "stop", "auditd"], ("setenforce", "0")]`) or a call
/// prepared for later (`partial(run, ["crontab", "-"])`) shows them only
/// there. A command stopping a security tool counts in any program; one
/// that changes the machine, reaches the network past the channel, asks
/// for privileges or mines, only in a program that starts processes.
fn commands_in_lists(
    code: &str,
    reader: &Reader<'_>,
    python: bool,
    starts_processes: bool,
    wrapped: &[Vec<String>],
) -> Vec<LiteralFinding> {
    let mut out = Vec::new();
    // Python's tuples too; JavaScript's `(` opens a call, read as one.
    let opens: &[char] = if python { &['[', '('] } else { &['['] };
    for (at, open) in code.match_indices(opens) {
        // The first word first: most lists hold no command at all.
        let Some(program) = reader.joined(code[at + 1..].trim_start()) else {
            continue;
        };
        // A list that may be a wrapped program's arguments, judged with it.
        // (With the wrapper's own words: `["aws", "dynamodb", *args]`.)
        for wrapper in wrapped {
            let close = if open == "[" { ']' } else { ')' };
            let mut words = wrapper.clone();
            words.extend(reader.list_closed_by(at + 1, 0, close));
            out.extend(wrapped_command(&words, reader.lines.at(at)));
        }
        let program = basename(&program);
        let security = SECURITY_PROGRAMS.contains(&program) || ELEVATORS.contains(&program);
        let refused = starts_processes
            && [SYSTEM_TOOLS, NETWORK_TOOLS, PRIVILEGE_TOOLS, MINERS]
                .iter()
                .any(|programs| programs.contains(&program));
        if !security && !refused {
            continue;
        }
        let close = if open == "[" { ']' } else { ')' };
        let words = reader.list_closed_by(at + 1, 0, close);
        // `init` is also git's, npm's and terraform's subcommand: the
        // program only when given a runlevel (`init 0`).
        let runlevel = |w: &String| w.len() == 1 && "0123456sS".contains(w.as_str());
        if program == "init" && !words.get(1).is_some_and(runlevel) {
            continue;
        }
        let judged = classify(&words);
        let found = match judged {
            Some((_, "disables-security-tool", message)) => Some((Severity::Major, message)),
            Some((severity, _, message)) if refused && severity >= Severity::Major => {
                Some((severity, message))
            }
            _ => None,
        };
        if let (Some((severity, message)), Some((_, id, _))) = (found, judged) {
            out.push(LiteralFinding {
                line: reader.lines.at(at),
                severity,
                id,
                message,
            });
        }
    }
    out
}

/// Words one of which every text [`disables_security_tool`] reads holds.
const SECURITY_WORDS: &[&str] = &[
    "systemctl",
    "service",
    "update-rc.d",
    "chkconfig",
    "rc-",
    "kill",
    "setenforce",
    "aa-",
    "apparmor",
    "ufw",
    "tables",
    "nft",
    "auditctl",
    "/etc/",
    "/var/ossec",
];

/// Shell code held as data that, written to a start-up file, runs at every
/// prompt or before every command (`PROMPT_COMMAND`, a `DEBUG` trap, zsh's
/// `precmd`/`preexec`), or puts a directory in the home directory first on
/// PATH, where a program named like sudo or git stands in for it; and
/// commands held as data that stop security tools.
fn held_shell_code(held: &[(usize, &str)]) -> Vec<LiteralFinding> {
    let mut out = Vec::new();
    for &(line, text) in held {
        if holds_shell_hook(text) {
            out.push(LiteralFinding {
                line,
                severity: Severity::Major,
                id: "holds-shell-hook",
                message: "holds shell start-up code that runs at every prompt or before every command (PROMPT_COMMAND, a DEBUG trap, precmd/preexec) or puts a home directory first on PATH: written to a start-up file, it sees every command typed or lets a program named like sudo or git stand in for it; a human decides",
            });
        }
        if holds_reverse_shell(text) {
            out.push(LiteralFinding {
                line,
                severity: Severity::Major,
                id: "holds-reverse-shell",
                message: "holds shell code that joins an interactive shell to a network connection (sh -i with nc, openssl s_client, socat, telnet): a remote shell's shape; a human decides",
            });
        }
        if holds_socket_shell(text) {
            out.push(LiteralFinding {
                line,
                severity: Severity::Major,
                id: "holds-socket-shell",
                message: "holds a socat address that runs a shell on the connection (exec:bash, system:sh): a remote shell's shape; a human decides",
            });
        }
        if holds_security_change(text) {
            out.push(LiteralFinding {
                line,
                severity: Severity::Major,
                id: "disables-security-tool",
                message: DISABLES_SECURITY_TOOL,
            });
        }
    }
    out
}

const HOLDS_DOWNLOAD_AND_RUN: &str = "holds a shell command that downloads code and runs it (curl | sh): what runs it later (a hook, a script, an npm script) runs code not reviewed with this one; a human decides";

/// An interactive shell (`sh -i`, `bash -i`) and a network client in one
/// command line: `sh -i <p 2>&1 | openssl s_client -connect ... >p`.
fn holds_reverse_shell(text: &str) -> bool {
    let interactive = ["sh -i", "bash -i", "sh -li", "bash -li"]
        .iter()
        .any(|shell| text.contains(shell));
    interactive
        && [
            "openssl s_client",
            "nc ",
            "ncat ",
            "netcat ",
            "socat ",
            "telnet ",
        ]
        .iter()
        .any(|client| text.contains(client))
}

/// socat's `EXEC:`/`SYSTEM:` address given a shell (`exec:'bash -li',pty`):
/// what connects gets the shell.
fn holds_socket_shell(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    ["exec:", "system:"].iter().any(|address| {
        lower.match_indices(address).any(|(at, _)| {
            let program = lower[at + address.len()..].trim_start_matches(['\'', '"']);
            let program = program
                .split([' ', ',', '\'', '"'])
                .next()
                .unwrap_or_default();
            is_shell(basename(program))
        })
    })
}

/// See [`held_shell_code`].
fn holds_shell_hook(text: &str) -> bool {
    let sets = |name: &str| {
        text.match_indices(name).any(|(at, _)| {
            let before = text[..at].chars().next_back();
            let rest = &text[at + name.len()..];
            !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '{')
                && (rest.starts_with('=') || rest.starts_with("+="))
        })
    };
    let debug_trap = text.match_indices("trap ").any(|(at, _)| {
        let before = text[..at].chars().next_back();
        !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
            && text[at..]
                .lines()
                .next()
                .is_some_and(|line| line.split_whitespace().any(|w| w == "DEBUG"))
    });
    let zsh_hook =
        text.contains("add-zsh-hook") && (text.contains("precmd") || text.contains("preexec"));
    sets("PROMPT_COMMAND")
        || sets("precmd_functions")
        || sets("preexec_functions")
        || debug_trap
        || zsh_hook
        || prepends_home_to_path(text)
}

/// `PATH="$HOME/.local/bin:$PATH"` (or `~`, `/home/NAME`, `/root`) in a
/// text: a home directory put before the system's programs.
fn prepends_home_to_path(text: &str) -> bool {
    text.match_indices("PATH=").any(|(at, _)| {
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            return false;
        }
        let value = text[at + "PATH=".len()..].trim_start_matches(['"', '\'']);
        let value = value
            .split(|c: char| c.is_whitespace() || c == '"' || c == '\'' || c == ';')
            .next()
            .unwrap_or_default();
        let first = value.split(':').next().unwrap_or_default();
        let in_home = ["~", "$HOME", "${HOME}", "/home/", "/root"]
            .iter()
            .any(|home| first.starts_with(home));
        in_home && (value.contains(":$PATH") || value.contains(":${PATH}"))
    })
}

/// Whether `text` (the program's literals, joined) holds a loader of a
/// remote script: a `<script>` tag whose `src` is a URL, or a script
/// element built in code and given one.
fn loads_a_remote_script(text: &str) -> bool {
    if !text.contains("http") {
        return false;
    }
    let text = text.to_ascii_lowercase().replace(' ', "");
    let tag =
        text.contains("<script") && (text.contains("src=\"http") || text.contains("src='http"));
    let element = (text.contains("createelement(\"script\")")
        || text.contains("createelement('script')"))
        && (text.contains(".src=\"http") || text.contains(".src='http"));
    tag || element
}

/// Directories on PATH in the home directory, after the home prefix.
const HOME_BIN_DIRS: &[&str] = &["/.local/bin", "/bin", "/.cargo/bin", "/go/bin"];
/// Programs a stand-in for which sees passwords, keys or what a user runs
/// most, besides [`PRIVILEGE_TOOLS`] and [`NETWORK_TOOLS`].
const COMMON_TOOLS: &[&str] = &[
    "git", "gpg", "gpg2", "passwd", "login", "docker", "kubectl", "aws", "gcloud", "az", "gh",
    "npm", "npx", "pip", "pip3", "python", "python3", "node", "ls", "ps", "cat", "vault",
    "ssh-add", "op", "bw", "pass", "curl", "wget",
];

/// A file written where other programs' code lives: a program named like
/// sudo, ssh or git in a directory on PATH in the home directory (it runs
/// in their place, and sees the password typed to it), or an installed
/// package's code (`node_modules`, `site-packages`), which runs whenever
/// the package does.
fn writes_in_place_of_others(path: &str) -> Option<Judgment> {
    let path = path.trim();
    let (dir, name) = path.rsplit_once('/')?;
    let home_dir = ["~", "$HOME", "${HOME}"]
        .iter()
        .find_map(|home| dir.strip_prefix(home))
        .or_else(|| {
            let rest = dir.strip_prefix("/home/")?;
            rest.find('/').map(|slash| &rest[slash..])
        })
        .or_else(|| dir.strip_prefix("/root"))
        .or_else(|| (dir == ".local/bin").then_some("/.local/bin"));
    let tool = PRIVILEGE_TOOLS.contains(&name)
        || NETWORK_TOOLS.contains(&name)
        || COMMON_TOOLS.contains(&name);
    if tool && home_dir.is_some_and(|dir| HOME_BIN_DIRS.contains(&dir)) {
        return Some((
            Severity::Major,
            "installs-stand-in",
            "writes a program named like a common or privileged tool (sudo, ssh, git) into a directory on PATH in the home directory: it runs in the tool's place and sees what is typed to it, a password too; a human decides",
        ));
    }
    let package_code = (path.contains("node_modules/")
        && (path.contains("/.bin/") || PROGRAM_EXTENSIONS.iter().any(|ext| path.ends_with(ext))))
        || ((path.contains("site-packages/") || path.contains("dist-packages/"))
            && (path.ends_with(".py") || path.ends_with(".pth")));
    package_code.then_some((
        Severity::Major,
        "changes-installed-package",
        "changes an installed package's code (node_modules, site-packages): it runs whenever that package does, outside this review (a poisoned dependency cache); a human decides",
    ))
}

/// The literals of sanitized `code` that stand where a program to run is
/// named: a `cmd`, `command`, `bin`, `exe` or `program` key's value, or
/// the first argument of a call that starts a process. A key the
/// sanitizer renamed (a TypeScript interface's field) is read as written.
fn run_paths<'a>(code: &str, reader: &Reader<'a>, renamed: &[(String, String)]) -> Vec<&'a str> {
    const KEYS: &[&str] = &["cmd", "command", "bin", "exe", "program"];
    const CALLS: &[&str] = &[
        "spawn(",
        "spawnSync(",
        "execFile(",
        "execFileSync(",
        "execa(",
        "run([",
        "Popen([",
        "check_call([",
        "check_output([",
        "call([",
    ];
    placeholders(code)
        .filter_map(|placeholder| {
            let whole = placeholder.whole;
            let before = code[..whole.start].trim_end_matches(['"', '\'', '`', ' ']);
            let key = before.strip_suffix(':').map(|b| {
                let name = b.trim_end_matches(['"', '\'']);
                let name = super::bulk::name_at_end(name);
                renamed
                    .iter()
                    .find(|(_, to)| to == name)
                    .map_or(name, |(from, _)| from.as_str())
            });
            let runs = key.is_some_and(|key| KEYS.contains(&key))
                || CALLS.iter().any(|call| before.ends_with(call));
            runs.then(|| reader.literal(placeholder.number)).flatten()
        })
        .collect()
}

/// Hosts a connection to which stays on this machine.
fn is_loopback(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let ipv4 = host.strip_prefix("127.").is_some_and(|rest| {
        let parts: Vec<&str> = rest.split('.').collect();
        parts.len() == 3
            && parts
                .iter()
                .all(|p| !p.is_empty() && p.len() <= 3 && p.bytes().all(|b| b.is_ascii_digit()))
    });
    ipv4 || host == "localhost" || host == "::1"
}

/// Whether Bash expands `word` as a glob pattern: an unquoted `*`, `?` or
/// `[` in it as written, outside its expansions (`${a[$k]:-0}`, `$(...)`,
/// `$*`). Not a `case` pattern (`*.a)`, `(*[!:]:)`), which the review may
/// read as a command.
fn is_glob(word: &BashWord) -> bool {
    if word.quoted || !word.raw.contains(['*', '?', '[']) || word.raw.ends_with(')') {
        return false;
    }
    let mut depth = 0usize;
    let mut previous = ' ';
    let mut outside = false;
    for c in word.raw.chars() {
        match c {
            '{' | '(' if previous == '$' || depth > 0 => depth += 1,
            '}' | ')' if depth > 0 => depth -= 1,
            '*' | '?' | '[' if depth == 0 && previous != '$' => outside = true,
            _ => {}
        }
        previous = c;
    }
    outside && glob::Pattern::new(&word.text).is_ok()
}

/// Where programs are installed, for what a glob pattern can name.
const PROGRAM_DIRS: &[&str] = &[
    "/usr/bin/",
    "/bin/",
    "/usr/sbin/",
    "/sbin/",
    "/usr/local/bin/",
];

/// The program a glob pattern for a program's path stands for, among
/// those the review judges (HTTP clients, network tools, interpreters,
/// system and privilege tools, miners).
fn globbed_program(pattern: &str) -> Option<&'static str> {
    let pattern = glob::Pattern::new(pattern).ok()?;
    let options = glob::MatchOptions {
        require_literal_separator: true,
        ..glob::MatchOptions::new()
    };
    [
        HTTP_CLIENTS,
        NETWORK_TOOLS,
        INTERPRETERS,
        SYSTEM_TOOLS,
        PRIVILEGE_TOOLS,
        MINERS,
    ]
    .iter()
    .flat_map(|programs| programs.iter())
    .find(|program| {
        PROGRAM_DIRS
            .iter()
            .any(|dir| pattern.matches_with(&format!("{dir}{program}"), options))
    })
    .copied()
}

/// Files in the home directory whose names say what they hold: the
/// credential stores and start-up files a glob pattern may stand for.
const HOME_FILES: &[&str] = &[
    "~/.aws/credentials",
    "~/.aws/config",
    "~/.kube/config",
    "~/.ssh/id_rsa",
    "~/.ssh/id_ed25519",
    "~/.ssh/id_ecdsa",
    "~/.ssh/id_dsa",
    "~/.ssh/authorized_keys",
    "~/.docker/config.json",
    "~/.netrc",
    "~/.git-credentials",
    "~/.npmrc",
    "~/.pypirc",
    "~/.pgpass",
    "~/.bash_history",
    "~/.zsh_history",
    "~/.config/gcloud/credentials.db",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.azure/accessTokens.json",
    "~/.gnupg/pubring.kbx",
    "~/.bashrc",
    "~/.bash_profile",
    "~/.bash_login",
    "~/.profile",
    "~/.zshrc",
    "~/.zshenv",
    "~/.zprofile",
    "~/.gitconfig",
];

/// `~/.k?be/c?nf?g`, `$HOME/.a?s/cr*s`: the home directory's files of
/// [`HOME_FILES`] a glob pattern in the home directory matches, as
/// `~/` paths, so that they are judged as if named.
fn globbed_home_files<'a>(word: &'a BashWord) -> impl Iterator<Item = &'a str> + 'a {
    // The home directory as written, or any user's (`/home/*/`).
    let in_home = |text: &'a str| {
        ["~/", "$HOME/", "${HOME}/", "/root/"]
            .iter()
            .find_map(|home| text.strip_prefix(home))
            .or_else(|| {
                text.strip_prefix("/home/")?
                    .split_once('/')
                    .map(|(_, rest)| rest)
            })
    };
    let pattern = if is_glob(word) {
        in_home(&word.text).and_then(|rest| glob::Pattern::new(rest).ok())
    } else {
        None
    };
    let options = glob::MatchOptions {
        require_literal_separator: true,
        require_literal_leading_dot: false,
        ..glob::MatchOptions::new()
    };
    HOME_FILES
        .iter()
        .map(|path| -> &'a str { path })
        .filter(move |path| {
            pattern
                .as_ref()
                .is_some_and(|p| p.matches_with(&path[2..], options))
        })
}

/// Whether `text` names Bash's `/dev/tcp/HOST/PORT` (or `/dev/udp`) for
/// a host other than this machine.
fn connects_outside(text: &str) -> bool {
    ["/dev/tcp/", "/dev/udp/"].iter().any(|device| {
        text.match_indices(device).any(|(at, _)| {
            let host = text[at + device.len()..]
                .split('/')
                .next()
                .unwrap_or_default();
            !is_loopback(host)
        })
    })
}

/// Bash's `/dev/tcp/HOST/PORT` (and `/dev/udp`) in a word: a connection
/// the jail's channel does not carry, unless it is to this machine.
fn opens_a_connection(word: &BashWord) -> Option<Judgment> {
    let outside = word.texts().any(connects_outside);
    outside.then_some((
        Severity::Major,
        "sh-dev-tcp",
        "/dev/tcp opens a connection outside the channel",
    ))
}

/// Whether a Python program's servers listen on the loopback address
/// only: it names a loopback host (127.0.0.1, localhost, ::1), and no
/// address of every interface (`"0.0.0.0"`, `"::"`, or `""` as a
/// server address's host).
pub(super) fn serves_loopback_only(code: &str, literals: &[String]) -> bool {
    if !literals.iter().any(|text| is_loopback(text)) {
        return false;
    }
    let every_interface = |text: &str| matches!(text, "0.0.0.0" | "::" | "[::]" | "*");
    if literals.iter().any(|text| every_interface(text)) {
        return false;
    }
    // `("", port)`: a host left empty is every interface.
    !placeholders(code).any(|placeholder| {
        let whole = placeholder.whole;
        let empty = placeholder
            .number
            .parse::<usize>()
            .ok()
            .and_then(|n| literals.get(n.checked_sub(1)?))
            .is_some_and(String::is_empty);
        empty
            && code[..whole.start].trim_end().ends_with('(')
            && code[whole.end..].trim_start().starts_with(',')
    })
}

/// Programs that read or write the desktop's clipboard.
const CLIPBOARD_TOOLS: &[&str] = &[
    "xclip",
    "xsel",
    "wl-copy",
    "wl-paste",
    "pbcopy",
    "pbpaste",
    "clip",
    "termux-clipboard-get",
    "termux-clipboard-set",
];
/// Programs that capture the screen (`import` only as `import -window
/// root`, since the word is common).
const SCREEN_TOOLS: &[&str] = &[
    "scrot",
    "gnome-screenshot",
    "grim",
    "spectacle",
    "maim",
    "flameshot",
    "xwd",
    "screencapture",
];

/// A program that reads or changes what the user copies or sees: the
/// clipboard's tools and screen capture.
fn desktop_reader(program: &str, args: &[&str]) -> Option<Judgment> {
    if CLIPBOARD_TOOLS.contains(&program) {
        return Some((
            Severity::Major,
            "run-clipboard-tool",
            "reads or writes the desktop's clipboard (what a user copies: passwords, wallet addresses): a human decides",
        ));
    }
    let root_window = program == "import" && args.contains(&"-window") && args.contains(&"root");
    if SCREEN_TOOLS.contains(&program) || root_window {
        return Some((
            Severity::Major,
            "run-screen-capture",
            "captures the screen (what a user sees: passwords, messages, keys on display): a human decides",
        ));
    }
    None
}

/// The most different command lines for a shell ([`findings`] reads each
/// as a Bash script) one file has reviewed (the finding past it says
/// 256): 20,000 different `os.system` calls took 1.16 s to read, 0.47 s
/// with this bound (0.55 s before they were read at all); past it, a
/// finding says a human decides.
const MAX_SHELL_COMMANDS: usize = 256;

/// Where placeholder `S<n>` stands in `code`, quoted.
fn placeholder_at(code: &str, n: usize) -> Option<usize> {
    let whole = ["'", "\"", "`"]
        .iter()
        .find_map(|q| code.find(&format!("{q}S{n}{q}")));
    // An f-string's or template's placeholder: `f"S3{a}"`, `` `S4${b}` ``.
    whole.or_else(|| {
        let name = format!("S{n}");
        code.match_indices(&name)
            .map(|(at, _)| at)
            .find(|&at| {
                code[..at].ends_with(['"', '\'', '`'])
                    && !code[at + name.len()..].starts_with(|c: char| c.is_ascii_digit())
            })
            .map(|at| at - 1)
    })
}

/// Programs whose name spelled letter by letter hides what runs, besides
/// those [`classify`] knows.
const PIECES_PROGRAMS: &[&str] = &[
    "rm", "find", "shred", "eval", "exec", "source", "chmod", "chown", "crontab", "base64", "xxd",
    "openssl", "nc", "mkfifo",
];

/// Vim and its kin: `-c`, `--cmd` and `+` give them Ex commands to run.
const EDITORS: &[&str] = &["vim", "vi", "nvim", "ex", "view", "gvim", "vimdiff", "rvim"];
/// Ex commands that run another language's code or a script file.
const EX_RUNNING: &[&str] = &[
    "py", "py3", "python", "python3", "pyx", "pythonx", "pyfile", "py3file", "pyxfile", "lua",
    "luafile", "perl", "perlfile", "ruby", "rubyfile", "tcl", "tclfile", "mzscheme", "terminal",
    "term", "so", "source", "runtime",
];
/// Vimscript functions that start a process.
const EX_PROCESS_CALLS: &[&str] = &[
    "system(",
    "systemlist(",
    "jobstart(",
    "job_start(",
    "termopen(",
    "term_start(",
    "libcall",
];

/// Whether an editor's arguments run a shell, another language or a
/// script file: `-S FILE`, or an Ex command (`-c`, `--cmd`, `+CMD`) that
/// does.
fn editor_runs_commands(args: &[&str]) -> bool {
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let command = match *arg {
            "-c" | "--cmd" => args.next().copied(),
            a if a.starts_with("-S") => return true,
            a => a.strip_prefix('+'),
        };
        if command.is_some_and(ex_runs_commands) {
            return true;
        }
    }
    false
}

/// Whether Ex `commands` (`|`-separated) run something: `:!cmd`, a range
/// filtered through a command (`%!sort`), `:r !cmd` and `:w !cmd`, another
/// language, a sourced file, or a Vimscript process call.
fn ex_runs_commands(commands: &str) -> bool {
    commands.split('|').any(|piece| {
        let piece = piece.trim_start_matches([':', ' ', '\t']);
        let command = piece.trim_start_matches(|c: char| {
            c.is_ascii_digit() || matches!(c, '%' | ',' | '.' | '$' | '\'' | '<' | '>' | ';')
        });
        let name: String = command
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .collect();
        command.starts_with('!')
            || command.contains(" !")
            || EX_RUNNING.contains(&name.as_str())
            || EX_PROCESS_CALLS.iter().any(|call| piece.contains(call))
    })
}

/// Whether Bash `code` defines a function `name` (`name()`, `function name`).
fn defines_function(code: &str, name: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | ':' | '-');
    code.match_indices(name).any(|(at, _)| {
        let before = code[..at].chars().next_back();
        let after = code[at + name.len()..].trim_start_matches([' ', '\t']);
        !before.is_some_and(word)
            && (after.starts_with("()")
                || code[..at]
                    .trim_end_matches([' ', '\t'])
                    .ends_with("function"))
    })
}

/// The script's functions whose body runs an HTTP client with their
/// arguments (`api() { curl -fsS -H "$AUTH" "$@"; }`), in sanitized Bash
/// `code`.
fn http_wrappers(code: &str) -> Vec<&str> {
    if !code.contains("$@") {
        return Vec::new();
    }
    bash_functions(code)
        .into_iter()
        .filter(|function| {
            function.body.iter().any(|l| {
                let l = l.trim_start().trim_start_matches('{').trim_start();
                HTTP_CLIENTS
                    .iter()
                    .any(|client| l.starts_with(&format!("{client} ")))
                    && l.contains("$@")
            })
        })
        .map(|function| function.name)
        .collect()
}

/// A function defined in sanitized Bash code (`name() {`, `function name
/// {`): its name, the lines (0-based) where it starts and ends, and its
/// body's lines (the rest of the definition's line where the body closes
/// on it).
struct BashFunction<'a> {
    name: &'a str,
    start: usize,
    end: usize,
    body: Vec<&'a str>,
}

/// The functions sanitized Bash `code` defines, each body to the first
/// `}` at its definition's indentation.
fn bash_functions(code: &str) -> Vec<BashFunction<'_>> {
    if !code.contains("()") && !code.contains("function ") {
        return Vec::new();
    }
    let lines: Vec<&str> = code.lines().collect();
    lines
        .iter()
        .enumerate()
        .filter_map(|(start, line)| {
            let head = line.trim_start();
            let (name, rest) = match head.strip_prefix("function ") {
                Some(after) => {
                    let end = after.find([' ', '(', '{']).unwrap_or(after.len());
                    (&after[..end], &after[end..])
                }
                None => head.split_once("()")?,
            };
            let name = name.trim();
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return None;
            }
            if rest.contains('}') {
                return Some(BashFunction {
                    name,
                    start,
                    end: start,
                    body: vec![rest],
                });
            }
            let indent = line.len() - head.len();
            let end = lines[start + 1..]
                .iter()
                .position(|l| {
                    l.len() - l.trim_start().len() == indent && l.trim_start().starts_with('}')
                })
                .map_or(lines.len(), |at| start + 1 + at);
            Some(BashFunction {
                name,
                start,
                end,
                body: lines[start + 1..end].to_vec(),
            })
        })
        .collect()
}

/// The script's functions that run their arguments as a command: a
/// command in their body starts with `"$@"` (`run() { echo "+ $*"; "$@";
/// }`). As the sanitizer leaves it, the quote holds a placeholder first.
fn argument_runners(code: &str) -> Vec<String> {
    // Most scripts have none: the pattern is compiled only for one that
    // might.
    if !code.contains("$@") && !code.contains("${@") {
        return Vec::new();
    }
    static RUNS_ARGUMENTS: LazyLock<Regex> = LazyLock::new(|| {
        compile(r#"(?:^|[\n;{&|(])[ \t]*(?:exec[ \t]+|command[ \t]+)?"?(?:S[0-9]+)?\$\{?@"#)
    });
    bash_functions(code)
        .into_iter()
        .filter(|function| RUNS_ARGUMENTS.is_match(&function.body.join("\n")))
        .map(|function| function.name.to_string())
        .collect()
}

/// Commands whose arguments include files they write.
const WRITERS: &[&str] = &[
    "tee", "cp", "mv", "ln", "install", "sed", "dd", "rsync", "touch", "truncate",
];

/// Where a Bash redirection writes outside the working directory (as the
/// catalog's `sh-write-outside` has them).
const OUTSIDE: &[&str] = &[
    "~", "$HOME", "${HOME}", "/etc/", "/usr/", "/bin/", "/sbin/", "/lib", "/boot/", "/root/",
    "/home/", "/var/", "/opt/",
];

/// The interpreters the catalog's `sh-pipe-to-shell` finds after a pipe
/// when they are written plainly (Python with its version cut).
const PIPED_IN_CATALOG: &[&str] = &[
    "sh", "bash", "zsh", "dash", "ksh", "fish", "python", "perl", "ruby", "node",
];

fn is_interpreter(program: &str) -> bool {
    INTERPRETERS.contains(&program)
        || program
            .strip_prefix("python")
            .is_some_and(|v| v.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
}

fn is_shell(program: &str) -> bool {
    matches!(
        program,
        "sh" | "bash" | "dash" | "zsh" | "ksh" | "fish" | "csh" | "tcsh"
    )
}

const SENDS_HOME_FILES: Judgment = (
    Severity::Major,
    "sends-home-files",
    "copies files from the home directory (documents, keys, other projects) to another machine with rsync, scp or rclone: the user's files leave, not the project's; a human decides",
);

/// Whether a copy command (`rsync`, `scp`, `rclone copy`) sends a path
/// under the home directory (`~`, `$HOME`, `/home/...`, `/root`) to a
/// remote destination (`host:path`, `rsync://`, a `remote:` of rclone),
/// its last operand.
fn copies_home_out(words: &[String]) -> bool {
    let Some((program, args)) = words.split_first() else {
        return false;
    };
    if !matches!(basename(program), "rsync" | "scp" | "rclone") {
        return false;
    }
    let operands: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .filter(|arg| !arg.starts_with('-') && !matches!(*arg, "copy" | "sync" | "copyto" | "move"))
        .collect();
    let Some((destination, sources)) = operands.split_last() else {
        return false;
    };
    let remote = destination.contains("://")
        || destination
            .split_once(':')
            .is_some_and(|(host, _)| !host.is_empty() && !host.contains('/'));
    let home = |path: &str| {
        let path = path.trim();
        path.starts_with('~')
            || path.starts_with("$HOME")
            || path.starts_with("${HOME}")
            || path.starts_with("/home/")
            || path.starts_with("/root")
    };
    remote && sources.iter().any(|source| home(source))
}

/// Whether a path a program names is outside the working directory:
/// absolute, the home directory's (`~`), or climbing out with `..`.
fn outside_working_dir(path: &str) -> bool {
    let path = path.trim();
    path.starts_with(['/', '~', '\\'])
        || path.starts_with("$HOME")
        || path.starts_with("${HOME}")
        || path.split(['/', '\\']).any(|p| p == "..")
}

/// Whether shell `text` pipes what an HTTP client fetched into an
/// interpreter (`curl -s URL | sh`).
fn downloads_and_runs(text: &str) -> bool {
    if !text.contains('|') || !HTTP_CLIENTS.iter().any(|client| text.contains(client)) {
        return false;
    }
    // A literal as written: its `\n` escapes end commands too.
    let text = text.replace("\\n", "\n");
    let pipes_into_interpreter = |commands: &[BashCommand]| {
        commands.windows(2).any(|pair| {
            // `| sudo sh` runs the shell too.
            let program = |c: &BashCommand| {
                let words = c.words.iter().map(|w| w.text.as_str()).collect::<Vec<_>>();
                let (first, rest) = words.split_first()?;
                Some(past_elevation(basename(first), rest).0.to_string())
            };
            pair[1].after_pipe
                && program(&pair[0]).is_some_and(|p| HTTP_CLIENTS.contains(&p.as_str()))
                && program(&pair[1]).is_some_and(|p| is_interpreter(&p))
        })
    };
    if pipes_into_interpreter(&bash_commands(&text, &[])) {
        return true;
    }
    // The command inside a sentence, a quoted string or backquotes (an
    // agent's instructions in Markdown, `echo '... curl ... | sh'` written
    // into a crontab): from the client's name to the end of the line or
    // the first quote.
    HTTP_CLIENTS
        .iter()
        .flat_map(|client| text.match_indices(client))
        .filter(|&(at, _)| {
            !text[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || "_-./".contains(c))
        })
        .take(MAX_HELD_COMMANDS)
        .any(|(at, _)| {
            let rest = &text[at..];
            let end = rest
                .find(['\n', '"', '\'', '`', '\\'])
                .unwrap_or(rest.len());
            rest[..end].contains('|') && pipes_into_interpreter(&bash_commands(&rest[..end], &[]))
        })
}

/// Whether a word climbs with `..` to the home directory or above it:
/// `$HOME/.cache/..`, `~/..`, `${XDG_CACHE_HOME:-$HOME/.cache}/..` (an XDG
/// base directory's parent is the home directory). The word as the
/// review reads it: a literal piece stands as its placeholder (`S2`).
fn home_through_parent(text: &str) -> bool {
    // The directory `..` leaves is the home directory or one level below.
    let within_one_of_home = |dir: &str| {
        let dir = dir.trim_start_matches(['"', '\'']);
        for start in ["$XDG_", "${XDG_"] {
            if let Some(rest) = dir.strip_prefix(start) {
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_uppercase() || *c == '_')
                    .collect();
                return name.ends_with("_HOME");
            }
        }
        let Some(rest) = ["${HOME}", "$HOME", "~"]
            .iter()
            .find_map(|home| dir.strip_prefix(home))
        else {
            return false;
        };
        // Not `$HOMEDIR`; a placeholder (`$HOMES2`) is a literal piece.
        let placeholder = rest
            .strip_prefix('S')
            .is_some_and(|n| n.starts_with(|c: char| c.is_ascii_digit()));
        if rest.starts_with(|c: char| c.is_alphanumeric() || c == '_') && !placeholder {
            return false;
        }
        rest.matches('/').count() <= 1
    };
    text.match_indices("/..").any(|(at, _)| {
        let after = &text[at + 3..];
        (after.is_empty() || after.starts_with(['/', '"', '\'', '}', ' ']))
            && within_one_of_home(&text[..at])
    })
}

/// What a text held as data does where it is written: a CI step that
/// prints every secret of the repository (`toJSON(secrets)`), wherever it
/// stands; in a program that writes files (`writes_files`), the name of a
/// file AI coding agents read their instructions or tools from, and (for
/// JavaScript, `npm_keys`) the name of an npm install hook.
fn held_for_later(text: &str, writes_files: bool, npm_keys: bool) -> Option<Judgment> {
    // GitHub's expressions take any case and spaces: `toJson( secrets )`.
    // (Most texts are one lowercase word: those are read as they are.)
    let squeezed: std::borrow::Cow<str> =
        if text.contains(|c: char| c.is_whitespace() || c.is_ascii_uppercase()) {
            text.chars()
                .filter(|c| !c.is_whitespace())
                .map(|c| c.to_ascii_lowercase())
                .collect::<String>()
                .into()
        } else {
            text.into()
        };
    if squeezed.contains("tojson(secrets)") {
        return Some((
            Severity::Major,
            "holds-secrets-dump",
            "holds a CI step that writes out every secret of the repository (toJSON(secrets)): a human decides",
        ));
    }
    // m4's `syscmd`/`esyscmd` run a shell command while the macros expand:
    // judged as the command it is (`git describe` is ordinary).
    if squeezed.contains("syscmd(") && m4_commands(text).any(|argv| classify(&argv).is_some()) {
        return Some((
            Severity::Major,
            "holds-m4-command",
            "holds m4 macros that run shell commands the review refuses (esyscmd, syscmd: a network client, a credential read, ...) when m4 expands them; a human decides",
        ));
    }
    if !writes_files {
        return None;
    }
    // Code that sends the whole environment away, held to be written
    // out (a dependency's patch, a hook): it runs later, unreviewed.
    let whole_environment = [
        "stringify(process.env)",
        "dumps(os.environ",
        "dumps(dict(os.environ",
        "urlencode(os.environ",
        "urlencode(dict(os.environ",
    ];
    let sends = ["request(", "fetch(", "urlopen(", ".post(", "send("];
    if whole_environment.iter().any(|p| squeezed.contains(p))
        && sends.iter().any(|p| squeezed.contains(p))
    {
        return Some((
            Severity::Major,
            "holds-environment-send",
            "holds code that sends the whole environment over the network, in a program that writes files (a dependency's patch, a hook): it runs later, outside this review, with every secret the environment holds; a human decides",
        ));
    }
    // Code that fetches code and runs it, held to be written where it runs
    // later (a build's conf.py, a hook): `exec(urlopen(...).read())`.
    let runs = ["exec(", "eval(", "runpy.", "newfunction("];
    let fetches = [
        "urlopen(",
        "requests.get(",
        "urllib.request",
        "fetch(",
        "https.get(",
        "http.get(",
    ];
    if runs.iter().any(|p| squeezed.contains(p)) && fetches.iter().any(|p| squeezed.contains(p)) {
        return Some((
            Severity::Major,
            "holds-remote-code",
            "holds code that downloads code and runs it, in a program that writes files (a build's conf.py, a hook, a start-up file): it runs later, outside this review; a human decides",
        ));
    }
    // Gradle's wrapper told to fetch its distribution from elsewhere, or
    // not to check where from.
    if squeezed.contains("validatedistributionurl=false")
        || (squeezed.contains("distributionurl=http") && !squeezed.contains("services.gradle.org"))
    {
        return Some((
            Severity::Major,
            "changes-package-source",
            CHANGES_PACKAGE_SOURCE,
        ));
    }
    // A package manager's or updater's checks turned off in its settings
    // (uv's allow-insecure-host, pip's trusted-host, NuGet's insecure
    // feeds and signatureValidationMode accept, npm's strict-ssl=false).
    if [
        "allow-insecure-host",
        "trusted-host",
        "allowinsecureconnections=\"true\"",
        "strict-ssl=false",
        "strict-ssl:false",
    ]
    .iter()
    .any(|p| squeezed.contains(p))
        || (squeezed.contains("signaturevalidationmode") && squeezed.contains("accept"))
    {
        return Some((
            Severity::Major,
            "changes-package-source",
            CHANGES_PACKAGE_SOURCE,
        ));
    }
    // Cargo told to take crates from elsewhere (a fork, a mirror): what
    // the next build compiles and runs comes from there.
    if (squeezed.contains("[patch.crates-io]") || squeezed.contains("[source.crates-io]"))
        && (squeezed.contains("://") || squeezed.contains("replace-with"))
    {
        return Some((
            Severity::Major,
            "changes-package-source",
            CHANGES_PACKAGE_SOURCE,
        ));
    }
    let name = text.trim();
    if !name.contains(char::is_whitespace) && names_agent_file(name) {
        return Some((
            Severity::Major,
            "names-agent-instructions",
            "names a file AI coding agents take instructions or tools from (AGENTS.md, CLAUDE.md, .cursorrules, an MCP server list) in a program that writes files: what is written there steers the next agent; a human decides",
        ));
    }
    if npm_keys
        && matches!(
            name,
            "preinstall" | "postinstall" | "preuninstall" | "postuninstall"
        )
    {
        return Some((
            Severity::Major,
            "names-npm-install-hook",
            "names an npm install hook in a program that writes files: npm runs it at the next install, outside this review; a human decides",
        ));
    }
    None
}

/// Modules whose functions named in [`PY_HIDDEN_NAMES`] start programs or
/// run code.
const PY_RUNNER_MODULES: &[&str] = &[
    "os",
    "posix",
    "nt",
    "subprocess",
    "pty",
    "builtins",
    "asyncio",
    "runpy",
    "importlib",
    "commands",
];

/// Whether `text` is the dotted name of a Python function that starts
/// programs or runs code: `subprocess.Popen`, `os.system`, `builtins.exec`.
fn names_python_runner(text: &str) -> bool {
    // `pkgutil.resolve_name` also takes "module:function".
    text.rsplit_once(['.', ':']).is_some_and(|(module, name)| {
        PY_RUNNER_MODULES.contains(&module)
            && (PY_HIDDEN_NAMES.contains(&name)
                || (module == "subprocess" && matches!(name, "run" | "call")))
            && !matches!(name, "getattr" | "compile")
    })
}

/// The functions of Node's `child_process` that start a program: seven of
/// [`JS_HIDDEN_NAMES`], from `exec` to `fork`.
const CHILD_PROCESS_RUNNERS: &[&str] = JS_HIDDEN_NAMES.split_at(3).1.split_at(7).0;

#[cfg(test)]
pub(super) fn network_tools() -> &'static [&'static str] {
    NETWORK_TOOLS
}

#[cfg(test)]
pub(super) fn child_process_runners() -> &'static [&'static str] {
    CHILD_PROCESS_RUNNERS
}

/// Calls whose first argument is an event's name.
const EVENT_CALLS: &[&str] = &[
    ".on(",
    ".once(",
    ".off(",
    ".emit(",
    ".addListener(",
    ".removeListener(",
    ".prependListener(",
    ".listenerCount(",
];

/// Calls that write files, whatever the module is bound to (`import {
/// writeFileSync } from "node:fs"`, `pathlib`'s methods).
const WRITES_FILES: &[&str] = &[
    "writeFile",
    "appendFile",
    "createWriteStream",
    "copyFile",
    "cpSync",
    ".write_text(",
    ".write_bytes(",
    "shutil.copy",
];

/// Files AI coding agents read as instructions, or as the tools and hooks
/// they may run.
const AGENT_FILES: &[&str] = &[
    "AGENTS.md",
    "CLAUDE.md",
    "CLAUDE.local.md",
    "GEMINI.md",
    ".cursorrules",
    ".windsurfrules",
    ".clinerules",
    "copilot-instructions.md",
    ".mcp.json",
    "mcp.json",
    "mcp_config.json",
    "claude_desktop_config.json",
    ".aider.conf.yml",
];

/// Whether `path` is (or ends in) one of [`AGENT_FILES`], or lies in an
/// agent's configuration directory ([`AGENT_DIRS`], Amp's settings,
/// Amazon Q's rules).
fn names_agent_file(path: &str) -> bool {
    let path = path.trim_matches(|c| c == '"' || c == '\'');
    AGENT_FILES.contains(&basename(path))
        // The directory itself, `DIR/...` anywhere, or `.../DIR` (each
        // starts with a dot: only those places are compared).
        || path.match_indices('.').any(|(at, _)| {
            let (before, rest) = path.split_at(at);
            AGENT_DIRS.iter().any(|dir| {
                rest.strip_prefix(dir).is_some_and(|after| {
                    after.starts_with('/')
                        || (after.is_empty() && (before.is_empty() || before.ends_with('/')))
                })
            })
        })
        || path.contains(".config/amp/")
        || path.contains("amazonq/rules")
}

/// Agents' configuration directories: their rules, permissions, tools.
const AGENT_DIRS: &[&str] = &[
    ".claude",
    ".cursor",
    ".gemini",
    ".codex",
    ".continue",
    ".amazonq",
    ".trae",
    ".openhands",
    ".roo",
    ".kiro",
    ".windsurf",
];

/// How many HTTP clients' names in one text [`downloads_and_runs`] reads
/// a command from: a bound on the work a text made of them costs.
const MAX_HELD_COMMANDS: usize = 64;

/// `p=(c u r l)`: an array of single letters that spells a program, to be
/// joined (`printf -v`, `${p[*]}`) where the name would show.
fn spelled_letter_by_letter(code: &str, literals: &[String]) -> Vec<LiteralFinding> {
    let lines = Lines::of(code);
    let mut out = Vec::new();
    for (at, _) in code.match_indices("=(") {
        let Some(len) = code[at + 2..].find(')') else {
            continue;
        };
        let letters: Option<String> = code[at + 2..at + 2 + len]
            .split_whitespace()
            .map(|element| {
                let quoted = ['"', '\''].into_iter().find_map(|q| {
                    element
                        .strip_prefix(q)
                        .and_then(|inner| inner.strip_suffix(q))
                });
                let text = match quoted {
                    Some(inner) => placeholder_text(inner, literals),
                    None => element.to_string(),
                };
                let mut chars = text.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) if c.is_ascii_alphanumeric() || c == '-' => Some(c),
                    _ => None,
                }
            })
            .collect();
        let Some(word) = letters.filter(|w| w.len() >= 2) else {
            continue;
        };
        let program = classify(std::slice::from_ref(&word)).is_some()
            || is_interpreter(&word)
            || WRITERS.contains(&word.as_str())
            || PIECES_PROGRAMS.contains(&word.as_str());
        if program {
            out.push(LiteralFinding {
                line: lines.at(at),
                severity: Severity::Critical,
                id: "name-in-pieces",
                message: "spells the name of a program letter by letter, which honest code writes whole: obfuscation",
            });
        }
    }
    out
}

/// Builtins whose arguments are assignments.
const DECLARERS: &[&str] = &["local", "declare", "typeset", "readonly", "export"];

/// Whether `IFS=value` makes words split elsewhere than at blanks: not
/// empty (no splitting), not blanks, not a saved value put back (`$OLD`).
fn splits_unlike_the_default(value: &str) -> bool {
    let restored = value
        .strip_prefix('$')
        .and_then(|rest| rest.chars().next())
        .is_some_and(|c| c == '{' || c == '_' || c.is_ascii_alphabetic());
    !value.is_empty() && !restored && !value.chars().all(|c| matches!(c, ' ' | '\t' | '\n'))
}

/// `$name` or `${name}`: a variable's value, split into words when
/// unquoted.
fn is_plain_expansion(word: &str) -> bool {
    let name = word
        .strip_prefix("${")
        .and_then(|w| w.strip_suffix('}'))
        .or_else(|| word.strip_prefix('$'));
    name.is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_'))
}

/// `NAME=value`: an assignment before a command (or `export`'s operand).
fn is_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(name, _)| {
        // `name=`, `name+=`, and an array's element, `name[key]=`.
        let name = name.strip_suffix('+').unwrap_or(name);
        let name = match name.split_once('[') {
            Some((array, key)) if key.ends_with(']') => array,
            _ => name,
        };
        !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
    })
}

/// Whether `rm`'s words ask for a recursive deletion.
fn deletes_recursively(args: &[String]) -> bool {
    args.iter().any(|a| {
        (a.starts_with('-') && !a.starts_with("--") && a.contains(['r', 'R'])) || a == "--recursive"
    })
}

/// `rm -r` given `/`, `/*`, `~`, `$HOME` (braced, with a slash or `/*`).
fn deletes_root_or_home(args: &[String]) -> bool {
    deletes_recursively(args)
        && args.iter().any(|a| {
            // An expansion in quotes reads as a space and itself (`" $HOME"`).
            let a = a.trim();
            let target = a.trim_end_matches('*').trim_end_matches('/');
            !a.is_empty() && !a.starts_with('-') && matches!(target, "" | "~" | "$HOME" | "${HOME}")
        })
}

/// One word of a Bash command: its text with placeholders replaced, and
/// whether any of it was quoted.
struct BashWord {
    text: String,
    quoted: bool,
    /// The word follows `>` or `>>`: a file the command writes.
    target: bool,
    /// The word follows `<`: a file the command reads (`<(` for a command's
    /// output).
    source: bool,
    /// As written, before its variables were read ([`follow_values`]),
    /// its data's `$` marked ([`placeholder_code`]).
    raw: String,
    /// The other texts its variables may give (a loop's words).
    others: Vec<String>,
}

impl BashWord {
    /// The word as written, before its variables were read.
    fn as_written(&self) -> String {
        unmarked(&self.raw)
    }

    /// The word's texts: the one it most likely has, then the others.
    fn texts(&self) -> impl Iterator<Item = &str> {
        std::iter::once(self.text.as_str()).chain(self.others.iter().map(String::as_str))
    }
}

/// A simple command: its first word's line, its words, and whether a
/// pipe feeds it.
struct BashCommand {
    line: usize,
    words: Vec<BashWord>,
    after_pipe: bool,
    /// A `{` opened it (`{ nc host 80; }`, `coproc NAME { ...; }`): the
    /// catalog's rules, which look for a program after `;`, `&`, `|`, `(`
    /// or a line's start, do not see it.
    after_brace: bool,
    /// Its words are an array's elements (`files=(a b)`), not a command.
    array: bool,
}

/// Where the words of sanitized Bash are read into.
#[derive(Default)]
struct BashSplitter {
    commands: Vec<BashCommand>,
    words: Vec<BashWord>,
    word: String,
    quoted: bool,
    line: usize,
    first_line: usize,
    /// The command being read follows a `|`.
    after_pipe: bool,
    /// The last character was the first `|` of `||`.
    after_or: bool,
    /// The word being read follows `>`.
    target: bool,
    /// The word being read follows `<` (not `<<`).
    source: bool,
    /// The depths at which an array's elements are being read
    /// (`NAME=(` opened them).
    arrays: Vec<usize>,
    /// The command being read follows a `{`.
    after_brace: bool,
    /// Parentheses open (subshells, substitutions): a `)` with none open
    /// ends a `case` pattern, not a command.
    depth: usize,
    /// Where the commands of the current `case` item would start: after
    /// a newline, `;;` or `in`.
    item_start: usize,
}

impl BashSplitter {
    /// A character of a word, or a quoted part's text.
    fn push(&mut self, text: &str, quoted: bool) {
        if self.words.is_empty() && self.word.is_empty() && !self.quoted {
            self.first_line = self.line;
        }
        self.word.push_str(text);
        self.quoted |= quoted;
    }

    fn end_word(&mut self) {
        if !self.word.is_empty() || self.quoted {
            let raw = std::mem::take(&mut self.word);
            self.words.push(BashWord {
                text: unmarked(&raw),
                raw,
                quoted: std::mem::take(&mut self.quoted),
                target: std::mem::take(&mut self.target),
                source: std::mem::take(&mut self.source),
                others: Vec::new(),
            });
        }
    }

    fn end_command(&mut self) {
        self.end_word();
        if !self.words.is_empty() {
            self.commands.push(BashCommand {
                line: self.first_line,
                words: std::mem::take(&mut self.words),
                after_pipe: self.after_pipe,
                after_brace: self.after_brace,
                array: self.arrays.last() == Some(&self.depth),
            });
        }
    }
}

/// Per command, whether it opens a `while` or `until` loop that reads a
/// file or another command's output (`done < FILE`, `done < <(cmd)`): a
/// line at a time, each a listed item, as `cmd | while read` reads them.
fn loops_reading_input(commands: &[BashCommand]) -> Vec<bool> {
    let mut reads = vec![false; commands.len()];
    let mut open: Vec<usize> = Vec::new();
    for (at, command) in commands.iter().enumerate() {
        let first = command.words.first().filter(|w| !w.quoted);
        match first.map(|w| w.text.as_str()) {
            Some("for" | "select" | "while" | "until") => open.push(at),
            Some("done") => {
                let Some(head) = open.pop() else { continue };
                let is_while = matches!(
                    commands[head].words.first().map(|w| w.text.as_str()),
                    Some("while" | "until")
                );
                if is_while && command.words.iter().skip(1).any(|w| w.source) {
                    reads[head] = true;
                }
            }
            _ => {}
        }
    }
    reads
}

/// Splits sanitized Bash into simple commands at `;`, `&`, `|`, newlines,
/// parentheses, braces, backquotes and `$(` (so substitutions and
/// pipelines are commands of their own); redirections end a word. A
/// quoted part of a word is its placeholder's text (`"S1$HOME"` reads the
/// text, then `$HOME`).
fn bash_commands(code: &str, literals: &[String]) -> Vec<BashCommand> {
    let mut split = BashSplitter {
        line: 1,
        first_line: 1,
        ..BashSplitter::default()
    };
    let mut chars = code.chars().peekable();
    let mut one = [0u8; 4];
    let mut prev = '\n';
    while let Some(c) = chars.next() {
        let before = std::mem::replace(&mut prev, c);
        match c {
            '"' | '\'' => {
                let mut inner = String::new();
                for d in chars.by_ref() {
                    if d == c {
                        break;
                    }
                    inner.push(d);
                }
                split.push(&placeholder_code(&inner, literals), true);
                split.line += inner.matches('\n').count();
            }
            // `${name}` is part of its word, not a group.
            '{' if before == '$' => {
                let mut inner = String::from("{");
                for d in chars.by_ref() {
                    inner.push(d);
                    if d == '}' {
                        break;
                    }
                }
                split.push(&inner, false);
            }
            // A line continued: the command goes on, its line stays its
            // first (`tar -czf a.tgz \` then the options that run code).
            '\\' if chars.peek() == Some(&'\n') => {
                chars.next();
                split.end_word();
                split.line += 1;
            }
            // An escaped character is part of its word (`\;` ends nothing).
            '\\' => {
                split.push("\\", false);
                if let Some(d) = chars.next() {
                    split.push(d.encode_utf8(&mut one), false);
                }
            }
            ' ' | '\t' => split.end_word(),
            // `<<` and `<<<` read text written in place, not a file.
            '<' => {
                split.end_word();
                split.source = before != '<' && chars.peek() != Some(&'<');
            }
            '>' => {
                split.end_word();
                split.target = true;
            }
            ')' if split.depth == 0 => {
                // `bash | zsh )`: a case pattern's words are no commands.
                split.end_word();
                split.words.clear();
                split.commands.truncate(split.item_start);
            }
            ';' | '&' | '|' | '\n' | '(' | ')' | '{' | '}' | '`' => {
                // `files=(./vendor/*.tar.gz)`: the words up to the matching
                // `)` are an array's elements, not commands.
                let array = c == '(' && split.word.ends_with('=') && is_assignment(&split.word);
                // `a |` then `b` on the next line: still a pipeline.
                let pipe_goes_on = c == '\n'
                    && split.after_pipe
                    && split.word.is_empty()
                    && split.words.is_empty();
                // `done < <(cmd)`: the command reads another's output.
                if c == '(' && split.source && split.word.is_empty() {
                    split.word.push_str("<(");
                }
                split.end_word();
                if split
                    .words
                    .last()
                    .is_some_and(|w| w.text == "in" && !w.quoted)
                {
                    split.words.clear();
                    split.item_start = split.commands.len();
                }
                split.end_command();
                split.after_brace = c == '{';
                match c {
                    '(' => {
                        split.depth += 1;
                        if array {
                            split.arrays.push(split.depth);
                        }
                    }
                    ')' => {
                        if split.arrays.last() == Some(&split.depth) {
                            split.arrays.pop();
                        }
                        split.depth -= 1;
                    }
                    '\n' => split.item_start = split.commands.len(),
                    ';' if before == ';' => split.item_start = split.commands.len(),
                    _ => {}
                }
                split.line += usize::from(c == '\n');
                // `|&` pipes too; `||` does not.
                let pipe_and =
                    c == '&' && split.after_pipe && split.words.is_empty() && before == '|';
                split.after_pipe = pipe_goes_on
                    || pipe_and
                    || (c == '|' && chars.peek() != Some(&'|') && !split.after_or);
                split.after_or = c == '|' && chars.peek() == Some(&'|');
            }
            '$' if chars.peek() == Some(&'(') => {
                split.end_command();
                split.after_pipe = false;
                split.depth += 1;
                chars.next();
            }
            _ => split.push(c.encode_utf8(&mut one), false),
        }
    }
    split.end_command();
    split.commands
}

/// The inside of a quoted part of sanitized Bash: `S<n>` (its literal's
/// text) and whatever expansions follow it (`S1$HOME`), or as written.
fn placeholder_text(inner: &str, literals: &[String]) -> String {
    placeholder_read(inner, literals, false)
}

/// [`placeholder_text`] with each `$` of the literal's own text marked as
/// [`LITERAL_DOLLAR`]: data (a single-quoted `'$PATH'`, an escaped `\$`)
/// that reading variables ([`follow_values`]) must leave as it is.
fn placeholder_code(inner: &str, literals: &[String]) -> String {
    placeholder_read(inner, literals, true)
}

fn placeholder_read(inner: &str, literals: &[String], mark: bool) -> String {
    let Some(rest) = inner.strip_prefix('S') else {
        return inner.to_string();
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let literal = rest[..digits]
        .parse::<usize>()
        .ok()
        .and_then(|n| literals.get(n.checked_sub(1)?));
    let Some(text) = literal else {
        return inner.to_string();
    };
    let marked;
    let text = if mark && text.contains('$') {
        marked = text.replace('$', LITERAL_DOLLAR_STR);
        &marked
    } else {
        text
    };
    // The literal reads each expansion as one space: put them back where
    // they were when the spaces and the expansions are as many.
    let expansions = expansions(&rest[digits..]);
    if expansions.len() == text.matches(' ').count() {
        let mut out = String::new();
        for (part, expansion) in text
            .split(' ')
            .zip(expansions.iter().map(Some).chain([None]))
        {
            out.push_str(part);
            out.push_str(expansion.map_or("", |e| e));
        }
        out
    } else {
        format!("{text}{}", &rest[digits..])
    }
}

/// The expansions written one after the other in `code` (`$HOME`,
/// `${x:-y}`, `$(cmd)`, `` `cmd` ``), each whole; nothing past the first
/// text that is not one.
fn expansions(code: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let mut at = 0;
    while at < bytes.len() {
        let end = match (bytes[at], bytes.get(at + 1)) {
            (b'`', _) => closing(bytes, at + 1, b'`', b'`'),
            (b'$', Some(b'{')) => closing(bytes, at + 2, b'{', b'}'),
            (b'$', Some(b'(')) => closing(bytes, at + 2, b'(', b')'),
            (b'$', Some(_)) => {
                let name = bytes[at + 1..]
                    .iter()
                    .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
                    .count()
                    .max(1);
                Some(at + 1 + name)
            }
            _ => None,
        };
        let Some(end) = end.filter(|&end| end <= bytes.len()) else {
            break;
        };
        out.push(&code[at..end]);
        at = end;
    }
    out
}

/// Just past the `close` that balances an `open` before `from`.
fn closing(bytes: &[u8], from: usize, open: u8, close: u8) -> Option<usize> {
    let mut depth = 1usize;
    for (i, &b) in bytes.iter().enumerate().skip(from) {
        if b == close {
            depth -= 1;
            if depth == 0 {
                return Some(i + 1);
            }
        } else if b == open && open != close {
            depth += 1;
        }
    }
    None
}

/// Where a string may name what a program reaches: after `getattr(x, `,
/// `attrgetter(`, `methodcaller(`, `__getattribute__(` (either argument),
/// `__dict__[` and `vars(x)[` in Python; after a computed member's `[`
/// and `Reflect.get(x, ` in JavaScript.
fn names_in_strings(code: &str, reader: &Reader<'_>, python: bool) -> Vec<usize> {
    let mut out = Vec::new();
    let word_before = |at: usize| {
        code[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$')
    };
    let calls: &[&str] = if python {
        &[
            "getattr(",
            "attrgetter(",
            "methodcaller(",
            "__getattribute__(",
        ]
    } else {
        &["Reflect.get(", "Reflect.apply("]
    };
    for call in calls {
        for (at, _) in code.match_indices(call) {
            if word_before(at) && !call.starts_with('_') {
                continue;
            }
            let inside = at + call.len();
            out.push(inside);
            out.extend(reader.next_argument(inside));
        }
    }
    if python {
        out.extend(code.match_indices("__dict__[").map(|(at, m)| at + m.len()));
        for (at, m) in code.match_indices("vars(") {
            if word_before(at) {
                continue;
            }
            let rest = &code[at + m.len()..];
            let Some(close) = rest.find(')') else {
                continue;
            };
            let after = &rest[close + 1..];
            if after.trim_start().starts_with('[') {
                let bracket = after.len() - after.trim_start().len();
                out.push(at + m.len() + close + 1 + bracket + 1);
            }
        }
    } else {
        for (at, _) in code.match_indices('[') {
            let before = code[..at].trim_end();
            if before.ends_with([')', ']']) || word_before(before.len()) {
                out.push(at + 1);
            }
        }
    }
    out
}

/// Names joined from two or more literals: `"a" + "b"` (a chain read
/// from its first piece) and, in Python, `"sep".join([...])`; each with
/// where it starts.
fn joined_names(code: &str, reader: &Reader<'_>, python: bool) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for placeholder in placeholders(code) {
        let (start, end) = (placeholder.whole.start, placeholder.whole.end);
        let after = code[end..].trim_start();
        let before = code[..start].trim_end();
        // The first piece of a join: `+` after it, or (Python) another
        // literal right after it, and neither before it.
        let joined_before = before.ends_with('+') || (python && ends_with_placeholder(before));
        let first = !joined_before;
        if first && (after.starts_with('+') || (python && placeholder_first(after).is_some())) {
            out.extend(reader.joined(&code[start..]).map(|name| (start, name)));
        } else if python {
            let Some(call) = after.strip_prefix(".join(") else {
                continue;
            };
            let call = call.trim_start();
            if !call.starts_with(['[', '(']) {
                continue;
            }
            let list = code.len() - call.len() + 1;
            if let Some(separator) = reader.joined(&code[start..]) {
                out.push((start, reader.list(list, 0).join(&separator)));
            }
        }
    }
    // JavaScript: `["pro", "cess"].join("")`.
    if !python {
        for (at, _) in code.match_indices("].join(") {
            let Some(open) = list_start(&code[..at]) else {
                continue;
            };
            let separator = code[at + "].join(".len()..].trim_start();
            let separator = if separator.starts_with(')') {
                Some(",".to_string())
            } else {
                reader.joined(separator)
            };
            if let Some(separator) = separator {
                out.push((open, reader.list(open + 1, 0).join(&separator)));
            }
        }
    }
    out
}

/// Calls that write a file, by their method's name.
const WRITE_METHODS: &[&str] = &[
    ".writeFile",
    ".appendFile",
    ".createWriteStream(",
    ".write_text(",
    ".write_bytes(",
    ".write(",
];

/// `f.constructor` taken as a value where `f` is a function this file
/// declares (`function f`, `f = function`, `f = (...) =>`).
fn function_constructors(code: &str, lines: &Lines) -> Vec<LiteralFinding> {
    let mut out = Vec::new();
    for (at, _) in code.match_indices(".constructor") {
        let after = code[at + ".constructor".len()..].trim_start_matches([' ', '\t']);
        if !(after.is_empty() || after.starts_with([';', ',', ')', ']', '}', '\n'])) {
            continue;
        }
        let before = code[..at].trim_end();
        // The name's first character: after the last one that cannot be
        // in a name (by characters: it may be a wide space).
        let name_start = before
            .char_indices()
            .rfind(|&(_, c)| !(c.is_alphanumeric() || c == '_' || c == '$'))
            .map_or(0, |(i, c)| i + c.len_utf8());
        let name = &before[name_start..];
        if name.is_empty() || name == "this" {
            continue;
        }
        let declared = code.contains(&format!("function {name}("))
            || code.contains(&format!("function {name} ("))
            || [" = function", " = async function", " = (", " = async ("]
                .iter()
                .any(|form| code.contains(&format!("{name}{form}")));
        if declared {
            out.push(LiteralFinding {
                line: lines.at(at),
                severity: Severity::Major,
                id: "js-constructor-value",
                message: "takes a function's constructor as a value: that is Function, which builds code from text the review cannot see; a human decides",
            });
        }
    }
    out
}

/// `path.join(".github", "workflows")`, `os.path.join(home, ".ssh",
/// "id_rsa")`: the literal arguments of a join, joined with `/`, with the
/// call's line (the named files may be split across them).
fn joined_paths(code: &str, reader: &Reader<'_>) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    for (at, _) in code.match_indices("join(") {
        let mut argument = Some(at + "join(".len());
        let mut parts = Vec::new();
        while let Some(start) = argument.take() {
            let text = code[start..].trim_start();
            // `"sep".join([...])`: a list, not path parts.
            if text.starts_with(['[', '(']) {
                break;
            }
            if let Some(part) = reader.joined(text) {
                parts.push(part);
            }
            argument = reader.next_argument(start);
        }
        if parts.len() >= 2 {
            out.push((reader.lines.at(at), parts.join("/")));
        }
    }
    // pathlib's `home / ".dbt" / "profiles.yml"`: literals chained by `/`.
    let mut chain: Vec<&str> = Vec::new();
    let mut chain_at = 0;
    let mut last_end = None;
    let mut flush = |chain: &mut Vec<&str>, at: usize| {
        if chain.len() >= 2 {
            out.push((reader.lines.at(at), chain.join("/")));
        }
        chain.clear();
    };
    for placeholder in placeholders(code) {
        let Some(text) = reader.literal(placeholder.number) else {
            continue;
        };
        let whole = placeholder.whole;
        let chained = last_end
            .and_then(|end| code.get(end..whole.start))
            .is_some_and(|gap| gap.trim() == "/");
        if !chained {
            flush(&mut chain, chain_at);
            chain_at = whole.start;
        }
        chain.push(text);
        last_end = Some(whole.end);
    }
    flush(&mut chain, chain_at);
    out
}

/// Where the list literal that ends at the end of `before` starts (its
/// `[`).
fn list_start(before: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, c) in before.char_indices().rev().take(MAX_ARGUMENT_BYTES) {
        match c {
            ']' | ')' | '}' => depth += 1,
            '[' if depth == 0 => return Some(i),
            '[' | '(' | '{' => depth = depth.checked_sub(1)?,
            _ => {}
        }
    }
    None
}

/// Whether `text` ends with a literal's placeholder (`"S12"`).
fn ends_with_placeholder(text: &str) -> bool {
    let quotes = ['"', '\'', '`'];
    let Some(inner) = text.strip_suffix(quotes) else {
        return false;
    };
    let digits = inner.trim_end_matches(|c: char| c.is_ascii_digit());
    digits.len() < inner.len()
        && digits
            .strip_suffix('S')
            .is_some_and(|head| head.ends_with(quotes))
}

/// Where a text's lines end: the line of an offset in a binary search, for
/// loops that report many findings (counting the newlines before each of
/// 20,000 calls took seconds).
struct Lines(Vec<usize>);

impl Lines {
    fn of(code: &str) -> Lines {
        Lines(code.match_indices('\n').map(|(at, _)| at).collect())
    }

    /// The 1-based line of byte `at`: one more than the newlines before
    /// it.
    fn at(&self, at: usize) -> usize {
        self.0.partition_point(|&newline| newline < at) + 1
    }
}

/// Reads argument lists out of sanitized code.
struct Reader<'a> {
    code: &'a str,
    literals: &'a [String],
    /// Name → where the value assigned to it starts (the last assignment
    /// in the file wins: a best effort, not data flow).
    bindings: HashMap<&'a str, usize>,
    lines: Lines,
}

impl<'a> Reader<'a> {
    fn new(code: &'a str, literals: &'a [String], lines: Lines) -> Reader<'a> {
        let bindings = by_hand::bindings(code).collect();
        Reader {
            code,
            literals,
            bindings,
            lines,
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

    /// Whether the first argument at `at` is a name bound to decoded data
    /// (`cmd = bytes.fromhex(...).decode()` before `run(cmd.split())`).
    fn decoded(&self, at: usize) -> bool {
        let Some(rest) = self.code.get(at..) else {
            return false;
        };
        let Some(name) = NAME.find(rest.trim_start()) else {
            return false;
        };
        self.bindings.get(name.as_str()).is_some_and(|&bound| {
            let line = self.code[bound..].lines().next().unwrap_or_default();
            DECODERS.iter().any(|decoder| line.contains(decoder))
        })
    }

    /// The text of the literals at the start of `text`, joined when they
    /// are concatenated (`"py" + "thon3"` reads `python3`).
    fn joined(&self, text: &str) -> Option<String> {
        let mut out = String::new();
        let mut rest = text;
        loop {
            let first = placeholder_first(rest)?;
            out.push_str(self.literal(first.number)?);
            rest = rest.get(first.whole.end..)?.trim_start();
            match rest.strip_prefix('+') {
                Some(more) => rest = more.trim_start(),
                // Python's adjacent literals (`"ev" "al"`) are one string.
                None if placeholder_first(rest).is_some() => {}
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

    /// The texts of the literals in the argument starting at `at`, joined;
    /// for an argument that is a name, those of the statement that
    /// assigns it (`const tail = \`...\` + \`...\`;`).
    fn argument_texts(&self, at: usize) -> String {
        let Some(rest) = self.code.get(at..) else {
            return String::new();
        };
        let end = self.next_argument(at).map_or_else(
            || {
                rest.char_indices()
                    .take(MAX_ARGUMENT_BYTES)
                    .find(|&(_, c)| c == ')')
                    .map_or(rest.len().min(MAX_ARGUMENT_BYTES), |(i, _)| i)
            },
            |next| next - at,
        );
        let argument = rest.get(..end).unwrap_or(rest).trim();
        let trimmed = argument.trim_end_matches([',', ')']).trim();
        let region = match NAME
            .find(trimmed)
            .filter(|name| name.len() == trimmed.len())
        {
            Some(name) => {
                let name = name.as_str();
                let assigned = self.code.match_indices(name).filter(|&(at, _)| {
                    let before = self.code[..at].chars().next_back();
                    let after = self.code[at + name.len()..].trim_start_matches([' ', '\t']);
                    !before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '$' || c == '.')
                        && after.starts_with('=')
                        && !after.starts_with("==")
                });
                let Some((start, _)) = assigned.last() else {
                    return String::new();
                };
                let statement = &self.code[start..];
                let end = statement
                    .char_indices()
                    .take(MAX_ARGUMENT_BYTES)
                    .find(|&(_, c)| c == ';')
                    .map_or(statement.len().min(MAX_ARGUMENT_BYTES), |(i, _)| i);
                statement.get(..end).unwrap_or(statement)
            }
            None => argument,
        };
        placeholders(region)
            .filter_map(|placeholder| self.literal(placeholder.number))
            .collect::<Vec<_>>()
            .join("")
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
        // The interpreter running this program.
        if trimmed.starts_with("sys.executable") {
            return vec!["python3".to_string()];
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

    /// The elements of a list (or tuple) literal starting after its `[`: each a
    /// literal (one word) or a name bound to a literal; stops at the first
    /// element it cannot read.
    fn list(&self, at: usize, depth: usize) -> Vec<String> {
        self.list_closed_by(at, depth, ']')
    }

    /// [`Reader::list`] of a list that `close` ends: `]`, or a Python
    /// tuple's `)` (texts stand as placeholders here, so neither is
    /// inside one).
    fn list_closed_by(&self, at: usize, depth: usize, close: char) -> Vec<String> {
        let mut words = Vec::new();
        let Some(rest) = self.code.get(at..) else {
            return words;
        };
        let end = rest
            .char_indices()
            .take(MAX_ARGUMENT_BYTES)
            .find(|&(_, c)| c == close)
            .map_or(0, |(i, _)| i);
        for element in rest[..end].split(',') {
            let element = element.trim();
            if element.is_empty() {
                continue;
            }
            let word = if let Some(text) = self.joined(element) {
                Some(text)
            } else if element == "sys.executable" {
                Some("python3".to_string())
            } else if names_this_file(element) {
                Some(THIS_FILE.to_string())
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

/// What writing a program file is told.
const WRITES_PROGRAM_FILE: &str = "writes a program file: code that runs later, not reviewed with this one (jail run reviews the files it exposes, not what they write): a human decides";

/// Where the program writes its own file without `open` (which
/// [`findings`] reads with its mode): `fs.writeFileSync(__filename, ...)`,
/// `Path(__file__).write_text(...)`. Each such call's byte offset.
fn rewrites_itself(code: &str, python: bool) -> Vec<usize> {
    let mut found = Vec::new();
    if python {
        for call in [".write_text(", ".write_bytes(", ".open("] {
            for (at, _) in code.match_indices(call) {
                let receiver = expression_before(&code[..at]);
                let opens_to_write =
                    call != ".open(" || !code[at + call.len()..].trim_start().starts_with(')');
                if opens_to_write && names_this_file(receiver) {
                    found.push(at);
                }
            }
        }
        return found;
    }
    for call in [
        "writeFile",
        "appendFile",
        "createWriteStream",
        "copyFile",
        "cpSync",
    ] {
        for (at, name) in code.match_indices(call) {
            let rest = &code[at + name.len()..];
            let rest = rest.strip_prefix("Sync").unwrap_or(rest);
            let Some(arguments) = rest.trim_start().strip_prefix('(') else {
                continue;
            };
            // The destination: the first argument, or a copy's second.
            let target = if call.starts_with("cop") || call == "cpSync" {
                arguments.split_once(',').map_or("", |(_, second)| second)
            } else {
                arguments
            };
            let target = target.trim_start();
            if target.strip_prefix("__filename").is_some_and(|after| {
                !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$')
            }) {
                found.push(at);
            }
        }
    }
    found
}

/// The expression `text` ends with: names, dots and balanced parentheses
/// (`Path(__file__).resolve()`), read backwards.
fn expression_before(text: &str) -> &str {
    let mut depth = 0usize;
    let mut start = text.len();
    for (at, c) in text.char_indices().rev() {
        match c {
            ')' => depth += 1,
            '(' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            c if c.is_alphanumeric() || c == '_' || c == '.' => {}
            _ => break,
        }
        start = at;
    }
    &text[start..]
}

/// The word [`Reader::list`] reads for the file under review (`__file__`):
/// with a NUL, which no argument a process is given can hold, so no
/// literal can pass for it.
const THIS_FILE: &str = "\0this file";

/// Whether a list element names the Python file under review:
/// `__file__`, `sys.argv[0]`, or either through `os.path.abspath`,
/// `os.path.realpath`, `Path(...)`, `.resolve()` and `str(...)`.
fn names_this_file(element: &str) -> bool {
    let mut inner = element.trim();
    loop {
        // The methods last: `Path(__file__).resolve()` is a call of
        // `resolve` on `Path(__file__)`, not `Path(` around the rest.
        let peeled = inner
            .strip_suffix(".resolve()")
            .or_else(|| inner.strip_suffix(".absolute()"))
            .or_else(|| {
                [
                    "str(",
                    "os.path.abspath(",
                    "os.path.realpath(",
                    "Path(",
                    "pathlib.Path(",
                ]
                .iter()
                .find_map(|call| inner.strip_prefix(call)?.strip_suffix(')'))
            });
        match peeled {
            Some(next) => inner = next.trim(),
            None => break,
        }
    }
    matches!(inner, "__file__" | "sys.argv[0]")
}

/// What starting `argv` does, if it is one of the things a human must see.
fn classify(argv: &[String]) -> Option<Judgment> {
    classify_expanded(argv, false)
}

/// [`classify`] of words that a shell expanded (`shell_expanded`: a `$` or
/// a backquote of the command was read as code, not data), in which an
/// interpreter's code string is not what the file shows.
fn classify_expanded(argv: &[String], shell_expanded: bool) -> Option<Judgment> {
    let mut words = argv.iter().map(String::as_str).peekable();
    // Past wrappers and their options (`nohup`, `env A=b`, `timeout 10`).
    let mut program = None;
    while let Some(word) = words.next() {
        let name = basename(word);
        if PACKAGE_RUNNERS.contains(&name) {
            // `npx -y -p pkg tool args`: the options, then the program.
            while let Some(option) = words.next_if(|w| w.starts_with('-')) {
                if matches!(option, "-c" | "--call") || option.starts_with("--call=") {
                    return Some((
                        Severity::Critical,
                        "run-code-string",
                        "starts an interpreter on code given as a string: code hidden from the review",
                    ));
                }
                if matches!(option, "-p" | "--package") {
                    words.next();
                }
            }
            continue;
        }
        if WRAPPERS.contains(&name) {
            while words.peek().is_some_and(|w| {
                w.starts_with('-') || w.contains('=') || w.bytes().all(|b| b.is_ascii_digit())
            }) {
                words.next();
            }
            continue;
        }
        program = Some(expanded_program(word).unwrap_or(name));
        break;
    }
    let program = program?;
    let rest: Vec<&str> = words.collect();
    if let Some(found) = runs_a_named_command(program, &rest) {
        return Some(found);
    }
    // `python3 -m pip ...` is pip.
    let (named, named_rest) = match (program.starts_with("python"), rest.as_slice()) {
        (true, ["-m", module, tail @ ..]) => (*module, tail),
        _ => (program, rest.as_slice()),
    };
    if let Some(found) = changes_sources_or_sweeps(named, named_rest) {
        return Some(found);
    }
    let (elevated, elevated_rest) = past_elevation(program, &rest);
    if disables_security_tool(elevated, elevated_rest) {
        return Some((
            Severity::Major,
            "disables-security-tool",
            DISABLES_SECURITY_TOOL,
        ));
    }
    if is_interpreter(program) {
        if only_checks_syntax(program, &rest) {
            return None;
        }
        // `python -m pytest`: an installed module, run as a program is.
        if program.starts_with("python") && rest.first() == Some(&"-m") {
            return None;
        }
        // `[sys.executable, __file__, "--worker"]`: the program under
        // review, run again and told its part (without an argument, the
        // copy does what the original did: a fork bomb's shape).
        if rest.first() == Some(&THIS_FILE) && rest.len() > 1 {
            return None;
        }
        if let Some(at) = rest.iter().position(|w| CODE_OPTIONS.contains(w)) {
            // `node -p "require('./package.json').name"`: code that is all
            // there, and that the review approves on its own, is no more
            // hidden than the rest of the file. Only with no option before
            // it: `node -r ./x.js -e 1` runs a file first.
            if at == 0
                && rest
                    .get(1)
                    .is_some_and(|code| inline_code_approved(program, code, shell_expanded))
            {
                return None;
            }
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
    let pool = |w: &&str| w.contains("stratum+") || w.contains("stratum2+");
    if MINERS.contains(&program.to_ascii_lowercase().as_str()) || rest.iter().any(pool) {
        return Some((
            Severity::Critical,
            "run-miner",
            "starts a cryptocurrency miner",
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
        return Some((Severity::Major, "run-network-tool", RUN_NETWORK_TOOL));
    }
    if let Some(found) = desktop_reader(program, &rest) {
        return Some(found);
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

/// Whether `interpreter` started with `args` only reads its program for
/// syntax and runs none of it: a shell's `-n` (`bash -n x.sh`), Node's
/// `--check` (`-c`) on a file.
fn only_checks_syntax(interpreter: &str, args: &[&str]) -> bool {
    let options = args.iter().take_while(|arg| arg.starts_with('-'));
    if is_shell(interpreter) {
        return options.clone().any(|option| {
            !option.starts_with("--")
                && option.len() > 1
                && option[1..].bytes().all(|b| b.is_ascii_alphabetic())
                && option.contains('n')
        });
    }
    matches!(interpreter, "node" | "nodejs")
        && options
            .clone()
            .any(|option| matches!(*option, "--check" | "-c"))
        && !args
            .iter()
            .any(|arg| matches!(*arg, "-e" | "--eval" | "-p" | "--print"))
}

/// The longest code string [`inline_code_approved`] reads: a one-liner.
/// The models see strings as placeholders, so code in a string is read by
/// the built-in reviewer alone; only what it can judge at a glance passes.
const INLINE_CODE_BYTES: usize = 160;

/// Whether `code`, given to `interpreter` as a string, is a one-line
/// Python or JavaScript program the built-in reviewer approves as a file of
/// its own. Not when the shell expanded the command (`shell_expanded`) and
/// the code has a `$` or a backquote: the code is then not all there. In
/// single quotes (`node -e 'console.log(`${x}`)'`) both are the code's.
fn inline_code_approved(interpreter: &str, code: &str, shell_expanded: bool) -> bool {
    let lang = if interpreter.starts_with("python") {
        crate::Lang::Python
    } else if matches!(interpreter, "node" | "nodejs") {
        crate::Lang::JavaScript
    } else {
        return false;
    };
    if code.len() > INLINE_CODE_BYTES
        || code.contains('\n')
        || (shell_expanded && code.contains(['$', '`']))
    {
        return false;
    }
    let Ok(parsed) = crate::parse::parse(lang, code) else {
        return false;
    };
    let sanitized = crate::sanitize::sanitize(&parsed.walked());
    let answer = super::builtin::BuiltinReviewer::new().judge_with_literals(
        lang.name(),
        &sanitized.code,
        &sanitized.literals,
        &sanitized.renamed,
    );
    answer.verdict == super::Verdict::Approve
}

fn basename(word: &str) -> &str {
    let name = word.rsplit(['/', '\\']).next().unwrap_or(word);
    name.strip_suffix(".exe").unwrap_or(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The index counts lines as counting the newlines before an offset
    /// does, at every offset, newlines and the ends included.
    #[test]
    fn lines_answer_as_counting_does() {
        for text in ["", "\n", "a\nbc\n\nd", "one line", "\n\nx\n"] {
            let lines = Lines::of(text);
            for at in 0..=text.len() {
                let counted = text[..at].matches('\n').count() + 1;
                assert_eq!(lines.at(at), counted, "{text:?} at {at}");
            }
        }
    }

    /// Each placeholder's first whole occurrence, by line: not inside a
    /// longer name (`XS1`, `_S1`) or number (`S12` is not `S1`); absent
    /// ones and `S0` on line 1.
    #[test]
    fn placeholders_are_found_on_their_lines() {
        let code = "echo XS1 _S1 S12\nprintf S1; \u{e9}S3\n\ncat S2 S1\nS0";
        assert_eq!(placeholder_lines(code, 4), [2, 4, 2, 1]);
        assert_eq!(placeholder_lines("", 2), [1, 1]);
        assert_eq!(placeholder_lines("S", 1), [1]);
    }

    /// An array element with a quote at one end only, and a wide
    /// character at the other, is no letter and no reason to panic.
    #[test]
    fn letters_are_read_whole_characters_at_a_time() {
        assert!(spelled_letter_by_letter("x=(\"\u{e9} q)\n", &[]).is_empty());
        let found = spelled_letter_by_letter("x=(c 'u' r l)\n", &[]);
        assert_eq!(found.len(), 1, "{found:?}");
    }

    /// Variables are read where the shell reads them: not in a literal's
    /// own text (a single-quoted awk program), nor in an assignment's value
    /// split into words.
    #[test]
    fn values_are_read_outside_literals_only() {
        let literals: Vec<String> = ["{ print $n }", "a b"].map(String::from).to_vec();
        let code = "n=3\nawk \"S1\" f\nv=\"S2\"\nw=$v\nls $v\n";
        let mut commands = bash_commands(code, &literals);
        follow_values(&mut commands, code, &literals, &[]);
        let words: Vec<Vec<&str>> = commands
            .iter()
            .map(|c| c.words.iter().map(|w| w.text.as_str()).collect())
            .collect();
        assert_eq!(
            words,
            [
                vec!["n=3"],
                vec!["awk", "{ print $n }", "f"],
                vec!["v=a b"],
                vec!["w=a b"],
                vec!["ls", "a", "b"],
            ]
        );
    }

    /// `named_files` looks for loader variables only in texts with a
    /// capital letter: every name must have one.
    #[test]
    fn every_loader_variable_has_a_capital() {
        for name in LOADER_VARIABLES {
            assert!(name.bytes().any(|b| b.is_ascii_uppercase()), "{name}");
        }
        let found = named_files("x", &[(1, "LD_PRELOAD=/tmp/x.so")], &[]);
        assert!(found.iter().any(|f| f.id == "names-loader-variable"));
    }

    /// What `placeholders` and `placeholder_first` stand for: the
    /// regexes they replace, compiled here only.
    fn placeholders_agree_with_the_regexes(code: &str) {
        let any = compile(r#"["'`]S([0-9]+)(?:["'`]|\{|\$\{|\r?\n)"#);
        let first = compile(r#"^[bft]*["'`]S([0-9]+)(?:["'`]|\{|\$\{|\r?\n)"#);
        let by_regex: Vec<(std::ops::Range<usize>, String)> = any
            .captures_iter(code)
            .map(|c| (c.get(0).map_or(0..0, |m| m.range()), c[1].to_string()))
            .collect();
        let by_hand: Vec<(std::ops::Range<usize>, String)> = placeholders(code)
            .map(|p| (p.whole, p.number.to_string()))
            .collect();
        assert_eq!(by_hand, by_regex, "{code:?}");
        for (at, _) in code.char_indices() {
            let text = &code[at..];
            let by_regex = first
                .captures(text)
                .map(|c| (c.get(0).map_or(0..0, |m| m.range()), c[1].to_string()));
            let by_hand = placeholder_first(text).map(|p| (p.whole, p.number.to_string()));
            assert_eq!(by_hand, by_regex, "{text:?}");
        }
    }

    #[test]
    fn placeholders_are_found_as_the_regexes_find_them() {
        for code in [
            "f(\"S1\", 'S22', `S3`)\nx = f\"S4{a}\" + `S5${b}` + \"S6\r\nmore\"",
            "\"S\" \"S1 \"S1\"\"S2\" bf'S7' tb\"S8\n\" 'S9\r' \"S10\r\n\"",
            "x\"S12'\" \"S٣\" é\"S13\"",
        ] {
            placeholders_agree_with_the_regexes(code);
        }
        let sanitized = crate::quality_sets::sanitized(&crate::quality_sets::SOME);
        assert!(sanitized.len() > 100);
        for file in sanitized {
            placeholders_agree_with_the_regexes(&file.code);
        }
    }

    proptest::proptest! {
        #[test]
        fn placeholders_agree_with_the_regexes_on_any_text(
            code in "(?:[\"'`]|S|[0-9]{1,2}|\\{|\\$|\r|\n|[bft]|x| |é){0,16}"
        ) {
            placeholders_agree_with_the_regexes(&code);
        }
    }
}
