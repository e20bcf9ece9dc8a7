/* fs: hard-link host files into the jail's /tmp: the host secret by path
 * (not visible here), /etc/passwd (visible, on another mount), and an open
 * fd of /etc/passwd through linkat(AT_EMPTY_PATH). The harness checks the
 * secret's link count is still 1. */
#include "probe.h"

int main(void)
{
    const char *secret = param("JAILPROBE_HOSTFILE");
    if (link(secret, "/tmp/jp-hard") == 0)
        escaped("linked %s to /tmp/jp-hard", secret);
    else
        stopped("link %s: %s", secret, en(errno));
    if (link("/etc/passwd", "/tmp/jp-passwd") == 0)
        escaped("linked /etc/passwd into /tmp");
    else
        stopped("link /etc/passwd: %s", en(errno));
    int fd = open("/etc/passwd", O_RDONLY | O_CLOEXEC);
    if (fd >= 0 && linkat(fd, "", AT_FDCWD, "/tmp/jp-passwd-fd", AT_EMPTY_PATH) == 0)
        escaped("linkat(AT_EMPTY_PATH) of /etc/passwd into /tmp");
    else
        stopped("linkat AT_EMPTY_PATH: %s", en(errno));
    char proc_fd[64];
    snprintf(proc_fd, sizeof proc_fd, "/proc/self/fd/%d", fd);
    if (linkat(AT_FDCWD, proc_fd, AT_FDCWD, "/tmp/jp-passwd-proc", AT_SYMLINK_FOLLOW) == 0)
        escaped("linkat via %s into /tmp", proc_fd);
    else
        stopped("linkat via /proc/self/fd: %s", en(errno));
    finish();
}
