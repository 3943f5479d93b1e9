/* SPDX-License-Identifier: MIT */
/* pgsql_copy.h: COPY FROM STDIN data sent from the caller's buffer
 * (pgsql_copy.c), for the PostgreSQL driver's bulk loads. */
#ifndef BENCH_PGSQL_COPY_H
#define BENCH_PGSQL_COPY_H

#include <stddef.h>

#include <libpq-fe.h>

/* Sends text[0..len) as one CopyData message of the COPY FROM STDIN in
 * progress on pg, straight from text (libpq's pending output first).
 * 1 when sent; 0 when it cannot be sent this way (TLS or GSS encryption,
 * a non-blocking connection, a failed flush, len 0 or over 2 GB): then
 * PQputCopyData must send it, or report libpq's error; -1 when the
 * socket failed, errno set (the connection is unusable). */
int pg_copy_send(PGconn *pg, const char *text, size_t len);

#endif
