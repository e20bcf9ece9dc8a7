/* fs: the classic chroot break-out (chroot into a subdirectory while
 * keeping the cwd outside it, then `..` up and chroot("."))), and
 * pivot_root. Success of either call is an escape of the confinement; the
 * probe also reports whether the host secret became readable. */
#include "probe.h"

static void look_for_secret(const char *how)
{
    char buf[256];
    ssize_t n = read_file(param("JAILPROBE_HOSTFILE"), buf, sizeof buf);
    if (n >= 0)
        escaped("after %s the host secret reads: %s", how, excerpt(buf));
    else
        note("after %s the secret is still out of reach (%s)", how, en(errno));
}

int main(void)
{
    mkdir("/tmp/jp-chroot", 0755);
    mkdir("/tmp/jp-chroot/old", 0755);
    if (chdir("/") < 0)
        return 2;
    if (attempt(chroot("/tmp/jp-chroot"), "chroot /tmp/jp-chroot")) {
        for (int i = 0; i < 64; i++)
            if (chdir("..") < 0)
                break;
        attempt(chroot("."), "chroot . after walking up");
        look_for_secret("chroot break-out");
    }
    if (attempt(syscall(SYS_pivot_root, "/tmp/jp-chroot", "/tmp/jp-chroot/old"),
                "pivot_root /tmp/jp-chroot"))
        look_for_secret("pivot_root");
    attempt(syscall(SYS_pivot_root, ".", "."), "pivot_root . .");
    finish();
}
