-- Creates (createdb) or drops (dropdb) database --db-name, connected to an
-- existing one (sbtest): tests/db/legacy.sh works in a database of its own
-- per run, so runs side by side never meet.
sysbench.cmdline.options = {
   ["db-name"] = { "database to create or drop", "" },
}

local function connect()
   local drv = sysbench.sql.driver()
   return drv, drv:connect()
end

sysbench.cmdline.commands = {
   createdb = { function()
      local _, con = connect()
      con:query("CREATE DATABASE " .. sysbench.opt.db_name)
   end },
   dropdb = { function()
      local _, con = connect()
      con:query("DROP DATABASE IF EXISTS " .. sysbench.opt.db_name)
   end },
}
