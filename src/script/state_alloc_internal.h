/* SPDX-License-Identifier: MIT */
/* state_alloc_internal.h: for tests/unit/test_state_alloc.c only. */
#ifndef BENCH_STATE_ALLOC_INTERNAL_H
#define BENCH_STATE_ALLOC_INTERNAL_H

#include <stddef.h>

/* Replaces the malloc and realloc that state_alloc uses for its chunks and
 * large blocks (NULL: the libc ones), so a test can make them fail. Not
 * thread-safe: set it before any state exists. */
void state_alloc_set_malloc(void *(*m)(size_t), void *(*r)(void *, size_t));

#endif
