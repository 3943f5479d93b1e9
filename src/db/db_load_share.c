/* SPDX-License-Identifier: MIT */
/* db_load_share.c: what the workers of a parallel prepare share around
 * db_load.c's loads: the totals and the progress line, the draws a slice
 * skips, the tables being filled (named when a prepare is interrupted),
 * counters by name that order the slices of one table and the check that
 * a file they all read is no pipe. */
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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

/* A prepare loads its tables in groups: tables 1..G together (G = the
 * smaller of --threads and --tables), then G+1..2G, ... The line shows the
 * first group not yet loaded, with its own figures; when it is loaded its
 * summary stays on the screen and the next group's line starts. Rows of a
 * later group loaded meanwhile (a worker that finished its table early)
 * count towards that group. */
struct load_group {
    atomic_uint_fast64_t rows, bytes;
    atomic_uint_fast64_t t0_ns;    /* its first load began; 0: none yet */
    struct progress_rate rate, mb; /* under load_plan.lock */
};

/* Set once by the first bench_db_load_progress; `on` until every group is
 * loaded. `cur` and the rates under `lock`, taken only to draw. */
static struct {
    pthread_mutex_t lock;
    atomic_bool on;
    char prefix[32];
    int tables, size, slices, ngroups;
    atomic_int cur;
    uint64_t rows; /* per table */
    struct load_group *g;
} load_plan = {.lock = PTHREAD_MUTEX_INITIALIZER};

static int group_of(int table)
{
    if (table < 1 || table > load_plan.tables)
        return atomic_load_explicit(&load_plan.cur, memory_order_relaxed);
    return (table - 1) / load_plan.size;
}

static uint64_t group_total(int gi)
{
    int first = gi * load_plan.size + 1, last = first + load_plan.size - 1;

    if (last > load_plan.tables) last = load_plan.tables;
    return load_plan.rows * (uint64_t) (last - first + 1);
}

/* "sbtest1-4", "sbtest5", "sbtest1 (4 slices)". */
static void group_label(int gi, char *buf, size_t len)
{
    int first = gi * load_plan.size + 1, last = first + load_plan.size - 1;
    int n;

    if (last > load_plan.tables) last = load_plan.tables;
    n = snprintf(buf, len, "%s%d", load_plan.prefix, first);
    if (last > first && n > 0 && (size_t) n < len)
        n += snprintf(buf + n, len - (size_t) n, "-%d", last);
    if (load_plan.slices > 0 && n > 0 && (size_t) n < len)
        snprintf(buf + n, len - (size_t) n, " (%d slices)", load_plan.slices);
}

void bench_db_load_progress(const char *prefix, int tables, uint64_t rows,
                            int group, int slices)
{
    pthread_mutex_lock(&load_plan.lock);
    if (!load_plan.g && tables > 0 && rows > 0 &&
        progress_start(STDERR_FILENO, 0)) {
        load_plan.size    = group < 1 ? 1 : group > tables ? tables : group;
        load_plan.ngroups = (tables + load_plan.size - 1) / load_plan.size;
        load_plan.g = calloc((size_t) load_plan.ngroups, sizeof(*load_plan.g));
        if (!load_plan.g) {
            progress_stop();
        } else {
            snprintf(load_plan.prefix, sizeof(load_plan.prefix), "%s", prefix);
            load_plan.tables = tables;
            load_plan.rows   = rows;
            load_plan.slices = slices;
            for (int i = 0; i < load_plan.ngroups; i++) {
                progress_rate_init(&load_plan.g[i].rate, clock_now_ns(), 0);
                progress_rate_init(&load_plan.g[i].mb, clock_now_ns(), 0);
            }
            atomic_store(&load_plan.on, true);
        }
    }
    pthread_mutex_unlock(&load_plan.lock);
}

void bench_db_load_table(sql_connection *pc, int table)
{
    struct load_group *g;
    uint_fast64_t zero = 0;

    db_conn_of(pc)->load_table = table;
    if (!atomic_load(&load_plan.on)) return;
    g = &load_plan.g[group_of(table)];
    if (atomic_compare_exchange_strong(&g->t0_ns, &zero, clock_now_ns())) {
        pthread_mutex_lock(&load_plan.lock);
        progress_rate_init(&g->rate, g->t0_ns, 0);
        progress_rate_init(&g->mb, g->t0_ns, 0);
        pthread_mutex_unlock(&load_plan.lock);
    }
}

/* The line of the current group: "sbtest1-4: 1000000/4000000 rows,
 * 81234 rows/s, 15.2 MB/s, 37s left", the rates over the last second (the
 * average over the first), cut to the terminal's width. Lock held. */
static void group_draw_locked(int gi, uint64_t now)
{
    struct load_group *g = &load_plan.g[gi];
    uint64_t t0 = atomic_load(&g->t0_ns), bytes = atomic_load(&g->bytes);
    uint64_t rows = atomic_load(&g->rows), total = group_total(gi);
    char label[64], text[160], left[24];
    double per_s, mb;
    int n;

    if (t0 == 0 || t0 > now) return; /* nothing of it loading yet */
    per_s = progress_rate_update(&g->rate, now, rows);
    mb    = progress_rate_update(&g->mb, now, bytes);
    if (per_s < 0 && now - t0 >= PROGRESS_INTERVAL_NS) {
        per_s = (double) rows * 1e9 / (double) (now - t0);
        mb    = (double) bytes * 1e9 / (double) (now - t0);
    }
    n = snprintf(text, sizeof(text), "%llu/%llu rows",
                 (unsigned long long) rows, (unsigned long long) total);
    if (per_s >= 0 && n > 0 && (size_t) n < sizeof(text)) {
        double ns = rows < total ? (double) (total - rows) / per_s * 1e9 : 0;
        left[0]   = '\0';
        if (per_s > 0 && ns < 1e18) {
            memcpy(left, ", ", 3);
            progress_duration(left + 2, sizeof(left) - 2, (uint64_t) ns, true);
            strncat(left, " left", sizeof(left) - strlen(left) - 1);
        }
        snprintf(text + n, sizeof(text) - (size_t) n,
                 ", %.0f rows/s, %.1f MB/s%s", per_s, mb / 1e6, left);
    }
    group_label(gi, label, sizeof(label));
    progress_update("%s: %s", label, text);
}

/* Leaves the summary of every loaded group from the current one on and
 * moves on; ends the line after the last. Lock held. */
static void groups_advance_locked(uint64_t now)
{
    int gi = atomic_load(&load_plan.cur);
    char label[64];

    for (; gi < load_plan.ngroups; gi++) {
        struct load_group *g = &load_plan.g[gi];
        uint64_t rows = atomic_load(&g->rows), t0 = atomic_load(&g->t0_ns);
        double s;
        if (rows < group_total(gi)) break;
        s = t0 && now > t0 ? (double) (now - t0) / 1e9 : 0;
        group_label(gi, label, sizeof(label));
        progress_keep("%s: %llu rows in %.1fs, %.0f rows/s, %.1f MB/s", label,
                      (unsigned long long) rows, s,
                      s > 0 ? (double) rows / s : 0,
                      s > 0 ? (double) atomic_load(&g->bytes) / s / 1e6 : 0);
    }
    atomic_store(&load_plan.cur, gi);
    if (gi == load_plan.ngroups) {
        atomic_store(&load_plan.on, false);
        progress_stop();
    } else {
        group_draw_locked(gi, now);
    }
}

void db_load_count(struct db_conn *c, uint64_t rows, uint64_t bytes)
{
    struct load_group *g;
    int gi;

    atomic_fetch_add_explicit(&load_total_rows, rows, memory_order_relaxed);
    atomic_fetch_add_explicit(&load_total_bytes, bytes, memory_order_relaxed);
    if (!atomic_load(&load_plan.on)) return;
    gi = group_of(c->load_table);
    g  = &load_plan.g[gi];
    atomic_fetch_add(&g->bytes, bytes);
    if (atomic_fetch_add(&g->rows, rows) + rows >= group_total(gi)) {
        pthread_mutex_lock(&load_plan.lock);
        if (atomic_load(&load_plan.on)) groups_advance_locked(clock_now_ns());
        pthread_mutex_unlock(&load_plan.lock);
    } else if (gi == atomic_load(&load_plan.cur) && progress_due()) {
        pthread_mutex_lock(&load_plan.lock);
        if (atomic_load(&load_plan.on) && gi == atomic_load(&load_plan.cur))
            group_draw_locked(gi, clock_now_ns());
        pthread_mutex_unlock(&load_plan.lock);
    }
}

/* -- Slices ------------------------------------------------------------- */

int bench_db_load_skip(const char *pattern, size_t len, uint32_t k_max,
                       uint64_t rows)
{
    static const int64_t zeros[16];
    char stack[1024], *scratch = stack;
    struct db_gen g;
    size_t n_ints = 0;

    for (size_t i = 0; i + 1 < len; i++)
        n_ints += pattern[i] == '%' && pattern[i + 1] == 'd';
    if (db_gen_compile(&g, pattern, len, n_ints) &&
        g.tail_len <= sizeof(stack)) {
        for (uint64_t r = 0; r < rows; r++) {
            sb_rand_default(1, k_max);
            db_gen_draw(&g, scratch);
        }
        return 0;
    }
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
 * signal handler reads only published names, with plain loads. Workers
 * mark and unmark under a lock: without it one worker's strcmp of a slot
 * could read the name another is writing into it, the slot having been
 * freed and claimed again in between (ThreadSanitizer saw it). A mark is
 * once per table or slice, so the lock costs nothing that matters. */
static struct {
    volatile sig_atomic_t state; /* 0 free, 1 being written, 2 named */
    char name[64];
} load_marks[LOAD_MARKS];
static pthread_mutex_t load_marks_lock = PTHREAD_MUTEX_INITIALIZER;

void bench_db_load_mark(const char *table, bool busy)
{
    pthread_mutex_lock(&load_marks_lock);
    for (size_t i = 0; i < LOAD_MARKS; i++) {
        if (busy) {
            if (__atomic_load_n(&load_marks[i].state, __ATOMIC_ACQUIRE) != 0)
                continue;
            __atomic_store_n(&load_marks[i].state, 1, __ATOMIC_RELEASE);
            snprintf(load_marks[i].name, sizeof(load_marks[i].name), "%s",
                     table);
            __atomic_store_n(&load_marks[i].state, 2, __ATOMIC_RELEASE);
            break;
        }
        if (__atomic_load_n(&load_marks[i].state, __ATOMIC_ACQUIRE) == 2 &&
            strcmp(load_marks[i].name, table) == 0) {
            __atomic_store_n(&load_marks[i].state, 0, __ATOMIC_RELEASE);
            break;
        }
    }
    pthread_mutex_unlock(&load_marks_lock);
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

int bench_db_load_count(const char *key)
{
    int *v, n = -1;

    pthread_mutex_lock(&load_lock);
    if ((v = load_counter(key))) n = *v;
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

int bench_db_load_is_pipe(const char *path)
{
    struct stat st;

    if (stat(path, &st) != 0) return -1;
    return S_ISFIFO(st.st_mode) ? 1 : 0;
}
