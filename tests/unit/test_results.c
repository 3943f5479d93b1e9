/* SPDX-License-Identifier: MIT */
/* test_results.c: the result document, NDJSON and interval log written
 * from fixed report data, with every section the run can feed (per kind,
 * --rate's service time and lag, the self-check and its verdict): read
 * back with jansson and hdr_codec, and byte for byte as jansson dumps the
 * same value (the intervals are streamed, the rest dumped around them).
 * Then the file's life: a run that ends without its final report leaves
 * the earlier document, a replaced one keeps its mode, and a long run's
 * intervals take no memory. With a path argument, also leaves the
 * document there (tests/cli/results.t validates it against the schema). */
#include <dirent.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <jansson.h>

#include "measure/detail.h"
#include "measure/hdr_codec.h"
#include "measure/hist.h"
#include "options.h"
#include "report/report.h"
#include "report/results.h"
#include "report/series.h"
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
    json_t *tot = json_object_get(doc, "totals"), *ps, *sc, *rate, *ser;

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
    ser = json_object_get(doc, "series");
    ok(json_real_value(json_object_get(ser, "bucket_s")) == 1.0 &&
           json_real_value(json_object_get(ser, "last_s")) == 1.0 &&
           json_integer_value(
               json_array_get(json_object_get(ser, "events"), 1)) == 1000 &&
           json_integer_value(
               json_array_get(json_object_get(ser, "errors"), 1)) == 3,
       "series: 1 s buckets, counts per bucket, as long as the run");
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

/* -- The bytes and the file's life ---------------------------------------- */

#define FLAGS (JSON_COMPACT | JSON_REAL_PRECISION(16))

/* Whether text (one document and a newline) is what jansson writes for
 * the value it parses to, with flags. */
static bool as_jansson_dumps(const char *text, size_t len, size_t flags)
{
    json_error_t err;
    json_t *v = json_loadb(text, len, 0, &err);
    char *again;
    bool same;

    if (v == NULL) return false;
    again = json_dumps(v, flags);
    same  = again && strlen(again) + 1 == len &&
           memcmp(again, text, len - 1) == 0 && text[len - 1] == '\n';
    free(again);
    json_decref(v);
    return same;
}

/* The document file and --format=json's last line (in out) are what
 * jansson writes for the whole value: indented, and compact. */
static void check_bytes(const char *path, FILE *out)
{
    char *doc = slurp(path), *last, *nd = calloc(1, 1 << 20);
    size_t n;

    ok(doc && as_jansson_dumps(doc, strlen(doc), FLAGS | JSON_INDENT(1)),
       "the document file is byte for byte jansson's dump of it");
    rewind(out);
    n     = nd ? fread(nd, 1, (1 << 20) - 1, out) : 0;
    nd[n] = '\0';
    /* the last line: from after the newline before the final one */
    for (last = n > 0 ? nd + n - 1 : nd; last > nd && last[-1] != '\n';)
        last--;
    ok(strstr(last, "\"type\":\"result\"") &&
           as_jansson_dumps(last, strlen(last), FLAGS),
       "the NDJSON document line is byte for byte jansson's dump of it");
    free(doc);
    free(nd);
}

static size_t entries(const char *dir)
{
    DIR *d   = opendir(dir);
    size_t n = 0;

    while (d && readdir(d))
        n++;
    if (d) closedir(d);
    return n - 2;
}

/* A run that fails after some intervals (no results_final) leaves the
 * earlier document as it was and no file beside it; one that ends
 * replaces it, keeping its mode. */
static void check_replace(struct results_config *cfg, struct report_data *d)
{
    char dir[]              = "/tmp/test_results_dir.XXXXXX", path[64], *text;
    struct results_config c = *cfg;
    struct results *r;
    struct stat st;
    FILE *f;

    if (!mkdtemp(dir)) return;
    snprintf(path, sizeof(path), "%s/r.json", dir);
    if ((f = fopen(path, "w")) != NULL) {
        fputs("earlier\n", f);
        fclose(f);
    }
    chmod(path, 0640);
    c.path         = path;
    c.format       = RESULTS_TEXT;
    c.hdr_log_path = NULL;
    r              = results_new(&c);
    ok(r && results_interval(r, d, 0, 1000000000) == 0 &&
           results_interval(r, d, 0, 2000000000) == 0,
       "a run that fails: two intervals");
    results_free(r);
    is_str((text = slurp(path)), "earlier\n",
           "it leaves the earlier document as it was");
    free(text);
    is_int(entries(dir), 1, "and nothing beside it");
    r = results_new(&c);
    ok(r && results_interval(r, d, 0, 1000000000) == 0 &&
           results_final(r, d, 0, 2000000000) == 0,
       "a run that ends replaces it");
    results_free(r);
    text = slurp(path);
    ok(text && strncmp(text, "{\n \"schema\":", 12) == 0 &&
           stat(path, &st) == 0 && (st.st_mode & 0777) == 0640 &&
           entries(dir) == 1,
       "with its document, in the file's mode 0640, nothing beside it");
    free(text);
    unlink(path);
    rmdir(dir);
}

static size_t heap_bytes(void)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 33)
    struct mallinfo2 m = mallinfo2();

    return m.uordblks + m.hblkhd;
#else
    return 0;
#endif
}

/* Memory stays flat however many intervals a run reports (issue 28: each
 * interval's object was kept until the end, ~80 KB each): the heap after
 * 100 intervals and after 1,100 more, as --results and --format=json
 * write them. Each interval here is ~10 KB of JSON: keeping them would
 * grow the heap by tens of MB. */
static void check_flat(struct results_config *cfg, struct report_data *d)
{
    char dir[]              = "/tmp/test_results_flat.XXXXXX", path[64];
    struct results_config c = *cfg;
    struct results *r;
    size_t before = 0, after;
    int rc        = 0, i;

    if (!mkdtemp(dir)) return;
    snprintf(path, sizeof(path), "%s/r.json", dir);
    c.path         = path;
    c.hdr_log_path = NULL;
    c.out          = fopen("/dev/null", "w");
    r              = results_new(&c);
    for (i = 1; r && rc == 0 && i <= 1200; i++) {
        rc = results_interval(r, d, 0, (uint64_t) i * 1000000000);
        if (i == 100) before = heap_bytes();
    }
    after = heap_bytes();
    ok(r && rc == 0 && results_final(r, d, 0, 1200000000000) == 0,
       "1,200 intervals written");
    results_free(r);
    fclose(c.out);
    ok(after < before + 256 * 1024,
       before == 0 ? "the heap: # SKIP not measurable here (a sanitizer's "
                     "allocator, or no mallinfo2)"
                   : "the heap grew by less than 256 KB over 1,100 more "
                     "intervals");
    printf("# heap after 100 intervals %zu bytes, after 1200 %zu\n", before,
           after);
    unlink(path);
    rmdir(dir);
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

    uint64_t c1[SERIES_N] = {1000, 300, 2}, c2[SERIES_N] = {2000, 600, 5};

    ok((r = results_new(cfg)) != NULL, "results_new");
    results_series_add(r, c1, 0, 1000000000, false);
    ok(results_interval(r, d, 0, 1000000000) == 0, "first interval");
    d->time_total_s = 2;
    ok(results_interval(r, d, 0, 2000000000) == 0, "second interval");
    /* the whole run: both intervals */
    for (uint64_t i = 1; i <= 1000; i++)
        hist_record(s->lat, i * 1000);
    s->c[STAT_EVENTS]  = 2000;
    d->time_interval_s = 2;
    results_warning(r, "the client limited this result");
    results_series_add(r, c2, 0, 2000000000, true);
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
    check_bytes(cfg.path, out);
    fclose(out);
    check_replace(&cfg, &d);
    check_flat(&cfg, &d);
    unlink(log_path);
    if (argc <= 1) unlink(doc_path);
    options_free(o);
    stats_snapshot_fini(&s);
    return done_testing();
}
