/* SPDX-License-Identifier: MIT */
/* db_floor: the client-side floor of prepared statements. It calls
 * libmariadb (or libmysqlclient), libpq and libsqlite3 directly, with nothing
 * between the loop and the library: one connection per thread, statements
 * prepared once, EVENTS events in total with uniformly random ids, each
 * result discarded unread (what the OLTP scripts do with theirs).
 * perf/db_point_select.sh and db_transaction.sh run it beside bench and
 * sysbench: no benchmark client can spend fewer user instructions per
 * query through the same library.
 *
 * Usage: db_floor mysql|pgsql|sqlite HOST PORT USER PASSWORD DB TABLE_SIZE
 *                 THREADS EVENTS [point|fetch|trx]
 * An event is, by workload:
 *   point  `SELECT c FROM sbtest1 WHERE id=?` (the default);
 *   fetch  the same, its row read (bound to a buffer on MySQL, PQgetvalue
 *          on PostgreSQL) before the result is released;
 *   trx    perf/db_transaction.lua's 16 statements: BEGIN, 10 point
 *          selects, simple, SUM, ORDER BY and DISTINCT ranges of 100 rows,
 *          COMMIT.
 *
 * Build (perf/db_point_select.sh does this; either library may be left
 * out): cc -O2 -DFLOOR_MYSQL $(mariadb_config --cflags)
 *           -DFLOOR_PGSQL -I$(pg_config --includedir) -DFLOOR_SQLITE
 *           perf/db_floor.c $(mariadb_config --libs) -lpq -lsqlite3
 *           -lpthread */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef FLOOR_MYSQL
#include <mysql.h>
#endif
#ifdef FLOOR_PGSQL
#include <libpq-fe.h>
#endif
#ifdef FLOOR_SQLITE
#include <sqlite3.h>
#endif

#define RANGE_SIZE 100

enum {
    ST_POINT,
    ST_SIMPLE,
    ST_SUM,
    ST_ORDER,
    ST_DISTINCT,
    ST_BEGIN,
    ST_COMMIT,
    NSTMTS
};

/* MySQL's texts; PostgreSQL's have $1, $2 for the '?'s. */
static const char *const texts[NSTMTS][2] = {
    {"SELECT c FROM sbtest1 WHERE id=?", "SELECT c FROM sbtest1 WHERE id=$1"},
    {"SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ?",
     "SELECT c FROM sbtest1 WHERE id BETWEEN $1 AND $2"},
    {"SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN ? AND ?",
     "SELECT SUM(k) FROM sbtest1 WHERE id BETWEEN $1 AND $2"},
    {"SELECT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c",
     "SELECT c FROM sbtest1 WHERE id BETWEEN $1 AND $2 ORDER BY c"},
    {"SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN ? AND ? ORDER BY c",
     "SELECT DISTINCT c FROM sbtest1 WHERE id BETWEEN $1 AND $2 ORDER BY c"},
    {"BEGIN", "BEGIN"},
    {"COMMIT", "COMMIT"},
};
static const int nparams[NSTMTS] = {1, 2, 2, 2, 2, 0, 0};

enum workload { W_POINT, W_FETCH, W_TRX };

struct job {
    const char *host, *user, *password, *db;
    unsigned port;
    uint32_t table_size;
    unsigned long events;
    enum workload work;
    uint64_t seed;
    int failed;
};

/* xorshift64*: a few instructions per id, so the loop is the library. */
static uint32_t next_id(uint64_t *s, uint32_t n)
{
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return (uint32_t) (((*s * 2685821657736338717ULL) >> 32) % n) + 1;
}

/* One event: calls exec(statement, first id, last id) in order. */
static int run_event(struct job *j,
                     int (*exec)(void *, int, uint32_t, uint32_t), void *ctx)
{
    uint32_t lo;

    if (j->work != W_TRX)
        return exec(ctx, ST_POINT, next_id(&j->seed, j->table_size), 0);
    if (exec(ctx, ST_BEGIN, 0, 0)) return -1;
    for (int i = 0; i < 10; i++)
        if (exec(ctx, ST_POINT, next_id(&j->seed, j->table_size), 0)) return -1;
    for (int st = ST_SIMPLE; st <= ST_DISTINCT; st++) {
        lo = next_id(&j->seed, j->table_size - RANGE_SIZE + 1);
        if (exec(ctx, st, lo, lo + RANGE_SIZE - 1)) return -1;
    }
    return exec(ctx, ST_COMMIT, 0, 0);
}

#ifdef FLOOR_MYSQL
struct my_ctx {
    MYSQL *m;
    MYSQL_STMT *st[NSTMTS];
    int32_t a, b; /* bound to every statement's parameters */
    int fetch;
};

static int my_exec(void *arg, int i, uint32_t a, uint32_t b)
{
    struct my_ctx *x = arg;

    x->a = (int32_t) a;
    x->b = (int32_t) b;
    if (mysql_stmt_execute(x->st[i])) {
        fprintf(stderr, "db_floor: execute: %s\n", mysql_stmt_error(x->st[i]));
        return -1;
    }
    if (x->fetch)
        while (mysql_stmt_fetch(x->st[i]) == 0)
            ;
    mysql_stmt_free_result(x->st[i]); /* discards unread rows */
    return 0;
}

static void *run_mysql(void *arg)
{
    struct job *j   = arg;
    struct my_ctx x = {.fetch = j->work == W_FETCH};
    MYSQL_BIND params[2], col;
    char c[256];
    unsigned long c_len;
    my_bool c_null;

    mysql_thread_init();
    x.m = mysql_init(NULL);
    if (!x.m || !mysql_real_connect(x.m, j->host, j->user, j->password, j->db,
                                    j->port, NULL, 0)) {
        fprintf(stderr, "db_floor: connect: %s\n",
                x.m ? mysql_error(x.m) : "?");
        goto fail;
    }
    memset(params, 0, sizeof(params));
    params[0].buffer_type = params[1].buffer_type = MYSQL_TYPE_LONG;
    params[0].buffer                              = &x.a;
    params[1].buffer                              = &x.b;
    memset(&col, 0, sizeof(col));
    col.buffer_type   = MYSQL_TYPE_STRING;
    col.buffer        = c;
    col.buffer_length = sizeof(c);
    col.length        = &c_len;
    col.is_null       = &c_null;
    for (int i = 0; i < NSTMTS; i++) {
        MYSQL_STMT *st = x.st[i] = mysql_stmt_init(x.m);
        if (!st || mysql_stmt_prepare(st, texts[i][0], strlen(texts[i][0])) ||
            (nparams[i] && mysql_stmt_bind_param(st, params)) ||
            (x.fetch && i == ST_POINT && mysql_stmt_bind_result(st, &col))) {
            fprintf(stderr, "db_floor: prepare: %s\n", mysql_error(x.m));
            goto fail;
        }
    }
    for (unsigned long i = 0; i < j->events; i++)
        if (run_event(j, my_exec, &x)) goto fail;
    for (int i = 0; i < NSTMTS; i++)
        mysql_stmt_close(x.st[i]);
    mysql_close(x.m);
    mysql_thread_end();
    return NULL;
fail:
    j->failed = 1;
    mysql_thread_end();
    return NULL;
}
#endif

#ifdef FLOOR_PGSQL
/* Decimal text of v without stdio (libpq takes parameters as text). */
static const char *itoa_u32(uint32_t v, char *end)
{
    *end = '\0';
    do {
        *--end = (char) ('0' + v % 10);
        v /= 10;
    } while (v);
    return end;
}

struct pg_ctx {
    PGconn *pg;
    char name[NSTMTS][8];
    int fetch;
};

static int pg_exec(void *arg, int i, uint32_t a, uint32_t b)
{
    struct pg_ctx *x = arg;
    char buf[2][16];
    const char *values[2];
    PGresult *res;

    values[0] = itoa_u32(a, buf[0] + sizeof(buf[0]) - 1);
    values[1] = itoa_u32(b, buf[1] + sizeof(buf[1]) - 1);
    res = PQexecPrepared(x->pg, x->name[i], nparams[i], values, NULL, NULL, 0);
    if (PQresultStatus(res) != PGRES_TUPLES_OK &&
        PQresultStatus(res) != PGRES_COMMAND_OK) {
        fprintf(stderr, "db_floor: execute: %s", PQerrorMessage(x->pg));
        PQclear(res);
        return -1;
    }
    if (x->fetch && PQntuples(res) > 0 && !PQgetvalue(res, 0, 0)) return -1;
    PQclear(res);
    return 0;
}

static void *run_pgsql(void *arg)
{
    struct job *j      = arg;
    const char *keys[] = {"host", "port", "user", "password", "dbname", NULL};
    const char *vals[6];
    char port[16];
    struct pg_ctx x = {.fetch = j->work == W_FETCH};
    PGresult *res;

    snprintf(port, sizeof(port), "%u", j->port);
    vals[0] = j->host;
    vals[1] = port;
    vals[2] = j->user;
    vals[3] = j->password;
    vals[4] = j->db;
    vals[5] = NULL;
    x.pg    = PQconnectdbParams(keys, vals, 0);
    if (PQstatus(x.pg) != CONNECTION_OK) {
        fprintf(stderr, "db_floor: connect: %s", PQerrorMessage(x.pg));
        goto fail;
    }
    for (int i = 0; i < NSTMTS; i++) {
        snprintf(x.name[i], sizeof(x.name[i]), "f%d", i);
        res = PQprepare(x.pg, x.name[i], texts[i][1], nparams[i], NULL);
        if (PQresultStatus(res) != PGRES_COMMAND_OK) {
            fprintf(stderr, "db_floor: prepare: %s", PQerrorMessage(x.pg));
            goto fail;
        }
        PQclear(res);
    }
    for (unsigned long i = 0; i < j->events; i++)
        if (run_event(j, pg_exec, &x)) goto fail;
    PQfinish(x.pg);
    return NULL;
fail:
    j->failed = 1;
    return NULL;
}
#endif

#ifdef FLOOR_SQLITE
/* SQLite: DB is the database file, HOST, PORT, USER and PASSWORD are
 * ignored. Opened as bench's driver opens it (multi-thread mode, WAL,
 * synchronous NORMAL), so both pay the same for a read transaction. */
struct sq_ctx {
    sqlite3_stmt *st[NSTMTS];
    int fetch;
};

static int sq_exec(void *arg, int i, uint32_t a, uint32_t b)
{
    struct sq_ctx *x = arg;
    sqlite3_stmt *st = x->st[i];
    int rc;

    if (nparams[i] > 0) sqlite3_bind_int64(st, 1, a);
    if (nparams[i] > 1) sqlite3_bind_int64(st, 2, b);
    rc = sqlite3_step(st);
    if (x->fetch)
        while (rc == SQLITE_ROW) {
            if (sqlite3_column_text(st, 0)) (void) sqlite3_column_bytes(st, 0);
            rc = sqlite3_step(st);
        }
    if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
        fprintf(stderr, "db_floor: execute: %s\n",
                sqlite3_errmsg(sqlite3_db_handle(st)));
        sqlite3_reset(st);
        return -1;
    }
    sqlite3_reset(st); /* discards unread rows */
    return 0;
}

static void *run_sqlite(void *arg)
{
    struct job *j   = arg;
    struct sq_ctx x = {.fetch = j->work == W_FETCH};
    sqlite3 *db     = NULL;

    if (sqlite3_open_v2(j->db, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX,
                        NULL) != SQLITE_OK ||
        sqlite3_exec(db, "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
                     NULL, NULL, NULL) != SQLITE_OK) {
        fprintf(stderr, "db_floor: open %s: %s\n", j->db, sqlite3_errmsg(db));
        goto fail;
    }
    sqlite3_busy_timeout(db, 5000);
    for (int i = 0; i < NSTMTS; i++)
        if (sqlite3_prepare_v3(db, texts[i][0], -1, SQLITE_PREPARE_PERSISTENT,
                               &x.st[i], NULL) != SQLITE_OK) {
            fprintf(stderr, "db_floor: prepare: %s\n", sqlite3_errmsg(db));
            goto fail;
        }
    for (unsigned long i = 0; i < j->events; i++)
        if (run_event(j, sq_exec, &x)) goto fail;
    for (int i = 0; i < NSTMTS; i++)
        sqlite3_finalize(x.st[i]);
    sqlite3_close(db);
    return NULL;
fail:
    j->failed = 1;
    sqlite3_close_v2(db);
    return NULL;
}
#endif

typedef void *(*run_fn)(void *);

/* The workload named by the optional last argument; -1 on a bad usage. */
static int parse_workload(int argc, char **argv, enum workload *work)
{
    *work = W_POINT;
    if (argc == 11 && strcmp(argv[10], "fetch") == 0)
        *work = W_FETCH;
    else if (argc == 11 && strcmp(argv[10], "trx") == 0)
        *work = W_TRX;
    else if (argc != 10 && !(argc == 11 && strcmp(argv[10], "point") == 0))
        return -1;
    return 0;
}

/* The thread body of the driver called NAME; NULL when not built in. */
static run_fn driver_run(const char *name)
{
    run_fn run = NULL;

#ifdef FLOOR_MYSQL
    if (strcmp(name, "mysql") == 0) run = run_mysql;
#endif
#ifdef FLOOR_PGSQL
    if (strcmp(name, "pgsql") == 0) run = run_pgsql;
#endif
#ifdef FLOOR_SQLITE
    if (strcmp(name, "sqlite") == 0) run = run_sqlite;
#endif
    return run;
}

/* Runs RUN on THREADS threads, EVENTS events shared between them, with
 * the connection arguments of argv[2..7]: 1 when a thread failed, 0 when
 * none did, -1 when they could not all be started. */
static int run_threads(run_fn run, char **argv, unsigned threads,
                       unsigned long events, enum workload work)
{
    pthread_t *tids  = calloc(threads, sizeof(*tids));
    struct job *jobs = calloc(threads, sizeof(*jobs));
    int failed       = 0;

    if (!tids || !jobs) return -1;
    for (unsigned t = 0; t < threads; t++) {
        jobs[t] = (struct job){
            .host       = argv[2],
            .port       = (unsigned) strtoul(argv[3], NULL, 10),
            .user       = argv[4],
            .password   = argv[5],
            .db         = argv[6],
            .table_size = (uint32_t) strtoul(argv[7], NULL, 10),
            .events     = events / threads + (t < events % threads),
            .work       = work,
            .seed       = 0x9E3779B97F4A7C15ULL * (t + 1),
        };
        if (pthread_create(&tids[t], NULL, run, &jobs[t]) != 0) return -1;
    }
    for (unsigned t = 0; t < threads; t++) {
        pthread_join(tids[t], NULL);
        failed |= jobs[t].failed;
    }
    free(tids);
    free(jobs);
    return failed;
}

int main(int argc, char **argv)
{
    run_fn run;
    unsigned threads;
    unsigned long events;
    enum workload work;
    int failed;

    if (parse_workload(argc, argv, &work) != 0) {
        fprintf(stderr, "usage: db_floor mysql|pgsql|sqlite HOST PORT USER "
                        "PASSWORD "
                        "DB TABLE_SIZE THREADS EVENTS [point|fetch|trx]\n");
        return 2;
    }
    run = driver_run(argv[1]);
    if (!run) {
        fprintf(stderr, "db_floor: driver '%s' not built in\n", argv[1]);
        return 2;
    }
    threads = (unsigned) strtoul(argv[8], NULL, 10);
    events  = strtoul(argv[9], NULL, 10);
    if (threads == 0 || strtoul(argv[7], NULL, 10) <= RANGE_SIZE) {
        fprintf(stderr, "db_floor: THREADS must be > 0, TABLE_SIZE > %d\n",
                RANGE_SIZE);
        return 2;
    }
#ifdef FLOOR_MYSQL
    if (run == run_mysql && mysql_library_init(0, NULL, NULL)) return 1;
#endif
    failed = run_threads(run, argv, threads, events, work);
    if (failed < 0) return 1;
#ifdef FLOOR_MYSQL
    if (run == run_mysql) mysql_library_end();
#endif
    if (!failed) printf("events: %lu\n", events);
    return failed;
}
