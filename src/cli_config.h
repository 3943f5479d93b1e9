/* SPDX-License-Identifier: MIT */
/* cli_config: --config-file expansion for cli.c (see cli_config.c). */
#ifndef BENCH_CLI_CONFIG_H
#define BENCH_CLI_CONFIG_H

#include <stddef.h>

/* Storage behind run_config's pending arrays and config-file items. */
struct cli_args {
    char **owned;
    int nowned;
};

void cli_args_fini(struct cli_args *args);

/* The arguments after expansion, each with its origin ("file:line" for a
 * config-file item, NULL for argv's own). Arrays malloc'd, freed by the
 * caller; the strings are argv's or owned by the cli_args. */
struct cli_arg_list {
    char **v;
    const char **origin;
    size_t n;
};

/* Appends argv[1..argc) to `l`, each --config-file=FILE replaced by the
 * file's items. 0 ok; 1 after printing a file's error (file:line: cause);
 * -1 ENOMEM. */
int cli_config_expand(struct cli_args *a, struct cli_arg_list *l, int argc,
                      char **argv);

#endif
