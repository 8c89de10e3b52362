/*
 * test_history.c - the history that clones share in place (lib/core/
 * history.c), through its internals:
 * - a clone copies no entry: it reads the chunk of the handle it was made
 *   from, and the handle goes on writing into it;
 * - the handle that undoes below where a clone reads and plays on starts a
 *   chunk of its own (the clone's game unchanged), and writes in place
 *   again once no one else holds the chunk;
 * - clones of clones, each playing on and undoing into the shared past,
 *   freed in every order, stay the games their moves make;
 * - the chain of chunks stays short (at most log2(n) + 2) in a tree of
 *   clones that each play on, and in a handle cloned after every move past
 *   the room of its first chunk.
 * Every game is checked against its saved text loaded again: the same
 * state, history and history texts, and undo back to the start through
 * the same states.
 */
#include "common.h"

#include "core/core.h"

/* assert_same_as_loaded (common.h), then undo g and its loaded copy
 * together to the start: the same state after every undo (the snapshots
 * in the chunks). */
static void check_undo_all(crown_game *g)
{
    assert_same_as_loaded(g);
    char *text = serialize(g);
    crown_game *l;
    OK(crown_deserialize(&l, text));
    free(text);
    for (;;) {
        uint64_t a, b;
        OK(crown_state_hash(g, &a));
        OK(crown_state_hash(l, &b));
        ck_assert_uint_eq(a, b);
        int rg = crown_undo(g), rl = crown_undo(l);
        ck_assert_int_eq(rg, rl);
        if (rg)
            break;
    }
    crown_free(l);
}

static size_t chain_length(const crown_game *g)
{
    size_t k = 0;
    for (const crown_chunk *c = g->top; c; c = c->parent)
        k++;
    return k;
}

static const char *const games[][2] = {
    {"game_of_kingdoms", "players=3"},
    {"game_of_kingdoms", "players=2,chance=explicit"},
    {"kings_blood", "players=3"},
    {"kings_family", "chance=explicit"},
    {"blood_bound", "players=7"},
};
#define NGAMES (int)(sizeof games / sizeof games[0])

/* Undoes up to n moves (fewer at the start); the number undone. */
static int undo_some(crown_game *g, int n)
{
    int k = 0;
    while (k < n && crown_undo(g) == CROWN_OK)
        k++;
    return k;
}

START_TEST(a_clone_copies_no_entry)
{
    crown_game *g = new_game(games[_i][0], games[_i][1], 3);
    trng r = {3};
    random_moves(g, 6, &r);
    crown_chunk *top = g->top;
    crown_game *c[8];
    for (int k = 0; k < 8; k++) {
        OK(crown_clone(&c[k], g));
        ck_assert_ptr_eq(c[k]->top, top); /* (the clone reads g's chunk) */
        random_moves(g, 1, &r);
        ck_assert_ptr_eq(g->top, top); /* (g writes on into it) */
    }
    for (int k = 0; k < 8; k++) {
        random_moves(c[k], 3, &r);
        assert_same_as_loaded(c[k]);
    }
    assert_same_as_loaded(g);
    for (int k = 0; k < 8; k++) {
        check_undo_all(c[k]);
        crown_free(c[k]);
    }
    check_undo_all(g);
    crown_free(g);
}
END_TEST

START_TEST(the_handle_undoes_below_a_clone_and_plays_on)
{
    crown_game *g = new_game(games[_i][0], games[_i][1], 5);
    trng r = {5};
    random_moves(g, 20, &r);
    crown_game *c;
    OK(crown_clone(&c, g));
    char *before = serialize(c);
    crown_chunk *top = g->top;
    int undone = undo_some(g, 5);
    ck_assert_int_gt(undone, 0);
    trng other = {55};
    random_moves(g, 8, &other);
    ck_assert_ptr_ne(g->top, top); /* (a chunk of its own: c reads the old one) */
    char *after = serialize(c);
    ck_assert_str_eq(before, after);
    assert_same_as_loaded(g);
    assert_same_as_loaded(c);
    /* Undo both into the shared past, and play on again. */
    undo_some(g, 12);
    undo_some(c, 3);
    random_moves(c, 4, &r);
    random_moves(g, 4, &other);
    assert_same_as_loaded(g);
    assert_same_as_loaded(c);
    crown_free(c);
    /* Once no one else reads it, the handle writes in place below where the
     * clone read. */
    OK(crown_clone(&c, g));
    crown_free(c);
    top = g->top;
    ck_assert_int_gt(undo_some(g, 3), 0);
    random_moves(g, 3, &other);
    ck_assert_ptr_eq(g->top, top);
    check_undo_all(g);
    free(before);
    free(after);
    crown_free(g);
}
END_TEST

/* Three handles: g, a clone of it and a clone of the clone, each playing
 * on and undoing into what they share; freed in the order `order` (a
 * permutation of 0, 1, 2), the others checked after each free. */
static void clones_of_clones(int gi, const int order[3])
{
    crown_game *h[3];
    h[0] = new_game(games[gi][0], games[gi][1], 9);
    trng r = {9};
    random_moves(h[0], 15, &r);
    OK(crown_clone(&h[1], h[0]));
    OK(crown_clone(&h[2], h[1]));
    ck_assert_ptr_eq(h[2]->top, h[0]->top);
    random_moves(h[1], 6, &r);
    crown_game *d; /* (a clone of a clone that has its own chunk: read in place) */
    OK(crown_clone(&d, h[1]));
    ck_assert_ptr_eq(d->top, h[1]->top);
    random_moves(h[2], 4, &r);
    undo_some(h[1], 9);
    random_moves(h[1], 3, &r);
    random_moves(h[0], 5, &r);
    undo_some(h[2], 7);
    random_moves(h[2], 2, &r);
    check_undo_all(d);
    crown_free(d);
    int alive[3] = {1, 1, 1};
    for (int k = 0; k < 3; k++) {
        crown_free(h[order[k]]);
        alive[order[k]] = 0;
        for (int j = 0; j < 3; j++)
            if (alive[j]) {
                assert_same_as_loaded(h[j]);
                random_moves(h[j], 2, &r);
                assert_same_as_loaded(h[j]);
            }
    }
}

START_TEST(clones_of_clones_freed_in_any_order)
{
    static const int orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                     {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int k = 0; k < 6; k++)
        clones_of_clones(_i, orders[k]);
}
END_TEST

static size_t log2_bound(size_t n)
{
    size_t b = 0;
    while (((size_t)1 << b) < n + 1)
        b++;
    return b + 2;
}

/* A tree of clones, each playing a move or a few after it was made while
 * its parent lives on: a chunk per clone, which the new chunks take in so
 * that the chain stays short. */
START_TEST(the_chain_of_a_tree_of_clones_stays_short)
{
    enum { MAX = 40 };
    crown_game *h[MAX];
    int live = 1;
    h[0] = new_game(games[_i][0], games[_i][1], 11);
    trng r = {11};
    size_t longest = 0;
    for (int op = 0; op < 400; op++) {
        int k = (int)trng_below(&r, (size_t)live);
        if (live < MAX && trng_below(&r, 4)) {
            OK(crown_clone(&h[live], h[k]));
            if (terminal(h[live]))
                undo_some(h[live], 4);
            random_moves(h[live], 1 + (int)trng_below(&r, 2), &r);
            k = live++;
        } else if (live > 1) {
            crown_free(h[k]);
            h[k] = h[--live];
            continue;
        }
        size_t n;
        OK(crown_history_length(h[k], &n));
        ck_assert_uint_le(chain_length(h[k]), log2_bound(n));
        longest = n > longest ? n : longest;
    }
    ck_assert_uint_gt(longest, 25);
    for (int i = 0; i < live; i++) {
        assert_same_as_loaded(h[i]);
        crown_free(h[i]);
    }
}
END_TEST

/* A handle cloned after every move, each clone kept, past the room of its
 * first chunk: full while shared, it goes on in a chunk twice as large. */
START_TEST(a_handle_cloned_after_every_move_outgrows_its_chunk)
{
    crown_game *g = new_game("game_of_kingdoms", "players=6,games=5", 13);
    trng r = {13};
    enum { KEPT = 64 };
    crown_game *kept[KEPT] = {0};
    size_t n = 0;
    int moves = 0;
    while (n < 700 && !terminal(g)) {
        random_moves(g, 1, &r);
        crown_game *c;
        OK(crown_clone(&c, g));
        crown_free(kept[moves % KEPT]);
        kept[moves % KEPT] = c;
        moves++;
        OK(crown_history_length(g, &n));
        ck_assert_uint_le(chain_length(g), 3);
    }
    ck_assert_uint_ge(n, 700);
    for (int k = 0; k < KEPT; k++)
        if (k % 8 == 0)
            assert_same_as_loaded(kept[k]);
    check_undo_all(kept[0]);
    check_undo_all(g);
    for (int k = 0; k < KEPT; k++)
        crown_free(kept[k]);
    crown_free(g);
}
END_TEST

/* The legal list of g's state against the list of the game its save
 * loads into (a handle that never listed). */
static void assert_list_as_loaded(crown_game *g)
{
    static crown_move a[CROWN_MAX_MOVES_HINT], b[CROWN_MAX_MOVES_HINT];
    char *text = serialize(g);
    crown_game *l;
    OK(crown_deserialize(&l, text));
    size_t n, nl;
    OK(crown_legal_moves(g, a, CROWN_MAX_MOVES_HINT, &n));
    OK(crown_legal_moves(l, b, CROWN_MAX_MOVES_HINT, &nl));
    ck_assert_uint_eq(n, nl);
    ck_assert(memcmp(a, b, n * sizeof *a) == 0);
    crown_free(l);
    free(text);
}

/* A move of g's state drawn with r, found without listing on g nor
 * writing its list's memory (on a clone, which lists only its own). */
static crown_move a_legal_move(crown_game *g, trng *r)
{
    static crown_move m[CROWN_MAX_MOVES_HINT];
    crown_game *c;
    OK(crown_clone(&c, g));
    size_t n;
    OK(crown_legal_moves(c, m, CROWN_MAX_MOVES_HINT, &n));
    ck_assert_uint_gt(n, 0);
    crown_free(c);
    return m[trng_below(r, n)];
}

/* The list a handle keeps over an apply and its undo (lib/core: `kept`):
 * random sequences of listing, applying (with and without listing
 * first), undoing one to three moves, playouts and texts (which reuse the
 * list's memory), clones and copies; at every listing, g's list is the
 * loaded game's.  An undo straight back to a listed state lists nothing
 * (it is the point), and does. */
START_TEST(a_list_kept_over_an_apply_and_its_undo_is_the_state_s)
{
    static const char *const sets[][2] = {
        {"game_of_kingdoms", "players=3"},
        {"game_of_kingdoms", "players=2,chance=explicit"},
        {"kings_family", ""},
        {"kings_blood", "players=3"},
        {"kings_blood", "players=2,advanced=on,chance=explicit"},
        {"blood_bound", "players=7"},
    };
    const char *name = sets[_i][0], *options = sets[_i][1];
    trng r = {100 + (uint64_t)_i};
    int reused = 0;
    int ngames = scaled(10) < 4 ? 4 : scaled(10); /* (not fewer under valgrind) */
    for (int game = 0; game < ngames; game++) {
        crown_game *g = new_game(name, options, (uint64_t)game);
        crown_game *other = new_game(name, options, (uint64_t)game + 50);
        for (int step = 0; step < 200 && !terminal(g); step++) {
            switch (trng_below(&r, 9)) {
            case 0:
            case 1:
                assert_list_as_loaded(g);
                break;
            case 2: /* a move applied without listing it on g */
                OK(crown_apply(g, a_legal_move(g, &r)));
                break;
            case 3: { /* listed, then applied: the list is kept */
                crown_move m[CROWN_MAX_MOVES_HINT];
                size_t n;
                /* (a game that checks moves without listing lists straight
                 * into a buffer with room for the most moves, and keeps
                 * nothing: half the time a smaller one) */
                size_t cap = g->rules->is_legal && trng_below(&r, 2) ? 200 : CROWN_MAX_MOVES_HINT;
                OK(crown_legal_moves(g, m, cap, &n));
                OK(crown_apply(g, m[trng_below(&r, n)]));
                break;
            }
            case 4: { /* one to three moves undone */
                int undos = 1 + (int)trng_below(&r, 3);
                for (int u = 0; u < undos && crown_undo(g) == CROWN_OK; u++)
                    ;
                reused += g->legal_valid;
                break;
            }
            case 5: {
                double ret[16];
                size_t k;
                OK(crown_playout(g, (uint64_t)step, ret, 16, &k));
                break;
            }
            case 6: {
                crown_move m = a_legal_move(g, &r), back;
                char t[256];
                size_t len;
                OK(crown_move_to_text(g, m, t, sizeof t, &len));
                OK(crown_move_from_text(g, t, &back));
                ck_assert_int_eq(back, m);
                break;
            }
            case 7: {
                crown_game *c;
                OK(crown_clone(&c, g));
                crown_free(g);
                g = c;
                break;
            }
            default:
                if (!terminal(other))
                    random_moves(other, 3, &r);
                OK(crown_copy(g, other));
                break;
            }
        }
        assert_list_as_loaded(g);
        crown_free(other);
        crown_free(g);
    }
    ck_assert_int_gt(reused, 0);
}
END_TEST

/* The kept list is forgotten when the history goes below its state: in
 * games that check a move without listing (is_legal), a handle listed at
 * P, applied, undone below P, played back to P's length by other moves
 * without listing, then one more, undone: the list is that new state's. */
START_TEST(an_undo_below_a_kept_list_forgets_it)
{
    static const char *const sets[][2] = {
        /* (chance=explicit: every move one history entry, so that the
         * history comes back to P's length) */
        {"game_of_kingdoms", "players=3,chance=explicit"},
        {"blood_bound", "players=7,chance=explicit"},
    };
    trng r = {7};
    int differed = 0;
    for (int round = 0; round < 40; round++) {
        crown_game *g = new_game(sets[round % 2][0], sets[round % 2][1], (uint64_t)round);
        random_moves(g, 4 + round % 5, &r);
        crown_move m[CROWN_MAX_MOVES_HINT], before[CROWN_MAX_MOVES_HINT];
        size_t n, nb;
        /* Listed at P, in the handle's memory (a buffer with room for
         * fewer than the most moves: not straight into it). */
        OK(crown_legal_moves(g, before, 200, &nb));
        ck_assert_int_eq(g->legal_valid, 1);
        OK(crown_apply(g, before[0]));
        ck_assert_int_eq(crown_undo(g), CROWN_OK);
        ck_assert_int_eq(g->legal_valid, 1); /* (back at P: its list kept) */
        ck_assert_int_eq(crown_undo(g), CROWN_OK); /* below P */
        for (int k = 0; k < 2 && !terminal(g); k++)
            OK(crown_apply(g, a_legal_move(g, &r))); /* back to P's length, and one more */
        if (terminal(g) || crown_undo(g) != CROWN_OK) {
            crown_free(g);
            continue;
        }
        ck_assert_int_eq(g->legal_valid, 0);
        OK(crown_legal_moves(g, m, CROWN_MAX_MOVES_HINT, &n));
        differed += n != nb || memcmp(m, before, n * sizeof *m) != 0;
        assert_list_as_loaded(g);
        crown_free(g);
    }
    ck_assert_int_gt(differed, 5);
    /* The same when the game starts again (crown_game_restart, a batch's
     * next episode): its history is gone. */
    crown_game *g = new_game("game_of_kingdoms", "players=3,chance=explicit", 1);
    random_moves(g, 6, &r);
    crown_move m[CROWN_MAX_MOVES_HINT];
    size_t n, len;
    OK(crown_legal_moves(g, m, 200, &n));
    OK(crown_apply(g, m[0]));
    OK(crown_history_length(g, &len));
    crown_err err;
    OK(crown_game_restart(g, 99, &err));
    for (size_t k = 0; k < len && !terminal(g); k++)
        OK(crown_apply(g, a_legal_move(g, &r)));
    OK(crown_undo(g));
    ck_assert_int_eq(g->legal_valid, 0);
    assert_list_as_loaded(g);
    crown_free(g);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("history");
    TCase *tc = test_case("shared in place");
    tcase_add_loop_test(tc, a_clone_copies_no_entry, 0, NGAMES);
    tcase_add_loop_test(tc, the_handle_undoes_below_a_clone_and_plays_on, 0, NGAMES);
    tcase_add_loop_test(tc, clones_of_clones_freed_in_any_order, 0, NGAMES);
    tcase_add_loop_test(tc, the_chain_of_a_tree_of_clones_stays_short, 0, NGAMES);
    tcase_add_test(tc, a_handle_cloned_after_every_move_outgrows_its_chunk);
    tcase_add_loop_test(tc, a_list_kept_over_an_apply_and_its_undo_is_the_state_s, 0, 6);
    tcase_add_test(tc, an_undo_below_a_kept_list_forgets_it);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
