/* SPDX-License-Identifier: MIT */
/* metrics_http: the push's side of HTTP/1.1, kept small on purpose: the
 * URL split and checked, one PUT request, one exchange over a
 * non-blocking socket under one deadline, and the reply's status line
 * read. Not a general client: no redirects, no TLS, no keep-alive (every
 * request says Connection: close, so the server's close ends the reply).
 * Everything read from the server is hostile: read into a fixed buffer,
 * only its status line and a cleaned first line of its body used. */
#include <errno.h>
#include <limits.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include "clock.h"
#include "metrics_internal.h"
#include "version.h"

/* -- The URL ----------------------------------------------------------- */

/* RFC 3986's path characters (pchar, '/' and '%' of pct-encoded): nothing
 * that could end the request line or start a header. */
static bool is_path_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || (c && strchr("-._~!$&'()*+,;=:@/%", c));
}

static bool is_host_char(char c, bool v6)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
           (c >= '0' && c <= '9') || c == '-' || c == '.' ||
           (v6 && (c == ':' || c == '%'));
}

/* "HOST[:PORT]" or "[V6][:PORT]" (n bytes at a) into u. */
static int parse_authority(const char *a, size_t n, struct metrics_url *u,
                           const char **why)
{
    const char *h = a, *h_end, *colon = NULL;
    bool v6 = n > 0 && a[0] == '[';

    if (v6) {
        const char *close = memchr(a, ']', n);
        if (!close) return *why = "an IPv6 address needs its ']'", -1;
        h++;
        h_end = close;
        if (close + 1 < a + n) {
            if (close[1] != ':') return *why = "junk after ']'", -1;
            colon = close + 1;
        }
    } else {
        colon = memchr(a, ':', n);
        h_end = colon ? colon : a + n;
    }
    if (h_end == h) return *why = "no host", -1;
    if ((size_t) (h_end - h) >= sizeof(u->host))
        return *why = "the host name is too long", -1;
    for (const char *p = h; p < h_end; p++)
        if (!is_host_char(*p, v6))
            return *why = "the host holds a character a host name cannot", -1;
    memcpy(u->host, h, (size_t) (h_end - h));
    u->host[h_end - h] = '\0';
    strcpy(u->port, "80");
    if (colon) {
        size_t plen = (size_t) (a + n - colon - 1);
        long port   = plen ? strtol(colon + 1, NULL, 10) : 0;
        if (plen == 0 || plen > 5 || strspn(colon + 1, "0123456789") < plen ||
            port < 1 || port > 65535)
            return *why = "the port must be 1 to 65535", -1;
        snprintf(u->port, sizeof(u->port), "%ld", port);
    }
    memcpy(u->authority, a, n); /* n < host + 8: checked by the caller */
    u->authority[n] = '\0';
    return 0;
}

int metrics_url_parse(const char *url, struct metrics_url *u, const char **why)
{
    const char *a, *path;
    size_t alen, plen;

    if (strlen(url) > METRICS_URL_MAX) return *why = "too long", -1;
    if (strncasecmp(url, "https://", 8) == 0)
        return *why = "https is not supported (bench has no TLS client): "
                      "push to an http:// address",
               -1;
    if (strncasecmp(url, "http://", 7) != 0)
        return *why = "http://HOST[:PORT][/PATH] expected", -1;
    a    = url + 7;
    path = a + strcspn(a, "/");
    alen = (size_t) (path - a);
    if (strpbrk(url, "?#"))
        return *why = "a query or fragment is not supported", -1;
    if (memchr(a, '@', alen))
        return *why = "credentials in the URL are not supported", -1;
    if (alen >= sizeof(u->host) + 7) return *why = "the host is too long", -1;
    if (parse_authority(a, alen, u, why) != 0) return -1;
    plen = strlen(path);
    while (plen > 0 && path[plen - 1] == '/')
        plen--;
    if (plen >= sizeof(u->path)) return *why = "the path is too long", -1;
    for (size_t i = 0; i < plen; i++)
        if (!is_path_char(path[i]))
            return *why = "the path holds a character a URL cannot", -1;
    memcpy(u->path, path, plen);
    u->path[plen] = '\0';
    /* bench adds the grouping key itself: one given here would make the
     * gateway read "metrics"/"job" as one more label pair. */
    if (strstr(u->path, "/metrics/job"))
        return *why = "give the Pushgateway's address without "
                      "/metrics/job/...: bench adds it (--metrics-job names "
                      "the job)",
               -1;
    return 0;
}

bool metrics_job_ok(const char *job)
{
    size_t n = strlen(job);

    return n >= 1 && n <= 128 &&
           strspn(job, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                       "0123456789_.:-") == n;
}

/* -- The request --------------------------------------------------------- */

char *metrics_http_request(const struct metrics_url *u, const char *group,
                           const char *body, size_t blen, size_t *len)
{
    char *buf = NULL;
    FILE *f   = open_memstream(&buf, len);

    if (!f) return NULL;
    fprintf(f,
            "PUT %s%s HTTP/1.1\r\n"
            "Host: %s\r\n"
            "User-Agent: bench/%s\r\n"
            "Content-Type: text/plain; version=0.0.4; charset=utf-8\r\n"
            "Content-Length: %zu\r\n"
            "Connection: close\r\n\r\n",
            u->path, group, u->authority, BENCH_VERSION, blen);
    fwrite(body, 1, blen, f);
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* -- The exchange -------------------------------------------------------- */

/* The exchange's end: its deadline, and a pipe whose byte cancels it
 * (fd -1: none). */
struct limit {
    uint64_t deadline_ns;
    int cancel_fd;
};

/* Waits for `events` on fd within lim: 1 ready, 0 timed out, -1 error
 * (errno; ECANCELED: cancelled). */
static int wait_fd(int fd, short events, const struct limit *lim)
{
    for (;;) {
        struct pollfd p[2] = {{.fd = fd, .events = events},
                              {.fd = lim->cancel_fd, .events = POLLIN}};
        uint64_t now       = clock_now_ns(), ms;
        int rc;

        if (now >= lim->deadline_ns) return 0;
        ms = (lim->deadline_ns - now + NS_PER_MS - 1) / NS_PER_MS;
        rc = poll(p, 2, ms > INT_MAX ? INT_MAX : (int) ms);
        if (rc > 0 && p[1].revents) return errno = ECANCELED, -1;
        if (rc > 0) return 1;
        if (rc < 0 && errno != EINTR) return -1;
    }
}

/* A connected non-blocking socket to one of ai's addresses, or -1 with
 * err set (the last address's cause). */
static int dial(const struct addrinfo *ai, const struct limit *lim, char *err,
                size_t esize)
{
    for (; ai; ai = ai->ai_next) {
        int fd = socket(ai->ai_family,
                        ai->ai_socktype | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        int rc = -1, soerr = 0;
        socklen_t sl = sizeof(soerr);

        if (fd < 0) {
            snprintf(err, esize, "socket: %s", strerror(errno));
            continue;
        }
        if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0) return fd;
        if (errno == EINPROGRESS) rc = wait_fd(fd, POLLOUT, lim);
        if (rc > 0 && getsockopt(fd, SOL_SOCKET, SO_ERROR, &soerr, &sl) == 0 &&
            soerr == 0)
            return fd;
        snprintf(err, esize, "connect: %s",
                 rc == 0  ? "timed out"
                 : rc > 0 ? strerror(soerr)
                          : strerror(errno));
        close(fd);
        if (rc <= 0) break; /* no time left for another address */
    }
    return -1;
}

static int send_all(int fd, const char *req, size_t len,
                    const struct limit *lim, char *err, size_t esize)
{
    while (len > 0) {
        ssize_t n = send(fd, req, len, MSG_NOSIGNAL);
        int rc;

        if (n > 0) {
            req += n;
            len -= (size_t) n;
            continue;
        }
        if (n < 0 && errno != EAGAIN && errno != EINTR) {
            snprintf(err, esize, "send: %s", strerror(errno));
            return -1;
        }
        if ((rc = wait_fd(fd, POLLOUT, lim)) <= 0) {
            snprintf(err, esize, "send: %s",
                     rc == 0 ? "timed out" : strerror(errno));
            return -1;
        }
    }
    return 0;
}

/* Reads until the server closes, the buffer is full or the deadline: the
 * bytes read (a status line may be whole before a slow server closes),
 * or -1 when none came. */
static long receive(int fd, const struct limit *lim, char *buf, size_t size,
                    char *err, size_t esize)
{
    size_t got = 0;

    while (got < size - 1) {
        ssize_t n = recv(fd, buf + got, size - 1 - got, 0);
        int rc;

        if (n > 0) {
            got += (size_t) n;
            continue;
        }
        if (n == 0) break;
        if (errno != EAGAIN && errno != EINTR) {
            if (got == 0) snprintf(err, esize, "receive: %s", strerror(errno));
            break;
        }
        if ((rc = wait_fd(fd, POLLIN, lim)) <= 0) {
            if (got == 0)
                snprintf(err, esize, "no reply: %s",
                         rc == 0 ? "timed out" : strerror(errno));
            break;
        }
    }
    buf[got] = '\0';
    if (got == 0 && !err[0]) snprintf(err, esize, "closed without a reply");
    return got ? (long) got : -1;
}

long metrics_http_exchange(const struct addrinfo *ai, const char *req,
                           size_t len, uint64_t deadline_ns, int cancel_fd,
                           char *buf, size_t size, char *err, size_t esize)
{
    const struct limit lim = {deadline_ns, cancel_fd};
    long n                 = -1;
    int fd;

    err[0] = '\0';
    fd     = dial(ai, &lim, err, esize);
    if (fd < 0) {
        if (!err[0]) snprintf(err, esize, "connect: no address");
        return -1;
    }
    if (send_all(fd, req, len, &lim, err, esize) == 0)
        n = receive(fd, &lim, buf, size, err, esize);
    close(fd);
    return n;
}

/* -- The reply ----------------------------------------------------------- */

/* Whether the n bytes at p hold `word` (ASCII case ignored). */
static bool has_word(const char *p, size_t n, const char *word)
{
    size_t w = strlen(word);

    for (size_t i = 0; i + w <= n; i++)
        if (strncasecmp(p + i, word, w) == 0) return true;
    return false;
}

/* Whether the header block [h, end) says Transfer-Encoding: chunked. */
static bool is_chunked(const char *h, const char *end)
{
    while (h < end) {
        const char *eol = memchr(h, '\n', (size_t) (end - h));
        size_t n        = (size_t) ((eol ? eol : end) - h);

        if (n >= 18 && strncasecmp(h, "transfer-encoding:", 18) == 0 &&
            has_word(h, n, "chunked"))
            return true;
        h = eol ? eol + 1 : end;
    }
    return false;
}

/* The body's first line into detail, cleaned: printable ASCII only. */
static void first_line(const char *b, const char *end, bool chunked,
                       char *detail, size_t dlen)
{
    size_t o = 0;

    if (chunked) { /* the first line is the chunk's size */
        const char *eol = memchr(b, '\n', (size_t) (end - b));
        b               = eol ? eol + 1 : end;
    }
    for (; b < end && *b != '\n' && *b != '\r' && o + 1 < dlen; b++)
        detail[o++] = (*b >= 0x20 && *b < 0x7f) ? *b : '?';
    detail[o] = '\0';
}

int metrics_reply_status(const char *buf, size_t len, char *detail, size_t dlen)
{
    const char *end = buf + len, *hdr, *body;
    int code;

    if (dlen > 0) detail[0] = '\0';
    /* "HTTP/1.x NNN" and then a space or the line's end. */
    if (len < 13 || memcmp(buf, "HTTP/1.", 7) != 0 || buf[7] < '0' ||
        buf[7] > '9' || buf[8] != ' ' || buf[9] < '1' || buf[9] > '9' ||
        buf[10] < '0' || buf[10] > '9' || buf[11] < '0' || buf[11] > '9' ||
        (buf[12] != ' ' && buf[12] != '\r' && buf[12] != '\n'))
        return -1;
    code = (buf[9] - '0') * 100 + (buf[10] - '0') * 10 + (buf[11] - '0');
    hdr  = memchr(buf, '\n', len);
    body = hdr ? memmem(hdr, (size_t) (end - hdr), "\r\n\r\n", 4) : NULL;
    if (dlen > 0 && body)
        first_line(body + 4, end, is_chunked(hdr + 1, body), detail, dlen);
    return code;
}
