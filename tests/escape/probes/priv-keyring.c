/* priv: the kernel keyrings, shared across namespaces by uid: add a key to
 * the user and session keyrings (description jailprobe-$JAILPROBE_MARK; the
 * harness looks for it in the host's /proc/keys), read the user keyring,
 * join a new session keyring, request_key. seccomp refuses all three calls. */
#include "probe.h"

#define KEY_SPEC_SESSION_KEYRING -3
#define KEY_SPEC_USER_KEYRING -4
#define KEYCTL_GET_KEYRING_ID 0
#define KEYCTL_JOIN_SESSION_KEYRING 1
#define KEYCTL_READ 11

int main(void)
{
    char desc[128];
    snprintf(desc, sizeof desc, "jailprobe-%s", param("JAILPROBE_MARK"));
    attempt(syscall(SYS_add_key, "user", desc, "x", 1, KEY_SPEC_USER_KEYRING),
            "add_key to the user keyring");
    attempt(syscall(SYS_add_key, "user", desc, "x", 1, KEY_SPEC_SESSION_KEYRING),
            "add_key to the session keyring");
    attempt(syscall(SYS_keyctl, KEYCTL_GET_KEYRING_ID, KEY_SPEC_USER_KEYRING, 0),
            "keyctl GET_KEYRING_ID user");
    char buf[256];
    attempt(syscall(SYS_keyctl, KEYCTL_READ, KEY_SPEC_USER_KEYRING, buf, sizeof buf),
            "keyctl READ user keyring");
    attempt(syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, NULL),
            "keyctl JOIN_SESSION_KEYRING");
    long r = syscall(SYS_request_key, "user", desc, NULL, 0);
    if (r >= 0 || errno == ENOKEY)
        escaped("request_key reached the keyring search (%s)", r >= 0 ? "found" : "ENOKEY");
    else
        stopped("request_key: %s", en(errno));
    finish();
}
