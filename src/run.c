/* SPDX-License-Identifier: MIT */
/* Over 600 lines: the run lifecycle reads top to bottom in printed order. */
/* run: see run.h. The order of every printed line follows sysbench 1.0.20
 * (sysbench-reference.md sections 1.3, 3 and 5.1). */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_validate.h"
#include "clock.h"
#include "db/db.h"
#include "measure/detail.h"
#include "log.h"
#include "native.h"
#include "options.h"
#include "pool.h"
#include "rand.h"
#include "report/report.h"
#include "reporter.h"
#include "report/results.h"
#include "run.h"
#include "script/script.h"
#include "script/script_source.h"
#include "measure/stats.h"
#include "version.h"
#include "wallclock.h"

/* Owners: run_command frees `main` before db_done (a Lua state closes
 * before the drivers' done(): its connections' finalizers call into
 * them), then `src`. `states` and each entry: see worker_init_held.
 * `reporter` and the reporting thread's state: run_benchmark (finish_run
 * closes that state early, before done()). A Lua state owns its
 * connections, statements and results (cdata finalizers free them in any
 * order, see db.h). */
struct run {
    struct run_config *cfg;
    struct script_source src;
    struct script *main;
    struct script **states; /* per worker, owned by the worker */
    bool legacy;            /* 1.0 script without option declarations */
    const char *command;    /* for parallel commands */
    struct reporter *reporter;
    struct results *results; /* machine output, or NULL (run_benchmark) */
    /* A built-in test's C worker (native.h): no state per worker. */
    const struct native_kernel *native;
};

volatile sig_atomic_t run_stoppable;   /* see run.h */
volatile sig_atomic_t run_interrupted; /* see run.h */
/* The write end of the pipe that ends --metrics-linger; -1 outside it. */
static volatile sig_atomic_t linger_wake_fd = -1;

/* -- Second parsing phase --------------------------------------------- */

/* A config-file item is named without its value when the name is unknown
 * (mysql-pasword=Secret) or contains "password": a file's secrets are not
 * echoed to logs. The command line keeps sysbench's message (INV 1.8),
 * but for an unknown name that could hold a secret (--mysql-pasword=...),
 * which it names without its value too. */
static void invalid_option(const struct run_config *cfg, size_t i,
                           enum opt_set_result r)
{
    const char *item = cfg->pending[i] + 2;
    int namelen      = (int) strcspn(item, "=");
    bool unknown     = r == OPT_SET_UNKNOWN;

    if (cfg->pending_origin[i] && (unknown || options_name_is_secret(item)))
        fprintf(stderr, "%s: invalid option: %.*s\n", cfg->pending_origin[i],
                namelen, item);
    else if (cfg->pending_origin[i])
        fprintf(stderr, "%s: invalid option: %s\n", cfg->pending_origin[i],
                item);
    else if (item[namelen] == '=' &&
             (options_name_is_secret(item) ||
              (unknown && options_name_may_be_secret(item))))
        fprintf(stderr, "invalid option: --%.*s=(value not shown)\n", namelen,
                item);
    else
        fprintf(stderr, "invalid option: %s\n", cfg->pending[i]);
}

/* Legacy scripts accept unknown options as strings (INV 1.4). */
static int add_legacy_option(struct options *o, const char *arg)
{
    const char *eq = strchr(arg + 2, '=');
    char name[256];
    size_t len          = eq ? (size_t) (eq - arg - 2) : strlen(arg + 2);
    struct option_def d = {.name = name, .type = OPT_STRING, .desc = ""};

    if (len == 0 || len >= sizeof(name)) return -1;
    memcpy(name, arg + 2, len);
    name[len] = '\0';
    if (options_add(o, "legacy options", &d) != 0) return -1;
    return options_set(o, name, eq ? eq + 1 : "") == OPT_SET_OK ? 0 : -1;
}

static int parse_pending(struct run *run)
{
    struct run_config *cfg = run->cfg;

    for (size_t i = 0; i < cfg->npending; i++) {
        enum opt_set_result r = options_set_arg_from(cfg->opts, cfg->pending[i],
                                                     cfg->pending_origin[i]);
        if (r == OPT_SET_UNKNOWN && run->legacy &&
            add_legacy_option(cfg->opts, cfg->pending[i]) == 0)
            continue;
        if (r != OPT_SET_OK) {
            invalid_option(cfg, i, r);
            return -1;
        }
    }
    /* Every value is checked before anything runs: sysbench read a script's
     * numbers with strtod and ran with --table_size=abc as 0. */
    return options_check_values(cfg->opts);
}

static int export_options(struct run *run, struct script *s)
{
    if (script_export_options(s) != 0) return -1;
    if (run->legacy && script_export_legacy_globals(s) != 0) return -1;
    return 0;
}

/* -- Workers ------------------------------------------------------------ */

/* Each worker callback holds its FATAL lines (log_hold): workers failing
 * for one cause print it once, then sysbench's summary line. */
static int worker_init_held(int tid, void *arg);

static int worker_init(int tid, void *arg)
{
    int rc;

    log_hold();
    rc = worker_init_held(tid, arg);
    log_release();
    return rc;
}

/* The worker's state goes to run->states[tid] as soon as it exists: the
 * worker owns it (worker_done frees it), or free_states after a failed
 * start, when the worker never ran. */
static int worker_init_held(int tid, void *arg)
{
    struct run *run = arg;
    struct script *s;

    log_debug("Worker thread (#%d) started", tid);
    rand_thread_init_tid(tid);
    db_thread_set_id(tid);
    if (run->native) {
        if (native_thread_init(run->native, tid) != 0) return -1;
        log_debug("Worker thread (#%d) initialized", tid);
        return 0;
    }
    if (!(s = script_new_worker(tid))) return -1;
    run->states[tid] = s;
    if (export_options(run, s) != 0) return -1;
    if (run->cfg->virtual_users) {
        if (script_call_vu(s, "thread_init") != 0) return -1;
    } else if (script_has_function(s, "thread_init") &&
               script_call(s, "thread_init", true, tid) != 0)
        return -1;
    log_debug("Worker thread (#%d) initialized", tid);
    return 0;
}

static int worker_run(int tid, void *arg)
{
    struct run *run = arg;
    int rc;

    log_hold();
    if (run->native)
        rc = native_thread_run(run->native, tid);
    else if (run->cfg->virtual_users)
        rc = script_call_vu(run->states[tid], "thread_run");
    else
        rc = script_call(run->states[tid], "thread_run", true, tid);
    log_release();
    return rc;
}

/* Only after a successful thread_run; a failed worker's state is freed by
 * free_states once every worker was joined. */
static void worker_done(int tid, void *arg)
{
    struct run *run  = arg;
    struct script *s = run->states[tid];

    log_hold();
    if (run->native) {
        if (native_thread_done(run->native, tid) != 0) pool_stop(true);
    } else if (run->cfg->virtual_users) {
        if (script_call_vu(s, "thread_done") != 0) pool_stop(true);
    } else if (script_has_function(s, "thread_done") &&
               script_call(s, "thread_done", true, tid) != 0)
        pool_stop(true);
    log_release();
    script_free(s);
    run->states[tid] = NULL;
}

static void threads_started(void *arg)
{
    struct run *run = arg;

    log_notice("Threads started!\n");
    if (run->cfg->warmup_s > 0)
        log_notice("Warming up for %d seconds...\n", run->cfg->warmup_s);
}

/* --start-at: every worker is connected and initialised, so the measured
 * run (warmup included) starts at that wall-clock instant; a process that
 * got there late says by how much and starts at once, or, later than
 * --start-late-max, runs nothing (-1): its window would not be the other
 * processes'. Connecting may have taken long: the bound is asked again. */
static int wait_start_at(void *arg)
{
    const struct run *run = arg;
    int64_t at = run->cfg->start_at_ns, now = wallclock_now_ns();
    char when[40];

    if (at == 0) return 0;
    if (cli_start_late(run->cfg, now) != 0) return -1;
    wallclock_format(at, when, sizeof(when));
    if (at <= now) {
        log_warn("--start-at %s passed %.3f s ago: starting at once", when,
                 (double) (now - at) / 1e9);
        return 0;
    }
    log_notice("Waiting until %s (%.3f s from now) to start (--start-at)\n",
               when, (double) (at - now) / 1e9);
    wallclock_sleep_until_ns(at);
    return 0;
}

static void free_states(struct run *run)
{
    if (!run->states) return;
    for (unsigned i = 0; i < run->cfg->threads; i++)
        script_free(run->states[i]);
    free(run->states);
    run->states = NULL;
}

/* Starts the pool; prints the sysbench message and returns the exit status
 * when the workers could not all initialise. */
static int start_pool(struct run *run, const struct pool_config *pc,
                      const struct pool_work *work)
{
    if (!(run->states = calloc(run->cfg->threads, sizeof(*run->states))))
        return 1;
    switch (pool_start(pc, work)) {
    case POOL_STARTED:
        return 0;
    case POOL_INIT_TIMEOUT:
        log_fatal("Worker threads failed to initialize within %d seconds!",
                  run->cfg->init_timeout_s);
        return 2;
    case POOL_INIT_FAILED:
        log_fatal(run->cfg->profile_m ? "Threads initialization failed!"
                                      : "Thread initialization failed!");
        return 1;
    case POOL_NOT_READY: /* wait_start_at said why */
        return 1;
    default:
        if (log_oom_begin())
            log_fatal("run: out of memory starting worker threads");
        return 1;
    }
}

/* -- The run command ------------------------------------------------------ */

static void print_header(const struct run_config *cfg)
{
    log_notice("Running the test with following options:");
    log_notice("Number of threads: %u", cfg->threads);
    if (cfg->virtual_users)
        log_notice("Number of virtual users: %u", cfg->virtual_users);
    if (cfg->warmup_s > 0) log_notice("Warmup time: %ds", cfg->warmup_s);
    if (cfg->rate > 0) log_notice("Target transaction rate: %d/sec", cfg->rate);
    if (cfg->report_interval_s != 0)
        log_notice("Report intermediate results every %d second(s)",
                   cfg->report_interval_s);
    if (cfg->ncheckpoints > 0) {
        char buf[RUN_MAX_CHECKPOINTS * 12] = "";
        size_t n                           = 0;
        for (unsigned i = 0; i < cfg->ncheckpoints; i++)
            n += (size_t) snprintf(buf + n, sizeof(buf) - n, "%s%u",
                                   i ? ", " : "", cfg->checkpoints[i]);
        log_notice("Report checkpoint(s) at %s seconds", buf);
    }
    if (cfg->debug) log_notice("Debug mode enabled.\n");
    if (cfg->validate) log_notice("Validation checks: on.\n");
    if (cfg->rand_seed_offset)
        log_notice("Initializing random number generator from %s%.0d, "
                   "offset %u (--rand-seed-offset)\n",
                   cfg->rand_seed ? "seed " : "current time", cfg->rand_seed,
                   cfg->rand_seed_offset);
    else if (cfg->rand_seed)
        log_notice("Initializing random number generator from seed (%d).\n",
                   cfg->rand_seed);
    else
        log_notice("Initializing random number generator from current "
                   "time\n");
    rand_seed_libc((unsigned) cfg->rand_seed);
    if (cfg->forced_shutdown_s >= 0)
        log_notice("Forcing shutdown in %lld seconds",
                   (long long) cfg->time_s + cfg->forced_shutdown_s);
    log_notice("%s", "");
}

static struct script *reporter_script(struct run *run)
{
    const struct run_config *cfg = run->cfg;

    if (cfg->report_interval_s <= 0 && cfg->ncheckpoints == 0) return NULL;
    /* sysbench runs the main chunk again in the reporting thread's state,
     * where hooks run with sysbench.tid == --threads (RT-10). */
    struct script *s = script_new((int) cfg->threads);
    if (s && export_options(run, s) != 0) {
        script_free(s);
        return NULL;
    }
    return s;
}

/* The report layout: sysbench's SQL statistics once a driver was
 * initialised (for the reporter, which knows nothing of db.c). */
static enum report_style report_style_now(void)
{
    return db_is_used() ? REPORT_SQL : REPORT_GENERIC;
}

/* Whether bench measures its own figures (detail.h): for the extended
 * report, every machine format, which always carry them (PD-10), and the
 * metrics endpoint (statement kinds, errors by code). */
static bool measures_detail(const struct run_config *cfg)
{
    return cfg->extended_report || cfg->format != RESULTS_TEXT ||
           cfg->results_path || cfg->hdr_log_path || cfg->metrics_addr ||
           cfg->metrics_push;
}

/* The workers detail.h keeps a record for: all of them, except for a
 * built-in test's C workers when nothing is measured. Those have no
 * server to check the client against, so their self-check would be read
 * from /proc at every thread's start and stop and touch ~2 KB per worker
 * for nothing (4,096 threads: 8 MB, perf/builtin_threads.sh). */
static unsigned detail_workers(const struct run *run)
{
    return run->native && !measures_detail(run->cfg) ? 0 : run->cfg->threads;
}

/* --results, --format=json|csv, --hdr-log (results.h); 0 also when none
 * is asked for. */
static int make_results(struct run *run)
{
    const struct run_config *cfg = run->cfg;
    struct results_config c      = {
             .format            = (enum results_format) cfg->format,
             .out               = cfg->machine_out,
             .path              = cfg->results_path,
             .hdr_log_path      = cfg->hdr_log_path,
             .argc              = cfg->argc,
             .argv              = cfg->argv,
             .opts              = cfg->opts,
             .test              = cfg->testname,
             .command           = cfg->command,
             .profile_m         = cfg->profile_m,
             .rate              = cfg->rate,
             .db_driver         = db_used_driver,
             .db_server_version = db_server_version,
             .db_client_version = db_client_version,
             .server_run        = db_server_used,
             .checkpoints       = cfg->ncheckpoints > 0,
    };

    if (cfg->format == RESULTS_TEXT && !cfg->results_path && !cfg->hdr_log_path)
        return 0;
    return (run->results = results_new(&c)) ? 0 : -1;
}

static int make_reporter(struct run *run, struct script *rs)
{
    const struct run_config *cfg = run->cfg;
    struct reporter_config rc    = {
           .threads      = cfg->threads,
           .users        = cfg->virtual_users,
           .interval_s   = cfg->report_interval_s,
           .checkpoints  = cfg->checkpoints,
           .ncheckpoints = cfg->ncheckpoints,
           .percentile   = cfg->percentile,
           .rate_mode    = cfg->rate > 0,
           .profile_m    = cfg->profile_m,
           .histogram    = cfg->histogram,
           .debug        = cfg->debug,
           .progress     = cfg->progress,
           .events_limit = cfg->events > 0 ? (uint64_t) cfg->events : 0,
           .script       = rs,
           .style        = report_style_now,
           .thread_init  = db_thread_set_id,
           .metrics_addr = cfg->metrics_addr,
           .labels = {run->src.sname, options_get_str(cfg->opts, "db-driver"),
                      BENCH_VERSION, cfg->profile_m ? "1.1" : "1.0", cfg->threads,
                      db_is_used},
    };
    if (make_results(run) != 0) return -1;
    rc.results = run->results;

    /* bench's (issue 15) */
    rc.percentiles      = cfg->percentiles;
    rc.npercentiles     = cfg->npercentiles;
    rc.percentile_list  = cfg->percentile_list;
    rc.extended         = cfg->extended_report;
    rc.server_run       = db_server_used;
    rc.latency_limit_ns = cfg->latency_limit_ns;
    rc.metrics_push     = cfg->metrics_push;
    rc.metrics_job      = cfg->metrics_job;
    return (run->reporter = reporter_new(&rc)) ? 0 : -1;
}

bool run_end_linger(void)
{
    int fd = linger_wake_fd;

    if (fd < 0) return false;
    ssize_t rc = write(fd, "", 1); /* full: already woken */
    (void) rc;
    return true;
}

/* --metrics-linger, after a run that succeeded and printed its report:
 * the endpoint serves the final figures until the time is up or a signal
 * comes (run_end_linger). Not after a run a signal stopped: that signal
 * asked bench to stop. */
static void linger(struct run *run, int status)
{
    int p[2];

    if (!run->cfg->metrics_linger_ns || status != 0 || run_interrupted ||
        pipe2(p, O_CLOEXEC | O_NONBLOCK) != 0)
        return;
    linger_wake_fd = p[1];
    reporter_linger(run->reporter, run->cfg->metrics_linger_ns, p[0]);
    linger_wake_fd = -1;
    close(p[0]);
    close(p[1]);
}

/* Waits for the workers; under --forced-shutdown gives up at the deadline.
 * Returns true when they all finished. */
static bool wait_workers(struct run *run)
{
    const struct run_config *cfg = run->cfg;

    if (cfg->forced_shutdown_s < 0) return true;
    uint64_t deadline =
        pool_warmup_end_ns() +
        ((uint64_t) cfg->time_s + (uint64_t) cfg->forced_shutdown_s) * NS_PER_S;
    return pool_wait_done(deadline);
}

/* --reconnect-every: its connections, kept out of the latency figures. */
static void print_connects(void)
{
    uint64_t total_ns, max_ns, n = pool_connects(&total_ns, &max_ns);

    log_notice("Virtual users' new connections (--reconnect-every): %llu, "
               "avg: %.2f ms, max: %.2f ms\n",
               (unsigned long long) n,
               n ? (double) total_ns / (double) n / 1e6 : 0.0,
               (double) max_ns / 1e6);
}

static int finish_run(struct run *run, struct script **rs, bool all_done)
{
    int status = 0;

    if (!all_done) {
        log_fatal("The --max-time limit has expired, forcing shutdown...");
        results_set_end(run->results, RESULTS_FAILED,
                        "forced shutdown: workers still running after the "
                        "time limit (--forced-shutdown)",
                        run->cfg->time_s, run->cfg->events);
        reporter_stop(run->reporter);
        reporter_final(run->reporter, run->main, true);
        return 2;
    }
    pool_join();
    reporter_stop(run->reporter);
    /* The reporting thread's state closes with that thread, as in
     * sysbench: what its hooks left open (report_json's array) is closed
     * before the cumulative report and done() print. */
    script_free(*rs);
    *rs = NULL;
    log_info("Done.\n");
    results_set_end(run->results,
                    run_interrupted ? RESULTS_INTERRUPTED : RESULTS_COMPLETE,
                    run_interrupted == SIGINT    ? "SIGINT"
                    : run_interrupted == SIGTERM ? "SIGTERM"
                                                 : NULL,
                    run->cfg->time_s, run->cfg->events);
    /* A failed run prints no report, but done() still runs, as in
     * sysbench (INV 5.1): scripts release what init() took there. */
    if (pool_failed() || export_options(run, run->main) != 0 ||
        reporter_final(run->reporter, run->main, false) != 0)
        status = 1;
    if (status == 0 && run->cfg->reconnect_every) print_connects();
    /* PD-11: the report first, then sysbench's line, so CI jobs notice. */
    if (status == 0 && pool_rate_overflowed()) {
        log_fatal("The event queue is full. This means the worker threads "
                  "are unable to keep up with the specified event generation "
                  "rate");
        status = 1;
    }
    if (script_has_function(run->main, "done") &&
        script_call(run->main, "done", false, 0) != 0)
        status = 1;
    return status;
}

/* Before any worker starts: the options exported to the script, its
 * init(), its event() found, the header printed and the run's records
 * made. 0, or 1 after the error line. */
static int ready_workload(struct run *run)
{
    const struct run_config *cfg = run->cfg;

    if (export_options(run, run->main) != 0) return 1;
    if (script_has_function(run->main, "init") &&
        script_call(run->main, "init", false, 0) != 0)
        return 1;
    run->native = native_take(run->src.builtin);
    if (run->native && cfg->virtual_users) {
        log_fatal("--virtual-users needs a Lua workload: the '%s' test "
                  "runs in C",
                  run->src.sname);
        return 1;
    }
    if (!script_has_function(run->main, "event")) {
        log_fatal("cannot find the event() function in %s", run->src.sname);
        return 1;
    }
    print_header(cfg);
    if (script_call_builtin(run->main, "print_mode", NULL) < 0 ||
        stats_init(cfg->threads) != 0 ||
        detail_init(detail_workers(run), measures_detail(cfg), cfg->rate > 0) !=
            0)
        return 1;
    return 0;
}

static int run_benchmark(struct run *run)
{
    const struct run_config *cfg = run->cfg;
    struct script *rs            = NULL;
    struct pool_config pc        = {
               .threads    = cfg->threads,
               .stack_size = cfg->stack_size,
               .time_limit_ns =
            cfg->time_s > 0 ? (uint64_t) cfg->time_s * NS_PER_S : 0,
               .events_limit    = cfg->events > 0 ? (uint64_t) cfg->events : 0,
               .warmup_ns       = (uint64_t) cfg->warmup_s * NS_PER_S,
               .init_timeout_ns = (uint64_t) cfg->init_timeout_s * NS_PER_S,
               .rate            = cfg->rate > 0 ? cfg->rate : 0,
               .rate_seed       = (uint64_t) cfg->rand_seed +
                            (uint64_t) cfg->rand_seed_offset * 618034u,
               .users            = cfg->virtual_users,
               .latency_limit_ns = cfg->latency_limit_ns,
    };
    struct pool_work work = {worker_init,     worker_run, worker_done,
                             threads_started, run,        wait_start_at};
    int status;

    if (ready_workload(run) != 0) return 1;
    log_notice("Initializing worker threads...\n");
    if (cfg->report_interval_s > 0 || cfg->ncheckpoints > 0)
        if (!(rs = reporter_script(run))) return 1;
    if (make_reporter(run, rs) != 0) {
        script_free(rs);
        return 1;
    }
    status = start_pool(run, &pc, &work);
    if (status == 0 && reporter_start(run->reporter) != 0) {
        pool_stop(true);
        status = 1;
    }
    if (status == 2)
        return 2; /* workers may be stuck in thread_init: do not join */
    run_stoppable = status == 0;
    if (status != 0)
        pool_join();
    else
        status = finish_run(run, &rs, wait_workers(run));
    run_stoppable = 0;
    if (status == 2) return 2;
    linger(run, status);
    reporter_free(run->reporter);
    run->reporter = NULL;
    results_free(run->results);
    run->results = NULL;
    script_free(rs);
    free_states(run);
    pool_free();
    return status;
}

/* -- Other commands ------------------------------------------------------- */

static int command_init(int tid, void *arg)
{
    struct run *run = arg;
    struct script *s;

    rand_thread_init_tid(tid);
    db_thread_set_id(tid);
    if (!(s = script_new(tid))) return -1;
    run->states[tid] = s;
    return export_options(run, s);
}

static int command_run(int tid, void *arg)
{
    struct run *run = arg;
    int rc;

    log_hold();
    rc = script_call_command(run->states[tid], run->command) == 0 ? 0 : -1;
    log_release();
    return rc;
}

/* A custom command; a parallel one runs in --threads new states at once.
 * Unlike sysbench, a failing parallel command fails the process (PD-6). */
static int run_custom(struct run *run, const char *cmd)
{
    const struct run_config *cfg = run->cfg;
    struct pool_config pc        = {.threads    = cfg->threads,
                                    .stack_size = cfg->stack_size,
                                    .init_timeout_ns =
                                        (uint64_t) cfg->init_timeout_s * NS_PER_S};
    struct pool_work work = {command_init, command_run, NULL, NULL, run, NULL};
    int status;

    if (cfg->threads <= 1 || !script_command_parallel(run->main, cmd)) {
        if (export_options(run, run->main) != 0) return 1;
        return script_call_command(run->main, cmd) == 0 ? 0 : 1;
    }
    log_notice("Initializing worker threads...\n");
    run->command = cmd;
    if (stats_init(cfg->threads) != 0) return 1;
    status = start_pool(run, &pc, &work);
    if (status == 2) return 2;
    if (pool_join() > 0 || pool_failed()) status = 1;
    free_states(run);
    pool_free();
    return status;
}

static int not_implemented(const struct run *run, const char *cmd)
{
    fprintf(stderr, "'%s' test does not implement the '%s' command.\n",
            run->src.sname, cmd);
    return 1;
}

static int dispatch(struct run *run, const char *cmd)
{
    if (script_command_defined(run->main, cmd)) return run_custom(run, cmd);
    if (strcmp(cmd, "help") == 0) {
        if (export_options(run, run->main) != 0) return 1;
        return script_help(run->main) == 0 ? 0 : not_implemented(run, cmd);
    }
    if (strcmp(cmd, "prepare") == 0 || strcmp(cmd, "cleanup") == 0) {
        if (!script_has_function(run->main, cmd))
            return not_implemented(run, cmd);
        if (export_options(run, run->main) != 0) return 1;
        return script_call(run->main, cmd, false, 0) == 0 ? 0 : 1;
    }
    if (strcmp(cmd, "run") == 0) return run_benchmark(run);
    fprintf(stderr, "Unknown command: %s\n", cmd);
    return 1;
}

static int load_workload(struct run *run)
{
    struct run_config *cfg = run->cfg;
    struct script_env env  = {
         .opts            = cfg->opts,
         .src             = &run->src,
         .argc            = cfg->argc,
         .argv            = cfg->argv,
         .command         = cfg->command,
         .profile_m       = cfg->profile_m,
         .threads         = cfg->threads,
         .luajit_cmd      = cfg->luajit_cmd,
         .virtual_users   = cfg->virtual_users,
         .reconnect_every = cfg->reconnect_every,
         .think_ms        = cfg->think_ms,
         .think_exp       = cfg->think_exp,
         .rate            = cfg->rate > 0,
    };
    bool declared = false;

    switch (script_source_resolve(cfg->testname, &run->src)) {
    case SCRIPT_FOUND:
        break;
    case SCRIPT_NOT_FOUND:
        log_fatal("Cannot find benchmark '%s': no such built-in test, file "
                  "or module",
                  cfg->testname);
        return 1;
    default:
        return 1;
    }
    script_setup(&env);
    db_init(cfg->opts, pool_run_over);
    rand_set_offset(cfg->rand_seed_offset);
    rand_init_process((unsigned) cfg->rand_seed);
    if (!(run->main = script_new(0))) return 1;
    if (!cfg->testname || strcmp(cfg->testname, "-") == 0) return 0;
    if (script_register_options(run->main, &declared) != 0) return 1;
    run->legacy = !declared && !cfg->profile_m && !run->src.builtin;
    return parse_pending(run) == 0 ? -1 : 1;
}

int run_command(struct run_config *cfg)
{
    struct run run = {.cfg = cfg};
    int status     = load_workload(&run);

    if (status < 0 && !cfg->command) {
        status = 0;
        if (run.src.builtin) {
            fprintf(stderr,
                    "The '%s' test requires a command argument. See "
                    "'%s %s help'\n",
                    run.src.sname, cfg->progname, run.src.sname);
            status = 1;
        }
    }
    if (status < 0) status = dispatch(&run, cfg->command);
    if (status == 2)
        return 2; /* workers may still run: main.c leaves at once */
    script_free(run.main);
    db_done();
    script_source_fini(&run.src);
    stats_fini();
    detail_fini();
    return status;
}
