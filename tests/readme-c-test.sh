#!/bin/sh
# The README's first ```c block is exactly examples/minimal.c.
# usage: readme-c-test.sh README.md examples/minimal.c
set -u
readme=$1
minimal=$2
block=$(mktemp)
trap 'rm -f "$block"' EXIT INT TERM

# The lines between the first line "```c" and the next line "```".
awk 'inside && /^```[ \t]*$/ { closed = 1; exit }
     inside { print }
     /^```c[ \t]*$/ { inside = 1 }
     END { exit closed ? 0 : 1 }' "$readme" >"$block" ||
    { echo "readme-c-test: $readme has no complete \`\`\`c block" >&2; exit 1; }
[ -r "$minimal" ] || { echo "readme-c-test: cannot read $minimal" >&2; exit 1; }
if ! diff -u --label "$minimal" --label "$readme (first c block)" "$minimal" "$block" >&2; then
    echo "readme-c-test: the first \`\`\`c block of $readme differs from $minimal (diff above:" \
        "+ lines are the README's); make them the same" >&2
    exit 1
fi
echo "readme-c-test: ok ($(wc -l <"$minimal") lines)"
