/* SPDX-License-Identifier: MIT */
/* db: the driver-neutral SQL layer. One copy of: driver lookup and one-time
 * initialisation, connections and their round-robin targets, the current
 * result of a connection, read/write/other counting, error classification
 * (ignore lists, reconnects), prepared-statement emulation and bulk inserts.
 * It knows no driver by name: drivers.c lists them.
 *
 * Two faces:
 *  - the sysbench-named FFI API in db_api_decls.h (sql_connection,
 *    db_query, ...), which Lua drives through bench/sql.lua. Conventions
 *    are sysbench's: pointers are NULL on failure with con->error set,
 *    ints are 0 on success. Misuse (closed connection, invalid result)
 *    prints the sysbench ALERT and fails. SQL texts are (ptr, len) and
 *    must also be NUL-terminated at len (Lua strings are).
 *    db_close closes a statement (its driver side) and keeps its memory,
 *    so a later call ALERTs; db_stmt_free (a statement's GC finalizer)
 *    closes it if needed and frees it. db_connection_free detaches the
 *    connection's statements first, so any finalizer order is safe.
 *  - the setup functions below for main/run.
 *
 * Threads: a connection and its statements and result belong to the thread
 * that created them. Driver initialisation is serialised here; everything
 * else needs no lock. Counters go to the worker id set with
 * db_thread_set_id() in the creating thread (background slot if never set).
 *
 * Results (SQL-5): a connection has one current result, reused for every
 * call (no allocation per query). Any next call on the connection or its
 * statements frees it; rows never fetched are discarded by the driver
 * without being buffered. A driver may stream rows (MySQL does): then
 * sql_result.nrows counts the rows fetched so far and is exact once
 * db_fetch_row returned NULL; db_store_results() buffers the rest and
 * makes nrows exact at once, as sysbench's buffered results are.
 *
 * Result handles (issue 12): Lua keeps a plain pointer to a result, which
 * keeps nothing alive. So a connection's memory (with its result) is
 * never given back to malloc: db_connection_free puts it on a process-wide
 * free list that db_connection_create reuses, and bumps sql_result.gen.
 * bench/sql.lua pairs the pointer with the gen it saw; a handle whose gen
 * is no longer the result's is checked by bench_db_result_stale before
 * any use, so a result used after its connection was freed, or after a
 * later call replaced it, fails with a message and never reads freed
 * memory. The free list holds at most as many connections as were open
 * at once. */
#ifndef BENCH_DB_H
#define BENCH_DB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "options.h"

#ifndef BENCH_DB_API_DECLS
#define BENCH_DB_API_DECLS
#pragma GCC visibility push(default)
#include "db_api_decls.h"
#pragma GCC visibility pop
#endif

/* Size of the bulk insert statement buffer, NUL included (INV 8.1). */
#define DB_BULK_BUFFER_SIZE (512 * 1024)

/* "General database options" (--db-driver, --db-ps-mode, --db-debug,
 * --db-ignore-errors), in sysbench's order. */
extern const struct option_def db_options[];

/* Registers the general DB options and, in registry order, every compiled
 * driver's "<name> options" group. Main thread, before parsing.
 * 0 ok, -1 ENOMEM. */
int db_register_options(struct options *o);

/* Prints the database part of --help exactly as sysbench lays it out:
 * general options, "Compiled-in database drivers:", each driver's group.
 * bench's own drivers show in the 1.1 profile, or when `selected` (the
 * --db-driver value, may be NULL) names them. */
void db_print_help(FILE *out, bool profile_m, const char *selected);

/* Prints, after sysbench's part of --help, the drivers db_print_help left
 * out (bench's own, in the 1.0 profile) with their options; nothing when
 * it listed them all. */
void db_print_help_bench(FILE *out, bool profile_m, const char *selected);

/* The i-th compiled-in driver that --help may list (hidden ones, such as
 * null, skipped): its --db-driver name, description and option table
 * (NULL when none). False past the last. Any thread. */
bool db_driver_at(size_t i, const char **name, const char **desc,
                  const struct option_def **options);

/* Whether a driver of that --db-driver name is compiled in (hidden ones
 * too). Any thread. */
bool db_driver_exists(const char *name);

/* For the hints bench prints where it ends a command (PD-13), once the
 * workers are joined: the last driver name db_create was asked for that
 * no driver has (NULL: none), and whether an error that was not ignored
 * said a table does not exist (MySQL 1146 / SQLSTATE 42S02, PostgreSQL
 * 42P01, SQLite "no such table"). The SQL API itself adds nothing: a
 * script may handle the error. */
const char *db_invalid_driver(void);
bool db_missing_table(void);

/* Checks --db-ps-mode (prints "FATAL: Invalid value for db-ps-mode: <v>"
 * when it is neither auto nor disable) and --db-reconnect-timeout (an
 * int >= 0). -1 when one is invalid. */
int db_validate_options(const struct options *o);

/* Gives db.c the option registry the drivers read on first use, and the
 * predicate telling when the run stops (ends reconnect loops; NULL:
 * never). Main thread, before any worker starts; `o` must outlive db_done.
 * Also resets per-process state, so tests may call it again. */
void db_init(const struct options *o, bool (*should_stop)(void));

/* Calls done() of every initialised driver. Main thread, workers joined. */
void db_done(void);

/* Sets the worker id whose counters the calling thread's new connections
 * update. Call at the start of each worker thread. */
void db_thread_set_id(int thread_id);

/* Writes "FATAL: table 'T' left incomplete: run 'cleanup', then prepare
 * again" to fd for every table a prepare marked as being filled
 * (bench_db_load_mark). Async-signal-safe: for the SIGINT handler. */
void db_load_say_incomplete(int fd);

/* True once a driver was initialised: reports then use the SQL format. */
bool db_is_used(void);

/* The --db-driver name of the first driver initialised, or NULL when none
 * was (the result document's "database"). Any thread. */
const char *db_used_driver(void);

/* The server's and the client library's versions the first connection of
 * the process saw (the driver's `version`), or NULL when unknown. Any
 * thread, once a connection was made. */
const char *db_server_version(void);
const char *db_client_version(void);

/* True once a driver that talks to a database server (not in_process)
 * was initialised: the client self-check's warning applies. */
bool db_server_used(void);

/* Whether --db-debug is on (reports print the debug timer blocks). */
bool db_debug_enabled(void);

#endif
