/* SPDX-License-Identifier: MIT */
/* cli_hint: what bench adds when a command line names something that does
 * not exist (PD-13): "did you mean" for an unknown option, test, command
 * or database driver (the closest name), the valid names where they are
 * few, the driver listing of --db-driver=help, and "(run `prepare` first)"
 * after a command that failed on a missing table. Each is printed once,
 * after sysbench's own lines and on their stream, where bench ends the
 * command; exit statuses stay sysbench's. Only main.c and cli.c use it. */
#ifndef BENCH_CLI_HINT_H
#define BENCH_CLI_HINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct option_def;
struct run_config;

/* After the banner, before the workload is loaded. --db-driver=help
 * without a test lists the drivers and their options: returns 0. A `run`
 * of a bundled workload with a --db-driver no driver has is refused at
 * once, with sysbench's FATAL line and the hint: returns 1. Otherwise -1
 * (go on; sysbench's own handling, and cli_hint_after_run, follow). */
int cli_hint_before_run(const struct run_config *cfg);

/* After run_command returned `status`: when it is 1, prints the hint for
 * what ended the command, when bench can tell what that was. */
void cli_hint_after_run(const struct run_config *cfg, int status);

/* Prints defs[0..n) in sysbench's help layout (options_print_defs),
 * including those a profile hides and bench's own: --db-driver=help and
 * bench's part of --help, which list every option. */
void cli_hint_print_defs(FILE *out, const struct option_def *const *defs,
                         size_t n, bool profile_m);

#endif
