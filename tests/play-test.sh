#!/bin/sh
# The example programs as a person meets them: --help, --version and
# argument errors of each; crown-play's bot games (deterministic, every move
# printed), the bots' levels (random, and the library's search: each
# accepted, a wrong one refused, games to their end, the same twice), and a
# human seat: what he sees, help, undo, quit, end of input, typed moves and
# the reasons they are refused; crown-search (examples/search.c): the
# search's root and its games against random moves.
# usage: play-test.sh CROWN-PLAY CROWN-BENCH CROWN-MINIMAL KINGS-FAMILY-STATS CROWN-SEARCH
set -u
play=$1 bench=$2 minimal=$3 stats=$4 search=$5
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
for prog in "$play" "$bench" "$minimal" "$stats" "$search"; do
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

# ---- crown-search (examples/search.c): the search against random moves ------
# Its first decision's root (every legal move, visits summing to the
# iterations), then the games won: most of them, the same on every run.
run "$search"
status_is 0
says "the search's first decision, 300 iterations:"
awk '/^the search.s first decision/ { inside = 1; next }
     inside && /^  .* [0-9]+ visits, mean return [-+][0-9.]+$/ { n++; v += $(NF - 4); next }
     inside { inside = 0 }
     END { if (n < 2 || v != 300) { print n + 0 " moves, " v + 0 " visits"; exit 1 } }' "$out" >"$tmp/why" ||
    fail "'$what': its root is not the legal moves with 300 visits in all: $(cat "$tmp/why")"
won=$(sed -n 's/^the search (iterations=300) won \([0-9]*\) of 10 games against random moves$/\1/p' "$out")
[ -n "$won" ] || fail "'$what' did not say how many games it won"
[ "$won" -ge 7 ] || fail "'$what': the search won $won of 10 games against random moves"
cp "$out" "$tmp/search"
run "$search"
cmp -s "$out" "$tmp/search" || fail "'$what' gave two results"
run "$search" --params iterations=50,exploration=2
status_is 0
says "the search (iterations=50,exploration=2) won "
bench_error "search parameter iterations: 'x' is not a whole number" "$search" --params iterations=x
bench_error "--params needs a value" "$search" --params

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
expect 0 "result:" -- game_of_kingdoms --options players=3 --seed 4 --bot random
expect 0 "seat 1  lead" -- game_of_kingdoms --options players=2,variant=ruthless --seed 2 --bot random
# Every move is printed with what only an omniscient viewer knows: the deal
# in one line (the 12 cards dealt, then the trump turned up), each card
# drawn.
run "$play" game_of_kingdoms --options players=2 --seed 5 --bot random
status_is 0
cp "$out" "$tmp/demo"
says '1-13  chance  deal B9 Y10 R8 R10 R9 BK GK R7 B7 YQ G8 R5; trump GH'
count_is 1 "chance  deal "
never_says "a card"
says "chance  draw "
grep -Eq "^  14  seat 1  lead " "$out" || fail "the demo does not number its moves on after the deal"
# A game of a match opens with its deal in one line too; the chance moves
# of a bout's refill are printed one a line.
run "$play" game_of_kingdoms --options players=3,games=2 --seed 3 --bot random
status_is 0
count_is 2 "chance  deal "
grep -Eq "^ *[0-9]+-[0-9]+  chance  deal ([RBGY][0-9NQKH]+ ){17}[RBGY][0-9NQKH]+; trump [RBGY][0-9NQKH]+$" "$out" ||
    fail "'$what': a deal is not one line of 18 cards and the trump"
grep -Eq "^ *[0-9]+  chance  draw [RBGY]" "$out" || fail "'$what': no draw on a line of its own"
run "$play" kings_blood --options players=2,match=on --seed 3 --bot random
status_is 0
[ "$(grep -c "^ *[0-9]*-[0-9]*  chance  deal " "$out")" -gt 1 ] ||
    fail "'$what': the games of the match do not open with a deal in one line"
! grep -Eq "^ *[0-9]+  chance  deal " "$out" || fail "'$what': a card dealt on a line of its own"
# Every game opens with its deal in one line: the line after the game's,
# followed by the first decision or the person's first view.
for game in game_of_kingdoms kings_blood kings_family blood_bound; do
    human 'quit\n' $game --human 0 --seed 3 --bot random
    status_is 0
    sed -n 2p "$out" | grep -Eq '^ *1-[0-9]+  chance  ' && ! sed -n 3p "$out" | grep -q '  chance  ' ||
        fail "'$what': the deal is not one line: $(sed -n 2,3p "$out")"
done
# With chance=explicit the bots choose the chance outcomes too (no seat is
# the person's), and the deal is still one line.
run "$play" game_of_kingdoms --options players=2,chance=explicit --seed 3 --bot random
status_is 0
says "result:"
never_says "your move"
count_is 1 "chance  deal "
# The same seed gives the same game; another seed another one.
run "$play" game_of_kingdoms --options players=2 --seed 5 --bot random
cmp -s "$out" "$tmp/demo" || fail "the same seed gave two games"
run "$play" game_of_kingdoms --options players=2 --seed 6 --bot random
! cmp -s "$out" "$tmp/demo" || fail "seeds 5 and 6 gave the same game"
run "$play" kings_family --seed 2 --quiet --bot random
status_is 0
says "result:"
never_says "seat 0  "
run "$play" kings_blood --options players=3,advanced=on --seed 2 --bot random
status_is 0
says "game over: seat "
says "seat 2  "
grep -Eq "^1-22  chance  deal .*; found [^ ]+$" "$out" || fail "'$what': the deal does not end with the card found"

# A whole King's Blood game as a person plays it: the first menu entry.
human "$(awk 'BEGIN { for (i = 0; i < 5000; i++) print 1 }')" kings_blood --options players=3 --human 1 --seed 4 --bot random
status_is 0
says "you are seat 1"
says "seat 1 (you): "
says "game over"
says '1-22  chance  deal G6m R3m B8f-draw3 B3m Y2m B1m Y9m, a card to seat 2 (7 times), a card to seat 0 (7 times); found G1m'

# Blood Bound: bots to the end; a person sees only his own character.
run "$play" blood_bound --options players=7 --seed 2 --bot random
status_is 0
says "game over: seat "
says "winners:"
human "$(awk 'BEGIN { for (i = 0; i < 5000; i++) print 1 }')" blood_bound --options players=9 --human 3 --seed 4 --bot random
status_is 0
says "you are seat 3: the "
says "; deal a character to seat 0, a character to seat 1, a character to seat 2, rose 7, a character to seat 4, "
says "game over"

# ---- crown-play: the bots' levels ---------------------------------------------
# Every level plays, and the first line names it, a named level with its
# search parameters, as the man page gives them; without --bot the level is
# normal.  (Seed 5: seat 1 leads, a bot's move before the person's prompt.)
src=$(cd "$(dirname "$0")/.." && pwd)
page=$src/docs/man/crown-play.1
for level in random easy normal hard search:iterations=50,exploration=1 ""; do
    if [ -n "$level" ]; then
        human 'quit\n' game_of_kingdoms --options players=2 --human 0 --seed 5 --bot "$level"
    else
        human 'quit\n' game_of_kingdoms --options players=2 --human 0 --seed 5
        level=normal
    fi
    status_is 0
    head=$(sed -n 1p "$out")
    case $head in
    *", seed 5, bots $level") params= ;;
    *", seed 5, bots $level (search "*")") params=${head##*(search } params=${params%)} ;;
    *) fail "'$what': its first line does not name the level $level: $head" ;;
    esac
    case $level in
    easy | normal | hard) [ -n "$params" ] || fail "'$what': level $level without its parameters: $head" ;;
    *) [ -z "$params" ] || fail "'$what': level $level with parameters: $head" ;;
    esac
    # The man page's BOTS section: the tag of the level, then its parameters.
    if [ -n "$params" ]; then
        awk -v level="$level" -v params="$params" '
            /^\.SH / { inside = $2 == "BOTS" } inside && /^\.(TP|SH|PP)/ { at = 0 }
            inside && $0 == ".B " level { tag = 1; next }
            tag { at = 1; tag = 0 }
            at { for (i = 1; i <= NF; i++) if ($i == params) found = 1 }
            END { exit !found }' "$page" ||
            fail "docs/man/crown-play.1 does not give the parameters of level $level as $params"
    fi
    grep -Eq "^  14  seat 1  (lead|attack) " "$out" || fail "'$what': the bot did not lead"
    count_is 1 "your move ("
done

# A level that is not one, parameters the search refuses, no level: refused
# before any game, naming the levels.
levels="the levels: random, easy, normal, hard; or search:PARAMS"
expect 2 "crown-play: --bot 'hardest': no such level ($levels)" -- game_of_kingdoms --bot hardest
no_stdout
expect 2 "crown-play: --bot 'Easy': no such level" -- game_of_kingdoms --bot Easy
expect 2 "crown-play: --bot '': no such level" -- game_of_kingdoms --bot ""
expect 2 "crown-play: --bot 'search:iterations=x': search parameter iterations: 'x' is not a whole number" -- \
    game_of_kingdoms --bot search:iterations=x
no_stdout
expect 2 "crown-play: --bot 'search:depth=3': " -- game_of_kingdoms --bot search:depth=3
says "depth"
expect 2 "crown-play: --bot needs a level (random, easy, normal, hard; or search:PARAMS)" -- game_of_kingdoms --bot
expect 2 "no such level" -- --list --bot hardest
no_stdout

# A person's game against --bot easy, to its end (always his first menu
# entry): the same seed and input give the same game, word for word; the
# random bots or another seed another one.
first=$(awk 'BEGIN { for (i = 0; i < 3000; i++) print 1 }')
for set in "game_of_kingdoms players=2 0" "kings_blood players=2 1"; do
    set -- $set
    human "$first" "$1" --options "$2" --human "$3" --seed 7 --bot easy
    status_is 0
    says "result:"
    never_says "bye"
    cp "$out" "$tmp/easy"
    human "$first" "$1" --options "$2" --human "$3" --seed 7 --bot easy
    cmp -s "$out" "$tmp/easy" || fail "'$what' played two games"
    human "$first" "$1" --options "$2" --human "$3" --seed 7 --bot random
    status_is 0
    sed 1d "$out" >"$tmp/random"
    ! sed 1d "$tmp/easy" | cmp -s - "$tmp/random" || fail "'$what': --bot easy played as random"
    human "$first" "$1" --options "$2" --human "$3" --seed 8 --bot easy
    status_is 0
    ! cmp -s "$out" "$tmp/easy" || fail "seeds 7 and 8 gave the same game against --bot easy"
done
# Bots at easy in every game to the end, with chance=explicit too (the bots
# draw the chance outcomes at random), and the search on two threads: the
# same game twice.
for set in "game_of_kingdoms players=4 easy" "kings_blood players=3 easy" "kings_family - easy" \
    "blood_bound players=8 easy" "game_of_kingdoms players=2,chance=explicit easy" \
    "kings_blood players=2 search:iterations=300,threads=2"; do
    set -- $set
    [ "$2" != - ] || set -- "$1" "" "$3"
    run "$play" "$1" --options "$2" --seed 2 --bot "$3"
    status_is 0
    says "result:"
    cp "$out" "$tmp/bots"
    run "$play" "$1" --options "$2" --seed 2 --bot "$3"
    cmp -s "$out" "$tmp/bots" || fail "'$what' played two games"
done

# ---- crown-play: a human seat -------------------------------------------------
g2="game_of_kingdoms --options players=2 --human 0 --seed 3 --bot random"

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
says '1-13  chance  deal R9 Y7 RN B8 BN GH, a card to seat 1 (6 times); trump R5'
awk '
function cards(text, set,   n, a, i) {
    n = split(text, a, " ")
    for (i = 1; i <= n; i++)
        set[a[i]] = 1
    return n
}
# The face-up trump, public: the move after which it is drawn names it.
/, then seat [0-9]+ draws the face-up trump [^ ]+$/ {
    trumps++
    if ($0 ~ /, then seat 0 draws/)
        drawn = drawn " " $NF
    sub(/, then seat [0-9]+ draws the face-up trump [^ ]+$/, "")
}
/ chance  draw: seat [0-9]+ draws a card$/ { others++; next }
/ chance  draw [^ :]+$/ { drawn = drawn " " $NF; mine++; next }
/^ *1-[0-9]+  chance  deal / {
    dealt = $0
    sub(/^ *1-[0-9]+  chance  deal /, "", dealt)
    sub(/[,;].*/, "", dealt)
    next
}
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
    if (trumps != 1) bad = bad "\nhe saw the face-up trump drawn " trumps + 0 " times, not once"
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
for c in MOVE undo rules help quit; do
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

# ---- crown-play: the rules, at the prompt -------------------------------------
# 'rules' (and 'help rules') print the game's rules in short, its document's
# "In short" section word for word, and where the document is installed.
words() { sed 's/\*\*//g' | tr -s ' \n' '\n\n' | sed '/^$/d'; }
for game_doc in game_of_kingdoms:game-of-kingdoms kings_blood:kings-blood \
    kings_family:kings-family blood_bound:blood-bound; do
    game=${game_doc%%:*} doc=${game_doc#*:}.md
    human 'rules\nhelp  Rules\nquit\n' $game --human 0 --bot random
    status_is 0
    count_is 2 "The rules of $game in short:"
    grep -Eq "^The full rules, the options and the notation: /.+/share/doc/crown/$doc\$" "$out" ||
        fail "'$what': the rules do not name the installed $doc"
    sed -n '/^## In short$/,/^## /{/^## /d;p;}' "$src/docs/$doc" | words >"$tmp/doc-words"
    [ -s "$tmp/doc-words" ] || fail "docs/$doc has no 'In short' section"
    awk -v head="The rules of $game in short:" '
        index($0, head) { inside = !done; done = 1; next }
        /^The full rules/ { inside = 0 }
        inside' "$out" | words >"$tmp/said-words"
    diff -u --label "docs/$doc (In short)" --label "'rules' in $game" "$tmp/doc-words" "$tmp/said-words" >&2 ||
        fail "'$what': the rules are not the words of docs/$doc's 'In short' (diff above)"
done
# ---- crown-play: undo ----------------------------------------------------------
# Undo takes back the person's own decisions since the last chance event or
# other seat's move, one at a time, and never more: what he learns from
# taking back and playing again, he could have known without undo.

# Game of Kingdoms: a bot's answer is never taken back (seed 3: seat 0
# takes, seat 1 adds RH), nor played again otherwise.
human '1\nundo\nundo\nquit\n' $g2
status_is 0
count_is 2 "undo: seat 1 answered your move 'take' with 'add RH': taking your move back would let you choose again knowing the answer"
never_says "undone"
count_is 1 "seat 1  add RH"
count_is 4 "your move ("
# Seed 18: seat 1 leads B5 Y5; seat 0 beats B5 with B7, takes it back (the
# view before it again), beats it with B10 instead, takes that back too,
# then nothing more: seat 1's lead came before.
g18="game_of_kingdoms --options players=2 --human 0 --seed 18 --bot random"
human '2\nundo\n3\nundo\nundo\nquit\n' $g18
status_is 0
views
says "undone: your move 'beat B5 with B7'; your turn again"
says "undone: your move 'beat B5 with B10'; your turn again"
count_is 1 "nothing to undo: you have not moved yet"
same_view 1 3
same_view 1 5
other_view 1 2
other_view 2 4
count_is 1 "15  seat 0 (you)  beat B5 with B7"
count_is 1 "15  seat 0 (you)  beat B5 with B10"

# King's Blood, the issue's case (seed 4): seat 0 draws B2f-skip; undo would
# let him look at the top of the pile and play instead, so it is refused,
# and the card is drawn once.
kb4="kings_blood --options players=3 --human 0 --seed 4 --bot random"
human 'draw\nundo\ndraw\nundo\nquit\n' $kb4
status_is 0
count_is 2 "undo: after your move 'draw' chance gave 'draw B2f-skip': taking your move back would let you choose again knowing what chance gave"
never_says "undone"
count_is 1 "chance  draw B2f-skip"
count_is 1 "seat 0 (you)  draw"
says "'draw' is not a legal move now"
# Within a turn, his own decisions are taken back (seed 3: after a Marriage
# gives the Assassination, seat 0 plays it and may take it back), but not
# across the Marriage before it.
human '1\n1\n1\n1\n1\nundo\nundo\n1\nquit\n' kings_blood --options players=3 --human 0 --seed 3 --bot random
status_is 0
says "undone: your move 'assassination on R5m-reverse'; your turn again"
says "undo: after your move 'play R7f left of R5m-reverse' chance gave 'marriage assassination': "
count_is 2 "48  seat 0 (you)  assassination on R5m-reverse"
count_is 1 "47  chance  marriage assassination"

# King's Family (seed 4): a play is taken back, and played otherwise; a
# play after which cards were drawn is not.
human '1\nundo\nundo\n2\n1\nundo\nquit\n' kings_family --human 0 --seed 4
status_is 0
views
says "undone: your move 'play G5f left of G7f'; your turn again"
count_is 1 "nothing to undo: you have not moved yet"
same_view 1 3
says "9  seat 0 (you)  play G5f right of G7f"
says "undo: after your move 'play B5m-reverse right of G5f' chance gave 'draw Y6f': "
count_is 1 "chance  draw Y6f"

# Blood Bound (seed 2): the Harlequin's look shows him two characters; it is
# not taken back, so he cannot look at two others.
human '1\n1\n1\n1\n1\nundo\nquit\n' blood_bound --options players=6 --human 0 --seed 2 --bot random
status_is 0
says "36  seat 0 (you)  look at seats 1 and 2"
says "undo: your move 'look at seats 1 and 2' showed you what you did not know: taking it back would let you choose again knowing it"
never_says "undone"
# His rank token shown tells him nothing: taken back.
human '1\n1\n1\n1\nundo\nquit\n' blood_bound --options players=6 --human 0 --seed 2 --bot random
status_is 0
says "undone: your move 'take rank'; your turn again"

# --no-undo: undo is off, and says so; the prompt does not offer it.
human 'undo\n1\nundo\nhelp\nquit\n' $g18 --no-undo
status_is 0
count_is 2 "undo: off (--no-undo): your moves stand"
never_says "undone"
never_says "undo, help"
grep -q "^  undo       off (--no-undo)" "$out" || fail "'$what': help does not say undo is off"
expect 2 "--no-undo needs --human SEAT" -- game_of_kingdoms --no-undo

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
g4="game_of_kingdoms --human 0 --seed 4 --bot random"
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
