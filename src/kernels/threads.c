/* SPDX-License-Identifier: MIT */
/* kernels/threads: the threads test's event, in C. The work is sysbench's
 * (BT-THR-1) so events/s mean the same in both tools: take a lock chosen
 * round-robin by a counter shared by all workers, then `yields` times lock
 * it, give up the CPU and unlock it. The shared counter and the mutexes are
 * the point of the test, not overhead. */
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <ck_pr.h>

#include "api.h"
#include "kernels/kernel.h"
#include "log.h"

struct bench_threads {
    unsigned next __attribute__((aligned(64))); /* atomic: lock chooser */
    unsigned nlocks;
    unsigned yields; /* per event, for the native worker */
    pthread_mutex_t *locks;
};

/* The mutexes of the running test: set by the main thread in init(),
 * before the workers start; cleared when the main state frees them after
 * the workers were joined. */
static struct bench_threads *current;

struct bench_threads *bench_threads_new(unsigned nlocks, unsigned yields)
{
    struct bench_threads *t;

    if (nlocks == 0 || posix_memalign((void **) &t, 64, sizeof(*t)) != 0)
        return NULL;
    *t = (struct bench_threads){.nlocks = nlocks, .yields = yields};
    if (!(t->locks = calloc(nlocks, sizeof(*t->locks)))) {
        free(t);
        return NULL;
    }
    for (unsigned i = 0; i < nlocks; i++)
        pthread_mutex_init(&t->locks[i], NULL);
    current = t;
    return t;
}

void bench_threads_free(struct bench_threads *t)
{
    if (!t) return;
    for (unsigned i = 0; i < t->nlocks; i++)
        pthread_mutex_destroy(&t->locks[i]);
    free(t->locks);
    if (current == t) current = NULL;
    free(t);
}

struct bench_threads *bench_threads_current(void)
{
    return current;
}

void bench_threads_event(struct bench_threads *t, unsigned yields)
{
    pthread_mutex_t *m = &t->locks[ck_pr_faa_uint(&t->next, 1) % t->nlocks];

    for (unsigned i = 0; i < yields; i++) {
        pthread_mutex_lock(m);
        sched_yield();
        pthread_mutex_unlock(m);
    }
}

/* -- Native worker: threads.lua's thread_init and event ------------------ */

static int native_init(int tid, void **ctx)
{
    (void) tid;
    if (!(*ctx = current)) {
        log_fatal("threads: start a worker: the test has no mutexes");
        return -1;
    }
    return 0;
}

static int native_event(void *ctx, int tid)
{
    struct bench_threads *t = ctx;

    (void) tid;
    bench_threads_event(t, t->yields);
    return 0;
}

static int native_run(void *ctx, int tid)
{
    return native_loop(ctx, tid, native_event);
}

const struct native_kernel native_threads = {
    .name        = "threads",
    .thread_init = native_init,
    .thread_run  = native_run,
};
