/* SPDX-License-Identifier: MIT */
/* embedded: text files compiled into the binary by build-aux/lua2c.sh: the
 * internal Lua modules, the bundled workloads and the FFI declarations. */
#ifndef BENCH_EMBEDDED_H
#define BENCH_EMBEDDED_H

#include <stddef.h>

struct embedded_file {
    const char *name;         /* module name, e.g. "bench.sql", "cpu" */
    const char *data;         /* NUL-terminated text */
    size_t len;               /* without the NUL */
    const char *builtin_desc; /* non-NULL for built-in tests (cpu, ...) */
};

/* Terminated by an entry whose name is NULL. */
extern const struct embedded_file embedded_files[];

#endif
