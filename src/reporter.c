/* SPDX-License-Identifier: MIT */
/* reporter: see reporter.h. Baselines: one snapshot per report kind
 * (intermediate, cumulative), so each report shows the delta since the
 * previous report of its kind (REP-1). Warmup needs no baseline: workers
 * discard what starts before its end (pool.c finish_event). */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "clock.h"
#include "measure/detail.h"
#include "measure/hist.h"
#include "log.h"
#include "pool.h"
#include "progress.h"
#include "report/report.h"
#include "reporter.h"
#include "report/results.h"
#include "report/series.h"
#include "script/script.h"
#include "measure/stats.h"

struct reporter {
    struct reporter_config cfg;
    struct hist **hists; /* worker records, from the pool */
    struct stats_snapshot now, base_int, base_cum, delta;
    uint64_t last_int_ns, last_cum_ns;
    struct progress_rate rate; /* the status line's events/s */
    /* The status line's errors/s and p95, over windows of at least a
     * second: their baseline (made at the first window), its time, and
     * the last window's figures (< 0: none yet). */
    struct stats_snapshot base_prog;
    bool prog_ready;
    uint64_t prog_ns;
    double prog_err_s, prog_p95_ms;
    struct metrics *metrics; /* --metrics-addr/-push, or NULL */
    pthread_t thread;
    bool running;
    pthread_mutex_t mutex; /* guards stop */
    pthread_cond_t cond;
    bool stop;
};

/* --metrics-addr and --metrics-push. Pushes follow --report-interval,
 * or come every 10 s without one (docs/metrics.md). */
#define METRICS_PUSH_DEFAULT_S 10
static struct metrics *start_metrics(const struct reporter_config *cfg)
{
    struct metrics_config mc = {
        .addr             = cfg->metrics_addr,
        .push_url         = cfg->metrics_push,
        .job              = cfg->metrics_job,
        .push_interval_s  = cfg->interval_s > 0 ? (unsigned) cfg->interval_s
                                                : METRICS_PUSH_DEFAULT_S,
        .latency_limit_ns = cfg->latency_limit_ns,
        .percentiles      = cfg->percentiles,
        .npercentiles     = cfg->npercentiles,
        .labels           = cfg->labels,
    };
    return metrics_start(&mc);
}

struct reporter *reporter_new(const struct reporter_config *cfg)
{
    struct reporter *r = calloc(1, sizeof(*r));
    unsigned n         = cfg->threads;

    if (!r) return NULL;
    r->cfg = *cfg;
    if (!(r->hists = calloc(n, sizeof(*r->hists))) ||
        stats_snapshot_init(&r->now, n) ||
        stats_snapshot_init(&r->base_int, n) ||
        stats_snapshot_init(&r->base_cum, n) ||
        stats_snapshot_init(&r->delta, n) ||
        (cfg->users && (stats_snapshot_users(&r->now, cfg->users) ||
                        stats_snapshot_users(&r->base_int, cfg->users) ||
                        stats_snapshot_users(&r->base_cum, cfg->users) ||
                        stats_snapshot_users(&r->delta, cfg->users))) ||
        ((cfg->metrics_addr || cfg->metrics_push) &&
         !(r->metrics = start_metrics(cfg)))) {
        reporter_free(r);
        return NULL;
    }
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_mutex_init(&r->mutex, NULL);
    pthread_cond_init(&r->cond, &attr);
    pthread_condattr_destroy(&attr);
    return r;
}

void reporter_linger(struct reporter *r, uint64_t ns, int wake_fd)
{
    metrics_linger(r->metrics, ns, wake_fd);
}

void reporter_free(struct reporter *r)
{
    if (!r) return;
    metrics_stop(r->metrics);
    stats_snapshot_fini(&r->now);
    stats_snapshot_fini(&r->base_int);
    stats_snapshot_fini(&r->base_cum);
    stats_snapshot_fini(&r->delta);
    if (r->prog_ready) stats_snapshot_fini(&r->base_prog);
    free(r->hists);
    pthread_mutex_destroy(&r->mutex);
    pthread_cond_destroy(&r->cond);
    free(r);
}

static int collect(struct reporter *r)
{
    for (unsigned i = 0; i < r->cfg.threads; i++)
        r->hists[i] = pool_hist((int) i);
    /* The users' counts before the records: a report never shows a
     * user's event that its thread's record has not. */
    if (r->now.nusers)
        pool_users_collect(r->now.user_events, r->now.user_lat_ns,
                           r->now.nusers);
    return stats_collect(&r->now, r->hists);
}

static void fill_data(struct reporter *r, struct report_data *d, uint64_t now,
                      uint64_t last)
{
    uint64_t t0 = pool_warmup_end_ns();

    *d = (struct report_data){
        .time_total_s     = now > t0 ? (double) (now - t0) / 1e9 : 0,
        .time_interval_s  = now > last ? (double) (now - last) / 1e9 : 0,
        .time_label_s     = now > t0 ? (double) (now - t0) / 1e9 : 0,
        .threads_running  = pool_running(),
        .delta            = &r->delta,
        .percentile       = r->cfg.percentile,
        .rate_mode        = r->cfg.rate_mode,
        .profile_m        = r->cfg.profile_m,
        .style            = r->cfg.style ? r->cfg.style() : REPORT_GENERIC,
        .percentiles      = r->cfg.percentiles,
        .npercentiles     = r->cfg.npercentiles,
        .percentile_list  = r->cfg.percentile_list,
        .latency_limit_ns = r->cfg.latency_limit_ns,
    };
}

/* The cumulative block of the main report and of checkpoints: a report
 * hook replaces it; a built-in test may print its own block first (and
 * replace the generic block by returning true, as 1.1's fileio does), and
 * a built-in test or bundled workload add one after it
 * (report_cumulative_end: tpcc's TPC-C figures). */
static int print_cumulative(struct reporter *r, struct script *s,
                            const struct report_data *d)
{
    if (s && script_has_hook(s, "report_cumulative"))
        return script_call_hook(s, "report_cumulative", d, true);
    if (s && script_has_builtin(s, "report_cumulative")) {
        int rc = script_call_builtin(s, "report_cumulative", d);
        if (rc < 0) return -1;
        if (rc == 0) report_generic(d);
        return script_call_builtin(s, "report_cumulative_end", d) < 0 ? -1 : 0;
    }
    report_cumulative(d);
    if (s && script_call_builtin(s, "report_cumulative_end", d) < 0) return -1;
    return 0;
}

/* The interval slot reached at `now`, in seconds: the whole intervals
 * since the start. reporter_main reports once per slot at most (next_int
 * moves past the slot reached), so however late it wakes, a label is
 * never repeated; the elapsed time rounded would be (RT-8). */
static double slot_reached(const struct reporter *r, uint64_t now)
{
    uint64_t t0 = pool_warmup_end_ns();
    uint64_t iv = (uint64_t) r->cfg.interval_s * NS_PER_S;

    if (iv == 0 || now <= t0) return 0;
    return (double) ((now - t0) / iv * (uint64_t) r->cfg.interval_s);
}

static int intermediate(struct reporter *r, uint64_t now)
{
    struct report_data d;
    struct script *s = r->cfg.script;

    if (collect(r) || stats_diff(&r->delta, &r->now, &r->base_int)) return -1;
    fill_data(r, &d, now, r->last_int_ns);
    d.time_label_s = slot_reached(r, now);
    d.queue_length = pool_backlog(now);
    d.concurrency  = pool_concurrency();
    if (stats_copy(&r->base_int, &r->now) != 0) return -1;
    r->last_int_ns = now;
    if (r->cfg.results &&
        results_interval(r->cfg.results, &d, pool_warmup_end_ns(), now) != 0)
        return -1;
    if (s && script_has_hook(s, "report_intermediate"))
        return script_call_hook(s, "report_intermediate", &d, false);
    if (results_replaces_text(r->cfg.results)) return 0;
    if (s && script_has_builtin(s, "report_intermediate"))
        return script_call_builtin(s, "report_intermediate", &d) < 0 ? -1 : 0;
    report_intermediate(&d);
    return 0;
}

/* The checkpoint report; `second` is its label, the latest listed
 * checkpoint reached. */
static int checkpoint(struct reporter *r, uint64_t now, unsigned second)
{
    struct report_data d;
    struct script *s = r->cfg.script;
    int rc           = 0;

    if (collect(r) || stats_diff(&r->delta, &r->now, &r->base_cum)) return -1;
    fill_data(r, &d, now, r->last_cum_ns);
    d.time_label_s = second;
    if (r->cfg.results && results_checkpoint(r->cfg.results, &d) != 0)
        return -1;
    if (!results_replaces_text(r->cfg.results)) {
        log_stamped(LOG_NOTICE, "[ %.0fs ] Checkpoint report:", d.time_label_s);
        rc = print_cumulative(r, s, &d);
    } else if (s && script_has_hook(s, "report_cumulative")) {
        /* As at the end: only a script's own hook still prints. */
        rc = script_call_hook(s, "report_cumulative", &d, true);
    }
    if (stats_copy(&r->base_cum, &r->now) != 0) return -1;
    r->last_cum_ns = now;
    return rc;
}

/* -- The status line ------------------------------------------------- */

/* The line appears once a run lasted this long: short runs (and every
 * transcript) finish without it. */
#define PROGRESS_AFTER_NS (2 * NS_PER_S)

/* Events so far, as the reports count them, from relaxed loads of the
 * workers' records: nothing is merged or copied. */
static uint64_t events_so_far(const struct reporter *r)
{
    uint64_t n = 0;

    for (unsigned i = 0; i < r->cfg.threads; i++)
        n += hist_count(pool_hist((int) i)) + stats_read((int) i, STAT_EVENTS);
    return n;
}

/* Every second or more: the errors per second and the 95th percentile
 * of the window since the last one, from a full collect (as an interval
 * report makes; r->now and r->delta are scratch between reports). */
static void progress_window(struct reporter *r, uint64_t now)
{
    if (!r->prog_ready) {
        if (stats_snapshot_init(&r->base_prog, r->cfg.threads) != 0) return;
        r->prog_ready  = true;
        r->prog_err_s  = -1;
        r->prog_p95_ms = -1;
        r->prog_ns     = 0;
    }
    if (r->prog_ns && now < r->prog_ns + NS_PER_S) return;
    if (collect(r) != 0) return;
    if (r->prog_ns && stats_diff(&r->delta, &r->now, &r->base_prog) == 0) {
        double s = (double) (now - r->prog_ns) / 1e9;
        uint64_t p95 =
            hist_count(r->delta.lat) ? hist_percentile_ns(r->delta.lat, 95) : 0;
        r->prog_err_s  = (double) r->delta.c[STAT_ERRORS] / s;
        r->prog_p95_ms = p95 ? (double) p95 / 1e6 : -1;
    }
    if (stats_copy(&r->base_prog, &r->now) == 0) r->prog_ns = now;
}

static void progress_tick(struct reporter *r, uint64_t now)
{
    uint64_t t0 = pool_warmup_end_ns(), end = pool_deadline_ns();
    uint64_t done = events_so_far(r);
    char text[160];

    if (now < t0) {
        progress_rate_init(&r->rate, t0, 0);
        progress_update("warming up, %llus left",
                        (unsigned long long) ((t0 - now) / NS_PER_S + 1));
        return;
    }
    struct progress_state st = {
        .unit       = "events",
        .done       = done,
        .total      = r->cfg.events_limit,
        .elapsed_ns = now - t0,
        .limit_ns   = end > t0 ? end - t0 : 0,
        .per_s      = progress_rate_update(&r->rate, now, done),
    };
    if (now - pool_start_ns() < PROGRESS_AFTER_NS) return;
    progress_window(r, now);
    st.window    = r->prog_err_s >= 0;
    st.err_per_s = r->prog_err_s;
    st.p95_ms    = r->prog_p95_ms;
    progress_format(text, sizeof(text), &st);
    progress_update("%s", text);
}

/* -- The throughput series ------------------------------------------ */

/* The workers' cumulative counts for the document's series (series.h),
 * from relaxed loads of their counters and records (as events_so_far):
 * nothing is merged, so a tick costs a few loads per worker. */
static void series_counts(const struct reporter *r, uint64_t *c)
{
    c[SERIES_EVENTS]  = events_so_far(r);
    c[SERIES_QUERIES] = c[SERIES_ERRORS] = 0;
    for (unsigned i = 0; i < r->cfg.threads; i++) {
        c[SERIES_QUERIES] += stats_read((int) i, STAT_READS) +
                             stats_read((int) i, STAT_WRITES) +
                             stats_read((int) i, STAT_OTHER);
        c[SERIES_ERRORS] += stats_read((int) i, STAT_ERRORS);
    }
}

/* Closes the series' bucket due at or before now. A bucket due at the
 * time limit or later is left to the final report, which closes it with
 * its true duration once the workers have left (as RT-8's slots).
 * Returns when the next one is due. */
static uint64_t tick_series(struct reporter *r, uint64_t now)
{
    uint64_t c[SERIES_N], t0 = pool_warmup_end_ns();

    if (pool_deadline_ns() && now >= pool_deadline_ns()) return UINT64_MAX;
    series_counts(r, c);
    results_series_add(r->cfg.results, c, t0, now, false);
    return results_series_due_ns(r->cfg.results, t0);
}

/* Sleeps until `when_ns` or until stopped; true when stopped. */
static bool sleep_until(struct reporter *r, uint64_t when_ns)
{
    struct timespec ts = {.tv_sec  = (time_t) (when_ns / NS_PER_S),
                          .tv_nsec = (long) (when_ns % NS_PER_S)};
    bool stop;

    pthread_mutex_lock(&r->mutex);
    while (!r->stop && clock_now_ns() < when_ns)
        if (pthread_cond_timedwait(&r->cond, &r->mutex, &ts) == ETIMEDOUT)
            break;
    stop = r->stop;
    pthread_mutex_unlock(&r->mutex);
    return stop;
}

static void *reporter_main(void *arg)
{
    struct reporter *r = arg;
    uint64_t t0        = pool_warmup_end_ns();
    uint64_t iv = r->cfg.interval_s > 0 ? r->cfg.interval_s * NS_PER_S : 0;
    uint64_t next_int = iv ? t0 + iv : UINT64_MAX;
    uint64_t next_prog =
        progress_active() ? clock_now_ns() + PROGRESS_INTERVAL_NS : UINT64_MAX;
    uint64_t next_ser = results_series_due_ns(r->cfg.results, t0);
    unsigned cp       = 0;
    int rc            = 0;

    /* Checkpoints already past (0 s) are skipped, as sysbench does. */
    while (cp < r->cfg.ncheckpoints &&
           t0 + r->cfg.checkpoints[cp] * NS_PER_S <= clock_now_ns())
        cp++;

    if (r->cfg.thread_init) r->cfg.thread_init((int) r->cfg.threads);
    while (rc == 0) {
        uint64_t next_cp = cp < r->cfg.ncheckpoints
                               ? t0 + r->cfg.checkpoints[cp] * NS_PER_S
                               : UINT64_MAX;
        uint64_t when    = next_int < next_cp ? next_int : next_cp;
        if (next_prog < when) when = next_prog;
        if (next_ser < when) when = next_ser;
        if (when == UINT64_MAX || sleep_until(r, when)) break;
        uint64_t now = clock_now_ns();
        if (now >= next_ser) next_ser = tick_series(r, now);
        if (now >= next_prog) {
            progress_tick(r, now);
            next_prog = now + PROGRESS_INTERVAL_NS;
        }
        /* A slot at the time limit would cover a partial interval with
         * workers already leaving: never reported (RT-8). */
        if (rc == 0 && now >= next_int &&
            !(pool_deadline_ns() && now >= pool_deadline_ns())) {
            rc = intermediate(r, now);
        }
        if (now >= next_int) {
            next_int = t0 + ((now - t0) / iv + 1) * iv;
        }
        if (rc == 0 && now >= next_cp) {
            while (cp < r->cfg.ncheckpoints &&
                   t0 + r->cfg.checkpoints[cp] * NS_PER_S <= now)
                cp++;
            rc = checkpoint(r, now, r->cfg.checkpoints[cp - 1]);
        }
    }
    if (rc != 0) pool_stop(true);
    return NULL;
}

int reporter_start(struct reporter *r)
{
    r->last_int_ns = r->last_cum_ns = pool_warmup_end_ns();
    progress_rate_init(&r->rate, pool_warmup_end_ns(), 0);
    if (r->cfg.progress) progress_start(STDERR_FILENO, 0);
    if (pthread_create(&r->thread, NULL, reporter_main, r) != 0) {
        progress_stop();
        log_fatal("reporter: cannot create the reporting thread");
        return -1;
    }
    r->running = true;
    if (r->metrics) metrics_attach(r->metrics, r->cfg.threads);
    return 0;
}

void reporter_stop(struct reporter *r)
{
    if (!r->running) return;
    pthread_mutex_lock(&r->mutex);
    r->stop = true;
    pthread_cond_broadcast(&r->cond);
    pthread_mutex_unlock(&r->mutex);
    pthread_join(r->thread, NULL);
    r->running = false;
    progress_stop();
}

/* PD-10: one WARNING line, in every mode, when the workers were busy on
 * the CPU for most of a run against a database server (never for the
 * built-in tests, whose client is meant to be busy, nor in-process
 * drivers). From the thread clocks, known whether measuring or not. */
static void client_check(struct reporter *r, uint64_t now)
{
    struct detail_selfcheck sc;
    struct detail_verdict v;

    char text[256];

    if (!r->cfg.server_run || !r->cfg.server_run()) return;
    detail_selfcheck_total(&sc, now);
    v = detail_verdict(&sc, r->cfg.threads);
    if (!v.client_bound) return;
    report_client_warning(&v);
    report_client_warning_text(&v, text, sizeof(text));
    results_warning(r->cfg.results, text);
}

/* The run's last interval, from the last interval report to its end,
 * with its true duration (full or partial): into the machine formats
 * only, every interval kept (PD-15); the text report keeps sysbench's
 * interval lines. After collect(). */
static int last_interval(struct reporter *r, uint64_t now)
{
    struct report_data d;

    if (!r->cfg.results || r->cfg.interval_s <= 0 || now <= r->last_int_ns)
        return 0;
    if (stats_diff(&r->delta, &r->now, &r->base_int)) return -1;
    fill_data(r, &d, now, r->last_int_ns);
    /* The workers have left by now: the interval ran with them. */
    d.threads_running = r->cfg.threads;
    d.queue_length    = pool_backlog(now);
    d.concurrency     = pool_concurrency();
    r->last_int_ns    = now;
    return results_interval(r->cfg.results, &d, pool_warmup_end_ns(), now);
}

int reporter_final(struct reporter *r, struct script *main, bool forced)
{
    struct report_data d;
    uint64_t now = clock_now_ns();

    /* The workers finished (or are given up on): the endpoint's final
     * figures are the report's. */
    if (r->metrics) metrics_detach(r->metrics);
    if (collect(r) || last_interval(r, now) ||
        stats_diff(&r->delta, &r->now, &r->base_cum))
        return -1;
    if (r->cfg.results) {
        uint64_t c[SERIES_N];
        series_counts(r, c);
        results_series_add(r->cfg.results, c, pool_warmup_end_ns(), now, true);
    }
    fill_data(r, &d, now, r->last_cum_ns);
    if (forced) {
        /* In-flight events count as finished now (RT-7). */
        d.unfinished = pool_unfinished(
            now, r->delta.lat, r->delta.thread_events, r->delta.thread_lat_ns,
            r->delta.user_events, r->delta.user_lat_ns);
        r->delta.c[STAT_EVENTS] += d.unfinished;
    }
    if (results_replaces_text(r->cfg.results)) {
        /* Only a script's own report hook still prints (to stderr). */
        if (main && script_has_hook(main, "report_cumulative") &&
            script_call_hook(main, "report_cumulative", &d, true) != 0)
            return -1;
    } else {
        if (r->cfg.histogram) hist_print(r->delta.lat, stdout);
        if (print_cumulative(r, main, &d) != 0) return -1;
        if (r->cfg.debug) report_debug_threads(&d, r->hists);
        if (r->cfg.extended) report_extended(&d);
    }
    client_check(r, now);
    if (r->cfg.results &&
        results_final(r->cfg.results, &d, pool_warmup_end_ns(), now) != 0)
        return -1;
    return 0;
}
