fileio under --warmup-time: operations of events that start during the
warmup count neither in sysbench's block (reads/s, writes/s, fsyncs/s) nor
in bench's per-operation latency block, so both blocks describe the same
operations.

  $ args="fileio --file-num=2 --file-total-size=8M --file-test-mode=rndrw"
  $ "$BENCH" $args prepare > /dev/null
  $ ops() {
  >   "$BENCH" $args --events=500 --time=0 --extended-report=on "$@" run |
  >     awk '$1 ~ /^(read|write|fsync):$/ { n += $2 } END { print n, "operations" }'
  > }

Synchronous I/O: each of the 500 events is one read, write or fsync, and
--file-fsync-end adds one fsync per file when the thread ends. With a second
of warmup first, the block still holds these (without the fix it held every
operation of the warmup too), but for one: the event running when the
warm-up ends counts among the 500 (as in sysbench 1.1), its operation, done
during the warm-up, in neither block.

  $ ops
  502 operations
  $ ops --warmup-time=1
  50[12] operations (re)

Asynchronous I/O counts an operation when it completes, so the block's
counts equal the report's rates times the measured time (which excludes the
warmup), within the rounding of the printed figures. They hold every
request of the 3000 events (but that of the event running when the warm-up
ends) and the 2 fsyncs at the end, and at most the
--file-async-backlog (128) requests still in flight when the warmup ended.

  $ "$BENCH" $args --file-io-mode=async --warmup-time=1 --events=3000 --time=0 --extended-report=on run > async.txt
  $ awk '/reads\/s:/ { r = $2 } /writes\/s:/ { w = $2 } /fsyncs\/s:/ { f = $2 }
  >      /total time:/ { t = $3 + 0 }
  >      $1 == "read:" { br = $2 } $1 == "write:" { bw = $2 } $1 == "fsync:" { bf = $2 }
  >      function near(rate, n) { d = rate * t - n; return d < 0.02 * n + 2 && -d < 0.02 * n + 2 }
  >      END { n = br + bw + bf; print (n >= 3001 && n <= 3002 + 128), near(r, br), near(w, bw), near(f, bf) }' async.txt
  1 1 1 1
  $ "$BENCH" $args cleanup > /dev/null
