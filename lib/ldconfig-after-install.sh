#!/bin/sh
# Run by `meson install` after it installed libcrown.so.1 into LIBDIR (Meson
# skips it for a DESTDIR install: a package's own scripts do this there).
# Refreshes the dynamic loader's cache with ldconfig, so that the installed
# programs, and programs built with `pkg-config --libs crown`, find the
# library without LD_LIBRARY_PATH.  Says what it did, or why not and what to
# do instead; it never fails the install.
#
# usage: ldconfig-after-install.sh LIBDIR
lib=$1/libcrown.so.1

say() {
    echo "crown: $*"
    # Meson 1.0 (Debian 12's) shows what an install script prints only when
    # it fails: say it on the terminal as well, unless meson install --quiet.
    if [ ! -t 1 ] && [ -z "${MESON_INSTALL_QUIET:-}" ]; then
        (echo "crown: $*" >/dev/tty) 2>/dev/null || true
    fi
}

finds_it() {
    # Does the loader's cache name $lib?
    "$ldconfig" -p 2>/dev/null | grep -q " => $lib\$"
}

if [ "$(uname -s 2>/dev/null)" != Linux ]; then
    say "not Linux: no loader cache to refresh (if programs do not find $lib, add $1 to the loader's search path)"
    exit 0
fi
ldconfig=$(command -v ldconfig 2>/dev/null) || ldconfig=
for c in /sbin/ldconfig /usr/sbin/ldconfig; do
    [ -n "$ldconfig" ] || [ ! -x "$c" ] || ldconfig=$c
done
if [ -z "$ldconfig" ]; then
    say "no ldconfig found: if programs do not find $lib, set LD_LIBRARY_PATH=$1"
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    if finds_it; then
        say "not root, so ldconfig was not run; the loader's cache already has $lib"
    else
        say "not root, so ldconfig was not run: run 'ldconfig' as root so that programs find $lib (or set LD_LIBRARY_PATH=$1)"
    fi
    exit 0
fi
if ! "$ldconfig"; then
    say "'$ldconfig' failed: run it again as root so that programs find $lib"
elif finds_it; then
    say "ran $ldconfig: programs now find $lib"
else
    say "ran $ldconfig, but the loader does not search $1: add it to /etc/ld.so.conf.d/ and run ldconfig, or set LD_LIBRARY_PATH=$1"
fi
exit 0
