/* fs: write host kernel settings through the jail's /proc/sys:
 * kernel.core_pattern (a `|program` there runs as host root on the next
 * crash), kernel.modprobe, vm.overcommit_ratio, fs.protected_symlinks.
 * Each is written back with its current value, so a successful write
 * changes nothing on the host; the harness compares them before and
 * after. /proc/sys outside the jail's own namespaces must not be writable. */
#include "probe.h"

static void write_back(const char *path)
{
    char value[512];
    ssize_t n = read_file(path, value, sizeof value);
    if (n < 0) {
        stopped("read %s: %s", path, en(errno));
        return;
    }
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) {
        stopped("open %s for writing: %s", path, en(errno));
        return;
    }
    if (write(fd, value, n) == n)
        escaped("wrote %s", path);
    else
        stopped("write %s: %s", path, en(errno));
    close(fd);
}

int main(void)
{
    write_back("/proc/sys/kernel/core_pattern");
    write_back("/proc/sys/kernel/modprobe");
    write_back("/proc/sys/vm/overcommit_ratio");
    write_back("/proc/sys/fs/protected_symlinks");
    write_back("/proc/sys/kernel/randomize_va_space");
    finish();
}
