#!/bin/sh
# SPDX-License-Identifier: MIT
# include_cycles.sh [SRCDIR]: the include rules of design.md section 1,
# read from the #include "..." lines of src/ (SRCDIR: the source tree,
# default this script's). Fails (exit 1, naming the lines) when
#  - the modules include each other in a circle. A module is one .c and
#    its .h, named by the path without the extension; X_internal.h belongs
#    to X. Includes within one module, and of headers that are not in
#    src/ (system, config.h), do not count;
#  - a file other than main.c and run.c includes run.h.
# A file included as "name.h" is looked up beside the including file,
# then in src/ (the -I of Makefile.am).
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
cd "$top/src" || exit 99
files=$(find . -name '*.[ch]' | sed 's|^\./||' | sort)
[ -n "$files" ] || { echo "include_cycles.sh: no sources in $top/src" >&2; exit 99; }

# shellcheck disable=SC2086 # file names without blanks
printf '%s\n' $files | awk '
function module(f) {
    sub(/\.[ch]$/, "", f)
    sub(/_internal$/, "", f)
    return f
}
# Prints every circle through `m` once: the modules of `path` and the
# include lines that make its edges.
function visit(m, path, where,    i, n, t, w) {
    state[m] = 1
    n = nout[m]
    for (i = 1; i <= n; i++) {
        t = out[m, i]
        w = where "\n  " edge[m, t]
        if (state[t] == 1) {
            if (!(t in reported)) {
                printf "include cycle: %s -> %s%s\n", path, t, w
                reported[t] = 1
            }
            bad = 1
        } else if (state[t] == 0) {
            visit(t, path " -> " t, w)
        }
    }
    state[m] = 2
}
NR == FNR { exists[$0] = 1; order[++nfiles] = $0; next }
FNR == 1 { file = FILENAME; dir = file; if (!sub(/\/[^\/]*$/, "", dir)) dir = "" }
/^[ \t]*#[ \t]*include[ \t]*"/ {
    name = $0
    sub(/^[^"]*"/, "", name)
    sub(/".*$/, "", name)
    target = ""
    if (dir != "" && ((dir "/" name) in exists)) target = dir "/" name
    else if (name in exists) target = name
    if (target == "") next
    if (target == "run.h" && file != "main.c" && file != "run.c") {
        printf "%s:%d: includes run.h (only main.c may)\n", file, FNR
        bad = 1
    }
    from = module(file)
    to = module(target)
    if (from == to || ((from, to) in edge)) next
    edge[from, to] = file ":" FNR ": #include \"" name "\""
    out[from, ++nout[from]] = to
}
END {
    for (i = 1; i <= nfiles; i++) {
        m = module(order[i])
        if (state[m] == 0) visit(m, m, "")
    }
    exit bad ? 1 : 0
}
' - $files
