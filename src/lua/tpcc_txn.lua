-- SPDX-License-Identifier: MIT
-- Over 600 lines: the statements are written next to the transactions
-- that fill their parameters slot by slot (a split would part them).
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
   w_c_new_order = { "SELECT w_tax, c_discount, c_last, c_credit FROM " ..
                        "warehouse%d, customer%d WHERE w_id = ? AND " ..
                        "c_w_id = w_id AND c_d_id = ? AND c_id = ?",
                     T_INT, T_INT, T_INT },
   d_next = { "SELECT d_tax, d_next_o_id FROM district%d WHERE d_w_id = ? " ..
                 "AND d_id = ?{FU}", T_INT, T_INT },
   d_set_next = { "UPDATE district%d SET d_next_o_id = ? WHERE d_w_id = ? " ..
                     "AND d_id = ?", T_INT, T_INT, T_INT },
   o_insert = { "INSERT INTO orders%d (o_id, o_d_id, o_w_id, o_c_id, " ..
                   "o_entry_d, o_carrier_id, o_ol_cnt, o_all_local) VALUES " ..
                   "(?, ?, ?, ?, CURRENT_TIMESTAMP, NULL, ?, ?)",
                T_INT, T_INT, T_INT, T_INT, T_INT, T_INT },
   no_insert = { "INSERT INTO new_orders%d (no_o_id, no_d_id, no_w_id) " ..
                    "VALUES (?, ?, ?)", T_INT, T_INT, T_INT },
   w_pay = { "UPDATE warehouse%d SET w_ytd = w_ytd + ? / 100.0 WHERE " ..
                "w_id = ?", T_INT, T_INT },
   w_d_get = { "SELECT w_name, w_street_1, w_street_2, w_city, w_state, " ..
                  "w_zip, d_name, d_street_1, d_street_2, d_city, d_state, " ..
                  "d_zip FROM warehouse%d, district%d WHERE w_id = ? AND " ..
                  "d_w_id = w_id AND d_id = ?", T_INT, T_INT },
   d_pay = { "UPDATE district%d SET d_ytd = d_ytd + ? / 100.0 WHERE " ..
                "d_w_id = ? AND d_id = ?", T_INT, T_INT, T_INT },
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
   d_next_only = { "SELECT d_next_o_id FROM district%d WHERE d_w_id = ? " ..
                      "AND d_id = ?", T_INT, T_INT },
   low_stock = { "SELECT COUNT(DISTINCT s_i_id) FROM order_line%d, " ..
                    "stock%d WHERE ol_w_id = ? AND ol_d_id = ? AND " ..
                    "ol_o_id < ? AND ol_o_id >= ? AND s_w_id = ? AND " ..
                    "s_i_id = ol_i_id AND s_quantity < ?",
                 T_INT, T_INT, T_INT, T_INT, T_INT, T_INT },
}
-- New-Order reads its items, and its stock rows, in one statement each
-- (clause 2.4.2.2 lets the items be processed in any order; the reads are
-- the same rows, one round trip instead of up to 15): MAX_LINES slots,
-- the unused ones repeating the first line's, which returns its row once.
-- The stock rows come, and are locked, in key order, the order of the
-- sorted lines (draw_lines), with the district's S_DIST_xx: one statement
-- a district. The lines are inserted in one statement, one a line count.
local MAX_LINES = 15
local function list(n, item, sep)
   local t = {}
   for i = 1, n do
      t[i] = item
   end
   return table.concat(t, sep)
end
local item_types = { "SELECT i_id, i_price, i_name, i_data FROM item%d " ..
                        "WHERE i_id IN (" .. list(MAX_LINES, "?", ", ") .. ") " ..
                        "ORDER BY i_id" }
for i = 1, MAX_LINES do
   item_types[i + 1] = T_INT
end
defs.i_get = item_types
for d = 1, 10 do
   local def = { string.format(
      "SELECT s_w_id, s_i_id, s_quantity, s_data, s_dist_%02d FROM " ..
         "stock%%d WHERE %s ORDER BY s_w_id, s_i_id{FU}", d,
      list(MAX_LINES, "(s_w_id = ? AND s_i_id = ?)", " OR ")) }
   for i = 1, 2 * MAX_LINES do
      def[i + 1] = T_INT
   end
   defs["s_get" .. d] = def
end
for n = 5, MAX_LINES do
   local def = { "INSERT INTO order_line%d (ol_o_id, ol_d_id, ol_w_id, " ..
                    "ol_number, ol_i_id, ol_supply_w_id, ol_delivery_d, " ..
                    "ol_quantity, ol_amount, ol_dist_info) VALUES " ..
                    list(n, "(?, ?, ?, ?, ?, ?, NULL, ?, ? / 100.0, ?)",
                         ", ") }
   for l = 0, n - 1 do
      for k = 1, 8 do
         def[l * 9 + k + 1] = T_INT
      end
      def[l * 9 + 10] = { T_STR, 24 }
   end
   defs["ol_insert" .. n] = def
end
-- The order's stock rows are updated in one statement too, one a number
-- of rows (an item ordered twice is one row): each row's (warehouse,
-- item, S_QUANTITY, and what S_YTD, S_ORDER_CNT and S_REMOTE_CNT grow
-- by), joined to STOCK. MySQL joins a derived table; PostgreSQL and
-- SQLite (3.33 and later) update FROM a VALUES list, whose columns both
-- name column1, column2, ...
local S_SET = " SET s_quantity = %s3, s_ytd = s_ytd + %s4, s_order_cnt = " ..
   "s_order_cnt + %s5, s_remote_cnt = s_remote_cnt + %s6"
for n = 1, MAX_LINES do
   local mysql = "UPDATE stock%d JOIN (SELECT ? AS w, ? AS i, ? AS q, " ..
      "? AS ytd, ? AS cnt, ? AS rem" ..
      string.rep(" UNION ALL SELECT ?, ?, ?, ?, ?, ?", n - 1) ..
      ") AS v ON s_w_id = v.w AND s_i_id = v.i" ..
      S_SET:gsub("%%s3", "v.q"):gsub("%%s4", "v.ytd"):gsub("%%s5", "v.cnt")
      :gsub("%%s6", "v.rem")
   local other = "UPDATE stock%d" .. S_SET:gsub("%%s", "v.column") ..
      " FROM (VALUES " .. list(n, "(?, ?, ?, ?, ?, ?)", ", ") .. ") AS v " ..
      "WHERE s_w_id = v.column1 AND s_i_id = v.column2"
   local def = { { mysql = mysql, other = other } }
   for k = 1, 6 * n do
      def[k + 1] = T_INT
   end
   defs["s_set" .. n] = def
end

-- Delivery finds each district's oldest new order, then delivers the ten
-- orders together (clause 2.7.4.2 fixes the rows, not the statements):
-- one statement each deletes them from NEW-ORDER, sets their carrier,
-- dates their lines, sums their lines by customer and credits the
-- customers. An order is named by its (warehouse, district, O_ID), the
-- whole key in each term of the OR so that SQLite, too, looks each one up
-- in the index; a district with nothing to deliver by (w, 0, 0), which
-- matches no row.
local function orders_of(col)
   return list(10, string.format("(%s_w_id = ? AND %s_d_id = ? AND %s = ?)",
                                 col, col, col == "o" and "o_id" or
                                    col .. "_o_id"), " OR ")
end
local function ints(n)
   local t = {}
   for i = 1, n do
      t[i] = T_INT
   end
   return unpack(t)
end
defs.no_delete = { "DELETE FROM new_orders%d WHERE " .. orders_of("no"),
                   ints(30) }
defs.o_carrier = { "UPDATE orders%d SET o_carrier_id = ? WHERE " ..
                      orders_of("o"), ints(31) }
defs.ol_deliver = { "UPDATE order_line%d SET ol_delivery_d = " ..
                       "CURRENT_TIMESTAMP WHERE " .. orders_of("ol"),
                    ints(30) }
defs.o_totals = { "SELECT o_d_id, o_c_id, SUM(ol_amount) FROM orders%d " ..
                     "LEFT JOIN order_line%d ON ol_w_id = o_w_id AND " ..
                     "ol_d_id = o_d_id AND ol_o_id = o_id WHERE " ..
                     orders_of("o") .. " GROUP BY o_d_id, o_c_id ORDER BY " ..
                     "o_d_id", ints(30) }
-- The customers' (district, C_ID, amount in cents), then the warehouse.
defs.c_deliver = {
   { mysql = "UPDATE customer%d JOIN (SELECT ? AS d, ? AS c, ? AS amount" ..
        string.rep(" UNION ALL SELECT ?, ?, ?", 9) .. ") AS v ON c_w_id " ..
        "= ? AND c_d_id = v.d AND c_id = v.c SET c_balance = c_balance + " ..
        "v.amount / 100.0, c_delivery_cnt = c_delivery_cnt + 1",
     other = "UPDATE customer%d SET c_balance = c_balance + v.column3 / " ..
        "100.0, c_delivery_cnt = c_delivery_cnt + 1 FROM (VALUES " ..
        list(10, "(?, ?, ?)", ", ") .. ") AS v WHERE c_w_id = ? AND " ..
        "c_d_id = v.column1 AND c_id = v.column2" }, ints(31) }

-- Prepares every statement of `defs` for set n on T.con: T.s[name] is the
-- statement, T.p[name] its parameters.
local function prepare_statements(T, n)
   local fu = T.driver == "sqlite" and "" or " FOR UPDATE"
   T.s, T.p = {}, {}
   for name, def in pairs(defs) do
      local text = def[1]
      if type(text) == "table" then -- a text by driver
         text = text[T.driver] or text.other
      end
      local sql = text:gsub("{FU}", fu):gsub("%%d", tostring(n))
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

-- A VARCHAR parameter set to column i of a row (not NULL), copied from
-- the row into the parameter's buffer (bench.sql's param: buffer,
-- data_len, is_null, max_len) without a Lua string in between.
local function set_text(param, v, i)
   local x = v[i]
   local n = x.len < param.max_len and x.len or param.max_len
   ffi.copy(param.buffer, x.ptr, n)
   param.data_len[0] = n
   param.is_null[0] = 0
end

-- Column i as a number, through a Lua string: a loop over the bytes,
-- run for every value inside the loops over rows and lines, is a loop
-- nested in another, which LuaJIT compiles badly or not at all (then
-- its interpreter ran it, costing more than the string does).
local function number(v, i)
   local x = v[i]
   return tonumber(ffi.string(x.ptr, x.len))
end

-- Column i as an integer (a DECIMAL's whole part).
local function int(v, i)
   local n = number(v, i)
   return n >= 0 and floor(n) or -floor(-n)
end

-- Column i as a whole number of cents (a DECIMAL's text: "-12.3" is
-- -1230). SQLite's sums are binary floating point, "1234.5599999999":
-- rounded to the cent.
local function cents(v, i)
   local n = number(v, i) * 100
   return n >= 0 and floor(n + 0.5) or -floor(0.5 - n)
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

-- The order's items, one statement for them all: their ids and prices
-- (cents) into T.item_id and T.price, in id order, T.items of them.
-- Arrays, not a table by item id: keys set and cleared for every order
-- made LuaJIT rehash that table again and again.
local function read_items(T, count)
   local lines, p, ids, price = T.lines, T.p.i_get, T.item_id, T.price
   for l = 1, MAX_LINES do
      p[l]:set(floor(lines[l <= count and l or 1] / 16) % 131072)
   end
   local rs = T.s.i_get:execute().rs
   local n = 0
   local r = C.db_fetch_row(rs)
   while r ~= nil do
      local v = r.values
      n = n + 1
      ids[n], price[n] = int(v, 0), cents(v, 1)
      r = C.db_fetch_row(rs)
   end
   T.items = n
end

-- Where item is in T.item_id (an index from 1), or 0: for an order with
-- a remote line, whose lines are not in item order. No loop here ends
-- early (a return from inside a loop): LuaJIT cannot compile that exit
-- and ran it in the interpreter at every call, which cost more than the
-- whole loop does.
local function find_item(T, item)
   local ids, at = T.item_id, 0
   for j = 1, T.items do
      if ids[j] == item then
         at = j
      end
   end
   return at
end

-- Whether every item of the order exists (not so in the rolled-back 1%).
-- With every line supplied by the home warehouse the lines are in item
-- order (the unused item, 100001, last), as the rows are: every item was
-- found when the rows are as many as the lines' distinct items, counted
-- without a search (a loop in this loop).
local function items_found(T, count, all_local)
   local lines, missing, distinct, last = T.lines, 0, 0, -1
   for l = 1, count do
      local item = floor(lines[l] / 16) % 131072
      if all_local == 1 then
         distinct = distinct + (item ~= last and 1 or 0)
         last = item
      elseif find_item(T, item) == 0 then
         missing = missing + 1
      end
   end
   return missing == 0 and (all_local == 0 or distinct == T.items)
end

-- The order's stock rows, read and locked in one statement, in key order:
-- each line takes its quantity from its row (one row serves the lines of
-- an item ordered twice, in turn) and its S_DIST_xx; the lines' values go
-- into the INSERT's parameters (pl), the rows' keys and new values into
-- T.upd (6 values a row, in s_set's order). Returns the number of rows.
local function read_stock(T, w, d, o_id, count, pl, all_local)
   local lines, price, upd = T.lines, T.price, T.upd
   local k = 0 -- the line's item in T.item_id, when all_local
   local s_get = T.s_get[d]
   local p = T.p[s_get]
   for l = 1, MAX_LINES do
      local key = lines[l <= count and l or 1]
      p[2 * l - 1]:set(floor(key / 2097152))
      p[2 * l]:set(floor(key / 16) % 131072)
   end
   local rs = T.s[s_get]:execute().rs
   local r, rows = nil, 0
   local cur_w, cur_i, q = -1, -1, 0
   for l = 1, count do
      local key = lines[l]
      local qty = key % 16
      local item = floor(key / 16) % 131072
      local sw = floor(key / 2097152)
      k = k + (item ~= cur_i and 1 or 0)
      if sw ~= cur_w or item ~= cur_i then
         r = C.db_fetch_row(rs)
         if r == nil then
            error(string.format("tpcc: no stock row for item %d of " ..
                                   "warehouse %d", item, sw), 0)
         end
         cur_w, cur_i, q = sw, item, int(r.values, 2)
         rows = rows + 1
         local u = rows * 6 - 6
         upd[u + 1], upd[u + 2] = sw, item
         upd[u + 4], upd[u + 5], upd[u + 6] = 0, 0, 0
      end
      q = q >= qty + 10 and q - qty or q - qty + 91
      local u = rows * 6 - 6
      upd[u + 3] = q
      upd[u + 4] = upd[u + 4] + qty
      upd[u + 5] = upd[u + 5] + 1
      upd[u + 6] = upd[u + 6] + (sw ~= w and 1 or 0)
      local b = l * 9 - 9
      pl[b + 1]:set(o_id)
      pl[b + 2]:set(d)
      pl[b + 3]:set(w)
      pl[b + 4]:set(l)
      pl[b + 5]:set(item)
      pl[b + 6]:set(sw)
      pl[b + 7]:set(qty)
      pl[b + 8]:set(qty * price[all_local == 1 and k or find_item(T, item)])
      set_text(pl[b + 9], r.values, 4)
   end
   return rows
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
   run(T, "w_c_new_order", w, d, c)
   local o_id = int(row(T, "d_next", w, d), 1)
   run(T, "d_set_next", o_id + 1, w, d)
   run(T, "o_insert", o_id, d, w, c, count, all_local)
   run(T, "no_insert", o_id, d, w)
   read_items(T, count)
   if not items_found(T, count, all_local) then
      C.bench_db_span(T.con, T.t0)
      T.con:query("ROLLBACK", ROLLBACK_OPTS)
      return
   end
   local ol_insert = T.ol_insert[count]
   local rows = read_stock(T, w, d, o_id, count, T.p[ol_insert], all_local)
   local upd, s_set = T.upd, T.s_set[rows]
   local ps = T.p[s_set]
   for k = 1, rows * 6 do
      ps[k]:set(upd[k])
   end
   T.s[s_set]:execute()
   T.s[ol_insert]:execute()
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
   local wd = row(T, "w_d_get", w, d)
   local h_data = text(wd, 0) .. "    " .. text(wd, 6) -- W_NAME, D_NAME
   run(T, "d_pay", amount, w, d)
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
   run(T, "h_insert", c, cd, cw, d, w, amount, h_data)
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
   local oldest, found = T.oldest, 0
   T.begin_write:execute()
   for d = 1, 10 do
      local no = row(T, "no_oldest", w, d)
      -- none outstanding: the district is skipped
      oldest[d] = no ~= nil and int(no, 0) or 0
      found = found + (no ~= nil and 1 or 0)
   end
   if found > 0 then
      local p = T.p
      local pn, pc, pl, pt = p.no_delete, p.o_carrier, p.ol_deliver,
         p.o_totals
      pc[1]:set(carrier)
      for d = 1, 10 do
         local o_id = oldest[d]
         local dd, k = o_id ~= 0 and d or 0, 3 * d - 3
         pn[k + 1]:set(w)
         pn[k + 2]:set(dd)
         pn[k + 3]:set(o_id)
         pc[k + 2]:set(w)
         pc[k + 3]:set(dd)
         pc[k + 4]:set(o_id)
         pl[k + 1]:set(w)
         pl[k + 2]:set(dd)
         pl[k + 3]:set(o_id)
         pt[k + 1]:set(w)
         pt[k + 2]:set(dd)
         pt[k + 3]:set(o_id)
      end
      T.s.no_delete:execute()
      T.s.o_carrier:execute()
      T.s.ol_deliver:execute()
      -- Each order's customer and the sum of its lines, credited to the
      -- customer (0 for an order without lines, which the load never
      -- makes); unused slots stay (0, 0, 0).
      local pu, k = p.c_deliver, 0
      local rs = T.s.o_totals:execute().rs
      local r = C.db_fetch_row(rs)
      while r ~= nil do
         local v = r.values
         pu[3 * k + 1]:set(int(v, 0))
         pu[3 * k + 2]:set(int(v, 1))
         pu[3 * k + 3]:set(v[2].ptr ~= nil and cents(v, 2) or 0)
         k = k + 1
         r = C.db_fetch_row(rs)
      end
      for j = 3 * k + 1, 30 do
         pu[j]:set(0)
      end
      pu[31]:set(w)
      T.s.c_deliver:execute()
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
   T.s_get, T.ol_insert = {}, {}
   for d = 1, 10 do
      T.s_get[d] = "s_get" .. d -- not a new string per order
   end
   T.s_set = {}
   for n = 1, MAX_LINES do
      T.s_set[n] = "s_set" .. n
      T.ol_insert[n] = n >= 5 and "ol_insert" .. n or nil
   end
   T.item_id, T.price, T.items, T.upd = {}, {}, 0, {}
   T.oldest = {}
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
