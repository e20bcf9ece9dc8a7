/* priv: get capabilities back: capset raising every capability into the
 * effective, permitted and inheritable sets, PR_CAP_AMBIENT_RAISE, setting
 * SECBIT_KEEP_CAPS, and checking the sets in /proc/self/status (CapInh,
 * CapPrm, CapEff, CapBnd, CapAmb must all be 0), also after an exec.
 * JAILPROBE_BOUNDING_KEPT=1 (the degraded tier, run by an ordinary user, who
 * may not change the bounding set without a user namespace): the bounding
 * set is not checked; no_new_privs, which stops exec from using it, is. */
#include "probe.h"
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/wait.h>

static int bounding_kept(void)
{
    const char *kept = getenv("JAILPROBE_BOUNDING_KEPT");
    return kept && strcmp(kept, "1") == 0;
}

static void check_status(const char *when)
{
    char buf[4096];
    if (read_file("/proc/self/status", buf, sizeof buf) < 0) {
        printf("ERROR reading /proc/self/status: %s\n", en(errno));
        exit(2);
    }
    const char *sets[] = {"CapInh:\t", "CapPrm:\t", "CapEff:\t", "CapBnd:\t", "CapAmb:\t"};
    for (unsigned i = 0; i < 5; i++) {
        char *line = strstr(buf, sets[i]);
        unsigned long long v = line ? strtoull(line + 8, NULL, 16) : 1;
        if (i == 3 && bounding_kept())
            continue;
        if (v)
            escaped("%s %.6s %llx", when, sets[i], v);
    }
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "after-exec") == 0) {
        check_status("after exec:");
        if (probe_n_escaped) {
            fprintf(stderr, "# %s\n", probe_escapes);
            return 1;
        }
        return 0;
    }
    check_status("at start:");
    struct __user_cap_header_struct hdr = {.version = _LINUX_CAPABILITY_VERSION_3};
    struct __user_cap_data_struct data[2];
    memset(data, 0xff, sizeof data);
    if (syscall(SYS_capset, &hdr, data) == 0)
        escaped("capset raised all capabilities");
    else
        stopped("capset(all): %s", en(errno));
    memset(data, 0, sizeof data);
    data[0].effective = data[0].permitted = 1u << CAP_SYS_ADMIN;
    if (syscall(SYS_capset, &hdr, data) == 0)
        escaped("capset raised CAP_SYS_ADMIN");
    else
        stopped("capset(CAP_SYS_ADMIN): %s", en(errno));
    if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_RAISE, CAP_SYS_ADMIN, 0, 0) == 0)
        escaped("PR_CAP_AMBIENT_RAISE CAP_SYS_ADMIN");
    else
        stopped("PR_CAP_AMBIENT_RAISE: %s", en(errno));
    int in_bounding = 0;
    for (int c = 0; c <= 63; c++)
        if (prctl(PR_CAPBSET_READ, c, 0, 0, 0) == 1)
            in_bounding++;
    if (in_bounding && bounding_kept())
        stopped("bounding set kept (%d), as the degraded tier says", in_bounding);
    else if (in_bounding)
        escaped("%d capabilities in the bounding set", in_bounding);
    else
        stopped("bounding set empty");
    if (prctl(PR_GET_NO_NEW_PRIVS, 0, 0, 0, 0) != 1)
        escaped("no_new_privs is not set");
    else
        stopped("no_new_privs set");
    if (prctl(PR_SET_NO_NEW_PRIVS, 0, 0, 0, 0) == 0)
        escaped("cleared no_new_privs");
    check_status("after the attempts:");
    /* Root in the jail re-executing itself: exec gives uid 0 the bounding set. */
    pid_t child = fork();
    if (child == 0) {
        execl("/proc/self/exe", argv[0], "after-exec", (char *)NULL);
        _exit(2);
    }
    int st = 0;
    waitpid(child, &st, 0);
    if (WIFEXITED(st) && WEXITSTATUS(st) == 1)
        escaped("a re-exec of this probe has capabilities");
    else
        stopped("after exec: still none");
    finish();
}
