#!/usr/bin/env bench
-- SPDX-License-Identifier: MIT
-- ycsb: the Yahoo! Cloud Serving Benchmark's core workloads A-F on a SQL
-- table, written here from YCSB's published definitions (its CoreWorkload
-- properties, workload files and generators; docs/ycsb.md):
--   prepare  the load phase: --recordcount rows of `usertable` (a string
--            key YCSB_KEY and --fieldcount text fields FIELD0.. of
--            --fieldlength bytes), through bench's bulk path, in slices
--            when --threads > 1;
--   run      one operation per event: read, update, insert, scan or
--            read-modify-write, in the workload's proportions, keys drawn
--            from its request distribution;
--   cleanup  drops the table.
-- YCSB's operationcount is --events; its recordcount is --recordcount.
local ffi = require("ffi")

-- The core workloads (YCSB's workloads/workload[a-f] files): proportions
-- of read, update, insert, scan and read-modify-write, and the request
-- distribution. E's scans are 1..100 records long (maxscanlength=100).
local WORKLOADS = {
   a = { read = 0.5, update = 0.5, dist = "zipfian" },
   b = { read = 0.95, update = 0.05, dist = "zipfian" },
   c = { read = 1, dist = "zipfian" },
   d = { read = 0.95, insert = 0.05, dist = "latest" },
   e = { scan = 0.95, insert = 0.05, dist = "zipfian", maxscan = 100 },
   f = { read = 0.5, rmw = 0.5, dist = "zipfian" },
}

sysbench.cmdline.options = {
   workload = { "YCSB core workload: a, b, c, d, e or f", "a" },
   recordcount = { "Records loaded by prepare (YCSB's recordcount)", 1000 },
   table_size = { "The same as --recordcount, by sysbench's name " ..
                     "(0: --recordcount)", 0 },
   fieldcount = { "Fields per record (FIELD0..)", 10 },
   fieldlength = { "Bytes per field", 100 },
   table = { "Table name", "usertable" },
   requestdistribution = { "Key distribution: uniform, zipfian or " ..
                              "latest (default: the workload's)", "" },
   insertorder = { "Key order of inserts: hashed (keys scattered) or " ..
                      "ordered", "hashed" },
   zeropadding = { "Digits the key number is zero-padded to", 1 },
   minscanlength = { "Shortest scan, in records", 1 },
   maxscanlength = { "Longest scan, in records (default: 1000, " ..
                        "workload e: 100)", 0 },
   readallfields = { "Reads fetch every field (else one)", true },
   writeallfields = { "Updates write every field (else one)", false },
   readproportion = { "Share of reads, 0..1 (default: the workload's)", -1,
                      sysbench.cmdline.ARG_DOUBLE },
   updateproportion = { "Share of updates (default: the workload's)", -1,
                        sysbench.cmdline.ARG_DOUBLE },
   insertproportion = { "Share of inserts (default: the workload's)", -1,
                        sysbench.cmdline.ARG_DOUBLE },
   scanproportion = { "Share of scans (default: the workload's)", -1,
                      sysbench.cmdline.ARG_DOUBLE },
   readmodifywriteproportion = { "Share of read-modify-writes " ..
                                    "(default: the workload's)", -1,
                                 sysbench.cmdline.ARG_DOUBLE },
   bulk_load = { "How prepare loads rows: auto (COPY or LOAD DATA " ..
                    "LOCAL), copy or insert", "auto" },
}

-- -- Options ---------------------------------------------------------------

local function fail(fmt, ...)
   error(string.format(fmt, ...), 0)
end

local function whole(name, min)
   local v = sysbench.opt[name]
   if type(v) ~= "number" or v ~= math.floor(v) or v < min then
      fail("--%s must be an integer of at least %d, not %s", name, min,
           tostring(v))
   end
   return v
end

-- The settings of this run: the workload's, with the options' overrides.
local function settings()
   local o = sysbench.opt
   local w = WORKLOADS[tostring(o.workload):lower()]
   if w == nil then
      fail("--workload must be a, b, c, d, e or f, not '%s'",
           tostring(o.workload))
   end
   if o.table_size ~= 0 then
      -- --table-size is sysbench's name of the same thing.
      if o.recordcount ~= 1000 and o.recordcount ~= o.table_size then
         fail("--table_size=%s and --recordcount=%s disagree",
              tostring(o.table_size), tostring(o.recordcount))
      end
      o.recordcount = whole("table_size", 1)
   end
   local s = { records = whole("recordcount", 1),
               fields = whole("fieldcount", 1),
               length = whole("fieldlength", 1),
               pad = whole("zeropadding", 1),
               minscan = whole("minscanlength", 1) }
   if s.fields > 100 then fail("--fieldcount must be at most 100") end
   if s.records >= 2^31 then fail("--recordcount must be below 2^31") end
   s.maxscan = o.maxscanlength ~= 0 and whole("maxscanlength", s.minscan)
      or (w.maxscan or 1000)
   if s.maxscan < s.minscan then
      fail("--maxscanlength must be at least --minscanlength")
   end
   s.dist = o.requestdistribution ~= "" and o.requestdistribution or w.dist
   if s.dist ~= "uniform" and s.dist ~= "zipfian" and s.dist ~= "latest" then
      fail("--requestdistribution must be uniform, zipfian or latest, " ..
              "not '%s'", s.dist)
   end
   if o.insertorder ~= "hashed" and o.insertorder ~= "ordered" then
      fail("--insertorder must be hashed or ordered, not '%s'",
           tostring(o.insertorder))
   end
   s.hashed = o.insertorder == "hashed"
   s.mix = {}
   local total = 0
   for _, op in ipairs({ "read", "update", "insert", "scan", "rmw" }) do
      local opt = op == "rmw" and "readmodifywriteproportion"
         or op .. "proportion"
      local v = o[opt] >= 0 and o[opt] or (w[op] or 0)
      if v > 1 then fail("--%s must be between 0 and 1", opt) end
      total = total + v
      s.mix[#s.mix + 1] = { op = op, share = v }
   end
   if total <= 0 then fail("the operation proportions add up to 0") end
   s.inserts = s.mix[3].share > 0
   s.mix_total = total
   return s
end

-- -- Keys ------------------------------------------------------------------

local C = ffi.C

-- YCSB's key hash: FNV-1a over the 8 bytes of the number, low byte first,
-- as a signed 64-bit value made positive (bench_fnv1a64, in C: a loop of
-- 64-bit steps the JIT would split into traces).
local function fnv64(v)
   return C.bench_fnv1a64(v)
end

-- "user" and the key number (hashed unless ordered), zero-padded to
-- --zeropadding digits: YCSB's key names.
local function key_name(s, keynum)
   local n = s.hashed and fnv64(keynum) or keynum
   if s.pad > 1 then
      return string.format("user%0" .. s.pad .. "d", n)
   end
   return string.format("user%d", n)
end

-- key_name into a VARCHAR parameter's buffer, with no Lua string made
-- (the per-operation path).
local function set_key(s, p, keynum)
   local n = s.hashed and C.bench_fnv1a64(keynum) or keynum
   p.data_len[0] = C.bench_key_text(p.buffer, p.max_len, "user", n, s.pad)
   p.is_null[0] = 0
end

-- -- Distributions (YCSB's generators) -------------------------------------

local THETA = 0.99
local ZETA2 = 1 + 0.5 ^ THETA -- zeta(2, theta)
-- zeta(10^10 + 1, 0.99), the item space of YCSB's scrambled zipfian,
-- precomputed as YCSB does (a sum of 10^10 terms otherwise).
local SCRAMBLED_ITEMS = 10000000001
local SCRAMBLED_ZETAN = 26.46902820178302

local function zeta_sum(from, to, sum)
   for i = from, to - 1 do
      sum = sum + 1 / (i + 1) ^ THETA
   end
   return sum
end

-- Gray et al.'s zipfian over 0 .. items - 1, as YCSB's ZipfianGenerator:
-- `zetan` is zeta(items); next(count) draws over 0 .. count - 1 and, when
-- count grew past what zetan covers, extends zetan (eta keeps the
-- initial item count, as YCSB's does).
local function zipfian(items, zetan)
   local z = { items = items, count = items,
               zetan = zetan or zeta_sum(0, items, 0) }
   local alpha = 1 / (1 - THETA)
   local eta
   local function refresh()
      eta = (1 - (2 / items) ^ (1 - THETA)) / (1 - ZETA2 / z.zetan)
   end
   refresh()
   local uniform = sysbench.rand.uniform_double
   function z.next(count)
      if count > z.count then
         z.zetan = zeta_sum(z.count, count, z.zetan)
         z.count = count
         refresh()
      end
      local u = uniform()
      local uz = u * z.zetan
      if uz < 1 then
         return 0
      end
      if uz < ZETA2 then
         return 1
      end
      return math.floor(count * (eta * u - eta + 1) ^ alpha)
   end
   return z
end

-- The insert sequence shared by every worker: keys recordcount,
-- recordcount + 1, ... in the order inserts take them.
local SEQ = "ycsb.inserted"

local function next_insert_key(s)
   return s.records + ffi.C.bench_db_load_tally(SEQ) - 1
end

-- The last key inserted so far (of any worker): YCSB's acknowledged
-- counter, here the number of inserts taken (a key taken and not yet
-- committed reads as no row).
local function last_key(s)
   return s.records + ffi.C.bench_db_load_count(SEQ) - 1
end

-- The key chooser of --requestdistribution: a function returning a key
-- number no larger than the last inserted one (a run without inserts
-- asks no one: the last key is recordcount - 1).
local function key_chooser(s, expected_inserts)
   local last_key = s.inserts and last_key or function(t)
      return t.records - 1
   end
   if s.dist == "uniform" then
      local records = s.records
      local uniform = sysbench.rand.uniform
      return function()
         return uniform(0, records - 1)
      end
   elseif s.dist == "latest" then
      -- YCSB's SkewedLatestGenerator: the newest keys most often.
      local z = zipfian(s.records - 1 > 0 and s.records - 1 or 1)
      return function()
         local last = last_key(s)
         return last - z.next(last > 0 and last or 1)
      end
   end
   -- YCSB's ScrambledZipfianGenerator: a zipfian draw over 10^10 items,
   -- hashed onto a key space of the records and the inserts expected
   -- (twice the insert share of --events), so popular keys are spread
   -- and a key inserted later does not move them; draws past the last
   -- key inserted are drawn again.
   local z = zipfian(SCRAMBLED_ITEMS, SCRAMBLED_ZETAN)
   local space = s.records + expected_inserts
   -- No loop in the per-operation path: LuaJIT would give up compiling
   -- the event loop around an inner loop, and run it interpreted.
   local function choose()
      local k = tonumber(fnv64(z.next(SCRAMBLED_ITEMS)) % space)
      if k <= last_key(s) then
         return k
      end
      return choose()
   end
   return choose
end

-- -- Load phase (prepare) --------------------------------------------------

local function field_names(s)
   local names = {}
   for i = 0, s.fields - 1 do
      names[#names + 1] = "FIELD" .. i
   end
   return names
end

local function create_table(drv, con, s, with_key)
   local cols = { "YCSB_KEY VARCHAR(255) NOT NULL" ..
                     (with_key and " PRIMARY KEY" or "") }
   for _, f in ipairs(field_names(s)) do
      cols[#cols + 1] = f .. " TEXT"
   end
   print(string.format("Creating table '%s'...", sysbench.opt.table))
   con:query(string.format("CREATE TABLE %s (%s)", sysbench.opt.table,
                           table.concat(cols, ", ")))
end

-- A row's pattern for the generated load: the key's number in place of
-- %d, each field --fieldlength random letters (YCSB's values are random
-- bytes too; letters keep every load format plain).
local function row_pattern(s)
   local field = "'" .. string.rep("@", s.length) .. "'"
   local parts = { "'user%d'" }
   for _ = 1, s.fields do
      parts[#parts + 1] = field
   end
   return "(" .. table.concat(parts, ", ") .. ")"
end

local function load_slice(con, s, first, last)
   local cols = "YCSB_KEY, " .. table.concat(field_names(s), ", ")
   con:bulk_load_start(sysbench.opt.table, cols, sysbench.opt.bulk_load)
   if s.pad == 1 then
      local pattern = row_pattern(s)
      for k = first, last do
         con:bulk_load_rand(nil, pattern, s.hashed and fnv64(k) or k)
      end
   else
      local field = string.rep("@", s.length)
      local rand_string = sysbench.rand.string
      for k = first, last do
         local row = { key_name(s, k) }
         for i = 1, s.fields do
            row[i + 1] = rand_string(field)
         end
         con:bulk_load_row(unpack(row))
      end
   end
   con:bulk_load_end()
end

-- Every worker loads a slice of the keys; worker 0 creates the table
-- first (the others wait for it) and the last one to finish adds the
-- primary key on PostgreSQL, built from the loaded rows in one sort as
-- pgbench -i does; MySQL's InnoDB stores the rows in the key, so there
-- the table has it from the start.
function cmd_prepare()
   local s = settings()
   local mode = sysbench.opt.bulk_load
   if mode ~= "auto" and mode ~= "copy" and mode ~= "insert" then
      fail("--bulk_load must be auto, copy or insert, not '%s'",
           tostring(mode))
   end
   local drv = sysbench.sql.driver()
   local con = drv:connect()
   local threads = sysbench.opt.threads
   local tid = sysbench.tid % threads
   local key_later = drv:name() == "pgsql"
   if tid == 0 then
      create_table(drv, con, s, not key_later)
      print(string.format("Inserting %d records into '%s'", s.records,
                          sysbench.opt.table))
      ffi.C.bench_db_load_tally("ycsb.created")
   elseif ffi.C.bench_db_load_await("ycsb.created", 1) ~= 0 then
      return -- worker 0 failed: the command stops
   end
   local first = math.floor(s.records * tid / threads)
   local last = math.floor(s.records * (tid + 1) / threads) - 1
   if first <= last then
      load_slice(con, s, first, last)
   end
   if ffi.C.bench_db_load_tally("ycsb.loaded") == threads and key_later then
      con:query(string.format("ALTER TABLE %s ADD PRIMARY KEY (YCSB_KEY)",
                              sysbench.opt.table))
   end
   con:disconnect()
end

sysbench.cmdline.commands = {
   prepare = { cmd_prepare, sysbench.cmdline.PARALLEL_COMMAND },
}

function cleanup()
   local con = sysbench.sql.driver():connect()
   print(string.format("Dropping table '%s'...", sysbench.opt.table))
   con:query("DROP TABLE IF EXISTS " .. sysbench.opt.table)
end

-- -- Run -------------------------------------------------------------------

local T = sysbench.sql.type
local S, con, choose_key, ops
-- The operation shares summed in YCSB's order (thread_init): the bounds
-- event() compares its draw with.
local upto_read, upto_update, upto_insert, upto_scan

-- A run that inserts takes its keys after the rows the table holds: YCSB
-- starts at recordcount every time, so a second run (D, then E) would
-- insert the keys the first one did. The rows past --recordcount are the
-- keys earlier runs inserted, recordcount, recordcount + 1, ...
local function skip_inserted(s)
   local con = sysbench.sql.driver():connect()
   local rs = con:query("SELECT COUNT(*) FROM " .. sysbench.opt.table)
   local n = tonumber(rs:fetch_row()[1])
   con:disconnect()
   for _ = 1, n - s.records do
      ffi.C.bench_db_load_tally(SEQ)
   end
end

function init()
   local s = settings() -- bad options fail before any worker starts
   if s.inserts then
      skip_inserted(s)
   end
end

local function prepare(sql, kind, ...)
   local stmt = con:prepare(sql, { kind = kind })
   local params = {}
   for i, t in ipairs({ ... }) do
      params[i] = type(t) == "table" and stmt:bind_create(t[1], t[2])
         or stmt:bind_create(t)
   end
   if #params > 0 then
      stmt:bind_param(unpack(params))
   end
   return { stmt = stmt, p = params }
end

local function key_param()
   return { T.VARCHAR, 255 }
end

-- The statements of a read, an update (one per field, or all fields) and
-- an insert, labelled with YCSB's operation names (statement kinds).
local function prepare_statements(s)
   local tbl = sysbench.opt.table
   local names = field_names(s)
   local st = { update = {} }
   local what = sysbench.opt.readallfields and "*" or nil
   st.read = {}
   for i, f in ipairs(names) do
      st.read[i] = prepare(string.format("SELECT %s FROM %s WHERE " ..
                                            "YCSB_KEY = ?", what or f, tbl),
                           "read", key_param())
      if what then break end
   end
   st.scan = prepare(string.format("SELECT %s FROM %s WHERE YCSB_KEY >= ? " ..
                                      "ORDER BY YCSB_KEY LIMIT ?",
                                   what or names[1], tbl), "scan",
                     key_param(), T.INT)
   if sysbench.opt.writeallfields then
      local sets = {}
      local types = {}
      for i, f in ipairs(names) do
         sets[i] = f .. " = ?"
         types[i] = { T.VARCHAR, s.length }
      end
      types[#types + 1] = key_param()
      st.update[1] = prepare(string.format("UPDATE %s SET %s WHERE " ..
                                              "YCSB_KEY = ?", tbl,
                                           table.concat(sets, ", ")),
                             "update", unpack(types))
   else
      for i, f in ipairs(names) do
         st.update[i] = prepare(string.format("UPDATE %s SET %s = ? WHERE " ..
                                                 "YCSB_KEY = ?", tbl, f),
                                "update", { T.VARCHAR, s.length },
                                key_param())
      end
   end
   local marks, types = { "?" }, { key_param() }
   for i = 1, s.fields do
      marks[i + 1] = "?"
      types[i + 1] = { T.VARCHAR, s.length }
   end
   st.insert = prepare(string.format("INSERT INTO %s (YCSB_KEY, %s) " ..
                                        "VALUES (%s)", tbl,
                                     table.concat(names, ", "),
                                     table.concat(marks, ", ")),
                       "insert", unpack(types))
   return st
end

function thread_init()
   S = settings()
   con = sysbench.sql.driver():connect()
   ops = prepare_statements(S)
   local inserts = S.mix[3].share / S.mix_total
   choose_key = key_chooser(S, math.floor(sysbench.opt.events * inserts * 2))
   S.template = string.rep("@", S.length)
   local m = S.mix
   upto_read = m[1].share
   upto_update = upto_read + m[2].share
   upto_insert = upto_update + m[3].share
   upto_scan = upto_insert + m[4].share
end

function thread_done()
   con:disconnect()
end

local uniform = sysbench.rand.uniform
local uniform_double = sysbench.rand.uniform_double

local function do_read(key)
   local r = ops.read[#ops.read == 1 and 1 or uniform(1, #ops.read)]
   set_key(S, r.p[1], key)
   r.stmt:execute()
end

local function do_update(key)
   local u = ops.update[#ops.update == 1 and 1 or uniform(1, #ops.update)]
   local n = #u.p
   for i = 1, n - 1 do
      u.p[i]:set_rand_str(S.template)
   end
   set_key(S, u.p[n], key)
   u.stmt:execute()
end

local function do_insert()
   local ins = ops.insert
   set_key(S, ins.p[1], next_insert_key(S))
   for i = 2, #ins.p do
      ins.p[i]:set_rand_str(S.template)
   end
   ins.stmt:execute()
end

local function do_scan(key)
   local sc = ops.scan
   set_key(S, sc.p[1], key)
   sc.p[2]:set(uniform(S.minscan, S.maxscan))
   sc.stmt:execute()
end

-- One operation, chosen as YCSB's DiscreteGenerator does: a uniform draw
-- over the summed shares, the operations in YCSB's order.
-- No loop here, so that the JIT compiles the event loop around it.
function event()
   local x = uniform_double() * S.mix_total
   if x < upto_read then
      do_read(choose_key())
   elseif x < upto_update then
      do_update(choose_key())
   elseif x < upto_insert then
      do_insert()
   elseif x < upto_scan then
      do_scan(choose_key())
   else
      local key = choose_key()
      do_read(key)
      do_update(key)
   end
end

-- For tests (tests/db/ycsb.sh): the generators as the run uses them.
ycsb_internal = { fnv64 = fnv64, zipfian = zipfian, settings = settings,
                  key_chooser = key_chooser, key_name = key_name,
                  set_key = set_key }
