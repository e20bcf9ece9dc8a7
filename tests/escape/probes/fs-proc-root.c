/* fs: leave the jail's root through /proc: /proc/<pid>/root and
 * /proc/<pid>/cwd of every visible process (pid 1 is the jail's init), with
 * `..` walks, to read the host secret or see host-only directories. */
#include "probe.h"
#include <dirent.h>

static int has_entry(const char *dir, const char *name)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    struct dirent *e;
    int found = 0;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, name) == 0)
            found = 1;
    closedir(d);
    return found;
}

static void try_read(const char *path)
{
    char buf[256];
    ssize_t n = read_file(path, buf, sizeof buf);
    if (n >= 0)
        escaped("read %s: %s", path, excerpt(buf));
    else
        stopped("%s: %s", path, en(errno));
}

int main(void)
{
    const char *secret = param("JAILPROBE_HOSTFILE");
    char path[600];
    DIR *procs = opendir("/proc");
    struct dirent *e;
    int tried = 0;
    while (procs && (e = readdir(procs))) {
        if (e->d_name[0] < '1' || e->d_name[0] > '9')
            continue;
        snprintf(path, sizeof path, "/proc/%s/root%s", e->d_name, secret);
        try_read(path);
        snprintf(path, sizeof path, "/proc/%s/root/../../../..%s", e->d_name, secret);
        try_read(path);
        snprintf(path, sizeof path, "/proc/%s/cwd/../../../../..%s", e->d_name, secret);
        try_read(path);
        /* Host-only directories seen through the process's root. */
        const char *host_only[] = {"home", "var", "root", "boot", "srv"};
        for (unsigned i = 0; i < sizeof host_only / sizeof *host_only; i++) {
            snprintf(path, sizeof path, "/proc/%s/root", e->d_name);
            if (has_entry(path, host_only[i]) && !has_entry("/", host_only[i]))
                escaped("%s/%s exists outside the jail's root", path, host_only[i]);
        }
        tried++;
    }
    if (procs)
        closedir(procs);
    note("tried %d processes", tried);
    char link[256] = {0};
    if (readlink("/proc/1/root", link, sizeof link - 1) >= 0 && strcmp(link, "/") != 0)
        escaped("/proc/1/root points at %s", link);
    finish();
}
