/* SPDX-License-Identifier: MIT */
/* cli: the first parsing phase (CLI-1..CLI-16): the general option tables,
 * --config-file, positional arguments, the 1.0 deprecated aliases, --help,
 * --version and the validation of general options, all before the banner.
 * Only main.c uses it. */
#ifndef BENCH_CLI_H
#define BENCH_CLI_H

#include <stdbool.h>

#include "cli_config.h" /* struct cli_args */

struct options;
struct run_config;

/* Registers the general, PRNG, log and database options. 0 ok, -1 ENOMEM. */
int cli_register(struct options *opts, bool profile_m);

/* Parses argv into cfg. Returns -1 when run_command should go on, or the
 * exit status when parsing ended the program (help, version, error). */
int cli_parse(struct run_config *cfg, struct cli_args *args, int argc,
              char **argv);

#endif
