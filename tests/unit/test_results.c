/* SPDX-License-Identifier: MIT */
/* test_results.c: the result document, NDJSON and interval log written
 * from fixed report data, with every section the run can feed (per kind,
 * --rate's service time and lag, the self-check and its verdict): read
 * back with jansson and hdr_codec. With a path argument, also leaves the
 * document there (tests/cli/results.t validates it against the schema). */
#define _POSIX_C_SOURCE 200809L

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "measure/detail.h"
#include "measure/hdr_codec.h"
#include "measure/hist.h"
#include "options.h"
#include "report/report.h"
#include "report/results.h"
#include "measure/stats.h"
#include "tap.h"

#define NTHREADS 2

static const char *driver_mysql(void)
{
    return "mysql";
}

static bool server_run(void)
{
    return true;
}

static const char *server_version(void)
{
    return "10.11.6-MariaDB";
}

/* A period: 1000 events of 1..1000 us, 600 point selects and 400 index
 * updates, under --rate; workers busy on the CPU 90% of 2 s each. */
static void fill(struct stats_snapshot *s)
{
    struct detail_snapshot *d = s->detail;

    for (uint64_t i = 1; i <= 1000; i++) {
        hist_record(s->lat, i * 1000);
        hist_record(d->service, i * 900);
        hist_record(d->lag, i * 100);
        hist_record(d->kinds[i <= 600 ? DETAIL_KIND_POINT_SELECT
                                      : DETAIL_KIND_INDEX_UPDATE]
                        .lat,
                    i * 800);
    }
    s->c[STAT_EVENTS]                                  = 1000;
    s->c[STAT_READS]                                   = 600;
    s->c[STAT_WRITES]                                  = 400;
    d->kinds[DETAIL_KIND_POINT_SELECT].n[DETAIL_READ]  = 600;
    d->kinds[DETAIL_KIND_INDEX_UPDATE].n[DETAIL_WRITE] = 400;
    d->nkinds                                          = DETAIL_KIND_BUILTIN;
    d->nerrors                                         = 1;
    d->errors[0] = (struct detail_error_count){1062, "23000", false, 5};
    d->rate_mode = true;
    for (unsigned t = 0; t < NTHREADS; t++) {
        s->thread_events[t] = 500;
        s->thread_lat_ns[t] = 250000000;
        d->thread[t]        = (struct detail_selfcheck){.wall_ns = 2000000000,
                                                        .cpu_ns  = 1800000000};
    }
    d->total =
        (struct detail_selfcheck){.wall_ns = 4000000000, .cpu_ns = 3600000000};
}

static bool decodes_to(const char *b64, uint64_t count)
{
    struct hist *h = hist_new();
    bool ok        = b64 && hdr_codec_decode_add(h, b64, strlen(b64)) == 0 &&
              hist_count(h) == count;

    hist_free(h);
    return ok;
}

static json_t *kind(json_t *doc, const char *name)
{
    size_t i;
    json_t *k;

    json_array_foreach(
        json_object_get(doc, "kinds"), i,
        k) if (strcmp(json_string_value(json_object_get(k, "kind")), name) ==
               0) return k;
    return NULL;
}

static void check_doc(json_t *doc)
{
    json_t *tot = json_object_get(doc, "totals"), *ps, *sc, *rate;

    is_str(json_string_value(json_object_get(doc, "schema")), "bench-result/1",
           "schema bench-result/1");
    is_int(json_array_size(json_object_get(doc, "intervals")), 2,
           "two intervals");
    ok(decodes_to(json_string_value(
                      json_object_get(json_object_get(tot, "latency"), "hdr")),
                  2000),
       "the totals' record decodes to its 2000 values");
    ps = kind(doc, "point select");
    ok(ps && json_integer_value(json_object_get(ps, "reads")) == 600 &&
           decodes_to(json_string_value(json_object_get(
                          json_object_get(ps, "latency"), "hdr")),
                      600),
       "kind 'point select': 600 reads, its record of 600");
    ok(kind(doc, "index update") && !kind(doc, "delete"),
       "kinds that ran are listed, the others not");
    ok(json_integer_value(json_object_get(
           json_array_get(json_object_get(tot, "errors_by_code"), 0),
           "count")) == 5,
       "errors by code: 1062/23000, 5 of them");
    rate = json_object_get(doc, "rate");
    ok(json_integer_value(json_object_get(rate, "target_per_s")) == 500 &&
           decodes_to(json_string_value(json_object_get(
                          json_object_get(rate, "service_time"), "hdr")),
                      1000),
       "--rate: target and the service time record");
    sc = json_object_get(doc, "self_check");
    ok(json_is_true(json_object_get(sc, "client_bound")) &&
           json_is_true(json_object_get(sc, "applies")) &&
           json_array_size(json_object_get(sc, "threads")) == NTHREADS,
       "self-check: client bound at 90% busy, per thread");
    is_str(
        json_string_value(json_array_get(json_object_get(doc, "warnings"), 0)),
        "the client limited this result", "the WARNING line printed");
    is_str(json_string_value(json_object_get(json_object_get(doc, "database"),
                                             "server_version")),
           "10.11.6-MariaDB", "the server's version");
}

static char *slurp(const char *path)
{
    FILE *f    = fopen(path, "r");
    char *text = NULL;
    size_t n   = 0;

    if (f) {
        text = calloc(1, 1 << 20);
        if (text) n = fread(text, 1, (1 << 20) - 1, f);
        fclose(f);
        text[n] = '\0';
    }
    return text;
}

static void check_log(const char *path)
{
    char *log = slurp(path);

    ok(log && strstr(log, "#[Histogram log format version 1.3]\n"),
       "the log's header");
    ok(log && strstr(log, "\nTag=all,0.000,1.000,") &&
           strstr(log, "\nTag=all,1.000,1.000,"),
       "an 'all' line per interval");
    ok(log && strstr(log, "\nTag=point_select,") &&
           strstr(log, "\nTag=index_update,") &&
           strstr(log, "\nTag=service_time,") &&
           strstr(log, "\nTag=start_lag,"),
       "a tag per kind, service_time and start_lag");
    free(log);
}

/* Gives s (of NTHREADS workers) its records and fills them with fill(). */
static void snapshot_init(struct stats_snapshot *s)
{
    s->lat           = hist_new();
    s->detail        = detail_snapshot_new(NTHREADS);
    s->thread_events = calloc(NTHREADS, sizeof(uint64_t));
    s->thread_lat_ns = calloc(NTHREADS, sizeof(uint64_t));
    fill(s);
}

/* Writes a run through cfg: two intervals of d, then the final result of
 * the whole run (d's snapshot s then holding both intervals). */
static void write_run(struct results_config *cfg, struct report_data *d,
                      struct stats_snapshot *s)
{
    struct results *r;

    ok((r = results_new(cfg)) != NULL, "results_new");
    ok(results_interval(r, d, 0, 1000000000) == 0, "first interval");
    d->time_total_s = 2;
    ok(results_interval(r, d, 0, 2000000000) == 0, "second interval");
    /* the whole run: both intervals */
    for (uint64_t i = 1; i <= 1000; i++)
        hist_record(s->lat, i * 1000);
    s->c[STAT_EVENTS]  = 2000;
    d->time_interval_s = 2;
    results_warning(r, "the client limited this result");
    ok(results_final(r, d, 0, 2000000000) == 0, "final");
    results_free(r);
}

int main(int argc, char **argv)
{
    char doc_path[]         = "/tmp/test_results.XXXXXX";
    char log_path[]         = "/tmp/test_results_log.XXXXXX";
    char *args[]            = {"bench", "--mysql-password=secret", "run"};
    struct options *o       = options_new();
    struct stats_snapshot s = {.nthreads = NTHREADS};
    double ranks[]          = {50, 99.9};
    FILE *out               = tmpfile();
    json_error_t err;
    json_t *doc;

    close(mkstemp(doc_path));
    close(mkstemp(log_path));
    snapshot_init(&s);
    struct report_data d      = {.time_total_s    = 1,
                                 .time_interval_s = 1,
                                 .threads_running = NTHREADS,
                                 .delta           = &s,
                                 .percentile      = 50,
                                 .percentiles     = ranks,
                                 .npercentiles    = 2,
                                 .percentile_list = true,
                                 .rate_mode       = true};
    struct results_config cfg = {.format       = RESULTS_JSON,
                                 .out          = out,
                                 .path         = argc > 1 ? argv[1] : doc_path,
                                 .hdr_log_path = log_path,
                                 .argc         = 3,
                                 .argv         = args,
                                 .opts         = o,
                                 .test         = "t",
                                 .command      = "run",
                                 .rate         = 500,
                                 .db_driver    = driver_mysql,
                                 .db_server_version = server_version,
                                 .server_run        = server_run};

    write_run(&cfg, &d, &s);
    doc = json_load_file(cfg.path, 0, &err);
    ok(doc != NULL, "the document is JSON");
    if (doc) check_doc(doc);
    json_decref(doc);
    check_log(log_path);
    fflush(out);
    ok(ftell(out) > 0, "NDJSON written on the format's stream");
    fclose(out);
    unlink(log_path);
    if (argc <= 1) unlink(doc_path);
    options_free(o);
    stats_snapshot_fini(&s);
    return done_testing();
}
