-- SPDX-License-Identifier: MIT
-- sql.lua: test helper for tests/db/*.sh. `bench <db options> sql.lua sql`
-- runs the statements of $BENCH_SQL (one per line) on one connection and
-- prints every result row, fields separated by a tab, NULL as \N. Any SQL
-- error fails the command. Runs under sysbench as well.
local function run()
   local con = sysbench.sql.driver():connect()
   for q in os.getenv("BENCH_SQL"):gmatch("[^\n]+") do
      local rs = con:query(q)
      -- (Fetching from an empty result prints an ALERT, as in sysbench:
      -- tests ask for queries with rows.)
      if rs ~= nil then
         local row = rs:fetch_row()
         while row ~= nil do
            local out = {}
            for i = 1, rs.nfields do
               out[i] = row[i] == nil and "\\N" or row[i]
            end
            io.write(table.concat(out, "\t"), "\n")
            row = rs:fetch_row()
         end
         rs:free()
      end
   end
   con:disconnect()
end

sysbench.cmdline.commands = { sql = { run } }
