/* SPDX-License-Identifier: MIT */
/* progress: see progress.h. The line is "\r<text>\033[K": carriage return,
 * the text, erase to the end of the line. The text is cut to the
 * terminal's width minus one, so the cursor never wraps to a new line
 * and a carriage return always reaches the line's start. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <ck_pr.h>

#include "clock.h"
#include "progress.h"

#define ERASE "\r\033[K"

/* The process's one status line. `active` and `fd_sig` are also read
 * without the mutex (progress_due, the signal handler); everything else
 * is guarded by it. */
static struct {
    pthread_mutex_t mutex;
    int active;           /* ck_pr: progress_start to progress_stop */
    uint64_t last_ns;     /* ck_pr: last draw, 0 = never */
    uint64_t interval_ns; /* ck_pr */
    int fd;
    unsigned hidden; /* hide depth */
    bool drawn;      /* the text is on the screen */
    char text[512];  /* the last text, redrawn by progress_show */
} line = {.mutex = PTHREAD_MUTEX_INITIALIZER, .fd = -1};

static volatile sig_atomic_t fd_sig = -1; /* fd while drawn, else -1 */

/* write(2) in full, retrying on EINTR; a failing terminal is ignored (the
 * status line is a courtesy, never a reason to fail). */
static void write_all(int fd, const char *s, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, s, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return;
        s += w;
        n -= (size_t) w;
    }
}

static size_t term_width(int fd)
{
    struct winsize ws;

    if (ioctl(fd, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1) return ws.ws_col;
    return 80;
}

/* mutex held. `end`: "" for the status line, "\n" for a line that stays. */
static void draw_locked(const char *end)
{
    char buf[sizeof(line.text) + 8];
    size_t w = term_width(line.fd) - 1, n = strlen(line.text);
    size_t e = strlen(end);

    if (n > w) n = w;
    memcpy(buf, "\r", 1);
    memcpy(buf + 1, line.text, n);
    memcpy(buf + 1 + n, "\033[K", 3);
    memcpy(buf + 4 + n, end, e);
    write_all(line.fd, buf, n + 4 + e);
    line.drawn = e == 0;
    fd_sig     = line.drawn ? line.fd : -1;
}

/* mutex held */
static void erase_locked(void)
{
    if (!line.drawn) return;
    fd_sig = -1;
    write_all(line.fd, ERASE, sizeof(ERASE) - 1);
    line.drawn = false;
}

/* Written by main alone, before any thread (progress_allow). */
static bool allowed = true;

void progress_allow(bool on)
{
    allowed = on;
}

bool progress_start(int fd, uint64_t interval_ns)
{
    bool tty = allowed && fd >= 0 && isatty(fd);

    pthread_mutex_lock(&line.mutex);
    erase_locked();
    line.fd = tty ? fd : -1;
    ck_pr_store_64(&line.interval_ns,
                   interval_ns ? interval_ns : PROGRESS_INTERVAL_NS);
    line.hidden  = 0;
    line.text[0] = '\0';
    ck_pr_store_64(&line.last_ns, 0);
    ck_pr_store_int(&line.active, tty);
    pthread_mutex_unlock(&line.mutex);
    return tty;
}

bool progress_active(void)
{
    return ck_pr_load_int(&line.active) != 0;
}

bool progress_due(void)
{
    uint64_t last = ck_pr_load_64(&line.last_ns);

    if (!ck_pr_load_int(&line.active)) return false;
    return last == 0 ||
           clock_now_ns() - last >= ck_pr_load_64(&line.interval_ns);
}

void progress_update(const char *fmt, ...)
{
    va_list ap;

    if (!progress_due()) return;
    pthread_mutex_lock(&line.mutex);
    /* Another thread may have drawn since progress_due. */
    uint64_t now = clock_now_ns(), last = ck_pr_load_64(&line.last_ns);
    if (line.active &&
        (last == 0 || now - last >= ck_pr_load_64(&line.interval_ns))) {
        va_start(ap, fmt);
        vsnprintf(line.text, sizeof(line.text), fmt, ap);
        va_end(ap);
        ck_pr_store_64(&line.last_ns, now);
        if (line.hidden == 0) draw_locked("");
    }
    pthread_mutex_unlock(&line.mutex);
}

void progress_keep(const char *fmt, ...)
{
    va_list ap;

    if (!progress_active()) return;
    pthread_mutex_lock(&line.mutex);
    if (line.active) {
        va_start(ap, fmt);
        vsnprintf(line.text, sizeof(line.text), fmt, ap);
        va_end(ap);
        /* Hidden: another thread is between two whole lines of its own;
         * this one is whole too, so it goes out now all the same. */
        draw_locked("\n");
        line.text[0] = '\0';
        ck_pr_store_64(&line.last_ns, 0);
    }
    pthread_mutex_unlock(&line.mutex);
}

void progress_stop(void)
{
    if (!progress_active()) return;
    pthread_mutex_lock(&line.mutex);
    erase_locked();
    ck_pr_store_int(&line.active, 0);
    line.fd = -1;
    pthread_mutex_unlock(&line.mutex);
}

void progress_hide(void)
{
    if (!progress_active()) return;
    pthread_mutex_lock(&line.mutex);
    if (line.active) {
        line.hidden++;
        erase_locked();
    }
    pthread_mutex_unlock(&line.mutex);
}

void progress_show(void)
{
    if (!progress_active()) return;
    pthread_mutex_lock(&line.mutex);
    if (line.active && line.hidden > 0 && --line.hidden == 0 &&
        line.text[0] != '\0')
        draw_locked("");
    pthread_mutex_unlock(&line.mutex);
}

void progress_erase_signal_safe(void)
{
    int fd = fd_sig;

    if (fd >= 0) write_all(fd, ERASE, sizeof(ERASE) - 1);
}

/* -- Figures for the text --------------------------------------------- */

void progress_rate_init(struct progress_rate *r, uint64_t now_ns,
                        uint64_t count)
{
    *r = (struct progress_rate){.t_ns = now_ns, .count = count, .per_s = -1};
}

double progress_rate_update(struct progress_rate *r, uint64_t now_ns,
                            uint64_t count)
{
    if (now_ns >= r->t_ns + NS_PER_S) {
        double s = (double) (now_ns - r->t_ns) / 1e9;
        r->per_s = count >= r->count ? (double) (count - r->count) / s : 0;
        r->t_ns  = now_ns;
        r->count = count;
    }
    return r->per_s;
}

/* "42s", "7m05s", "2h03m". Elapsed time rounds down and time left up,
 * so the two add up to the limit and "0s left" means the end. */
int progress_duration(char *buf, size_t len, uint64_t ns, bool up)
{
    unsigned long long s = ns / NS_PER_S + (up && ns % NS_PER_S != 0);

    if (s < 60) return snprintf(buf, len, "%llus", s);
    if (s < 3600) return snprintf(buf, len, "%llum%02llus", s / 60, s % 60);
    return snprintf(buf, len, "%lluh%02llum", s / 3600, s / 60 % 60);
}

/* The nearer of the two limits; false when neither can be estimated. */
static bool time_left(const struct progress_state *s, uint64_t *left_ns)
{
    bool known = false;

    *left_ns = UINT64_MAX;
    if (s->limit_ns) {
        *left_ns =
            s->limit_ns > s->elapsed_ns ? s->limit_ns - s->elapsed_ns : 0;
        known = true;
    }
    if (s->total && s->per_s > 0) {
        double left =
            s->done < s->total ? (double) (s->total - s->done) / s->per_s : 0;
        double ns = left * 1e9;
        if (ns < (double) *left_ns) *left_ns = (uint64_t) ns;
        known = true;
    }
    return known;
}

size_t progress_format(char *buf, size_t len, const struct progress_state *s)
{
    char el[24], left[24];
    uint64_t left_ns;
    size_t n = 0;

#define ADD(...)                                                               \
    do {                                                                       \
        int w_ = snprintf(buf + n, len - n, __VA_ARGS__);                      \
        if (w_ > 0) n += (size_t) w_ < len - n ? (size_t) w_ : len - n - 1;    \
    } while (0)
    if (len == 0) return 0;
    buf[0] = '\0';
    progress_duration(el, sizeof(el), s->elapsed_ns, false);
    ADD("%s elapsed", el);
    if (time_left(s, &left_ns)) {
        progress_duration(left, sizeof(left), left_ns, true);
        ADD(", %s left", left);
    }
    if (s->per_s >= 0)
        ADD(s->per_s >= 100 ? ", %.0f %s/s" : ", %.1f %s/s", s->per_s, s->unit);
    if (s->total)
        ADD(", %llu/%llu %s", (unsigned long long) s->done,
            (unsigned long long) s->total, s->unit);
    else
        ADD(", %llu %s", (unsigned long long) s->done, s->unit);
    if (s->window)
        ADD(s->err_per_s >= 100 ? ", %.0f err/s" : ", %.1f err/s",
            s->err_per_s);
    if (s->window && s->p95_ms >= 0)
        ADD(s->p95_ms >= 0.1 ? ", p95 %.2f ms" : ", p95 %.4f ms", s->p95_ms);
#undef ADD
    return n;
}
