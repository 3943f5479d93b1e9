/* SPDX-License-Identifier: MIT */
/* driver.h: what a database driver implements, and the few services of db.c
 * a driver may call. A driver includes this header and nothing else of
 * bench: it brings options.h (option tables, typed getters), log.h (the
 * driver's own sysbench-format messages), clock.h (monotonic time, for a
 * driver's own deadlines) and db_value.h (the public sql_* types a driver
 * fills in, from db_api_decls.h, and value formatting).
 *
 * Division of labour: a driver talks to its client library and reports what
 * happened: counter class of a result, native code, SQLSTATE, message and
 * whether the connection is lost. db.c owns everything else, once for all
 * drivers: object lifetimes, state checks, the current-result rule,
 * classification of errors (ignore lists, reconnects), counters,
 * prepared-statement emulation, bulk inserts and connection targets (host,
 * port and socket round-robin). Ownership: db.c allocates db_conn, db_stmt
 * and db_result; a driver owns what hangs off their `impl` pointers and
 * frees it in disconnect/close/free_result. Row values a driver returns are
 * borrowed until its next fetch_row or free_result on that result. */
#ifndef BENCH_DRIVER_H
#define BENCH_DRIVER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "clock.h"
#include "log.h"
#include "options.h"

#include "db_value.h"

/* Values of sql_result.counter; the numbers are sysbench's counter ids. */
enum db_counter {
    DB_CNT_OTHER     = 0,
    DB_CNT_READ      = 1,
    DB_CNT_WRITE     = 2,
    DB_CNT_ERROR     = 4,
    DB_CNT_RECONNECT = 5,
};

struct db_caps {
    bool multi_row_insert;  /* INSERT ... VALUES (..),(..) */
    bool prepared;          /* server-side prepared statements */
    bool auto_increment;    /* AUTO_INCREMENT columns */
    bool serial;            /* SERIAL columns */
    bool unsigned_int;      /* UNSIGNED integer types */
    bool needs_commit;      /* bulk inserts need COMMIT every 1000 rows */
    bool rollback_on_error; /* an ignored error aborts the transaction: db.c
                               sends ROLLBACK (PostgreSQL) */
    bool backslash_escapes; /* string literals read backslash escapes
                               (MySQL): db_load.c doubles backslashes */
    bool unnamed;           /* unnamed statements (db_stmt.unnamed) */
    bool unnamed_async;     /* ... and their execute_start (virtual users) */
};

/* How the entries of the driver's ignore-errors list are matched. */
enum db_match {
    DB_MATCH_CODE,     /* decimal native codes (--mysql-ignore-errors) */
    DB_MATCH_SQLSTATE, /* SQLSTATEs or 2-character classes */
};

/* The last error on a connection, filled by the driver. */
struct db_error {
    int code;         /* native code; 0 when the server has none */
    char sqlstate[6]; /* "" when unknown */
    bool conn_lost;   /* the connection is unusable (reconnect if ignored) */
    const char *func; /* failing call for the driver's fatal message */
    char msg[1024];   /* no trailing newline unless the library's text */
};

/* Where one connection goes. Chosen by db.c round-robin across all threads
 * (MY-3): sockets first (host "localhost"), else every port of a host,
 * then the next host. */
struct db_target {
    const char *host;   /* NULL: client library default */
    unsigned port;      /* 0: client library default */
    const char *socket; /* NULL: TCP */
};

enum db_conn_state { DB_CONN_READY, DB_CONN_RESULT_SET, DB_CONN_INVALID };

/* Non-blocking calls (--virtual-users, db_async.c): a driver's *_start
 * and resume return DB_AGAIN when the request is out and the answer not
 * yet in, having set c->wait to what the socket must become ready for. */
enum { DB_AGAIN = 16 };
enum { DB_WAIT_READ = 1, DB_WAIT_WRITE = 2 };
struct db_wait {
    int fd;     /* the connection's socket */
    int events; /* DB_WAIT_READ | DB_WAIT_WRITE */
    bool fresh; /* the socket may be new with an old number (connecting) */
    unsigned timeout_ms; /* 0: none; else resume after this long even if
                            the socket is not ready (a connect timeout) */
    bool timed_out;      /* set by db_async.c for resume: the timeout
                            passed and the socket is still not ready */
};

struct db_conn;
struct db_stmt;

/* A result. Only one exists per connection: the current one (SQL-5). */
struct db_result {
    /* From streaming to pub.row: what db.c empties before every call, in
     * one piece so that takes a few wide stores (pub.gen, last in pub,
     * is left out: it counts on). */
    bool streaming; /* rows are read from the server on fetch: nrows
                       counts rows fetched so far until the end */
    bool at_end;    /* a streamed result reached its last row */
    bool stored;    /* rows come from the store below */
    uint32_t next;  /* row cursor: db.c's for stored rows, else free
                       for a driver that holds its rows */
    /* Rows buffered by db_store_results (db.c only). */
    size_t store_used, store_nvals;
    sql_result pub; /* FFI-visible; pub.ptr is the driver's */
    char *store_data;
    sql_value *store_vals;
    size_t store_cap, store_vcap;
    struct db_conn *conn;
};

/* Connection. Drivers write only impl and err; the rest is db.c's.
 * Owner: Lua (the connection cdata's finalizer, db_connection_free; the
 * 0.5-era API's implicit connection frees it in db_disconnect). It owns
 * its current result `rs` and the driver's impl; its statements are only
 * listed in `stmts`. Its memory is recycled, never freed (db_conn_mem_new,
 * db_conn_release: a result handle Lua kept stays safe to check, db.h);
 * after db_connection_close it says "already closed connection". */
struct detail_worker;

/* db.c's, while measuring: one call's start and its connection's
 * read/write/other counts then (db_detail_begin, db_internal.h). */
struct db_timing {
    uint64_t t0_ns; /* detail_ticks(): TSC ticks or ns (detail.h) */
    uint64_t n[3];  /* STAT_OTHER, STAT_READS, STAT_WRITES */
    struct stats_slot *slot;
    uint64_t before; /* ticks of a span (bench_db_span) before the call */
};

struct db_conn {
    sql_connection pub;
    struct db_result rs; /* the current result */
    const struct db_driver *drv;
    void *impl; /* driver's */
    struct db_target target;
    struct db_error err;
    enum db_conn_state state;
    int thread_id;            /* counters go to this worker */
    struct stats_slot *stats; /* its slot, from db_count_in */
    unsigned stats_gen;       /* stats_current.gen when looked up */
    unsigned epoch;           /* bumped by every reconnect */
    unsigned fast_key;        /* db_conn_set_key (db_internal.h) */
    bool broken;              /* a reconnect gave up: not connected */
    bool emulate_ps;          /* server refused more statements */
    sql_value *values;        /* row buffer, capacity nvalues */
    uint32_t nvalues;
    char *text; /* emulated statement text */
    size_t text_cap;
    char *bulk_buf; /* bulk insert statement */
    size_t bulk_len, bulk_prefix;
    unsigned bulk_rows, bulk_commit_rows;
    struct db_stmt *stmts;    /* not yet freed: detached on free */
    struct db_loader *loader; /* bulk load in progress (db_load.c) */
    int load_table;           /* its progress-line table (db_load_share.c) */
    /* Non-blocking calls (db_async.c): the driver sets `wait` with each
     * DB_AGAIN; the rest is db_async.c's. */
    struct db_wait wait;
    bool nonblocking;         /* made by bench_db_connect_nb: a driver may
                                 defer server round trips to its next
                                 non-blocking call (pgsql: prepares) */
    int pending;              /* 0, or 1 + the enum db_op waiting */
    const char *pending_sql;  /* its text, the caller's until it ends */
    uint64_t sock_id;         /* names the socket to the scheduler */
    unsigned sock_epoch;      /* epoch when sock_id was given */
    uint64_t wait_until;      /* c->wait's deadline (monotonic ns), 0 none */
    int nb_after;             /* DB_NB_* (db_internal.h) while completing */
    bool nb_explicit;         /* the reconnect is the script's own */
    uint64_t nb_t0;           /* when a reconnect began */
    struct db_stmt *nb_stmt;  /* its prepare or close is pending */
    struct db_error nb_cause; /* the error a reconnect or ROLLBACK follows */
    /* db.c's, while measuring (detail.h): the worker's record, NULL
     * otherwise, and the kind of the last statement, for the results
     * that follow it (next_result). */
    struct detail_worker *detail;
    unsigned kind;
    struct db_timing nb_timing; /* a pending non-blocking call's */
    bool nb_timed;
    uint64_t span_t0; /* bench_db_span: the start the next timed call
                         records from (detail_ticks), 0: its own */
    /* Recycling (db_result.c): rs.pub.gen when this use began, whether
     * the memory is on the free list, and the list's link. */
    uint32_t birth_gen;
    bool pooled;
    struct db_conn *pool_next;
};

/* Prepared statement. Drivers write only impl. */
struct db_stmt {
    sql_statement pub;
    struct db_conn *conn;
    char *sql; /* text as given (NUL-terminated copy) */
    size_t sql_len;
    unsigned nparams;  /* number of '?' placeholders */
    bool emulated;     /* db.c substitutes the values into the text */
    bool stale;        /* close(): the server connection was replaced,
                          free client memory only */
    unsigned epoch;    /* conn->epoch when prepared */
    unsigned fast_key; /* db_stmt_set_key (db_internal.h) */
    sql_bind *binds;   /* copy of the last bound array (buffers are the
                          caller's and must stay valid until execute) */
    size_t nbinds, bind_cap;
    bool closed; /* db_close ran: the driver side is gone and every
                    call but db_stmt_free fails with an ALERT */
    void *impl;  /* driver's; NULL when emulated or closed */
    /* In conn->stmts from a successful prepare until freed. Owner: Lua (the
     * statement cdata's finalizer, db_stmt_free); the connection only
     * lists it, and when freed first closes its driver side and sets
     * conn to NULL (db_stmts_detach), so a statement never reaches a
     * freed connection whatever order the finalizers run in. */
    struct db_stmt *prev, *next;
    unsigned kind; /* db.c's: detail.h kind, labelled or from the text */
    /* An unnamed statement (bench_db_prepare_unnamed; pgbench's -M
     * extended): nothing is kept on the server between executes. The
     * driver's prepare and bind do client work only (no server round
     * trip, so they never wait); each execute sends the text and the
     * values as one request (PostgreSQL: Parse, Bind, Execute of the
     * unnamed statement; MariaDB: prepare and execute in one packet
     * sequence) and answers as a prepared execute would. Never emulated:
     * the drivers whose caps.unnamed is set honour it. */
    bool unnamed;
};

/* A bulk load in progress (db_load.c): what the driver's load operations
 * see. Rows reach the driver in the load text format: fields separated by
 * a tab, each row ended by '\n', backslash escapes \\ \t \n \r and \N
 * for NULL (PostgreSQL's COPY text format and MySQL's LOAD DATA default
 * alike). Fields other than impl, chunk and max_stmt are read-only. */
struct db_load {
    const char *table;   /* NUL-terminated, as the caller named it */
    const char *columns; /* "id, k, c, pad": the column list */
    unsigned ncolumns;
    size_t chunk;    /* load_start may set: bytes of rows per load_rows
                        call (db.c's default when 0) */
    size_t max_stmt; /* load_start may set: the largest statement the
                        server takes (max_allowed_packet), which sizes
                        the INSERT fallback; 0 unknown */
    char why[256];   /* load_start's reason when it returns
                        DB_LOAD_REFUSED, for the notice */
    void *impl;      /* driver's; load_end frees it */
    size_t rows;     /* rows in the text of the current load_rows call */
    bool fresh;      /* the caller created the table, empty, in the
                        transaction its connection has open: the driver
                        may load it as only such a table can be
                        (PostgreSQL: COPY ... FREEZE) */
};

/* load_start's answer when the server or client will not bulk load
 * (MySQL's local_infile off): db.c falls back to multi-row INSERTs. */
enum { DB_LOAD_REFUSED = 1 };

/* Return values of prepare besides 0 (prepared) and -1 (error in err). */
enum db_prepare_result {
    DB_PREPARE_EMULATE = 1, /* server cannot prepare this one: emulate it */
    DB_PREPARE_LIMIT   = 2, /* server refuses more statements: emulate on
                               this connection from now on */
};

/* Operation named in a fatal error message. */
enum db_op {
    DB_OP_CONNECT,
    DB_OP_QUERY,
    DB_OP_PREPARE,
    DB_OP_BIND,
    DB_OP_EXECUTE,
    DB_OP_NEXT_RESULT,
    DB_OP_FETCH,
};

/* A driver: one const instance, no mutable fields. Functions return 0 on
 * success and -1 on failure with c->err filled, unless stated otherwise.
 * Operations marked optional may be NULL. */
struct db_driver {
    const char *name;                 /* --db-driver value */
    const char *description;          /* "MySQL driver" */
    const struct option_def *options; /* "<name> options" group */
    const char *ignore_option; /* LIST option with ignorable codes, or NULL */
    enum db_match ignore_match;
    /* Optional: whether an entry of an ignore list (the driver's or
     * --db-ignore-errors) names the error `e`, for drivers whose codes
     * have names; NULL: entries are decimal native codes. */
    bool (*error_matches)(const char *item, const struct db_error *e);
    const char *host_option; /* LIST/STRING options of the targets */
    const char *port_option;
    const char *socket_option; /* NULL: no sockets */
    const char *label;         /* "MySQL" in "No MySQL hosts specified";
                                  NULL: empty lists mean library defaults */
    bool hidden;               /* not listed by --help (null driver) */
    bool hidden_r; /* bench's own driver: not in the 1.0 profile's --help
                      (P-2) unless --db-driver names it */
    /* No server: the database runs in the client (sqlite, null), so a
     * busy client gets no client-bound WARNING. */
    bool in_process;
    /* execute releases the connection's current result (a statement's or
     * a query's) itself before it runs, as free_result would: db.c's fast
     * path then calls execute alone, a driver call fewer per query. */
    bool execute_releases;
    struct db_caps caps;

    /* Once per process before any connection, main or worker thread,
     * serialised by db.c. Logs its own FATAL message on failure. */
    int (*init)(const struct options *opts);
    void (*done)(void);
    int (*thread_init)(void);  /* optional; once per thread */
    void (*thread_done)(void); /* optional */

    /* Connects to c->target. Must not log: db.c decides (reconnect loops
     * are silent). Sets c->impl; leaves it NULL on failure. */
    int (*connect)(struct db_conn *c);
    void (*disconnect)(struct db_conn *c); /* frees c->impl, sets NULL */
    /* Runs `sql` (len bytes, NUL-terminated at len); on success sets
     * r->pub.counter and, for a result set, nfields and nrows (or
     * streaming). On failure leaves no result behind. */
    int (*query)(struct db_conn *c, const char *sql, size_t len,
                 struct db_result *r);
    /* 1: a row in `values` (nfields entries), 0: no more rows, -1: error. */
    int (*fetch_row)(struct db_result *r, sql_value *values);
    /* Releases the result, discarding unread rows without buffering them. */
    void (*free_result)(struct db_result *r);
    bool (*more_results)(struct db_conn *c); /* optional */
    /* Optional. Next result of a multi-result query; none left counts
     * as DB_CNT_OTHER with no result set. */
    int (*next_result)(struct db_conn *c, struct db_result *r);
    /* Optional (NULL: always emulate). 0, -1 or enum db_prepare_result. */
    int (*prepare)(struct db_stmt *s);
    int (*bind)(struct db_stmt *s); /* s->binds is set; optional */
    int (*execute)(struct db_stmt *s, struct db_result *r);
    int (*stmt_next_result)(struct db_stmt *s, struct db_result *r);
    void (*close)(struct db_stmt *s); /* frees s->impl */
    /* Optional bulk loading, all three or none (NULL: db.c loads with
     * multi-row INSERTs). load_start begins a load of l->table: 0, -1
     * with c->err set, or DB_LOAD_REFUSED with l->why set and the
     * connection usable. load_rows sends `len` bytes of whole rows in
     * the load text format. load_end finishes the load, making the rows
     * durable when `commit` or abandoning what it can otherwise (after a
     * failure: it must not overwrite c->err then); frees l->impl and
     * leaves the connection usable when it is not lost. */
    int (*load_start)(struct db_conn *c, struct db_load *l);
    int (*load_rows)(struct db_conn *c, struct db_load *l, const char *text,
                     size_t len);
    int (*load_end)(struct db_conn *c, struct db_load *l, bool commit);
    /* Prints the driver's FATAL lines for an error db.c found fatal.
     * `sql` may be NULL. */
    void (*log_error)(const struct db_conn *c, enum db_op op, const char *sql);
    /* Optional: for the result document, the server's version as the
     * connected c sees it, or with c NULL the client library's, as text
     * into buf (size bytes). Returns buf, or NULL when unknown. No log. */
    const char *(*version)(const struct db_conn *c, char *buf, size_t size);

    /* Optional, all or none: the non-blocking calls of --virtual-users.
     * Each does what its blocking twin does (connect, query, execute) but
     * may return DB_AGAIN instead of waiting; then db_async.c calls resume
     * once c->wait is ready, until it returns 0 or -1 (as the twin would,
     * c->err filled). connect_start sets c->impl at once and on failure
     * leaves it NULL. Between two such calls nothing else runs on c. */
    int (*connect_start)(struct db_conn *c);
    int (*query_start)(struct db_conn *c, const char *sql, size_t len,
                       struct db_result *r);
    int (*execute_start)(struct db_stmt *s, struct db_result *r);
    int (*resume)(struct db_conn *c, struct db_result *r);
    /* Optional (NULL: prepare and close never wait on a connection made
     * by connect_start, or block): prepare and close the same way, their
     * resume returning what prepare returns, or 0 for a close; close_start
     * frees s->impl (at once, or by its resume) and may leave c->err
     * changed (db_async.c keeps the caller's). */
    int (*prepare_start)(struct db_stmt *s);
    int (*close_start)(struct db_stmt *s);
};

/* -- Services of db.c for drivers -------------------------------------- */

/* Whether the run is stopping (time or event limit, fatal error). Drivers
 * check it in their own retry loops. */
bool db_should_stop(void);

/* Fills c->err from a printf-style message (client-side errors). */
void db_set_error(struct db_conn *c, int code, const char *sqlstate,
                  bool conn_lost, const char *func, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

extern const struct db_driver *const db_drivers[]; /* NULL-terminated */

#endif
