After a lost connection the driver reconnects and oltp_common's
before_restart_event hook prepares every statement again, for MySQL's
connection-loss codes 2013, 2006, 2055 and 2011 only (compat.md OLTP-9).
The null driver injects the error; the wrapper counts the preparations.

  $ cat > hook.lua <<'LUA'
  > require("oltp_point_select")
  > local ffi = require("ffi")
  > local calls = 0
  > local prepare_point = prepare_statements
  > function prepare_statements()
  >    calls = calls + 1
  >    prepare_point()
  > end
  > local base_init, base_done = thread_init, thread_done
  > function thread_init()
  >    base_init()
  >    local code = tonumber(os.getenv("CODE") or "")
  >    if code then
  >       ffi.C.bench_null_fail("SELECT c FROM sbtest1", code, "HY000", true, 1)
  >    end
  > end
  > function thread_done()
  >    base_done()
  >    print("prepared " .. calls .. " times")
  > end
  > LUA
  $ for c in 2013 2006 2055 2011 1927; do
  >   CODE=$c $BENCH --db-driver=null --db-ignore-errors=$c hook.lua --events=1 run |
  >     grep -E '^prepared|read:|reconnects:' | awk '{ printf "%s %s ", $1, $2 }'
  >   echo "($c)"
  > done
  prepared 2 read: 1 reconnects: 1 (2013)
  prepared 2 read: 1 reconnects: 1 (2006)
  prepared 2 read: 1 reconnects: 1 (2055)
  prepared 2 read: 1 reconnects: 1 (2011)
  prepared 1 read: 1 reconnects: 1 (1927)

--reconnect=N reconnects and prepares again after every N-th event of a
thread (OLTP-10; a 1.1 option, accepted in both profiles).

  $ $BENCH --db-driver=null hook.lua --events=10 --reconnect=3 run |
  >   grep -E '^prepared|reconnects:' | awk '{ print $1, $2 }'
  prepared 4
  reconnects: 3
