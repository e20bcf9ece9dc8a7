/* info: read the kernel log (addresses for KASLR bypass, other users'
 * events): /dev/kmsg, /proc/kmsg, syslog(SYSLOG_ACTION_READ_ALL) and
 * SYSLOG_ACTION_SIZE_BUFFER, and the dmesg program. Needs CAP_SYSLOG when
 * kernel.dmesg_restrict = 1; seccomp refuses syslog; /dev/kmsg is absent. */
#include "probe.h"
#include <sys/klog.h>
#include <sys/wait.h>

int main(void)
{
    char buf[4096];
    const char *files[] = {"/dev/kmsg", "/proc/kmsg"};
    for (unsigned i = 0; i < 2; i++) {
        int fd = open(files[i], O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0) {
            stopped("%s: %s", files[i], en(errno));
            continue;
        }
        ssize_t n = read(fd, buf, sizeof buf - 1);
        if (n > 0) {
            buf[n] = 0;
            escaped("read %s: %s", files[i], excerpt(buf));
        } else {
            stopped("read %s: %s", files[i], n < 0 ? en(errno) : "empty");
        }
        close(fd);
    }
    int n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, buf, sizeof buf - 1);
    if (n > 0) {
        buf[n] = 0;
        escaped("syslog(READ_ALL) returned %d bytes: %s", n, excerpt(buf));
    } else {
        stopped("syslog(READ_ALL): %s", n < 0 ? en(errno) : "empty");
    }
    n = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
    attempt(n, "syslog(SIZE_BUFFER)");
    int p[2];
    if (pipe(p) == 0) {
        pid_t child = fork();
        if (child == 0) {
            dup2(p[1], 1);
            int null = open("/dev/null", O_WRONLY);
            dup2(null, 2);
            execl("/usr/bin/dmesg", "dmesg", (char *)NULL);
            execl("/bin/dmesg", "dmesg", (char *)NULL);
            _exit(127);
        }
        close(p[1]);
        ssize_t got = read(p[0], buf, sizeof buf - 1);
        int st = 0;
        waitpid(child, &st, 0);
        if (got > 0) {
            buf[got] = 0;
            escaped("dmesg printed: %s", excerpt(buf));
        } else {
            stopped("dmesg: no output (exit %d)", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
        }
    }
    finish();
}
