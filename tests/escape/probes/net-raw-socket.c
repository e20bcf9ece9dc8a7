/* net: a raw ICMP socket (forging packets, sniffing). Needs CAP_NET_RAW;
 * seccomp refuses SOCK_RAW. Sends an echo request to 127.0.0.1 if it gets
 * the socket. */
#include "probe.h"
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/ip_icmp.h>
#include <sys/socket.h>

int main(void)
{
    int fd = socket(AF_INET, SOCK_RAW | SOCK_CLOEXEC, IPPROTO_ICMP);
    if (fd < 0) {
        stopped("socket(AF_INET, SOCK_RAW, IPPROTO_ICMP): %s", en(errno));
    } else {
        struct icmphdr h = {.type = ICMP_ECHO};
        struct sockaddr_in to = {.sin_family = AF_INET};
        inet_pton(AF_INET, "127.0.0.1", &to.sin_addr);
        ssize_t n = sendto(fd, &h, sizeof h, 0, (struct sockaddr *)&to, sizeof to);
        escaped("raw ICMP socket opened (sendto: %zd)", n);
    }
    int fd6 = socket(AF_INET6, SOCK_RAW | SOCK_CLOEXEC, IPPROTO_RAW);
    if (fd6 < 0)
        stopped("socket(AF_INET6, SOCK_RAW, IPPROTO_RAW): %s", en(errno));
    else
        escaped("raw IPv6 socket opened");
    finish();
}
