/* net: bind and listen on the jail's own loopback, then connect to it. The
 * net namespace allows it (it is the jail's own lo); only Landlock's TCP
 * rules (ABI >= 4) stop it, so this probe notices Landlock's network part
 * failing silently. No port is open by the default profile. */
#include "probe.h"
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

int main(void)
{
    int server = socket(AF_INET, SOCK_STREAM, 0);
    if (server < 0) {
        stopped("socket: %s", en(errno));
        finish();
    }
    struct sockaddr_in addr = {.sin_family = AF_INET, .sin_port = htons(18081)};
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(server, (struct sockaddr *)&addr, sizeof addr) == 0 && listen(server, 1) == 0)
        escaped("bound and listening on 127.0.0.1:18081");
    else
        stopped("bind 127.0.0.1:18081: %s", en(errno));
    int client = socket(AF_INET, SOCK_STREAM, 0);
    if (client >= 0 && connect(client, (struct sockaddr *)&addr, sizeof addr) == 0)
        escaped("connected to 127.0.0.1:18081");
    else
        stopped("connect 127.0.0.1:18081: %s", en(errno));
    finish();
}
