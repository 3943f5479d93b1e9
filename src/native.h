/* SPDX-License-Identifier: MIT */
/* native: the workers of a built-in test without a Lua state each.
 *
 * Every workload is still a script: a built-in test's script (src/lua/
 * cpu.lua, ...) declares its options, checks them and builds the kernel's
 * run-wide state in init(), prints the mode lines and the reports, all in
 * the main state (and the reporting thread's). From init() it may also
 * name its native kernel, bench.builtin.native_worker("cpu") -> the FFI
 * function bench_native_worker(), looked up in kernels/registry.c. For a
 * built-in test run.c then runs each worker as native_thread_init/run/
 * done, the kernel's C functions (kernels/kernel.h; their loop has the
 * accounting of bench.lua's thread_run), instead of a LuaJIT state per
 * worker: about 1 KB per thread instead of ~90 KB, and no state to build
 * at start (issue 12, perf/builtin_threads.sh). A user's script, even a copy of
 * a built-in one, always runs its own Lua hooks. The core never names a kernel:
 * this module sees only the registry. */
#ifndef BENCH_NATIVE_H
#define BENCH_NATIVE_H

#include <stdbool.h>

struct native_kernel;

/* The kernel registered as `name`, or NULL. */
const struct native_kernel *native_find(const char *name);

/* The kernel the script's init() named (bench_native_worker) when
 * `allowed` (the test is built in), else NULL; either way the choice is
 * cleared for the next run. Main thread, after init(). */
const struct native_kernel *native_take(bool allowed);

/* A worker's phases, in its own thread, as pool_work's init, run and done:
 * 0, or -1 after the kernel printed why (the run fails). The kernel's
 * per-worker context lives in thread-local storage between the calls. */
int native_thread_init(const struct native_kernel *k, int tid);
int native_thread_run(const struct native_kernel *k, int tid);
int native_thread_done(const struct native_kernel *k, int tid);

#endif
