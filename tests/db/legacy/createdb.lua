-- Creates database --new-db if missing (tests/db/legacy.sh: each test file
-- has a database of its own). Connect to an existing one (sbtest).
sysbench.cmdline.options = {
   ["new-db"] = { "database to create", "" },
}
sysbench.cmdline.commands = {
   createdb = { function()
      local drv = sysbench.sql.driver()
      local con = drv:connect()
      local name = sysbench.opt.new_db
      if drv:name() == "mysql" then
         con:query("CREATE DATABASE IF NOT EXISTS " .. name)
      elseif con:query_row("SELECT 1 FROM pg_database WHERE datname = '" ..
                           name .. "'") == nil then
         con:query("CREATE DATABASE " .. name)
      end
   end },
}
