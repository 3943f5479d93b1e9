/* SPDX-License-Identifier: MIT */
/* test_detail.c: statement kinds (names, labels, kinds from the text),
 * per-kind records collected and subtracted like stats snapshots, --rate
 * service time and lag, and the self-check of a worker thread that burns
 * CPU against one that sleeps. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "clock.h"
#include "measure/detail.h"
#include "measure/hist.h"
#include "tap.h"

static unsigned cls(const char *sql)
{
    return detail_classify(sql, strlen(sql));
}

static void kinds(void)
{
    is_str(detail_kind_name(DETAIL_KIND_POINT_SELECT), "point select",
           "built-in kind name");
    is_str(detail_kind_name(DETAIL_KIND_BEGIN_COMMIT), "begin/commit",
           "begin/commit name");
    is_int(detail_kind_id("non-index update"), DETAIL_KIND_NON_INDEX_UPDATE,
           "a built-in name finds its id");
    unsigned a = detail_kind_id("my lookup");
    is_int(a, DETAIL_KIND_BUILTIN, "a script's first label takes the next id");
    is_int(detail_kind_id("my lookup"), a, "the same label, the same id");
    is_str(detail_kind_name(a), "my lookup", "a label's name");
    is_int(detail_kind_count(), DETAIL_KIND_BUILTIN + 1, "kind count");
    ok(detail_kind_name(DETAIL_KIND_BUILTIN + 1) == NULL, "no such kind yet");
    is_int(detail_kind_id(""), DETAIL_KIND_OTHER, "an empty label is other");
    for (int i = 0; i < DETAIL_KIND_MAX; i++) {
        char name[16];
        snprintf(name, sizeof(name), "l%d", i);
        detail_kind_id(name);
    }
    is_int(detail_kind_id("one too many"), DETAIL_KIND_OTHER,
           "labels past the table count as other");
    is_int(detail_kind_count(), DETAIL_KIND_MAX, "the table is full");

    is_int(cls("SELECT c FROM sbtest1 WHERE id=?"), DETAIL_KIND_SELECT,
           "select");
    is_int(cls("SELECT c FROM t WHERE id BETWEEN 1 AND 5"), DETAIL_KIND_RANGE,
           "range");
    is_int(cls("select sum(k) from t where id between 1 and 5"),
           DETAIL_KIND_SUM_RANGE, "sum range, any case");
    is_int(cls("SELECT c FROM t WHERE id BETWEEN 1 AND 5 ORDER BY c"),
           DETAIL_KIND_ORDER_RANGE, "order range");
    is_int(cls("SELECT DISTINCT c FROM t WHERE id BETWEEN ? AND ? ORDER BY c"),
           DETAIL_KIND_DISTINCT_RANGE, "distinct range");
    is_int(cls("  UPDATE t SET k=k+1 WHERE id=1"), DETAIL_KIND_UPDATE,
           "update, leading blanks");
    is_int(cls("DELETE FROM t WHERE id=1"), DETAIL_KIND_DELETE, "delete");
    is_int(cls("INSERT INTO t VALUES (1)"), DETAIL_KIND_INSERT, "insert");
    is_int(cls("BEGIN"), DETAIL_KIND_BEGIN_COMMIT, "begin");
    is_int(cls("commit"), DETAIL_KIND_BEGIN_COMMIT, "commit");
    is_int(cls("START TRANSACTION"), DETAIL_KIND_BEGIN_COMMIT, "start");
    is_int(cls("SELECTED"), DETAIL_KIND_OTHER, "a longer word is not SELECT");
    is_int(cls("SHOW TABLES"), DETAIL_KIND_OTHER, "other");
    is_int(detail_classify("SELECT", 3), DETAIL_KIND_OTHER, "len is honoured");
}

/* Records a first period on worker w: queries of two kinds (one of them
 * discarded) and two paced events (the second discarded). */
static void record_first_period(struct detail_worker *w)
{
    detail_query(w, DETAIL_KIND_POINT_SELECT, DETAIL_READ, 1000, false);
    detail_query(w, DETAIL_KIND_POINT_SELECT, DETAIL_READ, 3000, false);
    detail_query(w, DETAIL_KIND_INDEX_UPDATE, DETAIL_WRITE, 5000, false);
    detail_query(w, DETAIL_KIND_INDEX_UPDATE, DETAIL_OTHER, 7000, true);
    detail_paced_event(w, 100, 150, 1150, true);
    detail_paced_event(w, 100, 150, 9999, false);
}

/* Checks the snapshot of record_first_period's records. */
static void check_first_period(struct detail_snapshot *base)
{
    is_int(base->kinds[DETAIL_KIND_POINT_SELECT].n[DETAIL_READ], 2,
           "reads of a kind");
    is_int(hist_count(base->kinds[DETAIL_KIND_POINT_SELECT].lat), 2,
           "timed queries of a kind");
    is_int(base->kinds[DETAIL_KIND_INDEX_UPDATE].n[DETAIL_WRITE] +
               base->kinds[DETAIL_KIND_INDEX_UPDATE].n[DETAIL_OTHER],
           1, "a discarded query is not counted");
    is_int(base->total.driver_ns, 9000,
           "nor its driver time: the kinds' times are the driver's");
    is_int(hist_count(base->service), 1, "one counted paced event");
    is_int(hist_sum_ns(base->service), 1000, "its service time");
    is_int(hist_sum_ns(base->lag), 50, "its start lag");
}

/* Checks d, the difference of the second period's snapshot and the first. */
static void check_second_period(struct detail_snapshot *d)
{
    is_int(d->kinds[DETAIL_KIND_POINT_SELECT].n[DETAIL_READ], 1,
           "the period's reads");
    is_int(hist_sum_ns(d->kinds[DETAIL_KIND_POINT_SELECT].lat), 2000,
           "the period's latency");
    is_int(hist_sum_ns(d->service), 2000, "the period's service time");
    is_int(hist_sum_ns(d->lag), 2000, "the period's lag");
    is_int(d->total.driver_ns, 2000, "the period's driver time");
}

/* Records more error codes on w than a snapshot keeps, collects them into
 * now and checks how they are counted, in total and since base (into d). */
static void check_errors(struct detail_worker *w, struct detail_snapshot *now,
                         struct detail_snapshot *base,
                         struct detail_snapshot *d, uint64_t *lat)
{
    for (int i = 0; i < 20; i++)
        detail_error(w, 1000 + i, "HY000", false, false);
    detail_error(w, 1000, "HY000", false, false);
    detail_error(w, 1000, "HY000", true, true); /* warm-up: dropped */
    ok(detail_collect(now, clock_now_ns(), lat) == 0, "collect errors");
    is_int(now->nerrors, DETAIL_MAX_CODES, "errors: as many codes as kept");
    is_int(now->errors[0].code, 1000, "errors: the first code");
    is_int(now->errors[0].n, 2, "errors: counted twice");
    is_int(now->errors[DETAIL_MAX_CODES - 1].code, -1,
           "errors: the last entry holds the rest");
    is_int(now->errors[DETAIL_MAX_CODES - 1].n, 20 - (DETAIL_MAX_CODES - 1),
           "errors: the rest counted");
    ok(detail_diff(d, now, base) == 0 && d->errors[0].n == 2,
       "errors: a period's count");
}

static void records(void)
{
    struct detail_snapshot *now, *base, *d;
    struct detail_worker *w;
    uint64_t lat[2] = {0, 0};

    ok(detail_init(2, false, false) == 0 && !detail_enabled() &&
           detail_worker_of(0) == NULL,
       "off: no worker records");
    ok(detail_init(2, true, true) == 0 && detail_enabled(), "on");
    ok(detail_worker_of(2) == NULL && detail_worker_of(-1) == NULL,
       "no record outside the workers");
    now  = detail_snapshot_new(2);
    base = detail_snapshot_new(2);
    d    = detail_snapshot_new(2);
    ok(now && base && d, "snapshots");
    w = detail_worker_of(1);
    record_first_period(w);
    ok(detail_collect(base, clock_now_ns(), lat) == 0, "collect");
    detail_query(w, DETAIL_KIND_POINT_SELECT, DETAIL_READ, 2000, false);
    detail_paced_event(w, 1000, 3000, 5000, true);
    ok(detail_collect(now, clock_now_ns(), lat) == 0, "collect again");
    check_first_period(base);
    ok(detail_diff(d, now, base) == 0, "diff");
    check_second_period(d);
    check_errors(w, now, base, d, lat);
    detail_snapshot_free(now);
    detail_snapshot_free(base);
    detail_snapshot_free(d);
    detail_fini();
}

static void *burn(void *arg)
{
    struct detail_worker *w = arg;
    uint64_t end;
    volatile uint64_t x = 0;

    detail_thread_start(w);
    end = clock_now_ns() + 200 * NS_PER_MS;
    while (clock_now_ns() < end)
        x++;
    detail_thread_stop(w);
    return NULL;
}

static void *nap(void *arg)
{
    struct detail_worker *w = arg;

    detail_thread_start(w);
    clock_sleep_until_ns(clock_now_ns() + 200 * NS_PER_MS);
    detail_thread_stop(w);
    return NULL;
}

/* Spins through a warm-up, then sleeps for the measured run: what the
 * self-check covers starts at detail_thread_measure. */
static void *warm_then_nap(void *arg)
{
    struct detail_worker *w = arg;
    uint64_t end;
    volatile uint64_t x = 0;

    detail_thread_start(w);
    end = clock_now_ns() + 200 * NS_PER_MS;
    while (clock_now_ns() < end)
        x++;
    detail_schedule_sleep(w, 50 * NS_PER_MS);
    detail_thread_measure(w);
    detail_thread_measure(w); /* a second call changes nothing */
    clock_sleep_until_ns(clock_now_ns() + 100 * NS_PER_MS);
    detail_thread_stop(w);
    return NULL;
}

static void warmup(void)
{
    struct detail_snapshot *s;
    pthread_t a;
    struct detail_verdict v;

    ok(detail_init(1, false, false) == 0, "off: the thread clocks still run");
    s = detail_snapshot_new(1);
    pthread_create(&a, NULL, warm_then_nap, detail_thread_of(0));
    pthread_join(a, NULL);
    ok(detail_collect(s, clock_now_ns(), (uint64_t[]){0}) == 0, "collect");
    ok(s->thread[0].wall_ns >= 100 * NS_PER_MS &&
           s->thread[0].wall_ns < 190 * NS_PER_MS,
       "warm-up: the wall time starts after it");
    ok(s->thread[0].cpu_ns < 50 * NS_PER_MS,
       "warm-up: its CPU time is left out");
    is_int(s->thread[0].schedule_ns, 0, "warm-up: its schedule waits too");
    v = detail_verdict(&s->thread[0], 1);
    ok(!v.client_bound, "warm-up: a thread that spun only then is not busy");
    detail_selfcheck_total(&s->total, clock_now_ns());
    ok(s->total.cpu_ns < 50 * NS_PER_MS, "warm-up: the WARNING's figures too");
    detail_snapshot_free(s);
    detail_fini();
}

static void selfcheck(void)
{
    struct detail_snapshot *s;
    pthread_t a, b;
    struct detail_verdict va, vb;

    ok(detail_init(2, true, false) == 0, "on, no --rate");
    s = detail_snapshot_new(2);
    pthread_create(&a, NULL, burn, detail_worker_of(0));
    pthread_create(&b, NULL, nap, detail_worker_of(1));
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    ok(detail_collect(s, clock_now_ns(), (uint64_t[]){200000000, 0}) == 0,
       "collect stopped workers");
    va = detail_verdict(&s->thread[0], 1);
    vb = detail_verdict(&s->thread[1], 1);
    ok(s->thread[0].wall_ns >= 200 * NS_PER_MS, "the burner's wall time");
    ok(va.client_bound, "a thread spinning on the CPU is busy");
    if (!va.client_bound) printf("# busy %.3f\n", va.busy);
    ok(!vb.client_bound && vb.busy < 0.2, "a sleeping thread is not");
    ok(s->thread[1].server_ns > 150 * NS_PER_MS,
       "a sleeping thread's time is off the CPU");
    is_int(s->thread[0].event_ns, 200000000, "event time without --rate");
    ok(s->thread[0].script_ns == 200000000, "all of it outside the driver");
    detail_snapshot_free(s);
    detail_fini();
}

int main(void)
{
    kinds();
    records();
    selfcheck();
    warmup();
    return done_testing();
}
