/* SPDX-License-Identifier: MIT */
/* fuzz_rows_file: libFuzzer harness of db_rows_file.c, --use_file's
 * reader. The first byte picks a regular file (a memfd) or a pipe and
 * whether to read on or stop after one line; the rest is the file. Every
 * line read must be the model's below (NULs dropped, then one CR at the
 * end, cut to BENCH_ROWS_LINE_MAX; the lines again from the first after
 * the last), within the bound, without a NUL; a file of no line must end
 * in an error. Aborts on any difference. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "db/db.h"

/* The model's lines of d[0..n): each at most BENCH_ROWS_LINE_MAX bytes. */
struct model {
    size_t count;
    size_t len[4097];
    char text[4097][BENCH_ROWS_LINE_MAX];
};

static void model_line(struct model *m, const uint8_t *p, size_t n)
{
    size_t total = 0, i = m->count++;
    uint8_t last = 0;

    for (size_t k = 0; k < n; k++)
        if (p[k] != '\0') {
            if (total < BENCH_ROWS_LINE_MAX) m->text[i][total] = (char) p[k];
            total++;
            last = p[k];
        }
    if (last == '\r') total--; /* the last byte once the NULs are gone */
    m->len[i] = total > BENCH_ROWS_LINE_MAX ? BENCH_ROWS_LINE_MAX : total;
}

static void model_build(struct model *m, const uint8_t *d, size_t n)
{
    size_t start = 0;

    m->count = 0;
    for (size_t i = 0; i < n; i++)
        if (d[i] == '\n') {
            model_line(m, d + start, i - start);
            start = i + 1;
        }
    if (start < n) model_line(m, d + start, n - start);
}

/* The file as a path, "/proc/self/fd/N" of a memfd or a pipe holding d. */
static int make_file(const uint8_t *d, size_t n, int pipe_mode, char *path,
                     size_t path_len)
{
    int fds[2];

    if (pipe_mode) {
        if (pipe(fds) != 0) return -1;
        if (n > 0 && write(fds[1], d, n) != (ssize_t) n) abort();
        close(fds[1]);
    } else {
        fds[0] = memfd_create("rows", MFD_CLOEXEC);
        if (fds[0] < 0) return -1;
        if (n > 0 && write(fds[0], d, n) != (ssize_t) n) abort();
    }
    snprintf(path, path_len, "/proc/self/fd/%d", fds[0]);
    return fds[0];
}

static void check(struct db_rows_file *f, const struct model *m, size_t calls)
{
    for (size_t i = 0; i < calls; i++) {
        const char *line;
        int n = bench_db_rows_file_next(f, &line);
        if (m->count == 0) {
            if (n != -1 || !bench_db_rows_file_error(f)) abort();
            return;
        }
        size_t want = i % m->count;
        if (n < 0 || n > BENCH_ROWS_LINE_MAX || line[n] != '\0' ||
            memchr(line, '\0', (size_t) n) || (size_t) n != m->len[want] ||
            memcmp(line, m->text[want], (size_t) n) != 0)
            abort();
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct model m;
    struct db_rows_file *f;
    char path[64], err[256];
    int fd;

    if (size == 0 || size > 4096) return 0;
    model_build(&m, data + 1, size - 1);
    fd = make_file(data + 1, size - 1, data[0] & 1, path, sizeof(path));
    if (fd < 0) return 0;
    f = bench_db_rows_file_open(path, "--filename", err, sizeof(err));
    close(fd);
    if (!f) abort(); /* a memfd and a pipe are always taken */
    check(f, &m, (data[0] & 2) ? 1 : 2 * m.count + 3);
    bench_db_rows_file_free(f);
    return 0;
}
