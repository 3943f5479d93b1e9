#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""k8s.py: the one reader of deploy/kubernetes/ for the tests.

  k8s.py check
      structural check of the kustomize base: every file parses, the Job is
      an Indexed Job with what a synchronized bench run needs, every $(VAR)
      its command uses is defined, the volume and config it names exist.
      One "ok"/"FAILED" line per check; exit 1 if any failed.
  k8s.py argv INDEX [NAME=VALUE...]
      the command of pod INDEX, one argument a line, with $(VAR) expanded
      as Kubernetes expands it (container env, then the overrides given
      here, which stand for the cluster's values: the database service,
      the secret, the start time); JOB_COMPLETION_INDEX is INDEX.
      tests/db/test_distributed.sh runs exactly this.
"""
import os
import re
import shutil
import subprocess
import sys

import yaml

BASE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                    "deploy", "kubernetes")
REF = re.compile(r"\$\(([A-Za-z_][A-Za-z0-9_]*)\)|\$\$")


def load(name):
    with open(os.path.join(BASE, name)) as f:
        return yaml.safe_load(f)


def container(job):
    return job["spec"]["template"]["spec"]["containers"][0]


def expand(text, env):
    """Kubernetes' expansion of command and args: $(VAR) becomes VAR's
    value when VAR is defined, stays as is otherwise; $$ is a literal $."""
    def sub(m):
        if m.group(0) == "$$":
            return "$"
        return env.get(m.group(1), m.group(0))
    return REF.sub(sub, text)


def env_file(name):
    out = {}
    with open(os.path.join(BASE, name)) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                k, _, v = line.partition("=")
                out[k] = v
    return out


def pod_argv(index, overrides):
    kust = load("kustomization.yaml")
    cm = {}
    for gen in kust.get("configMapGenerator", []):
        for e in gen.get("envs", []):
            cm.update(env_file(e))
    env = {}
    for e in container(load("job.yaml")).get("env", []):
        if "value" in e:
            env[e["name"]] = expand(e["value"], env)
        elif "configMapKeyRef" in e.get("valueFrom", {}):
            env[e["name"]] = cm[e["valueFrom"]["configMapKeyRef"]["key"]]
    env["JOB_COMPLETION_INDEX"] = str(index)
    env.update(overrides)
    c = container(load("job.yaml"))
    return [expand(a, env) for a in c["command"] + c.get("args", [])]


class Checks:
    failed = 0

    def __call__(self, name, cond):
        print(("ok " if cond else "FAILED ") + name)
        self.failed += not cond


def check():
    ok = Checks()
    kust, job, pvc = load("kustomization.yaml"), load("job.yaml"), load("results-pvc.yaml")
    merge = load("merge-job.yaml")
    ok("kustomization lists files that exist",
       all(os.path.exists(os.path.join(BASE, r)) for r in kust["resources"]))
    ok("job.yaml and results-pvc.yaml are its resources",
       {"job.yaml", "results-pvc.yaml"} <= set(kust["resources"]))
    spec = job["spec"]
    ok("an Indexed Job (batch/v1)", job["apiVersion"] == "batch/v1" and
       job["kind"] == "Job" and spec.get("completionMode") == "Indexed")
    ok("completions set, all pods at once (parallelism = completions)",
       isinstance(spec.get("completions"), int) and spec["completions"] > 0 and
       spec.get("parallelism") == spec["completions"])
    ok("pods never restarted (a late pod would miss the start)",
       spec["template"]["spec"].get("restartPolicy") == "Never" and
       spec.get("backoffLimit") == 0)
    c = container(job)
    args, env = c["command"] + c.get("args", []), {e["name"]: e for e in c.get("env", [])}
    ok("the command is bench ... run", args[0] == "bench" and args[-1] == "run")
    idx = env.get("JOB_COMPLETION_INDEX", {}).get("valueFrom", {}).get("fieldRef", {})
    ok("JOB_COMPLETION_INDEX from the completion-index annotation",
       idx.get("fieldPath") ==
       "metadata.annotations['batch.kubernetes.io/job-completion-index']")
    ok("--start-at, the seed offset from the index, --results per index",
       "--start-at=$(BENCH_START_AT)" in args and
       "--rand-seed-offset=$(JOB_COMPLETION_INDEX)" in args and
       any(a.startswith("--rand-seed=") for a in args) and
       any(a.startswith("--results=") and "$(JOB_COMPLETION_INDEX)" in a for a in args))
    refs = {m.group(1) for a in args for m in REF.finditer(a) if m.group(1)}
    ok("every $(VAR) of the command is in the container's env",
       refs <= set(env))
    cm_keys = set()
    for gen in kust.get("configMapGenerator", []):
        for e in gen.get("envs", []):
            cm_keys |= set(env_file(e))
    needs = {e["valueFrom"]["configMapKeyRef"]["key"] for e in env.values()
             if "configMapKeyRef" in e.get("valueFrom", {})}
    ok("the config map generator has every key the env reads", needs <= cm_keys)
    mounts = {m["name"]: m["mountPath"] for m in c.get("volumeMounts", [])}
    vols = {v["name"]: v for v in spec["template"]["spec"].get("volumes", [])}
    claim = vols.get("results", {}).get("persistentVolumeClaim", {}).get("claimName")
    ok("results on a shared (ReadWriteMany) volume at BENCH_RESULTS_DIR",
       claim == pvc["metadata"]["name"] and "ReadWriteMany" in pvc["spec"]["accessModes"] and
       mounts.get("results") == env.get("BENCH_RESULTS_DIR", {}).get("value"))
    mc = container(merge)
    ok("merge-job.yaml merges every pod's document from the same volume",
       "bench merge" in " ".join(mc["command"] + mc["args"]) and
       merge["spec"]["template"]["spec"]["volumes"][0]["persistentVolumeClaim"]["claimName"] == claim)
    a0, a1 = pod_argv(0, {}), pod_argv(1, {})
    ok("pods 0 and 1 differ only in the index",
       [x for x, y in zip(a0, a1) if x != y] ==
       ["--rand-seed-offset=0", "--results=/results/bench-0.json"])
    kustomize(ok)
    return ok.failed


def kustomize(ok):
    """kubectl's built-in kustomize builds the base offline (kubectl apply
    --dry-run=client would need an API server's discovery, so it is not
    run); without kubectl, says so."""
    if not shutil.which("kubectl"):
        print("ok kubectl kustomize: kubectl not installed, not run")
        return
    p = subprocess.run(["kubectl", "kustomize", BASE], capture_output=True,
                       text=True)
    docs = list(yaml.safe_load_all(p.stdout)) if p.returncode == 0 else []
    kinds = sorted(d["kind"] for d in docs if d)
    job = [d for d in docs if d and d["kind"] == "Job"]
    ok("kubectl kustomize builds it: " + ", ".join(kinds),
       kinds == ["ConfigMap", "Job", "PersistentVolumeClaim"] and
       container(job[0])["image"].startswith("registry.example.com/bench:"))


def main():
    if sys.argv[1:2] == ["check"]:
        sys.exit(1 if check() else 0)
    if sys.argv[1:2] == ["argv"] and len(sys.argv) >= 3:
        over = dict(a.split("=", 1) for a in sys.argv[3:])
        print("\n".join(pod_argv(int(sys.argv[2]), over)))
        return
    sys.exit(__doc__)


if __name__ == "__main__":
    main()
