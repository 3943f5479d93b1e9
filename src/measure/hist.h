/* SPDX-License-Identifier: MIT */
/* hist.h: the precise per-worker latency record (PD-4): record, merge,
 * percentiles, and sysbench's --histogram rows; plus the sysbench-scheme
 * histogram behind Lua's sysbench.histogram (LUA-8).
 *
 * Conventions: constructors return NULL with errno set; int functions return
 * 0 on success and -1 with errno set on failure. Latencies are uint64_t ns. */
#ifndef BENCH_HIST_H
#define BENCH_HIST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <ck_pr.h>

#include "owned.h"

/* Log-linear buckets, HdrHistogram style. Values below 2048 ns get a bucket
 * each; each power of two [2^e, 2^(e+1)) above is cut into 1024 equal
 * buckets, so a bucket is at most 1/1024 of its lower bound wide and its
 * midpoint is within 0.05% of every value in it. Flat index i lives in chunk
 * i / HIST_CHUNK_LEN: chunks 0 and 1 are exact, chunk c >= 2 holds the octave
 * [2^(c+9), 2^(c+10)). HIST_CHUNKS chunks span the whole uint64_t range. */
enum {
    HIST_SUB_BITS  = 10,
    HIST_CHUNK_LEN = 1 << HIST_SUB_BITS,
    HIST_CHUNKS    = 64 - HIST_SUB_BITS + 1,
    HIST_OCTAVES   = HIST_CHUNKS - 1, /* chunks 0 and 1 are octave 0 */
    HIST_PENDING   = 256, /* values a compact hist keeps without a chunk */
};

/* One worker's record. Fields are read-only outside hist.c and hist_record().
 * Written only by the owning worker (owned.h's adds, no atomic RMW);
 * read by the reporter with ck_pr_load_64 while the owner keeps recording. */
struct hist {
    uint64_t count;      /* values recorded, unrecorded ones included */
    uint64_t sum_ns;     /* sum of all values; wraps after ~584 years */
    uint64_t unrecorded; /* in count and sum_ns but in no bucket (ENOMEM) */
    /* The counters, by octave k = hist_octave(value) (0..HIST_OCTAVES-1):
     * the counter of a value v is at oct[k] + (v >> k) * 8 bytes, so
     * hist_record finds it with a shift and a load. Octave 0 (v < 2048)
     * is chunks 0 and 1, one block of 2 * HIST_CHUNK_LEN counters, oct[0]
     * its address; octave k >= 1 is chunk k + 1, whose v >> k lie in
     * [HIST_CHUNK_LEN, 2 * HIST_CHUNK_LEN), so oct[k] is its address
     * minus HIST_CHUNK_LEN counters (an address, never dereferenced
     * there). NULL until the first value lands there; published after a
     * store fence. Read chunks through hist_chunk_at. */
    void *oct[HIST_OCTAVES];
    /* Compact hists (hist_new_compact): bucket indices of values that
     * found no chunk, npending of them, in an array of HIST_PENDING
     * allocated with the first (512 bytes, packed with other workers'
     * where a chunk takes pages of its own); each is published after a
     * store fence and never moves. pending_max is 0 for the others. */
    uint32_t npending, pending_max;
    uint16_t *pending;
    struct hist_spill *spill; /* hist_use_spill, or NULL */
};

/* Returns an empty hist: only the ~0.5 KB struct, counter chunks (8 KB each)
 * come on first use. NULL with errno = ENOMEM on failure. Free with
 * hist_free(). */
struct hist *hist_new(void);

/* The same for a worker's own record: its first HIST_PENDING values that
 * would each need a new chunk are kept as a list instead, so a worker of
 * a run of thousands of threads that records a few hundred events costs
 * 512 bytes, not 8 KB chunks (pages written whole). Other threads read it only
 * through hist_count, hist_sum_ns, hist_unrecorded, and as hist_add's or
 * hist_copy's src; the other queries, hist_sub and hist_print take hists filled
 * by hist_add/hist_copy or by hist_record on a hist_new one. */
struct hist *hist_new_compact(void);

/* Spilling, for runs of thousands of workers (issue 12): a compact hist
 * given a spill (hist_use_spill, before it records) allocates no chunks;
 * each time its list is full, its owner moves the values to the spill's
 * shared record under the spill's lock (once per HIST_PENDING values), so a
 * worker stays at its 512-byte list however long it runs, as sysbench's
 * shared histogram does. A reader takes the lock (hist_spill_lock) around
 * reading the spill's record and every hist using it, so each value is in
 * exactly one of them. NULL spills: the calls do nothing. */
struct hist_spill;
/* From this many workers a run's records spill (the pool's, fileio's per
 * operation): a lock per 256 events instead of 8 KB chunks per worker,
 * which at thousands of threads outgrow sysbench's whole footprint
 * (perf/builtin_threads.sh). Below, the chunks' lock-free fast path. */
#define HIST_SPILL_THREADS 256
struct hist_spill *hist_spill_new(void);    /* NULL with errno = ENOMEM */
void hist_spill_free(struct hist_spill *s); /* after the hists using it */
void hist_use_spill(struct hist *h, struct hist_spill *s);
struct hist_spill *hist_spill_of(const struct hist *h);
void hist_spill_lock(struct hist_spill *s);
void hist_spill_unlock(struct hist_spill *s);
/* The spilled values' record (buckets only: count and sum stay in each
 * hist), for hist_add under the lock. */
const struct hist *hist_spill_record(const struct hist_spill *s);

/* Frees h and its chunks. Accepts NULL. No other thread may use h. */
void hist_free(struct hist *h);

/* The octave of value_ns: 0 below 2 * HIST_CHUNK_LEN, else the index of
 * its top bit minus HIST_SUB_BITS; value_ns >> it is the bucket within. */
static inline unsigned hist_octave(uint64_t value_ns)
{
    return (unsigned) (63 - HIST_SUB_BITS) -
           (unsigned) __builtin_clzll(value_ns | HIST_CHUNK_LEN);
}

/* Flat bucket index of value_ns, < HIST_CHUNKS * HIST_CHUNK_LEN. */
static inline size_t hist_index(uint64_t value_ns)
{
    unsigned k = hist_octave(value_ns);

    return ((size_t) k << HIST_SUB_BITS) + (size_t) (value_ns >> k);
}

/* The octave holding chunk c, and chunk c from that octave's oct[] entry
 * (NULL: none yet): the one place that knows the layout of struct hist's
 * oct[] (hist_chunk_at, and hist.c's fenced reader and allocator). */
static inline size_t hist_octave_of_chunk(size_t c)
{
    return c < 2 ? 0 : c - 1;
}

static inline uint64_t *hist_chunk_from(const void *oct, size_t c)
{
    if (oct == NULL) return NULL;
    return (uint64_t *) ((uintptr_t) oct +
                         (c == 0 ? 0 : HIST_CHUNK_LEN * sizeof(uint64_t)));
}

/* Chunk c (< HIST_CHUNKS) of h, or NULL when it has none yet. For the
 * owner, or a hist no other thread writes (readers of a recording hist
 * use hist.c's fenced load). */
static inline uint64_t *hist_chunk_at(const struct hist *h, size_t c)
{
    return hist_chunk_from(h->oct[hist_octave_of_chunk(c)], c);
}

/* Slow path of hist_record(), for its use only: allocates the chunk, or
 * counts the value as unrecorded when that fails. Owner thread only. */
void hist_record_slow(struct hist *h, uint64_t value_ns);

/* Records one latency. Owner thread only; never fails: if a chunk cannot be
 * allocated the value still counts in count/sum and in hist_unrecorded().
 * It runs on every event and query: an octave, a load, three adds. */
static inline void hist_record(struct hist *h, uint64_t value_ns)
{
    unsigned k     = hist_octave(value_ns);
    uintptr_t base = (uintptr_t) h->oct[k];

    if (__builtin_expect(base == 0, 0)) {
        hist_record_slow(h, value_ns);
        return;
    }
    owned_inc_64((uint64_t *) (base + (value_ns >> k) * sizeof(uint64_t)));
    owned_inc_64(&h->count);
    owned_add_64(&h->sum_ns, value_ns);
}

/* Empties h, keeping its chunks. Not concurrent with any other use of h. */
void hist_reset(struct hist *h);

/* dst += src. src may be recording concurrently (relaxed reads; the copy may
 * miss values in flight, never double them). dst is the caller's own, not
 * shared. 0 ok; -1 ENOMEM, with dst's counts unchanged. */
int hist_add(struct hist *dst, const struct hist *src);

/* dst -= src, for interval deltas: src must be an earlier copy of the same
 * totals (every counter <= dst's). 0 ok; -1 EINVAL if it is not, dst
 * unchanged. Neither may be in use by another thread. */
int hist_sub(struct hist *dst, const struct hist *src);

/* dst = src (src may be recording, as for hist_add). 0 ok; -1 ENOMEM, dst
 * then empty. */
int hist_copy(struct hist *dst, const struct hist *src);

/* Adds n values to flat bucket idx (hist_index() of any value in it), as a
 * decoder of a stored record does: counts exact, sum_ns grows by n times the
 * bucket's midpoint. Not concurrent with any other use of h. 0 ok; -1 EINVAL
 * (idx out of range) or ENOMEM, h unchanged. */
int hist_add_bucket(struct hist *h, size_t idx, uint64_t n);

/* Sets h's sum of values to sum_ns: a record rebuilt from stored buckets
 * (hist_add_bucket, hdr_codec) carries midpoints, and its exact sum is
 * stored beside it (a result document's sum_ns). Owner only. */
void hist_set_sum_ns(struct hist *h, uint64_t sum_ns);

/* Values recorded, unrecorded ones included. Any thread (relaxed load). */
uint64_t hist_count(const struct hist *h);

/* Sum of all recorded values in ns. Any thread (relaxed load). */
uint64_t hist_sum_ns(const struct hist *h);

/* Values counted in no bucket because a chunk allocation failed. */
uint64_t hist_unrecorded(const struct hist *h);

/* Representative value (bucket midpoint, within 0.05%) of the lowest /
 * highest non-empty bucket; 0 if h is empty. */
uint64_t hist_min_ns(const struct hist *h);
uint64_t hist_max_ns(const struct hist *h);

/* Cumulative counts at `n` ascending bounds, as Prometheus buckets:
 * out[i] = values whose bucket midpoint is <= bounds_ns[i] (to the
 * record's 0.05%). For a hist filled by hist_add/hist_copy. */
void hist_count_le(const struct hist *h, const uint64_t *bounds_ns, size_t n,
                   uint64_t *out);

/* sysbench's rule over the N bucketed values: n = floor(N*pct/100 + 0.5);
 * returns the representative value of the first bucket whose cumulative
 * count reaches n (n == 0: the lowest non-empty bucket); 0 if empty. */
uint64_t hist_percentile_ns(const struct hist *h, double pct);

/* Prints sysbench's --histogram block (title, header, rows, " " line),
 * folding the record into sysbench's 1024 rows over 0.001..100000 ms, with
 * underflow/overflow rows instead of clamping (format in hist.c). */
void hist_print(const struct hist *h, FILE *out);

/* sysbench's own log-scale histogram, as sysbench.histogram.new(size, min,
 * max) builds it (LUA-8). One owner; not thread-safe. */
struct loghist;

/* size >= 2 buckets spaced logarithmically over min..max (0 < min < max).
 * NULL with errno EINVAL (bad arguments) or ENOMEM. */
struct loghist *loghist_new(unsigned size, double min, double max);

/* Frees lh. Accepts NULL. */
void loghist_free(struct loghist *lh);

/* Counts value in its nearest bucket. As in sysbench, values below the first
 * bucket (<= 0 included) go to it, values beyond the last to the last. */
void loghist_update(struct loghist *lh, double value);

/* Prints the header and one row per non-empty bucket, exactly as sysbench's
 * :print() (nothing at all when empty). */
void loghist_print(const struct loghist *lh, FILE *out);

#endif
