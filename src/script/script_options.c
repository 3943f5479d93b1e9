/* SPDX-License-Identifier: MIT */
/* script_options: the script's side of options (see script.h): the options
 * a script declares (sysbench.cmdline.options, through
 * bench_option_declare) and their values as sysbench.opt and, for 1.0
 * scripts, as globals; built on first read in a run's workers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <lauxlib.h>
#include <lua.h>

#include "api.h"
#include "log.h"
#include "options.h"
#include "script.h"
#include "script_internal.h"
#include "script_source.h"

static char options_title[300];

int bench_option_declare(const char *name, const char *desc, const char *def,
                         int type, unsigned flags)
{
    /* Declaration order is the caller's (sorted or not); of the flags,
     * scripts may set only how the help lists the type and the default,
     * whether the 1.0 profile lists the option (the bundled OLTP scripts'
     * 1.1 options, P-2) and whether it is bench's own (listed apart). */
    struct option_def d = {.name  = name,
                           .desc  = desc,
                           .def   = def,
                           .type  = (enum opt_type) type,
                           .flags = (flags & (OPT_SHOW_N | OPT_HIDDEN_R |
                                              OPT_DEF_UNLISTED | OPT_BENCH)) |
                                    OPT_DECLARED};
    if (!script_env.opts || !name || type <= OPT_NULL || type > OPT_FILE)
        return -1;
    return options_add(script_env.opts, options_title, &d);
}

void bench_print_test_options(void)
{
    options_print_group_lines(script_env.opts, stdout, options_title,
                              script_env.profile_m);
}

int script_register_options(struct script *s, bool *declared)
{
    lua_State *L = s->L;

    snprintf(options_title, sizeof(options_title), "%s options",
             script_env.src ? script_env.src->sname : "");
    script_push_field2(L, "cmdline", "read_cmdline_options");
    if (!lua_isfunction(L, -1)) {
        lua_pop(L, 1);
        *declared = false;
        return 0;
    }
    if (script_pcall(L, 0, 1) != 0)
        return script_call_failed(L, "sysbench.cmdline.read_cmdline_options");
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
        lua_pushboolean(L, options_get_bool(script_env.opts, d->name));
        return 0;
    case OPT_INT:
        if ((d->flags & OPT_NUM_LIST) &&
            options_get_int(script_env.opts, d->name, &iv) != 0) {
            lua_pushnumber(L, value ? strtod(value, NULL) : 0);
            return 0;
        }
        if (options_get_int(script_env.opts, d->name, &iv) != 0) {
            options_report_bad_int(script_env.opts, d->name);
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
        if ((n = options_get_list(script_env.opts, d->name, &items)) < 0)
            return -1;
        lua_createtable(L, n, 0);
        for (int i = 0; i < n; i++) {
            lua_pushstring(L, items[i]);
            lua_rawseti(L, -2, i + 1);
        }
        options_free_list(items);
        return 0;
    default:
        if ((d->flags & OPT_SHOW_BOOL_R) && !script_env.profile_m) {
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

    for (size_t i = 0; options_at(script_env.opts, i, &d, value); i++)
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
 * 10 KB of each of a thousand workers' heaps (docs/perf-history.md,
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

struct export_args {
    struct script *s;
    int rc; /* -1: failed, message printed */
};

static int export_options(lua_State *L)
{
    struct export_args *a = lua_touserdata(L, 1);
    struct script *s      = a->s;
    const struct option_def *d;
    const char *value;
    char key[256];

    lua_pop(L, 1);
    a->rc = -1;
    lua_getglobal(L, "sysbench");
    lua_newtable(L);
    if (s->lazy) {
        lua_createtable(L, 0, 1);
        lua_pushnil(L);
        if (push_option_index(L) != 0) {
            if (script_first_oom(lua_tostring(L, -1)))
                log_fatal("script: sysbench.opt: %s", lua_tostring(L, -1));
            return 0;
        }
        lua_setfield(L, -2, "__index");
        lua_setmetatable(L, -2);
    }
    for (size_t i = 0; !s->lazy && options_at(script_env.opts, i, &d, &value);
         i++) {
        if (d->type == OPT_FILE) continue;
        if (push_option(L, d, value) != 0) return 0;
        fold_key(key, sizeof(key), d->name);
        lua_setfield(L, -2, key);
    }
    lua_setfield(L, -2, "opt");
    lua_pop(L, 1);
    a->rc = 0;
    return 0;
}

/* Under lua_cpcall: memory running out is an error return, not a panic
 * (memory may run out again while the error is reported: one line). */
int script_export_options(struct script *s)
{
    struct export_args a = {s, -1};
    unsigned printed     = log_fatal_count();

    if (lua_cpcall(s->L, export_options, &a) != 0) {
        const char *msg =
            lua_isstring(s->L, -1) ? lua_tostring(s->L, -1) : "error";
        if (log_fatal_count() == printed && script_first_oom(msg))
            log_fatal("script: sysbench.opt: %s", msg);
        lua_pop(s->L, 1);
        return -1;
    }
    return a.rc;
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
        if (script_first_oom(lua_tostring(L, -1)))
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

    for (size_t i = 0; options_at(script_env.opts, i, &d, &value); i++) {
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

int script_help(struct script *s)
{
    char header[sizeof(options_title) + 32];

    if (script_has_function(s, "help")) {
        if (script_call(s, "help", false, 0) != 0) return -1;
    } else if (options_print_group(script_env.opts, stdout, options_title,
                                   script_env.profile_m) != 0) {
        return -1;
    }
    /* After sysbench's listing, which stays its layout (issue 14). */
    snprintf(header, sizeof(header), "%s that sysbench lacks", options_title);
    options_print_bench(script_env.opts, stdout, options_title, header);
    return 0;
}
