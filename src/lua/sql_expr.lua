-- SPDX-License-Identifier: MIT
-- sql_expr: the expression language of pgbench's \set and \if (PostgreSQL
-- 15's pgbench documentation, "Expressions"), for the `sql` workload
-- (docs/sql-workloads.md). An expression is parsed once into a tree, then
-- turned into Lua source that sql_script compiles with the rest of a
-- script, calling the run-time functions of sql_value and sql_func (M.R):
-- no tree is walked per transaction, and the code has no loop, so LuaJIT
-- traces it.
local R = require("sql_func")

local M = { R = R }
local I = R.internal
local dbl, I64, SAFE, INT64_MIN = I.dbl, I.I64, I.SAFE, I.INT64_MIN
local NULL = R.NULL
local show = R.show

-- Limits that keep the generated Lua within what LuaJIT compiles (200
-- syntax levels, 250 registers a function) and the parser's recursion
-- bounded, whatever a script holds: pgbench's own limit of 16 function
-- arguments, and nesting deep enough for any expression written by hand.
local MAX_DEPTH = 32
local MAX_ARGS = 16
local MAX_WEIGHT = 120
M.MAX_DEPTH, M.MAX_ARGS = MAX_DEPTH, MAX_ARGS

-- -- Parsing --------------------------------------------------------------------

-- The functions: name -> {min args, max args (-1: any)}.
local FUNCS = {
   abs = { 1, 1 }, debug = { 1, 1 }, double = { 1, 1 }, exp = { 1, 1 },
   greatest = { 1, -1 }, least = { 1, -1 }, hash = { 1, 2 },
   hash_fnv1a = { 1, 2 }, hash_murmur2 = { 1, 2 }, int = { 1, 1 },
   ln = { 1, 1 }, mod = { 2, 2 }, permute = { 2, 3 }, pi = { 0, 0 },
   pow = { 2, 2 }, power = { 2, 2 }, random = { 2, 2 },
   random_exponential = { 3, 3 }, random_gaussian = { 3, 3 },
   random_zipfian = { 3, 3 }, sqrt = { 1, 1 },
}
M.FUNCS = FUNCS

local KEYWORDS = { ["and"] = true, ["or"] = true, ["not"] = true,
                   ["is"] = true, ["isnull"] = true, ["notnull"] = true,
                   ["null"] = true, ["true"] = true, ["false"] = true,
                   ["case"] = true, ["when"] = true, ["then"] = true,
                   ["else"] = true, ["end"] = true }

-- Tokens of text: {t = kind, v = value, pos = byte offset}. Kinds: int,
-- double, var, ident, kw (value lower-cased), op, eof.
local function lex(text)
   local toks, i, n = {}, 1, #text
   while true do
      local s = text:match("^%s*", i)
      i = i + #s
      if i > n then break end
      local c = text:sub(i, i)
      local m = text:match("^%d*%.?%d+[eE][-+]?%d+", i) or
         text:match("^%d+%.%d*[eE][-+]?%d+", i) or
         text:match("^%d+[eE][-+]?%d+", i) or
         text:match("^%d*%.%d+", i) or text:match("^%d+%.%d*", i)
      if m then
         -- (LuaJIT's tonumber gives nil past its exponent range)
         local d = tonumber(m)
         if not d or d == 1 / 0 then return nil, i, "a double constant in range" end
         toks[#toks + 1] = { t = "double", v = d, pos = i }
         i = i + #m
      elseif c:match("%d") then
         m = text:match("^%d+", i)
         toks[#toks + 1] = { t = "int", v = m, pos = i }
         i = i + #m
      elseif c == ":" then
         m = text:match("^:([%w_\128-\255]+)", i)
         if not m then return nil, i, "a variable name after ':'" end
         if #m > 64 then return nil, i, "a variable name of at most 64 bytes" end
         toks[#toks + 1] = { t = "var", v = m, pos = i }
         i = i + #m + 1
      elseif c:match("[%a_\128-\255]") then
         m = text:match("^[%w_\128-\255]+", i)
         local l = m:lower()
         toks[#toks + 1] = { t = KEYWORDS[l] and "kw" or "ident", v = l,
                             pos = i }
         i = i + #m
      else
         m = text:match("^<>", i) or text:match("^!=", i) or
            text:match("^<=", i) or text:match("^>=", i) or
            text:match("^<<", i) or text:match("^>>", i) or
            text:match("^[-+*/%%()<>=,|&#~]", i)
         if not m then return nil, i, "an operator or an operand, not '" .. show(c) .. "'" end
         toks[#toks + 1] = { t = "op", v = m == "!=" and "<>" or m, pos = i }
         i = i + #m
      end
   end
   toks[#toks + 1] = { t = "eof", v = "end of expression", pos = n + 1 }
   return toks
end

-- Binary operators: precedence (pgbench's, as SQL's: OR < AND < NOT < IS
-- < comparison < bitwise < additive < multiplicative < unary) and the
-- run-time function.
local BINARY = {
   ["or"] = { 1, "or" }, ["and"] = { 2, "and" },
   ["="] = { 5, "eq" }, ["<>"] = { 5, "ne" }, ["<"] = { 5, "lt" },
   ["<="] = { 5, "le" }, [">"] = { 5, "gt" }, [">="] = { 5, "ge" },
   ["|"] = { 6, "bor" }, ["#"] = { 6, "bxor" }, ["&"] = { 6, "band" },
   ["<<"] = { 6, "shl" }, [">>"] = { 6, "shr" },
   ["+"] = { 7, "add" }, ["-"] = { 7, "sub" },
   ["*"] = { 8, "mul" }, ["/"] = { 8, "div" }, ["%"] = { 8, "mod" },
}

local Parser = {}
Parser.__index = Parser

function Parser:peek() return self.toks[self.i] end
function Parser:next()
   local t = self.toks[self.i]
   self.i = self.i + 1
   return t
end
function Parser:err(what, tok)
   tok = tok or self:peek()
   error({ pos = tok.pos, msg = "expected " .. what .. ", found " ..
              (tok.t == "eof" and "the end of the expression" or
               "'" .. show(tok.t == "var" and ":" .. tok.v or tok.v) .. "'") }, 0)
end
function Parser:accept(t, v)
   local tok = self:peek()
   if tok.t == t and (v == nil or tok.v == v) then
      self.i = self.i + 1
      return tok
   end
end
function Parser:expect(t, v, what)
   return self:accept(t, v) or self:err(what or ("'" .. v .. "'"))
end

function Parser:binop()
   local tok = self:peek()
   if tok.t == "op" or (tok.t == "kw" and (tok.v == "and" or tok.v == "or")) then
      return BINARY[tok.v]
   end
end

-- One level deeper in the parser's recursion (a parenthesis, a function's
-- argument, a unary operator, an operand of a binary one).
function Parser:enter()
   self.depth = self.depth + 1
   if self.depth > MAX_DEPTH then
      error({ pos = self:peek().pos, msg = "expression nested too deeply " ..
                 "(more than " .. MAX_DEPTH .. " levels)" }, 0)
   end
end

-- expr := operand { binop operand }, by precedence climbing from `min`.
function Parser:expr(min)
   self:enter()
   local left = self:expr_rest(min)
   self.depth = self.depth - 1
   return left
end

function Parser:expr_rest(min)
   local left = self:unary(min)
   while true do
      local tok = self:peek()
      if tok.t == "kw" and (tok.v == "is" or tok.v == "isnull" or tok.v == "notnull") and min <= 4 then
         self:next()
         if tok.v == "isnull" then
            left = { "is", left, "null", false }
         elseif tok.v == "notnull" then
            left = { "is", left, "null", true }
         else
            local negate = self:accept("kw", "not") ~= nil
            local w = self:accept("kw", "null") or self:accept("kw", "true") or
               self:accept("kw", "false") or self:err("NULL, TRUE or FALSE after IS")
            left = { "is", left, w.v, negate }
         end
      else
         local op = self:binop()
         if not op or op[1] < min then return left end
         self:next()
         -- comparisons do not chain (nonassoc), others are left-associative
         local right = self:expr(op[1] + 1)
         left = { "bin", op[2], left, right }
         if op[1] == 5 then
            local nxt = self:binop()
            if nxt and nxt[1] == 5 then self:err("an operator other than a comparison") end
         end
      end
   end
end

function Parser:unary(min)
   local tok = self:peek()
   if tok.t == "kw" and tok.v == "not" then
      self:next()
      self:enter()
      local e = { "not", self:expr(3) }
      self.depth = self.depth - 1
      return e
   end
   if tok.t == "op" and (tok.v == "-" or tok.v == "+" or tok.v == "~") then
      self:next()
      -- -9223372036854775808 is a literal of its own
      local nt = self:peek()
      if tok.v == "-" and nt.t == "int" and nt.v == "9223372036854775808" then
         self:next()
         return { "const", INT64_MIN }
      end
      self:enter()
      local operand = self:unary(9)
      self.depth = self.depth - 1
      return { tok.v == "-" and "neg" or tok.v == "+" and "plus" or "bnot", operand }
   end
   return self:primary()
end

local function int_const(tok)
   local n = tonumber(tok.v)
   if n <= SAFE then return n end
   local v = R.parse_int64(tok.v)
   if not v then error({ pos = tok.pos, msg = "bigint constant overflow" }, 0) end
   return v
end

function Parser:primary()
   local tok = self:next()
   if tok.t == "int" then return { "const", int_const(tok) } end
   if tok.t == "double" then return { "const", dbl(tok.v) } end
   if tok.t == "var" then return { "var", tok.v } end
   if tok.t == "kw" then
      if tok.v == "true" then return { "const", true } end
      if tok.v == "false" then return { "const", false } end
      if tok.v == "null" then return { "const", NULL } end
      if tok.v == "case" then return self:case_expr() end
   end
   if tok.t == "op" and tok.v == "(" then
      local e = self:expr(1)
      self:expect("op", ")")
      return e
   end
   if tok.t == "ident" then
      local f = FUNCS[tok.v]
      if not f then
         error({ pos = tok.pos, msg = "unknown function \"" .. show(tok.v) .. "\"" }, 0)
      end
      self:expect("op", "(", "'(' after " .. tok.v)
      local args = {}
      if not self:accept("op", ")") then
         repeat
            if #args == MAX_ARGS then
               error({ pos = tok.pos, msg = "too many function arguments, maximum is " ..
                          MAX_ARGS }, 0)
            end
            args[#args + 1] = self:expr(1)
         until not self:accept("op", ",")
         self:expect("op", ")", "',' or ')'")
      end
      if #args < f[1] or (f[2] >= 0 and #args > f[2]) then
         error({ pos = tok.pos, msg = "wrong number of arguments for " ..
                    tok.v .. "(): " .. #args }, 0)
      end
      return { "call", tok.v, args, pos = tok.pos }
   end
   self.i = self.i - 1
   self:err("an operand")
end

function Parser:case_expr()
   local node = { "case", {} }
   self:expect("kw", "when", "WHEN after CASE")
   repeat
      local cond = self:expr(1)
      self:expect("kw", "then", "THEN")
      node[2][#node[2] + 1] = { cond, self:expr(1) }
   until not self:accept("kw", "when")
   if self:accept("kw", "else") then node[3] = self:expr(1) end
   self:expect("kw", "end", "WHEN, ELSE or END")
   return node
end

-- The depth of tree e and an estimate of the registers its generated
-- code needs (a call holds its function and the arguments before the one
-- being computed; AND, OR and CASE keep a local each).
local function measure(e)
   if type(e) ~= "table" or e[1] == "const" or e[1] == "var" then return 1, 1, 0 end
   local kids = e[1] == "call" and e[3] or e[1] == "case" and {} or
      e[1] == "bin" and { e[3], e[4] } or { e[2] }
   if e[1] == "case" then
      for _, arm in ipairs(e[2]) do
         kids[#kids + 1], kids[#kids + 2] = arm[1], arm[2]
      end
      kids[#kids + 1] = e[3]
   end
   local logic = e[1] == "case" or (e[1] == "bin" and (e[2] == "and" or e[2] == "or"))
   local depth, regs, locals = 0, 0, logic and 1 or 0
   for i, k in ipairs(kids) do
      local d, r, l = measure(k)
      depth, regs, locals = math.max(depth, d), math.max(regs, i - 1 + r), locals + l
   end
   return depth + 1, regs + 1, locals
end

-- Parses text into a tree, or returns nil, the byte offset and what was
-- expected there.
function M.parse(text)
   local toks, pos, msg = lex(text)
   if not toks then return nil, pos, "expected " .. msg end
   local p = setmetatable({ toks = toks, i = 1, depth = 0 }, Parser)
   local ok, res = pcall(function()
      local e = p:expr(1)
      if p:peek().t ~= "eof" then p:err("an operator or the end of the expression") end
      local depth, regs, locals = measure(e)
      if depth > MAX_DEPTH or regs + locals > MAX_WEIGHT then
         error({ pos = 1, msg = "expression too complex (more than " .. MAX_DEPTH ..
                    " levels of operators and calls, or too many operands in them)" }, 0)
      end
      return e
   end)
   if not ok then
      if type(res) == "table" then return nil, res.pos, res.msg end
      error(res, 0)
   end
   return res
end

-- -- Code generation ----------------------------------------------------------

-- Lua source for tree e. g (the generator) has: out (lines so far),
-- const(v) (an upvalue's name for a value with no literal), tmp() (a new
-- local's name), var(name) (the expression reading a variable), where
-- (debug()'s label). Conditional parts (AND, OR, CASE) become if blocks,
-- so that only the branch taken is evaluated, as in pgbench.
local gen

local function literal(g, v)
   if type(v) == "number" then
      return string.format("%.17g", v)
   elseif v == true or v == false then
      return tostring(v)
   end
   return g.const(v)
end

local function gen_logic(g, e)
   local t = g.tmp()
   local a = gen(g, e[3])
   g.emit(string.format("local %s = R.to_bool(%s)", t, a))
   if e[2] == "and" then
      g.emit(string.format("if %s == true then", t))
   else
      g.emit(string.format("if %s == false then", t))
   end
   local b = gen(g, e[4])
   g.emit(string.format("%s = R.to_bool(%s) end", t, b))
   return t
end

local function gen_case(g, e)
   local t = g.tmp()
   g.emit("local " .. t)
   local closes = 0
   for i, arm in ipairs(e[2]) do
      local c = gen(g, arm[1])
      g.emit(string.format("if R.to_bool(%s) == true then", c))
      g.emit(string.format("%s = %s", t, gen(g, arm[2])))
      g.emit("else")
      closes = closes + 1
   end
   g.emit(string.format("%s = %s", t, e[3] and gen(g, e[3]) or "R.NULL"))
   g.emit(string.rep("end ", closes))
   return t
end

gen = function(g, e)
   local k = e[1]
   if k == "const" then
      return literal(g, e[2])
   elseif k == "var" then
      return g.var(e[2])
   elseif k == "bin" then
      if e[2] == "and" or e[2] == "or" then return gen_logic(g, e) end
      return string.format("R.%s(%s, %s)", e[2], gen(g, e[3]), gen(g, e[4]))
   elseif k == "not" then
      return "R.lnot(" .. gen(g, e[2]) .. ")"
   elseif k == "neg" or k == "plus" or k == "bnot" then
      return string.format("R.%s(%s)", k, gen(g, e[2]))
   elseif k == "is" then
      local s = string.format("R.is(%s, %q)", gen(g, e[2]), e[3])
      return e[4] and "not " .. s or s
   elseif k == "case" then
      return gen_case(g, e)
   end
   -- a function call
   local name, args = e[2], {}
   for i, a in ipairs(e[3]) do
      args[i] = gen(g, a)
   end
   if name == "debug" then
      return string.format("R.debug(%q, %s)", g.where, args[1])
   elseif (name == "hash" or name == "hash_fnv1a" or name == "hash_murmur2")
      and #args == 1 then
      args[2] = g.var("default_seed")
   elseif name == "permute" and #args == 2 then
      args[3] = g.var("default_seed")
   elseif name == "power" then
      name = "pow"
   elseif name == "mod" then
      -- mod() is % on integers
      return string.format("R.mod(R.int(%s), R.int(%s))", args[1], args[2])
   end
   return string.format("R.%s(%s)", name, table.concat(args, ", "))
end
M.gen = gen

-- The variables tree e reads, into the set `into`.
function M.vars(e, into)
   if type(e) ~= "table" or e == NULL or e.d ~= nil or e[1] == "const" then
      return into
   end
   if e[1] == "var" then
      into[e[2]] = true
      return into
   end
   for i = 1, #e do
      M.vars(e[i], into)
   end
   return into
end

return M
