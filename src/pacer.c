/* SPDX-License-Identifier: MIT */
/* pacer: see pacer.h. The schedule state is the pair (intended time of the
 * next unclaimed arrival, its index), updated with a 128-bit CAS so the pair
 * never tears. Gap k is -ln(1 - u_k)/rate with u_k = frac(seed + k*phi):
 * exponentially distributed, but evenly spread over [0,1), so the total of
 * n gaps is n/rate within O(log n) gaps instead of sqrt(n). */
#include <math.h>
#include <stdlib.h>
#include <ck_pr.h>

#include "clock.h"
#include "pacer.h"

struct sched_pos {
    uint64_t time_ns; /* intended start of arrival `index` */
    uint64_t index;
} __attribute__((aligned(16)));

struct pacer {
    struct sched_pos next; /* shared; changed only by CAS */
    double mean_gap_ns;
    double seed_frac;
};

static const double golden = 0.6180339887498948482;

static uint64_t gap_ns(const struct pacer *p, uint64_t index)
{
    double u = p->seed_frac + (double) (index % (1ULL << 40)) * golden;
    u -= floor(u);
    return (uint64_t) (-log1p(-u) * p->mean_gap_ns + 0.5);
}

struct pacer *pacer_new(double rate, uint64_t start_ns, uint64_t seed)
{
    struct pacer *p;

    if (!(rate > 0)) return NULL;
    if (posix_memalign((void **) &p, 64, sizeof(*p)) != 0) return NULL;
    p->mean_gap_ns  = 1e9 / rate;
    p->seed_frac    = (double) (seed % 1000003) / 1000003.0;
    p->next.index   = 0;
    p->next.time_ns = start_ns + gap_ns(p, 0);
    return p;
}

void pacer_free(struct pacer *p)
{
    free(p);
}

static struct sched_pos load_pos(const struct pacer *p)
{
    struct sched_pos pos;
    /* Two plain loads may tear; the CAS below validates the pair. */
    pos.time_ns = ck_pr_load_64((uint64_t *) &p->next.time_ns);
    pos.index   = ck_pr_load_64((uint64_t *) &p->next.index);
    return pos;
}

uint64_t pacer_claim(struct pacer *p)
{
    struct sched_pos cur = load_pos(p), upd;

    for (;;) {
        upd.index   = cur.index + 1;
        upd.time_ns = cur.time_ns + gap_ns(p, upd.index);
        if (ck_pr_cas_64_2_value((uint64_t *) &p->next, (uint64_t *) &cur,
                                 (uint64_t *) &upd, (uint64_t *) &cur))
            return cur.time_ns;
        ck_pr_stall();
    }
}

uint64_t pacer_backlog(const struct pacer *p, uint64_t now_ns, uint64_t cap)
{
    struct sched_pos pos = load_pos(p);
    uint64_t n = 0, t = pos.time_ns, i = pos.index;

    while (t <= now_ns && n < cap) {
        n++;
        t += gap_ns(p, ++i);
    }
    return n;
}

bool pacer_overflowed_at_claim(const struct pacer *p, uint64_t claimed_ns,
                               uint64_t now_ns)
{
    /* The claimed arrival was waiting with every later one due by now:
     * (now - claimed) / mean gap of them, within O(log n) gaps (see
     * above), i.e. a few dozen of sysbench's 131071. Counting them exactly
     * instead would cost a hundred thousand steps per claim once a run
     * nears the limit, and so push it over. */
    return now_ns > claimed_ns &&
           (double) (now_ns - claimed_ns) >= PACER_QUEUE_MAX * p->mean_gap_ns;
}

bool pacer_overflowed(const struct pacer *p, uint64_t now_ns)
{
    return pacer_backlog(p, now_ns, PACER_QUEUE_MAX + 1) > PACER_QUEUE_MAX;
}
