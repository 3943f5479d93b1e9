/* SPDX-License-Identifier: MIT */
/* api.h: exports the FFI surface of api_decls.h and api_builtin_decls.h.
 * Only these functions are in the dynamic symbol table
 * (-fvisibility=hidden plus -rdynamic). */
#ifndef BENCH_API_H
#define BENCH_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#pragma GCC visibility push(default)
#include "api_decls.h"
#include "api_builtin_decls.h"
#pragma GCC visibility pop

#endif
