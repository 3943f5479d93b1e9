/* SPDX-License-Identifier: MIT */
/* db_value: bound values as text, for the db layer and the drivers alike:
 * as SQL literals (prepared-statement emulation, INV 8.1) or as text
 * parameters (PostgreSQL), and the emulated text of a statement. Depends
 * on nothing of bench but the public sql_* types of db_api_decls.h. */
#ifndef BENCH_DB_VALUE_H
#define BENCH_DB_VALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifndef BENCH_DB_API_DECLS
#define BENCH_DB_API_DECLS
#pragma GCC visibility push(default)
#include "db_api_decls.h"
#pragma GCC visibility pop
#endif

/* Formats a bound value: as an SQL literal (emulation, INV 8.1: strings
 * quoted without escaping, NULL as NULL, FLOAT/DOUBLE with %f) when
 * `literal`, else as a text parameter (strings raw, doubles with %.17g).
 * Returns the length written, or -1 when `len` is too small. Never
 * writes more than `len` bytes; NUL-terminates when it fits. */
int db_format_value(const sql_bind *b, bool literal, char *buf, size_t len);

/* The decimal text of `v`, as db_format_value writes an integer: the
 * length, or -1 when `len` is too small. */
int db_format_int(int64_t v, char *buf, size_t len);

/* "00" to "99", for integer text two digits at a time. */
extern const char db_digit_pairs[201];

/* The decimal text of u < 10^8 at buf, which has room for 9 bytes:
 * NUL-terminated, returns the length. Up to 4 digits (the ids, ranges and
 * counts of most OLTP queries) straight-line with one division, longer
 * ones two digits per division: 32-bit arithmetic throughout, cheaper
 * than the general db_format_int. */
static inline int db_format_u32_short(uint32_t u, char *buf)
{
    int n;
    char *p;

    if (u < 100) {
        if (u < 10) {
            buf[0] = (char) ('0' + u);
            buf[1] = '\0';
            return 1;
        }
        __builtin_memcpy(buf, db_digit_pairs + 2 * u, 2);
        buf[2] = '\0';
        return 2;
    }
    if (u < 10000) {
        uint32_t hi = u / 100, lo = u - hi * 100;
        if (hi < 10) {
            buf[0] = (char) ('0' + hi);
            __builtin_memcpy(buf + 1, db_digit_pairs + 2 * lo, 2);
            buf[3] = '\0';
            return 3;
        }
        __builtin_memcpy(buf, db_digit_pairs + 2 * hi, 2);
        __builtin_memcpy(buf + 2, db_digit_pairs + 2 * lo, 2);
        buf[4] = '\0';
        return 4;
    }
    n  = u < 1000000 ? (u < 100000 ? 5 : 6) : (u < 10000000 ? 7 : 8);
    p  = buf + n;
    *p = '\0';
    for (; u >= 100; u /= 100) {
        p -= 2;
        __builtin_memcpy(p, db_digit_pairs + 2 * (u % 100), 2);
    }
    if (u >= 10)
        __builtin_memcpy(p - 2, db_digit_pairs + 2 * u, 2);
    else
        p[-1] = (char) ('0' + u);
    return n;
}

/* db_format_value with the common case inline: a non-NULL BIGINT (every
 * integer parameter of a Lua script is one) skips the type dispatch and
 * its call, and a short non-negative one the general conversion, which
 * cost PostgreSQL's per-query text formatting ~30 instructions each. Same
 * results as db_format_value. */
static inline int db_format_value_fast(const sql_bind *b, bool literal,
                                       char *buf, size_t len)
{
    if (b->type == SQL_TYPE_BIGINT && !(b->is_null && *b->is_null)) {
        int64_t v = *(const int64_t *) b->buffer;
        if ((uint64_t) v < 100000000 && len > 8)
            return db_format_u32_short((uint32_t) v, buf);
        return db_format_int(v, buf, len);
    }
    return db_format_value(b, literal, buf, len);
}

/* `sql` (len bytes) with every '?' replaced by the next of the `nbinds`
 * values as an SQL literal (db_format_value), '?' in string literals too
 * (INV 8.1); a '?' without a value is kept, so the server reports it.
 * Written NUL-terminated to *buf, of capacity *cap, which it grows with
 * realloc (*buf may be NULL with *cap 0). Returns the length, or -1 on
 * ENOMEM (*buf stays valid). */
long db_emulate_sql(const char *sql, size_t len, const sql_bind *binds,
                    size_t nbinds, char **buf, size_t *cap);

#endif
