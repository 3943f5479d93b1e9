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

static struct sched_pos load_pos(struct pacer *p)
{
    struct sched_pos pos;
    /* Two plain loads may tear; the CAS below validates the pair. */
    pos.time_ns = ck_pr_load_64(&p->next.time_ns);
    pos.index   = ck_pr_load_64(&p->next.index);
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

uint64_t pacer_backlog(struct pacer *p, uint64_t now_ns, uint64_t cap)
{
    struct sched_pos pos = load_pos(p);
    uint64_t n = 0, t = pos.time_ns, i = pos.index;

    while (t <= now_ns && n < cap) {
        n++;
        t += gap_ns(p, ++i);
    }
    return n;
}
