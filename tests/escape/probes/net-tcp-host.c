/* net: TCP connect to a listener the harness holds on the host's
 * 127.0.0.1:JAILPROBE_PORT. The jail's loopback is its own, so the connect
 * must fail (refused by the jail's lo, or by Landlock's TCP rules). */
#include "probe.h"
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

static void try_connect(int family, const char *addr, int port)
{
    int fd = socket(family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    char what[96];
    snprintf(what, sizeof what, "connect %s:%d", addr, port);
    if (fd < 0) {
        stopped("socket for %s: %s", what, en(errno));
        return;
    }
    struct sockaddr_storage ss = {0};
    socklen_t len;
    if (family == AF_INET) {
        struct sockaddr_in *sin = (struct sockaddr_in *)&ss;
        sin->sin_family = AF_INET;
        sin->sin_port = htons(port);
        inet_pton(AF_INET, addr, &sin->sin_addr);
        len = sizeof *sin;
    } else {
        struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)&ss;
        sin6->sin6_family = AF_INET6;
        sin6->sin6_port = htons(port);
        inet_pton(AF_INET6, addr, &sin6->sin6_addr);
        len = sizeof *sin6;
    }
    if (connect(fd, (struct sockaddr *)&ss, len) == 0) {
        const char hello[] = "jailprobe\n";
        ssize_t n = write(fd, hello, sizeof hello - 1);
        escaped("%s connected (wrote %zd bytes)", what, n);
    } else {
        stopped("%s: %s", what, en(errno));
    }
    close(fd);
}

int main(void)
{
    int port = atoi(param("JAILPROBE_PORT"));
    try_connect(AF_INET, "127.0.0.1", port);
    try_connect(AF_INET, "0.0.0.0", port);
    try_connect(AF_INET6, "::ffff:127.0.0.1", port);
    try_connect(AF_INET6, "::1", port);
    finish();
}
