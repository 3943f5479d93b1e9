/* SPDX-License-Identifier: MIT */
/* cli: see cli.h. Help texts are bench's own words; names, types, defaults,
 * order and layout are sysbench 1.0.20's (PD-2). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cli.h"
#include "cli_config.h"
#include "db.h"
#include "log.h"
#include "options.h"
#include "rand.h"
#include "results.h"
#include "run_config.h"
#include "script_source.h"
#include "version.h"
#include "wallclock.h"

#define HR OPT_HIDDEN_R
#define HM OPT_HIDDEN_M

static const struct option_def general_options[] = {
    {"threads", OPT_INT, "1", "number of worker threads to create", 0},
    {"events", OPT_INT, "0", "stop after this many events in total", 0},
    {"time", OPT_INT, "10", "stop after this many seconds", 0},
    {"warmup-time", OPT_INT, "0",
     "run events for this many seconds before the measured run, discarding "
     "their statistics",
     HR},
    {"forced-shutdown", OPT_STRING, "off",
     "seconds (or N% of --time) to wait after the --time limit before "
     "stopping the process, or 'off'",
     0},
    {"thread-stack-size", OPT_SIZE, "64K", "stack size of each thread", 0},
    {"thread-init-timeout", OPT_INT, "30",
     "seconds to wait for worker threads to initialize", HR},
    {"rate", OPT_INT, "0",
     "target average event rate per second, 0 for no limit", 0},
    {"report-interval", OPT_INT, "0",
     "print intermediate statistics every this many seconds, 0 disables "
     "them",
     0},
    {"report-checkpoints", OPT_LIST, "",
     "print full statistics and reset every counter at these points in "
     "time, given as a comma-separated list of seconds since the start of "
     "the test; none by default",
     0},
    {"debug", OPT_BOOL, "off", "print debugging information", 0},
    {"validate", OPT_BOOL, "off",
     "check the results of operations where the test can", 0},
    {"help", OPT_BOOL, "off", "print this help and exit", 0},
    {"version", OPT_BOOL, "off", "print the version and exit", 0},
    {"config-file", OPT_FILE, NULL, "read options from this file", 0},
    {"luajit-cmd", OPT_STRING, NULL,
     "run a LuaJIT control command in every Lua state, as 'luajit -j' "
     "does",
     HR},
    {"tx-rate", OPT_INT, "0", "old name of --rate", HM | OPT_ONLY_R},
    {"max-requests", OPT_INT, "0", "old name of --events", HM | OPT_ONLY_R},
    {"max-time", OPT_INT, "0", "old name of --time", HM | OPT_ONLY_R},
    {"num-threads", OPT_INT, "1", "old name of --threads", HM | OPT_ONLY_R},
    {"compat", OPT_STRING, NULL,
     "sysbench profile to follow: 1.0 or 1.1 (also BENCH_COMPAT)", OPT_BENCH},
    {"start-at", OPT_STRING, NULL,
     "wait until this wall-clock time (unix seconds or RFC 3339) before "
     "the measured run starts, so processes on several hosts start together",
     OPT_BENCH},
    {"extended-report", OPT_BOOL, "off",
     "after sysbench's report, print what bench measures beyond it (e.g. "
     "fileio's latency by operation)",
     OPT_BENCH},
    {"format", OPT_STRING, "text",
     "what to print on standard output: text (the report), json (NDJSON: "
     "one object per report interval, then the result document) or csv "
     "(one row per report interval); see docs/results.md",
     OPT_BENCH},
    {"hdr-log", OPT_STRING, NULL,
     "write the latency record of every report interval to this file as an "
     "HdrHistogram interval log",
     OPT_BENCH},
    {"metrics-addr", OPT_STRING, NULL,
     "during a run, serve Prometheus metrics at http://HOST:PORT/metrics "
     "(e.g. 127.0.0.1:9100; port 0 picks a free port and prints it)",
     OPT_BENCH},
    {"progress", OPT_BOOL, "on",
     "during a long run on a terminal, keep a status line on stderr with "
     "the time left and the current rate",
     OPT_BENCH},
    {"reconnect-every", OPT_INT, "0",
     "with --virtual-users: each user opens a new connection (thread_done, "
     "then thread_init) every this many of its events, 0 never",
     OPT_BENCH},
    {"results", OPT_STRING, NULL,
     "write the result document (JSON, schema bench-result/1) to this file "
     "at the end of the run",
     OPT_BENCH},
    {"think-time", OPT_STRING, "0",
     "with --virtual-users: milliseconds each user pauses between its "
     "events, not counted as latency: MS (fixed) or exp:MS (exponential "
     "with that mean)",
     OPT_BENCH},
    {"virtual-users", OPT_INT, "0",
     "run this many script instances as coroutines spread over --threads "
     "workers, each with its own connection; 0 runs one per thread",
     OPT_BENCH},
    {0},
};

static const struct option_def log_options[] = {
    {"verbosity", OPT_INT, "3",
     "how much to print, from 0 (only fatal errors) to 5 (debug)", 0},
    {0},
};

static const struct option_def stats_options[] = {
    {"percentile", OPT_INT, "95",
     "latency percentile to report (1-100), or 0 to compute none",
     OPT_NUM_LIST},
    {"histogram", OPT_BOOL, "off", "print a latency histogram in the report",
     0},
    {0},
};

static int register_rand(struct options *opts, bool profile_m)
{
    struct option_def rand_options[] = {
        {"rand-type", OPT_STRING, profile_m ? "uniform" : "special",
         profile_m ? "default distribution of random numbers {uniform, "
                     "gaussian, pareto, zipfian}"
                   : "default distribution of random numbers "
                     "{uniform,gaussian,special,pareto}",
         0},
        {"rand-spec-iter", OPT_INT, "12",
         "uniform samples summed per gaussian number", HM},
        {"rand-spec-pct", OPT_INT, "1",
         "width of the hot range of the special distribution, in percent", HM},
        {"rand-spec-res", OPT_INT, "75",
         "share of special-distribution values that fall in the hot range, "
         "in percent",
         HM},
        {"rand-seed", OPT_INT, "0",
         "seed of the random number generators; 0 seeds from the current "
         "time",
         0},
        {"rand-pareto-h", OPT_DOUBLE, "0.2",
         "shape parameter h of the pareto distribution", 0},
        {"rand-zipfian-exp", OPT_DOUBLE, "0.8",
         "exponent (theta) of the zipfian distribution", HR},
        {"rand-seed-offset", OPT_INT, "0",
         "number of this process among several run with the same "
         "--rand-seed, giving each its own random streams (default: "
         "$JOB_COMPLETION_INDEX when set)",
         OPT_BENCH},
        {0},
    };
    return options_add_group(opts, "Pseudo-Random Numbers Generator options",
                             rand_options);
}

/* The 1.1 profile rejects the deprecated aliases (P-3): they are simply
 * not registered there. */
static int register_general(struct options *opts, bool profile_m)
{
    struct option_def
        defs[sizeof(general_options) / sizeof(general_options[0])];
    size_t n = 0;

    for (const struct option_def *d = general_options; d->name; d++)
        if (!(profile_m && (d->flags & OPT_ONLY_R))) defs[n++] = *d;
    defs[n] = (struct option_def){0};
    return options_add_group(opts, "General options", defs);
}

int cli_register(struct options *opts, bool profile_m)
{
    if (register_general(opts, profile_m) != 0 ||
        register_rand(opts, profile_m) != 0 ||
        options_add_group(opts, "Log options", log_options) != 0 ||
        options_add_group(opts, NULL, stats_options) != 0 ||
        db_register_options(opts) != 0)
        return -1;
    return 0;
}

/* -- Help and version --------------------------------------------------- */

static void print_help(const struct options *opts, const char *prog,
                       bool profile_m)
{
    const char *name, *desc;

    printf("Usage:\n  %s [options]... [testname] [command]\n\n", prog);
    printf("Commands implemented by most tests: prepare run cleanup help\n\n");
    options_print_group(opts, stdout, "General options", profile_m);
    options_print_group(opts, stdout, "Pseudo-Random Numbers Generator options",
                        profile_m);
    options_print_group(opts, stdout, "Log options", profile_m);
    options_print_defs(stdout, stats_options, profile_m);
    db_print_help(stdout, profile_m, options_get_str(opts, "db-driver"));
    printf("Compiled-in tests:\n");
    for (size_t i = 0; script_source_builtin_at(i, &name, &desc); i++)
        printf("  %s - %s\n", name, desc);
    printf("\nSee '%s <testname> help' for a list of options for each "
           "test.\n\n",
           prog);
    printf("Bundled workloads (Lua scripts; '%s <workload> help' lists "
           "their options):\n",
           prog);
    for (size_t i = 0; script_source_workload_at(i, &name); i++)
        printf("  %s\n", name);
    printf("\n");
    /* Last, so that everything above is sysbench's layout. */
    options_print_bench(opts, stdout, NULL,
                        "bench options that sysbench lacks");
    db_print_help_bench(stdout, profile_m, options_get_str(opts, "db-driver"));
    printf("bench commands on result documents (--results), first on the "
           "command line:\n"
           "  %s merge RESULT.json... - one report of runs on several "
           "hosts, latency added exactly\n"
           "  %s compare BASE.json NEW.json - the change and whether it "
           "is beyond noise (a CI gate)\n\n",
           prog, prog);
}

/* -- Pass 1 --------------------------------------------------------------- */

static int pass_one(struct run_config *cfg, struct cli_arg_list *l)
{
    size_t npos = 0;

    cfg->pending        = calloc(l->n + 1, sizeof(char *));
    cfg->pending_origin = calloc(l->n + 1, sizeof(char *));
    if (!cfg->pending || !cfg->pending_origin) return -1;
    for (size_t i = 0; i < l->n; i++) {
        char *s = l->v[i];
        if (strncmp(s, "--", 2) != 0) {
            if (npos == 0 && !cfg->testname)
                cfg->testname = s;
            else if (!cfg->command)
                cfg->command = s;
            else {
                fprintf(stderr, "Unrecognized command line argument: %s\n", s);
                return 1;
            }
            npos++;
        } else if (!cfg->profile_m && strncmp(s, "--test=", 7) == 0) {
            fprintf(stderr, "WARNING: the --test option is deprecated. You "
                            "can pass a script name or path on the command "
                            "line without any options.\n");
            cfg->testname = s + 7;
        } else if (options_set_arg_from(cfg->opts, s, l->origin[i]) !=
                   OPT_SET_OK) {
            cfg->pending_origin[cfg->npending] = l->origin[i];
            cfg->pending[cfg->npending++]      = s;
        }
    }
    return 0;
}

/* -- Validation of general options (INV 1.8), before the banner ---------- */

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
        if (errno || end == v || n < 0 || (*end && strcmp(end, "%") != 0)) {
            log_fatal("Invalid value for --forced-shutdown: '%s'", v);
            return 1;
        }
    }
    if (cfg->time_s > 0)
        cfg->forced_shutdown_s =
            *end == '%' ? (int) ((long) cfg->time_s * n / 100) : (int) n;
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

/* --start-at: one clear error for anything but a time; a time already
 * past is run.c's warning (a late process still runs). */
static int parse_start_at(struct run_config *cfg)
{
    const char *v = options_get_str(cfg->opts, "start-at");

    cfg->start_at_ns = 0;
    if (!options_is_set(cfg->opts, "start-at")) return 0;
    if (!v || wallclock_parse_ns(v, &cfg->start_at_ns) != 0 ||
        cfg->start_at_ns <= 0) {
        log_fatal("Invalid value for --start-at: '%s' (expected unix "
                  "seconds, e.g. 1767225600, or an RFC 3339 time, e.g. "
                  "2026-01-01T00:00:00Z)",
                  v ? v : "");
        return 1;
    }
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

static int validate_stats(struct run_config *cfg)
{
    struct options *o = cfg->opts;
    int verbosity;

    if (validate_percentile(cfg) || get_int(o, "verbosity", &verbosity))
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
    cfg->debug        = options_get_bool(o, "debug");
    cfg->validate     = options_get_bool(o, "validate");
    cfg->progress     = options_get_bool(o, "progress") && verbosity >= 3;
    cfg->metrics_addr = options_is_set(o, "metrics-addr")
                            ? options_get_str(o, "metrics-addr")
                            : NULL;
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

static int validate_general(struct run_config *cfg)
{
    int rc;

    if ((rc = validate_limits(cfg)) || (rc = validate_stats(cfg)) ||
        (rc = validate_rand(cfg)) || (rc = parse_checkpoints(cfg)) ||
        (rc = parse_start_at(cfg)) || (rc = validate_virtual_users(cfg)) ||
        (rc = validate_output(cfg)))
        return rc;
    if (db_validate_options(cfg->opts) != 0) return 1;
    cfg->luajit_cmd = options_get_str(cfg->opts, "luajit-cmd");
    return 0;
}

int cli_parse(struct run_config *cfg, struct cli_args *args, int argc,
              char **argv)
{
    struct cli_arg_list l = {0};
    int rc;
    char banner[256];

    cfg->argc = argc;
    cfg->argv = argv;
    rc        = cli_config_expand(args, &l, argc, argv);
    if (rc == 0) rc = pass_one(cfg, &l);
    free(l.v);
    free(l.origin);
    if (rc != 0) return rc < 0 ? 1 : rc;
    if (options_get_bool(cfg->opts, "help")) {
        print_help(cfg->opts, cfg->progname, cfg->profile_m);
        return 0;
    }
    if (options_get_bool(cfg->opts, "version")) {
        printf("bench %s\n", BENCH_VERSION);
        return 0;
    }
    if ((!cfg->profile_m && apply_aliases(cfg->opts)) || validate_general(cfg))
        return 1;
    if (cfg->events <= 0 && cfg->time_s == 0)
        log_warn("Both event and time limits are disabled, running an "
                 "endless test");
    version_banner(banner, sizeof(banner), cfg->profile_m);
    log_notice("%s\n", banner);
    return -1;
}
