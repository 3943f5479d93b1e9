-- SPDX-License-Identifier: MIT
-- bench.option_index: the __index of a worker's sysbench.opt and, in the
-- 1.0 profile, of its _G (script.c). Options are built on their first read
-- (lookup, in C, stores the value in the table); a name that is no option
-- is remembered, so a script that reads an undefined global in event()
-- pays one table read there, in code the JIT compiles, instead of a call
-- into C on every read (which also stops the JIT: ~1800 instructions).
-- `chained` is the __index that was there before (bench.compat's for the
-- db_* globals), or nil.
local type = type
local MISSES_MAX = 1024 -- bounded for a script that reads ever new names

return function(lookup, chained)
   local misses, n = {}, 0
   return function(t, k)
      if not misses[k] then
         local found, v = lookup(t, k)
         if found then
            return v
         end
         if n < MISSES_MAX and type(k) == "string" then
            misses[k] = true
            n = n + 1
         end
      end
      if chained == nil then
         return nil
      elseif type(chained) == "function" then
         return chained(t, k)
      end
      return chained[k]
   end
end
