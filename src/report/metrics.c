/* SPDX-License-Identifier: MIT */
/* metrics: see metrics.h. bench binds the socket itself and hands it to
 * libmicrohttpd (MHD_OPTION_LISTEN_SOCKET): a taken port is then named
 * with the kernel's own cause, and port 0's choice is read back with
 * getsockname. bench's own thread (serve) runs MHD's epoll set and serves
 * the scrapes one at a time; between two rounds it closes the connections
 * past their deadline, which MHD's idle timeout cannot do (a byte resets
 * it). `conns` is that thread's alone; `mutex` guards the snapshot between
 * it and the main thread. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netdb.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <microhttpd.h>

#include "clock.h"
#include "measure/detail.h"
#include "measure/hist.h"
#include "log.h"
#include "metrics.h"
#include "pool.h"
#include "measure/stats.h"

/* Latency buckets in seconds: 50 us (a local point select) to 30 s (a
 * stall), about three per decade, as Prometheus' defaults are spaced. */
static const double bucket_s[] = {
    0.00005, 0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025,
    0.05,    0.1,    0.25,    0.5,    1,     2.5,    5,     10,   30};
#define NBUCKETS (sizeof(bucket_s) / sizeof(bucket_s[0]))

/* The endpoint's limits (issue 28; metrics.h says why these). */
#define CONN_MAX       32U            /* connections at once */
#define CONN_PER_ADDR  8U             /* of them from one address */
#define DEADLINE_NS    (3 * NS_PER_S) /* accept to the answer's last byte */
#define BODY_MAX       16384U         /* a request body read and dropped */
#define HTTP_TOO_LARGE 413U /* MHD_HTTP_CONTENT_TOO_LARGE from MHD 0.9.74 */

/* An accepted connection: its slot in struct metrics (MHD's socket
 * context). fd -1: the slot is free. */
struct conn {
    int fd;
    uint64_t deadline_ns; /* UINT64_MAX once closed for it */
};

struct metrics {
    struct metrics_labels labels;
    struct MHD_Daemon *daemon;
    int fd, epoll_fd, wake[2]; /* listening; MHD's; metrics_stop's pipe */
    unsigned port;
    pthread_t thread;
    struct conn conns[CONN_MAX];
    pthread_mutex_t mutex;
    /* guarded by mutex: */
    bool attached, detached; /* reading the workers / a final reading */
    double final_elapsed_s;  /* at detach: the pool may be gone after */
    struct stats_snapshot snap;
    struct hist **hists;
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

/* -- The text ---------------------------------------------------------- */

static void head(FILE *f, const char *name, const char *type, const char *help)
{
    fprintf(f, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

/* A label value with \, " and newlines escaped. */
static void label(FILE *f, const char *name, const char *v, bool more)
{
    fprintf(f, "%s=\"", name);
    for (; v && *v; v++) {
        if (*v == '\\' || *v == '"')
            fprintf(f, "\\%c", *v);
        else if (*v == '\n')
            fputs("\\n", f);
        else
            fputc(*v, f);
    }
    fprintf(f, "\"%s", more ? "," : "");
}

static void write_info(FILE *f, const struct metrics_labels *l, bool sql)
{
    char threads[16];

    snprintf(threads, sizeof(threads), "%u", l->threads);
    head(f, "bench_run_info", "gauge",
         "The run: workload, database driver, bench version, sysbench "
         "profile, threads.");
    fputs("bench_run_info{", f);
    label(f, "workload", l->workload, true);
    label(f, "driver", sql ? l->driver : "", true);
    label(f, "version", l->version, true);
    label(f, "compat", l->compat, true);
    label(f, "threads", threads, false);
    fputs("} 1\n", f);
}

static void write_counter(FILE *f, const char *name, const char *help,
                          uint64_t v)
{
    head(f, name, "counter", help);
    fprintf(f, "%s %llu\n", name, (unsigned long long) v);
}

static void write_counters(FILE *f, const uint64_t *c, bool sql)
{
    static const char *const kinds[] = {"read", "write", "other"};
    const uint64_t q[] = {c[STAT_READS], c[STAT_WRITES], c[STAT_OTHER]};

    write_counter(f, "bench_events_total",
                  "Events finished (the report's total number of events).",
                  c[STAT_EVENTS]);
    if (sql) {
        write_counter(f, "bench_transactions_total",
                      "Transactions (the report's transactions).",
                      c[STAT_EVENTS]);
        head(f, "bench_queries_total", "counter",
             "Queries by sysbench's class: read, write, other.");
        for (int i = 0; i < 3; i++)
            fprintf(f, "bench_queries_total{kind=\"%s\"} %llu\n", kinds[i],
                    (unsigned long long) q[i]);
    }
    write_counter(f, "bench_errors_total",
                  "Errors: ignored ones and failed reconnects.",
                  c[STAT_ERRORS]);
    write_counter(f, "bench_reconnects_total", "Reconnects.",
                  c[STAT_RECONNECTS]);
}

/* Errors by native code and SQLSTATE, when bench measures them (detail.h):
 * the ignored ones and the one that stopped the run, as the report's
 * "errors by code" section counts them. */
static void write_errors(FILE *f, const struct detail_snapshot *d)
{
    if (!d) return;
    head(f, "bench_errors_by_code_total", "counter",
         "Errors by native code (-1: codes beyond the first 16) and SQLSTATE.");
    for (unsigned i = 0; i < d->nerrors; i++) {
        const struct detail_error_count *e = &d->errors[i];
        char code[16];

        snprintf(code, sizeof(code), "%d", e->code);
        fputs("bench_errors_by_code_total{", f);
        label(f, "code", code, true);
        label(f, "sqlstate", e->sqlstate, true);
        label(f, "fatal", e->fatal ? "true" : "false", false);
        fprintf(f, "} %llu\n", (unsigned long long) e->n);
    }
}

/* Per statement kind, when bench measures them (detail.h). */
static void write_kinds(FILE *f, const struct detail_snapshot *d)
{
    static const char *const cls[] = {"other", "read", "write", "failed"};

    if (!d) return;
    head(f, "bench_statements_total", "counter",
         "Queries by statement kind and class (failed: an error).");
    for (unsigned k = 0; k < d->nkinds; k++)
        for (int c = 0; c < DETAIL_NCLASS; c++) {
            if (d->kinds[k].n[c] == 0) continue;
            fputs("bench_statements_total{", f);
            label(f, "kind", detail_kind_name(k), true);
            label(f, "class", cls[c], false);
            fprintf(f, "} %llu\n", (unsigned long long) d->kinds[k].n[c]);
        }
}

static void write_latency(FILE *f, const struct hist *lat)
{
    uint64_t bounds[NBUCKETS], le[NBUCKETS], n = hist_count(lat);

    for (size_t i = 0; i < NBUCKETS; i++)
        bounds[i] = (uint64_t) (bucket_s[i] * 1e9 + 0.5);
    hist_count_le(lat, bounds, NBUCKETS, le);
    if (le[NBUCKETS - 1] > n) n = le[NBUCKETS - 1];
    head(f, "bench_latency_seconds", "histogram",
         "Event latency (from the intended start under --rate).");
    for (size_t i = 0; i < NBUCKETS; i++)
        fprintf(f, "bench_latency_seconds_bucket{le=\"%g\"} %llu\n",
                bucket_s[i], (unsigned long long) le[i]);
    fprintf(f, "bench_latency_seconds_bucket{le=\"+Inf\"} %llu\n",
            (unsigned long long) n);
    fprintf(f, "bench_latency_seconds_sum %.9f\n",
            (double) hist_sum_ns(lat) / 1e9);
    fprintf(f, "bench_latency_seconds_count %llu\n", (unsigned long long) n);
}

static double elapsed_s(const struct metrics *m)
{
    uint64_t t0, now;

    if (m->detached) return m->final_elapsed_s;
    t0  = pool_warmup_end_ns();
    now = clock_now_ns();
    return t0 && now > t0 ? (double) (now - t0) / 1e9 : 0.0;
}

static void write_process(FILE *f, const struct metrics *m)
{
    struct rusage ru;

    if (getrusage(RUSAGE_SELF, &ru) == 0) {
        head(f, "bench_client_cpu_seconds_total", "counter",
             "CPU time of the bench process, by mode.");
        fprintf(f,
                "bench_client_cpu_seconds_total{mode=\"user\"} %ld.%06ld\n"
                "bench_client_cpu_seconds_total{mode=\"system\"} %ld.%06ld\n",
                (long) ru.ru_utime.tv_sec, (long) ru.ru_utime.tv_usec,
                (long) ru.ru_stime.tv_sec, (long) ru.ru_stime.tv_usec);
    }
    head(f, "bench_threads_running", "gauge", "Workers not yet finished.");
    fprintf(f, "bench_threads_running %u\n", m->detached ? 0 : pool_running());
    head(f, "bench_elapsed_seconds", "gauge",
         "Time since the measured run began (after --warmup-time).");
    fprintf(f, "bench_elapsed_seconds %.3f\n", elapsed_s(m));
}

/* The whole text (malloc'ed, *len bytes), or NULL on ENOMEM. Scrape
 * thread, mutex held. */
static char *render(struct metrics *m, size_t *len)
{
    char *buf = NULL;
    bool sql  = m->labels.sql && m->labels.sql();
    FILE *f   = open_memstream(&buf, len);

    if (!f) return NULL;
    write_info(f, &m->labels, sql);
    if (m->attached && !m->detached && stats_collect(&m->snap, m->hists) != 0) {
        fclose(f);
        free(buf);
        return NULL;
    }
    if (m->attached) {
        write_counters(f, m->snap.c, sql);
        if (sql) write_kinds(f, m->snap.detail);
        if (sql) write_errors(f, m->snap.detail);
        write_latency(f, m->snap.lat);
        write_process(f, m);
    }
    if (fclose(f) != 0) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* -- Serving ----------------------------------------------------------- */

/* MHD_OPTION_NOTIFY_CONNECTION: a slot per connection, and its deadline. */
static void on_connection(void *cls, struct MHD_Connection *conn, void **ctx,
                          enum MHD_ConnectionNotificationCode toe)
{
    struct metrics *m = cls;
    const union MHD_ConnectionInfo *ci;

    if (toe == MHD_CONNECTION_NOTIFY_CLOSED) {
        if (*ctx) ((struct conn *) *ctx)->fd = -1; /* the slot is free */
        *ctx = NULL;
        return;
    }
    ci = MHD_get_connection_info(conn, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (!ci) return;
    for (unsigned i = 0; i < CONN_MAX; i++)
        if (m->conns[i].fd < 0) {
            m->conns[i] = (struct conn){
                .fd          = ci->connect_fd,
                .deadline_ns = clock_now_ns() + DEADLINE_NS,
            };
            *ctx = &m->conns[i];
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
static enum MHD_Result answer_request(struct metrics *m,
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
        pthread_mutex_lock(&m->mutex);
        text = render(m, &len);
        pthread_mutex_unlock(&m->mutex);
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
static int wait_ms(struct metrics *m)
{
    MHD_UNSIGNED_LONG_LONG mhd_ms;
    uint64_t first = UINT64_MAX, now = clock_now_ns(), ms = UINT64_MAX;

    if (MHD_get_timeout(m->daemon, &mhd_ms) == MHD_YES) ms = mhd_ms;
    for (unsigned i = 0; i < CONN_MAX; i++)
        if (m->conns[i].fd >= 0 && m->conns[i].deadline_ns < first)
            first = m->conns[i].deadline_ns;
    if (first != UINT64_MAX) {
        uint64_t d = first > now ? (first - now) / NS_PER_MS + 1 : 0;
        if (d < ms) ms = d;
    }
    return ms == UINT64_MAX ? -1 : ms > INT_MAX ? INT_MAX : (int) ms;
}

/* Closes the connections past their deadline, however they trickle:
 * MHD sees the end of the stream and frees the slot. */
static void expire(struct metrics *m)
{
    uint64_t now = clock_now_ns();

    for (unsigned i = 0; i < CONN_MAX; i++) {
        struct conn *c = &m->conns[i];
        if (c->fd >= 0 && c->deadline_ns <= now) {
            (void) shutdown(c->fd, SHUT_RDWR);
            c->deadline_ns = UINT64_MAX;
        }
    }
}

/* The serving thread: MHD's epoll set and the stop pipe. */
static void *serve(void *arg)
{
    struct metrics *m  = arg;
    struct pollfd p[2] = {{.fd = m->epoll_fd, .events = POLLIN},
                          {.fd = m->wake[0], .events = POLLIN}};

    for (;;) {
        if (poll(p, 2, wait_ms(m)) < 0 && errno != EINTR) break;
        if (p[1].revents) break; /* metrics_stop */
        (void) MHD_run(m->daemon);
        expire(m);
    }
    return NULL;
}

/* The daemon on m->fd, run by bench's own thread (serve), or false. */
static bool start_daemon(struct metrics *m, bool v6)
{
    const union MHD_DaemonInfo *di;

    m->daemon = MHD_start_daemon(
        MHD_USE_EPOLL | (v6 ? MHD_USE_IPv6 : 0), 0, NULL, NULL, answer, m,
        MHD_OPTION_LISTEN_SOCKET, m->fd, MHD_OPTION_CONNECTION_LIMIT,
        (unsigned) CONN_MAX, MHD_OPTION_PER_IP_CONNECTION_LIMIT,
        (unsigned) CONN_PER_ADDR, MHD_OPTION_CONNECTION_TIMEOUT,
        (unsigned) (DEADLINE_NS / NS_PER_S), MHD_OPTION_NOTIFY_CONNECTION,
        on_connection, m, MHD_OPTION_END);
    if (!m->daemon) return false;
    di          = MHD_get_daemon_info(m->daemon, MHD_DAEMON_INFO_EPOLL_FD);
    m->epoll_fd = di ? di->epoll_fd : -1;
    if (m->epoll_fd >= 0 && pipe2(m->wake, O_CLOEXEC) == 0) {
        if (pthread_create(&m->thread, NULL, serve, m) == 0) return true;
        close(m->wake[0]);
        close(m->wake[1]);
    }
    MHD_stop_daemon(m->daemon); /* closes m->fd */
    return false;
}

struct metrics *metrics_start(const char *addr, const struct metrics_labels *l)
{
    struct metrics *m = calloc(1, sizeof(*m));
    bool v6           = false;
    char host[HOST_MAX];

    if (!m) {
        log_fatal("metrics: out of memory");
        return NULL;
    }
    m->labels = *l;
    for (unsigned i = 0; i < CONN_MAX; i++)
        m->conns[i].fd = -1;
    pthread_mutex_init(&m->mutex, NULL);
    if ((m->fd = listen_on(addr, &v6, host)) < 0) goto fail;
    m->port = bound_port(m->fd);
    if (!start_daemon(m, v6)) {
        log_fatal("metrics: start the HTTP server on %s: libmicrohttpd "
                  "refused",
                  addr);
        if (!m->daemon) close(m->fd);
        goto fail;
    }
    /* On stderr: stdout stays sysbench's text (PD-10). Port 0's choice
     * is how a test or a wrapper finds the endpoint. */
    fprintf(stderr, "metrics: serving http://%s%s%s:%u/metrics\n",
            v6 ? "[" : "", host[0] ? host : "0.0.0.0", v6 ? "]" : "", m->port);
    return m;
fail:
    pthread_mutex_destroy(&m->mutex);
    free(m);
    return NULL;
}

unsigned metrics_port(const struct metrics *m)
{
    return m->port;
}

void metrics_attach(struct metrics *m, unsigned nthreads)
{
    struct hist **hists = calloc(nthreads ? nthreads : 1, sizeof(*hists));

    if (!hists || stats_snapshot_init(&m->snap, nthreads) != 0) {
        free(hists); /* no figures then: the scrape shows the labels */
        return;
    }
    for (unsigned i = 0; i < nthreads; i++)
        hists[i] = pool_hist((int) i);
    pthread_mutex_lock(&m->mutex);
    m->hists    = hists;
    m->attached = true;
    pthread_mutex_unlock(&m->mutex);
}

void metrics_detach(struct metrics *m)
{
    pthread_mutex_lock(&m->mutex);
    if (m->attached && !m->detached) {
        /* The workers are done: this reading is final. On ENOMEM the last
         * scrape's figures stay. */
        (void) stats_collect(&m->snap, m->hists);
        m->final_elapsed_s = elapsed_s(m);
        m->detached        = true;
    }
    pthread_mutex_unlock(&m->mutex);
}

void metrics_stop(struct metrics *m)
{
    if (!m) return;
    /* No scrape after the join; then the daemon closes the connections
     * and the socket. */
    while (write(m->wake[1], "", 1) < 0 && errno == EINTR)
        ;
    pthread_join(m->thread, NULL);
    MHD_stop_daemon(m->daemon);
    close(m->wake[0]);
    close(m->wake[1]);
    if (m->attached) stats_snapshot_fini(&m->snap);
    free(m->hists);
    pthread_mutex_destroy(&m->mutex);
    free(m);
}
