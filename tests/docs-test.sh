#!/bin/sh
# What a reader finds: the README's Documentation section names every
# document in docs/ and the LICENSE, which is the MIT license that meson.build
# and python/pyproject.toml declare.
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

head -n 1 "$src/LICENSE" 2>/dev/null | grep -qx 'MIT License' || fail "LICENSE is not the MIT license"
grep -q "^ *license: 'MIT'," "$src/meson.build" || fail "meson.build does not declare license: 'MIT'"
grep -qx 'license = {text = "MIT"}' "$src/python/pyproject.toml" ||
    fail "python/pyproject.toml does not declare the MIT license"
printf '%s\n' "$section" | grep -qF '`LICENSE`' ||
    fail "README.md's Documentation section does not name \`LICENSE\`"
echo "docs-test: the README names the $n documents of docs/ and the LICENSE (MIT)"
