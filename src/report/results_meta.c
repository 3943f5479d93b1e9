/* SPDX-License-Identifier: MIT */
/* results_meta.c: what the result document says about the run's
 * surroundings: the host, the command line and options with their secrets
 * masked (the rule of options_name_is_secret: any name containing
 * "password"), and wall-clock times. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* gmtime_r, clock_gettime */
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/utsname.h>

#include "options.h"
#include "results_internal.h"

#define SECRET "***"

/* The first "model name" (x86), "Processor" or "cpu model" line of
 * /proc/cpuinfo, into buf; false if there is none. */
static bool cpu_model(char *buf, size_t size)
{
    static const char *const keys[] = {"model name", "Processor", "cpu model"};
    FILE *f                         = fopen("/proc/cpuinfo", "r");
    char line[512];
    bool found = false;

    if (f == NULL) return false;
    while (!found && fgets(line, sizeof(line), f)) {
        char *colon = strchr(line, ':');

        for (size_t k = 0; colon && !found && k < 3; k++) {
            if (strncmp(line, keys[k], strlen(keys[k])) != 0) continue;
            colon += strspn(colon + 1, " \t") + 1;
            colon[strcspn(colon, "\n")] = '\0';
            snprintf(buf, size, "%s", colon);
            found = *buf != '\0';
        }
    }
    fclose(f);
    return found;
}

json_t *results_host(void)
{
    struct utsname u;
    char host[256] = "", model[256], kernel[4 * sizeof(u.release) + 4] = "";
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);

    if (gethostname(host, sizeof(host) - 1) != 0) host[0] = '\0';
    if (uname(&u) == 0)
        snprintf(kernel, sizeof(kernel), "%s %s %s %s", u.sysname, u.release,
                 u.version, u.machine);
    return json_pack("{s:s, s:s?, s:I, s:s}", "hostname", host, "cpu_model",
                     cpu_model(model, sizeof(model)) ? model : NULL, "cpus",
                     (json_int_t) (cpus > 0 ? cpus : 1), "kernel", kernel);
}

/* "--name=value" with a secret name becomes "--name=***". */
static json_t *masked_arg(const char *arg)
{
    const char *eq = strchr(arg, '=');
    char *text;
    json_t *s;

    if (strncmp(arg, "--", 2) != 0 || eq == NULL ||
        !options_name_is_secret(arg + 2))
        return json_string(arg);
    if ((text = malloc((size_t) (eq - arg) + sizeof(SECRET) + 1)) == NULL)
        return NULL;
    sprintf(text, "%.*s=%s", (int) (eq - arg), arg, SECRET);
    s = json_string(text);
    free(text);
    return s;
}

json_t *results_command_line(int argc, char **argv)
{
    json_t *a = json_array();

    for (int i = 0; a != NULL && i < argc; i++)
        if (json_array_append_new(a, masked_arg(argv[i])) != 0) {
            json_decref(a);
            return NULL;
        }
    return a;
}

json_t *results_options(const struct options *o)
{
    json_t *obj = json_object();
    const struct option_def *def;
    const char *value;

    for (size_t i = 0; obj != NULL && options_at(o, i, &def, &value); i++) {
        bool secret =
            (def->flags & OPT_SECRET) || options_name_is_secret(def->name);
        json_t *v = value == NULL      ? json_null()
                    : secret && *value ? json_string(SECRET)
                                       : json_string(value);

        /* json_string fails on text that is not UTF-8: keep the key. */
        if (v == NULL) v = json_null();
        if (json_object_set_new(obj, def->name, v) != 0) {
            json_decref(obj);
            return NULL;
        }
    }
    return obj;
}

void results_time_text(char *buf, size_t size, double epoch_s)
{
    time_t secs = (time_t) epoch_s;
    long us     = (long) ((epoch_s - (double) secs) * 1e6 + 0.5);
    struct tm tm;

    if (us >= 1000000) {
        secs++;
        us -= 1000000;
    }
    if (gmtime_r(&secs, &tm) == NULL) {
        snprintf(buf, size, "1970-01-01T00:00:00.000000Z");
        return;
    }
    snprintf(buf, size, "%04d-%02d-%02dT%02d:%02d:%02d.%06ldZ",
             tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
             tm.tm_min, tm.tm_sec, us);
}

double results_epoch_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_REALTIME, &ts);
    return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}
