//! Whether a proxy request may go out, and to which addresses: the same
//! checks as `http.fetch` (`egress::checked_addresses`: the host on
//! `egress.allow`, IP literals only from `egress.allow_addresses`, every
//! resolved address checked, no second lookup), plus the proxy's own
//! `egress.connect_ports` for tunnels. A refusal carries its answer.

use std::net::SocketAddr;
use std::time::Instant;

use policy::model::Egress;

use super::request::Request;
use crate::egress::{checked_addresses, EgressError};

/// Why a request does not go out, as the jail's client is told.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// 403 for what the policy refuses, 400 for a request that is not
    /// one, 502/504 when the host cannot be reached.
    pub status: u16,
    /// The whole reason, with the key that would allow it.
    pub reason: String,
    /// A few words for the note at the jail's exit (policy refusals only).
    pub short: Option<&'static str>,
}

impl Refusal {
    pub fn policy(reason: String, short: &'static str) -> Refusal {
        Refusal {
            status: 403,
            reason,
            short: Some(short),
        }
    }

    pub fn bad_request(reason: String) -> Refusal {
        Refusal {
            status: 400,
            reason,
            short: None,
        }
    }
}

/// The checked addresses `request` may be connected to, or why not.
/// `profile` names the profile in the advice.
pub fn addresses(
    request: &Request,
    rules: &Egress,
    profile: &str,
    deadline: Instant,
) -> Result<Vec<SocketAddr>, Refusal> {
    let host = &request.host;
    if request.is_connect() && !rules.connect_ports.contains(&request.port) {
        let ports: Vec<String> = rules.connect_ports.iter().map(u16::to_string).collect();
        return Err(Refusal::policy(
            format!(
                "CONNECT to port {} of {host} is refused: egress.connect_ports of profile \
                 {profile} allows {}; add {} there if that port is meant",
                request.port,
                if ports.is_empty() {
                    "none".to_string()
                } else {
                    ports.join(", ")
                },
                request.port
            ),
            "port not in egress.connect_ports",
        ));
    }
    checked_addresses(host, request.port, rules, deadline).map_err(|err| match err {
        EgressError::HostNotAllowed { .. } => Refusal::policy(
            format!(
                "host {host} is not in egress.allow of profile {profile}; add it in the \
                 policy file"
            ),
            "not in egress.allow",
        ),
        EgressError::IpLiteralNotAllowed { .. } => Refusal::policy(
            format!(
                "IP address {host} is not in egress.allow_addresses of profile {profile}; add \
                 it in the policy file, or use a host name on egress.allow"
            ),
            "IP address not in egress.allow_addresses",
        ),
        EgressError::AddressRefused { addr, reason, .. } => Refusal::policy(
            format!(
                "host {host} resolves to {addr}, {reason}, which is refused; list the address \
                 in egress.allow_addresses of profile {profile} if it is meant"
            ),
            "resolves to a refused address",
        ),
        err @ EgressError::Timeout { .. } => Refusal {
            status: 504,
            reason: err.to_string(),
            short: None,
        },
        err => Refusal {
            status: 502,
            reason: err.to_string(),
            short: None,
        },
    })
}
