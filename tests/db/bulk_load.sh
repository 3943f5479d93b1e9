#!/bin/bash
# SPDX-License-Identifier: MIT
# bulk_load.sh (make check-db): prepare's bulk loading (docs/bulk-load.md)
# on each live server and on SQLite, in a database of its own (bench_bulk):
#  - the tables after --bulk_load=auto and copy, with one thread per table
#    and with four (slices), equal row for row (an ordered dump's md5, and
#    CHECKSUM TABLE on MariaDB) those of --bulk_load=insert, sysbench's
#    INSERTs, with the same --rand-seed; with --auto_inc=off and with
#    --use_file lines that need escaping too; PostgreSQL's id sequence is
#    moved past the ids; MariaDB really ran LOAD DATA (Com_load);
#  - the same schema too (SHOW CREATE TABLE, PostgreSQL's catalog, SQLite's
#    sqlite_master): PostgreSQL's primary key, added after the rows on the
#    bulk path, and the k_1 index exist, also with --create_secondary=off;
#    PostgreSQL's tables loaded by one worker each come frozen (COPY FREEZE);
#  - the fallback to INSERTs, with one notice, when local_infile is off
#    (on a disposable MariaDB of its own, when run as root), and copy's
#    refusal there;
#  - a prepare interrupted by SIGINT names its incomplete tables, exits
#    130, and cleanup drops them; the disposable MariaDB killed during a
#    prepare and a full disk (SQLite on a 1 MiB tmpfs, as root) name the
#    table too;
#  - the progress line: on a terminal (a pty) only, a line per group of
#    tables loaded together, its summary kept, figures that agree.
# TAP output. $BENCH: the bench under test (default ./bench).
. "$(dirname "$0")/lib.sh"
DB=bench_bulk
SQL_LUA=$TESTS_DB_DIR/sql.lua
SERVERS=$TESTS_DB_DIR/servers.sh
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-bulk.XXXXXX")
export BENCH_COMPAT= # the 1.0 profile
SIZE=2000
DISPOSABLE=
stop_disposable() {
    [ -n "$DISPOSABLE" ] || return 0
    BENCH_DB_DIR=$DISPOSABLE "$SERVERS" stop >/dev/null 2>&1
    rm -rf "$DISPOSABLE"
}
trap 'stop_disposable; umount "$work/full" 2>/dev/null; rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# sql OPTS STATEMENTS: result rows, tab-separated.
sql() {
    # shellcheck disable=SC2086
    BENCH_SQL=$2 "$BENCH" $1 "$SQL_LUA" sql | tail -n +3
}

# digest OPTS: md5 of both tables' rows in id order (CHAR padding gone).
digest() {
    sql "$1" "SELECT id, k, c, pad FROM sbtest1 ORDER BY id
SELECT id, k, c, pad FROM sbtest2 ORDER BY id" |
        sed -E 's/ +(\t|$)/\1/g' | md5sum | cut -d' ' -f1
}

# schema OPTS: both tables' definitions: columns, keys, indexes.
schema() {
    case "$1" in
    *mysql*) sql "$1" "SHOW CREATE TABLE sbtest1
SHOW CREATE TABLE sbtest2" ;;
    *pgsql*) sql "$1" "SELECT table_name, column_name, data_type, character_maximum_length, is_nullable, column_default FROM information_schema.columns WHERE table_name IN ('sbtest1', 'sbtest2') ORDER BY 1, ordinal_position
SELECT tablename, indexname, indexdef FROM pg_indexes WHERE tablename IN ('sbtest1', 'sbtest2') ORDER BY 1, 2
SELECT conrelid::regclass, conname, pg_get_constraintdef(oid) FROM pg_constraint WHERE conrelid IN ('sbtest1'::regclass, 'sbtest2'::regclass) ORDER BY conrelid::regclass::text, 2" ;;
    *) sql "$1" "SELECT name, sql FROM sqlite_master WHERE tbl_name IN ('sbtest1', 'sbtest2') ORDER BY name" ;;
    esac
}

# prepared NAME OPTS ARGS...: cleanup, prepare with ARGS, check it passed;
# GOT is the digest of the tables, SCHEMA their definitions.
prepared() {
    local name=$1 o=$2
    shift 2
    run oltp_read_write $o --tables=2 cleanup
    run oltp_read_write $o --tables=2 --table_size=$SIZE --rand-seed=5 "$@" prepare
    status_is 0 "$name: prepare $*"
    GOT=$(digest "$o")
    SCHEMA=$(schema "$o")
}

# same_rows NAME OPTS REF ARGS...: prepare with ARGS gives the rows of REF,
# and the schema of the prepare that gave REF (REF_SCHEMA, or SCHEMA then).
same_rows() {
    local name=$1 o=$2 ref=$3 ref_schema=${REF_SCHEMA:-$SCHEMA}
    shift 3
    prepared "$name" "$o" "$@"
    [ "$GOT" = "$ref" ]
    ok $? "$name: $* loads the rows --bulk_load=insert loads" "$GOT != $ref"
    [ "$SCHEMA" = "$ref_schema" ]
    ok $? "$name: $* makes the tables --bulk_load=insert makes" \
        "$(diff <(printf '%s\n' "$ref_schema") <(printf '%s\n' "$SCHEMA"))"
}

# has_keys NAME OPTS [WANT]: sbtest1 and sbtest2 have their primary key on
# id, and k_N on k unless WANT is "no k".
has_keys() {
    local name=$1 o=$2 want=${3:-k} got t
    for t in 1 2; do
        case "$o" in
        *mysql*) got=$(sql "$o" "SHOW INDEX FROM sbtest$t" | cut -f3,5 | tr '\t\n' ': ') ;;
        *) got=$(sql "$o" "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'sbtest$t' ORDER BY 1" |
            sed -E 's/^([^\t]*)\t.*\((\w+)\)$/\1:\2/' | tr '\n' ' ') ;;
        esac
        case "$want:$got" in
        "k:PRIMARY:id k_$t:k " | "k:k_$t:k sbtest${t}_pkey:id ") ;;
        "no k:PRIMARY:id " | "no k:sbtest${t}_pkey:id ") ;;
        *) ok 1 "$name: sbtest$t's keys" "got: $got"; return ;;
        esac
    done
    if [ "$want" = k ]; then
        ok 0 "$name: primary keys on id, k_1 and k_2 on k"
    else
        ok 0 "$name: primary keys on id, no k_1 or k_2"
    fi
}

check_driver() { # check_driver NAME OPTS
    local d=$1 o=$2 ref refx loads0 loads1 frozen

    prepared "$d" "$o" --bulk_load=insert --threads=2
    ref=$GOT
    REF_SCHEMA=$SCHEMA
    [ "$(sql "$o" "SELECT COUNT(*) FROM sbtest2")" = $SIZE ]
    ok $? "$d: $SIZE rows in sbtest2"
    [ "$d" = mysql ] && loads0=$(sql "$o" "SHOW GLOBAL STATUS LIKE 'Com_load'" | cut -f2)
    same_rows "$d" "$o" "$ref" --threads=2
    [ "$d" != sqlite ] && has_keys "$d: --threads=2" "$o"
    if [ "$d" = pgsql ]; then
        # One worker per table: COPY ... FREEZE leaves every page
        # all-visible (--bulk_load=insert's pages are not, until VACUUM).
        frozen=$(sql "$o" "SELECT relname, relpages > 0 AND relallvisible = relpages FROM pg_class WHERE relname IN ('sbtest1', 'sbtest2') ORDER BY 1")
        [ "$frozen" = "$(printf 'sbtest1\tt\nsbtest2\tt')" ]
        ok $? "$d: --threads=2: the rows were loaded frozen" "$frozen"
    fi
    if [ "$d" = mysql ]; then
        loads1=$(sql "$o" "SHOW GLOBAL STATUS LIKE 'Com_load'" | cut -f2)
        [ $((loads1 - loads0)) -ge 4 ]
        ok $? "$d: the rows came by LOAD DATA (Com_load $loads0 -> $loads1)"
        refx=$(sql "$o" "CHECKSUM TABLE sbtest1, sbtest2")
    fi
    same_rows "$d" "$o" "$ref" --threads=8
    [ "$d" != sqlite ] && has_keys "$d: --threads=8" "$o"
    if [ "$d" = mysql ]; then
        [ "$(sql "$o" "CHECKSUM TABLE sbtest1, sbtest2")" = "$refx" ]
        ok $? "$d: CHECKSUM TABLE after 4 threads per table as after 1"
    fi
    if [ "$d" = pgsql ]; then
        [ "$(sql "$o" "SELECT last_value FROM sbtest1_id_seq")" = $SIZE ]
        ok $? "$d: slices move the id sequence past their ids"
    fi
    same_rows "$d" "$o" "$ref" --bulk_load=copy --threads=2
    same_rows "$d" "$o" "$ref" --bulk_load=copy --threads=8
    if [ "$d" = pgsql ]; then
        # COPY data sent by pgsql_copy.c on a plain socket; the runs above
        # go through libpq (TLS when the server offers it): the same rows.
        same_rows "$d" "$o" "$ref" --pgsql-sslmode=disable --threads=2
        same_rows "$d" "$o" "$ref" --pgsql-sslmode=disable --threads=8
    fi
    same_rows "$d" "$o" "$ref" --bulk_load=insert --threads=8
    REF_SCHEMA=
    prepared "$d" "$o" --bulk_load=insert --threads=2 --create_secondary=off
    same_rows "$d" "$o" "$GOT" --threads=2 --create_secondary=off
    [ "$d" != sqlite ] && has_keys "$d: --create_secondary=off" "$o" "no k"
    same_rows "$d" "$o" "$GOT" --threads=8 --create_secondary=off
    prepared "$d" "$o" --bulk_load=insert --threads=2 --auto_inc=off
    same_rows "$d" "$o" "$GOT" --threads=8 --auto_inc=off
    printf '%s\n' "tab	in it" "back\\slash and 'quote'" "new \\N" >"$work/lines-$d"
    prepared "$d" "$o" --bulk_load=insert --threads=2 --use_file=on --filename="$work/lines-$d"
    same_rows "$d" "$o" "$GOT" --threads=8 --use_file=on --filename="$work/lines-$d"
    [ "$(sql "$o" "SELECT c FROM sbtest1 WHERE id = 1" | sed 's/ *$//')" = "tab	in it" ]
    ok $? "$d: --use_file: a tab loads as a tab"
    run oltp_read_write $o --tables=2 cleanup

    # SIGINT while loading: the tables named, 130, and cleanup drops them.
    python3 - "$BENCH" oltp_read_write $o --tables=2 --table_size=2000000 \
        --threads=4 prepare >"$work/int-$d.out" <<'PY'
import signal, subprocess, sys, time
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE,
                     stderr=subprocess.STDOUT,
                     preexec_fn=lambda: signal.signal(signal.SIGINT,
                                                      signal.SIG_DFL))
time.sleep(2.5)
p.send_signal(signal.SIGINT)
sys.stdout.write(p.communicate()[0].decode())
print("status", p.returncode)
PY
    OUT=$(cat "$work/int-$d.out")
    has "status 130" "$d: an interrupted prepare exits 130"
    has "FATAL: table 'sbtest1' left incomplete: run 'cleanup', then prepare again" \
        "$d: an interrupted prepare names sbtest1"
    has "FATAL: table 'sbtest2' left incomplete: run 'cleanup', then prepare again" \
        "$d: an interrupted prepare names sbtest2"
    run oltp_read_write $o --tables=2 cleanup
    status_is 0 "$d: cleanup after an interrupted prepare"
    run oltp_read_write $o --tables=2 --table_size=10 prepare
    status_is 0 "$d: prepare again after cleanup"
    run oltp_read_write $o --tables=2 cleanup
}

# -- The fallback: a disposable MariaDB with local_infile off ----------------

check_fallback() {
    local o ref port
    if [ "$(id -u)" != 0 ]; then
        skip "mysql: fallback with local_infile=OFF" "starts its own server: needs root"
        return
    fi
    DISPOSABLE=$(mktemp -d /tmp/bench-db-bulk.XXXXXX)
    port=$(free_port)
    if ! BENCH_DB_DIR=$DISPOSABLE BENCH_DB_MY_PORT=$port \
        "$SERVERS" start mysql >"$DISPOSABLE/start.log" 2>&1; then
        ok 1 "mysql: start a disposable server" "$(cat "$DISPOSABLE/start.log")"
        return
    fi
    o="--db-driver=mysql $(BENCH_DB_DIR=$DISPOSABLE BENCH_DB_MY_PORT=$port "$SERVERS" env |
        sed -nE 's/^export BENCH_TEST_MYSQL="?([^"]*)"?$/\1/p')"
    sql "$o" "SET GLOBAL local_infile = 0" >/dev/null
    [ "$(sql "$o" "SELECT @@global.local_infile")" = 0 ]
    ok $? "mysql: local_infile is off on the disposable server"
    prepared "mysql (local_infile=OFF)" "$o" --bulk_load=insert --threads=2
    ref=$GOT
    same_rows "mysql (local_infile=OFF)" "$o" "$ref" --threads=8
    [ "$(printf '%s\n' "$OUT" | grep -c 'bulk load refused')" = 1 ]
    ok $? "mysql (local_infile=OFF): one notice for 8 workers" "$OUT"
    has_re "mysql: bulk load refused \(error (1148|4166): .*\): loading with multi-row INSERTs instead" \
        "mysql (local_infile=OFF): the notice names the server's refusal"
    run oltp_read_write $o --tables=2 cleanup
    run oltp_read_write $o --tables=2 --table_size=10 --bulk_load=copy prepare
    status_is 1 "mysql (local_infile=OFF): --bulk_load=copy fails"
    has_re "FATAL: db: bulk load into sbtest[12]: refused: error .*" \
        "mysql (local_infile=OFF): copy says why"
    # The server gone while the rows load: the table named, status 1.
    sql "$o" "SET GLOBAL local_infile = 1" >/dev/null
    run oltp_read_write $o --tables=2 cleanup
    (sleep 3 && kill -KILL "$(cat "$DISPOSABLE/mysql.pid")") &
    run oltp_read_write $o --tables=2 --table_size=3000000 --threads=4 prepare
    wait
    status_is 1 "mysql: the server killed during a bulk prepare: status 1"
    has_re "FATAL: table 'sbtest[12]' left incomplete \(rows\): run 'cleanup', then prepare again" \
        "mysql: the server killed during a bulk prepare: the table named"
    stop_disposable
    DISPOSABLE=
}

# -- SQLite: no server needed --------------------------------------------------

check_sqlite() {
    local o="--db-driver=sqlite --sqlite-db=$work/bulk.sqlite"
    check_driver sqlite "$o"
    mkdir "$work/full"
    if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=1m tmpfs "$work/full" 2>/dev/null; then
        run oltp_read_write --db-driver=sqlite --sqlite-db="$work/full/db.sqlite" \
            --table_size=100000 prepare
        if mountpoint -q "$work/full"; then
            status_is 1 "sqlite: prepare on a full disk fails"
            has "FATAL: table 'sbtest1' left incomplete (rows): run 'cleanup', then prepare again" \
                "sqlite: a full disk names the incomplete table"
            umount "$work/full"
        else
            # Seen once in CI: the 1 MiB tmpfs mounted, then gone before
            # the prepare wrote (bench mounts and unmounts nothing), and
            # the prepare filled the disk underneath. Not bench's to judge.
            skip "sqlite: full disk" "the tmpfs on $work/full was unmounted by something else during the test"
        fi
    else
        skip "sqlite: full disk" "needs root to mount a 1 MiB tmpfs"
    fi
    # The progress line: on a terminal, not in a pipe.
    run oltp_read_write $o --tables=2 --table_size=200000 --threads=4 prepare
    ! printf '%s\n' "$OUT" | grep -q "rows/s\|elapsed"
    ok $? "sqlite: no progress line in a pipe" "$OUT"
    run oltp_read_write $o --tables=2 cleanup
    progress_check "sqlite: 4 tables, 2 threads" "sbtest1-2 sbtest3-4" 200000 \
        $o --tables=4 --table_size=100000 --threads=2
    run oltp_read_write $o --tables=4 cleanup
    progress_check "sqlite: 1 table, 2 threads" "sbtest1 (2 slices)" 200000 \
        $o --tables=1 --table_size=200000 --threads=2
    run oltp_read_write $o --tables=1 cleanup
    if command -v script >/dev/null 2>&1; then
        OUT=$(script -qec "$BENCH $o --tables=2 --table_size=100000 --threads=2 --progress=off oltp_read_write prepare" /dev/null | tr '\r' '\n')
        printf '%s\n' "$OUT" | grep -q "^Creating a secondary index on 'sbtest2'" &&
            ! printf '%s\n' "$OUT" | grep -q "rows/s\|/200000 rows"
        ok $? "sqlite: --progress=off: no progress line on a terminal" "$OUT"
        run oltp_read_write $o --tables=2 cleanup
    else
        skip "sqlite: --progress=off on a terminal" "no script(1)"
    fi
}

# progress_check NAME LABELS ROWS OPTS...: a prepare with OPTS on a terminal
# (a pty of 200 columns) draws one line per group of tables, in the order
# of LABELS (space-separated; "sbtest1 (2 slices)" is one), each group
# ROWS rows: its live lines ("sbtest1-2: 1000/200000 rows, 81234 rows/s,
# 15.2 MB/s, 3s left") never past its total, growing, shown only while it
# is the group loading, and its summary ("sbtest1-2: 200000 rows in 1.2s,
# 160325 rows/s, 30.8 MB/s") stays, with figures that agree: rows/s x
# seconds = rows, and 150 to 260 bytes per row (a row of the load text).
progress_check() {
    local name=$1 labels=$2 rows=$3
    shift 3
    OUT=$(python3 - "$labels" "$rows" "$BENCH" oltp_read_write "$@" prepare <<'PY' 2>&1
import os, pty, re, struct, fcntl, termios, subprocess, sys, time
labels = re.findall(r"sbtest[0-9-]+(?: \(\d+ slices\))?", sys.argv[1])
rows = int(sys.argv[2])
master, slave = pty.openpty()
fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
t0 = time.time()
p = subprocess.Popen(sys.argv[3:], stdin=slave, stdout=slave, stderr=slave)
os.close(slave)
raw = b""
while True:
    try:
        data = os.read(master, 65536)
    except OSError:
        break
    if not data:
        break
    raw += data
wall = time.time() - t0
status = p.wait()
text = raw.decode(errors="replace").replace("\x1b[K", "")
bad = []
if status != 0:
    bad.append("exit status %d" % status)
live_re = re.compile(r"^(.+?): (\d+)/(\d+) rows(?:, (\d+) rows/s, "
                     r"([\d.]+) MB/s(?:, \S+ left)?)?$")
sum_re = re.compile(r"^(.+?): (\d+) rows in ([\d.]+)s, (\d+) rows/s, "
                    r"([\d.]+) MB/s$")
summaries, last, rated, longest = [], {}, 0, 0.0
for seg in re.split(r"[\r\n]+", text):
    m = sum_re.match(seg)
    if m:
        lab, n, s, r, mb = m.group(1), int(m.group(2)), float(m.group(3)), \
            int(m.group(4)), float(m.group(5))
        summaries.append(lab)
        longest = max(longest, s)
        if n != rows:
            bad.append("%s: summary of %d rows, not %d" % (lab, n, rows))
        if abs(r * s - n) > 0.1 * n + r * 0.05:
            bad.append("%s: %d rows/s x %.1fs is not %d rows" % (lab, r, s, n))
        if not 150 <= mb * 1e6 / max(r, 1) <= 260:
            bad.append("%s: %.1f MB/s at %d rows/s" % (lab, mb, r))
        if s > wall:
            bad.append("%s: %.1fs, longer than the whole prepare" % (lab, s))
        continue
    m = live_re.match(seg)
    if not m:
        continue
    lab, done, total = m.group(1), int(m.group(2)), int(m.group(3))
    if lab not in labels:
        bad.append("a line of an unknown group: " + seg)
        continue
    if labels.index(lab) != len(summaries):
        bad.append("%s drawn while group %d loads: %s"
                   % (lab, len(summaries) + 1, seg))
    if total != rows or done > total or done < last.get(lab, 0):
        bad.append("%s: %d/%d after %d" % (lab, done, total, last.get(lab, 0)))
    last[lab] = done
    if m.group(4):
        rated += 1
        r, mb = int(m.group(4)), float(m.group(5))
        if r <= 0 or not 150 <= mb * 1e6 / r <= 260:
            bad.append("%s: %.1f MB/s at %d rows/s" % (lab, mb, r))
if summaries != labels:
    bad.append("summaries %s, not %s" % (summaries, labels))
# Rates appear from the first redraw a quarter second into a group; a
# group that loads in less than about two redraws may end before one.
if rated == 0 and longest >= 0.6:
    bad.append("no line with rows/s and MB/s (a group took %.1fs)" % longest)
print("\n".join(bad) if bad else "ok: %d summaries, %d lines with rates"
      % (len(summaries), rated))
print("--- output:\n" + text)
sys.exit(1 if bad else 0)
PY
)
    ok $? "$name: a progress line per group on a terminal ($labels)" "$OUT"
}

# MariaDB, PostgreSQL and SQLite side by side (in_parallel): each its own
# server, database and files in $work.
mysql_part() {
    run "$SQL_API" $BENCH_TEST_MYSQL --newdb=$DB createdb
    status_is 0 "mysql: create database $DB"
    check_driver mysql "--db-driver=mysql $(my_opts $DB)"
    check_fallback
}
pgsql_part() {
    run "$SQL_API" --db-driver=pgsql $BENCH_TEST_PGSQL --newdb=$DB createdb
    status_is 0 "pgsql: create database $DB"
    check_driver pgsql "$(pg_opts $DB)"
}
parts=()
if [ -n "${BENCH_TEST_MYSQL:-}" ]; then
    parts+=(mysql_part)
else
    echo "# SKIP mysql: BENCH_TEST_MYSQL is not set (tests/db/servers.sh env)"
fi
if [ -n "${BENCH_TEST_PGSQL:-}" ]; then
    parts+=(pgsql_part)
else
    echo "# SKIP pgsql: BENCH_TEST_PGSQL is not set (tests/db/servers.sh env)"
fi
HALF_CLEANUP='stop_disposable; umount "$work/full" 2>/dev/null'
in_parallel "${parts[@]}" check_sqlite
finish
