/* priv: signal a process outside the payload's Landlock domain: the jail's
 * init (pid 1). Same uid, and pid 1 handles the signal, so only Landlock's
 * signal scoping (ABI >= 6) refuses it. kill(pid, 0) sends nothing but is
 * checked the same way. */
#include "probe.h"
#include <signal.h>

int main(void)
{
    if (kill(1, 0) == 0)
        escaped("kill(1, 0) allowed: the init is reachable");
    else
        stopped("kill(1, 0): %s", en(errno));
    if (kill(1, SIGWINCH) == 0)
        escaped("kill(1, SIGWINCH) delivered");
    else
        stopped("kill(1, SIGWINCH): %s", en(errno));
    finish();
}
