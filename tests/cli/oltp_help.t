The bundled OLTP scripts' help and load errors, as sysbench 1.0.20 prints
them (sysbench-reference.md 11.1, 15.3; compat.md OLTP-1, OLTP-2, P-2).
The 1.0 profile hides the 1.1 options create_table_options and reconnect.

  $ $BENCH oltp_read_write help
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  oltp_read_write options:
    --auto_inc[=on|off]           Use AUTO_INCREMENT column as Primary Key (for MySQL), or its alternatives in other DBMS. When disabled, use client-generated IDs [on]
    --create_secondary[=on|off]   Create a secondary index in addition to the PRIMARY KEY [on]
    --delete_inserts=N            Number of DELETE/INSERT combinations per transaction [1]
    --distinct_ranges=N           Number of SELECT DISTINCT queries per transaction [1]
    --index_updates=N             Number of UPDATE index queries per transaction [1]
    --mysql_storage_engine=STRING Storage engine, if MySQL is used [innodb]
    --non_index_updates=N         Number of UPDATE non-index queries per transaction [1]
    --order_ranges=N              Number of SELECT ORDER BY queries per transaction [1]
    --pgsql_variant=STRING        Use this PostgreSQL variant when running with the PostgreSQL driver. The only currently supported variant is 'redshift'. When enabled, create_secondary is automatically disabled, and delete_inserts is set to 0
    --point_selects=N             Number of point SELECT queries per transaction [10]
    --range_selects[=on|off]      Enable/disable all range SELECT queries [on]
    --range_size=N                Range size for range SELECT queries [100]
    --secondary[=on|off]          Use a secondary index in place of the PRIMARY KEY [off]
    --simple_ranges=N             Number of simple range SELECT queries per transaction [1]
    --skip_trx[=on|off]           Don't start explicit transactions and execute all queries in the AUTOCOMMIT mode [off]
    --sum_ranges=N                Number of SELECT SUM() queries per transaction [1]
    --table_size=N                Number of rows per table [10000]
    --tables=N                    Number of tables [1]
  
  oltp_read_write options that sysbench lacks:
    --bulk_load=STRING   How prepare loads rows: auto (COPY or LOAD DATA LOCAL where the server allows it, else multi-row INSERTs), copy (only those) or insert (INSERTs) [auto]
    --filename=STRING    File or named pipe read by --use_file (from the start again at its end) []
    --secondary_ranges=N Number of range SELECT queries per transaction through the secondary index on k that read the rows (select_random_ranges: 1 sum(length(c)), 2 id subquery, 3 LIMIT form) [0]
    --start_id=N         prepare only loads rows start_id .. start_id + range_size - 1 into existing tables, so several processes can fill one table (0: create and fill them) [0]
    --use_file[=on|off]  Fill the c and pad columns on prepare from the lines of --filename instead of random digits [off]
  

Every script that includes oltp_common lists the same options under its own
name; the select_random_* scripts add theirs in sorted order.

  $ for s in oltp_common oltp_read_only oltp_write_only oltp_point_select \
  >   oltp_update_index oltp_update_non_index oltp_delete oltp_insert \
  >   select_random_points; do
  >   $BENCH $s help | sed -n '3p;4,/^$/s/^\(  --[a-z_]*\).*/\1/p' | tr -d '\n'; echo
  > done
  oltp_common options:  --auto_inc  --create_secondary  --delete_inserts  --distinct_ranges  --index_updates  --mysql_storage_engine  --non_index_updates  --order_ranges  --pgsql_variant  --point_selects  --range_selects  --range_size  --secondary  --simple_ranges  --skip_trx  --sum_ranges  --table_size  --tables
  oltp_read_only options:  --auto_inc  --create_secondary  --delete_inserts  --distinct_ranges  --index_updates  --mysql_storage_engine  --non_index_updates  --order_ranges  --pgsql_variant  --point_selects  --range_selects  --range_size  --secondary  --simple_ranges  --skip_trx  --sum_ranges  --table_size  --tables
  oltp_write_only options:  --auto_inc  --create_secondary  --delete_inserts  --distinct_ranges  --index_updates  --mysql_storage_engine  --non_index_updates  --order_ranges  --pgsql_variant  --point_selects  --range_selects  --range_size  --secondary  --simple_ranges  --skip_trx  --sum_ranges  --table_size  --tables
  oltp_point_select options:  --auto_inc  --create_secondary  --delete_inserts  --distinct_ranges  --index_updates  --mysql_storage_engine  --non_index_updates  --order_ranges  --pgsql_variant  --point_selects  --range_selects  --range_size  --secondary  --simple_ranges  --skip_trx  --sum_ranges  --table_size  --tables
  oltp_update_index options:  --auto_inc  --create_secondary  --delete_inserts  --distinct_ranges  --index_updates  --mysql_storage_engine  --non_index_updates  --order_ranges  --pgsql_variant  --point_selects  --range_selects  --range_size  --secondary  --simple_ranges  --skip_trx  --sum_ranges  --table_size  --tables
  oltp_update_non_index options:  --auto_inc  --create_secondary  --delete_inserts  --distinct_ranges  --index_updates  --mysql_storage_engine  --non_index_updates  --order_ranges  --pgsql_variant  --point_selects  --range_selects  --range_size  --secondary  --simple_ranges  --skip_trx  --sum_ranges  --table_size  --tables
  oltp_delete options:  --auto_inc  --create_secondary  --delete_inserts  --distinct_ranges  --index_updates  --mysql_storage_engine  --non_index_updates  --order_ranges  --pgsql_variant  --point_selects  --range_selects  --range_size  --secondary  --simple_ranges  --skip_trx  --sum_ranges  --table_size  --tables
  oltp_insert options:  --auto_inc  --create_secondary  --delete_inserts  --distinct_ranges  --index_updates  --mysql_storage_engine  --non_index_updates  --order_ranges  --pgsql_variant  --point_selects  --range_selects  --range_size  --secondary  --simple_ranges  --skip_trx  --sum_ranges  --table_size  --tables
  select_random_points options:  --auto_inc  --create_secondary  --delete_inserts  --distinct_ranges  --index_updates  --mysql_storage_engine  --non_index_updates  --order_ranges  --pgsql_variant  --point_selects  --random_points  --range_selects  --range_size  --secondary  --simple_ranges  --skip_trx  --sum_ranges  --table_size  --tables

  $ $BENCH select_random_points help | grep -- --random_points
    --random_points=N             Number of random points in the IN() clause in generated SELECTs [10]

  $ $BENCH select_random_ranges help | sed -n '3,$p'
  select_random_ranges options:
    --auto_inc[=on|off]           Use AUTO_INCREMENT column as Primary Key (for MySQL), or its alternatives in other DBMS. When disabled, use client-generated IDs [on]
    --create_secondary[=on|off]   Create a secondary index in addition to the PRIMARY KEY [on]
    --delete_inserts=N            Number of DELETE/INSERT combinations per transaction [1]
    --delta=N                     Size of BETWEEN ranges [5]
    --distinct_ranges=N           Number of SELECT DISTINCT queries per transaction [1]
    --index_updates=N             Number of UPDATE index queries per transaction [1]
    --mysql_storage_engine=STRING Storage engine, if MySQL is used [innodb]
    --non_index_updates=N         Number of UPDATE non-index queries per transaction [1]
    --number_of_ranges=N          Number of random BETWEEN ranges per SELECT [10]
    --order_ranges=N              Number of SELECT ORDER BY queries per transaction [1]
    --pgsql_variant=STRING        Use this PostgreSQL variant when running with the PostgreSQL driver. The only currently supported variant is 'redshift'. When enabled, create_secondary is automatically disabled, and delete_inserts is set to 0
    --point_selects=N             Number of point SELECT queries per transaction [10]
    --range_selects[=on|off]      Enable/disable all range SELECT queries [on]
    --range_size=N                Range size for range SELECT queries [100]
    --secondary[=on|off]          Use a secondary index in place of the PRIMARY KEY [off]
    --simple_ranges=N             Number of simple range SELECT queries per transaction [1]
    --skip_trx[=on|off]           Don't start explicit transactions and execute all queries in the AUTOCOMMIT mode [off]
    --sum_ranges=N                Number of SELECT SUM() queries per transaction [1]
    --table_size=N                Number of rows per table [10000]
    --tables=N                    Number of tables [1]
  
  select_random_ranges options that sysbench lacks:
    --bulk_load=STRING   How prepare loads rows: auto (COPY or LOAD DATA LOCAL where the server allows it, else multi-row INSERTs), copy (only those) or insert (INSERTs) [auto]
    --filename=STRING    File or named pipe read by --use_file (from the start again at its end) []
    --secondary_ranges=N Number of range SELECT queries per transaction through the secondary index on k that read the rows (select_random_ranges: 1 sum(length(c)), 2 id subquery, 3 LIMIT form) [0]
    --start_id=N         prepare only loads rows start_id .. start_id + range_size - 1 into existing tables, so several processes can fill one table (0: create and fill them) [0]
    --use_file[=on|off]  Fill the c and pad columns on prepare from the lines of --filename instead of random digits [off]
  

bulk_insert declares no options and no help.

  $ $BENCH bulk_insert help
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  'bulk_insert' test does not implement the 'help' command.
  [1]

The 1.1 profile lists the options sysbench 1.1 added.

  $ $BENCH --compat=1.1 oltp_read_write help | grep -E 'create_table_options|reconnect'
    --create_table_options=STRING Extra CREATE TABLE options []
    --reconnect=N                 Reconnect after every N events. The default (0) is to not reconnect [0]

The 1.0 profile still accepts them (P-2).

  $ $BENCH oltp_read_write --reconnect=5 --create_table_options=x help | grep -c -- --tables
  1

A command is required; oltp_common cannot run by itself.

  $ $BENCH oltp_read_write 2>/dev/null
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: oltp_common.lua:*: Command is required. Supported commands: prepare, prewarm, run, cleanup, help (glob)
  [1]
  $ $BENCH --compat=1.1 oltp_point_select 2>/dev/null | tail -1
  FATAL: oltp_common.lua:*: Command is required. Supported commands: prepare, warmup, run, cleanup, help (glob)
  $ $BENCH oltp_common run 2>/dev/null
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: `init' function failed: oltp_common.lua:*: this script is meant to be included by other OLTP scripts and should not be called directly. (glob)
  [1]

prewarm (1.0) and warmup (1.1; both accepted) are MySQL only; prepare
supports MySQL and PostgreSQL; select_random_* clean up one table only.

  $ $BENCH --db-driver=null oltp_read_write prewarm 2>/dev/null
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: `sysbench.cmdline.call_command' function failed: oltp_common.lua:*: prewarm is currently MySQL only (glob)
  [1]
  $ $BENCH --db-driver=null oltp_read_write warmup 2>/dev/null | tail -1
  FATAL: `sysbench.cmdline.call_command' function failed: oltp_common.lua:*: warmup is currently MySQL only (glob)
  $ $BENCH --compat=1.1 --db-driver=null oltp_read_write prewarm 2>/dev/null | tail -1
  FATAL: `sysbench.cmdline.call_command' function failed: oltp_common.lua:*: warmup is currently MySQL only (glob)
  $ $BENCH --db-driver=null oltp_read_write prepare 2>/dev/null | tail -1
  FATAL: `sysbench.cmdline.call_command' function failed: oltp_common.lua:*: Unsupported database driver:null (glob)
  $ $BENCH --db-driver=null select_random_points --tables=2 cleanup 2>/dev/null | tail -1
  FATAL: `cleanup' function failed: select_random_points.lua:*: this benchmark does not support --tables > 1 (glob)

The bundled oltp_common.lua defines five global functions 1.0.20's lacks
(docs/compatibility.md); a script that requires it and defines one of
those names afterwards replaces bench's.

  $ cat > globals.lua <<'LUA'
  > require("oltp_common")
  > function finish_table() return "mine" end
  > for _, f in ipairs({ "check_reconnect", "cmd_warmup",
  >                      "prepare_secondary_ranges",
  >                      "execute_secondary_ranges", "finish_table" }) do
  >    print(f .. " " .. type(_G[f]))
  > end
  > print(finish_table())
  > LUA
  $ $BENCH globals.lua help 2>&1 | grep -E '^(check|cmd|prepare_s|execute_s|finish|mine)' 
  check_reconnect function
  cmd_warmup function
  prepare_secondary_ranges function
  execute_secondary_ranges function
  finish_table function
  mine
