-- SPDX-License-Identifier: MIT
-- tpcc_txn: the five TPC-C transactions (clauses 2.4 to 2.8) of one
-- terminal, as prepared statements over sysbench.sql. A terminal (a
-- thread, or a virtual user) is a table made by M.terminal: its
-- connection, its statements, its home warehouse and its deck of cards.
-- Each transaction returns nothing, or raises the connection's error
-- (tpcc.lua's event() retries the ignorable ones).
local ffi = require("ffi")
local R = require("tpcc_rand")
local C = ffi.C
local uniform = sysbench.rand.uniform
local floor = math.floor

local M = {}

-- Each transaction type is a statement kind (docs/results.md): its COMMIT
-- (or ROLLBACK) counts there with the time of the whole transaction
-- (bench_db_span), so that the kinds give per type counts, latency
-- records and, apart, New-Order's rollbacks.
M.KINDS = { new_order = "new-order", payment = "payment",
            order_status = "order-status", delivery = "delivery",
            stock_level = "stock-level" }
M.ROLLBACK_KIND = "new-order rollback"
local KIND_OPTS = {}
for k, name in pairs(M.KINDS) do
   KIND_OPTS[k] = { kind = name }
end
local ROLLBACK_OPTS = { kind = M.ROLLBACK_KIND }

-- -- Statements --------------------------------------------------------------

local T_INT, T_STR = sysbench.sql.type.INT, sysbench.sql.type.VARCHAR

-- name = { text, parameter types... }; %d is the set, {FU} " FOR UPDATE"
-- where the driver has it (the rows a transaction goes on to change).
-- Amounts are whole cents (? / 100.0): exact in DECIMAL on every driver.
local defs = {
   w_tax = { "SELECT w_tax FROM warehouse%d WHERE w_id = ?", T_INT },
   d_next = { "SELECT d_tax, d_next_o_id FROM district%d WHERE d_w_id = ? " ..
                 "AND d_id = ?{FU}", T_INT, T_INT },
   d_set_next = { "UPDATE district%d SET d_next_o_id = ? WHERE d_w_id = ? " ..
                     "AND d_id = ?", T_INT, T_INT, T_INT },
   c_new_order = { "SELECT c_discount, c_last, c_credit FROM customer%d " ..
                      "WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?",
                   T_INT, T_INT, T_INT },
   o_insert = { "INSERT INTO orders%d (o_id, o_d_id, o_w_id, o_c_id, " ..
                   "o_entry_d, o_carrier_id, o_ol_cnt, o_all_local) VALUES " ..
                   "(?, ?, ?, ?, CURRENT_TIMESTAMP, NULL, ?, ?)",
                T_INT, T_INT, T_INT, T_INT, T_INT, T_INT },
   no_insert = { "INSERT INTO new_orders%d (no_o_id, no_d_id, no_w_id) " ..
                    "VALUES (?, ?, ?)", T_INT, T_INT, T_INT },
   i_get = { "SELECT i_price, i_name, i_data FROM item%d WHERE i_id = ?",
             T_INT },
   s_set = { "UPDATE stock%d SET s_quantity = ?, s_ytd = s_ytd + ?, " ..
                "s_order_cnt = s_order_cnt + 1, s_remote_cnt = " ..
                "s_remote_cnt + ? WHERE s_i_id = ? AND s_w_id = ?",
             T_INT, T_INT, T_INT, T_INT, T_INT },
   ol_insert = { "INSERT INTO order_line%d (ol_o_id, ol_d_id, ol_w_id, " ..
                    "ol_number, ol_i_id, ol_supply_w_id, ol_delivery_d, " ..
                    "ol_quantity, ol_amount, ol_dist_info) VALUES (?, ?, ?, " ..
                    "?, ?, ?, NULL, ?, ? / 100.0, ?)", T_INT, T_INT, T_INT,
                 T_INT, T_INT, T_INT, T_INT, T_INT, { T_STR, 24 } },
   w_pay = { "UPDATE warehouse%d SET w_ytd = w_ytd + ? / 100.0 WHERE " ..
                "w_id = ?", T_INT, T_INT },
   w_get = { "SELECT w_name, w_street_1, w_street_2, w_city, w_state, " ..
                "w_zip FROM warehouse%d WHERE w_id = ?", T_INT },
   d_pay = { "UPDATE district%d SET d_ytd = d_ytd + ? / 100.0 WHERE " ..
                "d_w_id = ? AND d_id = ?", T_INT, T_INT, T_INT },
   d_get = { "SELECT d_name, d_street_1, d_street_2, d_city, d_state, " ..
                "d_zip FROM district%d WHERE d_w_id = ? AND d_id = ?",
             T_INT, T_INT },
   c_by_name = { "SELECT c_id FROM customer%d WHERE c_w_id = ? AND " ..
                    "c_d_id = ? AND c_last = ? ORDER BY c_first",
                 T_INT, T_INT, { T_STR, 16 } },
   c_pay = { "SELECT c_first, c_middle, c_last, c_street_1, c_street_2, " ..
                "c_city, c_state, c_zip, c_phone, c_since, c_credit, " ..
                "c_credit_lim, c_discount, c_balance FROM customer%d WHERE " ..
                "c_w_id = ? AND c_d_id = ? AND c_id = ?{FU}",
             T_INT, T_INT, T_INT },
   c_data = { "SELECT c_data FROM customer%d WHERE c_w_id = ? AND " ..
                 "c_d_id = ? AND c_id = ?", T_INT, T_INT, T_INT },
   c_set_pay = { "UPDATE customer%d SET c_balance = c_balance - ? / 100.0, " ..
                    "c_ytd_payment = c_ytd_payment + ? / 100.0, " ..
                    "c_payment_cnt = c_payment_cnt + 1 WHERE c_w_id = ? " ..
                    "AND c_d_id = ? AND c_id = ?",
                 T_INT, T_INT, T_INT, T_INT, T_INT },
   c_set_pay_bc = { "UPDATE customer%d SET c_balance = c_balance - " ..
                       "? / 100.0, c_ytd_payment = c_ytd_payment + " ..
                       "? / 100.0, c_payment_cnt = c_payment_cnt + 1, " ..
                       "c_data = ? WHERE c_w_id = ? AND c_d_id = ? AND " ..
                       "c_id = ?", T_INT, T_INT, { T_STR, 500 }, T_INT,
                    T_INT, T_INT },
   h_insert = { "INSERT INTO history%d (h_c_id, h_c_d_id, h_c_w_id, " ..
                   "h_d_id, h_w_id, h_date, h_amount, h_data) VALUES " ..
                   "(?, ?, ?, ?, ?, CURRENT_TIMESTAMP, ? / 100.0, ?)",
                T_INT, T_INT, T_INT, T_INT, T_INT, T_INT, { T_STR, 24 } },
   c_status = { "SELECT c_balance, c_first, c_middle, c_last FROM " ..
                   "customer%d WHERE c_w_id = ? AND c_d_id = ? AND c_id = ?",
                T_INT, T_INT, T_INT },
   o_last = { "SELECT o_id, o_carrier_id, o_entry_d FROM orders%d WHERE " ..
                 "o_w_id = ? AND o_d_id = ? AND o_c_id = ? ORDER BY o_id " ..
                 "DESC LIMIT 1", T_INT, T_INT, T_INT },
   ol_status = { "SELECT ol_i_id, ol_supply_w_id, ol_quantity, ol_amount, " ..
                    "ol_delivery_d FROM order_line%d WHERE ol_w_id = ? AND " ..
                    "ol_d_id = ? AND ol_o_id = ?", T_INT, T_INT, T_INT },
   no_oldest = { "SELECT no_o_id FROM new_orders%d WHERE no_w_id = ? AND " ..
                    "no_d_id = ? ORDER BY no_o_id LIMIT 1{FU}",
                 T_INT, T_INT },
   no_delete = { "DELETE FROM new_orders%d WHERE no_w_id = ? AND " ..
                    "no_d_id = ? AND no_o_id = ?", T_INT, T_INT, T_INT },
   o_cust = { "SELECT o_c_id FROM orders%d WHERE o_w_id = ? AND " ..
                 "o_d_id = ? AND o_id = ?", T_INT, T_INT, T_INT },
   o_carrier = { "UPDATE orders%d SET o_carrier_id = ? WHERE o_w_id = ? " ..
                    "AND o_d_id = ? AND o_id = ?", T_INT, T_INT, T_INT, T_INT },
   ol_deliver = { "UPDATE order_line%d SET ol_delivery_d = " ..
                     "CURRENT_TIMESTAMP WHERE ol_w_id = ? AND ol_d_id = ? " ..
                     "AND ol_o_id = ?", T_INT, T_INT, T_INT },
   ol_total = { "SELECT SUM(ol_amount) FROM order_line%d WHERE " ..
                   "ol_w_id = ? AND ol_d_id = ? AND ol_o_id = ?",
                T_INT, T_INT, T_INT },
   c_deliver = { "UPDATE customer%d SET c_balance = c_balance + ? / 100.0, " ..
                    "c_delivery_cnt = c_delivery_cnt + 1 WHERE c_w_id = ? " ..
                    "AND c_d_id = ? AND c_id = ?", T_INT, T_INT, T_INT, T_INT },
   d_next_only = { "SELECT d_next_o_id FROM district%d WHERE d_w_id = ? " ..
                      "AND d_id = ?", T_INT, T_INT },
   low_stock = { "SELECT COUNT(DISTINCT s_i_id) FROM order_line%d, " ..
                    "stock%d WHERE ol_w_id = ? AND ol_d_id = ? AND " ..
                    "ol_o_id < ? AND ol_o_id >= ? AND s_w_id = ? AND " ..
                    "s_i_id = ol_i_id AND s_quantity < ?",
                 T_INT, T_INT, T_INT, T_INT, T_INT, T_INT },
}
-- The stock row with the district's S_DIST_xx, one statement a district.
for d = 1, 10 do
   defs["s_get" .. d] = {
      string.format("SELECT s_quantity, s_data, s_dist_%02d FROM stock%%d " ..
                       "WHERE s_i_id = ? AND s_w_id = ?{FU}", d),
      T_INT, T_INT }
end

-- Prepares every statement of `defs` for set n on T.con: T.s[name] is the
-- statement, T.p[name] its parameters.
local function prepare_statements(T, n)
   local fu = T.driver == "sqlite" and "" or " FOR UPDATE"
   T.s, T.p = {}, {}
   for name, def in pairs(defs) do
      local sql = def[1]:gsub("{FU}", fu):gsub("%%d", tostring(n))
      local s = T.con:prepare(sql)
      local params = {}
      for i = 2, #def do
         local t = def[i]
         if type(t) == "table" then
            params[i - 1] = s:bind_create(t[1], t[2])
         else
            params[i - 1] = s:bind_create(t)
         end
      end
      s:bind_param(unpack(params))
      T.s[name], T.p[name] = s, params
   end
   -- SQLite: a transaction that writes takes the write lock when it
   -- begins (IMMEDIATE), so that writers wait in the busy handler instead
   -- of failing at their first write (as oltp_common does).
   T.begin_write = T.con:prepare(T.driver == "sqlite" and "BEGIN IMMEDIATE"
                                    or "BEGIN")
   T.begin_read = T.con:prepare("BEGIN")
end

-- Executes statement `name` with the values given; its result.
local function run(T, name, a, b, c, d, e, f, g, h, i)
   local p = T.p[name]
   local n = #p
   if n >= 1 then p[1]:set(a) end
   if n >= 2 then p[2]:set(b) end
   if n >= 3 then p[3]:set(c) end
   if n >= 4 then p[4]:set(d) end
   if n >= 5 then p[5]:set(e) end
   if n >= 6 then p[6]:set(f) end
   if n >= 7 then p[7]:set(g) end
   if n >= 8 then p[8]:set(h) end
   if n >= 9 then p[9]:set(i) end
   return T.s[name]:execute()
end

-- The values of the first row of statement `name`'s result (an array of
-- sql_value from 0, valid until the next statement), or nil. Read in
-- place rather than through fetch_row, whose table and strings per row
-- cost 70,000 of a transaction's 240,000 instructions on MariaDB
-- (perf/tpcc.sh; docs/tpcc.md "Cost"); an empty
-- result is not fetched from (that prints sysbench's ALERT). Statements
-- whose values the transaction does not use are executed, not read.
local function row(T, name, ...)
   local rs = run(T, name, ...)
   if rs == nil or rs.nrows == 0 then
      return nil
   end
   local r = C.db_fetch_row(rs.rs)
   return r ~= nil and r.values or nil
end

-- Column i (from 0) of a row as text, nil for NULL.
local function text(v, i)
   local x = v[i]
   return x.ptr ~= nil and ffi.string(x.ptr, x.len) or nil
end

-- Column i as an integer, or as a whole number of cents (a DECIMAL's
-- text: "-12.3" is -1230), read from its bytes without a Lua string.
local function int(v, i)
   local x = v[i]
   local p, n, neg = x.ptr, 0, false
   for k = 0, x.len - 1 do
      local c = p[k]
      if c == 45 then
         neg = true
      elseif c == 46 then
         break
      else
         n = n * 10 + c - 48
      end
   end
   return neg and -n or n
end

-- (SQLite's sums are binary floating point, "1234.5599999999": the third
-- decimal rounds.)
local function cents(v, i)
   local x = v[i]
   local p, n, neg, frac = x.ptr, 0, false, -1
   for k = 0, x.len - 1 do
      local c = p[k]
      if c == 45 then
         neg = true
      elseif c == 46 then
         frac = 0
      elseif frac < 2 then
         n = n * 10 + c - 48
         if frac >= 0 then
            frac = frac + 1
         end
      else
         n = n + (c >= 53 and 1 or 0)
         break
      end
   end
   n = n * (frac <= 0 and 100 or frac == 1 and 10 or 1)
   return neg and -n or n
end

-- Ends the transaction of type `kind` (a KIND_OPTS key), counted in its
-- kind with the time since the terminal's event began (T.t0).
local function commit(T, kind)
   C.bench_db_span(T.con, T.t0)
   T.con:query("COMMIT", KIND_OPTS[kind])
end

-- -- Inputs ------------------------------------------------------------------

-- The terminal's home warehouse: its own when there are terminals for
-- every warehouse, else drawn for each transaction (docs/tpcc.md).
local function home(T)
   return T.home or uniform(1, T.warehouses)
end

-- A warehouse other than w (there are at least two).
local function remote(T, w)
   local r = uniform(1, T.warehouses - 1)
   return r >= w and r + 1 or r
end

-- The id of a customer chosen by last name (clause 2.5.2.2): the one at
-- position ceil(n / 2) of the n with that name, ordered by C_FIRST.
local function customer_by_name(T, w, d)
   local rs = run(T, "c_by_name", w, d, R.last_name(R.last_name_number()))
   local n = rs and rs.nrows or 0
   if n == 0 then
      return nil
   end
   local r
   for _ = 1, floor((n + 1) / 2) do
      r = C.db_fetch_row(rs.rs)
   end
   return int(r.values, 0)
end

-- 60% by last name, 40% by id (clauses 2.5.1.2, 2.6.1.2). Every name
-- is some customer's in every district (the first 1,000 have them all),
-- so the lookup by name finds one unless the tables were changed.
local function pick_customer(T, w, d)
   if uniform(1, 100) <= 60 then
      return customer_by_name(T, w, d) or R.customer_id()
   end
   return R.customer_id()
end

-- -- New-Order (clause 2.4) ----------------------------------------------------

local UNUSED_ITEM = 100001 -- clause 2.4.1.5: "an unused value"

-- A line encoded as one number, so that sorting needs no table per line:
-- supply warehouse, item id (< 2^17) and quantity (1..10 < 2^4).
local function line_key(sw, item, qty)
   return (sw * 131072 + item) * 16 + qty
end

-- The lines of an order, each with its supply warehouse (1% remote with
-- more than one warehouse, clause 2.4.1.5) and quantity, in the order the
-- stock rows are locked: by warehouse and item, so that two New-Orders
-- never wait for each other's rows in turn (fewer deadlocks; the
-- OL_NUMBERs follow that order). Returns the count and O_ALL_LOCAL.
local function draw_lines(T, w, count)
   local lines = T.lines -- the terminal's own: virtual users share upvalues
   local all_local = 1
   for l = 1, count do
      local sw = w
      if T.warehouses > 1 and uniform(1, 100) == 1 then
         sw = remote(T, w)
         all_local = 0
      end
      lines[l] = line_key(sw, R.item_id(), uniform(1, 10))
   end
   for l = count + 1, #lines do
      lines[l] = nil
   end
   table.sort(lines)
   return all_local
end

-- One order line: the item, the stock row updated, the line inserted.
-- false when the item does not exist (the rolled-back 1%).
local function order_line(T, w, d, o_id, l, key)
   local qty = key % 16
   local item = floor(key / 16) % 131072
   local sw = floor(key / 2097152)
   local i = row(T, "i_get", item)
   if i == nil then
      return false
   end
   local price = cents(i, 0)
   local s = row(T, T.s_get[d], item, sw)
   local q = int(s, 0)
   local dist = text(s, 2)
   q = q >= qty + 10 and q - qty or q - qty + 91
   run(T, "s_set", q, qty, sw ~= w and 1 or 0, item, sw)
   run(T, "ol_insert", o_id, d, w, l, item, sw, qty, qty * price, dist)
   return true
end

function M.new_order(T)
   local w, d = home(T), uniform(1, 10)
   local c = R.customer_id()
   local count = uniform(5, 15)
   local rollback = uniform(1, 100) == 1
   local all_local = draw_lines(T, w, rollback and count - 1 or count)
   local lines = T.lines
   if rollback then
      lines[count] = line_key(w, UNUSED_ITEM, 1) -- the last line
   end
   T.begin_write:execute()
   run(T, "w_tax", w)
   local o_id = int(row(T, "d_next", w, d), 1)
   run(T, "d_set_next", o_id + 1, w, d)
   run(T, "c_new_order", w, d, c)
   run(T, "o_insert", o_id, d, w, c, count, all_local)
   run(T, "no_insert", o_id, d, w)
   for l = 1, count do
      if not order_line(T, w, d, o_id, l, lines[l]) then
         C.bench_db_span(T.con, T.t0)
         T.con:query("ROLLBACK", ROLLBACK_OPTS)
         return
      end
   end
   commit(T, "new_order")
end

-- -- Payment (clause 2.5) -------------------------------------------------------

function M.payment(T)
   local w, d = home(T), uniform(1, 10)
   local cw, cd = w, d
   if T.warehouses > 1 and uniform(1, 100) > 85 then
      cw, cd = remote(T, w), uniform(1, 10)
   end
   local amount = uniform(100, 500000) -- H_AMOUNT in cents: 1.00..5,000.00
   T.begin_write:execute()
   local c = pick_customer(T, cw, cd)
   local w_name = text(row(T, "w_get", w), 0)
   run(T, "d_pay", amount, w, d)
   local d_name = text(row(T, "d_get", w, d), 0)
   local credit = row(T, "c_pay", cw, cd, c)[10] -- C_CREDIT
   if credit.len == 2 and credit.ptr[0] == 66 then -- "BC"
      -- Clause 2.5.2.2: the payment's figures in front of C_DATA, which
      -- keeps its first 500 characters.
      local data = text(row(T, "c_data", cw, cd, c), 0)
      data = string.format("%d %d %d %d %d %.2f|%s", c, cd, cw, d, w,
                           amount / 100, data):sub(1, 500)
      run(T, "c_set_pay_bc", amount, amount, data, cw, cd, c)
   else
      run(T, "c_set_pay", amount, amount, cw, cd, c)
   end
   run(T, "h_insert", c, cd, cw, d, w, amount, w_name .. "    " .. d_name)
   -- The warehouse's row last: every Payment of the warehouse updates it,
   -- so it is held for the shortest time.
   run(T, "w_pay", amount, w)
   commit(T, "payment")
end

-- -- Order-Status (clause 2.6) ---------------------------------------------------

function M.order_status(T)
   local w, d = home(T), uniform(1, 10)
   T.begin_read:execute()
   local c = pick_customer(T, w, d)
   run(T, "c_status", w, d, c)
   local o = row(T, "o_last", w, d, c)
   if o ~= nil then
      run(T, "ol_status", w, d, int(o, 0))
   end
   commit(T, "order_status")
end

-- -- Delivery (clause 2.7): the ten districts in one transaction -------------

function M.delivery(T)
   local w, carrier = home(T), uniform(1, 10)
   T.begin_write:execute()
   for d = 1, 10 do
      local no = row(T, "no_oldest", w, d)
      if no ~= nil then -- else none outstanding: this district is skipped
         local o_id = int(no, 0)
         run(T, "no_delete", w, d, o_id)
         local c = int(row(T, "o_cust", w, d, o_id), 0)
         run(T, "o_carrier", carrier, w, d, o_id)
         run(T, "ol_deliver", w, d, o_id)
         local total = row(T, "ol_total", w, d, o_id)
         run(T, "c_deliver", total[0].ptr ~= nil and cents(total, 0) or 0,
             w, d, c)
      end
   end
   commit(T, "delivery")
end

-- -- Stock-Level (clause 2.8) ------------------------------------------------------

function M.stock_level(T)
   local w = home(T)
   local d = T.district or uniform(1, 10)
   local threshold = uniform(10, 20)
   T.begin_read:execute()
   local next_o = int(row(T, "d_next_only", w, d), 0)
   run(T, "low_stock", w, d, next_o, next_o - 20, w, threshold)
   commit(T, "stock_level")
end

-- -- Terminals ----------------------------------------------------------------------

-- Terminal `id` (sysbench.tid) of `terminals` over `sets` sets of
-- `warehouses` warehouses: set id % sets + 1; with a terminal for every
-- warehouse, home warehouse and Stock-Level district fixed (clause 2.8.1.1:
-- a terminal's own district), as TPC-C's terminals are.
function M.terminal(id, terminals, sets, warehouses)
   local drv = sysbench.sql.driver()
   local T = { driver = drv:name(), warehouses = warehouses,
               set = id % sets + 1, lines = {} }
   T.con = drv:connect()
   if terminals >= sets * warehouses then
      T.home = floor(id / sets) % warehouses + 1
      T.district = floor(id / (sets * warehouses)) % 10 + 1
   end
   prepare_statements(T, T.set)
   T.s_get = {}
   for d = 1, 10 do
      T.s_get[d] = "s_get" .. d -- not a new string per order line
   end
   return T
end

function M.close(T)
   for _, s in pairs(T.s) do
      s:close()
   end
   T.begin_write:close()
   T.begin_read:close()
   T.con:disconnect()
end

return M
