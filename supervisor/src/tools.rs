//! The tools behind the channel: the built-ins (`echo`, `http.fetch`) and
//! the host commands a policy declares, run by the supervisor on the host
//! with the call's JSON on stdin and never through a shell. Credentials are
//! read here, lazily, held as secrets, handed only to the host-side command
//! or request, and redacted from anything that goes back into the jail.

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use policy::gate::Trust;
use policy::model::{CredentialSource, Profile, ToolDecl};
use policy::secrets::Redactor;
use rpc::{ErrorKind, ToolError};
use secrecy::{ExposeSecret, SecretString};

use crate::egress::{self, EgressRecord, FetchRequest};

/// What a tool name resolves to.
pub enum Tool<'a> {
    Echo,
    Fetch,
    Command(&'a ToolDecl),
}

impl<'a> Tool<'a> {
    pub fn lookup(profile: &'a Profile, name: &str) -> Option<(Tool<'a>, Trust)> {
        if let Some(trust) = policy::gate::builtin_trust(name) {
            let tool = if name == "echo" {
                Tool::Echo
            } else {
                Tool::Fetch
            };
            return Some((tool, trust));
        }
        let decl = profile.tools.get(name)?;
        Some((Tool::Command(decl), decl.trust()))
    }
}

/// The profile's credentials, read on first use.
#[derive(Default)]
pub struct Secrets {
    sources: BTreeMap<String, CredentialSource>,
    loaded: BTreeMap<String, SecretString>,
    /// For everything loaded so far.
    redactor: Redactor,
}

impl Secrets {
    pub fn new(profile: &Profile) -> Secrets {
        Secrets {
            sources: profile.credentials.clone(),
            loaded: BTreeMap::new(),
            redactor: Redactor::default(),
        }
    }

    pub fn get(&mut self, name: &str) -> Result<SecretString, ToolError> {
        if let Some(secret) = self.loaded.get(name) {
            return Ok(secret.clone());
        }
        let failed = |message: String| ToolError {
            kind: ErrorKind::ToolFailed,
            message,
        };
        let source = self.sources.get(name).ok_or_else(|| {
            failed(format!(
                "credential `{name}` is not declared (policy key credentials.{name})"
            ))
        })?;
        let value = read_credential(source).map_err(|why| {
            failed(format!(
                "credential `{name}`: {why} (policy key credentials.{name})"
            ))
        })?;
        let secret = value;
        self.loaded.insert(name.to_string(), secret.clone());
        let values: Vec<&str> = self.loaded.values().map(|s| s.expose_secret()).collect();
        self.redactor = Redactor::new(&values);
        Ok(secret)
    }

    /// Replaces every loaded secret in `text`, in its plain and encoded
    /// forms ([`Redactor`]).
    pub fn redact(&self, text: &str) -> String {
        self.redactor.redact(text)
    }
}

/// The reviewers `profile.review.reviewers` configures, then its
/// meta-detectors (`review.meta_detectors`), their keys read with
/// [`read_credential`].
pub fn reviewers(
    profile: &Profile,
) -> Result<Vec<Box<dyn review::reviewer::Reviewer>>, review::reviewer::ReviewError> {
    // HTTP clients in the jail reach the egress proxy where it is offered.
    let http_egress = policy::proxy::plan(profile).port().is_some();
    let reviewers = profile
        .review
        .reviewers
        .iter()
        .map(|config| review::reviewer::from_config(config, http_egress, &read_credential));
    let detectors = profile.review.meta_detectors.iter().map(|config| {
        review::reviewer::from_config(config, http_egress, &read_credential).map(|detector| {
            Box::new(review::reviewer::MetaDetector(detector))
                as Box<dyn review::reviewer::Reviewer>
        })
    });
    reviewers.chain(detectors).collect()
}

/// Reads a credential from the supervisor's environment or a file of its.
pub fn read_credential(source: &CredentialSource) -> Result<SecretString, String> {
    match source {
        CredentialSource::Env(env) => std::env::var(env)
            .map(SecretString::from)
            .map_err(|_| format!("the supervisor's environment variable `{env}` is not set")),
        CredentialSource::File(file) => std::fs::read_to_string(file)
            .map(|text| SecretString::from(text.trim_end_matches(['\n', '\r']).to_string()))
            .map_err(|err| format!("cannot read {} ({err})", file.display())),
    }
}

/// Runs `tool` with `args` (JSON text); the JSON result.
pub fn run(
    tool: &Tool,
    args: &str,
    profile: &Profile,
    secrets: &mut Secrets,
    egress_log: &mut Vec<EgressRecord>,
    cancel: &AtomicBool,
) -> Result<String, ToolError> {
    match tool {
        Tool::Echo => Ok(args.to_string()),
        Tool::Fetch => {
            let request: FetchRequest = serde_json::from_str(args).map_err(|err| ToolError {
                kind: ErrorKind::BadArguments,
                message: format!(
                    "http.fetch takes {{\"url\": ..., \"method\"?, \"headers\"?, \"body\"?}}: {err}"
                ),
            })?;
            // Loaded up front so the fetch's lookup is a plain read; one
            // that fails to load is reported by fetch if a host needs it.
            for header in &profile.egress.headers {
                let _ = secrets.get(&header.credential);
            }
            let loaded = &secrets.loaded;
            let result = egress::fetch(
                &request,
                &profile.egress,
                &|name| loaded.get(name).cloned(),
                &secrets.redactor,
                egress_log,
            );
            match result {
                // Redacted by fetch already (before its cut); once more as
                // JSON, for the same reason as every tool's output.
                Ok(response) => serde_json::to_string(&response)
                    .map(|json| secrets.redact(&json))
                    .map_err(|err| ToolError {
                        kind: ErrorKind::ToolFailed,
                        message: err.to_string(),
                    }),
                Err(err) => Err(ToolError {
                    kind: ErrorKind::Egress,
                    message: err.to_string(),
                }),
            }
        }
        Tool::Command(decl) => run_command(decl, args, secrets, cancel),
    }
}

/// A declared host command: argv from the policy, the call's JSON on
/// stdin, only PATH and the declared credentials in its environment.
/// `cancel` (the jail has ended) kills it: nobody is left to answer.
fn run_command(
    decl: &ToolDecl,
    args: &str,
    secrets: &mut Secrets,
    cancel: &AtomicBool,
) -> Result<String, ToolError> {
    let failed = |message: String| ToolError {
        kind: ErrorKind::ToolFailed,
        message,
    };
    let Some((program, rest)) = decl.command.split_first() else {
        return Err(failed(
            "the tool has no command (policy key tools.NAME.command)".into(),
        ));
    };
    let mut command = Command::new(program);
    command
        .args(rest)
        .env_clear()
        .env("PATH", "/usr/local/bin:/usr/bin:/bin")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for name in &decl.credentials {
        command.env(name, secrets.get(name)?.expose_secret());
    }
    let mut child = command
        .spawn()
        .map_err(|err| failed(format!("cannot start {program}: {err}")))?;
    if let Some(mut stdin) = child.stdin.take() {
        // A command that does not read its input is not an error.
        let _ = stdin.write_all(args.as_bytes());
    }
    let max = decl.max_output.0;
    let read_capped = |pipe: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut out = Vec::new();
            if let Some(pipe) = pipe {
                let _ = pipe.take(max.saturating_add(1)).read_to_end(&mut out);
            }
            out
        })
    };
    let stdout = read_capped(
        child
            .stdout
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let stderr = read_capped(
        child
            .stderr
            .take()
            .map(|p| Box::new(p) as Box<dyn Read + Send>),
    );
    let deadline = policy::model::deadline(decl.timeout_secs);
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if cancel.load(Ordering::Relaxed) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(failed(format!(
                    "{program} was stopped: the jail ended before it finished"
                )));
            }
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(failed(format!(
                    "{program} did not finish within {} s (policy key tools.NAME.timeout_secs)",
                    decl.timeout_secs
                )));
            }
        }
    };
    let out = stdout.join().unwrap_or_default();
    let err = stderr.join().unwrap_or_default();
    if out.len() as u64 > max {
        return Err(failed(format!(
            "{program} wrote more than {max} bytes (policy key tools.NAME.max_output)"
        )));
    }
    let text = secrets.redact(&String::from_utf8_lossy(&out));
    if !status.success() {
        let why = secrets.redact(String::from_utf8_lossy(&err).trim());
        return Err(failed(format!("{program} failed ({status}): {why}")));
    }
    // JSON output is passed through; anything else becomes a JSON string.
    Ok(match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(_) => text.trim().to_string(),
        Err(_) => serde_json::Value::String(text).to_string(),
    })
}
