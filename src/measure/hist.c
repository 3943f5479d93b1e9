/* SPDX-License-Identifier: MIT */
/* Over 600 lines: the record's spill shares its chunk allocator and fences. */
/* hist.c: the precise per-worker latency record (PD-4) and sysbench's
 * log-scale histogram, which also lays out the --histogram rows (REP-7). */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock.h's clock_gettime under -std=c11 */
#endif

#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "api.h"
#include "hist.h"

/* A worker's struct starts on its own cache line, so two workers' hot
 * count and sum never share one. */
#define HIST_ALIGN 64

#define HIST_BUCKETS ((size_t) HIST_CHUNKS * HIST_CHUNK_LEN)
#define CHUNK_BYTES  (HIST_CHUNK_LEN * sizeof(uint64_t))

_Static_assert(HIST_BUCKETS <= UINT16_MAX + 1,
               "a pending value is a 16-bit bucket index");
_Static_assert(sizeof(struct hist) <= 512,
               "the struct stays within its 512 aligned bytes");

/* -- Bucket geometry ------------------------------------------------------ */

/* Width of bucket idx is 2^shift; see the layout comment in hist.h. */
static unsigned hist_shift_at(size_t idx)
{
    return idx < 2 * HIST_CHUNK_LEN ? 0 : (unsigned) (idx >> HIST_SUB_BITS) - 1;
}

/* Midpoint of bucket idx: every value in it is within width/2 of this, and
 * width/2 <= lower/2048, hence the 0.05% bound. */
static uint64_t hist_value_at(size_t idx)
{
    unsigned shift = hist_shift_at(idx);
    uint64_t lower = (uint64_t) (idx - ((size_t) shift << HIST_SUB_BITS))
                     << shift;

    return lower + ((UINT64_C(1) << shift) >> 1);
}

/* Reader side of chunk publication: the fence pairs with the store fence in
 * hist_chunk_alloc(), so a non-NULL chunk is seen zeroed or later. */
static uint64_t *hist_chunk_load(const struct hist *h, size_t c)
{
    void *oct = ck_pr_load_ptr(&h->oct[hist_octave_of_chunk(c)]);

    ck_pr_fence_load();
    return hist_chunk_from(oct, c);
}

/* Reader side of a compact hist's pending values: those below the count
 * returned are written (the fence pairs with hist_pending_add's). */
static uint32_t hist_pending_load(const struct hist *h)
{
    uint32_t n = ck_pr_load_32(&h->npending);

    ck_pr_fence_load();
    return n;
}

/* -- Lifecycle and the writer's slow path --------------------------------- */

struct hist *hist_new(void)
{
    size_t size =
        (sizeof(struct hist) + HIST_ALIGN - 1) & ~(size_t) (HIST_ALIGN - 1);
    struct hist *h = aligned_alloc(HIST_ALIGN, size);

    if (h == NULL) {
        errno = ENOMEM;
        return NULL;
    }
    memset(h, 0, sizeof *h);
    return h;
}

struct hist *hist_new_compact(void)
{
    struct hist *h = hist_new();

    if (h) h->pending_max = HIST_PENDING;
    return h;
}

void hist_free(struct hist *h)
{
    size_t c;

    if (h == NULL) return;
    free(hist_chunk_at(h, 0)); /* chunks 0 and 1: one block */
    for (c = 2; c < HIST_CHUNKS; c++)
        free(hist_chunk_at(h, c));
    free(h->pending);
    free(h);
}

/* Lazy chunks keep an idle worker at ~0.5 KB (PD-4: 4096 threads); chunks
 * 0 and 1 (octave 0) come together. The counters are zero before the
 * address is published: readers may load it at any time. calloc, not
 * aligned_alloc and memset: memory fresh from the system is not written
 * again (a latency in a new octave, an outlier, costs no 8 KB of stores,
 * and only the pages counted in are touched). Only a chunk's first and
 * last cache lines, the buckets at an octave's edges, may share a line
 * with a neighbour's memory (another worker's when threads outnumber
 * glibc's arenas; from HIST_SPILL_THREADS workers have no chunks). For a
 * chunk h lacks. */
static uint64_t *hist_chunk_alloc(struct hist *h, size_t c)
{
    size_t size     = c < 2 ? 2 * CHUNK_BYTES : CHUNK_BYTES;
    uint64_t *block = calloc(1, size);

    if (block == NULL) {
        errno = ENOMEM;
        return NULL;
    }
    ck_pr_fence_store();
    if (c < 2) { /* the block is chunk 0 and octave 0's address */
        ck_pr_store_ptr(&h->oct[0], block);
        return hist_chunk_from(block, c);
    }
    ck_pr_store_ptr(&h->oct[hist_octave_of_chunk(c)],
                    (void *) ((uintptr_t) block - CHUNK_BYTES));
    return block;
}

/* Appends a compact hist's value to its list; false when it is full or
 * cannot be allocated (the value then goes to a chunk). */
static bool hist_pending_add(struct hist *h, size_t idx)
{
    uint16_t *list = h->pending;

    if (h->npending >= h->pending_max) return false;
    if (list == NULL) {
        if (!(list = malloc(HIST_PENDING * sizeof(*list)))) return false;
        ck_pr_store_ptr(&h->pending, list);
    }
    ck_pr_store_16(&list[h->npending], (uint16_t) idx);
    ck_pr_fence_store(); /* pairs with hist_pending_load() */
    ck_pr_store_32(&h->npending, h->npending + 1);
    return true;
}

/* -- Spilling (hist.h) ---------------------------------------------------- */

struct hist_spill {
    pthread_mutex_t lock;
    struct hist *rec; /* buckets of spilled values; count and sum stay 0 */
};

struct hist_spill *hist_spill_new(void)
{
    struct hist_spill *s = malloc(sizeof(*s));

    if (!s || !(s->rec = hist_new())) {
        free(s);
        errno = ENOMEM;
        return NULL;
    }
    pthread_mutex_init(&s->lock, NULL);
    return s;
}

void hist_spill_free(struct hist_spill *s)
{
    if (!s) return;
    hist_free(s->rec);
    pthread_mutex_destroy(&s->lock);
    free(s);
}

void hist_use_spill(struct hist *h, struct hist_spill *s)
{
    h->spill = s;
}

struct hist_spill *hist_spill_of(const struct hist *h)
{
    return h ? h->spill : NULL;
}

void hist_spill_lock(struct hist_spill *s)
{
    if (s) pthread_mutex_lock(&s->lock);
}

void hist_spill_unlock(struct hist_spill *s)
{
    if (s) pthread_mutex_unlock(&s->lock);
}

const struct hist *hist_spill_record(const struct hist_spill *s)
{
    return s->rec;
}

/* Moves h's full list to its spill's record (owner thread). A value that
 * finds no chunk there stays counted, as unrecorded. */
static void hist_spill_flush(struct hist *h)
{
    struct hist *r = h->spill->rec;

    pthread_mutex_lock(&h->spill->lock);
    for (uint32_t i = 0; i < h->npending; i++) {
        size_t idx = h->pending[i], c = idx >> HIST_SUB_BITS;
        uint64_t *chunk = hist_chunk_at(r, c);

        if (!chunk && !(chunk = hist_chunk_alloc(r, c)))
            r->unrecorded++;
        else
            chunk[idx & (HIST_CHUNK_LEN - 1)]++;
    }
    ck_pr_store_32(&h->npending, 0);
    pthread_mutex_unlock(&h->spill->lock);
}

void hist_record_slow(struct hist *h, uint64_t value_ns)
{
    size_t idx      = hist_index(value_ns);
    uint64_t *chunk = hist_chunk_at(h, idx >> HIST_SUB_BITS);

    if (chunk == NULL && h->spill && h->npending == h->pending_max)
        hist_spill_flush(h);
    if (chunk == NULL && hist_pending_add(h, idx)) {
        /* kept in the list */
    } else if (chunk == NULL &&
               !(chunk = hist_chunk_alloc(h, idx >> HIST_SUB_BITS))) {
        /* A measurement must not crash the run; the loss stays visible. */
        owned_inc_64(&h->unrecorded);
    } else {
        owned_inc_64(&chunk[idx & (HIST_CHUNK_LEN - 1)]);
    }
    owned_inc_64(&h->count);
    owned_add_64(&h->sum_ns, value_ns);
}

void hist_reset(struct hist *h)
{
    size_t c;

    for (c = 0; c < HIST_CHUNKS; c++) {
        uint64_t *chunk = hist_chunk_at(h, c);
        if (chunk != NULL) memset(chunk, 0, CHUNK_BYTES);
    }
    h->count      = 0;
    h->sum_ns     = 0;
    h->unrecorded = 0;
    h->npending   = 0;
}

/* -- Merging -------------------------------------------------------------- */

/* Allocation happens in a first pass so that a failure leaves dst's counts
 * as they were. A chunk src publishes after that pass is left for the next
 * merge: its values are then only in count/sum, as any value in flight is;
 * so are pending values published after npending was read. src's pending
 * values land in dst's buckets (dst never keeps them pending). */
int hist_add(struct hist *dst, const struct hist *src)
{
    uint64_t *from[HIST_CHUNKS], *to[HIST_CHUNKS];
    uint32_t npending = hist_pending_load(src);
    const uint16_t *list =
        npending ? (const uint16_t *) ck_pr_load_ptr(&src->pending) : NULL;
    size_t c, i;

    for (c = 0; c < HIST_CHUNKS; c++) {
        from[c] = hist_chunk_load(src, c);
        if (from[c] != NULL && hist_chunk_at(dst, c) == NULL &&
            hist_chunk_alloc(dst, c) == NULL)
            return -1;
    }
    for (i = 0; i < npending; i++) {
        c = ck_pr_load_16(&list[i]) >> HIST_SUB_BITS;
        if (hist_chunk_at(dst, c) == NULL && hist_chunk_alloc(dst, c) == NULL)
            return -1;
    }
    for (c = 0; c < HIST_CHUNKS; c++) {
        to[c] = hist_chunk_at(dst, c);
        if (from[c] == NULL) continue;
        for (i = 0; i < HIST_CHUNK_LEN; i++)
            to[c][i] += ck_pr_load_64(&from[c][i]);
    }
    for (i = 0; i < npending; i++) {
        size_t idx = ck_pr_load_16(&list[i]);
        to[idx >> HIST_SUB_BITS][idx & (HIST_CHUNK_LEN - 1)]++;
    }
    dst->count += ck_pr_load_64(&src->count);
    dst->sum_ns += ck_pr_load_64(&src->sum_ns);
    dst->unrecorded += ck_pr_load_64(&src->unrecorded);
    return 0;
}

/* Whether every counter of small is <= big's (sum_ns may wrap, so it is not
 * compared). A chunk big lacks counts as zeros. */
static bool hist_covers(const struct hist *big, const struct hist *small)
{
    size_t c, i;

    if (small->count > big->count || small->unrecorded > big->unrecorded)
        return false;
    for (c = 0; c < HIST_CHUNKS; c++) {
        const uint64_t *s = hist_chunk_at(small, c), *b = hist_chunk_at(big, c);

        for (i = 0; s != NULL && i < HIST_CHUNK_LEN; i++) {
            if (s[i] > (b != NULL ? b[i] : 0)) return false;
        }
    }
    return true;
}

int hist_sub(struct hist *dst, const struct hist *src)
{
    size_t c, i;

    if (!hist_covers(dst, src)) {
        errno = EINVAL;
        return -1;
    }
    for (c = 0; c < HIST_CHUNKS; c++) {
        const uint64_t *from = hist_chunk_at(src, c);
        uint64_t *to         = hist_chunk_at(dst, c);

        if (from == NULL || to == NULL)
            continue; /* covered: a missing dst chunk means src's is zero */
        for (i = 0; i < HIST_CHUNK_LEN; i++)
            to[i] -= from[i];
    }
    dst->count -= src->count;
    dst->sum_ns -= src->sum_ns;
    dst->unrecorded -= src->unrecorded;
    return 0;
}

int hist_copy(struct hist *dst, const struct hist *src)
{
    hist_reset(dst);
    if (hist_add(dst, src) < 0) {
        hist_reset(dst);
        return -1;
    }
    return 0;
}

/* Decoders (hdr_codec.c) place whole buckets: the counts are exact, the sum
 * is estimated from midpoints (within 0.05% per value, as hist_value_at). */
int hist_add_bucket(struct hist *h, size_t idx, uint64_t n)
{
    if (idx >= HIST_BUCKETS) {
        errno = EINVAL;
        return -1;
    }
    uint64_t *chunk = hist_chunk_at(h, idx >> HIST_SUB_BITS);

    if (chunk == NULL && !(chunk = hist_chunk_alloc(h, idx >> HIST_SUB_BITS)))
        return -1;
    chunk[idx & (HIST_CHUNK_LEN - 1)] += n;
    h->count += n;
    h->sum_ns += n * hist_value_at(idx);
    return 0;
}

void hist_set_sum_ns(struct hist *h, uint64_t sum_ns)
{
    h->sum_ns = sum_ns;
}

/* -- Queries -------------------------------------------------------------- */

uint64_t hist_count(const struct hist *h)
{
    return ck_pr_load_64(&h->count);
}

uint64_t hist_sum_ns(const struct hist *h)
{
    return ck_pr_load_64(&h->sum_ns);
}

uint64_t hist_unrecorded(const struct hist *h)
{
    return ck_pr_load_64(&h->unrecorded);
}

/* Values in buckets: count - unrecorded when h is quiescent. Percentiles use
 * this N so that a copy taken mid-record is self-consistent. */
static uint64_t hist_bucket_total(const struct hist *h)
{
    uint64_t total = 0;
    size_t c, i;

    for (c = 0; c < HIST_CHUNKS; c++) {
        const uint64_t *chunk = hist_chunk_load(h, c);

        for (i = 0; chunk != NULL && i < HIST_CHUNK_LEN; i++)
            total += ck_pr_load_64(&chunk[i]);
    }
    return total;
}

/* First flat index whose cumulative count reaches n >= 1; HIST_BUCKETS if
 * none does. Counters only grow, so on a live hist an n taken from an
 * earlier hist_bucket_total() is always reached. */
static size_t hist_rank_index(const struct hist *h, uint64_t n)
{
    uint64_t seen = 0;
    size_t c, i;

    for (c = 0; c < HIST_CHUNKS; c++) {
        const uint64_t *chunk = hist_chunk_load(h, c);

        for (i = 0; chunk != NULL && i < HIST_CHUNK_LEN; i++) {
            seen += ck_pr_load_64(&chunk[i]);
            if (seen >= n) return c * HIST_CHUNK_LEN + i;
        }
    }
    return HIST_BUCKETS;
}

uint64_t hist_min_ns(const struct hist *h)
{
    size_t idx = hist_rank_index(h, 1);

    return idx < HIST_BUCKETS ? hist_value_at(idx) : 0;
}

uint64_t hist_max_ns(const struct hist *h)
{
    size_t c = HIST_CHUNKS, i;

    while (c-- > 0) {
        const uint64_t *chunk = hist_chunk_load(h, c);

        for (i = HIST_CHUNK_LEN; chunk != NULL && i-- > 0;) {
            if (ck_pr_load_64(&chunk[i]) != 0)
                return hist_value_at(c * HIST_CHUNK_LEN + i);
        }
    }
    return 0;
}

void hist_count_le(const struct hist *h, const uint64_t *bounds_ns, size_t n,
                   uint64_t *out)
{
    size_t b = 0;

    for (size_t i = 0; i < n; i++)
        out[i] = 0;
    for (size_t c = 0; c < HIST_CHUNKS && b < n; c++) {
        const uint64_t *chunk = hist_chunk_load(h, c);

        for (size_t i = 0; chunk != NULL && i < HIST_CHUNK_LEN; i++) {
            uint64_t k = ck_pr_load_64(&chunk[i]);
            if (k == 0) continue;
            uint64_t v = hist_value_at(c * HIST_CHUNK_LEN + i);
            while (b < n && v > bounds_ns[b])
                b++;
            if (b < n) out[b] += k;
        }
    }
    for (size_t i = 1; i < n; i++)
        out[i] += out[i - 1];
}

/* REP-3: n = floor(N*p/100 + 0.5). n == 0 would select sysbench's row 0
 * whatever the data; the lowest non-empty bucket is the same as n == 1. */
uint64_t hist_percentile_ns(const struct hist *h, double pct)
{
    uint64_t total = hist_bucket_total(h), n;
    double want    = floor((double) total * pct / 100 + 0.5);
    size_t idx;

    if (total == 0) return 0;
    if (!(want >= 1))
        n = 1; /* also a NaN pct */
    else if (want >= (double) total)
        n = total;
    else
        n = (uint64_t) want;
    idx = hist_rank_index(h, n);
    return idx < HIST_BUCKETS ? hist_value_at(idx) : hist_max_ns(h);
}

/* -- sysbench's log-scale rows (LUA-8, REP-3, REP-7) ---------------------- */

/* Row i stands for exp(i / mult + deduct); a value goes to the row
 * floor((ln v - deduct) * mult + 0.5) (sysbench's sb_histogram.c formula). */
struct loghist {
    size_t size;
    double min, max;
    double deduct;  /* ln(min) */
    double mult;    /* (size - 1) / (ln(max) - ln(min)) */
    uint64_t under; /* below row 0; only hist_print's fold fills it */
    uint64_t over;  /* beyond the last row; likewise */
    uint64_t *counts;
};

static void loghist_init(struct loghist *lh, uint64_t *counts, size_t size,
                         double min, double max)
{
    lh->size   = size;
    lh->min    = min;
    lh->max    = max;
    lh->deduct = log(min);
    lh->mult   = (double) (size - 1) / (log(max) - lh->deduct);
    lh->under  = 0;
    lh->over   = 0;
    lh->counts = counts;
    memset(counts, 0, size * sizeof *counts);
}

/* Row of value: -1 below row 0 (v <= 0 and NaN included), size beyond the
 * last. Compared as a double: converting -inf or NaN to an integer is UB. */
static int64_t loghist_row(const struct loghist *lh, double value)
{
    double x = floor((log(value) - lh->deduct) * lh->mult + 0.5);

    if (!(x >= 0)) return -1;
    if (x >= (double) lh->size) return (int64_t) lh->size;
    return (int64_t) x;
}

struct loghist *loghist_new(unsigned size, double min, double max)
{
    struct loghist *lh;

    if (size < 2 || !(min > 0) || !(max > min) || !isfinite(max)) {
        errno = EINVAL;
        return NULL;
    }
    if ((uint64_t) size * sizeof(uint64_t) > SIZE_MAX - sizeof *lh) {
        errno = ENOMEM;
        return NULL;
    }
    lh = malloc(sizeof *lh + (size_t) size * sizeof(uint64_t));
    if (lh == NULL) {
        errno = ENOMEM;
        return NULL;
    }
    loghist_init(lh, (uint64_t *) (lh + 1), size, min, max);
    return lh;
}

void loghist_free(struct loghist *lh)
{
    free(lh);
}

void loghist_update(struct loghist *lh, double value)
{
    int64_t row = loghist_row(lh, value);

    if (row < 0)
        row = 0;
    else if ((size_t) row >= lh->size)
        row = (int64_t) lh->size - 1;
    lh->counts[row]++;
}

/* -- Printing ------------------------------------------------------------- */

/* One "%12.3f |<bar> count" row; mark is "" for a row value, "<" or ">" for
 * the underflow/overflow rows. The label holds any double in "%.3f". */
static void loghist_print_row(FILE *out, const char *mark, double value,
                              uint64_t count, uint64_t maxcnt)
{
    static const char stars[] = "****************************************";
    char label[DBL_MAX_10_EXP + 16];
    int width = (int) floor((double) count * 40 / (double) maxcnt + 0.5);

    snprintf(label, sizeof label, "%s%.3f", mark, value);
    fprintf(out, "%12s |%-40.*s %" PRIu64 "\n", label, width, stars, count);
}

/* The one row printer behind hist_print() and loghist_print(). As in
 * sysbench, nothing (not even the header) when every row is empty. Layout:
 *        value  ------------- distribution ------------- count
 *       <0.001 |**********                               1
 *        0.001 |********************                     2
 *  >100000.000 |**********                               1
 * i.e. underflow first, labelled "<" + min, and overflow last, labelled
 * ">" + max, both "%.3f" right-aligned in the same 12 columns. */
static void loghist_print_rows(const struct loghist *lh, FILE *out)
{
    uint64_t maxcnt = lh->under > lh->over ? lh->under : lh->over;
    size_t i;

    for (i = 0; i < lh->size; i++) {
        if (lh->counts[i] > maxcnt) maxcnt = lh->counts[i];
    }
    if (maxcnt == 0) return;
    fputs("       value  ------------- distribution ------------- count\n",
          out);
    if (lh->under != 0) loghist_print_row(out, "<", lh->min, lh->under, maxcnt);
    for (i = 0; i < lh->size; i++) {
        if (lh->counts[i] != 0)
            loghist_print_row(out, "", exp((double) i / lh->mult + lh->deduct),
                              lh->counts[i], maxcnt);
    }
    if (lh->over != 0) loghist_print_row(out, ">", lh->max, lh->over, maxcnt);
}

void loghist_print(const struct loghist *lh, FILE *out)
{
    loghist_print_rows(lh, out);
}

/* PD-4: each precise bucket goes, by its midpoint, to sysbench's row for
 * that value; what sysbench would clamp into the first or last row (below
 * 0.001 * e^(-0.5/M) ms, or from 100000 * e^(0.5/M) ms) is counted apart. */
static void hist_fold(const struct hist *h, struct loghist *lh)
{
    size_t c, i;

    for (c = 0; c < HIST_CHUNKS; c++) {
        const uint64_t *chunk = hist_chunk_load(h, c);

        for (i = 0; chunk != NULL && i < HIST_CHUNK_LEN; i++) {
            uint64_t n = ck_pr_load_64(&chunk[i]);
            double ms;
            int64_t row;

            if (n == 0) continue;
            ms  = (double) hist_value_at(c * HIST_CHUNK_LEN + i) / NS_PER_MS;
            row = loghist_row(lh, ms);
            if (row < 0)
                lh->under += n;
            else if ((size_t) row >= lh->size)
                lh->over += n;
            else
                lh->counts[row] += n;
        }
    }
}

/* REP-3/REP-7 geometry: 1024 rows over 0.001..100000 ms. */
enum { HIST_PRINT_ROWS = 1024 };

void hist_print(const struct hist *h, FILE *out)
{
    uint64_t rows[HIST_PRINT_ROWS];
    struct loghist lh;

    loghist_init(&lh, rows, HIST_PRINT_ROWS, 0.001, 100000.0);
    hist_fold(h, &lh);
    fputs("Latency histogram (values are in milliseconds)\n", out);
    loghist_print_rows(&lh, out);
    fputs(" \n", out);
}

/* -- sysbench.histogram FFI entry points (api_decls.h) ------------------ */

sb_histogram_t *sb_histogram_new(size_t size, double range_min,
                                 double range_max)
{
    return loghist_new((unsigned) size, range_min, range_max);
}

void sb_histogram_delete(sb_histogram_t *h)
{
    loghist_free(h);
}

void sb_histogram_update(sb_histogram_t *h, double value)
{
    loghist_update(h, value);
}

void sb_histogram_print(sb_histogram_t *h)
{
    loghist_print(h, stdout);
    fflush(stdout);
}
