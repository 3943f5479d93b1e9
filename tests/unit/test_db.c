/* SPDX-License-Identifier: MIT */
/* test_db: db.c against the null driver: counters, results, emulation
 * text, bulk insert boundaries, error classification, misuse ALERTs. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../tap.h"
#include "db_internal.h"
#include "stats.h"

static struct options *opts;
static sql_driver *drv;
static bool stop_now;

/* -- Helpers ----------------------------------------------------------- */

static FILE *cap_file;
static int cap_saved = -1;
static char cap_text[8192];

/* Captures what log.c prints on stdout between the two calls. */
static void capture_begin(void)
{
    fflush(stdout);
    cap_file  = tmpfile();
    cap_saved = dup(1);
    dup2(fileno(cap_file), 1);
}

static const char *capture_end(void)
{
    size_t n;

    fflush(stdout);
    dup2(cap_saved, 1);
    close(cap_saved);
    rewind(cap_file);
    n = fread(cap_text, 1, sizeof(cap_text) - 1, cap_file);
    cap_text[n] = '\0';
    fclose(cap_file);
    return cap_text;
}

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
        snprintf(name, sizeof(name), "%.*s", (int) (eq - *settings),
                 *settings);
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

    setup(NULL);
    ok(drv != NULL, "db_create(NULL) uses --db-driver");
    is_str(drv->sname, "null", "driver name");
    capture_begin();
    ok(db_create("nosuch") == NULL, "unknown driver fails");
    out = capture_end();
    is_str(out, "FATAL: invalid database driver name: 'nosuch'\n",
           "unknown driver message");
    options_set(opts, "db-ps-mode", "sometimes");
    capture_begin();
    is_int(db_validate_options(opts), -1, "bad --db-ps-mode rejected");
    is_str(capture_end(), "FATAL: Invalid value for db-ps-mode: sometimes\n",
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

    setup(NULL);
    bench_null_result("SELECT a", "2\n1\tx\n\\N\tyy\n");
    con = connect_null();
    rs  = run(con, "SELECT a, b FROM t");
    ok(rs && rs->nrows == 2 && rs->nfields == 2, "canned nrows/nfields");
    row = db_fetch_row(rs);
    ok(row && row->values[0].len == 1 && memcmp(row->values[0].ptr, "1", 1)
           == 0, "first value");
    row = db_fetch_row(rs);
    ok(row && row->values[0].ptr == NULL && row->values[1].len == 2,
       "NULL value has a NULL pointer");
    capture_begin();
    ok(db_fetch_row(rs) == NULL, "end of rows");
    rs = run(con, "SELECT 1");
    ok(db_fetch_row(rs) == NULL, "empty result");
    run(con, "COMMIT");
    ok(db_fetch_row(rs) == NULL, "result freed by the next query");
    ok(db_free_results(rs) == 1, "free of a freed result fails");
    out = capture_end();
    is_str(out, "ALERT: attempt to fetch row from an empty result set\n"
                "ALERT: attempt to fetch row from an invalid result set\n"
                "ALERT: attempt to free an invalid result set\n",
           "result ALERTs");
    rs = run(con, "SELECT a");
    is_int(db_free_results(rs), 0, "explicit free");
    is_int(db_store_results(run(con, "SELECT a")), 0, "store of a buffered"
           " result is a no-op");
    db_connection_free(con);
}

/* Binds one parameter of every type and checks the text sent. */
static void check_emulation(const char *mode)
{
    const char *settings[] = {mode, NULL};
    int8_t ti = -5;
    int16_t si = -300;
    int32_t in = 70000;
    int64_t bi = -9000000000LL;
    float fl = 1.5f;
    double db = 2.25;
    char ch[8] = "ab'c", vc[8] = "xyzzy";
    unsigned long chl = 4, vcl = 3;
    char null_yes = 1, null_no = 0;
    sql_time tm = {2024, 1, 2, 3, 4, 5};
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
           "'2024-1-2 3:4:5','2024-1-2 3:4:5')\n",
           mode);
    is_int(counter(STAT_WRITES), 1, "execute counted as a write");
    db_close(st);
    db_connection_free(con);
    bench_null_record(false);
}

static void test_emulation(void)
{
    check_emulation("db-ps-mode=disable");
    check_emulation("db-ps-mode=auto");
}

/* Rows of `len` bytes; checks each statement against the 512 KiB rule. */
static void test_bulk(void)
{
    static char row[1001];
    const char *prefix = "INSERT INTO t VALUES ";
    size_t plen = strlen(prefix), per_stmt, n = 1200, stmts = 0;
    sql_connection *con;
    const char *log, *out;

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
    capture_begin();
    is_int(db_bulk_insert_next(con, row, 10), 1, "next before init fails");
    db_bulk_insert_init(con, prefix, plen);
    is_int(db_bulk_insert_next(con, log, DB_BULK_BUFFER_SIZE), 1,
           "oversize first row fails");
    out = capture_end();
    is_str(out, "ALERT: attempt to call bulk_insert_next() before "
                "bulk_insert_init()\nFATAL: Query length exceeds the maximum"
                " value (524288), aborting\n", "bulk messages");
    db_connection_free(con);
}
