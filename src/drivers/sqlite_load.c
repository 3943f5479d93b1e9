/* SPDX-License-Identifier: MIT */
/* sqlite_load.c: the SQLite driver's bulk loading: one prepared INSERT
 * executed per row, the rows in transactions of LOAD_TRX_ROWS (a commit
 * per row is what makes SQLite slow; very long transactions would keep
 * the other workers loading the same file waiting past their busy
 * timeout). */
#include <stdlib.h>
#include <string.h>

#include "sqlite_driver.h"

#define LOAD_TRX_ROWS 50000

struct sq_load {
    sqlite3_stmt *ins;
    unsigned in_trx; /* rows since BEGIN */
    bool open;       /* a transaction is open (BEGIN ran) */
    char *field;     /* an unescaped field */
    size_t field_cap;
};

static int exec(struct db_conn *c, const char *sql)
{
    struct sq_conn *sc = c->impl;
    int rc             = sqlite3_exec(sc->db, sql, NULL, NULL, NULL);

    return rc == SQLITE_OK ? 0
                           : drv_sqlite_error(c, sc->db, rc, "sqlite3_exec()");
}

int drv_sqlite_load_start(struct db_conn *c, struct db_load *l)
{
    struct sq_conn *sc = c->impl;
    struct sq_load *ld = calloc(1, sizeof(*ld));
    size_t n           = strlen(l->table) + strlen(l->columns) + 40;
    char *sql          = malloc(n + 2 * l->ncolumns);
    int rc;

    if (!ld || !sql) {
        free(ld);
        free(sql);
        db_set_error(c, SQLITE_NOMEM, NULL, false, "malloc()", "out of memory");
        return -1;
    }
    n = (size_t) snprintf(sql, n, "INSERT INTO %s (%s) VALUES (?", l->table,
                          l->columns);
    for (unsigned i = 1; i < l->ncolumns; i++, n += 2)
        memcpy(sql + n, ",?", 2);
    memcpy(sql + n, ")", 2);
    rc = sqlite3_prepare_v2(sc->db, sql, -1, &ld->ins, NULL);
    free(sql);
    if (rc != SQLITE_OK) {
        free(ld);
        return drv_sqlite_error(c, sc->db, rc, "sqlite3_prepare_v2()");
    }
    l->impl = ld;
    return 0;
}

/* Binds field i (1-based) from f[0..n) in the load text format. */
static int bind_field(struct sq_load *ld, int i, const char *f, size_t n)
{
    size_t out = 0;

    if (n == 2 && f[0] == '\\' && f[1] == 'N')
        return sqlite3_bind_null(ld->ins, i);
    if (n > 0 && n < 19 && f[0] != '0') { /* an integer binds as one */
        int64_t v = 0;
        size_t j  = 0;
        while (j < n && f[j] >= '0' && f[j] <= '9')
            v = v * 10 + (f[j++] - '0');
        if (j == n) return sqlite3_bind_int64(ld->ins, i, v);
    }
    if (!memchr(f, '\\', n))
        return sqlite3_bind_text(ld->ins, i, f, (int) n, SQLITE_STATIC);
    if (n > ld->field_cap) {
        char *p = realloc(ld->field, n);
        if (!p) return SQLITE_NOMEM;
        ld->field     = p;
        ld->field_cap = n;
    }
    for (size_t j = 0; j < n; j++) {
        char ch = f[j];
        if (ch == '\\' && j + 1 < n) {
            ch = f[++j];
            ch = ch == 't' ? '\t' : ch == 'n' ? '\n' : ch == 'r' ? '\r' : ch;
        }
        ld->field[out++] = ch;
    }
    return sqlite3_bind_text(ld->ins, i, ld->field, (int) out,
                             SQLITE_TRANSIENT);
}

/* Inserts the row line[0..n) (no '\n'). */
static int insert_line(struct sq_load *ld, const char *line, size_t n)
{
    int i = 1, rc = SQLITE_OK;

    for (;;) {
        const char *tab = memchr(line, '\t', n);
        size_t len      = tab ? (size_t) (tab - line) : n;
        if ((rc = bind_field(ld, i++, line, len)) != SQLITE_OK) return rc;
        if (!tab) break;
        line += len + 1;
        n -= len + 1;
    }
    rc = sqlite3_step(ld->ins);
    sqlite3_reset(ld->ins);
    return rc == SQLITE_DONE ? SQLITE_OK : rc;
}

int drv_sqlite_load_rows(struct db_conn *c, struct db_load *l, const char *text,
                         size_t len)
{
    struct sq_conn *sc = c->impl;
    struct sq_load *ld = l->impl;
    const char *end    = text + len;
    int rc;

    while (text < end) {
        const char *nl = memchr(text, '\n', (size_t) (end - text));
        size_t n       = nl ? (size_t) (nl - text) : (size_t) (end - text);
        if (!ld->open) {
            if (exec(c, "BEGIN IMMEDIATE") != 0) return -1;
            ld->open = true;
        }
        if ((rc = insert_line(ld, text, n)) != SQLITE_OK)
            return drv_sqlite_error(c, sc->db, rc, "sqlite3_step()");
        if (++ld->in_trx == LOAD_TRX_ROWS) {
            ld->open   = false;
            ld->in_trx = 0;
            if (exec(c, "COMMIT") != 0) return -1;
        }
        text += n + 1;
    }
    return 0;
}

int drv_sqlite_load_end(struct db_conn *c, struct db_load *l, bool commit)
{
    struct sq_load *ld = l->impl;
    struct sq_conn *sc = c->impl;
    int rc             = 0;

    if (!ld) return 0;
    if (ld->open) {
        if (commit)
            rc = exec(c, "COMMIT");
        else
            sqlite3_exec(sc->db, "ROLLBACK", NULL, NULL, NULL);
    }
    sqlite3_finalize(ld->ins);
    free(ld->field);
    free(ld);
    l->impl = NULL;
    return rc;
}
