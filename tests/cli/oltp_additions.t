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
