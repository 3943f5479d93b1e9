/* SPDX-License-Identifier: MIT */
/* pool: the worker threads, their start barrier, the stop flag and the
 * per-event entry points that Lua calls through the FFI (sb_event_start,
 * sb_event_stop, sb_more_events, bench_event_next). There is one pool per
 * process at a time (the FFI entry points take only a thread id). */
#ifndef BENCH_POOL_H
#define BENCH_POOL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct pacer;
struct hist;

struct pool_config {
    unsigned threads;
    size_t stack_size;
    uint64_t time_limit_ns; /* 0: none; measured after warmup */
    uint64_t events_limit;  /* 0: none; counted after warmup */
    uint64_t warmup_ns;
    uint64_t init_timeout_ns;  /* --thread-init-timeout */
    double rate;               /* events/s; 0: unpaced */
    uint64_t latency_limit_ns; /* --rate: skip events this late; 0: never */
    uint64_t rate_seed;
    /* --virtual-users: event slots of users 0..users-1, user u on thread
     * u % threads (bench_worker(u), bench_vu_* in api_builtin_decls.h);
     * 0: one slot per thread. */
    unsigned users;
};

/* What a worker does. init runs before the start barrier; run after it;
 * done only when run succeeded. Each returns 0 or -1. */
struct pool_work {
    int (*init)(int tid, void *arg);
    int (*run)(int tid, void *arg);
    void (*done)(int tid, void *arg);
    /* Called once with the barrier held, just before the workers are
     * released (prints "Threads started!" before any event output). */
    void (*started)(void *arg);
    void *arg;
    /* Optional: called once with the barrier held when every worker has
     * initialised, before the start instant is taken (--start-at waits
     * here, so connecting and thread_init are not part of the wait).
     * 0 starts the run; -1, after the hook printed why, releases the
     * workers without running anything (POOL_NOT_READY). */
    int (*ready)(void *arg);
};

enum pool_start_result {
    POOL_STARTED      = 0,
    POOL_INIT_FAILED  = -1, /* a worker's init returned -1 */
    POOL_INIT_TIMEOUT = -2, /* not all workers initialised in time */
    POOL_NOMEM        = -3,
    POOL_NOT_READY    = -4, /* the ready hook refused to start */
};

/* Creates the workers, waits for all of them to initialise, then sets the
 * start time and releases them together. Main thread only. On failure the
 * workers that did start are told to stop; pool_join still reaps them
 * (except after a timeout, when the caller exits instead). */
enum pool_start_result pool_start(const struct pool_config *cfg,
                                  const struct pool_work *work);

/* Waits for every worker. Returns the number of workers whose run failed.
 */
unsigned pool_join(void);

/* Asks all workers to stop at their next event; `error` marks the run as
 * failed (no final report). Any thread. */
void pool_stop(bool error);
bool pool_failed(void);
/* After pool_join: whether a --rate could not be delivered, i.e. the
 * backlog of due events once passed what sysbench's event queue holds
 * (PD-11). The run itself never stops for it (PD-3). Main thread. */
bool pool_rate_overflowed(void);
/* Whether a run is under way and over: asked to stop, or past its --time
 * (which a worker stuck outside the event loop, in a reconnect, would
 * otherwise never see: nobody sets the stop flag at --time). False
 * outside a run. Any thread. */
bool pool_run_over(void);
/* Waits until every worker finished or `deadline_ns` (monotonic) passed.
 * True when all finished. Main thread. */
bool pool_wait_done(uint64_t deadline_ns);

/* The start instant (ns, monotonic; includes warmup) and end of warmup. */
uint64_t pool_start_ns(void);
uint64_t pool_warmup_end_ns(void);
/* When --time ends (0: no time limit). */
uint64_t pool_deadline_ns(void);
/* Workers not yet finished ("thds" in reports). Any thread. */
unsigned pool_running(void);
/* Events in flight and rate backlog, for the rate report line. */
uint64_t pool_concurrency(void);
uint64_t pool_backlog(uint64_t now_ns);
/* For the forced-shutdown report: records the latency so far of every event
 * still in flight into `into` (a reporter-owned record, never a worker's)
 * and into the per-worker arrays (fairness figures), with --virtual-users
 * also into the per-user ones (NULL: not wanted), and returns how many
 * there were. */
uint64_t pool_unfinished(uint64_t now_ns, struct hist *into,
                         uint64_t *thread_events, uint64_t *thread_lat_ns,
                         uint64_t *user_events, uint64_t *user_lat_ns);
/* --virtual-users: how many users (0: thread mode), and each user's
 * counted events and latency sum so far (relaxed reads, any thread), for
 * users 0..n-1 (n at most pool_users()). */
unsigned pool_users(void);
void pool_users_collect(uint64_t *events, uint64_t *lat_ns, unsigned n);
/* --reconnect-every: connections made so far, their total and longest
 * time (ns). Any thread. */
uint64_t pool_connects(uint64_t *total_ns, uint64_t *max_ns);
/* The latency record of worker `tid` (read-only outside its owner). */
struct hist *pool_hist(int tid);
unsigned pool_threads(void);
/* Frees the pool after pool_join. */
void pool_free(void);

#endif
