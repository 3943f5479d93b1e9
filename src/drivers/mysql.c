/* SPDX-License-Identifier: MIT */
/* mysql: the MySQL/MariaDB driver (MariaDB Connector/C or libmysqlclient).
 * Results are streamed (mysql_use_result, unbuffered statements): rows a
 * script never fetches are discarded as they arrive, never copied into a
 * client buffer. Statement rows are converted to text by the library, so
 * prepared and plain queries return the same values. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <errmsg.h>
#include <mysql.h>

#include "driver.h"

#if defined(MARIADB_PACKAGE_VERSION) || defined(MARIADB_BASE_VERSION)
#define HAVE_MARIADB_TLS 1 /* MYSQL_OPT_SSL_ENFORCE / VERIFY_SERVER_CERT */
#endif

#define ER_UNSUPPORTED_PS_CODE    1295 /* statement cannot be prepared */
#define ER_MAX_PREPARED_STMT_CODE 1461 /* max_prepared_stmt_count reached */
#define FIRST_COLUMN_CAP          64

#define DEBUG(...)                                                             \
    do {                                                                       \
        if (cfg.debug) log_debug(__VA_ARGS__);                                 \
    } while (0)

static const struct option_def drv_mysql_options[] = {
    {"mysql-host", OPT_LIST, "localhost",
     "MySQL server hosts; connections rotate over them", 0},
    {"mysql-port", OPT_LIST, "3306",
     "MySQL server ports; connections rotate over them", 0},
    {"mysql-socket", OPT_LIST, NULL,
     "MySQL unix socket paths (used instead of host and port)", 0},
    {"mysql-user", OPT_STRING, "sbtest", "MySQL user name", 0},
    {"mysql-password", OPT_STRING, "", "MySQL password (or MYSQL_PWD)",
     OPT_SECRET},
    {"mysql-db", OPT_STRING, "sbtest", "MySQL database to use", 0},
    {"mysql-ssl", OPT_STRING, "off",
     "TLS: on/off, or DISABLED, PREFERRED, REQUIRED, VERIFY_CA, "
     "VERIFY_IDENTITY",
     OPT_SHOW_BOOL_R},
    {"mysql-ssl-key", OPT_STRING, NULL, "client private key file (PEM)",
     OPT_HIDDEN_R},
    {"mysql-ssl-ca", OPT_STRING, NULL, "certificate authority file (PEM)",
     OPT_HIDDEN_R},
    {"mysql-ssl-cert", OPT_STRING, NULL, "client certificate file (PEM)",
     OPT_HIDDEN_R},
    {"mysql-ssl-cipher", OPT_STRING, "", "TLS ciphers to allow", 0},
    {"mysql-compression", OPT_BOOL, "off",
     "compress the protocol when the client library can", 0},
    {"mysql-compression-algorithms", OPT_STRING, "zlib",
     "compression algorithms to offer", OPT_HIDDEN_R},
    {"mysql-debug", OPT_BOOL, "off", "log every client library call", 0},
    {"mysql-ignore-errors", OPT_LIST, "1213,1020,1205",
     "error codes that restart the event instead of failing, or \"all\"", 0},
    {"mysql-dry-run", OPT_BOOL, "off",
     "pretend every MySQL call succeeds, without any server", 0},
    {NULL, OPT_NULL, NULL, NULL, 0},
};

enum tls_mode {
    TLS_OFF,
    TLS_PREFERRED,
    TLS_REQUIRED,
    TLS_VERIFY_CA,
    TLS_VERIFY_IDENTITY
};

/* Set by init, read-only afterwards. */
static struct {
    const char *user, *password, *db;
    const char *ssl_key, *ssl_cert, *ssl_ca, *ssl_cipher, *compress_algs;
    enum tls_mode tls;
    bool compression, debug, dry_run;
} cfg;

struct my_conn {
    MYSQL *m;
    MYSQL_RES *res;         /* current streamed text result */
    struct my_stmt *active; /* statement with a current result */
    bool may_have_more;     /* a text query ran since the last drain: it
                               may have left results (multi-statements) */
};

struct my_stmt {
    MYSQL_STMT *st;
    MYSQL_BIND *params;
    MYSQL_TIME *times; /* date/time parameters, copied at execute */
    unsigned nparams;
    MYSQL_BIND *cols; /* result columns, bound as strings */
    unsigned long *col_len, *col_cap;
    my_bool *col_null;
    unsigned ncols;
    bool cols_bound;
};

/* -- Options and errors ------------------------------------------------ */

static const char *opt_or_null(const struct options *o, const char *name)
{
    const char *v = options_get_str(o, name);
    return v && *v ? v : NULL;
}

static int parse_tls(const char *v, enum tls_mode *out)
{
    static const struct {
        const char *name;
        enum tls_mode mode;
    } names[] = {{"off", TLS_OFF},
                 {"on", TLS_REQUIRED},
                 {"DISABLED", TLS_OFF},
                 {"PREFERRED", TLS_PREFERRED},
                 {"REQUIRED", TLS_REQUIRED},
                 {"VERIFY_CA", TLS_VERIFY_CA},
                 {"VERIFY_IDENTITY", TLS_VERIFY_IDENTITY},
                 {"true", TLS_REQUIRED},
                 {"false", TLS_OFF},
                 {"1", TLS_REQUIRED},
                 {"0", TLS_OFF}};

    if (!v) { /* bare --mysql-ssl */
        *out = TLS_REQUIRED;
        return 0;
    }
    for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
        if (strcasecmp(v, names[i].name) == 0) {
            *out = names[i].mode;
            return 0;
        }
    return -1;
}

/* R's --mysql-ssl=on reads fixed file names from the working directory. */
static const char *file_or_default(const char *given, const char *name)
{
    if (given || cfg.tls == TLS_OFF) return given;
    return access(name, R_OK) == 0 ? name : NULL;
}

static int drv_mysql_init(const struct options *o)
{
    const char *ssl = options_get_str(o, "mysql-ssl");

    memset(&cfg, 0, sizeof(cfg));
    if (!options_is_set(o, "mysql-ssl")) ssl = "off";
    if (parse_tls(ssl, &cfg.tls) != 0) {
        log_fatal("Invalid value for --mysql-ssl: '%s'", ssl);
        return -1;
    }
    cfg.user     = opt_or_null(o, "mysql-user");
    cfg.password = options_get_str(o, "mysql-password");
    if (!options_is_set(o, "mysql-password") && getenv("MYSQL_PWD"))
        cfg.password = getenv("MYSQL_PWD");
    cfg.db = opt_or_null(o, "mysql-db");
    cfg.ssl_key =
        file_or_default(opt_or_null(o, "mysql-ssl-key"), "client-key.pem");
    cfg.ssl_cert =
        file_or_default(opt_or_null(o, "mysql-ssl-cert"), "client-cert.pem");
    cfg.ssl_ca = file_or_default(opt_or_null(o, "mysql-ssl-ca"), "cacert.pem");
    cfg.ssl_cipher    = opt_or_null(o, "mysql-ssl-cipher");
    cfg.compression   = options_get_bool(o, "mysql-compression");
    cfg.compress_algs = opt_or_null(o, "mysql-compression-algorithms");
    cfg.debug         = options_get_bool(o, "mysql-debug");
    cfg.dry_run       = options_get_bool(o, "mysql-dry-run");
    if (cfg.debug) log_set_verbosity(LOG_DEBUG);
    DEBUG("mysql_library_init(0, NULL, NULL)");
    return mysql_library_init(0, NULL, NULL) == 0 ? 0 : -1;
}

static void drv_mysql_done(void)
{
    mysql_library_end();
}

static int drv_mysql_thread_init(void)
{
    return mysql_thread_init() == 0 ? 0 : -1;
}

static void drv_mysql_thread_done(void)
{
    mysql_thread_end();
}

static bool is_conn_lost(unsigned code)
{
    return code == CR_SERVER_LOST || code == CR_SERVER_GONE_ERROR ||
           code == CR_TCP_CONNECTION || code == 2055;
}

static int conn_error(struct db_conn *c, MYSQL *m, const char *func)
{
    unsigned code = mysql_errno(m);

    db_set_error(c, (int) code, mysql_sqlstate(m), is_conn_lost(code), func,
                 "%s", mysql_error(m));
    return -1;
}

static int stmt_error(struct db_conn *c, MYSQL_STMT *st, const char *func)
{
    unsigned code = mysql_stmt_errno(st);

    db_set_error(c, (int) code, mysql_stmt_sqlstate(st), is_conn_lost(code),
                 func, "%s", mysql_stmt_error(st));
    return -1;
}

/* -- Connections ------------------------------------------------------- */

/* Connector/C has no "preferred" mode: TLS is either off or enforced, so
 * PREFERRED enforces it and connect() retries without it when the server
 * has none (CR_SSL_CONNECTION_ERROR). */
static void set_tls(MYSQL *m, enum tls_mode mode)
{
    if (mode == TLS_OFF) return;
    mysql_ssl_set(m, cfg.ssl_key, cfg.ssl_cert, cfg.ssl_ca, NULL,
                  cfg.ssl_cipher);
#ifdef HAVE_MARIADB_TLS
    my_bool enforce = 1;
    my_bool verify  = mode >= TLS_VERIFY_CA;
    mysql_optionsv(m, MYSQL_OPT_SSL_ENFORCE, &enforce);
    mysql_optionsv(m, MYSQL_OPT_SSL_VERIFY_SERVER_CERT, &verify);
#else
    static const unsigned modes[] = {SSL_MODE_DISABLED, SSL_MODE_PREFERRED,
                                     SSL_MODE_REQUIRED, SSL_MODE_VERIFY_CA,
                                     SSL_MODE_VERIFY_IDENTITY};
    mysql_options(m, MYSQL_OPT_SSL_MODE, &modes[mode]);
#endif
}

static void set_compression(MYSQL *m)
{
    if (!cfg.compression) return;
    mysql_options(m, MYSQL_OPT_COMPRESS, NULL);
#ifdef MYSQL_OPT_COMPRESSION_ALGORITHMS
    if (cfg.compress_algs)
        mysql_options(m, MYSQL_OPT_COMPRESSION_ALGORITHMS, cfg.compress_algs);
#endif
}

/* One attempt with the given TLS mode; NULL with c->err set on failure. */
static MYSQL *connect_once(struct db_conn *c, enum tls_mode tls)
{
    const struct db_target *t = &c->target;
    MYSQL *m                  = mysql_init(NULL);

    if (!m) {
        db_set_error(c, CR_OUT_OF_MEMORY, "HY000", false, "mysql_init()",
                     "out of memory");
        return NULL;
    }
    set_tls(m, tls);
    set_compression(m);
    DEBUG("mysql_real_connect(%p, \"%s\", \"%s\", \"***\", \"%s\", %u, "
          "\"%s\", CLIENT_MULTI_STATEMENTS)",
          (void *) m, t->host ? t->host : "(null)",
          cfg.user ? cfg.user : "(null)", cfg.db ? cfg.db : "(null)", t->port,
          t->socket ? t->socket : "(null)");
    if (!mysql_real_connect(m, t->host, cfg.user, cfg.password, cfg.db, t->port,
                            t->socket, CLIENT_MULTI_STATEMENTS)) {
        conn_error(c, m, "mysql_real_connect()");
        mysql_close(m);
        return NULL;
    }
    return m;
}

static int drv_mysql_connect(struct db_conn *c)
{
    struct my_conn *mc;
    MYSQL *m;

    c->impl = NULL;
    if (cfg.dry_run) return 0;
    m = connect_once(c, cfg.tls);
    if (!m && cfg.tls == TLS_PREFERRED && c->err.code == CR_SSL_CONNECTION_ERROR)
        m = connect_once(c, TLS_OFF); /* the server has no TLS */
    if (!m) return -1;
    if (!(mc = calloc(1, sizeof(*mc)))) {
        mysql_close(m);
        db_set_error(c, CR_OUT_OF_MEMORY, "HY000", false, "mysql_init()",
                     "out of memory");
        return -1;
    }
    mc->m   = m;
    c->impl = mc;
    return 0;
}

static void drv_mysql_disconnect(struct db_conn *c)
{
    struct my_conn *mc = c->impl;

    if (!mc) return;
    DEBUG("mysql_close(%p)", (void *) mc->m);
    mysql_close(mc->m);
    free(mc);
    c->impl = NULL;
}

/* -- Queries and results ----------------------------------------------- */

/* Results of a multi-statement query the caller never asked for would
 * block the next command ("commands out of sync"): discard them. */
static void drain_pending(struct my_conn *mc)
{
    MYSQL *m = mc->m;

    if (!mc->may_have_more) return; /* statements leave none */
    mc->may_have_more = false;
    while (mysql_more_results(m) && mysql_next_result(m) == 0) {
        MYSQL_RES *res = mysql_use_result(m);
        if (res) {
            while (mysql_fetch_row(res))
                ;
            mysql_free_result(res);
        }
    }
}

static int read_outcome(struct db_conn *c, struct db_result *r,
                        const char *func)
{
    struct my_conn *mc = c->impl;
    MYSQL_RES *res     = mysql_use_result(mc->m);
    my_ulonglong n;

    if (!res) {
        if (mysql_errno(mc->m) != 0) return conn_error(c, mc->m, func);
        n              = mysql_affected_rows(mc->m);
        r->pub.nrows   = n == (my_ulonglong) -1 ? 0 : (uint32_t) n;
        r->pub.counter = r->pub.nrows > 0 ? DB_CNT_WRITE : DB_CNT_OTHER;
        return 0;
    }
    mc->res        = res;
    r->pub.counter = DB_CNT_READ;
    r->pub.nfields = mysql_num_fields(res);
    r->pub.ptr     = res;
    r->streaming   = true;
    return 0;
}

static int drv_mysql_query(struct db_conn *c, const char *sql, size_t len,
                           struct db_result *r)
{
    struct my_conn *mc = c->impl;
    int err;

    if (cfg.dry_run) return 0;
    drain_pending(mc);
    mc->may_have_more = true;
    err = mysql_real_query(mc->m, sql, (unsigned long) len);
    DEBUG("mysql_real_query(%p, \"%s\", %zu) = %d", (void *) mc->m, sql, len,
          err);
    if (err) return conn_error(c, mc->m, "mysql_drv_query()");
    return read_outcome(c, r, "mysql_store_result()");
}

static bool drv_mysql_more_results(struct db_conn *c)
{
    struct my_conn *mc = c->impl;

    return mc && mysql_more_results(mc->m);
}

static int drv_mysql_next_result(struct db_conn *c, struct db_result *r)
{
    struct my_conn *mc = c->impl;
    int err;

    if (cfg.dry_run) return 0;
    mc->may_have_more = true;
    err = mysql_next_result(mc->m);
    DEBUG("mysql_next_result(%p) = %d", (void *) mc->m, err);
    if (err > 0) return conn_error(c, mc->m, "mysql_drv_next_result()");
    if (err < 0) return 0; /* none left: "other", as sysbench */
    return read_outcome(c, r, "mysql_store_result()");
}

static int fetch_text(struct db_conn *c, struct my_conn *mc, sql_value *v)
{
    MYSQL_ROW row = mysql_fetch_row(mc->res);
    unsigned long *len;
    unsigned n = mysql_num_fields(mc->res);

    if (!row)
        return mysql_errno(mc->m) ? conn_error(c, mc->m, "mysql_fetch_row()")
                                  : 0;
    len = mysql_fetch_lengths(mc->res);
    for (unsigned i = 0; i < n; i++) {
        v[i].ptr = row[i];
        v[i].len = (uint32_t) len[i];
    }
    return 1;
}

/* Binds every result column as a string the first time rows are wanted:
 * the library converts binary values to text. */
static int bind_columns(struct db_conn *c, struct my_stmt *ms, unsigned n)
{
    if (ms->ncols != n) {
        free(ms->cols);
        free(ms->col_len);
        free(ms->col_cap);
        free(ms->col_null);
        ms->cols     = calloc(n, sizeof(*ms->cols));
        ms->col_len  = calloc(n, sizeof(*ms->col_len));
        ms->col_cap  = calloc(n, sizeof(*ms->col_cap));
        ms->col_null = calloc(n, sizeof(*ms->col_null));
        ms->ncols    = n;
        if (!ms->cols || !ms->col_len || !ms->col_cap || !ms->col_null)
            goto fail;
        for (unsigned i = 0; i < n; i++) {
            ms->cols[i].buffer_type   = MYSQL_TYPE_STRING;
            ms->cols[i].buffer        = malloc(FIRST_COLUMN_CAP);
            ms->cols[i].buffer_length = FIRST_COLUMN_CAP;
            ms->cols[i].length        = &ms->col_len[i];
            ms->cols[i].is_null       = &ms->col_null[i];
            ms->col_cap[i]            = FIRST_COLUMN_CAP;
            if (!ms->cols[i].buffer) goto fail;
        }
    }
    if (mysql_stmt_bind_result(ms->st, ms->cols))
        return stmt_error(c, ms->st, "mysql_stmt_bind_result()");
    ms->cols_bound = true;
    return 0;
fail:
    ms->ncols = 0;
    db_set_error(c, CR_OUT_OF_MEMORY, "HY000", false, "mysql_stmt_fetch()",
                 "out of memory");
    return -1;
}

/* A value longer than its buffer: grow the buffer and read it again. */
static int refetch_column(struct db_conn *c, struct my_stmt *ms, unsigned i)
{
    unsigned long need = ms->col_len[i] + 1;
    void *b            = realloc(ms->cols[i].buffer, need);

    if (!b) {
        db_set_error(c, CR_OUT_OF_MEMORY, "HY000", false, "mysql_stmt_fetch()",
                     "out of memory");
        return -1;
    }
    ms->cols[i].buffer        = b;
    ms->cols[i].buffer_length = need;
    ms->col_cap[i]            = need;
    ms->cols_bound            = false; /* rebind before the next row */
    if (mysql_stmt_fetch_column(ms->st, &ms->cols[i], i, 0))
        return stmt_error(c, ms->st, "mysql_stmt_fetch_column()");
    return 0;
}

static int fetch_binary(struct db_conn *c, struct my_stmt *ms, uint32_t n,
                        sql_value *v)
{
    int rc;

    if (!ms->cols_bound && bind_columns(c, ms, n) != 0) return -1;
    rc = mysql_stmt_fetch(ms->st);
    if (rc == MYSQL_NO_DATA) return 0;
    if (rc == 1) return stmt_error(c, ms->st, "mysql_stmt_fetch()");
    for (unsigned i = 0; i < n; i++) {
        if (ms->col_null[i]) {
            v[i].ptr = NULL;
            v[i].len = 0;
            continue;
        }
        if (ms->col_len[i] > ms->col_cap[i] && refetch_column(c, ms, i) != 0)
            return -1;
        v[i].ptr = ms->cols[i].buffer;
        v[i].len = (uint32_t) ms->col_len[i];
    }
    return 1;
}

static int drv_mysql_fetch_row(struct db_result *r, sql_value *values)
{
    struct db_conn *c  = r->conn;
    struct my_conn *mc = c->impl;

    if (!mc) return 0;
    if (mc->res) return fetch_text(c, mc, values);
    if (mc->active) return fetch_binary(c, mc->active, r->pub.nfields, values);
    return 0;
}

static void drv_mysql_free_result(struct db_result *r)
{
    struct my_conn *mc = r->conn->impl;

    if (!mc) return;
    if (mc->res) {
        /* Reading to the end (without copying) keeps the server status
         * flags right for more_results, unlike mysql_free_result's skip. */
        while (mysql_fetch_row(mc->res))
            ;
        mysql_free_result(mc->res);
        mc->res = NULL;
    }
    if (mc->active) {
        mysql_stmt_free_result(mc->active->st);
        mc->active = NULL;
    }
}

/* -- Prepared statements ----------------------------------------------- */

static int drv_mysql_prepare(struct db_stmt *s)
{
    struct db_conn *c = s->conn;
    struct my_stmt *ms;
    MYSQL_STMT *st;
    unsigned code;

    if (cfg.dry_run) return 0;
    st = mysql_stmt_init(((struct my_conn *) c->impl)->m);
    if (!st)
        return conn_error(c, ((struct my_conn *) c->impl)->m,
                          "mysql_stmt_init()");
    DEBUG("mysql_stmt_prepare(%p, \"%s\", %zu)", (void *) st, s->sql,
          s->sql_len);
    if (mysql_stmt_prepare(st, s->sql, (unsigned long) s->sql_len)) {
        code = mysql_stmt_errno(st);
        stmt_error(c, st, "mysql_stmt_prepare()");
        mysql_stmt_close(st);
        if (code == ER_UNSUPPORTED_PS_CODE) {
            log_info("Failed to prepare query \"%s\" (%u: %s), using "
                     "emulation",
                     s->sql, code, c->err.msg);
            return DB_PREPARE_EMULATE;
        }
        return code == ER_MAX_PREPARED_STMT_CODE ? DB_PREPARE_LIMIT : -1;
    }
    if (!(ms = calloc(1, sizeof(*ms)))) {
        mysql_stmt_close(st);
        db_set_error(c, CR_OUT_OF_MEMORY, "HY000", false,
                     "mysql_stmt_prepare()", "out of memory");
        return -1;
    }
    ms->st      = st;
    ms->nparams = (unsigned) mysql_stmt_param_count(st);
    s->impl     = ms;
    return 0;
}

static enum enum_field_types param_type(sql_bind_type_t t)
{
    switch (t) {
    case SQL_TYPE_TINYINT:
        return MYSQL_TYPE_TINY;
    case SQL_TYPE_SMALLINT:
        return MYSQL_TYPE_SHORT;
    case SQL_TYPE_INT:
        return MYSQL_TYPE_LONG;
    case SQL_TYPE_BIGINT:
        return MYSQL_TYPE_LONGLONG;
    case SQL_TYPE_FLOAT:
        return MYSQL_TYPE_FLOAT;
    case SQL_TYPE_DOUBLE:
        return MYSQL_TYPE_DOUBLE;
    case SQL_TYPE_TIME:
        return MYSQL_TYPE_TIME;
    case SQL_TYPE_DATE:
        return MYSQL_TYPE_DATE;
    case SQL_TYPE_DATETIME:
        return MYSQL_TYPE_DATETIME;
    case SQL_TYPE_TIMESTAMP:
        return MYSQL_TYPE_TIMESTAMP;
    case SQL_TYPE_CHAR:
        return MYSQL_TYPE_STRING;
    default:
        return MYSQL_TYPE_VAR_STRING;
    }
}

static bool is_time(sql_bind_type_t t)
{
    return t >= SQL_TYPE_TIME && t <= SQL_TYPE_TIMESTAMP;
}

static bool has_time(const struct db_stmt *s)
{
    for (size_t i = 0; i < s->nbinds; i++)
        if (is_time(s->binds[i].type)) return true;
    return false;
}

static int drv_mysql_bind(struct db_stmt *s)
{
    struct my_stmt *ms = s->impl;
    MYSQL_BIND *b;

    if (cfg.dry_run || !ms) return 0;
    if (s->nbinds != ms->nparams) {
        db_set_error(s->conn, 0, NULL, false, "mysql_stmt_bind_param()",
                     "Wrong number of parameters to mysql_stmt_bind_param");
        return -1;
    }
    free(ms->params);
    free(ms->times);
    ms->params = calloc(s->nbinds + 1, sizeof(*ms->params));
    /* Only date/time parameters need a MYSQL_TIME, filled at execute. */
    ms->times = has_time(s) ? calloc(s->nbinds, sizeof(*ms->times)) : NULL;
    if (!ms->params || (!ms->times && has_time(s))) {
        db_set_error(s->conn, CR_OUT_OF_MEMORY, "HY000", false,
                     "mysql_stmt_bind_param()", "out of memory");
        return -1;
    }
    for (size_t i = 0; i < s->nbinds; i++) {
        const sql_bind *p = &s->binds[i];
        b                 = &ms->params[i];
        b->buffer_type    = param_type(p->type);
        b->buffer         = is_time(p->type) ? &ms->times[i] : p->buffer;
        b->buffer_length  = p->max_len;
        b->length         = p->data_len;
        b->is_null        = (my_bool *) p->is_null;
    }
    if (mysql_stmt_bind_param(ms->st, ms->params))
        return stmt_error(s->conn, ms->st, "mysql_stmt_bind_param()");
    return 0;
}

/* sql_time and MYSQL_TIME differ: copy the current values in. */
static void copy_times(struct db_stmt *s, struct my_stmt *ms)
{
    for (size_t i = 0; i < s->nbinds; i++) {
        const sql_time *t = s->binds[i].buffer;
        MYSQL_TIME *mt    = &ms->times[i];
        if (!is_time(s->binds[i].type)) continue;
        memset(mt, 0, sizeof(*mt));
        mt->year      = t->year;
        mt->month     = t->month;
        mt->day       = t->day;
        mt->hour      = t->hour;
        mt->minute    = t->minute;
        mt->second    = t->second;
        mt->time_type = s->binds[i].type == SQL_TYPE_DATE ? MYSQL_TIMESTAMP_DATE
                        : s->binds[i].type == SQL_TYPE_TIME
                            ? MYSQL_TIMESTAMP_TIME
                            : MYSQL_TIMESTAMP_DATETIME;
    }
}

static int stmt_outcome(struct db_conn *c, struct my_stmt *ms,
                        struct db_result *r)
{
    unsigned n = mysql_stmt_field_count(ms->st);
    my_ulonglong rows;

    if (n == 0) {
        rows           = mysql_stmt_affected_rows(ms->st);
        r->pub.nrows   = rows == (my_ulonglong) -1 ? 0 : (uint32_t) rows;
        r->pub.counter = r->pub.nrows > 0 ? DB_CNT_WRITE : DB_CNT_OTHER;
        return 0;
    }
    if (n != ms->ncols) ms->cols_bound = false;
    ((struct my_conn *) c->impl)->active = ms;
    r->pub.counter                       = DB_CNT_READ;
    r->pub.nfields                       = n;
    r->pub.ptr                           = ms;
    r->streaming                         = true;
    return 0;
}

static int drv_mysql_execute(struct db_stmt *s, struct db_result *r)
{
    struct my_stmt *ms = s->impl;
    int err;

    if (cfg.dry_run) return 0;
    drain_pending(s->conn->impl);
    if (ms->times) copy_times(s, ms);
    err = mysql_stmt_execute(ms->st);
    DEBUG("mysql_stmt_execute(%p) = %d", (void *) ms->st, err);
    if (err) return stmt_error(s->conn, ms->st, "mysql_stmt_execute()");
    return stmt_outcome(s->conn, ms, r);
}

static int drv_mysql_stmt_next_result(struct db_stmt *s, struct db_result *r)
{
    struct my_stmt *ms = s->impl;
    int err;

    if (cfg.dry_run) return 0;
    err = mysql_stmt_next_result(ms->st);
    DEBUG("mysql_stmt_next_result(%p) = %d", (void *) ms->st, err);
    if (err > 0)
        return stmt_error(s->conn, ms->st, "mysql_drv_stmt_next_result()");
    if (err < 0) return 0;
    return stmt_outcome(s->conn, ms, r);
}

static void drv_mysql_close(struct db_stmt *s)
{
    struct my_stmt *ms = s->impl;

    if (!ms) return;
    mysql_stmt_close(ms->st);
    for (unsigned i = 0; i < ms->ncols; i++)
        free(ms->cols[i].buffer);
    free(ms->cols);
    free(ms->col_len);
    free(ms->col_cap);
    free(ms->col_null);
    free(ms->params);
    free(ms->times);
    free(ms);
    s->impl = NULL;
}

/* sysbench's texts (INV 8.2, 15.12). */
static void drv_mysql_log_error(const struct db_conn *c, enum db_op op,
                                const char *sql)
{
    const struct db_error *e = &c->err;

    switch (op) {
    case DB_OP_CONNECT:
        if (c->target.socket)
            log_fatal("unable to connect to MySQL server on socket '%s', "
                      "aborting...",
                      c->target.socket);
        else
            log_fatal("unable to connect to MySQL server on host '%s', "
                      "port %u, aborting...",
                      c->target.host, c->target.port);
        log_fatal("error %d: %s", e->code, e->msg);
        break;
    case DB_OP_PREPARE:
        log_fatal("mysql_stmt_prepare() failed");
        log_fatal("MySQL error: %d \"%s\"", e->code, e->msg);
        break;
    case DB_OP_BIND:
        if (e->code == 0) {
            log_fatal("%s", e->msg);
            break;
        }
        log_fatal("mysql_stmt_bind_param() failed");
        log_fatal("MySQL error: %d \"%s\"", e->code, e->msg);
        break;
    default:
        if (sql)
            log_fatal("%s returned error %d (%s) for query '%s'", e->func,
                      e->code, e->msg, sql);
        else
            log_fatal("%s returned error %d (%s)", e->func, e->code, e->msg);
    }
}

const struct db_driver driver_mysql = {
    .name             = "mysql",
    .description      = "MySQL driver",
    .options          = drv_mysql_options,
    .ignore_option    = "mysql-ignore-errors",
    .ignore_match     = DB_MATCH_CODE,
    .host_option      = "mysql-host",
    .port_option      = "mysql-port",
    .socket_option    = "mysql-socket",
    .label            = "MySQL",
    .caps             = {.multi_row_insert = true,
                         .prepared         = true,
                         .auto_increment   = true,
                         .unsigned_int     = true},
    .init             = drv_mysql_init,
    .done             = drv_mysql_done,
    .thread_init      = drv_mysql_thread_init,
    .thread_done      = drv_mysql_thread_done,
    .connect          = drv_mysql_connect,
    .disconnect       = drv_mysql_disconnect,
    .query            = drv_mysql_query,
    .fetch_row        = drv_mysql_fetch_row,
    .free_result      = drv_mysql_free_result,
    .more_results     = drv_mysql_more_results,
    .next_result      = drv_mysql_next_result,
    .prepare          = drv_mysql_prepare,
    .bind             = drv_mysql_bind,
    .execute          = drv_mysql_execute,
    .stmt_next_result = drv_mysql_stmt_next_result,
    .close            = drv_mysql_close,
    .log_error        = drv_mysql_log_error,
};
