#!/bin/sh
# Fuzzes every harness for SECONDS each, from a scratch copy of its seed
# corpus (the repository is not changed), with the notation dictionary.
#   tests/fuzz/run-fuzz.sh BUILD_DIR SECONDS [HARNESS...]
# BUILD_DIR: a build with -Dfuzzing=true (docs/testing.md).  Prints each
# harness's last libFuzzer status line (executions, cov, ft, corpus) and
# exits non-zero on any finding; the crashing input is left in the
# scratch directory it names (make it a file in regressions/HARNESS/).
set -eu
build=$1 seconds=$2
shift 2
here=$(cd "$(dirname "$0")" && pwd)
[ $# -gt 0 ] || set -- options load moves api batch search
scratch=$(mktemp -d "${TMPDIR:-/tmp}/crown-fuzz.XXXXXX")
status=0
for h in "$@"; do
    mkdir -p "$scratch/$h/corpus" "$scratch/$h/findings"
    cp "$here/corpus/$h/"* "$scratch/$h/corpus/"
    [ ! -d "$here/regressions/$h" ] || cp "$here/regressions/$h/"* "$scratch/$h/corpus/"
    if "$build/tests/fuzz/fuzz_$h" -max_total_time="$seconds" -dict="$here/crown.dict" \
        -artifact_prefix="$scratch/$h/findings/" -print_final_stats=1 \
        "$scratch/$h/corpus" >"$scratch/$h/log" 2>&1; then
        execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$scratch/$h/log")
        last=$(grep -E '^#[0-9]+' "$scratch/$h/log" | tail -n 1)
        echo "fuzz_$h: ${seconds}s, $execs executions, no finding; $last"
    else
        status=1
        echo "fuzz_$h: FINDING (log: $scratch/$h/log, input in $scratch/$h/findings/)"
        grep -E 'ERROR|broken promise|SUMMARY' "$scratch/$h/log" | head -n 5
    fi
done
[ $status -ne 0 ] || rm -rf "$scratch"
exit $status
