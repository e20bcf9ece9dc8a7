/* priv: io_uring_setup: io_uring performs I/O from kernel workers, outside
 * the reach of seccomp filters on the individual calls, and has a long CVE
 * record. seccomp refuses io_uring_setup/enter/register. */
#include "probe.h"
#include <linux/io_uring.h>

int main(void)
{
    struct io_uring_params p;
    memset(&p, 0, sizeof p);
    long fd = syscall(SYS_io_uring_setup, 8, &p);
    if (attempt(fd, "io_uring_setup(8)")) {
        long r = syscall(SYS_io_uring_enter, fd, 0, 0, 0, NULL, 0);
        note("io_uring_enter: %ld (%s)", r, r < 0 ? en(errno) : "ok");
    }
    memset(&p, 0, sizeof p);
    p.flags = IORING_SETUP_SQPOLL;
    attempt(syscall(SYS_io_uring_setup, 8, &p), "io_uring_setup(SQPOLL)");
    finish();
}
