/* SPDX-License-Identifier: MIT */
/* vu: a worker's wait for its virtual users (--virtual-users): their
 * sockets in one epoll set and their sleeps in a timer heap. Only
 * bench/vu.lua calls it, through the FFI: the functions are declared in
 * api_builtin_decls.h (bench_vu_new ... bench_vu_poll). Not thread-safe:
 * a scheduler belongs to the worker thread that made it. */
#ifndef BENCH_VU_H
#define BENCH_VU_H

#include "api.h"

#endif
