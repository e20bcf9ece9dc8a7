//! The jail's environment: cleared, then built from a small allowlist.

use std::collections::BTreeMap;

use crate::model::EnvRules;
use crate::PolicyError;

/// Substrings that make a variable name look like a credential.
const CREDENTIAL_MARKERS: [&str; 5] = ["TOKEN", "SECRET", "KEY", "PASSWORD", "CREDENTIAL"];

/// The marker a name contains, if it looks like a credential.
pub fn credential_marker(name: &str) -> Option<&'static str> {
    let upper = name.to_ascii_uppercase();
    CREDENTIAL_MARKERS
        .into_iter()
        .find(|marker| upper.contains(marker))
}

/// What the caller asked for on top of the profile.
#[derive(Debug, Default, Clone)]
pub struct EnvRequest {
    /// `K=V` entries (`--env`).
    pub set: Vec<String>,
    /// Names passed from the caller's environment (`--env-pass`).
    pub pass: Vec<String>,
}

/// The result: the variables, sorted, and notes on what was left out.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct JailEnv {
    pub vars: BTreeMap<String, String>,
    pub notes: Vec<String>,
}

/// Builds the environment from the profile's rules, the caller's request and
/// the host environment. HOME is always the jail's.
pub fn build(
    rules: &EnvRules,
    request: &EnvRequest,
    host: &[(String, String)],
    home: &str,
) -> Result<JailEnv, PolicyError> {
    let allowed = |name: &str| rules.allow_credentials.iter().any(|a| a == name);
    let refuse_credential = |name: &str| -> Result<(), PolicyError> {
        match credential_marker(name) {
            Some(marker) if !allowed(name) => Err(PolicyError::CredentialEnv {
                name: name.to_string(),
                marker,
            }),
            _ => Ok(()),
        }
    };
    let host_value = |name: &str| host.iter().find(|(k, _)| k == name).map(|(_, v)| v);

    let mut env = JailEnv::default();
    for (name, value) in host {
        if !rules.pass.iter().any(|pattern| matches_name(name, pattern)) {
            continue;
        }
        if credential_marker(name).is_some() && !allowed(name) {
            env.notes.push(format!(
                "host variable {name} matches env.pass but looks like a credential; not passed"
            ));
            continue;
        }
        env.vars.insert(name.clone(), value.clone());
    }
    for (name, value) in &rules.set {
        check_entry(name, value)?;
        env.vars.insert(name.clone(), value.clone());
    }
    env.vars.insert("HOME".to_string(), home.to_string());
    for name in &request.pass {
        check_entry(name, "")?;
        refuse_credential(name)?;
        let value =
            host_value(name).ok_or_else(|| PolicyError::EnvNotSet { name: name.clone() })?;
        env.vars.insert(name.clone(), value.clone());
    }
    for entry in &request.set {
        let (name, value) = entry.split_once('=').ok_or_else(|| PolicyError::BadEnv {
            entry: entry.clone(),
            reason: "write it as NAME=VALUE",
        })?;
        check_entry(name, value)?;
        refuse_credential(name)?;
        env.vars.insert(name.to_string(), value.to_string());
    }
    Ok(env)
}

fn matches_name(name: &str, pattern: &str) -> bool {
    match pattern.strip_suffix('*') {
        Some(prefix) => name.starts_with(prefix),
        None => name == pattern,
    }
}

/// Whether `name` is a shell-style variable name: `[A-Za-z_][A-Za-z0-9_]*`.
/// Anything else (spaces, `=`, newlines, NUL, empty) either cannot be set
/// or cannot be used from a shell, and hides what the jail really gets.
pub fn is_shell_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn check_entry(name: &str, value: &str) -> Result<(), PolicyError> {
    let bad = |reason| PolicyError::BadEnv {
        // Escaped: a name with a newline or escape must not redraw the message.
        entry: name.escape_debug().to_string(),
        reason,
    };
    if name.is_empty() {
        return Err(bad("the name is empty"));
    }
    if !is_shell_name(name) {
        return Err(bad(
            "a name is letters, digits and `_`, not starting with a digit (like MY_VAR); \
             fix the --env/--env-pass argument or the env.set key",
        ));
    }
    if value.contains('\0') {
        return Err(bad("the value contains a NUL byte"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn host() -> Vec<(String, String)> {
        [
            ("PATH", "/host/bin"),
            ("LANG", "C.UTF-8"),
            ("LC_ALL", "C"),
            ("HOME", "/root"),
            ("GITHUB_TOKEN", "ghp_secret"),
            ("EDITOR", "vi"),
        ]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
    }

    fn build_with(request: EnvRequest) -> Result<JailEnv, PolicyError> {
        build(&EnvRules::default(), &request, &host(), "/tmp")
    }

    #[test]
    fn only_the_allowlist_passes() {
        let env = build_with(EnvRequest::default()).expect("builds");
        let names: Vec<&str> = env.vars.keys().map(String::as_str).collect();
        assert_eq!(names, ["HOME", "LANG", "LC_ALL", "PATH"]);
        assert_eq!(env.vars["HOME"], "/tmp");
        assert_ne!(env.vars["PATH"], "/host/bin");
    }

    #[test]
    fn explicit_requests_are_added() {
        let request = EnvRequest {
            set: vec!["MODE=fast".into(), "EMPTY=".into()],
            pass: vec!["EDITOR".into()],
        };
        let env = build_with(request).expect("builds");
        assert_eq!(env.vars["MODE"], "fast");
        assert_eq!(env.vars["EMPTY"], "");
        assert_eq!(env.vars["EDITOR"], "vi");
    }

    #[rstest]
    #[case(EnvRequest { pass: vec!["GITHUB_TOKEN".into()], ..Default::default() })]
    #[case(EnvRequest { set: vec!["API_KEY=x".into()], ..Default::default() })]
    #[case(EnvRequest { set: vec!["db_password=x".into()], ..Default::default() })]
    #[case(EnvRequest { set: vec!["AWS_CREDENTIALS=x".into()], ..Default::default() })]
    #[case(EnvRequest { set: vec!["MY_SECRET=x".into()], ..Default::default() })]
    fn credential_names_are_refused_with_the_fix(#[case] request: EnvRequest) {
        let err = build_with(request).expect_err("refused");
        assert!(err.to_string().contains("env.allow_credentials"), "{err}");
    }

    #[test]
    fn an_allowed_credential_passes() {
        let rules = EnvRules {
            allow_credentials: vec!["GITHUB_TOKEN".into()],
            ..EnvRules::default()
        };
        let request = EnvRequest {
            pass: vec!["GITHUB_TOKEN".into()],
            ..Default::default()
        };
        let env = build(&rules, &request, &host(), "/tmp").expect("allowed");
        assert_eq!(env.vars["GITHUB_TOKEN"], "ghp_secret");
    }

    #[test]
    fn a_credential_matching_a_pass_glob_is_left_out_with_a_note() {
        let rules = EnvRules {
            pass: vec!["GITHUB_*".into()],
            ..EnvRules::default()
        };
        let env = build(&rules, &EnvRequest::default(), &host(), "/tmp").expect("builds");
        assert!(!env.vars.contains_key("GITHUB_TOKEN"));
        assert!(env.notes.iter().any(|n| n.contains("GITHUB_TOKEN")));
    }

    #[rstest]
    #[case(EnvRequest { set: vec!["NOEQUALS".into()], ..Default::default() })]
    #[case(EnvRequest { set: vec!["=v".into()], ..Default::default() })]
    #[case(EnvRequest { pass: vec!["UNSET_VAR".into()], ..Default::default() })]
    fn malformed_requests_are_refused(#[case] request: EnvRequest) {
        assert!(build_with(request).is_err());
    }

    #[rstest]
    #[case("A B=1", "A B")]
    #[case("A\nB=1", "A\\nB")]
    #[case("A\rB=1", "A\\rB")]
    #[case("1A=1", "1A")]
    #[case("A-B=1", "A-B")]
    #[case("A\u{1b}[2J=1", "A\\u{1b}[2J")]
    #[case("\u{e9}T\u{e9}=1", "\u{e9}T\u{e9}")]
    fn names_that_are_not_shell_names_are_refused_escaped(
        #[case] entry: &str,
        #[case] shown: &str,
    ) {
        let err = build_with(EnvRequest {
            set: vec![entry.into()],
            ..Default::default()
        })
        .expect_err("refused");
        let message = err.to_string();
        assert!(message.contains(&format!("`{shown}`")), "{message}");
        assert!(message.contains("letters, digits and `_`"), "{message}");
        assert!(
            !message.contains('\n') && !message.contains('\r'),
            "{message}"
        );
    }

    #[rstest]
    #[case("A\0B", "NUL-in-name")]
    #[case("", "empty")]
    fn pass_names_are_checked_too(#[case] name: &str, #[case] _why: &str) {
        let err = build_with(EnvRequest {
            pass: vec![name.into()],
            ..Default::default()
        })
        .expect_err("refused");
        assert!(matches!(err, PolicyError::BadEnv { .. }), "{err}");
    }

    #[test]
    fn shell_names() {
        for good in ["A", "_", "a_b9", "PATH", "_X1"] {
            assert!(is_shell_name(good), "{good}");
        }
        for bad in ["", "9A", "A B", "A=B", "A\0", "A.B", "\u{e9}"] {
            assert!(!is_shell_name(bad), "{bad:?}");
        }
    }
}
