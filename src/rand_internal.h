/* SPDX-License-Identifier: MIT */
/* rand_internal.h: the per-thread generator, shared by rand.c (numbers) and
 * rand_str.c (strings), inline because they draw on every call. Not for
 * other modules. */
#ifndef BENCH_RAND_INTERNAL_H
#define BENCH_RAND_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "rand.h"

/* xoroshiro128+ (Blackman & Vigna 2016). Owned by its thread. Never all
 * zero once seeded: the string rejection loops of rand_str.c rely on
 * that. */
extern _Thread_local uint64_t rand_s[2];

static inline uint64_t rand_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* Whether this thread's generator was never seeded (all zero). */
static inline bool rand_unseeded(void)
{
    return __builtin_expect((rand_s[0] | rand_s[1]) == 0, 0);
}

/* One step of a seeded generator. */
static inline uint64_t rand_step(void)
{
    uint64_t s0 = rand_s[0], s1 = rand_s[1], out;

    out = s0 + s1;
    s1 ^= s0;
    rand_s[0] = rand_rotl(s0, 55) ^ s1 ^ (s1 << 14);
    rand_s[1] = rand_rotl(s1, 36);
    return out;
}

static inline uint64_t rand_next(void)
{
    if (rand_unseeded()) rand_thread_init();
    return rand_step();
}

#endif
