-- SPDX-License-Identifier: MIT
-- rand_hist.lua: histograms of sysbench.rand draws, for tests/rand_compare.sh.
-- Runs unchanged on bench and on sysbench 1.0.20 (`bench rand_hist.lua`,
-- no command): the caller picks the calls with RAND_WHAT (space-separated
-- names below) and the number of draws with RAND_DRAWS (10^6); --rand-type
-- and the other --rand-* options are the binary's own. Output, one line per
-- bin: "NAME GROUP BIN COUNT". A GROUP is one categorical variable (one
-- character position of a string, say); the comparison sums its
-- statistic over the groups of a NAME. Calls the binary lacks print
-- "NAME missing".
local rand = sysbench.rand
local draws = tonumber(os.getenv("RAND_DRAWS") or "1000000")

-- counts[group][bin] for the groups of one name
local function histogram() return setmetatable({}, {__index = function(t, g)
   local h = {} t[g] = h return h end}) end

local function add(h, bin) h[bin] = (h[bin] or 0) + 1 end

local function emit(name, hist)
   local out = {}
   for g, h in pairs(hist) do
      for bin, n in pairs(h) do
         out[#out + 1] = string.format("%s %s %s %d", name, g, bin, n)
      end
   end
   table.sort(out)
   io.write(table.concat(out, "\n"), "\n")
end

-- Draws over 1..100, one bin per value.
local function ranged(f)
   return function(h)
      local g = h.v
      for _ = 1, draws do add(g, f(1, 100)) end
   end
end

-- Top and bottom byte of a 64-bit unsigned cdata value.
local function bytes(x, h)
   add(h.top, tonumber(bit.rshift(x, 56)))
   add(h.low, tonumber(bit.band(x, 255)))
end

-- A format with letters and digits next to each other and a long run of
-- digits (several characters come from one draw in bench): every position,
-- and two pairs of positions jointly.
local STRING_FMT = "#@#@##########"

local calls = {
   default = ranged(rand.default),
   uniform = ranged(rand.uniform),
   gaussian = ranged(rand.gaussian),
   special = ranged(rand.special),
   pareto = ranged(rand.pareto),
   zipfian = rand.zipfian and ranged(rand.zipfian),
   -- a wide range: 40 bins of 10^8 values each
   uniform_wide = function(h)
      local g = h.v
      for _ = 1, draws do
         add(g, math.floor(rand.uniform(0, 3999999999) / 100000000))
      end
   end,
   uniform_uint64 = function(h)
      for _ = 1, draws do bytes(rand.uniform_uint64(), h) end
   end,
   uniform_double = function(h)
      local hi, lo = h.hi, h.lo
      for _ = 1, draws do
         local x = rand.uniform_double()
         add(hi, math.floor(x * 100))
         add(lo, math.floor(x * 2 ^ 40) % 64) -- low-order bits
      end
   end,
   unique = function(h)
      local seen, dup = {}, 0
      for _ = 1, draws do
         local v = rand.unique()
         if seen[v] then dup = dup + 1 end
         seen[v] = true
         add(h.top, math.floor(v / 2 ^ 24))
         add(h.low, v % 256)
      end
      add(h.duplicates, dup) -- one bin: the number of repeated values
   end,
   string = function(h)
      local pos = {}
      for i = 1, #STRING_FMT do pos[i] = h["p" .. i] end
      local j12, j56 = h.j12, h.j56
      for _ = 1, draws do
         local s = rand.string(STRING_FMT)
         for i = 1, #STRING_FMT do add(pos[i], s:byte(i)) end
         add(j12, s:byte(1) * 256 + s:byte(2))
         add(j56, s:byte(5) * 256 + s:byte(6))
      end
   end,
   -- lengths 1..8 and the characters of positions 1 and 8
   varstring = rand.varstring and function(h)
      local len, c1, c8 = h.len, h.c1, h.c8
      for _ = 1, draws do
         local s = rand.varstring(1, 8)
         add(len, #s)
         add(c1, s:byte(1))
         if #s == 8 then add(c8, s:byte(8)) end
      end
   end,
}

local known = {default = 1, uniform = 1, gaussian = 1, special = 1, pareto = 1,
   zipfian = 1, uniform_wide = 1, uniform_uint64 = 1, uniform_double = 1,
   unique = 1, string = 1, varstring = 1}

for name in (os.getenv("RAND_WHAT") or "default"):gmatch("%S+") do
   if not known[name] then error("rand_hist.lua: unknown call " .. name) end
   if calls[name] == nil then
      print(name .. " missing")
   else
      local hist = histogram()
      calls[name](hist)
      emit(name, hist)
   end
end
