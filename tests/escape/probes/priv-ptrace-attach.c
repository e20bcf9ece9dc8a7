/* priv: attach to the jail's init (pid 1) and to every other visible
 * process with ptrace (PTRACE_ATTACH, PTRACE_SEIZE) and read its memory
 * with process_vm_readv. seccomp refuses both; init is non-dumpable. */
#include "probe.h"
#include <dirent.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/wait.h>

int main(void)
{
    DIR *procs = opendir("/proc");
    struct dirent *e;
    pid_t self = getpid();
    while (procs && (e = readdir(procs))) {
        pid_t pid = atoi(e->d_name);
        if (pid <= 0 || pid == self)
            continue;
        char what[64];
        snprintf(what, sizeof what, "PTRACE_ATTACH %d", pid);
        if (attempt(ptrace(PTRACE_ATTACH, pid, 0, 0), what)) {
            waitpid(pid, NULL, __WALL);
            ptrace(PTRACE_DETACH, pid, 0, 0);
        }
        snprintf(what, sizeof what, "PTRACE_SEIZE %d", pid);
        if (attempt(ptrace(PTRACE_SEIZE, pid, 0, 0), what))
            ptrace(PTRACE_DETACH, pid, 0, 0);
        char buf[64];
        struct iovec local = {buf, sizeof buf};
        struct iovec remote = {(void *)0x400000, sizeof buf};
        snprintf(what, sizeof what, "process_vm_readv %d", pid);
        long n = syscall(SYS_process_vm_readv, pid, &local, 1, &remote, 1, 0);
        if (n >= 0 || errno == EFAULT)
            escaped("%s allowed (%s)", what, n >= 0 ? "read" : "EFAULT: permitted, bad address");
        else
            stopped("%s: %s", what, en(errno));
    }
    finish();
}
