/* Shared helpers of the C escape probes (tests/escape/probes/\*.c).
 *
 * The contract (tests/escape/README.md): a probe really attempts one attack
 * and ends with exactly one line on stdout:
 *   BLOCKED <what stopped it>   exit 0   the attack failed
 *   ESCAPED <what happened>     exit 1   the attack worked
 * Diagnostics go to stderr. A probe that cannot run its attack at all (a
 * missing parameter) exits 2 with ERROR on stdout: the harness fails it.
 *
 * Attempts are recorded with escaped()/stopped(); finish() prints the
 * verdict: ESCAPED if any attempt escaped, else BLOCKED with every reason. */
#ifndef JAIL_PROBE_H
#define JAIL_PROBE_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

static char probe_escapes[4096];
static char probe_blocks[4096];
static int probe_n_escaped;

static void probe_append(char *buf, size_t size, const char *fmt, va_list ap)
{
    size_t len = strlen(buf);
    if (len > 0 && len + 2 < size) {
        strcat(buf, "; ");
        len += 2;
    }
    if (len < size)
        vsnprintf(buf + len, size - len, fmt, ap);
}

/* The name of errno (EPERM, ENOSYS, ...). */
static __attribute__((unused)) const char *en(int e)
{
    const char *name = strerrorname_np(e);
    return name ? name : "E?";
}

/* Records an attempt that worked. */
__attribute__((format(printf, 1, 2), unused)) static void escaped(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    probe_append(probe_escapes, sizeof probe_escapes, fmt, ap);
    va_end(ap);
    va_start(ap, fmt);
    fprintf(stderr, "# escaped: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
    probe_n_escaped++;
}

/* Records an attempt that failed, and why. */
__attribute__((format(printf, 1, 2), unused)) static void stopped(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    probe_append(probe_blocks, sizeof probe_blocks, fmt, ap);
    va_end(ap);
    va_start(ap, fmt);
    fprintf(stderr, "# stopped: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
}

__attribute__((format(printf, 1, 2), unused)) static void note(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "# ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n");
    va_end(ap);
}

/* Prints the verdict line and exits. */
static __attribute__((unused, noreturn)) void finish(void)
{
    fflush(stderr);
    if (probe_n_escaped) {
        printf("ESCAPED %s\n", probe_escapes);
        fflush(stdout);
        exit(1);
    }
    printf("BLOCKED %s\n", probe_blocks[0] ? probe_blocks : "(no attempt recorded)");
    fflush(stdout);
    exit(0);
}

/* A parameter from the harness (passed with `jail exec --env`). */
static __attribute__((unused)) const char *param(const char *name)
{
    const char *value = getenv(name);
    if (!value || !*value) {
        printf("ERROR parameter %s missing\n", name);
        exit(2);
    }
    return value;
}

/* Records "<what>: <errno>" as stopped when `rc` is -1, else as escaped. */
static __attribute__((unused)) int attempt(long rc, const char *what)
{
    if (rc == -1) {
        stopped("%s: %s", what, en(errno));
        return 0;
    }
    escaped("%s succeeded (%ld)", what, rc);
    return 1;
}

/* Reads up to size-1 bytes of a file; -1 with errno on failure. */
static __attribute__((unused)) ssize_t read_file(const char *path, char *buf, size_t size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, buf, size - 1);
    int saved = errno;
    close(fd);
    errno = saved;
    if (n >= 0)
        buf[n] = 0;
    return n;
}

/* Copies at most 60 printable characters of `s`, for a verdict line. */
static __attribute__((unused)) const char *excerpt(const char *s)
{
    static char out[64];
    size_t i = 0;
    for (; s[i] && i < 60; i++)
        out[i] = (s[i] >= 32 && s[i] < 127) ? s[i] : '.';
    out[i] = 0;
    return out;
}

#endif
