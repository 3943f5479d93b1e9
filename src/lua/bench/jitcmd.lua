-- SPDX-License-Identifier: MIT
-- bench.jitcmd: --luajit-cmd, the same as `luajit -j<cmd>` (CLI-18): a jit.*
-- function (on, off, flush) or the start() of a jit.<name> add-on module,
-- with comma-separated arguments after '='.
return function(cmd)
   local name, args = cmd:match("^([^=]*)=?(.*)$")
   local argv = {}
   if args ~= "" then
      for item in (args .. ","):gmatch("([^,]*),") do
         argv[#argv + 1] = item ~= "" and item or false
      end
   end
   for i = 1, #argv do
      if argv[i] == false then argv[i] = nil end
   end
   local fn = jit[name]
   if type(fn) ~= "function" then
      local ok, mod = pcall(require, "jit." .. name)
      if not ok or type(mod) ~= "table" or type(mod.start) ~= "function" then
         error("unknown luaJIT command or jit.* modules not installed", 0)
      end
      fn = mod.start
   end
   fn(unpack(argv, 1, table.maxn(argv)))
   return true
end
