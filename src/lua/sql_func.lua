-- SPDX-License-Identifier: MIT
-- sql_func: the functions of pgbench's expression language (PostgreSQL
-- 15's pgbench documentation, "Built-In Functions"), added to
-- sql_value's run-time table: numbers, hashes and random draws. The
-- random functions follow the documented distributions, drawing from
-- bench's per-thread generator; rejection steps are tail calls, not
-- loops, so that a transaction stays one LuaJIT trace.
local ffi = require("ffi")
local bit = require("bit")
local R = require("sql_value")

local I = R.internal
local fail, ovf, norm, dbl = I.fail, I.ovf, I.norm, I.dbl
local is_int, parse_text, to_int, to_double = I.is_int, I.parse_text,
   I.to_int, I.to_double
local cmp, fmt_double = I.cmp, I.fmt_double
local I64, INT64_MIN = I.I64, I.INT64_MIN
local NULL = R.NULL
local floor, abs = math.floor, math.abs

-- -- Functions --------------------------------------------------------------------

function R.abs(a)
   if type(a) == "number" then return abs(a) end
   if a == NULL then return NULL end
   if type(a) == "string" then a = parse_text(a) end
   if type(a) == "cdata" then
      if a == INT64_MIN then ovf("abs") end
      return a < 0 and -a or a
   end
   return dbl(abs(to_double(a)))
end

function R.int(a)
   if a == NULL then return NULL end
   return to_int(a)
end

function R.double(a)
   if a == NULL then return NULL end
   return dbl(to_double(a))
end

local function dfunc(f)
   return function(a)
      if a == NULL then return NULL end
      return dbl(f(to_double(a)))
   end
end
R.sqrt, R.exp, R.ln = dfunc(math.sqrt), dfunc(math.exp), dfunc(math.log)
function R.pi() return dbl(math.pi) end
function R.pow(a, b)
   if a == NULL or b == NULL then return NULL end
   return dbl(to_double(a) ^ to_double(b))
end

-- greatest / least: a double when any argument is one, else an integer.
local function extreme(sign, ...)
   local args = { ... }
   local any_double, best = false, nil
   for i = 1, #args do
      local v = args[i]
      if v == NULL then return NULL end
      if type(v) == "string" then v = parse_text(v) end
      if not is_int(v) then any_double = true end
      if best == nil or cmp(v, best) * sign > 0 then best = v end
   end
   if any_double then return dbl(to_double(best)) end
   return best
end
function R.greatest(...) return extreme(1, ...) end
function R.least(...) return extreme(-1, ...) end

-- -- Hashes (64-bit, over the integer's 8 bytes, low byte first) ------------------

local MM2_MUL = 0xc6a4a7935bd1e995ULL
local FNV_PRIME = 0x100000001b3ULL
local FNV_BASIS = 0xcbf29ce484222325ULL

local function signed(u)
   return norm(ffi.cast("int64_t", u))
end

-- MurmurHash64A (Austin Appleby) of the 8 bytes of a, seeded.
function R.hash_murmur2(a, seed)
   if a == NULL or seed == NULL then return NULL end
   local k = ffi.cast("uint64_t", I64(to_int(a)))
   local s = ffi.cast("uint64_t", I64(to_int(seed)))
   local h = bit.bxor(s, 8ULL * MM2_MUL)
   k = k * MM2_MUL
   k = bit.bxor(k, bit.rshift(k, 47))
   k = k * MM2_MUL
   h = bit.bxor(h, k) * MM2_MUL
   h = bit.bxor(h, bit.rshift(h, 47)) * MM2_MUL
   h = bit.bxor(h, bit.rshift(h, 47))
   return signed(h)
end
R.hash = R.hash_murmur2

-- FNV-1a 64 over the 8 bytes of a, its offset basis xored with the seed.
function R.hash_fnv1a(a, seed)
   if a == NULL or seed == NULL then return NULL end
   local v = ffi.cast("uint64_t", I64(to_int(a)))
   local h = bit.bxor(FNV_BASIS, ffi.cast("uint64_t", I64(to_int(seed))))
   h = bit.bxor(h, bit.band(v, 0xff)) * FNV_PRIME
   h = bit.bxor(h, bit.band(bit.rshift(v, 8), 0xff)) * FNV_PRIME
   h = bit.bxor(h, bit.band(bit.rshift(v, 16), 0xff)) * FNV_PRIME
   h = bit.bxor(h, bit.band(bit.rshift(v, 24), 0xff)) * FNV_PRIME
   h = bit.bxor(h, bit.band(bit.rshift(v, 32), 0xff)) * FNV_PRIME
   h = bit.bxor(h, bit.band(bit.rshift(v, 40), 0xff)) * FNV_PRIME
   h = bit.bxor(h, bit.band(bit.rshift(v, 48), 0xff)) * FNV_PRIME
   h = bit.bxor(h, bit.rshift(v, 56)) * FNV_PRIME
   return signed(h)
end

-- permute(i, size, seed): a bijection of [0, size) chosen by the seed.
-- pgbench documents what it is, not how it is computed, so its values
-- differ from pgbench's (docs/sql-workloads.md): here, a cycle walk of
-- six rounds of an invertible mix over the next power of two.
function R.permute(i, size, seed)
   if i == NULL or size == NULL or seed == NULL then return NULL end
   local n = I64(to_int(size))
   if n <= 0 then fail("pseudorandom permutation size must be greater than zero") end
   local v = I64(to_int(i)) % n
   if v < 0 then v = v + n end
   if n == 1 then return 0 end
   local bits = 1
   while bit.lshift(1LL, bits) < n do bits = bits + 1 end
   local mask = ffi.cast("uint64_t", bit.lshift(1LL, bits) - 1)
   local s = ffi.cast("uint64_t", I64(to_int(seed)))
   local x = ffi.cast("uint64_t", v)
   repeat
      for r = 1, 6 do
         local k = R.hash_murmur2(ffi.cast("int64_t", s + r), 0)
         x = bit.band(x * 0x9E3779B97F4A7C15ULL + ffi.cast("uint64_t", I64(k)), mask)
         x = bit.band(bit.bxor(x, bit.rshift(x, math.max(1, floor(bits / 2)))), mask)
      end
   until x < ffi.cast("uint64_t", n)
   return norm(ffi.cast("int64_t", x))
end

-- -- Random numbers ---------------------------------------------------------------

local C = ffi.C
local uniform32 = C.sb_rand_uniform
local uniform_double = C.sb_rand_uniform_double
local uniform_u64 = C.sb_rand_uniform_uint64

local function check_bounds(lb, ub)
   if lb == NULL or ub == NULL then fail("random bounds must not be NULL") end
   lb, ub = to_int(lb), to_int(ub)
   if ub < lb then fail("empty range given to random") end
   return lb, ub
end

-- An integer in [0, span): rejection of the top of the 64-bit range keeps
-- it unbiased; a tail call, not a loop (see the top of this file).
local function below_u64(span)
   local x = uniform_u64()
   local r = x % span
   if x - r > -span then return below_u64(span) end
   return r
end

-- random(lb, ub): uniform in [lb, ub].
function R.random(lb, ub)
   if type(lb) == "number" and type(ub) == "number" then
      local span = ub - lb
      if span >= 0 and span < 4294967296 then
         return lb + uniform32(0, span)
      end
   end
   lb, ub = check_bounds(lb, ub)
   local span = ffi.cast("uint64_t", I64(ub) - I64(lb)) + 1
   if span == 0 then return norm(ffi.cast("int64_t", uniform_u64())) end
   return norm(I64(lb) + ffi.cast("int64_t", below_u64(span)))
end

-- A uniform double in (0, 1].
local function open_unit()
   return 1 - uniform_double()
end

-- Integer i of [lb, ub] with probability f(i) - f(i + 1),
-- f(x) = exp(-p (x - lb) / n) / (1 - exp(-p)): inverse of that function.
function R.random_exponential(lb, ub, p)
   lb, ub = check_bounds(lb, ub)
   p = to_double(p)
   if not (p > 0) then fail("exponential parameter must be greater than zero (got %s)", fmt_double(p)) end
   local cut = math.exp(-p)
   local x = -math.log(cut + (1 - cut) * open_unit()) / p
   local n = tonumber(I64(ub) - I64(lb)) + 1
   return R.add(lb, floor(n * x))
end

-- A standard normal draw in [-p, p) (Box-Muller, drawn again outside).
local function truncated_normal(p)
   local u1, u2 = open_unit(), uniform_double()
   local z = math.sqrt(-2 * math.log(u1)) * math.sin(2 * math.pi * u2)
   if z < -p or z >= p then return truncated_normal(p) end
   return z
end

-- Integer i with probability f(i + 0.5) - f(i - 0.5), f(x) =
-- PHI(2 p (x - mu) / n) / (2 PHI(p) - 1), mu = (lb + ub) / 2.
function R.random_gaussian(lb, ub, p)
   lb, ub = check_bounds(lb, ub)
   p = to_double(p)
   if not (p >= 2) then fail("gaussian parameter must be at least 2.0 (got %s)", fmt_double(p)) end
   local z = truncated_normal(p)
   local n = tonumber(I64(ub) - I64(lb)) + 1
   return R.add(lb, floor(n * (z + p) / (2 * p)))
end

-- Bounded Zipfian over 1..n: P(k) / P(k + 1) = ((k + 1) / k)^s. Devroye's
-- rejection method for s > 1 (Non-Uniform Random Variate Generation,
-- X.6.1), redrawn past n.
local function zipf_draw(n, s, b)
   local u, v = open_unit(), uniform_double()
   local x = floor(u ^ (-1 / (s - 1)))
   local t = (1 + 1 / x) ^ (s - 1)
   if v * x * (t - 1) / (b - 1) <= t / b and x <= n then
      return x
   end
   return zipf_draw(n, s, b)
end

function R.random_zipfian(lb, ub, s)
   lb, ub = check_bounds(lb, ub)
   s = to_double(s)
   if not (s >= 1.001 and s <= 1000) then
      fail("zipfian parameter must be in range [1.001, 1000] (not %s)", fmt_double(s))
   end
   local n = tonumber(I64(ub) - I64(lb)) + 1
   return R.add(lb, zipf_draw(n, s, 2 ^ (s - 1)) - 1)
end

-- debug(x): prints x's type and value on stderr, returns x.
function R.debug(where, x)
   io.stderr:write(string.format("debug(%s): %s\n", where, R.describe(x)))
   return x
end

return R
