/* SPDX-License-Identifier: MIT */
/* db_async: the non-blocking calls of --virtual-users (db_api_decls.h,
 * bench_db_*_nb): connect, query and execute split where the driver would
 * wait for the server, so that bench.sql can yield the user meanwhile.
 * The prologue and the completion are db.c's own (db_conn_begin,
 * db_finish, db_fail), so counters, ignore lists and reconnects behave as
 * in the blocking calls. Anything off the usual path (no non-blocking
 * driver, an emulated or stale statement, a broken connection) takes the
 * blocking twin. */
#include <stdlib.h>

#include "db_internal.h"
#include "detail.h"

/* Names a socket to the worker's scheduler (vu.c), which keeps sockets
 * registered: a new socket may reuse a closed one's number, but never its
 * id. Per thread, as a scheduler is. */
static _Thread_local uint64_t last_sock_id;

/* After a driver call returned `rc`: leaves the call pending on DB_AGAIN,
 * else completes it as the blocking twin does. */
static sql_result *settle(struct db_conn *c, int rc, enum db_op op,
                          const char *sql)
{
    if (rc == DB_AGAIN) {
        c->pending     = 1 + (int) op;
        c->pending_sql = sql;
        c->pub.error   = DB_ERROR_PENDING;
        return NULL;
    }
    c->pending   = 0;
    c->pub.error = DB_ERROR_NONE; /* db_finish sets it only on failure */
    if (op != DB_OP_CONNECT) {
        /* While measuring: the call's time from its start, the other
         * users' turns meanwhile included (the user's own wait), in the
         * class db_finish counts it in (the counts before and after would
         * show the other users' calls too). */
        int cls        = rc == 0 ? c->rs.pub.counter : DETAIL_FAILED;
        sql_result *rs = db_finish(c, rc, op, sql);
        if (c->nb_timed)
            db_detail_class(c, c->kind, c->nb_timing.t0_ns,
                            (enum detail_class) cls);
        c->nb_timed = false;
        return rs;
    }
    if (rc != 0) {
        db_connect_failed(c);
        c->state     = DB_CONN_INVALID;
        c->pub.error = DB_ERROR_FATAL;
    } else
        c->pub.error = DB_ERROR_NONE;
    db_conn_set_key(c);
    return NULL;
}

sql_connection *bench_db_connect_nb(sql_driver *drv)
{
    struct db_conn *c = db_conn_alloc(drv);

    if (!c) return NULL;
    c->nonblocking = true;
    if (!c->drv->connect_start) {
        if (c->drv->connect(c) != 0) {
            db_connect_failed(c);
            db_conn_release(c);
            return NULL;
        }
        db_conn_set_key(c);
        return &c->pub;
    }
    settle(c, c->drv->connect_start(c), DB_OP_CONNECT, NULL);
    return &c->pub;
}

sql_result *bench_db_query_nb(sql_connection *pc, const char *sql, size_t len,
                              int kind)
{
    struct db_conn *c = db_conn_of(pc);

    if (!c->drv->query_start || c->broken || c->pending)
        return bench_db_query_kind(pc, sql, len, kind);
    if (!db_conn_begin(c)) return NULL;
    if (c->detail) {
        c->kind     = db_query_kind(kind, sql, len);
        c->nb_timed = true;
        db_detail_begin(c, &c->nb_timing);
    }
    return settle(c, c->drv->query_start(c, sql, len, &c->rs), DB_OP_QUERY,
                  sql);
}

/* db_execute's fast path (see there), with the driver's execute_start. */
sql_result *bench_db_execute_nb(sql_statement *ps)
{
    struct db_stmt *s = db_stmt_of(ps);
    struct db_conn *c = s->conn;

    /* While measuring, the keys differ by DB_KEY_TIMED(_TSC) only. */
    if (!c || s->fast_key != (c->fast_key & ~DB_KEY_TIMED_TSC) ||
        !c->drv->execute_start || c->pending)
        return db_execute(ps);
    if (c->detail) {
        c->kind     = s->kind;
        c->nb_timed = true;
        db_detail_begin(c, &c->nb_timing);
    }
    c->pub.sql_errno  = 0;
    c->pub.sql_state  = NULL;
    c->pub.sql_errmsg = NULL;
    if (c->state == DB_CONN_RESULT_SET) c->drv->free_result(&c->rs);
    db_result_reset(&c->rs);
    c->state            = DB_CONN_READY;
    c->pub.error        = DB_ERROR_NONE;
    c->rs.pub.statement = ps;
    return settle(c, c->drv->execute_start(s, &c->rs), DB_OP_EXECUTE, s->sql);
}

int bench_db_wait(sql_connection *pc, int *events, uint64_t *sock_id)
{
    struct db_conn *c = db_conn_of(pc);

    if (!c->pending) return -1;
    if (c->wait.fresh || c->pending == 1 + (int) DB_OP_CONNECT) {
        *sock_id = 0;
    } else {
        if (!c->sock_id || c->sock_epoch != c->epoch) {
            c->sock_id    = ++last_sock_id;
            c->sock_epoch = c->epoch;
        }
        *sock_id = c->sock_id;
    }
    *events = c->wait.events;
    return c->wait.fd;
}

sql_result *bench_db_resume(sql_connection *pc)
{
    struct db_conn *c = db_conn_of(pc);
    enum db_op op;

    if (!c->pending) {
        log_alert("bench_db_resume: no call is pending on the connection");
        c->pub.error = DB_ERROR_FATAL;
        return NULL;
    }
    op = (enum db_op)(c->pending - 1);
    return settle(c, c->drv->resume(c, &c->rs), op, c->pending_sql);
}
