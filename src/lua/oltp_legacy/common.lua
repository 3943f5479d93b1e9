-- SPDX-License-Identifier: MIT
-- oltp_legacy/common.lua: shared code of the 0.5-era OLTP scripts, written
-- on the legacy API (sysbench 1.0.20 INV 10, 12). Options are free-form
-- globals from the command line (--oltp-table-size=N -> oltp_table_size,
-- a string); set_vars() turns them into numbers and booleans with 1.0.20's
-- defaults. The scripts load this file with dofile() from the directory of
-- `test`, so a copied directory works as sysbench's does.

-- "on"/"off" option globals; anything but the opposite word is the default.
local function flag(value, default)
   if default then
      return value ~= "off" and value ~= false
   end
   return value == "on" or value == true
end

function set_vars()
   oltp_table_size = tonumber(oltp_table_size) or 10000
   oltp_range_size = tonumber(oltp_range_size) or 100
   oltp_tables_count = tonumber(oltp_tables_count) or 1
   oltp_point_selects = tonumber(oltp_point_selects) or 10
   oltp_simple_ranges = tonumber(oltp_simple_ranges) or 1
   oltp_sum_ranges = tonumber(oltp_sum_ranges) or 1
   oltp_order_ranges = tonumber(oltp_order_ranges) or 1
   oltp_distinct_ranges = tonumber(oltp_distinct_ranges) or 1
   oltp_index_updates = tonumber(oltp_index_updates) or 1
   oltp_non_index_updates = tonumber(oltp_non_index_updates) or 1
   oltp_delete_inserts = tonumber(oltp_delete_inserts) or 1

   oltp_range_selects = flag(oltp_range_selects, true)
   oltp_auto_inc = flag(oltp_auto_inc, true)
   oltp_read_only = flag(oltp_read_only, false)
   oltp_write_only = flag(oltp_write_only, false)
   if oltp_read_only and oltp_write_only then
      error("--oltp-read-only and --oltp-write-only are mutually exclusive")
   end
   oltp_skip_trx = flag(oltp_skip_trx, false)
   oltp_create_secondary = flag(oltp_create_secondary, true)
   -- (sysbench 1.0.20 takes any value of --oltp-secondary, even "off",
   -- as on.)
   oltp_secondary = flag(oltp_secondary, false)

   -- Redshift has no secondary indexes and no cheap single-row deletes.
   if pgsql_variant == "redshift" then
      oltp_create_secondary = false
      oltp_delete_inserts = 0
   end
end

-- 120 and 60 characters: the c and pad columns.
C_PATTERN = string.rep("###########-", 9) .. "###########"
PAD_PATTERN = string.rep("###########-", 4) .. "###########"

local function create_table_sql(n)
   local key = oltp_secondary and "KEY xid" or "PRIMARY KEY"
   if db_driver == "mysql" then
      return string.format([[
CREATE TABLE sbtest%d (
id INTEGER UNSIGNED NOT NULL %s,
k INTEGER UNSIGNED DEFAULT '0' NOT NULL,
c CHAR(120) DEFAULT '' NOT NULL,
pad CHAR(60) DEFAULT '' NOT NULL,
%s (id)
) /*! ENGINE = %s MAX_ROWS = %s */ %s]], n,
         oltp_auto_inc and "AUTO_INCREMENT" or "", key,
         mysql_table_engine, myisam_max_rows, mysql_table_options or "")
   elseif db_driver == "pgsql" then
      local id_type = pgsql_variant == "redshift" and
         "INTEGER IDENTITY(1,1)" or "SERIAL"
      return string.format([[
CREATE TABLE sbtest%d (
id %s NOT NULL,
k INTEGER DEFAULT '0' NOT NULL,
c CHAR(120) DEFAULT '' NOT NULL,
pad CHAR(60) DEFAULT '' NOT NULL,
%s (id)
) ]], n, id_type, key)
   end
   return nil
end

-- Creates and fills table sbtest<n>, then its secondary index.
function create_insert(n)
   print("Creating table 'sbtest" .. n .. "'...")
   local ddl = create_table_sql(n)
   if ddl == nil then
      print("Unknown database driver: " .. tostring(db_driver))
      return 1
   end
   db_query(ddl)

   print("Inserting " .. oltp_table_size .. " records into 'sbtest" .. n ..
         "'")
   if oltp_auto_inc then
      db_bulk_insert_init("INSERT INTO sbtest" .. n .. "(k, c, pad) VALUES")
   else
      db_bulk_insert_init("INSERT INTO sbtest" .. n ..
                          "(id, k, c, pad) VALUES")
   end
   for id = 1, oltp_table_size do
      local c = sb_rand_str(C_PATTERN)
      local pad = sb_rand_str(PAD_PATTERN)
      local k = sb_rand(1, oltp_table_size)
      if oltp_auto_inc then
         db_bulk_insert_next(string.format("(%d, '%s', '%s')", k, c, pad))
      else
         db_bulk_insert_next(string.format("(%d,%d,'%s', '%s'  )", id, k, c,
                                           pad))
      end
   end
   db_bulk_insert_done()

   if oltp_create_secondary then
      print("Creating secondary indexes on 'sbtest" .. n .. "'...")
      db_query("CREATE INDEX k_" .. n .. " on sbtest" .. n .. "(k)")
   end
end

function prepare()
   set_vars()
   db_connect()
   for n = 1, oltp_tables_count do
      create_insert(n)
   end
   return 0
end

function cleanup()
   set_vars()
   for n = 1, oltp_tables_count do
      print("Dropping table 'sbtest" .. n .. "'...")
      db_query("DROP TABLE IF EXISTS sbtest" .. n)
   end
end

-- A random table of this run: sbtest1..sbtest<oltp_tables_count>.
function random_table()
   return "sbtest" .. sb_rand_uniform(1, oltp_tables_count)
end
