#!/usr/bin/env bench
-- SPDX-License-Identifier: MIT
-- tpcc: a TPC-C workload (revision 5.11) written from the specification
-- (docs/tpcc.md): `bench tpcc prepare|run|check|cleanup`. The tables and
-- their population are tpcc_load's, the transactions tpcc_txn's, the
-- consistency conditions tpcc_check's, the random inputs tpcc_rand's.
-- This file holds the options, the terminals' event loop (the mix, the
-- keying and think times) and the TPC-C figures printed after the report.
local ffi = require("ffi")
local C = ffi.C

sysbench.cmdline.options = {
   warehouses = { "Number of warehouses of each set of tables", 1 },
   tables = { "Number of sets of the nine tables (warehouse1, district1, " ..
                 "... then warehouse2, ...); terminals are spread over them",
              1 },
   keying_times = { "Wait the keying time of TPC-C clause 5.2.5.7 before " ..
                       "each transaction (needs --virtual-users)", false },
   think_times = { "Wait a think time (TPC-C clause 5.2.5.7: negative " ..
                      "exponential, at most 10x the mean) after each " ..
                      "transaction (needs --virtual-users)", false },
   bulk_load = { "How prepare loads rows: auto (COPY or LOAD DATA LOCAL " ..
                    "where the server allows it, else multi-row INSERTs), " ..
                    "copy (only those) or insert (INSERTs)", "auto" },
}

-- Bounds of the sizes, checked by every command before anything is made.
local bounds = { { "warehouses", 1, 100000 }, { "tables", 1, 1000 } }

local function check_options()
   for _, b in ipairs(bounds) do
      local v = sysbench.opt[b[1]]
      if not (type(v) == "number" and v >= b[2] and v <= b[3] and
              v == math.floor(v)) then
         error(string.format("--%s=%s: must be an integer in %d..%d", b[1],
                             tostring(v), b[2], b[3]), 0)
      end
   end
   local mode = sysbench.opt.bulk_load
   if mode ~= "auto" and mode ~= "copy" and mode ~= "insert" then
      error("--bulk_load=" .. tostring(mode) .. ": auto, copy or insert", 0)
   end
   return sysbench.opt.tables, sysbench.opt.warehouses
end

-- -- Commands ----------------------------------------------------------------

local function cmd_prepare()
   require("tpcc_load").prepare(check_options())
end

local function cmd_check()
   local sets = check_options()
   if require("tpcc_check").check(sets) > 0 then
      error(require("bench.builtin").FAILED, 0) -- exit status 1, nothing more
   end
end

sysbench.cmdline.commands = {
   prepare = { cmd_prepare, sysbench.cmdline.PARALLEL_COMMAND },
   check = { cmd_check },
}

function cleanup()
   require("tpcc_load").cleanup((check_options()))
end

-- -- The run ---------------------------------------------------------------------

local T_ = require("tpcc_txn")
local R = require("tpcc_rand")

-- Keying and mean think times in seconds (clause 5.2.5.7).
local waits = {
   new_order = { 18, 12 }, payment = { 3, 12 }, order_status = { 2, 10 },
   delivery = { 2, 5 }, stock_level = { 2, 5 },
}

-- The mix (clause 5.2.3) as a deck of 100 cards (clause 5.2.4.2 allows a
-- deck): 45 New-Order, 43 Payment, 4 each of the others, shuffled anew
-- each time a terminal has drawn them all, so that every 100 transactions
-- of a terminal hold the mix exactly.
local deck = {}
for card, n in pairs({ new_order = 45, payment = 43, order_status = 4,
                       delivery = 4, stock_level = 4 }) do
   for _ = 1, n do
      deck[#deck + 1] = card
   end
end
table.sort(deck) -- the same deck in every state, whatever pairs' order

local function draw(T)
   local pos = T.pos
   if pos > #deck then
      local cards, uniform = T.cards, sysbench.rand.uniform
      for i = #cards, 2, -1 do
         local j = uniform(1, i)
         cards[i], cards[j] = cards[j], cards[i]
      end
      pos = 1
   end
   T.pos = pos + 1
   return T.cards[pos]
end

local function terminals()
   local vu = sysbench.opt.virtual_users or 0
   return vu > 0 and vu or sysbench.opt.threads
end

function init()
   check_options()
   local o = sysbench.opt
   if (o.keying_times or o.think_times) and
      not ((o.virtual_users or 0) > 0) then
      error("--keying-times and --think-times need --virtual-users (a " ..
               "terminal each, e.g. 10 per warehouse)", 0)
   end
end

function thread_init()
   local sets, warehouses = check_options()
   local T = T_.terminal(sysbench.tid, terminals(), sets, warehouses)
   T.cards, T.pos = {}, #deck + 1
   for i = 1, #deck do
      T.cards[i] = deck[i]
   end
   T.keying, T.think = sysbench.opt.keying_times, sysbench.opt.think_times
   T.mysql = T.driver == "mysql"
   terminal = T -- a global: each virtual user has its own
end

function thread_done()
   T_.close(terminal)
end

-- The pause after a transaction: its think time, then the keying time of
-- the next one, whose card is drawn now (clause 5.2.5.7).
local function pause(T, card)
   local ms = 0
   if T.think then
      ms = R.think_time(waits[card][2]) * 1000
   end
   if T.keying then
      T.next_card = draw(T)
      ms = ms + waits[T.next_card][1] * 1000
   end
   sysbench.vu.pause(ms)
end

-- T.open: the event's transaction is under way, from its start until it
-- ends. Still set when event() comes again, the transaction failed with
-- an ignorable error (a deadlock, a lock wait timeout, a serialization
-- failure; any other error ends the run) and bench runs the event again:
-- with the same card and start time, as sysbench restarts an event, so
-- that its kind's time includes the failed attempts, as the event's
-- latency does. MySQL keeps the transaction open after a lock wait
-- timeout (only the statement is rolled back), so it is rolled back
-- here first; PostgreSQL's and SQLite's are by bench itself. No pcall:
-- a transaction called from one returns to a frame LuaJIT cannot record
-- a return to, so every path of it LuaJIT had not compiled at first ran
-- in the interpreter (docs/tpcc.md, "Cost").
function event()
   local T = terminal
   if T.open then
      if T.mysql then
         pcall(T.con.query, T.con, "ROLLBACK")
      end
   else
      T.card = T.next_card or draw(T)
      T.next_card = nil
      T.t0 = C.bench_db_ticks()
   end
   T.open = true
   local card = T.card
   T_[card](T)
   T.open = false
   if T.keying or T.think then
      pause(T, card)
   end
end

-- -- The TPC-C figures, after sysbench's report ------------------------------------

-- Printed after the report (and each checkpoint report) from the
-- transaction kinds, which bench counts while it measures
-- (--extended-report=on, --results, --format, --metrics-addr).
local function count(kind)
   return kind and kind.reads + kind.writes + kind.other or 0
end

local order = { "new_order", "payment", "order_status", "delivery",
                "stock_level" }

local function print_figures(stat)
   local kinds = stat.kinds
   if kinds == nil then
      print("TPC-C: tpmC and the transaction mix need bench's " ..
               "measurements: add --extended-report=on (or --results=FILE)")
      return
   end
   local rolled = count(kinds[T_.ROLLBACK_KIND])
   local n, total = {}, 0
   for _, card in ipairs(order) do
      n[card] = count(kinds[T_.KINDS[card]])
      total = total + n[card]
   end
   n.new_order = n.new_order + rolled
   total = total + rolled
   local minutes = stat.time_total / 60
   local tpmc = minutes > 0 and n.new_order / minutes or 0
   print("TPC-C transactions (docs/tpcc.md):")
   for _, card in ipairs(order) do
      print(string.format("    %-36s %10d (%6.2f%%)", T_.KINDS[card] .. ":",
                          n[card], total > 0 and 100 * n[card] / total or 0))
   end
   print(string.format("    %-36s %10d", "new-order rolled back:", rolled))
   print(string.format("    %-36s %13.2f", "tpmC (New-Order per minute):",
                       tpmc))
   local o = sysbench.opt
   if o.keying_times and o.think_times then
      local w = o.warehouses * o.tables
      print(string.format("    %-36s %12.2f%% (%d terminals for %d " ..
                             "warehouses; 10 each is TPC-C's)",
                          "efficiency (of 12.86 tpmC a warehouse):",
                          100 * tpmc / (12.86 * w), terminals(), w))
   end
   print("")
end

sysbench.builtin = { report_cumulative_end = print_figures }
