/* SPDX-License-Identifier: MIT */
/* Over 600 lines: bulk loading and the non-blocking calls share the
 * blocking calls' helpers (struct pg_conn, outcome, pg_error). */
/* pgsql: the PostgreSQL driver (libpq). '?' placeholders become $n;
 * parameters are sent as text and results requested as text, so prepared
 * and plain queries return the same values. Host and port lists rotate
 * like MySQL's (db.c picks the target). Server NOTICEs are suppressed. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libpq-fe.h>

#include "db/driver.h"
#include "pgsql_copy.h"

#define PG_STATE_CONN_FAILURE "08006" /* when libpq has no SQLSTATE */
#define FIRST_SCRATCH_CAP     256     /* bytes of parameter text at first */
#define SHORT_INT_TEXT        9       /* db_format_u32_short's room */
#define PG_CONNECT_TIMEOUT    "10"    /* seconds; libpq's connect_timeout */
#define PG_CONNECT_TIMEOUT_NS 10000000000ULL /* the same, non-blocking */

static const struct option_def drv_pgsql_options[] = {
    {"pgsql-host", OPT_STRING, "localhost",
     "PostgreSQL server hosts (comma-separated; connections rotate)", 0},
    {"pgsql-port", OPT_LIST, "5432",
     "PostgreSQL server ports (comma-separated; connections rotate)",
     OPT_SHOW_N},
    {"pgsql-user", OPT_STRING, "sbtest", "PostgreSQL user name", 0},
    {"pgsql-password", OPT_STRING, "", "PostgreSQL password (or PGPASSWORD)",
     OPT_SECRET},
    {"pgsql-db", OPT_STRING, "sbtest", "PostgreSQL database to use", 0},
    {"pgsql-sslmode", OPT_STRING, "prefer",
     "TLS mode (disable, allow, prefer, require, verify-ca, verify-full)",
     OPT_HIDDEN_R},
    {"pgsql-sslrootcert", OPT_STRING, NULL,
     "certificate authority file for verify-ca/verify-full", OPT_BENCH},
    {"pgsql-sslcert", OPT_STRING, NULL, "client certificate file", OPT_BENCH},
    {"pgsql-sslkey", OPT_STRING, NULL, "client private key file", OPT_BENCH},
    {"pgsql-ignore-errors", OPT_LIST, "40P01,23505,40001",
     "SQLSTATEs or classes that restart the event instead of failing, or "
     "\"all\"",
     OPT_BENCH},
    {NULL, OPT_NULL, NULL, NULL, 0},
};

/* Set by init, read-only afterwards. */
static struct {
    const char *user, *password, *db, *sslmode, *sslrootcert, *sslcert, *sslkey;
} cfg;

struct pg_conn {
    PGconn *pg;
    unsigned next_name;    /* statement names sbstmt<n> */
    ExecStatusType status; /* of the last failed call, for the message */
    /* A non-blocking call (--virtual-users) under way: */
    bool connecting;           /* PQconnectPoll's, else a command's */
    const char *func;          /* the blocking twin's name, for messages */
    PGresult *last;            /* the command's last result so far */
    struct db_stmt *preparing; /* its deferred prepare is under way */
    uint64_t deadline_ns;      /* a connect's: when its timeout passes */
};

struct pg_stmt {
    PGconn *pg; /* the connection's, for execute (statements are
                   prepared again, and this set, after a reconnect) */
    char name[32];
    char *text; /* with $n placeholders */
    bool prepared;
    bool typed;      /* types[] are the bound ones (prepare deferred) */
    bool short_ints; /* every bound parameter is a BIGINT and the scratch
                        has room for them all as short integers */
    Oid *types;
    const char **values;
    char *scratch; /* parameter texts, never NULL */
    size_t scratch_cap;
};

static const char *opt_or_null(const struct options *o, const char *name)
{
    const char *v = options_get_str(o, name);
    return v && *v ? v : NULL;
}

static int drv_pgsql_init(const struct options *o)
{
    cfg.user        = opt_or_null(o, "pgsql-user");
    cfg.password    = opt_or_null(o, "pgsql-password"); /* NULL: PGPASSWORD */
    cfg.db          = opt_or_null(o, "pgsql-db");
    cfg.sslmode     = opt_or_null(o, "pgsql-sslmode");
    cfg.sslrootcert = opt_or_null(o, "pgsql-sslrootcert");
    cfg.sslcert     = opt_or_null(o, "pgsql-sslcert");
    cfg.sslkey      = opt_or_null(o, "pgsql-sslkey");
    return 0;
}

static void drv_pgsql_done(void)
{
}

/* -- Errors ------------------------------------------------------------ */

static const char *field_or(const PGresult *res, int field, const char *def)
{
    const char *v = res ? PQresultErrorField(res, field) : NULL;
    return v ? v : def;
}

/* Fills c->err from a failed result (which may be NULL). sql_errno is
 * always 0 on PostgreSQL; a lost connection without SQLSTATE gets 08006
 * so "08" in an ignore list matches it. */
static int pg_error(struct db_conn *c, PGresult *res, const char *func)
{
    struct pg_conn *pc = c->impl;
    bool lost          = PQstatus(pc->pg) == CONNECTION_BAD;
    const char *state =
        field_or(res, PG_DIAG_SQLSTATE, lost ? PG_STATE_CONN_FAILURE : NULL);
    const char *msg =
        field_or(res, PG_DIAG_MESSAGE_PRIMARY, PQerrorMessage(pc->pg));

    pc->status = res ? PQresultStatus(res) : PGRES_FATAL_ERROR;
    db_set_error(c, 0, state, lost, func, "%s", msg);
    PQclear(res);
    return -1;
}

/* -- Connections ------------------------------------------------------- */

static void no_notices(void *arg, const char *message)
{
}

#define PG_PARAMS_MAX 13

/* The connection parameters of c->target, NULL-terminated; `port` holds
 * the port's text. */
static void connect_params(const struct db_conn *c, const char **keys,
                           const char **vals, char *port, size_t port_len)
{
    int n = 0;

#define PARAM(k, v)                                                            \
    do {                                                                       \
        if (v) {                                                               \
            keys[n]   = (k);                                                   \
            vals[n++] = (v);                                                   \
        }                                                                      \
    } while (0)
    const char *port_text = port;

    snprintf(port, port_len, "%u", c->target.port);
    if (c->target.port == 0) port_text = NULL;
    PARAM("host", c->target.host);
    PARAM("port", port_text);
    PARAM("user", cfg.user);
    PARAM("password", cfg.password);
    PARAM("dbname", cfg.db);
    PARAM("sslmode", cfg.sslmode);
    PARAM("sslrootcert", cfg.sslrootcert);
    PARAM("sslcert", cfg.sslcert);
    PARAM("sslkey", cfg.sslkey);
    /* A server that accepts but never answers fails the connect after this
     * long, with the host named (see mysql.c's connect_timeout_s). */
    PARAM("connect_timeout", PG_CONNECT_TIMEOUT);
#undef PARAM
    keys[n] = vals[n] = NULL;
}

static int drv_pgsql_connect(struct db_conn *c)
{
    const char *keys[PG_PARAMS_MAX], *vals[PG_PARAMS_MAX];
    char port[16];
    struct pg_conn *pc;

    connect_params(c, keys, vals, port, sizeof(port));
    c->impl = NULL;
    if (!(pc = calloc(1, sizeof(*pc)))) return -1;
    pc->pg = PQconnectdbParams(keys, vals, 0);
    if (PQstatus(pc->pg) != CONNECTION_OK) {
        db_set_error(c, 0, "08001", false, "PQconnectdbParams()", "%s",
                     PQerrorMessage(pc->pg));
        PQfinish(pc->pg);
        free(pc);
        return -1;
    }
    PQsetNoticeProcessor(pc->pg, no_notices, NULL);
    c->impl = pc;
    return 0;
}

static void drv_pgsql_disconnect(struct db_conn *c)
{
    struct pg_conn *pc = c->impl;

    if (!pc) return;
    PQclear(pc->last);
    PQfinish(pc->pg);
    free(pc);
    c->impl = NULL;
}

/* -- Queries and results ----------------------------------------------- */

/* Classifies a result (PG-4) and keeps it when it has rows. Inline: on
 * the per-query path, where a call of its own costs ~15 instructions. */
static inline int outcome(struct db_conn *c, PGresult *res, struct db_result *r,
                          const char *func)
{
    switch (PQresultStatus(res)) {
    case PGRES_TUPLES_OK:
        r->pub.counter = DB_CNT_READ;
        r->pub.nfields = (uint32_t) PQnfields(res);
        r->pub.nrows   = (uint32_t) PQntuples(res);
        r->pub.ptr     = res;
        r->next        = 0;
        return 0;
    case PGRES_COMMAND_OK:
        r->pub.nrows   = (uint32_t) strtoul(PQcmdTuples(res), NULL, 10);
        r->pub.counter = r->pub.nrows > 0 ? DB_CNT_WRITE : DB_CNT_OTHER;
        PQclear(res);
        return 0;
    default:
        return pg_error(c, res, func);
    }
}

static int drv_pgsql_query(struct db_conn *c, const char *sql, size_t len,
                           struct db_result *r)
{
    struct pg_conn *pc = c->impl;

    return outcome(c, PQexec(pc->pg, sql), r, "PQexec");
}

static int drv_pgsql_fetch_row(struct db_result *r, sql_value *values)
{
    PGresult *res = r->pub.ptr;
    int row       = (int) r->next;

    if (!res || row >= PQntuples(res)) return 0;
    for (int i = 0; i < (int) r->pub.nfields; i++) {
        bool null     = PQgetisnull(res, row, i);
        values[i].ptr = null ? NULL : PQgetvalue(res, row, i);
        values[i].len = null ? 0 : (uint32_t) PQgetlength(res, row, i);
    }
    r->next++;
    return 1;
}

/* PQclear last, as a tail call: this runs before nearly every query. */
static void drv_pgsql_free_result(struct db_result *r)
{
    PGresult *res = r->pub.ptr;

    r->pub.ptr = NULL;
    PQclear(res);
}

/* -- Prepared statements ----------------------------------------------- */

/* '?' -> $1..$n, everywhere (sysbench does not skip string literals). */
static char *convert_placeholders(const struct db_stmt *s)
{
    char *out  = malloc(s->sql_len + s->nparams * 10 + 1);
    size_t j   = 0;
    unsigned k = 0;

    if (!out) return NULL;
    for (size_t i = 0; i < s->sql_len; i++) {
        if (s->sql[i] == '?')
            j += (size_t) sprintf(out + j, "$%u", ++k);
        else
            out[j++] = s->sql[i];
    }
    out[j] = '\0';
    return out;
}

static int pg_prepare_now(struct db_stmt *s, const Oid *types)
{
    struct pg_conn *pc = s->conn->impl;
    struct pg_stmt *ps = s->impl;
    PGresult *res;

    res = PQprepare(pc->pg, ps->name, ps->text, (int) s->nparams, types);
    if (PQresultStatus(res) != PGRES_COMMAND_OK)
        return pg_error(s->conn, res, "PQprepare");
    PQclear(res);
    ps->prepared = true;
    return 0;
}

static void drv_pgsql_close(struct db_stmt *s);

/* Parameterless statements are prepared now, others at the first bind
 * when the types are known (PG-3). */
static int drv_pgsql_prepare(struct db_stmt *s)
{
    struct pg_conn *pc = s->conn->impl;
    struct pg_stmt *ps = calloc(1, sizeof(*ps));

    if (!ps || !(ps->text = convert_placeholders(s)) ||
        !(ps->types = calloc(s->nparams + 1, sizeof(Oid))) ||
        !(ps->values = calloc(s->nparams + 1, sizeof(char *))) ||
        !(ps->scratch = malloc(FIRST_SCRATCH_CAP))) {
        if (ps) {
            free(ps->text);
            free(ps->types);
            free(ps->values);
        }
        free(ps);
        db_set_error(s->conn, 0, "53200", false, "PQprepare", "out of memory");
        return -1;
    }
    snprintf(ps->name, sizeof(ps->name), "sbstmt%u", pc->next_name++);
    ps->pg          = pc->pg;
    ps->scratch_cap = FIRST_SCRATCH_CAP;
    s->impl         = ps;
    /* A non-blocking connection prepares at the first execute, without
     * waiting (drv_pgsql_execute_start); an unnamed statement never. */
    if (s->nparams == 0 && !s->conn->nonblocking && !s->unnamed &&
        pg_prepare_now(s, NULL) != 0) {
        drv_pgsql_close(s); /* db.c frees the statement only */
        return -1;
    }
    return 0;
}

static Oid type_oid(sql_bind_type_t t)
{
    switch (t) {
    case SQL_TYPE_SMALLINT:
        return 21;
    case SQL_TYPE_INT:
        return 23;
    case SQL_TYPE_BIGINT:
        return 20;
    case SQL_TYPE_FLOAT:
        return 700;
    case SQL_TYPE_DOUBLE:
        return 701;
    case SQL_TYPE_TIMESTAMP:
        return 1114;
    case SQL_TYPE_CHAR:
        return 18;
    case SQL_TYPE_VARCHAR:
        return 1043;
    default:
        return 0; /* let the server infer */
    }
}

static int drv_pgsql_bind(struct db_stmt *s)
{
    struct pg_stmt *ps = s->impl;

    if (s->nbinds != s->nparams) {
        db_set_error(s->conn, 0, NULL, false, "PQexecPrepared",
                     "wrong number of parameters in prepared statement");
        return -1;
    }
    ps->short_ints = s->nbinds * SHORT_INT_TEXT <= ps->scratch_cap;
    for (size_t i = 0; i < s->nbinds; i++)
        if (s->binds[i].type != SQL_TYPE_BIGINT) ps->short_ints = false;
    if (ps->prepared || s->unnamed) return 0;
    for (size_t i = 0; i < s->nbinds; i++)
        ps->types[i] = type_oid(s->binds[i].type);
    ps->typed = true;
    if (s->conn->nonblocking) return 0; /* at the first execute */
    return pg_prepare_now(s, ps->types);
}

/* Formats every parameter as text into one scratch buffer. When it is
 * too small it grows and formatting starts again, so values[] can point
 * into it directly (no second pass fixing offsets on every query). */
static int __attribute__((noinline))
format_params(struct db_stmt *s, struct pg_stmt *ps)
{
    const sql_bind *b, *end = s->binds + s->nbinds;
    const char **val;
    char *p, *lim;

restart:
    p   = ps->scratch;
    lim = p + ps->scratch_cap;
    val = ps->values;
    for (b = s->binds; b < end; b++, val++) {
        int n;
        if (b->is_null && *b->is_null) {
            *val = NULL;
            continue;
        }
        n = db_format_value(b, false, p, (size_t) (lim - p));
        if (n < 0) {
            size_t cap = ps->scratch_cap * 2;
            char *sc   = realloc(ps->scratch, cap);
            if (!sc) return -1;
            ps->scratch     = sc;
            ps->scratch_cap = cap;
            goto restart;
        }
        *val = p;
        p += n + 1;
    }
    return 0;
}

/* format_params for the usual parameters, non-NULL integers of up to 8
 * digits (the types and the room for them were checked at bind): without
 * calls, so the per-query path saves no registers. Returns false, having
 * done nothing that counts, as soon as one parameter is anything else:
 * format_params then does them all. */
static inline bool format_short_ints(struct db_stmt *s, struct pg_stmt *ps)
{
    const sql_bind *b = s->binds, *end = b + s->nbinds;
    const char **val = ps->values;
    char *p          = ps->scratch;

    if (!ps->short_ints) return false;
    for (; b < end; b++, val++) {
        int64_t v;
        if (b->is_null && *b->is_null) return false;
        v = *(const int64_t *) b->buffer;
        if ((uint64_t) v >= 100000000) return false;
        *val = p;
        p += db_format_u32_short((uint32_t) v, p) + 1;
    }
    return true;
}

static int drv_pgsql_execute(struct db_stmt *s, struct db_result *r);

/* The values of an execute as texts in ps->values: 0, or -1 with c->err
 * set (`func` names the call that would have sent them). */
static inline int texts(struct db_stmt *s, struct pg_stmt *ps, const char *func)
{
    if (format_short_ints(s, ps) || format_params(s, ps) == 0) return 0;
    db_set_error(s->conn, 0, "53200", false, func, "out of memory");
    return -1;
}

/* An unnamed statement (driver.h): the text and the values in one
 * request, the types left to the server as pgbench -M extended leaves
 * them (PQexecParams: Parse, Bind, Describe, Execute, Sync). */
static int execute_unnamed(struct db_stmt *s, struct db_result *r)
{
    struct pg_stmt *ps = s->impl;

    if (texts(s, ps, "PQexecParams") != 0) return -1;
    return outcome(s->conn,
                   PQexecParams(ps->pg, ps->text, (int) s->nbinds, NULL,
                                ps->values, NULL, NULL, 0),
                   r, "PQexecParams");
}

/* The first execute of a statement with parameters that was never bound
 * (PG-3: prepared with the types the server infers), or any execute of
 * an unnamed one. */
static int __attribute__((noinline))
execute_unprepared(struct db_stmt *s, struct db_result *r)
{
    if (s->unnamed) return execute_unnamed(s, r);
    if (pg_prepare_now(s, NULL) != 0) return -1;
    return drv_pgsql_execute(s, r);
}

static int drv_pgsql_execute(struct db_stmt *s, struct db_result *r)
{
    struct pg_stmt *ps = s->impl;
    PGresult *res;

    if (__builtin_expect(!ps->prepared, 0)) return execute_unprepared(s, r);
    if (texts(s, ps, "PQexecPrepared") != 0) return -1;
    res = PQexecPrepared(ps->pg, ps->name, (int) s->nbinds, ps->values, NULL,
                         NULL, 0);
    return outcome(s->conn, res, r, "PQexecPrepared");
}

static void drv_pgsql_close(struct db_stmt *s)
{
    struct pg_stmt *ps = s->impl;
    struct pg_conn *pc = s->conn ? s->conn->impl : NULL;
    char sql[64];

    if (!ps) return;
    if (ps->prepared && !s->stale && pc) {
        snprintf(sql, sizeof(sql), "DEALLOCATE %s", ps->name);
        PQclear(PQexec(pc->pg, sql));
    }
    free(ps->text);
    free(ps->types);
    free(ps->values);
    free(ps->scratch);
    free(ps);
    s->impl = NULL;
}

/* -- Bulk loading: COPY FROM STDIN, text format ------------------------- */

/* A table created in the open transaction is loaded frozen (9.3+), as
 * pgbench -i loads its own: its rows are visible to all once committed,
 * and no later VACUUM or first reader has to freeze them or set their
 * hint bits. Without the transaction PostgreSQL refuses FREEZE. */
static int drv_pgsql_load_start(struct db_conn *c, struct db_load *l)
{
    struct pg_conn *pc = c->impl;
    bool freeze        = l->fresh && PQserverVersion(pc->pg) >= 90300 &&
                  PQtransactionStatus(pc->pg) == PQTRANS_INTRANS;
    char sql[512];
    PGresult *res;

    snprintf(sql, sizeof(sql), "COPY %s (%s) FROM STDIN%s", l->table,
             l->columns, freeze ? " (FREEZE)" : "");
    res = PQexec(pc->pg, sql);
    if (PQresultStatus(res) != PGRES_COPY_IN) return pg_error(c, res, "PQexec");
    PQclear(res);
    l->chunk = 256 * 1024; /* libpq sends as it goes: a small buffer will do */
    return 0;
}

static int drv_pgsql_load_rows(struct db_conn *c, struct db_load *l,
                               const char *text, size_t len)
{
    struct pg_conn *pc = c->impl;

    int sent;

    (void) l;
    /* Without libpq's copy of the rows when the connection allows it. */
    if ((sent = pg_copy_send(pc->pg, text, len)) > 0) return 0;
    if (sent < 0) {
        pc->status = PGRES_FATAL_ERROR;
        db_set_error(c, 0, PG_STATE_CONN_FAILURE, true, "send", "%s",
                     strerror(errno));
        return -1;
    }
    if (PQputCopyData(pc->pg, text, (int) len) == 1) return 0;
    return pg_error(c, NULL, "PQputCopyData");
}

/* The server reports an error in the rows (a duplicate key, a full disk)
 * only here, in the COPY's result. */
static int drv_pgsql_load_end(struct db_conn *c, struct db_load *l, bool commit)
{
    struct pg_conn *pc = c->impl;
    PGresult *res;
    int rc = 0;

    (void) l;
    if (PQputCopyEnd(pc->pg, commit ? NULL : "bench: load abandoned") != 1)
        return commit ? pg_error(c, NULL, "PQputCopyEnd") : -1;
    while ((res = PQgetResult(pc->pg))) {
        if (commit && rc == 0 && PQresultStatus(res) != PGRES_COMMAND_OK)
            rc = pg_error(c, res, "PQputCopyEnd"); /* clears res */
        else
            PQclear(res);
    }
    return rc;
}

/* -- Non-blocking calls (--virtual-users) ----------------------------- */

static int wait_socket(struct db_conn *c, int events, bool fresh)
{
    struct pg_conn *pc = c->impl;

    c->wait = (struct db_wait){
        .fd = PQsocket(pc->pg), .events = events, .fresh = fresh};
    return DB_AGAIN;
}

/* A connect's wait: libpq applies connect_timeout only in its blocking
 * connect, so the rest of it is a timeout of the wait (restarted by each
 * answer of the server, drv_pgsql_resume). */
static int connect_wait(struct db_conn *c, int events)
{
    struct pg_conn *pc = c->impl;
    uint64_t now       = clock_now_ns();

    wait_socket(c, events, true);
    c->wait.timeout_ms =
        pc->deadline_ns > now
            ? (unsigned) ((pc->deadline_ns - now) / 1000000) + 1
            : 1;
    return DB_AGAIN;
}

static int prepared(struct db_conn *c, PGresult *res, struct db_result *r);

/* Collects the command's results without waiting: PQexec's answer is
 * the last of them, complete when libpq has the final NULL, which
 * PQgetResult would wait for while PQisBusy. */
static int collect(struct db_conn *c, struct db_result *r)
{
    struct pg_conn *pc = c->impl;
    PGresult *res;

    while (!PQisBusy(pc->pg) && (res = PQgetResult(pc->pg)) != NULL) {
        PQclear(pc->last);
        pc->last = res;
    }
    if (PQisBusy(pc->pg)) return wait_socket(c, DB_WAIT_READ, false);
    res      = pc->last;
    pc->last = NULL;
    if (!res) return pg_error(c, NULL, pc->func);
    if (pc->preparing) return prepared(c, res, r);
    return outcome(c, res, r, pc->func);
}

static int drv_pgsql_execute_start(struct db_stmt *s, struct db_result *r);

/* The deferred prepare's answer: on success the execute follows. */
static int prepared(struct db_conn *c, PGresult *res, struct db_result *r)
{
    struct pg_conn *pc = c->impl;
    struct db_stmt *s  = pc->preparing;

    pc->preparing = NULL;
    if (PQresultStatus(res) != PGRES_COMMAND_OK)
        return pg_error(c, res, "PQprepare");
    PQclear(res);
    ((struct pg_stmt *) s->impl)->prepared = true;
    return drv_pgsql_execute_start(s, r);
}

static int sent(struct db_conn *c, int ok, const char *func,
                struct db_result *r)
{
    struct pg_conn *pc = c->impl;

    if (!ok) return pg_error(c, NULL, func);
    pc->func = func;
    return collect(c, r);
}

static int drv_pgsql_query_start(struct db_conn *c, const char *sql, size_t len,
                                 struct db_result *r)
{
    struct pg_conn *pc = c->impl;

    return sent(c, PQsendQuery(pc->pg, sql), "PQexec", r);
}

static int drv_pgsql_execute_start(struct db_stmt *s, struct db_result *r)
{
    struct pg_stmt *ps = s->impl;

    if (s->unnamed) {
        if (texts(s, ps, "PQexecParams") != 0) return -1;
        return sent(s->conn,
                    PQsendQueryParams(ps->pg, ps->text, (int) s->nbinds, NULL,
                                      ps->values, NULL, NULL, 0),
                    "PQexecParams", r);
    }
    if (!ps->prepared) { /* deferred, or never bound */
        struct pg_conn *pc = s->conn->impl;
        pc->preparing      = s;
        if (!PQsendPrepare(ps->pg, ps->name, ps->text, (int) s->nparams,
                           ps->typed ? ps->types : NULL)) {
            pc->preparing = NULL;
            return pg_error(s->conn, NULL, "PQprepare");
        }
        pc->func = "PQprepare";
        return collect(s->conn, r);
    }
    if (texts(s, ps, "PQexecPrepared") != 0) return -1;
    return sent(s->conn,
                PQsendQueryPrepared(ps->pg, ps->name, (int) s->nbinds,
                                    ps->values, NULL, NULL, 0),
                "PQexecPrepared", r);
}

/* DEALLOCATE without waiting for its answer here; the statement's client
 * memory goes at once. */
static int drv_pgsql_close_start(struct db_stmt *s)
{
    struct pg_stmt *ps = s->impl;
    struct pg_conn *pc = s->conn->impl;
    char sql[64];
    int ok = 0;

    if (!ps) return 0;
    if (ps->prepared && !s->stale && pc) {
        snprintf(sql, sizeof(sql), "DEALLOCATE %s", ps->name);
        ok = PQsendQuery(pc->pg, sql);
    }
    ps->prepared = false; /* drv_pgsql_close: client memory only */
    drv_pgsql_close(s);
    if (!ok) return 0;
    pc->func = "PQexec";
    return collect(s->conn, &s->conn->rs);
}

/* PQconnectPoll's answer: what to wait for next, or the end. */
static int connect_poll(struct db_conn *c, PostgresPollingStatusType st)
{
    struct pg_conn *pc = c->impl;

    switch (st) {
    case PGRES_POLLING_READING:
        return connect_wait(c, DB_WAIT_READ);
    case PGRES_POLLING_WRITING:
        return connect_wait(c, DB_WAIT_WRITE);
    case PGRES_POLLING_OK:
        pc->connecting = false;
        PQsetNoticeProcessor(pc->pg, no_notices, NULL);
        return 0;
    default:
        db_set_error(c, 0, "08001", false, "PQconnectdbParams()", "%s%s",
                     PQerrorMessage(pc->pg),
                     pc->connecting ? "" : "timeout expired\n");
        PQfinish(pc->pg);
        free(pc);
        c->impl = NULL;
        return -1;
    }
}

static int drv_pgsql_connect_start(struct db_conn *c)
{
    const char *keys[PG_PARAMS_MAX], *vals[PG_PARAMS_MAX];
    char port[16];
    struct pg_conn *pc = calloc(1, sizeof(*pc));

    c->impl = pc;
    if (!pc) return -1;
    connect_params(c, keys, vals, port, sizeof(port));
    pc->pg          = PQconnectStartParams(keys, vals, 0);
    pc->connecting  = true;
    pc->deadline_ns = clock_now_ns() + PG_CONNECT_TIMEOUT_NS;
    /* As if PQconnectPoll had asked for writing (libpq's rule). */
    if (pc->pg && PQstatus(pc->pg) != CONNECTION_BAD)
        return connect_wait(c, DB_WAIT_WRITE);
    return connect_poll(c, PGRES_POLLING_FAILED);
}

static int drv_pgsql_resume(struct db_conn *c, struct db_result *r)
{
    struct pg_conn *pc = c->impl;

    if (pc->connecting && c->wait.timed_out) {
        /* As libpq's blocking connect says it (its message so far names
         * the server). */
        pc->connecting = false;
        return connect_poll(c, PGRES_POLLING_FAILED);
    }
    if (pc->connecting) {
        /* The server answered: the timeout counts from here, so that it
         * means the server's silence, not the worker's queue of users
         * connecting at once. */
        pc->deadline_ns = clock_now_ns() + PG_CONNECT_TIMEOUT_NS;
        return connect_poll(c, PQconnectPoll(pc->pg));
    }
    if (!PQconsumeInput(pc->pg)) {
        PQclear(pc->last);
        pc->last      = NULL;
        pc->preparing = NULL;
        return pg_error(c, NULL, pc->func);
    }
    return collect(c, r);
}

/* sysbench's texts (INV 8.3, 15.12). */
static void drv_pgsql_log_error(const struct db_conn *c, enum db_op op,
                                const char *sql)
{
    const struct db_error *e = &c->err;
    const struct pg_conn *pc = c->impl;
    int status               = pc ? (int) pc->status : (int) PGRES_FATAL_ERROR;

    if (op == DB_OP_CONNECT) {
        log_fatal("Connection to database failed: %s", e->msg);
    } else if (!e->sqlstate[0]) {
        log_alert("%s", e->msg);
    } else if (strcmp(e->func, "PQprepare") == 0) {
        /* sysbench prints libpq's whole text here (severity, the LINE
         * pointer, trailing newline); it is still the connection's last. */
        log_fatal("PQprepare() failed: %s", pc && *PQerrorMessage(pc->pg)
                                                ? PQerrorMessage(pc->pg)
                                                : e->msg);
    } else {
        log_fatal("%s() failed: %d %s", e->func, status, e->msg);
        if (sql && op == DB_OP_QUERY) log_fatal("failed query was: %s", sql);
    }
}

/* libpq's version number is major * 10000 + minor since PostgreSQL 10. */
static const char *drv_pgsql_version(const struct db_conn *c, char *buf,
                                     size_t size)
{
    const struct pg_conn *pc = c ? c->impl : NULL;
    const char *v = pc ? PQparameterStatus(pc->pg, "server_version") : NULL;
    int lib       = PQlibVersion();

    if (c == NULL)
        return snprintf(buf, size, "libpq %d.%d", lib / 10000, lib % 10000) > 0
                   ? buf
                   : NULL;
    return v && snprintf(buf, size, "%s", v) > 0 ? buf : NULL;
}

const struct db_driver driver_pgsql = {
    .name          = "pgsql",
    .description   = "PostgreSQL driver",
    .options       = drv_pgsql_options,
    .ignore_option = "pgsql-ignore-errors",
    .ignore_match  = DB_MATCH_SQLSTATE,
    .host_option   = "pgsql-host",
    .port_option   = "pgsql-port",
    .caps          = {.multi_row_insert  = true,
                      .prepared          = true,
                      .serial            = true,
                      .rollback_on_error = true,
                      .unnamed           = true,
                      .unnamed_async     = true},
    .init          = drv_pgsql_init,
    .done          = drv_pgsql_done,
    .connect       = drv_pgsql_connect,
    .disconnect    = drv_pgsql_disconnect,
    .query         = drv_pgsql_query,
    .fetch_row     = drv_pgsql_fetch_row,
    .free_result   = drv_pgsql_free_result,
    .prepare       = drv_pgsql_prepare,
    .bind          = drv_pgsql_bind,
    .execute       = drv_pgsql_execute,
    .close         = drv_pgsql_close,
    .load_start    = drv_pgsql_load_start,
    .load_rows     = drv_pgsql_load_rows,
    .load_end      = drv_pgsql_load_end,
    .log_error     = drv_pgsql_log_error,
    .version       = drv_pgsql_version,
    .connect_start = drv_pgsql_connect_start,
    .query_start   = drv_pgsql_query_start,
    .execute_start = drv_pgsql_execute_start,
    .resume        = drv_pgsql_resume,
    .close_start   = drv_pgsql_close_start,
};
