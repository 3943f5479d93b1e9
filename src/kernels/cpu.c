/* SPDX-License-Identifier: MIT */
/* kernels/cpu: the cpu test's event, in C for speed. The work is
 * sysbench's (BT-CPU-1) so events/s mean the same in both tools: trial
 * division of every integer 3..max_prime-1 by 2..floor(sqrt(n)), stopping
 * at the first divisor, in 64-bit integers. */
#include <math.h>

#include "api.h"

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
