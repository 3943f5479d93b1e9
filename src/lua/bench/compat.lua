-- SPDX-License-Identifier: MIT
-- bench.compat: the 0.5-era globals of sysbench 1.0.20 (INV 10), loaded in
-- the 1.0 profile only, with sysbench.db and its db_* aliases when the
-- database layer is present.
return function(cfg)
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
   if sysbench.sql then
      sysbench.db = require("bench.legacy_db")
      for name, value in pairs(sysbench.db) do
         _G[name:match("^DB_ERROR_") and name or "db_" .. name] = value
      end
   end
end
