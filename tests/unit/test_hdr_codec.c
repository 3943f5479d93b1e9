/* SPDX-License-Identifier: MIT */
/* test_hdr_codec.c: hist <-> HdrHistogram V2 compressed base64, round trips
 * bucket for bucket, blobs written by the PyPI hdrhistogram package (an
 * independent implementation), and corrupt or crafted input refused
 * (indices out of range, issue 28). */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "measure/hdr_codec.h"
#include "measure/hist.h"
#include "tap.h"

/* HdrHistogram(1, 2**63-1, 3) with record_value(v, n) for (1,3), (2047,1),
 * (2048,2), (1000000,5), (123456789,1), (3600e9,7); hdrh 0.10.8 encode(). */
static const char py_blob[] =
    "HISTFAAAAC54nJNpmSzMwMAgyAABzFCasf4/BNh/gAqw/ZRnYtnfx8j1MY/p/htGPgBwyw+7";

/* py_blob with its leading lone zero written as 0, as Java's encoder does
 * (hdrh and HdrHistogram_c write -1, a run of one). */
static const char java_style_blob[] =
    "HISTFAAAAC54nJNpmSzMwMAgyAABzFCasf4/BNh/gIqw/ZRnYtnfx8j1MY/p/htGPgBwug+6";

/* HdrHistogram(1000, 3600e9, 2): (1500,4), (1000000,6). */
static const char py_blob_coarse[] =
    "HISTFAAAACZ4nJNpmSzMwMDAygABTBCK+QUQuxnsWMBg/wEqwvGQkwcAe18GOg==";

/* Crafted blobs (bench's layout unless said; issue 28). A zero run to
 * counts index (2^32 + 5) << 10, then 7: a bucket index of 2^32 + 4, which
 * a 32-bit truncation made 4 (7 values at 16 us instead of refused). */
static const char crafted_trunc[] =
    "HISTFAAAACR4nJNpmSzMwMDAwQABzFCasf4/BNh/gAj8P98ABEx8AP1ADdg=";
/* The same to index 2^42: bucket 2^32 - 1, a shift by 4294967295. */
static const char crafted_shift[] =
    "HISTFAAAACF4nJNpmSzMwMDAwQABzFCasf4/BNh/gAhAeIx8AAeLEAM=";
/* 3 at index 55295, the last of the counts array (values below 2^63),
 * and at 55296, one past it. */
static const char crafted_last[] =
    "HISTFAAAACJ4nJNpmSzMwMDAwgABzFCasf4/BNh/gAj8vc/GBgDEtAve";
static const char crafted_past[] =
    "HISTFAAAACJ4nJNpmSzMwMDAwgABzFCasf4/BNh/gAj8v8/GBgDEvAvg";
/* HdrHistogram(1000, 3600e9, 2), whose counts array has 3456 entries: 2
 * at index 3455, and at 3456. */
static const char crafted_coarse_last[] =
    "HISTFAAAACV4nJNpmSzMwMDAzAABTBCK+QUQuxnsWMBg/wEi8teUBQBxGgZt";
static const char crafted_coarse_past[] =
    "HISTFAAAACV4nJNpmSzMwMDAzAABTBCK+QUQuxnsWMBg/wEi8t+UBQBxIAZv";
/* INT64_MAX at index 0 and 1: a total count above INT64_MAX. */
static const char crafted_total[] =
    "HISTFAAAACN4nJNpmSzMwMAgxAABzFCasf4/BNh/gAj8g/L/wxkA9pgb8A==";
/* Zero runs to index 2^64 - 1, a 0 there, then 5: the index wraps to 0. */
static const char crafted_wrap[] =
    "HISTFAAAACh4nJNpmSzMwMCgxgABzFCasf4/BNh/gAhAuf/rMRl/YQwGLgDYeSv8";

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

static uint64_t count_at(const struct hist *h, uint64_t value)
{
    size_t idx            = hist_index(value);
    const uint64_t *chunk = hist_chunk_at(h, idx >> HIST_SUB_BITS);

    return chunk ? chunk[idx & (HIST_CHUNK_LEN - 1)] : 0;
}

static bool same_buckets(const struct hist *a, const struct hist *b)
{
    size_t c, i;

    for (c = 0; c < HIST_CHUNKS; c++) {
        for (i = 0; i < HIST_CHUNK_LEN; i++) {
            const uint64_t *ca = hist_chunk_at(a, c), *cb = hist_chunk_at(b, c);
            uint64_t x = ca ? ca[i] : 0;
            uint64_t y = cb ? cb[i] : 0;
            if (x != y) return false;
        }
    }
    return hist_count(a) - hist_unrecorded(a) == hist_count(b);
}

/* Encodes h, decodes into a fresh hist, compares every bucket. */
static bool round_trip(const struct hist *h)
{
    char *text        = hdr_codec_encode(h);
    struct hist *back = hist_new();
    bool same;

    same = text && back &&
           hdr_codec_decode_add(back, text, strlen(text)) == 0 &&
           same_buckets(h, back);
    free(text);
    hist_free(back);
    return same;
}

static void test_round_trips(void)
{
    struct hist *h = hist_new();
    uint64_t seed  = 42;
    int i;

    ok(round_trip(h), "empty hist round-trips");
    hist_record(h, 0);
    ok(round_trip(h), "a single zero round-trips");
    for (i = 0; i < 200000; i++) /* 1 ns .. ~1 hour, log-spread */
        hist_record(h, splitmix(&seed) >> (22 + splitmix(&seed) % 42));
    ok(round_trip(h), "200000 log-spread values round-trip bucket for bucket");
    hist_record(h, (UINT64_C(1) << 63) - 1);
    ok(round_trip(h), "the largest value the format carries round-trips");
    hist_reset(h);
    for (i = 0; i < 2048; i++)
        hist_record(h, (uint64_t) i); /* no zero runs at all */
    hist_record(h, 1000000000);       /* then a long one */
    ok(round_trip(h), "dense then sparse counts round-trip");
    hist_free(h);
}

static void test_limits(void)
{
    struct hist *h = hist_new();
    char *text;

    errno = 0;
    ok(hist_add_bucket(h, (size_t) HIST_CHUNKS * HIST_CHUNK_LEN, 1) == -1 &&
           errno == EINVAL && hist_count(h) == 0,
       "hist_add_bucket refuses an index past the record");
    ok(hist_add_bucket(h, hist_index(1000000), 4) == 0 && hist_count(h) == 4 &&
           hist_sum_ns(h) / 4 - 1000000 < 500,
       "hist_add_bucket counts exactly and sums midpoints");
    hist_reset(h);

    hist_record(h, UINT64_C(1) << 63);
    errno = 0;
    text  = hdr_codec_encode(h);
    ok(text == NULL && errno == EOVERFLOW,
       "a value >= 2^63 ns is refused with EOVERFLOW, not clamped");
    free(text);
    hist_free(h);
}

static void test_python_blobs(void)
{
    struct hist *h = hist_new();
    char *again;

    ok(hdr_codec_decode_add(h, py_blob, strlen(py_blob)) == 0,
       "hdrh's blob decodes");
    is_int(hist_count(h), 19, "its total count");
    is_int(count_at(h, 1), 3, "count of 1 ns");
    is_int(count_at(h, 2047), 1, "count of 2047 ns");
    is_int(count_at(h, 2048), 2, "count of 2048 ns");
    is_int(count_at(h, 1000000), 5, "count of 1 ms");
    is_int(count_at(h, 123456789), 1, "count of 123.456789 ms");
    is_int(count_at(h, UINT64_C(3600000000000)), 7, "count of 1 hour");
    again = hdr_codec_encode(h);
    is_str(again, py_blob, "re-encoding gives hdrh's exact text back");
    free(again);
    ok(hdr_codec_decode_add(h, py_blob, strlen(py_blob)) == 0 &&
           hist_count(h) == 38 && count_at(h, 1000000) == 10,
       "decoding again adds the counts");
    hist_free(h);

    h = hist_new();
    ok(hdr_codec_decode_add(h, java_style_blob, strlen(java_style_blob)) == 0 &&
           hist_count(h) == 19 && count_at(h, 1) == 3 &&
           count_at(h, UINT64_C(3600000000000)) == 7,
       "a lone zero written as 0 (Java's way) decodes the same");
    hist_free(h);

    h = hist_new();
    ok(hdr_codec_decode_add(h, py_blob_coarse, strlen(py_blob_coarse)) == 0,
       "a blob of another layout (lowest 1000, 2 digits) decodes");
    is_int(count_at(h, 1280), 4, "its [1024,1535] bucket lands on 1280 ns");
    is_int(count_at(h, 1001472), 6,
           "its [999424,1003519] bucket lands on its midpoint");
    is_int(hist_count(h), 10, "and nothing else");
    hist_free(h);
}

static void test_corrupt(void)
{
    struct hist *h = hist_new();
    char buf[sizeof py_blob];
    size_t n    = strlen(py_blob), i;
    int refused = 0, fine = 0;

    hist_record(h, 5);
    errno = 0;
    ok(hdr_codec_decode_add(h, "HIST", 4) == -1 && errno == EINVAL,
       "a truncated blob is refused with EINVAL");
    ok(hdr_codec_decode_add(h, "not base64!", 11) == -1 && errno == EINVAL,
       "text that is not base64 is refused");
    ok(hdr_codec_decode_add(h, py_blob, n - 4) == -1,
       "a blob cut short is refused");
    for (i = 0; i < n; i++) { /* flip one character at a time */
        memcpy(buf, py_blob, n + 1);
        buf[i] = buf[i] == 'A' ? 'B' : 'A';
        if (hdr_codec_decode_add(h, buf, n) == 0)
            fine++;
        else
            refused++;
    }
    ok(refused > (int) n / 2, "most one-character corruptions are refused");
    is_int(hist_count(h), 1 + 19 * (uint64_t) fine,
           "a refused blob leaves the hist unchanged");
    hist_free(h);
}

/* Decodes blob into a hist holding one value; whether it is refused with
 * errno want and leaves the hist as it was. */
static bool refused(const char *blob, int want)
{
    struct hist *h = hist_new();
    bool ok;

    hist_record(h, 5);
    errno = 0;
    ok = hdr_codec_decode_add(h, blob, strlen(blob)) == -1 && errno == want &&
         hist_count(h) == 1 && count_at(h, 5) == 1 &&
         hist_max_ns(h) == hist_min_ns(h);
    hist_free(h);
    return ok;
}

static void test_crafted(void)
{
    struct hist *h = hist_new();

    ok(refused(crafted_trunc, ERANGE),
       "a bucket index past 2^32 is refused, not truncated to 32 bits");
    ok(refused(crafted_shift, ERANGE),
       "a bucket index of 2^32 - 1 is refused (no shift by 4294967295)");
    ok(refused(crafted_past, ERANGE),
       "an index one past bench's counts array is refused");
    ok(refused(crafted_coarse_past, ERANGE),
       "an index one past another layout's counts array is refused");
    ok(refused(crafted_total, ERANGE),
       "a total count above INT64_MAX is refused");
    ok(refused(crafted_wrap, ERANGE), "an index that wraps is refused");
    ok(hdr_codec_decode_add(h, crafted_last, strlen(crafted_last)) == 0 &&
           hist_count(h) == 3 && hist_max_ns(h) < UINT64_C(1) << 63 &&
           hist_max_ns(h) > UINT64_C(1) << 62,
       "the last index of the counts array decodes, below 2^63 ns");
    hist_reset(h);
    ok(hdr_codec_decode_add(h, crafted_coarse_last,
                            strlen(crafted_coarse_last)) == 0 &&
           hist_count(h) == 2,
       "the last index of another layout's array decodes");
    hist_free(h);
}

int main(void)
{
    test_round_trips();
    test_limits();
    test_python_blobs();
    test_corrupt();
    test_crafted();
    return done_testing();
}
