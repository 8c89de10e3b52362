#!/bin/sh
# What a reader finds: the README's Documentation section names every
# document in docs/ and docs/man/ and the LICENSE, which is the MIT license
# that meson.build and python/pyproject.toml declare; the documents agree
# with the code (below, "what the documents say of the code"); each
# installed program has a man page, docs/man/PROGRAM.1, that agrees with its
# --help (the same usage lines as its SYNOPSIS, the same options and
# arguments as its OPTIONS), whose NAME man-db's indexer reads (lexgrog:
# what whatis and man -k find), and that groff renders without a warning;
# the README's Programs section gives each program's usage and options as
# its --help does, and its Install section lists the examples' sources that
# examples/meson.build installs.
# usage: docs-test.sh SOURCE_DIR [PROGRAM...]
#   PROGRAM: the installed programs, as built (none: the man pages are not
#   checked).
#   The environment's CROWN_DOC_FACTS is the doc-facts program, as built
#   (tests/doc_facts.c: what the documents state of the library, as the
#   library reports it).
set -u
src=$1
shift

fail() {
    echo "docs-test: $*" >&2
    exit 1
}

# The README's "## Documentation" section, up to the next "## " heading.
section=$(sed -n '/^## Documentation$/,/^## /{/^## [^D]/d;p;}' "$src/README.md")
[ -n "$section" ] || fail "README.md has no '## Documentation' section"

n=0
for f in "$src"/docs/*.md "$src"/docs/man/*.1; do
    name=${f#"$src"/}
    printf '%s\n' "$section" | grep -qF "\`$name\`" ||
        fail "README.md's Documentation section does not name \`$name\`"
    n=$((n + 1))
done

head -n 1 "$src/LICENSE" 2>/dev/null | grep -qx 'MIT License' || fail "LICENSE is not the MIT license"
grep -q "^ *license: 'MIT'," "$src/meson.build" || fail "meson.build does not declare license: 'MIT'"
grep -qx 'license = {text = "MIT"}' "$src/python/pyproject.toml" ||
    fail "python/pyproject.toml does not declare the MIT license"
printf '%s\n' "$section" | grep -qF '`LICENSE`' ||
    fail "README.md's Documentation section does not name \`LICENSE\`"
echo "docs-test: the README names the $n documents of docs/ and docs/man/, and the LICENSE (MIT)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

# ---- what the documents say of the code ----------------------------------------
# - docs/design.md's layout (the first code block of its "## Layout" section)
#   names every file of include/crown/ and every folder of lib/ at the start
#   of a line, as "include/crown/crown.h" and "lib/core/", and every such
#   path it names exists.
# - The size of a game's state, wherever a document gives one, is the size
#   the library reports (doc-facts). A byte count ("176 bytes", "a 176-byte")
#   in a sentence that speaks of a state or a snapshot is the state's size
#   of the game the sentence names nearest before it (else after it), or
#   that size and 9 (a decision's history entry: the state, the move, its
#   flags and its snapshot's slot); in a sentence that names no game, any
#   game's, or 9. In a table with a column headed "state", that column gives
#   the state's size of the game its row names, and any other byte count of
#   the row is that size, it and 9, or 9. Documents: docs/*.md, README.md and
#   the public headers' comments.
# - bots.md, design.md and performance.md name the machine wherever they
#   give a speed: each of their sections (a heading to the next) that states
#   a time or a rate (a number then ns, us, µs or ms, "per second", "/s")
#   links to a heading of performance.md about a machine (its anchor holds
#   "machine", as performance.md#the-machine), or is one.
# - A C example of docs/*.md keeps a seat's values in an array of
#   CROWN_MAX_PLAYERS (crown.h: the most seats of any game): the array and
#   the capacity given to crown_returns, crown_scores, crown_playout and
#   crown_playouts.
# - No document calls a view an information-state key ("information-state
#   key", "infoset"): a view is what a seat knows now, not its history
#   (observations.md, "A view is the present, not the past"), and
#   observations.md's example of it holds (doc-facts: seat 4 gets the same
#   views and state after both ways of passing the dagger, and different
#   history texts).
[ -n "${CROWN_DOC_FACTS:-}" ] ||
    fail "CROWN_DOC_FACTS is not set: the doc-facts program, as built (meson test sets it)"
"$CROWN_DOC_FACTS" >"$tmp/facts" || fail "$CROWN_DOC_FACTS failed"

# The layout.
awk '/^## Layout$/ { s = 1; next } s && /^## / { exit }
     s && /^```/ { if (inside) exit; inside = 1; next } inside' "$src/docs/design.md" >"$tmp/layout"
[ -s "$tmp/layout" ] || fail "docs/design.md has no layout (a code block under '## Layout')"
names_path() { # names_path PATH: the layout names PATH at the start of a line
    awk -v p="$1" 'index($0, p) == 1 && (length($0) == length(p) || substr($0, length(p) + 1, 1) == " ") { f = 1 }
                   END { exit !f }' "$tmp/layout"
}
for f in "$src"/include/crown/*; do
    name=include/crown/$(basename "$f")
    names_path "$name" || fail "docs/design.md's layout does not name $name"
done
for d in $(cd "$src" && find lib -mindepth 1 -type d | sort); do
    names_path "$d/" || fail "docs/design.md's layout does not name the folder $d/"
done
for p in $(awk '/^(include|lib)\// { print $1 }' "$tmp/layout"); do
    [ -e "$src/$p" ] || fail "docs/design.md's layout names $p, which is not in the tree"
done

# State sizes. Each document's text, one sentence a line ("FILE<TAB>text"),
# tables kept as their lines; the comments of the headers as text.
for f in "$src"/docs/*.md "$src"/README.md "$src"/include/crown/*.h; do
    case $f in
    *.h) sed -n 's|^ *\(/\*\)\{0,1\} *\*\{0,1\}/\{0,1\} \{0,1\}||p' "$f" ;;
    *) cat "$f" ;;
    esac | awk -v file="${f#"$src"/}" '
        function flush() { if (par != "") { n = split(par, s, /[.;] /); for (i = 1; i <= n; i++) print file "\t" s[i] } par = "" }
        /^\|/ { flush(); print file "\t" $0; next }
        /^[ \t]*$/ || /^#/ || /^```/ { flush(); print file "\t"; next }
        /^[ \t]*([-*]|[0-9]+\.) / { flush() }
        { sub(/^[ \t]+/, ""); par = par == "" ? $0 : par " " $0 }
        END { flush() }'
done >"$tmp/sentences"
awk -F '\t' -v facts="$tmp/facts" '
    BEGIN {
        while ((getline l < facts) > 0) {
            if (split(l, w, " ") < 4 || w[1] != "state") continue
            t = l; sub(/^state [^ ]+ [0-9]+ /, "", t)
            ng++; title[ng] = t; size[ng] = w[3] + 0; name[ng] = w[2]
        }
        if (!ng) { print "docs-test: doc-facts printed no state size"; bad = 1; exit 1 }
    }
    # Where the game g is named in text (its title or its name), against
    # position p: the nearest place before p into bq[g], after p into aq[g].
    function places(text, needle, g, p,    rest, off, q) {
        rest = text; off = 0
        while ((q = index(rest, needle)) > 0) {
            q += off
            if (q < p && q > bq[g]) bq[g] = q
            if (q > p && (!aq[g] || q < aq[g])) aq[g] = q
            off = q; rest = substr(text, q + 1)
        }
    }
    # The game named nearest before position p of text (else after it): its number, or 0.
    function game_at(text, p,    g, best, after) {
        best = 0; after = 0
        for (g = 1; g <= ng; g++) {
            bq[g] = 0; aq[g] = 0
            places(text, title[g], g, p); places(text, name[g], g, p)
            if (bq[g] && (!best || bq[g] > bq[best])) best = g
            if (aq[g] && (!after || aq[g] < aq[after])) after = g
        }
        return best ? best : after
    }
    function allowed(n, g,    k) {
        if (g) return n == size[g] || n == size[g] + 9 || n == 9
        if (n == 9) return 1
        for (k = 1; k <= ng; k++) if (n == size[k] || n == size[k] + 9) return 1
        return 0
    }
    function complain(file, text, n, g) {
        printf "docs-test: %s: %s bytes in a sentence about a state: %s\n", file, n, substr(text, 1, 300)
        if (g) printf "  (%s: its state is %d bytes, a decision %d)\n", title[g], size[g], size[g] + 9
        bad = 1
    }
    function bytes_in(file, text, g0,    rest, off, p, m, n, g) {
        rest = text; off = 0
        while (match(rest, /[0-9][0-9,]*(-byte| bytes?([^A-Za-z]|$))/)) {
            m = substr(rest, RSTART, RLENGTH); p = off + RSTART
            sub(/[- ].*/, "", m); gsub(/,/, "", m); n = m + 0
            g = g0 >= 0 ? g0 : game_at(text, p)
            if (!allowed(n, g)) complain(file, text, n, g)
            off += RSTART + RLENGTH - 1; rest = substr(rest, RSTART + RLENGTH)
        }
    }
    $2 ~ /^\|/ {
        nc = split($2, c, "|")
        if ($1 != tfile || !intable) {        # a header row
            intable = 1; tfile = $1; scol = 0
            for (i = 2; i < nc; i++) { h = tolower(c[i]); gsub(/^ +| +$/, "", h); if (h == "state") scol = i }
            next
        }
        if (!scol || $2 ~ /^\|[ :|-]*$/) next
        g = game_at(c[2], 1)
        if (!g) next
        v = c[scol]; gsub(/,/, "", v)
        if (!match(v, /[0-9]+/) || substr(v, RSTART, RLENGTH) + 0 != size[g]) {
            printf "docs-test: %s: the state column says %s for %s, whose state is %d bytes\n", $1, c[scol], title[g], size[g]
            bad = 1
        }
        for (i = 2; i < nc; i++) if (i != scol) bytes_in($1, c[i], g)
        next
    }
    { intable = 0 }
    tolower($2) ~ /(^|[^a-z_])(state|states|snapshot|snapshots)([^a-z_]|$)/ { bytes_in($1, $2, -1) }
    END { exit bad }' "$tmp/sentences" ||
    fail "a document gives a state size that is not the library's (above)"

# The machine of every speed. The anchors of performance.md's headings (as
# GitHub makes them: lower case, punctuation dropped, spaces as dashes).
anchors=$(sed -n 's/^#\{1,6\} //p' "$src/docs/performance.md" | tr 'A-Z' 'a-z' |
    sed "s/[^a-z0-9 _-]//g; s/ /-/g")
for doc in bots.md design.md performance.md; do
    awk -v doc="$doc" '
        function done_section() {
            if (speed != "" && !machine)
                printf "docs-test: docs/%s: the section \"%s\" gives a speed (%s) but names no machine: link to performance.md#the-machine\n", doc, head, speed
            if (speed != "" && !machine) bad = 1
        }
        /^```/ { code = !code }
        !code && /^#+ / { done_section(); head = $0; sub(/^#+ /, "", head); speed = ""; machine = tolower(head) ~ /machine/; next }
        {
            if (speed == "" && match($0, /[0-9]([0-9,.]*)( ?(-|to) ?[0-9][0-9,.]*)? ?(ns|us|µs|ms)([^A-Za-z]|$)|per second|[0-9] ?[A-Za-z]*\/s([^A-Za-z]|$)/))
                speed = substr($0, RSTART, RLENGTH)
            while (match($0, /\]\(([a-z-]+\.md)?#[a-z0-9_-]*machine[a-z0-9_-]*\)/)) {
                link = substr($0, RSTART, RLENGTH); $0 = substr($0, RSTART + RLENGTH)
                if (doc == "performance.md" || link ~ /performance\.md#/) { sub(/.*#/, "", link); sub(/\)$/, "", link); print link > "/dev/stderr"; machine = 1 }
            }
        }
        END { done_section(); exit bad }' "$src/docs/$doc" 2>"$tmp/links" ||
        fail "docs/$doc gives speeds without the machine they were measured on (above)"
    while read -r a; do
        printf '%s\n' "$anchors" | grep -qx -- "$a" ||
            fail "docs/$doc links to performance.md#$a, a heading performance.md does not have"
    done <"$tmp/links"
done

# A seat's values in the documents' C examples.
for f in "$src"/docs/*.md; do
    awk -v file="docs/${f##*/}" '
        /^```c$/ { c = 1; next } /^```/ { c = 0; next }
        !c { next }
        /crown_(returns|scores|playouts?)\(/ {
            call = $0; sub(/.*crown_/, "", call); fn = call; sub(/\(.*/, "", fn)
            sub(/^[a-z]*\(/, "", call); n = split(call, a, /, */)
            k = fn == "playouts" ? 5 : fn == "playout" ? 4 : 3
            arr = fn == "playouts" ? a[4] : fn == "playout" ? a[3] : a[2]
            if (n < k || a[k] != "CROWN_MAX_PLAYERS") { print file ": " $0; bad = 1 }
            need[arr] = 1
        }
        /double [A-Za-z_]+\[/ { d = $0; sub(/.*double /, "", d); name = d; sub(/\[.*/, "", name)
            len = d; sub(/^[^[]*\[/, "", len); sub(/\].*/, "", len); decl[name] = len; line[name] = $0 }
        END { for (v in need) if (v in decl && decl[v] != "CROWN_MAX_PLAYERS") { print file ": " line[v]; bad = 1 }
              exit bad }' "$f" >&2 ||
        fail "a C example keeps a seat's values in an array shorter than CROWN_MAX_PLAYERS (above)"
done

# A view is not an information-state key.
if grep -n -i -E 'information[ -]state key|infoset' "$src"/docs/*.md "$src"/README.md "$src"/include/crown/*.h \
    "$src"/examples/*.c "$src"/examples/python/*.py >&2; then
    fail "a document calls a view an information-state key (above): it is what a seat knows now, not its history"
fi
grep -q '^dagger same differ same$' "$tmp/facts" ||
    fail "observations.md's dagger example does not hold: doc-facts says '$(grep '^dagger' "$tmp/facts")'"
grep -q '0 → 1 → 0 → 3' "$src/docs/observations.md" ||
    fail "docs/observations.md does not give the dagger example (0 → 1 → 0 → 3)"
echo "docs-test: the documents agree with the code (design.md's layout, the state sizes, the" \
    "machine of every speed, the C examples' seats, what a view is)"

# ---- the man pages -----------------------------------------------------------
groff=$(command -v groff) || groff=
lexgrog=$(command -v lexgrog) || lexgrog=

# The options a program's --help lists, one a line with its argument
# ("--seed N"), sorted: its lines "  --name [ARG]  what it does".
help_options() {
    sed -n 's/^  \(--[a-z][a-z-]*\)\( [A-Z][A-Z]*\)\{0,1\}\( .*\)\{0,1\}$/\1\2/p' "$1" | sort
}

# The options of a man page's OPTIONS section, in the same form, read from
# the tag line after each .TP: '.BI \-\-seed " N"' is "--seed N".
man_options() {
    awk '/^\.SH / { inside = ($2 == "OPTIONS") } inside && tag { print; tag = 0 }
         inside && /^\.TP/ { tag = 1 }' "$1" |
        sed 's/^\.[BIR]* //; s/\\-/-/g; s/"//g; s/  */ /g' |
        sed -n 's/^\(--[a-z][a-z-]*\)\( [A-Z][A-Z]*\)\{0,1\}\([ ,].*\)\{0,1\}$/\1\2/p' | sort
}

# The usage lines of a --help, one a form (continuation lines joined).
help_usage() {
    sed -n '1,/^$/p' "$1" | sed 's/^usage: *//; s/^ *//; /^$/d' |
        awk -v p="$2" 'index($0, p " ") == 1 || $0 == p { if (n++) print line; line = $0; next }
                       { line = line " " $0 } END { if (n) print line }'
}

# A section of a man page as groff prints it, one line a paragraph (lines of
# 2000 characters), indentation removed.
man_section() {
    "$groff" -man -Tascii -rLL=2000n -P-cbou "$1" 2>/dev/null |
        awk -v s="$2" '/^[A-Z]/ { inside = ($0 == s); next } inside && NF { sub(/^ +/, ""); print }'
}

pages=0
for prog in "$@"; do
    name=$(basename "$prog")
    page=$src/docs/man/$name.1
    [ -f "$page" ] || fail "$name is installed but has no man page docs/man/$name.1"
    "$prog" --help >"$tmp/help" 2>&1 || fail "$name --help failed"
    sed -n '/^\.SH NAME$/{n;p;q;}' "$page" | sed 's/\\-/-/g' | grep -q "^$name - ." ||
        fail "docs/man/$name.1: its NAME line is not '$name \\- what it does'"
    # ... as man's indexer reads it, for whatis and man -k.
    if [ -n "$lexgrog" ]; then
        whatis=$("$lexgrog" "$page" 2>&1) ||
            fail "docs/man/$name.1: man-db's lexgrog cannot read its NAME: $whatis"
        echo "$whatis" | grep -q ": \"$name - [^\"]" ||
            fail "docs/man/$name.1: man-db's lexgrog reads its NAME as $whatis"
    fi
    help_options "$tmp/help" >"$tmp/help-options"
    man_options "$page" >"$tmp/man-options"
    [ -s "$tmp/help-options" ] || fail "$name --help lists no options"
    diff -u --label "$name --help" --label "docs/man/$name.1 (OPTIONS)" \
        "$tmp/help-options" "$tmp/man-options" >&2 ||
        fail "docs/man/$name.1's OPTIONS differ from $name --help (diff above)"
    if [ -n "$groff" ]; then
        "$groff" -man -Tutf8 -ww -z "$page" >"$tmp/warnings" 2>&1 ||
            { cat "$tmp/warnings" >&2; fail "groff fails on docs/man/$name.1"; }
        [ ! -s "$tmp/warnings" ] ||
            { cat "$tmp/warnings" >&2; fail "groff warns about docs/man/$name.1"; }
        help_usage "$tmp/help" "$name" >"$tmp/help-usage"
        man_section "$page" SYNOPSIS >"$tmp/man-usage"
        [ -s "$tmp/help-usage" ] || fail "$name --help has no usage line"
        diff -u --label "$name --help (usage)" --label "docs/man/$name.1 (SYNOPSIS)" \
            "$tmp/help-usage" "$tmp/man-usage" >&2 ||
            fail "docs/man/$name.1's SYNOPSIS differs from the usage of $name --help (diff above)"
    fi
    pages=$((pages + 1))
done
# ---- the README's programs and installed examples ----------------------------
# Its Programs section gives each installed program's usage as its --help does,
# and names every option of that --help; its Install section lists the
# examples' sources that examples/meson.build installs.
readme_programs=$(sed -n '/^## Programs$/,/^## /{/^## [^P]/d;p;}' "$src/README.md")
for prog in "$@"; do
    name=$(basename "$prog")
    "$prog" --help >"$tmp/help" 2>&1 || fail "$name --help failed"
    # The bullet "- `NAME ...`: ...", up to the next bullet or blank line.
    printf '%s\n' "$readme_programs" | awk -v p="- \`$name " '
        index($0, p) == 1 { inside = 1; print; next }
        inside && (/^- / || /^$/) { inside = 0 }
        inside' >"$tmp/bullet"
    [ -s "$tmp/bullet" ] || fail "README.md's Programs section has no bullet for $name"
    usage=$(tr '\n' ' ' <"$tmp/bullet" | sed 's/^- `\([^`]*\)`.*/\1/')
    help_usage "$tmp/help" "$name" | head -n 1 >"$tmp/help-usage"
    [ "$usage" = "$(cat "$tmp/help-usage")" ] ||
        fail "README.md gives $name's usage as '$usage', $name --help as '$(cat "$tmp/help-usage")'"
    for opt in $(help_options "$tmp/help" | sed 's/ .*//'); do
        case $opt in --help|--version) continue ;; esac
        grep -q -- "$opt\b" "$tmp/bullet" || fail "README.md's bullet for $name does not name $opt"
    done
done
# The examples' sources: install_data(...) of examples/meson.build into
# share/doc/crown/examples, against the README's list "the examples' sources
# (`a`, `b`, ...) in".
meson_examples=$(awk '/install_data\(/ { inside = 1; text = "" }
    inside { text = text " " $0 }
    inside && /\)/ { if (text ~ /\/ .examples./) print text; inside = 0 }' "$src/examples/meson.build" |
    grep -o "'[^']*\.[a-z]*'" | tr -d "'" | sed 's,.*/,,' | sort)
[ -n "$meson_examples" ] || fail "examples/meson.build installs no examples' sources"
readme_examples=$(sed -n '/^## Install$/,/^## [^I]/p' "$src/README.md" | tr '\n' ' ' |
    sed -n "s/.*the examples' sources (\([^)]*\)) in.*/\1/p" | grep -o '`[^`]*`' | tr -d '`' | sort)
[ "$readme_examples" = "$meson_examples" ] ||
    fail "README.md's Install section lists the examples' sources $(echo $readme_examples)," \
        "examples/meson.build installs $(echo $meson_examples)"
[ $# -eq 0 ] || echo "docs-test: the README gives each program's usage and options as its --help," \
    "and lists the $(echo "$meson_examples" | wc -l) examples' sources installed"

# (Without the programs, -Dexamples=false, none is installed to check.)
for page in "$src"/docs/man/*.1; do
    [ $# -gt 0 ] && [ -f "$page" ] || continue
    name=$(basename "$page" .1)
    for prog in "$@"; do
        [ "$(basename "$prog")" != "$name" ] || continue 2
    done
    fail "docs/man/$name.1 is the man page of no installed program"
done
if [ $# -gt 0 ] && [ -z "$groff" ]; then
    echo "docs-test: SKIPPED: the man pages' rendering and SYNOPSIS (no groff; Debian: groff-base)"
    exit 77
fi
[ $# -eq 0 ] || echo "docs-test: the $pages man pages agree with their program's --help" \
    "(usage, options) and render without warnings"
