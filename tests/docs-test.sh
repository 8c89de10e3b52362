#!/bin/sh
# What a reader finds: the README's Documentation section names every
# document in docs/.
# usage: docs-test.sh SOURCE_DIR
set -u
src=$1

fail() {
    echo "docs-test: $*" >&2
    exit 1
}

# The README's "## Documentation" section, up to the next "## " heading.
section=$(sed -n '/^## Documentation$/,/^## /{/^## [^D]/d;p;}' "$src/README.md")
[ -n "$section" ] || fail "README.md has no '## Documentation' section"

n=0
for f in "$src"/docs/*.md; do
    name=docs/$(basename "$f")
    printf '%s\n' "$section" | grep -qF "\`$name\`" ||
        fail "README.md's Documentation section does not name \`$name\`"
    n=$((n + 1))
done
echo "docs-test: the README names the $n documents of docs/"
