-- SPDX-License-Identifier: MIT
-- sql_value: the values of pgbench's expression language at run time
-- (PostgreSQL 15's pgbench documentation, "Built-In Operators"), for the
-- `sql` workload (docs/sql-workloads.md): their representation, text,
-- arithmetic, comparisons and logic. sql_func adds the functions;
-- sql_expr's generated code calls both through the table returned here.
--
-- Values (one client's variables, sql_script's V table):
--   integer  a Lua number (|v| <= 2^53) or an int64_t cdata beyond that,
--            so pgbench's 64-bit integers (hash(), 1 << 62) stay exact;
--   double   a table {d = x} (rare in scripts: the box keeps the integer
--            path free of type tags);
--   boolean  true / false; NULL: the table R.NULL; text (\gset, -D): a
--            Lua string, read as an integer or a double when used.
local ffi = require("ffi")
local bit = require("bit")

local R = {} -- the run-time functions the generated code calls
local I64 = ffi.typeof("int64_t")
local SAFE = 2 ^ 53
local INT64_MIN = I64(-2) ^ 63 -- "LL" arithmetic: exact
local floor, fmod, abs = math.floor, math.fmod, math.abs
local NULL = setmetatable({}, { __tostring = function() return "NULL" end })
R.NULL = NULL

-- Where the running script is (sql_script's generated code sets W.at to
-- "file:line" before each command), for run-time errors.
local W = { at = nil }
R.W = W

local function fail(msg, ...)
   error((W.at and W.at .. ": " or "") .. string.format(msg, ...), 0)
end

-- Input text as an error message quotes it: at most 40 bytes of it as
-- shown (then "..."), every byte that is not printable ASCII or part of valid UTF-8
-- as \xNN, so that a message stays one readable line whatever the script
-- holds (NUL bytes, newlines, invalid UTF-8, a 100 kB line).
local function show(s)
   s = tostring(s)
   local out, i, n, shown = {}, 1, #s, 0
   while i <= n and shown < 40 do
      local c = s:byte(i)
      local len = c >= 0xF0 and c <= 0xF4 and 4 or c >= 0xE0 and c <= 0xEF and 3 or
         c >= 0xC2 and c <= 0xDF and 2 or 1
      local seq = s:sub(i, i + len - 1)
      if len > 1 and #seq == len and not seq:sub(2):find("[^\128-\191]") then
         out[#out + 1] = seq
      elseif c >= 32 and c < 127 then
         out[#out + 1], len = string.char(c), 1
      else
         out[#out + 1], len = string.format("\\x%02X", c), 1
      end
      i, shown = i + len, shown + #out[#out]
   end
   if i <= n then out[#out + 1] = "..." end
   return table.concat(out)
end
R.show = show

-- -- Values -----------------------------------------------------------------

local function dbl(x)
   return { d = x }
end
R.dbl = dbl

-- An int64 back to a Lua number when it fits exactly.
local function norm(v)
   if v >= -SAFE and v <= SAFE then
      return tonumber(v)
   end
   return v
end
R.norm = norm

local function is_int(x)
   return type(x) == "number" or type(x) == "cdata"
end

-- Decimal digits (an optional sign first) as an int64, or nil when the
-- value is out of range: checked before each step, as a wrapped product
-- can land anywhere (25000000000000000000 wraps to a positive value).
function R.parse_int64(t)
   local neg = t:sub(1, 1) == "-"
   local digits = t:gsub("^[+-]", "")
   local v = I64(0)
   for i = 1, #digits do
      local d = digits:byte(i) - 48
      -- v * 10 + d <= 2^63 - 1 (or 2^63 when negative), with no overflow
      if v > (9223372036854775807LL - d) / 10 then
         if neg and i == #digits and v * 10 + (d - 1) == 9223372036854775807LL then
            return INT64_MIN -- -9223372036854775808 itself
         end
         return nil
      end
      v = v * 10 + d
   end
   return norm(neg and -v or v)
end

-- Text read as pgbench reads a variable's string value: an integer if it
-- is one, else a double, else an error naming it.
local function parse_text(s)
   local t = s:match("^%s*(.-)%s*$")
   if t:match("^[+-]?%d+$") then
      local n = tonumber(t)
      if abs(n) < SAFE then
         return n
      end
      local v = R.parse_int64(t)
      if not v then fail("\"%s\" is out of range for a bigint", show(s)) end
      return v
   end
   local d = tonumber(t)
   if d == nil then
      local l = t:lower()
      if l == "nan" then d = 0 / 0
      elseif l == "infinity" or l == "inf" then d = 1 / 0
      elseif l == "-infinity" or l == "-inf" then d = -1 / 0
      else fail("malformed variable value \"%s\"", show(s)) end
   end
   return dbl(d)
end
R.parse_text = parse_text

local function kind(x)
   local t = type(x)
   if t == "number" or t == "cdata" then return "int" end
   if t == "boolean" then return "boolean" end
   if t == "string" then return kind(parse_text(x)) end
   if x == NULL then return "null" end
   return "double"
end

-- C's rint (ties to even), as pgbench turns a double into an integer.
local function rint(x)
   local f = floor(x)
   local r = x - f
   if r > 0.5 or (r == 0.5 and f % 2 ~= 0) then
      return f + 1
   end
   return f
end

-- The value as an integer; what names the caller in errors.
local function to_int(x)
   local t = type(x)
   if t == "number" or t == "cdata" then return x end
   if t == "string" then return to_int(parse_text(x)) end
   if t == "boolean" then fail("cannot coerce boolean to int") end
   if x == NULL then fail("cannot coerce NULL to int") end
   local d = x.d
   if d ~= d or d < -9223372036854775808 or d >= 9223372036854775808 then
      fail("double to int overflow for %s", tostring(d))
   end
   d = rint(d)
   if abs(d) <= SAFE then return d end
   return norm(I64(d))
end
R.to_int = to_int

local function to_double(x)
   local t = type(x)
   if t == "number" then return x end
   if t == "cdata" then return tonumber(x) end
   if t == "string" then return to_double(parse_text(x)) end
   if t == "boolean" then fail("cannot coerce boolean to double") end
   if x == NULL then fail("cannot coerce NULL to double") end
   return x.d
end
R.to_double = to_double

local function to_bool(x)
   if x == true or x == false then return x end
   if x == NULL then return NULL end
   fail("cannot coerce %s to boolean", kind(x))
end

-- Whether \if takes its branch: a true boolean, or a non-zero number, as
-- pgbench's \if reads a value (NULL is false).
function R.truth(x)
   if x == true then return true end
   if x == false or x == NULL then return false end
   if type(x) == "number" then return x ~= 0 end
   if type(x) == "cdata" then return x ~= 0 end
   if type(x) == "string" then return R.truth(parse_text(x)) end
   return x.d ~= 0
end

-- -- Formatting (SQL text, \gset, debug) --------------------------------------

local function fmt_double(d)
   if d ~= d then return "NaN" end
   if d == 1 / 0 then return "Infinity" end
   if d == -1 / 0 then return "-Infinity" end
   return string.format("%.15g", d)
end

-- The text of a value where a script names it in SQL (pgbench's: integers
-- in decimal, doubles with 15 significant digits, true/false).
function R.text(x)
   local t = type(x)
   if t == "number" then return string.format("%d", x) end
   if t == "string" then return x end
   if t == "cdata" then return (tostring(x):gsub("LL$", "")) end
   if t == "boolean" then return x and "true" or "false" end
   if x == NULL then return "" end
   return fmt_double(x.d)
end

function R.describe(x)
   local k = kind(x)
   if k == "null" then return "null" end
   if type(x) == "string" then x = parse_text(x) end
   return k .. " " .. R.text(x)
end

-- -- Arithmetic -----------------------------------------------------------------

local function ovf(op)
   fail("bigint %s out of range", op)
end

local function i64_add(a, b, op)
   local ia, ib = I64(a), I64(b)
   local r = ia + ib
   if (ia >= 0) == (ib >= 0) and (r >= 0) ~= (ia >= 0) then ovf(op or "add") end
   return norm(r)
end

local function i64_mul(a, b)
   local ia, ib = I64(a), I64(b)
   if ia == 0 or ib == 0 then return 0 end
   if (ia == -1 and ib == INT64_MIN) or (ib == -1 and ia == INT64_MIN) then
      ovf("mul")
   end
   local r = ia * ib
   if r / ib ~= ia or abs(tonumber(a) * tonumber(b)) > 9.3e18 then
      ovf("mul")
   end
   return norm(r)
end

-- a op b when either is not a plain number: NULL gives NULL, a double
-- makes it a double operation, else 64-bit integers.
local function arith_slow(op, a, b)
   if a == NULL or b == NULL then return NULL end
   if type(a) == "string" then a = parse_text(a) end
   if type(b) == "string" then b = parse_text(b) end
   if type(a) == "boolean" or type(b) == "boolean" then
      fail("cannot coerce boolean to %s", (op == "%") and "int" or "double")
   end
   if op ~= "%" and (not is_int(a) or not is_int(b)) then
      local x, y = to_double(a), to_double(b)
      if op == "+" then return dbl(x + y) end
      if op == "-" then return dbl(x - y) end
      if op == "*" then return dbl(x * y) end
      return dbl(x / y)
   end
   a, b = to_int(a), to_int(b)
   if op == "+" then return i64_add(a, b) end
   if op == "-" then
      if I64(b) == INT64_MIN then
         if I64(a) >= 0 then ovf("sub") end
         return norm(I64(a) - I64(b))
      end
      return i64_add(a, -I64(b), "sub")
   end
   if op == "*" then return i64_mul(a, b) end
   if b == 0 then fail("division by zero") end
   if I64(b) == -1 then
      if op == "%" then return 0 end
      if I64(a) == INT64_MIN then ovf("div") end
      return norm(-I64(a))
   end
   if op == "/" then return norm(I64(a) / I64(b)) end
   return norm(I64(a) % I64(b))
end

-- The common case inline: two numbers whose result is exact in a double.
function R.add(a, b)
   if type(a) == "number" and type(b) == "number" then
      local r = a + b
      if r >= -SAFE and r <= SAFE then return r end
   end
   return arith_slow("+", a, b)
end

function R.sub(a, b)
   if type(a) == "number" and type(b) == "number" then
      local r = a - b
      if r >= -SAFE and r <= SAFE then return r end
   end
   return arith_slow("-", a, b)
end

function R.mul(a, b)
   if type(a) == "number" and type(b) == "number" then
      local r = a * b
      if r >= -SAFE and r <= SAFE then return r end
   end
   return arith_slow("*", a, b)
end

-- Integer division truncates toward zero and % keeps the dividend's sign,
-- as in C; fmod is exact, so (a - r) / b is too.
function R.div(a, b)
   if type(a) == "number" and type(b) == "number" and b ~= 0 then
      return (a - fmod(a, b)) / b
   end
   return arith_slow("/", a, b)
end

function R.mod(a, b)
   if type(a) == "number" and type(b) == "number" and b ~= 0 then
      local r = fmod(a, b)
      return r == 0 and 0 or r
   end
   return arith_slow("%", a, b)
end

function R.neg(a)
   if type(a) == "number" then return a == 0 and 0 or -a end
   return arith_slow("-", 0, a)
end

function R.plus(a)
   if a == NULL then return NULL end
   if type(a) == "string" then return parse_text(a) end
   if type(a) == "boolean" then fail("cannot coerce boolean to double") end
   return a
end

-- Bitwise operators on 64-bit integers (LuaJIT's bit library works on
-- int64 cdata in 64 bits).
local function bitop(f, a, b)
   if a == NULL or b == NULL then return NULL end
   return norm(f(I64(to_int(a)), b ~= nil and I64(to_int(b)) or nil))
end
function R.band(a, b) return bitop(bit.band, a, b) end
function R.bor(a, b) return bitop(bit.bor, a, b) end
function R.bxor(a, b) return bitop(bit.bxor, a, b) end
function R.bnot(a) return bitop(bit.bnot, a) end
function R.shl(a, b)
   if a == NULL or b == NULL then return NULL end
   return norm(bit.lshift(I64(to_int(a)), tonumber(to_int(b)) % 64))
end
function R.shr(a, b)
   if a == NULL or b == NULL then return NULL end
   return norm(bit.arshift(I64(to_int(a)), tonumber(to_int(b)) % 64))
end

-- -- Comparisons and logic ------------------------------------------------------

-- -1, 0 or 1; NULL when either is NULL. Integers compare as integers,
-- anything with a double as doubles.
local function cmp(a, b)
   if a == NULL or b == NULL then return NULL end
   if type(a) == "string" then a = parse_text(a) end
   if type(b) == "string" then b = parse_text(b) end
   local x, y
   if is_int(a) and is_int(b) then
      x, y = a, b
   elseif type(a) == "boolean" and type(b) == "boolean" then
      x, y = a and 1 or 0, b and 1 or 0
   else
      x, y = to_double(a), to_double(b)
   end
   if x < y then return -1 end
   if x > y then return 1 end
   return 0
end

local function num_pair(a, b)
   return type(a) == "number" and type(b) == "number"
end
function R.eq(a, b)
   if num_pair(a, b) then return a == b end
   local c = cmp(a, b)
   if c == NULL then return NULL end
   return c == 0
end
function R.ne(a, b)
   if num_pair(a, b) then return a ~= b end
   local c = cmp(a, b)
   if c == NULL then return NULL end
   return c ~= 0
end
function R.lt(a, b)
   if num_pair(a, b) then return a < b end
   local c = cmp(a, b)
   if c == NULL then return NULL end
   return c < 0
end
function R.le(a, b)
   if num_pair(a, b) then return a <= b end
   local c = cmp(a, b)
   if c == NULL then return NULL end
   return c <= 0
end
function R.gt(a, b) return R.lt(b, a) end
function R.ge(a, b) return R.le(b, a) end

-- NOT, and the right-hand side of AND / OR once the left one did not
-- decide (pgbench: a NULL left side gives NULL).
function R.lnot(a)
   local b = to_bool(a)
   if b == NULL then return NULL end
   return not b
end
R.to_bool = to_bool

-- x IS [NOT] {NULL, TRUE, FALSE}.
function R.is(a, what)
   if what == "null" then return a == NULL end
   if a == NULL then return false end
   return to_bool(a) == (what == "true")
end

-- For sql_func and sql_expr: what they share with this file.
R.internal = { fail = fail, ovf = ovf, norm = norm, dbl = dbl,
               is_int = is_int, parse_text = parse_text, to_int = to_int,
               to_double = to_double, cmp = cmp, fmt_double = fmt_double,
               I64 = I64, SAFE = SAFE, INT64_MIN = INT64_MIN }

return R
