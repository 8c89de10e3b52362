/*
 * test_conformance.c - one suite, run on every registered game and option
 * set: random play with invariants checked after every move.
 *
 * After every move: the game's own consistency check (cards conserved, ...);
 * legal moves sorted, distinct, within the declared bound, with unique texts
 * that parse back; chance probabilities summing to 1; an illegal move
 * rejected with the state unchanged; undo restoring the exact previous state
 * and re-applying giving the exact same next state.  In every fourth game
 * after every move, and in the others at one random point and at the end:
 * save/load round-trip, clone equality, and resampling that keeps the
 * viewer's observation (so the observation shows nothing hidden).  At
 * the end: undo back to the start, and a replay of the history on a fresh
 * explicit-chance game reaching the same state.
 *
 * Usage: test-conformance [CONFIG-INDEX [END]]  (no argument: every config;
 *        with END, configs CONFIG-INDEX..END-1)
 *        test-conformance --expect-configs N  (checks the count, runs the coverage test)
 */
#include <math.h>
#include <stdio.h>

#include "common.h"
#include "core/core.h"
#include "kingsblood/blood/blood.h"
#include "kingsblood/family/family.h"

typedef struct config {
    const char *game;
    const char *options;
    int games; /* random games to play (before CROWN_TEST_SCALE) */
} config;

static const config configs[] = {
    {"game_of_kingdoms", "players=2,variant=basic", 1000},
    {"game_of_kingdoms", "players=2,variant=ruthless", 1000},
    {"game_of_kingdoms", "players=3,variant=basic", 1000},
    {"game_of_kingdoms", "players=3,variant=ruthless", 1000},
    {"game_of_kingdoms", "players=4,variant=basic", 1000},
    {"game_of_kingdoms", "players=4,variant=ruthless", 1000},
    {"game_of_kingdoms", "players=5,variant=basic", 1000},
    {"game_of_kingdoms", "players=5,variant=ruthless", 1000},
    {"game_of_kingdoms", "players=6,variant=basic", 1000},
    {"game_of_kingdoms", "players=6,variant=ruthless", 1000},
    {"game_of_kingdoms", "players=4,variant=ruthless,chance=explicit", 300},
    {"game_of_kingdoms", "players=3,games=4", 300},
    {"game_of_kingdoms", "players=5,variant=ruthless,games=3,later_lead=left_of_dealer", 300},
    {"game_of_kingdoms", "players=3,variant=ruthless,max_bouts=4,games=2", 300},
    {"kings_family", "", 1000},
    {"kings_family", "sibling_effects=every,events=optional", 1000},
    {"kings_family", "chance=explicit", 300},
    {"kings_family", "deck=B1m B1f B2m B2f-skip B3m B3f B5m-reverse B5f B8m B8f-draw3 "
                     "Y1m Y1f Y2m Y3f Y8f-draw3 G1m G1f R1m R1f R2f-skip assassination "
                     "exile new-connection new-connection enthronement", 1000},
    /* Mostly Events: endless without the move limit, long chains of forced
     * Events and exhausted piles. */
    {"kings_family", "max_moves=300,deck=B1m B1f B2f-skip B5m-reverse Y1m Y1f R8f-draw3 "
                     "exile exile exile exile exile exile exile exile assassination "
                     "assassination assassination new-connection new-connection "
                     "new-connection new-connection new-connection new-connection "
                     "new-connection new-connection enthronement enthronement", 1000},
    {"kings_blood", "players=2", 1000},
    {"kings_blood", "players=3", 1000},
    {"kings_blood", "players=4", 1000},
    {"kings_blood", "players=5", 1000},
    {"kings_blood", "players=6", 1000},
    {"kings_blood", "players=3,advanced=on", 1000},
    {"kings_blood", "players=5,advanced=on,scoring=B", 1000},
    {"kings_blood", "players=2,advanced=on,two_player_reverse=skip", 1000},
    {"kings_blood", "players=4,advanced=on,chance=explicit", 300},
    {"kings_blood", "players=3,match=on,target=60", 300},
    {"kings_blood", "players=4,advanced=on,match=on,scoring=B,target=40,event_points=5", 300},
    {"kings_blood", "players=3,max_turns=40,match=on", 300},
    /* A small deck: reshuffles, passes, restarts and no founder. */
    {"kings_blood", "players=4,advanced=on,deck=B1m B1f B2f-skip B5m-reverse B8f-draw3 Y1m "
                    "Y1f Y8f-draw3 R1m R5m-reverse assassination assassination exile exile "
                    "new-connection new-connection enthronement enthronement", 1000},
    {"blood_bound", "players=6", 1000},
    {"blood_bound", "players=7", 1000},
    {"blood_bound", "players=8", 1000},
    {"blood_bound", "players=9", 1000},
    {"blood_bound", "players=10", 1000},
    {"blood_bound", "players=11", 1000},
    {"blood_bound", "players=12", 1000},
    {"blood_bound", "players=9,chance=explicit", 300},
    {"blood_bound", "players=7,max_turns=12", 300},
};
#define NCONFIGS (int)(sizeof configs / sizeof configs[0])

/* One game in FULL_EVERY runs the expensive checks after every move. */
#define FULL_EVERY 4
#define MAX_STEPS 20000


static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* ---- a reference for the Genealogy's Active cards ---------------------
 * An independent formulation of RULINGS 1.2 on half-card cells: a card at x
 * fills cells x and x+1 of its row. */
static int cell_taken(const genealogy *gn, int row, int cell, int except)
{
    GN_FOR(&gn->present, c)
        if (c != except && gn->row[c] == row && (gn->x[c] == cell || gn->x[c] + 1 == cell))
            return 1;
    return 0;
}

static int reference_active(const genealogy *gn, int t)
{
    int r = gn->row[t], x = gn->x[t];
    if (cell_taken(gn, r + 1, x, -1) || cell_taken(gn, r + 1, x + 1, -1))
        return 0; /* something lies on top of it */
    /* Right: cells x+2, x+3 for the new card and x+4 (nothing may touch it
     * from beyond); its child fills cells x+1, x+2 of the row below. */
    int right = !cell_taken(gn, r, x + 2, t) && !cell_taken(gn, r, x + 3, t) &&
                !cell_taken(gn, r, x + 4, t) && !cell_taken(gn, r + 1, x + 1, -1) &&
                !cell_taken(gn, r + 1, x + 2, -1);
    int left = !cell_taken(gn, r, x - 3, t) && !cell_taken(gn, r, x - 2, t) &&
               !cell_taken(gn, r, x - 1, t) && !cell_taken(gn, r + 1, x - 1, -1) &&
               !cell_taken(gn, r + 1, x, -1);
    return left || right;
}

/* Game-specific invariants beyond the game's own check. */
static void check_extra(crown_game *g)
{
    const genealogy *gn = NULL;
    if (strcmp(crown_name(g), "kings_family") == 0)
        gn = &((const kf_state *)crown_internal_state(g))->gn;
    if (strcmp(crown_name(g), "kings_blood") == 0)
        gn = &((const kbg_state *)crown_internal_state(g))->gn;
    if (gn) {
        gn_set active = gn_active_set(gn);
        GN_FOR(&gn->present, c)
            ck_assert_msg(gn_set_has(&active, c) == reference_active(gn, c),
                          "card %d: Active flag differs from the definition", c);
    }
}

static void check_state_sound(crown_game *g)
{
    char msg[256];
    int rc = crown_internal_check(g, msg, sizeof msg);
    ck_assert_msg(rc == 0, "inconsistent state: %s", msg);
}

static void assert_same_state(crown_game *a, crown_game *b, const char *what)
{
    size_t ss = crown_internal_state_size(a);
    ck_assert_uint_eq(ss, crown_internal_state_size(b));
    ck_assert_msg(memcmp(crown_internal_state(a), crown_internal_state(b), ss) == 0,
                  "%s: states differ", what);
    uint64_t ha, hb;
    OK(crown_state_hash(a, &ha));
    OK(crown_state_hash(b, &hb));
    ck_assert_uint_eq(ha, hb);
}

/* Legal moves: sorted, distinct, bounded, texts unique (case-insensitive,
 * as parsing is) and parsing back; all of them or one at random. */
static void check_moves(crown_game *g, const crown_move *moves, size_t n, int all, trng *r)
{
    size_t max;
    OK(crown_max_moves(g, &max));
    ck_assert_uint_le(n, max);
    for (size_t i = 1; i < n; i++)
        ck_assert_msg(moves[i - 1] < moves[i], "legal moves not sorted and distinct");
    char **texts = malloc((n ? n : 1) * sizeof *texts);
    for (size_t i = 0; i < n; i++) {
        size_t len;
        ck_assert_int_eq(crown_move_to_text(g, moves[i], NULL, 0, &len), CROWN_ETOOSMALL);
        texts[i] = malloc(len + 1);
        OK(crown_move_to_text(g, moves[i], texts[i], len + 1, &len));
        ck_assert_uint_eq(strlen(texts[i]), len);
        for (char *p = texts[i]; *p; p++)
            *p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
    }
    qsort(texts, n, sizeof *texts, cmp_str);
    for (size_t i = 1; i < n; i++)
        ck_assert_msg(strcmp(texts[i - 1], texts[i]) != 0, "two moves read '%s'", texts[i]);
    for (size_t i = 0; i < n; i++)
        free(texts[i]);
    free(texts);
    size_t lo = all ? 0 : trng_below(r, n), hi = all ? n : lo + 1;
    for (size_t i = lo; i < hi; i++) {
        char t[256];
        size_t len;
        crown_move back;
        OK(crown_move_to_text(g, moves[i], t, sizeof t, &len));
        OK(crown_move_from_text(g, t, &back));
        ck_assert_int_eq(back, moves[i]);
    }
}

static void check_chance(crown_game *g, const crown_move *moves, size_t n)
{
    crown_move *m2 = malloc(n * sizeof *m2);
    double *pr = malloc(n * sizeof *pr);
    size_t n2;
    OK(crown_chance_outcomes(g, m2, pr, n, &n2));
    ck_assert_uint_eq(n2, n);
    double sum = 0;
    for (size_t i = 0; i < n; i++) {
        ck_assert_int_eq(m2[i], moves[i]);
        ck_assert(pr[i] > 0);
        sum += pr[i];
    }
    ck_assert_double_eq_tol(sum, 1.0, 1e-9);
    /* The handle's draw without listing: its elementary events give each
     * outcome its probability. */
    const crown_rules *r = g->rules;
    if (r->chance_nth) {
        const void *st = crown_internal_state(g);
        size_t count = r->chance_count(g->config, st);
        ck_assert_uint_gt(count, 0);
        double *tally = calloc(n, sizeof *tally);
        for (size_t k = 0; k < count; k++) {
            crown_move o = r->chance_nth(g->config, st, k);
            size_t i = 0;
            while (i < n && m2[i] != o)
                i++;
            ck_assert_msg(i < n, "elementary event %zu gives %ld, not an outcome", k, (long)o);
            tally[i] += 1.0 / (double)count;
        }
        for (size_t i = 0; i < n; i++)
            ck_assert_double_eq_tol(tally[i], pr[i], 1e-9);
        free(tally);
    }
    free(m2);
    free(pr);
}

/* Save/load, clone and resample of the current state. */
static void check_copies(crown_game *g, int players, trng *r)
{
    char *text = serialize(g);
    crown_game *back = NULL;
    char err[256] = "";
    int rc = crown_deserialize_ex(&back, text, err, sizeof err);
    ck_assert_msg(rc == CROWN_OK, "deserialize: %s\n%s", err, text);
    assert_same_state(g, back, "save/load");
    size_t n1, n2;
    OK(crown_history_length(g, &n1));
    OK(crown_history_length(back, &n2));
    ck_assert_uint_eq(n1, n2);
    char *text2 = serialize(back);
    ck_assert_str_eq(text, text2);
    free(text2);
    crown_free(back);
    free(text);

    crown_game *c = NULL;
    OK(crown_clone(&c, g));
    assert_same_state(g, c, "clone");
    char *o1 = serialize(g), *o2 = serialize(c);
    ck_assert_str_eq(o1, o2);
    free(o1);
    free(o2);
    crown_free(c);

    /* Resample for a random seat or the spectator. */
    int viewer = (int)trng_below(r, (size_t)players + 1);
    if (viewer == players)
        viewer = CROWN_SPECTATOR;
    crown_game *d = NULL;
    rc = crown_resample(g, viewer, trng_next(r), &d);
    ck_assert_msg(rc == CROWN_OK, "resample: %s", crown_last_error(g));
    check_state_sound(d);
    char *v1 = observe(g, viewer), *v2 = observe(d, viewer);
    ck_assert_msg(strcmp(v1, v2) == 0, "viewer %d sees a difference:\n%s\n---\n%s", viewer, v1,
                  v2);
    if (strncmp(crown_name(g), "kings_", 6) == 0) {
        /* The King's Blood views fit an 80-column terminal. */
        for (const char *line = v1; *line;) {
            const char *end = strchr(line, '\n');
            size_t len = end ? (size_t)(end - line) : strlen(line);
            ck_assert_msg(len <= 80, "a line of %zu columns:\n%s", len, v1);
            line += len + (end ? 1 : 0);
        }
    }
    free(v1);
    free(v2);
    int p1 = current(g), p2 = current(d);
    ck_assert_int_eq(p1, p2);
    crown_free(d);
}

static int listed(const crown_move *moves, size_t n, crown_move m)
{
    /* (the list is sorted) */
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (moves[mid] == m)
            return 1;
        if (moves[mid] < m)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* A game's is_legal hook (the check apply makes without listing) says yes
 * to exactly the listed moves: each of them, its neighbours, the ids one
 * bit away from it (another seat or card in a field of the id), random
 * ids, and with `all` every id up to 5000. */
static void check_is_legal(crown_game *g, const crown_move *moves, size_t n, int all, trng *r)
{
    if (crown_internal_is_legal(g, 0) < 0)
        return;
    /* One assertion at the end: Check records every assertion it makes. */
    crown_move wrong = 0;
    int bad = 0;
    for (size_t k = 0; k < n && !bad; k++)
        for (crown_move d = -1; d <= 1 && !bad; d++)
            if (crown_internal_is_legal(g, moves[k] + d) != listed(moves, n, moves[k] + d))
                bad = 1, wrong = moves[k] + d;
    for (size_t k = 0; k < n && !bad; k++)
        for (int b = 0; b < 31 && !bad; b++) {
            crown_move m = moves[k] ^ (crown_move)(1u << b);
            if (crown_internal_is_legal(g, m) != listed(moves, n, m))
                bad = 1, wrong = m;
        }
    for (int i = 0; i < 32 && !bad; i++) {
        crown_move m = (crown_move)trng_below(r, 5200) - 100;
        if (i == 0)
            m = (crown_move)(trng_below(r, 1u << 30) | 1u << 30);
        if (i == 1)
            m = -(crown_move)trng_below(r, 1u << 30) - 1;
        if (crown_internal_is_legal(g, m) != listed(moves, n, m))
            bad = 1, wrong = m;
    }
    if (all) /* the list is sorted */
        for (crown_move m = -1, k = 0; m < 5000 && !bad; m++) {
            while (k < (crown_move)n && moves[k] < m)
                k++;
            if (crown_internal_is_legal(g, m) != (k < (crown_move)n && moves[k] == m))
                bad = 1, wrong = m;
        }
    ck_assert_msg(!bad, "is_legal(%ld) is %d, but the move is%s listed", (long)wrong,
                  crown_internal_is_legal(g, wrong), listed(moves, n, wrong) ? "" : " not");
}

static void play_one(const config *cf, uint64_t seed, int full)
{
    crown_game *g = new_game(cf->game, cf->options, seed);
    trng r = {seed * 7919 + 17};
    int players;
    OK(crown_num_players(g, &players));
    size_t ss = crown_internal_state_size(g), max;
    OK(crown_max_moves(g, &max));
    ck_assert_uint_le(max, CROWN_MAX_MOVES_HINT); /* the header's promise */
    unsigned char *start = malloc(ss), *before = malloc(ss), *after = malloc(ss);
    memcpy(start, crown_internal_state(g), ss);
    size_t hist_start;
    OK(crown_history_length(g, &hist_start));
    crown_move *moves = malloc(max * sizeof *moves);
    int step;
    int spot = (int)trng_below(&r, 150);

    for (step = 0;; step++) {
        ck_assert_msg(step < MAX_STEPS, "the game does not end");
        check_state_sound(g);
        check_extra(g);
        int p = current(g);
        size_t n;
        OK(crown_legal_moves(g, moves, max, &n));
        if (p == CROWN_TERMINAL) {
            ck_assert_uint_eq(n, 0);
            break;
        }
        ck_assert_uint_gt(n, 0);
        ck_assert(p == CROWN_CHANCE || (p >= 0 && p < players));
        check_moves(g, moves, n, full, &r);
        check_is_legal(g, moves, n, full || step == spot, &r);
        if (p == CROWN_CHANCE)
            check_chance(g, moves, n);
        else
            ck_assert_int_eq(crown_chance_outcomes(g, NULL, NULL, 0, &n), CROWN_ESTATE);
        if (full || step == spot)
            check_copies(g, players, &r);

        crown_move m = moves[trng_below(&r, n)];
        size_t h0;
        OK(crown_history_length(g, &h0));
        memcpy(before, crown_internal_state(g), ss);

        /* An illegal move is refused and changes nothing. */
        crown_move bad = (crown_move)trng_below(&r, 5000) - 100;
        if (!listed(moves, n, bad)) {
            ck_assert_int_eq(crown_apply(g, bad), CROWN_EILLEGAL);
            ck_assert(memcmp(before, crown_internal_state(g), ss) == 0);
        }

        OK(crown_apply(g, m));
        memcpy(after, crown_internal_state(g), ss);
        OK(crown_undo(g));
        ck_assert_msg(memcmp(before, crown_internal_state(g), ss) == 0, "undo is not exact");
        size_t h1;
        OK(crown_history_length(g, &h1));
        ck_assert_uint_eq(h0, h1);
        OK(crown_apply(g, m));
        ck_assert_msg(memcmp(after, crown_internal_state(g), ss) == 0,
                      "applying the same move again gives another state");
    }
    check_copies(g, players, &r);

    /* Results are finite numbers, one per seat. */
    double ret[16];
    size_t nret;
    OK(crown_returns(g, ret, 16, &nret));
    ck_assert_uint_eq(nret, (size_t)players);
    for (size_t i = 0; i < nret; i++)
        ck_assert(isfinite(ret[i]));

    /* The oracle: the history replayed on a fresh explicit-chance game. */
    size_t nh;
    OK(crown_history_length(g, &nh));
    crown_move *hist = malloc(nh * sizeof *hist);
    OK(crown_history(g, hist, nh, &nh));
    char opts[512];
    snprintf(opts, sizeof opts, "%s%schance=explicit", cf->options, cf->options[0] ? "," : "");
    if (strstr(cf->options, "chance=explicit"))
        snprintf(opts, sizeof opts, "%s", cf->options);
    crown_game *e = new_game(cf->game, opts, seed);
    for (size_t i = 0; i < nh; i++)
        ck_assert_msg(crown_apply(e, hist[i]) == CROWN_OK, "replay move %zu: %s", i,
                      crown_last_error(e));
    assert_same_state(g, e, "replay");
    crown_free(e);
    free(hist);

    /* Undo all the way back to the start. */
    while (crown_undo(g) == CROWN_OK)
        ;
    ck_assert(memcmp(start, crown_internal_state(g), ss) == 0);
    OK(crown_history_length(g, &nh));
    ck_assert_uint_eq(nh, strstr(cf->options, "chance=explicit") ? 0 : hist_start);

    free(moves);
    free(start);
    free(before);
    free(after);
    crown_free(g);
}

START_TEST(random_play)
{
    const config *cf = &configs[_i];
    int games = scaled(cf->games);
    for (int i = 0; i < games; i++)
        play_one(cf, (uint64_t)i * 1000003u + (uint64_t)_i, i % FULL_EVERY == 0);
}
END_TEST

/* Every registered game has at least one config here. */
START_TEST(every_game_covered)
{
    for (size_t i = 0; i < crown_game_count(); i++) {
        int found = 0;
        for (int k = 0; k < NCONFIGS; k++)
            found |= strcmp(configs[k].game, crown_game_name(i)) == 0;
        ck_assert_msg(found, "no conformance config for %s", crown_game_name(i));
    }
}
END_TEST

int main(int argc, char **argv)
{
    int lo = 0, hi = NCONFIGS;
    if (argc > 2 && strcmp(argv[1], "--expect-configs") == 0) {
        /* meson registers one test per config: keep its count honest. */
        if (atoi(argv[2]) != NCONFIGS) {
            fprintf(stderr, "tests/meson.build runs %s configs, this file has %d\n", argv[2],
                    NCONFIGS);
            return 1;
        }
        lo = hi = 0;
    } else if (argc > 1) {
        lo = atoi(argv[1]);
        hi = argc > 2 ? atoi(argv[2]) : lo + 1;
        if (lo < 0 || lo >= NCONFIGS || hi <= lo || hi > NCONFIGS) {
            fprintf(stderr, "config range out of bounds (0..%d)\n", NCONFIGS);
            return 2;
        }
    }
    Suite *s = suite_create("conformance");
    TCase *tc = test_case("random play");
    tcase_add_loop_test(tc, random_play, lo, hi);
    if (argc <= 1 || lo == hi)
        tcase_add_test(tc, every_game_covered);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
