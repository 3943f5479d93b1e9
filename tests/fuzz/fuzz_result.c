/* SPDX-License-Identifier: MIT */
/* fuzz_result: libFuzzer harness of the result-document reader and what
 * the commands compute from a document (issue 28): the input is one JSON
 * text, or two separated by a NUL byte (a document has none). Each is
 * loaded and checked (result_doc_load), then given to the commands as
 * they run: `bench compare` both ways (text and JSON), `bench merge` of
 * the first alone, of both, and of both with --force, the merged
 * document written to a file. Anything goes except a crash, a sanitizer
 * report (UBSan fatal: no signed overflow, no shift or float conversion
 * out of range), a leak or a hang; and two invariants: a document the
 * reader accepts has totals whose record holds its count, and a document
 * merge writes is one the reader accepts (merge never writes what bench
 * refuses to read). */
#include <assert.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/compare.h"
#include "cmd/merge.h"
#include "cmd/result_read.h"
#include "measure/hist.h"

static char dir[4096], path_a[4200], path_b[4200], path_m[4200];

static void cleanup(void)
{
    unlink(path_a);
    unlink(path_b);
    unlink(path_m);
    rmdir(dir);
}

/* A directory of this process's own for the files the commands read. */
static int setup(void)
{
    const char *tmp = getenv("TMPDIR");

    if (dir[0]) return 0;
    snprintf(dir, sizeof(dir), "%s/fuzz_result.XXXXXX",
             tmp && *tmp                     ? tmp
             : access("/dev/shm", W_OK) == 0 ? "/dev/shm" /* no disk */
                                             : "/tmp");
    if (!mkdtemp(dir)) return -1;
    atexit(cleanup);
    snprintf(path_a, sizeof(path_a), "%s/a.json", dir);
    snprintf(path_b, sizeof(path_b), "%s/b.json", dir);
    snprintf(path_m, sizeof(path_m), "%s/merged.json", dir);
    return 0;
}

static int write_file(const char *path, const uint8_t *p, size_t n)
{
    FILE *f = fopen(path, "w");

    if (!f) return -1;
    if (n) fwrite(p, 1, n, f);
    return fclose(f);
}

/* Loads path; when the reader accepts it, its totals' record decodes and
 * holds the count it claims (less the unrecorded values). */
static bool load(const char *path, bool any_version)
{
    struct result_doc d;
    struct hist *h;
    json_t *lat;

    if (result_doc_load(&d, path, "fuzz", any_version) != 0) return false;
    lat = result_get(d.root, "totals.latency");
    if ((h = hist_new())) {
        assert(result_hist_add(h, lat, &d, "totals.latency", "fuzz") == 0);
        if (json_is_integer(json_object_get(lat, "count")))
            assert(
                hist_count(h) ==
                (uint64_t) (json_integer_value(json_object_get(lat, "count")) -
                            json_integer_value(
                                json_object_get(lat, "unrecorded"))));
    }
    hist_free(h);
    result_doc_fini(&d);
    return true;
}

/* Runs a command's main on a copy of args (getopt reorders argv). */
static int run(int (*main_fn)(int, char **), int argc, const char *const *args)
{
    char *argv[8];

    for (int i = 0; i < argc; i++)
        argv[i] = (char *) args[i];
    argv[argc] = NULL;
    return main_fn(argc, argv);
}

/* merge with args; when it succeeds, the reader accepts what it wrote. */
static void merge(int argc, const char *const *args)
{
    unlink(path_m);
    if (run(merge_main, argc, args) == 0) assert(load(path_m, false));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nul = memchr(data, '\0', size);
    size_t na          = nul ? (size_t) (nul - data) : size;
    char results[4300];
    bool a, b;

    if (size > 8192 || setup() != 0 || write_file(path_a, data, na) != 0 ||
        (nul ? write_file(path_b, nul + 1, size - na - 1)
             : write_file(path_b, data, na)) != 0)
        return 0;
    a = load(path_a, true);
    b = load(path_b, false);
    if (!a && !b) return 0;
    snprintf(results, sizeof(results), "--results=%s", path_m);
    run(compare_main, 3, (const char *[]){"compare", path_a, path_b});
    run(compare_main, 4,
        (const char *[]){"compare", "--format=json", path_b, path_a});
    merge(3, (const char *[]){"merge", path_a, results});
    merge(4, (const char *[]){"merge", path_a, path_b, results});
    merge(5, (const char *[]){"merge", "--force", path_b, path_a, results});
    return 0;
}
