/* SPDX-License-Identifier: MIT */
/* results_json.c: the report figures of the result document as JSON
 * (docs/results.md, docs/bench-result-1.schema.json). Every figure comes
 * from the same report_data and records the text report prints, so the
 * two agree; latency statistics come from the records, never from
 * averages of intervals. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "measure/detail.h"
#include "measure/hdr_codec.h"
#include "measure/hist.h"
#include "report.h"
#include "results_internal.h"
#include "measure/stats.h"

/* Adds `value` (a new reference) to obj; false (value freed) on ENOMEM or
 * when value is NULL. */
static bool put(json_t *obj, const char *key, json_t *value)
{
    return value != NULL && json_object_set_new(obj, key, value) == 0;
}

static json_t *count(uint64_t n)
{
    return json_integer((json_int_t) n);
}

static double per_s(uint64_t n, const struct report_data *d)
{
    return d->time_interval_s > 0 ? (double) n / d->time_interval_s : 0;
}

unsigned results_ranks(const struct report_data *d, const double **list,
                       double *one)
{
    if (d->npercentiles > 0 && d->percentiles != NULL) {
        *list = d->percentiles;
        return d->npercentiles;
    }
    *one  = d->percentile;
    *list = one;
    return d->percentile > 0 ? 1 : 0;
}

static json_t *percentiles(const struct hist *h, const struct report_data *d)
{
    json_t *a = json_array(), *p;
    const double *ranks;
    double one;
    unsigned n = results_ranks(d, &ranks, &one), i;

    for (i = 0; a != NULL && i < n; i++) {
        p = json_pack("{s:f, s:I}", "p", ranks[i], "ns",
                      (json_int_t) hist_percentile_ns(h, ranks[i]));
        if (p == NULL || json_array_append_new(a, p) != 0) {
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

/* Values in h's buckets plus its unrecorded ones. A record copied while
 * workers ran may count a value whose bucket it missed (in flight: the
 * next interval has it): the document's count is what the record holds. */
static uint64_t held(const struct hist *h)
{
    uint64_t n = hist_unrecorded(h);

    for (size_t c = 0; c < HIST_CHUNKS; c++) {
        const uint64_t *chunk = hist_chunk_at(h, c);

        for (size_t i = 0; chunk != NULL && i < HIST_CHUNK_LEN; i++)
            n += chunk[i];
    }
    return n;
}

json_t *results_latency(const struct hist *h, const struct report_data *d,
                        bool with_hdr)
{
    uint64_t n = held(h), sum = hist_sum_ns(h), events = hist_count(h);
    /* sum_ns and hist_count are of the same values; a live copy's buckets
     * may differ from them by a value per worker in flight */
    double avg = events ? (double) sum / (double) events : 0;
    /* As the text report: min and max are bucket midpoints, avg exact;
     * min <= avg <= max holds even for a single value. */
    uint64_t min = hist_min_ns(h), max = hist_max_ns(h);
    json_t *o = json_object();
    char *text;

    if ((double) min > avg) min = (uint64_t) avg;
    if ((double) max < avg) max = (uint64_t) ceil(avg);
    if (!o || !put(o, "count", count(n)) ||
        (hist_unrecorded(h) &&
         !put(o, "unrecorded", count(hist_unrecorded(h)))) ||
        !put(o, "min_ns", count(min)) || !put(o, "avg_ns", json_real(avg)) ||
        !put(o, "max_ns", count(max)) || !put(o, "sum_ns", count(sum)) ||
        !put(o, "percentiles", percentiles(h, d)))
        goto fail;
    if (with_hdr) {
        /* PD-4: a value the encoding cannot carry is never clamped: the
         * record is left out and the object says why. */
        if ((text = hdr_codec_encode(h)) == NULL && errno == EOVERFLOW)
            return put(o, "hdr_omitted",
                       json_string("a value of 2^63 ns or more"))
                       ? o
                       : (json_decref(o), NULL);
        if (text == NULL) goto fail;
        if (!put(o, "hdr", json_string(text))) {
            free(text);
            goto fail;
        }
        free(text);
    }
    return o;
fail:
    json_decref(o);
    return NULL;
}

static json_t *queries(const uint64_t *c, const struct report_data *d,
                       bool rates)
{
    uint64_t r = c[STAT_READS], w = c[STAT_WRITES], o = c[STAT_OTHER];

    if (rates)
        return json_pack("{s:f, s:f, s:f, s:f}", "read", per_s(r, d), "write",
                         per_s(w, d), "other", per_s(o, d), "total",
                         per_s(r + w + o, d));
    return json_pack("{s:I, s:I, s:I, s:I}", "read", (json_int_t) r, "write",
                     (json_int_t) w, "other", (json_int_t) o, "total",
                     (json_int_t) (r + w + o));
}

/* detail's errors by code of the period; NULL (nothing to add) when there
 * are none or measuring is off, and on ENOMEM (*failed set). */
static json_t *errors_by_code(const struct report_data *d, bool *failed)
{
    const struct detail_snapshot *s = d->delta->detail;
    json_t *a;
    char code[24];

    *failed = false;
    if (s == NULL || s->nerrors == 0) return NULL;
    if ((a = json_array()) == NULL) goto fail;
    for (unsigned i = 0; i < s->nerrors; i++) {
        const struct detail_error_count *e = &s->errors[i];

        if (e->code < 0)
            snprintf(code, sizeof(code), "other");
        else
            snprintf(code, sizeof(code), "%d", e->code);
        if (json_array_append_new(
                a, json_pack("{s:s, s:s?, s:s, s:I}", "code", code, "sqlstate",
                             *e->sqlstate ? e->sqlstate : NULL, "class",
                             e->fatal ? "fatal" : "ignored", "count",
                             (json_int_t) e->n)) != 0)
            goto fail;
    }
    return a;
fail:
    json_decref(a);
    *failed = true;
    return NULL;
}

/* Adds "errors_by_code" to o when the period has any; false on ENOMEM. */
static bool put_errors(json_t *o, const struct report_data *d)
{
    bool failed;
    json_t *a = errors_by_code(d, &failed);

    return !failed && (a == NULL || put(o, "errors_by_code", a));
}

/* The parts an interval and the totals share: detail's kinds and rate. */
static bool put_detail(json_t *o, const struct report_data *d, bool with_hdr)
{
    const struct detail_snapshot *s = d->delta->detail;
    json_t *kinds;

    if (s == NULL) return true;
    kinds = results_kinds(s, d, with_hdr);
    if (kinds == NULL) return false;
    if (json_array_size(kinds) == 0)
        json_decref(kinds);
    else if (!put(o, "kinds", kinds))
        return false;
    return !s->rate_mode || !s->service ||
           put(o, "rate", results_rate(s, d, 0, with_hdr));
}

json_t *results_interval_obj(const struct report_data *d, bool with_hdr)
{
    const uint64_t *c = d->delta->c;
    json_t *o         = json_object();

    if (!o || !put(o, "time_s", json_real(d->time_total_s)) ||
        !put(o, "interval_s", json_real(d->time_interval_s)) ||
        !put(o, "threads", count(d->threads_running)) ||
        !put(o, "events", count(c[STAT_EVENTS])) ||
        !put(o, "events_per_s", json_real(per_s(c[STAT_EVENTS], d))) ||
        !put(o, "tps", json_real(per_s(c[STAT_EVENTS], d))) ||
        !put(o, "qps", queries(c, d, true)) ||
        !put(o, "errors_per_s", json_real(per_s(c[STAT_ERRORS], d))) ||
        !put_errors(o, d) ||
        !put(o, "reconnects_per_s", json_real(per_s(c[STAT_RECONNECTS], d))) ||
        (d->rate_mode && (!put(o, "queue_length", count(d->queue_length)) ||
                          !put(o, "concurrency", count(d->concurrency)))) ||
        !put(o, "latency", results_latency(d->delta->lat, d, with_hdr)) ||
        !put_detail(o, d, false)) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* The fairness figures (stats_fairness) as the document's object: `over`
 * says of what ("threads", or "users" with --virtual-users). */
static json_t *fairness(const struct stats_snapshot *s, bool users)
{
    struct stats_fairness f;

    stats_fairness(s, users, &f);
    return json_pack("{s:f, s:f, s:f, s:f, s:s, s:I, s:I, s:I, s:f, s:f}",
                     "events_avg", f.events_avg, "events_stddev", f.events_sd,
                     "time_avg_s", f.time_avg_s, "time_stddev_s", f.time_sd_s,
                     "over", users && s->nusers ? "users" : "threads", "count",
                     (json_int_t) f.n, "events_min", (json_int_t) f.events_min,
                     "events_max", (json_int_t) f.events_max, "time_min_s",
                     report_s(f.time_min_ns), "time_max_s",
                     report_s(f.time_max_ns));
}

/* --latency-limit's figures (report_late_events, STAT_SKIPPED). */
static json_t *latency_limit(const struct report_data *d)
{
    return json_pack("{s:f, s:o, s:o}", "limit_ms",
                     (double) d->latency_limit_ns / 1e6, "late",
                     count(report_late_events(d)), "skipped",
                     count(d->delta->c[STAT_SKIPPED]));
}

json_t *results_totals(const struct report_data *d)
{
    const uint64_t *c = d->delta->c;
    json_t *o         = json_object();

    if (!o || !put(o, "time_s", json_real(d->time_interval_s)) ||
        !put(o, "events", count(c[STAT_EVENTS])) ||
        !put(o, "events_per_s", json_real(per_s(c[STAT_EVENTS], d))) ||
        !put(o, "queries", queries(c, d, false)) ||
        !put(o, "qps", queries(c, d, true)) ||
        !put(o, "transactions", count(c[STAT_EVENTS])) ||
        !put(o, "tps", json_real(per_s(c[STAT_EVENTS], d))) ||
        !put(o, "errors", count(c[STAT_ERRORS])) ||
        !put(o, "errors_per_s", json_real(per_s(c[STAT_ERRORS], d))) ||
        !put_errors(o, d) || !put(o, "reconnects", count(c[STAT_RECONNECTS])) ||
        !put(o, "reconnects_per_s", json_real(per_s(c[STAT_RECONNECTS], d))) ||
        !put(o, "bytes_read", count(c[STAT_BYTES_READ])) ||
        !put(o, "bytes_written", count(c[STAT_BYTES_WRITTEN])) ||
        (d->unfinished && !put(o, "unfinished", count(d->unfinished))) ||
        (d->latency_limit_ns && !put(o, "latency_limit", latency_limit(d))) ||
        !put(o, "latency", results_latency(d->delta->lat, d, true)) ||
        !put(o, "fairness", fairness(d->delta, true)) ||
        (d->delta->nusers &&
         !put(o, "worker_fairness", fairness(d->delta, false)))) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* -- detail.h's figures --------------------------------------------------- */

json_t *results_kinds(const struct detail_snapshot *s,
                      const struct report_data *d, bool with_hdr)
{
    json_t *a = json_array(), *k;

    for (unsigned i = 0; a != NULL && i < s->nkinds; i++) {
        const struct detail_kind_stats *ks = &s->kinds[i];
        const uint64_t *n                  = ks->n;
        const char *name                   = detail_kind_name(i);

        if (n[DETAIL_READ] + n[DETAIL_WRITE] + n[DETAIL_OTHER] +
                    n[DETAIL_FAILED] ==
                0 ||
            name == NULL)
            continue;
        k = json_pack("{s:s, s:I, s:I, s:I, s:I, s:o*}", "kind", name, "reads",
                      (json_int_t) n[DETAIL_READ], "writes",
                      (json_int_t) n[DETAIL_WRITE], "other",
                      (json_int_t) n[DETAIL_OTHER], "failed",
                      (json_int_t) n[DETAIL_FAILED], "latency",
                      results_latency(ks->lat, d, with_hdr));
        if (k == NULL || json_object_get(k, "latency") == NULL ||
            json_array_append_new(a, k) != 0) {
            json_decref(k);
            json_decref(a);
            return NULL;
        }
    }
    return a;
}

json_t *results_rate(const struct detail_snapshot *s,
                     const struct report_data *d, int target, bool with_hdr)
{
    json_t *o = json_object();

    if (!o ||
        (target > 0 && !put(o, "target_per_s", count((uint64_t) target))) ||
        !put(o, "service_time", results_latency(s->service, d, with_hdr)) ||
        !put(o, "start_lag", results_latency(s->lag, d, with_hdr))) {
        json_decref(o);
        return NULL;
    }
    return o;
}

static json_t *times(const struct detail_selfcheck *c)
{
    return json_pack(
        "{s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:I}", "wall_ns",
        (json_int_t) c->wall_ns, "cpu_ns", (json_int_t) c->cpu_ns, "runq_ns",
        (json_int_t) c->runq_ns, "event_ns", (json_int_t) c->event_ns,
        "driver_ns", (json_int_t) c->driver_ns, "script_ns",
        (json_int_t) c->script_ns, "schedule_ns", (json_int_t) c->schedule_ns,
        "server_ns", (json_int_t) c->server_ns);
}

json_t *results_self_check(const struct detail_snapshot *s, bool applies,
                           bool *client_bound)
{
    struct detail_verdict v = detail_verdict(&s->total, s->nthreads);
    json_t *threads = json_array(), *o = NULL;

    for (unsigned i = 0; threads != NULL && i < s->nthreads; i++)
        if (json_array_append_new(threads, times(&s->thread[i])) != 0) {
            json_decref(threads);
            return NULL;
        }
    *client_bound = applies && v.client_bound;
    if (threads != NULL)
        o = json_pack("{s:f, s:f, s:b, s:b, s:o, s:o}", "busy", v.busy, "cpus",
                      v.cpus, "client_bound", v.client_bound, "applies",
                      applies, "total", times(&s->total), "threads", threads);
    return o;
}
