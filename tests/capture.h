/* SPDX-License-Identifier: MIT */
/* capture.h: what bench prints on stdout between capture_begin() and
 * capture_end(), for the tests that check log.c's messages (the first
 * 16 KB of it). One capture at a time; the text is valid until the next
 * capture_end(). */
#ifndef BENCH_TEST_CAPTURE_H
#define BENCH_TEST_CAPTURE_H

#include <stdio.h>
#include <unistd.h>

#include "log.h"

static FILE *cap_file;
static int cap_saved = -1;
static char cap_text[16384];

static inline void capture_begin(void)
{
    fflush(stdout);
    cap_file  = tmpfile();
    cap_saved = dup(1);
    dup2(fileno(cap_file), 1);
}

static inline const char *capture_end(void)
{
    size_t n;

    log_flush();
    fflush(stdout);
    dup2(cap_saved, 1);
    close(cap_saved);
    rewind(cap_file);
    n           = fread(cap_text, 1, sizeof(cap_text) - 1, cap_file);
    cap_text[n] = '\0';
    fclose(cap_file);
    return cap_text;
}

#endif
