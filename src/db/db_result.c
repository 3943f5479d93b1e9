/* SPDX-License-Identifier: MIT */
/* db_result: calls that produce a connection's current result, and the
 * result itself: counting, fetching, buffering on demand, freeing (see
 * db.h for the rules). */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "db_internal.h"
#include "measure/detail.h"
#include "measure/stats.h"

/* -- Connections' memory ------------------------------------------------ */

/* Process state: the free list of connections' memory (db.h, "Result
 * handles"). Never emptied: a result handle Lua still holds may point into
 * any of it. Connections come and go rarely (not per query), so one lock
 * does. */
static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static struct db_conn *pool_free;

struct db_conn *db_conn_mem_new(void)
{
    struct db_conn *c;
    uint32_t gen;

    pthread_mutex_lock(&pool_lock);
    c = pool_free;
    if (c) pool_free = c->pool_next;
    pthread_mutex_unlock(&pool_lock);
    if (!c) return calloc(1, sizeof(*c));
    gen = c->rs.pub.gen;
    memset(c, 0, sizeof(*c));
    c->rs.pub.gen = gen;
    c->birth_gen  = gen;
    return c;
}

void db_conn_release(struct db_conn *c)
{
    c->rs.pub.gen++;
    c->state  = DB_CONN_INVALID;
    c->pooled = true;
    pthread_mutex_lock(&pool_lock);
    c->pool_next = pool_free;
    pool_free    = c;
    pthread_mutex_unlock(&pool_lock);
}

bool bench_db_result_stale(sql_result *prs, uint32_t gen)
{
    struct db_result *r = DB_CONTAINER_OF(prs, struct db_result, pub);
    struct db_conn *c   = DB_CONTAINER_OF(r, struct db_conn, rs);

    /* Taken before this use of the memory began: another connection's. */
    if (c->pooled || (uint32_t) (gen - c->birth_gen) >
                         (uint32_t) (prs->gen - c->birth_gen)) {
        log_alert("attempt to use a result set whose connection was freed");
        return true;
    }
    if (c->state == DB_CONN_RESULT_SET) {
        log_alert("attempt to use a result set replaced by a later query");
        return true;
    }
    return false;
}

/* -- Calls and results ------------------------------------------------- */

sql_result *db_fail(struct db_conn *c, enum db_op op, const char *sql)
{
    db_result_reset(&c->rs);
    c->pub.error = db_classify(c, op, sql);
    return NULL;
}

/* While a reconnect has given up, calls fail with the error that broke
 * the connection, so the ignore lists apply again. */
int db_broken_call(struct db_conn *c)
{
    c->err.conn_lost = true;
    return -1;
}

void db_detail_begin(struct db_conn *c, struct db_timing *t)
{
    t->slot = c->stats_gen == stats_current.gen ? c->stats : db_count_in(c);
    for (int k = 0; k < 3; k++)
        t->n[k] = t->slot->c[k];
    /* A span (bench_db_span) is taken by the one call that ends it. */
    t->t0_ns  = detail_ticks();
    t->before = 0;
    if (c->span_t0) {
        t->before  = t->t0_ns > c->span_t0 ? t->t0_ns - c->span_t0 : 0;
        t->t0_ns   = c->span_t0;
        c->span_t0 = 0;
    }
}

/* The time a kind records from before its call (a span): not the
 * driver's, so the self-check's driver time leaves it out. */
static void span_done(struct db_conn *c, const struct db_timing *t,
                      bool discard)
{
    if (t->before && c->detail)
        detail_span(c->detail, detail_ticks_ns(0, t->before), discard);
}

void db_detail_class(struct db_conn *c, unsigned kind,
                     const struct db_timing *t, enum detail_class cls)
{
    uint64_t now = detail_ticks();
    bool discard = stats_discarding(c->thread_id);

    if (c->detail)
        detail_query(c->detail, kind, cls, detail_ticks_ns(t->t0_ns, now),
                     discard);
    span_done(c, t, discard);
}

void db_detail_done(struct db_conn *c, unsigned kind, const struct db_timing *t)
{
    uint64_t now          = detail_ticks();
    enum detail_class cls = DETAIL_FAILED;

    /* The class db_finish counted the call in: exactly the same counts
     * as sysbench's read/write/other, by construction. */
    for (int k = 0; k < 3; k++)
        if (t->slot->c[k] != t->n[k]) cls = (enum detail_class) k;
    if (c->detail)
        detail_query(c->detail, kind, cls, detail_ticks_ns(t->t0_ns, now),
                     t->slot->discard);
    span_done(c, t, t->slot->discard);
}

static sql_result *query_call(struct db_conn *c, const char *sql, size_t len)
{
    int rc;

    if (!db_conn_begin(c)) return NULL;
    rc = c->broken ? db_broken_call(c) : c->drv->query(c, sql, len, &c->rs);
    return db_finish(c, rc, DB_OP_QUERY, sql);
}

unsigned db_query_kind(int kind, const char *sql, size_t len)
{
    return kind >= 0 && kind < DETAIL_KIND_MAX ? (unsigned) kind
                                               : detail_classify(sql, len);
}

sql_result *bench_db_query_kind(sql_connection *pc, const char *sql, size_t len,
                                int kind)
{
    struct db_conn *c = db_conn_of(pc);
    struct db_timing t;
    sql_result *rs;

    if (!c->detail) return query_call(c, sql, len);
    c->kind = db_query_kind(kind, sql, len);
    db_detail_begin(c, &t);
    rs = query_call(c, sql, len);
    db_detail_done(c, c->kind, &t);
    return rs;
}

sql_result *db_query(sql_connection *pc, const char *sql, size_t len)
{
    struct db_conn *c = db_conn_of(pc);

    if (__builtin_expect(c->detail != NULL, 0))
        return bench_db_query_kind(pc, sql, len, -1);
    return query_call(c, sql, len);
}

unsigned bench_db_kind_id(const char *name)
{
    return detail_kind_id(name);
}

uint64_t bench_db_ticks(void)
{
    return detail_ticks();
}

void bench_db_span(sql_connection *pc, uint64_t t0)
{
    struct db_conn *c = db_conn_of(pc);

    if (c->detail) c->span_t0 = t0;
}

int db_values_reserve(struct db_conn *c, uint32_t n)
{
    sql_value *v;

    if (n <= c->nvalues) return 0;
    v = realloc(c->values, n * sizeof(*v));
    if (!v) {
        db_oom("fetch a row");
        return -1;
    }
    c->values  = v;
    c->nvalues = n;
    return 0;
}

/* Checks a result handle for fetch/free/store; ALERTs as sysbench. */
static struct db_result *result_check(sql_result *prs, const char *invalid)
{
    struct db_result *r = DB_CONTAINER_OF(prs, struct db_result, pub);

    if (r->conn->state == DB_CONN_INVALID) {
        log_alert("attempt to use an already closed connection");
        return NULL;
    }
    if (r->conn->state != DB_CONN_RESULT_SET || &r->conn->rs != r) {
        log_alert("%s", invalid);
        return NULL;
    }
    return r;
}

static sql_row *fetch_stored(struct db_result *r)
{
    uint32_t nstored = (uint32_t) (r->store_nvals / r->pub.nfields);

    if (r->next >= nstored) {
        if (r->pub.nrows == 0)
            log_alert("attempt to fetch row from an empty result set");
        return NULL;
    }
    r->pub.row.values = r->store_vals + (size_t) r->next++ * r->pub.nfields;
    return &r->pub.row;
}

sql_row *db_fetch_row(sql_result *prs)
{
    struct db_result *r =
        result_check(prs, "attempt to fetch row from an invalid result set");
    struct db_conn *c;
    int rc;

    if (!r) return NULL;
    c = r->conn;
    if (r->stored) return fetch_stored(r);
    if (r->pub.nfields == 0 || (!r->streaming && r->pub.nrows == 0) ||
        r->at_end) {
        if (r->pub.nrows == 0)
            log_alert("attempt to fetch row from an empty result set");
        return NULL;
    }
    if (db_values_reserve(c, r->pub.nfields) != 0) return NULL;
    rc = c->drv->fetch_row(r, c->values);
    if (rc == 1) {
        r->pub.nrows += r->streaming;
        r->pub.row.values = c->values;
        return &r->pub.row;
    }
    if (rc == 0 && r->streaming) {
        r->at_end = true;
        if (r->pub.nrows == 0)
            log_alert("attempt to fetch row from an empty result set");
    }
    if (rc < 0) {
        c->pub.sql_errno  = c->err.code;
        c->pub.sql_state  = c->err.sqlstate[0] ? c->err.sqlstate : NULL;
        c->pub.sql_errmsg = c->err.msg;
    }
    return NULL;
}

/* Appends one fetched row to the store; ptr fields hold offset + 1 (0 for
 * NULL) until store_fix turns them into pointers. */
static int store_row(struct db_result *r, const sql_value *v)
{
    uint32_t n = r->pub.nfields;

    if (r->store_nvals + n > r->store_vcap) {
        size_t cap    = (r->store_vcap + n) * 2;
        sql_value *sv = realloc(r->store_vals, cap * sizeof(*sv));
        if (!sv) return -1;
        r->store_vals = sv;
        r->store_vcap = cap;
    }
    for (uint32_t i = 0; i < n; i++) {
        sql_value *dst = &r->store_vals[r->store_nvals++];
        dst->len       = v[i].len;
        dst->ptr       = NULL;
        if (!v[i].ptr) continue;
        if (r->store_used + v[i].len > r->store_cap) {
            size_t cap = (r->store_used + v[i].len) * 2 + 256;
            char *d    = realloc(r->store_data, cap);
            if (!d) return -1;
            r->store_data = d;
            r->store_cap  = cap;
        }
        memcpy(r->store_data + r->store_used, v[i].ptr, v[i].len);
        dst->ptr = (const char *) (uintptr_t) (r->store_used + 1);
        r->store_used += v[i].len;
    }
    return 0;
}

static void store_fix(struct db_result *r)
{
    for (size_t i = 0; i < r->store_nvals; i++) {
        uintptr_t off        = (uintptr_t) r->store_vals[i].ptr;
        r->store_vals[i].ptr = off ? r->store_data + off - 1 : NULL;
    }
}

int db_store_results(sql_result *prs)
{
    struct db_result *r =
        result_check(prs, "attempt to store an invalid result set");
    int rc = 0;

    if (!r) return 1;
    if (!r->streaming || r->at_end) return 0;
    if (db_values_reserve(r->conn, r->pub.nfields) != 0) return 1;
    while ((rc = r->conn->drv->fetch_row(r, r->conn->values)) == 1) {
        if (store_row(r, r->conn->values) != 0) {
            db_oom("store a result");
            return 1;
        }
        r->pub.nrows++;
    }
    store_fix(r);
    r->streaming = false;
    r->at_end    = true;
    r->stored    = true;
    r->next      = 0;
    return rc < 0;
}

uint32_t db_result_nrows(sql_result *prs)
{
    struct db_result *r = DB_CONTAINER_OF(prs, struct db_result, pub);

    if (r->streaming && !r->at_end && r->conn->state == DB_CONN_RESULT_SET &&
        &r->conn->rs == r)
        db_store_results(prs);
    return prs->nrows;
}

sql_result *bench_db_conn_result(sql_connection *pc)
{
    return &db_conn_of(pc)->rs.pub;
}

int db_free_results(sql_result *prs)
{
    struct db_result *r =
        result_check(prs, "attempt to free an invalid result set");

    if (!r) return 1;
    db_free_current(r->conn);
    return 0;
}

bool db_more_results(sql_connection *pc)
{
    struct db_conn *c = db_conn_of(pc);

    if (c->state == DB_CONN_INVALID) {
        log_alert("attempt to use an already closed connection");
        return false;
    }
    if (!c->drv->more_results || c->broken) return false;
    /* A streamed result must be read to its end before the server says
     * whether another follows; keep its rows for the caller. */
    if (c->state == DB_CONN_RESULT_SET && c->rs.streaming &&
        db_store_results(&c->rs.pub) != 0)
        return false;
    return c->drv->more_results(c);
}

static sql_result *next_result_call(struct db_conn *c)
{
    int rc;

    if (!db_conn_begin(c)) return NULL;
    if (!c->drv->next_result) return NULL;
    rc = c->broken ? db_broken_call(c) : c->drv->next_result(c, &c->rs);
    return db_finish(c, rc, DB_OP_NEXT_RESULT, NULL);
}

/* A further result counts in the kind of the statement that sent it. */
sql_result *db_next_result(sql_connection *pc)
{
    struct db_conn *c = db_conn_of(pc);
    struct db_timing t;
    sql_result *rs;

    if (!c->detail) return next_result_call(c);
    db_detail_begin(c, &t);
    rs = next_result_call(c);
    db_detail_done(c, c->kind, &t);
    return rs;
}
