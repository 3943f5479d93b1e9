bench's additions to the OLTP scripts (docs/oltp-additions.md): hidden
from the 1.0 help listing, which stays sysbench 1.0.20's, listed by 1.1.

  $ $BENCH oltp_read_write help | grep -cE 'use_file|filename|secondary_ranges|start_id'
  0
  [1]
  $ $BENCH --compat=1.1 oltp_read_write help | grep -E 'use_file|filename|secondary_ranges|start_id' | awk '{ print $1 }'
  --filename=STRING
  --secondary_ranges=N
  --start_id=N
  --use_file[=on|off]

The 1.0 profile accepts them.

  $ $BENCH oltp_read_write --use_file=off --filename=x --secondary_ranges=1 --start_id=0 help | grep -c -- --tables
  1
