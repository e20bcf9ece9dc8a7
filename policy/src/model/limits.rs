//! Resource limits (`[limits]`), the RPC channel's limits (`[rpc]`), and
//! the checks every timeout and size in the policy passes.

use serde::{Deserialize, Serialize};

use crate::size::ByteSize;

/// 0 could mean "no limit" or "at once"; neither is what anyone wants here.
fn nonzero_secs() -> String {
    "0 seconds is not a limit; give a number of seconds above 0".to_string()
}

/// The longest any timeout, time limit or session may be: a year (366
/// days). Longer is surely a mistake, and a deadline that far out cannot
/// overflow a clock (2^63 seconds, say, would).
pub const MAX_SECS: u64 = 366 * 24 * 60 * 60;

/// Why `secs` cannot be a timeout or time limit, if it cannot: 0, or more
/// than [`MAX_SECS`].
pub fn check_secs(secs: u64) -> Result<(), String> {
    if secs == 0 {
        return Err(nonzero_secs());
    }
    if secs > MAX_SECS {
        return Err(format!(
            "{secs} seconds is more than a year; give at most {MAX_SECS} (366 days)"
        ));
    }
    Ok(())
}

/// Why `size` cannot be a size limit, if it cannot: a tmpfs of size 0 has
/// no limit at all, and 0 bytes of memory or file kills the payload.
pub fn check_size(size: ByteSize) -> Result<(), String> {
    if size.0 == 0 {
        return Err("0 bytes is not a usable limit; give a size above 0, like \"64M\"".to_string());
    }
    Ok(())
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Limits {
    /// Wall-clock limit in seconds; the whole jail is killed when it passes.
    /// 0 means none (as for GNU `timeout`); a duration string ("1h30m")
    /// is read as its seconds.
    #[serde(
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::duration::deserialize_opt_secs"
    )]
    pub timeout_secs: Option<u64>,
    /// Memory per process (RLIMIT_DATA: heap and private mappings).
    pub memory: ByteSize,
    /// Processes and threads of the jail's user (RLIMIT_NPROC).
    pub pids: u64,
    /// CPU seconds per process (RLIMIT_CPU); none when absent.
    #[serde(
        skip_serializing_if = "Option::is_none",
        deserialize_with = "crate::duration::deserialize_opt_secs"
    )]
    pub cpu_time_secs: Option<u64>,
    /// Open files per process (RLIMIT_NOFILE).
    pub nofile: u64,
    /// Largest file a process may write (RLIMIT_FSIZE).
    pub file_size: ByteSize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            timeout_secs: None,
            memory: ByteSize(4 << 30),
            pids: 1024,
            cpu_time_secs: None,
            nofile: 8192,
            file_size: ByteSize(1 << 30),
        }
    }
}
/// Limits on one session's RPC channel.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RpcLimits {
    pub calls_per_second: u32,
    /// Calls over the whole session.
    pub max_calls: u64,
    /// Request and response bytes over the whole session.
    pub max_bytes: ByteSize,
    /// The session (and its channel) expires this long after it is created.
    pub session_ttl_secs: u64,
    /// Whether `jail exec` (unreviewed code) is refused tool calls, as if
    /// every session had to come from `jail run`.
    pub require_review: bool,
    /// How long a call waits for a human's approval before it is refused.
    pub approval_timeout_secs: u64,
}

impl Default for RpcLimits {
    fn default() -> Self {
        RpcLimits {
            calls_per_second: 200,
            max_calls: 10_000,
            max_bytes: ByteSize(64 << 20),
            session_ttl_secs: 3600,
            require_review: false,
            approval_timeout_secs: 300,
        }
    }
}

/// `secs` seconds from now, without `Instant + Duration` (which panics on
/// overflow: `--timeout 9223372036854775808` once aborted the supervisor
/// with the jail running). Policy refuses timeouts over a year
/// ([`MAX_SECS`]), and the wait is capped there too, which
/// every clock can represent; the fallback to `now` is never taken.
pub fn deadline(secs: u64) -> std::time::Instant {
    let now = std::time::Instant::now();
    let wait = std::time::Duration::from_secs(secs.min(MAX_SECS));
    now.checked_add(wait).unwrap_or(now)
}
