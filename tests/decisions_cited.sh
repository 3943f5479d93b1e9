#!/bin/sh
# SPDX-License-Identifier: MIT
# decisions_cited.sh: every product decision (PD-n) and sysbench invariant
# (INV n.n) that a comment or document cites has a heading of its own in
# docs/decisions.md, so that a citation always leads somewhere. Reads the
# files present under src/, docs/, tests/, perf/, man/, build-aux/ and
# README.md, Makefile.am, configure.ac (grep, not git: it runs from a
# release tarball too); docs/decisions.md's own mentions are not citations.
# A list after a cited invariant ("INV a.b/c.d", "INV a.b, c.d") cites each
# of its numbers. Prints one line per token without a heading, naming a
# file:line that cites it, and exits 1; exits 0 when every one resolves.
set -u
top=${BENCH_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
doc=docs/decisions.md
tab=$(printf '\t')

cd "$top" || exit 1
if [ ! -f "$doc" ]; then
    echo "decisions_cited: $top/$doc is missing" >&2
    exit 1
fi

paths=
for p in src docs tests perf man build-aux README.md Makefile.am \
    configure.ac; do
    [ -e "$p" ] && paths="$paths $p"
done

# TOKEN<tab>FILE:LINE, the first citation of each token. Test logs and
# cram's .err files repeat what they ran; binaries (-I) are skipped.
# shellcheck disable=SC2086 # $paths is a list of plain relative names
cites=$(grep -rnIE --exclude='*.log' --exclude='*.trs' --exclude='*.err' \
    'PD-[0-9]|INV [0-9]+\.[0-9]' $paths 2>/dev/null |
    awk -v doc="$doc" '
    function cited(tok) { print tok "\t" where }
    function word_before(s, at) {
        return at > 1 && substr(s, at - 1, 1) ~ /[A-Za-z0-9_]/
    }
    {
        i = index($0, ":"); file = substr($0, 1, i - 1)
        rest = substr($0, i + 1)
        j = index(rest, ":"); where = file ":" substr(rest, 1, j - 1)
        text = substr(rest, j + 1)
        if (file == doc) next
        t = text
        while (match(t, /PD-[0-9]+/)) {
            if (!word_before(t, RSTART)) cited(substr(t, RSTART, RLENGTH))
            t = substr(t, RSTART + RLENGTH)
        }
        t = text
        while (match(t, /INV [0-9]+\.[0-9]+/)) {
            skip = word_before(t, RSTART)
            if (!skip) cited(substr(t, RSTART, RLENGTH))
            t = substr(t, RSTART + RLENGTH)
            while (!skip && match(t, /^(\/|, ?)[0-9]+\.[0-9]+/)) {
                num = substr(t, RSTART, RLENGTH)
                sub(/^(\/|, ?)/, "", num)
                cited("INV " num)
                t = substr(t, RSTART + RLENGTH)
            }
        }
    }' | awk -F "$tab" '!seen[$1]++' | sort)

if [ -z "$cites" ]; then
    echo "decisions_cited: no PD-n or INV n.n citation found under $top" >&2
    exit 1
fi

heads=$(grep -E '^#{1,6}[[:space:]]' "$doc")
status=0
while IFS="$tab" read -r tok where; do
    [ -n "$tok" ] || continue
    re=$(printf '%s' "$tok" | sed 's/\./\\./g')
    # The token whole: a heading for PD-10 does not resolve PD-1.
    if ! printf '%s\n' "$heads" |
        grep -qE "(^|[^A-Za-z0-9_])$re([^0-9]|\$)"; then
        echo "decisions_cited: $where cites $tok:" \
            "no heading in $doc names it" >&2
        status=1
    fi
done <<EOF
$cites
EOF
exit $status
