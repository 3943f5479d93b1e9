/* SPDX-License-Identifier: MIT */
/* cli_validate: the checks and derived values of the general options
 * (INV 1.8), run once after parsing and before the banner: limits, stats,
 * random numbers, checkpoints, --start-at, virtual users, machine output and
 * the drivers' options; 1.0's deprecated aliases are copied first. Private
 * to cli.c (split out to keep cli.c about parsing and help), but for
 * cli_start_late, which run.c asks again once the workers are ready. */
#ifndef BENCH_CLI_VALIDATE_H
#define BENCH_CLI_VALIDATE_H

#include <stdint.h>

struct run_config;

/* Checks cfg->opts and fills the derived fields of cfg. 0 when valid;
 * otherwise non-zero after one FATAL line naming the option. */
int cli_validate(struct run_config *cfg);

/* --start-late-max: -1 after one FATAL line naming both when --start-at
 * passed more than that bound before `now_ns` (ns since the epoch); 0
 * when on time, late within the bound, or without the option or a bound. */
int cli_start_late(const struct run_config *cfg, int64_t now_ns);

#endif
