/* SPDX-License-Identifier: MIT */
/* script_internal.h: what script.c and script_options.c share. Not for
 * other modules. */
#ifndef BENCH_SCRIPT_INTERNAL_H
#define BENCH_SCRIPT_INTERNAL_H

#include <stdbool.h>
#include <lua.h>

#include "script.h"

/* Owner: the caller of script_new (run.c says which). script_free closes
 * L first, which runs the finalizers of every connection and statement
 * the state holds (any order is safe, see db.h), then frees the state's
 * own memory (alloc). */
struct script {
    lua_State *L;
    struct state_alloc *alloc; /* a worker's: see state_alloc.h */
    int tid;
    bool lazy; /* a run's worker: see bench.lua's provide() */
    bool hook_intermediate, hook_cumulative;
};

/* Fixed by script_setup before any state exists; read-only afterwards. */
extern struct script_env script_env;

/* Calls the function under `nargs` arguments with a traceback handler.
 * On error the message is left on the stack and -1 returned. */
int script_pcall(lua_State *L, int nargs, int nres);

/* Prints "FATAL: `name' function failed: <message>" (and the traceback on
 * stderr) for the error on top of the stack, which it pops. Returns -1. */
int script_call_failed(lua_State *L, const char *name);

/* Whether to report the error `msg` (NULL: memory ran out): true unless
 * it is memory running out and something ran out of memory already, in any
 * thread (one line for the process: log_oom_begin). */
bool script_first_oom(const char *msg);

/* Adds bench's fields to the stat table on top of the stack
 * (script_stat.c): the percentile list and the detail.h figures. */
struct report_data;
void script_stat_extend(lua_State *L, const struct report_data *r);

/* Pushes sysbench.<a>.<b> (b may be NULL). */
void script_push_field2(lua_State *L, const char *a, const char *b);

#endif
