/* SPDX-License-Identifier: MIT */
/* Unit tests for options.c: sysbench's value syntax and types (CLI-2,
 * CLI-3) and the help layout (CLI-14). */
#include <stdlib.h>

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

int main(void)
{
    struct options *o = options_new();

    options_add_group(o, "General options", defs);
    test_set_and_get(o);
    test_help(o);
    options_free(o);
    return done_testing();
}
