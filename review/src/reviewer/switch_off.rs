//! An account's protection switched off through its API, judged by the
//! value a call sends rather than by the service: a key that names a
//! protection (`require_two_factor_authentication`, `auditConfigs`,
//! `BlockPublicAcls`, `passwordProtection`) given an "off" value (`False`,
//! `"disabled"`, `null`, `[]`), or a switch (`enabled`, `status`,
//! `isPaused`) turned off on what the request names as a protection (an
//! alert rule's path, a `secret_scanning` setting, MFA factors); a call
//! whose name switches one off (`deactivatePolicy`, `pause_monitor`); a
//! REST path that does (`/policies/ID/lifecycle/deactivate`). In a loop
//! over what a listing returned, every item made public or switched off
//! ([`opens_or_switches_off`], for `bulk`). Whatever the SDK, the same
//! words say the same thing, so a service no rule names is judged too.
//!
//! The code read is the sanitized code: literals are `Sn` placeholders,
//! read here through their texts.

use super::builtin::Severity;
use super::bulk::{
    bound_names, called, called_anywhere, has_word, is_write_method, last_path_part,
    placeholder_spans, switches_off,
};
use super::cloud::Judgment;
use super::literals::LiteralFinding;
use policy::secrets::name_words as words;

pub(super) const DISABLES_PROTECTION: Judgment = (
    Severity::Major,
    "disables-account-protection",
    "switches an account's or project's protection off through its API (MFA or two-factor, audit logs, alert rules or monitors paused, secret or code scanning, branch, password or deletion protection, a WAF or firewall, public-access blocks, a security policy deactivated): what guards the rest; a human decides",
);
pub(super) const MAKES_ADMIN: Judgment = (
    Severity::Major,
    "grants-account-access",
    "makes whoever it names an administrator through an API (`isGrafanaAdmin: true`, `is_superuser=True`, `\"globalRoleId\": \"admin\"`): they can act on the whole account from then on; a human decides",
);
const GRANTS_FIXED_PERSON: Judgment = (
    Severity::Major,
    "grants-account-access",
    "invites, adds or forwards to an e-mail address written into the program (a member, an admin, a mail rule's forward): a fixed outside person gets into the account or its data; a human decides",
);
pub(super) const POINTS_ELSEWHERE: Judgment = (
    Severity::Major,
    "points-service-elsewhere",
    "points a service's webhook, callback or destination at a host the program reads nothing from: the account's events and data flow there from then on; a human decides",
);
pub(super) const OPENS_EACH_LISTED: Judgment = (
    Severity::Major,
    "opens-each-listed",
    "makes every resource a listing returned public, shares it with anyone, or switches each one off (files shared with anyone, buckets or repositories made public, every policy or user deactivated): a bulk change a human decides",
);

/// Words that name a protection by themselves, as a key's or a path's
/// word.
const PROTECTIONS: &[&str] = &[
    "mfa",
    "multifactor",
    "2fa",
    "twofactor",
    "otp",
    "totp",
    "webauthn",
    "audit",
    "auditing",
    "scanning",
    "protection",
    "enforcement",
    "waf",
    "firewall",
    "captcha",
    "rls",
    "alerting",
    "alerts",
    "vulnerability",
    "dependabot",
    "security",
    "threat",
    "malware",
    "antivirus",
    "quarantine",
    "lockout",
    "sso",
    "monitoring",
    "guardduty",
    "factor",
    "factors",
    "protected",
    "backup",
    "backups",
    "versioning",
    "masking",
    "redaction",
    "pitr",
    "scan",
    "prevent",
    "trust",
    "immutable",
    "immutability",
    "worm",
];

/// Words that name what a generic switch (`enabled`, `status`) guards,
/// besides [`PROTECTIONS`].
const GUARDED: &[&str] = &[
    "alert",
    "alarm",
    "alarms",
    "rule",
    "rules",
    "monitor",
    "monitors",
    "policy",
    "policies",
    "guardian",
    "detector",
    "detectors",
    "trail",
    "trails",
    "sink",
    "sinks",
    "scanner",
    "scanners",
    "scans",
    "agent",
    "agents",
];

/// Keys that switch what they are part of on or off.
const SWITCHES: &[&str] = &[
    "enabled",
    "activated",
    "enable",
    "active",
    "isactive",
    "isenabled",
    "status",
    "state",
    "value",
    "mode",
    "on",
    "requirement",
];

/// Keys that name a channel a monitor or an alert notifies through.
const CHANNELS: &[&str] = &[
    "email",
    "sms",
    "call",
    "push",
    "voice",
    "phone",
    "criticalalert",
    "notify",
    "notifications",
    "notification",
];

/// Keys that switch off when true.
const INVERTED: &[&str] = &[
    "paused",
    "ispaused",
    "muted",
    "ismuted",
    "silenced",
    "suspended",
    "issuspended",
    "disabled",
    "isdisabled",
    "snoozed",
    "exclusion",
    "excluded",
    "exempt",
    "exempted",
];

/// Values that switch off.
const OFF: &[&str] = &[
    "false",
    "off",
    "disabled",
    "disable",
    "inactive",
    "suspended",
    "paused",
    "essentially_off",
    "not-configured",
    "bypass",
    "no",
    "none",
];

/// Values that leave a protection watching but no longer stopping
/// anything: a WAF's `log` or `detection` mode, a policy's `audit` or
/// `dryrun` action, SELinux's `permissive`.
const MONITOR_ONLY: &[&str] = &[
    "log",
    "logonly",
    "log_only",
    "monitor",
    "monitoring",
    "detect",
    "detection",
    "detectiononly",
    "count",
    "permissive",
    "reportonly",
    "report_only",
    "report-only",
    "simulate",
    "passive",
    "learning",
    "audit",
    "dryrun",
    "warn",
];

/// Whether `value` is one of [`MONITOR_ONLY`].
fn is_monitor_only(value: &str) -> bool {
    MONITOR_ONLY
        .iter()
        .any(|word| value.eq_ignore_ascii_case(word))
}

/// The verbs of a call or a path's last segment that switch off.
const SWITCH_OFF_VERBS: &[&str] = &[
    "ignore",
    "disable",
    "deactivate",
    "suspend",
    "pause",
    "mute",
    "unenroll",
    "offboard",
    "decommission",
    "retire",
];

/// Whether `words` name a protection: one of [`PROTECTIONS`], "two
/// factor", or a block of public access (`BlockPublicAcls`,
/// `RestrictPublicBuckets`).
fn names_protection(words: &[String]) -> bool {
    let has = |w: &str| words.iter().any(|word| word == w);
    words.iter().any(|w| PROTECTIONS.contains(&w.as_str()))
        || (has("public") && (has("block") || has("restrict") || has("ignore")))
        // A backup repository's or a bucket's writes that cannot delete
        // (`appendOnly`, `append_only`).
        || (has("append") && has("only"))
        || (has("mask") && (has("all") || has("inputs") || has("input") || has("text")))
}

/// Whether `words` name a protection or what a switch guards.
fn names_guarded(words: &[String]) -> bool {
    names_protection(words) || words.iter().any(|w| GUARDED.contains(&w.as_str()))
}

/// `line` with each placeholder replaced by its literal's text (quotes
/// kept), so that a JSON body in a literal and a key written as a literal
/// read as written.
pub(super) fn expanded(line: &str, literals: &[String]) -> String {
    let mut out = String::with_capacity(line.len());
    let mut from = 0;
    for (at, end, value) in placeholder_spans(line, literals) {
        out.push_str(&line[from..at]);
        // (A quote escaped in the literal is a quote in its text:
        // `"{ visibility: \"PUBLIC\" }"`.)
        if value.contains("\\\"") {
            out.push_str(&value.replace("\\\"", "\""));
        } else {
            out.push_str(value);
        }
        from = end;
    }
    out.push_str(&line[from..]);
    out
}

/// [`expanded`], with each URL's or path's query left out.
fn without_queries(line: &str, literals: &[String]) -> String {
    let mut out = String::with_capacity(line.len());
    let mut from = 0;
    for (at, end, value) in placeholder_spans(line, literals) {
        out.push_str(&line[from..at]);
        let path = value.contains('/') || value.starts_with('?');
        out.push_str(match value.split_once('?') {
            Some((before, _)) if path => before,
            _ => value,
        });
        from = end;
    }
    out.push_str(&line[from..]);
    out
}

/// The `key: value` and `key = value` pairs of `text` (code, or a JSON or
/// GraphQL body): the key's name (the last name before the mark, quotes
/// and `[...]` dropped) and the value's first token (a quoted text
/// without its quotes, a name, `[]`, `{}`, `{*` for an object whose
/// first key is `*`, or `{` for another object).
pub(super) fn pairs(text: &str) -> Vec<(&str, &str)> {
    let mut out = Vec::new();
    for (at, mark) in text.match_indices([':', '=']) {
        let after = &text[at + 1..];
        let before = &text[..at];
        if mark == "=" && (after.starts_with(['=', '>']) || before.ends_with(['=', '!', '<', '>']))
        {
            continue;
        }
        if mark == ":" && (after.starts_with([':', '/']) || before.ends_with(':')) {
            continue;
        }
        let key = before
            .trim_end()
            .trim_end_matches(['"', '\'', '`', ']'])
            .trim_end_matches(['"', '\'', '`']);
        let start = key
            .char_indices()
            .rev()
            .find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            .map_or(0, |(i, c)| i + c.len_utf8());
        // A conditional's branches are no pair (`x ? "on" : "off"`).
        let before_key = key[..start].trim_end_matches(['"', '\'', '`']).trim_end();
        let key = &key[start..];
        if key.is_empty() || (mark == ":" && before_key.ends_with('?')) {
            continue;
        }
        let after = after.trim_start();
        let value = if let Some(quoted) = after.strip_prefix(['"', '\'', '`']) {
            let close = after.as_bytes()[0] as char;
            quoted.split(close).next().unwrap_or_default()
        } else if after.starts_with("[]") || after.starts_with("{}") {
            &after[..2]
        } else if after.starts_with('{')
            && after[1..]
                .trim_start()
                .trim_start_matches(['"', '\''])
                .starts_with('*')
        {
            // An object keyed by `*`: everything (Datadog's `silenced`).
            "{*"
        } else if after.starts_with(['{', '[']) {
            &after[..1]
        } else if after.starts_with(|c: char| c.is_ascii_digit()) || after.starts_with("::") {
            // A number, an address or a network (`0.0.0.0/0`).
            let end = after
                .find(|c: char| !(c.is_ascii_hexdigit() || matches!(c, '.' | '/' | ':')))
                .unwrap_or(after.len());
            &after[..end]
        } else {
            let end = after
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            &after[..end]
        };
        out.push((key, value));
    }
    // A JSON Patch operation (`{ op: "replace", path: "/visibility",
    // value: "open" }`) sets the key its path ends in. (Its `path` key
    // may be renamed with a variable of that name.)
    let patched: Vec<(&str, &str)> = out
        .windows(2)
        .filter(|pair| pair[0].1.starts_with('/') && pair[1].0 == "value")
        .filter_map(|pair| Some((pair[0].1.rsplit('/').next()?, pair[1].1)))
        .filter(|(key, _)| !key.is_empty())
        .collect();
    out.extend(patched);
    out
}

/// How a pair switches something off, if it does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Off {
    /// A key that names a protection, given an off value.
    Protection,
    /// A generic switch turned off: harmful only on what is guarded.
    Switch,
}

/// Whether the pair `key`, `value` switches off, and how.
fn switched_off(key: &str, value: &str) -> Option<Off> {
    // (Cheap first: most values are none of these, and the key is split
    // only for those that are.)
    let on = value.eq_ignore_ascii_case("true") || value == "1";
    let off = OFF.iter().any(|word| value.eq_ignore_ascii_case(word));
    // A protection emptied or set to nothing is off too.
    let emptied = matches!(value, "None" | "null" | "[]" | "{}");
    let monitor_only = is_monitor_only(value);
    if !(on || off || emptied || monitor_only || value == "0" || value == "{*") {
        return None;
    }
    if monitor_only {
        // A protection's mode or level (`agentLevel`, `mode`,
        // `enforcementAction`), not a logger's (`logLevel: "warn"`).
        let key_words = words(key);
        let last = key_words.last().map(String::as_str);
        let enforcing = matches!(last, Some("mode" | "level" | "action" | "enforcement"))
            || key_words.iter().any(|w| w == "enforcement");
        return (enforcing && !key_words.iter().any(|w| w == "log" || w == "logging"))
            .then_some(Off::Switch);
    }
    let normal: String = key
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    if INVERTED.contains(&normal.as_str()) {
        return (on || value == "{*").then_some(Off::Switch);
    }
    if SWITCHES.contains(&normal.as_str()) {
        // (`enabled: 0`: a flag written as a number.)
        let zero = value == "0"
            && matches!(
                normal.as_str(),
                "enabled" | "enable" | "active" | "activated" | "isactive" | "isenabled"
            );
        return (off || zero).then_some(Off::Switch);
    }
    // A notification channel turned off (`"sms": false`): harmful only on
    // what is guarded (a monitor's, an alert rule's).
    if off && CHANNELS.contains(&normal.as_str()) {
        return Some(Off::Switch);
    }
    // An action performed on what a call names (`action_name="disable"`).
    if off
        && matches!(
            normal.as_str(),
            "action" | "actionname" | "operation" | "op"
        )
    {
        return Some(Off::Switch);
    }
    let key_words = words(key);
    let has = |w: &str| key_words.iter().any(|word| word == w);
    // Opened rather than switched off: forks given the project's secrets
    // (`forks-receive-secret-env-vars`), anonymous access allowed
    // (`anonAccessEnabled`); history kept for no time at all.
    let forks_get_secrets = (has("fork") || has("forks") || has("forked"))
        && ["secret", "secrets", "token", "tokens"]
            .iter()
            .any(|w| has(w));
    let anonymous_allowed = (has("anon") || has("anonymous"))
        && ["access", "enabled", "allow", "allowed", "read", "write"]
            .iter()
            .any(|w| has(w));
    // Anyone may sign up (`EnableOpenServer`, `open_registration`), or
    // log in as a guest (`guestLoginAllowed`).
    let open_signup = has("open")
        && ["server", "registration", "signup", "sign", "enrollment"]
            .iter()
            .any(|w| has(w));
    let guests_allowed = (has("guest") || has("guests"))
        && ["login", "access", "enabled", "allow", "allowed", "enable"]
            .iter()
            .any(|w| has(w));
    if (on && (forks_get_secrets || anonymous_allowed || open_signup || guests_allowed))
        || (value == "0" && has("retention"))
    {
        return Some(Off::Protection);
    }
    ((off || emptied) && names_protection(&key_words)).then_some(Off::Protection)
}

/// Values (lowercased) that name everyone as who may read or write.
fn opens_to_anyone(value_lower: &str) -> bool {
    matches!(
        value_lower,
        "anyone"
            | "allusers"
            | "allauthenticatedusers"
            | "public-read"
            | "public-read-write"
            | "allpublic"
            | "anybody"
    )
}

/// Values that open what they are given to to anyone.
fn opens(key: &str, value: &str) -> bool {
    const OPENED: &[&str] = &[
        "visibility",
        "access",
        "privacy",
        "acl",
        "share",
        "sharing",
        "audience",
        "permission",
        "type",
        "policy",
        "accessible",
    ];
    let key_words = words(key);
    let has = |w: &str| key_words.iter().any(|word| word == w);
    let value_lower = value.to_ascii_lowercase();
    // Reachable from the whole internet (`ip_filter=0.0.0.0/0`).
    let everywhere = matches!(value, "0.0.0.0/0" | "::/0");
    everywhere
        || opens_to_anyone(&value_lower)
        || (matches!(value_lower.as_str(), "all" | "everyone")
            && (has("accessible") || has("visibility") || has("audience")))
        || (matches!(
            value_lower.as_str(),
            "public" | "publicly" | "anonymous" | "open"
        ) && OPENED.iter().any(|w| has(w)))
        || (has("private") && value_lower == "false")
        || (has("public") && !has("block") && value_lower == "true")
        // Listed in search, for anyone to find (`discoverable: true`), or
        // published on the web (`published: true`).
        || ((has("discoverable") || has("searchable") || has("published"))
            && value_lower == "true")
        || (has("public") && has("access") && matches!(value_lower.as_str(), "blob" | "container"))
}

/// Names of calls that act on what they are given (a request, an SDK's
/// update or save); a verb counts as a name's first word
/// (`update_monitor`, `setIamPolicy`).
fn acts(name: &str) -> bool {
    const NAMES: &[&str] = &[
        "request", "fetch", "send", "save", "urlopen", "axios", "execute",
    ];
    const VERBS: &[&str] = &[
        "update",
        "set",
        "edit",
        "modify",
        "configure",
        "replace",
        "apply",
        "upsert",
        "create",
        "patch",
        "put",
        "post",
        "disable",
        "deactivate",
        "pause",
        "mute",
        "suspend",
        "perform",
    ];
    NAMES.contains(&name)
        || VERBS.iter().any(|verb| {
            name.strip_prefix(verb).is_some_and(|rest| {
                rest.is_empty() || rest.starts_with(|c: char| c == '_' || c.is_ascii_uppercase())
            })
        })
}

/// Whether a call's or a path's words start with a verb that switches off
/// and go on to name what is guarded (`deactivatePolicy`,
/// `pause_alert_rule`).
fn switch_off_call(name: &str) -> bool {
    // (Cheap first: most names start with no such verb.)
    let starts_with_verb = SWITCH_OFF_VERBS.iter().any(|verb| {
        name.get(..verb.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(verb))
    });
    if !starts_with_verb {
        return false;
    }
    let words = words(name);
    words
        .first()
        .is_some_and(|verb| SWITCH_OFF_VERBS.contains(&verb.as_str()))
        && names_guarded(&words[1..])
}

/// Whether `value` is a path (`/` or `.` separated) whose last segment
/// switches off and whose others name what is guarded
/// (`/api/v1/policies/ID/lifecycle/deactivate`, `admin.audit.logs.disable`).
fn switch_off_path(value: &str) -> bool {
    let path = value.split(['?', '#']).next().unwrap_or_default();
    let path = path.trim_end_matches('/');
    let Some(cut) = path.rfind(['/', '.']) else {
        return false;
    };
    let last = path[cut + 1..].to_ascii_lowercase();
    // (`disable-agent`: the verb first, what it switches off after.)
    let mut parts = last.split(['-', '_']);
    let verb = parts.next().unwrap_or_default();
    let rest: Vec<String> = parts.map(str::to_string).collect();
    SWITCH_OFF_VERBS.contains(&verb)
        && (names_guarded(&words(&path[..cut])) || names_guarded(&rest))
}

/// Whether a text (a value or a line's text) might hold an off value,
/// before anything is split: most do not.
fn might_switch_off(text: &str) -> bool {
    super::fixed::SWITCH_OFF_SIGNS.is_match(text)
}

/// The findings of this module in sanitized Python or JavaScript `code`:
/// per line, a fixed address given access, a service pointed elsewhere,
/// or a protection switched off. A key the sanitizer renamed (a
/// TypeScript interface's field: `{ e: "log" }` for `{ agentLevel: "log"
/// }`) is read as written.
pub(super) fn findings(
    code: &str,
    literals: &[String],
    renamed: &[(String, String)],
) -> Vec<LiteralFinding> {
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    // Names bound to an e-mail address (`PARTNER = "pm@partner.example"`);
    // (most programs hold none).
    let any_address = literals.iter().any(|value| is_address(value));
    let addresses: Vec<&str> = if any_address {
        lines
            .iter()
            .filter(|line| placeholder_spans(line, literals).any(|(_, _, v)| is_address(v)))
            .flat_map(|line| bound_names(line))
            .collect()
    } else {
        Vec::new()
    };
    // The hosts the program's URLs name and those it reads from, for a
    // program that has a URL at all (read once, when a line needs them).
    let any_url = literals.iter().any(|value| value.contains("://"));
    let hosts = std::cell::OnceCell::new();
    for index in 0..lines.len() {
        let around = Around {
            lines: &lines,
            index,
            literals,
        };
        let judgment = (any_address && grants_fixed_person(&around, &addresses))
            .then_some(GRANTS_FIXED_PERSON)
            .or_else(|| (any_url && points_elsewhere(&around, &hosts)).then_some(POINTS_ELSEWHERE))
            .or_else(|| switched_off_here(&around, renamed));
        if let Some(judgment) = judgment {
            out.push(LiteralFinding::at(index + 1, judgment));
        }
    }
    out.extend(drops_security_logs(&lines, literals));
    out
}

/// Lines that create a filter dropping or excluding logs (`POST
/// /v1/drop-filters`, `.../exclusions`) in a program that names a
/// security log (CloudTrail, an audit log, auth, Falco, Sysmon): those
/// logs stop being kept, and what they would show goes unseen.
fn drops_security_logs(lines: &[&str], literals: &[String]) -> Vec<LiteralFinding> {
    const SECURITY_LOGS: &[&str] = &[
        "cloudtrail",
        "audit",
        "auth",
        "falco",
        "sysmon",
        "guardduty",
        "security",
        "auditd",
        "secure",
    ];
    let drops = |value: &str| {
        last_path_part(value).is_some_and(|last| {
            let words = words(last);
            let has = |w: &str| words.iter().any(|word| word == w);
            (has("drop") && (has("filter") || has("filters") || has("rule") || has("rules")))
                || has("exclusion")
                || has("exclusions")
        })
    };
    // (Cheap first: most literals name no such path.)
    if !literals
        .iter()
        .any(|value| (value.contains("rop") || value.contains("xclu")) && drops(value))
        || !literals.iter().any(|value| {
            words(value)
                .iter()
                .any(|word| SECURITY_LOGS.contains(&word.as_str()))
        })
    {
        return Vec::new();
    }
    let writes = |line: &str| {
        line.contains(", ")
            || placeholder_spans(line, literals).any(|(_, _, value)| is_write_method(value))
    };
    lines
        .iter()
        .enumerate()
        .filter(|(_, line)| {
            placeholder_spans(line, literals).any(|(_, _, value)| drops(value)) && writes(line)
        })
        .map(|(index, _)| LiteralFinding {
            line: index + 1,
            severity: Severity::Major,
            id: "disables-monitoring",
            message: super::cloud::DISABLES_MONITORING,
        })
        .collect()
}

/// A line of sanitized code and the lines around it.
struct Around<'a> {
    lines: &'a [&'a str],
    index: usize,
    literals: &'a [String],
}

impl<'a> Around<'a> {
    /// The line itself.
    fn line(&self) -> &'a str {
        self.lines[self.index]
    }

    /// Four lines before the line to three after it.
    fn window(&self) -> &'a [&'a str] {
        let from = self.index.saturating_sub(4);
        &self.lines[from..self.lines.len().min(self.index + 4)]
    }

    /// Eight lines before the line to three after it: a request's body
    /// may open several lines below its call.
    fn wide(&self) -> &'a [&'a str] {
        let from = self.index.saturating_sub(8);
        &self.lines[from..self.lines.len().min(self.index + 4)]
    }

    /// Whether `span` has a call that acts (`update_x(`, `fetch(`) or a
    /// write method.
    fn acting_in(&self, span: &[&str]) -> bool {
        span.iter().any(|l| {
            called_anywhere(l).any(acts)
                || placeholder_spans(l, self.literals).any(|(_, _, v)| is_write_method(v))
        })
    }

    /// Whether the words of a line of the window say `what`.
    fn says(&self, what: fn(&[String]) -> bool) -> bool {
        self.window()
            .iter()
            .any(|l| what(&words(&expanded(l, self.literals))))
    }
}

/// Whether the line names an e-mail address (a literal, or a name bound
/// to one, not where it is bound) that the lines around invite, add, make
/// admin or forward to, near a call that acts.
fn grants_fixed_person(around: &Around<'_>, addresses: &[&str]) -> bool {
    let line = around.line();
    // (Where a name is bound to an address, its uses are judged.)
    let binds_address = || {
        line.split_once(" = ").is_some_and(|(_, value)| {
            let value = value.trim_end_matches([';', ',', ' ']);
            value.starts_with(['"', '\'']) && !value.contains(['(', '{', '['])
        })
    };
    (placeholder_spans(line, around.literals).any(|(_, _, v)| is_address(v))
        || addresses.iter().any(|name| has_word(line, name)))
        && !binds_address()
        && around.says(grants_access)
        && around.acting_in(around.wide())
}

/// Whether the line gives a URL key (`url`, `sms_url`, `callbackUrl`) a
/// URL, or a name bound to one, whose host the program reads nothing
/// from, where the lines around name a delivery, near a call that acts.
fn points_elsewhere<'a>(
    around: &Around<'a>,
    hosts: &std::cell::OnceCell<super::secret_files::Hosts<'a>>,
) -> bool {
    let (line, literals) = (around.line(), around.literals);
    // (Cheap first: a URL key's name on the line, or in a literal.)
    let url_key_named = |text: &str| super::fixed::URL_KEYS.is_match(text);
    let named = line.contains([':', '='])
        && (url_key_named(line)
            || placeholder_spans(line, literals)
                // (A key written as a literal, or a body holding one.)
                .any(|(_, _, value)| {
                    (value.len() < 40 || value.contains(':')) && url_key_named(value)
                }));
    if !named {
        return false;
    }
    let text = expanded(line, literals);
    let candidates: Vec<&str> = pairs(&text)
        .into_iter()
        .filter(|(key, _)| is_url_key(key))
        .map(|(_, value)| value)
        .collect();
    // (The program's hosts are read only for a URL key near a delivery
    // and a call that acts: few programs have one.)
    let elsewhere = || {
        let hosts = hosts.get_or_init(|| super::secret_files::Hosts::of(around.lines, literals));
        candidates.iter().any(|value| {
            super::secret_files::url_host_of(value)
                .or_else(|| hosts.bound_to(value))
                .is_some_and(|host| {
                    !hosts.reads(host) && !matches!(host, "localhost" | "127.0.0.1" | "::1")
                })
        })
    };
    !candidates.is_empty()
        && around.says(names_delivery)
        && around.acting_in(around.wide())
        && elsewhere()
}

/// What the line switches off or grants, if anything: a call or path
/// whose verb switches off what is guarded; a pair that switches a
/// protection off, or a switch where the lines around name what it guards,
/// or makes an admin, near a call that acts.
fn switched_off_here(around: &Around<'_>, renamed: &[(String, String)]) -> Option<Judgment> {
    let (line, literals) = (around.line(), around.literals);
    // (A literal `"[]"` is a text, not an emptied value.)
    let literal_signs = placeholder_spans(line, literals).any(|(_, _, value)| {
        (value.len() > 2 && might_switch_off(value))
            || is_monitor_only(value)
            || matches!(value, "no" | "none")
    });
    let by_call = (line.contains('(') && called(line).any(switch_off_call))
        || (literal_signs
            && placeholder_spans(line, literals).any(|(_, _, value)| switch_off_path(value)));
    if by_call {
        return Some(DISABLES_PROTECTION);
    }
    if !(line.contains([':', '=']) && (literal_signs || might_switch_off(line))) {
        return None;
    }
    let acting = || around.acting_in(around.window());
    let as_written = |key: &str| {
        renamed
            .iter()
            .find(|(_, to)| to == key)
            .map_or(key.to_string(), |(from, _)| from.clone())
    };
    // A read's query picks what it reads (`/endpoints?tamperProtectionEnabled=false`).
    let writes = || {
        around.window().iter().any(|l| {
            placeholder_spans(l, literals).any(|(_, _, v)| is_write_method(v))
                || called_anywhere(l).any(|name| matches!(name, "post" | "put" | "patch"))
        })
    };
    let text = if placeholder_spans(line, literals).any(|(_, _, v)| v.contains("?")) && !writes() {
        without_queries(line, literals)
    } else {
        expanded(line, literals)
    };
    pairs(&text).into_iter().find_map(|(key, value)| {
        let key = &as_written(key);
        match switched_off(key, value) {
            Some(Off::Protection) if acting() => Some(DISABLES_PROTECTION),
            Some(Off::Switch) if acting() && around.says(names_guarded) => {
                Some(DISABLES_PROTECTION)
            }
            _ => (makes_admin(key, value) && acting()).then_some(MAKES_ADMIN),
        }
    })
}

/// Whether `key` names where a service sends to: `url`, `sms_url`,
/// `callbackUrl`, `endpoint`, `target_uri`.
pub(super) fn is_url_key(key: &str) -> bool {
    words(key).last().is_some_and(|w| {
        matches!(
            w.as_str(),
            "url" | "uri" | "endpoint" | "href" | "target" | "address"
        )
    })
}

/// Whether `words` (of the lines around a URL) name a delivery a service
/// makes: a webhook, a callback, a destination, a subscription, a
/// message's forward, an export or a stream.
pub(super) fn names_delivery(words: &[String]) -> bool {
    words.iter().any(|word| {
        matches!(
            word.as_str(),
            "webhook"
                | "webhooks"
                | "hook"
                | "hooks"
                | "callback"
                | "callbacks"
                | "destination"
                | "destinations"
                | "subscription"
                | "subscriptions"
                | "sms"
                | "voice"
                | "notification"
                | "notifications"
                | "sink"
                | "sinks"
                | "forward"
                | "forwarding"
                | "stream"
                | "streams"
                | "export"
                | "exports"
                | "mirror"
                | "mirrors"
                | "relay"
                | "integration"
                | "integrations"
                | "drain"
                | "drains"
        )
    })
}

/// Whether `value` is an e-mail address (`pm@partner.example.net`).
fn is_address(value: &str) -> bool {
    let Some((local, domain)) = value.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && local
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '%' | '+' | '-'))
        && domain.rsplit_once('.').is_some_and(|(name, tld)| {
            !name.is_empty() && tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic())
        })
        && domain
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-'))
}

/// Whether `words` (of the lines around an address) name a grant: an
/// invitation, a membership, an admin, an owner, a forward, a user added.
fn grants_access(words: &[String]) -> bool {
    let has = |w: &str| words.iter().any(|word| word == w);
    words.iter().any(|word| {
        matches!(
            word.as_str(),
            "invite"
                | "invites"
                | "invitation"
                | "invitations"
                | "member"
                | "members"
                | "membership"
                | "memberships"
                | "collaborator"
                | "collaborators"
                | "admin"
                | "admins"
                | "administrator"
                | "administrators"
                | "owner"
                | "owners"
                | "forward"
                | "forwarding"
                | "delegate"
                | "delegates"
        )
    }) || (has("add") && (has("user") || has("users")))
}

/// Whether the pair makes whoever it names an administrator
/// (`isGrafanaAdmin: true`, `is_superuser=True`, `site_admin: true`).
fn makes_admin(key: &str, value: &str) -> bool {
    // A role given by name (`"globalRoleId": "admin"`, `role: "owner"`).
    let role_named = || {
        matches!(
            value.to_ascii_lowercase().as_str(),
            "admin" | "administrator" | "owner" | "superuser" | "superadmin" | "cluster-admin"
        ) && words(key).iter().any(|w| w == "role")
    };
    if !matches!(value, "true" | "True" | "1") {
        return role_named();
    }
    let words = words(key);
    words
        .last()
        .is_some_and(|w| matches!(w.as_str(), "admin" | "superuser" | "superadmin"))
        && (words.len() == 1 || matches!(words[0].as_str(), "is" | "site" | "server"))
}

/// The judgment of one literal wherever it stands: a script that switches
/// a server's login off (Jenkins' `SecurityRealm.NO_AUTHENTICATION`,
/// `AuthorizationStrategy.Unsecured`, its CSRF crumbs), or a request's
/// body of several lines (a here-document) that switches a protection off
/// (`anonAccessEnabled: true`, `mfa: false`).
pub(super) fn literal_judgment(text: &str) -> Option<Judgment> {
    if [
        "SecurityRealm.NO_AUTHENTICATION",
        "AuthorizationStrategy.Unsecured",
        "setCrumbIssuer(null)",
    ]
    .iter()
    .any(|sign| text.contains(sign))
    {
        return Some(DISABLES_PROTECTION);
    }
    if sql_audit_off(text) {
        return Some(DISABLES_PROTECTION);
    }
    (text.contains('\n')
        && might_switch_off(text)
        && pairs(text)
            .into_iter()
            .any(|(key, value)| switched_off(key, value) == Some(Off::Protection)))
    .then_some(DISABLES_PROTECTION)
}

/// Whether `text` is a database's settings statement (`SET CLUSTER
/// SETTING`, `SET GLOBAL`, `ALTER SYSTEM SET`, `ALTER ... SET`) that
/// switches its audit or connection logging off (`= false`, `= off`,
/// `= ''`, `= 'none'`, `... SET OFF`).
fn sql_audit_off(text: &str) -> bool {
    let start = text.trim_start();
    let statement = ["SET ", "ALTER "].iter().any(|verb| {
        start
            .get(..verb.len())
            .is_some_and(|word| word.eq_ignore_ascii_case(verb))
    });
    if !statement {
        return false;
    }
    let lower = text.to_ascii_lowercase();
    let logging = [
        "audit",
        "auth_log",
        "log_connections",
        "log_disconnections",
        "log_statement",
    ]
    .iter()
    .any(|setting| lower.contains(setting));
    let off = lower.trim_end().ends_with(" off")
        || ["false", "off", "''", "'none'", "0"].iter().any(|value| {
            lower.contains(&format!("= {value}")) || lower.contains(&format!("to {value}"))
        });
    logging && off
}

/// Whether a command's words after its program ask a service to change
/// something: a CLI's `update` or `set` (`kcadm.sh update realms/x -s
/// enabled=false`), or a GraphQL mutation given to a function that posts
/// it. Package managers' and local tools' settings are their own.
pub(super) fn changes_remotely(program: &str, words_of: &[String]) -> bool {
    const LOCAL: &[&str] = &[
        "npm",
        "yarn",
        "pnpm",
        "pip",
        "pip3",
        "git",
        "gsettings",
        "dconf",
        "sysctl",
        "systemctl",
        "export",
        "declare",
        "local",
        "set",
    ];
    !LOCAL.contains(&program)
        && words_of.iter().any(|word| {
            matches!(
                word.as_str(),
                "update" | "set" | "patch" | "edit" | "modify" | "configure" | "apply"
            ) || word.trim_start().starts_with("mutation")
        })
}

/// Whether sanitized `line` makes what it acts on public or shares it
/// with anyone, switches a protection off, or calls a verb that switches
/// off (`deactivate_user`, `suspend`): judged by `bulk` in a loop over a
/// listing, where it happens to every item.
pub(super) fn opens_or_switches_off(line: &str, literals: &[String]) -> bool {
    let methods: Vec<&str> = called(line).collect();
    let verb = methods.iter().any(|name| {
        words(name)
            .first()
            .is_some_and(|verb| matches!(verb.as_str(), "disable" | "deactivate" | "suspend"))
    });
    // A call given everyone as a value (`bucket.set_type("allPublic")`),
    // not a test of one (`perm.get("type") == "anyone"`).
    let given_to_anyone = !methods.is_empty()
        && !line.contains("==")
        && !line.contains("!=")
        && placeholder_spans(line, literals)
            .any(|(_, _, value)| opens_to_anyone(&value.to_ascii_lowercase()));
    // A public link made for each (`POST dashboard/ID/public_link`), or
    // given a body over the next lines (`api(`/docs/${id}/publish`, {`);
    // not one taken away (`method: "DELETE"`).
    let writes = || {
        let methods = || placeholder_spans(line, literals).map(|(_, _, value)| value);
        (methods().any(is_write_method) || line.contains(", {"))
            && !methods().any(|value| value.eq_ignore_ascii_case("DELETE"))
    };
    // (The line as written, read once, and only for a line with a pair.)
    let text = std::cell::OnceCell::new();
    let text = || text.get_or_init(|| expanded(line, literals)).as_str();
    let has_pair = line.contains([':', '='])
        || placeholder_spans(line, literals).any(|(_, _, value)| value.contains([':', '=']));
    verb || given_to_anyone
        || (has_pair && shortens_retention(text()))
        || placeholder_spans(line, literals).any(|(_, _, value)| {
            path_switches_off(value) || (path_opens(value) && writes())
        })
        // (A pair may be written inside a literal: `?prefs/permissionLevel=public`.)
        || (has_pair
            && pairs(text())
                .into_iter()
                .any(|(key, value)| {
                    // A key and its value need no call on their line (a call's
                    // arguments often span several), but a generic switch
                    // turned off there may be the program's own data.
                    opens(key, value)
                        || match switched_off(key, value) {
                            Some(Off::Protection) => true,
                            // (Any call: `gql(`mutation { ... enabled: false ...}`)`.)
                            Some(Off::Switch) => line.contains('('),
                            None => false,
                        }
                }))
}

/// Whether `text` (a line, its literals expanded) cuts a retention or a
/// lifetime to under a week (`"retentionRules": [{"everySeconds":
/// 3600}]`, `retention_days=1`): what is older is deleted. The unit is
/// the key's (`Seconds`, `hours`, `days`); a key that names none is read
/// as days.
fn shortens_retention(text: &str) -> bool {
    const SIGNS: &[&str] = &[
        "etention", "etain", "xpir", "ttl", "TTL", "ifetime", "axAge", "ax_age",
    ];
    if !SIGNS.iter().any(|sign| text.contains(sign)) {
        return false;
    }
    pairs(text).into_iter().any(|(key, value)| {
        let Ok(n) = value.parse::<u64>() else {
            return false;
        };
        let key_words = words(key);
        let has = |w: &str| key_words.iter().any(|word| word == w);
        // (A request's own waits are no retention.)
        if [
            "timeout", "delay", "wait", "backoff", "sleep", "poll", "interval",
        ]
        .iter()
        .any(|w| has(w))
        {
            return false;
        }
        let week = if has("seconds") || has("secs") || has("sec") {
            7 * 24 * 3600
        } else if has("ms") || has("millis") || has("milliseconds") {
            7 * 24 * 3600 * 1000
        } else if has("minutes") || has("mins") {
            7 * 24 * 60
        } else if has("hours") || has("hrs") {
            7 * 24
        } else if has("days") || ["retention", "ttl", "lifetime"].iter().any(|w| has(w)) {
            7
        } else {
            return false;
        };
        n > 0 && n < week
    })
}

/// Whether `value` is a path whose last part switches off or ignores
/// what it names (`/checks/ID/pause`, `/ignore/ID`, `.../disable-agent`):
/// in a loop over a listing, where each item is, it needs not name what
/// it guards. (An id put at the end is a blank in a literal: `/ignore/ `.)
fn path_switches_off(value: &str) -> bool {
    last_path_part(value).is_some_and(|last| {
        let verb = last.split(['-', '_']).next().unwrap_or_default();
        SWITCH_OFF_VERBS.contains(&verb.to_ascii_lowercase().as_str())
    })
}

/// Whether `value` is a path whose last part makes what it names public
/// or shares it (`dashboard/ID/public_link`, `/make-public`,
/// `/docs/ID/publish`, `/share`, `/review_links`).
pub(super) fn path_opens(value: &str) -> bool {
    last_path_part(value).is_some_and(|last| {
        let words = words(last);
        let has = |w: &str| words.iter().any(|word| word == w);
        ["public", "publish", "share", "shares", "sharing"]
            .iter()
            .any(|w| has(w))
            || ((has("link") || has("links"))
                && ["review", "guest", "invite", "shared"]
                    .iter()
                    .any(|w| has(w)))
    })
}

/// The judgment of an HTTP client's or a service CLI's command line
/// (`curl -X PATCH URL -d BODY`, `kcadm.sh update ... -s enabled=false`,
/// its words expanded, after the program): a body or setting that switches
/// a protection off, or a path that does; in a loop over what a command
/// listed (`in_listed_loop`), any path that switches off, or a body that
/// opens.
pub(super) fn http_command(words_of: &[String], in_listed_loop: bool) -> Option<Judgment> {
    let texts: Vec<&str> = words_of.iter().map(String::as_str).collect();
    if in_listed_loop
        && texts
            .iter()
            .any(|text| switches_off(text) || path_switches_off(text))
    {
        return Some(OPENS_EACH_LISTED);
    }
    if texts.iter().any(|text| switch_off_path(text)) {
        return Some(DISABLES_PROTECTION);
    }
    let guarded = || texts.iter().any(|text| names_guarded(&words(text)));
    // A body or a method that writes (`-d`, `-X POST`).
    let writes = || {
        texts
            .windows(2)
            .any(|pair| matches!(pair[0], "-X" | "--request") && is_write_method(pair[1]))
            || texts.iter().any(|text| {
                ["-d", "--data", "--json", "-F", "--form", "-T"]
                    .iter()
                    .any(|option| text.starts_with(option))
            })
    };
    let mut opened = false;
    // A CLI's option and its value as one pair (`--visibility public`),
    // and a body in double quotes as the shell passes it (`-d
    // "{\"role\": \"admin\"}"`).
    let options: Vec<String> = texts
        .windows(2)
        .filter(|pair| pair[0].starts_with("--") && !pair[1].starts_with('-'))
        .map(|pair| format!("{}={}", pair[0].trim_start_matches('-'), pair[1]))
        .chain(
            texts
                .iter()
                .filter(|text| text.contains("\\\""))
                .map(|text| text.replace("\\\"", "\"")),
        )
        .collect();
    for text in texts
        .iter()
        .copied()
        .chain(options.iter().map(String::as_str))
        .filter(|text| {
            might_switch_off(text)
                || in_listed_loop
                || text.contains("dmin")
                || text.contains("ole")
        })
    {
        for (key, value) in pairs(text) {
            // (Not a read's query: `?globalRoleId=admin` lists who has it.)
            if makes_admin(key, value) && writes() {
                return Some(MAKES_ADMIN);
            }
            match switched_off(key, value) {
                Some(Off::Protection) => return Some(DISABLES_PROTECTION),
                Some(Off::Switch) if guarded() => return Some(DISABLES_PROTECTION),
                _ => opened |= in_listed_loop && opens(key, value),
            }
        }
    }
    opened.then_some(OPENS_EACH_LISTED)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_at_case_and_marks() {
        assert_eq!(words("isPaused"), ["is", "paused"]);
        assert_eq!(
            words("require_two_factor_authentication"),
            ["require", "two", "factor", "authentication"]
        );
        assert_eq!(
            words("/api/v2/guardian/factors/"),
            ["api", "v2", "guardian", "factors"]
        );
        assert_eq!(words("BlockPublicAcls"), ["block", "public", "acls"]);
    }

    #[test]
    fn pairs_read_code_and_bodies() {
        assert_eq!(
            pairs(r#"e["status"] = "disabled""#),
            [("status", "disabled")]
        );
        assert_eq!(pairs(r#"{"value":"off"}"#), [("value", "off")]);
        assert_eq!(
            pairs("x.require_two_factor_authentication = False"),
            [("require_two_factor_authentication", "False")]
        );
        assert_eq!(pairs("{ ...e, isPaused: true }"), [("isPaused", "true")]);
        assert!(pairs("if a == b:").iter().all(|(key, _)| *key != "a"));
    }

    #[test]
    fn what_switches_off() {
        assert!(switched_off("enabled", "False") == Some(Off::Switch));
        assert!(switched_off("isPaused", "true") == Some(Off::Switch));
        assert!(switched_off("isPaused", "false").is_none());
        assert!(switched_off("auditConfigs", "[]") == Some(Off::Protection));
        assert!(switched_off("passwordProtection", "null") == Some(Off::Protection));
        assert!(switched_off("BlockPublicAcls", "false") == Some(Off::Protection));
        assert!(switched_off("logging", "false").is_none());
        assert!(switched_off("verbose", "false").is_none());
        assert!(switched_off("enabled", "True").is_none());
    }

    #[test]
    fn calls_and_paths_that_switch_off() {
        assert!(switch_off_call("deactivatePolicy"));
        assert!(switch_off_call("pause_alert_rule"));
        assert!(!switch_off_call("deactivateUser"));
        assert!(!switch_off_call("pauseQueue"));
        assert!(switch_off_path("/api/v1/policies/S3/lifecycle/deactivate"));
        assert!(switch_off_path("admin.audit.logs.disable"));
        assert!(!switch_off_path("/api/v1/users/7/lifecycle/deactivate"));
    }
}
