bench's additions to the OLTP scripts (docs/oltp-additions.md): not in
sysbench's listing, which stays sysbench's in both profiles, but in the
section after it that lists the options sysbench lacks.

  $ $BENCH oltp_read_write help | sed '/^$/q' | grep -cE 'use_file|filename|secondary_ranges|start_id'
  0
  [1]
  $ $BENCH oltp_read_write help | sed -n '/that sysbench lacks:$/,$p' | awk '{ print $1 }'
  oltp_read_write
  --bulk_load=STRING
  --filename=STRING
  --secondary_ranges=N
  --start_id=N
  --use_file[=on|off]
  
  $ $BENCH --compat=1.1 oltp_read_write help | sed -n '/that sysbench lacks:$/,$p' | awk '{ print $1 }'
  oltp_read_write
  --bulk_load=STRING
  --filename=STRING
  --secondary_ranges=N
  --start_id=N
  --use_file[=on|off]
  

The 1.0 profile accepts them.

  $ $BENCH oltp_read_write --use_file=off --filename=x --secondary_ranges=1 --start_id=0 help | grep -c -- --tables
  1

--use_file reads --filename through a bounded reader (issue 28). A NUL
byte is dropped and the rest of its line kept, a CR before the newline
too (sysbench read `abc\0def\nline2` as `abcline2`); rows.lua prints the
loaded c and pad.

  $ cat > rows.lua <<'LUA'
  > sysbench.cmdline.commands = {
  >    rows = { function()
  >       local con = sysbench.sql.driver():connect()
  >       local rs = con:query("SELECT c, pad FROM sbtest1 ORDER BY id")
  >       for _ = 1, rs.nrows do
  >          local row = rs:fetch_row()
  >          print(row[1] .. "|" .. row[2])
  >       end
  >    end },
  > }
  > LUA
  $ printf 'abc\000def\nline2\r\n' > nul.txt
  $ $BENCH oltp_read_write --db-driver=sqlite --sqlite-db=nul.db --table_size=2 --use_file=on --filename=nul.txt prepare | tail -n +3
  Creating table 'sbtest1'...
  Inserting 2 records into 'sbtest1'
  Creating a secondary index on 'sbtest1'...
  $ $BENCH rows.lua --db-driver=sqlite --sqlite-db=nul.db rows | tail -n +3
  abcdef|line2
  abcdef|line2

Only a regular file or a named pipe is read: a device is refused before
it is opened (/dev/zero spun at full CPU for ever), a directory too (it
"had no lines"); a line is cut to its first 1024 bytes, and one of over
1 MiB is an error.

  $ $BENCH oltp_read_write --db-driver=sqlite --sqlite-db=z.db --use_file=on --filename=/dev/zero prepare
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: `sysbench.cmdline.call_command' function failed: --filename=/dev/zero is a character device: only a regular file or a named pipe can be read
  [1]
  $ mkdir adir
  $ $BENCH oltp_read_write --db-driver=sqlite --sqlite-db=z.db --use_file=on --filename=adir prepare 2>&1 | tail -1
  FATAL: `sysbench.cmdline.call_command' function failed: --filename=adir is a directory
  $ : > empty.txt
  $ $BENCH oltp_read_write --db-driver=sqlite --sqlite-db=z.db --use_file=on --filename=empty.txt prepare 2>&1 | tail -1
  FATAL: `sysbench.cmdline.call_command' function failed: --filename=empty.txt has no lines
  $ head -c 2000000 /dev/zero > zeros.bin
  $ $BENCH oltp_read_write --db-driver=sqlite --sqlite-db=z2.db --use_file=on --filename=zeros.bin prepare 2>&1 | tail -1
  FATAL: `sysbench.cmdline.call_command' function failed: --filename=zeros.bin: line 1 is longer than 1 MiB (not a text file?)

--tables and --table_size are checked by every command before anything
is made per table (--tables=2147483648 took 5.7 GB before timing out):
one line naming the option and its range, exit 1.

  $ $BENCH oltp_read_write --db-driver=null --tables=2147483648 --time=1 run
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  FATAL: `init' function failed: --tables=2147483648: must be an integer in 1..1000000
  [1]
  $ for o in --tables=0 --tables=1.5 --table_size=2147483648 --table_size=-1; do
  >   $BENCH oltp_read_write --db-driver=null $o --time=1 run 2>&1 | tail -1
  > done
  FATAL: `init' function failed: --tables=0: must be an integer in 1..1000000
  FATAL: `init' function failed: --tables=1.5: must be an integer in 1..1000000
  FATAL: `init' function failed: --table_size=2147483648: must be an integer in 0..2147483647
  FATAL: `init' function failed: --table_size=-1: must be an integer in 0..2147483647
  $ $BENCH oltp_read_write --db-driver=sqlite --sqlite-db=t.db --tables=1000001 --threads=2 prepare
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  Initializing worker threads...
  
  FATAL: `sysbench.cmdline.call_command' function failed: --tables=1000001: must be an integer in 1..1000000
  [1]
  $ $BENCH oltp_read_write --db-driver=sqlite --sqlite-db=t.db --tables=99999999999999999999 cleanup 2>&1 | tail -1
  FATAL: `cleanup' function failed: --tables=1e+20: must be an integer in 1..1000000
