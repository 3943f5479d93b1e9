/* SPDX-License-Identifier: MIT */
/* fuzz_plot: libFuzzer harness of `bench plot`'s gnuplot script
 * (plot_script, src/cmd/plot.h): no byte of a result document or a file
 * name reaches gnuplot outside a single-quoted literal, where gnuplot
 * expands nothing (no `command`, @macro or escape; issue 28). The input is
 * up to seven strings separated by NUL bytes: the document's test,
 * database.driver, database.server_version and bench.version, its file
 * name, the image's (-o), and the signal or reason of its run's end
 * (run.signal, run.reason); the first byte picks the chart (time,
 * spectrum, histogram), png or svg, a second, plain document, and how the
 * run ended (complete, interrupted, failed: the status under the title,
 * the stop line and its mark). The script of that document must equal the
 * script of the same document with plain strings once every single-quoted
 * literal is emptied and every number made one '#' (the skeleton: every
 * command, data block and double-quoted string is bench's own; the
 * numbers are bench's too, the legend's place following the file names'
 * lengths), and each literal must end on its line, its quotes doubled,
 * with no control character in it (a newline would end the command). */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "cmd/plot.h"

#define FIELDS 7

/* Two intervals and totals, each with a record of 19 values (hdrh). */
#define HDR                                                                    \
    "\"HISTFAAAAC54nJNpmSzMwMAgyAABzFCasf4/BNh/gAqw/ZRnYtnfx8j1MY/p/"          \
    "htGPgBwyw+7\""
#define IV(t)                                                                  \
    "{\"time_s\":" t ",\"interval_s\":1.0,\"threads\":2,\"events\":19,"        \
    "\"events_per_s\":19.0,\"errors_per_s\":0.5,\"client_cpus\":0.4,"          \
    "\"latency\":{\"count\":19,\"hdr\":" HDR "}}"
static const char template[] =
    "{\"schema\":\"bench-result/1\",\"bench\":{\"version\":\"0.1.0\"},"
    "\"test\":\"t\",\"command\":\"run\",\"database\":{\"driver\":\"d\","
    "\"server_version\":\"v\"},\"start_epoch_s\":1795654800.0,"
    "\"end_epoch_s\":1795654802.0,\"percentiles\":[95.0],"
    "\"totals\":{\"time_s\":2.0,\"events\":19,\"latency\":{\"count\":19,"
    "\"hdr\":" HDR "}},\"intervals\":[" IV("1.0") "," IV("2.0") "]}";

/* How the run ended, from the first byte: run members of the document. */
enum { RUN_COMPLETE, RUN_INTERRUPTED, RUN_FAILED, RUN_ENDS };

static char dir[4096], plain_path[RUN_ENDS][4200];

static void cleanup(void)
{
    for (int i = 0; i < RUN_ENDS; i++)
        unlink(plain_path[i]); /* each document is removed after its run */
    rmdir(dir);
}

static int setup(void)
{
    const char *tmp = getenv("TMPDIR");

    if (dir[0]) return 0;
    snprintf(dir, sizeof(dir), "%s/fuzz_plot.XXXXXX",
             tmp && *tmp                     ? tmp
             : access("/dev/shm", W_OK) == 0 ? "/dev/shm" /* no disk */
                                             : "/tmp");
    if (!mkdtemp(dir)) return -1;
    atexit(cleanup);
    return 0;
}

/* A JSON string of s, bytes that are not UTF-8 made ASCII. */
static json_t *string_of(const char *s)
{
    json_t *v = json_string(s);
    char *copy;

    if (v || !(copy = strdup(s))) return v;
    for (char *p = copy; *p; p++)
        *p &= 0x7f;
    v = json_string(copy);
    free(copy);
    return v;
}

/* The run member: how it ended, why (s, fuzzed or plain) and when. */
static json_t *run_of(int end, const char *s)
{
    static const char *const status[] = {"complete", "interrupted", "failed"};
    json_t *run = json_pack("{s:s, s:i, s:n, s:f}", "status", status[end],
                            "planned_time_s", 20, "planned_events", "time_s",
                            end == RUN_COMPLETE ? 2.0 : 1.5);

    if (run && end != RUN_COMPLETE)
        json_object_set_new(run, end == RUN_INTERRUPTED ? "signal" : "reason",
                            string_of(s));
    return run;
}

/* Writes the template with the strings to dir/name.json, its run ended as
 * end says. */
static int write_doc(const char *name, char *const *s, int end, char *path,
                     size_t size)
{
    json_t *d = json_loads(template, 0, NULL);
    int rc    = -1;

    snprintf(path, size, "%s/%s.json", dir, name);
    if (d) {
        json_object_set_new(d, "run", run_of(end, s[6]));
        json_object_set_new(d, "test", string_of(s[0]));
        json_object_set_new(json_object_get(d, "database"), "driver",
                            string_of(s[1]));
        json_object_set_new(json_object_get(d, "database"), "server_version",
                            string_of(s[2]));
        json_object_set_new(json_object_get(d, "bench"), "version",
                            string_of(s[3]));
        rc = json_dump_file(d, path, 0);
        json_decref(d);
    }
    return rc;
}

/* plot's script for doc (and plain, when given) into a malloc'd string. */
static char *script(const char *doc, const char *plain, const char *out,
                    const char *kind)
{
    char *argv[8], *text = NULL;
    size_t len = 0;
    int argc   = 0, rc;
    FILE *f    = open_memstream(&text, &len);

    if (!f) return NULL;
    argv[argc++] = (char *) "plot";
    argv[argc++] = (char *) doc;
    if (plain) argv[argc++] = (char *) plain;
    argv[argc++] = (char *) "-o";
    argv[argc++] = (char *) out;
    argv[argc++] = (char *) kind;
    argv[argc]   = NULL;
    rc           = plot_script(argc, argv, f);
    fclose(f);
    assert(rc == 0); /* the strings do not matter to plot */
    return text;
}

/* The script with every single-quoted literal emptied, each checked, and
 * every number outside them one '#'. */
static void skeleton(char *s)
{
    char *o = s;

    for (char *p = s; *p; p++) {
        if (strchr("0123456789.", *p)) {
            while (p[1] && strchr("0123456789.", p[1]))
                p++;
            *o++ = '#';
            continue;
        }
        *o++ = *p;
        if (*p != '\'') continue;
        for (p++;; p++) {
            assert(*p != '\0'); /* a literal ends */
            assert((unsigned char) *p >= 0x20 && *p != 0x7f);
            if (*p == '\'' && p[1] == '\'')
                p++; /* a quote, doubled */
            else if (*p == '\'')
                break;
        }
        *o++ = '\'';
    }
    *o = '\0';
}

/* Splits the input into FIELDS strings (f[0] owns them) and a name for a
 * file ("h-" and the fifth, '/' made '_'). false without memory. */
static bool split(const uint8_t *data, size_t size, char **f, char *name)
{
    char *text = malloc(size + 1), *p = text;

    if (!text) return false;
    memcpy(text, data, size);
    text[size] = '\0';
    for (int i = 0; i < FIELDS; i++) {
        f[i] = p;
        p += p < text + size ? strlen(p) + 1 : 0;
        if (p > text + size) p = text + size;
    }
    snprintf(name, 104, "h-%.100s", f[4]);
    for (char *c = name; *c; c++)
        if (*c == '/') *c = '_';
    return true;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const kinds[] = {"--kind=time", "--kind=spectrum",
                                        "--kind=histogram"};
    static char *plain_s[] = {"t", "d", "v", "0.1.0", "", "", "SIGINT"};
    static bool have_plain[RUN_ENDS];
    char *f[FIELDS], name[128], out[4200], doc[4400], *plain;
    int end = (data[0] >> 4) % RUN_ENDS;
    char *a, *b;

    if (size < 1 || size > 4096 || setup() != 0 ||
        !split(data + 1, size - 1, f, name))
        return 0;
    snprintf(out, sizeof(out), "o%s%s", f[5], data[0] & 4 ? ".svg" : ".png");
    plain = plain_path[end];
    if (!have_plain[end]) {
        char pname[16];
        snprintf(pname, sizeof(pname), "plain%d", end);
        have_plain[end] =
            write_doc(pname, plain_s, end, plain, sizeof(plain_path[0])) == 0;
    }
    if (have_plain[end] && write_doc(name, f, end, doc, sizeof(doc)) == 0) {
        a = script(doc, data[0] & 8 ? plain : NULL, out, kinds[data[0] % 3]);
        b = script(plain, data[0] & 8 ? plain : NULL,
                   data[0] & 4 ? "x.svg" : "x.png", kinds[data[0] % 3]);
        if (a && b) {
            skeleton(a);
            skeleton(b);
            assert(strcmp(a, b) == 0);
            assert(!strchr(a, '`') && !strchr(a, '@'));
        }
        free(a);
        free(b);
        unlink(doc);
    }
    free(f[0]);
    return 0;
}
