/* SPDX-License-Identifier: MIT */
/* merge: see merge.h. The checks and the interval grid are here, the
 * merged document is merge_doc.c's (merge_run.c's "run" and "series"),
 * the report merge_report.c's. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/hist.h"
#include "merge.h"
#include "merge_internal.h"
#include "wallclock.h"

/* Starts within this share of the interval count as on one grid. */
#define MERGE_ALIGN_SHARE 0.1
/* Longest report interval read from an option (result_read.c's bound). */
#define MERGE_MAX_S 9223372036.0

/* -- Inputs and checks ---------------------------------------------------- */

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *) a, y = *(const double *) b;

    return (x > y) - (x < y);
}

static double median_interval(json_t *doc)
{
    json_t *ivs = result_get(doc, "intervals");
    size_t n    = json_array_size(ivs), i;
    double *v   = calloc(n + 1, sizeof(double)), med;

    if (!v || n == 0) {
        free(v);
        return 0;
    }
    for (i = 0; i < n; i++)
        v[i] = result_num(json_array_get(ivs, i), "interval_s", 0);
    qsort(v, n, sizeof(double), cmp_double); /* a document may hold many */
    med = v[n / 2];
    free(v);
    return med;
}

/* An input's report interval: its --report-interval (the measured
 * lengths vary by a few ms around it), else the median measured one
 * (validated, result_read.c; the option's text is not). */
static double nominal_interval(json_t *doc)
{
    const char *opt = result_str(doc, "options.report-interval");
    double v        = opt ? atof(opt) : 0;

    if (json_array_size(result_get(doc, "intervals")) == 0) return 0;
    return v > 0 && v <= MERGE_MAX_S ? v : median_interval(doc);
}

/* The threads an input ran: its --threads, else its intervals' most. */
static unsigned threads_of(json_t *doc)
{
    const char *opt = result_str(doc, "options.threads");
    long n          = opt ? strtol(opt, NULL, 10) : 0;
    json_t *iv;
    unsigned most = 0;
    size_t i;

    if (n > 0 && n <= INT_MAX) return (unsigned) n;
    json_array_foreach(result_get(doc, "intervals"), i, iv)
    {
        unsigned t = (unsigned) result_num(iv, "threads", 0);
        if (t > most) most = t;
    }
    return most ? most : 1;
}

static const char *or_none(const char *s)
{
    return s ? s : "(standard input)";
}

static int refuse(const struct merge *m, size_t i, const char *what,
                  const char *detail)
{
    fprintf(stderr,
            "merge: %s: %s%s; runs to merge must be of one workload and "
            "overlap in time (--force merges them anyway)\n",
            m->in[i].doc.path, what, detail);
    return -1;
}

/* The same run given twice (one file twice, or a copy of it): same host,
 * command line and start. Its events would count twice. */
static int check_duplicates(const struct merge *m)
{
    for (size_t j = 1; j < m->n; j++)
        for (size_t i = 0; i < j; i++) {
            json_t *a = m->in[i].doc.root, *b = m->in[j].doc.root;
            if (m->in[i].doc.start_s != m->in[j].doc.start_s ||
                !json_equal(result_get(a, "host.hostname"),
                            result_get(b, "host.hostname")) ||
                !json_equal(result_get(a, "command_line"),
                            result_get(b, "command_line")))
                continue;
            fprintf(stderr,
                    "merge: %s: the same run as %s (same host, command line "
                    "and start): its events would count twice (--force "
                    "merges them anyway)\n",
                    m->in[j].doc.path, m->in[i].doc.path);
            return -1;
        }
    return 0;
}

/* One workload (test and command) and a common period for every input. */
static int check_inputs(const struct merge *m)
{
    json_t *r0  = m->in[0].doc.root;
    size_t late = 0, early = 0;
    char buf[400], a[40], b[40];

    if (check_duplicates(m) != 0) return -1;
    for (size_t i = 1; i < m->n; i++) {
        json_t *r = m->in[i].doc.root;
        if (!json_equal(json_object_get(r, "test"),
                        json_object_get(r0, "test")) ||
            !json_equal(json_object_get(r, "command"),
                        json_object_get(r0, "command"))) {
            snprintf(buf, sizeof(buf), " (%s %s), not %s's (%s %s)",
                     or_none(result_str(r, "test")),
                     or_none(result_str(r, "command")), m->in[0].doc.path,
                     or_none(result_str(r0, "test")),
                     or_none(result_str(r0, "command")));
            return refuse(m, i, "another workload", buf);
        }
    }
    for (size_t i = 1; i < m->n; i++) {
        if (m->in[i].doc.start_s > m->in[late].doc.start_s) late = i;
        if (m->in[i].doc.end_s < m->in[early].doc.end_s) early = i;
    }
    if (m->in[late].doc.start_s < m->in[early].doc.end_s) return 0;
    wallclock_format((int64_t) llround(m->in[late].doc.start_s * 1e9), a,
                     sizeof(a));
    wallclock_format((int64_t) llround(m->in[early].doc.end_s * 1e9), b,
                     sizeof(b));
    snprintf(buf, sizeof(buf), " (it starts at %s, %s ended at %s)", a,
             m->in[early].doc.path, b);
    return refuse(m, late, "does not overlap the other runs", buf);
}

/* How far apart runs may start and still be one run (started together by
 * --start-at, whose processes start within ms of each other): one report
 * interval, the inputs' longest, the unit their intervals are merged in;
 * a start later than that shifts every interval of the run into the next
 * cell. Without intervals, the series' bucket (1 s for a run's first
 * hour, wider for longer runs, where the merged series is as coarse); 1 s
 * when there is neither. */
static double start_tolerance(const struct merge *m, const char **unit)
{
    double tol = 0;

    *unit = "one report interval";
    for (size_t i = 0; i < m->n; i++)
        tol = fmax(tol, m->in[i].interval_s);
    if (tol > 0) return tol;
    *unit = "one series bucket";
    for (size_t i = 0; i < m->n; i++)
        tol = fmax(tol, result_num(m->in[i].doc.root, "series.bucket_s", 0));
    return tol > 0 ? tol : 1;
}

/* Runs that overlap but did not start together (one started late, or
 * separate runs): summed, their intervals would add different moments of
 * the workload. Refused, unless allowed (--allow-unaligned, or --force's
 * "periods too"): then m->unaligned says so for the report and document. */
static int check_aligned(struct merge *m, bool allow)
{
    size_t first = 0, last = 0;
    const char *unit;
    double tol = start_tolerance(m, &unit), apart;
    char a[40], b[40];

    for (size_t i = 1; i < m->n; i++) {
        if (m->in[i].doc.start_s < m->in[first].doc.start_s) first = i;
        if (m->in[i].doc.start_s > m->in[last].doc.start_s) last = i;
    }
    apart = m->in[last].doc.start_s - m->in[first].doc.start_s;
    if (apart <= tol) return 0;
    wallclock_format((int64_t) llround(m->in[last].doc.start_s * 1e9), a,
                     sizeof(a));
    wallclock_format((int64_t) llround(m->in[first].doc.start_s * 1e9), b,
                     sizeof(b));
    snprintf(m->unaligned, sizeof(m->unaligned),
             "%s: started at %s, %.3f s after %s (%s), more than %s (%g s)",
             m->in[last].doc.path, a, apart, m->in[first].doc.path, b, unit,
             tol);
    if (allow) return 0;
    fprintf(stderr,
            "merge: %s: the runs did not start together (--allow-unaligned "
            "merges them anyway)\n",
            m->unaligned);
    return -1;
}

/* -- The interval grid ------------------------------------------------------
 */

/* The least common multiple; 0 when it does not fit. */
static long long lcm_ll(long long a, long long b)
{
    long long x = a, y = b, l;

    while (y) {
        long long t = x % y;
        x           = y;
        y           = t;
    }
    return x && !__builtin_mul_overflow(a / x, b, &l) ? l : 0;
}

/* Aligned: one interval length and starts within MERGE_ALIGN_SHARE of it
 * of the grid through the earliest start. Otherwise the least common
 * multiple of the lengths (in ms), doubled when starts are off. -1 after
 * an error line when the lengths have no common multiple that fits. */
static int choose_grid(struct merge *m)
{
    long long g_ms = 0, first_ms = 0;
    bool same = true;

    m->offset_s = 0;
    for (size_t i = 0; i < m->n; i++) {
        long long l = llround(m->in[i].interval_s * 1000);
        if (l <= 0) continue;
        if (!first_ms) first_ms = l;
        if (llabs(l - first_ms) <= first_ms / 50) l = first_ms; /* jitter */
        same &= l == first_ms;
        if (!(g_ms = g_ms ? lcm_ll(g_ms, l) : l) || g_ms > LLONG_MAX / 2) {
            fprintf(stderr,
                    "merge: %s: report interval %g s: no common grid with "
                    "the other inputs' intervals\n",
                    m->in[i].doc.path, m->in[i].interval_s);
            return -1;
        }
    }
    m->grid_s = (double) g_ms / 1000;
    for (size_t i = 0; g_ms && i < m->n; i++) {
        double off = fmod(m->in[i].doc.start_s - m->t0_s, m->grid_s);
        off        = fmin(off, m->grid_s - off);
        if (off > m->offset_s) m->offset_s = off;
    }
    m->same_length = same;
    m->aligned     = same && m->offset_s <= MERGE_ALIGN_SHARE * m->grid_s;
    if (!m->aligned && m->offset_s > MERGE_ALIGN_SHARE * m->grid_s)
        m->grid_s *= 2;
    return 0;
}

void merge_grid_note(const struct merge *m, char *buf, size_t size)
{
    int n = snprintf(buf, size, "intervals do not line up (");

    if (!m->same_length)
        n += snprintf(buf + n, size - (size_t) n,
                      "report intervals of different lengths");
    if (m->offset_s > MERGE_ALIGN_SHARE * m->grid_s / 2)
        n += snprintf(buf + n, size - (size_t) n, "%sstarts up to %.3f s apart",
                      m->same_length ? "" : ", ", m->offset_s);
    snprintf(buf + n, size - (size_t) n,
             "): merged on a %g s grid, each interval in the cell where it "
             "ends",
             m->grid_s);
}

static size_t cell_of(const struct merge *m, double end_s)
{
    double k =
        m->aligned ? round(end_s / m->grid_s) : ceil(end_s / m->grid_s - 1e-6);

    return k >= 1 ? (size_t) k - 1 : 0;
}

static double end_of(const struct merge *m, size_t in, json_t *iv)
{
    return m->in[in].doc.start_s - m->t0_s + result_num(iv, "time_s", 0);
}

/* An input interval in its cell k; seq keeps the inputs' order. */
struct placed {
    size_t k, seq, who;
    json_t *iv;
};

static int cmp_placed(const void *a, const void *b)
{
    const struct placed *x = a, *y = b;

    return x->k != y->k ? (x->k > y->k) - (x->k < y->k)
                        : (x->seq > y->seq) - (x->seq < y->seq);
}

/* Places every input interval in its cell of the grid: the cells that
 * have any, in order (memory by intervals, not by the grid's span). */
static int fill_cells(struct merge *m)
{
    size_t total = 0, n = 0, i;
    struct placed *p;
    struct merge_cell *c = NULL;
    json_t *iv;

    if (m->grid_s <= 0) return 0;
    for (size_t in = 0; in < m->n; in++)
        total += json_array_size(result_get(m->in[in].doc.root, "intervals"));
    p           = calloc(total + 1, sizeof(*p));
    m->cells    = calloc(total + 1, sizeof(*m->cells));
    m->cell_iv  = calloc(total + 1, sizeof(*m->cell_iv));
    m->cell_who = calloc(total + 1, sizeof(*m->cell_who));
    if (!p || !m->cells || !m->cell_iv || !m->cell_who) {
        free(p);
        return -1;
    }
    for (size_t in = 0; in < m->n; in++)
        json_array_foreach(result_get(m->in[in].doc.root, "intervals"), i, iv)
        {
            p[n] = (struct placed){cell_of(m, end_of(m, in, iv)), n, in, iv};
            n++;
        }
    qsort(p, n, sizeof(*p), cmp_placed);
    for (i = 0; i < n; i++) {
        if (i == 0 || p[i].k != p[i - 1].k) {
            c = &m->cells[m->ncells++];
            *c =
                (struct merge_cell){0, m->cell_iv + i, m->cell_who + i, p[i].k};
        }
        m->cell_iv[i]  = p[i].iv;
        m->cell_who[i] = p[i].who;
        c->n++;
    }
    free(p);
    return 0;
}

/* -- The command ---------------------------------------------------------- */

static int usage(bool help)
{
    fprintf(
        help ? stdout : stderr,
        "Usage:\n  bench merge [--results=FILE] [--force] [--allow-partial] "
        "[--allow-unaligned] RESULT.json...\n");
    if (!help) return 1;
    printf("\nCombines the result documents (--results) of runs of one "
           "workload that\noverlapped in time, e.g. on several client hosts, "
           "into one: counts summed,\nlatency records added exactly, "
           "intervals aligned on the wall clock. Prints\nthe report of the "
           "combined run. docs/distributed.md.\n\n"
           "  --results=FILE  write the merged result document to FILE\n"
           "  --force         merge documents of other workloads, schema "
           "versions or\n"
           "                  periods too\n"
           "  --allow-partial merge runs that were interrupted or failed too "
           "(the merged\n"
           "                  document's run then says so)\n"
           "  --allow-unaligned\n"
           "                  merge runs that did not start together (starts "
           "more than one\n"
           "                  report interval apart) too; the report and the "
           "merged\n"
           "                  document say so\n");
    return 0;
}

/* The command line of a merge: bench merge [options] RESULT.json... */
struct merge_args {
    const char *results;
    bool force, partial, unaligned, help;
};

static int parse_args(int argc, char **argv, struct merge_args *a)
{
    static const struct option longopts[] = {
        {"results", required_argument, NULL, 'r'},
        {"force", no_argument, NULL, 'f'},
        {"allow-partial", no_argument, NULL, 'p'},
        {"allow-unaligned", no_argument, NULL, 'u'},
        {"help", no_argument, NULL, 'h'},
        {0, 0, 0, 0},
    };
    int c;

    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
        if (c == 'r')
            a->results = optarg;
        else if (c == 'f')
            a->force = true;
        else if (c == 'p')
            a->partial = true;
        else if (c == 'u')
            a->unaligned = true;
        else if (c == 'h') {
            a->help = true;
            return -1;
        } else {
            fprintf(stderr,
                    "merge: unknown option %s (see bench merge "
                    "--help)\n",
                    argv[optind - 1]);
            return -2;
        }
    }
    return argc - optind >= 1 ? 0 : -1;
}

static int load_inputs(struct merge *m, char **paths, bool force)
{
    if (!(m->in = calloc(m->n, sizeof(*m->in)))) return -1;
    for (size_t i = 0; i < m->n; i++) {
        struct merge_input *in = &m->in[i];
        if (result_doc_load(&in->doc, paths[i], "merge", force) != 0) return -1;
        in->interval_s = nominal_interval(in->doc.root);
        in->threads    = threads_of(in->doc.root);
        if (__builtin_add_overflow(m->threads, in->threads, &m->threads)) {
            fprintf(stderr,
                    "merge: %s: threads: the inputs' sum would pass %u\n",
                    paths[i], UINT_MAX);
            return -1;
        }
        if (i == 0 || in->doc.start_s < m->t0_s) m->t0_s = in->doc.start_s;
        if (i == 0 || in->doc.end_s > m->end_s) m->end_s = in->doc.end_s;
    }
    return 0;
}

/* A run that did not complete (interrupted, failed) measured less than
 * was asked: merged with the others it would pass for a whole run. Only
 * --allow-partial takes it, and the merged document then says so. */
static int check_complete(const struct merge *m)
{
    char why[400];

    for (size_t i = 0; i < m->n; i++)
        if (!result_run_complete(m->in[i].doc.root, why, sizeof(why))) {
            fprintf(stderr,
                    "merge: %s: the run %s; --allow-partial to use "
                    "it\n",
                    m->in[i].doc.path, why);
            return -1;
        }
    return 0;
}

/* What merge writes, bench reads: a sum can pass a bound no input did. */
static int check_output(const struct merge *m)
{
    char cause[400];

    if (result_check(m->out, cause, sizeof(cause)) == 0) return 0;
    fprintf(stderr, "merge: the merged document would not be valid: %s\n",
            cause);
    return -1;
}

static void note_grid(const struct merge *m)
{
    char buf[256], msg[sizeof(m->unaligned) + 64];
    json_t *warnings = json_object_get(m->out, "warnings");

    if (m->unaligned[0]) {
        snprintf(msg, sizeof(msg),
                 "merge: %s: the runs did not start together, merged anyway",
                 m->unaligned);
        json_array_append_new(warnings, json_string(msg));
    }
    if (m->aligned || m->grid_s <= 0) return;
    merge_grid_note(m, buf, sizeof(buf));
    snprintf(msg, sizeof(msg), "merge: %s", buf);
    json_array_append_new(warnings, json_string(msg));
}

static int write_results(const struct merge *m, const char *path)
{
    if (json_dump_file(m->out, path,
                       JSON_INDENT(1) | JSON_PRESERVE_ORDER |
                           JSON_REAL_PRECISION(15)) == 0)
        return 0;
    fprintf(stderr, "merge: write %s: %s\n", path, strerror(errno));
    return -1;
}

static void merge_fini(struct merge *m)
{
    for (size_t k = 0; k < m->ncells; k++)
        hist_free(m->cell_hists ? m->cell_hists[k] : NULL);
    free(m->cells);
    free(m->cell_iv);
    free(m->cell_who);
    free(m->cell_hists);
    hist_free(m->total);
    json_decref(m->out);
    for (size_t i = 0; m->in && i < m->n; i++)
        result_doc_fini(&m->in[i].doc);
    free(m->in);
    free(m->argv);
}

int merge_main(int argc, char **argv)
{
    struct merge m      = {.argc = argc};
    struct merge_args a = {0};
    int status          = 1;

    /* getopt reorders argv: the document keeps the command as typed. */
    if (!(m.argv = malloc(((size_t) argc + 1) * sizeof(char *)))) return 1;
    memcpy(m.argv, argv, (size_t) argc * sizeof(char *));
    switch (parse_args(argc, argv, &a)) {
    case 0:
        break;
    case -1:
        status = usage(a.help);
        goto out;
    default:
        goto out;
    }
    m.n = (size_t) (argc - optind);
    if (load_inputs(&m, argv + optind, a.force) != 0 ||
        (!a.partial && check_complete(&m) != 0) ||
        (!a.force && check_inputs(&m) != 0) ||
        check_aligned(&m, a.unaligned || a.force) != 0)
        goto out;
    if (choose_grid(&m) != 0) goto out;
    if (fill_cells(&m) != 0) {
        fprintf(stderr, "merge: out of memory\n");
        goto out;
    }
    if (merge_build(&m) != 0 || check_output(&m) != 0) goto out;
    note_grid(&m);
    merge_print_inputs(&m);
    merge_print_report(&m);
    if (a.results && write_results(&m, a.results) != 0) goto out;
    status = 0;
out:
    merge_fini(&m);
    return status;
}
