/* SPDX-License-Identifier: MIT */
/* drivers: the registry, the only place that lists the database drivers.
 * Order is sysbench's help order (mysql, pgsql), then bench's own
 * (sqlite); hidden drivers last. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "db/driver.h"

extern const struct db_driver driver_mysql, driver_pgsql, driver_sqlite,
    driver_null;

const struct db_driver *const db_drivers[] = {
#ifdef HAVE_MYSQL
    &driver_mysql,
#endif
#ifdef HAVE_PGSQL
    &driver_pgsql,
#endif
#ifdef HAVE_SQLITE
    &driver_sqlite,
#endif
    &driver_null, /* hidden: tests and overhead */
    NULL,         /* end of the list */
};
