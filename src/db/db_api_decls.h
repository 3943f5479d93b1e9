/* SPDX-License-Identifier: MIT */
/* db_api_decls.h: the SQL API that Lua reaches through the FFI (sysbench's
 * names, types and field order: scripts see them as sysbench.sql objects).
 * Plain declarations only, no preprocessor lines: db.h compiles this text
 * and bench/sql.lua passes the same text to ffi.cdef. Needs stdint.h,
 * stddef.h and stdbool.h types. Every struct below is the public head of a
 * larger object that db.c allocates; Lua never allocates one, except
 * sql_bind arrays. Conventions are in db.h. */

typedef enum {
    DB_ERROR_NONE,      /* no error */
    DB_ERROR_IGNORABLE, /* ignored by the error lists: restart the event */
    DB_ERROR_FATAL,     /* not ignorable */
    DB_ERROR_PENDING    /* bench: a non-blocking call waits (below) */
} sql_error_t;

typedef enum {
    SQL_TYPE_NONE,
    SQL_TYPE_TINYINT,
    SQL_TYPE_SMALLINT,
    SQL_TYPE_INT,
    SQL_TYPE_BIGINT,
    SQL_TYPE_FLOAT,
    SQL_TYPE_DOUBLE,
    SQL_TYPE_TIME,
    SQL_TYPE_DATE,
    SQL_TYPE_DATETIME,
    SQL_TYPE_TIMESTAMP,
    SQL_TYPE_CHAR,
    SQL_TYPE_VARCHAR
} sql_bind_type_t;

/* Buffer of a DATE, TIME, DATETIME or TIMESTAMP parameter. */
typedef struct sql_time {
    unsigned int year, month, day, hour, minute, second;
} sql_time;

typedef struct sql_driver {
    const char *sname; /* --db-driver name, e.g. "mysql" */
    const char *lname; /* e.g. "MySQL driver" */
} sql_driver;

typedef struct sql_value {
    uint32_t len;    /* bytes at ptr */
    const char *ptr; /* NULL for SQL NULL */
} sql_value;

typedef struct sql_row {
    void *ptr;         /* driver data */
    sql_value *values; /* nfields entries, valid until the next fetch */
} sql_row;

typedef struct sql_connection {
    sql_error_t error;      /* outcome of the last call */
    int sql_errno;          /* native error code (0 on PostgreSQL) */
    const char *sql_state;  /* SQLSTATE of the last error, or NULL */
    const char *sql_errmsg; /* message of the last error, or NULL */
    sql_driver *driver;
} sql_connection;

typedef struct sql_statement {
    sql_connection *connection;
} sql_statement;

typedef struct sql_result {
    int counter;              /* sb_counter_type: SB_CNT_READ/WRITE/OTHER */
    uint32_t nrows;           /* affected rows, or rows (see db.h) */
    uint32_t nfields;         /* columns of a result set */
    sql_statement *statement; /* statement that produced it, or NULL */
    void *ptr;                /* driver data */
    sql_row row;              /* last fetched row */
    uint32_t gen; /* bench's: bumped by every call that ends this result
                     and when its connection is freed (see db.h) */
} sql_result;

/* A parameter: `buffer` holds int8..int64 / float / double by type, the
 * bytes of a CHAR/VARCHAR (data_len of them), or an sql_time. */
typedef struct sql_bind {
    sql_bind_type_t type;
    void *buffer;
    unsigned long *data_len;
    unsigned long max_len;
    char *is_null; /* NULL or points to 0: not null */
} sql_bind;

sql_driver *db_create(const char *name);
int db_destroy(sql_driver *drv);

sql_connection *db_connection_create(sql_driver *drv);
int db_connection_close(sql_connection *con);
int db_connection_reconnect(sql_connection *con);
void db_connection_free(sql_connection *con);
/* bench: the calling thread's last failed connect (db_connection_create,
 * bench_db_connect_nb) raised an error its script catches, so bench adds
 * no hint for it when the command ends (PD-13; db.c). */
void bench_db_connect_caught(void);

int db_bulk_insert_init(sql_connection *con, const char *query, size_t len);
int db_bulk_insert_next(sql_connection *con, const char *row, size_t len);
int db_bulk_insert_done(sql_connection *con);
/* bench's addition: appends the row pattern[0..len) with each "%d" replaced
 * by the next of ints[0..n_ints) in decimal and each '#' / '@' by a random
 * digit / letter as sb_rand_str does; other bytes are copied. The cheap way
 * to load generated rows (no Lua string per row). 0 ok, 1 error. */
int db_bulk_insert_next_rand(sql_connection *con, const char *pattern,
                             size_t len, const int64_t *ints, size_t n_ints);

/* bench's bulk loading (docs/bulk-load.md), one load at a time per
 * connection: rows go to `table` (columns: its comma-separated column
 * list) by the driver's native path (COPY FROM STDIN, LOAD DATA LOCAL
 * INFILE, prepared inserts in large transactions) or by multi-row INSERTs
 * sized to the server's packet limit. `method`: BENCH_LOAD_AUTO takes the
 * native path when the server allows it, else INSERTs with one notice;
 * NATIVE fails when it is refused; INSERT never tries it. Returns the
 * method in use (NATIVE or INSERT), or -1 with the error on `con` (SQL
 * errors classified as any query's; FATAL lines printed). BENCH_LOAD_FRESH
 * may be or-ed into `method`: `con` created `table` (empty) in the
 * transaction it has open, so the rows are nobody else's until it commits
 * (driver.h's db_load.fresh). */
typedef enum {
    BENCH_LOAD_AUTO,
    BENCH_LOAD_NATIVE,
    BENCH_LOAD_INSERT,
    BENCH_LOAD_FRESH = 16
} bench_load_method;
int bench_db_load_start(sql_connection *con, const char *table,
                        const char *columns, int method);
/* One row of n values (ptr NULL: SQL NULL). 0 ok, 1 error (the load is
 * over: call bench_db_load_end to release it). */
int bench_db_load_values(sql_connection *con, const sql_value *vals, size_t n);
/* One row from a bulk_insert_next_rand pattern: a parenthesised list of
 * numbers, "%d"s and quoted literals ('' for a quote) whose '#' and '@'
 * become random digits and letters, drawing exactly what
 * db_bulk_insert_next_rand draws; preceded by the field `id` when id >= 0.
 * 0 ok, 1 error. */
int bench_db_load_rand(sql_connection *con, int64_t id, const char *pattern,
                       size_t len, const int64_t *ints, size_t n_ints);
/* `count` rows of ids first_id, first_id + 1, ...: for each, k =
 * sb_rand_default(1, k_max), then what bench_db_load_rand(con, -1,
 * pattern, len, {id, k}, 2) adds when draw_with_id, else
 * bench_db_load_rand(con, id, pattern, len, {k}, 1): the same draws and
 * rows, generated in C (oltp's prepare: no call from Lua per row). 0 ok,
 * 1 error. */
int bench_db_load_rand_rows(sql_connection *con, int64_t first_id,
                            uint64_t count, const char *pattern, size_t len,
                            uint32_t k_max, bool draw_with_id);
/* Ends the load: sends what is buffered and commits. 0 ok, 1 error (the
 * load is abandoned and released either way). *rows: rows loaded. */
int bench_db_load_end(sql_connection *con, uint64_t *rows);
/* Draws what `rows` rows of the oltp generator draw (sb_rand_default(1,
 * k_max), then db_bulk_insert_next_rand of `pattern`) and discards them:
 * how a worker loading a slice of a table reaches its first row's values.
 * 0, or -1 when out of memory (nothing drawn). */
int bench_db_load_skip(const char *pattern, size_t len, uint32_t k_max,
                       uint64_t rows);
/* Seeds the calling thread's generator as worker `tid`'s is seeded at the
 * start of a command (rand_thread_init_tid): a worker loading a slice of
 * the table that worker tid loads alone with --threads=--tables. */
void bench_db_load_reseed(int tid);
/* Rows and bytes of load text (or INSERT text) sent by every load of the
 * process so far: the progress line's figures. Any thread. */
uint64_t bench_db_load_total(bool bytes);
/* Starts the progress line of a prepare (stderr, on a terminal only):
 * `tables` tables named <prefix>1.. of `rows` rows each, loaded `group` at
 * a time (1..group together, then the next group, ...), each table in
 * `slices` slices (0: not sliced). A line per group, drawn while it loads,
 * whose summary stays; ended when every row is loaded. Later calls do
 * nothing. Any thread. */
void bench_db_load_progress(const char *prefix, int tables, uint64_t rows,
                            int group, int slices);
/* The rows con sends from now on are table `table`'s (1-based) on the
 * progress line; its group's clock starts with its first table. */
void bench_db_load_table(sql_connection *con, int table);
/* Marks `table` as being filled (busy) or finished: a prepare interrupted
 * by a signal names the tables still marked (db_load_say_incomplete). At
 * most 64 at once; any thread. */
void bench_db_load_mark(const char *table, bool busy);
/* Process-wide counters by name, for the workers loading one table in
 * slices (and ycsb's insert sequence): tally adds one and returns the new
 * value; await waits until the value is at least n: 0, or -1 when the run
 * stops first. Any thread. */
int bench_db_load_tally(const char *key);
int bench_db_load_await(const char *key, int n);
/* The value of counter `key` now (0 when new), -1 when the table is full.
 * ycsb's run shares its insert sequence through these counters. */
int bench_db_load_count(const char *key);
/* Whether `path` is a named pipe (following symlinks), which the workers
 * of a parallel prepare cannot all read from its start (and opening one
 * blocks until a writer comes: another worker may have taken the only
 * one): 1, 0 when it is not, -1 when stat fails (errno). Opens nothing. */
int bench_db_load_is_pipe(const char *path);

/* TPC-C's initial population (clause 4.3.3.1) of the table `table` for
 * warehouse w, the rows made in C (db_load_tpcc.c: no Lua string or call
 * per row) and added to the load con has started for it
 * (bench_db_load_start, in the column order of src/lua/tpcc_load.lua).
 * ORDER_LINE and ORDERS read the lines of each order and ORDERS its
 * customer from ol_cnt and o_c_id, which the script draws beforehand:
 * order o of district d at [(d - 1) * 3000 + o - 1]. `now` is the
 * date-time text of the dates; c_last_load NURand's C for C_LAST. 0 ok,
 * 1 error (on con, as bench_db_load_values's). */
typedef enum {
    BENCH_TPCC_ITEM,
    BENCH_TPCC_STOCK,
    BENCH_TPCC_CUSTOMER,
    BENCH_TPCC_HISTORY,
    BENCH_TPCC_ORDER_LINE,
    BENCH_TPCC_ORDERS,
    BENCH_TPCC_NEW_ORDERS
} bench_tpcc_table;
typedef struct bench_tpcc_rows {
    int table; /* bench_tpcc_table */
    int32_t w;
    const char *now;
    uint32_t c_last_load;
    const int32_t *ol_cnt; /* 5..15 each */
    const int32_t *o_c_id; /* a permutation of 1..3000 per district */
} bench_tpcc_rows;
int bench_db_load_tpcc(sql_connection *con, const bench_tpcc_rows *rows);

/* --use_file's reader of the row file (db_rows_file.c; docs/oltp-additions.md
 * states the bounds): the lines of a regular file, read again from its
 * start after its end, or of a named pipe, kept and replayed from memory
 * once it ends. A line is its bytes up to '\n' or the end, NULs dropped,
 * then one CR at its end, cut to its first BENCH_ROWS_LINE_MAX bytes; a
 * line of more than BENCH_ROWS_RAW_MAX bytes (NULs and the cut part
 * included) is an error, as is keeping more than BENCH_ROWS_KEPT_MAX bytes
 * of a pipe's lines. One reader per thread. */
enum {
    BENCH_ROWS_LINE_MAX = 1024,
    BENCH_ROWS_RAW_MAX  = 1 << 20,
    BENCH_ROWS_KEPT_MAX = 1 << 30
};
struct db_rows_file;
/* Opens `path` (a directory, a device or a socket is refused without being
 * opened; a named pipe's open waits for its writer). `label` names it in
 * messages ("--filename"). NULL on failure, with the message in err (at
 * most err_len bytes, NUL included). */
struct db_rows_file *bench_db_rows_file_open(const char *path,
                                             const char *label, char *err,
                                             size_t err_len);
/* The next line: its length, *line pointing at its bytes (NUL-terminated,
 * valid until the next call or the free); -1 on error, for good (the
 * message: bench_db_rows_file_error). */
int bench_db_rows_file_next(struct db_rows_file *f, const char **line);
/* The error that stopped `f`, or NULL. */
const char *bench_db_rows_file_error(const struct db_rows_file *f);
/* Closes and frees `f` (NULL is fine): Lua's ffi.gc finalizer. */
void bench_db_rows_file_free(struct db_rows_file *f);

sql_result *db_query(sql_connection *con, const char *query, size_t len);
bool db_more_results(sql_connection *con);
sql_result *db_next_result(sql_connection *con);

sql_row *db_fetch_row(sql_result *rs);
int db_store_results(sql_result *rs);
/* rs->nrows made exact: the rest of a streamed result is read into the
 * store first (Lua's `nrows`, as sysbench's buffered results count all
 * rows at once). A result that is no longer current: its last nrows. */
uint32_t db_result_nrows(sql_result *rs);
int db_free_results(sql_result *rs);
/* The connection's result object, current or not (the 1.1 profile's
 * result of a statement that returns no rows; freeing it ALERTs). */
sql_result *bench_db_conn_result(sql_connection *con);
/* For a handle taken when rs->gen was `gen`, now that it differs: true,
 * after an ALERT, when the handle must fail (its connection was freed, or
 * a later call made another result set current); false when the calls
 * above may take it (they ALERT for a closed connection or a result
 * freed, as sysbench). Safe on any handle: connections' memory is
 * recycled, never freed (db.h). */
bool bench_db_result_stale(sql_result *rs, uint32_t gen);

sql_statement *db_prepare(sql_connection *con, const char *query, size_t len);
int db_bind_param(sql_statement *stmt, sql_bind *params, size_t len);
int db_bind_result(sql_statement *stmt, sql_bind *results, size_t len);
sql_result *db_execute(sql_statement *stmt);
sql_result *db_stmt_next_result(sql_statement *stmt);
int db_close(sql_statement *stmt);
/* bench: an unnamed statement (pgbench's -M extended; driver.h's
 * db_stmt.unnamed): used as a prepared one, but nothing is prepared on
 * the server; each execute sends the text and the values in one request.
 * Never waits, so virtual users call it too. NULL with FATAL lines when
 * the driver cannot (an API error). */
sql_statement *bench_db_prepare_unnamed(sql_connection *con, const char *query,
                                        size_t len);
/* Finalizer for ffi.gc: db_close without the ALERT when the connection was
 * closed first (sysbench never closes statements on GC). NULL is fine. */
void db_stmt_free(sql_statement *stmt);

/* bench's non-blocking calls, for bench.sql under --virtual-users
 * (db_async.c). Each behaves as its blocking twin (db_connection_create,
 * bench_db_query_kind, db_execute), falling back to it where the driver
 * has no non-blocking path, except that it may leave the call pending:
 * then it returns NULL with con->error DB_ERROR_PENDING
 * (bench_db_connect_nb: the connection, with that error). bench_db_wait
 * then gives the socket (its return; -1: none, only the deadline), the
 * BENCH_VU_READ/WRITE events to wait for, the socket's id (0: may be new,
 * register it again) and a monotonic deadline (0: none; a connect's
 * timeout, a pause between reconnect attempts); bench_db_resume, once the
 * socket is ready or the deadline passed, continues the call and returns
 * what the twin returns, or NULL and DB_ERROR_PENDING again. A failed
 * connect leaves the connection closed with DB_ERROR_FATAL (its FATAL
 * lines printed); free it. */
sql_connection *bench_db_connect_nb(sql_driver *drv);
sql_result *bench_db_query_nb(sql_connection *con, const char *query,
                              size_t len, int kind);
sql_result *bench_db_execute_nb(sql_statement *stmt);
int bench_db_wait(sql_connection *con, int *events, uint64_t *sock_id,
                  uint64_t *until_ns);
sql_result *bench_db_resume(sql_connection *con);
/* The same for db_prepare and db_close: bench_db_prepare_nb returns the
 * statement, or NULL (failed, or pending: DB_ERROR_PENDING, and once no
 * longer pending bench_db_prepared gives the statement, NULL if it
 * failed); bench_db_close_nb returns 0, the close maybe pending. */
sql_statement *bench_db_prepare_nb(sql_connection *con, const char *query,
                                   size_t len);
sql_statement *bench_db_prepared(sql_connection *con);
int bench_db_close_nb(sql_statement *stmt);
/* db_connection_reconnect's: 0, or 1 (failed) at once; else the
 * reconnect is pending, and once it is not con->error is
 * DB_ERROR_NONE, or DB_ERROR_IGNORABLE when it failed. */
int bench_db_reconnect_nb(sql_connection *con);

/* bench's statement kinds (detail.h; docs/results.md "Statement kinds"):
 * the id of a kind name or a script's own label, registered on first use
 * (once per label, not per query); db_query with the kind `kind` (-1: from
 * the text); the kind a statement's executions count in. The kind only
 * matters while bench measures (--extended-report=on, machine formats). */
unsigned bench_db_kind_id(const char *name);
sql_result *bench_db_query_kind(sql_connection *con, const char *query,
                                size_t len, int kind);
void bench_db_stmt_set_kind(sql_statement *stmt, unsigned kind);
/* A transaction as a kind (tpcc.lua): bench_db_ticks() is a timestamp
 * taken at its start; bench_db_span(con, t0) just before the query that
 * ends it (con:query's COMMIT, labelled with the transaction's kind)
 * makes that query count in its kind with the time since t0, not its
 * own. Taken by the next query on con; nothing while bench does not
 * measure. Worker thread of con. */
uint64_t bench_db_ticks(void);
void bench_db_span(sql_connection *con, uint64_t t0);
/* db_execute for a worker while bench measures with the TSC (detail.h):
 * the same call, timed inline; bench_db_timed_tsc says whether it applies
 * to this run's workers, so bench.sql chooses once, not per query. Any
 * other statement it is given takes db_execute's path. One difference:
 * a result set without columns (PostgreSQL's SELECT FROM t) is NULL here
 * too, still the connection's current result (bench_db_conn_result), so
 * that a non-NULL result needs no test of its columns in Lua. */
sql_result *bench_db_execute_tsc(sql_statement *stmt);
bool bench_db_timed_tsc(void);

/* Test hooks of the null driver (src/drivers/null.c). Set up from one
 * thread before workers run; the log is safe to append from any thread.
 * Recording is off by default, so the null driver costs nothing. */
void bench_null_record(bool on);
const char *bench_null_log(void); /* one statement per line */
void bench_null_clear(void);      /* empties the log */
/* Queries and statements whose text starts with `prefix` return `rows`:
 * fields separated by '\t', rows by '\n', \N for NULL; the first line
 * holds the number of fields. NULL prefix removes all rules. 0 ok. */
int bench_null_result(const char *prefix, const char *rows);
/* The next `times` calls whose text starts with `prefix` ("<connect>" for
 * connecting, "<prepare> SQL" for a server-side prepare) fail with this
 * error. NULL prefix removes all. 0 ok. */
int bench_null_fail(const char *prefix, int code, const char *sqlstate,
                    bool conn_lost, unsigned times);
