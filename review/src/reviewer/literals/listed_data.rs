//! `sends-listed-data` in Bash: what a service's listing or export
//! returned (`servers=$(curl ... /servers)`, `sf data export ...
//! --output-file contacts.csv`), followed through the variables, files,
//! archives and pipes made from it, sent as a request's body (`curl -F
//! file=@crm.tgz`, `jq ... <<<"$servers" | curl -d @-`) to a host the
//! program reads nothing from. Python's and JavaScript's flows are
//! `secret_files::flows`.

use super::{basename, is_http_client, url_host, BashCommand, BashWord, LiteralFinding};
use crate::reviewer::builtin::Severity;

/// The finding, as Python's and JavaScript's.
const SENDS_LISTED: (Severity, &str, &str) = (
    Severity::Major,
    "sends-listed-data",
    crate::reviewer::secret_files::SENDS_LISTED,
);

/// Subcommands of a service's CLI that return its records.
const EXPORTS: &[&str] = &["export", "query", "list", "dump", "search"];

/// Options that name the file a command writes.
const OUTPUT_OPTIONS: &[&str] = &["-o", "--output", "--output-file", "--out", "--outfile"];

/// Options whose value (or the word after them) is a request's body.
const BODY_OPTIONS: &[&str] = &[
    "-d",
    "--data",
    "--data-binary",
    "--data-raw",
    "--data-urlencode",
    "--json",
    "-F",
    "--form",
    "-T",
    "--upload-file",
    "--post-data",
    "--post-file",
    "--body-data",
    "--body-file",
];

/// The findings in `commands`, in order.
pub(super) fn findings(commands: &[BashCommand]) -> Vec<LiteralFinding> {
    // (Most scripts send no body: nothing to follow.)
    if !commands.iter().any(|c| sends_body(&c.words)) {
        return Vec::new();
    }
    let read_hosts: Vec<&str> = commands
        .iter()
        .filter(|c| is_program_http(c) && !sends_body(&c.words))
        .flat_map(|c| hosts(&c.words))
        .collect();
    // Variables (`servers`) and files (by their last path part:
    // `contacts.csv`) that hold what was listed.
    let mut listed: Vec<String> = Vec::new();
    let mut out = Vec::new();
    let mut stdin_listed = false;
    for (index, command) in commands.iter().enumerate() {
        let words = &command.words;
        let piped_listed = command.after_pipe && stdin_listed;
        let mentions = piped_listed || words.iter().any(|w| mentions_listed(w, &listed));
        if is_program_http(command) && sends_body(words) {
            let carries = (piped_listed && super::sends_stdin(command))
                || body_words(words).any(|w| mentions_listed(w, &listed));
            let to: Vec<&str> = hosts(words).collect();
            let elsewhere = !to.is_empty()
                && to.iter().all(|host| {
                    !read_hosts.contains(host)
                        && !matches!(*host, "localhost" | "127.0.0.1" | "::1")
                        && !crate::reviewer::secret_files::chat_or_model(&format!(
                            "https://{host}/"
                        ))
                });
            if carries && elsewhere {
                out.push(LiteralFinding::at(command.line, SENDS_LISTED));
            } else if points_elsewhere(words, &read_hosts) {
                out.push(LiteralFinding::at(
                    command.line,
                    crate::reviewer::switch_off::POINTS_ELSEWHERE,
                ));
            }
            // (What a request that makes a key or token returns is followed
            // as what a listing returned.)
            if !mints_credential(words) {
                stdin_listed = false;
                continue;
            }
        }
        let reads = reads_records(command) || mints_credential(words);
        stdin_listed = reads || mentions;
        if !(reads || mentions) {
            continue;
        }
        // Where it goes: the variable a substitution on the line assigns
        // (`servers=$(curl ...)` splits into `servers=` and the command),
        // the files it writes, the archive it makes.
        if let Some(previous) = index.checked_sub(1).map(|i| &commands[i]) {
            if previous.line == command.line {
                if let Some(name) = previous.words.last().and_then(|w| w.text.strip_suffix('=')) {
                    listed.push(name.to_string());
                }
            }
        }
        let archiver = words
            .first()
            .is_some_and(|w| matches!(basename(&w.text), "tar" | "zip" | "7z" | "gzip" | "xz"));
        for (at, word) in words.iter().enumerate() {
            let after_output = at > 0
                && OUTPUT_OPTIONS.contains(&words[at - 1].text.as_str())
                && !(archiver && words[at - 1].text == "-o");
            // (`tar czf "$tmp/crm.tgz" contacts.csv`: by its name.)
            let archive = archiver && is_archive(&word.text);
            let option_value = OUTPUT_OPTIONS
                .iter()
                .find_map(|option| word.text.strip_prefix(&format!("{option}=")));
            if word.text.starts_with("/dev/") {
                continue;
            }
            if word.target || after_output || archive {
                listed.push(basename(&word.text).to_string());
            } else if let Some(path) = option_value {
                listed.push(basename(path).to_string());
            }
        }
    }
    out
}

/// Whether a request's body gives a URL key (`url`, `endpoint`,
/// `target`) a URL on a host the script reads nothing from, where its
/// words name a delivery (`$API/apps/$app/log_drains`, a webhook): the
/// service sends its events or logs there from then on. Python's and
/// JavaScript's are `switch_off::points_elsewhere`.
fn points_elsewhere(words: &[BashWord], read_hosts: &[&str]) -> bool {
    use crate::reviewer::switch_off::{is_url_key, names_delivery, pairs};
    let outside = |value: &str| {
        crate::reviewer::secret_files::url_host_of(value).is_some_and(|host| {
            !read_hosts.contains(&host) && !matches!(host, "localhost" | "127.0.0.1" | "::1")
        })
    };
    body_words(words).flat_map(BashWord::texts).any(|text| {
        pairs(text)
            .into_iter()
            .any(|(key, value)| is_url_key(key) && outside(value))
    }) && words
        .iter()
        .flat_map(BashWord::texts)
        .any(|text| names_delivery(&policy::secrets::name_words(text)))
}

/// Whether `command` runs an HTTP client.
fn is_program_http(command: &BashCommand) -> bool {
    command
        .words
        .first()
        .is_some_and(|w| is_http_client(&w.text))
}

/// Whether an HTTP client's words send a body: a body option, or a
/// write method.
fn sends_body(words: &[BashWord]) -> bool {
    words.first().is_some_and(|w| is_http_client(&w.text))
        && (body_words(words).next().is_some()
            || words.windows(2).any(|pair| {
                matches!(pair[0].text.as_str(), "-X" | "--request")
                    && crate::reviewer::bulk::is_write_method(&pair[1].text)
            }))
}

/// The words of a request's body: each body option's value (in the word
/// after it or after `=`).
fn body_words(words: &[BashWord]) -> impl Iterator<Item = &BashWord> {
    words.iter().enumerate().filter_map(move |(at, word)| {
        let option = |text: &str| {
            BODY_OPTIONS.contains(&text)
                || BODY_OPTIONS.iter().any(|o| {
                    o.starts_with("--") && text.strip_prefix(o).is_some_and(|r| r.starts_with('='))
                })
        };
        if option(&word.text) && !word.text.contains('=') {
            words.get(at + 1)
        } else if option(&word.text) {
            Some(word)
        } else {
            None
        }
    })
}

/// The hosts of the URLs among `words`.
fn hosts(words: &[BashWord]) -> impl Iterator<Item = &str> {
    words
        .iter()
        .flat_map(BashWord::texts)
        .filter_map(|text| text.split_once("://").map(|(_, rest)| url_host(rest)))
        .filter(|host| !host.is_empty())
}

/// Whether `command` reads a service's records: an HTTP request that
/// sends no body, given credentials (a header or `-u`); or a service
/// CLI's export, query or listing (`sf data export bulk`, `... list`).
fn reads_records(command: &BashCommand) -> bool {
    let words = &command.words;
    let Some(program) = words.first() else {
        return false;
    };
    if is_http_client(&program.text) {
        return !sends_body(words)
            && words
                .iter()
                .any(|w| matches!(w.text.as_str(), "-H" | "--header" | "-u" | "--user"));
    }
    !LOCAL_TOOLS.contains(&basename(&program.text))
        && words
            .iter()
            .skip(1)
            .take(4)
            .any(|w| !w.quoted && EXPORTS.contains(&w.text.as_str()))
}

/// Whether an HTTP client's words make a credential: a request that sends
/// a body to a path whose last part names keys, tokens, secrets or
/// credentials (`POST $API/setup-keys`, `.../access_tokens`). What it
/// returns lets whoever holds it in.
fn mints_credential(words: &[BashWord]) -> bool {
    sends_body(words)
        && words.iter().flat_map(BashWord::texts).any(|text| {
            text.contains("://") && crate::reviewer::secret_files::names_credentials(text)
        })
}

/// Local tools whose `list`, `query` or `search` reads this machine.
const LOCAL_TOOLS: &[&str] = &[
    "git",
    "docker",
    "podman",
    "apt",
    "apt-get",
    "dpkg",
    "pip",
    "pip3",
    "npm",
    "yarn",
    "pnpm",
    "cargo",
    "brew",
    "snap",
    "systemctl",
    "jq",
    "yq",
    "grep",
    "find",
    "sqlite3",
    "tar",
    "zip",
    "unzip",
    "conda",
    "uv",
    "poetry",
    "gem",
    "go",
    "rustup",
    "nvm",
    "flatpak",
    "gpg",
    "ls",
];

/// Whether `word` mentions a listed variable (`$servers`, `${servers}`)
/// or file (a path whose last part is one).
fn mentions_listed(word: &BashWord, listed: &[String]) -> bool {
    if listed.is_empty() {
        return false;
    }
    let raw = super::unmarked(&word.raw);
    listed.iter().any(|name| {
        raw.match_indices('$').any(|(at, _)| {
            let rest = raw[at + 1..].trim_start_matches('{');
            rest.strip_prefix(name.as_str()).is_some_and(|after| {
                !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
            })
        }) || word.texts().any(|text| {
            let path = text.rsplit_once('@').map_or(text, |(_, path)| path);
            basename(path) == name
        })
    })
}

/// Whether `path` names an archive.
fn is_archive(path: &str) -> bool {
    [
        ".tgz", ".tar", ".tar.gz", ".zip", ".7z", ".gz", ".xz", ".bz2", ".zst",
    ]
    .iter()
    .any(|ext| path.ends_with(ext))
}
