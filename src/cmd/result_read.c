/* SPDX-License-Identifier: MIT */
/* result_read: see result_read.h. A document comes from whoever sent it:
 * every member a command reads is checked once, here, before any of them
 * computes with it (issue 28; docs/reliability.md). */
#include <errno.h>
#include <stdbool.h>
#include <float.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/hdr_codec.h"
#include "measure/hist.h"
#include "result_read.h"

static int fail(const char *who, const char *path, const char *cause)
{
    fprintf(stderr, "%s: read %s: %s\n", who, path, cause);
    return -1;
}

json_t *result_get(json_t *obj, const char *path)
{
    char key[64];

    while (obj && *path) {
        size_t n = strcspn(path, ".");
        if (n >= sizeof(key)) return NULL;
        memcpy(key, path, n);
        key[n] = '\0';
        obj    = json_is_object(obj) ? json_object_get(obj, key) : NULL;
        path += n + (path[n] == '.');
    }
    return obj;
}

double result_num(json_t *obj, const char *path, double dflt)
{
    json_t *v = result_get(obj, path);

    return json_is_number(v) ? json_number_value(v) : dflt;
}

const char *result_str(json_t *obj, const char *path)
{
    return json_string_value(result_get(obj, path));
}

/* The members merge and compare read, with the JSON type they need. */
static const char *missing_member(json_t *root)
{
    static const struct {
        const char *path;
        json_type type;
    } need[] = {
        {"start_epoch_s", JSON_REAL},
        {"end_epoch_s", JSON_REAL},
        {"totals", JSON_OBJECT},
        {"totals.latency", JSON_OBJECT},
        {"totals.latency.hdr", JSON_STRING},
        {"intervals", JSON_ARRAY},
        {"totals.time_s", JSON_REAL},
        {"totals.events", JSON_INTEGER},
    };

    for (size_t i = 0; i < sizeof(need) / sizeof(need[0]); i++) {
        json_t *v = result_get(root, need[i].path);
        bool ok   = need[i].type == JSON_REAL ? json_is_number(v)
                    : need[i].type == JSON_INTEGER
                        ? json_is_integer(v)
                        : v && json_typeof(v) == need[i].type;
        if (!ok) return need[i].path;
    }
    return NULL;
}

/* -- Validation ------------------------------------------------------------ */

/* Seconds, since the epoch or elapsed: what an int64 count of ns holds
 * (to 2262), so that every conversion to ns fits. */
#define TIME_MAX_S 9223372036.0
/* A count held as a JSON number (queries): below 2^63, cast to uint64. */
#define COUNT_MAX_D 9223372036854775807.0

struct check {
    char cause[400];
    struct hist *h; /* scratch: each record is decoded once here */
};

static const char *type_name(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT:
        return "an object";
    case JSON_ARRAY:
        return "an array";
    case JSON_STRING:
        return "a string";
    case JSON_REAL:
        return "a real number";
    case JSON_INTEGER:
        return "an integer";
    case JSON_NULL:
        return "null";
    default:
        return "a boolean";
    }
}

/* Sets the cause "<at>.<key>: <fmt...>"; returns false. */
__attribute__((format(printf, 4, 5))) static bool
bad(struct check *c, const char *at, const char *key, const char *fmt, ...)
{
    va_list ap;
    int n = snprintf(c->cause, sizeof(c->cause), "%.200s%s%.64s: ", at,
                     *at && *key ? "." : "", key);

    va_start(ap, fmt);
    vsnprintf(c->cause + n, sizeof(c->cause) - (size_t) n, fmt, ap);
    va_end(ap);
    return false;
}

/* obj[key], when present, is a count: a JSON integer in 0..max. */
static bool count_ok(struct check *c, json_t *obj, const char *at,
                     const char *key, json_int_t max, json_int_t *out)
{
    json_t *v = json_object_get(obj, key);
    json_int_t n;

    if (out) *out = 0;
    if (!v) return true;
    if (!json_is_integer(v))
        return bad(c, at, key, "%s, not a count (a whole number >= 0)",
                   type_name(v));
    n = json_integer_value(v);
    if (n < 0) return bad(c, at, key, "negative (%" JSON_INTEGER_FORMAT ")", n);
    if (n > max)
        return bad(c, at, key,
                   "out of range (%" JSON_INTEGER_FORMAT
                   ", more than %" JSON_INTEGER_FORMAT ")",
                   n, max);
    if (out) *out = n;
    return true;
}

/* obj[key], when present (or need), is a number in 0..max. */
static bool num_ok(struct check *c, json_t *obj, const char *at,
                   const char *key, double max, bool need, double *out)
{
    json_t *v = json_object_get(obj, key);
    double x;

    if (!v) return need ? bad(c, at, key, "missing") : true;
    if (!json_is_number(v))
        return bad(c, at, key, "%s, not a number", type_name(v));
    x = json_number_value(v);
    if (!(x >= 0)) return bad(c, at, key, "negative (%.15g)", x);
    if (x > max) return bad(c, at, key, "out of range (%.15g)", x);
    if (out) *out = x;
    return true;
}

/* Whether obj[key] is absent or of JSON type t (else false after the
 * cause); *v is the member, NULL when absent. */
static bool member_ok(struct check *c, json_t *obj, const char *at,
                      const char *key, json_type t, json_t **v)
{
    static const char *const names[] = {[JSON_OBJECT] = "an object",
                                        [JSON_ARRAY]  = "an array",
                                        [JSON_STRING] = "a string"};

    *v = json_object_get(obj, key);
    if (!*v || json_typeof(*v) == t) return true;
    return bad(c, at, key, "%s, not %s", type_name(*v), names[t]);
}

/* How a record fails to decode (errno of hdr_codec_decode_add). */
static const char *hdr_cause(int err)
{
    return err == ENOMEM ? "out of memory"
           : err == ERANGE
               ? "not a valid HdrHistogram V2 record (a bucket index or "
                 "count out of range)"
               : "not a valid HdrHistogram V2 record";
}

/* The record decodes and holds count values less the unrecorded ones. */
static bool hdr_ok(struct check *c, json_t *l, const char *at, json_int_t count,
                   json_int_t unrec)
{
    json_t *hdr;
    uint64_t held;

    if (!member_ok(c, l, at, "hdr", JSON_STRING, &hdr)) return false;
    if (!hdr) return true;
    hist_reset(c->h);
    if (hdr_codec_decode_add(c->h, json_string_value(hdr),
                             json_string_length(hdr)) != 0)
        return bad(c, at, "hdr", "%s", hdr_cause(errno));
    held = hist_count(c->h);
    if (!json_object_get(l, "count") || held == (uint64_t) (count - unrec))
        return true;
    if (unrec)
        return bad(c, at, "hdr",
                   "the record holds %" PRIu64 " values, count says %" PRIu64
                   " (%" JSON_INTEGER_FORMAT " less %" JSON_INTEGER_FORMAT
                   " unrecorded)",
                   held, (uint64_t) (count - unrec), count, unrec);
    return bad(c, at, "hdr",
               "the record holds %" PRIu64 " values, count says %" PRIu64, held,
               (uint64_t) count);
}

/* A latency object (docs/results.md): counts, and its record. */
static bool latency_ok(struct check *c, json_t *obj, const char *at,
                       const char *key)
{
    json_t *l = json_object_get(obj, key);
    json_int_t count, unrec;
    char where[128];

    if (!l) return true;
    snprintf(where, sizeof(where), "%s%s%s", at, *at ? "." : "", key);
    if (!json_is_object(l))
        return bad(c, where, "", "%s, not an object", type_name(l));
    if (!count_ok(c, l, where, "count", INT64_MAX, &count) ||
        !count_ok(c, l, where, "unrecorded", INT64_MAX, &unrec) ||
        !count_ok(c, l, where, "sum_ns", INT64_MAX, NULL) ||
        !count_ok(c, l, where, "min_ns", INT64_MAX, NULL) ||
        !count_ok(c, l, where, "max_ns", INT64_MAX, NULL) ||
        !num_ok(c, l, where, "avg_ns", DBL_MAX, false, NULL))
        return false;
    if (json_object_get(l, "count") && unrec > count)
        return bad(c, where, "unrecorded",
                   "%" JSON_INTEGER_FORMAT
                   ", more than count (%" JSON_INTEGER_FORMAT ")",
                   unrec, count);
    return hdr_ok(c, l, where, count, unrec);
}

/* obj[key] (queries, qps): an object of numbers below 2^63. */
static bool queries_ok(struct check *c, json_t *obj, const char *at,
                       const char *key)
{
    json_t *q, *v;
    const char *k;
    char where[128];

    if (!member_ok(c, obj, at, key, JSON_OBJECT, &q)) return false;
    snprintf(where, sizeof(where), "%s.%s", at, key);
    json_object_foreach(q, k, v)
    {
        if (!num_ok(c, q, where, k, COUNT_MAX_D, false, NULL)) return false;
    }
    return true;
}

/* errors_by_code: objects whose counts add up without overflow. */
static bool codes_ok(struct check *c, json_t *obj, const char *at)
{
    json_t *a, *e;
    json_int_t n, sum = 0;
    char where[128];
    size_t i;

    if (!member_ok(c, obj, at, "errors_by_code", JSON_ARRAY, &a)) return false;
    json_array_foreach(a, i, e)
    {
        snprintf(where, sizeof(where), "%s.errors_by_code[%zu]", at, i);
        if (!json_is_object(e))
            return bad(c, where, "", "%s, not an object", type_name(e));
        if (!count_ok(c, e, where, "count", INT64_MAX, &n)) return false;
        if (__builtin_add_overflow(sum, n, &sum))
            return bad(c, where, "count",
                       "the codes' counts add up past 2^63 - 1");
    }
    return true;
}

static bool fairness_ok(struct check *c, json_t *obj, const char *at,
                        const char *key)
{
    static const char *const counts[] = {"count", "events_min", "events_max"},
                             *nums[]  = {"events_avg", "events_stddev",
                                         "time_avg_s", "time_stddev_s",
                                         "time_min_s", "time_max_s"};
    json_t *f;
    char where[128];

    if (!member_ok(c, obj, at, key, JSON_OBJECT, &f)) return false;
    snprintf(where, sizeof(where), "%s.%s", at, key);
    for (size_t i = 0; f && i < 3; i++)
        if (!count_ok(c, f, where, counts[i], INT64_MAX, NULL)) return false;
    for (size_t i = 0; f && i < 6; i++)
        if (!num_ok(c, f, where, nums[i], DBL_MAX, false, NULL)) return false;
    return true;
}

/* What totals and an interval share: counts, rates, records. */
static bool period_ok(struct check *c, json_t *t, const char *at)
{
    static const char *const counts[] = {
        "events",     "transactions", "errors",
        "reconnects", "bytes_read",   "bytes_written",
        "unfinished", "queue_length", "concurrency"};
    static const char *const rates[] = {"events_per_s", "tps", "errors_per_s",
                                        "reconnects_per_s", "client_cpus"};

    for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++)
        if (!count_ok(c, t, at, counts[i], INT64_MAX, NULL)) return false;
    for (size_t i = 0; i < sizeof(rates) / sizeof(rates[0]); i++)
        if (!num_ok(c, t, at, rates[i], DBL_MAX, false, NULL)) return false;
    return count_ok(c, t, at, "threads", UINT32_MAX, NULL) &&
           num_ok(c, t, at, "time_s", TIME_MAX_S, false, NULL) &&
           queries_ok(c, t, at, "queries") && queries_ok(c, t, at, "qps") &&
           codes_ok(c, t, at) && latency_ok(c, t, at, "latency") &&
           fairness_ok(c, t, at, "fairness") &&
           fairness_ok(c, t, at, "worker_fairness");
}

static bool kinds_ok(struct check *c, json_t *obj, const char *at)
{
    static const char *const counts[] = {"reads", "writes", "other", "failed"};
    json_t *a, *k, *name;
    char where[128];
    size_t i;

    if (!member_ok(c, obj, at, "kinds", JSON_ARRAY, &a)) return false;
    json_array_foreach(a, i, k)
    {
        snprintf(where, sizeof(where), "%s%skinds[%zu]", at, *at ? "." : "", i);
        if (!json_is_object(k))
            return bad(c, where, "", "%s, not an object", type_name(k));
        if (!member_ok(c, k, where, "kind", JSON_STRING, &name)) return false;
        for (size_t j = 0; j < 4; j++)
            if (!count_ok(c, k, where, counts[j], INT64_MAX, NULL))
                return false;
        if (!latency_ok(c, k, where, "latency")) return false;
    }
    return true;
}

static bool rate_ok(struct check *c, json_t *obj, const char *at)
{
    json_t *r;
    char where[128];

    if (!member_ok(c, obj, at, "rate", JSON_OBJECT, &r)) return false;
    snprintf(where, sizeof(where), "%s%srate", at, *at ? "." : "");
    return !r || (count_ok(c, r, where, "target_per_s", INT64_MAX, NULL) &&
                  latency_ok(c, r, where, "service_time") &&
                  latency_ok(c, r, where, "start_lag"));
}

/* Intervals: in order, each inside the run's clock; events summable. */
static bool intervals_ok(struct check *c, json_t *root)
{
    json_t *iv;
    json_int_t events, sum = 0;
    double t, len, prev = 0;
    char at[64];
    size_t i;

    json_array_foreach(json_object_get(root, "intervals"), i, iv)
    {
        snprintf(at, sizeof(at), "intervals[%zu]", i);
        if (!json_is_object(iv))
            return bad(c, at, "", "%s, not an object", type_name(iv));
        if (!num_ok(c, iv, at, "time_s", TIME_MAX_S, true, &t) ||
            !num_ok(c, iv, at, "interval_s", TIME_MAX_S, false, &len) ||
            !count_ok(c, iv, at, "events", INT64_MAX, &events) ||
            !period_ok(c, iv, at) || !kinds_ok(c, iv, at) ||
            !rate_ok(c, iv, at))
            return false;
        if (t < prev)
            return bad(c, at, "time_s",
                       "%.15g, before the previous interval's end (%.15g)", t,
                       prev);
        if (json_object_get(iv, "interval_s") && len > t + 1e-6)
            return bad(c, at, "interval_s",
                       "%.15g, longer than the run up to its end (%.15g)", len,
                       t);
        if (__builtin_add_overflow(sum, events, &sum))
            return bad(c, at, "events",
                       "the intervals' events add up past 2^63 - 1");
        prev = t;
    }
    return true;
}

static bool self_check_ok(struct check *c, json_t *root)
{
    json_t *sc, *total, *threads, *v;
    const char *k;

    if (!member_ok(c, root, "", "self_check", JSON_OBJECT, &sc)) return false;
    if (!sc) return true;
    if (!num_ok(c, sc, "self_check", "busy", DBL_MAX, false, NULL) ||
        !num_ok(c, sc, "self_check", "cpus", DBL_MAX, false, NULL) ||
        !member_ok(c, sc, "self_check", "total", JSON_OBJECT, &total) ||
        !member_ok(c, sc, "self_check", "threads", JSON_ARRAY, &threads))
        return false;
    json_object_foreach(total, k, v)
    {
        if (!count_ok(c, total, "self_check.total", k, INT64_MAX, NULL))
            return false;
    }
    return true;
}

/* The run's times and percentile ranks. */
static bool header_ok(struct check *c, json_t *root, double *start, double *end)
{
    json_t *a, *p;
    char at[64];
    size_t i;

    if (!num_ok(c, root, "", "start_epoch_s", TIME_MAX_S, true, start) ||
        !num_ok(c, root, "", "end_epoch_s", TIME_MAX_S, true, end))
        return false;
    if (*start > *end)
        return bad(c, "", "start_epoch_s", "%.15g, after end_epoch_s (%.15g)",
                   *start, *end);
    if (!member_ok(c, root, "", "percentiles", JSON_ARRAY, &a)) return false;
    json_array_foreach(a, i, p)
    {
        snprintf(at, sizeof(at), "percentiles[%zu]", i);
        if (!json_is_number(p))
            return bad(c, at, "", "%s, not a percentile rank", type_name(p));
        if (!(json_number_value(p) >= 0 && json_number_value(p) <= 100))
            return bad(c, at, "", "%.15g, not a rank from 0 to 100",
                       json_number_value(p));
    }
    return true;
}

/* Every member the commands read, with the rules of docs/reliability.md;
 * 0, or -1 with the cause ("intervals[3].events: negative (-5)"). */
static int validate(json_t *root, double *start, double *end, char *cause,
                    size_t size)
{
    struct check c = {.h = hist_new()};
    bool ok;

    if (!c.h) {
        snprintf(cause, size, "out of memory");
        return -1;
    }
    ok = header_ok(&c, root, start, end) &&
         period_ok(&c, json_object_get(root, "totals"), "totals") &&
         intervals_ok(&c, root) && kinds_ok(&c, root, "") &&
         rate_ok(&c, root, "") && self_check_ok(&c, root) &&
         result_run_series_ok(root, c.cause, sizeof(c.cause));
    hist_free(c.h);
    if (!ok) snprintf(cause, size, "%s", c.cause);
    return ok ? 0 : -1;
}

int result_check(json_t *root, char *cause, size_t size)
{
    double start, end;

    return validate(root, &start, &end, cause, size);
}

/* Every string of a document read, control characters (an escape
 * sequence's ESC among them) made '?': merge and compare print the
 * documents' names, hosts and versions on the terminal. bench writes none
 * (its strings are names, numbers and command lines). */
static void clean_strings(json_t *v)
{
    const char *key;
    json_t *item;
    size_t i;

    if (json_is_string(v)) {
        const char *s = json_string_value(v);
        size_t n      = json_string_length(v);
        char *copy;
        bool bad = false;
        for (i = 0; i < n && !bad; i++)
            bad = (unsigned char) s[i] < 0x20 || s[i] == 0x7f;
        if (!bad || !(copy = malloc(n + 1))) return;
        for (i = 0; i < n; i++)
            copy[i] = (unsigned char) s[i] < 0x20 || s[i] == 0x7f ? '?' : s[i];
        json_string_setn(v, copy, n);
        free(copy);
    } else if (json_is_array(v)) {
        json_array_foreach(v, i, item) clean_strings(item);
    } else if (json_is_object(v)) {
        json_object_foreach(v, key, item) clean_strings(item);
    }
}

int result_doc_load(struct result_doc *d, const char *path, const char *who,
                    bool any_version)
{
    json_error_t err;
    const char *schema, *missing;
    char cause[400];

    *d = (struct result_doc){.path = path};
    if (!(d->root = json_load_file(path, JSON_REJECT_DUPLICATES, &err))) {
        FILE *f = fopen(path, "r");
        if (!f) return fail(who, path, strerror(errno));
        fclose(f);
        snprintf(cause, sizeof(cause),
                 "not valid JSON (line %d, column %d: %s)", err.line,
                 err.column, err.text);
        return fail(who, path, cause);
    }
    clean_strings(d->root);
    schema = result_str(d->root, "schema");
    if (!json_is_object(d->root) || !schema) {
        result_doc_fini(d);
        return fail(who, path,
                    "not a bench result document (no \"schema\" member)");
    }
    if (strcmp(schema, RESULT_SCHEMA) != 0 &&
        !(any_version && strncmp(schema, "bench-result/", 13) == 0)) {
        snprintf(cause, sizeof(cause),
                 "schema \"%.100s\", not " RESULT_SCHEMA
                 " (a document of another version or program)",
                 schema);
        result_doc_fini(d);
        return fail(who, path, cause);
    }
    if ((missing = missing_member(d->root))) {
        snprintf(cause, sizeof(cause),
                 "member %s missing or of the wrong type (an incomplete "
                 "document?)",
                 missing);
        result_doc_fini(d);
        return fail(who, path, cause);
    }
    if (validate(d->root, &d->start_s, &d->end_s, cause, sizeof(cause)) != 0) {
        result_doc_fini(d);
        return fail(who, path, cause);
    }
    return 0;
}

void result_doc_fini(struct result_doc *d)
{
    json_decref(d->root);
    d->root = NULL;
}

int result_hist_add(struct hist *dst, json_t *lat, const struct result_doc *d,
                    const char *where, const char *who)
{
    const char *b64 = result_str(lat, "hdr");
    uint64_t sum    = hist_sum_ns(dst);
    char cause[200];

    if (!b64 || hdr_codec_decode_add(dst, b64, strlen(b64)) != 0) {
        snprintf(cause, sizeof(cause), "%s.hdr: %s", where,
                 !b64 ? "missing (no latency record to add)"
                      : hdr_cause(errno));
        return fail(who, d->path, cause);
    }
    /* The encoding keeps buckets, not the sum: the exact one is stored. */
    hist_set_sum_ns(dst, sum + (uint64_t) result_num(lat, "sum_ns", 0));
    return 0;
}
