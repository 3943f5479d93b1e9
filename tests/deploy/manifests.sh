#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# manifests.sh: the Kubernetes manifests of deploy/kubernetes/ are valid
# Kubernetes objects, and safe to run (issue 33). No cluster is needed:
#   - kubernetes-validate (PyPI, pinned below), which bundles the API's
#     JSON schemas, validates every resource file and the rendered base
#     strictly (an unknown field is an error) against the schemas of
#     Kubernetes 1.25 (its oldest; Indexed and suspended Jobs are GA since
#     1.24) and 1.37 (its newest);
#   - no kustomize comes from Debian or PyPI, so tests/dist/k8s.py render
#     builds the base as kustomize does for the fields it uses
#     (resources, the generated ConfigMap, images:; any other field is an
#     error); where kubectl is installed, its kustomize must build the same;
#   - tests/dist/k8s.py check: both Jobs' image is the name images:
#     rewrites, the merge Job waits suspended, no password on any
#     container's command line under deploy/, run.env ships no start time;
#     and each of those checks fails on a copy of the base broken on
#     purpose;
#   - no --mysql-password=/--pgsql-password= with a value in deploy/,
#     docs/*.md or README.md, except on a line that shows bench's mask
#     (***) or says not to (never, not, instead): passwords go in
#     MYSQL_PWD/PGPASSWORD, where ps does not show them.
# The validator lives in its own venv (BENCH_MANIFESTS_VENV, default
# build/venv-manifests, kept for the next run), made by Debian's python3
# whatever python3 is first on PATH. About 1 minute with the download,
# 15 s after. Prints TAP; exits 1 if any check failed.
set -u
top=$(cd "$(dirname "$0")/../.." && pwd)
K8S=$top/tests/dist/k8s.py
VALIDATOR=kubernetes-validate==1.37.0
SCHEMAS="1.25.0 1.37.0"
venv=${BENCH_MANIFESTS_VENV:-$top/build/venv-manifests}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
failed=0
ok() { # ok STATUS NAME [DIAGNOSTIC]
    n=$((n + 1))
    if [ "$1" -eq 0 ]; then
        echo "ok $n - $2"
    else
        echo "not ok $n - $2"
        failed=$((failed + 1))
        [ -z "${3:-}" ] || printf '%s\n' "$3" | sed 's/^/# /'
    fi
}

# -- The validator's venv ---------------------------------------------------

# Debian's interpreter, whose venv module needs python3-venv (CI installs
# it here if missing); a pyenv or other python3 first on PATH is not used.
PY=/usr/bin/python3
[ -x "$PY" ] || PY=$(command -v python3)
if ! "$PY" -c 'import venv, ensurepip' 2>/dev/null && [ "$(id -u)" -eq 0 ] &&
    command -v apt-get >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
        python3-venv >/dev/null 2>&1 ||
        { apt-get update -q >/dev/null 2>&1 &&
            DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
                --no-install-recommends python3-venv >/dev/null 2>&1; }
fi
if [ "$("$venv/bin/kubernetes-validate" --version 2>/dev/null)" != "${VALIDATOR#*==}" ]; then
    rm -rf "$venv"
    "$PY" -m venv "$venv" >"$tmp/venv.out" 2>&1 &&
        "$venv/bin/python" -m pip install -q --disable-pip-version-check \
            "$VALIDATOR" >>"$tmp/venv.out" 2>&1
    st=$?
    ok $st "a venv with $VALIDATOR ($venv)" "$(tail -5 "$tmp/venv.out")"
    [ $st -eq 0 ] || { echo "1..$n"; exit 1; }
fi
VPY=$venv/bin/python # has PyYAML, a dependency of the validator
validate() { # validate FILE...: strictly, against each schema version
    local k rc=0
    for k in $SCHEMAS; do
        "$venv/bin/kubernetes-validate" --strict --quiet -k "$k" "$@" || rc=1
    done
    return $rc
}

# -- Structure and safety of the base ---------------------------------------

out=$("$VPY" "$K8S" check 2>&1)
ok $? "tests/dist/k8s.py check" "$(printf '%s\n' "$out" | grep -v '^ok ')"

# -- Every manifest and the rendered base, against the API schemas ---------

files=$(cd "$top" && ls deploy/kubernetes/*.yaml | grep -v kustomization.yaml)
for f in $files; do
    out=$(cd "$top" && validate "$f" 2>&1)
    ok $? "$f is valid for Kubernetes ${SCHEMAS// /, }" "$out"
done
"$VPY" "$K8S" render >"$tmp/rendered.yaml" 2>"$tmp/render.err"
ok $? "the base renders (resources, generated ConfigMap, images:)" "$(cat "$tmp/render.err")"
out=$(validate "$tmp/rendered.yaml" 2>&1)
ok $? "the rendered base (ConfigMap, Job, Job, PVC) is valid for Kubernetes ${SCHEMAS// /, }" "$out"
if command -v kubectl >/dev/null; then
    kubectl kustomize "$top/deploy/kubernetes" >"$tmp/kubectl.yaml" 2>&1
    out=$("$VPY" - "$tmp/rendered.yaml" "$tmp/kubectl.yaml" <<'PY' 2>&1
import sys, yaml
key = lambda d: (d["kind"], d["metadata"]["name"])
a, b = ([d for d in yaml.safe_load_all(open(p)) if d] for p in sys.argv[1:])
assert sorted(a, key=key) == sorted(b, key=key), (a, b)
PY
)
    ok $? "kubectl kustomize builds the same objects" "$out"
else
    echo "# kubectl not installed: the rendering is not compared with its kustomize"
fi

# -- The checks catch what they are for: a broken copy each -----------------

# broken NAME PATTERN SED-SCRIPT FILE: the check named PATTERN fails (and
# the schemas still reject or pass as before) on a copy of deploy/ whose
# FILE was edited by SED-SCRIPT.
broken() {
    rm -rf "$tmp/copy" && cp -r "$top/deploy" "$tmp/copy" &&
        sed -i "$3" "$tmp/copy/kubernetes/$4"
    out=$(BENCH_K8S_BASE=$tmp/copy/kubernetes "$VPY" "$K8S" check 2>&1)
    printf '%s\n' "$out" | grep -q "^FAILED $2"
    ok $? "a copy with $1 fails: $2" "$out"
}
broken "the password as an option" "no password on a command line" \
    's/^\( *\)- --mysql-user=.*/&\n\1- --mysql-password=$(MYSQL_PWD)/' job.yaml
broken "the merge Job's image hard-coded" "both Jobs' image" \
    's|image: bench|image: registry.example.com/bench:0.1.0|' merge-job.yaml
broken "a start time in run.env" "run.env's BENCH_START_AT is no time" \
    's/^BENCH_START_AT=.*/BENCH_START_AT=2026-01-01T00:00:00Z/' run.env
broken "the merge Job not suspended" "the merge Job is created suspended" \
    '/^  suspend: true/d' merge-job.yaml
rm -rf "$tmp/copy" && cp -r "$top/deploy" "$tmp/copy" &&
    sed -i 's/completionMode: Indexed/completionMode: Indexed\n  completionsMode: Indexed/' \
        "$tmp/copy/kubernetes/job.yaml"
out=$(validate "$tmp/copy/kubernetes/job.yaml" 2>&1)
[ $? -ne 0 ] && printf '%s\n' "$out" | grep -q completionsMode
ok $? "the validator rejects a misspelt field (completionsMode)" "$out"

# -- No password option in the manifests, the docs and the README ----------

# The option with a value (grep -n's "file:line:text"); a line showing the
# mask or saying not to use the option is allowed.
hits=$(cd "$top" && grep -rnE -- '--(mysql|pgsql)-password=[^`[:space:]]' deploy docs/*.md README.md |
    grep -vE -- '-password=\*\*\*|[^a-z](never|not|instead)[^a-z]')
[ -z "$hits" ]
ok $? "no --mysql-password=/--pgsql-password= in deploy/, docs/*.md, README.md (use MYSQL_PWD, PGPASSWORD)" "$hits"

echo "1..$n"
echo "$((n - failed)) passed, $failed failed"
[ "$failed" -eq 0 ]
