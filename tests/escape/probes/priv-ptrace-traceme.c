/* priv: PTRACE_TRACEME in a child, then exec: the parent would trace (and
 * could rewrite) the child across exec. seccomp refuses ptrace. */
#include "probe.h"
#include <signal.h>
#include <sys/ptrace.h>
#include <sys/wait.h>

int main(void)
{
    int pipefd[2];
    if (pipe(pipefd) < 0)
        return 2;
    pid_t child = fork();
    if (child == 0) {
        long rc = ptrace(PTRACE_TRACEME, 0, 0, 0);
        int err = rc < 0 ? errno : 0;
        if (write(pipefd[1], &err, sizeof err) < 0)
            _exit(3);
        if (rc < 0)
            _exit(0);
        execl("/bin/true", "true", (char *)NULL);
        _exit(4);
    }
    int err = 0;
    if (read(pipefd[0], &err, sizeof err) != sizeof err)
        err = -1;
    int status = 0;
    waitpid(child, &status, 0);
    if (err) {
        stopped("PTRACE_TRACEME: %s", err > 0 ? en(err) : "no report");
    } else if (WIFSTOPPED(status)) {
        escaped("PTRACE_TRACEME worked: the child stopped with signal %d at exec",
                WSTOPSIG(status));
        ptrace(PTRACE_CONT, child, 0, 0);
        kill(child, SIGKILL);
        waitpid(child, NULL, 0);
    } else {
        escaped("PTRACE_TRACEME returned 0 (child status %#x)", status);
    }
    finish();
}
