-- SPDX-License-Identifier: MIT
-- bench.builtin: helpers for the built-in tests (cpu, memory, threads,
-- mutex, fileio): leveled output through log.c, and failures that print
-- sysbench's own FATAL text instead of a Lua error message.
local ffi = require("ffi")
local C = ffi.C

-- The built-in tests' C functions (nil: this state has them already).
local text = require("bench.decls")("api_builtin_decls")
if text then
   ffi.cdef(text)
end

local builtin = {}

local function logf(level)
   return function(fmt, ...)
      C.bench_log(level, select("#", ...) > 0 and fmt:format(...) or fmt)
   end
end

builtin.fatal = logf(0)
builtin.alert = logf(1)
builtin.warning = logf(2)
builtin.notice = logf(3)
builtin.info = logf(4)
builtin.debug = logf(5)

-- Option flag (options.h OPT_SHOW_N): a SIZE option that the help lists
-- as "=N", as sysbench does for --file-block-size.
builtin.SHOW_N = 16

-- Raised after the message was printed: script.c prints nothing more.
builtin.FAILED = setmetatable({ bench_logged = true }, {
   __tostring = function() return "built-in test failed" end,
})

function builtin.fail(fmt, ...)
   builtin.fatal(fmt, ...)
   error(builtin.FAILED, 0)
end

-- From init(), once the kernel's run-wide state is set up: the workers of
-- the built-in test run the native kernel `name` (kernels/registry.c)
-- instead of the script's thread_init, event/thread_run and thread_done,
-- with no Lua state each (native.h). Those hooks must do the same work:
-- they still run when the script is not the built-in test (a copy of it
-- run from a file).
function builtin.native_worker(name)
   if not C.bench_native_worker(name) then
      error("no native kernel named " .. name, 2)
   end
end

return builtin
