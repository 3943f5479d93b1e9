-- SPDX-License-Identifier: MIT
-- bench.cmdline_functions: the functions of sysbench.cmdline (INV 9.4):
-- option declarations and custom commands, added to the table that
-- bench.cmdline built (in worker states, on first use: see there). A field
-- the script already set is left alone.
local ffi = require("ffi")
local C = ffi.C
-- options.h: OPT_DEF_UNLISTED, help lists no default.
local DEF_UNLISTED = 64

-- bench_option_declare and bench_print_test_options are declared with the
-- built-in tests' functions, which worker states declare only when needed.
local function declare_builtin()
   local text = require("bench.decls")("api_builtin_decls")
   if text then
      ffi.cdef(text)
   end
end

return function(cmdline)
   local function define(name, fn)
      if rawget(cmdline, name) == nil then
         cmdline[name] = fn
      end
   end

   -- A malformed declaration fails as in sysbench 1.0.20 and 1.1, whose
   -- messages name the line of its own module that found it: wrappers'
   -- transcripts match byte for byte.
   local function fail(line, msg)
      error(('[string "sysbench.cmdline.lua"]:%d: %s'):format(line, msg), 0)
   end
   local STRUCTURE = "wrong table structure in sysbench.cmdline.options"

   -- The text sysbench's FFI conversion to a C string reports.
   local function check_text(v, line)
      local t = type(v)
      if t ~= "string" and t ~= "nil" then
         fail(line, ("cannot convert '%s' to 'const char *'"):format(t))
      end
   end

   -- Checks one entry of the sysbench form, in sysbench's order.
   local function check(name, o)
      if type(name) ~= "string" or type(o) ~= "table" then
         fail(132, STRUCTURE)
      end
      if o[1] == nil then
         fail(137, "nil description for option " .. name)
      end
      check_text(o[1], 138)
      if type(o[2]) == "table" then
         if o[3] ~= nil then
            fail(141, "wrong type for list option " .. name)
         end
      elseif type(o[2]) ~= "boolean" and type(o[2]) ~= "number" then
         check_text(o[2], 151)
      end
   end

   -- Collects declarations: the sysbench form { name = {desc, default,
   -- type, validator, flags = F} } sorted by name, or, for the built-in
   -- tests only, the ordered form { {name, desc, default, type[, flags]},
   -- ... }. Flags (a bench extension, options.h): bench.builtin.SHOW_N,
   -- 1 = not listed by help in the 1.0 profile (OPT_HIDDEN_R).
   local function collect(opts)
      local list = {}
      if opts[1] ~= nil and package.loaded["bench.builtin"] then
         for _, o in ipairs(opts) do
            list[#list + 1] = { name = o[1], desc = o[2], def = o[3],
                                type = o[4], flags = o[5] }
         end
         return list
      end
      local names = {}
      for name in pairs(opts) do
         names[#names + 1] = name
      end
      local sorted, err = pcall(table.sort, names) -- keys of mixed types
      if not sorted then
         error(err, 0)
      end
      for _, name in ipairs(names) do
         local o = opts[name]
         check(name, o)
         list[#list + 1] = { name = name, desc = o[1], def = o[2],
                             type = o[3], flags = o.flags }
      end
      return list
   end

   local function default_text(o)
      local d, t = o.def, o.type
      local dt = type(d)
      if dt == "boolean" then
         return t or cmdline.ARG_BOOL, d and "on" or "off"
      elseif dt == "number" then
         return t or cmdline.ARG_DOUBLE, tostring(d)
      elseif dt == "string" then
         return t or cmdline.ARG_STRING, d
      elseif dt == "table" then
         return cmdline.ARG_LIST, table.concat(d, ",")
      end
      -- sysbench sets a BOOL without a value to on: such an option
      -- reads true, though help lists no default.
      if t == cmdline.ARG_BOOL then
         return t, "on", DEF_UNLISTED
      end
      return t or cmdline.ARG_STRING, nil
   end

   -- Registers the declared options with C; true when there were any.
   define("read_cmdline_options", function()
      local opts = cmdline.options
      if opts == nil then
         return false
      end
      if type(opts) ~= "table" then
         fail(120, "wrong type for sysbench.cmdline.options: " .. type(opts))
      end
      declare_builtin()
      local bor = require("bit").bor
      for _, o in ipairs(collect(opts)) do
         local t, d, flags = default_text(o)
         if C.bench_option_declare(o.name, tostring(o.desc), d, t,
                                   bor(o.flags or 0, flags or 0)) ~= 0 then
            error("cannot declare option " .. o.name, 2)
         end
      end
      return true
   end)

   define("command_defined", function(name)
      local cmds = cmdline.commands
      return type(cmds) == "table" and type(cmds[name]) == "table"
         and type(cmds[name][1]) == "function"
   end)

   define("command_parallel", function(name)
      return cmdline.command_defined(name)
         and cmdline.commands[name][2] == cmdline.PARALLEL_COMMAND
   end)

   define("call_command", function(name)
      if not cmdline.command_defined(name) then
         error("unknown command " .. tostring(name), 2)
      end
      return cmdline.commands[name][1]()
   end)

   define("print_test_options", function()
      declare_builtin()
      C.bench_print_test_options()
   end)
end
