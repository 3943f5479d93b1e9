/* SPDX-License-Identifier: MIT */
/* detail: what bench measures beyond sysbench's counters (issue 15): the
 * latency of each statement kind, service time and start lag under --rate,
 * and the client self-check (per worker CPU time, time in the script, in
 * the driver, waiting for the server or the schedule). Nothing here runs
 * unless detail_init(..., true) turned it on (--extended-report=on or a
 * machine format), so sysbench's default report costs what it did.
 *
 * Data flow, the contract for the report writers (report.c's extended
 * section, the JSON/CSV result document, the HdrHistogram log):
 *  - workers write their own struct detail_worker (single writer, relaxed
 *    stores, like stats_slot and struct hist); db.c times each query and
 *    pool.c each event there;
 *  - the reporter reads every worker into a struct detail_snapshot
 *    (detail_collect), per report interval and at the end, and subtracts
 *    baselines (detail_diff) exactly as it does stats_snapshot: a
 *    stats_snapshot's `detail` member is that snapshot (NULL when off), so
 *    `report_data.delta->detail` is the period's figures in every report
 *    call, intermediate (the interval) or cumulative (since the last
 *    checkpoint or the start);
 *  - the writers only read a snapshot: nothing in it is shared.
 *
 * Conventions: constructors NULL on ENOMEM, int functions 0 ok / -1 with
 * errno. Times are uint64_t ns. */
#ifndef BENCH_DETAIL_H
#define BENCH_DETAIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <sys/types.h>
#include <time.h>
#include <ck_pr.h>

#include "clock.h"
#include "hist.h"
#include "owned.h"

/* -- Statement kinds --------------------------------------------------- */

/* A query's kind, for the per-kind table (like pgbench -r). Ids below
 * DETAIL_KIND_BUILTIN are fixed; a script's own labels (con:query(sql,
 * {kind = "..."}), con:prepare(sql, {kind = "..."})) get the next free
 * ids, process-wide, up to DETAIL_KIND_MAX; more labels count as OTHER.
 * The bundled OLTP scripts label every statement; an unlabelled one gets
 * its kind from its text (detail_classify). Names: detail_kind_name. */
enum detail_kind {
    DETAIL_KIND_OTHER = 0,        /* "other" */
    DETAIL_KIND_POINT_SELECT,     /* "point select" */
    DETAIL_KIND_RANGE,            /* "range" */
    DETAIL_KIND_SUM_RANGE,        /* "sum range" */
    DETAIL_KIND_ORDER_RANGE,      /* "order range" */
    DETAIL_KIND_DISTINCT_RANGE,   /* "distinct range" */
    DETAIL_KIND_INDEX_UPDATE,     /* "index update" */
    DETAIL_KIND_NON_INDEX_UPDATE, /* "non-index update" */
    DETAIL_KIND_DELETE,           /* "delete" */
    DETAIL_KIND_INSERT,           /* "insert" */
    DETAIL_KIND_BEGIN_COMMIT,     /* "begin/commit": BEGIN, COMMIT, ROLLBACK */
    DETAIL_KIND_SELECT,           /* "select": unlabelled, not a range */
    DETAIL_KIND_UPDATE,           /* "update": unlabelled */
    DETAIL_KIND_BUILTIN,          /* first id of a script's own label */
    /* 115 labels: a pgbench user's scripts, a statement each (the sql
     * workload). An unused kind costs a worker 40 bytes and a snapshot
     * an empty hist (~0.5 KB: counters come with the first value). */
    DETAIL_KIND_MAX = 128,
};

/* The name of kind `id` ("point select", a script's label), or NULL when
 * no such kind exists. Any thread. */
const char *detail_kind_name(unsigned id);

/* How many kinds exist now (built-in ones and the labels so far): ids
 * below it are valid. Any thread. */
unsigned detail_kind_count(void);

/* The id of the kind named `name` (a built-in name or a script's label),
 * registering a new label if needed; DETAIL_KIND_OTHER when the table is
 * full or name is NULL/empty. Any thread (a mutex, so call it when a
 * statement is prepared or a label first seen, not per query). */
unsigned detail_kind_id(const char *name);

/* The kind of an unlabelled statement from its text: its first keyword
 * (BEGIN/START/COMMIT/ROLLBACK/END, INSERT/REPLACE, DELETE, UPDATE, SELECT)
 * and, for a SELECT with BETWEEN, the range family (DISTINCT, SUM(, ORDER
 * BY, plain). Cheap, no allocation; len bytes of sql are read. */
unsigned detail_classify(const char *sql, size_t len);

/* -- Counter classes --------------------------------------------------- */

/* The read/write/other class a query was counted in (sysbench's, from the
 * result: db_api_decls.h DB_CNT_*), and failed queries. */
enum detail_class {
    DETAIL_OTHER  = 0, /* = SB_CNT_OTHER */
    DETAIL_READ   = 1, /* = SB_CNT_READ */
    DETAIL_WRITE  = 2, /* = SB_CNT_WRITE */
    DETAIL_FAILED = 3, /* an error (ignored or fatal): in no r/w/o count */
    DETAIL_NCLASS
};

/* -- Snapshots: what report writers read ------------------------------- */

/* One statement kind over a period. For every kind,
 * n[READ] + n[WRITE] + n[OTHER] summed over the kinds equals the period's
 * reads + writes + other of the stats snapshot (both count at the same
 * place in db.c, warm-up discarded alike). */
struct detail_kind_stats {
    uint64_t n[DETAIL_NCLASS]; /* queries by class */
    struct hist *lat;          /* time in the driver call, every class included:
                                * from the call until the driver returned the result
                                * (rows streamed later are not in it); never NULL */
};

/* The client self-check of one worker, or the sum over the workers, over
 * a period (from the start of the run, after --warmup-time, or of the
 * interval). Every field is a time in ns of the worker's thread; CPU and
 * run-queue times come from the kernel, the others from clock reads bench
 * already takes (events) or takes per query only while measuring. */
struct detail_selfcheck {
    uint64_t wall_ns;     /* the worker ran (started..finished or now) */
    uint64_t cpu_ns;      /* on a CPU, user + system (thread CPU clock) */
    uint64_t runq_ns;     /* runnable, waiting for a CPU (schedstat; 0 when
                             the kernel does not tell) */
    uint64_t event_ns;    /* inside events: actual start to end (service
                             time, so --rate's waits are not in it) */
    uint64_t driver_ns;   /* inside driver calls (query/execute), wall */
    uint64_t script_ns;   /* event_ns - driver_ns: the script (Lua) and
                             bench's per-event work, wall */
    uint64_t schedule_ns; /* sleeping until --rate's next arrival */
    uint64_t server_ns;   /* off the CPU for any other reason: blocked on
                             the server (or the disk, for fileio), i.e.
                             wall - cpu - runq - schedule, at least 0 */
};

/* Everything detail measures over one period. Allocated by
 * detail_snapshot_new for one run's thread count; filled by detail_collect
 * (totals since the start) and detail_diff (a period). Read-only for the
 * writers. */
/* Errors by code: the native code and SQLSTATE of each error db.c counted
 * (in sysbench's "ignored errors" or fatal), while measuring. A worker
 * keeps DETAIL_MAX_CODES distinct ones; more count under code -1. */
#define DETAIL_MAX_CODES 16
struct detail_error_count {
    int code;         /* native code (0 on PostgreSQL); -1: the rest */
    char sqlstate[6]; /* "" when none */
    bool fatal;       /* stopped the run, not ignored */
    uint64_t n;
};

struct detail_snapshot {
    unsigned nthreads;
    unsigned nerrors; /* errors[0..nerrors) */
    struct detail_error_count errors[DETAIL_MAX_CODES];
    unsigned nkinds; /* kinds[0..nkinds) are valid (ids as detail_kind) */
    struct detail_kind_stats kinds[DETAIL_KIND_MAX];
    /* Under --rate (else empty): per event, service time from the actual
     * start (after the wait for the arrival) to the end, and the start lag
     * from the intended start to the actual one. The latency record of the
     * stats snapshot (PD-3) is measured from the intended start. */
    bool rate_mode;
    struct hist *service;
    struct hist *lag;
    struct detail_selfcheck *thread; /* nthreads entries */
    struct detail_selfcheck total;   /* sum over the workers */
};

/* NULL on ENOMEM. Free with detail_snapshot_free (accepts NULL). */
struct detail_snapshot *detail_snapshot_new(unsigned nthreads);
void detail_snapshot_free(struct detail_snapshot *s);

/* Reads every worker's totals into `now` while they run (relaxed reads;
 * kinds and records may miss values in flight, never double them).
 * `now_ns` is the clock of the snapshot; `thread_lat_ns[i]` worker i's sum
 * of latencies (its event time without --rate). Reporter or main thread.
 * 0 ok, -1 ENOMEM. */
int detail_collect(struct detail_snapshot *now, uint64_t now_ns,
                   const uint64_t *thread_lat_ns);
/* dst = src. 0 ok, -1 ENOMEM. */
int detail_copy(struct detail_snapshot *dst, const struct detail_snapshot *src);
/* out = now - base (base an earlier collect of the same run). 0 ok. */
int detail_diff(struct detail_snapshot *out, const struct detail_snapshot *now,
                const struct detail_snapshot *base);

/* -- The self-check verdict -------------------------------------------- */

/* The client was the bottleneck when its workers were on a CPU more than
 * this share of the time they were not waiting for one (cpu / (wall -
 * runq)): the rest is waiting for the server or the --rate schedule. */
#define DETAIL_BUSY_LIMIT 0.80

struct detail_verdict {
    double busy;       /* cpu / (wall - runq) over the workers, 0..1 */
    double cpus;       /* CPUs the workers used on average: cpu time over
                          the workers' average run time */
    bool client_bound; /* busy > DETAIL_BUSY_LIMIT */
};

/* The whole run's self-check so far, summed over the workers, from their
 * thread clocks only (what is known without measuring): the figure of the
 * WARNING line. Main thread. */
void detail_selfcheck_total(struct detail_selfcheck *total, uint64_t now_ns);

/* The verdict over a period's self-check `sc`, summed over `nworkers`. */
struct detail_verdict detail_verdict(const struct detail_selfcheck *sc,
                                     unsigned nworkers);

/* -- The run (run.c, pool.c, db.c) ------------------------------------- */

/* Allocates the records of a run of `nworkers` workers: the thread clocks
 * of the self-check always (a few reads per worker at its start and end,
 * nothing per event), and with `on` the per-query and per-event figures
 * (--rate runs also record service time and lag). Main thread, before
 * workers start. 0 ok, -1 ENOMEM. */
int detail_init(unsigned nworkers, bool on, bool rate_mode);
/* Frees the records. Main thread, workers joined. */
void detail_fini(void);
/* Whether measuring is on for this run. Any thread. */
bool detail_enabled(void);

/* Worker `tid`'s record, or NULL when measuring is off or tid is no
 * worker (the reporter, prepare's threads): callers test for NULL once
 * (at connect, at worker start) and keep the pointer for the run. */
struct detail_worker *detail_worker_of(int tid);

/* Worker `tid`'s record for its thread clocks, whether measuring is on or
 * not; NULL when tid is no worker. */
struct detail_worker *detail_thread_of(int tid);

/* Worker side, owner thread only; each accepts NULL.
 * detail_thread_start (before the start barrier, so that it is not in the
 * run) and detail_thread_stop bracket the worker's run: CPU and run-queue
 * clocks; detail_thread_go sets the start of its wall time to the run's
 * start, once released. */
void detail_thread_start(struct detail_worker *w);
void detail_thread_go(struct detail_worker *w, uint64_t start_ns);
void detail_thread_stop(struct detail_worker *w);
/* --warmup-time ended for the worker (its first event after it starts):
 * its self-check starts again from now (thread clocks read again, the
 * --rate schedule's waits dropped), so that it covers what the report
 * covers. The kinds, driver and event times already leave the warm-up
 * out (discarded). Once per run; later calls (other virtual users of the
 * thread) do nothing. A reader that collects this worker before it got
 * here sees its warm-up, which a later collect drops again. */
void detail_thread_measure(struct detail_worker *w);
/* One worker's record. Fields are read-only outside detail.c and the
 * inline detail_query. Written only by its worker; read by the reporter
 * with relaxed loads. */
struct detail_worker {
    uint64_t n[DETAIL_KIND_MAX][DETAIL_NCLASS];
    struct hist *kind_lat[DETAIL_KIND_MAX]; /* on first use; published
                                               after a store fence */
    struct hist *service, *lag;             /* --rate only */
    uint64_t schedule_ns;
    uint64_t span_ns; /* of the kinds' times, spans' before their call
                         (bench_db_span): not in the driver */
    struct detail_error_count errors[DETAIL_MAX_CODES]; /* nerrors used,
                                          each published before nerrors */
    unsigned nerrors;
    /* Thread clocks at detail_thread_start, and at detail_thread_stop
     * (stopped set after them). */
    uint64_t wall0_ns, cpu0_ns, runq0_ns;
    uint64_t wall1_ns, cpu1_ns, runq1_ns;
    int started, stopped;
    bool measuring; /* detail_thread_measure was called */
    clockid_t cpu_clock;
    pid_t tid;
} __attribute__((aligned(64)));

/* -- Timing queries --------------------------------------------------- */

/* Query timestamps: the CPU's time-stamp counter where it is invariant
 * and the kernel's clock runs on it (calibrated against CLOCK_MONOTONIC
 * by detail_init), one instruction instead of a clock_gettime; else
 * clock_now_ns. Written by detail_init only, before workers start. */
struct detail_clock {
    bool tsc;
    uint64_t mult; /* ns per tick, times 2^32 */
};
extern struct detail_clock detail_clock;

/* A timestamp, for detail_ticks_ns of the difference of two. */
static inline uint64_t detail_ticks(void)
{
#if defined(__x86_64__)
    if (detail_clock.tsc) return __builtin_ia32_rdtsc();
#endif
    return clock_now_ns();
}

/* The ns between two detail_ticks (later minus earlier, 0 if negative). */
static inline uint64_t detail_ticks_ns(uint64_t t0, uint64_t t1)
{
    uint64_t d = t1 > t0 ? t1 - t0 : 0;

    if (!detail_clock.tsc) return d;
    return (uint64_t) (((unsigned __int128) d * detail_clock.mult) >> 32);
}

/* The TSC, where detail_clock.tsc is known to be set (0 elsewhere: the
 * flag is never set off x86-64). */
static inline uint64_t detail_tsc(void)
{
#if defined(__x86_64__)
    return __builtin_ia32_rdtsc();
#else
    return 0;
#endif
}

/* detail_ticks_ns for two TSC reads, where detail_clock.tsc is known to
 * be set (the TSC path of db_stmt.c chooses it once): no test per query. */
static inline uint64_t detail_tsc_ns(uint64_t t0, uint64_t t1)
{
    /* t1 < t0 (the thread moved to a CPU whose TSC is a little behind)
     * is a negative difference: 0. The TSC does not run 2^63 ticks. */
    uint64_t d = t1 - t0;

    if ((int64_t) d < 0) d = 0;
    return (uint64_t) (((unsigned __int128) d * detail_clock.mult) >> 32);
}

/* Slow path of detail_query, for its use only: the first query of the
 * kind on this worker (allocates its record). */
void detail_query_first(struct detail_worker *w, unsigned kind, uint64_t ns);

/* One query of kind `kind` (< DETAIL_KIND_MAX) and class `cls` took `ns`
 * in the driver, outside --warmup-time (the caller tested it). Inline: it
 * runs per query while measuring. */
static inline void detail_record(struct detail_worker *w, unsigned kind,
                                 enum detail_class cls, uint64_t ns)
{
    struct hist *h = w->kind_lat[kind];

    owned_inc_64(&w->n[kind][cls]);
    if (__builtin_expect(h == NULL, 0)) {
        detail_query_first(w, kind, ns);
        return;
    }
    hist_record(h, ns);
}

/* detail_record for any query. `discard`: during --warmup-time (not
 * recorded at all: the self-check's driver time is the sum of the kinds'
 * records, so it covers what the report covers). */
static inline void detail_query(struct detail_worker *w, unsigned kind,
                                enum detail_class cls, uint64_t ns,
                                bool discard)
{
    if (!discard) detail_record(w, kind, cls, ns);
}

/* A query recorded in its kind from the start of a span (a script's
 * transaction, bench_db_span) spent `ns` of that time before its own call
 * began: the self-check's driver time leaves it out. */
static inline void detail_span(struct detail_worker *w, uint64_t ns,
                               bool discard)
{
    if (!discard) owned_add_64(&w->span_ns, ns);
}

/* An error db.c counted (native code, SQLSTATE or NULL, fatal or
 * ignored). Not per query: only when one fails. */
void detail_error(struct detail_worker *w, int code, const char *sqlstate,
                  bool fatal, bool discard);

/* Under --rate, one event ended: intended to start at intended_ns,
 * actually started at start_ns (after the wait for its arrival), ended at
 * end_ns; `counted`: it is in the latency record (not warm-up). Without
 * --rate the service time is the latency, read from the pool's record. */
void detail_paced_event(struct detail_worker *w, uint64_t intended_ns,
                        uint64_t start_ns, uint64_t end_ns, bool counted);
/* The worker slept `ns` for the --rate schedule. */
void detail_schedule_sleep(struct detail_worker *w, uint64_t ns);

#endif
