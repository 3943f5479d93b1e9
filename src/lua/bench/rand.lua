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

function rand.uniform(a, b) return C.sb_rand_uniform(a, b) end
function rand.default(a, b) return C.sb_rand_default(a, b) end
function rand.gaussian(a, b) return C.sb_rand_gaussian(a, b) end
function rand.special(a, b) return C.sb_rand_special(a, b) end
function rand.pareto(a, b) return C.sb_rand_pareto(a, b) end
function rand.zipfian(a, b) return C.sb_rand_zipfian(a, b) end
function rand.unique() return C.sb_rand_unique() end
function rand.uniform_uint64() return C.sb_rand_uniform_uint64() end
function rand.uniform_double() return C.sb_rand_uniform_double() end

function rand.string(fmt)
   local n = #fmt
   local b = scratch(n)
   C.sb_rand_str(fmt, b)
   return ffi.string(b, n)
end

function rand.varstring(min_len, max_len)
   assert(min_len <= max_len and max_len > 0,
          "varstring: min must be <= max and max > 0")
   local b = scratch(max_len)
   local n = C.sb_rand_varstr(b, min_len, max_len)
   return ffi.string(b, n)
end

return rand
