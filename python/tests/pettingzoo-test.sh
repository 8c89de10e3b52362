#!/bin/sh
# PettingZoo's own tests (api_test, seed_test, performance_benchmark) on
# crown.env.CrownEnv: the PettingZoo class of test_env.py, run by the first
# of the given python3 programs that imports pettingzoo and gymnasium, at
# the time the test runs (so a PYTHONPATH given to `meson test` counts);
# exits 77 (a skip for Meson) when none does.
#
# usage: pettingzoo-test.sh TEST_ENV_PY PYTHON3...
set -u
test_env=$1
shift
for python in "$@"; do
    if "$python" -c 'import pettingzoo, gymnasium' >/dev/null 2>&1; then
        echo "$python:" $("$python" -c 'import pettingzoo, gymnasium
print("pettingzoo", pettingzoo.__version__, "gymnasium", gymnasium.__version__)')
        CROWN_EXPECT_PETTINGZOO=1 exec "$python" "$test_env" PettingZoo
    fi
done
echo "SKIP: none of $* imports pettingzoo and gymnasium (pip install pettingzoo gymnasium," \
     "or give their directory in PYTHONPATH to meson test)"
exit 77
