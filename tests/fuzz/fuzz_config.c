/* SPDX-License-Identifier: MIT */
/* fuzz_config: libFuzzer harness of the config-file reader (PD-5): the
 * input is written to a file read by `--config-file=FILE cpu run`, so its
 * lines go through the name=value splitter, quotes, comments and lists, and
 * then the option parser and validation. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "options.h"
#include "run_config.h"

static char path[64];

static void remove_file(void)
{
    unlink(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct run_config cfg = {0};
    struct cli_args args  = {0};
    char arg[96];
    char *argv[] = {"bench", arg, "cpu", "run", NULL};
    FILE *f;

    if (size > 65536) return 0;
    if (!path[0]) {
        snprintf(path, sizeof(path), "/tmp/bench-fuzz-config.%ld",
                 (long) getpid());
        atexit(remove_file);
    }
    if (!(f = fopen(path, "w"))) return 0;
    fwrite(data, 1, size, f);
    fclose(f);
    snprintf(arg, sizeof(arg), "--config-file=%s", path);
    cfg.progname = "bench";
    if ((cfg.opts = options_new()) && cli_register(cfg.opts, false) == 0)
        cli_parse(&cfg, &args, 4, argv);
    free(cfg.pending);
    free(cfg.pending_origin);
    cli_args_fini(&args);
    options_free(cfg.opts);
    return 0;
}
