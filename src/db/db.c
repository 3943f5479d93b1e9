/* SPDX-License-Identifier: MIT */
/* Over 600 lines: connections, reconnects and error classes share db_conn. */
/* db: driver lookup, connections, results, counters and error
 * classification (see db.h). Statements, emulation and bulk inserts are in
 * db_stmt.c. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "clock.h"
#include "db_internal.h"
#include "measure/detail.h"
#include "measure/stats.h"

#define MAX_DRIVERS 8

/* -- Options ----------------------------------------------------------- */

#ifdef HAVE_MYSQL
#define DEFAULT_DRIVER "mysql" /* sysbench: only when MySQL is built in */
#else
#define DEFAULT_DRIVER NULL
#endif

const struct option_def db_options[] = {
    {"db-driver", OPT_STRING, DEFAULT_DRIVER,
     "database driver to use ('help' to list the compiled-in drivers)", 0},
    {"db-ps-mode", OPT_STRING, "auto",
     "how prepared statements are run {auto, disable}", 0},
    {"db-debug", OPT_BOOL, "off", "print database debug information", 0},
    {"db-reconnect-timeout", OPT_INT, "60",
     "seconds a lost connection is tried again before the call fails with "
     "the error that lost it (0: until the run ends, as sysbench)",
     OPT_BENCH},
    {"db-ignore-errors", OPT_LIST, NULL,
     "errors to ignore with any driver: native codes, SQLSTATEs, SQLSTATE "
     "classes, or \"all\"",
     OPT_BENCH},
    {NULL, OPT_NULL, NULL, NULL, 0},
};

int db_register_options(struct options *o)
{
    char title[64];

    if (options_add_group(o, "General database options", db_options) != 0)
        return -1;
    for (size_t i = 0; db_drivers[i]; i++) {
        const struct db_driver *d = db_drivers[i];
        if (!d->options) continue;
        snprintf(title, sizeof(title), "%s options", d->name);
        if (options_add_group(o, title, d->options) != 0) return -1;
    }
    return 0;
}

/* Whether --help lists driver d (P-2: the 1.0 listing is 1.0.20's). */
static bool is_listed(const struct db_driver *d, bool profile_m,
                      const char *selected)
{
    if (d->hidden) return false;
    return !d->hidden_r || profile_m ||
           (selected && strcmp(selected, d->name) == 0);
}

void db_print_help(FILE *out, bool profile_m, const char *selected)
{
    fprintf(out, "General database options:\n\n");
    options_print_defs(out, db_options, profile_m);
    fprintf(out, "\nCompiled-in database drivers:\n");
    for (size_t i = 0; db_drivers[i]; i++)
        if (is_listed(db_drivers[i], profile_m, selected))
            fprintf(out, "  %s - %s\n", db_drivers[i]->name,
                    db_drivers[i]->description);
    fputc('\n', out);
    for (size_t i = 0; db_drivers[i]; i++) {
        if (!is_listed(db_drivers[i], profile_m, selected) ||
            !db_drivers[i]->options)
            continue;
        fprintf(out, "%s options:\n", db_drivers[i]->name);
        options_print_defs(out, db_drivers[i]->options, profile_m);
    }
}

void db_print_help_bench(FILE *out, bool profile_m, const char *selected)
{
    bool any = false;

    for (size_t i = 0; db_drivers[i]; i++) {
        const struct db_driver *d = db_drivers[i];
        if (d->hidden || is_listed(d, profile_m, selected)) continue;
        if (!any) fprintf(out, "bench database drivers that sysbench lacks:\n");
        fprintf(out, "  %s - %s\n", d->name, d->description);
        any = true;
    }
    if (!any) return;
    fputc('\n', out);
    for (size_t i = 0; db_drivers[i]; i++) {
        const struct db_driver *d = db_drivers[i];
        if (d->hidden || is_listed(d, profile_m, selected) || !d->options)
            continue;
        fprintf(out, "%s options:\n", d->name);
        options_print_defs(out, d->options, profile_m);
    }
}

/* -- Driver names and what ended a command (cli_hint.c) ----------------- */

/* For the hints bench prints where it ends a command (PD-13): the driver
 * name nothing answered to, and whether a fatal error said that a table
 * does not exist. Written by any thread, read by main once the workers
 * are joined; for the whole process. */
static char invalid_driver[64]; /* written under init_lock */
static atomic_bool missing_table;

bool db_driver_at(size_t i, const char **name, const char **desc,
                  const struct option_def **options)
{
    for (size_t k = 0; db_drivers[k]; k++) {
        if (db_drivers[k]->hidden || i-- > 0) continue;
        *name    = db_drivers[k]->name;
        *desc    = db_drivers[k]->description;
        *options = db_drivers[k]->options;
        return true;
    }
    return false;
}

bool db_driver_exists(const char *name)
{
    for (size_t i = 0; db_drivers[i]; i++)
        if (strcmp(db_drivers[i]->name, name) == 0) return true;
    return false;
}

const char *db_invalid_driver(void)
{
    return invalid_driver[0] ? invalid_driver : NULL;
}

bool db_missing_table(void)
{
    return atomic_load(&missing_table);
}

/* MySQL's 1146 (SQLSTATE 42S02), PostgreSQL's 42P01, SQLite's "no such
 * table" (its driver gives such errors no SQLSTATE). */
static void note_missing_table(const struct db_error *e)
{
    if (strcmp(e->sqlstate, "42S02") == 0 ||
        strcmp(e->sqlstate, "42P01") == 0 ||
        strncmp(e->msg, "no such table", 13) == 0)
        atomic_store(&missing_table, true);
}

int db_validate_options(const struct options *o)
{
    const char *mode = options_get_str(o, "db-ps-mode");
    int t;

    if (!mode || (strcmp(mode, "auto") != 0 && strcmp(mode, "disable") != 0)) {
        log_fatal("Invalid value for db-ps-mode: %s", mode ? mode : "(null)");
        return -1;
    }
    if (options_get_int(o, "db-reconnect-timeout", &t) != 0 || t < 0) {
        log_fatal("Invalid value for --db-reconnect-timeout: '%s' (seconds, "
                  "0 or more)",
                  options_get_str(o, "db-reconnect-timeout"));
        return -1;
    }
    return 0;
}

/* -- Process state and drivers ----------------------------------------- */

struct code_list {
    bool all;
    char **items; /* NULL-terminated, from options_get_list */
};

/* One per registry entry. The public head is what db_create returns. */
struct db_handle {
    sql_driver pub;
    const struct db_driver *drv;
    bool initialized;             /* guarded by init_lock */
    struct code_list own, common; /* driver's list, --db-ignore-errors */
    char **hosts, **ports, **sockets;
    size_t nhosts, nports, nsockets;
    atomic_uint next_target; /* shared round-robin cursor (MY-3) */
};

static struct db_handle handles[MAX_DRIVERS];
static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static const struct options *db_opts; /* set by db_init */
static bool (*stop_check)(void);
static bool ps_disabled, debug_on;
static int reconnect_timeout_s; /* --db-reconnect-timeout */
static atomic_bool used, server_used;
static _Thread_local int tls_thread_id = -1; /* -1: background slot */
static _Thread_local unsigned tls_refs[MAX_DRIVERS];

static void handle_reset(struct db_handle *h)
{
    options_free_list(h->own.items);
    options_free_list(h->common.items);
    options_free_list(h->hosts);
    options_free_list(h->ports);
    options_free_list(h->sockets);
    memset(h, 0, sizeof(*h));
}

void db_init(const struct options *o, bool (*should_stop)(void))
{
    const char *mode;

    db_done();
    memset(tls_refs, 0, sizeof(tls_refs)); /* the calling thread's */
    db_opts     = o;
    stop_check  = should_stop;
    mode        = options_get_str(o, "db-ps-mode");
    ps_disabled = mode && strcmp(mode, "disable") == 0;
    debug_on    = options_get_bool(o, "db-debug");
    if (options_get_int(o, "db-reconnect-timeout", &reconnect_timeout_s) != 0)
        reconnect_timeout_s = 0;
}

static void hints_print(void); /* the connection hint, below */

void db_done(void)
{
    pthread_mutex_lock(&init_lock);
    for (size_t i = 0; i < MAX_DRIVERS && db_drivers[i]; i++) {
        if (handles[i].initialized && db_drivers[i]->done)
            db_drivers[i]->done();
        handle_reset(&handles[i]);
    }
    atomic_store(&used, false);
    atomic_store(&server_used, false);
    pthread_mutex_unlock(&init_lock);
    hints_print();
}

void db_thread_set_id(int thread_id)
{
    tls_thread_id = thread_id;
}

bool db_is_used(void)
{
    return atomic_load(&used);
}

const char *db_used_driver(void)
{
    const char *name = NULL;

    pthread_mutex_lock(&init_lock);
    for (size_t i = 0; name == NULL && i < MAX_DRIVERS; i++)
        if (handles[i].initialized) name = handles[i].drv->name;
    pthread_mutex_unlock(&init_lock);
    return name;
}

bool db_server_used(void)
{
    return atomic_load(&server_used);
}

bool db_debug_enabled(void)
{
    return debug_on;
}

bool db_ps_disabled(void)
{
    return ps_disabled;
}

bool db_should_stop(void)
{
    return stop_check && stop_check();
}

static int load_codes(const char *option, struct code_list *l)
{
    if (!option) return 0;
    if (options_get_list(db_opts, option, &l->items) < 0) return -1;
    for (char **p = l->items; *p; p++)
        if (strcmp(*p, "all") == 0) l->all = true;
    return 0;
}

static int load_list(const char *option, char ***items, size_t *n)
{
    int rc;

    if (!option) return 0;
    rc = options_get_list(db_opts, option, items);
    if (rc < 0) return -1;
    *n = (size_t) rc;
    return 0;
}

/* Reads what db.c needs from the options on first use of a driver. */
static int handle_load(struct db_handle *h)
{
    const struct db_driver *d = h->drv;

    if (load_codes(d->ignore_option, &h->own) != 0 ||
        load_codes("db-ignore-errors", &h->common) != 0 ||
        load_list(d->host_option, &h->hosts, &h->nhosts) != 0 ||
        load_list(d->port_option, &h->ports, &h->nports) != 0 ||
        load_list(d->socket_option, &h->sockets, &h->nsockets) != 0)
        return -1;
    for (size_t i = 0; i < h->nports; i++) {
        char *end;
        long port = strtol(h->ports[i], &end, 10);
        if (*end || port < 1 || port > 65535) {
            log_fatal("Invalid value for --%s: '%s'", d->port_option,
                      h->ports[i]);
            return -1;
        }
    }
    if (d->label && h->nhosts == 0 && h->nsockets == 0) {
        log_fatal("No %s hosts specified, aborting", d->label);
        return -1;
    }
    if (d->label && h->nports == 0 && h->nsockets == 0) {
        log_fatal("No %s ports specified, aborting", d->label);
        return -1;
    }
    return 0;
}

static int handle_init(size_t i)
{
    struct db_handle *h = &handles[i];
    int rc              = 0;

    pthread_mutex_lock(&init_lock);
    if (!h->initialized) {
        h->drv       = db_drivers[i];
        h->pub.sname = h->drv->name;
        h->pub.lname = h->drv->description;
        rc           = handle_load(h);
        if (rc == 0 && h->drv->init) rc = h->drv->init(db_opts);
        if (rc == 0) {
            h->initialized = true;
            atomic_store(&used, true);
            if (!h->drv->in_process) atomic_store(&server_used, true);
        } else {
            handle_reset(h);
        }
    }
    pthread_mutex_unlock(&init_lock);
    return rc;
}

/* Index of the driver to use for `name` (NULL: --db-driver), or -1. */
static long driver_index(const char *name)
{
    size_t visible = 0, last = 0;

    if (!name) name = options_get_str(db_opts, "db-driver");
    if (!name) {
        for (size_t i = 0; db_drivers[i]; i++)
            if (!db_drivers[i]->hidden) {
                visible++;
                last = i;
            }
        if (visible == 1) {
            log_info("No DB drivers specified, using %s",
                     db_drivers[last]->name);
            return (long) last;
        }
        log_fatal("Multiple DB drivers are available. Use --db-driver=name "
                  "to specify which one to use");
        return -1;
    }
    for (size_t i = 0; db_drivers[i]; i++)
        if (strcmp(db_drivers[i]->name, name) == 0) return (long) i;
    pthread_mutex_lock(&init_lock);
    snprintf(invalid_driver, sizeof(invalid_driver), "%s", name);
    pthread_mutex_unlock(&init_lock);
    log_fatal("invalid database driver name: '%s'", name);
    return -1;
}

sql_driver *db_create(const char *name)
{
    long i;

    if (!db_opts) return NULL;
    i = driver_index(name);
    if (i < 0 || handle_init((size_t) i) != 0) return NULL;
    if (tls_refs[i]++ == 0 && handles[i].drv->thread_init &&
        handles[i].drv->thread_init() != 0) {
        tls_refs[i]--;
        log_fatal("thread-local driver initialization failed.");
        return NULL;
    }
    return &handles[i].pub;
}

int db_destroy(sql_driver *drv)
{
    struct db_handle *h;
    size_t i;

    if (!drv) return 0;
    h = DB_CONTAINER_OF(drv, struct db_handle, pub);
    i = (size_t) (h - handles);
    if (tls_refs[i] == 0) return 0;
    if (--tls_refs[i] == 0 && h->drv->thread_done) h->drv->thread_done();
    return 0;
}

/* -- Connections ------------------------------------------------------- */

static void pick_target(struct db_handle *h, struct db_target *t)
{
    unsigned k = atomic_fetch_add(&h->next_target, 1);

    memset(t, 0, sizeof(*t));
    if (h->nsockets > 0) {
        t->host   = "localhost";
        t->socket = h->sockets[k % h->nsockets];
        return;
    }
    if (h->nports > 0) {
        t->port = (unsigned) atoi(h->ports[k % h->nports]);
        k /= (unsigned) h->nports;
    }
    if (h->nhosts > 0) t->host = h->hosts[k % h->nhosts];
}

struct stats_slot *db_count_in(struct db_conn *c)
{
    c->stats     = stats_slot_or_none(c->thread_id);
    c->stats_gen = stats_current.gen;
    c->detail    = detail_worker_of(c->thread_id);
    db_conn_set_key(c);
    return c->stats;
}

/* The value of the driver's option --<driver>-<what>, or NULL. */
static const char *driver_option(const struct db_driver *d, const char *what)
{
    char name[64];

    snprintf(name, sizeof(name), "%s-%s", d->name, what);
    return options_is_known(db_opts, name) ? options_get_str(db_opts, name)
                                           : NULL;
}

/* -- The connection hint (PD-13) --------------------------------------- */

/* The hints of failed connects, printed by db_done, where bench ends the
 * command: after sysbench's lines, each distinct text once, and only when
 * a failure that gave it was not caught by its script (sysbench prints
 * nothing more for one a script handles). Guarded by hint_lock. */
#define MAX_HINTS 4
static struct {
    char text[640];
    unsigned uncaught; /* its failures whose error no script caught */
} hints[MAX_HINTS];
static unsigned nhints;
static pthread_mutex_t hint_lock  = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local int tls_hint = -1; /* the thread's last, in hints */

/* Counts a failure for `text` until bench_db_connect_caught says that its
 * script caught it; past MAX_HINTS distinct texts, the rest are dropped. */
static void hint_defer(const char *text)
{
    unsigned i = 0;

    pthread_mutex_lock(&hint_lock);
    while (i < nhints && strcmp(hints[i].text, text) != 0)
        i++;
    if (i == nhints && nhints < MAX_HINTS)
        snprintf(hints[nhints++].text, sizeof(hints[i].text), "%s", text);
    if (i < nhints) hints[i].uncaught++;
    tls_hint = i < nhints ? (int) i : -1;
    pthread_mutex_unlock(&hint_lock);
}

void bench_db_connect_caught(void)
{
    pthread_mutex_lock(&hint_lock);
    if (tls_hint >= 0 && hints[tls_hint].uncaught > 0)
        hints[tls_hint].uncaught--;
    tls_hint = -1;
    pthread_mutex_unlock(&hint_lock);
}

/* db_done's: the workers are joined, so every failure is counted. */
static void hints_print(void)
{
    pthread_mutex_lock(&hint_lock);
    for (unsigned i = 0; i < nhints; i++)
        if (hints[i].uncaught > 0) log_fatal("%s", hints[i].text);
    nhints   = 0;
    tls_hint = -1;
    pthread_mutex_unlock(&hint_lock);
}

/* Who was tried where, and the usual causes, for drivers that log in to a
 * server: deferred (hint_defer) to print after sysbench's lines. */
static void connect_hint(const struct db_conn *c)
{
    const struct db_driver *d = c->drv;
    const char *user = driver_option(d, "user"), *db = driver_option(d, "db");
    char where[320], text[640];

    if (!user) return; /* no server to reach (sqlite, null): its line says */
    if (c->target.socket)
        snprintf(where, sizeof(where), "socket '%s'", c->target.socket);
    else if (c->target.port)
        snprintf(where, sizeof(where), "%s:%u",
                 c->target.host ? c->target.host : "localhost", c->target.port);
    else
        snprintf(where, sizeof(where), "%s",
                 c->target.host ? c->target.host : "localhost");
    snprintf(text, sizeof(text),
             "%s: connect to %s as user '%s': is the server running and "
             "reachable there, the password right (--%s-password), and does "
             "the database '%s' exist (--%s-db)?",
             d->name, where, user, d->name, db ? db : "", d->name);
    hint_defer(text);
}

struct db_conn *db_conn_alloc(sql_driver *drv)
{
    struct db_handle *h = DB_CONTAINER_OF(drv, struct db_handle, pub);
    struct db_conn *c   = db_conn_mem_new();

    if (!c) {
        db_oom("create a connection");
        return NULL;
    }
    c->pub.driver = drv;
    c->drv        = h->drv;
    c->rs.conn    = c;
    c->state      = DB_CONN_READY;
    c->thread_id  = tls_thread_id;
    db_count_in(c);
    pick_target(h, &c->target);
    return c;
}

void db_connect_failed(struct db_conn *c)
{
    c->drv->log_error(c, DB_OP_CONNECT, NULL);
    connect_hint(c);
}

sql_connection *db_connection_create(sql_driver *drv)
{
    struct db_conn *c = db_conn_alloc(drv);

    if (!c) return NULL;
    if (c->drv->connect(c) != 0) {
        db_connect_failed(c);
        db_conn_release(c);
        return NULL;
    }
    db_conn_set_key(c);
    db_info_note(c);
    return &c->pub;
}

/* What close and reconnect do first: false, after the ALERT sysbench
 * prints for both, when c is already closed; else frees its result. */
static bool conn_open_for_close(struct db_conn *c)
{
    if (c->state == DB_CONN_INVALID) {
        log_alert("attempt to close an already closed connection");
        return false;
    }
    if (c->state == DB_CONN_RESULT_SET) db_free_current(c);
    return true;
}

int db_connection_close(sql_connection *pc)
{
    struct db_conn *c = db_conn_of(pc);

    if (!conn_open_for_close(c)) return 0;
    db_load_abandon(c);
    if (!c->broken) c->drv->disconnect(c);
    c->state = DB_CONN_INVALID;
    db_conn_set_key(c);
    free(c->bulk_buf);
    c->bulk_buf = NULL;
    return 0;
}

void db_connection_free(sql_connection *pc)
{
    struct db_conn *c;

    if (!pc) return;
    c = db_conn_of(pc);
    if (c->state != DB_CONN_INVALID) db_connection_close(pc);
    db_stmts_detach(c);
    free(c->values);
    free(c->text);
    free(c->rs.store_data);
    free(c->rs.store_vals);
    db_conn_release(c);
}

void db_reconnect_begin(struct db_conn *c)
{
    log_debug("Reconnecting");
    if (!c->broken) c->drv->disconnect(c);
    c->broken = true;
    db_conn_set_key(c);
}

bool db_reconnect_give_up(uint64_t waited_ns)
{
    return db_should_stop() ||
           (reconnect_timeout_s > 0 &&
            waited_ns >= (uint64_t) reconnect_timeout_s * NS_PER_S);
}

void db_reconnected(struct db_conn *c, const struct db_error *cause)
{
    c->err    = *cause; /* the caller reports what was lost, not a retry */
    c->broken = false;
    c->epoch++;
    db_conn_set_key(c);
    log_debug("Reconnected");
}

/* Replaces the server connection, retrying every millisecond until it
 * works, the run stops (sysbench's loop) or --db-reconnect-timeout
 * passes: outside a run (prepare, cleanup, commands) nothing else ends
 * it, and a server that stays down must not hang bench. In a run, a
 * worker that gave up tries again at its next event. 0 ok, -1 gave up. */
static int reconnect_loop(struct db_conn *c)
{
    const struct timespec pause = {0, 1000000};
    struct db_error cause       = c->err;
    uint64_t t0                 = clock_now_ns();

    db_reconnect_begin(c);
    while (c->drv->connect(c) != 0) {
        if (db_reconnect_give_up(clock_now_ns() - t0)) {
            c->err = cause; /* later calls report what broke it */
            return -1;
        }
        nanosleep(&pause, NULL);
    }
    db_reconnected(c, &cause);
    return 0;
}

int db_connection_reconnect(sql_connection *pc)
{
    struct db_conn *c = db_conn_of(pc);

    if (!conn_open_for_close(c)) return 0;
    if (reconnect_loop(c) != 0) {
        stats_add(c->thread_id, STAT_ERRORS, 1);
        return 1;
    }
    stats_add(c->thread_id, STAT_RECONNECTS, 1);
    return 0;
}

/* -- Error classification ---------------------------------------------- */

static bool code_matches(const struct code_list *l, const struct db_error *e,
                         enum db_match how, const struct db_driver *d)
{
    if (!l->items) return false;
    if (l->all) return true;
    for (char **p = l->items; *p; p++) {
        const char *v = *p;
        if (how == DB_MATCH_CODE && e->code != 0 &&
            (d->error_matches ? d->error_matches(v, e) : atoi(v) == e->code))
            return true;
        if (how == DB_MATCH_SQLSTATE && e->sqlstate[0] &&
            (strcasecmp(v, e->sqlstate) == 0 ||
             (strlen(v) == 2 && strncasecmp(v, e->sqlstate, 2) == 0)))
            return true;
    }
    return false;
}

/* An error without code and SQLSTATE is API misuse: never ignorable, and
 * Lua reports it as "SQL API error" (sql_state stays NULL). */
static bool is_ignorable(const struct db_conn *c)
{
    const struct db_handle *h =
        DB_CONTAINER_OF(c->pub.driver, const struct db_handle, pub);
    const struct db_error *e = &c->err;

    if (e->code == 0 && !e->sqlstate[0]) return false;
    return code_matches(&h->own, e, c->drv->ignore_match, c->drv) ||
           code_matches(&h->common, e, DB_MATCH_CODE, c->drv) ||
           code_matches(&h->common, e, DB_MATCH_SQLSTATE, c->drv);
}

static void rollback_quietly(struct db_conn *c)
{
    struct db_error saved = c->err;

    if (c->drv->query(c, "ROLLBACK", 8, &c->rs) == 0 &&
        c->rs.pub.counter == DB_CNT_READ)
        c->drv->free_result(&c->rs);
    c->err = saved;
}

/* While measuring, an error counted by code (detail.h). */
void db_note_error(struct db_conn *c, bool fatal)
{
    if (c->detail)
        detail_error(c->detail, c->err.code, c->pub.sql_state, fatal,
                     stats_discarding(c->thread_id));
}

sql_error_t db_classify(struct db_conn *c, enum db_op op, const char *sql)
{
    struct db_error *e = &c->err;
    bool api_error     = e->code == 0 && !e->sqlstate[0];

    c->pub.sql_errno  = e->code;
    c->pub.sql_state  = api_error        ? NULL
                        : e->sqlstate[0] ? e->sqlstate
                                         : "HY000";
    c->pub.sql_errmsg = api_error ? NULL : e->msg;
    if (!is_ignorable(c)) {
        stats_add(c->thread_id, STAT_ERRORS, 1);
        db_note_error(c, true);
        note_missing_table(e);
        /* Out of memory, the client's or the server's: one line for the
         * process (log_oom_begin). */
        if (!strstr(e->msg, "out of memory") || log_oom_begin())
            c->drv->log_error(c, op, sql);
        return DB_ERROR_FATAL;
    }
    if (e->code != 0)
        log_debug("Ignoring error %d %s, ", e->code, e->msg);
    else
        log_debug("Ignoring error %s %s, ", e->sqlstate, e->msg);
    if (e->conn_lost && c->nb_after) {
        c->nb_after = DB_NB_RECONNECT; /* without blocking: db_async.c */
    } else if (e->conn_lost) {
        bool ok = reconnect_loop(c) == 0;
        stats_add(c->thread_id, ok ? STAT_RECONNECTS : STAT_ERRORS, 1);
        if (!ok) db_note_error(c, false);
    } else {
        stats_add(c->thread_id, STAT_ERRORS, 1);
        db_note_error(c, false);
        if (c->drv->caps.rollback_on_error && !c->broken) {
            if (c->nb_after)
                c->nb_after = DB_NB_ROLLBACK; /* without blocking: db_async */
            else
                rollback_quietly(c);
        }
    }
    return DB_ERROR_IGNORABLE;
}

void db_set_error(struct db_conn *c, int code, const char *sqlstate,
                  bool conn_lost, const char *func, const char *fmt, ...)
{
    va_list ap;

    c->err.code      = code;
    c->err.conn_lost = conn_lost;
    c->err.func      = func;
    snprintf(c->err.sqlstate, sizeof(c->err.sqlstate), "%s",
             sqlstate ? sqlstate : "");
    va_start(ap, fmt);
    vsnprintf(c->err.msg, sizeof(c->err.msg), fmt, ap);
    va_end(ap);
}
