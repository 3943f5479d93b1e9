/* SPDX-License-Identifier: MIT */
/* embedded: text files compiled into the binary by build-aux/lua2c.sh: the
 * internal Lua modules, the bundled workloads and the FFI declarations. */
#ifndef BENCH_EMBEDDED_H
#define BENCH_EMBEDDED_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

struct embedded_file {
    const char *name;         /* module name, e.g. "bench.sql", "cpu" */
    const char *data;         /* NUL-terminated text */
    size_t len;               /* without the NUL */
    const char *builtin_desc; /* non-NULL for built-in tests (cpu, ...) */
};

/* Terminated by an entry whose name is NULL. */
extern const struct embedded_file embedded_files[];

/* The file named `name`, or NULL. */
static inline const struct embedded_file *embedded_find(const char *name)
{
    for (const struct embedded_file *f = embedded_files; f->name; f++)
        if (strcmp(f->name, name) == 0) return f;
    return NULL;
}

/* A bundled workload script: not a built-in test, an internal bench.*
 * module or the FFI declarations. */
static inline bool embedded_is_workload(const struct embedded_file *f)
{
    return !f->builtin_desc && strncmp(f->name, "bench", 5) != 0 &&
           !strstr(f->name, "_decls");
}

#endif
