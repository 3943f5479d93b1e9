/* SPDX-License-Identifier: MIT */
/* lua_libs.h: the standard libraries of bench's Lua states.
 *
 * luaL_openlibs builds every library in every state. math, io, os, debug
 * and bit are 10 KB of a state's heap, and a benchmark's workers rarely
 * touch them (an empty event or an OLTP script none), so a thousand
 * workers paid 10 MB for nothing (docs/perf-history.md, threads_startup). Here
 * each of those is, in _G and package.loaded alike, a table that fills
 * itself with the library on the first read of any field and then drops
 * its metatable: `math.floor`, `local io = io`, `require "os"` and
 * `io.stdout` work as before. What differs before that first read is
 * listed in docs/compatibility.md (pairs() and rawget() see the table
 * empty). */
#ifndef BENCH_LUA_LIBS_H
#define BENCH_LUA_LIBS_H

#include <lua.h>

/* What luaL_openlibs does, with math, io, os, debug and bit deferred.
 * Raises a Lua error (out of memory) like luaL_openlibs; call it where
 * that would be called. */
void lua_libs_open(lua_State *L);

#endif
