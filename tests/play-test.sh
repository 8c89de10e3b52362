#!/bin/sh
# crown-play as a person uses it: help, errors, a bot game, a human seat.
# usage: play-test.sh PATH-TO-CROWN-PLAY
set -u
play=$1
out=$(mktemp)
trap 'rm -f "$out"' EXIT INT TERM

fail() {
    echo "play-test: $*" >&2
    cat "$out" >&2
    exit 1
}

# expect STATUS TEXT -- ARGS...: the exit status is STATUS (0, or "error" for
# any non-zero) and the output contains TEXT.
expect() {
    want=$1 text=$2
    shift 3
    "$play" "$@" >"$out" 2>&1 </dev/null
    rc=$?
    if [ "$want" = 0 ]; then [ $rc -eq 0 ] || fail "'$*' exited $rc"; fi
    if [ "$want" = error ]; then [ $rc -ne 0 ] || fail "'$*' should fail"; fi
    grep -q -- "$text" "$out" || fail "'$*' did not print '$text'"
}

expect 0 "usage: crown-play GAME" -- --help
expect 0 "game_of_kingdoms" -- --list
expect 0 "players=2..6" -- --describe game_of_kingdoms
expect error "usage" --
expect error "unknown game 'chess'" -- chess
expect error "unknown game" -- --describe chess
expect error "out of range" -- game_of_kingdoms --options players=9
expect error "--seed needs a whole number" -- game_of_kingdoms --seed x
expect error "--seed needs a whole number" -- game_of_kingdoms --seed
expect error "this game has seats 0 to 3" -- game_of_kingdoms --human 4
expect error "unknown option '--bogus'" -- game_of_kingdoms --bogus
expect error "one game at a time" -- game_of_kingdoms game_of_kingdoms
expect 0 "result:" -- game_of_kingdoms --options players=3 --seed 4
expect 0 "seat 1  lead" -- game_of_kingdoms --options players=2,variant=ruthless --seed 2

# A human at seat 0: one bad answer, then always the first menu entry.
awk 'BEGIN { for (i = 0; i < 3000; i++) print 1 }' >"$out.in"
printf 'zzz\n' | cat - "$out.in" | "$play" game_of_kingdoms --options players=2 --human 0 \
    --seed 3 >"$out" 2>&1 || fail "human game exited $?"
grep -q "you are seat 0" "$out" || fail "the human does not see his view"
grep -q "seat 0 (you): " "$out" || fail "the human does not see his hand"
grep -q "  1) " "$out" || fail "no numbered menu"
grep -q "not a legal move" "$out" || fail "bad input not refused"
grep -q "result:" "$out" || fail "the human game did not end"
if grep -q "^seat 1: [0-9]* cards*:" "$out"; then
    fail "the human saw the other hand"
fi
rm -f "$out.in"

# End of input: the program says goodbye and exits cleanly.
"$play" game_of_kingdoms --human 0 --seed 1 </dev/null >"$out" 2>&1 || fail "EOF exit $?"
grep -q "bye" "$out" || fail "no goodbye at end of input"
echo "play-test: ok"
