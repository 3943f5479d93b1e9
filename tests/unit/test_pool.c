/* SPDX-License-Identifier: MIT */
/* test_pool.c: the worker pool without Lua, its workers running the
 * per-event loop of bench.lua (bench_event_next) in C: the start barrier
 * (every init before any event, the start time set before the release),
 * the stop at --time (no worker stops before the deadline) and at
 * --events, and --events claimed in chunks by many workers at once adding
 * up to the limit exactly. */
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "api.h"
#include "clock.h"
#include "measure/hist.h"
#include "log.h"
#include "pool.h"
#include "measure/stats.h"
#include "tap.h"

#define MAX_THREADS 16

/* What the workers saw, one slot each. */
static struct {
    unsigned threads;
    atomic_uint inited;   /* init calls returned */
    atomic_uint early;    /* runs begun before every init or started() */
    atomic_uint nstarted; /* started() calls */
    bool all_inited_at_started;
    uint64_t run_ns[MAX_THREADS], end_ns[MAX_THREADS];
    uint64_t events[MAX_THREADS];
} seen;

static void sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Later workers take longer to initialise: the barrier must wait. */
static int w_init(int tid, void *arg)
{
    (void) arg;
    sleep_ms(5 * tid);
    atomic_fetch_add(&seen.inited, 1);
    return 0;
}

static void w_started(void *arg)
{
    (void) arg;
    seen.all_inited_at_started = atomic_load(&seen.inited) == seen.threads;
    atomic_fetch_add(&seen.nstarted, 1);
}

/* bench.lua's thread_run: events until bench_event_next says stop. */
static int w_run(int tid, void *arg)
{
    uint64_t n = 0;

    (void) arg;
    seen.run_ns[tid] = clock_now_ns();
    if (atomic_load(&seen.inited) != seen.threads ||
        atomic_load(&seen.nstarted) != 1)
        atomic_fetch_add(&seen.early, 1);
    while (bench_event_next(tid))
        n++;
    seen.end_ns[tid] = clock_now_ns();
    seen.events[tid] = n;
    return 0;
}

static const struct pool_work work = {
    .init = w_init, .run = w_run, .started = w_started};

/* Runs a pool of `threads` workers to the end; the events they ran and,
 * in *recorded, the events in their latency records. */
static uint64_t run_pool(unsigned threads, uint64_t time_ns, uint64_t events,
                         uint64_t *recorded)
{
    struct pool_config cfg = {.threads         = threads,
                              .stack_size      = 256 * 1024,
                              .time_limit_ns   = time_ns,
                              .events_limit    = events,
                              .init_timeout_ns = 30 * NS_PER_S};
    uint64_t sum           = 0;

    memset(&seen, 0, sizeof(seen));
    seen.threads = threads;
    stats_init(threads);
    is_int(pool_start(&cfg, &work), POOL_STARTED, "pool started");
    is_int(pool_join(), 0, "no worker failed");
    *recorded = 0;
    for (unsigned i = 0; i < threads; i++) {
        sum += seen.events[i];
        *recorded += hist_count(pool_hist((int) i));
    }
    return sum;
}

static void test_barrier(void)
{
    uint64_t recorded, first = UINT64_MAX;
    unsigned threads = 8;

    run_pool(threads, 0, 8 * 10, &recorded);
    is_int(atomic_load(&seen.inited), threads, "barrier: every init ran");
    is_int(atomic_load(&seen.nstarted), 1, "barrier: started() called once");
    ok(seen.all_inited_at_started,
       "barrier: started() after the last init returned");
    is_int(atomic_load(&seen.early), 0,
           "barrier: no run began before every init and started()");
    for (unsigned i = 0; i < threads; i++)
        if (seen.run_ns[i] < first) first = seen.run_ns[i];
    ok(pool_start_ns() != 0 && pool_start_ns() <= first,
       "barrier: the start time is set before the workers are released");
    is_int(pool_running(), 0, "barrier: no worker running after join");
    pool_free();
}

static void test_time_limit(void)
{
    const uint64_t limit = 300 * NS_PER_MS;
    uint64_t recorded, last = 0, first_end = UINT64_MAX;
    unsigned threads = 4;

    run_pool(threads, limit, 0, &recorded);
    is_int(pool_deadline_ns(), pool_start_ns() + limit,
           "--time: the deadline is the start plus --time");
    for (unsigned i = 0; i < threads; i++) {
        if (seen.end_ns[i] > last) last = seen.end_ns[i];
        if (seen.end_ns[i] < first_end) first_end = seen.end_ns[i];
    }
    ok(first_end >= pool_deadline_ns(), "--time: no worker stops early");
    /* Generous: the machine may be loaded; a missed stop runs forever. */
    ok(last < pool_deadline_ns() + 5 * NS_PER_S,
       "--time: every worker stops soon after the deadline");
    ok(recorded > 0, "--time: events ran");
    pool_free();
}

static void test_events_limit(void)
{
    uint64_t recorded;

    is_int(run_pool(4, 0, 1000, &recorded), 1000,
           "--events=1000, 4 threads: 1000 events run");
    is_int(recorded, 1000, "--events=1000: 1000 latencies recorded");
    pool_free();
    is_int(run_pool(3, 0, 1, &recorded), 1,
           "--events=1, 3 threads: one event in all");
    pool_free();
}

/* Workers claim --events in chunks of up to 256 from one counter, smaller
 * near the end: under contention the claims must still add up exactly. */
static void test_events_contention(void)
{
    static const uint64_t limits[] = {1000003, 257, 4099};
    bool exact = true, recorded_exact = true;

    for (size_t k = 0; k < sizeof(limits) / sizeof(limits[0]); k++) {
        uint64_t recorded, n = run_pool(MAX_THREADS, 0, limits[k], &recorded);
        if (n != limits[k] || recorded != limits[k]) {
            printf("# --events=%llu: %llu run, %llu recorded\n",
                   (unsigned long long) limits[k], (unsigned long long) n,
                   (unsigned long long) recorded);
            exact          = exact && n == limits[k];
            recorded_exact = recorded_exact && recorded == limits[k];
        }
        pool_free();
    }
    ok(exact, "--events, 16 threads: the events run add up to the limit");
    ok(recorded_exact, "--events, 16 threads: so do the latencies recorded");
}

int main(void)
{
    log_set_verbosity(2); /* not the "Event limit exceeded" lines */
    test_barrier();
    test_time_limit();
    test_events_limit();
    test_events_contention();
    stats_fini();
    return done_testing();
}
