//! Values that are harmful wherever a program puts them, whatever writes
//! or sends them: an AI coding agent's confirmations turned off or its
//! model API pointed at another host, a container given the host's root
//! filesystem or all privileges, a database or schema dropped. A file, a
//! request body, an environment variable or an SDK's keyword argument are
//! all ways to say the same thing, so the value is judged, not the call.

use super::builtin::Severity;
use super::bulk::{bound_names, has_word, placeholders, word_positions};
use super::cloud::Judgment;
use super::literals::LiteralFinding;

const AGENT_UNCHECKED: Judgment = (
    Severity::Major,
    "names-agent-instructions",
    "turns off an AI coding agent's confirmations (VS Code's chat.tools.autoApprove, Claude Code's bypassPermissions or --dangerously-skip-permissions, Shell(*) allowed, Cursor's dangerouslyAllowAll, Codex's danger-full-access or approval never, Gemini's yolo, every project MCP server enabled): what steers it next runs unchecked; a human decides",
);
const AGENT_API_ELSEWHERE: Judgment = (
    Severity::Major,
    "redirects-agent-api",
    "points an AI agent's or SDK's model API at another host (ANTHROPIC_BASE_URL, OPENAI_BASE_URL): every prompt, the code it holds and the API key go there; a human decides",
);
const CONTAINER_ON_HOST: Judgment = (
    Severity::Major,
    "container-escape",
    "starts a container with the host's root filesystem mounted or with every privilege (a bind of `/`, Privileged, the host's PID namespace): root on the host, outside any sandbox; a human decides",
);
const OPENS_DATA_TO_ALL: Judgment = (
    Severity::Major,
    "grants-account-access",
    "opens data to anyone or gives an administrator's role away (Firestore or Storage rules `allow read, write: if true`, row level security disabled, every table granted to Supabase's anon role, a rule that allows anonymous users, a GraphQL invite with role admin): whoever asks can read and change it from then on; a human decides",
);
const FORWARDS_ALL_MAIL: Judgment = (
    Severity::Major,
    "forwards-all-mail",
    "routes every message a domain receives (Mailgun's catch_all(), a match of any recipient) to a forward or store: the organisation's mail, resets and codes included, goes there; a human decides",
);
const DESTROYS_INFRASTRUCTURE: Judgment = (
    Severity::Major,
    "deletes-cloud-resources",
    "queues a destroy run of a Terraform Cloud workspace (\"is-destroy\": true): every resource the workspace manages, for good; a human decides",
);
const MINES: Judgment = (
    Severity::Critical,
    "run-miner",
    "holds a cryptocurrency miner's command (xmrig, the rx/0 algorithm, a stratum pool, --donate-level)",
);
const DROPS_DATABASE: Judgment = (
    Severity::Major,
    "destroys-database",
    "drops a database or schema (DROP DATABASE, DROP SCHEMA ... CASCADE, FLUSHALL): every table and row in it, for good; a human decides",
);

/// Settings that let an agent act without asking.
const AGENT_SETTINGS: &[&str] = &[
    "dangerouslyAllowAll",
    "dangerously-skip-permissions",
    "chat.tools.autoApprove",
    "chat.tools.global.autoApprove",
    "bypassPermissions",
    "danger-full-access",
    "dangerously-bypass-approvals-and-sandbox",
    "enableAllProjectMcpServers",
    "--yolo",
    "approval-mode=yolo",
];

/// Environment variables that say where an agent's or SDK's model API is.
const AGENT_API_VARIABLES: &[&str] = &[
    "ANTHROPIC_BASE_URL",
    "ANTHROPIC_API_URL",
    "OPENAI_BASE_URL",
    "OPENAI_API_BASE",
    "GOOGLE_GEMINI_BASE_URL",
];

/// The model APIs' own hosts, and this machine's (a local model).
const AGENT_API_HOSTS: &[&str] = &[
    "api.anthropic.com",
    "api.openai.com",
    "generativelanguage.googleapis.com",
    "localhost",
    "127.0.0.1",
    "::1",
];

/// Whether a line of code names what [`findings`] judges: a model API's
/// variable, or a container's privileges, PID namespace or mounts (one
/// pass over its words: most lines name none).
fn names_a_line_sign(line: &str) -> bool {
    line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .any(|word| {
            matches!(
                word,
                "privileged"
                    | "Privileged"
                    | "pid_mode"
                    | "PidMode"
                    | "pid"
                    | "volumes"
                    | "Binds"
                    | "binds"
                    | "Mounts"
                    | "mounts"
            ) || (word.len() > 12 && AGENT_API_VARIABLES.contains(&word))
        })
}

/// The judgment of one literal's text, if it is one of these values.
pub(super) fn literal_judgment(text: &str) -> Option<Judgment> {
    if AGENT_SETTINGS.iter().any(|setting| text.contains(setting))
        || matches!(text, "Shell(*)" | "Bash(*)")
        || (text.contains("approval_policy") && text.contains("never"))
    {
        return Some(AGENT_UNCHECKED);
    }
    // `ANTHROPIC_BASE_URL=https://...` in an env file's text or a
    // command's.
    // (A literal's `\n` may still be an escape here.)
    let redirects = AGENT_API_VARIABLES
        .iter()
        .any(|variable| text.contains(variable))
        && text.replace("\\n", "\n").lines().any(|line| {
            let line = line.trim().trim_start_matches("export ");
            line.split_once('=').is_some_and(|(name, value)| {
                AGENT_API_VARIABLES.contains(&name.trim()) && elsewhere(value)
            })
        });
    if redirects {
        return Some(AGENT_API_ELSEWHERE);
    }
    // (Each test below first looks for a word its value must hold: most
    // literals hold none, and a file has thousands.)
    if (text.contains("/:/") && mounts_host_root(text))
        || ((text.contains("Privileged") || text.contains("PidMode")) && privileged_json(text))
    {
        return Some(CONTAINER_ON_HOST);
    }
    if opens_to_all(text) {
        return Some(OPENS_DATA_TO_ALL);
    }
    if text.contains("catch_all()") || text.contains("match_recipient(\".*\")") {
        return Some(FORWARDS_ALL_MAIL);
    }
    if text.contains("is-destroy") {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if compact.contains("\"is-destroy\":true") {
            return Some(DESTROYS_INFRASTRUCTURE);
        }
    }
    if mines(text) {
        return Some(MINES);
    }
    drops_database(text).then_some(DROPS_DATABASE)
}

/// Rules or grants that let anyone in: Firebase's `allow read, write: if
/// true`, Realtime Database's `".read": true` and `".write": true`, row
/// level security disabled, privileges granted to Supabase's anonymous
/// role or `PUBLIC`, an invite with an administrator's role in GraphQL,
/// a rule that allows anonymous users.
fn opens_to_all(text: &str) -> bool {
    let signs = [
        "allow", "ALLOW", ".read", "LEVEL", "level", "GRANT", "grant", "mutation",
    ];
    if !signs.iter().any(|sign| text.contains(sign)) {
        return false;
    }
    let compact: String = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    if compact.contains("allowread,write:iftrue")
        || compact.contains("allowwrite:iftrue")
        || compact.contains("allowread,write;")
        || (compact.contains("\".read\":true") && compact.contains("\".write\":true"))
    {
        return true;
    }
    let upper = text.to_ascii_uppercase();
    let sql_grant = upper.contains("GRANT ALL")
        && [" TO ANON", " TO PUBLIC", "TO PUBLIC;", " TO ANON,"]
            .iter()
            .any(|to| upper.contains(to));
    let graphql_admin = text.contains("mutation")
        && ["role:admin", "role:owner"]
            .iter()
            .any(|role| compact.contains(role));
    // Anonymous users given a rule that allows (Gerrit's `"global:
    // Anonymous-Users": {"action": "ALLOW"}` on `refs/*`).
    let anonymous_allowed = compact.match_indices("anonymous").any(|(at, _)| {
        let after = &compact[at..compact.len().min(at + 60)];
        after.contains("allow") && !after.contains("false") && !after.contains("deny")
    });
    upper.contains("DISABLE ROW LEVEL SECURITY") || sql_grant || graphql_admin || anonymous_allowed
}

/// A miner's command line: xmrig run with a pool or downloaded, RandomX's
/// `rx/0` (and its kin) as an algorithm, a `stratum+tcp://` pool,
/// `--donate-level`.
fn mines(text: &str) -> bool {
    let signs = [
        "xmrig",
        "XMRig",
        "XMRIG",
        "stratum",
        "rx/",
        "cn/r",
        "--donate-level",
    ];
    if !signs.iter().any(|sign| text.contains(sign)) {
        return false;
    }
    let lower = text.to_ascii_lowercase();
    // xmrig run with a pool, or fetched (not `pkill xmrig`, a name alone).
    let xmrig = lower.contains("xmrig")
        && [" -o ", "--url", "pool", "://", ".tar.gz", ".zip"]
            .iter()
            .any(|sign| lower.contains(sign));
    xmrig
        || lower.contains("stratum+tcp://")
        || lower.contains("stratum+ssl://")
        || text
            .split(|c: char| c.is_whitespace() || c == '=' || c == '"' || c == '\'')
            .any(|word| matches!(word, "rx/0" | "cn/r" | "rx/wow") || word == "--donate-level")
}

/// Whether `value` is a URL whose host is not a model API's own.
fn elsewhere(value: &str) -> bool {
    let value = value.trim().trim_matches(['"', '\'']);
    let Some(rest) = value
        .strip_prefix("https://")
        .or_else(|| value.strip_prefix("http://"))
    else {
        return false;
    };
    let host = super::literals::url_host(rest);
    !host.is_empty() && !AGENT_API_HOSTS.contains(&host.to_ascii_lowercase().as_str())
}

/// A bind of the host's `/` into a container: `/:/host`, `/:/mnt:rw`; not
/// a regular expression's text (`/:/g`).
fn mounts_host_root(text: &str) -> bool {
    text.split([',', '"', '\'', ' ', '[', ']']).any(|part| {
        part.strip_prefix("/:/").is_some_and(|target| {
            let name = target.split([':', '/']).next().unwrap_or_default();
            name.len() >= 3 && !name.bytes().all(|b| b"dgimsuyv".contains(&b))
        })
    })
}

/// Docker's API body with `"Privileged": true` or the host's PID namespace.
fn privileged_json(text: &str) -> bool {
    let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    compact.contains("\"Privileged\":true") || compact.contains("\"PidMode\":\"host\"")
}

/// `DROP DATABASE x`, `DROP SCHEMA x CASCADE`, `FLUSHALL`: a statement
/// that ends a whole database; a table dropped is judged where it is
/// dropped in bulk (bulk.rs), as is a database dropped `IF EXISTS`.
fn drops_database(text: &str) -> bool {
    let start = text.trim_start();
    if !start.starts_with(['D', 'd', 'F', 'f']) {
        return false;
    }
    let upper = start.to_ascii_uppercase();
    let words: Vec<&str> = upper.split_whitespace().take(4).collect();
    // `DROP DATABASE IF EXISTS app_test` then `CREATE DATABASE`: a test
    // database reset; in bulk it is judged as a deletion (bulk.rs).
    (matches!(words.as_slice(), ["DROP", "DATABASE" | "SCHEMA", ..])
        && words.get(2..4) != Some(&["IF", "EXISTS"]))
        || upper == "FLUSHALL"
}

/// The findings of the code around the values (Python and JavaScript,
/// sanitized): a model API's variable given another host (`os.environ[S1] =
/// S2`, `{ S1: S2 }`), a container started `privileged=True` or with the
/// host's `/` bound.
pub(super) fn findings(code: &str, literals: &[String]) -> Vec<LiteralFinding> {
    let mut out = Vec::new();
    // Names bound to a URL of another host than a model API's
    // (`RELAY = "https://..."`), which a variable may be set to later.
    let mut urls_elsewhere: Vec<&str> = Vec::new();
    for (index, line) in code.lines().enumerate() {
        let values: Vec<&str> = placeholders(line, literals).collect();
        if values.len() == 1 && elsewhere(values[0]) {
            urls_elsewhere.extend(bound_names(line));
        }
        // Cheap first: a line that names neither a model API's variable
        // nor a container's privileges or mounts.
        let keyed = values
            .iter()
            .any(|value| AGENT_API_VARIABLES.contains(value));
        if !keyed && !names_a_line_sign(line) {
            continue;
        }
        // Set, not read: `os.environ.get(S1, S2)` has a default.
        let sets = !line.contains("get(") && !line.contains("getenv(") && !line.contains("??");
        // The variable's key, then its value: a literal, or a name bound
        // to one (`{"ANTHROPIC_BASE_URL": RELAY}`).
        // (Or named in the code: `ANTHROPIC_BASE_URL=RELAY` as a keyword,
        // `process.env.ANTHROPIC_BASE_URL = RELAY`.)
        let names_a_variable = AGENT_API_VARIABLES
            .iter()
            .any(|variable| line.contains(variable) || values.contains(variable));
        let compact: String = if names_a_variable || line.contains("rivileged") {
            line.chars().filter(|c| !c.is_whitespace()).collect()
        } else {
            String::new()
        };
        let redirects = sets
            && names_a_variable
            && AGENT_API_VARIABLES.iter().any(|variable| {
                let value = match values.iter().position(|v| v == variable) {
                    Some(key) => values.get(key + 1).copied(),
                    None if compact.contains(&format!("{variable}=")) => values.first().copied(),
                    None => return false,
                };
                value.is_some_and(elsewhere)
                    || urls_elsewhere.iter().any(|name| has_word(line, name))
            });
        if redirects {
            out.push(LiteralFinding::at(index + 1, AGENT_API_ELSEWHERE));
            continue;
        }
        // A container's keyword arguments (docker-py, dockerode, the
        // Docker API in an object), however spaced.
        let privileged = ["privileged=True", "privileged:true", "Privileged:true"]
            .iter()
            .any(|option| compact.contains(option));
        let host_namespace = ["pid_mode=", "PidMode:", "pid:"].iter().any(|key| {
            word_positions(line, key.trim_end_matches(['=', ':']))
                .next()
                .is_some()
                && values.contains(&"host")
        });
        let root_bound = values.iter().any(|v| *v == "/" || mounts_host_root(v))
            && ["volumes", "Binds", "binds", "Mounts", "mounts"]
                .iter()
                .any(|key| line.contains(key));
        if privileged || host_namespace || root_bound {
            out.push(LiteralFinding::at(index + 1, CONTAINER_ON_HOST));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The line's signs must cover every value [`findings`] looks for: a
    /// line without one is never judged.
    #[test]
    fn every_value_holds_a_sign() {
        for line in AGENT_API_VARIABLES.iter().chain(&[
            "privileged=True",
            "Privileged: true",
            "pid_mode=",
            "PidMode: S1",
            "pid: S1",
            "volumes={",
            "Binds: [",
            "binds=",
            "Mounts: [",
            "mounts=",
        ]) {
            assert!(names_a_line_sign(line), "{line}");
        }
    }
}
