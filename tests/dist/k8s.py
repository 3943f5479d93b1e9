#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""k8s.py: the one reader of deploy/kubernetes/ for the tests.

  k8s.py check
      structural check of the kustomize base: every file parses, the Job is
      an Indexed Job with what a synchronized bench run needs, every $(VAR)
      its command uses is defined, the volume and config it names exist,
      both Jobs' image is the one images: rewrites, the merge Job waits
      suspended, no password is on a command line anywhere under deploy/
      and run.env ships no usable start time.
      One "ok"/"FAILED" line per check; exit 1 if any failed.
  k8s.py render
      the resources `kustomize build` makes of the base, as one YAML stream
      on standard output: the resource files, the generated ConfigMap and
      the images: rewrite (what the base uses of kustomize, and no more: a
      kustomization field it does not know is an error naming it), for
      tests/deploy/manifests.sh to validate where no kustomize is installed.
  k8s.py argv INDEX [NAME=VALUE...]
      the command of pod INDEX, one argument a line, with $(VAR) expanded
      as Kubernetes expands it (container env, then the overrides given
      here, which stand for the cluster's values: the database service,
      the secret, the start time); JOB_COMPLETION_INDEX is INDEX.
      tests/db/test_distributed.sh runs exactly this.
  k8s.py prep-argv INDEX [NAME=VALUE...]
      the same command less its first word (bench) and what only a run
      takes (the start time and its bound, --results, --time,
      --report-interval, --rand-seed-offset, the command run): the options
      to prepare and clean up the pods' tables with, once, as
      docs/distributed.md says.
"""
import glob
import os
import re
import shutil
import subprocess
import sys

import yaml

# BENCH_K8S_BASE: a copy of deploy/kubernetes/ (inside a copy of deploy/),
# for tests/deploy/manifests.sh to break on purpose.
BASE = os.environ.get("BENCH_K8S_BASE") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "..", "..", "deploy", "kubernetes")
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


def generated_config(kust):
    """The data of each ConfigMap the kustomization generates, by name."""
    out = {}
    for gen in kust.get("configMapGenerator", []):
        data = out.setdefault(gen["name"], {})
        for e in gen.get("envs", []):
            data.update(env_file(e))
        for lit in gen.get("literals", []):
            k, _, v = lit.partition("=")
            data[k] = v
    return out


def pod_argv(index, overrides):
    kust = load("kustomization.yaml")
    cm = {}
    for data in generated_config(kust).values():
        cm.update(data)
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


# What only a run takes, left out of prep-argv's command.
RUN_ONLY = ("--start-at=", "--start-late-max=", "--results=", "--time=",
            "--report-interval=", "--rand-seed-offset=")


def prep_argv(index, overrides):
    return [a for a in pod_argv(index, overrides)[1:]
            if a != "run" and not a.startswith(RUN_ONLY)]


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
    ok("job.yaml, merge-job.yaml and results-pvc.yaml are its resources",
       {"job.yaml", "merge-job.yaml", "results-pvc.yaml"} <= set(kust["resources"]))
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
    ok("the merge Job is created suspended (resumed once job/bench completed)",
       merge["spec"].get("suspend") is True)
    rewritten = {i["name"] for i in kust.get("images", [])}
    ok("both Jobs' image is the name images: rewrites (%s)" % ", ".join(sorted(rewritten)),
       c["image"] in rewritten and mc["image"] in rewritten)
    pw = env.get("MYSQL_PWD", {}).get("valueFrom", {}).get("secretKeyRef", {})
    ok("the password comes from the Secret in MYSQL_PWD", bool(pw.get("name") and pw.get("key")))
    bad = command_line_passwords()
    ok("no password on a command line under deploy/" + "".join("\n  " + b for b in bad),
       not bad)
    start = generated_config(kust).get("bench-run", {}).get("BENCH_START_AT", "")
    ok("run.env's BENCH_START_AT is no time (set before each run): " + start,
       not re.fullmatch(r"[0-9]+(\.[0-9]*)?|[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ].*", start))
    a0, a1 = pod_argv(0, {}), pod_argv(1, {})
    ok("pods 0 and 1 differ only in the index",
       [x for x, y in zip(a0, a1) if x != y] ==
       ["--rand-seed-offset=0", "--results=/results/bench-0.json"])
    kustomize(ok)
    return ok.failed


def pod_specs(doc):
    """The pod specs of any workload object: a Pod's spec, a template's
    (Job, Deployment, ...), a CronJob's jobTemplate's."""
    if not isinstance(doc, dict):
        return
    spec = doc.get("spec")
    if not isinstance(spec, dict):
        return
    if "containers" in spec:
        yield spec
    for t in (spec.get("template"), spec.get("jobTemplate", {}).get("spec", {}).get("template")):
        if isinstance(t, dict) and isinstance(t.get("spec"), dict):
            yield from pod_specs({"spec": t["spec"]})


def command_line_passwords():
    """Every container command or argument under deploy/ that names a
    password ("file: container: argument"): a password belongs in the
    environment (from a Secret), where ps and kubectl get -o yaml do not
    show it."""
    root = os.path.normpath(os.path.join(BASE, ".."))
    bad = []
    for path in sorted(glob.glob(os.path.join(root, "**", "*.y*ml"), recursive=True)):
        with open(path) as f:
            docs = list(yaml.safe_load_all(f))
        for doc in docs:
            for spec in pod_specs(doc):
                for c in spec.get("initContainers", []) + spec.get("containers", []):
                    for a in c.get("command", []) + c.get("args", []):
                        if re.search("passw(or)?d|PGPASSWORD|MYSQL_PWD", a, re.I):
                            bad.append("%s: %s: %s" % (os.path.relpath(path, root),
                                                       c.get("name"), a))
    return bad


KNOWN = {"apiVersion", "kind", "resources", "configMapGenerator",
         "generatorOptions", "images"}


def render():
    """The base as kustomize builds it, for what the base uses."""
    kust = load("kustomization.yaml")
    unknown = sorted(set(kust) - KNOWN)
    if unknown:
        sys.exit("k8s.py render: kustomization.yaml uses %s, which this "
                 "renderer does not apply" % ", ".join(unknown))
    if not kust.get("generatorOptions", {}).get("disableNameSuffixHash"):
        sys.exit("k8s.py render: generated names need a hash suffix, which "
                 "this renderer does not compute (disableNameSuffixHash)")
    out = []
    for name, data in generated_config(kust).items():
        out.append({"apiVersion": "v1", "kind": "ConfigMap",
                    "metadata": {"name": name}, "data": data})
    for r in kust["resources"]:
        with open(os.path.join(BASE, r)) as f:
            out += [d for d in yaml.safe_load_all(f) if d]
    images = {i["name"]: i for i in kust.get("images", [])}
    for doc in out:
        for spec in pod_specs(doc):
            for c in spec.get("initContainers", []) + spec.get("containers", []):
                new = images.get(re.split("[:@]", c["image"])[0])
                if new:
                    c["image"] = new.get("newName", new["name"]) + (
                        "@" + new["digest"] if "digest" in new else
                        ":" + str(new["newTag"]) if "newTag" in new else "")
    yaml.safe_dump_all(out, sys.stdout, sort_keys=False)


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
    jobs = [d for d in docs if d and d["kind"] == "Job"]
    ok("kubectl kustomize builds it: " + ", ".join(kinds),
       kinds == ["ConfigMap", "Job", "Job", "PersistentVolumeClaim"] and
       all(container(j)["image"].startswith("registry.example.com/bench:") for j in jobs))


def main():
    if sys.argv[1:2] == ["check"]:
        sys.exit(1 if check() else 0)
    if sys.argv[1:2] == ["render"]:
        render()
        return
    if sys.argv[1:2] in (["argv"], ["prep-argv"]) and len(sys.argv) >= 3:
        over = dict(a.split("=", 1) for a in sys.argv[3:])
        of = pod_argv if sys.argv[1] == "argv" else prep_argv
        print("\n".join(of(int(sys.argv[2]), over)))
        return
    sys.exit(__doc__)


if __name__ == "__main__":
    main()
