/* SPDX-License-Identifier: MIT */
/* series: a run's throughput bucket by bucket, whatever --report-interval
 * is (the result document's "series", docs/results.md): events, queries
 * and errors counted in buckets of bucket_s (1 s to begin with), so that
 * `bench compare` has a sample of the run's noise even without intervals.
 * Bounded: when SERIES_MAX buckets are full, adjacent pairs merge and the
 * width doubles, so a week-long run takes the memory of an hour's.
 * Fed with the workers' cumulative counts at each bucket's end (the
 * reporter thread reads them, nothing is added per event); the last
 * bucket, closed at the end of the run, keeps its true duration.
 *
 * Conventions: one caller at a time (the reporter thread, then the main
 * thread). Counts are since the measured start. */
#ifndef BENCH_SERIES_H
#define BENCH_SERIES_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

enum series_counter { SERIES_EVENTS, SERIES_QUERIES, SERIES_ERRORS, SERIES_N };

/* Buckets kept at most: an hour at 1 s. */
#define SERIES_MAX 3600

struct series;

/* An empty series of 1 s buckets; NULL on ENOMEM. */
struct series *series_new(void);
/* Accepts NULL. */
void series_free(struct series *s);

/* When the open bucket ends, on the monotonic clock: start_ns (the
 * measured start) plus the buckets closed so far and one, in ns. */
uint64_t series_due_ns(const struct series *s, uint64_t start_ns);
/* Closes the open bucket with cumulative counts c[SERIES_N] (read at or
 * just after series_due_ns); merges pairs when the buckets are full. */
void series_tick(struct series *s, const uint64_t *c);
/* Closes the run's last bucket at now_ns with cumulative counts c: its
 * duration is what is left since the last full bucket (none when nothing
 * is left). No bucket closes after it. */
void series_end(struct series *s, uint64_t start_ns, uint64_t now_ns,
                const uint64_t *c);

/* The buckets closed, the width of all but the last, the last one's
 * duration (s), and bucket i's count of counter k. */
size_t series_len(const struct series *s);
double series_bucket_s(const struct series *s);
double series_last_s(const struct series *s);
uint64_t series_at(const struct series *s, size_t i, enum series_counter k);

/* The document's "series" member: {"bucket_s", "last_s", "events",
 * "queries", "errors"}; NULL on ENOMEM or when no bucket was closed. */
json_t *series_json(const struct series *s);

#endif
