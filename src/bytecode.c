/* SPDX-License-Identifier: MIT */
/* bytecode: see bytecode.h. Entries are keyed by the address of the source
 * text, which stays put for the process's life (embedded arrays, the
 * workload source held by run.c), so a lookup needs no hashing. */
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>
#include <lualib.h>

#include "bytecode.h"
#include "embedded.h"
#include "script.h"

struct chunk {
    const char *text; /* the source this was compiled from */
    char *code;
    size_t len, cap;
};

/* Written by bytecode_build in the main thread before any worker exists,
 * read-only afterwards. */
static struct {
    struct chunk *chunks;
    size_t n;
} cache;

static int append(lua_State *L, const void *p, size_t sz, void *ud)
{
    struct chunk *c = ud;
    (void) L;

    if (c->len + sz > c->cap) {
        size_t cap = (c->len + sz) * 2;
        char *code = realloc(c->code, cap);
        if (!code)
            return 1; /* lua_dump stops; the chunk is dropped */
        c->code = code;
        c->cap  = cap;
    }
    memcpy(c->code + c->len, p, sz);
    c->len += sz;
    return 0;
}

/* Compiles one chunk into the next free entry; leaves it out on error. */
static void compile(lua_State *L, const char *text, size_t len,
                    const char *chunkname)
{
    struct chunk *c = &cache.chunks[cache.n];

    *c = (struct chunk){.text = text};
    if (luaL_loadbuffer(L, text, len, chunkname) == 0 &&
        lua_dump(L, append, c) == 0 && c->len > 0)
        cache.n++;
    else
        free(c->code);
    lua_settop(L, 0);
}

static void cache_free(void)
{
    for (size_t i = 0; i < cache.n; i++)
        free(cache.chunks[i].code);
    free(cache.chunks);
    cache.chunks = NULL;
    cache.n      = 0;
}

void bytecode_build(const struct script_source *src)
{
    size_t max = 1;
    lua_State *L;

    cache_free();
    for (const struct embedded_file *f = embedded_files; f->name; f++)
        max++;
    if (!(cache.chunks = calloc(max, sizeof(*cache.chunks))))
        return; /* no cache: every state parses, as before */
    if (!(L = luaL_newstate()))
        return;
    /* The parser needs the FFI library for 64-bit literals (1ULL). */
    luaL_openlibs(L);
    /* The chunk names are those script.c loads each file under: the
     * internal modules as "=bench.x", bundled scripts as "@name.lua". */
    for (const struct embedded_file *f = embedded_files; f->name; f++) {
        char name[256];
        if (strstr(f->name, "_decls"))
            continue; /* C declarations, not Lua */
        if (strncmp(f->name, "bench", 5) == 0 &&
            (f->name[5] == '\0' || f->name[5] == '.'))
            snprintf(name, sizeof(name), "=%s", f->name);
        else
            snprintf(name, sizeof(name), "@%s.lua", f->name);
        compile(L, f->data, f->len, name);
    }
    if (src && src->text)
        compile(L, src->text, src->len, src->chunkname);
    lua_close(L);
}

int bytecode_load(lua_State *L, const char *text, size_t len,
                  const char *chunkname)
{
    for (size_t i = 0; i < cache.n; i++)
        if (cache.chunks[i].text == text)
            return luaL_loadbuffer(L, cache.chunks[i].code,
                                   cache.chunks[i].len, chunkname);
    return luaL_loadbuffer(L, text, len, chunkname);
}
