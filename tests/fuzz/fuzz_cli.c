/* SPDX-License-Identifier: MIT */
/* fuzz_cli: libFuzzer harness of the first parsing phase (cli_parse): the
 * general options, their value syntax (sizes, lists, time units of
 * --forced-shutdown, --percentile, checkpoints, distributions), aliases and
 * validation. The input is the command line, one argument per line; the
 * first byte picks the profile (odd: 1.1). Anything goes except a crash, a
 * sanitizer report, a leak or a hang. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options.h"
#include "run_config.h"

#define MAX_ARGS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct run_config cfg = {0};
    struct cli_args args  = {0};
    char *argv[MAX_ARGS + 2], *text;
    int argc = 0;

    if (size == 0 || size > 4096) return 0;
    cfg.profile_m = data[0] & 1;
    if (!(text = malloc(size))) return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    argv[argc++]   = "bench";
    for (char *p = text; p && argc <= MAX_ARGS;) {
        char *nl     = strchr(p, '\n');
        argv[argc++] = p;
        if (nl) *nl = '\0';
        p = nl ? nl + 1 : NULL;
    }
    /* a config file would be read from disk: fuzz_config covers it */
    for (int i = 1; i < argc; i++)
        if (strstr(argv[i], "config")) argv[i] = "--verbosity=3";
    argv[argc]   = NULL;
    cfg.progname = "bench";
    if ((cfg.opts = options_new()) &&
        cli_register(cfg.opts, cfg.profile_m) == 0)
        cli_parse(&cfg, &args, argc, argv);
    free(cfg.pending);
    free(cfg.pending_origin);
    cli_args_fini(&args);
    options_free(cfg.opts);
    free(text);
    return 0;
}
