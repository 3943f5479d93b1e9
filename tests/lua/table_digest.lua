-- SPDX-License-Identifier: MIT
-- table_digest.lua: helper commands for tests/db/rand_seed_oltp.sh.
--   createdb: creates database --dbname (if missing) over the connection
--             the driver options describe (an existing database).
--   dump:     prints every row of sbtest1..--tables, ordered by id, one
--             tab-separated line per row, for a checksum.
sysbench.cmdline.options = {
   tables = {"number of tables to dump", 1},
   dbname = {"database that createdb creates", ""},
}

local function connect()
   local drv = sysbench.sql.driver()
   return drv, drv:connect()
end

local function createdb()
   local drv, con = connect()
   local name = sysbench.opt.dbname
   assert(name:match("^[%w_]+$"), "createdb: --dbname must be a plain name")
   if drv:name() == "pgsql" then
      local rs = con:query("SELECT 1 FROM pg_database WHERE datname = '" ..
                           name .. "'")
      if rs.nrows == 0 then con:query("CREATE DATABASE " .. name) end
   else
      con:query("CREATE DATABASE IF NOT EXISTS " .. name)
   end
   con:disconnect()
end

local function dump()
   local _, con = connect()
   for i = 1, sysbench.opt.tables do
      local rs = con:query("SELECT id, k, c, pad FROM sbtest" .. i ..
                           " ORDER BY id")
      -- until nil: the digest must not depend on rs.nrows being right
      local row = rs:fetch_row()
      while row do
         io.write(i, "\t", row[1], "\t", row[2], "\t", row[3], "\t", row[4], "\n")
         row = rs:fetch_row()
      end
   end
   con:disconnect()
end

sysbench.cmdline.commands = {createdb = {createdb}, dump = {dump}}
