/* priv: load a new kernel. Harmless by construction: the flags are invalid,
 * which the kernel checks only after the capability check, so EINVAL means
 * the permission check passed (the escape) and EPERM/ENOSYS that it did not
 * (ENOSYS also when the kernel has no kexec). */
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
    judge(syscall(SYS_kexec_load, 0, 0, NULL, 0x00ff0000UL), "kexec_load(bad flags)");
    judge(syscall(SYS_kexec_file_load, -1, -1, 0, "", 0xff000000UL),
          "kexec_file_load(bad flags)");
    finish();
}
