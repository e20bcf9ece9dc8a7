//! The allow/refuse lists compiled by hand into a binary search over
//! ranges of call numbers: about 120 instructions instead of seccompiler's
//! linear ~1700 (docs/decisions/0002-seccomp-as-ranges.md).

use super::{BpfProgram, AUDIT_ARCH};
use crate::error::SeccompError;
use crate::PolicyError;

/// x32 system calls on x86_64 have this bit set.
pub(super) const X32_SYSCALL_BIT: u32 = 0x4000_0000;

/// Classic BPF, as the kernel's seccomp runs it.
pub(super) mod bpf {
    pub const LD_W_ABS: u16 = 0x20;
    pub const JEQ_K: u16 = 0x15;
    pub const JGT_K: u16 = 0x25;
    pub const JGE_K: u16 = 0x35;
    pub const RET_K: u16 = 0x06;
    pub const OFFSET_NR: u32 = 0;
    pub const OFFSET_ARCH: u32 = 4;
    pub const RET_KILL_PROCESS: u32 = 0x8000_0000;
    pub const RET_ERRNO: u32 = 0x0005_0000;
    pub const RET_ALLOW: u32 = 0x7fff_0000;
}

/// Where a jump goes, before offsets are known.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Target {
    Next,
    Node(usize),
    Allow,
    Refuse,
    Deny,
}

struct Jump {
    code: u16,
    k: u32,
    yes: Target,
    no: Target,
}

/// Allows `allowed`, refuses `refused` with EPERM (both sorted), and
/// answers ENOSYS for every other number.
pub(super) fn lists(allowed: &[u32], refused: &[u32]) -> Result<BpfProgram, PolicyError> {
    let mut numbers: Vec<(u32, Target)> = allowed
        .iter()
        .map(|n| (*n, Target::Allow))
        .chain(refused.iter().map(|n| (*n, Target::Refuse)))
        .collect();
    numbers.sort_unstable_by_key(|(n, _)| *n);
    let mut ranges: Vec<(u32, u32, Target)> = Vec::new();
    for (n, outcome) in numbers {
        match ranges.last_mut() {
            Some((_, end, last)) if *end + 1 == n && *last == outcome => *end = n,
            _ => ranges.push((n, n, outcome)),
        }
    }
    let mut jumps: Vec<Jump> = Vec::new();
    let mut node_starts: Vec<usize> = Vec::new();
    emit(&ranges, &mut jumps, &mut node_starts);

    let prologue = [
        bpf_stmt(bpf::LD_W_ABS, bpf::OFFSET_ARCH),
        bpf_jump(bpf::JEQ_K, AUDIT_ARCH, 1, 0),
        bpf_stmt(bpf::RET_K, bpf::RET_KILL_PROCESS),
        bpf_stmt(bpf::LD_W_ABS, bpf::OFFSET_NR),
    ];
    // After the prologue: one x32 check, the tree, then the three answers.
    let tree_start = prologue.len() + 1;
    let allow_at = tree_start + jumps.len();
    let refuse_at = allow_at + 1;
    let deny_at = allow_at + 2;
    let mut program: BpfProgram = prologue.to_vec();
    let offset = |from: usize, to: usize| -> Result<u8, PolicyError> {
        u8::try_from(to - from - 1).map_err(|source| SeccompError::TooLarge(source).into())
    };
    program.push(bpf_jump(
        bpf::JGE_K,
        X32_SYSCALL_BIT,
        offset(tree_start - 1, deny_at)?,
        0,
    ));
    for (i, jump) in jumps.iter().enumerate() {
        let here = tree_start + i;
        let resolve = |t: Target| match t {
            Target::Next => offset(here, here + 1),
            Target::Node(n) => offset(here, tree_start + node_starts[n]),
            Target::Allow => offset(here, allow_at),
            Target::Refuse => offset(here, refuse_at),
            Target::Deny => offset(here, deny_at),
        };
        program.push(bpf_jump(
            jump.code,
            jump.k,
            resolve(jump.yes)?,
            resolve(jump.no)?,
        ));
    }
    program.push(bpf_stmt(bpf::RET_K, bpf::RET_ALLOW));
    program.push(bpf_stmt(bpf::RET_K, bpf::RET_ERRNO | libc::EPERM as u32));
    program.push(bpf_stmt(bpf::RET_K, bpf::RET_ERRNO | libc::ENOSYS as u32));
    Ok(program)
}

/// Emits the subtree for `ranges`: leaves test one range, inner nodes
/// split on the middle range's start. Returns the subtree's node id.
fn emit(ranges: &[(u32, u32, Target)], jumps: &mut Vec<Jump>, starts: &mut Vec<usize>) -> usize {
    let id = starts.len();
    starts.push(jumps.len());
    match ranges {
        [] => jumps.push(Jump {
            code: bpf::JGE_K,
            k: 0,
            yes: Target::Deny,
            no: Target::Deny,
        }),
        [(start, end, outcome)] => {
            jumps.push(Jump {
                code: bpf::JGE_K,
                k: *start,
                yes: Target::Next,
                no: Target::Deny,
            });
            jumps.push(Jump {
                code: bpf::JGT_K,
                k: *end,
                yes: Target::Deny,
                no: *outcome,
            });
        }
        _ => {
            let middle = ranges.len() / 2;
            let split = jumps.len();
            jumps.push(Jump {
                code: bpf::JGE_K,
                k: ranges[middle].0,
                yes: Target::Deny, // patched below, once the right subtree exists
                no: Target::Next,
            });
            emit(&ranges[..middle], jumps, starts);
            let right = emit(&ranges[middle..], jumps, starts);
            jumps[split].yes = Target::Node(right);
        }
    }
    id
}

fn bpf_stmt(code: u16, k: u32) -> seccompiler::sock_filter {
    seccompiler::sock_filter {
        code,
        jt: 0,
        jf: 0,
        k,
    }
}

fn bpf_jump(code: u16, k: u32, jt: u8, jf: u8) -> seccompiler::sock_filter {
    seccompiler::sock_filter { code, jt, jf, k }
}
