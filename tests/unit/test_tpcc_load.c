/* SPDX-License-Identifier: MIT */
/* test_tpcc_load: db_load_tpcc.c, TPC-C's initial population made in C
 * (clause 4.3.3.1), read field by field: every table's row count, field
 * count, key order, lengths, ranges and character classes, the 10%
 * "ORIGINAL" and bad-credit shares, C_LAST's two rules, the undelivered
 * last 900 orders, the lines and customers the script drew, the same
 * rows again from the same seed, and the requests it refuses. */
#include <ctype.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "../tap.h"
#include "db/db_load_tpcc.h"
#include "rand.h"

#define W 7 /* a warehouse number, so that it is seen as given */

/* What a table's rows were seen to be; `bad` counts rows breaking a rule
 * and `why` names the first. */
struct seen {
    long rows, bad, original, bc, null_date, n_fields;
    const char *why;
    long key[4];      /* the last row's leading integers */
    uint64_t hash;    /* FNV-1a of every field, for the reproducibility */
    long names[1000]; /* C_LAST: rows with the name of each number */
    int32_t ol_cnt[30000], o_c_id[30000];
};

static struct seen S;

static void fail(const char *why)
{
    if (!S.bad++) S.why = why;
}

/* Whether field f is text of lo..hi bytes of one class: 'a' alphanumeric
 * (an a-string, clause 4.3.2.2), '0' digits. */
static bool is_class(const sql_value *f, uint32_t lo, uint32_t hi, char cls)
{
    if (!f->ptr || f->len < lo || f->len > hi) return false;
    for (uint32_t i = 0; i < f->len; i++) {
        unsigned char ch = (unsigned char) f->ptr[i];
        if (cls == 'a' ? !isalnum(ch) : !isdigit(ch)) return false;
    }
    return true;
}

static long to_int(const sql_value *f)
{
    char b[32];

    if (!f->ptr || f->len == 0 || f->len >= sizeof(b)) return -999999;
    memcpy(b, f->ptr, f->len);
    b[f->len] = '\0';
    return strtol(b, NULL, 10);
}

static bool is_text(const sql_value *f, const char *want)
{
    return f->ptr && f->len == strlen(want) &&
           memcmp(f->ptr, want, f->len) == 0;
}

/* An integer field in lo..hi. */
static bool in_range(const sql_value *f, long lo, long hi)
{
    long v = to_int(f);
    return is_class(f, 1, 20, '0') && v >= lo && v <= hi;
}

/* A decimal of `scale` places whose value times 10^scale is in lo..hi. */
static bool is_decimal(const sql_value *f, long lo, long hi, int scale)
{
    const char *dot;
    long v;

    if (!f->ptr || !(dot = memchr(f->ptr, '.', f->len)) ||
        (long) f->len - (dot - f->ptr) - 1 != scale || dot == f->ptr)
        return false;
    v = 0;
    for (const char *p = f->ptr; p < f->ptr + f->len; p++) {
        if (p == dot) continue;
        if (!isdigit((unsigned char) *p)) return false;
        v = v * 10 + (*p - '0');
    }
    return v >= lo && v <= hi;
}

/* The first "ORIGINAL" in f, or NULL. */
static const char *find_original(const sql_value *f)
{
    for (uint32_t i = 0; i + 8 <= f->len; i++)
        if (memcmp(f->ptr + i, "ORIGINAL", 8) == 0) return f->ptr + i;
    return NULL;
}

/* S_DATA / I_DATA: 26..50 alphanumerics, 8 of them maybe ORIGINAL. */
static void check_data(const sql_value *f)
{
    const char *o;
    sql_value rest;

    if (!f->ptr || f->len < 26 || f->len > 50) return fail("data length");
    o = find_original(f);
    if (!o) {
        if (!is_class(f, 26, 50, 'a')) fail("data letters");
        return;
    }
    S.original++;
    rest = (sql_value){(uint32_t) (o - f->ptr), f->ptr};
    if (!is_class(&rest, 0, 50, 'a')) fail("data before ORIGINAL");
    rest = (sql_value){(uint32_t) (f->len - rest.len - 8), o + 8};
    if (!is_class(&rest, 0, 50, 'a')) fail("data after ORIGINAL");
}

static void hash_row(const sql_value *f, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        for (uint32_t j = 0; j < f[i].len; j++)
            S.hash = (S.hash ^ (unsigned char) f[i].ptr[j]) * 1099511628211u;
        S.hash = (S.hash ^ (f[i].ptr ? 0x1f : 0x2f)) * 1099511628211u;
    }
}

/* The common part of every table's check: the row and field count, the
 * key's ascending order: the integers of the fields `cols` names (digits,
 * most significant first, e.g. "210": fields 2, 1 and 0). */
static void row_common(const sql_value *f, size_t n, size_t want,
                       const char *cols)
{
    int nkey = (int) strlen(cols), cmp = 0;
    long key[4];

    S.rows++;
    S.n_fields = (long) n;
    if (n != want) return fail("field count");
    hash_row(f, n);
    for (int k = 0; k < nkey; k++)
        key[k] = to_int(&f[cols[k] - '0']);
    for (int k = 0; k < nkey && cmp == 0; k++)
        cmp = (key[k] > S.key[k]) - (key[k] < S.key[k]);
    if (S.rows > 1 && cmp <= 0) fail("key order");
    memcpy(S.key, key, sizeof(key));
}

static int item_row(void *ctx, const sql_value *f, size_t n)
{
    (void) ctx;
    row_common(f, n, 5, "0");
    if (n != 5) return 0;
    if (to_int(&f[0]) != S.rows) fail("i_id");
    if (!in_range(&f[1], 1, 10000)) fail("i_im_id");
    if (!is_class(&f[2], 14, 24, 'a')) fail("i_name");
    if (!is_decimal(&f[3], 100, 10000, 2)) fail("i_price");
    check_data(&f[4]);
    return 0;
}

static int stock_row(void *ctx, const sql_value *f, size_t n)
{
    (void) ctx;
    row_common(f, n, 17, "10");
    if (n != 17) return 0;
    if (to_int(&f[0]) != S.rows || to_int(&f[1]) != W) fail("s_i_id, s_w_id");
    if (!in_range(&f[2], 10, 100)) fail("s_quantity");
    for (int d = 3; d < 13; d++)
        if (!is_class(&f[d], 24, 24, 'a')) fail("s_dist_xx");
    if (!is_text(&f[13], "0") || !is_text(&f[14], "0") || !is_text(&f[15], "0"))
        fail("s_ytd, s_order_cnt, s_remote_cnt");
    check_data(&f[16]);
    return 0;
}

static const char *const syllables[] = {"BAR",   "OUGHT", "ABLE", "PRI",
                                        "PRES",  "ESE",   "ANTI", "CALLY",
                                        "ATION", "EING"};

/* The number 0..999 of a last name, or -1. */
static int name_number(const sql_value *f)
{
    static char names[1000][16];

    if (!names[0][0])
        for (int n = 0; n < 1000; n++)
            snprintf(names[n], sizeof(names[n]), "%s%s%s", syllables[n / 100],
                     syllables[n / 10 % 10], syllables[n % 10]);
    for (int n = 0; n < 1000; n++)
        if (is_text(f, names[n])) return n;
    return -1;
}

static int customer_row(void *ctx, const sql_value *f, size_t n)
{
    long c;
    int name;

    (void) ctx;
    row_common(f, n, 21, "210");
    if (n != 21) return 0;
    c = to_int(&f[0]);
    if (c < 1 || c > 3000 || to_int(&f[2]) != W) fail("c_id, c_w_id");
    if (!is_class(&f[3], 8, 16, 'a') || !is_text(&f[4], "OE"))
        fail("c_first, c_middle");
    name = name_number(&f[5]);
    if (name < 0 || (c <= 1000 && name != c - 1)) fail("c_last");
    if (name >= 0 && c > 1000) S.names[name]++;
    for (int i = 6; i < 9; i++)
        if (!is_class(&f[i], 10, 20, 'a')) fail("c_street_1, 2, c_city");
    if (!is_class(&f[9], 2, 2, 'a')) fail("c_state");
    if (!is_class(&f[10], 9, 9, '0') || memcmp(f[10].ptr + 4, "11111", 5))
        fail("c_zip");
    if (!is_class(&f[11], 16, 16, '0')) fail("c_phone");
    if (!is_text(&f[12], "2026-01-02 03:04:05")) fail("c_since");
    if (is_text(&f[13], "BC"))
        S.bc++;
    else if (!is_text(&f[13], "GC"))
        fail("c_credit");
    if (!is_text(&f[14], "50000.00") || !is_decimal(&f[15], 0, 5000, 4) ||
        !is_text(&f[16], "-10.00") || !is_text(&f[17], "10.00") ||
        !is_text(&f[18], "1") || !is_text(&f[19], "0"))
        fail("c_credit_lim .. c_delivery_cnt");
    if (!is_class(&f[20], 300, 500, 'a')) fail("c_data");
    return 0;
}

static int history_row(void *ctx, const sql_value *f, size_t n)
{
    (void) ctx;
    S.rows++;
    if (n != 8) return fail("field count"), 0;
    hash_row(f, n);
    if (!in_range(&f[0], 1, 3000) || !in_range(&f[1], 1, 10) ||
        to_int(&f[2]) != W || to_int(&f[3]) != to_int(&f[1]) ||
        to_int(&f[4]) != W)
        fail("h_c_id .. h_w_id");
    if (!is_text(&f[5], "2026-01-02 03:04:05") || !is_text(&f[6], "10.00"))
        fail("h_date, h_amount");
    if (!is_class(&f[7], 12, 24, 'a')) fail("h_data");
    return 0;
}

static int order_line_row(void *ctx, const sql_value *f, size_t n)
{
    long o, d, l;

    (void) ctx;
    row_common(f, n, 10, "2103");
    if (n != 10) return 0;
    o = to_int(&f[0]), d = to_int(&f[1]), l = to_int(&f[3]);
    if (o < 1 || o > 3000 || d < 1 || d > 10 || to_int(&f[2]) != W || l < 1 ||
        l > S.ol_cnt[(d - 1) * 3000 + o - 1])
        return fail("ol_o_id .. ol_number"), 0;
    if (!in_range(&f[4], 1, 100000) || to_int(&f[5]) != W ||
        !is_text(&f[7], "5"))
        fail("ol_i_id, ol_supply_w_id, ol_quantity");
    if (o <= 2100 &&
        (!is_text(&f[6], "2026-01-02 03:04:05") || !is_text(&f[8], "0.00")))
        fail("delivered line");
    if (o > 2100 && (f[6].ptr || !is_decimal(&f[8], 1, 999999, 2)))
        fail("undelivered line");
    S.null_date += !f[6].ptr;
    if (!is_class(&f[9], 24, 24, 'a')) fail("ol_dist_info");
    return 0;
}

static int orders_row(void *ctx, const sql_value *f, size_t n)
{
    long o, d, at;

    (void) ctx;
    row_common(f, n, 8, "210");
    if (n != 8) return 0;
    o = to_int(&f[0]), d = to_int(&f[1]), at = (d - 1) * 3000 + o - 1;
    if (o < 1 || o > 3000 || d < 1 || d > 10 || to_int(&f[2]) != W)
        return fail("o_id, o_d_id, o_w_id"), 0;
    if (to_int(&f[3]) != S.o_c_id[at] || to_int(&f[6]) != S.ol_cnt[at])
        fail("o_c_id, o_ol_cnt as drawn");
    if (!is_text(&f[4], "2026-01-02 03:04:05") || !is_text(&f[7], "1"))
        fail("o_entry_d, o_all_local");
    if (o <= 2100 ? !in_range(&f[5], 1, 10) : f[5].ptr != NULL)
        fail("o_carrier_id");
    S.null_date += !f[5].ptr;
    return 0;
}

static int new_orders_row(void *ctx, const sql_value *f, size_t n)
{
    (void) ctx;
    row_common(f, n, 3, "210");
    if (n == 3 && (!in_range(&f[0], 2101, 3000) || !in_range(&f[1], 1, 10) ||
                   to_int(&f[2]) != W))
        fail("no_o_id, no_d_id, no_w_id");
    return 0;
}

/* Runs the generator for `table` from seed 11 into a fresh S (keeping
 * the script's arrays). */
static int gen(int table, tpcc_emit_fn emit)
{
    bench_tpcc_rows spec = {table, W,        "2026-01-02 03:04:05",
                            157,   S.ol_cnt, S.o_c_id};

    memset(&S, 0, offsetof(struct seen, ol_cnt));
    S.hash = 14695981039346656037u;
    rand_init_process(11);
    rand_thread_init_tid(0);
    return tpcc_generate(&spec, emit, NULL);
}

static void is_clean(const char *table)
{
    char name[64];

    snprintf(name, sizeof(name), "%s: every row as clause 4.3.3.1 says", table);
    if (!ok(S.bad == 0, name))
        printf("#   %ld bad rows, the first: %s\n", S.bad, S.why);
}

static void test_item_stock(void)
{
    is_int(gen(BENCH_TPCC_ITEM, item_row), 0, "item: generated");
    is_int(S.rows, 100000, "item: 100,000 rows");
    is_clean("item");
    ok(S.original >= 9400 && S.original <= 10600, "item: 10% ORIGINAL");
    is_int(gen(BENCH_TPCC_STOCK, stock_row), 0, "stock: generated");
    is_int(S.rows, 100000, "stock: 100,000 rows");
    is_clean("stock");
    ok(S.original >= 9400 && S.original <= 10600, "stock: 10% ORIGINAL");
}

/* Whether the C_LAST numbers of customers 1001..3000 fit NURand(255, 0,
 * 999) with C = c_load (clause 2.1.6: ((A | B) + C) % 1000, A uniform in
 * 0..255, B in 0..999): Pearson's chi-square over the numbers expected
 * at least 5 times, the others in one bin, against its 0.001 critical
 * value (Wilson-Hilferty). */
static bool last_names_fit(uint32_t c_load)
{
    static double want[1000];
    double n = 0, chi2 = 0, rest_o = 0, rest_e = 0, z = 3.090, h;
    int df = 0;

    for (int v = 0; v < 1000; v++)
        n += (double) S.names[v];
    for (int a = 0; a < 256; a++)
        for (int b = 0; b < 1000; b++)
            want[((unsigned) (a | b) + c_load) % 1000] += n / 256000.0;
    for (int v = 0; v < 1000; v++) {
        double d = (double) S.names[v] - want[v];
        if (want[v] < 5) {
            rest_o += (double) S.names[v];
            rest_e += want[v];
            continue;
        }
        chi2 += d * d / want[v];
        df++;
    }
    chi2 += (rest_o - rest_e) * (rest_o - rest_e) / rest_e;
    h = 2.0 / (9.0 * df); /* df: the bins (df + 1) less one */
    printf("# C_LAST: chi2 = %.1f, df = %d, critical(p=0.001) = %.1f\n", chi2,
           df, df * pow(1 - h + z * sqrt(h), 3));
    return n == 20000 && chi2 < df * pow(1 - h + z * sqrt(h), 3);
}

static void test_customers(void)
{

    is_int(gen(BENCH_TPCC_CUSTOMER, customer_row), 0, "customer: generated");
    is_int(S.rows, 30000, "customer: 30,000 rows");
    is_clean("customer");
    ok(S.bc >= 2700 && S.bc <= 3300, "customer: 10% bad credit");
    ok(last_names_fit(157), "customer: C_LAST past 1,000 fits NURand(255)");
    is_int(gen(BENCH_TPCC_HISTORY, history_row), 0, "history: generated");
    is_int(S.rows, 30000, "history: 30,000 rows");
    is_clean("history");
}

static void test_orders(void)
{
    long lines = 0;

    /* The script's draws: 5..15 lines, customers reversed. */
    for (int i = 0; i < 30000; i++) {
        S.ol_cnt[i] = 5 + i % 11;
        S.o_c_id[i] = 3000 - i % 3000;
        lines += S.ol_cnt[i];
    }
    is_int(gen(BENCH_TPCC_ORDER_LINE, order_line_row), 0,
           "order_line: generated");
    is_int(S.rows, lines, "order_line: the lines drawn");
    is_clean("order_line");
    is_int(gen(BENCH_TPCC_ORDERS, orders_row), 0, "orders: generated");
    is_int(S.rows, 30000, "orders: 30,000 rows");
    is_clean("orders");
    is_int(S.null_date, 9000, "orders: the last 900 a district undelivered");
    is_int(gen(BENCH_TPCC_NEW_ORDERS, new_orders_row), 0,
           "new_orders: generated");
    is_int(S.rows, 9000, "new_orders: 9,000 rows");
    is_clean("new_orders");
}

static void test_seed(void)
{
    uint64_t a, b;

    gen(BENCH_TPCC_CUSTOMER, customer_row);
    a = S.hash;
    gen(BENCH_TPCC_CUSTOMER, customer_row);
    b = S.hash;
    ok(a == b, "the same seed makes the same rows");
    rand_init_process(12);
    rand_thread_init_tid(0);
    S.hash = 14695981039346656037u;
    {
        bench_tpcc_rows spec = {
            BENCH_TPCC_CUSTOMER, W, "2026-01-02 03:04:05", 157, NULL, NULL};
        tpcc_generate(&spec, customer_row, NULL);
    }
    ok(S.hash != a, "another seed makes other rows");
}

static void test_refused(void)
{
    bench_tpcc_rows spec = {BENCH_TPCC_ORDERS, W, "x", 157, NULL, NULL};

    is_int(tpcc_generate(&spec, orders_row, NULL), -1,
           "orders without the drawn arrays: refused");
    spec.table = 42;
    is_int(tpcc_generate(&spec, orders_row, NULL), -1,
           "an unknown table: refused");
    spec = (bench_tpcc_rows){BENCH_TPCC_HISTORY, W, NULL, 157, NULL, NULL};
    is_int(tpcc_generate(&spec, history_row, NULL), -1,
           "history without a date: refused");
}

/* A non-zero return of emit stops the generation and is returned. */
static int stop_at_3(void *ctx, const sql_value *f, size_t n)
{
    (void) ctx, (void) f, (void) n;
    return ++S.rows == 3 ? 5 : 0;
}

int main(void)
{
    test_item_stock();
    test_customers();
    test_orders();
    test_seed();
    test_refused();
    is_int(gen(BENCH_TPCC_STOCK, stop_at_3), 5, "emit's error stops it");
    is_int(S.rows, 3, "emit's error: no row after it");
    return done_testing();
}
