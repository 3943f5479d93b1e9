/* SPDX-License-Identifier: MIT */
/* script: the LuaJIT host. Every lua_* call in bench lives in script*.c:
 * creating states (one per thread, never shared), loading the internal
 * modules and the workload, calling its callbacks under a traceback
 * handler, exporting options to sysbench.opt (script_options.c), and
 * report hooks. Finding the workload is script_source.h's. */
#ifndef BENCH_SCRIPT_H
#define BENCH_SCRIPT_H

#include <stdbool.h>
#include <stddef.h>

struct options;
struct report_data;
struct script_source; /* script_source.h */

/* Process-wide settings, fixed before the first state is created. */
struct script_env {
    struct options *opts;
    const struct script_source *src;
    int argc;
    char **argv;
    const char *command;
    bool profile_m;
    unsigned threads;
    const char *luajit_cmd; /* --luajit-cmd, applied to every state */
    /* --virtual-users and its options (worker states only): bench.vu. */
    unsigned virtual_users, reconnect_every;
    double think_ms;
    bool think_exp, rate;
};

struct script;

/* Sets the environment every new state sees. Main thread, once. */
void script_setup(const struct script_env *env);

/* Creates a state for thread `tid` (sysbench.tid) and runs the workload's
 * main chunk in it. NULL on failure, after logging the FATAL line. */
struct script *script_new(int tid);
/* The same for a worker of the run: parts of the sysbench table that most
 * workers never use (sysbench.sql, sysbench.db and the db_* globals,
 * sysbench.histogram, the report functions) are built on first use. */
struct script *script_new_worker(int tid);
void script_free(struct script *s); /* accepts NULL */

/* After the main chunk in the main state: registers the declared options.
 * Returns whether the script declared any (legacy mode otherwise). */
int script_register_options(struct script *s, bool *declared);
/* Rebuilds sysbench.opt from the current option values. -1 when a value is
 * invalid (message printed). */
int script_export_options(struct script *s);
/* 1.0 legacy mode: option values also become globals. */
int script_export_legacy_globals(struct script *s);

bool script_has_function(struct script *s, const char *name);
/* Calls global `name` (with the thread id when with_tid). Errors print
 * "FATAL: `name' function failed: <msg>"; returns 0 or -1. */
int script_call(struct script *s, const char *name, bool with_tid, int tid);

/* --virtual-users: runs phase `name` (thread_init, thread_run or
 * thread_done) of every user of the worker state `s` (bench.vu). Errors
 * print "FATAL: `name' function failed: <msg>"; returns 0 or -1. */
int script_call_vu(struct script *s, const char *name);

/* Custom commands (sysbench.cmdline.commands). */
bool script_command_defined(struct script *s, const char *cmd);
bool script_command_parallel(struct script *s, const char *cmd);
/* 0 success, 1 the command returned false, -1 it raised an error. */
int script_call_command(struct script *s, const char *cmd);

/* Report hooks: whether sysbench.hooks.<name> was a function when the
 * script was loaded, and calling it with a stat table. */
bool script_has_hook(struct script *s, const char *name);
int script_call_hook(struct script *s, const char *name,
                     const struct report_data *r, bool cumulative);

/* Built-in test extension points (bench.builtin.<name>, no arguments or the
 * stat table, which here also has bytes_read and bytes_written). Absent
 * ones are skipped and return 0; otherwise 1 when the hook returned true,
 * 0 when it returned anything else, -1 when it raised an error. */
int script_call_builtin(struct script *s, const char *name,
                        const struct report_data *r);
bool script_has_builtin(struct script *s, const char *name);

/* `help` for a Lua script: its help() or its declared options. Returns 0,
 * or -1 when it has neither (the caller prints "does not implement"). */
int script_help(struct script *s);

#endif
