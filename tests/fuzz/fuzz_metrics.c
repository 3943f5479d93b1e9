/* SPDX-License-Identifier: MIT */
/* fuzz_metrics: libFuzzer harness of the --metrics-addr endpoint, as a
 * client sees it: a real metrics_start() on 127.0.0.1:0 (libmicrohttpd,
 * bench's serving thread, its deadline and limits), and each input sent
 * as the raw bytes of one connection. Input: a flags byte (bit 0: a
 * database is used; bits 1-3: the size of the pieces it is sent in, 0 at
 * once; bit 4: sent as it is, else followed by an empty line, which ends
 * the headers of most inputs), the workload label up to the first NUL (a
 * label value the text must escape), then the request. The connection is
 * half-closed after the request; an answer begun must end with a close within 8
 * s (the deadline is 3 s), and be well formed: a status line, Allow on a 405,
 * and on a 200 the three lines of bench_run_info with the label read back
 * equal to what was set. A request left incomplete is reset after 30 ms,
 * and then a scrape must still be answered. A crash, a sanitizer report,
 * a hang or a failed check (abort) is a finding. */
#include <errno.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "report/metrics.h"

#define REPLY_MAX 65536

static char workload[256];
static bool use_sql;
static unsigned port;
static char reply[REPLY_MAX + 1];

static bool sql(void)
{
    return use_sql;
}

static void fail(const char *why)
{
    fprintf(stderr, "fuzz_metrics: %s\n", why);
    abort();
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    static const struct metrics_config config = {
        .addr = "127.0.0.1:0",
        .labels =
            {
                .workload = workload,
                .driver   = "null",
                .version  = "fuzz",
                .compat   = "1.0",
                .threads  = 1,
                .sql      = sql,
            },
    };
    struct metrics *m = metrics_start(&config);

    (void) argc;
    (void) argv;
    if (!m) fail("metrics_start failed");
    port = metrics_port(m); /* serves until the process ends */
    return 0;
}

/* A socket connected to the endpoint, with 8 s send and receive timeouts.
 * A connect the kernel refuses (the listen backlog full of connections
 * the harness left to the endpoint's 3 s deadline) is tried again for up
 * to 10 s: past that the endpoint has stopped serving, a finding. */
static int dial(void)
{
    struct sockaddr_in a = {.sin_family = AF_INET,
                            .sin_port   = htons((uint16_t) port),
                            .sin_addr   = {htonl(INADDR_LOOPBACK)}};
    struct timeval tv    = {.tv_sec = 8};
    int fd               = -1;

    for (int tries = 0; fd < 0 && tries < 100; tries++) {
        fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
        if (fd < 0) fail("socket");
        if (connect(fd, (struct sockaddr *) &a, sizeof(a)) == 0) break;
        close(fd);
        fd = -1;
        usleep(100000);
    }
    if (fd < 0) fail("cannot connect to the endpoint for 10 s");
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
    setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv));
    return fd;
}

/* Reads the answer into `reply` until the endpoint closes, and closes
 * fd; the answer's length. */
static size_t read_all(int fd)
{
    size_t got = 0;

    for (;;) {
        char sink[4096];
        char *to = got < REPLY_MAX ? reply + got : sink;
        ssize_t n =
            recv(fd, to, to == sink ? sizeof(sink) : REPLY_MAX - got, 0);
        if (n == 0 || (n < 0 && errno == ECONNRESET)) break;
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) fail("an answer not finished, or no close, within 8 s");
        if (to != sink) got += (size_t) n;
    }
    close(fd);
    reply[got] = '\0';
    return got;
}

/* Sends `req` in pieces of `piece` bytes (0: at once) and half-closes;
 * the answer's length, or -1 when nothing came within 30 ms. That is a
 * request left incomplete: the endpoint would close it at its deadline
 * (MHD's epoll does not see the end of the stream after a partial line),
 * so the harness resets it instead. */
static long exchange(const uint8_t *req, size_t len, size_t piece, bool as_is)
{
    struct linger reset = {.l_onoff = 1, .l_linger = 0};
    int fd              = dial();
    struct pollfd p     = {.fd = fd, .events = POLLIN};
    ssize_t n;

    for (size_t off = 0; off < len; off += (size_t) n) {
        size_t k = piece && piece < len - off ? piece : len - off;
        if ((n = send(fd, req + off, k, MSG_NOSIGNAL)) <= 0) break;
    }
    if (!as_is) (void) send(fd, "\r\n\r\n", 4, MSG_NOSIGNAL);
    shutdown(fd, SHUT_WR);
    if (poll(&p, 1, 30) == 1) return (long) read_all(fd);
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &reset, sizeof(reset));
    close(fd);
    return -1;
}

/* The endpoint still serves: a GET gets its 200 within 8 s (retried
 * while refused: reset connections hold their slots until MHD sees it). */
static void probe(void)
{
    static const char get[] = "GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n";
    struct timeval t0, t;

    gettimeofday(&t0, NULL);
    for (;;) {
        int fd = dial();
        if (send(fd, get, sizeof(get) - 1, MSG_NOSIGNAL) < 0)
            close(fd);
        else if (read_all(fd) > 12 && strncmp(reply, "HTTP/1.1 200 ", 13) == 0)
            return;
        gettimeofday(&t, NULL);
        if (t.tv_sec - t0.tv_sec > 8) fail("no scrape answered within 8 s");
        usleep(10000);
    }
}

/* The workload label's value in the bench_run_info line at `p` (just
 * after `workload="`), unescaped, equals the label that was set. */
static void check_label(const char *p)
{
    const char *want = workload;

    for (; *p != '"'; p++, want++) {
        char c = *p;
        if (c == '\0' || c == '\n') fail("label value not closed");
        if (c == '\\') {
            c = *++p;
            if (c == 'n')
                c = '\n';
            else if (c != '\\' && c != '"')
                fail("bad escape in a label value");
        }
        if (c != *want) fail("label value read back differs");
    }
    if (*want != '\0') fail("label value read back is short");
}

/* A 200 (headers r to head_end, the reply ending at end), its body
 * checked when the whole of it arrived: bench_run_info only (the harness
 * never attaches workers). */
static void check_body(const char *r, const char *head_end, const char *end)
{
    const char *body = head_end + 4, *cl = strstr(r, "Content-Length: ");
    const char *line3;

    if (!cl || cl > head_end) fail("200 without Content-Length");
    if (body == end || (size_t) (end - body) != strtoul(cl + 16, NULL, 10))
        return; /* HEAD, or cut short */
    if (strncmp(body, "# HELP bench_run_info ", 22) != 0)
        fail("the text does not begin with bench_run_info's HELP");
    line3 = strstr(body, "\nbench_run_info{workload=\"");
    if (!line3) fail("no bench_run_info sample");
    check_label(line3 + 26);
    if (strcmp(end - 4, "} 1\n") != 0 ||
        memchr(line3 + 1, '\n', (size_t) (end - line3 - 2)))
        fail("bench_run_info is not one line ending in } 1");
}

static void check_reply(size_t got)
{
    const char *r = reply, *head_end;

    while (strncmp(r, "HTTP/1.1 100 Continue\r\n\r\n", 25) == 0)
        r += 25;
    if (got == 0 || strlen(r) < 13) return; /* closed, or cut short */
    if ((strncmp(r, "HTTP/1.1 ", 9) != 0 && strncmp(r, "HTTP/1.0 ", 9)) ||
        r[12] != ' ' || strspn(r + 9, "0123456789") != 3)
        fail("not an HTTP status line");
    if (!(head_end = strstr(r, "\r\n\r\n"))) return;
    if (strncmp(r + 9, "405", 3) == 0 && !strstr(r, "\r\nAllow: GET, HEAD\r\n"))
        fail("405 without Allow");
    if (strncmp(r + 9, "200", 3) == 0) check_body(r, head_end, reply + got);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nul;
    size_t lablen, piece;
    unsigned flags;
    long got;

    if (size < 1 || size > 4096) return 0;
    flags   = data[0];
    use_sql = flags & 1;
    piece   = (flags >> 1) & 7 ? (size_t) 1 << ((flags >> 1) & 7) : 0;
    data++;
    size--;
    nul    = memchr(data, '\0', size);
    lablen = nul ? (size_t) (nul - data) : 0;
    if (lablen >= sizeof(workload)) lablen = sizeof(workload) - 1;
    memcpy(workload, data, lablen);
    workload[lablen] = '\0';
    if (nul) {
        size -= (size_t) (nul - data) + 1;
        data = nul + 1;
    }
    if ((got = exchange(data, size, piece, flags & 16)) >= 0)
        check_reply((size_t) got);
    else
        probe();
    return 0;
}
