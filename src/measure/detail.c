/* SPDX-License-Identifier: MIT */
/* detail: see detail.h. Workers write their own record (single writer,
 * relaxed stores); the reporter and the main thread read it with relaxed
 * loads, as stats.c and hist.c do. The records of a run are the one table
 * below (the sibling of stats_current), set while no worker runs. */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>
#include <ck_pr.h>

#include "clock.h"
#include "detail.h"
#include "hist.h"
#include "owned.h"

static struct {
    struct detail_worker *w;
    unsigned n;
    bool on, rate_mode;
} table;

struct detail_clock detail_clock;

#if defined(__x86_64__)
/* Whether the TSC may time queries: invariant (constant and nonstop, the
 * same rate in every CPU state) and the kernel's own clock source, so that
 * the kernel keeps the CPUs' counters in step. */
static bool tsc_usable(void)
{
    char line[4096], src[32] = "";
    bool constant = false, nonstop = false;
    FILE *f = fopen("/sys/devices/system/clocksource/clocksource0/"
                    "current_clocksource",
                    "r");

    if (!f) return false;
    if (!fgets(src, sizeof(src), f)) src[0] = '\0';
    fclose(f);
    if (strncmp(src, "tsc", 3) != 0 || !(f = fopen("/proc/cpuinfo", "r")))
        return false;
    while (fgets(line, sizeof(line), f) && !(constant && nonstop))
        if (strncmp(line, "flags", 5) == 0) {
            constant = strstr(line, " constant_tsc") != NULL;
            nonstop  = strstr(line, " nonstop_tsc") != NULL;
            break;
        }
    fclose(f);
    return constant && nonstop;
}

/* One (clock, TSC) pair, the TSC read on both sides of the clock; false
 * when the two are far apart (the thread was interrupted). */
static bool tsc_pair(uint64_t *ns, uint64_t *tsc)
{
    uint64_t a = __builtin_ia32_rdtsc(), n = clock_now_ns();
    uint64_t b = __builtin_ia32_rdtsc();

    *ns  = n;
    *tsc = a + (b - a) / 2;
    return b - a < 5000;
}

/* ns per tick over 5 ms of the monotonic clock: within a few parts in a
 * million, far inside the record's 0.1%. Once per process. The 5 ms are
 * slept, not spun: a spin's instruction count would follow the machine's
 * speed, and the perf scripts count instructions (perf/db_point_select.sh). */
static void tsc_calibrate(void)
{
    static bool done;
    uint64_t ns0, tsc0, ns1, tsc1;
    int tries = 0;

    if (done) return;
    done = true;
    if (!tsc_usable()) return;
    while (!tsc_pair(&ns0, &tsc0))
        if (++tries > 100) return;
    while (clock_now_ns() < ns0 + 5 * NS_PER_MS)
        clock_sleep_until_ns(ns0 + 5 * NS_PER_MS);
    while (!tsc_pair(&ns1, &tsc1))
        if (++tries > 200) return;
    if (tsc1 <= tsc0) return;
    detail_clock.mult =
        (uint64_t) ((((unsigned __int128) (ns1 - ns0)) << 32) / (tsc1 - tsc0));
    detail_clock.tsc = detail_clock.mult > 0;
}
#else
static void tsc_calibrate(void)
{
}
#endif

int detail_init(unsigned nworkers, bool on, bool rate_mode)
{
    detail_fini();
    if (posix_memalign((void **) &table.w, 64, sizeof(*table.w) * nworkers) !=
        0)
        return -1;
    memset(table.w, 0, sizeof(*table.w) * nworkers);
    table.n = nworkers;
    if (on) tsc_calibrate();
    table.on        = on;
    table.rate_mode = rate_mode && on;
    for (unsigned i = 0; table.rate_mode && i < nworkers; i++)
        if (!(table.w[i].service = hist_new_compact()) ||
            !(table.w[i].lag = hist_new_compact())) {
            detail_fini();
            return -1;
        }
    return 0;
}

void detail_fini(void)
{
    for (unsigned i = 0; i < table.n; i++) {
        for (unsigned k = 0; k < DETAIL_KIND_MAX; k++)
            hist_free(table.w[i].kind_lat[k]);
        hist_free(table.w[i].service);
        hist_free(table.w[i].lag);
    }
    free(table.w);
    table.w  = NULL;
    table.n  = 0;
    table.on = false;
}

bool detail_enabled(void)
{
    return table.on;
}

struct detail_worker *detail_thread_of(int tid)
{
    if (tid < 0 || (unsigned) tid >= table.n) return NULL;
    return &table.w[tid];
}

struct detail_worker *detail_worker_of(int tid)
{
    return table.on ? detail_thread_of(tid) : NULL;
}

/* -- Worker side ------------------------------------------------------- */

/* The thread's CPU and run-queue times from the kernel's schedstat (ns);
 * without it, the CPU clock and no run-queue time. */
static void read_thread(pid_t tid, clockid_t clk, uint64_t *cpu, uint64_t *rq)
{
    char path[64];
    unsigned long long c, q;
    struct timespec ts;
    FILE *f;

    snprintf(path, sizeof(path), "/proc/self/task/%ld/schedstat", (long) tid);
    if ((f = fopen(path, "r")) != NULL) {
        int got = fscanf(f, "%llu %llu", &c, &q);
        fclose(f);
        if (got == 2) {
            *cpu = c;
            *rq  = q;
            return;
        }
    }
    *rq  = 0;
    *cpu = clock_gettime(clk, &ts) == 0
               ? (uint64_t) ts.tv_sec * NS_PER_S + (uint64_t) ts.tv_nsec
               : 0;
}

void detail_thread_start(struct detail_worker *w)
{
    uint64_t cpu, rq;

    if (!w) return;
    w->tid = (pid_t) syscall(SYS_gettid);
    if (pthread_getcpuclockid(pthread_self(), &w->cpu_clock) != 0)
        w->cpu_clock = CLOCK_THREAD_CPUTIME_ID;
    read_thread(w->tid, w->cpu_clock, &cpu, &rq);
    ck_pr_store_64(&w->cpu0_ns, cpu);
    ck_pr_store_64(&w->runq0_ns, rq);
    ck_pr_store_64(&w->wall0_ns, clock_now_ns());
    ck_pr_fence_store();
    ck_pr_store_int(&w->started, 1);
}

void detail_thread_go(struct detail_worker *w, uint64_t start_ns)
{
    if (w && w->started) ck_pr_store_64(&w->wall0_ns, start_ns);
}

void detail_thread_measure(struct detail_worker *w)
{
    uint64_t cpu, rq;

    if (!w || !w->started || w->measuring) return;
    w->measuring = true;
    read_thread(w->tid, w->cpu_clock, &cpu, &rq);
    ck_pr_store_64(&w->cpu0_ns, cpu);
    ck_pr_store_64(&w->runq0_ns, rq);
    ck_pr_store_64(&w->wall0_ns, clock_now_ns());
    ck_pr_store_64(&w->schedule_ns, 0);
}

void detail_thread_stop(struct detail_worker *w)
{
    uint64_t cpu, rq;

    if (!w || !w->started) return;
    read_thread(w->tid, w->cpu_clock, &cpu, &rq);
    ck_pr_store_64(&w->cpu1_ns, cpu);
    ck_pr_store_64(&w->runq1_ns, rq);
    ck_pr_store_64(&w->wall1_ns, clock_now_ns());
    ck_pr_fence_store();
    ck_pr_store_int(&w->stopped, 1);
}

void detail_query_first(struct detail_worker *w, unsigned kind, uint64_t ns)
{
    struct hist *h = hist_new_compact();

    if (!h) return; /* counted, not timed */
    ck_pr_fence_store();
    ck_pr_store_ptr(&w->kind_lat[kind], h);
    hist_record(h, ns);
}

static bool same_error(const struct detail_error_count *e, int code,
                       const char *sqlstate, bool fatal)
{
    return e->code == code && e->fatal == fatal &&
           strncmp(e->sqlstate, sqlstate ? sqlstate : "", 5) == 0;
}

/* The entry of (code, sqlstate, fatal) in errors[0..*n), added if there
 * is room (else the code -1 entry, the last slot); NULL when full. */
static struct detail_error_count *error_slot(struct detail_error_count *errors,
                                             unsigned *n, int code,
                                             const char *sqlstate, bool fatal)
{
    for (unsigned i = 0; i < *n; i++)
        if (same_error(&errors[i], code, sqlstate, fatal)) return &errors[i];
    if (*n == DETAIL_MAX_CODES) {
        if (code == -1) return NULL;
        return error_slot(errors, n, -1, NULL, fatal);
    }
    if (*n == DETAIL_MAX_CODES - 1 && code != -1)
        return error_slot(errors, n, -1, NULL, fatal);
    errors[*n] = (struct detail_error_count){.code = code, .fatal = fatal};
    snprintf(errors[*n].sqlstate, sizeof(errors[*n].sqlstate), "%s",
             sqlstate ? sqlstate : "");
    return &errors[(*n)++];
}

void detail_error(struct detail_worker *w, int code, const char *sqlstate,
                  bool fatal, bool discard)
{
    unsigned n = w->nerrors;
    struct detail_error_count *e;

    if (discard || !(e = error_slot(w->errors, &n, code, sqlstate, fatal)))
        return;
    if (n != w->nerrors) {
        ck_pr_fence_store();
        ck_pr_store_uint(&w->nerrors, n);
    }
    ck_pr_store_64(&e->n, e->n + 1);
}

/* Adds the counts of src[0..n) into s's table. */
static void errors_add(struct detail_snapshot *s,
                       const struct detail_error_count *src, unsigned n,
                       int sign)
{
    for (unsigned i = 0; i < n; i++) {
        struct detail_error_count *e = error_slot(
            s->errors, &s->nerrors, src[i].code, src[i].sqlstate, src[i].fatal);
        uint64_t v = ck_pr_load_64(&src[i].n);
        if (e) e->n = sign > 0 ? e->n + v : e->n > v ? e->n - v : 0;
    }
}

void detail_paced_event(struct detail_worker *w, uint64_t intended_ns,
                        uint64_t start_ns, uint64_t end_ns, bool counted)
{
    if (!counted || !w->service) return;
    hist_record(w->service, end_ns > start_ns ? end_ns - start_ns : 0);
    hist_record(w->lag, start_ns > intended_ns ? start_ns - intended_ns : 0);
}

void detail_schedule_sleep(struct detail_worker *w, uint64_t ns)
{
    owned_add_64(&w->schedule_ns, ns);
}

/* -- Snapshots --------------------------------------------------------- */

struct detail_snapshot *detail_snapshot_new(unsigned nthreads)
{
    struct detail_snapshot *s = calloc(1, sizeof(*s));

    if (!s) return NULL;
    s->nthreads = nthreads;
    if (!(s->thread = calloc(nthreads + 1, sizeof(*s->thread))) ||
        !(s->service = hist_new()) || !(s->lag = hist_new()))
        goto fail;
    for (unsigned k = 0; k < DETAIL_KIND_MAX; k++)
        if (!(s->kinds[k].lat = hist_new())) goto fail;
    return s;
fail:
    detail_snapshot_free(s);
    return NULL;
}

void detail_snapshot_free(struct detail_snapshot *s)
{
    if (!s) return;
    for (unsigned k = 0; k < DETAIL_KIND_MAX; k++)
        hist_free(s->kinds[k].lat);
    hist_free(s->service);
    hist_free(s->lag);
    free(s->thread);
    free(s);
}

static uint64_t sub0(uint64_t a, uint64_t b)
{
    return a > b ? a - b : 0;
}

/* The fields derived from the measured ones. */
static void derive(struct detail_selfcheck *c)
{
    c->script_ns = sub0(c->event_ns, c->driver_ns);
    c->server_ns = sub0(c->wall_ns, c->cpu_ns + c->runq_ns + c->schedule_ns);
}

static void sum_into(struct detail_selfcheck *t,
                     const struct detail_selfcheck *c)
{
    t->wall_ns += c->wall_ns;
    t->cpu_ns += c->cpu_ns;
    t->runq_ns += c->runq_ns;
    t->event_ns += c->event_ns;
    t->driver_ns += c->driver_ns;
    t->schedule_ns += c->schedule_ns;
}

/* Worker w's self-check since its start: its clocks now, or at its stop. */
static void collect_thread(struct detail_worker *w, uint64_t now_ns,
                           struct detail_selfcheck *c)
{
    uint64_t cpu = 0, rq = 0, wall = now_ns;

    *c             = (struct detail_selfcheck){0};
    c->schedule_ns = ck_pr_load_64(&w->schedule_ns);
    if (!ck_pr_load_int(&w->started)) return;
    ck_pr_fence_load();
    if (ck_pr_load_int(&w->stopped)) {
        ck_pr_fence_load();
        cpu  = ck_pr_load_64(&w->cpu1_ns);
        rq   = ck_pr_load_64(&w->runq1_ns);
        wall = ck_pr_load_64(&w->wall1_ns);
    } else {
        read_thread(w->tid, w->cpu_clock, &cpu, &rq);
        /* The thread may have stopped meanwhile (its clock then gone). */
        if (ck_pr_load_int(&w->stopped)) {
            collect_thread(w, now_ns, c);
            return;
        }
    }
    c->wall_ns = sub0(wall, ck_pr_load_64(&w->wall0_ns));
    c->cpu_ns  = sub0(cpu, ck_pr_load_64(&w->cpu0_ns));
    c->runq_ns = sub0(rq, ck_pr_load_64(&w->runq0_ns));
}

static void reset(struct detail_snapshot *s)
{
    for (unsigned k = 0; k < DETAIL_KIND_MAX; k++) {
        memset(s->kinds[k].n, 0, sizeof(s->kinds[k].n));
        hist_reset(s->kinds[k].lat);
    }
    hist_reset(s->service);
    hist_reset(s->lag);
    s->total   = (struct detail_selfcheck){0};
    s->nerrors = 0;
}

/* Adds worker w's kinds into `now`; *driver_ns: the sum of their times,
 * the worker's time in the driver (detail_query records every query it
 * times in its kind). */
static int collect_kinds(struct detail_snapshot *now, struct detail_worker *w,
                         uint64_t *driver_ns)
{
    uint64_t span_ns;

    *driver_ns = 0;
    for (unsigned k = 0; k < now->nkinds; k++) {
        struct hist *h = ck_pr_load_ptr(&w->kind_lat[k]);
        for (unsigned c = 0; c < DETAIL_NCLASS; c++)
            now->kinds[k].n[c] += ck_pr_load_64(&w->n[k][c]);
        ck_pr_fence_load();
        if (!h) continue;
        *driver_ns += hist_sum_ns(h);
        if (hist_add(now->kinds[k].lat, h) != 0) return -1;
    }
    /* Spans' time before their last call was not the driver's. */
    span_ns = ck_pr_load_64(&w->span_ns);
    *driver_ns -= span_ns < *driver_ns ? span_ns : *driver_ns;
    return 0;
}

int detail_collect(struct detail_snapshot *now, uint64_t now_ns,
                   const uint64_t *thread_lat_ns)
{
    reset(now);
    now->nkinds    = detail_kind_count();
    now->rate_mode = table.rate_mode;
    for (unsigned t = 0; t < now->nthreads && t < table.n; t++) {
        struct detail_worker *w    = &table.w[t];
        struct detail_selfcheck *c = &now->thread[t];
        uint64_t driver_ns;

        if (collect_kinds(now, w, &driver_ns) != 0) return -1;
        {
            unsigned ne = ck_pr_load_uint(&w->nerrors);
            ck_pr_fence_load();
            errors_add(now, w->errors, ne, 1);
        }
        collect_thread(w, now_ns, c);
        c->driver_ns = driver_ns;
        if (w->service) {
            c->event_ns = hist_sum_ns(w->service);
            if (hist_add(now->service, w->service) != 0 ||
                hist_add(now->lag, w->lag) != 0)
                return -1;
        } else {
            c->event_ns = thread_lat_ns ? thread_lat_ns[t] : 0;
        }
        derive(c);
        sum_into(&now->total, c);
    }
    derive(&now->total);
    return 0;
}

void detail_selfcheck_total(struct detail_selfcheck *total, uint64_t now_ns)
{
    *total = (struct detail_selfcheck){0};
    for (unsigned t = 0; t < table.n; t++) {
        struct detail_selfcheck c;
        collect_thread(&table.w[t], now_ns, &c);
        sum_into(total, &c);
    }
    derive(total);
}

int detail_copy(struct detail_snapshot *dst, const struct detail_snapshot *src)
{
    dst->nkinds    = src->nkinds;
    dst->rate_mode = src->rate_mode;
    dst->nerrors   = src->nerrors;
    memcpy(dst->errors, src->errors, sizeof(src->errors));
    for (unsigned k = 0; k < DETAIL_KIND_MAX; k++) {
        memcpy(dst->kinds[k].n, src->kinds[k].n, sizeof(src->kinds[k].n));
        if (hist_copy(dst->kinds[k].lat, src->kinds[k].lat) != 0) return -1;
    }
    for (unsigned t = 0; t < src->nthreads && t < dst->nthreads; t++)
        dst->thread[t] = src->thread[t];
    dst->total = src->total;
    if (hist_copy(dst->service, src->service) != 0) return -1;
    return hist_copy(dst->lag, src->lag);
}

static void diff_check(struct detail_selfcheck *o,
                       const struct detail_selfcheck *b)
{
    o->wall_ns     = sub0(o->wall_ns, b->wall_ns);
    o->cpu_ns      = sub0(o->cpu_ns, b->cpu_ns);
    o->runq_ns     = sub0(o->runq_ns, b->runq_ns);
    o->event_ns    = sub0(o->event_ns, b->event_ns);
    o->driver_ns   = sub0(o->driver_ns, b->driver_ns);
    o->schedule_ns = sub0(o->schedule_ns, b->schedule_ns);
    derive(o);
}

int detail_diff(struct detail_snapshot *out, const struct detail_snapshot *now,
                const struct detail_snapshot *base)
{
    if (detail_copy(out, now) != 0) return -1;
    errors_add(out, base->errors, base->nerrors, -1);
    for (unsigned k = 0; k < DETAIL_KIND_MAX; k++) {
        for (unsigned c = 0; c < DETAIL_NCLASS; c++)
            out->kinds[k].n[c] -= base->kinds[k].n[c];
        if (hist_sub(out->kinds[k].lat, base->kinds[k].lat) != 0) return -1;
    }
    for (unsigned t = 0; t < out->nthreads; t++)
        diff_check(&out->thread[t], &base->thread[t]);
    diff_check(&out->total, &base->total);
    if (hist_sub(out->service, base->service) != 0) return -1;
    return hist_sub(out->lag, base->lag);
}

/* -- The verdict ------------------------------------------------------- */

struct detail_verdict detail_verdict(const struct detail_selfcheck *sc,
                                     unsigned nworkers)
{
    struct detail_verdict v = {0};

    /* Of the time the workers were not kept waiting for a CPU (by other
     * processes as much as by each other), the share they spent on one:
     * their own work against waits for the server or the schedule. A
     * loaded host stretches both alike, so the share stays. */
    if (sc->wall_ns > sc->runq_ns)
        v.busy = (double) sc->cpu_ns / (double) (sc->wall_ns - sc->runq_ns);
    if (v.busy > 1) v.busy = 1;
    if (sc->wall_ns > 0)
        v.cpus = (double) sc->cpu_ns * nworkers / (double) sc->wall_ns;
    v.client_bound = v.busy > DETAIL_BUSY_LIMIT;
    return v;
}
