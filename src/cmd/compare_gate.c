/* SPDX-License-Identifier: MIT */
/* compare_gate: --fail-on's thresholds and the verdict (compare_internal.h).
 * A relative threshold (tps:-5%) fails when the change reaches it and the
 * noise test calls it real; when the test cannot tell (too few samples to
 * ever reach p < alpha), the gate fails closed: INSUFFICIENT DATA, never a
 * silent pass. An absolute limit (p99>20ms) judges the new figure alone:
 * a limit is a requirement of the new run, not a claim about a change,
 * so no noise test applies. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_internal.h"

#define FORMS                                                                  \
    "METRIC:+N%%, METRIC:-N%% (a change), METRIC>VALUE or METRIC<VALUE (a "    \
    "limit; metrics: tps, qps, p50, p95, p99, max, errors, cpu)"

static int find_metric(const char *name, size_t len)
{
    for (int m = 0; m < M_N; m++)
        if (strlen(compare_metrics[m].name) == len &&
            strncmp(compare_metrics[m].name, name, len) == 0)
            return m;
    return -1;
}

/* A limit's value in the table's unit: ms for a latency (us, ms or s
 * given), a plain number otherwise. */
static int parse_limit(const char *item, const char *v, struct threshold *t)
{
    static const struct {
        const char *unit;
        double to_ms;
    } units[]    = {{"us", 1e-3}, {"ms", 1}, {"s", 1e3}};
    bool latency = compare_metrics[t->m].pct > 0;
    char *end;
    double x = strtod(v, &end);

    if (end == v || !isfinite(x) || x < 0) {
        fprintf(stderr, "compare: --fail-on: '%s' is not " FORMS "\n", item);
        return -1;
    }
    for (size_t i = 0; latency && i < 3; i++)
        if (strcmp(end, units[i].unit) == 0) {
            t->value = x * units[i].to_ms;
            return 0;
        }
    if (latency) {
        fprintf(stderr,
                "compare: --fail-on: '%s': a latency limit needs its unit, "
                "us, ms or s (%s%c%gms)\n",
                item, compare_metrics[t->m].name, t->op, x);
        return -1;
    }
    if (*end) {
        fprintf(stderr,
                "compare: --fail-on: '%s': %s is a plain number (%s%c%g)\n",
                item, compare_metrics[t->m].name, compare_metrics[t->m].name,
                t->op, x);
        return -1;
    }
    t->value = x;
    return 0;
}

/* One item: "tps:-5%", "p99>20ms". 0, or -1 after an error line. */
static int parse_item(const char *item, struct threshold *t)
{
    size_t len = strcspn(item, ":<>");
    int m      = find_metric(item, len);
    char *end;

    snprintf(t->text, sizeof(t->text), "%s", item);
    if (m < 0 || !item[len]) {
        fprintf(stderr, "compare: --fail-on: '%s' is not " FORMS "\n", item);
        return -1;
    }
    t->m = (enum metric) m;
    if (item[len] != ':') {
        t->absolute = true;
        t->op       = item[len];
        return parse_limit(item, item + len + 1, t);
    }
    t->value = item[len + 1] == '+' || item[len + 1] == '-'
                   ? strtod(item + len + 1, &end)
                   : NAN;
    if (isnan(t->value) || strcmp(end, "%") != 0 || t->value == 0) {
        fprintf(stderr, "compare: --fail-on: '%s' is not " FORMS "\n", item);
        return -1;
    }
    return 0;
}

int compare_parse_fail_on(const char *spec, struct threshold *out, int max)
{
    char *copy = strdup(spec), *save = NULL, *item;
    int n = 0;

    if (!copy) return -1;
    for (item = strtok_r(copy, ",", &save); item;
         item = strtok_r(NULL, ",", &save)) {
        if (n == max) {
            fprintf(stderr, "compare: --fail-on: more than %d thresholds\n",
                    max);
            n = -1;
            break;
        }
        memset(&out[n], 0, sizeof(out[n]));
        if (parse_item(item, &out[n++]) != 0) {
            n = -1;
            break;
        }
    }
    free(copy);
    return n;
}

/* -- Judging ------------------------------------------------------------- */

void compare_fmt_value(char *buf, size_t size, enum metric m, double v)
{
    snprintf(buf, size, compare_metrics[m].pct > 0 ? "%.2f ms" : "%.2f", v);
}

static const char *unit_of(enum sample_src src)
{
    return src == SRC_SERIES ? "per-second values" : "intervals";
}

static void judge_limit(const struct threshold *t, const struct row *r,
                        struct check *c)
{
    char v[32], lim[32];
    bool over;

    if (isnan(r->new_)) {
        c->v = V_INSUFFICIENT;
        snprintf(c->detail, sizeof(c->detail), "the new run has no %s",
                 compare_metrics[t->m].name);
        return;
    }
    compare_fmt_value(v, sizeof(v), t->m, r->new_);
    snprintf(lim, sizeof(lim), "%g%s", t->value,
             compare_metrics[t->m].pct > 0 ? " ms" : "");
    over = t->op == '>' ? r->new_ > t->value : r->new_ < t->value;
    c->v = over ? V_FAIL : V_PASS;
    snprintf(c->detail, sizeof(c->detail), "%s, %s%s %s", v, over ? "" : "not ",
             t->op == '>' ? "above" : "below", lim);
}

/* Whether the change reaches the threshold in its direction (from a base
 * of 0, any rise reaches a '+' threshold). */
static bool reaches(const struct threshold *t, const struct row *r)
{
    if (isnan(r->change_pct))
        return r->base == 0 && r->new_ > 0 && t->value > 0;
    return t->value < 0 ? r->change_pct <= t->value : r->change_pct >= t->value;
}

static void judge_change(const struct threshold *t, const struct row *r,
                         struct check *c)
{
    char b[32], n[32], ch[32], p[32] = "";
    bool crossed = reaches(t, r);

    if (isnan(r->base) || isnan(r->new_)) {
        c->v = V_INSUFFICIENT;
        snprintf(c->detail, sizeof(c->detail), "the runs do not all have %s",
                 compare_metrics[t->m].name);
        return;
    }
    compare_fmt_value(b, sizeof(b), t->m, r->base);
    compare_fmt_value(n, sizeof(n), t->m, r->new_);
    if (isnan(r->change_pct))
        snprintf(ch, sizeof(ch), "up from 0");
    else
        snprintf(ch, sizeof(ch), "%+.2f%%", r->change_pct);
    if (!isnan(r->p))
        snprintf(p, sizeof(p), r->p < 0.0001 ? "p<0.0001" : "p=%.4f", r->p);
    if (r->insufficient) {
        c->v = V_INSUFFICIENT;
        if (r->src == SRC_RUNS)
            snprintf(c->detail, sizeof(c->detail),
                     "%s (base %s, new %s); a test across runs needs 2 runs "
                     "a side (%zu and %zu)",
                     ch, b, n, r->nb, r->nn);
        else
            snprintf(c->detail, sizeof(c->detail),
                     "%s (base %s, new %s); %zu and %zu %s cannot reach p < "
                     "%.2f",
                     ch, b, n, r->nb, r->nn, unit_of(r->src), COMPARE_ALPHA);
        return;
    }
    c->v = crossed && r->beyond ? V_FAIL : V_PASS;
    if (crossed)
        snprintf(c->detail, sizeof(c->detail),
                 "%s (base %s, new %s), %s noise (%s)", ch, b, n,
                 r->beyond ? "beyond" : "within", p);
    else
        snprintf(c->detail, sizeof(c->detail), "%s (base %s, new %s%s%s)", ch,
                 b, n, *p ? "; " : "", p);
}

void compare_judge(const struct threshold *t, const struct row *r,
                   struct check *c)
{
    c->t = t;
    if (t->absolute)
        judge_limit(t, r, c);
    else
        judge_change(t, r, c);
}

enum verdict compare_verdict(const struct check *c, int n)
{
    enum verdict v = V_PASS;

    for (int i = 0; i < n; i++)
        if (c[i].v == V_FAIL || (c[i].v == V_INSUFFICIENT && v == V_PASS))
            v = c[i].v;
    return v;
}

const char *compare_verdict_name(enum verdict v)
{
    return v == V_PASS ? "PASS" : v == V_FAIL ? "FAIL" : "INSUFFICIENT DATA";
}
