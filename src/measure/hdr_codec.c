/* SPDX-License-Identifier: MIT */
/* hdr_codec.c: HdrHistogram's V2 compressed encoding of a struct hist.
 *
 * Wire form (HdrHistogram's AbstractHistogram encodeIntoCompressedByteBuffer
 * and its ports; all integers big-endian):
 *   outer:  u32 cookie 0x1c849314, u32 length N, N bytes of zlib data
 *   inner (after inflating): u32 cookie 0x1c849313, u32 payload length,
 *           u32 normalizing index offset (0), u32 significant digits,
 *           u64 lowest discernible value, u64 highest trackable value,
 *           f64 integer-to-double ratio (1.0), then the payload
 *   payload: the counts array from index 0 to the last nonzero count, each
 *           count a ZigZag LEB128-64b9B varint (at most 9 bytes, the ninth
 *           carrying 8 bits), a run of k zeros written as -k. Java writes a
 *           lone zero as 0, HdrHistogram_c and hdrh as -1, as here (so the
 *           text is theirs byte for byte); every decoder reads both. */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "hdr_codec.h"
#include "hist.h"

#define COOKIE_V2            0x1c849313u /* V2 base 0x1c849303 | 0x10 */
#define COOKIE_V2_COMPRESSED 0x1c849314u
#define COOKIE_MASK          (~0xf0u) /* the word-size nibble */
#define INNER_HEADER         40
#define OUTER_HEADER         8
#define VARINT_MAX           9
#define MAX_INFLATED         (64u << 20) /* far above any real histogram */

/* -- Big-endian fields and varints ---------------------------------------- */

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
    int i;

    for (i = 0; i < bytes; i++)
        v = v << 8 | p[i];
    return v;
}

/* ZigZag then LEB128-64b9B: returns the bytes written (1..9). */
static size_t put_varint(unsigned char *p, int64_t n)
{
    uint64_t v = ((uint64_t) n << 1) ^ (uint64_t) (n >> 63);
    size_t i;

    for (i = 0; i < 8; i++) {
        if (v < 0x80) {
            p[i] = (unsigned char) v;
            return i + 1;
        }
        p[i] = (unsigned char) (v | 0x80);
        v >>= 7;
    }
    p[8] = (unsigned char) v; /* the ninth byte keeps all 8 bits */
    return 9;
}

/* Reads one varint from p[*pos..end); false if it runs past end. */
static bool get_varint(const unsigned char *p, size_t end, size_t *pos,
                       int64_t *out)
{
    uint64_t v = 0;
    size_t i;

    for (i = 0; i < VARINT_MAX; i++) {
        if (*pos >= end) return false;
        unsigned char b = p[(*pos)++];
        if (i == 8) {
            v |= (uint64_t) b << 56;
            break;
        }
        v |= (uint64_t) (b & 0x7f) << (7 * i);
        if (!(b & 0x80)) break;
    }
    *out = (int64_t) (v >> 1) ^ -(int64_t) (v & 1);
    return true;
}

/* -- Base64 (RFC 4648, padded) -------------------------------------------- */

static const char b64_alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static char *b64_encode(const unsigned char *in, size_t n)
{
    char *out = malloc((n + 2) / 3 * 4 + 1), *o = out;
    size_t i;

    if (out == NULL) return NULL;
    for (i = 0; i + 2 < n; i += 3) {
        uint32_t w =
            (uint32_t) in[i] << 16 | (uint32_t) in[i + 1] << 8 | in[i + 2];
        *o++ = b64_alphabet[w >> 18];
        *o++ = b64_alphabet[(w >> 12) & 63];
        *o++ = b64_alphabet[(w >> 6) & 63];
        *o++ = b64_alphabet[w & 63];
    }
    if (i < n) {
        uint32_t w = (uint32_t) in[i] << 16 |
                     (i + 1 < n ? (uint32_t) in[i + 1] << 8 : 0);
        *o++ = b64_alphabet[w >> 18];
        *o++ = b64_alphabet[(w >> 12) & 63];
        *o++ = i + 1 < n ? b64_alphabet[(w >> 6) & 63] : '=';
        *o++ = '=';
    }
    *o = '\0';
    return out;
}

static int b64_value(char c)
{
    const char *at = c != '\0' ? strchr(b64_alphabet, c) : NULL;

    return at != NULL ? (int) (at - b64_alphabet) : -1;
}

/* Decodes padded base64; NULL with EINVAL (bad text) or ENOMEM. */
static unsigned char *b64_decode(const char *in, size_t n, size_t *out_len)
{
    unsigned char *out;
    size_t i, o = 0, pad = 0;

    if (n == 0 || n % 4 != 0) goto bad;
    pad = (in[n - 1] == '=') + (in[n - 2] == '=');
    if ((out = malloc(n / 4 * 3)) == NULL) return NULL;
    for (i = 0; i < n; i += 4) {
        uint32_t w = 0;
        int k;

        for (k = 0; k < 4; k++) {
            bool padding = i + (size_t) k >= n - pad;
            int v        = padding ? 0 : b64_value(in[i + k]);

            if (v < 0) {
                free(out);
                goto bad;
            }
            w = w << 6 | (uint32_t) v;
        }
        out[o++] = (unsigned char) (w >> 16);
        out[o++] = (unsigned char) (w >> 8);
        out[o++] = (unsigned char) w;
    }
    *out_len = o - pad;
    return out;
bad:
    errno = EINVAL;
    return NULL;
}

/* -- Encoding ------------------------------------------------------------- */

/* Counts-array index one past the last nonzero count (0: empty); SIZE_MAX
 * with EOVERFLOW for a value or count the format cannot carry. */
static size_t counts_limit(const struct hist *h)
{
    size_t c = HIST_CHUNKS, i;

    while (c-- > 0) {
        const uint64_t *chunk = hist_chunk_at(h, c);

        for (i = HIST_CHUNK_LEN; chunk != NULL && i-- > 0;) {
            if (chunk[i] == 0) continue;
            if (c == HIST_CHUNKS - 1) { /* the octave [2^63, 2^64) */
                errno = EOVERFLOW;
                return SIZE_MAX;
            }
            return c * HIST_CHUNK_LEN + i + 1;
        }
    }
    return 0;
}

static uint64_t count_at(const struct hist *h, size_t idx)
{
    const uint64_t *chunk = hist_chunk_at(h, idx >> HIST_SUB_BITS);

    return chunk != NULL ? chunk[idx & (HIST_CHUNK_LEN - 1)] : 0;
}

/* Writes the payload after INNER_HEADER bytes of buf; returns its length,
 * or SIZE_MAX with EOVERFLOW for a count above INT64_MAX. */
static size_t encode_counts(const struct hist *h, size_t limit,
                            unsigned char *buf)
{
    size_t idx = 0, len = 0;

    while (idx < limit) {
        uint64_t n    = count_at(h, idx++);
        int64_t zeros = 0;

        if (n > INT64_MAX) {
            errno = EOVERFLOW;
            return SIZE_MAX;
        }
        if (n == 0) {
            for (zeros = 1; idx < limit && count_at(h, idx) == 0; idx++)
                zeros++;
        }
        len += put_varint(buf + INNER_HEADER + len,
                          zeros > 0 ? -zeros : (int64_t) n);
    }
    return len;
}

static void put_inner_header(unsigned char *buf, size_t payload_len)
{
    double ratio = 1.0;
    uint64_t bits;

    memcpy(&bits, &ratio, sizeof bits);
    put_be(buf, COOKIE_V2, 4);
    put_be(buf + 4, payload_len, 4);
    put_be(buf + 8, 0, 4); /* normalizing index offset */
    put_be(buf + 12, HDR_CODEC_DIGITS, 4);
    put_be(buf + 16, HDR_CODEC_LOWEST, 8);
    put_be(buf + 24, (uint64_t) HDR_CODEC_HIGHEST, 8);
    put_be(buf + 32, bits, 8);
}

char *hdr_codec_encode(const struct hist *h)
{
    size_t limit       = counts_limit(h), len;
    unsigned char *raw = NULL, *packed = NULL;
    uLongf packed_len;
    char *text = NULL;

    if (limit == SIZE_MAX) return NULL;
    if ((raw = malloc(INNER_HEADER + limit * VARINT_MAX)) == NULL) goto fail;
    if ((len = encode_counts(h, limit, raw)) == SIZE_MAX) goto fail;
    put_inner_header(raw, len);
    packed_len = compressBound(INNER_HEADER + len);
    if ((packed = malloc(OUTER_HEADER + packed_len)) == NULL) goto fail;
    if (compress2(packed + OUTER_HEADER, &packed_len, raw, INNER_HEADER + len,
                  Z_DEFAULT_COMPRESSION) != Z_OK) {
        errno = ENOMEM; /* compress2 fails only for memory here */
        goto fail;
    }
    put_be(packed, COOKIE_V2_COMPRESSED, 4);
    put_be(packed + 4, packed_len, 4);
    text = b64_encode(packed, OUTER_HEADER + packed_len);
    if (text == NULL) errno = ENOMEM;
fail:
    free(packed);
    free(raw);
    return text;
}

/* -- Decoding ------------------------------------------------------------- */

/* Inflates zlib data; NULL with EINVAL (corrupt, too large) or ENOMEM. */
static unsigned char *inflate_all(const unsigned char *in, size_t n,
                                  size_t *out_len)
{
    z_stream zs        = {0};
    size_t cap         = 4096;
    unsigned char *out = malloc(cap), *grown;
    int rc             = Z_OK;

    if (out == NULL || inflateInit(&zs) != Z_OK) goto nomem;
    zs.next_in  = (Bytef *) in;
    zs.avail_in = (uInt) n;
    while (rc == Z_OK) {
        if (zs.total_out == cap) {
            if (cap >= MAX_INFLATED) break;
            if ((grown = realloc(out, cap * 2)) == NULL) goto nomem_end;
            out = grown;
            cap *= 2;
        }
        zs.next_out  = out + zs.total_out;
        zs.avail_out = (uInt) (cap - zs.total_out);
        rc           = inflate(&zs, Z_FINISH);
        if (rc == Z_BUF_ERROR && zs.avail_out == 0) rc = Z_OK;
    }
    *out_len = zs.total_out;
    inflateEnd(&zs);
    if (rc == Z_STREAM_END) return out;
    free(out);
    errno = rc == Z_MEM_ERROR ? ENOMEM : EINVAL;
    return NULL;
nomem_end:
    inflateEnd(&zs);
nomem:
    free(out);
    errno = ENOMEM;
    return NULL;
}

/* The source layout, in HdrHistogram's terms. */
struct layout {
    unsigned unit_magnitude; /* log2(lowest discernible value), floored */
    unsigned half_magnitude; /* log2(sub-bucket count / 2) */
    uint64_t counts_len;     /* the counts array's length */
};

/* HdrHistogram's counts array length for the layout and its highest
 * trackable value (HdrHistogram_c's buckets_needed_to_cover_value). */
static uint64_t counts_len(const struct layout *l, uint64_t highest)
{
    uint64_t smallest = UINT64_C(2) << (l->half_magnitude + l->unit_magnitude);
    uint64_t buckets  = 1;

    while (smallest <= highest) {
        if (smallest > (uint64_t) INT64_MAX / 2) {
            buckets++;
            break;
        }
        smallest <<= 1;
        buckets++;
    }
    return (buckets + 1) << l->half_magnitude;
}

static bool layout_from_header(const unsigned char *p, struct layout *l)
{
    uint64_t digits = get_be(p + 12, 4), lowest = get_be(p + 16, 8);
    uint64_t highest = get_be(p + 24, 8), single_unit = 2, m = 0;

    if (digits > 5 || lowest < 1 || highest / 2 < lowest || highest > INT64_MAX)
        return false;
    while (digits-- > 0)
        single_unit *= 10;
    while ((UINT64_C(1) << m) < single_unit)
        m++;
    l->unit_magnitude = (unsigned) (63 - __builtin_clzll(lowest));
    l->half_magnitude = m > 1 ? (unsigned) m - 1 : 0;
    if (l->half_magnitude + l->unit_magnitude + 1 >= 63) return false;
    l->counts_len = counts_len(l, highest);
    return true;
}

/* Bucket of hist for the midpoint of the source's counts index idx; false
 * (ERANGE) when idx is past the counts array the header sizes or its
 * values reach 2^63. Every step is in 64 bits: an index is never
 * truncated, no shift reaches 64 (issue 28). */
static bool place(const struct layout *l, uint64_t idx, size_t *out)
{
    uint64_t half   = UINT64_C(1) << l->half_magnitude;
    uint64_t bucket = idx >> l->half_magnitude, sub = idx & (half - 1);
    uint64_t shift;

    errno = ERANGE;
    if (idx >= l->counts_len) return false;
    if (bucket > 0) { /* bucket b >= 1 holds sub-buckets half..2*half-1 */
        bucket--;
        sub += half;
    }
    shift = bucket + l->unit_magnitude; /* bucket < counts_len < 2^63 */
    /* sub < 2^(half_magnitude + 1): sub << shift stays below 2^63 */
    if (shift + l->half_magnitude + 1 >= 64) return false;
    *out = hist_index((sub << shift) + ((UINT64_C(1) << shift) >> 1));
    return true;
}

/* Adds the payload's counts to tmp; false on corrupt data (errno EINVAL),
 * an index out of range or a total beyond HdrHistogram's int64 (ERANGE). */
static bool decode_counts(const unsigned char *p, size_t end,
                          const struct layout *l, struct hist *tmp)
{
    size_t pos   = INNER_HEADER, bucket;
    uint64_t idx = 0, total = 0;
    int64_t n;

    while (pos < end) {
        errno = EINVAL;
        if (!get_varint(p, end, &pos, &n)) return false;
        if (n < 0) {
            if (n == INT64_MIN || idx + (uint64_t) -n < idx) return false;
            idx += (uint64_t) -n;
            continue;
        }
        if (n > 0) {
            if ((uint64_t) n > (uint64_t) INT64_MAX - total) {
                errno = ERANGE;
                return false;
            }
            total += (uint64_t) n;
            if (!place(l, idx, &bucket) ||
                hist_add_bucket(tmp, bucket, (uint64_t) n) < 0)
                return false;
        }
        if (idx++ == UINT64_MAX) { /* the next index wraps */
            errno = ERANGE;
            return false;
        }
    }
    return true;
}

/* Checks the inner header and decodes into tmp; -1 with errno. */
static int decode_inner(const unsigned char *p, size_t n, struct hist *tmp)
{
    struct layout l;
    uint64_t payload_len;

    errno = EINVAL;
    if (n < INNER_HEADER ||
        (get_be(p, 4) & COOKIE_MASK) != (COOKIE_V2 & COOKIE_MASK) ||
        (get_be(p, 4) & 0xf0) != 0x10 || get_be(p + 8, 4) != 0 ||
        !layout_from_header(p, &l))
        return -1;
    payload_len = get_be(p + 4, 4);
    if (payload_len > n - INNER_HEADER) return -1;
    if (!decode_counts(p, INNER_HEADER + payload_len, &l, tmp))
        return errno == ENOMEM || errno == ERANGE ? -1 : (errno = EINVAL, -1);
    return 0;
}

int hdr_codec_decode_add(struct hist *dst, const char *b64, size_t len)
{
    size_t raw_len, inner_len;
    unsigned char *raw = b64_decode(b64, len, &raw_len), *inner = NULL;
    struct hist *tmp = NULL;
    int rc           = -1;

    if (raw == NULL) return -1;
    errno = EINVAL;
    if (raw_len < OUTER_HEADER ||
        (get_be(raw, 4) & COOKIE_MASK) !=
            (COOKIE_V2_COMPRESSED & COOKIE_MASK) ||
        get_be(raw + 4, 4) != raw_len - OUTER_HEADER)
        goto out;
    inner = inflate_all(raw + OUTER_HEADER, raw_len - OUTER_HEADER, &inner_len);
    if (inner == NULL || (tmp = hist_new()) == NULL) goto out;
    if (decode_inner(inner, inner_len, tmp) == 0) rc = hist_add(dst, tmp);
out:
    hist_free(tmp);
    free(inner);
    free(raw);
    return rc;
}
