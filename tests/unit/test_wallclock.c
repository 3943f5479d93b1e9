/* SPDX-License-Identifier: MIT */
/* test_wallclock.c: --start-at's time syntax (unix seconds, RFC 3339 with
 * zones and fractions) against instants computed by hand, the refusals,
 * the RFC 3339 formatting and a sleep until a wall-clock instant. */
#define _POSIX_C_SOURCE 200809L

#include <stdbool.h>
#include <stdint.h>

#include "tap.h"
#include "wallclock.h"

#define S 1000000000LL

static void parses(const char *text, int64_t want_ns)
{
    int64_t got = -1;
    char name[128];

    snprintf(name, sizeof(name), "'%s' parses", text);
    if (!ok(wallclock_parse_ns(text, &got) == 0 && got == want_ns, name))
        printf("#   got %lld, want %lld\n", (long long) got,
               (long long) want_ns);
}

static void refuses(const char *text)
{
    int64_t got = 7;
    char name[128];

    snprintf(name, sizeof(name), "'%s' is refused, output untouched", text);
    ok(wallclock_parse_ns(text, &got) == -1 && got == 7, name);
}

int main(void)
{
    /* 2026-11-26T01:00:00Z = 1795654800 (date -u -d @1795654800). */
    parses("1795654800", 1795654800 * S);
    parses("1795654800.25", 1795654800 * S + S / 4);
    parses("0.000000001", 1);
    parses("2026-11-26T01:00:00Z", 1795654800 * S);
    parses("2026-11-26t01:00:00z", 1795654800 * S);
    parses("2026-11-26 01:00:00Z", 1795654800 * S);
    parses("2026-11-26T02:30:00+01:30", 1795654800 * S);
    parses("2026-11-25T20:00:00-05:00", 1795654800 * S);
    parses("2026-11-26T01:00:00.5Z", 1795654800 * S + S / 2);
    parses("2026-11-26T01:00:00.1234567891Z", 1795654800 * S + 123456789);
    parses("2024-02-29T00:00:00Z", 1709164800 * S);
    parses("2016-12-31T23:59:60Z", 1483228799 * S); /* leap second */
    refuses("");
    refuses("soon");
    refuses("1795654800x");
    refuses("1795654800000"); /* milliseconds: a mistake */
    refuses("-5");
    refuses("1795654800.");
    refuses("2026-11-26T01:00:00");  /* no zone */
    refuses("2026-11-26");           /* no time */
    refuses("2026-11-26T01:00Z");    /* no seconds */
    refuses("2026-02-30T00:00:00Z"); /* no such day */
    refuses("2025-02-29T00:00:00Z");
    refuses("2026-13-01T00:00:00Z");
    refuses("2026-11-26T24:00:00Z");
    refuses("2026-11-26T01:00:00+24:00");
    refuses("2026-11-26T01:00:00Z trailing");

    char buf[40];
    wallclock_format(1795654800 * S + 123456789, buf, sizeof(buf));
    is_str(buf, "2026-11-26T01:00:00.123Z", "formats as RFC 3339 UTC, ms");
    int64_t back = 0;
    ok(wallclock_parse_ns(buf, &back) == 0 &&
           back == 1795654800 * S + 123000000,
       "its own format parses back");

    int64_t now = wallclock_now_ns(), target = now + S / 5;
    wallclock_sleep_until_ns(target);
    int64_t woke = wallclock_now_ns();
    ok(woke >= target && woke < target + S / 5,
       "sleeps until the wall-clock instant, not much later");
    wallclock_sleep_until_ns(now - S);
    ok(wallclock_now_ns() - woke < S / 10, "a past instant returns at once");
    return done_testing();
}
