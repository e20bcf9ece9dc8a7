/* net: connect to a unix socket the harness listens on in a host directory
 * that is not bound into the jail (JAILPROBE_SOCKET). The path does not
 * exist in the jail's mount tree. */
#include "probe.h"
#include <sys/socket.h>
#include <sys/un.h>

static void try_path(const char *path)
{
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        stopped("socket(AF_UNIX): %s", en(errno));
        return;
    }
    struct sockaddr_un sun = {.sun_family = AF_UNIX};
    snprintf(sun.sun_path, sizeof sun.sun_path, "%s", path);
    if (connect(fd, (struct sockaddr *)&sun, sizeof sun) == 0)
        escaped("connected to %s", path);
    else
        stopped("connect %s: %s", path, en(errno));
    close(fd);
}

int main(void)
{
    const char *path = param("JAILPROBE_SOCKET");
    try_path(path);
    /* The same through pid 1's root, and the usual host daemons. */
    char via_proc[200];
    snprintf(via_proc, sizeof via_proc, "/proc/1/root%s", path);
    try_path(via_proc);
    try_path("/run/systemd/private");
    try_path("/var/run/docker.sock");
    try_path("/run/dbus/system_bus_socket");
    finish();
}
