/* priv: change the execution domain: READ_IMPLIES_EXEC (every readable
 * mapping executable), ADDR_NO_RANDOMIZE (no ASLR, for the next exec), and
 * the old PER_LINUX32 / MMAP_PAGE_ZERO. seccomp allows only querying. */
#include "probe.h"
#include <sys/personality.h>

static void try_set(unsigned long flag, const char *name)
{
    unsigned long before = personality(0xffffffff);
    long rc = personality(before | flag);
    unsigned long after = personality(0xffffffff);
    if ((after & flag) == flag)
        escaped("personality %s set (was %#lx, now %#lx)", name, before, after);
    else
        stopped("personality %s: %s", name, rc < 0 ? en(errno) : "not applied");
    if (after != before)
        personality(before);
}

int main(void)
{
    try_set(READ_IMPLIES_EXEC, "READ_IMPLIES_EXEC");
    try_set(ADDR_NO_RANDOMIZE, "ADDR_NO_RANDOMIZE");
    try_set(MMAP_PAGE_ZERO, "MMAP_PAGE_ZERO");
    try_set(PER_LINUX32, "PER_LINUX32");
    finish();
}
