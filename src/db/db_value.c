/* SPDX-License-Identifier: MIT */
/* db_value: see db_value.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db_value.h"

static int format_text(const sql_bind *b, bool literal, char *buf, size_t len)
{
    size_t n =
        b->data_len ? (size_t) *b->data_len : strnlen(b->buffer, b->max_len);
    size_t q = literal ? 1 : 0;

    if (n + 2 * q + 1 > len) return -1;
    if (q) buf[0] = '\'';
    memcpy(buf + q, b->buffer, n);
    if (q) buf[n + 1] = '\'';
    buf[n + 2 * q] = '\0';
    return (int) (n + 2 * q);
}

static int format_time(const sql_bind *b, bool literal, char *buf, size_t len)
{
    const sql_time *t = b->buffer;
    const char *q     = literal ? "'" : "";

    switch (b->type) {
    case SQL_TYPE_DATE:
        return snprintf(buf, len, "%s%u-%u-%u%s", q, t->year, t->month, t->day,
                        q);
    case SQL_TYPE_TIME:
        return snprintf(buf, len, "%s%u:%u:%u%s", q, t->hour, t->minute,
                        t->second, q);
    default:
        return snprintf(buf, len, "%s%u-%u-%u %u:%u:%u%s", q, t->year, t->month,
                        t->day, t->hour, t->minute, t->second, q);
    }
}

const char db_digit_pairs[201] = "0001020304050607080910111213141516171819"
                                 "2021222324252627282930313233343536373839"
                                 "4041424344454647484950515253545556575859"
                                 "6061626364656667686970717273747576777879"
                                 "8081828384858687888990919293949596979899";

/* Decimal text of v: what snprintf("%lld") writes, without the cost of
 * stdio (integers are the parameters of nearly every OLTP query, and
 * PostgreSQL takes each as text). */
int db_format_int(int64_t v, char *buf, size_t len)
{
    uint64_t u = v < 0 ? 0 - (uint64_t) v : (uint64_t) v;
    size_t n   = (size_t) (v < 0) + 1;
    char *p;

    if (u == (uint64_t) v && u < 100000000 && len > 8)
        return db_format_u32_short((uint32_t) u, buf);
    for (uint64_t t = u; t >= 10; t /= 100)
        n += t >= 100 ? 2 : 1;
    if (n + 1 > len) return -1;
    p  = buf + n;
    *p = '\0';
    for (; u >= 100; u /= 100) {
        p -= 2;
        memcpy(p, db_digit_pairs + 2 * (u % 100), 2);
    }
    if (u >= 10) {
        p -= 2;
        memcpy(p, db_digit_pairs + 2 * u, 2);
    } else {
        *--p = (char) ('0' + u);
    }
    if (v < 0) *--p = '-';
    return (int) n;
}

int db_format_value(const sql_bind *b, bool literal, char *buf, size_t len)
{
    int n;

    if (b->is_null && *b->is_null)
        n = snprintf(buf, len, "%s", literal ? "NULL" : "");
    else
        switch (b->type) {
        case SQL_TYPE_TINYINT:
            return db_format_int(*(const int8_t *) b->buffer, buf, len);
        case SQL_TYPE_SMALLINT:
            return db_format_int(*(const int16_t *) b->buffer, buf, len);
        case SQL_TYPE_INT:
            return db_format_int(*(const int32_t *) b->buffer, buf, len);
        case SQL_TYPE_BIGINT:
            return db_format_int(*(const int64_t *) b->buffer, buf, len);
        case SQL_TYPE_FLOAT:
            n = snprintf(buf, len, literal ? "%f" : "%.9g",
                         (double) *(const float *) b->buffer);
            break;
        case SQL_TYPE_DOUBLE:
            n = snprintf(buf, len, literal ? "%f" : "%.17g",
                         *(const double *) b->buffer);
            break;
        case SQL_TYPE_CHAR:
        case SQL_TYPE_VARCHAR:
            return format_text(b, literal, buf, len);
        case SQL_TYPE_DATE:
        case SQL_TYPE_TIME:
        case SQL_TYPE_DATETIME:
        case SQL_TYPE_TIMESTAMP:
            n = format_time(b, literal, buf, len);
            break;
        default: /* sysbench prints nothing for unknown types */
            n = snprintf(buf, len, "%s", "");
            break;
        }
    return (n < 0 || (size_t) n >= len) ? -1 : n;
}

static int text_reserve(char **buf, size_t *cap, size_t n)
{
    size_t c = *cap ? *cap : 256;
    char *t;

    if (n <= *cap) return 0;
    while (c < n)
        c *= 2;
    t = realloc(*buf, c);
    if (!t) return -1;
    *buf = t;
    *cap = c;
    return 0;
}

long db_emulate_sql(const char *sql, size_t len, const sql_bind *binds,
                    size_t nbinds, char **buf, size_t *cap)
{
    size_t j = 0, k = 0;

    if (text_reserve(buf, cap, len + 1) != 0) return -1;
    for (size_t i = 0; i < len; i++) {
        if (sql[i] != '?' || k >= nbinds) {
            if (text_reserve(buf, cap, j + 2) != 0) return -1;
            (*buf)[j++] = sql[i];
            continue;
        }
        for (;;) {
            int n = db_format_value(&binds[k], true, *buf + j, *cap - j);
            if (n >= 0) {
                j += (size_t) n;
                break;
            }
            if (text_reserve(buf, cap, *cap * 2) != 0) return -1;
        }
        k++;
    }
    (*buf)[j] = '\0';
    return (long) j;
}
