/* SPDX-License-Identifier: MIT */
/* lua_libs.c: see lua_libs.h.
 *
 * A deferred library opens into its stand-in because LuaJIT registers a
 * library into package.loaded[name] when that is a table already (and
 * only creates the table, and the global, when it is not). */
#include "lua_libs.h"

#include <lauxlib.h>
#include <lualib.h>

/* Opened at once: the base library (with coroutine), package (require),
 * table and string (every script and bench's own modules use them), jit
 * (opening it switches the JIT compiler on). */
static const luaL_Reg eager[] = {
    {"", luaopen_base},
    {LUA_LOADLIBNAME, luaopen_package},
    {LUA_TABLIBNAME, luaopen_table},
    {LUA_STRLIBNAME, luaopen_string},
    {LUA_JITLIBNAME, luaopen_jit},
    {NULL, NULL},
};

static const luaL_Reg deferred[] = {
    {LUA_MATHLIBNAME, luaopen_math}, {LUA_IOLIBNAME, luaopen_io},
    {LUA_OSLIBNAME, luaopen_os},     {LUA_DBLIBNAME, luaopen_debug},
    {LUA_BITLIBNAME, luaopen_bit},   {NULL, NULL},
};

/* What luaL_openlibs leaves to require, as it does. */
static const luaL_Reg preloaded[] = {
    {LUA_FFILIBNAME, luaopen_ffi},
    {LUA_STRLIBNAME ".buffer", luaopen_string_buffer},
    {NULL, NULL},
};

/* __index(stand-in, key) of a deferred library; upvalues: its opener and
 * its name. The metatable goes first, so that the library's own
 * registration, which reads the table, does not come back here. */
static int open_deferred(lua_State *L)
{
    lua_pushnil(L);
    lua_setmetatable(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_call(L, 1, 0);
    lua_pushvalue(L, 2);
    lua_rawget(L, 1);
    return 1;
}

static void add_deferred(lua_State *L, const luaL_Reg *lib)
{
    lua_getfield(L, LUA_REGISTRYINDEX, "_LOADED");
    lua_newtable(L); /* the stand-in */
    lua_createtable(L, 0, 1);
    lua_pushcfunction(L, lib->func);
    lua_pushstring(L, lib->name);
    lua_pushcclosure(L, open_deferred, 2);
    lua_setfield(L, -2, "__index");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, lib->name);
    lua_setfield(L, LUA_GLOBALSINDEX, lib->name);
    lua_pop(L, 1);
}

void lua_libs_open(lua_State *L)
{
    const luaL_Reg *lib;

    for (lib = eager; lib->func; lib++) {
        lua_pushcfunction(L, lib->func);
        lua_pushstring(L, lib->name);
        lua_call(L, 1, 0);
    }
    for (lib = deferred; lib->func; lib++)
        add_deferred(L, lib);
    luaL_findtable(L, LUA_REGISTRYINDEX, "_PRELOAD", 2);
    for (lib = preloaded; lib->func; lib++) {
        lua_pushcfunction(L, lib->func);
        lua_setfield(L, -2, lib->name);
    }
    lua_pop(L, 1);
}
