-- SPDX-License-Identifier: MIT
-- tpcc_nurand.lua: test helper for tests/db/tpcc.sh. `bench tpcc_nurand.lua
-- fit` draws TPC-C's three NURand inputs through tpcc_rand, the module the
-- workload draws them with, and tests each sample against the exact
-- distribution of NURand(A, x, y) with its constant C (clause 2.1.6) by
-- a chi-square test at the 0.001 level; then the same sample against the
-- distribution of another C, which the test must reject (its power).
-- One line each: "fit NAME: chi2 = S, df = K, critical = X: pass|fail".
-- TPCC_FIT_N draws per input (default 2,000,000).
local R = require("tpcc_rand")
local bit = require("bit")

-- P(NURand(A, x, y) = z) with constant C, for z in x..y, exactly:
-- v = r1 | r2, r1 uniform in 0..A (A = 2^k - 1), r2 uniform in x..y. For
-- an r2 of high part h and low k bits L, v's low bits are u with
-- probability 2^|L| / 2^k when u contains L (r1 holds u's other bits and
-- any of L's), else 0. So for each h, the weight of u is the sum over
-- the L inside u of n_h(L) 2^|L| (a sum over subsets: k passes), out of
-- 2^k (y - x + 1); v's high part is h.
local function nurand_pmf(A, x, y, C)
   local k = math.floor(math.log(A + 1) / math.log(2) + 0.5)
   assert(2 ^ k == A + 1, "A + 1 must be a power of two")
   local size, span = A + 1, y - x + 1
   local pmf = {}
   for z = x, y do
      pmf[z] = 0
   end
   local popcount = {}
   for u = 0, A do
      local c, v = 0, u
      while v > 0 do
         c, v = c + v % 2, math.floor(v / 2)
      end
      popcount[u] = c
   end
   for h = math.floor(x / size), math.floor(y / size) do
      local g = {}
      for u = 0, A do
         local r2 = h * size + u
         g[u] = (r2 >= x and r2 <= y) and 2 ^ popcount[u] or 0
      end
      for b = 0, k - 1 do
         local m = 2 ^ b
         for u = 0, A do
            if bit.band(u, m) ~= 0 then
               g[u] = g[u] + g[u - m]
            end
         end
      end
      for u = 0, A do
         if g[u] > 0 then
            local z = (h * size + u + C) % span + x
            pmf[z] = pmf[z] + g[u] / (size * span)
         end
      end
   end
   return pmf
end

-- Chi-square of counts against n * pmf over x..y, neighbouring values
-- pooled until each group expects at least 5: statistic, degrees of
-- freedom, and the 0.001 critical value (Wilson-Hilferty).
local function chi_square(counts, pmf, x, y, n)
   local stat, groups, e, o = 0, 0, 0, 0
   for z = x, y do
      e, o = e + n * pmf[z], o + (counts[z] or 0)
      if e >= 5 or z == y then
         if e > 0 then
            stat = stat + (o - e) ^ 2 / e
            groups = groups + 1
         elseif o > 0 then
            stat = math.huge
         end
         e, o = 0, 0
      end
   end
   local df = groups - 1
   local q = 2 / (9 * df)
   return stat, df, df * (1 - q + 3.0902 * math.sqrt(q)) ^ 3
end

local function fit(name, draw, A, x, y, C, wrong_C, n)
   local counts = {}
   for _ = 1, n do
      local z = draw()
      counts[z] = (counts[z] or 0) + 1
   end
   local total = 0
   for _, p in pairs(nurand_pmf(A, x, y, C)) do
      total = total + p
   end
   print(string.format("pmf %s sums to %.12f", name, total))
   for _, case in ipairs({ { C, "fit" }, { wrong_C, "other C" } }) do
      local stat, df, crit = chi_square(counts, nurand_pmf(A, x, y, case[1]),
                                        x, y, n)
      print(string.format("%s %s: chi2 = %.1f, df = %d, critical = %.1f: %s",
                          case[2], name, stat, df, crit,
                          stat <= crit and "pass" or "fail"))
   end
end

local function run()
   local n = tonumber(os.getenv("TPCC_FIT_N")) or 2000000
   fit("C_LAST NURand(255,0,999)", R.last_name_number, 255, 0, 999,
       R.C_LAST_RUN, R.C_LAST_LOAD, n)
   fit("C_ID NURand(1023,1,3000)", R.customer_id, 1023, 1, 3000, R.C_ID,
       R.C_ID + 1, n)
   fit("OL_I_ID NURand(8191,1,100000)", R.item_id, 8191, 1, 100000,
       R.C_OL_I_ID, R.C_OL_I_ID + 1, n)
   print(string.format("C_DELTA %d", math.abs(R.C_LAST_RUN - R.C_LAST_LOAD)))
end

sysbench.cmdline.commands = { fit = { run } }
