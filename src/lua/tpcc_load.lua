-- SPDX-License-Identifier: MIT
-- tpcc_load: the nine tables of TPC-C (clause 1.3) and their initial
-- population (clause 4.3.3.1), loaded through bench's bulk path
-- (docs/bulk-load.md: COPY, LOAD DATA LOCAL, SQLite's INSERTs in large
-- transactions); `prepare` with --threads loads warehouses in parallel.
-- Set n of --tables has the tables warehouse<n>, district<n>, ...
local ffi = require("ffi")
local R = require("tpcc_rand")
local C = ffi.C
local uniform = sysbench.rand.uniform
local astring, decimal, zip = R.astring, R.decimal, R.zip
local DISTRICTS, ORDERS = 10, 3000 -- a warehouse's; a district's orders

local M = {}

M.TABLES = { "warehouse", "district", "customer", "history", "orders",
             "new_orders", "order_line", "stock", "item" }

-- -- Schema --------------------------------------------------------------------

-- Column lists (the load's and CREATE TABLE's order) and types; {TS} is
-- the driver's date-time type. The keys lead with the warehouse, so that
-- a warehouse's rows are one range of each key (InnoDB stores rows in
-- key order: one load appends to it).
local columns = {
   warehouse = [[w_id INT NOT NULL, w_name VARCHAR(10), w_street_1 VARCHAR(20),
      w_street_2 VARCHAR(20), w_city VARCHAR(20), w_state CHAR(2),
      w_zip CHAR(9), w_tax DECIMAL(4,4), w_ytd DECIMAL(12,2),
      PRIMARY KEY (w_id)]],
   district = [[d_id INT NOT NULL, d_w_id INT NOT NULL, d_name VARCHAR(10),
      d_street_1 VARCHAR(20), d_street_2 VARCHAR(20), d_city VARCHAR(20),
      d_state CHAR(2), d_zip CHAR(9), d_tax DECIMAL(4,4), d_ytd DECIMAL(12,2),
      d_next_o_id INT, PRIMARY KEY (d_w_id, d_id)]],
   customer = [[c_id INT NOT NULL, c_d_id INT NOT NULL, c_w_id INT NOT NULL,
      c_first VARCHAR(16), c_middle CHAR(2), c_last VARCHAR(16),
      c_street_1 VARCHAR(20), c_street_2 VARCHAR(20), c_city VARCHAR(20),
      c_state CHAR(2), c_zip CHAR(9), c_phone CHAR(16), c_since {TS},
      c_credit CHAR(2), c_credit_lim DECIMAL(12,2), c_discount DECIMAL(4,4),
      c_balance DECIMAL(12,2), c_ytd_payment DECIMAL(12,2),
      c_payment_cnt INT, c_delivery_cnt INT, c_data VARCHAR(500),
      PRIMARY KEY (c_w_id, c_d_id, c_id)]],
   -- No key: clause 1.3 gives HISTORY none.
   history = [[h_c_id INT, h_c_d_id INT, h_c_w_id INT, h_d_id INT,
      h_w_id INT, h_date {TS}, h_amount DECIMAL(6,2), h_data VARCHAR(24)]],
   orders = [[o_id INT NOT NULL, o_d_id INT NOT NULL, o_w_id INT NOT NULL,
      o_c_id INT, o_entry_d {TS}, o_carrier_id INT, o_ol_cnt INT,
      o_all_local INT, PRIMARY KEY (o_w_id, o_d_id, o_id)]],
   new_orders = [[no_o_id INT NOT NULL, no_d_id INT NOT NULL,
      no_w_id INT NOT NULL, PRIMARY KEY (no_w_id, no_d_id, no_o_id)]],
   order_line = [[ol_o_id INT NOT NULL, ol_d_id INT NOT NULL,
      ol_w_id INT NOT NULL, ol_number INT NOT NULL, ol_i_id INT,
      ol_supply_w_id INT, ol_delivery_d {TS} NULL, ol_quantity INT,
      ol_amount DECIMAL(6,2), ol_dist_info CHAR(24),
      PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number)]],
   stock = [[s_i_id INT NOT NULL, s_w_id INT NOT NULL, s_quantity INT,
      s_dist_01 CHAR(24), s_dist_02 CHAR(24), s_dist_03 CHAR(24),
      s_dist_04 CHAR(24), s_dist_05 CHAR(24), s_dist_06 CHAR(24),
      s_dist_07 CHAR(24), s_dist_08 CHAR(24), s_dist_09 CHAR(24),
      s_dist_10 CHAR(24), s_ytd INT, s_order_cnt INT, s_remote_cnt INT,
      s_data VARCHAR(50), PRIMARY KEY (s_w_id, s_i_id)]],
   item = [[i_id INT NOT NULL, i_im_id INT, i_name VARCHAR(24),
      i_price DECIMAL(5,2), i_data VARCHAR(50), PRIMARY KEY (i_id)]],
}

-- The indexes the transactions need besides the keys: customers by last
-- name (Payment, Order-Status) and a customer's last order
-- (Order-Status). Built after the rows.
local indexes = {
   { "customer", "c_last", "c_w_id, c_d_id, c_last, c_first" },
   { "orders", "c_id", "o_w_id, o_d_id, o_c_id, o_id" },
}

-- The names of the columns of `tbl`, for the bulk load: the lower-case
-- words followed by a type.
local function column_names(tbl)
   local names = {}
   for name in columns[tbl]:gmatch("(%l[%w_]*) [%u{]") do
      names[#names + 1] = name
   end
   return table.concat(names, ", ")
end

function M.create_sql(driver, tbl, n)
   local ts = driver == "mysql" and "DATETIME" or "TIMESTAMP"
   local cols = columns[tbl]:gsub("{TS}", ts):gsub("%s+", " ")
   return string.format("CREATE TABLE %s%d (%s)", tbl, n, cols)
end

-- -- Rows of a warehouse (clause 4.3.3.1) ----------------------------------

local function say(fmt, ...)
   print(string.format(fmt, ...))
end

-- Loads `tbl`<n> with the rows gen(con) adds.
local function load(con, tbl, n, w, gen)
   local name = tbl .. n
   local mark = string.format("%s (warehouse %d)", name, w)
   C.bench_db_load_mark(mark, true)
   con:bulk_load_start(name, column_names(tbl), sysbench.opt.bulk_load)
   gen(con)
   con:bulk_load_end()
   C.bench_db_load_mark(mark, false)
end

-- The error of a failed bench_db_load_tpcc, as con:bulk_load_row raises
-- one (its FATAL lines are printed already).
local function load_error(con)
   if con.sql_errmsg == nil then
      error("SQL API error", 0)
   end
   error(string.format("SQL error, errno = %d, state = '%s': %s",
                       con.sql_errno, con.sql_state ~= nil and
                          ffi.string(con.sql_state) or "",
                       ffi.string(con.sql_errmsg)), 0)
end

-- The rows of the large tables are made in C (src/db/db_load_tpcc.c:
-- no Lua string or call per row, most of a prepare's client CPU when
-- they were made here), in the column order above; `spec` says which
-- table (C.BENCH_TPCC_*), the warehouse and the values drawn here.
local spec = ffi.new("bench_tpcc_rows")

-- Loads `tbl`<n> of warehouse w with C's rows of `kind`; now, ol_cnt,
-- o_c_id: the dates' text and load_orders's draws, when the table has
-- them.
local function load_c(con, tbl, n, w, kind, now, ol_cnt, o_c_id)
   load(con, tbl, n, w, function()
      spec.table, spec.w, spec.now = kind, w, now
      spec.c_last_load, spec.ol_cnt, spec.o_c_id = R.C_LAST_LOAD, ol_cnt,
         o_c_id
      if C.bench_db_load_tpcc(con, spec) ~= 0 then
         load_error(con)
      end
   end)
end

-- name, street 1, street 2, city, state, zip of a warehouse or district.
local function address()
   return astring(6, 10), astring(10, 20), astring(10, 20), astring(10, 20),
      astring(2, 2), zip()
end

-- ITEM (clause 4.3.3.1): I_IM_ID 1..10,000, I_NAME an a-string [14..24],
-- I_PRICE 1.00..100.00, I_DATA as S_DATA below.
local function load_items(con, n)
   load_c(con, "item", n, 0, C.BENCH_TPCC_ITEM)
end

-- STOCK: S_QUANTITY 10..100, S_DIST_xx a-strings of 24, the counters 0,
-- S_DATA an a-string [26..50] with "ORIGINAL" in 10% of the rows.
local function load_stock(con, n, w)
   load_c(con, "stock", n, w, C.BENCH_TPCC_STOCK)
end

-- CUSTOMER: C_LAST the names of 0..999 in turn for the first 1,000 of a
-- district, NURand(255, 0, 999) with C-Load for the other 2,000; 10%
-- bad credit; C_DATA an a-string [300..500]. HISTORY: a row each.
local function load_customers(con, n, w, now)
   load_c(con, "customer", n, w, C.BENCH_TPCC_CUSTOMER, now)
   load_c(con, "history", n, w, C.BENCH_TPCC_HISTORY, now)
end

-- o_c_id[k] for k = 0..count-1: a random permutation of 1..count
-- (Fisher-Yates), at o_c_id + at.
local function permutation(o_c_id, at, count)
   for i = 1, count do
      o_c_id[at + i - 1] = i
   end
   for i = count, 2, -1 do
      local j = uniform(1, i)
      o_c_id[at + i - 1], o_c_id[at + j - 1] =
         o_c_id[at + j - 1], o_c_id[at + i - 1]
   end
end

-- ORDER, ORDER-LINE and NEW-ORDER: 3,000 orders a district, their
-- customers a permutation, 5..15 lines each, the last 900 undelivered.
-- The lines go first (their counts drawn beforehand): see M.ROWS. Order
-- o of district d is at (d - 1) * 3000 + o - 1 of the arrays.
local function load_orders(con, n, w, now)
   local ol_cnt = ffi.new("int32_t[?]", DISTRICTS * ORDERS)
   local o_c_id = ffi.new("int32_t[?]", DISTRICTS * ORDERS)
   for d = 1, DISTRICTS do
      local at = (d - 1) * ORDERS
      permutation(o_c_id, at, ORDERS)
      for o = 1, ORDERS do
         ol_cnt[at + o - 1] = uniform(5, 15)
      end
   end
   load_c(con, "order_line", n, w, C.BENCH_TPCC_ORDER_LINE, now, ol_cnt)
   load_c(con, "orders", n, w, C.BENCH_TPCC_ORDERS, now, ol_cnt, o_c_id)
   load_c(con, "new_orders", n, w, C.BENCH_TPCC_NEW_ORDERS)
end

local function load_warehouse(con, n, w)
   local now = os.date("%Y-%m-%d %H:%M:%S")
   load(con, "warehouse", n, w, function()
      local name, a, b, city, state, z = address()
      con:bulk_load_row(w, name, a, b, city, state, z, decimal(0, 0.2, 4),
                        "300000.00")
   end)
   load(con, "district", n, w, function()
      for d = 1, DISTRICTS do
         local name, a, b, city, state, z = address()
         con:bulk_load_row(d, w, name, a, b, city, state, z,
                           decimal(0, 0.2, 4), "30000.00", 3001)
      end
   end)
   load_stock(con, n, w)
   load_customers(con, n, w, now)
   load_orders(con, n, w, now)
end

-- Rows of a warehouse for the progress line: its fixed 199,011 and
-- ORDER-LINE's expected 300,000 less 3,000 (some 5.5 standard deviations
-- of a warehouse's 30,000 draws of 5..15), so that every warehouse
-- reaches it: the line is an estimate, the counts printed exact.
M.ROWS = 199011 + 297000

-- -- prepare -------------------------------------------------------------------

local function driver_name()
   return sysbench.sql.driver():name()
end

local function create_set(con, n)
   local driver = driver_name()
   say("Creating the tables of set %d (warehouse%d, district%d, ...)...", n,
       n, n)
   for _, tbl in ipairs(M.TABLES) do
      local ok, err = pcall(con.query, con, M.create_sql(driver, tbl, n))
      if not ok then
         -- A table left by an earlier prepare (MySQL 42S01, PostgreSQL
         -- 42P07, SQLite's message): the driver's line, then what to do.
         if type(err) == "string" and (err:find("42S01", 1, true) or
            err:find("42P07", 1, true) or err:find("already exists", 1, true))
         then
            require("bench.builtin").fail("table '%s%d' is left from an " ..
               "earlier prepare: run 'cleanup' first, with the same " ..
               "--tables", tbl, n)
         end
         error(err, 0)
      end
   end
   say("Loading 100000 items into 'item%d'", n)
   load_items(con, n)
end

local function create_indexes(con, n)
   say("Creating the secondary indexes of set %d...", n)
   for _, ix in ipairs(indexes) do
      con:query(string.format("CREATE INDEX %s%d_%s ON %s%d (%s)", ix[1], n,
                              ix[2], ix[1], n, ix[3]))
   end
end

-- Worker t of T (the main state alone: 0 of 1) creates nothing unless it
-- is worker 0, which makes every set's tables and items first; then the
-- warehouses are dealt round-robin (unit u to worker u % T), and the
-- worker finishing a set's last warehouse builds its indexes.
function M.prepare(sets, warehouses)
   local con = sysbench.sql.driver():connect()
   local threads = sysbench.opt.threads
   local tid = sysbench.tid % threads
   if tid == 0 then
      for n = 1, sets do
         create_set(con, n)
      end
      C.bench_db_load_tally("tpcc.created")
   elseif C.bench_db_load_await("tpcc.created", 1) ~= 0 then
      return -- the command stops: worker 0 failed
   end
   local units = sets * warehouses
   C.bench_db_load_progress("warehouse ", units, M.ROWS,
                            math.min(threads, units), 0)
   for u = tid, units - 1, threads do
      local n, w = math.floor(u / warehouses) + 1, u % warehouses + 1
      say("Loading warehouse %d of set %d", w, n)
      C.bench_db_load_table(con, u + 1)
      load_warehouse(con, n, w)
      if C.bench_db_load_tally("tpcc.loaded." .. n) == warehouses then
         create_indexes(con, n)
      end
   end
   con:disconnect()
end

function M.cleanup(sets)
   local con = sysbench.sql.driver():connect()
   for n = 1, sets do
      say("Dropping the tables of set %d...", n)
      for _, tbl in ipairs(M.TABLES) do
         con:query("DROP TABLE IF EXISTS " .. tbl .. n)
      end
   end
   con:disconnect()
end

return M
