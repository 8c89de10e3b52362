/*
 * test_saves.c - saved games across versions:
 * - every saved game that an earlier version wrote (tests/data/saves) still
 *   loads, replays the same moves and ends the same way;
 * - a saved game of a newer format is refused with a message that says so.
 */
#include "common.h"

#include <dirent.h>
#include <math.h>

#define SAVES CROWN_SOURCE_DIR "/tests/data/saves/"

/* Every fixture, by name (the directory must hold exactly these). */
static const char *const fixtures[] = {
    "0.1.0-game_of_kingdoms-players_3-chance_explicit",
    "0.1.0-game_of_kingdoms-players_4-variant_ruthless",
    "0.1.0-kings_family",
    "0.2.0-blood_bound-players_11-chance_explicit",
    "0.2.0-blood_bound-players_8",
    "0.2.0-game_of_kingdoms-players_3-chance_explicit",
    "0.2.0-game_of_kingdoms-players_4-variant_ruthless",
    "0.2.0-kings_blood-players_3-match_on-target_60",
    "0.2.0-kings_blood-players_4-advanced_on",
    "0.2.0-kings_family",
    "0.3.0-blood_bound-players_9",
    "0.3.0-game_of_kingdoms-players_4-variant_ruthless",
    "0.3.0-kings_blood-players_2",
    "0.3.0-kings_blood-players_3-match_on-target_60-chance_explicit",
    "0.3.0-kings_family",
};
#define NFIXTURES (sizeof fixtures / sizeof fixtures[0])

static char *read_file(const char *name, const char *ext)
{
    char path[512];
    snprintf(path, sizeof path, SAVES "%s%s", name, ext);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)size + 1);
    ck_assert_ptr_nonnull(s);
    ck_assert_uint_eq(fread(s, 1, (size_t)size, f), (size_t)size);
    s[size] = '\0';
    fclose(f);
    return s;
}

START_TEST(every_fixture_is_listed)
{
    DIR *d = opendir(SAVES);
    ck_assert_ptr_nonnull(d);
    size_t saves = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n < 5 || strcmp(e->d_name + n - 5, ".save") != 0)
            continue;
        saves++;
        int listed = 0;
        for (size_t i = 0; i < NFIXTURES; i++)
            listed |= strlen(fixtures[i]) == n - 5 && strncmp(fixtures[i], e->d_name, n - 5) == 0;
        ck_assert_msg(listed, "%s is not in test_saves.c's list", e->d_name);
    }
    closedir(d);
    ck_assert_uint_eq(saves, NFIXTURES);
}
END_TEST

/* Fixture _i: loads, holds the saved moves (the text from "seed" on saves
 * back to the character), and ends as the version that wrote it said. */
START_TEST(earlier_saves_still_load)
{
    const char *name = fixtures[_i];
    char *text = read_file(name, ".save");
    char *expect = read_file(name, ".expect");
    crown_game *g = NULL;
    char err[512] = "";
    int rc = crown_deserialize_ex(&g, text, err, sizeof err);
    ck_assert_msg(rc == CROWN_OK, "%s: %s", name, err);

    /* The same game, the same moves. */
    const char *line2 = strchr(text, '\n') + 1;
    size_t gn = strcspn(line2, ":\n");
    char *again = serialize(g);
    ck_assert_uint_eq(strlen(crown_name(g)), gn - 5);
    ck_assert_int_eq(strncmp(line2 + 5, crown_name(g), gn - 5), 0);
    ck_assert_str_eq(strstr(again, "\nseed "), strstr(text, "\nseed "));
    unsigned long long moves = strtoull(strstr(text, "\nmoves ") + 7, NULL, 10);
    size_t n;
    OK(crown_history_length(g, &n));
    ck_assert_uint_eq(n, moves);

    /* The same end. */
    int terminal, want_terminal;
    ck_assert_int_eq(sscanf(expect, "terminal %d", &want_terminal), 1);
    OK(crown_is_terminal(g, &terminal));
    ck_assert_int_eq(terminal, want_terminal);
    int players;
    OK(crown_num_players(g, &players));
    double r[16];
    size_t nr;
    OK(crown_returns(g, r, 16, &nr));
    ck_assert_uint_eq(nr, (size_t)players);
    const char *p = strstr(expect, "returns") + 7;
    double worst = 0;
    for (int i = 0; i < players; i++) {
        char *end;
        double want = strtod(p, &end);
        ck_assert_ptr_ne(end, p);
        p = end;
        if (fabs(want - r[i]) > worst)
            worst = fabs(want - r[i]);
    }
    ck_assert_msg(worst < 1e-5, "%s: the returns differ from the saved version's", name);

    /* And a loaded game plays on: undo to the start and replay. */
    crown_game *c = NULL;
    OK(crown_deserialize(&c, again));
    uint64_t h1, h2;
    OK(crown_state_hash(g, &h1));
    OK(crown_state_hash(c, &h2));
    ck_assert_uint_eq(h1, h2);
    size_t undone = 0;
    while (crown_undo(c) == CROWN_OK)
        undone++;
    ck_assert_uint_gt(undone, 0);
    crown_free(c);
    free(again);
    crown_free(g);
    free(text);
    free(expect);
}
END_TEST

START_TEST(a_newer_format_is_refused)
{
    crown_game *g = new_game("game_of_kingdoms", "players=2", 5);
    char *text = serialize(g);
    ck_assert_int_eq(strncmp(text, "crown-save 1\n", 13), 0);
    const char *newer[] = {"crown-save 2", "crown-save 10", "crown-save 1.1"};
    for (size_t i = 0; i < sizeof newer / sizeof newer[0]; i++) {
        size_t len = strlen(text) + 8;
        char *x = malloc(len);
        snprintf(x, len, "%s%s", newer[i], text + 12);
        crown_game *h = (crown_game *)(uintptr_t)1;
        char err[256] = "";
        ck_assert_int_eq(crown_deserialize_ex(&h, x, err, sizeof err), CROWN_EPARSE);
        ck_assert_ptr_null(h);
        ck_assert_str_eq(err, "unsupported saved-game format version (this library reads "
                              "'crown-save 1')");
        free(x);
    }
    free(text);
    crown_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("saves");
    TCase *tc = test_case("versions");
    tcase_add_test(tc, every_fixture_is_listed);
    tcase_add_loop_test(tc, earlier_saves_still_load, 0, (int)NFIXTURES);
    tcase_add_test(tc, a_newer_format_is_refused);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
