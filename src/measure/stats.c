/* SPDX-License-Identifier: MIT */
/* stats: allocation of the per-worker counter table (see stats.h), and
 * the FFI's counter writers (sb_counter_val, which also reads the pool's
 * latency records, is pool.c's). */
#include <math.h>
#include <stdlib.h>

#include "api.h"
#include "clock.h"
#include "detail.h"
#include "hist.h"
#include "stats.h"

struct stats_table stats_current;

int stats_init(unsigned nworkers)
{
    struct stats_slot *slots;

    slots = aligned_alloc(64, sizeof(*slots) * (nworkers + 1));
    if (!slots) return -1;
    for (unsigned i = 0; i <= nworkers; i++)
        slots[i] = (struct stats_slot){0};
    free(stats_current.slots);
    stats_current.slots  = slots;
    stats_current.nslots = nworkers + 1;
    stats_current.gen++;
    return 0;
}

void stats_fini(void)
{
    free(stats_current.slots);
    stats_current.slots  = NULL;
    stats_current.nslots = 0;
    stats_current.gen++;
}

struct stats_slot *stats_slot_or_none(int tid)
{
    static struct stats_slot none = {.discard = true};
    struct stats_slot *s          = stats_slot_of(tid);

    return s ? s : &none;
}

/* -- Snapshots --------------------------------------------------------- */

int stats_snapshot_init(struct stats_snapshot *s, unsigned nthreads)
{
    *s               = (struct stats_snapshot){0};
    s->nthreads      = nthreads;
    s->lat           = hist_new();
    s->thread_events = calloc(nthreads + 1, sizeof(uint64_t));
    s->thread_lat_ns = calloc(nthreads + 1, sizeof(uint64_t));
    if (detail_enabled()) s->detail = detail_snapshot_new(nthreads);
    if (!s->lat || !s->thread_events || !s->thread_lat_ns ||
        (detail_enabled() && !s->detail)) {
        stats_snapshot_fini(s);
        return -1;
    }
    return 0;
}

void stats_snapshot_fini(struct stats_snapshot *s)
{
    hist_free(s->lat);
    detail_snapshot_free(s->detail);
    free(s->thread_events);
    free(s->thread_lat_ns);
    free(s->user_events);
    free(s->user_lat_ns);
    *s = (struct stats_snapshot){0};
}

int stats_snapshot_users(struct stats_snapshot *s, unsigned nusers)
{
    uint64_t *ev = calloc(nusers + 1, sizeof(uint64_t));
    uint64_t *ns = calloc(nusers + 1, sizeof(uint64_t));

    if (!ev || !ns) {
        free(ev);
        free(ns);
        return -1;
    }
    free(s->user_events);
    free(s->user_lat_ns);
    s->user_events = ev;
    s->user_lat_ns = ns;
    s->nusers      = nusers;
    return 0;
}

int stats_collect(struct stats_snapshot *now, struct hist *const *hists)
{
    struct hist_spill *spill;
    int rc = 0;

    for (int c = 0; c < STAT_N; c++)
        now->c[c] = 0;
    hist_reset(now->lat);
    /* The records may share a spill (hist.h): read under its lock. */
    spill = now->nthreads ? hist_spill_of(hists[0]) : NULL;
    hist_spill_lock(spill);
    if (spill) rc = hist_add(now->lat, hist_spill_record(spill));
    for (unsigned t = 0; t < now->nthreads && rc == 0; t++) {
        for (int c = 0; c < STAT_N; c++)
            now->c[c] += stats_read((int) t, (enum stat_counter) c);
        /* Count and sum are read before the buckets, so the merged
         * record never holds fewer samples than the per-thread totals. */
        now->thread_events[t] = hist_count(hists[t]);
        now->thread_lat_ns[t] = hist_sum_ns(hists[t]);
        now->c[STAT_EVENTS] += now->thread_events[t];
        rc = hist_add(now->lat, hists[t]);
    }
    hist_spill_unlock(spill);
    if (rc != 0) return -1;
    if (now->detail &&
        detail_collect(now->detail, clock_now_ns(), now->thread_lat_ns) != 0)
        return -1;
    return 0;
}

int stats_copy(struct stats_snapshot *dst, const struct stats_snapshot *src)
{
    for (int c = 0; c < STAT_N; c++)
        dst->c[c] = src->c[c];
    for (unsigned t = 0; t < src->nthreads; t++) {
        dst->thread_events[t] = src->thread_events[t];
        dst->thread_lat_ns[t] = src->thread_lat_ns[t];
    }
    for (unsigned u = 0; u < src->nusers && u < dst->nusers; u++) {
        dst->user_events[u] = src->user_events[u];
        dst->user_lat_ns[u] = src->user_lat_ns[u];
    }
    if (dst->detail && src->detail && detail_copy(dst->detail, src->detail))
        return -1;
    return hist_copy(dst->lat, src->lat);
}

int stats_diff(struct stats_snapshot *out, const struct stats_snapshot *now,
               const struct stats_snapshot *base)
{
    if (stats_copy(out, now) != 0) return -1;
    for (int c = 0; c < STAT_N; c++)
        out->c[c] -= base->c[c];
    for (unsigned t = 0; t < now->nthreads; t++) {
        out->thread_events[t] -= base->thread_events[t];
        out->thread_lat_ns[t] -= base->thread_lat_ns[t];
    }
    for (unsigned u = 0; u < out->nusers && u < base->nusers; u++) {
        out->user_events[u] -= base->user_events[u];
        out->user_lat_ns[u] -= base->user_lat_ns[u];
    }
    if (out->detail && base->detail &&
        detail_diff(out->detail, now->detail, base->detail) != 0)
        return -1;
    return hist_sub(out->lat, base->lat);
}

static void mean_stddev(const uint64_t *v, unsigned n, double scale,
                        double *mean, double *stddev)
{
    double sum = 0, sq = 0;

    for (unsigned i = 0; i < n; i++)
        sum += (double) v[i] * scale;
    *mean = n ? sum / n : 0;
    for (unsigned i = 0; i < n; i++) {
        double d = (double) v[i] * scale - *mean;
        sq += d * d;
    }
    *stddev = n ? sqrt(sq / n) : 0;
}

static void min_max(const uint64_t *v, unsigned n, uint64_t *min, uint64_t *max)
{
    *min = n ? v[0] : 0;
    *max = n ? v[0] : 0;
    for (unsigned i = 1; i < n; i++) {
        if (v[i] < *min) *min = v[i];
        if (v[i] > *max) *max = v[i];
    }
}

void stats_fairness(const struct stats_snapshot *s, bool users,
                    struct stats_fairness *f)
{
    bool u               = users && s->nusers > 0 && s->user_events;
    const uint64_t *ev   = u ? s->user_events : s->thread_events;
    const uint64_t *time = u ? s->user_lat_ns : s->thread_lat_ns;

    f->n = u ? s->nusers : s->nthreads;
    mean_stddev(ev, f->n, 1.0, &f->events_avg, &f->events_sd);
    mean_stddev(time, f->n, 1e-9, &f->time_avg_s, &f->time_sd_s);
    min_max(ev, f->n, &f->events_min, &f->events_max);
    min_max(time, f->n, &f->time_min_ns, &f->time_max_ns);
}

void sb_counter_add(int thread_id, sb_counter_type type, uint64_t value)
{
    if ((unsigned) type < STAT_N)
        stats_add(thread_id, (enum stat_counter) type, value);
}

void sb_counter_inc(int thread_id, sb_counter_type type)
{
    sb_counter_add(thread_id, type, 1);
}
