/* priv: the x32 system call entry (number | 0x40000000): a filter that
 * masks or ignores the x32 bit lets a refused call through. Tries x32
 * unshare(CLONE_NEWUSER) (272), x32 ptrace(PTRACE_TRACEME) (521) and x32
 * keyctl (250). ENOSYS: the kernel has no x32 or the filter refuses it. */
#include "probe.h"
#include <sched.h>

#define X32 0x40000000L

int main(void)
{
    long r = syscall(X32 | 272, CLONE_NEWUSER);
    if (r == 0)
        escaped("x32 unshare(CLONE_NEWUSER) succeeded");
    else
        stopped("x32 unshare: %s", en(errno));
    r = syscall(X32 | 521, 0 /* PTRACE_TRACEME */, 0, 0, 0);
    if (r == 0)
        escaped("x32 ptrace(PTRACE_TRACEME) succeeded");
    else
        stopped("x32 ptrace: %s", en(errno));
    r = syscall(X32 | 250, 0 /* KEYCTL_GET_KEYRING_ID */, -4, 0);
    if (r >= 0)
        escaped("x32 keyctl succeeded (%ld)", r);
    else
        stopped("x32 keyctl: %s", en(errno));
    finish();
}
