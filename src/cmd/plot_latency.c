/* SPDX-License-Identifier: MIT */
/* plot_latency: `bench plot`'s charts of a run's whole latency record:
 * the percentile spectrum (HdrHistogram's 1/(1-p) axis) and the
 * histogram. */
#include <math.h>
#include <string.h>

#include "measure/hist.h"
#include "plot_internal.h"

/* Pixels: the plot area's title above it, the x tics and label below. */
#define TITLE_PX  6
#define BOTTOM_PX 52
#define Y2_PX     16 /* no right axis: the legend's gap */

/* The plot command: data block $<v>I of every document, in style. */
static void plot_docs(FILE *f, const struct plot *p, char v, const char *style,
                      const char *what)
{
    fputs("plot ", f);
    for (int i = 0; i < p->ndocs; i++) {
        fprintf(f, "%s$%c%d using 1:2 %s lc %d", i ? ", " : "", v, i, style,
                i + 1);
        plot_series_title(f, p, i, what);
    }
    fputs("\nunset multiplot\n", f);
}

static int load_totals(struct plot *p, int i)
{
    hist_reset(p->h);
    return result_hist_add(p->h,
                           result_get(p->docs[i].doc.root, "totals.latency"),
                           &p->docs[i].doc, "totals.latency", "plot");
}

/* The terminal and the one plot area's frame, under the page title (a
 * multiplot's, centred on the image however long) and the status of
 * partial runs. The plot command closes the multiplot. */
static void page(FILE *f, struct plot *p, const char *kind, const char *what)
{
    plot_terminal(f, p, 1000, 600, (int) strlen(what), Y2_PX);
    fputs("set multiplot title ", f);
    plot_page_title(f, p, kind);
    fputc('\n', f);
    plot_frame(f, p, plot_top_px(p) + TITLE_PX, p->height - BOTTOM_PX);
    plot_status(f, p);
}

/* $sI: x = 1/(1-p) at 20 points a decade up to the record's count (where
 * the rank reaches its last value), and the latency at p (ms). */
static int spectrum_data(FILE *f, struct plot *p, int i)
{
    uint64_t n;

    if (load_totals(p, i) != 0) return -1;
    n = hist_count(p->h);
    fprintf(f, "$s%d << EOD\n", i);
    for (int k = 0; n > 0; k++) {
        double x = pow(10, k / 20.0), pct = 100 * (1 - 1 / x);
        if (x > (double) n) x = (double) n, pct = 100;
        fprintf(f, "%.6g %g\n", x,
                (double) hist_percentile_ns(p->h, pct) / 1e6);
        if (pct >= 100) break;
    }
    fputs("EOD\n", f);
    return 0;
}

int plot_write_spectrum(FILE *f, struct plot *p)
{
    for (int i = 0; i < p->ndocs; i++)
        if (spectrum_data(f, p, i) != 0) return -1;
    page(f, p, "Latency by percentile", "latency");
    fputs("set logscale x\nset xlabel \"percentile\"\n"
          "set ylabel \"latency (ms)\"\nset yrange [0:*]\n"
          "set xtics (\"0%%\" 1, \"90%%\" 10, \"99%%\" 100, "
          "\"99.9%%\" 1000, \"99.99%%\" 1e4, \"99.999%%\" 1e5, "
          "\"99.9999%%\" 1e6, \"99.99999%%\" 1e7)\n",
          f);
    plot_docs(f, p, 's', "with lines lw 2", "latency");
    return 0;
}

#define HIST_BINS 80

/* The range of every document's record, in ns (lo >= 1). */
static int hist_range(struct plot *p, double *lo, double *hi)
{
    *lo = INFINITY;
    *hi = 0;
    for (int i = 0; i < p->ndocs; i++) {
        if (load_totals(p, i) != 0) return -1;
        if (hist_count(p->h) == 0) continue;
        *lo = fmin(*lo, (double) hist_min_ns(p->h));
        *hi = fmax(*hi, (double) hist_max_ns(p->h));
    }
    if (!(*lo < INFINITY)) *lo = *hi = 1;
    *lo = fmax(*lo * 0.98, 1);
    *hi = fmax(*hi * 1.02, *lo * 2);
    return 0;
}

/* $hI: each bin's geometric centre (ms) and its share of events (%). */
static int histogram_data(FILE *f, struct plot *p, int i, double lo, double hi)
{
    uint64_t bounds[HIST_BINS + 1], le[HIST_BINS + 1], total;

    if (load_totals(p, i) != 0) return -1;
    for (int b = 0; b <= HIST_BINS; b++)
        bounds[b] = (uint64_t) (lo * pow(hi / lo, (double) b / HIST_BINS));
    hist_count_le(p->h, bounds, HIST_BINS + 1, le);
    total = le[HIST_BINS] ? le[HIST_BINS] : 1;
    fprintf(f, "$h%d << EOD\n", i);
    for (int b = 1; b <= HIST_BINS; b++)
        fprintf(f, "%g %g\n", sqrt((double) bounds[b - 1] * bounds[b]) / 1e6,
                100.0 * (double) (le[b] - le[b - 1]) / (double) total);
    fputs("EOD\n", f);
    return 0;
}

int plot_write_histogram(FILE *f, struct plot *p)
{
    double lo, hi;

    if (hist_range(p, &lo, &hi) != 0) return -1;
    for (int i = 0; i < p->ndocs; i++)
        if (histogram_data(f, p, i, lo, hi) != 0) return -1;
    page(f, p, "Latency distribution", "events");
    fputs("set logscale x\nset xlabel \"latency (ms)\"\n"
          "set ylabel \"events (%)\"\nset yrange [0:*]\n",
          f);
    plot_docs(f, p, 'h', "with histeps lw 2", "events");
    return 0;
}
