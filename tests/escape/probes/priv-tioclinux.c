/* priv: TIOCLINUX on fds 0-2, /dev/tty and /dev/console: TIOCL_SETSEL and
 * TIOCL_PASTESEL paste the console's selection into its input queue (the
 * TIOCSTI of virtual consoles). seccomp refuses TIOCLINUX; the jail's
 * terminals are ptys, which do not implement it. */
#include "probe.h"
#include <sys/ioctl.h>

static void try_fd(int fd, const char *where)
{
    char paste = 3; /* TIOCL_PASTESEL */
    if (ioctl(fd, TIOCLINUX, &paste) == 0) {
        escaped("TIOCLINUX TIOCL_PASTESEL on %s", where);
        return;
    }
    int e1 = errno;
    char shift = 6; /* TIOCL_GETSHIFTSTATE */
    if (ioctl(fd, TIOCLINUX, &shift) == 0)
        escaped("TIOCLINUX TIOCL_GETSHIFTSTATE on %s", where);
    else
        stopped("TIOCLINUX on %s: %s/%s", where, en(e1), en(errno));
}

int main(void)
{
    try_fd(0, "fd 0");
    try_fd(1, "fd 1");
    try_fd(2, "fd 2");
    int tty = open("/dev/tty", O_RDWR | O_CLOEXEC);
    if (tty >= 0)
        try_fd(tty, "/dev/tty");
    else
        stopped("open /dev/tty: %s", en(errno));
    int console = open("/dev/console", O_RDWR | O_CLOEXEC | O_NOCTTY);
    if (console >= 0)
        try_fd(console, "/dev/console");
    finish();
}
