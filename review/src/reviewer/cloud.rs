//! Cloud and forge API operations that switch off an account's logging
//! or monitoring, destroy its keys, or give access away, however they are
//! called: an SDK method (`ct.stop_logging(...)`, boto3's snake case;
//! `kms.disableKey(...)`, camel case), a command object
//! (`new ScheduleKeyDeletionCommand(...)`, AWS SDK v3), or the CLI
//! (`aws cloudtrail stop-logging`). Each spelling is read as the CLI's
//! kebab-case name and looked up in one table, so a new SDK or wrapper
//! spelling the same operation is judged the same.

use super::builtin::Severity;
use super::bulk::{called, has_deletion, placeholder_spans, placeholders};
use super::literals::LiteralFinding;

/// What the review says of an operation: severity, id, message.
pub(super) type Judgment = (Severity, &'static str, &'static str);

pub(super) const DISABLES_MONITORING: &str = "switches off an account's audit logging, threat monitoring or alerting (CloudTrail stop-logging or delete-trail, GuardDuty, Security Hub, Config, flow logs, log groups, Vault audit devices, security logs dropped at ingestion, every alert silenced or every monitor muted): what would show the rest; a human decides";
const DESTROYS_KEYS: &str = "disables or schedules the deletion of encryption keys (KMS disable-key, schedule-key-deletion): the data they protect becomes unreadable; a human decides";
const GRANTS_CLOUD_ACCESS: &str = "gives access to an account or its data away (admin policies attached, new access keys or console passwords, a role's trust changed, ingress from anywhere, public ACLs or policies, public snapshots, allUsers bindings, admin collaborators): whoever it names can act there from then on; a human decides";
const DELETES_DATABASE: &str = "deletes a managed database instance or cluster (RDS delete-db-instance, delete-db-cluster): its data, and its backups where the call says so, for good; a human decides";
const REMOVES_PROTECTION: &str = "removes a repository's branch protection: unreviewed pushes to the protected branch; a human decides";

/// The operations, by their CLI name, with the literal one of which the
/// program must also hold for the call to be harmful (none: always).
const OPERATIONS: &[(&str, &[&str], &str, &str)] = &[
    (
        "stop-logging",
        &[],
        "disables-monitoring",
        DISABLES_MONITORING,
    ),
    (
        "delete-trail",
        &[],
        "disables-monitoring",
        DISABLES_MONITORING,
    ),
    (
        "delete-detector",
        &[],
        "disables-monitoring",
        DISABLES_MONITORING,
    ),
    (
        "disable-security-hub",
        &[],
        "disables-monitoring",
        DISABLES_MONITORING,
    ),
    (
        "delete-flow-logs",
        &[],
        "disables-monitoring",
        DISABLES_MONITORING,
    ),
    (
        "delete-log-group",
        &[],
        "disables-monitoring",
        DISABLES_MONITORING,
    ),
    (
        "stop-configuration-recorder",
        &[],
        "disables-monitoring",
        DISABLES_MONITORING,
    ),
    (
        "delete-configuration-recorder",
        &[],
        "disables-monitoring",
        DISABLES_MONITORING,
    ),
    // Every monitor muted: a Datadog downtime scoped `*`.
    (
        "create-downtime",
        &["*"],
        "disables-monitoring",
        DISABLES_MONITORING,
    ),
    ("disable-key", &[], "destroys-keys", DESTROYS_KEYS),
    ("disable-key-rotation", &[], "destroys-keys", DESTROYS_KEYS),
    ("schedule-key-deletion", &[], "destroys-keys", DESTROYS_KEYS),
    (
        "attach-user-policy",
        ADMIN_POLICIES,
        "grants-account-access",
        GRANTS_CLOUD_ACCESS,
    ),
    (
        "attach-role-policy",
        ADMIN_POLICIES,
        "grants-account-access",
        GRANTS_CLOUD_ACCESS,
    ),
    (
        "attach-group-policy",
        ADMIN_POLICIES,
        "grants-account-access",
        GRANTS_CLOUD_ACCESS,
    ),
    (
        "create-access-key",
        &[],
        "grants-account-access",
        GRANTS_CLOUD_ACCESS,
    ),
    (
        "create-login-profile",
        &[],
        "grants-account-access",
        GRANTS_CLOUD_ACCESS,
    ),
    (
        "update-assume-role-policy",
        &[],
        "grants-account-access",
        GRANTS_CLOUD_ACCESS,
    ),
    (
        "authorize-security-group-ingress",
        ANYWHERE,
        "grants-account-access",
        GRANTS_CLOUD_ACCESS,
    ),
    (
        "put-bucket-acl",
        PUBLIC_ACLS,
        "grants-account-access",
        GRANTS_CLOUD_ACCESS,
    ),
    (
        "put-object-acl",
        PUBLIC_ACLS,
        "grants-account-access",
        GRANTS_CLOUD_ACCESS,
    ),
    (
        "delete-public-access-block",
        &[],
        "grants-account-access",
        GRANTS_CLOUD_ACCESS,
    ),
    (
        "delete-bucket-public-access-block",
        &[],
        "grants-account-access",
        GRANTS_CLOUD_ACCESS,
    ),
    (
        "modify-snapshot-attribute",
        EVERYONE,
        "grants-account-access",
        GRANTS_CLOUD_ACCESS,
    ),
    (
        "modify-image-attribute",
        EVERYONE,
        "grants-account-access",
        GRANTS_CLOUD_ACCESS,
    ),
    (
        "modify-db-snapshot-attribute",
        EVERYONE,
        "grants-account-access",
        GRANTS_CLOUD_ACCESS,
    ),
    (
        "set-iam-policy",
        PUBLIC_MEMBERS,
        "grants-account-access",
        GRANTS_CLOUD_ACCESS,
    ),
    // Node's `bucket.iam.setPolicy(policy)`.
    (
        "set-policy",
        PUBLIC_MEMBERS,
        "grants-account-access",
        GRANTS_CLOUD_ACCESS,
    ),
    (
        "add-collaborator",
        &["admin", "maintain"],
        "grants-account-access",
        GRANTS_CLOUD_ACCESS,
    ),
    (
        "disable-vulnerability-alerts",
        &[],
        "disables-monitoring",
        DISABLES_MONITORING,
    ),
    (
        "disable-automated-security-fixes",
        &[],
        "disables-monitoring",
        DISABLES_MONITORING,
    ),
    // Azure's `container.setAccessPolicy("container")`: anonymous reads.
    (
        "set-access-policy",
        &["container", "blob"],
        "grants-account-access",
        GRANTS_CLOUD_ACCESS,
    ),
    (
        "delete-db-instance",
        &[],
        "deletes-database",
        DELETES_DATABASE,
    ),
    (
        "delete-db-cluster",
        &[],
        "deletes-database",
        DELETES_DATABASE,
    ),
    (
        "delete-branch-protection",
        &[],
        "removes-branch-protection",
        REMOVES_PROTECTION,
    ),
    (
        "delete-admin-branch-protection",
        &[],
        "removes-branch-protection",
        REMOVES_PROTECTION,
    ),
];

const ADMIN_POLICIES: &[&str] = &["AdministratorAccess", "IAMFullAccess", "PowerUserAccess"];
const ANYWHERE: &[&str] = &["0.0.0.0/0", "::/0"];
const PUBLIC_ACLS: &[&str] = &["public-read", "public-read-write", "authenticated-read"];
const EVERYONE: &[&str] = &["all"];
const PUBLIC_MEMBERS: &[&str] = &[
    "allUsers",
    "allAuthenticatedUsers",
    "roles/owner",
    "roles/editor",
];

/// The judgment of operation `op` (the CLI's kebab-case name) in a program
/// whose words or literals are `words`.
pub(super) fn judge(op: &str, words: &[&str]) -> Option<Judgment> {
    let (_, when, id, message) = OPERATIONS.iter().find(|(name, ..)| *name == op)?;
    let holds = |literal: &&str| {
        words.iter().any(|word| {
            word == literal
                || word.contains(&format!("/{literal}"))
                || word.ends_with(&format!("={literal}"))
        })
    };
    (when.is_empty() || when.iter().any(holds)).then_some((Severity::Major, *id, *message))
}

/// The first words of the table's operations.
const VERBS: &[&str] = &[
    "stop",
    "delete",
    "disable",
    "create",
    "schedule",
    "attach",
    "update",
    "authorize",
    "put",
    "modify",
    "set",
    "add",
];

/// Whether a name called starts with one of [`VERBS`] (`stopLogging`,
/// `StopLoggingCommand`, `stop_logging`): most names a program calls do
/// not, and need no spelling out.
fn starts_with_an_operations_verb(name: &str) -> bool {
    let end = name
        .char_indices()
        .skip(1)
        .find(|&(_, c)| c == '_' || c.is_ascii_uppercase())
        .map_or(name.len(), |(at, _)| at);
    VERBS
        .iter()
        .any(|verb| name[..end].eq_ignore_ascii_case(verb))
}

/// `name` as the CLI spells the operation: `stop_logging`,
/// `stopLogging` and `StopLoggingCommand` are `stop-logging`. None for a
/// name with no word break (`delete`, `list`): no operation of the table.
pub(super) fn operation_name(name: &str) -> Option<String> {
    let name = name.strip_suffix("Command").unwrap_or(name);
    // No word break, no operation (and most names called are such).
    if !name
        .bytes()
        .skip(1)
        .any(|b| b == b'_' || b.is_ascii_uppercase())
    {
        return None;
    }
    let chars: Vec<char> = name.chars().collect();
    let mut kebab = String::with_capacity(name.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c == '_' {
            kebab.push('-');
        } else if c.is_ascii_uppercase() {
            // A word starts at a capital after a small letter, and at the
            // last capital of an acronym before a small letter
            // (`DeleteDBInstance` is `delete-db-instance`).
            let after_small = i > 0 && !chars[i - 1].is_ascii_uppercase();
            let ends_acronym = i > 0
                && chars[i - 1].is_ascii_uppercase()
                && chars.get(i + 1).is_some_and(char::is_ascii_lowercase);
            if (after_small || ends_acronym) && !kebab.ends_with('-') {
                kebab.push('-');
            }
            kebab.push(c.to_ascii_lowercase());
        } else {
            kebab.push(c);
        }
    }
    kebab.contains('-').then_some(kebab)
}

/// The operations of the table that `code` (Python's or JavaScript's,
/// sanitized) calls, one finding a line; and an HTTP `DELETE` of a
/// branch's protection (`.../branches/main/protection`).
pub(super) fn findings(code: &str, literals: &[String]) -> Vec<LiteralFinding> {
    let words: Vec<&str> = literals.iter().map(String::as_str).collect();
    let lines: Vec<&str> = code.lines().collect();
    let mut out = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        // The request's options may follow on the next lines.
        let request = || lines[index..lines.len().min(index + 4)].iter();
        let judged = called(line)
            .filter(|name| starts_with_an_operations_verb(name))
            .filter_map(operation_name)
            .find_map(|op| judge(&op, &words))
            .or_else(|| rest_operation(line, literals, &mut request()))
            .or_else(|| {
                (placeholders(line, literals)
                    .any(|value| value.trim_end_matches('/').ends_with("/protection"))
                    && request().any(|line| has_deletion(line, literals)))
                .then_some((
                    Severity::Major,
                    "removes-branch-protection",
                    REMOVES_PROTECTION,
                ))
            });
        let judged = judged.or_else(|| {
            let next = &lines[lines.len().min(index + 1)..lines.len().min(index + 3)];
            grants_admin_role(line, next, literals).then_some((
                Severity::Major,
                "grants-account-access",
                GRANTS_CLOUD_ACCESS,
            ))
        });
        if let Some((severity, id, message)) = judged {
            out.push(LiteralFinding {
                line: index + 1,
                severity,
                id,
                message,
            });
        }
    }
    out
}

/// Roles that administer a whole organisation or account.
const ADMIN_ROLES: &[&str] = &[
    "admin",
    "Admin",
    "ADMIN",
    "owner",
    "Owner",
    "OWNER",
    "administrator",
    "Administrator",
    "super_admin",
    "org_admin",
    "SUPER_ADMIN",
    "ORG_ADMIN",
    "Global Administrator",
];
/// The keys a role is given under: `role`, `roles`, GitLab's
/// `access_level`, Azure's `roleDefinitionName` (and Okta's `type`, below).
const ROLE_KEYS: &[&str] = &[
    "role",
    "roles",
    "role_name",
    "roleName",
    "roleDefinitionName",
    "permission",
    "access_level",
    "accessLevel",
    "member_role",
];

/// Whether `line` (sanitized) gives an administrator's role in a call: a
/// role's key (an option's name kept, or a key literal `S1` before `:`)
/// followed by an admin role's literal (`role: "admin"`, `{"type":
/// "SUPER_ADMIN"}`, `role="Owner"`).
fn grants_admin_role(line: &str, next: &[&str], literals: &[String]) -> bool {
    // Cheap first: no admin role's name on the line.
    if !placeholders(line, literals).any(|value| ADMIN_ROLES.contains(&value)) {
        return false;
    }
    // A call that acts: a request, or an SDK's add, set, create, update,
    // invite, assign or grant (not `JSON.stringify` of a fixture).
    let acts_in = |line: &str| {
        called(line).any(|name| {
            ["post", "put", "patch", "request", "fetch", "send"].contains(&name)
                || [
                    "add", "set", "create", "update", "invite", "assign", "grant", "put", "post",
                ]
                .iter()
                .any(|verb| {
                    name.strip_prefix(verb).is_some_and(|rest| {
                        rest.is_empty()
                            || rest.starts_with(|c: char| c == '_' || c.is_ascii_uppercase())
                    })
                })
        }) || super::bulk::called_anywhere(line).any(|name| name == "fetch")
    };
    // Or a request whose method is a literal (`method: "POST"`), on the
    // line or the next two (`const user = { role: "admin" }` then the
    // request).
    let acts = acts_in(line)
        || std::iter::once(&line)
            .chain(next)
            .any(|line| placeholders(line, literals).any(super::bulk::is_write_method));
    if !acts {
        return false;
    }
    let spans: Vec<(usize, usize, &str)> = placeholder_spans(line, literals).collect();
    spans.iter().any(|&(at, end, value)| {
        if !ADMIN_ROLES.contains(&value) {
            return false;
        }
        // A type's union of literals (`role: "admin" | "member"`), not a
        // value.
        let after = line[end..]
            .trim_start_matches(['"', '\'', '`'])
            .trim_start();
        if after.starts_with('|') || line[..at].trim_end().ends_with('|') {
            return false;
        }
        // The key before it: `role: "`, `role="`, `"S4": "`.
        let before = line[..at].trim_end_matches(['"', '\'', '`']).trim_end();
        let Some(before) = before.strip_suffix([':', '=']) else {
            return false;
        };
        let key = before.trim_end().trim_end_matches(['"', '\'', ']']);
        let start = key
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let key = &key[start..];
        // Okta's `type` is a role's key only for its admin roles' names.
        let okta = matches!(value, "SUPER_ADMIN" | "ORG_ADMIN");
        let named = |k: &str| ROLE_KEYS.contains(&k) || (okta && k == "type");
        // Or a key literal (`"S4": "S5"`): the placeholder the key is.
        named(key)
            || spans
                .iter()
                .any(|&(from, to, text)| &line[from..to] == key && named(text))
    })
}

/// GitHub's security features switched off through its REST API (a
/// `DELETE` of `.../vulnerability-alerts` or `.../automated-security-fixes`,
/// code scanning's default setup set `not-configured`), and a repository
/// made public (`update_repo_visibility(..., private=False)`,
/// `repos.update({ visibility: "public" })`).
fn rest_operation<'a>(
    line: &str,
    literals: &[String],
    request: &mut impl Iterator<Item = &'a &'a str>,
) -> Option<Judgment> {
    let values: Vec<&str> = placeholders(line, literals).collect();
    if values.is_empty() && !line.contains("rivate") {
        return None;
    }
    let path_ends = |end: &str| {
        values.iter().any(|v| {
            v.split('?')
                .next()
                .unwrap_or(v)
                .trim_end_matches('/')
                .ends_with(end)
        })
    };
    if path_ends("/vulnerability-alerts") || path_ends("/automated-security-fixes") {
        return request.any(|l| has_deletion(l, literals)).then_some((
            Severity::Major,
            "disables-monitoring",
            DISABLES_MONITORING,
        ));
    }
    if path_ends("/code-scanning/default-setup") {
        return request
            .any(|l| placeholders(l, literals).any(|v| v == "not-configured"))
            .then_some((Severity::Major, "disables-monitoring", DISABLES_MONITORING));
    }
    let publishes = ["private=False", "private: false"]
        .iter()
        .any(|option| line.contains(option))
        || (line.contains("visibility") && values.contains(&"public"));
    let updates = || {
        called(line)
            .any(|name| name.starts_with("update") || name.starts_with("edit") || name == "patch")
    };
    (publishes && updates()).then_some((
        Severity::Major,
        "grants-account-access",
        GRANTS_CLOUD_ACCESS,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every operation of the table starts with one of the verbs that
    /// let a call's name through to be spelled out.
    #[test]
    fn every_operation_starts_with_a_listed_verb() {
        for (name, ..) in OPERATIONS {
            let verb = name.split('-').next().unwrap_or_default();
            assert!(VERBS.contains(&verb), "{name}");
            assert!(starts_with_an_operations_verb(verb), "{name}");
        }
        assert!(starts_with_an_operations_verb("StopLoggingCommand"));
        assert!(!starts_with_an_operations_verb("parseOptions"));
    }
}
