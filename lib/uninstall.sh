#!/bin/sh
# Uninstalls what `meson install -C BUILD` installed: every file and link that
# the installs from BUILD since the last uninstall put in place, the bytecode
# Python wrote beside the package's modules (__pycache__, when the package
# was imported by a user who may write there, such as root), and each
# directory those installs created, once empty; directories that were there
# before stay.  Then ldconfig, so that the loader's cache forgets libcrown,
# and mandb, so that man's index forgets the pages.
#
# Meson's record of an install, BUILD/meson-logs/install-log.txt, names the
# files it installed, then the directories it created.  Each `meson install`
# (a DESTDIR one too) writes it anew, so after a second install it no longer
# names the directories that the first one created, and Meson's own
# `ninja uninstall` leaves them behind.  So every real install (not DESTDIR)
# runs this script with --keep-log, which keeps each install's log in BUILD/
# meson-logs: crown-install-log.txt is the last one, crown-installed.txt
# gathers the earlier ones.  Meson writes the directories last, after its
# install scripts, into the file it opened at the start: the script renames
# that file, Meson goes on writing into it, and the next install starts a new
# one.  A copy stays at Meson's name for `ninja uninstall`.  When a build
# directory has no such record (an install by an earlier version), Meson's log
# is used.
#
# usage: sh lib/uninstall.sh BUILD   (the README's uninstall; as root for a
#                                    prefix such as /usr/local)
#        uninstall.sh --keep-log     (run by `meson install`: MESON_BUILD_ROOT)
set -u
# Byte order for sort: a directory sorts before what it holds, and after it
# once reversed.
export LC_ALL=C
here=$(cd "$(dirname "$0")" && pwd)

say() {
    echo "crown: $*"
}

# ---- --keep-log: during `meson install` --------------------------------------
if [ "${1:-}" = --keep-log ]; then
    logs=${MESON_BUILD_ROOT:?run by meson install}/meson-logs
    {
        if [ -f "$logs/crown-install-log.txt" ]; then
            cat "$logs/crown-install-log.txt" >>"$logs/crown-installed.txt" &&
                rm "$logs/crown-install-log.txt"
        fi &&
            mv "$logs/install-log.txt" "$logs/crown-install-log.txt" &&
            cp "$logs/crown-install-log.txt" "$logs/install-log.txt"
    } || {
        say "could not keep $logs/install-log.txt: lib/uninstall.sh may leave this install's directories" >&2
        exit 1
    }
    exit 0
fi

# ---- BUILD: the uninstall ------------------------------------------------------
if [ $# -ne 1 ] || [ ! -f "$1/meson-private/install.dat" ]; then
    echo "usage: sh lib/uninstall.sh BUILD (a Meson build directory that was installed)" >&2
    exit 2
fi
logs=$1/meson-logs
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
: >"$tmp/records"
kept=
for f in crown-installed.txt crown-install-log.txt; do
    [ -f "$logs/$f" ] || continue
    cat "$logs/$f" >>"$tmp/records" || exit 1
    kept="$kept $f"
done
if [ -z "$kept" ]; then
    if [ ! -f "$logs/install-log.txt" ]; then
        say "nothing to uninstall: no install from $1 is recorded"
        exit 0
    fi
    say "no install of crown's recorded in $logs: removing what Meson's install-log.txt names"
    cat "$logs/install-log.txt" >"$tmp/records" || exit 1
fi
grep -v '^#' "$tmp/records" | grep '^/' | sort -u >"$tmp/paths"
sort -r "$tmp/paths" >"$tmp/paths-reversed"

errors=0 files=0 dirs=0
rm_file() {
    rm -f "$1"
}
# gone rm_file|rmdir PATH: removes PATH, and says so.
gone() {
    if "$1" "$2" 2>"$tmp/error"; then
        say "removed $2"
    else
        say "could not remove $2: $(sed 's/^[^:]*: //' "$tmp/error")" >&2
        errors=$((errors + 1))
        return 1
    fi
}

# The files and links, and the bytecode of each Python module among them.
while IFS= read -r p; do
    if [ -L "$p" ] || [ -f "$p" ]; then
        gone rm_file "$p" && files=$((files + 1))
    fi
    case $p in
        *.py)
            cache=$(dirname "$p")/__pycache__
            for c in "$cache/$(basename "$p" .py)".*.pyc; do
                [ ! -f "$c" ] || { gone rm_file "$c" && files=$((files + 1)); }
            done
            if [ -d "$cache" ] && [ -z "$(ls -A "$cache")" ]; then
                gone rmdir "$cache" && dirs=$((dirs + 1))
            fi
            ;;
    esac
done <"$tmp/paths"

# The directories the installs created, each after those inside it.
while IFS= read -r p; do
    if [ -L "$p" ] || [ ! -d "$p" ]; then
        continue
    fi
    if [ -n "$(ls -A "$p")" ]; then
        [ $errors -ne 0 ] || say "kept $p: it holds files crown did not install"
    else
        gone rmdir "$p" && dirs=$((dirs + 1))
    fi
done <"$tmp/paths-reversed"

# The loader's cache.
sed -n 's,/libcrown\.so\.1$,,p' "$tmp/paths" | while IFS= read -r libdir; do
    sh "$here/ldconfig.sh" uninstall "$libdir"
done
# Man's index, when the installs put man pages in place.
if grep -q '/man1/crown-[a-z]*\.1$' "$tmp/paths"; then
    sh "$here/mandb.sh" uninstall
fi

if [ $errors -ne 0 ]; then
    say "$errors could not be removed: the record stays in $logs; run this again as root" \
        "(su -c 'sh $0 $1')" >&2
    exit 1
fi
# The install is gone, and so is its record (Meson's log too: `ninja
# uninstall` has nothing left to do).
for f in $kept install-log.txt; do
    rm -f "$logs/$f"
done
say "uninstalled: $files files and $dirs directories removed"
