/* SPDX-License-Identifier: MIT */
/* db_load.c: bulk loading for every driver (bench_db_load_* in
 * db_api_decls.h): rows buffered in the load text format for the driver's
 * native path (driver.h load_start/load_rows/load_end), or as multi-row
 * INSERTs sized to the server's packet limit when there is none or the
 * server refuses it (db_load_share.c: what the workers of a prepare
 * share). Not the sysbench bulk_insert_* API, whose statements stay
 * db_stmt.c's. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "db_internal.h"
#include "measure/detail.h"
#include "rand.h"

/* Rows buffered for one load_rows call unless the driver says otherwise;
 * INSERT statements when the server's limit is unknown. */
#define LOAD_CHUNK_DEFAULT  (1024 * 1024)
#define LOAD_INSERT_DEFAULT DB_BULK_BUFFER_SIZE
/* The largest INSERT sent whatever max_allowed_packet is: beyond this a
 * statement is no faster, only longer to parse and to undo. */
#define LOAD_INSERT_MAX (16 * 1024 * 1024)

struct db_loader {
    struct db_load drv; /* what the driver sees */
    bool native;        /* else multi-row INSERTs */
    char *buf;          /* rows not yet sent: text, or an INSERT */
    size_t len, limit;  /* bytes used; send before exceeding limit */
    size_t prefix;      /* INSERT: length of "INSERT INTO t (..) VALUES " */
    size_t buf_rows;    /* rows in buf */
    uint64_t rows;      /* rows sent */
    char *scratch;      /* an expanded pattern (native rand rows) */
    size_t scratch_cap;
    char *pat;             /* the last rand pattern, and whether it is clean: */
    size_t pat_len;        /* nothing in it, hence in its rows, needs an */
    bool pat_clean;        /* escape in the text format */
    char *table, *columns; /* owned copies behind drv.table/columns */
};

/* "Falling back to INSERTs" is said once per process, not per worker. */
static atomic_bool load_notice_said;
/* -- Sending ------------------------------------------------------------ */

static void loader_free(struct db_conn *c)
{
    struct db_loader *ld = c->loader;

    if (!ld) return;
    free(ld->buf);
    free(ld->scratch);
    free(ld->pat);
    free(ld->table);
    free(ld->columns);
    free(ld);
    c->loader = NULL;
}

/* A failed driver call: abandons the driver's load (keeping the error it
 * reported), classifies the error as a query's and releases the loader.
 * Returns 1, what the API returns on failure. */
static int load_failed(struct db_conn *c, bool driver_load_open)
{
    struct db_loader *ld = c->loader;
    struct db_error saved;
    char what[200];

    snprintf(what, sizeof(what), "bulk load into %s (%s)", ld->drv.table,
             ld->drv.columns);
    if (driver_load_open) {
        saved = c->err;
        c->drv->load_end(c, &ld->drv, false);
        c->err = saved;
    }
    loader_free(c);
    c->pub.error = db_classify(c, DB_OP_QUERY, what);
    return 1;
}

/* Sends the buffered rows: a load_rows call, or one INSERT statement. */
static int load_flush(struct db_conn *c)
{
    struct db_loader *ld = c->loader;
    struct db_timing t;
    int rc;

    if (ld->buf_rows == 0) return 0;
    if (c->detail) db_detail_begin(c, &t); /* an insert, to detail.h */
    if (ld->native) {
        ld->drv.rows = ld->buf_rows;
        rc           = c->drv->load_rows(c, &ld->drv, ld->buf, ld->len);
    } else {
        ld->buf[ld->len] = '\0';
        rc               = c->broken ? db_broken_call(c)
                                     : c->drv->query(c, ld->buf, ld->len, &c->rs);
        if (rc == 0 && c->rs.pub.counter == DB_CNT_READ)
            c->drv->free_result(&c->rs);
        db_result_reset(&c->rs);
    }
    if (rc != 0) {
        rc = load_failed(c, ld->native);
        if (c->detail) db_detail_done(c, DETAIL_KIND_INSERT, &t);
        return rc;
    }
    db_count(c, (enum stat_counter) DB_CNT_WRITE);
    if (c->detail) db_detail_done(c, DETAIL_KIND_INSERT, &t);
    db_load_count(c, ld->buf_rows, ld->len);
    ld->rows += ld->buf_rows;
    ld->buf_rows = 0;
    ld->len      = ld->native ? 0 : ld->prefix;
    return 0;
}

/* Makes room for a row of at most `bound` bytes (separators included),
 * sending the buffered rows first when it would not fit. The current
 * loader, or NULL after an error (1 returned by the caller). */
static struct db_loader *load_room(struct db_conn *c, size_t bound)
{
    struct db_loader *ld = c->loader;

    if (!ld) {
        log_alert("attempt to add a row with no bulk load started");
        db_set_error(c, 0, "", false, "bench_db_load", "no load");
        c->pub.error = DB_ERROR_FATAL;
        return NULL;
    }
    if (ld->len + bound + 1 > ld->limit && ld->buf_rows > 0 &&
        load_flush(c) != 0)
        return NULL;
    if (ld->len + bound + 1 > ld->limit) {
        size_t want = ld->len + bound + 1;
        char *p     = realloc(ld->buf, want);
        if (!p) {
            log_fatal("db: bulk load into %s: out of memory", ld->drv.table);
            loader_free(c);
            c->pub.error = DB_ERROR_FATAL;
            return NULL;
        }
        ld->buf   = p;
        ld->limit = want; /* one long row: a statement of its own */
    }
    if (!ld->native && ld->buf_rows > 0) ld->buf[ld->len++] = ',';
    return ld;
}

/* -- Starting and ending -------------------------------------------------- */

static char *load_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p  = malloc(n);
    return p ? memcpy(p, s, n) : NULL;
}

/* The INSERT fallback's statement size: the server's limit less room for
 * the protocol, within [64 KB, LOAD_INSERT_MAX]. */
static size_t insert_limit(size_t max_stmt)
{
    if (max_stmt == 0) return LOAD_INSERT_DEFAULT;
    if (max_stmt > LOAD_INSERT_MAX + 4096) return LOAD_INSERT_MAX;
    return max_stmt > 65536 + 4096 ? max_stmt - 4096 : 65536;
}

/* Asks the driver for its native path: 0 native, 1 use INSERTs, -1 error
 * (reported). */
static int start_native(struct db_conn *c, struct db_loader *ld, int method)
{
    int rc;

    if (!c->drv->load_start) {
        if (method != BENCH_LOAD_NATIVE) return 1;
        log_fatal("db: bulk load into %s: the %s driver has no native bulk "
                  "load (--bulk_load=insert)",
                  ld->drv.table, c->drv->name);
        return -1;
    }
    /* A connection whose reconnect gave up fails as its queries do. */
    rc = c->broken ? db_broken_call(c) : c->drv->load_start(c, &ld->drv);
    if (rc < 0) {
        char what[200];
        snprintf(what, sizeof(what), "bulk load into %s (%s)", ld->drv.table,
                 ld->drv.columns);
        c->pub.error = db_classify(c, DB_OP_QUERY, what);
        return -1;
    }
    if (rc == 0) return 0;
    if (method == BENCH_LOAD_NATIVE) {
        log_fatal("db: bulk load into %s: refused: %s (--bulk_load=insert "
                  "or auto loads with INSERTs)",
                  ld->drv.table, ld->drv.why);
        return -1;
    }
    if (!atomic_exchange(&load_notice_said, true))
        log_notice("%s: bulk load refused (%s): loading with multi-row "
                   "INSERTs instead",
                   c->drv->name, ld->drv.why);
    return 1;
}

static int loader_new(struct db_conn *c, const char *table, const char *columns)
{
    struct db_loader *ld = calloc(1, sizeof(*ld));

    if (!ld) return -1;
    c->loader = ld;
    if (!(ld->table = load_strdup(table)) ||
        !(ld->columns = load_strdup(columns)))
        return -1;
    ld->drv.table    = ld->table;
    ld->drv.columns  = ld->columns;
    ld->drv.ncolumns = 1;
    for (const char *p = columns; *p; p++)
        ld->drv.ncolumns += *p == ',';
    return 0;
}

/* Sets up the buffer of the method chosen. */
static int loader_buffer(struct db_loader *ld)
{
    if (ld->native) {
        ld->limit = ld->drv.chunk ? ld->drv.chunk : LOAD_CHUNK_DEFAULT;
        return (ld->buf = malloc(ld->limit)) ? 0 : -1;
    }
    ld->limit = insert_limit(ld->drv.max_stmt);
    if (!(ld->buf = malloc(ld->limit))) return -1;
    ld->prefix =
        (size_t) snprintf(ld->buf, ld->limit, "INSERT INTO %s (%s) VALUES ",
                          ld->table, ld->columns);
    ld->len = ld->prefix;
    return ld->prefix < ld->limit / 2 ? 0 : -1;
}

int bench_db_load_start(sql_connection *pc, const char *table,
                        const char *columns, int method)
{
    struct db_conn *c = db_conn_of(pc);
    int rc            = 1;

    if (!db_conn_begin(c)) return -1;
    if (c->loader) {
        log_alert("attempt to start a bulk load while one is in progress");
        c->pub.error = DB_ERROR_FATAL;
        return -1;
    }
    if (loader_new(c, table, columns) != 0) goto nomem;
    c->loader->drv.fresh = (method & BENCH_LOAD_FRESH) != 0;
    method &= ~BENCH_LOAD_FRESH;
    if (method != BENCH_LOAD_INSERT &&
        (rc = start_native(c, c->loader, method)) < 0) {
        loader_free(c);
        if (c->pub.error == DB_ERROR_NONE) c->pub.error = DB_ERROR_FATAL;
        return -1;
    }
    c->loader->native = rc == 0;
    if (loader_buffer(c->loader) != 0) {
        if (rc == 0) c->drv->load_end(c, &c->loader->drv, false);
        goto nomem;
    }
    return c->loader->native ? BENCH_LOAD_NATIVE : BENCH_LOAD_INSERT;
nomem:
    log_fatal("db: bulk load into %s: out of memory", table);
    loader_free(c);
    c->pub.error = DB_ERROR_FATAL;
    return -1;
}

int bench_db_load_end(sql_connection *pc, uint64_t *rows)
{
    struct db_conn *c = db_conn_of(pc);
    struct db_loader *ld;

    *rows = 0;
    if (!db_conn_usable(c)) return 1;
    if (!(ld = c->loader)) {
        log_alert("attempt to end a bulk load that was not started");
        c->pub.error = DB_ERROR_FATAL;
        return 1;
    }
    c->pub.error = DB_ERROR_NONE;
    if (load_flush(c) != 0) return 1;
    if (ld->native && c->drv->load_end(c, &ld->drv, true) != 0)
        return load_failed(c, false);
    *rows = ld->rows;
    loader_free(c);
    return 0;
}

/* Called by db_connection_close: a load left open is abandoned. */
void db_load_abandon(struct db_conn *c)
{
    if (!c->loader) return;
    if (c->loader->native && !c->broken)
        c->drv->load_end(c, &c->loader->drv, false);
    loader_free(c);
}

/* -- Rows ----------------------------------------------------------------- */

/* Writes v[0..n) to dst in the load text format; returns the length. dst
 * has room for 2n bytes. Most values need no escape: they are checked
 * with memchr (vectorised) and copied whole. */
static size_t text_escape(const char *v, size_t n, char *dst)
{
    static const char esc[] = {
        ['\\'] = '\\', ['\t'] = 't', ['\n'] = 'n', ['\r'] = 'r'};
    size_t out = 0;

    if (!memchr(v, '\\', n) && !memchr(v, '\t', n) && !memchr(v, '\n', n) &&
        !memchr(v, '\r', n)) {
        memcpy(dst, v, n);
        return n;
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char) v[i];
        if (ch < sizeof(esc) && esc[ch]) {
            dst[out++] = '\\';
            dst[out++] = esc[ch];
        } else {
            dst[out++] = (char) ch;
        }
    }
    return out;
}

/* v[0..n) as a quoted SQL literal; dst has room for 2n + 2 bytes. */
static size_t sql_quote(const char *v, size_t n, bool backslashes, char *dst)
{
    size_t out = 0;

    dst[out++] = '\'';
    for (size_t i = 0; i < n; i++) {
        if (v[i] == '\'' || (backslashes && v[i] == '\\')) dst[out++] = v[i];
        dst[out++] = v[i];
    }
    dst[out++] = '\'';
    return out;
}

int bench_db_load_values(sql_connection *pc, const sql_value *vals, size_t n)
{
    struct db_conn *c = db_conn_of(pc);
    struct db_loader *ld;
    size_t bound = 4;
    char *p;

    for (size_t i = 0; i < n; i++)
        bound += 2 * (size_t) vals[i].len + 6;
    if (!(ld = load_room(c, bound))) return 1;
    p = ld->buf + ld->len;
    if (!ld->native) *p++ = '(';
    for (size_t i = 0; i < n; i++) {
        const sql_value *v = &vals[i];
        if (i > 0) *p++ = ld->native ? '\t' : ',';
        if (!v->ptr) {
            memcpy(p, ld->native ? "\\N" : "NULL", ld->native ? 2 : 4);
            p += ld->native ? 2 : 4;
        } else if (ld->native) {
            p += text_escape(v->ptr, v->len, p);
        } else {
            p += sql_quote(v->ptr, v->len, c->drv->caps.backslash_escapes, p);
        }
    }
    *p++    = ld->native ? '\n' : ')';
    ld->len = (size_t) (p - ld->buf);
    ld->buf_rows++;
    return 0;
}

/* The quoted literal at s[i] == '\'' as a text field at dst: the index
 * after its closing quote; *out advanced. */
static size_t text_copy(const char *v, size_t n, char *dst, bool clean)
{
    if (!clean) return text_escape(v, n, dst);
    memcpy(dst, v, n);
    return n;
}

static size_t literal_to_text(const char *s, size_t n, size_t i, char *dst,
                              size_t *out, bool clean)
{
    for (i++; i < n;) {
        const char *q = memchr(s + i, '\'', n - i);
        size_t end    = q ? (size_t) (q - s) : n;
        bool doubled  = end + 1 < n && s[end + 1] == '\'';

        *out += text_copy(s + i, end - i + doubled, dst + *out, clean);
        i = end + 1 + doubled;
        if (!doubled) break;
    }
    return i;
}

/* The fields of the SQL tuple s[0..n) ("(1, 2, 'x''y')": numbers, NULL
 * and quoted literals with '' for a quote) as one row of the load text
 * format at dst, which has room for 2n + 2 bytes; returns the length.
 * `clean`: no byte of s needs an escape (the pattern said so). */
static size_t tuple_to_text(const char *s, size_t n, char *dst, bool clean)
{
    size_t i = s[0] == '(' ? 1 : 0, out = 0, start, end;

    for (;;) {
        while (i < n && s[i] == ' ')
            i++;
        if (i < n && s[i] == '\'') {
            i = literal_to_text(s, n, i, dst, &out, clean);
        } else {
            for (start = i; i < n && s[i] != ',' && s[i] != ')'; i++)
                ;
            for (end = i; end > start && s[end - 1] == ' '; end--)
                ;
            if (end - start == 4 && memcmp(s + start, "NULL", 4) == 0) {
                memcpy(dst + out, "\\N", 2);
                out += 2;
            } else {
                out += text_copy(s + start, end - start, dst + out, clean);
            }
        }
        while (i < n && s[i] == ' ')
            i++;
        if (i >= n || s[i] != ',') break;
        dst[out++] = '\t';
        i++;
    }
    dst[out++] = '\n';
    return out;
}

/* Whether the rows of `p` never need an escape: its '#' and '@' become
 * digits and letters, so only its other bytes could. Kept for the last
 * pattern, which is every row's in a load. false when out of memory. */
static bool pattern_clean(struct db_loader *ld, const char *p, size_t n)
{
    char *copy;

    if (ld->pat && n == ld->pat_len && memcmp(ld->pat, p, n) == 0)
        return ld->pat_clean;
    if (!(copy = realloc(ld->pat, n + 1))) return false;
    ld->pat       = memcpy(copy, p, n);
    ld->pat_len   = n;
    ld->pat_clean = !memchr(p, '\\', n) && !memchr(p, '\t', n) &&
                    !memchr(p, '\n', n) && !memchr(p, '\r', n);
    return ld->pat_clean;
}

int bench_db_load_rand(sql_connection *pc, int64_t id, const char *pattern,
                       size_t len, const int64_t *ints, size_t n_ints)
{
    struct db_conn *c = db_conn_of(pc);
    size_t max        = len + 24 * n_ints, m;
    struct db_loader *ld;
    char *p;

    if (!(ld = load_room(c, 2 * max + 32))) return 1;
    if (ld->scratch_cap < max + 1) {
        char *s = realloc(ld->scratch, max + 1);
        if (!s) {
            log_fatal("db: bulk load into %s: out of memory", ld->drv.table);
            loader_free(c);
            c->pub.error = DB_ERROR_FATAL;
            return 1;
        }
        ld->scratch     = s;
        ld->scratch_cap = max + 1;
    }
    m = db_bulk_expand(pattern, len, ints, n_ints, ld->scratch);
    p = ld->buf + ld->len;
    if (!ld->native && id >= 0 && m > 0 && ld->scratch[0] == '(') {
        *p++ = '(';
        p += db_format_int(id, p, 24);
        memcpy(p, ", ", 2);
        memcpy(p + 2, ld->scratch + 1, m - 1);
        p += m + 1;
    } else if (!ld->native) {
        memcpy(p, ld->scratch, m);
        p += m;
    } else {
        if (id >= 0) {
            p += db_format_int(id, p, 24);
            *p++ = '\t';
        }
        p += tuple_to_text(ld->scratch, m, p, pattern_clean(ld, pattern, len));
    }
    ld->len = (size_t) (p - ld->buf);
    ld->buf_rows++;
    return 0;
}

/* bench_db_load_rand_rows one row at a time (a pattern db_gen_compile
 * does not take, or INSERTs). */
static int load_rand_rows_slow(sql_connection *pc, int64_t id, uint64_t count,
                               const char *pattern, size_t len, uint32_t k_max,
                               bool draw_with_id)
{
    for (uint64_t r = 0; r < count; r++, id++) {
        int64_t ints[2]    = {id, 0};
        ints[draw_with_id] = sb_rand_default(1, k_max);
        if (draw_with_id ? bench_db_load_rand(pc, -1, pattern, len, ints, 2)
                         : bench_db_load_rand(pc, id, pattern, len, ints, 1))
            return 1;
    }
    return 0;
}

int bench_db_load_rand_rows(sql_connection *pc, int64_t id, uint64_t count,
                            const char *pattern, size_t len, uint32_t k_max,
                            bool draw_with_id)
{
    struct db_conn *c = db_conn_of(pc);
    size_t n_ints     = draw_with_id ? 2 : 1, bound;
    uint32_t (*draw)(uint32_t, uint32_t);
    struct rand_special k_special;
    bool special;
    struct db_loader *ld;
    struct db_gen g;

    if (!c->loader || !c->loader->native ||
        !db_gen_compile(&g, pattern, len, n_ints) ||
        g.tail_len > DB_GEN_MAX_TAIL)
        return load_rand_rows_slow(pc, id, count, pattern, len, k_max,
                                   draw_with_id);
    bound   = db_gen_bound(&g);
    draw    = rand_default_fn();
    special = draw == sb_rand_special; /* the default: its terms once */
    rand_special_init(&k_special, 1, k_max);
    ld = c->loader;
    for (uint64_t r = 0; r < count; r++, id++) {
        int64_t ints[2] = {id, 0};
        /* k first, then the row's strings: bench_db_load_rand's order. */
        ints[n_ints - 1] =
            special ? rand_special_next(&k_special) : draw(1, k_max);
        /* load_room's test inline: it sends or grows only once a buffer. */
        if (ld->len + bound + 1 > ld->limit && !(ld = load_room(c, bound)))
            return 1;
        ld->len +=
            db_gen_row(&g, draw_with_id ? -1 : id, ints, ld->buf + ld->len);
        ld->buf_rows++;
    }
    return 0;
}
