/* SPDX-License-Identifier: MIT */
/* db_rows_file.c: the reader of --use_file's row file (oltp_common.lua's
 * line_source), the one layer between that file and the rows prepare
 * loads. Every read is bounded: a line keeps at most BENCH_ROWS_LINE_MAX
 * bytes and may not run past BENCH_ROWS_RAW_MAX, a pipe's replay memory
 * past BENCH_ROWS_KEPT_MAX, and only regular files and named pipes are
 * read (issue 28: /dev/zero spun for ever, a directory "had no lines"). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "db.h"

enum { READ_CHUNK = 64 * 1024, ERR_LEN = 1024 };

struct db_rows_file {
    int fd;          /* -1 once a pipe ended: its lines come from `kept` */
    bool is_pipe;    /* else a regular file, read again from its start */
    char *name;      /* "<label>=<path>", the head of every message */
    uint64_t lineno; /* lines read in this pass: the number in messages */
    size_t pos, end; /* unread bytes of buf */
    /* The line being read: its first bytes (NULs dropped), one more than
     * kept for a CR that its end may drop, and the NUL after them. */
    char line[BENCH_ROWS_LINE_MAX + 2];
    size_t len;   /* bytes in line */
    bool cut;     /* bytes past line were dropped */
    uint64_t raw; /* bytes of the line read so far, everything counted */
    /* A pipe's lines as read, each a 2-byte length, its bytes and a NUL;
     * replayed in order from `replay` once the pipe ended. */
    char *kept;
    size_t kept_len, kept_cap, replay;
    char err[ERR_LEN]; /* the error that stopped the reader, or "" */
    char buf[READ_CHUNK];
};

/* -- Opening ------------------------------------------------------------- */

/* 0 when `st` is a file the reader takes, else -1 with the message. */
static int check_type(const struct stat *st, const char *label,
                      const char *path, char *err, size_t err_len)
{
    const char *what;

    if (S_ISREG(st->st_mode) || S_ISFIFO(st->st_mode)) return 0;
    if (S_ISDIR(st->st_mode)) {
        snprintf(err, err_len, "%s=%s is a directory", label, path);
        return -1;
    }
    what = S_ISCHR(st->st_mode)    ? "a character device"
           : S_ISBLK(st->st_mode)  ? "a block device"
           : S_ISSOCK(st->st_mode) ? "a socket"
                                   : "not a file";
    snprintf(err, err_len,
             "%s=%s is %s: only a regular file or a named pipe can be read",
             label, path, what);
    return -1;
}

static void open_failed(const char *label, const char *path, int errnum,
                        char *err, size_t err_len)
{
    snprintf(err, err_len, "%s: cannot open %s: %s", label, path,
             strerror(errnum));
}

/* The type is looked at before the open (opening a device may do
 * something: rewind a tape, wait for a terminal) and again after it, on
 * what was opened. */
struct db_rows_file *bench_db_rows_file_open(const char *path,
                                             const char *label, char *err,
                                             size_t err_len)
{
    struct db_rows_file *f = NULL;
    struct stat st;
    size_t name_len;
    int fd = -1;

    if (stat(path, &st) != 0) {
        open_failed(label, path, errno, err, err_len);
        return NULL;
    }
    if (check_type(&st, label, path, err, err_len) != 0) return NULL;
    if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
        open_failed(label, path, errno, err, err_len);
        return NULL;
    }
    if (fstat(fd, &st) != 0) {
        open_failed(label, path, errno, err, err_len);
        goto fail;
    }
    if (check_type(&st, label, path, err, err_len) != 0) goto fail;
    name_len = strlen(label) + 1 + strlen(path) + 1;
    if (!(f = calloc(1, sizeof(*f))) || !(f->name = malloc(name_len))) {
        open_failed(label, path, ENOMEM, err, err_len);
        goto fail;
    }
    snprintf(f->name, name_len, "%s=%s", label, path);
    f->fd      = fd;
    f->is_pipe = S_ISFIFO(st.st_mode);
    return f;
fail:
    free(f);
    close(fd);
    return NULL;
}

void bench_db_rows_file_free(struct db_rows_file *f)
{
    if (!f) return;
    if (f->fd >= 0) close(f->fd);
    free(f->kept);
    free(f->name);
    free(f);
}

const char *bench_db_rows_file_error(const struct db_rows_file *f)
{
    return f->err[0] ? f->err : NULL;
}

static int fail(struct db_rows_file *f, const char *what, const char *detail)
{
    snprintf(f->err, sizeof(f->err), "%s%s%s", f->name, what, detail);
    return -1;
}

/* -- Reading lines --------------------------------------------------------- */

/* Refills buf: 1, 0 at the end of the input, -1 on error. */
static int fill(struct db_rows_file *f)
{
    ssize_t n;

    do
        n = read(f->fd, f->buf, sizeof(f->buf));
    while (n < 0 && errno == EINTR);
    if (n < 0) return fail(f, ": read: ", strerror(errno));
    f->pos = 0;
    f->end = (size_t) n;
    return n > 0;
}

/* Appends p[0..n) to the line: NULs dropped, bytes past its room too. */
static void take(struct db_rows_file *f, const char *p, size_t n)
{
    for (size_t i = 0; i < n && !f->cut; i++) {
        if (p[i] == '\0') continue;
        if (f->len == sizeof(f->line) - 1)
            f->cut = true;
        else
            f->line[f->len++] = p[i];
    }
}

/* Reads the next line into f->line: 1, 0 when the input ended before
 * any byte of one, -1 on error. Reads at most BENCH_ROWS_RAW_MAX +
 * READ_CHUNK bytes. */
static int read_line(struct db_rows_file *f)
{
    f->len = f->raw = 0;
    f->cut          = false;
    for (;;) {
        const char *p, *nl;
        size_t n;
        int rc;

        if (f->pos == f->end && (rc = fill(f)) <= 0)
            return rc < 0 ? -1 : f->raw > 0;
        p  = f->buf + f->pos;
        nl = memchr(p, '\n', f->end - f->pos);
        n  = nl ? (size_t) (nl - p) : f->end - f->pos;
        take(f, p, n);
        f->raw += n;
        f->pos += n + (nl != NULL);
        if (f->raw > BENCH_ROWS_RAW_MAX) {
            char what[96];
            snprintf(what, sizeof(what), ": line %llu is longer than 1 MiB",
                     (unsigned long long) f->lineno + 1);
            return fail(f, what, " (not a text file?)");
        }
        if (nl) return 1;
    }
}

/* The line's length once its end is known: a CR at its end dropped (one
 * past the cut cannot be its end), then the cut. */
static int line_end(struct db_rows_file *f)
{
    size_t n = f->len;

    if (!f->cut && n > 0 && f->line[n - 1] == '\r') n--;
    if (n > BENCH_ROWS_LINE_MAX) n = BENCH_ROWS_LINE_MAX;
    f->line[n] = '\0';
    f->lineno++;
    return (int) n;
}

/* -- A pipe's lines, kept ----------------------------------------------------
 */

static int keep(struct db_rows_file *f, int n)
{
    size_t need    = 2 + (size_t) n + 1;
    uint16_t len16 = (uint16_t) n;

    if (f->kept_len + need > f->kept_cap) {
        size_t cap = f->kept_cap ? f->kept_cap * 2 : 64 * 1024;
        char *p;
        if (f->kept_len + need > BENCH_ROWS_KEPT_MAX)
            return fail(f,
                        ": more than 1 GiB of a pipe's lines kept to be "
                        "read again",
                        " (use a regular file)");
        if (cap > BENCH_ROWS_KEPT_MAX) cap = BENCH_ROWS_KEPT_MAX;
        if (!(p = realloc(f->kept, cap)))
            return fail(f, ": ", strerror(ENOMEM));
        f->kept     = p;
        f->kept_cap = cap;
    }
    memcpy(f->kept + f->kept_len, &len16, 2);
    memcpy(f->kept + f->kept_len + 2, f->line, (size_t) n + 1);
    f->kept_len += need;
    return 0;
}

static int replay(struct db_rows_file *f, const char **line)
{
    uint16_t n;

    if (f->replay >= f->kept_len) f->replay = 0;
    memcpy(&n, f->kept + f->replay, 2);
    *line = f->kept + f->replay + 2;
    f->replay += 2 + (size_t) n + 1;
    return n;
}

/* A regular file is read again from its start; a pipe that ended is
 * replayed from what was kept. 1 when the next line is ready (in f->line,
 * or from the kept ones once fd < 0), -1 on error. */
static int at_end(struct db_rows_file *f)
{
    int rc = 0;

    if (!f->is_pipe) {
        if (lseek(f->fd, 0, SEEK_SET) < 0)
            return fail(f, ": seek: ", strerror(errno));
        f->pos = f->end = 0;
        f->lineno       = 0;
        rc              = read_line(f);
    } else if (f->kept_len > 0) {
        close(f->fd);
        f->fd = -1;
        return 1;
    }
    if (rc == 0) return fail(f, " has no lines", "");
    return rc;
}

int bench_db_rows_file_next(struct db_rows_file *f, const char **line)
{
    int rc, n;

    if (f->err[0]) return -1;
    if (f->fd < 0) return replay(f, line);
    rc = read_line(f);
    if (rc == 0) rc = at_end(f);
    if (rc < 0) return -1;
    if (f->fd < 0) return replay(f, line);
    n = line_end(f);
    if (f->is_pipe && keep(f, n) != 0) return -1;
    *line = f->line;
    return n;
}
