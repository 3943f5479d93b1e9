/* SPDX-License-Identifier: MIT */
/* results: bench's machine-readable output (docs/results.md): the result
 * document of schema bench-result/1 (--results=FILE, and the last NDJSON
 * line of --format=json), the NDJSON interval lines, the CSV rows of
 * --format=csv and the HdrHistogram interval log of --hdr-log. Fed by the
 * reporter with the same report_data the text report prints, at each
 * intermediate report and at the end: never on the per-event path.
 *
 * Conventions: constructors NULL with errno, int functions 0 / -1 after
 * printing the cause with log_fatal ("results: write FILE: cause", or
 * "hdr-log: ..." for the interval log). One
 * caller at a time: the reporter thread while it runs, then the main
 * thread. */
#ifndef BENCH_RESULTS_H
#define BENCH_RESULTS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct options;
struct report_data;

enum results_format {
    RESULTS_TEXT = 0, /* sysbench's report (default) */
    RESULTS_JSON,     /* NDJSON intervals, then the document */
    RESULTS_CSV,      /* header + one row per interval */
};

/* What a run's output needs to know besides the report figures. Strings
 * are borrowed for the results' lifetime. */
struct results_config {
    enum results_format format;
    FILE *out;                /* where json/csv go (results_take_stdout) */
    const char *path;         /* --results, or NULL */
    const char *hdr_log_path; /* --hdr-log, or NULL */
    int argc;
    char **argv;
    const struct options *opts;
    const char *test, *command;
    bool profile_m;
    int rate; /* --rate, 0 if none */
    /* The database, when the run used one: the driver's name and the
     * versions it saw (any may be NULL). Asked at the end of the run. */
    const char *(*db_driver)(void);
    const char *(*db_server_version)(void);
    const char *(*db_client_version)(void);
    /* Whether the run used a database server (the self-check's verdict
     * applies): not the built-in tests nor in-process drivers. */
    bool (*server_run)(void);
    /* --report-checkpoints was given: the document lists them, and CSV
     * rows end with a `row` column (interval or checkpoint). */
    bool checkpoints;
};

/* Parses --format's value; -1 if it is none of text, json, csv. */
int results_parse_format(const char *text, enum results_format *out);

/* For --format=json/csv: returns a stream on the process's standard output
 * and points file descriptor 1 at standard error, so that everything else
 * printed there (log lines, a script's print) goes to stderr and stdout
 * holds only the format. Main thread, before anything is printed. NULL
 * with errno on failure (nothing changed then). */
FILE *results_take_stdout(void);

/* Opens the files. --results's path is checked now, so that an unwritable
 * one fails before the run, but left as it is until results_final
 * replaces it whole (written beside it, then renamed over it); --hdr-log
 * is created now. NULL after log_fatal. */
struct results *results_new(const struct results_config *cfg);

/* Whether the text report is replaced (--format=json or csv). */
bool results_replaces_text(const struct results *r);

/* One intermediate report: d as report_intermediate gets it, start_ns the
 * monotonic clock of the measured start (after warm-up), now_ns of this
 * report. Appends the interval, prints its NDJSON line or CSV row, logs
 * its records. Reporter thread. */
int results_interval(struct results *r, const struct report_data *d,
                     uint64_t start_ns, uint64_t now_ns);

/* A checkpoint report (--report-checkpoints): d as report_cumulative gets
 * it, over the period since the previous checkpoint (or the start).
 * Appends the checkpoint to the document, prints its NDJSON line or CSV
 * row. Reporter thread. */
int results_checkpoint(struct results *r, const struct report_data *d);

/* The final report: d as report_cumulative gets it. Writes the document
 * (file, NDJSON line), a CSV row and log lines for the whole run when no
 * interval was reported, and closes the files. A document that cannot be
 * written whole leaves what was at its path untouched (-1 after
 * log_fatal). Main thread. */
int results_final(struct results *r, const struct report_data *d,
                  uint64_t start_ns, uint64_t now_ns);

/* How the run ended, for the document's "run" member (PD-15): complete
 * (the default), interrupted by `signal` ("SIGINT"), or failed for
 * `reason`; `planned_time_s` / `planned_events` are --time and --events
 * (0: none). Call before results_final. r NULL: nothing. */
enum results_end { RESULTS_COMPLETE, RESULTS_INTERRUPTED, RESULTS_FAILED };
void results_set_end(struct results *r, enum results_end how, const char *why,
                     int planned_time_s, int planned_events);

/* The throughput series (series.h, the document's "series"), fed with
 * the workers' cumulative counts since the measured start (c[SERIES_N]:
 * events, queries, errors): when its open bucket ends (monotonic ns;
 * UINT64_MAX when r is NULL or the series ended), and closing it at
 * now_ns; `last` closes the run's last bucket with its true duration
 * (before results_final). Reporter thread, then the main thread. */
uint64_t results_series_due_ns(const struct results *r, uint64_t start_ns);
void results_series_add(struct results *r, const uint64_t *c, uint64_t start_ns,
                        uint64_t now_ns, bool last);

/* Adds a WARNING line bench printed about the result (without the
 * "WARNING: " prefix) to the document. Accepts r NULL (does nothing). */
void results_warning(struct results *r, const char *text);

/* Accepts NULL. Closes files left open; a failed run (no results_final)
 * leaves what was at --results's path as it was (an earlier document, or
 * nothing), and the interval log as far as it got. */
void results_free(struct results *r);

#endif
