#!/bin/bash
# SPDX-License-Identifier: MIT
# servers.sh: private MariaDB and PostgreSQL servers on loopback for the live
# database tests (tests/db). Installs the Debian packages when missing, keeps
# all state under $BENCH_DB_DIR (default /tmp/bench-db), enables TLS with a
# throw-away CA, and never touches the system's own database clusters.
#
#   servers.sh start   install if needed, start both, wait until they answer
#   servers.sh start mysql|pgsql   the same for one of them (README)
#   servers.sh stop    stop both cleanly
#   servers.sh env     print the shell exports the tests read
#   servers.sh status  exit 0 when both answer
#
# MariaDB: 127.0.0.1:13306 and $BENCH_DB_DIR/mysql.sock
# PostgreSQL: 127.0.0.1:15432 (socket directory $BENCH_DB_DIR/pgsock)
# Ports can be moved with BENCH_DB_MY_PORT / BENCH_DB_PG_PORT (fault tests run
# a second, disposable pair of servers this way).
# Extra server settings, for a disposable pair sized for another job (e.g.
# perf/oltp_prepare.sh's load-sized servers), applied at every start and
# added after the defaults (so they win); unset, the test configuration is
# unchanged: BENCH_DB_MY_SETTINGS / BENCH_DB_PG_SETTINGS, space-separated
# name=value pairs, e.g. "innodb_buffer_pool_size=4G" / "max_wal_size=8GB".
# Users: sbtest / sbtest-pw (any transport), sbtest_tls / sbtest-pw (TLS only)
set -euo pipefail

DIR=${BENCH_DB_DIR:-/tmp/bench-db}
MY_PORT=${BENCH_DB_MY_PORT:-13306}
PG_PORT=${BENCH_DB_PG_PORT:-15432}
PASSWORD=sbtest-pw
WAIT_S=60
PG_BIN=
TLS=$DIR/tls
MY_DATA=$DIR/mysql
MY_SOCK=$DIR/mysql.sock
MY_CNF=$DIR/my.cnf
PG_DATA=$DIR/pgdata
PG_SOCK=$DIR/pgsock

die() {
    echo "servers.sh: $*" >&2
    exit 1
}

# -- Packages ----------------------------------------------------------------

have_packages() {
    [ -x /usr/sbin/mariadbd ] && [ -x /usr/bin/mariadb-install-db ] &&
        ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1
}

install_packages() {
    have_packages && return 0
    export DEBIAN_FRONTEND=noninteractive
    local pkgs="mariadb-server mariadb-client postgresql openssl"
    # Debian's maintainer scripts would start the system clusters; we only
    # want the binaries, so deny service starts while installing.
    local policy=/usr/sbin/policy-rc.d created=
    if [ ! -e $policy ]; then
        printf '#!/bin/sh\nexit 101\n' >$policy && chmod +x $policy && created=1
    fi
    # (another apt-get may hold dpkg's lock: wait for it, up to 10 minutes)
    local apt="apt-get -o DPkg::Lock::Timeout=600"
    if ! $apt install -y -q $pkgs >"$DIR/apt.log" 2>&1; then
        $apt update -q >>"$DIR/apt.log" 2>&1 || true
        $apt install -y -q $pkgs >>"$DIR/apt.log" 2>&1 ||
            { [ -n "$created" ] && rm -f $policy; die "apt-get install failed (see $DIR/apt.log)"; }
    fi
    [ -n "$created" ] && rm -f $policy
    have_packages || die "packages installed but server binaries not found"
}

pg_bin() {
    PG_BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
}

# -- TLS material --------------------------------------------------------------

make_tls() {
    [ -s "$TLS/client-key.pem" ] && return 0
    mkdir -p "$TLS"
    (
        cd "$TLS"
        local subj=/O=bench-test
        openssl req -x509 -newkey rsa:2048 -nodes -days 3650 \
            -keyout ca-key.pem -out ca.pem -subj "$subj/CN=bench test CA" 2>/dev/null
        printf 'subjectAltName=IP:127.0.0.1,DNS:localhost\n' >server.ext
        openssl req -newkey rsa:2048 -nodes -keyout server-key.pem \
            -out server.csr -subj "$subj/CN=localhost" 2>/dev/null
        openssl x509 -req -in server.csr -CA ca.pem -CAkey ca-key.pem \
            -CAcreateserial -days 3650 -extfile server.ext -out server-cert.pem 2>/dev/null
        openssl req -newkey rsa:2048 -nodes -keyout client-key.pem \
            -out client.csr -subj "$subj/CN=sbtest" 2>/dev/null
        openssl x509 -req -in client.csr -CA ca.pem -CAkey ca-key.pem \
            -CAcreateserial -days 3650 -out client-cert.pem 2>/dev/null
        rm -f ./*.csr server.ext
        chmod 644 ./*.pem
        chmod 600 ca-key.pem server-key.pem
    ) || die "openssl failed"
}

# -- MariaDB -------------------------------------------------------------------

my_cli() {
    mariadb --no-defaults -uroot --socket="$MY_SOCK" "$@"
}

my_alive() {
    mariadb-admin --no-defaults -uroot --socket="$MY_SOCK" ping >/dev/null 2>&1
}

my_config() {
    cat >"$MY_CNF" <<EOF
[mariadbd]
user=root
datadir=$MY_DATA
socket=$MY_SOCK
port=$MY_PORT
bind-address=127.0.0.1
pid-file=$DIR/mysql.pid
log-error=$DIR/mysql.err
skip-name-resolve
innodb_buffer_pool_size=64M
innodb_log_file_size=16M
innodb_flush_log_at_trx_commit=2
# 1024 client threads (tests/db/oltp_threads.sh) plus everyone else;
# max_prepared_stmt_count stays at its default, which that test is about.
max_connections=1500
ssl-ca=$TLS/ca.pem
ssl-cert=$TLS/server-cert.pem
ssl-key=$TLS/server-key.pem
EOF
    local kv
    for kv in ${BENCH_DB_MY_SETTINGS:-}; do
        echo "$kv" >>"$MY_CNF"
    done
}

# port_free NAME PORT VARIABLE: dies at once, naming the port, when another
# process listens on 127.0.0.1:PORT (a server of ours already running
# answers its alive check first and never gets here).
port_free() {
    if (exec 3<>"/dev/tcp/127.0.0.1/$2") 2>/dev/null; then
        die "$1: port $2 on 127.0.0.1 is taken by another process: choose another with $3=PORT"
    fi
}

my_start() {
    if my_alive; then
        return 0
    fi
    port_free MariaDB "$MY_PORT" BENCH_DB_MY_PORT
    my_config
    if [ ! -d "$MY_DATA/mysql" ]; then
        rm -rf "$MY_DATA"
        mariadb-install-db --defaults-file="$MY_CNF" --auth-root-authentication-method=socket \
            --skip-test-db >"$DIR/mysql-install.log" 2>&1 ||
            die "mariadb-install-db failed (see $DIR/mysql-install.log)"
    fi
    nohup /usr/sbin/mariadbd --defaults-file="$MY_CNF" >>"$DIR/mysql.err" 2>&1 </dev/null &
    local i
    for ((i = 0; i < WAIT_S * 10; i++)); do
        my_alive && break
        sleep 0.1
    done
    my_alive || die "MariaDB did not answer within ${WAIT_S}s (see $DIR/mysql.err)"
    my_cli <<EOF || die "MariaDB user setup failed"
CREATE DATABASE IF NOT EXISTS sbtest;
CREATE USER IF NOT EXISTS 'sbtest'@'%' IDENTIFIED BY '$PASSWORD';
CREATE USER IF NOT EXISTS 'sbtest'@'localhost' IDENTIFIED BY '$PASSWORD';
CREATE USER IF NOT EXISTS 'sbtest_tls'@'%' IDENTIFIED BY '$PASSWORD' REQUIRE SSL;
GRANT ALL ON *.* TO 'sbtest'@'%' WITH GRANT OPTION;
GRANT ALL ON *.* TO 'sbtest'@'localhost' WITH GRANT OPTION;
GRANT ALL ON sbtest.* TO 'sbtest_tls'@'%';
FLUSH PRIVILEGES;
EOF
}

my_stop() {
    [ -f "$DIR/mysql.pid" ] || return 0
    local pid
    pid=$(cat "$DIR/mysql.pid" 2>/dev/null || true)
    if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid"
        local i
        for ((i = 0; i < WAIT_S * 10; i++)); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -0 "$pid" 2>/dev/null && die "MariaDB (pid $pid) did not stop"
    fi
    rm -f "$DIR/mysql.pid"
}

# -- PostgreSQL ----------------------------------------------------------------

as_pg() {
    runuser -u postgres -- "$@"
}

pg_alive() {
    "$PG_BIN/pg_isready" -q -h "$PG_SOCK" -p $PG_PORT >/dev/null 2>&1
}

pg_init() {
    [ -f "$PG_DATA/PG_VERSION" ] && return 0
    rm -rf "$PG_DATA"
    install -d -o postgres -g postgres -m 700 "$PG_DATA"
    as_pg "$PG_BIN/initdb" -D "$PG_DATA" -U postgres -A trust -E UTF8 \
        >"$DIR/pg-init.log" 2>&1 || die "initdb failed (see $DIR/pg-init.log)"
    install -o postgres -g postgres -m 644 "$TLS/server-cert.pem" "$PG_DATA/server.crt"
    install -o postgres -g postgres -m 600 "$TLS/server-key.pem" "$PG_DATA/server.key"
    install -o postgres -g postgres -m 644 "$TLS/ca.pem" "$PG_DATA/root.crt"
    cat >>"$PG_DATA/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $PG_PORT
unix_socket_directories = '$PG_SOCK'
max_connections = 300
shared_buffers = 64MB
fsync = off
ssl = on
ssl_cert_file = 'server.crt'
ssl_key_file = 'server.key'
ssl_ca_file = 'root.crt'
EOF
    cat >"$PG_DATA/pg_hba.conf" <<EOF
local     all  all                       trust
hostnossl all  sbtest_tls 127.0.0.1/32   reject
host      all  all        127.0.0.1/32   scram-sha-256
EOF
}

pg_start() {
    pg_bin
    if pg_alive; then
        return 0
    fi
    port_free PostgreSQL "$PG_PORT" BENCH_DB_PG_PORT
    install -d -o postgres -g postgres -m 755 "$PG_SOCK"
    pg_init
    rm -f "$PG_DATA/postmaster.pid"
    [ -e "$DIR/pg.log" ] || install -o postgres -g postgres -m 644 /dev/null "$DIR/pg.log"
    # -p: the port asked for now wins over the one an earlier start wrote
    # into postgresql.conf when it made this data directory; -c: the extras.
    local opts="-p $PG_PORT" kv
    for kv in ${BENCH_DB_PG_SETTINGS:-}; do
        opts="$opts -c $kv"
    done
    as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$DIR/pg.log" -w -t $WAIT_S \
        -o "$opts" start \
        >/dev/null 2>&1 || die "PostgreSQL did not start (see $DIR/pg.log)"
    pg_alive || die "PostgreSQL does not answer (see $DIR/pg.log)"
    as_pg "$PG_BIN/psql" -q -h "$PG_SOCK" -p $PG_PORT -U postgres -d postgres \
        -v ON_ERROR_STOP=1 >/dev/null <<EOF || die "PostgreSQL user setup failed"
SELECT 'CREATE ROLE sbtest LOGIN' WHERE NOT EXISTS
    (SELECT 1 FROM pg_roles WHERE rolname = 'sbtest') \gexec
SELECT 'CREATE ROLE sbtest_tls LOGIN' WHERE NOT EXISTS
    (SELECT 1 FROM pg_roles WHERE rolname = 'sbtest_tls') \gexec
-- CREATEDB: test files that run side by side each use a database of their own.
ALTER ROLE sbtest PASSWORD '$PASSWORD' CREATEDB;
ALTER ROLE sbtest_tls PASSWORD '$PASSWORD';
SELECT 'CREATE DATABASE sbtest OWNER sbtest' WHERE NOT EXISTS
    (SELECT 1 FROM pg_database WHERE datname = 'sbtest') \gexec
GRANT ALL ON DATABASE sbtest TO sbtest, sbtest_tls;
\c sbtest
GRANT ALL ON SCHEMA public TO sbtest, sbtest_tls;
EOF
}

pg_stop() {
    pg_bin
    [ -f "$PG_DATA/postmaster.pid" ] || return 0
    as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w -t $WAIT_S stop >/dev/null 2>&1 ||
        die "PostgreSQL did not stop (see $DIR/pg.log)"
}

# -- Commands ------------------------------------------------------------------

print_env() {
    local my="--mysql-host=127.0.0.1 --mysql-port=$MY_PORT --mysql-user=sbtest --mysql-password=$PASSWORD --mysql-db=sbtest"
    local pg="--pgsql-host=127.0.0.1 --pgsql-port=$PG_PORT --pgsql-user=sbtest --pgsql-password=$PASSWORD --pgsql-db=sbtest"
    cat <<EOF
export BENCH_DB_DIR="$DIR"
export BENCH_DB_MY_PORT="$MY_PORT"
export BENCH_DB_PG_PORT="$PG_PORT"
export BENCH_TEST_MYSQL="$my"
export BENCH_TEST_PGSQL="$pg"
export BENCH_TEST_MYSQL_SOCKET="$MY_SOCK"
export BENCH_TEST_SSL_CA="$TLS/ca.pem"
export BENCH_TEST_SSL_CERT="$TLS/client-cert.pem"
export BENCH_TEST_SSL_KEY="$TLS/client-key.pem"
export SBTEST_MYSQL_ARGS="$my"
export SBTEST_PGSQL_ARGS="$pg"
EOF
}

main() {
    case "${1:-}" in
    start)
        [ "$(id -u)" = 0 ] || die "start must run as root (apt-get, runuser)"
        mkdir -p "$DIR"
        chmod 755 "$DIR"
        install_packages
        pg_bin
        make_tls
        case "${2:-}" in
        mysql)
            my_start
            echo "servers.sh: MariaDB on 127.0.0.1:$MY_PORT ($DIR)"
            ;;
        pgsql)
            pg_start
            echo "servers.sh: PostgreSQL on 127.0.0.1:$PG_PORT ($DIR)"
            ;;
        "")
            my_start
            pg_start
            echo "servers.sh: MariaDB on 127.0.0.1:$MY_PORT, PostgreSQL on 127.0.0.1:$PG_PORT ($DIR)"
            ;;
        *) die "start: unknown server '$2' (mysql or pgsql)" ;;
        esac
        ;;
    stop)
        have_packages || exit 0
        my_stop
        pg_stop
        ;;
    env)
        print_env
        ;;
    status)
        pg_bin
        my_alive && pg_alive
        ;;
    *)
        echo "usage: servers.sh start [mysql|pgsql]|stop|env|status" >&2
        exit 2
        ;;
    esac
}

main "$@"
