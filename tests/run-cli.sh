#!/bin/sh
# SPDX-License-Identifier: MIT
# run-cli.sh [TEST.t...]: runs the cram transcripts of tests/cli (all of
# them by default; a bare name is one of tests/cli) against the bench
# binary named by $BENCH (default: ./bench, i.e. run from the build
# directory). make check runs it once per transcript (T_LOG_COMPILER). Without cram the tests are
# skipped (exit 77, automake's SKIP) unless CI=true, where a missing cram
# is a failure: CI never skips them (design.md section 7).
set -eu
here=$(cd "$(dirname "$0")" && pwd)

BENCH=${BENCH:-./bench}
case $BENCH in
/*) ;;
*) BENCH=$(pwd)/$BENCH ;;
esac
if [ ! -x "$BENCH" ]; then
    echo "run-cli.sh: $BENCH: no bench executable (set BENCH)" >&2
    exit 1
fi
export BENCH
# The source tree, for transcripts that run its scripts (e.g. oltp_legacy).
BENCH_SRCDIR=$(dirname "$here")
export BENCH_SRCDIR
# The transcripts choose the profile themselves.
unset BENCH_COMPAT

cram=
for c in cram cram3; do
    if command -v "$c" >/dev/null 2>&1; then
        cram=$c
        break
    fi
done
if [ -z "$cram" ]; then
    if [ "${CI:-}" = true ]; then
        echo "run-cli.sh: cram not found; CI requires it (python3-cram)" >&2
        exit 1
    fi
    echo "SKIP: cram not found; install python3-cram to run tests/cli"
    exit 77
fi

# make check runs one transcript per test, several at once under -j:
# they take turns (BENCH_CLI_LOCK, set by make check), as when one cram
# ran them all, since some check timings (the total time of --time=N)
# that a neighbour's load would move.
if [ -n "${BENCH_CLI_LOCK:-}" ] && command -v flock >/dev/null 2>&1; then
    exec 9>"$BENCH_CLI_LOCK"
    flock 9
fi

# cram writes NAME.t.err beside each failing test: run copies, so that the
# source tree may stay read-only (make distcheck).
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-cli.XXXXXX")
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM
[ $# -gt 0 ] || set -- "$here"/cli/*.t
tests=
for t in "$@"; do
    case $t in
    */*) ;;
    *) t=$here/cli/$t ;;
    esac
    cp "$t" "$work"/ || exit 99
    tests="$tests $work/$(basename "$t")"
done
# A transcript that hangs fails by itself, named, after BENCH_CLI_TIMEOUT
# seconds (600; about 15 times the slowest one under a sanitizer).
limit=${BENCH_CLI_TIMEOUT:-600}
rc=0
# shellcheck disable=SC2086 # the copies' names contain no blanks
timeout -k 10 "$limit" "$cram" --shell=/bin/sh $tests >"$work/out" 2>&1 || rc=$?
cat "$work/out"
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
    echo "run-cli.sh:$tests: not finished after $limit s (BENCH_CLI_TIMEOUT)" >&2
fi
# A transcript skips itself (exit 80) when a tool it needs is missing: for
# one transcript, that is automake's SKIP (77), with the line that checked
# for the tool, so the log names what to install.
if [ "$rc" -eq 0 ] && [ $# -eq 1 ] && grep -q '^# Ran 1 tests, 1 skipped' "$work/out"; then
    why=$(grep -m1 'exit 80' "$1" | sed 's/^  \$ //')
    echo "SKIP: $(basename "$1"): needs what this checks: $why"
    exit 77
fi
exit "$rc"
