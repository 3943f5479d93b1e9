/* SPDX-License-Identifier: MIT */
/* result_read: reading result documents (schema bench-result/1,
 * docs/results.md) for the commands that take them as input, `bench merge`
 * and `bench compare`: loading and checking one, reading numbers by path,
 * rebuilding a latency record from its `hdr`. Writing a run's document is
 * the results writer's; this module only reads (and merge edits a copy).
 *
 * Conventions: int functions return 0 ok, -1 after printing one error line
 * "<who>: read <file>: <cause>" on stderr (who: "merge", "compare"). */
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
 * members merge and compare rely on (schema, start/end times, totals with
 * a latency record, intervals). A missing file, invalid or truncated JSON
 * and another schema are each one error line; with any_version, another
 * bench-result/N is read as far as it has those members. */
int result_doc_load(struct result_doc *d, const char *path, const char *who,
                    bool any_version);
void result_doc_fini(struct result_doc *d);

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
