#!/bin/sh
# SPDX-License-Identifier: MIT
# include_cycles.sh [SRCDIR [BUILDDIR]]: the module rules of
# docs/architecture.md, read from the sources of src/ (SRCDIR: the source
# tree, default this script's) and, for calls, from the objects the build
# made of them (BUILDDIR: default the current directory, as under make
# check). A module is a folder of src/ (src/db, src/measure, ...,
# src/drivers, src/kernels), or, at src/'s top level (the core), one .c and
# its .h, named by the path without the extension; X_internal.h belongs to
# X. Fails (exit 1, naming the lines or symbols) when
#  - modules include each other in a circle (#include "..." lines;
#    includes within one module, and of headers that are not in src/ such
#    as system headers and config.h, do not count);
#  - modules call each other in a circle (an object's undefined symbols
#    against the symbols the other objects define, from nm; calls within
#    one module do not count). Skipped, and said, when no object is built;
#  - a folder's private header (*_internal.h) is included from outside it;
#  - a file other than main.c and run.c includes run.h.
# A file included as "name.h" is looked up beside the including file,
# then in src/ (the -I of Makefile.am).
top=${1:-$(cd "$(dirname "$0")/.." && pwd)}
build=$(cd "${2:-.}" && pwd) || exit 99
cd "$top/src" || exit 99
files=$(find . -name '*.[ch]' | sed 's|^\./||' | sort)
[ -n "$files" ] || { echo "include_cycles.sh: no sources in $top/src" >&2; exit 99; }

# The modules' call edges, as lines "FROM-FILE TO-FILE SYMBOL": for each
# object of a src/ .c file, every function it uses that another object
# defines (data, such as the drivers' registry array, is not a call). An
# object the build did not make, e.g. a driver configured out, is left out.
objects=""
for f in $files; do
    case $f in *.c) [ -f "$build/src/${f%.c}.o" ] && objects="$objects $f" ;; esac
done
calls=$(mktemp) || exit 99
trap 'rm -f "$calls"' EXIT
for f in $objects; do
    o="$build/src/${f%.c}.o"
    nm "$o" 2>/dev/null | awk -v f="$f" '
        $1 == "U" { print "U", f, $2 }
        NF == 3 && $2 == "T" { print "D", f, $3 }'
done | awk '
    $1 == "D" { def[$3] = $2; next }
    { use[++n] = $2 " " $3 }
    END {
        for (i = 1; i <= n; i++) {
            split(use[i], u, " ")
            if (u[2] in def) print u[1], def[u[2]], u[2]
        }
    }' >"$calls"
[ -n "$objects" ] ||
    echo "include_cycles.sh: no objects under $build/src: call circles not checked" >&2

# shellcheck disable=SC2086 # file names without blanks
printf '%s\n' $files | awk -v calls="$calls" '
function module(f) {
    if (f ~ /\//) { sub(/\/.*$/, "", f); return f "/" }
    sub(/\.[ch]$/, "", f)
    sub(/_internal$/, "", f)
    return f
}
function add(kind, from, to, where) {
    if (from == to || ((kind, from, to) in edge)) return
    edge[kind, from, to] = where
    out[kind, from, ++nout[kind, from]] = to
}
# Prints every circle of `kind` through `m` once: the modules of `path`
# and the lines (or symbols) that make its edges.
function visit(kind, m, path, where,    i, n, t, w) {
    state[kind, m] = 1
    n = nout[kind, m]
    for (i = 1; i <= n; i++) {
        t = out[kind, m, i]
        w = where "\n  " edge[kind, m, t]
        if (state[kind, t] == 1) {
            if (!((kind, t) in reported)) {
                printf "%s cycle: %s -> %s%s\n", kind, path, t, w
                reported[kind, t] = 1
            }
            bad = 1
        } else if (state[kind, t] == 0) {
            visit(kind, t, path " -> " t, w)
        }
    }
    state[kind, m] = 2
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
    if (target ~ /\/[^\/]*_internal\.h$/ && module(target) != module(file)) {
        printf "%s:%d: includes %s, private to %s\n", file, FNR, target,
               module(target)
        bad = 1
    }
    add("include", module(file), module(target),
        file ":" FNR ": #include \"" name "\"")
}
END {
    while ((getline line < calls) > 0) {
        split(line, c, " ")
        add("call", module(c[1]), module(c[2]),
            c[1] " calls " c[3] " (" c[2] ")")
    }
    for (i = 1; i <= nfiles; i++) {
        m = module(order[i])
        if (state["include", m] == 0) visit("include", m, m, "")
        if (state["call", m] == 0) visit("call", m, m, "")
    }
    exit bad ? 1 : 0
}
' - $files
