/* res: take 8 GiB of memory in 64 MiB mappings, then touch every page.
 * Getting all 8 GiB touched is the escape. Stopped by RLIMIT_DATA (the
 * mapping fails before anything is touched, so this is quick), the jail's
 * memory cgroup (OOM kill while touching, a signal: counted as blocked), or
 * the timeout. */
#include "probe.h"
#include <sys/mman.h>

#define STEP (64UL << 20)
#define BOUND (8UL << 30)

int main(void)
{
    static char *chunks[BOUND / STEP];
    size_t n = 0;
    for (; n < BOUND / STEP; n++) {
        chunks[n] = mmap(NULL, STEP, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (chunks[n] == MAP_FAILED) {
            stopped("mmap failed after %zu MiB: %s", (n * STEP) >> 20, en(errno));
            finish();
        }
    }
    note("mapped %zu MiB; touching", (n * STEP) >> 20);
    for (size_t c = 0; c < n; c++)
        for (size_t i = 0; i < STEP; i += 4096)
            chunks[c][i] = 1;
    escaped("mapped and touched %zu MiB", (n * STEP) >> 20);
    finish();
}
