/* SPDX-License-Identifier: MIT */
/* cli_hint: see cli_hint.h. What ended a command is read from what it left
 * behind: the argument options.c could not place, db.c's notes (a driver
 * name nothing answered to, a missing table), a test name that still
 * resolves to nothing. So main.c prints the hint after run_command, once,
 * and nothing is added where the error happened: inside the SQL API a
 * script may handle the error itself (PD-13). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_hint.h"
#include "db/db.h"
#include "log.h"
#include "options.h"
#include "run_config.h"
#include "script/script_source.h"

/* No option, test or driver name is longer; longer ones are not compared. */
#define NAME_MAX_LEN 64
#define MAX_DRIVERS  8

/* -- The closest name --------------------------------------------------- */

/* '-' and '_' are one character in option names (CLI-2), and a wrong case
 * is a typo like any other. */
static int fold(char c)
{
    return c == '-' ? '_' : tolower((unsigned char) c);
}

static size_t min3(size_t a, size_t b, size_t c)
{
    size_t m = a < b ? a : b;
    return m < c ? m : c;
}

/* Optimal string alignment distance: an insertion, a deletion, a
 * substitution or a swap of neighbours ("rnu" for "run") costs 1 each.
 * Both lengths at most NAME_MAX_LEN. */
static size_t distance(const char *a, size_t la, const char *b, size_t lb)
{
    size_t d[3][NAME_MAX_LEN + 1]; /* rows i, i-1, i-2, indexed modulo 3 */

    for (size_t j = 0; j <= lb; j++)
        d[0][j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t *cur = d[i % 3], *up = d[(i + 2) % 3], *up2 = d[(i + 1) % 3];
        cur[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            bool same = fold(a[i - 1]) == fold(b[j - 1]);
            cur[j]    = min3(up[j] + 1, cur[j - 1] + 1, up[j - 1] + !same);
            if (i > 1 && j > 1 && fold(a[i - 1]) == fold(b[j - 2]) &&
                fold(a[i - 2]) == fold(b[j - 1]) && up2[j - 2] + 1 < cur[j])
                cur[j] = up2[j - 2] + 1;
        }
    }
    return d[la % 3][lb];
}

static bool is_prefix_of(const char *typed, size_t len, const char *name)
{
    for (size_t i = 0; i < len; i++)
        if (!name[i] || fold(typed[i]) != fold(name[i])) return false;
    return name[len] != '\0';
}

/* The index of the name closest to typed[0..len): the nearest within a
 * third of the typed length (at least one edit; the first of equals),
 * else the one name that begins with it (two characters or more, "pg");
 * -1 when none is close. */
static long closest(const char *typed, size_t len, const char *const *names,
                    size_t n)
{
    size_t limit = len / 3 > 1 ? len / 3 : 1, best_d = limit + 1;
    size_t nprefix = 0;
    long best = -1, prefix = -1;

    if (len == 0 || len > NAME_MAX_LEN) return -1;
    for (size_t i = 0; i < n; i++) {
        size_t ln = strlen(names[i]), d;
        if (ln > NAME_MAX_LEN) continue;
        if ((d = distance(typed, len, names[i], ln)) < best_d) {
            best_d = d;
            best   = (long) i;
        }
        if (len >= 2 && is_prefix_of(typed, len, names[i])) {
            prefix = (long) i;
            nprefix++;
        }
    }
    if (best >= 0) return best;
    return nprefix == 1 ? prefix : -1;
}

/* -- Listings ----------------------------------------------------------- */

void cli_hint_print_defs(FILE *out, const struct option_def *const *defs,
                         size_t n, bool profile_m)
{
    struct option_def *copy = calloc(n + 1, sizeof(*copy)); /* 0-ended */

    if (!copy) return;
    for (size_t i = 0; i < n; i++) {
        copy[i] = *defs[i];
        copy[i].flags &= ~(unsigned) (OPT_HIDDEN_R | OPT_HIDDEN_M | OPT_BENCH);
    }
    options_print_defs(out, copy, profile_m);
    free(copy);
}

/* --db-driver=help: sysbench's "Compiled-in database drivers:" part of
 * --help, every driver (bench's own too) with every option. */
static void print_drivers(bool profile_m)
{
    const struct option_def *opts, *defs[64];
    const char *name, *desc;

    log_flush();
    printf("Compiled-in database drivers:\n");
    for (size_t k = 0; db_driver_at(k, &name, &desc, &opts); k++)
        printf("  %s - %s\n", name, desc);
    putchar('\n');
    for (size_t k = 0; db_driver_at(k, &name, &desc, &opts); k++) {
        size_t n = 0;
        if (!opts) continue;
        for (const struct option_def *d = opts; d->name && n < 64; d++)
            defs[n++] = d;
        printf("%s options:\n", name);
        cli_hint_print_defs(stdout, defs, n, profile_m);
    }
}

/* -- Database drivers ----------------------------------------------------- */

/* What a driver may be called: its name and, when it differs, the first
 * word of its description ("postgres" is close to "PostgreSQL"). */
struct driver_names {
    const char *names[2 * MAX_DRIVERS], *means[2 * MAX_DRIVERS];
    char words[MAX_DRIVERS][32];
    size_t n;
    char list[256]; /* "mysql, pgsql, sqlite" */
};

static void driver_names_init(struct driver_names *dn)
{
    const struct option_def *opts;
    const char *name, *desc;
    size_t len;

    dn->n       = 0;
    dn->list[0] = '\0';
    for (size_t k = 0; k < MAX_DRIVERS && db_driver_at(k, &name, &desc, &opts);
         k++) {
        size_t used = strlen(dn->list);
        snprintf(dn->list + used, sizeof(dn->list) - used, "%s%s",
                 k ? ", " : "", name);
        dn->names[dn->n]   = name;
        dn->means[dn->n++] = name;
        if ((len = strcspn(desc, " ")) >= sizeof(dn->words[k]) ||
            (len == strlen(name) && distance(desc, len, name, len) == 0))
            continue;
        memcpy(dn->words[k], desc, len);
        dn->words[k][len]  = '\0';
        dn->names[dn->n]   = dn->words[k];
        dn->means[dn->n++] = name;
    }
}

/* After sysbench's "invalid database driver name" line (stdout): the
 * closest driver and the list; without a close one, the list when
 * `always`. "help" gets the listing of --db-driver=help. */
static void print_driver_hint(const struct run_config *cfg, const char *bad,
                              bool always)
{
    struct driver_names dn;
    long i;

    if (strcmp(bad, "help") == 0) {
        print_drivers(cfg->profile_m);
        return;
    }
    driver_names_init(&dn);
    i = closest(bad, strlen(bad), dn.names, dn.n);
    log_flush();
    if (i >= 0)
        printf("did you mean '%s'? (compiled-in drivers: %s)\n", dn.means[i],
               dn.list);
    else if (always)
        printf("compiled-in drivers: %s ('%s --db-driver=help' lists their "
               "options)\n",
               dn.list, cfg->progname);
}

/* A bundled workload (by name, or a path to a file of that name): it
 * connects in every worker's thread_init, where sysbench reports a bad
 * driver only after "Initializing worker threads...". */
static bool is_bundled(const char *test)
{
    const char *base = strrchr(test, '/'), *name;
    size_t len;

    if (base && access(test, R_OK) != 0) return false; /* not found first */
    base = base ? base + 1 : test;
    len  = strlen(base);
    if (len > 4 && strcmp(base + len - 4, ".lua") == 0) len -= 4;
    for (size_t i = 0; script_source_workload_at(i, &name); i++)
        if (strlen(name) == len && strncmp(name, base, len) == 0) return true;
    return false;
}

int cli_hint_before_run(const struct run_config *cfg)
{
    const char *drv = options_get_str(cfg->opts, "db-driver");

    if (!drv || db_driver_exists(drv)) return -1;
    if (!cfg->testname && strcmp(drv, "help") == 0) {
        print_drivers(cfg->profile_m);
        return 0;
    }
    if (!cfg->testname || !cfg->command || strcmp(cfg->command, "run") != 0 ||
        !is_bundled(cfg->testname))
        return -1;
    log_fatal("invalid database driver name: '%s'", drv); /* sysbench's */
    print_driver_hint(cfg, drv, true);
    return 1;
}

/* -- After the command -------------------------------------------------- */

/* An unknown option (stderr, after sysbench's "invalid option" line):
 * among every option the command knows, the script's too. */
static bool hint_option(const struct run_config *cfg)
{
    const char *arg = options_last_unknown(cfg->opts), *origin = NULL;
    const struct option_def *d;
    const char *value, **names;
    size_t n = 0;
    long i;

    if (!arg || strncmp(arg, "--", 2) != 0) return arg != NULL;
    for (size_t k = 0; k < cfg->npending; k++)
        if (cfg->pending[k] == arg) origin = cfg->pending_origin[k];
    while (options_at(cfg->opts, n, &d, &value))
        n++;
    if (!(names = malloc((n + 1) * sizeof(*names)))) return true;
    for (size_t k = 0; k < n && options_at(cfg->opts, k, &d, &value); k++)
        names[k] = d->name;
    if ((i = closest(arg + 2, strcspn(arg + 2, "="), names, n)) >= 0)
        fprintf(stderr, "did you mean %s%s?\n", origin ? "" : "--", names[i]);
    free(names);
    return true;
}

/* A test that does not exist (stdout, after sysbench's "Cannot find
 * benchmark" FATAL line): among the built-in tests, the bundled workloads
 * and the commands on result documents (main.c's doc_command). A path is
 * left alone: the file was meant, not a name. */
static bool hint_test(const struct run_config *cfg)
{
    static const char *const doc_commands[] = {"merge", "compare", "plot"};
    const char *names[128], *t = cfg->testname, *desc;
    struct script_source src;
    enum script_resolve_result r;
    size_t n = 0;
    long i;

    if (!t || strcmp(t, "-") == 0 || strchr(t, '/') || log_fatal_count() == 0)
        return false;
    r = script_source_resolve(t, &src);
    script_source_fini(&src);
    if (r != SCRIPT_NOT_FOUND) return false;
    for (size_t k = 0; n < 64 && script_source_builtin_at(k, &names[n], &desc);
         k++)
        n++;
    for (size_t k = 0; n < 124 && script_source_workload_at(k, &names[n]); k++)
        n++;
    for (size_t k = 0; k < 3; k++)
        names[n++] = doc_commands[k];
    if ((i = closest(t, strlen(t), names, n)) >= 0) {
        log_flush();
        printf("did you mean '%s'?\n", names[i]);
    }
    return true;
}

/* An unknown command (stderr, after sysbench's "Unknown command" line).
 * A script's own command of a close name that ran and failed logged a
 * FATAL line: then this is not the case. */
static bool hint_command(const struct run_config *cfg)
{
    static const char *const cmds[] = {"prepare", "run", "cleanup", "help"};
    long i;
    const char *c = cfg->command;

    if (!c || log_fatal_count() > 0) return false;
    for (size_t k = 0; k < 4; k++)
        if (strcmp(c, cmds[k]) == 0) return false;
    if ((i = closest(c, strlen(c), cmds, 4)) < 0) return false;
    fprintf(stderr,
            "did you mean '%s'? (commands most tests implement: prepare, "
            "run, cleanup, help)\n",
            cmds[i]);
    return true;
}

void cli_hint_after_run(const struct run_config *cfg, int status)
{
    const char *drv;

    if (status != 1 || hint_option(cfg) || hint_test(cfg)) return;
    if ((drv = db_invalid_driver())) {
        print_driver_hint(cfg, drv, false);
        return;
    }
    if (db_missing_table() && cfg->command &&
        strcmp(cfg->command, "prepare") != 0) {
        log_fatal("a table the workload uses does not exist (run `prepare` "
                  "first)");
        return;
    }
    hint_command(cfg);
}
