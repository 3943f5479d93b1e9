/* SPDX-License-Identifier: MIT */
/* mysql: the MySQL/MariaDB driver (MariaDB Connector/C or libmysqlclient).
 * Results are streamed (mysql_use_result, unbuffered statements): rows a
 * script never fetches are discarded as they arrive, never copied into a
 * client buffer. Statement rows are converted to text by the library, so
 * prepared and plain queries return the same values. Prepared statements
 * are in mysql_stmt.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "mysql_driver.h"

#if defined(MARIADB_PACKAGE_VERSION) || defined(MARIADB_BASE_VERSION)
#define HAVE_MARIADB_TLS 1 /* MYSQL_OPT_SSL_ENFORCE / VERIFY_SERVER_CERT */
#endif

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

struct drv_mysql_config drv_mysql_cfg;

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
    if (given || drv_mysql_cfg.tls == TLS_OFF) return given;
    return access(name, R_OK) == 0 ? name : NULL;
}

static int drv_mysql_init(const struct options *o)
{
    const char *ssl = options_get_str(o, "mysql-ssl");

    memset(&drv_mysql_cfg, 0, sizeof(drv_mysql_cfg));
    if (!options_is_set(o, "mysql-ssl")) ssl = "off";
    if (parse_tls(ssl, &drv_mysql_cfg.tls) != 0) {
        log_fatal("Invalid value for --mysql-ssl: '%s'", ssl);
        return -1;
    }
    drv_mysql_cfg.user     = opt_or_null(o, "mysql-user");
    drv_mysql_cfg.password = options_get_str(o, "mysql-password");
    if (!options_is_set(o, "mysql-password") && getenv("MYSQL_PWD"))
        drv_mysql_cfg.password = getenv("MYSQL_PWD");
    drv_mysql_cfg.db = opt_or_null(o, "mysql-db");
    drv_mysql_cfg.ssl_key =
        file_or_default(opt_or_null(o, "mysql-ssl-key"), "client-key.pem");
    drv_mysql_cfg.ssl_cert =
        file_or_default(opt_or_null(o, "mysql-ssl-cert"), "client-cert.pem");
    drv_mysql_cfg.ssl_ca =
        file_or_default(opt_or_null(o, "mysql-ssl-ca"), "cacert.pem");
    drv_mysql_cfg.ca_given    = opt_or_null(o, "mysql-ssl-ca") != NULL;
    drv_mysql_cfg.ssl_cipher  = opt_or_null(o, "mysql-ssl-cipher");
    drv_mysql_cfg.compression = options_get_bool(o, "mysql-compression");
    drv_mysql_cfg.compress_algs =
        opt_or_null(o, "mysql-compression-algorithms");
    drv_mysql_cfg.debug         = options_get_bool(o, "mysql-debug");
    drv_mysql_cfg.dry_run       = options_get_bool(o, "mysql-dry-run");
    drv_mysql_cfg.execute_aside = drv_mysql_cfg.debug || drv_mysql_cfg.dry_run;
    if (drv_mysql_cfg.debug) log_set_verbosity(LOG_DEBUG);
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

int drv_mysql_conn_error(struct db_conn *c, MYSQL *m, const char *func)
{
    unsigned code = mysql_errno(m);

    db_set_error(c, (int) code, mysql_sqlstate(m), is_conn_lost(code), func,
                 "%s", mysql_error(m));
    return -1;
}

int drv_mysql_stmt_error(struct db_conn *c, MYSQL_STMT *st, const char *func)
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
    mysql_ssl_set(m, drv_mysql_cfg.ssl_key, drv_mysql_cfg.ssl_cert,
                  drv_mysql_cfg.ssl_ca, NULL, drv_mysql_cfg.ssl_cipher);
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
    if (!drv_mysql_cfg.compression) return;
    mysql_options(m, MYSQL_OPT_COMPRESS, NULL);
#ifdef MYSQL_OPT_COMPRESSION_ALGORITHMS
    if (drv_mysql_cfg.compress_algs)
        mysql_options(m, MYSQL_OPT_COMPRESSION_ALGORITHMS,
                      drv_mysql_cfg.compress_algs);
#endif
}

/* A server that accepts the connection but never answers (stalled, or not
 * a MySQL server) fails the connect after this long, with the host named,
 * instead of hanging `prepare` or waiting for --thread-init-timeout. It
 * bounds the TCP connect and the handshake, not the queries. */
static const unsigned connect_timeout_s = 10;
static const unsigned local_infile_on   = 1;

MYSQL *drv_mysql_handle(struct db_conn *c, enum tls_mode tls)
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
    mysql_options(m, MYSQL_OPT_CONNECT_TIMEOUT, &connect_timeout_s);
    /* For bulk loads; what a LOAD DATA LOCAL gets is drv_mysql_load_handler's
     * rows in memory, never a file. */
    mysql_options(m, MYSQL_OPT_LOCAL_INFILE, &local_infile_on);
    DEBUG("mysql_real_connect(%p, \"%s\", \"%s\", \"***\", \"%s\", %u, "
          "\"%s\", CLIENT_MULTI_STATEMENTS)",
          (void *) m, t->host ? t->host : "(null)",
          drv_mysql_cfg.user ? drv_mysql_cfg.user : "(null)",
          drv_mysql_cfg.db ? drv_mysql_cfg.db : "(null)", t->port,
          t->socket ? t->socket : "(null)");
    return m;
}

/* One attempt with the given TLS mode; NULL with c->err set on failure. */
static MYSQL *connect_once(struct db_conn *c, enum tls_mode tls)
{
    const struct db_target *t = &c->target;
    MYSQL *m                  = drv_mysql_handle(c, tls);

    if (m && !mysql_real_connect(m, t->host, drv_mysql_cfg.user,
                                 drv_mysql_cfg.password, drv_mysql_cfg.db,
                                 t->port, t->socket, CLIENT_MULTI_STATEMENTS)) {
        drv_mysql_conn_error(c, m, "mysql_real_connect()");
        mysql_close(m);
        return NULL;
    }
    return m;
}

int drv_mysql_connected(struct db_conn *c, MYSQL *m)
{
    struct my_conn *mc;

    if (!(mc = calloc(1, sizeof(*mc)))) {
        mysql_close(m);
        db_set_error(c, CR_OUT_OF_MEMORY, "HY000", false, "mysql_init()",
                     "out of memory");
        return -1;
    }
    mc->m   = m;
    c->impl = mc;
    drv_mysql_load_handler(mc);
    return 0;
}

static int drv_mysql_connect(struct db_conn *c)
{
    enum tls_mode tls = drv_mysql_cfg.tls;
    MYSQL *m;

    c->impl = NULL;
    if (drv_mysql_cfg.dry_run) return 0;
    m = connect_once(c, tls);
    if (!m && tls == TLS_PREFERRED && c->err.code == CR_SSL_CONNECTION_ERROR &&
        drv_mysql_may_drop_tls(c))
        m = connect_once(c, tls = TLS_OFF); /* its TLS handshake failed */
    if (m && drv_mysql_tls_check(c, m, tls) != 0) {
        mysql_close(m);
        m = NULL;
    }
    if (!m) return -1;
    return drv_mysql_connected(c, m);
}

static const char *tls_mode_name(enum tls_mode mode)
{
    static const char *const names[] = {"DISABLED", "PREFERRED", "REQUIRED",
                                        "VERIFY_CA", "VERIFY_IDENTITY"};
    return names[mode];
}

/* PREFERRED on a server without TLS: said once in the process (a flag set
 * once), since the traffic goes unencrypted. */
static void warn_plaintext(struct db_conn *c)
{
    static int warned;

    if (!__atomic_exchange_n(&warned, 1, __ATOMIC_RELAXED))
        log_warn("mysql: --mysql-ssl=PREFERRED: the server at %s has no "
                 "TLS: connected without encryption",
                 c->target.host ? c->target.host : "localhost");
}

/* A connect that wanted TLS and did not get it: c->err says so. */
static bool refuse_plaintext(struct db_conn *c, const char *cause)
{
    db_set_error(
        c, CR_SSL_CONNECTION_ERROR, "HY000", false, "mysql_real_connect()",
        "%s, and --mysql-ssl=%s%s requires TLS: not connecting in "
        "plaintext (--mysql-ssl=DISABLED to do so)",
        cause, tls_mode_name(drv_mysql_cfg.tls),
        drv_mysql_cfg.tls == TLS_PREFERRED ? " with --mysql-ssl-ca" : "");
    return false;
}

bool drv_mysql_may_drop_tls(struct db_conn *c)
{
    if (drv_mysql_cfg.ca_given) {
        char cause[sizeof(c->err.msg)];
        snprintf(cause, sizeof(cause), "%s", c->err.msg);
        return refuse_plaintext(c, cause);
    }
    warn_plaintext(c);
    return true;
}

int drv_mysql_tls_check(struct db_conn *c, MYSQL *m, enum tls_mode mode)
{
    if (mode == TLS_OFF || mysql_get_ssl_cipher(m) != NULL) return 0;
    if (mode == TLS_PREFERRED && !drv_mysql_cfg.ca_given) {
        warn_plaintext(c);
        return 0;
    }
    refuse_plaintext(c, "the server offers no TLS");
    return -1;
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

/* Results of a multi-statement query or a CALL the caller never asked for
 * would block the next command ("commands out of sync"): discard them. */
void drv_mysql_drain_results(struct my_conn *mc)
{
    MYSQL *m = mc->m;

    mc->drain = false;
    if (mc->pending) { /* a CALL's results, read through its statement */
        MYSQL_STMT *st = mc->pending->st;
        mc->pending    = NULL;
        while (mysql_stmt_more_results(st) && mysql_stmt_next_result(st) == 0)
            mysql_stmt_free_result(st);
    }
    if (!mc->may_have_more) return; /* only text queries leave more */
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

int drv_mysql_text_outcome(struct db_conn *c, MYSQL_RES *res, bool stored,
                           struct db_result *r)
{
    struct my_conn *mc = c->impl;
    my_ulonglong n;

    if (!res) {
        if (mysql_errno(mc->m) != 0)
            return drv_mysql_conn_error(c, mc->m, "mysql_store_result()");
        n              = mysql_affected_rows(mc->m);
        r->pub.nrows   = n == (my_ulonglong) -1 ? 0 : (uint32_t) n;
        r->pub.counter = r->pub.nrows > 0 ? DB_CNT_WRITE : DB_CNT_OTHER;
        return 0;
    }
    mc->res        = res;
    r->pub.counter = DB_CNT_READ;
    r->pub.nfields = mysql_num_fields(res);
    r->pub.ptr     = res;
    if (stored)
        r->pub.nrows = (uint32_t) mysql_num_rows(res);
    else
        r->streaming = true;
    return 0;
}

static int drv_mysql_query(struct db_conn *c, const char *sql, size_t len,
                           struct db_result *r)
{
    struct my_conn *mc = c->impl;
    int err;

    if (drv_mysql_cfg.dry_run) return 0;
    drv_mysql_drain_pending(mc);
    mc->may_have_more = mc->drain = true;
    err = mysql_real_query(mc->m, sql, (unsigned long) len);
    DEBUG("mysql_real_query(%p, \"%s\", %zu) = %d", (void *) mc->m, sql, len,
          err);
    if (err) return drv_mysql_conn_error(c, mc->m, "mysql_drv_query()");
    return drv_mysql_text_outcome(c, mysql_use_result(mc->m), false, r);
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

    if (drv_mysql_cfg.dry_run) return 0;
    mc->may_have_more = mc->drain = true;
    err                           = mysql_next_result(mc->m);
    DEBUG("mysql_next_result(%p) = %d", (void *) mc->m, err);
    if (err > 0)
        return drv_mysql_conn_error(c, mc->m, "mysql_drv_next_result()");
    if (err < 0) return 0; /* none left: "other", as sysbench */
    return drv_mysql_text_outcome(c, mysql_use_result(mc->m), false, r);
}

static int fetch_text(struct db_conn *c, struct my_conn *mc, sql_value *v)
{
    MYSQL_ROW row = mysql_fetch_row(mc->res);
    unsigned long *len;
    unsigned n = mysql_num_fields(mc->res);

    if (!row)
        return mysql_errno(mc->m)
                   ? drv_mysql_conn_error(c, mc->m, "mysql_fetch_row()")
                   : 0;
    len = mysql_fetch_lengths(mc->res);
    for (unsigned i = 0; i < n; i++) {
        v[i].ptr = row[i];
        v[i].len = (uint32_t) len[i];
    }
    return 1;
}

static int drv_mysql_fetch_row(struct db_result *r, sql_value *values)
{
    struct db_conn *c  = r->conn;
    struct my_conn *mc = c->impl;

    if (!mc) return 0;
    if (mc->res) return fetch_text(c, mc, values);
    if (mc->active)
        return drv_mysql_fetch_binary(c, mc->active, r->pub.nfields, values);
    return 0;
}

void __attribute__((noinline)) drv_mysql_free_text(struct my_conn *mc)
{
    /* Reading to the end (without copying) keeps the server status flags
     * right for more_results, unlike mysql_free_result's skip. */
    while (mysql_fetch_row(mc->res))
        ;
    mysql_free_result(mc->res);
    mc->res = NULL;
}

/* Before a query or a statement's slow path (an execute releases the
 * result itself, drv_mysql_execute). */
static void drv_mysql_free_result(struct db_result *r)
{
    struct my_conn *mc = r->conn->impl;

    if (mc) drv_mysql_release(&mc);
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

static const char *drv_mysql_version(const struct db_conn *c, char *buf,
                                     size_t size)
{
    const struct my_conn *mc = c ? c->impl : NULL;
    const char *v            = c ? (mc ? mysql_get_server_info(mc->m) : NULL)
                                 : mysql_get_client_info();

    return v && snprintf(buf, size, "%s", v) > 0 ? buf : NULL;
}

/* Unnamed statements need MariaDB Connector/C's prepare-and-execute in
 * one request (mysql_stmt.c); MySQL's libmysqlclient lacks it. */
#ifdef HAVE_MYSQL_EXECUTE_DIRECT
#define HAS_EXECUTE_DIRECT true
#else
#define HAS_EXECUTE_DIRECT false
#endif

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
    .execute_releases = true,
    .caps             = {.multi_row_insert  = true,
                         .prepared          = true,
                         .auto_increment    = true,
                         .unsigned_int      = true,
                         .backslash_escapes = true,
                         .unnamed           = HAS_EXECUTE_DIRECT},
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
    .load_start       = drv_mysql_load_start,
    .load_rows        = drv_mysql_load_rows,
    .load_end         = drv_mysql_load_end,
    .log_error        = drv_mysql_log_error,
    .version          = drv_mysql_version,
#ifdef HAVE_MYSQL_NONBLOCK
    .connect_start = drv_mysql_connect_start,
    .query_start   = drv_mysql_query_start,
    .execute_start = drv_mysql_execute_start,
    .resume        = drv_mysql_resume,
    .prepare_start = drv_mysql_prepare_start,
    .close_start   = drv_mysql_close_start,
#endif
};
