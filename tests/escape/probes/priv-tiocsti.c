/* priv: TIOCSTI, pushing characters into the input of the terminal on fds
 * 0, 1, 2 and /dev/tty (CVE-2017-5226: typing commands into the caller's
 * shell after the jail exits). The harness runs this probe on a pty it
 * owns; the jail's supervisor gives the payload its own pty, and seccomp
 * refuses TIOCSTI. Any successful TIOCSTI is an escape. */
#include "probe.h"
#include <sys/ioctl.h>
#include <termios.h>

static void inject(int fd, const char *where)
{
    const char *text = "echo jailprobe-tiocsti\n";
    for (const char *c = text; *c; c++) {
        if (ioctl(fd, TIOCSTI, c) < 0) {
            stopped("TIOCSTI on %s: %s", where, en(errno));
            return;
        }
    }
    escaped("TIOCSTI injected %zu characters into %s", strlen(text), where);
}

int main(void)
{
    inject(0, "fd 0");
    inject(1, "fd 1");
    inject(2, "fd 2");
    int tty = open("/dev/tty", O_RDWR | O_CLOEXEC);
    if (tty >= 0)
        inject(tty, "/dev/tty");
    else
        stopped("open /dev/tty: %s", en(errno));
    int console = open("/dev/console", O_RDWR | O_CLOEXEC | O_NOCTTY);
    if (console >= 0)
        inject(console, "/dev/console");
    finish();
}
