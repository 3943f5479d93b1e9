/* SPDX-License-Identifier: MIT */
/* Over 600 lines: the per-event path, start and stop share struct pool. */
/* pool: see pool.h. The per-event path (bench_event_next and the sb_event_*
 * functions) reads one clock, writes only the calling worker's cache line
 * and latency record, and reads the shared limits, which are written once
 * before the start barrier. The only shared write per event is the --events
 * budget, and only when --events is set. */
#include <errno.h>
#include <string.h>
#include <limits.h>
#include <pthread.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <ck_pr.h>

#include "api.h"
#include "clock.h"
#include "measure/detail.h"
#include "measure/hist.h"
#include "log.h"
#include "owned.h"
#include "pacer.h"
#include "pool.h"
#include "measure/stats.h"

/* Owned by one worker: only it writes (pool_stop aside, see fast_until_ns),
 * the reporter reads relaxed. The first line holds all the fast path needs. */
struct bench_worker {
    uint64_t event_start_ns; /* intended start of the running event; 0: none */
    /* The fast path of bench_worker_next may run while now < this: the end
     * of --time (or UINT64_MAX), or 0 while warming up, under --rate and
     * once a stop was asked (pool_stop stores 0 here for every worker). */
    uint64_t fast_until_ns;
    /* Events this worker may still start without asking the shared --events
     * counter or its per-thread limit: claimed in chunks (claim_events). */
    uint64_t budget;
    struct hist *hist;
    uint64_t next_start_ns; /* --rate: arrival claimed by may_start */
    uint64_t events_left;   /* bench_event_limits budget; owner only */
    bool warming;           /* --warmup-time: results still discarded */
    pthread_t thread;
    bool started;
    /* While measuring under --rate (detail.h; NULL otherwise): the record
     * of service times and lags, and the actual start of the running
     * event, taken from the clock read that ended the wait for it. */
    struct detail_worker *paced;
    uint64_t actual_start_ns;
    /* --virtual-users: the user's counted events and the sum of their
     * latencies (fairness per user); owner-written, reporter-read relaxed.
     * Never written in thread mode, whose records give these per thread. */
    uint64_t user_events, user_lat_ns;
} __attribute__((aligned(64)));

struct pool {
    struct pool_config cfg;
    struct pool_work work;
    /* nslots + 1: the last for background. A slot is a thread's, or with
     * --virtual-users a user's (slot u runs on thread u % threads, whose
     * latency record it shares: the same thread writes both). The first
     * cfg.threads slots also hold the threads' pthread_t. */
    struct bench_worker *workers;
    unsigned nslots; /* cfg.users, or cfg.threads without virtual users */
    struct pacer *pacer;
    struct hist_spill *spill; /* the workers' records' (HIST_SPILL_THREADS) */
    /* Written by the main thread before release, read-only afterwards. */
    uint64_t start_ns, warmup_end_ns, deadline_ns;
    uint64_t end_ns;       /* deadline_ns, or UINT64_MAX without --time */
    bool per_thread_limit; /* workers count down events_left */
    /* Shared and atomic. queue_full: the --rate backlog passed sysbench's
     * event queue once (PD-11); set once, read under --rate only. */
    int stop, failed, queue_full;
    unsigned running;
    /* --reconnect-every: new connections and their total and longest
     * time; atomic, any worker (bench_vu_connected). */
    uint64_t connects, connect_ns, connect_max_ns;
    uint64_t events_started __attribute__((aligned(64)));
    /* Start barrier, guarded by mutex: workers signal `ready` one by one
     * (only main waits on it), main broadcasts `go` once, so a thousand
     * workers do not wake each other a thousand times. */
    pthread_mutex_t mutex;
    pthread_cond_t ready_cond, go_cond;
    unsigned ready, init_failed;
    bool released, aborted;
};

/* The one pool (see pool.h); NULL between runs. */
static struct pool *P;

/* Set by bench_event_limits in the test's init(), consumed by the next
 * pool_start. Main thread only. */
static struct {
    bool set, keep_global;
    int64_t per_thread;
} test_limits;

void bench_event_limits(int64_t per_thread, bool keep_global)
{
    test_limits.set         = true;
    test_limits.keep_global = keep_global;
    test_limits.per_thread  = per_thread;
}

/* -- Per-event path ---------------------------------------------------- */

/* The largest --events chunk a worker claims at once: one shared atomic
 * per this many events instead of one per event. */
#define CLAIM_MAX 256

/* Handed out when no pool exists: its fast path is closed (fast_until_ns
 * 0) and the slow path returns false before touching it, so it is never
 * written. */
static struct bench_worker no_worker;

static inline struct bench_worker *worker_of(int tid)
{
    if (tid < 0 || (unsigned) tid >= P->nslots) tid = (int) P->nslots;
    return &P->workers[tid];
}

/* The thread (stats slot) a worker slot's events run on. */
static inline int tid_of(const struct bench_worker *w)
{
    return (int) ((unsigned) (w - P->workers) % P->cfg.threads);
}

/* Claims up to `want` events of --events from the shared counter, fewer
 * near the end (a share of what is left per worker) so the last events
 * spread over the workers; the claims add up to the limit exactly. 0 once
 * it is reached. */
static uint64_t claim_events(uint64_t want)
{
    uint64_t limit = P->cfg.events_limit;
    uint64_t got   = ck_pr_load_64(&P->events_started);
    uint64_t n;

    do {
        if (got >= limit) return 0;
        n = (limit - got) / (2 * (uint64_t) P->nslots);
        n = n < 1 ? 1 : n > want ? want : n;
    } while (!ck_pr_cas_64_value(&P->events_started, got, got + n, &got));
    return n;
}

/* A virtual user's share of a counted event (the same thread writes the
 * thread's record, so plain increments published relaxed suffice). */
static inline void count_user(struct bench_worker *w, uint64_t lat)
{
    owned_inc_64(&w->user_events);
    owned_add_64(&w->user_lat_ns, lat);
}

/* Records the running event. Events that ended during --warmup-time are
 * discarded; one that started during it and ends after it counts, with its
 * whole latency, as in sysbench 1.1, whose warm-up resets the statistics
 * at its end while events run on. --events counts only the events that
 * start after the warm-up (take_event), as 1.1 suspends its limit until
 * then: those running when it ends are reported beyond --events (issue
 * 30: two threads report --events + 2). The event count is the record's
 * count (stats_collect adds it). Only the slow path runs while warming
 * (the fast path opens after it), so this costs nothing per event. */
static void finish_event(struct bench_worker *w, uint64_t now)
{
    uint64_t start = w->event_start_ns;
    bool counted;

    if (start == 0) return;
    counted = start >= P->warmup_end_ns || now >= P->warmup_end_ns;
    if (counted) {
        hist_record(w->hist, now > start ? now - start : 0);
        if (P->cfg.users) count_user(w, now > start ? now - start : 0);
    }
    if (w->paced)
        detail_paced_event(w->paced, start, w->actual_start_ns, now, counted);
    ck_pr_store_64(&w->event_start_ns, 0);
}

/* Takes one event of the worker's budget (--events and the test's own
 * per-thread limit) for an event starting at `start`, refilling it when
 * empty. Events starting during warmup do not count towards --events. */
static bool take_event(struct bench_worker *w, uint64_t start)
{
    uint64_t want = P->cfg.events_limit ? CLAIM_MAX : UINT64_MAX;

    if (start < P->warmup_end_ns) {
        if (P->per_thread_limit) {
            if (w->events_left == 0) return false;
            w->events_left--;
        }
        return true;
    }
    if (w->budget == 0) {
        /* A test's own budget ends the worker without a message, unless
         * --events ran out too (sysbench checks that first). */
        if (P->per_thread_limit) {
            if (w->events_left == 0) {
                if (P->cfg.events_limit &&
                    ck_pr_load_64(&P->events_started) >= P->cfg.events_limit)
                    log_info("Event limit exceeded, exiting...");
                return false;
            }
            if (want > w->events_left) want = w->events_left;
        }
        if (P->cfg.events_limit && !(want = claim_events(want))) {
            log_info("Event limit exceeded, exiting...");
            return false;
        }
        if (P->per_thread_limit) w->events_left -= want;
        w->budget = want;
    }
    w->budget--;
    return true;
}

/* Sleeps until `when_ns` or until the pool is stopped, whichever comes
 * first; false when stopped. Long waits are cut into slices so that a stop
 * (--events reached, a fatal error, a signal) never waits for a far-off
 * arrival. */
#define STOP_CHECK_NS (50 * NS_PER_MS)
static bool sleep_until_or_stop(uint64_t when_ns, uint64_t *woke_ns)
{
    for (;;) {
        uint64_t now = clock_now_ns();

        *woke_ns = now;
        if (ck_pr_load_int(&P->stop)) return false;
        if (now >= when_ns) return true;
        clock_sleep_until_ns(when_ns - now > STOP_CHECK_NS ? now + STOP_CHECK_NS
                                                           : when_ns);
    }
}

/* --latency-limit under --rate (pgbench's): an arrival already later than
 * the limit when its worker gets to it is skipped, not run: counted, and
 * the next arrival claimed into *start. Skipped arrivals take their share
 * of --events as run ones do (take_event; pgbench counts them in -t too):
 * false when none is left. */
static bool skip_late(struct bench_worker *w, uint64_t *start, uint64_t now)
{
    while (*start < P->end_ns && now > *start + P->cfg.latency_limit_ns) {
        if (!take_event(w, *start)) return false;
        if (*start >= P->warmup_end_ns) stats_add(tid_of(w), STAT_SKIPPED, 1);
        *start = pacer_claim(P->pacer);
    }
    return true;
}

/* Whether another event may start: the stop flag and --time, then under
 * --rate the claim of the next arrival, the event budget, and the sleep
 * until the arrival (sysbench also waits inside sb_more_events). False
 * once the schedule passes the time limit, so a sysbench-style loop never
 * spins there; the worker first stays until the limit, as sysbench's do,
 * so that the run lasts --time, the last interval is reported and `thds:`
 * keeps counting every thread. */
static bool may_start(struct bench_worker *w, uint64_t now)
{
    uint64_t start = now, woke = now;

    if (ck_pr_load_int(&P->stop)) return false;
    if (now >= P->end_ns) {
        log_info("Time limit exceeded, exiting...");
        return false;
    }
    if (P->pacer) {
        start = pacer_claim(P->pacer);
        if (P->cfg.latency_limit_ns && !skip_late(w, &start, now)) return false;
        if (start >= P->end_ns) {
            if (P->end_ns != UINT64_MAX && !P->cfg.users)
                sleep_until_or_stop(P->end_ns, &woke);
            log_info("Time limit exceeded, exiting...");
            return false;
        }
        if (!ck_pr_load_int(&P->queue_full) &&
            pacer_overflowed_at_claim(P->pacer, start, now))
            ck_pr_store_int(&P->queue_full, 1);
    }
    if (!take_event(w, start)) return false;
    /* A virtual user waits for its arrival in its worker's scheduler
     * (bench_vu_step), which runs the other users meanwhile. */
    if (start > now && !P->cfg.users && !sleep_until_or_stop(start, &woke))
        return false;
    w->next_start_ns = P->pacer ? start : 0;
    if (w->paced) {
        w->actual_start_ns = woke;
        detail_schedule_sleep(w->paced, woke - now);
    }
    return true;
}

/* Opens the fast path of bench_worker_next once nothing but the clock and
 * the budget needs checking per event. The fence pairs with pool_stop's:
 * either this sees the stop flag or pool_stop's store of 0 comes later. */
static void open_fast_path(struct bench_worker *w)
{
    if (w->fast_until_ns || w->warming || P->pacer) return;
    ck_pr_store_64(&w->fast_until_ns, P->end_ns);
    ck_pr_fence_memory();
    if (ck_pr_load_int(&P->stop)) ck_pr_store_64(&w->fast_until_ns, 0);
}

/* Starts an event at `now`, or at the arrival claimed under --rate, whose
 * intended start is what its latency is measured from. */
static inline void begin_event(struct bench_worker *w, uint64_t now)
{
    uint64_t start = w->next_start_ns ? w->next_start_ns : now;

    w->next_start_ns = 0;
    if (w->warming && start >= P->warmup_end_ns) {
        w->warming = false;
        stats_set_discard(tid_of(w), false);
        detail_thread_measure(detail_thread_of(tid_of(w)));
    }
    ck_pr_store_64(&w->event_start_ns, start ? start : 1);
}

bool sb_more_events(int thread_id)
{
    return P && may_start(worker_of(thread_id), clock_now_ns());
}

void sb_event_start(int thread_id)
{
    if (P) begin_event(worker_of(thread_id), clock_now_ns());
}

void sb_event_stop(int thread_id)
{
    if (P) finish_event(worker_of(thread_id), clock_now_ns());
}

struct bench_worker *bench_worker(int thread_id)
{
    return P ? worker_of(thread_id) : &no_worker;
}

static bool __attribute__((noinline))
event_next_slow(struct bench_worker *w, uint64_t now)
{
    if (!P) return false;
    finish_event(w, now);
    if (!may_start(w, now)) return false;
    begin_event(w, now);
    open_fast_path(w);
    return true;
}

/* One clock read ends the running event and starts the next. The fast
 * path needs no shared state: the stop flag and --time are folded into
 * fast_until_ns, --events and per-thread limits into the budget, and
 * while warming or paced the slow path does everything. An open event on
 * the fast path started after warmup (warming is over), so it counts.
 * `user` (a constant in each caller) also counts the event for its
 * virtual user: thread mode's path is compiled without it. */
static inline bool worker_next(struct bench_worker *w, bool user)
{
    uint64_t now   = clock_now_ns();
    uint64_t start = w->event_start_ns;

    if (__builtin_expect(
            now < ck_pr_load_64(&w->fast_until_ns) && w->budget != 0, 1)) {
        if (start != 0) { /* one thread's CLOCK_MONOTONIC: now >= start */
            hist_record(w->hist, now - start);
            if (user) count_user(w, now - start);
        }
        w->budget--;
        ck_pr_store_64(&w->event_start_ns, now);
        return true;
    }
    return event_next_slow(w, now);
}

bool bench_worker_next(struct bench_worker *w)
{
    return worker_next(w, false);
}

bool bench_vu_next(struct bench_worker *w)
{
    return worker_next(w, true);
}

bool bench_event_next(int thread_id)
{
    if (!P) return false;
    if (P->cfg.users) return bench_vu_next(worker_of(thread_id));
    return bench_worker_next(worker_of(thread_id));
}

/* -- Virtual users (bench/vu.lua) ---------------------------------------- */

uint64_t bench_vu_step(bench_worker_t *w)
{
    uint64_t now = clock_now_ns();

    if (!P) return 0;
    finish_event(w, now);
    if (!may_start(w, now)) return 0;
    if (w->next_start_ns > now) return w->next_start_ns;
    begin_event(w, now);
    open_fast_path(w);
    return 1;
}

bool bench_vu_exhausted(bench_worker_t *w)
{
    return P && P->cfg.events_limit && (!w || w->budget == 0) &&
           ck_pr_load_64(&P->events_started) >= P->cfg.events_limit;
}

void bench_vu_begin(bench_worker_t *w)
{
    uint64_t now = clock_now_ns();

    if (!P) return;
    if (w->paced) w->actual_start_ns = now; /* resumed for its arrival */
    begin_event(w, now);
}

void bench_vu_finish(bench_worker_t *w)
{
    if (P) finish_event(w, clock_now_ns());
}

void bench_vu_connected(int user, uint64_t ns)
{
    uint64_t max;

    if (!P) return;
    stats_add((int) ((unsigned) user % P->cfg.threads), STAT_RECONNECTS, 1);
    ck_pr_inc_64(&P->connects);
    ck_pr_add_64(&P->connect_ns, ns);
    max = ck_pr_load_64(&P->connect_max_ns);
    while (ns > max && !ck_pr_cas_64_value(&P->connect_max_ns, max, ns, &max))
        ;
}

uint64_t pool_connects(uint64_t *total_ns, uint64_t *max_ns)
{
    *total_ns = P ? ck_pr_load_64(&P->connect_ns) : 0;
    *max_ns   = P ? ck_pr_load_64(&P->connect_max_ns) : 0;
    return P ? ck_pr_load_64(&P->connects) : 0;
}

/* Paced users give up at once when the schedule passes --time (may_start
 * does not sleep for them); their thread stays until the limit, as a
 * paced thread does, so that the run lasts --time. */
void bench_vu_linger(void)
{
    uint64_t woke;

    if (P && P->pacer && P->end_ns != UINT64_MAX)
        sleep_until_or_stop(P->end_ns, &woke);
}

/* For the scripts' retry loops (event restarts): whether the run is over;
 * outside a run there is nothing to retry for. */
bool bench_run_stopping(void)
{
    return !P || pool_run_over();
}

uint64_t sb_counter_val(int thread_id, sb_counter_type type)
{
    uint64_t v;

    if ((unsigned) type >= STAT_N) return 0;
    v = stats_read(thread_id, (enum stat_counter) type);
    /* Events live in the latency record, not in a counter (see
     * finish_event); scripts may still add their own. */
    if (type == SB_CNT_TRX && P) v += hist_count(worker_of(thread_id)->hist);
    return v;
}

/* -- Threads and the start barrier ------------------------------------- */

static void *worker_main(void *arg)
{
    int tid                  = (int) (intptr_t) arg;
    int rc                   = P->work.init(tid, P->work.arg);
    struct detail_worker *dt = detail_thread_of(tid);
    bool go;

    /* Precise sleeps for --rate: the default 50 us slack would add to the
     * measured latency of every paced event. */
    if (P->cfg.rate > 0) prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
    if (rc == 0) detail_thread_start(dt);
    pthread_mutex_lock(&P->mutex);
    if (rc != 0)
        P->init_failed++;
    else
        P->ready++;
    pthread_cond_signal(&P->ready_cond);
    while (!P->released)
        pthread_cond_wait(&P->go_cond, &P->mutex);
    go = !P->aborted && rc == 0;
    pthread_mutex_unlock(&P->mutex);

    if (go) {
        detail_thread_go(dt, P->start_ns);
        rc = P->work.run(tid, P->work.arg);
        detail_thread_stop(dt);
        if (rc != 0)
            pool_stop(true);
        else if (P->work.done)
            P->work.done(tid, P->work.arg);
    }
    /* An event left open (event() returned a value) is not counted. */
    for (unsigned i = (unsigned) tid; i < P->nslots; i += P->cfg.threads)
        ck_pr_store_64(&P->workers[i].event_start_ns, 0);
    pthread_mutex_lock(&P->mutex);
    ck_pr_dec_uint(&P->running);
    pthread_cond_signal(&P->ready_cond); /* pool_wait_done */
    pthread_mutex_unlock(&P->mutex);
    return (void *) (intptr_t) (go && rc == 0 ? 0 : 1);
}

static int pool_alloc(const struct pool_config *cfg,
                      const struct pool_work *work)
{
    struct pool *p = calloc(1, sizeof(*p));
    unsigned n;

    if (!p) return -1;
    p->cfg    = *cfg;
    p->work   = *work;
    p->nslots = n = cfg->users ? cfg->users : cfg->threads;
    if (posix_memalign((void **) &p->workers, 64,
                       sizeof(struct bench_worker) * (n + 1)) != 0) {
        free(p);
        return -1;
    }
    /* P owns p from here; what pool_free reads is set before any failure */
    memset(p->workers, 0, sizeof(struct bench_worker) * (n + 1));
    pthread_mutex_init(&p->mutex, NULL);
    pthread_cond_init(&p->ready_cond, NULL);
    pthread_cond_init(&p->go_cond, NULL);
    P = p;
    if (test_limits.set) {
        if (!test_limits.keep_global) p->cfg.events_limit = 0;
        p->per_thread_limit = test_limits.per_thread >= 0;
        test_limits.set     = false;
    }
    if (cfg->threads >= HIST_SPILL_THREADS && !(p->spill = hist_spill_new()))
        return -1;
    for (unsigned i = 0; i <= n; i++) {
        p->workers[i] = (struct bench_worker){0};
        if (p->per_thread_limit)
            p->workers[i].events_left = (uint64_t) test_limits.per_thread;
        if (i >= cfg->threads && i < n) /* a user: its thread's record */
            p->workers[i].hist = p->workers[i % cfg->threads].hist;
        else if (!(p->workers[i].hist = hist_new_compact()))
            return -1;
        else
            hist_use_spill(p->workers[i].hist, p->spill);
        if (cfg->rate > 0 && i < n) /* users: their thread's too */
            p->workers[i].paced = detail_worker_of((int) (i % cfg->threads));
        /* Counters of events started during warmup are discarded too. */
        p->workers[i].warming = cfg->warmup_ns > 0;
        if (i < cfg->threads && cfg->warmup_ns > 0)
            stats_set_discard((int) i, true);
    }
    return 0;
}

static int spawn_workers(void)
{
    pthread_attr_t attr;
    size_t stack = P->cfg.stack_size;
    int rc       = 0;

    pthread_attr_init(&attr);
    if (stack < (size_t) PTHREAD_STACK_MIN) stack = PTHREAD_STACK_MIN;
    pthread_attr_setstacksize(&attr, stack);
    for (unsigned i = 0; i < P->cfg.threads && rc == 0; i++) {
        struct bench_worker *w = &P->workers[i];
        ck_pr_inc_uint(&P->running);
        rc = pthread_create(&w->thread, &attr, worker_main,
                            (void *) (intptr_t) i);
        /* No memory for its stack (EAGAIN under ulimit -v, as for a
         * thread limit): the one line of running out (log_oom_begin). */
        if (rc != 0) {
            ck_pr_dec_uint(&P->running);
            if ((rc != EAGAIN && rc != ENOMEM) || log_oom_begin())
                log_fatal("pool: create worker thread %u: %s", i, strerror(rc));
        }
        w->started = rc == 0;
    }
    pthread_attr_destroy(&attr);
    return rc == 0 ? 0 : -1;
}

static enum pool_start_result wait_ready(unsigned spawned)
{
    struct timespec deadline;
    enum pool_start_result res = POOL_STARTED;

    clock_gettime(CLOCK_REALTIME, &deadline);
    deadline.tv_sec += (time_t) (P->cfg.init_timeout_ns / NS_PER_S);
    pthread_mutex_lock(&P->mutex);
    while (P->ready + P->init_failed < spawned && res == POOL_STARTED)
        if (pthread_cond_timedwait(&P->ready_cond, &P->mutex, &deadline) ==
            ETIMEDOUT)
            res = POOL_INIT_TIMEOUT;
    if (res == POOL_STARTED && P->init_failed > 0) res = POOL_INIT_FAILED;
    return res; /* mutex still held: the caller releases the barrier */
}

enum pool_start_result pool_start(const struct pool_config *cfg,
                                  const struct pool_work *work)
{
    enum pool_start_result res;
    unsigned spawned = 0;

    if (pool_alloc(cfg, work) != 0) return POOL_NOMEM;
    if (spawn_workers() != 0) pool_stop(true);
    for (unsigned i = 0; i < cfg->threads; i++)
        spawned += P->workers[i].started;
    res = wait_ready(spawned);
    if (res == POOL_STARTED && spawned < cfg->threads) res = POOL_INIT_FAILED;
    if (res == POOL_STARTED && work->ready && work->ready(work->arg) != 0)
        res = POOL_NOT_READY;
    if (res == POOL_STARTED) {
        uint64_t now     = clock_now_ns();
        P->start_ns      = now;
        P->warmup_end_ns = now + cfg->warmup_ns;
        if (cfg->time_limit_ns)
            P->deadline_ns = P->warmup_end_ns + cfg->time_limit_ns;
        P->end_ns = P->deadline_ns ? P->deadline_ns : UINT64_MAX;
        if (cfg->rate > 0 &&
            !(P->pacer = pacer_new(cfg->rate, now, cfg->rate_seed)))
            res = POOL_NOMEM;
    }
    if (res == POOL_STARTED && work->started) work->started(work->arg);
    P->aborted  = res != POOL_STARTED;
    P->released = res != POOL_INIT_TIMEOUT;
    if (P->aborted) ck_pr_store_int(&P->stop, 1);
    pthread_cond_broadcast(&P->go_cond);
    pthread_mutex_unlock(&P->mutex);
    return res;
}

unsigned pool_join(void)
{
    unsigned failed = 0;

    if (!P) return 0; /* pool_start failed before the pool existed */
    for (unsigned i = 0; i < P->cfg.threads; i++) {
        void *ret;
        if (!P->workers[i].started) continue;
        pthread_join(P->workers[i].thread, &ret);
        P->workers[i].started = false;
        failed += ret != NULL;
    }
    return failed;
}

void pool_stop(bool error)
{
    if (!P) return;
    if (error) ck_pr_store_int(&P->failed, 1);
    ck_pr_store_int(&P->stop, 1);
    /* Close every fast path (see open_fast_path). */
    ck_pr_fence_memory();
    for (unsigned i = 0; i <= P->nslots; i++)
        ck_pr_store_64(&P->workers[i].fast_until_ns, 0);
}

bool pool_run_over(void)
{
    return P && (ck_pr_load_int(&P->stop) ||
                 (P->deadline_ns && clock_now_ns() >= P->deadline_ns));
}

bool pool_wait_done(uint64_t deadline_ns)
{
    struct timespec ts;
    uint64_t wait_ns, now = clock_now_ns();
    bool done;

    /* Convert the monotonic deadline to the condvar's realtime clock. */
    wait_ns = deadline_ns > now ? deadline_ns - now : 0;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_sec += (time_t) (wait_ns / NS_PER_S);
    ts.tv_nsec += (long) (wait_ns % NS_PER_S);
    if (ts.tv_nsec >= (long) NS_PER_S) {
        ts.tv_sec++;
        ts.tv_nsec -= (long) NS_PER_S;
    }
    pthread_mutex_lock(&P->mutex);
    while (ck_pr_load_uint(&P->running) > 0)
        if (pthread_cond_timedwait(&P->ready_cond, &P->mutex, &ts) == ETIMEDOUT)
            break;
    done = ck_pr_load_uint(&P->running) == 0;
    pthread_mutex_unlock(&P->mutex);
    return done;
}

bool pool_failed(void)
{
    return P && ck_pr_load_int(&P->failed);
}

bool pool_rate_overflowed(void)
{
    uint64_t end = clock_now_ns();

    if (!P || !P->pacer) return false;
    if (ck_pr_load_int(&P->queue_full)) return true;
    /* The schedule ends with --time, as sysbench's event generator does. */
    if (P->deadline_ns && end > P->deadline_ns) end = P->deadline_ns;
    return pacer_overflowed(P->pacer, end);
}

uint64_t pool_start_ns(void)
{
    return P ? P->start_ns : 0;
}

uint64_t pool_warmup_end_ns(void)
{
    return P ? P->warmup_end_ns : 0;
}

uint64_t pool_deadline_ns(void)
{
    return P ? P->deadline_ns : 0;
}

unsigned pool_running(void)
{
    return P ? ck_pr_load_uint(&P->running) : 0;
}

uint64_t pool_concurrency(void)
{
    uint64_t n = 0;

    for (unsigned i = 0; P && i < P->nslots; i++)
        n += ck_pr_load_64(&P->workers[i].event_start_ns) != 0;
    return n;
}

uint64_t pool_backlog(uint64_t now_ns)
{
    return P && P->pacer ? pacer_backlog(P->pacer, now_ns, 100000000) : 0;
}

uint64_t pool_unfinished(uint64_t now_ns, struct hist *into,
                         uint64_t *thread_events, uint64_t *thread_lat_ns,
                         uint64_t *user_events, uint64_t *user_lat_ns)
{
    uint64_t n = 0;

    for (unsigned i = 0; P && i < P->nslots; i++) {
        uint64_t start = ck_pr_load_64(&P->workers[i].event_start_ns);
        uint64_t lat   = now_ns > start ? now_ns - start : 0;
        if (start == 0 || now_ns < P->warmup_end_ns) continue;
        hist_record(into, lat);
        thread_events[i % P->cfg.threads]++;
        thread_lat_ns[i % P->cfg.threads] += lat;
        if (user_events && P->cfg.users) {
            user_events[i]++;
            user_lat_ns[i] += lat;
        }
        n++;
    }
    return n;
}

unsigned pool_users(void)
{
    return P ? P->cfg.users : 0;
}

void pool_users_collect(uint64_t *events, uint64_t *lat_ns, unsigned n)
{
    for (unsigned u = 0; P && u < n && u < P->cfg.users; u++) {
        events[u] = ck_pr_load_64(&P->workers[u].user_events);
        lat_ns[u] = ck_pr_load_64(&P->workers[u].user_lat_ns);
    }
}

struct hist *pool_hist(int tid)
{
    return P ? worker_of(tid)->hist : NULL;
}

unsigned pool_threads(void)
{
    return P ? P->cfg.threads : 0;
}

void pool_free(void)
{
    if (!P) return;
    for (unsigned i = 0; i <= P->nslots; i++)
        if (i < P->cfg.threads || i == P->nslots) hist_free(P->workers[i].hist);
    hist_spill_free(P->spill);
    pacer_free(P->pacer);
    pthread_mutex_destroy(&P->mutex);
    pthread_cond_destroy(&P->ready_cond);
    pthread_cond_destroy(&P->go_cond);
    free(P->workers);
    free(P);
    P = NULL;
}
