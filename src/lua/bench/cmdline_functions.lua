-- SPDX-License-Identifier: MIT
-- bench.cmdline_functions: the functions of sysbench.cmdline (INV 9.4):
-- option declarations and custom commands, added to the table that
-- bench.cmdline built (in worker states, on first use: see there). A field
-- the script already set is left alone.
local ffi = require("ffi")
local C = ffi.C

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

   local function structure_error()
      error("wrong table structure in sysbench.cmdline.options", 3)
   end

   -- Collects declarations: the sysbench form { name = {desc, default,
   -- type, validator, flags = F} } sorted by name, or the ordered form
   -- used by the built-in tests { {name, desc, default, type[, flags]},
   -- ... }. Flags (a bench extension, options.h): bench.builtin.SHOW_N,
   -- 1 = not listed by help in the 1.0 profile (OPT_HIDDEN_R).
   local function collect(opts)
      local list = {}
      if opts[1] ~= nil then
         for _, o in ipairs(opts) do
            list[#list + 1] = { name = o[1], desc = o[2], def = o[3],
                                type = o[4], flags = o[5] }
         end
         return list
      end
      for name, o in pairs(opts) do
         if type(name) ~= "string" or type(o) ~= "table" then
            structure_error()
         end
         list[#list + 1] = { name = name, desc = o[1], def = o[2],
                             type = o[3], flags = o.flags }
      end
      table.sort(list, function(a, b) return a.name < b.name end)
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
         if t ~= nil then
            error("wrong type for list option " .. o.name, 4)
         end
         return cmdline.ARG_LIST, table.concat(d, ",")
      elseif dt == "nil" then
         return t or cmdline.ARG_STRING, nil
      end
      structure_error()
   end

   -- Registers the declared options with C; true when there were any.
   define("read_cmdline_options", function()
      local opts = cmdline.options
      if opts == nil then
         return false
      end
      if type(opts) ~= "table" then
         structure_error()
      end
      declare_builtin()
      for _, o in ipairs(collect(opts)) do
         if o.desc == nil then
            error("nil description for option " .. o.name, 2)
         end
         local t, d = default_text(o)
         if C.bench_option_declare(o.name, tostring(o.desc), d, t,
                                   o.flags or 0) ~= 0 then
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
