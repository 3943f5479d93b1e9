/* SPDX-License-Identifier: MIT */
/* Over 600 lines: one connection type whose every call shares its retries. */
/* sqlite: the embedded SQLite driver (system libsqlite3): no server. A
 * connection opens --sqlite-db in the thread that asks (never shared) and
 * sets journal mode, synchronous level and busy timeout. Statements are
 * native; results stream from sqlite3_step (the first step runs with the
 * call, so errors and the counter class are known at once). Codes are the
 * extended result codes; ignore lists take codes or names (SQLITE_BUSY,
 * busy, 5), a primary code matching its extended ones. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "sqlite_driver.h"

#define SQL_SHOWN 200 /* bytes of a failed query shown */

static const struct option_def drv_sqlite_options[] = {
    {"sqlite-db", OPT_STRING, "sbtest.sqlite",
     "database file or file: URI (:memory: is one per connection)", 0},
    {"sqlite-journal-mode", OPT_STRING, "WAL",
     "journal mode {DELETE, TRUNCATE, PERSIST, MEMORY, WAL, OFF}", 0},
    {"sqlite-synchronous", OPT_STRING, "NORMAL",
     "synchronous level {OFF, NORMAL, FULL, EXTRA}", 0},
    {"sqlite-busy-timeout", OPT_INT, "5000",
     "milliseconds to wait for another connection's lock", 0},
    {"sqlite-ignore-errors", OPT_LIST, "SQLITE_BUSY,SQLITE_LOCKED",
     "result codes or names that restart the event, or \"all\"", 0},
    {NULL, OPT_NULL, NULL, NULL, 0},
};

static const char *const journal_modes[] = {"DELETE", "TRUNCATE", "PERSIST",
                                            "MEMORY", "WAL",      "OFF"};
static const char *const sync_levels[]   = {"OFF", "NORMAL", "FULL", "EXTRA"};

/* Set by init, read-only afterwards. */
static struct {
    const char *path;
    const char *journal, *sync; /* entries of the tables above */
    int busy_ms;
} cfg;

/* -- Result codes -------------------------------------------------------- */

/* Names of the primary result codes (0 .. SQLITE_NOTADB), without
 * "SQLITE_", and of the extended codes a benchmark meets. */
static const char *const primary_names[] = {
    "OK",       "ERROR",      "INTERNAL", "PERM",      "ABORT", "BUSY",
    "LOCKED",   "NOMEM",      "READONLY", "INTERRUPT", "IOERR", "CORRUPT",
    "NOTFOUND", "FULL",       "CANTOPEN", "PROTOCOL",  "EMPTY", "SCHEMA",
    "TOOBIG",   "CONSTRAINT", "MISMATCH", "MISUSE",    "NOLFS", "AUTH",
    "FORMAT",   "RANGE",      "NOTADB"};
#define NPRIMARY (sizeof(primary_names) / sizeof(primary_names[0]))

static const struct {
    const char *name;
    int code;
} extended_names[] = {
#define CODE(name) #name, SQLITE_##name
    {CODE(BUSY_RECOVERY)},         {CODE(BUSY_SNAPSHOT)},
    {CODE(LOCKED_SHAREDCACHE)},    {CODE(READONLY_DBMOVED)},
    {CODE(IOERR_WRITE)},           {CODE(IOERR_FSYNC)},
    {CODE(CORRUPT_INDEX)},         {CODE(CONSTRAINT_NOTNULL)},
    {CODE(CONSTRAINT_PRIMARYKEY)}, {CODE(CONSTRAINT_UNIQUE)},
    {CODE(CONSTRAINT_FOREIGNKEY)},
#undef CODE
};
#define NEXTENDED (sizeof(extended_names) / sizeof(extended_names[0]))

/* The code an ignore-list entry names (a decimal code, a name with or
 * without "SQLITE_", any case), or -1. */
static int parse_code(const char *item)
{
    char *end;
    long v;

    if (strncasecmp(item, "SQLITE_", 7) == 0) item += 7;
    v = strtol(item, &end, 10);
    if (end != item && *end == '\0') return v > 0 && v < 1 << 30 ? (int) v : -1;
    for (size_t i = 1; i < NPRIMARY; i++)
        if (strcasecmp(item, primary_names[i]) == 0) return (int) i;
    for (size_t i = 0; i < NEXTENDED; i++)
        if (strcasecmp(item, extended_names[i].name) == 0)
            return extended_names[i].code;
    return -1;
}

/* "BUSY_SNAPSHOT", or the primary code's name, for messages. */
static const char *code_name(int code)
{
    for (size_t i = 0; i < NEXTENDED; i++)
        if (extended_names[i].code == code) return extended_names[i].name;
    return (size_t) (code & 0xff) < NPRIMARY ? primary_names[code & 0xff] : "?";
}

static bool drv_sqlite_error_matches(const char *item, const struct db_error *e)
{
    int code = parse_code(item);

    if (code <= 0) return false;
    return code == e->code || (code <= 0xff && (e->code & 0xff) == code);
}

/* See sqlite_driver.h. */
int drv_sqlite_error(struct db_conn *c, sqlite3 *db, int rc, const char *func)
{
    const char *state = (rc & 0xff) == SQLITE_CONSTRAINT ? "23000" : NULL;
    const char *msg   = db ? sqlite3_errmsg(db) : sqlite3_errstr(rc);

    db_set_error(c, rc, state, false, func, "%s", msg);
    return -1;
}

/* -- Options --------------------------------------------------------------- */

/* The entry of `names` that `v` is (any case), or NULL. */
static const char *pick(const char *v, const char *const *names, size_t n)
{
    for (size_t i = 0; v && i < n; i++)
        if (strcasecmp(v, names[i]) == 0) return names[i];
    return NULL;
}

static int invalid(const char *option, const char *value)
{
    log_fatal("Invalid value for --%s: '%s'", option, value ? value : "");
    return -1;
}

static int check_ignore_list(const struct options *o)
{
    char **items = NULL;
    int rc       = 0;

    if (options_get_list(o, "sqlite-ignore-errors", &items) < 0) return -1;
    for (char **p = items; *p && rc == 0; p++)
        if (strcmp(*p, "all") != 0 && parse_code(*p) < 0)
            rc = invalid("sqlite-ignore-errors", *p);
    options_free_list(items);
    return rc;
}

static int drv_sqlite_init(const struct options *o)
{
    const char *jm = options_get_str(o, "sqlite-journal-mode");
    const char *sy = options_get_str(o, "sqlite-synchronous");

    cfg.path    = options_get_str(o, "sqlite-db");
    cfg.journal = pick(jm, journal_modes, 6);
    cfg.sync    = pick(sy, sync_levels, 4);
    if (!cfg.path || !*cfg.path) cfg.path = "sbtest.sqlite";
    if (!cfg.journal) return invalid("sqlite-journal-mode", jm);
    if (!cfg.sync) return invalid("sqlite-synchronous", sy);
    if (options_get_int(o, "sqlite-busy-timeout", &cfg.busy_ms) != 0 ||
        cfg.busy_ms < 0)
        return invalid("sqlite-busy-timeout",
                       options_get_str(o, "sqlite-busy-timeout"));
    if (check_ignore_list(o) != 0) return -1;
    if (!sqlite3_threadsafe()) {
        log_fatal("sqlite: use library %s: built without thread support "
                  "(SQLITE_THREADSAFE=0)",
                  sqlite3_libversion());
        return -1;
    }
    if (strcmp(cfg.path, ":memory:") == 0)
        log_warn("sqlite: --sqlite-db=:memory: gives every connection its "
                 "own empty database, gone when it closes: tables made by "
                 "prepare do not survive it and threads share nothing "
                 "(file::memory:?cache=shared is one database per process)");
    return 0;
}

/* -- Connections ----------------------------------------------------------- */

/* errno of writing into the directory of file `path`, or ENOENT (also
 * for URIs, which name no directory). */
static int dir_errno(const char *path)
{
    char dir[4096];
    const char *slash = strrchr(path, '/');
    size_t n          = slash ? (size_t) (slash - path) : 0;

    if (strncmp(path, "file:", 5) == 0 || n >= sizeof(dir)) return ENOENT;
    memcpy(dir, path, n);
    dir[n] = '\0';
    if (access(n ? dir : slash ? "/" : ".", W_OK) != 0) return errno;
    return ENOENT;
}

/* Fills c->err with the connect failure's whole FATAL line:
 * "sqlite: <action> '<path>': <cause> (SQLITE_X n[; errno text])". */
static void open_error(struct db_conn *c, sqlite3 *db, int rc,
                       const char *action)
{
    int sys = db ? sqlite3_system_errno(db) : 0;
    char buf[128];

    /* SQLite retries a file it cannot create read-only and reports that
     * try's ENOENT: say why the directory refused it instead. */
    if (rc == SQLITE_CANTOPEN && sys == ENOENT) sys = dir_errno(cfg.path);
    db_set_error(c, rc, NULL, false, "sqlite3_open_v2()",
                 "sqlite: %s '%s': %s (SQLITE_%s %d%s%s)", action, cfg.path,
                 db ? sqlite3_errmsg(db) : sqlite3_errstr(rc), code_name(rc),
                 rc, sys ? "; " : "",
                 sys ? strerror_r(sys, buf, sizeof(buf)) : "");
}

/* Runs PRAGMA `sql`, failing with "sqlite: <action> '<path>': ..."; when
 * it answers a row, the answer must be `want` (a journal mode: an
 * in-memory database always answers "memory") unless `want` is NULL. */
static int pragma(struct db_conn *c, sqlite3 *db, const char *sql,
                  const char *action, const char *want)
{
    sqlite3_stmt *st = NULL;
    const char *got;
    int rc = sqlite3_prepare_v2(db, sql, -1, &st, NULL);

    /* Workers switching a new file to WAL at once get SQLITE_BUSY without
     * the busy handler: retry for --sqlite-busy-timeout, 1 ms apart. */
    for (int ms = 0; rc == SQLITE_OK; ms++, rc = SQLITE_OK) {
        rc = sqlite3_step(st);
        if ((rc & 0xff) != SQLITE_BUSY || ms >= cfg.busy_ms) break;
        sqlite3_reset(st);
        sqlite3_sleep(1);
    }
    if (rc == SQLITE_ROW) {
        got = (const char *) sqlite3_column_text(st, 0);
        if (want && got && strcasecmp(got, want) != 0 &&
            strcasecmp(got, "memory") != 0) {
            db_set_error(c, SQLITE_ERROR, NULL, false, "sqlite3_step()",
                         "sqlite: %s '%s': the database stays in %s mode",
                         action, cfg.path, got);
            sqlite3_finalize(st);
            return -1;
        }
        rc = SQLITE_DONE;
    }
    if (rc != SQLITE_DONE) open_error(c, db, rc, action);
    sqlite3_finalize(st);
    return rc == SQLITE_DONE ? 0 : -1;
}

/* Reads the header (SQLite opens lazily: a non-database fails here, as
 * "open"), then sets the journal mode and the synchronous level. */
static int setup(struct db_conn *c, sqlite3 *db)
{
    char sql[64], action[64];

    if (pragma(c, db, "PRAGMA schema_version", "open", NULL) != 0) return -1;
    snprintf(sql, sizeof(sql), "PRAGMA journal_mode=%s", cfg.journal);
    snprintf(action, sizeof(action), "set journal_mode=%s in", cfg.journal);
    if (pragma(c, db, sql, action, cfg.journal) != 0) return -1;
    snprintf(sql, sizeof(sql), "PRAGMA synchronous=%s", cfg.sync);
    snprintf(action, sizeof(action), "set synchronous=%s in", cfg.sync);
    return pragma(c, db, sql, action, NULL);
}

static int drv_sqlite_connect(struct db_conn *c)
{
    const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
                      SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI;
    sqlite3 *db = NULL;
    struct sq_conn *sc;
    int rc;

    c->impl = NULL;
    rc      = sqlite3_open_v2(cfg.path, &db, flags, NULL);
    if (rc != SQLITE_OK) {
        open_error(c, db, rc, "open");
        goto fail;
    }
    sqlite3_extended_result_codes(db, 1);
    sqlite3_busy_timeout(db, cfg.busy_ms);
    sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
    /* SQLite opens a file it may not write read-only, silently */
    if (sqlite3_db_readonly(db, "main") == 1) {
        db_set_error(c, SQLITE_READONLY, NULL, false, "sqlite3_open_v2()",
                     "sqlite: open '%s': the file or its directory is "
                     "read-only (SQLITE_READONLY %d)",
                     cfg.path, SQLITE_READONLY);
        goto fail;
    }
    if (setup(c, db) != 0) goto fail;
    if (!(sc = calloc(1, sizeof(*sc)))) {
        db_set_error(c, SQLITE_NOMEM, NULL, false, "calloc()",
                     "sqlite: open '%s': out of memory", cfg.path);
        goto fail;
    }
    sc->db  = db;
    c->impl = sc;
    return 0;
fail:
    sqlite3_close_v2(db);
    return -1;
}

/* The last connection to close copies the whole WAL into the database:
 * hundreds of MB after seconds of writes (the readers keep autocheckpoint
 * from restarting it), and a run's total time, which ends after the
 * workers' thread_done as sysbench's does, would count it (10.46 s for
 * --time=10). The command's connections skip it (connect, above); this
 * one, after the report, reads the header and closes as the last. */
static void drv_sqlite_done(void)
{
    sqlite3 *db = NULL;

    if (sqlite3_open_v2(cfg.path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_URI,
                        NULL) == SQLITE_OK) {
        sqlite3_busy_timeout(db, cfg.busy_ms);
        sqlite3_exec(db, "PRAGMA schema_version", NULL, NULL, NULL);
    }
    sqlite3_close_v2(db);
}

/* Statements still open keep the handle alive as a zombie (close_v2)
 * until their close() finalizes them. */
static void drv_sqlite_disconnect(struct db_conn *c)
{
    struct sq_conn *sc = c->impl;

    if (!sc) return;
    if (sc->cur && sc->owned) sqlite3_finalize(sc->cur);
    sqlite3_close_v2(sc->db);
    free(sc);
    c->impl = NULL;
}

/* -- Queries and results --------------------------------------------------- */

/* Ends the current result's statement: reset (prepared) or finalized. */
static void end_rows(struct sq_conn *sc)
{
    if (sc->owned)
        sqlite3_finalize(sc->cur);
    else
        sqlite3_reset(sc->cur);
    sc->cur       = NULL;
    sc->row_ready = false;
}

/* Runs the first step of `st` and classifies the outcome (REP-2): rows
 * -> read, a result set stays current; else rows changed by this
 * statement -> write, none -> other, and the statement ends at once (no
 * lock is held between calls). */
static inline int first_step(struct db_conn *c, struct sq_conn *sc,
                             sqlite3_stmt *st, struct db_result *r)
{
    int ncol = sqlite3_column_count(st);
    sqlite3_int64 before;
    int rc;

    sc->cur = st;
    if (ncol > 0) {
        rc = sqlite3_step(st);
        if (__builtin_expect(rc != SQLITE_ROW && rc != SQLITE_DONE, 0))
            goto fail;
        r->pub.counter = DB_CNT_READ;
        r->pub.nfields = (uint32_t) ncol;
        r->pub.ptr     = st;
        r->streaming   = true;
        sc->row_ready  = rc == SQLITE_ROW;
        if (rc == SQLITE_DONE) end_rows(sc);
        return 0;
    }
    before = sqlite3_total_changes64(sc->db);
    rc     = sqlite3_step(st);
    if (rc != SQLITE_DONE) goto fail;
    if (sqlite3_total_changes64(sc->db) != before)
        r->pub.nrows = (uint32_t) sqlite3_changes64(sc->db);
    r->pub.counter = r->pub.nrows > 0 ? DB_CNT_WRITE : DB_CNT_OTHER;
    end_rows(sc);
    return 0;
fail:
    drv_sqlite_error(c, sc->db, rc, "sqlite3_step()");
    end_rows(sc);
    return -1;
}

/* Whether `p` .. `end` holds more than white space and semicolons. */
static bool has_more(const char *p, const char *end)
{
    for (; p < end; p++)
        if (!strchr(" \t\r\n\f\v;", *p)) return true;
    return false;
}

/* Several statements in one text run in order; the last one's outcome
 * is the result (as PQexec), earlier rows are discarded. */
static int drv_sqlite_query(struct db_conn *c, const char *sql, size_t len,
                            struct db_result *r)
{
    struct sq_conn *sc = c->impl;
    const char *tail = sql, *end = sql + len;
    sqlite3_stmt *st;
    int rc;

    for (;;) {
        st = NULL;
        rc = sqlite3_prepare_v2(sc->db, tail, (int) (end - tail), &st, &tail);
        if (rc != SQLITE_OK)
            return drv_sqlite_error(c, sc->db, rc, "sqlite3_prepare()");
        if (!st) return 0; /* nothing but comments: other */
        if (!has_more(tail, end)) break;
        while ((rc = sqlite3_step(st)) == SQLITE_ROW)
            ;
        if (rc != SQLITE_DONE) {
            drv_sqlite_error(c, sc->db, rc, "sqlite3_step()");
            sqlite3_finalize(st);
            return -1;
        }
        sqlite3_finalize(st);
    }
    sc->owned = true;
    return first_step(c, sc, st, r);
}

static int drv_sqlite_fetch_row(struct db_result *r, sql_value *values)
{
    struct sq_conn *sc = r->conn->impl;
    sqlite3_stmt *st   = sc ? sc->cur : NULL;
    int rc;

    if (!st) return 0;
    if (sc->row_ready) {
        sc->row_ready = false;
    } else if ((rc = sqlite3_step(st)) != SQLITE_ROW) {
        if (rc != SQLITE_DONE)
            drv_sqlite_error(r->conn, sc->db, rc, "sqlite3_step()");
        end_rows(sc);
        return rc == SQLITE_DONE ? 0 : -1;
    }
    for (uint32_t i = 0; i < r->pub.nfields; i++) {
        const char *t = (const char *) sqlite3_column_text(st, (int) i);
        values[i].ptr = t;
        values[i].len = t ? (uint32_t) sqlite3_column_bytes(st, (int) i) : 0;
    }
    return 1;
}

static void drv_sqlite_free_result(struct db_result *r)
{
    struct sq_conn *sc = r->conn->impl;

    r->pub.ptr = NULL;
    if (sc && sc->cur) end_rows(sc);
}

/* -- Prepared statements --------------------------------------------------- */

/* s->impl is the sqlite3_stmt itself. Texts of several statements are
 * emulated (db.c runs them through query). */
static int drv_sqlite_prepare(struct db_stmt *s)
{
    struct sq_conn *sc = s->conn->impl;
    const char *tail   = NULL;
    sqlite3_stmt *st   = NULL;
    int rc;

    if (s->unnamed) return 0; /* compiled by each execute */
    rc = sqlite3_prepare_v3(sc->db, s->sql, (int) s->sql_len + 1,
                            SQLITE_PREPARE_PERSISTENT, &st, &tail);
    if (rc != SQLITE_OK)
        return drv_sqlite_error(s->conn, sc->db, rc, "sqlite3_prepare_v3()");
    if (!st) return DB_PREPARE_EMULATE;
    if (has_more(tail, s->sql + s->sql_len)) {
        sqlite3_finalize(st);
        return DB_PREPARE_EMULATE;
    }
    s->impl = st;
    return 0;
}

static int drv_sqlite_bind(struct db_stmt *s)
{
    if (s->unnamed) return 0; /* counted at execute */
    if (s->nbinds == (size_t) sqlite3_bind_parameter_count(s->impl)) return 0;
    db_set_error(s->conn, 0, NULL, false, "sqlite3_bind()",
                 "wrong number of parameters in prepared statement");
    return -1;
}

/* A bound value of the types Lua never creates (dates, times): as text. */
static int __attribute__((noinline))
bind_other(sqlite3_stmt *st, int i, const sql_bind *b)
{
    char buf[64];
    int n = db_format_value(b, false, buf, sizeof(buf));

    return n < 0 ? SQLITE_RANGE
                 : sqlite3_bind_text(st, i, buf, n, SQLITE_TRANSIENT);
}

/* Binds the current values of s->binds (their buffers may change
 * between executions; SQLite reads text in place until the next bind). */
static int bind_values(struct db_stmt *s, sqlite3_stmt *st)
{
    const sql_bind *b = s->binds;
    int rc            = SQLITE_OK;

    for (int i = 1; i <= (int) s->nbinds && rc == SQLITE_OK; i++, b++) {
        if (b->is_null && *b->is_null) {
            rc = sqlite3_bind_null(st, i);
            continue;
        }
        switch (b->type) {
        case SQL_TYPE_BIGINT:
            rc = sqlite3_bind_int64(st, i, *(const int64_t *) b->buffer);
            break;
        case SQL_TYPE_INT:
            rc = sqlite3_bind_int(st, i, *(const int32_t *) b->buffer);
            break;
        case SQL_TYPE_SMALLINT:
            rc = sqlite3_bind_int(st, i, *(const int16_t *) b->buffer);
            break;
        case SQL_TYPE_TINYINT:
            rc = sqlite3_bind_int(st, i, *(const int8_t *) b->buffer);
            break;
        case SQL_TYPE_DOUBLE:
            rc = sqlite3_bind_double(st, i, *(const double *) b->buffer);
            break;
        case SQL_TYPE_FLOAT:
            rc = sqlite3_bind_double(st, i, *(const float *) b->buffer);
            break;
        case SQL_TYPE_CHAR:
        case SQL_TYPE_VARCHAR:
            rc = sqlite3_bind_text(st, i, b->buffer,
                                   b->data_len
                                       ? (int) *b->data_len
                                       : (int) strnlen(b->buffer, b->max_len),
                                   SQLITE_STATIC);
            break;
        default:
            rc = bind_other(st, i, b);
        }
    }
    return rc;
}

/* An unnamed statement (driver.h): compiled, bound, run and finalized
 * by each execute, as an extended-protocol client has the server do. */
static int __attribute__((noinline))
execute_unnamed(struct db_stmt *s, struct db_result *r)
{
    struct sq_conn *sc = s->conn->impl;
    const char *tail   = NULL;
    sqlite3_stmt *st   = NULL;
    int rc;

    rc = sqlite3_prepare_v2(sc->db, s->sql, (int) s->sql_len + 1, &st, &tail);
    if (rc != SQLITE_OK)
        return drv_sqlite_error(s->conn, sc->db, rc, "sqlite3_prepare()");
    if (!st || has_more(tail, s->sql + s->sql_len) ||
        s->nbinds != (size_t) sqlite3_bind_parameter_count(st)) {
        db_set_error(s->conn, 0, NULL, false, "sqlite3_bind()",
                     !st || has_more(tail, s->sql + s->sql_len)
                         ? "an unnamed statement must be one SQL statement"
                         : "wrong number of parameters in prepared statement");
        sqlite3_finalize(st);
        return -1;
    }
    if (s->nbinds && (rc = bind_values(s, st)) != SQLITE_OK) {
        drv_sqlite_error(s->conn, sc->db, rc, "sqlite3_bind()");
        sqlite3_finalize(st);
        return -1;
    }
    sc->owned = true;
    return first_step(s->conn, sc, st, r);
}

static int drv_sqlite_execute(struct db_stmt *s, struct db_result *r)
{
    struct sq_conn *sc = s->conn->impl;
    sqlite3_stmt *st   = s->impl;
    int rc;

    if (__builtin_expect(!st, 0)) return execute_unnamed(s, r);
    if (s->nbinds && (rc = bind_values(s, st)) != SQLITE_OK)
        return drv_sqlite_error(s->conn, sc->db, rc, "sqlite3_bind()");
    sc->owned = false;
    return first_step(s->conn, sc, st, r);
}

/* Also for stale statements: finalizing the last one frees a connection
 * closed under it. */
static void drv_sqlite_close(struct db_stmt *s)
{
    sqlite3_finalize(s->impl);
    s->impl = NULL;
}

/* One line: "sqlite: <verb> '<sql>': <message> (SQLITE_X n)"; a connect
 * failure's line was written whole by connect. */
static void drv_sqlite_log_error(const struct db_conn *c, enum db_op op,
                                 const char *sql)
{
    static const char *const verbs[] = {
        [DB_OP_CONNECT] = "connect", [DB_OP_QUERY] = "query",
        [DB_OP_PREPARE] = "prepare", [DB_OP_BIND] = "bind",
        [DB_OP_EXECUTE] = "execute", [DB_OP_NEXT_RESULT] = "next result",
        [DB_OP_FETCH] = "fetch",
    };
    const struct db_error *e = &c->err;
    char code[64]            = "";

    if (op == DB_OP_CONNECT) {
        log_fatal("%s", e->msg);
        return;
    }
    if (e->code != 0)
        snprintf(code, sizeof(code), " (SQLITE_%s %d)", code_name(e->code),
                 e->code);
    log_fatal("sqlite: %s '%.*s%s': %s%s", verbs[op], SQL_SHOWN, sql ? sql : "",
              sql && strlen(sql) > SQL_SHOWN ? "..." : "", e->msg, code);
}

/* Embedded: the server is the library. */
static const char *drv_sqlite_version(const struct db_conn *c, char *buf,
                                      size_t size)
{
    return snprintf(buf, size, "%s", sqlite3_libversion()) > 0 ? buf : NULL;
}

const struct db_driver driver_sqlite = {
    .name          = "sqlite",
    .description   = "SQLite driver (embedded, no server)",
    .options       = drv_sqlite_options,
    .ignore_option = "sqlite-ignore-errors",
    .ignore_match  = DB_MATCH_CODE,
    .error_matches = drv_sqlite_error_matches,
    .hidden_r      = true,
    .in_process    = true,
    .caps          = {.multi_row_insert  = true,
                      .prepared          = true,
                      .rollback_on_error = true,
                      .unnamed           = true,
                      .unnamed_async     = true},
    .init          = drv_sqlite_init,
    .done          = drv_sqlite_done,
    .connect       = drv_sqlite_connect,
    .disconnect    = drv_sqlite_disconnect,
    .query         = drv_sqlite_query,
    .fetch_row     = drv_sqlite_fetch_row,
    .free_result   = drv_sqlite_free_result,
    .prepare       = drv_sqlite_prepare,
    .bind          = drv_sqlite_bind,
    .execute       = drv_sqlite_execute,
    .close         = drv_sqlite_close,
    .load_start    = drv_sqlite_load_start,
    .load_rows     = drv_sqlite_load_rows,
    .load_end      = drv_sqlite_load_end,
    .log_error     = drv_sqlite_log_error,
    .version       = drv_sqlite_version,
};
