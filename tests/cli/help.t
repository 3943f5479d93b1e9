Help, usage and version: option names, types, defaults, order and columns as
sysbench 1.0.20 prints them (sysbench-reference.md 15.1, 15.2). Descriptions
are bench's own words (PD-2), so they are masked as DESC here; a description
must be present and start in the group's column.

  $ cat > layout.sed <<'SED'
  > s/^(  --[^ ]+ +)[^ ].* (\[[^]]*\])$/\1DESC \2/
  > t
  > s/^(  --[^ ]+ +)[^ ].*$/\1DESC/
  > SED

The general part of --help. The database drivers are listed by the driver
tests; here only the lines that do not depend on which drivers were built.

  $ $BENCH --help > help.txt
  $ sed -E -f layout.sed help.txt | sed '/^Compiled-in database drivers:$/,/^Compiled-in tests:$/d'
  Usage:
    bench [options]... [testname] [command]
  
  Commands implemented by most tests: prepare run cleanup help
  
  General options:
    --threads=N                     DESC [1]
    --events=N                      DESC [0]
    --time=N                        DESC [10]
    --forced-shutdown=STRING        DESC [off]
    --thread-stack-size=SIZE        DESC [64K]
    --rate=N                        DESC [0]
    --report-interval=N             DESC [0]
    --report-checkpoints=[LIST,...] DESC []
    --debug[=on|off]                DESC [off]
    --validate[=on|off]             DESC [off]
    --help[=on|off]                 DESC [off]
    --version[=on|off]              DESC [off]
    --config-file=FILENAME          DESC
    --tx-rate=N                     DESC [0]
    --max-requests=N                DESC [0]
    --max-time=N                    DESC [0]
    --num-threads=N                 DESC [1]
  
  Pseudo-Random Numbers Generator options:
    --rand-type=STRING DESC [special]
    --rand-spec-iter=N DESC [12]
    --rand-spec-pct=N  DESC [1]
    --rand-spec-res=N  DESC [75]
    --rand-seed=N      DESC [0]
    --rand-pareto-h=N  DESC [0.2]
  
  Log options:
    --verbosity=N DESC [3]
  
    --percentile=N       DESC [95]
    --histogram[=on|off] DESC [off]
  
  General database options:
  
    --db-driver=STRING  DESC* (glob)
    --db-ps-mode=STRING DESC [auto]
    --db-debug[=on|off] DESC [off]
  
  
    fileio - File I/O test
    cpu - CPU performance test
    memory - Memory functions speed test
    threads - Threads subsystem performance test
    mutex - Mutex performance test
  
  See 'bench <testname> help' for a list of options for each test.
  
  Bundled workloads (Lua scripts; 'bench <workload> help' lists their options):
    oltp_read_write
    oltp_read_only
    oltp_write_only
    oltp_point_select
    oltp_update_index
    oltp_update_non_index
    oltp_delete
    oltp_insert
    select_random_points
    select_random_ranges
    bulk_insert
    ycsb
    sql
    tpcc
  
  bench options that sysbench lacks:
    --compat=STRING                  DESC
    --start-at=STRING                DESC
    --start-late-max=STRING          DESC [5s]
    --extended-report[=on|off]       DESC [off]
    --format=STRING                  DESC [text]
    --hdr-log=STRING                 DESC
    --latency-limit=N                DESC [0]
    --metrics-addr=STRING            DESC
    --metrics-job=STRING             DESC
    --metrics-linger=STRING          DESC [0]
    --metrics-push=STRING            DESC
    --progress[=on|off]              DESC [on]
    --reconnect-every=N              DESC [0]
    --results=STRING                 DESC
    --think-time=STRING              DESC [0]
    --virtual-users=N                DESC [0]
    --rand-seed-offset=N             DESC [0]
    --db-reconnect-timeout=N         DESC [60]
    --db-ignore-errors=[LIST,...]    DESC
    --pgsql-sslrootcert=STRING       DESC
    --pgsql-sslcert=STRING           DESC
    --pgsql-sslkey=STRING            DESC
    --pgsql-ignore-errors=[LIST,...] DESC [40P01,23505,40001]
  
  sysbench 1.1 options that 1.0.20 lacks (bench accepts them in both profiles):
    --warmup-time=N                       DESC [0]
    --thread-init-timeout=N               DESC [30]
    --luajit-cmd=STRING                   DESC
    --rand-zipfian-exp=N                  DESC [0.8]
    --mysql-ssl-key=STRING                DESC
    --mysql-ssl-ca=STRING                 DESC
    --mysql-ssl-cert=STRING               DESC
    --mysql-compression-algorithms=STRING DESC [zlib]
    --pgsql-sslmode=STRING                DESC [prefer]
  
  bench database drivers that sysbench lacks:
    sqlite - SQLite driver (embedded, no server)
  
  sqlite options:
    --sqlite-db=STRING                DESC [sbtest.sqlite]
    --sqlite-journal-mode=STRING      DESC [WAL]
    --sqlite-synchronous=STRING       DESC [NORMAL]
    --sqlite-busy-timeout=N           DESC [5000]
    --sqlite-ignore-errors=[LIST,...] DESC [SQLITE_BUSY,SQLITE_LOCKED]
  
  Commands of the OLTP workloads, besides prepare run cleanup help: prewarm warmup
  
  bench commands on result documents (--results), first on the command line:
    bench merge RESULT.json... - one report of runs on several hosts, latency added exactly
    bench compare BASE.json NEW.json - the change and whether it is beyond noise (a CI gate)
    bench plot RESULT.json... -o FILE.png|FILE.svg - charts of the runs, drawn by gnuplot
  

Everything above bench's part is sysbench 1.0.20's --help, line for line
but the descriptions (PD-2): the part ends where bench's begins.

  $ sysbench_part() { sed -n '1,/^bench options that sysbench lacks:$/p' "$1" | sed '$d' | sed -E -f layout.sed; }
  $ sysbench_part help.txt | grep -c -e '--warmup-time' -e '--luajit-cmd' -e 'bench plot' -e prewarm
  0
  [1]

Every option bench accepts is listed: the 1.1 profile lists in bench's part
the 1.0 options that sysbench 1.1's --help leaves out.

  $ $BENCH --compat=1.1 --help | sed -E -f layout.sed | sed -n '/^sysbench 1.0 options/,/^$/p'
  sysbench 1.0 options that 1.1 does not list (bench accepts them in both profiles):
    --rand-spec-iter=N DESC [12]
    --rand-spec-pct=N  DESC [1]
    --rand-spec-res=N  DESC [75]
  

The rand-type description lists the distributions, as sysbench's does.

  $ grep -e '--rand-type=' help.txt | grep -c '{uniform,gaussian,special,pareto}'
  1

--help anywhere wins over everything else; no banner.

  $ $BENCH cpu --help run | cmp - help.txt && echo same
  same
  $ $BENCH --threads=0 --nosuch cpu run --help | cmp - help.txt && echo same
  same

--version prints the product name, no banner (PD-1).

  $ $BENCH --version
  bench \d+\.\d+\.\d+\S* (re)
  $ $BENCH cpu run --version
  bench \d+\.\d+\.\d+\S* (re)

<test> help: banner, "<test> options:", the options, an empty line.

  $ for t in cpu memory threads mutex; do $BENCH $t help | sed -E -f layout.sed; done
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  cpu options:
    --cpu-max-prime=N DESC [10000]
  
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  memory options:
    --memory-block-size=SIZE    DESC [1K]
    --memory-total-size=SIZE    DESC [100G]
    --memory-scope=STRING       DESC [global]
    --memory-hugetlb[=on|off]   DESC [off]
    --memory-oper=STRING        DESC [write]
    --memory-access-mode=STRING DESC [seq]
  
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  threads options:
    --thread-yields=N DESC [1000]
    --thread-locks=N  DESC [8]
  
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  mutex options:
    --mutex-num=N   DESC [4096]
    --mutex-locks=N DESC [50000]
    --mutex-loops=N DESC [10000]
  

The value sets in the memory descriptions are sysbench's.

  $ $BENCH memory help | grep -o '{.*}'
  {global,local}
  {read, write, none}
  {seq,rnd}

help takes the other options too, and still prints the endless-test warning
before the banner (15.10).

  $ $BENCH cpu --events=0 --time=0 --cpu-max-prime=100 --verbosity=3 help | sed -E -f layout.sed
  WARNING: Both event and time limits are disabled, running an endless test
  bench * (sysbench 1.0.20 compatible, using * LuaJIT *) (glob)
  
  cpu options:
    --cpu-max-prime=N DESC [10000]
  

The 1.1 profile lists 1.1's options: no deprecated aliases, the three new
general options, 1.1's PRNG group (sysbench-reference.md 1.7, 2.1, 2.2).

  $ $BENCH --compat=1.1 --help | sed -E -f layout.sed | sed -n '/^General options:$/,/^Log options:$/p'
  General options:
    --threads=N                     DESC [1]
    --events=N                      DESC [0]
    --time=N                        DESC [10]
    --warmup-time=N                 DESC [0]
    --forced-shutdown=STRING        DESC [off]
    --thread-stack-size=SIZE        DESC [64K]
    --thread-init-timeout=N         DESC [30]
    --rate=N                        DESC [0]
    --report-interval=N             DESC [0]
    --report-checkpoints=[LIST,...] DESC []
    --debug[=on|off]                DESC [off]
    --validate[=on|off]             DESC [off]
    --help[=on|off]                 DESC [off]
    --version[=on|off]              DESC [off]
    --config-file=FILENAME          DESC
    --luajit-cmd=STRING             DESC
  
  Pseudo-Random Numbers Generator options:
    --rand-type=STRING   DESC [uniform]
    --rand-seed=N        DESC [0]
    --rand-pareto-h=N    DESC [0.2]
    --rand-zipfian-exp=N DESC [0.8]
  
  Log options:
  $ BENCH_COMPAT=1.1 $BENCH --help | cmp - help.txt > /dev/null || echo differs from 1.0
  differs from 1.0
  $ BENCH_COMPAT=1.1 $BENCH --help | sed -E -f layout.sed | grep -e '--rand-type'
    --rand-type=STRING   DESC [uniform]

The database drivers' part: option names, value forms, defaults and column
widths as sysbench 1.0.20 lists them (--mysql-ssl takes TLS modes too, but
is listed as the on/off option it was).

  $ sed -n '/^Compiled-in database drivers:$/,/^Compiled-in tests:$/p' help.txt | sed -E -f layout.sed
  Compiled-in database drivers:
    mysql - MySQL driver
    pgsql - PostgreSQL driver
  
  mysql options:
    --mysql-host=[LIST,...]          DESC [localhost]
    --mysql-port=[LIST,...]          DESC [3306]
    --mysql-socket=[LIST,...]        DESC
    --mysql-user=STRING              DESC [sbtest]
    --mysql-password=STRING          DESC []
    --mysql-db=STRING                DESC [sbtest]
    --mysql-ssl[=on|off]             DESC [off]
    --mysql-ssl-cipher=STRING        DESC []
    --mysql-compression[=on|off]     DESC [off]
    --mysql-debug[=on|off]           DESC [off]
    --mysql-ignore-errors=[LIST,...] DESC [1213,1020,1205]
    --mysql-dry-run[=on|off]         DESC [off]
  
  pgsql options:
    --pgsql-host=STRING     DESC [localhost]
    --pgsql-port=N          DESC [5432]
    --pgsql-user=STRING     DESC [sbtest]
    --pgsql-password=STRING DESC []
    --pgsql-db=STRING       DESC [sbtest]
  
  Compiled-in tests:
