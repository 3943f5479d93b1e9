/* SPDX-License-Identifier: MIT */
/* results.c: see results.h. Each interval's object is written to the
 * document's spool as it happens and freed (results_file.c), so memory
 * stays flat however long the run; the document is written once at the
 * end around it. The NDJSON lines, CSV rows and interval log lines are
 * written as the reports happen, each flushed, so a reader can follow the
 * run. */
#include <errno.h>
#include <stdlib.h>
#include <time.h>
#include <string.h>
#include <unistd.h>

#include "measure/detail.h"
#include "measure/hdr_log.h"
#include "measure/hist.h"
#include "log.h"
#include "report.h"
#include "results.h"
#include "results_internal.h"
#include "series.h"
#include "measure/stats.h"
#include "version.h"

struct results {
    struct results_config cfg;
    struct results_file *file; /* --results or --format=json's document */
    struct hdr_log *hlog;      /* --hdr-log */
    size_t nintervals;         /* intermediate reports so far */
    json_t *checkpoints;       /* its checkpoints; NULL without them */
    json_t *warnings;
    json_t *run_end;       /* the document's "run" member (results_set_end) */
    struct series *series; /* the document's "series" */
    double epoch_at_mono0; /* wall clock - monotonic clock, in s */
    uint64_t cpu_ns;       /* the process's CPU time at the last period */
    bool csv_header_done, hlog_begun;
};

int results_parse_format(const char *text, enum results_format *out)
{
    static const char *const names[] = {"text", "json", "csv"};

    for (int i = 0; i < 3; i++)
        if (text != NULL && strcmp(text, names[i]) == 0) {
            *out = (enum results_format) i;
            return 0;
        }
    return -1;
}

FILE *results_take_stdout(void)
{
    int fd;
    FILE *f;

    fflush(stdout);
    if ((fd = dup(STDOUT_FILENO)) < 0) return NULL;
    if ((f = fdopen(fd, "w")) == NULL) {
        close(fd);
        return NULL;
    }
    if (dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        fclose(f);
        return NULL;
    }
    return f;
}

/* -- Lifecycle ------------------------------------------------------------ */

static int open_files(struct results *r)
{
    const struct results_config *c = &r->cfg;

    if ((c->path || c->format == RESULTS_JSON) &&
        (r->file = results_file_open(c->path)) == NULL)
        return -1;
    if (c->hdr_log_path && (r->hlog = hdr_log_open(c->hdr_log_path)) == NULL) {
        log_fatal("hdr-log: create %s: %s", c->hdr_log_path, strerror(errno));
        return -1;
    }
    return 0;
}

/* The CPU time of the whole process (every worker, the reporter, the
 * drivers' threads) so far, in ns; 0 if the clock cannot be read. */
static uint64_t process_cpu_ns(void)
{
    struct timespec ts;

    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0) return 0;
    return (uint64_t) ts.tv_sec * 1000000000u + (uint64_t) ts.tv_nsec;
}

struct results *results_new(const struct results_config *cfg)
{
    struct results *r = calloc(1, sizeof(*r));
    struct timespec mono;

    if (r == NULL) goto nomem;
    r->cfg = *cfg;
    clock_gettime(CLOCK_MONOTONIC, &mono);
    r->epoch_at_mono0 = results_epoch_now() - (double) mono.tv_sec -
                        (double) mono.tv_nsec / 1e9;
    r->cpu_ns = process_cpu_ns();
    if (!(r->warnings = json_array()) || !(r->series = series_new()) ||
        (cfg->checkpoints && !(r->checkpoints = json_array())))
        goto nomem;
    if (open_files(r) != 0) {
        results_free(r);
        return NULL;
    }
    return r;
nomem:
    results_free(r);
    log_fatal("results: out of memory");
    return NULL;
}

void results_free(struct results *r)
{
    if (r == NULL) return;
    /* A run that printed no final report (it failed) writes no document:
     * what was at --results's path stays. */
    results_file_free(r->file);
    hdr_log_close(r->hlog);
    json_decref(r->checkpoints);
    json_decref(r->warnings);
    json_decref(r->run_end);
    series_free(r->series);
    free(r);
}

bool results_replaces_text(const struct results *r)
{
    return r != NULL && r->cfg.format != RESULTS_TEXT;
}

void results_set_end(struct results *r, enum results_end how, const char *why,
                     int planned_time_s, int planned_events)
{
    static const char *const status[] = {"complete", "interrupted", "failed"};

    if (!r) return;
    json_decref(r->run_end);
    r->run_end = json_pack(
        "{s:s, s:o, s:o}", "status", status[how], "planned_time_s",
        planned_time_s > 0 ? json_integer(planned_time_s) : json_null(),
        "planned_events",
        planned_events > 0 ? json_integer(planned_events) : json_null());
    if (r->run_end && why)
        json_object_set_new(r->run_end,
                            how == RESULTS_INTERRUPTED ? "signal" : "reason",
                            json_string(why));
}

uint64_t results_series_due_ns(const struct results *r, uint64_t start_ns)
{
    return r ? series_due_ns(r->series, start_ns) : UINT64_MAX;
}

void results_series_add(struct results *r, const uint64_t *c, uint64_t start_ns,
                        uint64_t now_ns, bool last)
{
    if (!r) return;
    if (last)
        series_end(r->series, start_ns, now_ns, c);
    else
        series_tick(r->series, c);
}

void results_warning(struct results *r, const char *text)
{
    if (r != NULL) json_array_append_new(r->warnings, json_string(text));
}

static double epoch_of(const struct results *r, uint64_t mono_ns)
{
    return r->epoch_at_mono0 + (double) mono_ns / 1e9;
}

/* -- CSV ------------------------------------------------------------------ */

static void csv_header(struct results *r, const struct report_data *d)
{
    const double *ranks;
    double one;
    unsigned n = results_ranks(d, &ranks, &one);
    FILE *f    = r->cfg.out;

    fputs("time_s,threads,events_per_s,tps,qps_read,qps_write,qps_other,"
          "qps_total,errors_per_s,reconnects_per_s,lat_min_ms,lat_avg_ms,"
          "lat_max_ms",
          f);
    for (unsigned i = 0; i < n; i++)
        fprintf(f, ",lat_p%g_ms", ranks[i]);
    fputs(",queue_length,concurrency,lag_avg_ms,lag_max_ms", f);
    fputs(r->cfg.checkpoints ? ",row\n" : "\n", f);
    r->csv_header_done = true;
}

/* Reads the figures back from the interval object, so that the CSV row
 * and the JSON can never disagree. */
static double num(const json_t *o, const char *path0, const char *path1)
{
    const json_t *v = json_object_get(o, path0);

    if (path1 != NULL) v = json_object_get(v, path1);
    return json_number_value(v);
}

/* A row of the interval (or checkpoint: `row` names it) object iv. */
static void csv_row(struct results *r, const struct report_data *d,
                    const json_t *iv, const char *row)
{
    const json_t *lat = json_object_get(iv, "latency"), *p;
    const json_t *lag =
        json_object_get(json_object_get(iv, "rate"), "start_lag");
    FILE *f = r->cfg.out;
    size_t i;

    if (!r->csv_header_done) csv_header(r, d);
    fprintf(f,
            "%.4f,%.0f,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%.2f,%.6f,%.6f,%.6f",
            num(iv, "time_s", NULL), num(iv, "threads", NULL),
            num(iv, "events_per_s", NULL), num(iv, "tps", NULL),
            num(iv, "qps", "read"), num(iv, "qps", "write"),
            num(iv, "qps", "other"), num(iv, "qps", "total"),
            num(iv, "errors_per_s", NULL), num(iv, "reconnects_per_s", NULL),
            num(lat, "min_ns", NULL) / 1e6, num(lat, "avg_ns", NULL) / 1e6,
            num(lat, "max_ns", NULL) / 1e6);
    json_array_foreach(json_object_get(lat, "percentiles"), i, p)
        fprintf(f, ",%.6f", num(p, "ns", NULL) / 1e6);
    fprintf(f, ",%.0f,%.0f,%.6f,%.6f", num(iv, "queue_length", NULL),
            num(iv, "concurrency", NULL), num(lag, "avg_ns", NULL) / 1e6,
            num(lag, "max_ns", NULL) / 1e6);
    if (r->cfg.checkpoints) fprintf(f, ",%s", row);
    fputc('\n', f);
    fflush(f);
}

/* -- The interval log ----------------------------------------------------- */

static int hlog_period(struct results *r, const struct report_data *d,
                       uint64_t start_ns)
{
    const struct detail_snapshot *s = d->delta->detail;
    double t0 = d->time_total_s - d->time_interval_s, len = d->time_interval_s;
    char what[256];
    int rc;

    if (!r->hlog_begun) {
        snprintf(what, sizeof(what), "bench %s %s %s: latency in ns",
                 BENCH_VERSION, r->cfg.test ? r->cfg.test : "-",
                 r->cfg.command ? r->cfg.command : "run");
        if (hdr_log_begin(r->hlog, what, epoch_of(r, start_ns)) != 0) return -1;
        r->hlog_begun = true;
    }
    rc = hdr_log_write(r->hlog, "all", t0 < 0 ? 0 : t0, len, d->delta->lat);
    for (unsigned k = 0; s != NULL && rc == 0 && k < s->nkinds; k++)
        if (hist_count(s->kinds[k].lat) > 0 && detail_kind_name(k))
            rc = hdr_log_write(r->hlog, detail_kind_name(k), t0, len,
                               s->kinds[k].lat);
    if (s != NULL && s->rate_mode && s->service && rc == 0)
        rc = hdr_log_write(r->hlog, "service_time", t0, len, s->service);
    if (s != NULL && s->rate_mode && s->lag && rc == 0)
        rc = hdr_log_write(r->hlog, "start_lag", t0, len, s->lag);
    if (rc != 0)
        log_fatal("hdr-log: write %s: %s", r->cfg.hdr_log_path,
                  strerror(errno));
    return rc;
}

/* -- Intervals ------------------------------------------------------------ */

/* The period's client CPU use, in CPUs (1.5: one and a half cores busy on
 * average), from the process's CPU time since the previous period (the
 * first one also counts the workers' start-up). */
static json_t *client_cpus(struct results *r, const struct report_data *d)
{
    uint64_t now  = process_cpu_ns();
    double used_s = now > r->cpu_ns ? (double) (now - r->cpu_ns) / 1e9 : 0;

    r->cpu_ns = now;
    return json_real(d->time_interval_s > 0 ? used_s / d->time_interval_s : 0);
}

/* Emits one period as an interval: NDJSON line, CSV row, log lines; with
 * `keep`, the object goes to the document's spool too. */
static int emit_period(struct results *r, const struct report_data *d,
                       uint64_t start_ns, bool keep)
{
    json_t *iv = results_interval_obj(d, true);
    int rc;

    if (iv != NULL &&
        json_object_set_new(iv, "client_cpus", client_cpus(r, d)) != 0) {
        json_decref(iv);
        iv = NULL;
    }
    if (iv == NULL) {
        log_fatal("results: encode the interval at %.0fs: %s", d->time_total_s,
                  strerror(errno ? errno : ENOMEM));
        return -1;
    }
    if (r->cfg.format == RESULTS_JSON) {
        json_object_set_new(iv, "type", json_string("interval"));
        json_dumpf(iv, r->cfg.out, RESULTS_JSON_FLAGS);
        fputc('\n', r->cfg.out);
        fflush(r->cfg.out);
        json_object_del(iv, "type");
    } else if (r->cfg.format == RESULTS_CSV) {
        csv_row(r, d, iv, "interval");
    }
    if (r->hlog && hlog_period(r, d, start_ns) != 0) {
        json_decref(iv);
        return -1;
    }
    rc = keep && r->file ? results_file_interval(r->file, iv) : 0;
    json_decref(iv);
    return rc;
}

int results_interval(struct results *r, const struct report_data *d,
                     uint64_t start_ns, uint64_t now_ns)
{
    (void) now_ns;
    if (emit_period(r, d, start_ns, true) != 0) return -1;
    r->nintervals++;
    return 0;
}

/* -- The document --------------------------------------------------------- */

static json_t *database(const struct results_config *c)
{
    const char *driver = c->db_driver ? c->db_driver() : NULL;

    if (driver == NULL) return json_null();
    return json_pack("{s:s, s:s?, s:s?}", "driver", driver, "server_version",
                     c->db_server_version ? c->db_server_version() : NULL,
                     "client_version",
                     c->db_client_version ? c->db_client_version() : NULL);
}

static json_t *ranks_array(const struct report_data *d)
{
    const double *ranks;
    double one;
    unsigned n = results_ranks(d, &ranks, &one);
    json_t *a  = json_array();

    for (unsigned i = 0; a != NULL && i < n; i++)
        if (json_array_append_new(a, json_real(ranks[i])) != 0) {
            json_decref(a);
            return NULL;
        }
    return a;
}

/* Detail's parts of the totals: kinds, rate, self-check. Its WARNING line
 * comes from the reporter (results_warning), as printed. */
static int put_detail_totals(struct results *r, json_t *doc,
                             const struct report_data *d)
{
    const struct detail_snapshot *s = d->delta->detail;
    json_t *kinds;
    bool bound = false;

    if (s == NULL) return 0;
    if (!(kinds = results_kinds(s, d, true))) return -1;
    if (json_array_size(kinds) == 0)
        json_decref(kinds);
    else if (json_object_set_new(doc, "kinds", kinds) != 0)
        return -1;
    if (s->rate_mode && s->service &&
        json_object_set_new(doc, "rate",
                            results_rate(s, d, r->cfg.rate, true)) != 0)
        return -1;
    if (json_object_set_new(
            doc, "self_check",
            results_self_check(s, r->cfg.server_run && r->cfg.server_run(),
                               &bound)) != 0)
        return -1;
    return 0;
}

/* -- Checkpoints ---------------------------------------------------------- */

/* A checkpoint: its time since the start and, over its period, what the
 * document has over the final report's: totals, kinds, rate, self-check. */
static json_t *checkpoint_obj(struct results *r, const struct report_data *d)
{
    json_t *o = json_object();

    if (!o || json_object_set_new(o, "time_s", json_real(d->time_total_s)) ||
        json_object_set_new(o, "totals", results_totals(d)) ||
        put_detail_totals(r, o, d) != 0) {
        json_decref(o);
        return NULL;
    }
    return o;
}

static int checkpoint_row(struct results *r, const struct report_data *d)
{
    json_t *iv = results_interval_obj(d, false);

    if (iv == NULL) return -1;
    csv_row(r, d, iv, "checkpoint");
    json_decref(iv);
    return 0;
}

int results_checkpoint(struct results *r, const struct report_data *d)
{
    json_t *cp = checkpoint_obj(r, d);

    if (cp == NULL || (r->cfg.format == RESULTS_CSV && checkpoint_row(r, d))) {
        json_decref(cp);
        log_fatal("results: encode the checkpoint at %.0fs: %s",
                  d->time_total_s, strerror(errno ? errno : ENOMEM));
        return -1;
    }
    if (r->cfg.format == RESULTS_JSON) {
        json_object_set_new(cp, "type", json_string("checkpoint"));
        json_dumpf(cp, r->cfg.out, RESULTS_JSON_FLAGS);
        fputc('\n', r->cfg.out);
        fflush(r->cfg.out);
        json_object_del(cp, "type");
    }
    if (r->checkpoints == NULL) {
        json_decref(cp);
        return 0;
    }
    return json_array_append_new(r->checkpoints, cp) == 0 ? 0 : -1;
}

/* "run": how the run ended (results_set_end; complete when nobody said)
 * and how long it measured, beside what was planned (PD-15). */
static int put_run_end(struct results *r, json_t *doc,
                       const struct report_data *d)
{
    json_t *end = r->run_end
                      ? json_copy(r->run_end)
                      : json_pack("{s:s, s:n, s:n}", "status", "complete",
                                  "planned_time_s", "planned_events");

    if (!end ||
        json_object_set_new(end, "time_s", json_real(d->time_total_s)) != 0) {
        json_decref(end);
        return -1;
    }
    return json_object_set_new(doc, "run", end);
}

static json_t *document(struct results *r, const struct report_data *d,
                        uint64_t start_ns, uint64_t now_ns)
{
    char start[40], end[40];
    double t0 = epoch_of(r, start_ns), t1 = epoch_of(r, now_ns);
    json_t *doc;

    results_time_text(start, sizeof(start), t0);
    results_time_text(end, sizeof(end), t1);
    doc = json_pack(
        "{s:s, s:{s:s, s:s, s:s}, s:o, s:s?, s:s, s:o, s:o, s:s, s:s, s:f, "
        "s:f, s:o, s:o, s:o, s:n}",
        "schema", "bench-result/1", "bench", "version", BENCH_VERSION, "compat",
        r->cfg.profile_m ? "1.1" : "1.0", "luajit", LUAJIT_VERSION_TEXT,
        "command_line", results_command_line(r->cfg.argc, r->cfg.argv), "test",
        r->cfg.test, "command", r->cfg.command ? r->cfg.command : "run", "host",
        results_host(), "database", database(&r->cfg), "start_time", start,
        "end_time", end, "start_epoch_s", t0, "end_epoch_s", t1, "options",
        results_options(r->cfg.opts), "percentiles", ranks_array(d), "totals",
        results_totals(d), "intervals");
    if (doc != NULL && put_detail_totals(r, doc, d) != 0) {
        json_decref(doc);
        return NULL;
    }
    if (doc != NULL && r->checkpoints &&
        json_object_set(doc, "checkpoints", r->checkpoints) != 0) {
        json_decref(doc);
        return NULL;
    }
    if (doc != NULL && json_object_set(doc, "warnings", r->warnings) != 0) {
        json_decref(doc);
        return NULL;
    }
    if (doc != NULL && put_run_end(r, doc, d) != 0) {
        json_decref(doc);
        return NULL;
    }
    /* None when no bucket closed (a writer not fed by a reporter). */
    if (doc != NULL && series_len(r->series) > 0 &&
        json_object_set_new(doc, "series", series_json(r->series)) != 0) {
        json_decref(doc);
        return NULL;
    }
    return doc;
}

int results_final(struct results *r, const struct report_data *d,
                  uint64_t start_ns, uint64_t now_ns)
{
    struct report_data whole = *d;
    json_t *doc;
    int rc = 0;

    /* No --report-interval: the run is one interval (CSV row, log lines),
     * and the document's intervals stay empty. Its workers have left by
     * now: the row names how many ran. */
    if (whole.threads_running == 0) whole.threads_running = d->delta->nthreads;
    if (r->nintervals == 0 && (r->cfg.format == RESULTS_CSV || r->hlog) &&
        emit_period(r, &whole, start_ns, false) != 0)
        return -1;
    if (r->hlog && hdr_log_close(r->hlog) != 0) {
        log_fatal("hdr-log: write %s: %s", r->cfg.hdr_log_path,
                  strerror(errno));
        rc = -1;
    }
    r->hlog = NULL;
    if (r->file == NULL) return rc;
    if (!(doc = document(r, d, start_ns, now_ns))) {
        log_fatal("results: encode the result document: %s",
                  strerror(errno ? errno : ENOMEM));
        return -1;
    }
    if (r->cfg.format == RESULTS_JSON) {
        json_object_set_new(doc, "type", json_string("result"));
        if (results_file_stream(r->file, doc, r->cfg.out) != 0) rc = -1;
        json_object_del(doc, "type");
    }
    if (r->cfg.path && results_file_write(r->file, doc) != 0) rc = -1;
    json_decref(doc);
    return rc;
}
