/* SPDX-License-Identifier: MIT */
/* test_pacer.c: the open-loop --rate schedule (PD-3) without a clock: the
 * achieved rate, the exponential gaps, a schedule that does not move when
 * claims come late (so latency measured from the intended start shows a
 * stall), lock-free claims from several threads, and the backlog count. */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <pthread.h>
#include <stdlib.h>

#include "clock.h"
#include "pacer.h"
#include "tap.h"

#define START_NS (5 * NS_PER_S)

/* Arrivals of the first `seconds` of a schedule, claimed in order. */
static uint64_t count_in(double rate, double seconds, uint64_t seed)
{
    struct pacer *p = pacer_new(rate, START_NS, seed);
    uint64_t end    = START_NS + (uint64_t) (seconds * (double) NS_PER_S);
    uint64_t n      = 0;

    while (pacer_claim(p) < end)
        n++;
    pacer_free(p);
    return n;
}

static void achieved_rate(void)
{
    static const double rates[] = {1, 1000, 100000};

    for (size_t i = 0; i < sizeof(rates) / sizeof(rates[0]); i++) {
        double want  = rates[i] * 10;
        uint64_t got = count_in(rates[i], 10, 42);
        char name[96];

        snprintf(name, sizeof(name),
                 "--rate=%g: %llu arrivals in 10 s, within 1%% of %g", rates[i],
                 (unsigned long long) got, want);
        ok(fabs((double) got - want) <= want * 0.01 + 1, name);
    }
}

static void exponential_gaps(void)
{
    enum { N = 200000 };
    const double rate = 1000, mean_ns = 1e9 / rate;
    struct pacer *p = pacer_new(rate, START_NS, 7);
    uint64_t prev = pacer_claim(p), first = prev;
    unsigned long above_mean = 0, above_3mean = 0;
    int ordered = prev >= START_NS;
    double sum  = 0;

    for (int i = 1; i < N; i++) {
        uint64_t t = pacer_claim(p);
        double gap = (double) (t - prev);

        ordered &= t >= prev;
        sum += gap;
        above_mean += gap > mean_ns;
        above_3mean += gap > 3 * mean_ns;
        prev = t;
    }
    pacer_free(p);
    ok(ordered && first >= START_NS,
       "arrivals never go back in time and start at the schedule's start");
    ok(fabs(sum / (N - 1) / mean_ns - 1) < 0.01, "mean gap is 1/rate");
    /* Exponential: P(gap > m) = e^-1, P(gap > 3m) = e^-3. */
    ok(fabs((double) above_mean / (N - 1) - exp(-1)) < 0.01,
       "gaps longer than the mean: e^-1 of them");
    ok(fabs((double) above_3mean / (N - 1) - exp(-3)) < 0.005,
       "gaps longer than three means: e^-3 of them");
}

/* The schedule is fixed when it is created: claiming late (a worker stuck
 * in a stalled event) returns the same intended starts, which are what
 * latency is measured from, so the stall shows in every event behind it. */
static void schedule_ignores_late_claims(void)
{
    struct pacer *a = pacer_new(500, START_NS, 3);
    struct pacer *b = pacer_new(500, START_NS, 3);
    int same        = 1;

    for (int i = 0; i < 1000; i++) {
        uint64_t ta = pacer_claim(a);
        if (i == 10) {
            struct timespec ms = {0, 2000000};
            nanosleep(&ms, NULL); /* a real delay between two claims */
        }
        same &= pacer_claim(b) == ta;
    }
    pacer_free(a);
    pacer_free(b);
    ok(same, "claims made late get the same intended starts");
}

struct claimer {
    struct pacer *p;
    uint64_t *out;
    int n;
};

static void *claim_many(void *arg)
{
    struct claimer *c = arg;

    for (int i = 0; i < c->n; i++)
        c->out[i] = pacer_claim(c->p);
    return NULL;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;
    return x < y ? -1 : x > y;
}

/* Two threads claiming at once take every arrival exactly once: together
 * they hold the first 2N arrivals of the same schedule claimed alone. */
static void concurrent_claims(void)
{
    enum { N = 200000 };
    struct pacer *shared = pacer_new(100000, START_NS, 11);
    struct pacer *alone  = pacer_new(100000, START_NS, 11);
    uint64_t *got        = malloc(2 * N * sizeof(*got));
    struct claimer c[2]  = {{shared, got, N}, {shared, got + N, N}};
    pthread_t th[2];
    int same = 1;

    for (int i = 0; i < 2; i++)
        pthread_create(&th[i], NULL, claim_many, &c[i]);
    for (int i = 0; i < 2; i++)
        pthread_join(th[i], NULL);
    qsort(got, 2 * N, sizeof(*got), cmp_u64);
    for (int i = 0; i < 2 * N; i++)
        same &= got[i] == pacer_claim(alone);
    ok(same, "two threads claiming at once: every arrival exactly once");
    free(got);
    pacer_free(shared);
    pacer_free(alone);
}

static void backlog(void)
{
    struct pacer *p = pacer_new(1000, START_NS, 5);
    uint64_t now    = START_NS + NS_PER_S;
    uint64_t due    = count_in(1000, 1, 5), b0, b1;

    b0 = pacer_backlog(p, now, 1000000);
    is_int((long long) b0, (long long) due,
           "backlog after 1 s with no claims: every arrival due so far");
    for (int i = 0; i < 100; i++)
        pacer_claim(p);
    b1 = pacer_backlog(p, now, 1000000);
    is_int((long long) b1, (long long) (due - 100),
           "100 claims take 100 off the backlog");
    is_int((long long) pacer_backlog(p, now, 10), 10,
           "the backlog count stops at its cap");
    is_int((long long) pacer_backlog(p, START_NS, 1000), 0,
           "nothing is due before the first arrival");
    pacer_free(p);
}

int main(void)
{
    achieved_rate();
    exponential_gaps();
    schedule_ignores_late_claims();
    concurrent_claims();
    backlog();
    return done_testing();
}
