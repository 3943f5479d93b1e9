-- SPDX-License-Identifier: MIT
-- bench.cmdline: sysbench.cmdline (INV 9.4): argv, command and the ARG_*
-- constants here; the functions that read option declarations and run
-- custom commands in bench.cmdline_functions. Only the main state and
-- custom commands' states call those, so a worker state (cfg.lazy) loads
-- them on the first read of a field it lacks: their code was 8 KB of each
-- of a thousand workers' heaps (docs/perf-history.md, threads_startup).
-- Reading a field behaves the same; only pairs() and rawget() on a
-- worker's sysbench.cmdline see the functions after that first read.
return function(cfg)
   local cmdline = {
      argv = cfg.argv,
      command = cfg.command,
      script_path = cfg.script_path,
      ARG_NULL = 0, ARG_BOOL = 1, ARG_INT = 2, ARG_SIZE = 3, ARG_DOUBLE = 4,
      ARG_STRING = 5, ARG_LIST = 6, ARG_FILE = 7, ARG_MAX = 8,
      PARALLEL_COMMAND = true,
   }
   if not cfg.lazy then
      require("bench.cmdline_functions")(cmdline)
      return cmdline
   end
   return setmetatable(cmdline, { __index = function(t, k)
      setmetatable(t, nil)
      require("bench.cmdline_functions")(t)
      return rawget(t, k)
   end })
end
