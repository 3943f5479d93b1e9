/* SPDX-License-Identifier: MIT */
/* run: the life of one command (prepare, run, cleanup, help, custom): loads
 * the workload, finishes option parsing, and for `run` owns the pool, the
 * pacer and the reporter thread. Returns the process exit status; only
 * main.c exits. Nothing includes run.h but main.c. */
#ifndef BENCH_RUN_H
#define BENCH_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct options;

#define RUN_MAX_CHECKPOINTS 256

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
    int report_interval_s;
    unsigned checkpoints[RUN_MAX_CHECKPOINTS]; /* sorted */
    unsigned ncheckpoints;
    bool debug, validate, histogram;
    int percentile;
    int rand_seed;
    const char *luajit_cmd;
};

/* Runs the command. Exit status: 0, 1 (errors), 2 (init timeout, forced
 * shutdown). */
int run_command(struct run_config *cfg);

#endif
