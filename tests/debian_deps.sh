#!/bin/sh
# SPDX-License-Identifier: MIT
# debian_deps.sh: debian/control's Build-Depends names every library
# (-dev package) that build-aux/install-deps.sh installs for the build. The
# CI machine has them all, so dpkg-buildpackage there cannot notice one
# missing from debian/control: a clean Debian builder would. Fails naming
# the package and the file to add it to.
top=$(cd "$(dirname "$0")/.." && pwd)
deps=$top/build-aux/install-deps.sh
control=$top/debian/control
[ -r "$deps" ] && [ -r "$control" ] || { echo "debian_deps.sh: no $deps or $control" >&2; exit 99; }
# The Build-Depends field: its line and the indented lines after it.
bd=$(sed -n '/^Build-Depends:/,/^[^ ]/p' "$control" | sed '$!b; /^[^ ]/d')
rc=0
n=0
# The package list of install-deps.sh: the words of PKGS="...".
for p in $(sed -n '/^PKGS="/,/"/p' "$deps" | tr -d '"' | sed 's/^PKGS=//'); do
    case $p in *-dev) ;; *) continue ;; esac
    case $p in libclang-rt-*) continue ;; esac # sanitizer runtime, CI only
    n=$((n + 1))
    if ! printf '%s\n' "$bd" | grep -q -e "[ ,]$p\\([ ,(]\\|\$\\)"; then
        echo "debian/control: Build-Depends lacks $p (build-aux/install-deps.sh installs it): add it"
        rc=1
    fi
done
echo "$n -dev packages of install-deps.sh checked against debian/control"
[ "$n" -gt 3 ] || { echo "debian_deps.sh: found only $n -dev packages in $deps"; rc=1; }
exit $rc
