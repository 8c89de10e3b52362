#!/bin/sh
# Refreshes man's index with mandb after crown's man pages were installed
# into MANDIR, so that `man -k crown` and whatis find crown-play and
# crown-bench; or after they were removed, so that the index forgets them.
# Run by `meson install` (Meson skips it for a DESTDIR install: a package's
# own triggers do this there) and by lib/uninstall.sh.  mandb runs quietly;
# this says in one line what it did, or why not and what to do instead; it
# never fails.  Without man-db there is no index, and nothing is said.
#
# usage: mandb.sh install MANDIR | mandb.sh uninstall
mode=$1
mandir=${2:-}
. "$(dirname "$0")/say.sh"

mandb=$(command -v mandb 2>/dev/null) || mandb=
for c in /usr/bin/mandb /usr/sbin/mandb; do
    [ -n "$mandb" ] || [ ! -x "$c" ] || mandb=$c
done
[ -n "$mandb" ] || exit 0

if [ "$(id -u)" -ne 0 ]; then
    if [ "$mode" = install ]; then
        say "not root, so mandb was not run: run 'mandb' as root so that man -k finds crown's pages"
    else
        say "not root, so mandb was not run: run 'mandb' as root so that man's index forgets crown's pages"
    fi
    exit 0
fi
# Every hierarchy of man's configuration, as man reads them: the one MANDIR
# is in may be known by another name (Debian's /usr/local/man is a link to
# /usr/local/share/man, and man indexes it under that name).
if ! "$mandb" -q 2>/dev/null; then
    say "'$mandb -q' failed: run 'mandb' as root so that man's index is up to date"
elif [ "$mode" = uninstall ]; then
    say "ran mandb: man's index no longer names crown's pages"
elif whatis crown-play >/dev/null 2>&1; then
    say "ran mandb: man -k crown finds crown-play and crown-bench"
else
    say "ran mandb, but man does not search $mandir: add it to MANPATH, or to /etc/manpath.config, so that man finds crown's pages"
fi
exit 0
