-- SPDX-License-Identifier: MIT
-- sql_script: pgbench script files (PostgreSQL 15's pgbench documentation,
-- "Custom Scripts") for the `sql` workload: parse() reads a script into
-- commands (SQL with :variables; \set, \sleep, \if/\elif/\else/\endif,
-- \gset/\aset, \setshell, \shell), every error one line naming file:line
-- and what was expected; compile() turns the commands into the source of
-- one Lua function per script, compiled once per Lua state and run for a
-- client (a thread or a virtual user) with its variables and statements.
-- That function has no loop and no tree to walk, so LuaJIT traces a
-- transaction whole.
local X = require("sql_expr")

local M = {}

local function fail(file, line, fmt, ...)
   error(string.format("%s:%d: ", file, line) .. string.format(fmt, ...), 0)
end

-- -- Reading a script ------------------------------------------------------

-- The end of an SQL command starting at i: the index of its ';' outside
-- quotes, comments and dollar quotes, or of a backslash that starts a
-- meta-command (\gset ends a query in place of ';'); `\;` is kept as ';'
-- (several queries sent as one). Returns the end, its kind (";", "\\" or
-- "eof") and the text with `\;` made ';'.
local function scan_sql(s, i)
   local out, n, start = {}, #s, i
   while i <= n do
      local c = s:sub(i, i)
      if c == "'" or c == '"' then
         local j = i + 1
         while j <= n do
            local d = s:sub(j, j)
            if d == c then
               if s:sub(j + 1, j + 1) == c then j = j + 1 else break end
            end
            j = j + 1
         end
         i = j + 1
      elseif c == "-" and s:sub(i + 1, i + 1) == "-" then
         i = (s:find("\n", i, true) or n) + 1
      elseif c == "/" and s:sub(i + 1, i + 1) == "*" then
         i = (select(2, s:find("*/", i + 2, true)) or n) + 1
      elseif c == "$" and s:match("^%$[%a_]*[%w_]*%$", i) and
         not s:sub(i - 1, i - 1):match("[%w_]") then
         local tag = s:match("^%$[%a_]*[%w_]*%$", i)
         i = (select(2, s:find(tag, i + #tag, true)) or n) + 1
      elseif c == ";" then
         out[#out + 1] = s:sub(start, i)
         return i, ";", table.concat(out)
      elseif c == "\\" then
         if s:sub(i + 1, i + 1) == ";" then
            out[#out + 1] = s:sub(start, i - 1) .. ";"
            i = i + 2
            start = i
         else
            out[#out + 1] = s:sub(start, i - 1)
            return i - 1, "\\", table.concat(out)
         end
      else
         i = i + 1
      end
   end
   out[#out + 1] = s:sub(start, n)
   return n, "eof", table.concat(out)
end

-- The pieces of SQL text: strings, and {var = name} where `:name` names
-- a variable in `known` (pgbench leaves any other `:name`, and `::`, as
-- text). Quotes are not special, as in pgbench.
local function sql_pieces(text, known)
   local pieces, i, lit = {}, 1, {}
   while i <= #text do
      local j = text:find(":", i, true)
      if not j then
         lit[#lit + 1] = text:sub(i)
         break
      end
      lit[#lit + 1] = text:sub(i, j - 1)
      if text:sub(j + 1, j + 1) == ":" then
         lit[#lit + 1] = "::"
         i = j + 2
      else
         local name = text:match("^[%w_\128-\255]+", j + 1)
         if name and known[name] then
            pieces[#pieces + 1] = table.concat(lit)
            pieces[#pieces + 1] = { var = name }
            lit = {}
            i = j + 1 + #name
         else
            lit[#lit + 1] = ":"
            i = j + 1
         end
      end
   end
   pieces[#pieces + 1] = table.concat(lit)
   return pieces
end

-- Column names of a SELECT's result, from its text: the last query's
-- select list (or RETURNING list), each item's AS name, column name or function name
-- (lower-cased unless quoted, as PostgreSQL names them). bench's drivers
-- do not give a result's column names, and \gset needs them.
local function select_names(text)
   local q = text:gsub("%s+$", ""):gsub(";$", "")
   q = q:match(".*;(.-)$") or q
   return M.query_names(q)
end
M.select_names = select_names

-- The names of each query of a compound text (\;), nil for one without
-- rows: \aset takes the rows of every query.
local function compound_names(text)
   local out = {}
   for q in (text:gsub("%s+$", ""):gsub(";$", "") .. ";"):gmatch("([^;]*);") do
      out[#out + 1] = M.query_names(q) or false
   end
   return out
end

function M.query_names(q)
   local list = q:match("%s[Rr][Ee][Tt][Uu][Rr][Nn][Ii][Nn][Gg]%s+(.*)$") or
      q:match("^%s*[Ss][Ee][Ll][Ee][Cc][Tt]%s+(.-)%s+[Ff][Rr][Oo][Mm]%s") or
      q:match("^%s*[Ss][Ee][Ll][Ee][Cc][Tt]%s+(.*)$")
   if not list then return nil end
   local items, depth, cur = {}, 0, {}
   for ch in list:gmatch(".") do
      if ch == "(" then depth = depth + 1 elseif ch == ")" then depth = depth - 1 end
      if ch == "," and depth == 0 then
         items[#items + 1] = table.concat(cur)
         cur = {}
      else
         cur[#cur + 1] = ch
      end
   end
   items[#items + 1] = table.concat(cur)
   local names = {}
   for i, item in ipairs(items) do
      item = item:match("^%s*(.-)%s*$")
      local name = item:match("[%s%)][Aa][Ss]%s+(\"?[%w_]+\"?)$") or
         item:match("^[%w_%.]*%.([%w_]+)$") or item:match("^([%w_]+)$") or
         item:match("^([%w_]+)%s*%(") or item:match("%s(\"?[%w_]+\"?)$")
      if name and name:sub(1, 1) == '"' then
         name = name:sub(2, -2)
      elseif name then
         name = name:lower()
      end
      names[i] = name or "?column?"
   end
   return names
end

-- A meta-command's line: its words after the name, and the rest of the
-- line (the expression of \set, \if, \elif).
local function meta_args(rest)
   local words = {}
   for w in rest:gmatch("%S+") do
      words[#words + 1] = w
   end
   return words
end

local function parse_expr(file, line, name, text)
   local tree, pos, msg = X.parse(text)
   if not tree then
      fail(file, line, "\\%s: %s (at column %d of \"%s\")", name, msg, pos,
           text)
   end
   return tree
end

-- One meta-command into the list `cmds` (gset/aset attach to the SQL
-- command before them).
local function parse_meta(file, line, text, cmds)
   local name, rest = text:match("^\\([%w_]+)%s*(.-)%s*$")
   if not name then fail(file, line, "expected a meta-command after '\\'") end
   name = name:lower()
   local words = meta_args(rest)
   local cmd = { type = name, line = line }
   if name == "set" then
      cmd.var, cmd.text = rest:match("^([%w_\128-\255]+)%s+(.+)$")
      if not cmd.var then
         fail(file, line, "\\set: expected a variable name and an expression")
      end
      cmd.expr = parse_expr(file, line, name, cmd.text)
   elseif name == "if" or name == "elif" then
      if rest == "" then fail(file, line, "\\%s: expected an expression", name) end
      cmd.expr = parse_expr(file, line, name, rest)
   elseif name == "else" or name == "endif" then
      if #words > 0 then fail(file, line, "\\%s: expected no argument", name) end
   elseif name == "sleep" then
      if #words < 1 or #words > 2 then
         fail(file, line, "\\sleep: expected a duration and an optional unit (us, ms, s)")
      end
      cmd.unit = ({ us = 1, ms = 1000, s = 1000000 })[(words[2] or "s"):lower()]
      if not cmd.unit then
         fail(file, line, "\\sleep: expected a unit us, ms or s, not \"%s\"", words[2])
      end
      cmd.var = words[1]:match("^:([%w_\128-\255]+)$")
      cmd.n = tonumber(words[1]:match("^%d+$"))
      if not cmd.var and not cmd.n then
         fail(file, line, "\\sleep: expected an integer or a :variable, not \"%s\"", words[1])
      end
   elseif name == "gset" or name == "aset" then
      if #words > 1 then fail(file, line, "\\%s: expected at most a prefix", name) end
      local prev = cmds[#cmds]
      if not prev or prev.type ~= "sql" or prev.gset then
         fail(file, line, "\\%s must follow an SQL command", name)
      end
      prev.gset = { prefix = words[1] or "", all = name == "aset",
                    names = select_names(prev.text) }
      if name == "aset" then prev.gset.parts = compound_names(prev.text) end
      if not prev.gset.names then
         fail(file, line, "\\%s: expected a SELECT or RETURNING before it (bench names the " ..
                 "variables from the select list)", name)
      end
      return
   elseif name == "setshell" or name == "shell" then
      if #words < (name == "shell" and 1 or 2) then
         fail(file, line, "\\%s: expected %sa command", name,
              name == "setshell" and "a variable and " or "")
      end
      cmd.words = words
   elseif name == "startpipeline" or name == "endpipeline" or
      name == "syncpipeline" then
      fail(file, line, "\\%s: pipeline mode is not supported by bench", name)
   else
      fail(file, line, "unknown meta-command \\%s (expected set, sleep, if, " ..
              "elif, else, endif, gset, aset, setshell or shell)", name)
   end
   cmds[#cmds + 1] = cmd
end

local function line_at(s, i, from, line)
   local _, nl = s:sub(from, i - 1):gsub("\n", "")
   return line + nl
end

-- The commands of script text `s` (named `file` in errors).
function M.parse(file, s)
   local cmds, i, n, line, at = {}, 1, #s, 1, 1
   while true do
      -- blanks and comments between commands
      while true do
         local ws = s:match("^%s+", i)
         if ws then i = i + #ws end
         if s:sub(i, i + 1) == "--" then
            i = (s:find("\n", i, true) or n) + 1
         else
            break
         end
      end
      if i > n then break end
      line, at = line_at(s, i, at, line), i
      if s:sub(i, i) == "\\" then
         local j, parts = i, {}
         while true do -- continuation lines end with a backslash
            local e = s:find("\n", j, true) or n + 1
            local l = s:sub(j, e - 1):gsub("\r$", "")
            if l:sub(-1) == "\\" and e <= n then
               parts[#parts + 1] = l:sub(1, -2)
               j = e + 1
            else
               parts[#parts + 1] = l
               i = e + 1
               break
            end
         end
         parse_meta(file, line, table.concat(parts, " "), cmds)
      else
         local e, _, text = scan_sql(s, i)
         text = text:gsub("%s+$", "") -- a last command may lack its ';'
         cmds[#cmds + 1] = { type = "sql", line = line, text = text }
         i = e + 1
      end
   end
   return M.check_blocks(file, cmds)
end

-- \if ... \endif nesting: every \elif and \else inside an \if, none after
-- its \else, every \if closed.
function M.check_blocks(file, cmds)
   local stack = {}
   for _, c in ipairs(cmds) do
      if c.type == "if" then
         stack[#stack + 1] = { line = c.line }
      elseif c.type == "elif" or c.type == "else" or c.type == "endif" then
         local top = stack[#stack]
         if not top then fail(file, c.line, "\\%s without a matching \\if", c.type) end
         if c.type ~= "endif" and top.seen_else then
            fail(file, c.line, "\\%s after \\else (expected \\endif)", c.type)
         end
         if c.type == "else" then top.seen_else = true end
         if c.type == "endif" then stack[#stack] = nil end
      end
   end
   if #stack > 0 then
      fail(file, stack[#stack].line, "\\if without a matching \\endif")
   end
   if #cmds == 0 then
      error(string.format("%s: expected at least one command, the script is empty", file), 0)
   end
   return cmds
end

-- Variables the commands assign (\set, \setshell, \gset/\aset), into `known`.
function M.assigned(cmds, known)
   for _, c in ipairs(cmds) do
      if c.type == "set" or c.type == "setshell" then
         known[c.var or c.words[1]] = true
      elseif c.type == "sql" and c.gset then
         for _, names in ipairs(c.gset.parts or { c.gset.names }) do
            for _, name in ipairs(names or {}) do
               known[c.gset.prefix .. name] = true
            end
         end
      end
   end
   return known
end

-- -- Compiling a script -------------------------------------------------------

-- SQL commands become statements of the client (H.prepare, in sql.lua's
-- run): `?` placeholders for the variables in prepared mode, and the
-- pieces of text and variables in simple mode.
local function sql_statement(c, known, label)
   local pieces = sql_pieces(c.text, known)
   local marks, vars = {}, {}
   for _, p in ipairs(pieces) do
      if type(p) == "table" then
         marks[#marks + 1] = "?"
         vars[#vars + 1] = p.var
      else
         marks[#marks + 1] = p
      end
   end
   -- several queries (\\;) cannot be one prepared statement: sent as text
   local compound = c.text:gsub(";%s*$", ""):find(";", 1, true) ~= nil
   return { text = c.text, ps_text = table.concat(marks), vars = vars,
            pieces = pieces, kind = label, gset = c.gset, line = c.line,
            compound = compound }
end

-- What compile() gives a generator: out, consts, statements, known names.
local function new_gen(file, known, mode)
   local g = { out = {}, consts = {}, stmts = {}, file = file,
               known = known, mode = mode, ntmp = 0 }
   g.const = function(v)
      g.consts[#g.consts + 1] = v
      return "K[" .. #g.consts .. "]"
   end
   g.tmp = function()
      g.ntmp = g.ntmp + 1
      return "t" .. g.ntmp
   end
   g.var = function(name)
      if not known[name] then
         return string.format("H.undefined(V, %q)", name)
      end
      return "V[" .. string.format("%q", name) .. "]"
   end
   g.emit = function(s) g.out[#g.out + 1] = s end
   return g
end

local function gen_sql(g, c, index)
   local st = sql_statement(c, g.known, c.label or (g.file .. ":" .. c.line))
   g.stmts[#g.stmts + 1] = st
   local id = #g.stmts
   local vals = {}
   for i, name in ipairs(st.vars) do
      vals[i] = g.var(name)
   end
   if g.mode == "simple" then
      local parts, k = {}, 0
      for _, p in ipairs(st.pieces) do
         if type(p) == "table" then
            k = k + 1
            parts[#parts + 1] = "T(" .. vals[k] .. ")"
         elseif p ~= "" then
            parts[#parts + 1] = string.format("%q", p)
         end
      end
      g.emit(string.format("local rs = Q(S[%d], %s)", id,
                           #parts > 0 and table.concat(parts, " .. ") or '""'))
   else
      g.emit(string.format("local st = S[%d]", id))
      for i, v in ipairs(vals) do
         g.emit(string.format("P(st[%d], %s)", i, v))
      end
      g.emit("local rs = E(st)")
   end
   if st.gset then
      g.emit(string.format("H.gset(V, rs, S[%d])", id))
   end
end

local function gen_command(g, c)
   g.where = string.format("%s:%d", g.file, c.line)
   g.emit(string.format("W.at = %q", g.where))
   if c.type == "sql" then
      gen_sql(g, c)
   elseif c.type == "set" then
      g.emit(string.format("V[%q] = %s", c.var, X.gen(g, c.expr)))
   elseif c.type == "sleep" then
      local n = c.var and ("R.to_int(" .. g.var(c.var) .. ")") or tostring(c.n)
      g.emit(string.format("H.sleep(%s * %d)", n, c.unit))
   elseif c.type == "setshell" or c.type == "shell" then
      local words = {}
      for i, w in ipairs(c.words) do
         local name = w:match("^:([%w_\128-\255]+)$")
         words[i] = name and ("R.text(" .. g.var(name) .. ")") or
            string.format("%q", (w:gsub("^::", ":")))
      end
      g.emit(string.format("H.shell(V, %q, %s)", c.type,
                           table.concat(words, ", ")))
   end
end

-- The source of a function(c) running the commands for client c, whose
-- tables are V (variables) and S (statements). \if blocks nest as Lua
-- if/else, each \elif an else branch holding the next if (its condition
-- may need statements before it).
function M.compile(file, cmds, known, mode, idx)
   local g = new_gen(file, known, mode)
   local depth = {} -- per open \if: how many `end`s its \endif closes
   g.emit(string.format("local V, S = c.V, c.S[%d]", idx or 1))
   for _, c in ipairs(cmds) do
      if c.type == "if" then
         g.emit("do")
         g.where = string.format("%s:%d", file, c.line)
         g.emit(string.format("W.at = %q", g.where))
         g.emit(string.format("if R.truth(%s) then", X.gen(g, c.expr)))
         depth[#depth + 1] = 2
      elseif c.type == "elif" then
         g.emit("else")
         g.where = string.format("%s:%d", file, c.line)
         g.emit(string.format("W.at = %q", g.where))
         g.emit(string.format("if R.truth(%s) then", X.gen(g, c.expr)))
         depth[#depth] = depth[#depth] + 1
      elseif c.type == "else" then
         g.emit("else")
      elseif c.type == "endif" then
         g.emit(string.rep("end ", depth[#depth]))
         depth[#depth] = nil
      else
         g.emit("do")
         gen_command(g, c)
         g.emit("end")
      end
   end
   local src = "local R, H, K, W, T, Q, P, E = ...\nreturn function(c)\n" ..
      table.concat(g.out, "\n") .. "\nend\n"
   return { source = src, consts = g.consts, stmts = g.stmts }
end

return M
