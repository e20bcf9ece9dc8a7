/* fs: mount file systems inside the jail: tmpfs, proc, sysfs, a recursive
 * bind of /, and the new mount API (fsopen/fsmount/move_mount). Needs
 * CAP_SYS_ADMIN over the mount namespace; seccomp refuses the mount family. */
#include "probe.h"
#include <sys/mount.h>

int main(void)
{
    const char *dirs[] = {"/tmp/jp-tmpfs", "/tmp/jp-proc", "/tmp/jp-sys", "/tmp/jp-bind",
                          "/tmp/jp-new"};
    for (unsigned i = 0; i < sizeof dirs / sizeof *dirs; i++)
        mkdir(dirs[i], 0755);
    attempt(mount("none", "/tmp/jp-tmpfs", "tmpfs", 0, "size=1m"), "mount tmpfs");
    attempt(mount("proc", "/tmp/jp-proc", "proc", 0, NULL), "mount proc");
    attempt(mount("sysfs", "/tmp/jp-sys", "sysfs", 0, NULL), "mount sysfs");
    attempt(mount("/", "/tmp/jp-bind", NULL, MS_BIND | MS_REC, NULL), "bind-mount /");
    attempt(mount("none", "/", NULL, MS_REC | MS_SHARED, NULL), "make / shared");
    attempt(umount2("/proc", MNT_DETACH), "umount /proc");
    int fs = syscall(SYS_fsopen, "tmpfs", 0);
    if (fs >= 0) {
        escaped("fsopen(tmpfs) succeeded");
        if (syscall(SYS_fsconfig, fs, 6 /* FSCONFIG_CMD_CREATE */, NULL, NULL, 0) == 0) {
            int mnt = syscall(SYS_fsmount, fs, 0, 0);
            if (mnt >= 0)
                attempt(syscall(SYS_move_mount, mnt, "", AT_FDCWD, "/tmp/jp-new",
                                0x00000004 /* MOVE_MOUNT_F_EMPTY_PATH */),
                        "move_mount of a new tmpfs");
        }
    } else {
        stopped("fsopen(tmpfs): %s", en(errno));
    }
    attempt(syscall(SYS_open_tree, AT_FDCWD, "/usr", 1 /* OPEN_TREE_CLONE */),
            "open_tree(/usr, OPEN_TREE_CLONE)");
    finish();
}
