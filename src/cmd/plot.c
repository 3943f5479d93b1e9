/* SPDX-License-Identifier: MIT */
/* plot: see plot.h. bench computes every number (percentiles from each
 * interval's latency record, the spectrum, the histogram's bins) and hands
 * gnuplot a script with the data inline ($name << EOD blocks): gnuplot only
 * draws, so the figures are the ones the reports and the result document
 * hold (same record, same percentile rule). */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gnuplot.h"
#include "measure/hist.h"
#include "plot.h"
#include "result_read.h"

enum plot_kind { PLOT_TIME, PLOT_SPECTRUM, PLOT_HISTOGRAM };

struct plot {
    const char *out;
    const char *script; /* --script: keep gnuplot's script there */
    bool svg;
    enum plot_kind kind;
    unsigned width, height; /* 0: the kind's default */
    struct result_doc *docs;
    int ndocs;
    char (*label)[96]; /* per doc: its file name, for the legend */
    char (*desc)[256]; /* per doc: workload, server, bench version */
    bool *cpu;         /* per doc: has client CPU figures */
    bool *iv;          /* per doc: has intervals */
    bool *users;       /* per doc: ran --virtual-users */
    double max_err;    /* highest errors/s of any interval */
    struct hist *h;    /* scratch record */
};

/* -- Arguments ------------------------------------------------------ */

static int usage(bool help)
{
    fprintf(help ? stdout : stderr,
            "Usage:\n  bench plot RESULT.json... -o FILE.png|FILE.svg "
            "[--kind=time|spectrum|histogram] [--size=WxH]\n\n"
            "Charts of result documents (--results=FILE.json), drawn by "
            "gnuplot.\n"
            "  --kind=time       throughput and errors, latency "
            "percentiles, threads and\n"
            "                    client CPU over time (default; needs "
            "--report-interval)\n"
            "  --kind=spectrum   latency by percentile, on a 1/(1-p) axis\n"
            "  --kind=histogram  the latency distribution\n"
            "  --size=WxH        image size in pixels (default 1000x1100 "
            "over time, else\n"
            "                    1000x600)\n"
            "  --script=FILE     keep the gnuplot script (data inline) in "
            "FILE\n"
            "Several documents are overlaid, with a legend.\n");
    return help ? 0 : 1;
}

static int parse_kind(const char *v, enum plot_kind *k)
{
    static const char *const names[] = {"time", "spectrum", "histogram"};

    for (int i = 0; i < 3; i++)
        if (strcmp(v, names[i]) == 0) {
            *k = (enum plot_kind) i;
            return 0;
        }
    fprintf(stderr,
            "plot: invalid --kind '%s' (time, spectrum or "
            "histogram)\n",
            v);
    return -1;
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n > k && strcasecmp(s + n - k, suffix) == 0;
}

/* 0: go on; 1: error (said); 2: --help shown. */
static int parse_args(int argc, char **argv, struct plot *p)
{
    static const struct option longopts[] = {
        {"output", required_argument, NULL, 'o'},
        {"kind", required_argument, NULL, 'k'},
        {"size", required_argument, NULL, 's'},
        {"script", required_argument, NULL, 'g'},
        {"help", no_argument, NULL, 'h'},
        {0, 0, 0, 0}};
    int c;

    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "o:", longopts, NULL)) != -1) {
        if (c == 'o')
            p->out = optarg;
        else if (c == 'g')
            p->script = optarg;
        else if (c == 'k' && parse_kind(optarg, &p->kind) != 0)
            return 1;
        else if (c == 's' &&
                 (sscanf(optarg, "%ux%u", &p->width, &p->height) != 2 ||
                  p->width < 200 || p->height < 200 || p->width > 10000 ||
                  p->height > 10000)) {
            fprintf(stderr,
                    "plot: invalid --size '%s' (WIDTHxHEIGHT in "
                    "pixels, 200 to 10000)\n",
                    optarg);
            return 1;
        } else if (c == 'h')
            return usage(true) == 0 ? 2 : 1;
        else if (c == '?') {
            fprintf(stderr, "plot: unknown option %s\n", argv[optind - 1]);
            return usage(false);
        }
    }
    if (!p->out || optind >= argc) return usage(false);
    p->svg = ends_with(p->out, ".svg");
    if (!p->svg && !ends_with(p->out, ".png")) {
        fprintf(stderr,
                "plot: -o %s: the file name must end in .png or "
                ".svg\n",
                p->out);
        return 1;
    }
    return 0;
}

/* -- gnuplot -------------------------------------------------------- */

/* Text gnuplot never runs (strings come from whoever sent the file): no
 * `command`, @macro or escape is expanded in single quotes; a quote is
 * doubled, a control character (a newline ends a command) is a space. */
static void gp_str(FILE *f, const char *s)
{
    fputc('\'', f);
    for (; s && *s; s++) {
        if (*s == '\'') fputc('\'', f);
        fputc((unsigned char) *s < 0x20 || *s == 0x7f ? ' ' : *s, f);
    }
    fputc('\'', f);
}

/* A series title: the bare name for one document, else "file: name". */
static void gp_title(FILE *f, const struct plot *p, int i, const char *what)
{
    char t[160];

    snprintf(t, sizeof(t), "%s%s%s", p->ndocs > 1 ? p->label[i] : "",
             p->ndocs > 1 ? ": " : "", what);
    fputs(" title ", f);
    gp_str(f, t);
}

/* -- Titles --------------------------------------------------------- */

static void describe(struct plot *p, int i)
{
    json_t *r        = p->docs[i].root;
    const char *test = result_str(r, "test"), *drv = NULL, *srv = NULL;
    const char *base = strrchr(p->docs[i].path, '/');
    size_t n;

    drv = result_str(r, "database.driver");
    srv = result_str(r, "database.server_version");
    snprintf(p->desc[i], sizeof(p->desc[i]), "%s%s%s%s%s, bench %s",
             test ? test : "(stdin)", drv ? " on " : "", drv ? drv : "",
             srv ? " " : "", srv ? srv : "",
             result_str(r, "bench.version") ? result_str(r, "bench.version")
                                            : "?");
    base = base ? base + 1 : p->docs[i].path;
    n    = strlen(base);
    if (ends_with(base, ".json")) n -= 5;
    snprintf(p->label[i], sizeof(p->label[i]), "%.*s", (int) n, base);
}

/* The page title: the kind, then each distinct description. */
static void page_title(FILE *f, const struct plot *p, const char *kind)
{
    char t[1024];
    size_t n = (size_t) snprintf(t, sizeof(t), "%s: ", kind);

    for (int i = 0; i < p->ndocs && n < sizeof(t); i++) {
        bool seen = false;
        for (int j = 0; j < i; j++)
            seen |= strcmp(p->desc[i], p->desc[j]) == 0;
        if (!seen)
            n += (size_t) snprintf(t + n, sizeof(t) - n, "%s%s",
                                   i ? " vs " : "", p->desc[i]);
    }
    gp_str(f, t);
}

static void terminal(FILE *f, const struct plot *p, unsigned w, unsigned h)
{
    if (p->width) w = p->width, h = p->height;
    if (p->svg)
        fprintf(f,
                "set terminal svg size %u,%u dynamic noenhanced "
                "font \"sans,11\" background \"white\"\n",
                w, h);
    else
        fprintf(f,
                "set terminal pngcairo size %u,%u noenhanced "
                "font \"sans,10\" background \"white\"\n",
                w, h);
    fputs("set output ", f);
    gp_str(f, p->out);
    fputs("\nset datafile missing \"NaN\"\nset grid\n"
          "set key top left opaque box\n",
          f);
}

/* -- Over time ------------------------------------------------------ */

static double ms_or_nan(uint64_t ns) /* NaN: gnuplot leaves it out */
{
    return ns ? (double) ns / 1e6 : NAN;
}

/* $tI: time, events/s, errors/s, p50, p95, p99, max (ms), threads, client
 * CPUs (the interval's when the document has it, else the run's average,
 * else NaN), virtual users (--virtual-users, else NaN). */
static int time_data(FILE *f, struct plot *p, int i)
{
    json_t *r       = p->docs[i].root, *iv;
    double run_cpus = result_num(r, "self_check.cpus", NAN);
    const char *vu  = result_str(r, "options.virtual-users");
    double users    = vu && atof(vu) > 0 ? atof(vu) : NAN;
    size_t k;

    fprintf(f, "$t%d << EOD\n", i);
    json_array_foreach(result_get(r, "intervals"), k, iv)
    {
        char where[48];
        hist_reset(p->h);
        snprintf(where, sizeof(where), "intervals[%zu].latency", k);
        if (result_hist_add(p->h, result_get(iv, "latency"), &p->docs[i], where,
                            "plot") != 0)
            return -1;
        double cpus = result_num(iv, "client_cpus", run_cpus);
        p->cpu[i] |= isfinite(cpus);
        p->max_err = fmax(p->max_err, result_num(iv, "errors_per_s", 0));
        fprintf(f, "%g %g %g %g %g %g %g %g %g %g\n",
                result_num(iv, "time_s", 0), result_num(iv, "events_per_s", 0),
                result_num(iv, "errors_per_s", 0),
                ms_or_nan(hist_percentile_ns(p->h, 50)),
                ms_or_nan(hist_percentile_ns(p->h, 95)),
                ms_or_nan(hist_percentile_ns(p->h, 99)),
                ms_or_nan(hist_max_ns(p->h)), result_num(iv, "threads", NAN),
                cpus, users);
    }
    fputs("EOD\n", f);
    p->iv[i]    = k > 0;
    p->users[i] = isfinite(users);
    if (k == 0)
        fprintf(stderr,
                "plot: %s has no intervals: run with "
                "--report-interval for a chart over time\n",
                p->docs[i].path);
    return 0;
}

/* One plot command: for every document, each (column, title, style);
 * columns 9 (client CPUs) and 10 (virtual users) only where the document
 * has figures for them. */
static void plot_cols(FILE *f, const struct plot *p, const int *cols,
                      const char *const *titles, const char *const *styles,
                      int n)
{
    bool first = true;

    fputs("plot ", f);
    for (int i = 0; i < p->ndocs; i++)
        for (int c = 0; c < n; c++) {
            if (!p->iv[i] || (cols[c] == 9 && !p->cpu[i]) ||
                (cols[c] == 10 && !p->users[i]))
                continue;
            fprintf(f, "%s$t%d using 1:%d %s lc %d", first ? "" : ", ", i,
                    cols[c], styles[c], i + 1);
            gp_title(f, p, i, titles[c]);
            first = false;
        }
    fputc('\n', f);
}

static void time_panels(FILE *f, const struct plot *p)
{
    static const int c1[] = {2, 3}, c2[] = {4, 5, 6, 7}, c3[] = {8, 10, 9};
    static const char *const t1[]  = {"events/s", "errors/s"},
                             *t2[] = {"p50", "p95", "p99", "max"},
                             *t3[] = {"threads", "virtual users",
                                      "client CPUs"};
    static const char *const s1[]  = {"with linespoints pt 7 ps 0.4 lw 2",
                                      "axes x1y2 with lines dt 2"},
                             *s2[] = {"with lines lw 2", "with lines dt 2",
                                      "with lines dt 3", "with lines dt 4"},
                             *s3[] = {"with steps lw 2", "with steps dt 3",
                                      "axes x1y2 with lines dt 2"};

    /* gnuplot's autoscale warns on an all-zero axis: errors/s get a
     * fixed range, at least 0..1. */
    fprintf(f, "set y2range [0:%g]\n", fmax(1, p->max_err * 1.1));
    fputs("set xlabel \"time (s)\"\nset xrange [0:*]\nset ytics nomirror\n"
          "set y2tics\nset yrange [0:1<*]\nset offsets 0, 0, graph 0.2, 0\n"
          "set title \"Throughput and errors\"\n"
          "set ylabel \"events/s\"\nset y2label \"errors/s\"\n",
          f);
    plot_cols(f, p, c1, t1, s1, 2);
    fputs("unset y2tics\nunset y2label\nset yrange [*:*]\nset offsets\n"
          "set logscale y\nset title \"Latency per interval\"\n"
          "set ylabel \"ms\"\n",
          f);
    plot_cols(f, p, c2, t2, s2, 4);
    bool cpu = false;
    for (int i = 0; i < p->ndocs; i++)
        cpu |= p->cpu[i];
    fputs("unset logscale y\nset yrange [0:1<*]\n"
          "set offsets 0, 0, graph 0.2, 0\n"
          "set title \"Threads and client CPU\"\n"
          "set ylabel \"threads, users\"\n",
          f);
    if (cpu) fputs("set y2tics\nset y2label \"CPUs\"\n", f);
    plot_cols(f, p, c3, t3, s3, 3);
}

static int write_time(FILE *f, struct plot *p)
{
    bool any = false;

    for (int i = 0; i < p->ndocs; i++) {
        if (time_data(f, p, i) != 0) return -1;
        any |= p->iv[i];
    }
    if (!any) {
        fprintf(stderr, "plot: nothing to draw over time; --kind=spectrum "
                        "and --kind=histogram need no intervals\n");
        return -1;
    }
    terminal(f, p, 1000, 1100);
    fputs("set multiplot layout 3,1 title ", f);
    page_title(f, p, "Over time");
    fputc('\n', f);
    time_panels(f, p);
    fputs("unset multiplot\n", f);
    return 0;
}

/* -- Whole-run latency ---------------------------------------------- */

/* The plot command: data block $<v>I of every document, in style. */
static void plot_docs(FILE *f, const struct plot *p, char v, const char *style,
                      const char *what)
{
    fputs("plot ", f);
    for (int i = 0; i < p->ndocs; i++) {
        fprintf(f, "%s$%c%d using 1:2 %s lc %d", i ? ", " : "", v, i, style,
                i + 1);
        gp_title(f, p, i, what);
    }
    fputc('\n', f);
}

static int load_totals(struct plot *p, int i)
{
    hist_reset(p->h);
    return result_hist_add(p->h, result_get(p->docs[i].root, "totals.latency"),
                           &p->docs[i], "totals.latency", "plot");
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

static int write_spectrum(FILE *f, struct plot *p)
{
    for (int i = 0; i < p->ndocs; i++)
        if (spectrum_data(f, p, i) != 0) return -1;
    terminal(f, p, 1000, 600);
    fputs("set title ", f);
    page_title(f, p, "Latency by percentile");
    fputs("\nset logscale x\nset xlabel \"percentile\"\n"
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

static int write_histogram(FILE *f, struct plot *p)
{
    double lo, hi;

    if (hist_range(p, &lo, &hi) != 0) return -1;
    for (int i = 0; i < p->ndocs; i++)
        if (histogram_data(f, p, i, lo, hi) != 0) return -1;
    terminal(f, p, 1000, 600);
    fputs("set title ", f);
    page_title(f, p, "Latency distribution");
    fputs("\nset logscale x\nset xlabel \"latency (ms)\"\n"
          "set ylabel \"events (%)\"\nset yrange [0:*]\n",
          f);
    plot_docs(f, p, 'h', "with histeps lw 2", "events");
    return 0;
}

/* -- The command ---------------------------------------------------- */

static int write_body(FILE *f, struct plot *p)
{
    return p->kind == PLOT_TIME       ? write_time(f, p)
           : p->kind == PLOT_SPECTRUM ? write_spectrum(f, p)
                                      : write_histogram(f, p);
}

/* Writes the whole gnuplot script to --script's file, or to a temporary
 * file whose path replaces tmp's template. */
static int write_script(struct plot *p, char *tmp)
{
    int fd = p->script ? open(p->script, O_WRONLY | O_CREAT | O_TRUNC, 0644)
                       : mkstemp(tmp),
        rc;
    FILE *f;

    if (fd < 0 || !(f = fdopen(fd, "w"))) {
        fprintf(stderr, "plot: create %s: %s\n", p->script ? p->script : tmp,
                strerror(errno));
        if (fd >= 0) close(fd);
        return -1;
    }
    rc = write_body(f, p);
    if (fclose(f) != 0 && rc == 0) {
        fprintf(stderr, "plot: write %s: %s\n", p->script ? p->script : tmp,
                strerror(errno));
        rc = -1;
    }
    return rc;
}

static int load_all(struct plot *p, char **files)
{
    p->docs  = calloc((size_t) p->ndocs, sizeof(*p->docs));
    p->label = calloc((size_t) p->ndocs, sizeof(*p->label));
    p->desc  = calloc((size_t) p->ndocs, sizeof(*p->desc));
    p->cpu   = calloc((size_t) p->ndocs, sizeof(*p->cpu));
    p->iv    = calloc((size_t) p->ndocs, sizeof(*p->iv));
    p->users = calloc((size_t) p->ndocs, sizeof(*p->users));
    p->h     = hist_new();
    if (!p->docs || !p->label || !p->desc || !p->cpu || !p->iv || !p->users ||
        !p->h) {
        fprintf(stderr, "plot: out of memory\n");
        return -1;
    }
    for (int i = 0; i < p->ndocs; i++) {
        if (result_doc_load(&p->docs[i], files[i], "plot", true) != 0)
            return -1;
        describe(p, i);
    }
    return 0;
}

static void plot_fini(struct plot *p)
{
    for (int i = 0; p->docs && i < p->ndocs; i++)
        result_doc_fini(&p->docs[i]);
    free(p->docs);
    free(p->label);
    free(p->desc);
    free(p->cpu);
    free(p->iv);
    free(p->users);
    hist_free(p->h);
}

int plot_script(int argc, char **argv, FILE *f)
{
    struct plot p  = {0};
    const char *gp = NULL, *dir = getenv("TMPDIR");
    char gpbuf[4096], tmp[4096];
    int rc = parse_args(argc, argv, &p);

    if (rc != 0) return rc == 2 ? 0 : 1;
    if (!f && !(gp = gnuplot_find(gpbuf, sizeof(gpbuf)))) return 1;
    p.ndocs = argc - optind;
    snprintf(tmp, sizeof(tmp), "%s/bench-plot-XXXXXX",
             dir && *dir ? dir : "/tmp");
    if ((rc = load_all(&p, argv + optind)) == 0 && f)
        rc = write_body(f, &p);
    else if (rc == 0) {
        rc = write_script(&p, tmp);
        if (rc == 0) rc = gnuplot_run(gp, p.script ? p.script : tmp, p.out);
        if (!p.script) unlink(tmp);
    }
    plot_fini(&p);
    return rc == 0 ? 0 : 1;
}

int plot_main(int argc, char **argv)
{
    return plot_script(argc, argv, NULL);
}
