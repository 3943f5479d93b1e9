/* SPDX-License-Identifier: MIT */
/* test_db: db.c against the null driver: counters, results, emulation
 * text, bulk insert boundaries, error classification, misuse ALERTs. */
#include <stdlib.h>
#include <ctype.h>
#include <string.h>
#include <unistd.h>

#include "../capture.h"
#include "../tap.h"
#include "db/db_internal.h"
#include "measure/stats.h"

static struct options *opts;
static sql_driver *drv;
static bool stop_now;

/* -- Helpers ----------------------------------------------------------- */

static bool should_stop(void)
{
    return stop_now;
}

/* (Re)initialises db.c with the given option values ("name=value"). */
static void setup(const char *const *settings)
{
    options_free(opts);
    opts = options_new();
    db_register_options(opts);
    options_set(opts, "db-driver", "null");
    for (; settings && *settings; settings++) {
        char name[64];
        const char *eq = strchr(*settings, '=');
        snprintf(name, sizeof(name), "%.*s", (int) (eq - *settings), *settings);
        options_set(opts, name, eq + 1);
    }
    db_init(opts, should_stop);
    stats_init(1);
    db_thread_set_id(0);
    drv = db_create(NULL);
    bench_null_fail(NULL, 0, NULL, false, 0);
    bench_null_result(NULL, NULL);
    bench_null_clear();
}

static sql_connection *connect_null(void)
{
    return db_connection_create(drv);
}

static uint64_t counter(enum stat_counter c)
{
    return stats_read(0, c);
}

static sql_result *run(sql_connection *con, const char *sql)
{
    return db_query(con, sql, strlen(sql));
}

/* -- Tests ------------------------------------------------------------- */

static void test_lookup(void)
{
    const char *out;
    sql_driver *bad;
    int rc;

    setup(NULL);
    ok(drv != NULL, "db_create(NULL) uses --db-driver");
    is_str(drv->sname, "null", "driver name");
    capture_begin();
    bad = db_create("nosuch");
    out = capture_end();
    ok(bad == NULL, "unknown driver fails");
    is_str(out, "FATAL: invalid database driver name: 'nosuch'\n",
           "unknown driver message");
    options_set(opts, "db-ps-mode", "sometimes");
    capture_begin();
    rc  = db_validate_options(opts);
    out = capture_end();
    is_int(rc, -1, "bad --db-ps-mode rejected");
    is_str(out, "FATAL: Invalid value for db-ps-mode: sometimes\n",
           "bad --db-ps-mode message");
    ok(db_is_used(), "db_is_used after first driver init");
    db_destroy(drv);
}

static void test_counters(void)
{
    sql_connection *con;
    sql_result *rs;

    setup(NULL);
    con = connect_null();
    ok(con != NULL, "connect");
    rs = run(con, "SELECT 1");
    ok(rs != NULL && rs->counter == DB_CNT_READ, "SELECT is a read");
    ok(run(con, "UPDATE t SET a=1") == NULL, "UPDATE returns no result");
    ok(run(con, "BEGIN") == NULL && con->error == DB_ERROR_NONE, "BEGIN");
    is_int(counter(STAT_READS), 1, "reads counted");
    is_int(counter(STAT_WRITES), 1, "writes counted");
    is_int(counter(STAT_OTHER), 1, "other counted");
    db_connection_free(con);
}

static void test_rows(void)
{
    sql_connection *con;
    sql_result *rs;
    sql_row *row;
    const char *out;
    bool r[4];

    setup(NULL);
    bench_null_result("SELECT a", "2\n1\tx\n\\N\tyy\n");
    con = connect_null();
    rs  = run(con, "SELECT a, b FROM t");
    ok(rs && rs->nrows == 2 && rs->nfields == 2, "canned nrows/nfields");
    row = db_fetch_row(rs);
    ok(row && row->values[0].len == 1 &&
           memcmp(row->values[0].ptr, "1", 1) == 0,
       "first value");
    row = db_fetch_row(rs);
    ok(row && row->values[0].ptr == NULL && row->values[1].len == 2,
       "NULL value has a NULL pointer");
    capture_begin();
    r[0] = db_fetch_row(rs) == NULL;
    rs   = run(con, "SELECT 1");
    r[1] = db_fetch_row(rs) == NULL;
    run(con, "COMMIT");
    r[2] = db_fetch_row(rs) == NULL;
    r[3] = db_free_results(rs) == 1;
    out  = capture_end();
    ok(r[0], "end of rows");
    ok(r[1], "empty result");
    ok(r[2], "result freed by the next query");
    ok(r[3], "free of a freed result fails");
    is_str(out,
           "ALERT: attempt to fetch row from an empty result set\n"
           "ALERT: attempt to fetch row from an invalid result set\n"
           "ALERT: attempt to free an invalid result set\n",
           "result ALERTs");
    rs = run(con, "SELECT a");
    is_int(db_free_results(rs), 0, "explicit free");
    is_int(db_store_results(run(con, "SELECT a")), 0,
           "store of a buffered"
           " result is a no-op");
    db_connection_free(con);
}

/* Binds one parameter of every type and checks the text sent. */
static void check_emulation(const char *mode)
{
    const char *settings[] = {mode, NULL};
    int8_t ti              = -5;
    int16_t si             = -300;
    int32_t in             = 70000;
    int64_t bi             = -9000000000LL;
    float fl               = 1.5f;
    double db              = 2.25;
    char ch[8] = "ab'c", vc[8] = "xyzzy";
    unsigned long chl = 4, vcl = 3;
    char null_yes = 1, null_no = 0;
    sql_time tm  = {2024, 1, 2, 3, 4, 5};
    sql_bind b[] = {
        {SQL_TYPE_TINYINT, &ti, NULL, 1, &null_no},
        {SQL_TYPE_SMALLINT, &si, NULL, 2, NULL},
        {SQL_TYPE_INT, &in, NULL, 4, NULL},
        {SQL_TYPE_BIGINT, &bi, NULL, 8, NULL},
        {SQL_TYPE_FLOAT, &fl, NULL, 4, NULL},
        {SQL_TYPE_DOUBLE, &db, NULL, 8, NULL},
        {SQL_TYPE_CHAR, ch, &chl, 8, NULL},
        {SQL_TYPE_VARCHAR, vc, &vcl, 8, NULL},
        {SQL_TYPE_BIGINT, &bi, NULL, 8, &null_yes},
        {SQL_TYPE_DATE, &tm, NULL, 0, NULL},
        {SQL_TYPE_TIME, &tm, NULL, 0, NULL},
        {SQL_TYPE_DATETIME, &tm, NULL, 0, NULL},
        {SQL_TYPE_TIMESTAMP, &tm, NULL, 0, NULL},
    };
    const char *sql = "INSERT INTO t VALUES (?,?,?,?,?,?,?,?,?,?,?,?,'?')";
    sql_connection *con;
    sql_statement *st;

    setup(settings);
    bench_null_record(true);
    con = connect_null();
    st  = db_prepare(con, sql, strlen(sql));
    ok(st != NULL, "prepare");
    is_int(db_bind_param(st, b, 13), 0, "bind 13 values");
    ok(db_execute(st) == NULL && con->error == DB_ERROR_NONE, "execute");
    is_str(bench_null_log(),
           "INSERT INTO t VALUES (-5,-300,70000,-9000000000,1.500000,"
           "2.250000,'ab'c','xyz',NULL,'2024-1-2','3:4:5',"
           "'2024-1-2 3:4:5',''2024-1-2 3:4:5'')\n", /* '?' in literal */
           mode);
    is_int(counter(STAT_WRITES), 1, "execute counted as a write");
    db_stmt_free(st);
    db_connection_free(con);
    bench_null_record(false);
}

static void test_emulation(void)
{
    check_emulation("db-ps-mode=disable");
    check_emulation("db-ps-mode=auto");
}

/* A statement longer than any fixed buffer reaches the driver whole, in
 * both modes: the null driver once cut what it recorded of a prepared one
 * at 4 KB. */
static void check_long_statement(const char *mode)
{
    const char *settings[] = {mode, NULL};
    enum { PAD = 10000 };
    size_t len = sizeof("SELECT '' , ?") - 1 + PAD;
    char *sql = malloc(len + 1), *want = malloc(len + 32);
    int64_t v  = 123456789012LL;
    sql_bind b = {SQL_TYPE_BIGINT, &v, NULL, 8, NULL};
    sql_connection *con;
    sql_statement *st;

    snprintf(sql, len + 1, "SELECT '%0*d' , ?", PAD, 0);
    snprintf(want, len + 32, "SELECT '%0*d' , 123456789012\n", PAD, 0);
    setup(settings);
    bench_null_record(true);
    con = connect_null();
    st  = db_prepare(con, sql, len);
    ok(st != NULL && db_bind_param(st, &b, 1) == 0, "prepare and bind");
    ok(db_execute(st) != NULL && con->error == DB_ERROR_NONE, "execute");
    is_int((long) strlen(bench_null_log()), (long) strlen(want),
           "a 10 KB statement is recorded whole");
    ok(strcmp(bench_null_log(), want) == 0, mode);
    db_stmt_free(st);
    db_connection_free(con);
    bench_null_record(false);
    free(sql);
    free(want);
}

static void test_long_statement(void)
{
    check_long_statement("db-ps-mode=disable");
    check_long_statement("db-ps-mode=auto");
}

/* Integers are formatted without stdio: the extremes and zero. */
static void test_int_text(void)
{
    const char *settings[] = {"db-ps-mode=disable", NULL};
    int64_t min = INT64_MIN, max = INT64_MAX;
    int32_t zero = 0, imin = INT32_MIN;
    int8_t tmin  = INT8_MIN;
    sql_bind b[] = {
        {SQL_TYPE_BIGINT, &min, NULL, 8, NULL},
        {SQL_TYPE_BIGINT, &max, NULL, 8, NULL},
        {SQL_TYPE_INT, &zero, NULL, 4, NULL},
        {SQL_TYPE_INT, &imin, NULL, 4, NULL},
        {SQL_TYPE_TINYINT, &tmin, NULL, 1, NULL},
    };
    const char *sql = "SELECT ?,?,?,?,?";
    sql_connection *con;
    sql_statement *st;
    char buf[8];

    setup(settings);
    bench_null_record(true);
    con = connect_null();
    st  = db_prepare(con, sql, strlen(sql));
    is_int(db_bind_param(st, b, 5), 0, "bind extreme integers");
    db_execute(st);
    is_str(bench_null_log(),
           "SELECT -9223372036854775808,9223372036854775807,0,-2147483648,"
           "-128\n",
           "integers as text");
    is_int(db_format_value(&b[3], false, buf, sizeof(buf)), -1,
           "an integer longer than the buffer does not fit");
    is_int(db_format_value(&b[2], false, buf, 2), 1, "0 fits in 2 bytes");
    is_str(buf, "0", "0 is NUL-terminated");
    {
        /* every length and sign around each power of ten, as snprintf */
        char want[32], got[32];
        int64_t v;
        sql_bind bb = {SQL_TYPE_BIGINT, &v, NULL, 8, NULL};
        int bad     = 0;
        for (int64_t p = 1; p <= INT64_MAX / 10; p *= 10)
            for (int64_t d = -2; d <= 2; d++)
                for (int sign = -1; sign <= 1; sign += 2) {
                    v = sign * (p + d);
                    snprintf(want, sizeof(want), "%lld", (long long) v);
                    if (db_format_value(&bb, false, got, sizeof(got)) !=
                            (int) strlen(want) ||
                        strcmp(got, want) != 0)
                        bad++;
                }
        is_int(bad, 0, "integers around powers of ten match snprintf");
    }
    db_stmt_free(st);
    db_connection_free(con);
    bench_null_record(false);
}

/* Rows of `len` bytes; checks each statement against the 512 KiB rule. */
static void test_bulk(void)
{
    static char row[1001];
    const char *prefix = "INSERT INTO t VALUES ";
    size_t plen = strlen(prefix), per_stmt, n = 1200, stmts = 0;
    sql_connection *con;
    const char *log, *out;
    char *big;
    int rc[2];

    setup(NULL);
    memset(row, 'r', 1000);
    bench_null_record(true);
    con = connect_null();
    is_int(db_bulk_insert_init(con, prefix, plen), 0, "bulk init");
    for (size_t i = 0; i < n; i++)
        db_bulk_insert_next(con, row, 1000);
    is_int(db_bulk_insert_done(con), 0, "bulk done");
    /* prefix + k rows + (k-1) commas + NUL must fit in 524288 bytes */
    per_stmt = (DB_BULK_BUFFER_SIZE - 1 - plen + 1) / 1001;
    log      = bench_null_log();
    for (const char *p = log; (p = strchr(p, '\n')); p++)
        stmts++;
    is_int(stmts, (n + per_stmt - 1) / per_stmt, "statement count");
    is_int(strchr(log, '\n') - log, plen + per_stmt * 1001 - 1,
           "first statement is as long as the buffer allows");
    is_int(counter(STAT_WRITES), stmts, "each statement counted as a write");
    bench_null_record(false);
    big = calloc(1, DB_BULK_BUFFER_SIZE);
    capture_begin();
    rc[0] = db_bulk_insert_next(con, row, 10);
    db_bulk_insert_init(con, prefix, plen);
    rc[1] = db_bulk_insert_next(con, big, DB_BULK_BUFFER_SIZE - plen);
    out   = capture_end();
    free(big);
    is_int(rc[0], 1, "next before init fails");
    is_int(rc[1], 1, "oversize first row fails");
    is_str(out,
           "ALERT: attempt to call bulk_insert_next() before "
           "bulk_insert_init()\nFATAL: Query length exceeds the maximum"
           " value (524288), aborting\n",
           "bulk messages");
    db_connection_free(con);
}

/* db_bulk_insert_next_rand: "%d"s take the integers, '#' and '@' become
 * digits and letters, the rest is copied; rows joined by commas. */
static void test_bulk_rand(void)
{
    const char *pat       = "(%d, %d, '##-@@', '%x')";
    const int64_t ints[2] = {-42, 1234567890123};
    sql_connection *con;
    const char *log;
    int ok_shape = 1;

    setup(NULL);
    bench_null_record(true);
    con = connect_null();
    db_bulk_insert_init(con, "INSERT INTO t VALUES ", 21);
    is_int(db_bulk_insert_next_rand(con, pat, strlen(pat), ints, 2), 0,
           "rand row 1");
    is_int(db_bulk_insert_next_rand(con, pat, strlen(pat), ints, 1), 0,
           "rand row 2, one integer: the second %d stays");
    is_int(db_bulk_insert_done(con), 0, "rand rows flushed");
    log = bench_null_log();
    ok(strncmp(log, "INSERT INTO t VALUES (-42, 1234567890123, '", 43) == 0,
       "integers in decimal");
    log += 43;
    ok_shape = isdigit((unsigned char) log[0]) &&
               isdigit((unsigned char) log[1]) && log[2] == '-' &&
               islower((unsigned char) log[3]) &&
               islower((unsigned char) log[4]);
    ok(ok_shape, "'#' digits, '@' letters, '-' kept");
    ok(strncmp(log + 5, "', '%x'),(-42, %d, '", 20) == 0,
       "other bytes and an unmatched %d copied; rows joined by a comma");
    db_connection_free(con);
    bench_null_record(false);
}

/* The rules db_bulk_insert_next follows hold for _next_rand too: one
 * preamble serves both. */
static void test_bulk_rand_misuse(void)
{
    const char *prefix = "INSERT INTO t VALUES ";
    char *big          = malloc(DB_BULK_BUFFER_SIZE);
    sql_connection *con;
    const char *out;
    int rc[3];

    setup(NULL);
    memset(big, '#', DB_BULK_BUFFER_SIZE);
    con = connect_null();
    capture_begin();
    rc[0] = db_bulk_insert_next_rand(con, "(1)", 3, NULL, 0);
    db_bulk_insert_init(con, prefix, strlen(prefix));
    rc[1] = db_bulk_insert_next_rand(
        con, big, DB_BULK_BUFFER_SIZE - strlen(prefix), NULL, 0);
    db_bulk_insert_done(con);
    db_connection_close(con);
    rc[2] = db_bulk_insert_next_rand(con, "(1)", 3, NULL, 0);
    out   = capture_end();
    free(big);
    is_int(rc[0], 1, "rand: next before init fails");
    is_int(rc[1], 1, "rand: oversize first row fails");
    is_int(rc[2], 0, "rand: on a closed connection, 0 after the ALERT");
    is_str(out,
           "ALERT: attempt to call bulk_insert_next_rand() before "
           "bulk_insert_init()\nFATAL: Query length exceeds the maximum"
           " value (524288), aborting\nALERT: attempt to use an already "
           "closed connection\n",
           "rand: bulk messages");
    db_connection_free(con);
}

static void test_ignore_lists(void)
{
    const char *lists[]   = {"db-ignore-errors=1213", NULL};
    const char *classes[] = {"db-ignore-errors=40", NULL};
    sql_connection *con;
    const char *out;

    setup(lists);
    con = connect_null();
    bench_null_fail("UPDATE", 1213, "40001", false, 1);
    ok(run(con, "UPDATE t SET a=1") == NULL, "failed update");
    is_int(con->error, DB_ERROR_IGNORABLE, "listed code is ignorable");
    is_int(con->sql_errno, 1213, "sql_errno");
    is_str(con->sql_state, "40001", "sql_state");
    is_int(counter(STAT_ERRORS), 1, "ignored error counted");
    is_int(counter(STAT_WRITES), 0, "failed statement not a write");
    ok(run(con, "UPDATE t SET a=1") == NULL && con->error == DB_ERROR_NONE,
       "injection used up");
    bench_null_fail("DELETE", 1064, "42000", false, 1);
    capture_begin();
    run(con, "DELETE FROM t");
    out = capture_end();
    is_int(con->error, DB_ERROR_FATAL, "unlisted code is fatal");
    is_str(out,
           "FATAL: null_query() returned error 1064 (injected error "
           "1064) for query 'DELETE FROM t'\n",
           "fatal message");
    is_int(counter(STAT_ERRORS), 2, "fatal error counted");
    db_connection_free(con);

    setup(classes);
    con = connect_null();
    bench_null_fail("UPDATE", 1213, "40001", false, 1);
    run(con, "UPDATE t SET a=1");
    is_int(con->error, DB_ERROR_IGNORABLE, "SQLSTATE class matches");
    db_connection_free(con);
}

static void test_api_errors(void)
{
    const char *all[] = {"db-ignore-errors=all", NULL};
    sql_connection *con;
    const char *out;
    bool r[2];

    setup(all);
    con = connect_null();
    bench_null_fail("SELECT", 0, NULL, false, 1);
    capture_begin();
    run(con, "SELECT 1");
    out = capture_end();
    is_int(con->error, DB_ERROR_FATAL, "error without code/state is fatal");
    ok(con->sql_state == NULL && con->sql_errmsg == NULL,
       "API error leaves sql_state NULL");
    ok(strstr(out, "FATAL: ") == out, "API error message");
    db_connection_close(con);
    capture_begin();
    r[0] = run(con, "SELECT 1") == NULL && con->error == DB_ERROR_FATAL;
    db_connection_close(con);
    r[1] = db_connection_reconnect(con) == 0;
    log_flush();
    out = capture_end();
    ok(r[0], "query on a closed connection");
    ok(r[1], "reconnect of closed returns 0");
    is_str(out,
           "ALERT: attempt to use an already closed connection\n"
           "ALERT: attempt to close an already closed connection\n"
           "(last message repeated 1 times)\n",
           "closed ALERTs");
    db_connection_free(con);
}

static void test_reconnect(void)
{
    const char *lost[] = {"db-ignore-errors=2013", NULL};
    sql_connection *con;
    sql_statement *st;
    const char *sql = "SELECT ?";
    int64_t v       = 7;
    sql_bind b      = {SQL_TYPE_BIGINT, &v, NULL, 8, NULL};

    setup(lost);
    con = connect_null();
    st  = db_prepare(con, sql, strlen(sql));
    db_bind_param(st, &b, 1);
    bench_null_fail("SELECT", 2013, "HY000", true, 1);
    ok(db_execute(st) == NULL && con->error == DB_ERROR_IGNORABLE,
       "lost connection ignored");
    is_int(counter(STAT_RECONNECTS), 1, "reconnect counted");
    is_int(counter(STAT_ERRORS), 0, "not counted as an error");
    is_int(db_conn_of(con)->epoch, 1, "new server connection");
    ok(db_execute(st) != NULL, "statement prepared again after reconnect");
    is_int(db_stmt_of(st)->epoch, 1, "statement epoch");

    /* The server stays away until the run stops: give up, stay broken. */
    bench_null_fail("SELECT", 2013, "HY000", true, 1);
    bench_null_fail("<connect>", 2003, "HY000", false, 1000);
    stop_now = true;
    ok(db_execute(st) == NULL && con->error == DB_ERROR_IGNORABLE,
       "gave up reconnecting");
    ok(db_conn_of(con)->broken, "connection marked broken");
    ok(run(con, "SELECT 1") == NULL && con->sql_errno == 2013,
       "broken connection repeats the loss");
    stop_now = false;
    bench_null_fail(NULL, 0, NULL, false, 0);
    ok(run(con, "SELECT 1") == NULL && con->error == DB_ERROR_IGNORABLE &&
           !db_conn_of(con)->broken,
       "reconnects once the server is back");
    is_int(counter(STAT_RECONNECTS), 2, "second reconnect counted");
    db_connection_free(con);
    is_int(db_close(st), 0, "statement closed after its connection");
    db_stmt_free(st);
}

/* GC finalizers run in any order: closing a statement of a closed (or
 * freed) connection must be silent and safe. */
static void test_stmt_after_disconnect(void)
{
    sql_connection *con;
    sql_statement *a, *b;
    const char *out;

    setup(NULL);
    con = connect_null();
    a   = db_prepare(con, "SELECT 1", 8);
    b   = db_prepare(con, "SELECT 2", 8);
    db_connection_close(con);
    capture_begin();
    db_stmt_free(a);
    out = capture_end();
    is_str(out, "", "db_stmt_free after disconnect is silent");
    capture_begin();
    db_close(b);
    out = capture_end();
    is_str(out, "ALERT: attempt to use an already closed connection\n",
           "db_close after disconnect ALERTs as sysbench");
    db_connection_free(con);
    db_stmt_free(b);
}

/* Issue 12: a failed prepare emptied the connection's statement list, so
 * freeing the connection left the statements prepared before it pointing
 * at freed memory (ASan: heap-use-after-free in stmt_close at lua_close). */
static void test_failed_prepare_keeps_list(void)
{
    sql_connection *con;
    sql_statement *a, *b, *c;

    setup(NULL);
    con = connect_null();
    a   = db_prepare(con, "SELECT 1", 8);
    b   = db_prepare(con, "SELECT 2", 8);
    bench_null_fail("<prepare> SELECT 3", 1146, "42S02", false, 1);
    capture_begin();
    c = db_prepare(con, "SELECT 3", 8);
    capture_end();
    ok(a && b && !c, "third prepare failed");
    bench_null_fail(NULL, 0, NULL, false, 0);
    db_connection_free(con);
    ok(db_stmt_of(a)->conn == NULL && db_stmt_of(b)->conn == NULL,
       "every statement detached when its connection is freed");
    ok(a->connection == NULL, "a detached statement has no connection");
    db_stmt_free(b);
    db_stmt_free(a);
}

/* A statement's finalizer runs whenever the GC does: closing it must not
 * take away the current result of a query (or of another statement) that
 * the script is reading; its own result goes with it. */
static void test_close_keeps_others_result(void)
{
    sql_connection *con;
    sql_statement *st;
    sql_result *rs;
    bool gone;

    setup(NULL);
    bench_null_result("SELECT a", "1\nx\ny\n");
    con = connect_null();
    st  = db_prepare(con, "SELECT 1", 8);
    rs  = run(con, "SELECT a FROM t");
    db_stmt_free(st);
    ok(rs && db_fetch_row(rs) && db_fetch_row(rs),
       "a query's result outlives an unrelated statement's close");
    st = db_prepare(con, "SELECT a FROM t", 15);
    rs = db_execute(st);
    capture_begin();
    db_close(st);
    gone = db_fetch_row(rs) == NULL;
    capture_end();
    ok(gone, "a statement's own result goes with it");
    db_stmt_free(st);
    db_connection_free(con);
}

/* A closed statement is an object that says so (issue 12): sysbench
 * frees it in db_close, so a later call is a use after free. */
static void test_closed_statement(void)
{
    sql_connection *con;
    sql_statement *st, *other;
    sql_result *rs;
    const char *out;
    int rc;
    sql_bind b = {.type = SQL_TYPE_NONE};

    setup(NULL);
    con = connect_null();
    st  = db_prepare(con, "SELECT 1", 8);
    ok(db_execute(st) != NULL, "executed");
    is_int(db_close(st), 0, "closed");
    capture_begin();
    rs  = db_execute(st);
    out = capture_end();
    ok(rs == NULL, "execute after close fails");
    is_str(out, "ALERT: attempt to use an already closed statement\n",
           "execute after close ALERTs");
    ok(con->error == DB_ERROR_FATAL && con->sql_state == NULL,
       "execute after close is an API error");
    capture_begin();
    rc = db_bind_param(st, &b, 1);
    rs = db_stmt_next_result(st);
    db_close(st);
    out = capture_end();
    ok(rc != 0, "bind after close fails");
    ok(rs == NULL, "next_result after close fails");
    ok(strstr(out, "ALERT: attempt to close an already closed statement\n"),
       "close twice ALERTs");
    other = db_prepare(con, "SELECT 2", 8);
    ok(db_execute(other) != NULL, "the connection still works");
    db_connection_free(con);
    db_stmt_free(other);
    capture_begin();
    rs = db_execute(st);
    capture_end();
    ok(rs == NULL, "closed statement after its connection");
    db_stmt_free(st);
}

static void test_help(void)
{
    char buf[4096];
    FILE *f = fmemopen(buf, sizeof(buf), "w");

    db_print_help(f, false, NULL);
    fclose(f);
    ok(strncmp(buf, "General database options:\n\n  --db-driver=STRING ", 48) ==
           0,
       "help starts with the general group");
    ok(strstr(buf, "  --db-ignore-errors") == NULL, "new option hidden");
    ok(strstr(buf, "\n\n\nCompiled-in database drivers:\n") != NULL,
       "two blank lines before the driver list");
    ok(strstr(buf, "null") == NULL, "null driver not listed");
}

/* bench's own drivers (hidden_r) stay out of the 1.0 listing (P-2) unless
 * --db-driver names them, and are in the 1.1 one. */
static void test_help_own_drivers(void)
{
    static char buf[16384];
    const struct db_driver *own = NULL;
    char line[128];
    FILE *f;

    for (size_t i = 0; db_drivers[i]; i++)
        if (db_drivers[i]->hidden_r) own = db_drivers[i];
    if (!own) return; /* built without any */
    snprintf(line, sizeof(line), "\n  %s - %s\n", own->name, own->description);
    f = fmemopen(buf, sizeof(buf), "w");
    db_print_help(f, false, NULL);
    fclose(f);
    ok(strstr(buf, line) == NULL, "own driver not in the 1.0 listing");
    f = fmemopen(buf, sizeof(buf), "w");
    db_print_help(f, false, own->name);
    fclose(f);
    ok(strstr(buf, line) != NULL, "listed in 1.0 when --db-driver names it");
    f = fmemopen(buf, sizeof(buf), "w");
    db_print_help(f, true, "mysql");
    fclose(f);
    ok(strstr(buf, line) != NULL, "listed in 1.1");
}

int main(void)
{
    test_lookup();
    test_counters();
    test_rows();
    test_emulation();
    test_long_statement();
    test_int_text();
    test_bulk();
    test_bulk_rand();
    test_bulk_rand_misuse();
    test_ignore_lists();
    test_api_errors();
    test_reconnect();
    test_stmt_after_disconnect();
    test_failed_prepare_keeps_list();
    test_closed_statement();
    test_close_keeps_others_result();
    test_help();
    test_help_own_drivers();
    db_done();
    options_free(opts);
    stats_fini();
    return done_testing();
}
