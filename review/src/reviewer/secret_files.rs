//! A secret file of the project sent whole over the network: the
//! project's `.env`, a private key, a Terraform state, a service account's
//! key, read and then put in a request's body (`requests.post(url,
//! data=open(".env").read())`, `fetch(url, { body: readFileSync("x.pem") })`).
//! The working directory is bound into the jail, so its secrets are real,
//! where the environment's are placeholders (docs/credentials). Reading
//! such a file for configuration (`load_dotenv()`, one value sent to the
//! API it is for) is ordinary; the file's whole content in a request is
//! not.
//!
//! Read from the sanitized code, one binding deep: a name bound on the
//! line that reads the file (`data = f.read()` inside `with open(".env")
//! as f`, `const rc = readFileSync(...)`) carries the content.

use super::builtin::Severity;
use super::bulk::{bound_names, called_anywhere, has_word, placeholders};
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
        // The request's arguments may follow on the next lines.
        let request = lines[index..lines.len().min(index + 4)].join("\n");
        // `https.request({ key, cert })`: the key and certificate of a TLS
        // connection, not a body.
        let tls = ["https.request(", "tls.connect(", "http2.connect(", "Agent("]
            .iter()
            .any(|call| line.contains(call));
        let sends = !tls && calls.iter().any(|name| SENDS.contains(name));
        let carries = reads || contents.iter().any(|name| used_whole(&request, name));
        if sends && carries {
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
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    text.match_indices(name).any(|(at, _)| {
        let after = &text[at + name.len()..];
        if text[..at].ends_with(word) || after.starts_with(word) {
            return false;
        }
        let after = after.trim_start();
        if after.starts_with('[') {
            return false;
        }
        match after.strip_prefix('.') {
            Some(member) => {
                let end = member.find(|c: char| !word(c)).unwrap_or(member.len());
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
