#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test_distributed.sh: runs of several processes on a live MariaDB (issue
# 16). Three processes run the Kubernetes pods' command, read from
# deploy/kubernetes/job.yaml by tests/dist/k8s.py with $(VAR) expanded as
# Kubernetes does (the index, the server, a start time a few seconds
# ahead), with the password in MYSQL_PWD as the pods get it from the
# Secret: they wait for --start-at, run, write their result documents,
# and `bench merge` combines them: totals are the sums, intervals line up;
# a pod later than run.env's BENCH_START_LATE_MAX fails instead.
# Then `bench compare` passes two ordinary paced runs and fails one at
# half the --rate (the three run at the same time). About 25 s.
. "$(dirname "$0")/lib.sh"
need_servers mysql
set -u
SRC=$(cd "$TESTS_DB_DIR/../.." && pwd)
DB=bench_dist
tmp=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
createdb "$DB"
MY=$(my_opts "$DB")

# The server's values for the manifest's variables, from BENCH_TEST_MYSQL;
# the password where the pods have it, in the environment (MYSQL_PWD, from
# the Secret): no command here names it.
opt() { printf '%s\n' $MY | sed -n "s/^--mysql-$1=//p"; }
MYSQL_PWD=$(opt password)
export MYSQL_PWD
OVER=(BENCH_DB_HOST="$(opt host)" BENCH_DB_PORT="$(opt port)"
    BENCH_DB_USER="$(opt user)" BENCH_DB_NAME="$DB" BENCH_TIME=4
    BENCH_THREADS=2 BENCH_RESULTS_DIR="$tmp")
argv_of() { python3 "$SRC/tests/dist/k8s.py" argv "$1" "${OVER[@]}"; }
# "bench" as the pod runs it: the one built here first on PATH.
export PATH="$(dirname "$BENCH"):$PATH"

# The workload's tables, with the pods' own options (run-only ones left
# out): prepared once, as docs/distributed.md says.
mapfile -t prep < <(python3 "$SRC/tests/dist/k8s.py" prep-argv 0 "${OVER[@]}")
run "${prep[@]}" cleanup
run "${prep[@]}" prepare
status_is 0 "prepare the pods' tables"

# -- Three pods' commands, started together -----------------------------

# A start a few seconds ahead, as docs/distributed.md sets it (minutes
# there); run.env's BENCH_START_LATE_MAX stays: the pods are on time.
START=$(($(date +%s) + 6))
OVER+=(BENCH_START_AT="$START")
for i in 0 1 2; do
    mapfile -t argv < <(argv_of $i)
    printf '%s\n' "${argv[@]}" > "$tmp/argv-$i"
    (cd "$tmp" && JOB_COMPLETION_INDEX=$i timeout 60 "${argv[@]}" \
        > "$tmp/out-$i" 2>&1; echo $? > "$tmp/rc-$i") &
done
wait
want="Waiting until $(date -u -d @$START +%Y-%m-%dT%H:%M:%S).000Z"
for i in 0 1 2; do
    OUT=$(cat "$tmp/out-$i")
    STATUS=$(cat "$tmp/rc-$i")
    status_is 0 "pod $i: the manifest's command runs"
    has_re "$want \([0-9.]+ s from now\) to start \(--start-at\)" \
        "pod $i: waits for the common start"
    test -s "$tmp/bench-$i.json"
    ok $? "pod $i: writes \$(BENCH_RESULTS_DIR)/bench-$i.json"
done
OUT=$(python3 - "$tmp" "$START" <<'PY' 2>&1
import json, sys
tmp, start = sys.argv[1], float(sys.argv[2])
for i in range(3):
    doc = json.load(open("%s/bench-%d.json" % (tmp, i)))
    argv = open("%s/argv-%d" % (tmp, i)).read().split("\n")[:-1]
    assert not [a for a in argv if "password" in a.lower()], argv
    assert doc["command_line"] == argv, (doc["command_line"], argv)
    assert abs(doc["start_epoch_s"] - start) < 0.5, (doc["start_epoch_s"], start)
    assert len(doc["intervals"]) >= 3, len(doc["intervals"])
print("documents ok")
PY
)
has "documents ok" "each document records the pod's command line (no password on it) and a start at --start-at"

# A pod that gets to the start later than run.env's BENCH_START_LATE_MAX
# (slow scheduling, a slow image pull) fails, rather than run out of step.
mapfile -t argv < <(python3 "$SRC/tests/dist/k8s.py" argv 0 "${OVER[@]}" \
    BENCH_START_AT=$(($(date +%s) - 30)) BENCH_RESULTS_DIR="$tmp/late")
run "${argv[@]:1}"
status_is 1 "a pod 30 s late fails"
has_re "FATAL: --start-at .* passed 3[0-9.]+ s ago, more than --start-late-max=10s: .*" \
    "one line: how late, and the manifest's limit"

# -- Merged -----------------------------------------------------------------

run merge --results="$tmp/merged.json" "$tmp"/bench-{0,1,2}.json
status_is 0 "bench merge of the three documents"
has "Intervals of 1 s, aligned on the wall clock." "the intervals line up"
has_re "\[ 1s \] thds: 6 tps: .*" "merged interval lines count the three pods' threads"
has_re " +transactions: +[1-9][0-9]* +\([0-9.]+ per sec\.\)" "the combined SQL statistics"
OUT=$(python3 - "$tmp" <<'PY' 2>&1
import json, sys
tmp = sys.argv[1]
docs = [json.load(open("%s/bench-%d.json" % (tmp, i))) for i in range(3)]
m = json.load(open(tmp + "/merged.json"))
t = m["totals"]
for k in ("events", "transactions", "errors", "reconnects"):
    assert t[k] == sum(d["totals"][k] for d in docs), k
for k in ("read", "write", "other", "total"):
    assert t["queries"][k] == sum(d["totals"]["queries"][k] for d in docs), k
assert t["latency"]["count"] == sum(d["totals"]["latency"]["count"] for d in docs)
assert t["latency"]["sum_ns"] == sum(d["totals"]["latency"]["sum_ns"] for d in docs)
assert m["merged"]["aligned"] and m["merged"]["grid_s"] == 1
n = min(len(d["intervals"]) for d in docs)
for k in range(n):
    assert m["intervals"][k]["events"] == sum(d["intervals"][k]["events"] for d in docs), k
    assert m["intervals"][k]["threads"] == 6, m["intervals"][k]["threads"]
print("totals are the sums; %d intervals line up" % n)
PY
)
has_re "totals are the sums; [0-9]+ intervals line up" "merged totals and intervals are the pods' sums"
python3 -W ignore -m jsonschema -i "$tmp/merged.json" "$SRC/docs/bench-result-1.schema.json"
ok $? "the merged document validates against the schema"

# -- Compare: ordinary runs pass, a slower one fails ------------------------

# paced RATE FILE: starts a run at --rate=RATE in the background (PID in
# PACED_<FILE's name>); paced_wait FILE checks how it ended.
paced() {
    bg_run "${prep[@]}" --threads=2 --time=8 --report-interval=1 --rate="$1" \
        --results="$tmp/$2" run
    printf -v "PACED_${2%.json}" '%s %s %s' "$BG_PID" "$BG_OUT" "$1"
}
paced_wait() {
    local v="PACED_${1%.json}" rate
    read -r BG_PID BG_OUT rate <<<"${!v}"
    bg_wait
    status_is 0 "a run at --rate=$rate"
}
# Light rates, so that a loaded machine keeps up with all three at once
# (latency is measured from the intended start: a client falling behind
# would show there first, so the gate here is on throughput).
paced 40 base.json
paced 40 again.json
paced 20 slow.json
paced_wait base.json
paced_wait again.json
paced_wait slow.json
run compare --fail-on=tps:-20% "$tmp/base.json" "$tmp/again.json"
status_is 0 "compare: two ordinary runs pass the gate"
# The slow run is another --rate, a setting of the load: compared only
# with --force (docs/ci.md, "Which runs can be compared").
run compare --fail-on=tps:-20% "$tmp/base.json" "$tmp/slow.json"
status_is 3 "compare: a run at another --rate is refused"
run compare --force --fail-on=tps:-20% "$tmp/base.json" "$tmp/slow.json"
status_is 1 "compare: the run at half the rate fails it"
has_re "compare: tps:-20%: FAIL: -[45][0-9]\.[0-9]+% \(base .*\), beyond noise \(p.*\)" \
    "compare: one line for the violation"
has "compare: FAIL" "compare: the verdict last"
run compare --force --format=markdown "$tmp/base.json" "$tmp/slow.json"
printf '%s\n' "$OUT" | python3 "$SRC/tests/dist/check_markdown.py" > /dev/null
ok $? "compare: markdown is a table" "$OUT"

run "${prep[@]}" cleanup
finish
