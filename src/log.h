/* SPDX-License-Identifier: MIT */
/* log: sysbench's prioritised messages on stdout. A message is printed when
 * its level <= --verbosity; consecutive identical messages are collapsed
 * into "(last message repeated N times)". Thread-safe (one mutex; logging
 * is never on the per-event path). Messages go to stdout unbuffered so they
 * interleave with Lua print() as in sysbench. */
#ifndef BENCH_LOG_H
#define BENCH_LOG_H

#include <stdarg.h>
#include <stdbool.h>

enum log_level {
    LOG_FATAL   = 0, /* "FATAL: " */
    LOG_ALERT   = 1, /* "ALERT: " */
    LOG_WARNING = 2, /* "WARNING: " */
    LOG_NOTICE  = 3, /* no prefix: banner, headers, reports */
    LOG_INFO    = 4, /* no prefix */
    LOG_DEBUG   = 5, /* "DEBUG: " */
};

void log_set_verbosity(int level);
int log_verbosity(void);
bool log_enabled(enum log_level level);

/* Prints one message (a trailing newline is added). Identical consecutive
 * messages are collapsed. */
void log_msg(enum log_level level, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void log_vmsg(enum log_level level, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));
/* Like log_msg, but never collapsed (report lines carry a timestamp). */
void log_stamped(enum log_level level, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Flushes a pending "(last message repeated N times)" line. */
void log_flush(void);

/* A worker's callbacks fail together when they fail for the same cause (a
 * missing table, a server down): between log_hold() and log_release()
 * the calling thread's FATAL lines are kept, and log_release() prints
 * them as one block unless a block with the same text was already
 * printed by another thread, so N workers failing the same way print the
 * cause once. Other levels print at once. Per thread; not nested. */
void log_hold(void);
void log_release(void);

/* While held: prints the calling thread's held lines at once (its script
 * caught the failure and prints on, e.g. with print()), so they keep their
 * place before what follows. Other levels do the same by themselves. */
void log_held_print(void);

/* Prints `text` and a newline on stderr (a Lua traceback); while held, it
 * goes with the held block and is printed only when the block is. */
void log_trace(const char *text);

/* Out of memory (or threads) is one FATAL line for the process (issue
 * 12): the failures it causes everywhere else would each add their own.
 * The first caller of log_oom_begin() in the process gets true, and its
 * next FATAL line is the cause's; every other FATAL line from then on is
 * dropped (still counted by log_fatal_count), other threads' held blocks
 * included. Later callers get false and must log nothing. */
bool log_oom_begin(void);

/* How many FATAL lines the calling thread logged so far (printed or held):
 * whether it reported a failure already. */
unsigned log_fatal_count(void);

#define log_fatal(...)  log_msg(LOG_FATAL, __VA_ARGS__)
#define log_alert(...)  log_msg(LOG_ALERT, __VA_ARGS__)
#define log_warn(...)   log_msg(LOG_WARNING, __VA_ARGS__)
#define log_notice(...) log_msg(LOG_NOTICE, __VA_ARGS__)
#define log_info(...)   log_msg(LOG_INFO, __VA_ARGS__)
#define log_debug(...)  log_msg(LOG_DEBUG, __VA_ARGS__)

#endif
