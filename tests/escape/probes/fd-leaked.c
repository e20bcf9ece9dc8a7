/* fd: use file descriptors the caller leaked into `jail` (not CLOEXEC): a
 * directory fd of a host temp dir holding a secret (JAILPROBE_DIR_FD) and
 * an open file fd of that secret (JAILPROBE_FILE_FD). Tries fstat, openat
 * `secret` and `..`, fchdir, and read on those numbers and on every fd from
 * 3 to 1023. Only 0-2 may be open. */
#include "probe.h"

static void try_fd(int fd, int announced)
{
    struct stat st;
    if (fstat(fd, &st) < 0) {
        if (announced)
            stopped("leaked fd %d: %s", fd, en(errno));
        return;
    }
    char buf[256];
    if (S_ISDIR(st.st_mode)) {
        int s = openat(fd, "secret", O_RDONLY | O_CLOEXEC);
        ssize_t n = s >= 0 ? read(s, buf, sizeof buf - 1) : -1;
        if (n >= 0) {
            buf[n] = 0;
            escaped("fd %d is a directory; openat(secret): %s", fd, excerpt(buf));
        } else {
            escaped("fd %d is an open directory (openat secret: %s)", fd, en(errno));
        }
        int up = openat(fd, "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (up >= 0)
            note("openat(fd %d, \"..\") worked", fd);
        if (fchdir(fd) == 0)
            note("fchdir(%d) worked", fd);
    } else {
        ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
        if (n >= 0) {
            buf[n] = 0;
            escaped("fd %d is open (mode %o); read: %s", fd, st.st_mode, excerpt(buf));
        } else {
            escaped("fd %d is open (mode %o, read: %s)", fd, st.st_mode, en(errno));
        }
    }
}

int main(void)
{
    int dir_fd = atoi(param("JAILPROBE_DIR_FD"));
    int file_fd = atoi(param("JAILPROBE_FILE_FD"));
    try_fd(dir_fd, 1);
    try_fd(file_fd, 1);
    /* The RPC channel is the one fd the jail hands in on purpose. */
    const char *rpc = getenv("JAIL_RPC_FD");
    int rpc_fd = rpc ? atoi(rpc) : -1;
    for (int fd = 3; fd < 1024; fd++)
        if (fd != dir_fd && fd != file_fd && fd != rpc_fd)
            try_fd(fd, 0);
    stopped("fds 3-1023 closed but the RPC channel");
    finish();
}
