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

/* Compiles every embedded Lua file and `src` (may be NULL). Main thread,
 * before any other thread uses bytecode_load; the cache is read-only
 * afterwards. A chunk that does not compile is left out, so loading it
 * later parses the source and reports the error as usual. */
void bytecode_build(const struct script_source *src);

/* luaL_loadbuffer(L, text, len, chunkname), from the bytecode compiled
 * from this very `text` pointer when there is one. Any thread. */
int bytecode_load(lua_State *L, const char *text, size_t len,
                  const char *chunkname);

#endif
