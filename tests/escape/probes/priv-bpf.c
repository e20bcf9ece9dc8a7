/* priv: the bpf() system call: create an array map and load a trivial
 * socket filter program (the verifier and JIT are a large kernel attack
 * surface). seccomp refuses bpf; kernel.unprivileged_bpf_disabled may too. */
#include "probe.h"
#include <linux/bpf.h>

int main(void)
{
    union bpf_attr map;
    memset(&map, 0, sizeof map);
    map.map_type = BPF_MAP_TYPE_ARRAY;
    map.key_size = 4;
    map.value_size = 8;
    map.max_entries = 1;
    attempt(syscall(SYS_bpf, BPF_MAP_CREATE, &map, sizeof map), "bpf(BPF_MAP_CREATE)");

    struct bpf_insn prog[] = {
        {.code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0},
        {.code = BPF_JMP | BPF_EXIT},
    };
    union bpf_attr load;
    memset(&load, 0, sizeof load);
    load.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
    load.insns = (unsigned long)prog;
    load.insn_cnt = 2;
    load.license = (unsigned long)"GPL";
    attempt(syscall(SYS_bpf, BPF_PROG_LOAD, &load, sizeof load), "bpf(BPF_PROG_LOAD)");
    finish();
}
