/* SPDX-License-Identifier: MIT */
/* db_internal.h: what db.c and db_stmt.c share, and what the unit tests
 * reach. Not for other modules. */
#ifndef BENCH_DB_INTERNAL_H
#define BENCH_DB_INTERNAL_H

#include "db.h"
#include "driver.h"

#define DB_CONTAINER_OF(p, type, member)                                       \
    ((type *) (void *) ((char *) (p) -offsetof(type, member)))

static inline struct db_conn *db_conn_of(sql_connection *pc)
{
    return DB_CONTAINER_OF(pc, struct db_conn, pub);
}

static inline struct db_stmt *db_stmt_of(sql_statement *ps)
{
    return DB_CONTAINER_OF(ps, struct db_stmt, pub);
}

/* Checks that `c` is open (ALERT and error FATAL otherwise) and frees its
 * current result. Resets the error fields and the result for a new call.
 * Returns false when the call must fail. */
bool db_conn_begin(struct db_conn *c);

/* Completes a driver call that returned `rc` into c->rs: counts it,
 * classifies a failure (ignore lists, reconnect, fatal message with `sql`)
 * and returns the result when it is a result set. */
sql_result *db_finish(struct db_conn *c, int rc, enum db_op op,
                      const char *sql);

/* Classifies the error in c->err, counts it, reconnects when it is an
 * ignored connection loss; sets c->pub error fields. */
sql_error_t db_classify(struct db_conn *c, enum db_op op, const char *sql);

/* The driver call to make while c->broken: fails again with the error
 * that broke the connection, so the ignore lists decide again. */
int db_broken_call(struct db_conn *c);

/* Frees the current result (state RESULT_SET -> READY). */
void db_free_current(struct db_conn *c);

/* Grows c->values to `n` entries. 0 ok, -1 ENOMEM. */
int db_values_reserve(struct db_conn *c, uint32_t n);

/* --db-ps-mode=disable */
bool db_ps_disabled(void);

/* Builds the emulated text of `s` with its bound values into c->text.
 * Returns the length, or -1 on ENOMEM. */
long db_emulate_text(struct db_stmt *s);

/* Closes the client side of c's statements and detaches them, so they
 * can be closed after the connection is freed. */
void db_stmts_detach(struct db_conn *c);

#endif
