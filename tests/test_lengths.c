/*
 * test_lengths.c - every game ends under its default options, whatever its
 * players do.
 *
 * Degenerate policies (always the first legal move, always the last) can
 * keep a game going for ever: Game of Kingdoms players who always take,
 * King's Blood players who draw and stop, Blood Bound players who pass the
 * dagger back and forth.  Each game's default length limit (max_bouts,
 * max_moves, max_turns, max_match_turns) must end such a game, drawn or
 * without a winner, and its views must say that the limit ended it.  The
 * long games make this suite too heavy for valgrind: it runs in the plain
 * builds (suite "limits").
 */
#include "common.h"

/* More moves than any default limit allows (the longest, a King's Blood
 * match that reaches max_match_turns, takes about 250,000): a game still
 * going after this many moves is endless. */
#define ENDLESS 600000

enum policy { FIRST, LAST };

typedef struct length_case {
    const char *game, *options;
    const char *limit_said; /* in the JSON when the limit ended the game */
    int seeds;
} length_case;

static const length_case cases[] = {
    /* The README's loop and minimal.c: three seats, always the last move. */
    {"game_of_kingdoms", "players=3", "\"last_game_end\": \"max_bouts\"", 40},
    {"game_of_kingdoms", "players=4", "\"last_game_end\": \"max_bouts\"", 40},
    {"game_of_kingdoms", "players=2,variant=ruthless", "\"last_game_end\": \"max_bouts\"", 20},
    {"game_of_kingdoms", "players=6,variant=ruthless,games=3", "\"last_game_end\": \"max_bouts\"",
     10},
    {"kings_family", "", "\"end\": \"move_limit\"", 40},
    {"kings_family", "events=optional", "\"end\": \"move_limit\"", 20},
    {"kings_blood", "players=2", "\"end\": \"max_turns\"", 20},
    {"kings_blood", "players=4", "\"end\": \"max_turns\"", 20},
    {"kings_blood", "players=6,advanced=on", "\"end\": \"max_turns\"", 10},
    {"kings_blood", "players=3,match=on", "\"end\": \"max_match_turns\"", 2},
    {"kings_blood", "players=2,match=on,scoring=B,advanced=on", "\"end\": \"max_match_turns\"", 2},
    {"blood_bound", "players=6", "\"end\": \"turn_limit\"", 20},
    {"blood_bound", "players=9", "\"end\": \"turn_limit\"", 20},
    {"blood_bound", "players=12", "\"end\": \"turn_limit\"", 10},
};

/* Plays one game to its end with the policy; returns the moves it took, or
 * fails the test when it does not end. */
static size_t play_out(crown_game *g, enum policy p, const length_case *c, int seed)
{
    static crown_move moves[CROWN_MAX_MOVES_HINT];
    size_t count = 0;
    int who;
    while (crown_current_player(g, &who) == CROWN_OK && who != CROWN_TERMINAL) {
        size_t n;
        OK(crown_legal_moves(g, moves, CROWN_MAX_MOVES_HINT, &n));
        ck_assert_uint_gt(n, 0);
        OK(crown_apply(g, moves[p == FIRST ? 0 : n - 1]));
        ck_assert_msg(++count < ENDLESS, "%s %s, seed %d, always the %s move: no end after %d moves",
                      c->game, c->options, seed, p == FIRST ? "first" : "last", ENDLESS);
    }
    return count;
}

START_TEST(every_game_ends_under_degenerate_policies)
{
    const length_case *c = &cases[_i];
    int limit_ends[2] = {0, 0};
    for (int p = FIRST; p <= LAST; p++) {
        for (int seed = 1; seed <= c->seeds; seed++) {
            crown_game *g = new_game(c->game, c->options, (uint64_t)seed);
            play_out(g, (enum policy)p, c, seed);
            char *json = observe_json(g, CROWN_SPECTATOR);
            limit_ends[p] += strstr(json, c->limit_said) != NULL;
            free(json);
            /* Every seat's returns are there, as at any end. */
            double r[16];
            size_t nr;
            OK(crown_returns(g, r, 16, &nr));
            crown_free(g);
        }
    }
    printf("%s %s: the limit ended %d of %d games (first move), %d of %d (last move)\n", c->game,
           c->options, limit_ends[FIRST], c->seeds, limit_ends[LAST], c->seeds);
}
END_TEST

/* The degenerate games the limits were made for: each ends, and says that
 * its limit ended it.  (Before the defaults were finite, these never
 * ended.) */
static void expect_limit_ends(const char *game, const char *options, enum policy p, int seed,
                              const char *limit_said)
{
    const length_case c = {game, options, limit_said, 1};
    crown_game *g = new_game(game, options, (uint64_t)seed);
    play_out(g, p, &c, seed);
    char *json = observe_json(g, CROWN_SPECTATOR);
    ck_assert_msg(strstr(json, limit_said), "%s %s seed %d: the JSON does not say '%s'", game,
                  options, seed, limit_said);
    free(json);
    crown_free(g);
}

START_TEST(the_endless_games_found_end_at_their_limit)
{
    /* The README's Python loop: always the last legal move, seed 9. */
    expect_limit_ends("game_of_kingdoms", "players=3", LAST, 9, "\"last_game_end\": \"max_bouts\"");
    expect_limit_ends("kings_blood", "players=4", FIRST, 2, "\"end\": \"max_turns\"");
    expect_limit_ends("blood_bound", "players=8", LAST, 1, "\"end\": \"turn_limit\"");
}
END_TEST

int main(void)
{
    Suite *s = suite_create("lengths");
    TCase *tc = test_case("defaults");
    tcase_add_loop_test(tc, every_game_ends_under_degenerate_policies, 0,
                        (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, the_endless_games_found_end_at_their_limit);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
