-- SPDX-License-Identifier: MIT
-- oltp_legacy/oltp_simple.lua: one primary-key point select per event.
-- The shared code is the common.lua next to this script, as in sysbench.
dofile((test and test:match("(.*/)") or "") .. "common.lua")

function thread_init()
   set_vars()
end

function event()
   db_query("SELECT c FROM " .. random_table() .. " WHERE id=" ..
            sb_rand(1, oltp_table_size))
end
