/* SPDX-License-Identifier: MIT */
/* main: argv -> struct run_config -> run_command(). The only exit().
 * Parsing follows sysbench's two phases (CLI-4): everything registered
 * before the workload is known is set here; the rest is left for run.c. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_hint.h"
#include "cmd/compare.h"
#include "db/db.h"
#include "cmd/merge.h"
#include "cmd/plot.h"
#include "log.h"
#include "options.h"
#include "pool.h"
#include "progress.h"
#include "run.h"
#include "version.h"

static void die_oom(void)
{
    fprintf(stderr, "bench: out of memory\n");
    exit(1);
}

/* PD-9: --compat=1.1 or BENCH_COMPAT=1.1 select the 1.1 profile. */
static bool want_profile_m(int argc, char **argv, int *bad)
{
    const char *v = getenv("BENCH_COMPAT");

    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], "--compat=", 9) == 0) v = argv[i] + 9;
    *bad = v && *v && strcmp(v, "1.0") && strcmp(v, "1.1");
    return v && strcmp(v, "1.1") == 0;
}

/* SIGINT/SIGTERM (the exit status is 128 + the signal, as a shell
 * reports a process it killed). The first one during the event loop of
 * `run` stops the workers at their next event (run_stoppable, set by
 * run.c while they run): the run ends as at --time,
 * with its report, done() and thread_done(). Anywhere else (prepare,
 * cleanup, connecting, init), and at a second signal, bench leaves at once:
 * what a prepare left is for `cleanup` to drop. Only async-signal-safe
 * calls here. */

static void say(const char *a, const char *b)
{
    ssize_t rc = write(STDERR_FILENO, a, strlen(a));
    rc += write(STDERR_FILENO, b, strlen(b));
    (void) rc;
}

static void on_signal(int sig)
{
    const char *name = sig == SIGINT ? "SIGINT" : "SIGTERM";

    progress_erase_signal_safe(); /* the message starts a clean line */
    /* --metrics-linger: the run is over, and its exit status stays. */
    if (run_end_linger()) {
        say(name, " received: the metrics endpoint stops lingering\n");
        return;
    }
    if (!run_interrupted && run_stoppable) {
        run_interrupted = sig;
        pool_stop(false); /* ck_pr stores only: async-signal-safe */
        say(name, " received: stopping the run (send it again to exit at "
                  "once)\n");
        return;
    }
    say(name, run_interrupted ? " received again: exiting at once\n"
                              : " received: exiting\n");
    db_load_say_incomplete(STDERR_FILENO);
    _exit(128 + sig);
}

static void catch_signals(void)
{
    struct sigaction sa = {.sa_handler = on_signal, .sa_flags = SA_RESTART};

    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

/* Commands that read result documents rather than run a workload: the
 * first argument names them (`bench compare A.json B.json`), so a script
 * of the same name needs a path (`bench ./compare.lua run`). */
static int (*doc_command(int argc, char **argv))(int, char **)
{
    static const struct {
        const char *name;
        int (*main)(int, char **);
    } cmds[] = {
        {"compare", compare_main}, {"merge", merge_main}, {"plot", plot_main}};

    for (size_t i = 0; argc > 1 && i < sizeof(cmds) / sizeof(cmds[0]); i++)
        if (strcmp(argv[1], cmds[i].name) == 0) return cmds[i].main;
    return NULL;
}

static const char *progname_of(const char *argv0)
{
    const char *slash = strrchr(argv0, '/');
    return slash ? slash + 1 : argv0;
}

int main(int argc, char **argv)
{
    struct run_config cfg = {0};
    struct cli_args args  = {0};
    int bad_compat, status;

    setvbuf(stdout, NULL, _IOLBF, 0);
    if (doc_command(argc, argv)) {
        status = doc_command(argc, argv)(argc - 1, argv + 1);
        fflush(stdout);
        exit(status);
    }
    cfg.progname  = progname_of(argv[0]);
    cfg.profile_m = want_profile_m(argc, argv, &bad_compat);
    if (bad_compat) {
        fprintf(stderr, "bench: --compat and BENCH_COMPAT take 1.0 or "
                        "1.1\n");
        exit(1);
    }
    if (!(cfg.opts = options_new()) ||
        cli_register(cfg.opts, cfg.profile_m) != 0)
        die_oom();
    status = cli_parse(&cfg, &args, argc, argv);
    if (status >= 0) {
        fflush(stdout);
        exit(status);
    }
    progress_allow(cfg.progress); /* prepare's line too, not only run's */
    catch_signals();
    status = run_command(&cfg);
    if (run_interrupted) {
        /* The mark goes to stderr: stdout stays a report sysbench's
         * parsers read as any other (docs/compatibility.md). */
        fprintf(stderr,
                "bench: the run was interrupted by %s: the report "
                "covers the events finished before it\n",
                run_interrupted == SIGINT ? "SIGINT" : "SIGTERM");
        status = 128 + run_interrupted;
    }
    cli_hint_after_run(&cfg, status); /* once, after sysbench's lines */
    if (status == 2) {
        /* Forced shutdown or stuck thread_init: workers may still be
         * running, so leave without unwinding anything under them. */
        fflush(stdout);
        _exit(2);
    }
    cli_args_fini(&args);
    options_free(cfg.opts);
    fflush(stdout);
    exit(status);
}
