/* fs: create device nodes and read them: the host's disk (block device
 * JAILPROBE_DISK = "major:minor", the device /usr lives on), /dev/mem and
 * /dev/kmsg, in /tmp and /dev. Needs CAP_MKNOD in the host's user
 * namespace; the tmpfs mounts are nodev as well. Creating a node counts as
 * an escape even when opening it then fails. */
#include "probe.h"
#include <sys/sysmacros.h>

static void try_node(const char *path, mode_t type, unsigned maj, unsigned min)
{
    unlink(path);
    if (mknod(path, type | 0666, makedev(maj, min)) < 0) {
        stopped("mknod %s (%u:%u): %s", path, maj, min, en(errno));
        return;
    }
    char buf[512];
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf) : -1;
    escaped("mknod %s (%u:%u) created; open+read: %s", path, maj, min,
            n >= 0 ? "worked" : en(errno));
}

int main(void)
{
    unsigned maj = 0, min = 0;
    if (sscanf(param("JAILPROBE_DISK"), "%u:%u", &maj, &min) != 2) {
        printf("ERROR JAILPROBE_DISK is not major:minor\n");
        return 2;
    }
    try_node("/tmp/jp-disk", S_IFBLK, maj, min);
    try_node("/tmp/jp-mem", S_IFCHR, 1, 1);
    try_node("/tmp/jp-kmsg", S_IFCHR, 1, 11);
    try_node("/dev/jp-disk", S_IFBLK, maj, min);
    try_node("/dev/shm/jp-mem", S_IFCHR, 1, 1);
    finish();
}
