/* SPDX-License-Identifier: MIT */
/* wallclock: wall-clock (CLOCK_REALTIME) instants as ns since the Unix
 * epoch: parsing --start-at's unix time or RFC 3339 text, formatting as
 * RFC 3339, and sleeping until an instant. Measurements never use it
 * (clock.h's monotonic time does); it only places runs of several
 * processes or hosts on one time line. Conventions: 0 ok, -1 error. */
#ifndef BENCH_WALLCLOCK_H
#define BENCH_WALLCLOCK_H

#include <stddef.h>
#include <stdint.h>

/* Now, in ns since the epoch. Any thread. */
int64_t wallclock_now_ns(void);

/* Parses `s` as a unix time in seconds ("1764115200", "1764115200.25") or
 * an RFC 3339 date-time ("2026-11-26T01:00:00Z", "...T01:00:00.5+01:00";
 * 't', 'z' and a space separator allowed, as RFC 3339 permits). Sets
 * *out_ns and returns 0, or returns -1 and leaves it alone (anything
 * else: no date, no zone, out-of-range fields, trailing text). */
int wallclock_parse_ns(const char *s, int64_t *out_ns);

/* Writes `ns` as RFC 3339 in UTC with milliseconds
 * ("2026-11-26T01:00:00.000Z") into buf (at least 32 bytes). */
void wallclock_format(int64_t ns, char *buf, size_t size);

/* Sleeps until the wall-clock instant `when_ns` (returns at once if it
 * passed), following clock changes while asleep. A signal does not end
 * the sleep early. */
void wallclock_sleep_until_ns(int64_t when_ns);

#endif
