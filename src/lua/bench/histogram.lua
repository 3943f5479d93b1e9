-- SPDX-License-Identifier: MIT
-- bench.histogram: sysbench.histogram (INV 9.8), histograms with sysbench's
-- bucket scheme for scripts' own measurements.
local ffi = require("ffi")
local C = ffi.C

local histogram = {}
local methods = {}

function methods:update(value)
   C.sb_histogram_update(self, value)
end

function methods:print()
   C.sb_histogram_print(self)
end

ffi.metatype("sb_histogram_t", { __index = methods })

function histogram.new(size, range_min, range_max)
   local h = C.sb_histogram_new(size, range_min, range_max)
   if h == nil then
      error("histogram.new: invalid size or range", 2)
   end
   return ffi.gc(h, C.sb_histogram_delete)
end

return histogram
