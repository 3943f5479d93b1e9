/* SPDX-License-Identifier: MIT */
/* run_config: the settings of one command, filled by cli.c from argv and
 * config files, read by run.c. Only the struct: no functions. */
#ifndef BENCH_RUN_CONFIG_H
#define BENCH_RUN_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

struct options;

#define RUN_MAX_CHECKPOINTS 256
#define RUN_MAX_PERCENTILES 16 /* = REPORT_MAX_PERCENTILES */

/* Everything main.c parsed and validated. */
struct run_config {
    struct options *opts;
    const char *progname; /* basename of argv[0], for messages */
    int argc;
    char **argv;          /* as typed: sysbench.cmdline.argv */
    const char *testname; /* NULL: standard input */
    const char *command;
    char **pending; /* option arguments left for the test (pass 2) */
    const char *
        *pending_origin; /* "file:line" for config-file items, or NULL */
    size_t npending;
    bool profile_m;

    unsigned threads;
    int events; /* <= 0: unlimited */
    int time_s; /* 0: unlimited; < 0: endless */
    int warmup_s;
    int forced_shutdown_s; /* < 0: off */
    size_t stack_size;
    int init_timeout_s;
    int rate;
    uint64_t latency_limit_ns; /* --latency-limit; 0: none */
    int report_interval_s;
    unsigned checkpoints[RUN_MAX_CHECKPOINTS]; /* sorted */
    unsigned ncheckpoints;
    bool debug, validate, histogram;
    bool progress;              /* --progress, and --verbosity shows notices */
    const char *metrics_addr;   /* --metrics-addr, or NULL */
    const char *metrics_push;   /* --metrics-push, or NULL */
    const char *metrics_job;    /* --metrics-job, or NULL */
    uint64_t metrics_linger_ns; /* --metrics-linger; 0: off */
    int percentile;
    double percentiles[RUN_MAX_PERCENTILES]; /* report.h report_data */
    unsigned npercentiles;
    bool percentile_list;
    /* bench's measurements beyond sysbench's (detail.h): on with
     * --extended-report=on, and with any machine format (run.c ORs in
     * whichever options need the figures). */
    bool extended_report;
    int rand_seed;
    unsigned rand_seed_offset;  /* --rand-seed-offset / JOB_COMPLETION_INDEX */
    int64_t start_at_ns;        /* --start-at, ns since the epoch; 0: none */
    uint64_t start_late_max_ns; /* --start-late-max; 0: no bound */
    const char *luajit_cmd;
    /* Machine output (results.h): --format as enum results_format, the
     * stream it prints on (results_take_stdout; NULL for text), --results
     * and --hdr-log (NULL when not given). Any of them set (format != 0,
     * or a path) needs detail.h's measurements on, as extended_report. */
    int format;
    FILE *machine_out;
    const char *results_path, *hdr_log_path;
    /* Virtual users (docs/virtual-users.md); 0: one script per thread. */
    unsigned virtual_users;
    unsigned reconnect_every; /* 0: never */
    double think_ms;          /* pause between a user's events */
    bool think_exp;           /* exponential with mean think_ms */
};

#endif
