/* SPDX-License-Identifier: MIT */
/* script: see script.h. Every Lua state is created here, used by one thread
 * only, and closed here (lua_close on every state keeps LeakSanitizer
 * quiet). C calls into Lua only through script_pcall, which puts a
 * traceback handler under the function, as luajit.c's docall does. */
#include <errno.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <ck_pr.h>
#include <lauxlib.h>
#include <lua.h>
#include <luajit.h>
#include <lualib.h>

#include "api.h"
#include "bytecode.h"
#include "hist.h"
#include "embedded.h"
#include "log.h"
#include "lua_libs.h"
#include "options.h"
#include "report.h"
#include "script.h"
#include "state_alloc.h"
#include "stats.h"
#include "version.h"

struct script {
    lua_State *L;
    struct state_alloc *alloc; /* a worker's: see state_alloc.h */
    int tid;
    bool lazy; /* a run's worker: see bench.lua's provide() */
    bool hook_intermediate, hook_cumulative;
};

/* Fixed by script_setup before any state exists; read-only afterwards. */
static struct script_env env;
void script_setup(const struct script_env *e)
{
    env = *e;
    bytecode_build(env.src);
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

/* Calls the function under `nargs` arguments with a traceback handler.
 * On error the message is left on the stack and -1 returned. */
static int script_pcall(lua_State *L, int nargs, int nres)
{
    int base = lua_gettop(L) - nargs;
    int rc;

    lua_pushcfunction(L, traceback_handler);
    lua_insert(L, base);
    rc = lua_pcall(L, nargs, nres, base);
    lua_remove(L, base);
    return rc == 0 ? 0 : -1;
}

/* Prints "FATAL: <prefix><message>" on stdout and the traceback, if one
 * was captured, on stderr (stdout stays line-for-line sysbench's). Pops
 * the error message. */
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

    log_fatal("%s%s", prefix, msg ? msg : "(error object is not a string)");
    lua_getfield(L, LUA_REGISTRYINDEX, "bench.traceback");
    if (lua_isstring(L, -1)) fprintf(stderr, "%s\n", lua_tostring(L, -1));
    lua_pop(L, 2);
    lua_pushnil(L);
    lua_setfield(L, LUA_REGISTRYINDEX, "bench.traceback");
}

static int call_failed(lua_State *L, const char *name)
{
    char prefix[256];
    snprintf(prefix, sizeof(prefix), "`%s' function failed: ", name);
    report_error(L, prefix);
    return -1;
}

/* Pushes sysbench.<a>.<b> (b may be NULL). */
static void push_field2(lua_State *L, const char *a, const char *b)
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

static const struct embedded_file *embedded_find(const char *name)
{
    for (const struct embedded_file *f = embedded_files; f->name; f++)
        if (strcmp(f->name, name) == 0) return f;
    return NULL;
}

/* A bundled workload script: not a built-in test, an internal bench.*
 * module or the FFI declarations. */
static bool is_bundled_script(const struct embedded_file *f)
{
    return !f->builtin_desc && strncmp(f->name, "bench", 5) != 0 &&
           !strstr(f->name, "_decls");
}

bool script_builtin_at(size_t i, const char **name, const char **desc)
{
    for (const struct embedded_file *f = embedded_files; f->name; f++)
        if (f->builtin_desc && i-- == 0) {
            *name = f->name;
            *desc = f->builtin_desc;
            return true;
        }
    return false;
}

/* package.loaders entry after the path searchers: bundled scripts compiled
 * into the binary, so installed copies and LUA_PATH win (PD-8). */
static int load_embedded(lua_State *L)
{
    const char *name              = luaL_checkstring(L, 1);
    const struct embedded_file *f = embedded_find(name);
    char chunk[256];

    if (!f || !is_bundled_script(f)) {
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
 * workers would hold a copy each (perf/README.md, threads_startup). */
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

/* package.path and cpath as sysbench 1.0.20 sets them (INV 9.10), with
 * LUA_PATH / LUA_CPATH replacing them and ";;" expanding to the default.
 * Built on L's stack rather than in C buffers: every worker thread runs
 * this, and kilobytes of buffers here were the deepest frame of a worker's
 * start-up, touching stack pages it never used again (perf/README.md,
 * threads_startup). Pops the default from the top of the stack. */
static void set_path(lua_State *L, const char *field, const char *envvar)
{
    const char *user = getenv(envvar);
    int def          = lua_gettop(L);
    const char *p;

    if (user) {
        lua_pushliteral(L, "");
        while ((p = strstr(user, ";;")) != NULL) {
            lua_pushlstring(L, user, (size_t) (p - user) + 1); /* with ';' */
            lua_pushvalue(L, def);
            lua_concat(L, 3);
            user = p + 2;
        }
        lua_pushstring(L, user);
        lua_concat(L, 2);
        lua_remove(L, def);
    }
    lua_getglobal(L, "package");
    lua_insert(L, -2);
    lua_setfield(L, -2, field);
    lua_pop(L, 1);
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
    fwrite(line, 1, len, stdout);
    return 0;
}

static void set_paths(lua_State *L)
{
    const char *home = getenv("HOME");

    if (home)
        lua_pushfstring(L,
                        "%s/.luarocks/share/lua/5.1/?.lua;"
                        "%s/.luarocks/share/lua/5.1/?/init.lua;"
                        "%s/.luarocks/share/lua/?.lua;"
                        "%s/.luarocks/share/lua/?/init.lua;",
                        home, home, home, home);
    else
        lua_pushliteral(L, "");
    lua_pushfstring(L,
                    "./?.lua;./?/init.lua;./src/lua/?.lua;%s"
                    "/usr/local/share/lua/5.1/?.lua;/usr/share/lua/5.1/?.lua;"
                    "%s/?.lua;",
                    lua_tostring(L, -1), PKGDATADIR);
    lua_remove(L, -2);
    set_path(L, "path", "LUA_PATH");
    if (home)
        lua_pushfstring(L,
                        "%s/.luarocks/lib/lua/5.1/?.so;"
                        "%s/.luarocks/lib/lua/?.so;",
                        home, home);
    else
        lua_pushliteral(L, "");
    lua_pushfstring(L,
                    "./?.so;%s/usr/local/lib/lua/5.1/?.so;"
                    "/usr/lib/lua/5.1/?.so;%s;",
                    lua_tostring(L, -1), PKGLIBDIR);
    lua_remove(L, -2);
    set_path(L, "cpath", "LUA_CPATH");
}

/* Not inlined: its banner buffer would then stay in new_state's frame under
 * the bootstrap's pcall, and a worker's ffi.cdef needs all but a few
 * hundred bytes of the third stack page (perf/README.md, threads_startup). */
static __attribute__((noinline)) void push_bootstrap_config(lua_State *L,
                                                            int tid, bool lazy)
{
    char banner[256];

    version_banner(banner, sizeof(banner), env.profile_m);
    lua_createtable(L, 0, 10);
    lua_pushinteger(L, tid);
    lua_setfield(L, -2, "tid");
    lua_pushstring(L, env.profile_m ? SYSBENCH_API_M : SYSBENCH_API_R);
    lua_setfield(L, -2, "version");
    lua_pushstring(L, banner);
    lua_setfield(L, -2, "version_string");
    lua_pushboolean(L, env.profile_m);
    lua_setfield(L, -2, "profile_m");
    lua_pushboolean(L, lazy);
    lua_setfield(L, -2, "lazy");
    lua_createtable(L, env.argc, 1);
    for (int i = 0; i < env.argc; i++) {
        lua_pushstring(L, env.argv[i]);
        lua_rawseti(L, -2, i);
    }
    lua_setfield(L, -2, "argv");
    if (env.command) {
        lua_pushstring(L, env.command);
        lua_setfield(L, -2, "command");
    }
    if (env.src && env.src->path) {
        lua_pushstring(L, env.src->path);
        lua_setfield(L, -2, "script_path");
    }
    /* The database layer (bench.sql, the legacy db_* API) is built in. */
    lua_pushboolean(L, embedded_find("db_api_decls") != NULL);
    lua_setfield(L, -2, "db");
}

/* Runs the embedded "bench" module, which builds the sysbench table. */
static int bootstrap(lua_State *L, int tid, bool lazy)
{
    const struct embedded_file *f = embedded_find("bench");

    if (!f || bytecode_load(L, f->data, f->len, "=bench") != 0) {
        log_fatal("script: load the internal module bench: %s",
                  f ? lua_tostring(L, -1) : "not embedded");
        return -1;
    }
    push_bootstrap_config(L, tid, lazy);
    if (script_pcall(L, 1, 0) != 0) {
        report_error(L, "");
        return -1;
    }
    return 0;
}

/* --luajit-cmd: as `luajit -j<cmd>` (CLI-18). */
static int apply_luajit_cmd(lua_State *L)
{
    if (!env.luajit_cmd || !*env.luajit_cmd) return 0;
    lua_getglobal(L, "require");
    lua_pushstring(L, "bench.jitcmd");
    if (script_pcall(L, 1, 1) != 0) {
        report_error(L, "");
        return -1;
    }
    lua_pushstring(L, env.luajit_cmd);
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
    push_field2(s->L, "hooks", "report_intermediate");
    s->hook_intermediate = lua_isfunction(s->L, -1);
    push_field2(s->L, "hooks", "report_cumulative");
    s->hook_cumulative = lua_isfunction(s->L, -1);
    lua_pop(s->L, 2);
}

/* As lauxlib's: an error outside any pcall (a bug) is reported, then
 * LuaJIT exits. */
static int panic(lua_State *L)
{
    const char *msg = lua_tostring(L, -1);

    fprintf(stderr, "PANIC: unprotected error in call to Lua API (%s)\n",
            msg ? msg : "?");
    return 0;
}

/* A run's workers use state_alloc (state_alloc.h), other states LuaJIT's
 * own allocator. */
static lua_State *open_state(struct script *s, bool lazy)
{
    lua_State *L;

    if (!lazy) return luaL_newstate();
    if (!(s->alloc = state_alloc_new())) return NULL;
    if ((L = lua_newstate(state_alloc_f, s->alloc)) != NULL)
        lua_atpanic(L, panic);
    return L;
}

static struct script *new_state(int tid, bool lazy)
{
    struct script *s = calloc(1, sizeof(*s));

    if (!s || !(s->L = open_state(s, lazy))) {
        log_fatal("script: create a Lua state: out of memory");
        if (s) state_alloc_free(s->alloc);
        free(s);
        return NULL;
    }
    s->tid  = tid;
    s->lazy = lazy;
    lua_libs_open(s->L);
    lua_register(s->L, "print", print_line);
    set_paths(s->L);
    install_loaders(s->L);
    if (bootstrap(s->L, tid, lazy) != 0 || apply_luajit_cmd(s->L) != 0)
        goto fail;
    /* A worker collects the bootstrap's garbage (declaration texts, the
     * modules' main chunks, loader temporaries) now, so that the script,
     * the options it reads and thread_init reuse that memory instead of
     * touching new pages: -4 KB of peak RSS per thread (perf/README.md,
     * threads_startup). The main state is made once; not worth it there. */
    if (lazy) lua_gc(s->L, LUA_GCCOLLECT, 0);
    if (env.src) {
        if (bytecode_load(s->L, env.src->text, env.src->len,
                          env.src->chunkname) != 0 ||
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

/* -- Options ------------------------------------------------------------ */

static char options_title[300];

int bench_option_declare(const char *name, const char *desc, const char *def,
                         int type, unsigned flags)
{
    /* Declaration order is the caller's (sorted or not); of the flags,
     * scripts may set only how the help lists the type and whether the
     * 1.0 profile lists the option (the bundled OLTP scripts' 1.1
     * options, P-2). */
    struct option_def d = {.name  = name,
                           .desc  = desc,
                           .def   = def,
                           .type  = (enum opt_type) type,
                           .flags = flags & (OPT_SHOW_N | OPT_HIDDEN_R)};
    if (!env.opts || !name || type <= OPT_NULL || type > OPT_FILE) return -1;
    return options_add(env.opts, options_title, &d);
}

void bench_print_test_options(void)
{
    options_print_group(env.opts, stdout, options_title, env.profile_m);
}

int script_register_options(struct script *s, bool *declared)
{
    lua_State *L = s->L;

    snprintf(options_title, sizeof(options_title), "%s options",
             env.src ? env.src->sname : "");
    push_field2(L, "cmdline", "read_cmdline_options");
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        *declared = false;
        return 0;
    }
    if (script_pcall(L, 0, 1) != 0)
        return call_failed(L, "sysbench.cmdline.read_cmdline_options");
    *declared = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return 0;
}

/* Pushes the Lua value of one option, as sysbench.opt shows it. */
static int push_option(lua_State *L, const struct option_def *d,
                       const char *value)
{
    char **items;
    int n, iv;

    switch (d->type) {
    case OPT_BOOL:
        lua_pushboolean(L, options_get_bool(env.opts, d->name));
        return 0;
    case OPT_INT:
        if (options_get_int(env.opts, d->name, &iv) != 0) {
            options_report_bad_int(env.opts, d->name);
            return -1;
        }
        lua_pushnumber(L, iv);
        return 0;
    case OPT_SIZE:
        lua_pushnumber(L, (lua_Number) options_parse_size(value));
        return 0;
    case OPT_DOUBLE:
        lua_pushnumber(L, value ? strtod(value, NULL) : 0);
        return 0;
    case OPT_LIST:
        if ((n = options_get_list(env.opts, d->name, &items)) < 0) return -1;
        lua_createtable(L, n, 0);
        for (int i = 0; i < n; i++) {
            lua_pushstring(L, items[i]);
            lua_rawseti(L, -2, i + 1);
        }
        options_free_list(items);
        return 0;
    default:
        if ((d->flags & OPT_SHOW_BOOL_R) && !env.profile_m) {
            /* A BOOL in 1.0 (--mysql-ssl), which scripts test as one; of the
             * TLS modes it also takes, only DISABLED means off. */
            lua_pushboolean(L, value != NULL && strcmp(value, "off") != 0 &&
                                   strcmp(value, "false") != 0 &&
                                   strcmp(value, "0") != 0 &&
                                   strcasecmp(value, "DISABLED") != 0);
            return 0;
        }
        lua_pushstring(L, value ? value : "");
        return 0;
    }
}

static void fold_key(char *dst, size_t len, const char *name)
{
    size_t i = 0;
    for (; name[i] && i + 1 < len; i++)
        dst[i] = name[i] == '-' ? '_' : name[i];
    dst[i] = '\0';
}

/* Whether `key` is the Lua name of option `name` (its dashes as '_'). */
static bool is_option_key(const char *name, const char *key)
{
    for (; *name && *key; name++, key++)
        if ((*name == '-' ? '_' : *name) != *key) return false;
    return *name == *key;
}

/* The option (not a FILE one) whose Lua name is `key`, or NULL. */
static const struct option_def *option_named(const char *key,
                                             const char **value)
{
    const struct option_def *d;

    for (size_t i = 0; options_at(env.opts, i, &d, value); i++)
        if (d->type != OPT_FILE && is_option_key(d->name, key)) return d;
    return NULL;
}

/* Pushes the value of the option whose Lua name is `key`: 1; 0 when no
 * option has that name; -1 on failure (message printed). */
static int push_option_named(lua_State *L, const char *key)
{
    const char *value;
    const struct option_def *d = option_named(key, &value);

    if (!d) return 0;
    return push_option(L, d, value) == 0 ? 1 : -1;
}

/* lookup(t, k) for bench.option_index: true and the value of the option
 * whose Lua name is k, stored in t; false when no option has that name. A
 * worker of a run reads a few of some 60 options; building them all was
 * 10 KB of each of a thousand workers' heaps (perf/README.md,
 * threads_startup). */
static int option_lookup(lua_State *L)
{
    int rc = 0;

    if (lua_type(L, 2) == LUA_TSTRING &&
        (rc = push_option_named(L, lua_tostring(L, 2))) > 0) {
        lua_pushvalue(L, 2);
        lua_pushvalue(L, -2);
        lua_rawset(L, 1);
        lua_pushboolean(L, 1);
        lua_insert(L, -2);
        return 2;
    }
    if (rc < 0)
        return luaL_error(L, "cannot read option %s", lua_tostring(L, 2));
    lua_pushboolean(L, 0);
    return 1;
}

/* Replaces the value on top of the stack (the __index to chain: nil, a
 * function or a table) with bench.option_index's function over
 * option_lookup and it: 0; -1 with the error message there instead. */
static int push_option_index(lua_State *L)
{
    lua_getglobal(L, "require");
    lua_pushstring(L, "bench.option_index");
    if (lua_pcall(L, 1, 1, 0) != 0) {
        lua_remove(L, -2);
        return -1;
    }
    lua_pushcfunction(L, option_lookup);
    lua_pushvalue(L, -3);
    if (lua_pcall(L, 2, 1, 0) != 0) {
        lua_remove(L, -2);
        return -1;
    }
    lua_remove(L, -2);
    return 0;
}

int script_export_options(struct script *s)
{
    lua_State *L = s->L;
    const struct option_def *d;
    const char *value;
    char key[256];

    lua_getglobal(L, "sysbench");
    lua_newtable(L);
    if (s->lazy) {
        lua_createtable(L, 0, 1);
        lua_pushnil(L);
        if (push_option_index(L) != 0) {
            log_fatal("script: sysbench.opt: %s", lua_tostring(L, -1));
            lua_pop(L, 4);
            return -1;
        }
        lua_setfield(L, -2, "__index");
        lua_setmetatable(L, -2);
    }
    for (size_t i = 0; !s->lazy && options_at(env.opts, i, &d, &value); i++) {
        if (d->type == OPT_FILE) continue;
        if (push_option(L, d, value) != 0) {
            lua_pop(L, 2);
            return -1;
        }
        fold_key(key, sizeof(key), d->name);
        lua_setfield(L, -2, key);
    }
    lua_setfield(L, -2, "opt");
    lua_pop(L, 1);
    return 0;
}

/* In a worker whose _G has no metatable but bench.compat's (marked
 * bench_lazy), the option globals come on first read too:
 * bench.option_index chained before compat's own __index. Pops nothing; 1 if
 * installed, 0 if not (the script's own metatable), -1 on failure (message
 * printed). */
static int install_lazy_globals(lua_State *L)
{
    bool ok;

    if (!lua_getmetatable(L, LUA_GLOBALSINDEX)) {
        lua_createtable(L, 0, 2);
        lua_pushvalue(L, -1);
        lua_setmetatable(L, LUA_GLOBALSINDEX);
    } else {
        lua_getfield(L, -1, "bench_lazy");
        ok = lua_toboolean(L, -1);
        lua_pop(L, 1);
        if (!ok) { /* the script's own: leave it alone */
            lua_pop(L, 1);
            return 0;
        }
    }
    lua_pushboolean(L, 1);
    lua_setfield(L, -2, "bench_lazy");
    lua_getfield(L, -1, "__index");
    if (push_option_index(L) != 0) {
        log_fatal("script: option globals: %s", lua_tostring(L, -1));
        lua_pop(L, 2);
        return -1;
    }
    lua_setfield(L, -2, "__index");
    lua_pop(L, 1);
    return 1;
}

/* 1.0 legacy API (INV 10): every option as a global too, unless a global
 * function of that name exists. The lookup is raw: reading db_driver with
 * lua_getglobal would build the lazy db_* globals of a worker (compat.lua)
 * for nothing, and none of those functions is named after an option. */
static int export_all_legacy_globals(lua_State *L)
{
    const struct option_def *d;
    const char *value;
    char key[256];

    for (size_t i = 0; options_at(env.opts, i, &d, &value); i++) {
        if (d->type == OPT_FILE) continue;
        fold_key(key, sizeof(key), d->name);
        lua_pushstring(L, key);
        lua_rawget(L, LUA_GLOBALSINDEX);
        bool is_fn = lua_isfunction(L, -1);
        lua_pop(L, 1);
        if (is_fn) continue;
        if (push_option(L, d, value) != 0) return -1;
        lua_setglobal(L, key);
    }
    return 0;
}

/* A worker sets only the globals that replace one the script already set
 * (walking _G, which makes no new strings); the others come on first read
 * (bench.option_index). */
int script_export_legacy_globals(struct script *s)
{
    lua_State *L = s->L;
    const struct option_def *d;
    const char *value;

    int lazy = s->lazy ? install_lazy_globals(L) : 0;

    if (lazy < 0) return -1;
    if (!lazy) return export_all_legacy_globals(L);
    lua_pushnil(L);
    while (lua_next(L, LUA_GLOBALSINDEX) != 0) {
        bool replace = lua_type(L, -2) == LUA_TSTRING &&
                       !lua_isfunction(L, -1) &&
                       (d = option_named(lua_tostring(L, -2), &value));
        lua_pop(L, 1);
        if (!replace) continue;
        /* Replacing the value of an existing key keeps lua_next valid. */
        lua_pushvalue(L, -1);
        if (push_option(L, d, value) != 0) {
            lua_pop(L, 2);
            return -1;
        }
        lua_rawset(L, LUA_GLOBALSINDEX);
    }
    return 0;
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
        return call_failed(s->L, name);
    return 0;
}

static bool cmdline_predicate(struct script *s, const char *fn, const char *cmd)
{
    bool yes = false;

    push_field2(s->L, "cmdline", fn);
    if (!lua_isfunction(s->L, -1)) {
        lua_pop(s->L, 1);
        return false;
    }
    lua_pushstring(s->L, cmd);
    if (script_pcall(s->L, 1, 1) != 0) {
        call_failed(s->L, fn);
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

    push_field2(s->L, "cmdline", "call_command");
    lua_pushstring(s->L, cmd);
    if (script_pcall(s->L, 1, 1) != 0)
        return call_failed(s->L, "sysbench.cmdline.call_command");
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

/* The stat table of INV 6.4: latencies in seconds. */
static void push_stat_table(lua_State *L, const struct report_data *r,
                            bool cumulative)
{
    const struct stats_snapshot *d = r->delta;
    const struct hist *h           = d->lat;

    lua_createtable(L, 0, 16);
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
    push_field2(s->L, "hooks", name);
    push_stat_table(s->L, r, cumulative);
    /* sysbench names the hook without its table: `report_cumulative'. */
    if (script_pcall(s->L, 1, 0) != 0) return call_failed(s->L, name);
    return 0;
}

bool script_has_builtin(struct script *s, const char *name)
{
    push_field2(s->L, "builtin", name);
    bool yes = lua_isfunction(s->L, -1);
    lua_pop(s->L, 1);
    return yes;
}

int script_call_builtin(struct script *s, const char *name,
                        const struct report_data *r)
{
    int rc;

    if (!script_has_builtin(s, name)) return 0;
    push_field2(s->L, "builtin", name);
    if (r) {
        push_stat_table(s->L, r, true);
        /* Built-in tests also see the byte counters (1.1's stat fields;
         * not in user hooks, whose 1.0 table has none). */
        set_num(s->L, "bytes_read", (double) r->delta->c[STAT_BYTES_READ]);
        set_num(s->L, "bytes_written",
                (double) r->delta->c[STAT_BYTES_WRITTEN]);
    }
    if (script_pcall(s->L, r ? 1 : 0, 1) != 0) return call_failed(s->L, name);
    rc = lua_toboolean(s->L, -1) ? 1 : 0;
    lua_pop(s->L, 1);
    return rc;
}

int script_help(struct script *s)
{
    if (script_has_function(s, "help")) return script_call(s, "help", false, 0);
    if (options_print_group(env.opts, stdout, options_title, env.profile_m) !=
        0)
        return -1;
    return 0;
}

/* -- Finding the workload ----------------------------------------------- */

static char *read_stream(FILE *f, size_t *len)
{
    size_t cap = 65536, n = 0;
    char *buf = malloc(cap + 1), *t;

    while (buf) {
        n += fread(buf + n, 1, cap - n, f);
        if (n < cap) break;
        if (!(t = realloc(buf, (cap *= 2) + 1))) break;
        buf = t;
    }
    if (!buf || ferror(f) || n >= cap + 1) {
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    *len   = n;
    return buf;
}

static int fill_source(struct script_source *out, const char *sname,
                       const char *path, const char *chunk, char *text,
                       size_t len)
{
    char *cn = strdup(chunk);

    out->sname     = strdup(sname);
    out->path      = path ? strdup(path) : NULL;
    out->chunkname = cn;
    out->text      = text;
    out->len       = len;
    /* "#!" first line: turn it into a comment, keeping line numbers. */
    if (len >= 2 && text[0] == '#' && text[1] == '!') text[0] = text[1] = '-';
    if (!out->sname || !cn || (path && !out->path)) return SCRIPT_ERROR;
    return SCRIPT_FOUND;
}

static char *basename_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return (char *) (slash && slash[1] ? slash + 1 : path);
}

static char *search_module(const char *name)
{
    lua_State *L = luaL_newstate();
    char *found  = NULL;

    if (!L) return NULL;
    luaL_openlibs(L);
    set_paths(L);
    lua_getglobal(L, "package");
    lua_getfield(L, -1, "searchpath");
    lua_pushstring(L, name);
    lua_getfield(L, -3, "path");
    if (lua_pcall(L, 2, 1, 0) == 0 && lua_isstring(L, -1))
        found = strdup(lua_tostring(L, -1));
    lua_close(L);
    return found;
}

static int source_embedded(struct script_source *out, const char *name,
                           const struct embedded_file *f)
{
    char chunk[256];

    out->builtin = f->builtin_desc != NULL;
    snprintf(chunk, sizeof(chunk), "@%s.lua", name);
    return fill_source(out, name, name, chunk, strndup(f->data, f->len),
                       f->len);
}

static int source_file(struct script_source *out, const char *testname,
                       const char *path, FILE *fp)
{
    size_t len;
    char *text = read_stream(fp, &len), *chunk;
    int rc;

    if (!text) {
        log_fatal("script: read %s: %s", path, strerror(errno));
        return SCRIPT_ERROR;
    }
    if (!(chunk = malloc(strlen(path) + 2))) {
        free(text);
        return SCRIPT_ERROR;
    }
    sprintf(chunk, "@%s", path);
    rc = fill_source(out, basename_of(testname), testname, chunk, text, len);
    free(chunk);
    return rc;
}

/* The legacy OLTP scripts are installed as <pkgdatadir>/oltp_legacy/.
 * Users type sysbench's paths (/usr/share/sysbench/tests/include/
 * oltp_legacy/oltp.lua, or relative to a sysbench source tree): when such
 * a path, ending in oltp_legacy/<name>.lua, names no file, the module
 * oltp_legacy.<name> is looked up on package.path instead (LUA_PATH, then
 * the installed copy). Returns its path (to free), or NULL. */
static char *find_legacy_oltp(const char *testname)
{
    static const char dir[] = "oltp_legacy/";
    const size_t dlen       = sizeof(dir) - 1;
    const char *name        = strrchr(testname, '/');
    char module[256];
    size_t n;

    if (!name || (size_t) (name + 1 - testname) < dlen ||
        strncmp(name + 1 - dlen, dir, dlen) != 0)
        return NULL;
    n = strlen(++name);
    if (n <= 4 || strcmp(name + n - 4, ".lua") != 0 ||
        (size_t) snprintf(module, sizeof(module), "oltp_legacy.%.*s",
                          (int) (n - 4), name) >= sizeof(module))
        return NULL;
    return search_module(module);
}

/* sysbench's order: built-in test, file, module on package.path; then the
 * bundled scripts compiled in (installed copies win, PD-8). */
static enum script_resolve_result resolve_named(const char *testname,
                                                struct script_source *out)
{
    const struct embedded_file *f = embedded_find(testname);
    char *modpath                 = NULL;
    FILE *fp;
    int rc;

    if (f && f->builtin_desc) return source_embedded(out, testname, f);
    fp = fopen(testname, "r");
    if (!fp && !strchr(testname, '/') && (modpath = search_module(testname)))
        fp = fopen(modpath, "r");
    if (!fp && !modpath && (modpath = find_legacy_oltp(testname)) &&
        (fp = fopen(modpath, "r"))) {
        /* `test` must name the real file: common.lua is found next to it. */
        rc = source_file(out, modpath, modpath, fp);
        fclose(fp);
        free(modpath);
        return rc;
    }
    if (fp) {
        rc = source_file(out, testname, modpath ? modpath : testname, fp);
        fclose(fp);
        free(modpath);
        return rc;
    }
    free(modpath);
    if (f && is_bundled_script(f)) return source_embedded(out, testname, f);
    return SCRIPT_NOT_FOUND;
}

enum script_resolve_result script_resolve(const char *testname,
                                          struct script_source *out)
{
    size_t len;
    char *text;

    *out = (struct script_source){0};
    if (testname && strcmp(testname, "-") != 0)
        return resolve_named(testname, out);
    if (isatty(STDIN_FILENO))
        log_notice("Reading the script from the standard input:");
    if (!(text = read_stream(stdin, &len))) {
        log_fatal("script: read the standard input: %s", strerror(errno));
        return SCRIPT_ERROR;
    }
    /* "=stdin": errors read "stdin:1: ...", as sysbench's. */
    return fill_source(out, "<stdin>", NULL, "=stdin", text, len);
}

void script_source_fini(struct script_source *src)
{
    free(src->sname);
    free(src->path);
    free(src->chunkname);
    free(src->text);
    *src = (struct script_source){0};
}
