#!/bin/sh
# SPDX-License-Identifier: MIT
# cli_listed.sh: every transcript in tests/cli is a test of make check.
# Automake runs only the files Makefile.am lists in CLI_TESTS (exported to
# this script by make check); a transcript added but not listed would
# never run. Fails naming it; skips (77) outside make check.
here=$(cd "$(dirname "$0")" && pwd)
if [ -z "${CLI_TESTS:-}" ]; then
    echo "SKIP: CLI_TESTS unset (run by make check)"
    exit 77
fi
rc=0
for t in "$here"/cli/*.t; do
    name=tests/cli/$(basename "$t")
    case " $CLI_TESTS " in
    *" $name "*) ;;
    *)
        echo "$name: not in CLI_TESTS of Makefile.am: it never runs"
        rc=1
        ;;
    esac
done
exit $rc
