#!/usr/bin/env bench
-- SPDX-License-Identifier: MIT
-- oltp_update_non_index: --non_index_updates UPDATEs of the non-indexed
-- column c per event, in autocommit mode.
require("oltp_common")

function prepare_statements()
   prepare_non_index_updates()
end

function event()
   execute_non_index_updates()
   check_reconnect()
end
