-- SPDX-License-Identifier: MIT
-- bench.compat: the 0.5-era globals of sysbench 1.0.20 (INV 10), loaded in
-- the 1.0 profile only, with sysbench.db and its db_* aliases when the
-- database layer is present.
-- provide: bench.lua's, which defers sysbench.db to its first use in
-- worker states; the db_* globals then follow the first read of any of them
-- (through a metatable on _G, marked bench_lazy: script.c chains the
-- options' 1.0 globals before it, see script_export_legacy_globals).
return function(cfg, provide)
   local rand = sysbench.rand
   thread_id = sysbench.tid
   test = cfg.script_path
   function sb_rnd()
      return tonumber(rand.uniform_uint64() % 4294967296ULL)
   end
   sb_rand = rand.default
   sb_rand_str = rand.string
   sb_rand_uniform = rand.uniform
   sb_rand_gaussian = rand.gaussian
   sb_rand_special = rand.special
   function sb_rand_uniq(a, b)
      a = a or 0
      b = b or 4294967295
      local v
      repeat
         v = rand.unique()
      until v >= a and v <= b
      return v
   end
   mysql_table_engine = "innodb"
   myisam_max_rows = 1000000
   if not cfg.db then
      return
   end
   local lazy_globals, index_db
   provide("db", function()
      local db = require("bench.legacy_db")
      -- Not once script.c chained the option globals into it.
      if lazy_globals and getmetatable(_G) == lazy_globals and
         lazy_globals.__index == index_db then
         setmetatable(_G, nil)
      end
      -- A script's own definition of a db_* name wins, as when these were
      -- set before the script ran.
      for name, value in pairs(db) do
         local global = name:match("^DB_ERROR_") and name or "db_" .. name
         if rawget(_G, global) == nil then
            rawset(_G, global, value)
         end
      end
      return db
   end)
   if cfg.lazy and getmetatable(_G) == nil then
      index_db = function(g, k)
         if type(k) == "string" and (k:sub(1, 3) == "db_" or
                                     k:sub(1, 9) == "DB_ERROR_") then
            local _ = sysbench.db
            return rawget(g, k)
         end
      end
      lazy_globals = { __index = index_db, bench_lazy = true }
      setmetatable(_G, lazy_globals)
   end
end
