/* info: see the host's processes: count what /proc shows (only the jail's
 * init and this probe should be there), look for a process the harness
 * started on the host (JAILPROBE_SENTINEL, its command line) and probe its
 * host pid (JAILPROBE_HOST_PID) with kill(pid, 0) and /proc/<pid>. */
#include "probe.h"
#include <dirent.h>
#include <signal.h>

int main(void)
{
    const char *sentinel = param("JAILPROBE_SENTINEL");
    int host_pid = atoi(param("JAILPROBE_HOST_PID"));
    DIR *procs = opendir("/proc");
    struct dirent *e;
    int count = 0;
    char names[512] = "";
    while (procs && (e = readdir(procs))) {
        if (e->d_name[0] < '1' || e->d_name[0] > '9')
            continue;
        count++;
        char path[300], cmd[512];
        snprintf(path, sizeof path, "/proc/%s/cmdline", e->d_name);
        ssize_t n = read_file(path, cmd, sizeof cmd);
        for (ssize_t i = 0; i < n; i++)
            if (!cmd[i])
                cmd[i] = ' ';
        if (n > 0 && strstr(cmd, sentinel))
            escaped("host process visible: pid %s: %s", e->d_name, excerpt(cmd));
        if (strlen(names) < sizeof names - 40) {
            snprintf(path, sizeof path, "/proc/%s/comm", e->d_name);
            char comm[32] = "";
            read_file(path, comm, sizeof comm);
            comm[strcspn(comm, "\n")] = 0;
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s:%s",
                     names[0] ? " " : "", e->d_name, comm);
        }
    }
    if (count > 2)
        escaped("%d processes visible: %s", count, names);
    else
        stopped("%d processes visible (%s)", count, names);
    char path[64];
    snprintf(path, sizeof path, "/proc/%d", host_pid);
    struct stat st;
    if (kill(host_pid, 0) == 0 || stat(path, &st) == 0)
        note("host pid %d exists in the jail too (another process there)", host_pid);
    else
        stopped("host pid %d: %s", host_pid, en(errno));
    finish();
}
