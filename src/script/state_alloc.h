/* SPDX-License-Identifier: MIT */
/* state_alloc.h: the memory allocator of bench's Lua states.
 *
 * LuaJIT's own allocator gives each state a 128 KB segment whose last page
 * it writes, and puts an 8-byte header before every object. A thousand
 * workers each pay both (docs/perf-history.md, threads_startup). Lua tells the
 * allocator the size of every block it frees or resizes, so small blocks
 * need no header: they are carved from 16 KB chunks in 16-byte size
 * classes, and freed ones are kept on one list per class for the next
 * block of that class. Larger blocks go to malloc; once a worker's
 * bootstrap is done (state_alloc_keep_large), those up to 64 KB are kept
 * for reuse when freed instead of leaving holes in the malloc arena that
 * the client libraries share (state_alloc.c). One state, one thread at a
 * time, as every Lua state here.
 *
 * Every Lua state of bench uses it: besides the memory, it lets
 * lua_newstate survive memory running out (state_alloc_end_reserve).
 *
 * Conventions: state_alloc_new returns NULL on ENOMEM. */
#ifndef BENCH_STATE_ALLOC_H
#define BENCH_STATE_ALLOC_H

#include <stddef.h>

struct state_alloc;

struct state_alloc *state_alloc_new(void);

/* lua_Alloc: pass with the state_alloc as ud to lua_newstate. */
void *state_alloc_f(void *ud, void *ptr, size_t osize, size_t nsize);

/* Call once lua_newstate returned (a state or NULL): from then on a failed
 * allocation fails (Lua raises "not enough memory"); until then it was
 * served from a reserve made by state_alloc_new, because LuaJIT cannot
 * undo a lua_newstate that fails half-way. Frees the reserve if unused. */
void state_alloc_end_reserve(struct state_alloc *a);

/* From now on, large blocks (up to 64 KB) freed are kept, each for the
 * next block of its size class, until state_alloc_free, or until malloc
 * fails for a large block (then they all go back to it first). */
void state_alloc_keep_large(struct state_alloc *a);

/* Frees every chunk. Only after lua_close of the state using it. Accepts
 * NULL. */
void state_alloc_free(struct state_alloc *a);

#endif
