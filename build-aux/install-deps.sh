#!/bin/sh
# Installs what bench needs to build and test on Debian 12 (run as root).
# Idempotent: does nothing when every package is already installed.
set -eu
PKGS="build-essential autoconf automake libtool pkg-config
      libluajit-5.1-dev luajit libck-dev libaio-dev libjansson-dev zlib1g-dev
      libmicrohttpd-dev gnuplot-nox
      libmariadb-dev libpq-dev libsqlite3-dev
      python3-cram sysbench valgrind clang-format clang libclang-rt-14-dev
      groff-base debhelper lintian man-db zsh
      python3-jsonschema python3-pip python3-yaml
      python3-prometheus-client"
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
        missing="$missing $p"
done
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
if [ -n "$missing" ]; then
    export DEBIAN_FRONTEND=noninteractive
    $SUDO apt-get update -q
    # shellcheck disable=SC2086
    $SUDO apt-get install -y -q --no-install-recommends $missing
fi
# The results tests decode bench's HdrHistogram encodings with an independent
# implementation: PyPI's hdrhistogram (module hdrh), which Debian lacks.
python3 -c 'import hdrh' 2>/dev/null ||
    $SUDO pip3 install --break-system-packages -q hdrhistogram==0.10.8
