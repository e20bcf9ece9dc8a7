//! The in-jail HTTP proxy (docs/network.md): whether a jail gets one, on
//! which port, and the environment that points ordinary clients at it.
//! The supervisor serves it (supervisor/src/proxy/); the payload binds its
//! listening socket in the jail's network namespace and hands it over.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::Serialize;

use crate::model::Profile;

/// The proxy's address inside the jail.
pub const PROXY_HOST: &str = "127.0.0.1";

/// Where the jail finds the CA bundle its clients trust when the proxy
/// ends TLS for injected credentials (the trusted CAs plus the run's own).
pub const CA_BUNDLE_PATH: &str = "/run/jail/ca.pem";

/// The variables that name the CA bundle, one per client family: OpenSSL
/// and what uses it (`SSL_CERT_FILE`: Python's ssl, curl, wget, git),
/// curl, Python's requests, pip, git, and Node (which adds it to its own
/// roots).
pub const CA_VARIABLES: [&str; 6] = [
    "SSL_CERT_FILE",
    "CURL_CA_BUNDLE",
    "REQUESTS_CA_BUNDLE",
    "PIP_CERT",
    "GIT_SSL_CAINFO",
    "NODE_EXTRA_CA_CERTS",
];

/// What the supervisor adds to the jail for the proxy beyond its address,
/// made before the plan for each run: variables (the placeholders of
/// injected credentials) and the CA bundle.
#[derive(Debug, Clone, Default)]
pub struct ProxyExtras {
    /// Variables set in the jail, over any other value.
    pub env: BTreeMap<String, String>,
    /// A host file of PEM certificates, bound read-only at
    /// [`CA_BUNDLE_PATH`] and named by every one of [`CA_VARIABLES`].
    pub ca_bundle: Option<PathBuf>,
}

/// Whether [`add_env`] or the CA bundle sets `name`.
pub fn sets_variable(name: &str) -> bool {
    let mut env = BTreeMap::new();
    add_env(&mut env, DEFAULT_PORT_FOR_NAMES);
    env.contains_key(name) || name.starts_with("GIT_CONFIG_") || CA_VARIABLES.contains(&name)
}

/// Any port: only the names [`add_env`] sets are read.
const DEFAULT_PORT_FOR_NAMES: u16 = 1;

/// Whether the jail gets the proxy, and if not, why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ProxyPlan {
    /// Listening on `127.0.0.1:port` in the jail's network namespace;
    /// `added`: the variables of [`ProxyExtras`] set beside its own.
    Offered { port: u16, added: Vec<String> },
    /// Not offered, with the reason `--explain` shows.
    NotOffered { why: String },
}

impl ProxyPlan {
    /// The port, when offered.
    pub fn port(&self) -> Option<u16> {
        match self {
            ProxyPlan::Offered { port, .. } => Some(*port),
            ProxyPlan::NotOffered { .. } => None,
        }
    }
}

/// The full tier's answer for `profile`: offered when `egress.allow`
/// names a host and `egress.proxy_port` is not 0.
pub fn plan(profile: &Profile) -> ProxyPlan {
    if profile.egress.allow.is_empty() {
        return ProxyPlan::NotOffered {
            why: "egress.allow is empty, so there is nowhere to go".to_string(),
        };
    }
    match profile.egress.proxy_port {
        0 => ProxyPlan::NotOffered {
            why: "egress.proxy_port = 0".to_string(),
        },
        port => ProxyPlan::Offered {
            port,
            added: Vec::new(),
        },
    }
}

/// The proxy's URL, as the jail's clients are given it.
pub fn url(port: u16) -> String {
    format!("http://{PROXY_HOST}:{port}")
}

/// Points the common clients at the proxy: curl, wget, Python (requests,
/// pip, urllib), Node's npm, git, and the JVM. Values already in `env`
/// are replaced, except that git's and Java's settings are added to the
/// caller's own.
pub fn add_env(env: &mut BTreeMap<String, String>, port: u16) {
    let url = url(port);
    let mut set = |name: &str, value: &str| {
        env.insert(name.to_string(), value.to_string());
    };
    for name in ["HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY"] {
        set(name, &url);
        set(&name.to_ascii_lowercase(), &url);
    }
    // Nothing bypasses it: there is no other way out of the jail.
    set("NO_PROXY", "");
    set("no_proxy", "");
    set("npm_config_proxy", &url);
    set("npm_config_https_proxy", &url);
    set("PIP_PROXY", &url);
    // git reads GIT_CONFIG_COUNT pairs as if they were in its config.
    let index = env
        .get("GIT_CONFIG_COUNT")
        .and_then(|n| n.parse::<u32>().ok())
        .unwrap_or(0);
    env.insert(format!("GIT_CONFIG_KEY_{index}"), "http.proxy".to_string());
    env.insert(format!("GIT_CONFIG_VALUE_{index}"), url.clone());
    env.insert("GIT_CONFIG_COUNT".to_string(), (index + 1).to_string());
    let java = java_options(port);
    let options = env.entry("JAVA_TOOL_OPTIONS".to_string()).or_default();
    if !options.is_empty() {
        options.push(' ');
    }
    options.push_str(&java);
}

/// The JVM's proxy properties.
fn java_options(port: u16) -> String {
    format!(
        "-Dhttp.proxyHost={PROXY_HOST} -Dhttp.proxyPort={port} \
         -Dhttps.proxyHost={PROXY_HOST} -Dhttps.proxyPort={port}"
    )
}

/// Sets what `extras` adds (after [`add_env`]); the names set.
pub fn add_extras(env: &mut BTreeMap<String, String>, extras: &ProxyExtras) -> Vec<String> {
    let mut added: Vec<String> = extras.env.keys().cloned().collect();
    for (name, value) in &extras.env {
        env.insert(name.clone(), value.clone());
    }
    if extras.ca_bundle.is_some() {
        for name in CA_VARIABLES {
            env.insert(name.to_string(), CA_BUNDLE_PATH.to_string());
            added.push(name.to_string());
        }
    }
    added
}

/// Undoes [`add_env`] (the degraded tier has no proxy): the names it set
/// go, and what it added to git's and Java's settings.
pub fn remove_env(env: &mut BTreeMap<String, String>, port: u16) {
    for name in [
        "HTTP_PROXY",
        "HTTPS_PROXY",
        "ALL_PROXY",
        "http_proxy",
        "https_proxy",
        "all_proxy",
        "NO_PROXY",
        "no_proxy",
        "npm_config_proxy",
        "npm_config_https_proxy",
        "PIP_PROXY",
    ] {
        env.remove(name);
    }
    let count = env
        .get("GIT_CONFIG_COUNT")
        .and_then(|n| n.parse::<u32>().ok())
        .unwrap_or(0);
    if let Some(last) = count.checked_sub(1) {
        let key = format!("GIT_CONFIG_KEY_{last}");
        let value = format!("GIT_CONFIG_VALUE_{last}");
        if env.get(&key).is_some_and(|k| k == "http.proxy")
            && env.get(&value).is_some_and(|v| *v == url(port))
        {
            env.remove(&key);
            env.remove(&value);
            if last == 0 {
                env.remove("GIT_CONFIG_COUNT");
            } else {
                env.insert("GIT_CONFIG_COUNT".to_string(), last.to_string());
            }
        }
    }
    if let Some(options) = env.get_mut("JAVA_TOOL_OPTIONS") {
        if let Some(before) = options.strip_suffix(&java_options(port)) {
            *options = before.trim_end().to_string();
        }
        if options.is_empty() {
            env.remove("JAVA_TOOL_OPTIONS");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_client_is_pointed_at_the_proxy() {
        let mut env = BTreeMap::new();
        env.insert("JAVA_TOOL_OPTIONS".to_string(), "-Xmx1g".to_string());
        add_env(&mut env, 3128);
        let url = "http://127.0.0.1:3128";
        for name in [
            "HTTP_PROXY",
            "https_proxy",
            "ALL_PROXY",
            "npm_config_https_proxy",
            "PIP_PROXY",
            "GIT_CONFIG_VALUE_0",
        ] {
            assert_eq!(env[name], url, "{name}");
        }
        assert_eq!(env["NO_PROXY"], "");
        assert_eq!(env["GIT_CONFIG_COUNT"], "1");
        assert_eq!(env["GIT_CONFIG_KEY_0"], "http.proxy");
        assert!(env["JAVA_TOOL_OPTIONS"].starts_with("-Xmx1g -Dhttp.proxyHost=127.0.0.1"));
        assert!(env["JAVA_TOOL_OPTIONS"].ends_with("-Dhttps.proxyPort=3128"));
    }

    #[test]
    fn remove_env_undoes_add_env() {
        let mut env = BTreeMap::new();
        env.insert("JAVA_TOOL_OPTIONS".to_string(), "-Xmx1g".to_string());
        env.insert("PATH".to_string(), "/usr/bin".to_string());
        let before = env.clone();
        add_env(&mut env, 3128);
        remove_env(&mut env, 3128);
        assert_eq!(env, before);
    }

    #[test]
    fn git_settings_go_after_the_callers_own() {
        let mut env = BTreeMap::new();
        env.insert("GIT_CONFIG_COUNT".to_string(), "1".to_string());
        add_env(&mut env, 8080);
        assert_eq!(env["GIT_CONFIG_COUNT"], "2");
        assert_eq!(env["GIT_CONFIG_KEY_1"], "http.proxy");
    }

    #[test]
    fn offered_only_with_hosts_and_a_port() {
        let mut profile = Profile::default();
        assert!(
            matches!(plan(&profile), ProxyPlan::NotOffered { why } if why.contains("egress.allow"))
        );
        profile.egress.allow =
            vec![crate::model::HostPattern::try_from("pypi.org".to_string()).expect("pattern")];
        assert_eq!(plan(&profile).port(), Some(3128));
        profile.egress.proxy_port = 0;
        assert!(
            matches!(plan(&profile), ProxyPlan::NotOffered { why } if why.contains("proxy_port"))
        );
    }
}
