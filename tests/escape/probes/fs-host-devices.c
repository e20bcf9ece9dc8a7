/* fs: open host devices by path: disks, memory, the kernel log, the
 * console, input devices, and the same through /proc/1/root/dev. Only
 * null, zero, full, random, urandom, tty and the jail's pts may open. */
#include "probe.h"

int main(void)
{
    const char *paths[] = {"/dev/vda", "/dev/sda", "/dev/nvme0n1", "/dev/mem", "/dev/kmem",
                           "/dev/port", "/dev/kmsg", "/dev/tty0", "/dev/tty1",
                           "/dev/input/event0", "/dev/fuse", "/dev/kvm", "/dev/net/tun",
                           "/dev/loop0", "/dev/loop-control", "/dev/userfaultfd",
                           "/proc/1/root/dev/vda", "/proc/kcore", "/proc/kmsg"};
    for (unsigned i = 0; i < sizeof paths / sizeof *paths; i++) {
        int fd = open(paths[i], O_RDONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd >= 0) {
            escaped("opened %s", paths[i]);
            close(fd);
        } else if (errno != ENOENT) {
            stopped("%s: %s", paths[i], en(errno));
        }
    }
    stopped("others absent (ENOENT)");
    finish();
}
