/* SPDX-License-Identifier: MIT */
/* state_alloc: see state_alloc.h. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "state_alloc.h"

/* Blocks up to CLASS_MAX bytes come from chunks, in classes of 16 bytes
 * (LuaJIT's objects need 8-byte alignment; 16 is what malloc gives). */
enum {
    GRAIN     = 16,
    CLASS_MAX = 512,
    NCLASSES  = CLASS_MAX / GRAIN + 1,
    CHUNK     = 16384,
};

struct chunk {
    struct chunk *next;
    char pad[GRAIN - sizeof(struct chunk *)]; /* keeps the data aligned */
};

struct free_block {
    struct free_block *next;
};

struct state_alloc {
    char *cur, *end;      /* the unused end of the newest chunk */
    struct chunk *chunks; /* every chunk, newest first */
    struct free_block *free_list[NCLASSES]; /* by class: size / GRAIN */
};

struct state_alloc *state_alloc_new(void)
{
    return calloc(1, sizeof(struct state_alloc));
}

void state_alloc_free(struct state_alloc *a)
{
    if (!a) return;
    while (a->chunks) {
        struct chunk *next = a->chunks->next;
        free(a->chunks);
        a->chunks = next;
    }
    free(a);
}

static size_t class_of(size_t size)
{
    return (size + GRAIN - 1) / GRAIN;
}

static void *get_small(struct state_alloc *a, size_t size)
{
    size_t c             = class_of(size);
    size_t bytes         = c * GRAIN;
    struct free_block *b = a->free_list[c];

    if (b) {
        a->free_list[c] = b->next;
        return b;
    }
    if ((size_t) (a->end - a->cur) < bytes) {
        /* The rest of the old chunk stays unused; it is less than a
         * class_max, and never touched, costs no memory. */
        struct chunk *k = malloc(CHUNK);
        if (!k) return NULL;
        k->next   = a->chunks;
        a->chunks = k;
        a->cur    = (char *) (k + 1);
        a->end    = (char *) k + CHUNK;
    }
    a->cur += bytes;
    return a->cur - bytes;
}

static void put_small(struct state_alloc *a, void *p, size_t size)
{
    struct free_block *b = p;
    size_t c             = class_of(size);

    b->next         = a->free_list[c];
    a->free_list[c] = b;
}

static void *get(struct state_alloc *a, size_t size)
{
    return size <= CLASS_MAX ? get_small(a, size) : malloc(size);
}

static void put(struct state_alloc *a, void *p, size_t size)
{
    if (size <= CLASS_MAX)
        put_small(a, p, size);
    else
        free(p);
}

void *state_alloc_f(void *ud, void *ptr, size_t osize, size_t nsize)
{
    struct state_alloc *a = ud;
    void *n;

    if (nsize == 0) {
        if (ptr) put(a, ptr, osize);
        return NULL;
    }
    if (!ptr) return get(a, nsize);
    if (osize > CLASS_MAX && nsize > CLASS_MAX) return realloc(ptr, nsize);
    if (osize <= CLASS_MAX && nsize <= CLASS_MAX &&
        class_of(osize) == class_of(nsize))
        return ptr;
    if (!(n = get(a, nsize)))
        /* Lua may not see a shrinking block fail: keep the old one. */
        return nsize <= osize ? ptr : NULL;
    memcpy(n, ptr, osize < nsize ? osize : nsize);
    put(a, ptr, osize);
    return n;
}
