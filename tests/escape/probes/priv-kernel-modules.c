/* priv: load and unload kernel modules. To stay harmless even where it
 * would work, the probe loads a bogus image and removes a module that does
 * not exist: an answer other than EPERM/ENOSYS (EINVAL, ENOEXEC, ENOENT...)
 * means the capability check passed, which is the escape. */
#include "probe.h"

static void judge(long rc, const char *what)
{
    if (rc == 0)
        escaped("%s succeeded", what);
    else if (errno == EPERM || errno == ENOSYS || errno == EACCES)
        stopped("%s: %s", what, en(errno));
    else
        escaped("%s passed the permission check (%s)", what, en(errno));
}

int main(void)
{
    static const char image[64] = "\x7f" "ELF not a module";
    judge(syscall(SYS_init_module, image, sizeof image, ""), "init_module(bogus image)");
    int fd = open("/dev/null", O_RDONLY | O_CLOEXEC);
    judge(syscall(SYS_finit_module, fd, "", 0), "finit_module(/dev/null)");
    judge(syscall(SYS_delete_module, "jailprobe_no_such_module", O_NONBLOCK),
          "delete_module(jailprobe_no_such_module)");
    finish();
}
