/* SPDX-License-Identifier: MIT */
/* kernels/fileio.h: the fileio test's state, shared by its three files and
 * its unit test; the FFI surface is the bench_fileio_* section of
 * api_decls.h. fileio.c generates and executes requests, fileio_files.c
 * owns the test files (prepare, cleanup, opening, checksummed blocks) and
 * fileio_aio.c the libaio queues. Functions returning int give 0 or -1;
 * -1 means the FATAL text was printed (or suppressed, see fileio_fail). */
#ifndef BENCH_KERNELS_FILEIO_H
#define BENCH_KERNELS_FILEIO_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "api.h"

enum { FILEIO_OPS = 3 }; /* indexed by enum bench_fileio_op */

/* Bytes at the end of each checksummed block: a CRC-32 of the bytes
 * before it (4), then the block's offset in its file (8), both in host
 * order, the layout of sysbench's --validate so either tool can verify
 * files the other wrote. */
enum { FILEIO_CRC_LEN = 4, FILEIO_OFF_LEN = 8 };

struct hist;
struct fileio_aio;

/* One worker's part. The owner writes everything except cur_file and
 * cur_pos, which are guarded by bench_fileio.lock; the reporter reads
 * lat[] with relaxed loads (hist.h). */
struct fileio_thread {
    unsigned char *buf;           /* request_size bytes, page aligned */
    struct hist *lat[FILEIO_OPS]; /* issue-to-completion times, ns */
    struct fileio_aio *aio;       /* async mode only */
    unsigned cur_file;            /* --validate: block being worked on */
    int64_t cur_pos;              /* -1: none */
} __attribute__((aligned(64)));

struct bench_fileio {
    struct bench_fileio_config cfg;
    int64_t file_size;    /* total_size / num_files */
    int64_t rnd_range;    /* file_size * num_files: random offsets below */
    int *fds;             /* num_files, -1 while closed */
    unsigned char **maps; /* mmap mode: one mapping per file */
    struct fileio_thread *threads; /* cfg.threads */
    /* The request generator, shared by all workers (sysbench's). */
    pthread_mutex_t lock;
    int64_t position;             /* sequential cursor: next offset... */
    unsigned current_file;        /* ...in this file */
    unsigned fsynced_file;        /* next file of the periodic fsync round */
    bool dirty;                   /* written since the last complete round */
    uint64_t requests;            /* read/write requests handed out */
    struct bench_fileio_req prev; /* --validate: previous sequential one */
    bool have_prev;
    /* Reports: baseline of the previous latency block; the reporter and
     * the main thread use it, never at the same time. */
    struct hist *base[FILEIO_OPS];
    /* From HIST_SPILL_THREADS workers on, each operation's records
     * share a spill (hist.h), so a long run's worker stays at its 512-byte
     * list; NULL below that. */
    struct hist_spill *spill[FILEIO_OPS];
    int failed; /* set by the first failure; later ones stay quiet */
};

/* -- fileio.c ------------------------------------------------------------ */

/* Marks `f` failed; true only for the first caller, the one to print. */
bool fileio_first_failure(struct bench_fileio *f);
/* Prints "FATAL: <fmt>" unless an earlier failure of `f` already printed
 * one, so a failing run shows one error, not one per worker. Returns -1. */
int fileio_fail(struct bench_fileio *f, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* "errno = N (text)" for messages, in `buf`. */
const char *fileio_errno_text(int err, char *buf, size_t len);
/* Records one operation's time and counts it for worker `tid`. */
void fileio_account(struct bench_fileio *f, int tid, int op, int64_t bytes,
                    uint64_t elapsed_ns);
/* fsync (or fdatasync, or msync in mmap mode) of file `id`, counted as an
 * "other" operation. */
int fileio_fsync(struct bench_fileio *f, int tid, unsigned id);
/* Installs (on) or removes the SIGBUS handler that turns a fault in an
 * mmap copy into a failed request. Main thread, no worker running. */
int fileio_sigbus_guard(bool on);

/* -- fileio_files.c ------------------------------------------------------ */

/* CRC-32 (IEEE 802.3, zlib's crc32(0, buf, len)). */
uint32_t fileio_crc32(const unsigned char *buf, size_t len);
/* Fills buf[0..len) as validated blocks of `block` bytes (the last may be
 * shorter), the first at file offset `pos`. */
void fileio_fill(unsigned char *buf, int64_t len, int64_t pos, int64_t block);
/* Verifies blocks filled by fileio_fill (file `file`, from offset `pos`);
 * on the first bad block prints sysbench's mismatch and "Validation
 * failed" lines (unless another failure printed first) and returns -1. */
int fileio_check(struct bench_fileio *f, const unsigned char *buf, int64_t len,
                 unsigned file, int64_t pos);
/* Test file name "test_file.<id>". */
void fileio_file_name(unsigned id, char *buf, size_t len);
/* Whole-length pread/pwrite: retries short transfers; returns the bytes
 * moved (short only at end of file for reads) or -1 with errno. */
int64_t fileio_pread_full(int fd, void *buf, int64_t len, int64_t pos);
int64_t fileio_pwrite_full(int fd, const void *buf, int64_t len, int64_t pos);

/* -- fileio_aio.c -------------------------------------------------------- */

/* A worker's libaio queue of `backlog` requests; with `validate` every
 * slot has its own buffer of `request_size` bytes. NULL on failure after
 * printing the cause. */
struct fileio_aio *fileio_aio_new(struct bench_fileio *f);
void fileio_aio_free(struct fileio_aio *a);
/* Submits the read or write `r` (a validated write fills its slot's
 * buffer first); when the queue is full, waits for at least one
 * completion. */
int fileio_aio_submit(struct bench_fileio *f, int tid,
                      const struct bench_fileio_req *r);
/* Waits until no request of worker `tid` is in flight. */
int fileio_aio_drain(struct bench_fileio *f, int tid);

#endif
