#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# completion.sh: drives the shell completion of completions/ as the shells
# do when TAB is pressed, against the bench built here ($BENCH):
#  - bash: sources completions/bench.bash, checks `complete -p bench`, then
#    for each command line sets COMP_LINE/COMP_POINT/COMP_WORDBREAKS as
#    readline does, calls the registered function and compares COMPREPLY;
#  - zsh (when installed): loads completions/_bench in `zsh -f`, with
#    compadd and _files recording what they are given, sets words, CURRENT
#    and PREFIX as compsys does, and compares the candidates.
# TAP output; a failure shows the line completed, wanted and got.
here=$(cd "$(dirname "$0")" && pwd)
comp=$here/../completions
bench=${BENCH:-$(command -v bench)}
[ -x "$bench" ] || { echo "completion.sh: no bench (set BENCH)" >&2; exit 99; }
tmp=$(mktemp -d) || exit 99
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 99
mkdir scripts
touch my_load.lua notes.txt scripts/other.lua base.json new.json
cp "$here/../examples/parallel_load.lua" "$here/../examples/options.lua" .
n=0
failed=0

# check NAME WANT GOT: WANT and GOT are newline-separated, order ignored.
check() {
    local want got
    want=$(printf '%s\n' "$2" | sort -u | sed '/^$/d')
    got=$(printf '%s\n' "$3" | sort -u | sed '/^$/d')
    n=$((n + 1))
    if [ "$want" = "$got" ]; then
        echo "ok $n - $1"
    else
        echo "not ok $n - $1"
        echo "#   want: $(echo $want)"
        echo "#   got:  $(echo $got)"
        failed=$((failed + 1))
    fi
}

# -- bash -----------------------------------------------------------------
# shellcheck source=../completions/bench.bash
. "$comp/bench.bash"
check "bash: complete -p bench names _bench" "complete -F _bench bench" "$(complete -p bench)"

check "bash: complete -p ./bench names _bench too" "complete -F _bench ./bench" "$(complete -p ./bench)"

# bash_complete LINE: the candidates for LINE (the cursor at its end), as
# readline would ask with its default word breaks (or $BREAKS). The
# function is found as bash finds it: by the command word as typed, else
# by the name after its last slash (/usr/local/bin/bench, build/bench).
bash_complete() {
    local fn cmd=${1%% *}
    fn=$({ complete -p "$cmd" 2>/dev/null || complete -p "${cmd##*/}"; } |
        sed -n 's/.*-F \([^ ]*\) .*/\1/p')
    COMP_LINE=$1
    COMP_POINT=${#COMP_LINE}
    COMP_WORDBREAKS=${BREAKS:-$' \t\n"\'><=;|&(:'}
    read -ra COMP_WORDS <<<"$COMP_LINE"
    [[ $COMP_LINE == *" " ]] && COMP_WORDS+=("")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    "$fn" "$cmd" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
    printf '%s\n' "${COMPREPLY[@]}"
}
B=$bench
tests="fileio cpu memory threads mutex oltp_read_write oltp_read_only
oltp_write_only oltp_point_select oltp_update_index oltp_update_non_index
oltp_delete oltp_insert select_random_points select_random_ranges bulk_insert
ycsb sql tpcc"
# The commands on result documents this bench has (bench merge ...).
doc_cmds=$(for c in merge compare plot; do
    "$bench" $c --help 2>/dev/null | sed -n 2p | grep -q "^  [^ ]* $c " && echo $c; done)
check "bash: test names, *.lua files, directories, commands on results" \
    "$(printf '%s\n' $tests $doc_cmds my_load.lua parallel_load.lua options.lua scripts/)" \
    "$(bash_complete "$B ")"
check "bash: a test name's prefix" "oltp_read_only
oltp_read_write" "$(bash_complete "$B oltp_read_")"
check "bash: scripts in a directory" "scripts/other.lua" "$(bash_complete "$B scripts/")"
check "bash: commands of a built-in test" "$(printf '%s\n' prepare run cleanup help)" \
    "$(bash_complete "$B cpu ")"
check "bash: the OLTP workloads also have prewarm" "prepare
prewarm" "$(bash_complete "$B --threads=4 oltp_read_write pre")"
check "bash: and warmup (their commands as --help names them)" "warmup" \
    "$(bash_complete "$B oltp_read_only w")"
check "bash: a script's own commands (sysbench.cmdline.commands)" \
    "$(printf '%s\n' prepare run cleanup help load verify)" \
    "$(bash_complete "$B parallel_load.lua ")"
check "bash: general options, 1.1's too (--help lists them after sysbench's)" "--threads=
--thread-stack-size=
--thread-init-timeout=" "$(bash_complete "$B --thr")"
# ./bench in a build tree: the bench on the line is the one asked.
ln -s "$bench" ./bench
check "bash: ./bench completes its options" "--threads=
--thread-stack-size=
--thread-init-timeout=" "$(bash_complete "./bench --thr")"
check "bash: ./bench completes test names" "oltp_read_only
oltp_read_write" "$(bash_complete "./bench oltp_read_")"
check "bash: ./bench completes a workload's options" "--table_size=
--tables=" "$(bash_complete "./bench oltp_read_write --table")"
check "bash: the line's --compat=1.1 lists 1.1's options" "--thread-init-timeout=" \
    "$(bash_complete "$B --compat=1.1 --thread-in")"
check "bash: boolean options without '='" "--histogram" "$(bash_complete "$B --hist")"
check "bash: bench's own options" "--extended-report" "$(bash_complete "$B --extended")"
check "bash: driver options" "$(printf -- '--sqlite-%s\n' db= journal-mode= synchronous= busy-timeout= ignore-errors=)" \
    "$(bash_complete "$B --sqlite")"
check "bash: a built-in test's options (bench cpu help)" "--cpu-max-prime=" "$(bash_complete "$B cpu --cpu")"
check "bash: a workload's options, after the command too" "--table_size=
--tables=" "$(bash_complete "$B oltp_read_write run --table")"
check "bash: a script's own options (bench options.lua help)" "--greeting=" \
    "$(bash_complete "$B options.lua --gre")"
check "bash: no test options without the test" "" "$(bash_complete "$B --cpu-max")"
check "bash: --rand-type values" "uniform
gaussian
special
pareto" "$(bash_complete "$B --rand-type=")"
check "bash: --db-driver values: the drivers compiled in" \
    "$("$B" --help | sed -n -e '/^Compiled-in database drivers:$/,/^$/s/^  \([a-z]*\) - .*/\1/p' \
        -e '/^bench database drivers/,/^$/s/^  \([a-z]*\) - .*/\1/p')" \
    "$(bash_complete "$B oltp_read_write --db-driver=")"
check "bash: --db-driver=sq" "sqlite" "$(bash_complete "$B --db-driver=sq")"
check "bash: --file-test-mode values, filtered" "rndrd
rndwr
rndrw" "$(bash_complete "$B fileio --file-test-mode=rnd")"
check "bash: --file-io-mode values" "sync
async
mmap" "$(bash_complete "$B fileio --file-io-mode=")"
check "bash: --memory-oper values" "read
write
none" "$(bash_complete "$B memory --memory-oper=")"
check "bash: --sqlite-journal-mode values" "WAL" "$(bash_complete "$B --sqlite-journal-mode=W")"
check "bash: boolean values" "on
off" "$(bash_complete "$B --histogram=")"
check "bash: --compat values" "1.0
1.1" "$(bash_complete "$B --compat=")"
check "bash: a (a, b, ...) value list: --pgsql-sslmode" "verify-ca
verify-full" "$(bash_complete "$B --compat=1.1 --pgsql-sslmode=ver")"
check "bash: --format values" "text
json
csv" "$(bash_complete "$B cpu --format=")"
check "bash: --mysql-ssl values" "VERIFY_CA
VERIFY_IDENTITY" "$(bash_complete "$B --mysql-ssl=V")"
check "bash: no list from a parenthesised remark" "" \
    "$(bash_complete "$B --pgsql-host=x" | grep -v '^x')"
check "bash: a free value completes file names" "notes.txt" "$(bash_complete "$B --config-file=no")"
check "bash: without '=' in COMP_WORDBREAKS, the whole word" "--rand-type=gaussian" \
    "$(BREAKS=$' \t\n' bash_complete "$B --rand-type=g")"
check "bash: nothing after the command" "" "$(bash_complete "$B cpu run x")"
for c in $doc_cmds; do
    check "bash: bench $c: result documents (and directories)" "base.json
new.json
scripts/" "$(bash_complete "$B $c ")"
    check "bash: bench $c: its own options only" \
        "$("$B" $c --help | sed -n 's/^  \(--[a-z-]*=\{0,1\}\).*/\1/p')" \
        "$(bash_complete "$B $c base.json --")"
done

# -- zsh ------------------------------------------------------------------
if command -v zsh >/dev/null 2>&1; then
    # zsh_complete WORDS...: the candidates when the cursor ends the last
    # word (compsys's words/CURRENT/PREFIX), compadd and _files stubbed.
    zsh_complete() {
        zsh -f -c '
            comp=$1; shift
            words=("$@"); CURRENT=$#words; PREFIX=${words[CURRENT]}
            compadd() {
                local pre="" suf="" a
                while [[ $1 == -* && $1 != -- ]]; do
                    case $1 in
                    -P) pre=$2; shift 2 ;;
                    -S|-J|-X|-x|-M) shift 2 ;;
                    *) shift ;;
                    esac
                done
                [[ $1 == -- ]] && shift
                for a in "$@"; do [[ $pre$a == $PREFIX* ]] && print -r -- "$pre$a"; done
            }
            _files() {
                local g="*" f
                [[ $1 == -g ]] && g=$2
                for f in ${PREFIX}*(N); do
                    [[ $f == ${~g} || -d $f ]] && print -r -- $f
                done
            }
            compset() { return 1; }
            # Loaded as compinit would autoload it: the file runs _bench.
            source $comp/_bench
        ' zsh "$comp" "$@"
    }
    check "zsh: test names, *.lua files, commands on results" \
        "$(printf '%s\n' $tests $doc_cmds my_load.lua parallel_load.lua options.lua scripts)" \
        "$(zsh_complete "$B" "")"
    check "zsh: ./bench (compsys dispatches on the name after the slash)" "--threads=
--thread-stack-size=
--thread-init-timeout=" "$(zsh_complete ./bench --thr)"
    check "zsh: commands of a script" "$(printf '%s\n' prepare run cleanup help load verify)" \
        "$(zsh_complete "$B" parallel_load.lua "")"
    check "zsh: an OLTP workload's own commands" "prewarm
prepare" "$(zsh_complete "$B" oltp_read_write pre)"
    check "zsh: options of a workload" "--table_size=
--tables=" "$(zsh_complete "$B" oltp_read_write --table)"
    check "zsh: a script's own options" "--greeting=" "$(zsh_complete "$B" options.lua --gre)"
    check "zsh: --rand-type values" "--rand-type=uniform
--rand-type=gaussian
--rand-type=special
--rand-type=pareto" "$(zsh_complete "$B" --rand-type=)"
    check "zsh: --file-test-mode values" "--file-test-mode=seqrd
--file-test-mode=seqrewr
--file-test-mode=seqwr" "$(zsh_complete "$B" fileio --file-test-mode=seq)"
    check "zsh: boolean values" "--histogram=on
--histogram=off" "$(zsh_complete "$B" cpu --histogram=)"
    for c in $doc_cmds; do
        check "zsh: bench $c: result documents" "base.json
new.json
scripts" "$(zsh_complete "$B" $c "")"
    done
    check "zsh: a (a, b, ...) value list: --pgsql-sslmode" "--pgsql-sslmode=verify-ca
--pgsql-sslmode=verify-full" "$(zsh_complete "$B" --compat=1.1 --pgsql-sslmode=ver)"
    check "zsh: --format values" "--format=csv" "$(zsh_complete "$B" --format=c)"
    check "zsh: --db-driver values" "--db-driver=sqlite" "$(zsh_complete "$B" --db-driver=sq)"
else
    echo "# zsh not installed: its completion not checked"
fi

echo "1..$n"
[ "$failed" -eq 0 ]
