#!/usr/bin/env bench
-- SPDX-License-Identifier: MIT
-- oltp_update_index: --index_updates UPDATEs of the indexed column k per
-- event, in autocommit mode.
require("oltp_common")

function prepare_statements()
   prepare_index_updates()
end

function event()
   execute_index_updates()
   check_reconnect()
end
