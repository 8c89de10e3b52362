/*
 * test_search.c - the search (crown.h, "Search, for bots"): its parameters
 * (every one read, printed back, each mistake refused with its name); a
 * run's results (the root's legal moves, visits summing to the iterations,
 * the move chosen the most visited); determinism for a seed on one thread
 * and on T threads; the time limit; the trees reused where the game went
 * on and dropped where it did not; no cheating (two games a seat cannot
 * tell apart give the same statistics, in every game); every error a
 * status with a message, the game unchanged; and a search that beats
 * random play.
 */
#include <math.h>

#include "common.h"

/* The option sets searched: every game, small and large tables. */
static const struct {
    const char *game, *options;
} sets[] = {
    {"game_of_kingdoms", "players=2"},
    {"game_of_kingdoms", "players=4,variant=ruthless"},
    {"kings_family", ""},
    {"kings_blood", "players=2"},
    {"kings_blood", "players=4"},
    {"blood_bound", "players=8"},
};
#define NSETS (sizeof sets / sizeof sets[0])

static crown_search *new_search(const char *params)
{
    crown_search *s = NULL;
    char err[256] = "";
    int rc = crown_search_new(&s, params, err, sizeof err);
    ck_assert_msg(rc == CROWN_OK, "crown_search_new(%s): %s", params ? params : "NULL", err);
    return s;
}

/* Plays random moves until a seat is to move with at least two legal
 * moves, after at least `at_least` moves; 0 if the game ended first. */
static int to_a_choice(crown_game *g, int at_least, trng *r)
{
    for (int i = 0;; i++) {
        if (terminal(g))
            return 0;
        crown_move m[4096];
        size_t k;
        OK(crown_legal_moves(g, m, 4096, &k));
        if (i >= at_least && current(g) >= 0 && k >= 2)
            return 1;
        OK(crown_apply(g, m[trng_below(r, k)]));
    }
}

/* A run's statistics. */
typedef struct stats {
    crown_move move;
    size_t n;
    crown_move moves[4096];
    uint64_t visits[4096];
    double means[4096];
    uint64_t iterations, nodes;
} stats;

static void run(crown_search *s, crown_game *g, uint64_t seed, stats *st)
{
    int rc = crown_search_run(s, g, seed, &st->move);
    ck_assert_msg(rc == CROWN_OK, "crown_search_run: %s", crown_search_last_error(s));
    OK(crown_search_stats(s, st->moves, st->visits, st->means, 4096, &st->n));
    OK(crown_search_totals(s, &st->iterations, NULL, &st->nodes));
}

static int same_stats(const stats *a, const stats *b)
{
    return a->move == b->move && a->n == b->n && a->iterations == b->iterations &&
           memcmp(a->moves, b->moves, a->n * sizeof a->moves[0]) == 0 &&
           memcmp(a->visits, b->visits, a->n * sizeof a->visits[0]) == 0 &&
           memcmp(a->means, b->means, a->n * sizeof a->means[0]) == 0;
}

START_TEST(parameters_have_documented_defaults)
{
    crown_search *s = new_search(NULL);
    char text[512];
    size_t len;
    ck_assert_int_eq(crown_search_params(s, NULL, 0, &len), CROWN_ETOOSMALL);
    OK(crown_search_params(s, text, sizeof text, &len));
    ck_assert_str_eq(text, "iterations=1000,time=0,threads=1,exploration=0.7,"
                           "determinizations=64,playout=rule,reuse=1,nodes=4000000");
    ck_assert_uint_eq(len, strlen(text));
    ck_assert_int_eq(crown_search_params(s, text, len, &len), CROWN_ETOOSMALL);
    ck_assert_str_eq(text, "");
    crown_search_free(s);
    /* time alone: no iteration limit; both: both. */
    s = new_search(" time = 0.05 ");
    OK(crown_search_params(s, text, sizeof text, &len));
    ck_assert_str_eq(text, "iterations=0,time=0.05,threads=1,exploration=0.7,"
                           "determinizations=64,playout=rule,reuse=1,nodes=4000000");
    crown_search_free(s);
    s = new_search("iterations=50,time=1.5,threads=0,exploration=1.25,determinizations=16,"
                   "playout=uniform,reuse=0,nodes=100");
    OK(crown_search_params(s, text, sizeof text, &len));
    ck_assert_str_eq(text, "iterations=50,time=1.5,threads=0,exploration=1.25,"
                           "determinizations=16,playout=uniform,reuse=0,nodes=100");
    /* The canonical text reads back as itself. */
    crown_search *t = new_search(text);
    char again[512];
    OK(crown_search_params(t, again, sizeof again, &len));
    ck_assert_str_eq(text, again);
    crown_search_free(t);
    crown_search_free(s);
    s = new_search("");
    crown_search_free(s);
}
END_TEST

static const struct {
    const char *params, *says;
} bad_params[] = {
    {"depth=3", "unknown search parameter 'depth'"},
    {"iterations", "has no value"},
    {"iterations=10,iterations=20", "given twice"},
    {"iterations=-1", "iterations: '-1' is not a whole number"},
    {"iterations=1e3", "is not a whole number"},
    {"time=1,5", "unknown search parameter '5'"},
    {"time=abc", "time: 'abc' is not a decimal number"},
    {"time=86401", "from 0 to 86400"},
    {"time=.", "is not a decimal"},
    {"threads=257", "from 0 to 256"},
    {"exploration=101", "from 0 to 100"},
    {"determinizations=1000001", "from 0 to 1000000"},
    {"playout=greedy", "uniform or rule"},
    {"reuse=yes", "0 or 1"},
    {"nodes=0", "from 1 to 100000000"},
    {"iterations=0", "no limit"},
    {"iterations=0,time=0", "no limit"},
    {",", "an empty parameter"},
    {"iterations=5,", "an empty parameter"},
};

START_TEST(bad_parameters_are_refused_by_name)
{
    crown_search *s = (crown_search *)&s; /* (must be set to NULL) */
    char err[256];
    int rc = crown_search_new(&s, bad_params[_i].params, err, sizeof err);
    ck_assert_int_eq(rc, CROWN_EOPTION);
    ck_assert_ptr_null(s);
    ck_assert_msg(strstr(err, bad_params[_i].says), "%s: '%s'", bad_params[_i].params, err);
    ck_assert_int_eq(crown_search_new(NULL, "", err, sizeof err), CROWN_EINVAL);
    ck_assert_int_eq(crown_search_new(&s, "x", NULL, 0), CROWN_EOPTION);
}
END_TEST

START_TEST(a_run_reports_the_root)
{
    trng r = {(uint64_t)_i * 77 + 1};
    crown_game *g = new_game(sets[_i].game, sets[_i].options, 1000 + (uint64_t)_i);
    ck_assert(to_a_choice(g, 6, &r));
    crown_search *s = new_search("iterations=300,reuse=0");
    stats st;
    run(s, g, 5, &st);
    crown_move legal[4096];
    size_t n;
    OK(crown_legal_moves(g, legal, 4096, &n));
    ck_assert_uint_eq(st.n, n);
    ck_assert_int_eq(memcmp(st.moves, legal, n * sizeof *legal), 0);
    uint64_t sum = 0;
    size_t best = 0;
    for (size_t i = 0; i < n; i++) {
        sum += st.visits[i];
        if (st.visits[i] > st.visits[best])
            best = i;
        if (!st.visits[i])
            ck_assert(st.means[i] == 0);
    }
    ck_assert_uint_eq(st.iterations, 300);
    ck_assert_uint_eq(sum, 300);
    size_t chosen = 0;
    while (st.moves[chosen] != st.move)
        chosen++;
    ck_assert_uint_eq(st.visits[chosen], st.visits[best]);
    ck_assert(st.nodes > 1 && st.nodes <= 301);
    /* The means are returns of the seat: within the game's range. */
    for (size_t i = 0; i < n; i++)
        ck_assert(st.means[i] >= -12 && st.means[i] <= 1000);
    OK(crown_apply(g, st.move));
    crown_search_free(s);
    crown_free(g);
}
END_TEST

START_TEST(a_seed_gives_the_same_search)
{
    trng r = {(uint64_t)_i * 31 + 7};
    crown_game *g = new_game(sets[_i].game, sets[_i].options, 2000 + (uint64_t)_i);
    ck_assert(to_a_choice(g, 10, &r));
    for (int dets = 0; dets < 2; dets++) {
        const char *p = dets ? "iterations=200,determinizations=8" : "iterations=200,determinizations=0";
        crown_search *a = new_search(p), *b = new_search(p);
        stats x, y, z;
        run(a, g, 42, &x);
        run(b, g, 42, &y);
        ck_assert_msg(same_stats(&x, &y), "%s %s: the same seed, another search",
                      sets[_i].game, p);
        /* Another seed: another sample (the visits differ somewhere). */
        crown_search *c = new_search(p);
        run(c, g, 43, &z);
        ck_assert_uint_eq(z.iterations, 200);
        int differs = memcmp(x.visits, z.visits, x.n * sizeof x.visits[0]) != 0 ||
                      memcmp(x.means, z.means, x.n * sizeof x.means[0]) != 0;
        ck_assert_msg(differs, "%s: seeds 42 and 43 searched alike", sets[_i].game);
        crown_search_free(a);
        crown_search_free(b);
        crown_search_free(c);
    }
    crown_free(g);
}
END_TEST

START_TEST(threads_share_the_iterations_and_repeat)
{
    trng r = {(uint64_t)_i * 13 + 3};
    crown_game *g = new_game(sets[_i].game, sets[_i].options, 3000 + (uint64_t)_i);
    ck_assert(to_a_choice(g, 8, &r));
    crown_search *a = new_search("iterations=301,threads=3");
    crown_search *b = new_search("iterations=301,threads=3");
    stats x, y;
    run(a, g, 9, &x);
    run(b, g, 9, &y);
    ck_assert(same_stats(&x, &y));
    uint64_t sum = 0;
    for (size_t i = 0; i < x.n; i++)
        sum += x.visits[i];
    ck_assert_uint_eq(sum, 301);
    ck_assert_uint_eq(x.iterations, 301);
    crown_search_free(a);
    crown_search_free(b);
    /* threads=0: one per processor, the same total. */
    a = new_search("iterations=64,threads=0");
    run(a, g, 9, &x);
    ck_assert_uint_eq(x.iterations, 64);
    crown_search_free(a);
    crown_free(g);
}
END_TEST

START_TEST(a_time_limit_ends_a_run)
{
    crown_game *g = new_game("game_of_kingdoms", "players=3", 7);
    trng r = {5};
    ck_assert(to_a_choice(g, 4, &r));
    for (int threads = 1; threads <= 2; threads++) {
        char p[64];
        snprintf(p, sizeof p, "time=0.02,threads=%d", threads);
        crown_search *s = new_search(p);
        stats st;
        run(s, g, 1, &st);
        double seconds;
        OK(crown_search_totals(s, NULL, &seconds, NULL));
        /* No iteration limit: the clock ended it (a bound with room for a
         * loaded machine: this is not a timing test). */
        ck_assert(st.iterations >= 1);
        ck_assert(seconds >= 0.02 && seconds < 30);
        crown_search_free(s);
    }
    /* Both limits: the iterations end it first. */
    crown_search *s = new_search("time=60,iterations=50");
    stats st;
    run(s, g, 1, &st);
    ck_assert_uint_eq(st.iterations, 50);
    crown_search_free(s);
    crown_free(g);
}
END_TEST

/* The game a seat cannot tell from g: g resampled for it. */
static crown_game *twin(crown_game *g, int seat, uint64_t seed)
{
    crown_game *t;
    OK(crown_resample(g, seat, seed, &t));
    return t;
}

START_TEST(the_search_cannot_cheat)
{
    /* Two games whose hidden cards differ but whose information for the
     * seat to move is the same (the second a resample of the first for
     * it) give the same statistics for the same seed: on a fresh tree,
     * and on a reused one after more moves of both. */
    for (int k = 0; k < 4; k++) {
        trng r = {(uint64_t)_i * 1000 + (uint64_t)k};
        crown_game *g = new_game(sets[_i].game, sets[_i].options, 4000 + (uint64_t)k);
        if (!to_a_choice(g, 3 + 5 * k, &r)) {
            crown_free(g);
            continue;
        }
        int seat = current(g);
        crown_game *h = twin(g, seat, 99 + (uint64_t)k);
        char *vg = observe(g, seat), *vh = observe(h, seat);
        ck_assert_str_eq(vg, vh);
        free(vg);
        free(vh);
        crown_search *a = new_search("iterations=150"), *b = new_search("iterations=150");
        stats x, y;
        run(a, g, 11, &x);
        run(b, h, 11, &y);
        ck_assert_msg(same_stats(&x, &y), "%s: a search saw what seat %d may not",
                      sets[_i].game, seat);
        /* The same moves in both, on to the seat's next choice. */
        OK(crown_apply(g, x.move));
        OK(crown_apply(h, x.move));
        crown_free(h);
        h = NULL;
        int again = 0;
        for (int i = 0; i < 40 && !terminal(g); i++) {
            crown_move m[4096];
            size_t n;
            OK(crown_legal_moves(g, m, 4096, &n));
            if (current(g) == seat && n >= 2) {
                again = 1;
                break;
            }
            OK(crown_apply(g, m[trng_below(&r, n)]));
        }
        if (again) {
            h = twin(g, seat, 555);
            run(a, g, 12, &x);
            run(b, h, 12, &y);
            ck_assert_msg(same_stats(&x, &y), "%s: a reused tree saw what seat %d may not",
                          sets[_i].game, seat);
        }
        crown_free(h);
        crown_search_free(a);
        crown_search_free(b);
        crown_free(g);
    }
}
END_TEST

START_TEST(a_tree_is_reused_where_the_game_went_on)
{
    trng r = {(uint64_t)_i + 17};
    crown_game *g = new_game(sets[_i].game, sets[_i].options, 5000 + (uint64_t)_i);
    ck_assert(to_a_choice(g, 2, &r));
    int seat = current(g);
    crown_search *s = new_search("iterations=400");
    crown_search *fresh = new_search("iterations=400,reuse=0");
    stats x, y;
    run(s, g, 1, &x);
    OK(crown_apply(g, x.move));
    /* On to the seat's next choice. */
    int again = 0;
    for (int i = 0; i < 60 && !terminal(g); i++) {
        crown_move m[4096];
        size_t n;
        OK(crown_legal_moves(g, m, 4096, &n));
        if (current(g) == seat && n >= 2) {
            again = 1;
            break;
        }
        OK(crown_apply(g, m[trng_below(&r, n)]));
    }
    if (again) {
        run(s, g, 2, &x);
        run(fresh, g, 2, &y);
        ck_assert_uint_eq(y.iterations, 400);
        ck_assert(y.nodes <= 401);
        /* The kept subtree adds to the new iterations' nodes and visits. */
        uint64_t vx = 0, vy = 0;
        for (size_t i = 0; i < x.n; i++)
            vx += x.visits[i], vy += y.visits[i];
        ck_assert_uint_eq(vy, 400);
        ck_assert_msg(vx >= 400, "%s: reused %llu visits", sets[_i].game,
                      (unsigned long long)vx);
        /* Dropped by reset: as a fresh search. */
        OK(crown_search_reset(s));
        run(s, g, 2, &x);
        ck_assert(same_stats(&x, &y));
        /* A game that did not go on from it (another game): a new tree. */
        crown_game *o = new_game(sets[_i].game, sets[_i].options, 6000 + (uint64_t)_i);
        trng r2 = {3};
        if (to_a_choice(o, 5, &r2)) {
            crown_search *f2 = new_search("iterations=400,reuse=0");
            run(s, o, 3, &x);
            run(f2, o, 3, &y);
            ck_assert(same_stats(&x, &y));
            crown_search_free(f2);
        }
        crown_free(o);
    }
    crown_search_free(s);
    crown_search_free(fresh);
    crown_free(g);
}
END_TEST

START_TEST(a_single_legal_move_is_not_searched)
{
    /* King's Family: the first decision with one legal move. */
    for (uint64_t seed = 1; seed < 200; seed++) {
        crown_game *g = new_game("game_of_kingdoms", "players=2", seed);
        trng r = {seed};
        int found = 0;
        for (int i = 0; i < 300 && !terminal(g); i++) {
            crown_move m[4096];
            size_t n;
            OK(crown_legal_moves(g, m, 4096, &n));
            if (current(g) >= 0 && n == 1) {
                crown_search *s = new_search("iterations=100");
                stats st;
                run(s, g, 1, &st);
                ck_assert_int_eq(st.move, m[0]);
                ck_assert_uint_eq(st.n, 1);
                ck_assert_uint_eq(st.visits[0], 0);
                ck_assert_uint_eq(st.iterations, 0);
                crown_search_free(s);
                found = 1;
                break;
            }
            OK(crown_apply(g, m[trng_below(&r, n)]));
        }
        crown_free(g);
        if (found)
            return;
    }
    ck_abort_msg("no position with a single legal move found");
}
END_TEST

START_TEST(errors_are_statuses_and_change_nothing)
{
    crown_search *s = new_search("iterations=50");
    crown_game *g = new_game("game_of_kingdoms", "players=2", 1);
    crown_move m = 12345;
    ck_assert_int_eq(crown_search_run(NULL, g, 0, &m), CROWN_EINVAL);
    ck_assert_int_eq(crown_search_run(s, NULL, 0, &m), CROWN_EINVAL);
    ck_assert_str_eq(crown_search_last_error(s), "invalid argument: game is NULL");
    ck_assert_int_eq(crown_search_run(s, g, 0, NULL), CROWN_EINVAL);
    ck_assert_str_eq(crown_search_last_error(s), "invalid argument: move is NULL");
    ck_assert_int_eq(m, 12345);
    size_t len, count;
    ck_assert_int_eq(crown_search_stats(NULL, NULL, NULL, NULL, 0, &count), CROWN_EINVAL);
    ck_assert_int_eq(crown_search_stats(s, NULL, NULL, NULL, 0, NULL), CROWN_EINVAL);
    OK(crown_search_stats(s, NULL, NULL, NULL, 0, &count));
    ck_assert_uint_eq(count, 0);
    ck_assert_int_eq(crown_search_totals(NULL, NULL, NULL, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_search_reset(NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_search_params(NULL, NULL, 0, &len), CROWN_EINVAL);
    ck_assert_int_eq(crown_search_params(s, NULL, 0, NULL), CROWN_EINVAL);
    ck_assert_int_eq(crown_search_params(s, NULL, 5, &len), CROWN_EINVAL);
    ck_assert_str_eq(crown_search_last_error(NULL), "invalid argument: search is NULL");
    crown_search_free(NULL);

    /* A run, then a position it refuses: its results stay. */
    stats st;
    run(s, g, 1, &st);
    char *before = serialize(g);
    char *view = observe(g, 0);
    while (!terminal(g)) {
        crown_move legal[4096];
        size_t n;
        OK(crown_legal_moves(g, legal, 4096, &n));
        OK(crown_apply(g, legal[0]));
    }
    ck_assert_int_eq(crown_search_run(s, g, 0, &m), CROWN_ESTATE);
    ck_assert(strstr(crown_search_last_error(s), "the game is over"));
    ck_assert_int_eq(m, 12345);
    ck_assert_int_eq(crown_search_stats(s, NULL, NULL, NULL, 0, &count), CROWN_ETOOSMALL);
    ck_assert_uint_eq(count, st.n);
    crown_free(g);

    /* chance=explicit at a chance node. */
    g = new_game("game_of_kingdoms", "players=2,chance=explicit", 1);
    ck_assert_int_eq(current(g), CROWN_CHANCE);
    ck_assert_int_eq(crown_search_run(s, g, 0, &m), CROWN_ESTATE);
    ck_assert(strstr(crown_search_last_error(s), "chance node"));
    crown_free(g);

    /* The game searched is left as it was, even its message. */
    g = new_game("kings_blood", "players=3", 4);
    trng r = {4};
    ck_assert(to_a_choice(g, 5, &r));
    free(before);
    free(view);
    before = serialize(g);
    view = observe(g, CROWN_OMNISCIENT);
    ck_assert_int_eq(crown_apply(g, -7), CROWN_EILLEGAL);
    char msg[256];
    snprintf(msg, sizeof msg, "%s", crown_last_error(g));
    run(s, g, 1, &st);
    ck_assert_str_eq(crown_last_error(g), msg);
    char *after = serialize(g), *view2 = observe(g, CROWN_OMNISCIENT);
    ck_assert_str_eq(before, after);
    ck_assert_str_eq(view, view2);
    /* Stats into too small arrays. */
    crown_move few[1];
    ck_assert_int_eq(crown_search_stats(s, few, NULL, NULL, 1, &count), CROWN_ETOOSMALL);
    ck_assert_uint_eq(count, st.n);
    free(before);
    free(after);
    free(view);
    free(view2);
    crown_free(g);
    crown_search_free(s);
}
END_TEST

/* A full tree (nodes=1: the root alone) still adds the root's children:
 * every iteration is counted at the root (a finding of fuzz_search). */
START_TEST(a_full_tree_still_counts_the_root)
{
    crown_game *g = new_game("blood_bound", "players=6", 3);
    trng r = {3};
    ck_assert(to_a_choice(g, 10, &r));
    crown_search *s = new_search("iterations=50,nodes=1");
    stats st;
    run(s, g, 1, &st);
    uint64_t sum = 0;
    for (size_t i = 0; i < st.n; i++)
        sum += st.visits[i];
    ck_assert_uint_eq(sum, 50);
    ck_assert_uint_le(st.nodes, 1 + st.n);
    crown_search_free(s);
    crown_free(g);
}
END_TEST

/* The search against uniformly random play in two-player Game of
 * Kingdoms, seats alternating: it must win most games. */
START_TEST(a_search_beats_random_play)
{
    int wins = 0, games = 12;
    crown_search *s = new_search("iterations=300");
    for (int k = 0; k < games; k++) {
        crown_game *g = new_game("game_of_kingdoms", "players=2", 900 + (uint64_t)k);
        trng r = {(uint64_t)k};
        int me = k % 2;
        OK(crown_search_reset(s));
        while (!terminal(g)) {
            crown_move m[4096];
            size_t n;
            OK(crown_legal_moves(g, m, 4096, &n));
            crown_move pick = m[trng_below(&r, n)];
            if (current(g) == me) {
                stats st;
                run(s, g, (uint64_t)k, &st);
                pick = st.move;
            }
            OK(crown_apply(g, pick));
        }
        double ret[12];
        size_t c;
        OK(crown_returns(g, ret, 12, &c));
        wins += ret[me] > ret[1 - me];
        crown_free(g);
    }
    crown_search_free(s);
    ck_assert_msg(wins >= 9, "the search won %d of %d games against random play", wins, games);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("search");
    TCase *tc = test_case("search");
    tcase_add_test(tc, parameters_have_documented_defaults);
    tcase_add_loop_test(tc, bad_parameters_are_refused_by_name, 0,
                        (int)(sizeof bad_params / sizeof bad_params[0]));
    tcase_add_loop_test(tc, a_run_reports_the_root, 0, NSETS);
    tcase_add_loop_test(tc, a_seed_gives_the_same_search, 0, NSETS);
    tcase_add_loop_test(tc, threads_share_the_iterations_and_repeat, 0, NSETS);
    tcase_add_test(tc, a_time_limit_ends_a_run);
    tcase_add_loop_test(tc, the_search_cannot_cheat, 0, NSETS);
    tcase_add_loop_test(tc, a_tree_is_reused_where_the_game_went_on, 0, NSETS);
    tcase_add_test(tc, a_single_legal_move_is_not_searched);
    tcase_add_test(tc, errors_are_statuses_and_change_nothing);
    tcase_add_test(tc, a_full_tree_still_counts_the_root);
    tcase_add_test(tc, a_search_beats_random_play);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
