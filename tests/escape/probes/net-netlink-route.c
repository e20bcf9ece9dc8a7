/* net: an rtnetlink socket, then RTM_NEWADDR adding 10.213.0.1/24 to lo and
 * RTM_NEWROUTE for a default route (reconfiguring the network). seccomp
 * refuses AF_NETLINK; without CAP_NET_ADMIN the kernel refuses the change.
 * Opening and binding the socket already counts as an escape. */
#include "probe.h"
#include <arpa/inet.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <net/if.h>
#include <sys/socket.h>

struct req {
    struct nlmsghdr nh;
    union {
        struct ifaddrmsg ifa;
        struct rtmsg rt;
    };
    char attrs[64];
};

static void add_attr(struct req *r, int type, const void *data, int len)
{
    struct rtattr *rta = (struct rtattr *)((char *)r + NLMSG_ALIGN(r->nh.nlmsg_len));
    rta->rta_type = type;
    rta->rta_len = RTA_LENGTH(len);
    memcpy(RTA_DATA(rta), data, len);
    r->nh.nlmsg_len = NLMSG_ALIGN(r->nh.nlmsg_len) + RTA_ALIGN(rta->rta_len);
}

/* Sends `r`, returns the kernel's ack (0 or -errno), or 1 on no answer. */
static int transact(int fd, struct req *r)
{
    if (send(fd, r, r->nh.nlmsg_len, 0) < 0)
        return -errno;
    char buf[4096];
    ssize_t n = recv(fd, buf, sizeof buf, 0);
    if (n < 0)
        return -errno;
    struct nlmsghdr *h = (struct nlmsghdr *)buf;
    if (NLMSG_OK(h, (unsigned)n) && h->nlmsg_type == NLMSG_ERROR)
        return ((struct nlmsgerr *)NLMSG_DATA(h))->error;
    return 1;
}

int main(void)
{
    int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_ROUTE);
    if (fd < 0) {
        stopped("socket(AF_NETLINK, NETLINK_ROUTE): %s", en(errno));
        finish();
    }
    struct sockaddr_nl sa = {.nl_family = AF_NETLINK};
    if (bind(fd, (struct sockaddr *)&sa, sizeof sa) < 0) {
        stopped("bind netlink: %s", en(errno));
        escaped("netlink socket opened");
        finish();
    }
    struct timeval tv = {.tv_sec = 2};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);

    struct req r = {0};
    r.nh.nlmsg_len = NLMSG_LENGTH(sizeof(struct ifaddrmsg));
    r.nh.nlmsg_type = RTM_NEWADDR;
    r.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK | NLM_F_CREATE | NLM_F_EXCL;
    r.nh.nlmsg_seq = 1;
    r.ifa.ifa_family = AF_INET;
    r.ifa.ifa_prefixlen = 24;
    r.ifa.ifa_index = if_nametoindex("lo");
    struct in_addr a;
    inet_pton(AF_INET, "10.213.0.1", &a);
    add_attr(&r, IFA_LOCAL, &a, sizeof a);
    add_attr(&r, IFA_ADDRESS, &a, sizeof a);
    int addr_ack = transact(fd, &r);

    struct req rt = {0};
    rt.nh.nlmsg_len = NLMSG_LENGTH(sizeof(struct rtmsg));
    rt.nh.nlmsg_type = RTM_NEWROUTE;
    rt.nh.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK | NLM_F_CREATE | NLM_F_EXCL;
    rt.nh.nlmsg_seq = 2;
    rt.rt.rtm_family = AF_INET;
    rt.rt.rtm_table = RT_TABLE_MAIN;
    rt.rt.rtm_protocol = RTPROT_STATIC;
    rt.rt.rtm_scope = RT_SCOPE_UNIVERSE;
    rt.rt.rtm_type = RTN_UNICAST;
    int oif = if_nametoindex("lo");
    inet_pton(AF_INET, "10.213.0.254", &a);
    add_attr(&rt, RTA_GATEWAY, &a, sizeof a);
    add_attr(&rt, RTA_OIF, &oif, sizeof oif);
    int route_ack = transact(fd, &rt);

    escaped("netlink socket opened and bound; RTM_NEWADDR: %s; RTM_NEWROUTE: %s",
            addr_ack == 0 ? "added" : addr_ack < 0 ? en(-addr_ack) : "no ack",
            route_ack == 0 ? "added" : route_ack < 0 ? en(-route_ack) : "no ack");
    finish();
}
