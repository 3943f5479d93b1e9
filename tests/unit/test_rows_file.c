/* SPDX-License-Identifier: MIT */
/* test_rows_file: db_rows_file.c, --use_file's reader: lines of regular
 * files (rewound at their end) and pipes (replayed from memory), NULs,
 * CRs, the line cut and the read bound, and the files it refuses. */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../tap.h"
#include "db/db.h"

static char dir[] = "/tmp/test_rows_file.XXXXXX";
static char path[256];

/* -- Helpers ------------------------------------------------------------- */

/* Writes n bytes of data to dir/name; path names it. */
static const char *put(const char *name, const void *data, size_t n)
{
    FILE *fp;

    snprintf(path, sizeof(path), "%s/%s", dir, name);
    fp = fopen(path, "wb");
    if (!fp || fwrite(data, 1, n, fp) != n || fclose(fp) != 0) {
        perror(path);
        exit(1);
    }
    return path;
}

static struct db_rows_file *open_ok(const char *p)
{
    char err[512] = "";
    struct db_rows_file *f =
        bench_db_rows_file_open(p, "--filename", err, sizeof(err));
    if (!f) printf("# open %s: %s\n", p, err);
    return f;
}

/* The next `count` lines of f joined by '|' ("ERR" for an error). */
static const char *lines(struct db_rows_file *f, int count)
{
    static char out[8192];
    size_t at = 0;

    out[0] = '\0';
    for (int i = 0; i < count && f; i++) {
        const char *line;
        int n = bench_db_rows_file_next(f, &line);
        if (n < 0) {
            snprintf(out + at, sizeof(out) - at, "%sERR", i ? "|" : "");
            break;
        }
        at += (size_t) snprintf(out + at, sizeof(out) - at, "%s%.*s",
                                i ? "|" : "", n, line);
        if (at >= sizeof(out)) break;
    }
    return out;
}

/* The open's message for p (NULL when it opened). */
static const char *open_error(const char *p)
{
    static char err[512];
    struct db_rows_file *f =
        bench_db_rows_file_open(p, "--filename", err, sizeof(err));
    if (f) {
        bench_db_rows_file_free(f);
        return NULL;
    }
    return err;
}

/* The first line's error message, "" when there was none. */
static const char *first_error(struct db_rows_file *f)
{
    const char *line, *e;

    if (!f || bench_db_rows_file_next(f, &line) >= 0) return "";
    e = bench_db_rows_file_error(f);
    return e ? e : "";
}

static int contains(const char *s, const char *part)
{
    return s && strstr(s, part) != NULL;
}

/* -- Regular files -----------------------------------------------------------
 */

static void test_lines(void)
{
    struct db_rows_file *f;
    const char *line;

    f = open_ok(put("plain", "one\ntwo\nthree", 13));
    is_str(lines(f, 5), "one|two|three|one|two",
           "lines in order, the last without a newline, then again");
    bench_db_rows_file_free(f);

    f = open_ok(put("nul", "abc\0def\nline2\n", 14));
    is_str(lines(f, 3), "abcdef|line2|abcdef",
           "a NUL is dropped, the rest of its line kept");
    bench_db_rows_file_free(f);

    f = open_ok(put("cr", "a\r\nb\r\r\n\r\nc\r", 11));
    is_str(lines(f, 5), "a|b\r||c|a",
           "one CR at a line's end is dropped, at the file's end too");
    bench_db_rows_file_free(f);

    f = open_ok(put("nl", "\n", 1));
    is_int(bench_db_rows_file_next(f, &line), 0, "a lone newline is a line");
    is_int(bench_db_rows_file_next(f, &line), 0, "...and again");
    bench_db_rows_file_free(f);

    f = open_ok(put("nuls", "\0\0\0", 3));
    is_int(bench_db_rows_file_next(f, &line), 0, "NULs only: an empty line");
    bench_db_rows_file_free(f);

    f = open_ok(put("empty", "", 0));
    ok(contains(first_error(f), "--filename=") &&
           contains(first_error(f), "/empty has no lines"),
       "an empty file has no lines (and the error stays)");
    bench_db_rows_file_free(f);
}

static void test_long_lines(void)
{
    enum { N = 3000 };
    static char data[N + 64];
    struct db_rows_file *f;
    const char *line;
    int n;

    memset(data, 'x', N);
    memcpy(data + N, "\nshort\n", 7);
    f = open_ok(put("long", data, N + 7));
    n = bench_db_rows_file_next(f, &line);
    is_int(n, BENCH_ROWS_LINE_MAX, "a long line is cut to its first bytes");
    ok(n > 0 && strspn(line, "x") == (size_t) n && line[n] == '\0',
       "...which are its own, NUL-terminated");
    is_str(lines(f, 1), "short", "the rest of the long line is skipped");
    bench_db_rows_file_free(f);

    memcpy(data + BENCH_ROWS_LINE_MAX, "\r\n", 2);
    f = open_ok(put("cr_at_max", data, BENCH_ROWS_LINE_MAX + 2));
    is_int(bench_db_rows_file_next(f, &line), BENCH_ROWS_LINE_MAX,
           "a line of the longest length and a CR: the CR is dropped");
    bench_db_rows_file_free(f);
}

static void test_raw_bound(void)
{
    size_t n  = (size_t) BENCH_ROWS_RAW_MAX + 10;
    char *big = calloc(1, n);
    struct db_rows_file *f;

    if (!big) exit(1);
    memset(big, 'y', n / 2);
    f = open_ok(put("huge", big, n));
    ok(contains(first_error(f), "/huge: line 1 is longer than 1 MiB"),
       "a line over 1 MiB (NULs counted) is refused, naming it");
    bench_db_rows_file_free(f);
    free(big);
}

/* -- Files refused ------------------------------------------------------------
 */

static void test_refused(void)
{
    const char *e;

    e = open_error(dir);
    ok(contains(e, "--filename=/tmp/test_rows_file.") &&
           contains(e, " is a directory"),
       "a directory is refused");
    is_str(open_error("/dev/zero"),
           "--filename=/dev/zero is a character device: only a regular "
           "file or a named pipe can be read",
           "/dev/zero is refused without reading it");
    snprintf(path, sizeof(path), "%s/none", dir);
    e = open_error(path);
    ok(contains(e, "--filename: cannot open /tmp/test_rows_file.") &&
           contains(e, "/none: No such file or directory"),
       "a missing file: the open's error");
}

/* -- Pipes
 * ----------------------------------------------------------------------- */

/* A child writing n bytes of data to fds[1] (all of it again and again
 * when `forever`, until the reader goes), then exiting. */
static pid_t writer(const int fds[2], const char *data, size_t n, bool forever)
{
    int fd = fds[1];
    pid_t pid;

    /* Nothing of the TAP output buffered for a child to write again (a
     * sanitizer's _exit may flush stdio). */
    fflush(stdout);
    pid = fork();

    if (pid != 0) return pid;
    close(fds[0]); /* else the pipe never loses its last reader */
    signal(SIGPIPE, SIG_DFL);
    do {
        for (size_t at = 0; at < n;) {
            ssize_t w = write(fd, data + at, n - at);
            if (w <= 0) _exit(0);
            at += (size_t) w;
        }
    } while (forever);
    _exit(0);
}

static void test_fifo(void)
{
    static const char text[] = "p1\np2\r\np3";
    struct db_rows_file *f;
    pid_t pid;
    int fd;

    snprintf(path, sizeof(path), "%s/fifo", dir);
    if (mkfifo(path, 0600) != 0) exit(1);
    fflush(stdout); /* as in writer() */
    pid = fork();
    if (pid == 0) {
        fd = open(path, O_WRONLY);
        _exit(fd < 0 || write(fd, text, sizeof(text) - 1) < 0);
    }
    f = open_ok(path);
    is_str(lines(f, 7), "p1|p2|p3|p1|p2|p3|p1",
           "a named pipe's lines, then the same again from memory");
    bench_db_rows_file_free(f);
    waitpid(pid, NULL, 0);
}

/* An anonymous pipe, named by /proc/self/fd, fed by a child. */
static struct db_rows_file *pipe_of(const char *data, size_t n, bool forever,
                                    pid_t *pid)
{
    struct db_rows_file *f;
    int fds[2];

    if (pipe(fds) != 0) exit(1);
    *pid = writer(fds, data, n, forever);
    close(fds[1]);
    snprintf(path, sizeof(path), "/proc/self/fd/%d", fds[0]);
    f = open_ok(path);
    close(fds[0]);
    return f;
}

static void test_pipes(void)
{
    static char zeros[65536];
    struct db_rows_file *f;
    pid_t pid;

    f = pipe_of("", 0, false, &pid);
    ok(contains(first_error(f), " has no lines"), "an empty pipe has no lines");
    bench_db_rows_file_free(f);
    waitpid(pid, NULL, 0);

    f = pipe_of("a\0b\nc", 5, false, &pid);
    is_str(lines(f, 4), "ab|c|ab|c", "a pipe's NULs are dropped too");
    bench_db_rows_file_free(f);
    waitpid(pid, NULL, 0);

    f = pipe_of(zeros, sizeof(zeros), true, &pid);
    ok(contains(first_error(f), ": line 1 is longer than 1 MiB"),
       "a pipe of endless NULs ends with an error, not a spin");
    bench_db_rows_file_free(f);
    waitpid(pid, NULL, 0);
}

int main(void)
{
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    test_lines();
    test_long_lines();
    test_raw_bound();
    test_refused();
    test_fifo();
    test_pipes();
    snprintf(path, sizeof(path), "rm -rf '%s'", dir);
    if (system(path) != 0) printf("# cannot remove %s\n", dir);
    return done_testing();
}
