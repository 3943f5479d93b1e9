/* SPDX-License-Identifier: MIT */
/* rand.c: per-thread xoroshiro128+ and the sysbench 1.0.20 distributions,
 * written from the formulas in sysbench-reference.md section 7.2. Random
 * strings are rand_str.c's. */
#define _DEFAULT_SOURCE /* random(), srandom() */

#include "api.h"
#include "rand.h"
#include "rand_internal.h"

#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* -- Generator state and seeding ------------------------------------------- */

/* See rand_internal.h. */
_Thread_local uint64_t rand_s[2];

/* random() is one stream shared by every thread; each seeding takes four
 * consecutive values, so the calls are serialized here. */
static pthread_mutex_t rand_libc_lock = PTHREAD_MUTEX_INITIALIZER;

static uint64_t rand_libc_word(void)
{
    uint64_t hi = (uint64_t) random(); /* high half first (RT-15) */
    uint64_t lo = (uint64_t) random();

    return (hi << 32) | (lo & UINT32_MAX);
}

void rand_thread_init(void)
{
    pthread_mutex_lock(&rand_libc_lock);
    rand_s[0] = rand_libc_word();
    rand_s[1] = rand_libc_word();
    pthread_mutex_unlock(&rand_libc_lock);
    if ((rand_s[0] | rand_s[1]) == 0) /* xoroshiro's one bad state */
        rand_s[0] = 0x9e3779b97f4a7c15u;
}

/* --rand-seed, or 0, and --rand-seed-offset; written by the main thread
 * before workers start, read-only afterwards. */
static unsigned rand_process_seed;
static unsigned rand_process_offset;

/* splitmix64 (Steele, Lea & Flood 2014): spreads a counter into well-mixed
 * words, the usual way to seed xoroshiro from a small number. */
static uint64_t rand_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

void rand_thread_init_tid(int tid)
{
    if (rand_process_seed == 0) {
        rand_thread_init();
        return;
    }
    /* A function of (seed, tid) only: threads start in any order, and taking
     * the next random() values would give thread 0 thread 1's stream on the
     * next run. The high word keeps these streams apart from small seeds. */
    uint64_t x = ((uint64_t) rand_process_seed << 32 | (uint32_t) tid) ^
                 0x5b656e63682d7464u;
    /* An odd multiplier: distinct offsets move x to distinct words; with
     * offset 0 the stream is the one bench always gave. */
    x ^= (uint64_t) rand_process_offset * 0xd1b54a32d192ed03u;
    rand_s[0] = rand_splitmix64(&x);
    rand_s[1] = rand_splitmix64(&x);
    if ((rand_s[0] | rand_s[1]) == 0) rand_s[0] = 0x9e3779b97f4a7c15u;
}

void rand_set_offset(unsigned offset)
{
    rand_process_offset = offset;
}

/* The seed of --rand-seed=0. sysbench takes time(NULL): runs started in
 * the same second (a script's back-to-back runs, several clients started
 * together) draw the same keys in lockstep, and an UPDATE that writes the
 * value the row already holds changes no row and is counted as "other",
 * not "write". Nanoseconds and the process id keep such runs apart. */
static unsigned rand_clock_seed(void)
{
    struct timespec ts;
    uint64_t x;

    clock_gettime(CLOCK_REALTIME, &ts);
    x = (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
    x ^= (uint64_t) getpid() << 32;
    x = rand_splitmix64(&x);
    return (unsigned) (x ^ x >> 32);
}

void rand_seed_libc(unsigned seed)
{
    unsigned s = seed != 0 ? seed : rand_clock_seed();

    /* Processes started in the same second (--start-at) or with the same
     * --rand-seed draw apart: golden-ratio steps spread small offsets. */
    s += rand_process_offset * 0x9e3779b1u;
    pthread_mutex_lock(&rand_libc_lock);
    srandom(s);
    pthread_mutex_unlock(&rand_libc_lock);
}

void rand_init_process(unsigned seed_or_0)
{
    uint32_t offset, base;

    rand_process_seed = seed_or_0;
    if (seed_or_0 != 0) rand_seed_libc(seed_or_0);
    rand_thread_init();
    /* sysbench takes the offset seed first, then the base (RT-15). */
    pthread_mutex_lock(&rand_libc_lock);
    offset = (uint32_t) random();
    base   = (uint32_t) random();
    pthread_mutex_unlock(&rand_libc_lock);
    rand_unique_seed(base, offset);
}

static inline double rand_to_double(uint64_t x)
{
    return (double) (x >> 12) * 0x1.0p-52;
}

static inline double rand_double(void)
{
    return rand_to_double(rand_next());
}

uint64_t sb_rand_uniform_uint64(void)
{
    return rand_next();
}

double sb_rand_uniform_double(void)
{
    return rand_double();
}

/* -- Configuration --------------------------------------------------------- */

/* Written by rand_configure() before threads start; read-only afterwards. */
static struct rand_config rand_cfg = {
    .dist        = RAND_SPECIAL,
    .spec_iter   = 12,
    .spec_pct    = 1,
    .spec_res    = 75,
    .pareto_h    = 0.2,
    .zipfian_exp = 0.8,
};
/* log(h) / log(1 - h) for the default h = 0.2 (rand_configure recomputes). */
static double rand_pareto_power = 0x1.cd9ab475afbadp+2;

int rand_configure(const struct rand_config *cfg)
{
    if (cfg->dist < RAND_UNIFORM || cfg->dist > RAND_ZIPFIAN) return -1;
    if (cfg->spec_iter < 1 || cfg->spec_pct < 0 || cfg->spec_pct > 100 ||
        cfg->spec_res < 0 || cfg->spec_res > 100)
        return -1;
    if (!(cfg->pareto_h > 0.0 && cfg->pareto_h < 1.0) ||
        !(cfg->zipfian_exp >= 0.0 && isfinite(cfg->zipfian_exp)))
        return -1;
    rand_cfg          = *cfg;
    rand_pareto_power = log(cfg->pareto_h) / log(1.0 - cfg->pareto_h);
    return 0;
}

int rand_dist_from_name(const char *name, enum rand_dist *out)
{
    static const char *const names[] = {
        [RAND_UNIFORM] = "uniform", [RAND_GAUSSIAN] = "gaussian",
        [RAND_SPECIAL] = "special", [RAND_PARETO] = "pareto",
        [RAND_ZIPFIAN] = "zipfian",
    };

    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
        if (strcmp(name, names[i]) == 0) {
            *out = (enum rand_dist) i;
            return 0;
        }
    }
    return -1;
}

/* -- Integer distributions ------------------------------------------------- */

/* floor(x) as an offset below n, for x in [0, n]; the clamp only matters if
 * rounding ever produced exactly n (b + 1). x < n <= 2^32 + 1 fits int64_t,
 * whose conversion is one instruction (to uint64_t it is a compare and a
 * branch on x86-64): the same value. */
static inline uint32_t rand_offset(double x, uint64_t n)
{
    uint64_t k = (uint64_t) (int64_t) x;

    return (uint32_t) (k < n ? k : n - 1);
}

static uint32_t __attribute__((noinline, cold))
uniform_unseeded(uint32_t a, uint32_t b)
{
    rand_thread_init();
    return sb_rand_uniform(a, b);
}

/* Every OLTP query draws its ids here, so the fast path is kept free of
 * calls (the seeding is a tail call) and of saved registers. */
uint32_t sb_rand_uniform(uint32_t a, uint32_t b)
{
    /* Signed only because that converts to double in one instruction;
     * the same value, as it is at most 2^32. */
    int64_t n = (int64_t) b - a + 1;

    if (b < a) return a;
    if (rand_unseeded()) return uniform_unseeded(a, b);
    /* u <= 1 - 2^-52 and n <= 2^32, so u * n rounds below n: no clamp.
     * Adding a in integers, not in double, keeps b + 1 out of reach. */
    return a + (uint32_t) (rand_to_double(rand_step()) * (double) n);
}

/* Sum of `iter` uniforms, each scaled by `width`, divided by iter. */
static double rand_sum_scaled(double width, int iter)
{
    double sum = 0.0;
    uint64_t s0, s1;

    if (rand_unseeded()) rand_thread_init();
    s0 = rand_s[0]; /* a copy in registers for the loop: rand_step's */
    s1 = rand_s[1];
#pragma GCC unroll 2
    for (int i = 0; i < iter; i++) {
        uint64_t out = s0 + s1, t = s1 ^ s0;
        s0 = rand_rotl(s0, 55) ^ t ^ (t << 14);
        s1 = rand_rotl(t, 36);
        /* rand_to_double(out) * width, but 2^52 times larger: scaling by
         * a power of two is exact, so every product and partial sum is
         * the original's times 2^52, bit for bit, one multiply fewer. */
        sum += (double) (out >> 12) * width;
    }
    rand_s[0] = s0;
    rand_s[1] = s1;
    return sum * 0x1.0p-52 / iter;
}

uint32_t sb_rand_gaussian(uint32_t a, uint32_t b)
{
    uint64_t n = (uint64_t) b - a + 1;

    if (b < a) return a;
    return a + rand_offset(rand_sum_scaled((double) n, rand_cfg.spec_iter), n);
}

void rand_special_init(struct rand_special *s, uint32_t a, uint32_t b)
{
    double pct = rand_cfg.spec_pct;

    s->a     = a;
    s->empty = b < a;
    s->n     = (uint64_t) b - a + 1;
    s->t     = (double) b - a;
    s->res   = rand_cfg.spec_res;
    s->iter  = rand_cfg.spec_iter;
    s->den   = 100 - s->res;
    /* The band's terms that do not depend on the draw, each computed as
     * sb_rand_special always computed it: the same doubles. */
    s->band_scale = s->t * pct / 100.0 + 1.0;
    s->band_half  = s->t / 2.0;
    s->band_off   = s->t * pct / 200.0;
}

uint32_t rand_special_next(const struct rand_special *s)
{
    double u;

    if (s->empty) return s->a;
    u = rand_double();
    /* u < (100 - res) %: the gaussian-like part over [a, b]. */
    if (s->res < 100 && u * s->t * 100.0 / s->den < s->t)
        return s->a + rand_offset(rand_sum_scaled(s->t, s->iter), s->n);
    /* Otherwise a band pct % wide around the middle, reusing u. */
    return s->a +
           rand_offset(u * s->band_scale + s->band_half - s->band_off, s->n);
}

/* rand_special_next's expressions, computed per call: the terms of the
 * band only when the draw falls there (sysbench.rand.default in every
 * event: not slower than it was). */
uint32_t sb_rand_special(uint32_t a, uint32_t b)
{
    double t, pct, u;

    if (b < a) return a;
    t   = (double) b - a;
    pct = rand_cfg.spec_pct;
    u   = rand_double();
    if (rand_cfg.spec_res < 100 &&
        u * t * 100.0 / (100 - rand_cfg.spec_res) < t)
        return a + rand_offset(rand_sum_scaled(t, rand_cfg.spec_iter),
                               (uint64_t) b - a + 1);
    return a +
           rand_offset(u * (t * pct / 100.0 + 1.0) + t / 2.0 - t * pct / 200.0,
                       (uint64_t) b - a + 1);
}

uint32_t sb_rand_pareto(uint32_t a, uint32_t b)
{
    uint64_t n = (uint64_t) b - a + 1;

    if (b < a) return a;
    return a +
           rand_offset((double) n * pow(rand_double(), rand_pareto_power), n);
}

uint32_t (*rand_default_fn(void))(uint32_t a, uint32_t b)
{
    switch (rand_cfg.dist) {
    case RAND_UNIFORM:
        return sb_rand_uniform;
    case RAND_GAUSSIAN:
        return sb_rand_gaussian;
    case RAND_PARETO:
        return sb_rand_pareto;
    case RAND_ZIPFIAN:
        return sb_rand_zipfian;
    case RAND_SPECIAL:
    default:
        return sb_rand_special;
    }
}

uint32_t sb_rand_default(uint32_t a, uint32_t b)
{
    switch (rand_cfg.dist) {
    case RAND_UNIFORM:
        return sb_rand_uniform(a, b);
    case RAND_GAUSSIAN:
        return sb_rand_gaussian(a, b);
    case RAND_PARETO:
        return sb_rand_pareto(a, b);
    case RAND_ZIPFIAN:
        return sb_rand_zipfian(a, b);
    case RAND_SPECIAL:
    default:
        return sb_rand_special(a, b);
    }
}

/* -- Zipfian: rejection-inversion ------------------------------------------ */

/* Hoermann & Derflinger, "Rejection-inversion to generate variates from
 * monotone discrete distributions" (1996), for h(x) = x^-e on [1, n]:
 * H(x) = (x^(1-e) - 1) / (1-e) is an integral of h and H^-1 its inverse.
 * Both are written with log1p/expm1 so that e -> 1 (H = ln x) and e = 0
 * (H = x - 1, i.e. uniform) need no special case. */

/* log1p(x) / x, continuous at 0. */
static double zipf_log1p_ratio(double x)
{
    if (fabs(x) > 1e-8) return log1p(x) / x;
    return 1.0 - x * (0.5 - x * (1.0 / 3.0 - 0.25 * x));
}

/* expm1(x) / x, continuous at 0. */
static double zipf_expm1_ratio(double x)
{
    if (fabs(x) > 1e-8) return expm1(x) / x;
    return 1.0 + x * 0.5 * (1.0 + x * (1.0 / 3.0) * (1.0 + 0.25 * x));
}

static double zipf_h(double x, double e)
{
    return exp(-e * log(x));
}

static double zipf_big_h(double x, double e)
{
    double log_x = log(x);

    return zipf_expm1_ratio((1.0 - e) * log_x) * log_x;
}

static double zipf_big_h_inv(double x, double e)
{
    double t = x * (1.0 - e);

    if (t < -1.0) /* rounding near the lower end; H^-1 is 0 there */
        t = -1.0;
    return exp(zipf_log1p_ratio(t) * x);
}

/* What depends only on (n, e); cached per thread for the last pair. */
struct zipf_cache {
    uint64_t n;  /* number of elements, b - a + 1; 0 = empty cache */
    double e;    /* exponent */
    double h_x1; /* H(1.5) - 1 */
    double h_n;  /* H(n + 0.5) */
    double s;    /* squeeze: accept k at once when k - x <= s */
};

static _Thread_local struct zipf_cache zipf_last;

static const struct zipf_cache *zipf_prepare(uint64_t n, double e)
{
    struct zipf_cache *c = &zipf_last;

    if (c->n != n || c->e != e) {
        c->n    = n;
        c->e    = e;
        c->h_x1 = zipf_big_h(1.5, e) - 1.0;
        c->h_n  = zipf_big_h((double) n + 0.5, e);
        c->s    = 2.0 - zipf_big_h_inv(zipf_big_h(2.5, e) - zipf_h(2.0, e), e);
    }
    return c;
}

uint32_t sb_rand_zipfian(uint32_t a, uint32_t b)
{
    const struct zipf_cache *c;
    double e = rand_cfg.zipfian_exp;

    if (b < a) return a;
    c = zipf_prepare((uint64_t) b - a + 1, e);
    for (;;) {
        double u = c->h_n + rand_double() * (c->h_x1 - c->h_n);
        double x = zipf_big_h_inv(u, e);
        double k = floor(x + 0.5);

        if (k < 1.0)
            k = 1.0;
        else if (k > (double) c->n)
            k = (double) c->n;
        if (k - x <= c->s || u >= zipf_big_h(k + 0.5, e) - zipf_h(k, e))
            return a + (uint32_t) ((uint64_t) k - 1);
    }
}

/* -- Unique sequence ------------------------------------------------------- */

/* Preshing, "How to Generate a Sequence of Unique Random Integers" (2012):
 * for the prime p = 2^32 - 5 = 3 mod 4, x -> x^2 mod p on x <= p/2 and
 * p - x^2 mod p above is a permutation of [0, p); the five values >= p map
 * to themselves. Applying it twice around an offset and an xor scrambles an
 * atomic counter into distinct values. */
#define UNIQUE_PRIME 4294967291u

static uint32_t unique_permute(uint32_t x)
{
    uint32_t r;

    if (x >= UNIQUE_PRIME) return x;
    r = (uint32_t) ((uint64_t) x * x % UNIQUE_PRIME);
    return x <= UNIQUE_PRIME / 2 ? r : UNIQUE_PRIME - r;
}

/* Set by the main thread before workers start; then only unique_index
 * changes, by atomic fetch-add. */
static uint32_t unique_index;
static uint32_t unique_offset;

void rand_unique_seed(uint32_t base, uint32_t offset)
{
    unique_index  = unique_permute(unique_permute(base) + 0x682f0161u);
    unique_offset = unique_permute(unique_permute(offset) + 0x46790905u);
}

uint32_t sb_rand_unique(void)
{
    uint32_t i = __atomic_fetch_add(&unique_index, 1, __ATOMIC_RELAXED);

    return unique_permute((unique_permute(i) + unique_offset) ^ 0x5bf03635u);
}
