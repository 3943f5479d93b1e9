/* SPDX-License-Identifier: MIT */
/* db_internal.h: what db.c and db_stmt.c share, and what the unit tests
 * reach. Not for other modules. */
#ifndef BENCH_DB_INTERNAL_H
#define BENCH_DB_INTERNAL_H

#include <stddef.h>
#include <string.h>

#include "db.h"
#include "measure/detail.h"
#include "driver.h"
#include "measure/stats.h"

#define DB_CONTAINER_OF(p, type, member)                                       \
    ((type *) (void *) ((char *) (p) -offsetof(type, member)))

static inline struct db_conn *db_conn_of(sql_connection *pc)
{
    return DB_CONTAINER_OF(pc, struct db_conn, pub);
}

static inline struct db_stmt *db_stmt_of(sql_statement *ps)
{
    return DB_CONTAINER_OF(ps, struct db_stmt, pub);
}

/* The functions below run for every query, so they are inline: a call
 * costs more than some of their bodies. */

/* db_execute's fast path takes one compare: a statement's key equals
 * its connection's exactly when the connection is open and not broken,
 * and the statement was prepared on the server (not emulated) on it as it
 * is now (same epoch). A usable connection's key is odd, an unusable
 * one's 0; an emulated or never prepared statement's is 2. Call these
 * after every change of c->state to or from INVALID, c->broken, c->epoch,
 * s->epoch or s->emulated. */
/* While measuring (c->detail), a usable connection's key also has this
 * bit, which no statement's has: every execute then takes the slow path,
 * which times it (its fast body when the keys match but for the bit), and
 * the fast path stays as it was. */
#define DB_KEY_TIMED 0x80000000u
/* ... and this one too when detail times queries with the TSC: the key
 * bench_db_execute_tsc's one compare expects (DB_KEY_TIMED_TSC). */
#define DB_KEY_TSC       0x40000000u
#define DB_KEY_TIMED_TSC (DB_KEY_TIMED | DB_KEY_TSC)

static inline void db_conn_set_key(struct db_conn *c)
{
    unsigned timed = !c->detail         ? 0
                     : detail_clock.tsc ? DB_KEY_TIMED_TSC
                                        : DB_KEY_TIMED;

    c->fast_key = c->state != DB_CONN_INVALID && !c->broken
                      ? (c->epoch * 2u + 1) | timed
                      : 0;
}

static inline void db_stmt_set_key(struct db_stmt *s, bool prepared)
{
    s->fast_key = prepared && !s->emulated ? s->epoch * 2u + 1 : 2;
}

/* Empties a result for the next call: pub.counter DB_CNT_OTHER (0) and
 * every other field from streaming to pub.row zero, NULL or false; pub.gen
 * moves on, so handles of the result that ended go stale (db.h). */
static inline void db_result_reset(struct db_result *r)
{
    memset(r, 0, offsetof(struct db_result, pub) + offsetof(sql_result, gen));
    r->pub.gen++;
}

/* Frees the current result (state RESULT_SET -> READY): the driver
 * discards rows never fetched without buffering them. */
static inline void db_free_current(struct db_conn *c)
{
    if (c->state == DB_CONN_RESULT_SET && !c->broken)
        c->drv->free_result(&c->rs);
    db_result_reset(&c->rs);
    c->state = DB_CONN_READY;
}

/* Resets the error fields of `c` for a new call; false, after the ALERT
 * and with error FATAL, when `c` is closed. */
static inline bool db_conn_usable(struct db_conn *c)
{
    c->pub.sql_errno  = 0;
    c->pub.sql_state  = NULL;
    c->pub.sql_errmsg = NULL;
    if (c->state == DB_CONN_INVALID) {
        log_alert("attempt to use an already closed connection");
        c->pub.error = DB_ERROR_FATAL;
        return false;
    }
    return true;
}

/* db_conn_usable, then frees the current result of `c`: resets the error
 * fields and the result for a new call. Returns false when the call must
 * fail. */
static inline bool db_conn_begin(struct db_conn *c)
{
    if (!db_conn_usable(c)) return false;
    if (c->state == DB_CONN_RESULT_SET)
        db_free_current(c); /* resets the result too */
    else
        db_result_reset(&c->rs);
    c->pub.error = DB_ERROR_NONE;
    return true;
}

/* An allocation of the SQL layer failed while doing `what`: the one
 * out-of-memory line of the process (log_oom_begin). */
static inline void db_oom(const char *what)
{
    if (log_oom_begin()) log_fatal("db: %s: out of memory", what);
}

/* A connection of `drv` with its target picked, not connected (the
 * driver's connect or connect_start comes next). NULL on ENOMEM. */
struct db_conn *db_conn_alloc(sql_driver *drv);
/* Prints the FATAL lines of a failed connect (the driver's, the hint). */
void db_connect_failed(struct db_conn *c);

/* A zeroed connection's memory, from the free list or calloc (NULL:
 * ENOMEM); its rs.pub.gen goes on from the previous use of the memory. */
struct db_conn *db_conn_mem_new(void);

/* Puts c, whose resources are freed, on the free list: every handle of
 * its result goes stale. */
void db_conn_release(struct db_conn *c);

/* Looks up c's counter slot again (the stats table changed), and its
 * detail record. */
struct stats_slot *db_count_in(struct db_conn *c);

/* The kind a query counts in: `kind` when it is one (a script's label,
 * bench_db_kind_id), else the one its text is classified in. */
unsigned db_query_kind(int kind, const char *sql, size_t len);

/* While measuring, one call on c: its start, and c's read/write/other
 * counts then, so the class it was counted in (if any) is known after. */
/* Starts timing a call on c (c->detail set). */
void db_detail_begin(struct db_conn *c, struct db_timing *t);
/* The call timed by `t` returned: records its time in the kind `kind`,
 * in the class db_finish counted it in (none: failed or not run). */
void db_detail_done(struct db_conn *c, unsigned kind,
                    const struct db_timing *t);
/* The same for a call started at t0_ns whose class is known. */
enum detail_class;
void db_detail_class(struct db_conn *c, unsigned kind,
                     const struct db_timing *t, enum detail_class cls);

/* stats_add(c->thread_id, k, 1) for every query: the slot is kept in c
 * and looked up only when the stats table changed. */
static inline void db_count(struct db_conn *c, enum stat_counter k)
{
    struct stats_slot *s = c->stats;

    if (__builtin_expect(c->stats_gen != stats_current.gen, 0))
        s = db_count_in(c);
    if (!s->discard) owned_inc_64(&s->c[k]);
}

/* The failure half of db_finish: classifies the error (ignore lists,
 * reconnect, fatal message with `sql`). Returns NULL. */
sql_result *db_fail(struct db_conn *c, enum db_op op, const char *sql);

/* Completes a driver call that returned `rc` into c->rs: counts it,
 * classifies a failure and returns the result when it is a result set. */
static inline sql_result *db_finish(struct db_conn *c, int rc, enum db_op op,
                                    const char *sql)
{
    if (rc != 0) return db_fail(c, op, sql);
    db_count(c, (enum stat_counter) c->rs.pub.counter);
    if (c->rs.pub.counter != DB_CNT_READ) return NULL;
    c->state = DB_CONN_RESULT_SET;
    return &c->rs.pub;
}

/* Classifies the error in c->err, counts it, reconnects when it is an
 * ignored connection loss; sets c->pub error fields. */
sql_error_t db_classify(struct db_conn *c, enum db_op op, const char *sql);

/* While db_async.c completes a call (c->nb_after), what db_classify
 * leaves to it instead of blocking the worker: the reconnect after an
 * ignored lost connection, or the ROLLBACK after an ignored error. */
enum { DB_NB_ALLOWED = 1, DB_NB_RECONNECT, DB_NB_ROLLBACK };

/* The reconnect of db_classify in parts, for db_async.c: the old server
 * connection goes (c->broken set); whether to give up after `waited_ns`
 * of failed attempts (the run stops, --db-reconnect-timeout); a new one
 * is in c->impl: c->err becomes `cause` again, c->epoch moves on. */
void db_reconnect_begin(struct db_conn *c);
bool db_reconnect_give_up(uint64_t waited_ns);
void db_reconnected(struct db_conn *c, const struct db_error *cause);
/* While measuring, the error in c->err counted by code (detail.h). */
void db_note_error(struct db_conn *c, bool fatal);

/* db_prepare in parts, for db_async.c (db_stmt.c): a statement of c for
 * `sql`, not yet prepared nor in c->stmts (NULL: c unusable, or ENOMEM,
 * said); whether it is emulated without the driver (else its prepare
 * comes next); the outcome `rc` of the driver's prepare (0, or -1 with
 * the error classified); into c->stmts; freed (a failed one). */
struct db_stmt *db_stmt_new(struct db_conn *c, const char *sql, size_t len);
bool db_stmt_setup_local(struct db_stmt *s);
int db_stmt_prepared(struct db_stmt *s, int rc);
static inline void db_stmt_link(struct db_stmt *s)
{
    struct db_conn *c = s->conn;

    s->next = c->stmts;
    if (c->stmts) c->stmts->prev = s;
    c->stmts = s;
}
void db_stmt_discard(struct db_stmt *s);
/* A statement prepared before a reconnect: its driver side is freed
 * (forget), prepared again (setup_local, the driver, prepared), then
 * bound again (rebind: 0, or 1 with the error classified). */
void db_stmt_forget(struct db_stmt *s);
int db_stmt_rebind(struct db_stmt *s);
/* Whether s can be used (not closed, its connection not freed): else
 * ALERTs and fails the call. */
bool db_stmt_usable(struct db_stmt *s);

/* The driver call to make while c->broken: fails again with the error
 * that broke the connection, so the ignore lists decide again. */
int db_broken_call(struct db_conn *c);

/* db_info.c: notes the versions of c's driver and server once per
 * process (db_server_version); after each successful connect. */
void db_info_note(const struct db_conn *c);

/* Grows c->values to `n` entries. 0 ok, -1 ENOMEM. */
int db_values_reserve(struct db_conn *c, uint32_t n);

/* --db-ps-mode=disable */
bool db_ps_disabled(void);

/* Builds the emulated text of `s` with its bound values into c->text.
 * Returns the length, or -1 on ENOMEM. */
long db_emulate_text(struct db_stmt *s);

/* Writes pattern[0..len) to dst as db_bulk_insert_next_rand describes;
 * returns the bytes written. dst has room for len + 24 per "%d". */
size_t db_bulk_expand(const char *pattern, size_t len, const int64_t *ints,
                      size_t n_ints, char *dst);

/* Adds rows and bytes c sent by a bulk load or bulk insert to the totals
 * and to the progress line's group of c's table (bench_db_load_table),
 * redrawing it when due (db_load_share.c). */
void db_load_count(struct db_conn *c, uint64_t rows, uint64_t bytes);

/* A bulk_insert_next_rand pattern compiled for rows generated without a
 * call per row (db_load_gen.c): "(" %d ("," %d)* then quoted literals
 * (", '...'")* and ")", blanks anywhere between, no '@', no doubled
 * quote, no byte the load text format escapes. */
#define DB_GEN_MAX     8
#define DB_GEN_MAX_FIX 64
struct db_gen {
    size_t n_ints, nsegs;           /* integers; segments drawn before each */
    size_t seg_len[DB_GEN_MAX + 1]; /* the text before integer k, and */
    const char *tail;               /* the tail after the last integer */
    size_t tail_len, nlits;         /* and its literals: contents at */
    size_t lit_off[DB_GEN_MAX];     /* tail + lit_off[l], lit_len[l] bytes */
    size_t lit_len[DB_GEN_MAX];
    size_t nfix; /* bytes of the literals other than '#' */
    uint16_t fix_pos[DB_GEN_MAX_FIX];
    char fix_byte[DB_GEN_MAX_FIX];
    bool fix_one; /* all fix_byte the same (or none) */
};

/* Compiles pattern[0..len) with n_ints integers into g (which points into
 * pattern); false when the pattern is not of that form. */
bool db_gen_compile(struct db_gen *g, const char *pattern, size_t len,
                    size_t n_ints);
/* The longest row db_gen_text writes. */
size_t db_gen_bound(const struct db_gen *g);
/* Draws one row's random text into scratch (g->tail_len bytes): exactly
 * what db_bulk_expand draws for the pattern. */
void db_gen_draw(const struct db_gen *g, char *scratch);
/* The row of the drawn scratch in the load text format ("prefix\t" when
 * prefix >= 0, the integers, the literals, tab-separated, "\n") at dst,
 * which has db_gen_bound bytes; returns its length: the bytes
 * bench_db_load_rand writes for the same draws. */
size_t db_gen_text(const struct db_gen *g, int64_t prefix, const int64_t *ints,
                   const char *scratch, char *dst);

/* db_gen_draw and db_gen_text in one, the tail drawn in place at dst
 * (db_gen_bound bytes), without copying the first literal. Tails of at
 * most DB_GEN_MAX_TAIL bytes. */
#define DB_GEN_MAX_TAIL 1024
size_t db_gen_row(const struct db_gen *g, int64_t prefix, const int64_t *ints,
                  char *dst);

/* Abandons c's bulk load, if any (db_load.c): on close. */
void db_load_abandon(struct db_conn *c);

/* Closes the client side of c's statements and detaches them, so they
 * can be closed after the connection is freed. */
void db_stmts_detach(struct db_conn *c);

#endif
