/* SPDX-License-Identifier: MIT */
/* test_rand.c: rand.c against sysbench 1.0.20 known answers and, by
 * chi-square tests, against the exact probability mass of each formula. */
#define _DEFAULT_SOURCE

#include "rand.h"
#include "tap.h"

#include <math.h>
#include <stdbool.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define DRAWS    1000000
#define MAX_BINS 1024

/* -- Chi-square helpers ---------------------------------------------------- */

/* Upper p = 0.001 critical value of chi-square with df degrees of freedom,
 * Wilson-Hilferty (within 0.1 % of the table for df >= 5). */
static double chi2_critical(int df)
{
    const double z = 3.090232306; /* standard normal upper 0.001 quantile */
    double v       = 2.0 / (9.0 * df);
    double c       = 1.0 - v + z * sqrt(v);

    return df * c * c * c;
}

/* Compares counts obs[0..n) of `total` draws with probabilities p[0..n):
 * adjacent bins are pooled until each expects at least 5 draws. */
static void chi2_is(const char *name, const long *obs, const double *p, int n,
                    long total)
{
    double po[MAX_BINS], pe[MAX_BINS], stat = 0.0, psum = 0.0;
    int bins = 0;

    for (int i = 0; i < n; i++) {
        psum += p[i];
        if (bins == 0 || pe[bins - 1] >= 5.0) {
            po[bins]   = 0.0;
            pe[bins++] = 0.0;
        }
        po[bins - 1] += (double) obs[i];
        pe[bins - 1] += p[i] * (double) total;
    }
    if (bins > 1 && pe[bins - 1] < 5.0) { /* small tail joins its neighbour */
        po[bins - 2] += po[bins - 1];
        pe[bins - 2] += pe[bins - 1];
        bins--;
    }
    for (int i = 0; i < bins; i++)
        stat += (po[i] - pe[i]) * (po[i] - pe[i]) / pe[i];
    double crit = chi2_critical(bins > 1 ? bins - 1 : 1);
    printf("# %s: chi2 = %.1f, df = %d, critical(p=0.001) = %.1f\n", name, stat,
           bins - 1, crit);
    ok(bins > 1 && stat < crit && fabs(psum - 1.0) < 1e-9, name);
}

/* Draws DRAWS values of f over [a, a + n) and tests them against p; any
 * value out of range fails the test. */
static void chi2_draws(const char *name, uint32_t (*f)(uint32_t, uint32_t),
                       uint32_t a, int n, const double *p)
{
    static long obs[MAX_BINS];
    long in_range = 0;

    memset(obs, 0, sizeof(obs));
    for (long i = 0; i < DRAWS; i++) {
        uint32_t v = f(a, a + (uint32_t) n - 1);
        if (v >= a && v - a < (uint32_t) n) {
            obs[v - a]++;
            in_range++;
        }
    }
    chi2_is(name, obs, p, n, in_range == DRAWS ? DRAWS : 1);
}

/* Restarts the calling thread's stream as sysbench's main thread starts:
 * glibc's unseeded random() behaves as srandom(1). */
static void reset_main_stream(void)
{
    rand_seed_libc(1);
    rand_thread_init();
}

/* -- Exact probability mass of each formula -------------------------------- */

/* CDF of the sum of m uniforms (Irwin-Hall), exact series; evaluated on
 * the lower half only, where its terms stay small. */
static double irwin_hall_cdf(int m, double x)
{
    long double sum = 0, fact = tgammal(m + 1), binom = 1; /* fact = m! */

    if (x <= 0) return 0;
    if (x >= m) return 1;
    if (x > m / 2.0) return 1.0 - irwin_hall_cdf(m, m - x);
    for (int k = 0; k <= (int) x; k++) {
        sum += (k % 2 ? -1 : 1) * binom * powl((long double) x - k, m);
        binom = binom * (m - k) / (k + 1);
    }
    return (double) (sum / fact);
}

/* floor(S * width / iter) = i for S a sum of iter uniforms. */
static void pmf_sum(double *p, int n, double width, int iter, double weight)
{
    for (int i = 0; i < n; i++)
        p[i] += weight * (irwin_hall_cdf(iter, iter * (i + 1) / width) -
                          irwin_hall_cdf(iter, iter * i / width));
}

static void pmf_special(double *p, int n, int iter, int pct, int res)
{
    double t = n - 1, lo_u = (100 - res) / 100.0;
    double w = t * pct / 100.0 + 1.0, c0 = t / 2.0 - t * pct / 200.0;

    memset(p, 0, (size_t) n * sizeof(*p));
    pmf_sum(p, n, t, iter, lo_u);
    /* u in [lo_u, 1) lands on i when i <= u * w + c0 < i + 1. */
    for (int i = 0; i < n; i++) {
        double u0 = fmax((i - c0) / w, lo_u), u1 = fmin((i + 1 - c0) / w, 1);
        if (u1 > u0) p[i] += u1 - u0;
    }
}

static void pmf_pareto(double *p, int n, double h)
{
    double inv = log(1.0 - h) / log(h); /* u^power < x iff u < x^(1/power) */

    for (int i = 0; i < n; i++)
        p[i] = pow((i + 1.0) / n, inv) - pow((double) i / n, inv);
}

static void pmf_zipf(double *p, int n, double e)
{
    double norm = 0.0;

    for (int i = 0; i < n; i++)
        norm += pow(i + 1.0, -e);
    for (int i = 0; i < n; i++)
        p[i] = pow(i + 1.0, -e) / norm;
}

/* -- Known answers from Debian's sysbench 1.0.20 --------------------------- */

/* `echo 'print(sysbench.rand.X(1, 1000000))' | sysbench`: the main state,
 * seeded from unseeded random() (RT-13, RT-15); special takes both paths. */
static const struct {
    const char *name;
    uint32_t (*f)(uint32_t, uint32_t);
    uint32_t want[12];
} known[] = {
    {"uniform", sb_rand_uniform, {811644, 376103, 894742}},
    {"gaussian", sb_rand_gaussian, {528357, 610379, 476133}},
    {"pareto", sb_rand_pareto, {221969, 865, 448348}},
    {"special",
     sb_rand_special,
     {503117, 498761, 503948, 501214, 503021, 501261, 499101, 595429, 498073,
      502398, 501436, 476132}},
};

static void test_sysbench_streams(void)
{
#ifdef __GLIBC__
    static const uint32_t unique[] = {2672933100u, 2916245674u, 2834291422u,
                                      4086920756u, 1846093984u};
    char name[64];
    int same = 1;

    rand_init_process(0); /* first random() consumer in this process */
    ok(sb_rand_uniform_uint64() == 14972179374201007161ull &&
           sb_rand_uniform_uint64() == 6937875558910519049ull,
       "main state: sysbench's uniform_uint64 stream");
    for (int i = 0; i < 5; i++)
        same &= sb_rand_unique() == unique[i];
    ok(same, "unique(): sysbench's sequence");
    reset_main_stream();
    ok(fabs(sb_rand_uniform_double() - 0.81164347021757) < 1e-14,
       "uniform_double: sysbench's first value");
    for (size_t k = 0; k < sizeof(known) / sizeof(known[0]); k++) {
        reset_main_stream();
        same = 1;
        for (int i = 0; i < 12 && known[k].want[i]; i++)
            same &= known[k].f(1, 1000000) == known[k].want[i];
        snprintf(name, sizeof(name), "%s(1, 1e6): sysbench's values",
                 known[k].name);
        ok(same, name);
    }
#else
    rand_init_process(0);
    ok(1, "# SKIP sysbench known answers need glibc's random()");
#endif
}

/* -- Configuration --------------------------------------------------------- */

static const struct rand_config defaults = {RAND_SPECIAL, 12, 1, 75, 0.2, 0.8};

/* Installs the defaults changed by iter, pct, res, h and exp (0: keep). */
static int configure(int iter, int pct, int res, double h, double e)
{
    struct rand_config c = defaults;

    c.spec_iter   = iter ? iter : c.spec_iter;
    c.spec_pct    = pct ? pct : c.spec_pct;
    c.spec_res    = res ? res : c.spec_res;
    c.pareto_h    = h != 0 ? h : c.pareto_h;
    c.zipfian_exp = e != 0 ? e : c.zipfian_exp;
    return rand_configure(&c);
}

static void test_config(void)
{
    enum rand_dist d = RAND_UNIFORM;
    uint32_t before[50], same = 1;

    ok(rand_dist_from_name("zipfian", &d) == 0 && d == RAND_ZIPFIAN &&
           rand_dist_from_name("special", &d) == 0 && d == RAND_SPECIAL,
       "rand_dist_from_name: known names");
    ok(rand_dist_from_name("normal", &d) == -1 && d == RAND_SPECIAL,
       "rand_dist_from_name: unknown name is -1, *out untouched");
    ok(configure(-1, 0, 0, 0, 0) == -1 && configure(0, 101, 0, 0, 0) == -1 &&
           configure(0, 0, 0, 1.0, 0) == -1 &&
           configure(0, 0, 0, 0, -0.5) == -1,
       "rand_configure rejects iter -1, pct 101, h 1, negative exponent");
    /* The built-in pareto power equals what rand_configure computes. */
    reset_main_stream();
    for (int i = 0; i < 50; i++)
        before[i] = sb_rand_pareto(0, 1u << 30);
    ok(configure(0, 0, 100, 0, 0) == 0 && rand_configure(&defaults) == 0,
       "rand_configure accepts res 100 and the defaults");
    reset_main_stream();
    for (int i = 0; i < 50; i++)
        same &= sb_rand_pareto(0, 1u << 30) == before[i];
    ok(same, "default pareto power == log(0.2) / log(0.8)");
}

/* In enum rand_dist order, then sb_rand_default. */
static uint32_t (*const all_dists[])(uint32_t, uint32_t) = {
    sb_rand_uniform, sb_rand_gaussian, sb_rand_special,
    sb_rand_pareto,  sb_rand_zipfian,  sb_rand_default,
};
#define NDISTS (int) (sizeof(all_dists) / sizeof(all_dists[0]))

/* sb_rand_default follows the configured distribution, draw for draw. */
static void test_default_dispatch(void)
{
    int same = 1;

    for (int k = RAND_UNIFORM; k <= RAND_ZIPFIAN; k++) {
        struct rand_config c = defaults;
        uint32_t want[20];

        c.dist = (enum rand_dist) k;
        rand_configure(&c);
        reset_main_stream();
        for (int i = 0; i < 20; i++)
            want[i] = all_dists[k](1, 1000);
        reset_main_stream();
        for (int i = 0; i < 20; i++)
            same &= sb_rand_default(1, 1000) == want[i];
    }
    rand_configure(&defaults);
    ok(same, "sb_rand_default draws the configured distribution");
}

/* -- Seeding and threads --------------------------------------------------- */

#define NTHREADS 8
#define NSTREAM  1000

static void *draw_stream(void *arg)
{
    uint64_t *v = arg;

    rand_thread_init();
    for (int i = 0; i < NSTREAM; i++)
        v[i] = sb_rand_uniform_uint64();
    return NULL;
}

/* A worker of number tid seeded as a pool's worker is (run.c). */
struct tid_stream {
    int tid;
    uint64_t v[NSTREAM];
};

static void *draw_stream_tid(void *arg)
{
    struct tid_stream *s = arg;

    rand_thread_init_tid(s->tid);
    for (int i = 0; i < NSTREAM; i++)
        s->v[i] = sb_rand_uniform_uint64();
    return NULL;
}

/* Starts NTHREADS workers at once (order: 0..N-1, or N-1..0 when
 * `reverse`) under --rand-seed=seed and collects their streams by tid. */
static void run_tids(unsigned seed, bool reverse, struct tid_stream *out)
{
    pthread_t th[NTHREADS];

    rand_init_process(seed);
    for (int i = 0; i < NTHREADS; i++) {
        int t      = reverse ? NTHREADS - 1 - i : i;
        out[t].tid = t;
        pthread_create(&th[t], NULL, draw_stream_tid, &out[t]);
    }
    for (int t = 0; t < NTHREADS; t++)
        pthread_join(th[t], NULL);
}

/* --rand-seed=N: worker tid's stream depends on (N, tid) alone, not on
 * the order in which the workers start (PD-6). */
static void test_thread_tids(void)
{
    static struct tid_stream a[NTHREADS], b[NTHREADS], c[NTHREADS];
    int distinct = 1;

    run_tids(42, false, a);
    run_tids(42, true, b);
    ok(memcmp(a, b, sizeof(a)) == 0, "--rand-seed: each worker's stream is the "
                                     "same whatever the start order");
    for (int i = 0; i < NTHREADS; i++)
        for (int j = i + 1; j < NTHREADS; j++)
            distinct &= a[i].v[0] != a[j].v[0];
    ok(distinct, "--rand-seed: every worker has its own stream");
    run_tids(43, false, c);
    ok(memcmp(a[0].v, c[0].v, sizeof(a[0].v)) != 0,
       "--rand-seed: another seed, other worker streams");
    rand_init_process(0); /* no seed: libc's next values, as sysbench */
    rand_seed_libc(42);
    rand_thread_init_tid(0);
    uint64_t x = sb_rand_uniform_uint64();
    rand_seed_libc(42);
    rand_thread_init();
    ok(x == sb_rand_uniform_uint64(),
       "no --rand-seed: a worker is seeded from libc as rand_thread_init()");
}

/* --rand-seed-offset: processes 0, 1, 2 run with the same --rand-seed and
 * workers: every (process, worker) stream is its own, each reproducible,
 * and offset 0 is the stream bench gave without the option. */
static void test_offsets(void)
{
    static struct tid_stream base[NTHREADS], p[3][NTHREADS], again[NTHREADS];
    uint64_t main_first[3];
    int distinct = 1;

    run_tids(42, false, base);
    for (unsigned k = 0; k < 3; k++) {
        rand_set_offset(k);
        run_tids(42, false, p[k]);
        rand_init_process(42);
        main_first[k] = sb_rand_uniform_uint64();
    }
    ok(memcmp(p[0], base, sizeof(base)) == 0,
       "offset 0: the streams of no offset");
    for (int a = 0; a < 3 * NTHREADS; a++)
        for (int b = a + 1; b < 3 * NTHREADS; b++)
            distinct &= p[a / NTHREADS][a % NTHREADS].v[0] !=
                        p[b / NTHREADS][b % NTHREADS].v[0];
    ok(distinct, "offsets 0..2: every worker of every process its own stream");
    ok(main_first[0] != main_first[1] && main_first[1] != main_first[2] &&
           main_first[0] != main_first[2],
       "offsets 0..2: the main streams (libc seed) differ too");
    rand_set_offset(2);
    run_tids(42, true, again);
    ok(memcmp(again, p[2], sizeof(again)) == 0,
       "offset 2: reproducible, whatever the start order");
    rand_set_offset(0);
}

/* Threads started and seeded one after another, as a pool does. */
static void run_sequential(unsigned seed, uint64_t (*out)[NSTREAM])
{
    rand_seed_libc(seed);
    for (int t = 0; t < NTHREADS; t++) {
        pthread_t th;
        pthread_create(&th, NULL, draw_stream, out[t]);
        pthread_join(th, NULL);
    }
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;

    return x < y ? -1 : x > y;
}

static void test_threads(void)
{
    static uint64_t s1[NTHREADS][NSTREAM], s2[NTHREADS][NSTREAM],
        s3[NTHREADS][NSTREAM];
    uint64_t first_seq[NTHREADS], first_par[NTHREADS];
    pthread_t th[NTHREADS];

    run_sequential(42, s1);
    run_sequential(42, s2);
    ok(memcmp(s1, s2, sizeof(s1)) == 0,
       "same seed, same thread order: identical streams");
    run_sequential(43, s2);
    ok(memcmp(s1, s2, sizeof(s1)) != 0, "another seed: other streams");
    /* Seeded all at once: each thread still gets four consecutive
     * random() values, so the set of streams is the same. */
    rand_seed_libc(42);
    for (int t = 0; t < NTHREADS; t++)
        pthread_create(&th[t], NULL, draw_stream, s3[t]);
    for (int t = 0; t < NTHREADS; t++) {
        pthread_join(th[t], NULL);
        first_seq[t] = s1[t][0];
        first_par[t] = s3[t][0];
    }
    qsort(first_seq, NTHREADS, sizeof(uint64_t), cmp_u64);
    qsort(first_par, NTHREADS, sizeof(uint64_t), cmp_u64);
    ok(memcmp(first_seq, first_par, sizeof(first_seq)) == 0,
       "concurrent seeding: same set of streams");
    /* rand_init_process(N) seeds libc first: the main stream follows N. */
    rand_init_process(7);
    first_seq[0] = sb_rand_uniform_uint64();
    rand_init_process(8);
    first_seq[1] = sb_rand_uniform_uint64();
    rand_init_process(7);
    ok(sb_rand_uniform_uint64() == first_seq[0] && first_seq[1] != first_seq[0],
       "rand_init_process(N): main stream reproducible from N");
}

/* -- Range edges ----------------------------------------------------------- */

static void test_edges(void)
{
    int fixed = 1, reversed = 1, wide = 1;

    for (int k = 0; k < NDISTS; k++) {
        for (int i = 0; i < 1000; i++) {
            fixed &= all_dists[k](77, 77) == 77;
            fixed &= all_dists[k](UINT32_MAX, UINT32_MAX) == UINT32_MAX;
            reversed &= all_dists[k](10, 9) == 10;
        }
    }
    ok(fixed && reversed, "a == b and b < a return a for every distribution");
    /* 0..UINT32_MAX: b - a + 1 = 2^32 must not wrap to 0. */
    for (int k = 0; k < NDISTS; k++) {
        uint32_t lo = UINT32_MAX, hi = 0;
        for (int i = 0; i < 10000; i++) {
            uint32_t v = all_dists[k](0, UINT32_MAX);
            lo         = v < lo ? v : lo;
            hi         = v > hi ? v : hi;
        }
        /* zipfian is concentrated near a, by design */
        wide &= k == RAND_ZIPFIAN ? lo == 0 && hi > 1000
                                  : lo < (1u << 30) && hi > 3u * (1u << 30);
    }
    ok(wide, "0..UINT32_MAX spans the range");
    double lo = 1, hi = 0;
    for (int i = 0; i < 100000; i++) {
        double u = sb_rand_uniform_double();
        lo       = u < lo ? u : lo;
        hi       = u > hi ? u : hi;
    }
    ok(lo >= 0 && lo < 1e-3 && hi < 1 && hi > 1 - 1e-3,
       "uniform_double in [0, 1)");
}

/* rand_special_next (bulk loads' k, its terms computed once) draws what
 * sb_rand_special draws, value for value, whatever the configuration and
 * range. */
static void test_special_prepared(void)
{
    static const int cfg[][3] = {
        {12, 1, 75}, {4, 20, 50}, {3, 100, 100}, {1, 50, 1}};
    static const uint32_t range[][2] = {
        {1, 100}, {1, 1000000}, {7, 7}, {9, 3}, {0, UINT32_MAX}};
    int same = 1;

    for (size_t c = 0; c < sizeof(cfg) / sizeof(cfg[0]); c++) {
        configure(cfg[c][0], cfg[c][1], cfg[c][2], 0, 0);
        for (size_t r = 0; r < sizeof(range) / sizeof(range[0]); r++) {
            uint32_t want[200];
            struct rand_special sp;

            rand_init_process(17);
            rand_thread_init_tid(2);
            for (int i = 0; i < 200; i++)
                want[i] = sb_rand_special(range[r][0], range[r][1]);
            rand_init_process(17);
            rand_thread_init_tid(2);
            rand_special_init(&sp, range[r][0], range[r][1]);
            for (int i = 0; i < 200; i++)
                same &= rand_special_next(&sp) == want[i];
        }
    }
    rand_configure(&defaults);
    ok(same, "rand_special_next: sb_rand_special's values, 4 configs x 5 "
             "ranges");
}

/* -- Distributions against their exact mass -------------------------------- */

static void test_distributions(void)
{
    static double p[MAX_BINS];

    for (int i = 0; i < 100; i++)
        p[i] = i < 7 ? 1.0 / 7 : 0.0;
    chi2_draws("uniform(2^32 - 7, 2^32 - 1)", sb_rand_uniform, UINT32_MAX - 6,
               7, p);
    for (int i = 0; i < 100; i++)
        p[i] = 0.01;
    chi2_draws("uniform(1, 100)", sb_rand_uniform, 1, 100, p);
    memset(p, 0, sizeof(p));
    pmf_sum(p, 100, 100, 12, 1.0);
    chi2_draws("gaussian(1, 100), iter 12", sb_rand_gaussian, 1, 100, p);
    configure(3, 0, 0, 0, 0);
    memset(p, 0, sizeof(p));
    pmf_sum(p, 100, 100, 3, 1.0);
    chi2_draws("gaussian(1, 100), iter 3", sb_rand_gaussian, 1, 100, p);
    rand_configure(&defaults);
    pmf_special(p, 100, 12, 1, 75);
    chi2_draws("special(1, 100), 12/1/75", sb_rand_special, 1, 100, p);
    configure(4, 20, 50, 0, 0);
    pmf_special(p, 120, 4, 20, 50);
    chi2_draws("special(1, 120), 4/20/50", sb_rand_special, 1, 120, p);
    rand_configure(&defaults);
    pmf_pareto(p, 100, 0.2);
    chi2_draws("pareto(1, 100), h 0.2", sb_rand_pareto, 1, 100, p);
    configure(0, 0, 0, 0.6, 0);
    pmf_pareto(p, 50, 0.6);
    chi2_draws("pareto(1, 50), h 0.6", sb_rand_pareto, 1, 50, p);
    rand_configure(&defaults);
}

static void test_zipfian(void)
{
    static const double exps[] = {0.8, 0.0, 1.0, 2.5, 0.99999999};
    static double p[MAX_BINS];
    char name[64];

    for (size_t k = 0; k < sizeof(exps) / sizeof(exps[0]); k++) {
        struct rand_config c = defaults;

        c.zipfian_exp = exps[k]; /* 0 is a value here, not "keep" */
        rand_configure(&c);
        pmf_zipf(p, 100, exps[k]);
        snprintf(name, sizeof(name), "zipfian(1, 100), exp %.10g", exps[k]);
        chi2_draws(name, sb_rand_zipfian, 1, 100, p);
    }
    /* The per-thread cache must follow a change of range. */
    rand_configure(&defaults);
    pmf_zipf(p, 10, 0.8);
    long obs[10] = {0};
    for (long i = 0; i < DRAWS; i++) {
        uint32_t v = sb_rand_zipfian(5, 14) - 5;
        obs[v < 10 ? v : 0] += v < 10 ? 1 : DRAWS; /* out of range fails */
        (void) sb_rand_zipfian(0, 999999);
    }
    chi2_is("zipfian(5, 14), ranges alternating", obs, p, 10, DRAWS);
}

/* -- Unique sequence ------------------------------------------------------- */

static void *draw_unique(void *arg)
{
    uint64_t *v = arg;

    for (int i = 0; i < DRAWS / 4; i++)
        v[i] = sb_rand_unique();
    return NULL;
}

/* 10^6 values drawn by four threads at once are all distinct. */
static void test_unique(void)
{
    uint64_t *v = malloc(DRAWS * sizeof(*v));
    pthread_t th[4];
    int dup = 0;

    rand_unique_seed(12345, 678);
    for (int t = 0; t < 4; t++)
        pthread_create(&th[t], NULL, draw_unique, v + t * (DRAWS / 4));
    for (int t = 0; t < 4; t++)
        pthread_join(th[t], NULL);
    qsort(v, DRAWS, sizeof(*v), cmp_u64);
    for (int i = 1; i < DRAWS; i++)
        dup += v[i] == v[i - 1];
    is_int(dup, 0, "unique: 10^6 draws from 4 threads, all distinct");
    ok(v[0] < (1u << 24) && v[DRAWS - 1] > UINT32_MAX - (1u << 24),
       "unique: values spread over 2^32");
    free(v);
}

/* -- Strings --------------------------------------------------------------- */

/* Per format: bytes kept, and by chi-square each '#' (base 10) and '@'
 * (base 26) position and each adjacent pair of them (base r^2) uniform,
 * summed over positions. The formats take every path of sb_rand_str. */
#define STR_N   100000
#define STR_MAX 48

static long str_one[STR_MAX][26];
static long str_two[STR_MAX][26 * 26];

static int str_radix(char f)
{
    return f == '#' ? 10 : f == '@' ? 26 : 0;
}

/* Draws STR_N strings into an exactly sized heap buffer (so that ASan sees
 * any write past it) and counts; returns the number of misplaced bytes. */
static long str_count(const char *fmt, size_t n)
{
    char *buf = malloc(n ? n : 1);
    long bad  = 0;

    memset(str_one, 0, sizeof(str_one));
    memset(str_two, 0, sizeof(str_two));
    for (long k = 0; k < STR_N; k++) {
        sb_rand_str(fmt, buf);
        for (size_t i = 0; i < n; i++) {
            int r = str_radix(fmt[i]), v = buf[i] - (r == 10 ? '0' : 'a');
            if (r == 0 ? buf[i] != fmt[i] : v < 0 || v >= r) {
                bad++;
                continue;
            }
            if (r == 0) continue;
            str_one[i][v]++;
            if (i + 1 < n && str_radix(fmt[i + 1]) == r)
                str_two[i][v * r + buf[i + 1] - (r == 10 ? '0' : 'a')]++;
        }
    }
    free(buf);
    return bad;
}

static void str_check(const char *fmt)
{
    size_t n     = strlen(fmt);
    char *copy   = strdup(fmt); /* exactly sized: over-reads show in ASan */
    double st[2] = {0, 0};
    int df[2]    = {0, 0};

    is_int(str_count(copy, n), 0, "sb_rand_str: classes and bytes kept");
    for (size_t i = 0; i < n; i++) {
        int r = str_radix(fmt[i]);
        for (int v = 0; r && v < r; v++) {
            double e = (double) STR_N / r;
            st[0] += (str_one[i][v] - e) * (str_one[i][v] - e) / e;
        }
        df[0] += r ? r - 1 : 0;
        if (r == 0 || i + 1 >= n || str_radix(fmt[i + 1]) != r) continue;
        for (int v = 0; v < r * r; v++) {
            double e = (double) STR_N / (r * r);
            st[1] += (str_two[i][v] - e) * (str_two[i][v] - e) / e;
        }
        df[1] += r * r - 1;
    }
    for (int k = 0; k < 2; k++) {
        printf("# \"%s\" %s: chi2 = %.1f, df = %d, critical(p=0.001) = %.1f\n",
               fmt, k ? "pairs" : "positions", st[k], df[k],
               chi2_critical(df[k]));
        ok(st[k] < chi2_critical(df[k]),
           k ? "sb_rand_str: adjacent pairs uniform"
             : "sb_rand_str: each position uniform");
    }
    free(copy);
}

static void test_str(void)
{
    char buf[8] = "zzzzzzz";

    str_check("x####################-@@@@@@@@@@@@@y");
    str_check("@#@#@#@#@#@#@#@#@#@#@#@#@#@#@#@#@@@#");
    str_check("###########-###########-###########");
    str_check("#@@");
    sb_rand_str("", buf);
    sb_rand_str("a-b", buf);
    is_str(buf, "a-bzzzz", "sb_rand_str: \"\" writes nothing, \"a-b\" a-b");
}

/* The digit pass of sb_rand_str, written plainly: blocks of up to 16
 * digits, one draw each, a digit per multiply by 10 (the high word), the
 * block drawn again while its final fraction is below 2^64 mod 10^k. */
static void ref_digits(char *buf, size_t n)
{
    for (size_t i = 0; i < n; i += 16) {
        size_t k = n - i < 16 ? n - i : 16;
        uint64_t x, m = 1, reject;
        for (size_t j = 0; j < k; j++)
            m *= 10;
        reject = (0 - m) % m;
        do {
            x = sb_rand_uniform_uint64();
            for (size_t j = 0; j < k; j++) {
                unsigned __int128 p = (unsigned __int128) x * 10;
                buf[i + j]          = (char) ('0' + (int) (p >> 64));
                x                   = (uint64_t) p;
            }
        } while (x < reject);
    }
}

/* rand_str_digits_segs (bulk loads' rows): the digits of the last segment
 * and the generator's state after all of them are the plain algorithm's,
 * for segment lengths around the block size, skipped or written. */
static void test_str_digits(void)
{
    static const size_t lens[][3] = {
        {1, 2, 187}, {16, 15, 17}, {3, 32, 33}, {0, 5, 64}, {7, 9, 4},
    };
    char got[256], want[256], skip[256];
    long bad = 0;

    for (int seed = 1; seed <= 200; seed++) {
        for (size_t t = 0; t < sizeof(lens) / sizeof(lens[0]); t++) {
            rand_seed_libc((unsigned) seed);
            rand_thread_init();
            rand_str_digits_segs(got, lens[t], 3);
            uint64_t after = sb_rand_uniform_uint64();
            rand_seed_libc((unsigned) seed);
            rand_thread_init();
            ref_digits(skip, lens[t][0]);
            ref_digits(skip, lens[t][1]);
            ref_digits(want, lens[t][2]);
            bad += memcmp(got, want, lens[t][2]) != 0 ||
                   after != sb_rand_uniform_uint64();
        }
    }
    is_int(bad, 0,
           "rand_str_digits_segs: the plain algorithm's digits "
           "and draws");
}

static void test_alnum(void)
{
    static const char set[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                              "abcdefghijklmnopqrstuvwxyz";
    static long obs[62];
    double p[62];
    char buf[32];
    long bad = 0, total = 0;

    memset(buf, '.', sizeof(buf));
    sb_rand_alnum(buf, 23);
    ok(buf[22] != '.' && buf[23] == '.', "alnum: n bytes, none past them");
    for (long n = 0; n < 50000; n++) {
        size_t len = (size_t) (n % 24);
        sb_rand_alnum(buf, len);
        for (size_t i = 0; i < len; i++, total++) {
            const char *at = memchr(set, buf[i], 62);
            bad += at == NULL;
            if (at) obs[at - set]++;
        }
    }
    is_int(bad, 0, "alnum: every character is 0-9, A-Z or a-z");
    for (int i = 0; i < 62; i++)
        p[i] = 1.0 / 62;
    chi2_is("alnum characters", obs, p, 62, total);
}

static void test_varstr(void)
{
    static long len_obs[11], chr_obs[75];
    double p[75];
    char buf[64];
    long bad = 0, total = 0;

    for (long n = 0; n < 100000; n++) {
        uint32_t len = sb_rand_varstr(buf, 5, 15);
        bad += len < 5 || len > 15;
        len_obs[(len - 5) % 11]++;
        for (uint32_t i = 0; i < len && i < sizeof(buf); i++, total++) {
            bad += buf[i] < '0' || buf[i] > 'z';
            chr_obs[(unsigned char) (buf[i] - '0') % 75]++;
        }
    }
    is_int(bad, 0, "varstr: length in [min, max], chars in '0'..'z'");
    for (int i = 0; i < 11; i++)
        p[i] = 1.0 / 11;
    chi2_is("varstr(5, 15) length", len_obs, p, 11, 100000);
    for (int i = 0; i < 75; i++)
        p[i] = 1.0 / 75;
    chi2_is("varstr characters", chr_obs, p, 75, total);
    ok(sb_rand_varstr(buf, 0, 0) == 0 && sb_rand_varstr(buf, 9, 3) == 3 &&
           sb_rand_varstr(buf, 40, 40) == 40,
       "varstr: fixed, empty and reversed bounds (never past max)");
}

int main(void)
{
    test_sysbench_streams(); /* first: needs glibc's unseeded random() */
    test_config();
    test_default_dispatch();
    test_threads();
    test_thread_tids();
    test_offsets();
    test_edges();
    test_distributions();
    test_special_prepared();
    test_zipfian();
    test_unique();
    test_str();
    test_str_digits();
    test_varstr();
    test_alnum();
    return done_testing();
}
