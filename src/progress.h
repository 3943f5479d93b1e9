/* SPDX-License-Identifier: MIT */
/* progress: one self-updating status line on a terminal ("12s elapsed, 48s
 * left, 10234 events/s"), for long phases (run, prepare). Drawn only when
 * its stream is a terminal, so pipes, files and the transcript-compatible
 * text (PD-10) never see it. Not a report: nothing here is a measurement
 * anyone parses.
 *
 * A terminal has one cursor, so the line is process-wide state, owned
 * here (one mutex; never on the per-event path). Every function may be
 * called from any thread, and does nothing while the line is not started.
 * Whoever prints other lines to the terminal (log.c, Lua's print) wraps
 * them in progress_hide()/progress_show(), so the status line is erased
 * first and redrawn under them. */
#ifndef BENCH_PROGRESS_H
#define BENCH_PROGRESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Redraws at most this often by default: a few updates per second. */
#define PROGRESS_INTERVAL_NS 250000000ull

/* Whether lines may be drawn at all (--progress, --verbosity >= 3):
 * set by main before any thread starts; on until then. Off, every
 * progress_start returns false. */
void progress_allow(bool on);

/* Starts the line on `fd` (STDERR_FILENO) if `fd` is a terminal, with at
 * most one redraw per `interval_ns` (0: PROGRESS_INTERVAL_NS). Returns
 * whether the line is active; false (and nothing drawn, ever) otherwise.
 * Starting an active line restarts it. */
bool progress_start(int fd, uint64_t interval_ns);

/* Whether progress_start succeeded and progress_stop was not called yet. */
bool progress_active(void);

/* Whether an update now would be drawn (active, not hidden, interval
 * passed): lets a caller skip gathering its figures. Cheap. */
bool progress_due(void);

/* Replaces the line's text (printf format; truncated to the terminal's
 * width, never wrapped) when due; otherwise does nothing. */
void progress_update(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

/* Leaves the text (printf format, cut as progress_update's) on the screen
 * as a line of its own, a summary that stays, whatever the interval; the
 * status line starts afresh below it (the next update draws at once).
 * Does nothing while the line is not active. */
void progress_keep(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Erases the line and ends it; progress_active() is false afterwards. */
void progress_stop(void);

/* Around other output to the terminal: hide erases the line and keeps it
 * off the screen; show redraws the last text below that output. Nests
 * (the line comes back at the outermost show). */
void progress_hide(void);
void progress_show(void);

/* Erases the line with write(2) alone, for a signal handler that is about
 * to print and exit. Async-signal-safe. */
void progress_erase_signal_safe(void);

/* -- Figures for the text ------------------------------------------------- */

/* A rate over windows of at least a second, so the figure is steady. */
struct progress_rate {
    uint64_t t_ns, count; /* start of the current window */
    double per_s;         /* last complete window's rate; < 0: none yet */
};

void progress_rate_init(struct progress_rate *r, uint64_t now_ns,
                        uint64_t count);
/* Feeds the running total `count` at `now_ns`; returns the rate (per
 * second) of the last complete window, or < 0 before the first. */
double progress_rate_update(struct progress_rate *r, uint64_t now_ns,
                            uint64_t count);

/* What a phase reports; the text is "<elapsed> elapsed, <left> left,
 * <rate> <unit>/s, <done>[/<total>] <unit>[, <e> err/s, p95 <ms> ms]". */
struct progress_state {
    const char *unit;    /* "events", "rows" */
    uint64_t done;       /* units so far */
    uint64_t total;      /* 0: unknown (no count limit) */
    uint64_t elapsed_ns; /* since the phase began */
    uint64_t limit_ns;   /* 0: no time limit */
    double per_s;        /* current rate; < 0: not known yet */
    /* A run's last window (a second or more), shown when `window`: its
     * ignored errors a second and 95th percentile (< 0: no event). */
    bool window;
    double err_per_s, p95_ms;
};

/* A duration as the text shows it: "42s", "7m05s", "2h03m"; `up` rounds
 * up (time left), else down. snprintf's return. */
int progress_duration(char *buf, size_t len, uint64_t ns, bool up);

/* Writes the text into buf (always terminated); returns its length. The
 * time left is the nearer of the time limit and, with a rate, the count
 * limit; without either it is left out. */
size_t progress_format(char *buf, size_t len, const struct progress_state *s);

#endif
