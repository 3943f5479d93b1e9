/* SPDX-License-Identifier: MIT */
/* plot_time: `bench plot`'s chart over time, three panels on one time
 * axis: throughput and errors, latency percentiles per interval, threads
 * and client CPU. Each panel's axes are its own: a panel begins by undoing
 * every axis setting of the one before (issue 29: panel 3's right axis
 * kept panel 1's errors/s range and drew the client CPUs flat), and every
 * panel has the same margins and time range, so that a second is at the
 * same x on all three. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "measure/hist.h"
#include "plot_internal.h"

/* Pixels: a panel's title above its plot area and its x tics and label
 * below; the right axis's tics and label. */
#define PANEL_TITLE_PX 26
#define PANEL_AXIS_PX  48
#define Y2_PX          80

/* Undoes whatever the panel before set on its axes and labels (and what
 * the one before that did, so each panel reads alone in the script). The
 * tics' format is %g: gnuplot's default gives a log axis down to 1e-5 ms
 * labels like "1000.000000", wider than the margin. */
static const char panel_reset[] =
    "unset label\nunset arrow\nunset logscale\nunset xlabel\nunset ylabel\n"
    "unset y2label\nunset y2tics\nset ytics mirror autofreq\n"
    "set format y \"%g\"\nset format y2 \"%g\"\nset autoscale\n"
    "set offsets 0, 0, 0, 0\n";

static double ms_or_nan(uint64_t ns) /* NaN: gnuplot leaves it out */
{
    return ns ? (double) ns / 1e6 : NAN;
}

/* An axis's top: x and a fifth more (the top of panel 1 is left to the
 * stop marks), up to a round number; lo when x is 0 or not a number. */
static double top_of(double x, double lo)
{
    static const double steps[] = {1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10};
    double d, m;

    x = fmin(x * 1.25, 1e300);
    if (!(x > lo)) return lo;
    d = pow(10, floor(log10(x)));
    m = x / d;
    for (size_t i = 0; i < sizeof(steps) / sizeof(steps[0]); i++)
        if (m <= steps[i] * (1 + 1e-9)) return steps[i] * d;
    return 10 * d;
}

/* -- Data ------------------------------------------------------------ */

/* The --virtual-users of a document's run, else NaN. */
static double users_of(json_t *root)
{
    const char *vu = result_str(root, "options.virtual-users");
    double n       = vu ? atof(vu) : NAN;

    return n > 0 && isfinite(n) ? n : NAN;
}

/* One row of $tI, from interval iv whose record is in p->h: time, events/s,
 * errors/s, p50, p95, p99, max (ms), threads, client CPUs (the interval's,
 * else the run's average cpus, else NaN), virtual users (else NaN). The
 * time is the interval's true end, the rates over its true length: the
 * last interval, cut short by the end of the run, is drawn as it is. */
static void interval_row(struct plot *p, json_t *iv, double cpus, double users,
                         double *v)
{
    struct plot_max *m = &p->max;

    v[0]       = result_num(iv, "time_s", 0);
    v[1]       = result_num(iv, "events_per_s", 0);
    v[2]       = result_num(iv, "errors_per_s", 0);
    v[3]       = ms_or_nan(hist_percentile_ns(p->h, 50));
    v[4]       = ms_or_nan(hist_percentile_ns(p->h, 95));
    v[5]       = ms_or_nan(hist_percentile_ns(p->h, 99));
    v[6]       = ms_or_nan(hist_max_ns(p->h));
    v[7]       = result_num(iv, "threads", NAN);
    v[8]       = result_num(iv, "client_cpus", cpus);
    v[9]       = users;
    m->events  = fmax(m->events, v[1]);
    m->errors  = fmax(m->errors, v[2]);
    m->threads = fmax(m->threads, fmax(v[7], v[9]));
    m->cpus    = fmax(m->cpus, v[8]);
    for (int c = 3; c <= 6; c++)
        m->lat_ms = fmax(m->lat_ms, v[c]);
}

static int time_data(FILE *f, struct plot *p, int i)
{
    struct plot_doc *d = &p->docs[i];
    json_t *r          = d->doc.root, *iv;
    double cpus = result_num(r, "self_check.cpus", NAN), users = users_of(r);
    size_t k;

    fprintf(f, "$t%d << EOD\n", i);
    json_array_foreach(result_get(r, "intervals"), k, iv)
    {
        char where[48];
        double v[10];
        hist_reset(p->h);
        snprintf(where, sizeof(where), "intervals[%zu].latency", k);
        if (result_hist_add(p->h, result_get(iv, "latency"), &d->doc, where,
                            "plot") != 0)
            return -1;
        interval_row(p, iv, cpus, users, v);
        d->cpu |= isfinite(v[8]);
        fprintf(f, "%.9g %g %g %g %g %g %g %g %g %g\n", v[0], v[1], v[2], v[3],
                v[4], v[5], v[6], v[7], v[8], v[9]);
    }
    fputs("EOD\n", f);
    d->iv    = k > 0;
    d->users = isfinite(users);
    if (k == 0)
        fprintf(stderr,
                "plot: %s has no intervals: run with "
                "--report-interval for a chart over time\n",
                d->doc.path);
    return 0;
}

/* $wI: threads and virtual users as steps, each interval's value held
 * from its start (the previous one's end) to its end, two rows an
 * interval: the first starts at 0 and the last ends where the run did. */
static void steps_data(FILE *f, const struct plot *p, int i)
{
    json_t *r   = p->docs[i].doc.root, *iv;
    double prev = 0, users = users_of(r);
    size_t k;

    fprintf(f, "$w%d << EOD\n", i);
    json_array_foreach(result_get(r, "intervals"), k, iv)
    {
        double end = result_num(iv, "time_s", 0);
        double thr = result_num(iv, "threads", NAN);
        fprintf(f, "%.9g %g %g\n%.9g %g %g\n", prev, thr, users, end, thr,
                users);
        prev = end;
    }
    fputs("EOD\n", f);
}

/* -- Panels ---------------------------------------------------------- */

enum series_need { EVERY, CPU, USERS };

struct series {
    char block; /* data block: $t (per interval) or $w (steps) */
    int col;
    const char *title, *style;
    enum series_need need; /* drawn only for documents with the figures */
};

/* One plot command: each series of every document that has its figures,
 * in the document's colour. */
static void plot_series(FILE *f, const struct plot *p, const struct series *s,
                        int n)
{
    bool first = true;

    fputs("plot ", f);
    for (int i = 0; i < p->ndocs; i++)
        for (int c = 0; c < n; c++) {
            const struct plot_doc *d = &p->docs[i];
            if (!d->iv || (s[c].need == CPU && !d->cpu) ||
                (s[c].need == USERS && !d->users))
                continue;
            fprintf(f, "%s$%c%d using 1:%d %s lc %d", first ? "" : ", ",
                    s[c].block, i, s[c].col, s[c].style, i + 1);
            plot_series_title(f, p, i, s[c].title);
            first = false;
        }
    fputc('\n', f);
}

/* Each partial run's stop: a dashed line at its end in every panel and,
 * with mark, its mark beside it: left of the line in the right half of
 * the panel, right of it in the left half, so that it stays on the page;
 * near the top, which the panels keep free of data (top_of). */
static void stops(FILE *f, const struct plot *p, bool mark, double xmax)
{
    int k = 0;

    for (int i = 0; i < p->ndocs; i++) {
        const struct plot_doc *d = &p->docs[i];
        bool right               = d->end_s > xmax / 2;
        char t[160];

        if (!d->partial || !d->iv) continue;
        fprintf(f,
                "set arrow from %.9g, graph 0 to %.9g, graph 1 nohead dt 2 "
                "lw 2 lc rgb " STOP_COLOUR " front\n",
                d->end_s, d->end_s);
        if (!mark) continue;
        snprintf(t, sizeof(t), "%s", p->ndocs > 1 ? d->label : "");
        plot_fit(t, 24);
        snprintf(t + strlen(t), sizeof(t) - strlen(t), "%s%s",
                 p->ndocs > 1 ? ": " : "", d->mark);
        fputs("set label ", f);
        plot_gp_str(f, t);
        fprintf(f,
                " at %.9g, graph %.2f %s offset %s0.8, 0 tc rgb " STOP_COLOUR
                " front boxed\n",
                d->end_s, 0.92 - 0.07 * (k++ % 3), right ? "right" : "left",
                right ? "-" : "");
    }
}

static void panel_begin(FILE *f, const struct plot *p, int k, const char *title,
                        double xmax)
{
    double slot = (p->height - plot_top_px(p) - 4) / 3.0;
    double top  = plot_top_px(p) + k * slot;

    fprintf(f, "# -- panel %d: %s\n%s", k + 1, title, panel_reset);
    /* a small --size shrinks the room around the plot area with it */
    plot_frame(f, p, top + fmin(PANEL_TITLE_PX, 0.15 * slot),
               top + slot - fmin(PANEL_AXIS_PX, 0.3 * slot));
    /* one time axis: its label under the last panel only */
    fprintf(f, "set xrange [0:%.9g]\n%sset title \"%s\"\n", xmax,
            k == 2 ? "set xlabel \"time (s)\"\n" : "", title);
    stops(f, p, k == 0, xmax);
    if (k == 0) plot_status(f, p);
}

static void panels(FILE *f, const struct plot *p, double xmax, bool cpu,
                   bool users)
{
    static const struct series
        s1[] = {{'t', 2, "events/s", "with linespoints pt 7 ps 0.5 lw 2",
                 EVERY},
                {'t', 3, "errors/s",
                 "axes x1y2 with linespoints pt 1 ps 0.6 dt 2", EVERY}},
        s2[] = {{'t', 4, "p50", "with linespoints pt 7 ps 0.4 lw 2", EVERY},
                {'t', 5, "p95", "with linespoints pt 7 ps 0.3 dt 2", EVERY},
                {'t', 6, "p99", "with linespoints pt 7 ps 0.3 dt 3", EVERY},
                {'t', 7, "max", "with linespoints pt 7 ps 0.3 dt 4", EVERY}},
        s3[] = {{'w', 2, "threads", "with lines lw 2", EVERY},
                {'w', 3, "virtual users", "with lines lw 2 dt 3", USERS},
                {'t', 9, "client CPUs",
                 "axes x1y2 with linespoints pt 6 ps 0.6 dt 2", CPU}};
    double threads = top_of(p->max.threads, 2);

    panel_begin(f, p, 0, "Throughput and errors", xmax);
    fprintf(f,
            "set ylabel \"events/s\"\nset yrange [0:%g]\nset ytics nomirror\n"
            "set y2label \"errors/s\"\nset y2range [0:%g]\nset y2tics\n",
            top_of(p->max.events, 1), top_of(p->max.errors, 1));
    plot_series(f, p, s1, 2);
    panel_begin(f, p, 1, "Latency per interval", xmax);
    /* log axes autoscale to whole decades; fixed when nothing was timed */
    fprintf(f,
            "set ylabel \"latency (ms)\"\nset logscale y\n"
            "set yrange %s\nset y2range [*:*]\n",
            p->max.lat_ms > 0 ? "[*:*]" : "[0.1:10]");
    plot_series(f, p, s2, 4);
    panel_begin(f, p, 2, "Threads and client CPU", xmax);
    fprintf(f, "set ylabel \"%s\"\nset yrange [0:%g]\n",
            users ? "threads, users" : "threads", threads);
    if (threads <= 10) fputs("set ytics 1\n", f);
    if (cpu)
        fprintf(f,
                "set ytics nomirror\nset y2label \"client CPUs\"\n"
                "set y2range [0:%g]\nset y2tics\n",
                top_of(p->max.cpus, 0.1));
    else
        fputs("set y2range [*:*]\n", f);
    plot_series(f, p, s3, 3);
}

int plot_write_time(FILE *f, struct plot *p)
{
    bool any = false, cpu = false, users = false;
    double xmax = 0;

    memset(&p->max, 0, sizeof(p->max));
    for (int i = 0; i < p->ndocs; i++) {
        if (time_data(f, p, i) != 0) return -1;
        if (!p->docs[i].iv) continue;
        steps_data(f, p, i);
        any = true;
        cpu |= p->docs[i].cpu;
        users |= p->docs[i].users;
        xmax = fmax(xmax, p->docs[i].end_s);
    }
    if (!any) {
        fprintf(stderr, "plot: nothing to draw over time; --kind=spectrum "
                        "and --kind=histogram need no intervals\n");
        return -1;
    }
    /* the legend as wide as its longest series name */
    plot_terminal(f, p, 1000, 1100,
                  (int) strlen(users ? "virtual users"
                               : cpu ? "client CPUs"
                                     : "events/s"),
                  Y2_PX);
    fputs("set multiplot title ", f);
    plot_page_title(f, p, "Over time");
    fputc('\n', f);
    panels(f, p, xmax > 0 ? xmax : 1, cpu, users);
    fputs("unset multiplot\n", f);
    return 0;
}
