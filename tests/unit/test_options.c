/* SPDX-License-Identifier: MIT */
/* Unit tests for options.c: sysbench's value syntax and types (CLI-2,
 * CLI-3) and the help layout (CLI-14). */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "options.h"
#include "tap.h"

static const struct option_def defs[] = {
    {"threads", OPT_INT, "1", "workers", 0},
    {"thread-stack-size", OPT_SIZE, "64K", "stack", 0},
    {"debug", OPT_BOOL, "off", "debug", 0},
    {"mysql-host", OPT_LIST, "localhost", "hosts", 0},
    {"rate-h", OPT_DOUBLE, "0.2", "h", 0},
    {"name", OPT_STRING, NULL, "no default", 0},
    {"hidden", OPT_INT, "0", "hidden in 1.0", OPT_HIDDEN_R},
    {0},
};

static void test_set_and_get(struct options *o)
{
    int v;
    char **items;

    is_int(options_set_arg(o, "--threads=4"), OPT_SET_OK, "set int");
    ok(options_get_int(o, "threads", &v) == 0 && v == 4, "read int");
    options_set_arg(o, "--threads=4x");
    ok(options_get_int(o, "threads", &v) == -1, "int with junk is invalid");
    options_set_arg(o, "--threads=99999999999");
    ok(options_get_int(o, "threads", &v) == -1, "int overflow is invalid");
    options_set_arg(o, "--threads=");
    ok(options_get_int(o, "threads", &v) == 0 && v == 0, "empty clears");
    is_int(options_set_arg(o, "--thread_stack_size=1M"), OPT_SET_OK,
           "'_' and '-' are the same");
    is_int(options_get_size(o, "thread-stack-size"), 1 << 20, "size M");
    is_int(options_parse_size("1KB"), 1024, "size ignores trailing text");
    is_int(options_parse_size("1P"), 0, "unknown suffix is 0");
    is_int(options_parse_size("1.5G"), 0, "fraction is 0");
    is_int(options_parse_size("7"), 7, "size without a unit");
    is_int(options_parse_size("3k"), 3 << 10, "size k");
    is_int(options_parse_size("2m"), 2 << 20, "size m");
    is_int(options_parse_size("5g"), 5ULL << 30, "size g");
    is_int(options_parse_size("2T"), 2ULL << 40, "size T");
    is_int(options_parse_size("4t"), 4ULL << 40, "size t");
    is_int(options_set_arg(o, "--debug"), OPT_SET_OK, "bare bool");
    ok(options_get_bool(o, "debug"), "bare bool is on");
    is_int(options_set_arg(o, "--debug=off"), OPT_SET_OK, "bool off");
    ok(!options_get_bool(o, "debug"), "off reads false");
    is_int(options_set_arg(o, "--debug=yes"), OPT_SET_BAD, "yes is invalid");
    is_int(options_set_arg(o, "--debug=ON"), OPT_SET_BAD, "case-sensitive");
    is_int(options_set_arg(o, "--nosuch=1"), OPT_SET_UNKNOWN, "unknown");
    is_int(options_set_arg(o, "--"), OPT_SET_UNKNOWN, "bare -- is unknown");
    options_set_arg(o, "--mysql-host=a,,b,c");
    is_int(options_get_list(o, "mysql-host", &items), 3, "list drops empties");
    is_str(items[2], "c", "list item");
    options_free_list(items);
    options_set_arg(o, "--name=a=b");
    is_str(options_get_str(o, "name"), "a=b", "value after the first =");
}

static void test_help(struct options *o)
{
    char *buf  = NULL;
    size_t len = 0;
    FILE *f    = open_memstream(&buf, &len);

    options_print_defs(f, defs, false);
    fclose(f);
    is_str(buf,
           "  --threads=N              workers [1]\n"
           "  --thread-stack-size=SIZE stack [64K]\n"
           "  --debug[=on|off]         debug [off]\n"
           "  --mysql-host=[LIST,...]  hosts [localhost]\n"
           "  --rate-h=N               h [0.2]\n"
           "  --name=STRING            no default\n"
           "\n",
           "help layout, hidden option left out");
    free(buf);
}

/* Issue 12: script options declared as numbers or lists of numbers are
 * checked before anything runs (sysbench ran with --table_size=abc). */
static void test_check_values(void)
{
    static const struct option_def script_defs[] = {
        {"table-size", OPT_DOUBLE, "10000", "rows", 0},
        {"ids", OPT_LIST, "1,2", "numbers", OPT_DECLARED},
        {"hosts", OPT_LIST, "a,b", "words", OPT_DECLARED},
        {"ports", OPT_LIST, "3306", "bench's own", 0},
        {"count", OPT_INT, "1", "int", 0},
        {0},
    };
    struct options *o = options_new();
    int saved = dup(2), null = open("/dev/null", O_WRONLY);

    options_add_group(o, "script options", script_defs);
    is_int(options_check_values(o), 0, "defaults are valid");
    dup2(null, 2); /* the messages are tests/cli's concern */
    options_set_arg(o, "--table_size=abc");
    is_int(options_check_values(o), -1, "--table_size=abc refused");
    options_set_arg(o, "--table_size=1e3x");
    is_int(options_check_values(o), -1, "trailing junk refused");
    options_set_arg(o, "--table_size=inf");
    is_int(options_check_values(o), -1, "infinity refused");
    options_set_arg(o, "--table_size=1e3");
    is_int(options_check_values(o), 0, "1e3 accepted");
    options_set_arg(o, "--ids=1,x");
    is_int(options_check_values(o), -1, "a list of numbers takes numbers");
    options_set_arg(o, "--ids=3,,4");
    is_int(options_check_values(o), 0, "numbers and empty items accepted");
    options_set_arg(o, "--hosts=1,x");
    is_int(options_check_values(o), 0, "a list of words takes anything");
    options_set_arg(o, "--ports=abc");
    is_int(options_check_values(o), 0, "bench's lists are checked elsewhere");
    options_set_arg(o, "--count=2.5");
    is_int(options_check_values(o), -1, "INT refuses a fraction");
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    close(null);
    options_free(o);
}

static void test_secrets_and_sizes(void)
{
    ok(options_name_is_secret("mysql-password=x"), "mysql-password");
    ok(options_name_is_secret("PGSQL_PASSWORD"), "any case");
    ok(!options_name_is_secret("mysql-pasword=password"),
       "only the name counts");
    is_int((int) (options_parse_size("99999999999999999999T") == 0), 1,
           "digits past 2^64 read as 0");
    is_int((int) (options_parse_size("16777216T") == 0), 1,
           "a suffix past 2^64 reads as 0");
    ok(options_parse_size("16777215T") == (uint64_t) 16777215 << 40,
       "the largest T size");
    ok(options_parse_size("1KB") == 1024, "text after the suffix ignored");
}

int main(void)
{
    struct options *o = options_new();

    options_add_group(o, "General options", defs);
    test_set_and_get(o);
    test_help(o);
    options_free(o);
    test_check_values();
    test_secrets_and_sizes();
    return done_testing();
}
