#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test_measured_execute.sh: a prepared statement's execute() gives a
# script the same results whether bench measures or not. While measuring
# with the TSC (--extended-report=on), bench.sql calls
# bench_db_execute_tsc, which returns NULL for every result without
# columns (db_api_decls.h) so that a result it returns needs no test in
# Lua; the cases that then take executed()'s other path must come out as
# they do unmeasured: a SELECT with rows, one without rows, an UPDATE (nil,
# or under --compat=1.1 a result object without columns), PostgreSQL's
# SELECT without columns, a result replaced by a later execute, and an
# ignored duplicate key (the event restarts). The probe's lines, run with
# and without --extended-report=on, under both compat profiles, must be
# equal and as expected. MariaDB (both ps modes), PostgreSQL, SQLite.
set -u
. "$(dirname "$0")/lib.sh"
DB=bench_measexec
WORK=$(mktemp -d "${TMPDIR:-/tmp}/bench-measexec.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

need_server_or_sqlite

cat > "$WORK/probe.lua" <<'LUA'
-- One event prints what each execute() gives; a second one, restarted by
-- an ignored duplicate key, prints that it ran again.
local function show(label, rs)
   if rs == nil then
      print(label, "nil")
      return
   end
   local row = rs.nfields > 0 and rs:fetch_row() or nil
   print(label, "result", rs.nfields, row and row[1] or "-")
end

function thread_init()
   drv = sysbench.sql.driver()
   con = drv:connect()
   con:query("DROP TABLE IF EXISTS mx")
   con:query("CREATE TABLE mx(a INT PRIMARY KEY, b VARCHAR(10))")
   con:query("INSERT INTO mx VALUES (1, 'one'), (2, 'two')")
   sel = con:prepare("SELECT b FROM mx WHERE a = ?")
   key = sel:bind_create(sysbench.sql.type.INT)
   sel:bind_param(key)
   upd = con:prepare("UPDATE mx SET b = 'x' WHERE a = ?")
   ukey = upd:bind_create(sysbench.sql.type.INT)
   upd:bind_param(ukey)
   ins = con:prepare("INSERT INTO mx VALUES (1, 'dup')")
   if sysbench.opt.nocols then
      nocols = con:prepare("SELECT FROM mx WHERE a = 1")
   end
   events = 0
end

function event()
   events = events + 1
   if events > 1 then
      print("event", events)
      return
   end
   key:set(1)
   show("select", sel:execute())
   key:set(3)
   show("select without rows", sel:execute())
   ukey:set(2)
   show("update", upd:execute())
   if nocols then
      show("select without columns", nocols:execute())
   end
   key:set(2)
   local first = sel:execute()
   key:set(1)
   show("replaced", sel:execute())
   print("first after replaced", pcall(first.fetch_row, first))
   print("insert duplicate")
   ins:execute() -- ignored: the event runs again
end

function thread_done()
   con:query("DROP TABLE mx")
   con:disconnect()
end
sysbench.cmdline.options = { nocols = {"SELECT without columns", false} }
LUA

# probe LABEL OPTS...: runs the probe plain and measured, each profile;
# the two runs of a profile must print the same lines, and these.
probe() {
    local label=$1 compat plain nocols_line update_line
    shift
    for compat in 1.0 1.1; do
        update_line="update	nil"
        [ $compat = 1.1 ] && update_line="update	result	0	-"
        run --compat=$compat --verbosity=1 --events=2 "$@" "$WORK/probe.lua" run
        status_is 0 "$label compat $compat: probe runs"
        plain=$OUT
        run --compat=$compat --verbosity=1 --events=2 --extended-report=on \
            "$@" "$WORK/probe.lua" run
        status_is 0 "$label compat $compat measured: probe runs"
        [ "$OUT" = "$plain" ]
        ok $? "$label compat $compat: measured lines equal plain ones" \
            "$(diff <(printf '%s\n' "$plain") <(printf '%s\n' "$OUT"))"
        has "select	result	1	one" "$label compat $compat: select"
        has "select without rows	result	1	-" "$label compat $compat: no rows"
        has "$update_line" "$label compat $compat: update"
        has "replaced	result	1	one" "$label compat $compat: replaced"
        has_re "^first after replaced	false	.*SQL API error" \
            "$label compat $compat: the replaced result is refused"
        has "event	2" "$label compat $compat: the event restarted after the duplicate key"
        case " $* " in *" --nocols=on "*)
            nocols_line="select without columns	nil"
            [ $compat = 1.1 ] && nocols_line="select without columns	result	0	-"
            has "$nocols_line" "$label compat $compat: select without columns" ;;
        esac
    done
}

if [ -n "${BENCH_TEST_MYSQL:-}" ] || [ -n "${BENCH_TEST_PGSQL:-}" ]; then
    createdb $DB
fi
if [ -n "${BENCH_TEST_MYSQL:-}" ]; then
    for mode in auto disable; do
        probe "mysql ps-mode=$mode" --db-driver=mysql $(my_opts $DB) \
            --db-ps-mode=$mode --mysql-ignore-errors=1062
    done
else
    skip mysql "BENCH_TEST_MYSQL unset"
fi
if [ -n "${BENCH_TEST_PGSQL:-}" ]; then
    probe "pgsql" $(pg_opts $DB) --pgsql-ignore-errors=23505 --nocols=on
else
    skip pgsql "BENCH_TEST_PGSQL unset"
fi
if [ -n "$HAS_SQLITE" ]; then
    probe "sqlite" --db-driver=sqlite --sqlite-db="$WORK/mx.db" \
        --sqlite-ignore-errors=SQLITE_CONSTRAINT
else
    skip sqlite "no sqlite driver"
fi
finish
