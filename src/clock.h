/* SPDX-License-Identifier: MIT */
/* clock.h: monotonic time in nanoseconds. Time is uint64_t ns everywhere
 * inside bench; only report.c converts it to ms or s. */
#ifndef BENCH_CLOCK_H
#define BENCH_CLOCK_H

#include <stdint.h>
#include <time.h>

#define NS_PER_S  1000000000ULL
#define NS_PER_MS 1000000ULL

/* CLOCK_MONOTONIC, as sysbench uses, through the vDSO: no syscall. */
static inline uint64_t clock_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t) ts.tv_sec * NS_PER_S + (uint64_t) ts.tv_nsec;
}

/* Sleeps until the monotonic time `when_ns`; returns at once if it passed. */
static inline void clock_sleep_until_ns(uint64_t when_ns)
{
    struct timespec ts = {.tv_sec  = (time_t) (when_ns / NS_PER_S),
                          .tv_nsec = (long) (when_ns % NS_PER_S)};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) != 0)
        ;
}

#endif
