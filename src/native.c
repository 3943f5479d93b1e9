/* SPDX-License-Identifier: MIT */
/* native: see native.h. The loops themselves are the kernels' (kernel.h,
 * native_loop). */
#include <stddef.h>
#include <string.h>

#include "api.h"
#include "kernels/kernel.h"
#include "native.h"

/* Named by the script's init() in the main thread, taken by run.c before
 * the workers start. */
static const struct native_kernel *chosen;

/* The worker's context from the kernel's thread_init (kernel.h); each
 * worker thread runs its three phases itself. */
static _Thread_local void *worker_ctx;

const struct native_kernel *native_find(const char *name)
{
    for (size_t i = 0; name && native_kernels[i]; i++)
        if (strcmp(native_kernels[i]->name, name) == 0)
            return native_kernels[i];
    return NULL;
}

bool bench_native_worker(const char *name)
{
    chosen = native_find(name);
    return chosen != NULL;
}

const struct native_kernel *native_take(bool allowed)
{
    const struct native_kernel *k = chosen;

    chosen = NULL;
    return allowed ? k : NULL;
}

int native_thread_init(const struct native_kernel *k, int tid)
{
    worker_ctx = NULL;
    return k->thread_init ? k->thread_init(tid, &worker_ctx) : 0;
}

int native_thread_run(const struct native_kernel *k, int tid)
{
    return k->thread_run(worker_ctx, tid);
}

int native_thread_done(const struct native_kernel *k, int tid)
{
    return k->thread_done ? k->thread_done(worker_ctx, tid) : 0;
}
