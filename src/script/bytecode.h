/* SPDX-License-Identifier: MIT */
/* bytecode: the embedded Lua modules and the workload script compiled once
 * to LuaJIT bytecode, so that each of a thousand worker states loads a
 * chunk instead of parsing its source again (parsing was most of a
 * worker's start-up). Debug information is kept: tracebacks and error
 * messages name the same chunks and lines as when loading the source. */
#ifndef BENCH_BYTECODE_H
#define BENCH_BYTECODE_H

#include <stddef.h>
#include <lua.h>

struct script_source;

/* Lists the chunks to cache: every embedded Lua file and `src` (may be
 * NULL). Main thread, before any state exists. Each is compiled when a
 * state first loads it; a chunk that does not compile is never cached, so
 * every load of it parses the source and reports the error as usual. */
void bytecode_build(const struct script_source *src);

/* luaL_loadbuffer(L, text, len, chunkname), from the bytecode compiled
 * from this very `text` pointer when there is one (a given text must
 * always be loaded under the same chunk name). Any thread. */
int bytecode_load(lua_State *L, const char *text, size_t len,
                  const char *chunkname);

#endif
