#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# package.sh: the Debian package, as a user gets it (CI step of
# tests/run-all.sh; needs root or sudo, and debhelper, lintian, man-db).
#  1. builds bench_<version>_<arch>.deb with `dpkg-buildpackage -us -uc -b`
#     from a clean tree (git archive of HEAD, nothing of the working
#     tree's builds), the test suite skipped (DEB_BUILD_OPTIONS=nocheck:
#     it runs in its own steps);
#  2. lintian: no error (warnings are printed);
#  3. installs it with `apt-get install ./bench_*.deb`, then from the
#     installed paths: bench --version, bench cpu run, `man bench` to a
#     file, the examples of /usr/share/doc/bench/examples (tests/examples.sh
#     against /usr/bin/bench) and the bash completion;
#  4. removes the package again if it was not installed before.
# Prints what failed; exit 1 on any failure.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc 2>/dev/null || echo 2)
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
fail() { echo "package.sh: $*" >&2; exit 1; }

# 1. Build from the committed tree.
mkdir "$work/src"
git -C "$top" archive --format=tar HEAD | tar -x -C "$work/src" ||
    fail "git archive of $top failed (not a git checkout?)"
echo "building the package (dpkg-buildpackage -us -uc -b, nocheck)"
if ! (cd "$work/src" && DEB_BUILD_OPTIONS="nocheck parallel=$jobs" \
    dpkg-buildpackage -us -uc -b >"$work/build.log" 2>&1); then
    tail -40 "$work/build.log"
    fail "dpkg-buildpackage failed (log above)"
fi
cd "$work" || exit 1
deb=$(ls bench_*_*.deb) || fail "no bench_<version>_<arch>.deb built"
echo "built $deb"
dpkg-deb --info "$deb" | grep -E '^ (Version|Depends):'

# 2. lintian: errors fail, warnings are shown.
lintian --fail-on error bench_*.changes || fail "lintian reports errors"

# 3. Install and run from the installed paths.
was_installed=no
dpkg-query -W -f='${Status}' bench 2>/dev/null | grep -q "ok installed" && was_installed=yes
# Minimal container images tell dpkg to skip /usr/share/man and
# /usr/share/doc (path-exclude in /etc/dpkg/dpkg.cfg.d): include the
# package's own there, which this check reads.
$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
    -o DPkg::Lock::Timeout=300 \
    -o DPkg::Options::=--path-include=/usr/share/man/man1/bench.1.gz \
    -o DPkg::Options::=--path-include=/usr/share/doc/bench/* \
    "./$deb" >"$work/install.log" 2>&1 ||
    { cat "$work/install.log"; fail "apt-get install ./$deb failed"; }
rc=0
check() { # check NAME COMMAND...
    local name=$1
    shift
    if "$@"; then echo "ok - $name"; else
        echo "not ok - $name"
        rc=1
    fi
}
version_ok() { /usr/bin/bench --version | grep -qx "bench $(dpkg-query -W -f='${Version}' bench)"; }
cpu_ok() { /usr/bin/bench cpu --time=1 run >cpu.txt && grep -q 'events per second:' cpu.txt; }
man_ok() { man bench >man.txt 2>man.err && ! [ -s man.err ] && grep -q 'BUNDLED WORKLOADS' man.txt; }
examples_ok() { BENCH=/usr/bin/bench bash "$top/tests/examples.sh" /usr/share/doc/bench/examples >examples.txt; }
kv_ok() {
    ex=/usr/share/doc/bench/examples/kv.lua
    bench $ex --db-driver=sqlite --keys=100 prepare >kv.txt &&
        bench $ex --db-driver=sqlite --keys=100 --events=1000 --time=0 run >>kv.txt &&
        bench $ex --db-driver=sqlite cleanup >>kv.txt &&
        grep -q 'total number of events: *1000$' kv.txt
}
scripts_ok() { /usr/bin/bench oltp_point_select --db-driver=null --events=10 --time=0 run >oltp.txt; }
completion_ok() { bash -c '. /usr/share/bash-completion/completions/bench && complete -p bench' >/dev/null; }
check "bench --version is the package's version" version_ok
check "bench cpu run" cpu_ok
check "man bench renders to a file" man_ok
check "an example from /usr/share/doc/bench/examples (kv.lua on SQLite)" kv_ok
check "every installed example (tests/examples.sh)" examples_ok
check "a bundled workload (oltp_point_select, null driver)" scripts_ok
check "bash completion installed and registered" completion_ok
[ $rc -eq 0 ] || tail -20 examples.txt man.err 2>/dev/null

# 4. Leave the machine as it was.
if [ $was_installed = no ]; then
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get remove -y -q \
        -o DPkg::Lock::Timeout=300 bench >/dev/null 2>&1 ||
        echo "package.sh: could not remove the package again" >&2
fi
exit $rc
