/* res: a bounded fork bomb: fork children that sleep, until fork fails or
 * JAILPROBE_FORKS (default 4096) processes run or 10 s pass. Reaching the
 * bound is the escape: nothing limited the number of processes. Stopped by
 * RLIMIT_NPROC (not for host root), the jail's pids cgroup, or the kernel's
 * limits. The children die with the jail (its init is pid 1). */
#include "probe.h"
#include <signal.h>
#include <time.h>

int main(void)
{
    const char *bound_s = getenv("JAILPROBE_FORKS");
    int bound = bound_s ? atoi(bound_s) : 4096;
    time_t start = time(NULL);
    int n = 0;
    for (; n < bound && time(NULL) - start < 10; n++) {
        pid_t pid = fork();
        if (pid == 0) {
            for (;;)
                pause();
        }
        if (pid < 0) {
            stopped("fork #%d failed: %s", n + 1, en(errno));
            break;
        }
    }
    /* End the children (they share our process group; we ignore it). */
    signal(SIGTERM, SIG_IGN);
    kill(0, SIGTERM);
    if (probe_blocks[0])
        finish();
    if (n >= bound)
        escaped("%d processes started, none refused", n);
    else
        stopped("only %d forks in 10 s", n);
    finish();
}
