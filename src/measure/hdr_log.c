/* SPDX-License-Identifier: MIT */
/* hdr_log.c: see hdr_log.h. The header lines follow HdrHistogram's
 * HistogramLogWriter (outputComment, outputLogFormatVersion,
 * outputStartTime, outputBaseTime, outputLegend) in that order. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* gmtime_r */
#endif

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hdr_codec.h"
#include "hdr_log.h"
#include "hist.h"

struct hdr_log {
    FILE *f;
    int err; /* first errno of a failed write, 0 if none */
};

struct hdr_log *hdr_log_open(const char *path)
{
    struct hdr_log *l = calloc(1, sizeof(*l));

    if (l == NULL) return NULL;
    if ((l->f = fopen(path, "w")) == NULL) {
        free(l);
        return NULL;
    }
    return l;
}

/* Keeps the first error; returns rc. */
static int check(struct hdr_log *l, int rc)
{
    if (rc < 0 && l->err == 0) l->err = errno ? errno : EIO;
    return rc < 0 ? -1 : 0;
}

int hdr_log_begin(struct hdr_log *l, const char *what, double start_epoch_s)
{
    time_t secs = (time_t) start_epoch_s;
    struct tm tm;
    char date[64] = "";

    /* Java's Date.toString() form, in UTC: "Thu Nov 26 00:40:01 UTC 2026" */
    if (gmtime_r(&secs, &tm))
        strftime(date, sizeof(date), "%a %b %d %H:%M:%S UTC %Y", &tm);
    errno = 0;
    return check(
        l, fprintf(l->f,
                   "#[%s]\n"
                   "#[Histogram log format version 1.3]\n"
                   "#[StartTime: %.3f (seconds since epoch), %s]\n"
                   "#[BaseTime: %.3f (seconds since epoch)]\n"
                   "\"StartTimestamp\",\"Interval_Length\",\"Interval_Max\","
                   "\"Interval_Compressed_Histogram\"\n",
                   what, start_epoch_s, date, start_epoch_s));
}

/* Tags end at ',' and lines at '\n', and HdrHistogram's Java reader splits
 * lines on spaces too: none of them in a tag ("point select" is
 * "point_select"). */
static void clean_tag(char *out, size_t size, const char *tag)
{
    size_t i;

    for (i = 0; tag[i] != '\0' && i + 1 < size; i++) {
        unsigned char c = (unsigned char) tag[i];
        out[i]          = c == ',' || c <= ' ' || c == 0x7f ? '_' : (char) c;
    }
    out[i] = '\0';
}

int hdr_log_write(struct hdr_log *l, const char *tag, double start_s,
                  double length_s, const struct hist *h)
{
    char *text = hdr_codec_encode(h);
    char name[128];
    int rc;

    if (text == NULL) return check(l, -1);
    clean_tag(name, sizeof(name), tag);
    errno = 0;
    /* Interval_Max: HdrHistogram logs its max (the bucket's highest value)
     * over a unit ratio of 10^6; the bucket midpoint is within 0.05%. */
    rc = fprintf(l->f, "Tag=%s,%.3f,%.3f,%.3f,%s\n", name, start_s, length_s,
                 (double) hist_max_ns(h) / 1e6, text);
    free(text);
    return check(l, rc);
}

int hdr_log_close(struct hdr_log *l)
{
    int err;

    if (l == NULL) return 0;
    errno = 0;
    check(l, fclose(l->f) == 0 ? 0 : -1);
    err = l->err;
    free(l);
    if (err != 0) {
        errno = err;
        return -1;
    }
    return 0;
}
