/* SPDX-License-Identifier: MIT */
/* fuzz_hdr: libFuzzer harness of the HdrHistogram V2 decoder
 * (src/measure/hdr_codec.c), which reads the `hdr` records of result
 * documents others send (issue 28). The first byte picks the form of the
 * rest: 0 the base64 text as a document holds it; 1 the inflated record
 * (40-byte header and counts), compressed and wrapped here so that the
 * fuzzer reaches the counts without forging zlib; 2 the counts alone,
 * behind a header built from the next bytes (digits, lowest, highest).
 * A decoded record must hold what an independent reading of the counts
 * says (total, and for bench's own layout every bucket), no value of 2^63
 * ns or more, and survive encoding and decoding again bucket for bucket; a
 * refused one leaves the record it was added to as it was. */
#include <assert.h>
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "measure/hdr_codec.h"
#include "measure/hist.h"

#define INNER_HEADER 40
#define BENCH_COUNTS ((size_t) 54 * HIST_CHUNK_LEN) /* values below 2^63 */

/* The nonzero counts read from the payload, by index (increasing). */
static struct {
    uint64_t idx, n;
} expect[4096];
static size_t nexpect;

static void put_be(unsigned char *p, uint64_t v, int bytes)
{
    while (bytes-- > 0) {
        p[bytes] = (unsigned char) v;
        v >>= 8;
    }
}

static uint64_t get_be(const unsigned char *p, int bytes)
{
    uint64_t v = 0;

    for (int i = 0; i < bytes; i++)
        v = v << 8 | p[i];
    return v;
}

static char *b64(const unsigned char *in, size_t n)
{
    static const char a[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char *out = malloc((n + 2) / 3 * 4 + 1), *o = out;

    for (size_t i = 0; out && i < n; i += 3) {
        uint32_t w = (uint32_t) in[i] << 16 |
                     (i + 1 < n ? (uint32_t) in[i + 1] << 8 : 0) |
                     (i + 2 < n ? in[i + 2] : 0);
        *o++ = a[w >> 18];
        *o++ = a[(w >> 12) & 63];
        *o++ = i + 1 < n ? a[(w >> 6) & 63] : '=';
        *o++ = i + 2 < n ? a[w & 63] : '=';
    }
    if (out) *o = '\0';
    return out;
}

/* The V2 compressed text of an inflated record. */
static char *wrap(const unsigned char *inner, size_t n)
{
    uLongf len         = compressBound(n);
    unsigned char *buf = malloc(8 + len);
    char *text         = NULL;

    if (buf && compress(buf + 8, &len, inner, n) == Z_OK) {
        put_be(buf, 0x1c849314u, 4);
        put_be(buf + 4, len, 4);
        text = b64(buf, 8 + len);
    }
    free(buf);
    return text;
}

/* Form 2: the inflated record of a header made from 3 bytes (digits,
 * lowest, highest; 2 times in 256 bench's own), then the counts. */
static unsigned char *with_header(const uint8_t *d, size_t n, size_t *len)
{
    unsigned char *inner;

    if (n < 3 || !(inner = malloc(INNER_HEADER + n - 3))) return NULL;
    memset(inner, 0, INNER_HEADER);
    put_be(inner, 0x1c849313u, 4);
    put_be(inner + 4, n - 3, 4);
    put_be(inner + 12, d[0] < 2 ? 3 : d[0] % 6, 4);
    put_be(inner + 16, d[0] < 2 ? 1 : UINT64_C(1) << (d[1] % 48), 8);
    put_be(inner + 24, d[2] & 1 ? INT64_MAX : INT64_MAX >> ((d[2] >> 1) % 63),
           8);
    put_be(inner + 32, UINT64_C(0x3ff0000000000000), 8); /* 1.0 */
    memcpy(inner + INNER_HEADER, d + 3, n - 3);
    *len = INNER_HEADER + n - 3;
    return inner;
}

/* Reads the counts as the format says (varints, negative: a run of
 * zeros), independently of hdr_codec.c: the total, and each index's count
 * when the header is bench's layout. false when they do not parse. */
static bool read_counts(const unsigned char *p, size_t n, uint64_t *total,
                        bool *bench_layout)
{
    size_t pos   = INNER_HEADER, end;
    uint64_t idx = 0;

    if (n < INNER_HEADER) return false;
    end           = INNER_HEADER + get_be(p + 4, 4);
    *bench_layout = get_be(p + 12, 4) == 3 && get_be(p + 16, 8) == 1 &&
                    get_be(p + 24, 8) == (uint64_t) INT64_MAX;
    nexpect = 0;
    *total  = 0;
    while (pos < end && end <= n) {
        uint64_t v = 0;
        for (int i = 0; i < 9 && pos < end; i++) {
            unsigned char b = p[pos++];
            v |= i == 8 ? (uint64_t) b << 56 : (uint64_t) (b & 0x7f) << (7 * i);
            if (i == 8 || !(b & 0x80)) break;
        }
        int64_t c = (int64_t) (v >> 1) ^ -(int64_t) (v & 1);
        if (c < 0) {
            idx += (uint64_t) 0 - (uint64_t) c;
            continue;
        }
        *total += (uint64_t) c;
        if (c > 0 && nexpect < 4096) {
            expect[nexpect].idx = idx;
            expect[nexpect++].n = (uint64_t) c;
        }
        idx++;
    }
    return true;
}

static uint64_t count_at(const struct hist *h, size_t idx)
{
    const uint64_t *chunk = hist_chunk_at(h, idx >> HIST_SUB_BITS);

    return chunk ? chunk[idx & (HIST_CHUNK_LEN - 1)] : 0;
}

static bool same_buckets(const struct hist *a, const struct hist *b)
{
    static const uint64_t zero[HIST_CHUNK_LEN];

    for (size_t c = 0; c < HIST_CHUNKS; c++) {
        const uint64_t *x = hist_chunk_at(a, c), *y = hist_chunk_at(b, c);
        if (memcmp(x ? x : zero, y ? y : zero, sizeof(zero)) != 0) return false;
    }
    return hist_count(a) == hist_count(b);
}

/* The invariants of a record decoded from `text` (inner: its inflated
 * form when known). */
static void check_decoded(const struct hist *h, const unsigned char *inner,
                          size_t n)
{
    struct hist *again = hist_new();
    char *text         = hdr_codec_encode(h);
    uint64_t total;
    bool bench_layout;

    assert(hist_count(h) <= INT64_MAX);
    assert(hist_max_ns(h) < UINT64_C(1) << 63);
    if (inner && read_counts(inner, n, &total, &bench_layout)) {
        /* with the total, no count can be anywhere else */
        assert(hist_count(h) == total);
        for (size_t i = 0; bench_layout && i < nexpect; i++)
            assert(expect[i].idx < BENCH_COUNTS &&
                   count_at(h, expect[i].idx) == expect[i].n);
    }
    /* bench's own layout: encoding loses nothing */
    assert(text != NULL || errno == ENOMEM);
    if (text && again) {
        assert(hdr_codec_decode_add(again, text, strlen(text)) == 0);
        assert(same_buckets(h, again));
    }
    free(text);
    hist_free(again);
}

/* Decodes text into a record holding one value, and alone. */
static void decode(const char *text, size_t len, const unsigned char *inner,
                   size_t n)
{
    struct hist *h = hist_new(), *only = hist_new();

    if (h && only) {
        hist_record(h, 5); /* a refused record leaves it alone */
        if (hdr_codec_decode_add(h, text, len) == 0) {
            assert(hist_count(h) >= 1 && count_at(h, 5) >= 1);
            if (hdr_codec_decode_add(only, text, len) == 0)
                check_decoded(only, inner, n);
        } else {
            assert(errno == EINVAL || errno == ERANGE || errno == ENOMEM);
            assert(hist_count(h) == 1 && count_at(h, 5) == 1);
        }
    }
    hist_free(only);
    hist_free(h);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    unsigned char *inner = NULL;
    char *text           = NULL;
    size_t n             = size - 1;

    if (size == 0 || size > 4096) return 0;
    if (data[0] % 3 == 0) { /* the text itself, not NUL-terminated */
        if ((text = malloc(n + 1))) memcpy(text, data + 1, n);
        if (text) decode(text, n, NULL, 0);
        free(text);
        return 0;
    }
    if (data[0] % 3 == 1 && (inner = malloc(n + 1)))
        memcpy(inner, data + 1, n);
    else if (data[0] % 3 == 2)
        inner = with_header(data + 1, n, &n);
    if (inner && (text = wrap(inner, n))) decode(text, strlen(text), inner, n);
    free(text);
    free(inner);
    return 0;
}
