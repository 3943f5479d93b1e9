/* SPDX-License-Identifier: MIT */
/* test_db_live: db.c and the mysql/pgsql drivers against the private
 * servers of tests/db/servers.sh (eval "$(tests/db/servers.sh env)").
 * Skips a driver whose BENCH_TEST_MYSQL / BENCH_TEST_PGSQL is unset. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../capture.h"
#include "../tap.h"
#include "db/db_internal.h"
#include "measure/stats.h"

static struct options *opts;
static sql_driver *drv;

/* -- Helpers ----------------------------------------------------------- */

/* The servers' ports, as tests/db/servers.sh env exports them (CI may move
 * them so that a second pair can run beside the shared one). */
static const char *server_port(const char *env, const char *fallback)
{
    const char *port = getenv(env);

    return port != NULL && *port != '\0' ? port : fallback;
}

/* Options: the server's from the environment, then `extra` (space
 * separated --name=value arguments). */
static sql_driver *setup(const char *driver, const char *env, const char *extra)
{
    char buf[2048];

    options_free(opts);
    opts = options_new();
    db_register_options(opts);
    options_set(opts, "db-driver", driver);
    snprintf(buf, sizeof(buf), "%s %s", getenv(env), extra ? extra : "");
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
        options_set_arg(opts, tok);
    db_init(opts, NULL);
    stats_init(1);
    db_thread_set_id(0);
    drv = db_create(NULL);
    return drv;
}

static sql_result *run(sql_connection *con, const char *sql)
{
    return db_query(con, sql, strlen(sql));
}

/* Fetches one row and joins its values with '|' ("NULL" for NULL). */
static const char *row_text(sql_result *rs)
{
    static char out[1024];
    sql_row *row = rs ? db_fetch_row(rs) : NULL;
    size_t n     = 0;

    if (!row) return "(no row)";
    out[0] = '\0';
    for (uint32_t i = 0; i < rs->nfields && n < sizeof(out) - 64; i++)
        n += (size_t) snprintf(
            out + n, sizeof(out) - n, "%s%.*s", i ? "|" : "",
            (int) (row->values[i].ptr ? row->values[i].len : 4),
            row->values[i].ptr ? row->values[i].ptr : "NULL");
    return out;
}

static const char *query_row(sql_connection *con, const char *sql)
{
    return row_text(run(con, sql));
}

static sql_result *exec1(sql_statement *st, int64_t v)
{
    static int64_t val;
    sql_bind b = {SQL_TYPE_BIGINT, &val, NULL, 8, NULL};

    val = v;
    db_bind_param(st, &b, 1);
    return db_execute(st);
}

static sql_statement *prep(sql_connection *con, const char *sql)
{
    return db_prepare(con, sql, strlen(sql));
}

/* -- Shared checks ----------------------------------------------------- */

/* Types, NULLs, prepared rows as text, unfetched rows, bulk insert. */
static void check_data(sql_connection *con, const char *name,
                       const char *types_sql, const char *types_want)
{
    char msg[128];
    sql_statement *st;
    sql_result *rs;
    const char *plain;

    run(con, "DROP TABLE IF EXISTS bench_t");
    run(con, "CREATE TABLE bench_t (id INT PRIMARY KEY, v VARCHAR(20), "
             "d DOUBLE PRECISION, n INT)");
    snprintf(msg, sizeof(msg), "%s: types and NULLs as text", name);
    is_str(query_row(con, types_sql), types_want, msg);
    run(con, "INSERT INTO bench_t VALUES (1, 'one', 1.25, NULL), "
             "(2, 'two', -2.5, 7), (3, NULL, 0, 3)");
    is_int(stats_read(0, STAT_WRITES), 1, "multi-row INSERT is one write");
    plain = strdup(query_row(con, "SELECT id, v, d, n FROM bench_t "
                                  "WHERE id = 2"));
    st    = prep(con, "SELECT id, v, d, n FROM bench_t WHERE id = ?");
    rs    = exec1(st, 2);
    snprintf(msg, sizeof(msg), "%s: prepared result has 4 fields", name);
    ok(rs && rs->nfields == 4, msg);
    snprintf(msg, sizeof(msg), "%s: prepared row equals the plain one", name);
    is_str(row_text(rs), plain, msg);
    rs = exec1(st, 1);
    is_str(row_text(rs), "1|one|1.25|NULL", "prepared NULL value");
    free((char *) plain);
    rs = run(con, "SELECT id FROM bench_t ORDER BY id");
    is_str(row_text(rs), "1", "fetch first of three rows");
    rs = exec1(st, 3);
    is_str(row_text(rs), "3|NULL|0|3", "unfetched rows were discarded");
    rs = run(con, "SELECT id FROM bench_t ORDER BY id");
    is_int(db_store_results(rs), 0, "store results");
    is_int(rs->nrows, 3, "nrows exact after store");
    is_str(row_text(rs), "1", "stored rows fetch in order");
    ok(run(con, "UPDATE bench_t SET n = 1 WHERE id = 99") == NULL &&
           con->error == DB_ERROR_NONE,
       "UPDATE matching nothing");
    db_stmt_free(st);
    st = prep(con, "SELECT ? + 0");
    snprintf(msg, sizeof(msg), "%s: smallest BIGINT parameter", name);
    is_str(row_text(exec1(st, INT64_MIN)), "-9223372036854775808", msg);
    snprintf(msg, sizeof(msg), "%s: zero parameter", name);
    is_str(row_text(exec1(st, 0)), "0", msg);
    db_stmt_free(st);
}

static void check_bulk(sql_connection *con)
{
    char row[64];
    const char *prefix = "INSERT INTO bench_t (id, v) VALUES ";

    run(con, "DELETE FROM bench_t");
    db_bulk_insert_init(con, prefix, strlen(prefix));
    for (int i = 0; i < 30000; i++) {
        int n = snprintf(row, sizeof(row), "(%d,'row %d')", i, i);
        db_bulk_insert_next(con, row, (size_t) n);
    }
    is_int(db_bulk_insert_done(con), 0, "bulk insert done");
    is_str(query_row(con, "SELECT COUNT(*) FROM bench_t"), "30000",
           "bulk insert rows arrived");
}

/* An unnamed statement, executed (MariaDB: its handle open), outliving
 * its connection: its execute fails with the ALERT, its free is safe
 * (ASan's database step runs this). */
static void check_unnamed_outlived(const char *name, const char *sel)
{
    sql_connection *c2 = db_connection_create(drv);
    sql_statement *st =
        c2 ? bench_db_prepare_unnamed(c2, sel, strlen(sel)) : NULL;
    char msg[128];
    const char *out;
    sql_result *rs;

    snprintf(msg, sizeof(msg), "%s: unnamed statement on a second connection",
             name);
    ok(st && strcmp(row_text(exec1(st, 12)), "12|row 12") == 0, msg);
    if (!st) {
        if (c2) db_connection_free(c2);
        return;
    }
    db_connection_free(c2);
    capture_begin();
    rs  = exec1(st, 13);
    out = capture_end();
    snprintf(msg, sizeof(msg),
             "%s: unnamed statement after its connection: fails, ALERT", name);
    ok(rs == NULL && strstr(out, "already closed connection") != NULL, msg);
    db_stmt_free(st);
}

/* Unnamed statements (bench_db_prepare_unnamed): rows and writes as a
 * prepared statement's, executed again with other values, and no more
 * than `held_max` statements prepared on the server (`held` counts
 * them); `prepares` (NULL: not known) counts the prepares the server
 * has received, one per execute. */
static void check_unnamed(sql_connection *con, const char *name,
                          const char *held, const char *held_max,
                          const char *prepares)
{
    const char *sel = "SELECT id, v FROM bench_t WHERE id = ?";
    const char *upd = "UPDATE bench_t SET n = ? WHERE id = 5";
    char msg[128], *before;
    sql_statement *st;
    sql_result *rs;
    uint64_t writes;

    before = strdup(prepares ? query_row(con, prepares) : "0");
    st     = bench_db_prepare_unnamed(con, sel, strlen(sel));
    snprintf(msg, sizeof(msg), "%s: unnamed statement made", name);
    ok(st != NULL, msg);
    if (!st) return;
    snprintf(msg, sizeof(msg), "%s: its execute's row", name);
    is_str(row_text(exec1(st, 7)), "7|row 7", msg);
    snprintf(msg, sizeof(msg), "%s: executed again, another row", name);
    is_str(row_text(exec1(st, 8)), "8|row 8", msg);
    rs = exec1(st, 9);
    snprintf(msg, sizeof(msg), "%s: at most %s held on the server", name,
             held_max);
    is_str(query_row(con, held), held_max, msg);
    snprintf(msg, sizeof(msg), "%s: a result left unread, then another", name);
    ok(rs != NULL && strcmp(row_text(exec1(st, 10)), "10|row 10") == 0, msg);
    if (prepares) {
        snprintf(msg, sizeof(msg), "%s: a prepare per execute (4)", name);
        is_int(atoi(query_row(con, prepares)) - atoi(before), 4, msg);
    }
    free(before);
    /* a reconnect replaces the server side: the next execute sets the
     * statement up again on the new connection */
    snprintf(msg, sizeof(msg), "%s: unnamed statement after a reconnect", name);
    ok(db_connection_reconnect(con) == 0 &&
           strcmp(row_text(exec1(st, 11)), "11|row 11") == 0,
       msg);
    db_stmt_free(st);
    check_unnamed_outlived(name, sel);
    st     = bench_db_prepare_unnamed(con, upd, strlen(upd));
    writes = stats_read(0, STAT_WRITES);
    snprintf(msg, sizeof(msg), "%s: unnamed UPDATE is a write", name);
    ok(st && exec1(st, 42) == NULL && con->error == DB_ERROR_NONE &&
           stats_read(0, STAT_WRITES) == writes + 1,
       msg);
    snprintf(msg, sizeof(msg), "%s: the UPDATE's value arrived", name);
    is_str(query_row(con, "SELECT n FROM bench_t WHERE id = 5"), "42", msg);
    if (st) db_stmt_free(st);
}

/* Kills a session from another connection: `sql` + `id` + `tail`. */
static void kill_session(sql_connection *killer, const char *sql,
                         const char *id, const char *tail)
{
    char buf[128];

    snprintf(buf, sizeof(buf), "%s%s%s", sql, id, tail);
    run(killer, buf);
    usleep(100000);
}

/* -- MySQL ------------------------------------------------------------- */

static void mysql_connect_errors(void)
{
    char want[1024];
    const char *out;
    sql_connection *con;

    setup("mysql", "BENCH_TEST_MYSQL", "--mysql-password=wrong-pw");
    capture_begin();
    con = db_connection_create(drv);
    out = capture_end();
    ok(con == NULL, "mysql: wrong password fails");
    /* sysbench's two lines; bench's line on what was tried comes where
     * the command ends (db_done), never inside the SQL API (PD-13). */
    snprintf(want, sizeof(want),
             "FATAL: unable to connect to MySQL server on host "
             "'127.0.0.1', port %s, aborting...\n"
             "FATAL: error 1045: Access denied for user 'sbtest'@"
             "'127.0.0.1' (using password: YES)\n",
             server_port("BENCH_DB_MY_PORT", "13306"));
    is_str(out, want, "mysql: wrong password FATAL lines");
    ok(strstr(out, "wrong-pw") == NULL, "mysql: password not printed");
    capture_begin();
    db_done();
    out = capture_end();
    snprintf(want, sizeof(want),
             "FATAL: mysql: connect to 127.0.0.1:%s as user 'sbtest': is "
             "the server running and reachable there, the password right "
             "(--mysql-password), and does the database 'sbtest' exist "
             "(--mysql-db)?\n",
             server_port("BENCH_DB_MY_PORT", "13306"));
    is_str(out, want, "mysql: the hint where the command ends");
    setup("mysql", "BENCH_TEST_MYSQL", "--mysql-user=sbtest_tls");
    capture_begin();
    con = db_connection_create(drv);
    out = capture_end();
    ok(con == NULL && strstr(out, "error 1045"), "mysql: TLS user needs TLS");
}

static void mysql_tls(void)
{
    char extra[1024];
    sql_connection *con;

    snprintf(extra, sizeof(extra),
             "--mysql-user=sbtest_tls "
             "--mysql-ssl=VERIFY_CA --mysql-ssl-ca=%s",
             getenv("BENCH_TEST_SSL_CA"));
    setup("mysql", "BENCH_TEST_MYSQL", extra);
    con = db_connection_create(drv);
    ok(con != NULL, "mysql: VERIFY_CA connection");
    if (con)
        ok(strncmp(query_row(con, "SHOW STATUS LIKE 'Ssl_cipher'"),
                   "Ssl_cipher|TLS", 14) == 0,
           "mysql: session uses TLS");
    else
        ok(0, "mysql: session uses TLS");
    db_connection_free(con);
}

static void mysql_multi(sql_connection *con)
{
    sql_result *rs = run(con, "SELECT 1; SELECT 2, 3");
    sql_statement *st, *call;

    is_str(row_text(rs), "1", "mysql: first result set");
    ok(db_more_results(con), "mysql: more results");
    rs = db_next_result(con);
    is_str(row_text(rs), "2|3", "mysql: second result set");
    ok(!db_more_results(con), "mysql: no more results");
    run(con, "SELECT 4; SELECT 5");
    is_str(query_row(con, "SELECT 6"), "6",
           "mysql: unread result sets do not block the next query");
    st = prep(con, "SELECT ? + 1");
    run(con, "SELECT 7; SELECT 8");
    is_str(row_text(exec1(st, 8)), "9",
           "mysql: unread result sets do not block a prepared statement");
    run(con, "DROP PROCEDURE IF EXISTS bench_live_two");
    run(con, "CREATE PROCEDURE bench_live_two() BEGIN SELECT 1; SELECT 2; END");
    call = prep(con, "CALL bench_live_two()");
    is_str(row_text(db_execute(call)), "1",
           "mysql: prepared CALL, first result");
    is_str(row_text(exec1(st, 9)), "10",
           "mysql: a CALL's unread results do not block the next statement");
    is_str(row_text(db_execute(call)), "1", "mysql: prepared CALL again");
    is_str(query_row(con, "SELECT 11"), "11",
           "mysql: a CALL's unread results do not block the next query");
    db_stmt_free(call);
    run(con, "DROP PROCEDURE bench_live_two");
    db_stmt_free(st);
}

static void mysql_kill(const char *ignore, bool expect_fatal)
{
    sql_connection *a, *b;
    sql_statement *st;
    char id[32], extra[128];
    const char *out;

    snprintf(extra, sizeof(extra), "--mysql-ignore-errors=%s", ignore);
    setup("mysql", "BENCH_TEST_MYSQL", extra);
    a  = db_connection_create(drv);
    b  = db_connection_create(drv);
    st = prep(a, "SELECT ? + 1");
    snprintf(id, sizeof(id), "%s", query_row(a, "SELECT CONNECTION_ID()"));
    kill_session(b, "KILL ", id, "");
    capture_begin();
    run(a, "SELECT 1");
    out = capture_end();
    if (expect_fatal) {
        is_int(a->error, DB_ERROR_FATAL, "mysql: killed session is fatal");
        ok(strstr(out, "FATAL: mysql_drv_query() returned error 20") == out,
           "mysql: fatal message for the lost connection");
    } else {
        is_int(a->error, DB_ERROR_IGNORABLE, "mysql: kill ignored");
        is_int(stats_read(0, STAT_RECONNECTS), 1, "mysql: reconnect counted");
        is_str(row_text(exec1(st, 41)), "42",
               "mysql: statement works after reconnect");
    }
    db_stmt_free(st);
    db_connection_free(a);
    db_connection_free(b);
}

static void mysql_stmt_limit(sql_connection *con)
{
    sql_statement *st[3];
    const char *out;

    run(con, "SET GLOBAL max_prepared_stmt_count = 0");
    capture_begin();
    st[0] = prep(con, "SELECT ? * 2");
    st[1] = prep(con, "SELECT ? * 3");
    out   = capture_end();
    ok(st[0] && st[1], "mysql: statements beyond the limit still work");
    ok(strncmp(out, "WARNING: mysql: the server refuses more prepared", 48) ==
               0 &&
           strchr(out, '\n') == out + strlen(out) - 1,
       "mysql: one warning");
    is_str(row_text(exec1(st[1], 5)), "15", "mysql: emulated execute");
    run(con, "SET GLOBAL max_prepared_stmt_count = 16382");
    st[2] = prep(con, "SELECT ?");
    ok(st[2] && db_stmt_of(st[2])->emulated,
       "mysql: the connection stays emulated");
    for (int i = 0; i < 3; i++)
        db_stmt_free(st[i]);
}

/* MY-6: no server contact, everything succeeds and counts as "other". */
static void mysql_dry_run(void)
{
    sql_connection *con;
    sql_statement *st;

    setup("mysql", "BENCH_TEST_MYSQL",
          "--mysql-dry-run --mysql-host=nonexistent.invalid");
    con = db_connection_create(drv);
    ok(con != NULL, "mysql dry run: connect without a server");
    ok(run(con, "SELECT 1") == NULL && con->error == DB_ERROR_NONE,
       "mysql dry run: query succeeds without a result");
    st = prep(con, "UPDATE t SET a = ?");
    ok(exec1(st, 1) == NULL && con->error == DB_ERROR_NONE,
       "mysql dry run: statement succeeds");
    is_int(stats_read(0, STAT_OTHER), 2, "mysql dry run: all counted as other");
    db_stmt_free(st);
    db_connection_free(con);
}

static void test_mysql(void)
{
    sql_connection *con;

    if (!getenv("BENCH_TEST_MYSQL")) {
        printf("# SKIP mysql: BENCH_TEST_MYSQL unset\n");
        return;
    }
    mysql_dry_run();
    mysql_connect_errors();
    setup("mysql", "BENCH_TEST_MYSQL", NULL);
    con = db_connection_create(drv);
    ok(con != NULL, "mysql: connect");
    if (!con) return;
    check_data(con, "mysql",
               "SELECT 1, NULL, 'abc', 1.5e0, CAST('2024-01-02' AS DATE)",
               "1|NULL|abc|1.5|2024-01-02");
    check_bulk(con);
    /* (the session's prepares less its closes: the last execute's
     * statement is closed by the next execute) */
    check_unnamed(con, "mysql",
                  "SELECT p.VARIABLE_VALUE - c.VARIABLE_VALUE FROM "
                  "information_schema.SESSION_STATUS p, "
                  "information_schema.SESSION_STATUS c WHERE p.VARIABLE_NAME "
                  "= 'COM_STMT_PREPARE' AND c.VARIABLE_NAME = 'COM_STMT_CLOSE'",
                  "1",
                  "SELECT VARIABLE_VALUE FROM information_schema.SESSION_STATUS"
                  " WHERE VARIABLE_NAME = 'COM_STMT_PREPARE'");
    mysql_multi(con);
    mysql_stmt_limit(con);
    run(con, "DROP TABLE bench_t");
    db_connection_free(con);
    mysql_tls();
    mysql_kill("1213", true);
    mysql_kill("2013,2006", false);
}

/* -- PostgreSQL -------------------------------------------------------- */

static void pgsql_connect_errors(void)
{
    char want[1024];
    const char *port;
    const char *out;
    sql_connection *con;

    setup("pgsql", "BENCH_TEST_PGSQL", "--pgsql-password=wrong-pw");
    capture_begin();
    con = db_connection_create(drv);
    out = capture_end();
    ok(con == NULL, "pgsql: wrong password fails");
    port = server_port("BENCH_DB_PG_PORT", "15432");
    snprintf(want, sizeof(want),
             "FATAL: Connection to database failed: connection to server "
             "at \"127.0.0.1\", port %s failed: FATAL:  password "
             "authentication failed for user \"sbtest\"\n"
             "connection to server at \"127.0.0.1\", port %s failed: "
             "FATAL:  password authentication failed for user "
             "\"sbtest\"\n\n", /* sslmode=prefer tries twice */
             port, port);
    is_str(out, want, "pgsql: wrong password FATAL line");
    ok(strstr(out, "wrong-pw") == NULL, "pgsql: password not printed");
    capture_begin();
    db_done();
    out = capture_end();
    snprintf(want, sizeof(want),
             "FATAL: pgsql: connect to 127.0.0.1:%s as user 'sbtest': is "
             "the server running and reachable there, the password right "
             "(--pgsql-password), and does the database 'sbtest' exist "
             "(--pgsql-db)?\n",
             port);
    is_str(out, want, "pgsql: the hint where the command ends");
}

static void pgsql_tls(void)
{
    char extra[1024];
    sql_connection *con;

    setup("pgsql", "BENCH_TEST_PGSQL",
          "--pgsql-user=sbtest_tls --pgsql-sslmode=disable");
    capture_begin();
    con = db_connection_create(drv);
    capture_end();
    ok(con == NULL, "pgsql: TLS user refused without TLS");
    snprintf(extra, sizeof(extra),
             "--pgsql-user=sbtest_tls "
             "--pgsql-sslmode=verify-full --pgsql-sslrootcert=%s",
             getenv("BENCH_TEST_SSL_CA"));
    setup("pgsql", "BENCH_TEST_PGSQL", extra);
    con = db_connection_create(drv);
    ok(con != NULL, "pgsql: verify-full connection");
    if (con)
        is_str(query_row(con, "SELECT ssl FROM pg_stat_ssl "
                              "WHERE pid = pg_backend_pid()"),
               "t", "pgsql: session uses TLS");
    db_connection_free(con);
}

static void pgsql_errors(sql_connection *con)
{
    run(con, "BEGIN");
    run(con, "INSERT INTO bench_t (id) VALUES (1)");
    run(con, "INSERT INTO bench_t (id) VALUES (1)");
    is_int(con->error, DB_ERROR_IGNORABLE, "pgsql: 23505 ignorable");
    is_int(con->sql_errno, 0, "pgsql: sql_errno is 0");
    is_str(con->sql_state, "23505", "pgsql: sql_state");
    is_str(query_row(con, "SELECT 1"), "1", "pgsql: rolled back, usable");
}

static void pgsql_kill(const char *ignore, bool expect_fatal)
{
    sql_connection *a, *b;
    sql_statement *st;
    char id[32], extra[128];
    const char *out;

    snprintf(extra, sizeof(extra), "--pgsql-ignore-errors=%s", ignore);
    setup("pgsql", "BENCH_TEST_PGSQL", extra);
    a  = db_connection_create(drv);
    b  = db_connection_create(drv);
    st = prep(a, "SELECT ?::int + 1");
    is_str(row_text(exec1(st, 1)), "2", "pgsql: prepared before kill");
    snprintf(id, sizeof(id), "%s", query_row(a, "SELECT pg_backend_pid()"));
    kill_session(b, "SELECT pg_terminate_backend(", id, ")");
    capture_begin();
    run(a, "SELECT 1");
    out = capture_end();
    if (expect_fatal) {
        is_int(a->error, DB_ERROR_FATAL, "pgsql: killed session is fatal");
        ok(strstr(out, "FATAL: PQexec() failed: 7 ") == out,
           "pgsql: fatal message for the lost connection");
    } else {
        is_int(a->error, DB_ERROR_IGNORABLE, "pgsql: kill ignored");
        is_int(stats_read(0, STAT_RECONNECTS), 1, "pgsql: reconnect counted");
        is_str(row_text(exec1(st, 41)), "42",
               "pgsql: statement works after reconnect");
    }
    db_stmt_free(st);
    db_connection_free(a);
    db_connection_free(b);
}

static void pgsql_hosts(void)
{
    sql_connection *con[2];

    char ports[64];

    snprintf(ports, sizeof(ports), "--pgsql-port=%s,1",
             server_port("BENCH_DB_PG_PORT", "15432"));
    setup("pgsql", "BENCH_TEST_PGSQL", ports);
    capture_begin();
    con[0] = db_connection_create(drv);
    con[1] = db_connection_create(drv);
    capture_end();
    ok(con[0] != NULL && con[1] == NULL, "pgsql: ports rotate");
    db_connection_free(con[0]);
}

static void test_pgsql(void)
{
    sql_connection *con;

    if (!getenv("BENCH_TEST_PGSQL")) {
        printf("# SKIP pgsql: BENCH_TEST_PGSQL unset\n");
        return;
    }
    pgsql_connect_errors();
    setup("pgsql", "BENCH_TEST_PGSQL", NULL);
    con = db_connection_create(drv);
    ok(con != NULL, "pgsql: connect");
    if (!con) return;
    check_data(con, "pgsql",
               "SELECT 1, NULL, 'abc', 1.5::float8, DATE '2024-01-02'",
               "1|NULL|abc|1.5|2024-01-02");
    check_bulk(con);
    /* (pg_prepared_statements lists the session's named statements, never
     * the unnamed one; the server counts no prepares: sql_workload.sh
     * reads `execute <unnamed>` in its log) */
    check_unnamed(con, "pgsql", "SELECT COUNT(*) FROM pg_prepared_statements",
                  "0", NULL);
    pgsql_errors(con);
    run(con, "DROP TABLE bench_t");
    db_connection_free(con);
    pgsql_tls();
    pgsql_hosts();
    pgsql_kill("40P01", true);
    pgsql_kill("57P01,08", false);
}

int main(void)
{
    if (!getenv("BENCH_TEST_MYSQL") && !getenv("BENCH_TEST_PGSQL")) {
        printf("1..0 # SKIP BENCH_TEST_MYSQL and BENCH_TEST_PGSQL unset "
               "(eval \"$(tests/db/servers.sh env)\")\n");
        return 0;
    }
    test_mysql();
    test_pgsql();
    db_done();
    options_free(opts);
    stats_fini();
    return done_testing();
}
