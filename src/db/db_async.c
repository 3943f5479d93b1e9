/* SPDX-License-Identifier: MIT */
/* db_async: the non-blocking calls of --virtual-users (db_api_decls.h,
 * bench_db_*_nb): connect, query, execute, prepare and close split where
 * the driver would wait for the server, so that bench.sql can yield the
 * user meanwhile. The prologue and the completion are db.c's own
 * (db_conn_begin, db_finish, db_fail), so counters, ignore lists and
 * reconnects behave as in the blocking calls; what db_classify would do
 * blocking after an ignored error (reconnect, with a pause between
 * attempts; PostgreSQL's ROLLBACK) it leaves to this file, which does it
 * as more steps of the same pending call. Anything off the usual path (no
 * non-blocking driver, a call while another is pending) takes the
 * blocking twin. */
#include <poll.h>
#include <stdlib.h>

#include "clock.h"
#include "db_internal.h"
#include "measure/detail.h"

/* Names a socket to the worker's scheduler (vu.c), which keeps sockets
 * registered: a new socket may reuse a closed one's number, but never its
 * id. Per thread, as a scheduler is. */
static _Thread_local uint64_t last_sock_id;

/* What is pending (c->pending - 1) besides an enum db_op: the steps after
 * an ignored error, and the re-prepare of a statement after a reconnect
 * (its execute follows). */
enum {
    NB_RECONNECT = DB_OP_FETCH + 1, /* a reconnect's connect */
    NB_PAUSE,                       /* the pause after a failed one */
    NB_ROLLBACK,
    NB_CLOSE,
    NB_REFRESH,
};

/* Between reconnect attempts, as reconnect_loop in db.c. */
#define NB_PAUSE_MS 1

/* The call stays pending as `what`, for c->wait (and its deadline). */
static sql_result *pend(struct db_conn *c, int what, const char *sql)
{
    c->pending     = 1 + what;
    c->pending_sql = sql;
    c->pub.error   = DB_ERROR_PENDING;
    c->wait_until  = c->wait.timeout_ms
                         ? clock_now_ns() + c->wait.timeout_ms * NS_PER_MS
                         : 0;
    return NULL;
}

/* -- After an ignored error ---------------------------------------------- */

/* The call ends as db_classify left it: an ignored error, the caller's.
 * A script's own reconnect ends without error, or failed: IGNORABLE. */
static sql_result *ignored(struct db_conn *c)
{
    c->pending = 0;
    c->err     = c->nb_cause;
    c->pub.error =
        c->nb_explicit && !c->broken ? DB_ERROR_NONE : DB_ERROR_IGNORABLE;
    c->nb_explicit = false;
    return NULL;
}

static sql_result *reconnect_step(struct db_conn *c, int rc);

static sql_result *reconnect_attempt(struct db_conn *c)
{
    return reconnect_step(c, c->drv->connect_start(c));
}

/* As reconnect_loop in db.c: connected, given up, or a pause (a timer of
 * the worker's scheduler, not a sleep) before the next attempt. */
static sql_result *reconnect_step(struct db_conn *c, int rc)
{
    if (rc == DB_AGAIN) return pend(c, NB_RECONNECT, NULL);
    if (rc == 0) {
        db_reconnected(c, &c->nb_cause);
        stats_add(c->thread_id, STAT_RECONNECTS, 1);
        return ignored(c);
    }
    if (db_reconnect_give_up(clock_now_ns() - c->nb_t0)) {
        c->err = c->nb_cause;
        stats_add(c->thread_id, STAT_ERRORS, 1);
        if (!c->nb_explicit) db_note_error(c, false);
        return ignored(c); /* the next event tries again */
    }
    c->wait = (struct db_wait){.fd = -1, .timeout_ms = NB_PAUSE_MS};
    return pend(c, NB_PAUSE, NULL);
}

/* PostgreSQL's transaction after an ignored error: its result, whatever
 * it is, is dropped (rollback_quietly in db.c). */
static sql_result *rollback_step(struct db_conn *c, int rc)
{
    if (rc == DB_AGAIN) return pend(c, NB_ROLLBACK, NULL);
    if (rc == 0 && c->rs.pub.counter == DB_CNT_READ)
        c->drv->free_result(&c->rs);
    db_result_reset(&c->rs);
    return ignored(c);
}

/* What db_classify left to do (c->nb_after), if anything, after the call
 * whose outcome is `rs`. */
static sql_result *after(struct db_conn *c, sql_result *rs)
{
    int what    = c->nb_after;
    c->nb_after = 0;
    if (what <= DB_NB_ALLOWED) return rs;
    c->nb_cause = c->err;
    if (what == DB_NB_ROLLBACK)
        return rollback_step(c, c->drv->query_start(c, "ROLLBACK", 8, &c->rs));
    c->nb_t0 = clock_now_ns();
    db_reconnect_begin(c);
    return reconnect_attempt(c);
}

/* A blocking twin's call from a non-blocking one: its reconnect and
 * ROLLBACK, if any, do not block. */
#define TWIN(c, call)                                                          \
    ((c)->nb_after = (c)->drv->connect_start ? DB_NB_ALLOWED : 0,              \
     after((c), (call)))

/* -- Calls --------------------------------------------------------------- */

/* After a driver call returned `rc`: leaves the call pending on DB_AGAIN,
 * else completes it as the blocking twin does. */
static sql_result *settle(struct db_conn *c, int rc, enum db_op op,
                          const char *sql)
{
    if (rc == DB_AGAIN) return pend(c, (int) op, sql);
    c->pending   = 0;
    c->pub.error = DB_ERROR_NONE; /* db_finish sets it only on failure */
    if (op != DB_OP_CONNECT) {
        /* While measuring: the call's time from its start, the other
         * users' turns meanwhile included (the user's own wait), in the
         * class db_finish counts it in (the counts before and after would
         * show the other users' calls too). */
        int cls = rc == 0 ? c->rs.pub.counter : DETAIL_FAILED;
        sql_result *rs;
        if (rc != 0) c->nb_after = DB_NB_ALLOWED;
        rs = db_finish(c, rc, op, sql);
        if (c->nb_timed)
            db_detail_class(c, c->kind, &c->nb_timing, (enum detail_class) cls);
        c->nb_timed = false;
        return rc != 0 ? after(c, rs) : rs;
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

static void timing_begin(struct db_conn *c, unsigned kind)
{
    c->kind     = kind;
    c->nb_timed = true;
    db_detail_begin(c, &c->nb_timing);
}

sql_result *bench_db_query_nb(sql_connection *pc, const char *sql, size_t len,
                              int kind)
{
    struct db_conn *c = db_conn_of(pc);

    if (!c->drv->query_start || c->pending)
        return bench_db_query_kind(pc, sql, len, kind);
    if (c->broken) return TWIN(c, bench_db_query_kind(pc, sql, len, kind));
    if (!db_conn_begin(c)) return NULL;
    if (c->detail) timing_begin(c, db_query_kind(kind, sql, len));
    return settle(c, c->drv->query_start(c, sql, len, &c->rs), DB_OP_QUERY,
                  sql);
}

static sql_result *execute_slow(sql_statement *ps, struct db_stmt *s,
                                struct db_conn *c);

/* db_execute's fast path (see there), with the driver's execute_start. */
sql_result *bench_db_execute_nb(sql_statement *ps)
{
    struct db_stmt *s = db_stmt_of(ps);
    struct db_conn *c = s->conn;

    /* While measuring, the keys differ by DB_KEY_TIMED(_TSC) only. */
    if (!c || s->fast_key != (c->fast_key & ~DB_KEY_TIMED_TSC) ||
        !c->drv->execute_start || c->pending)
        return execute_slow(ps, s, c);
    if (c->detail) timing_begin(c, s->kind);
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

/* An emulated statement: its text as a non-blocking query. */
static sql_result *execute_emulated(sql_statement *ps, struct db_stmt *s,
                                    struct db_conn *c)
{
    long n;

    if (!db_conn_begin(c)) return NULL;
    c->rs.pub.statement = ps;
    if ((n = db_emulate_text(s)) < 0) {
        db_set_error(c, 0, NULL, false, "db_execute()", "out of memory");
        return db_finish(c, -1, DB_OP_QUERY, s->sql);
    }
    if (c->detail) timing_begin(c, s->kind);
    return settle(c, c->drv->query_start(c, c->text, (size_t) n, &c->rs),
                  DB_OP_QUERY, c->text);
}

static sql_result *refresh_step(struct db_stmt *s, int rc);

/* Off the fast path: an emulated statement, one prepared before a
 * reconnect (prepared again without blocking, then executed), a broken
 * connection (its reconnect without blocking), else the blocking twin. */
static sql_result *execute_slow(sql_statement *ps, struct db_stmt *s,
                                struct db_conn *c)
{
    if (!c || !c->drv->execute_start || c->pending) return db_execute(ps);
    if (!db_stmt_usable(s)) return NULL;
    if (c->state == DB_CONN_INVALID) return db_execute(ps); /* its ALERT */
    if (c->broken) return TWIN(c, db_execute(ps));
    if (s->epoch != c->epoch) {
        if (!db_conn_begin(c)) return NULL;
        db_stmt_forget(s);
        if (db_stmt_setup_local(s)) return refresh_step(s, 0);
        c->nb_stmt = s;
        /* (an unnamed statement's prepare is client work: driver.h) */
        return refresh_step(s, c->drv->prepare_start && !s->unnamed
                                   ? c->drv->prepare_start(s)
                                   : c->drv->prepare(s));
    }
    if (s->emulated) return execute_emulated(ps, s, c);
    return TWIN(c, db_execute(ps));
}

/* The prepare of a statement prepared before a reconnect: its execute
 * follows (or the classified error). */
static sql_result *refresh_step(struct db_stmt *s, int rc)
{
    struct db_conn *c = s->conn;

    if (rc == DB_AGAIN) return pend(c, NB_REFRESH, s->sql);
    c->pending   = 0;
    c->pub.error = DB_ERROR_NONE;
    c->nb_stmt   = NULL;
    if (!s->emulated) {
        c->nb_after = DB_NB_ALLOWED;
        if (db_stmt_prepared(s, rc) != 0 || db_stmt_rebind(s) != 0)
            return after(c, NULL);
        c->nb_after = 0;
    }
    return bench_db_execute_nb(&s->pub);
}

/* -- Prepare and close ------------------------------------------------- */

static sql_statement *prepare_step(struct db_stmt *s, int rc)
{
    struct db_conn *c = s->conn;

    if (rc == DB_AGAIN) {
        pend(c, DB_OP_PREPARE, s->sql);
        return NULL;
    }
    c->pending   = 0;
    c->pub.error = DB_ERROR_NONE;
    c->nb_stmt   = NULL;
    c->nb_after  = DB_NB_ALLOWED;
    if (db_stmt_prepared(s, rc) != 0) {
        db_stmt_discard(s);
        after(c, NULL);
        return NULL;
    }
    c->nb_after = 0;
    db_stmt_link(s);
    c->nb_stmt = s; /* for bench_db_prepared, after a wait */
    return &s->pub;
}

sql_statement *bench_db_prepare_nb(sql_connection *pc, const char *sql,
                                   size_t len)
{
    struct db_conn *c = db_conn_of(pc);
    struct db_stmt *s;
    sql_statement *ps;

    if (!c->drv->prepare_start || c->broken || c->pending)
        return db_prepare(pc, sql, len);
    if (!(s = db_stmt_new(c, sql, len))) return NULL;
    if (db_stmt_setup_local(s)) {
        ps = prepare_step(s, 0);
    } else {
        c->nb_stmt = s;
        ps         = prepare_step(s, c->drv->prepare_start(s));
    }
    if (!c->pending) c->nb_stmt = NULL; /* done without waiting */
    return ps;
}

sql_statement *bench_db_prepared(sql_connection *pc)
{
    struct db_conn *c = db_conn_of(pc);
    struct db_stmt *s = c->nb_stmt;

    c->nb_stmt = NULL;
    return c->pub.error == DB_ERROR_NONE && s ? &s->pub : NULL;
}

static int close_step(struct db_conn *c, int rc)
{
    if (rc == DB_AGAIN) {
        pend(c, NB_CLOSE, NULL);
        return 0;
    }
    c->pending       = 0;
    c->pub.error     = DB_ERROR_NONE;
    c->err           = c->nb_cause;
    c->nb_stmt->impl = NULL;
    c->nb_stmt       = NULL;
    db_result_reset(&c->rs);
    return 0;
}

int bench_db_close_nb(sql_statement *ps)
{
    struct db_stmt *s = db_stmt_of(ps);
    struct db_conn *c = s->conn;

    if (!c || !c->drv->close_start || c->pending || s->closed || !s->impl ||
        c->state == DB_CONN_INVALID || c->broken || s->epoch != c->epoch)
        return db_close(ps);
    if (c->state == DB_CONN_RESULT_SET && c->rs.pub.statement == ps)
        db_free_current(c);
    if (c->state == DB_CONN_RESULT_SET) return db_close(ps); /* another's */
    s->closed   = true;
    s->fast_key = 2; /* as db_close: never a connection's */
    c->nb_cause = c->err;
    c->nb_stmt  = s;
    db_result_reset(&c->rs);
    return close_step(c, c->drv->close_start(s));
}

int bench_db_reconnect_nb(sql_connection *pc)
{
    struct db_conn *c = db_conn_of(pc);

    if (!c->drv->connect_start || c->pending || c->state == DB_CONN_INVALID)
        return db_connection_reconnect(pc);
    if (c->state == DB_CONN_RESULT_SET) db_free_current(c);
    c->nb_cause    = c->err;
    c->nb_explicit = true;
    c->nb_t0       = clock_now_ns();
    db_reconnect_begin(c);
    reconnect_attempt(c);
    return 0;
}

/* -- Waiting ------------------------------------------------------------- */

/* The wait's deadline passed and its socket is still not ready. A worker
 * busy with its other users may come to a user after its deadline though
 * the server answered in time: that is no timeout. */
static bool timed_out(const struct db_conn *c)
{
    struct pollfd p = {
        .fd     = c->wait.fd,
        .events = (short) ((c->wait.events & DB_WAIT_READ ? POLLIN : 0) |
                           (c->wait.events & DB_WAIT_WRITE ? POLLOUT : 0))};

    if (!c->wait_until || clock_now_ns() < c->wait_until) return false;
    return c->wait.fd < 0 || poll(&p, 1, 0) == 0;
}

int bench_db_wait(sql_connection *pc, int *events, uint64_t *sock_id,
                  uint64_t *until_ns)
{
    struct db_conn *c = db_conn_of(pc);

    if (!c->pending) return -1;
    *until_ns = c->wait_until;
    if (c->wait.fd < 0 || c->wait.fresh ||
        c->pending == 1 + (int) DB_OP_CONNECT) {
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
    int what          = c->pending - 1;

    if (!c->pending) {
        log_alert("bench_db_resume: no call is pending on the connection");
        c->pub.error = DB_ERROR_FATAL;
        return NULL;
    }
    c->wait.timed_out = timed_out(c);
    switch (what) {
    case NB_PAUSE:
        return reconnect_attempt(c);
    case NB_RECONNECT:
        return reconnect_step(c, c->drv->resume(c, &c->rs));
    case NB_ROLLBACK:
        return rollback_step(c, c->drv->resume(c, &c->rs));
    case NB_CLOSE:
        close_step(c, c->drv->resume(c, &c->rs));
        return NULL;
    case NB_REFRESH:
        return refresh_step(c->nb_stmt, c->drv->resume(c, &c->rs));
    case DB_OP_PREPARE:
        prepare_step(c->nb_stmt, c->drv->resume(c, &c->rs));
        return NULL;
    default:
        return settle(c, c->drv->resume(c, &c->rs), (enum db_op) what,
                      c->pending_sql);
    }
}
