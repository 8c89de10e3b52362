#!/bin/sh
# The ABI guard.
#   abi-test.sh symbols LIB MAP CC INCLUDE_DIR
#     The library's exports, the version script and the public headers'
#     declarations name the same functions, each export in the version
#     node the script gives it, and nothing else is exported.
#   abi-test.sh abidiff LIB BASELINE INCLUDE_DIR
#     abidiff between the committed baseline (tests/abi/libcrown.abi) and
#     the built library reports nothing but added functions.  Needs a
#     build with debug information (skipped, exit 77, otherwise).
set -eu

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

case "$1" in
symbols)
    lib=$2 map=$3 cc=$4 inc=$5
    # name version, one per line, for every defined dynamic symbol.
    nm -D --defined-only "$lib" | awk '{ print $3 }' | sed -n 's/@@*/ /p' |
        grep -v '^CROWN_[0-9.]* ' | sort >"$tmp/exports"
    # The script's nodes: name version.
    sed 's,/\*.*\*/,,' "$map" | tr -d '\r' | awk '
        /^[A-Za-z_0-9.]+ *\{/ { node = $1; next }
        /^ *(global|local):/ { next }
        /^ *\}/ { node = ""; next }
        node != "" && /^ *[A-Za-z_0-9]+;/ { sub(/^ */, ""); sub(/;.*/, ""); print $0, node }
    ' | sort >"$tmp/map"
    # The headers' function declarations, comments and macros gone.
    for h in "$inc"/crown/*.h; do echo "#include <crown/$(basename "$h")>"; done >"$tmp/all.c"
    $cc -E -P -I"$inc" "$tmp/all.c" | grep -o 'crown_[a-z0-9_]* *(' |
        sed 's/ *(//' | sort -u >"$tmp/header"
    status=0
    if ! diff -u "$tmp/map" "$tmp/exports" >"$tmp/d1"; then
        echo "exports differ from the version script ($map):"
        cat "$tmp/d1"
        status=1
    fi
    awk '{ print $1 }' "$tmp/exports" | sort -u >"$tmp/names"
    if ! diff -u "$tmp/header" "$tmp/names" >"$tmp/d2"; then
        echo "exports differ from the public headers' declarations:"
        cat "$tmp/d2"
        status=1
    fi
    if grep -v '^crown_' "$tmp/names"; then
        echo "exports without the crown_ prefix (above)"
        status=1
    fi
    n=$(wc -l <"$tmp/names")
    [ "$n" -gt 0 ] || { echo "no exports read from $lib"; status=1; }
    [ $status -ne 0 ] || echo "ok: $n functions, exported = version script = headers"
    exit $status
    ;;
abidiff)
    lib=$2 baseline=$3 inc=$4
    command -v abidiff >/dev/null || { echo "abidiff not found (Debian: abigail-tools)"; exit 77; }
    if ! readelf -S "$lib" | grep -q '\.debug_info'; then
        echo "skipped: $lib has no debug information (configure with -Dbuildtype=debugoptimized)"
        exit 77
    fi
    abidw --headers-dir "$inc/crown" --no-corpus-path --no-show-locs "$lib" >"$tmp/now.abi"
    rc=0
    abidiff --headers-dir2 "$inc/crown" "$baseline" "$tmp/now.abi" >"$tmp/report" || rc=$?
    cat "$tmp/report"
    # abidiff's status: bit 1 error, 2 usage, 4 a change, 8 an incompatible one.
    if [ $((rc & 3)) -ne 0 ]; then
        echo "abidiff failed ($rc)"
        exit 1
    fi
    if [ $((rc & 8)) -ne 0 ]; then
        echo "incompatible ABI change against $baseline"
        exit 1
    fi
    if [ $((rc & 4)) -ne 0 ]; then
        # Only additions may be reported: the summary's removed and changed
        # counts are zero, and so are those of variables.
        summary=$(grep -E '^(Functions|Variables|Function symbols|Variable symbols) changes summary' "$tmp/report" || true)
        bad=$(echo "$summary" | grep -E '[1-9][0-9]* Removed|[1-9][0-9]* Changed|Variables changes summary: [^,]*, [^,]*, [1-9]' || true)
        vars=$(echo "$summary" | grep -E '^Variable' | grep -E '[1-9][0-9]* Added' || true)
        if [ -n "$bad$vars" ]; then
            echo "the ABI changed beyond added functions:"
            echo "$bad$vars"
            exit 1
        fi
        echo "ok: only added functions (update $baseline when releasing them)"
        exit 0
    fi
    echo "ok: the ABI equals $baseline"
    ;;
*)
    echo "usage: $0 symbols LIB MAP CC INCLUDE_DIR | abidiff LIB BASELINE INCLUDE_DIR" >&2
    exit 2
    ;;
esac
