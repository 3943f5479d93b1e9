/* SPDX-License-Identifier: MIT */
/* test_progress: the status line drawn on a real pseudo-terminal (what a
 * user's terminal receives, byte for byte), never on a pipe, plus the
 * text of progress_format and the rate windows. */
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "progress.h"
#include "tap.h"

#define INTERVAL_NS 400000000ull /* longer than none()'s wait */

/* Everything the other side received: waits up to `first_ms` for the
 * first byte (the pty hands data over asynchronously), then until 30 ms
 * of silence. */
static const char *drain_wait(int fd, int first_ms)
{
    static char buf[4096];
    size_t n        = 0;
    struct pollfd p = {.fd = fd, .events = POLLIN};

    while (n < sizeof(buf) - 1 && poll(&p, 1, n ? 30 : first_ms) == 1) {
        ssize_t r = read(fd, buf + n, sizeof(buf) - 1 - n);
        if (r <= 0) break;
        n += (size_t) r;
    }
    buf[n] = '\0';
    return buf;
}

/* What arrived (expected: something). */
static const char *drain(int fd)
{
    return drain_wait(fd, 2000);
}

/* What arrived (expected: nothing, so a short wait). */
static const char *none(int fd)
{
    return drain_wait(fd, 100);
}

static void sleep_ns(uint64_t ns)
{
    struct timespec ts = {.tv_sec  = (time_t) (ns / NS_PER_S),
                          .tv_nsec = (long) (ns % NS_PER_S)};
    nanosleep(&ts, NULL);
}

static int open_pty(int *slave)
{
    int m             = posix_openpt(O_RDWR | O_NOCTTY);
    struct winsize ws = {.ws_row = 24, .ws_col = 40};

    if (m < 0 || grantpt(m) || unlockpt(m)) return -1;
    if ((*slave = open(ptsname(m), O_RDWR | O_NOCTTY)) < 0) return -1;
    ioctl(m, TIOCSWINSZ, &ws);
    return m;
}

static void test_pipe(void)
{
    int p[2];

    if (pipe(p) != 0) return;
    fcntl(p[0], F_SETFL, O_NONBLOCK);
    ok(!progress_start(p[1], INTERVAL_NS), "a pipe is no terminal");
    ok(!progress_active() && !progress_due(), "inactive: nothing due");
    progress_update("never %d", 1);
    progress_hide();
    progress_show();
    progress_stop();
    is_str(none(p[0]), "", "nothing written to a pipe");
    close(p[0]);
    close(p[1]);
}

static void test_draw(int m, int s)
{
    ok(progress_start(s, INTERVAL_NS), "a pty is a terminal");
    ok(progress_due(), "the first update is due at once");
    progress_update("run %d", 1);
    is_str(drain(m), "\rrun 1\033[K", "drawn: CR, text, erase to EOL");
    progress_update("run %d", 2);
    is_str(none(m), "", "not redrawn within the interval");
    sleep_ns(INTERVAL_NS);
    progress_update("run %d", 3);
    is_str(drain(m), "\rrun 3\033[K", "redrawn once the interval passed");

    /* 40 columns: 39 characters, the cursor never wraps */
    sleep_ns(INTERVAL_NS);
    progress_update("%s", "0123456789012345678901234567890123456789xyz");
    is_str(drain(m), "\r012345678901234567890123456789012345678\033[K",
           "cut to the terminal's width minus one");
}

/* A kept line stays (a newline after it), whatever the interval, and
 * the status line starts afresh below it. */
static void test_keep(int m)
{
    progress_keep("group %d: %s", 1, "done");
    is_str(drain(m), "\rgroup 1: done\033[K\r\n", /* the pty: ONLCR */
           "kept: drawn at once, then a newline");
    ok(progress_due(), "after a kept line the next update is due at once");
    progress_update("group %d", 2);
    is_str(drain(m), "\rgroup 2\033[K", "the next line drawn below it");
}

static void test_hide(int m, int s)
{
    progress_hide();
    is_str(drain(m), "\r\033[K", "hide erases the line");
    progress_hide();
    is_str(none(m), "", "nested hide: nothing more");
    sleep_ns(INTERVAL_NS);
    progress_update("hidden %d", 4);
    is_str(none(m), "", "no drawing while hidden");
    progress_show();
    is_str(none(m), "", "inner show: still hidden");
    progress_show();
    is_str(drain(m), "\rhidden 4\033[K", "outer show redraws the latest text");

    progress_erase_signal_safe();
    is_str(drain(m), "\r\033[K", "the signal-safe erase");
    progress_stop();
    ok(!progress_active(), "stopped");
    progress_update("after %d", 5);
    progress_hide();
    progress_show();
    progress_erase_signal_safe();
    is_str(drain(m), "\r\033[K", "stop erases; then nothing at all");
}

static void test_format(void)
{
    char buf[128];
    struct progress_state st = {.unit       = "events",
                                .done       = 123456,
                                .elapsed_ns = 12 * NS_PER_S,
                                .limit_ns   = 60 * NS_PER_S,
                                .per_s      = 10234.4};

    progress_format(buf, sizeof(buf), &st);
    is_str(buf, "12s elapsed, 48s left, 10234 events/s, 123456 events",
           "--time: left by the clock");
    st = (struct progress_state){.unit       = "events",
                                 .done       = 250,
                                 .total      = 1000,
                                 .elapsed_ns = 125 * NS_PER_S,
                                 .per_s      = 2.5};
    progress_format(buf, sizeof(buf), &st);
    is_str(buf, "2m05s elapsed, 5m00s left, 2.5 events/s, 250/1000 events",
           "--events: left by the rate");
    st.limit_ns = 200 * NS_PER_S;
    progress_format(buf, sizeof(buf), &st);
    is_str(buf, "2m05s elapsed, 1m15s left, 2.5 events/s, 250/1000 events",
           "both limits: the nearer one");
    st = (struct progress_state){.unit       = "rows",
                                 .done       = 7,
                                 .total      = 10,
                                 .elapsed_ns = 7300 * NS_PER_S,
                                 .per_s      = -1};
    progress_format(buf, sizeof(buf), &st);
    is_str(buf, "2h01m elapsed, 7/10 rows", "no rate yet: no estimate");
    is_int(progress_format(buf, 10, &st), 9, "cut to the buffer");
    is_str(buf, "2h01m ela", "terminated");
}

static void test_rate(void)
{
    struct progress_rate r;

    progress_rate_init(&r, 0, 0);
    ok(progress_rate_update(&r, NS_PER_S / 2, 500) < 0,
       "no rate before a whole second");
    ok(progress_rate_update(&r, 2 * NS_PER_S, 3000) == 1500,
       "a window of 2 s: 1500/s");
    ok(progress_rate_update(&r, 2 * NS_PER_S + 10, 9000) == 1500,
       "kept until the next window closes");
    ok(progress_rate_update(&r, 3 * NS_PER_S, 3500) == 500,
       "the next window: 500/s");
}

int main(void)
{
    int s = -1, m = open_pty(&s);

    test_pipe();
    if (m < 0) {
        printf("# no pseudo-terminal: the drawing tests are skipped\n");
    } else {
        test_draw(m, s);
        test_keep(m);
        test_hide(m, s);
    }
    test_format();
    test_rate();
    return done_testing();
}
