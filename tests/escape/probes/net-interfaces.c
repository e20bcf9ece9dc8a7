/* net: find a way off the loopback: any interface besides lo, bringing one
 * up, creating one, or a route to a public address (TCP and UDP). */
#include "probe.h"
#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/socket.h>

int main(void)
{
    struct if_nameindex *ifs = if_nameindex();
    int others = 0;
    for (struct if_nameindex *i = ifs; i && i->if_index; i++) {
        if (strcmp(i->if_name, "lo") != 0) {
            escaped("interface %s visible", i->if_name);
            others++;
        }
    }
    if (!others)
        stopped("only lo present");

    int s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    /* Bring up (or create by name) a non-loopback interface. */
    struct ifreq ifr = {0};
    strcpy(ifr.ifr_name, "eth0");
    ifr.ifr_flags = IFF_UP;
    if (ioctl(s, SIOCSIFFLAGS, &ifr) == 0)
        escaped("SIOCSIFFLAGS eth0 up");
    else
        stopped("SIOCSIFFLAGS eth0: %s", en(errno));
    /* lo down then up again: needs CAP_NET_ADMIN over the namespace. */
    strcpy(ifr.ifr_name, "lo");
    if (ioctl(s, SIOCGIFFLAGS, &ifr) == 0) {
        short flags = ifr.ifr_flags;
        ifr.ifr_flags = flags | IFF_PROMISC;
        if (ioctl(s, SIOCSIFFLAGS, &ifr) == 0) {
            escaped("SIOCSIFFLAGS lo promisc");
            ifr.ifr_flags = flags;
            ioctl(s, SIOCSIFFLAGS, &ifr);
        } else {
            stopped("SIOCSIFFLAGS lo: %s", en(errno));
        }
    }

    /* A route out: UDP connect needs only a route; TCP tries the handshake. */
    const char *targets[] = {"1.1.1.1", "8.8.8.8", "10.0.2.2", "192.168.1.1"};
    for (unsigned t = 0; t < sizeof targets / sizeof *targets; t++) {
        struct sockaddr_in sin = {.sin_family = AF_INET, .sin_port = htons(53)};
        inet_pton(AF_INET, targets[t], &sin.sin_addr);
        int u = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
        if (connect(u, (struct sockaddr *)&sin, sizeof sin) == 0)
            escaped("route to %s (UDP connect)", targets[t]);
        else
            stopped("UDP %s: %s", targets[t], en(errno));
        close(u);
        int tcp = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
        sin.sin_port = htons(443);
        if (connect(tcp, (struct sockaddr *)&sin, sizeof sin) == 0) {
            escaped("TCP %s:443 connected", targets[t]);
        } else if (errno == EINPROGRESS) {
            /* Without a route connect fails at once (ENETUNREACH). */
            struct pollfd p = {.fd = tcp, .events = POLLOUT};
            int err = 0;
            socklen_t el = sizeof err;
            int answered = poll(&p, 1, 1000) > 0 &&
                           getsockopt(tcp, SOL_SOCKET, SO_ERROR, &err, &el) == 0;
            escaped("TCP SYN to %s:443 sent, a route exists (%s)", targets[t],
                    !answered ? "no answer in 1s" : err ? en(err) : "connected");
        } else {
            stopped("TCP %s: %s", targets[t], en(errno));
        }
        close(tcp);
    }
    finish();
}
