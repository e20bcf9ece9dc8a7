//! The seccomp allowlist, as a reviewed table, and its compilation to BPF.
//!
//! Two filters are installed, allowlist first:
//! 1. the lists: the allowed calls pass, the refused ones fail with EPERM,
//!    anything else fails with ENOSYS so programs fall back (glibc retries
//!    `clone3` as `clone`). Built here as a binary search over ranges of
//!    call numbers: about 120 instructions instead of seccompiler's linear
//!    ~1700, which the kernel verifies and JITs at every start and runs on
//!    every system call (docs/decisions/0002-seccomp-as-ranges.md);
//! 2. conditional refusals (seccompiler): dangerous uses of `clone`,
//!    `socket`, `ioctl` and `personality` fail with EPERM; everything else
//!    passes on to the lists.
//!
//! The kernel runs every filter and keeps the strictest answer, and between
//! two ERRNO answers the later-installed filter's: so a refused call gets
//! EPERM even though the allowlist would say ENOSYS. Both filters check the
//! architecture first and kill the process on a mismatch (i386 `int 0x80`);
//! x32 numbers (bit 30 set) get ENOSYS.
//!
//! The lists are in `seccomp/table.rs`, the range compiler in `ranges.rs` and
//! the conditional refusals in `args.rs`.

use serde::Serialize;

use crate::error::SeccompError;
use crate::PolicyError;

mod args;
mod ranges;
mod table;

pub use table::{refused_on_shared_host, IPC, REFUSED, REFUSED_ON_SHARED_HOST};

use args::refusals;
use ranges::{bpf, lists};
use table::allowed;

/// A compiled BPF program, ready for `seccompiler::apply_filter`.
pub type BpfProgram = seccompiler::BpfProgram;

#[cfg(target_arch = "x86_64")]
const ARCH: seccompiler::TargetArch = seccompiler::TargetArch::x86_64;
#[cfg(target_arch = "x86_64")]
const ARCH_NAME: &str = "x86_64";
#[cfg(target_arch = "x86_64")]
const AUDIT_ARCH: u32 = 0xC000_003E;
#[cfg(target_arch = "aarch64")]
const ARCH: seccompiler::TargetArch = seccompiler::TargetArch::aarch64;
#[cfg(target_arch = "aarch64")]
const ARCH_NAME: &str = "aarch64";
#[cfg(target_arch = "aarch64")]
const AUDIT_ARCH: u32 = 0xC000_00B7;

/// What `--explain` shows of the filter, and what `compile` builds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeccompPlan {
    pub enabled: bool,
    pub arch: &'static str,
    /// Extra calls the profile allows, by name.
    pub extra_allowed: Vec<String>,
    pub allowed_count: usize,
    pub refused: Vec<&'static str>,
    /// The degraded tier's extra refusals are in `refused` too.
    pub shared_host: bool,
    pub otherwise: &'static str,
    /// Numbers of every allowed call, sorted.
    #[serde(skip)]
    allowed_numbers: Vec<u32>,
    /// Numbers of every refused call, sorted.
    #[serde(skip)]
    refused_numbers: Vec<u32>,
}

pub fn plan(enabled: bool, extra_allowed: &[String]) -> Result<SeccompPlan, PolicyError> {
    let mut numbers: Vec<u32> = Vec::new();
    for (_, nr, _) in allowed() {
        numbers.push(call_number(*nr)?);
    }
    for name in extra_allowed {
        if REFUSED.iter().any(|(refused, _, _)| refused == name) {
            return Err(SeccompError::AlwaysRefused { name: name.clone() }.into());
        }
        numbers.push(number_of(name)?);
    }
    numbers.sort_unstable();
    numbers.dedup();
    let mut refused_numbers = REFUSED
        .iter()
        .map(|(_, nr, _)| call_number(*nr))
        .collect::<Result<Vec<_>, _>>()?;
    refused_numbers.sort_unstable();
    Ok(SeccompPlan {
        enabled,
        arch: ARCH_NAME,
        extra_allowed: extra_allowed.to_vec(),
        allowed_count: numbers.len(),
        refused: REFUSED.iter().map(|(name, _, _)| *name).collect(),
        shared_host: false,
        otherwise: "ENOSYS (refused calls: EPERM; wrong architecture: process killed)",
        allowed_numbers: numbers,
        refused_numbers,
    })
}

impl SeccompPlan {
    /// The same filter for a jail that shares the host's namespaces (the
    /// degraded tier): [`refused_on_shared_host`] moves from allowed to
    /// refused, whatever the profile's `seccomp.allow` says.
    pub fn for_shared_host(&self) -> Result<SeccompPlan, PolicyError> {
        let mut plan = self.clone();
        for (name, nr, _) in refused_on_shared_host() {
            let nr = call_number(*nr)?;
            plan.allowed_numbers.retain(|n| *n != nr);
            if !plan.refused_numbers.contains(&nr) {
                plan.refused_numbers.push(nr);
                plan.refused.push(name);
            }
        }
        plan.refused_numbers.sort_unstable();
        plan.allowed_count = plan.allowed_numbers.len();
        plan.shared_host = true;
        Ok(plan)
    }
}

fn call_number(nr: libc::c_long) -> Result<u32, PolicyError> {
    u32::try_from(nr).map_err(|source| SeccompError::BadNumber { nr, source }.into())
}

/// A call's number on this architecture, from seccompiler's table: the
/// name is compiled into a one-rule filter and read back from its compare.
fn number_of(name: &str) -> Result<u32, PolicyError> {
    let json = format!(
        r#"{{"t":{{"mismatch_action":"allow","match_action":{{"errno":1}},"filter":[{{"syscall":"{}"}}]}}}}"#,
        name.escape_default()
    );
    let programs = seccompiler::compile_from_json(json.as_bytes(), ARCH).map_err(|_| {
        SeccompError::UnknownCall {
            name: name.to_string(),
            arch: ARCH_NAME,
        }
    })?;
    const JEQ_K: u16 = 0x15;
    programs
        .get("t")
        .and_then(|program| program.iter().skip(4).find(|i| i.code == JEQ_K))
        .map(|i| i.k)
        .ok_or_else(|| {
            SeccompError::Unresolved {
                name: name.to_string(),
            }
            .into()
        })
}

/// The two programs, in the order to install them.
///
/// With `notify`, every refusal is in the second program and answers
/// SECCOMP_RET_USER_NOTIF instead of EPERM, so that a listener (the
/// supervisor, with `--verbose`) sees each one and answers EPERM itself:
/// the kernel sends a notification only to the listener of the filter whose
/// answer it chose.
pub fn compile(plan: &SeccompPlan, notify: bool) -> Result<[BpfProgram; 2], PolicyError> {
    if !notify {
        return Ok([
            lists(&plan.allowed_numbers, &plan.refused_numbers)?,
            refusals(&[])?,
        ]);
    }
    let mut passed = plan.allowed_numbers.clone();
    passed.extend(&plan.refused_numbers);
    passed.sort_unstable();
    let mut refusals = refusals(&plan.refused_numbers)?;
    let eperm = bpf::RET_ERRNO | libc::EPERM as u32;
    for instruction in refusals.iter_mut() {
        if instruction.code == bpf::RET_K && instruction.k == eperm {
            instruction.k = libc::SECCOMP_RET_USER_NOTIF;
        }
    }
    Ok([lists(&passed, &[])?, refusals])
}

/// The name of a call number on this architecture, for reports.
pub fn name_of(nr: i64) -> Option<&'static str> {
    allowed()
        .chain(REFUSED)
        .find(|(_, n, _)| *n == nr)
        .map(|(name, _, _)| *name)
}

#[cfg(test)]
mod tests;
