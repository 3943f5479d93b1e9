/* SPDX-License-Identifier: MIT */
/* run: the life of one command (prepare, run, cleanup, help, custom): loads
 * the workload, finishes option parsing, and for `run` owns the pool, the
 * pacer and the reporter thread. Returns the process exit status; only
 * main.c exits. Nothing includes run.h but main.c (cli.c fills the
 * struct run_config of run_config.h). */
#ifndef BENCH_RUN_H
#define BENCH_RUN_H

#include <signal.h>
#include <stdbool.h>

#include "run_config.h"

/* Set while the workers of `run` are released and not yet freed: a
 * SIGINT/SIGTERM handler may then pool_stop(false) them (main.c). Custom
 * commands, prepare and cleanup never set it: nothing there looks at the
 * stop flag. */
extern volatile sig_atomic_t run_stoppable;

/* The signal that stopped the run (main.c's handler sets it when it stops
 * the workers), 0 while none did: the result document says so (PD-15). */
extern volatile sig_atomic_t run_interrupted;

/* --metrics-linger: while the endpoint lingers after a run, wakes it so
 * that it ends at once and returns true (the exit status stays the
 * run's); false at any other time. Async-signal-safe (main.c's
 * handler). */
bool run_end_linger(void);

/* Runs the command. Exit status: 0, 1 (errors), 2 (init timeout, forced
 * shutdown). */
int run_command(struct run_config *cfg);

#endif
