/* SPDX-License-Identifier: MIT */
/* perf/sleep_floor.c: the CPU floor of pacing one event per timer sleep.
 * Sleeps `n` times to absolute deadlines `gap_ns` apart with a 1 us timer
 * slack (as bench's paced workers do); rate.sh divides its user+sys time by
 * n. Any pacer that wakes once per event pays at least this much per event.
 * Usage: sleep_floor GAP_NS N */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <sys/prctl.h>
#include <time.h>

int main(int argc, char **argv)
{
    long gap = argc > 2 ? atol(argv[1]) : 1000000;
    long n   = argc > 2 ? atol(argv[2]) : 1000;
    struct timespec t;

    prctl(PR_SET_TIMERSLACK, 1000UL, 0, 0, 0);
    clock_gettime(CLOCK_MONOTONIC, &t);
    for (long i = 0; i < n; i++) {
        t.tv_nsec += gap;
        while (t.tv_nsec >= 1000000000L) {
            t.tv_nsec -= 1000000000L;
            t.tv_sec++;
        }
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &t, NULL) != 0)
            ;
    }
    return 0;
}
