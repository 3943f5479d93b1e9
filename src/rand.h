/* SPDX-License-Identifier: MIT */
/* rand.h: per-thread xoroshiro128+ PRNG and sysbench's random distributions
 * (uniform, gaussian, special, pareto, zipfian, unique, strings).
 *
 * Threads: the generator state is thread-local. The process-wide
 * configuration (rand_configure) and the unique-sequence seed are written
 * by the main thread before workers start and are read-only afterwards.
 * Conventions: fallible functions return 0 on success and -1 on error;
 * distribution functions take uint32 bounds a <= b and return a value in
 * [a, b]; when b < a they return a. */
#ifndef BENCH_RAND_H
#define BENCH_RAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum rand_dist {
    RAND_UNIFORM,
    RAND_GAUSSIAN,
    RAND_SPECIAL,
    RAND_PARETO,
    RAND_ZIPFIAN
};

struct rand_config {
    enum rand_dist dist; /* what sb_rand_default() draws (--rand-type) */
    int spec_iter;       /* uniforms summed by gaussian/special, >= 1 */
    int spec_pct;        /* special: hot band width, % of range, 0..100 */
    int spec_res;        /* special: % of draws in the hot band, 0..100 */
    double pareto_h;     /* pareto shape h, 0 < h < 1 */
    double zipfian_exp;  /* zipf exponent theta, >= 0 (0 = uniform) */
};

/* -- Process setup (main thread, before any worker starts) ----------------- */

/* Validates and installs `cfg` and precomputes the pareto power. Returns 0,
 * or -1 (configuration unchanged) when a field is out of range. Until the
 * first call the sysbench 1.0.20 defaults apply: special, 12, 1, 75, 0.2,
 * 0.8. Must not run while other threads draw numbers. */
int rand_configure(const struct rand_config *cfg);

/* Maps a --rand-type name ("uniform", "gaussian", "special", "pareto",
 * "zipfian") to *out. Returns 0, or -1 and leaves *out alone if unknown. */
int rand_dist_from_name(const char *name, enum rand_dist *out);

/* Global init: seeds the calling (main) thread's generator and then the
 * unique sequence, from libc random(). With seed_or_0 == 0 libc is left
 * unseeded, as in sysbench 1.0.20 (RT-13): main-thread data (prepare) and
 * rand.unique() are the same on every invocation whatever --rand-seed is,
 * and equal sysbench's if nothing called random() before (glibc).
 * With seed_or_0 == N != 0 libc is seeded with N first, so every phase
 * depends on --rand-seed=N and is reproducible from it (PD-6). Call once,
 * before rand_seed_libc() and before other threads start. */
void rand_init_process(unsigned seed_or_0);

/* --rand-seed-offset: this process's number among several started with
 * the same --rand-seed (a Kubernetes Job's completion index). Offset k
 * shifts every stream that rand_seed_libc and rand_thread_init_tid seed,
 * so processes draw distinct numbers, each reproducible from (seed, k);
 * offset 0 changes nothing. Main thread, before rand_init_process. */
void rand_set_offset(unsigned offset);

/* srandom(seed), or a seed from the clock's nanoseconds and the process id
 * when seed is 0 (sysbench: the second alone), shifted by the offset of
 * rand_set_offset; sysbench calls it
 * while printing the `run` header, before worker threads are seeded.
 * Serialized with rand_thread_init(); callable from any thread. */
void rand_seed_libc(unsigned seed);

/* Seeds the calling thread's generator from four libc random() calls (two
 * 64-bit words, high half first), taken under a lock so concurrent threads
 * each get four consecutive values. Every thread calls it once at start;
 * a thread that never did is seeded this way on its first draw. */
void rand_thread_init(void);

/* Seeds the calling worker thread (number tid) for a phase. Without
 * --rand-seed this is rand_thread_init(), as in sysbench. With --rand-seed=N
 * the state is a function of N and tid alone (PD-6): thread tid draws the
 * same numbers on every run whatever order the threads start in, where
 * sysbench hands the threads the next libc values in start order. */
void rand_thread_init_tid(int tid);

/* Sets the unique sequence's start from two seeds (rand_init_process uses
 * two random() values). Main thread only, before sb_rand_unique() runs. */
void rand_unique_seed(uint32_t base, uint32_t offset);

/* -- sysbench's FFI names (any thread; state is per thread) ---------------- */

/* Raw 64-bit xoroshiro128+ output. */
uint64_t sb_rand_uniform_uint64(void);

/* Uniform double in [0, 1): the top 52 bits of one draw times 2^-52. */
double sb_rand_uniform_double(void);

/* Draws from the configured distribution (rand_configure's dist). */
uint32_t sb_rand_default(uint32_t a, uint32_t b);
/* The function sb_rand_default calls for the configured distribution:
 * the same draws without its dispatch, for a loop of many. */
uint32_t (*rand_default_fn(void))(uint32_t a, uint32_t b);

/* a + floor(u * (b - a + 1)), the width computed in 64 bits: 0..UINT32_MAX
 * spans the whole range (sysbench's 32-bit width wraps to 0 and returns a).
 * Apart from that range and b < a, uniform, gaussian, special and pareto
 * give sysbench 1.0.20's values for the same stream (RT-15). */
uint32_t sb_rand_uniform(uint32_t a, uint32_t b);

/* 1.0.20 gaussian: a + floor(sum_{k=1..iter} u_k * (b - a + 1) / iter). */
uint32_t sb_rand_gaussian(uint32_t a, uint32_t b);

/* 1.0.20 special (the 1.0.20 default): spec_res % of the draws fall in a
 * band of spec_pct % of the range around its middle; the rest follow the
 * gaussian-like sum over the whole range. */
uint32_t sb_rand_special(uint32_t a, uint32_t b);

/* sb_rand_special over one range, the terms that do not depend on the
 * draw computed once: after rand_special_init(s, a, b), each
 * rand_special_next(s) is the next sb_rand_special(a, b), bit for bit
 * (the configuration as it was at the init). */
struct rand_special {
    uint32_t a;
    bool empty;        /* b < a: always a */
    int res, iter;     /* rand_cfg's spec_res, spec_iter */
    uint64_t n;        /* b - a + 1 */
    double t, den;     /* b - a; 100 - res */
    double band_scale; /* t * pct / 100 + 1 */
    double band_half;  /* t / 2 */
    double band_off;   /* t * pct / 200 */
};
void rand_special_init(struct rand_special *s, uint32_t a, uint32_t b);
uint32_t rand_special_next(const struct rand_special *s);

/* a + floor((b - a + 1) * u^(ln h / ln(1 - h))): skewed towards a. */
uint32_t sb_rand_pareto(uint32_t a, uint32_t b);

/* Bounded Zipf over [a, b], P(a + k - 1) proportional to k^-theta, by
 * rejection-inversion (Hoermann & Derflinger 1996). Constants for the last
 * (range, theta) are cached per thread. */
uint32_t sb_rand_zipfian(uint32_t a, uint32_t b);

/* Next value of a process-wide sequence of distinct uint32s (2^32 draws
 * before it repeats). Lock-free; any thread. */
uint32_t sb_rand_unique(void);

/* Writes strlen(fmt) bytes to buf (no terminating NUL): each '#' becomes a
 * uniform digit, each '@' a uniform lowercase letter, other bytes are
 * copied. buf must hold strlen(fmt) bytes and must not overlap fmt. Several
 * characters come from each 64-bit draw, so the bytes differ from
 * sysbench's for the same seed; they are reproducible from it. */
void sb_rand_str(const char *fmt, char *buf);

/* sb_rand_str on the n bytes of fmt, which need not be NUL-terminated. */
void sb_rand_strn(const char *fmt, size_t n, char *buf);
/* n uniform alphanumeric characters (0-9, A-Z, a-z) at buf, no NUL:
 * TPC-C's random a-strings (clause 4.3.2.2), ten from a 64-bit draw. */
void sb_rand_alnum(char *buf, size_t n);
/* The first pass of sb_rand_strn for n bytes: a digit at each of buf[0..n),
 * drawn as sb_rand_strn draws for any fmt of n bytes without '@' (whose
 * second pass then puts fmt's other bytes over the digits). */
void rand_str_digits(char *buf, size_t n);
/* rand_str_digits for each of lens[0..n) in turn: the digits of the last
 * written to buf, the others only drawn (their draws are the same). */
void rand_str_digits_segs(char *buf, const size_t *lens, size_t n);

/* The four digits of 0..9999, "0000".."9999" (not NUL-terminated): the
 * digit strings' table, also db_load_gen.c's for integers. */
extern const char rand_digit_quads[10000][4];

/* Writes a string of uniform length in [min_len, max_len] (max_len when
 * max_len < min_len) of characters uniform in '0'..'z' to buf, with no
 * terminating NUL, and returns its length. buf must hold that many bytes. */
uint32_t sb_rand_varstr(char *buf, uint32_t min_len, uint32_t max_len);

#endif
