#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test_sql_api.sh: the sysbench.sql Lua API (SQL-1..SQL-8) on both live
# servers and both --db-ps-mode values, through tests/db/sql_api.lua, and
# the error protocol as a user sees it: exact FATAL/ALERT lines, exit
# status, ignore lists of both drivers, wrong password, refused connection,
# TLS (the sbtest_tls user requires it), and the null driver. Needs the
# environment of `tests/db/servers.sh env`; a driver without it is skipped.
# Private database: bench_sqlapi.
set -u
. "$(dirname "$0")/lib.sh"
DB=bench_sqlapi

# -- MariaDB -------------------------------------------------------------------

mysql_tests() {
    local O
    O=$(my_opts $DB)
    for mode in auto disable; do
        api_checks "mysql ps-mode=$mode" $O --db-ps-mode=$mode \
            --mysql-ignore-errors=1213,1020,1205,1062 --mysql-dup-ignored=on
    done
    api_checks "mysql default ignore list" $O
    counters "mysql ps-mode=auto" $O
    counters "mysql ps-mode=disable" $O --db-ps-mode=disable

    # An SQL error nobody ignores: the driver's FATAL line, the Lua error
    # with the script position, status 1.
    run "$SQL_API" $O --scenario=bad_query --events=1 run
    status_is 1 "mysql: unhandled SQL error"
    has_re "FATAL: mysql_drv_query\(\) returned error 1064 \(You have an error in your SQL syntax; .*\) for query 'SELEC 1'"
    has_re "FATAL: \`thread_run' function failed: .*sql_api\.lua:[0-9]+: SQL error, errno = 1064, state = '42000': You have an error .*"
    run "$SQL_API" $O --scenario=bad_prepare --events=1 run
    status_is 1 "mysql: prepare of a missing table"
    has "FATAL: mysql_stmt_prepare() failed"
    has "FATAL: MySQL error: 1146 \"Table '$DB.api_nosuch' doesn't exist\""

    # --mysql-ignore-errors: listed codes restart the event and are counted
    run "$SQL_API" $O --scenario=dup_key --events=10 run
    status_is 1 "mysql: duplicate key not in the default list"
    has "FATAL: mysql_drv_query() returned error 1062 (Duplicate entry '1' for key 'PRIMARY') for query 'INSERT INTO api_dupev VALUES (1)'"
    for list in 1062 all 1213,1062; do
        run "$SQL_API" $O --scenario=dup_key --events=10 --mysql-ignore-errors=$list run
        status_is 0 "mysql: --mysql-ignore-errors=$list"
        has_re " +ignored errors: +[1-9][0-9]* .*" "mysql: --mysql-ignore-errors=$list counts ignored errors"
        has_re " +total number of events: +10" "mysql: --mysql-ignore-errors=$list: all events done"
    done
    run "$SQL_API" $O --scenario=dup_key --events=10 --db-ignore-errors=23000 run
    status_is 0 "mysql: --db-ignore-errors=23000 (SQLSTATE)"

    # Wrong password, refused connection: both FATAL lines, status 1, fast
    run "$SQL_API" $O --mysql-password=wrong-pw-42 --scenario=connect --events=1 \
        --thread-init-timeout=5 run
    status_is 1 "mysql: wrong password"
    has "FATAL: unable to connect to MySQL server on host '127.0.0.1', port ${BENCH_DB_MY_PORT:-13306}, aborting..."
    has_re "FATAL: error 1045: Access denied for user 'sbtest'@'[^']*' \(using password: YES\)"
    has_re "FATAL: \`thread_init' function failed: .*sql_api\.lua:[0-9]+: connection creation failed"
    lacks "wrong-pw-42" "mysql: the wrong password is not printed"
    [ "$SECS" -le 5 ]
    ok $? "mysql: wrong password fails within --thread-init-timeout (${SECS}s)"
    run "$SQL_API" $O --mysql-port=1 --scenario=connect --events=1 run
    status_is 1 "mysql: refused connection"
    has "FATAL: unable to connect to MySQL server on host '127.0.0.1', port 1, aborting..."
    has_re "FATAL: error 2002: Can't connect to .*'127\.0\.0\.1' \([0-9]+\)"
    run "$SQL_API" $O --mysql-socket=/nonexistent/mysql.sock --scenario=connect --events=1 run
    status_is 1 "mysql: missing socket"
    has "FATAL: unable to connect to MySQL server on socket '/nonexistent/mysql.sock', aborting..."
    run "$SQL_API" $O --mysql-socket="$BENCH_TEST_MYSQL_SOCKET" --scenario=connect --events=1 run
    status_is 0 "mysql: connect through the socket"

    # TLS: sbtest_tls requires it; modes of --mysql-ssl
    # (sbtest_tls may use only the sbtest database)
    local T="$BENCH_TEST_MYSQL --mysql-user=sbtest_tls --scenario=connect --events=1"
    run "$SQL_API" $T run
    status_is 1 "mysql: TLS-only user without TLS"
    has_re "FATAL: error 1045: Access denied for user 'sbtest_tls'@.*"
    for mode in on REQUIRED required PREFERRED; do
        run "$SQL_API" $T --mysql-ssl=$mode --tls=on run
        status_is 0 "mysql: --mysql-ssl=$mode connects the TLS-only user"
        lacks "not ok" "mysql: --mysql-ssl=$mode: session uses TLS"
    done
    run "$SQL_API" $T --mysql-ssl=VERIFY_CA --mysql-ssl-ca="$BENCH_TEST_SSL_CA" --tls=on run
    status_is 0 "mysql: --mysql-ssl=VERIFY_CA with the test CA"
    run "$SQL_API" $T --mysql-ssl=VERIFY_IDENTITY --mysql-ssl-ca="$BENCH_TEST_SSL_CA" \
        --mysql-ssl-cert="$BENCH_TEST_SSL_CERT" --mysql-ssl-key="$BENCH_TEST_SSL_KEY" --tls=on run
    status_is 0 "mysql: --mysql-ssl=VERIFY_IDENTITY with CA and client certificate"
    run "$SQL_API" $T --mysql-ssl=VERIFY_CA --mysql-ssl-ca=/etc/ssl/certs/ca-certificates.crt run
    status_is 1 "mysql: VERIFY_CA against another CA fails"
    has "FATAL: unable to connect to MySQL server on host '127.0.0.1', port ${BENCH_DB_MY_PORT:-13306}, aborting..."
    run "$SQL_API" $O --mysql-ssl=DISABLED --scenario=connect --events=1 run
    status_is 0 "mysql: --mysql-ssl=DISABLED"
    run "$SQL_API" $O --mysql-ssl=bogus --scenario=connect --events=1 run
    status_is 1 "mysql: bad --mysql-ssl"
    has "FATAL: Invalid value for --mysql-ssl: 'bogus'"

    # compression
    run "$SQL_API" $O --mysql-compression=on --compressed=ON --scenario=connect --events=1 run
    status_is 0 "mysql: --mysql-compression=on"
    lacks "not ok" "mysql: --mysql-compression=on: the session is compressed"
    run "$SQL_API" $O --compressed=OFF --scenario=connect --events=1 run
    lacks "not ok" "mysql: not compressed by default"

    # targets rotate over hosts and ports (MY-3): with a dead port in the
    # list, the second connection fails on it
    local port=${BENCH_DB_MY_PORT:-13306}
    run "$SQL_API" $O --mysql-port=$port,$port --threads=2 --scenario=connect --events=2 run
    status_is 0 "mysql: --mysql-port list of a live port"
    run "$SQL_API" $O --mysql-port=$port,1 --threads=2 --scenario=connect --events=2 run
    status_is 1 "mysql: the second connection takes the next port"
    has "FATAL: unable to connect to MySQL server on host '127.0.0.1', port 1, aborting..."
    run "$SQL_API" $O --mysql-host=127.0.0.1,127.0.0.2 --mysql-port=$port \
        --threads=2 --scenario=connect --events=2 run
    status_is 1 "mysql: the second connection takes the next host"
    has "FATAL: unable to connect to MySQL server on host '127.0.0.2', port $port, aborting..."
    run "$SQL_API" $O --mysql-port=abc --scenario=connect --events=1 run
    status_is 1 "mysql: bad --mysql-port"
    has "FATAL: Invalid value for --mysql-port: 'abc'"
    run "$SQL_API" $O --mysql-host= --scenario=connect --events=1 run
    status_is 1 "mysql: empty --mysql-host"
    has "FATAL: No MySQL hosts specified, aborting"

    # --mysql-dry-run: no server contact, every call succeeds, all "other"
    run "$SQL_API" --mysql-host=127.0.0.1 --mysql-port=1 --mysql-dry-run=on \
        --scenario=bad_query --events=5 run
    status_is 0 "mysql: --mysql-dry-run needs no server"
    has_re " +other: +5" "mysql: --mysql-dry-run counts every query as other"
}

# -- PostgreSQL ----------------------------------------------------------------

pgsql_tests() {
    local O
    O=$(pg_opts $DB)
    for mode in auto disable; do
        api_checks "pgsql ps-mode=$mode" $O --db-ps-mode=$mode --tls=on
        counters "pgsql ps-mode=$mode" $O --db-ps-mode=$mode
    done

    run "$SQL_API" $O --scenario=bad_query --events=1 run
    status_is 1 "pgsql: unhandled SQL error"
    has 'FATAL: PQexec() failed: 7 syntax error at or near "SELEC"'
    has "FATAL: failed query was: SELEC 1"
    has_re "FATAL: \`thread_run' function failed: .*sql_api\.lua:[0-9]+: SQL error, errno = 0, state = '42601': syntax error at or near \"SELEC\""
    run "$SQL_API" $O --scenario=bad_prepare --events=1 run
    status_is 1 "pgsql: prepare of a missing table"
    has 'FATAL: PQprepare() failed: ERROR:  relation "api_nosuch" does not exist'
    has 'LINE 1: SELECT * FROM api_nosuch WHERE id = $1'

    # 23505 is in the default --pgsql-ignore-errors list
    run "$SQL_API" $O --scenario=dup_key --events=10 run
    status_is 0 "pgsql: duplicate key ignored by default"
    has_re " +ignored errors: +[1-9][0-9]* .*" "pgsql: ignored errors counted"
    has_re " +total number of events: +10" "pgsql: all events done"
    run "$SQL_API" $O --scenario=dup_key --events=10 --pgsql-ignore-errors=40P01 run
    status_is 1 "pgsql: duplicate key not in --pgsql-ignore-errors"
    has 'FATAL: PQexec() failed: 7 duplicate key value violates unique constraint "api_dupev_pkey"'
    has "FATAL: failed query was: INSERT INTO api_dupev VALUES (1)"
    for list in 23 all 40P01,23505; do
        run "$SQL_API" $O --scenario=dup_key --events=10 --pgsql-ignore-errors=$list run
        status_is 0 "pgsql: --pgsql-ignore-errors=$list"
    done

    run "$SQL_API" $O --pgsql-password=wrong-pw-42 --scenario=connect --events=1 \
        --thread-init-timeout=5 run
    status_is 1 "pgsql: wrong password"
    has_re "FATAL: Connection to database failed: .*password authentication failed for user \"sbtest\""
    has_re "FATAL: \`thread_init' function failed: .*sql_api\.lua:[0-9]+: connection creation failed"
    lacks "wrong-pw-42" "pgsql: the wrong password is not printed"
    [ "$SECS" -le 5 ]
    ok $? "pgsql: wrong password fails within --thread-init-timeout (${SECS}s)"
    run "$SQL_API" $O --pgsql-port=1 --scenario=connect --events=1 run
    status_is 1 "pgsql: refused connection"
    has_re "FATAL: Connection to database failed: .*(Connection refused|connection refused).*"

    local T="--db-driver=pgsql $BENCH_TEST_PGSQL --pgsql-user=sbtest_tls --scenario=connect --events=1"
    run "$SQL_API" $T --pgsql-sslmode=disable run
    status_is 1 "pgsql: TLS-only user with sslmode=disable"
    has_re "FATAL: Connection to database failed: .*sbtest_tls.*"
    for mode in require prefer; do
        run "$SQL_API" $T --pgsql-sslmode=$mode --tls=on run
        status_is 0 "pgsql: --pgsql-sslmode=$mode"
        lacks "not ok" "pgsql: --pgsql-sslmode=$mode: session uses TLS"
    done
    run "$SQL_API" $T --pgsql-sslmode=verify-full --pgsql-sslrootcert="$BENCH_TEST_SSL_CA" --tls=on run
    status_is 0 "pgsql: --pgsql-sslmode=verify-full with the test CA"
    run "$SQL_API" $T --pgsql-sslmode=verify-ca \
        --pgsql-sslrootcert=/etc/ssl/certs/ca-certificates.crt run
    status_is 1 "pgsql: verify-ca against another CA fails"
    local port=${BENCH_DB_PG_PORT:-15432}
    run "$SQL_API" $O --pgsql-port=$port,1 --threads=2 --scenario=connect --events=2 run
    status_is 1 "pgsql: the second connection takes the next port"
    has_re "FATAL: Connection to database failed: connection to server at \"127\.0\.0\.1\", port 1 failed: .*"
    run "$SQL_API" $O --pgsql-port=$port,$port --threads=2 --scenario=connect --events=2 run
    status_is 0 "pgsql: --pgsql-port list of a live port"
    run "$SQL_API" $O --pgsql-host=127.0.0.1,127.0.0.2 --pgsql-port=$port \
        --threads=2 --scenario=connect --events=2 run
    status_is 1 "pgsql: the second connection takes the next host"
    has_re "FATAL: Connection to database failed: connection to server at \"127\.0\.0\.2\", port $port failed: .*"
    run "$SQL_API" $O --pgsql-port=70000 --scenario=connect --events=1 run
    status_is 1 "pgsql: bad --pgsql-port"
    has "FATAL: Invalid value for --pgsql-port: '70000'"

    run "$SQL_API" $O --pgsql-sslmode=disable --scenario=connect --events=1 run
    status_is 0 "pgsql: sslmode=disable without TLS"
    lacks "not ok" "pgsql: sslmode=disable: session without TLS"
}

# -- The null driver -------------------------------------------------------------

null_tests() {
    api_checks "null driver" --db-driver=null --db-ignore-errors=1205
    run "$SQL_API" --db-driver=null --scenario=bad_query --events=5 run
    status_is 0 "null driver: queries succeed without a server"
    has_re " +other: +5" "null driver: counted as other"
    run --help
    lacks "null - " "null driver is not listed by --help"
}

if [ -n "${BENCH_TEST_MYSQL:-}" ] || [ -n "${BENCH_TEST_PGSQL:-}" ]; then
    createdb $DB
fi
if [ -n "${BENCH_TEST_MYSQL:-}" ]; then mysql_tests; else skip mysql "BENCH_TEST_MYSQL unset"; fi
if [ -n "${BENCH_TEST_PGSQL:-}" ]; then pgsql_tests; else skip pgsql "BENCH_TEST_PGSQL unset"; fi
null_tests
finish
