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

-- permute(i, size, seed): pgbench's permutation of [0, size) (PostgreSQL
-- 15's pgbench, written here from its description): six rounds, each a
-- multiply by an odd number, an xor and a one-bit rotation of the lower
-- power-of-two part of the range, the same of the upper part (counted
-- from the top), then an offset modulo the size; the numbers drawn from
-- xoroshiro128** seeded by two splitmix64 steps of the seed (PostgreSQL's
-- pg_prng), so that the same seed gives pgbench's values.
local function rotl(x, k)
   return bit.bor(bit.lshift(x, k), bit.rshift(x, 64 - k))
end

local function splitmix64(st)
   st.s = st.s + 0x9E3779B97F4A7C15ULL
   local z = st.s
   z = bit.bxor(z, bit.rshift(z, 30)) * 0xBF58476D1CE4E5B9ULL
   z = bit.bxor(z, bit.rshift(z, 27)) * 0x94D049BB133111EBULL
   return bit.bxor(z, bit.rshift(z, 31))
end

local function prng_seeded(seed)
   local st = { s = seed }
   local g = { splitmix64(st), splitmix64(st) }
   if g[1] == 0 and g[2] == 0 then -- all zeroes is a fixed point
      g[1], g[2] = 0x5851F42D4C957F2DULL, 0x14057B7EF767814FULL
   end
   return g
end

local function prng_next(g)
   local s0 = g[1]
   local sx = bit.bxor(g[2], s0)
   local v = rotl(s0 * 5ULL, 7) * 9ULL
   g[1] = bit.bxor(rotl(s0, 24), sx, bit.lshift(sx, 16))
   g[2] = rotl(sx, 37)
   return v
end

-- The k-th number (from 1) pg_prng draws from `seed`, as an integer:
-- pgbench's :default_seed is its draw number clients + 1 from
-- --random-seed (a draw seeds each client's generator first).
function R.pg_prng_draw(seed, k)
   local g = prng_seeded(ffi.cast("uint64_t", I64(seed)))
   local v
   for _ = 1, k do v = prng_next(g) end
   return norm(ffi.cast("int64_t", v))
end

-- The position of the highest bit set in x (x > 0).
local function top_bit(x)
   local n = 0
   while x > 1ULL do
      x = bit.rshift(x, 1)
      n = n + 1
   end
   return n
end

-- Uniform in [0, range] (range > 0): the top bits of a draw, rejected
-- above the range.
local function prng_upto(g, range)
   local shift = 63 - top_bit(range)
   local v
   repeat
      v = bit.rshift(prng_next(g), shift)
   until v <= range
   return v
end

-- One multiply-xor-rotate step of a value in [0, mask].
local function scramble(g, x, mask, bits)
   local m = bit.bor(bit.band(prng_next(g), mask), 1ULL)
   local r = bit.band(prng_next(g), mask)
   if x > mask then return x end
   x = bit.band(bit.bxor(x * m, r), mask)
   return bit.bor(bit.band(bit.lshift(x, 1), mask), bit.rshift(x, bits - 1))
end

function R.permute(i, size, seed)
   if i == NULL or size == NULL or seed == NULL then return NULL end
   local n = I64(to_int(size))
   if n <= 0 then fail("pseudorandom permutation size must be greater than zero") end
   if n < 2 then return 0 end
   local g = prng_seeded(ffi.cast("uint64_t", I64(to_int(seed))))
   local usize = ffi.cast("uint64_t", n)
   local v = ffi.cast("uint64_t", I64(to_int(i))) % usize
   local bits = top_bit(usize)
   local mask = bit.lshift(1ULL, bits) - 1ULL
   for _ = 1, 6 do
      v = scramble(g, v, mask, bits)
      v = usize - 1ULL - scramble(g, usize - 1ULL - v, mask, bits) -- the upper part
      v = (v + prng_upto(g, usize - 1ULL)) % usize
   end
   return norm(ffi.cast("int64_t", v))
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
