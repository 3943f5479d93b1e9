/* SPDX-License-Identifier: MIT */
/* fuzz_values: libFuzzer harness of the option value parsers of options.c:
 * one option of each type set from the input (first byte: which) and read
 * back through every typed getter, plus options_parse_size and the
 * "--name=value" splitter on the raw text. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"

static const struct option_def defs[] = {
    {"b", OPT_BOOL, "off", "a bool", 0},
    {"i", OPT_INT, "1", "an int", 0},
    {"s", OPT_SIZE, "1K", "a size", 0},
    {"d", OPT_DOUBLE, "1.5", "a double", 0},
    {"t", OPT_STRING, "x", "a string", 0},
    {"l", OPT_LIST, "a,b", "a list", 0},
    {"f", OPT_FILE, NULL, "a file", 0},
    {NULL, 0, NULL, NULL, 0},
};

static void read_back(const struct options *o, const char *name)
{
    char **items;
    int iv;

    (void) options_get_str(o, name);
    (void) options_get_bool(o, name);
    (void) options_get_int(o, name, &iv);
    (void) options_get_size(o, name);
    (void) options_get_double(o, name);
    if (options_get_list(o, name, &items) >= 0) options_free_list(items);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char names[] = "bisdtlf";
    struct options *o;
    char *text;

    if (size == 0 || size > 4096) return 0;
    if (!(text = malloc(size))) return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = '\0';
    (void) options_parse_size(text);
    if ((o = options_new()) && options_add_group(o, "Fuzz", defs) == 0) {
        char name[2] = {names[data[0] % 7], '\0'};
        if (options_set(o, name, (data[0] & 0x80) ? NULL : text) == OPT_SET_OK)
            read_back(o, name);
        (void) options_set_arg(o, text);
        for (int i = 0; i < 7; i++) {
            name[0] = names[i];
            read_back(o, name);
        }
    }
    options_free(o);
    free(text);
    return 0;
}
