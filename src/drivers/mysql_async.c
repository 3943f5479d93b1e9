/* SPDX-License-Identifier: MIT */
/* mysql_async: the MySQL driver's non-blocking calls (--virtual-users), on
 * MariaDB Connector/C's non-blocking API: each *_start either finishes or
 * returns the MYSQL_WAIT_* events it needs, and *_cont goes on once the
 * socket has them. A query or execute then reads its rows whole with the
 * same API (store_result), so that fetching them later never waits: a
 * result here is never streamed. A handle gets MYSQL_OPT_NONBLOCK (a
 * context with a stack of its own) on its first non-blocking call, so
 * thread mode's connections never pay for it. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <stdlib.h>

#include "mysql_driver.h"

#ifdef HAVE_MYSQL_NONBLOCK

/* The call under way (my_conn.async_op). */
enum {
    OP_NONE,
    OP_CONNECT,
    OP_QUERY,       /* mysql_real_query */
    OP_QUERY_STORE, /* then mysql_store_result */
    OP_EXECUTE,     /* mysql_stmt_execute */
    OP_EXECUTE_STORE,
    OP_PREPARE, /* mysql_stmt_prepare */
    OP_CLOSE,   /* mysql_stmt_close */
};

/* Remembers what the library waits for; DB_AGAIN, or 0 when it is done. */
static int waits(struct db_conn *c, struct my_conn *mc, int op, int status)
{
    if (status == 0) {
        mc->async_op = OP_NONE;
        return 0;
    }
    mc->async_op = op;
    /* What _cont is told happened: the socket events asked for, or the
     * timeout once it passed (resume_events). */
    mc->async_wait = status & ~MYSQL_WAIT_TIMEOUT;
    c->wait        = (struct db_wait){
               .fd = (int) mysql_get_socket(mc->m),
               .events =
                   (status & MYSQL_WAIT_WRITE ? DB_WAIT_WRITE : 0) |
                   (status & (MYSQL_WAIT_READ | MYSQL_WAIT_EXCEPT) ? DB_WAIT_READ : 0),
               .fresh = op == OP_CONNECT};
    /* The library's timeout (the connect timeout, which bounds the TCP
     * connect and the handshake as in thread mode): a timer of the
     * worker's scheduler. */
    if (status & MYSQL_WAIT_TIMEOUT) {
        unsigned ms        = mysql_get_timeout_value_ms(mc->m);
        c->wait.timeout_ms = ms ? ms : 1;
    }
    if (!c->wait.events) c->wait.events = DB_WAIT_READ;
    return DB_AGAIN;
}

/* The events _cont is told about: the library fails the call with its
 * own timeout error (thread mode's) once the timeout passed. */
static int resume_events(const struct db_conn *c, const struct my_conn *mc)
{
    if (!c->wait.timed_out) return mc->async_wait;
    errno = ETIMEDOUT; /* its message names it, as the blocking poll's */
    return MYSQL_WAIT_TIMEOUT;
}

static int nonblocking(struct db_conn *c, struct my_conn *mc)
{
    if (mc->async_ready) return 0;
    if (mysql_options(mc->m, MYSQL_OPT_NONBLOCK, 0) != 0) {
        db_set_error(c, CR_OUT_OF_MEMORY, "HY000", false, "mysql_options()",
                     "cannot make the connection non-blocking");
        return -1;
    }
    mc->async_ready = true;
    return 0;
}

/* -- Connect ------------------------------------------------------------ */

static int connect_begin(struct db_conn *c, struct my_conn *mc,
                         enum tls_mode tls)
{
    const struct db_target *t = &c->target;
    MYSQL *ret;
    int status;

    if (!(mc->m = drv_mysql_handle(c, tls))) return -1;
    mc->async_tls   = tls;
    mc->async_ready = false;
    if (nonblocking(c, mc) != 0) return -1;
    status = mysql_real_connect_start(
        &ret, mc->m, t->host, drv_mysql_cfg.user, drv_mysql_cfg.password,
        drv_mysql_cfg.db, t->port, t->socket, CLIENT_MULTI_STATEMENTS);
    if (status) return waits(c, mc, OP_CONNECT, status);
    return ret ? 0 : drv_mysql_conn_error(c, mc->m, "mysql_real_connect()");
}

/* The end of a connect: failed (once more without TLS when the server has
 * none and TLS was only preferred, as drv_mysql_connect does), or done. */
static int connect_end(struct db_conn *c, struct my_conn *mc, int rc)
{
    if (rc == DB_AGAIN) return rc;
    if (rc != 0 && mc->async_tls == TLS_PREFERRED &&
        c->err.code == CR_SSL_CONNECTION_ERROR && drv_mysql_may_drop_tls(c)) {
        mysql_close(mc->m);
        return connect_end(c, mc, connect_begin(c, mc, TLS_OFF));
    }
    if (rc == 0) rc = drv_mysql_tls_check(c, mc->m, mc->async_tls);
    if (rc != 0) {
        if (mc->m) mysql_close(mc->m);
        free(mc);
        c->impl = NULL;
        return -1;
    }
    drv_mysql_load_handler(mc);
    return 0;
}

int drv_mysql_connect_start(struct db_conn *c)
{
    struct my_conn *mc = calloc(1, sizeof(*mc));

    c->impl = mc;
    if (drv_mysql_cfg.dry_run) {
        free(mc);
        c->impl = NULL;
        return 0;
    }
    if (!mc) {
        db_set_error(c, CR_OUT_OF_MEMORY, "HY000", false, "mysql_init()",
                     "out of memory");
        return -1;
    }
    return connect_end(c, mc, connect_begin(c, mc, drv_mysql_cfg.tls));
}

static int connect_cont(struct db_conn *c, struct my_conn *mc)
{
    MYSQL *ret = NULL;
    int status = mysql_real_connect_cont(&ret, mc->m, resume_events(c, mc));
    int rc;

    if (status)
        rc = waits(c, mc, OP_CONNECT, status);
    else if (mc->async_op = OP_NONE, ret)
        rc = 0;
    else
        rc = drv_mysql_conn_error(c, mc->m, "mysql_real_connect()");
    return connect_end(c, mc, rc);
}

/* -- Queries ------------------------------------------------------------ */

static int query_store(struct db_conn *c, struct my_conn *mc, int status,
                       MYSQL_RES *res, struct db_result *r)
{
    if (status) return waits(c, mc, OP_QUERY_STORE, status);
    mc->async_op = OP_NONE;
    return drv_mysql_text_outcome(c, res, true, r);
}

/* After mysql_real_query's part: its error, or the rows. */
static int query_sent(struct db_conn *c, struct my_conn *mc, int status,
                      int err, struct db_result *r)
{
    MYSQL_RES *res = NULL;

    if (status) return waits(c, mc, OP_QUERY, status);
    mc->async_op = OP_NONE;
    if (err) return drv_mysql_conn_error(c, mc->m, "mysql_drv_query()");
    status = mysql_store_result_start(&res, mc->m);
    return query_store(c, mc, status, res, r);
}

int drv_mysql_query_start(struct db_conn *c, const char *sql, size_t len,
                          struct db_result *r)
{
    struct my_conn *mc = c->impl;
    int err            = 0, status;

    if (drv_mysql_cfg.dry_run) return 0;
    if (nonblocking(c, mc) != 0) return -1;
    drv_mysql_drain_pending(mc);
    mc->may_have_more = mc->drain = true;
    status = mysql_real_query_start(&err, mc->m, sql, (unsigned long) len);
    DEBUG("mysql_real_query_start(%p, \"%s\", %zu) = %d", (void *) mc->m, sql,
          len, status);
    return query_sent(c, mc, status, err, r);
}

/* -- Prepared statements ------------------------------------------------ */

/* A statement's result, its rows stored (see stmt_outcome in
 * mysql_stmt.c for the streamed one). */
static int stmt_stored(struct db_conn *c, struct my_stmt *ms,
                       struct db_result *r)
{
    unsigned n = mysql_stmt_field_count(ms->st);

    if (n != ms->ncols) ms->cols_bound = false;
    ms->mc->active = ms;
    r->pub.counter = DB_CNT_READ;
    r->pub.nfields = n;
    r->pub.nrows   = (uint32_t) mysql_stmt_num_rows(ms->st);
    r->pub.ptr     = ms;
    return 0;
}

static int execute_store(struct db_conn *c, struct my_conn *mc, int status,
                         int err, struct db_result *r)
{
    struct my_stmt *ms = mc->async_stmt;

    if (status) return waits(c, mc, OP_EXECUTE_STORE, status);
    mc->async_op = OP_NONE;
    if (err)
        return drv_mysql_stmt_error(c, ms->st, "mysql_stmt_store_result()");
    return stmt_stored(c, ms, r);
}

static int execute_sent(struct db_conn *c, struct my_conn *mc, int status,
                        int err, struct db_result *r)
{
    struct my_stmt *ms = mc->async_stmt;
    my_ulonglong rows;

    if (status) return waits(c, mc, OP_EXECUTE, status);
    mc->async_op = OP_NONE;
    if (err) return drv_mysql_stmt_error(c, ms->st, "mysql_stmt_execute()");
    if (mysql_stmt_field_count(ms->st) == 0) {
        rows           = mysql_stmt_affected_rows(ms->st);
        r->pub.nrows   = rows == (my_ulonglong) -1 ? 0 : (uint32_t) rows;
        r->pub.counter = r->pub.nrows > 0 ? DB_CNT_WRITE : DB_CNT_OTHER;
        return 0;
    }
    status = mysql_stmt_store_result_start(&err, ms->st);
    return execute_store(c, mc, status, err, r);
}

int drv_mysql_execute_start(struct db_stmt *s, struct db_result *r)
{
    struct my_stmt *ms = s->impl;
    struct my_conn *mc = ms->mc;
    int err            = 0, status;

    if (drv_mysql_cfg.dry_run) return 0;
    /* Date and time parameters: the blocking path copies them; an
     * unnamed statement has no non-blocking call (caps.unnamed_async
     * unset: db_stmt.c refuses it to virtual users). */
    if (ms->times || ms->unnamed) return drv_mysql_execute(s, r);
    if (nonblocking(s->conn, mc) != 0) return -1;
    drv_mysql_drain_pending(mc);
    mc->async_stmt = ms;
    status         = mysql_stmt_execute_start(&err, ms->st);
    DEBUG("mysql_stmt_execute_start(%p) = %d", (void *) ms->st, status);
    return execute_sent(s->conn, mc, status, err, r);
}

/* -- Prepare and close ------------------------------------------------- */

static int prepare_done(struct db_conn *c, struct my_conn *mc, int status,
                        int err)
{
    if (status) return waits(c, mc, OP_PREPARE, status);
    mc->async_op = OP_NONE;
    return drv_mysql_prepared(mc->async_prep, mc->async_st, err != 0);
}

int drv_mysql_prepare_start(struct db_stmt *s)
{
    struct db_conn *c  = s->conn;
    struct my_conn *mc = c->impl;
    int err            = 0, status;

    if (drv_mysql_cfg.dry_run) return 0;
    if (nonblocking(c, mc) != 0) return -1;
    drv_mysql_drain_pending(mc);
    if (!(mc->async_st = mysql_stmt_init(mc->m)))
        return drv_mysql_conn_error(c, mc->m, "mysql_stmt_init()");
    mc->async_prep = s;
    status         = mysql_stmt_prepare_start(&err, mc->async_st, s->sql,
                                              (unsigned long) s->sql_len);
    DEBUG("mysql_stmt_prepare_start(%p, \"%s\") = %d", (void *) mc->async_st,
          s->sql, status);
    return prepare_done(c, mc, status, err);
}

static int close_done(struct db_conn *c, struct my_conn *mc, int status)
{
    if (status) return waits(c, mc, OP_CLOSE, status);
    mc->async_op = OP_NONE;
    drv_mysql_stmt_release(mc->async_prep);
    return 0;
}

/* COM_STMT_CLOSE has no answer: this waits only when the socket's buffer
 * is full, or for the rows of a result nobody read. */
int drv_mysql_close_start(struct db_stmt *s)
{
    struct my_stmt *ms = s->impl;
    struct my_conn *mc = s->conn->impl;
    my_bool ret;

    if (!ms) return 0;
    if (nonblocking(s->conn, mc) != 0) {
        drv_mysql_close(s);
        return 0;
    }
    drv_mysql_stmt_detach(s);
    mc->async_prep = s;
    return close_done(s->conn, mc, mysql_stmt_close_start(&ret, ms->st));
}

int drv_mysql_resume(struct db_conn *c, struct db_result *r)
{
    struct my_conn *mc = c->impl;
    MYSQL_RES *res     = NULL;
    my_bool ret;
    int err = 0, status, ev = resume_events(c, mc);

    switch (mc->async_op) {
    case OP_CONNECT:
        return connect_cont(c, mc);
    case OP_QUERY:
        status = mysql_real_query_cont(&err, mc->m, ev);
        return query_sent(c, mc, status, err, r);
    case OP_QUERY_STORE:
        status = mysql_store_result_cont(&res, mc->m, ev);
        return query_store(c, mc, status, res, r);
    case OP_EXECUTE:
        status = mysql_stmt_execute_cont(&err, mc->async_stmt->st, ev);
        return execute_sent(c, mc, status, err, r);
    case OP_EXECUTE_STORE:
        status = mysql_stmt_store_result_cont(&err, mc->async_stmt->st, ev);
        return execute_store(c, mc, status, err, r);
    case OP_PREPARE:
        status = mysql_stmt_prepare_cont(&err, mc->async_st, ev);
        return prepare_done(c, mc, status, err);
    case OP_CLOSE:
        status = mysql_stmt_close_cont(
            &ret, ((struct my_stmt *) mc->async_prep->impl)->st, ev);
        return close_done(c, mc, status);
    default:
        db_set_error(c, CR_COMMANDS_OUT_OF_SYNC, "HY000", false,
                     "mysql_drv_resume()", "no call is under way");
        return -1;
    }
}

#endif /* HAVE_MYSQL_NONBLOCK */
