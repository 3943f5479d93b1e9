#!/usr/bin/env bash
# The whole test suite, as CI runs it: installs the build dependencies and
# the database servers, builds a release tree, an ASan+UBSan tree and a
# TSan tree, checks the formatting and the distribution tarball, and runs
# the unit, command-line and database tests. Each step says how long it
# took and is stopped after BENCH_CI_STEP_LIMIT seconds (1500): a hung test
# fails its step and the run goes on, rather than CI's limit ending it
# with nothing said. Ends with one line "N passed, M failed".
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
jobs=$(nproc 2>/dev/null || echo 2)
passed=0
failed=0
failures=()

limit=${BENCH_CI_STEP_LIMIT:-1500}
t_all=$SECONDS

step() {
    local name=$1 t0=$SECONDS rc=0
    shift
    echo "=== $name"
    # timeout signals its whole process group at the limit: make, the
    # test drivers and the bench processes under them. (A shell function,
    # the builds, runs as it is.)
    if declare -F "$1" >/dev/null; then
        "$@" || rc=$?
    else
        timeout -k 30 "$limit" "$@" || rc=$?
    fi
    [ "$rc" -ne 124 ] || echo "step stopped after its limit of $limit s: $name"
    if [ "$rc" -eq 0 ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        failures+=("$name")
    fi
    echo "--- $name: $([ "$rc" -eq 0 ] && echo ok || echo "FAILED ($rc)")," \
        "$((SECONDS - t0)) s"
}

build() { # build DIR [configure args]
    local dir=$1
    shift
    mkdir -p "$dir" && (cd "$dir" && "$top/configure" --enable-werror "$@" >configure.out &&
        make -j"$jobs" >make.out 2>&1 || { tail -40 make.out; false; })
}

build-aux/install-deps.sh || exit 1
[ -x configure ] || ./autogen.sh || exit 1

step "build (release)" build build/release
step "C sources formatted (.clang-format)" make -C build/release check-format
# The release build's unit and command-line tests are those of the
# tarball: make distcheck builds it in release configuration and runs make
# check there, so a file missing from EXTRA_DIST or a _SOURCES list shows
# here, not in a user's hands. (The database servers start after it: its
# make check is the server-less suite, SQLite included.)
step "unit and command-line tests, from the tarball (make distcheck)" \
    make -C build/release -j"$jobs" distcheck
# The Debian package from a clean tree (nocheck: the suite runs above),
# lintian without errors, installed with apt-get and run from /usr.
step "Debian package: build, lintian, install, run (tests/package.sh)" tests/package.sh
# The Kubernetes manifests against the API schemas (kubernetes-validate
# from PyPI, in its own venv), rendered as kustomize would, and no
# password on any command line of a manifest or a document.
step "Kubernetes manifests: schemas, rendering, no password on a command line (tests/deploy/manifests.sh)" \
    tests/deploy/manifests.sh
if tests/db/servers.sh start; then
    eval "$(tests/db/servers.sh env)"
    step "database tests (release)" make -C build/release check-db
    # The container image, built without a daemon (deploy/image/build-oci.sh),
    # run from its filesystem as its user on both servers, and a 3-host
    # rehearsal of the Kubernetes Job in network namespaces.
    step "container image: build, run, 3-host rehearsal (tests/image/run.sh)" tests/image/run.sh
else
    failed=$((failed + 1))
    failures+=("database servers")
fi
# make check runs the database tests too when the servers' variables are
# set: the sanitizer trees' check steps leave them to their check-db.
nodb="env -u BENCH_TEST_MYSQL -u BENCH_TEST_PGSQL"
step "build (address,undefined)" build build/asan --enable-sanitizers=address,undefined
step "unit and command-line tests (address,undefined)" \
    $nodb ASAN_OPTIONS=detect_leaks=1 make -C build/asan -j"$jobs" check
# The drivers' error and reconnect paths only run against live servers:
# LeakSanitizer found a leak there that the release run could not see.
if [ -n "${BENCH_TEST_MYSQL:-}" ]; then
    step "database tests (address,undefined)" \
        env ASAN_OPTIONS=detect_leaks=1 make -C build/asan check-db
    # Two minutes of oltp_read_write on each server at once: RSS and
    # descriptors flat, no stalled interval, totals that add up.
    step "soak, 2 minutes per server (perf/soak.sh)" \
        env BENCH="$top/build/release/bench" SOAK_DURATION=120 perf/soak.sh
fi
# libFuzzer harnesses (clang, ASan+UBSan), 30 s each, then the
# script-level loop on the ASan build: zero findings.
step "fuzzers, 30 s per harness (tests/fuzz/run.sh)" \
    env FUZZ_TIME="${FUZZ_TIME:-30}" tests/fuzz/run.sh
step "script-level fuzz loop, 60 s (tests/fuzz/scripts.py)" \
    env BENCH="$top/build/asan/bench" FUZZ_SCRIPT_TIME="${FUZZ_SCRIPT_TIME:-60}" \
    tests/fuzz/scripts.py
# ThreadSanitizer: the worker pool, start barrier, reporter and pacer under
# real threads. ck_pr's atomics are inline assembly TSan does not see, so it
# checks the plain (mutex-protected or owner-only) accesses around them.
# check-threads: the unit tests and the transcripts that drive threads
# (Makefile.am's THREAD_CLI_TESTS); the rest are single-threaded paths the
# two trees above already ran.
step "build (thread)" build build/tsan --enable-sanitizers=thread
step "threaded unit and command-line tests (thread)" \
    $nodb TSAN_OPTIONS="halt_on_error=1 suppressions=$top/tests/tsan.supp" \
    make -C build/tsan -j"$jobs" check-threads
tests/db/servers.sh stop >/dev/null 2>&1

for f in "${failures[@]}"; do echo "FAILED: $f"; done
echo "whole run: $(((SECONDS - t_all) / 60)) min $(((SECONDS - t_all) % 60)) s"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
