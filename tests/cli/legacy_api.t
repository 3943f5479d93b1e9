The 1.0.20 Lua API surface (LUA-11, INV 9.3 and 10): every key of the
sysbench table, recursively (sysbench.opt included), and every global a
script without option declarations sees, with the type of each value. bench
must have every one that sysbench 1.0.20 has, with the same type; it may
have more. The reference is /usr/bin/sysbench when installed, else the
listing captured from it below.

  $ cat > probe.lua <<'LUA'
  > -- "<path> <type>" for each key of sysbench (recursively) and of _G.
  > local out, seen = {}, {}
  > local function walk(prefix, t)
  >    if seen[t] then return end
  >    seen[t] = true
  >    for k, v in pairs(t) do
  >       local path = prefix .. tostring(k)
  >       out[#out + 1] = path .. " " .. type(v)
  >       if type(v) == "table" then walk(path .. ".", v) end
  >    end
  > end
  > function prepare()
  >    walk("sysbench.", sysbench)
  >    for k, v in pairs(_G) do
  >       if k ~= "sysbench" and k ~= "_G" then
  >          out[#out + 1] = "_G." .. tostring(k) .. " " .. type(v)
  >       end
  >    end
  >    table.sort(out)
  >    print(table.concat(out, "\n"))
  > end
  > LUA
  $ cat > captured.txt <<'TXT'
  > _G.DB_ERROR_FAILED number
  > _G.DB_ERROR_NONE number
  > _G.DB_ERROR_RESTART_TRANSACTION number
  > _G._VERSION string
  > _G.assert function
  > _G.bit table
  > _G.collectgarbage function
  > _G.coroutine table
  > _G.db_bind_param function
  > _G.db_bind_result function
  > _G.db_bulk_insert_done function
  > _G.db_bulk_insert_init function
  > _G.db_bulk_insert_next function
  > _G.db_close function
  > _G.db_connect function
  > _G.db_debug boolean
  > _G.db_disconnect function
  > _G.db_driver string
  > _G.db_execute function
  > _G.db_free_results function
  > _G.db_prepare function
  > _G.db_ps_mode string
  > _G.db_query function
  > _G.db_store_results function
  > _G.debug boolean
  > _G.dofile function
  > _G.error function
  > _G.events number
  > _G.ffi table
  > _G.forced_shutdown string
  > _G.gcinfo function
  > _G.getfenv function
  > _G.getmetatable function
  > _G.help boolean
  > _G.histogram boolean
  > _G.io table
  > _G.ipairs function
  > _G.jit table
  > _G.load function
  > _G.loadfile function
  > _G.loadstring function
  > _G.math table
  > _G.max_requests number
  > _G.max_time number
  > _G.module function
  > _G.myisam_max_rows number
  > _G.mysql_compression boolean
  > _G.mysql_db string
  > _G.mysql_debug boolean
  > _G.mysql_dry_run boolean
  > _G.mysql_host table
  > _G.mysql_ignore_errors table
  > _G.mysql_password string
  > _G.mysql_port table
  > _G.mysql_socket table
  > _G.mysql_ssl boolean
  > _G.mysql_ssl_cipher string
  > _G.mysql_table_engine string
  > _G.mysql_user string
  > _G.newproxy function
  > _G.next function
  > _G.num_threads number
  > _G.os table
  > _G.package table
  > _G.pairs function
  > _G.pcall function
  > _G.percentile number
  > _G.pgsql_db string
  > _G.pgsql_host string
  > _G.pgsql_password string
  > _G.pgsql_port number
  > _G.pgsql_user string
  > _G.prepare function
  > _G.print function
  > _G.rand_pareto_h number
  > _G.rand_seed number
  > _G.rand_spec_iter number
  > _G.rand_spec_pct number
  > _G.rand_spec_res number
  > _G.rand_type string
  > _G.rate number
  > _G.rawequal function
  > _G.rawget function
  > _G.rawset function
  > _G.report_checkpoints table
  > _G.report_interval number
  > _G.require function
  > _G.sb_rand function
  > _G.sb_rand_gaussian function
  > _G.sb_rand_special function
  > _G.sb_rand_str function
  > _G.sb_rand_uniform function
  > _G.sb_rand_uniq function
  > _G.sb_rnd function
  > _G.select function
  > _G.setfenv function
  > _G.setmetatable function
  > _G.string table
  > _G.table table
  > _G.test string
  > _G.thread_id number
  > _G.thread_run function
  > _G.thread_stack_size number
  > _G.threads number
  > _G.time number
  > _G.tonumber function
  > _G.tostring function
  > _G.tx_rate number
  > _G.type function
  > _G.unpack function
  > _G.validate boolean
  > _G.verbosity number
  > _G.version boolean
  > _G.xpcall function
  > sysbench.cmdline table
  > sysbench.cmdline.ARG_BOOL number
  > sysbench.cmdline.ARG_DOUBLE number
  > sysbench.cmdline.ARG_FILE number
  > sysbench.cmdline.ARG_INT number
  > sysbench.cmdline.ARG_LIST number
  > sysbench.cmdline.ARG_MAX number
  > sysbench.cmdline.ARG_NULL number
  > sysbench.cmdline.ARG_SIZE number
  > sysbench.cmdline.ARG_STRING number
  > sysbench.cmdline.PARALLEL_COMMAND boolean
  > sysbench.cmdline.argv table
  > sysbench.cmdline.argv.0 string
  > sysbench.cmdline.argv.1 string
  > sysbench.cmdline.argv.2 string
  > sysbench.cmdline.call_command function
  > sysbench.cmdline.command string
  > sysbench.cmdline.command_defined function
  > sysbench.cmdline.command_parallel function
  > sysbench.cmdline.print_test_options function
  > sysbench.cmdline.read_cmdline_options function
  > sysbench.cmdline.script_path string
  > sysbench.db table
  > sysbench.db.DB_ERROR_FAILED number
  > sysbench.db.DB_ERROR_NONE number
  > sysbench.db.DB_ERROR_RESTART_TRANSACTION number
  > sysbench.db.bind_param function
  > sysbench.db.bind_result function
  > sysbench.db.bulk_insert_done function
  > sysbench.db.bulk_insert_init function
  > sysbench.db.bulk_insert_next function
  > sysbench.db.close function
  > sysbench.db.connect function
  > sysbench.db.disconnect function
  > sysbench.db.execute function
  > sysbench.db.free_results function
  > sysbench.db.prepare function
  > sysbench.db.query function
  > sysbench.db.store_results function
  > sysbench.error table
  > sysbench.error.NONE number
  > sysbench.error.RESTART_EVENT number
  > sysbench.histogram table
  > sysbench.histogram.new function
  > sysbench.hooks table
  > sysbench.opt table
  > sysbench.opt.db_debug boolean
  > sysbench.opt.db_driver string
  > sysbench.opt.db_ps_mode string
  > sysbench.opt.debug boolean
  > sysbench.opt.events number
  > sysbench.opt.forced_shutdown string
  > sysbench.opt.help boolean
  > sysbench.opt.histogram boolean
  > sysbench.opt.max_requests number
  > sysbench.opt.max_time number
  > sysbench.opt.mysql_compression boolean
  > sysbench.opt.mysql_db string
  > sysbench.opt.mysql_debug boolean
  > sysbench.opt.mysql_dry_run boolean
  > sysbench.opt.mysql_host table
  > sysbench.opt.mysql_host.1 string
  > sysbench.opt.mysql_ignore_errors table
  > sysbench.opt.mysql_ignore_errors.1 string
  > sysbench.opt.mysql_ignore_errors.2 string
  > sysbench.opt.mysql_ignore_errors.3 string
  > sysbench.opt.mysql_password string
  > sysbench.opt.mysql_port table
  > sysbench.opt.mysql_port.1 string
  > sysbench.opt.mysql_socket table
  > sysbench.opt.mysql_ssl boolean
  > sysbench.opt.mysql_ssl_cipher string
  > sysbench.opt.mysql_user string
  > sysbench.opt.num_threads number
  > sysbench.opt.percentile number
  > sysbench.opt.pgsql_db string
  > sysbench.opt.pgsql_host string
  > sysbench.opt.pgsql_password string
  > sysbench.opt.pgsql_port number
  > sysbench.opt.pgsql_user string
  > sysbench.opt.rand_pareto_h number
  > sysbench.opt.rand_seed number
  > sysbench.opt.rand_spec_iter number
  > sysbench.opt.rand_spec_pct number
  > sysbench.opt.rand_spec_res number
  > sysbench.opt.rand_type string
  > sysbench.opt.rate number
  > sysbench.opt.report_checkpoints table
  > sysbench.opt.report_interval number
  > sysbench.opt.thread_stack_size number
  > sysbench.opt.threads number
  > sysbench.opt.time number
  > sysbench.opt.tx_rate number
  > sysbench.opt.validate boolean
  > sysbench.opt.verbosity number
  > sysbench.opt.version boolean
  > sysbench.rand table
  > sysbench.rand.default function
  > sysbench.rand.gaussian function
  > sysbench.rand.pareto function
  > sysbench.rand.special function
  > sysbench.rand.string function
  > sysbench.rand.uniform function
  > sysbench.rand.uniform_double function
  > sysbench.rand.uniform_uint64 function
  > sysbench.rand.unique function
  > sysbench.report_csv function
  > sysbench.report_default function
  > sysbench.report_json function
  > sysbench.sql table
  > sysbench.sql.driver function
  > sysbench.sql.error table
  > sysbench.sql.error.FATAL number
  > sysbench.sql.error.IGNORABLE number
  > sysbench.sql.error.NONE number
  > sysbench.sql.type table
  > sysbench.sql.type.BIGINT number
  > sysbench.sql.type.CHAR number
  > sysbench.sql.type.DATE number
  > sysbench.sql.type.DATETIME number
  > sysbench.sql.type.DOUBLE number
  > sysbench.sql.type.FLOAT number
  > sysbench.sql.type.INT number
  > sysbench.sql.type.NONE number
  > sysbench.sql.type.SMALLINT number
  > sysbench.sql.type.TIME number
  > sysbench.sql.type.TIMESTAMP number
  > sysbench.sql.type.TINYINT number
  > sysbench.sql.type.VARCHAR number
  > sysbench.tid number
  > sysbench.version string
  > sysbench.version_string string
  > TXT
  $ if [ -x /usr/bin/sysbench ]; then
  >   /usr/bin/sysbench probe.lua prepare | tail -n +3 > reference.txt
  > else
  >   cp captured.txt reference.txt
  > fi
  $ $BENCH probe.lua prepare | tail -n +3 > bench.txt
  $ wc -l < reference.txt | awk '$1 > 200 { print "reference listed" }'
  reference listed
  $ grep -c '^sysbench\.db\.' reference.txt
  16

Nothing missing from bench; one option of another type: --pgsql-port is a
list in bench (PD-7: connections rotate over its ports), a number in
sysbench. (--mysql-ssl also takes the TLS modes, but in the 1.0 profile
scripts see it as the boolean it was.)

  $ comm -23 reference.txt bench.txt
  _G.pgsql_port number
  sysbench.opt.pgsql_port number

The legacy functions and constants work in every state, not just the main
one: the same listing from a worker's thread_init.

  $ cat > worker.lua <<'LUA'
  > function thread_init()
  >    local names = {}
  >    for k, v in pairs(sysbench.db) do
  >       names[#names + 1] = k .. " " .. type(v)
  >       local alias = k:match("^DB_ERROR_") and k or "db_" .. k
  >       assert(_G[alias] == v, alias)
  >    end
  >    table.sort(names)
  >    print(table.concat(names, "\n"))
  >    print(DB_ERROR_NONE, DB_ERROR_RESTART_TRANSACTION, DB_ERROR_FAILED)
  >    print(thread_id, test, myisam_max_rows, mysql_table_engine)
  > end
  > function event() end
  > LUA
  $ $BENCH worker.lua --events=1 run | sed -n '/^bulk_insert_done\|^DB_\|^[a-z_]* function$\|^0\t/p'
  DB_ERROR_FAILED number
  DB_ERROR_NONE number
  DB_ERROR_RESTART_TRANSACTION number
  bind_param function
  bind_result function
  bulk_insert_done function
  bulk_insert_init function
  bulk_insert_next function
  close function
  connect function
  disconnect function
  execute function
  free_results function
  prepare function
  query function
  store_results function
  0\t1\t2 (esc)
  0\tworker.lua\t1000000\tinnodb (esc)
