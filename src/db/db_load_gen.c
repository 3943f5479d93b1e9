/* SPDX-License-Identifier: MIT */
/* db_load_gen.c: generated rows for bulk loads without a call per row
 * (bench_db_load_rand_rows in db_load.c, bench_db_load_skip): a
 * bulk_insert_next_rand pattern of integers and quoted literals, such as
 * oltp's "(%d, %d, '###-...', '###-...')", compiled once into the random
 * segments a row draws (db_bulk_expand calls sb_rand_strn on the text
 * between two '%'s) and the places of the literals in the last one. A row
 * is then its draws (digits only: the compiled patterns have no '@'), the
 * pattern's own bytes put back inside the literals, and the literals
 * copied out beside the integers in the load text format: the same bytes
 * as expanding the pattern and converting the SQL tuple (db_load.c's
 * bench_db_load_rand), with neither step. */
#include <string.h>

#include "db_internal.h"
#include "db_value.h"
#include "rand.h"

/* The head of a row (its integers' text) copied at this fixed size when
 * it fits: <= 21 * 2, the least db_gen_bound leaves before the tail. */
#define GEN_HEAD_COPY 32

/* u < 10^8 in decimal at p, which has room for 8 bytes (all written);
 * its length. Two table lookups of four digits make the eight digits
 * with leading zeros in one word, the zeros are counted from the word
 * (the first byte that is not '0') and shifted out: no division loop,
 * one store. Little-endian: the first digit is the low byte. */
static inline size_t gen_u8(uint32_t u, char *p)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t hi = u / 10000, a, b;
    uint64_t w, digits, lead;

    memcpy(&a, rand_digit_quads[hi], 4);
    memcpy(&b, rand_digit_quads[u - hi * 10000], 4);
    w = a | (uint64_t) b << 32;
    /* Each byte minus '0' is its digit (no borrow); the last digit is
     * kept even when 0 (u = 0 is "0"), hence the bit at byte 7. */
    digits = (w - 0x3030303030303030u) | (uint64_t) 1 << 56;
    lead   = (uint64_t) __builtin_ctzll(digits) / 8;
    w >>= 8 * lead;
    memcpy(p, &w, 8);
    return (size_t) (8 - lead);
#else
    return (size_t) db_format_u32_short(u, p);
#endif
}

/* v in decimal at p (room for 24 bytes); its length. */
static inline size_t gen_int(int64_t v, char *p)
{
    if ((uint64_t) v < 100000000) return gen_u8((uint32_t) v, p);
    return (size_t) db_format_int(v, p, 24);
}

/* Whether the compiled rows can skip the text format's escapes. */
static bool gen_clean(const char *p, size_t n)
{
    return !memchr(p, '\\', n) && !memchr(p, '\t', n) && !memchr(p, '\n', n) &&
           !memchr(p, '\r', n) && !memchr(p, '@', n);
}

/* Only blanks and `sep` (once) in s[0..n): the text between two fields. */
static bool gen_between(const char *s, size_t n, char sep)
{
    size_t seps = 0;

    for (size_t i = 0; i < n; i++) {
        if (s[i] == sep)
            seps++;
        else if (s[i] != ' ')
            return false;
    }
    return seps == 1;
}

/* The tail after the last integer: (", '<literal>')*" then ")". */
static bool gen_tail(struct db_gen *g, const char *t, size_t n)
{
    size_t i = 0;

    for (;;) {
        const char *q;
        while (i < n && t[i] == ' ')
            i++;
        if (i < n && t[i] == ')') break;
        if (i >= n || t[i++] != ',') return false;
        while (i < n && t[i] == ' ')
            i++;
        if (i >= n || t[i++] != '\'' || g->nlits == DB_GEN_MAX) return false;
        if (!(q = memchr(t + i, '\'', n - i))) return false;
        g->lit_off[g->nlits]   = i;
        g->lit_len[g->nlits++] = (size_t) (q - t) - i;
        for (; t + i < q; i++) {
            if (t[i] == '#') continue;
            if (g->nfix == DB_GEN_MAX_FIX) return false;
            g->fix_pos[g->nfix]    = (uint16_t) i;
            g->fix_byte[g->nfix++] = t[i];
        }
        i++;                                     /* the quote */
        if (i < n && t[i] == '\'') return false; /* a doubled quote */
    }
    g->fix_one = true; /* whether the bytes put back are all one */
    for (size_t f = 1; f < g->nfix; f++)
        if (g->fix_byte[f] != g->fix_byte[0]) g->fix_one = false;
    return i + 1 == n;
}

bool db_gen_compile(struct db_gen *g, const char *p, size_t n, size_t n_ints)
{
    size_t i = 0;

    memset(g, 0, sizeof(*g));
    if (n_ints == 0 || n_ints > DB_GEN_MAX || n > UINT16_MAX ||
        !gen_clean(p, n))
        return false;
    /* One segment before each integer: "(" first, then "," between. */
    for (size_t k = 0; k < n_ints; k++) {
        const char *pct = memchr(p + i, '%', n - i);
        size_t end      = pct ? (size_t) (pct - p) : n;
        if (!pct || end + 1 >= n || p[end + 1] != 'd' ||
            !gen_between(p + i, end - i, k == 0 ? '(' : ','))
            return false;
        g->seg_len[g->nsegs++] = end - i;
        i                      = end + 2;
    }
    if (memchr(p + i, '%', n - i)) return false;
    g->n_ints            = n_ints;
    g->tail              = p + i;
    g->tail_len          = n - i;
    g->seg_len[g->nsegs] = g->tail_len; /* drawn last */
    return gen_tail(g, g->tail, g->tail_len);
}

size_t db_gen_bound(const struct db_gen *g)
{
    return 21 * (g->n_ints + 1) + g->tail_len + g->nlits + 2;
}

static inline void gen_fix(const struct db_gen *g, char *base);

void db_gen_draw(const struct db_gen *g, char *scratch)
{
    rand_str_digits_segs(scratch, g->seg_len, g->nsegs + 1);
    gen_fix(g, scratch);
}

size_t db_gen_text(const struct db_gen *g, int64_t prefix, const int64_t *ints,
                   const char *scratch, char *dst)
{
    char *p = dst;

    if (prefix >= 0) {
        p += gen_int(prefix, p);
        *p++ = '\t';
    }
    for (size_t k = 0; k < g->n_ints; k++) {
        p += gen_int(ints[k], p);
        *p++ = '\t';
    }
    for (size_t l = 0; l < g->nlits; l++) {
        memcpy(p, scratch + g->lit_off[l], g->lit_len[l]);
        p += g->lit_len[l];
        *p++ = '\t';
    }
    p[-1] = '\n';
    return (size_t) (p - dst);
}

/* Puts the pattern's own bytes back inside the drawn literals at base.
 * The fields in locals: stores through the char pointer may alias g, so
 * the compiler would reload g->nfix on every byte otherwise. When they
 * are all the same byte (oltp's 13 dashes), that byte stays in a register:
 * a load and a store per byte instead of two loads and a store. */
static inline void gen_fix(const struct db_gen *g, char *base)
{
    const uint16_t *pos = g->fix_pos;
    const char *byte    = g->fix_byte;
    size_t n            = g->nfix;

    if (g->fix_one) {
        char c = byte[0];
#pragma GCC unroll 4
        for (size_t f = 0; f < n; f++)
            base[pos[f]] = c;
        return;
    }
#pragma GCC unroll 4
    for (size_t f = 0; f < n; f++)
        base[pos[f]] = byte[f];
}

size_t db_gen_row(const struct db_gen *g, int64_t prefix, const int64_t *ints,
                  char *dst)
{
    char head[24 * (DB_GEN_MAX + 1)], scratch[DB_GEN_MAX_TAIL], *base, *p;
    size_t h = 0, skip;

    if (prefix >= 0) {
        h += gen_int(prefix, head);
        head[h++] = '\t';
    }
    for (size_t k = 0; k < g->n_ints; k++) {
        h += gen_int(ints[k], head + h);
        head[h++] = '\t';
    }
    if (g->nlits == 0 || h < g->lit_off[0]) { /* no room before the row */
        db_gen_draw(g, scratch);
        return db_gen_text(g, prefix, ints, scratch, dst);
    }
    /* The tail drawn where its first literal lands: the integers' text
     * goes over its head after, the other literals move back over the
     * quotes and separators. */
    skip = g->lit_off[0];
    base = dst + h - skip;
    if (h <= GEN_HEAD_COPY && h >= 8 && skip <= 8) {
        /* The usual short head (oltp: "id\tk\t", at most 20 bytes) in
         * fixed-size moves rather than a call to memcpy: GEN_HEAD_COPY
         * bytes before the draw (dst has room: db_gen_bound), and its
         * last 8 again after, over the `skip` drawn bytes before the
         * first literal. */
        memcpy(dst, head, GEN_HEAD_COPY);
        rand_str_digits_segs(base, g->seg_len, g->nsegs + 1);
        memcpy(dst + h - 8, head + h - 8, 8);
    } else {
        rand_str_digits_segs(base, g->seg_len, g->nsegs + 1);
        memcpy(dst, head, h);
    }
    gen_fix(g, base);
    p = dst + h + g->lit_len[0];
    for (size_t l = 1; l < g->nlits; l++) {
        *p++ = '\t';
        memmove(p, base + g->lit_off[l], g->lit_len[l]);
        p += g->lit_len[l];
    }
    *p++ = '\n';
    return (size_t) (p - dst);
}
