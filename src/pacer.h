/* SPDX-License-Identifier: MIT */
/* pacer: the open-loop --rate schedule (PD-3). Arrivals form one shared
 * sequence with exponential gaps of mean 1/rate; a worker claims the next
 * arrival with one compare-and-swap and sleeps until its intended start.
 * Latency is measured from that intended start, so a stalled server shows
 * in the latency of every event scheduled behind it (no coordinated
 * omission), and a backlog never aborts the run. No thread, mutex or
 * condition variable per event. */
#ifndef BENCH_PACER_H
#define BENCH_PACER_H

#include <stdbool.h>
#include <stdint.h>

struct pacer;

/* Creates a schedule of `rate` events/s starting at `start_ns`. The gap
 * sequence is exponential via inverse CDF over a low-discrepancy sequence
 * (golden-ratio steps from `seed`), so the achieved count converges on
 * rate*time much faster than with independent draws. NULL on ENOMEM. */
struct pacer *pacer_new(double rate, uint64_t start_ns, uint64_t seed);
void pacer_free(struct pacer *p);

/* Claims the next arrival and returns its intended start (ns). Any thread;
 * lock-free. Does not sleep: the caller sleeps until the returned time. */
uint64_t pacer_claim(struct pacer *p);

/* Arrivals due at `now_ns` that no worker has claimed yet (the backlog),
 * counted exactly up to `cap`. Any thread. */
uint64_t pacer_backlog(const struct pacer *p, uint64_t now_ns, uint64_t cap);

/* sysbench's event queue (a ring of 131072 slots) holds this many events
 * waiting for a worker; a backlog past it is a --rate that could not be
 * delivered (PD-11: sysbench's "The event queue is full"). */
#define PACER_QUEUE_MAX 131071

/* Whether the backlog passed PACER_QUEUE_MAX just before the arrival
 * intended at `claimed_ns` (returned by pacer_claim) was claimed at
 * `now_ns`: a subtraction and a compare, exact within a few dozen events.
 * Any thread. */
bool pacer_overflowed_at_claim(const struct pacer *p, uint64_t claimed_ns,
                               uint64_t now_ns);
/* The same for the arrivals due at `now_ns` and still unclaimed (the end
 * of a run, when no claim may come). */
bool pacer_overflowed(const struct pacer *p, uint64_t now_ns);

#endif
