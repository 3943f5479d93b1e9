/* SPDX-License-Identifier: MIT */
/* db_info.c: the versions the result document names (db.h
 * db_server_version): the first connection's server and its driver's
 * client library, noted once, read at the end of the run. */
#include <pthread.h>
#include <stdatomic.h>

#include "db.h"
#include "db_internal.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char server[128], client[128];
static atomic_bool noted;
static bool have_server, have_client; /* set once, under lock */

void db_info_note(const struct db_conn *c)
{
    if (atomic_load(&noted) || c->drv->version == NULL) return;
    pthread_mutex_lock(&lock);
    if (!atomic_load(&noted)) {
        have_server = c->drv->version(c, server, sizeof(server)) != NULL;
        have_client = c->drv->version(NULL, client, sizeof(client)) != NULL;
        atomic_store(&noted, true);
    }
    pthread_mutex_unlock(&lock);
}

const char *db_server_version(void)
{
    return atomic_load(&noted) && have_server ? server : NULL;
}

const char *db_client_version(void)
{
    return atomic_load(&noted) && have_client ? client : NULL;
}
