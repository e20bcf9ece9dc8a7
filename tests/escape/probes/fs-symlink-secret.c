/* fs: a symlink in /tmp pointing at the host secret's path (and at the same
 * path through /proc/1/root), read through the link. */
#include "probe.h"

static void via_link(const char *target, const char *link)
{
    unlink(link);
    if (symlink(target, link) < 0) {
        stopped("symlink %s: %s", link, en(errno));
        return;
    }
    char buf[256];
    ssize_t n = read_file(link, buf, sizeof buf);
    if (n >= 0)
        escaped("read %zd bytes through %s -> %s: %s", n, link, target, excerpt(buf));
    else
        stopped("read via %s -> %s: %s", link, target, en(errno));
}

int main(void)
{
    const char *secret = param("JAILPROBE_HOSTFILE");
    char target[512];
    via_link(secret, "/tmp/jp-link");
    snprintf(target, sizeof target, "/proc/1/root%s", secret);
    via_link(target, "/tmp/jp-link-proc");
    snprintf(target, sizeof target, "../../../../../../..%s", secret);
    via_link(target, "/tmp/jp-link-dots");
    finish();
}
