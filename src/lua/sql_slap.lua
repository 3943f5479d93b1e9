-- SPDX-License-Identifier: MIT
-- sql_slap: the `sql` workload's mysqlslap side (docs/sql-workloads.md):
-- --query/--query-file statements as a script of SQL commands (no
-- :variables or meta-commands: mysqlslap has none), --create, and the
-- generated table of --auto-generate-sql with its queries, written as a
-- pgbench script.
local M = {}

local function fail(fmt, ...)
   error(string.format(fmt, ...), 0)
end

-- --query/--query-file: the statements between delimiters, as commands
-- of one script (no :variables or meta-commands: mysqlslap has none).
-- delimiter: --delimiter's unless given (the fuzz harness gives it).
function M.slap_script(text, name, delimiter)
   local d = delimiter or sysbench.opt.delimiter
   if d == "" then fail("--delimiter must not be empty") end
   local cmds, line, pos = {}, 1, 1
   while pos <= #text do
      local e = text:find(d, pos, true) or #text + 1
      local q = text:sub(pos, e - 1)
      local lead = q:match("^%s*")
      local _, nl = lead:gsub("\n", "")
      q = q:match("^%s*(.-)%s*$")
      if q ~= "" then
         cmds[#cmds + 1] = { type = "sql", line = line + nl, text = q,
                             label = name .. ":" .. (#cmds + 1) }
      end
      local _, n = text:sub(pos, e + #d - 1):gsub("\n", "")
      line, pos = line + n, e + #d
   end
   if #cmds == 0 then fail("%s: no statement in it", name) end
   return { name = name, cmds = cmds, weight = 1, plain = true }
end

-- The generated table's script (mysqlslap --auto-generate-sql): t1 with
-- an id key, --number-int-cols INT and --number-char-cols VARCHAR(128).
local function auto_columns()
   local ints, chars = {}, {}
   for i = 1, sysbench.opt.number_int_cols do ints[i] = "intcol" .. i end
   for i = 1, sysbench.opt.number_char_cols do chars[i] = "charcol" .. i end
   return ints, chars
end

local function auto_insert()
   local ints, chars = auto_columns()
   local cols, vals = {}, {}
   for i, c in ipairs(ints) do
      cols[#cols + 1], vals[#vals + 1] = c, ":i" .. i
   end
   for _, c in ipairs(chars) do
      cols[#cols + 1] = c
      -- a number where mysqlslap writes 128 random characters: pgbench's
      -- :variables are not replaced inside quotes in prepared mode
      vals[#vals + 1] = ":s"
   end
   local sets = {}
   for i = 1, #ints do
      sets[#sets + 1] = "\\set i" .. i .. " random(0, 2147483647)"
   end
   sets[#sets + 1] = "\\set s random(100000000, 999999999)"
   return table.concat(sets, "\n") .. "\nINSERT INTO t1 (" ..
      table.concat(cols, ", ") .. ") VALUES (" .. table.concat(vals, ", ") .. ");\n"
end

function M.auto_script()
   local ints, chars = auto_columns()
   local all = {}
   for _, c in ipairs(ints) do all[#all + 1] = c end
   for _, c in ipairs(chars) do all[#all + 1] = c end
   local sel = "SELECT " .. table.concat(all, ", ") .. " FROM t1"
   local n = sysbench.opt.auto_generate_sql_write_number
   local key = "\\set id random(1, " .. n .. ")\n"
   local texts = {
      read = sel .. ";\n",
      write = auto_insert(),
      key = key .. sel .. " WHERE id = :id;\n",
      update = key .. "\\set u random(0, 2147483647)\nUPDATE t1 SET " ..
         (ints[1] or "id") .. " = :u WHERE id = :id;\n",
   }
   texts.mixed = "\\set r random(0, 1)\n\\if :r = 0\n" .. texts.read ..
      "\\else\n" .. texts.write .. "\\endif\n"
   local t = sysbench.opt.auto_generate_sql_load_type
   if not texts[t] then
      fail("--auto-generate-sql-load-type must be mixed, read, write, key " ..
              "or update, not '%s'", tostring(t))
   end
   return { name = "auto:" .. t, text = texts[t], weight = 1 }
end

-- --create's statements (its text, or the file it names), split by
-- --delimiter; the tables it creates, for cleanup.
function M.create_statements()
   local c = sysbench.opt.create
   local f = io.open(c, "rb")
   if f then
      c = f:read("*a")
      f:close()
   end
   local s = M.slap_script(c, "--create")
   local tables = {}
   for _, cmd in ipairs(s.cmds) do
      local t = cmd.text:match("^[Cc][Rr][Ee][Aa][Tt][Ee]%s+[Tt][Aa][Bb][Ll][Ee]%s+" ..
                                  "[Ii][Ff]%s+[Nn][Oo][Tt]%s+[Ee][Xx][Ii][Ss][Tt][Ss]%s+([%w_%.\"`]+)") or
         cmd.text:match("^[Cc][Rr][Ee][Aa][Tt][Ee]%s+[Tt][Aa][Bb][Ll][Ee]%s+([%w_%.\"`]+)")
      if t then tables[#tables + 1] = t end
   end
   return s.cmds, tables
end

function M.auto_prepare(con)
   local ints, chars = auto_columns()
   local cols = { sysbench.sql.driver():name() == "pgsql" and "id serial PRIMARY KEY" or
                     sysbench.sql.driver():name() == "mysql" and
                     "id INT AUTO_INCREMENT PRIMARY KEY" or "id INTEGER PRIMARY KEY" }
   for _, c in ipairs(ints) do cols[#cols + 1] = c .. " INT" end
   for _, c in ipairs(chars) do cols[#cols + 1] = c .. " VARCHAR(128)" end
   con:query("DROP TABLE IF EXISTS t1")
   con:query("CREATE TABLE t1 (" .. table.concat(cols, ", ") .. ")")
   local names, pat = {}, {}
   for _, c in ipairs(ints) do names[#names + 1] = c pat[#pat + 1] = "%d" end
   for _, c in ipairs(chars) do names[#names + 1] = c pat[#pat + 1] = "'" .. string.rep("@", 128) .. "'" end
   con:bulk_load_start("t1", "id, " .. table.concat(names, ", "), sysbench.opt.bulk_load)
   local p = "(" .. table.concat(pat, ", ") .. ")"
   for id = 1, sysbench.opt.auto_generate_sql_write_number do
      con:bulk_load_rand(id, p, sysbench.rand.uniform(0, 2147483647),
                         sysbench.rand.uniform(0, 2147483647))
   end
   con:bulk_load_end()
end

return M
