/* SPDX-License-Identifier: MIT */
/* merge_run: how the merged run went (merge_internal.h): its "run"
 * member, partial when any input's run was, and its "series", the inputs'
 * throughput buckets summed on one time grid. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "merge_internal.h"
#include "report/series.h"

const char *merge_input_status(json_t *root)
{
    const char *st = result_str(root, "run.status");

    return st ? st : "complete"; /* bench before PD-15: complete runs only */
}

/* -- "run" ------------------------------------------------------------------
 */

/* The worst of the inputs' ends: failed over interrupted over complete,
 * with the first such input's signal, or its reason behind its name, so
 * that a merge of partial runs (--allow-partial) says it is partial. */
json_t *merge_run(const struct merge *m, double time_s)
{
    const char *worst = "complete";
    json_t *out, *why = NULL, *plan_t = json_null(), *plan_e = NULL;
    double most_t = 0, events = 0;
    char buf[512];

    for (size_t i = 0; i < m->n; i++) {
        json_t *root = m->in[i].doc.root, *run = json_object_get(root, "run");
        const char *st = merge_input_status(root);
        double t       = result_num(run, "planned_time_s", 0),
               e       = result_num(run, "planned_events", 0);
        if (strcmp(st, "failed") == 0 && strcmp(worst, "failed") != 0) {
            snprintf(buf, sizeof(buf), "%s: %s", m->in[i].doc.path,
                     result_str(run, "reason") ? result_str(run, "reason")
                                               : "failed");
            worst = "failed";
            json_decref(why);
            why = json_string(buf);
        } else if (strcmp(st, "interrupted") == 0 &&
                   strcmp(worst, "complete") == 0) {
            worst = "interrupted";
            why   = json_string(
                  result_str(run, "signal") ? result_str(run, "signal") : "?");
        }
        most_t = fmax(most_t, t);
        events = e > 0 && (i == 0 || events > 0) ? events + e : 0;
    }
    if (most_t > 0) plan_t = json_integer((json_int_t) most_t);
    plan_e = events > 0 && events < 9.2e18 ? json_integer((json_int_t) events)
                                           : json_null();
    out    = json_pack("{s:s,s:o,s:o,s:f}", "status", worst, "planned_time_s",
                       plan_t, "planned_events", plan_e, "time_s", time_s);
    if (out && why)
        json_object_set_new(out, strcmp(worst, "failed") ? "signal" : "reason",
                            why);
    else
        json_decref(why);
    return out;
}

/* -- "series" ----------------------------------------------------------------
 */

struct grid {
    double w;   /* the merged bucket width, s */
    double end; /* the latest input's last bucket end, s after t0 */
    size_t n;   /* buckets */
};

/* The widest input width (each is 1 s doubled, so it is a multiple of the
 * others), doubled until the span fits in SERIES_MAX buckets. False when
 * an input has no series: the merged document then has none. */
static bool choose(const struct merge *m, struct grid *g)
{
    g->w = g->end = 0;
    for (size_t i = 0; i < m->n; i++) {
        json_t *s = result_get(m->in[i].doc.root, "series");
        size_t n  = json_array_size(json_object_get(s, "events"));
        double w  = result_num(s, "bucket_s", 0);
        if (!s || n == 0) return false;
        g->w = fmax(g->w, w);
        g->end =
            fmax(g->end, m->in[i].doc.start_s - m->t0_s + (double) (n - 1) * w +
                             result_num(s, "last_s", 0));
    }
    for (;;) {
        double n = ceil(g->end / g->w - 1e-9);
        if (n <= SERIES_MAX) {
            g->n = n < 1 ? 1 : (size_t) n;
            return true;
        }
        g->w *= 2;
    }
}

/* Adds input in's counts of `key` to cells, each bucket spread over the
 * cells it overlaps in proportion to the overlap (runs on several hosts
 * start a few ms apart; counts within a bucket are taken as even). */
static void spread(const struct merge *m, size_t in, const char *key,
                   const struct grid *g, double *cells)
{
    json_t *s  = result_get(m->in[in].doc.root, "series"), *v;
    json_t *a  = json_object_get(s, key);
    double w   = result_num(s, "bucket_s", 1),
           off = m->in[in].doc.start_s - m->t0_s;
    size_t n   = json_array_size(a), j;

    json_array_foreach(a, j, v)
    {
        double x0 = off + (double) j * w,
               x1 = j + 1 < n ? x0 + w : x0 + result_num(s, "last_s", 0),
               c  = (double) json_integer_value(v);
        size_t k  = (size_t) fmax(0, floor(x0 / g->w + 1e-9));
        if (x1 <= x0) { /* an empty last bucket: its counts where it is */
            cells[k < g->n ? k : g->n - 1] += c;
            continue;
        }
        for (; k < g->n && (double) k * g->w < x1; k++) {
            double lo = fmax(x0, (double) k * g->w),
                   hi = k + 1 < g->n ? fmin(x1, (double) (k + 1) * g->w) : x1;
            if (hi > lo) cells[k] += c * (hi - lo) / (x1 - x0);
        }
    }
}

/* One counter's merged array: the cells' running sums rounded, so that
 * every count is whole and their total the inputs' exactly. */
static json_t *merged_counts(struct merge *m, const char *key,
                             const struct grid *g)
{
    double *cells = calloc(g->n + 1, sizeof(double)), run = 0;
    json_t *a      = json_array();
    long long prev = 0;

    for (size_t in = 0; cells && in < m->n; in++)
        spread(m, in, key, g, cells);
    for (size_t k = 0; cells && a && k < g->n; k++) {
        long long now;
        run += cells[k];
        now = llround(run);
        json_array_append_new(a, json_integer(now - prev));
        prev = now;
    }
    free(cells);
    if (!cells || run >= 9223372036854775807.0) {
        if (cells && !m->overflow[0])
            snprintf(m->overflow, sizeof(m->overflow),
                     "merge: series.%s: the inputs' sum would pass 2^63 - 1, "
                     "more than a count holds",
                     key);
        json_decref(a);
        return NULL;
    }
    return a;
}

json_t *merge_series(struct merge *m)
{
    static const char *const keys[] = {"events", "queries", "errors"};
    json_t *out, *a;
    struct grid g;

    if (m->n == 0 || !choose(m, &g)) return NULL;
    out = json_pack("{s:f,s:f}", "bucket_s", g.w, "last_s",
                    fmax(0, g.end - (double) (g.n - 1) * g.w));
    for (int i = 0; out && i < 3; i++) {
        if (!(a = merged_counts(m, keys[i], &g))) {
            json_decref(out);
            return NULL;
        }
        json_object_set_new(out, keys[i], a);
    }
    return out;
}
