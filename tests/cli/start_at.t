--start-at=<unix seconds or RFC 3339> holds the measured run until that
wall-clock time, after the workers connected and ran thread_init, so
processes on several hosts start together (docs/distributed.md).

  $ at=$(( $(date +%s) + 2 ))
  $ $BENCH cpu --cpu-max-prime=100 --time=1 --start-at=$at run > out.txt
  $ grep -E '^Waiting until [0-9-]{10}T[0-9:]{8}\.000Z \([0-9.]+ s from now\) to start \(--start-at\)$' out.txt | wc -l
  1
  $ grep -A2 '^Initializing worker threads' out.txt | sed 's/until .* to/until ... to/'
  Initializing worker threads...
  
  Waiting until ... to start (--start-at)
  $ [ "$(date +%s)" -ge $((at + 1)) ] && echo "ended a second after the start time"
  ended a second after the start time

The same instant in RFC 3339, in UTC and with an offset, is the same wait.

  $ at=$(( $(date +%s) + 2 ))
  $ want="Waiting until $(date -u -d @$at +%Y-%m-%dT%H:%M:%S).000Z"
  $ $BENCH cpu --cpu-max-prime=100 --events=1 --start-at=$(date -u -d @$at +%Y-%m-%dT%H:%M:%SZ) run | grep -c "^$want"
  1
  $ at=$(( $(date +%s) + 2 ))
  $ want="Waiting until $(date -u -d @$at +%Y-%m-%dT%H:%M:%S).000Z"
  $ $BENCH cpu --cpu-max-prime=100 --events=1 --start-at=$(TZ=Asia/Kolkata date -d @$at +%Y-%m-%dT%H:%M:%S+05:30) run | grep -c "^$want"
  1

A time already past: the process is late, says by how much, and runs
when no --start-late-max bounds the lateness (tests/cli/start_late.t).

  $ $BENCH cpu --cpu-max-prime=100 --events=1 --start-at=2020-01-01T00:00:00Z --start-late-max=off run | grep -E '^(WARNING|Threads started)' | sed 's/ago.*/ago.../;s/passed [0-9.]* s/passed N s/'
  WARNING: --start-at 2020-01-01T00:00:00.000Z passed N s ago...
  Threads started!

Anything else is one clear error before the banner, exit 1.

  $ for v in soon 1795654800000 2026-11-26T01:00:00 2026-02-30T00:00:00Z ''; do
  >   $BENCH cpu --start-at="$v" run; echo "exit $?"; done
  FATAL: Invalid value for --start-at: 'soon' (expected unix seconds, e.g. 1767225600, or an RFC 3339 time, e.g. 2026-01-01T00:00:00Z)
  exit 1
  FATAL: Invalid value for --start-at: '1795654800000' (expected unix seconds, e.g. 1767225600, or an RFC 3339 time, e.g. 2026-01-01T00:00:00Z)
  exit 1
  FATAL: Invalid value for --start-at: '2026-11-26T01:00:00' (expected unix seconds, e.g. 1767225600, or an RFC 3339 time, e.g. 2026-01-01T00:00:00Z)
  exit 1
  FATAL: Invalid value for --start-at: '2026-02-30T00:00:00Z' (expected unix seconds, e.g. 1767225600, or an RFC 3339 time, e.g. 2026-01-01T00:00:00Z)
  exit 1
  FATAL: Invalid value for --start-at: '' (expected unix seconds, e.g. 1767225600, or an RFC 3339 time, e.g. 2026-01-01T00:00:00Z)
  exit 1

--rand-seed-offset=K: processes run with the same --rand-seed draw their
own numbers, each reproducible from (seed, K); without the option a
Kubernetes Indexed Job's JOB_COMPLETION_INDEX is the offset; offset 0 is
no offset.

  $ cat > draw.lua <<'LUA'
  > function thread_init(tid)
  >    io.stdout:write(string.format("%d %s\n", tid,
  >       tostring(sysbench.rand.uniform_uint64())))
  > end
  > function event() end
  > function prepare()
  >    io.stdout:write(string.format("main %s unique %d\n",
  >       tostring(sysbench.rand.uniform_uint64()), sysbench.rand.unique()))
  > end
  > LUA
  $ draw() {
  >   $BENCH draw.lua --threads=2 --events=1 --rand-seed=42 "$@" run | grep -E '^[01] [0-9]+ULL$' | sort
  >   $BENCH draw.lua --rand-seed=42 "$@" prepare | grep '^main'
  > }
  $ draw > none.txt
  $ draw --rand-seed-offset=0 | cmp - none.txt && echo "offset 0: no offset"
  offset 0: no offset
  $ draw --rand-seed-offset=1 > k1.txt
  $ draw --rand-seed-offset=1 | cmp - k1.txt && echo "offset 1: reproducible"
  offset 1: reproducible
  $ JOB_COMPLETION_INDEX=1 draw | cmp - k1.txt && echo "JOB_COMPLETION_INDEX=1: offset 1"
  JOB_COMPLETION_INDEX=1: offset 1
  $ JOB_COMPLETION_INDEX=1 draw --rand-seed-offset=2 > k2.txt
  $ wc -l < k2.txt
  3
  $ cat none.txt k1.txt k2.txt | cut -d' ' -f2 | sort -u | wc -l
  9
  $ cat none.txt k1.txt k2.txt | grep -o 'unique .*' | sort -u | wc -l
  3
  $ $BENCH cpu --events=1 --rand-seed=42 --rand-seed-offset=3 run | grep '^Initializing random'
  Initializing random number generator from seed 42, offset 3 (--rand-seed-offset)
  $ $BENCH cpu --events=1 --rand-seed-offset=3 run | grep '^Initializing random'
  Initializing random number generator from current time, offset 3 (--rand-seed-offset)
  $ $BENCH cpu --rand-seed-offset=-1 run; echo "exit $?"
  FATAL: Invalid value for --rand-seed-offset: -1
  exit 1
  $ JOB_COMPLETION_INDEX=x $BENCH cpu run; echo "exit $?"
  FATAL: Invalid value for JOB_COMPLETION_INDEX in the environment: 'x'
  exit 1
