Lua states open math, io, os, debug and bit on the first read of one of
their fields (src/lua_libs.h: 10 KB of every worker's heap otherwise).
Reading them behaves as with luaL_openlibs, in the main state and in the
workers alike; only rawget(), pairs() and getmetatable() on the library
table show the difference before that first read.

  $ cat > libs.lua <<'LUA'
  > local top_io = io            -- kept before any field was read
  > local function show(where)
  >    print(where .. " before", rawget(math, "floor"), getmetatable(math) ~= nil,
  >          rawget(bit, "band"), rawget(os, "time"))
  >    print(where .. " math", math.floor(2.5), math.max(3, 7), math.huge > 1e308,
  >          string.format("%.4f", math.pi))
  >    print(where .. " after", type(rawget(math, "floor")), getmetatable(math))
  >    print(where .. " bit", bit.band(6, 3), bit.bor(4, 1), bit.tohex(255, 2))
  >    print(where .. " os", type(os.time()), type(os.clock()), os.getenv("LIBS_T"))
  >    print(where .. " same", package.loaded.math == math, require("os") == os,
  >          package.loaded.io == top_io, require("bit") == bit)
  >    top_io.stdout:write(where .. " io ", tostring(io.type(io.stdout)), "\n")
  >    local n = 0
  >    for _ in pairs(math) do n = n + 1 end
  >    print(where .. " pairs", n > 20)
  >    print(where .. " preload", type(package.preload.ffi),
  >          type(package.preload["string.buffer"]), type(require("jit.util")))
  > end
  > function init() show("main") end
  > function thread_init() show("worker") end
  > function event() end
  > LUA
  $ LIBS_T=here $BENCH libs.lua --events=1 run > out
  $ grep '^main ' out
  main before\tnil\ttrue\tnil\tnil (esc)
  main math\t2\t7\ttrue\t3.1416 (esc)
  main after\tfunction\tnil (esc)
  main bit\t2\t5\tff (esc)
  main os\tnumber\tnumber\there (esc)
  main same\ttrue\ttrue\ttrue\ttrue (esc)
  main io file
  main pairs\ttrue (esc)
  main preload\tfunction\tfunction\ttable (esc)

A worker prints the same nine lines.

  $ sed -n 's/^main //p' out > main.txt
  $ sed -n 's/^worker //p' out > worker.txt
  $ diff main.txt worker.txt && wc -l < worker.txt
  9

math.random is math.random: seeded by the script, it repeats.

  $ cat > random.lua <<'LUA'
  > math.randomseed(42)
  > local a = math.random(1000000)
  > math.randomseed(42)
  > print("random", a == math.random(1000000), math.random(5) <= 5)
  > LUA
  $ $BENCH random.lua | grep '^random'
  random\ttrue\ttrue (esc)

The debug library is there when a script's chunk runs; in the 1.0
profile the --debug option's global replaces it for the callbacks, as in
sysbench 1.0.20, and not in the 1.1 profile.

  $ cat > dbg.lua <<'LUA'
  > local function show(where)
  >    print(where, type(debug), type(debug) == "table" and type(debug.traceback()))
  > end
  > show("chunk")
  > function thread_init() show("thread_init") end
  > function event() end
  > LUA
  $ $BENCH dbg.lua --events=1 run | grep -E '^(chunk|thread_init)'
  chunk\ttable\tstring (esc)
  chunk\ttable\tstring (esc)
  thread_init\tboolean\tfalse (esc)
  $ $BENCH --compat=1.1 dbg.lua --events=1 run | grep -E '^(chunk|thread_init)'
  chunk\ttable\tstring (esc)
  chunk\ttable\tstring (esc)
  thread_init\ttable\tstring (esc)
