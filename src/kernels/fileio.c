/* SPDX-License-Identifier: MIT */
/* kernels/fileio: the fileio test's requests and their execution (see
 * fileio.h). Request generation is sysbench's so the figures mean the
 * same: one sequential cursor shared by all workers that walks file 0 to
 * the last and wraps, random block-aligned offsets, the rndrw read/write
 * ratio rule and periodic fsync rounds handed out as separate requests,
 * all under one lock, taken outside the timed part of an event. */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <ck_pr.h>

#include "config.h"
#include "clock.h"
#include "measure/hist.h"
#include "kernels/fileio.h"
#include "log.h"
#include "rand.h"
#include "measure/stats.h"

/* The test of the current run, for the worker and reporter states. Set
 * and cleared by the main thread while no worker runs. */
static struct bench_fileio *fileio_current;

bool bench_fileio_has_aio(void)
{
#ifdef HAVE_LIBAIO
    return true;
#else
    return false;
#endif
}

void bench_fileio_format_size(double bytes, char *buf, size_t len)
{
    static const char *const units[] = {"", "Ki", "Mi", "Gi", "Ti", "Pi"};
    size_t i                         = 0;

    while (i + 1 < sizeof(units) / sizeof(*units) && bytes >= 1024) {
        bytes /= 1024;
        i++;
    }
    snprintf(buf, len, "%.5g%s", bytes, units[i]);
}

/* -- Lifecycle ------------------------------------------------------------ */

struct bench_fileio *bench_fileio_new(const struct bench_fileio_config *cfg)
{
    struct bench_fileio *f = calloc(1, sizeof(*f));

    if (!f) goto fail;
    pthread_mutex_init(&f->lock, NULL);
    if (cfg->num_files == 0 || cfg->threads == 0 || cfg->block_size <= 0 ||
        cfg->request_size < cfg->block_size) {
        log_fatal("fileio: invalid settings (files, threads or sizes)");
        bench_fileio_free(f);
        return NULL;
    }
    f->cfg       = *cfg;
    f->file_size = cfg->total_size / (int64_t) cfg->num_files;
    f->rnd_range = f->file_size * (int64_t) cfg->num_files;
    if (posix_memalign((void **) &f->threads, 64,
                       sizeof(*f->threads) * cfg->threads) != 0) {
        f->threads = NULL;
        goto fail;
    }
    memset(f->threads, 0, sizeof(*f->threads) * cfg->threads);
    if (!(f->fds = malloc(sizeof(*f->fds) * cfg->num_files))) goto fail;
    for (unsigned i = 0; i < cfg->num_files; i++)
        f->fds[i] = -1;
    for (int op = 0; op < FILEIO_OPS; op++)
        if (cfg->threads >= HIST_SPILL_THREADS &&
            !(f->spill[op] = hist_spill_new()))
            goto fail;
    for (unsigned t = 0; t < cfg->threads; t++) {
        f->threads[t].cur_pos = -1;
        for (int op = 0; op < FILEIO_OPS; op++) {
            if (!(f->threads[t].lat[op] = hist_new_compact())) goto fail;
            hist_use_spill(f->threads[t].lat[op], f->spill[op]);
        }
    }
    for (int op = 0; op < FILEIO_OPS; op++)
        if (!(f->base[op] = hist_new())) goto fail;
    fileio_current = f;
    return f;
fail:
    log_fatal("fileio: allocate the test state: %s", strerror(ENOMEM));
    bench_fileio_free(f);
    return NULL;
}

static void close_files(struct bench_fileio *f)
{
    for (unsigned i = 0; f->maps && i < f->cfg.num_files; i++)
        if (f->maps[i]) munmap(f->maps[i], (size_t) f->file_size);
    free(f->maps);
    f->maps = NULL;
    for (unsigned i = 0; f->fds && i < f->cfg.num_files; i++) {
        if (f->fds[i] >= 0) close(f->fds[i]);
        f->fds[i] = -1;
    }
}

void bench_fileio_free(struct bench_fileio *f)
{
    if (!f) return;
    if (fileio_current == f) fileio_current = NULL;
    if (f->maps) fileio_sigbus_guard(false);
    close_files(f);
    for (unsigned t = 0; f->threads && t < f->cfg.threads; t++) {
        fileio_aio_free(f->threads[t].aio);
        free(f->threads[t].buf);
        for (int op = 0; op < FILEIO_OPS; op++)
            hist_free(f->threads[t].lat[op]);
    }
    for (int op = 0; op < FILEIO_OPS; op++) {
        hist_free(f->base[op]);
        hist_spill_free(f->spill[op]);
    }
    free(f->threads);
    free(f->fds);
    pthread_mutex_destroy(&f->lock);
    free(f);
}

struct bench_fileio *bench_fileio_current(void)
{
    return fileio_current;
}

/* -- Errors and accounting ------------------------------------------------ */

bool fileio_first_failure(struct bench_fileio *f)
{
    return ck_pr_fas_int(&f->failed, 1) == 0;
}

int fileio_fail(struct bench_fileio *f, const char *fmt, ...)
{
    va_list ap;

    if (!fileio_first_failure(f)) return -1;
    va_start(ap, fmt);
    log_vmsg(LOG_FATAL, fmt, ap);
    va_end(ap);
    return -1;
}

const char *fileio_errno_text(int err, char *buf, size_t len)
{
    char text[128];
    snprintf(buf, len, "errno = %d (%s)", err,
             strerror_r(err, text, sizeof(text)));
    return buf;
}

void fileio_account(struct bench_fileio *f, int tid, int op, int64_t bytes,
                    uint64_t elapsed_ns)
{
    static const enum stat_counter count[FILEIO_OPS] = {
        [BENCH_FIO_READ]  = STAT_READS,
        [BENCH_FIO_WRITE] = STAT_WRITES,
        [BENCH_FIO_FSYNC] = STAT_OTHER};

    /* Operations of an event that started during --warmup-time count in
     * neither sysbench's block nor the per-operation one, so the two
     * blocks always describe the same operations. */
    if (stats_discarding(tid)) return;
    hist_record(f->threads[tid].lat[op], elapsed_ns);
    stats_add(tid, count[op], 1);
    if (op == BENCH_FIO_READ)
        stats_add(tid, STAT_BYTES_READ, (uint64_t) bytes);
    else if (op == BENCH_FIO_WRITE)
        stats_add(tid, STAT_BYTES_WRITTEN, (uint64_t) bytes);
}

int fileio_fsync(struct bench_fileio *f, int tid, unsigned id)
{
    uint64_t t0 = clock_now_ns();
    char name[32], err[160];
    int rc;

    /* As in sysbench: never queued in async mode, and the whole mapping
     * in mmap mode. */
    if (f->cfg.io_mode == BENCH_FIO_MMAP)
        rc = msync(f->maps[id], (size_t) f->file_size, MS_SYNC | MS_INVALIDATE);
    else if (f->cfg.fdatasync)
        rc = fdatasync(f->fds[id]);
    else
        rc = fsync(f->fds[id]);
    if (rc != 0) {
        fileio_file_name(id, name, sizeof(name));
        return fileio_fail(f, "Failed to fsync file! file: %s %s", name,
                           fileio_errno_text(errno, err, sizeof(err)));
    }
    fileio_account(f, tid, BENCH_FIO_FSYNC, 0, clock_now_ns() - t0);
    return 0;
}

/* -- Request generation --------------------------------------------------- */

static bool is_sequential(int mode)
{
    return mode == BENCH_FIO_SEQWR || mode == BENCH_FIO_SEQREWR ||
           mode == BENCH_FIO_SEQRD;
}

/* The next request of a periodic fsync round, one file each; the round
 * ends (and `dirty` clears) after the last file. */
static bool fsync_due(struct bench_fileio *f, struct bench_fileio_req *r)
{
    if (f->cfg.fsync_freq == 0 || !f->dirty ||
        f->requests % (uint64_t) f->cfg.fsync_freq != 0)
        return false;
    *r = (struct bench_fileio_req){.op   = BENCH_FIO_FSYNC,
                                   .file = f->fsynced_file};
    if (++f->fsynced_file == f->cfg.num_files) {
        f->fsynced_file = 0;
        f->dirty        = false;
    }
    return true;
}

/* --validate: sysbench's continuity checks of sequential requests. */
static void check_sequence(struct bench_fileio *f,
                           const struct bench_fileio_req *r)
{
    const struct bench_fileio_req *p = &f->prev;

    if (!f->have_prev) {
        f->have_prev = true;
    } else if (r->file - p->file > 1 &&
               !(r->file == 0 && p->file == f->cfg.num_files - 1)) {
        log_warn("Discovered too large file difference in seq requests!");
    } else if (r->file == p->file) {
        if (r->pos - p->pos != p->size)
            log_warn("Discovered too large position difference in seq "
                     "request!");
    } else if (p->pos + p->size != f->file_size || r->pos != 0) {
        log_warn("Invalid file switch found!");
        log_warn("Old: file_id: %u, pos: %lld  size: %lld", p->file,
                 (long long) p->pos, (long long) p->size);
        log_warn("New: file_id: %u, pos: %lld  size: %lld", r->file,
                 (long long) r->pos, (long long) r->size);
    }
    f->prev = *r;
}

static void next_sequential(struct bench_fileio *f, struct bench_fileio_req *r)
{
    bool write = f->cfg.test_mode != BENCH_FIO_SEQRD;

    if (write && fsync_due(f, r)) return;
    f->requests++;
    f->dirty |= write;
    if (f->current_file == f->cfg.num_files) {
        f->current_file = 0;
        f->position     = 0;
    }
    r->op   = write ? BENCH_FIO_WRITE : BENCH_FIO_READ;
    r->file = f->current_file;
    r->pos  = f->position;
    r->size = f->file_size - f->position;
    if (r->size > f->cfg.request_size) r->size = f->cfg.request_size;
    f->position += r->size;
    if (f->position == f->file_size) {
        f->current_file++;
        f->position = 0;
    }
    if (f->cfg.validate) check_sequence(f, r);
}

/* rndrw: read while (reads + 1) / (writes + 1) is below the ratio. 1.0.20
 * counts every thread's completed operations, 1.1 the caller's own. */
static int rw_choice(struct bench_fileio *f, int tid)
{
    uint64_t reads = 0, writes = 0;

    if (f->cfg.per_thread_ratio) {
        reads  = stats_read(tid, STAT_READS);
        writes = stats_read(tid, STAT_WRITES);
    } else {
        for (unsigned t = 0; t < f->cfg.threads; t++) {
            reads += stats_read((int) t, STAT_READS);
            writes += stats_read((int) t, STAT_WRITES);
        }
    }
    return ((double) reads + 1) / ((double) writes + 1) < f->cfg.rw_ratio
               ? BENCH_FIO_READ
               : BENCH_FIO_WRITE;
}

/* --validate: another worker is on this block (sysbench retries). */
static bool block_busy(const struct bench_fileio *f, int tid,
                       const struct bench_fileio_req *r)
{
    for (unsigned t = 0; t < f->cfg.threads; t++)
        if ((int) t != tid && f->threads[t].cur_file == r->file &&
            f->threads[t].cur_pos == r->pos)
            return true;
    return false;
}

static void next_random(struct bench_fileio *f, int tid,
                        struct bench_fileio_req *r)
{
    int op =
        f->cfg.test_mode == BENCH_FIO_RNDWR ? BENCH_FIO_WRITE : BENCH_FIO_READ;
    /* Enough tries to get past every other worker's block. */
    unsigned tries = 4 * f->cfg.threads + 16;

    if (f->cfg.test_mode == BENCH_FIO_RNDRW) op = rw_choice(f, tid);
    if (fsync_due(f, r)) return;
    r->op = op;
    do {
        uint64_t off =
            (uint64_t) (sb_rand_uniform_double() * (double) f->rnd_range);
        off -= off % (uint64_t) f->cfg.block_size;
        r->file = (unsigned) (off / (uint64_t) f->file_size);
        r->pos  = (int64_t) (off % (uint64_t) f->file_size);
    } while (f->cfg.validate && block_busy(f, tid, r) && --tries > 0);
    r->size = f->file_size - r->pos;
    if (r->size > f->cfg.block_size) r->size = f->cfg.block_size;
    f->threads[tid].cur_file = r->file;
    f->threads[tid].cur_pos  = r->pos;
    f->requests++;
    f->dirty |= op == BENCH_FIO_WRITE;
}

void bench_fileio_next(struct bench_fileio *f, int tid,
                       struct bench_fileio_req *req)
{
    pthread_mutex_lock(&f->lock);
    if (is_sequential(f->cfg.test_mode))
        next_sequential(f, req);
    else
        next_random(f, tid, req);
    pthread_mutex_unlock(&f->lock);
}

/* -- mmap faults ---------------------------------------------------------- */

/* A store to a mapped page the file system cannot back (a full disk under
 * seqwr's sparse files) or a load past a truncated end raises SIGBUS, which
 * would kill the process. Copies run with a per-thread jump target, so the
 * fault becomes a failed request; SA_NODEFER keeps SIGBUS unblocked after
 * the jump (sigsetjmp without the mask costs no system call). */
/* volatile: memcpy never reads it, so the store would be dropped */
static _Thread_local sigjmp_buf *volatile bus_target;
static struct sigaction bus_prev;
static bool bus_installed;

static void on_sigbus(int sig)
{
    sigjmp_buf *target = bus_target;

    if (target) siglongjmp(*target, 1);
    sigaction(SIGBUS, &bus_prev, NULL); /* not ours: as before */
    raise(sig);
}

int fileio_sigbus_guard(bool on)
{
    struct sigaction sa = {.sa_handler = on_sigbus, .sa_flags = SA_NODEFER};

    if (on == bus_installed) return 0;
    if (!on) {
        bus_installed = false;
        return sigaction(SIGBUS, &bus_prev, NULL);
    }
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGBUS, &sa, &bus_prev) != 0) return -1;
    bus_installed = true;
    return 0;
}

/* memcpy that returns -1 instead of dying on SIGBUS. */
static int mmap_copy(void *dst, const void *src, size_t len)
{
    sigjmp_buf jb;

    if (sigsetjmp(jb, 0) != 0) {
        bus_target = NULL;
        return -1;
    }
    bus_target = &jb;
    memcpy(dst, src, len);
    bus_target = NULL;
    return 0;
}

/* -- Execution ------------------------------------------------------------ */

static int transfer_failed(struct bench_fileio *f,
                           const struct bench_fileio_req *r, int err)
{
    char name[32], text[160];

    fileio_file_name(r->file, name, sizeof(name));
    if (err == EFAULT) /* SIGBUS in mmap mode */
        return fileio_fail(f, "Failed to %s file! file: %s pos: %lld: %s",
                           r->op == BENCH_FIO_READ ? "read" : "write", name,
                           (long long) r->pos,
                           r->op == BENCH_FIO_READ
                               ? "the mapping is past the end of the file"
                               : "no space for the mapped page; is the "
                                 "disk full?");
    if (err == 0)
        return fileio_fail(f,
                           "Failed to read file! file: %s pos: %lld: "
                           "unexpected end of file (expected %lld bytes)",
                           name, (long long) r->pos, (long long) r->size);
    fileio_errno_text(err, text, sizeof(text));
    fileio_fail(f, "Failed to %s file! file: %s pos: %lld %s",
                r->op == BENCH_FIO_READ ? "read" : "write", name,
                (long long) r->pos, text);
    if (err == EINVAL && (f->cfg.extra_flags & BENCH_FIO_O_DIRECT))
        log_warn("O_DIRECT needs offsets and sizes aligned to the device "
                 "block size: check --file-block-size (%lld)",
                 (long long) f->cfg.block_size);
    return -1;
}

/* A read or write done in the calling thread (sync and mmap modes). */
static int transfer(struct bench_fileio *f, int tid,
                    const struct bench_fileio_req *r)
{
    unsigned char *buf = f->threads[tid].buf;
    bool write         = r->op == BENCH_FIO_WRITE;
    uint64_t t0;
    int64_t n = r->size;

    if (write && f->cfg.validate)
        fileio_fill(buf, r->size, r->pos, f->cfg.block_size);
    t0 = clock_now_ns();
    if (f->cfg.io_mode == BENCH_FIO_MMAP) {
        unsigned char *map = f->maps[r->file] + r->pos;
        if (mmap_copy(write ? map : buf, write ? buf : map, (size_t) r->size) !=
            0)
            return transfer_failed(f, r, EFAULT);
    } else if (write) {
        n = fileio_pwrite_full(f->fds[r->file], buf, r->size, r->pos);
    } else {
        n = fileio_pread_full(f->fds[r->file], buf, r->size, r->pos);
    }
    if (n != r->size)
        return transfer_failed(f, r, n < 0 ? errno : write ? ENOSPC : 0);
    fileio_account(f, tid, r->op, r->size, clock_now_ns() - t0);
    if (!write && f->cfg.validate)
        return fileio_check(f, buf, r->size, r->file, r->pos);
    return 0;
}

int bench_fileio_execute(struct bench_fileio *f, int tid,
                         const struct bench_fileio_req *req)
{
    int rc;

    if (f->cfg.debug) /* sysbench's numbering: read 1, write 2, fsync 3 */
        log_debug("Executing request, operation: %d, file_id: %u, pos: %d, "
                  "size: %d",
                  req->op + 1, req->file, (int) req->pos, (int) req->size);
    if (req->op == BENCH_FIO_FSYNC)
        return f->cfg.fsync_all ? 0 : fileio_fsync(f, tid, req->file);
    if (f->cfg.io_mode == BENCH_FIO_ASYNC)
        rc = fileio_aio_submit(f, tid, req);
    else
        rc = transfer(f, tid, req);
    if (rc == 0 && req->op == BENCH_FIO_WRITE && f->cfg.fsync_all)
        rc = fileio_fsync(f, tid, req->file);
    return rc;
}

int bench_fileio_thread_done(struct bench_fileio *f, int tid)
{
    int mode = f->cfg.test_mode;

    if (f->cfg.fsync_end && mode != BENCH_FIO_SEQRD && mode != BENCH_FIO_RNDRD)
        for (unsigned i = 0; i < f->cfg.num_files; i++)
            if (fileio_fsync(f, tid, i) != 0) return -1;
    if (f->cfg.io_mode == BENCH_FIO_ASYNC) return fileio_aio_drain(f, tid);
    return 0;
}

/* -- The per-operation latency block -------------------------------------- */

static void latency_row(const char *label, const struct hist *h, int percentile)
{
    uint64_t n   = hist_count(h);
    double sum   = (double) hist_sum_ns(h) / 1e6;
    char pct[24] = "";

    if (percentile > 0)
        snprintf(pct, sizeof(pct), " %10.3f",
                 (double) hist_percentile_ns(h, percentile) / 1e6);
    log_stamped(LOG_NOTICE, "    %-6s %10llu %10.3f %10.3f %10.3f%s %12.3f",
                label, (unsigned long long) n, (double) hist_min_ns(h) / 1e6,
                n ? sum / (double) n : 0.0, (double) hist_max_ns(h) / 1e6, pct,
                sum);
}

/* Every worker's record of operation op, and its spill's, added into
 * `into` under the spill's lock (hist.h), so each value counts once. */
static int collect_op(struct bench_fileio *f, int op, struct hist *into)
{
    int rc = 0;

    hist_spill_lock(f->spill[op]);
    if (f->spill[op]) rc = hist_add(into, hist_spill_record(f->spill[op]));
    for (unsigned t = 0; t < f->cfg.threads && rc == 0; t++)
        rc = hist_add(into, f->threads[t].lat[op]);
    hist_spill_unlock(f->spill[op]);
    return rc;
}

void bench_fileio_report_latency(struct bench_fileio *f, int percentile)
{
    static const char *const labels[FILEIO_OPS] = {"read:", "write:", "fsync:"};
    struct hist *now[FILEIO_OPS]                = {0};
    char pct[24]                                = "";
    int op;

    for (op = 0; op < FILEIO_OPS; op++)
        if (!(now[op] = hist_new()) || collect_op(f, op, now[op]) != 0)
            goto out;
    if (percentile > 0) snprintf(pct, sizeof(pct), " %8dth", percentile);
    log_stamped(LOG_NOTICE, "Latency by operation (ms):");
    log_stamped(LOG_NOTICE, "    %-6s %10s %10s %10s %10s%s %12s", "", "count",
                "min", "avg", "max", pct, "sum");
    for (op = 0; op < FILEIO_OPS; op++) {
        struct hist *delta = hist_new();
        if (delta && hist_copy(delta, now[op]) == 0 &&
            hist_sub(delta, f->base[op]) == 0)
            latency_row(labels[op], delta, percentile);
        hist_free(delta);
        hist_copy(f->base[op], now[op]);
    }
    log_stamped(LOG_NOTICE, "%s", "");
out:
    for (op = 0; op < FILEIO_OPS; op++)
        hist_free(now[op]);
}
