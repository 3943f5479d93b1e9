#!/usr/bin/env bench
-- SPDX-License-Identifier: MIT
-- oltp_insert: one INSERT per event as a plain query (not prepared), into
-- a random table. Ids: the server's (auto_inc), or unique client values.
require("oltp_common")

-- Without auto_inc the client's ids would collide with loaded rows, so
-- prepare creates empty tables.
sysbench.cmdline.commands.prepare = {
   function()
      if not sysbench.opt.auto_inc then
         sysbench.opt.table_size = 0
      end
      cmd_prepare()
   end,
   sysbench.cmdline.PARALLEL_COMMAND
}

function prepare_statements()
   -- Nothing to prepare: the statements are plain queries.
end

function event()
   local opt = sysbench.opt
   local tbl = "sbtest" .. sysbench.rand.uniform(1, opt.tables)
   local k = sysbench.rand.default(1, opt.table_size)
   local c = get_c_value()
   local pad = get_pad_value()
   if (drv:name() == "pgsql" or drv:name() == "sqlite") and opt.auto_inc then
      -- PostgreSQL's SERIAL and SQLite's rowid take the next value only if
      -- id is omitted.
      con:query(string.format("INSERT INTO %s (k, c, pad) VALUES " ..
                                 "(%d, '%s', '%s')", tbl, k, c, pad))
   else
      -- MySQL's AUTO_INCREMENT assigns the next value for id 0.
      local id = opt.auto_inc and 0 or sysbench.rand.unique() - 2147483648
      con:query(string.format("INSERT INTO %s (id, k, c, pad) VALUES " ..
                                 "(%d, %d, '%s', '%s')", tbl, id, k, c, pad))
   end
   check_reconnect()
end
