#!/usr/bin/env bench
-- SPDX-License-Identifier: MIT
-- options.lua: a script with options of its own, one of each kind. bench
-- lists them under `help`, parses --name=value wherever it appears on the
-- command line (or in --config-file), and hands the values to the script
-- as sysbench.opt.<name>. `show` prints them; `run` checks them first.
--   bench options.lua help
--   bench options.lua --greeting=hi --repeat=3 --shout --colors=red,blue show

sysbench.cmdline.options = {
   -- name = {description, default[, type]}: the type follows from the
   -- default (number, string, boolean, table = list) unless given.
   greeting = {"word to print", "hello"},
   ["repeat"] = {"how many times to print it", 1, sysbench.cmdline.ARG_INT},
   ratio = {"a fraction between 0 and 1", 0.5},
   shout = {"print in capitals", false},
   colors = {"a comma-separated list", {"red", "green"}},
   buffer = {"a size: 16K, 4M, 1G ...", "16K", sysbench.cmdline.ARG_SIZE},
}

-- Checks the values; an error() here stops bench with exit status 1.
local function check()
   local o = sysbench.opt
   if o["repeat"] < 1 then
      error("--repeat must be at least 1, not " .. o["repeat"])
   end
   if o.ratio < 0 or o.ratio > 1 then
      error("--ratio must be between 0 and 1, not " .. o.ratio)
   end
end

local function show()
   local o = sysbench.opt
   check()
   local word = o.shout and o.greeting:upper() or o.greeting
   for _ = 1, o["repeat"] do
      print(word)
   end
   print(string.format("ratio=%g shout=%s colors=%s (%d) buffer=%d bytes",
                       o.ratio, tostring(o.shout), table.concat(o.colors, "+"),
                       #o.colors, o.buffer))
end

sysbench.cmdline.commands = {
   show = {show},
}

-- `run`: init() runs once before the workers start.
function init()
   check()
end

function event()
end
