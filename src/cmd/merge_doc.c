/* SPDX-License-Identifier: MIT */
/* Over 600 lines: each member of the merged document with its checked sums.
 * merge_doc: the merged result document (merge_internal.h). Counts are
 * summed, rates recomputed from the sums over the merged period, latency
 * records added bucket by bucket (so every percentile, min and max is the
 * one of the union of all events, to the record's 0.05%), sums of
 * latencies added exactly; figures a sum cannot give (threads fairness,
 * the self-check's ratios) are recomputed from their parts. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/hdr_codec.h"
#include "measure/hist.h"
#include "merge_internal.h"
#include "version.h"
#include "wallclock.h"

#define WHO "merge"

/* -- Checked sums --------------------------------------------------------- */

/* Counts summed over the inputs (each validated, 0..2^63-1, in
 * result_read.c) may not pass 2^63 - 1: the first that would is noted for
 * merge_build, which refuses the merge with it (issue 28); the figures
 * built meanwhile are thrown away. */
static void note_overflow(struct merge *m, const char *what, size_t in)
{
    if (!m->overflow[0])
        snprintf(m->overflow, sizeof(m->overflow),
                 "merge: %s: %s: the inputs' sum would pass 2^63 - 1, more "
                 "than a count holds",
                 m->in[in].doc.path, what);
}

/* *acc += v, checked. */
static void add_count(struct merge *m, json_int_t *acc, json_int_t v,
                      const char *what, size_t in)
{
    if (__builtin_add_overflow(*acc, v, acc) || *acc < 0)
        note_overflow(m, what, in);
}

/* -- Latency records ------------------------------------------------------ */

static json_t *percentile_list(const struct hist *h, json_t *pcts)
{
    json_t *out = json_array(), *p;
    size_t i;

    json_array_foreach(pcts, i, p)
    {
        double rank = json_number_value(p);
        json_array_append_new(
            out, json_pack("{s:o,s:I}", "p", json_deep_copy(p), "ns",
                           (json_int_t) hist_percentile_ns(h, rank)));
    }
    return out;
}

static json_int_t int_of(json_t *obj, const char *path)
{
    json_t *v = result_get(obj, path);

    if (json_is_integer(v)) return json_integer_value(v);
    return json_is_number(v) ? (json_int_t) llround(json_number_value(v)) : 0;
}

json_t *merge_latency(struct merge *m, json_t *const *lats, const size_t *who,
                      size_t n, json_t *pcts, const char *where,
                      struct hist **keep)
{
    struct hist *h   = hist_new();
    json_int_t count = 0, unrecorded = 0, sum = 0;
    json_t *out = NULL;
    char *b64   = NULL, what[3][64];

    snprintf(what[0], sizeof(what[0]), "%s.count", where);
    snprintf(what[1], sizeof(what[1]), "%s.unrecorded", where);
    snprintf(what[2], sizeof(what[2]), "%s.sum_ns", where);
    if (!h) goto fail;
    for (size_t i = 0; i < n; i++) {
        if (!lats[i]) continue;
        /* before the records: their counts are within count (checked) */
        add_count(m, &count, int_of(lats[i], "count"), what[0], who[i]);
        add_count(m, &unrecorded, int_of(lats[i], "unrecorded"), what[1],
                  who[i]);
        add_count(m, &sum, int_of(lats[i], "sum_ns"), what[2], who[i]);
        if (m->overflow[0] ||
            result_hist_add(h, lats[i], &m->in[who[i]].doc, where, WHO) != 0)
            goto fail;
    }
    if (!(b64 = hdr_codec_encode(h))) {
        fprintf(stderr, "merge: encode the merged %s: out of memory\n", where);
        goto fail;
    }
    out = json_pack("{s:I,s:I,s:f,s:I,s:I,s:o,s:s}", "count", count, "min_ns",
                    (json_int_t) hist_min_ns(h), "avg_ns",
                    count ? (double) sum / (double) count : 0.0, "max_ns",
                    (json_int_t) hist_max_ns(h), "sum_ns", sum, "percentiles",
                    percentile_list(h, pcts), "hdr", b64);
    if (unrecorded)
        json_object_set_new(out, "unrecorded", json_integer(unrecorded));
    free(b64);
    if (keep)
        *keep = h;
    else
        hist_free(h);
    return out;
fail:
    hist_free(h);
    return NULL;
}

/* -- Counts ------------------------------------------------------------- */

/* dst[key] = sum over objs (one per input) of obj[key] for every key in
 * keys present in at least one of them (integers stay integers). */
static void sum_members(struct merge *m, json_t *dst, json_t *const *objs,
                        const char *at, const char *const *keys)
{
    char what[64];

    for (; *keys; keys++) {
        json_int_t isum = 0;
        double dsum     = 0;
        bool any = false, real = false;
        snprintf(what, sizeof(what), "%s.%s", at, *keys);
        for (size_t i = 0; i < m->n; i++) {
            json_t *v = objs[i] ? json_object_get(objs[i], *keys) : NULL;
            if (!json_is_number(v)) continue;
            any = true;
            real |= json_is_real(v);
            add_count(m, &isum, json_is_integer(v) ? json_integer_value(v) : 0,
                      what, i);
            dsum += json_number_value(v);
            if (dsum >= 9223372036854775807.0) note_overflow(m, what, i);
        }
        if (any)
            json_object_set_new(dst, *keys,
                                real ? json_real(dsum) : json_integer(isum));
    }
}

/* {"code", "class", "count"} lists (one per input), summed by code and
 * class; found by a key of both, so that long lists cost no more than
 * their length. An entry without a code stays apart. */
static json_t *sum_error_codes(struct merge *m, json_t *const *lists)
{
    json_t *out = json_array(), *seen = json_object(), *e, *at;
    char *key;
    size_t i;

    for (size_t k = 0; k < m->n; k++)
        json_array_foreach(lists[k], i, e)
        {
            const char *code = result_str(e, "code"),
                       *cls  = result_str(e, "class");
            key              = NULL;
            if (code && asprintf(&key, "%zu:%s%c%s", strlen(code), code,
                                 cls ? '=' : '-', cls ? cls : "") < 0)
                key = NULL;
            at = key ? json_object_get(seen, key) : NULL;
            if (at) {
                json_t *o     = json_array_get(out, json_integer_value(at));
                json_int_t cn = int_of(o, "count");
                add_count(m, &cn, int_of(e, "count"), "errors_by_code[].count",
                          k);
                json_object_set_new(o, "count", json_integer(cn));
            } else {
                if (key)
                    json_object_set_new_nocheck(
                        seen, key,
                        json_integer((json_int_t) json_array_size(out)));
                json_array_append_new(out, json_deep_copy(e));
            }
            free(key);
        }
    json_decref(seen);
    return out;
}

static json_t *per_s(json_t *counts, double secs)
{
    json_t *out = json_object(), *v;
    const char *k;

    json_object_foreach(counts, k, v) json_object_set_new(
        out, k, json_real(secs > 0 ? json_number_value(v) / secs : 0));
    return out;
}

/* -- Totals --------------------------------------------------------------- */

/* Threads fairness of all the inputs' threads together, exactly from each
 * input's mean and (population) standard deviation over its threads (its
 * users when it ran --virtual-users: its fairness' count). */
static json_t *pooled_fairness(struct merge *m)
{
    static const char *const keys[][2] = {{"events_avg", "events_stddev"},
                                          {"time_avg_s", "time_stddev_s"}};
    json_t *out                        = json_object();

    for (int k = 0; k < 2; k++) {
        double n = 0, sum = 0, sq = 0;
        json_int_t count = 0;
        for (size_t i = 0; i < m->n; i++) {
            json_t *f = result_get(m->in[i].doc.root, "totals.fairness");
            /* over its users with --virtual-users (count says how many) */
            double t    = result_num(f, "count", m->in[i].threads),
                   mean = result_num(f, keys[k][0], 0),
                   sd   = result_num(f, keys[k][1], 0);
            if (!f) {
                json_decref(out);
                return NULL;
            }
            add_count(m, &count, (json_int_t) t, "totals.fairness.count", i);
            n += t;
            sum += t * mean;
            sq += t * (sd * sd + mean * mean);
        }
        double mean = n > 0 ? sum / n : 0,
               var  = n > 0 ? sq / n - mean * mean : 0;
        json_object_set_new(out, keys[k][0], json_real(mean));
        json_object_set_new(out, keys[k][1],
                            json_real(var > 0 ? sqrt(var) : 0));
        json_object_set_new(out, "count", json_integer(count));
    }
    return out;
}

static bool any_present(json_t *const *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (v[i]) return true;
    return false;
}

static bool all_present(json_t *const *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!v[i]) return false;
    return true;
}

static json_t **members_of(const struct merge *m, const char *path)
{
    json_t **v = calloc(m->n + 1, sizeof(*v));

    for (size_t i = 0; v && i < m->n; i++)
        v[i] = result_get(m->in[i].doc.root, path);
    return v;
}

static size_t *identity(size_t n)
{
    size_t *who = malloc((n + 1) * sizeof(*who));

    for (size_t i = 0; who && i < n; i++)
        who[i] = i;
    return who;
}

static json_t *merge_totals(struct merge *m, json_t *pcts)
{
    static const char *const counts[] = {
        "events",     "transactions",  "errors",     "reconnects",
        "bytes_read", "bytes_written", "unfinished", NULL};
    static const char *const classes[] = {"read", "write", "other", "total",
                                          NULL};
    json_t **tot                       = members_of(m, "totals"),
           **q                         = members_of(m, "totals.queries");
    json_t **lat                       = members_of(m, "totals.latency"),
           **codes                     = members_of(m, "totals.errors_by_code");
    size_t *who                        = identity(m->n);
    double secs                        = m->end_s - m->t0_s;
    json_t *t = json_object(), *queries = json_object(), *l = NULL, *f;

    if (tot && q && lat && codes && who)
        l = merge_latency(m, lat, who, m->n, pcts, "totals.latency", &m->total);
    if (l) {
        sum_members(m, t, tot, "totals", counts);
        sum_members(m, queries, q, "totals.queries", classes);
        json_object_set_new(t, "time_s", json_real(secs));
        json_object_set_new(t, "events_per_s",
                            json_real(int_of(t, "events") / secs));
        json_object_set_new(t, "queries", json_incref(queries));
        json_object_set_new(t, "qps", per_s(queries, secs));
        json_object_set_new(t, "tps",
                            json_real(int_of(t, "transactions") / secs));
        json_object_set_new(t, "errors_per_s",
                            json_real(int_of(t, "errors") / secs));
        json_object_set_new(t, "reconnects_per_s",
                            json_real(int_of(t, "reconnects") / secs));
        if (any_present(codes, m->n))
            json_object_set_new(t, "errors_by_code", sum_error_codes(m, codes));
        json_object_set_new(t, "latency", l);
        if ((f = pooled_fairness(m))) json_object_set_new(t, "fairness", f);
    }
    json_decref(queries);
    free(tot);
    free(q);
    free(lat);
    free(codes);
    free(who);
    if (!l) json_decref(t);
    return l ? t : NULL;
}

/* -- Intervals ------------------------------------------------------------ */

/* Rates of the inputs' intervals in a cell, as counts over the cell. */
static double cell_count(const struct merge_cell *c, const char *path)
{
    double n = 0;

    for (size_t i = 0; i < c->n; i++)
        n += result_num(c->iv[i], path, 0) *
             result_num(c->iv[i], "interval_s", 0);
    return n;
}

/* Sum over the inputs of a figure's last value in the cell (threads
 * running, --rate's queue): a gauge, not a count. Threads take the most
 * an input ran in the cell. */
static json_int_t cell_gauge(struct merge *m, const struct merge_cell *c,
                             const char *key, bool most)
{
    json_int_t total = 0;
    char what[48];

    snprintf(what, sizeof(what), "intervals[].%s", key);
    for (size_t in = 0; in < m->n; in++) {
        json_int_t v = 0;
        for (size_t i = 0; i < c->n; i++)
            if (c->who[i] == in && (!most || int_of(c->iv[i], key) > v))
                v = int_of(c->iv[i], key);
        add_count(m, &total, v, what, in);
    }
    return total;
}

static json_t *merge_cell(struct merge *m, size_t k, json_t *pcts)
{
    const struct merge_cell *c     = &m->cells[k];
    static const char *const cls[] = {"read", "write", "other", "total"};
    json_t **lats = calloc(c->n + 1, sizeof(*lats)), *qps = json_object(), *iv,
           *l;
    json_int_t events = 0;
    double g          = m->grid_s;
    char path[32];

    for (size_t i = 0; lats && i < c->n; i++) {
        lats[i] = result_get(c->iv[i], "latency");
        add_count(m, &events, int_of(c->iv[i], "events"), "intervals[].events",
                  c->who[i]);
    }
    l = lats ? merge_latency(m, lats, c->who, c->n, pcts, "intervals[].latency",
                             &m->cell_hists[k])
             : NULL;
    free(lats);
    if (!l) {
        json_decref(qps);
        return NULL;
    }
    for (int i = 0; i < 4; i++) {
        snprintf(path, sizeof(path), "qps.%s", cls[i]);
        json_object_set_new(qps, cls[i], json_real(cell_count(c, path) / g));
    }
    iv = json_pack("{s:f,s:f,s:I,s:I,s:f,s:f,s:o,s:f,s:f}", "time_s",
                   (double) (c->k + 1) * g, "interval_s", g, "threads",
                   cell_gauge(m, c, "threads", true), "events", events,
                   "events_per_s", (double) events / g, "tps",
                   cell_count(c, "tps") / g, "qps", qps, "errors_per_s",
                   cell_count(c, "errors_per_s") / g, "reconnects_per_s",
                   cell_count(c, "reconnects_per_s") / g);
    if (result_get(c->n ? c->iv[0] : NULL, "queue_length")) {
        json_object_set_new(
            iv, "queue_length",
            json_integer(cell_gauge(m, c, "queue_length", false)));
        json_object_set_new(
            iv, "concurrency",
            json_integer(cell_gauge(m, c, "concurrency", false)));
    }
    json_object_set_new(iv, "latency", l);
    return iv;
}

static json_t *merge_intervals(struct merge *m, json_t *pcts)
{
    json_t *out = json_array(), *iv;

    if (!(m->cell_hists = calloc(m->ncells + 1, sizeof(*m->cell_hists)))) {
        json_decref(out);
        return NULL;
    }
    for (size_t k = 0; k < m->ncells; k++) { /* every cell holds some */
        if (!(iv = merge_cell(m, k, pcts))) {
            json_decref(out);
            return NULL;
        }
        json_array_append_new(out, iv);
    }
    return out;
}

/* -- Kinds, --rate, self-check -------------------------------------------- */

/* An input's kinds by name (the first of a name), borrowed. */
static json_t *kinds_by_name(json_t *doc)
{
    json_t *by = json_object(), *k;
    size_t i;

    json_array_foreach(result_get(doc, "kinds"), i, k)
    {
        const char *kn = result_str(k, "kind");
        if (by && kn && !json_object_get(by, kn))
            json_object_set_new_nocheck(by, kn, json_incref(k));
    }
    return by;
}

/* One kind over the inputs (by[in]: input in's kinds by name): counts
 * summed, records added. */
static json_t *merge_kind(struct merge *m, const char *name, json_t *pcts,
                          json_t **by, json_t **objs, json_t **lats,
                          const size_t *who)
{
    static const char *const counts[] = {"reads", "writes", "other", "failed",
                                         NULL};
    json_t *kind, *l;

    for (size_t in = 0; in < m->n; in++) {
        objs[in] = json_object_get(by[in], name);
        lats[in] = result_get(objs[in], "latency");
    }
    if (!(l = merge_latency(m, lats, who, m->n, pcts, "kinds[].latency", NULL)))
        return NULL;
    kind = json_pack("{s:s}", "kind", name);
    sum_members(m, kind, objs, "kinds[]", counts);
    json_object_set_new(kind, "latency", l);
    return kind;
}

/* Statement kinds by name, in the order the inputs list them. */
static json_t *merge_kinds(struct merge *m, json_t *pcts)
{
    json_t *out = json_array(), *seen = json_object(), *k, *kind;
    json_t **by   = calloc(m->n + 1, sizeof(*by)),
           **objs = calloc(m->n, sizeof(*objs)),
           **lats = calloc(m->n, sizeof(*lats));
    size_t *who   = identity(m->n), i;
    bool ok       = by && objs && lats && who;

    for (size_t in = 0; ok && in < m->n; in++)
        ok = (by[in] = kinds_by_name(m->in[in].doc.root)) != NULL;
    for (size_t in = 0; ok && in < m->n; in++)
        json_array_foreach(result_get(m->in[in].doc.root, "kinds"), i, k)
        {
            const char *name = result_str(k, "kind");
            if (!ok || !name || json_object_get(seen, name)) continue;
            json_object_set_new(seen, name, json_true());
            kind = merge_kind(m, name, pcts, by, objs, lats, who);
            ok   = kind != NULL;
            if (ok) json_array_append_new(out, kind);
        }
    for (size_t in = 0; by && in < m->n; in++)
        json_decref(by[in]);
    free(by);
    free(objs);
    free(lats);
    free(who);
    json_decref(seen);
    if (!ok) json_decref(out);
    return ok ? out : NULL;
}

/* --rate in every input: targets summed, both records added, in *out
 * (NULL when an input ran unpaced). 0 ok, -1 after an error line. */
static int merge_rate(struct merge *m, json_t *pcts, json_t **out)
{
    bool failed;
    static const char *const target[] = {"target_per_s", NULL};
    json_t **rate                     = members_of(m, "rate");
    json_t **svc                      = members_of(m, "rate.service_time");
    json_t **lag                      = members_of(m, "rate.start_lag");
    json_t *s = NULL, *l = NULL;
    size_t *who = identity(m->n);

    *out   = NULL;
    failed = !rate || !svc || !lag || !who;
    if (!failed && all_present(rate, m->n)) {
        s = merge_latency(m, svc, who, m->n, pcts, "rate.service_time", NULL);
        l = s ? merge_latency(m, lag, who, m->n, pcts, "rate.start_lag", NULL)
              : NULL;
        failed = !l;
    }
    if (l) {
        *out = json_pack("{s:o,s:o}", "service_time", s, "start_lag", l);
        sum_members(m, *out, rate, "rate", target);
    } else
        json_decref(s);
    free(rate);
    free(svc);
    free(lag);
    free(who);
    return failed ? -1 : 0;
}

/* The workers' times summed, threads listed, ratios recomputed. */
static json_t *merge_self_check(struct merge *m)
{
    static const char *const times[] = {"wall_ns",     "cpu_ns",    "runq_ns",
                                        "event_ns",    "driver_ns", "script_ns",
                                        "schedule_ns", "server_ns", NULL};
    json_t **sc                      = members_of(m, "self_check"),
           **tot                     = members_of(m, "self_check.total");
    json_t *out = NULL, *total = json_object(), *threads = json_array(), *t;
    double cpus  = 0, wall, busy;
    bool applies = true;
    size_t i;

    if (sc && tot && all_present(sc, m->n)) {
        sum_members(m, total, tot, "self_check.total", times);
        for (size_t in = 0; in < m->n; in++) {
            cpus += result_num(sc[in], "cpus", 0);
            applies &= json_is_true(json_object_get(sc[in], "applies"));
            json_array_foreach(json_object_get(sc[in], "threads"), i, t)
                json_array_append(threads, t);
        }
        wall = result_num(total, "wall_ns", 0);
        busy = wall > 0 ? (result_num(total, "cpu_ns", 0) +
                           result_num(total, "runq_ns", 0)) /
                              wall
                        : 0;
        out = json_pack("{s:f,s:f,s:b,s:b,s:O,s:O}", "busy", busy, "cpus", cpus,
                        "client_bound", busy > 0.8, "applies", applies, "total",
                        total, "threads", threads);
    }
    json_decref(total);
    json_decref(threads);
    free(sc);
    free(tot);
    return out;
}

/* -- The document ------------------------------------------------------- */

static json_t *merged_inputs(const struct merge *m)
{
    json_t *out = json_array();

    for (size_t i = 0; i < m->n; i++) {
        json_t *root = m->in[i].doc.root;
        json_array_append_new(
            out, json_pack("{s:s,s:O,s:I,s:O,s:O,s:O}", "file",
                           m->in[i].doc.path, "hostname",
                           result_get(root, "host.hostname")
                               ? result_get(root, "host.hostname")
                               : json_null(),
                           "threads", (json_int_t) m->in[i].threads,
                           "start_time", result_get(root, "start_time"),
                           "end_time", result_get(root, "end_time"),
                           "command_line", result_get(root, "command_line")));
        json_object_set_new(json_array_get(out, i), "status",
                            json_string(merge_input_status(root)));
    }
    return out;
}

/* Everything but the figures: the first input's identity, the merge's own
 * command line, the merged times and threads, every input in "merged". */
static json_t *merge_header(const struct merge *m)
{
    json_t *first = m->in[0].doc.root, *out = json_object(),
           *cmd  = json_array();
    json_t *opts = json_deep_copy(json_object_get(first, "options"));
    char t0[40], t1[40], buf[16];

    json_array_append_new(cmd, json_string("bench"));
    for (int i = 0; i < m->argc; i++)
        json_array_append_new(cmd, json_string(m->argv[i]));
    snprintf(buf, sizeof(buf), "%u", m->threads);
    if (json_is_object(opts))
        json_object_set_new(opts, "threads", json_string(buf));
    wallclock_format((int64_t) llround(m->t0_s * 1e9), t0, sizeof(t0));
    wallclock_format((int64_t) llround(m->end_s * 1e9), t1, sizeof(t1));
    json_object_set_new(out, "schema", json_string(RESULT_SCHEMA));
    json_object_set_new(out, "bench",
                        json_pack("{s:s,s:O}", "version", BENCH_VERSION,
                                  "compat", result_get(first, "bench.compat")));
    json_object_set_new(out, "command_line", cmd);
    json_object_set(out, "test", json_object_get(first, "test"));
    json_object_set(out, "command", json_object_get(first, "command"));
    json_object_set(out, "host", json_object_get(first, "host"));
    json_object_set(out, "database", json_object_get(first, "database"));
    json_object_set_new(out, "start_time", json_string(t0));
    json_object_set_new(out, "end_time", json_string(t1));
    json_object_set_new(out, "start_epoch_s", json_real(m->t0_s));
    json_object_set_new(out, "end_epoch_s", json_real(m->end_s));
    json_object_set_new(out, "options", opts ? opts : json_object());
    json_object_set(out, "percentiles", json_object_get(first, "percentiles"));
    json_object_set_new(out, "merged",
                        json_pack("{s:o,s:f,s:b}", "inputs", merged_inputs(m),
                                  "grid_s", m->grid_s, "aligned", m->aligned));
    return out;
}

static json_t *merged_warnings(const struct merge *m)
{
    json_t *out = json_array(), *w;
    char buf[512];
    size_t i;

    for (size_t in = 0; in < m->n; in++)
        json_array_foreach(result_get(m->in[in].doc.root, "warnings"), i, w)
        {
            snprintf(buf, sizeof(buf), "%s: %s", m->in[in].doc.path,
                     json_string_value(w) ? json_string_value(w) : "");
            json_array_append_new(out, json_string(buf));
        }
    return out;
}

int merge_build(struct merge *m)
{
    json_t *out    = merge_header(m), *pcts, *sc;
    json_t *totals = NULL, *ivs = NULL, *kinds = NULL, *rate = NULL;

    if (!json_is_array(json_object_get(out, "percentiles")))
        json_object_set_new(out, "percentiles", json_array());
    pcts = json_object_get(out, "percentiles");
    if (!(totals = merge_totals(m, pcts)) ||
        !(ivs = merge_intervals(m, pcts)) || !(kinds = merge_kinds(m, pcts)) ||
        merge_rate(m, pcts, &rate) != 0) {
        json_decref(totals);
        json_decref(ivs);
        json_decref(kinds);
        json_decref(out);
        out = NULL;
    } else {
        json_object_set_new(out, "totals", totals);
        json_object_set_new(out, "intervals", ivs);
        if (json_array_size(kinds)) json_object_set(out, "kinds", kinds);
        json_decref(kinds);
        if (rate) json_object_set_new(out, "rate", rate);
        if ((sc = merge_self_check(m)))
            json_object_set_new(out, "self_check", sc);
        json_object_set_new(out, "warnings", merged_warnings(m));
        json_object_set_new(out, "run", merge_run(m, m->end_s - m->t0_s));
        if ((sc = merge_series(m))) json_object_set_new(out, "series", sc);
    }
    if (m->overflow[0]) { /* the line merge_latency left to us */
        fprintf(stderr, "%s\n", m->overflow);
        json_decref(out);
        return -1;
    }
    m->out = out;
    return out ? 0 : -1;
}
