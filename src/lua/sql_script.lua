-- SPDX-License-Identifier: MIT
-- sql_script: pgbench script files (PostgreSQL 15's pgbench documentation,
-- "Custom Scripts") for the `sql` workload: parse() reads a script into
-- commands (SQL with :variables; \set, \sleep, \if/\elif/\else/\endif,
-- \gset/\aset; \shell and \setshell refused), every error one line
-- naming file:line and what was expected; compile() turns the commands into the source of
-- one Lua function per script, compiled once per Lua state and run for a
-- client (a thread or a virtual user) with its variables and statements.
-- That function has no loop and no tree to walk, so LuaJIT traces a
-- transaction whole.
local X = require("sql_expr")

local M = {}
local show = X.R.show

-- \if blocks open at once: LuaJIT compiles nesting to about 200 syntax
-- levels, each \if takes a few, and its condition's expression the rest.
local MAX_IF_DEPTH = 32
M.MAX_IF_DEPTH = MAX_IF_DEPTH

local function fail(file, line, fmt, ...)
   error(string.format("%s:%d: ", file, line) .. string.format(fmt, ...), 0)
end

-- -- Reading a script ------------------------------------------------------

-- The end of an SQL command starting at i: the index of its ';' outside
-- quotes, comments and dollar quotes, or of a backslash that starts a
-- meta-command (\gset ends a query in place of ';'); `\;` is kept as ';'
-- (several queries sent as one). Returns the end, its kind (";", "\\" or
-- "eof") and the text with `\;` made ';'.
local function scan_sql(s, i, unterminated)
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
         if j > n then
            unterminated(i, c == "'" and "quoted string" or "quoted identifier", c)
         end
         i = j + 1
      elseif c == "-" and s:sub(i + 1, i + 1) == "-" then
         i = (s:find("\n", i, true) or n) + 1
      elseif c == "/" and s:sub(i + 1, i + 1) == "*" then
         local e = select(2, s:find("*/", i + 2, true))
         if not e then unterminated(i, "/* comment", "*/") end
         i = e + 1
      elseif c == "$" and s:match("^%$[%a_]*[%w_]*%$", i) and
         not s:sub(i - 1, i - 1):match("[%w_]") then
         local tag = s:match("^%$[%a_]*[%w_]*%$", i)
         local e = select(2, s:find(tag, i + #tag, true))
         if not e then unterminated(i, "dollar-quoted string", tag) end
         i = e + 1
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
           show(text))
   end
   return tree
end

-- One meta-command into the list `cmds` (gset/aset attach to the SQL
-- command before them).
local function parse_meta(file, line, text, cmds)
   local name, rest = text:match("^\\([%w_]+)%s*(.-)%s*$")
   if not name then fail(file, line, "expected a meta-command after '\\'") end
   if #name > 64 then fail(file, line, "unknown meta-command \\%s", show(name)) end
   name = name:lower()
   local words = meta_args(rest)
   local cmd = { type = name, line = line }
   if name == "set" then
      cmd.var, cmd.text = rest:match("^([%w_\128-\255]+)%s+(.+)$")
      if not cmd.var then
         fail(file, line, "\\set: expected a variable name and an expression")
      end
      if #cmd.var > 64 then
         fail(file, line, "\\set: expected a variable name of at most 64 bytes")
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
         fail(file, line, "\\sleep: expected a unit us, ms or s, not \"%s\"", show(words[2]))
      end
      cmd.var = words[1]:match("^:([%w_\128-\255]+)$")
      cmd.n = tonumber(words[1]:match("^%d+$"))
      if not cmd.var and not (cmd.n and cmd.n * cmd.unit <= 2 ^ 53) then
         fail(file, line, "\\sleep: expected an integer or a :variable, not \"%s\"", show(words[1]))
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
      -- nothing read from an input file reaches a shell (docs/sql-workloads.md)
      fail(file, line, "\\%s is not supported: bench does not run commands from " ..
              "script files", name)
   elseif name == "startpipeline" or name == "endpipeline" or
      name == "syncpipeline" then
      fail(file, line, "\\%s: pipeline mode is not supported by bench", name)
   else
      fail(file, line, "unknown meta-command \\%s (expected set, sleep, if, " ..
              "elif, else, endif, gset or aset)", name)
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
   local nul = s:find("\0", 1, true)
   if nul then
      fail(file, line_at(s, nul, 1, 1), "a NUL byte (a script is text)")
   end
   local function unterminated(from, what, closer)
      fail(file, line_at(s, from, 1, 1), "unterminated %s (expected %s before the " ..
              "end of the file)", what, closer)
   end
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
         local e, _, text = scan_sql(s, i, unterminated)
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
         if #stack == MAX_IF_DEPTH then
            fail(file, c.line, "\\if nested too deeply (more than %d open \\if blocks)",
                 MAX_IF_DEPTH)
         end
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

-- Variables the commands assign (\set, \gset/\aset), into `known`.
function M.assigned(cmds, known)
   for _, c in ipairs(cmds) do
      if c.type == "set" then
         known[c.var] = true
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
   local span = c == g.span_cmd
   local st = sql_statement(c, g.known, span and g.span_label or
                               c.label or (g.file .. ":" .. c.line))
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
      if span then g.emit(string.format("H.span(S[%d].con, c.t0)", id)) end
      g.emit(string.format("local rs = Q(S[%d], %s)", id,
                           #parts > 0 and table.concat(parts, " .. ") or '""'))
   else
      g.emit(string.format("local st = S[%d]", id))
      for i, v in ipairs(vals) do
         g.emit(string.format("P(st[%d], %s)", i, v))
      end
      if span then g.emit("H.span(st.con, c.t0)") end
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
   end
end

-- The source of a function(c) running the commands for client c, whose
-- tables are V (variables) and S (statements). An \if block is flat,
-- whatever its \elif count: its local k is the number of the branch
-- taken (0: none yet), each condition computed in a block of its own (its
-- expression may need statements before it) while k is 0, then each
-- branch an `if k == n`. The generated nesting is thus two levels per
-- open \if (MAX_IF_DEPTH bounds it).
--
-- A variable some command assigns may still be unset where it is read (a
-- :x before its \set, a \set inside an \if not taken, \gset's): such a
-- read checks (H.undefined, an error naming the variable), and only the
-- names set before the script runs (`defined`: the predefined ones,
-- --define's) or by a \set before it, at its level of \if or outside,
-- are read directly.
--
-- span_label (with several scripts): the script's last SQL command
-- outside any \if counts as that kind, with the time from the script's
-- start (H.ticks, H.span: bench_db_span), so that each script has its
-- count and latency (pgbench -r's per-script statistics).
function M.compile(file, cmds, known, mode, idx, defined, span_label)
   local g = new_gen(file, known, mode)
   if span_label then
      local depth = 0
      for _, c in ipairs(cmds) do
         if c.type == "if" then depth = depth + 1
         elseif c.type == "endif" then depth = depth - 1
         elseif c.type == "sql" and depth == 0 then g.span_cmd = c end
      end
      g.span_label = span_label
   end
   local branch = {} -- per open \if: the number of its last branch
   local scopes = { defined or { scale = true, client_id = true, random_seed = true,
                                 default_seed = true }, {} }
   g.var = function(name)
      for i = #scopes, 1, -1 do
         if scopes[i][name] and known[name] then
            return "V[" .. string.format("%q", name) .. "]"
         end
      end
      return string.format("H.undefined(V, %q)", name)
   end
   local function cond(c, n)
      g.where = string.format("%s:%d", file, c.line)
      g.emit(string.format("do W.at = %q", g.where))
      g.emit(string.format("if R.truth(%s) then k = %d end end", X.gen(g, c.expr), n))
   end
   g.emit(string.format("local V, S = c.V, c.S[%d]", idx or 1))
   if g.span_cmd then g.emit("c.t0 = H.ticks()") end
   for _, c in ipairs(cmds) do
      if c.type == "if" then
         g.emit("do local k = 0")
         cond(c, 1)
         g.emit("if k == 1 then")
         branch[#branch + 1] = 1
         scopes[#scopes + 1] = {}
      elseif c.type == "elif" then
         local n = branch[#branch] + 1
         branch[#branch] = n
         scopes[#scopes] = {} -- not the previous branch's \sets
         g.emit("end if k == 0 then")
         cond(c, n)
         g.emit(string.format("end if k == %d then", n))
      elseif c.type == "else" then
         g.emit("end if k == 0 then")
         scopes[#scopes] = {}
      elseif c.type == "endif" then
         g.emit("end end")
         branch[#branch] = nil
         scopes[#scopes] = nil
      else
         g.emit("do")
         gen_command(g, c)
         g.emit("end")
         if c.type == "set" then scopes[#scopes][c.var] = true end
      end
   end
   local src = "local R, H, K, W, T, Q, P, E = ...\nreturn function(c)\n" ..
      table.concat(g.out, "\n") .. "\nend\n"
   return { source = src, consts = g.consts, stmts = g.stmts }
end

-- The function(c) of compile()'s output `out` for script `file`, given
-- the run-time helpers (sql.lua's; the fuzz harness's stand-ins). Its
-- chunk is named "file (compiled)": a Lua error in generated code is
-- bench's bug, and must not pass for an error at a line of the script.
function M.load(file, out, R, H, Q, P, E)
   local chunk, err = loadstring(out.source, "=" .. file .. " (compiled)")
   if not chunk then
      error(string.format("%s: internal error compiling the script: %s", file, err), 0)
   end
   return chunk(R, H, out.consts, R.W, R.text, Q, P, E)
end

return M
