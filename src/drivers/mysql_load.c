/* SPDX-License-Identifier: MIT */
/* mysql_load.c: the MySQL driver's bulk loading: LOAD DATA LOCAL INFILE
 * statements whose "file" is a chunk of rows in memory, served by a
 * local-infile handler (no temporary file); refused (db.c falls back to
 * INSERTs) when the server or the client library will not load local
 * data. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mysql_driver.h"

/* The server's and the client's refusals of LOCAL: ER_NOT_ALLOWED_COMMAND,
 * ER_LOAD_INFILE_CAPABILITY_DISABLED (MariaDB 10.5+),
 * CR_LOAD_DATA_LOCAL_INFILE_REJECTED (MySQL 8 clients). */
static bool is_refusal(unsigned code)
{
    return code == 1148 || code == 4166 || code == 2068;
}

/* -- The local-infile handler --------------------------------------------- */

static int infile_init(void **ptr, const char *filename, void *userdata)
{
    struct my_conn *mc = userdata;

    (void) filename; /* whatever the server asks for, it gets the rows */
    *ptr = mc;
    return mc->infile ? 0 : 1;
}

static int infile_read(void *ptr, char *buf, unsigned int buf_len)
{
    struct my_conn *mc = ptr;
    size_t n           = mc->infile_len - mc->infile_pos;

    if (n > buf_len) n = buf_len;
    memcpy(buf, mc->infile + mc->infile_pos, n);
    mc->infile_pos += n;
    return (int) n;
}

static void infile_end(void *ptr)
{
    (void) ptr;
}

static int infile_error(void *ptr, char *msg, unsigned int len)
{
    (void) ptr;
    snprintf(msg, len, "bench serves no local file outside its bulk loads");
    return 2068; /* CR_LOAD_DATA_LOCAL_INFILE_REJECTED */
}

void drv_mysql_load_handler(struct my_conn *mc)
{
    mysql_set_local_infile_handler(mc->m, infile_init, infile_read, infile_end,
                                   infile_error, mc);
}

/* -- Loads ------------------------------------------------------------------
 */

/* Runs `sql`, its LOCAL INFILE (if any) being text[0..len); *affected: its
 * affected rows. 0, or -1 with c->err set. */
static int run(struct db_conn *c, const char *sql, const char *text, size_t len,
               uint64_t *affected)
{
    struct my_conn *mc = c->impl;
    MYSQL_RES *res;
    int err;

    drv_mysql_drain_pending(mc);
    mc->infile     = text;
    mc->infile_len = len;
    mc->infile_pos = 0;
    err            = mysql_real_query(mc->m, sql, (unsigned long) strlen(sql));
    DEBUG("mysql_real_query(%p, \"%s\") = %d (%zu bytes of rows)",
          (void *) mc->m, sql, err, len);
    mc->infile = NULL;
    if (err) return drv_mysql_conn_error(c, mc->m, "mysql_drv_query()");
    if ((res = mysql_store_result(mc->m))) {
        MYSQL_ROW row = mysql_fetch_row(res);
        *affected     = row && row[0] ? strtoull(row[0], NULL, 10) : 0;
        mysql_free_result(res);
    } else if (mysql_errno(mc->m)) {
        return drv_mysql_conn_error(c, mc->m, "mysql_store_result()");
    } else {
        *affected = mysql_affected_rows(mc->m);
    }
    return 0;
}

/* The statement that loads the rows into l's table. */
static void load_sql(const struct db_load *l, char *sql, size_t size)
{
    snprintf(sql, size,
             "LOAD DATA LOCAL INFILE 'bench-rows' INTO TABLE %s "
             "FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' "
             "LINES TERMINATED BY '\\n' (%s)",
             l->table, l->columns);
}

int drv_mysql_load_start(struct db_conn *c, struct db_load *l)
{
    char sql[640];
    uint64_t n;

    if (drv_mysql_cfg.dry_run) return DB_LOAD_REFUSED;
    if (run(c, "SELECT @@max_allowed_packet", NULL, 0, &n) != 0) return -1;
    l->max_stmt = (size_t) n;
    l->chunk    = 4 * 1024 * 1024;
    /* An empty load finds out whether the server and the client library
     * take LOCAL at all, before any row is made for it. */
    load_sql(l, sql, sizeof(sql));
    if (run(c, sql, "", 0, &n) == 0) return 0;
    if (!is_refusal((unsigned) c->err.code)) return -1;
    snprintf(l->why, sizeof(l->why), "error %d: %.200s", c->err.code,
             c->err.msg);
    return DB_LOAD_REFUSED;
}

/* LOAD DATA LOCAL turns duplicate keys and bad values into warnings, and
 * skips those rows: fewer rows than sent is an error here, as an INSERT's
 * would be. */
int drv_mysql_load_rows(struct db_conn *c, struct db_load *l, const char *text,
                        size_t len)
{
    char sql[640];
    uint64_t sent = l->rows, loaded;

    load_sql(l, sql, sizeof(sql));
    if (run(c, sql, text, len, &loaded) != 0) return -1;
    if (loaded == sent) return 0;
    db_set_error(c, 1062, "23000", false, "mysql_drv_query()",
                 "LOAD DATA loaded %llu of %llu rows into %s (duplicate "
                 "keys or bad values: see SHOW WARNINGS)",
                 (unsigned long long) loaded, (unsigned long long) sent,
                 l->table);
    return -1;
}

/* Every chunk was a statement of its own, committed (autocommit). */
int drv_mysql_load_end(struct db_conn *c, struct db_load *l, bool commit)
{
    (void) c;
    (void) l;
    (void) commit;
    return 0;
}
