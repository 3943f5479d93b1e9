/* SPDX-License-Identifier: MIT */
/* plot_internal.h: what the files of `bench plot` share: plot.c (the
 * command: arguments, documents, running gnuplot), plot_page.c (what every
 * chart's script holds: quoting, titles, the terminal, the frame and
 * legend), plot_time.c (the panels over time) and plot_latency.c (the
 * whole run's latency: spectrum, histogram). */
#ifndef BENCH_PLOT_INTERNAL_H
#define BENCH_PLOT_INTERNAL_H

#include <stdbool.h>
#include <stdio.h>

#include "result_read.h"

struct hist;

/* Where a partial run stopped: its dashed line, its mark and its status. */
#define STOP_COLOUR "\"#d62728\""

enum plot_kind { PLOT_TIME, PLOT_SPECTRUM, PLOT_HISTOGRAM };

/* One document drawn. */
struct plot_doc {
    struct result_doc doc;
    char label[96];   /* its file name without .json: the legend's */
    char desc[256];   /* workload, server, bench version: the title's */
    char status[192]; /* how a partial run ended ("interrupted by SIGINT at
                         3.5 s of 20 s"); "" for a complete one */
    char mark[96];    /* the same, short, beside its stop line */
    double end_s;     /* the run's length: where its time axis ends */
    bool partial;     /* run.status interrupted or failed: stopped at end_s */
    bool iv;          /* has intervals */
    bool cpu;         /* has client CPU figures */
    bool users;       /* ran --virtual-users */
};

/* The largest figures of the intervals drawn, for each axis's range:
 * gnuplot's autoscale warns on an all-zero or empty axis, so bench sets
 * every range itself. */
struct plot_max {
    double events, errors; /* per second */
    double lat_ms;         /* over every percentile drawn; 0: none timed */
    double threads;        /* threads or virtual users */
    double cpus;           /* client CPUs */
};

/* The plot areas' horizontal place, in screen fractions: the same for
 * every panel, so a second is at the same x on all of them; the legend
 * sits right of the plot area (and of its right axis), outside the data. */
struct plot_frame {
    double left, right; /* the plot area's edges */
    double key_x;       /* the legend's left edge */
    int title_max;      /* characters a legend title may have */
};

struct plot {
    const char *out;
    const char *script; /* --script: keep gnuplot's script there */
    bool script_only;   /* --script-only: write it, do not draw */
    bool svg;
    enum plot_kind kind;
    unsigned width, height; /* the image's: --size, else plot_terminal's */
    struct plot_doc *docs;
    int ndocs;
    struct plot_max max;
    struct plot_frame frame;
    struct hist *h; /* scratch record */
};

/* -- plot_page.c ------------------------------------------------------- */

/* s as a single-quoted gnuplot string (issue 28): nothing in it runs. */
void plot_gp_str(FILE *f, const char *s);
/* " title '...'": what, after document i's label when there are several,
 * the label cut so that the whole fits the frame's title_max
 * characters. */
void plot_series_title(FILE *f, const struct plot *p, int i, const char *what);
/* The page title, single-quoted: kind and each distinct description. */
void plot_page_title(FILE *f, const struct plot *p, const char *kind);
/* Under it, in red, how each partial run ended ("interrupted by SIGINT at
 * 3.5 s of 20 s"), so that a cut run never passes for a whole one: a
 * label of the plot that follows; nothing when every run completed. */
void plot_status(FILE *f, const struct plot *p);
/* The pixels above the first plot area for the page title (and status). */
double plot_top_px(const struct plot *p);
/* The terminal, output and settings every chart shares. Sets p->width and
 * p->height (w x h unless --size gave them) and p->frame, for legend
 * titles of what_chars characters after the label and y2_px pixels right
 * of the plot area for a right axis. */
void plot_terminal(FILE *f, struct plot *p, unsigned w, unsigned h,
                   int what_chars, int y2_px);
/* A plot area's margins (top and bottom in pixels from the image's top,
 * left and right the frame's) and the legend beside it. */
void plot_frame(FILE *f, const struct plot *p, double top_px, double bottom_px);
/* t without a last character cut short in its UTF-8 bytes (by a
 * snprintf that ran out of room or a precision). */
void plot_whole_chars(char *t);
/* t cut to max characters (max >= 3), its end "..." when cut: whole
 * UTF-8 characters only, a cut sequence would make the SVG unreadable. */
void plot_fit(char *t, int max);

/* -- plot_time.c, plot_latency.c --------------------------------------- */

int plot_write_time(FILE *f, struct plot *p);
int plot_write_spectrum(FILE *f, struct plot *p);
int plot_write_histogram(FILE *f, struct plot *p);

#endif
