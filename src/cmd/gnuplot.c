/* SPDX-License-Identifier: MIT */
/* gnuplot: see gnuplot.h. */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gnuplot.h"

const char *gnuplot_find(char *buf, size_t len)
{
    const char *env = getenv("BENCH_GNUPLOT"), *path = getenv("PATH");

    if (env && *env) {
        if (access(env, X_OK) == 0) return env;
        fprintf(stderr, "plot: BENCH_GNUPLOT=%s: %s\n", env, strerror(errno));
        return NULL;
    }
    while (path && *path) {
        size_t n = strcspn(path, ":");
        if (n > 0 &&
            (size_t) snprintf(buf, len, "%.*s/gnuplot", (int) n, path) < len &&
            access(buf, X_OK) == 0)
            return buf;
        path += n + (path[n] == ':');
    }
    fprintf(stderr, "plot: gnuplot not found on PATH: install it (Debian: "
                    "apt install gnuplot-nox) or set BENCH_GNUPLOT to its "
                    "path\n");
    return NULL;
}

/* Copies line [p, p + n) into buf, printable ASCII only. */
static void clean_copy(const char *p, size_t n, char *buf, size_t len)
{
    size_t k = 0;

    for (; n > 0 && k + 1 < len; p++, n--)
        buf[k++] = *p >= 0x20 && *p < 0x7f ? *p : '?';
    buf[k] = '\0';
}

/* Whether the line [s, s + m) names a script line, as gnuplot's errors
 * do ("\"file\" line 3: undefined function: foo"). */
static bool says_where(const char *s, size_t m)
{
    for (size_t i = 0; i + 6 <= m; i++)
        if (memcmp(s + i, "line ", 5) == 0 && s[i + 5] >= '0' &&
            s[i + 5] <= '9')
            return true;
    return false;
}

void gnuplot_error_line(const char *text, char *buf, size_t len)
{
    const char *first = NULL, *p = text;
    size_t first_n = 0;

    if (len == 0) return;
    buf[0] = '\0';
    while (p && *p) {
        size_t n      = strcspn(p, "\n");
        const char *s = p;
        size_t m      = n;
        while (m > 0 && (*s == ' ' || *s == '\t' || *s == '^'))
            s++, m--;
        if (m > 0 && !first) first = s, first_n = m;
        if (m > 0 && says_where(s, m)) {
            clean_copy(s, m, buf, len);
            return;
        }
        p += n + (p[n] == '\n');
    }
    if (first) clean_copy(first, first_n, buf, len);
}

/* gnuplot's messages, from the file its stderr went to: the first 4 KB. */
static void read_messages(int fd, char *text, size_t len)
{
    ssize_t n = pread(fd, text, len - 1, 0);

    text[n > 0 ? n : 0] = '\0';
}

/* An unnamed file in $TMPDIR (else /tmp) for gnuplot's stderr. */
static int messages_file(void)
{
    const char *dir = getenv("TMPDIR");
    char path[4096];
    int fd;

    snprintf(path, sizeof(path), "%s/bench-gnuplot-XXXXXX",
             dir && *dir ? dir : "/tmp");
    if ((fd = mkstemp(path)) < 0) {
        fprintf(stderr, "plot: create %s: %s\n", path, strerror(errno));
        return -1;
    }
    unlink(path);
    return fd;
}

int gnuplot_run(const char *gp, const char *script, const char *out)
{
    char *const argv[] = {(char *) "gnuplot", (char *) script, NULL};
    char text[4096], line[200];
    posix_spawn_file_actions_t fa;
    struct stat st;
    pid_t pid;
    int status, rc, fd = messages_file();

    if (fd < 0) return -1;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fd, STDERR_FILENO);
    rc = posix_spawn(&pid, gp, &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0) {
        fprintf(stderr, "plot: run %s: %s\n", gp, strerror(rc));
        close(fd);
        return -1;
    }
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            close(fd);
            return -1;
        }
    read_messages(fd, text, sizeof(text));
    close(fd);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        gnuplot_error_line(text, line, sizeof(line));
        fprintf(stderr, "plot: %s failed (status %d) drawing %s%s%s\n", gp,
                WIFEXITED(status) ? WEXITSTATUS(status) : 128, out,
                line[0] ? ": " : "", line);
        unlink(out);
        return -1;
    }
    if (stat(out, &st) != 0 || st.st_size == 0) {
        fprintf(stderr, "plot: %s wrote no %s\n", gp, out);
        return -1;
    }
    return 0;
}
