/* SPDX-License-Identifier: MIT */
/* test_series.c: the throughput series (report/series.h): buckets from
 * cumulative counts, the schedule of their ends, pairs merged when full
 * with nothing lost, and the last bucket's true duration. */
#include <stdlib.h>

#include "report/series.h"
#include "tap.h"

#define S 1000000000ull

static uint64_t sum(const struct series *s, enum series_counter k)
{
    uint64_t n = 0;

    for (size_t i = 0; i < series_len(s); i++)
        n += series_at(s, i, k);
    return n;
}

/* Three seconds of 100, 200, 300 events, then 0.25 s of 7. */
static void short_run(void)
{
    struct series *s     = series_new();
    uint64_t c[SERIES_N] = {0, 0, 0}, t0 = 5 * S;
    json_t *j;

    is_int(series_due_ns(s, t0), t0 + S, "the first bucket ends 1 s in");
    for (int i = 1; i <= 3; i++) {
        c[SERIES_EVENTS] += 100 * (uint64_t) i;
        c[SERIES_QUERIES] += 20 * (uint64_t) i;
        c[SERIES_ERRORS] += i == 2;
        series_tick(s, c);
    }
    is_int(series_due_ns(s, t0), t0 + 4 * S, "the fourth ends 4 s in");
    c[SERIES_EVENTS] += 7;
    series_end(s, t0, t0 + 3 * S + S / 4, c);
    is_int(series_len(s), 4, "four buckets");
    ok(series_at(s, 1, SERIES_EVENTS) == 200 &&
           series_at(s, 2, SERIES_QUERIES) == 60 &&
           series_at(s, 1, SERIES_ERRORS) == 1 &&
           series_at(s, 3, SERIES_EVENTS) == 7,
       "each bucket holds its own counts");
    ok(series_bucket_s(s) == 1.0 && series_last_s(s) == 0.25,
       "1 s buckets, the last 0.25 s");
    is_int(series_due_ns(s, t0), UINT64_MAX, "no bucket after the end");
    j = series_json(s);
    ok(j && json_array_size(json_object_get(j, "events")) == 4 &&
           json_real_value(json_object_get(j, "last_s")) == 0.25 &&
           json_integer_value(
               json_array_get(json_object_get(j, "queries"), 2)) == 60,
       "as JSON: the arrays and the last duration");
    json_decref(j);
    series_free(s);
}

/* Ten hours of ticks: the buckets never pass SERIES_MAX, their width
 * doubles, every event is still counted, and the schedule follows. */
static void long_run(void)
{
    struct series *s     = series_new();
    uint64_t c[SERIES_N] = {0, 0, 0}, t = 0, ticks = 0;
    size_t most = 0;

    while (t < 36000 * S) {
        t = series_due_ns(s, 0);
        c[SERIES_EVENTS] += t / S % 7 + 1; /* 1..7 per second */
        c[SERIES_QUERIES] += 3;
        series_tick(s, c);
        ticks++;
        if (series_len(s) > most) most = series_len(s);
    }
    ok(most <= SERIES_MAX, "never more than SERIES_MAX buckets");
    ok(series_bucket_s(s) == 16.0, "ten hours: 16 s buckets");
    is_int(sum(s, SERIES_EVENTS), c[SERIES_EVENTS], "no event lost");
    is_int(sum(s, SERIES_QUERIES), c[SERIES_QUERIES], "no query lost");
    ok(series_due_ns(s, 0) == t + 16 * S,
       "the next bucket ends one width after the last");
    is_int(series_len(s) * 16, 36000, "the buckets span the run");
    series_end(s, 0, t + 3 * S, c);
    ok(series_last_s(s) == 3.0 &&
           series_at(s, series_len(s) - 1, SERIES_EVENTS) == 0,
       "a last bucket of 3 s, empty");
    printf("# %llu ticks\n", (unsigned long long) ticks);
    series_free(s);
}

/* A run that ends on a boundary keeps its last full bucket last. */
static void ends_on_boundary(void)
{
    struct series *s     = series_new();
    uint64_t c[SERIES_N] = {10, 0, 0};

    series_tick(s, c);
    series_end(s, 0, S, c);
    ok(series_len(s) == 1 && series_last_s(s) == 1.0,
       "ended on a boundary: one bucket of 1 s");
    series_free(s);
    s = series_new();
    ok(series_json(s) == NULL, "no bucket: no member");
    series_free(s);
}

int main(void)
{
    short_run();
    long_run();
    ends_on_boundary();
    return done_testing();
}
