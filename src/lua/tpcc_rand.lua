-- SPDX-License-Identifier: MIT
-- tpcc_rand: the random inputs of TPC-C (revision 5.11), written from the
-- specification: NURand and its constants (clause 2.1.6), customer last
-- names (4.3.2.3), a-strings, zip codes and the "ORIGINAL" data strings
-- (4.3.2.2, 4.3.2.7, 4.3.3.1), and the negative exponential think time
-- (5.2.5.4). A module of its own so that tests draw through the very
-- functions the workload uses (tests/db/tpcc_nurand.lua).
local rand = sysbench.rand
local uniform = rand.uniform

local M = {}

-- The constants C of NURand (clause 2.1.6): one per field, the same for
-- every terminal. They are fixed here, chosen once at random, rather than
-- drawn per process: the workers of a run (and the processes of a prepare
-- and a later run) have no channel to agree on a drawn value, and the
-- specification asks only that C be a constant of [0..A] that can be
-- varied without changing performance. For C_LAST the load and the run
-- use different values whose distance C_DELTA obeys clause 2.1.6.1:
-- within 65..119 and neither 96 nor 112 (tests/db/tpcc.sh checks it).
M.C_LAST_LOAD = 157
M.C_LAST_RUN = 223 -- C_DELTA = 66
M.C_ID = 259       -- A = 1023, customer ids 1..3000
M.C_OL_I_ID = 7911 -- A = 8191, item ids 1..100000

-- NURand(A, x, y) = (((random(0, A) | random(x, y)) + C) % (y - x + 1)) + x
local bor = require("bit").bor
function M.nurand(A, x, y, C)
   return (bor(uniform(0, A), uniform(x, y)) + C) % (y - x + 1) + x
end

local nurand = M.nurand

function M.customer_id()
   return nurand(1023, 1, 3000, M.C_ID)
end

function M.item_id()
   return nurand(8191, 1, 100000, M.C_OL_I_ID)
end

-- The number (0..999) whose last name a run looks customers up by.
function M.last_name_number()
   return nurand(255, 0, 999, M.C_LAST_RUN)
end

-- C_LAST (clause 4.3.2.3): the syllables of the three digits of n in
-- 0..999, e.g. 371 -> PRICALLYOUGHT. All 1000 are made once per state.
local syllables = { "BAR", "OUGHT", "ABLE", "PRI", "PRES", "ESE", "ANTI",
                    "CALLY", "ATION", "EING" }
local last_names = {}
for n = 0, 999 do
   last_names[n] = syllables[math.floor(n / 100) + 1] ..
      syllables[math.floor(n / 10) % 10 + 1] .. syllables[n % 10 + 1]
end

function M.last_name(n)
   return last_names[n]
end

-- random a-string [x .. y] (clause 4.3.2.2): alphanumeric, of a length
-- drawn uniformly from x..y. For the few rows the load makes in Lua; the
-- large tables' come from C (db_load_tpcc.c, sb_rand_alnum).
local ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
function M.astring(x, y)
   local t = {}
   for i = 1, uniform(x, y) do
      local k = uniform(1, 62)
      t[i] = ALNUM:sub(k, k)
   end
   return table.concat(t)
end

-- A zip code (clause 4.3.2.7): a random n-string of 4 numbers and the
-- constant "11111".
function M.zip()
   return rand.string("####11111")
end

-- A random decimal of `scale` places in [lo, hi], as text (no rounding
-- of a binary fraction on its way to a DECIMAL column).
function M.decimal(lo, hi, scale)
   local f = 10 ^ scale
   local v = uniform(lo * f, hi * f)
   return string.format("%." .. scale .. "f", v / f)
end

-- A negative exponential think time of mean `mean` (clause 5.2.5.4:
-- Tt = -log(r) * mean, r uniform in (0, 1]), at most 10 times the mean.
function M.think_time(mean)
   local r = 1 - rand.uniform_double() -- (0, 1]
   return math.min(-math.log(r) * mean, 10 * mean)
end

return M
