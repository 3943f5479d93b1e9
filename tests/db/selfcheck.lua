-- SPDX-License-Identifier: MIT
-- selfcheck.lua: the workload of test_selfcheck.sh. `prepare` makes a
-- small table; each event runs a prepared point select, an UPDATE, a
-- DELETE that matches no row (counted as other), a labelled query and an
-- INSERT that fails on its key (an ignored error, which would restart the
-- event: caught here so that events end), then, with --spin=N,
-- N iterations of a CPU-bound Lua loop (a client made the bottleneck).
-- The report hook prints the kinds' counts by class against sysbench's.
sysbench.cmdline.options = {
   spin = {"CPU-bound loop iterations per event", 0},
   mixed = {"run the mixed statements (else only the point select)", 0},
}

local function connect()
   return sysbench.sql.driver():connect()
end

function prepare()
   local con = connect()
   con:query("DROP TABLE IF EXISTS selfcheck")
   con:query("CREATE TABLE selfcheck (id INT PRIMARY KEY, c INT)")
   for i = 1, 100 do
      con:query(string.format("INSERT INTO selfcheck VALUES (%d, 0)", i))
   end
end

function thread_init()
   con = connect()
   get = con:prepare("SELECT c FROM selfcheck WHERE id = ?",
                     {kind = "point select"})
   id = get:bind_create(sysbench.sql.type.INT)
   get:bind_param(id)
end

local sink = 0

function event()
   id:set(sysbench.rand.uniform(1, 100))
   get:execute()
   if sysbench.opt.mixed > 0 then
      con:query("UPDATE selfcheck SET c = c + 1 WHERE id = 1")
      con:query("DELETE FROM selfcheck WHERE id = 0")
      con:query("SELECT COUNT(*) FROM selfcheck", {kind = "count"})
      pcall(con.query, con, "INSERT INTO selfcheck VALUES (1, 0)")
   end
   local x = 0
   for i = 1, sysbench.opt.spin do
      x = x + i % 7
   end
   sink = sink + x
end

function sysbench.hooks.report_cumulative(stat)
   local r, w, o, e = 0, 0, 0, 0
   for _, k in ipairs(stat.kinds or {}) do
      print(string.format("kind %s: %d/%d/%d errors %d", k.name, k.reads,
                          k.writes, k.other, k.errors))
      r, w, o, e = r + k.reads, w + k.writes, o + k.other, e + k.errors
   end
   print(string.format("kinds r/w/o: %d/%d/%d", r, w, o))
   print(string.format("stats r/w/o: %d/%d/%d", stat.reads, stat.writes,
                       stat.other))
   print(string.format("kinds errors: %d, stats errors: %d", e, stat.errors))
end
