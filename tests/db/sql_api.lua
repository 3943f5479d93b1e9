-- SPDX-License-Identifier: MIT
-- sql_api.lua: the whole sysbench.sql API (SQL-1..SQL-8, INV 9.7) against
-- a live server, run by tests/db/test_sql_api.sh once per driver and
-- --db-ps-mode. `prepare` runs the in-process checks and prints one TAP
-- line per check ("ok - ..." / "not ok - ..."; the shell numbers them);
-- the other commands are single scenarios whose output and exit status the
-- shell checks (fatal errors end the process, so they cannot share it).
-- Everything runs in the database given by --mysql-db / --pgsql-db, which
-- the `createdb` command makes (connected to the default database).
local ffi = require("ffi")
local T = sysbench.sql.type

sysbench.cmdline.options = {
   newdb = {"database that createdb makes", "bench_sqlapi"},
   mysql_dup_ignored = {"the ignore lists include duplicate keys (MySQL: 1062)",
                        false},
   tls = {"the session must use TLS (checked by tls_check)", false},
   compressed = {"scenario connect: MySQL's Compression status must be this",
                 ""},
   prepare_each = {"scenario select: also prepare a statement per event",
                   false},
}

local drv_name
local function out(line)
   io.stdout:write(line, "\n")
   io.stdout:flush()
end

local function ok(cond, name, diag)
   out((cond and "ok - " or "not ok - ") .. drv_name .. ": " .. name)
   if not cond and diag then
      out("# " .. diag:gsub("\n", "\n# "))
   end
   return cond
end

local function show(v)
   if type(v) == "string" then
      return string.format("%q", v)
   end
   return tostring(v)
end

local function is(got, want, name)
   return ok(got == want, name,
             "got " .. show(got) .. ", want " .. show(want))
end

-- Compares two arrays of values (nil allowed) over n entries.
local function are(got, want, n, name)
   local same, g, w = true, {}, {}
   for i = 1, n do
      g[i], w[i] = show(got[i]), show(want[i])
      same = same and got[i] == want[i]
   end
   return ok(same, name, "got {" .. table.concat(g, ", ") .. "}, want {" ..
             table.concat(w, ", ") .. "}")
end

local function pack(...)
   return { n = select("#", ...), ... }
end

-- pcall returning (false, error) or (true, results...).
local function try(f, ...)
   return pcall(f, ...)
end

-- -- Sections ---------------------------------------------------------------

local function check_constants()
   local t = sysbench.sql.type
   are({t.NONE, t.TINYINT, t.SMALLINT, t.INT, t.BIGINT, t.FLOAT, t.DOUBLE,
        t.TIME, t.DATE, t.DATETIME, t.TIMESTAMP, t.CHAR, t.VARCHAR},
       {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 13, "sql.type values")
   local e = sysbench.sql.error
   are({e.NONE, e.IGNORABLE, e.FATAL}, {0, 1, 2}, 3, "sql.error values")
end

local function check_driver()
   local drv = sysbench.sql.driver()
   is(drv:name(), drv_name, "driver():name() is --db-driver")
   is(tostring(drv), "<sql_driver>", "tostring(driver)")
   is(sysbench.sql.driver(drv_name):name(), drv_name, "driver(name)")
   local okk, err = try(sysbench.sql.driver, "nosuch")
   ok(not okk and tostring(err):find("failed to initialize the DB driver",
                                      1, true),
      "unknown driver raises 'failed to initialize the DB driver'",
      tostring(err))
   return drv
end

local function check_connection(drv)
   local con = drv:connect()
   is(tostring(con), "<sql_connection>", "tostring(connection)")
   is(con.error, sysbench.sql.error.NONE, "connection.error is NONE")
   is(con.driver ~= nil and ffi.string(con.driver.sname), drv_name,
      "connection.driver")
   is(con.sql_errno, 0, "sql_errno is 0 before any error")
   return con
end

local function create_types_table(con)
   con:query("DROP TABLE IF EXISTS api_types")
   is(con:query([[CREATE TABLE api_types (id int PRIMARY KEY, i int,
         bi bigint, f float, d double precision, c char(5),
         vc varchar(20), dt date, ts timestamp NULL, n int)]]), nil,
      "DDL returns nil")
   is(con:query([[INSERT INTO api_types VALUES
         (1, -5, 9223372036854775807, 1.5, 2.25, 'ab', 'hello',
          '2020-01-02', '2021-03-04 05:06:07', NULL),
         (2, 0, -9223372036854775807, -0.5, 1e10, '', '', NULL, NULL, 3),
         (3, 2147483647, 0, 0, 0, 'xyz', 'a''b', '1999-12-31',
          '2000-01-01 00:00:00', NULL)]]), nil, "INSERT returns nil")
end

-- The three rows as the server's text; CHAR(5) is blank-padded on
-- PostgreSQL and trimmed by MariaDB. SQLite keeps what was stored, and
-- prints a REAL with a fraction part.
local function expected_rows()
   local pad = drv_name == "pgsql"
   if drv_name == "sqlite" then
      return {
         { "1", "-5", "9223372036854775807", "1.5", "2.25", "ab", "hello",
           "2020-01-02", "2021-03-04 05:06:07", nil },
         { "2", "0", "-9223372036854775807", "-0.5", "10000000000.0", "", "",
           nil, nil, "3" },
         { "3", "2147483647", "0", "0.0", "0.0", "xyz", "a'b", "1999-12-31",
           "2000-01-01 00:00:00", nil },
      }
   end
   return {
      { "1", "-5", "9223372036854775807", "1.5", "2.25",
        pad and "ab   " or "ab", "hello", "2020-01-02", "2021-03-04 05:06:07",
        nil },
      { "2", "0", "-9223372036854775807", "-0.5", "10000000000",
        pad and "     " or "", "", nil, nil, "3" },
      { "3", "2147483647", "0", "0", "0", pad and "xyz  " or "xyz", "a'b",
        "1999-12-31", "2000-01-01 00:00:00", nil },
   }
end

local COLS = "id, i, bi, f, d, c, vc, dt, ts, n"

local function check_results(con)
   local want = expected_rows()
   local rs = con:query("SELECT " .. COLS .. " FROM api_types ORDER BY id")
   is(tostring(rs), "<sql_result>", "tostring(result)")
   is(rs.nfields, 10, "result.nfields")
   is(rs.nrows, 3, "result.nrows before fetching")
   is(tonumber(rs.counter), 1, "result.counter is read")
   is(rs.statement, nil, "result.statement of a plain query is NULL")
   for r = 1, 3 do
      are(rs:fetch_row() or {}, want[r], 10, "plain query row " .. r)
   end
   is(rs:fetch_row(), nil, "fetch_row() is nil after the last row")
   is(rs.nrows, 3, "result.nrows after fetching")
   rs:free()

   -- nrows read in the middle of fetching (streamed on MySQL)
   rs = con:query("SELECT id FROM api_types ORDER BY id")
   is((rs:fetch_row() or {})[1], "1", "first row before nrows")
   is(rs.nrows, 3, "nrows after one fetched row")
   is((rs:fetch_row() or {})[1], "2", "rows go on after nrows")
   rs:free()

   -- a result is freed by the next query: nrows of a new one is right
   rs = con:query("SELECT id FROM api_types WHERE id > 1")
   local rs2 = con:query("SELECT id FROM api_types WHERE id = 3")
   is(rs2.nrows, 1, "next query replaces the current result")

   are(pack(con:query_row("SELECT " .. COLS .. " FROM api_types WHERE id = 1")),
       want[1], 10, "query_row values, nil for NULL")
   is(select("#", con:query_row("SELECT id, n FROM api_types WHERE id = 1")),
      2, "query_row returns nfields values")
   is(con:query_row("SELECT id FROM api_types WHERE id = 99"), nil,
      "query_row of no rows is nil")
   is(con:query_row("UPDATE api_types SET n = n WHERE id = 99"), nil,
      "query_row of a statement without rows is nil")

   rs = con:query("SELECT id FROM api_types WHERE id = 99")
   ok(rs ~= nil and rs.nrows == 0 and rs.nfields == 1,
      "empty result set: result object with nrows 0")
   is(rs and rs:fetch_row(), nil, "fetch_row() of an empty set is nil")
   -- a large result that is never fetched is discarded quietly
   rs = con:query("SELECT a.id FROM api_types a, api_types b, api_types c, " ..
                  "api_types d, api_types e")
   is(con:query_row("SELECT 7"), "7", "unfetched rows do not block the next query")
end

local function check_statements(con)
   local want = expected_rows()
   local st = con:prepare("SELECT " .. COLS .. " FROM api_types WHERE id = ?")
   is(tostring(st), "<sql_statement>", "tostring(statement)")
   local p = st:bind_create(T.INT)
   is(tostring(p), "<sql_param>", "tostring(param)")
   is(st:bind_param(p), 0, "bind_param() returns 0")
   is(st:bind_param(), nil, "bind_param() without arguments is nil")
   st:bind_param(p)
   for id = 1, 3 do
      p:set(id)
      local rs = st:execute()
      if ok(rs ~= nil, "prepared SELECT returns a result " .. id) then
         is(rs.nfields, 10, "prepared result.nfields " .. id)
         is(rs.nrows, 1, "prepared result.nrows " .. id)
         ok(rs.statement == st, "result.statement is the statement")
         are(rs:fetch_row() or {}, want[id], 10,
             "prepared row " .. id .. " as text")
         is(rs:fetch_row(), nil, "prepared result ends")
      end
   end
   p:set(nil)
   local rs = st:execute()
   is(rs and rs.nrows, 0, "NULL parameter matches nothing")

   -- every bind type, written through a statement, read back as text
   local ins = con:prepare("INSERT INTO api_types (id, i, bi, f, d, c, vc) " ..
                           "VALUES (?, ?, ?, ?, ?, ?, ?)")
   local ps = { ins:bind_create(T.SMALLINT), ins:bind_create(T.TINYINT),
                ins:bind_create(T.BIGINT), ins:bind_create(T.FLOAT),
                ins:bind_create(T.DOUBLE), ins:bind_create(T.CHAR, 5),
                ins:bind_create(T.VARCHAR, 4) }
   is(ins:bind_param(unpack(ps)), 0, "bind_param of seven parameters")
   ps[1]:set(10) ps[2]:set(-7) ps[3]:set(-9223372036854775807LL)
   ps[4]:set(0.25) ps[5]:set(123456.5) ps[6]:set("abc") ps[7]:set("truncated")
   is(ins:execute(), nil, "prepared INSERT returns nil")
   are(pack(con:query_row("SELECT id, i, bi, f, d, vc, n FROM api_types " ..
                          "WHERE id = 10")),
       {"10", "-7", "-9223372036854775807", "0.25", "123456.5", "trun", nil},
       7, "bound values of every type, VARCHAR truncated at max_len")
   ps[1]:set(11) ps[6]:set(nil) ps[7]:set(nil)
   ins:execute()
   are(pack(con:query_row("SELECT c, vc FROM api_types WHERE id = 11")),
       {nil, nil}, 2, "set(nil) stores NULL")
   ps[1]:set(12) ps[6]:set(42) ps[7]:set_rand_str("##-@@@x")
   ins:execute()
   local c, vc = con:query_row("SELECT c, vc FROM api_types WHERE id = 12")
   ok(c and c:match("^42 *$"), "set(number) on a CHAR param", show(c))
   ok(vc and vc:match("^%d%d%-[a-z]$"),
      "set_rand_str fills the pattern, truncated at max_len", show(vc))
   ins:close()

   local okk, err = try(st.bind_create, st, T.DATE)
   ok(not okk and tostring(err):find("Unsupported argument type: 8", 1, true),
      "bind_create(DATE) is unsupported", tostring(err))
   for _, t in ipairs({T.NONE, T.TIME, T.DATETIME, T.TIMESTAMP}) do
      okk = try(st.bind_create, st, t)
      ok(not okk, "bind_create(" .. t .. ") is unsupported")
   end

   -- statements without parameters, and DML counters by affected rows
   local upd = con:prepare("UPDATE api_types SET n = 5 WHERE id = 2")
   is(upd:execute(), nil, "parameterless prepared UPDATE")
   is(con:query_row("SELECT n FROM api_types WHERE id = 2"), "5",
      "prepared UPDATE took effect")
   upd:close()

   -- statement with a string parameter compared in WHERE
   local sel = con:prepare("SELECT id FROM api_types WHERE vc = ?")
   local s = sel:bind_create(T.VARCHAR, 10)
   sel:bind_param(s)
   s:set("hello") -- no quotes: emulation does not escape (INV 8.1)
   rs = sel:execute()
   is(rs and (rs:fetch_row() or {})[1], "1", "string parameter")
   sel:close()

   -- parameters longer together than a driver's first text buffer (256
   -- bytes on pgsql): every value arrives whole, in its place
   local echo = con:prepare("SELECT ?, ?, ?")
   local e = { echo:bind_create(T.BIGINT), echo:bind_create(T.VARCHAR, 600),
               echo:bind_create(T.BIGINT) }
   echo:bind_param(unpack(e))
   e[1]:set(-42) e[2]:set(string.rep("v", 500)) e[3]:set(1234567)
   rs = echo:execute()
   are(rs and rs:fetch_row() or {}, { "-42", string.rep("v", 500), "1234567" },
       3, "long string parameter between integers")
   echo:close()
   st:close()
end

-- sql_errno and sql_state of a syntax error, of a duplicate key
local syntax_errno = { mysql = 1064, pgsql = 0, sqlite = 1 }
local syntax_state = { mysql = "42000", pgsql = "42601", sqlite = "HY000" }
local dup_state = { mysql = "23000", pgsql = "23505", sqlite = "23000" }
local dup_errno = { mysql = 1062, sqlite = 1555 }

local function check_errors(con)
   sysbench.hooks.sql_error_ignorable = nil
   local okk, err = try(con.query, con, "SELEC 1")
   ok(not okk and type(err) == "string", "bad SQL raises a string error")
   local want = ({
      mysql = "SQL error, errno = 1064, state = '42000': You have an error in ",
      pgsql = "SQL error, errno = 0, state = '42601': syntax error at or " ..
         "near \"SELEC\"",
      sqlite = "SQL error, errno = 1, state = 'HY000': near \"SELEC\": " ..
         "syntax error" })[drv_name]
   ok(tostring(err):find(want, 1, true), "SQL error text", tostring(err))
   okk, err = try(function() con:query("SELEC 1") end)
   ok(tostring(err):find("^[^:]*sql_api%.lua:%d+: SQL error"),
      "SQL error names the script position", tostring(err))
   is(con.error, sysbench.sql.error.FATAL, "connection.error is FATAL")
   is(con.sql_errno, syntax_errno[drv_name], "connection.sql_errno")
   is(con.sql_state ~= nil and ffi.string(con.sql_state),
      syntax_state[drv_name], "connection.sql_state")
   ok(con.sql_errmsg ~= nil and #ffi.string(con.sql_errmsg) > 0,
      "connection.sql_errmsg")
   is(con:query_row("SELECT 1"), "1", "connection usable after an error")
   is(con.error, sysbench.sql.error.NONE, "error reset by the next call")

   -- the hook makes a fatal error restart the event
   local seen
   sysbench.hooks.sql_error_ignorable = function(e)
      seen = e
      return true
   end
   okk, err = try(con.query, con, "SELEC 2")
   ok(not okk and type(err) == "table", "hook: error descriptor raised")
   if type(err) == "table" then
      is(err.errcode, sysbench.error.RESTART_EVENT, "descriptor errcode")
      ok(err.connection == con, "descriptor connection")
      is(err.query, "SELEC 2", "descriptor query")
      is(err.sql_errno, syntax_errno[drv_name], "descriptor sql_errno")
      is(err.sql_state, syntax_state[drv_name], "descriptor sql_state")
      ok(type(err.sql_errmsg) == "string" and #err.sql_errmsg > 0,
         "descriptor sql_errmsg")
      ok(seen == err, "hook received the descriptor")
   end
   -- prepared statements report '<prepared statement>'
   local st = con:prepare("SELECT id FROM api_types WHERE id = ? AND 1/0 = 1")
   local p = st:bind_create(T.INT)
   st:bind_param(p)
   p:set(1)
   if drv_name == "pgsql" then
      okk, err = try(st.execute, st)
      is(type(err) == "table" and err.query, "<prepared statement>",
         "statement error: query is '<prepared statement>'")
   end
   -- a hook returning false keeps the error fatal
   sysbench.hooks.sql_error_ignorable = function() return false end
   okk, err = try(con.query, con, "SELEC 3")
   ok(type(err) == "string" and err:find("SQL error", 1, true),
      "hook returning false: SQL error")
   sysbench.hooks.sql_error_ignorable = nil
   is(con:query_row("SELECT 2"), "2", "usable after errors")

   -- errors the driver ignores by default or by option
   con:query("DROP TABLE IF EXISTS api_dup")
   con:query("CREATE TABLE api_dup (id int PRIMARY KEY)")
   con:query("INSERT INTO api_dup VALUES (1)")
   okk, err = try(con.query, con, "INSERT INTO api_dup VALUES (1)")
   local ignorable = drv_name == "pgsql" or sysbench.opt.mysql_dup_ignored
   if ignorable then
      ok(type(err) == "table" and err.errcode == sysbench.error.RESTART_EVENT,
         "duplicate key in the ignore list: RESTART_EVENT", tostring(err))
      is(con.error, sysbench.sql.error.IGNORABLE, "connection.error IGNORABLE")
      is(type(err) == "table" and err.sql_state, dup_state[drv_name],
         "ignored error keeps its SQLSTATE")
   else
      ok(type(err) == "string" and
            err:find("errno = " .. dup_errno[drv_name], 1, true),
         "duplicate key not in the ignore list is fatal", tostring(err))
   end
   -- PostgreSQL, SQLite: the driver rolled the failed transaction back
   -- (when the error was ignored: a fatal one leaves it to the script)
   local rolled_back = ignorable and drv_name ~= "mysql"
   con:query("BEGIN")
   con:query("INSERT INTO api_dup VALUES (2)")
   try(con.query, con, "INSERT INTO api_dup VALUES (1)")
   is(con:query_row("SELECT count(*) FROM api_dup"),
      rolled_back and "1" or "2", "after an ignored error in a transaction")
   if drv_name == "pgsql" then
      con:query("ROLLBACK")
   elseif not rolled_back then
      con:query("COMMIT")
   end
end

local function check_misuse(drv)
   local con = drv:connect()
   local rs = con:query("SELECT 1")
   rs:free()
   out("# expect: attempt to fetch row from an invalid result set")
   is(rs:fetch_row(), nil, "fetch_row() of a freed result is nil")
   out("# expect: attempt to free an invalid result set")
   local okk, err = try(rs.free, rs)
   ok(not okk and tostring(err):find("db_free_results() failed", 1, true),
      "free() twice raises db_free_results() failed", tostring(err))
   out("# expect: attempt to call bulk_insert_next() before bulk_insert_init()")
   okk, err = try(con.bulk_insert_next, con, "(1)")
   ok(not okk and tostring(err):find("db_bulk_insert_next() failed", 1, true),
      "bulk_insert_next before init", tostring(err))
   local st = con:prepare("SELECT 1")
   con:disconnect()
   out("# expect: attempt to use an already closed connection")
   okk, err = try(function() con:query("SELECT 1") end)
   ok(not okk and tostring(err):find("sql_api%.lua:%d+: SQL API error"),
      "query on a closed connection: SQL API error", tostring(err))
   out("# expect: attempt to close an already closed connection")
   con:disconnect()
   out("# expect: attempt to use an already closed connection")
   okk, err = try(st.execute, st)
   ok(not okk and tostring(err):find("SQL API error", 1, true),
      "execute on a closed connection: SQL API error", tostring(err))
   -- objects collected in any order never crash
   st, con, rs = nil, nil, nil
   for _ = 1, 3 do
      local c = drv:connect()
      local s = c:prepare("SELECT 1")
      s:execute()
      if _ == 2 then c:disconnect() end
   end
   collectgarbage()
   collectgarbage()
   ok(true, "garbage collection of connections and statements")
end

local function session_id(con)
   if drv_name == "sqlite" then
      -- a TEMP table belongs to its connection: a new one has none
      con:query("CREATE TEMP TABLE IF NOT EXISTS api_session AS " ..
                "SELECT random() AS id")
      return con:query_row("SELECT id FROM api_session")
   end
   return con:query_row(drv_name == "mysql" and "SELECT CONNECTION_ID()" or
                        "SELECT pg_backend_pid()")
end

local function check_reconnect(drv)
   local con = drv:connect()
   local st = con:prepare("SELECT id FROM api_types WHERE id = ?")
   local p = st:bind_create(T.BIGINT)
   st:bind_param(p)
   p:set(3)
   local before = session_id(con)
   con:reconnect()
   local after = session_id(con)
   ok(before ~= nil and after ~= nil and before ~= after,
      "reconnect() opens a new session")
   local rs = st:execute()
   is(rs and (rs:fetch_row() or {})[1], "3",
      "statement prepared before reconnect() still works")
   p:set(1)
   rs = st:execute()
   is(rs and (rs:fetch_row() or {})[1], "1", "and takes new values")
   con:disconnect()
end

local function count_rows(con, t)
   return tonumber(con:query_row("SELECT count(*) FROM " .. t))
end

local function mysql_statements(con)
   return tonumber(select(2, con:query_row(
      "SHOW SESSION STATUS LIKE 'Com_insert'")))
end

local function check_bulk(drv)
   local con = drv:connect()
   con:query("DROP TABLE IF EXISTS api_bulk")
   con:query("CREATE TABLE api_bulk (id int PRIMARY KEY, pad varchar(64))")
   local pad = string.rep("p", 60)
   local before = drv_name == "mysql" and mysql_statements(con)
   con:bulk_insert_init("INSERT INTO api_bulk VALUES")
   -- 20000 rows of 70 bytes: about 1.4 MB, three statements of 512 KiB
   for i = 1, 20000 do
      con:bulk_insert_next(string.format("(%d,'%s')", i, pad))
   end
   con:bulk_insert_done()
   is(count_rows(con, "api_bulk"), 20000, "bulk insert of 20000 rows")
   if drv_name == "mysql" then
      is(mysql_statements(con) - before, 3,
         "bulk insert flushes 512 KiB statements (3)")
   end
   con:bulk_insert_done()
   is(count_rows(con, "api_bulk"), 20000, "second bulk_insert_done is a no-op")
   con:bulk_insert_init("INSERT INTO api_bulk VALUES")
   con:bulk_insert_next("(20001,'x')")
   con:bulk_insert_next("(20002,NULL)")
   con:bulk_insert_done()
   is(count_rows(con, "api_bulk"), 20002, "small bulk insert")
   -- a row larger than the buffer is fatal (shell checks the FATAL line)
   con:bulk_insert_init("INSERT INTO api_bulk VALUES")
   out("# expect: Query length exceeds the maximum value (524288), aborting")
   local okk, err = try(con.bulk_insert_next, con,
                        "(1,'" .. string.rep("x", 524288) .. "')")
   ok(not okk and tostring(err):find("db_bulk_insert_next() failed", 1, true),
      "oversize bulk row fails", tostring(err))
   con:disconnect()
end

local function check_multi(drv)
   local con = drv:connect()
   if drv_name ~= "mysql" then
      local rs = con:query("SELECT 1")
      is(con:more_results(), false, "more_results() is false")
      is(con:next_result(), nil, "next_result() is nil")
      con:disconnect()
      return
   end
   local rs = con:query("SELECT 1, 2; SELECT 3; UPDATE api_types SET n = n " ..
                        "WHERE id = 99; SELECT 4, 5, 6")
   is(rs and rs.nfields, 2, "multi-statement: first result")
   is(con:more_results(), true, "more_results() after the first")
   are(rs:fetch_row() or {}, {"1", "2"}, 2,
       "first result rows kept by more_results()")
   rs = con:next_result()
   is(rs and (rs:fetch_row() or {})[1], "3", "second result")
   is(con:more_results(), true, "more_results() after the second")
   is(con:next_result(), nil, "third (UPDATE) has no result set")
   rs = con:next_result()
   are(rs and rs:fetch_row() or {}, {"4", "5", "6"}, 3, "fourth result")
   is(con:more_results(), false, "no more results")
   is(con:next_result(), nil, "next_result() past the end is nil")
   is(con:query_row("SELECT 8"), "8", "connection usable after all results")
   -- unread results of a multi-statement query are discarded
   con:query("SELECT 1; SELECT 2")
   is(con:query_row("SELECT 9"), "9", "unread results are discarded")

   -- a stored procedure through a prepared statement
   con:query("DROP PROCEDURE IF EXISTS api_proc")
   con:query("CREATE PROCEDURE api_proc() BEGIN SELECT 1; SELECT 2, 3; END")
   local st = con:prepare("CALL api_proc()")
   rs = st:execute()
   are(rs and rs:fetch_row() or {}, {"1"}, 1, "CALL: first result")
   rs = st:next_result()
   is(rs and rs.nfields, 2, "statement next_result(): second result")
   are(rs and rs:fetch_row() or {}, {"2", "3"}, 2, "second result rows")
   rs = st:next_result()   -- the CALL status
   is(rs, nil, "CALL status has no result set")
   st:close()
   is(con:query_row("SELECT 10"), "10", "usable after CALL results")
   con:disconnect()
end

local function check_tls_session(con, want)
   if drv_name == "sqlite" then
      return -- no network
   end
   local q = drv_name == "mysql" and "SHOW SESSION STATUS LIKE 'Ssl_cipher'" or
      "SELECT CASE WHEN ssl THEN cipher ELSE '' END, 1 FROM pg_stat_ssl " ..
      "WHERE pid = pg_backend_pid()"
   local a, b = con:query_row(q)
   local cipher = drv_name == "mysql" and b or a
   is(cipher ~= nil and cipher ~= "", want,
      want and "session uses TLS" or "session does not use TLS")
end

-- The null driver (no server): canned rows, emulated statement texts in
-- the recorded log (INV 8.1 formats), injected errors and the error
-- protocol, bulk insert statement boundaries.
local function check_null(drv)
   local C = ffi.C
   local con = drv:connect()
   C.bench_null_result("SELECT canned", "3\n1\tab\t\\N\n2\t\\N\tcd\n")
   local rs = con:query("SELECT canned")
   ok(rs ~= nil and rs.nfields == 3 and rs.nrows == 2, "canned result")
   are(rs and rs:fetch_row() or {}, {"1", "ab", nil}, 3, "canned row 1")
   are(rs and rs:fetch_row() or {}, {"2", nil, "cd"}, 3, "canned row 2")
   is(rs and rs:fetch_row(), nil, "canned rows end")
   are(pack(con:query_row("SELECT canned")), {"1", "ab", nil}, 3,
       "query_row of canned rows")
   is(con:query("INSERT INTO t VALUES (1)"), nil, "INSERT: no result")
   local st = con:prepare("SELECT canned ?")
   local p = st:bind_create(T.INT)
   st:bind_param(p)
   p:set(1)
   rs = st:execute()
   is(rs and rs.nfields, 3, "canned rows of a statement")
   C.bench_null_result(nil, nil)

   -- what emulation sends: the text of every bound type (no escaping)
   C.bench_null_clear()
   C.bench_null_record(true)
   local ins = con:prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)")
   local ps = { ins:bind_create(T.TINYINT), ins:bind_create(T.BIGINT),
                ins:bind_create(T.FLOAT), ins:bind_create(T.DOUBLE),
                ins:bind_create(T.CHAR, 3), ins:bind_create(T.VARCHAR, 10) }
   ins:bind_param(unpack(ps))
   ps[1]:set(-3) ps[2]:set(12345678901234LL) ps[3]:set(0.5) ps[4]:set(2)
   ps[5]:set("abcdef") ps[6]:set("it's")
   ins:execute()
   ps[1]:set(nil) ps[6]:set(nil)
   ins:execute()
   con:bulk_insert_init("INSERT INTO t VALUES")
   for i = 1, 3 do con:bulk_insert_next("(" .. i .. ")") end
   con:bulk_insert_done()
   C.bench_null_record(false)
   is(ffi.string(C.bench_null_log()),
      "INSERT INTO t VALUES (-3, 12345678901234, 0.500000, 2.000000, 'abc', 'it's')\n" ..
      "INSERT INTO t VALUES (NULL, 12345678901234, 0.500000, 2.000000, 'abc', NULL)\n" ..
      "INSERT INTO t VALUES(1),(2),(3)\n",
      "emulated statement texts and one bulk statement")
   C.bench_null_clear()

   -- injected errors: fatal, ignored by --db-ignore-errors (the shell
   -- passes 1205), and a lost connection that is reconnected
   C.bench_null_fail("SELECT bad", 1064, "42000", false, 1)
   local okk, err = try(con.query, con, "SELECT bad")
   ok(type(err) == "string" and err:find(
      "SQL error, errno = 1064, state = '42000': injected error 1064", 1, true),
      "injected error is fatal", tostring(err))
   C.bench_null_fail("SELECT busy", 1205, "HY000", false, 1)
   okk, err = try(con.query, con, "SELECT busy")
   ok(type(err) == "table" and err.errcode == sysbench.error.RESTART_EVENT and
      err.sql_errno == 1205, "error in --db-ignore-errors restarts the event")
   C.bench_null_fail("SELECT gone", 1205, "08S01", true, 1)
   C.bench_null_fail("<connect>", 2003, "HY000", false, 3)
   okk, err = try(con.query, con, "SELECT gone")
   ok(type(err) == "table" and err.errcode == sysbench.error.RESTART_EVENT,
      "lost connection restarts the event")
   con:query("INSERT INTO t VALUES (9)")
   is(con.error, sysbench.sql.error.NONE,
      "reconnected after three refused attempts")
   C.bench_null_fail(nil, 0, nil, false, 0)
   C.bench_null_fail("<connect>", 1045, "28000", false, 1)
   okk, err = try(drv.connect, drv)
   ok(not okk and tostring(err):find("connection creation failed", 1, true),
      "refused connect: connection creation failed")
   C.bench_null_fail(nil, 0, nil, false, 0)
   con:disconnect()
end

-- -- Commands -----------------------------------------------------------------

function prepare()
   drv_name = sysbench.sql.driver():name()
   check_constants()
   local drv = check_driver()
   if drv_name == "null" then
      check_null(drv)
      out("# checks done")
      return
   end
   local con = check_connection(drv)
   create_types_table(con)
   check_results(con)
   check_statements(con)
   check_errors(con)
   check_misuse(drv)
   check_reconnect(drv)
   check_bulk(drv)
   check_multi(drv)
   check_tls_session(con, sysbench.opt.tls)
   con:disconnect()
   out("# checks done")
end

local function createdb()
   local con = sysbench.sql.driver():connect()
   local db = sysbench.opt.newdb
   if sysbench.sql.driver():name() == "sqlite" then
      -- the --sqlite-db file is made by connecting
   elseif sysbench.sql.driver():name() == "mysql" then
      con:query("CREATE DATABASE IF NOT EXISTS " .. db)
   elseif not con:query_row("SELECT 1 FROM pg_database WHERE datname = '" ..
                            db .. "'") then
      con:query("CREATE DATABASE " .. db)
   end
   con:disconnect()
end

-- Scenarios of `run` (--scenario), checked by the shell from output and
-- exit status: thread_init connects, event() does the scenario's work.
local con, events = nil, 0
local select_stmt, select_param
local count_select, count_update, count_none, count_param
local scenarios = {
   -- only the connection (wrong password, refused, TLS, compression)
   connect = function()
      check_tls_session(con, sysbench.opt.tls)
      if sysbench.opt.compressed ~= "" then
         is(select(2, con:query_row("SHOW SESSION STATUS LIKE 'Compression'")),
            sysbench.opt.compressed, "session compression")
      end
   end,
   -- an unhandled SQL error
   bad_query = function()
      con:query("SELEC 1")
   end,
   -- a duplicate key in every other event
   dup_key = function()
      events = events + 1
      con:query("INSERT INTO api_dupev VALUES (" .. math.floor(events / 2) ..
                ")")
   end,
   -- a prepared and a plain query whose answers are checked (fault tests:
   -- statements must work again after a reconnect)
   select = function()
      events = events + 1
      select_param:set(events)
      local rs = select_stmt:execute()
      local row = rs and rs:fetch_row()
      if not row or row[1] ~= tostring(events + 1) then
         error("wrong answer to SELECT ? + 1: " .. tostring(row and row[1]))
      end
      if con:query_row("SELECT 1") ~= "1" then
         error("wrong answer to SELECT 1")
      end
      if sysbench.opt.prepare_each then
         -- a statement per event (max_prepared_stmt_count test)
         con:prepare("SELECT ?"):close()
      end
   end,
   -- one query of each class per event (SQL-8 counters, checked in the
   -- report): 3 reads, 3 writes, 4 others
   counters = function()
      events = events + 1
      con:query("BEGIN")                                      -- other
      con:query("SELECT id FROM api_count")                   -- read
      con:query("INSERT INTO api_count VALUES (" .. events .. ")") -- write
      con:query("UPDATE api_count SET id = 1 WHERE id = 0")   -- other
      count_param:set(events)
      count_select:execute()                                  -- read
      count_update:execute()                                  -- write
      con:query_row("SELECT 1")                               -- read
      con:bulk_insert_init("INSERT INTO api_count VALUES")
      con:bulk_insert_next("(" .. (events + 100000) .. ")")
      con:bulk_insert_done()                                  -- write
      count_none:execute()                                    -- other
      con:query("COMMIT")                                     -- other
   end,
   -- a statement on a table that does not exist
   bad_prepare = function()
      local st = con:prepare("SELECT * FROM api_nosuch WHERE id = ?")
      local p = st:bind_create(T.INT)
      st:bind_param(p)
      p:set(1)
      st:execute()
   end,
}

function thread_init()
   drv_name = sysbench.sql.driver():name()
   con = sysbench.sql.driver():connect()
   if sysbench.opt.scenario == "select" then
      select_stmt = con:prepare("SELECT ? + 1")
      select_param = select_stmt:bind_create(T.BIGINT)
      select_stmt:bind_param(select_param)
   end
   if sysbench.opt.scenario == "counters" then
      con:query("DROP TABLE IF EXISTS api_count")
      con:query("CREATE TABLE api_count (id int PRIMARY KEY)")
      count_select = con:prepare("SELECT id FROM api_count WHERE id = ?")
      count_update = con:prepare("UPDATE api_count SET id = -id WHERE id = ?")
      count_none = con:prepare("DELETE FROM api_count WHERE id = 0")
      count_param = count_select:bind_create(T.INT)
      count_select:bind_param(count_param)
      count_update:bind_param(count_param)
   end
   if sysbench.opt.scenario == "dup_key" then
      con:query("DROP TABLE IF EXISTS api_dupev")
      con:query("CREATE TABLE api_dupev (id int PRIMARY KEY)")
   end
end

function event()
   scenarios[sysbench.opt.scenario]()
end

sysbench.cmdline.options.scenario = {"what event() does: " ..
   "connect, select, counters, bad_query, dup_key, bad_prepare", "connect"}
sysbench.cmdline.commands = {
   createdb = { createdb },
}
