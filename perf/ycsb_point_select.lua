-- SPDX-License-Identifier: MIT
-- perf/ycsb_point_select.lua: the read of YCSB's workload C with nothing
-- of YCSB around it (perf/ycsb.sh): one prepared `SELECT * FROM usertable
-- WHERE YCSB_KEY = ?` per event, its key taken from a list made once
-- (the keys of the first 1024 records), the result discarded unread. The
-- same statement on the same table returns the same 1 KB record, so what
-- ycsb's operation costs beyond it is its generators and key names.
require("ycsb")

local keys = {}
local stmt, key

function thread_init()
   local s = ycsb_internal.settings()
   for i = 0, math.min(1024, s.records) - 1 do
      keys[#keys + 1] = ycsb_internal.key_name(s, i)
   end
   con = sysbench.sql.driver():connect()
   stmt = con:prepare("SELECT * FROM usertable WHERE YCSB_KEY = ?")
   key = stmt:bind_create(sysbench.sql.type.VARCHAR, 255)
   stmt:bind_param(key)
end

function event()
   key:set(keys[sysbench.rand.uniform(1, #keys)])
   stmt:execute()
end

function thread_done()
   stmt:close()
   con:disconnect()
end
