/* fs: make a read-only bind writable again and write through it: remount
 * /usr and the current directory (the caller's project, bound read-only)
 * with MS_REMOUNT|MS_BIND without MS_RDONLY, and clear MOUNT_ATTR_RDONLY
 * with mount_setattr. The harness checks that no file named
 * jailprobe-$JAILPROBE_MARK appeared on the host. */
#include "probe.h"
#include <linux/mount.h>
#include <sys/mount.h>

static void try_write(const char *dir, const char *how)
{
    char path[512];
    snprintf(path, sizeof path, "%s/jailprobe-%s", dir, param("JAILPROBE_MARK"));
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd >= 0) {
        escaped("after %s, created %s", how, path);
        close(fd);
    } else {
        stopped("write %s after %s: %s", dir, how, en(errno));
    }
}

int main(void)
{
    char cwd[400];
    if (!getcwd(cwd, sizeof cwd)) {
        printf("ERROR getcwd: %s\n", en(errno));
        return 2;
    }
    const char *targets[] = {"/usr", cwd, "/etc", "/"};
    for (unsigned i = 0; i < sizeof targets / sizeof *targets; i++) {
        const char *t = targets[i];
        char what[450];
        snprintf(what, sizeof what, "remount %s rw", t);
        if (attempt(mount(NULL, t, NULL, MS_REMOUNT | MS_BIND, NULL), what))
            try_write(t, what);
        snprintf(what, sizeof what, "remount %s rw (no MS_BIND)", t);
        if (attempt(mount(NULL, t, NULL, MS_REMOUNT, NULL), what))
            try_write(t, what);
        struct mount_attr attr = {.attr_clr = MOUNT_ATTR_RDONLY};
        snprintf(what, sizeof what, "mount_setattr(%s, clear RDONLY)", t);
        if (attempt(syscall(SYS_mount_setattr, AT_FDCWD, t, 0, &attr, sizeof attr), what))
            try_write(t, what);
    }
    try_write("/usr", "nothing");
    try_write(cwd, "nothing");
    finish();
}
