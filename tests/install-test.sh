#!/bin/sh
# What `meson install` gives a user.
#
# 1. A staged install (DESTDIR): the files are there, libcrown's SONAME is
#    libcrown.so.1 and it exports only crown_* symbols, each versioned
#    with the version node lib/crown.map gives it (CROWN_1, CROWN_1.1, ...),
#    crown.pc works, the installed minimal.c builds against the staged tree,
#    bin holds the programs crown-play and crown-bench only (the demos are
#    installed as sources with the examples), each with its man page in
#    share/man/man1, the LICENSE and the documents a user reads are in
#    share/doc/crown, which crown-play's page names, the staged programs
#    and Python package run (with LD_LIBRARY_PATH and PYTHONPATH: nothing
#    finds a staged tree by itself).
# 2. The real install, in a private mount namespace (root and `unshare -m`):
#    /usr/local, /etc, /var/cache/ldconfig, /var/cache/man and the Python
#    package's directory are overlays whose changes stay in a tmpfs of the
#    namespace, so nothing reaches the real system.  It runs the README's install command, then,
#    with no LD_LIBRARY_PATH, PYTHONPATH or CROWN_LIBRARY: the installed
#    programs, crown-play's rules point to the installed documents,
#    `man -w` finds the programs' pages and `man -k crown` lists both (the
#    install refreshed man's index, /var/cache/man, an overlay too); the
#    installed examples
#    minimal.c, search.c and kings-family-stats.c built with
#    `cc ... $(pkg-config --cflags --libs crown)`; `import crown` and the
#    package's own tests with Meson's python3; `import crown` and a
#    tournament of crown.arena (the library's search against random) with the
#    second interpreter the same install put the package in
#    (-Dpython_extra: Debian's /usr/bin/python3 when
#    Meson's python3 is another one); `import crown` with the python3 of
#    Debian's default PATH, as on a fresh Debian machine; and
#    `pip install --no-index ./python` (then its sdist) in a venv of
#    /usr/bin/python3.  Then the uninstall: installed again, as after an
#    update, and the package imported by root with both interpreters
#    (writing its bytecode), the README's uninstall command leaves the
#    prefix and the package's directories exactly as they were before the
#    install (a listing of them), the loader's cache no longer names
#    libcrown, and `man -k crown` no longer lists the programs.
# Neither part changes the build directory's record of a real install
# (meson-logs): the staged install's log is put back, the real install's
# stays in the namespace.
#
# Part 2 needs root, unshare, overlayfs and the prefix /usr/local (the
# README's); when it or a piece of it cannot run, the test says what was
# skipped and exits 77 (skipped), never 0.
#
# usage: install-test.sh BUILD_DIR PREFIX LIBDIR PYTHON_DIR [PYTHON [EXTRA_DIR EXTRA_PYTHON]]
#   PYTHON_DIR is "-" and PYTHON empty when Meson installs no Python package;
#   EXTRA_DIR is "-" and EXTRA_PYTHON empty when it installs it for no second
#   interpreter (-Dpython_extra).
set -eu

build=$1
prefix=$2
libdir=$3
pydir=$4
python=${5:-}
extradir=${6:--}
extra=${7:-}

case $libdir in /*) ;; *) libdir=$prefix/$libdir ;; esac
# What goes to bin, and the examples' sources (ls order).
programs="crown-bench crown-play"
examples=$prefix/share/doc/crown/examples
example_sources="bench_arena.py bench_env.py bench_vector.py ismcts.py kings-family-stats.c minimal.c search.c selfplay.py"
# The documents installed into share/doc/crown (ls order).
user_docs="actions.md arena.md blood-bound.md bots.md game-of-kingdoms.md kings-blood-cards.md kings-blood.md kings-family.md observations.md save-format.md stability.md vector.md"
case $pydir in -|/*) ;; *) pydir=$prefix/$pydir ;; esac
[ -n "$python" ] || pydir=-
case $extradir in -|/*) ;; *) extradir=$prefix/$extradir ;; esac
[ -n "$python" ] && [ -n "$extra" ] || extradir=-
# The package's directories: Meson's python3's, then the second interpreter's.
pydirs="$( [ "$pydir" = - ] || echo "$pydir") $( [ "$extradir" = - ] || echo "$extradir")"
here=$(cd "$(dirname "$0")" && pwd)
src=$(dirname "$here")

fail() {
    echo "install-test: $*" >&2
    exit 1
}

skipped() {
    echo "install-test: SKIPPED: $*"
    echo "$*" >>"$tmp/skipped"
}

# Where `import crown` finds the package: the directory that holds crown/.
pywhere='
import os, crown
print(os.path.dirname(os.path.dirname(os.path.abspath(crown.__file__))))
'

# The check every Python runs: import crown as a user does (from a directory
# with nothing of crown's in it), play a game, and say where crown and
# libcrown came from.  argv: the directory crown must come from ("-": any),
# the library it must load, "meson" or "pip" (a pip package has no
# _build_config).
pycheck='
import importlib.util, os, sys
import crown
where, lib, how = sys.argv[1:]
pkg = os.path.dirname(os.path.dirname(os.path.abspath(crown.__file__)))
assert where == "-" or os.path.realpath(pkg) == os.path.realpath(where), \
    "crown imported from %s, not %s" % (pkg, where)
assert os.path.realpath(crown.library_path) == os.path.realpath(lib), \
    "crown loaded %s, not %s" % (crown.library_path, lib)
has_config = importlib.util.find_spec("crown._build_config") is not None
assert has_config == (how == "meson"), "_build_config present: %s" % has_config
g = crown.Game("game_of_kingdoms", "players=3", seed=5)
while not g.is_terminal():
    g.apply(g.legal_moves()[-1])
assert abs(sum(g.returns())) < 1e-9
print("python: %s imports crown %s from %s, libcrown from %s"
      % (sys.executable, crown.version(), pkg, crown.library_path))
'

# ---- 2, inside the namespace -------------------------------------------------
if [ "${CROWN_INSTALL_TEST_NS:-}" = 1 ]; then
    tmp=$CROWN_INSTALL_TEST_TMP
    ns=$tmp/ns
    mount -t tmpfs crown-install-test "$ns" || { skipped "real install: cannot mount a tmpfs"; exit 77; }
    private=""
    n=0
    # nearest DIR: DIR, or its nearest existing parent.
    nearest() {
        d=$1
        while [ ! -d "$d" ]; do d=$(dirname "$d"); done
        echo "$d"
    }
    # make_private DIR: its nearest existing directory becomes an overlay.
    make_private() {
        d=$(nearest "$1")
        for p in $private; do
            case $d/ in "$p"/*) return 0 ;; esac
        done
        [ "$d" != / ] || return 1
        n=$((n + 1))
        mkdir "$ns/$n" "$ns/$n/upper" "$ns/$n/work"
        mount -t overlay crown-install-test \
            -o "lowerdir=$d,upperdir=$ns/$n/upper,workdir=$ns/$n/work" "$d" || return 1
        private="$private $d"
    }
    # The build's logs too: the install keeps its log there for the uninstall.
    for d in "$prefix" /etc /var/cache/ldconfig /var/cache/man $pydirs "$build/meson-logs"; do
        make_private "$d" || { skipped "real install: cannot make $d private (overlayfs)"; exit 77; }
    done
    echo "private:$private"

    # What the prefix and the Python package's directories hold before: the
    # uninstall must leave them so.  (Only when crown is not installed yet.)
    listing() {
        find "$prefix" $(for d in $pydirs; do nearest "$d"; done) \
            -printf '%y %m %u:%g %p -> %l\n' | sort -u
    }
    ldconfig=$(command -v ldconfig || echo /sbin/ldconfig)
    installed=
    for d in $pydirs; do
        [ ! -e "$d/crown" ] || installed=yes
    done
    if [ -e "$libdir/libcrown.so.1" ] || [ -e "$prefix/include/crown" ] ||
        [ -n "$installed" ] || "$ldconfig" -p | grep -q libcrown; then
        before=
    else
        listing >"$tmp/before"
        before=$tmp/before
    fi

    # As a user has it: nothing set that only a test would set.
    unset LD_LIBRARY_PATH PYTHONPATH PYTHONHOME CROWN_LIBRARY PKG_CONFIG_PATH \
        PKG_CONFIG_SYSROOT_DIR PKG_CONFIG_LIBDIR
    export PYTHONDONTWRITEBYTECODE=1  # no __pycache__ in the source tree

    # The README's install command, as written (with this build directory).
    readme_install=$(sed -n '/^## Install/,/^## [^I]/p' "$src/README.md")
    echo "$readme_install" | grep -qx 'meson install -C build' ||
        fail "README.md's Install section has no line 'meson install -C build'"
    (cd "$src" && meson install -C "$build") >"$tmp/real-install.log" 2>&1 ||
        { cat "$tmp/real-install.log" >&2; fail "meson install -C $build failed"; }
    "$ldconfig" -p | grep -q " => $libdir/libcrown.so.1\$" ||
        { cat "$tmp/real-install.log" >&2; fail "meson install did not put libcrown.so.1 in the loader's cache"; }
    echo "loader: $("$ldconfig" -p | grep libcrown)"

    # The installed programs, found by the loader alone (no RUNPATH either).
    for prog in $programs; do
        [ -x "$prefix/bin/$prog" ] || fail "$prog not installed"
        if readelf -d "$prefix/bin/$prog" | grep -Eq '\((RUNPATH|RPATH)\)'; then
            fail "$prog has a RUNPATH/RPATH"
        fi
    done
    "$prefix/bin/crown-play" --list | grep -q game_of_kingdoms || fail "crown-play --list"
    "$prefix/bin/crown-bench" --help >/dev/null || fail "crown-bench --help"
    echo "programs: $programs run"
    # crown-play's rules point to the installed documents.
    rules=$(printf 'rules\nquit\n' | "$prefix/bin/crown-play" kings_blood --human 0 --bot random) ||
        fail "crown-play's rules"
    echo "$rules" | grep -qx "The full rules, the options and the notation: $prefix/share/doc/crown/kings-blood.md" ||
        fail "crown-play's rules do not point to $prefix/share/doc/crown/kings-blood.md: $rules"
    ! echo "$rules" | grep -q "not installed" || fail "crown-play's rules do not find the installed documents"
    echo "rules: crown-play points to $prefix/share/doc/crown/kings-blood.md"
    # man finds their pages.
    if command -v man >/dev/null 2>&1; then
        for prog in $programs; do
            where=$(man -w "$prog" 2>&1) || fail "man -w $prog: $where"
            [ "$(readlink -f "$where")" = "$(readlink -f "$prefix/share/man/man1/$prog.1")" ] ||
                fail "man -w $prog gives $where"
        done
        echo "man: finds the pages of $programs in $prefix/share/man/man1"
        # The install refreshed man's index: man -k finds both programs.
        found=$(man -k crown 2>&1) || fail "man -k crown found nothing after the install: $found"
        for prog in $programs; do
            echo "$found" | grep -q "^$prog (1) *- ." || fail "man -k crown does not list $prog: $found"
        done
        echo "man -k crown: $(echo "$found" | sed 's/ .*//' | tr '\n' ' ')"
    else
        skipped "man: not there (Debian: man-db)"
    fi

    # The installed examples, built as the README builds a user's program.
    flags=$(pkg-config --cflags --libs crown) || fail "pkg-config --cflags --libs crown failed"
    for ex in minimal search kings-family-stats; do
        ${CC:-cc} -std=c11 -Wall -Wextra -Werror "$examples/$ex.c" $flags -o "$tmp/$ex" ||
            fail "$examples/$ex.c does not build with \$(pkg-config --cflags --libs crown)"
    done
    out=$("$tmp/minimal") || fail "minimal built with pkg-config failed: $out"
    echo "$out" | grep -q "game over" || fail "minimal printed: $out"
    out=$("$tmp/search" --params iterations=50) || fail "search built with pkg-config failed: $out"
    echo "$out" | grep -q "^the search (iterations=50) won [0-9]* of 10 games" || fail "search printed: $out"
    out=$("$tmp/kings-family-stats" --games 20) || fail "kings-family-stats failed: $out"
    echo "$out" | grep -q "^greedy  games 20 " || fail "kings-family-stats printed: $out"
    echo "pkg-config: cc $examples/{minimal,search,kings-family-stats}.c $flags:" \
        "$(echo "$out" | head -n 1)"

    cd "$tmp"
    lib=$libdir/libcrown.so.1
    debian=/usr/bin/python3
    if [ -n "$python" ]; then
        "$python" -c "$pycheck" "$pydir" "$lib" meson || fail "$python: import crown"
        # The package's own tests, on the installed package and library.
        env -u PYTHONPATH -u CROWN_LIBRARY -u LD_LIBRARY_PATH \
            CROWN_HEADER="$prefix/include/crown/crown.h" \
            "$python" "$src/python/tests/test_crown.py" >"$tmp/python-tests.log" 2>&1 || {
            tail -n 40 "$tmp/python-tests.log" >&2
            fail "the Python tests fail on the installed package"
        }
        echo "python tests on the installed package: $(tail -n 1 "$tmp/python-tests.log")"
        env -u PYTHONPATH -u CROWN_LIBRARY -u LD_LIBRARY_PATH \
            "$python" "$src/python/tests/test_env.py" Env >"$tmp/python-env-tests.log" 2>&1 || {
            tail -n 40 "$tmp/python-env-tests.log" >&2
            fail "the crown.env tests fail on the installed package"
        }
        echo "crown.env tests on the installed package: $(tail -n 1 "$tmp/python-env-tests.log")"
        env -u PYTHONPATH -u CROWN_LIBRARY -u LD_LIBRARY_PATH \
            "$python" "$src/python/tests/test_search.py" >"$tmp/python-search-tests.log" 2>&1 || {
            tail -n 40 "$tmp/python-search-tests.log" >&2
            fail "the crown.Search tests fail on the installed package"
        }
        echo "crown.Search tests on the installed package: $(tail -n 1 "$tmp/python-search-tests.log")"
    else
        echo "python: Meson installs no Python package (-Dpython)"
    fi

    # The second interpreter, from the same install: crown imports and a
    # tournament plays (Debian's dask-worker runs crown.arena's games on it).
    if [ "$extradir" != - ]; then
        "$extra" -c "$pycheck" "$extradir" "$lib" meson || fail "$extra: import crown"
        "$extra" -m crown.arena --game game_of_kingdoms --bots random,search:iterations=20 \
            --games 2 --workers 1 --seed 1 >"$tmp/extra-arena.log" 2>&1 ||
            { cat "$tmp/extra-arena.log" >&2; fail "$extra -m crown.arena failed"; }
        echo "python_extra: $extra -m crown.arena plays: $(head -n 1 "$tmp/extra-arena.log")"
    fi

    # The python3 of Debian's default PATH, as on a fresh Debian machine:
    # it imports crown, from Meson's python3's directory or the second one.
    debpath=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
    realexe() {
        "$1" -c 'import os, sys; print(os.path.realpath(sys.executable))'
    }
    if [ ! -x "$debian" ]; then
        skipped "$debian: not there"
    elif [ -z "$python" ]; then
        echo "python: $debian not checked, the build installs no Python package"
    elif [ "$(PATH=$debpath command -v python3)" != "$debian" ]; then
        skipped "python3: Debian's default PATH ($debpath) does not find $debian"
    else
        deb=$(realexe "$debian")
        if [ "$deb" = "$(realexe "$python")" ]; then
            where=$pydir
        elif [ "$extradir" != - ] && [ "$deb" = "$(realexe "$extra")" ]; then
            where=$extradir
        else
            where=
        fi
        if [ -n "$where" ]; then
            out=$(PATH=$debpath && export PATH && python3 -c "$pycheck" "$where" "$lib" meson) ||
                fail "python3 of Debian's PATH: import crown"
            echo "Debian's PATH: $out"
        else
            echo "python: $debian not checked: the build installs crown for $python" \
                "$( [ "$extradir" = - ] || echo "and $extra ")only (-Dpython_extra)"
        fi
    fi

    # pip install ./python in a venv: crown finds libcrown through the loader.
    if [ ! -x "$debian" ]; then
        :
    elif ! "$debian" -c 'import ensurepip, venv' 2>/dev/null; then
        skipped "venv: $debian has no venv/ensurepip (Debian: apt-get install python3-venv)"
    else
        echo "$readme_install" | grep -q 'pip install ./python' ||
            fail "README.md's Install section does not say 'pip install ./python'"
        "$debian" -m venv "$tmp/venv" || fail "$debian -m venv failed"
        pip="$tmp/venv/bin/python -m pip --disable-pip-version-check --no-cache-dir -q"
        (cd "$src" && $pip install --no-index ./python) || fail "pip install --no-index ./python"
        "$tmp/venv/bin/python" -c "$pycheck" "$tmp/venv/lib/python"*/site-packages "$lib" pip ||
            fail "venv: import crown"
        sdist=$("$tmp/venv/bin/python" -c 'import sys; sys.path.insert(0, sys.argv[1])
import crown_build; print(crown_build.build_sdist(sys.argv[2]))' "$src/python/_backend" "$tmp") ||
            fail "build_sdist"
        $pip install --no-index --force-reinstall "$tmp/$sdist" || fail "pip install $sdist"
        "$tmp/venv/bin/python" -c "$pycheck" - "$lib" pip >/dev/null || fail "venv: import crown (sdist)"
        echo "pip: ./python and $sdist install offline into a venv"
    fi

    # The uninstall.  First installed again, as after an update (Meson's log
    # of this install names no directory: they were there), and the package
    # imported by root, who may write its bytecode (__pycache__) beside it;
    # then the README's uninstall command (after that of the Debian build):
    # the prefix and the package's directory are as they were before the
    # install, and the loader's cache no longer names libcrown.
    if [ -z "$before" ]; then
        skipped "uninstall: crown was installed in $prefix already"
        exit 77
    fi
    echo "$readme_install" | grep -qx 'sh lib/uninstall.sh build' ||
        fail "README.md's Install section has no line 'sh lib/uninstall.sh build'"
    (cd "$src" && meson install -C "$build") >"$tmp/real-install.log" 2>&1 ||
        { cat "$tmp/real-install.log" >&2; fail "meson install -C $build, again, failed"; }
    for py in $( [ -z "$python" ] || echo "$python") $( [ "$extradir" = - ] || echo "$extra"); do
        # -S: no site directory's .pth modules, whose bytecode would be
        # written too.
        where=$(cd "$tmp" && "$py" -c "$pywhere") || fail "$py: import crown"
        (cd "$tmp" && env -u PYTHONDONTWRITEBYTECODE "$py" -S -c \
            'import sys; sys.path.insert(0, sys.argv[1]); import crown, crown.env' "$where") ||
            fail "$py -S: import crown"
        [ -d "$where/crown/__pycache__" ] || fail "$py wrote no bytecode into $where/crown"
    done
    (cd "$src" && sh lib/uninstall.sh "$build") >"$tmp/uninstall.log" 2>&1 ||
        { cat "$tmp/uninstall.log" >&2; fail "sh lib/uninstall.sh $build failed"; }
    listing >"$tmp/after"
    if ! diff -u --label "before the install" --label "after the uninstall" \
        "$tmp/before" "$tmp/after" >&2; then
        cat "$tmp/uninstall.log" >&2
        fail "the uninstall did not leave $prefix ${pydirs:+and $pydirs }as it was (diff above)"
    fi
    if "$ldconfig" -p | grep libcrown >&2; then
        fail "the loader's cache still names libcrown after the uninstall"
    fi
    if command -v man >/dev/null 2>&1 && man -k crown 2>/dev/null | grep -E "^crown-(play|bench) " >&2; then
        fail "man -k crown still lists the programs after the uninstall"
    fi
    echo "uninstall: after two installs, $prefix ${pydirs:+and $pydirs }are as they were, libcrown is out of the loader's cache: $(tail -n 1 "$tmp/uninstall.log")"
    exit 0
fi

# ---- 1, the staged install ---------------------------------------------------
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
dest=$tmp/dest

# A staged install writes Meson's install log anew: the build directory's own
# (a real install's, which `ninja uninstall` reads) is put back after it.
log=$build/meson-logs/install-log.txt
[ ! -f "$log" ] || cp -p "$log" "$tmp/install-log.txt" || fail "cannot keep $log"
status=0
meson install -C "$build" --destdir "$dest" --no-rebuild >"$tmp/install.log" 2>&1 || status=$?
if [ -f "$tmp/install-log.txt" ]; then
    cp -p "$tmp/install-log.txt" "$log" || fail "cannot put $log back"
else
    rm -f "$log"
fi
[ $status -eq 0 ] || { cat "$tmp/install.log" >&2; fail "meson install failed"; }

lib=$dest$libdir/libcrown.so.1
[ -f "$lib" ] || fail "no $libdir/libcrown.so.1 installed"
[ -f "$dest$prefix/include/crown/crown.h" ] || fail "crown/crown.h not installed"
[ -f "$dest$libdir/pkgconfig/crown.pc" ] || fail "crown.pc not installed"

# The programs in bin, the demos' sources (not programs) with the examples.
[ "$(ls "$dest$prefix/bin")" = "$(printf '%s\n' $programs)" ] ||
    fail "bin holds $(ls "$dest$prefix/bin" | tr '\n' ' '), not just $programs"
[ "$(ls "$dest$examples")" = "$(printf '%s\n' $example_sources)" ] ||
    fail "$examples holds $(ls "$dest$examples" | tr '\n' ' '), not $example_sources"
cmp -s "$src/LICENSE" "$dest$prefix/share/doc/crown/LICENSE" ||
    fail "LICENSE is not installed as share/doc/crown/LICENSE"
# The documents a user reads, beside it (those about the source stay there).
docs=$dest$prefix/share/doc/crown
[ "$(ls "$docs")" = "$(printf '%s\n' LICENSE $user_docs examples | sort)" ] ||
    fail "share/doc/crown holds $(ls "$docs" | tr '\n' ' '), not LICENSE $user_docs examples"
for d in $user_docs; do
    cmp -s "$src/docs/$d" "$docs/$d" || fail "share/doc/crown/$d is not docs/$d"
done
# crown-play's page names that directory, and the documents it names are there.
page=$dest$prefix/share/man/man1/crown-play.1
where=$(sed -n '/^\.SH FILES/,/^\.SH /{/^\.I \//{s/^\.I //p;q;};}' "$page")
[ "$where" = "$prefix/share/doc/crown" ] ||
    fail "crown-play(1)'s FILES names '$where', not $prefix/share/doc/crown"
named=$(sed -n '/^\.SH FILES/,/^\.SH SEE/p' "$page" | grep -o '[a-z\\-]*\.md' | sed 's/\\-/-/g' | sort -u)
[ -n "$named" ] || fail "crown-play(1)'s FILES names no document"
for d in $named; do
    [ -f "$dest$where/$d" ] || fail "crown-play(1) names $where/$d, which is not installed"
done
echo "docs: $(echo $user_docs | wc -w) documents in $prefix/share/doc/crown, which crown-play(1) names"
# A man page for each program, and none for another.
man1=$dest$prefix/share/man/man1
[ "$(ls "$man1" 2>/dev/null)" = "$(printf '%s.1\n' $programs)" ] ||
    fail "share/man/man1 holds $(ls "$man1" 2>/dev/null | tr '\n' ' '), not a page for each of $programs"

# SONAME and exports: only crown_*, each with the version node of
# lib/crown.map that names it (CROWN_1, CROWN_1.1, CROWN_1.2, ...).
if command -v readelf >/dev/null 2>&1 && command -v nm >/dev/null 2>&1; then
    readelf -d "$lib" | grep -q 'SONAME.*\[libcrown\.so\.1\]' || fail "SONAME is not libcrown.so.1"
    syms=$(nm -D --defined-only "$lib" | awk '$2 != "A" {print $3}')
    [ -n "$syms" ] || fail "no exported symbols found"
    # "name@@NODE" for every function the map names, the default version;
    # a function the map names in several nodes (a new version of it) is
    # also "name@NODE" in each older node (crown_batch_new@CROWN_1.2).
    wanted=$(awk '/^CROWN_[0-9.]* *\{/ {node = $1} /^ *crown_[a-z_0-9]*;$/ {
        sub(/^ */, ""); sub(/;$/, ""); if ($0 in last) old[$0 "@" last[$0]] = 1; last[$0] = node }
        END { for (n in last) print n "@@" last[n]; for (o in old) print o }' "$src/lib/crown.map")
    [ -n "$wanted" ] || fail "lib/crown.map names no functions"
    for s in $syms; do
        echo "$wanted" | grep -qx "$s" || fail "unexpected export: $s (lib/crown.map: $(
            echo "$wanted" | grep "^${s%%@*}@@" || echo none))"
    done
    for w in $wanted; do
        echo "$syms" | grep -qx "$w" || fail "$w is not exported"
    done
    echo "exports: $(echo "$syms" | wc -l) crown_* symbols, versioned as lib/crown.map says" \
        "($(echo "$wanted" | grep @@ | sed 's/.*@@//' | sort | uniq -c | awk '{printf "%s %s ", $2, $1}'))"
else
    skipped "exports: no readelf/nm (binutils)"
fi

# A C program through pkg-config, against the staged tree.
flags=$(PKG_CONFIG_PATH="$dest$libdir/pkgconfig" PKG_CONFIG_SYSROOT_DIR="$dest" \
    pkg-config --cflags --libs crown) || fail "pkg-config --cflags --libs crown failed"
${CC:-cc} -std=c11 -Wall -Wextra -Werror "$dest$examples/minimal.c" $flags -o "$tmp/minimal" ||
    fail "the installed minimal.c does not build against the installed library"
out=$(LD_LIBRARY_PATH="$dest$libdir" "$tmp/minimal") || fail "minimal failed: $out"
echo "$out" | grep -q "game over" || fail "minimal printed: $out"
echo "staged minimal: $(echo "$out" | head -n 1)"

LD_LIBRARY_PATH="$dest$libdir" "$dest$prefix/bin/crown-play" --list | grep -q game_of_kingdoms ||
    fail "crown-play --list"

if [ -n "$python" ]; then
    for d in $pydirs; do
        [ -f "$dest$d/crown/__init__.py" ] || fail "python package not installed in $d"
        [ -f "$dest$d/crown/py.typed" ] || fail "python package without py.typed in $d"
        grep -q "$libdir" "$dest$d/crown/_build_config.py" || fail "_build_config.py lacks LIBDIR"
        for f in "$src"/python/crown/*.py "$src"/python/crown/arena/*.py \
                 "$src"/python/crown/vector/*.py; do
            f=${f#"$src/python/"}
            [ -f "$dest$d/$f" ] || fail "$f not installed in $d"
        done
    done
    (cd "$tmp" && PYTHONPATH="$dest$pydir" CROWN_LIBRARY="$lib" "$python" -c "$pycheck" \
        "$dest$pydir" "$lib" meson) >/dev/null || fail "the staged python package does not work"
    if [ "$extradir" != - ]; then
        (cd "$tmp" && PYTHONPATH="$dest$extradir" CROWN_LIBRARY="$lib" "$extra" -c "$pycheck" \
            "$dest$extradir" "$lib" meson) >/dev/null ||
            fail "the staged python package does not work with $extra"
    fi
    (cd "$tmp" && PYTHONPATH="$dest$pydir" CROWN_LIBRARY="$lib" "$python" -m crown.arena \
        --game game_of_kingdoms --bots random,ismcts:iterations=2 --games 2 --workers 1) \
        >/dev/null || fail "the staged crown.arena does not run"
    echo "staged python: crown in$(for d in $pydirs; do printf ' %s' "$d"; done)"
fi

# ---- 2, the real install -----------------------------------------------------
real=yes
if [ "$(id -u)" -ne 0 ]; then
    skipped "real install: not root"; real=no
elif ! command -v unshare >/dev/null 2>&1; then
    skipped "real install: no unshare (util-linux)"; real=no
elif [ "$prefix" != /usr/local ]; then
    skipped "real install: the prefix is $prefix; only the README's /usr/local is installed for real"
    real=no
elif ! unshare -m true 2>/dev/null; then
    skipped "real install: unshare -m is not permitted here"; real=no
fi
if [ $real = yes ]; then
    # What the real system has before, to check that nothing leaks out.
    state() {
        ls -d "$libdir"/libcrown* "$prefix/bin/crown-play" "$prefix/include/crown" \
            $(for d in $pydirs; do echo "$d/crown"; done) "$build/meson-logs"/*install* \
            2>/dev/null || true
        cksum /etc/ld.so.cache /var/cache/man/index.db /var/cache/man/*/index.db 2>/dev/null || true
    }
    before=$(state)
    mkdir "$tmp/ns"
    status=0
    CROWN_INSTALL_TEST_NS=1 CROWN_INSTALL_TEST_TMP=$tmp \
        unshare -m --propagation private sh "$here/install-test.sh" "$@" || status=$?
    [ "$(state)" = "$before" ] || fail "the real install leaked out of its namespace: $(state)"
    case $status in
        0|77) ;;
        *) exit "$status" ;;
    esac
fi
if [ -s "$tmp/skipped" ]; then
    echo "install-test: passed, but skipped:"
    sed 's/^/  /' "$tmp/skipped"
    exit 77
fi
echo "install-test: ok"
