# say.sh - what crown's install scripts (ldconfig.sh, mandb.sh) say, sourced
# by each: `say TEXT...` prints "crown: TEXT".  Meson 1.0 (Debian 12's) shows
# what an install script prints only when it fails, so during an install
# ($mode install) it is said on the terminal as well, unless meson install
# --quiet.
say() {
    echo "crown: $*"
    if [ "$mode" = install ] && [ ! -t 1 ] && [ -z "${MESON_INSTALL_QUIET:-}" ]; then
        (echo "crown: $*" >/dev/tty) 2>/dev/null || true
    fi
}
