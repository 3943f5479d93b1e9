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
      python3-prometheus-client prometheus-pushgateway"
# prometheus-pushgateway: tests/cli/metrics_pushgateway.t starts its own on
# a free port; the service the package may start is not used.
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
# The tests' Python checkers run on the python3 first on PATH (configure
# picks it): Debian's has the modules above, but a pyenv or venv python3
# sees none of them, so what it cannot import is installed into it from
# PyPI, at Debian 12's versions. hdrhistogram (module hdrh, an independent
# decoder of bench's HdrHistogram encodings) is not in Debian at all.
PY=$(command -v python3 || true)
[ -n "$PY" ] || { echo "install-deps.sh: no python3 on PATH" >&2; exit 1; }
need=""
for pair in hdrh:hdrhistogram==0.10.8 jsonschema:jsonschema==4.10.3 \
    yaml:PyYAML==6.0 prometheus_client:prometheus-client==0.16.0; do
    "$PY" -c "import ${pair%%:*}" 2>/dev/null || need="$need ${pair#*:}"
done
if [ -n "$need" ]; then
    # Debian's own interpreter is marked externally managed (PEP 668);
    # another one may lack pip until ensurepip gives it one.
    "$PY" -m pip --version >/dev/null 2>&1 || "$PY" -m ensurepip -q ||
        { echo "install-deps.sh: $PY has no pip" >&2; exit 1; }
    brk=""
    "$PY" -m pip install --help 2>/dev/null | grep -q -- --break-system-packages &&
        brk=--break-system-packages
    # (sudo only for the system's interpreter; a user's own needs none.)
    pipsudo=""
    case $PY in /usr/*) pipsudo=$SUDO ;; esac
    # shellcheck disable=SC2086
    PIP_ROOT_USER_ACTION=ignore $pipsudo "$PY" -m pip install $brk -q \
        --disable-pip-version-check $need
fi
