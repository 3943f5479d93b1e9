--rand-seed=N makes every phase reproducible (PD-6): prepare, run, a custom
command and a parallel command give byte-identical strings and numbers on
two runs with the same seed, whatever order the threads start in; another
seed gives other values. rand.unique() is one sequence shared by all
threads, so under several threads only its set of values is reproducible.

  $ cat > seed.lua <<'LUA'
  > local r = sysbench.rand
  > -- every generator once; unique() apart, on its own line
  > local function sample(what)
  >    local t = {what, r.string("###########-###########-@@@@@"),
  >       r.varstring(5, 20), r.default(1, 1000000), r.uniform(1, 1000000),
  >       r.gaussian(1, 1000000), r.special(1, 1000000), r.pareto(1, 1000000),
  >       r.zipfian(1, 1000000), tostring(r.uniform_uint64()),
  >       string.format("%.17g", r.uniform_double())}
  >    io.stdout:write(table.concat(t, " ") .. "\n")
  >    io.stdout:write("unique " .. r.unique() .. "\n")
  > end
  > function prepare() for i = 1, 3 do sample("prepare") end end
  > function thread_init(tid) sample("thread_init " .. tid) end
  > function event() sample("event") end
  > sysbench.cmdline.commands = {
  >    custom = {function() sample("custom") end},
  >    par = {function() sample("par " .. sysbench.tid) end,
  >           sysbench.cmdline.PARALLEL_COMMAND},
  > }
  > LUA

All the phases, each printing its values (sorted where threads interleave;
the unique() values apart): one line per draw, the strings as formatted.

  $ phases() {
  >   $BENCH seed.lua "$@" prepare | grep '^prepare'
  >   $BENCH seed.lua "$@" prepare | grep '^unique'
  >   $BENCH seed.lua "$@" custom | grep -E '^(custom|unique)'
  >   $BENCH seed.lua "$@" --events=3 run | grep -E '^(event|thread_init|unique)'
  >   $BENCH seed.lua "$@" --threads=4 par | grep '^par' | sort
  >   $BENCH seed.lua "$@" --threads=4 par | grep '^unique' | sort
  >   $BENCH seed.lua "$@" --threads=4 --events=0 --time=1 run |
  >     grep -E '^thread_init' | sort
  > }
  $ phases --rand-seed=42 > a.txt
  $ phases --rand-seed=42 > b.txt
  $ phases --rand-seed=43 > c.txt
  $ wc -l < a.txt
  28
  $ grep -cE '^(prepare|custom|event|thread_init [0-3]|par [0-3]) [0-9]{11}-[0-9]{11}-[a-z]{5} ' a.txt
  16
  $ cmp a.txt b.txt && echo identical
  identical
  $ cmp -s a.txt c.txt || echo different
  different

Line by line, another seed changes every value.

  $ paste -d '\n' a.txt c.txt | paste - - | awk -F '\t' '$1 == $2' | wc -l
  0

Without --rand-seed the run is seeded from the clock. sysbench takes the
second alone, so runs started in the same second (a script's back-to-back
runs, clients started together) draw the same keys in lockstep; bench adds
the nanoseconds and the process id: five runs started at once all differ.

  $ for i in 1 2 3 4 5; do
  >   $BENCH seed.lua --events=3 run > "free$i.txt" &
  > done; wait
  $ cat free*.txt | grep -c '^event '
  15
  $ cat free*.txt | grep '^event ' | sort | uniq -d | wc -l
  0
