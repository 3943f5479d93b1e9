/* SPDX-License-Identifier: MIT */
/* options: declarative option tables, sysbench-compatible parsing and typed
 * getters. Values are kept as the text the user gave (sysbench does the same)
 * and converted when read, so a bad INT is reported at its first use with
 * sysbench's message. Not thread-safe for writers: options are set by the
 * main thread before workers start and only read afterwards. */
#ifndef BENCH_OPTIONS_H
#define BENCH_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Numbered as sysbench's sb_arg_type_t (ARG_NULL=0 ... ARG_FILE=7), because
 * Lua scripts pass these numbers in option declarations. */
enum opt_type {
    OPT_NULL   = 0,
    OPT_BOOL   = 1,
    OPT_INT    = 2,
    OPT_SIZE   = 3,
    OPT_DOUBLE = 4,
    OPT_STRING = 5,
    OPT_LIST   = 6,
    OPT_FILE   = 7,
};

enum opt_flags {
    OPT_HIDDEN_R = 1 << 0,    /* not listed by --help in the 1.0 profile */
    OPT_HIDDEN_M = 1 << 1,    /* not listed by --help in the 1.1 profile */
    OPT_ONLY_R   = 1 << 2,    /* rejected as unknown in the 1.1 profile */
    OPT_SECRET   = 1 << 3,    /* value never printed (passwords) */
    OPT_SHOW_N   = 1 << 4,    /* SIZE or LIST listed as "=N" (--file-block-size,
                                 --pgsql-port, a list since PD-7) */
    OPT_SHOW_BOOL_R = 1 << 5, /* STRING listed as "[=on|off]" in the 1.0
                                 profile, whose option was a BOOL
                                 (--mysql-ssl, which also takes modes) */
    OPT_DEF_UNLISTED = 1 << 6, /* help shows no default: a script's BOOL
                                  declared without one, which reads "on" */
    OPT_BENCH = 1 << 7,    /* bench's own, which no sysbench has: help lists it
                              only in its closing section, after sysbench's
                              groups (options_print_bench) */
    OPT_DECLARED = 1 << 8, /* declared by a script (sysbench.cmdline) */
    OPT_NUM_LIST = 1 << 9, /* an INT that also takes fractions and a comma
                              list of numbers (--percentile); scripts read
                              the first number */
};

/* One option. Tables end with an entry whose name is NULL. `def` is the
 * default as text (NULL: no default, help shows none). */
struct option_def {
    const char *name; /* with '-' or '_'; stored and compared normalised */
    enum opt_type type;
    const char *def;
    const char *desc;
    unsigned flags;
};

struct options;

/* Creates an empty registry; NULL on ENOMEM. */
struct options *options_new(void);
void options_free(struct options *o); /* accepts NULL */

/* Registers `defs` as one help group titled `title` (NULL: no title line;
 * see the untitled second "Log options" group of sysbench). The table is
 * copied. Re-registering an existing name replaces its definition and resets
 * its value to the new default (sysbench quirk LUA-13). 0 ok, -1 ENOMEM. */
int options_add_group(struct options *o, const char *title,
                      const struct option_def *defs);

/* Registers one option in the group `title` (created at the end if new).
 * Used for script-declared options. 0 ok, -1 ENOMEM. */
int options_add(struct options *o, const char *title,
                const struct option_def *def);

enum opt_set_result {
    OPT_SET_OK      = 0,
    OPT_SET_UNKNOWN = -1, /* no such option */
    OPT_SET_BAD     = -2, /* malformed value (BOOL only, as sysbench) */
    OPT_SET_NOMEM   = -3,
};

/* Sets `name` from text. `value` NULL means the bare form `--name`; "" clears
 * the option. '-' and '_' are equivalent in names. */
enum opt_set_result options_set(struct options *o, const char *name,
                                const char *value);

/* Parses one command-line argument of the form "--name[=value]". */
enum opt_set_result options_set_arg(struct options *o, const char *arg);
/* The same for an argument read from a config file: `origin` ("file:line")
 * is kept with the value so a bad value is reported with it (PD-5). */
enum opt_set_result options_set_arg_from(struct options *o, const char *arg,
                                         const char *origin);

/* After a parse failed: the argument of the last options_set_arg_from()
 * call when it named no option ("--thread=4", as given: borrowed, valid
 * while the argument is), or NULL when that call or a later options_set()
 * set an option, or options_forget_unknown() ran. Tells which name to
 * suggest a correction for (cli_hint.c). */
const char *options_last_unknown(const struct options *o);
void options_forget_unknown(struct options *o);

bool options_is_known(const struct options *o, const char *name);
/* Whether the user (command line or config file) set the option. */
bool options_is_set(const struct options *o, const char *name);
enum opt_type options_type(const struct options *o, const char *name);

/* Typed getters. Names must be registered; an unknown name reads as unset.
 * Unset or cleared values read as 0 / false / NULL / empty list. */
const char *options_get_str(const struct options *o, const char *name);
bool options_get_bool(const struct options *o, const char *name);
/* 0 ok; -1 when the text is not a whole base-10 int (caller reports it with
 * options_report_bad_int). */
int options_get_int(const struct options *o, const char *name, int *out);
/* The same for a text: NULL or "" reads as 0. */
int options_get_int_text(const char *text, int *out);
uint64_t options_get_size(const struct options *o, const char *name);
double options_get_double(const struct options *o, const char *name);
/* Splits a LIST value on ',' dropping empty items. Returns the count and
 * stores a NULL-terminated array in *items that the caller frees with
 * options_free_list. -1 on ENOMEM. */
int options_get_list(const struct options *o, const char *name, char ***items);
void options_free_list(char **items);

/* Checks the value of every option the user set against its type: INT a
 * whole int, DOUBLE a whole finite number, a LIST declared by a script
 * (OPT_DECLARED) whose default is numbers only numbers (BOOL is checked
 * when set). Reports the first bad one with
 * options_report_bad_int and returns -1; 0 when all are good. */
int options_check_values(const struct options *o);

/* Whether the option name (up to '=' if any) contains "password", in any
 * case and with '-' or '_': such values are never printed. */
bool options_name_is_secret(const char *name);

/* Whether an option name nobody declared (up to '=' if any) looks like it
 * could hold a secret: it contains "pass", "pasw", "pswd", "pwd",
 * "secret", "token" or "cred", in any case (--mysql-pasword). */
bool options_name_may_be_secret(const char *name);

/* Prints "Invalid value for the '<name>' option: '<value>'" to stderr; from a
 * config file, "<file:line>: " first, and no value for a secret name. */
void options_report_bad_int(const struct options *o, const char *name);

/* Parses a SIZE text as sysbench: digits, optional K/M/G/T (powers of 1024,
 * any case; what follows the suffix is ignored); anything else, and a size
 * past 2^64, is 0. */
uint64_t options_parse_size(const char *text);

/* Help listing in sysbench's layout. `profile_m` selects which hidden flag
 * applies. options_print_group prints one group by title (NULL matches the
 * untitled group following the previous one is not supported: use the
 * index form). */
void options_print_all(const struct options *o, FILE *out, bool profile_m);
void options_print_defs(FILE *out, const struct option_def *defs,
                        bool profile_m);
int options_print_group(const struct options *o, FILE *out, const char *title,
                        bool profile_m);
/* The same without the "<title>:" line (sysbench.cmdline.print_test_options
 * prints only the option lines and the blank line after them). */
int options_print_group_lines(const struct options *o, FILE *out,
                              const char *title, bool profile_m);

/* Prints the OPT_BENCH options of the group `title` (of every group when
 * NULL) under the line "<header>:", followed by a blank line; nothing when
 * there are none. */
void options_print_bench(const struct options *o, FILE *out, const char *title,
                         const char *header);

/* Iteration over every registered option, for exporting sysbench.opt.
 * Returns false when `i` is past the end. */
bool options_at(const struct options *o, size_t i,
                const struct option_def **def, const char **value);

#endif
