/* SPDX-License-Identifier: MIT */
/* kernels/registry: the only place that lists the native kernels of the
 * built-in tests (kernel.h); a script names one by its `name`. */
#include <stddef.h>

#include "kernels/kernel.h"

const struct native_kernel *const native_kernels[] = {
    &native_cpu,   &native_memory, &native_threads,
    &native_mutex, &native_fileio, NULL,
};
