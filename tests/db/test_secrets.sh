#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test_secrets.sh: passwords are never printed (issue point 5): not by a
# run, an error, --db-debug, --mysql-debug or --verbosity=5, whether they
# come from the command line, a config file or the standard environment
# variables MYSQL_PWD / PGPASSWORD, which are honoured. Needs the
# environment of `tests/db/servers.sh env`. Private database:
# bench_secrets.
set -u
. "$(dirname "$0")/lib.sh"
DB=bench_secrets
PW=sbtest-pw        # the servers' password for sbtest
WRONG=Wr0ng-S3cret  # a password no server accepts
LOUD="--db-debug=on --verbosity=5"

# no_secret LABEL: neither password appears anywhere in the last output.
no_secret() {
    lacks "$PW" "$1: the password is not printed"
    lacks "$WRONG" "$1: the wrong password is not printed"
}

# without_password OPTS: the option string with its --*-password removed.
without_password() {
    printf '%s\n' "$1" | sed 's/--[a-z]*-password=[^ ]*//'
}

mysql_secrets() {
    local O N
    O=$(my_opts $DB)
    N=$(without_password "$O")
    run "$SQL_API" $O $LOUD --mysql-debug=on --scenario=select --events=5 run
    status_is 0 "mysql: loud run"
    has_re "DEBUG: mysql_real_connect\(.*\"\*\*\*\".*" "mysql: --mysql-debug masks the password"
    no_secret "mysql: --db-debug --mysql-debug --verbosity=5"
    run "$SQL_API" $N --mysql-password=$WRONG $LOUD --mysql-debug=on \
        --scenario=connect --events=1 run
    status_is 1 "mysql: wrong password, loud"
    no_secret "mysql: wrong password, loud"
    MYSQL_PWD=$PW run "$SQL_API" $N $LOUD --scenario=select --events=5 run
    status_is 0 "mysql: MYSQL_PWD is honoured"
    no_secret "mysql: MYSQL_PWD"
    MYSQL_PWD=$WRONG run "$SQL_API" $O --scenario=connect --events=1 run
    status_is 0 "mysql: --mysql-password wins over MYSQL_PWD"
    run "$SQL_API" $N --scenario=connect --events=1 run
    status_is 1 "mysql: no password at all is refused"
    has_re "FATAL: error 1045: Access denied for user 'sbtest'@'[^']*' \(using password: NO\)"
    printf 'mysql-password=%s\n' "$PW" >"$CONF"
    run --config-file="$CONF" "$SQL_API" $N $LOUD --scenario=select --events=5 run
    status_is 0 "mysql: password from a config file"
    no_secret "mysql: config file"
}

pgsql_secrets() {
    local O N
    O=$(pg_opts $DB)
    N=$(without_password "$O")
    run "$SQL_API" $O $LOUD --scenario=select --events=5 run
    status_is 0 "pgsql: loud run"
    no_secret "pgsql: --db-debug --verbosity=5"
    run "$SQL_API" $N --pgsql-password=$WRONG $LOUD --scenario=connect --events=1 run
    status_is 1 "pgsql: wrong password, loud"
    no_secret "pgsql: wrong password, loud"
    PGPASSWORD=$PW run "$SQL_API" $N $LOUD --scenario=select --events=5 run
    status_is 0 "pgsql: PGPASSWORD is honoured"
    no_secret "pgsql: PGPASSWORD"
    PGPASSWORD=$WRONG run "$SQL_API" $O --scenario=connect --events=1 run
    status_is 0 "pgsql: --pgsql-password wins over PGPASSWORD"
    printf 'pgsql-password=%s\n' "$PW" >"$CONF"
    run --config-file="$CONF" "$SQL_API" $N $LOUD --scenario=select --events=5 run
    status_is 0 "pgsql: password from a config file"
    no_secret "pgsql: config file"
}

need_servers
CONF=$(mktemp)
trap 'rm -f "$CONF"' EXIT
if [ -n "${BENCH_TEST_MYSQL:-}" ] || [ -n "${BENCH_TEST_PGSQL:-}" ]; then
    createdb $DB
fi
if [ -n "${BENCH_TEST_MYSQL:-}" ]; then mysql_secrets; else skip mysql "BENCH_TEST_MYSQL unset"; fi
if [ -n "${BENCH_TEST_PGSQL:-}" ]; then pgsql_secrets; else skip pgsql "BENCH_TEST_PGSQL unset"; fi
finish
