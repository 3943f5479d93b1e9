/* SPDX-License-Identifier: MIT */
/* metrics_push: --metrics-push's thread (metrics.h says what it sends
 * and when). Its own thread, never a worker's nor the reporter's: a slow
 * or dead gateway costs at most METRICS_PUSH_TIMEOUT_S of this thread per
 * push (missed slots are skipped, not queued), and the reports keep their
 * time. The text is rendered under the metrics' mutex, as a scrape's;
 * the exchange runs without it. */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "log.h"
#include "metrics_internal.h"
#include "pool.h"
#include "progress.h"

#define REPLY_MAX    4096 /* a reply's bytes read: status, headers, a line */
#define DETAIL_MAX   160  /* of the gateway's explanation, in a WARNING */
#define INSTANCE_MAX 64
#define JOB_MAX      128 /* metrics_job_ok */
#define GROUP_MAX    (sizeof("/metrics/job//instance/") + JOB_MAX + INSTANCE_MAX)

struct metrics_push {
    struct metrics *m;
    struct metrics_url url;
    struct addrinfo *ai;                     /* resolved once, at the start */
    char group[GROUP_MAX];                   /* the grouping key's path */
    char shown[METRICS_URL_MAX + GROUP_MAX]; /* in warnings */
    pthread_t thread;
    int cancel[2]; /* metrics_push_wake's pipe: an interval push ends */
    /* The pushing thread's alone: */
    unsigned pushes, failed, streak; /* streak: failures since a success */
};

/* The host's name as the grouping key's instance: [A-Za-z0-9_.-] kept,
 * anything else '_' (a path segment needs no encoding then). */
static void instance_name(char *out, size_t size)
{
    char host[256] = "";

    if (gethostname(host, sizeof(host) - 1) != 0 || !host[0])
        strcpy(host, "unknown");
    host[sizeof(host) - 1] = '\0';
    snprintf(out, size, "%s", host);
    for (char *p = out; *p; p++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                    "0123456789_.-",
                    *p))
            *p = '_';
}

/* One WARNING line on stderr (stdout is the report), the status line
 * kept clear of it; none below --verbosity=2, as log.h's warnings. */
static void say_failure(const struct metrics_push *p, bool final,
                        const char *cause, const char *detail)
{
    char count[64] = "";

    if (!log_enabled(LOG_WARNING)) return;
    if (final && p->pushes > 1)
        snprintf(count, sizeof(count), " [%u of the run's %u pushes failed]",
                 p->failed, p->pushes);
    progress_hide();
    fprintf(stderr, "WARNING: metrics: %spush to %s: %s%s%s%s%s\n",
            final ? "final " : "", p->shown, cause, detail[0] ? " (" : "",
            detail, detail[0] ? ")" : "", count);
    progress_show();
}

/* Whether metrics_push_wake cut the last exchange short. */
static bool cancelled(const struct metrics_push *p)
{
    struct pollfd pf = {.fd = p->cancel[0], .events = POLLIN};

    return poll(&pf, 1, 0) > 0;
}

/* Sends `text`; the outcome counted, and said once per streak of
 * failures (and always for the final push, the one that stays). An
 * interval push cut short for the final one is neither. */
static void send_text(struct metrics_push *p, const char *text, size_t tlen,
                      bool final)
{
    char reply[REPLY_MAX], err[160] = "", detail[DETAIL_MAX] = "";
    char cause[200];
    size_t rlen;
    char *req = metrics_http_request(&p->url, p->group, text, tlen, &rlen);
    long n    = -1;
    int code  = -1;

    if (req) {
        n = metrics_http_exchange(
            p->ai, req, rlen,
            clock_now_ns() + (uint64_t) METRICS_PUSH_TIMEOUT_S * NS_PER_S,
            final ? -1 : p->cancel[0], reply, sizeof(reply), err, sizeof(err));
        free(req);
    } else {
        snprintf(err, sizeof(err), "out of memory");
    }
    if (n > 0)
        code = metrics_reply_status(reply, (size_t) n, detail, sizeof(detail));
    else if (!final && cancelled(p))
        return;
    p->pushes++;
    if (code >= 200 && code < 300) {
        p->streak = 0;
        return;
    }
    if (n > 0 && code < 0)
        snprintf(cause, sizeof(cause), "not an HTTP reply");
    else if (n > 0)
        snprintf(cause, sizeof(cause), "HTTP status %d", code);
    else
        snprintf(cause, sizeof(cause), "%s", err);
    p->failed++;
    if (p->streak++ == 0 || final) say_failure(p, final, cause, detail);
}

/* Renders (m->mutex held) and sends without the lock: scrapes and the
 * reporter never wait for the gateway. */
static void push_once(struct metrics_push *p, bool final)
{
    size_t len = 0;
    char *text = metrics_render(p->m, &len);

    pthread_mutex_unlock(&p->m->mutex);
    if (text)
        send_text(p, text, len, final);
    else
        say_failure(p, final, "out of memory", "");
    free(text);
    pthread_mutex_lock(&p->m->mutex);
}

/* The next push slot after now: whole intervals since the measured run's
 * start, as the reporter's, so a push follows each interval report. */
static uint64_t next_slot(uint64_t iv)
{
    uint64_t t0 = pool_warmup_end_ns(), now = clock_now_ns();

    return t0 + ((now > t0 ? (now - t0) / iv : 0) + 1) * iv;
}

static void wait_until(struct metrics *m, uint64_t when_ns)
{
    struct timespec ts = {.tv_sec  = (time_t) (when_ns / NS_PER_S),
                          .tv_nsec = (long) (when_ns % NS_PER_S)};

    (void) pthread_cond_timedwait(&m->cond, &m->mutex, &ts);
}

static void *push_main(void *arg)
{
    struct metrics_push *p = arg;
    struct metrics *m      = p->m;
    uint64_t iv = (uint64_t) m->cfg.push_interval_s * NS_PER_S, next = 0;

    pthread_mutex_lock(&m->mutex);
    while (!m->attached && !m->stopping)
        pthread_cond_wait(&m->cond, &m->mutex);
    while (m->attached && !m->detached && !m->stopping) {
        if (iv == 0) {
            pthread_cond_wait(&m->cond, &m->mutex);
            continue;
        }
        if (next == 0) next = next_slot(iv);
        if (clock_now_ns() < next) {
            wait_until(m, next);
            continue;
        }
        push_once(p, false);
        next = next_slot(iv); /* slots missed while it ran: skipped */
    }
    /* The final reading once detached; else (a run that failed) the
     * figures as they stand, the pool still there (metrics_stop). */
    if (m->attached) push_once(p, true);
    pthread_mutex_unlock(&m->mutex);
    return NULL;
}

/* p->url, p->ai, the group and the URL shown in warnings; -1 after a
 * FATAL line. */
static int prepare(struct metrics_push *p, const struct metrics_config *c)
{
    struct addrinfo hints = {.ai_flags    = AI_NUMERICSERV,
                             .ai_socktype = SOCK_STREAM};
    char inst[INSTANCE_MAX];
    const char *why = NULL;
    int rc;

    if (metrics_url_parse(c->push_url, &p->url, &why) != 0) {
        log_fatal("metrics: bad --metrics-push '%.200s': %s", c->push_url, why);
        return -1;
    }
    /* Once, here: getaddrinfo has no timeout of its own, and a push must
     * stay bounded. */
    if ((rc = getaddrinfo(p->url.host, p->url.port, &hints, &p->ai)) != 0) {
        log_fatal("metrics: resolve the --metrics-push host '%s': %s",
                  p->url.host, gai_strerror(rc));
        return -1;
    }
    instance_name(inst, sizeof(inst));
    snprintf(p->group, sizeof(p->group), "/metrics/job/%s/instance/%s", c->job,
             inst);
    snprintf(p->shown, sizeof(p->shown), "http://%s%s%s", p->url.authority,
             p->url.path, p->group);
    return 0;
}

static void close_pipe(struct metrics_push *p)
{
    if (p->cancel[0] >= 0) close(p->cancel[0]);
    if (p->cancel[1] >= 0) close(p->cancel[1]);
}

struct metrics_push *metrics_push_start(struct metrics *m)
{
    struct metrics_push *p = calloc(1, sizeof(*p));

    if (!p) {
        log_fatal("metrics: out of memory");
        return NULL;
    }
    p->m         = m;
    p->cancel[0] = p->cancel[1] = -1;
    if (pipe2(p->cancel, O_CLOEXEC | O_NONBLOCK) != 0) {
        log_fatal("metrics: cannot create a pipe: %s", strerror(errno));
        goto fail;
    }
    if (metrics_check_push(m->cfg.push_url, m->cfg.job) != 0 ||
        prepare(p, &m->cfg) != 0)
        goto fail;
    if ((errno = pthread_create(&p->thread, NULL, push_main, p)) != 0) {
        log_fatal("metrics: cannot create the pushing thread: %s",
                  strerror(errno));
        goto fail;
    }
    return p;
fail:
    if (p->ai) freeaddrinfo(p->ai);
    close_pipe(p);
    free(p);
    return NULL;
}

void metrics_push_wake(struct metrics_push *p)
{
    if (!p) return;
    ssize_t rc = write(p->cancel[1], "", 1); /* full: woken already */
    (void) rc;
}

void metrics_push_stop(struct metrics_push *p)
{
    if (!p) return;
    metrics_push_wake(p);
    pthread_join(p->thread, NULL); /* m->stopping was set: it ends */
    freeaddrinfo(p->ai);
    close_pipe(p);
    free(p);
}

int metrics_check_push(const char *url, const char *job)
{
    struct metrics_url u;
    const char *why = NULL;

    if (url && metrics_url_parse(url, &u, &why) != 0) {
        log_fatal("metrics: bad --metrics-push '%.200s': %s", url, why);
        return -1;
    }
    if (job && !metrics_job_ok(job)) {
        log_fatal("metrics: bad --metrics-job '%.200s': 1 to 128 of "
                  "A-Z a-z 0-9 _ . : - expected",
                  job);
        return -1;
    }
    return 0;
}
