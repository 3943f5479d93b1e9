#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""tests/fuzz/scripts.py: the script-level fuzz loop. Mutated Lua scripts
(the bundled workloads, the API test scripts and a generated one that calls
the Lua API with hostile arguments) and mutated option sets run against the
null driver (--db-driver=null) under a sanitizer build of bench, each with a
timeout. Counts crashes (killed by a signal), sanitizer reports
(AddressSanitizer, LeakSanitizer, UBSan "runtime error:") and hangs (the
timeout); each kind must stay at zero. A bad script or option may fail
(exit 1 with a message): that is the expected answer, not a finding.

  tests/fuzz/scripts.py [--time=SECONDS] [--seed=N] [--bench=PATH]

Environment: FUZZ_SCRIPT_TIME (120), FUZZ_SCRIPT_TIMEOUT (20 s per run),
BENCH (build/asan/bench). Findings are kept (script, command line and
output) in build/fuzz/scripts-findings/. Exit status 0: none found.
"""
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SEEDS = [
    "src/lua/oltp_read_write.lua", "src/lua/oltp_point_select.lua",
    "src/lua/oltp_insert.lua", "src/lua/oltp_delete.lua",
    "src/lua/bulk_insert.lua", "src/lua/select_random_ranges.lua",
    "src/lua/oltp_legacy/oltp.lua", "src/lua/oltp_legacy/select.lua",
    "tests/db/sql_api.lua",
]
# Arguments no API should trust.
HOSTILE = ["-1", "0", "1", "-5", "2^31", "2^32", "-2^31", "2^53", "1e300",
           "-1e300", "0/0", "1/0", "''", "'x'", "nil", "{}", "true",
           "string.rep('#', 70000)", "string.rep('@', 300)", "'%d%s%n'",
           "'\\0\\0'", "function() end"]
CALLS = [
    "sysbench.rand.string({s})", "sysbench.rand.varstring({n}, {n})",
    "sysbench.rand.uniform({n}, {n})", "sysbench.rand.gaussian({n}, {n})",
    "sysbench.rand.zipfian({n}, {n})", "sysbench.rand.pareto({n}, {n})",
    "sysbench.rand.special({n}, {n})", "sysbench.rand.default({n}, {n})",
    "sysbench.rand.unique()", "sysbench.rand.uniform_double()",
    "sysbench.histogram.new({n}, {n}, {n})",
    "local h = sysbench.histogram.new(10, 1, 1000); h:update({n})",
    "local c = sysbench.sql.driver():connect(); c:query({s}); c:disconnect()",
    "local c = sysbench.sql.driver():connect(); local st = c:prepare({s}); st:close()",
    "local c = sysbench.sql.driver():connect(); local st = c:prepare('SELECT ?'); "
    "local p = st:bind_create(sysbench.sql.type.VARCHAR, {n}); st:bind_param(p); "
    "p:set({s}); st:execute(); st:close()",
    "local c = sysbench.sql.driver():connect(); local st = c:prepare('SELECT ?'); "
    "local p = st:bind_create({n}, {n}); st:bind_param(p); p:set({n}); st:execute()",
    "local c = sysbench.sql.driver():connect(); c:bulk_insert_init({s}); "
    "c:bulk_insert_next({s}); c:bulk_insert_next_rand({s}, {n}, {n}); c:bulk_insert_done()",
    "local c = sysbench.sql.driver():connect(); c:reconnect(); c:query('SELECT 1')",
    "local c = sysbench.sql.driver():connect(); local rs = c:query('SELECT 1'); "
    "if rs then rs:fetch_row(); rs:free() end",
    "sysbench.opt.threads = {n}", "sysbench.cmdline.argv[{n}] = {s}",
    "db_query({s})", "db_connect()", "db_disconnect()",
    "sysbench.report_default({{}})",
    "sysbench.event_start = nil",
    "collectgarbage()",
]
HOOKS = ["thread_init", "thread_done", "init", "done", "event", "prepare",
         "cleanup", "sysbench.hooks.report_intermediate",
         "sysbench.hooks.report_cumulative", "sysbench.hooks.before_restart_event"]
OPTIONS = [
    "--threads={i}", "--events={i}", "--time={i}", "--rate={i}",
    "--report-interval={i}", "--warmup-time={d}", "--forced-shutdown={i}",
    "--thread-stack-size={z}", "--percentile={i}", "--histogram={b}",
    "--rand-type={w}", "--rand-seed={i}", "--rand-pareto-h={f}",
    "--rand-zipfian-exp={f}", "--rand-spec-pct={i}", "--report-checkpoints={l}",
    "--db-ps-mode={w}", "--db-debug={b}", "--verbosity={i}", "--validate={b}",
    "--tables={d}", "--table-size={i}", "--table_size={w}", "--range_size={i}",
    "--point_selects={i}", "--simple_ranges={i}", "--skip_trx={b}",
    "--auto_inc={b}", "--secondary={b}", "--create_secondary={b}",
    "--delete_inserts={i}", "--index_updates={i}", "--mysql_storage_engine={w}",
    "--luajit-cmd={w}", "--db-ignore-errors={l}", "--{w}={w}", "--{w}",
]
INTS = ["0", "1", "2", "3", "-1", "-5", "2147483647", "2147483648",
        "4294967296", "99999999999999999999", "abc", "", "1e3", "0x10", " 7"]
# Options whose large values are a long run the user asked for (a warm-up
# of 68 years, 10^20 tables to drop one by one), not a hang: bad forms and
# small values only.
SHORT = ["0", "1", "2", "-1", "-5", "abc", "", "0x10", " 7"]


def rint(r):
    return r.choice(INTS)


def fill_options(r):
    out = []
    if r.random() < 0.5:
        return out
    for _ in range(r.randint(1, 3)):
        o = r.choice(OPTIONS)
        out.append(o.format(
            i=rint(r), d=r.choice(SHORT), z=r.choice(["0", "1K", "16K", "64K", "1M", "-1", "x"]),
            b=r.choice(["on", "off", "1", "0", "yes", "maybe", ""]),
            w=r.choice(["uniform", "pareto", "zipfian", "special", "gaussian",
                        "disable", "auto", "off", "all", "x", "", "InnoDB"]),
            f=r.choice(["0", "0.5", "1", "-1", "nan", "inf", "1e309"]),
            l=r.choice(["1,2,3", ",,", "-1", "all", "1213,all", "a,b"])))
    return out


def generated_script(r):
    lines = []
    for hook in r.sample(HOOKS, r.randint(1, 4)):
        body = []
        for _ in range(r.randint(1, 4)):
            call = r.choice(CALLS)
            call = call.replace("{n}", "\0N").replace("{s}", "\0S")
            call = call.replace("{{}}", "{}")
            while "\0N" in call:
                call = call.replace("\0N", r.choice(HOSTILE), 1)
            while "\0S" in call:
                call = call.replace("\0S", r.choice(HOSTILE), 1)
            if r.random() < 0.5:
                call = "pcall(function() %s end)" % call
            body.append("   " + call)
        if r.random() < 0.3:
            body.append("   error('hook failed on purpose')")
        lines.append("function %s(...)\n%s\nend" % (hook, "\n".join(body)))
    if not any(l.startswith("function event") for l in lines):
        lines.append("function event() end")
    return "\n".join(lines) + "\n"


NUM = re.compile(r"\b\d+\b")


def mutate(r, text):
    lines = text.split("\n")
    for _ in range(r.randint(1, 6)):
        if not lines:
            break
        k = r.randrange(len(lines))
        op = r.randrange(7)
        if op == 0:
            del lines[k]
        elif op == 1:
            lines.insert(k, lines[r.randrange(len(lines))])
        elif op == 2:
            lines[k] = NUM.sub(lambda m: r.choice(HOSTILE), lines[k], count=1)
        elif op == 3:
            lines[k] = lines[k].replace('"', "'", 1)
        elif op == 4:
            lines.insert(k, "   " + r.choice(CALLS).replace("{n}", r.choice(HOSTILE))
                         .replace("{s}", r.choice(HOSTILE)).replace("{{}}", "{}"))
        elif op == 5:
            j = r.randrange(len(lines))
            lines[k], lines[j] = lines[j], lines[k]
        else:
            lines[k] = lines[k][: r.randint(0, len(lines[k]))]
    return "\n".join(lines)


SANITIZER = re.compile(r"ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|"
                       r"ThreadSanitizer|PANIC: unprotected error")


def classify(rc, out):
    if rc is None:
        return "hang"
    if SANITIZER.search(out):
        return "sanitizer"
    if rc < 0 or rc >= 128:
        return "crash"
    return None


def run_one(bench, script, args, timeout):
    cmd = [bench, script, "--db-driver=null"] + args
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        out, _ = p.communicate(timeout=timeout)
        return cmd, p.returncode, out.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        return cmd, None, out.decode("utf-8", "replace")


def main():
    budget = float(os.environ.get("FUZZ_SCRIPT_TIME", "120"))
    timeout = float(os.environ.get("FUZZ_SCRIPT_TIMEOUT", "20"))
    bench = os.environ.get("BENCH", os.path.join(TOP, "build/asan/bench"))
    seed = int(time.time())
    for a in sys.argv[1:]:
        if a.startswith("--time="):
            budget = float(a[7:])
        elif a.startswith("--seed="):
            seed = int(a[7:])
        elif a.startswith("--bench="):
            bench = a[8:]
        else:
            sys.exit(__doc__)
    if not os.access(bench, os.X_OK):
        sys.exit("fuzz scripts: no bench binary at %s (set BENCH=)" % bench)
    r = random.Random(seed)
    found = os.path.join(TOP, "build/fuzz/scripts-findings")
    os.makedirs(found, exist_ok=True)
    seeds = [open(os.path.join(TOP, s)).read() for s in SEEDS]
    work = tempfile.mkdtemp(prefix="bench-fuzz-scripts.")
    os.environ.setdefault("ASAN_OPTIONS", "detect_leaks=1")
    os.environ.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
    counts = {"runs": 0, "crash": 0, "sanitizer": 0, "hang": 0, "exit 0": 0,
              "exit 1": 0}
    end = time.time() + budget
    try:
        while time.time() < end:
            n = counts["runs"]
            text = generated_script(r) if r.random() < 0.5 else mutate(r, r.choice(seeds))
            path = os.path.join(work, "s%d.lua" % n)
            with open(path, "w") as f:
                f.write(text)
            limit = r.choice([["--events=%d" % r.randint(1, 2000), "--time=5"],
                              ["--time=1"]])
            cmd_word = r.choice(["run", "run", "run", "prepare", "cleanup", "help", "x"])
            # the limit after the random options: a run always ends
            args = ["--threads=%d" % r.choice([1, 1, 2, 4, 16])] + \
                fill_options(r) + limit + [cmd_word]
            cmd, rc, out = run_one(bench, path, args, timeout)
            counts["runs"] += 1
            kind = classify(rc, out)
            if kind is None:
                key = "exit %d" % rc if rc in (0, 1) else "exit other"
                counts[key] = counts.get(key, 0) + 1
                continue
            counts[kind] += 1
            dest = os.path.join(found, "%d-%d-%s" % (seed, n, kind))
            shutil.copy(path, dest + ".lua")
            with open(dest + ".txt", "w") as f:
                f.write("command: %s\nexit status: %s\n\n%s" % (
                    " ".join(cmd).replace(path, dest + ".lua"), rc, out))
            first = SANITIZER.search(out)
            print("fuzz scripts: %s (exit %s)%s -> %s.txt" % (
                kind, rc, ": " + out[first.start():].split("\n")[0] if first else "",
                dest))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print("fuzz scripts: seed %d, %d runs in %.0f s: %d crashes, %d sanitizer "
          "reports, %d hangs (exit 0: %d, exit 1: %d, other: %d)" % (
              seed, counts["runs"], budget, counts["crash"], counts["sanitizer"],
              counts["hang"], counts["exit 0"], counts["exit 1"],
              counts.get("exit other", 0)))
    return 1 if counts["crash"] or counts["sanitizer"] or counts["hang"] else 0


if __name__ == "__main__":
    sys.exit(main())
