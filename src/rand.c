/* SPDX-License-Identifier: MIT */
/* rand.c: per-thread xoroshiro128+ and the sysbench 1.0.20 distributions,
 * written from the formulas in sysbench-reference.md section 7.2. */
#define _DEFAULT_SOURCE /* random(), srandom() */

#include "api.h"
#include "rand.h"

#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* -- Generator state and seeding ------------------------------------------- */

/* xoroshiro128+ (Blackman & Vigna 2016). Owned by its thread. Never all
 * zero once seeded: the string rejection loops below rely on that. */
static _Thread_local uint64_t rand_s[2];

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

/* --rand-seed, or 0; written by rand_init_process() before workers start,
 * read-only afterwards. */
static unsigned rand_process_seed;

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
    rand_s[0] = rand_splitmix64(&x);
    rand_s[1] = rand_splitmix64(&x);
    if ((rand_s[0] | rand_s[1]) == 0) rand_s[0] = 0x9e3779b97f4a7c15u;
}

void rand_seed_libc(unsigned seed)
{
    pthread_mutex_lock(&rand_libc_lock);
    srandom(seed != 0 ? seed : (unsigned) time(NULL));
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
 * rounding ever produced exactly n (b + 1). */
static inline uint32_t rand_offset(double x, uint64_t n)
{
    uint64_t k = (uint64_t) x;

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

    for (int i = 0; i < iter; i++)
        sum += rand_double() * width;
    return sum / iter;
}

uint32_t sb_rand_gaussian(uint32_t a, uint32_t b)
{
    uint64_t n = (uint64_t) b - a + 1;

    if (b < a) return a;
    return a + rand_offset(rand_sum_scaled((double) n, rand_cfg.spec_iter), n);
}

uint32_t sb_rand_special(uint32_t a, uint32_t b)
{
    double t, pct, u;

    if (b < a) return a;
    t   = (double) b - a;
    pct = rand_cfg.spec_pct;
    u   = rand_double();
    /* u < (100 - res) %: the gaussian-like part over [a, b]. */
    if (rand_cfg.spec_res < 100 &&
        u * t * 100.0 / (100 - rand_cfg.spec_res) < t)
        return a + rand_offset(rand_sum_scaled(t, rand_cfg.spec_iter),
                               (uint64_t) b - a + 1);
    /* Otherwise a band pct % wide around the middle, reusing u. */
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

/* -- Strings --------------------------------------------------------------- */

/* Several characters per 64-bit draw, exactly uniform. Read x as the
 * fraction x / 2^64 and take base-r digits by multiply-shift: the high word
 * of x * r is the next digit, the low word the remaining fraction. After k
 * digits the low word equals x * r^k mod 2^64 and the digits, read as a
 * number, are floor(x * r^k / 2^64): Lemire's ("Fast random integer
 * generation in an interval", 2019) multiply step. His rejection test,
 * low word < 2^64 mod r^k, makes the k-digit block, hence every digit,
 * exactly uniform; it redraws with probability < r^k / 2^64 (< 2^-10).
 * Blocks are kept at r^k < 2^54, so only the top ~54 bits of a draw
 * matter, as in sysbench's 52-bit doubles (xoroshiro128+'s lowest bits are
 * its weakest, as its authors note). */
enum {
    STR_DIGITS_PER_DRAW   = 16, /* 10^16 < 2^53.2 */
    STR_LETTERS_PER_DRAW  = 11, /* 26^11 < 2^51.8 */
    VARSTR_CHARS_PER_DRAW = 8,  /* 75^8 < 2^49.9 ('0'..'z' is 75 chars) */
};

/* 2^64 mod r^k, indexed by k: in uint64_t, (0 - m) % m is 2^64 mod m. */
#define STR_REJECT(m) ((0 - (uint64_t) (m)) % (uint64_t) (m))
/* clang-format off */
static const uint64_t str_reject_10[] = {
    STR_REJECT(1ull), STR_REJECT(10ull), STR_REJECT(100ull),
    STR_REJECT(1000ull), STR_REJECT(10000ull), STR_REJECT(100000ull),
    STR_REJECT(1000000ull), STR_REJECT(10000000ull),
    STR_REJECT(100000000ull), STR_REJECT(1000000000ull),
    STR_REJECT(10000000000ull), STR_REJECT(100000000000ull),
    STR_REJECT(1000000000000ull), STR_REJECT(10000000000000ull),
    STR_REJECT(100000000000000ull), STR_REJECT(1000000000000000ull),
    STR_REJECT(10000000000000000ull),
};
static const uint64_t str_reject_26[] = {
    STR_REJECT(1ull), STR_REJECT(26ull), STR_REJECT(676ull),
    STR_REJECT(17576ull), STR_REJECT(456976ull), STR_REJECT(11881376ull),
    STR_REJECT(308915776ull), STR_REJECT(8031810176ull),
    STR_REJECT(208827064576ull), STR_REJECT(5429503678976ull),
    STR_REJECT(141167095653376ull), STR_REJECT(3670344486987776ull),
};
static const uint64_t str_reject_75[] = {
    STR_REJECT(1ull), STR_REJECT(75ull), STR_REJECT(5625ull),
    STR_REJECT(421875ull), STR_REJECT(31640625ull), STR_REJECT(2373046875ull),
    STR_REJECT(177978515625ull), STR_REJECT(13348388671875ull),
    STR_REJECT(1001129150390625ull),
};
/* clang-format on */
#undef STR_REJECT

/* Next base-r digit of the fraction *x / 2^64; leaves the rest in *x. */
static inline uint32_t str_digit(uint64_t *x, uint32_t radix)
{
#ifdef __SIZEOF_INT128__
    unsigned __int128 m = (unsigned __int128) *x * radix;

    *x = (uint64_t) m;
    return (uint32_t) (m >> 64);
#else
    uint64_t lo = (*x & UINT32_MAX) * radix;
    uint64_t hi = (*x >> 32) * radix + (lo >> 32);

    *x = (hi << 32) | (lo & UINT32_MAX);
    return (uint32_t) (hi >> 32);
#endif
}

/* Base-r pairs ("00".."99", "aa".."zz") as 16-bit words in memory order:
 * two characters per load and store. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define STR_PAIR(f, a, b) ((uint16_t) ((f) + (a) + (((f) + (b)) << 8)))
#else
#define STR_PAIR(f, a, b) ((uint16_t) ((((f) + (a)) << 8) + (f) + (b)))
#endif
#define STR_PAIRS5(f, a, b)                                                    \
    STR_PAIR(f, a, b), STR_PAIR(f, a, b + 1), STR_PAIR(f, a, b + 2),           \
        STR_PAIR(f, a, b + 3), STR_PAIR(f, a, b + 4)
#define STR_ROW10(f, a) STR_PAIRS5(f, a, 0), STR_PAIRS5(f, a, 5)
#define STR_ROW26(f, a)                                                        \
    STR_PAIRS5(f, a, 0), STR_PAIRS5(f, a, 5), STR_PAIRS5(f, a, 10),            \
        STR_PAIRS5(f, a, 15), STR_PAIRS5(f, a, 20), STR_PAIR(f, a, 25)
#define STR_ROWS5(row, f, a)                                                   \
    row(f, a), row(f, a + 1), row(f, a + 2), row(f, a + 3), row(f, a + 4)
static const uint16_t str_digit_pairs[100] = {
    STR_ROWS5(STR_ROW10, '0', 0),
    STR_ROWS5(STR_ROW10, '0', 5),
};
static const uint16_t str_letter_pairs[26 * 26] = {
    STR_ROWS5(STR_ROW26, 'a', 0),  STR_ROWS5(STR_ROW26, 'a', 5),
    STR_ROWS5(STR_ROW26, 'a', 10), STR_ROWS5(STR_ROW26, 'a', 15),
    STR_ROWS5(STR_ROW26, 'a', 20), STR_ROW26('a', 25),
};
#undef STR_ROWS5
#undef STR_PAIRS5
#undef STR_ROW26
#undef STR_ROW10
#undef STR_PAIR

/* Writes the two base-r characters of p < r^2 to dst. */
static inline void str_put_pair(char *dst, uint32_t p, uint32_t radix,
                                char first)
{
    if (radix == 10) {
        memcpy(dst, &str_digit_pairs[p], 2);
    } else if (radix == 26) {
        memcpy(dst, &str_letter_pairs[p], 2);
    } else {
        dst[0] = (char) (first + p / radix);
        dst[1] = (char) (first + p % radix);
    }
}

/* Fills dst[0..k) with base-r characters from one accepted draw: two
 * characters per multiply (radix r^2), then one if k is odd. */
static inline void str_block(char *dst, size_t k, uint32_t radix, char first,
                             const uint64_t *reject)
{
    uint64_t x;

    do {
        x = rand_next();
#pragma GCC unroll 8
        for (size_t j = 0; j + 1 < k; j += 2)
            str_put_pair(dst + j, str_digit(&x, radix * radix), radix, first);
        if (k & 1) dst[k - 1] = (char) (first + str_digit(&x, radix));
    } while (x < reject[k]);
}

/* 0x80 in each byte of x that is not zero, 0 elsewhere; exact, as adding
 * 0x7f to a 7-bit value cannot carry into the next byte. */
static inline uint64_t str_nonzero_bytes(uint64_t x)
{
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7fu;

    return (((x & low7) + low7) | x) & ~low7;
}

#define STR_BYTES(c) (0x0101010101010101u * (unsigned char) (c))

/* Letters for the '@' bytes of fmt[i..end), taken from pool, which is
 * refilled a block of STR_LETTERS_PER_DRAW at a time; *pos indexes its
 * unused part. Other bytes but '#' are copied. */
static void str_letters(const char *fmt, char *buf, size_t i, size_t end,
                        char *pool, size_t *pos)
{
    for (; i < end; i++) {
        if (fmt[i] != '@') {
            if (fmt[i] != '#') buf[i] = fmt[i];
            continue;
        }
        if (*pos == STR_LETTERS_PER_DRAW) {
            str_block(pool, STR_LETTERS_PER_DRAW, 26, 'a', str_reject_26);
            *pos = 0;
        }
        buf[i] = pool[(*pos)++];
    }
}

/* Two passes: first a digit at every position, in unrolled blocks of 16
 * (the cheapest thing per byte), then, eight bytes at a time, fmt's own
 * bytes wherever fmt is not '#' and letters where it is '@' (a block of
 * eight when the whole word is '@'). Which digits are dropped depends on
 * fmt only, so the digits kept stay uniform and independent. */
void sb_rand_str(const char *fmt, char *buf)
{
    sb_rand_strn(fmt, strlen(fmt), buf);
}

void sb_rand_strn(const char *fmt, size_t n, char *buf)
{
    char letters[STR_LETTERS_PER_DRAW];
    size_t i, lpos = STR_LETTERS_PER_DRAW;

    for (i = 0; i + STR_DIGITS_PER_DRAW <= n; i += STR_DIGITS_PER_DRAW)
        str_block(buf + i, STR_DIGITS_PER_DRAW, 10, '0', str_reject_10);
    if (i < n) str_block(buf + i, n - i, 10, '0', str_reject_10);
    for (i = 0; i + 8 <= n; i += 8) {
        uint64_t f, d, not_hash, not_at;

        memcpy(&f, fmt + i, 8);
        not_hash = str_nonzero_bytes(f ^ STR_BYTES('#'));
        if (not_hash == 0) continue;
        not_at = str_nonzero_bytes(f ^ STR_BYTES('@'));
        if (not_at == 0) {
            str_block(buf + i, 8, 26, 'a', str_reject_26);
        } else if (not_at == STR_BYTES(0x80)) { /* '#' and other bytes */
            not_hash = (not_hash >> 7) * 0xff;
            memcpy(&d, buf + i, 8);
            d = (d & ~not_hash) | (f & not_hash);
            memcpy(buf + i, &d, 8);
        } else {
            str_letters(fmt, buf, i, i + 8, letters, &lpos);
        }
    }
    str_letters(fmt, buf, i, n, letters, &lpos);
}

#undef STR_BYTES

uint32_t sb_rand_varstr(char *buf, uint32_t min_len, uint32_t max_len)
{
    uint32_t len = sb_rand_uniform(min_len, max_len);

    for (uint32_t i = 0; i < len; i += VARSTR_CHARS_PER_DRAW) {
        uint32_t k = len - i;

        str_block(buf + i,
                  k < VARSTR_CHARS_PER_DRAW ? k : VARSTR_CHARS_PER_DRAW, 75,
                  '0', str_reject_75);
    }
    return len;
}
