//! The refusals that depend on a call's arguments (namespace flags of
//! `clone`, socket families and types, terminal-injecting `ioctl`s,
//! `personality` changes), compiled by seccompiler into the second filter.

use std::collections::BTreeMap;

use seccompiler::{
    SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter, SeccompRule,
};

use super::{BpfProgram, ARCH};
use crate::error::SeccompError;
use crate::PolicyError;

pub(super) const CLONE_NAMESPACE_FLAGS: [u64; 7] = [
    0x0002_0000, // CLONE_NEWNS
    0x0200_0000, // CLONE_NEWCGROUP
    0x0400_0000, // CLONE_NEWUTS
    0x0800_0000, // CLONE_NEWIPC
    0x1000_0000, // CLONE_NEWUSER
    0x2000_0000, // CLONE_NEWPID
    0x4000_0000, // CLONE_NEWNET
];
pub(super) const TIOCSTI: u64 = 0x5412;
pub(super) const TIOCLINUX: u64 = 0x541C;
pub(super) const SOCK_TYPE_MASK: u64 = 0xf;
pub(super) const SOCK_RAW: u64 = 3;
pub(super) const SOCK_PACKET: u64 = 10;
/// personality(0xffffffff) only queries the current persona.
pub(super) const PERSONALITY_QUERY: u64 = 0xffff_ffff;

/// The refusals that depend on arguments, plus `unconditional` (seccompiler).
/// A call refused unconditionally keeps no conditions.
pub(super) fn refusals(unconditional: &[u32]) -> Result<BpfProgram, PolicyError> {
    let bad = |e: seccompiler::BackendError| PolicyError::from(SeccompError::Build(e));
    let cond = |index: u8, len: SeccompCmpArgLen, op: SeccompCmpOp, value: u64| {
        SeccompCondition::new(index, len, op, value).map_err(bad)
    };
    let rule = |conditions: Vec<SeccompCondition>| SeccompRule::new(conditions).map_err(bad);
    let mut rules: BTreeMap<i64, Vec<SeccompRule>> = unconditional
        .iter()
        .map(|nr| (i64::from(*nr), Vec::new()))
        .collect();
    let mut clone = Vec::new();
    for flag in CLONE_NAMESPACE_FLAGS {
        let masked = SeccompCmpOp::MaskedEq(flag);
        clone.push(rule(vec![cond(0, SeccompCmpArgLen::Qword, masked, flag)?])?);
    }
    rules.entry(libc::SYS_clone).or_insert(clone);
    let mut ioctl = Vec::new();
    for request in [TIOCSTI, TIOCLINUX] {
        let eq = SeccompCmpOp::Eq;
        ioctl.push(rule(vec![cond(1, SeccompCmpArgLen::Dword, eq, request)?])?);
    }
    rules.entry(libc::SYS_ioctl).or_insert(ioctl);
    let mut socket = vec![rule(vec![
        cond(
            0,
            SeccompCmpArgLen::Dword,
            SeccompCmpOp::Ne,
            libc::AF_UNIX as u64,
        )?,
        cond(
            0,
            SeccompCmpArgLen::Dword,
            SeccompCmpOp::Ne,
            libc::AF_INET as u64,
        )?,
        cond(
            0,
            SeccompCmpArgLen::Dword,
            SeccompCmpOp::Ne,
            libc::AF_INET6 as u64,
        )?,
    ])?];
    for kind in [SOCK_RAW, SOCK_PACKET] {
        let masked = SeccompCmpOp::MaskedEq(SOCK_TYPE_MASK);
        socket.push(rule(vec![cond(1, SeccompCmpArgLen::Dword, masked, kind)?])?);
    }
    rules.entry(libc::SYS_socket).or_insert(socket);
    rules.entry(libc::SYS_personality).or_insert(vec![rule(vec![
        cond(0, SeccompCmpArgLen::Dword, SeccompCmpOp::Ne, 0)?,
        cond(
            0,
            SeccompCmpArgLen::Dword,
            SeccompCmpOp::Ne,
            PERSONALITY_QUERY,
        )?,
    ])?]);
    let filter = SeccompFilter::new(
        rules,
        SeccompAction::Allow,
        SeccompAction::Errno(libc::EPERM as u32),
        ARCH,
    )
    .map_err(bad)?;
    BpfProgram::try_from(filter).map_err(bad)
}
