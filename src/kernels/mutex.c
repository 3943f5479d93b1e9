/* SPDX-License-Identifier: MIT */
/* kernels/mutex: the mutex test's event, in C. The work is sysbench's
 * (BT-MTX-1) so the run time means the same in both tools: `locks` times
 * pick one of the mutexes uniformly at random (the worker's own PRNG), spin
 * `loops` empty iterations, then lock it, bump a counter shared by all
 * workers and unlock it. Each mutex is padded as in sysbench, so that
 * neighbouring mutexes rarely share a cache line. */
#include <pthread.h>
#include <stdlib.h>
#include <ck_pr.h>

#include "api.h"
#include "kernels/kernel.h"
#include "log.h"
#include "rand.h"

struct padded_mutex {
    pthread_mutex_t mutex;
    char pad[256];
};

struct bench_mutex {
    unsigned nmutexes;
    unsigned locks, loops; /* per event, for the native worker */
    struct padded_mutex *mutexes;
    unsigned counter; /* bumped under the chosen mutex (racy across them) */
};

/* The mutexes of the running test: set by the main thread in init(),
 * before the workers start; cleared when the main state frees them after
 * the workers were joined. */
static struct bench_mutex *current;

struct bench_mutex *bench_mutex_new(unsigned nmutexes, unsigned locks,
                                    unsigned loops)
{
    struct bench_mutex *m;

    if (nmutexes == 0 || !(m = calloc(1, sizeof(*m)))) return NULL;
    if (!(m->mutexes = calloc(nmutexes, sizeof(*m->mutexes)))) {
        free(m);
        return NULL;
    }
    m->nmutexes = nmutexes;
    m->locks    = locks;
    m->loops    = loops;
    for (unsigned i = 0; i < nmutexes; i++)
        pthread_mutex_init(&m->mutexes[i].mutex, NULL);
    current = m;
    return m;
}

void bench_mutex_free(struct bench_mutex *m)
{
    if (!m) return;
    for (unsigned i = 0; i < m->nmutexes; i++)
        pthread_mutex_destroy(&m->mutexes[i].mutex);
    free(m->mutexes);
    if (current == m) current = NULL;
    free(m);
}

struct bench_mutex *bench_mutex_current(void)
{
    return current;
}

void bench_mutex_event(struct bench_mutex *m, unsigned locks, unsigned loops)
{
    for (unsigned n = 0; n < locks; n++) {
        pthread_mutex_t *mx =
            &m->mutexes[sb_rand_uniform(0, m->nmutexes - 1)].mutex;
        for (unsigned i = 0; i < loops; i++)
            ck_pr_barrier();
        pthread_mutex_lock(mx);
        /* As in sysbench, workers holding different mutexes race on it:
         * the value is never used, the access is the work. */
        ck_pr_store_uint(&m->counter, ck_pr_load_uint(&m->counter) + 1);
        pthread_mutex_unlock(mx);
    }
}

/* -- Native worker: mutex.lua's thread_init and event -------------------- */

static int native_init(int tid, void **ctx)
{
    (void) tid;
    if (!(*ctx = current)) {
        log_fatal("mutex: start a worker: the test has no mutexes");
        return -1;
    }
    return 0;
}

static int native_event(void *ctx, int tid)
{
    struct bench_mutex *m = ctx;

    (void) tid;
    bench_mutex_event(m, m->locks, m->loops);
    return 0;
}

static int native_run(void *ctx, int tid)
{
    return native_loop(ctx, tid, native_event);
}

const struct native_kernel native_mutex = {
    .name        = "mutex",
    .thread_init = native_init,
    .thread_run  = native_run,
};
