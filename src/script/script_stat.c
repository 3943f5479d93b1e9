/* SPDX-License-Identifier: MIT */
/* script_stat: bench's additions to the `stat` table of report hooks
 * (docs/results.md "Lua"): the percentile list, and while bench measures
 * (detail.h) the per-kind figures, --rate's service time and start lag and
 * the client self-check. Additions only: sysbench's fields are script.c's.
 * Times in seconds, as sysbench's latency fields. */
#include <lua.h>

#include "measure/detail.h"
#include "measure/hist.h"
#include "report/report.h"
#include "script_internal.h"
#include "measure/stats.h"

static void num(lua_State *L, const char *k, double v)
{
    lua_pushnumber(L, v);
    lua_setfield(L, -2, k);
}

/* Pushes {{percentile = p, latency = s}, ...} of h for r's list. */
static void push_percentiles(lua_State *L, const struct report_data *r,
                             const struct hist *h)
{
    lua_createtable(L, (int) r->npercentiles, 0);
    for (unsigned i = 0; i < r->npercentiles; i++) {
        lua_createtable(L, 0, 2);
        num(L, "percentile", r->percentiles[i]);
        num(L, "latency", report_s(hist_percentile_ns(h, r->percentiles[i])));
        lua_rawseti(L, -2, (int) i + 1);
    }
}

/* min/avg/max/sum/count and the percentile list of h, into the table on
 * top of the stack. */
static void set_latency(lua_State *L, const struct report_data *r,
                        const struct hist *h)
{
    uint64_t n = hist_count(h);

    num(L, "count", (double) n);
    num(L, "latency_min", report_s(hist_min_ns(h)));
    num(L, "latency_avg", n ? report_s(hist_sum_ns(h)) / (double) n : 0);
    num(L, "latency_max", report_s(hist_max_ns(h)));
    num(L, "latency_sum", report_s(hist_sum_ns(h)));
    push_percentiles(L, r, h);
    lua_setfield(L, -2, "percentiles");
}

/* stat.kinds: one table per kind with queries, in id order, each also
 * under its name. */
static void push_kinds(lua_State *L, const struct report_data *r,
                       const struct detail_snapshot *d)
{
    int i = 0;

    lua_createtable(L, 0, 0);
    for (unsigned k = 0; k < d->nkinds; k++) {
        const struct detail_kind_stats *s = &d->kinds[k];
        uint64_t all = s->n[DETAIL_READ] + s->n[DETAIL_WRITE] +
                       s->n[DETAIL_OTHER] + s->n[DETAIL_FAILED];
        if (all == 0) continue;
        lua_createtable(L, 0, 12);
        lua_pushstring(L, detail_kind_name(k));
        lua_setfield(L, -2, "name");
        num(L, "reads", (double) s->n[DETAIL_READ]);
        num(L, "writes", (double) s->n[DETAIL_WRITE]);
        num(L, "other", (double) s->n[DETAIL_OTHER]);
        num(L, "errors", (double) s->n[DETAIL_FAILED]);
        set_latency(L, r, s->lat);
        lua_pushvalue(L, -1);
        lua_setfield(L, -3, detail_kind_name(k));
        lua_rawseti(L, -2, ++i);
    }
}

static void set_check(lua_State *L, const struct detail_selfcheck *c)
{
    num(L, "wall", report_s(c->wall_ns));
    num(L, "cpu", report_s(c->cpu_ns));
    num(L, "cpu_wait", report_s(c->runq_ns));
    num(L, "events", report_s(c->event_ns));
    num(L, "driver", report_s(c->driver_ns));
    num(L, "script", report_s(c->script_ns));
    num(L, "schedule", report_s(c->schedule_ns));
    num(L, "server", report_s(c->server_ns));
}

static void push_selfcheck(lua_State *L, const struct detail_snapshot *d)
{
    struct detail_verdict v = detail_verdict(&d->total, d->nthreads);

    lua_createtable(L, 0, 12);
    set_check(L, &d->total);
    num(L, "busy", v.busy);
    num(L, "cpus", v.cpus);
    lua_pushboolean(L, v.client_bound);
    lua_setfield(L, -2, "client_bound");
    lua_createtable(L, (int) d->nthreads, 0);
    for (unsigned t = 0; t < d->nthreads; t++) {
        lua_createtable(L, 0, 8);
        set_check(L, &d->thread[t]);
        lua_rawseti(L, -2, (int) t + 1);
    }
    lua_setfield(L, -2, "threads");
}

void script_stat_extend(lua_State *L, const struct report_data *r)
{
    const struct detail_snapshot *d = r->delta->detail;

    /* Only with bench's options: hooks see sysbench's table otherwise. */
    if (r->npercentiles > 0 && (r->percentile_list || d)) {
        push_percentiles(L, r, r->delta->lat);
        lua_setfield(L, -2, "percentiles");
    }
    if (!d) return;
    push_kinds(L, r, d);
    lua_setfield(L, -2, "kinds");
    push_selfcheck(L, d);
    lua_setfield(L, -2, "selfcheck");
    lua_createtable(L, (int) d->nerrors, 0);
    for (unsigned i = 0; i < d->nerrors; i++) {
        lua_createtable(L, 0, 4);
        num(L, "code", d->errors[i].code);
        lua_pushstring(L, d->errors[i].sqlstate);
        lua_setfield(L, -2, "sqlstate");
        lua_pushboolean(L, d->errors[i].fatal);
        lua_setfield(L, -2, "fatal");
        num(L, "count", (double) d->errors[i].n);
        lua_rawseti(L, -2, (int) i + 1);
    }
    lua_setfield(L, -2, "errors_by_code");
    if (!d->rate_mode) return;
    lua_createtable(L, 0, 6);
    set_latency(L, r, d->service);
    lua_setfield(L, -2, "service_time");
    lua_createtable(L, 0, 6);
    set_latency(L, r, d->lag);
    lua_setfield(L, -2, "start_lag");
}
