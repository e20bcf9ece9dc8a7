//! The built-in offline reviewer (`kind = "static"` in a policy): a catalog
//! of regular expressions over the sanitized code, line by line.
//!
//! It sees what every reviewer sees: string literals are placeholders
//! (`"S1"`), user-defined names are `a`, `b`, `c`, comments are gone, and
//! imported names, their attributes, builtins and keyword-argument names
//! are kept. Its rules judge calls and imports: `exec(a)` and `exec("S1")`
//! are the same to it (code the review cannot see). Being code, it may also
//! read what the placeholders stand for, which no model is shown: the
//! program a process call starts, credential files and system paths named
//! in literals (`literals.rs`).
//!
//! Each rule has a severity, and the worst finding decides:
//! - `critical` (REJECTED): running hidden or decoded code (eval, exec,
//!   compile, `Function`, a string to `setTimeout`, `| sh`, a command built
//!   from decoded data), running code from another file (`runpy`,
//!   importlib loaders), imports of a module named at run time
//!   (`__import__(a)`, `require(a)`, or a module name the sanitizer hid as
//!   a placeholder), reaching builtins, globals or modules by computed name
//!   (`sys.modules[...]`, `getattr(os, "S1" + "S2")`, `getattr` as a
//!   value), walks from `object` through `__subclasses__`, `Function`
//!   through a constructor, Node's module internals, escapes in
//!   identifiers, imitating the review fence, deleting `/` or the home
//!   directory, making a debugged process call `system()`;
//! - `major` (MAJOR, a human decides): network use beyond HTTP (sockets,
//!   SMTP, SSH, `/dev/tcp`, nc), and HTTP clients (requests, `urllib.request`,
//!   `fetch`, curl) where the profile offers no egress proxy (where it does,
//!   its allowlist decides: [`BuiltinReviewer::with_http_egress`]),
//!   native calls (ctypes), capturing keystrokes, the clipboard or the
//!   screen and reading browser credentials (`pynput`, `pyperclip`,
//!   `ImageGrab`, `browser_cookie3`, `CryptUnprotectData`), processes
//!   started outside `subprocess` with a
//!   list (`os.exec*`, `os.spawn*`, `pty.spawn`), interpreter hooks and
//!   import paths, reads of home-directory paths, character-code
//!   obfuscation, stopping security tools, attaching a debugger to another
//!   process, pushes that delete or replace a remote's branches, a program
//!   named like sudo put on PATH in the home directory, shell hooks and
//!   loader variables (also named in code), an installed package's code
//!   changed, a remote script appended to files, an HTTP server beyond
//!   the loopback address;
//! - `fixable` (REWORK, the findings say what to change): a shell where a
//!   list of arguments would do (`shell=True`, `os.system`, `os.popen`,
//!   `child_process.exec`, `sh -c`), `__import__("name")` where an import statement
//!   would do, unpickling, writes to the home directory or system paths;
//! - no finding: APPROVE.
//!
//! Findings carry the line numbers of the sanitized code. The injection
//! flags of stages 4-5 are not the built-in reviewer's to judge (the policy's
//! `review.reject_on_critical_injection` does that); it reports
//! manipulation only for what it sees in the code (a fence imitation,
//! escaped identifiers), and for one flag of the scan's: bidirectional
//! controls in the raw file (`bidi-control`), which make the code display
//! in another order than it runs, are REJECTED.

use std::sync::OnceLock;

use crate::needs;
use crate::precompiled::{self, Precompiled};
use crate::prefilter::{Catalog, Entry, Gap, Table};

use super::literals;
use super::{ReviewAnswer, ReviewError, ReviewFinding, ReviewRequest, Reviewer, Verdict};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Severity {
    Fixable,
    Major,
    Critical,
}

impl Severity {
    fn word(self) -> &'static str {
        match self {
            Severity::Fixable => "fixable",
            Severity::Major => "major",
            Severity::Critical => "critical",
        }
    }

    fn verdict(self) -> Verdict {
        match self {
            Severity::Fixable => Verdict::Rework,
            Severity::Major => Verdict::Major,
            Severity::Critical => Verdict::Rejected,
        }
    }
}

const PY: &[&str] = &["python"];
const JS: &[&str] = &["javascript", "typescript"];
const SH: &[&str] = &["bash"];
const ALL: &[&str] = &["python", "javascript", "typescript", "bash"];
const PY_JS: &[&str] = &["python", "javascript", "typescript"];

/// One rule of the catalog, as written.
struct Spec {
    id: &'static str,
    langs: &'static [&'static str],
    severity: Severity,
    /// Matched against each line.
    pattern: &'static str,
    /// Also required on the same line.
    with: Option<&'static str>,
    /// Required somewhere in the file.
    file: Option<&'static str>,
    /// A line the pattern matches that is ordinary all the same (a Worker
    /// on the file under review itself, a loader's TypeScript signature).
    ordinary: Option<fn(&str) -> bool>,
    /// At most one finding per line per group; the first rule wins.
    group: &'static str,
    /// Whether a match means the code is built to steer a reviewer.
    manipulation: bool,
    message: &'static str,
}

const fn rule(
    id: &'static str,
    langs: &'static [&'static str],
    severity: Severity,
    pattern: &'static str,
    message: &'static str,
) -> Spec {
    Spec {
        id,
        langs,
        severity,
        pattern,
        with: None,
        file: None,
        ordinary: None,
        group: id,
        manipulation: false,
        message,
    }
}

/// Each rule's id and pattern, for the needs table (`needs.rs`).
#[cfg(test)]
pub(crate) fn patterns() -> Vec<(&'static str, String)> {
    specs()
        .into_iter()
        .map(|spec| (spec.id, spec.pattern.to_string()))
        .collect()
}

/// Python code that names the home directory.
const PY_HOME: &str = r"\bexpanduser\s*\(|\bPath\.home\s*\(|\bexpandvars\s*\(";
/// Python code that names the home directory and walks a tree (either
/// first): a walk that may start there.
const PY_HOME_WALK: &str = r"(?s)(?:\bexpanduser\s*\(|\bPath\.home\s*\().*(?:\.rglob\s*\(|\bos\.walk\s*\(|\brecursive\s*=\s*True)|(?:\.rglob\s*\(|\bos\.walk\s*\(|\brecursive\s*=\s*True).*(?:\bexpanduser\s*\(|\bPath\.home\s*\()";
/// JavaScript code that names the home directory.
const JS_HOME: &str = r"\bhomedir\s*\(|\bprocess\.env\.(?:HOME|USERPROFILE)\b";

/// Python code that uses the network (the file-level condition of rules
/// about what a program sends or fetches).
const PY_NETWORK: &str = r"\b(?:requests|httpx|aiohttp|urllib3|socket)\.|\burllib\.request\b|\burlopen\s*\(|\burlretrieve\s*\(|\bhttp\.client\b";
/// JavaScript code that uses the network.
const JS_NETWORK: &str = r"(?:^|[^.\w$])fetch\s*\(|\b(?:http|https|http2|net|tls|dgram|dns)\.(?:request|get|connect|createConnection|Socket|createSocket|resolve\w*|lookup)\s*\(|\baxios\b|\bXMLHttpRequest\b";
/// Bash code that uses the network.
const SH_NETWORK: &str = r"\b(?:curl|wget|nc|ncat|netcat|socat)\b|/dev/(?:tcp|udp)/";
/// What a shell given a command line the program does not write, in a
/// program that uses the network, is told: the remote shell's shape.
const SHELL_FROM_DATA: &str = "gives a shell a command line the program does not write (a variable), in a program that uses the network: commands that come from the network are a remote shell; a human decides";
/// What sending the whole environment is told.
const SENDS_ENVIRONMENT: &str = "takes the whole environment as data in a program that uses the network: tokens and keys live there; send the variables the task needs: a human decides";
/// What making a file executable where the program downloads is told.
const MAKES_EXECUTABLE: &str = "makes a file executable in a program that downloads: a program the review has not seen (download, chmod, run is how droppers work): a human decides";

/// The catalog. Order matters within a group: the first match on a line is
/// the one reported.
fn specs() -> Vec<Spec> {
    use Severity::{Critical, Fixable, Major};
    vec![
        // --- every language
        Spec {
            manipulation: true,
            ..rule(
                "fence-mimic",
                ALL,
                Critical,
                r"<<<\s*(?:CODE|END)-",
                "imitates the review fence: code built to steer a reviewer",
            )
        },
        rule(
            "escape-run",
            ALL,
            Major,
            r"(?:\\x[0-9A-Fa-f]{2}){6,}",
            "a long run of \\x escapes: obfuscated text",
        ),
        // --- Python: running code the review cannot see
        Spec {
            group: "py-exec",
            ..rule(
                "py-exec-decoded",
                PY,
                Critical,
                r"(?:^|[^.\w])(?:eval|exec|compile)\s*\(.*\b(?:b64decode|b32decode|b16decode|b85decode|a85decode|urlsafe_b64decode|decodebytes|decompress|unhexlify|fromhex|loads|decode)\b",
                "executes decoded data: code hidden from the review",
            )
        },
        Spec {
            group: "py-exec",
            ..rule(
                "py-exec",
                PY,
                Critical,
                r"(?:^|[^.\w])(?:eval|exec|compile)\s*(?:\(|\\\s*$)|^\s*@\s*(?:eval|exec|compile)\b",
                "eval/exec/compile runs code the review cannot see; write the code itself",
            )
        },
        Spec {
            group: "py-import",
            ..rule(
                "py-hidden-import",
                PY,
                Critical,
                r#"\b(?:__import__|import_module)\s*\(\s*(?:["']S\d+["']|[^"'\s)])"#,
                "a module named at run time is hidden from the import check",
            )
        },
        Spec {
            group: "py-import",
            ..rule(
                "py-dynamic-import",
                PY,
                Fixable,
                r"\b(?:__import__|import_module)\s*\(",
                "write an import statement instead of __import__/import_module",
            )
        },
        rule(
            "py-builtins",
            PY,
            Critical,
            r"\b__builtins__\b|\bbuiltins\.(?:eval|exec|compile|__import__|getattr)\b|\bgetattr\s*\(\s*(?:builtins|__import__|globals\s*\(|locals\s*\(|vars\s*\()|\b(?:globals|locals|vars)\s*\(\s*\)\s*\[|\.__globals__\s*(?:\[|\.get\s*\()",
            "reaches builtins or globals by computed name: obfuscation",
        ),
        rule(
            "py-code-object",
            PY,
            Critical,
            r"\b(?:FunctionType|CodeType)\s*\(|\bmarshal\.loads?\s*\(|\.__code__\s*=[^=]|\.__code__\.replace\s*\(|\btype\s*\(\s*lambda\b",
            "builds or loads a code object: code hidden from the review",
        ),
        rule(
            "py-code-string",
            PY,
            Critical,
            r#"\btimeit\.(?:timeit|repeat|Timer)\s*\(\s*(?:stmt\s*=\s*)?["']S\d+|\btimeit\.(?:timeit|repeat|Timer)\s*\([^)]*\bglobals\s*=|\b(?:cProfile|profile)\.run(?:ctx)?\s*\(|\bpdb\.(?:run|runeval|runctx)\s*\(|\bcode\.(?:InteractiveInterpreter|InteractiveConsole|interact|compile_command)\b|\.run(?:source|code)\s*\("#,
            "runs code given as text (timeit, cProfile.run, pdb.run, the code module): code the review cannot see",
        ),
        rule(
            "py-doctest",
            PY,
            Major,
            r"\bdoctest\.(?:run_docstring_examples|testmod|testfile|testsource|debug_src|script_from_examples)\s*\(",
            "runs the examples in docstrings, which the review does not see as code: a human decides",
        ),
        Spec {
            file: Some(r"\.__(?:base|bases|mro)__\b|\b(?:object|type)\.__subclasses__\b"),
            ..rule(
                "py-object-walk",
                PY,
                Critical,
                r"\.__subclasses__\s*\(",
                "walks from object to every class the interpreter has loaded, a known way to reach os and subprocess without importing them",
            )
        },
        rule(
            "py-run-other",
            PY,
            Critical,
            r"\brunpy\.\w+|\bimportlib\.(?:util\.(?:spec_from_file_location|spec_from_loader|module_from_spec)|machinery)\b|\bSourceFileLoader\b|\.exec_module\s*\(|\bzipimport\b",
            "runs code from another file: code not reviewed with this one (jail run reviews the files it exposes, not what they load at run time)",
        ),
        rule(
            "py-modules-by-name",
            PY,
            Critical,
            r"\bvars\s*\(\s*(?:builtins|__builtins__)\s*\)|\bgetattr\s*\(\s*(?:os|sys|subprocess|builtins|importlib|pty|posix|socket|ctypes|shutil|runpy|pickle|marshal)\s*,\s*(?:[^\x22'\s)]|[\x22']S\d+[\x22']\s*[+%\x22'])|(?:^|[^.\w])getattr\s*(?:[,)\]]|$)|\b(?:os|sys|subprocess|builtins|importlib|pty|posix|socket|ctypes|shutil|runpy|pickle|marshal)\.__dict__\s*(?:\[|\.get\s*\()\s*(?:[^\x22'\s\])]|[\x22']S\d+[\x22']\s*[+%\x22'])",
            "reaches a module or builtin by computed name: obfuscation",
        ),
        rule(
            "py-sys-modules",
            PY,
            Major,
            r"\bsys\.modules\s*(?:\[|\.get\s*\()",
            "looks a module up by name in sys.modules (libraries resolve types this way; a script rarely needs to): a human decides",
        ),
        rule(
            "py-process",
            PY,
            Major,
            r"\bos\.(?:exec[lv]p?e?|spawn[lv]p?e?|posix_spawnp?|fork|forkpty|startfile)\s*\(|\bpty\.(?:spawn|fork)\s*\(|\bpexpect\.(?:spawn|run|popen_spawn)\b",
            "starts or replaces a process outside subprocess with a list of arguments: a human decides",
        ),
        rule(
            "py-run-decoded",
            PY,
            Critical,
            r"\b(?:subprocess\.\w+|os\.(?:system|popen|exec\w*|spawn\w*))\s*\(.*\b(?:b64decode|b32decode|b16decode|b85decode|a85decode|urlsafe_b64decode|decodebytes|decompress|unhexlify|fromhex|codecs\.decode)\b",
            "runs a command built from decoded data: code hidden from the review",
        ),
        Spec {
            ordinary: Some(hooks_own_function),
            ..rule(
            "py-interpreter-hook",
            PY,
            Major,
            r"\bsys\.(?:breakpointhook|excepthook|displayhook|settrace|setprofile|addaudithook|meta_path|path_hooks)\b|\bsys\.path\.(?:insert|append|extend)\s*\(|\bsite\.(?:addsitedir\s*\(|getsitepackages\b|getusersitepackages\b|USER_SITE\b)",
            "changes how the interpreter runs or where imports come from: a human decides",
        )
        },
        Spec {
            with: Some(r"\bopen\s*\(|\.read_(?:text|bytes)\s*\(|\bshutil\.|\bos\.(?:listdir|scandir|walk)\s*\("),
            ..rule(
                "py-read-home",
                PY,
                Major,
                PY_HOME,
                "reads a path in the home directory, where credentials live: a human decides",
            )
        },
        // --- Python: shells
        rule(
            "shell-true",
            PY,
            Fixable,
            r"\bshell\s*=\s*True\b",
            "shell=True runs the command through a shell; pass a list of arguments without shell=True",
        ),
        rule(
            "py-os-system",
            PY,
            Fixable,
            r"\bos\.(?:system|popen)\b|\bsubprocess\.(?:getoutput|getstatusoutput)\b|\bcreate_subprocess_shell\b|\.subprocess_shell\s*\(",
            "runs a command through a shell; use subprocess.run with a list of arguments",
        ),
        Spec {
            file: Some(PY_NETWORK),
            ..rule(
                "py-shell-from-data",
                PY,
                Major,
                r"\bos\.(?:system|popen)\s*\(\s*[A-Za-z_][\w.]*\s*[,)]|\bsubprocess\.(?:getoutput|getstatusoutput)\s*\(\s*[A-Za-z_][\w.]*\s*[,)]|\bsubprocess\.\w+\s*\(\s*[A-Za-z_][\w.]*\s*,.*\bshell\s*=\s*True\b",
                SHELL_FROM_DATA,
            )
        },
        rule(
            "py-unpickle",
            PY,
            Fixable,
            r"\b(?:pickle|cPickle|dill|shelve|jsonpickle)\.(?:loads?|open|Unpickler)\b|\b(?:pandas\.read_pickle|joblib\.load|yaml\.unsafe_load(?:_all)?)\b|\bLoader\s*=\s*yaml\.(?:Loader|UnsafeLoader)\b|\ballow_pickle\s*=\s*True\b|\bweights_only\s*=\s*False\b",
            "unpickling (also through pandas, joblib, numpy, torch or an unsafe YAML loader) runs code chosen by whoever wrote the data; use json",
        ),
        // --- Python: network, native code
        // HTTP clients reach only the jail's egress proxy, which enforces
        // `egress.allow`: under a profile that offers it these are left to
        // it (see [`THROUGH_THE_PROXY`]).
        Spec {
            group: "py-net",
            ..rule(
                "py-http-import",
                PY,
                Major,
                r"^\s*(?:import\s+(?:[\w.]+(?:\s+as\s+\w+)?\s*,\s*)*|from\s+)(?:(?:urllib2|urllib3|requests|httpx|httplib2|aiohttp|treq|pycurl|wget|mechanize)\b|urllib\.(?:request|error|response|robotparser)\b|http\.(?:client|cookiejar)\b)|^\s*from\s+(?:urllib|http)\s+import\s+.*\b(?:request|urlopen|client|cookiejar|HTTPConnection|HTTPSConnection)\b",
                NO_EGRESS,
            )
        },
        Spec {
            group: "py-net",
            ..rule(
                "py-http-call",
                PY,
                Major,
                r"\burllib\.request\b|\burlopen\s*\(|\brequests\.(?:get|post|put|patch|delete|head|options|request|Session)\b|\bhttp\.client\b",
                NO_EGRESS,
            )
        },
        // A server on the loopback address only is local work (a preview
        // of ./public): left out where the program binds no other one
        // ([`literals::serves_loopback_only`]).
        Spec {
            group: "py-net",
            ..rule(
                LOOPBACK_SERVER,
                PY,
                Major,
                r"^\s*(?:import\s+(?:[\w.]+(?:\s+as\s+\w+)?\s*,\s*)*|from\s+)http\.server\b|^\s*from\s+http\s+import\s+.*\bserver\b",
                "serves HTTP on an address beyond the loopback one (every interface, or one the review cannot read): a human decides",
            )
        },
        Spec {
            group: "py-net",
            ..rule(
                "py-net-import",
                PY,
                Major,
                r"^\s*(?:import\s+(?:[\w.]+(?:\s+as\s+\w+)?\s*,\s*)*|from\s+)(?:socket|ssl|tornado|twisted|ftplib|smtplib|aiosmtplib|poplib|imaplib|telnetlib|nntplib|xmlrpc|paramiko|pysftp|fabric|websocket|websockets|asyncssh|grpc|selenium|paho|pika|zmq|kafka|scapy|impacket|dns|ldap3|boto3|botocore|redis|pymongo|psycopg2|pymysql)\b",
                BEYOND_HTTP,
            )
        },
        Spec {
            group: "py-net",
            ..rule(
                "py-net-call",
                PY,
                Major,
                r"\bsocket\.(?:socket|create_connection|socketpair)\s*\(|\basyncio\.open_connection\b",
                BEYOND_HTTP,
            )
        },
        rule(
            "py-ctypes",
            PY,
            Major,
            r"^\s*(?:import\s+(?:[\w.]+\s*,\s*)*|from\s+)(?:ctypes|cffi)\b",
            "ctypes/cffi call native code directly",
        ),
        rule(
            "py-load-extension",
            PY,
            Major,
            r"\b(?:enable_load_extension|load_extension)\s*\(",
            "loads a native library into SQLite: native code out of the review's sight; a human decides",
        ),
        rule(
            "py-change-ids",
            PY,
            Major,
            r"\bos\.(?:setuid|setgid|seteuid|setegid|setreuid|setregid|setresuid|setresgid|setgroups)\s*\(",
            "changes the process's user or group ids: a human decides",
        ),
        rule(
            "py-capture",
            PY,
            Major,
            r"^\s*(?:import\s+(?:[\w.]+(?:\s+as\s+\w+)?\s*,\s*)*|from\s+)(?:pynput|keyboard|pyperclip|clipboard|browser_cookie3|browsercookie|win32crypt|win32clipboard|pyscreenshot|mss|pyautogui)\b|^\s*from\s+PIL\s+import\s+.*\bImageGrab\b|\bImageGrab\.grab\b|\bCryptUnprotectData\b",
            "captures keystrokes, the clipboard or the screen, or reads browser or Windows-protected credentials: a human decides",
        ),
        rule(
            "py-setuid",
            PY,
            Major,
            r"\bS_IS[UG]ID\b|\bchmod\s*\((?:[^)]*\W)?0o[2-7][0-7]{3}\b",
            "sets the setuid or setgid bit: a program that runs with its owner's rights: a human decides",
        ),
        rule(
            "py-chr-join",
            PY,
            Major,
            r"\bchr\s*\(.*\bjoin\s*\(|\bjoin\s*\(.*\bchr\s*\(|(?:\bchr\s*\([^)]*\)\s*\+\s*){2,}",
            "builds text from character codes: obfuscation",
        ),
        Spec {
            with: Some(
                r"\bopen\s*\(|\.write_(?:text|bytes)\s*\(|\bshutil\.|\bos\.(?:remove|unlink|rename|replace|makedirs|mkdir|rmdir|chmod|symlink|link)\s*\(|\.(?:mkdir|touch|unlink|rmdir|rename|replace|symlink_to)\s*\(",
            ),
            ..rule(
                "py-write-home",
                PY,
                Fixable,
                PY_HOME,
                "writes to a path in the home directory; write inside the working directory",
            )
        },
        // The path is often built on one line and written on another
        // (`conf = Path.home() / ...`, a loop over such paths).
        Spec {
            file: Some(PY_HOME),
            group: "py-write-home",
            ..rule(
                "py-write-home-file",
                PY,
                Fixable,
                r"(?:^|[^.\w])[a-z]{1,3}\.(?:write(?:_text|_bytes|lines)?|mkdir|touch|unlink|rmdir|rename|replace|symlink_to|chmod)\s*\(|\)\.write\s*\(|\bos\.(?:remove|unlink|rename|replace|makedirs|mkdir|rmdir|chmod|symlink)\s*\(|\bshutil\.(?:copy\w*|move)\s*\(",
                "writes files in a program that works in the home directory; write inside the working directory",
            )
        },
        Spec {
            file: Some(PY_HOME_WALK),
            ..rule(
                "py-delete-walk-home",
                PY,
                Major,
                r"(?:^|[^.\w])[a-z]{1,3}\.unlink\s*\(|\bos\.(?:remove|unlink)\s*\(",
                "deletes the files a walk finds, in a program that walks a tree and works in the home directory: it may delete anything there; a human decides",
            )
        },
        Spec {
            file: Some(PY_HOME),
            ..rule(
                "py-delete-tree-home",
                PY,
                Major,
                r"\bshutil\.rmtree\s*\(",
                "deletes a directory tree in a program that works in the home directory: a human decides",
            )
        },
        Spec {
            file: Some(PY_NETWORK),
            ..rule(
                "py-send-environment",
                PY,
                Major,
                r"(?:\(|:)\s*(?:dict\s*\(\s*)?(?:\*\*)?os\.environ(?:\.copy\s*\(\s*\))?\s*[,)}]|\{\s*\*\*os\.environ\s*\}",
                SENDS_ENVIRONMENT,
            )
        },
        Spec {
            file: Some(PY_NETWORK),
            ..rule(
                "py-make-executable",
                PY,
                Major,
                r"\bchmod\s*\(.*(?:\bS_IEXEC\b|\bS_IX(?:USR|GRP|OTH)\b|\bS_IRWXU\b|,\s*0o[0-7]*[1357][0-7]*\s*\))",
                MAKES_EXECUTABLE,
            )
        },
        // --- JavaScript and TypeScript
        Spec {
            group: "js-exec",
            ..rule(
                "js-eval-decoded",
                JS,
                Critical,
                r"(?:^|[^.\w$])eval\s*\(.*\b(?:atob|fromCharCode|Buffer\.from|decodeURIComponent|unescape)\b",
                "evaluates decoded data: code hidden from the review",
            )
        },
        Spec {
            group: "js-exec",
            ..rule(
                "js-eval",
                JS,
                Critical,
                // TypeScript may wrap the global in an assertion:
                // `(globalThis as any).eval`.
                r"(?:^|[^.\w$])eval\s*(?:\(|\)\s*\(|\.\s*(?:call|apply|bind)\b)|\b(?:globalThis|global|window|self)\s*(?:as\s+[\w$.<>\[\], ]+\)\s*)?\.\s*eval\b",
                "eval runs code the review cannot see (also called indirectly); write the code itself",
            )
        },
        rule(
            "js-function",
            JS,
            Critical,
            r#"\bnew\s+Function\s*[(`]|(?:^|[^.\w$])Function\s*[(`]|\.constructor\s*`|(?:>\s*Function|\bFunction\s+as\s+[\w$.<>\[\], ]+)\s*\)\s*[(`]|\.constructor\s*\.\s*constructor\b|\)\s*\.constructor\s*\(|\.constructor\s*\(\s*["'`]S\d+|\bFunction\.prototype\.constructor\b|\}\s*\)\s*\.constructor\b|\bgetPrototypeOf\s*\(\s*(?:async\s+)?function\b|(?:^|[^.\w$])Function\s*\.\s*(?:call|apply|bind)\s*\(|\bReflect\.(?:construct|apply)\s*\(\s*(?:Function|eval)\b|\b(?:globalThis|global|window|self)\s*\.\s*Function\b"#,
            "Function() builds code from text the review cannot see (reached by name or through a function's constructor)",
        ),
        rule(
            "js-lifecycle-script",
            JS,
            Major,
            r"\.scripts\s*(?:\[[^\]\n]*\]|\.\s*[\w$]+)\s*=[^=]|(?:^|[^\w$.?])(?:pre|post)(?:install|uninstall)\s*:[^:]",
            "writes an npm script into a package.json: npm runs its lifecycle scripts at the next install, outside this review; a human decides",
        ),
        Spec {
            file: Some(r"\bchild_process\b"),
            ..rule(
                "js-exec-argv",
                JS,
                Major,
                r"\bexecArgv\s*:\s*(?:\[\s*[^\]\s]|[^\[\s])",
                "gives Node options to the process it starts (execArgv): --require, --import or -e there run code not reviewed with this one, even in a copy of this file; a human decides",
            )
        },
        rule(
            "js-strip-integrity",
            JS,
            Major,
            r"\bdelete\s+[\w$.\[\]]*\.integrity\b",
            "removes a lockfile's integrity hash: npm then installs whatever the resolved address serves; a human decides",
        ),
        rule(
            "js-repl",
            JS,
            Major,
            r#"(?:require\s*\(\s*|from\s+|import\s*\(?\s*)["'](?:node:)?repl["']"#,
            "Node's REPL runs whatever text it reads as code (fed from a stream, the program's own strings): code the review does not see as code; a human decides",
        ),
        rule(
            "js-update-signature-off",
            JS,
            Major,
            r"\bverifyUpdateCodeSignature\s*:\s*false\b",
            "turns off the check that an app's auto-updates are signed (electron-builder verifyUpdateCodeSignature: false): every installed copy then runs whatever its update feed serves; a human decides",
        ),
        rule(
            "js-inspector",
            JS,
            Major,
            r#"(?:require\s*\(\s*|from\s+|import\s*\(?\s*)["'](?:node:)?inspector(?:/promises)?["']"#,
            "Node's inspector runs whatever code a debugger that connects to it sends: a human decides",
        ),
        rule(
            "js-worker-eval",
            JS,
            Critical,
            r"\beval\s*:\s*true\b",
            "a Worker given code as text (eval: true): code the review cannot see",
        ),
        Spec {
            file: Some(r"\bworker_threads\b"),
            ordinary: Some(starts_this_file),
            ..rule(
                "js-worker-file",
                JS,
                Major,
                r"\bnew\s+(?:[\w$]+\.)?Worker\s*\(",
                "a Worker runs another file: code not reviewed with this one (jail run reviews the files it exposes, not what they fetch or write): a human decides",
            )
        },
        rule(
            "js-wasm",
            JS,
            Major,
            r"\bWebAssembly\.(?:instantiate|instantiateStreaming|compile|compileStreaming|Module|Instance)\b",
            "runs WebAssembly: compiled code the review cannot read: a human decides",
        ),
        rule(
            "js-computed-member",
            JS,
            Critical,
            r#"\b(?:child_process|vm|worker_threads|process)\s*(?:as\s+any\s*\))?\s*\[\s*(?:[^\]\s\d"'`]|["'`]S\d+["'`]\s*\+)"#,
            // Not `module`: a parameter of that name is common, and
            // `module._load` is js-module-internals'.
            "reaches a member of a module that runs code or processes by a computed name: obfuscation",
        ),
        rule(
            "js-module-internals",
            JS,
            Critical,
            r"\bmodule\.(?:require|constructor)\b|\b[Mm]odule\._(?:load|compile|resolveFilename|extensions|findPath)\b|\brequire\.main\.require\b|\bprocess\.mainModule\b|\brequire\.extensions\b",
            "loads a module through Node's module internals, around the import check",
        ),
        rule(
            "js-timer-string",
            JS,
            Critical,
            r#"\bset(?:Timeout|Interval|Immediate)\s*\(\s*["'`]"#,
            "a string given to setTimeout/setInterval is evaluated as code",
        ),
        rule(
            "js-vm",
            JS,
            Critical,
            r#"\bvm\.(?:runIn\w+|Script|compileFunction|SourceTextModule)\b|(?:require\s*\(\s*|from\s+)["'](?:node:)?vm["']|\bprocess\.(?:binding|dlopen)\s*\("#,
            "the vm module or process internals run code outside normal review",
        ),
        Spec {
            ordinary: Some(declares_loaders),
            ..rule(
                "js-dynamic-import",
                JS,
                Critical,
                r#"\b(?:require|import|getBuiltinModule)\s*(?:<[^<>()]*>\s*)?\(\s*(?:["'`]S\d+["'`]|[^"'`\s)])"#,
                "a module named at run time is hidden from the import check",
            )
        },
        rule(
            "js-computed-global",
            JS,
            Critical,
            // Also through a TypeScript assertion or parentheses
            // (`(globalThis as any)[name]`) and `Reflect.get`.
            r#"\b(?:globalThis|global|window|self)\s*(?:\)\s*|as\s+[^;()\n]*?\)\s*)?(?:\?\.\s*)?\[|\bReflect\.(?:get|getOwnPropertyDescriptor)\s*\(\s*(?:globalThis|global|window|self)\s*,\s*[^"'`\s]|\bObject\.getOwnPropertyDescriptor\s*\(\s*(?:globalThis|global|window|self)\s*,\s*[^"'`\s]"#,
            "reaches a global by computed name: obfuscation",
        ),
        rule(
            "js-global-values",
            JS,
            Critical,
            r"\b(?:Object\.(?:entries|values|getOwnPropertyDescriptors)|Reflect\.ownKeys)\s*\(\s*(?:globalThis|global|window|self)\s*\)",
            "takes the global object's values wholesale to pick one by a test on its name: a global reached by computed name, obfuscation",
        ),
        Spec {
            manipulation: true,
            ..rule(
                "js-escaped-identifier",
                JS,
                Critical,
                r"\\u(?:[0-9A-Fa-f]{4}|\{[0-9A-Fa-f]+\})",
                "a \\u escape outside a string spells a name in disguise: obfuscation",
            )
        },
        Spec {
            file: Some(r"\bchild_process\b"),
            ordinary: Some(runs_this_file),
            ..rule(
                "js-process-self",
                JS,
                Major,
                r"\bprocess\.(?:execPath|argv0|argv\s*\[\s*0\s*\])|(?:^|[^\w$])fork\s*\(",
                "starts Node again, or forks another file: code not reviewed with this one (jail run reviews the files it exposes, not what they fetch or write): a human decides",
            )
        },
        rule(
            "js-shell-option",
            JS,
            Fixable,
            r"\bshell\s*:\s*true\b",
            "shell: true runs the command through a shell; pass the arguments as a list",
        ),
        Spec {
            file: Some(JS_NETWORK),
            ..rule(
                "js-shell-from-data",
                JS,
                Major,
                r"(?:^|[^\w$.])(?:exec|execSync)\s*\(\s*[A-Za-z_$][\w$.]*\s*[,)]|\.execSync\s*\(\s*[A-Za-z_$][\w$.]*\s*[,)]",
                SHELL_FROM_DATA,
            )
        },
        Spec {
            file: Some(r"\bchild_process\b"),
            ..rule(
                "js-child-exec",
                JS,
                Fixable,
                // Not a regex literal's `/.../.exec(text)`.
                r"(?:^|[^\w$.]|(?:^|[^/])\.)(?:exec|execSync)\s*\(",
                "child_process.exec runs the command through a shell; use execFile or spawn with a list of arguments",
            )
        },
        Spec {
            group: "js-net",
            ..rule(
                "js-http-module",
                JS,
                Major,
                r#"(?:require\s*\(\s*|from\s+|import\s+)["'](?:node:)?(?:http|https|http2|axios|node-fetch|undici|got|superagent)["']"#,
                NO_EGRESS,
            )
        },
        Spec {
            group: "js-net",
            ..rule(
                "js-http-call",
                JS,
                Major,
                r"(?:^|[^.\w$])fetch\s*\(|\bXMLHttpRequest\b|\bEventSource\b|\bsendBeacon\b|\b(?:http|https|http2)\.(?:request|get|connect)\s*\(",
                NO_EGRESS,
            )
        },
        Spec {
            group: "js-net",
            ..rule(
                "js-net-module",
                JS,
                Major,
                r#"(?:require\s*\(\s*|from\s+|import\s+)["'](?:node:)?(?:net|tls|dgram|dns|ws)["']"#,
                BEYOND_HTTP,
            )
        },
        Spec {
            group: "js-net",
            ..rule(
                "js-net-call",
                JS,
                Major,
                r"\bWebSocket\b|\b(?:net|tls|dgram)\.(?:request|get|connect|createConnection|Socket|createSocket)\s*\(",
                BEYOND_HTTP,
            )
        },
        Spec {
            with: Some(r"\b(?:readFileSync|readFile|createReadStream|readdirSync|readdir|opendir|opendirSync)\s*\("),
            ..rule(
                "js-read-home",
                JS,
                Major,
                JS_HOME,
                "reads a path in the home directory, where credentials live: a human decides",
            )
        },
        Spec {
            with: Some(
                r"\b(?:writeFile|appendFile|createWriteStream|mkdir|rm|rmdir|unlink|rename|copyFile|cp|symlink|chmod|chown|truncate)(?:Sync)?\s*\(",
            ),
            ..rule(
                "js-write-home",
                JS,
                Fixable,
                JS_HOME,
                "writes to a path in the home directory; write inside the working directory",
            )
        },
        Spec {
            file: Some(JS_HOME),
            group: "js-write-home",
            ..rule(
                "js-write-home-file",
                JS,
                Fixable,
                r"\b(?:writeFile|appendFile|createWriteStream|mkdir|unlink|rename|copyFile|cp|symlink|chmod|chown|truncate)(?:Sync)?\s*\(",
                "writes files in a program that works in the home directory; write inside the working directory",
            )
        },
        Spec {
            file: Some(JS_HOME),
            ..rule(
                "js-delete-tree-home",
                JS,
                Major,
                r"\b(?:rm|rmdir)(?:Sync)?\s*\(.*\brecursive\b",
                "deletes a directory tree in a program that works in the home directory: a human decides",
            )
        },
        Spec {
            file: Some(JS_NETWORK),
            ordinary: Some(declares_from_process),
            ..rule(
                "js-send-environment",
                JS,
                Major,
                // A bare `env` is what the sanitizer shows for an alias of
                // `process.env` (`const e = process.env`, `const { env } =
                // process`): the program's own names are renamed.
                r"(?:\(|:)\s*(?:process\.)?env\s*[,)}]|[{,]\s*env\s*[,}]|\{\s*\.\.\.(?:process\.)?env\s*\}|\bObject\.assign\s*\(.*,\s*(?:process\.)?env\s*\)",
                SENDS_ENVIRONMENT,
            )
        },
        Spec {
            file: Some(JS_NETWORK),
            ..rule(
                "js-make-executable",
                JS,
                Major,
                r"\bchmod(?:Sync)?\s*\(.*,\s*0o?[0-7]*[1357][0-7]*\s*\)",
                MAKES_EXECUTABLE,
            )
        },
        rule(
            "js-native",
            JS,
            Major,
            r#"(?:require\s*\(\s*|from\s+|import\s+)["'](?:ffi-napi|node-ffi-napi|ffi|node-ffi|ffi-rs|koffi|ref-napi|@napi-ffi/[\w.-]+)["']|\bprocess\.dlopen\s*\("#,
            "calls native code (ffi-napi, koffi, process.dlopen): what it does is out of the review's sight; a human decides",
        ),
        // Named in code, not in a string: `process.env.GITHUB_ENV`, an
        // object's key `NODE_OPTIONS:`, Python's keyword `LD_PRELOAD=`
        // (the literals' `names-loader-variable` reads the strings).
        rule(
            "loader-variable",
            PY_JS,
            Major,
            // ASCII classes: a Unicode `\w` makes this DFA ten times larger.
            r"(?:^|[^A-Za-z0-9_$])(?:LD_PRELOAD|LD_AUDIT|BASH_ENV|NODE_OPTIONS|PYTHONSTARTUP|PERL5OPT|RUBYOPT|DYLD_INSERT_LIBRARIES|JAVA_TOOL_OPTIONS|PYTHONBREAKPOINT|GIT_SSH_COMMAND|GIT_SSH|GIT_PROXY_COMMAND|GIT_EXTERNAL_DIFF|GIT_ASKPASS|SSH_ASKPASS|CURL_HOME|GITHUB_ENV|GITHUB_PATH)(?:[^A-Za-z0-9_$]|$)",
            LOADER_VARIABLE,
        ),
        rule(
            "js-capture",
            JS,
            Major,
            r#"(?:require\s*\(\s*|from\s+|import\s+)["'](?:keytar|clipboardy|copy-paste|iohook|uiohook-napi|node-global-key-listener|screenshot-desktop|node-screenshots|robotjs|@nut-tree/nut-js)["']"#,
            "captures keystrokes, the clipboard or the screen, or reads the system's credential store: a human decides",
        ),
        rule(
            "js-char-codes",
            JS,
            Major,
            r"\bString\.fromCharCode\s*\(",
            "builds text from character codes: obfuscation",
        ),
        // --- Bash
        rule(
            "sh-pipe-to-shell",
            SH,
            Critical,
            r"\|\s*(?:sudo\s+)?(?:env\s+)?(?:(?:ba|z|da|k|fi)?sh|python[0-9.]*|perl|ruby|node)\b",
            "pipes text into an interpreter (curl | sh): code the review cannot see",
        ),
        Spec {
            group: "sh-script-text",
            ..rule(
                "sh-run-substitution",
                SH,
                Critical,
                r#"\b(?:(?:ba|z|da|k)?sh|source)\s+(?:-c\s+)?(?:"[^"]*)?[<$]\(|(?:^|[;&|]\s*)\.\s+<\("#,
                "runs the output of a command as a script: code the review cannot see",
            )
        },
        Spec {
            group: "sh-script-text",
            ..rule(
                "sh-c",
                SH,
                Fixable,
                r"\b(?:ba|z|da|k)?sh\s+-c\b",
                "sh -c runs a script given as text the review cannot see; write the commands directly",
            )
        },
        rule(
            "sh-eval",
            SH,
            Critical,
            r"(?:^|[;&|({`]|\$\()\s*eval\b",
            "eval runs text the review cannot see",
        ),
        rule(
            "sh-rm-root",
            SH,
            Critical,
            r#"\brm\s+(?:-\S+\s+)*-[a-zA-Z]*[rR][a-zA-Z]*\s+(?:-\S+\s+)*(?:/|/\*|~/?|\$HOME/?|\$\{HOME\}/?|"\$HOME"/?)(?:\s|;|&|$)"#,
            "deletes the root or the home directory",
        ),
        Spec {
            group: "sh-net",
            ..rule(
                "sh-http-tool",
                SH,
                Major,
                r"(?:^|[;&|(`]|\$\()\s*(?:sudo\s+)?(?:curl|wget)\b",
                NO_EGRESS,
            )
        },
        Spec {
            group: "sh-net",
            ..rule(
                "sh-net-tool",
                SH,
                Major,
                // literals::NETWORK_TOOLS but rsync (only with a remote
                // path); a test keeps them alike.
                r"(?:^|[;&|(`]|\$\()\s*(?:sudo\s+)?(?:nc|ncat|netcat|socat|telnet|ssh|scp|sftp|l?ftp|tftp|nmap|aria2c|smbclient|ngrok|ttyd|gotty|tmate|upterm|sshx|chisel|frpc|bore|cloudflared|tailscale|zerotier-cli|netbird|nebula)\b",
                BEYOND_HTTP,
            )
        },
        rule(
            "sh-ci-env-file",
            SH,
            Major,
            r"\$\{?GITHUB_(?:ENV|PATH)\b",
            LOADER_VARIABLE,
        ),
        rule(
            "sh-setuid",
            SH,
            Major,
            r"\bchmod\s+(?:-\w+\s+)*(?:[ugoa]*\+[rwxXt]*s|[0-7]?[2-7][0-7]{3}\b)",
            "sets the setuid or setgid bit: a program that runs with its owner's rights: a human decides",
        ),
        rule(
            "sh-history",
            SH,
            Major,
            r"\bhistory\s+-c\b|\bunset\s+HISTFILE\b|\bHISTFILE=/dev/null\b|\bHISTSIZE=0\b",
            "erases the shell's history or stops it, which hides what ran: a human decides",
        ),
        Spec {
            file: Some(SH_NETWORK),
            ..rule(
                "sh-send-environment",
                SH,
                Major,
                r"\$\(\s*(?:env|printenv|export\s+-p)\s*[|)]|(?:^|[;&|(]\s*)(?:env|printenv)\s*\|",
                SENDS_ENVIRONMENT,
            )
        },
        Spec {
            file: Some(SH_NETWORK),
            ..rule(
                "sh-make-executable",
                SH,
                Major,
                r"\bchmod\s+(?:-[A-Za-z]+\s+)*(?:[ugoa]*[+=][rwXst]*x|[0-7]*[1357][0-7]*\b)",
                MAKES_EXECUTABLE,
            )
        },
        rule(
            "sh-fork-bomb",
            SH,
            Critical,
            // `:(){ :|:& };:`, its function renamed by the sanitizer.
            r"(?:^|[ \t;&|])[A-Za-z0-9_:]+[ \t]*\([ \t]*\)[ \t]*\{[ \t]*[A-Za-z0-9_:]+[ \t]*\|[ \t]*[A-Za-z0-9_:]+[ \t]*&[ \t]*;?[ \t]*\}",
            "a fork bomb: starts processes until the machine runs out",
        ),
        rule(
            "sh-write-outside",
            SH,
            Fixable,
            r#"(?:>>?|\btee\s+(?:-a\s+)?)\s*"?(?:~|\$HOME|\$\{HOME\}|/etc/|/usr/|/bin/|/sbin/|/lib|/boot/|/root/|/home/|/var/|/opt/)"#,
            "writes outside the working directory",
        ),
        rule(
            "sh-write-kernel-setting",
            SH,
            Major,
            r#"(?:>>?|\btee\s+(?:-a\s+)?)\s*"?/(?:proc/sys|sys)/"#,
            "writes a kernel setting (/proc/sys, /sys: core_pattern runs a program as root on every crash): a human decides",
        ),
        rule(
            "sh-eval-transformed",
            SH,
            Major,
            r"\beval\b[^\n]*\$\{[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?(?:,,?|\^\^?|@[ULuaEPQK])\}",
            "runs text the shell first changes the case or quoting of (eval ${x,,}): the command that runs is not the one written; a human decides",
        ),
    ]
}

/// The catalog, tried only where its literals occur in the code (see
/// [`crate::prefilter`]), its `with` and `file` patterns only when the
/// pattern is a candidate. Each is read from its precompiled DFA
/// ([`crate::precompiled`]) where it can answer, and compiled otherwise.
struct Rules {
    specs: Vec<Spec>,
    patterns: Catalog,
    /// `with` at `2 * i`, `file` at `2 * i + 1`; never searched for literals.
    extras: Catalog,
    /// The patterns, then the extras, in [`precompiled_patterns`]' order.
    dfas: Precompiled,
}

/// What `builtin_rules.dfa` is built from: each rule's pattern in catalog
/// order, then its `with` and `file` patterns (empty when absent).
#[cfg(test)]
pub(crate) fn precompiled_patterns() -> Vec<String> {
    let specs = specs();
    let extras = specs.iter().flat_map(|spec| [spec.with, spec.file]);
    specs
        .iter()
        .map(|spec| spec.pattern)
        .chain(extras.map(Option::unwrap_or_default))
        .map(str::to_string)
        .collect()
}

/// blake3 of the catalog as written (ids, severities, patterns): part of
/// the approval cache's key.
pub fn fingerprint() -> &'static str {
    static PRINT: OnceLock<String> = OnceLock::new();
    PRINT.get_or_init(|| {
        let mut hasher = blake3::Hasher::new();
        for spec in specs() {
            for part in [spec.id, spec.severity.word(), spec.pattern]
                .into_iter()
                .chain(spec.with)
                .chain(spec.file)
            {
                hasher.update(part.as_bytes());
                hasher.update(&[0]);
            }
        }
        for part in literals::lists() {
            hasher.update(part.as_bytes());
            hasher.update(&[0]);
        }
        hasher.finalize().to_hex().to_string()
    })
}

/// The rules' catalogs (patterns, then the `with` and `file` patterns).
#[cfg(test)]
pub(crate) fn catalogs() -> [&'static Catalog; 2] {
    let rules = rules();
    [&rules.patterns, &rules.extras]
}

fn rules() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| {
        let specs = specs();
        let patterns = specs
            .iter()
            .map(|spec| Entry {
                name: spec.id,
                pattern: spec.pattern.to_string(),
                span: None,
            })
            .collect();
        let extras = specs
            .iter()
            .flat_map(|spec| [(spec.id, spec.with), (spec.id, spec.file)])
            .map(|(name, pattern)| Entry {
                name,
                pattern: pattern.unwrap_or_default().to_string(),
                span: None,
            })
            .collect();
        let dfas = Precompiled::new(precompiled::BUILTIN_RULES, 3 * specs.len());
        Rules {
            specs,
            patterns: Catalog::new(patterns, &needs::BUILTIN, true, &Gap::NONE),
            extras: Catalog::new(extras, &Table::NONE, true, &Gap::NONE),
            dfas,
        }
    })
}

impl Rules {
    /// Whether rule `index`'s pattern matches `line`; a pattern that does
    /// not compile never matches.
    fn matches(&self, index: usize, line: &str) -> bool {
        let Some(pattern) = self.patterns.pattern(index) else {
            return false;
        };
        let dfa = self.dfas.get(index, pattern);
        match dfa.and_then(|dfa| dfa.is_match(line)) {
            Some(found) => found,
            None => self.patterns.regex(index).is_some_and(|r| r.is_match(line)),
        }
    }

    /// Whether `index`'s optional extra pattern (`None`: absent) matches;
    /// a pattern that does not compile never matches.
    fn extra_matches(&self, index: usize, pattern: Option<&str>, text: &str) -> bool {
        let Some(pattern) = pattern else {
            return true;
        };
        let dfa = self.dfas.get(self.specs.len() + index, pattern);
        match dfa.and_then(|dfa| dfa.is_match(text)) {
            Some(found) => found,
            None => self.extras.regex(index).is_some_and(|r| r.is_match(text)),
        }
    }
}

/// What an HTTP client is told under a profile with no egress proxy.
const NO_EGRESS: &str = "HTTP client: this profile allows no host (egress.allow is empty), so its requests are refused; allow the host, or call a tool with jail-call";
/// The injection scan's rule for bidirectional controls in the raw file.
const BIDI_CONTROL: &str = "bidi-control";
/// The rule for an HTTP server, which is local work on the loopback
/// address alone.
const LOOPBACK_SERVER: &str = "py-http-server";
/// `js-worker-file`'s ordinary lines: each Worker the line starts runs the
/// file under review itself
/// (`new Worker(__filename, ...)`, `new Worker(new URL(import.meta.url))`,
/// a pool of threads on one file), which was reviewed.
fn starts_this_file(line: &str) -> bool {
    // Every `Worker(`, `Worker (` on the line, at what it is given.
    let mut workers = line
        .match_indices("Worker")
        .filter_map(|(at, name)| line[at + name.len()..].trim_start().strip_prefix('('))
        .peekable();
    workers.peek().is_some()
        && workers.all(|rest| {
            let rest = rest.trim_start();
            let named = |name: &str| {
                rest.strip_prefix(name).is_some_and(|after| {
                    !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$')
                })
            };
            named("__filename") || rest.replace(' ', "").starts_with("newURL(import.meta.url)")
        })
}

/// `py-interpreter-hook`'s ordinary lines: `sys.excepthook = a` (or the
/// display or breakpoint hook) set to a function of this program, whose
/// name the sanitizer renamed (a few lowercase letters; builtins and
/// imported names keep theirs): a crash log, a pretty printer, a pause,
/// code reviewed with the rest. A hook bound to anything else stays
/// refused: `breakpoint(*args)` passes its arguments on, so one bound to
/// `os.system` runs them.
fn hooks_own_function(line: &str) -> bool {
    let Some(rest) = line.trim().strip_prefix("sys.") else {
        return false;
    };
    ["excepthook", "displayhook", "breakpointhook"]
        .iter()
        .any(|hook| {
            rest.strip_prefix(hook)
                .and_then(|r| r.trim_start().strip_prefix('='))
                .map(str::trim)
                .is_some_and(|name| {
                    (1..=3).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_lowercase())
                })
        })
}

/// `js-send-environment`'s ordinary lines: `const { env } = process`,
/// which names the environment without sending it (what is done with
/// `env` later is read where it is).
fn declares_from_process(line: &str) -> bool {
    let line = line.trim_start();
    ["const ", "let ", "var "]
        .iter()
        .any(|keyword| line.starts_with(keyword))
        && line
            .trim_end()
            .trim_end_matches(';')
            .ends_with("} = process")
}

/// `js-process-self`'s ordinary lines: every `fork(` on the line forks the
/// file under review, and every `process.execPath` starts Node on it
/// (`spawn(process.execPath, [__filename, "--worker"])`), each with an
/// argument: the code that runs is the code reviewed, told its part.
fn runs_this_file(line: &str) -> bool {
    // The file, then at least one argument that tells the copy its part:
    // a copy started as the original was does the same again (a fork
    // bomb's shape).
    let is_this_file = |rest: &str| {
        let rest = rest.trim_start();
        let told = |after: &str| {
            after
                .trim_start()
                .strip_prefix(',')
                .map(str::trim_start)
                .is_some_and(|next| {
                    let next = next.strip_prefix('[').map_or(next, str::trim_start);
                    !next.is_empty() && !next.starts_with([']', ')', '{'])
                })
        };
        [
            "__filename",
            "fileURLToPath(import.meta.url)",
            "process.argv[1]",
        ]
        .iter()
        .any(|name| rest.strip_prefix(name).is_some_and(told))
    };
    if line.contains("argv0") || line.replace(' ', "").contains("argv[0]") {
        return false;
    }
    let mut starts = 0;
    for (at, name) in line.match_indices("fork") {
        let named_alone = !line[..at]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$');
        let Some(rest) = line[at + name.len()..].trim_start().strip_prefix('(') else {
            continue;
        };
        if named_alone {
            starts += 1;
            if !is_this_file(rest) {
                return false;
            }
        }
    }
    for (at, name) in line.match_indices("process.execPath") {
        starts += 1;
        let first = line[at + name.len()..]
            .trim_start()
            .strip_prefix(',')
            .and_then(|rest| rest.trim_start().strip_prefix('['));
        if !first.is_some_and(is_this_file) {
            return false;
        }
    }
    starts > 0
}

/// `js-dynamic-import`'s ordinary lines: every `require(`, `import(` and
/// `getBuiltinModule(` on the line declares a signature rather than calls
/// it: TypeScript's
/// `getBuiltinModule<T>(id: string): T` in an interface names no module.
fn declares_loaders(line: &str) -> bool {
    let mut found = false;
    for name in ["require", "import", "getBuiltinModule"] {
        for (at, _) in line.match_indices(name) {
            let rest = line[at + name.len()..].trim_start();
            // Past type arguments (`<T>`).
            let rest = match rest.strip_prefix('<') {
                Some(inner) => inner
                    .split_once('>')
                    .map_or("", |(_, after)| after.trim_start()),
                None => rest,
            };
            let Some(arguments) = rest.strip_prefix('(') else {
                continue;
            };
            found = true;
            let parameter = arguments.trim_start();
            let name_len = parameter
                .bytes()
                .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'$')
                .count();
            let after = parameter[name_len..]
                .strip_prefix('?')
                .unwrap_or(&parameter[name_len..]);
            if name_len == 0 || !after.trim_start().starts_with(':') {
                return false;
            }
        }
    }
    found
}

/// What setting a variable that makes programs load code is told.
pub(super) const LOADER_VARIABLE: &str = "names a variable that makes every process started after it load code (LD_PRELOAD, NODE_OPTIONS, BASH_ENV, ...) or a CI step's file that sets the environment and PATH of the steps after it (GITHUB_ENV, GITHUB_PATH): a human decides";
/// What other network use is told: the proxy carries HTTP(S) alone.
const BEYOND_HTTP: &str = "network use beyond HTTP: the jail's one way out is the channel (and HTTP(S) through its egress proxy); call tools with jail-call";

/// The rules and literal findings about HTTP clients, which reach only
/// the jail's egress proxy: left to the proxy's allowlist where the
/// profile offers one ([`BuiltinReviewer::with_http_egress`]).
const THROUGH_THE_PROXY: &[&str] = &[
    "py-http-import",
    "py-http-call",
    "js-http-module",
    "js-http-call",
    "sh-http-tool",
    literals::RUN_HTTP_CLIENT,
];

/// The built-in offline reviewer (see the module documentation).
#[derive(Debug, Clone, Copy, Default)]
pub struct BuiltinReviewer {
    /// The profile offers the egress proxy: HTTP clients are its business.
    http_egress: bool,
}

impl BuiltinReviewer {
    /// The reviewer for a profile that allows no host: every network use
    /// is a finding.
    pub fn new() -> BuiltinReviewer {
        BuiltinReviewer { http_egress: false }
    }

    /// The reviewer for a profile whose jail has the egress proxy
    /// (`policy::proxy::plan` offers it) when `offered`: HTTP clients go
    /// through it, and its allowlist, not the review, decides where they
    /// may go. Sockets and other protocols are findings still: the proxy
    /// carries HTTP(S) alone.
    pub fn with_http_egress(offered: bool) -> BuiltinReviewer {
        BuiltinReviewer {
            http_egress: offered,
        }
    }

    /// Whether the finding `id` is the egress proxy's business here.
    fn leaves_to_the_proxy(&self, id: &str) -> bool {
        self.http_egress && THROUGH_THE_PROXY.contains(&id)
    }

    /// The answer for `code` in `language` (any other name: every rule),
    /// without the placeholders' texts.
    pub fn judge(&self, language: &str, code: &str) -> ReviewAnswer {
        self.judge_with_literals(language, code, &[], &[])
    }

    /// The answer for `code` in `language` whose placeholders stand for
    /// `literals` and whose identifiers the sanitizer `renamed` (see the
    /// module documentation).
    pub fn judge_with_literals(
        &self,
        language: &str,
        code: &str,
        literals: &[String],
        renamed: &[(String, String)],
    ) -> ReviewAnswer {
        let mut findings = Vec::new();
        let mut worst: Option<Severity> = None;
        let mut manipulation = false;
        let hidden = literals::folds_hidden_text(code, literals);
        let folded = literals::folded(literals);
        let literals = folded.as_deref().unwrap_or(literals);
        let catalog = catalog_findings(language, code, literals, |id| self.leaves_to_the_proxy(id));
        let listed = literals::findings(language, code, literals, renamed)
            .into_iter()
            .chain(hidden)
            .chain(literals::homoglyph_identifiers(code, renamed))
            .filter(|found| !self.leaves_to_the_proxy(found.id));
        for (line, spec) in catalog {
            manipulation |= spec.manipulation;
            worst = worst.max(Some(spec.severity));
            findings.push(ReviewFinding {
                line: Some(line),
                severity: spec.severity.word().to_string(),
                message: format!("{} ({})", spec.message, spec.id),
            });
        }
        for found in listed {
            worst = worst.max(Some(found.severity));
            findings.push(ReviewFinding {
                line: Some(found.line),
                severity: found.severity.word().to_string(),
                message: format!("{} ({})", found.message, found.id),
            });
        }
        findings.sort_by_key(|f| f.line);
        ReviewAnswer {
            verdict: worst.map_or(Verdict::Approve, Severity::verdict),
            findings,
            manipulation,
        }
    }
}

/// The catalog's matches in `code` (line, rule), at most one per line per
/// group; `skip` says which rules not to try (those left to the proxy).
fn catalog_findings(
    language: &str,
    code: &str,
    literals: &[String],
    skip: impl Fn(&str) -> bool,
) -> Vec<(usize, &'static Spec)> {
    let rules = rules();
    let candidates = rules.patterns.candidates(code);
    let applicable: Vec<(usize, &Spec)> = rules
        .specs
        .iter()
        .enumerate()
        .filter(|(i, spec)| {
            !skip(spec.id)
                && (spec.id != LOOPBACK_SERVER || !literals::serves_loopback_only(code, literals))
                && candidates.get(*i).copied().unwrap_or(true)
                && (!ALL.contains(&language) || spec.langs.contains(&language))
                && rules.extra_matches(2 * i + 1, spec.file, code)
        })
        .collect();
    let mut found = Vec::new();
    for (index, line) in code.lines().enumerate() {
        let mut groups: Vec<&str> = Vec::new();
        for &(i, spec) in &applicable {
            if groups.contains(&spec.group)
                || !rules.matches(i, line)
                || !rules.extra_matches(2 * i, spec.with, line)
                || spec.ordinary.is_some_and(|ordinary| ordinary(line))
            {
                continue;
            }
            groups.push(spec.group);
            found.push((index + 1, spec));
        }
    }
    found
}

/// What the review finds in `command`, a command line a program gives a
/// shell (`execSync("...")`, `os.system("...")`), read as a Bash script of
/// its own: each finding's severity, rule and message. Nothing when it
/// does not parse as Bash.
pub(super) fn shell_command_findings(command: &str) -> Vec<(Severity, &'static str, &'static str)> {
    let Ok(parsed) = crate::parse::parse(crate::Lang::Bash, command) else {
        return Vec::new();
    };
    let sanitized = crate::sanitize::sanitize(&parsed.walked());
    let catalog = catalog_findings("bash", &sanitized.code, &sanitized.literals, |_| false)
        .into_iter()
        .map(|(_, spec)| (spec.severity, spec.id, spec.message));
    let listed = literals::findings(
        "bash",
        &sanitized.code,
        &sanitized.literals,
        &sanitized.renamed,
    )
    .into_iter()
    .map(|found| (found.severity, found.id, found.message));
    catalog.chain(listed).collect()
}

impl Reviewer for BuiltinReviewer {
    fn name(&self) -> String {
        "static".to_string()
    }

    fn review(&self, req: &ReviewRequest) -> Result<ReviewAnswer, ReviewError> {
        let mut answer =
            self.judge_with_literals(&req.language, &req.code, &req.literals, &req.renamed);
        // Bidirectional controls reorder how the code displays: whoever
        // reads it (a human deciding a MAJOR, too) sees another program
        // than the one that runs. The scan finds them in the raw file.
        for flag in req.flags.iter().filter(|flag| flag.rule == BIDI_CONTROL) {
            answer.verdict = Severity::Critical.verdict();
            answer.manipulation = true;
            answer.findings.push(ReviewFinding {
                line: Some(flag.line),
                severity: Severity::Critical.word().to_string(),
                message: format!("bidirectional control characters make the code display in another order than it runs (Trojan Source); write them as escapes ({BIDI_CONTROL})"),
            });
        }
        Ok(answer)
    }
}

#[cfg(test)]
#[path = "builtin_tests.rs"]
mod tests;
