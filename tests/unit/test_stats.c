/* SPDX-License-Identifier: MIT */
/* test_stats.c: the per-worker counters: one cache line per worker, the
 * background slot left out of reports, warmup discarding, snapshots and
 * their differences, and exact totals read while two workers count. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <pthread.h>
#include <stdlib.h>

#include "measure/hist.h"
#include "measure/stats.h"
#include "tap.h"

#define NWORKERS 2

static void slots(void)
{
    ok(sizeof(struct stats_slot) % 64 == 0,
       "a worker's slot fills whole cache lines");
    ok(stats_init(NWORKERS) == 0, "stats_init");
    ok(((uintptr_t) stats_slot_of(1) & 63) == 0, "slots start on a cache line");
    stats_add(0, STAT_READS, 3);
    stats_add(1, STAT_READS, 4);
    stats_add(1, STAT_WRITES, 5);
    stats_add(-1, STAT_READS, 100);       /* a background thread */
    stats_add(NWORKERS, STAT_READS, 100); /* the background slot itself */
    is_int(stats_read(0, STAT_READS), 3, "worker 0 reads its count");
    is_int(stats_read(1, STAT_WRITES), 5, "worker 1 writes");
    is_int(stats_read(NWORKERS, STAT_READS), 200,
           "a tid outside the workers counts in the background slot");
}

static void discard(void)
{
    stats_set_discard(0, true);
    ok(stats_discarding(0) && !stats_discarding(1), "discarding is per worker");
    stats_add(0, STAT_READS, 1000);
    stats_set_discard(0, false);
    stats_add(0, STAT_READS, 1);
    is_int(stats_read(0, STAT_READS), 4, "counts during warmup are dropped");
}

static void snapshots(void)
{
    struct hist *h[NWORKERS] = {hist_new(), hist_new()};
    struct stats_snapshot base, now, delta;

    ok(stats_snapshot_init(&base, NWORKERS) == 0 &&
           stats_snapshot_init(&now, NWORKERS) == 0 &&
           stats_snapshot_init(&delta, NWORKERS) == 0,
       "snapshots");
    hist_record(h[0], 1000);
    hist_record(h[1], 2000);
    hist_record(h[1], 3000);
    stats_collect(&base, h);
    is_int(base.c[STAT_READS], 8, "reads summed over workers, not background");
    is_int(base.c[STAT_EVENTS], 3, "events are the latency records' counts");
    is_int(base.thread_events[1], 2, "events of one worker");
    is_int(base.thread_lat_ns[1], 5000, "latency sum of one worker");
    is_int(hist_count(base.lat), 3, "the merged record holds every event");

    stats_add(1, STAT_READS, 10);
    stats_add(0, STAT_ERRORS, 2);
    hist_record(h[0], 4000);
    stats_collect(&now, h);
    ok(stats_diff(&delta, &now, &base) == 0, "stats_diff");
    is_int(delta.c[STAT_READS], 10, "delta: reads since the baseline");
    is_int(delta.c[STAT_ERRORS], 2, "delta: errors since the baseline");
    is_int(delta.c[STAT_EVENTS], 1, "delta: one event since the baseline");
    is_int(delta.thread_events[0], 1, "delta: per-worker events");
    is_int(hist_count(delta.lat), 1,
           "delta: the record holds only the new event");
    is_int(hist_max_ns(delta.lat) / 100, 40, "delta: and it is the 4 us one");

    stats_snapshot_fini(&base);
    stats_snapshot_fini(&now);
    stats_snapshot_fini(&delta);
    hist_free(h[0]);
    hist_free(h[1]);
}

/* Two workers count while the reporter reads: totals never go backwards
 * and end exact (single writer per slot, no lost updates). */
enum { ADDS = 2000000 };
static int stop_reader;

static void *count(void *arg)
{
    int tid = (int) (intptr_t) arg;

    for (int i = 0; i < ADDS; i++)
        stats_add(tid, STAT_WRITES, 1);
    return NULL;
}

static void *read_totals(void *arg)
{
    int *monotonic = arg;
    uint64_t last  = 0;

    while (!ck_pr_load_int(&stop_reader)) {
        uint64_t t = stats_read(0, STAT_WRITES) + stats_read(1, STAT_WRITES);
        if (t < last) *monotonic = 0;
        last = t;
    }
    return NULL;
}

static void concurrent(void)
{
    pthread_t w[NWORKERS], r;
    int monotonic = 1;

    stats_init(NWORKERS);
    pthread_create(&r, NULL, read_totals, &monotonic);
    for (intptr_t i = 0; i < NWORKERS; i++)
        pthread_create(&w[i], NULL, count, (void *) i);
    for (int i = 0; i < NWORKERS; i++)
        pthread_join(w[i], NULL);
    ck_pr_store_int(&stop_reader, 1);
    pthread_join(r, NULL);
    ok(monotonic, "totals read while workers count never go backwards");
    is_int(stats_read(0, STAT_WRITES) + stats_read(1, STAT_WRITES), 2LL * ADDS,
           "and end exact");
    stats_fini();
}

/* --virtual-users: per-user arrays copied and diffed with the snapshot,
 * and sysbench's fairness figures over the users or the threads. */
static void users(void)
{
    struct stats_snapshot base, now, delta;
    struct stats_fairness f;
    const uint64_t ev[4] = {10, 20, 30, 60}, ns[4] = {1, 2, 3, 6};

    ok(stats_snapshot_init(&base, 2) == 0 &&
           stats_snapshot_init(&now, 2) == 0 &&
           stats_snapshot_init(&delta, 2) == 0 &&
           stats_snapshot_users(&base, 4) == 0 &&
           stats_snapshot_users(&now, 4) == 0 &&
           stats_snapshot_users(&delta, 4) == 0,
       "snapshots with 4 users");
    for (unsigned u = 0; u < 4; u++) {
        base.user_events[u] = 5;
        now.user_events[u]  = 5 + ev[u];
        now.user_lat_ns[u]  = ns[u] * 1000000000u;
    }
    now.thread_events[0] = 40; /* users 0 and 2 */
    now.thread_events[1] = 80;
    ok(stats_diff(&delta, &now, &base) == 0, "diff");
    is_int(delta.user_events[3], 60, "a user's events since the baseline");
    stats_fairness(&delta, true, &f);
    /* 10, 20, 30, 60: mean 30, variance (400 + 100 + 0 + 900) / 4 = 350 */
    ok(f.n == 4 && f.events_avg == 30.0 && fabs(f.events_sd - sqrt(350)) < 1e-9,
       "over the users: mean and population stddev");
    ok(f.events_min == 10 && f.events_max == 60 &&
           f.time_min_ns == 1000000000u && f.time_max_ns == 6000000000u &&
           f.time_avg_s == 3.0,
       "their extremes and time");
    stats_fairness(&delta, false, &f);
    ok(f.n == 2 && f.events_avg == 60.0 && f.events_sd == 20.0,
       "over the threads");
    stats_snapshot_fini(&base);
    stats_snapshot_fini(&now);
    stats_snapshot_fini(&delta);
}

int main(void)
{
    slots();
    discard();
    snapshots();
    concurrent();
    users();
    return done_testing();
}
