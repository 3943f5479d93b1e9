/* SPDX-License-Identifier: MIT */
/* kernels/kernel.h: what a built-in test's native worker implements, and
 * all a kernel sees of it (as driver.h is for drivers). One const instance
 * per kernel, designated initializers, listed in kernels/registry.c; the
 * test's script names it from init() (bench.builtin.native, see native.h).
 *
 * A native worker does in C exactly what the script's own thread_init,
 * event (or thread_run) and thread_done do in a worker's Lua state; the
 * Lua hooks stay as the reference, run when the script is not a built-in
 * test (a copy run from a file). Every function runs in worker `tid`'s
 * thread. The kernel's run-wide state is built by the script's init() in
 * the main thread before the workers start (the kernel's _new or _setup
 * FFI function) and freed after they were joined. Fallible functions
 * return 0, or -1 after printing the message themselves: the run then
 * fails with no report, as when a Lua hook raises bench.builtin.FAILED. */
#ifndef BENCH_KERNELS_KERNEL_H
#define BENCH_KERNELS_KERNEL_H

struct native_kernel {
    const char *name; /* what the script names: "cpu", "memory", ... */
    /* Optional. Before the start barrier: sets *ctx, which the other
     * functions get (NULL when absent). */
    int (*thread_init)(int tid, void **ctx);
    /* One event; the caller times it and runs the limits (--time,
     * --events, --rate, warm-up), as bench.lua's default thread_run. */
    int (*event)(void *ctx, int tid);
    /* Optional: the worker's whole loop instead of the default one, for a
     * kernel whose events have an untimed part (fileio makes its request
     * before the event starts). Uses pool.c's per-event FFI functions as
     * the script's thread_run does. */
    int (*thread_run)(void *ctx, int tid);
    /* Optional: after the loop ended without failure. */
    int (*thread_done)(void *ctx, int tid);
};

/* The kernels (kernels/<name>.c), listed by kernels/registry.c. */
extern const struct native_kernel native_cpu, native_memory, native_threads,
    native_mutex, native_fileio;
extern const struct native_kernel *const native_kernels[]; /* NULL ends */

#endif
