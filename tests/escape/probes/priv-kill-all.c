/* priv: signal everything: kill(-1, SIGTERM), kill(-1, SIGKILL), SIGKILL to
 * the jail's init (pid 1), to every visible pid, and to the host pid of a
 * process the harness started (JAILPROBE_HOST_PID, a number that means
 * nothing in the jail's pid namespace). The harness checks that its process
 * and the jail's supervisor survive and that the jail ends normally. If the
 * probe is still alive afterwards, its init survived too. */
#include "probe.h"
#include <dirent.h>
#include <signal.h>

int main(void)
{
    pid_t host = atoi(param("JAILPROBE_HOST_PID"));
    signal(SIGTERM, SIG_IGN);
    int rc = kill(-1, SIGTERM);
    note("kill(-1, SIGTERM) = %d (%s)", rc, rc ? en(errno) : "ok");
    rc = kill(-1, SIGKILL);
    note("kill(-1, SIGKILL) = %d (%s)", rc, rc ? en(errno) : "ok");
    rc = kill(1, SIGKILL);
    note("kill(1, SIGKILL) = %d (%s)", rc, rc ? en(errno) : "ok");
    DIR *procs = opendir("/proc");
    struct dirent *e;
    pid_t self = getpid();
    while (procs && (e = readdir(procs))) {
        pid_t pid = atoi(e->d_name);
        if (pid > 0 && pid != self && kill(pid, SIGKILL) == 0)
            note("SIGKILL sent to pid %d", pid);
    }
    if (kill(host, SIGKILL) == 0)
        note("kill(%d, SIGKILL) returned 0: some process in the jail has that pid", host);
    else
        stopped("kill(host pid %d): %s", host, en(errno));
    /* A killed init takes every process of the jail with it: if this one
     * is still alive after a pause, init survived. */
    usleep(300 * 1000);
    char stat[256];
    if (read_file("/proc/1/stat", stat, sizeof stat) > 0) {
        char *state = strrchr(stat, ')');
        if (state && state[2] != 'Z')
            stopped("pid 1 (the jail's init) survived SIGKILL; we survived kill(-1)");
        else
            escaped("pid 1 is a zombie: %s", excerpt(stat));
    } else {
        escaped("pid 1 is gone: %s", en(errno));
    }
    finish();
}
