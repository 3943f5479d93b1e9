#!/bin/sh
# SPDX-License-Identifier: MIT
# man_drift.sh [MANPAGE]: the man page cannot drift from --help.
# Every option that bench lists (`bench --help` and each test's and
# bundled workload's `bench <test> help`, in both profiles, 1.0 and 1.1,
# and the --help of the commands on result documents, bench merge ...)
# must appear in man/bench.1 written as \-\-name, and every command that
# --help names (its "Commands ...: a b" lines and the "  bench merge ..."
# lines) must have an entry under COMMANDS; the other way round, every
# option the page describes (an entry: a .TP or .TQ line, then the option)
# must be one that bench lists, and every command under COMMANDS one that
# --help names. The page must render with `groff -ww -man` without a
# single warning. Fails naming each option or command missing, where it
# is listed and the file to add it to (or to remove it from).
# $BENCH: the bench to ask (make check exports it).
here=$(cd "$(dirname "$0")" && pwd)
man=${1:-$here/../man/bench.1}
bench=${BENCH:-bench}
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
[ -r "$man" ] || { echo "man_drift.sh: no man page at $man" >&2; exit 99; }
"$bench" --version >/dev/null || { echo "man_drift.sh: cannot run $bench" >&2; exit 99; }

# The test names of a --help text: the lines under "Compiled-in tests:"
# ("  cpu - CPU ...") and under "Bundled workloads" ("  oltp_read_write").
tests_of() {
    sed -n -e '/^Compiled-in tests:$/,/^$/s/^  \([a-z_0-9]*\)\( - .*\)\{0,1\}$/\1/p' \
        -e '/^Bundled workloads/,/^$/s/^  \([a-z_0-9]*\)$/\1/p' "$1"
}

# The commands a --help text names: the words after "Commands ...: "
# ("prepare run cleanup help", the OLTP workloads' "prewarm warmup") and
# the commands on result documents ("  bench merge RESULT.json... - ...").
commands_of() {
    sed -n 's/^Commands[^:]*: //p' "$1" | tr ' ' '\n' | sed '/^$/d'
    sed -n '/^bench commands on result documents/,/^$/s/^  [^ ]* \([a-z][a-z_0-9]*\) .*/\1/p' "$1"
}

# The entries of the page's COMMANDS section: ".B prepare",
# ".BR prewarm \", \" warmup", ".B merge \fR[...": one name per line.
man_commands() {
    awk '/^\.SH COMMANDS/ { on = 1; next } /^\.SH/ { on = 0 }
         on && /^\.T[PQ]$/ { entry = 1; next }
         on && entry { print; entry = 0 }' "$man" |
        sed -n 's/^\.BR\{0,1\} \([a-z][a-z_0-9]*\)\(.*\)/\1\2/p' |
        sed 's/ *\\f.*//; s/", "/ /g; s/"//g' | tr ' ' '\n' | sed '/^$/d'
}

# The options the page describes: an entry (.TP or .TQ) whose line names
# the option first (.BI \-\-time= N, .BR \-\-debug [ =on | off ]).
man_options() {
    awk '/^\.T[PQ]$/ { entry = 1; next } entry { print; entry = 0 }' "$man" |
        sed 's/\\-/-/g' |
        sed -n 's/^\.B[IR]\{0,1\} *"\{0,1\}--\([A-Za-z0-9_-]*\).*/\1/p'
}

# Writes "option<TAB>command" for every option a command lists.
options_of() { # options_of COMMAND...
    "$@" 2>/dev/null | sed -n 's/^  --\([A-Za-z0-9_-]*\).*/\1/p' |
        while read -r o; do printf '%s\t%s\n' "$o" "$*"; done
}

: >"$tmp/listed"
: >"$tmp/help_commands"
for compat in 1.0 1.1; do
    "$bench" --compat=$compat --help >"$tmp/help" 2>&1
    commands_of "$tmp/help" >>"$tmp/help_commands"
    options_of "$bench" --compat=$compat --help >>"$tmp/listed"
    for t in $(tests_of "$tmp/help"); do
        echo "$t" >>"$tmp/tests"
        options_of "$bench" --compat=$compat "$t" help >>"$tmp/listed"
    done
done
# The commands on result documents (bench merge, ...) are not in --help;
# each has a --help of its own, "Usage:" then "  bench <command> ...".
: >"$tmp/commands"
for c in merge compare plot; do
    "$bench" $c --help >"$tmp/cmd" 2>&1 || continue
    sed -n 2p "$tmp/cmd" | grep -q "^  [^ ]* $c " || continue
    echo "$c" >>"$tmp/commands"
    options_of "$bench" $c --help >>"$tmp/listed"
done
n=$(cut -f1 "$tmp/listed" | sort -u | wc -l)
[ "$n" -gt 50 ] || { echo "man_drift.sh: only $n options listed: is $bench's --help broken?"; exit 1; }

rc=0
# The page with \- (a minus sign in roff) read as -.
sed 's/\\-/-/g' "$man" >"$tmp/flat"
# One report per option: the first command that lists it.
sort -t "$(printf '\t')" -k1,1 -u "$tmp/listed" | while IFS="$(printf '\t')" read -r o cmd; do
    if ! grep -q -e "--$o\\([^A-Za-z0-9_-]\\|\$\\)" "$tmp/flat"; then
        echo "man/bench.1: option --$o is missing (listed by 'bench ${cmd#"$bench" }');" \
            "add it to man/bench.1 as \\-\\-$(printf %s "$o" | sed 's/-/\\\\-/g')," \
            "with its meaning and default, marked \\*(bA if sysbench lacks it"
        echo x >>"$tmp/missing"
    fi
done
[ -s "$tmp/missing" ] && rc=1
for t in $(sort -u "$tmp/tests"); do
    if ! grep -q -e "^\\.B $t\\( \\|\$\\)" -e "\\\\fB$t\\\\f" "$man"; then
        echo "man/bench.1: test or workload '$t' (listed by 'bench --help') is missing from $man"
        rc=1
    fi
done
for c in $(cat "$tmp/commands"); do
    if ! grep -q -e "bench $c" -e "^\\.B $c\\( \\|\$\\)" "$tmp/flat"; then
        echo "man/bench.1: command 'bench $c' (it has a --help) is missing from $man"
        rc=1
    fi
done
for c in $(sort -u "$tmp/help_commands"); do
    if ! man_commands | grep -qx -e "$c"; then
        echo "man/bench.1: command '$c' (named by 'bench --help') has no entry under COMMANDS in $man"
        rc=1
    fi
done
for c in $(man_commands | sort -u); do
    if ! grep -qx -e "$c" "$tmp/help_commands"; then
        echo "man/bench.1: command '$c' has an entry under COMMANDS but 'bench --help' does not name it;" \
            "list it in src/cli.c's help (bench's part) or remove it from $man"
        rc=1
    fi
done
cut -f1 "$tmp/listed" | sort -u >"$tmp/listed_names"
for o in $(man_options | sort -u); do
    if ! grep -qx -e "$o" "$tmp/listed_names"; then
        echo "man/bench.1: option --$o has an entry but no --help or help of bench lists it;" \
            "remove it from $man or make bench list it"
        rc=1
    fi
done
echo "$n options and $(sort -u "$tmp/help_commands" | wc -l) commands checked against $man"

# Rendering: no warning at all from groff (-ww: every warning category).
if command -v groff >/dev/null 2>&1; then
    LC_ALL=C.UTF-8 groff -ww -man -Tutf8 -z "$man" 2>"$tmp/groff"
    if [ -s "$tmp/groff" ]; then
        echo "man/bench.1: groff -ww -man warns:"
        cat "$tmp/groff"
        rc=1
    fi
else
    echo "man_drift.sh: groff not installed: rendering not checked" >&2
    [ "${CI:-}" = true ] && rc=1
fi
exit $rc
