/* SPDX-License-Identifier: MIT */
/* owned.h: adding to a counter that one thread writes and others read
 * while it runs (a worker's stats slot, latency record, per-kind counts).
 *
 * The writer needs no atomic read-modify-write, only a store that readers
 * never see torn; readers load with ck_pr_load_64. ck_pr_store_64(p, *p +
 * n) gives that in three instructions and a compiler barrier ("memory"
 * clobber) that makes the caller reload everything it had in registers.
 * On x86-64 an aligned 8-byte add to memory is one instruction whose
 * store is a single 8-byte write, so a reader sees the old or the new
 * value; the asm names only *p, so nothing else is reloaded. These run
 * several times on every query and event (docs/perf-history.md, issue 15). */
#ifndef BENCH_OWNED_H
#define BENCH_OWNED_H

#include <stdint.h>

#include <ck_pr.h>

/* *p += n. Only the owning thread writes *p (8-byte aligned). */
static inline void owned_add_64(uint64_t *p, uint64_t n)
{
#if defined(__x86_64__)
    __asm__ __volatile__("addq %1, %0" : "+m"(*p) : "er"(n));
#else
    ck_pr_store_64(p, *p + n);
#endif
}

/* *p += 1, as owned_add_64. */
static inline void owned_inc_64(uint64_t *p)
{
#if defined(__x86_64__)
    __asm__ __volatile__("addq $1, %0" : "+m"(*p));
#else
    ck_pr_store_64(p, *p + 1);
#endif
}

#endif
