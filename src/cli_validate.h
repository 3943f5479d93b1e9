/* SPDX-License-Identifier: MIT */
/* cli_validate: the checks and derived values of the general options
 * (INV 1.8), run once after parsing and before the banner: limits, stats,
 * random numbers, checkpoints, --start-at, virtual users, machine output and
 * the drivers' options; 1.0's deprecated aliases are copied first. Private
 * to cli.c (split out to keep cli.c about parsing and help). */
#ifndef BENCH_CLI_VALIDATE_H
#define BENCH_CLI_VALIDATE_H

struct run_config;

/* Checks cfg->opts and fills the derived fields of cfg. 0 when valid;
 * otherwise non-zero after one FATAL line naming the option. */
int cli_validate(struct run_config *cfg);

#endif
