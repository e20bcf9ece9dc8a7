/* priv: steal file descriptors from the jail's init with pidfd_open +
 * pidfd_getfd (init holds none, and is non-dumpable), and compare files
 * with it through kcmp. seccomp refuses pidfd_getfd and kcmp. */
#include "probe.h"

int main(void)
{
    long pidfd = syscall(SYS_pidfd_open, 1, 0);
    if (pidfd < 0) {
        stopped("pidfd_open(1): %s", en(errno));
    } else {
        int errs[8] = {0};
        int got = 0;
        for (int fd = 0; fd < 64; fd++) {
            long stolen = syscall(SYS_pidfd_getfd, pidfd, fd, 0);
            if (stolen >= 0) {
                escaped("pidfd_getfd took fd %d of pid 1", fd);
                got++;
            } else if (fd < 8) {
                errs[fd] = errno;
            }
        }
        if (!got)
            stopped("pidfd_getfd(pid 1, 0..63): %s", en(errs[0]));
    }
    long r = syscall(SYS_kcmp, getpid(), 1, 0 /* KCMP_FILE */, 0, 0);
    if (r >= 0)
        escaped("kcmp with pid 1 answered %ld", r);
    else
        stopped("kcmp(pid 1): %s", en(errno));
    finish();
}
