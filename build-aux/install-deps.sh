#!/bin/sh
# Installs what bench needs to build and test on Debian 12 (run as root).
# Idempotent: does nothing when every package is already installed.
set -eu
PKGS="build-essential autoconf automake libtool pkg-config
      libluajit-5.1-dev luajit libck-dev libaio-dev
      libmariadb-dev libpq-dev libsqlite3-dev
      python3-cram sysbench valgrind clang-format clang libclang-rt-14-dev
      groff-base"
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
        missing="$missing $p"
done
[ -z "$missing" ] && exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO=sudo
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $missing
