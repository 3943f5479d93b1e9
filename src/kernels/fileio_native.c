/* SPDX-License-Identifier: MIT */
/* kernels/fileio_native: the fileio test's native worker (kernel.h), the
 * C twin of fileio.lua's thread_run and thread_done: the same calls in the
 * same order, on the test that init() made current. */
#include "api.h"
#include "kernels/kernel.h"
#include "log.h"

static int native_init(int tid, void **ctx)
{
    (void) tid;
    if (!(*ctx = bench_fileio_current())) {
        log_fatal("fileio: start a worker: the test was not set up");
        return -1;
    }
    return 0;
}

/* As sysbench's loop for built-in tests, the request is made before its
 * event starts, so the shared generator's lock is not in the latency;
 * bench_event_next checks the limits and starts the event (at its --rate
 * time); the request made when it says no is dropped. */
static int native_run(void *ctx, int tid)
{
    struct bench_fileio *f      = ctx;
    struct bench_fileio_req req = {0};

    for (;;) {
        int rc;

        bench_fileio_next(f, tid, &req);
        if (!bench_event_next(tid)) return 0;
        rc = bench_fileio_execute(f, tid, &req);
        sb_event_stop(tid);
        if (rc != 0) return -1;
    }
}

static int native_done(void *ctx, int tid)
{
    return bench_fileio_thread_done(ctx, tid);
}

const struct native_kernel native_fileio = {
    .name        = "fileio",
    .thread_init = native_init,
    .thread_run  = native_run,
    .thread_done = native_done,
};
