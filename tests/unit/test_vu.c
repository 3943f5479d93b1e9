/* SPDX-License-Identifier: MIT */
/* test_vu: a worker's wait for its virtual users (vu.c): sleeps come back
 * in time order and not before their time, a stale sleep never wakes a
 * user, a socket wakes only the user waiting on it, a socket that became
 * readable while its user did something else does not wake the worker
 * for ever, a new socket with a closed one's number is registered
 * again (its id differs), also when another user gets the number. */
#include <sys/socket.h>
#include <unistd.h>

#include "clock.h"
#include "tap.h"
#include "vu.h"

#define MS NS_PER_MS

/* The sleeps are hundreds of milliseconds apart so that a test process
 * descheduled for a while on a loaded machine still sees them in order. */
static void test_sleeps(void)
{
    bench_vu_t *v = bench_vu_new(4);
    int ready[8];
    uint64_t now = clock_now_ns();
    uint64_t left;
    int n;

    ok(v != NULL, "a scheduler of 4 users");
    bench_vu_sleep(v, 2, now + 500 * MS);
    bench_vu_sleep(v, 1, now + 100 * MS);
    bench_vu_sleep(v, 3, now + 300 * MS);
    n = bench_vu_poll(v, ready, 8, 5 * MS);
    is_int(n, 0, "nobody is ready before the first sleep ends");
    n = bench_vu_poll(v, ready, 8, 1000 * MS);
    is_int(n, 1, "one user after the first sleep");
    is_int(ready[0], 1, "the earliest sleeper first");
    ok(clock_now_ns() >= now + 100 * MS, "not before its time");
    n = bench_vu_poll(v, ready, 8, 1000 * MS);
    is_int(ready[0], 3, "then the next one");
    /* User 2 sleeps again, shorter: its first sleep is stale. */
    bench_vu_sleep(v, 2, clock_now_ns() + 1 * MS);
    n = bench_vu_poll(v, ready, 8, 1000 * MS);
    ok(n == 1 && ready[0] == 2, "a new sleep replaces the old one");
    /* Past the stale sleep's time: it must wake nobody. */
    left =
        now + 600 * MS > clock_now_ns() ? now + 600 * MS - clock_now_ns() : 0;
    n = bench_vu_poll(v, ready, 8, left);
    is_int(n, 0, "the replaced sleep wakes nobody");
    bench_vu_sleep(v, 0, clock_now_ns() + 60 * NS_PER_S);
    n = bench_vu_wake_sleepers(v, ready, 8);
    ok(n == 1 && ready[0] == 0, "a stop wakes the sleepers at once");
    n = bench_vu_poll(v, ready, 8, 1 * MS);
    is_int(n, 0, "and their sleeps are gone");
    bench_vu_free(v);
}

static void test_sockets(void)
{
    bench_vu_t *v = bench_vu_new(2);
    int a[2], b[2], ready[4], n;

    socketpair(AF_UNIX, SOCK_STREAM, 0, a);
    socketpair(AF_UNIX, SOCK_STREAM, 0, b);
    ok(bench_vu_wait_fd(v, 0, a[0], BENCH_VU_READ, 1) == 0, "user 0 waits");
    ok(bench_vu_wait_fd(v, 1, b[0], BENCH_VU_READ, 2) == 0, "user 1 waits");
    is_int(bench_vu_poll(v, ready, 4, 5 * MS), 0, "no data, nobody ready");
    n = (int) write(b[1], "x", 1);
    n = bench_vu_poll(v, ready, 4, 500 * MS);
    ok(n == 1 && ready[0] == 1, "data wakes the user waiting on it");
    /* User 1 runs on without reading: its socket stays readable but it
     * waits for nothing, so the worker must not wake for it again. */
    is_int(bench_vu_poll(v, ready, 4, 5 * MS), 0,
           "a readable socket of a user not waiting wakes nobody");
    n = (int) write(a[1], "y", 1);
    n = bench_vu_poll(v, ready, 4, 500 * MS);
    ok(n == 1 && ready[0] == 0, "the other user still wakes");
    /* User 1 waits again on the same socket: data already there. */
    bench_vu_wait_fd(v, 1, b[0], BENCH_VU_READ, 2);
    n = bench_vu_poll(v, ready, 4, 500 * MS);
    ok(n == 1 && ready[0] == 1, "waiting again sees the data at once");
    /* The socket closes and a new one gets its number. */
    int old = b[0];
    close(b[0]);
    close(b[1]);
    socketpair(AF_UNIX, SOCK_STREAM, 0, b);
    if (b[0] != old) {
        int moved = dup2(b[0], old);
        close(b[0]);
        b[0] = moved;
    }
    bench_vu_wait_fd(v, 1, b[0], BENCH_VU_READ, 3);
    n = (int) write(b[1], "z", 1);
    n = bench_vu_poll(v, ready, 4, 500 * MS);
    ok(n == 1 && ready[0] == 1,
       "a new socket with an old number is registered again");
    close(a[0]);
    close(a[1]);
    close(b[0]);
    close(b[1]);
    bench_vu_free(v);
}

/* Makes fd `want` a new socket pair's first end; returns its peer. */
static int socket_at(int want)
{
    int p[2];

    socketpair(AF_UNIX, SOCK_STREAM, 0, p);
    if (p[0] != want) {
        dup2(p[0], want);
        close(p[0]);
    }
    return p[1];
}

/* A reconnect: user 0's socket closes, user 1's new one gets its number,
 * then user 0 waits on a new socket of its own. User 1's registration is
 * not user 0's to drop (a connect storm after a server restart). */
static void test_reused_number(void)
{
    bench_vu_t *v = bench_vu_new(2);
    int a[2], c[2], ready[4], n, peer, num;

    socketpair(AF_UNIX, SOCK_STREAM, 0, a);
    num = a[0];
    bench_vu_wait_fd(v, 0, a[0], BENCH_VU_READ, 0);
    close(a[0]);
    close(a[1]);
    peer = socket_at(num);
    bench_vu_wait_fd(v, 1, num, BENCH_VU_READ, 0);
    socketpair(AF_UNIX, SOCK_STREAM, 0, c);
    bench_vu_wait_fd(v, 0, c[0], BENCH_VU_READ, 0);
    n = (int) write(peer, "x", 1);
    n = bench_vu_poll(v, ready, 4, 500 * MS);
    ok(n == 1 && ready[0] == 1,
       "a user's new socket leaves another's with its old number alone");
    n = (int) write(c[1], "y", 1);
    n = bench_vu_poll(v, ready, 4, 500 * MS);
    ok(n == 1 && ready[0] == 0, "and is registered itself");
    close(num);
    close(peer);
    close(c[0]);
    close(c[1]);
    bench_vu_free(v);
}

/* A socket wait with a deadline (a connect's timeout): whichever comes
 * first makes the user ready once, and cancels the other. */
static void test_deadlines(void)
{
    bench_vu_t *v = bench_vu_new(1);
    int a[2], ready[4], n;

    socketpair(AF_UNIX, SOCK_STREAM, 0, a);
    bench_vu_wait_fd(v, 0, a[0], BENCH_VU_READ, 1);
    bench_vu_sleep(v, 0, clock_now_ns() + 10 * MS);
    n = bench_vu_poll(v, ready, 4, 500 * MS);
    ok(n == 1 && ready[0] == 0,
       "the deadline wakes a user waiting on a socket");
    n = (int) write(a[1], "x", 1);
    is_int(bench_vu_poll(v, ready, 4, 20 * MS), 0,
           "the socket ready later wakes nobody");
    /* Data first: the deadline goes stale. */
    bench_vu_wait_fd(v, 0, a[0], BENCH_VU_READ, 1);
    bench_vu_sleep(v, 0, clock_now_ns() + 30 * MS);
    n = bench_vu_poll(v, ready, 4, 500 * MS);
    ok(n == 1 && ready[0] == 0, "the socket wakes a user with a deadline");
    is_int(bench_vu_poll(v, ready, 4, 60 * MS), 0,
           "its deadline then wakes nobody");
    close(a[0]);
    close(a[1]);
    bench_vu_free(v);
}

int main(void)
{
    test_sleeps();
    test_sockets();
    test_reused_number();
    test_deadlines();
    return done_testing();
}
