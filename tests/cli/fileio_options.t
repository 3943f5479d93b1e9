fileio: the option listing and every option check, with sysbench 1.0.20's
texts (the descriptions are bench's own words). Nothing here touches a
file.

  $ "$BENCH" fileio help
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  fileio options:
    --file-num=N                  how many test files to use [128]
    --file-block-size=N           bytes moved by each read or write request [16384]
    --file-total-size=SIZE        combined size of all test files [2G]
    --file-test-mode=STRING       workload to run {seqwr, seqrewr, seqrd, rndrd, rndwr, rndrw}
    --file-io-mode=STRING         how requests are issued {sync,async,mmap} [sync]
    --file-async-backlog=N        asynchronous requests each thread keeps in flight [128]
    --file-extra-flags=[LIST,...] additional flags used when opening the files {sync,dsync,direct} []
    --file-fsync-freq=N           sync the files after this many requests (0 - never) [100]
    --file-fsync-all[=on|off]     sync the file after every write [off]
    --file-fsync-end[=on|off]     sync the files when the test ends [on]
    --file-fsync-mode=STRING      system call used to sync {fsync, fdatasync} [fsync]
    --file-merged-requests=N      join up to this many sequential requests into one (0 - never) [0]
    --file-rw-ratio=N             reads per write in the combined random test [1.5]
  
  $ args="fileio --file-num=4 --file-total-size=32M"
  $ "$BENCH" $args run
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: Missing required argument: --file-test-mode
  
  fileio options:
    --file-num=N                  how many test files to use [128]
    --file-block-size=N           bytes moved by each read or write request [16384]
    --file-total-size=SIZE        combined size of all test files [2G]
    --file-test-mode=STRING       workload to run {seqwr, seqrewr, seqrd, rndrd, rndwr, rndrw}
    --file-io-mode=STRING         how requests are issued {sync,async,mmap} [sync]
    --file-async-backlog=N        asynchronous requests each thread keeps in flight [128]
    --file-extra-flags=[LIST,...] additional flags used when opening the files {sync,dsync,direct} []
    --file-fsync-freq=N           sync the files after this many requests (0 - never) [100]
    --file-fsync-all[=on|off]     sync the file after every write [off]
    --file-fsync-end[=on|off]     sync the files when the test ends [on]
    --file-fsync-mode=STRING      system call used to sync {fsync, fdatasync} [fsync]
    --file-merged-requests=N      join up to this many sequential requests into one (0 - never) [0]
    --file-rw-ratio=N             reads per write in the combined random test [1.5]
  
  [1]
  $ "$BENCH" $args --file-test-mode= run
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: Missing required argument: --file-test-mode
  
  fileio options:
    --file-num=N                  how many test files to use [128]
    --file-block-size=N           bytes moved by each read or write request [16384]
    --file-total-size=SIZE        combined size of all test files [2G]
    --file-test-mode=STRING       workload to run {seqwr, seqrewr, seqrd, rndrd, rndwr, rndrw}
    --file-io-mode=STRING         how requests are issued {sync,async,mmap} [sync]
    --file-async-backlog=N        asynchronous requests each thread keeps in flight [128]
    --file-extra-flags=[LIST,...] additional flags used when opening the files {sync,dsync,direct} []
    --file-fsync-freq=N           sync the files after this many requests (0 - never) [100]
    --file-fsync-all[=on|off]     sync the file after every write [off]
    --file-fsync-end[=on|off]     sync the files when the test ends [on]
    --file-fsync-mode=STRING      system call used to sync {fsync, fdatasync} [fsync]
    --file-merged-requests=N      join up to this many sequential requests into one (0 - never) [0]
    --file-rw-ratio=N             reads per write in the combined random test [1.5]
  
  [1]
  $ "$BENCH" $args --file-test-mode=foo run
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: Invalid IO operations mode: foo.
  [1]
  $ "$BENCH" fileio --file-num=0 --file-test-mode=seqrd run
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: Invalid value for file-num: 0
  [1]
  $ "$BENCH" fileio --file-num=-1 prepare
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: Invalid value for file-num: -1
  [1]
  $ "$BENCH" fileio --file-num=abc prepare
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  Invalid value for the 'file_num' option: 'abc'
  [1]
  $ "$BENCH" fileio --file-total-size=0 cleanup
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: Invalid value for file-total-size: 0
  [1]
  $ "$BENCH" fileio --file-total-size=-5 cleanup
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: Invalid value for file-total-size: 0
  [1]
  $ "$BENCH" $args --file-test-mode=rndrd --file-io-mode=foo run
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: unknown I/O mode: foo
  [1]
  $ "$BENCH" $args --file-io-mode=foo prepare
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: unknown I/O mode: foo
  [1]
  $ "$BENCH" $args --file-test-mode=rndrd --file-merged-requests=-1 run
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: Invalid value for file-merged-requests: -1.
  [1]
  $ "$BENCH" $args --file-test-mode=rndrd --file-block-size=0 run
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: Invalid value for file-block-size: 0.
  [1]
  $ "$BENCH" $args --file-test-mode=rndrd --file-block-size=abc run
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: Invalid value for file-block-size: 0.
  [1]
  $ "$BENCH" $args --file-test-mode=rndrd --file-block-size=4G run
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: Invalid value for file-block-size: 0.
  [1]
  $ "$BENCH" $args --file-test-mode=rndrd --file-block-size=3G run
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: Invalid value for file-block-size: -1073741824.
  [1]
  $ "$BENCH" $args --file-test-mode=rndrd --file-extra-flags=sync,foo run
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: Invalid value for file-extra-flags: sync
  [1]
  $ "$BENCH" $args --file-extra-flags=foo prepare
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: Invalid value for file-extra-flags: foo
  [1]
  $ "$BENCH" $args --file-test-mode=rndrd --file-fsync-freq=-1 run
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: Invalid value for file-fsync-freq: -1.
  [1]
  $ "$BENCH" $args --file-test-mode=rndrd --file-fsync-mode=x run
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: Invalid fsync mode: x.
  [1]
  $ "$BENCH" $args --file-test-mode=rndrd --file-rw-ratio=-1 run
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: Invalid value for --file-rw-ratio: -1.000000.
  [1]
  $ "$BENCH" $args --file-test-mode=rndrd --file-io-mode=async --file-async-backlog=0 run
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: Invalid value of file-async-backlog: 0
  [1]
  $ "$BENCH" fileio --file-num=4 --file-total-size=3 --file-test-mode=rndrd run
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  FATAL: Invalid value for file-total-size: 3 (less than one byte per file with --file-num=4)
  [1]
  $ "$BENCH" fileio
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  The 'fileio' test requires a command argument. See 'bench fileio help'
  [1]
  $ "$BENCH" $args frob
  bench * (sysbench 1.0.20 compatible, *) (glob)
  
  Unknown command: frob
  [1]
  $ ls
