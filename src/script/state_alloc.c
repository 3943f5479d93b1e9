/* SPDX-License-Identifier: MIT */
/* state_alloc: see state_alloc.h. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <malloc.h> /* malloc_usable_size: glibc, musl */
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
 * (LuaJIT's objects need 8-byte alignment; 16 is what malloc gives).
 * Larger ones are malloc's. From state_alloc_keep_large on, those up to
 * LARGE_MAX are malloc'd in classes of four per power of two (at most 25%
 * more than asked) and, once freed, kept on one list per class for the
 * next block of that class rather than given back: a block given back
 * leaves a hole in the thread's malloc arena, and a client library that
 * mallocs and frees a buffer every query next to that hole pays ~180
 * instructions a query to merge and split it (docs/perf-history.md,
 * db_point_select). A kept block goes on the list of the largest class
 * its malloc_usable_size holds, so blocks malloc'd before, of any size,
 * are kept safely too. */
enum {
    GRAIN           = 16,
    CLASS_MAX_LOG2  = 9,
    CLASS_MAX       = 1 << CLASS_MAX_LOG2,
    NCLASSES        = CLASS_MAX / GRAIN + 1,
    CHUNK           = 16384,
    LARGE_STEPS     = 4, /* classes per power of two */
    LARGE_STEP_LOG2 = 2,
    LARGE_MAX_LOG2  = 16,
    LARGE_MAX       = 1 << LARGE_MAX_LOG2,
    NLARGE          = (LARGE_MAX_LOG2 - CLASS_MAX_LOG2) * LARGE_STEPS,
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

/* The first class of large blocks that holds size (CLASS_MAX < size <=
 * LARGE_MAX), 0 to NLARGE - 1, and the size of its blocks in *bytes: four
 * steps per power of two (640, 768, 896, 1024, 1280, ...). */
static size_t large_class(size_t size, size_t *bytes)
{
    unsigned lg    = 63u - (unsigned) __builtin_clzll(size - 1);
    unsigned shift = lg - LARGE_STEP_LOG2;
    size_t step    = (size - 1) >> shift; /* LARGE_STEPS .. 2 * it - 1 */

    *bytes = (step + 1) << shift;
    return (lg - CLASS_MAX_LOG2) * LARGE_STEPS + step - LARGE_STEPS;
}

/* The last class whose blocks a block of `usable` bytes (> CLASS_MAX) can
 * serve, or NLARGE when none. */
static size_t large_class_down(size_t usable)
{
    size_t bytes, c;

    if (usable >= LARGE_MAX) return NLARGE - 1;
    c = large_class(usable, &bytes);
    if (bytes == usable) return c;
    return c > 0 ? c - 1 : NLARGE;
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
    struct free_block *large_list[NLARGE];  /* by class: large_class */
    char *reserve, *rcur; /* [reserve, reserve + RESERVE); rcur: unused */
    bool reserve_on;      /* until state_alloc_end_reserve */
    bool keep_large;      /* since state_alloc_keep_large */
};

/* Gives every kept large block back to malloc. */
static void drop_large(struct state_alloc *a)
{
    for (size_t c = 0; c < NLARGE; c++)
        while (a->large_list[c]) {
            struct free_block *b = a->large_list[c];
            a->large_list[c]     = b->next;
            free(b);
        }
}

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

void state_alloc_keep_large(struct state_alloc *a)
{
    a->keep_large = true;
}

void state_alloc_free(struct state_alloc *a)
{
    if (!a) return;
    drop_large(a);
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

/* A kept block of the class, else a new one; when malloc fails, the kept
 * blocks of every class go back to it first. */
static void *get_large(struct state_alloc *a, size_t size)
{
    size_t bytes;
    size_t c             = large_class(size, &bytes);
    struct free_block *b = a->large_list[c];

    if (b) {
        a->large_list[c] = b->next;
        return b;
    }
    if ((b = sa_malloc(bytes)) != NULL) return b;
    drop_large(a);
    return sa_malloc(bytes);
}

static void *get(struct state_alloc *a, size_t size)
{
    void *p = size <= CLASS_MAX                    ? get_small(a, size)
              : size <= LARGE_MAX && a->keep_large ? get_large(a, size)
                                                   : sa_malloc(size);
    return p ? p : get_reserve(a, size);
}

/* A large block, kept or given back. */
static void put_large(struct state_alloc *a, void *p, size_t size)
{
    struct free_block *b = p;
    size_t c;

    if (!a->keep_large || size > LARGE_MAX ||
        (c = large_class_down(malloc_usable_size(p))) == NLARGE) {
        free(p);
        return;
    }
    b->next          = a->large_list[c];
    a->large_list[c] = b;
}

/* A reserve block of a small class is reused like any other; a large one
 * stays where it is (neither free() nor a list of kept blocks may see
 * it). */
static void put(struct state_alloc *a, void *p, size_t size)
{
    if (size <= CLASS_MAX)
        put_small(a, p, size);
    else if (!in_reserve(a, p))
        put_large(a, p, size);
}

/* Resizes a malloc'd block to nsize (both sizes over CLASS_MAX): realloc
 * while large blocks are not kept, and for the largest (realloc may free
 * the old block, which a kept one must not be); else the block itself
 * while it holds nsize and not twice over. NULL: the caller moves it. */
static void *resize_large(struct state_alloc *a, void *p, size_t osize,
                          size_t nsize)
{
    size_t usable;

    if (!a->keep_large || (osize > LARGE_MAX && nsize > LARGE_MAX))
        return sa_realloc(p, nsize);
    usable = malloc_usable_size(p);
    return nsize <= usable && nsize > usable / 2 ? p : NULL;
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
        (n = resize_large(a, ptr, osize, nsize)) != NULL)
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
