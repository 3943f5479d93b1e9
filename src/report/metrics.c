/* SPDX-License-Identifier: MIT */
/* metrics: see metrics.h. This file holds the reading the endpoint and
 * the pushes share (struct metrics, its mutex) and the lifecycle; the
 * text is metrics_text.c's, the endpoint metrics_serve.c's, the pushes
 * metrics_push.c's and metrics_http.c's. */
#include <errno.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "clock.h"
#include "log.h"
#include "metrics_internal.h"
#include "pool.h"

static void fini(struct metrics *m)
{
    pthread_mutex_destroy(&m->mutex);
    pthread_cond_destroy(&m->cond);
    free(m);
}

struct metrics *metrics_start(const struct metrics_config *c)
{
    struct metrics *m = calloc(1, sizeof(*m));
    pthread_condattr_t attr;

    if (!m) {
        log_fatal("metrics: out of memory");
        return NULL;
    }
    m->cfg = *c;
    if (!m->cfg.job) m->cfg.job = "bench";
    pthread_mutex_init(&m->mutex, NULL);
    /* The pushing thread's waits are on the monotonic clock, as every
     * time of a run (clock.h): a wall-clock step moves no push. */
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&m->cond, &attr);
    pthread_condattr_destroy(&attr);
    if (c->addr && !(m->server = metrics_server_start(m, c->addr))) {
        fini(m);
        return NULL;
    }
    if (c->push_url && !(m->push = metrics_push_start(m))) {
        metrics_server_stop(m->server);
        fini(m);
        return NULL;
    }
    return m;
}

unsigned metrics_port(const struct metrics *m)
{
    return metrics_server_port(m->server);
}

void metrics_attach(struct metrics *m, unsigned nthreads)
{
    struct hist **hists = calloc(nthreads ? nthreads : 1, sizeof(*hists));

    if (!hists || stats_snapshot_init(&m->snap, nthreads) != 0) {
        free(hists); /* no figures then: the scrape shows the labels */
        return;
    }
    for (unsigned i = 0; i < nthreads; i++)
        hists[i] = pool_hist((int) i);
    pthread_mutex_lock(&m->mutex);
    m->hists    = hists;
    m->attached = true;
    pthread_cond_broadcast(&m->cond);
    pthread_mutex_unlock(&m->mutex);
}

/* Time since the measured run began (warm-up excluded), as the report's
 * total time. */
static double run_elapsed_s(void)
{
    uint64_t t0 = pool_warmup_end_ns(), now = clock_now_ns();

    return t0 && now > t0 ? (double) (now - t0) / 1e9 : 0.0;
}

void metrics_detach(struct metrics *m)
{
    pthread_mutex_lock(&m->mutex);
    if (m->attached && !m->detached) {
        /* The workers are done: this reading is final. On ENOMEM the last
         * scrape's figures stay. */
        (void) stats_collect(&m->snap, m->hists);
        m->final_elapsed_s = run_elapsed_s();
        m->detached        = true;
        pthread_cond_broadcast(&m->cond); /* the final push */
        metrics_push_wake(m->push);       /* not after an interval's */
    }
    pthread_mutex_unlock(&m->mutex);
}

void metrics_linger(struct metrics *m, uint64_t ns, int wake_fd)
{
    struct pollfd p = {.fd = wake_fd, .events = POLLIN};
    uint64_t end    = clock_now_ns() + ns;

    if (!m || !m->server || ns == 0) return;
    /* On stderr, as the address: stdout is the report, already ended. */
    fprintf(stderr,
            "metrics: serving the final figures for %g s more (SIGINT or "
            "SIGTERM ends this)\n",
            (double) ns / 1e9);
    for (;;) {
        uint64_t now = clock_now_ns(), ms;
        int rc;

        if (now >= end) break;
        ms = (end - now + NS_PER_MS - 1) / NS_PER_MS;
        /* poll skips a negative fd: then only the time ends it. */
        rc = poll(&p, 1, ms > INT_MAX ? INT_MAX : (int) ms);
        if (rc > 0 || (rc < 0 && errno != EINTR)) break;
    }
}

void metrics_stop(struct metrics *m)
{
    if (!m) return;
    pthread_mutex_lock(&m->mutex);
    m->stopping = true;
    pthread_cond_broadcast(&m->cond);
    pthread_mutex_unlock(&m->mutex);
    /* The final push (if it is not sent yet) before the pool goes: a
     * reading may still need the workers' records. */
    metrics_push_stop(m->push);
    metrics_server_stop(m->server);
    if (m->attached) stats_snapshot_fini(&m->snap);
    free(m->hists);
    fini(m);
}
