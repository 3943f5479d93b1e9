/* SPDX-License-Identifier: MIT */
/* log: see log.h. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "api.h"
#include "log.h"
#include "progress.h"

static const char *const prefixes[] = {
    "FATAL: ", "ALERT: ", "WARNING: ", "", "", "DEBUG: "};

/* Guarded by log_mutex. */
static pthread_mutex_t log_mutex = PTHREAD_MUTEX_INITIALIZER;
static int verbosity             = LOG_NOTICE;
static char last_msg[4096];
static unsigned repeats;
/* Hashes of the held blocks printed so far (log_release). */
static uint64_t released[64];
static unsigned nreleased;

/* FATAL lines the calling thread logged, printed or held (log_fatal_count). */
static _Thread_local unsigned fatal_count;

/* log_oom_begin: set once in the process. The thread that set it logs the
 * cause next (oom_owner) and keeps its held block (oom_cause_logged). */
static atomic_bool oom_seen;
static _Thread_local bool oom_owner, oom_cause_logged;

bool log_oom_begin(void)
{
    if (atomic_exchange(&oom_seen, true)) return false;
    oom_owner = true;
    return true;
}

/* Whether a FATAL line of this thread is dropped: memory ran out and the
 * line is not the cause's. The cause's line ends the owner's turn. */
static bool oom_dropped(void)
{
    if (!atomic_load_explicit(&oom_seen, memory_order_relaxed)) return false;
    if (!oom_owner) return true;
    oom_owner        = false;
    oom_cause_logged = true;
    return false;
}

/* The calling thread's held FATAL lines (log_hold). */
static _Thread_local struct {
    bool on;
    char *buf; /* malloc'd, owned by this thread until log_release */
    size_t len, cap;
    char *trace; /* log_trace's text for stderr, malloc'd, or NULL */
} held;

void log_set_verbosity(int level)
{
    verbosity = level;
}

int log_verbosity(void)
{
    return verbosity;
}

bool log_enabled(enum log_level level)
{
    return (int) level <= verbosity;
}

static void flush_repeats_locked(void)
{
    if (repeats > 0) printf("(last message repeated %u times)\n", repeats);
    repeats = 0;
}

/* Appends "FATAL: <msg>\n" to the held block; false when out of memory
 * (the caller prints the line instead). */
static bool hold_line(const char *msg)
{
    size_t n = strlen(prefixes[LOG_FATAL]) + strlen(msg) + 1;

    if (held.len + n + 1 > held.cap) {
        size_t cap = (held.len + n + 1) * 2;
        char *b    = realloc(held.buf, cap);
        if (!b) return false;
        held.buf = b;
        held.cap = cap;
    }
    held.len += (size_t) sprintf(held.buf + held.len, "%s%s\n",
                                 prefixes[LOG_FATAL], msg);
    return true;
}

/* Prints the held lines now, keeping the hold on (log_mutex held): the
 * thread goes on to print something else, so the failure was caught and
 * its lines belong before what follows, not in a block at the end. */
static void print_held_locked(void)
{
    if (!held.on || held.len == 0) return;
    flush_repeats_locked();
    last_msg[0] = '\0';
    fwrite(held.buf, 1, held.len, stdout);
    held.len = 0;
}

void log_held_print(void)
{
    if (!held.on || held.len == 0) return;
    pthread_mutex_lock(&log_mutex);
    progress_hide();
    print_held_locked();
    fflush(stdout);
    progress_show();
    pthread_mutex_unlock(&log_mutex);
}

static void emit(enum log_level level, bool collapse, const char *fmt,
                 va_list ap)
{
    char buf[sizeof(last_msg)];

    if (!log_enabled(level)) return;
    if (level == LOG_FATAL) {
        fatal_count++;
        if (oom_dropped()) return;
    }
    vsnprintf(buf, sizeof(buf), fmt, ap);
    if (level == LOG_FATAL && held.on && hold_line(buf)) return;
    /* Blank lines separate report blocks and are never collapsed. */
    collapse = collapse && buf[0] != '\0';
    pthread_mutex_lock(&log_mutex);
    progress_hide();
    print_held_locked();
    if (collapse && strcmp(buf, last_msg) == 0) {
        repeats++;
    } else {
        flush_repeats_locked();
        printf("%s%s\n", prefixes[level], buf);
        if (collapse)
            memcpy(last_msg, buf, sizeof(buf));
        else
            last_msg[0] = '\0';
    }
    fflush(stdout);
    progress_show();
    pthread_mutex_unlock(&log_mutex);
}

void log_vmsg(enum log_level level, const char *fmt, va_list ap)
{
    emit(level, true, fmt, ap);
}

void log_msg(enum log_level level, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit(level, true, fmt, ap);
    va_end(ap);
}

void log_stamped(enum log_level level, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    emit(level, false, fmt, ap);
    va_end(ap);
}

void log_flush(void)
{
    pthread_mutex_lock(&log_mutex);
    flush_repeats_locked();
    last_msg[0] = '\0';
    fflush(stdout);
    pthread_mutex_unlock(&log_mutex);
}

unsigned log_fatal_count(void)
{
    return fatal_count;
}

void log_hold(void)
{
    held.on  = true;
    held.len = 0;
}

static uint64_t block_hash(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull; /* FNV-1a */

    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char) s[i]) * 1099511628211ull;
    return h;
}

void log_release(void)
{
    bool seen  = false;
    uint64_t h = block_hash(held.buf ? held.buf : "", held.len);

    held.on = false;
    if (held.len == 0 ||
        (atomic_load_explicit(&oom_seen, memory_order_relaxed) &&
         !oom_cause_logged))
        goto out;
    pthread_mutex_lock(&log_mutex);
    for (unsigned i = 0; i < nreleased && !seen; i++)
        seen = released[i] == h;
    if (!seen) {
        flush_repeats_locked();
        last_msg[0] = '\0';
        progress_hide();
        fwrite(held.buf, 1, held.len, stdout);
        fflush(stdout);
        if (held.trace) fprintf(stderr, "%s\n", held.trace);
        progress_show();
        if (nreleased < sizeof(released) / sizeof(released[0]))
            released[nreleased++] = h;
    }
    pthread_mutex_unlock(&log_mutex);
out:
    free(held.buf);
    free(held.trace);
    held.buf   = NULL;
    held.trace = NULL;
    held.len = held.cap = 0;
}

void log_trace(const char *text)
{
    if (held.on && !held.trace && (held.trace = strdup(text))) return;
    log_flush(); /* the FATAL line before it, as the two streams interleave */
    progress_hide();
    fprintf(stderr, "%s\n", text);
    progress_show();
}

void bench_log(int level, const char *msg)
{
    if (level < LOG_FATAL || level > LOG_DEBUG) level = LOG_NOTICE;
    if (level == LOG_NOTICE)
        log_stamped(LOG_NOTICE, "%s", msg);
    else
        log_msg((enum log_level) level, "%s", msg);
}
