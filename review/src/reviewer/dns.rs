//! A zone's mail or authority handed to a host written into the program:
//! an MX or NS record rewritten (`PATCH .../records/ID` with `{"content":
//! "mx.filter.example.net"}`, a Route 53 `UPSERT` of an MX set) so that
//! the company's inbound mail, or the whole zone, answers to that host
//! from then on. Read in any language, by the lines around a record's
//! new value rather than by the DNS provider: a human decides.
//!
//! The code read is the sanitized code (literals as `Sn` placeholders),
//! Bash's as well.

use super::builtin::Severity;
use super::bulk::{called_anywhere, placeholder_spans};
use super::literals::LiteralFinding;
use super::switch_off::{expanded, pairs};

const POINTS_RECORDS: (Severity, &str, &str) = (
    Severity::Major,
    "points-service-elsewhere",
    "rewrites a zone's MX or NS records, or a domain's name servers, to a host written into the program: the domain's inbound mail, or the whole zone, answers to that host from then on; a human decides",
);

/// Keys that hold a DNS record's value across providers' APIs.
const VALUE_KEYS: &[&str] = &[
    "content",
    "value",
    "values",
    "exchange",
    "target",
    "host",
    "hostname",
    "data",
    "rdata",
    "answer",
    "answers",
    "server",
    "mailserver",
    "mail_server",
    "nameserver",
    "nameservers",
    "points_to",
    "mx",
];

/// The findings in sanitized `code` (any language).
pub(super) fn findings(code: &str, literals: &[String]) -> Vec<LiteralFinding> {
    let mut out = records_pointed(code, literals);
    out.extend(delegation_moved(code, literals));
    out
}

/// A domain's name servers changed at its registrar (`POST
/// /domain/updateNs/ID`, `PUT .../nameservers`) by a program that holds a
/// host name of its own: the whole zone answers to those servers.
fn delegation_moved(code: &str, literals: &[String]) -> Vec<LiteralFinding> {
    // A path whose last part names name servers, and whether it says it
    // changes them (`updateNs`) or is the servers alone (`/nameservers`,
    // written to by its method).
    let names_servers = |value: &str| {
        super::bulk::last_path_part(value).and_then(|last| {
            let words = policy::secrets::name_words(last);
            let has = |w: &str| words.iter().any(|word| word == w);
            let servers = has("ns") || has("nameservers") || has("nameserver");
            let verb = ["update", "set", "change", "replace", "modify"]
                .iter()
                .any(|w| has(w));
            (servers && (verb || words.len() == 1)).then_some(verb)
        })
    };
    // (Cheap first: most literals name no name server.)
    let might = |value: &str| {
        ["ns", "Ns", "NS", "ameserver", "ameServer"]
            .iter()
            .any(|w| value.contains(w))
    };
    if !literals
        .iter()
        .any(|value| might(value) && names_servers(value).is_some())
        || !literals
            .iter()
            .any(|value| is_host_name(value) && !names_a_file(value))
    {
        return Vec::new();
    }
    code.lines()
        .enumerate()
        .filter(|(_, line)| {
            placeholder_spans(line, literals).any(|(_, _, value)| {
                names_servers(value).is_some_and(|verb| verb || writes(&expanded(line, literals)))
            })
        })
        .map(|(index, _)| LiteralFinding::at(index + 1, POINTS_RECORDS))
        .collect()
}

/// Whether `value`, a host name in form, is rather a file's name
/// (`report.csv`, `config.json`).
fn names_a_file(value: &str) -> bool {
    const EXTENSIONS: &[&str] = &[
        "csv", "txt", "json", "md", "py", "js", "ts", "sh", "yaml", "yml", "log", "html", "xml",
        "gz", "zip", "tar", "pem", "key", "conf", "cfg", "ini", "toml", "lock", "tsv", "sql",
    ];
    value
        .rsplit('.')
        .next()
        .is_some_and(|ext| EXTENSIONS.contains(&ext))
}

/// MX or NS records given a host name written into the program.
fn records_pointed(code: &str, literals: &[String]) -> Vec<LiteralFinding> {
    // (Cheap first: most programs name neither record type nor records.)
    let names_type = |text: &str| {
        text.split(|c: char| !c.is_ascii_alphanumeric())
            .any(|word| matches!(word, "MX" | "NS"))
    };
    let names_records = |text: &str| {
        let lower = text.to_ascii_lowercase();
        lower.contains("record") || lower.contains("rrset") || lower.contains("dns")
    };
    if !literals.iter().any(|value| names_type(value))
        || !(literals.iter().any(|value| names_records(value)) || names_records(code))
    {
        return Vec::new();
    }
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        if placeholder_spans(line, literals).next().is_none() {
            continue;
        }
        let text = expanded(line, literals);
        let new_host = pairs(&text).into_iter().any(|(key, value)| {
            VALUE_KEYS.contains(&key.to_ascii_lowercase().as_str()) && is_host_name(value)
        });
        if !new_host {
            continue;
        }
        // The lines around name the record type and write.
        let around = &lines[index.saturating_sub(6)..lines.len().min(index + 5)];
        let around: Vec<String> = around.iter().map(|l| expanded(l, literals)).collect();
        if around.iter().any(|l| names_type(l)) && around.iter().any(|l| writes(l)) {
            out.push(LiteralFinding::at(index + 1, POINTS_RECORDS));
        }
    }
    out
}

/// Whether a line (its literals expanded) writes: an HTTP method that
/// sends a body, a Route 53 change's action, or a call that updates.
fn writes(line: &str) -> bool {
    line.split(|c: char| !c.is_ascii_alphanumeric())
        .any(|word| matches!(word, "PATCH" | "PUT" | "POST" | "UPSERT" | "CREATE"))
        || called_anywhere(line).any(|name| {
            let lower = name.to_ascii_lowercase();
            [
                "update", "change", "replace", "upsert", "create", "patch", "put",
            ]
            .iter()
            .any(|verb| lower.starts_with(verb))
        })
}

/// Whether `value` is a host's name, alone or after an MX priority
/// (`mx.filter.example.net`, `10 mx.filter.example.net.`): labels of
/// letters, digits and hyphens, a last label of letters.
fn is_host_name(value: &str) -> bool {
    let name = value.trim().rsplit(' ').next().unwrap_or_default();
    let name = name.trim_end_matches('.');
    let labels: Vec<&str> = name.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|label| {
            !label.is_empty() && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()))
}

#[cfg(test)]
mod tests {
    use super::is_host_name;

    #[test]
    fn host_names() {
        assert!(is_host_name("mx.filter.example.net"));
        assert!(is_host_name("10 mx.filter.example.net."));
        assert!(!is_host_name("203.0.113.7"));
        assert!(!is_host_name("v=spf1 include:_spf.example.net ~all"));
        assert!(!is_host_name("README.md5"));
        assert!(!is_host_name("localhost"));
    }
}
