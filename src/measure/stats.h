/* SPDX-License-Identifier: MIT */
/* stats: per-worker event and query counters. Each worker's slot is written
 * only by that worker (single writer, relaxed stores) and read by the
 * reporter with relaxed loads, so counting never contends. Slot `nworkers`
 * is shared by background threads (reporter, rate generator) and is never
 * included in reports, as in sysbench. */
#ifndef BENCH_STATS_H
#define BENCH_STATS_H

#include <stdbool.h>
#include <stdint.h>
#include <ck_pr.h>

#include "owned.h"

/* Same order as sysbench's sb_counter_type (SB_CNT_OTHER=0, READ, WRITE,
 * TRX, ERROR, RECONNECT, BYTES_READ, BYTES_WRITTEN): scripts pass these
 * numbers to sb_counter_inc() through the FFI. */
enum stat_counter {
    STAT_OTHER         = 0,
    STAT_READS         = 1,
    STAT_WRITES        = 2,
    STAT_EVENTS        = 3,
    STAT_ERRORS        = 4,
    STAT_RECONNECTS    = 5,
    STAT_BYTES_READ    = 6,
    STAT_BYTES_WRITTEN = 7,
    /* bench's: events --latency-limit skipped under --rate (never run) */
    STAT_SKIPPED = 8,
    STAT_N
};

/* One cache line per worker so neighbours never share a line. */
struct stats_slot {
    uint64_t c[STAT_N];
    bool discard; /* --warmup-time: counts are dropped; owner-written */
} __attribute__((aligned(64)));

struct stats_table {
    unsigned nslots; /* workers + 1 background slot */
    struct stats_slot *slots;
    unsigned gen; /* bumped by stats_init and stats_fini: a slot pointer
                     kept from stats_slot_or_none is valid while it stays */
};

/* The process-wide table (design.md names it): set by stats_init, read by
 * every thread. Written only while no worker runs. */
extern struct stats_table stats_current;

/* Allocates zeroed slots for `nworkers` workers plus the background slot,
 * replacing any previous table. 0 ok, -1 ENOMEM. Main thread only. */
int stats_init(unsigned nworkers);
void stats_fini(void);

static inline struct stats_slot *stats_slot_of(int tid)
{
    unsigned n = stats_current.nslots, i = (unsigned) tid; /* -1: huge */
    if (n == 0) return 0;
    if (i >= n) i = n - 1;
    return &stats_current.slots[i];
}

/* The slot stats_add(tid, ...) counts in, or, without a table, one that
 * drops every count (discard set; never written). Valid until
 * stats_current.gen changes. */
struct stats_slot *stats_slot_or_none(int tid);

/* Adds `n` to counter `c` of thread `tid`; a tid outside the workers counts
 * in the background slot. Callable only by the thread that owns `tid`. */
static inline void stats_add(int tid, enum stat_counter c, uint64_t n)
{
    /* stats_slot_of without its NULL result: slots is set whenever
     * nslots is (stats_init), and this runs for every query */
    unsigned k = stats_current.nslots, i = (unsigned) tid; /* -1: huge */
    struct stats_slot *s;

    if (k == 0) return;
    s = &stats_current.slots[i < k ? i : k - 1];
    if (!s->discard) owned_add_64(&s->c[c], n);
}

/* Starts or stops dropping the counts of thread `tid` (warmup). Owner
 * thread, or the main thread before workers start. */
static inline void stats_set_discard(int tid, bool on)
{
    struct stats_slot *s = stats_slot_of(tid);
    if (s) s->discard = on;
}

/* Whether thread `tid`'s counts are being dropped: its current event
 * started during --warmup-time. Owner thread. */
static inline bool stats_discarding(int tid)
{
    struct stats_slot *s = stats_slot_of(tid);
    return s && s->discard;
}

/* Relaxed read of one counter; any thread. */
static inline uint64_t stats_read(int tid, enum stat_counter c)
{
    struct stats_slot *s = stats_slot_of(tid);
    return s ? ck_pr_load_64(&s->c[c]) : 0;
}

struct hist;
struct detail_snapshot;

/* Totals over the workers at one instant, or the difference of two. The
 * reporter keeps one per report kind as the baseline of the next delta. */
struct stats_snapshot {
    uint64_t c[STAT_N];
    struct hist *lat; /* merged latency record */
    unsigned nthreads;
    uint64_t *thread_events; /* per worker, from the latency record */
    uint64_t *thread_lat_ns; /* per worker sum of latencies */
    /* --virtual-users (stats_snapshot_users; else 0 and NULL): per user,
     * its counted events and their latency sum, filled by the caller
     * after stats_collect (pool_users_collect); copied and diffed here. */
    unsigned nusers;
    uint64_t *user_events, *user_lat_ns;
    /* bench's own figures of the same period (detail.h: per statement
     * kind, --rate service time and lag, the self-check), or NULL when
     * measuring is off (detail_enabled() at stats_snapshot_init). */
    struct detail_snapshot *detail;
};

/* 0 ok, -1 ENOMEM. Allocates `detail` when detail_enabled(). */
int stats_snapshot_init(struct stats_snapshot *s, unsigned nthreads);
void stats_snapshot_fini(struct stats_snapshot *s);
/* Gives s per-user arrays for `nusers` virtual users (zeroed). 0 ok, -1
 * ENOMEM (s unchanged). */
int stats_snapshot_users(struct stats_snapshot *s, unsigned nusers);
/* Reads every worker's counters and latency record (`hists[i]` belongs to
 * worker i) while they run. Events are the records' counts (plus what
 * scripts added to STAT_EVENTS). Reporter thread only. 0 ok, -1 ENOMEM. */
int stats_collect(struct stats_snapshot *now, struct hist *const *hists);
/* out = now - base. 0 ok, -1 ENOMEM. */
int stats_diff(struct stats_snapshot *out, const struct stats_snapshot *now,
               const struct stats_snapshot *base);
int stats_copy(struct stats_snapshot *dst, const struct stats_snapshot *src);

/* sysbench's "Threads fairness" figures of a period: the mean and the
 * population standard deviation of the events and of the execution time
 * (latency sum, s) per unit, and their extremes. */
struct stats_fairness {
    unsigned n; /* units: threads or users */
    double events_avg, events_sd, time_avg_s, time_sd_s;
    uint64_t events_min, events_max, time_min_ns, time_max_ns;
};
/* Over s's virtual users when it has any and `users`, else over its
 * worker threads. */
void stats_fairness(const struct stats_snapshot *s, bool users,
                    struct stats_fairness *f);
#endif
