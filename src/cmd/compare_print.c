/* SPDX-License-Identifier: MIT */
/* compare_print: what `bench compare` prints (compare_internal.h): the
 * table of the metrics that apply, the noise test it used, a line per
 * --fail-on threshold and the verdict; or the same as one JSON object. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare_internal.h"

/* -- The table ---------------------------------------------------------- */

static void fmt_num(char *buf, size_t size, double v)
{
    snprintf(buf, size, isnan(v) ? "n/a" : "%.2f", v);
}

static void fmt_change(char *buf, size_t size, const struct row *r)
{
    if (isnan(r->change_pct))
        snprintf(buf, size, "n/a");
    else
        snprintf(buf, size, "%+.2f%%", r->change_pct);
}

static void fmt_noise(char *buf, size_t size, const struct row *r)
{
    if (r->insufficient)
        snprintf(buf, size, "insufficient data");
    else if (isnan(r->p))
        snprintf(buf, size, "n/a");
    else
        snprintf(buf, size, r->p < 0.0001 ? "%s (p<0.0001)" : "%s (p=%.4f)",
                 r->beyond ? "yes" : "no", r->p);
}

static void print_row(enum compare_format fmt, const char *a, const char *b,
                      const char *c, const char *d, const char *e)
{
    if (fmt == FMT_MARKDOWN)
        printf("| %s | %s | %s | %s | %s |\n", a, b, c, d, e);
    else
        printf("%-18s %12s %12s %9s  %s\n", a, b, c, d, e);
}

static void print_table(const struct row *rows, enum compare_format fmt)
{
    print_row(fmt, "metric", "base", "new", "change", "beyond noise");
    if (fmt == FMT_MARKDOWN) printf("|:--|--:|--:|--:|:--|\n");
    for (int m = 0; m < M_N; m++) {
        char b[32], n[32], c[32], p[40];
        if (!rows[m].shown) continue;
        fmt_num(b, sizeof(b), rows[m].base);
        fmt_num(n, sizeof(n), rows[m].new_);
        fmt_change(c, sizeof(c), &rows[m]);
        fmt_noise(p, sizeof(p), &rows[m]);
        print_row(fmt, compare_metrics[m].label, b, n, c, p);
    }
}

/* -- The noise test's note ------------------------------------------------ */

/* The metrics shown and tested on samples from src, "tps, qps"; the
 * sample sizes of the first. False when none. */
static bool metrics_from(const struct row *rows, enum sample_src src, char *buf,
                         size_t size, size_t *nb, size_t *nn)
{
    size_t len = 0;

    buf[0] = '\0';
    for (int m = 0; m < M_N; m++) {
        if (!rows[m].shown || rows[m].src != src || rows[m].insufficient)
            continue;
        if (len == 0) *nb = rows[m].nb, *nn = rows[m].nn;
        len += (size_t) snprintf(buf + len, size - len, "%s%s", len ? ", " : "",
                                 compare_metrics[m].name);
        if (len >= size) break;
    }
    return len > 0;
}

static void print_noise_note(const struct compare_out *o)
{
    char ser[96], ivl[96];
    size_t sb = 0, sn = 0, ib = 0, in = 0;
    bool has_s, has_i, insufficient = false;

    for (int m = 0; m < M_N; m++)
        insufficient |= o->rows[m].shown && o->rows[m].insufficient;
    if (o->side[0]->nruns > 1 || o->side[1]->nruns > 1) {
        printf("Beyond noise: Welch's t-test, two-sided, p < %.2f, on the "
               "runs' figures (base %zu runs, new %zu); base and new are the "
               "runs' means.%s\n",
               COMPARE_ALPHA, o->side[0]->nruns, o->side[1]->nruns,
               insufficient ? " Insufficient data: a test across runs needs "
                              "2 runs a side."
                            : "");
        return;
    }
    has_s = metrics_from(o->rows, SRC_SERIES, ser, sizeof(ser), &sb, &sn);
    has_i = metrics_from(o->rows, SRC_INTERVALS, ivl, sizeof(ivl), &ib, &in);
    printf("Beyond noise: two-sided Mann-Whitney U test, p < %.2f, on",
           COMPARE_ALPHA);
    if (has_s)
        printf(" the per-second series (%s; base %zu s, new %zu)", ser, sb, sn);
    if (has_i)
        printf("%s the per-interval values (%s; base %zu intervals, new %zu)",
               has_s ? " and" : "", ivl, ib, in);
    if (!has_s && !has_i)
        printf(" each run's per-second series and per-interval values");
    printf(".%s\n", insufficient ? " Insufficient data: too few samples to "
                                   "reach p < 0.05 whatever the change."
                                 : "");
}

/* -- The report ----------------------------------------------------------- */

static void print_paths(const char *what, const struct side *s)
{
    printf("%s", what);
    if (s->nruns > 1) printf(" %zu runs (means):", s->nruns);
    for (size_t i = 0; i < s->nruns; i++)
        printf(" %s", s->doc[i].path);
    printf("\n");
}

void compare_print(const struct compare_out *o)
{
    bool md        = o->fmt == FMT_MARKDOWN;
    enum verdict v = compare_verdict(o->checks, o->nchecks);

    if (!md) {
        print_paths("base:", o->side[0]);
        print_paths("new: ", o->side[1]);
        printf("\n");
    }
    print_table(o->rows, o->fmt);
    printf("\n");
    print_noise_note(o);
    for (size_t i = 0; i < json_array_size(o->notes); i++)
        printf("Note: %s\n", json_string_value(json_array_get(o->notes, i)));
    if (md) printf("\n");
    for (int i = 0; i < o->nchecks; i++)
        printf(md ? "- `%s` **%s**: %s\n" : "compare: %s: %s: %s\n",
               o->checks[i].t->text, compare_verdict_name(o->checks[i].v),
               o->checks[i].detail);
    if (md) printf("\n");
    printf(md ? "**%s**%s\n" : "compare: %s%s\n", compare_verdict_name(v),
           o->nchecks ? "" : " (no --fail-on thresholds)");
}

/* -- JSON --------------------------------------------------------------- */

static json_t *num_or_null(double v)
{
    return isnan(v) || isinf(v) ? json_null() : json_real(v);
}

static json_t *paths_of(const struct side *s)
{
    json_t *a = json_array();

    for (size_t i = 0; i < s->nruns; i++)
        json_array_append_new(a, json_string(s->doc[i].path));
    return a;
}

static json_t *metrics_json(const struct row *rows)
{
    static const char *const src[] = {"none", "series", "intervals", "runs"};
    json_t *ms                     = json_object();

    for (int m = 0; m < M_N; m++) {
        const struct row *r = &rows[m];
        if (!r->shown) continue;
        json_object_set_new(
            ms, compare_metrics[m].name,
            json_pack("{s:o,s:o,s:o,s:o,s:b,s:b,s:s,s:I,s:I}", "base",
                      num_or_null(r->base), "new", num_or_null(r->new_),
                      "change_pct", num_or_null(r->change_pct), "p",
                      num_or_null(r->p), "beyond_noise", r->beyond,
                      "insufficient_data", r->insufficient, "samples",
                      src[r->src], "base_samples", (json_int_t) r->nb,
                      "new_samples", (json_int_t) r->nn));
    }
    return ms;
}

static void checks_json(const struct compare_out *o, json_t *out)
{
    json_t *checks = json_array(), *viol = json_array();

    for (int i = 0; i < o->nchecks; i++) {
        const struct check *c = &o->checks[i];
        char msg[400];
        snprintf(msg, sizeof(msg), "compare: %s: %s: %s", c->t->text,
                 compare_verdict_name(c->v), c->detail);
        json_t *j =
            json_pack("{s:s,s:s,s:s,s:s}", "threshold", c->t->text, "metric",
                      compare_metrics[c->t->m].name, "verdict",
                      compare_verdict_name(c->v), "message", msg);
        if (c->v == V_FAIL) json_array_append(viol, j);
        json_array_append_new(checks, j);
    }
    json_object_set_new(out, "checks", checks);
    json_object_set_new(out, "violations", viol);
}

void compare_print_json(const struct compare_out *o)
{
    bool runs   = o->side[0]->nruns > 1 || o->side[1]->nruns > 1;
    json_t *out = json_object();

    json_object_set_new(out, "base", json_string(o->side[0]->doc[0].path));
    json_object_set_new(out, "new", json_string(o->side[1]->doc[0].path));
    json_object_set_new(out, "base_runs", paths_of(o->side[0]));
    json_object_set_new(out, "new_runs", paths_of(o->side[1]));
    json_object_set_new(out, "test",
                        json_string(runs ? "welch-t" : "mann-whitney-u"));
    json_object_set_new(out, "alpha", json_real(COMPARE_ALPHA));
    json_object_set_new(out, "metrics", metrics_json(o->rows));
    json_object_set(out, "notes", o->notes);
    checks_json(o, out);
    json_object_set_new(out, "verdict",
                        json_string(compare_verdict_name(
                            compare_verdict(o->checks, o->nchecks))));
    json_dumpf(out, stdout,
               JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(10));
    printf("\n");
    json_decref(out);
}
