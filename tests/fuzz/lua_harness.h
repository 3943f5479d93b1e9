/* SPDX-License-Identifier: MIT */
/* lua_harness.h: what the harnesses that run a Lua script over each input
 * (fuzz_lua.c, fuzz_sql.c) share: the input as bench_fuzz_data/size for
 * the script's FFI, and one script state of the null driver, made at the
 * first input and closed at exit. Included once, by one harness, so its
 * definitions are static. */
#ifndef BENCH_FUZZ_LUA_HARNESS_H
#define BENCH_FUZZ_LUA_HARNESS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "db/db.h"
#include "log.h"
#include "measure/stats.h"
#include "options.h"
#include "rand.h"
#include "script/script.h"
#include "script/script_source.h"

/* The current input, for the script (declared in its ffi.cdef). */
const char *bench_fuzz_data(void);
size_t bench_fuzz_size(void);

static const uint8_t *cur;
static size_t cur_len;

const char *bench_fuzz_data(void)
{
    return (const char *) cur;
}

size_t bench_fuzz_size(void)
{
    return cur_len;
}

static struct script *state;

static bool never_stop(void)
{
    return false;
}

/* At exit, after the last input: the state closes, then what it used, so
 * LeakSanitizer's report at exit holds only what bench's C code lost. Per
 * input it cannot judge (run.sh turns libFuzzer's per-input check off for
 * these harnesses): LuaJIT keeps caches, interned strings and traces
 * across inputs, referenced from places LeakSanitizer does not scan. */
static void teardown(void)
{
    script_free(state);
    state = NULL;
    db_done();
    stats_fini();
}

/* The state running `text` (len bytes, a static string: the source keeps
 * it) as script `name`, for worker 0 of one thread, with the null driver
 * and the option values given (NULL-terminated name, value pairs).
 * Aborts on failure: a harness that cannot start finds nothing. */
static struct script *lua_harness_setup(const char *name, const char *text,
                                        size_t len,
                                        const char *const *option_values)
{
    static struct script_source src;
    static char sname[32], chunkname[33];
    static char *argv[] = {"bench", NULL};
    static struct script_env env;
    struct options *o = options_new();

    if (!o || cli_register(o, false) != 0 ||
        options_set(o, "db-driver", "null") != OPT_SET_OK)
        abort();
    for (; option_values && option_values[0]; option_values += 2)
        if (options_set(o, option_values[0], option_values[1]) != OPT_SET_OK)
            abort();
    snprintf(sname, sizeof(sname), "%s", name);
    snprintf(chunkname, sizeof(chunkname), "=%s", name); /* as it is */
    src = (struct script_source){.sname     = sname,
                                 .chunkname = chunkname,
                                 .text      = (char *) text,
                                 .len       = len};
    env = (struct script_env){.opts    = o,
                              .src     = &src,
                              .argc    = 1,
                              .argv    = argv,
                              .command = "run",
                              .threads = 1};
    script_setup(&env);
    db_init(o, never_stop);
    rand_init_process(1);
    rand_thread_init_tid(0);
    db_thread_set_id(0);
    log_set_verbosity(0);
    if (stats_init(1) != 0 || !(state = script_new(0))) abort();
    atexit(teardown);
    return state;
}

#endif
