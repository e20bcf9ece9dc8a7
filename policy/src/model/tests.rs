use super::*;
use crate::gate::Writes;
use rstest::rstest;

#[test]
fn empty_file_is_the_builtin_policy() {
    assert_eq!(crate::parse("", "p.toml").ok(), Some(Policy::default()));
}

#[test]
fn a_profile_names_only_what_it_changes() {
    let policy = crate::parse("[profile.ci]\ncwd = \"rw\"\ntmp_size = \"1G\"\n", "p.toml")
        .expect("valid policy");
    let ci = policy.profile("ci").expect("ci profile");
    assert_eq!(ci.cwd, CwdMode::Rw);
    assert_eq!(ci.tmp_size, ByteSize(1 << 30));
    assert_eq!(ci.system_ro, Profile::default().system_ro);
    assert!(policy.profile("default").is_ok());
}

#[rstest]
#[case("[profile.default]\nbogus = 1\n", 2, "bogus")]
#[case("[profile.default]\n\ntmp_size = \"lots\"\n", 3, "lots")]
#[case(
    "[profile.default]\nro = [\"/a:relative\"]\n",
    2,
    "not an absolute path"
)]
#[case("[profile.default]\nhome = \"/tmp/../etc\"\n", 2, "..")]
#[case("[profile.default]\ncwd = \"sometimes\"\n", 2, "sometimes")]
#[case("[profile.default.env]\npas = []\n", 2, "pas")]
#[case("[profiles.default]\n", 1, "profiles")]
fn bad_input_names_line_and_key(#[case] text: &str, #[case] line: usize, #[case] needle: &str) {
    let err = crate::parse(text, "p.toml").expect_err("must be refused");
    let message = err.to_string();
    assert!(message.starts_with(&format!("p.toml:{line}:")), "{message}");
    assert!(message.contains(needle), "{message}");
}

#[test]
fn unknown_profile_lists_known_ones() {
    let err = Policy::default().profile("nope").expect_err("unknown");
    assert!(
        err.to_string()
            .contains("known profiles: check, default, tsc"),
        "{err}"
    );
}

#[test]
fn profile_round_trips_through_toml() {
    let text = toml::to_string(&Policy::default()).expect("serializes");
    assert_eq!(crate::parse(&text, "p.toml").ok(), Some(Policy::default()));
}

const RPC_EXAMPLE: &str = r#"[profile.agent.credentials]
GITHUB_TOKEN = { env = "GH_DEPLOY_TOKEN" }
OPENAI_API_KEY = { file = "/run/secrets/openai" }

[profile.agent.tools.deploy]
command = ["/usr/local/bin/deploy", "--env", "staging"]
public_source = false
secret_data = false
public_sink = true
dangerous_writes = true
credentials = ["GITHUB_TOKEN"]
timeout_secs = 120
max_output = "4MiB"

[profile.agent.tools.issues]
command = ["/usr/bin/gh", "issue", "list"]
public_source = true
secret_data = false
public_sink = false
dangerous_writes = false
credentials = ["GITHUB_TOKEN"]

[profile.agent.tools.rm-prod]
command = ["/usr/local/bin/rm-prod"]
dangerous_writes = "forbidden"

[profile.agent.egress]
allow = ["api.openai.com", "*.githubusercontent.com", "localhost"]
allow_addresses = ["127.0.0.1", "::1"]
max_response_bytes = "20MiB"
timeout_secs = 60
max_redirects = 3

[[profile.agent.egress.headers]]
host = "api.openai.com"
header = "Authorization"
credential = "OPENAI_API_KEY"
prefix = "Bearer "

[profile.agent.rpc]
calls_per_second = 50
max_calls = 2000
max_bytes = "16MiB"
session_ttl_secs = 1800
require_review = true
approval_timeout_secs = 120
"#;

#[test]
fn tools_credentials_egress_rpc_parse() {
    let policy = crate::parse(RPC_EXAMPLE, "p.toml").expect("valid policy");
    let agent = policy.profile("agent").expect("agent profile");
    let deploy = &agent.tools["deploy"];
    assert_eq!(deploy.command[0], "/usr/local/bin/deploy");
    assert_eq!(deploy.timeout_secs, 120);
    assert_eq!(deploy.max_output, ByteSize(4 << 20));
    assert_eq!(
        deploy.trust(),
        Trust {
            public_source: false,
            secret_data: false,
            public_sink: true,
            dangerous_writes: Writes::Yes,
        }
    );
    assert_eq!(
        agent.tools["rm-prod"].dangerous_writes,
        Some(Writes::Forbidden)
    );
    assert_eq!(agent.tools["issues"].timeout_secs, 30);
    assert_eq!(agent.tools["issues"].max_output, ByteSize(1 << 20));
    assert_eq!(
        agent.credentials["GITHUB_TOKEN"],
        CredentialSource::Env("GH_DEPLOY_TOKEN".into())
    );
    assert_eq!(
        agent.credentials["OPENAI_API_KEY"],
        CredentialSource::File("/run/secrets/openai".into())
    );
    assert_eq!(agent.egress.allow.len(), 3);
    assert_eq!(agent.egress.allow_addresses.len(), 2);
    assert_eq!(agent.egress.max_response_bytes, ByteSize(20 << 20));
    assert_eq!(agent.egress.headers[0].prefix, "Bearer ");
    assert_eq!(agent.rpc.max_bytes, ByteSize(16 << 20));
    assert!(agent.rpc.require_review);
    assert_eq!(
        agent.tool_trust("http.fetch"),
        crate::gate::builtin_trust("http.fetch")
    );
    assert_eq!(agent.tool_trust("deploy"), Some(deploy.trust()));
    assert_eq!(agent.tool_trust("nope"), None);
}

#[test]
fn new_sections_default_to_nothing_allowed() {
    let profile = Profile::default();
    assert!(profile.tools.is_empty() && profile.credentials.is_empty());
    assert!(profile.egress.allow.is_empty() && profile.egress.allow_addresses.is_empty());
    assert_eq!(profile.egress.max_response_bytes, ByteSize(10 << 20));
    assert_eq!(profile.egress.timeout_secs, 30);
    assert_eq!(profile.egress.max_redirects, 5);
    assert_eq!(profile.rpc, RpcLimits::default());
    assert_eq!(profile.rpc.calls_per_second, 200);
    assert_eq!(profile.rpc.max_calls, 10_000);
    assert_eq!(profile.rpc.max_bytes, ByteSize(64 << 20));
    assert_eq!(profile.rpc.session_ttl_secs, 3600);
    assert!(!profile.rpc.require_review);
    assert_eq!(profile.rpc.approval_timeout_secs, 300);
}

#[test]
fn a_hosts_trust_is_its_most_specific_entry_else_public_both_ways() {
    let text = "[profile.p.egress]\nallow = [\"*.x.com\", \"y.com\"]\n\
                [profile.p.egress.hosts.\"*.x.com\"]\npublic_sink = false\n\
                [profile.p.egress.hosts.\"a.x.com\"]\npublic_source = false\n";
    let policy = crate::parse(text, "p.toml").expect("valid");
    let egress = &policy.profile("p").expect("profile").egress;
    let a = egress.host_trust("a.x.com");
    assert!(!a.public_source && a.public_sink);
    let b = egress.host_trust("b.x.com");
    assert!(b.public_source && !b.public_sink);
    assert_eq!(egress.host_trust("y.com"), super::HostTrust::default());
    assert_eq!(egress.proxy_port, 3128);
    assert_eq!(egress.connect_ports, [443]);
}

#[test]
fn undeclared_trust_is_the_strictest() {
    let policy = crate::parse(
        "[profile.default.tools.t]\ncommand = [\"/bin/t\"]\n",
        "p.toml",
    )
    .expect("valid policy");
    let trust = policy.profile("default").expect("profile").tools["t"].trust();
    assert_eq!(
        trust,
        Trust {
            public_source: true,
            secret_data: true,
            public_sink: true,
            dangerous_writes: Writes::Yes,
        }
    );
}

#[test]
fn example_round_trips_through_toml() {
    let policy = crate::parse(RPC_EXAMPLE, "p.toml").expect("valid policy");
    let text = toml::to_string(&policy).expect("serializes");
    assert_eq!(crate::parse(&text, "p.toml").ok(), Some(policy));
}

#[test]
fn docs_examples_parse() {
    let docs = include_str!("../../../docs/policy.md");
    let blocks: Vec<&str> = docs
        .split("```toml\n")
        .skip(1)
        .filter_map(|rest| rest.split("```").next())
        .collect();
    assert!(blocks.len() >= 2, "no toml examples found");
    for block in blocks {
        if let Err(err) = crate::parse(block, "docs/policy.md") {
            panic!("{err}\n{block}");
        }
    }
}

// Deserialization errors: line and a message naming the form expected.
#[rstest]
#[case("[profile.d.tools.t]\ncommand = []\n", 2, "command` is empty")]
#[case("[profile.d.tools.t]\ncommand = [\"git\"]\n", 2, "absolute path")]
#[case("[profile.d.tools.t]\ncommand = [\"/bin/t\"]\nbogus = 1\n", 3, "bogus")]
#[case("[profile.d.tools.t]\npublic_sink = true\n", 1, "command")]
#[case(
    "[profile.d.tools.t]\ncommand = [\"/bin/t\"]\ndangerous_writes = \"maybe\"\n",
    3,
    "forbidden"
)]
#[case(
    "[profile.d.credentials]\nA = { env = \"A\", file = \"/a\" }\n",
    2,
    "not both"
)]
#[case("[profile.d.credentials]\nA = {}\n", 2, "needs a source")]
#[case("[profile.d.credentials]\nA = { path = \"/a\" }\n", 2, "path")]
#[case("[profile.d.credentials]\nA = { file = \"a\" }\n", 2, "absolute")]
#[case("[profile.d.egress]\nallow = [\"https://x.com\"]\n", 2, "scheme")]
#[case("[profile.d.egress]\nallow = [\"x.com:443\"]\n", 2, "port")]
#[case("[profile.d.egress]\nallow = [\"x.com/a\"]\n", 2, "path")]
#[case("[profile.d.egress]\nallow = [\"*\"]\n", 2, "every host")]
#[case("[profile.d.egress]\nallow = [\"*.com\"]\n", 2, "top-level")]
#[case("[profile.d.egress]\nallow = [\"a.*.com\"]\n", 2, "first label")]
#[case("[profile.d.egress]\nallow = [\"10.0.0.1\"]\n", 2, "IP address")]
#[case("[profile.d.egress]\nallow = [\"127.1\"]\n", 2, "IP address")]
#[case("[profile.d.egress]\nallow = [\"[::1]\"]\n", 2, "IP address")]
#[case("[profile.d.egress]\nallow = [\"X.com\"]\n", 2, "\"x.com\"")]
#[case("[profile.d.egress]\nallow = [\"x..com\"]\n", 2, "label")]
#[case("[profile.d.egress]\nallow = [\"-x.com\"]\n", 2, "label")]
#[case(
    "[profile.d.egress]\nallow_addresses = [\"localhost\"]\n",
    2,
    "not an IP address"
)]
#[case("[profile.d.credentials]\nA = \"x\"\n", 2, "{ env = ")]
#[case(
    "[[profile.d.egress.headers]]\nhost = \"x.com\"\nheader = \"Bad Header\"\ncredential = \"A\"\n",
    3,
    "header name"
)]
#[case(
    "[[profile.d.egress.headers]]\nhost = \"x.com\"\nheader = \"A\"\ncredential = \"A\"\nprefix = \"a\\r\\nX-Evil: 1\"\n",
    5,
    "line breaks"
)]
#[case("[profile.d.rpc]\nmax_bytes = \"lots\"\n", 2, "lots")]
#[case(
    "[profile.d.egress]\nproxy_port = 70000\n",
    2,
    "egress.proxy_port = 70000 is not a port"
)]
#[case(
    "[profile.d.egress]\nconnect_ports = [0]\n",
    2,
    "egress.connect_ports: 0 is not a port"
)]
#[case(
    "[profile.d.egress.hosts.\"x.com\"]\npublic_sinc = true\n",
    2,
    "public_sink"
)]
#[case("[profile.d.rpc]\ncalls = 1\n", 2, "calls")]
fn bad_new_keys_name_line_and_form(#[case] text: &str, #[case] line: usize, #[case] needle: &str) {
    let err = crate::parse(text, "p.toml").expect_err("must be refused");
    let message = err.to_string();
    assert!(message.starts_with(&format!("p.toml:{line}:")), "{message}");
    assert!(message.contains(needle), "{message}");
}

// Checks across keys: the message names the full key and the fix.
#[rstest]
#[case(
    "[profile.default.tools.deploy]\ncommand = [\"/bin/d\"]\ncredentials = [\"TOKEN\"]\n",
    "profile.default.tools.deploy.credentials",
    "[profile.default.credentials]"
)]
#[case(
    "[profile.default.tools.echo]\ncommand = [\"/bin/echo\"]\n",
    "profile.default.tools.echo",
    "built-in"
)]
#[case(
    "[profile.p.tools.\"http.fetch\"]\ncommand = [\"/bin/curl\"]\n",
    "profile.p.tools.http.fetch",
    "built-in"
)]
#[case(
    "[profile.p.tools.\"a b\"]\ncommand = [\"/bin/t\"]\n",
    "profile.p.tools.a b",
    "tool name"
)]
#[case(
    "[profile.p.tools.t]\ncommand = [\"/bin/t\"]\ntimeout_secs = 0\n",
    "profile.p.tools.t.timeout_secs",
    "above 0"
)]
#[case(
    "[profile.p.credentials]\ngh_token = { env = \"GH\" }\n",
    "profile.p.credentials.gh_token",
    "capitals"
)]
#[case(
    "[profile.p.credentials]\n1TOKEN = { env = \"GH\" }\n",
    "profile.p.credentials.1TOKEN",
    "not starting with a digit"
)]
#[case(
    "[profile.p.env]\npass = [\"GH_*\"]\n[profile.p.credentials]\nGH = { env = \"GH_PAT\" }\n",
    "profile.p.credentials.GH",
    "env.pass"
)]
#[case(
    "[profile.p.env]\nallow_credentials = [\"GH_PAT\"]\n[profile.p.credentials]\nGH = { env = \"GH_PAT\" }\n",
    "profile.p.credentials.GH",
    "env.allow_credentials"
)]
#[case(
    "[profile.p.egress]\nallow = [\"x.com\"]\n[[profile.p.egress.headers]]\nhost = \"x.com\"\nheader = \"A\"\ncredential = \"NOPE\"\n",
    "profile.p.egress.headers[0].credential",
    "not a declared credential"
)]
#[case(
    "[profile.p.credentials]\nK = { env = \"K\" }\n[profile.p.egress]\nallow = [\"x.com\"]\n[[profile.p.egress.headers]]\nhost = \"*.x.com\"\nheader = \"A\"\ncredential = \"K\"\n",
    "profile.p.egress.headers[0].host",
    "egress.allow"
)]
#[case(
    "[profile.p.rpc]\nsession_ttl_secs = 0\n",
    "profile.p.rpc.session_ttl_secs",
    "above 0"
)]
#[case(
    "[profile.p.limits]\ntimeout_secs = 9223372036854775807\n",
    "profile.p.limits.timeout_secs",
    "at most 31622400"
)]
#[case(
    "[profile.p.egress]\ntimeout_secs = 9223372036854775807\n",
    "profile.p.egress.timeout_secs",
    "more than a year"
)]
#[case(
    "[profile.p.rpc]\napproval_timeout_secs = 31622401\n",
    "profile.p.rpc.approval_timeout_secs",
    "more than a year"
)]
#[case(
    "[profile.p.tools.t]\ncommand = [\"/bin/t\"]\ntimeout_secs = 9223372036854775807\n",
    "profile.p.tools.t.timeout_secs",
    "more than a year"
)]
#[case(
    "[profile.p.limits]\ncpu_time_secs = 0\n",
    "profile.p.limits.cpu_time_secs",
    "above 0"
)]
#[case(
    "[profile.p.env.set]\n\"A B\" = \"1\"\n",
    "profile.p.env.set.A B",
    "letters, digits and `_`"
)]
#[case(
    "[profile.p.env.set]\n\"A\\nB\" = \"1\"\n",
    "profile.p.env.set.A\\nB",
    "letters, digits and `_`"
)]
#[case(
    "[profile.p]\ntmp_size = \"0\"\n",
    "profile.p.tmp_size",
    "size above 0"
)]
#[case(
    "[profile.p.egress]\nallow = [\"*.x.com\"]\n[profile.p.egress.hosts.\"x.com\"]\npublic_sink = false\n",
    "profile.p.egress.hosts.\"x.com\"",
    "not allowed by `profile.p.egress.allow`"
)]
#[case(
    "[profile.p.limits]\nmemory = 0\n",
    "profile.p.limits.memory",
    "size above 0"
)]
fn cross_key_errors_name_the_key(#[case] text: &str, #[case] key: &str, #[case] needle: &str) {
    let err = crate::parse(text, "p.toml").expect_err("must be refused");
    let message = err.to_string();
    assert!(
        message.starts_with(&format!("p.toml: `{key}`: ")),
        "{message}"
    );
    assert!(message.contains(needle), "{message}");
}
