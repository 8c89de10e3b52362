/*
 * test_alloc.c - legal-move generation, apply and undo do no heap allocation
 * in steady state (once the history has reached its length).
 *
 * Linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc against the
 * library's objects, so every allocation the library makes is counted.
 */
#include "common.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t k);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t k);
void *__wrap_realloc(void *p, size_t n);

static long allocations;

void *__wrap_malloc(size_t n)
{
    allocations++;
    return __real_malloc(n);
}

void *__wrap_calloc(size_t n, size_t k)
{
    allocations++;
    return __real_calloc(n, k);
}

void *__wrap_realloc(void *p, size_t n)
{
    allocations++;
    return __real_realloc(p, n);
}

static void steady_state(const char *name, const char *options, uint64_t seed)
{
    crown_game *g = new_game(name, options, seed);
    size_t max;
    OK(crown_max_moves(g, &max));
    crown_move *moves = malloc(max * sizeof *moves);
    crown_move *played = malloc(100000 * sizeof *played);
    trng r = {seed};
    size_t n, nplayed = 0;
    /* First pass: play to the end, so the history reaches its length. */
    while (!terminal(g)) {
        OK(crown_legal_moves(g, moves, max, &n));
        played[nplayed] = moves[trng_below(&r, n)];
        OK(crown_apply(g, played[nplayed]));
        nplayed++;
        ck_assert_uint_lt(nplayed, 100000);
    }
    int undone = 0;
    while (crown_undo(g) == CROWN_OK)
        undone++;
    ck_assert_int_eq(undone, (int)nplayed);

    /* Second pass: the same game again, counting allocations. */
    long before = allocations;
    int failures = 0;
    for (size_t i = 0; i < nplayed; i++) {
        failures += crown_legal_moves(g, moves, max, &n) != CROWN_OK;
        failures += crown_apply(g, played[i]) != CROWN_OK;
    }
    for (size_t i = 0; i < nplayed; i++)
        failures += crown_undo(g) != CROWN_OK;
    for (size_t i = 0; i < nplayed; i++)
        failures += crown_apply(g, played[i]) != CROWN_OK;
    long during = allocations - before;
    ck_assert_int_eq(failures, 0);
    ck_assert_msg(during == 0, "%ld allocations in steady state (%s %s)", during, name, options);
    /* The counter works: cloning allocates. */
    crown_game *c;
    OK(crown_clone(&c, g));
    ck_assert_int_gt(allocations - before, 0);
    crown_free(c);
    free(moves);
    free(played);
    crown_free(g);
}

START_TEST(no_allocation_in_steady_state)
{
    for (uint64_t seed = 1; seed <= 20; seed++) {
        steady_state("game_of_kingdoms", "players=4,variant=ruthless", seed);
        steady_state("game_of_kingdoms", "players=2,chance=explicit", seed);
        steady_state("game_of_kingdoms", "players=6,games=3", seed);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("allocation");
    TCase *tc = tcase_create("steady state");
    tcase_add_test(tc, no_allocation_in_steady_state);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
