/* SPDX-License-Identifier: MIT */
/* vu: the waiting half of a worker's virtual-user scheduler (bench/vu.lua
 * resumes the users): one epoll set per worker for its users' sockets and a
 * timer heap for their sleeps (think time, --rate arrivals), both reported
 * by one bench_vu_poll. Everything here belongs to one worker thread.
 * Sockets stay registered (level-triggered) while their user does other
 * things, so that a query costs no epoll_ctl: a wake-up for a user that is
 * not waiting disarms its socket until it waits again. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "api.h"
#include "clock.h"
#include "db/db.h"
#include "vu.h"

struct vu_user {
    int fd;            /* registered socket, -1: none */
    uint64_t sock_id;  /* its id (bench_db_wait), 0: unknown */
    uint32_t armed;    /* epoll events it is registered for (0: disarmed) */
    bool waiting_fd;   /* the user waits for `armed` on fd */
    uint64_t timer_ns; /* the user sleeps until then; 0: not sleeping */
};

struct vu_timer {
    uint64_t when_ns;
    unsigned user;
};

struct vu_sched {
    int epfd;
    unsigned nusers;
    struct vu_user *users;
    struct vu_timer *heap; /* min-heap on when_ns; stale entries skipped */
    size_t nheap, heap_cap;
    unsigned *fd_user; /* per fd number: its registered user + 1, 0: none */
    size_t fd_cap;
};

bench_vu_t *bench_vu_new(unsigned nusers)
{
    struct vu_sched *v = calloc(1, sizeof(*v));

    if (!v) return NULL;
    v->epfd   = epoll_create1(EPOLL_CLOEXEC);
    v->nusers = nusers;
    v->users  = calloc(nusers ? nusers : 1, sizeof(*v->users));
    if (v->epfd < 0 || !v->users) goto fail;
    for (unsigned i = 0; i < nusers; i++)
        v->users[i].fd = -1;
    return v;
fail:
    bench_vu_free(v);
    return NULL;
}

void bench_vu_free(bench_vu_t *v)
{
    if (!v) return;
    if (v->epfd >= 0) close(v->epfd);
    free(v->users);
    free(v->heap);
    free(v->fd_user);
    free(v);
}

/* -- Timers ------------------------------------------------------------- */

static void heap_swap(struct vu_timer *h, size_t a, size_t b)
{
    struct vu_timer t = h[a];
    h[a]              = h[b];
    h[b]              = t;
}

static int heap_push(struct vu_sched *v, uint64_t when_ns, unsigned user)
{
    size_t i;

    if (v->nheap == v->heap_cap) {
        size_t cap         = v->heap_cap ? v->heap_cap * 2 : 64;
        struct vu_timer *h = realloc(v->heap, cap * sizeof(*h));
        if (!h) return -1;
        v->heap     = h;
        v->heap_cap = cap;
    }
    i          = v->nheap++;
    v->heap[i] = (struct vu_timer){when_ns, user};
    while (i > 0 && v->heap[(i - 1) / 2].when_ns > v->heap[i].when_ns) {
        heap_swap(v->heap, i, (i - 1) / 2);
        i = (i - 1) / 2;
    }
    return 0;
}

static void heap_pop(struct vu_sched *v)
{
    size_t i = 0;

    v->heap[0] = v->heap[--v->nheap];
    for (;;) {
        size_t l = 2 * i + 1, r = l + 1, m = i;
        if (l < v->nheap && v->heap[l].when_ns < v->heap[m].when_ns) m = l;
        if (r < v->nheap && v->heap[r].when_ns < v->heap[m].when_ns) m = r;
        if (m == i) return;
        heap_swap(v->heap, i, m);
        i = m;
    }
}

int bench_vu_sleep(bench_vu_t *v, unsigned user, uint64_t when_ns)
{
    if (user >= v->nusers) return -1;
    if (when_ns == 0) when_ns = 1;
    if (heap_push(v, when_ns, user) != 0) return -1;
    v->users[user].timer_ns = when_ns;
    return 0;
}

/* Moves the users whose sleep ended by `now` to ready[]; returns how many
 * (at most max). */
static int expire_timers(struct vu_sched *v, uint64_t now, int *ready, int max)
{
    int n = 0;

    while (v->nheap > 0 && v->heap[0].when_ns <= now && n < max) {
        struct vu_timer t = v->heap[0];
        heap_pop(v);
        if (v->users[t.user].timer_ns != t.when_ns) continue; /* stale */
        v->users[t.user].timer_ns = 0;
        /* A deadline of a socket wait: the user no longer waits for the
         * socket (a late event finds it not waiting and disarms it). */
        v->users[t.user].waiting_fd = false;
        ready[n++]                  = (int) t.user;
    }
    return n;
}

int bench_vu_wake_sleepers(bench_vu_t *v, int *ready, int max)
{
    int n = 0;

    for (unsigned i = 0; i < v->nusers && n < max; i++)
        if (v->users[i].timer_ns) {
            v->users[i].timer_ns   = 0;
            v->users[i].waiting_fd = false;
            ready[n++]             = (int) i;
        }
    return n;
}

/* -- Sockets ------------------------------------------------------------ */

static uint32_t epoll_events_of(int events)
{
    return (events & BENCH_VU_READ ? EPOLLIN : 0) |
           (events & BENCH_VU_WRITE ? EPOLLOUT : 0);
}

/* Makes fd's number `user`'s. A closed socket leaves the epoll set by
 * itself but not its user's record, and its number comes back for the
 * next socket, maybe another user's: that user's registration is not the
 * old owner's to drop or change, so the old owner forgets the number. */
static int claim(struct vu_sched *v, unsigned user, int fd)
{
    if ((size_t) fd >= v->fd_cap) {
        size_t cap = v->fd_cap ? v->fd_cap : 64;
        unsigned *m;
        while (cap <= (size_t) fd)
            cap *= 2;
        m = realloc(v->fd_user, cap * sizeof(*m));
        if (!m) return -1;
        memset(m + v->fd_cap, 0, (cap - v->fd_cap) * sizeof(*m));
        v->fd_user = m;
        v->fd_cap  = cap;
    }
    if (v->fd_user[fd] && v->fd_user[fd] != user + 1) {
        v->users[v->fd_user[fd] - 1].fd    = -1;
        v->users[v->fd_user[fd] - 1].armed = 0;
    }
    v->fd_user[fd] = user + 1;
    return 0;
}

/* Registers fd for `ev` under `user`, replacing what the user had. A
 * socket is the one registered only if its id says so: a closed socket's
 * number comes back for the next one. */
static int arm(struct vu_sched *v, unsigned user, int fd, uint32_t ev,
               uint64_t sock_id)
{
    struct vu_user *u     = &v->users[user];
    struct epoll_event ee = {.events = ev, .data.u32 = user};

    if (u->fd == fd && sock_id != 0 && u->sock_id == sock_id) {
        if (u->armed == ev) return 0;
        if (epoll_ctl(v->epfd, EPOLL_CTL_MOD, fd, &ee) == 0) {
            u->armed = ev;
            return 0;
        }
        /* The socket was closed and its number reused: register anew. */
    }
    if (u->fd >= 0 && u->fd != fd) { /* still the user's (claim) */
        epoll_ctl(v->epfd, EPOLL_CTL_DEL, u->fd, NULL); /* may be closed */
        v->fd_user[u->fd] = 0;
    }
    u->fd = -1;
    if (claim(v, user, fd) != 0) return -1;
    if (epoll_ctl(v->epfd, EPOLL_CTL_ADD, fd, &ee) != 0 &&
        (errno != EEXIST || epoll_ctl(v->epfd, EPOLL_CTL_MOD, fd, &ee) != 0))
        return -1;
    u->fd      = fd;
    u->armed   = ev;
    u->sock_id = sock_id;
    return 0;
}

int bench_vu_wait_fd(bench_vu_t *v, unsigned user, int fd, int events,
                     uint64_t sock_id)
{
    if (user >= v->nusers || fd < 0) {
        errno = EINVAL;
        return -1;
    }
    if (arm(v, user, fd, epoll_events_of(events), sock_id) != 0) return -1;
    v->users[user].waiting_fd = true;
    return 0;
}

int bench_vu_wait_conn(bench_vu_t *v, unsigned user, struct sql_connection *con)
{
    int events  = 0;
    uint64_t id = 0, until = 0;
    int fd = bench_db_wait(con, &events, &id, &until);

    /* No socket: a pause (between reconnect attempts) only. */
    if ((fd >= 0 || !until) && bench_vu_wait_fd(v, user, fd, events, id) != 0)
        return -1;
    return until ? bench_vu_sleep(v, user, until) : 0;
}

/* A socket event: the user is ready if it waits; otherwise its socket is
 * disarmed (a server's notice or close would wake the worker for ever). */
static bool socket_event(struct vu_sched *v, unsigned user)
{
    struct vu_user *u     = &v->users[user];
    struct epoll_event ee = {.events = 0, .data.u32 = user};

    if (user >= v->nusers) return false;
    if (u->waiting_fd) {
        u->waiting_fd = false;
        u->timer_ns   = 0; /* its deadline, if any, goes stale */
        return true;
    }
    if (u->fd >= 0 && u->armed &&
        epoll_ctl(v->epfd, EPOLL_CTL_MOD, u->fd, &ee) == 0)
        u->armed = 0;
    return false;
}

/* -- Polling ------------------------------------------------------------ */

/* epoll_pwait2 takes a timeout in ns (Linux 5.11); older kernels round up
 * to epoll_wait's milliseconds. */
static int wait_events(struct vu_sched *v, struct epoll_event *evs, int max,
                       uint64_t timeout_ns)
{
    struct timespec ts = {.tv_sec  = (time_t) (timeout_ns / NS_PER_S),
                          .tv_nsec = (long) (timeout_ns % NS_PER_S)};
    static int no_pwait2; /* set once by any worker: same answer for all */
    int n;

    if (!__atomic_load_n(&no_pwait2, __ATOMIC_RELAXED)) {
        n = epoll_pwait2(v->epfd, evs, max, &ts, NULL);
        if (n >= 0 || errno != ENOSYS) return n;
        __atomic_store_n(&no_pwait2, 1, __ATOMIC_RELAXED);
    }
    return epoll_wait(v->epfd, evs, max,
                      (int) ((timeout_ns + NS_PER_MS - 1) / NS_PER_MS));
}

#define VU_EVENTS_MAX 256

int bench_vu_poll(bench_vu_t *v, int *ready, int max, uint64_t max_wait_ns)
{
    struct epoll_event evs[VU_EVENTS_MAX];
    uint64_t now = clock_now_ns(), timeout = max_wait_ns;
    int n = expire_timers(v, now, ready, max), got;

    if (n > 0)
        timeout = 0;
    else if (v->nheap > 0 && v->heap[0].when_ns - now < timeout)
        timeout = v->heap[0].when_ns - now;
    if (max - n < VU_EVENTS_MAX && max - n > 0)
        got = wait_events(v, evs, max - n, timeout);
    else
        got = max - n > 0 ? wait_events(v, evs, VU_EVENTS_MAX, timeout) : 0;
    if (got < 0) return errno == EINTR ? n : -1;
    for (int i = 0; i < got; i++)
        if (socket_event(v, evs[i].data.u32))
            ready[n++] = (int) evs[i].data.u32;
    if (got == 0 && n == 0) n = expire_timers(v, clock_now_ns(), ready, max);
    return n;
}

double bench_vu_now(void)
{
    return (double) clock_now_ns();
}
