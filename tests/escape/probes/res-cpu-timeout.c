/* res: burn CPU past the timeout: this process and a child that ignores
 * SIGTERM spin for up to 30 s. The harness runs it with --timeout 2 and
 * checks the jail ends with 124 well before, with nothing left running.
 * Still being alive after 30 s is the escape. */
#include "probe.h"
#include <signal.h>
#include <time.h>

static void spin(int seconds)
{
    time_t end = time(NULL) + seconds;
    volatile unsigned long x = 0;
    while (time(NULL) < end)
        for (int i = 0; i < 1000000; i++)
            x += i;
}

int main(void)
{
    signal(SIGTERM, SIG_IGN);
    signal(SIGHUP, SIG_IGN);
    signal(SIGINT, SIG_IGN);
    if (fork() == 0) {
        setsid();
        spin(30);
        _exit(0);
    }
    spin(30);
    escaped("still running after 30 s");
    finish();
}
