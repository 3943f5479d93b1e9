/* SPDX-License-Identifier: MIT */
/* tap.h: a minimal Test Anything Protocol emitter for the unit tests. */
#ifndef BENCH_TAP_H
#define BENCH_TAP_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

static int tap_count;
static int tap_failed;

static inline void plan(int n)
{
    printf("1..%d\n", n);
}

static inline int ok_at(int cond, const char *file, int line, const char *name)
{
    tap_count++;
    printf("%sok %d - %s\n", cond ? "" : "not ", tap_count, name);
    if (!cond) {
        tap_failed++;
        printf("#   Failed test at %s line %d\n", file, line);
    }
    return cond;
}

#define ok(cond, name) ok_at(!!(cond), __FILE__, __LINE__, (name))

#define is_int(got, want, name)                                                \
    do {                                                                       \
        long long g_ = (long long) (got), w_ = (long long) (want);             \
        if (!ok(g_ == w_, name)) printf("#   got %lld, want %lld\n", g_, w_);  \
    } while (0)

#define is_str(got, want, name)                                                \
    do {                                                                       \
        const char *g_ = (got), *w_ = (want);                                  \
        if (!ok(g_ && w_ && strcmp(g_, w_) == 0, name))                        \
            printf("#   got '%s', want '%s'\n", g_ ? g_ : "(null)",            \
                   w_ ? w_ : "(null)");                                        \
    } while (0)

/* Prints the trailing plan when the count was not known up front. */
static inline int done_testing(void)
{
    printf("1..%d\n", tap_count);
    return tap_failed ? 1 : 0;
}

#endif
