/* SPDX-License-Identifier: MIT */
/* metrics_serve: --metrics-addr's endpoint (metrics.h says what it
 * serves and its limits). bench binds the socket itself and hands it to
 * libmicrohttpd (MHD_OPTION_LISTEN_SOCKET): a taken port is then named
 * with the kernel's own cause, and port 0's choice is read back with
 * getsockname. bench's own thread (serve) runs MHD's epoll set and serves
 * the scrapes one at a time; between two rounds it closes the connections
 * past their deadline, which MHD's idle timeout cannot do (a byte resets
 * it). `conns` is that thread's alone; the reading is the struct
 * metrics', under its mutex. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <microhttpd.h>

#include "clock.h"
#include "log.h"
#include "metrics_internal.h"

/* The endpoint's limits (issue 28; metrics.h says why these). */
#define CONN_MAX       32U            /* connections at once */
#define CONN_PER_ADDR  8U             /* of them from one address */
#define DEADLINE_NS    (3 * NS_PER_S) /* accept to the answer's last byte */
#define BODY_MAX       16384U         /* a request body read and dropped */
#define HTTP_TOO_LARGE 413U /* MHD_HTTP_CONTENT_TOO_LARGE from MHD 0.9.74 */

/* An accepted connection: its slot in struct metrics_server (MHD's socket
 * context). fd -1: the slot is free. */
struct conn {
    int fd;
    uint64_t deadline_ns; /* UINT64_MAX once closed for it */
};

struct metrics_server {
    struct metrics *m; /* what is served */
    struct MHD_Daemon *daemon;
    int fd, epoll_fd, wake[2]; /* listening; MHD's; the stop pipe */
    unsigned port;
    pthread_t thread;
    struct conn conns[CONN_MAX];
};

/* -- Listening ------------------------------------------------------- */

/* Splits "HOST:PORT" / "[HOST]:PORT" into buffers; false when malformed. */
static bool split_addr(const char *addr, char *host, size_t hlen, char *port,
                       size_t plen)
{
    const char *colon = strrchr(addr, ':');
    const char *h = addr, *h_end = colon;

    if (!colon || colon[1] == '\0' || strlen(colon + 1) >= plen) return false;
    if (addr[0] == '[') {
        if (colon == addr || colon[-1] != ']') return false;
        h++;
        h_end--;
    }
    if (h_end < h || (size_t) (h_end - h) >= hlen) return false;
    memcpy(host, h, (size_t) (h_end - h));
    host[h_end - h] = '\0';
    strcpy(port, colon + 1);
    return strspn(port, "0123456789") == strlen(port);
}

/* A listening socket on addr, or -1 after a FATAL line. `host` gets the
 * HOST part (HOST_MAX bytes). */
#define HOST_MAX 256
static int listen_on(const char *addr, bool *v6, char *host)
{
    char port[16];
    struct addrinfo hints = {.ai_flags    = AI_PASSIVE | AI_NUMERICSERV,
                             .ai_socktype = SOCK_STREAM},
                    *ai   = NULL;
    int fd = -1, one = 1, rc;

    if (!split_addr(addr, host, HOST_MAX, port, sizeof(port))) {
        log_fatal("metrics: bad --metrics-addr '%s': HOST:PORT expected "
                  "(e.g. 127.0.0.1:9100, [::1]:0)",
                  addr);
        return -1;
    }
    if ((rc = getaddrinfo(host[0] ? host : NULL, port, &hints, &ai)) != 0) {
        log_fatal("metrics: resolve %s: %s", addr, gai_strerror(rc));
        return -1;
    }
    fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC, 0);
    if (fd < 0 ||
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) != 0 ||
        bind(fd, ai->ai_addr, ai->ai_addrlen) != 0 ||
        listen(fd, CONN_MAX) != 0) {
        log_fatal("metrics: listen on %s: %s", addr, strerror(errno));
        if (fd >= 0) close(fd);
        fd = -1;
    }
    *v6 = ai->ai_family == AF_INET6;
    freeaddrinfo(ai);
    return fd;
}

static unsigned bound_port(int fd)
{
    struct sockaddr_storage ss;
    socklen_t len = sizeof(ss);

    if (getsockname(fd, (struct sockaddr *) &ss, &len) != 0) return 0;
    if (ss.ss_family == AF_INET6)
        return ntohs(((struct sockaddr_in6 *) &ss)->sin6_port);
    return ntohs(((struct sockaddr_in *) &ss)->sin_port);
}

/* -- Serving ----------------------------------------------------------- */

/* MHD_OPTION_NOTIFY_CONNECTION: a slot per connection, and its deadline. */
static void on_connection(void *cls, struct MHD_Connection *conn, void **ctx,
                          enum MHD_ConnectionNotificationCode toe)
{
    struct metrics_server *s = cls;
    const union MHD_ConnectionInfo *ci;

    if (toe == MHD_CONNECTION_NOTIFY_CLOSED) {
        if (*ctx) ((struct conn *) *ctx)->fd = -1; /* the slot is free */
        *ctx = NULL;
        return;
    }
    ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (!ci) return;
    for (unsigned i = 0; i < CONN_MAX; i++)
        if (s->conns[i].fd < 0) {
            s->conns[i] = (struct conn){
                .fd          = ci->connect_fd,
                .deadline_ns = clock_now_ns() + DEADLINE_NS,
            };
            *ctx = &s->conns[i];
            return;
        }
    /* No slot: not reached, since MHD admits at most CONN_MAX. */
    (void) shutdown(ci->connect_fd, SHUT_RDWR);
}

/* Queues `text` (malloc'ed; NULL: the code's error text) as the answer.
 * Every answer closes its connection: one request each. */
static enum MHD_Result reply(struct MHD_Connection *conn, unsigned code,
                             char *text, size_t len)
{
    const char *e = code == MHD_HTTP_NOT_FOUND ? "see /metrics\n"
                    : code == MHD_HTTP_METHOD_NOT_ALLOWED
                        ? "GET or HEAD /metrics\n"
                    : code == HTTP_TOO_LARGE ? "body too large\n"
                                             : "error\n";
    struct MHD_Response *resp =
        text ? MHD_create_response_from_buffer(len, text, MHD_RESPMEM_MUST_FREE)
             : MHD_create_response_from_buffer(strlen(e), (void *) e,
                                               MHD_RESPMEM_PERSISTENT);
    enum MHD_Result rc;

    if (!resp) {
        free(text);
        return MHD_NO;
    }
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONTENT_TYPE,
                            "text/plain; version=0.0.4; charset=utf-8");
    MHD_add_response_header(resp, MHD_HTTP_HEADER_CONNECTION, "close");
    if (code == MHD_HTTP_METHOD_NOT_ALLOWED)
        MHD_add_response_header(resp, MHD_HTTP_HEADER_ALLOW, "GET, HEAD");
    rc = MHD_queue_response(conn, code, resp);
    MHD_destroy_response(resp);
    return rc;
}

/* The answer to a whole request: the text for GET or HEAD of /metrics
 * (or /), else 405 or 404. */
static enum MHD_Result answer_request(struct metrics_server *s,
                                      struct MHD_Connection *conn,
                                      const char *method, const char *url)
{
    unsigned code = MHD_HTTP_OK;
    size_t len    = 0;
    char *text    = NULL;

    if (strcmp(method, "GET") != 0 && strcmp(method, "HEAD") != 0)
        code = MHD_HTTP_METHOD_NOT_ALLOWED;
    else if (strcmp(url, "/metrics") != 0 && strcmp(url, "/") != 0)
        code = MHD_HTTP_NOT_FOUND;
    if (code == MHD_HTTP_OK) {
        pthread_mutex_lock(&s->m->mutex);
        text = metrics_render(s->m, &len);
        pthread_mutex_unlock(&s->m->mutex);
        if (!text) code = MHD_HTTP_INTERNAL_SERVER_ERROR;
    }
    return reply(conn, code, text, len);
}

/* A Content-Length over BODY_MAX. */
static bool body_too_long(struct MHD_Connection *conn)
{
    const char *v = MHD_lookup_connection_value(conn, MHD_HEADER_KIND,
                                                MHD_HTTP_HEADER_CONTENT_LENGTH);

    return v && strtoull(v, NULL, 10) > BODY_MAX;
}

/* MHD's access handler: called once the headers are in, once per piece
 * of a body, and once the request is whole. `*state` (the request's own
 * pointer) counts: 1 + the body bytes dropped so far. */
static enum MHD_Result answer(void *cls, struct MHD_Connection *conn,
                              const char *url, const char *method,
                              const char *version, const char *upload,
                              size_t *upload_len, void **state)
{
    (void) version;
    (void) upload;
    if (*state == NULL) { /* the headers: a body may follow */
        *state = (void *) (uintptr_t) 1;
        if (body_too_long(conn)) /* answered at once, the body unread */
            return reply(conn, HTTP_TOO_LARGE, NULL, 0);
        return MHD_YES;
    }
    if (*upload_len > 0) { /* a piece of the body: read and dropped */
        uintptr_t n = (uintptr_t) *state + *upload_len;
        if (n > 1 + BODY_MAX) return MHD_NO; /* chunked, too long: closed */
        *state      = (void *) n;
        *upload_len = 0;
        return MHD_YES;
    }
    return answer_request(cls, conn, method, url);
}

/* How long the serving thread may sleep: until MHD's next timeout or the
 * first deadline, whichever comes first; -1 until something arrives. */
static int wait_ms(struct metrics_server *s)
{
    MHD_UNSIGNED_LONG_LONG mhd_ms;
    uint64_t first = UINT64_MAX, now = clock_now_ns(), ms = UINT64_MAX;

    if (MHD_get_timeout(s->daemon, &mhd_ms) == MHD_YES) ms = mhd_ms;
    for (unsigned i = 0; i < CONN_MAX; i++)
        if (s->conns[i].fd >= 0 && s->conns[i].deadline_ns < first)
            first = s->conns[i].deadline_ns;
    if (first != UINT64_MAX) {
        uint64_t d = first > now ? (first - now) / NS_PER_MS + 1 : 0;
        if (d < ms) ms = d;
    }
    return ms == UINT64_MAX ? -1 : ms > INT_MAX ? INT_MAX : (int) ms;
}

/* Closes the connections past their deadline, however they trickle:
 * MHD sees the end of the stream and frees the slot. */
static void expire(struct metrics_server *s)
{
    uint64_t now = clock_now_ns();

    for (unsigned i = 0; i < CONN_MAX; i++) {
        struct conn *c = &s->conns[i];
        if (c->fd >= 0 && c->deadline_ns <= now) {
            (void) shutdown(c->fd, SHUT_RDWR);
            c->deadline_ns = UINT64_MAX;
        }
    }
}

/* The serving thread: MHD's epoll set and the stop pipe. */
static void *serve(void *arg)
{
    struct metrics_server *s = arg;
    struct pollfd p[2]       = {{.fd = s->epoll_fd, .events = POLLIN},
                                {.fd = s->wake[0], .events = POLLIN}};

    for (;;) {
        if (poll(p, 2, wait_ms(s)) < 0 && errno != EINTR) break;
        if (p[1].revents) break; /* metrics_server_stop */
        (void) MHD_run(s->daemon);
        expire(s);
    }
    return NULL;
}

/* The daemon on s->fd, run by bench's own thread (serve), or false. */
static bool start_daemon(struct metrics_server *s, bool v6)
{
    const union MHD_DaemonInfo *di;

    s->daemon = MHD_start_daemon(
        MHD_USE_EPOLL | (v6 ? MHD_USE_IPv6 : 0), 0, NULL, NULL, answer, s,
        MHD_OPTION_LISTEN_SOCKET, s->fd, MHD_OPTION_CONNECTION_LIMIT,
        (unsigned) CONN_MAX, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
        (unsigned) CONN_PER_ADDR, MHD_OPTION_CONNECTION_TIMEOUT,
        (unsigned) (DEADLINE_NS / NS_PER_S), MHD_OPTION_NOTIFY_CONNECTION,
        on_connection, s, MHD_OPTION_END);
    if (!s->daemon) return false;
    di          = MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_EPOLL_FD);
    s->epoll_fd = di ? di->epoll_fd : -1;
    if (s->epoll_fd >= 0 && pipe2(s->wake, O_CLOEXEC) == 0) {
        if (pthread_create(&s->thread, NULL, serve, s) == 0) return true;
        close(s->wake[0]);
        close(s->wake[1]);
    }
    MHD_stop_daemon(s->daemon); /* closes s->fd */
    return false;
}

struct metrics_server *metrics_server_start(struct metrics *m, const char *addr)
{
    struct metrics_server *s = calloc(1, sizeof(*s));
    bool v6                  = false;
    char host[HOST_MAX];

    if (!s) {
        log_fatal("metrics: out of memory");
        return NULL;
    }
    s->m = m;
    for (unsigned i = 0; i < CONN_MAX; i++)
        s->conns[i].fd = -1;
    if ((s->fd = listen_on(addr, &v6, host)) < 0) goto fail;
    s->port = bound_port(s->fd);
    if (!start_daemon(s, v6)) {
        log_fatal("metrics: start the HTTP server on %s: libmicrohttpd "
                  "refused",
                  addr);
        if (!s->daemon) close(s->fd);
        goto fail;
    }
    /* On stderr: stdout stays sysbench's text (PD-10). Port 0's choice
     * is how a test or a wrapper finds the endpoint. */
    fprintf(stderr, "metrics: serving http://%s%s%s:%u/metrics\n",
            v6 ? "[" : "", host[0] ? host : "0.0.0.0", v6 ? "]" : "", s->port);
    return s;
fail:
    free(s);
    return NULL;
}

unsigned metrics_server_port(const struct metrics_server *s)
{
    return s ? s->port : 0;
}

void metrics_server_stop(struct metrics_server *s)
{
    if (!s) return;
    /* No scrape after the join; then the daemon closes the connections
     * and the socket. */
    while (write(s->wake[1], "", 1) < 0 && errno == EINTR)
        ;
    pthread_join(s->thread, NULL);
    MHD_stop_daemon(s->daemon);
    close(s->wake[0]);
    close(s->wake[1]);
    free(s);
}
