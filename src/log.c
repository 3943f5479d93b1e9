/* SPDX-License-Identifier: MIT */
/* log: see log.h. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "api.h"
#include "log.h"

static const char *const prefixes[] = {
    "FATAL: ", "ALERT: ", "WARNING: ", "", "", "DEBUG: "};

/* Guarded by log_mutex. */
static pthread_mutex_t log_mutex = PTHREAD_MUTEX_INITIALIZER;
static int verbosity             = LOG_NOTICE;
static char last_msg[4096];
static unsigned repeats;

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

static void emit(enum log_level level, bool collapse, const char *fmt,
                 va_list ap)
{
    char buf[sizeof(last_msg)];

    if (!log_enabled(level)) return;
    vsnprintf(buf, sizeof(buf), fmt, ap);
    /* Blank lines separate report blocks and are never collapsed. */
    collapse = collapse && buf[0] != '\0';
    pthread_mutex_lock(&log_mutex);
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

void bench_log(int level, const char *msg)
{
    if (level < LOG_FATAL || level > LOG_DEBUG) level = LOG_NOTICE;
    if (level == LOG_NOTICE)
        log_stamped(LOG_NOTICE, "%s", msg);
    else
        log_msg((enum log_level) level, "%s", msg);
}
