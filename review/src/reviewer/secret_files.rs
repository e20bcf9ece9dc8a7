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
    bound_names, called_anywhere, has_word, is_name, is_name_char, placeholders, word_positions,
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

const SENDS_FETCHED_SECRET: &str = "puts secrets fetched from a secret store (Secrets Manager, decrypted SSM parameters, Secret Manager, Key Vault, Vault, Kubernetes secrets) in a request's body: the account's credentials leave; using one in a header or a connection is ordinary; a human decides";

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

/// Secrets a secret store returned, put whole in a request's body.
pub(super) fn fetched_secrets_sent(code: &str) -> Vec<LiteralFinding> {
    let lines: Vec<&str> = code.lines().collect();
    let mut secrets: Vec<&str> = Vec::new();
    let mut out = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        let calls: Vec<&str> = called_anywhere(line).collect();
        let fetches = calls.iter().any(|name| SECRET_GETTERS.contains(name))
            || (calls.iter().any(|name| DECRYPTING_GETTERS.contains(name))
                && window(&lines, index).contains("WithDecryption"));
        let mentions = secrets.iter().any(|name| has_word(line, name));
        if fetches || mentions {
            secrets.extend(bound_names(line));
            secrets.extend(element_target(line));
        }
        // The fetch itself (`sm.send(new GetSecretValueCommand(...))`) is
        // no request of the program's own.
        let sends =
            !fetches && !secrets.is_empty() && calls.iter().any(|name| SENDS.contains(name));
        let carries = || {
            let request = window(&lines, index);
            secrets.iter().any(|name| in_body(&request, name))
        };
        if sends && carries() {
            out.push(LiteralFinding {
                line: index + 1,
                severity: Severity::Major,
                id: "sends-fetched-secret",
                message: SENDS_FETCHED_SECRET,
            });
        }
    }
    out
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
    let name = left.trim().split_once('[')?.0;
    is_name(name).then_some(name)
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
