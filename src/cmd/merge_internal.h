/* SPDX-License-Identifier: MIT */
/* merge_internal.h: what merge.c (the command, checks, report) and
 * merge_doc.c (building the merged document) share. */
#ifndef BENCH_MERGE_INTERNAL_H
#define BENCH_MERGE_INTERNAL_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>

#include "result_read.h"

struct hist;

struct merge_input {
    struct result_doc doc;
    double interval_s; /* its report interval; 0 without intervals */
    unsigned threads;
};

/* One cell of the merged interval grid: the inputs' intervals that end
 * in it (borrowed from the documents) and the input each came from. */
struct merge_cell {
    size_t n;
    json_t **iv; /* n of struct merge's cell_iv, from the cell's first */
    size_t *who; /* likewise in cell_who */
    size_t k;    /* its place on the grid: it ends at (k + 1) * grid_s */
};

struct merge {
    struct merge_input *in;
    size_t n;
    int argc;
    char **argv;  /* the merge's own command line, argv[0] "merge" */
    double t0_s;  /* earliest start, epoch s: the merged start */
    double end_s; /* latest end */
    double grid_s;
    bool aligned;             /* every input's intervals on one grid */
    bool same_length;         /* every input's report interval the same */
    double offset_s;          /* largest start misalignment seen */
    unsigned threads;         /* the inputs' threads summed */
    struct merge_cell *cells; /* the cells holding intervals, in order */
    size_t ncells;
    json_t **cell_iv; /* every interval, by cell */
    size_t *cell_who;
    char overflow[320];       /* the first count whose sum overflowed, if any */
    char unaligned[400];      /* starts too far apart, merged anyway; or "" */
    json_t *out;              /* the merged document */
    struct hist *total;       /* its totals record (for the report) */
    struct hist **cell_hists; /* per cell, for the report */
};

/* Builds m->out (and m->total, m->cell_hists: one per cell) from the
 * checked inputs and the grid. Counts add up only below 2^63: past it,
 * -1 after one line naming the member and the input that overflowed it.
 * 0 ok; -1 after an error line naming the file at fault. */
int merge_build(struct merge *m);

/* A latency object (schema $defs/latency) of the sum of the records of
 * lats[0..n) (NULL entries skipped), percentiles at the ranks `pcts`;
 * the record added up goes to *keep when keep is not NULL (caller frees),
 * else is freed. NULL after an error line. */
json_t *merge_latency(struct merge *m, json_t *const *lats, const size_t *who,
                      size_t n, json_t *pcts, const char *where,
                      struct hist **keep);

/* merge.c: why the inputs' intervals do not line up, and the grid chosen
 * (a phrase for a Note line). */
void merge_grid_note(const struct merge *m, char *buf, size_t size);

/* merge_report.c: the inputs (hosts, command lines, how their runs
 * ended) and sysbench's report of the merged run, on stdout. */
void merge_print_inputs(const struct merge *m);
void merge_print_report(const struct merge *m);

/* merge_run.c: an input's run status ("complete" for a document from
 * before the "run" member); the merged "run" (the worst input's end,
 * time_s the merged period); the merged "series", or NULL when an input
 * has none or after noting an overflow in m->overflow. */
const char *merge_input_status(json_t *root);
json_t *merge_run(const struct merge *m, double time_s);
json_t *merge_series(struct merge *m);

#endif
