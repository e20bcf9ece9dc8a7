/* priv: a nested user namespace, where the process would hold every
 * capability again: unshare(CLONE_NEWUSER), map uid 0, then unshare a mount
 * namespace and mount a tmpfs. Also clone(CLONE_NEWUSER|CLONE_NEWNS). Any
 * nested namespace is an escape (seccomp refuses them). */
#include "probe.h"
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/wait.h>

static void write_str(const char *path, const char *s)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd >= 0) {
        if (write(fd, s, strlen(s)) < 0)
            note("write %s: %s", path, en(errno));
        close(fd);
    }
}

int main(void)
{
    uid_t uid = getuid();
    gid_t gid = getgid();
    pid_t child = syscall(SYS_clone, CLONE_NEWUSER | CLONE_NEWNS | SIGCHLD, NULL, NULL, NULL, 0);
    if (child == 0)
        _exit(0);
    if (child > 0) {
        waitpid(child, NULL, 0);
        escaped("clone(CLONE_NEWUSER|CLONE_NEWNS) succeeded");
    } else {
        stopped("clone(CLONE_NEWUSER|CLONE_NEWNS): %s", en(errno));
    }
    if (!attempt(unshare(CLONE_NEWUSER), "unshare(CLONE_NEWUSER)"))
        finish();
    char map[64];
    write_str("/proc/self/setgroups", "deny");
    snprintf(map, sizeof map, "0 %u 1", uid);
    write_str("/proc/self/uid_map", map);
    snprintf(map, sizeof map, "0 %u 1", gid);
    write_str("/proc/self/gid_map", map);
    note("in the nested namespace: uid %u", getuid());
    if (attempt(unshare(CLONE_NEWNS), "unshare(CLONE_NEWNS) in it")) {
        mkdir("/tmp/jp-nested", 0755);
        attempt(mount("none", "/tmp/jp-nested", "tmpfs", 0, NULL), "mount tmpfs in it");
    }
    finish();
}
