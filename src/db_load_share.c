/* SPDX-License-Identifier: MIT */
/* db_load_share.c: what the workers of a parallel prepare share around
 * db_load.c's loads: the totals and the progress line, the draws a slice
 * skips, the tables being filled (named when a prepare is interrupted)
 * and counters by name that order the slices of one table. */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "db_internal.h"
#include "progress.h"
#include "rand.h"

/* Process-wide totals of every load, for the progress line: relaxed
 * atomics, written by loading workers, read by anyone. */
static atomic_uint_fast64_t load_total_rows, load_total_bytes;

uint64_t bench_db_load_total(bool bytes)
{
    return atomic_load_explicit(bytes ? &load_total_bytes : &load_total_rows,
                                memory_order_relaxed);
}

/* -- The progress line (progress.c: on a terminal only) -------------------- */

/* Set once by the first bench_db_load_progress; the rate under
 * load_progress_lock (taken only when a redraw is due). */
static atomic_bool load_progress_on;
static pthread_mutex_t load_progress_lock = PTHREAD_MUTEX_INITIALIZER;
static uint64_t load_progress_total, load_progress_t0;
static struct progress_rate load_progress_rate;

void bench_db_load_progress(uint64_t total_rows)
{
    pthread_mutex_lock(&load_progress_lock);
    if (!atomic_load(&load_progress_on) && total_rows > 0 &&
        progress_start(STDERR_FILENO, 0)) {
        load_progress_total = total_rows;
        load_progress_t0    = clock_now_ns();
        progress_rate_init(&load_progress_rate, load_progress_t0,
                           bench_db_load_total(false));
        atomic_store(&load_progress_on, true);
    }
    pthread_mutex_unlock(&load_progress_lock);
}

/* "12s elapsed, 30s left, 81234 rows/s, 1000000/4000000 rows, 15.2 MB/s". */
static void load_progress_draw(void)
{
    struct progress_state st = {.unit = "rows", .per_s = -1};
    uint64_t now = clock_now_ns(), bytes = bench_db_load_total(true);
    char text[200];
    size_t n;

    pthread_mutex_lock(&load_progress_lock);
    st.done       = bench_db_load_total(false);
    st.total      = load_progress_total;
    st.elapsed_ns = now - load_progress_t0;
    st.per_s      = progress_rate_update(&load_progress_rate, now, st.done);
    pthread_mutex_unlock(&load_progress_lock);
    n = progress_format(text, sizeof(text), &st);
    if (st.elapsed_ns > 0 && n < sizeof(text))
        snprintf(text + n, sizeof(text) - n, ", %.1f MB/s",
                 (double) bytes * 1e3 / (double) st.elapsed_ns);
    progress_update("%s", text);
}

void db_load_count(uint64_t rows, uint64_t bytes)
{
    uint64_t done = atomic_fetch_add_explicit(&load_total_rows, rows,
                                              memory_order_relaxed) +
                    rows;

    atomic_fetch_add_explicit(&load_total_bytes, bytes, memory_order_relaxed);
    if (!atomic_load(&load_progress_on)) return;
    if (done >= load_progress_total) {
        if (atomic_exchange(&load_progress_on, false)) progress_stop();
    } else if (progress_due()) {
        load_progress_draw();
    }
}

/* -- Slices ------------------------------------------------------------- */

int bench_db_load_skip(const char *pattern, size_t len, uint32_t k_max,
                       uint64_t rows)
{
    static const int64_t zeros[16];
    char stack[1024], *scratch = stack;

    if (len + 24 * 16 > sizeof(stack) && !(scratch = malloc(len + 24 * 16)))
        return -1;
    /* Draws are what matters, not the integers: any values do. */
    for (uint64_t r = 0; r < rows; r++) {
        sb_rand_default(1, k_max);
        db_bulk_expand(pattern, len, zeros, 16, scratch);
    }
    if (scratch != stack) free(scratch);
    return 0;
}

void bench_db_load_reseed(int tid)
{
    rand_thread_init_tid(tid);
}

/* -- Tables being filled, for an interrupted prepare -------------------- */

#define LOAD_MARKS 64

/* A slot is claimed (state 1), named, then published (state 2); the
 * signal handler reads only published names, with plain loads. */
static struct {
    volatile sig_atomic_t state; /* 0 free, 1 being written, 2 named */
    char name[64];
} load_marks[LOAD_MARKS];

void bench_db_load_mark(const char *table, bool busy)
{
    for (size_t i = 0; i < LOAD_MARKS; i++) {
        if (busy) {
            sig_atomic_t expected = 0;
            if (!__atomic_compare_exchange_n(&load_marks[i].state, &expected, 1,
                                             false, __ATOMIC_ACQ_REL,
                                             __ATOMIC_RELAXED))
                continue;
            snprintf(load_marks[i].name, sizeof(load_marks[i].name), "%s",
                     table);
            __atomic_store_n(&load_marks[i].state, 2, __ATOMIC_RELEASE);
            return;
        }
        if (__atomic_load_n(&load_marks[i].state, __ATOMIC_ACQUIRE) == 2 &&
            strcmp(load_marks[i].name, table) == 0) {
            __atomic_store_n(&load_marks[i].state, 0, __ATOMIC_RELEASE);
            return;
        }
    }
}

void db_load_say_incomplete(int fd)
{
    static const char a[] = "FATAL: table '",
                      b[] = "' left incomplete: run 'cleanup', then "
                            "prepare again\n";

    for (size_t i = 0; i < LOAD_MARKS; i++) {
        ssize_t rc;
        if (__atomic_load_n(&load_marks[i].state, __ATOMIC_ACQUIRE) != 2)
            continue;
        rc = write(fd, a, sizeof(a) - 1);
        rc += write(fd, load_marks[i].name,
                    strnlen(load_marks[i].name, sizeof(load_marks[i].name)));
        rc += write(fd, b, sizeof(b) - 1);
        (void) rc;
    }
}

/* -- Counters by name (slices of one table) ------------------------------ */

#define LOAD_KEYS 256

/* Guarded by load_lock; keys are only added, never removed. */
static pthread_mutex_t load_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t load_cond  = PTHREAD_COND_INITIALIZER;
static struct {
    char key[64];
    int value;
} load_keys[LOAD_KEYS];
static size_t load_nkeys;

/* The counter of `key`, added when missing; NULL when the table is full.
 * Caller holds load_lock. */
static int *load_counter(const char *key)
{
    size_t i;

    for (i = 0; i < load_nkeys; i++)
        if (strncmp(load_keys[i].key, key, sizeof(load_keys[i].key)) == 0)
            return &load_keys[i].value;
    if (load_nkeys == LOAD_KEYS) return NULL;
    snprintf(load_keys[i].key, sizeof(load_keys[i].key), "%s", key);
    load_nkeys++;
    return &load_keys[i].value;
}

int bench_db_load_tally(const char *key)
{
    int *v, n = -1;

    pthread_mutex_lock(&load_lock);
    if ((v = load_counter(key))) n = ++*v;
    pthread_cond_broadcast(&load_cond);
    pthread_mutex_unlock(&load_lock);
    return n;
}

int bench_db_load_await(const char *key, int n)
{
    int rc = -1, *v;

    pthread_mutex_lock(&load_lock);
    while ((v = load_counter(key)) && !db_should_stop()) {
        struct timespec until;
        if (*v >= n) {
            rc = 0;
            break;
        }
        /* Woken by a tally, or every 50 ms to see whether the run stops
         * (a worker that was to tally failed). */
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_nsec += 50000000;
        if (until.tv_nsec >= 1000000000) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000;
        }
        pthread_cond_timedwait(&load_cond, &load_lock, &until);
    }
    pthread_mutex_unlock(&load_lock);
    return rc;
}
