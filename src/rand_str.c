/* SPDX-License-Identifier: MIT */
/* rand_str.c: sysbench's random strings (sb_rand_str, sb_rand_varstr; see
 * rand.h), several characters per draw of the per-thread generator. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "api.h"
#include "rand.h"
#include "rand_internal.h"

/* Several characters per 64-bit draw, exactly uniform. Read x as the
 * fraction x / 2^64 and take base-r digits by multiply-shift: the high word
 * of x * r is the next digit, the low word the remaining fraction. After k
 * digits the low word equals x * r^k mod 2^64 and the digits, read as a
 * number, are floor(x * r^k / 2^64): Lemire's ("Fast random integer
 * generation in an interval", 2019) multiply step. His rejection test,
 * low word < 2^64 mod r^k, makes the k-digit block, hence every digit,
 * exactly uniform; it redraws with probability < r^k / 2^64 (< 2^-10).
 * Blocks are kept at r^k < 2^54, so only the top ~54 bits of a draw
 * matter, as in sysbench's 52-bit doubles (xoroshiro128+'s lowest bits are
 * its weakest, as its authors note). */
enum {
    STR_DIGITS_PER_DRAW   = 16, /* 10^16 < 2^53.2 */
    STR_LETTERS_PER_DRAW  = 11, /* 26^11 < 2^51.8 */
    VARSTR_CHARS_PER_DRAW = 8,  /* 75^8 < 2^49.9 ('0'..'z' is 75 chars) */
    ALNUM_CHARS_PER_DRAW  = 10, /* 62^10 < 2^59.6 */
};

/* 2^64 mod r^k, indexed by k: in uint64_t, (0 - m) % m is 2^64 mod m. */
#define STR_REJECT(m) ((0 - (uint64_t) (m)) % (uint64_t) (m))
/* clang-format off */
static const uint64_t str_reject_10[] = {
    STR_REJECT(1ull), STR_REJECT(10ull), STR_REJECT(100ull),
    STR_REJECT(1000ull), STR_REJECT(10000ull), STR_REJECT(100000ull),
    STR_REJECT(1000000ull), STR_REJECT(10000000ull),
    STR_REJECT(100000000ull), STR_REJECT(1000000000ull),
    STR_REJECT(10000000000ull), STR_REJECT(100000000000ull),
    STR_REJECT(1000000000000ull), STR_REJECT(10000000000000ull),
    STR_REJECT(100000000000000ull), STR_REJECT(1000000000000000ull),
    STR_REJECT(10000000000000000ull),
};
static const uint64_t str_reject_26[] = {
    STR_REJECT(1ull), STR_REJECT(26ull), STR_REJECT(676ull),
    STR_REJECT(17576ull), STR_REJECT(456976ull), STR_REJECT(11881376ull),
    STR_REJECT(308915776ull), STR_REJECT(8031810176ull),
    STR_REJECT(208827064576ull), STR_REJECT(5429503678976ull),
    STR_REJECT(141167095653376ull), STR_REJECT(3670344486987776ull),
};
static const uint64_t str_reject_62[] = {
    STR_REJECT(1ull), STR_REJECT(62ull), STR_REJECT(3844ull),
    STR_REJECT(238328ull), STR_REJECT(14776336ull), STR_REJECT(916132832ull),
    STR_REJECT(56800235584ull), STR_REJECT(3521614606208ull),
    STR_REJECT(218340105584896ull), STR_REJECT(13537086546263552ull),
    STR_REJECT(839299365868340224ull),
};
static const uint64_t str_reject_75[] = {
    STR_REJECT(1ull), STR_REJECT(75ull), STR_REJECT(5625ull),
    STR_REJECT(421875ull), STR_REJECT(31640625ull), STR_REJECT(2373046875ull),
    STR_REJECT(177978515625ull), STR_REJECT(13348388671875ull),
    STR_REJECT(1001129150390625ull),
};
/* clang-format on */
#undef STR_REJECT

/* Next base-r digit of the fraction *x / 2^64; leaves the rest in *x.
 * On x86-64 one MUL: GCC keeps an __int128 product on the stack. */
static inline size_t str_digit(uint64_t *x, uint32_t radix)
{
#if defined(__x86_64__) && defined(__GNUC__)
    uint64_t lo = *x, hi;

    __asm__("mulq %2" : "+a"(lo), "=d"(hi) : "r"((uint64_t) radix) : "cc");
    *x = lo;
    return hi;
#elif defined(__SIZEOF_INT128__)
    unsigned __int128 m = (unsigned __int128) *x * radix;

    *x = (uint64_t) m;
    return (size_t) (m >> 64);
#else
    uint64_t lo = (*x & UINT32_MAX) * radix;
    uint64_t hi = (*x >> 32) * radix + (lo >> 32);

    *x = (hi << 32) | (lo & UINT32_MAX);
    return (size_t) (hi >> 32);
#endif
}

/* Base-r pairs ("00".."99", "aa".."zz") as 16-bit words in memory order:
 * two characters per load and store. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define STR_PAIR(f, a, b) ((uint16_t) ((f) + (a) + (((f) + (b)) << 8)))
#else
#define STR_PAIR(f, a, b) ((uint16_t) ((((f) + (a)) << 8) + (f) + (b)))
#endif
#define STR_PAIRS5(f, a, b)                                                    \
    STR_PAIR(f, a, b), STR_PAIR(f, a, b + 1), STR_PAIR(f, a, b + 2),           \
        STR_PAIR(f, a, b + 3), STR_PAIR(f, a, b + 4)
#define STR_ROW10(f, a) STR_PAIRS5(f, a, 0), STR_PAIRS5(f, a, 5)
#define STR_ROW26(f, a)                                                        \
    STR_PAIRS5(f, a, 0), STR_PAIRS5(f, a, 5), STR_PAIRS5(f, a, 10),            \
        STR_PAIRS5(f, a, 15), STR_PAIRS5(f, a, 20), STR_PAIR(f, a, 25)
#define STR_ROWS5(row, f, a)                                                   \
    row(f, a), row(f, a + 1), row(f, a + 2), row(f, a + 3), row(f, a + 4)
static const uint16_t str_digit_pairs[100] = {
    STR_ROWS5(STR_ROW10, '0', 0),
    STR_ROWS5(STR_ROW10, '0', 5),
};
static const uint16_t str_letter_pairs[26 * 26] = {
    STR_ROWS5(STR_ROW26, 'a', 0),  STR_ROWS5(STR_ROW26, 'a', 5),
    STR_ROWS5(STR_ROW26, 'a', 10), STR_ROWS5(STR_ROW26, 'a', 15),
    STR_ROWS5(STR_ROW26, 'a', 20), STR_ROW26('a', 25),
};
#undef STR_ROWS5
#undef STR_PAIRS5
#undef STR_ROW26
#undef STR_ROW10
#undef STR_PAIR

/* The four digits "0000".."9999": four base-10 characters per multiply
 * (radix 10^4) and per load and store, the same digits as two pairs. */
/* clang-format off */
#define STR_Q1(n)                                                              \
    {(char) ('0' + (n) / 1000), (char) ('0' + (n) / 100 % 10),                 \
     (char) ('0' + (n) / 10 % 10), (char) ('0' + (n) % 10)}
#define STR_Q10(n) STR_Q1(n), STR_Q1(n + 1), STR_Q1(n + 2), STR_Q1(n + 3),     \
    STR_Q1(n + 4), STR_Q1(n + 5), STR_Q1(n + 6), STR_Q1(n + 7),                \
    STR_Q1(n + 8), STR_Q1(n + 9)
#define STR_Q100(n) STR_Q10(n), STR_Q10(n + 10), STR_Q10(n + 20),             \
    STR_Q10(n + 30), STR_Q10(n + 40), STR_Q10(n + 50), STR_Q10(n + 60),        \
    STR_Q10(n + 70), STR_Q10(n + 80), STR_Q10(n + 90)
#define STR_Q1000(n) STR_Q100(n), STR_Q100(n + 100), STR_Q100(n + 200),       \
    STR_Q100(n + 300), STR_Q100(n + 400), STR_Q100(n + 500),                   \
    STR_Q100(n + 600), STR_Q100(n + 700), STR_Q100(n + 800),                   \
    STR_Q100(n + 900)
const char rand_digit_quads[10000][4] = {
    STR_Q1000(0), STR_Q1000(1000), STR_Q1000(2000), STR_Q1000(3000),
    STR_Q1000(4000), STR_Q1000(5000), STR_Q1000(6000), STR_Q1000(7000),
    STR_Q1000(8000), STR_Q1000(9000),
};
#undef STR_Q1000
#undef STR_Q100
#undef STR_Q10
#undef STR_Q1
/* clang-format on */

/* Writes the two base-r characters of p < r^2 to dst. */
static inline void str_put_pair(char *dst, uint32_t p, uint32_t radix,
                                char first)
{
    if (radix == 10) {
        memcpy(dst, &str_digit_pairs[p], 2);
    } else if (radix == 26) {
        memcpy(dst, &str_letter_pairs[p], 2);
    } else {
        dst[0] = (char) (first + p / radix);
        dst[1] = (char) (first + p % radix);
    }
}

/* Fills dst[0..k) with base-r characters from one accepted draw: digits
 * four per multiply (radix 10^4), then two characters per multiply
 * (radix r^2), then one if k is odd. However they are grouped, the
 * characters are those of floor(x * r^k / 2^64) and x ends as
 * x * r^k mod 2^64 (see above). */
static inline void str_block(char *dst, size_t k, uint32_t radix, char first,
                             const uint64_t *reject)
{
    uint64_t x;

    do {
        size_t j = 0;
        x        = rand_next();
        if (radix == 10) {
#pragma GCC unroll 4
            for (; j + 4 <= k; j += 4)
                memcpy(dst + j, rand_digit_quads[str_digit(&x, 10000)], 4);
        }
#pragma GCC unroll 8
        for (; j + 1 < k; j += 2)
            str_put_pair(dst + j, str_digit(&x, radix * radix), radix, first);
        if (k & 1) dst[k - 1] = (char) (first + str_digit(&x, radix));
    } while (x < reject[k]);
}

/* 0x80 in each byte of x that is not zero, 0 elsewhere; exact, as adding
 * 0x7f to a 7-bit value cannot carry into the next byte. */
static inline uint64_t str_nonzero_bytes(uint64_t x)
{
    const uint64_t low7 = 0x7f7f7f7f7f7f7f7fu;

    return (((x & low7) + low7) | x) & ~low7;
}

#define STR_BYTES(c) (0x0101010101010101u * (unsigned char) (c))

/* Letters for the '@' bytes of fmt[i..end), taken from pool, which is
 * refilled a block of STR_LETTERS_PER_DRAW at a time; *pos indexes its
 * unused part. Other bytes but '#' are copied. */
static void str_letters(const char *fmt, char *buf, size_t i, size_t end,
                        char *pool, size_t *pos)
{
    for (; i < end; i++) {
        if (fmt[i] != '@') {
            if (fmt[i] != '#') buf[i] = fmt[i];
            continue;
        }
        if (*pos == STR_LETTERS_PER_DRAW) {
            str_block(pool, STR_LETTERS_PER_DRAW, 26, 'a', str_reject_26);
            *pos = 0;
        }
        buf[i] = pool[(*pos)++];
    }
}

/* Two passes: first a digit at every position, in unrolled blocks of 16
 * (the cheapest thing per byte), then, eight bytes at a time, fmt's own
 * bytes wherever fmt is not '#' and letters where it is '@' (a block of
 * eight when the whole word is '@'). Which digits are dropped depends on
 * fmt only, so the digits kept stay uniform and independent. */
void sb_rand_str(const char *fmt, char *buf)
{
    sb_rand_strn(fmt, strlen(fmt), buf);
}

/* 10^k, indexed by k <= 16: the low word after k digits of x is x * 10^k
 * mod 2^64, so a block whose digits are not kept needs one multiply. */
static const uint64_t str_pow10[] = {
    1ull,
    10ull,
    100ull,
    1000ull,
    10000ull,
    100000ull,
    1000000ull,
    10000000ull,
    100000000ull,
    1000000000ull,
    10000000000ull,
    100000000000ull,
    1000000000000ull,
    10000000000000ull,
    100000000000000ull,
    1000000000000000ull,
    10000000000000000ull,
};

/* The generator's step on a copy of its state (s0, s1): kept in
 * registers over a whole string, stored back once. */
#define STR_STEP(s0, s1, out)                                                  \
    do {                                                                       \
        uint64_t t_ = (s1) ^ (s0);                                             \
        (out)       = (s0) + (s1);                                             \
        (s0)        = rand_rotl((s0), 55) ^ t_ ^ (t_ << 14);                   \
        (s1)        = rand_rotl(t_, 36);                                       \
    } while (0)

/* A digit block of k <= 16 (str_block's draws and digits, radix 10) on the
 * state copy, written to dst. */
static inline void str_digits_local(char *dst, size_t k, uint64_t *s0,
                                    uint64_t *s1)
{
    uint64_t x;

    do {
        size_t j = 0;
        STR_STEP(*s0, *s1, x);
#pragma GCC unroll 4
        for (; j + 4 <= k; j += 4)
            memcpy(dst + j, rand_digit_quads[str_digit(&x, 10000)], 4);
        if (j + 1 < k) {
            memcpy(dst + j, &str_digit_pairs[str_digit(&x, 100)], 2);
            j += 2;
        }
        if (j < k) dst[j] = (char) ('0' + str_digit(&x, 10));
    } while (x < str_reject_10[k]);
}

/* The same block's draws alone: its rejection test needs only the last
 * fraction, x * 10^k mod 2^64. */
static inline void str_skip_local(size_t k, uint64_t *s0, uint64_t *s1)
{
    uint64_t x;

    do {
        STR_STEP(*s0, *s1, x);
    } while (x * str_pow10[k] < str_reject_10[k]);
}

void rand_str_digits_segs(char *buf, const size_t *lens, size_t n)
{
    uint64_t s0, s1;
    size_t len;
    char *end;

    if (n == 0) return;
    if (rand_unseeded()) rand_thread_init();
    s0 = rand_s[0];
    s1 = rand_s[1];
    for (size_t seg = 0; seg + 1 < n; seg++) {
        for (len = lens[seg]; len >= STR_DIGITS_PER_DRAW;
             len -= STR_DIGITS_PER_DRAW)
            str_skip_local(STR_DIGITS_PER_DRAW, &s0, &s1);
        if (len > 0) str_skip_local(len, &s0, &s1);
    }
    len = lens[n - 1];
    end = buf + (len - len % STR_DIGITS_PER_DRAW);
    for (; buf < end; buf += STR_DIGITS_PER_DRAW)
        str_digits_local(buf, STR_DIGITS_PER_DRAW, &s0, &s1);
    if (len % STR_DIGITS_PER_DRAW)
        str_digits_local(buf, len % STR_DIGITS_PER_DRAW, &s0, &s1);
    rand_s[0] = s0;
    rand_s[1] = s1;
}

void rand_str_digits(char *buf, size_t n)
{
    rand_str_digits_segs(buf, &n, 1);
}

void sb_rand_strn(const char *fmt, size_t n, char *buf)
{
    char letters[STR_LETTERS_PER_DRAW];
    size_t i, lpos = STR_LETTERS_PER_DRAW;

    rand_str_digits(buf, n);
    for (i = 0; i + 8 <= n; i += 8) {
        uint64_t f, d, not_hash, not_at;

        memcpy(&f, fmt + i, 8);
        not_hash = str_nonzero_bytes(f ^ STR_BYTES('#'));
        if (not_hash == 0) continue;
        not_at = str_nonzero_bytes(f ^ STR_BYTES('@'));
        if (not_at == 0) {
            str_block(buf + i, 8, 26, 'a', str_reject_26);
        } else if (not_at == STR_BYTES(0x80)) { /* '#' and other bytes */
            not_hash = (not_hash >> 7) * 0xff;
            memcpy(&d, buf + i, 8);
            d = (d & ~not_hash) | (f & not_hash);
            memcpy(buf + i, &d, 8);
        } else {
            str_letters(fmt, buf, i, i + 8, letters, &lpos);
        }
    }
    str_letters(fmt, buf, i, n, letters, &lpos);
}

#undef STR_BYTES

uint32_t sb_rand_varstr(char *buf, uint32_t min_len, uint32_t max_len)
{
    /* Never past max_len, the caller's buffer, whatever min_len is: a call
     * through the FFI does not pass sysbench.rand.varstring's checks. */
    uint32_t len =
        sb_rand_uniform(min_len < max_len ? min_len : max_len, max_len);

    for (uint32_t i = 0; i < len; i += VARSTR_CHARS_PER_DRAW) {
        uint32_t k = len - i;

        str_block(buf + i,
                  k < VARSTR_CHARS_PER_DRAW ? k : VARSTR_CHARS_PER_DRAW, 75,
                  '0', str_reject_75);
    }
    return len;
}

/* The 62 characters of an alphanumeric string, by digit. */
static const char str_alnum[62] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                  "abcdefghijklmnopqrstuvwxyz";

void sb_rand_alnum(char *buf, size_t n)
{
    for (size_t i = 0; i < n; i += ALNUM_CHARS_PER_DRAW) {
        size_t k = n - i < ALNUM_CHARS_PER_DRAW ? n - i : ALNUM_CHARS_PER_DRAW;
        uint64_t x;

        do { /* as str_block, through the table */
            x = rand_next();
            for (size_t j = 0; j < k; j++)
                buf[i + j] = str_alnum[str_digit(&x, 62)];
        } while (x < str_reject_62[k]);
    }
}

/* -- Key names ------------------------------------------------------------ */

uint64_t bench_fnv1a64(uint64_t v)
{
    uint64_t h = 0xcbf29ce484222325u;

    for (int i = 0; i < 8; i++, v >>= 8)
        h = (h ^ (v & 0xff)) * 0x100000001b3u;
    /* As a signed value made positive (YCSB's Math.abs): -2^63 has no
     * positive twin and stays 2^63. */
    return h >> 63 && h != (uint64_t) 1 << 63 ? ~h + 1 : h;
}

uint32_t bench_key_text(char *buf, uint32_t cap, const char *prefix, uint64_t n,
                        uint32_t pad)
{
    char digits[20];
    uint32_t nd = 0, len = 0, low;

    /* Eight digits at a time by 64-bit division, then 32-bit steps (a
     * multiply each): a 19-digit hash costs two 64-bit divisions. */
    while (n >= 100000000u) {
        uint32_t chunk = (uint32_t) (n % 100000000u);
        n /= 100000000u;
        for (int i = 0; i < 8; i++, chunk /= 10)
            digits[nd++] = (char) ('0' + chunk % 10);
    }
    low = (uint32_t) n;
    do {
        digits[nd++] = (char) ('0' + low % 10);
        low /= 10;
    } while (low);
    while (prefix[len] && len < cap) {
        buf[len] = prefix[len];
        len++;
    }
    for (uint32_t z = nd; z < pad && len < cap; z++)
        buf[len++] = '0';
    while (nd && len < cap)
        buf[len++] = digits[--nd];
    return len;
}
