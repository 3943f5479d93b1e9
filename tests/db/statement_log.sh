# SPDX-License-Identifier: MIT
# statement_log.sh (sourced by tests/db/*.sh): what the servers log for one
# database, while test files run at the same time on the shared servers.
# MariaDB's general log and its table are global, and PostgreSQL's log file
# is shared, so a capture holds one lock from begin to end: captures take
# turns and each leaves the servers as it found them (general log off,
# output to FILE, log table empty; no database logging statements).
#
#   stmt_log_begin mysql|pgsql DB     lock, then log DB's statements
#   stmt_log_end mysql|pgsql DB       print them, stop logging, unlock
#
# The caller defines stmt_log_mysql STATEMENTS: runs the statements (one a
# line) on the MariaDB test server as a user with SUPER, printing rows with
# tab-separated fields. PostgreSQL needs root (su postgres; socket under
# $BENCH_DB_DIR, port $STMT_LOG_PG_PORT, default 15432): stmt_log_begin
# fails without it. Output: MariaDB "command_type<TAB>argument" per
# entry (multi-line arguments as they are); PostgreSQL the log lines of
# statements as logged, with their continuation lines.

STMT_LOG_DIR=${BENCH_DB_DIR:-/tmp/bench-db}
STMT_LOG_LOCK=$STMT_LOG_DIR/statement-log.lock

stmt_log_pg() { # stmt_log_pg SQL: as the PostgreSQL superuser
    [ "$(id -u)" = 0 ] || return 1
    su postgres -c "psql -h '$STMT_LOG_DIR/pgsock' -p ${STMT_LOG_PG_PORT:-${BENCH_DB_PG_PORT:-15432}} -qAt -d postgres -c \"$1\"" >/dev/null 2>&1
}

stmt_log_begin() { # stmt_log_begin DRIVER DB
    exec 8>>"$STMT_LOG_LOCK" || return 1
    flock -w 600 8 || return 1
    if [ "$1" = mysql ]; then
        stmt_log_t0=$(stmt_log_mysql "SELECT NOW(6)")
        stmt_log_mysql "SET GLOBAL log_output = 'TABLE'
SET GLOBAL general_log = ON" >/dev/null
    else
        stmt_log_off=$(stat -c %s "$STMT_LOG_DIR/pg.log") &&
            stmt_log_pg "ALTER DATABASE $2 SET log_statement = 'all'" ||
            { flock -u 8; return 1; }
    fi
}

stmt_log_end() { # stmt_log_end DRIVER DB
    local ids i
    if [ "$1" = mysql ]; then
        # The server logs a client's Quit when its session handles it,
        # which can be after the client has exited: wait (up to 10 s) until
        # no session is left in DB, so the log is off only after the last.
        for ((i = 0; i < 100; i++)); do
            [ "$(stmt_log_mysql "SELECT COUNT(*) FROM information_schema.processlist WHERE db = '$2'")" = 0 ] &&
                break
            sleep 0.1
        done
        stmt_log_mysql "SET GLOBAL general_log = OFF
SET GLOBAL log_output = 'FILE'" >/dev/null
        ids=$(stmt_log_mysql "SELECT thread_id FROM mysql.general_log WHERE event_time >= '$stmt_log_t0' AND command_type = 'Connect' AND argument LIKE '% on $2 %'" |
            grep -E '^[0-9]+$' | paste -sd, -)
        stmt_log_mysql "SELECT command_type, argument FROM mysql.general_log WHERE event_time >= '$stmt_log_t0' AND thread_id IN (${ids:-0})"
        stmt_log_mysql "TRUNCATE TABLE mysql.general_log" >/dev/null
    else
        stmt_log_pg "ALTER DATABASE $2 RESET log_statement"
        tail -c +$((stmt_log_off + 1)) "$STMT_LOG_DIR/pg.log" |
            awk '/^[0-9-]+ [0-9:.]+ [A-Z]+ \[[0-9]+\] / { keep = / (LOG:  (statement|execute)|DETAIL:  parameters)/ }
                 keep { print }'
    fi
    flock -u 8
}
