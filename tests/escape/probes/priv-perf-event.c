/* priv: perf_event_open, a frequent source of kernel bugs and of side
 * channels: a software clock on ourselves (allowed to anyone at
 * perf_event_paranoid <= 2), a hardware counter, and a CPU-wide tracepoint
 * view. seccomp refuses it. */
#include "probe.h"
#include <linux/perf_event.h>

static void try_open(__u32 type, __u64 config, pid_t pid, int cpu, const char *what)
{
    struct perf_event_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.type = type;
    attr.config = config;
    attr.disabled = 1;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    long fd = syscall(SYS_perf_event_open, &attr, pid, cpu, -1, 0);
    attempt(fd, what);
    if (fd >= 0)
        close(fd);
}

int main(void)
{
    try_open(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, 0, -1, "perf_event_open(sw clock, self)");
    try_open(PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, 0, -1,
             "perf_event_open(hw instructions, self)");
    try_open(PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, -1, 0,
             "perf_event_open(sw clock, all of cpu 0)");
    finish();
}
