/* info: the jail's init (pid 1) was started by the supervisor with the
 * caller's environment (JAILPROBE_HOSTVAL among it) and wipes it: read its
 * environ, cmdline, auxv and memory (/proc/1/mem at the stack, where the
 * environment strings lived). Init is non-dumpable, so these need ptrace
 * access, which it does not grant. */
#include "probe.h"

int main(void)
{
    const char *files[] = {"/proc/1/environ", "/proc/1/cmdline", "/proc/1/auxv",
                           "/proc/1/maps", "/proc/1/stack", "/proc/1/syscall"};
    char buf[65536];
    for (unsigned i = 0; i < sizeof files / sizeof *files; i++) {
        ssize_t n = read_file(files[i], buf, sizeof buf);
        if (n < 0) {
            stopped("%s: %s", files[i], en(errno));
            continue;
        }
        void *hit = memmem(buf, n, "JAILPROBE_HOSTVAL", 17);
        if (hit)
            escaped("%s holds %s", files[i], excerpt(hit));
        else if (n > 0 && (i == 0 || i == 2 || i == 3))
            escaped("%s readable (%zd bytes)", files[i], n);
        else
            note("%s: %zd bytes, nothing of the host", files[i], n);
    }
    /* The stack region, from our own layout: init is a different program
     * but the mapping is similar enough to hit something if allowed. */
    int mem = open("/proc/1/mem", O_RDONLY | O_CLOEXEC);
    if (mem < 0) {
        stopped("/proc/1/mem: %s", en(errno));
    } else {
        unsigned long addr = (unsigned long)&mem & ~0xfffUL;
        ssize_t n = pread(mem, buf, 4096, addr);
        if (n > 0)
            escaped("read %zd bytes of pid 1's memory", n);
        else
            stopped("pread /proc/1/mem: %s", n < 0 ? en(errno) : "nothing");
        close(mem);
    }
    finish();
}
