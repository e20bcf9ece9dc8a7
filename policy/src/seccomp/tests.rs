#![expect(
    clippy::cast_possible_truncation,
    reason = "call numbers fit u32; the interpreter splits u64 args into words"
)]

use super::args::{PERSONALITY_QUERY, TIOCSTI};
use super::ranges::X32_SYSCALL_BIT;
use super::*;

/// Runs a program the way the kernel does, for the opcodes we emit and
/// seccompiler emits for the refusals.
fn run(program: &[seccompiler::sock_filter], arch: u32, nr: u32, args: [u64; 6]) -> u32 {
    let mut acc: u32 = 0;
    let mut pc = 0usize;
    loop {
        let i = &program[pc];
        match i.code {
            bpf::LD_W_ABS => {
                acc = match i.k {
                    0 => nr,
                    4 => arch,
                    k @ 16..=63 => {
                        let arg = args[((k - 16) / 8) as usize];
                        if (k - 16) % 8 == 0 {
                            arg as u32
                        } else {
                            (arg >> 32) as u32
                        }
                    }
                    k => panic!("load from offset {k}"),
                };
                pc += 1;
            }
            bpf::RET_K => return i.k,
            0x54 => {
                acc &= i.k; // ALU AND K
                pc += 1;
            }
            code => {
                let taken = match code {
                    bpf::JEQ_K => acc == i.k,
                    bpf::JGT_K => acc > i.k,
                    bpf::JGE_K => acc >= i.k,
                    0x05 => {
                        pc += 1 + i.k as usize; // JA
                        continue;
                    }
                    other => panic!("opcode {other:#x}"),
                };
                pc += 1 + usize::from(if taken { i.jt } else { i.jf });
            }
        }
    }
}

fn verdict(programs: &[BpfProgram; 2], nr: u32, args: [u64; 6]) -> u32 {
    // The kernel keeps the strictest action; for two ERRNOs the later
    // filter's (the refusals).
    let [allow, refuse] = programs;
    let a = run(allow, AUDIT_ARCH, nr, args);
    let r = run(refuse, AUDIT_ARCH, nr, args);
    // Kernel precedence: KILL > ERRNO > USER_NOTIF > ALLOW; on a tie
    // the later filter (the refusals) wins.
    let rank = |v: u32| match v & 0xfff0_0000 {
        0x8000_0000 => 0,
        0x0000_0000 => 1,
        0x7fc0_0000 => 2,
        _ => 3,
    };
    if rank(r) <= rank(a) {
        r
    } else {
        a
    }
}

fn compiled() -> [BpfProgram; 2] {
    compile(&plan(true, &[]).expect("plan"), false).expect("compiles")
}

#[test]
fn with_notify_every_refusal_goes_to_the_listener() {
    let p = compile(&plan(true, &[]).expect("plan"), true).expect("compiles");
    let notify = libc::SECCOMP_RET_USER_NOTIF;
    assert_eq!(verdict(&p, libc::SYS_ptrace as u32, [0; 6]), notify);
    assert_eq!(verdict(&p, libc::SYS_mount as u32, [0; 6]), notify);
    let clone = libc::SYS_clone as u32;
    assert_eq!(
        verdict(&p, clone, [0x1000_0000 | 17, 0, 0, 0, 0, 0]),
        notify
    );
    assert_eq!(verdict(&p, clone, [17, 0, 0, 0, 0, 0]), ALLOW);
    assert_eq!(verdict(&p, libc::SYS_read as u32, [0; 6]), ALLOW);
    assert_eq!(verdict(&p, 1000, [0; 6]), ENOSYS);
}

#[test]
fn both_programs_stay_small() {
    let [lists, conditional] = compiled();
    assert!(lists.len() < 200, "lists: {} instructions", lists.len());
    assert!(
        conditional.len() < 120,
        "conditional: {}",
        conditional.len()
    );
}

const ALLOW: u32 = bpf::RET_ALLOW;
const ENOSYS: u32 = bpf::RET_ERRNO | libc::ENOSYS as u32;
const EPERM: u32 = bpf::RET_ERRNO | libc::EPERM as u32;

#[test]
fn every_number_gets_exactly_its_listed_answer() {
    let programs = compiled();
    let allowed: Vec<u32> = allowed().map(|(_, nr, _)| *nr as u32).collect();
    let refused: Vec<u32> = REFUSED.iter().map(|(_, nr, _)| *nr as u32).collect();
    let conditional = [
        libc::SYS_clone,
        libc::SYS_socket,
        libc::SYS_ioctl,
        libc::SYS_personality,
    ];
    for nr in (0..2048u32).filter(|nr| !conditional.contains(&i64::from(*nr))) {
        let expected = if refused.contains(&nr) {
            EPERM
        } else if allowed.contains(&nr) {
            ALLOW
        } else {
            ENOSYS
        };
        assert_eq!(verdict(&programs, nr, [0; 6]), expected, "call {nr}");
    }
}

#[test]
fn x32_numbers_and_other_architectures_are_stopped() {
    let programs = compiled();
    let read_x32 = X32_SYSCALL_BIT | libc::SYS_read as u32;
    assert_eq!(verdict(&programs, read_x32, [0; 6]), ENOSYS);
    for program in &programs {
        assert_eq!(run(program, 0x4000_0003, 0, [0; 6]), bpf::RET_KILL_PROCESS);
    }
}

#[test]
fn conditional_refusals() {
    let p = compiled();
    let clone = libc::SYS_clone as u32;
    assert_eq!(
        verdict(&p, clone, [libc::SIGCHLD as u64, 0, 0, 0, 0, 0]),
        ALLOW
    );
    assert_eq!(verdict(&p, clone, [0x1000_0000 | 17, 0, 0, 0, 0, 0]), EPERM);
    let socket = libc::SYS_socket as u32;
    assert_eq!(
        verdict(&p, socket, [libc::AF_INET as u64, 1, 0, 0, 0, 0]),
        ALLOW
    );
    assert_eq!(
        verdict(&p, socket, [libc::AF_UNIX as u64, 0x80001, 0, 0, 0, 0]),
        ALLOW
    );
    assert_eq!(
        verdict(&p, socket, [libc::AF_NETLINK as u64, 3, 0, 0, 0, 0]),
        EPERM
    );
    assert_eq!(
        verdict(&p, socket, [libc::AF_INET as u64, 3, 1, 0, 0, 0]),
        EPERM
    );
    assert_eq!(
        verdict(&p, socket, [libc::AF_PACKET as u64, 2, 0, 0, 0, 0]),
        EPERM
    );
    let ioctl = libc::SYS_ioctl as u32;
    assert_eq!(verdict(&p, ioctl, [0, 0x5401, 0, 0, 0, 0]), ALLOW);
    assert_eq!(verdict(&p, ioctl, [0, TIOCSTI, 0, 0, 0, 0]), EPERM);
    assert_eq!(
        verdict(&p, ioctl, [0, (1 << 32) | TIOCSTI, 0, 0, 0, 0]),
        EPERM
    );
    let personality = libc::SYS_personality as u32;
    assert_eq!(
        verdict(&p, personality, [PERSONALITY_QUERY, 0, 0, 0, 0, 0]),
        ALLOW
    );
    assert_eq!(verdict(&p, personality, [0x0040000, 0, 0, 0, 0, 0]), EPERM);
}

#[test]
fn the_shared_host_filter_refuses_sockets_ipc_and_leaving_the_group() {
    let shared = plan(true, &["vhangup".into()])
        .expect("plan")
        .for_shared_host()
        .expect("shared");
    assert!(shared.shared_host && shared.refused.contains(&"socket"));
    for notify in [false, true] {
        let p = compile(&shared, notify).expect("compiles");
        let refused = if notify {
            libc::SECCOMP_RET_USER_NOTIF
        } else {
            EPERM
        };
        let socket = libc::SYS_socket as u32;
        for family in [libc::AF_UNIX, libc::AF_INET, libc::AF_INET6] {
            let args = [family as u64, 1, 0, 0, 0, 0];
            assert_eq!(verdict(&p, socket, args), refused, "family {family}");
        }
        for (name, nr, _) in refused_on_shared_host() {
            assert_eq!(verdict(&p, *nr as u32, [0; 6]), refused, "{name}");
        }
        for nr in [libc::SYS_socketpair, libc::SYS_read, libc::SYS_vhangup] {
            assert_eq!(verdict(&p, nr as u32, [1, 1, 0, 0, 0, 0]), ALLOW, "{nr}");
        }
        let clone = libc::SYS_clone as u32;
        assert_eq!(verdict(&p, clone, [17, 0, 0, 0, 0, 0]), ALLOW);
        assert_eq!(
            verdict(&p, clone, [0x1000_0000 | 17, 0, 0, 0, 0, 0]),
            refused
        );
    }
}

#[test]
fn no_call_is_both_allowed_and_refused() {
    for (name, _, _) in allowed() {
        assert!(
            !REFUSED.iter().any(|(r, _, _)| r == name),
            "{name} is on both lists"
        );
    }
}

#[test]
fn an_unknown_extra_name_is_a_policy_error() {
    let err = plan(true, &["no_such_call".into()]).expect_err("refused");
    assert!(err.to_string().contains("no_such_call"), "{err}");
}

#[test]
fn a_refused_call_cannot_be_allowed_back() {
    let err = plan(true, &["ptrace".into()]).expect_err("refused");
    assert!(err.to_string().contains("always refuses"), "{err}");
}

/// The refusals' whole texts, as `jail` prints them.
#[test]
fn a_bad_extra_name_is_refused_with_the_fix() {
    let text = |name: &str| plan(true, &[name.into()]).expect_err("refused").to_string();
    assert_eq!(
        text("ptrace"),
        "seccomp: `seccomp.allow` names `ptrace`, which jail always refuses; remove it"
    );
    assert_eq!(
        text("no_such_call"),
        format!(
            "seccomp: `seccomp.allow` names `no_such_call`, which is not a system call on {}",
            ARCH_NAME
        )
    );
}

#[test]
fn a_known_extra_name_is_added_and_allowed() {
    let plan = plan(true, &["vhangup".into()]).expect("plan");
    assert_eq!(plan.allowed_count, allowed().count() + 1);
    let programs = compile(&plan, false).expect("compiles");
    assert_eq!(verdict(&programs, libc::SYS_vhangup as u32, [0; 6]), ALLOW);
}

/// Pins the lists as compiled on x86_64 (how many calls, and the sum of
/// their numbers), so that reshaping the table cannot change the filter
/// unnoticed: a change to the lists must change these numbers on purpose.
#[cfg(target_arch = "x86_64")]
#[test]
fn the_compiled_sets_are_pinned() {
    let sum = |numbers: &[u32]| numbers.iter().map(|n| u64::from(*n)).sum::<u64>();
    let full = plan(true, &[]).expect("plan");
    assert_eq!(full.allowed_count, 278);
    assert_eq!(sum(&full.allowed_numbers), 46_463);
    assert_eq!(full.refused.len(), 41);
    let shared = full.for_shared_host().expect("shared");
    assert_eq!(shared.allowed_count, 257);
    assert_eq!(sum(&shared.allowed_numbers), 43_896);
    assert_eq!(shared.refused.len(), 62);
}

#[test]
fn ipc_is_allowed_in_a_full_jail_and_refused_on_a_shared_host() {
    let full = plan(true, &[]).expect("plan");
    let shared = full.for_shared_host().expect("shared");
    let [full, shared] = [&full, &shared].map(|p| compile(p, false).expect("compiles"));
    for (name, nr, _) in table::IPC {
        assert_eq!(verdict(&full, *nr as u32, [0; 6]), ALLOW, "{name}");
        assert_eq!(verdict(&shared, *nr as u32, [0; 6]), EPERM, "{name}");
    }
}
