-- SPDX-License-Identifier: MIT
-- sql_builtin: pgbench's built-in scripts (tpcb-like, simple-update,
-- select-only, as `pgbench --show-script` prints them) and its -i tables,
-- for the `sql` workload: prepare creates and loads them through bench's
-- bulk path (COPY, LOAD DATA LOCAL, SQLite's large transactions), in
-- slices on --threads workers; cleanup drops them.
local ffi = require("ffi")

local M = {}

local SET = "\\set aid random(1, 100000 * :scale)\n" ..
   "\\set bid random(1, 1 * :scale)\n" ..
   "\\set tid random(1, 10 * :scale)\n" ..
   "\\set delta random(-5000, 5000)\n" ..
   "BEGIN;\n" ..
   "UPDATE pgbench_accounts SET abalance = abalance + :delta WHERE aid = :aid;\n" ..
   "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n"
local HISTORY = "INSERT INTO pgbench_history (tid, bid, aid, delta, mtime) " ..
   "VALUES (:tid, :bid, :aid, :delta, CURRENT_TIMESTAMP);\n" ..
   "END;\n"

M.SCRIPTS = {
   ["tpcb-like"] = SET ..
      "UPDATE pgbench_tellers SET tbalance = tbalance + :delta WHERE tid = :tid;\n" ..
      "UPDATE pgbench_branches SET bbalance = bbalance + :delta WHERE bid = :bid;\n" ..
      HISTORY,
   ["simple-update"] = SET .. HISTORY,
   ["select-only"] = "\\set aid random(1, 100000 * :scale)\n" ..
      "SELECT abalance FROM pgbench_accounts WHERE aid = :aid;\n",
}
M.NAMES = { "tpcb-like", "simple-update", "select-only" }

-- The built-in script `name` names (pgbench takes any unambiguous
-- prefix), for driver `drv`: MySQL has no END, so COMMIT ends its
-- transactions.
function M.script(name, drv)
   local found
   for _, n in ipairs(M.NAMES) do
      if n == name then found = n break end
      if n:sub(1, #name) == name then
         if found then
            error(string.format("--builtin: '%s' is ambiguous (%s or %s)",
                                name, found, n), 0)
         end
         found = n
      end
   end
   if not found then
      error(string.format("--builtin: no built-in script '%s' (expected " ..
                             "tpcb-like, simple-update or select-only)", name), 0)
   end
   local text = M.SCRIPTS[found]
   if drv == "mysql" then
      text = text:gsub("\nEND;\n", "\nCOMMIT;\n")
   end
   return found, text
end

-- -- pgbench -i: the tables ---------------------------------------------------

local TABLES = { "pgbench_accounts", "pgbench_branches", "pgbench_history",
                 "pgbench_tellers" }

-- pgbench's columns; aid is a bigint from scale 20000 (its 32-bit
-- threshold). `key` puts the primary key in the table (MySQL's InnoDB
-- stores rows in it; SQLite cannot add one later).
local function ddl(scale, key, fillfactor, drv)
   local aid = scale >= 20000 and "bigint" or "int"
   local with = ""
   if drv == "pgsql" and fillfactor and fillfactor ~= 100 then
      with = string.format(" WITH (fillfactor=%d)", fillfactor)
   end
   local function pk(col)
      return key and string.format(", PRIMARY KEY (%s)", col) or ""
   end
   return {
      "CREATE TABLE pgbench_history (tid int, bid int, aid " .. aid ..
         ", delta int, mtime timestamp, filler char(22))",
      "CREATE TABLE pgbench_tellers (tid int not null, bid int, tbalance int, " ..
         "filler char(84)" .. pk("tid") .. ")" .. with,
      "CREATE TABLE pgbench_accounts (aid " .. aid .. " not null, bid int, " ..
         "abalance int, filler char(84)" .. pk("aid") .. ")" .. with,
      "CREATE TABLE pgbench_branches (bid int not null, bbalance int, " ..
         "filler char(88)" .. pk("bid") .. ")" .. with,
   }
end

function M.drop(con)
   for _, t in ipairs(TABLES) do
      con:query("DROP TABLE IF EXISTS " .. t)
   end
end

-- Branches and tellers (a few rows each: pgbench inserts them without a
-- filler), by the bulk path with the accounts' method.
local function load_small(con, scale, method)
   con:bulk_load_start("pgbench_branches", "bid, bbalance", method)
   for b = 1, scale do
      con:bulk_load_row(b, 0)
   end
   con:bulk_load_end()
   con:bulk_load_start("pgbench_tellers", "tid, bid, tbalance", method)
   for t = 1, 10 * scale do
      con:bulk_load_row(t, math.floor((t - 1) / 10) + 1, 0)
   end
   con:bulk_load_end()
end

-- Accounts first..last: aid, its branch, balance 0 and an empty filler,
-- as pgbench -i's COPY rows; one C call per row, no Lua string.
local function load_accounts(con, first, last, method)
   con:bulk_load_start("pgbench_accounts", "aid, bid, abalance, filler", method)
   for aid = first, last do
      con:bulk_load_rand(aid, "(%d, 0, '')", math.floor((aid - 1) / 100000) + 1)
   end
   con:bulk_load_end()
end

-- After the load, as pgbench -i: VACUUM ANALYZE, then the primary keys on
-- PostgreSQL (built from the loaded rows in one sort each).
local function finish(con, drv, scale)
   if drv == "pgsql" then
      for _, t in ipairs(TABLES) do
         con:query("VACUUM ANALYZE " .. t)
      end
      con:query("ALTER TABLE pgbench_branches ADD PRIMARY KEY (bid)")
      con:query("ALTER TABLE pgbench_tellers ADD PRIMARY KEY (tid)")
      con:query("ALTER TABLE pgbench_accounts ADD PRIMARY KEY (aid)")
   elseif drv == "mysql" then
      for _, t in ipairs(TABLES) do
         con:query("ANALYZE TABLE " .. t)
      end
   else
      con:query("ANALYZE")
   end
end

-- prepare, on every worker of the parallel command: worker 0 drops and
-- creates the tables and loads branches and tellers; each worker loads
-- a slice of the accounts; the last one to finish runs finish().
function M.prepare(opts)
   local drv = sysbench.sql.driver()
   local name = drv:name()
   local con = drv:connect()
   local threads = sysbench.opt.threads
   local tid = sysbench.tid % threads
   local scale = opts.scale
   local method = opts.bulk_load
   if tid == 0 then
      print("dropping old tables...")
      M.drop(con)
      print("creating tables...")
      for _, q in ipairs(ddl(scale, name ~= "pgsql", opts.fillfactor, name)) do
         con:query(q)
      end
      print(string.format("generating data (client-side, bench's bulk path): " ..
                             "%d accounts...", 100000 * scale))
      load_small(con, scale, method)
      ffi.C.bench_db_load_tally("sql.created")
   elseif ffi.C.bench_db_load_await("sql.created", 1) ~= 0 then
      return
   end
   local rows = 100000 * scale
   local first = math.floor(rows * tid / threads) + 1
   local last = math.floor(rows * (tid + 1) / threads)
   if first <= last then
      load_accounts(con, first, last, method)
   end
   if ffi.C.bench_db_load_tally("sql.loaded") == threads then
      print("vacuuming...")
      finish(con, name, scale)
      print("done.")
   end
   con:disconnect()
end

return M
