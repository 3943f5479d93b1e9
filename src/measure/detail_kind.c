/* SPDX-License-Identifier: MIT */
/* detail_kind: the statement kinds of detail.h: their names, a script's
 * own labels, and the kind of an unlabelled statement from its text. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "detail.h"

static const char *const builtin_names[DETAIL_KIND_BUILTIN] = {
    [DETAIL_KIND_OTHER]            = "other",
    [DETAIL_KIND_POINT_SELECT]     = "point select",
    [DETAIL_KIND_RANGE]            = "range",
    [DETAIL_KIND_SUM_RANGE]        = "sum range",
    [DETAIL_KIND_ORDER_RANGE]      = "order range",
    [DETAIL_KIND_DISTINCT_RANGE]   = "distinct range",
    [DETAIL_KIND_INDEX_UPDATE]     = "index update",
    [DETAIL_KIND_NON_INDEX_UPDATE] = "non-index update",
    [DETAIL_KIND_DELETE]           = "delete",
    [DETAIL_KIND_INSERT]           = "insert",
    [DETAIL_KIND_BEGIN_COMMIT]     = "begin/commit",
    [DETAIL_KIND_SELECT]           = "select",
    [DETAIL_KIND_UPDATE]           = "update",
};

/* The scripts' labels, process-wide (they outlive runs, as the Lua states
 * that cache their ids may). Appended under the mutex; an entry is
 * published by the release store of nlabels after it and read after an
 * acquire load of nlabels, so readers need no lock. (C11 atomics rather
 * than ck_pr here: ThreadSanitizer sees their ordering, not ck_pr's asm.) */
static struct {
    pthread_mutex_t mutex;
    char *names[DETAIL_KIND_MAX - DETAIL_KIND_BUILTIN];
    unsigned nlabels;
} labels = {.mutex = PTHREAD_MUTEX_INITIALIZER};

unsigned detail_kind_count(void)
{
    return DETAIL_KIND_BUILTIN +
           __atomic_load_n(&labels.nlabels, __ATOMIC_ACQUIRE);
}

const char *detail_kind_name(unsigned id)
{
    if (id < DETAIL_KIND_BUILTIN) return builtin_names[id];
    if (id >= detail_kind_count()) return NULL;
    return labels.names[id - DETAIL_KIND_BUILTIN];
}

static unsigned find(const char *name, unsigned n)
{
    for (unsigned id = 0; id < DETAIL_KIND_BUILTIN + n; id++)
        if (strcmp(detail_kind_name(id), name) == 0) return id;
    return DETAIL_KIND_MAX;
}

unsigned detail_kind_id(const char *name)
{
    unsigned id, n;

    if (!name || !*name) return DETAIL_KIND_OTHER;
    if ((id = find(name, __atomic_load_n(&labels.nlabels, __ATOMIC_ACQUIRE))) <
        DETAIL_KIND_MAX)
        return id;
    pthread_mutex_lock(&labels.mutex);
    n  = labels.nlabels;
    id = find(name, n);
    if (id == DETAIL_KIND_MAX && DETAIL_KIND_BUILTIN + n < DETAIL_KIND_MAX &&
        (labels.names[n] = strdup(name)) != NULL) {
        __atomic_store_n(&labels.nlabels, n + 1, __ATOMIC_RELEASE);
        id = DETAIL_KIND_BUILTIN + n;
    }
    pthread_mutex_unlock(&labels.mutex);
    return id < DETAIL_KIND_MAX ? id : DETAIL_KIND_OTHER;
}

/* -- Kinds from the text ---------------------------------------------- */

static bool is_word_char(char ch)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
           (ch >= '0' && ch <= '9') || ch == '_';
}

/* Whether the keyword `kw` (upper case) occurs in sql[0..len) as a word,
 * in any case. */
static bool has_word(const char *sql, size_t len, const char *kw)
{
    size_t k = strlen(kw);

    for (size_t i = 0; i + k <= len; i++)
        if ((i == 0 || !is_word_char(sql[i - 1])) &&
            strncasecmp(sql + i, kw, k) == 0 &&
            (i + k == len || !is_word_char(sql[i + k]) || kw[k - 1] == '('))
            return true;
    return false;
}

static unsigned classify_select(const char *sql, size_t len)
{
    if (!has_word(sql, len, "BETWEEN")) return DETAIL_KIND_SELECT;
    if (has_word(sql, len, "DISTINCT")) return DETAIL_KIND_DISTINCT_RANGE;
    if (has_word(sql, len, "SUM(")) return DETAIL_KIND_SUM_RANGE;
    if (has_word(sql, len, "ORDER")) return DETAIL_KIND_ORDER_RANGE;
    return DETAIL_KIND_RANGE;
}

unsigned detail_classify(const char *sql, size_t len)
{
    static const struct {
        const char *word;
        unsigned kind;
    } first[] = {
        {"BEGIN", DETAIL_KIND_BEGIN_COMMIT},
        {"START", DETAIL_KIND_BEGIN_COMMIT},
        {"COMMIT", DETAIL_KIND_BEGIN_COMMIT},
        {"ROLLBACK", DETAIL_KIND_BEGIN_COMMIT},
        {"END", DETAIL_KIND_BEGIN_COMMIT},
        {"INSERT", DETAIL_KIND_INSERT},
        {"REPLACE", DETAIL_KIND_INSERT},
        {"DELETE", DETAIL_KIND_DELETE},
        {"UPDATE", DETAIL_KIND_UPDATE},
        {"SELECT", DETAIL_KIND_SELECT},
    };
    size_t i = 0, w;

    while (i < len && (sql[i] == ' ' || sql[i] == '\t' || sql[i] == '\n' ||
                       sql[i] == '\r' || sql[i] == '('))
        i++;
    for (w = i; w < len && is_word_char(sql[w]); w++)
        ;
    for (size_t k = 0; k < sizeof(first) / sizeof(first[0]); k++) {
        if (strlen(first[k].word) != w - i ||
            strncasecmp(sql + i, first[k].word, w - i) != 0)
            continue;
        if (first[k].kind == DETAIL_KIND_SELECT)
            return classify_select(sql + w, len - w);
        return first[k].kind;
    }
    return DETAIL_KIND_OTHER;
}
