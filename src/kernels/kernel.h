/* SPDX-License-Identifier: MIT */
/* kernels/kernel.h: what a built-in test's native worker implements, and
 * all a kernel sees of it (as driver.h is for drivers). One const instance
 * per kernel, designated initializers, listed in kernels/registry.c; the
 * test's script names it from init() (bench.builtin.native_worker, see
 * native.h).
 *
 * A native worker does in C exactly what the script's own thread_init,
 * event (in thread_run's loop) and thread_done do in a worker's Lua state; the
 * Lua hooks stay as the reference, run when the script is not a built-in
 * test (a copy run from a file). Every function runs in worker `tid`'s
 * thread. The kernel's run-wide state is built by the script's init() in
 * the main thread before the workers start (the kernel's _new or _setup
 * FFI function) and freed after they were joined. Fallible functions
 * return 0, or -1 after printing the message themselves: the run then
 * fails with no report, as when a Lua hook raises bench.builtin.FAILED. */
#ifndef BENCH_KERNELS_KERNEL_H
#define BENCH_KERNELS_KERNEL_H

#include "api.h"

struct native_kernel {
    const char *name; /* what the script names: "cpu", "memory", ... */
    /* Optional. Before the start barrier: sets *ctx, which the other
     * functions get (NULL when absent). */
    int (*thread_init)(int tid, void **ctx);
    /* The worker's events until a limit or a failure: native_loop below,
     * or the kernel's own loop on pool.c's per-event FFI functions (fileio
     * makes its request before the event starts). */
    int (*thread_run)(void *ctx, int tid);
    /* Optional: after the loop ended without failure. */
    int (*thread_done)(void *ctx, int tid);
};

/* bench.lua's default thread_run in C, with the same calls in the same
 * order (sb_more_events, sb_event_start, then event and bench_worker_next
 * until a limit), so --time, --events, --rate, warm-up and the limits of
 * bench_event_limits behave and count alike. Called by a kernel's
 * thread_run with its own event function, which the compiler then calls
 * directly or inlines (an event costs no more than the Lua loop's FFI
 * call). 0, or -1 when an event returned -1. */
static inline __attribute__((always_inline)) int
native_loop(void *ctx, int tid, int (*event)(void *ctx, int tid))
{
    bench_worker_t *w;

    if (!sb_more_events(tid)) return 0;
    sb_event_start(tid);
    w = bench_worker(tid);
    do {
        if (event(ctx, tid) != 0) return -1;
    } while (bench_worker_next(w));
    return 0;
}

/* The kernels (kernels/<name>.c), listed by kernels/registry.c. */
extern const struct native_kernel native_cpu, native_memory, native_threads,
    native_mutex, native_fileio;
extern const struct native_kernel *const native_kernels[]; /* NULL ends */

#endif
