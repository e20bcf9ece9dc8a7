/* priv: run the host's setuid-root binaries (su, passwd, mount, chfn,
 * gpasswd, ...) and see whether they gain a uid or capabilities. Each is
 * started with `--help` and a stdout pipe that is already full, so it
 * blocks at its first write; meanwhile the probe reads its
 * /proc/<pid>/status. An effective or saved uid other than ours, or any
 * capability in CapEff/CapPrm, is an escape. no_new_privs, the empty
 * bounding set, the nosuid binds and the user namespace each stop it. */
#include "probe.h"
#include <signal.h>
#include <sys/wait.h>
#include <time.h>

static int observe(const char *bin)
{
    if (access(bin, X_OK) < 0)
        return 0;
    int p[2];
    if (pipe2(p, O_CLOEXEC) < 0)
        return 0;
    fcntl(p[1], F_SETPIPE_SZ, 4096);
    fcntl(p[1], F_SETFL, O_NONBLOCK);
    char fill[4096];
    memset(fill, 'x', sizeof fill);
    while (write(p[1], fill, sizeof fill) > 0 || errno == EINTR)
        ;
    fcntl(p[1], F_SETFL, 0);
    pid_t child = fork();
    if (child == 0) {
        int null = open("/dev/null", O_RDONLY);
        dup2(null, 0);
        dup2(p[1], 1);
        dup2(p[1], 2);
        const char *name = strrchr(bin, '/') + 1;
        execl(bin, name, "--help", (char *)NULL);
        _exit(127);
    }
    close(p[1]);
    const char *name = strrchr(bin, '/') + 1;
    char path[64], status[4096];
    snprintf(path, sizeof path, "/proc/%d/status", child);
    int seen = 0;
    for (int i = 0; i < 200 && !seen; i++) {
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
        if (read_file(path, status, sizeof status) < 0)
            break;
        char comm[64] = "";
        sscanf(status, "Name:\t%63s", comm);
        char *state = strstr(status, "State:\t");
        if (strncmp(comm, name, 15) != 0 || !state || state[7] != 'S')
            continue;
        unsigned ruid, euid, suid, fsuid;
        unsigned long long capeff = 1, capprm = 1;
        char *u = strstr(status, "Uid:\t");
        char *ce = strstr(status, "CapEff:\t");
        char *cp = strstr(status, "CapPrm:\t");
        if (!u || !ce || !cp || sscanf(u, "Uid:\t%u\t%u\t%u\t%u", &ruid, &euid, &suid, &fsuid) != 4)
            continue;
        capeff = strtoull(ce + 8, NULL, 16);
        capprm = strtoull(cp + 8, NULL, 16);
        seen = 1;
        if (euid != getuid() || suid != getuid() || capeff || capprm)
            escaped("%s runs with uids %u/%u/%u, CapEff %llx, CapPrm %llx", bin, ruid, euid,
                    suid, capeff, capprm);
        else
            stopped("%s: euid %u, no capabilities", bin, euid);
    }
    kill(child, SIGKILL);
    int st;
    waitpid(child, &st, 0);
    close(p[0]);
    if (!seen)
        note("%s: not observed while running (status %#x)", bin, st);
    return seen;
}

int main(void)
{
    const char *bins[] = {"/usr/bin/su", "/usr/bin/passwd", "/usr/bin/mount",
                          "/usr/bin/umount", "/usr/bin/chfn", "/usr/bin/chsh",
                          "/usr/bin/gpasswd", "/usr/bin/newgrp", "/usr/bin/sudo",
                          "/usr/bin/pkexec", "/usr/bin/fusermount3", "/usr/bin/fusermount"};
    int observed = 0;
    for (unsigned i = 0; i < sizeof bins / sizeof *bins; i++) {
        struct stat st;
        if (stat(bins[i], &st) == 0 && (st.st_mode & S_ISUID))
            observed += observe(bins[i]);
    }
    if (!observed) {
        printf("ERROR no setuid binary could be observed\n");
        return 2;
    }
    finish();
}
