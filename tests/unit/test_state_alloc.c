/* SPDX-License-Identifier: MIT */
/* test_state_alloc.c: the allocator of worker Lua states: reuse of a freed
 * block by its size class, small and large, blocks of a class never
 * overlapping, resizes that keep their contents (within a class, across
 * classes, to and from malloc'd sizes), kept large blocks given back when
 * malloc fails, and a real LuaJIT state running on it (run under ASan
 * with --enable-sanitizers, which checks every access and the final
 * release). */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "script/state_alloc.h"
#include "script/state_alloc_internal.h"
#include "tap.h"

static void *A(struct state_alloc *a, void *p, size_t o, size_t n)
{
    return state_alloc_f(a, p, o, n);
}

static void classes(void)
{
    struct state_alloc *a = state_alloc_new();
    char *p               = A(a, NULL, 0, 40), *q, *r[100];
    int apart = 1, aligned = 1;

    ok(p != NULL, "a small block");
    A(a, p, 40, 0);
    q = A(a, NULL, 0, 33);
    ok(q == p, "a freed block serves the next block of its class");
    r[0] = A(a, NULL, 0, 24);
    ok(r[0] != q, "another class does not take it");
    for (int i = 1; i < 100; i++) {
        r[i] = A(a, NULL, 0, 48);
        memset(r[i], i, 48);
        aligned &= ((uintptr_t) r[i] % 16) == 0;
    }
    for (int i = 1; i < 100; i++)
        for (int j = 0; j < 48; j++)
            apart &= r[i][j] == (char) i;
    ok(apart, "blocks do not overlap, across chunks too");
    ok(aligned, "blocks are 16-byte aligned");
    state_alloc_free(a);
}

/* Once state_alloc_keep_large was called, large blocks (over 512 bytes,
 * up to 64 KB) are kept when freed, for the next block of their class:
 * four classes per power of two. One malloc'd before is kept for the
 * class below its size. */
static void large_classes(void)
{
    struct state_alloc *a = state_alloc_new();
    char *p               = A(a, NULL, 0, 700), *q, *nx, *r[40];
    int apart             = 1;

    state_alloc_keep_large(a);
    A(a, p, 700, 0);
    q = A(a, NULL, 0, 700);
    ok(q != p, "a block malloc'd before is not taken for its own size");
    ok(A(a, NULL, 0, 640) == p, "but for the class below it");
    A(a, p, 640, 0);
    A(a, q, 700, 0);
    p = A(a, NULL, 0, 700);
    ok(p == q, "a block of the class is taken for it");
    memset(p, 1, 768); /* its class holds 768 bytes (ASan checks) */
    A(a, p, 700, 0);
    q = A(a, NULL, 0, 641);
    ok(q == p, "a freed large block serves the next block of its class");
    nx = A(a, NULL, 0, 769);
    ok(nx != p, "the next class does not take it");
    ok(A(a, q, 641, 768) == q, "growing within its class keeps the block");
    memset(q, 7, 768);
    p = A(a, q, 768, 900);
    ok(p != q && p[0] == 7 && p[767] == 7, "growing past it copies");
    ok(A(a, NULL, 0, 768) == q, "and keeps the old block for its class");
    A(a, q, 768, 0);
    A(a, p, 900, 0);
    A(a, nx, 769, 0);
    for (int i = 0; i < 40; i++) {
        size_t n = 513 + (size_t) i * 1637;
        r[i]     = A(a, NULL, 0, n);
        memset(r[i], i, n);
    }
    for (int i = 0; i < 40; i++)
        for (size_t j = 0; j < 513 + (size_t) i * 1637; j++)
            apart &= r[i][j] == (char) i;
    ok(apart, "large blocks of every class do not overlap");
    for (int i = 0; i < 40; i++)
        A(a, r[i], 513 + (size_t) i * 1637, 0);
    p = A(a, NULL, 0, 65536);
    memset(p, 3, 65536);
    A(a, p, 65536, 0);
    q = A(a, NULL, 0, 60000);
    ok(q == p, "up to 64 KB");
    A(a, q, 60000, 0);
    state_alloc_free(a); /* ASan: every kept block is freed */
}

static void resizes(void)
{
    struct state_alloc *a = state_alloc_new();
    char *p               = A(a, NULL, 0, 20), *q;
    int same              = 1;

    memcpy(p, "0123456789abcdefghi", 20);
    q = A(a, p, 20, 30);
    ok(q == p, "growing within its class keeps the block");
    q = A(a, p, 30, 100);
    ok(q != p && memcmp(q, "0123456789abcdefghi", 20) == 0,
       "growing past it copies the contents");
    p = A(a, q, 100, 4000);
    ok(memcmp(p, "0123456789abcdefghi", 20) == 0, "to a malloc'd size");
    for (int i = 0; i < 4000; i++)
        p[i] = (char) (i % 251);
    q = A(a, p, 4000, 20000);
    for (int i = 0; i < 4000; i++)
        same &= q[i] == (char) (i % 251);
    ok(same, "between malloc'd sizes");
    p = A(a, q, 20000, 10);
    ok(memcmp(p, "\0\1\2\3\4\5\6\7\10\11", 10) == 0, "and back to a small one");
    ok(A(a, p, 10, 0) == NULL, "freeing returns NULL");
    ok(A(a, NULL, 0, 0) == NULL, "so does freeing nothing");
    state_alloc_free(a);
    state_alloc_free(NULL);
    ok(1, "state_alloc_free(NULL)");
}

static void lua_on_it(void)
{
    struct state_alloc *a = state_alloc_new();
    lua_State *L          = lua_newstate(state_alloc_f, a);
    const char *code =
        "local t, s = {}, ''\n"
        "for i = 1, 20000 do t[i] = tostring(i) .. string.rep('x', i % 700) "
        "end\n"
        "for i = 1, 20000, 3 do t[i] = nil end\n"
        "collectgarbage()\n"
        "for i = 2, 3000, 3 do s = s .. t[i] end\n"
        "local ffi = require('ffi')\n"
        "ffi.cdef('typedef struct { int a; double b; } sa_test_t;')\n"
        "local v = ffi.new('sa_test_t[?]', 1000)\n"
        "v[999].b = 2.5\n"
        "return #s, v[999].b";

    ok(L != NULL, "lua_newstate on it");
    luaL_openlibs(L);
    state_alloc_keep_large(a); /* as workers do after their bootstrap */
    ok(luaL_dostring(L, code) == 0,
       "a script with strings, tables and the FFI");
    is_int((int) lua_tointeger(L, -2), 336531, "its result");
    ok(lua_tonumber(L, -1) == 2.5, "an FFI array");
    lua_close(L);
    state_alloc_free(a);
}

/* Fails every malloc/realloc after the first `budget` of them, and the
 * next `fail_next` mallocs. */
static int budget = -1, fail_next;

static void *failing_malloc(size_t n)
{
    if (fail_next > 0) {
        fail_next--;
        return NULL;
    }
    return budget < 0 || budget-- > 0 ? malloc(n) : NULL;
}

static void *failing_realloc(void *p, size_t n)
{
    return budget < 0 || budget-- > 0 ? realloc(p, n) : NULL;
}

/* When malloc fails for a large block, the kept ones go back to it and
 * it is asked again. */
static void large_out_of_memory(void)
{
    struct state_alloc *a;
    char *p;

    state_alloc_set_malloc(failing_malloc, failing_realloc);
    a = state_alloc_new();
    state_alloc_end_reserve(a);
    state_alloc_keep_large(a);
    p = A(a, NULL, 0, 4000);
    A(a, p, 4000, 0);
    fail_next = 1; /* the retry after giving the kept block back succeeds */
    p         = A(a, NULL, 0, 3000);
    ok(p != NULL && fail_next == 0, "a failed malloc is asked again");
    A(a, p, 3000, 0);
    fail_next = 2;
    ok(A(a, NULL, 0, 5000) == NULL, "a large block fails when malloc does");
    fail_next = 0;
    state_alloc_free(a);
    state_alloc_set_malloc(NULL, NULL);
}

static int open_libs(lua_State *L)
{
    luaL_openlibs(L);
    return 0;
}

/* Issue 12: under `ulimit -v`, a SIGSEGV in lua_newstate: LuaJIT crashes
 * undoing a lua_newstate whose later allocation failed. Every budget of
 * successful allocations, from none up, gives a state (lua_newstate's
 * allocations come from the reserve when malloc fails), and a state short
 * of memory then fails to open its libraries with a memory error, not a
 * crash. */
static void out_of_memory(void)
{
    int states = 0, nulls = 0, memerr = 0;

    state_alloc_set_malloc(failing_malloc, failing_realloc);
    for (int k = 0; k < 200; k++) {
        struct state_alloc *a = state_alloc_new();
        lua_State *L;

        budget = k;
        L      = lua_newstate(state_alloc_f, a);
        state_alloc_end_reserve(a);
        if (L) {
            states++;
            memerr += lua_cpcall(L, open_libs, NULL) == LUA_ERRMEM;
            lua_close(L);
        } else {
            nulls++;
        }
        budget = -1;
        state_alloc_free(a);
    }
    state_alloc_set_malloc(NULL, NULL);
    is_int(nulls, 0, "lua_newstate never fails half-way: the reserve");
    is_int(states, 200, "every budget gives a state");
    ok(memerr >= 1, "a state short of memory reports LUA_ERRMEM");
}

int main(void)
{
    classes();
    large_classes();
    resizes();
    lua_on_it();
    out_of_memory();
    large_out_of_memory();
    return done_testing();
}
