/* SPDX-License-Identifier: MIT */
/* db_load_tpcc.c: the rows of TPC-C's large tables at load (clause
 * 4.3.3.1: ITEM, STOCK, CUSTOMER, HISTORY, ORDER-LINE, ORDERS, NEW-ORDER)
 * made in C for src/lua/tpcc_load.lua, which keeps the schema, the small
 * tables and the draws shared between tables (the lines of each order, the
 * permutation of customers). Building these rows in Lua, a string and a
 * call per field, was most of a prepare's client CPU (issue 31); here a
 * row is its fields written into one buffer, handed to the load as
 * bench_db_load_values's row. The fields and their ranges are the
 * script's (tpcc_rand.lua), drawn from the same per-thread generator, so
 * --rand-seed reproduces the population. */
#include <string.h>

#include "db_load_tpcc.h"
#include "db_value.h"
#include "log.h"
#include "rand.h"

#define TPCC_DISTRICTS   10
#define TPCC_CUSTOMERS   3000 /* a district's, and its orders */
#define TPCC_ITEMS       100000
#define TPCC_DELIVERED   2100 /* orders 1..2100 delivered, the last 900 not */
#define TPCC_ASTRING_MAX 500  /* C_DATA's, the longest a-string */

/* An sb_rand_strn pattern of 16 digits. */
static const char digits[] = "################";

/* One row being made: its fields, pointing into text or at constants
 * (the date-time text too: only drawn fields and integers are written to
 * text, whose size TPCC_TEXT_MAX bounds). */
struct tpcc_row {
    sql_value f[TPCC_FIELDS_MAX];
    size_t n;
    char *end; /* the next free byte of text */
    char text[TPCC_TEXT_MAX];
};

static void row_begin(struct tpcc_row *r)
{
    r->n   = 0;
    r->end = r->text;
}

/* A field of the constant s (not copied). */
static void put_const(struct tpcc_row *r, const char *s, size_t len)
{
    r->f[r->n].ptr   = s;
    r->f[r->n++].len = (uint32_t) len;
}

#define PUT_LIT(r, s) put_const(r, s, sizeof(s) - 1)

static void put_null(struct tpcc_row *r)
{
    put_const(r, NULL, 0);
}

/* A field of len bytes of text, to be written at the pointer returned. */
static char *put_text(struct tpcc_row *r, size_t len)
{
    char *p = r->end;

    put_const(r, p, len);
    r->end += len;
    return p;
}

static void put_int(struct tpcc_row *r, int64_t v)
{
    int len = db_format_int(v, r->end, 24);

    put_text(r, (size_t) len);
}

/* A random a-string [lo .. hi] (clause 4.3.2.2): alphanumeric, of a
 * length drawn uniformly from lo..hi, as tpcc_rand.lua's astring. */
static char *put_astring(struct tpcc_row *r, uint32_t lo, uint32_t hi)
{
    uint32_t len = sb_rand_uniform(lo, hi);
    char *p      = put_text(r, len);

    sb_rand_alnum(p, len);
    return p;
}

/* A random n-string of n <= 16 digits. */
static void put_nstring(struct tpcc_row *r, size_t n)
{
    sb_rand_strn(digits, n, put_text(r, n));
}

/* A zip code (clause 4.3.2.7): four random digits and "11111". */
static void put_zip(struct tpcc_row *r)
{
    sb_rand_strn("####11111", 9, put_text(r, 9));
}

/* I_DATA and S_DATA: an a-string [26 .. 50], "ORIGINAL" at a random
 * position of it in 10% of the rows (clause 4.3.3.1). */
static void put_data(struct tpcc_row *r)
{
    char *p      = put_astring(r, 26, 50);
    uint32_t len = r->f[r->n - 1].len;

    if (sb_rand_uniform(1, 10) == 1)
        memcpy(p + sb_rand_uniform(0, len - 8), "ORIGINAL", 8);
}

/* A random decimal of `scale` (1..4) places, uniform in [lo, hi] /
 * 10^scale, as text: no binary fraction on its way to a DECIMAL column. */
static void put_decimal(struct tpcc_row *r, uint32_t lo, uint32_t hi, int scale)
{
    uint32_t v = sb_rand_uniform(lo, hi);
    char tmp[16], *end = tmp + sizeof(tmp), *p = end;

    for (int i = 0; i < scale; i++, v /= 10) /* the places, right to left */
        *--p = (char) ('0' + v % 10);
    *--p = '.';
    do {
        *--p = (char) ('0' + v % 10);
        v /= 10;
    } while (v > 0);
    memcpy(put_text(r, (size_t) (end - p)), p, (size_t) (end - p));
}

/* C_LAST (clause 4.3.2.3): the syllables of the three digits of n. */
static void put_last_name(struct tpcc_row *r, uint32_t n)
{
    static const char *const syl[] = {"BAR", "OUGHT", "ABLE",  "PRI",   "PRES",
                                      "ESE", "ANTI",  "CALLY", "ATION", "EING"};
    const char *s[3] = {syl[n / 100], syl[n / 10 % 10], syl[n % 10]};
    char *p          = r->end;

    for (int i = 0; i < 3; i++) {
        size_t len = strlen(s[i]);
        memcpy(p, s[i], len);
        p += len;
    }
    put_text(r, (size_t) (p - r->end));
}

/* -- The tables ----------------------------------------------------------- */

static int gen_items(tpcc_emit_fn emit, void *ctx)
{
    struct tpcc_row r;
    int rc;

    for (int i = 1; i <= TPCC_ITEMS; i++) {
        row_begin(&r);
        put_int(&r, i);
        put_int(&r, sb_rand_uniform(1, 10000));
        put_astring(&r, 14, 24);
        put_decimal(&r, 100, 10000, 2);
        put_data(&r);
        if ((rc = emit(ctx, r.f, r.n)) != 0) return rc;
    }
    return 0;
}

static int gen_stock(int32_t w, tpcc_emit_fn emit, void *ctx)
{
    struct tpcc_row r;
    int rc;

    for (int i = 1; i <= TPCC_ITEMS; i++) {
        row_begin(&r);
        put_int(&r, i);
        put_int(&r, w);
        put_int(&r, sb_rand_uniform(10, 100));
        for (int d = 0; d < TPCC_DISTRICTS; d++) /* S_DIST_01..10 */
            put_astring(&r, 24, 24);
        PUT_LIT(&r, "0");
        PUT_LIT(&r, "0");
        PUT_LIT(&r, "0");
        put_data(&r);
        if ((rc = emit(ctx, r.f, r.n)) != 0) return rc;
    }
    return 0;
}

/* C_LAST of customer c: the names of 0..999 in turn for a district's
 * first 1,000, NURand(255, 0, 999) with C-Load for the other 2,000. */
static uint32_t last_name_number(int c, uint32_t c_load)
{
    uint32_t a, b;

    if (c <= 1000) return (uint32_t) c - 1;
    a = sb_rand_uniform(0, 255);
    b = sb_rand_uniform(0, 999);
    return ((a | b) + c_load) % 1000;
}

static int gen_customers(const bench_tpcc_rows *s, tpcc_emit_fn emit, void *ctx)
{
    size_t now = strlen(s->now);
    struct tpcc_row r;
    int rc;

    for (int d = 1; d <= TPCC_DISTRICTS; d++) {
        for (int c = 1; c <= TPCC_CUSTOMERS; c++) {
            row_begin(&r);
            put_int(&r, c);
            put_int(&r, d);
            put_int(&r, s->w);
            put_astring(&r, 8, 16); /* C_FIRST */
            PUT_LIT(&r, "OE");
            put_last_name(&r, last_name_number(c, s->c_last_load));
            put_astring(&r, 10, 20); /* street 1, street 2, city */
            put_astring(&r, 10, 20);
            put_astring(&r, 10, 20);
            put_astring(&r, 2, 2); /* state */
            put_zip(&r);
            put_nstring(&r, 16); /* C_PHONE */
            put_const(&r, s->now, now);
            if (sb_rand_uniform(1, 10) == 1)
                PUT_LIT(&r, "BC");
            else
                PUT_LIT(&r, "GC");
            PUT_LIT(&r, "50000.00");
            put_decimal(&r, 0, 5000, 4); /* C_DISCOUNT 0.0000..0.5000 */
            PUT_LIT(&r, "-10.00");
            PUT_LIT(&r, "10.00");
            PUT_LIT(&r, "1");
            PUT_LIT(&r, "0");
            put_astring(&r, 300, TPCC_ASTRING_MAX);
            if ((rc = emit(ctx, r.f, r.n)) != 0) return rc;
        }
    }
    return 0;
}

static int gen_history(const bench_tpcc_rows *s, tpcc_emit_fn emit, void *ctx)
{
    size_t now = strlen(s->now);
    struct tpcc_row r;
    int rc;

    for (int d = 1; d <= TPCC_DISTRICTS; d++) {
        for (int c = 1; c <= TPCC_CUSTOMERS; c++) {
            row_begin(&r);
            put_int(&r, c);
            put_int(&r, d);
            put_int(&r, s->w);
            put_int(&r, d);
            put_int(&r, s->w);
            put_const(&r, s->now, now);
            PUT_LIT(&r, "10.00");
            put_astring(&r, 12, 24);
            if ((rc = emit(ctx, r.f, r.n)) != 0) return rc;
        }
    }
    return 0;
}

static int gen_order_lines(const bench_tpcc_rows *s, tpcc_emit_fn emit,
                           void *ctx)
{
    size_t now = strlen(s->now);
    struct tpcc_row r;
    int rc;

    for (int d = 1; d <= TPCC_DISTRICTS; d++) {
        const int32_t *cnt = s->ol_cnt + (d - 1) * TPCC_CUSTOMERS;
        for (int o = 1; o <= TPCC_CUSTOMERS; o++) {
            bool delivered = o <= TPCC_DELIVERED;
            for (int l = 1; l <= cnt[o - 1]; l++) {
                row_begin(&r);
                put_int(&r, o);
                put_int(&r, d);
                put_int(&r, s->w);
                put_int(&r, l);
                put_int(&r, sb_rand_uniform(1, TPCC_ITEMS));
                put_int(&r, s->w);
                if (delivered)
                    put_const(&r, s->now, now);
                else
                    put_null(&r);
                PUT_LIT(&r, "5");
                if (delivered)
                    PUT_LIT(&r, "0.00");
                else
                    put_decimal(&r, 1, 999999, 2); /* 0.01..9999.99 */
                put_astring(&r, 24, 24);
                if ((rc = emit(ctx, r.f, r.n)) != 0) return rc;
            }
        }
    }
    return 0;
}

static int gen_orders(const bench_tpcc_rows *s, tpcc_emit_fn emit, void *ctx)
{
    size_t now = strlen(s->now);
    struct tpcc_row r;
    int rc;

    for (int d = 1; d <= TPCC_DISTRICTS; d++) {
        size_t at = (size_t) (d - 1) * TPCC_CUSTOMERS;
        for (int o = 1; o <= TPCC_CUSTOMERS; o++) {
            row_begin(&r);
            put_int(&r, o);
            put_int(&r, d);
            put_int(&r, s->w);
            put_int(&r, s->o_c_id[at + (size_t) o - 1]);
            put_const(&r, s->now, now);
            if (o <= TPCC_DELIVERED)
                put_int(&r, sb_rand_uniform(1, 10)); /* O_CARRIER_ID */
            else
                put_null(&r);
            put_int(&r, s->ol_cnt[at + (size_t) o - 1]);
            PUT_LIT(&r, "1");
            if ((rc = emit(ctx, r.f, r.n)) != 0) return rc;
        }
    }
    return 0;
}

static int gen_new_orders(int32_t w, tpcc_emit_fn emit, void *ctx)
{
    struct tpcc_row r;
    int rc;

    for (int d = 1; d <= TPCC_DISTRICTS; d++) {
        for (int o = TPCC_DELIVERED + 1; o <= TPCC_CUSTOMERS; o++) {
            row_begin(&r);
            put_int(&r, o);
            put_int(&r, d);
            put_int(&r, w);
            if ((rc = emit(ctx, r.f, r.n)) != 0) return rc;
        }
    }
    return 0;
}

int tpcc_generate(const bench_tpcc_rows *s, tpcc_emit_fn emit, void *ctx)
{
    switch (s->table) {
    case BENCH_TPCC_ITEM:
        return gen_items(emit, ctx);
    case BENCH_TPCC_STOCK:
        return gen_stock(s->w, emit, ctx);
    case BENCH_TPCC_CUSTOMER:
        return s->now ? gen_customers(s, emit, ctx) : -1;
    case BENCH_TPCC_HISTORY:
        return s->now ? gen_history(s, emit, ctx) : -1;
    case BENCH_TPCC_ORDER_LINE:
        return s->now && s->ol_cnt ? gen_order_lines(s, emit, ctx) : -1;
    case BENCH_TPCC_ORDERS:
        return s->now && s->ol_cnt && s->o_c_id ? gen_orders(s, emit, ctx) : -1;
    case BENCH_TPCC_NEW_ORDERS:
        return gen_new_orders(s->w, emit, ctx);
    default:
        return -1;
    }
}

/* -- The load ------------------------------------------------------------- */

static int emit_to_load(void *ctx, const sql_value *fields, size_t n)
{
    return bench_db_load_values(ctx, fields, n);
}

int bench_db_load_tpcc(sql_connection *con, const bench_tpcc_rows *rows)
{
    int rc = tpcc_generate(rows, emit_to_load, con);

    if (rc < 0) {
        log_alert("bench_db_load_tpcc: bad request (table %d)", rows->table);
        con->error = DB_ERROR_FATAL;
        return 1;
    }
    return rc;
}
