/* SPDX-License-Identifier: MIT */
/* plot: see plot.h. This file is the command: its arguments, the
 * documents (what each is called, how its run ended) and running gnuplot;
 * plot_time.c and plot_latency.c write the charts, plot_page.c what they
 * share. bench computes every number (percentiles from each interval's
 * latency record, the spectrum, the histogram's bins) and hands gnuplot a
 * script with the data inline ($name << EOD blocks): gnuplot only draws,
 * so the figures are the ones the reports and the result document hold
 * (same record, same percentile rule). */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gnuplot.h"
#include "measure/hist.h"
#include "plot.h"
#include "plot_internal.h"

/* 2^63 ns: the longest time a document may hold (result_read.c's). */
#define TIME_MAX_S 9223372036.0

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
            "  --script-only     write the script (to --script's FILE, else "
            "standard\n"
            "                    output) and do not run gnuplot\n"
            "Several documents are overlaid, with a legend. A run that was "
            "interrupted or\n"
            "failed says so under the title, with a dashed line where it "
            "stopped.\n");
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
        {"script-only", no_argument, NULL, 'G'},
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
        else if (c == 'G')
            p->script_only = true;
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

/* -- Documents ------------------------------------------------------ */

static void describe(struct plot_doc *d)
{
    json_t *r        = d->doc.root;
    const char *test = result_str(r, "test"), *drv = NULL, *srv = NULL;
    const char *base = strrchr(d->doc.path, '/');
    size_t n;

    drv = result_str(r, "database.driver");
    srv = result_str(r, "database.server_version");
    snprintf(d->desc, sizeof(d->desc), "%s%s%s%s%s, bench %s",
             test ? test : "(stdin)", drv ? " on " : "", drv ? drv : "",
             srv ? " " : "", srv ? srv : "",
             result_str(r, "bench.version") ? result_str(r, "bench.version")
                                            : "?");
    base = base ? base + 1 : d->doc.path;
    n    = strlen(base);
    if (ends_with(base, ".json")) n -= 5;
    snprintf(d->label, sizeof(d->label), "%.*s", (int) n, base);
    plot_whole_chars(d->desc);
    plot_whole_chars(d->label);
}

/* " of 20 s" (--time), ", 1000 events planned" (--events), or "". */
static void planned(json_t *r, char *buf, size_t len)
{
    double t = result_num(r, "run.planned_time_s", NAN);
    double e = result_num(r, "run.planned_events", NAN);

    if (t > 0 && t <= TIME_MAX_S)
        snprintf(buf, len, " of %g s", t);
    else if (e > 0 && e < 1e19)
        snprintf(buf, len, ", %.0f events planned", e);
    else
        buf[0] = '\0';
}

/* How the run ended (the document's run member, PD-15): its length (where
 * its time axis ends; at least its last interval's end) and, for an
 * interrupted or failed run, the status for the title ("interrupted by
 * SIGINT at 3.5 s of 20 s") and the mark beside its stop line. A document
 * written before PD-15 has no run member: its length is from
 * start_epoch_s to end_epoch_s. Numbers out of range are left out; the
 * strings are the document's, quoted where they are drawn. */
static void run_end(struct plot_doc *d)
{
    json_t *r = d->doc.root, *ivs = result_get(r, "intervals");
    const char *st  = result_str(r, "run.status");
    double t        = result_num(r, "run.time_s", NAN);
    bool intr       = st && strcmp(st, "interrupted") == 0;
    const char *why = result_str(r, intr ? "run.signal" : "run.reason");
    char of[48], w[104], sig[16];

    if (!(t >= 0 && t <= TIME_MAX_S)) t = d->doc.end_s - d->doc.start_s;
    if (json_array_size(ivs) > 0)
        t = fmax(t, result_num(json_array_get(ivs, json_array_size(ivs) - 1),
                               "time_s", 0));
    d->end_s   = t;
    d->partial = intr || (st && strcmp(st, "failed") == 0);
    if (!d->partial) return;
    planned(r, of, sizeof(of));
    /* a signal's name is short; whatever else a document says is cut */
    snprintf(w, sizeof(w), "%.*s", intr ? 40 : 100, why ? why : "");
    snprintf(sig, sizeof(sig), "%.12s", why ? why : "");
    plot_whole_chars(w);
    plot_whole_chars(sig);
    if (intr)
        snprintf(d->status, sizeof(d->status), "interrupted%s%s at %.*f s%s",
                 why ? " by " : "", w, t < 1 ? 3 : 1, t, of);
    else
        snprintf(d->status, sizeof(d->status), "failed at %.*f s%s%s%s",
                 t < 1 ? 3 : 1, t, of, why ? ": " : "", w);
    snprintf(d->mark, sizeof(d->mark), "%s%s%s%s",
             intr ? "interrupted" : "failed", intr && why ? " (" : "",
             intr && why ? sig : "", intr && why ? ")" : "");
}

static int load_all(struct plot *p, char **files)
{
    p->docs = calloc((size_t) p->ndocs, sizeof(*p->docs));
    p->h    = hist_new();
    if (!p->docs || !p->h) {
        fprintf(stderr, "plot: out of memory\n");
        return -1;
    }
    for (int i = 0; i < p->ndocs; i++) {
        if (result_doc_load(&p->docs[i].doc, files[i], "plot", true) != 0)
            return -1;
        describe(&p->docs[i]);
        run_end(&p->docs[i]);
    }
    return 0;
}

static void plot_fini(struct plot *p)
{
    for (int i = 0; p->docs && i < p->ndocs; i++)
        result_doc_fini(&p->docs[i].doc);
    free(p->docs);
    hist_free(p->h);
}

/* -- The command ---------------------------------------------------- */

static int write_body(FILE *f, struct plot *p)
{
    return p->kind == PLOT_TIME       ? plot_write_time(f, p)
           : p->kind == PLOT_SPECTRUM ? plot_write_spectrum(f, p)
                                      : plot_write_histogram(f, p);
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

/* --script-only: the script to --script's file, else to standard output. */
static int script_only(struct plot *p, char *tmp)
{
    int rc;

    if (p->script) return write_script(p, tmp);
    rc = write_body(stdout, p);
    if (fflush(stdout) != 0 && rc == 0) {
        fprintf(stderr, "plot: write standard output: %s\n", strerror(errno));
        rc = -1;
    }
    return rc;
}

int plot_script(int argc, char **argv, FILE *f)
{
    struct plot p  = {0};
    const char *gp = NULL, *dir = getenv("TMPDIR");
    char gpbuf[4096], tmp[4096];
    int rc = parse_args(argc, argv, &p);

    if (rc != 0) return rc == 2 ? 0 : 1;
    if (!f && !p.script_only && !(gp = gnuplot_find(gpbuf, sizeof(gpbuf))))
        return 1;
    p.ndocs = argc - optind;
    snprintf(tmp, sizeof(tmp), "%s/bench-plot-XXXXXX",
             dir && *dir ? dir : "/tmp");
    if ((rc = load_all(&p, argv + optind)) == 0 && f)
        rc = write_body(f, &p);
    else if (rc == 0 && p.script_only)
        rc = script_only(&p, tmp);
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
