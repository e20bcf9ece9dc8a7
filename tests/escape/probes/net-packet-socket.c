/* net: an AF_PACKET socket (link-layer sniffing and injection). Needs
 * CAP_NET_RAW; seccomp refuses AF_PACKET. */
#include "probe.h"
#include <arpa/inet.h>
#include <linux/if_ether.h>
#include <sys/socket.h>

int main(void)
{
    int fd = socket(AF_PACKET, SOCK_RAW | SOCK_CLOEXEC, htons(ETH_P_ALL));
    if (fd < 0) {
        stopped("socket(AF_PACKET, SOCK_RAW): %s", en(errno));
    } else {
        char buf[2048];
        ssize_t n = recv(fd, buf, sizeof buf, MSG_DONTWAIT);
        escaped("AF_PACKET socket opened (recv: %zd)", n);
    }
    int fd2 = socket(AF_PACKET, SOCK_DGRAM | SOCK_CLOEXEC, htons(ETH_P_IP));
    if (fd2 < 0)
        stopped("socket(AF_PACKET, SOCK_DGRAM): %s", en(errno));
    else
        escaped("AF_PACKET datagram socket opened");
    finish();
}
