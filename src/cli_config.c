/* SPDX-License-Identifier: MIT */
/* cli_config: --config-file (PD-5), read where it appears in argv: each
 * "name = value" line becomes a "--name=value" argument that remembers its
 * "file:line" for error messages. Lines of any length up to 1 MiB; unlike
 * sysbench, spaces are trimmed, quotes group, '#' starts a comment, and a
 * missing file is an error. Part of cli (cli.h); only cli.c uses it.
 * cli_args_fini (cli_config.h) is here, beside the storage it frees. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_config.h"

static int add_owned(struct cli_args *a, char *s)
{
    char **v = realloc(a->owned, (size_t) (a->nowned + 1) * sizeof(*v));
    if (!v || !s) {
        free(s);
        return -1;
    }
    a->owned              = v;
    a->owned[a->nowned++] = s;
    return 0;
}

void cli_args_fini(struct cli_args *args)
{
    for (int i = 0; i < args->nowned; i++)
        free(args->owned[i]);
    free(args->owned);
    *args = (struct cli_args){0};
}

static char *trim(char *s)
{
    char *e;
    while (isspace((unsigned char) *s))
        s++;
    e = s + strlen(s);
    while (e > s && isspace((unsigned char) e[-1]))
        *--e = '\0';
    return s;
}

/* Turns "a, 'b c',d # note" into "a,b c,d": quotes group, '#' outside
 * quotes starts a comment. -1 on an unterminated quote. */
static int unquote_value(const char *in, char *out)
{
    char quote = 0;
    char *o    = out;

    for (const char *p = in; *p; p++) {
        if (quote) {
            if (*p == quote)
                quote = 0;
            else
                *o++ = *p;
        } else if (*p == '\'' || *p == '"') {
            quote = *p;
        } else if (*p == '#') {
            break;
        } else if (*p == ',') {
            while (o > out && isspace((unsigned char) o[-1]))
                o--;
            *o++ = ',';
            while (isspace((unsigned char) p[1]))
                p++;
        } else {
            *o++ = *p;
        }
    }
    *o = '\0';
    if (quote) return -1;
    while (o > out && isspace((unsigned char) o[-1]))
        *--o = '\0';
    return 0;
}

static int push_arg(struct cli_arg_list *l, char *arg, const char *origin)
{
    char **v         = realloc(l->v, (l->n + 1) * sizeof(*v));
    const char **org = v ? realloc(l->origin, (l->n + 1) * sizeof(*org)) : NULL;
    if (v) l->v = v;
    if (!v || !org) return -1;
    l->origin         = org;
    l->v[l->n]        = arg;
    l->origin[l->n++] = origin;
    return 0;
}

static int config_line(struct cli_args *a, struct cli_arg_list *l, char *line,
                       const char *path, unsigned lineno)
{
    char origin[512], *eq, *name, *value, *arg;

    line[strcspn(line, "\r\n")] = '\0';
    name                        = trim(line);
    if (*name == '\0' || *name == '#') return 0;
    snprintf(origin, sizeof(origin), "%s:%u", path, lineno);
    if (!(eq = strchr(name, '='))) {
        fprintf(stderr, "%s: expected name=value\n", origin);
        return 1;
    }
    *eq  = '\0';
    name = trim(name);
    if (!(value = malloc(strlen(eq + 1) + 1))) return -1;
    if (unquote_value(trim(eq + 1), value) != 0) {
        fprintf(stderr, "%s: unterminated quote\n", origin);
        free(value);
        return 1;
    }
    if (strcmp(name, "config-file") == 0 || strcmp(name, "config_file") == 0) {
        fprintf(stderr, "%s: config files cannot include others\n", origin);
        free(value);
        return 1;
    }
    arg = malloc(strlen(name) + strlen(value) + 4);
    if (arg) sprintf(arg, "--%s=%s", name, value);
    free(value);
    if (!arg) return -1;
    if (add_owned(a, arg) != 0 || add_owned(a, strdup(origin)) != 0) return -1;
    return push_arg(l, arg, a->owned[a->nowned - 1]);
}

/* A config line is a name and a value: past this it is not a config file
 * (`--config-file=/dev/zero` would otherwise fill the memory). */
#define CONFIG_MAX_LINE ((size_t) 1 << 20)

enum { LINE_EOF = -1, LINE_LONG = -2, LINE_NUL = -3, LINE_NOMEM = -4 };

/* Reads one line of `f`, newline included, into *buf (grown as needed):
 * 0, or a LINE_* code. Lines of any length up to CONFIG_MAX_LINE are whole
 * (a fixed fgets buffer once split them into two options). */
static int read_line(FILE *f, char **buf, size_t *cap)
{
    size_t n = 0;
    int c    = EOF;

    while ((c = getc(f)) != EOF) {
        if (c == '\0') return LINE_NUL;
        if (n + 2 > *cap) {
            size_t ncap = *cap ? *cap * 2 : 256;
            char *t;
            if (ncap > CONFIG_MAX_LINE + 2) return LINE_LONG;
            if (!(t = realloc(*buf, ncap))) return LINE_NOMEM;
            *buf = t;
            *cap = ncap;
        }
        (*buf)[n++] = (char) c;
        if (c == '\n') break;
    }
    if (n == 0) return LINE_EOF;
    (*buf)[n] = '\0';
    return 0;
}

static int line_error(const char *path, unsigned lineno, int code)
{
    if (code == LINE_NOMEM) return -1;
    fprintf(stderr, "%s:%u: %s\n", path, lineno,
            code == LINE_LONG ? "line longer than 1 MiB"
                              : "NUL byte: not a text file");
    return 1;
}

/* Appends the items of a config file as "--name=value" arguments at the
 * point where --config-file appeared. A missing file is an error (sysbench
 * prints perror and carries on with the defaults). */
static int read_config(struct cli_args *a, struct cli_arg_list *l,
                       const char *path)
{
    char *line      = NULL;
    size_t cap      = 0;
    unsigned lineno = 0;
    int rc          = 0, got;
    FILE *f         = fopen(path, "r");

    if (!f) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return 1;
    }
    while (rc == 0 && (got = read_line(f, &line, &cap)) != LINE_EOF) {
        ++lineno;
        rc = got == 0 ? config_line(a, l, line, path, lineno)
                      : line_error(path, lineno, got);
    }
    if (rc == 0 && ferror(f)) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        rc = 1;
    }
    free(line);
    fclose(f);
    return rc;
}

int cli_config_expand(struct cli_args *a, struct cli_arg_list *l, int argc,
                      char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        int rc;
        if (strncmp(s, "--config-file=", 14) == 0 ||
            strncmp(s, "--config_file=", 14) == 0)
            rc = read_config(a, l, s + 14);
        else
            rc = push_arg(l, argv[i], NULL);
        if (rc != 0) return rc;
    }
    return 0;
}
