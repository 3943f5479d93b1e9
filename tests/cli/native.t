The built-in tests' workers run each test's native kernel (src/native.h,
src/kernels/kernel.h): no Lua state per worker. The test's script still
declares the options, checks them, prints the mode lines and the
reports. The same script run from a file is a user's script: its own Lua
hooks run in a state per worker. Both do the same work.

  $ same() {
  >   name=$1; shift
  >   "$BENCH" $name --threads=3 "$@" run >builtin.txt || return
  >   "$BENCH" "$BENCH_SRCDIR/src/lua/$name.lua" --threads=3 "$@" run >file.txt || return
  >   filter='1,/Threads started/p;/total number of events/p;/events (avg/p'
  >   [ "$name" = memory ] || [ "$name" = mutex ] ||
  >     filter='1,/Threads started/p;/total number of events/p'
  >   sed -n "$filter" builtin.txt >a.txt
  >   sed -n "$filter" file.txt >b.txt
  >   diff a.txt b.txt && echo "$name: same lines and event counts"
  > }
  $ same cpu --cpu-max-prime=500 --events=300
  cpu: same lines and event counts
  $ same memory --memory-total-size=1M --memory-block-size=4K
  memory: same lines and event counts
  $ same memory --memory-total-size=1M --memory-scope=local --memory-access-mode=rnd --memory-oper=read
  memory: same lines and event counts
  $ same threads --thread-yields=10 --events=50
  threads: same lines and event counts
  $ same mutex --mutex-locks=100 --mutex-loops=10
  mutex: same lines and event counts
  $ same mutex --mutex-locks=100 --mutex-loops=10 --events=2
  mutex: same lines and event counts
  $ args="--file-num=2 --file-total-size=256K --file-block-size=4K"
  $ "$BENCH" fileio $args prepare >/dev/null
  $ same fileio $args --file-test-mode=rndrw --events=200
  fileio: same lines and event counts
  $ same fileio $args --file-test-mode=seqwr --events=100 --file-io-mode=mmap
  fileio: same lines and event counts
  $ "$BENCH" fileio $args cleanup >/dev/null

What that saves: peak RSS of a thousand workers, the built-in test against
the same script from a file, a Lua state per worker (measured: 18 MB
against 129 in a release build, 127 against 434 under ASan, 1,088 against
1,949 under TSan): more than 40 KB per worker in any build.

  $ rss() {
  >   python3 -c 'import resource, subprocess, sys
  > subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
  > print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"
  > }
  $ opts="--threads=1000 --events=1000 --thread-yields=1 run"
  $ builtin=$(rss "$BENCH" threads $opts)
  $ file=$(rss "$BENCH" "$BENCH_SRCDIR/src/lua/threads.lua" $opts)
  $ [ $((file - builtin)) -gt 40000 ] && echo "over 40 MB more"
  over 40 MB more

A user's script that names a native kernel still runs its own hooks in its
own states; a name no kernel has is an error of init().

  $ cat > mine.lua <<'LUA'
  > local builtin = require("bench.builtin")
  > function init() builtin.native_worker("cpu") end
  > function thread_init() print("Lua thread_init") end
  > function event() end
  > LUA
  $ "$BENCH" mine.lua --threads=2 --events=2 run | grep -c "Lua thread_init"
  2
  $ cat > bad.lua <<'LUA'
  > local builtin = require("bench.builtin")
  > function init() builtin.native_worker("nothing") end
  > function event() end
  > LUA
  $ "$BENCH" bad.lua run >out.txt 2>&1; echo "exit $?"
  exit 1
  $ grep FATAL out.txt
  FATAL: `init' function failed: bad.lua:2: no native kernel named nothing
