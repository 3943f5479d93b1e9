/* SPDX-License-Identifier: MIT */
/* hdr_log.h: HdrHistogram's interval log (format 1.3), as its Java
 * HistogramLogWriter writes it and its log processors and plotters read it:
 * header comments, a legend, then one "Tag=<tag>,<start>,<length>,<max>,
 * <V2 compressed base64 histogram>" line per interval and tag
 * (docs/results.md). Values are ns; the max column is in ms (HdrHistogram's
 * default ratio of 10^6).
 *
 * Conventions: NULL / -1 with errno on failure, nothing printed: the
 * caller says "hdr-log: create|write FILE: cause" (the option's name, not
 * the --results document's). One writer, one thread at a time (the
 * reporter, then the main thread after it stopped). */
#ifndef BENCH_HDR_LOG_H
#define BENCH_HDR_LOG_H

#include <stdio.h>

struct hist;
struct hdr_log;

/* Creates (truncates) the log at `path`. Nothing is written until
 * hdr_log_begin. NULL with errno from fopen, or ENOMEM. */
struct hdr_log *hdr_log_open(const char *path);

/* Writes the header: a comment naming what is logged (`what`, one line),
 * the format version, StartTime and BaseTime (both `start_epoch_s`, so the
 * lines' timestamps are seconds since it) and the legend. Once, before the
 * first line. 0 ok, -1 with errno (write error). */
int hdr_log_begin(struct hdr_log *l, const char *what, double start_epoch_s);

/* One line: interval [start_s, start_s + length_s) of tag `tag` (',',
 * spaces and control characters become '_'), with h's
 * buckets (h quiescent, as hdr_codec_encode). 0 ok, -1 with errno (ENOMEM,
 * EOVERFLOW from the encoder, a write error). */
int hdr_log_write(struct hdr_log *l, const char *tag, double start_s,
                  double length_s, const struct hist *h);

/* Flushes and closes; 0 ok, -1 with errno when a write failed at any
 * point. Accepts NULL (returns 0). */
int hdr_log_close(struct hdr_log *l);

#endif
