/* SPDX-License-Identifier: MIT */
/* version: the product and API versions (PD-1, PD-9). */
#ifndef BENCH_VERSION_H
#define BENCH_VERSION_H

#include <stdbool.h>
#include <stddef.h>

#ifndef PACKAGE_VERSION
#include "config.h"
#endif

#define BENCH_VERSION  PACKAGE_VERSION
#define SYSBENCH_API_R "1.0.20"
#define SYSBENCH_API_M "1.1.0"

/* "bench <version> (sysbench 1.0.20 compatible, using system LuaJIT x)". */
void version_banner(char *buf, size_t len, bool profile_m);

#endif
