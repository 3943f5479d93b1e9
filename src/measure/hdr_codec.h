/* SPDX-License-Identifier: MIT */
/* hdr_codec.h: a latency record (struct hist) in HdrHistogram's V2
 * compressed encoding, as base64 text, both ways; the form the result
 * document and the interval log carry (docs/results.md).
 *
 * The layout is hist.h's exactly: an HdrHistogram with lowest discernible
 * value 1 (ns), 3 significant digits and highest trackable value INT64_MAX
 * has 2048 unit buckets then 1024 per octave, and its counts index of a
 * value is hist_index() of it. Encoding therefore loses nothing; decoding
 * a blob of that layout restores every bucket count. Blobs of any other
 * layout (other digits, lowest value) are accepted too: each of their
 * buckets lands, whole, in the bucket of its midpoint.
 *
 * Conventions: functions returning a pointer give NULL with errno set,
 * int functions 0 on success and -1 with errno set. No global state; any
 * thread. */
#ifndef BENCH_HDR_CODEC_H
#define BENCH_HDR_CODEC_H

#include <stddef.h>
#include <stdint.h>

struct hist;

/* The header fields every encoding bench writes carries. */
#define HDR_CODEC_LOWEST  1
#define HDR_CODEC_HIGHEST INT64_MAX
#define HDR_CODEC_DIGITS  3

/* Encodes h's bucket counts as the base64 text of a V2 compressed
 * histogram (zlib at its default level, as HdrHistogram_c and hdrh).
 * h must be quiescent and hold no pending values (a copy filled by
 * hist_add/hist_copy, or a hist_new() one). Returns a malloc'd
 * NUL-terminated string (caller frees); NULL with ENOMEM, or EOVERFLOW if
 * h holds a value >= 2^63 ns or a count > INT64_MAX, which the format
 * cannot carry. Values counted as unrecorded are in no bucket and not
 * encoded. */
char *hdr_codec_encode(const struct hist *h);

/* Decodes len bytes of base64 text b64 (no whitespace) holding a V2
 * compressed histogram and adds its counts to dst (count grows by the
 * decoded total, sum_ns by the buckets' midpoints: the encoding has no
 * sum). 0 ok; -1 with EINVAL (not base64, wrong cookie, corrupt or
 * truncated data, a layout bench cannot place, a nonzero normalizing
 * offset), ERANGE (a counts index past the array the header's layout
 * sizes, or a total count above INT64_MAX) or ENOMEM; dst is unchanged on
 * failure. dst may not be in use by another thread. */
int hdr_codec_decode_add(struct hist *dst, const char *b64, size_t len);

#endif
