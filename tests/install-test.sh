#!/bin/sh
# Installs the build into a temporary DESTDIR and checks what a user gets:
# the library's SONAME and exported symbols, pkg-config, a C program built
# against the installed header and library, the installed programs, and the
# Python package importing from the installed tree.
#
# usage: install-test.sh BUILD_DIR PREFIX LIBDIR PYTHON_DIR MINIMAL_C [PYTHON]
set -eu

build=$1
prefix=$2
libdir=$3
pydir=$4
minimal=$5
python=${6:-}

case $libdir in /*) ;; *) libdir=$prefix/$libdir ;; esac
case $pydir in /*) ;; *) pydir=$prefix/$pydir ;; esac

dest=$(mktemp -d)
trap 'rm -rf "$dest"' EXIT INT TERM

fail() {
    echo "install-test: $*" >&2
    exit 1
}

meson install -C "$build" --destdir "$dest" --no-rebuild >"$dest/install.log" 2>&1 ||
    { cat "$dest/install.log" >&2; fail "meson install failed"; }

lib=$dest$libdir/libcrown.so.1
[ -f "$lib" ] || fail "no $libdir/libcrown.so.1 installed"
[ -f "$dest$prefix/include/crown/crown.h" ] || fail "crown/crown.h not installed"
[ -f "$dest$libdir/pkgconfig/crown.pc" ] || fail "crown.pc not installed"

# SONAME and exports: only crown_*, each with the CROWN_1 version.
if command -v readelf >/dev/null 2>&1 && command -v nm >/dev/null 2>&1; then
    readelf -d "$lib" | grep -q 'SONAME.*\[libcrown\.so\.1\]' || fail "SONAME is not libcrown.so.1"
    syms=$(nm -D --defined-only "$lib" | awk '$3 != "CROWN_1" {print $3}')
    [ -n "$syms" ] || fail "no exported symbols found"
    for s in $syms; do
        case $s in
            crown_*@@CROWN_1) ;;
            *) fail "unexpected export: $s" ;;
        esac
    done
    echo "exports: $(echo "$syms" | wc -l) crown_* symbols, all versioned CROWN_1"
fi

# A C program through pkg-config, as a user builds it.
export PKG_CONFIG_PATH="$dest$libdir/pkgconfig"
export PKG_CONFIG_SYSROOT_DIR="$dest"
flags=$(pkg-config --cflags --libs crown) || fail "pkg-config --cflags --libs crown failed"
${CC:-cc} -std=c11 -Wall -Wextra -Werror "$minimal" $flags -o "$dest/minimal" ||
    fail "minimal.c does not build against the installed library"
out=$(LD_LIBRARY_PATH="$dest$libdir" "$dest/minimal") || fail "minimal failed: $out"
echo "$out" | grep -q "game over" || fail "minimal printed: $out"
echo "minimal: $(echo "$out" | head -n 1)"

# The installed programs run.
for prog in crown-play crown-bench crown-minimal kings-family-stats; do
    [ -x "$dest$prefix/bin/$prog" ] || fail "$prog not installed"
done
LD_LIBRARY_PATH="$dest$libdir" "$dest$prefix/bin/crown-play" --list | grep -q game_of_kingdoms ||
    fail "crown-play --list"

# The Python package, from the installed tree.
if [ -n "$python" ]; then
    [ -f "$dest$pydir/crown/__init__.py" ] || fail "python package not installed in $pydir"
    grep -q "$libdir" "$dest$pydir/crown/_build_config.py" || fail "_build_config.py lacks LIBDIR"
    PYTHONPATH="$dest$pydir" CROWN_LIBRARY="$lib" "$python" -c '
import crown
g = crown.Game("game_of_kingdoms", "players=3", seed=5)
while not g.is_terminal():
    g.apply(g.legal_moves()[-1])
assert abs(sum(g.returns())) < 1e-9
print("python: crown", crown.version(), "from", crown.__file__)
' || fail "the installed python package does not work"
fi
echo "install-test: ok"
