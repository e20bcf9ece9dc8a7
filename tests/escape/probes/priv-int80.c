/* priv: the 32-bit system call entry (int $0x80) from this 64-bit program,
 * where the i386 numbers differ: a filter that checks only x86_64 numbers
 * lets a refused call through. First a harmless call (i386 getpid = 20),
 * then refused ones: i386 unshare(CLONE_NEWUSER) = 310, i386 ptrace = 26
 * (PTRACE_TRACEME). A filter that checks the architecture kills the process
 * (SIGSYS) at the first int $0x80, which the harness counts as blocked. */
#include "probe.h"
#include <sched.h>

static long int80(long nr, long a, long b, long c)
{
    long ret;
    __asm__ volatile("int $0x80"
                     : "=a"(ret)
                     : "a"(nr), "b"(a), "c"(b), "d"(c)
                     : "memory", "r8", "r9", "r10", "r11");
    return ret;
}

int main(void)
{
    fflush(stdout);
    long pid = int80(20, 0, 0, 0);
    note("i386 getpid via int $0x80 = %ld (getpid() = %d)", pid, getpid());
    long r = int80(310, CLONE_NEWUSER, 0, 0);
    if (r == 0)
        escaped("i386 unshare(CLONE_NEWUSER) via int $0x80 succeeded");
    else
        stopped("i386 unshare via int $0x80: %s", en((int)-r));
    r = int80(26, 0 /* PTRACE_TRACEME */, 0, 0);
    if (r == 0)
        escaped("i386 ptrace(PTRACE_TRACEME) via int $0x80 succeeded");
    else
        stopped("i386 ptrace via int $0x80: %s", en((int)-r));
    finish();
}
