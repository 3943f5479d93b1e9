What bench adds to a name that does not exist (issue 30, PD-13): one line
after sysbench's own, on the same stream, naming the closest valid name;
the valid names where they are few. sysbench 1.0.20 prints the lines above
each hint, with the same exit status (captured with the same arguments;
only the banner is bench's). No close name: sysbench's line alone.

  $ banner() { sed '1s/^bench .* (sysbench .* compatible, using .*)$/BANNER/'; }

An unknown option: sysbench's "invalid option" line on stderr, then the
closest option the command knows (the test's too).

  $ $BENCH --thread=4 cpu run 2>&1 | banner
  BANNER
  
  invalid option: --thread=4
  did you mean --threads?
  $ $BENCH --thread=4 cpu run 2>/dev/null | banner
  BANNER
  
  $ $BENCH --thread=4 cpu run >/dev/null
  invalid option: --thread=4
  did you mean --threads?
  [1]
  $ $BENCH cpu --cpu-max-prim=100 run 2>&1 >/dev/null
  invalid option: --cpu-max-prim=100
  did you mean --cpu-max-prime?
  [1]
  $ $BENCH oltp_read_write --db-driver=null --tabels=2 run 2>&1 >/dev/null
  invalid option: --tabels=2
  did you mean --tables?
  [1]
  $ $BENCH --Histogram cpu run 2>&1 >/dev/null
  invalid option: --Histogram
  did you mean --histogram?
  [1]
  $ $BENCH --nosuch cpu run 2>&1 >/dev/null
  invalid option: --nosuch
  [1]

A name that could hold a secret keeps its value hidden; the suggestion is
the option's name only. In a config file, the name as the file writes it.

  $ $BENCH --mysql-pasword=Secret cpu run 2>&1 >/dev/null
  invalid option: --mysql-pasword=(value not shown)
  did you mean --mysql-password?
  [1]
  $ printf 'thread=2\n' > typo.conf
  $ $BENCH --config-file=typo.conf cpu run 2>&1 >/dev/null
  typo.conf:1: invalid option: thread
  did you mean threads?
  [1]

A bad value of a known option is not a wrong name: no hint.

  $ $BENCH --debug=yes cpu run 2>&1 >/dev/null
  invalid option: --debug=yes
  [1]

An unknown test: sysbench's FATAL line on stdout, then the closest built-in
test, bundled workload or command on result documents. A path is left
alone.

  $ $BENCH oltp_read_wrte run | banner
  BANNER
  
  FATAL: Cannot find benchmark 'oltp_read_wrte': no such built-in test, file or module
  did you mean 'oltp_read_write'?
  $ $BENCH oltp_read_wrte run > /dev/null
  [1]
  $ $BENCH cpuu run | tail -n 1
  did you mean 'cpu'?
  $ $BENCH plto a.json | tail -n 1
  did you mean 'plot'?
  $ $BENCH ./oltp_read_wrte.lua run | tail -n 1
  FATAL: Cannot find benchmark './oltp_read_wrte.lua': no such built-in test, file or module
  $ $BENCH foo run | tail -n 1
  FATAL: Cannot find benchmark 'foo': no such built-in test, file or module

An unknown command: sysbench's line on stderr, then the closest of the
commands most tests have. A script's own command that ran and failed is
not unknown.

  $ $BENCH cpu rnu 2>&1 | banner
  BANNER
  
  Unknown command: rnu
  did you mean 'run'? (commands most tests implement: prepare, run, cleanup, help)
  $ $BENCH cpu rnu 2>/dev/null | banner
  BANNER
  
  $ $BENCH cpu Prepare 2>&1 >/dev/null
  Unknown command: Prepare
  did you mean 'prepare'? (commands most tests implement: prepare, run, cleanup, help)
  [1]
  $ $BENCH cpu bar 2>&1 >/dev/null
  Unknown command: bar
  [1]
  $ cat > cmd.lua <<'LUA'
  > sysbench.cmdline.commands = { runs = { function() error("it failed") end } }
  > LUA
  $ $BENCH cmd.lua runs 2>&1 | banner
  BANNER
  
  FATAL: `sysbench.cmdline.call_command' function failed: cmd.lua:1: it failed

A bad database driver in a bundled workload's run is refused before
anything starts: sysbench's FATAL line (sysbench prints it after
"Initializing worker threads...", then two more FATAL lines), then the
closest driver and the drivers compiled in; exit 1 as sysbench. A close
name is a driver's name or the first word of its description.

  $ $BENCH --db-driver=postgres oltp_read_write run | banner
  BANNER
  
  FATAL: invalid database driver name: 'postgres'
  did you mean 'pgsql'? (compiled-in drivers: mysql, pgsql, sqlite)
  $ $BENCH --db-driver=postgres oltp_read_write run > /dev/null
  [1]
  $ $BENCH --db-driver=sqlite3 oltp_point_select --time=1 run | tail -n 1
  did you mean 'sqlite'? (compiled-in drivers: mysql, pgsql, sqlite)
  $ $BENCH --db-driver=foo oltp_read_only run | tail -n 2
  FATAL: invalid database driver name: 'foo'
  compiled-in drivers: mysql, pgsql, sqlite ('bench --db-driver=help' lists their options)

Elsewhere (prepare, a script of one's own) sysbench's lines come as
before, and the hint after them, where bench ends the command.

  $ $BENCH --db-driver=postgres oltp_read_only prepare | banner
  BANNER
  
  FATAL: invalid database driver name: 'postgres'
  FATAL: `sysbench.cmdline.call_command' function failed: oltp_common.lua:*: failed to initialize the DB driver (glob)
  did you mean 'pgsql'? (compiled-in drivers: mysql, pgsql, sqlite)
  $ cat > drv.lua <<'LUA'
  > function event() sysbench.sql.driver() end
  > LUA
  $ $BENCH --db-driver=mysq drv.lua --events=1 run | tail -n 3
  FATAL: invalid database driver name: 'mysq'
  FATAL: `thread_run' function failed: drv.lua:1: failed to initialize the DB driver
  did you mean 'mysql'? (compiled-in drivers: mysql, pgsql, sqlite)
  $ $BENCH --db-driver=postgres cpu --events=1 --cpu-max-prime=10 run | grep 'number of events'
      total number of events:              1

--db-driver=help (which --help names) without a test: after the banner,
every driver compiled in and all its options, exit 0. sysbench prints only
the banner.

  $ cat > layout.sed <<'SED'
  > s/^(  --[^ ]+ +)[^ ].* (\[[^]]*\])$/\1DESC \2/
  > t
  > s/^(  --[^ ]+ +)[^ ].*$/\1DESC/
  > SED
  $ $BENCH --db-driver=help > drivers.txt
  $ banner < drivers.txt | sed -n '1,7p'
  BANNER
  
  Compiled-in database drivers:
    mysql - MySQL driver
    pgsql - PostgreSQL driver
    sqlite - SQLite driver (embedded, no server)
  
  $ sed -E -f layout.sed drivers.txt | sed -n '/^sqlite options:$/,$p'
  sqlite options:
    --sqlite-db=STRING                DESC [sbtest.sqlite]
    --sqlite-journal-mode=STRING      DESC [WAL]
    --sqlite-synchronous=STRING       DESC [NORMAL]
    --sqlite-busy-timeout=N           DESC [5000]
    --sqlite-ignore-errors=[LIST,...] DESC [SQLITE_BUSY,SQLITE_LOCKED]
  
  $ grep -c -e '^  --mysql-ssl-key=' -e '^  --pgsql-sslmode=' -e '^  --pgsql-ignore-errors=' drivers.txt
  3
  $ $BENCH --db-driver=help oltp_read_write run | sed -n '3,4p'
  FATAL: invalid database driver name: 'help'
  Compiled-in database drivers:
  $ $BENCH --db-driver=help oltp_read_write run > /dev/null
  [1]

A run before prepare: the server's error as sysbench prints it, then once
(whatever the number of threads) "(run `prepare` first)". SQLite's "no such
table" here; MySQL's 1146 (SQLSTATE 42S02) and PostgreSQL's 42P01 the same.

  $ $BENCH oltp_point_select --db-driver=sqlite --sqlite-db=x.db --threads=4 --time=1 run | banner
  BANNER
  
  Running the test with following options:
  Number of threads: 4
  Initializing random number generator from current time
  
  
  Initializing worker threads...
  
  FATAL: sqlite: prepare 'SELECT c FROM sbtest1 WHERE id=?': no such table: sbtest1 (SQLITE_ERROR 1)
  FATAL: `thread_init' function failed: oltp_common.lua:*: SQL API error (glob)
  FATAL: Thread initialization failed!
  FATAL: a table the workload uses does not exist (run `prepare` first)
  $ $BENCH oltp_point_select --db-driver=sqlite --sqlite-db=x.db --time=1 run > /dev/null
  [1]

PostgreSQL's SQLSTATE 42P01 the same, on the null driver (whose injected
errors carry what a server would send), in an event this time; an error
the command line says to ignore gets no hint.

  $ cat > pg.lua <<'LUA'
  > local ffi = require("ffi")
  > function init() ffi.C.bench_null_fail("SELECT", 0, "42P01", false, 1000) end
  > function event() sysbench.sql.driver():connect():query("SELECT c FROM t") end
  > LUA
  $ $BENCH --db-driver=null pg.lua --events=1 run | tail -n 3
  FATAL: null_query() returned error 0 (injected error 0) for query 'SELECT c FROM t'
  FATAL: `thread_run' function failed: pg.lua:3: SQL error, errno = 0, state = '42P01': injected error 0
  FATAL: a table the workload uses does not exist (run `prepare` first)
  $ $BENCH --db-driver=null pg.lua --events=1 --db-ignore-errors=42P01 --verbosity=1 run

Not for prepare itself, and not when the script handled the error (the SQL
API adds nothing: sysbench's FATAL line of the failed query only).

  $ cat > prep.lua <<'LUA'
  > function prepare() sysbench.sql.driver():connect():query("SELECT * FROM nosuch") end
  > LUA
  $ $BENCH --db-driver=sqlite --sqlite-db=x.db prep.lua prepare | banner
  BANNER
  
  FATAL: sqlite: query 'SELECT * FROM nosuch': no such table: nosuch (SQLITE_ERROR 1)
  FATAL: `prepare' function failed: prep.lua:1: SQL error, errno = 1, state = 'HY000': no such table: nosuch
  $ cat > handled.lua <<'LUA'
  > function event()
  >    local con = sysbench.sql.driver():connect()
  >    print(pcall(con.query, con, "SELECT * FROM nosuch"))
  > end
  > LUA
  $ $BENCH --db-driver=sqlite --sqlite-db=x.db handled.lua --events=1 --verbosity=1 run
  FATAL: sqlite: query 'SELECT * FROM nosuch': no such table: nosuch (SQLITE_ERROR 1)
  false\t* (esc) (glob)
