//! A secret file of the project sent whole over the network: the
//! project's `.env`, a private key, a Terraform state, a service account's
//! key, read and then put in a request's body (`requests.post(url,
//! data=open(".env").read())`, `fetch(url, { body: readFileSync("x.pem") })`).
//! The working directory is bound into the jail, so its secrets are real,
//! where the environment's are placeholders
//! (docs/decisions/0013-credentials-by-placeholder-and-a-per-run-ca.md). Reading
//! such a file for configuration (`load_dotenv()`, one value sent to the
//! API it is for) is ordinary; the file's whole content in a request is
//! not.
//!
//! Also secrets fetched from a secret store (AWS Secrets Manager, SSM
//! parameters decrypted, GCP Secret Manager, Azure Key Vault, Vault,
//! Kubernetes secrets) and put whole in a request's body
//! (`sends-fetched-secret`): using one to authenticate (a header, a
//! database connection) is ordinary; posting it is not.
//!
//! Read from the sanitized code, one binding deep: a name bound on the
//! line that reads the file (`data = f.read()` inside `with open(".env")
//! as f`, `const rc = readFileSync(...)`) carries the content.

use super::builtin::Severity;
use super::bulk::{
    bound_names, called, called_anywhere, collected_into, defined_function, has_listing, has_word,
    is_loopback_url, is_name, is_name_char, is_write_method, loop_variables, name_at_end,
    placeholders, word_positions, Blocks,
};
use super::literals::LiteralFinding;

pub(super) const SENDS_SECRET_FILE: &str = "sends a secret file of the project (.env, a private key, a Terraform state, a service account's key) over the network: real credentials, unlike the environment's placeholders; a human decides";

/// Calls that read a file's content, and those that open one.
const READS: &[&str] = &[
    "read",
    "read_text",
    "read_bytes",
    "readFileSync",
    "readFile",
    "dotenv_values",
    "load",
    // A process's output: `check_output(["cat", ".env"])`.
    "check_output",
    "getoutput",
    "execSync",
    "execFileSync",
];
const OPENS: &[&str] = &["open", "Path", "file", "createReadStream"];
/// Calls that send a request's body.
const SENDS: &[&str] = &[
    "post",
    "put",
    "patch",
    "request",
    "urlopen",
    "Request",
    "fetch",
    "sendBeacon",
    "upload",
    "send",
];

/// The findings of this module in `code`, Python's or JavaScript's.
pub(super) fn findings(code: &str, literals: &[String]) -> Vec<LiteralFinding> {
    // Cheap first: no secret file named, nothing to follow.
    if !literals.iter().any(|value| is_secret_file(value)) {
        return Vec::new();
    }
    let lines: Vec<&str> = code.lines().collect();
    // Names of handles or paths of a secret file, and of its content.
    let mut handles: Vec<&str> = Vec::new();
    let mut contents: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let names_secret = placeholders(line, literals).any(is_secret_file)
            || handles.iter().any(|name| has_word(line, name));
        let calls: Vec<&str> = called_anywhere(line).collect();
        let reads = names_secret && calls.iter().any(|name| READS.contains(name));
        if names_secret && !reads && calls.iter().any(|name| OPENS.contains(name)) {
            handles.extend(bound_names(line));
            // `with open(".env") as f:`
            if let Some((_, alias)) = line.rsplit_once(" as ") {
                handles.push(alias.trim_end_matches(':').trim());
            }
        }
        if reads {
            contents.extend(bound_names(line));
        }
        // `https.request({ key, cert })`: the key and certificate of a TLS
        // connection, not a body.
        let tls = ["https.request(", "tls.connect(", "http2.connect(", "Agent("]
            .iter()
            .any(|call| line.contains(call));
        let sends = !tls && calls.iter().any(|name| SENDS.contains(name));
        let carries = || {
            let request = window(&lines, index);
            reads || contents.iter().any(|name| used_whole(&request, name))
        };
        if sends && carries() {
            out.push(LiteralFinding {
                line: index + 1,
                severity: Severity::Major,
                id: "sends-secret-file",
                message: SENDS_SECRET_FILE,
            });
        }
    }
    out
}

/// Whether `name` stands in `text` as a whole value somewhere: not only
/// as `name["KEY"]` or `name.KEY` (one setting read from the file), though
/// `name.decode()` is the whole value still.
fn used_whole(text: &str, name: &str) -> bool {
    word_positions(text, name).any(|at| {
        let after = text[at + name.len()..].trim_start();
        if after.starts_with('[') {
            return false;
        }
        match after.strip_prefix('.') {
            Some(member) => {
                let end = member
                    .find(|c: char| !is_name_char(c))
                    .unwrap_or(member.len());
                member[end..].trim_start().starts_with('(')
            }
            None => true,
        }
    })
}

/// Whether `value` (a literal) names a file that holds secrets.
pub(super) fn is_secret_file(value: &str) -> bool {
    let name = value
        .rsplit('/')
        .next()
        .unwrap_or(value)
        .to_ascii_lowercase();
    if name.len() > 80 || name.contains(char::is_whitespace) {
        return false;
    }
    // Templates hold no secrets.
    let template = [".example", ".sample", ".template", ".dist", ".defaults"]
        .iter()
        .any(|suffix| name.ends_with(suffix));
    if template {
        return false;
    }
    let source = [".py", ".js", ".ts", ".mjs", ".cjs", ".md", ".txt", ".html"]
        .iter()
        .any(|suffix| name.ends_with(suffix));
    name == ".env"
        || name.starts_with(".env.")
        || [
            ".pem",
            ".key",
            ".p12",
            ".pfx",
            ".jks",
            ".keystore",
            ".tfstate",
            ".tfvars",
            ".ovpn",
            ".kdbx",
        ]
        .iter()
        .any(|suffix| name.ends_with(suffix))
        || name.ends_with(".tfstate.backup")
        || name == "kubeconfig"
        || name == ".htpasswd"
        || (!source
            && [
                "secret",
                "credential",
                "service-account",
                "service_account",
                "private-key",
                "private_key",
            ]
            .iter()
            .any(|word| name.contains(word)))
}

pub(super) const SENDS_FETCHED_SECRET: &str = "puts secrets it fetched (from Secrets Manager, decrypted SSM parameters, Secret Manager, Key Vault, Vault, Kubernetes secrets, a platform's environment or CI variables, account keys, the keyring, a password manager's CLI) in a request's body: the account's credentials leave; using one in a header or a connection is ordinary; a human decides";

/// Calls that return a secret store's secrets.
const SECRET_GETTERS: &[&str] = &[
    "get_secret_value",
    "GetSecretValueCommand",
    "getSecretValue",
    "batch_get_secret_value",
    "access_secret_version",
    "accessSecretVersion",
    "get_secret",
    "getSecret",
    "read_secret_version",
    "read_namespaced_secret",
    "readNamespacedSecret",
    "list_namespaced_secret",
    "listNamespacedSecret",
    "list_secret_for_all_namespaces",
    "listSecretForAllNamespaces",
];
/// SSM's getters return secrets only when asked to decrypt them.
const DECRYPTING_GETTERS: &[&str] = &[
    "get_parameter",
    "get_parameters",
    "get_parameters_by_path",
    "GetParameterCommand",
    "GetParametersCommand",
    "GetParametersByPathCommand",
    "getParameter",
    "getParameters",
    "getParametersByPath",
];

/// Calls that return an account's secrets outside a secret store: a
/// platform's environment variables and CI variables (GitLab's, Heroku's
/// config vars, Netlify's, App Service settings), storage account keys,
/// a cloud session's credentials, the system keyring's passwords.
const PLATFORM_SECRET_GETTERS: &[&str] = &[
    "getEnvVars",
    "getEnvVar",
    "get_env_vars",
    "list_env_vars",
    "listEnvVars",
    "config_vars",
    "get_config_vars",
    "list_application_settings",
    "listApplicationSettings",
    "list_connection_strings",
    "listConnectionStrings",
    "list_keys",
    "listKeys",
    "get_credentials",
    "get_frozen_credentials",
    "get_session_token",
    "GetSessionTokenCommand",
    "get_password",
    "getPassword",
    "read_secret",
];
/// A collection's reads that return its secrets: python-gitlab's
/// `project.variables.list()`, gitbeaker's `ProjectVariables.all()`,
/// Doppler's `secrets.download()`.
const SECRET_COLLECTIONS: &[&str] = &[
    ".variables.list(",
    ".variables.get(",
    ".variables.all(",
    "Variables.all(",
    "Variables.show(",
    ".secrets.list(",
    ".secrets.get(",
    ".secrets.download(",
];

/// Calls that start a process whose output the program reads.
const PROCESS_CALLS: &[&str] = &[
    "run",
    "check_output",
    "getoutput",
    "Popen",
    "execSync",
    "execFileSync",
    "spawnSync",
    "execFile",
    "exec",
];

/// Password managers' and secret stores' command lines that print
/// secrets: the program, and a word its command line must hold.
const SECRET_CLIS: &[(&str, &str)] = &[
    ("op", ""),
    ("bw", "get"),
    ("bws", "secret"),
    ("lpass", "show"),
    ("gopass", "show"),
    ("pass", "show"),
    ("doppler", "secrets"),
    ("infisical", "secrets"),
    ("secret-tool", "lookup"),
    ("security", "-w"),
    ("vault", "kv"),
];

/// Whether `words` (a command line's words, program first) print secrets.
pub(super) fn reads_secret_cli(words: &[&str]) -> bool {
    let Some((program, args)) = words.split_first() else {
        return false;
    };
    let program = program.rsplit('/').next().unwrap_or(program);
    SECRET_CLIS.iter().any(|(name, needs)| {
        *name == program && (needs.is_empty() || args.iter().any(|a| a == needs))
    })
}

/// Whether `value` (a literal, or a piece of a template) is a REST path
/// that returns secrets: a platform's environment decrypted
/// (`/env?decrypt=true`), config vars, CI variables.
/// A template's substitutions read as blanks (`/projects/ /env?decrypt=true`).
pub(super) fn is_secret_endpoint(value: &str) -> bool {
    value.split_whitespace().any(is_secret_path)
}

fn is_secret_path(value: &str) -> bool {
    let value = value.to_ascii_lowercase();
    if !value.contains('/') {
        return false;
    }
    let path = value.split(['?', '#']).next().unwrap_or_default();
    let last = path
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or_default();
    ["decrypt=true", "decrypted=true"]
        .iter()
        .any(|query| value.contains(query))
        || [
            "env",
            "config-vars",
            "config_vars",
            "env-vars",
            "env_vars",
            "envvars",
            "variables",
            "secrets",
        ]
        .contains(&last)
}

/// What a source's test is given of a line: its text, the names it calls,
/// the program's literals, its lines and the line's index (the call's next
/// lines, read only where a getter's argument decides), and whether a loop
/// encloses it.
struct LineRead<'a> {
    text: &'a str,
    calls: &'a [&'a str],
    literals: &'a [String],
    lines: &'a [&'a str],
    index: usize,
    looping: bool,
}

/// Where a value a program sends came from, and what its finding says.
struct Source {
    id: &'static str,
    message: &'static str,
    /// Whether the line reads such a value.
    reads: fn(&LineRead<'_>) -> bool,
    /// Whether a request naming this literal (its URL, or the variable
    /// holding it) goes where such values may go.
    allowed_sink: fn(value: &str) -> bool,
    /// Whether only a request to a host the program reads nothing from
    /// counts: what a service returned sent to another one.
    elsewhere_only: bool,
}

const SECRET_SOURCES: Source = Source {
    id: "sends-fetched-secret",
    message: SENDS_FETCHED_SECRET,
    reads: |&LineRead {
                text,
                calls,
                literals,
                lines,
                index,
                ..
            }| {
        calls
            .iter()
            .any(|name| SECRET_GETTERS.contains(name) || PLATFORM_SECRET_GETTERS.contains(name))
            || (calls.iter().any(|name| DECRYPTING_GETTERS.contains(name))
                && window(lines, index).contains("WithDecryption"))
            || ((text.contains("ariables.") || text.contains(".secrets."))
                && SECRET_COLLECTIONS.iter().any(|read| text.contains(read)))
            || placeholders(text, literals).any(is_secret_endpoint)
            || (calls.iter().any(|name| PROCESS_CALLS.contains(name))
                && reads_secret_cli(&placeholders(text, literals).collect::<Vec<_>>()))
    },
    allowed_sink: |_| false,
    elsewhere_only: false,
};

const SENDS_HISTORY: &str = "reads conversations or mailboxes one by one (chat history, messages) and puts what it read in a request's body: people's private messages leave; a human decides";

const HISTORY_SOURCES: Source = Source {
    id: "sends-message-history",
    message: SENDS_HISTORY,
    reads: |line| line.looping && line.calls.iter().any(|name| reads_messages(name)),
    // A digest posted back to a chat (a webhook, the chat's own API) or
    // summarized by a model is what such programs are for.
    allowed_sink: chat_or_model,
    elsewhere_only: false,
};

pub(super) const SENDS_LISTED: &str = "puts what a service's listing returned (its records: contacts, conversations, users) or a key or token it made in a request's body to another host, one the program reads nothing from: the account's data or a way in leaves for a third party; a human decides";

const LISTED_SOURCES: Source = Source {
    id: "sends-listed-data",
    message: SENDS_LISTED,
    reads: |line| {
        !line.calls.is_empty()
            && (has_listing(line.text, &called(line.text).collect::<Vec<_>>())
                || placeholders(line.text, line.literals).any(is_export_url)
                // A key or token made: what lets whoever holds it in.
                || (placeholders(line.text, line.literals).any(names_credentials)
                    && sends_body(line.lines, line.index, line.literals)))
    },
    // A digest posted to a chat or summarized by a model, or a local
    // service.
    allowed_sink: |value| chat_or_model(value) || is_loopback_url(value),
    elsewhere_only: true,
};

/// Whether `value` is a URL or path whose last part names keys, tokens,
/// secrets or credentials (`$API/setup-keys`, `.../access_tokens`): a
/// request that sends it a body makes one.
pub(super) fn names_credentials(value: &str) -> bool {
    // (Cheap first: most paths name none.)
    if ![
        "ey",
        "EY",
        "oken",
        "OKEN",
        "ecret",
        "ECRET",
        "redential",
        "REDENTIAL",
    ]
    .iter()
    .any(|w| value.contains(w))
    {
        return false;
    }
    // (`${API}/setup-keys` is the literal ` /setup-keys`.)
    let value = value.trim_start();
    (value.contains("://") || value.starts_with('/'))
        && super::bulk::last_path_part(value).is_some_and(|last| {
            policy::secrets::name_words(last).iter().any(|word| {
                matches!(
                    word.as_str(),
                    "key"
                        | "keys"
                        | "token"
                        | "tokens"
                        | "secret"
                        | "secrets"
                        | "credential"
                        | "credentials"
                )
            })
        })
}

/// Whether `value` is a URL or path of an API's export of its records
/// (`https://data.mixpanel.com/api/2.0/export`, `/v1/exports/`).
fn is_export_url(value: &str) -> bool {
    let path = value.split(['?', '#']).next().unwrap_or_default();
    (path.contains("://") || path.starts_with('/'))
        && path
            .split('/')
            .any(|segment| matches!(segment, "export" | "exports"))
}

/// Whether `value` names a chat's or a model's API: a URL on Slack's,
/// Discord's, Teams' (Office's), OpenAI's or Anthropic's hosts, or the
/// name of the setting that holds one (`SLACK_WEBHOOK_URL`). A URL on any
/// other host is not one, whatever its path says (`webhook.example.net`).
pub(super) fn chat_or_model(value: &str) -> bool {
    const HOSTS: &[&str] = &[
        "slack.com",
        "discord.com",
        "discordapp.com",
        "office.com",
        "openai.com",
        "anthropic.com",
    ];
    let value = value.to_ascii_lowercase();
    match value.split_once("://") {
        Some((_, rest)) => {
            let host = super::literals::url_host(rest);
            HOSTS
                .iter()
                .any(|known| host == *known || host.ends_with(&format!(".{known}")))
        }
        None => {
            !value.contains(['/', ' '])
                && [
                    "slack",
                    "discord",
                    "teams",
                    "webhook",
                    "openai",
                    "anthropic",
                ]
                .iter()
                .any(|word| value.contains(word))
        }
    }
}

/// A call that returns a conversation's or a mailbox's messages:
/// `conversations_history`, `conversations.history`, `iter_messages`,
/// Gmail's `messages().get`, `fetchMessages`.
fn reads_messages(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    matches!(
        lower.as_str(),
        "history" | "replies" | "conversations_replies"
    ) || lower.ends_with("history")
        || (lower.contains("messages") && !lower.starts_with("send") && !lower.starts_with("post"))
}

/// Values read from secret stores and platforms, and messages read one
/// conversation at a time, put in a request's body.
pub(super) fn fetched_secrets_sent(code: &str, literals: &[String]) -> Vec<LiteralFinding> {
    flows(
        code,
        literals,
        &[&SECRET_SOURCES, &HISTORY_SOURCES, &LISTED_SOURCES],
    )
}

/// What [`flows`] follows for one source: the names that hold what it
/// reads, and the names of where such values may go.
#[derive(Default)]
struct Followed<'a> {
    values: Vec<&'a str>,
    allowed: Vec<&'a str>,
}

/// Where a value that one of `sources` reads is put in a request's body,
/// followed through the names bound to it (`out = ...`, `out[k] = ...`,
/// `all.push(...)`) and the functions that return it. One pass over the
/// lines for every source, and a second for a source that counts only
/// requests to another host once the first found what it reads, so that
/// a function defined before its caller (`def archive(batch)`) sees the
/// names too.
fn flows(code: &str, literals: &[String], sources: &[&Source]) -> Vec<LiteralFinding> {
    let lines: Vec<&str> = code.lines().collect();
    let mut followed: Vec<Followed<'_>> = sources.iter().map(|_| Followed::default()).collect();
    // Sources that count only requests elsewhere are followed when the
    // program names a URL and sends anything at all (most do neither), and
    // the hosts are read when a request carries a value.
    let elsewhere = sources.iter().any(|source| source.elsewhere_only)
        && literals.iter().any(|value| value.contains("://"))
        && code
            .match_indices('(')
            .any(|(at, _)| SENDS.contains(&name_at_end(&code[..at])));
    let hosts = std::cell::OnceCell::new();
    let mut out = Vec::new();
    for pass in 1..=2 {
        let again = pass == 2;
        let read_before = || {
            sources
                .iter()
                .zip(&followed)
                .any(|(source, state)| source.elsewhere_only && !state.values.is_empty())
        };
        if again && !(elsewhere && read_before()) {
            break;
        }
        // The enclosing loops (any loop), and the function being read.
        let mut blocks = Blocks::default();
        for (index, line) in lines.iter().enumerate() {
            let Some((text, indent)) = blocks.enter(line) else {
                continue;
            };
            // (Most lines call nothing, and most lines hold no literal.)
            let calls: Vec<&str> = if text.contains('(') {
                called_anywhere(text).collect()
            } else {
                Vec::new()
            };
            let has_literal = placeholders(text, literals).next().is_some();
            let looping = !blocks.loops.is_empty();
            for (source, state) in sources.iter().zip(&mut followed) {
                if (again && !source.elsewhere_only) || (source.elsewhere_only && !elsewhere) {
                    continue;
                }
                // `WEBHOOK = os.environ["SLACK_WEBHOOK_URL"]`.
                if has_literal && placeholders(text, literals).any(source.allowed_sink) {
                    state.allowed.extend(bound_names(text));
                }
                let reads = (source.reads)(&LineRead {
                    text,
                    calls: &calls,
                    literals,
                    lines: &lines,
                    index,
                    looping,
                });
                // (A function's own definition is no use of what it
                // returns: `async function call(path, extra = {})`.)
                let defined = defined_function(text);
                let mentions = state
                    .values
                    .iter()
                    .any(|name| has_word(text, name) && defined != Some(*name));
                // `audience.push({` or `rows = [` with the values on the
                // lines after (a comprehension over lines).
                if !reads
                    && !mentions
                    && !state.values.is_empty()
                    && text.ends_with(['{', '(', '['])
                {
                    let targets: Vec<&str> = collected_into(text)
                        .into_iter()
                        .chain(bound_names(text))
                        .collect();
                    let later = &lines[index + 1..lines.len().min(index + 13)];
                    if !targets.is_empty()
                        && later
                            .iter()
                            .any(|line| state.values.iter().any(|name| has_word(line, name)))
                    {
                        state.values.extend(targets);
                    }
                }
                if reads || mentions {
                    state.values.extend(bound_names(text));
                    // A loop over them: each item (`for (const p of paged(...))`).
                    if text.starts_with("for ")
                        || text.starts_with("for (")
                        || text.starts_with("for await")
                    {
                        state.values.extend(loop_variables(text));
                    }
                    // `with get(url,` then `params=...) as r:` below.
                    if text.starts_with("with ") && !text.contains(" as ") {
                        let head = lines[index + 1..lines.len().min(index + 4)]
                            .iter()
                            .find(|later| later.contains(" as "));
                        if let Some(name) = head.and_then(|later| {
                            let after = later.rsplit(" as ").next()?;
                            let name = after.split([',', ':', ')']).next()?.trim();
                            is_name(name).then_some(name)
                        }) {
                            state.values.push(name);
                        }
                    }
                    state.values.extend(element_target(text));
                    state.values.extend(collected_into(text));
                    // A function that returns such a value hands it to its
                    // callers.
                    if let Some((name, _)) = blocks.function.filter(|_| reads) {
                        state.values.push(name);
                    }
                }
                // The read itself (`sm.send(new GetSecretValueCommand(...))`,
                // `fetch(".../env?decrypt=true")`) is no request of the
                // program's own; one that sends a body to another host is
                // (a key made at `https://elsewhere/v1/keys`).
                let read_sends = reads
                    && source.elsewhere_only
                    && !state.values.is_empty()
                    && sends_body(&lines, index, literals);
                let sends = (!reads || read_sends)
                    && !state.values.is_empty()
                    && calls.iter().any(|name| SENDS.contains(name));
                let carries = || {
                    let request = window(&lines, index);
                    state.values.iter().any(|name| in_body(&request, name))
                        && !placeholders(&request, literals).any(source.allowed_sink)
                        && !state.allowed.iter().any(|name| has_word(&request, name))
                        && (!source.elsewhere_only || {
                            let hosts = hosts.get_or_init(|| Hosts::of(&lines, literals));
                            // (Such a read's own URL, not the next request's.)
                            hosts.elsewhere(if read_sends { text } else { &request }, literals)
                        })
                };
                let found_before = || {
                    out.iter()
                        .any(|f: &LiteralFinding| f.line == index + 1 && f.id == source.id)
                };
                if sends && carries() && !found_before() {
                    out.push(LiteralFinding {
                        line: index + 1,
                        severity: Severity::Major,
                        id: source.id,
                        message: source.message,
                    });
                }
            }
            let loop_head = text.starts_with("for ")
                || text.starts_with("for (")
                || text.starts_with("while ")
                || text.starts_with("for await")
                || (text.contains(" for ") && text.contains(" in "))
                || calls.iter().any(|name| matches!(*name, "forEach" | "map"));
            if loop_head {
                blocks.loops.push(indent);
            }
            if let Some(name) = defined_function(text) {
                blocks.function = Some((name, indent));
            }
        }
    }
    out
}

/// The hosts a program's URLs name: the one each name bound to a URL holds
/// (`API = "https://api.intercom.io"`), and those it reads from (named on
/// a line that calls something and sends no body).
pub(super) struct Hosts<'a> {
    bound: Vec<(&'a str, &'a str)>,
    read: Vec<&'a str>,
}

impl<'a> Hosts<'a> {
    pub(super) fn of(lines: &[&'a str], literals: &'a [String]) -> Self {
        let mut hosts = Hosts {
            bound: Vec::new(),
            read: Vec::new(),
        };
        for (index, line) in lines.iter().enumerate() {
            let named: Vec<&str> = placeholders(line, literals)
                .filter_map(url_host_of)
                .collect();
            // (Not a keyword argument of a call over lines: `json={...},`.)
            let names = if line.trim_end().ends_with(',') {
                Vec::new()
            } else {
                bound_names(line)
            };
            // (`res = fetch("https://...")` binds a request's answer, not
            // its URL.)
            let request =
                || called_anywhere(line).any(|name| SENDS.contains(&name) || name == "get");
            if let (Some(host), false, false) = (named.first(), names.is_empty(), request()) {
                hosts
                    .bound
                    .extend(names.into_iter().map(|name| (name, *host)));
                continue;
            }
            // A request that sends a body reads too when its answer is
            // read (`resp = s.post(search, json=q)` then `resp.json()`).
            let answer_read = || {
                names.iter().any(|name| {
                    lines[index + 1..lines.len().min(index + 9)]
                        .iter()
                        .any(|later| later.contains(&format!("{name}.json(")))
                })
            };
            if !line.contains('(') || (sends_body(lines, index, literals) && !answer_read()) {
                continue;
            }
            let mentioned = hosts.mentioned(line);
            hosts.read.extend(named);
            hosts.read.extend(mentioned);
        }
        hosts
    }

    /// The host of the URL the name `name` is bound to, if it is one.
    pub(super) fn bound_to(&self, name: &str) -> Option<&'a str> {
        self.bound
            .iter()
            .find(|(bound, _)| *bound == name)
            .map(|&(_, host)| host)
    }

    /// Whether the program reads from `host`.
    pub(super) fn reads(&self, host: &str) -> bool {
        self.read.contains(&host)
    }

    /// The hosts of the names bound to URLs that `line` mentions.
    fn mentioned(&self, line: &str) -> Vec<&'a str> {
        self.bound
            .iter()
            .filter(|(name, _)| has_word(line, name))
            .map(|&(_, host)| host)
            .collect()
    }

    /// Whether the request on `line` goes to hosts the program reads
    /// nothing from (its URL a literal, or a name bound to one).
    /// The request's URL is its call's first argument, where it has one
    /// (not the answer of an earlier request: `data=resp.iter_lines()`).
    fn elsewhere(&self, line: &str, literals: &[String]) -> bool {
        // Whether `text` names hosts, all of them read from nowhere.
        let only_elsewhere = |text: &str| {
            let literal = placeholders(text, literals).filter_map(url_host_of);
            let mentioned = self.mentioned(text);
            let mut hosts = literal.chain(mentioned.iter().copied()).peekable();
            hosts.peek()?;
            Some(hosts.all(|host| !self.read.contains(&host)))
        };
        let first = line
            .split_once('(')
            .map(|(_, args)| args.split([',', ')']).next().unwrap_or_default());
        first
            .and_then(only_elsewhere)
            .or_else(|| only_elsewhere(line))
            .unwrap_or(false)
    }
}

/// The host of `value` if it is a URL (`https://host/...`).
pub(super) fn url_host_of(value: &str) -> Option<&str> {
    let (_, rest) = value.split_once("://")?;
    Some(super::literals::url_host(rest)).filter(|host| !host.is_empty())
}

/// Whether the call on line `index` sends a body: `post`, `put`, `patch`,
/// `upload`, `send`, or a request whose method is a literal `POST`, `PUT`
/// or `PATCH` there or on the next lines.
fn sends_body(lines: &[&str], index: usize, literals: &[String]) -> bool {
    called_anywhere(lines[index]).any(|name| {
        matches!(
            name,
            "post" | "put" | "patch" | "upload" | "send" | "sendBeacon"
        )
    }) || {
        // A call whose statement ends on its line is all there (not the
        // next request's method).
        let line = lines[index].trim_end();
        let request = if line.ends_with([';', ')']) {
            line.to_string()
        } else {
            window(lines, index)
        };
        let writes = placeholders(&request, literals).any(is_write_method);
        writes
    }
}

/// Line `index` and the three after it: a call's arguments may follow on
/// the next lines.
fn window(lines: &[&str], index: usize) -> String {
    lines[index..lines.len().min(index + 4)].join("\n")
}

/// The collection an element assignment fills: `out[name] = ...`.
fn element_target(line: &str) -> Option<&str> {
    let (left, right) = line.split_once('=')?;
    if right.starts_with('=') || left.ends_with(['=', '!', '<', '>']) {
        return None;
    }
    // (After a loop's head on the same line: `for (...) out[k] = v`.)
    let before = left.trim().split_once('[')?.0;
    let name = name_at_end(before);
    let prefix = before[..before.len() - name.len()].trim_end();
    (is_name(name) && !prefix.ends_with('.')).then_some(name)
}

/// Whether `name` stands in a request's body in `request` (a field of it
/// too: a secret's every part is secret): after
/// `data`, `json`, `body`, `files` or `content` more closely than after
/// `headers` or `auth` (a key the program names, `token=` or `password:`,
/// is the body's all the same).
fn in_body(request: &str, name: &str) -> bool {
    const BODY: &[&str] = &["data", "json", "body", "files", "content"];
    const NOT: &[&str] = &["headers", "auth", "Authorization"];
    let last = |before: &str, keys: &[&str]| keys.iter().filter_map(|key| before.rfind(key)).max();
    word_positions(request, name).any(|at| {
        match (last(&request[..at], BODY), last(&request[..at], NOT)) {
            (Some(body), Some(not)) => body > not,
            (Some(_), None) => true,
            _ => false,
        }
    })
}
