-- SPDX-License-Identifier: MIT
-- bench.rand: sysbench.rand (INV 9.6) over the C generators of rand.c.
local ffi = require("ffi")
local C = ffi.C

local rand = {}

-- One growing buffer per state for generated strings: no allocation per
-- call once it is large enough.
local buf, buf_len = nil, 0
local function scratch(n)
   if n > buf_len then
      buf_len = math.max(n, 256)
      buf = ffi.new("char[?]", buf_len + 1)
   end
   return buf
end

-- The C generators take uint32 bounds: a negative or huge bound would wrap
-- (-5 becomes 4294967291), so each range is checked here, with an error
-- naming the function and its arguments (issue 12). NaN fails every test.
local UINT32_MAX = 4294967295
-- varstring's scratch buffer is max_len bytes: a bound a script means, not
-- one that fills the memory.
local VARSTRING_MAX = 16 * 1024 * 1024

-- Raises the error for sysbench.rand.<name>(a, b), naming the line of
-- the caller of that function (`level` frames up from here).
local function bad_range(name, a, b, rule, level)
   error(string.format("sysbench.rand.%s(%s, %s): %s", name, tostring(a),
                       tostring(b), rule), level)
end

-- The bounds of the uint32 generators (the JIT inlines this check).
local function check_range(name, a, b)
   if not (a >= 0 and a <= b and b <= UINT32_MAX) then
      bad_range(name, a, b, "bounds must be in 0..4294967295 with min <= max",
                4)
   end
end

function rand.uniform(a, b)
   check_range("uniform", a, b)
   return C.sb_rand_uniform(a, b)
end
function rand.default(a, b)
   check_range("default", a, b)
   return C.sb_rand_default(a, b)
end
function rand.gaussian(a, b)
   check_range("gaussian", a, b)
   return C.sb_rand_gaussian(a, b)
end
function rand.special(a, b)
   check_range("special", a, b)
   return C.sb_rand_special(a, b)
end
function rand.pareto(a, b)
   check_range("pareto", a, b)
   return C.sb_rand_pareto(a, b)
end
function rand.zipfian(a, b)
   check_range("zipfian", a, b)
   return C.sb_rand_zipfian(a, b)
end
function rand.unique() return C.sb_rand_unique() end
function rand.uniform_uint64() return C.sb_rand_uniform_uint64() end
function rand.uniform_double() return C.sb_rand_uniform_double() end

function rand.string(fmt)
   if type(fmt) ~= "string" then
      error("sysbench.rand.string(fmt): fmt must be a string, got " ..
               type(fmt), 2)
   end
   local n = #fmt
   local b = scratch(n)
   C.sb_rand_str(fmt, b)
   return ffi.string(b, n)
end

function rand.varstring(min_len, max_len)
   if not (min_len >= 0 and min_len <= max_len and max_len > 0 and
           max_len <= VARSTRING_MAX) then
      bad_range("varstring", min_len, max_len,
                "lengths must be 0 <= min <= max, " ..
                   "0 < max <= " .. VARSTRING_MAX, 3)
   end
   local b = scratch(max_len)
   local n = C.sb_rand_varstr(b, min_len, max_len)
   return ffi.string(b, n)
end

return rand
