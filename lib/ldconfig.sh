#!/bin/sh
# Refreshes the dynamic loader's cache with ldconfig after libcrown.so.1 was
# installed into LIBDIR, so that the installed programs, and programs built
# with `pkg-config --libs crown`, find it without LD_LIBRARY_PATH; or after it
# was removed from LIBDIR, so that the cache no longer names it.  Run by
# `meson install` (Meson skips it for a DESTDIR install: a package's own
# scripts do this there) and by lib/uninstall.sh.  Says what it did, or why
# not and what to do instead; it never fails.
#
# usage: ldconfig.sh install|uninstall LIBDIR
mode=$1
lib=$2/libcrown.so.1
. "$(dirname "$0")/say.sh"

# cached PATH...: does the loader's cache name one of these files?
cached() {
    "$ldconfig" -p 2>/dev/null | awk -v want=" $* " '
        $(NF - 1) == "=>" && index(want, " " $NF " ") { found = 1 }
        END { exit !found }'
}

if [ "$(uname -s 2>/dev/null)" != Linux ]; then
    [ "$mode" = uninstall ] ||
        say "not Linux: no loader cache to refresh (if programs do not find $lib, add $2 to the loader's search path)"
    exit 0
fi
ldconfig=$(command -v ldconfig 2>/dev/null) || ldconfig=
for c in /sbin/ldconfig /usr/sbin/ldconfig; do
    [ -n "$ldconfig" ] || [ ! -x "$c" ] || ldconfig=$c
done

if [ "$mode" = uninstall ]; then
    # Nothing to do unless the cache names the library or its link.
    [ -n "$ldconfig" ] && cached "$lib" "$2/libcrown.so" || exit 0
    if [ "$(id -u)" -ne 0 ]; then
        say "not root, so ldconfig was not run: run 'ldconfig' as root so that the loader's cache forgets $lib"
    elif ! "$ldconfig"; then
        say "'$ldconfig' failed: run it again as root so that the loader's cache forgets $lib"
    elif cached "$lib" "$2/libcrown.so"; then
        say "ran $ldconfig, but the loader's cache still names $lib"
    else
        say "ran $ldconfig: the loader's cache no longer names $lib"
    fi
    exit 0
fi

if [ -z "$ldconfig" ]; then
    say "no ldconfig found: if programs do not find $lib, set LD_LIBRARY_PATH=$2"
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    if cached "$lib"; then
        say "not root, so ldconfig was not run; the loader's cache already has $lib"
    else
        say "not root, so ldconfig was not run: run 'ldconfig' as root so that programs find $lib (or set LD_LIBRARY_PATH=$2)"
    fi
    exit 0
fi
if ! "$ldconfig"; then
    say "'$ldconfig' failed: run it again as root so that programs find $lib"
elif cached "$lib"; then
    say "ran $ldconfig: programs now find $lib"
else
    say "ran $ldconfig, but the loader does not search $2: add it to /etc/ld.so.conf.d/ and run ldconfig, or set LD_LIBRARY_PATH=$2"
fi
exit 0
