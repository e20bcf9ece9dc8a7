//! Trust properties × session taint → what happens to a tool call.
//!
//! Each tool has four trust properties (declared in the policy for host
//! tools, fixed here for the built-ins). A session carries two taints that
//! only ever grow: *corruption* once it has read anything public (so an
//! attacker may be steering it) and *secret* once it has read secret data.
//! [`decide`] gates a call from the tool's properties and the taint before
//! the call; [`taint_after`] is the taint once the call's output is read.
//! [`decide_command`] gates a shell command line by its class (what the
//! bash gate, `review::shell`, found it can reach) and the same taint.

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Whether a tool can change things that are hard to undo.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Writes {
    No,
    Yes,
    /// The tool may never run, whatever the taint.
    Forbidden,
}

impl Serialize for Writes {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Writes::No => serializer.serialize_bool(false),
            Writes::Yes => serializer.serialize_bool(true),
            Writes::Forbidden => serializer.serialize_str("forbidden"),
        }
    }
}

impl<'de> Deserialize<'de> for Writes {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct WritesVisitor;
        impl Visitor<'_> for WritesVisitor {
            type Value = Writes;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("true, false or \"forbidden\"")
            }
            fn visit_bool<E: de::Error>(self, value: bool) -> Result<Writes, E> {
                Ok(if value { Writes::Yes } else { Writes::No })
            }
            fn visit_str<E: de::Error>(self, value: &str) -> Result<Writes, E> {
                match value {
                    "forbidden" => Ok(Writes::Forbidden),
                    other => Err(E::custom(format!(
                        "`{other}` is not a dangerous_writes value: write true, false or \"forbidden\""
                    ))),
                }
            }
        }
        deserializer.deserialize_any(WritesVisitor)
    }
}

/// A tool's trust properties.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trust {
    /// Its output may come from anyone (web pages, issues, mail).
    pub public_source: bool,
    /// Its output may contain secrets.
    pub secret_data: bool,
    /// What it is given may become visible to others (network, PRs).
    pub public_sink: bool,
    pub dangerous_writes: Writes,
}

/// The built-in tools every session has.
pub const BUILTIN_TOOLS: [&str; 2] = ["echo", "http.fetch"];

/// The trust of a built-in tool; `None` for any other name.
pub fn builtin_trust(name: &str) -> Option<Trust> {
    match name {
        "echo" => Some(Trust {
            public_source: false,
            secret_data: false,
            public_sink: false,
            dangerous_writes: Writes::No,
        }),
        // Fetches go only to the egress allowlist, but what comes back is
        // written by whoever controls those hosts, and what goes out is seen
        // by them.
        "http.fetch" => Some(Trust {
            public_source: true,
            secret_data: false,
            public_sink: true,
            dangerous_writes: Writes::No,
        }),
        _ => None,
    }
}

/// What a session has read so far. Stored with the session.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Taint {
    /// It has read public (attacker-reachable) data.
    pub corruption: bool,
    /// It has read secret data.
    pub secret: bool,
}

impl Taint {
    /// Both taints together: what a session has read through two paths
    /// (its tool calls and its proxy).
    pub fn with(self, other: Taint) -> Taint {
        Taint {
            corruption: self.corruption || other.corruption,
            secret: self.secret || other.secret,
        }
    }
}

/// The gate's answer for one call; the reason goes into messages and the
/// audit log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "decision", content = "reason", rename_all = "lowercase")]
pub enum Gate {
    /// Never runs.
    Blocked(&'static str),
    /// Runs only after a human approves this call.
    Approval(&'static str),
    /// Runs after the call is reviewed (or a human approves it).
    Review(&'static str),
    Allowed,
}

impl Gate {
    /// `blocked`, `approval`, `review` or `allowed`, as serialized.
    pub fn decision(&self) -> &'static str {
        match self {
            Gate::Blocked(_) => "blocked",
            Gate::Approval(_) => "approval",
            Gate::Review(_) => "review",
            Gate::Allowed => "allowed",
        }
    }

    pub fn reason(&self) -> Option<&'static str> {
        match self {
            Gate::Blocked(reason) | Gate::Approval(reason) | Gate::Review(reason) => Some(reason),
            Gate::Allowed => None,
        }
    }
}

/// Gates one call. The first matching row wins:
///
/// | dangerous_writes | corruption | secret | public_sink | gate |
/// |---|---|---|---|---|
/// | forbidden | any | any | any | blocked |
/// | yes | any | any | any | approval |
/// | no | yes | yes | yes | approval |
/// | no | yes | no | yes | review |
/// | no | otherwise | | | allowed |
pub fn decide(trust: &Trust, taint: Taint) -> Gate {
    match trust.dangerous_writes {
        Writes::Forbidden => {
            return Gate::Blocked("the policy forbids this tool (dangerous_writes = \"forbidden\")")
        }
        Writes::Yes => return Gate::Approval("the tool can make writes that are hard to undo"),
        Writes::No => {}
    }
    // Exfiltration needs all three: an attacker steering the session, a
    // secret to steal, and a way out.
    if taint.corruption && taint.secret && trust.public_sink {
        return Gate::Approval(
            "the session has read public input and secret data, and this tool sends data out",
        );
    }
    if taint.corruption && trust.public_sink {
        return Gate::Review("the session has read public input, and this tool sends data out");
    }
    Gate::Allowed
}

/// What a shell command line can reach, as the bash gate classifies it.
/// Ordered by how much it is trusted: a line is its worst segment, and
/// [`Unknown`](CommandClass::Unknown) (anything the gate cannot name) is
/// never treated as local; only [`Network`](CommandClass::Network), which
/// the gate knows reaches out, is worse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CommandClass {
    /// Only programs that cannot reach the network, used in ways that
    /// cannot either.
    Local,
    /// Something the gate cannot name or follow.
    Unknown,
    /// Reaches, or is made to reach, the network.
    Network,
}

impl CommandClass {
    /// `local`, `unknown` or `network`, as serialized.
    pub fn name(self) -> &'static str {
        match self {
            CommandClass::Local => "local",
            CommandClass::Unknown => "unknown",
            CommandClass::Network => "network",
        }
    }
}

/// Gates one shell command line (`jail exec --gate`) by its class and the
/// session's taint. A command that may reach the network is a public sink
/// (as `http.fetch` is), so this is [`decide`]'s matrix for a tool with no
/// writes, with `public_sink` = "network or unknown":
///
/// | corruption | secret | class | gate |
/// |---|---|---|---|
/// | yes | yes | network, unknown | approval |
/// | yes | no | network, unknown | review |
/// | otherwise | | | allowed |
///
/// A local command runs whatever the taint: it cannot send what the
/// session read anywhere, and the jail confines what it writes.
pub fn decide_command(class: CommandClass, taint: Taint) -> Gate {
    if class == CommandClass::Local || !taint.corruption {
        return Gate::Allowed;
    }
    if taint.secret {
        return Gate::Approval(
            "the session has read public input and secret data, and this command may reach the network",
        );
    }
    Gate::Review("the session has read public input, and this command may reach the network")
}

/// The session's taint once it has read the tool's output. Taints never
/// clear: data once read may be anywhere in the session's memory.
pub fn taint_after(trust: &Trust, taint: Taint) -> Taint {
    Taint {
        corruption: taint.corruption || trust.public_source,
        secret: taint.secret || trust.secret_data,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    fn trust(public_sink: bool, dangerous_writes: Writes) -> Trust {
        Trust {
            public_source: false,
            secret_data: false,
            public_sink,
            dangerous_writes,
        }
    }

    #[rstest]
    // dangerous_writes = forbidden wins over everything.
    #[case(false, Writes::Forbidden, false, false, "blocked")]
    #[case(true, Writes::Forbidden, true, true, "blocked")]
    // dangerous_writes = true always needs a human.
    #[case(false, Writes::Yes, false, false, "approval")]
    #[case(true, Writes::Yes, true, false, "approval")]
    // All three legs of exfiltration.
    #[case(true, Writes::No, true, true, "approval")]
    // Corrupted, no secret, can send: review.
    #[case(true, Writes::No, true, false, "review")]
    // Missing any leg: allowed.
    #[case(true, Writes::No, false, true, "allowed")]
    #[case(true, Writes::No, false, false, "allowed")]
    #[case(false, Writes::No, true, true, "allowed")]
    #[case(false, Writes::No, true, false, "allowed")]
    #[case(false, Writes::No, false, true, "allowed")]
    #[case(false, Writes::No, false, false, "allowed")]
    fn decide_follows_the_matrix(
        #[case] public_sink: bool,
        #[case] writes: Writes,
        #[case] corruption: bool,
        #[case] secret: bool,
        #[case] expected: &str,
    ) {
        let gate = decide(&trust(public_sink, writes), Taint { corruption, secret });
        assert_eq!(gate.decision(), expected, "{gate:?}");
        assert_eq!(gate.reason().is_none(), expected == "allowed");
    }

    #[rstest]
    #[case(CommandClass::Local, false, false, "allowed")]
    #[case(CommandClass::Local, true, false, "allowed")]
    #[case(CommandClass::Local, false, true, "allowed")]
    #[case(CommandClass::Local, true, true, "allowed")]
    #[case(CommandClass::Network, false, false, "allowed")]
    #[case(CommandClass::Network, false, true, "allowed")]
    #[case(CommandClass::Network, true, false, "review")]
    #[case(CommandClass::Network, true, true, "approval")]
    // Unknown is never treated as local.
    #[case(CommandClass::Unknown, false, false, "allowed")]
    #[case(CommandClass::Unknown, false, true, "allowed")]
    #[case(CommandClass::Unknown, true, false, "review")]
    #[case(CommandClass::Unknown, true, true, "approval")]
    fn commands_follow_the_matrix(
        #[case] class: CommandClass,
        #[case] corruption: bool,
        #[case] secret: bool,
        #[case] expected: &str,
    ) {
        let gate = decide_command(class, Taint { corruption, secret });
        assert_eq!(gate.decision(), expected, "{class:?}: {gate:?}");
        assert_eq!(gate.reason().is_none(), expected == "allowed");
    }

    /// The command matrix is the tool matrix for a tool with no writes
    /// whose public_sink is "network or unknown".
    #[test]
    fn commands_gate_as_tools_that_may_send() {
        for class in [
            CommandClass::Local,
            CommandClass::Unknown,
            CommandClass::Network,
        ] {
            let tool = trust(class != CommandClass::Local, Writes::No);
            for (corruption, secret) in [(false, false), (true, false), (false, true), (true, true)]
            {
                let taint = Taint { corruption, secret };
                assert_eq!(
                    decide_command(class, taint).decision(),
                    decide(&tool, taint).decision(),
                    "{class:?} {taint:?}"
                );
            }
        }
    }

    #[test]
    fn classes_order_local_unknown_network() {
        assert!(CommandClass::Local < CommandClass::Unknown);
        assert!(CommandClass::Unknown < CommandClass::Network);
        let json = serde_json::to_value(CommandClass::Unknown).expect("serializes");
        assert_eq!(json, "unknown");
        assert_eq!(CommandClass::Network.name(), "network");
    }

    #[rstest]
    #[case(false, false, Taint::default(), Taint::default())]
    #[case(true, false, Taint::default(), Taint { corruption: true, secret: false })]
    #[case(false, true, Taint::default(), Taint { corruption: false, secret: true })]
    #[case(true, true, Taint::default(), Taint { corruption: true, secret: true })]
    // Taints never clear.
    #[case(false, false, Taint { corruption: true, secret: true }, Taint { corruption: true, secret: true })]
    #[case(false, true, Taint { corruption: true, secret: false }, Taint { corruption: true, secret: true })]
    fn taint_only_grows(
        #[case] public_source: bool,
        #[case] secret_data: bool,
        #[case] before: Taint,
        #[case] after: Taint,
    ) {
        let trust = Trust {
            public_source,
            secret_data,
            public_sink: false,
            dangerous_writes: Writes::No,
        };
        assert_eq!(taint_after(&trust, before), after);
    }

    #[test]
    fn builtins() {
        let echo = builtin_trust("echo").expect("echo is built in");
        assert_eq!(
            decide(
                &echo,
                Taint {
                    corruption: true,
                    secret: true
                }
            ),
            Gate::Allowed
        );
        assert_eq!(taint_after(&echo, Taint::default()), Taint::default());

        let fetch = builtin_trust("http.fetch").expect("http.fetch is built in");
        assert_eq!(decide(&fetch, Taint::default()).decision(), "allowed");
        // A fetch taints the session, so the next fetch is reviewed.
        let tainted = taint_after(&fetch, Taint::default());
        assert!(tainted.corruption && !tainted.secret);
        assert_eq!(decide(&fetch, tainted).decision(), "review");

        assert!(builtin_trust("deploy").is_none());
        assert!(BUILTIN_TOOLS
            .iter()
            .all(|name| builtin_trust(name).is_some()));
    }

    #[test]
    fn gate_serializes_with_its_reason() {
        let json = serde_json::to_value(decide(&trust(true, Writes::Yes), Taint::default()))
            .expect("serializes");
        assert_eq!(json["decision"], "approval");
        assert!(json["reason"].as_str().is_some_and(|r| !r.is_empty()));
        let json = serde_json::to_value(Gate::Allowed).expect("serializes");
        assert_eq!(json, serde_json::json!({"decision": "allowed"}));
    }

    #[rstest]
    #[case("x = false", Writes::No)]
    #[case("x = true", Writes::Yes)]
    #[case("x = \"forbidden\"", Writes::Forbidden)]
    fn writes_parses(#[case] text: &str, #[case] expected: Writes) {
        #[derive(Deserialize, Serialize)]
        struct Doc {
            x: Writes,
        }
        let doc: Doc = toml::from_str(text).expect("parses");
        assert_eq!(doc.x, expected);
        let again: Doc =
            toml::from_str(&toml::to_string(&doc).expect("serializes")).expect("round");
        assert_eq!(again.x, expected);
    }

    #[rstest]
    #[case("x = \"yes\"")]
    #[case("x = 1")]
    fn writes_refuses_other_values(#[case] text: &str) {
        #[derive(Debug, Deserialize)]
        #[expect(dead_code, reason = "only parsed")]
        struct Doc {
            x: Writes,
        }
        let err = toml::from_str::<Doc>(text).expect_err("refused");
        assert!(err.to_string().contains("forbidden"), "{err}");
    }
}
