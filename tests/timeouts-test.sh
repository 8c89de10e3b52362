#!/bin/sh
# The C suites carry no timeout of Check's own, so that a loaded machine
# fails no case that is only slow: meson's timeout of each suite (scaled by
# `meson test --timeout-multiplier`) is what stops a hang (tests/common.h,
# test_case; docs/testing.md).
#
# 1. Every test case of tests/*.c is made by test_case(), and none sets a
#    timeout of its own.
# 2. The rng suite, whose longest case takes about a second, still passes
#    with Check's default timeout set to 10 ms (CK_DEFAULT_TIMEOUT), as a
#    machine a hundred times slower than the cases' old 4 s would be: with a
#    timeout of Check's own it fails.
#
# usage: timeouts-test.sh TESTS_DIR SUITE_PROGRAM
set -eu
dir=$1
suite=$2

bad=$(grep -n 'tcase_create\|tcase_set_timeout' "$dir"/*.c || true)
if [ -n "$bad" ]; then
    echo "timeouts-test: test cases made or timed outside test_case() (tests/common.h):" >&2
    echo "$bad" >&2
    exit 1
fi
n=$(grep -c 'test_case(' "$dir"/test_*.c | awk -F: '{s += $2} END {print s}')
[ "$n" -gt 0 ] || { echo "timeouts-test: no test_case() found in $dir" >&2; exit 1; }

log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! CK_FORK=yes CK_DEFAULT_TIMEOUT=0.01 CK_TIMEOUT_MULTIPLIER=1 "$suite" >"$log" 2>&1; then
    cat "$log" >&2
    echo "timeouts-test: $suite failed with Check's default timeout at 10 ms" >&2
    exit 1
fi
if grep -q 'Test timeout expired' "$log"; then
    cat "$log" >&2
    exit 1
fi
echo "timeouts-test: $n test cases, none with a timeout of Check's own; $(basename "$suite") passes with Check's default timeout at 10 ms"
