/* SPDX-License-Identifier: MIT */
/* results_internal.h: what results.c, results_json.c, results_meta.c and
 * results_file.c share: the JSON builders of the document's parts
 * (jansson values, new references; NULL on ENOMEM or a record that cannot
 * be encoded) and the document's file. */
#ifndef BENCH_RESULTS_INTERNAL_H
#define BENCH_RESULTS_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

struct detail_snapshot;
struct hist;
struct options;
struct report_data;
struct results_file;

/* jansson's %.17g prints 0.1 as 0.10000000000000001; 16 digits keep every
 * figure (epoch seconds to the microsecond) and read back as typed. */
#define RESULTS_JSON_FLAGS (JSON_COMPACT | JSON_REAL_PRECISION(16))

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

/* -- results_file.c: the document's file ------------------------------ */

/* Where the document goes. With --results's path: what is there is
 * checked now (a directory, or a file we may not write, is refused; a
 * device or FIFO is opened, written in place at the end), and the spool
 * created beside it; the file itself is replaced only by
 * results_file_write. Without (--format=json only): the spool, in $TMPDIR,
 * waits for the first interval. NULL after log_fatal. */
struct results_file *results_file_open(const char *path);
/* Appends interval object iv to the spool (and flushes it). 0, or -1
 * after log_fatal ("results: write PATH: cause"). */
int results_file_interval(struct results_file *rf, const json_t *iv);
/* How many intervals the spool holds. */
size_t results_file_intervals(const struct results_file *rf);
/* Writes doc, whose "intervals" member (a placeholder) stands for the
 * spool's, compact on one line to out (--format=json's last line). 0, or
 * -1 after log_fatal. */
int results_file_stream(struct results_file *rf, const json_t *doc, FILE *out);
/* Writes doc so, indented, to a new file beside the path and renames it
 * over the path (a device or FIFO: in place). 0, or -1 after log_fatal:
 * the new file removed, what was at the path untouched. Once. */
int results_file_write(struct results_file *rf, const json_t *doc);
/* Accepts NULL. Closes the spool; the path stays as it was unless
 * results_file_write replaced it. */
void results_file_free(struct results_file *rf);

#endif
