/* SPDX-License-Identifier: MIT */
/* compare_internal.h: what compare.c (the command and its checks),
 * compare_figures.c (figures, samples, the noise test), compare_gate.c
 * (--fail-on and the verdict) and compare_print.c (table, lines, JSON)
 * share. */
#ifndef BENCH_COMPARE_INTERNAL_H
#define BENCH_COMPARE_INTERNAL_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "result_read.h"

#define COMPARE_ALPHA 0.05
/* Fewer samples a side: no test ("insufficient data"). */
#define COMPARE_MIN_SAMPLES 3

/* Exit statuses (docs/ci.md). */
enum compare_status {
    COMPARE_PASS         = 0,
    COMPARE_FAIL         = 1, /* a threshold crossed (beyond the noise) */
    COMPARE_INSUFFICIENT = 2, /* a threshold the data cannot judge */
    COMPARE_BAD_INPUT    = 3, /* a document or option refused */
};

enum metric { M_TPS, M_QPS, M_P50, M_P95, M_P99, M_MAX, M_ERRORS, M_CPU, M_N };

struct metric_def {
    const char *name;  /* in --fail-on and JSON */
    const char *label; /* in the tables */
    double pct;        /* latency percentile (100: max); 0: not a latency */
};
extern const struct metric_def compare_metrics[M_N];

/* Where a metric's noise samples come from. */
enum sample_src {
    SRC_NONE,
    SRC_SERIES,    /* the run's per-second series ("series") */
    SRC_INTERVALS, /* its intervals */
    SRC_RUNS,      /* several runs a side: one figure per run */
};

/* One run's figures: the whole run's, and its own samples of each, from
 * its series (tps, qps, errors) and from its intervals (every metric). */
enum { FROM_SERIES, FROM_INTERVALS };
struct figures {
    double total[M_N]; /* NAN: not in the document */
    double *v[2][M_N]; /* [FROM_*][metric] */
    size_t n[2][M_N];
};

/* BASE... or NEW...: the runs of one side. */
struct side {
    size_t nruns;
    struct result_doc *doc;
    struct figures *f;
};

struct row {
    bool shown;        /* the metric applies (table, JSON) */
    double base, new_; /* the run's figure, or the runs' mean */
    double change_pct; /* NAN: base 0 or a side without it */
    double p;          /* NAN: no test */
    enum sample_src src;
    size_t nb, nn;     /* samples a side */
    bool insufficient; /* the test cannot reach p < alpha */
    bool beyond;       /* p < alpha */
};

struct threshold {
    enum metric m;
    bool absolute; /* METRIC>VALUE / METRIC<VALUE, else METRIC:+-N% */
    char op;       /* '>' or '<' (absolute) */
    double value;  /* signed percent, or the figure in the table's unit */
    char text[48]; /* as given */
};

enum verdict { V_PASS, V_FAIL, V_INSUFFICIENT };

struct check {
    const struct threshold *t;
    enum verdict v;
    char detail[256]; /* after "compare: TEXT: VERDICT: " */
};

/* compare_figures.c: a side's figures from its documents (-1 after an
 * error line), freed by side_fini; the row of each metric (-1: ENOMEM). */
int compare_side_load(struct side *s);
void compare_side_fini(struct side *s);
int compare_rows(const struct side *b, const struct side *n, struct row *rows);

/* compare_gate.c: --fail-on's list (count, or -1 after an error line);
 * each threshold judged; the verdict of the checks. */
int compare_parse_fail_on(const char *spec, struct threshold *out, int max);
void compare_judge(const struct threshold *t, const struct row *r,
                   struct check *c);
enum verdict compare_verdict(const struct check *c, int n);
const char *compare_verdict_name(enum verdict v);

/* compare_print.c: the report in text or markdown; the JSON object. */
enum compare_format { FMT_TEXT, FMT_MARKDOWN, FMT_JSON };
struct compare_out {
    enum compare_format fmt;
    const struct side *side[2];
    const struct row *rows;
    const struct check *checks;
    int nchecks;
    json_t *notes; /* strings: the notes printed (--force, --allow-partial) */
};
void compare_print(const struct compare_out *o);
void compare_print_json(const struct compare_out *o);
/* "12.34" or "12.34 ms" (a latency): a metric's figure. */
void compare_fmt_value(char *buf, size_t size, enum metric m, double v);

#endif
