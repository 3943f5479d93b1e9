/* SPDX-License-Identifier: MIT */
/* kernels/cpu: the cpu test's event, in C for speed. The work is
 * sysbench's (BT-CPU-1) so events/s mean the same in both tools: trial
 * division of every integer 3..max_prime-1 by 2..floor(sqrt(n)), stopping
 * at the first divisor, in 64-bit integers. */
#include <math.h>
#include <ck_pr.h>

#include "api.h"
#include "kernels/kernel.h"

/* The native worker's limit: set by the main thread in init(), before the
 * workers start; read-only while they run. */
static unsigned native_max_prime;

unsigned bench_cpu_event(unsigned max_prime)
{
    unsigned primes = 0;

    for (unsigned long long n = 3; n < max_prime; n++) {
        double limit           = sqrt((double) n);
        unsigned long long div = 2;
        while (div <= limit && n % div != 0)
            div++;
        primes += div > limit;
    }
    return primes;
}

void bench_cpu_setup(unsigned max_prime)
{
    native_max_prime = max_prime;
}

/* cpu.lua's event. The count goes to a volatile store: inlined here, the
 * loop would otherwise be dead code the compiler may drop. */
struct native_args {
    unsigned max_prime, primes;
};

static int native_event(void *ctx, int tid)
{
    struct native_args *a = ctx;

    (void) tid;
    ck_pr_store_uint(&a->primes, bench_cpu_event(a->max_prime));
    return 0;
}

static int native_run(void *ctx, int tid)
{
    struct native_args a = {native_max_prime, 0};

    (void) ctx;
    return native_loop(&a, tid, native_event);
}

const struct native_kernel native_cpu = {
    .name       = "cpu",
    .thread_run = native_run,
};
