/* SPDX-License-Identifier: MIT */
/* db_load_tpcc.h: the generator behind bench_db_load_tpcc (db_api_decls.h),
 * apart from the load so that tests/unit/test_tpcc_load.c reads its rows
 * field by field. Private to src/db (and the unit test). */
#ifndef BENCH_DB_LOAD_TPCC_H
#define BENCH_DB_LOAD_TPCC_H

#include <stddef.h>

#include "db.h"

/* The most fields of a row (CUSTOMER's 21) and the most text a row's
 * drawn fields take (CUSTOMER's: at most 16 + 15 + 20 * 3 + 2 + 9 + 16 +
 * 6 + 500 bytes and three integers). */
#define TPCC_FIELDS_MAX 21
#define TPCC_TEXT_MAX   1024

/* Called with each row's n fields (ptr NULL: SQL NULL), valid until it
 * returns; non-zero stops the generation, returned by tpcc_generate. */
typedef int (*tpcc_emit_fn)(void *ctx, const sql_value *fields, size_t n);

/* The rows of spec->table in load order, drawn from the calling thread's
 * generator. 0 when all were emitted, -1 when spec is invalid (an unknown
 * table, an array missing), or what emit returned. */
int tpcc_generate(const bench_tpcc_rows *spec, tpcc_emit_fn emit, void *ctx);

#endif
