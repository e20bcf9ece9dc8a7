/* fs: read host secrets that are not bound into the jail: a file the harness
 * wrote in a host temp dir (JAILPROBE_HOSTFILE), an ssh key in a fake home
 * (JAILPROBE_HOME/.ssh/id_rsa), and the usual places of real keys. */
#include "probe.h"
#include <glob.h>

static void try_read(const char *path)
{
    char buf[256];
    ssize_t n = read_file(path, buf, sizeof buf);
    if (n >= 0)
        escaped("read %zd bytes from %s: %s", n, path, excerpt(buf));
    else
        stopped("%s: %s", path, en(errno));
}

int main(void)
{
    const char *secret = param("JAILPROBE_HOSTFILE");
    const char *home = param("JAILPROBE_HOME");
    char path[512];
    try_read(secret);
    snprintf(path, sizeof path, "%s/.ssh/id_rsa", home);
    try_read(path);
    const char *env_home = getenv("HOME");
    if (env_home) {
        snprintf(path, sizeof path, "%s/.ssh/id_rsa", env_home);
        try_read(path);
    }
    try_read("/root/.ssh/id_rsa");
    try_read("/root/.ssh/id_ed25519");
    try_read("/etc/shadow");
    glob_t g;
    if (glob("/home/*/.ssh/id_*", 0, NULL, &g) == 0) {
        for (size_t i = 0; i < g.gl_pathc; i++)
            try_read(g.gl_pathv[i]);
        globfree(&g);
    } else {
        stopped("/home/*/.ssh/id_*: no match");
    }
    finish();
}
