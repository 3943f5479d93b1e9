/* SPDX-License-Identifier: MIT */
/* run: the life of one command (prepare, run, cleanup, help, custom): loads
 * the workload, finishes option parsing, and for `run` owns the pool, the
 * pacer and the reporter thread. Returns the process exit status; only
 * main.c exits. Nothing includes run.h but main.c (cli.c fills the
 * struct run_config of run_config.h). */
#ifndef BENCH_RUN_H
#define BENCH_RUN_H

#include "run_config.h"

/* Runs the command. Exit status: 0, 1 (errors), 2 (init timeout, forced
 * shutdown). */
int run_command(struct run_config *cfg);

#endif
