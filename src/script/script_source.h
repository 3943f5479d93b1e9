/* SPDX-License-Identifier: MIT */
/* script_source: the workload, found once per process (built-in test, file
 * path, module on package.path with LUA_PATH, sysbench's legacy OLTP paths,
 * bundled script) and held as text that every Lua state re-executes; and
 * the package.path / package.cpath every state gets. Not the running of it
 * (script.h). */
#ifndef BENCH_SCRIPT_SOURCE_H
#define BENCH_SCRIPT_SOURCE_H

#include <stdbool.h>
#include <stddef.h>

struct lua_State;

/* The workload, resolved once and re-executed in every state. */
struct script_source {
    char *sname;     /* basename of the test as typed; "<stdin>" */
    char *path;      /* as typed (sysbench.cmdline.script_path); NULL: stdin */
    char *chunkname; /* "@file" for error messages */
    char *text;      /* the chunk */
    size_t len;
    bool builtin; /* cpu, memory, ...: a built-in test */
};

enum script_resolve_result {
    SCRIPT_FOUND     = 0,
    SCRIPT_NOT_FOUND = -1, /* no built-in test, file or module */
    SCRIPT_ERROR     = -2, /* reading failed; message already logged */
};

/* Finds `testname` (NULL or "-": standard input) in sysbench's order:
 * built-in test, file path, module on package.path, bundled script. */
enum script_resolve_result script_source_resolve(const char *testname,
                                                 struct script_source *out);
void script_source_fini(struct script_source *src);
/* Built-in tests as (name, description) pairs for --help; NULL name ends. */
bool script_source_builtin_at(size_t i, const char **name, const char **desc);
/* The i-th bundled workload compiled in (a script starting with "#!", so
 * not a library such as oltp_common), for --help; false past the last. */
bool script_source_workload_at(size_t i, const char **name);

/* Sets package.path and package.cpath of L as sysbench 1.0.20 does
 * (INV 9.10), LUA_PATH and LUA_CPATH replacing them. */
void script_source_set_paths(struct lua_State *L);

#endif
