/* SPDX-License-Identifier: MIT */
/* wallclock: see wallclock.h. RFC 3339 section 5.6 is the grammar. */
#define _DEFAULT_SOURCE /* timegm */

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "wallclock.h"

#define WC_NS_PER_S 1000000000LL

int64_t wallclock_now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t) ts.tv_sec * WC_NS_PER_S + ts.tv_nsec;
}

/* Reads exactly `n` digits at *p into *out and advances *p. */
static bool digits(const char **p, int n, int *out)
{
    int v = 0;

    for (int i = 0; i < n; i++) {
        if (!isdigit((unsigned char) (*p)[i])) return false;
        v = v * 10 + ((*p)[i] - '0');
    }
    *p += n;
    *out = v;
    return true;
}

/* "." followed by at least one digit: the fraction in ns (digits past the
 * ninth are read and dropped). No fraction: 0. */
static bool fraction_ns(const char **p, int64_t *out)
{
    int64_t ns = 0, scale = WC_NS_PER_S / 10;
    const char *s = *p;

    *out = 0;
    if (*s != '.') return true;
    if (!isdigit((unsigned char) *++s)) return false;
    for (; isdigit((unsigned char) *s); s++, scale /= 10)
        ns += (*s - '0') * scale;
    *p   = s;
    *out = ns;
    return true;
}

static bool expect(const char **p, const char *any_of)
{
    if (!**p || !strchr(any_of, **p)) return false;
    (*p)++;
    return true;
}

/* Z, or +HH:MM / -HH:MM: the offset east of UTC in seconds. */
static bool zone_s(const char **p, long *out)
{
    int sign, h, m;

    if (expect(p, "Zz")) {
        *out = 0;
        return true;
    }
    if (**p != '+' && **p != '-') return false;
    sign = *(*p)++ == '-' ? -1 : 1;
    if (!digits(p, 2, &h) || !expect(p, ":") || !digits(p, 2, &m) || h > 23 ||
        m > 59)
        return false;
    *out = sign * (h * 3600L + m * 60L);
    return true;
}

static int parse_rfc3339(const char *s, int64_t *out_ns)
{
    struct tm tm = {0}, check;
    int y, mo, d, h, mi, sec;
    int64_t frac;
    long zone;
    time_t t;

    if (!digits(&s, 4, &y) || !expect(&s, "-") || !digits(&s, 2, &mo) ||
        !expect(&s, "-") || !digits(&s, 2, &d) || !expect(&s, "Tt ") ||
        !digits(&s, 2, &h) || !expect(&s, ":") || !digits(&s, 2, &mi) ||
        !expect(&s, ":") || !digits(&s, 2, &sec) || !fraction_ns(&s, &frac) ||
        !zone_s(&s, &zone) || *s)
        return -1;
    if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || sec > 60) return -1;
    tm.tm_year = y - 1900;
    tm.tm_mon  = mo - 1;
    tm.tm_mday = d;
    tm.tm_hour = h;
    tm.tm_min  = mi;
    tm.tm_sec  = sec == 60 ? 59 : sec; /* a leap second: its last instant */
    t          = timegm(&tm);
    /* timegm normalises February 30th into March: refuse such dates. */
    if (!gmtime_r(&t, &check) || check.tm_mday != d || check.tm_mon != mo - 1)
        return -1;
    *out_ns = ((int64_t) t - zone) * WC_NS_PER_S + frac;
    return 0;
}

/* Seconds since the epoch: digits, an optional fraction, nothing else.
 * Up to 11 digits (year 5138): a value in ms or ns is a mistake. */
static int parse_unix(const char *s, int64_t *out_ns)
{
    const char *p = s;
    int64_t sec   = 0, frac;

    while (isdigit((unsigned char) *p) && p - s < 12)
        sec = sec * 10 + (*p++ - '0');
    if (p == s || p - s > 11 || !fraction_ns(&p, &frac) || *p) return -1;
    *out_ns = sec * WC_NS_PER_S + frac;
    return 0;
}

int wallclock_parse_ns(const char *s, int64_t *out_ns)
{
    if (!s || !*s) return -1;
    if (strlen(s) > 10 && s[4] == '-') return parse_rfc3339(s, out_ns);
    return parse_unix(s, out_ns);
}

void wallclock_format(int64_t ns, char *buf, size_t size)
{
    time_t t    = (time_t) (ns / WC_NS_PER_S);
    int64_t rem = ns % WC_NS_PER_S;
    struct tm tm;

    if (rem < 0) {
        rem += WC_NS_PER_S;
        t--;
    }
    gmtime_r(&t, &tm);
    snprintf(buf, size, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
             tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
             tm.tm_min, tm.tm_sec, (int) (rem / 1000000));
}

void wallclock_sleep_until_ns(int64_t when_ns)
{
    struct timespec ts = {.tv_sec  = (time_t) (when_ns / WC_NS_PER_S),
                          .tv_nsec = (long) (when_ns % WC_NS_PER_S)};

    /* TIMER_ABSTIME on CLOCK_REALTIME: a clock step while asleep moves
     * the wake-up with it (POSIX), which is what a shared start needs. */
    while (clock_nanosleep(CLOCK_REALTIME, TIMER_ABSTIME, &ts, NULL) == EINTR)
        ;
}
