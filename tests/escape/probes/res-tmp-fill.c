/* res: fill /tmp (and /dev/shm): write 1 MiB blocks until the write fails
 * or 1 GiB is written. The private tmpfs is capped (256 MiB by default);
 * the harness also checks the host's disk did not fill. */
#include "probe.h"

static void fill(const char *path)
{
    static char block[1 << 20];
    memset(block, 'x', sizeof block);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (fd < 0) {
        stopped("open %s: %s", path, en(errno));
        return;
    }
    size_t total = 0;
    while (total < (1UL << 30)) {
        ssize_t n = write(fd, block, sizeof block);
        if (n <= 0) {
            stopped("%s full after %zu MiB (%s)", path, total >> 20, n < 0 ? en(errno) : "0");
            close(fd);
            unlink(path);
            return;
        }
        total += n;
    }
    escaped("wrote %zu MiB to %s", total >> 20, path);
    close(fd);
    unlink(path);
}

int main(void)
{
    fill("/tmp/jp-fill");
    fill("/dev/shm/jp-fill");
    finish();
}
