/* SPDX-License-Identifier: MIT */
/* result_run: the members of a result document that say how its run went,
 * "run" (how it ended, PD-15) and "series" (its throughput bucket by
 * bucket), checked as result_read.c checks the others (issue 28), and what
 * merge and compare ask of them (result_read.h). */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "result_read.h"

/* Seconds a document may hold (result_read.c's bound: an int64 of ns). */
#define RUN_TIME_MAX_S 9223372036.0

static const char *const series_arrays[] = {"events", "queries", "errors"};

__attribute__((format(printf, 3, 4))) static bool bad(char *cause, size_t size,
                                                      const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(cause, size, fmt, ap);
    va_end(ap);
    return false;
}

/* obj[key], when present and not null, is a number in 0..max. */
static bool number_ok(json_t *obj, const char *at, const char *key, double max,
                      char *cause, size_t size)
{
    json_t *v = json_object_get(obj, key);

    if (!v || json_is_null(v)) return true;
    if (!json_is_number(v))
        return bad(cause, size, "%s.%s: not a number", at, key);
    if (!(json_number_value(v) >= 0 && json_number_value(v) <= max))
        return bad(cause, size, "%s.%s: %.15g, out of range (0 to %.15g)", at,
                   key, json_number_value(v), max);
    return true;
}

static bool run_ok(json_t *root, char *cause, size_t size)
{
    static const char *const strings[] = {"status", "signal", "reason"};
    json_t *run                        = json_object_get(root, "run");
    const char *st;

    if (!run) return true;
    if (!json_is_object(run)) return bad(cause, size, "run: not an object");
    for (size_t i = 0; i < 3; i++) {
        json_t *v = json_object_get(run, strings[i]);
        if ((v || i == 0) && !json_is_string(v))
            return bad(cause, size, "run.%s: %s", strings[i],
                       v ? "not a string" : "missing");
    }
    st = result_str(run, "status");
    if (strcmp(st, "complete") != 0 && strcmp(st, "interrupted") != 0 &&
        strcmp(st, "failed") != 0)
        return bad(cause, size,
                   "run.status: \"%.60s\", not complete, interrupted or "
                   "failed",
                   st);
    return number_ok(run, "run", "planned_time_s", RUN_TIME_MAX_S, cause,
                     size) &&
           number_ok(run, "run", "planned_events", 9.2e18, cause, size) &&
           number_ok(run, "run", "time_s", RUN_TIME_MAX_S, cause, size);
}

/* series[key]: an array of n counts (n: the events' length) whose sum
 * stays below 2^63. */
static bool counts_ok(json_t *s, const char *key, size_t *n, char *cause,
                      size_t size)
{
    json_t *a      = json_object_get(s, key), *v;
    json_int_t sum = 0;
    size_t i;

    if (!json_is_array(a))
        return bad(cause, size, "series.%s: %s", key,
                   a ? "not an array" : "missing");
    if (*n != SIZE_MAX && json_array_size(a) != *n)
        return bad(cause, size, "series.%s: %zu buckets, events has %zu", key,
                   json_array_size(a), *n);
    *n = json_array_size(a);
    json_array_foreach(a, i, v)
    {
        if (!json_is_integer(v) || json_integer_value(v) < 0)
            return bad(cause, size,
                       "series.%s[%zu]: not a count (a whole number >= 0)", key,
                       i);
        if (__builtin_add_overflow(sum, json_integer_value(v), &sum))
            return bad(cause, size,
                       "series.%s[%zu]: the counts add up past "
                       "2^63 - 1",
                       key, i);
    }
    return true;
}

static bool series_ok(json_t *root, char *cause, size_t size)
{
    json_t *s = json_object_get(root, "series");
    size_t n  = SIZE_MAX;
    double w, last;

    if (!s) return true;
    if (!json_is_object(s)) return bad(cause, size, "series: not an object");
    for (size_t i = 0; i < 2; i++) {
        const char *key = i ? "last_s" : "bucket_s";
        if (!json_is_number(json_object_get(s, key)))
            return bad(cause, size, "series.%s: missing or not a number", key);
        if (!number_ok(s, "series", key, RUN_TIME_MAX_S, cause, size))
            return false;
    }
    w    = result_num(s, "bucket_s", 0);
    last = result_num(s, "last_s", 0);
    if (!(w > 0)) return bad(cause, size, "series.bucket_s: 0, not a width");
    for (size_t i = 0; i < 3; i++)
        if (!counts_ok(s, series_arrays[i], &n, cause, size)) return false;
    if (n > 0 && (double) (n - 1) * w + last > RUN_TIME_MAX_S)
        return bad(cause, size,
                   "series: %zu buckets of %.15g s, longer than "
                   "a run can be",
                   n, w);
    return true;
}

bool result_run_series_ok(json_t *root, char *cause, size_t size)
{
    return run_ok(root, cause, size) && series_ok(root, cause, size);
}

bool result_run_complete(json_t *root, char *why, size_t size)
{
    json_t *run     = json_object_get(root, "run");
    const char *st  = result_str(run, "status"),
               *sig = result_str(run, "signal"),
               *rsn = result_str(run, "reason");
    double t        = result_num(run, "time_s", NAN),
           plan_t   = result_num(run, "planned_time_s", 0),
           plan_e   = result_num(run, "planned_events", 0);
    char after[96]  = "";
    int n           = 0;

    if (!st || strcmp(st, "complete") == 0) return true;
    if (!isnan(t)) n = snprintf(after, sizeof(after), " after %.2f s", t);
    if (plan_t > 0)
        snprintf(after + n, sizeof(after) - (size_t) n, " of %.0f s", plan_t);
    else if (plan_e > 0)
        snprintf(after + n, sizeof(after) - (size_t) n,
                 " (%.0f of %.0f events)", result_num(root, "totals.events", 0),
                 plan_e);
    if (strcmp(st, "interrupted") == 0)
        snprintf(why, size, "was interrupted%s%s%s", sig ? " by " : "",
                 sig ? sig : "", after);
    else
        snprintf(why, size, "failed%s%s%s", after, rsn ? ": " : "",
                 rsn ? rsn : "");
    return false;
}
