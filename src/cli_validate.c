/* SPDX-License-Identifier: MIT */
/* cli_validate: see cli_validate.h. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli_validate.h"
#include "db/db.h"
#include "log.h"
#include "options.h"
#include "rand.h"
#include "report/metrics.h"
#include "report/results.h"
#include "run_config.h"
#include "script/script_source.h"
#include "version.h"
#include "wallclock.h"

static int get_int(const struct options *o, const char *name, int *out)
{
    if (options_get_int(o, name, out) == 0) return 0;
    options_report_bad_int(o, name);
    return -1;
}

/* 1.0 aliases: copied when above their default, with a warning on stdout
 * before the banner (CLI-8). */
static int apply_aliases(struct options *o)
{
    static const char *const map[][2] = {{"num-threads", "threads"},
                                         {"max-requests", "events"},
                                         {"max-time", "time"},
                                         {"tx-rate", "rate"}};
    for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
        int v, floor = strcmp(map[i][0], "num-threads") == 0 ? 1 : 0;
        if (!options_is_known(o, map[i][0])) continue;
        if (get_int(o, map[i][0], &v) != 0) return 1;
        if (v > floor) {
            printf("WARNING: --%s is deprecated, use --%s instead\n", map[i][0],
                   map[i][1]);
            options_set(o, map[i][1], options_get_str(o, map[i][0]));
        }
    }
    return 0;
}

static int parse_checkpoints(struct run_config *cfg)
{
    char **items;
    int n = options_get_list(cfg->opts, "report-checkpoints", &items);

    if (n < 0) return -1;
    if (n > RUN_MAX_CHECKPOINTS) {
        log_fatal("Too many checkpoints in --report-checkpoints (up to %d "
                  "can be defined)",
                  RUN_MAX_CHECKPOINTS);
        options_free_list(items);
        return 1;
    }
    for (int i = 0; i < n; i++) {
        char *end;
        errno  = 0;
        long v = strtol(items[i], &end, 10);
        if (errno || *end || end == items[i] || v < 0 || v > INT_MAX) {
            log_fatal("Invalid value for --report-checkpoints: '%s'", items[i]);
            options_free_list(items);
            return 1;
        }
        unsigned j = cfg->ncheckpoints++;
        while (j > 0 && cfg->checkpoints[j - 1] > (unsigned) v) {
            cfg->checkpoints[j] = cfg->checkpoints[j - 1];
            j--;
        }
        cfg->checkpoints[j] = (unsigned) v;
    }
    options_free_list(items);
    return 0;
}

/* --forced-shutdown: off, N seconds, N% of --time, or empty for 5%. */
static int parse_forced_shutdown(struct run_config *cfg)
{
    const char *v = options_get_str(cfg->opts, "forced-shutdown");
    char *end;
    long n;

    cfg->forced_shutdown_s = -1;
    if (v && strcasecmp(v, "off") == 0) return 0;
    if (!v || !*v) {
        n   = 5;
        end = "%";
    } else {
        errno = 0;
        n     = strtol(v, &end, 10);
        if (errno || end == v || n < 0 || n > INT_MAX ||
            (*end && strcmp(end, "%") != 0)) {
            log_fatal("Invalid value for --forced-shutdown: '%s'", v);
            return 1;
        }
    }
    if (cfg->time_s > 0) {
        /* n <= INT_MAX and time_s an int: the product fits in 64 bits */
        long long s = *end == '%' ? (long long) cfg->time_s * n / 100 : n;
        cfg->forced_shutdown_s = s > INT_MAX ? INT_MAX : (int) s;
    }
    return 0;
}

/* --rand-seed-offset, else a Kubernetes Indexed Job's completion index. */
static int parse_seed_offset(struct run_config *cfg)
{
    const char *env = getenv("JOB_COMPLETION_INDEX");
    int v;

    if (options_is_set(cfg->opts, "rand-seed-offset") || !env || !*env) {
        if (get_int(cfg->opts, "rand-seed-offset", &v)) return 1;
    } else if (options_get_int_text(env, &v) != 0) {
        log_fatal("Invalid value for JOB_COMPLETION_INDEX in the "
                  "environment: '%s'",
                  env);
        return 1;
    }
    if (v < 0) {
        log_fatal("Invalid value for --rand-seed-offset: %d", v);
        return 1;
    }
    cfg->rand_seed_offset = (unsigned) v;
    return 0;
}

/* A duration: 30s, 2m, 1h or plain seconds (a fraction allowed), at most
 * a day, into *ns; --metrics-linger and --start-late-max read it. -1 when
 * v is not one (the caller names the option). */
static int parse_duration(const char *v, uint64_t *ns)
{
    static const struct {
        const char *unit;
        double s;
    } units[] = {{"", 1}, {"s", 1}, {"m", 60}, {"h", 3600}};
    char *end;
    double n;

    errno = 0;
    n     = strtod(v, &end);
    for (size_t i = 0; end != v && !errno && n >= 0 && i < 4; i++)
        if (strcmp(end, units[i].unit) == 0 && n * units[i].s <= 86400) {
            *ns = (uint64_t) (n * units[i].s * 1e9);
            return 0;
        }
    return -1;
}

/* --start-late-max: a duration, or 0 / off for no bound (0 is "none" as
 * for --time, --rate and --latency-limit; off as for --forced-shutdown).
 * Its default, 5s, is far above what NTP-synchronised clocks and a busy
 * host's scheduling put between processes started together (ms), so a
 * process that merely woke late still runs; yet small beside a run of
 * minutes: one later than that covers a window visibly not the others'.
 * Finer alignment is bench merge's check (one report interval). Only with
 * --start-at: alone it would bound nothing, a mistake to name. */
static int parse_start_late_max(struct run_config *cfg)
{
    const char *v = options_get_str(cfg->opts, "start-late-max");

    cfg->start_late_max_ns = 0;
    if (!v || (strcasecmp(v, "off") != 0 &&
               parse_duration(v, &cfg->start_late_max_ns) != 0)) {
        log_fatal("Invalid value for --start-late-max: '%.64s' (5s, 2m, 1h "
                  "or seconds, at most a day; 0 or off for no bound)",
                  v ? v : "");
        return 1;
    }
    if (options_is_set(cfg->opts, "start-late-max") && !cfg->start_at_ns) {
        log_fatal("--start-late-max needs --start-at: it bounds how long "
                  "after that time the run may still start");
        return 1;
    }
    return 0;
}

int cli_start_late(const struct run_config *cfg, int64_t now_ns)
{
    int64_t at = cfg->start_at_ns;
    char when[40];

    if (!at || !cfg->start_late_max_ns || now_ns <= at ||
        (uint64_t) (now_ns - at) <= cfg->start_late_max_ns)
        return 0;
    wallclock_format(at, when, sizeof(when));
    log_fatal("--start-at %s passed %.3f s ago, more than "
              "--start-late-max=%.64s: not starting out of step with the "
              "other processes (--start-late-max=off starts anyway)",
              when, (double) (now_ns - at) / 1e9,
              options_get_str(cfg->opts, "start-late-max"));
    return -1;
}

/* --start-at: one clear error for anything but a time. A time already
 * past is run.c's warning (a late process still runs) unless it passed
 * more than --start-late-max ago: then `run` stops here, before it
 * connects, as it would once connected (run.c asks again then). Only
 * `run` waits for --start-at; other commands ignore it. */
static int parse_start_at(struct run_config *cfg)
{
    const char *v = options_get_str(cfg->opts, "start-at");

    cfg->start_at_ns = 0;
    if (options_is_set(cfg->opts, "start-at") &&
        (!v || wallclock_parse_ns(v, &cfg->start_at_ns) != 0 ||
         cfg->start_at_ns <= 0)) {
        log_fatal("Invalid value for --start-at: '%s' (expected unix "
                  "seconds, e.g. 1767225600, or an RFC 3339 time, e.g. "
                  "2026-01-01T00:00:00Z)",
                  v ? v : "");
        return 1;
    }
    if (parse_start_late_max(cfg) != 0) return 1;
    if (cfg->command && strcmp(cfg->command, "run") == 0 &&
        cli_start_late(cfg, wallclock_now_ns()) != 0)
        return 1;
    return 0;
}

static int validate_rand(struct run_config *cfg)
{
    struct rand_config rc = {0};
    const char *type      = options_get_str(cfg->opts, "rand-type");

    if (!type || rand_dist_from_name(type, &rc.dist) != 0) {
        log_fatal("Invalid random numbers distribution: %s.", type ? type : "");
        return 1;
    }
    if (get_int(cfg->opts, "rand-spec-iter", &rc.spec_iter) ||
        get_int(cfg->opts, "rand-spec-pct", &rc.spec_pct) ||
        get_int(cfg->opts, "rand-spec-res", &rc.spec_res) ||
        get_int(cfg->opts, "rand-seed", &cfg->rand_seed))
        return 1;
    rc.pareto_h    = options_get_double(cfg->opts, "rand-pareto-h");
    rc.zipfian_exp = options_get_double(cfg->opts, "rand-zipfian-exp");
    if (rc.zipfian_exp < 0) {
        log_fatal("--rand-zipfian-exp must be >= 0");
        return 1;
    }
    if (rand_configure(&rc) != 0) {
        log_fatal("Invalid random numbers distribution parameters");
        return 1;
    }
    return parse_seed_offset(cfg);
}

/* More threads than this cannot start on any machine bench targets (each
 * needs its stack and a Lua state); the kernel's own default limit of
 * threads per user is of this order. */
#define CLI_MAX_THREADS 100000
/* The smallest --thread-stack-size a worker runs with: 24K was measured
 * enough for the OLTP scripts on each driver, TLS included; 32K leaves a
 * margin (tests/cli/errors.t). */
#define CLI_MIN_STACK (32 * 1024)

static int check_not_negative(const char *name, int v)
{
    if (v >= 0) return 0;
    log_fatal("Invalid value for --%s: %d.\n", name, v);
    return 1;
}

/* --latency-limit: milliseconds, 0 (none) to a day. */
static int validate_latency_limit(struct run_config *cfg)
{
    const char *v = options_get_str(cfg->opts, "latency-limit");
    double ms     = options_get_double(cfg->opts, "latency-limit");
    char *end     = NULL;

    if (v && *v) strtod(v, &end);
    if (v && *v && (!end || *end != '\0' || !(ms >= 0 && ms <= 86400000))) {
        log_fatal("Invalid value for --latency-limit: '%s' (milliseconds, 0 "
                  "for none).\n",
                  v);
        return 1;
    }
    cfg->latency_limit_ns = (uint64_t) (ms * 1e6);
    return 0;
}

static int validate_limits(struct run_config *cfg)
{
    struct options *o = cfg->opts;
    int threads;

    if (get_int(o, "threads", &threads) || get_int(o, "events", &cfg->events) ||
        get_int(o, "time", &cfg->time_s) ||
        get_int(o, "warmup-time", &cfg->warmup_s) ||
        get_int(o, "rate", &cfg->rate) ||
        get_int(o, "report-interval", &cfg->report_interval_s) ||
        get_int(o, "thread-init-timeout", &cfg->init_timeout_s))
        return 1;
    /* sysbench's message for <= 0; bench also refuses a count no machine
     * can start (docs/compatibility.md). */
    if (threads <= 0 || threads > CLI_MAX_THREADS) {
        log_fatal("Invalid value for --threads: %d.\n", threads);
        return 1;
    }
    cfg->threads = (unsigned) threads;
    /* sysbench runs for ever on a negative --time and ignores a negative
     * --events or --report-interval: a typo bench names instead. */
    if (check_not_negative("time", cfg->time_s) ||
        check_not_negative("events", cfg->events) ||
        check_not_negative("report-interval", cfg->report_interval_s) ||
        check_not_negative("thread-init-timeout", cfg->init_timeout_s))
        return 1;
    /* sysbench takes a negative rate and then aborts with "The event queue
     * is full"; running unpaced instead would hide the typo. */
    if (cfg->rate < 0) {
        log_fatal("Invalid value for --rate: %d.\n", cfg->rate);
        return 1;
    }
    if (cfg->warmup_s < 0) {
        log_fatal("Invalid value for --warmup-time: %d.\n", cfg->warmup_s);
        return 1;
    }
    if (validate_latency_limit(cfg) != 0) return 1;
    cfg->stack_size = options_get_size(o, "thread-stack-size");
    if (cfg->stack_size == 0 || cfg->stack_size > INT_MAX) {
        log_fatal("Invalid value for thread-stack-size: %zu.\n",
                  cfg->stack_size);
        return 1;
    }
    /* Below this a worker's Lua state overflows its stack while the
     * script loads (SIGSEGV in sysbench and, before, in bench). */
    if (cfg->stack_size < CLI_MIN_STACK) {
        log_fatal("Invalid value for thread-stack-size: %zu (a worker "
                  "thread needs at least %dK).\n",
                  cfg->stack_size, CLI_MIN_STACK / 1024);
        return 1;
    }
    return parse_forced_shutdown(cfg);
}

/* --percentile=50,99,99.9 (bench's): a list, or fractions; each in
 * (0, 100]. cfg->percentile is then the first, rounded down to at least 1,
 * for what reads sysbench's int. */
static int parse_percentile_list(struct run_config *cfg, const char *text)
{
    const char *p = text;

    cfg->npercentiles    = 0;
    cfg->percentile_list = true;
    while (*p) {
        char *end;
        double v = strtod(p, &end);
        if (end == p || (*end && *end != ',') || !(v > 0 && v <= 100) ||
            cfg->npercentiles == RUN_MAX_PERCENTILES) {
            log_fatal("Invalid value for --percentile: %s (a list of at "
                      "most %d percentiles, each above 0 and at most 100)",
                      text, RUN_MAX_PERCENTILES);
            return 1;
        }
        cfg->percentiles[cfg->npercentiles++] = v;
        p                                     = *end ? end + 1 : end;
    }
    cfg->percentile = cfg->percentiles[0] < 1 ? 1 : (int) cfg->percentiles[0];
    return 0;
}

static int validate_percentile(struct run_config *cfg)
{
    struct options *o = cfg->opts;
    const char *text  = options_get_str(o, "percentile");

    if (options_get_int(o, "percentile", &cfg->percentile) != 0) {
        if (text && strchr(text, ',') == NULL && strchr(text, '.') == NULL)
            return get_int(o, "percentile", &cfg->percentile) ? 1 : 0;
        return parse_percentile_list(cfg, text);
    }
    if (cfg->percentile < 0 || cfg->percentile > 100) {
        log_fatal("Invalid value for --percentile: %d", cfg->percentile);
        return 1;
    }
    cfg->npercentiles   = cfg->percentile > 0;
    cfg->percentiles[0] = cfg->percentile;
    return 0;
}

/* --metrics-linger: a duration (parse_duration), 0 for none. */
static int parse_linger(struct run_config *cfg, const char *v)
{
    if (parse_duration(v, &cfg->metrics_linger_ns) == 0) return 0;
    log_fatal("Invalid value for --metrics-linger: '%.64s' (30s, 2m, 1h or "
              "seconds, at most a day; 0 for none)",
              v);
    return 1;
}

static const char *str_if_set(const struct options *o, const char *name)
{
    return options_is_set(o, name) ? options_get_str(o, name) : NULL;
}

/* --metrics-*: each of linger and job only with the option it serves. */
static int validate_metrics(struct run_config *cfg)
{
    const struct options *o = cfg->opts;
    const char *linger      = options_get_str(o, "metrics-linger");

    cfg->metrics_addr = str_if_set(o, "metrics-addr");
    cfg->metrics_push = str_if_set(o, "metrics-push");
    cfg->metrics_job  = str_if_set(o, "metrics-job");
    if (linger && parse_linger(cfg, linger) != 0) return 1;
    if (cfg->metrics_linger_ns && !cfg->metrics_addr) {
        log_fatal("--metrics-linger needs --metrics-addr: it keeps that "
                  "endpoint serving after the run");
        return 1;
    }
    if (cfg->metrics_job && !cfg->metrics_push) {
        log_fatal("--metrics-job needs --metrics-push: it names the group "
                  "pushed to the Pushgateway");
        return 1;
    }
    if (cfg->metrics_push &&
        metrics_check_push(cfg->metrics_push, cfg->metrics_job) != 0)
        return 1;
    return 0;
}

static int validate_stats(struct run_config *cfg)
{
    struct options *o = cfg->opts;
    int verbosity;

    if (validate_percentile(cfg) || get_int(o, "verbosity", &verbosity) ||
        validate_metrics(cfg))
        return 1;
    cfg->extended_report = options_get_bool(o, "extended-report");
    cfg->histogram       = options_get_bool(o, "histogram");
    if (cfg->histogram && cfg->percentile == 0) {
        log_fatal("--histogram cannot be used with --percentile=0");
        return 1;
    }
    if (verbosity < 0 || verbosity > 5) {
        printf("Invalid value for verbosity: %u\n",
               (unsigned) (unsigned char) verbosity);
        return 1;
    }
    cfg->debug    = options_get_bool(o, "debug");
    cfg->validate = options_get_bool(o, "validate");
    cfg->progress = options_get_bool(o, "progress") && verbosity >= 3;
    log_set_verbosity(cfg->debug ? LOG_DEBUG : verbosity);
    return 0;
}

/* --think-time: MS or exp:MS, a non-negative number of milliseconds. */
static int parse_think_time(struct run_config *cfg, const char *v)
{
    char *end;

    cfg->think_exp = strncmp(v, "exp:", 4) == 0;
    if (cfg->think_exp) v += 4;
    errno         = 0;
    cfg->think_ms = strtod(v, &end);
    if (errno || end == v || *end || !(cfg->think_ms >= 0) ||
        cfg->think_ms > 86400000.0) {
        log_fatal("Invalid value for --think-time: '%s' (MS or exp:MS "
                  "expected)",
                  options_get_str(cfg->opts, "think-time"));
        return 1;
    }
    return 0;
}

/* --virtual-users and the options that only apply with it. */
static int validate_virtual_users(struct run_config *cfg)
{
    const char *think = options_get_str(cfg->opts, "think-time");
    int users, every;

    if (get_int(cfg->opts, "virtual-users", &users) ||
        get_int(cfg->opts, "reconnect-every", &every) ||
        parse_think_time(cfg, think ? think : "0"))
        return 1;
    if (users < 0 || users > CLI_MAX_THREADS ||
        (users > 0 && (unsigned) users < cfg->threads)) {
        log_fatal("Invalid value for --virtual-users: %d (0, or from "
                  "--threads to %d)",
                  users, CLI_MAX_THREADS);
        return 1;
    }
    if (check_not_negative("reconnect-every", every)) return 1;
    if (users == 0 && (every > 0 || cfg->think_ms > 0)) {
        log_fatal("--think-time and --reconnect-every need --virtual-users");
        return 1;
    }
    cfg->virtual_users   = (unsigned) users;
    cfg->reconnect_every = (unsigned) every;
    return 0;
}

/* --format, --results, --hdr-log (docs/results.md). A machine format takes
 * standard output before the banner is printed: all else goes to stderr. */
static int validate_output(struct run_config *cfg)
{
    const char *format = options_get_str(cfg->opts, "format");
    const char *res    = options_get_str(cfg->opts, "results");
    const char *hlog   = options_get_str(cfg->opts, "hdr-log");
    enum results_format f;

    if (results_parse_format(format ? format : "text", &f) != 0) {
        log_fatal("Invalid value for --format: '%s' (text, json or csv)",
                  format);
        return 1;
    }
    cfg->format       = (int) f;
    cfg->results_path = res && *res ? res : NULL;
    cfg->hdr_log_path = hlog && *hlog ? hlog : NULL;
    if (f != RESULTS_TEXT && !(cfg->machine_out = results_take_stdout())) {
        log_fatal("results: take standard output: %s", strerror(errno));
        return 1;
    }
    return 0;
}

int cli_validate(struct run_config *cfg)
{
    int rc;

    if (!cfg->profile_m && apply_aliases(cfg->opts)) return 1;
    if ((rc = validate_limits(cfg)) || (rc = validate_stats(cfg)) ||
        (rc = validate_rand(cfg)) || (rc = parse_checkpoints(cfg)) ||
        (rc = parse_start_at(cfg)) || (rc = validate_virtual_users(cfg)) ||
        (rc = validate_output(cfg)))
        return rc;
    if (db_validate_options(cfg->opts) != 0) return 1;
    cfg->luajit_cmd = options_get_str(cfg->opts, "luajit-cmd");
    return 0;
}
