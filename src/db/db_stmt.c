/* SPDX-License-Identifier: MIT */
/* Over 600 lines: prepare, its non-blocking parts (db_async.c) and the
 * re-prepare after a reconnect share the statement's set-up and list. */
/* db_stmt: prepared statements (server-side through the driver, or
 * emulated by textual substitution, INV 8.1, with db_value.c's text) and
 * the bulk insert buffer (SQL-6). */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "db_internal.h"
#include "measure/detail.h"
#include "rand.h"

long db_emulate_text(struct db_stmt *s)
{
    return db_emulate_sql(s->sql, s->sql_len, s->binds, s->nbinds,
                          &s->conn->text, &s->conn->text_cap);
}

/* -- Statements -------------------------------------------------------- */

static void warn_limit_once(const struct db_conn *c)
{
    static atomic_flag warned = ATOMIC_FLAG_INIT;

    if (!atomic_flag_test_and_set(&warned))
        log_warn("%s: the server refuses more prepared statements "
                 "(%d: %s); emulating them on such connections",
                 c->drv->name, c->err.code, c->err.msg);
}

/* Whether `s` is emulated without asking the driver (then set up);
 * else the driver's prepare comes next. */
bool db_stmt_setup_local(struct db_stmt *s)
{
    struct db_conn *c = s->conn;

    s->epoch    = c->epoch;
    s->emulated = false;
    db_stmt_set_key(s, false);
    if (s->unnamed) return false; /* never emulated (driver.h) */
    if (db_ps_disabled() || c->emulate_ps || !c->drv->prepare) {
        s->emulated = true;
        return true;
    }
    return false;
}

int db_stmt_prepared(struct db_stmt *s, int rc)
{
    struct db_conn *c = s->conn;

    switch (rc) {
    case 0:
        db_stmt_set_key(s, true);
        return 0;
    case DB_PREPARE_LIMIT:
        c->emulate_ps = true;
        warn_limit_once(c);
        s->emulated = true;
        return 0;
    case DB_PREPARE_EMULATE:
        s->emulated = true;
        return 0;
    default:
        c->pub.error = db_classify(c, DB_OP_PREPARE, s->sql);
        return -1;
    }
}

/* Prepares `s` on the server, or makes it emulated. 0 ok, -1 error
 * (classified, in c->pub). */
static int stmt_setup(struct db_stmt *s)
{
    struct db_conn *c = s->conn;

    if (db_stmt_setup_local(s)) return 0;
    return db_stmt_prepared(s,
                            c->broken ? db_broken_call(c) : c->drv->prepare(s));
}

/* Takes s out of its connection's list; nothing when it is in none (never
 * linked: its prepare failed; or detached by db_connection_free). */
static void stmt_unlink(struct db_stmt *s)
{
    struct db_conn *c = s->conn;

    if (!c || (!s->prev && c->stmts != s)) return;
    if (s->prev)
        s->prev->next = s->next;
    else
        c->stmts = s->next;
    if (s->next) s->next->prev = s->prev;
    s->prev = s->next = NULL;
}

/* Frees the driver side of s: on the server too when its connection is
 * the one it was prepared on and still usable, else client memory only. */
static void stmt_drop_driver(struct db_stmt *s)
{
    struct db_conn *c = s->conn;

    if (!s->impl || !c) return;
    s->stale = c->state == DB_CONN_INVALID || c->broken || s->epoch != c->epoch;
    c->drv->close(s);
    s->stale = false;
    s->impl  = NULL;
}

void db_stmt_discard(struct db_stmt *s)
{
    stmt_drop_driver(s);
    stmt_unlink(s);
    free(s->sql);
    free(s->binds);
    free(s);
}

/* Whether s can be used: ALERTs and fails the call (an API error: Lua
 * raises "SQL API error") when it was closed or its connection freed. */
bool db_stmt_usable(struct db_stmt *s)
{
    if (!s->conn) {
        log_alert("attempt to use an already closed connection");
        return false;
    }
    if (s->closed) {
        log_alert("attempt to use an already closed statement");
        s->conn->pub.sql_errno  = 0;
        s->conn->pub.sql_state  = NULL;
        s->conn->pub.sql_errmsg = NULL;
        s->conn->pub.error      = DB_ERROR_FATAL;
        return false;
    }
    return true;
}

static unsigned count_params(const char *sql, size_t len)
{
    unsigned n = 0;

    for (size_t i = 0; i < len; i++)
        n += sql[i] == '?';
    return n;
}

struct db_stmt *db_stmt_new(struct db_conn *c, const char *sql, size_t len)
{
    struct db_stmt *s;

    if (!db_conn_usable(c)) return NULL;
    /* sysbench keeps the current result across prepare: read it to its
     * end first so the connection is free for the new command. */
    if (c->state == DB_CONN_RESULT_SET && c->rs.streaming)
        db_store_results(&c->rs.pub);
    s = calloc(1, sizeof(*s));
    if (!s || !(s->sql = malloc(len + 1))) {
        db_oom("prepare a statement");
        free(s);
        return NULL;
    }
    memcpy(s->sql, sql, len);
    s->sql[len]       = '\0';
    s->sql_len        = len;
    s->nparams        = count_params(sql, len);
    s->kind           = detail_classify(sql, len);
    s->conn           = c;
    s->pub.connection = &c->pub;
    c->pub.error      = DB_ERROR_NONE;
    return s;
}

sql_statement *db_prepare(sql_connection *pc, const char *sql, size_t len)
{
    struct db_stmt *s = db_stmt_new(db_conn_of(pc), sql, len);

    if (!s) return NULL;
    if (stmt_setup(s) != 0) {
        db_stmt_discard(s);
        return NULL;
    }
    db_stmt_link(s);
    return &s->pub;
}

/* Whether c's driver can send unnamed statements on c: FATAL lines and
 * false when not (an API error: the script asked for what the driver or
 * its client library does not have). */
static bool unnamed_possible(struct db_conn *c)
{
    const struct db_caps *caps = &c->drv->caps;

    if (!caps->unnamed || !c->drv->prepare) {
        log_fatal("%s driver: its client library cannot send a statement "
                  "and its values as one request (an unnamed statement)",
                  c->drv->name);
    } else if (c->nonblocking && c->drv->execute_start &&
               !caps->unnamed_async) {
        log_fatal("%s driver: its client library sends unnamed statements "
                  "(--query-mode=extended) only by a blocking call, which "
                  "virtual users cannot make: use --threads, or prepared "
                  "statements",
                  c->drv->name);
    } else {
        return true;
    }
    c->pub.error = DB_ERROR_FATAL;
    return false;
}

/* No server round trip: the driver's prepare of an unnamed statement is
 * client work (driver.h), so this serves virtual users too. */
sql_statement *bench_db_prepare_unnamed(sql_connection *pc, const char *sql,
                                        size_t len)
{
    struct db_conn *c = db_conn_of(pc);
    struct db_stmt *s;

    if (c->state != DB_CONN_INVALID && !unnamed_possible(c)) return NULL;
    if (!(s = db_stmt_new(c, sql, len))) return NULL;
    s->unnamed = true;
    if (stmt_setup(s) != 0) {
        db_stmt_discard(s);
        return NULL;
    }
    db_stmt_link(s);
    return &s->pub;
}

static int stmt_bind_driver(struct db_stmt *s)
{
    struct db_conn *c = s->conn;
    int rc;

    if (s->emulated || !c->drv->bind) return 0;
    rc = c->broken ? db_broken_call(c) : c->drv->bind(s);
    if (rc != 0) c->pub.error = db_classify(c, DB_OP_BIND, s->sql);
    return rc;
}

int db_bind_param(sql_statement *ps, sql_bind *params, size_t len)
{
    struct db_stmt *s = db_stmt_of(ps);
    struct db_conn *c = s->conn;

    if (!db_stmt_usable(s)) return 1;
    if (c->state == DB_CONN_INVALID) {
        log_alert("attempt to use an already closed connection");
        return 1;
    }
    if (len > s->bind_cap) {
        sql_bind *b = realloc(s->binds, len * sizeof(*b));
        if (!b) {
            db_oom("bind parameters");
            return 1;
        }
        s->binds    = b;
        s->bind_cap = len;
    }
    memcpy(s->binds, params, len * sizeof(*params));
    s->nbinds    = len;
    c->pub.error = DB_ERROR_NONE;
    if (s->epoch != c->epoch) /* prepared before a reconnect */
        return 0;             /* execute prepares and binds again */
    return stmt_bind_driver(s) != 0;
}

/* sysbench has no result binding: accepted and ignored. */
int db_bind_result(sql_statement *ps, sql_bind *results, size_t len)
{
    return 0;
}

/* Frees the driver's side of s (impl) without telling the server, whose
 * statement went with the connection it was on; leaves s->stale set. */
static void stmt_close_stale(struct db_stmt *s)
{
    s->stale = true;
    s->conn->drv->close(s);
    s->impl = NULL;
}

/* After a reconnect the server has forgotten the statement: prepare and
 * bind it again so scripts need not (sysbench makes them re-prepare). */
void db_stmt_forget(struct db_stmt *s)
{
    if (s->impl) {
        stmt_close_stale(s);
        s->stale = false;
    }
}

int db_stmt_rebind(struct db_stmt *s)
{
    return s->nbinds ? stmt_bind_driver(s) : 0;
}

/* Everything but the fast path of db_execute: a closed, broken or
 * replaced connection, and emulated statements. */
static sql_result *execute_checked(sql_statement *ps, struct db_stmt *s,
                                   struct db_conn *c)
{
    int rc;
    long n;

    if (!db_stmt_usable(s) || !db_conn_begin(c)) return NULL;
    if (!c->broken && s->epoch != c->epoch) {
        db_stmt_forget(s);
        if (stmt_setup(s) != 0 || db_stmt_rebind(s) != 0) return NULL;
    }
    c->rs.pub.statement = ps;
    if (c->broken)
        return db_finish(c, db_broken_call(c), DB_OP_EXECUTE, s->sql);
    if (!s->emulated) {
        rc = c->drv->execute(s, &c->rs);
        return db_finish(c, rc, DB_OP_EXECUTE, s->sql);
    }
    n = db_emulate_text(s);
    if (n < 0) {
        db_set_error(c, 0, NULL, false, "db_execute()", "out of memory");
        return db_finish(c, -1, DB_OP_QUERY, s->sql);
    }
    rc = c->drv->query(c, c->text, (size_t) n, &c->rs);
    return db_finish(c, rc, DB_OP_QUERY, c->text);
}

/* The driver's free_result before an execute, for a driver whose execute
 * does not release the result itself. Out of line: nothing of the fast
 * path is kept in registers across it. */
static void __attribute__((noinline)) execute_free_result(struct db_conn *c)
{
    c->drv->free_result(&c->rs);
}

/* The fast path is a statement prepared on the server, on its connection
 * as it was then, open and not broken (the keys match, see
 * db_conn_set_key): db_conn_begin and the driver call of execute_checked
 * with the checks that cannot fail left out. */
static inline int execute_call(sql_statement *ps, struct db_stmt *s,
                               struct db_conn *c)
{
    const struct db_driver *drv = c->drv;

    if (!drv->execute_releases && c->state == DB_CONN_RESULT_SET)
        execute_free_result(c);
    c->pub.error      = DB_ERROR_NONE;
    c->pub.sql_errno  = 0;
    c->pub.sql_state  = NULL;
    c->pub.sql_errmsg = NULL;
    db_result_reset(&c->rs);
    c->state            = DB_CONN_READY;
    c->rs.pub.statement = ps;
    return drv->execute(s, &c->rs);
}

/* execute_call and its outcome: db_fail or db_finish. */
static inline sql_result *execute_fast(sql_statement *ps, struct db_stmt *s,
                                       struct db_conn *c)
{
    if (execute_call(ps, s, c) != 0) return db_fail(c, DB_OP_EXECUTE, s->sql);
    return db_finish(c, 0, DB_OP_EXECUTE, NULL);
}

/* The fast path, timed, while measuring: two timestamps and the record.
 * The fast path always reaches db_finish or db_fail, so the outcome says
 * how the call was counted. */
static sql_result *execute_timed(sql_statement *ps, struct db_stmt *s,
                                 struct db_conn *c)
{
    uint64_t t0 = detail_ticks();
    sql_result *rs;
    uint64_t t1;

    rs = execute_fast(ps, s, c);
    t1 = detail_ticks();
    detail_query(c->detail, s->kind,
                 c->pub.error == DB_ERROR_NONE
                     ? (enum detail_class) c->rs.pub.counter
                     : DETAIL_FAILED,
                 detail_ticks_ns(t0, t1), c->stats->discard);
    return rs;
}

/* Everything but the untimed fast path: execute_checked, timed while
 * measuring (db_conn_set_key sends every execute here then). */
static sql_result *__attribute__((noinline))
execute_slow(sql_statement *ps, struct db_stmt *s, struct db_conn *c)
{
    struct db_timing t;
    sql_result *rs;

    if (!c || !c->detail) return execute_checked(ps, s, c);
    c->kind = s->kind;
    /* (a span, bench_db_span, is db_detail_begin's to take) */
    if (s->fast_key == (c->fast_key & ~DB_KEY_TIMED_TSC) && !c->span_t0)
        return execute_timed(ps, s, c);
    db_detail_begin(c, &t);
    rs = execute_checked(ps, s, c);
    db_detail_done(c, s->kind, &t);
    return rs;
}

sql_result *db_execute(sql_statement *ps)
{
    struct db_stmt *s = db_stmt_of(ps);
    struct db_conn *c = s->conn;

    if (__builtin_expect(!c || s->fast_key != c->fast_key, 0))
        return execute_slow(ps, s, c);
    return execute_fast(ps, s, c);
}

/* bench_db_execute_tsc's failed call: db_fail's handling, then the query
 * counted in its class if that made the error NONE again (ignored), else
 * as failed. Out of line: it keeps the fast path's registers few. */
static sql_result *__attribute__((noinline))
execute_tsc_failed(struct db_stmt *s, struct db_conn *c, uint64_t t0)
{
    sql_result *rs = db_fail(c, DB_OP_EXECUTE, s->sql);
    enum detail_class cls;

    cls = c->pub.error == DB_ERROR_NONE ? (enum detail_class) c->rs.pub.counter
                                        : DETAIL_FAILED;
    detail_query(c->detail, s->kind, cls, detail_tsc_ns(t0, detail_tsc()),
                 c->stats->discard);
    return rs;
}

/* bench_db_execute_tsc's result: NULL for a result set without columns
 * (db_api_decls.h). */
static inline sql_result *with_columns(sql_result *rs)
{
    return rs && rs->nfields != 0 ? rs : NULL;
}

/* bench_db_execute_tsc's completed call when the stats table changed
 * since the connection last counted (db_count_in): db_finish's success
 * half and the kind's record. Out of line, as execute_tsc_failed. */
static sql_result *__attribute__((noinline))
execute_tsc_recount(struct db_stmt *s, struct db_conn *c, uint64_t ns)
{
    sql_result *rs = db_finish(c, 0, DB_OP_EXECUTE, NULL);

    detail_query(c->detail, s->kind, (enum detail_class) c->rs.pub.counter, ns,
                 c->stats->discard);
    return with_columns(rs);
}

/* execute_timed with the TSC read inline: one compare (the key of a
 * connection measured with the TSC, DB_KEY_TIMED_TSC) selects it, every
 * other case is db_execute's. A call the driver completed is db_finish's
 * success half with the warm-up test shared: counted in its class in the
 * stats slot (db_count) and in its kind (detail_record), or, while
 * warming up, in neither. Every rare case leaves through a call of its
 * own, so that the fast path keeps three registers. */
sql_result *bench_db_execute_tsc(sql_statement *ps)
{
    struct db_stmt *s = db_stmt_of(ps);
    struct db_conn *c = s->conn;
    struct stats_slot *slot;
    uint64_t t0, ns;
    unsigned counter;

    /* (a span, bench_db_span, is db_detail_begin's to take) */
    if (__builtin_expect(
            !c || (s->fast_key | DB_KEY_TIMED_TSC) != c->fast_key || c->span_t0,
            0))
        return with_columns(db_execute(ps));
    t0 = detail_tsc();
    if (__builtin_expect(execute_call(ps, s, c) != 0, 0))
        return execute_tsc_failed(s, c, t0);
    ns = detail_tsc_ns(t0, detail_tsc());
    if (__builtin_expect(c->stats_gen != stats_current.gen, 0))
        return execute_tsc_recount(s, c, ns);
    counter = (unsigned) c->rs.pub.counter;
    slot    = c->stats;
    if (__builtin_expect(!slot->discard, 1)) {
        owned_inc_64(&slot->c[counter]);
        detail_record(c->detail, s->kind, (enum detail_class) counter, ns);
    }
    if (c->rs.pub.counter != DB_CNT_READ) return NULL;
    c->state = DB_CONN_RESULT_SET;
    return c->rs.pub.nfields != 0 ? &c->rs.pub : NULL;
}

bool bench_db_timed_tsc(void)
{
    return detail_enabled() && detail_clock.tsc;
}

static sql_result *stmt_next_result_call(sql_statement *ps)
{
    struct db_stmt *s = db_stmt_of(ps);
    struct db_conn *c = s->conn;
    int rc;

    if (!db_stmt_usable(s) || !db_conn_begin(c)) return NULL;
    c->rs.pub.statement = ps;
    if (s->emulated ? !c->drv->next_result : !c->drv->stmt_next_result)
        return NULL;
    if (c->broken)
        rc = db_broken_call(c);
    else if (s->emulated)
        rc = c->drv->next_result(c, &c->rs);
    else
        rc = c->drv->stmt_next_result(s, &c->rs);
    return db_finish(c, rc, DB_OP_NEXT_RESULT, NULL);
}

void bench_db_stmt_set_kind(sql_statement *ps, unsigned kind)
{
    if (ps && kind < DETAIL_KIND_MAX) db_stmt_of(ps)->kind = kind;
}

sql_result *db_stmt_next_result(sql_statement *ps)
{
    struct db_conn *c = db_stmt_of(ps)->conn;
    struct db_timing t;
    sql_result *rs;

    if (!c || !c->detail) return stmt_next_result_call(ps);
    db_detail_begin(c, &t);
    rs = stmt_next_result_call(ps);
    db_detail_done(c, db_stmt_of(ps)->kind, &t);
    return rs;
}

/* Before s is closed: its own current result goes with it; another's
 * (a query's, another statement's) stays for its reader, as in sysbench
 * where each has its own (a finalizer runs whenever the GC does): read
 * to its end first if streamed, so the connection is free for the close. */
static void close_current(struct db_conn *c, struct db_stmt *s)
{
    if (c->rs.pub.statement == &s->pub)
        db_free_current(c);
    else if (c->rs.streaming && !c->rs.at_end)
        db_store_results(&c->rs.pub);
}

/* Closes s: frees its driver side. It stays in its connection's list
 * (db_stmts_detach must reach it) and the struct stays for the caller's handle
 * (Lua's cdata) until db_stmt_free, so a call on a closed statement is an
 * ALERT, never a use after free. */
static void stmt_close(struct db_stmt *s, bool alert)
{
    struct db_conn *c = s->conn;

    if (s->closed) {
        if (alert) log_alert("attempt to close an already closed statement");
        return;
    }
    if (c && c->state == DB_CONN_INVALID && alert)
        log_alert("attempt to use an already closed connection");
    else if (c && c->state == DB_CONN_RESULT_SET)
        close_current(c, s);
    stmt_drop_driver(s);
    s->closed   = true;
    s->fast_key = 2; /* never a connection's: db_execute takes the slow path */
}

int db_close(sql_statement *ps)
{
    if (ps) stmt_close(db_stmt_of(ps), true);
    return 0;
}

void db_stmt_free(sql_statement *ps)
{
    if (!ps) return;
    stmt_close(db_stmt_of(ps), false);
    db_stmt_discard(db_stmt_of(ps));
}

/* Called by db_connection_free: statements outlive their connection only
 * as client memory (Lua may collect them in any order). */
void db_stmts_detach(struct db_conn *c)
{
    struct db_stmt *s = c->stmts;

    while (s) {
        struct db_stmt *next = s->next;
        if (s->impl) stmt_close_stale(s);
        s->conn           = NULL;
        s->pub.connection = NULL;
        s->prev = s->next = NULL;
        s                 = next;
    }
    c->stmts = NULL;
}

/* -- Bulk inserts ------------------------------------------------------ */

int db_bulk_insert_init(sql_connection *pc, const char *query, size_t len)
{
    struct db_conn *c = db_conn_of(pc);

    if (c->state == DB_CONN_INVALID) {
        log_alert("attempt to use an already closed connection");
        return 0;
    }
    if (c->state == DB_CONN_RESULT_SET) db_free_current(c);
    if (len + 1 > DB_BULK_BUFFER_SIZE) {
        log_fatal("Query length exceeds the maximum value (%u), aborting",
                  (unsigned) DB_BULK_BUFFER_SIZE);
        return 1;
    }
    if (!c->bulk_buf && !(c->bulk_buf = malloc(DB_BULK_BUFFER_SIZE))) {
        db_oom("start a bulk insert");
        return 1;
    }
    memcpy(c->bulk_buf, query, len);
    c->bulk_buf[len]    = '\0';
    c->bulk_len         = len;
    c->bulk_prefix      = len;
    c->bulk_rows        = 0;
    c->bulk_commit_rows = 0;
    return 0;
}

/* Sends the buffered rows as one statement (counted like any query). */
static int bulk_flush(struct db_conn *c, bool last)
{
    if (c->bulk_rows == 0) return 0;
    if (!db_query(&c->pub, c->bulk_buf, c->bulk_len) &&
        c->pub.error != DB_ERROR_NONE)
        return 1;
    db_load_count(c, c->bulk_rows, c->bulk_len);
    if (c->drv->caps.needs_commit) {
        c->bulk_commit_rows += c->bulk_rows;
        if (last || c->bulk_commit_rows >= 1000) {
            if (!db_query(&c->pub, "COMMIT", 6) &&
                c->pub.error != DB_ERROR_NONE)
                return 1;
            c->bulk_commit_rows = 0;
        }
    }
    c->bulk_len  = c->bulk_prefix;
    c->bulk_rows = 0;
    return 0;
}

/* What a row takes before it is appended: checks the connection and the
 * buffer, sends the buffered rows when a row of up to `bound` bytes does
 * not fit after them, and writes the comma. -1 when the row can be written
 * at c->bulk_len; otherwise what the caller returns: 0 after the ALERT of
 * a closed connection (as sysbench), 1 on failure (message printed). */
static int bulk_row_begin(struct db_conn *c, size_t bound, const char *fn)
{
    size_t comma;

    if (c->state == DB_CONN_INVALID) {
        log_alert("attempt to use an already closed connection");
        return 0;
    }
    if (c->state == DB_CONN_RESULT_SET) db_free_current(c);
    if (!c->bulk_buf) {
        log_alert("attempt to call %s() before bulk_insert_init()", fn);
        return 1;
    }
    comma = c->bulk_rows > 0;
    if (c->bulk_len + bound + 1 + comma > DB_BULK_BUFFER_SIZE) {
        if (c->bulk_rows == 0) goto too_long;
        if (bulk_flush(c, false) != 0) return 1;
        if (c->bulk_len + bound + 1 > DB_BULK_BUFFER_SIZE)
            goto too_long; /* sysbench overflows its buffer here */
        comma = 0;
    }
    if (comma) c->bulk_buf[c->bulk_len++] = ',';
    return -1;
too_long:
    log_fatal("Query length exceeds the maximum value (%u), aborting",
              (unsigned) DB_BULK_BUFFER_SIZE);
    return 1;
}

int db_bulk_insert_next(sql_connection *pc, const char *row, size_t len)
{
    struct db_conn *c = db_conn_of(pc);
    int rc            = bulk_row_begin(c, len, "bulk_insert_next");

    if (rc >= 0) return rc;
    memcpy(c->bulk_buf + c->bulk_len, row, len);
    c->bulk_len += len;
    c->bulk_buf[c->bulk_len] = '\0';
    c->bulk_rows++;
    return 0;
}

size_t db_bulk_expand(const char *pattern, size_t len, const int64_t *ints,
                      size_t n_ints, char *dst)
{
    size_t out = 0, i = 0, k = 0;

    while (i < len) {
        const char *pct = memchr(pattern + i, '%', len - i);
        size_t end      = pct ? (size_t) (pct - pattern) : len;

        sb_rand_strn(pattern + i, end - i, dst + out);
        out += end - i;
        i = end;
        if (i == len) break;
        if (i + 1 < len && pattern[i + 1] == 'd' && k < n_ints) {
            out += (size_t) db_format_int(ints[k++], dst + out, 24);
            i += 2;
        } else {
            dst[out++] = pattern[i++];
        }
    }
    return out;
}

int db_bulk_insert_next_rand(sql_connection *pc, const char *pattern,
                             size_t len, const int64_t *ints, size_t n_ints)
{
    struct db_conn *c = db_conn_of(pc);
    int rc = bulk_row_begin(c, len + 24 * n_ints, "bulk_insert_next_rand");

    if (rc >= 0) return rc;
    c->bulk_len +=
        db_bulk_expand(pattern, len, ints, n_ints, c->bulk_buf + c->bulk_len);
    c->bulk_buf[c->bulk_len] = '\0';
    c->bulk_rows++;
    return 0;
}

int db_bulk_insert_done(sql_connection *pc)
{
    struct db_conn *c = db_conn_of(pc);

    if (c->bulk_buf && bulk_flush(c, true) != 0) return 1;
    free(c->bulk_buf);
    c->bulk_buf = NULL;
    return 0;
}
