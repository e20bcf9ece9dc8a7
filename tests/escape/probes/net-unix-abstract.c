/* net: connect to an abstract unix socket the harness listens on in the
 * host's network namespace (JAILPROBE_ABSTRACT, without the leading NUL).
 * Abstract names are per network namespace; Landlock (ABI >= 6) also
 * scopes them. */
#include "probe.h"
#include <stddef.h>
#include <sys/socket.h>
#include <sys/un.h>

static void try_type(int type, const char *name)
{
    int fd = socket(AF_UNIX, type | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        stopped("socket: %s", en(errno));
        return;
    }
    struct sockaddr_un sun = {.sun_family = AF_UNIX};
    size_t len = strlen(name);
    memcpy(sun.sun_path + 1, name, len);
    socklen_t alen = offsetof(struct sockaddr_un, sun_path) + 1 + len;
    if (connect(fd, (struct sockaddr *)&sun, alen) == 0)
        escaped("connected to @%s (type %d)", name, type);
    else
        stopped("connect @%s (type %d): %s", name, type, en(errno));
    close(fd);
}

int main(void)
{
    const char *name = param("JAILPROBE_ABSTRACT");
    try_type(SOCK_STREAM, name);
    try_type(SOCK_SEQPACKET, name);
    finish();
}
