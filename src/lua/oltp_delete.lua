#!/usr/bin/env bench
-- SPDX-License-Identifier: MIT
-- oltp_delete: one DELETE of a random row of a random table per event, in
-- autocommit mode (a write when a row was deleted, otherwise "other").
require("oltp_common")

function prepare_statements()
   prepare_for_each_table("deletes")
end

function event()
   local t = sysbench.rand.uniform(1, sysbench.opt.tables)
   param[t].deletes[1]:set(sysbench.rand.default(1, sysbench.opt.table_size))
   stmt[t].deletes:execute()
   check_reconnect()
end
