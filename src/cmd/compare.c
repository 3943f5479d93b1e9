/* SPDX-License-Identifier: MIT */
/* compare: see compare.h. The command: its arguments, the documents and
 * the checks that they can be compared (runs that completed, of one
 * workload and settings); the figures and the noise test are
 * compare_figures.c's, --fail-on compare_gate.c's, the output
 * compare_print.c's. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "compare_internal.h"

#define MAX_THRESHOLDS 32

struct args {
    enum compare_format fmt;
    const char *fail_on;
    bool force, partial, help;
    struct side side[2];
    char **paths[2]; /* argv's */
};

/* -- Arguments ------------------------------------------------------------ */

static int usage(bool help)
{
    fprintf(help ? stdout : stderr,
            "Usage:\n  bench compare [OPTIONS] BASE.json NEW.json\n"
            "  bench compare [OPTIONS] BASE.json... -- NEW.json...\n");
    if (!help) return COMPARE_BAD_INPUT;
    printf("\nCompares result documents (--results): tps, qps, p50, p95, p99 "
           "and max\nlatency, errors/s and client CPU, with the change in "
           "percent and whether it\nis beyond the run-to-run noise "
           "(p < %.2f: one run a side, a Mann-Whitney U\ntest on each run's "
           "per-second series and intervals; several, Welch's t-test\non the "
           "runs' figures). Exit status: 0 PASS, 1 FAIL, 2 INSUFFICIENT DATA,"
           "\n3 a document or option refused. docs/ci.md.\n\n"
           "  --fail-on=LIST   fail on a change beyond the noise (tps:-5%%, "
           "p99:+10%%) or\n"
           "                   a limit of the new runs (p99>20ms, tps<1000, "
           "errors>0);\n"
           "                   metrics: tps, qps, p50, p95, p99, max, errors, "
           "cpu\n"
           "  --format=FMT     text (default), markdown or json\n"
           "  --force          compare runs of other workloads or settings "
           "too\n"
           "  --allow-partial  compare runs that were interrupted or failed "
           "too\n",
           COMPARE_ALPHA);
    return COMPARE_PASS;
}

static int parse_format(const char *v, enum compare_format *fmt)
{
    static const char *const names[] = {"text", "markdown", "json"};

    for (int i = 0; i < 3; i++)
        if (strcmp(v, names[i]) == 0) {
            *fmt = (enum compare_format) i;
            return 0;
        }
    fprintf(stderr, "compare: --format: '%s' is not text, markdown or json\n",
            v);
    return -1;
}

/* Options before `--` (or anywhere without one); the paths: two, or
 * BASE... -- NEW.... 0, 1 (usage or --help), or -1 after an error line. */
static int parse_args(int argc, char **argv, struct args *a)
{
    static const struct option longopts[] = {
        {"fail-on", required_argument, NULL, 'f'},
        {"format", required_argument, NULL, 'F'},
        {"force", no_argument, NULL, 'o'},
        {"allow-partial", no_argument, NULL, 'p'},
        {"help", no_argument, NULL, 'h'},
        {0, 0, 0, 0},
    };
    int c, dd = 1, end;

    while (dd < argc && strcmp(argv[dd], "--") != 0)
        dd++;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(dd, argv, "", longopts, NULL)) != -1) {
        if (c == 'f')
            a->fail_on = optarg;
        else if (c == 'F') {
            if (parse_format(optarg, &a->fmt) != 0) return -1;
        } else if (c == 'o' || c == 'p')
            *(c == 'o' ? &a->force : &a->partial) = true;
        else if (c == 'h') {
            a->help = true;
            return 1;
        } else {
            fprintf(stderr,
                    "compare: unknown option %s (see bench compare --help)\n",
                    argv[optind - 1]);
            return -1;
        }
    }
    end              = dd < argc ? dd : argc;
    a->paths[0]      = argv + optind;
    a->side[0].nruns = (size_t) (end - optind);
    a->paths[1]      = dd < argc ? argv + dd + 1 : argv + optind + 1;
    a->side[1].nruns = dd < argc ? (size_t) (argc - dd - 1) : 1;
    if (dd >= argc && end - optind != 2) return 1;
    if (dd >= argc) a->side[0].nruns = 1;
    return a->side[0].nruns && a->side[1].nruns ? 0 : 1;
}

/* -- The documents and their checks ------------------------------------ */

static int load_side(struct side *s, char **paths)
{
    if (!(s->doc = calloc(s->nruns, sizeof(*s->doc)))) return -1;
    for (size_t i = 0; i < s->nruns; i++)
        if (result_doc_load(&s->doc[i], paths[i], "compare", false) != 0)
            return -1;
    return 0;
}

/* Options that say how a run was measured, reported or reached, not what
 * it ran: they may differ between runs compared (docs/ci.md). */
static bool is_setting(const char *name)
{
    static const char *const exact[]  = {"time",
                                         "events",
                                         "max-time",
                                         "max-requests",
                                         "warmup-time",
                                         "forced-shutdown",
                                         "report-interval",
                                         "report-checkpoints",
                                         "debug",
                                         "validate",
                                         "help",
                                         "version",
                                         "config-file",
                                         "luajit-cmd",
                                         "start-at",
                                         "start-late-max",
                                         "extended-report",
                                         "format",
                                         "hdr-log",
                                         "latency-limit",
                                         "metrics-addr",
                                         "progress",
                                         "results",
                                         "rand-seed",
                                         "verbosity",
                                         "percentile",
                                         "histogram",
                                         "thread-stack-size",
                                         "thread-init-timeout",
                                         "compat"};
    static const char *const suffix[] = {
        "-host", "-port", "-socket", "-user", "-password", "-db", "-debug"};
    size_t n = strlen(name);

    for (size_t i = 0; i < sizeof(exact) / sizeof(exact[0]); i++)
        if (strcmp(name, exact[i]) == 0) return true;
    for (size_t i = 0; i < sizeof(suffix) / sizeof(suffix[0]); i++) {
        size_t k = strlen(suffix[i]);
        if (n > k && strcmp(name + n - k, suffix[i]) == 0) return true;
    }
    /* certificates, not the load; where the figures are published */
    return strstr(name, "-ssl") != NULL || strncmp(name, "metrics-", 8) == 0;
}

static const char *or_dash(const char *s)
{
    return s ? s : "-";
}

/* How d differs from ref in what it ran, into why; false when it does
 * not. The workload (test, command), then each option both have. */
static bool differs(const struct result_doc *d, const struct result_doc *ref,
                    char *why, size_t size)
{
    json_t *o = json_object_get(d->root, "options"), *v;
    const char *k, *t = result_str(d->root, "test"),
                   *rt = result_str(ref->root, "test");

    if (!json_equal(json_object_get(d->root, "test"),
                    json_object_get(ref->root, "test")) ||
        !json_equal(json_object_get(d->root, "command"),
                    json_object_get(ref->root, "command"))) {
        snprintf(why, size, "another workload (%s %s), not %s's (%s %s)",
                 or_dash(t), or_dash(result_str(d->root, "command")), ref->path,
                 or_dash(rt), or_dash(result_str(ref->root, "command")));
        return true;
    }
    json_object_foreach(o, k, v)
    {
        json_t *rv = result_get(ref->root, "options");
        rv         = json_object_get(rv, k);
        if (!rv || is_setting(k) || json_equal(v, rv)) continue;
        snprintf(why, size, "--%s=%s, not %s's --%s=%s", k,
                 or_dash(json_string_value(v)), ref->path, k,
                 or_dash(json_string_value(rv)));
        return true;
    }
    return false;
}

/* Every run complete (or --allow-partial) and of the first base run's
 * workload and settings (or --force): else one error line; with the
 * flags, a note each. */
static int check_runs(struct args *a, json_t *notes)
{
    const struct result_doc *ref = &a->side[0].doc[0];
    char why[400], note[600];

    for (int s = 0; s < 2; s++)
        for (size_t i = 0; i < a->side[s].nruns; i++) {
            const struct result_doc *d = &a->side[s].doc[i];
            if (!result_run_complete(d->root, why, sizeof(why))) {
                if (!a->partial) {
                    fprintf(stderr,
                            "compare: %s: the run %s; --allow-partial to use "
                            "it\n",
                            d->path, why);
                    return -1;
                }
                snprintf(note, sizeof(note), "%s: the run %s (--allow-partial)",
                         d->path, why);
                json_array_append_new(notes, json_string(note));
            }
            if (d == ref || !differs(d, ref, why, sizeof(why))) continue;
            if (!a->force) {
                fprintf(stderr,
                        "compare: %s: %s; runs compared must be of one "
                        "workload and settings (--force compares them "
                        "anyway)\n",
                        d->path, why);
                return -1;
            }
            snprintf(note, sizeof(note), "%s: %s (--force)", d->path, why);
            json_array_append_new(notes, json_string(note));
        }
    return 0;
}

/* -- The command ---------------------------------------------------------- */

static int gate(struct args *a, const struct threshold *t, int nt,
                json_t *notes)
{
    struct row rows[M_N];
    struct check checks[MAX_THRESHOLDS];
    struct compare_out o = {
        a->fmt, {&a->side[0], &a->side[1]}, rows, checks, nt, notes};
    enum verdict v;

    if (compare_rows(&a->side[0], &a->side[1], rows) != 0) {
        fprintf(stderr, "compare: out of memory\n");
        return COMPARE_BAD_INPUT;
    }
    for (int i = 0; i < nt; i++)
        compare_judge(&t[i], &rows[t[i].m], &checks[i]);
    if (a->fmt == FMT_JSON)
        compare_print_json(&o);
    else
        compare_print(&o);
    fflush(stdout);
    v = compare_verdict(checks, nt);
    return v == V_PASS   ? COMPARE_PASS
           : v == V_FAIL ? COMPARE_FAIL
                         : COMPARE_INSUFFICIENT;
}

int compare_main(int argc, char **argv)
{
    struct args a = {.fmt = FMT_TEXT};
    struct threshold t[MAX_THRESHOLDS];
    json_t *notes = json_array();
    int nt = 0, status = COMPARE_BAD_INPUT, rc;

    if ((rc = parse_args(argc, argv, &a)) != 0) {
        json_decref(notes);
        return rc > 0 ? usage(a.help) : COMPARE_BAD_INPUT;
    }
    if (!notes || (a.fail_on && (nt = compare_parse_fail_on(
                                     a.fail_on, t, MAX_THRESHOLDS)) < 0))
        goto out;
    if (load_side(&a.side[0], a.paths[0]) != 0 ||
        load_side(&a.side[1], a.paths[1]) != 0 || check_runs(&a, notes) != 0)
        goto out;
    if (compare_side_load(&a.side[0]) != 0 ||
        compare_side_load(&a.side[1]) != 0)
        goto out;
    status = gate(&a, t, nt, notes);
out:
    json_decref(notes);
    for (int s = 0; s < 2; s++) {
        compare_side_fini(&a.side[s]);
        for (size_t i = 0; a.side[s].doc && i < a.side[s].nruns; i++)
            result_doc_fini(&a.side[s].doc[i]);
        free(a.side[s].doc);
    }
    return status;
}
