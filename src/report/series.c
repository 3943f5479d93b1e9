/* SPDX-License-Identifier: MIT */
/* series: see series.h. Buckets hold counts, not rates, so that merging
 * two is a sum and a reader divides by the width it reads. */
#include <stdbool.h>
#include <stdlib.h>

#include "series.h"

#define NS_PER_S_SERIES 1000000000ull

struct series {
    uint64_t (*b)[SERIES_N]; /* SERIES_MAX buckets */
    size_t n;                /* closed */
    uint64_t width_ns;       /* of every bucket but a partial last */
    uint64_t last_ns;        /* the last bucket's duration */
    uint64_t seen[SERIES_N]; /* cumulative counts at the last close */
    bool ended;
};

struct series *series_new(void)
{
    struct series *s = calloc(1, sizeof(*s));

    if (!s || !(s->b = calloc(SERIES_MAX, sizeof(*s->b)))) {
        free(s);
        return NULL;
    }
    s->width_ns = s->last_ns = NS_PER_S_SERIES;
    return s;
}

void series_free(struct series *s)
{
    if (!s) return;
    free(s->b);
    free(s);
}

uint64_t series_due_ns(const struct series *s, uint64_t start_ns)
{
    if (s->ended) return UINT64_MAX;
    return start_ns + ((uint64_t) s->n + 1) * s->width_ns;
}

/* Appends the counts since the last close as a bucket of dur_ns. */
static void close_bucket(struct series *s, const uint64_t *c, uint64_t dur_ns)
{
    for (int k = 0; k < SERIES_N; k++) {
        /* a counter read while a worker adds may lag by one: never below
         * what was seen */
        uint64_t v    = c[k] > s->seen[k] ? c[k] : s->seen[k];
        s->b[s->n][k] = v - s->seen[k];
        s->seen[k]    = v;
    }
    s->n++;
    s->last_ns = dur_ns;
}

void series_tick(struct series *s, const uint64_t *c)
{
    if (s->ended || s->n >= SERIES_MAX) return;
    close_bucket(s, c, s->width_ns);
    if (s->n < SERIES_MAX) return;
    /* Full (an even count): pairs become one bucket of twice the width,
     * and the next bucket ends where a bucket of that width would. */
    for (size_t i = 0; i < SERIES_MAX / 2; i++)
        for (int k = 0; k < SERIES_N; k++)
            s->b[i][k] = s->b[2 * i][k] + s->b[2 * i + 1][k];
    s->n = SERIES_MAX / 2;
    s->width_ns *= 2;
    s->last_ns = s->width_ns;
}

void series_end(struct series *s, uint64_t start_ns, uint64_t now_ns,
                const uint64_t *c)
{
    uint64_t closed = start_ns + (uint64_t) s->n * s->width_ns;

    if (s->ended) return;
    s->ended = true;
    /* Nothing left (the run ended on a boundary): the last full bucket
     * stays the last. At most SERIES_MAX - 1 are held between ticks. */
    if (now_ns > closed && s->n < SERIES_MAX)
        close_bucket(s, c, now_ns - closed);
}

size_t series_len(const struct series *s)
{
    return s->n;
}

double series_bucket_s(const struct series *s)
{
    return (double) s->width_ns / 1e9;
}

double series_last_s(const struct series *s)
{
    return (double) s->last_ns / 1e9;
}

uint64_t series_at(const struct series *s, size_t i, enum series_counter k)
{
    return i < s->n ? s->b[i][k] : 0;
}

json_t *series_json(const struct series *s)
{
    json_t *o = NULL, *a[SERIES_N] = {NULL};
    bool ok = s->n > 0;

    for (int k = 0; ok && k < SERIES_N; k++) {
        ok = (a[k] = json_array()) != NULL;
        for (size_t i = 0; ok && i < s->n; i++)
            ok = json_array_append_new(
                     a[k], json_integer((json_int_t) s->b[i][k])) == 0;
    }
    if (ok)
        o = json_pack("{s:f, s:f, s:o, s:o, s:o}", "bucket_s",
                      series_bucket_s(s), "last_s", series_last_s(s), "events",
                      a[0], "queries", a[1], "errors", a[2]);
    else
        for (int k = 0; k < SERIES_N; k++)
            json_decref(a[k]);
    return o;
}
