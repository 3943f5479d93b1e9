/* SPDX-License-Identifier: MIT */
/* Over 600 lines: making, calling and closing a state share its error paths. */
/* script: see script.h. Every Lua state is created here, used by one thread
 * only, and closed here (lua_close on every state keeps LeakSanitizer
 * quiet). C calls into Lua only through script_pcall, which puts a
 * traceback handler under the function, as luajit.c's docall does. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <ck_pr.h>
#include <lauxlib.h>
#include <lua.h>
#include <luajit.h>
#include <lualib.h>

#include "api.h"
#include "bytecode.h"
#include "measure/hist.h"
#include "embedded.h"
#include "log.h"
#include "lua_libs.h"
#include "progress.h"
#include "report/report.h"
#include "script.h"
#include "script_internal.h"
#include "script_source.h"
#include "state_alloc.h"
#include "measure/stats.h"
#include "version.h"

/* Fixed by script_setup before any state exists; read-only afterwards. */
struct script_env script_env;

void script_setup(const struct script_env *e)
{
    script_env = *e;
    bytecode_build(script_env.src);
}

/* -- Calling Lua ------------------------------------------------------- */

static int traceback_handler(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);

    if (!msg) /* an error object: keep it, the caller inspects it */
        return 1;
    luaL_traceback(L, L, NULL, 1);
    lua_setfield(L, LUA_REGISTRYINDEX, "bench.traceback");
    lua_pushstring(L, msg);
    return 1;
}

int script_pcall(lua_State *L, int nargs, int nres)
{
    int base = lua_gettop(L) - nargs;
    int rc;

    lua_pushcfunction(L, traceback_handler);
    lua_insert(L, base);
    rc = lua_pcall(L, nargs, nres, base);
    lua_remove(L, base);
    return rc == 0 ? 0 : -1;
}

/* An ignorable SQL error's descriptor ({errcode = RESTART_EVENT, ...}) at
 * the top of L, raised where no event restarts (prepare, thread_init):
 * prints the error it carries and returns true; false for another table. */
static bool report_descriptor(lua_State *L, const char *prefix)
{
    bool found;

    if (!lua_istable(L, -1)) return false;
    lua_getfield(L, -1, "sql_errmsg");
    lua_getfield(L, -2, "sql_errno");
    found = lua_isstring(L, -2);
    if (found)
        log_fatal("%signored SQL error %s outside an event: %s", prefix,
                  lua_isstring(L, -1) ? lua_tostring(L, -1) : "?",
                  lua_tostring(L, -2));
    lua_pop(L, 2);
    return found;
}

/* See script_internal.h. */
bool script_first_oom(const char *msg)
{
    if (msg && strcmp(msg, "not enough memory") != 0 &&
        strcmp(msg, "out of memory") != 0)
        return true; /* not about memory: always reported */
    return log_oom_begin();
}

/* Prints "FATAL: <prefix><message>" on stdout, as sysbench does, and
 * nothing more (PD-12); the traceback, if one was captured, follows on
 * stderr only at --verbosity=5 (--debug=on sets it). Pops the error
 * message. */
static void report_error(lua_State *L, const char *prefix)
{
    const char *msg;

    if (lua_istable(L, -1)) { /* bench.builtin.FAILED: already printed */
        lua_getfield(L, -1, "bench_logged");
        bool logged = lua_toboolean(L, -1);
        lua_pop(L, 1);
        if (logged) {
            lua_pop(L, 1);
            return;
        }
    }
    msg = lua_tostring(L, -1);
    if (!script_first_oom(msg ? msg : "")) {
        lua_pop(L, 1);
        return;
    }
    if (msg || !report_descriptor(L, prefix))
        log_fatal("%s%s", prefix, msg ? msg : "(error object is not a string)");
    lua_getfield(L, LUA_REGISTRYINDEX, "bench.traceback");
    if (lua_isstring(L, -1) && log_enabled(LOG_DEBUG))
        log_trace(lua_tostring(L, -1));
    lua_pop(L, 2);
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, "bench.traceback");
}

int script_call_failed(lua_State *L, const char *name)
{
    char prefix[256];
    snprintf(prefix, sizeof(prefix), "`%s' function failed: ", name);
    report_error(L, prefix);
    return -1;
}

void script_push_field2(lua_State *L, const char *a, const char *b)
{
    lua_getglobal(L, "sysbench");
    if (lua_istable(L, -1))
        lua_getfield(L, -1, a);
    else
        lua_pushnil(L);
    lua_remove(L, -2);
    if (b) {
        if (lua_istable(L, -1))
            lua_getfield(L, -1, b);
        else
            lua_pushnil(L);
        lua_remove(L, -2);
    }
}

void version_banner(char *buf, size_t len, bool profile_m)
{
    /* LUAJIT_VERSION is "LuaJIT 2.1.0-beta3". */
    snprintf(buf, len, "bench %s (sysbench %s compatible, using system %s)",
             BENCH_VERSION, profile_m ? SYSBENCH_API_M : SYSBENCH_API_R,
             LUAJIT_VERSION);
}

/* -- Creating states --------------------------------------------------- */

/* package.loaders entry after the path searchers: bundled scripts compiled
 * into the binary, so installed copies and LUA_PATH win (PD-8). */
static int load_embedded(lua_State *L)
{
    const char *name              = luaL_checkstring(L, 1);
    const struct embedded_file *f = embedded_find(name);
    char chunk[256];

    if (!f || !embedded_is_workload(f)) {
        lua_pushfstring(L, "\n\tno bundled script '%s'", name);
        return 1;
    }
    snprintf(chunk, sizeof(chunk), "@%s.lua", name);
    if (bytecode_load(L, f->data, f->len, chunk) != 0) return lua_error(L);
    return 1;
}

/* package.preload entry of an internal module: loads its chunk only when
 * it is required (most states never need bench.jitcmd or bench.builtin)
 * and calls it with require's argument, as a preload function is. */
static int load_internal(lua_State *L)
{
    const struct embedded_file *f = lua_touserdata(L, lua_upvalueindex(1));
    char chunk[256];

    snprintf(chunk, sizeof(chunk), "=%s", f->name);
    if (bytecode_load(L, f->data, f->len, chunk) != 0) return lua_error(L);
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, 1);
    return 1;
}

/* decls(name) of require("bench.decls"): the text of the embedded FFI
 * declarations `name` (api_decls, api_builtin_decls, db_api_decls) the first
 * time the state asks for them, nil afterwards, so that each is given to
 * ffi.cdef once (declaring an enum twice is an error) whichever module asks
 * first. The text is a temporary string: kept in the state, a thousand
 * workers would hold a copy each (docs/perf-history.md, threads_startup). */
static int decls_text(lua_State *L)
{
    const char *name              = luaL_checkstring(L, 1);
    const struct embedded_file *f = embedded_find(name);

    if (!f || !strstr(name, "_decls"))
        return luaL_error(L, "no FFI declarations named '%s'", name);
    lua_pushvalue(L, 1);
    lua_rawget(L, lua_upvalueindex(1));
    if (lua_toboolean(L, -1)) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushvalue(L, 1);
    lua_pushboolean(L, 1);
    lua_rawset(L, lua_upvalueindex(1));
    lua_pushlstring(L, f->data, f->len);
    return 1;
}

static int open_decls(lua_State *L)
{
    lua_newtable(L); /* the names already given out */
    lua_pushcclosure(L, decls_text, 1);
    return 1;
}

static void install_loaders(lua_State *L)
{
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "preload");
    lua_pushcfunction(L, open_decls);
    lua_setfield(L, -2, "bench.decls");
    for (const struct embedded_file *f = embedded_files; f->name; f++) {
        if (strncmp(f->name, "bench", 5) != 0 || f->name[5] != '.') continue;
        lua_pushlightuserdata(L, (void *) f);
        lua_pushcclosure(L, load_internal, 1);
        lua_setfield(L, -2, f->name);
    }
    lua_pop(L, 1);
    lua_getfield(L, -1, "loaders");
    lua_pushcfunction(L, load_embedded);
    lua_rawseti(L, -2, (int) lua_objlen(L, -2) + 1);
    lua_pop(L, 2);
}

/* print() as Lua's (tostring of each argument, tabs between, a newline),
 * but the line goes out in one fwrite: workers print at the same time, and
 * Lua's own writes each piece apart, so two threads' lines could come out
 * as "chunk tid=1chunk tid=0" and an empty line. */
static int print_line(lua_State *L)
{
    int n = lua_gettop(L);
    luaL_Buffer b;
    const char *line;
    size_t len;

    lua_getglobal(L, "tostring");
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; i++) {
        /* The separator first: the buffer may use the stack only while
         * nothing else of ours lies on top of it. */
        if (i > 1) luaL_addchar(&b, '\t');
        lua_pushvalue(L, n + 1);
        lua_pushvalue(L, i);
        lua_call(L, 1, 1);
        if (!lua_isstring(L, -1))
            return luaL_error(L, LUA_QL("tostring") " must return a string "
                                                    "to " LUA_QL("print"));
        luaL_addvalue(&b);
    }
    luaL_addchar(&b, '\n');
    luaL_pushresult(&b);
    line = lua_tolstring(L, -1, &len);
    log_held_print();
    progress_hide();
    fwrite(line, 1, len, stdout); /* line-buffered: out before the show */
    progress_show();
    return 0;
}

/* bench.vu's settings, in the bootstrap's configuration table. */
static void push_vu_config(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer) script_env.virtual_users);
    lua_setfield(L, -2, "virtual_users");
    lua_pushinteger(L, (lua_Integer) script_env.threads);
    lua_setfield(L, -2, "threads");
    lua_pushinteger(L, (lua_Integer) script_env.reconnect_every);
    lua_setfield(L, -2, "reconnect_every");
    lua_pushnumber(L, script_env.think_ms);
    lua_setfield(L, -2, "think_ms");
    lua_pushboolean(L, script_env.think_exp);
    lua_setfield(L, -2, "think_exp");
    lua_pushboolean(L, script_env.rate);
    lua_setfield(L, -2, "rate");
}

/* Not inlined, so that nothing of it stays in new_state's frame under the
 * bootstrap's pcall: a worker's ffi.cdef needs all but a few hundred bytes
 * of the third stack page (docs/perf-history.md, threads_startup). */
static __attribute__((noinline)) void push_bootstrap_config(lua_State *L,
                                                            int tid, bool lazy)
{
    lua_createtable(L, 0, 10);
    lua_pushinteger(L, tid);
    lua_setfield(L, -2, "tid");
    lua_pushstring(L, script_env.profile_m ? SYSBENCH_API_M : SYSBENCH_API_R);
    lua_setfield(L, -2, "version");
    /* Exactly what --version prints, as in sysbench (PD-1). */
    lua_pushstring(L, "bench " BENCH_VERSION);
    lua_setfield(L, -2, "version_string");
    lua_pushboolean(L, script_env.profile_m);
    lua_setfield(L, -2, "profile_m");
    lua_pushboolean(L, lazy);
    lua_setfield(L, -2, "lazy");
    lua_createtable(L, script_env.argc, 1);
    for (int i = 0; i < script_env.argc; i++) {
        lua_pushstring(L, script_env.argv[i]);
        lua_rawseti(L, -2, i);
    }
    lua_setfield(L, -2, "argv");
    if (script_env.command) {
        lua_pushstring(L, script_env.command);
        lua_setfield(L, -2, "command");
    }
    if (script_env.src && script_env.src->path) {
        lua_pushstring(L, script_env.src->path);
        lua_setfield(L, -2, "script_path");
    }
    /* The database layer (bench.sql, the legacy db_* API) is built in. */
    lua_pushboolean(L, embedded_find("db_api_decls") != NULL);
    lua_setfield(L, -2, "db");
    if (lazy && script_env.virtual_users) push_vu_config(L);
}

/* Runs the embedded "bench" module, which builds the sysbench table, on
 * the configuration set_up left in the registry. */
static int bootstrap(lua_State *L)
{
    const struct embedded_file *f = embedded_find("bench");

    if (!f || bytecode_load(L, f->data, f->len, "=bench") != 0) {
        const char *msg = f ? lua_tostring(L, -1) : "not embedded";
        /* Out of memory here is one more effect of the process's first
         * cause, printed once (oom.t saw two FATAL lines without this). */
        if (script_first_oom(msg))
            log_fatal("script: load the internal module bench: %s", msg);
        return -1;
    }
    lua_getfield(L, LUA_REGISTRYINDEX, "bench.config");
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, "bench.config");
    if (script_pcall(L, 1, 0) != 0) {
        report_error(L, "");
        return -1;
    }
    return 0;
}

/* --luajit-cmd: as `luajit -j<cmd>` (CLI-18). */
static int apply_luajit_cmd(lua_State *L)
{
    if (!script_env.luajit_cmd || !*script_env.luajit_cmd) return 0;
    lua_getglobal(L, "require");
    lua_pushstring(L, "bench.jitcmd");
    if (script_pcall(L, 1, 1) != 0) {
        report_error(L, "");
        return -1;
    }
    lua_pushstring(L, script_env.luajit_cmd);
    if (script_pcall(L, 1, 1) != 0) {
        lua_pop(L, 1);
        log_fatal("unknown luaJIT command or jit.* modules not installed");
        return -1;
    }
    lua_pop(L, 1);
    return 0;
}

static void detect_hooks(struct script *s)
{
    script_push_field2(s->L, "hooks", "report_intermediate");
    s->hook_intermediate = lua_isfunction(s->L, -1);
    script_push_field2(s->L, "hooks", "report_cumulative");
    s->hook_cumulative = lua_isfunction(s->L, -1);
    lua_pop(s->L, 2);
}

/* An error outside any protected call: memory running out in one of the
 * few API calls that neither set_up's lua_cpcall nor a pcall covers. The
 * state cannot go on, and LuaJIT would exit() after this, running atexit
 * handlers under the other threads' feet: one FATAL line (none if this
 * thread already reported its failure), then _exit(1). */
static int panic(lua_State *L)
{
    const char *msg = lua_tostring(L, -1);

    if (log_fatal_count() == 0 && script_first_oom(msg ? msg : ""))
        log_fatal("script: %s (outside a protected call)",
                  msg ? msg : "unknown error");
    log_release(); /* a worker's held lines: printed before the exit */
    fflush(stdout);
    fflush(stderr);
    _exit(1);
}

/* Every state uses state_alloc (state_alloc.h): LuaJIT's own allocator
 * crashes in lua_newstate when memory runs out half-way. */
static lua_State *open_state(struct script *s)
{
    lua_State *L;

    if (!(s->alloc = state_alloc_new())) return NULL;
    L = lua_newstate(state_alloc_f, s->alloc);
    state_alloc_end_reserve(s->alloc);
    if (L) lua_atpanic(L, panic);
    return L;
}

/* The state's libraries, loaders and the bootstrap's configuration (left
 * in the registry), under lua_cpcall: memory running out in these API
 * calls is an error return, not a panic. It returns before the bootstrap
 * runs: a cpcall frame under it would deepen every worker's stack, whose
 * deepest point (ffi.cdef) sits just below a page boundary
 * (docs/perf-history.md, threads_startup). What follows is under pcall or, for
 * a few API calls, behind the panic handler. */
static int set_up(lua_State *L)
{
    struct script *s = lua_touserdata(L, 1);

    lua_pop(L, 1);
    lua_libs_open(L);
    lua_register(L, "print", print_line);
    script_source_set_paths(L);
    install_loaders(L);
    push_bootstrap_config(L, s->tid, s->lazy);
    lua_setfield(L, LUA_REGISTRYINDEX, "bench.config");
    return 0;
}

static struct script *new_state(int tid, bool lazy)
{
    struct script *s = calloc(1, sizeof(*s));

    if (!s || !(s->L = open_state(s))) {
        if (script_first_oom(NULL))
            log_fatal("script: create a Lua state: out of memory");
        if (s) state_alloc_free(s->alloc);
        free(s);
        return NULL;
    }
    s->tid  = tid;
    s->lazy = lazy;
    if (lua_cpcall(s->L, set_up, s) != 0) {
        const char *msg =
            lua_isstring(s->L, -1) ? lua_tostring(s->L, -1) : "error";
        if (script_first_oom(msg))
            log_fatal("script: create a Lua state: %s", msg);
        goto fail;
    }
    if (bootstrap(s->L) != 0 || apply_luajit_cmd(s->L) != 0) goto fail;
    /* A worker collects the bootstrap's garbage (declaration texts, the
     * modules' main chunks, loader temporaries) now, so that the script,
     * the options it reads and thread_init reuse that memory instead of
     * touching new pages: -4 KB of peak RSS per thread (docs/perf-history.md,
     * threads_startup). The main state is made once; not worth it there.
     * From then on the worker keeps its large blocks (state_alloc.h): the
     * JIT's and the script's freed buffers leave no holes beside a client
     * library's per-query buffer (docs/perf-history.md, db_point_select). */
    if (lazy) {
        lua_gc(s->L, LUA_GCCOLLECT, 0);
        state_alloc_keep_large(s->alloc);
    }
    if (script_env.src) {
        if (bytecode_load(s->L, script_env.src->text, script_env.src->len,
                          script_env.src->chunkname) != 0 ||
            script_pcall(s->L, 0, 0) != 0) {
            report_error(s->L, "");
            goto fail;
        }
        detect_hooks(s);
    }
    return s;
fail:
    script_free(s);
    return NULL;
}

struct script *script_new(int tid)
{
    return new_state(tid, false);
}

struct script *script_new_worker(int tid)
{
    return new_state(tid, true);
}

void script_free(struct script *s)
{
    if (!s) return;
    if (s->L) lua_close(s->L);
    state_alloc_free(s->alloc);
    free(s);
}

/* -- Callbacks, commands and hooks -------------------------------------- */

bool script_has_function(struct script *s, const char *name)
{
    lua_getglobal(s->L, name);
    bool yes = lua_isfunction(s->L, -1);
    lua_pop(s->L, 1);
    return yes;
}

int script_call(struct script *s, const char *name, bool with_tid, int tid)
{
    lua_getglobal(s->L, name);
    if (with_tid) lua_pushinteger(s->L, tid);
    if (script_pcall(s->L, with_tid ? 1 : 0, 0) != 0)
        return script_call_failed(s->L, name);
    return 0;
}

int script_call_vu(struct script *s, const char *name)
{
    script_push_field2(s->L, "vu", name);
    if (script_pcall(s->L, 0, 0) != 0) return script_call_failed(s->L, name);
    return 0;
}

static bool cmdline_predicate(struct script *s, const char *fn, const char *cmd)
{
    bool yes = false;

    script_push_field2(s->L, "cmdline", fn);
    if (!lua_isfunction(s->L, -1)) {
        lua_pop(s->L, 1);
        return false;
    }
    lua_pushstring(s->L, cmd);
    if (script_pcall(s->L, 1, 1) != 0) {
        script_call_failed(s->L, fn);
        return false;
    }
    yes = lua_toboolean(s->L, -1);
    lua_pop(s->L, 1);
    return yes;
}

bool script_command_defined(struct script *s, const char *cmd)
{
    return cmdline_predicate(s, "command_defined", cmd);
}

bool script_command_parallel(struct script *s, const char *cmd)
{
    return cmdline_predicate(s, "command_parallel", cmd);
}

int script_call_command(struct script *s, const char *cmd)
{
    int rc;

    script_push_field2(s->L, "cmdline", "call_command");
    lua_pushstring(s->L, cmd);
    if (script_pcall(s->L, 1, 1) != 0)
        return script_call_failed(s->L, "sysbench.cmdline.call_command");
    rc = lua_isboolean(s->L, -1) && !lua_toboolean(s->L, -1) ? 1 : 0;
    lua_pop(s->L, 1);
    return rc;
}

bool script_has_hook(struct script *s, const char *name)
{
    if (strcmp(name, "report_intermediate") == 0) return s->hook_intermediate;
    if (strcmp(name, "report_cumulative") == 0) return s->hook_cumulative;
    return false;
}

static void set_num(lua_State *L, const char *k, double v)
{
    lua_pushnumber(L, v);
    lua_setfield(L, -2, k);
}

/* bench's stat.time_label, the `[ Ns ]` label of the report's text line
 * (report.h), which the built-in tests and sysbench.report_* print: read
 * through the table's metatable, so that the table's own keys stay
 * sysbench's (a script listing them sees no more). */
static void set_time_label(lua_State *L, const struct report_data *r)
{
    lua_createtable(L, 0, 1); /* the metatable */
    lua_createtable(L, 0, 1); /* its __index */
    set_num(L, "time_label", r->time_label_s);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
}

/* The stat table of INV 6.4: latencies in seconds. */
static void push_stat_table(lua_State *L, const struct report_data *r,
                            bool cumulative)
{
    const struct stats_snapshot *d = r->delta;
    const struct hist *h           = d->lat;

    lua_createtable(L, 0, 16);
    set_time_label(L, r);
    set_num(L, "threads_running", r->threads_running);
    set_num(L, "time_interval", r->time_interval_s);
    set_num(L, "time_total", r->time_total_s);
    set_num(L, "latency_pct", report_s(report_percentile_ns(r)));
    set_num(L, "events", (double) d->c[STAT_EVENTS]);
    set_num(L, "reads", (double) d->c[STAT_READS]);
    set_num(L, "writes", (double) d->c[STAT_WRITES]);
    set_num(L, "other", (double) d->c[STAT_OTHER]);
    set_num(L, "errors", (double) d->c[STAT_ERRORS]);
    set_num(L, "reconnects", (double) d->c[STAT_RECONNECTS]);
    script_stat_extend(L, r);
    if (!cumulative) {
        set_num(L, "queue_length", (double) r->queue_length);
        set_num(L, "concurrency", (double) r->concurrency);
        return;
    }
    uint64_t n = hist_count(h);
    set_num(L, "latency_min", report_s(hist_min_ns(h)));
    set_num(L, "latency_max", report_s(hist_max_ns(h)));
    set_num(L, "latency_sum", report_s(hist_sum_ns(h)));
    set_num(L, "latency_avg", n ? report_s(hist_sum_ns(h)) / (double) n : 0);
}

int script_call_hook(struct script *s, const char *name,
                     const struct report_data *r, bool cumulative)
{
    script_push_field2(s->L, "hooks", name);
    push_stat_table(s->L, r, cumulative);
    /* sysbench names the hook without its table: `report_cumulative'. */
    if (script_pcall(s->L, 1, 0) != 0) return script_call_failed(s->L, name);
    return 0;
}

bool script_has_builtin(struct script *s, const char *name)
{
    script_push_field2(s->L, "builtin", name);
    bool yes = lua_isfunction(s->L, -1);
    lua_pop(s->L, 1);
    return yes;
}

int script_call_builtin(struct script *s, const char *name,
                        const struct report_data *r)
{
    int rc;

    if (!script_has_builtin(s, name)) return 0;
    script_push_field2(s->L, "builtin", name);
    if (r) {
        push_stat_table(s->L, r, true);
        /* Built-in tests also see the byte counters (1.1's stat fields;
         * not in user hooks, whose 1.0 table has none). */
        set_num(s->L, "bytes_read", (double) r->delta->c[STAT_BYTES_READ]);
        set_num(s->L, "bytes_written",
                (double) r->delta->c[STAT_BYTES_WRITTEN]);
    }
    if (script_pcall(s->L, r ? 1 : 0, 1) != 0)
        return script_call_failed(s->L, name);
    rc = lua_toboolean(s->L, -1) ? 1 : 0;
    lua_pop(s->L, 1);
    return rc;
}
