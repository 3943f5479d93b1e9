#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# run.sh [ARCHIVE]: the container image, checked without a container
# daemon (issue 33). Builds bench-<version>.oci.tar with
# deploy/image/build-oci.sh into build/image/ (or takes ARCHIVE), unpacks
# it with umoci and checks:
#  - the image's config: entrypoint bench, a non-root user, the OCI labels
#    (version the package's, revision, source, licenses, title);
#  - bench run from the image's filesystem as its user
#    (tests/image/in_image.sh): --version, cpu run, and oltp_read_write
#    prepare/run/cleanup on MariaDB and PostgreSQL (BENCH_TEST_MYSQL and
#    BENCH_TEST_PGSQL of tests/db/servers.sh env, on loopback);
#  - the 3-host rehearsal of the Kubernetes Job (tests/image/rehearsal.sh);
#  - with a working docker or podman, the archive loaded and run there
#    (skipped, saying so, without one).
# TAP output; exit 1 on a failure, 77 (skip) only without root.
. "$(dirname "$0")/../db/lib.sh"
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
[ "$(id -u)" -eq 0 ] || { echo "1..0 # SKIP not root (chroot, namespaces, mmdebstrap)"; exit 77; }
die() { echo "run.sh: $*" >&2; exit 1; }
missing=""
for p in umoci socat iproute2 util-linux; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" ||
        missing="$missing $p"
done
if [ -n "$missing" ]; then
    # (a fresh machine has no package lists yet: update, then try again)
    # shellcheck disable=SC2086
    apt_install() { DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
        --no-install-recommends -o DPkg::Lock::Timeout=300 $missing >/dev/null; }
    apt_install || { apt-get update -q >/dev/null && apt_install; } ||
        die "apt-get install$missing failed"
fi
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT

# -- The archive -----------------------------------------------------------------

archive=${1:-}
if [ -z "$archive" ]; then
    t0=$SECONDS
    out=$("$SRC/deploy/image/build-oci.sh" "$SRC/build/image" 2>&1)
    STATUS=$? OUT=$out
    status_is 0 "deploy/image/build-oci.sh builds the image ($((SECONDS - t0)) s)"
    [ $STATUS -eq 0 ] || { finish; exit 1; }
    archive=$(printf '%s\n' "$out" | sed -n 's/^built \(.*\.oci\.tar\) (.*/\1/p')
fi
[ -f "$archive" ] || die "no image archive $archive"
echo "# image: $archive"
mkdir "$tmp/layout" && tar -xf "$archive" -C "$tmp/layout"
ok $? "the archive unpacks to an OCI image layout" "$(ls -la "$tmp/layout")"
tag=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["manifests"][0]["annotations"]["org.opencontainers.image.ref.name"])' \
    "$tmp/layout/index.json") || die "$archive: index.json names no tag"
OUT=$(umoci unpack --image "$tmp/layout:$tag" "$tmp/bundle" 2>&1)
STATUS=$?
status_is 0 "umoci unpack of tag $tag"
[ $STATUS -eq 0 ] || { finish; exit 1; }

# The image's own config (index -> manifest -> config), as a registry
# and a runtime read it.
OUT=$(python3 - "$tmp/layout" "$tag" <<'PY' 2>&1
import json, sys
d, tag = sys.argv[1], sys.argv[2]
blob = lambda digest: json.load(open("%s/blobs/%s" % (d, digest.replace(":", "/"))))
desc = json.load(open(d + "/index.json"))["manifests"][0]
man = blob(desc["digest"])
cfg = blob(man["config"]["digest"])
c = cfg["config"]
assert c.get("Entrypoint") == ["bench"], "entrypoint %r" % c.get("Entrypoint")
user = c.get("User", "")
assert user and user.split(":")[0] not in ("", "0", "root"), "user %r" % user
labels = c.get("Labels", {})
want = ("version", "revision", "source", "licenses", "title", "created")
for k in want:
    v = labels.get("org.opencontainers.image." + k)
    assert v, "label org.opencontainers.image.%s missing" % k
    assert man.get("annotations", {}).get("org.opencontainers.image." + k) == v, \
        "manifest annotation %s differs from the label" % k
assert labels["org.opencontainers.image.version"] == tag, "version label vs tag"
assert cfg["os"] == "linux" and cfg["architecture"], "platform"
assert len(man["layers"]) == len(cfg["rootfs"]["diff_ids"]) >= 1, "layers"
print("config ok: entrypoint %s, user %s, %s" % (c["Entrypoint"], user,
      ", ".join("%s=%s" % (k, labels["org.opencontainers.image." + k]) for k in want)))
PY
)
has_re "config ok: .*" "the image's config: entrypoint bench, a non-root user, the OCI labels and annotations"
echo "# $OUT"

# -- bench from the image's filesystem, as its user ------------------------------

printf '#!/bin/sh\nexec "%s" "%s" --entrypoint "$@"\n' "$HERE/in_image.sh" "$tmp/bundle" >"$tmp/bench"
chmod +x "$tmp/bench"
BENCH="$tmp/bench"
OUT=$("$HERE/in_image.sh" "$tmp/bundle" id -u 2>&1)
[ "$OUT" != 0 ] && [ -n "$OUT" ]
ok $? "commands in the image run as its user (uid $OUT)" "$OUT"
run --version
has "bench $tag" "bench --version is the image's tag"
run cpu --time=1 run
status_is 0 "bench cpu --time=1 run"
has_re " +events per second: +[0-9.]+" "the cpu report"

install -m 644 "$SRC/tests/db/sql_api.lua" "$tmp/bundle/rootfs/tmp/sql_api.lua"
oltp() { # oltp NAME SERVER-OPTIONS (on database sbtest): a short oltp_read_write
    local name=$1 opts=$2 db=bench_image
    run /tmp/sql_api.lua $opts --newdb=$db createdb
    status_is 0 "$name: create database $db"
    local a=(oltp_read_write ${opts/-db=sbtest/-db=$db} --tables=2 --table_size=1000)
    run "${a[@]}" prepare
    status_is 0 "$name: oltp_read_write prepare"
    run "${a[@]}" --threads=2 --time=2 run
    status_is 0 "$name: oltp_read_write run"
    has_re " +transactions: +[1-9][0-9]* +\([0-9.]+ per sec\.\)" "$name: transactions ran"
    run "${a[@]}" cleanup
    status_is 0 "$name: oltp_read_write cleanup"
}
if [ -n "${BENCH_TEST_MYSQL:-}" ]; then
    oltp MariaDB "$BENCH_TEST_MYSQL"
else
    skip "oltp_read_write on MariaDB" "no BENCH_TEST_MYSQL (tests/db/servers.sh env)"
fi
if [ -n "${BENCH_TEST_PGSQL:-}" ]; then
    oltp PostgreSQL "--db-driver=pgsql $BENCH_TEST_PGSQL"
else
    skip "oltp_read_write on PostgreSQL" "no BENCH_TEST_PGSQL (tests/db/servers.sh env)"
fi

# -- Three hosts ------------------------------------------------------------------

OUT=$("$HERE/rehearsal.sh" "$tmp/bundle" 2>&1)
STATUS=$?
[ $STATUS -ne 0 ] || printf '%s\n' "$OUT" | sed 's/^/#   /'
if [ $STATUS -eq 77 ] && [ -z "${BENCH_TEST_MYSQL:-}" ]; then
    skip "3-host rehearsal (tests/image/rehearsal.sh)" "no MariaDB"
else
    status_is 0 "3-host rehearsal of the Kubernetes Job from the image (tests/image/rehearsal.sh)"
fi

# -- A real container runtime, where one works --------------------------------------

# IMAGE_RT_ARGS: the runtime's global options, IMAGE_RUN_ARGS those of its
# run, for a machine that needs some (e.g. "--runtime runc" and
# "--ulimit nofile=4096:4096 --ulimit nproc=4096:4096" where the sandbox
# may not raise limits).
ran=""
for rt in docker podman; do
    command -v $rt >/dev/null && $rt info >/dev/null 2>&1 || continue
    ran="$ran $rt"
    OUT=$($rt load -i "$archive" 2>&1)
    STATUS=$?
    status_is 0 "$rt load -i $(basename "$archive")"
    # docker names it by io.containerd.image.name (or prints its ID);
    # podman by the same annotation.
    name=$(printf '%s\n' "$OUT" | sed -n 's/^Loaded image[^:]*: *//p' | tail -1)
    [ -n "$name" ] || continue
    rtrun() { $rt ${IMAGE_RT_ARGS:-} run --rm ${IMAGE_RUN_ARGS:-} "$@"; }
    if ! probe=$(rtrun --entrypoint /bin/true "$name" 2>&1); then
        skip "$rt run of the image" "$rt cannot run containers on this machine ($(
            printf '%s' "$probe" | tail -1); see IMAGE_RT_ARGS, IMAGE_RUN_ARGS)"
    else
        OUT=$(rtrun "$name" --version 2>&1)
        has "bench $tag" "$rt run IMAGE --version: bench $tag in a container"
        OUT=$(rtrun "$name" cpu --time=1 run 2>&1)
        has_re " +events per second: +[0-9.]+" "$rt run IMAGE cpu --time=1 run"
        OUT=$(rtrun --entrypoint id "$name" -u 2>&1)
        has "10001" "$rt: the container runs as uid 10001"
    fi
    $rt rmi "$name" >/dev/null 2>&1 || echo "# could not remove $name from $rt"
done
[ -n "$ran" ] || skip "docker/podman load and run" "no container runtime works here (docker info, podman info fail)"
finish
