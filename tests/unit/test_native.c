/* SPDX-License-Identifier: MIT */
/* test_native.c: the registry of native kernels, the choice a script makes
 * from init(), and the native worker's loop in a real pool: per-worker
 * context, limits and failures, as bench.lua's thread_run does them. */
#include <stdlib.h>
#include <string.h>
#include <ck_pr.h>

#include "api.h"
#include "measure/hist.h"
#include "kernels/kernel.h"
#include "native.h"
#include "pool.h"
#include "measure/stats.h"
#include "tap.h"

#define THREADS 4

/* -- A kernel that counts ------------------------------------------------- */

static struct {
    int ctx_ok, events[THREADS], done[THREADS];
    unsigned total;   /* events of all workers (atomic) */
    unsigned fail_at; /* the run's event number that fails; 0: none */
} seen;

static int count_init(int tid, void **ctx)
{
    *ctx = &seen.events[tid];
    return 0;
}

static int count_event(void *ctx, int tid)
{
    int *n = ctx;

    if (n == &seen.events[tid]) ck_pr_inc_int(&seen.ctx_ok);
    (*n)++;
    return ck_pr_faa_uint(&seen.total, 1) + 1 == seen.fail_at ? -1 : 0;
}

static int count_run(void *ctx, int tid)
{
    return native_loop(ctx, tid, count_event);
}

static int count_done(void *ctx, int tid)
{
    seen.done[tid] += ctx == &seen.events[tid];
    return 0;
}

static const struct native_kernel counting = {
    .name        = "counting",
    .thread_init = count_init,
    .thread_run  = count_run,
    .thread_done = count_done,
};

static int work_init(int tid, void *arg)
{
    return native_thread_init(arg, tid);
}

static int work_run(int tid, void *arg)
{
    return native_thread_run(arg, tid);
}

static void work_done(int tid, void *arg)
{
    if (native_thread_done(arg, tid) != 0) pool_stop(true);
}

/* Runs THREADS workers of `k` under `events` (--events); returns the
 * events the pool recorded, sets how many workers failed and whether the
 * run did. */
static uint64_t run_pool(const struct native_kernel *k, uint64_t events,
                         unsigned *failed, bool *run_failed)
{
    struct pool_config pc = {.threads         = THREADS,
                             .stack_size      = 1 << 16,
                             .events_limit    = events,
                             .init_timeout_ns = 10ULL * 1000000000};
    struct pool_work work = {work_init, work_run,   work_done,
                             NULL,      (void *) k, NULL};
    uint64_t recorded     = 0;

    unsigned fail_at = seen.fail_at;

    memset(&seen, 0, sizeof(seen));
    seen.fail_at = fail_at;
    if (stats_init(THREADS) != 0 || pool_start(&pc, &work) != POOL_STARTED)
        return 0;
    *failed     = pool_join();
    *run_failed = pool_failed();
    for (int t = 0; t < THREADS; t++)
        recorded += hist_count(pool_hist(t));
    pool_free();
    stats_fini();
    return recorded;
}

static void test_loop(void)
{
    unsigned failed = 0;
    int total = 0, done = 0;
    bool run_failed;
    uint64_t n = run_pool(&counting, 1000, &failed, &run_failed);

    for (int t = 0; t < THREADS; t++) {
        total += seen.events[t];
        done += seen.done[t];
    }
    is_int(n, 1000, "--events=1000: the pool recorded 1000 events");
    is_int(total, 1000, "the kernel ran 1000 events");
    is_int(seen.ctx_ok, 1000, "each with its worker's context");
    is_int(done, THREADS, "thread_done ran once per worker, with it too");
    ok(failed == 0 && !run_failed, "no worker failed");

    seen.fail_at = 500;
    n            = run_pool(&counting, 1000000, &failed, &run_failed);
    done         = 0;
    for (int t = 0; t < THREADS; t++)
        done += seen.done[t];
    is_int(failed, 1, "a failing event fails its worker");
    ok(run_failed, "and the run");
    ok(done < THREADS, "that worker skips thread_done");
    ok(seen.total >= 500 && n < seen.total,
       "the others stop soon; the failed event is not recorded");
    seen.fail_at = 0;
}

/* -- The registry and the script's choice --------------------------------- */

static void test_registry(void)
{
    static const char *const names[] = {"cpu", "memory", "threads", "mutex",
                                        "fileio"};
    bool all                         = true;

    for (size_t i = 0; i < sizeof(names) / sizeof(*names); i++) {
        const struct native_kernel *k = native_find(names[i]);
        all &= k && strcmp(k->name, names[i]) == 0 && k->thread_run;
    }
    ok(all, "every built-in test has a kernel with a loop");
    ok(native_find("oltp_read_write") == NULL && native_find(NULL) == NULL,
       "no kernel for other names");
    ok(bench_native_worker("mutex") && native_take(true) == &native_mutex,
       "a built-in test gets the kernel its init() named");
    ok(native_take(true) == NULL, "once: the choice is cleared");
    ok(bench_native_worker("cpu") && native_take(false) == NULL &&
           native_take(true) == NULL,
       "a user's script never gets one, and the choice is cleared");
    ok(!bench_native_worker("nothing") && native_take(true) == NULL,
       "an unknown name chooses nothing");
}

int main(void)
{
    test_registry();
    test_loop();
    return done_testing();
}
