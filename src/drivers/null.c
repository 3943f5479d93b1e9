/* SPDX-License-Identifier: MIT */
/* null: an in-process database for tests and for measuring bench's own
 * overhead. Statements are classified by their first word as a server
 * would answer them (SELECT/SHOW -> result set, INSERT/UPDATE/DELETE ->
 * one affected row, else nothing), so counters match a real run. Tests can
 * record the SQL received, return canned rows and inject errors through the
 * bench_null_* hooks; with none of them set a call costs a few compares. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db/driver.h"

#define MAX_RULES 32

struct canned {
    char *prefix;
    uint32_t nfields, nrows;
    sql_value *values; /* nrows * nfields */
    char *data;        /* what values point into */
};

struct failure {
    char *prefix;
    struct db_error err;
    atomic_uint left;
};

/* Rules are written only while no worker runs (see the hooks' contract). */
static struct canned canned[MAX_RULES];
static struct failure failures[MAX_RULES];
static size_t ncanned, nfailures;

static atomic_bool recording;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static char *log_buf; /* guarded by log_lock */
static size_t log_len, log_cap;

/* -- Test hooks -------------------------------------------------------- */

void bench_null_record(bool on)
{
    atomic_store(&recording, on);
}

const char *bench_null_log(void)
{
    return log_buf ? log_buf : "";
}

void bench_null_clear(void)
{
    pthread_mutex_lock(&log_lock);
    log_len = 0;
    if (log_buf) log_buf[0] = '\0';
    pthread_mutex_unlock(&log_lock);
}

static void record(const char *sql, size_t len)
{
    pthread_mutex_lock(&log_lock);
    if (log_len + len + 2 > log_cap) {
        size_t cap = (log_len + len + 2) * 2;
        char *b    = realloc(log_buf, cap);
        if (!b) {
            pthread_mutex_unlock(&log_lock);
            return;
        }
        log_buf = b;
        log_cap = cap;
    }
    memcpy(log_buf + log_len, sql, len);
    log_len += len;
    log_buf[log_len++] = '\n';
    log_buf[log_len]   = '\0';
    pthread_mutex_unlock(&log_lock);
}

static void canned_clear(void)
{
    for (size_t i = 0; i < ncanned; i++) {
        free(canned[i].prefix);
        free(canned[i].values);
        free(canned[i].data);
    }
    memset(canned, 0, sizeof(canned));
    ncanned = 0;
}

/* Splits `rows` (first line: field count) in place into values. */
static int canned_parse(struct canned *cr, char *data)
{
    char *line = strchr(data, '\n');
    size_t cap = 0;

    cr->nfields = (uint32_t) atoi(data);
    for (char *p = line; p && p[1];) {
        char *end = strchr(p + 1, '\n');
        char *f   = p + 1;
        if (end) *end = '\0';
        if (cap < (size_t) (cr->nrows + 1) * cr->nfields) {
            cap          = (cap + cr->nfields) * 2;
            sql_value *v = realloc(cr->values, cap * sizeof(*v));
            if (!v) return -1;
            cr->values = v;
        }
        for (uint32_t i = 0; i < cr->nfields; i++) {
            char *tab    = f ? strchr(f, '\t') : NULL;
            sql_value *v = &cr->values[cr->nrows * cr->nfields + i];
            if (tab) *tab = '\0';
            v->ptr = f && strcmp(f, "\\N") != 0 ? f : NULL;
            v->len = v->ptr ? (uint32_t) strlen(f) : 0;
            f      = tab ? tab + 1 : NULL;
        }
        cr->nrows++;
        p = end;
    }
    return 0;
}

int bench_null_result(const char *prefix, const char *rows)
{
    struct canned *cr;

    if (!prefix) {
        canned_clear();
        return 0;
    }
    if (ncanned == MAX_RULES || !rows) return -1;
    cr = &canned[ncanned];
    memset(cr, 0, sizeof(*cr));
    cr->prefix = strdup(prefix);
    cr->data   = strdup(rows);
    if (!cr->prefix || !cr->data || canned_parse(cr, cr->data) != 0) {
        free(cr->prefix);
        free(cr->data);
        free(cr->values);
        return -1;
    }
    ncanned++;
    return 0;
}

int bench_null_fail(const char *prefix, int code, const char *sqlstate,
                    bool conn_lost, unsigned times)
{
    struct failure *f;

    if (!prefix) {
        for (size_t i = 0; i < nfailures; i++)
            free(failures[i].prefix);
        nfailures = 0;
        return 0;
    }
    if (nfailures == MAX_RULES) return -1;
    f = &failures[nfailures];
    memset(&f->err, 0, sizeof(f->err));
    if (!(f->prefix = strdup(prefix))) return -1;
    f->err.code      = code;
    f->err.conn_lost = conn_lost;
    f->err.func      = "null_query()";
    snprintf(f->err.sqlstate, sizeof(f->err.sqlstate), "%s",
             sqlstate ? sqlstate : "");
    snprintf(f->err.msg, sizeof(f->err.msg), "injected error %d", code);
    atomic_store(&f->left, times);
    nfailures++;
    return 0;
}

/* -- Driver ------------------------------------------------------------ */

static bool starts_with(const char *s, size_t len, const char *prefix)
{
    size_t n = strlen(prefix);
    return len >= n && memcmp(s, prefix, n) == 0;
}

/* Fails the call when an injected failure matches. */
static int injected(struct db_conn *c, const char *sql, size_t len)
{
    for (size_t i = 0; i < nfailures; i++) {
        struct failure *f = &failures[i];
        unsigned left     = atomic_load(&f->left);
        if (left == 0 || !starts_with(sql, len, f->prefix)) continue;
        if (atomic_compare_exchange_strong(&f->left, &left, left - 1)) {
            c->err = f->err;
            return -1;
        }
    }
    return 0;
}

/* Whether `sql`, after leading blanks, starts with `word` (upper-case
 * letters) in any case. Byte by byte rather than libc's strncasecmp, whose
 * cost moved with where the two strings happened to lie (its page-cross
 * path): perf/overhead.sh's figures must not move with the heap's layout. */
static bool word_is(const char *sql, size_t len, const char *word)
{
    while (len > 0 && (*sql == ' ' || *sql == '\t' || *sql == '\n')) {
        sql++;
        len--;
    }
    for (; *word; word++, sql++, len--)
        if (len == 0 || (*sql & ~0x20) != *word) return false;
    return true;
}

/* Answers `sql` as a server would; see the file comment. */
static int answer(struct db_conn *c, const char *sql, size_t len,
                  struct db_result *r)
{
    if (nfailures && injected(c, sql, len) != 0) return -1;
    for (size_t i = 0; i < ncanned; i++)
        if (starts_with(sql, len, canned[i].prefix)) {
            r->pub.counter = DB_CNT_READ;
            r->pub.nfields = canned[i].nfields;
            r->pub.nrows   = canned[i].nrows;
            r->pub.ptr     = &canned[i];
            r->next        = 0;
            return 0;
        }
    if (word_is(sql, len, "SELECT") || word_is(sql, len, "SHOW")) {
        r->pub.counter = DB_CNT_READ;
        r->pub.nfields = 1;
    } else if (word_is(sql, len, "INSERT") || word_is(sql, len, "UPDATE") ||
               word_is(sql, len, "DELETE") || word_is(sql, len, "REPLACE")) {
        r->pub.counter = DB_CNT_WRITE;
        r->pub.nrows   = 1;
    }
    return 0;
}

static int drv_null_init(const struct options *opts)
{
    return 0;
}

static void drv_null_done(void)
{
}

static int drv_null_connect(struct db_conn *c)
{
    static const char what[] = "<connect>";

    c->impl = NULL;
    return nfailures ? injected(c, what, sizeof(what) - 1) : 0;
}

static void drv_null_disconnect(struct db_conn *c)
{
    c->impl = NULL;
}

static int drv_null_query(struct db_conn *c, const char *sql, size_t len,
                          struct db_result *r)
{
    if (atomic_load_explicit(&recording, memory_order_relaxed))
        record(sql, len);
    return answer(c, sql, len, r);
}

static int drv_null_fetch_row(struct db_result *r, sql_value *values)
{
    const struct canned *cr = r->pub.ptr;

    if (!cr || r->next >= cr->nrows) return 0;
    memcpy(values, cr->values + (size_t) r->next++ * cr->nfields,
           cr->nfields * sizeof(*values));
    return 1;
}

static void drv_null_free_result(struct db_result *r)
{
    r->pub.ptr = NULL;
}

/* A statement's driver side is a live allocation, so that under ASan a
 * close that is missing (a leak) or repeated (a double free) shows on
 * the null driver too. "<prepare> <sql>" is what injected failures
 * match (bench_null_fail). */
static int drv_null_prepare(struct db_stmt *s)
{
    char what[256];

    if (nfailures) {
        int n = snprintf(what, sizeof(what), "<prepare> %s", s->sql);
        if (injected(s->conn, what,
                     n < (int) sizeof(what) ? (size_t) n : sizeof(what) - 1))
            return -1;
    }
    if (!(s->impl = malloc(1))) {
        db_set_error(s->conn, 0, "HY001", false, "null_prepare()",
                     "out of memory");
        return -1;
    }
    return 0;
}

/* execute while recording: records what emulation would send (db_value.h's
 * text, the whole of it), so logs match in both ps modes, then answers.
 * Apart from execute, whose path when not recording stays a test and a
 * tail call. */
static int __attribute__((noinline, cold))
record_execute(struct db_stmt *s, struct db_result *r)
{
    char *text = NULL;
    size_t cap = 0;
    long n =
        db_emulate_sql(s->sql, s->sql_len, s->binds, s->nbinds, &text, &cap);

    if (n >= 0) record(text, (size_t) n);
    free(text);
    if (n < 0) {
        db_set_error(s->conn, 0, "", false, "null_execute()", "out of memory");
        return -1;
    }
    return answer(s->conn, s->sql, s->sql_len, r);
}

static int drv_null_execute(struct db_stmt *s, struct db_result *r)
{
    if (atomic_load_explicit(&recording, memory_order_relaxed))
        return record_execute(s, r);
    return answer(s->conn, s->sql, s->sql_len, r);
}

static void drv_null_close(struct db_stmt *s)
{
    free(s->impl);
    s->impl = NULL;
}

/* -- Bulk loads: recorded as "<load> table (columns)", the rows as they
 * come (text format, a line each) and "<load end>". A failure injected
 * for "<load> table" with code 1148 (MySQL's refusal of LOCAL) refuses
 * the load; another fails it. */

static int drv_null_load_start(struct db_conn *c, struct db_load *l)
{
    char what[400];
    int n =
        snprintf(what, sizeof(what), "<load> %s (%s)", l->table, l->columns);

    if (n < 0 || (size_t) n >= sizeof(what)) n = (int) sizeof(what) - 1;
    if (nfailures && injected(c, what, (size_t) n) != 0) {
        if (c->err.code != 1148) return -1;
        snprintf(l->why, sizeof(l->why), "error %d: %.200s", c->err.code,
                 c->err.msg);
        return DB_LOAD_REFUSED;
    }
    if (atomic_load(&recording)) record(what, (size_t) n);
    return 0;
}

static int drv_null_load_rows(struct db_conn *c, struct db_load *l,
                              const char *text, size_t len)
{
    (void) c;
    (void) l;
    if (atomic_load(&recording) && len > 0)
        record(text, len - 1); /* its last '\n' is the log's */
    return 0;
}

static int drv_null_load_end(struct db_conn *c, struct db_load *l, bool commit)
{
    (void) c;
    (void) l;
    if (atomic_load(&recording))
        record(commit ? "<load end>" : "<load abandoned>", commit ? 10 : 16);
    return 0;
}

static void drv_null_log_error(const struct db_conn *c, enum db_op op,
                               const char *sql)
{
    if (op == DB_OP_CONNECT)
        log_fatal("null: connect failed: error %d: %s", c->err.code,
                  c->err.msg);
    else if (sql)
        log_fatal("%s returned error %d (%s) for query '%s'", c->err.func,
                  c->err.code, c->err.msg, sql);
    else
        log_fatal("%s returned error %d (%s)", c->err.func, c->err.code,
                  c->err.msg);
}

const struct db_driver driver_null = {
    .name         = "null",
    .description  = "in-process fake database (tests, overhead)",
    .hidden       = true,
    .in_process   = true,
    .ignore_match = DB_MATCH_CODE,
    .caps         = {.multi_row_insert = true, .prepared = true},
    .init         = drv_null_init,
    .done         = drv_null_done,
    .connect      = drv_null_connect,
    .disconnect   = drv_null_disconnect,
    .query        = drv_null_query,
    .fetch_row    = drv_null_fetch_row,
    .free_result  = drv_null_free_result,
    .prepare      = drv_null_prepare,
    .execute      = drv_null_execute,
    .close        = drv_null_close,
    .load_start   = drv_null_load_start,
    .load_rows    = drv_null_load_rows,
    .load_end     = drv_null_load_end,
    .log_error    = drv_null_log_error,
};
