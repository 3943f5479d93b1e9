/* SPDX-License-Identifier: MIT */
/* results_internal.h: what results.c, results_json.c and results_meta.c
 * share: the JSON builders of the document's parts (jansson values, new
 * references; NULL on ENOMEM or a record that cannot be encoded). */
#ifndef BENCH_RESULTS_INTERNAL_H
#define BENCH_RESULTS_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

struct detail_snapshot;
struct hist;
struct options;
struct report_data;

/* The percentile ranks a report shows: --percentile's list, or its single
 * number; 0 ranks with --percentile=0. *list is borrowed or points into
 * `one`. */
unsigned results_ranks(const struct report_data *d, const double **list,
                       double *one);

/* -- results_json.c: report figures ----------------------------------- */

/* The latency object of record h (docs/results.md), with its "hdr". */
json_t *results_latency(const struct hist *h, const struct report_data *d,
                        bool with_hdr);
/* One interval (without "type"): the period of d ending time_s after the
 * start. */
json_t *results_interval_obj(const struct report_data *d, bool with_hdr);
/* The totals of the final report's period. */
json_t *results_totals(const struct report_data *d);
/* Per statement kind of s; an empty array when nothing was classified. */
json_t *results_kinds(const struct detail_snapshot *s,
                      const struct report_data *d, bool with_hdr);
/* --rate's service time and start lag of s. */
json_t *results_rate(const struct detail_snapshot *s,
                     const struct report_data *d, int target, bool with_hdr);
/* The self-check of s; *client_bound tells the verdict (when it applies:
 * a run against a database server). */
json_t *results_self_check(const struct detail_snapshot *s, bool applies,
                           bool *client_bound);

/* -- results_meta.c: the run's surroundings --------------------------- */

/* {"hostname", "cpu_model", "cpus", "kernel"} of this machine. */
json_t *results_host(void);
/* argv with every password's value replaced by "***". */
json_t *results_command_line(int argc, char **argv);
/* Every registered option -> its text (secrets "***", null when none). */
json_t *results_options(const struct options *o);
/* RFC 3339 UTC with microseconds, into buf (at least 32 bytes). */
void results_time_text(char *buf, size_t size, double epoch_s);
/* The wall clock now, seconds since the epoch. */
double results_epoch_now(void);

#endif
