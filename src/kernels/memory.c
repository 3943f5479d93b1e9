/* SPDX-License-Identifier: MIT */
/* kernels/memory: the memory test's buffers and its event, in C for speed.
 * The work is sysbench's (BT-MEM-2) so events/s and MiB/s mean the same in
 * both tools: one pass over one block at size_t granularity, every access a
 * ck_pr load or store so the compiler can neither drop nor merge it. Under
 * --memory-scope=global every worker uses the same block, writes included,
 * as sysbench does. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>
#include <unistd.h>
#include <ck_pr.h>

#include "api.h"
#include "kernels/kernel.h"
#include "log.h"
#include "rand.h"

_Static_assert(sizeof(size_t) == sizeof(uint64_t),
               "the event touches 64-bit words, as sysbench on 64-bit hosts");

/* sysbench asks SysV shm for whole 4 MiB large pages. */
#define LARGE_PAGE_SIZE (4UL * 1024 * 1024)

struct bench_memory {
    size_t block_size;
    unsigned nbuffers;
    bool hugetlb;
    int oper, access; /* the native worker's events */
    size_t **buffers; /* nbuffers blocks, page-aligned and zeroed */
};

/* The buffers of the running test. Written by the main thread in init(),
 * before the workers start, and cleared when the main state frees them
 * after the workers were joined: read-only while workers run. */
static struct bench_memory *current;

static size_t *alloc_hugetlb(size_t size)
{
    size_t rounded = (size + LARGE_PAGE_SIZE - 1) & ~(LARGE_PAGE_SIZE - 1);
    int id         = shmget(IPC_PRIVATE, rounded, SHM_HUGETLB | SHM_R | SHM_W);
    void *p;

    if (id < 0) {
        log_fatal("Failed to allocate %zu bytes from HugeTLB memory. "
                  "errno = %d (%s)",
                  rounded, errno, strerror(errno));
        return NULL;
    }
    p = shmat(id, NULL, 0);
    if (p == (void *) -1) {
        log_fatal("Failed to attach shared memory segment, errno = %d (%s)",
                  errno, strerror(errno));
        p = NULL;
    }
    /* Marked for removal now: it goes away once detached or at exit. */
    shmctl(id, IPC_RMID, NULL);
    return p;
}

static size_t *alloc_block(size_t size, bool hugetlb)
{
    void *p;

    if (hugetlb) return alloc_hugetlb(size);
    if (posix_memalign(&p, (size_t) sysconf(_SC_PAGESIZE), size) != 0)
        return NULL;
    memset(p, 0, size);
    return p;
}

void bench_memory_free(struct bench_memory *m)
{
    if (!m) return;
    for (unsigned i = 0; m->buffers && i < m->nbuffers; i++) {
        if (!m->buffers[i]) continue;
        if (m->hugetlb)
            shmdt(m->buffers[i]);
        else
            free(m->buffers[i]);
    }
    free(m->buffers);
    if (current == m) current = NULL;
    free(m);
}

struct bench_memory *bench_memory_new(size_t block_size, unsigned nbuffers,
                                      bool hugetlb, int oper, int access)
{
    struct bench_memory *m = calloc(1, sizeof(*m));

    if (!m || !(m->buffers = calloc(nbuffers, sizeof(*m->buffers)))) {
        log_fatal("Failed to allocate buffers array!");
        free(m);
        return NULL;
    }
    m->block_size = block_size;
    m->nbuffers   = nbuffers;
    m->hugetlb    = hugetlb;
    m->oper       = oper;
    m->access     = access;
    for (unsigned i = 0; i < nbuffers; i++) {
        if ((m->buffers[i] = alloc_block(block_size, hugetlb))) continue;
        if (nbuffers == 1)
            log_fatal("Failed to allocate buffer!");
        else
            log_fatal("Failed to allocate buffer for thread #%u!", i);
        bench_memory_free(m);
        return NULL;
    }
    current = m;
    return m;
}

size_t *bench_memory_buffer(unsigned i)
{
    if (!current || current->nbuffers == 0) return NULL;
    return current->buffers[i < current->nbuffers ? i : 0];
}

/* -- The event ------------------------------------------------------------ */

static inline size_t rnd_word(size_t words, int access)
{
    if (access == BENCH_MEMORY_RND_DEFAULT)
        return sb_rand_default(0, (uint32_t) (words - 1));
    return (size_t) (sb_rand_uniform_double() * (double) words);
}

/* Random access: `words` accesses at random word offsets. */
static void event_rnd(size_t *buf, size_t words, int oper, int access)
{
    for (size_t i = 0; i < words; i++) {
        size_t w = rnd_word(words, access);
        if (oper == BENCH_MEMORY_WRITE)
            ck_pr_store_64((uint64_t *) (buf + w), i);
        else if (oper == BENCH_MEMORY_READ)
            (void) ck_pr_load_64((uint64_t *) (buf + w));
    }
}

void bench_memory_event(size_t *buf, size_t words, int oper, int access)
{
    size_t *end = buf + words;

    if (access != BENCH_MEMORY_SEQ) {
        event_rnd(buf, words, oper, access);
        return;
    }
    switch (oper) {
    case BENCH_MEMORY_WRITE:
        for (size_t *p = buf; p < end; p++)
            ck_pr_store_64((uint64_t *) p, (uint64_t) (end - p));
        break;
    case BENCH_MEMORY_READ:
        for (size_t *p = buf; p < end; p++)
            (void) ck_pr_load_64((uint64_t *) p);
        break;
    default:
        for (size_t *p = buf; p < end; p++)
            ck_pr_barrier();
        break;
    }
}

/* -- Native worker: memory.lua's thread_init and event ------------------- */

/* The worker's block: its own under --memory-scope=local (one per
 * thread), else the shared one (bench_memory_buffer). */
static int native_init(int tid, void **ctx)
{
    if (!current || !(*ctx = bench_memory_buffer((unsigned) tid))) {
        log_fatal("memory: start a worker: the test has no buffers");
        return -1;
    }
    return 0;
}

/* What an event needs, read once: the loop keeps it in registers. */
struct native_args {
    size_t *buf;
    size_t words;
    int oper, access;
};

static int native_event(void *ctx, int tid)
{
    const struct native_args *a = ctx;

    (void) tid;
    bench_memory_event(a->buf, a->words, a->oper, a->access);
    return 0;
}

static int native_run(void *ctx, int tid)
{
    struct native_args a = {ctx, current->block_size / sizeof(size_t),
                            current->oper, current->access};

    return native_loop(&a, tid, native_event);
}

const struct native_kernel native_memory = {
    .name        = "memory",
    .thread_init = native_init,
    .thread_run  = native_run,
};
