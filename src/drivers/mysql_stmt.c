/* SPDX-License-Identifier: MIT */
/* mysql_stmt: server-side prepared statements of the MySQL driver (binary
 * protocol). Parameters are bound to the caller's buffers; result columns
 * are bound as strings, so the library converts every value to the text a
 * plain query returns. Results are not buffered (see mysql.c). */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdlib.h>
#include <string.h>

#include "mysql_driver.h"

#define ER_UNSUPPORTED_PS_CODE    1295 /* statement cannot be prepared */
#define ER_MAX_PREPARED_STMT_CODE 1461 /* max_prepared_stmt_count reached */
#define FIRST_COLUMN_CAP          64

/* Frees the result column bindings (not ncols). */
static void free_columns(struct my_stmt *ms)
{
    for (unsigned i = 0; i < ms->ncols; i++)
        free(ms->cols[i].buffer);
    free(ms->cols);
    free(ms->col_len);
    free(ms->col_cap);
    free(ms->col_null);
}

/* Binds every result column as a string the first time rows are wanted:
 * the library converts binary values to text. */
static int bind_columns(struct db_conn *c, struct my_stmt *ms, unsigned n)
{
    if (ms->ncols != n) {
        free_columns(ms);
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
        return drv_mysql_stmt_error(c, ms->st, "mysql_stmt_bind_result()");
    ms->cols_bound = true;
    return 0;
fail:
    for (unsigned i = 0; ms->cols && i < n; i++) {
        free(ms->cols[i].buffer); /* calloc'ed: NULL if not reached */
        ms->cols[i].buffer = NULL;
    }
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
        return drv_mysql_stmt_error(c, ms->st, "mysql_stmt_fetch_column()");
    return 0;
}

int drv_mysql_fetch_binary(struct db_conn *c, struct my_stmt *ms, uint32_t n,
                           sql_value *v)
{
    int rc;

    if (!ms->cols_bound && bind_columns(c, ms, n) != 0) return -1;
    rc = mysql_stmt_fetch(ms->st);
    if (rc == MYSQL_NO_DATA) return 0;
    if (rc == 1) return drv_mysql_stmt_error(c, ms->st, "mysql_stmt_fetch()");
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

int drv_mysql_prepared(struct db_stmt *s, MYSQL_STMT *st, bool failed)
{
    struct db_conn *c = s->conn;
    struct my_stmt *ms;
    unsigned code;

    if (failed) {
        code = mysql_stmt_errno(st);
        drv_mysql_stmt_error(c, st, "mysql_stmt_prepare()");
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
    ms->mc      = c->impl;
    ms->nparams = (unsigned) mysql_stmt_param_count(st);
    s->impl     = ms;
    return 0;
}

/* An unnamed statement (driver.h): client memory only until execute. */
static int prepare_unnamed(struct db_stmt *s)
{
    struct my_stmt *ms = calloc(1, sizeof(*ms));

    if (!ms) {
        db_set_error(s->conn, CR_OUT_OF_MEMORY, "HY000", false,
                     "mysql_stmt_init()", "out of memory");
        return -1;
    }
    ms->mc      = s->conn->impl;
    ms->nparams = s->nparams;
    ms->unnamed = true;
    s->impl     = ms;
    return 0;
}

int drv_mysql_prepare(struct db_stmt *s)
{
    struct db_conn *c = s->conn;
    MYSQL_STMT *st;
    bool failed;

    if (drv_mysql_cfg.dry_run) return 0;
    if (s->unnamed) return prepare_unnamed(s);
    st = mysql_stmt_init(((struct my_conn *) c->impl)->m);
    if (!st)
        return drv_mysql_conn_error(c, ((struct my_conn *) c->impl)->m,
                                    "mysql_stmt_init()");
    DEBUG("mysql_stmt_prepare(%p, \"%s\", %zu)", (void *) st, s->sql,
          s->sql_len);
    failed = mysql_stmt_prepare(st, s->sql, (unsigned long) s->sql_len) != 0;
    return drv_mysql_prepared(s, st, failed);
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

int drv_mysql_bind(struct db_stmt *s)
{
    struct my_stmt *ms = s->impl;
    MYSQL_BIND *b;

    if (drv_mysql_cfg.dry_run || !ms) return 0;
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
    if (ms->unnamed) return 0; /* bound to each execute's handle */
    if (mysql_stmt_bind_param(ms->st, ms->params))
        return drv_mysql_stmt_error(s->conn, ms->st, "mysql_stmt_bind_param()");
    return 0;
}

/* sql_time and MYSQL_TIME differ: copy the current values in. */
static void __attribute__((noinline))
copy_times(struct db_stmt *s, struct my_stmt *ms)
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

/* Inline: on the per-query path of every execute; a call of its own cost
 * ~15 instructions of register saves per query. The column count is read
 * from the statement (a public field in libmariadb's and libmysqlclient's
 * MYSQL_STMT, what mysql_stmt_field_count returns): a library call fewer
 * per query, as drv_mysql_free_result reads the server status. */
static inline int stmt_outcome(struct my_stmt *ms, struct db_result *r)
{
    unsigned n = ms->st->field_count;
    my_ulonglong rows;

    if (n == 0) {
        rows           = mysql_stmt_affected_rows(ms->st);
        r->pub.nrows   = rows == (my_ulonglong) -1 ? 0 : (uint32_t) rows;
        r->pub.counter = r->pub.nrows > 0 ? DB_CNT_WRITE : DB_CNT_OTHER;
        return 0;
    }
    if (n != ms->ncols) ms->cols_bound = false;
    ms->mc->active = ms;
    r->pub.counter = DB_CNT_READ;
    r->pub.nfields = n;
    r->pub.ptr     = ms;
    r->streaming   = true;
    return 0;
}

/* Only the statement, its result and s (for an error) live across the
 * library calls here: ms->mc is read again instead of kept (see
 * drv_mysql_release). `traced`, a constant in each caller: the
 * --mysql-debug line. */
static inline __attribute__((always_inline)) int
execute_stmt(struct db_stmt *s, struct db_result *r, bool traced)
{
    struct my_stmt *ms = s->impl;
    int err;

    drv_mysql_release(&ms->mc);
    drv_mysql_drain_pending(ms->mc);
    if (ms->times) copy_times(s, ms);
    err = mysql_stmt_execute(ms->st);
    if (traced) DEBUG("mysql_stmt_execute(%p) = %d", (void *) ms->st, err);
    if (err)
        return drv_mysql_stmt_error(s->conn, ms->st, "mysql_stmt_execute()");
    return stmt_outcome(ms, r);
}

/* An unnamed statement's execute: a new handle each time (the library's
 * handle for mariadb_stmt_execute_direct is for one execution), which
 * sends the prepare and the execute together and reads both answers:
 * one round trip. The previous handle is closed first (COM_STMT_CLOSE
 * has no answer), so the server holds one statement at most. */
static int __attribute__((noinline))
execute_unnamed(struct db_stmt *s, struct db_result *r)
{
    struct my_stmt *ms = s->impl;
#ifdef HAVE_MYSQL_EXECUTE_DIRECT
    unsigned int n = ms->nparams;
    MYSQL_STMT *st;
    int err;

    drv_mysql_release(&ms->mc);
    drv_mysql_drain_pending(ms->mc);
    if (ms->st) {
        drv_mysql_stmt_detach(s);
        mysql_stmt_close(ms->st);
        ms->st = NULL;
    }
    if (!(st = mysql_stmt_init(ms->mc->m)))
        return drv_mysql_conn_error(s->conn, ms->mc->m, "mysql_stmt_init()");
    ms->st         = st;
    ms->cols_bound = false;
    if (s->nbinds != n) {
        db_set_error(s->conn, 0, NULL, false, "mysql_stmt_bind_param()",
                     "Wrong number of parameters to mysql_stmt_bind_param");
        return -1;
    }
    if (n && (mysql_stmt_attr_set(st, STMT_ATTR_PREBIND_PARAMS, &n) ||
              mysql_stmt_bind_param(st, ms->params)))
        return drv_mysql_stmt_error(s->conn, st, "mysql_stmt_bind_param()");
    if (ms->times) copy_times(s, ms);
    err = mariadb_stmt_execute_direct(st, s->sql, s->sql_len);
    DEBUG("mariadb_stmt_execute_direct(%p, \"%s\") = %d", (void *) st, s->sql,
          err);
    if (err)
        return drv_mysql_stmt_error(s->conn, st,
                                    "mariadb_stmt_execute_direct()");
    return stmt_outcome(ms, r);
#else
    (void) r;
    (void) ms;
    db_set_error(s->conn, 0, NULL, false, "mysql_stmt_execute()",
                 "unnamed statements need MariaDB Connector/C");
    return -1;
#endif
}

/* --mysql-dry-run and --mysql-debug, and unnamed statements, out of the
 * way of every query. */
static int __attribute__((noinline))
execute_aside(struct db_stmt *s, struct db_result *r)
{
    if (drv_mysql_cfg.dry_run) return 0;
    if (((struct my_stmt *) s->impl)->unnamed) return execute_unnamed(s, r);
    return execute_stmt(s, r, true);
}

int drv_mysql_execute(struct db_stmt *s, struct db_result *r)
{
    if (__builtin_expect(drv_mysql_cfg.execute_aside, 0) ||
        __builtin_expect(((struct my_stmt *) s->impl)->unnamed, 0))
        return execute_aside(s, r);
    return execute_stmt(s, r, false);
}

int drv_mysql_stmt_next_result(struct db_stmt *s, struct db_result *r)
{
    struct my_stmt *ms = s->impl;
    int err;

    if (drv_mysql_cfg.dry_run) return 0;
    err = mysql_stmt_next_result(ms->st);
    DEBUG("mysql_stmt_next_result(%p) = %d", (void *) ms->st, err);
    if (err > 0)
        return drv_mysql_stmt_error(s->conn, ms->st,
                                    "mysql_drv_stmt_next_result()");
    if (err < 0) return 0;
    return stmt_outcome(ms, r);
}

void drv_mysql_close(struct db_stmt *s)
{
    struct my_stmt *ms = s->impl;

    if (!ms) return;
    drv_mysql_stmt_detach(s);
    if (ms->st) mysql_stmt_close(ms->st); /* NULL: unnamed, never run */
    drv_mysql_stmt_release(s);
}

void drv_mysql_stmt_detach(struct db_stmt *s)
{
    struct my_stmt *ms = s->impl;
    struct my_conn *mc = s->conn ? s->conn->impl : NULL;

    if (mc && mc->pending == ms) mc->pending = NULL;
    if (mc && mc->active == ms) mc->active = NULL;
}

void drv_mysql_stmt_release(struct db_stmt *s)
{
    struct my_stmt *ms = s->impl;

    free_columns(ms);
    free(ms->params);
    free(ms->times);
    free(ms);
    s->impl = NULL;
}
