/* SPDX-License-Identifier: MIT */
/* sqlite_driver.h: what the two files of the SQLite driver share: sqlite.c
 * (options, connections, queries, statements, the driver table) and
 * sqlite_load.c (bulk loading). Private to src/drivers. */
#ifndef BENCH_DRIVERS_SQLITE_DRIVER_H
#define BENCH_DRIVERS_SQLITE_DRIVER_H

#include <sqlite3.h>

#include "db/driver.h"

struct sq_conn {
    sqlite3 *db;
    sqlite3_stmt *cur; /* the current result's statement, NULL when none */
    bool owned;        /* cur came from query(): finalize, not reset */
    bool row_ready;    /* the first step's row is not fetched yet */
};

/* Fills c->err from the connection's last error (`rc`, SQLite's message)
 * and returns -1. A constraint violation gets SQLSTATE 23000, as on
 * MySQL (so --db-ignore-errors=23000 works the same). */
int drv_sqlite_error(struct db_conn *c, sqlite3 *db, int rc, const char *func);

/* sqlite_load.c: bulk loading by one prepared INSERT, its rows in
 * transactions of many rows (driver.h load_*). */
int drv_sqlite_load_start(struct db_conn *c, struct db_load *l);
int drv_sqlite_load_rows(struct db_conn *c, struct db_load *l, const char *text,
                         size_t len);
int drv_sqlite_load_end(struct db_conn *c, struct db_load *l, bool commit);

#endif
