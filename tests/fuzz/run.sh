#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# tests/fuzz/run.sh: builds the libFuzzer harnesses of tests/fuzz/ with
# clang -fsanitize=fuzzer,address,undefined (in build/fuzz, its own
# configure of the tree) and runs each for a bounded time from its corpus
# in tests/fuzz/corpus/<harness>/. Fails on any finding: a crash, a
# sanitizer report (UBSan is fatal here), a leak, a timeout or running out
# of memory; the input that caused it is kept in build/fuzz/findings/.
#
#   tests/fuzz/run.sh [HARNESS...]     (default: all of them)
#
# Environment:
#   FUZZ_TIME      seconds per harness (60)
#   FUZZ_BUILD     build directory (build/fuzz under the tree)
#   FUZZ_JOBS      make -j, and harnesses run at once (2: each harness
#                  is one process on one core)
#   FUZZ_MERGE=1   merge the new inputs that add coverage into the corpus
#                  in the tree (to commit), instead of throwing them away
#   CC             clang (clang)
# Needs clang and libclang-rt-14-dev (build-aux/install-deps.sh).
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
fuzz_dir=$top/tests/fuzz
time_s=${FUZZ_TIME:-60}
build=${FUZZ_BUILD:-$top/build/fuzz}
CC=${CC:-clang}
san="-fsanitize=address,undefined -fno-sanitize-recover=all"
cflags="-O1 -g -fno-omit-frame-pointer $san"
harnesses=("$@")
[ ${#harnesses[@]} -eq 0 ] && harnesses=(cli config values lua metrics push rows_file hdr result plot sql)

die() {
    echo "fuzz: $*" >&2
    exit 2
}

# The library of the whole tree, instrumented for coverage and sanitizers,
# configured in $build. A source tree configured in place (./configure &&
# make there) cannot also be built elsewhere (automake refuses), so then a
# copy of its sources in $build/tree (git's files, else make distdir's) is
# configured and built in place.
srctree=$top
objtree=$build
copy_tree() {
    mkdir -p "$build/tree" || die "cannot create $build/tree"
    if [ "$(git -C "$top" rev-parse --show-toplevel 2>/dev/null)" = "$(cd "$top" && pwd -P)" ]; then
        (cd "$top" && git ls-files -z | tar --null -T - -cf -) |
            tar -xf - -C "$build/tree" || die "cannot copy the sources"
    else
        make -C "$top" distdir distdir="$build/tree" >"$build/distdir.out" 2>&1 ||
            die "cannot copy the sources (see $build/distdir.out)"
    fi
}
build_lib() {
    mkdir -p "$build" || die "cannot create $build"
    if [ -f "$top/config.status" ]; then
        srctree=$build/tree
        objtree=$build/tree
        copy_tree # each time: make rebuilds what changed since
    fi
    if [ ! -f "$objtree/Makefile" ]; then
        [ -x "$srctree/configure" ] || (cd "$srctree" && ./autogen.sh >/dev/null) ||
            die "autogen failed"
        (cd "$objtree" && "$srctree/configure" CC="$CC" \
            CFLAGS="$cflags -fsanitize=fuzzer-no-link" >"$build/configure.out" 2>&1) ||
            die "configure failed (see $build/configure.out)"
    fi
    make -C "$objtree" -j"${FUZZ_JOBS:-2}" src/script/embedded.c libbench.a >"$build/make.out" 2>&1 ||
        { tail -30 "$build/make.out"; die "build failed"; }
}

# link NAME: build/fuzz/fuzz_NAME from tests/fuzz/fuzz_NAME.c.
link() {
    local libs
    libs=$(make -s -C "$objtree" --no-print-directory \
        --eval='fuzz-print-libs: ; @echo $(BENCH_LIBS)' fuzz-print-libs) ||
        die "cannot read the link flags"
    # shellcheck disable=SC2086
    $CC $cflags -fsanitize=fuzzer -std=c11 -D_GNU_SOURCE -rdynamic \
        -I"$srctree/src" -I"$objtree/src" $(pkg-config --cflags luajit 2>/dev/null) \
        -o "$build/fuzz_$1" "$fuzz_dir/fuzz_$1.c" \
        -Wl,--whole-archive "$objtree/libbench.a" -Wl,--no-whole-archive $libs ||
        die "cannot link fuzz_$1"
}

# run NAME: FUZZ_TIME seconds from the corpus; 0 when nothing was found.
run() {
    local name=$1 work=$build/corpus.$1 out=$build/fuzz_$1.log rc
    mkdir -p "$work" "$build/findings" "$fuzz_dir/corpus/$1"
    rm -f "$work"/*
    # fuzz_lua, fuzz_sql: leaks are judged once, at exit, after their state
    # is closed (see teardown in fuzz_lua.c); the others after every input.
    local per_input_leaks=1
    case $name in lua | sql) per_input_leaks=0 ;; esac
    ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
    UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
        "$build/fuzz_$name" -max_total_time="$time_s" -timeout=10 \
        -detect_leaks="$per_input_leaks" \
        -rss_limit_mb=2048 -malloc_limit_mb=2048 -max_len=4096 -close_fd_mask=3 \
        -print_final_stats=1 -artifact_prefix="$build/findings/$name-" \
        "$work" "$fuzz_dir/corpus/$name" >"$out" 2>&1
    rc=$?
    local execs
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out")
    if [ $rc -ne 0 ]; then
        echo "fuzz $name: FINDING after ${execs:-?} runs (exit status $rc):"
        grep -E 'ERROR: |runtime error|SUMMARY|Test unit written|^    #[0-9] ' "$out" | head -25
        return 1
    fi
    echo "fuzz $name: ${execs:-?} runs in ${time_s} s, no finding"
    if [ "${FUZZ_MERGE:-0}" = 1 ]; then
        "$build/fuzz_$name" -merge=1 -close_fd_mask=3 -max_len=4096 \
            "$fuzz_dir/corpus/$name" "$work" >>"$out" 2>&1
    fi
}

command -v "$CC" >/dev/null 2>&1 || die "$CC not found (apt-get install clang libclang-rt-14-dev)"
build_lib
for h in "${harnesses[@]}"; do
    [ -f "$fuzz_dir/fuzz_$h.c" ] || die "no harness tests/fuzz/fuzz_$h.c"
    link "$h"
done
# FUZZ_JOBS harnesses at a time, each one's lines and status in files of
# its own, printed in the list's order once all are done.
jobs_max=${FUZZ_JOBS:-2}
for h in "${harnesses[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n; done
    (
        run "$h"
        echo $? >"$build/run_$h.rc"
    ) >"$build/run_$h.out" 2>&1 &
done
wait
status=0
for h in "${harnesses[@]}"; do
    cat "$build/run_$h.out"
    [ "$(cat "$build/run_$h.rc" 2>/dev/null)" = 0 ] || status=1
    rm -f "$build/run_$h.out" "$build/run_$h.rc"
done
exit $status
