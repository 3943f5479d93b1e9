-- SPDX-License-Identifier: MIT
-- tpcc_check: `bench tpcc check`, the consistency conditions 1 to 4 of
-- TPC-C clause 3.3.2, each one query over every warehouse or district of
-- a set that names the first one breaking it (ordered by warehouse, then
-- district), or none.
local M = {}

-- Money columns compare within half a cent: exact DECIMAL on MySQL and
-- PostgreSQL, where this is equality, binary floating point in SQLite,
-- whose NUMERIC columns sum with rounding errors far below a cent.
local conditions = {
   { "W_YTD = sum(D_YTD)", [[
SELECT w_id, NULL FROM warehouse%d
  JOIN (SELECT d_w_id, SUM(d_ytd) AS ytd FROM district%d GROUP BY d_w_id) d
    ON d.d_w_id = w_id
 WHERE ABS(w_ytd - d.ytd) > 0.005
 ORDER BY w_id LIMIT 1]] },
   -- A district whose NEW-ORDER rows were all delivered has no
   -- max(NO_O_ID): only the first equality applies to it.
   { "D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)", [[
SELECT d_w_id, d_id FROM district%d
  LEFT JOIN (SELECT o_w_id, o_d_id, MAX(o_id) AS m FROM orders%d
              GROUP BY o_w_id, o_d_id) o
    ON o.o_w_id = d_w_id AND o.o_d_id = d_id
  LEFT JOIN (SELECT no_w_id, no_d_id, MAX(no_o_id) AS m FROM new_orders%d
              GROUP BY no_w_id, no_d_id) n
    ON n.no_w_id = d_w_id AND n.no_d_id = d_id
 WHERE o.m IS NULL OR d_next_o_id - 1 <> o.m
    OR (n.m IS NOT NULL AND d_next_o_id - 1 <> n.m)
 ORDER BY d_w_id, d_id LIMIT 1]] },
   { "max(NO_O_ID) - min(NO_O_ID) + 1 = rows in NEW-ORDER", [[
SELECT no_w_id, no_d_id FROM new_orders%d
 GROUP BY no_w_id, no_d_id
HAVING MAX(no_o_id) - MIN(no_o_id) + 1 <> COUNT(*)
 ORDER BY no_w_id, no_d_id LIMIT 1]] },
   { "sum(O_OL_CNT) = rows in ORDER-LINE", [[
SELECT o.o_w_id, o.o_d_id FROM
       (SELECT o_w_id, o_d_id, SUM(o_ol_cnt) AS s FROM orders%d
         GROUP BY o_w_id, o_d_id) o
  LEFT JOIN (SELECT ol_w_id, ol_d_id, COUNT(*) AS c FROM order_line%d
              GROUP BY ol_w_id, ol_d_id) l
    ON l.ol_w_id = o.o_w_id AND l.ol_d_id = o.o_d_id
 WHERE l.c IS NULL OR o.s <> l.c
 ORDER BY o.o_w_id, o.o_d_id LIMIT 1]] },
}

-- Prints a line per condition: "Consistency condition N (...): OK", or
-- FAILED with the first warehouse (and district) breaking it and its set
-- when there are several. Returns the number of conditions that failed.
function M.check(sets)
   local con = sysbench.sql.driver():connect()
   local failed = 0
   for i, cond in ipairs(conditions) do
      local bad
      for n = 1, sets do
         local sql = cond[2]:gsub("%%d", tostring(n))
         local w, d = con:query_row(sql)
         if w ~= nil then
            bad = string.format("warehouse %s%s%s", w,
                                d and ", district " .. d or "",
                                sets > 1 and " of set " .. n or "")
            break
         end
      end
      print(string.format("Consistency condition %d (%s): %s", i, cond[1],
                          bad and "FAILED at " .. bad or "OK"))
      failed = failed + (bad and 1 or 0)
   end
   con:disconnect()
   return failed
end

return M
