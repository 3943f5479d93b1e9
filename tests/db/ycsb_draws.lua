-- SPDX-License-Identifier: MIT
-- ycsb_draws.lua (tests/db/ycsb.sh): ycsb.lua's key generators as its run
-- uses them, drawn --draws times; prints "KEY COUNT" lines for
-- tests/db/ycsb_fit.py. `bench ycsb_draws.lua --gen=G draws`, G one of
-- zipfian100 (the zipfian over 0..99), scrambled, latest, uniform (the
-- key choosers over --recordcount records), fnv (the keys of 0..9),
-- setkey (the run's key writer against key_name).
require("ycsb")

sysbench.cmdline.options.gen = { "generator", "zipfian100" }
sysbench.cmdline.options.draws = { "draws", 100000 }

local function draws()
   local Y = ycsb_internal
   local gen, n = sysbench.opt.gen, sysbench.opt.draws
   local counts = {}
   local next_value
   if gen == "zipfian100" then
      local z = Y.zipfian(100)
      next_value = function() return z.next(100) end
   elseif gen == "setkey" then
      -- The run's key writer against key_name, hashed and ordered, with
      -- and without zero padding.
      local ffi = require("ffi")
      local p = { buffer = ffi.new("char[256]"), max_len = 255,
                  data_len = ffi.new("unsigned long[1]"),
                  is_null = ffi.new("char[1]") }
      local bad = 0
      for _, v in ipairs({ { true, 1 }, { true, 25 }, { false, 1 },
                           { false, 12 } }) do
         local s = { hashed = v[1], pad = v[2] }
         for i = 0, n - 1 do
            Y.set_key(s, p, i)
            if ffi.string(p.buffer, p.data_len[0]) ~= Y.key_name(s, i) then
               bad = bad + 1
            end
         end
      end
      print("mismatches " .. bad)
      return
   elseif gen == "fnv" then
      for i = 0, 9 do
         print(i .. " " .. string.format("%d", Y.fnv64(i)))
      end
      return
   else
      local s = Y.settings()
      s.dist = gen == "scrambled" and "zipfian" or gen
      next_value = Y.key_chooser(s, 0)
   end
   for _ = 1, n do
      local k = next_value()
      counts[k] = (counts[k] or 0) + 1
   end
   for k, c in pairs(counts) do
      print(string.format("%d %d", k, c))
   end
end

sysbench.cmdline.commands.draws = { draws }
