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
#include "cli_hint.h"
#include "cli_validate.h"
#include "db/db.h"
#include "log.h"
#include "options.h"
#include "rand.h"
#include "report/results.h"
#include "run_config.h"
#include "script/script_source.h"
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
    {"start-late-max", OPT_STRING, "5s",
     "with --start-at: refuse to run when that time passed more than this "
     "long ago (30s, 2m, 1h or seconds), as the other processes started "
     "without this one; 0 or off for no bound",
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
    {"latency-limit", OPT_DOUBLE, "0",
     "milliseconds: count the events slower than this, and under --rate "
     "skip an event already this late when its turn comes (pgbench's "
     "--latency-limit); 0 for none",
     OPT_BENCH},
    {"metrics-addr", OPT_STRING, NULL,
     "during a run, serve Prometheus metrics at http://HOST:PORT/metrics "
     "(127.0.0.1:9100 keeps them to this machine; :PORT listens on every "
     "interface; port 0 picks a free port and prints it)",
     OPT_BENCH},
    {"metrics-job", OPT_STRING, NULL,
     "with --metrics-push: the job name of the pushed group (default "
     "bench; the host name is its instance)",
     OPT_BENCH},
    {"metrics-linger", OPT_STRING, "0",
     "with --metrics-addr: after the final report, keep serving the final "
     "figures this long (30s, 2m, 1h or seconds; SIGINT ends it), 0 not",
     OPT_BENCH},
    {"metrics-push", OPT_STRING, NULL,
     "push the metrics to a Prometheus Pushgateway at this http:// URL at "
     "every --report-interval (every 10 s without one) and at the end",
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

/* The options this profile's listing leaves out (P-2): 1.1's in the 1.0
 * profile, 1.0's that 1.1 stopped listing in the 1.1 profile. */
static void print_unlisted(const struct options *opts, bool profile_m)
{
    unsigned hidden = profile_m ? OPT_HIDDEN_M : OPT_HIDDEN_R;
    const struct option_def *defs[64], *d;
    const char *value;
    size_t n = 0;

    for (size_t i = 0; n < 64 && options_at(opts, i, &d, &value); i++)
        if ((d->flags & hidden) && !(d->flags & OPT_BENCH)) defs[n++] = d;
    if (n == 0) return;
    printf(profile_m ? "sysbench 1.0 options that 1.1 does not list (bench "
                       "accepts them in both profiles):\n"
                     : "sysbench 1.1 options that 1.0.20 lacks (bench "
                       "accepts them in both profiles):\n");
    cli_hint_print_defs(stdout, defs, n, profile_m);
}

/* bench's part of --help, after sysbench's: every option and command bench
 * has that sysbench's layout leaves out. */
static void print_help_bench(const struct options *opts, const char *prog,
                             bool profile_m)
{
    options_print_bench(opts, stdout, NULL,
                        "bench options that sysbench lacks");
    print_unlisted(opts, profile_m);
    db_print_help_bench(stdout, profile_m, options_get_str(opts, "db-driver"));
    printf("Commands of the OLTP workloads, besides prepare run cleanup "
           "help: prewarm warmup\n\n");
    printf("bench commands on result documents (--results), first on the "
           "command line:\n"
           "  %s merge RESULT.json... - one report of runs on several "
           "hosts, latency added exactly\n"
           "  %s compare BASE.json NEW.json - the change and whether it "
           "is beyond noise (a CI gate)\n"
           "  %s plot RESULT.json... -o FILE.png|FILE.svg - charts of the "
           "runs, drawn by gnuplot\n\n",
           prog, prog, prog);
}

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
    print_help_bench(opts, prog, profile_m);
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
    /* A script's options are unknown until pass 2: only its failures
     * name an option to suggest a correction for (cli_hint.c). */
    options_forget_unknown(cfg->opts);
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
    if (cli_validate(cfg)) return 1;
    if (cfg->events <= 0 && cfg->time_s == 0)
        log_warn("Both event and time limits are disabled, running an "
                 "endless test");
    version_banner(banner, sizeof(banner), cfg->profile_m);
    log_notice("%s\n", banner);
    return cli_hint_before_run(cfg); /* --db-driver=help, a bad driver */
}
