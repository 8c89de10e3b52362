#!/bin/sh
# mypy --strict on the crown package, on examples/python and on
# python/tests/typed_use.py (code written against the package's type hints),
# twice: with the packages of mypy's own Python (numpy, say) and with none
# of them (--no-site-packages), as numpy and Gymnasium are optional.  Fails
# when mypy reports an error; exits 77 (a skip for Meson) when there is no
# mypy program (Debian: apt-get install mypy; .ci/deps installs it).
#
# usage: mypy-test.sh SOURCE_ROOT
set -u
root=$1

if ! command -v mypy >/dev/null 2>&1; then
    echo "SKIP: no mypy program on the PATH (Debian: apt-get install mypy)"
    exit 77
fi
mypy --version
status=0
for site in "" --no-site-packages; do
    echo "mypy --strict ${site:-(with site packages)}:"
    # No cache: a cache written with other site packages misleads mypy.
    (cd "$root" && mypy --strict $site --cache-dir=/dev/null \
        python/crown examples/python python/tests/typed_use.py) || status=1
done
exit $status
