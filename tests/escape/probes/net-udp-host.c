/* net: UDP datagrams to a socket the harness holds on the host's
 * 127.0.0.1:JAILPROBE_PORT, which answers every datagram. An answer, or the
 * harness seeing a datagram, is an escape. */
#include "probe.h"
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>

int main(void)
{
    int port = atoi(param("JAILPROBE_PORT"));
    int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        stopped("socket: %s", en(errno));
        finish();
    }
    struct sockaddr_in sin = {.sin_family = AF_INET, .sin_port = htons(port)};
    inet_pton(AF_INET, "127.0.0.1", &sin.sin_addr);
    int sent = 0;
    for (int i = 0; i < 3; i++) {
        const char msg[] = "jailprobe-udp";
        if (sendto(fd, msg, sizeof msg - 1, 0, (struct sockaddr *)&sin, sizeof sin) < 0)
            stopped("sendto 127.0.0.1:%d #%d: %s", port, i, en(errno));
        else
            sent++;
        struct pollfd p = {.fd = fd, .events = POLLIN};
        if (poll(&p, 1, 300) > 0) {
            char buf[64];
            ssize_t n = recv(fd, buf, sizeof buf - 1, 0);
            if (n > 0) {
                buf[n] = 0;
                escaped("the host answered: %s", excerpt(buf));
                finish();
            }
            if (n < 0)
                stopped("recv after send #%d: %s", i, en(errno));
        }
    }
    if (sent)
        stopped("%d datagrams sent, no answer (the jail's own loopback)", sent);
    finish();
}
