/* priv: userfaultfd, which lets a process stall the kernel at a chosen page
 * fault (the standard helper of use-after-free exploits): the system call
 * with and without UFFD_USER_MODE_ONLY, and /dev/userfaultfd. seccomp
 * refuses the call; vm.unprivileged_userfaultfd limits it too. */
#include "probe.h"
#include <linux/userfaultfd.h>
#include <sys/ioctl.h>

int main(void)
{
    long fd = syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK | UFFD_USER_MODE_ONLY);
    if (attempt(fd, "userfaultfd(UFFD_USER_MODE_ONLY)")) {
        struct uffdio_api api = {.api = UFFD_API};
        note("UFFDIO_API: %d", ioctl(fd, UFFDIO_API, &api));
    }
    attempt(syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK), "userfaultfd(kernel faults too)");
    int dev = open("/dev/userfaultfd", O_RDWR | O_CLOEXEC);
    if (dev >= 0)
        escaped("opened /dev/userfaultfd");
    else
        stopped("/dev/userfaultfd: %s", en(errno));
    finish();
}
