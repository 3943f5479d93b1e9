/* SPDX-License-Identifier: MIT */
/* result_read: see result_read.h. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "measure/hdr_codec.h"
#include "measure/hist.h"
#include "result_read.h"

static int fail(const char *who, const char *path, const char *cause)
{
    fprintf(stderr, "%s: read %s: %s\n", who, path, cause);
    return -1;
}

json_t *result_get(json_t *obj, const char *path)
{
    char key[64];

    while (obj && *path) {
        size_t n = strcspn(path, ".");
        if (n >= sizeof(key)) return NULL;
        memcpy(key, path, n);
        key[n] = '\0';
        obj    = json_is_object(obj) ? json_object_get(obj, key) : NULL;
        path += n + (path[n] == '.');
    }
    return obj;
}

double result_num(json_t *obj, const char *path, double dflt)
{
    json_t *v = result_get(obj, path);

    return json_is_number(v) ? json_number_value(v) : dflt;
}

const char *result_str(json_t *obj, const char *path)
{
    return json_string_value(result_get(obj, path));
}

/* The members merge and compare read, with the JSON type they need. */
static const char *missing_member(json_t *root)
{
    static const struct {
        const char *path;
        json_type type;
    } need[] = {
        {"start_epoch_s", JSON_REAL},
        {"end_epoch_s", JSON_REAL},
        {"totals", JSON_OBJECT},
        {"totals.latency", JSON_OBJECT},
        {"totals.latency.hdr", JSON_STRING},
        {"intervals", JSON_ARRAY},
        {"totals.time_s", JSON_REAL},
        {"totals.events", JSON_INTEGER},
    };

    for (size_t i = 0; i < sizeof(need) / sizeof(need[0]); i++) {
        json_t *v = result_get(root, need[i].path);
        bool ok   = need[i].type == JSON_REAL ? json_is_number(v)
                    : need[i].type == JSON_INTEGER
                        ? json_is_integer(v)
                        : v && json_typeof(v) == need[i].type;
        if (!ok) return need[i].path;
    }
    return NULL;
}

int result_doc_load(struct result_doc *d, const char *path, const char *who,
                    bool any_version)
{
    json_error_t err;
    const char *schema, *missing;
    char cause[400];

    *d = (struct result_doc){.path = path};
    if (!(d->root = json_load_file(path, JSON_REJECT_DUPLICATES, &err))) {
        FILE *f = fopen(path, "r");
        if (!f) return fail(who, path, strerror(errno));
        fclose(f);
        snprintf(cause, sizeof(cause),
                 "not valid JSON (line %d, column %d: %s)", err.line,
                 err.column, err.text);
        return fail(who, path, cause);
    }
    schema = result_str(d->root, "schema");
    if (!json_is_object(d->root) || !schema) {
        result_doc_fini(d);
        return fail(who, path,
                    "not a bench result document (no \"schema\" member)");
    }
    if (strcmp(schema, RESULT_SCHEMA) != 0 &&
        !(any_version && strncmp(schema, "bench-result/", 13) == 0)) {
        snprintf(cause, sizeof(cause),
                 "schema \"%.100s\", not " RESULT_SCHEMA
                 " (a document of another version or program)",
                 schema);
        result_doc_fini(d);
        return fail(who, path, cause);
    }
    if ((missing = missing_member(d->root))) {
        snprintf(cause, sizeof(cause),
                 "member %s missing or of the wrong type (an incomplete "
                 "document?)",
                 missing);
        result_doc_fini(d);
        return fail(who, path, cause);
    }
    d->start_s = result_num(d->root, "start_epoch_s", 0);
    d->end_s   = result_num(d->root, "end_epoch_s", 0);
    return 0;
}

void result_doc_fini(struct result_doc *d)
{
    json_decref(d->root);
    d->root = NULL;
}

int result_hist_add(struct hist *dst, json_t *lat, const struct result_doc *d,
                    const char *where, const char *who)
{
    const char *b64 = result_str(lat, "hdr");
    uint64_t sum    = hist_sum_ns(dst);
    char cause[200];

    if (!b64 || hdr_codec_decode_add(dst, b64, strlen(b64)) != 0) {
        snprintf(cause, sizeof(cause), "%s.hdr: %s", where,
                 !b64              ? "missing (no latency record to add)"
                 : errno == ENOMEM ? "out of memory"
                                   : "not a valid HdrHistogram V2 record");
        return fail(who, d->path, cause);
    }
    /* The encoding keeps buckets, not the sum: the exact one is stored. */
    hist_set_sum_ns(dst, sum + (uint64_t) result_num(lat, "sum_ns", 0));
    return 0;
}
