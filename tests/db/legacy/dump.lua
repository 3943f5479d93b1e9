-- Prints a query's rows, tab-separated (tests/db/legacy.sh). Reads with
-- sysbench.sql, so it checks what the legacy calls wrote independently.
-- Usage: bench dump.lua --dump-sql='SELECT ...' <db options> dump
sysbench.cmdline.options = {
   ["dump-sql"] = { "query whose rows to print", "" },
}
sysbench.cmdline.commands = {
   dump = { function()
      local con = sysbench.sql.driver():connect()
      local rs = con:query(sysbench.opt.dump_sql)
      local row = rs:fetch_row()
      while row do
         for i = 1, rs.nfields do
            row[i] = row[i] == nil and "NULL" or row[i]
         end
         print(table.concat(row, "\t", 1, rs.nfields))
         row = rs:fetch_row()
      end
   end },
}
