/* SPDX-License-Identifier: MIT */
/* Over 600 lines: registry, parsing, checks and help share opt_entry. */
/* options: see options.h. A flat array of entries is enough: there are about
 * a hundred options and lookups happen only while parsing and exporting. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "options.h"

struct opt_entry {
    struct option_def def; /* strings owned by the entry */
    char *key;             /* name with '-' folded to '_' */
    char *value;           /* NULL: unset or cleared */
    char *origin;          /* "file:line" when set from a config file */
    bool set_by_user;
    unsigned group;
};

struct options {
    struct opt_entry *v;
    size_t n, cap;
    char **groups; /* titles; NULL entries are untitled groups */
    size_t ngroups;
    const char *unknown; /* options_last_unknown: borrowed, or NULL */
};

/* -- Names and lookup ------------------------------------------------- */

static char *fold_name(const char *name, size_t len)
{
    char *k = malloc(len + 1);
    if (!k) return NULL;
    for (size_t i = 0; i < len; i++)
        k[i] = name[i] == '-' ? '_' : name[i];
    k[len] = '\0';
    return k;
}

static bool name_equals(const char *key, const char *name, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        char c = name[i] == '-' ? '_' : name[i];
        if (key[i] != c) return false;
    }
    return key[len] == '\0';
}

static struct opt_entry *find_n(const struct options *o, const char *name,
                                size_t len)
{
    for (size_t i = 0; i < o->n; i++)
        if (name_equals(o->v[i].key, name, len)) return &o->v[i];
    return NULL;
}

static struct opt_entry *find(const struct options *o, const char *name)
{
    return name ? find_n(o, name, strlen(name)) : NULL;
}

/* -- Registration ----------------------------------------------------- */

struct options *options_new(void)
{
    return calloc(1, sizeof(struct options));
}

static void entry_clear(struct opt_entry *e)
{
    free((char *) e->def.name);
    free((char *) e->def.def);
    free((char *) e->def.desc);
    free(e->key);
    free(e->value);
    free(e->origin);
}

void options_free(struct options *o)
{
    if (!o) return;
    for (size_t i = 0; i < o->n; i++)
        entry_clear(&o->v[i]);
    for (size_t i = 0; i < o->ngroups; i++)
        free(o->groups[i]);
    free(o->groups);
    free(o->v);
    free(o);
}

static char *dup_or_null(const char *s)
{
    return s ? strdup(s) : NULL;
}

static int group_index(struct options *o, const char *title, bool fresh,
                       unsigned *out)
{
    if (!fresh && title) {
        for (size_t i = 0; i < o->ngroups; i++)
            if (o->groups[i] && strcmp(o->groups[i], title) == 0) {
                *out = (unsigned) i;
                return 0;
            }
    }
    char **g = realloc(o->groups, (o->ngroups + 1) * sizeof(*g));
    if (!g) return -1;
    o->groups     = g;
    g[o->ngroups] = dup_or_null(title);
    if (title && !g[o->ngroups]) return -1;
    *out = (unsigned) o->ngroups++;
    return 0;
}

static int add_entry(struct options *o, unsigned group,
                     const struct option_def *d)
{
    struct opt_entry fresh = {0};
    struct opt_entry *e    = find(o, d->name);

    fresh.def      = *d;
    fresh.def.name = strdup(d->name);
    fresh.def.def  = dup_or_null(d->def);
    fresh.def.desc = dup_or_null(d->desc);
    fresh.key      = fold_name(d->name, strlen(d->name));
    fresh.value    = dup_or_null(d->def);
    fresh.group    = group;
    if (!fresh.def.name || !fresh.key || (d->def && !fresh.value) ||
        (d->def && !fresh.def.def) || (d->desc && !fresh.def.desc))
        goto fail;
    if (e) { /* re-declaration: new definition, value back to default */
        entry_clear(e);
        *e = fresh;
        return 0;
    }
    if (o->n == o->cap) {
        size_t cap          = o->cap ? o->cap * 2 : 64;
        struct opt_entry *v = realloc(o->v, cap * sizeof(*v));
        if (!v) goto fail;
        o->v   = v;
        o->cap = cap;
    }
    o->v[o->n++] = fresh;
    return 0;
fail:
    entry_clear(&fresh);
    return -1;
}

int options_add_group(struct options *o, const char *title,
                      const struct option_def *defs)
{
    unsigned g;

    if (group_index(o, title, true, &g) != 0) return -1;
    for (const struct option_def *d = defs; d->name; d++)
        if (add_entry(o, g, d) != 0) return -1;
    return 0;
}

int options_add(struct options *o, const char *title,
                const struct option_def *def)
{
    unsigned g;

    if (group_index(o, title, false, &g) != 0) return -1;
    return add_entry(o, g, def);
}

/* -- Setting values --------------------------------------------------- */

static int parse_bool(const char *v, bool *out)
{
    if (!v || !strcmp(v, "on") || !strcmp(v, "true") || !strcmp(v, "1"))
        *out = true;
    else if (!strcmp(v, "off") || !strcmp(v, "false") || !strcmp(v, "0"))
        *out = false;
    else
        return -1;
    return 0;
}

static enum opt_set_result set_entry(struct opt_entry *e, const char *value,
                                     const char *origin)
{
    char *copy = NULL, *org = NULL;
    bool b;

    if (e->def.type == OPT_BOOL) {
        if (parse_bool(value, &b) != 0) return OPT_SET_BAD;
        value = b ? "on" : "off";
    }
    if (value && *value) {
        copy = strdup(value);
        if (!copy) return OPT_SET_NOMEM;
    } else if (value == NULL && e->def.type != OPT_BOOL) {
        /* A bare --name on a non-BOOL option stores no value, as sysbench */
        copy = NULL;
    }
    if (origin && !(org = strdup(origin))) {
        free(copy);
        return OPT_SET_NOMEM;
    }
    free(e->value);
    free(e->origin);
    e->value       = copy;
    e->origin      = org;
    e->set_by_user = true;
    return OPT_SET_OK;
}

enum opt_set_result options_set(struct options *o, const char *name,
                                const char *value)
{
    struct opt_entry *e   = find(o, name);
    enum opt_set_result r = e ? set_entry(e, value, NULL) : OPT_SET_UNKNOWN;

    if (r == OPT_SET_OK) o->unknown = NULL;
    return r;
}

enum opt_set_result options_set_arg(struct options *o, const char *arg)
{
    return options_set_arg_from(o, arg, NULL);
}

enum opt_set_result options_set_arg_from(struct options *o, const char *arg,
                                         const char *origin)
{
    const char *name, *eq;
    struct opt_entry *e;

    if (strncmp(arg, "--", 2) != 0) return OPT_SET_UNKNOWN;
    name = arg + 2;
    eq   = strchr(name, '=');
    e    = find_n(o, name, eq ? (size_t) (eq - name) : strlen(name));
    if (!e || (eq ? eq == name : *name == '\0')) {
        o->unknown = arg;
        return OPT_SET_UNKNOWN;
    }
    o->unknown = NULL;
    return set_entry(e, eq ? eq + 1 : NULL, origin);
}

const char *options_last_unknown(const struct options *o)
{
    return o->unknown;
}

void options_forget_unknown(struct options *o)
{
    o->unknown = NULL;
}

bool options_is_known(const struct options *o, const char *name)
{
    return find(o, name) != NULL;
}

bool options_is_set(const struct options *o, const char *name)
{
    const struct opt_entry *e = find(o, name);
    return e && e->set_by_user;
}

enum opt_type options_type(const struct options *o, const char *name)
{
    const struct opt_entry *e = find(o, name);
    return e ? e->def.type : OPT_NULL;
}

/* -- Typed getters ---------------------------------------------------- */

const char *options_get_str(const struct options *o, const char *name)
{
    const struct opt_entry *e = find(o, name);
    return e ? e->value : NULL;
}

bool options_get_bool(const struct options *o, const char *name)
{
    const char *v = options_get_str(o, name);
    bool b        = false;
    return v && parse_bool(v, &b) == 0 && b;
}

int options_get_int(const struct options *o, const char *name, int *out)
{
    return options_get_int_text(options_get_str(o, name), out);
}

int options_get_int_text(const char *v, int *out)
{
    char *end;
    long l;

    *out = 0;
    if (!v || !*v) return 0;
    errno = 0;
    l     = strtol(v, &end, 10);
    if (errno || *end != '\0' || l < INT_MIN || l > INT_MAX) return -1;
    *out = (int) l;
    return 0;
}

uint64_t options_parse_size(const char *text)
{
    static const char units[] = "kmgt"; /* 2^10, 2^20, 2^30, 2^40 */
    uint64_t n                = 0;
    const char *p             = text, *unit;
    unsigned shift;

    if (!p || !isdigit((unsigned char) *p)) return 0;
    while (isdigit((unsigned char) *p)) {
        unsigned d = (unsigned) (*p++ - '0');
        if (n > (UINT64_MAX - d) / 10) return 0; /* as sysbench: 0 */
        n = n * 10 + d;
    }
    if (*p == '\0') return n;
    if (!(unit = strchr(units, tolower((unsigned char) *p)))) return 0;
    shift = 10 * (unsigned) (unit - units + 1);
    return n > (UINT64_MAX >> shift) ? 0 : n << shift;
}

uint64_t options_get_size(const struct options *o, const char *name)
{
    return options_parse_size(options_get_str(o, name));
}

double options_get_double(const struct options *o, const char *name)
{
    const char *v = options_get_str(o, name);
    return v ? strtod(v, NULL) : 0.0;
}

int options_get_list(const struct options *o, const char *name, char ***items)
{
    const char *v = options_get_str(o, name);
    size_t n = 0, cap = 4;
    char **out = malloc(cap * sizeof(*out));

    if (!out) return -1;
    for (const char *p = v; p && *p;) {
        size_t len = strcspn(p, ",");
        if (len > 0) {
            if (n + 2 > cap) {
                char **t = realloc(out, (cap *= 2) * sizeof(*out));
                if (!t) goto fail;
                out = t;
            }
            if (!(out[n] = strndup(p, len))) goto fail;
            n++;
        }
        p += len + (p[len] == ',');
    }
    out[n] = NULL;
    *items = out;
    return (int) n;
fail:
    out[n] = NULL;
    options_free_list(out);
    return -1;
}

void options_free_list(char **items)
{
    if (!items) return;
    for (char **p = items; *p; p++)
        free(*p);
    free(items);
}

/* A whole, finite number as strtod reads it (sysbench reads DOUBLE options
 * with strtod and ignores what it could not read). */
static bool is_number(const char *v)
{
    char *end;
    double d;

    errno = 0;
    d     = strtod(v, &end);
    return end != v && *end == '\0' && errno != ERANGE && isfinite(d);
}

/* Whether every item of a comma list is a number: a LIST whose default is
 * made of numbers takes only numbers. */
static bool all_numbers(const char *list)
{
    bool any = false;

    for (const char *p = list; p && *p;) {
        size_t len = strcspn(p, ",");
        char item[64];
        if (len >= sizeof(item)) return false;
        if (len > 0) {
            memcpy(item, p, len);
            item[len] = '\0';
            if (!is_number(item)) return false;
            any = true;
        }
        p += len + (p[len] == ',');
    }
    return any;
}

static bool value_is_valid(const struct opt_entry *e)
{
    const char *v = e->value;
    int i;

    if (!v || !*v) return true; /* unset or cleared: the type's zero */
    switch (e->def.type) {
    case OPT_INT:
        return options_get_int_text(v, &i) == 0 ||
               ((e->def.flags & OPT_NUM_LIST) && all_numbers(v));
    case OPT_DOUBLE:
        return is_number(v);
    case OPT_LIST:
        /* Bench's own lists check their items where they are read, with
         * sysbench's messages (--mysql-port, --mysql-ignore-errors=all). */
        return !(e->def.flags & OPT_DECLARED) || !all_numbers(e->def.def) ||
               all_numbers(v);
    default:
        return true;
    }
}

int options_check_values(const struct options *o)
{
    for (size_t i = 0; i < o->n; i++)
        if (o->v[i].set_by_user && !value_is_valid(&o->v[i])) {
            options_report_bad_int(o, o->v[i].def.name);
            return -1;
        }
    return 0;
}

bool options_name_is_secret(const char *name)
{
    size_t len = strcspn(name, "=");

    for (size_t i = 0; i + 8 <= len; i++)
        if (strncasecmp(name + i, "password", 8) == 0) return true;
    return false;
}

bool options_name_may_be_secret(const char *name)
{
    /* "password" and its usual typos and cousins: an unknown option's
     * name is a guess, so the net is wide (hiding a harmless value costs
     * nothing; echoing a password puts it in CI logs). */
    static const char *const parts[] = {"pass",   "pasw",  "pswd", "pwd",
                                        "secret", "token", "cred"};
    size_t len                       = strcspn(name, "=");

    for (size_t k = 0; k < sizeof(parts) / sizeof(parts[0]); k++) {
        size_t n = strlen(parts[k]);
        for (size_t i = 0; i + n <= len; i++)
            if (strncasecmp(name + i, parts[k], n) == 0) return true;
    }
    return false;
}

void options_report_bad_int(const struct options *o, const char *name)
{
    const struct opt_entry *e = find(o, name);
    const char *key           = e ? e->key : name;

    if (e && e->origin && options_name_is_secret(key)) {
        fprintf(stderr, "%s: Invalid value for the '%s' option\n", e->origin,
                key);
        return;
    }
    fprintf(stderr, "%s%sInvalid value for the '%s' option: '%s'\n",
            e && e->origin ? e->origin : "", e && e->origin ? ": " : "", key,
            e && e->value ? e->value : "");
}

bool options_at(const struct options *o, size_t i,
                const struct option_def **def, const char **value)
{
    if (i >= o->n) return false;
    *def   = &o->v[i].def;
    *value = o->v[i].value;
    return true;
}

/* -- Help listing ----------------------------------------------------- */

static const char *type_format(const struct option_def *d, bool profile_m)
{
    if (d->type == OPT_STRING && (d->flags & OPT_SHOW_BOOL_R) && !profile_m)
        return "[=on|off]";
    if ((d->type == OPT_SIZE || d->type == OPT_LIST) && (d->flags & OPT_SHOW_N))
        return "=N";
    switch (d->type) {
    case OPT_BOOL:
        return "[=on|off]";
    case OPT_INT:
        return "=N";
    case OPT_SIZE:
        return "=SIZE";
    case OPT_DOUBLE:
        return "=N";
    case OPT_STRING:
        return "=STRING";
    case OPT_LIST:
        return "=[LIST,...]";
    case OPT_FILE:
        return "=FILENAME";
    default:
        return "";
    }
}

static bool is_visible(const struct option_def *d, bool profile_m)
{
    return !(d->flags &
             (OPT_BENCH | (profile_m ? OPT_HIDDEN_M : OPT_HIDDEN_R)));
}

static void print_line(FILE *out, const struct option_def *d, int width,
                       bool profile_m)
{
    int len = fprintf(out, "  --%s%s", d->name, type_format(d, profile_m));
    fprintf(out, "%*s%s", width - len + 1, "", d->desc ? d->desc : "");
    if (d->def && !(d->flags & OPT_DEF_UNLISTED)) fprintf(out, " [%s]", d->def);
    fputc('\n', out);
}

static int line_width(const struct option_def *d, bool profile_m)
{
    return (int) (4 + strlen(d->name) + strlen(type_format(d, profile_m)));
}

void options_print_defs(FILE *out, const struct option_def *defs,
                        bool profile_m)
{
    int width = 0;

    for (const struct option_def *d = defs; d->name; d++)
        if (is_visible(d, profile_m) && line_width(d, profile_m) > width)
            width = line_width(d, profile_m);
    for (const struct option_def *d = defs; d->name; d++)
        if (is_visible(d, profile_m)) print_line(out, d, width, profile_m);
    fputc('\n', out);
}

static void print_group_index(const struct options *o, FILE *out, size_t g,
                              bool profile_m, bool title)
{
    int width = 0;

    for (size_t i = 0; i < o->n; i++)
        if (o->v[i].group == g && is_visible(&o->v[i].def, profile_m) &&
            line_width(&o->v[i].def, profile_m) > width)
            width = line_width(&o->v[i].def, profile_m);
    if (title && o->groups[g]) fprintf(out, "%s:\n", o->groups[g]);
    for (size_t i = 0; i < o->n; i++)
        if (o->v[i].group == g && is_visible(&o->v[i].def, profile_m))
            print_line(out, &o->v[i].def, width, profile_m);
    fputc('\n', out);
}

static int print_group(const struct options *o, FILE *out, const char *title,
                       bool profile_m, bool with_title)
{
    for (size_t g = 0; g < o->ngroups; g++)
        if (o->groups[g] && strcmp(o->groups[g], title) == 0) {
            print_group_index(o, out, g, profile_m, with_title);
            return 0;
        }
    return -1;
}

int options_print_group(const struct options *o, FILE *out, const char *title,
                        bool profile_m)
{
    return print_group(o, out, title, profile_m, true);
}

int options_print_group_lines(const struct options *o, FILE *out,
                              const char *title, bool profile_m)
{
    return print_group(o, out, title, profile_m, false);
}

void options_print_all(const struct options *o, FILE *out, bool profile_m)
{
    for (size_t g = 0; g < o->ngroups; g++)
        print_group_index(o, out, g, profile_m, true);
}

static bool is_bench_in(const struct options *o, size_t i, const char *title)
{
    size_t g = o->v[i].group;
    return (o->v[i].def.flags & OPT_BENCH) &&
           (!title || (o->groups[g] && strcmp(o->groups[g], title) == 0));
}

void options_print_bench(const struct options *o, FILE *out, const char *title,
                         const char *header)
{
    int width = 0;

    for (size_t i = 0; i < o->n; i++)
        if (is_bench_in(o, i, title) && line_width(&o->v[i].def, false) > width)
            width = line_width(&o->v[i].def, false);
    if (width == 0) return;
    fprintf(out, "%s:\n", header);
    for (size_t i = 0; i < o->n; i++)
        if (is_bench_in(o, i, title))
            print_line(out, &o->v[i].def, width, false);
    fputc('\n', out);
}
