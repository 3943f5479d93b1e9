-- A 0.5-era script (sysbench 1.0.20 legacy API, INV 10), used by
-- tests/db/legacy.sh on both servers, with bench and with sysbench 1.0.20.
-- prepare: creates and fills table legacy05 through every db_* call.
-- run: one transaction of literal queries and a prepared UPDATE per event.
-- cleanup: drops the table.

local function create()
   db_query("DROP TABLE IF EXISTS legacy05")
   db_query("CREATE TABLE legacy05 (id INTEGER NOT NULL PRIMARY KEY, " ..
            "k INTEGER NOT NULL, c VARCHAR(64))")
end

function prepare()
   db_connect()
   create()
   -- Prepared INSERT: the bound table is read again by every execute.
   local ins = db_prepare("INSERT INTO legacy05 (id, k, c) VALUES (?, ?, ?)")
   local p = { 0, 0, "" }
   db_bind_param(ins, p)
   for id = 1, 5 do
      p[1], p[2], p[3] = id, id * 10, string.rep("c", id)
      local rs = db_execute(ins)
      db_free_results(rs)
   end
   db_close(ins)
   -- Bulk insert of rows 6..10, then a literal INSERT.
   db_bulk_insert_init("INSERT INTO legacy05 (id, k, c) VALUES")
   for id = 6, 10 do
      db_bulk_insert_next(string.format("(%d, %d, 'bulk%d')", id, id * 10,
                                        id))
   end
   db_bulk_insert_done()
   db_query("INSERT INTO legacy05 (id, k, c) VALUES (11, 110, 'literal')")
   -- A prepared SELECT, its result stored and freed.
   local sel = db_prepare("SELECT c FROM legacy05 WHERE id BETWEEN ? AND ?")
   db_bind_param(sel, { 1, 11 })
   db_bind_result(sel, { "" })
   local rs = db_execute(sel)
   db_store_results(rs)
   db_free_results(rs)
   db_close(sel)
   db_disconnect()
   -- Reconnects on demand after db_disconnect.
   db_query("UPDATE legacy05 SET k = k + 1 WHERE id = 11")
end

function thread_init()
   upd = db_prepare("UPDATE legacy05 SET k = k + 1 WHERE id = ?")
   params = { 1 }
   db_bind_param(upd, params)
end

local n = 0

function event()
   n = n + 1
   db_query("BEGIN")
   db_query("SELECT c FROM legacy05 WHERE id = " .. (n % 11 + 1))
   db_query("SELECT SUM(k) FROM legacy05")
   params[1] = n % 11 + 1
   db_execute(upd)
   db_query("COMMIT")
end

function thread_done()
   db_close(upd)
end

function cleanup()
   db_query("DROP TABLE IF EXISTS legacy05")
end
