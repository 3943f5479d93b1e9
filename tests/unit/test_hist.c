/* SPDX-License-Identifier: MIT */
/* test_hist.c: hist against exact sorted references, merge/delta algebra,
 * sysbench's printed layout, and a reader merging while a worker records. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "measure/hist.h"
#include "tap.h"

#define NVALUES 1000000
#define HOUR_NS 3600000000000ULL

/* -- Helpers -------------------------------------------------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

/* splitmix64: a fixed seed keeps failures reproducible. */
static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ULL);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Uniform in [0, 1). */
static double rng_unit(void)
{
    return (double) (rng_next() >> 11) * 0x1.0p-53;
}

static uint64_t gen_uniform(void)
{
    return 1 + rng_next() % 10000000; /* 1 ns .. 10 ms */
}

static uint64_t gen_loguniform(void)
{
    return (uint64_t) exp(rng_unit() * log((double) HOUR_NS)); /* 1 ns .. 1 h */
}

static uint64_t gen_exponential(void)
{
    return (uint64_t) (-log(1 - rng_unit()) * 1e6); /* mean 1 ms */
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *) a, y = *(const uint64_t *) b;

    return (x > y) - (x < y);
}

/* sysbench's rule applied to the exact sorted sample. */
static uint64_t ref_percentile(const uint64_t *sorted, size_t n, double pct)
{
    double want = floor((double) n * pct / 100 + 0.5);
    size_t k    = want < 1 ? 1 : want > (double) n ? n : (size_t) want;

    return sorted[k - 1];
}

static bool close_enough(uint64_t got, uint64_t want, double rel)
{
    if (want == 0) return got == 0;
    return fabs((double) got - (double) want) / (double) want <= rel;
}

static uint64_t counter_at(const struct hist *h, size_t c, size_t i)
{
    const uint64_t *chunk = hist_chunk_at(h, c);

    return chunk != NULL ? chunk[i] : 0;
}

/* Bucket-for-bucket equality; a missing chunk equals a zeroed one. */
static bool hists_equal(const struct hist *a, const struct hist *b)
{
    size_t c, i;

    if (a->count != b->count || a->sum_ns != b->sum_ns ||
        a->unrecorded != b->unrecorded)
        return false;
    for (c = 0; c < HIST_CHUNKS; c++) {
        for (i = 0; i < HIST_CHUNK_LEN; i++) {
            if (counter_at(a, c, i) != counter_at(b, c, i)) return false;
        }
    }
    return true;
}

static uint64_t bucket_total(const struct hist *h)
{
    uint64_t total = 0;
    size_t c, i;

    for (c = 0; c < HIST_CHUNKS; c++) {
        for (i = 0; i < HIST_CHUNK_LEN; i++)
            total += counter_at(h, c, i);
    }
    return total;
}

/* Blocks of counters allocated: octave 0 (chunks 0 and 1) is one. */
static int chunks_allocated(const struct hist *h)
{
    int n = 0;
    size_t k;

    for (k = 0; k < HIST_OCTAVES; k++)
        n += h->oct[k] != NULL;
    return n;
}

/* Caller frees the returned string. */
static char *print_hist(const struct hist *h)
{
    char *buf  = NULL;
    size_t len = 0;
    FILE *out  = open_memstream(&buf, &len);

    hist_print(h, out);
    fclose(out);
    return buf;
}

/* -- Accuracy against sorted references ----------------------------------- */

static void test_distribution(const char *name, uint64_t (*gen)(void))
{
    static const double pcts[] = {0, 1, 50, 95, 99, 99.9, 100};
    uint64_t *vals = malloc(NVALUES * sizeof *vals), sum = 0;
    struct hist *h = hist_new();
    bool pct_ok    = true;
    char msg[128];
    size_t i;

    for (i = 0; i < NVALUES; i++) {
        vals[i] = gen();
        sum += vals[i];
        hist_record(h, vals[i]);
    }
    qsort(vals, NVALUES, sizeof *vals, cmp_u64);
    for (i = 0; i < sizeof pcts / sizeof pcts[0]; i++) {
        uint64_t got  = hist_percentile_ns(h, pcts[i]);
        uint64_t want = ref_percentile(vals, NVALUES, pcts[i]);

        if (!close_enough(got, want, 0.001)) {
            pct_ok = false;
            printf("# %s p%g: got %" PRIu64 ", want %" PRIu64 "\n", name,
                   pcts[i], got, want);
        }
    }
    snprintf(msg, sizeof msg, "%s: percentiles within 0.1%%", name);
    ok(pct_ok, msg);
    snprintf(msg, sizeof msg, "%s: count and sum exact", name);
    ok(hist_count(h) == NVALUES && hist_sum_ns(h) == sum, msg);
    snprintf(msg, sizeof msg, "%s: min and max within 0.05%%", name);
    ok(close_enough(hist_min_ns(h), vals[0], 1.0 / 2048) &&
           close_enough(hist_max_ns(h), vals[NVALUES - 1], 1.0 / 2048),
       msg);
    hist_free(h);
    free(vals);
}

/* Every octave of uint64_t: a lone value is reported within 1/2048. */
static void test_geometry(void)
{
    struct hist *h = hist_new();
    bool each_ok = true, index_ok = true;
    unsigned e;
    int i;

    for (i = 0; i < 20000; i++) {
        uint64_t v = rng_next() >> (rng_next() % 64);

        hist_reset(h);
        hist_record(h, v);
        if (!close_enough(hist_min_ns(h), v, 1.0 / 2048) ||
            hist_max_ns(h) != hist_min_ns(h))
            each_ok = false;
    }
    ok(each_ok, "random values over the uint64_t range: within 1/2048");
    for (e = 1; e < 64; e++) {
        uint64_t b = UINT64_C(1) << e;

        if (hist_index(b - 1) + 1 != hist_index(b)) index_ok = false;
    }
    ok(index_ok && hist_index(UINT64_MAX) < HIST_CHUNKS * HIST_CHUNK_LEN,
       "bucket index is contiguous across octaves and in range");
    /* hist_record finds a counter by octave (hist.h): each value on either
     * side of every octave boundary must land in the bucket hist_index
     * names, and in that bucket alone. */
    each_ok = true;
    for (e = 0; e < 64; e++) {
        uint64_t b = UINT64_C(1) << e, v[3] = {b - 1, b, b + 1};

        for (i = 0; i < 3; i++) {
            size_t idx = hist_index(v[i]);

            hist_reset(h);
            hist_record(h, v[i]);
            if (counter_at(h, idx >> HIST_SUB_BITS,
                           idx & (HIST_CHUNK_LEN - 1)) != 1 ||
                bucket_total(h) != 1)
                each_ok = false;
        }
    }
    hist_reset(h);
    hist_record(h, UINT64_MAX);
    ok(each_ok && counter_at(h, HIST_CHUNKS - 1, HIST_CHUNK_LEN - 1) == 1,
       "every value at an octave boundary lands in hist_index's bucket");
    hist_free(h);
}

/* -- Edge cases ----------------------------------------------------------- */

static void test_extremes(void)
{
    static const uint64_t vals[] = {0, 1, UINT64_C(1) << 40, UINT64_MAX / 2,
                                    HOUR_NS};
    struct hist *h               = hist_new();
    bool each_ok                 = true;
    uint64_t sum                 = 0;
    size_t i;

    for (i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        struct hist *one = hist_new();

        hist_record(one, vals[i]);
        each_ok &= close_enough(hist_percentile_ns(one, 50), vals[i], 1e-3);
        hist_free(one);
        hist_record(h, vals[i]);
        sum += vals[i];
    }
    ok(each_ok, "0, 1, 2^40, UINT64_MAX/2, 1 h each recorded unclamped");
    is_int(hist_count(h), 5, "extremes: count");
    ok(hist_sum_ns(h) == sum, "extremes: sum exact");
    is_int(hist_min_ns(h), 0, "extremes: min is 0");
    ok(close_enough(hist_max_ns(h), UINT64_MAX / 2, 1e-3), "extremes: max");
    ok(close_enough(hist_percentile_ns(h, 50), UINT64_C(1) << 40, 1e-3),
       "extremes: median is the third value");
    is_int(hist_percentile_ns(h, 0), 0, "extremes: p0 is the lowest bucket");
    hist_record(h, UINT64_MAX);
    ok(close_enough(hist_max_ns(h), UINT64_MAX, 1e-3), "UINT64_MAX recorded");
    hist_free(h);
}

static void test_empty(void)
{
    struct hist *h = hist_new(), *other = hist_new();
    char *text;

    ok(h != NULL && chunks_allocated(h) == 0, "hist_new allocates no chunk");
    is_int(hist_count(h), 0, "empty: count");
    is_int(hist_sum_ns(h), 0, "empty: sum");
    is_int(hist_min_ns(h), 0, "empty: min");
    is_int(hist_max_ns(h), 0, "empty: max");
    is_int(hist_percentile_ns(h, 0) + hist_percentile_ns(h, 50) +
               hist_percentile_ns(h, 100),
           0, "empty: percentiles");
    ok(hist_add(other, h) == 0 && chunks_allocated(other) == 0,
       "adding an empty hist allocates nothing");
    text = print_hist(h);
    is_str(text, "Latency histogram (values are in milliseconds)\n \n",
           "empty: title and blank line only, as sysbench");
    free(text);
    hist_record(h, 42);
    is_int(chunks_allocated(h), 1, "one value allocates one chunk");
    hist_reset(h);
    ok(hist_count(h) == 0 && hist_max_ns(h) == 0 && chunks_allocated(h) == 1,
       "reset empties and keeps chunks");
    hist_free(h);
    hist_free(other);
    hist_free(NULL);
}

/* -- Merging and deltas --------------------------------------------------- */

static void test_merge_and_delta(void)
{
    struct hist *a = hist_new(), *b = hist_new(), *all = hist_new();
    struct hist *snap = hist_new(), *tail = hist_new();
    int i;

    for (i = 0; i < 200000; i++) {
        uint64_t v = gen_loguniform();

        hist_record(i % 3 ? a : b, v);
        hist_record(all, v);
        if (i >= 150000) hist_record(tail, v);
        if (i == 149999) hist_copy(snap, all);
    }
    ok(hist_add(a, b) == 0 && hists_equal(a, all),
       "a + b equals recording everything into one");
    ok(hist_sub(all, snap) == 0 && hists_equal(all, tail),
       "later copy - earlier copy is the delta");
    ok(hist_sub(snap, a) == -1 && errno == EINVAL,
       "subtracting a larger hist fails with EINVAL");
    ok(hist_copy(b, snap) == 0 && hist_count(b) == 150000,
       "copy replaces what was there");
    hist_free(a);
    hist_free(b);
    hist_free(all);
    hist_free(snap);
    hist_free(tail);
}

/* -- Compact hists: a worker's first values without a chunk --------------- */

static void test_compact(void)
{
    struct hist *c = hist_new_compact(), *ref = hist_new();
    struct hist *copy = hist_new(), *sum = hist_new();
    static const uint64_t few[] = {10, 5000, 3000000, 3000001, 2000000000};
    int i;

    for (i = 0; i < 5; i++) {
        hist_record(c, few[i]);
        hist_record(ref, few[i]);
    }
    ok(chunks_allocated(c) == 0 && c->npending == 5 && hist_count(c) == 5 &&
           hist_sum_ns(c) == hist_sum_ns(ref),
       "a compact hist keeps its first values without a chunk");
    ok(hist_copy(copy, c) == 0 && hists_equal(copy, ref),
       "its copy has them in buckets");
    hist_record(sum, 7);
    hist_record(ref, 7);
    ok(hist_add(sum, c) == 0 && hists_equal(sum, ref) && sum->npending == 0,
       "adding it puts them in the destination's buckets");
    for (i = 0; i < HIST_PENDING + 50; i++) {
        uint64_t v = gen_loguniform();
        hist_record(c, v);
        hist_record(ref, v);
    }
    hist_record(c, 7);
    ok(c->npending == HIST_PENDING && chunks_allocated(c) > 0,
       "values beyond HIST_PENDING go to chunks");
    ok(hist_copy(copy, c) == 0 && hists_equal(copy, ref),
       "pending and bucketed values add up to a plain record");
    hist_reset(c);
    hist_record(c, 42);
    ok(hist_count(c) == 1 && hist_copy(copy, c) == 0 &&
           bucket_total(copy) == 1 && hist_max_ns(copy) == 42,
       "reset forgets the pending values");
    ok(sizeof(struct hist) <= 512, "the struct stays within 512 bytes");
    hist_free(hist_new_compact()); /* never recorded: nothing allocated */
    hist_free(c);
    hist_free(ref);
    hist_free(copy);
    hist_free(sum);
}

/* -- Printing ------------------------------------------------------------- */

/* Rows by sysbench's formula: 1000 ns -> 0.001, 1 ms -> 1.007, 2.5 ms ->
 * 2.522, 100 s -> 100000.000; 0 and 500 ns underflow, 200 s overflows. */
static void test_print(void)
{
    static const uint64_t vals[] = {0,       500,          1000,        1000,
                                    1000000, 1000000,      1000000,     1000000,
                                    2500000, 100000000000, 200000000000};
    static const char want[] =
        "Latency histogram (values are in milliseconds)\n"
        "       value  ------------- distribution ------------- count\n"
        "      <0.001 |********************                     2\n"
        "       0.001 |********************                     2\n"
        "       1.007 |**************************************** 4\n"
        "       2.522 |**********                               1\n"
        "  100000.000 |**********                               1\n"
        " >100000.000 |**********                               1\n"
        " \n";
    struct hist *h = hist_new();
    char *text;
    size_t i;

    for (i = 0; i < sizeof vals / sizeof vals[0]; i++)
        hist_record(h, vals[i]);
    text = print_hist(h);
    is_str(text, want, "hist_print folds into sysbench's rows");
    free(text);
    hist_free(h);
}

/* sysbench's tests/t/api_histogram.t known answer. */
static void test_loghist(void)
{
    static const char want[] =
        "       value  ------------- distribution ------------- count\n"
        "       1.000 |**************************************** 2\n"
        "       2.001 |********************                     1\n"
        "       4.997 |********************                     1\n"
        "      10.000 |**************************************** 2\n";
    struct loghist *lh = loghist_new(1000, 1, 10);
    char *buf          = NULL;
    size_t len         = 0;
    FILE *out          = open_memstream(&buf, &len);

    loghist_print(lh, out); /* empty: prints nothing */
    fflush(out);
    is_int(len, 0, "empty loghist prints nothing");
    loghist_update(lh, 1);
    loghist_update(lh, 2);
    loghist_update(lh, 0);
    loghist_update(lh, 10);
    loghist_update(lh, 100);
    loghist_update(lh, 5.001);
    loghist_print(lh, out);
    fclose(out);
    is_str(buf, want, "loghist(1000, 1, 10) matches sysbench");
    free(buf);
    loghist_free(lh);
    loghist_free(NULL);
    ok(loghist_new(1, 1, 10) == NULL && errno == EINVAL &&
           loghist_new(10, 0, 10) == NULL && loghist_new(10, 5, 1) == NULL,
       "loghist_new rejects bad arguments");
}

/* -- Allocation failure --------------------------------------------------- */

/* Sanitizer runtimes need address space of their own: no RLIMIT_AS there. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define HAVE_RLIMIT_TEST 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) ||     \
    __has_feature(memory_sanitizer)
#define HAVE_RLIMIT_TEST 0
#endif
#endif
#ifndef HAVE_RLIMIT_TEST
#define HAVE_RLIMIT_TEST 1
#endif

#if HAVE_RLIMIT_TEST

/* Child: cap the address space, use up the heap, then record in new
 * octaves. Exit status says which check failed. */
static int enomem_child(void)
{
    struct hist *h = hist_new();
    struct rlimit rl;
    long pages = 0;
    FILE *statm;

    hist_record(h, 1); /* chunk 0 exists before memory runs out */
    statm = fopen("/proc/self/statm", "r");
    if (statm == NULL || fscanf(statm, "%ld", &pages) != 1) return 10;
    fclose(statm);
    rl.rlim_cur = rl.rlim_max = (rlim_t) pages * 4096 + (4 << 20);
    if (setrlimit(RLIMIT_AS, &rl) != 0) return 11;
    while (malloc(4096) != NULL)
        ;
    hist_record(h, 1000000000);
    hist_record(h, HOUR_NS);
    hist_record(h, 1);
    if (hist_count(h) != 4 || hist_unrecorded(h) != 2) return 1;
    if (hist_sum_ns(h) != 2 + 1000000000 + HOUR_NS) return 2;
    if (hist_percentile_ns(h, 100) != 1) return 3;
    return 0;
}

static void test_enomem(void)
{
    int status = -1;
    pid_t pid;

    fflush(stdout);
    pid = fork();
    if (pid == 0) _exit(enomem_child());
    waitpid(pid, &status, 0);
    ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
       "ENOMEM on the writer side: value kept in count/sum as unrecorded");
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        printf("#   child status %d\n", status);
}
#else
static void test_enomem(void)
{
    ok(1, "# SKIP allocation failure: RLIMIT_AS does not mix with sanitizers");
}
#endif

/* -- A reader merging while the owner records ----------------------------- */

struct writer {
    struct hist *h;
    uint64_t seed;
    int done;
};

static void *writer_run(void *arg)
{
    struct writer *w = arg;
    int i;

    rng_state = w->seed; /* only this thread draws until it is joined */
    for (i = 0; i < NVALUES; i++)
        hist_record(w->h, gen_loguniform());
    ck_pr_store_int(&w->done, 1);
    return NULL;
}

static void test_concurrent(void)
{
    /* Compact, as a worker's record: the first values stay pending. */
    struct writer w  = {.h = hist_new_compact(), .seed = 12345, .done = 0};
    struct hist *ref = hist_new(), *snap = hist_new();
    uint64_t last_count = 0, last_total = 0, last_sum = 0;
    bool monotonic = true;
    int merges     = 0, i;
    pthread_t tid;

    pthread_create(&tid, NULL, writer_run, &w);
    while (!ck_pr_load_int(&w.done)) {
        struct hist *fresh = hist_new();

        monotonic &= hist_add(fresh, w.h) == 0;
        monotonic &= hist_count(fresh) >= last_count &&
                     bucket_total(fresh) >= last_total &&
                     hist_sum_ns(fresh) >= last_sum;
        hist_percentile_ns(w.h, 99); /* live reads must be safe too */
        last_count = hist_count(fresh);
        last_total = bucket_total(fresh);
        last_sum   = hist_sum_ns(fresh);
        hist_free(fresh);
        merges++;
    }
    pthread_join(tid, NULL);
    printf("# %d merges while recording\n", merges);
    ok(monotonic, "merged counts never decrease");
    rng_state = 12345;
    for (i = 0; i < NVALUES; i++)
        hist_record(ref, gen_loguniform());
    ok(hist_copy(snap, w.h) == 0 && hist_count(snap) == NVALUES &&
           bucket_total(snap) == NVALUES,
       "final merge holds exactly 10^6 values");
    ok(hists_equal(snap, ref), "final merge equals a single-threaded record");
    hist_free(w.h);
    hist_free(ref);
    hist_free(snap);
}

/* Prometheus buckets (metrics.c): cumulative counts at each bound. */
static void test_count_le(void)
{
    struct hist *h          = hist_new();
    const uint64_t bounds[] = {1000, 1000000, 10000000};
    const uint64_t values[] = {500, 500, 500, 1500, 1500, 900000, 2000000000};
    uint64_t out[3];

    for (size_t i = 0; i < sizeof(values) / sizeof(values[0]); i++)
        hist_record(h, values[i]);
    hist_count_le(h, bounds, 3, out);
    ok(out[0] == 3 && out[1] == 6 && out[2] == 6,
       "count_le: cumulative counts at each bound, above all left out");
    hist_reset(h);
    hist_count_le(h, bounds, 3, out);
    ok(out[0] == 0 && out[2] == 0, "count_le: empty record");
    hist_free(h);
}

/* Spilling (hist.h): writers whose compact records share a spill, read
 * under its lock while they record, as stats_collect does. */
#define NSPILLERS    4
#define SPILL_VALUES 200000

struct spiller {
    struct hist *h;
    uint64_t seed;
    int done;
};

/* The i-th value of writer `seed`: 1 ns .. ~1 s, spread over octaves. */
static uint64_t spill_value(uint64_t seed, int i)
{
    uint64_t z = (seed + (uint64_t) i) * 0x9e3779b97f4a7c15ULL;

    z ^= z >> 29;
    return 1 + (z >> (34 + z % 30));
}

static void *spiller_run(void *arg)
{
    struct spiller *w = arg;

    for (int i = 0; i < SPILL_VALUES; i++)
        hist_record(w->h, spill_value(w->seed, i));
    ck_pr_store_int(&w->done, 1);
    return NULL;
}

/* fresh = the spill's record and every writer's, under the lock. */
static int spill_collect(struct hist *fresh, struct hist_spill *s,
                         struct spiller *w)
{
    int rc;

    hist_spill_lock(s);
    rc = hist_add(fresh, hist_spill_record(s));
    for (int k = 0; k < NSPILLERS && rc == 0; k++)
        rc = hist_add(fresh, w[k].h);
    hist_spill_unlock(s);
    return rc;
}

static void test_spill(void)
{
    struct hist_spill *s = hist_spill_new();
    struct spiller w[NSPILLERS];
    pthread_t tid[NSPILLERS];
    struct hist *ref = hist_new(), *snap = hist_new();
    uint64_t last_total = 0;
    bool monotonic = true, running = true;
    int k, chunks                  = 0;

    for (k = 0; k < NSPILLERS; k++) {
        w[k] = (struct spiller){hist_new_compact(), (uint64_t) k << 40, 0};
        hist_use_spill(w[k].h, s);
        pthread_create(&tid[k], NULL, spiller_run, &w[k]);
    }
    while (running) {
        struct hist *fresh = hist_new();

        monotonic &= spill_collect(fresh, s, w) == 0 &&
                     bucket_total(fresh) >= last_total;
        last_total = bucket_total(fresh);
        hist_free(fresh);
        running = false;
        for (k = 0; k < NSPILLERS; k++)
            running |= !ck_pr_load_int(&w[k].done);
    }
    for (k = 0; k < NSPILLERS; k++) {
        pthread_join(tid[k], NULL);
        chunks += chunks_allocated(w[k].h);
        for (int i = 0; i < SPILL_VALUES; i++)
            hist_record(ref, spill_value(w[k].seed, i));
    }
    ok(monotonic, "spilled records read under the lock never decrease");
    ok(chunks == 0, "writers with a spill allocate no chunk");
    ok(spill_collect(snap, s, w) == 0 &&
           bucket_total(snap) == (uint64_t) NSPILLERS * SPILL_VALUES &&
           hist_count(snap) == hist_count(ref) && hists_equal(snap, ref),
       "the spill and the writers' lists hold every value exactly once");
    for (k = 0; k < NSPILLERS; k++)
        hist_free(w[k].h);
    hist_spill_free(s);
    hist_spill_free(NULL);
    hist_free(ref);
    hist_free(snap);
}

int main(void)
{
    test_distribution("uniform", gen_uniform);
    test_distribution("log-uniform 1ns..1h", gen_loguniform);
    test_distribution("exponential", gen_exponential);
    test_geometry();
    test_extremes();
    test_empty();
    test_merge_and_delta();
    test_compact();
    test_print();
    test_loghist();
    test_enomem();
    test_concurrent();
    test_count_le();
    test_spill();
    return done_testing();
}
