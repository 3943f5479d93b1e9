#!/bin/sh
# SPDX-License-Identifier: MIT
# scripting_guide.sh [GUIDE]: runs the code blocks of docs/scripting.md, so
# the guide cannot show a script that does not work. In a fresh directory,
# in the guide's order:
#  - a ```lua block whose first line is "-- file: NAME" is saved as NAME;
#    every lua block must compile (luajit);
#  - a ```sh block is run by sh -e, with `bench` on PATH ($BENCH) and
#    must exit 0;
#  - an ```output block must equal what the sh block before it printed.
# Fails naming the block (its line in the guide) and the difference.
# Skips (77) without the SQLite driver, which the guide's SQL part uses.
here=$(cd "$(dirname "$0")" && pwd)
guide=${1:-$here/../docs/scripting.md}
bench=${BENCH:-$(command -v bench)}
[ -x "$bench" ] || { echo "scripting_guide.sh: no bench (set BENCH)" >&2; exit 99; }
if ! "$bench" --help | grep -q '^  sqlite - '; then
    echo "SKIP: bench built without the SQLite driver"
    exit 77
fi
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
command -v luajit >/dev/null || { echo "SKIP: no luajit"; exit 77; }
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/bin" "$tmp/work"
ln -s "$bench" "$tmp/bin/bench"
PATH=$tmp/bin:$PATH
export PATH
exec python3 - "$guide" "$tmp/work" <<'PY'
import difflib, re, subprocess, sys

guide, work = sys.argv[1], sys.argv[2]
blocks, cur = [], None
for n, line in enumerate(open(guide, encoding="utf-8"), 1):
    if cur is None:
        m = re.match(r"^```(\w+)\s*$", line)
        if m:
            cur = {"lang": m.group(1), "line": n, "text": ""}
    elif line.startswith("```"):
        blocks.append(cur)
        cur = None
    else:
        cur["text"] += line
if cur is not None:
    sys.exit(f"{guide}:{cur['line']}: code block never closed")

failed = 0
def fail(b, msg):
    global failed
    failed += 1
    print(f"{guide}:{b['line']}: {b['lang']} block: {msg}")

last_out, last_sh, counts = None, None, {}
for b in blocks:
    counts[b["lang"]] = counts.get(b["lang"], 0) + 1
    if b["lang"] == "lua":
        m = re.match(r"-- file: (\S+)\n", b["text"])
        name = m.group(1) if m else f"fragment{b['line']}.lua"
        path = f"{work}/{name}"
        with open(path, "w", encoding="utf-8") as f:
            f.write(b["text"])
        r = subprocess.run(["luajit", "-b", path, "/dev/null"],
                           capture_output=True, text=True)
        if r.returncode != 0:
            fail(b, "does not compile: " + r.stderr.strip())
    elif b["lang"] == "sh":
        r = subprocess.run(["sh", "-e", "-c", b["text"]], cwd=work,
                           capture_output=True, text=True, timeout=120)
        last_out, last_sh = r.stdout, b
        if r.returncode != 0:
            fail(b, f"exit status {r.returncode}\n{r.stdout}{r.stderr}")
    elif b["lang"] == "output":
        if last_sh is None:
            fail(b, "no sh block before it")
        elif last_out != b["text"]:
            diff = difflib.unified_diff(b["text"].splitlines(), last_out.splitlines(),
                                        "guide", "actual", lineterm="")
            fail(b, f"differs from the output of the sh block at line "
                    f"{last_sh['line']}:\n" + "\n".join(diff))
        last_sh = None
print(f"{guide}: " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items()))
      + f" blocks, {failed} failed")
sys.exit(1 if failed or counts.get("sh", 0) < 5 else 0)
PY
