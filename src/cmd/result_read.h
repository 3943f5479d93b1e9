/* SPDX-License-Identifier: MIT */
/* result_read: reading result documents (schema bench-result/1,
 * docs/results.md) for the commands that take them as input, `bench merge`,
 * `bench compare` and `bench plot`: loading and checking one (issue 28:
 * whoever sent it, nothing in it is trusted), reading numbers by path,
 * rebuilding a latency record from its `hdr`. Writing a run's document is
 * the results writer's; this module only reads (and merge edits a copy).
 *
 * Conventions: int functions return 0 ok, -1 after printing one error line
 * "<who>: read <file>: <cause>" on stderr (who: "merge", "compare",
 * "plot"). */
#ifndef BENCH_RESULT_READ_H
#define BENCH_RESULT_READ_H

#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>

struct hist;

#define RESULT_SCHEMA "bench-result/1"

struct result_doc {
    const char *path; /* as given; borrowed */
    json_t *root;     /* owned */
    double start_s;   /* start_epoch_s, end_epoch_s */
    double end_s;
};

/* Reads `path` and checks it is a bench-result/1 document with the
 * members merge, compare and plot rely on (schema, start/end times, totals
 * with a latency record, intervals), then every member they read, as
 * result_check. A missing file, invalid or truncated JSON, another schema
 * and a member that fails a check are each one error line, the last
 * naming the member ("intervals[3].events: negative (-5)"); with
 * any_version, another bench-result/N is read as far as it has those
 * members. */
int result_doc_load(struct result_doc *d, const char *path, const char *who,
                    bool any_version);
void result_doc_fini(struct result_doc *d);

/* The checks of a document's members (docs/reliability.md, "Result
 * documents"): counts are integers >= 0 whose sums the commands make fit
 * in 63 bits, times are seconds from 0 to 2^63 ns and in order, each
 * latency record decodes (no index out of its range) and holds the count
 * it claims, members have the JSON type the commands read. 0 ok; -1 with
 * the member and what is wrong in cause (size bytes). */
int result_check(json_t *root, char *cause, size_t size);

/* result_run.c: the members "run" and "series" checked (called by
 * result_check): false with the member and what is wrong in cause. */
bool result_run_series_ok(json_t *root, char *cause, size_t size);
/* Whether the document's run is complete (one from bench before the
 * "run" member counts as complete); if not, how it ended in why, a phrase
 * after "the run ": "was interrupted by SIGINT after 3.49 s of 20 s",
 * "failed after 2.00 s of 10 s: forced shutdown: ...". */
bool result_run_complete(json_t *root, char *why, size_t size);

/* The member at a dotted path ("totals.qps.total") of obj, or NULL. */
json_t *result_get(json_t *obj, const char *path);
/* Its number (integer or real), or dflt when absent or not a number. */
double result_num(json_t *obj, const char *path, double dflt);
/* Its string, or NULL. */
const char *result_str(json_t *obj, const char *path);

/* Adds the record of latency object `lat` (its `hdr`) to dst; with
 * add_sum, dst's sum becomes the exact sum_ns stored beside it plus what
 * dst held (hist_set_sum_ns). -1 with one error line naming `where`
 * ("totals.latency") when the record is missing or corrupt. */
int result_hist_add(struct hist *dst, json_t *lat, const struct result_doc *d,
                    const char *where, const char *who);

#endif
