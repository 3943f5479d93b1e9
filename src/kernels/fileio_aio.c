/* SPDX-License-Identifier: MIT */
/* kernels/fileio_aio: --file-io-mode=async through libaio (see fileio.h).
 * As in sysbench, an event is the submission: a worker keeps submitting
 * until --file-async-backlog requests are in flight, then waits for at
 * least one completion. Operations are counted when they complete, and
 * their latency runs from submission to the completion's reaping. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.h"
#include "clock.h"
#include "kernels/fileio.h"
#include "log.h"

#ifdef HAVE_LIBAIO
#include <libaio.h>

struct aio_slot {
    struct iocb iocb; /* first: a completion's obj points at the slot */
    int op;
    unsigned file;
    int64_t pos, len;
    uint64_t submit_ns;
    unsigned char *buf; /* own buffer (--validate) or the thread's */
};

/* Owned by one worker. */
struct fileio_aio {
    io_context_t ctx;
    bool ctx_ready;
    unsigned backlog, inflight, nfree;
    struct aio_slot *slots;
    struct aio_slot **free_slots; /* stack of unused slots */
    struct io_event *events;
    unsigned char *bufs; /* backlog x request_size with --validate */
};

struct fileio_aio *fileio_aio_new(struct bench_fileio *f)
{
    unsigned n           = (unsigned) f->cfg.async_backlog;
    size_t rs            = (size_t) f->cfg.request_size;
    struct fileio_aio *a = calloc(1, sizeof(*a));
    char text[160];
    int rc;

    if (!a || !(a->slots = calloc(n, sizeof(*a->slots))) ||
        !(a->free_slots = calloc(n, sizeof(*a->free_slots))) ||
        !(a->events = calloc(n, sizeof(*a->events))) ||
        (f->cfg.validate &&
         posix_memalign((void **) &a->bufs, (size_t) sysconf(_SC_PAGESIZE),
                        rs * n) != 0)) {
        fileio_aio_free(a);
        fileio_fail(f, "Failed to allocate async I/O context!");
        return NULL;
    }
    a->backlog = a->nfree = n;
    for (unsigned i = 0; i < n; i++) {
        a->slots[i].buf  = a->bufs ? a->bufs + rs * i : NULL;
        a->free_slots[i] = &a->slots[i];
    }
    if ((rc = io_setup((int) n, &a->ctx)) != 0) {
        fileio_aio_free(a);
        fileio_fail(f, "io_setup() failed! %s",
                    fileio_errno_text(-rc, text, sizeof(text)));
        if (rc == -EAGAIN)
            log_warn("Too many asynchronous requests for the system "
                     "limit: lower --file-async-backlog or --threads, or "
                     "raise /proc/sys/fs/aio-max-nr");
        return NULL;
    }
    a->ctx_ready = true;
    return a;
}

void fileio_aio_free(struct fileio_aio *a)
{
    if (!a) return;
    if (a->ctx_ready) io_destroy(a->ctx);
    free(a->bufs);
    free(a->events);
    free(a->free_slots);
    free(a->slots);
    free(a);
}

static int completion_failed(struct bench_fileio *f, const struct aio_slot *s,
                             long res)
{
    char name[32], text[160] = "";

    fileio_file_name(s->file, name, sizeof(name));
    if (res < 0)
        fileio_errno_text((int) -res, text, sizeof(text));
    else if (s->op == BENCH_FIO_READ)
        snprintf(text, sizeof(text),
                 "(%ld of %lld bytes): unexpected end "
                 "of file",
                 res, (long long) s->len);
    else
        snprintf(text, sizeof(text),
                 "(%ld of %lld bytes): is the disk "
                 "full?",
                 res, (long long) s->len);
    return fileio_fail(f, "Asynchronous %s failed! file: %s pos: %lld %s",
                       s->op == BENCH_FIO_READ ? "read" : "write", name,
                       (long long) s->pos, text);
}

static int complete(struct bench_fileio *f, int tid, struct aio_slot *s,
                    long res, uint64_t now)
{
    if (res != s->len) return completion_failed(f, s, res);
    fileio_account(f, tid, s->op, s->len,
                   now > s->submit_ns ? now - s->submit_ns : 0);
    if (s->op == BENCH_FIO_READ && f->cfg.validate)
        return fileio_check(f, s->buf, s->len, s->file, s->pos);
    return 0;
}

/* Reaps at least `min` completions of worker `tid`. */
static int wait_for(struct bench_fileio *f, int tid, long min)
{
    struct fileio_aio *a = f->threads[tid].aio;
    char text[160];
    int n, rc = 0;

    do
        n = io_getevents(a->ctx, min, (long) a->backlog, a->events, NULL);
    while (n == -EINTR);
    if (n < 1)
        return fileio_fail(
            f, "io_getevents() failed! %s",
            fileio_errno_text(n < 0 ? -n : EIO, text, sizeof(text)));
    uint64_t now = clock_now_ns();
    for (int i = 0; i < n; i++) {
        struct aio_slot *s = (struct aio_slot *) a->events[i].obj;
        if (rc == 0) rc = complete(f, tid, s, (long) a->events[i].res, now);
        a->free_slots[a->nfree++] = s;
        a->inflight--;
    }
    return rc;
}

int fileio_aio_submit(struct bench_fileio *f, int tid,
                      const struct bench_fileio_req *r)
{
    struct fileio_aio *a = f->threads[tid].aio;
    struct aio_slot *s   = a->free_slots[--a->nfree];
    unsigned char *buf   = s->buf ? s->buf : f->threads[tid].buf;
    struct iocb *p       = &s->iocb;
    char name[32], text[160];
    int rc;

    if (r->op == BENCH_FIO_WRITE) {
        if (f->cfg.validate)
            fileio_fill(buf, r->size, r->pos, f->cfg.block_size);
        io_prep_pwrite(p, f->fds[r->file], buf, (size_t) r->size, r->pos);
    } else {
        io_prep_pread(p, f->fds[r->file], buf, (size_t) r->size, r->pos);
    }
    s->op        = r->op;
    s->file      = r->file;
    s->pos       = r->pos;
    s->len       = r->size;
    s->buf       = buf;
    s->submit_ns = clock_now_ns();
    if ((rc = io_submit(a->ctx, 1, &p)) != 1) {
        a->free_slots[a->nfree++] = s;
        fileio_file_name(r->file, name, sizeof(name));
        return fileio_fail(
            f, "io_submit() failed! file: %s pos: %lld %s", name,
            (long long) r->pos,
            fileio_errno_text(rc < 0 ? -rc : EAGAIN, text, sizeof(text)));
    }
    if (++a->inflight < a->backlog) return 0;
    return wait_for(f, tid, 1);
}

int fileio_aio_drain(struct bench_fileio *f, int tid)
{
    struct fileio_aio *a = f->threads[tid].aio;

    while (a && a->inflight > 0)
        if (wait_for(f, tid, (long) a->inflight) != 0) return -1;
    return 0;
}

#else /* !HAVE_LIBAIO: fileio.lua rejects async mode before these run */

struct fileio_aio *fileio_aio_new(struct bench_fileio *f)
{
    fileio_fail(f, "asynchronous I/O mode is unsupported on this platform.");
    return NULL;
}

void fileio_aio_free(struct fileio_aio *a)
{
    (void) a;
}

int fileio_aio_submit(struct bench_fileio *f, int tid,
                      const struct bench_fileio_req *r)
{
    (void) tid, (void) r;
    return fileio_fail(f, "asynchronous I/O mode is unsupported on this "
                          "platform.");
}

int fileio_aio_drain(struct bench_fileio *f, int tid)
{
    (void) f, (void) tid;
    return 0;
}

#endif
