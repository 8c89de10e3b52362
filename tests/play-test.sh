#!/bin/sh
# The example programs as a person meets them: --help, --version and
# argument errors of each; crown-play's bot games (deterministic, every move
# printed), and a human seat: what he sees, help, undo, quit, end of input,
# typed moves and the reasons they are refused.
# usage: play-test.sh CROWN-PLAY CROWN-BENCH CROWN-MINIMAL KINGS-FAMILY-STATS
set -u
play=$1 bench=$2 minimal=$3 stats=$4
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
out=$tmp/out err=$tmp/err
: >"$out"
: >"$err"

fail() {
    printf "play-test: %s\n" "$*" >&2
    echo "---- its standard output:" >&2
    cat "$out" >&2
    echo "---- its standard error:" >&2
    cat "$err" >&2
    exit 1
}

# run PROG ARGS...: PROG with no input; stdout in $out, stderr in $err, the
# exit status in $rc.
run() {
    "$@" >"$out" 2>"$err" </dev/null
    rc=$?
    what=$*
}

# human INPUT ARGS...: crown-play ARGS, reading INPUT (printf's %b: \n a newline).
human() {
    input=$1
    shift
    printf '%b' "$input" | "$play" "$@" >"$out" 2>"$err"
    rc=$?
    [ ${#input} -le 60 ] || input="$(printf '%.50s' "$input")..."
    what="crown-play $* < '$input'"
}

status_is() { [ "$rc" -eq "$1" ] || fail "'$what' exited $rc, not $1"; }
says() { cat "$out" "$err" | grep -qF -- "$1" || fail "'$what' did not say '$1'"; }
never_says() { ! cat "$out" "$err" | grep -qF -- "$1" || fail "'$what' said '$1'"; }
count_is() {
    n=$(grep -cF -- "$2" "$out")
    [ "$n" -eq "$1" ] || fail "'$what' said '$2' $n times, not $1"
}
no_stdout() { [ ! -s "$out" ] || fail "'$what' printed on standard output"; }

# expect STATUS TEXT -- ARGS...: crown-play ARGS exits with STATUS and says TEXT.
expect() {
    want=$1 text=$2
    shift 3
    run "$play" "$@"
    status_is "$want"
    says "$text"
}

# ---- Every program: --version, --help, unknown options ----------------------
version=
for prog in "$play" "$bench" "$minimal" "$stats"; do
    name=$(basename "$prog")
    run "$prog" --version
    status_is 0
    line=$(cat "$out")
    echo "$line" | grep -Eqx "$name \(libcrown [0-9]+\.[0-9]+\.[0-9]+\)" ||
        fail "'$name --version' printed '$line'"
    [ -z "$version" ] || [ "$line" = "$name ${version#* }" ] ||
        fail "'$name --version' printed '$line', another version than '$version'"
    version=$line
    run "$prog" --help
    status_is 0
    grep -q "^usage: $name" "$out" || fail "'$name --help' printed no usage line"
    run "$prog" --bogus
    status_is 2
    no_stdout
    says "$name: unknown option '--bogus' (see --help)"
done
# The version is the library's.
run "$minimal"
status_is 0
lib=$(sed -n 's/^libcrown \([^:]*\): game over.*/\1/p' "$out")
[ -n "$lib" ] && [ "${version##*(libcrown }" = "$lib)" ] ||
    fail "the version ($version) is not the library's ($lib)"

# ---- crown-bench and kings-family-stats: argument errors print nothing on
# standard output, and exit 2 -------------------------------------------------
bench_error() {
    text=$1
    shift
    run "$@"
    status_is 2
    no_stdout
    says "$text"
}
bench_error "unknown option '--foo' (see --help)" "$bench" --foo
bench_error "unknown option '--foo' (see --help)" "$bench" --seconds 1 --foo 3
bench_error "unexpected argument 'chess'" "$bench" chess
bench_error "unknown game 'nope'" "$bench" --game nope
bench_error "out of range" "$bench" --game game_of_kingdoms --options players=9
bench_error "--options needs --game" "$bench" --options players=2
bench_error "--seconds needs a number" "$bench" --game kings_family --seconds x
bench_error "--seed needs a value" "$bench" --seed
bench_error "--seed needs a whole number" "$bench" --seed ""
bench_error "--floor measures no game" "$bench" --floor --game kings_family
bench_error "--floor measures no game" "$bench" --floor --batch 4
bench_error "--batch needs a number of games (1 to 1048576)" "$bench" --batch 0
bench_error "--batch needs a number of games" "$bench" --batch 1048577
bench_error "--batch needs a number of games" "$bench" --batch x
bench_error "chance=explicit" "$bench" --batch 4 --game kings_family --options chance=explicit
run "$bench" --game kings_family --seconds 0.02
status_is 0
grep -q "^game .*decision .*apply+undo" "$out" || fail "crown-bench printed no header"
[ "$(grep -c "^kings_family .*(defaults)" "$out")" -eq 3 ] ||
    fail "crown-bench did not measure kings_family in its three tables"
grep -q "^game .*new .*from new .*from reset .*clone-each" "$out" ||
    fail "crown-bench printed no table of starting and branching"
run "$bench" --game game_of_kingdoms --options players=2 --seconds 0.02 --json
status_is 0
grep -q '^\[' "$out" && grep -q '^\]' "$out" || fail "crown-bench --json printed no array"
for key in floor_ns_per_move decision_ns decision_ratio apply_undo_ns apply_undo_ratio \
    playout_ns in_library_playout_ns_per_decision clone_ns clone_end_ns save_ns_per_entry load_ns_per_entry load_to_replay \
    allocations_per_decision bytes_per_handle bytes_per_history_entry batch_size batch_ns \
    obs_loop_ns batch_to_obs_loop \
    new_ns decision_from_new_ns playout_from_new_ns decision_from_reset_ns playout_from_reset_ns \
    clone_each_ns_per_decision clone_each_clone_ns; do
    says "\"$key\": "
done
says '"options": "players=2"'
never_says "nan"
if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import json, sys; d = json.load(sys.stdin); assert d[0]["game"] == "game_of_kingdoms"' \
        <"$out" || fail "crown-bench --json is not JSON"
fi
# --batch B: the batch figures alone, as the Python benchmark reads them.
run "$bench" --batch 16 --game blood_bound --options players=8 --seconds 0.05 --json
status_is 0
for key in batch_size batch_ns obs_loop_ns batch_to_obs_loop games_loop_ns batch_to_games_loop; do
    says "\"$key\": "
done
says '"batch_size": 16'
never_says "nan"
never_says "decision_ns"
if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import json, sys; d = json.load(sys.stdin); assert d[0]["batch_ns"] > 0 and d[0]["obs_loop_ns"] > 0 and d[0]["games_loop_ns"] > 0' \
        <"$out" || fail "crown-bench --batch --json is not JSON with the batch figures"
fi
run "$bench" --batch 16 --game kings_family --seconds 0.05
status_is 0
grep -q "^kings_family .*(defaults) *16 " "$out" || fail "crown-bench --batch printed no line"
run "$bench" --floor --seconds 0.02
status_is 0
grep -q "^floor: .* ns/move" "$out" || fail "crown-bench --floor printed no floor"
run "$bench" --help
status_is 0
says "--json"
says "--floor"
bench_error "unknown option '--foo'" "$stats" --games 3 --foo
bench_error "--games needs a value" "$stats" --games
bench_error "--games needs a number" "$stats" --games 0
bench_error "--games needs a number" "$stats" --games +3
bench_error "--games needs a number" "$stats" --games " 3"
bench_error "--seed needs a whole number" "$bench" --seed +3
bench_error "unknown option 'x'" "$stats" --games 3 --options x=1
run "$minimal" extra
status_is 2
no_stdout

# ---- crown-play: its command line --------------------------------------------
expect 0 "usage: crown-play GAME" -- --help
expect 0 "game_of_kingdoms" -- --list
expect 0 "players=2..6" -- --describe game_of_kingdoms
expect 2 "usage" --
expect 2 "unknown game 'chess'" -- chess
expect 2 "unknown game" -- --describe chess
expect 2 "out of range" -- game_of_kingdoms --options players=9
expect 2 "--seed needs a whole number" -- game_of_kingdoms --seed x
expect 2 "--seed needs a whole number" -- game_of_kingdoms --seed
# Numbers are decimal digits only, as the library reads them.
expect 2 "--seed needs a whole number" -- game_of_kingdoms --seed +4
expect 2 "--seed needs a whole number" -- game_of_kingdoms --seed " 4"
expect 2 "--seed needs a whole number" -- game_of_kingdoms --seed 18446744073709551616
expect 2 "this game has seats 0 to 3" -- game_of_kingdoms --human 4
expect 2 "unknown option '--bogus'" -- game_of_kingdoms --bogus
expect 2 "one game at a time" -- game_of_kingdoms game_of_kingdoms
expect 2 "one at a time" -- --list game_of_kingdoms
run "$play" --list --bogus
status_is 2
no_stdout

# ---- crown-play: bot games ---------------------------------------------------
expect 0 "result:" -- game_of_kingdoms --options players=3 --seed 4
expect 0 "seat 1  lead" -- game_of_kingdoms --options players=2,variant=ruthless --seed 2
# Every move is printed with what only an omniscient viewer knows: each card
# dealt (6 to each of 2 seats) and drawn.
run "$play" game_of_kingdoms --options players=2 --seed 5
status_is 0
cp "$out" "$tmp/demo"
count_is 12 "chance  deal "
count_is 1 "chance  trump "
never_says "a card"
says "chance  draw "
grep -Eq "^ +1  chance  deal [RBGY]" "$out" || fail "the demo does not number its moves from 1"
# The same seed gives the same game; another seed another one.
run "$play" game_of_kingdoms --options players=2 --seed 5
cmp -s "$out" "$tmp/demo" || fail "the same seed gave two games"
run "$play" game_of_kingdoms --options players=2 --seed 6
! cmp -s "$out" "$tmp/demo" || fail "seeds 5 and 6 gave the same game"
run "$play" kings_family --seed 2 --quiet
status_is 0
says "result:"
never_says "seat 0  "
run "$play" kings_blood --options players=3,advanced=on --seed 2
status_is 0
says "game over: seat "
says "seat 2  "
says "chance  found "

# A whole King's Blood game as a person plays it: the first menu entry.
human "$(awk 'BEGIN { for (i = 0; i < 5000; i++) print 1 }')" kings_blood --options players=3 --human 1 --seed 4
status_is 0
says "you are seat 1"
says "seat 1 (you): "
says "game over"
count_is 7 "chance  deal a card to seat 0"

# Blood Bound: bots to the end; a person sees only his own character.
run "$play" blood_bound --options players=7 --seed 2
status_is 0
says "game over: seat "
says "winners:"
human "$(awk 'BEGIN { for (i = 0; i < 5000; i++) print 1 }')" blood_bound --options players=9 --human 3 --seed 4
status_is 0
says "you are seat 3: the "
says "chance  deal a character to seat 0"
says "game over"

# ---- crown-play: a human seat -------------------------------------------------
g2="game_of_kingdoms --options players=2 --human 0 --seed 3"

# A whole game: always the second menu entry when there is one, else the
# first.  He sees his view, his menu, his own cards dealt and drawn, and
# for the other seat's only that they were dealt or drawn.
human "$(awk 'BEGIN { for (i = 0; i < 3000; i++) printf "%d\\n", i % 2 ? 1 : 2 }')" $g2
status_is 0
says "you are seat 0"
says "seat 0 (you): "
says "  1) "
says "result:"
says "seat 0 (you)  "
grep -q "^seat 1: [0-9]* cards*:" "$out" && fail "the human saw the other hand"
count_is 6 "chance  deal a card to seat 1"
awk '
function cards(text, set,   n, a, i) {
    n = split(text, a, " ")
    for (i = 1; i <= n; i++)
        set[a[i]] = 1
    return n
}
/ chance  draw: seat [0-9]+ draws a card$/ { others++; next }
/ chance  draw [^ :]+$/ { drawn = drawn " " $NF; mine++; next }
/ chance  deal a card to seat / { next }
/ chance  deal [^ ]+$/ { dealt = dealt " " $NF; next }
/^seat 0 \(you\): / {
    hand = $0
    sub(/^seat 0 \(you\): [0-9]+ cards?:? ?/, "", hand)
    gsub(/\*/, "", hand)
    split("", in_hand)
    size = cards(hand, in_hand)
    if (!shown++) {
        n = split(dealt, a, " ")
        if (n != size)
            bad = bad "\n" n " cards dealt to him, " size " in his first hand"
        for (i = 1; i <= n; i++)
            if (!(a[i] in in_hand))
                bad = bad "\ndealt " a[i] ", not in his first hand"
    }
    n = split(drawn, a, " ")
    for (i = 1; i <= n; i++)
        if (!(a[i] in in_hand))
            bad = bad "\ndrew " a[i] ", not in his next hand"
    drawn = ""
}
END {
    if (!shown) bad = bad "\nhis hand was never shown"
    if (!mine) bad = bad "\nhe never saw a card he drew"
    if (!others) bad = bad "\nhe never saw the other seat draw"
    if (bad != "") { print substr(bad, 2); exit 1 }
}' "$out" >"$tmp/why" || fail "what the human saw of the cards: $(cat "$tmp/why")"

# views: splits the human's views (from a blank line to the menu) into
# $tmp/view.1, $tmp/view.2, ...
views() {
    rm -f "$tmp"/view.*
    awk -v dir="$tmp" '
        /^$/ { n++; file = dir "/view." n; printf "" >file; next }
        /^ +1\) / { file = "" }
        file != "" { print >file }' "$out"
}
same_view() { cmp -s "$tmp/view.$1" "$tmp/view.$2" || fail "'$what': view $1 is not view $2"; }
other_view() { ! cmp -s "$tmp/view.$1" "$tmp/view.$2" || fail "'$what': view $1 is view $2"; }

# help, then quit (commands in any case, with spaces around): the commands
# and examples of the notation; no result.
human 'Help\n  QUIT \n' $g2
status_is 0
for c in MOVE undo help quit; do
    grep -q "^  $c  " "$out" || fail "'$what': help does not list '$c'"
done
says "moves read like: "
says "bye"
never_says "result:"
count_is 2 "your move ("

# undo at the first decision: nothing to undo, the same decision again.
human 'undo\nquit\n' $g2
status_is 0
says "nothing to undo"
count_is 2 "your move ("
count_is 1 "you are seat 0"

# undo after a move: the view before it again; twice, back to the first
# decision, then nothing more.
human '1\nundo\nquit\n' $g2
status_is 0
views
says "undone: your move '"
other_view 1 2
same_view 1 3
human '1\n1\nundo\nundo\nundo\nquit\n' $g2
status_is 0
views
count_is 2 "undone: your move '"
count_is 1 "nothing to undo"
same_view 2 4
same_view 1 5
[ ! -e "$tmp/view.6" ] || fail "'$what': a view after nothing to undo"

# Typed moves: one that is not notation (EPARSE), one that is but is not
# legal now (EILLEGAL: no one passes at his first decision), each refused
# with the library's reason; a menu number out of range; then a legal text,
# in any case.
human 'zzz\npass\n99\nTAKE\nquit\n' $g2
status_is 0
says "cannot read 'zzz' as a move (moves read like: "
says "'pass' is not a legal move now"
never_says "cannot read 'pass'"
says "no move 99"
count_is 5 "your move ("
says "seat 0 (you)  take"

# A typed move the rules refuse says why (seed 4: seat 0 defends against BQ,
# holding R7 Y7 BN YQ GK GH).
g4="game_of_kingdoms --human 0 --seed 4"
human 'beat BQ with RQ\nbeat GN with RQ\nbeat BQ with YQ\nquit\n' $g4
status_is 0
says "'beat BQ with RQ' is not a legal move now: RQ is not in seat 0's hand"
says "'beat GN with RQ' is not a legal move now: GN is not an attack card on the table"
says "'beat BQ with YQ' is not a legal move now: YQ is neither of the colour of BQ nor a trump"
count_is 4 "your move ("

# A line holding a NUL byte is one line, refused as unreadable; the next line
# is read and played.
human 'beat\0 BQ\n1\nquit\n' $g4
status_is 0
says "that line holds a NUL byte: it cannot be read as a move"
never_says "that line is too long"
says "seat 0 (you)  take"
# A line too long is skipped to its end, and the next one read.
long=$(printf '%0300d' 0)
human "$long\n1\nquit\n" $g4
status_is 0
says "that line is too long"
says "seat 0 (you)  take"

# End of input: at the first decision and later, a goodbye and status 0.
human '' $g2
status_is 0
says "bye"
never_says "result:"
human '1\n' $g2
status_is 0
says "bye"
says "seat 0 (you)  "
echo "play-test: ok"
