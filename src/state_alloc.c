/* SPDX-License-Identifier: MIT */
/* state_alloc: see state_alloc.h. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "state_alloc.h"
#include "state_alloc_internal.h"

/* malloc, or the tests' stand-in that fails on demand. */
static void *(*sa_malloc)(size_t)          = malloc;
static void *(*sa_realloc)(void *, size_t) = realloc;

void state_alloc_set_malloc(void *(*m)(size_t), void *(*r)(void *, size_t))
{
    sa_malloc  = m ? m : malloc;
    sa_realloc = r ? r : realloc;
}

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

static size_t class_of(size_t size)
{
    return (size + GRAIN - 1) / GRAIN;
}

/* LuaJIT's lua_newstate crashes when an allocation after its first one
 * fails (it frees the partly made state wrongly: SIGSEGV under `ulimit -v`
 * with many threads). Until state_alloc_end_reserve, a failed allocation
 * is served from this reserve instead, so lua_newstate either fails on
 * its first allocation, cleanly, or succeeds. It measured 11.9 KB. */
enum { RESERVE = 32768 };

struct state_alloc {
    char *cur, *end;      /* the unused end of the newest chunk */
    struct chunk *chunks; /* every chunk, newest first */
    struct free_block *free_list[NCLASSES]; /* by class: size / GRAIN */
    char *reserve, *rcur; /* [reserve, reserve + RESERVE); rcur: unused */
    bool reserve_on;      /* until state_alloc_end_reserve */
};

struct state_alloc *state_alloc_new(void)
{
    struct state_alloc *a = calloc(1, sizeof(struct state_alloc));

    /* mmap, not malloc: pages never touched cost no memory, and the
     * reserve is almost never touched (-0.5 KB of peak RSS per worker). */
    void *r = a ? mmap(NULL, RESERVE, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
                : MAP_FAILED;

    if (a && r == MAP_FAILED) {
        free(a);
        return NULL;
    }
    if (a) a->reserve = r;
    if (a) {
        a->rcur       = a->reserve;
        a->reserve_on = true;
    }
    return a;
}

void state_alloc_end_reserve(struct state_alloc *a)
{
    /* Kept while blocks of it are in use, until state_alloc_free. */
    a->reserve_on = false;
    if (a->reserve && a->rcur == a->reserve) {
        munmap(a->reserve, RESERVE);
        a->reserve = a->rcur = NULL;
    }
}

void state_alloc_free(struct state_alloc *a)
{
    if (!a) return;
    while (a->chunks) {
        struct chunk *next = a->chunks->next;
        free(a->chunks);
        a->chunks = next;
    }
    if (a->reserve) munmap(a->reserve, RESERVE);
    free(a);
}

static bool in_reserve(const struct state_alloc *a, const void *p)
{
    return a->reserve && (const char *) p >= a->reserve &&
           (const char *) p < a->reserve + RESERVE;
}

/* A block from the reserve, or NULL when it is gone or full. */
static void *get_reserve(struct state_alloc *a, size_t size)
{
    size_t bytes = class_of(size) * GRAIN;

    if (!a->reserve_on || a->rcur + bytes > a->reserve + RESERVE) return NULL;
    a->rcur += bytes;
    return a->rcur - bytes;
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
        struct chunk *k = sa_malloc(CHUNK);
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
    void *p = size <= CLASS_MAX ? get_small(a, size) : sa_malloc(size);
    return p ? p : get_reserve(a, size);
}

/* A reserve block of a small class is reused like any other; a large one
 * stays where it is (free() must not see it). */
static void put(struct state_alloc *a, void *p, size_t size)
{
    if (size <= CLASS_MAX)
        put_small(a, p, size);
    else if (!in_reserve(a, p))
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
    if (osize > CLASS_MAX && nsize > CLASS_MAX && !in_reserve(a, ptr) &&
        (n = sa_realloc(ptr, nsize)) != NULL)
        return n;
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
