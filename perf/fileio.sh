#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# perf/fileio.sh: the fileio test, bench beside sysbench on the same files
# in one run (issue 4, "Done when"). For rndrw, seqrd and seqwr in sync and
# async mode, each tool runs PERF_REPS times, interleaved (the order swaps
# every repetition so drift hits both), and the table shows the medians of
# reads/s, writes/s, fsyncs/s and MiB/s, their ratio bench/sysbench, and
# the noise: the larger of the two tools' spreads, (max - min) / median
# over the repetitions. Target: |ratio - 1| within the noise (at least 5%).
#
# Environment: BENCH, SYSBENCH, PERF_KEEP, PERF_TMP (lib.sh);
#   PERF_TIME            seconds per run (3)
#   PERF_REPS            repetitions per tool and workload (3)
#   PERF_FILEIO_DIR      where the test files go (default: the scratch
#                        directory; point it at the disk to measure)
#   PERF_FILEIO_SIZE     --file-total-size (256M)
#   PERF_FILEIO_NUM      --file-num (8)
#   PERF_FILEIO_THREADS  --threads (1)
#   PERF_FILEIO_ARGS     more options for every run, e.g.
#                        "--file-extra-flags=direct"
#   FIO_CG_EVENTS1/2     run lengths of the callgrind part (10000, 20000);
#                        PERF_FILEIO_CG=0 skips it
#   PERF_FILEIO_STRACE   0 skips the system call counts (strace)
#
# Then, as a figure no other process on the machine can disturb, the user
# instructions per event of each workload from valgrind --tool=callgrind:
# (I(E2) - I(E1)) / (E2 - E1), so start-up and exit cancel (info: the
# kernel's share of an I/O is not counted, and is the same for both); and
# the I/O system calls of a 5000-event run of each tool (strace -c), which
# must be the same: then both tools ask the disk for the same work.
. "$(dirname "$0")/lib.sh"
need_tools

TIME=${PERF_TIME:-3}
REPS=${PERF_REPS:-3}
DIR=${PERF_FILEIO_DIR:-$PERF_TMP/files}
ARGS="fileio --file-total-size=${PERF_FILEIO_SIZE:-256M}"
ARGS+=" --file-num=${PERF_FILEIO_NUM:-8} --threads=${PERF_FILEIO_THREADS:-1}"
ARGS+=" ${PERF_FILEIO_ARGS:-}"
mkdir -p "$DIR"
cd "$DIR" || exit 2

# The five figures of a 1.0 fileio report on stdin, in the order of METRICS.
METRICS=("reads/s" "writes/s" "fsyncs/s" "read MiB/s" "written MiB/s")
parse_fileio()
{
    awk '/^ +reads\/s:/ { r = $2 } /^ +writes\/s:/ { w = $2 }
         /^ +fsyncs\/s:/ { f = $2 } /^ +read, MiB\/s:/ { rm = $3 }
         /^ +written, MiB\/s:/ { wm = $3 }
         END { if (r == "") print "NA NA NA NA NA"
               else print r, w, f, rm, wm }'
}

# spread V...: (max - min) / median, or NA.
spread()
{
    local med
    med=$(median "$@")
    printf '%s\n' "$@" | grep -v '^NA$' | sort -g |
        awk -v m="$med" 'NR == 1 { lo = $1 } { hi = $1 }
            END { if (NR < 2 || m == "NA" || m == 0) print "NA";
                  else printf "%.3f\n", (hi - lo) / m }'
}

larger()
{
    case "$1$2" in *NA*) echo NA; return ;; esac
    awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f\n", (a > b ? a : b) }'
}

# The files must exist at full size before every mode but seqwr, which
# recreates them (and may leave them short). sysbench prepares them, so
# both tools read the same bytes; "Reusing" when they are complete.
prepare_files()
{
    "$SYSBENCH" $ARGS prepare >"$PERF_TMP/prepare.out" 2>&1 ||
        { cat "$PERF_TMP/prepare.out" >&2; exit 2; }
}

# measure MODE IO: fills FIG[mode.io.tool.metric] with one figure per
# repetition.
declare -A FIG
measure()
{
    local mode=$1 io=$2 rep tool o i figs order
    for rep in $(seq "$REPS"); do
        order="bench sysbench"
        [ $((rep % 2)) = 0 ] && order="sysbench bench"
        for tool in $order; do
            [ "$mode" = seqwr ] || prepare_files
            o=$PERF_TMP/$mode.$io.$tool.$rep
            "$(bin_of $tool)" $ARGS --file-test-mode="$mode" \
                --file-io-mode="$io" --time="$TIME" run >"$o.out" 2>"$o.err"
            read -r -a figs <<<"$(parse_fileio <"$o.out")"
            for i in "${!METRICS[@]}"; do
                FIG[$mode.$io.$tool.$i]+="${figs[$i]} "
            done
        done
    done
}

# report MODE IO METRIC_INDEX...
report()
{
    local mode=$1 io=$2 i b s r n
    shift 2
    for i in "$@"; do
        b=$(median ${FIG[$mode.$io.bench.$i]})
        s=$(median ${FIG[$mode.$io.sysbench.$i]})
        r=$(ratio "$b" "$s")
        n=$(larger "$(spread ${FIG[$mode.$io.bench.$i]})" \
            "$(spread ${FIG[$mode.$io.sysbench.$i]})")
        n=$(larger "$n" 0.05)
        row "$mode $io ${METRICS[$i]}" "$b" "$s" "$r" "1+-$n" \
            "$(verdict "$r" within "$n")"
    done
}

echo "perf: fileio files in $DIR ($ARGS)"
prepare_files
# seqwr last: it deletes the files it starts from.
WORKLOADS=("rndrw sync" "rndrw async" "seqrd sync" "seqrd async"
    "seqwr sync" "seqwr async")
for w in "${WORKLOADS[@]}"; do
    measure $w
done

table_head "fileio, --time=$TIME, medians of $REPS (noise: larger spread)"
report rndrw sync 0 1 2 3 4
report rndrw async 0 1 2 3 4
report seqrd sync 0 3
report seqrd async 0 3
report seqwr sync 1 2 4
report seqwr async 1 2 4
note "noise = (max - min) / median of one tool's repetitions, the larger"
note "of the two tools, at least 0.05; ratio = bench / sysbench."

# cg_ipe MODE IO TOOL: user instructions per event, or NA.
cg_ipe()
{
    local e i tot=() o
    for e in "$E1" "$E2"; do
        [ "$1" = seqwr ] || prepare_files
        o=$PERF_TMP/cg.$1.$2.$3.$e
        valgrind --tool=callgrind --callgrind-out-file="$o.cg" \
            "$(bin_of "$3")" $ARGS --file-test-mode="$1" --file-io-mode="$2" \
            --events="$e" --time=0 run >"$o.out" 2>"$o.err"
        if ! grep -q "total number of events: *$e\$" "$o.out"; then
            echo "perf: $3 $1 $2 did not run $e events (see $o.out)" >&2
            echo NA
            return
        fi
        tot+=("$(awk '/^totals:/ { print $2 }' "$o.cg")")
    done
    calc "(${tot[1]} - ${tot[0]}) / ($E2 - $E1)"
}

if [ "${PERF_FILEIO_CG:-1}" != 0 ] && command -v valgrind >/dev/null; then
    E1=${FIO_CG_EVENTS1:-10000}
    E2=${FIO_CG_EVENTS2:-20000}
    table_head "fileio: user instructions/event (callgrind, events $E2 - $E1)"
    for w in "${WORKLOADS[@]}"; do
        set -- $w
        b=$(cg_ipe "$1" "$2" bench)
        s=$(cg_ipe "$1" "$2" sysbench)
        row "$1 $2 instructions/event" "$b" "$s" "$(ratio "$b" "$s")" - info
    done
fi

# io_calls MODE IO TOOL: "transfers/fsyncs" system calls of a 5000-event run
# (strace -c): pread64, pwrite64 and io_submit, then fsync and fdatasync.
io_calls()
{
    local o=$PERF_TMP/strace.$1.$2.$3
    [ "$1" = seqwr ] || prepare_files
    strace -f -c -o "$o" "$(bin_of "$3")" $ARGS --file-test-mode="$1" \
        --file-io-mode="$2" --events=5000 --time=0 run >"$o.out" 2>&1 ||
        { echo NA; return; }
    awk '$NF ~ /^(pread64|pwrite64|io_submit)$/ { t += $4 }
         $NF ~ /^(fsync|fdatasync)$/ { f += $4 }
         END { printf "%d/%d\n", t, f }' "$o"
}

if [ "${PERF_FILEIO_STRACE:-1}" != 0 ] && command -v strace >/dev/null; then
    table_head "fileio: I/O system calls of 5000 events, transfers/fsyncs (strace -c)"
    for w in "${WORKLOADS[@]}"; do
        set -- $w
        b=$(io_calls "$1" "$2" bench)
        s=$(io_calls "$1" "$2" sysbench)
        row "$1 $2 pread+pwrite+io_submit/fsync" "$b" "$s" - "equal" \
            "$([ "$b" = "$s" ] && [ "$b" != NA ] && echo PASS || echo FAIL)"
    done
    note "the same requests reach the kernel: throughput differences are the disk's"
fi
"$SYSBENCH" $ARGS cleanup >/dev/null 2>&1
[ "$FAILS" -eq 0 ]
