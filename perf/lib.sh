# SPDX-License-Identifier: MIT
# perf/lib.sh: helpers shared by the perf/ scripts (sourced, not run).
# Finds the two binaries, makes a scratch directory, formats the result
# table and judges a figure against its target.
#
# Environment:
#   BENCH     bench binary (default: ./bench if present, else
#             <repo>/build/release/bench)
#   SYSBENCH  reference binary (default: sysbench, Debian's 1.0.20)
#   PERF_MEASURE_OPTS  what the "measured" tool (bench measuring, beside
#             plain bench, where a script has it) adds to bench's command line
#   PERF_BENCH_OPTS  options added to bench's command lines only, where a
#             script supports it (empty_event.sh, the db_*.sh scripts), to
#             measure a feature's cost side by side: e.g.
#             "--extended-report=on --results=/tmp/r.json"
#   PERF_TMP  scratch directory (default: a fresh mktemp -d, removed at exit
#             unless PERF_KEEP=1)

set -u
export LC_ALL=C # '.' as the decimal point in both tools' output and in awk

PERF_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_DIR=$(dirname "$PERF_DIR")

# -- Binaries -------------------------------------------------------------

if [ -z "${BENCH:-}" ]; then
    if [ -x ./bench ] && [ ! -d ./bench ]; then
        BENCH=$PWD/bench
    else
        BENCH=$REPO_DIR/build/release/bench
    fi
fi
SYSBENCH=${SYSBENCH:-sysbench}
# Absolute, because the tools run from the scratch directory (below).
case $BENCH in /*) ;; *) BENCH=$PWD/$BENCH ;; esac
case $SYSBENCH in /* | [!./]*) ;; *) SYSBENCH=$PWD/$SYSBENCH ;; esac

need_tools()
{
    if [ ! -x "$BENCH" ]; then
        echo "perf: bench binary not found at $BENCH (set BENCH=...)" >&2
        exit 2
    fi
    if ! command -v "$SYSBENCH" >/dev/null 2>&1; then
        echo "perf: $SYSBENCH not found (apt-get install sysbench, or set SYSBENCH=...)" >&2
        exit 2
    fi
    for t in "$@"; do
        command -v "$t" >/dev/null 2>&1 ||
            { echo "perf: $t is required" >&2; exit 2; }
    done
}

# The binary for a tool name: "bench", "measured" (bench with
# MEASURE_OPTS, where a script measures both side by side) or "sysbench".
bin_of()
{
    case $1 in
    bench | measured) echo "$BENCH" ;;
    *) echo "$SYSBENCH" ;;
    esac
}

# opts_of TOOL: PERF_BENCH_OPTS for bench; for measured, issue 15's
# measuring: the extended report and a result document (PERF_MEASURE_OPTS
# to change it); nothing for sysbench (words).
opts_of()
{
    if [ "$1" = bench ]; then echo "${PERF_BENCH_OPTS:-}"; fi
    if [ "$1" = measured ]; then
        echo "${PERF_MEASURE_OPTS:---extended-report=on --results=$PERF_TMP/measured.json}"
    fi
}

# -- Scratch directory and test scripts -----------------------------------

# at_exit CMD: CMD (a function's name or a short command) runs when the
# script exits, however it ends, the latest registered first: the
# scripts' disposable servers and proxies stop there. Then the scratch
# directory goes, if this file made it and PERF_KEEP is not 1 (one
# given in PERF_TMP stays). One EXIT trap for all, so that a script's
# cleanup never replaces another's.
PERF_AT_EXIT=()
PERF_TMP_MADE=
at_exit()
{
    PERF_AT_EXIT=("$1" ${PERF_AT_EXIT[@]+"${PERF_AT_EXIT[@]}"})
}
perf_exit()
{
    local cmd
    for cmd in ${PERF_AT_EXIT[@]+"${PERF_AT_EXIT[@]}"}; do eval "$cmd"; done
    [ -z "$PERF_TMP_MADE" ] || rm -rf "$PERF_TMP"
}
trap perf_exit EXIT

# free_port: a port for the scripts' disposable servers, below the
# kernel's ephemeral range (the tests' own helper).
. "$REPO_DIR/tests/db/free_port.sh"

if [ -z "${PERF_TMP:-}" ]; then
    PERF_TMP=$(mktemp -d /tmp/bench-perf.XXXXXX)
    if [ "${PERF_KEEP:-0}" = 1 ]; then
        echo "perf: outputs kept in $PERF_TMP" >&2
    else
        PERF_TMP_MADE=1
    fi
fi
mkdir -p "$PERF_TMP"
# Run from the scratch directory: sysbench 1.0.20's package.path starts
# with ./src/lua/?.lua, so started from the repository's root it would load
# bench's own oltp_common.lua instead of its own and fail (or measure it).
cd "$PERF_TMP"

# The empty event: what the run loop alone costs.
EMPTY_LUA=$PERF_TMP/empty.lua
echo 'function event() end' >"$EMPTY_LUA"

# -- Parsing the tools' reports -------------------------------------------

# Events per second from a run's report on stdin: "total number of events"
# over "total time" (both tools print these for every test).
parse_eps()
{
    awk '/total time:/ { t = $3; sub(/s$/, "", t) }
         /total number of events:/ { n = $5 }
         END { if (t > 0) printf "%.1f\n", n / t; else print "NA" }'
}

# ran_events OUT EXPECTED: 0 when the run whose report is OUT.out did
# EXPECTED events ("total number of events"), else says so on stderr: a
# run that stopped early would give a wrong per-event figure.
ran_events()
{
    local n
    n=$(awk '/total number of events:/ { print $5 }' "$1.out")
    [ "$n" = "$2" ] && return 0
    echo "perf: $(basename "$1") ran ${n:-no} events instead of $2:" \
        "$(first_error "$1")" >&2
    return 1
}

# first_error OUT: the line that says why a run failed: its first FATAL
# line (stdout or stderr), else the first line of its stderr.
first_error()
{
    { grep -h 'FATAL' "$1.out" "$1.err" 2>/dev/null ||
        grep -h . "$1.err" 2>/dev/null; } | head -n 1
}

# One figure of the "Latency (ms):" block, e.g. parse_lat max, parse_lat 99th.
parse_lat()
{
    awk -v k="$1" '$1 == k":" || ($1 == k && $2 == "percentile:") { print $NF; exit }'
}

# -- Arithmetic -------------------------------------------------------------

# calc EXPR: floating-point arithmetic through awk ("NA" propagates).
calc()
{
    case "$*" in *NA*) echo NA; return ;; esac
    awk "BEGIN { x = $*; if (x == int(x) && x < 1e15 && x > -1e15) printf \"%d\n\", x; else printf \"%.4g\n\", x }"
}

# median of the arguments ("NA" entries ignored).
median()
{
    printf '%s\n' "$@" | grep -v '^NA$' | sort -g |
        awk '{ v[NR] = $1 } END { if (NR == 0) print "NA";
             else if (NR % 2) printf "%.10g\n", v[(NR + 1) / 2];
             else printf "%.10g\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# maximum of the arguments ("NA" entries ignored): best of N, since noise on
# a shared machine only ever slows a run down.
maximum()
{
    printf '%s\n' "$@" | grep -v '^NA$' | sort -g | tail -n 1 | grep . || echo NA
}

# ratio A B: A/B, or NA.
ratio()
{
    case "$1$2" in *NA*) echo NA; return ;; esac
    awk -v a="$1" -v b="$2" 'BEGIN { if (b == 0) print "NA"; else printf "%.3f\n", a / b }'
}

# verdict VALUE OP LIMIT: PASS or FAIL. OP is <=, >=, or "within"
# (|VALUE - 1| <= LIMIT, for a ratio that should be 1).
verdict()
{
    case "$1" in NA | "") echo FAIL; return ;; esac
    # No line break inside the conditional expression: mawk (Debian's awk)
    # rejects one after "?" or ":", and every verdict came out empty.
    awk -v v="$1" -v op="$2" -v l="$3" 'BEGIN {
        if (op == "<=") ok = v <= l
        else if (op == ">=") ok = v >= l
        else if (op == "within") ok = v - 1 <= l && 1 - v <= l
        else ok = 0
        print ok ? "PASS" : "FAIL" }'
}

# -- The table --------------------------------------------------------------

FAILS=0

table_head()
{
    echo
    echo "== $1"
    printf '%-40s | %12s | %12s | %8s | %-16s | %s\n' \
        metric bench sysbench ratio target result
    printf '%s\n' "-----------------------------------------+--------------+--------------+----------+------------------+-------"
}

# row METRIC BENCH SYSBENCH RATIO TARGET RESULT (RESULT: PASS, FAIL, info, skip)
row()
{
    printf '%-40s | %12s | %12s | %8s | %-16s | %s\n' "$1" "$2" "$3" "$4" "$5" "$6"
    [ "$6" = FAIL ] && FAILS=$((FAILS + 1))
    return 0
}

note()
{
    echo "   note: $*"
}

# The state of the shared machine, for figures that depend on having both
# cores: another busy process halves a 2-thread result. idle_cpus samples
# /proc/stat over 1 s (the load average would still count the threads of
# the previous benchmark); call it before and after a measurement and pass
# both to machine_note.
idle_cpus()
{
    local a b
    a=$(awk '/^cpu / { print $5 + $6, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9 }' /proc/stat)
    sleep 1
    b=$(awk '/^cpu / { print $5 + $6, $2 + $3 + $4 + $5 + $6 + $7 + $8 + $9 }' /proc/stat)
    echo "$a $b" | awk -v n="$(nproc)" '{ printf "%.2f\n", n * ($3 - $1) / ($4 - $2 + 1e-9) }'
}

# wait_idle: before a repetition that needs both cores, waits up to
# PERF_WAIT_IDLE seconds (20) for 1.8 idle CPUs. It cannot stop another
# process from starting during the run; cores_note reports that afterwards.
wait_idle()
{
    local end=$((SECONDS + ${PERF_WAIT_IDLE:-20}))
    while [ $SECONDS -lt $end ] &&
        awk -v x="$(idle_cpus)" 'BEGIN { exit !(x < 1.8) }'; do
        sleep 1
    done
}

machine_note()
{
    note "$(nproc) CPUs; idle CPUs just before: $1, just after: $2" \
        "(2-thread figures need 2 idle)"
}

# run_time OUT CMD...: runs CMD with stdout to OUT.out; prints
# "wall user sys maxrss_kb exit" measured by /usr/bin/time (getrusage of the
# child: user/sys at 10 ms resolution, see cpu_run for finer).
run_time()
{
    local out=$1
    shift
    /usr/bin/time -f '%e %U %S %M %x' -o "$out.time" "$@" >"$out.out" 2>"$out.err"
    tail -n 1 "$out.time"
}

# timed_run OUT CMD...: runs CMD with stdout to OUT.out and prints
# "started wall maxrss_kb exit": started and wall are seconds since launch
# (started: when the "Threads started!" line came, NA if it never did; both
# tools flush that line as they print it), maxrss_kb and exit from
# /usr/bin/time. For the start-up of many threads (threads_startup.sh,
# builtin_threads.sh).
timed_run()
{
    local out=$1 t0 t1 st
    shift
    rm -f "$out.started"
    t0=$EPOCHREALTIME
    /usr/bin/time -f '%M %x' -o "$out.time" "$@" 2>"$out.err" |
        while IFS= read -r l; do
            printf '%s\n' "$l"
            case $l in
            *"Threads started!"*) echo "$EPOCHREALTIME" >"$out.started" ;;
            esac
        done >"$out.out"
    t1=$EPOCHREALTIME
    st=NA
    [ -s "$out.started" ] && st=$(calc "$(cat "$out.started") - $t0")
    echo "$st $(calc "$t1 - $t0") $(tail -n 1 "$out.time")"
}

# Whether `perf stat` works here (cpu_run runs in $(...), so decide once).
if perf stat -x, -e task-clock true >/dev/null 2>&1; then
    PERF_HAVE_PERF=1
else
    PERF_HAVE_PERF=0
fi

# cpu_run OUT CMD...: "wall user sys" of CMD in seconds at microsecond
# resolution from `perf stat` (software clocks only, so it works in VMs
# without hardware counters); falls back to /usr/bin/time. stdout to OUT.out.
cpu_run()
{
    local out=$1
    shift
    if [ "$PERF_HAVE_PERF" = 1 ]; then
        perf stat -o "$out.perf" "$@" >"$out.out" 2>"$out.err"
        awk '/seconds time elapsed/ { w = $1 } /seconds user/ { u = $1 }
             /seconds sys/ { s = $1 } END { print w, u, s }' "$out.perf"
    else
        /usr/bin/time -f '%e %U %S' -o "$out.time" "$@" >"$out.out" 2>"$out.err"
        tail -n 1 "$out.time"
    fi
}

# cores_note BUSY: warns when a 2-thread run did not get two CPUs (user+sys
# over wall well below 2): another process held a core, so the 2-thread
# events/s and any scaling figure measure the machine, not the tool.
cores_note()
{
    case "$1" in NA | "") return ;; esac
    if awk -v c="$1" 'BEGIN { exit !(c < 1.8) }'; then
        note "WARNING: bench used only $1 CPUs at 2 threads: the machine is busy"
        note "(see top), so 2-thread and scaling figures understate both tools."
    fi
}
