# SPDX-License-Identifier: MIT
# bash completion for bench (installed as completions/bench of
# bash-completion). Everything is asked of the bench being completed, when
# TAB is pressed, so options added later and a script's own options
# complete too:
#   test names    the built-in tests and bundled workloads of `bench --help`,
#                 *.lua files, and the commands on result documents (merge,
#                 compare: then *.json files and their --help's options);
#   commands      prepare run cleanup help, the OLTP workloads' own (prewarm
#                 warmup, from `bench --help`),
#                 and a script's own sysbench.cmdline.commands;
#   options       `bench --help` and `bench <test> help`;
#   values        on/off for booleans, the {a,b,...} or (a, b, ...) set a
#                 description lists, the drivers for --db-driver, the sets
#                 of --format, --mysql-ssl and --compat, files otherwise.

# The commands on result documents (bench merge ...) this bench has: each
# answers --help with "Usage:" then "  bench <command> ...".
_bench_doc_commands() { # _bench_doc_commands BENCH
    local c
    for c in merge compare plot; do
        "$1" $c --help 2>/dev/null | sed -n 2p | grep -q "^  [^ ]* $c " && echo $c
    done
}

# The help text of `bench --help`, `bench TEST help` or, for a command on
# result documents, `bench COMMAND --help` (stderr dropped).
# A --compat=... of the command line is passed on ($_bench_compat).
_bench_help() { # _bench_help BENCH [TEST]
    case $2 in
    "") "$1" ${_bench_compat:+"$_bench_compat"} --help 2>/dev/null ;;
    merge | compare | plot) "$1" "$2" --help 2>/dev/null ;;
    *) "$1" ${_bench_compat:+"$_bench_compat"} "$2" help 2>/dev/null ;;
    esac
}

# Option names, one per line, with "=" when the option takes a value.
_bench_option_names() { # _bench_option_names BENCH [TEST]
    {
        case $2 in merge | compare | plot) ;; *) _bench_help "$1" ;; esac
        [ -n "$2" ] && _bench_help "$1" "$2"
    } |
        sed -n -e 's/^  \(--[A-Za-z0-9_-]*\)\[=on|off\].*/\1/p' \
            -e 's/^  \(--[A-Za-z0-9_-]*=\).*/\1/p' \
            -e 's/^  \(--[A-Za-z0-9_-]*\)\( .*\)\{0,1\}$/\1/p'
}

# Test names: built-in tests and bundled workloads.
_bench_test_names() { # _bench_test_names BENCH
    _bench_help "$1" | sed -n \
        -e '/^Compiled-in tests:$/,/^$/s/^  \([a-z_0-9]*\) - .*/\1/p' \
        -e '/^Bundled workloads/,/^$/s/^  \([a-z_0-9]*\)$/\1/p'
}

# The values of option NAME (without --), one per line; nothing when free.
_bench_option_values() { # _bench_option_values BENCH TEST NAME
    local line set
    case $3 in
    db-driver)
        _bench_help "$1" | sed -n \
            -e '/^Compiled-in database drivers:$/,/^$/s/^  \([a-z_0-9]*\) - .*/\1/p' \
            -e '/^bench database drivers that/,/^$/s/^  \([a-z_0-9]*\) - .*/\1/p'
        return
        ;;
    compat) printf '%s\n' 1.0 1.1; return ;;
    # Value sets a help line states in words rather than as {a,b}.
    format)
        if [ "$2" = compare ]; then printf '%s\n' text markdown json; else
            printf '%s\n' text json csv; fi
        return
        ;;
    mysql-ssl)
        printf '%s\n' on off DISABLED PREFERRED REQUIRED VERIFY_CA VERIFY_IDENTITY
        return
        ;;
    esac
    line=$({ _bench_help "$1"; [ -n "$2" ] && _bench_help "$1" "$2"; } |
        grep -m1 -e "^  --$3[=[]")
    case $line in
    "  --$3[=on|off]"*) printf '%s\n' on off ;;
    *"{"*"}"*)
        set=${line#*\{}
        set=${set%%\}*}
        printf '%s\n' "$set" | tr ',' '\n' | sed 's/^ *//; s/ *$//'
        ;;
    *"("*", "*")"*)
        # "(disable, allow, prefer)": a list of single words only.
        set=${line#*\(}
        set=${set%%\)*}
        if [[ $set =~ ^[A-Za-z0-9_.-]+(,\ ?[A-Za-z0-9_.-]+)+$ ]]; then
            printf '%s\n' "$set" | tr ',' '\n' | sed 's/^ *//'
        fi
        ;;
    esac
}

# A script's own commands: the names in its sysbench.cmdline.commands table.
_bench_script_commands() { # _bench_script_commands FILE
    [ -r "$1" ] || return
    sed -n -e 's/^ *sysbench\.cmdline\.commands\.\([A-Za-z_][A-Za-z0-9_]*\) *=.*/\1/p' \
        -e '/sysbench\.cmdline\.commands *= *{/,/^}/s/^ *\([A-Za-z_][A-Za-z0-9_]*\) *= *{.*/\1/p' "$1"
}

_bench() {
    local line=${COMP_LINE:0:COMP_POINT}
    local cur=${line##*[[:space:]]}
    local -a words
    read -ra words <<<"${line%"$cur"}"
    local bench=${words[0]/#\~/$HOME} test="" command="" w i _bench_compat=""
    COMPREPLY=()
    for ((i = 1; i < ${#words[@]}; i++)); do
        w=${words[i]}
        case $w in
        --compat=*) _bench_compat=$w ;;
        -*) ;;
        *) if [ -z "$test" ]; then test=$w; elif [ -z "$command" ]; then command=$w; fi ;;
        esac
    done
    command -v "$bench" >/dev/null 2>&1 || bench=bench

    if [[ $cur == --*=* ]]; then
        local name=${cur%%=*} val=${cur#*=} v
        name=${name#--}
        local -a vals
        mapfile -t vals < <(_bench_option_values "$bench" "$test" "$name")
        if [ ${#vals[@]} -eq 0 ]; then
            mapfile -t vals < <(compgen -f -- "$val")
        else
            mapfile -t vals < <(compgen -W "${vals[*]}" -- "$val")
        fi
        # With "=" in COMP_WORDBREAKS (the default), readline replaces only
        # what follows it.
        for v in "${vals[@]}"; do
            if [[ $COMP_WORDBREAKS == *=* ]]; then COMPREPLY+=("$v"); else
                COMPREPLY+=("--$name=$v"); fi
        done
    elif [[ $cur == -* ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(_bench_option_names "$bench" "$test")" -- "$cur")
        if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]]; then
            compopt -o nospace 2>/dev/null
        fi
    elif [[ $test == merge || $test == compare || $test == plot ]]; then
        # Result documents.
        mapfile -t COMPREPLY < <(compgen -f -X '!*.json' -- "$cur")
        mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -d -S / -- "$cur")
        [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == */ ]] && compopt -o nospace 2>/dev/null
    elif [ -z "$test" ]; then
        mapfile -t COMPREPLY < <(compgen -W "$(_bench_test_names "$bench")
$(_bench_doc_commands "$bench")" -- "$cur")
        # Scripts: *.lua files, and directories to reach them.
        mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -f -X '!*.lua' -- "$cur")
        mapfile -t -O ${#COMPREPLY[@]} COMPREPLY < <(compgen -d -S / -- "$cur")
        [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == */ ]] && compopt -o nospace 2>/dev/null
    elif [ -z "$command" ]; then
        local cmds="prepare run cleanup help"
        case $test in
        oltp_*) cmds="$cmds $(_bench_help "$bench" |
            sed -n 's/^Commands of the OLTP workloads[^:]*: //p')" ;;
        esac
        cmds="$cmds $(_bench_script_commands "$test")"
        mapfile -t COMPREPLY < <(compgen -W "$cmds" -- "$cur")
    fi
    return 0
}

# bench from the PATH, and ./bench in a build or source tree (bash also
# falls back from any path to the name after its last slash, e.g.
# build/bench; the function asks the bench typed on the line).
complete -F _bench bench ./bench
