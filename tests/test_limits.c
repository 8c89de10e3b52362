/*
 * test_limits.c - resource limits (docs/save-format.md, docs/options.md):
 * - a saved game, an options text and a custom deck are bounded, with
 *   clear errors at the bound and none below it;
 * - a call's time grows linearly with its input: a saved game of 100,000
 *   moves loads, saves and replays in about ten times the time of one of
 *   10,000, and so does a handle that was cloned after every move.
 * The big inputs make this suite too heavy for valgrind and the
 * sanitizers: it runs in the plain builds (suite "limits").
 */
#include "common.h"

#include <time.h>

static double cpu_seconds(void)
{
    return (double)clock() / CLOCKS_PER_SEC;
}

#define SAVE_MAX_BYTES ((size_t)256 << 20)

START_TEST(a_saved_game_is_at_most_256_mib)
{
    crown_game *g = new_game("kings_family", "", 3);
    char *text = serialize(g);
    size_t len = strlen(text);
    /* At the bound: trailing white space is allowed and read. */
    char *big = malloc(SAVE_MAX_BYTES + 2);
    ck_assert_ptr_nonnull(big);
    memcpy(big, text, len);
    memset(big + len, ' ', SAVE_MAX_BYTES - len);
    big[SAVE_MAX_BYTES] = '\0';
    crown_game *h = NULL;
    char err[256] = "";
    ck_assert_msg(crown_deserialize_ex(&h, big, err, sizeof err) == CROWN_OK, "%s", err);
    crown_free(h);
    /* One byte more. */
    big[SAVE_MAX_BYTES] = ' ';
    big[SAVE_MAX_BYTES + 1] = '\0';
    h = (crown_game *)(uintptr_t)1;
    ck_assert_int_eq(crown_deserialize_ex(&h, big, err, sizeof err), CROWN_EPARSE);
    ck_assert_ptr_null(h);
    ck_assert_str_eq(err, "the saved game is longer than 268435456 bytes");
    free(big);
    free(text);
    crown_free(g);
}
END_TEST

START_TEST(an_options_text_is_at_most_4096_bytes)
{
    char text[4200];
    /* 4096 bytes: "players=2" and blanks. */
    memset(text, ' ', sizeof text);
    memcpy(text, "players=2", 9);
    text[4096] = '\0';
    crown_game *g = NULL;
    char err[256] = "";
    ck_assert_msg(crown_new_ex(&g, "game_of_kingdoms", text, 1, err, sizeof err) == CROWN_OK,
                  "%s", err);
    crown_free(g);
    text[4096] = ' ';
    text[4097] = '\0';
    g = (crown_game *)(uintptr_t)1;
    ck_assert_int_eq(crown_new_ex(&g, "game_of_kingdoms", text, 1, err, sizeof err),
                     CROWN_EOPTION);
    ck_assert_ptr_null(g);
    ck_assert_str_eq(err, "options text is longer than 4096 bytes");
}
END_TEST

/* A deck option of n copies of one Character and a Knave. */
static void deck_of(char *out, size_t cap, const char *game, int n)
{
    size_t k = (size_t)snprintf(out, cap, "%s", game);
    for (int i = 0; i < n; i++)
        k += (size_t)snprintf(out + k, cap - k, "%s", i == 0 ? "R1m" : " R1m");
    ck_assert_uint_lt(k, cap);
}

START_TEST(a_custom_deck_is_at_most_120_cards)
{
    static const char *const games[] = {"kings_blood", "kings_family"};
    char options[1200], err[256];
    for (size_t i = 0; i < 2; i++) {
        deck_of(options, sizeof options, "deck=", 120);
        crown_game *g = NULL;
        int rc = crown_new_ex(&g, games[i], options, 1, err, sizeof err);
        ck_assert_msg(rc == CROWN_OK, "%s: %s", games[i], err);
        crown_free(g);
        deck_of(options, sizeof options, "deck=", 121);
        g = (crown_game *)(uintptr_t)1;
        ck_assert_int_eq(crown_new_ex(&g, games[i], options, 1, err, sizeof err),
                         CROWN_EOPTION);
        ck_assert_ptr_null(g);
        ck_assert_msg(strstr(err, "more than 120 cards") != NULL, "%s: %s", games[i], err);
    }
}
END_TEST

/* Plays a long King's Blood match (two players, a far target) to n moves;
 * with `clones`, the game is replaced by a clone of itself after every move
 * (the history then lies in one shared piece per move). */
static crown_game *long_game(size_t n, int clones)
{
    crown_game *g = new_game("kings_blood", "players=2,match=on,target=1000000", 7);
    crown_move moves[4096];
    size_t count, len = 0;
    trng r = {7};
    int failures = 0;
    while (len < n) {
        failures += crown_legal_moves(g, moves, 4096, &count) != CROWN_OK;
        failures += crown_apply(g, moves[trng_below(&r, count)]) != CROWN_OK;
        failures += crown_history_length(g, &len) != CROWN_OK;
        if (clones) {
            crown_game *c = NULL;
            failures += crown_clone(&c, g) != CROWN_OK;
            crown_free(g);
            g = c;
        }
    }
    ck_assert_int_eq(failures, 0);
    return g;
}

typedef struct timings {
    double save, load, undo;
} timings;

/* The CPU time of saving g, loading its text and undoing every move. */
static timings time_calls(crown_game *g)
{
    timings t;
    double t0 = cpu_seconds();
    char *text = serialize(g);
    double t1 = cpu_seconds();
    crown_game *h = NULL;
    OK(crown_deserialize(&h, text));
    double t2 = cpu_seconds();
    size_t undone = 0, n;
    while (crown_undo(g) == CROWN_OK)
        undone++;
    double t3 = cpu_seconds();
    OK(crown_history_length(g, &n));
    ck_assert_uint_lt(n, 40); /* (back to the deal: undo takes a decision and its draws) */
    ck_assert_uint_gt(undone, 0);
    t.save = t1 - t0;
    t.load = t2 - t1;
    t.undo = t3 - t2;
    crown_free(h);
    free(text);
    return t;
}

static void linear(int clones)
{
    crown_game *small = long_game(10000, clones), *large = long_game(100000, clones);
    timings a = time_calls(small), b = time_calls(large);
    if (getenv("CROWN_TEST_VERBOSE"))
        printf("%s: save %.3f/%.3f load %.3f/%.3f undo %.3f/%.3f\n", clones ? "clones" : "plain",
               a.save, b.save, a.load, b.load, a.undo, b.undo);
    /* Ten times the input: at most ~30 times the time (a quadratic call
     * takes ~100 times), with room for a timer's resolution. */
    ck_assert_msg(b.save <= 30 * a.save + 0.05, "save: %.3fs for 10^4 moves, %.3fs for 10^5",
                  a.save, b.save);
    ck_assert_msg(b.load <= 30 * a.load + 0.05, "load: %.3fs for 10^4 moves, %.3fs for 10^5",
                  a.load, b.load);
    ck_assert_msg(b.undo <= 30 * a.undo + 0.05, "undo: %.3fs for 10^4 moves, %.3fs for 10^5",
                  a.undo, b.undo);
    crown_free(small);
    crown_free(large);
}

START_TEST(a_saved_game_of_100000_moves_is_linear)
{
    linear(0);
}
END_TEST

START_TEST(a_game_cloned_after_every_move_is_linear)
{
    linear(1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("limits");
    TCase *tc = test_case("limits");
    tcase_add_test(tc, a_saved_game_is_at_most_256_mib);
    tcase_add_test(tc, an_options_text_is_at_most_4096_bytes);
    tcase_add_test(tc, a_custom_deck_is_at_most_120_cards);
    tcase_add_test(tc, a_saved_game_of_100000_moves_is_linear);
    tcase_add_test(tc, a_game_cloned_after_every_move_is_linear);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
