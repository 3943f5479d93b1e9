-- SPDX-License-Identifier: MIT
-- oltp_legacy/update_non_index.lua: one update of the non-indexed column c
-- per event.
-- The shared code is the common.lua next to this script, as in sysbench.
dofile((test and test:match("(.*/)") or "") .. "common.lua")

function thread_init()
   set_vars()
end

function event()
   local t = random_table()
   local c = sb_rand_str(C_PATTERN)
   db_query("UPDATE " .. t .. " SET c='" .. c .. "' WHERE id=" ..
            sb_rand(1, oltp_table_size))
end
