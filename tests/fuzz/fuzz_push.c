/* SPDX-License-Identifier: MIT */
/* fuzz_push: libFuzzer harness of what --metrics-push reads from outside:
 * a Pushgateway's reply (metrics_reply_status) and the URL and job name
 * (metrics_check_push). Input: a mode byte, then the bytes. Mode even:
 * the bytes are a reply, cut anywhere, in a buffer of exactly their
 * length (ASan sees a read past it); the code is -1 or 100-999, -1
 * unless the input starts "HTTP/1.", the detail is a NUL-terminated
 * string of printable ASCII within its buffer (a size from the mode
 * byte, 1 to 64), and the same input parsed again gives the same. Mode
 * odd: the bytes up to a NUL are the URL, the rest the job name (none:
 * NULL). A crash, a sanitizer report or a failed check (abort) is a
 * finding. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/metrics.h"

static void fail(const char *why)
{
    fprintf(stderr, "fuzz_push: %s\n", why);
    abort();
}

static void check_reply(const uint8_t *data, size_t size, size_t dlen)
{
    char *buf = malloc(size ? size : 1), detail[64], again[64];
    int code, code2;

    if (!buf) return;
    memcpy(buf, data, size);
    memset(detail, 'X', sizeof(detail));
    code = metrics_reply_status(buf, size, detail, dlen);
    if (code != -1 && (code < 100 || code > 999)) fail("code out of range");
    if (code != -1 && (size < 7 || memcmp(buf, "HTTP/1.", 7) != 0))
        fail("a code from what is no status line");
    if (memchr(detail, '\0', dlen) == NULL) fail("detail not terminated");
    for (const char *p = detail; *p; p++)
        if (*p < 0x20 || *p >= 0x7f) fail("detail not printable");
    code2 = metrics_reply_status(buf, size, again, dlen);
    if (code2 != code || strcmp(again, detail) != 0) fail("not the same twice");
    free(buf);
}

static void check_url(const uint8_t *data, size_t size)
{
    char *text      = malloc(size + 2);
    const char *job = NULL;

    if (!text) return;
    memcpy(text, data, size);
    text[size] = text[size + 1] = '\0';
    if (strlen(text) < size) job = text + strlen(text) + 1;
    (void) metrics_check_push(text, job);
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0) return 0;
    if (data[0] % 2 == 0)
        check_reply(data + 1, size - 1, 1 + (data[0] >> 1) % 64);
    else
        check_url(data + 1, size - 1);
    return 0;
}
