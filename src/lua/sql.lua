#!/usr/bin/env bench
-- SPDX-License-Identifier: MIT
-- sql: pgbench script files and mysqlslap-style queries as a bench
-- workload (docs/sql-workloads.md):
--   --file=a.sql@3,b.sql@1   pgbench scripts (-f file@weight): SQL with
--                            :variables and \set, \sleep, \if, \gset...
--   --builtin=tpcb-like@9    pgbench's built-in scripts (-b name@weight),
--                            whose tables `prepare` makes (pgbench -i)
--   --query=SQL, --query-file=F with --delimiter   mysqlslap's queries,
--                            each event running them all in order
-- One event is one run of a script (pgbench's transaction), chosen by
-- weight. Scripts are parsed in init() (an error names file:line and
-- what was expected) and compiled into one Lua function each per worker
-- (sql_script): the per-event path has no loop and walks no tree.
local ffi = require("ffi")
local X = require("sql_expr")
local SS = require("sql_script")
local B = require("sql_builtin")
local SL = require("sql_slap")
local R = X.R
local C = ffi.C

sysbench.cmdline.options = {
   file = { "pgbench script files, each FILE[@WEIGHT]", {} },
   builtin = { "Built-in scripts (tpcb-like, simple-update, select-only), " ..
                  "each NAME[@WEIGHT]", {} },
   query = { "SQL to run (mysqlslap --query): statements separated by " ..
                "--delimiter", "" },
   query_file = { "File of SQL statements separated by --delimiter " ..
                     "(mysqlslap --query=FILE)", "" },
   delimiter = { "Separator of --query and --query-file statements", ";" },
   create = { "SQL (or a file of it) prepare runs and cleanup undoes: " ..
                 "mysqlslap --create", "" },
   auto_generate_sql = { "Generate the table and queries (mysqlslap " ..
                            "--auto-generate-sql)", false },
   auto_generate_sql_load_type = { "Generated queries: mixed, read, " ..
                                      "write, key or update", "mixed" },
   auto_generate_sql_write_number = { "Rows prepare inserts into the " ..
                                         "generated table", 100 },
   number_int_cols = { "INT columns of the generated table", 1 },
   number_char_cols = { "VARCHAR(128) columns of the generated table", 1 },
   scale = { "Scale factor (pgbench -s; 0: count pgbench_branches for " ..
                "built-in scripts, else 1)", 0 },
   define = { "Variables NAME=VALUE set before the scripts run (pgbench -D)",
              {} },
   query_mode = { "simple (text with the values in), extended (text and " ..
                     "values in one request, an unnamed statement) or " ..
                     "prepared (named, prepared once per connection), as " ..
                     "pgbench -M", "prepared" },
   vacuum = { "Before a built-in run on PostgreSQL: VACUUM branches and " ..
                 "tellers, TRUNCATE history, as pgbench does without -n", true },
   fillfactor = { "prepare: the tables' fillfactor (pgbench -F)", 100 },
   bulk_load = { "How prepare loads rows: auto, copy or insert", "auto" },
}

local function fail(fmt, ...)
   error(string.format(fmt, ...), 0)
end

-- -- The scripts of this run ----------------------------------------------------

local function read_file(path, what)
   local f, err = io.open(path, "rb")
   if not f then fail("%s: cannot read '%s': %s", what, path, err) end
   local text = f:read("*a")
   f:close()
   return text
end

-- NAME[@WEIGHT] -> name, weight (pgbench's -f file@weight).
local function weighted(spec, what)
   local name, w = spec:match("^(.*)@([^@]*)$")
   if not name then return spec, 1 end
   local n = tonumber(w)
   if not n or n % 1 ~= 0 or n < 0 or n > 2 ^ 31 then
      fail("%s: weight '%s' of '%s' must be an integer from 0 to 2^31",
           what, w, name)
   end
   return name, n
end

-- Every script of the run: {name, cmds, weight, plain}. Parsing errors
-- are raised here, as one line naming file:line.
local function scripts(drv)
   local o, list = sysbench.opt, {}
   for _, spec in ipairs(o.file) do
      local path, w = weighted(spec, "--file")
      list[#list + 1] = { name = path:match("[^/]*$"), text = read_file(path, "--file"),
                          weight = w, path = path }
   end
   for _, spec in ipairs(o.builtin) do
      local name, w = weighted(spec, "--builtin")
      local found, text = B.script(name, drv)
      list[#list + 1] = { name = found, text = text, weight = w, builtin = true }
   end
   if o.query ~= "" then list[#list + 1] = SL.slap_script(o.query, "query") end
   if o.query_file ~= "" then
      list[#list + 1] = SL.slap_script(read_file(o.query_file, "--query-file"),
                                    o.query_file:match("[^/]*$"))
   end
   if o.auto_generate_sql then list[#list + 1] = SL.auto_script() end
   if #list == 0 then
      fail("no script: give --file, --builtin, --query, --query-file or " ..
              "--auto-generate-sql")
   end
   local total = 0
   for _, s in ipairs(list) do
      s.cmds = s.cmds or SS.parse(s.name, s.text)
      total = total + s.weight
   end
   if total == 0 or total >= 2 ^ 32 then
      fail("the scripts' weights add up to %d (expected 1 to 2^32 - 1)", total)
   end
   return list, total
end

-- -- Variables ----------------------------------------------------------------------

-- --define's NAME=VALUE pairs (strings, as pgbench -D's).
local function defines()
   local d = {}
   for _, spec in ipairs(sysbench.opt.define) do
      local k, v = spec:match("^([%w_\128-\255]+)=(.*)$")
      if not k then fail("--define: expected NAME=VALUE, not '%s'", spec) end
      d[k] = v
   end
   return d
end

-- The seed of hash() and permute() without one: the same in every
-- worker of a run (pgbench's :default_seed is one per run). From
-- --rand-seed when given, pgbench's for the same --random-seed and as
-- many clients (-c: --virtual-users, else --threads), so that hash(x)
-- and permute(i, n) give pgbench's values; else from the process's pid
-- and start time.
local function default_seed()
   local s = tonumber(sysbench.opt.rand_seed) or 0
   if s ~= 0 then
      local vu = tonumber(sysbench.opt.virtual_users) or 0
      local clients = vu > 0 and vu or sysbench.opt.threads
      return R.pg_prng_draw(s, clients + 1)
   end
   local f = io.open("/proc/self/stat")
   local stat = f and f:read("*l") or ""
   if f then f:close() end
   local pid, start = stat:match("^(%d+) %b() %S+" .. string.rep(" %S+", 18) .. " (%d+)")
   return R.hash_murmur2(R.add(tonumber(pid) or 0,
                               R.mul(tonumber(start) or 0, 65536)), 5432)
end

-- Names a script may read as :name: the predefined ones, --define's and
-- every assigned one.
local function known_names(list, defs)
   local known = { scale = true, client_id = true, random_seed = true,
                   default_seed = true }
   for k in pairs(defs) do known[k] = true end
   for _, s in ipairs(list) do
      if not s.plain then SS.assigned(s.cmds, known) end
   end
   return known
end

-- The scale of the run: --scale, else pgbench_branches' rows for
-- built-in scripts (as pgbench), else 1. The main state counts it and
-- passes it to the workers in a process-wide counter.
local SCALE_KEY = "sql.scale"

local function run_scale(list)
   local s = sysbench.opt.scale
   if s ~= 0 then return s end
   for _, sc in ipairs(list) do
      if sc.builtin then
         local con = sysbench.sql.driver():connect()
         local n = tonumber(con:query_row("SELECT count(*) FROM pgbench_branches"))
         con:disconnect()
         if not n or n < 1 then fail("pgbench_branches is empty: run prepare first") end
         return n
      end
   end
   return 1
end

-- -- Run-time helpers of the generated code (sql_script's H, Q, P, E) -------------

local H = {}

function H.undefined(V, name)
   local v = V[name]
   if v == nil then fail("%s: undefined variable \"%s\"", R.W.at or "?", R.show(name)) end
   return v
end

-- The last row of rs into variables `names` (with the prefix).
local function store_row(V, rs, names, prefix, n)
   local row
   for _ = 1, n do row = rs:fetch_row() end
   if not row then return end
   for i, name in ipairs(names) do
      local v = row[i]
      V[prefix .. name] = v == nil and R.NULL or v
   end
end

-- \gset / \aset: the row's values into variables named from the select
-- list (sql_script.select_names), with the prefix. \gset wants exactly
-- one row of the last query; \aset takes the last row of every query of
-- a compound (none if it has none).
function H.gset(V, rs, st)
   local g = st.gset
   if g.all then
      if not st.compound and rs then
         store_row(V, rs, g.parts[1] or {}, g.prefix, rs.nrows)
      end
      return -- a compound's: aset_parts
   end
   while st.compound and st.con:more_results() do
      rs = st.con:next_result() or rs -- the last query's rows
   end
   local n = rs and rs.nrows or 0
   if n ~= 1 then
      fail("%s: \\gset: expected one row, got %d", R.W.at, n)
   end
   store_row(V, rs, g.names, g.prefix, 1)
end

local usleep
do
   local ok = pcall(ffi.cdef, "int usleep(unsigned int usec);")
   usleep = ok and C.usleep or function() end
end

-- \sleep: the virtual user waits (its worker runs others), or the thread.
function H.sleep(us)
   us = tonumber(us)
   if us <= 0 then return end
   local vu = rawget(sysbench, "vu")
   if vu and vu.in_user() then
      vu.sleep_until(C.bench_vu_now() + us * 1000)
   else
      while us > 0 do -- usleep takes less than a second (POSIX)
         usleep(math.min(us, 999999))
         us = us - 999999
      end
   end
end

-- Several scripts: each one's last SQL command counts in the script's
-- kind, timed from the script's start (sql_script.compile's span_label).
-- (bench.sql declares these once a state uses it: looked up at the call)
function H.ticks()
   return C.bench_db_ticks()
end
function H.span(con, t0)
   C.bench_db_span(con, t0)
end

-- Simple mode: the text with the values in.
local aset_parts

local function Q(st, text)
   if st.aset_parts then return aset_parts(st, text) end
   return st.con:query(text, st.opts)
end

local VARCHAR_LEN = 1024

-- A parameter's type follows the first value it is given (pgbench sends
-- every value as text and lets the server type it; bench binds types):
-- an integer BIGINT, a double DOUBLE, anything else VARCHAR.
local function bind_now(st)
   local T = sysbench.sql.type
   local params = {}
   for i = 1, #st do
      local p, v = st[i], st[i].v
      local t = type(v)
      if t == "number" or t == "cdata" then
         p.kind = 1
         p.param = st.stmt:bind_create(T.BIGINT)
      elseif t == "table" and v.d then
         p.kind = 2
         p.param = st.stmt:bind_create(T.DOUBLE)
      else
         p.kind = 3
         p.max = math.max(VARCHAR_LEN, #R.text(v))
         p.param = st.stmt:bind_create(T.VARCHAR, p.max)
      end
      p.buf, p.nul = p.param.buffer, p.param.is_null
      params[i] = p.param
   end
   st.stmt:bind_param(unpack(params))
   st.unbound = false
   for i = 1, #st do
      st.set_slow(st[i], st[i].v)
   end
end

-- Everything but an integer into an integer parameter (P's fast path).
local function set_slow(p, v)
   if not p.kind then
      p.v = v
      return
   end
   if v == R.NULL then
      p.nul[0], p.t = 1, 0
      return
   end
   p.nul[0] = 0
   if p.kind == 1 then
      p.buf[0] = R.to_int(v)
      p.t = 1
   elseif p.kind == 2 then
      p.buf[0] = R.to_double(v)
   else
      p.param:set(R.text(v))
   end
end

local function P(p, v)
   if p.t == 1 and type(v) == "number" then
      p.buf[0] = v
      return
   end
   return set_slow(p, v)
end

-- The text of a compound statement with the values P stored in.
local function compound_text(st)
   local out, k = {}, 0
   for _, p in ipairs(st.pieces) do
      if type(p) == "table" then
         k = k + 1
         out[#out + 1] = R.text(st[k].v)
      else
         out[#out + 1] = p
      end
   end
   return table.concat(out)
end

-- \aset after queries joined by \; : each query sent alone, so that
-- every result reaches its variables (PostgreSQL's PQexec keeps only the
-- last one).
aset_parts = function(st, text)
   local g = st.gset
   local k = 0
   for q in (text:gsub("%s+$", ""):gsub(";$", "") .. ";"):gmatch("([^;]*);") do
      k = k + 1
      local rs = st.con:query(q:match("^%s*(.-)$") .. ";", st.opts)
      if rs and g.parts[k] then store_row(st.V, rs, g.parts[k], g.prefix, rs.nrows) end
   end
end

local function E(st)
   if st.aset_parts then
      return aset_parts(st, st.pieces and compound_text(st) or st.text)
   end
   if st.text_only then
      return st.con:query(st.pieces and compound_text(st) or st.text, st.opts)
   end
   if st.unbound then bind_now(st) end
   return st.stmt:execute()
end

-- -- Compiling (once per Lua state) -------------------------------------------------

local compiled -- {fn, stmts, name, weight} per script, and the dispatcher

local function load_script(s, idx, known, mode, defined, span)
   local out = SS.compile(s.name, s.cmds, s.plain and {} or known, mode, idx, defined,
                          span and s.name or nil)
   return { fn = SS.load(s.name, out, R, H, Q, P, E), stmts = out.stmts,
            name = s.name, weight = s.weight }
end

-- One script: call it; several: a uniform draw over the summed weights and
-- a chain of ifs (generated, so no loop).
local function dispatcher(list, total)
   if #list == 1 then return list[1].fn end
   local src, upto, args = { "local u, total" }, 0, {}
   for i = 1, #list do src[1] = src[1] .. ", f" .. i end
   src[#src + 1] = " = ...\nreturn function(c)\nlocal r = u(1, total)"
   for i, s in ipairs(list) do
      upto = upto + s.weight
      src[#src + 1] = string.format("if r <= %d then return f%d(c) end", upto, i)
      args[i] = s.fn
   end
   src[#src + 1] = "end"
   return loadstring(table.concat(src, "\n"), "=dispatch")(C.sb_rand_uniform,
                                                           total, unpack(args))
end

local function mode()
   local m = sysbench.opt.query_mode
   if m ~= "simple" and m ~= "extended" and m ~= "prepared" then
      fail("--query-mode must be simple, extended or prepared, not '%s'",
           tostring(m))
   end
   return m
end

local function compile_all()
   if compiled then return compiled end
   local drv = sysbench.sql.driver():name()
   local list, total = scripts(drv)
   local defs = defines()
   local known = known_names(list, defs)
   local defined = { scale = true, client_id = true, random_seed = true, default_seed = true }
   for k in pairs(defs) do defined[k] = true end
   local m = mode()
   local out = { scripts = {} }
   local weighted_list = {}
   local n_run = 0
   for _, s in ipairs(list) do
      if s.weight > 0 then n_run = n_run + 1 end
   end
   for i, s in ipairs(list) do
      out.scripts[i] = load_script(s, i, known, m, defined, n_run > 1)
      if s.weight > 0 then weighted_list[#weighted_list + 1] = out.scripts[i] end
   end
   out.run = dispatcher(weighted_list, total)
   out.mode = m
   compiled = out
   return out
end

-- -- Statements of a client -------------------------------------------------------------

-- Extended mode's statements are unnamed (bench.sql's prepare option):
-- every command, with variables or not, is sent with its values in one
-- request, as pgbench -M extended sends each with PQsendQueryParams.
local function client_statements(c, script, text_only_plain)
   local S = {}
   local mode = compiled.mode
   local unnamed = mode == "extended" or nil
   for i, s in ipairs(script.stmts) do
      local st = { con = c.con, opts = { kind = s.kind, unnamed = unnamed },
                   gset = s.gset, text = s.text, set_slow = set_slow,
                   compound = s.compound }
      if mode ~= "simple" and s.compound then
         st.text_only = true -- \; queries, as text (one statement each)
         st.pieces = s.pieces
      elseif mode ~= "simple" then
         if #s.vars == 0 and text_only_plain and not unnamed then
            st.text_only = true
         else
            st.stmt = c.con:prepare(s.ps_text, st.opts)
            st.unbound = #s.vars > 0
            for k = 1, #s.vars do st[k] = { t = 0 } end
         end
      end
      st.V = c.V
      st.aset_parts = s.compound and s.gset and s.gset.all
      if st.text_only then
         for k = 1, #s.vars do st[k] = { t = 0 } end
      end
      S[i] = st
   end
   return S
end

-- -- The workload's functions -----------------------------------------------------------

function init()
   local drv = sysbench.sql.driver()
   local list = scripts(drv:name())
   mode()
   local labels = 0
   for _, s in ipairs(list) do
      for _, c in ipairs(s.cmds) do
         if c.type == "sql" then labels = labels + 1 end
      end
   end
   -- (detail.h's DETAIL_KIND_MAX less its 13 kinds of its own)
   if labels > 115 then
      print(string.format("NOTE: %d statements, bench labels 115 per run " ..
                             "(statement kinds): the rest count as 'other'", labels))
   end
   local scale = run_scale(list)
   for _ = 1, scale do C.bench_db_load_tally(SCALE_KEY) end
   local builtin = false
   for _, s in ipairs(list) do builtin = builtin or s.builtin end
   if builtin and drv:name() == "pgsql" and sysbench.opt.vacuum then
      local con = drv:connect()
      con:query("VACUUM pgbench_branches")
      con:query("VACUUM pgbench_tellers")
      con:query("TRUNCATE pgbench_history")
      con:disconnect()
   end
end

function thread_init()
   local cc = compile_all()
   local con = sysbench.sql.driver():connect()
   local c = { con = con, S = {} }
   local V = defines()
   V.scale = C.bench_db_load_count(SCALE_KEY)
   if V.scale <= 0 then V.scale = run_scale({}) end
   V.client_id = sysbench.tid
   V.random_seed = tonumber(sysbench.opt.rand_seed) or 0
   V.default_seed = default_seed()
   c.V = V
   local mysql = sysbench.sql.driver():name() == "mysql"
   for i, s in ipairs(cc.scripts) do
      c.S[i] = client_statements(c, s, mysql)
   end
   sql_client = c
   sql_run = cc.run
end

function thread_done()
   if sql_client then sql_client.con:disconnect() end
end

function event()
   sql_run(sql_client)
end

-- An ignorable error abandons the transaction: roll it back before the
-- script starts again, as the server refuses more of an aborted one.
sysbench.hooks.before_restart_event = function()
   if sql_client then pcall(sql_client.con.query, sql_client.con, "ROLLBACK") end
end

-- -- prepare and cleanup -------------------------------------------------------------

local function cmd_prepare()
   local o = sysbench.opt
   local builtin = #o.builtin > 0
   if builtin then
      if o.scale < 0 then fail("--scale must be at least 1") end
      return B.prepare({ scale = o.scale == 0 and 1 or o.scale,
                         bulk_load = o.bulk_load, fillfactor = o.fillfactor })
   end
   if sysbench.tid % o.threads ~= 0 then return end
   local con = sysbench.sql.driver():connect()
   if o.create ~= "" then
      for _, cmd in ipairs(SL.create_statements()) do con:query(cmd.text) end
   end
   if o.auto_generate_sql then SL.auto_prepare(con) end
   if o.create == "" and not o.auto_generate_sql then
      print("Nothing to prepare: --builtin, --create or --auto-generate-sql " ..
               "make tables; scripts use the tables they find")
   end
   con:disconnect()
end

sysbench.cmdline.commands = {
   prepare = { cmd_prepare, sysbench.cmdline.PARALLEL_COMMAND },
}

function cleanup()
   local o = sysbench.opt
   local con = sysbench.sql.driver():connect()
   if #o.builtin > 0 then
      print("Dropping the pgbench tables...")
      B.drop(con)
   end
   if o.create ~= "" then
      local _, tables = SL.create_statements()
      for _, t in ipairs(tables) do con:query("DROP TABLE IF EXISTS " .. t) end
   end
   if o.auto_generate_sql then con:query("DROP TABLE IF EXISTS t1") end
   con:disconnect()
end

-- For tests: the parser and the expression language.
sql_internal = { expr = X, script = SS, builtin = B }
