#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# rehearsal.sh BUNDLE: a 3-host run of the image on one machine (issue 33).
# Three network namespaces, each a "host" with its own address on a bridge
# ($NET.2-4/24, the host $NET.1; NET=10.199.0 unless BENCH_REHEARSAL_NET),
# each running the Kubernetes pod's command (deploy/kubernetes/job.yaml,
# expanded by tests/dist/k8s.py with its own JOB_COMPLETION_INDEX and a
# common --start-at) from the unpacked image BUNDLE as its user
# (tests/image/in_image.sh), against one MariaDB: the CI server listens on
# 127.0.0.1 only, so socat forwards $NET.1:3306 to it and its log shows
# which addresses connected. Then `bench merge`, from the image, of the
# three documents: totals the sums, the record and percentiles those of
# the union of the three records (check_union.py). Needs root,
# BENCH_TEST_MYSQL (tests/db/servers.sh env), ip, socat, python3 with yaml
# and hdrh. TAP output; exit 77 (skip) without root or network namespaces.
. "$(dirname "$0")/../db/lib.sh"
set -u
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
[ "$(id -u)" -eq 0 ] || { echo "1..0 # SKIP not root (network namespaces, chroot)"; exit 77; }
bundle=$(cd "${1:?usage: rehearsal.sh BUNDLE (an unpacked image)}" 2>/dev/null && pwd) &&
    [ -f "$bundle/config.json" ] ||
    { echo "rehearsal.sh: $1 is no unpacked image (umoci unpack): no config.json" >&2; exit 1; }
root="$bundle/rootfs"
need_servers mysql
for t in ip socat python3 unshare chroot; do
    command -v $t >/dev/null || { echo "rehearsal.sh: $t is not installed" >&2; exit 1; }
done
NET=${BENCH_REHEARSAL_NET:-10.199.0}
tag=bh$$ # names of this run's bridge, veths and namespaces
br=${tag}br
ns() { echo "${tag}n$1"; }
tmp=$(mktemp -d)
# socat and the members run in process groups of their own (setsid), so
# that an interrupted run ends them all: socat's forked connections, and
# timeout, ip netns exec and bench under each member.
socat_pid=""
pids=()
cleanup() {
    local p i
    for p in $socat_pid "${pids[@]}"; do kill -- -"$p" 2>/dev/null; done
    # (a member blocked on a dead connection may outlive TERM for a while)
    sleep 0.5
    for p in $socat_pid "${pids[@]}"; do kill -KILL -- -"$p" 2>/dev/null; done
    for i in 0 1 2; do
        ip link del "${tag}h$i" 2>/dev/null
        ip netns del "$(ns $i)" 2>/dev/null
    done
    ip link del "$br" 2>/dev/null
    [ -n "${KEEP:-}" ] || rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# bench from the image as `docker run IMAGE ARGS` would run it (lib.sh's run).
printf '#!/bin/sh\nexec "%s" "%s" --entrypoint "$@"\n' "$HERE/in_image.sh" "$bundle" >"$tmp/bench"
chmod +x "$tmp/bench"
BENCH="$tmp/bench"

# -- The three hosts ---------------------------------------------------------

ip netns add "${tag}probe" 2>/dev/null && ip netns del "${tag}probe" ||
    { echo "1..0 # SKIP no network namespaces here (ip netns add failed)"; exit 77; }
if ip -4 -o addr show | grep -q " inet $NET\."; then
    echo "rehearsal.sh: $NET.0/24 is in use on this machine: choose another with BENCH_REHEARSAL_NET" >&2
    exit 1
fi
net_up() {
    ip link add "$br" type bridge && ip addr add "$NET.1/24" dev "$br" &&
        ip link set "$br" up || return 1
    for i in 0 1 2; do
        ip netns add "$(ns $i)" &&
            ip link add "${tag}h$i" type veth peer name eth0 netns "$(ns $i)" &&
            ip link set "${tag}h$i" master "$br" up &&
            ip -n "$(ns $i)" addr add "$NET.$((i + 2))/24" dev eth0 &&
            ip -n "$(ns $i)" link set eth0 up &&
            ip -n "$(ns $i)" link set lo up || return 1
    done
}
net_up
ok $? "three network namespaces on bridge $br: $NET.2, $NET.3, $NET.4"

# The server's address and credentials, from BENCH_TEST_MYSQL.
opt() { printf '%s\n' $BENCH_TEST_MYSQL | sed -n "s/^--mysql-$1=//p"; }
setsid socat -d -d -lf "$tmp/socat.log" TCP-LISTEN:3306,bind="$NET.1",reuseaddr,fork \
    TCP:"$(opt host)":"$(opt port)" &
socat_pid=$!
for _ in $(seq 50); do
    (exec 3<>"/dev/tcp/$NET.1/3306") 2>/dev/null && break
    sleep 0.1
done
(exec 3<>"/dev/tcp/$NET.1/3306") 2>/dev/null
ok $? "socat forwards $NET.1:3306 to MariaDB on $(opt host):$(opt port)"

# -- The pods' command -------------------------------------------------------

DB=bench_rehearsal
install -m 644 "$SRC/tests/db/sql_api.lua" "$root/tmp/sql_api.lua"
run /tmp/sql_api.lua $BENCH_TEST_MYSQL --newdb="$DB" createdb
status_is 0 "create database $DB (from the image)"
START=$(($(date +%s) + 8))
# The cluster's values of the manifest's variables; also the pods' env.
OVER=(BENCH_DB_HOST="$NET.1" BENCH_DB_PORT=3306 BENCH_DB_USER="$(opt user)"
    BENCH_DB_PASSWORD="$(opt password)" MYSQL_PWD="$(opt password)"
    BENCH_DB_NAME="$DB" BENCH_START_AT="$START" BENCH_TIME=4 BENCH_THREADS=2)
argv_of() { python3 "$SRC/tests/dist/k8s.py" argv "$1" "${OVER[@]}"; }
# ... in the environment of every bench run here, as the pods' env (the
# password, say, which job.yaml may give as MYSQL_PWD rather than an option).
export "${OVER[@]}"
export IMAGE_PASS_ENV="JOB_COMPLETION_INDEX ${OVER[*]%%=*}"
mapfile -t ARGS < <(argv_of 0)
[ "${#ARGS[@]}" -gt 2 ]
ok $? "the pod's command, from job.yaml through k8s.py: ${ARGS[*]:0:2} ..."
# The tables, once, with the pods' options less the run-only ones.
mapfile -t prep < <(python3 "$SRC/tests/dist/k8s.py" prep-argv 0 "${OVER[@]}")
run "${prep[@]}" cleanup
run "${prep[@]}" prepare
status_is 0 "prepare the pods' tables through the bridge (from the image)"

# The results volume (job.yaml mounts one at $(BENCH_RESULTS_DIR)),
# writable by the image's user.
results=$(printf '%s\n' "${ARGS[@]}" | sed -n 's#^--results=\(.*\)/[^/]*$#\1#p')
user=$(python3 -c 'import json,sys; u=json.load(open(sys.argv[1]))["process"]["user"]; print("%d:%d" % (u["uid"], u["gid"]))' "$bundle/config.json")
rm -rf "${root:?}$results" && install -d -o "${user%:*}" -g "${user#*:}" "$root$results"
ok $? "results volume $results, owned by the image's user $user"
for i in 0 1 2; do
    mapfile -t argv < <(argv_of $i)
    JOB_COMPLETION_INDEX=$i setsid timeout 60 ip netns exec "$(ns $i)" \
        "$HERE/in_image.sh" "$bundle" "${argv[@]}" >"$tmp/out-$i" 2>&1 &
    pids+=($!)
done
for i in 0 1 2; do
    wait "${pids[$i]}"
    echo $? >"$tmp/rc-$i"
done
want="Waiting until $(date -u -d @$START +%Y-%m-%dT%H:%M:%S).000Z"
for i in 0 1 2; do
    OUT=$(cat "$tmp/out-$i")
    STATUS=$(cat "$tmp/rc-$i")
    status_is 0 "host $NET.$((i + 2)): the pod's command runs from the image"
    has_re "$want \([0-9.]+ s from now\) to start \(--start-at\)" \
        "host $NET.$((i + 2)): waits for the common start"
    test -s "$root$results/bench-$i.json"
    ok $? "host $NET.$((i + 2)): writes $results/bench-$i.json"
    grep -q "accepting connection from AF=2 $NET.$((i + 2)):" "$tmp/socat.log"
    ok $? "the server's forwarder saw connections from $NET.$((i + 2))" \
        "$(grep -i accepting "$tmp/socat.log" | head -5)"
done

# -- Merged, from the image ----------------------------------------------------

run merge --results="$results/merged.json" "$results"/bench-{0,1,2}.json
status_is 0 "bench merge of the three documents (from the image)"
has "Intervals of 1 s, aligned on the wall clock." "the three hosts' intervals line up"
has_re "\[ 1s \] thds: 6 tps: .*" "merged interval lines count the three hosts' threads"
OUT=$(python3 "$HERE/check_union.py" "$root$results/merged.json" \
    "$root$results"/bench-{0,1,2}.json 2>&1)
STATUS=$?
if [ $STATUS -eq 80 ]; then
    skip "merged totals and percentiles are the union's" "$OUT"
else
    status_is 0 "merged totals are the sums, the record and percentiles the union's"
    printf '%s\n' "$OUT" | sed 's/^/# /'
fi

run "${prep[@]}" cleanup
status_is 0 "cleanup of the pods' tables"
finish
