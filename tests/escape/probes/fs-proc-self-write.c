/* fs: write under /proc, which the mounts allow for the process's own
 * entries (comm, oom_score_adj) but Landlock does not: it grants writes only
 * on writable binds, tmpfs and device nodes. Only Landlock stops this. */
#include "probe.h"

static void try_write(const char *path, const char *value)
{
    int fd = open(path, O_WRONLY);
    if (fd < 0) {
        stopped("open %s: %s", path, en(errno));
        return;
    }
    if (write(fd, value, strlen(value)) >= 0)
        escaped("wrote %s", path);
    else
        stopped("write %s: %s", path, en(errno));
    close(fd);
}

int main(void)
{
    try_write("/proc/self/comm", "probe-renamed");
    try_write("/proc/self/oom_score_adj", "500");
    finish();
}
