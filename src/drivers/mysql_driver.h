/* SPDX-License-Identifier: MIT */
/* mysql_driver.h: what the two files of the MySQL driver share: mysql.c
 * (options, connections, text queries and results, the driver table) and
 * mysql_stmt.c (server-side prepared statements and their rows). Private
 * to src/drivers. */
#ifndef BENCH_DRIVERS_MYSQL_DRIVER_H
#define BENCH_DRIVERS_MYSQL_DRIVER_H

#include <errmsg.h>
#include <mysql.h>

#include "db/driver.h"

/* Logs a client library call when --mysql-debug is on. */
#define DEBUG(...)                                                             \
    do {                                                                       \
        if (drv_mysql_cfg.debug) log_debug(__VA_ARGS__);                       \
    } while (0)

enum tls_mode {
    TLS_OFF,
    TLS_PREFERRED,
    TLS_REQUIRED,
    TLS_VERIFY_CA,
    TLS_VERIFY_IDENTITY
};

/* Set by init, read-only afterwards. */
struct drv_mysql_config {
    const char *user, *password, *db;
    const char *ssl_key, *ssl_cert, *ssl_ca, *ssl_cipher, *compress_algs;
    enum tls_mode tls;
    bool ca_given; /* --mysql-ssl-ca named a file: verification wanted */
    bool compression, debug, dry_run;
    bool execute_aside; /* debug or dry_run: an execute's slow path */
};
extern struct drv_mysql_config drv_mysql_cfg;

struct my_conn {
    MYSQL *m;
    MYSQL_RES *res;          /* current streamed text result */
    struct my_stmt *active;  /* statement with a current result */
    bool may_have_more;      /* a text query ran since the last drain: it
                                may have left results (multi-statements) */
    struct my_stmt *pending; /* its last result freed, a statement (CALL)
                                may have more */
    bool drain;              /* may_have_more or pending may be set: the
                                one test before every command */
    const char *infile;      /* rows the local-infile handler serves to
                                the LOAD DATA running (mysql_load.c);
                                NULL: it refuses the server's request */
    size_t infile_len, infile_pos;
    /* A non-blocking call under way (mysql_async.c). */
    int async_op;     /* enum in mysql_async.c; 0: none */
    int async_wait;   /* MYSQL_WAIT_* the library asked for */
    bool async_ready; /* the handle has MYSQL_OPT_NONBLOCK */
    enum tls_mode async_tls;
    struct my_stmt *async_stmt;
    struct db_stmt *async_prep; /* being prepared (its MYSQL_STMT: */
    MYSQL_STMT *async_st;       /* here) or closed */
};

struct my_stmt {
    MYSQL_STMT *st;
    struct my_conn *mc; /* the connection's (statements are prepared
                           again, and this set, after a reconnect) */
    MYSQL_BIND *params;
    MYSQL_TIME *times; /* date/time parameters, copied at execute */
    unsigned nparams;
    MYSQL_BIND *cols; /* result columns, bound as strings */
    unsigned long *col_len, *col_cap;
    my_bool *col_null;
    unsigned ncols;
    bool cols_bound;
    bool unnamed; /* driver.h's db_stmt.unnamed: st is each execute's own
                     (NULL before the first), params bound at execute */
};

/* After a connect with --mysql-ssl=PREFERRED failed in its TLS handshake
 * (CR_SSL_CONNECTION_ERROR): whether to try again without TLS. Not when a
 * CA was given (c->err then says why); else yes, with a warning the first
 * time in the process, since the traffic goes unencrypted. */
bool drv_mysql_may_drop_tls(struct db_conn *c);

/* After a connect made with `mode`: whether TLS is what --mysql-ssl asked.
 * Connector/C 3.3 goes on in plaintext with a server that offers no TLS
 * unless the certificate is verified (VERIFY_*), so REQUIRED (and
 * PREFERRED with --mysql-ssl-ca) is checked here, on the session's cipher,
 * and PREFERRED without one warns once. 0, or -1 with c->err set. */
int drv_mysql_tls_check(struct db_conn *c, MYSQL *m, enum tls_mode mode);

/* Fill c->err from the connection's / statement's last error; return -1. */
int drv_mysql_conn_error(struct db_conn *c, MYSQL *m, const char *func);
int drv_mysql_stmt_error(struct db_conn *c, MYSQL_STMT *st, const char *func);

/* Discards results of an earlier multi-statement query or CALL nobody
 * read, which would block the next command ("commands out of sync"). */
void drv_mysql_drain_results(struct my_conn *mc);

/* Before every command: reads what a multi-statement query or a CALL left
 * unread (a check inline, as there is rarely anything). */
static inline void drv_mysql_drain_pending(struct my_conn *mc)
{
    if (mc->drain) drv_mysql_drain_results(mc);
}

/* A text query's outcome once its result is taken (res NULL: none, or an
 * error): the affected rows, else the result set as the current result,
 * streamed (mysql_use_result) or stored (mysql_store_result, whose row
 * count is known: the non-blocking path). 0, or -1 with c->err filled. */
int drv_mysql_text_outcome(struct db_conn *c, MYSQL_RES *res, bool stored,
                           struct db_result *r);

/* The text result's loop (reads it to the end, frees it): out of line,
 * so a statement's release keeps few registers. */
void drv_mysql_free_text(struct my_conn *mc);

/* Releases the connection's current result, a query's or a statement's:
 * the driver's free_result, and the start of every execute (the driver
 * sets execute_releases). The connection is *mcp (an execute passes its
 * statement's ms->mc): it and its fields are read again after each call
 * rather than kept in registers across it, so that an execute saves
 * three registers, not five (docs/perf-history.md). Inline: it runs on every
 * query. */
static inline void drv_mysql_release(struct my_conn *const *mcp)
{
    struct my_conn *mc = *mcp;

    if (__builtin_expect(mc->res != NULL, 0)) {
        drv_mysql_free_text(mc);
        mc = *mcp;
    }
    if (!mc->active) return;
    mysql_stmt_free_result(mc->active->st);
    mc = *mcp;
    /* a CALL's further results: stmt_next_result may still want them,
     * else the next command drains them. The flags that
     * mysql_stmt_more_results tests, read here: a call fewer on every
     * query (docs/perf-history.md, db_point_select). */
    if (mc->m->server_status &
        (SERVER_MORE_RESULTS_EXIST | SERVER_PS_OUT_PARAMS)) {
        mc->pending = mc->active;
        mc->drain   = true;
    }
    mc->active = NULL;
}

/* mysql_load.c: bulk loading through LOAD DATA LOCAL INFILE, its rows
 * served from memory by a local-infile handler (installed on every
 * connection by drv_mysql_load_handler, so the server never reads a local
 * file through bench). */
void drv_mysql_load_handler(struct my_conn *mc);
int drv_mysql_load_start(struct db_conn *c, struct db_load *l);
int drv_mysql_load_rows(struct db_conn *c, struct db_load *l, const char *text,
                        size_t len);
int drv_mysql_load_end(struct db_conn *c, struct db_load *l, bool commit);

/* mysql.c: a handle for c->target with bench's options set, not yet
 * connected (NULL, c->err set, on ENOMEM); and the driver's side of a
 * connection made on it: sets c->impl, or closes m and fails. */
MYSQL *drv_mysql_handle(struct db_conn *c, enum tls_mode tls);
int drv_mysql_connected(struct db_conn *c, MYSQL *m);

/* mysql_async.c: the non-blocking calls (--virtual-users) on MariaDB
 * Connector/C's _start and _cont API. Rows of their results are read
 * whole before the call completes (store_result), so fetching never
 * waits. */
int drv_mysql_connect_start(struct db_conn *c);
int drv_mysql_query_start(struct db_conn *c, const char *sql, size_t len,
                          struct db_result *r);
int drv_mysql_execute_start(struct db_stmt *s, struct db_result *r);
int drv_mysql_resume(struct db_conn *c, struct db_result *r);
int drv_mysql_prepare_start(struct db_stmt *s);
int drv_mysql_close_start(struct db_stmt *s);

/* mysql_stmt.c: the prepared-statement operations of the driver table,
 * and the rows of a statement's result (fetch_row). */
int drv_mysql_prepare(struct db_stmt *s);
int drv_mysql_bind(struct db_stmt *s);
int drv_mysql_execute(struct db_stmt *s, struct db_result *r);
int drv_mysql_stmt_next_result(struct db_stmt *s, struct db_result *r);
void drv_mysql_close(struct db_stmt *s);
/* The parts of prepare and close around the library's calls, shared
 * with mysql_async.c: prepare's outcome on the statement handle `st`
 * (closed when `failed`: what prepare returns); a statement about to be
 * closed stops being the connection's current or pending one; the
 * client memory of a closed one (s->impl freed). */
int drv_mysql_prepared(struct db_stmt *s, MYSQL_STMT *st, bool failed);
void drv_mysql_stmt_detach(struct db_stmt *s);
void drv_mysql_stmt_release(struct db_stmt *s);
int drv_mysql_fetch_binary(struct db_conn *c, struct my_stmt *ms, uint32_t n,
                           sql_value *v);

#endif
