-- SPDX-License-Identifier: MIT
-- oltp_legacy/update_index.lua: one update of the indexed column k per
-- event.
-- The shared code is the common.lua next to this script, as in sysbench.
dofile((test and test:match("(.*/)") or "") .. "common.lua")

function thread_init()
   set_vars()
end

function event()
   db_query("UPDATE " .. random_table() .. " SET k=k+1 WHERE id=" ..
            sb_rand(1, oltp_table_size))
end
