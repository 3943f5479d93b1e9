/* SPDX-License-Identifier: MIT */
/* bytecode: see bytecode.h. Entries are keyed by the address of the source
 * text, which stays put for the process's life (embedded arrays, the
 * workload source held by run.c), so a lookup needs no hashing. A chunk is
 * compiled the first time a state loads it, by that state: a run pays only
 * for the chunks it uses, and only once. */
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <lauxlib.h>

#include "bytecode.h"
#include "embedded.h"
#include "script_source.h"

struct chunk {
    const char *text; /* the source this is compiled from */
    char *code;       /* NULL until published (see publish) */
    size_t len;
};

/* The table is laid out by bytecode_build in the main thread before any
 * worker exists; afterwards only `code`/`len` of an entry change, once,
 * under `lock`. Like the embedded files it indexes, it is process-wide. */
static struct {
    struct chunk *chunks;
    size_t n;
    pthread_mutex_t lock;
} cache = {.lock = PTHREAD_MUTEX_INITIALIZER};

struct dump_buf {
    char *data;
    size_t len, cap;
    bool failed;
};

static int append(lua_State *L, const void *p, size_t sz, void *ud)
{
    struct dump_buf *b = ud;
    (void) L;

    if (b->len + sz > b->cap) {
        size_t cap = (b->len + sz) * 2;
        char *data = realloc(b->data, cap);
        if (!data) {
            b->failed = true;
            return 1; /* lua_dump stops; the chunk stays uncached */
        }
        b->data = data;
        b->cap  = cap;
    }
    memcpy(b->data + b->len, p, sz);
    b->len += sz;
    return 0;
}

/* Dumps the function on top of L's stack (just loaded from c->text) and
 * publishes it: readers that see the pointer see the whole code and its
 * length. The pointer is a release store read with an acquire load, in
 * the compiler's __atomic builtins rather than ck_pr's inline assembly, so
 * that ThreadSanitizer sees the ordering too (a chunk only workers load,
 * such as bench.option_index, is first compiled by two of them at once). */
static void publish(lua_State *L, struct chunk *c)
{
    struct dump_buf b = {0};

    pthread_mutex_lock(&cache.lock);
    if (!c->code && lua_dump(L, append, &b) == 0 && !b.failed && b.len) {
        c->len = b.len;
        __atomic_store_n(&c->code, b.data, __ATOMIC_RELEASE);
        b.data = NULL;
    }
    pthread_mutex_unlock(&cache.lock);
    free(b.data);
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

    cache_free();
    for (const struct embedded_file *f = embedded_files; f->name; f++)
        max++;
    if (!(cache.chunks = calloc(max, sizeof(*cache.chunks))))
        return; /* no cache: every state parses, as before */
    for (const struct embedded_file *f = embedded_files; f->name; f++)
        if (!strstr(f->name, "_decls")) /* C declarations, not Lua */
            cache.chunks[cache.n++].text = f->data;
    if (src && src->text) cache.chunks[cache.n++].text = src->text;
}

int bytecode_load(lua_State *L, const char *text, size_t len,
                  const char *chunkname)
{
    struct chunk *c = NULL;
    char *code;
    int rc;

    for (size_t i = 0; i < cache.n && !c; i++)
        if (cache.chunks[i].text == text) c = &cache.chunks[i];
    if (!c) return luaL_loadbuffer(L, text, len, chunkname);
    code = __atomic_load_n(&c->code, __ATOMIC_ACQUIRE);
    if (code) return luaL_loadbuffer(L, code, c->len, chunkname);
    rc = luaL_loadbuffer(L, text, len, chunkname);
    if (rc == 0) publish(L, c);
    return rc;
}
